"""Hostile input: garbage files and very long lines, read in linear time.

Issue 6 asks that a 50 MB file of garbage and a 100,000-character line each
finish in linear time with diagnostics. This reads, checks and rates random
bytes of 5 MB and 50 MB, and a file with one 10,000- and one 100,000-character
player line, and prints the times and the ratio large/small (10 for linear
cost). Run:

    python bench/bench_hostile.py

Not part of the test run (tests/test_reader_limits.py holds the long-line shapes to
linear cost at smaller sizes).

    python bench/bench_hostile.py commands [--quick]

times every command of the command line (check, rate, report --form all,
norms, standings, fmt, fmt --to trf26, rate-period) on the shapes of issue
29, each at growing sizes: many cells on one line (the issue's file:
swiss-trf16.trf with N wins of player 15 against player 2 appended), many
lines for one starting rank, a huge round count in 142 and XXR, many teams,
a deep block of ### comments. Each command runs as a user runs it, in a
process of its own (with --max-line-length 0, so that long lines are read);
a time is the wall time of one run, the start of Python (about 0.3 s)
included. Prints a Markdown table (bench/RESULTS.md, "Hostile input:
commands"); the ratio of the last two sizes is 10 for linear cost.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import trfkit
from trfkit.checks import validate
from trfkit.rating.engine import rate

ROOT = Path(__file__).resolve().parent.parent


def _all(data: bytes, max_line_length: int | None) -> int:
    t = trfkit.loads(data, max_line_length=max_line_length)
    found = len(t.diagnostics) + len(validate(t))
    rate(t)
    assert trfkit.dumpb(t) == data, "lost or altered bytes"
    assert all(d.line >= 1 and d.found and d.expected for d in t.diagnostics if d.code != "P005")
    return found


def _timed(data: bytes, limit: int | None) -> tuple[float, int, float]:
    """Seconds, findings, and the traced peak (MiB) of a second, traced run:
    tracing slows Python down too much to time it."""
    start = time.perf_counter()
    found = _all(data, limit)
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    _all(data, limit)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return elapsed, found, peak / 2**20


def _shapes() -> dict[str, tuple[Callable[[int], bytes], tuple[int, ...]]]:
    """Each hostile shape: how to make it at size N, and the sizes."""
    base = (ROOT / "fixtures" / "swiss-trf16.trf").read_bytes()
    team = (ROOT / "fixtures" / "team-trf16.trf").read_bytes()
    lines = base.split(b"\n")
    p15 = next(line for line in lines if line.startswith(b"001   15"))

    def cells(n: int) -> bytes:
        return base.replace(p15, p15 + b"     2 w 1" * n)

    def ranks(n: int) -> bytes:
        return base.rstrip(b"\n") + b"\n" + (p15 + b"\n") * n

    def declared(n: int) -> bytes:
        return base.replace(b"\n001    1", f"\n142 {n}\nXXR {n}\n001    1".encode(), 1)

    def teams(n: int) -> bytes:
        extra = b"".join(
            f"013 {f'Team {k}':<32}{1 + k % 13:>5}{1 + (k + 5) % 13:>5}\n".encode()
            for k in range(n)
        )
        return team.rstrip(b"\n") + b"\n" + extra

    def comments(n: int) -> bytes:
        return base.replace(b"\n001    1", b"\n" + b"### a comment\n" * n + b"001    1", 1)

    return {
        "cells on one line": (cells, (20, 100, 1_000, 10_000)),
        "lines for one rank": (ranks, (100, 1_000, 10_000)),
        "142/XXR rounds": (declared, (1_000, 100_000, 1_000_000)),
        "teams (013)": (teams, (100, 1_000, 10_000)),
        "### comments": (comments, (1_000, 10_000, 100_000)),
    }


_COMMANDS: dict[str, list[str]] = {
    "check": ["check", "--jobs", "1"],
    "rate": ["rate"],
    "report forms": ["report", "--form", "all"],
    "norms": ["norms"],
    "standings": ["standings"],
    "fmt": ["fmt"],
    "fmt --to trf26": ["fmt", "--to", "trf26"],
    "rate-period": ["rate-period", "--period", "2025-03"],
}
_LIMIT = 120.0


def _run(command: list[str], path: str) -> str:
    """The wall time of one run, or why there is none."""
    args = [sys.executable, "-m", "trfkit", *command, "--max-line-length", "0", path]
    start = time.perf_counter()
    try:
        done = subprocess.run(args, capture_output=True, timeout=_LIMIT, check=False)
    except subprocess.TimeoutExpired:
        return f"> {_LIMIT:.0f} s"
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1) or b"Traceback" in done.stderr:
        return f"{elapsed:.2f} s (exit {done.returncode})"
    return f"{elapsed:.2f} s"


def commands(quick: bool = False) -> int:
    """Every command on every hostile shape, as a Markdown table."""
    print("| shape | command | time per size | ratio of the last two |")
    print("| --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        for k, (shape, (make, sizes)) in enumerate(_shapes().items()):
            if quick:
                sizes = sizes[:2]
            paths = []
            for n in sizes:
                path = Path(folder) / f"shape{k}-{n}.trf"
                path.write_bytes(make(n))
                paths.append((n, str(path)))
            for name, command in _COMMANDS.items():
                times = [(n, _run(command, path)) for n, path in paths]
                cells = ", ".join(f"N={n:,}: {t}" for n, t in times)
                try:
                    a, b = (float(t.split()[0]) for _, t in times[-2:])
                    ratio = f"{b / a:.1f} (sizes x{paths[-1][0] // paths[-2][0]})"
                except ValueError:
                    ratio = "-"
                print(f"| {shape} | {name} | {cells} | {ratio} |", flush=True)
    return 0


def main() -> int:
    if sys.argv[1:2] == ["commands"]:
        return commands(quick="--quick" in sys.argv)
    rng = random.Random(6)
    base = (ROOT / "fixtures" / "swiss-trf16.trf").read_bytes()
    player = next(line for line in base.split(b"\n") if line.startswith(b"001"))
    cases = {
        "random bytes": lambda n: rng.randbytes(n),
        "one long player line": lambda n: base + player + b"  0002 w 1" * (n // 10) + b"\n",
    }
    sizes = {"random bytes": (5_000_000, 50_000_000), "one long player line": (10_000, 100_000)}
    for name, make in cases.items():
        small, large = (make(n) for n in sizes[name])
        for limit in (None,) if name == "random bytes" else (None, trfkit.reader.MAX_LINE_LENGTH):
            a = _timed(small, limit)
            b = _timed(large, limit)
            print(
                f"{name:22s} max_line_length={limit!s:6s} {len(small):>11,} B: {a[0]:6.2f} s "
                f"{a[1]:>7} findings {a[2]:7.1f} MiB | {len(large):>11,} B: {b[0]:6.2f} s "
                f"{b[1]:>7} findings {b[2]:7.1f} MiB | time ratio {b[0] / a[0]:5.1f} (linear: 10)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
