"""The HTTP front of ``trfkit serve``: the standard library's threading server.

Each connection has a thread, which only reads the request and writes the
answer; each request's work (reading the body's parts, checking, rating)
runs in a worker process (:mod:`trfkit.server.pool`), killed and replaced
when it passes the time limit or its memory limit, so a request over its
limits costs nothing afterwards. What a request may cost before any work is
bounded too: its request line and headers must arrive within
``header_timeout``; its body is refused (413) from its ``Content-Length``
before any of it is read; a client address may hold ``max_per_client``
connections at once. Only requests naming this server (``Host``) are
answered, and an ``/api`` POST only from the server's own page or a
program that says so (``X-Trfkit``): a page of another site can neither
read nor use it (docs/serve.md). Uploads live in memory only; the log line
of a request is its method, path, status, size and time.
"""

from __future__ import annotations

import contextlib
import io
import json
import secrets
import socket
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, TextIO
from urllib.parse import parse_qs, urlsplit

from trfkit.server.api import ENDPOINTS, MEDIA_TYPES, ApiError, Query, meta, validated
from trfkit.server.policy import ERROR_POLICY, PAGE_POLICY, document_policy
from trfkit.server.pool import Overtime, Pool

__all__ = [
    "DEFAULT_MAX_UPLOAD",
    "DEFAULT_TIME_LIMIT",
    "ERROR_POLICY",
    "PAGE_POLICY",
    "TRFKIT_HEADER",
    "Server",
    "document_policy",
    "make_server",
]

DEFAULT_MAX_UPLOAD = 16 * 2**20
DEFAULT_TIME_LIMIT = 30.0
# A worker's address space: a 16 MB file's check, rate and norms need
# under 1 GB (bench/bench_serve_hostile.py); a request needing more is
# refused 413 and its worker replaced.
DEFAULT_MEMORY_LIMIT = 2 * 2**30
# The largest answer: Form 3 HTML of a 16 MB file is about 10 times it.
DEFAULT_MAX_OUTPUT = 256 * 2**20
# A worker holding more than this once its request is done is replaced
# (Python keeps freed memory for itself): the server comes back to its
# size at rest after any request.
DEFAULT_RECYCLE_RSS = 200 * 2**20
# The request line and headers of a request: a browser sends them in one
# packet; a client that dribbles them (slowloris) is closed at this.
DEFAULT_HEADER_TIMEOUT = 10.0
# Connections at once: a browser opens 6 to a server; more from one
# address is a program holding threads.
DEFAULT_MAX_PER_CLIENT = 32
MAX_CONNECTIONS = 256
# The header a POST to /api must carry: a page of another site can send it
# only after a CORS preflight, which this server never grants.
TRFKIT_HEADER = "X-Trfkit"
# HTML documents the page shows in a frame, kept until the frame loads them.
_VIEWS_KEPT = 8
_VIEW_SECONDS = 60.0
_READ_CHUNK = 2**16

# The page and its own script and style: nothing else is ever served.
_STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/app.css": ("app.css", "text/css; charset=utf-8"),
    "/static/favicon.svg": ("favicon.svg", "image/svg+xml"),
    "/api/openapi.json": ("openapi.json", "application/json"),
}


def _static(name: str) -> bytes:
    return resources.files("trfkit.server").joinpath("static", name).read_bytes()


