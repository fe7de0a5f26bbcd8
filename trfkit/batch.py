"""Many files at once: worker processes, results in input order, a progress bar.

A federation's CI checks whole archives and a rating server imports a
month of files; each file is independent, so ``trfkit check --jobs N`` reads
and checks them in ``N`` processes. :func:`in_order` hands out the work and
yields each result in the order of the input, as soon as it and every
earlier one are done, so output streams and is the same whatever ``N`` is.

Processes are forked where the platform can (Linux): a child starts with
the parent's imports and compiled grammar instead of loading them again.
"""

from __future__ import annotations

import fnmatch
import os
import re
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, TextIO, TypeVar

__all__ = ["default_jobs", "in_order", "progress_bar", "trf_files"]

T = TypeVar("T")
R = TypeVar("R")

# Fewer files than this are read in this process whatever --jobs says:
# starting workers costs more than a few small files take to check.
_WORTH_A_POOL = 8
# The most items sent to a worker at once (see _chunk_sizes).
_MAX_CHUNK = 32


# The extensions TRF files come with in the wild (.trf; .trfx for engine
# files; .tab from ICU; .txt; bbpPairings' test .input), and files with none.
_EXTENSIONS = {".trf", ".trfx", ".tab", ".txt", ".input", ""}
# Of those, the ones only TRF files have: such a file is taken by its name
# whatever it holds, so that one that is no TRF file (a .trf that is really
# a .docx, an empty export) is reported, not passed over. The others are
# also other programs' (notes.txt, README): only a TRF first line takes them.
_TRF_EXTENSIONS = {".trf", ".trfx"}
_TRF_START = re.compile(rb"\s*(?:\xef\xbb\xbf)?(?:\d{3}|XX[A-Z]|###|BB[A-Z])(?: |\r|\n|$)")


def _looks_like_trf(path: Path) -> bool:
    # The first line of a TRF file is a record: a 3-character code and a blank.
    try:
        with path.open("rb") as fh:
            head = fh.read(64)
    except OSError:
        return False
    return bool(_TRF_START.match(head))


def _matches(relative: str, globs: Sequence[str]) -> bool:
    """``relative`` (a path below the directory given, with ``/``) matches
    one of ``globs``: the whole relative path, or its last part when the
    pattern has no ``/`` (so ``*.trf`` matches at any depth)."""
    name = relative.rsplit("/", 1)[-1]
    return any(
        fnmatch.fnmatchcase(relative, g) or ("/" not in g and fnmatch.fnmatchcase(name, g))
        for g in globs
    )


