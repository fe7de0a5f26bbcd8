"""Hostile input: garbage files and very long lines, read in linear time.

Issue 6 asks that a 50 MB file of garbage and a 100,000-character line each
finish in linear time with diagnostics. This reads, checks and rates random
bytes of 5 MB and 50 MB, and a file with one 10,000- and one 100,000-character
player line, and prints the times and the ratio large/small (10 for linear
cost). Run:

    python bench/bench_hostile.py

Not part of the test run (tests/test_limits.py holds the long-line shapes to
linear cost at smaller sizes).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
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


def main() -> int:
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