def _hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values naming this server: its loopback names and the
    address it listens on, with its port (and without, on port 80)."""
    names = {"127.0.0.1", "localhost", "[::1]"}
    names.add(f"[{host}]" if ":" in host else host)
    return frozenset(
        {f"{n.lower()}:{port}" for n in names}
        | ({n.lower() for n in names} if port == 80 else set())
    )


def _ip_literal(value: str) -> bool:
    """``value`` (a Host without its port) is an IP address, not a name."""
    try:
        socket.inet_pton(socket.AF_INET6 if value.startswith("[") else socket.AF_INET,
                         value.strip("[]"))  # fmt: skip
    except OSError:
        return False
    return True


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
        memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
        max_output: int = DEFAULT_MAX_OUTPUT,
        header_timeout: float = DEFAULT_HEADER_TIMEOUT,
        max_per_client: int = DEFAULT_MAX_PER_CLIENT,
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
        self.header_timeout = header_timeout
        self.max_per_client = max_per_client
        self.log = log
        self.log_lock = threading.Lock()
        host = address[0]
        self.wildcard = host in ("", "0.0.0.0", "::")
        self.allowed_hosts = _hosts(host, int(self.server_address[1]))
        self.meta = json.dumps(meta(max_upload), indent=2).encode()
        self._connections: dict[str, int] = {}
        self._connections_lock = threading.Lock()
        self.views: OrderedDict[str, tuple[float, bytes, str]] = OrderedDict()
        self.views_lock = threading.Lock()
        try:
            self.pool = Pool(
                workers,
                memory_limit=memory_limit,
                max_output=max_output,
                recycle_rss=DEFAULT_RECYCLE_RSS,
            )
        except BaseException:
            super().server_close()
            raise

    def host_allowed(self, host: str) -> bool:
        """``host`` names this server. Bound to every address (0.0.0.0),
        any IP address with its port does: DNS rebinding needs a name."""
        host = host.lower()
        if host in self.allowed_hosts:
            return True
        name, colon, port = host.rpartition(":")
        if not colon or name.endswith(":"):  # no port, or an IPv6 address without brackets
            name, port = host, "80"
        return self.wildcard and port == str(self.server_address[1]) and _ip_literal(name)

    # -- connections per client address -----------------------------------------

    def process_request(self, request: Any, client_address: Any) -> None:
        client = str(client_address[0])
        with self._connections_lock:
            held = self._connections.get(client, 0)
            admitted = (
                held < self.max_per_client and sum(self._connections.values()) < MAX_CONNECTIONS
            )
            if admitted:
                self._connections[client] = held + 1
        if not admitted:
            self._too_many(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._release(client)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._release(str(client_address[0]))

    def _release(self, client: str) -> None:
        with self._connections_lock:
            left = self._connections.get(client, 1) - 1
            if left > 0:
                self._connections[client] = left
            else:
                self._connections.pop(client, None)

    def _too_many(self, request: socket.socket) -> None:
        """503 and close, without a thread: the client holds too many."""
        body = ApiError(
            503, f"more than {self.max_per_client} connections at once from one address"
        ).body()
        head = (
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nContent-Security-Policy: {ERROR_POLICY}\r\n"
            "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        ).encode()
        try:
            request.setblocking(False)
            request.send(head + body)
        except OSError:
            pass
        self.write_log("- - 503 0 0ms")
        self.shutdown_request(request)

    # -- the log: one line each, never a traceback or an address -----------------

    def write_log(self, line: str) -> None:
        if self.log is None:
            return
        with self.log_lock, contextlib.suppress(OSError, ValueError):
            print(line, file=self.log, flush=True)

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        self.write_log(f"- - error {type(exc).__name__} (trfkit serve: please report it)")

    def server_close(self) -> None:
        super().server_close()
        self.pool.close()

    # -- HTML documents kept for the page's frames -------------------------------

    def keep_view(self, body: bytes, policy: str) -> str:
        token = secrets.token_urlsafe(18)
        now = time.monotonic()
        with self.views_lock:
            for old in [k for k, (t, _, _) in self.views.items() if t < now]:
                del self.views[old]
            self.views[token] = (now + _VIEW_SECONDS, body, policy)
            while len(self.views) > _VIEWS_KEPT:
                self.views.popitem(last=False)
        return token

    def take_view(self, token: str) -> tuple[bytes, str] | None:
        with self.views_lock:
            kept = self.views.pop(token, None)
        if kept is None or kept[0] < time.monotonic():
            return None
        return kept[1], kept[2]


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    **options: Any,
) -> Server:
    """A server bound to ``host:port`` (port 0: any free port); ``options``
    are :class:`Server`'s limits and log."""
    return Server((host, port), **options)


