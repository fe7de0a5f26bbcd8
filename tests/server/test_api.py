"""``trfkit serve``'s API: each endpoint answers with the command line's
document for the same file and options; errors have the right status."""

from __future__ import annotations

import builtins
import io
import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, ROOT, corpus_params
from tests.server.serving import host, port, request, running
from trfkit.server import api
from trfkit.server.app import Server

SCRIPT_NAME = "<script>alert(1)</script>"


def _cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    """What the command line prints, run in fixtures/ so that the path it
    shows is the file's name, as the server shows an upload's."""
    return subprocess.run(
        [sys.executable, "-m", "trfkit.cli", *args], cwd=FIXTURES, capture_output=True, check=False
    )


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running(max_upload=2**20) as s:
        yield s


def _post(
    server: Server, path: str, name: str, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    data = (FIXTURES / name).read_bytes()
    sep = "&" if "?" in path else "?"
    return request(server, "POST", f"{path}{sep}name={name}", data, headers)


def script_file() -> bytes:
    """swiss-trf16.trf with player 3 named ``<script>alert(1)</script>``
    (columns 15-47 of its 001 line)."""
    lines = (FIXTURES / "swiss-trf16.trf").read_bytes().split(b"\n")
    i = next(i for i, line in enumerate(lines) if line.startswith(b"001    3 "))
    lines[i] = lines[i][:14] + SCRIPT_NAME.encode().ljust(33) + lines[i][47:]
    return b"\n".join(lines)


# -- the same documents as the command line -------------------------------------

CHECKED = [
    "swiss-trf16.trf",
    "bad-two-lines.trf",
    "team-trf26.trf",
    "latin1.trf",
    "roundrobin-8.trf",
]


@pytest.mark.parametrize("name", CHECKED)
def test_check_json_is_the_command_lines(server: Server, name: str) -> None:
    status, headers, body = _post(server, "/api/check", name)
    cli = _cli("check", "--format", "json", name)
    assert status == 200, body
    assert headers["Content-Type"] == "application/json"
    assert json.loads(body) == json.loads(cli.stdout)


def test_check_options_are_the_command_lines(server: Server) -> None:
    query = "?rules=fide-2009&type=round-robin&time_control=G/60&ignore=R501,R603&min_severity=info"
    status, _, body = _post(server, "/api/check" + query, "swiss-trf16.trf")
    cli = _cli(
        "check", "--format", "json", "--rules", "fide-2009", "--type", "round-robin",
        "--time-control", "G/60", "--ignore", "R501,R603", "swiss-trf16.trf",
    )  # fmt: skip
    assert status == 200, body
    got = json.loads(body)
    assert got == json.loads(cli.stdout)
    # The options were taken, not dropped: the document says so.
    assert got["files"][0]["rules"] == "fide-2009"
    assert got["files"][0]["type"] == "round-robin"
    assert not {"R501", "R603"} & {d["code"] for d in got["files"][0]["diagnostics"]}


@pytest.mark.parametrize("path", corpus_params())
def test_check_and_rate_json_of_real_files_are_the_command_lines(
    server: Server, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trfkit.cli import main

    for command, endpoint in (("check", "/api/check"), ("rate", "/api/rate")):
        status = main([command, "--format", "json", "--jobs", "1", str(path)])
        printed = capsys.readouterr().out
        code, _, body = request(server, "POST", f"{endpoint}?name={path.name}", path.read_bytes())
        if status == 2:  # a file the command line refuses, the server refuses too
            assert code == 400, body
            continue
        assert code == 200, body
        expected = json.loads(printed)
        if command == "check":
            expected["files"][0]["path"] = path.name
        assert json.loads(body) == expected, (command, path)


@pytest.mark.parametrize("fmt", ["text", "sarif"])
def test_check_other_formats_are_the_command_lines(server: Server, fmt: str) -> None:
    status, _, body = _post(server, f"/api/check?format={fmt}", "bad-two-lines.trf")
    assert status == 200
    assert body == _cli("check", "--format", fmt, "bad-two-lines.trf").stdout


@pytest.mark.parametrize("name", ["swiss-trf16.trf", "roundrobin-8.trf", "rating-chessa-rr8.trf"])
def test_rate_json_is_the_command_lines(server: Server, name: str) -> None:
    status, _, body = _post(server, "/api/rate", name)
    assert status == 200, body
    assert json.loads(body) == json.loads(_cli("rate", "--format", "json", name).stdout)


@pytest.mark.parametrize("fmt", ["csv", "text", "html"])
def test_rate_formats_are_the_command_lines(server: Server, fmt: str) -> None:
    status, headers, body = _post(
        server, f"/api/rate?format={fmt}&rules=fide-2022", "swiss-trf16.trf"
    )
    assert status == 200
    assert body == _cli("rate", "--format", fmt, "--rules", "fide-2022", "swiss-trf16.trf").stdout
    assert headers["Content-Type"] == api.MEDIA_TYPES[fmt]


@pytest.mark.parametrize(
    ("form", "fmt"),
    [
        ("1", "json"),
        ("2", "json"),
        ("summary", "json"),
        ("1", "html"),
        ("2", "csv"),
        ("all", "text"),
    ],
)
@pytest.mark.parametrize("name", ["swiss-trf16.trf", "roundrobin-8.trf"])
def test_report_is_the_command_lines(server: Server, name: str, form: str, fmt: str) -> None:
    status, headers, body = _post(server, f"/api/report?form={form}&format={fmt}", name)
    assert status == 200, body
    assert body == _cli("report", "--form", form, "--format", fmt, name).stdout
    assert headers["Content-Type"] == api.MEDIA_TYPES[fmt]


@pytest.mark.parametrize("fmt", ["json", "text", "csv", "html"])
def test_standings_are_the_command_lines(server: Server, fmt: str) -> None:
    query = f"?format={fmt}&tiebreaks=BH/C1,BH,SB,WIN&tiebreak_rules=c07-2023"
    status, headers, body = _post(server, "/api/standings" + query, "swiss-trf16.trf")
    assert status == 200, body
    cli = _cli(
        "standings", "--format", fmt, "--tiebreaks", "BH/C1,BH,SB,WIN",
        "--tiebreak-rules", "c07-2023", "swiss-trf16.trf",
    )  # fmt: skip
    assert body == cli.stdout
    assert headers["Content-Type"] == api.MEDIA_TYPES[fmt]


@pytest.mark.parametrize(("query", "args"), [
    ("", []), ("of=players", ["--players"]), ("primary=GP&format=text", ["--primary", "GP", "--format", "text"]),
])  # fmt: skip
def test_team_standings_are_the_command_lines(server: Server, query: str, args: list[str]) -> None:
    status, _, body = _post(server, "/api/standings?" + query, "team-trf26.trf")
    assert status == 200, body
    cli = _cli(
        "standings", *(args if "format" in query else ["--format", "json", *args]), "team-trf26.trf"
    )
    assert body == cli.stdout


def test_team_standings_of_an_individual_event_are_refused(server: Server) -> None:
    status, _, body = _post(server, "/api/standings?of=teams", "swiss-trf16.trf")
    assert status == 422 and json.loads(body)["error"].startswith("of: ")


def test_standings_refuse_an_unknown_tiebreak(server: Server) -> None:
    status, _, body = _post(server, "/api/standings?tiebreaks=BH,XYZ", "swiss-trf16.trf")
    assert status == 422
    assert "XYZ" in json.loads(body)["error"]


@pytest.mark.parametrize(("query", "args"), [
    ("format=json", ["--format", "json"]),
    ("format=text&rules=b01-2024", ["--format", "text", "--rules", "b01-2024"]),
    ("format=html&certificates=true", ["--format", "html", "--certificates"]),
    ("format=csv&exemption=1.4.3a", ["--format", "csv", "--exemption", "1.4.3a"]),
])  # fmt: skip
def test_norms_are_the_command_lines(server: Server, query: str, args: list[str]) -> None:
    status, headers, body = _post(server, "/api/norms?" + query, "roundrobin-8.trf")
    assert status == 200, body
    assert body == _cli("norms", *args, "roundrobin-8.trf").stdout
    assert headers["Content-Type"] == api.MEDIA_TYPES[query.split("&")[0].removeprefix("format=")]


def test_report_of_several_documents_wants_text(server: Server) -> None:
    status, _, body = _post(server, "/api/report?form=all&format=json", "swiss-trf16.trf")
    assert status == 422
    assert "ask for each" in json.loads(body)["error"]


@pytest.mark.parametrize("to", [None, "trf26", "trf16"])
def test_fmt_is_the_command_lines(server: Server, to: str | None) -> None:
    query = f"?to={to}" if to else ""
    status, _, body = _post(server, "/api/fmt" + query, "swiss-trf16.trf")
    assert status == 200
    assert body == _cli("fmt", *(["--to", to] if to else []), "swiss-trf16.trf").stdout
    if to == "trf26":
        assert b"\n042 2025/03/14" in body.replace(b"\r", b"")


def test_multipart_upload_is_shown_under_its_file_name(server: Server) -> None:
    data = (FIXTURES / "swiss-trf16.trf").read_bytes()
    boundary = "trfkitboundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="C:\\\\events\\\\swiss-trf16.trf"\r\nContent-Type: text/plain\r\n\r\n'
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    status, _, got = request(
        server, "POST", "/api/check", body,
        {"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )  # fmt: skip
    assert status == 200, got
    # The browser's path is cut to the file's name: it names nothing here.
    assert json.loads(got) == json.loads(
        _cli("check", "--format", "json", "swiss-trf16.trf").stdout
    )


# -- errors ------------------------------------------------------------------


def _error(body: bytes) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(body)
    assert set(data) == {"status", "error", "diagnostics"}
    return data


def test_no_trf_file_is_400_with_the_readers_p012(server: Server) -> None:
    # A ZIP archive (a .docx, say) is no TRF file: the command line exits 2.
    data = b"PK\x03\x04" + bytes(200)
    status, _, body = request(server, "POST", "/api/check?name=entries.docx", data)
    error = _error(body)
    assert status == 400 and error["status"] == 400
    assert [d["code"] for d in error["diagnostics"]] == ["P012"]
    assert error["diagnostics"][0]["line"] == 1
    assert error["error"].startswith("entries.docx: not a TRF file")
    for path in ("/api/rate", "/api/fmt"):
        assert request(server, "POST", path, data)[0] == 400


def _answer(s: socket.socket) -> tuple[str, bytes]:
    """The status line and headers, and the body, of an answer read from ``s``."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536) or b"\r\n\r\n"
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"Content-Length: (\d+)", head).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        body += s.recv(65536) or b" " * (length - len(body))
    return head.decode(), body


def test_upload_over_the_limit_is_refused_before_its_body_is_sent(server: Server) -> None:
    # Only the headers are sent: the answer comes without the body.
    with socket.create_connection(("127.0.0.1", port(server)), timeout=10) as s:
        s.sendall(
            b"POST /api/check HTTP/1.1\r\n"
            + host(server)
            + b"X-Trfkit: 1\r\nContent-Length: 83886080\r\n\r\n"
        )
        head, body = _answer(s)
    assert head.startswith("HTTP/1.1 413 ")
    assert "83886080 bytes, over the server's limit of 1048576" in _error(body)["error"]


def test_upload_over_the_limit_sent_whole_still_gets_its_answer(server: Server) -> None:
    status, _, body = request(server, "POST", "/api/check", bytes(3 * 2**20))
    assert status == 413 and _error(body)["status"] == 413
    assert request(server, "GET", "/api/meta")[0] == 200


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("rules=fide-1999", "unknown rule set 'fide-1999'; choose auto or one of fide-2002"),
        ("type=knockout", "type: 'knockout' is not one of swiss, round-robin"),
        ("time_control=ninety", "time_control 'ninety' not understood: at column"),
        ("ignore=X999", "ignore: no such code X999"),
        ("format=pdf", "format: 'pdf' is not one of json, text, sarif"),
        ("encoding=klingon", "unknown encoding 'klingon'"),
        # A codec of bytes (codecs.lookup knows it, bytes.decode refuses it):
        # it reached the reader and raised LookupError.
        ("encoding=rot13", "unknown encoding 'rot13': not a codec of text"),
        ("rule=fide-2024", "/api/check takes no rule; it takes rules, type"),
    ],
)
def test_bad_options_are_422(server: Server, query: str, said: str) -> None:
    status, _, body = _post(server, f"/api/check?{query}", "swiss-trf16.trf")
    assert status == 422
    assert said in _error(body)["error"]


def test_refusals_say_what_the_command_line_says(server: Server) -> None:
    _, _, body = _post(server, "/api/rate?rules=fide-1999", "swiss-trf16.trf")
    cli = _cli("rate", "--rules", "fide-1999", "swiss-trf16.trf")
    assert cli.returncode == 2
    assert cli.stderr.decode().strip() == "trfkit: " + _error(body)["error"]


def test_other_refusals(server: Server) -> None:
    assert request(server, "GET", "/api/check")[0] == 405
    assert request(server, "GET", "/nothing/here")[0] == 404
    assert request(server, "POST", "/api/nothing", b"x")[0] == 404
    # An empty file is no TRF file.
    assert request(server, "POST", "/api/check", b"")[0] == 400
    # A body without a length cannot be limited before it is read.
    for head in (b"", b"Transfer-Encoding: chunked\r\n"):
        with socket.create_connection(("127.0.0.1", port(server)), timeout=10) as s:
            s.sendall(
                b"POST /api/check HTTP/1.1\r\n" + host(server) + b"X-Trfkit: 1\r\n" + head + b"\r\n"
            )
            assert _answer(s)[0].startswith("HTTP/1.1 411 ")


# -- safe by default -----------------------------------------------------------


def test_every_answer_has_a_policy_allowing_only_its_own_assets(server: Server) -> None:
    for method, path in [("GET", "/"), ("GET", "/static/app.js"), ("GET", "/api/meta")]:
        _, headers, _ = request(server, method, path)
        policy = headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "script-src 'self';" in policy
        assert "unsafe-inline" not in policy and "http" not in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
    _, headers, body = _post(server, "/api/rate?format=html", "swiss-trf16.trf")
    policy = headers["Content-Security-Policy"]
    # Form 3's page has one style and one script of its own, allowed by hash.
    assert re.fullmatch(
        r"default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; "
        r"script-src 'sha256-[A-Za-z0-9+/=]+'; img-src 'self'; base-uri 'none'; "
        r"form-action 'none'; frame-ancestors 'self'",
        policy,
    ), policy
    assert body.count(b"<script>") == 1 and body.count(b"<style>") == 1


def test_a_players_script_name_is_text_everywhere(server: Server) -> None:
    data = script_file()
    status, _, body = request(server, "POST", "/api/rate?format=html", data)
    assert status == 200
    html = body.decode()
    assert SCRIPT_NAME not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    _, _, body = request(server, "POST", "/api/rate", data)
    # In JSON the name is a string like any other (JSON is not HTML).
    assert SCRIPT_NAME in [p["name"] for p in json.loads(body)["players"]]
    # The page itself never writes file text as HTML.
    script = (ROOT / "trfkit/server/static/app.js").read_text()
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script


def test_log_holds_method_path_status_size_and_time_only(monkeypatch: pytest.MonkeyPatch) -> None:
    log = io.StringIO()
    writes: list[str] = []
    real_open = builtins.open

    def watched_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+"):
            writes.append(str(file))
        return real_open(file, mode, *args, **kwargs)

    with running(log=log) as s:
        monkeypatch.setattr(builtins, "open", watched_open)
        status, _, _ = request(
            s, "POST", "/api/check?name=secret-event.trf&rules=fide-2024", script_file()
        )
        request(s, "POST", "/api/check?rules=nope", b"x")
        monkeypatch.undo()
    assert status == 200
    lines = log.getvalue().splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"POST /api/check 200 \d+ \d+ms", lines[0]), lines[0]
    assert re.fullmatch(r"POST /api/check 422 \d+ \d+ms", lines[1]), lines[1]
    assert writes == []  # nothing of the upload went to disk


def test_the_server_keeps_answering_after_malformed_and_slow_requests() -> None:
    with running(max_upload=2**20) as s:
        s.RequestHandlerClass.timeout = 0.5  # type: ignore[attr-defined]
        try:
            with socket.create_connection(("127.0.0.1", port(s)), timeout=10) as c:
                c.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
                assert _answer(c)[0].startswith("HTTP/1.1 400 ")
            # A client that promises a body and stalls half way.
            with socket.create_connection(("127.0.0.1", port(s)), timeout=10) as c:
                c.sendall(
                    b"POST /api/check HTTP/1.1\r\n"
                    + host(s)
                    + b"X-Trfkit: 1\r\nContent-Length: 5000\r\n\r\n012 "
                )
                assert _answer(c)[0].startswith("HTTP/1.1 408 ")
            # A client that sends half a request line and goes quiet.
            slow = socket.create_connection(("127.0.0.1", port(s)), timeout=10)
            slow.sendall(b"POST /api/ch")
            status, _, body = _post(s, "/api/check", "swiss-trf16.trf")
            assert status == 200 and json.loads(body)["summary"]["files"] == 1
            slow.close()
        finally:
            s.RequestHandlerClass.timeout = 10.0  # type: ignore[attr-defined]


def heavy_file() -> bytes:
    """A 5,000-player event: its norms take a second or more, far past the
    tests' tiny time limits, whatever the norm search costs."""
    from tests.render_pins import generated_text

    return generated_text(5000, 11, 1).encode()


def test_a_request_over_the_time_limit_is_503_and_the_next_is_served() -> None:
    heavy = heavy_file()
    with running(time_limit=0.2) as s:
        started = time.monotonic()
        status, _, body = request(s, "POST", "/api/norms", heavy)
        assert status == 503 and time.monotonic() - started < 0.9
        assert "longer than the limit of 0.2 s" in _error(body)["error"]
        assert _post(s, "/api/rate", "swiss-trf16.trf")[0] == 200


def test_listening_beyond_this_machine_warns() -> None:
    from trfkit.server.app import warning_for

    assert warning_for("127.0.0.1") is None
    said = warning_for("0.0.0.0")
    assert said is not None and "anyone who can reach this address can use the server" in said


def test_import_trfkit_loads_no_server() -> None:
    code = (
        "import sys, trfkit, trfkit.cli; "
        "print(sorted(m for m in sys.modules if m.startswith(('trfkit.server', 'http.server', "
        "'socketserver', 'email.parser'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- the description -------------------------------------------------------------


def _openapi() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (Path(api.__file__).parent / "static" / "openapi.json").read_text()
    )
    return data


def test_openapi_describes_every_route_and_option() -> None:
    doc = _openapi()
    posts = {p for p, ops in doc["paths"].items() if "post" in ops}
    assert posts == {e.path for e in api.ENDPOINTS.values()}
    for e in api.ENDPOINTS.values():
        described = {
            p["name"]: p for p in doc["paths"][e.path]["post"]["parameters"] if p["in"] == "query"
        }
        view = {"view"} if "html" in e.formats else set()
        assert set(described) == {p.name for p in e.params} | {"name"} | view
        headers = [p for p in doc["paths"][e.path]["post"]["parameters"] if p["in"] == "header"]
        assert [(h["name"], h["required"]) for h in headers] == [("X-Trfkit", True)]
        for p in e.params:
            schema = described[p.name]["schema"]
            schema = schema.get("items", schema)
            assert tuple(schema.get("enum", ())) == p.choices, (e.path, p.name)
        assert doc["paths"][e.path]["post"]["operationId"] == e.name


def test_openapi_get_routes_are_served_and_answers_fit_its_schemas(server: Server) -> None:
    import jsonschema

    doc = _openapi()
    for path, ops in doc["paths"].items():
        if "get" in ops and "{" not in path:
            assert request(server, "GET", path)[0] == 200, path
    schemas = doc["components"]["schemas"]

    def fits(body: bytes, name: str) -> None:
        jsonschema.validate(json.loads(body), {**schemas[name], "components": doc["components"]})

    fits(request(server, "GET", "/api/meta")[2], "Meta")
    fits(request(server, "POST", "/api/check", b"PK\x03\x04" + bytes(50))[2], "Error")
    fits(_post(server, "/api/check?rules=x", "swiss-trf16.trf")[2], "Error")
    assert json.loads(request(server, "GET", "/api/openapi.json")[2]) == doc


def test_meta_lists_the_tabs_and_downloads_from_the_table(server: Server) -> None:
    meta = json.loads(request(server, "GET", "/api/meta")[2])
    assert meta["rules"][0] == "auto" and "fide-2024" in meta["rules"]
    assert meta["max_upload"] == 2**20
    # Each code's findings are headed by the first clause of its summary.
    assert meta["codes"]["P002"] == "A field does not match its column format"
    assert meta["codes"]["P008"] == "Records of two dialects disagree"
    tabs = {e["path"]: [t["label"] for t in e["tabs"]] for e in meta["endpoints"]}
    assert tabs == {
        "/api/check": [],
        "/api/rate": ["Form 3"],
        "/api/report": ["Form 1", "Form 2", "Form 4"],
        "/api/standings": ["Standings"],
        "/api/norms": ["Norms", "Certificates"],
        "/api/pairings": ["Pairings"],
        "/api/fmt": [],
    }
    downloads = {d["query"] for e in meta["endpoints"] for d in e["downloads"]}
    assert {"format=json", "format=csv", "format=html", "to=trf26&format=json"} <= downloads


# -- the command ---------------------------------------------------------------


def test_trfkit_serve_serves_the_page_until_stopped() -> None:
    import http.client
    import signal

    # Started as from a terminal, with SIGINT at its default: a test run that
    # is itself a background job (``pytest &`` in a script) has SIGINT
    # ignored, the child inherits that, and Python then installs no Ctrl-C
    # handler, so the SIGINT below would never stop the server.
    proc = subprocess.Popen(
        [sys.executable, "-m", "trfkit.cli", "serve", "--port", "0", "--max-upload", "1k"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        found = re.fullmatch(
            r"trfkit: serving http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)\n", first
        )
        assert found, first
        conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=10)
        conn.request("GET", "/")
        page = conn.getresponse()
        assert page.status == 200 and b'<script src="/static/app.js" defer>' in page.read()
        conn.request("GET", "/api/meta?x=1")
        assert json.loads(conn.getresponse().read())["max_upload"] == 1024
        conn.close()
        size = len((ROOT / "trfkit/server/static/index.html").read_bytes())
        assert re.fullmatch(rf"GET / 200 {size} \d+ms\n", proc.stderr.readline())
        assert re.fullmatch(r"GET /api/meta 200 \d+ \d+ms\n", proc.stderr.readline())
        proc.send_signal(signal.SIGINT)
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_trfkit_serve_refuses_a_port_that_is_none() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "trfkit.cli", "serve", "--port", "70000"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 2
    assert out.stderr == "trfkit: --port 70000: a port is a number from 0 to 65535\n"


def test_meta_says_what_each_endpoint_takes_and_names_each_download(server: Server) -> None:
    """The page sends an endpoint only the options it takes (the standings
    take no rule set, the norms only a title rule set), and saves each
    download under a name of its own."""
    meta = json.loads(request(server, "GET", "/api/meta")[2])
    by_path = {e["path"]: e for e in meta["endpoints"]}
    assert by_path["/api/check"]["params"]["rules"] == []  # any name: the server judges it
    assert by_path["/api/check"]["params"]["time_control"] == []
    assert "rules" not in by_path["/api/standings"]["params"]
    assert "time_control" not in by_path["/api/standings"]["params"]
    assert "rules" not in by_path["/api/fmt"]["params"]
    assert "type" not in by_path["/api/fmt"]["params"]
    assert "fide-2009" not in by_path["/api/norms"]["params"]["rules"]
    assert "b01-2009" not in by_path["/api/norms"]["params"]["rules"]  # no such edition
    assert {"auto", "b01-2002", "b01-2024"} <= set(by_path["/api/norms"]["params"]["rules"])
    files = {d["label"]: d["file"] for e in meta["endpoints"] for d in e["downloads"]}
    # As `trfkit report --form all -o DIR` names its files (form1, form2, summary).
    assert files["Form 1 HTML (printable)"] == "form1.html"
    assert files["Form 2 HTML (printable)"] == "form2.html"
    assert files["Form 4 HTML (printable)"] == "summary.html"
    assert files["Form 1 JSON"] == "form1.json"
    assert files["Form 3 CSV"] == "rate.csv"
    assert files["file rewritten (fmt)"] == "fmt.trf"
    assert files["file in TRF-2026"] == "trf26.trf"
    assert len(set(files.values())) == len(files)  # no download overwrites another


def test_a_file_listing_its_teams_in_310_and_013_has_them_once(server: Server) -> None:
    """A file listing its teams twice, in 310 and in 013 (as TEC's TRF-2026
    sample, Grandmommy's Cup, does with its 50): the summary counts each
    team once, as the standings rank them (310 replaces 013)."""
    teams = (FIXTURES / "team-trf26.trf").read_bytes()
    thirteen = [
        line
        for line in (FIXTURES / "team-trf16.trf").read_bytes().splitlines(keepends=True)
        if line.startswith(b"013 ")
    ]
    assert len(thirteen) == 4  # the same 4 teams, with the same members
    status, _, body = request(server, "POST", "/api/check", teams + b"".join(thirteen))
    assert status == 200
    assert json.loads(body)["files"][0]["event"]["teams"] == 4


def test_the_file_chooser_offers_every_extension_trf_files_come_with(server: Server) -> None:
    """ICU's Krause files are .tab, bbpPairings' test files .input (both in
    the corpus, both read by `trfkit check DIR`): the chooser's filter must
    not hide them from an arbiter."""
    page = request(server, "GET", "/")[2].decode()
    accept = re.search(r'<input type="file" id="file" accept="([^"]*)"', page)
    assert accept is not None
    assert set(accept.group(1).split(",")) == {
        ".trf", ".trfx", ".tab", ".txt", ".input", "text/plain",
    }  # fmt: skip


def test_a_documents_own_style_attribute_is_allowed_by_its_hash_alone(server: Server) -> None:
    """Form 2's foot has style="margin-top: 1em": the policy allows that
    value by its SHA-256 ('unsafe-hashes'), and no other inline style."""
    import hashlib
    from base64 import b64encode

    _, headers, body = _post(server, "/api/report?form=2&format=html", "swiss-trf16.trf")
    assert b'style="margin-top: 1em"' in body
    policy = headers["Content-Security-Policy"]
    digest = b64encode(hashlib.sha256(b"margin-top: 1em").digest()).decode()
    style = next(p for p in policy.split("; ") if p.startswith("style-src "))
    assert f"'unsafe-hashes' 'sha256-{digest}'" in style
    assert "unsafe-inline" not in policy
    # Form 3 has no style attribute: no 'unsafe-hashes' at all.
    _, headers, _ = _post(server, "/api/rate?format=html", "swiss-trf16.trf")
    assert "unsafe-hashes" not in headers["Content-Security-Policy"]
