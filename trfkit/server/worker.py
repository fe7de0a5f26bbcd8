"""One worker process of ``trfkit serve``: the work of a request, where it
can be stopped.

A thread cannot be stopped once it computes (``future.cancel()`` leaves a
running task running), so every request's work -- reading the multipart
body, the endpoint's document, its size and its policy -- runs here, in a
process the server kills and replaces when the time limit passes
(:mod:`trfkit.server.pool`). Each worker has an address-space limit
(``RLIMIT_AS``): a request that needs more memory is refused 413 and the
worker is replaced, so the memory goes back to the system with it.

Workers are forked by a fork server of their own (:func:`forks`, a
process the server starts with ``python -c``, so nothing of the server's
own ``__main__`` runs again), which has imported everything a request uses
and made one small file's every document: a worker forked from it is warm,
its first request costs what its hundredth does, and it is ready in
milliseconds.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import resource
import signal
import socket
from email.message import Message
from multiprocessing.connection import Connection

import attrs

from trfkit.server import api
from trfkit.server.api import ENDPOINTS, MEDIA_TYPES, ApiError, Query, Upload
from trfkit.server.policy import document_policy

__all__ = ["MAX_PARTS", "Done", "Job", "Refused", "forks", "main", "multipart", "run"]

# A form of the page has one part (the file); curl -F sends one a field.
# More than this is no upload of a TRF file, and is refused before the
# parts are read: a body of 291,271 one-byte parts took 32 s and 1.1 GB in
# the standard library's e-mail parser (issue 29).
MAX_PARTS = 16
# A part's own headers (Content-Disposition, Content-Type): a few lines.
_MAX_PART_HEAD = 8192


@attrs.frozen
class Job:
    """A request's work: the endpoint, the body as received, its
    Content-Type, the ``name`` given and the query's values."""

    endpoint: str
    body: bytes
    content_type: str
    name: str
    query: dict[str, list[str]]


@attrs.frozen
class Done:
    """A document made: its bytes, media type and Content-Security-Policy
    (``None``: the page's)."""

    body: bytes
    media_type: str
    policy: str | None
    retire: bool = False


@attrs.frozen
class Refused:
    """A refusal: its status and JSON body; ``retire``: the worker ends
    after it (it ran out of memory)."""

    status: int
    body: bytes
    retire: bool = False


def multipart(body: bytes, content_type: str) -> tuple[bytes, str]:
    """The data and file name of the part named ``file`` of a
    ``multipart/form-data`` body (RFC 7578), reading at most
    :data:`MAX_PARTS` parts: linear in the body, whatever it holds."""
    head = Message()
    head["Content-Type"] = content_type
    boundary = head.get_param("boundary")
    if not isinstance(boundary, str) or not boundary or len(boundary) > 70:
        raise ApiError(400, "multipart/form-data without a boundary (RFC 2046 §5.1.1)")
    delimiter = b"--" + boundary.encode("latin-1", "replace")
    at = body.find(delimiter)
    parts = 0
    while at >= 0:
        start = at + len(delimiter)
        if body.startswith(b"--", start):
            break  # the close delimiter
        parts += 1
        if parts > MAX_PARTS:
            raise ApiError(
                413, f"a multipart body of more than {MAX_PARTS} parts: send the file alone"
            )
        end = body.find(b"\r\n" + delimiter, start)
        if end < 0:
            raise ApiError(400, "a multipart part without its closing boundary")
        part = body[start:end]
        split = part.find(b"\r\n\r\n", 0, _MAX_PART_HEAD)
        if split < 0:
            raise ApiError(400, "a multipart part without its headers' end (or headers over 8 kB)")
        headers = Message()
        for line in part[:split].decode("latin-1").split("\r\n"):
            key, colon, value = line.partition(":")
            if colon:
                headers[key.strip()] = value.strip()
        if headers.get_param("name", header="content-disposition") == "file":
            if headers.get("Content-Transfer-Encoding", "binary").lower() not in (
                "binary", "7bit", "8bit"
            ):  # fmt: skip
                raise ApiError(
                    400, "a multipart part with a Content-Transfer-Encoding (RFC 7578 §4.7)"
                )
            return part[split + 4 :], headers.get_filename() or ""
        at = end + 2
    raise ApiError(400, "multipart/form-data without a field named file")


