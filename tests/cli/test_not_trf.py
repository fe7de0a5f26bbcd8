"""Files that are no TRF file (issue 16 §4): refused in one line, exit 2.

An empty file, binary data, an office document, a PDF or an image given as
a tournament file is refused by every command in every output format, with
the reason; the library reads it all the same (byte for byte) and reports
P012. A text file without a player (001) is a TRF file with an error
(P007), exit 1; text in which no line starts with a record code (a
letter, a CSV export, a web page) holds no TRF record and is refused. Real files (fixtures, the shared corpus) are never refused.
"""

from __future__ import annotations

import codecs
import io
import json
import random
import shutil
import zipfile
from pathlib import Path

import pytest

import trfkit
from tests.conftest import FIXTURES, corpus_params, fixture_files
from trfkit.cli import main
from trfkit.decode import sniff


def _zip(member: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(member, "<document/>")
    return buffer.getvalue()


def _random_without_nul() -> bytes:
    # Random bytes, their NULs made 0xFF: only the share of control
    # characters tells them from text.
    return random.Random(16).randbytes(4096).replace(b"\x00", b"\xff")


NO_RECORD = "no line starts with a TRF record code (001, 012, XXR, ###, …): no TRF record"

# Each kind of input and the reason it is refused, worked out by hand from
# its bytes ("not a TRF file: " comes before it).
KINDS: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "the file is empty"),
    "bom-only": (codecs.BOM_UTF8, "the file is empty"),
    "blank-lines": (b"\r\n  \n\t\n", "the file holds only white space"),
    # "022 B" is five characters: the NUL is the sixth of line 2.
    "nul": (
        b"012 Spring Open\n022 B\x00led\n",
        "a NUL byte at line 2, column 6: binary data, not text",
    ),
    "docx": (
        _zip("word/document.xml"),
        "a ZIP archive (as .docx, .xlsx and .odt documents are), not text",
    ),
    "xlsx": (
        _zip("xl/workbook.xml"),
        "a ZIP archive (as .docx, .xlsx and .odt documents are), not text",
    ),
    "odt": (_zip("mimetype"), "a ZIP archive (as .docx, .xlsx and .odt documents are), not text"),
    "xls": (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504,
        "a Microsoft Office 97-2003 document (.doc, .xls), not text",
    ),
    "pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n", "a PDF document, not text"),
    "png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image, not text"),
    "jpeg": (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "a JPEG image, not text"),
    "gif": (b"GIF89a\x01\x00\x01\x00\x80\x00\x00", "a GIF image, not text"),
    # Text, but no line starts with a record code (issue 31 §2: it used to
    # get an empty Form 3 and exit 1).
    "letter": (b"hello world\n", NO_RECORD),
    "csv": (b"Name;Rating;Fed\nCarlsen, Magnus;2830;NOR\n", NO_RECORD),
    "html": (b"<!DOCTYPE html>\n<html><body>012 Spring Open</body></html>\n", NO_RECORD),
}
RANDOM = random.Random(6).randbytes(4096)


def _expected_reason(kind: str) -> str:
    if kind == "random":
        # Where the first NUL falls is the generator's; that it is found is ours.
        return "a NUL byte at line "
    if kind == "random-no-nul":
        return "binary data, not text: "
    return KINDS[kind][1]


def _bytes(kind: str) -> bytes:
    if kind == "random":
        return RANDOM
    if kind == "random-no-nul":
        return _random_without_nul()
    return KINDS[kind][0]


ALL_KINDS = [*KINDS, "random", "random-no-nul"]

