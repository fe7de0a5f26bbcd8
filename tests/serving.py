"""A ``trfkit serve`` server on a free loopback port, for the tests."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


def request(
    server: Server,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one request on its own connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port(server), timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()