def run(job: Job, max_output: int) -> Done | Refused:
    """The document of ``job``, or why it was refused."""
    try:
        data, name = job.body, job.name
        if job.content_type.split(";")[0].strip().lower() == "multipart/form-data":
            data, sent = multipart(job.body, job.content_type)
            name = name or sent
        upload = Upload(data, shown(name) or "<upload>")
        reply = ENDPOINTS[job.endpoint].make(upload, Query(job.query))
        if len(reply.body) > max_output:
            raise ApiError(
                413,
                f"the answer would be {len(reply.body)} bytes, over the server's limit of "
                f"{max_output}: ask for a smaller document (another format or form)",
            )
        policy = document_policy(reply.body.decode()) if reply.format == "html" else None
        return Done(reply.body, MEDIA_TYPES[reply.format], policy)
    except ApiError as exc:
        return Refused(exc.status, exc.body())
    except MemoryError:
        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        said = f" of {limit // 2**20} MB" if limit > 0 else ""
        refusal = ApiError(
            413, f"the work needed more memory than the server's limit{said} a request"
        )
        return Refused(413, refusal.body(), retire=True)
    except Exception:  # a bug in trfkit: say so, keep serving, send no data
        return Refused(500, ApiError(500, "internal error in trfkit: please report it").body())


def shown(name: str) -> str:
    """A name for the upload, as shown in documents (see :func:`api.shown`)."""
    return api.shown(name)


def main(conn: Connection, memory_limit: int | None, max_output: int) -> None:
    """Serve jobs from ``conn`` until it closes or a job ran out of memory."""
    if memory_limit:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    while True:
        try:
            job = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        result = run(job, max_output)
        try:
            conn.send_bytes(pickle.dumps(result, pickle.HIGHEST_PROTOCOL))
        except (OSError, MemoryError):
            return
        if result.retire:
            return


def _warm() -> None:
    """One small file through every endpoint: the grammar, the rule tables
    and the renderers loaded once, in the fork server, for every worker."""
    lines = [
        "012 Warm-up",
        "042 2025/01/01",
        "052 2025/01/02",
        "062 2",
        "092 Swiss",
        *(
            f"001 {n:>4} m    Player {n:<24}  2000 ENG {n:>11} 2000/01/01  1.0 {n:>4}"
            f"  {3 - n:>4} {'w' if n == 1 else 'b'} {'1' if n == 1 else '0'}"
            for n in (1, 2)
        ),
    ]
    data = ("\n".join(lines) + "\n").encode()
    for name, e in ENDPOINTS.items():
        for fmt in e.formats[:1] + (("html",) if "html" in e.formats else ()):
            with contextlib.suppress(Exception):
                run(Job(name, data, "", "warm.trf", {"format": [fmt]}), 2**30)


def forks(control: int, memory_limit: int | None, max_output: int) -> None:
    """The fork server: for each socket received on ``control``, fork a
    worker serving jobs on it, and answer its process id. Ends, with every
    worker (its process group), when the server closes ``control``."""
    _warm()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the workers
    ctl = socket.socket(fileno=control)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(ctl, 1, 1)
        except OSError:
            break
        if not message or not fds:
            break
        pid = os.fork()
        if pid == 0:  # the worker
            try:
                ctl.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                main(Connection(fds[0]), memory_limit, max_output)
            finally:
                os._exit(0)
        os.close(fds[0])
        try:
            ctl.sendall(pid.to_bytes(8, "little"))
        except OSError:
            break
    if os.getpgid(0) == os.getpid():  # its own group (start_new_session): the workers'
        os.killpg(0, signal.SIGKILL)
