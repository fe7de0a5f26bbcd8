"""The pool of worker processes of ``trfkit serve``: work that can be stopped.

Each request's work runs in a worker process (:mod:`trfkit.server.worker`)
taken from the pool for that request alone. A worker that passes the
request's time limit is killed (SIGKILL) and replaced; one that ran out of
its memory limit, or holds more than ``recycle_rss`` once done, is
replaced too. So a request over its limits costs nothing after its answer:
no thread computing on, no memory held. Workers are forked by a fork server
that has imported and warmed everything a request uses
(:func:`trfkit.server.worker.forks`), so a new worker is ready in
milliseconds and the first request it takes is as fast as any.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trfkit.server.worker import Done, Job, Refused

__all__ = ["Overtime", "Pool"]


class Overtime(Exception):
    """The request's time limit passed before its work was done (or before
    a worker was free to do it)."""


def _rss(pid: int) -> int:
    """Resident bytes of process ``pid``, from /proc (0 where there is none)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class _Worker:
    def __init__(self, pid: int, conn: Connection) -> None:
        self.pid = pid
        self.conn = conn

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
        self.conn.close()


class Pool:
    """``size`` worker processes, each with ``memory_limit`` bytes of
    address space (``None``: no limit)."""

    def __init__(
        self,
        size: int,
        *,
        memory_limit: int | None,
        max_output: int,
        recycle_rss: int,
    ) -> None:
        self.recycle_rss = recycle_rss
        self._idle: queue.SimpleQueue[_Worker] = queue.SimpleQueue()
        self._workers: set[_Worker] = set()
        self._lock = threading.Lock()
        self._closed = False
        ours, theirs = socket.socketpair()
        code = (
            f"import sys; sys.path[:] = {sys.path!r}; from trfkit.server.worker import forks; "
            f"forks({theirs.fileno()}, {memory_limit!r}, {max_output!r})"
        )
        # Its own session: the fork server and its workers are one process
        # group it ends whole, and a Ctrl-C meant for the server reaches
        # the server alone (which then closes the pool).
        self._server = subprocess.Popen(
            [sys.executable, "-c", code], pass_fds=[theirs.fileno()], start_new_session=True
        )
        theirs.close()
        self._control = ours
        try:
            for _ in range(size):
                self._idle.put(self._spawn())
        except BaseException:
            self.close()
            raise

    def _spawn(self) -> _Worker:
        ours, theirs = socket.socketpair()
        with self._lock:
            if self._closed:
                raise OSError("the pool is closed")
            socket.send_fds(self._control, [b"F"], [theirs.fileno()])
            answer = b""
            while len(answer) < 8:
                got = self._control.recv(8 - len(answer))
                if not got:
                    raise OSError("trfkit serve's fork server ended")
                answer += got
        theirs.close()
        w = _Worker(int.from_bytes(answer, "little"), Connection(ours.detach()))
        with self._lock:
            self._workers.add(w)
        return w

    def _replace(self, w: _Worker) -> None:
        w.stop()
        with self._lock:
            self._workers.discard(w)
        with contextlib.suppress(OSError):  # closed meanwhile
            self._idle.put(self._spawn())

    def _replace_soon(self, w: _Worker) -> None:
        threading.Thread(target=self._replace, args=(w,), daemon=True).start()

    def pids(self) -> list[int]:
        """The fork server's and the workers' process ids."""
        with self._lock:
            return [self._server.pid, *(w.pid for w in self._workers)]

    def run(self, job: Job, deadline: float) -> Done | Refused:
        """``job``'s result, or :class:`Overtime` once ``deadline``
        (``time.monotonic()``) has passed; its worker is then killed."""
        from trfkit.server.api import ApiError
        from trfkit.server.worker import Refused

        payload = pickle.dumps(job, pickle.HIGHEST_PROTOCOL)
        for _ in range(3):  # a worker found dead while idle is replaced
            try:
                w = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise Overtime from None
            try:
                w.conn.send_bytes(payload)
            except OSError:
                self._replace_soon(w)
                continue
            break
        else:
            return Refused(500, ApiError(500, "internal error in trfkit: please report it").body())
        try:
            ready = w.conn.poll(max(0.0, deadline - time.monotonic()))
            result = pickle.loads(w.conn.recv_bytes()) if ready else None
        except (EOFError, OSError, pickle.UnpicklingError):
            # The worker died under the request (the kernel's limits, a
            # crash in an extension): not its user's doing to repeat.
            self._replace_soon(w)
            message = "the work for this request stopped: it may need more memory than the limit"
            return Refused(500, ApiError(500, message).body())
        if result is None:
            w.stop()  # at once: the work ends with its time
            self._replace_soon(w)
            raise Overtime
        if result.retire or (self.recycle_rss and _rss(w.pid) > self.recycle_rss):
            self._replace_soon(w)
        else:
            self._idle.put(w)
        return result  # type: ignore[no-any-return]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers = list(self._workers)
            self._workers.clear()
        for w in workers:
            w.stop()
        self._control.close()  # the fork server ends, and its group with it
        try:
            self._server.wait(5)
        except subprocess.TimeoutExpired:
            self._server.kill()
            self._server.wait(5)