# Each command with each of its output formats (None: the command has none).
COMMANDS = [
    *(("check", f) for f in ("text", "json", "jsonl", "sarif", "github")),
    *(("rate", f) for f in ("text", "json", "jsonl", "csv", "html")),
    *(("parse", f) for f in ("text", "json")),
    ("fmt", None),
]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("kind", ALL_KINDS)
@pytest.mark.parametrize(("command", "fmt"), COMMANDS, ids=lambda v: str(v))
def test_every_command_refuses_it_in_every_format(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    kind: str,
    command: str,
    fmt: str | None,
) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(_bytes(kind))
    args = [command, str(path)] + (["--format", fmt] if fmt else [])
    status, out, err = _run(capsys, *args)
    assert status == 2
    reason = _expected_reason(kind)
    line = f"trfkit: {path}: not a TRF file: {reason}"
    # Every format says it on standard error, as soon as the file is read.
    assert err.startswith(line) and err.count("\n") == 1, err
    if command == "check" and fmt == "text":
        # ... and the text report names it with its reason in the summary.
        assert out.startswith(
            f"0 files checked; 1 file could not be read:\n  {path}: not a TRF file: {reason}"
        )
        assert "no problems found" not in out
        return
    if command != "check":
        assert out == ""
    elif fmt in ("json", "jsonl"):
        entry = json.loads(out)["files"][0] if fmt == "json" else json.loads(out)
        assert entry["path"] == str(path) and entry["diagnostics"] == []
        assert entry["unreadable"].startswith(f"not a TRF file: {reason}")
        if fmt == "json":
            assert json.loads(out)["summary"]["unreadable"] == 1
    elif fmt == "sarif":
        run = json.loads(out)["runs"][0]
        assert run["results"] == []
        # SARIF 2.1.0 §3.20.21: a file that could not be read is a tool
        # execution notification, and the invocation did not succeed.
        (invocation,) = run["invocations"]
        assert invocation["executionSuccessful"] is False
        (note,) = invocation["toolExecutionNotifications"]
        assert note["level"] == "error"
        assert note["message"]["text"].startswith(f"{path}: not a TRF file: {reason}")
        assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == str(path)
    else:
        assert out.startswith(f"::error file={path},title=unreadable::not a TRF file: {reason}")


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_the_library_reads_it_and_reports_p012(kind: str) -> None:
    data = _bytes(kind)
    t = trfkit.loads(data)
    # The one finding: what the records of a non-TRF file say is noise.
    (refused,) = t.diagnostics
    assert (refused.code, refused.severity) == ("P012", trfkit.Severity.ERROR)
    assert refused.message.startswith("not a TRF file: " + _expected_reason(kind))
    assert t.players == []
    # Read all the same: what was read writes back byte for byte.
    assert trfkit.dumpb(t) == data
    with pytest.raises(trfkit.TrfSyntaxError, match="P012 not a TRF file"):
        trfkit.loads(data, strict=True)


def test_a_nul_points_at_its_line_and_column() -> None:
    t = trfkit.loads(KINDS["nul"][0])
    (refused,) = [d for d in t.diagnostics if d.code == "P012"]
    assert (refused.line, refused.column) == (2, 6)


def test_load_and_read_refuse_as_loads_does(tmp_path: Path) -> None:
    path = tmp_path / "scan.trf"
    path.write_bytes(KINDS["pdf"][0])
    for t in (trfkit.load(path), trfkit.read(io.BytesIO(KINDS["pdf"][0]))):
        assert [d.message for d in t.diagnostics if d.code == "P012"] == [
            "not a TRF file: a PDF document, not text"
        ]


def test_text_given_as_str_is_sniffed_too() -> None:
    assert [d.code for d in trfkit.loads("").diagnostics if d.code == "P012"] == ["P012"]
    nul = trfkit.loads("012 A\x00\n")
    assert [d.message for d in nul.diagnostics if d.code == "P012"] == [
        "not a TRF file: a NUL character at line 1, column 6: binary data, not text"
    ]


def test_utf16_without_its_bom_gets_a_hint() -> None:
    data = "012 Spring Open\n".encode("utf-16-le")
    t = trfkit.loads(data)
    (refused,) = [d for d in t.diagnostics if d.code == "P012"]
    # "0" then its high byte: the NUL is the second byte of line 1.
    assert refused.message == (
        "not a TRF file: a NUL byte at line 1, column 2: binary data, not text "
        "(UTF-16 text without its byte-order mark? give its encoding, utf-16-le)"
    )
    assert not [d for d in trfkit.loads(data, encoding="utf-16-le").diagnostics if d.code == "P012"]


# -- what is text stays text -------------------------------------------------------

TEXT_VARIANTS = {
    "utf-16-bom": codecs.BOM_UTF16_LE
    + (FIXTURES / "roundrobin-8.trf").read_text().encode("utf-16-le"),
    "utf-8-bom": (FIXTURES / "utf8-bom.trf").read_bytes(),
    "cp1252": (FIXTURES / "latin1.trf").read_bytes(),
    "cr-only": (FIXTURES / "cr-only.trf").read_bytes(),
    "dos-eof": (FIXTURES / "roundrobin-8.trf").read_bytes() + b"\x1a",
    "form-feed": b"012 Spring Open\n\x0c\n" + (FIXTURES / "roundrobin-8.trf").read_bytes(),
    "one-stray-control": (FIXTURES / "roundrobin-8.trf")
    .read_bytes()
    .replace(b"012 ", b"012 \x01", 1),
}


@pytest.mark.parametrize("name", TEXT_VARIANTS)
def test_text_is_not_refused(name: str) -> None:
    assert sniff(TEXT_VARIANTS[name]) is None


@pytest.mark.parametrize("path", [pytest.param(p, id=p.name) for p in fixture_files()])
def test_no_fixture_is_refused(path: Path) -> None:
    assert sniff(path.read_bytes()) is None


@pytest.mark.parametrize("path", corpus_params())
def test_no_corpus_file_is_refused(path: Path) -> None:
    assert sniff(path.read_bytes()) is None


