"""The HTTP front of ``trfkit serve``: the standard library's threading server.

Each connection has a thread; each request's work (reading, checking,
rating) runs in a small pool of workers, so that many slow or idle
connections never take the processor from the requests being answered, and
a request that outlasts the time limit is answered 503 while the server
goes on. A body longer than the upload limit is refused (413) from its
``Content-Length``, before any of it is read. Uploads live in memory only;
the log line of a request is its method, path, status, size and time.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import re
import socket
import sys
import threading
import time
from base64 import b64encode
from collections.abc import Callable
from email.parser import BytesParser
from email.policy import HTTP
from html import unescape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, TextIO
from urllib.parse import parse_qs, urlsplit

from trfkit.server.api import ENDPOINTS, MEDIA_TYPES, ApiError, Query, Upload, meta

__all__ = ["DEFAULT_MAX_UPLOAD", "DEFAULT_TIME_LIMIT", "Server", "make_server"]

DEFAULT_MAX_UPLOAD = 16 * 2**20
DEFAULT_TIME_LIMIT = 30.0
_READ_CHUNK = 2**16

# The page and its own script and style: nothing else is ever served.
_STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/app.css": ("app.css", "text/css; charset=utf-8"),
    "/static/favicon.svg": ("favicon.svg", "image/svg+xml"),
    "/api/openapi.json": ("openapi.json", "application/json"),
}

# The page: its own script, style and API; nothing inline, nothing from
# elsewhere; the Form 3 tab's frame shows the server's own HTML.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; frame-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


# A refusal (JSON): nothing to load or run; the page's own frame may hold
# it, so that a tab whose document was not made can say why.
ERROR_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"


def _sha256(text: str) -> str:
    return f"'sha256-{b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def document_policy(html: str) -> str:
    """The policy of an HTML document the API makes (Form 3): its own
    inline style and script, by hash, and nothing else; it may be shown
    in the page's frame. A style attribute of its own (Form 2's
    ``style="margin-top: 1em"``) is allowed by hash too ('unsafe-hashes'
    allows exactly those values, nothing else inline)."""
    hashes: dict[str, list[str]] = {"style": [], "script": []}
    for tag, body in re.findall(r"<(style|script)>(.*?)</\1>", html, re.S):
        hashes[tag].append(_sha256(body))
    attributes = dict.fromkeys(unescape(v) for v in re.findall(r'<[^>]*\sstyle="([^"]*)"', html))
    if attributes:
        hashes["style"] += ["'unsafe-hashes'", *map(_sha256, attributes)]
    style = " ".join(hashes["style"]) or "'none'"
    script = " ".join(hashes["script"]) or "'none'"
    return (
        f"default-src 'none'; style-src {style}; script-src {script}; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
    )


def _static(name: str) -> bytes:
    return resources.files("trfkit.server").joinpath("static", name).read_bytes()


class Server(ThreadingHTTPServer):
    """The server, with its limits; ``serve_forever`` answers requests."""

    daemon_threads = True
    request_queue_size = 64

    def __init__(
        self,
        address: tuple[str, int],
        *,
        max_upload: int = DEFAULT_MAX_UPLOAD,
        time_limit: float = DEFAULT_TIME_LIMIT,
        workers: int = 2,
        log: TextIO | None = None,
    ) -> None:
        try:
            self.files = {path: (_static(name), kind) for path, (name, kind) in _STATIC.items()}
        except FileNotFoundError as exc:  # a broken install: a bug to report, not a usage error
            raise RuntimeError(f"trfkit's page is missing from the package: {exc}") from exc
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)
        self.max_upload = max_upload
        self.time_limit = time_limit
        self.log = log
        self.log_lock = threading.Lock()
        self.pool = concurrent.futures.ThreadPoolExecutor(workers, "trfkit-serve")
        self.meta = json.dumps(meta(max_upload), indent=2).encode()

    def server_close(self) -> None:
        super().server_close()
        self.pool.shutdown(wait=False, cancel_futures=True)


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    max_upload: int = DEFAULT_MAX_UPLOAD,
    time_limit: float = DEFAULT_TIME_LIMIT,
    log: TextIO | None = None,
) -> Server:
    """A server bound to ``host:port`` (port 0: any free port)."""
    return Server((host, port), max_upload=max_upload, time_limit=time_limit, log=log)


class _Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    server_version = "trfkit"
    sys_version = ""
    # Each read from a client that sends nothing for this long ends the
    # connection (a slow client holds one thread, never a worker).
    timeout = 10.0

    def setup(self) -> None:
        super().setup()
        self._started = time.monotonic()
        self._status = 0
        self._size = 0

    def parse_request(self) -> bool:
        # A request's time starts with its request line, not with the
        # connection (a kept-alive connection may idle between requests).
        self._started = time.monotonic()
        return super().parse_request()

    # -- logging: method, path, status, size, time; nothing else -------------

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass  # logged once the response is written, with its size and time

    def log_message(self, format: str, *args: Any) -> None:
        pass  # no client addresses, headers or bodies in the log

    def _log(self) -> None:
        log = self.server.log
        if log is None:
            return
        took = (time.monotonic() - self._started) * 1000
        path = urlsplit(getattr(self, "path", "") or "").path
        line = f"{getattr(self, 'command', None) or '-'} {path or '-'} {self._status} {self._size} {took:.0f}ms"
        with self.server.log_lock:
            print(line, file=log, flush=True)

    # -- responses -------------------------------------------------------------

    def _send(
        self,
        status: int,
        body: bytes,
        kind: str,
        *,
        policy: str = PAGE_POLICY,
        headers: dict[str, str] | None = None,
        close: bool = False,
    ) -> None:
        self._status, self._size = status, len(body)
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self._log()

    def _error(self, exc: ApiError, *, close: bool = False) -> None:
        self._send(exc.status, exc.body(), MEDIA_TYPES["json"], policy=ERROR_POLICY, close=close)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Malformed requests (bad request line, headers too long): JSON too."""
        if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
            # No request line was read: answer with headers all the same
            # (HTTP/0.9 responses have none, and no client speaks it).
            self.request_version = "HTTP/1.0"
        try:
            self._error(ApiError(code, message or HTTPStatus(code).phrase), close=True)
        except OSError:
            self.close_connection = True

    # -- methods ---------------------------------------------------------------

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path == "/api/meta":
            self._send(200, self.server.meta, MEDIA_TYPES["json"])
        elif path in self.server.files:
            body, kind = self.server.files[path]
            self._send(200, body, kind)
        elif path.removeprefix("/api/") in ENDPOINTS:
            self._error(ApiError(405, f"{path}: send the file with POST"))
        else:
            self._error(ApiError(404, f"{path}: no such page"))

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        e = ENDPOINTS.get(url.path.removeprefix("/api/")) if url.path.startswith("/api/") else None
        if e is None:
            self._refuse_body(ApiError(404, f"{url.path}: no such endpoint"))
            return
        try:
            values = parse_qs(url.query, keep_blank_values=True, strict_parsing=False)
            unknown = sorted(set(values) - {p.name for p in e.params} - {"name"})
            if unknown:
                raise ApiError(
                    422,
                    f"{e.path} takes no {', '.join(unknown)}; it takes "
                    + ", ".join(p.name for p in e.params),
                )
            deadline = self._started + self.server.time_limit
            upload = self._upload(values.get("name", [""])[-1], deadline)
        except ApiError as exc:
            self._refuse_body(exc)
            return
        except (TimeoutError, ConnectionError, OSError):
            self.close_connection = True
            return
        self._answer(e.make, upload, Query(values), deadline)

    def _answer(
        self,
        make: Callable[[Upload, Query], Any],
        upload: Upload,
        query: Query,
        deadline: float,
    ) -> None:
        future = self.server.pool.submit(make, upload, query)
        try:
            reply = future.result(timeout=max(0.0, deadline - time.monotonic()))
        except concurrent.futures.TimeoutError:
            future.cancel()
            limit = self.server.time_limit
            self._error(ApiError(503, f"the request took longer than the limit of {limit:g} s"))
            return
        except ApiError as exc:
            self._error(exc)
            return
        except Exception:  # a bug in trfkit: say so, keep serving, log no data
            self._error(ApiError(500, "internal error in trfkit: please report it"))
            return
        policy = PAGE_POLICY
        if reply.format == "html":
            policy = document_policy(reply.body.decode())
        self._send(200, reply.body, MEDIA_TYPES[reply.format], policy=policy)

    # -- the body ----------------------------------------------------------------

    def _refuse_body(self, exc: ApiError) -> None:
        """Answer before reading the body; the connection closes after, as
        its unread body cannot be told from a next request.

        A client still sending would see its connection reset, and may lose
        the answer with it: so the server stops writing, then throws away
        what still comes for at most a second (nothing is kept) before it
        closes. A client that sends ``Expect: 100-continue`` sends nothing.
        """
        self._error(exc, close=True)
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(0.25)
            until = time.monotonic() + 1.0
            while time.monotonic() < until and self.connection.recv(_READ_CHUNK):
                pass
        except OSError:
            pass

    def _upload(self, name: str, deadline: float) -> Upload:
        if self.headers.get("Transfer-Encoding"):
            raise ApiError(411, "send the file with a Content-Length, not chunked")
        length_text = self.headers.get("Content-Length")
        if length_text is None or not length_text.strip().isdigit():
            raise ApiError(411, "send the file with a Content-Length")
        length = int(length_text)
        limit = self.server.max_upload
        if length > limit:
            raise ApiError(
                413,
                f"the upload is {length} bytes, over the server's limit of {limit} "
                "(trfkit serve --max-upload)",
            )
        if self.headers.get("Expect", "").lower() == "100-continue":
            self.send_response_only(100)
            self.end_headers()
        body = self._read(length, deadline)
        kind = self.headers.get_content_type()
        if kind == "multipart/form-data":
            return self._multipart(body, name)
        return Upload(body, _shown(name) or "<upload>")

    def _read(self, length: int, deadline: float) -> bytes:
        """``length`` bytes of body, or 408 once the time limit is past."""
        chunks: list[bytes] = []
        left = length
        while left:
            if time.monotonic() > deadline:
                raise ApiError(408, "the upload took longer than the time limit")
            try:
                chunk = self.rfile.read1(min(left, _READ_CHUNK))
            except TimeoutError:
                raise ApiError(408, "the upload stalled") from None
            if not chunk:
                raise ConnectionError("the client closed the connection")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def _multipart(self, body: bytes, name: str) -> Upload:
        head = f"Content-Type: {self.headers.get('Content-Type')}\r\n\r\n".encode()
        message = BytesParser(policy=HTTP).parsebytes(head + body)
        if message.is_multipart():
            for part in message.iter_parts():
                if part.get_param("name", header="content-disposition") == "file":
                    data = part.get_payload(decode=True)
                    if isinstance(data, bytes):
                        shown = _shown(name) or _shown(part.get_filename() or "")
                        return Upload(data, shown or "<upload>")
        raise ApiError(400, "multipart/form-data without a field named file")