class _Reader(io.RawIOBase):
    """The connection's reads, each bounded by the idle timeout and, while
    one is set, by a deadline for all of them (the request line and
    headers; the body): a client sending a byte a second is closed at the
    deadline, not kept forever."""

    def __init__(self, sock: socket.socket, idle: float) -> None:
        self.sock = sock
        self.idle = idle
        self.deadline: float | None = None
        self.received = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        timeout = self.idle
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("deadline")
            timeout = min(timeout, left)
        self.sock.settimeout(timeout)
        n = self.sock.recv_into(buffer)
        self.received += n
        return n


class _Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    server_version = "trfkit"
    sys_version = ""
    # Each read from a client that sends nothing for this long ends the
    # connection (a slow client holds one thread, never a worker).
    timeout = 10.0
    # Headers and body are written at once; no 40 ms wait for an ACK on a
    # kept-alive connection (Nagle's algorithm and delayed ACKs).
    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        self.rfile.close()
        self._reader = _Reader(self.connection, self.timeout)
        self.rfile = io.BufferedReader(self._reader, _READ_CHUNK)
        self._started = time.monotonic()
        self._status: int | str = 0
        self._size = 0
        self._unread = False

    def handle(self) -> None:
        try:
            super().handle()
        except OSError as exc:  # the client reset or left: one line, no traceback
            self._status = "reset" if isinstance(exc, ConnectionError) else "closed"
            self._log()

    def handle_one_request(self) -> None:
        """One request: as the standard library's, with a deadline for the
        request line and headers, and 408 to a client that misses it."""
        self._reader.deadline = time.monotonic() + self.server.header_timeout
        self._reader.received = 0
        self._status, self._size, self._unread = 0, 0, False
        self.command, self.path = "", ""
        self.request_version = "HTTP/0.9"
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if len(self.raw_requestline) > 65536:
                self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG)
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            method = getattr(self, "do_" + self.command, None)
            if method is None:
                self.send_error(HTTPStatus.NOT_IMPLEMENTED, f"no method {self.command[:20]!r}")
                return
            method()
            self.wfile.flush()
        except TimeoutError:
            self.close_connection = True
            if self._status or not self._reader.received:
                return  # an idle kept-alive connection, or an answer sent
            limit = self.server.header_timeout
            with contextlib.suppress(OSError):
                self._error(
                    ApiError(408, f"the request line and headers took longer than {limit:g} s"),
                    close=True,
                )

    def parse_request(self) -> bool:
        # A request's time starts with its request line, not with the
        # connection (a kept-alive connection may idle between requests).
        self._started = time.monotonic()
        if not super().parse_request():
            return False
        refused = self._framing() or self._host()
        if refused is not None:
            self._refuse_body(refused)
            return False
        self._reader.deadline = self._started + self.server.time_limit
        return True

    def _framing(self) -> ApiError | None:
        """RFC 9112 §6.3: one length, or none. Two different
        ``Content-Length`` values, or a length beside ``Transfer-Encoding``,
        could be read otherwise by a proxy in front (request smuggling)."""
        lengths = [
            v.strip() for h in self.headers.get_all("Content-Length", []) for v in h.split(",")
        ]
        encodings = self.headers.get_all("Transfer-Encoding", [])
        if lengths and not all(v.isdigit() for v in lengths):
            return ApiError(400, "Content-Length is not a number (RFC 9112 §6.3)")
        if len({int(v) for v in lengths}) > 1:
            return ApiError(400, "two different Content-Length values (RFC 9112 §6.3)")
        if lengths and encodings:
            return ApiError(400, "both Transfer-Encoding and Content-Length (RFC 9112 §6.3)")
        self._unread = bool(encodings) or (bool(lengths) and int(lengths[0]) > 0)
        return None

    def _host(self) -> ApiError | None:
        """Only a ``Host`` naming this server: a page of another site that
        made its own name point here (DNS rebinding) sends its name."""
        hosts = self.headers.get_all("Host", [])
        if len(hosts) != 1:
            return ApiError(400, "a request needs one Host header (RFC 9112 §3.2)")
        if self.server.host_allowed(hosts[0].strip()):
            return None
        names = ", ".join(sorted(self.server.allowed_hosts))
        return ApiError(421, f"this server answers to {names} only, not to that Host")

    # -- logging: method, path, status, size, time; nothing else -------------

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass  # logged once the response is written, with its size and time

    def log_message(self, format: str, *args: Any) -> None:
        pass  # no client addresses, headers or bodies in the log

    def _log(self) -> None:
        took = (time.monotonic() - self._started) * 1000
        path = urlsplit(getattr(self, "path", "") or "").path
        if path.startswith("/api/view/"):
            path = "/api/view/-"  # the token is the document's key: not in the log
        method = getattr(self, "command", None) or "-"
        self.server.write_log(f"{method} {path or '-'} {self._status} {self._size} {took:.0f}ms")

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
        if close or self._unread:
            # A body not read cannot be told from a next request.
            self.send_header("Connection", "close")
            self.close_connection = True
        buffer: list[bytes] = getattr(self, "_headers_buffer", [])
        buffer.append(b"\r\n")
        head = b"".join(buffer)
        buffer.clear()
        self.connection.settimeout(self.timeout)
        if self.command == "HEAD":
            self.wfile.write(head)
        elif len(body) <= _READ_CHUNK:
            self.wfile.write(head + body)  # one write: one packet where it fits
        else:
            self.wfile.write(head)
            self.wfile.write(body)
        self._log()

    def _error(
        self, exc: ApiError, *, close: bool = False, headers: dict[str, str] | None = None
    ) -> None:
        self._send(
            exc.status, exc.body(), MEDIA_TYPES["json"], policy=ERROR_POLICY, close=close,
            headers=headers,
        )  # fmt: skip

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Malformed requests (bad request line, headers too long): JSON too."""
        if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
            # No request line was read: answer with headers all the same
            # (HTTP/0.9 responses have none, and no client speaks it).
            self.request_version = "HTTP/1.0"
        getattr(self, "_headers_buffer", []).clear()
        try:
            self._error(ApiError(code, message or HTTPStatus(code).phrase), close=True)
        except OSError:
            self.close_connection = True

    # -- methods ---------------------------------------------------------------

    def _allow(self, path: str) -> str | None:
        """The methods ``path`` takes (None: no such path)."""
        if path.startswith("/api/") and path.removeprefix("/api/") in ENDPOINTS:
            return "POST"
        if path == "/api/meta" or path in self.server.files or path.startswith("/api/view/"):
            return "GET, HEAD"
        return None

    def _not_allowed(self) -> None:
        path = urlsplit(self.path).path
        allow = self._allow(path)
        if allow is None:
            self._refuse_body(ApiError(404, f"{path}: no such page"))
            return
        said = {"POST": "send the file with POST"}.get(allow, f"{path} takes {allow}")
        self._refuse_body(ApiError(405, f"{path}: {said}"), headers={"Allow": allow})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path == "/api/meta":
            self._send(200, self.server.meta, MEDIA_TYPES["json"])
        elif path in self.server.files:
            body, kind = self.server.files[path]
            self._send(200, body, kind)
        elif path.startswith("/api/view/"):
            kept = self.server.take_view(path.removeprefix("/api/view/"))
            if kept is None:
                self._error(ApiError(404, "this document is no longer kept: make it again"))
            else:
                self._send(200, kept[0], MEDIA_TYPES["html"], policy=kept[1])
        else:
            self._not_allowed()

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        e = ENDPOINTS.get(url.path.removeprefix("/api/")) if url.path.startswith("/api/") else None
        if e is None:
            self._not_allowed()
            return
        try:
            self._same_site()
            values = parse_qs(url.query, keep_blank_values=True, strict_parsing=False)
            unknown = sorted(set(values) - {p.name for p in e.params} - {"name", "view"})
            if unknown:
                raise ApiError(
                    422,
                    f"{e.path} takes no {', '.join(unknown)}; it takes "
                    + ", ".join(p.name for p in e.params),
                )
            view = Query({"view": values.pop("view", ["false"])}).flag("view")
            name = values.pop("name", [""])[-1]
            validated(e, Query(values))
            deadline = self._started + self.server.time_limit
            body = self._upload(deadline)
        except ApiError as exc:
            self._refuse_body(exc)
            return
        except OSError as exc:  # the client reset or left while sending
            self.close_connection = True
            self._status = "reset" if isinstance(exc, ConnectionError) else "closed"
            self._log()
            return
        from trfkit.server.worker import Done, Job

        job = Job(e.name, body, self.headers.get("Content-Type", ""), name, values)
        del body
        try:
            result = self.server.pool.run(job, deadline)
        except Overtime:
            limit = self.server.time_limit
            self._error(ApiError(503, f"the request took longer than the limit of {limit:g} s"))
            return
        if not isinstance(result, Done):
            self._send(result.status, result.body, MEDIA_TYPES["json"], policy=ERROR_POLICY)
        elif view and result.policy is not None:
            token = self.server.keep_view(result.body, result.policy)
            answer = json.dumps({"view": f"/api/view/{token}"}).encode()
            self._send(200, answer, MEDIA_TYPES["json"])
        else:
            self._send(200, result.body, result.media_type, policy=result.policy or PAGE_POLICY)

    def _same_site(self) -> None:
        """A POST to /api from this server's page, or from a program that
        is no browser: refused (403) if the browser says another site sent
        it (``Origin``; without it ``Sec-Fetch-Site``, then ``Referer``),
        and without ``X-Trfkit``, which a page of another site cannot add
        unless this server allows it in a CORS preflight (it never does)."""
        own = "http://" + self.headers.get("Host", "").strip().lower()
        origin = self.headers.get("Origin")
        site = self.headers.get("Sec-Fetch-Site")
        referer = self.headers.get("Referer")
        if origin is not None:
            foreign = origin.strip().lower() != own
        elif site is not None:
            foreign = site.strip().lower() not in ("same-origin", "none")
        elif referer is not None:
            parts = urlsplit(referer.strip())
            foreign = f"{parts.scheme}://{parts.netloc}".lower() != own
        else:
            foreign = False
        if foreign:
            raise ApiError(403, "a page of another site may not use this server")
        if self.headers.get(TRFKIT_HEADER) is None:
            raise ApiError(
                403,
                f"send the header {TRFKIT_HEADER} (any value, e.g. curl -H '{TRFKIT_HEADER}: 1'): "
                "it keeps pages of other sites from posting here (docs/serve.md)",
            )

    # -- the body ----------------------------------------------------------------

    def _refuse_body(self, exc: ApiError, headers: dict[str, str] | None = None) -> None:
        """Answer before reading the body; the connection closes after, as
        its unread body cannot be told from a next request.

        A client still sending would see its connection reset, and may lose
        the answer with it: so the server stops writing, then throws away
        what still comes for at most a second (nothing is kept) before it
        closes. A client that sends ``Expect: 100-continue`` sends nothing.
        """
        self._error(exc, close=True, headers=headers)
        if not self._unread:
            return
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(0.25)
            until = time.monotonic() + 1.0
            while time.monotonic() < until and self.connection.recv(_READ_CHUNK):
                pass
        except OSError:
            pass

    def _upload(self, deadline: float) -> bytes:
        if self.headers.get("Transfer-Encoding"):
            raise ApiError(411, "send the file with a Content-Length, not chunked")
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise ApiError(411, "send the file with a Content-Length")
        length = int(length_text.split(",")[0])
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
        self._unread = False
        return body

    def _read(self, length: int, deadline: float) -> bytes:
        """``length`` bytes of body, or 408 once the time limit is past."""
        chunks: list[bytes] = []
        left = length
        while left:
            try:
                chunk = self.rfile.read1(min(left, _READ_CHUNK))
            except TimeoutError:
                if time.monotonic() >= deadline:
                    raise ApiError(408, "the upload took longer than the time limit") from None
                raise ApiError(408, "the upload stalled") from None
            if not chunk:
                raise ConnectionError("the client closed the connection")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)


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