def trf_files(paths: Iterable[str], globs: Sequence[str] = ()) -> Iterator[str]:
    """The files ``paths`` name, each directory's in sorted order.

    A file is yielded as given (a path that does not exist too, so that the
    caller reports it). A directory is walked recursively, hidden files and
    folders skipped, and yields its TRF files: with ``globs``, the files whose
    path below the directory matches one of them (``fnmatch``: ``*`` also
    crosses ``/``; a pattern without ``/`` is matched against the name);
    without, the ``.trf`` and ``.trfx`` files, and the files with another
    extension TRF files come with (``.tab .txt .input`` or none) whose first
    line is a TRF record. A file taken by its name or pattern that is no TRF
    file is the reader's to refuse, and the caller's to report.

    >>> list(trf_files(["fixtures/ratinglist"]))
    []
    >>> list(trf_files(["fixtures"], globs=["swiss-*.trf"]))
    ['fixtures/swiss-trf16.trf', 'fixtures/swiss-trf26.trf']
    """
    for given in paths:
        root = Path(given)
        if not root.is_dir():
            yield given
            continue
        found: list[str] = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in files:
                if name.startswith("."):
                    continue
                path = Path(folder) / name
                if globs:
                    if _matches(path.relative_to(root).as_posix(), globs):
                        found.append(str(path))
                elif (suffix := path.suffix.lower()) in _TRF_EXTENSIONS or (
                    suffix in _EXTENSIONS and _looks_like_trf(path)
                ):
                    found.append(str(path))
        yield from sorted(found)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _context() -> Any:
    # multiprocessing and concurrent.futures are imported only for a pool:
    # checking one file should not pay for them (8 ms of a start).
    import multiprocessing

    if "fork" in multiprocessing.get_all_start_methods() and sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _chunk_sizes(n: int, jobs: int) -> list[int]:
    """Chunk sizes that add up to ``n``: large at first, then smaller.

    Chunks amortise the cost of sending work and results between processes;
    shrinking them towards the end (guided scheduling) means no worker idles
    while another finishes a long last chunk.

    >>> _chunk_sizes(100, 2)
    [13, 11, 10, 9, 8, 7, 6, 5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    sizes: list[int] = []
    left = n
    while left:
        size = min(_MAX_CHUNK, -(-left // (jobs * 4)))  # ceil: at least 1
        sizes.append(size)
        left -= size
    return sizes


def _run_chunk(work: Callable[[T], R], chunk: Sequence[T]) -> list[R]:
    return [work(item) for item in chunk]


def in_order(
    work: Callable[[T], R],
    items: Sequence[T],
    *,
    jobs: int,
    warm_up: Callable[[], object] | None = None,
    done: Callable[[int], object] | None = None,
) -> Iterator[R]:
    """``work(item)`` for each item, yielded in input order.

    With ``jobs`` > 1 and enough items, ``work`` runs in ``jobs`` worker
    processes (``work`` and the items must pickle; a module-level function
    does). ``warm_up`` runs once here first, so that forked workers inherit
    what it loads. ``done(n)`` is called as ``n`` more results are ready.
    ``work`` should return its failures rather than raise them: an
    exception stops the run.
    """
    jobs = min(jobs, len(items))
    if jobs <= 1 or len(items) < _WORTH_A_POOL:
        for item in items:
            result = work(item)
            if done is not None:
                done(1)
            yield result
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    if warm_up is not None:
        warm_up()
    # No gc.freeze() in the workers, though it would keep the collector off
    # the pages they share with this process: trfkit._gc checks the freeze
    # count after each file's bulk work, and counting walks every frozen
    # object (it tripled a worker's time).
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_context()) as pool:
        try:
            # All chunks are queued at once (as Executor.map does); the
            # workers take the next as they finish one.
            start, futures = 0, deque[Future[list[R]]]()
            for size in _chunk_sizes(len(items), jobs):
                futures.append(pool.submit(_run_chunk, work, items[start : start + size]))
                start += size
            while futures:
                # Popped, so that a chunk's results are not kept here too.
                results = futures.popleft().result()
                if done is not None:
                    done(len(results))
                yield from results
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def progress_bar(
    total: int, *, stream: TextIO | None = None, what: str = "files"
) -> AbstractContextManager[Callable[[int], object] | None]:
    """A progress bar on ``stream`` (standard error) when it is a terminal
    and there is more than one file; otherwise nothing (``None``), so piped
    and redirected output stays clean. Used as ``with progress_bar(n) as
    done:``; call ``done(k)`` as ``k`` more are finished."""
    stream = sys.stderr if stream is None else stream
    if total < 2 or not stream.isatty() or os.environ.get("TERM") == "dumb":
        return nullcontext(None)
    return _RichBar(total, stream, what)


class _RichBar(AbstractContextManager[Callable[[int], object]]):
    """rich's progress bar, imported only when a terminal will show it."""

    def __init__(self, total: int, stream: TextIO, what: str) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(file=stream),
            transient=True,
        )
        self._task = self._progress.add_task(what, total=total)

    def __enter__(self) -> Callable[[int], object]:
        self._progress.start()
        return self._advance

    def _advance(self, n: int) -> None:
        self._progress.advance(self._task, n)

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()