# -- a text file without players ---------------------------------------------------

HEADERS_ONLY = b"012 Spring Open\n022 Bled\n032 SLO\n102 Kovac, Ana\n122 90 min + 30 sec/move\n"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_headers_without_players_are_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    path = tmp_path / "headers.trf"
    path.write_bytes(HEADERS_ONLY)
    status, out, _ = _run(capsys, "check", str(path), "--format", fmt)
    assert status == 1
    message = (
        "no player record (001): the file lists no players, so there is nothing to check or rate"
    )
    if fmt == "text":
        assert f"{path}:1:1: error P007 {message}" in out
        assert "no problems found" not in out
    else:
        (entry,) = json.loads(out)["files"]
        assert entry["unreadable"] is None
        assert {"code": "P007", "severity": "error", "message": message}.items() <= next(
            d for d in entry["diagnostics"] if d["code"] == "P007"
        ).items()


def test_missing_headers_stay_a_warning_beside_players() -> None:
    t = trfkit.loads((FIXTURES / "roundrobin-8.trf").read_bytes().replace(b"022 ", b"### ", 1))
    (missing,) = [d for d in t.diagnostics if d.code == "P007"]
    assert missing.severity is trfkit.Severity.WARNING and "022 (city)" in missing.message


# -- folders and missing paths -----------------------------------------------------


def _mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(FIXTURES / "roundrobin-8.trf", folder / "a-round-robin.trf")
    (folder / "b-report.trf").write_bytes(KINDS["docx"][0])
    (folder / "c-empty.trf").write_bytes(b"")
    (folder / "d-headers.trfx").write_bytes(HEADERS_ONLY)
    # Not taken: .txt and files without an extension are taken by their
    # first line only, a .pdf never.
    (folder / "notes.txt").write_text("Round 3 was played on Sunday.\n")
    (folder / "scan.pdf").write_bytes(KINDS["pdf"][0])
    return folder


def test_a_folder_names_each_file_it_took_but_could_not_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = _mixed_folder(tmp_path)
    status, out, err = _run(capsys, "check", str(folder), "--jobs", "1")
    assert status == 2 and err.count("not a TRF file") == 2
    docx = f"not a TRF file: {KINDS['docx'][1]}"
    assert out.endswith(
        "2 files checked: 1 error, 0 warnings, 0 info; 2 files could not be read:\n"
        f"  {folder / 'b-report.trf'}: {docx}\n"
        f"  {folder / 'c-empty.trf'}: not a TRF file: the file is empty\n"
    )
    assert "notes.txt" not in out and "scan.pdf" not in out


def test_a_folder_in_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = _mixed_folder(tmp_path)
    status, out, err = _run(capsys, "check", str(folder), "--format", "json", "--jobs", "1")
    assert status == 2
    data = json.loads(out)
    assert [(Path(f["path"]).name, f["unreadable"]) for f in data["files"]] == [
        ("a-round-robin.trf", None),
        ("b-report.trf", f"not a TRF file: {KINDS['docx'][1]}"),
        ("c-empty.trf", "not a TRF file: the file is empty"),
        ("d-headers.trfx", None),
    ]
    assert data["summary"]["files"] == 4 and data["summary"]["unreadable"] == 2
    assert err.count("not a TRF file") == 2


def test_rate_of_a_folder_names_the_unreadable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = _mixed_folder(tmp_path)
    status, out, err = _run(capsys, "rate", str(folder), "--format", "json", "--jobs", "1")
    assert status == 2
    unreadable = [f for f in json.loads(out)["files"] if "unreadable" in f]
    assert [Path(f["path"]).name for f in unreadable] == ["b-report.trf", "c-empty.trf"]
    assert f"{folder / 'c-empty.trf'}: not a TRF file: the file is empty" in err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_missing_path_is_never_no_problems_found(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    missing = str(tmp_path / "gone.trf")
    status, out, _ = _run(
        capsys, "check", str(FIXTURES / "roundrobin-8.trf"), missing, "--format", fmt
    )
    assert status == 2
    if fmt == "text":
        # The good file's event line, then the summary naming the missing one.
        event, summary = out.split("\n", 1)
        assert event.startswith(f"{FIXTURES / 'roundrobin-8.trf'}: event: ")
        assert summary == f"1 file checked; 1 file could not be read:\n  {missing}: no such file\n"
        assert "no problems found" not in out
    else:
        assert json.loads(out)["files"][1]["unreadable"] == "no such file"


def test_standard_input_is_sniffed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class _Stdin:
        buffer = io.BytesIO(KINDS["png"][0])

    monkeypatch.setattr("sys.stdin", _Stdin())
    status, out, _ = _run(capsys, "check", "-")
    assert status == 2
    assert out.endswith("  -: not a TRF file: a PNG image, not text\n")
