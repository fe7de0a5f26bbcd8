"""A ``trfkit serve`` server on a free loopback port, for the tests."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from trfkit.server.app import Server, make_server


@contextmanager
def running(**options: Any) -> Iterator[Server]:
    """A server on 127.0.0.1 at a free port, serving in a thread."""
    server = make_server("127.0.0.1", 0, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def port(server: Server) -> int:
    return int(server.server_address[1])


def host(server: Server) -> bytes:
    """The ``Host`` header line a client of ``server`` sends."""
    return f"Host: 127.0.0.1:{port(server)}\r\n".encode()


def request(
    server: Server,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    *,
    trfkit_header: bool = True,
) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one request on its own connection; a
    POST says it comes from a program (``X-Trfkit``) unless told not to."""
    sent = dict(headers or {})
    if method == "POST" and trfkit_header:
        sent.setdefault("X-Trfkit", "test")
    conn = http.client.HTTPConnection("127.0.0.1", port(server), timeout=30)
    try:
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


@contextmanager
def spawned(log: Path, **options: Any) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """A server in a process of its own on 127.0.0.1 at a free port, its
    log (standard error) in ``log``: (port, process). Its memory is its
    own, and the test's interpreter shares none of it."""
    code = (
        f"import sys; sys.path[:] = {sys.path!r}; from trfkit.server.app import make_server; "
        f"s = make_server('127.0.0.1', 0, log=sys.stderr, **{options!r}); "
        "print(s.server_address[1], flush=True); "
        "\ntry:\n    s.serve_forever()\nexcept KeyboardInterrupt:\n    pass\nfinally:\n    s.server_close()"
    )
    with open(log, "wb") as err:
        process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=err)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.strip().isdigit(), f"the server did not start: {log.read_text()}"
        yield int(line), process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def descendants(pid: int) -> list[int]:
    """``pid`` and every process under it, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += children.get(p, [])
    return found


def rss(pids: list[int]) -> int:
    """Resident bytes of ``pids``, summed, from /proc."""
    total = 0
    for p in pids:
        with suppress(OSError, ValueError, IndexError):
            total += int(Path(f"/proc/{p}/statm").read_text().split()[1]) * os.sysconf(
                "SC_PAGE_SIZE"
            )
    return total
