"""Load speed: trfkit.load against the floor, measured as ratios in one run.

The floor is the least any reader must do: read the file, split it into lines,
and slice the 001 fields and every round cell into tuples. The target of
issue 2: trfkit.load costs at most 2.5x the floor on a 3000-player, 13-round
file. Run:

    python bench/bench_load.py [--players 3000 --rounds 13 --repeat 11]

It writes the generated file under bench/out/ (seeded, so every run times the
same bytes) and prints medians and ratios. Not part of the test run: times
are only compared with each other, never with a fixed number.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate  # noqa: E402

import trfkit  # noqa: E402

Row = tuple[tuple[str, ...], list[tuple[str, str, str]]]


def floor(path: Path) -> list[Row]:
    """Split lines and slice the 001 fields and round cells into tuples."""
    text = path.read_bytes().decode("utf-8")
    rows: list[Row] = []
    for line in text.splitlines():
        if line[:3] == "001":
            fields = (
                line[4:8], line[9], line[10:13], line[14:47], line[48:52], line[53:56],
                line[57:68], line[69:79], line[80:84], line[85:89],
            )  # fmt: skip
            cells = [
                (line[p : p + 4], line[p + 5], line[p + 7]) for p in range(91, len(line) - 7, 10)
            ]
            rows.append((fields, cells))
    return rows


def once(fn: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def alternating(contenders: Sequence[Callable[[], object]], repeat: int) -> list[list[float]]:
    """Times (s) of each contender over ``repeat`` repetitions, one list per contender.

    Within a repetition the contenders run in turn, each after a
    gc.collect(), so a machine that slows down for a while (another process,
    frequency scaling) slows all of them alike; compare them by the medians
    of per-repetition ratios.
    """
    times: list[list[float]] = [[] for _ in contenders]
    for _ in range(repeat):
        for fn, out in zip(contenders, times, strict=True):
            out.append(once(fn))
    return times


def paired(
    a: Callable[[], object], c: Callable[[], object], repeat: int
) -> tuple[float, float, float]:
    """Median times of a and c (ms) and the median of their per-pair ratios.

    a and c alternate, so a machine that slows down for a while (another
    process, frequency scaling) slows both sides of a pair alike.
    """
    ta, tc = alternating((a, c), repeat)
    ratios = [y / x for x, y in zip(ta, tc, strict=True)]
    return statistics.median(ta) * 1000, statistics.median(tc) * 1000, statistics.median(ratios)


def bench_arguments(doc: str) -> argparse.ArgumentParser:
    """The options every speed script shares: the file's size and seed, and
    the number of alternating pairs."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--players", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=13)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=11)
    return ap


def bench_loaded(doc: str) -> tuple[argparse.Namespace, Path, trfkit.Tournament]:
    """A script's options (:func:`bench_arguments`), its file and the file loaded."""
    args = bench_arguments(doc).parse_args()
    path = bench_file(args)
    return args, path, trfkit.load(path)


def bench_file(args: argparse.Namespace) -> Path:
    """The seeded benchmark file in bench/out/, generated once."""
    return bench_path(args.players, args.rounds, args.seed)


def bench_path(
    players: int, rounds: int, seed: int, *, legacy_titles: bool = False, verify: bool = False
) -> Path:
    """The seeded file ``bench/out/big-PxR[-legacytitles].trf``, generated once.

    With ``verify`` the file is regenerated and rewritten when its bytes are
    not those the generator makes for ``seed`` (a file left by another seed).
    The write is atomic, so a reader running at the same time sees the old
    file or the new one, never half of one.
    """
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    path = out / f"big-{players}x{rounds}{'-legacytitles' if legacy_titles else ''}.trf"
    if path.exists() and not verify:
        return path
    text = generate(players, rounds, seed, legacy_titles=legacy_titles)
    data = text.encode("utf-8")
    if not path.exists() or path.read_bytes() != data:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    return path


def main() -> int:
    args = bench_arguments(__doc__ or "").parse_args()
    path = bench_file(args)

    t = trfkit.load(path)  # warm up: grammar cache, imports
    assert len(t.players) == args.players and not t.diagnostics, t.diagnostics[:3]
    assert len(floor(path)) == args.players

    f, c, ratio = paired(lambda: floor(path), lambda: trfkit.load(path), args.repeat)
    print(
        f"file: {path.name} ({path.stat().st_size / 1e6:.2f} MB, {args.players} players, "
        f"{args.rounds} rounds), median of {args.repeat} alternating pairs"
    )
    print(f"  (a) floor          {f:8.1f} ms")
    print(f"  (c) trfkit.load    {c:8.1f} ms   c/a = {ratio:.2f}  (target <= 2.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