_UNSHOWN = re.compile(r"[\x00-\x1f\x7f]")


def _shown(name: str) -> str:
    """A name for the upload, as shown in documents: the last part of a
    path a browser may send, without control characters. It names no file
    on the server; nothing is ever read or written under it."""
    return _UNSHOWN.sub("", name.replace("\\", "/").rsplit("/", 1)[-1]).strip()[:200]


def warning_for(host: str) -> str | None:
    """What ``trfkit serve`` prints before listening beyond this machine."""
    if host in ("127.0.0.1", "localhost", "::1"):
        return None
    return (
        f"trfkit: warning: listening on {host}: anyone who can reach this address can "
        "use the server (it has no login); use --host 127.0.0.1 to keep it on this machine"
    )


def serve(
    host: str,
    port: int,
    *,
    max_upload: int = DEFAULT_MAX_UPLOAD,
    time_limit: float = DEFAULT_TIME_LIMIT,
    open_browser: bool = False,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Serve until interrupted, logging requests to standard error."""
    server = make_server(host, port, max_upload=max_upload, time_limit=time_limit, log=sys.stderr)
    bound_host, bound_port = server.server_address[:2]
    shown = f"[{bound_host!s}]" if ":" in str(bound_host) else str(bound_host)
    url = f"http://{shown}:{bound_port}/"
    print(f"trfkit: serving {url} (Ctrl-C to stop)", file=sys.stderr, flush=True)
    if ready is not None:
        ready(url)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
