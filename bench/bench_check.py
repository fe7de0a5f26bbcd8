"""Check speed: trfkit.validate against trfkit.load, measured as ratios in one run.

The target of issue 3: checking the 3000-player, 13-round benchmark file
(every structural and regulation check, under --rules auto) costs no more
than loading it, c/a <= 1.0. Run:

    python bench/bench_check.py [--players 3000 --rounds 13 --repeat 11]

The file is the seeded one bench_load.py uses (bench/out/). Load and check
alternate, and the median of the per-pair ratios is reported, so a machine
that slows down for a while slows both sides of a pair alike. Not part of the
test run.

Measured: 2026-11-21, 2 cores (noisy), --repeat 9: c/a = 3.50 before the
shortcut index and per-check tuning (load 37 ms, validate 152 ms), 0.79 after
(load 41 ms, validate 31 ms).
"""

from __future__ import annotations

import cProfile
import pstats
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_load import bench_arguments, bench_file, paired  # noqa: E402

import trfkit  # noqa: E402
from trfkit.checks import validate  # noqa: E402


def main() -> int:
    ap = bench_arguments(__doc__ or "")
    ap.add_argument(
        "--profile", action="store_true", help="print the top of a profile of one check"
    )
    args = ap.parse_args()
    path = bench_file(args)

    t = trfkit.load(path)  # warm up: grammar caches, imports
    found = validate(t)
    assert len(t.players) == args.players and not t.diagnostics, t.diagnostics[:3]
    by_code: dict[str, int] = {}
    for d in found:
        by_code[d.code] = by_code.get(d.code, 0) + 1
    if args.profile:
        cProfile.runctx("validate(t)", globals(), {"t": t, "validate": validate}, "/tmp/check.prof")
        pstats.Stats("/tmp/check.prof").sort_stats("cumulative").print_stats(15)

    a, c, ratio = paired(lambda: trfkit.load(path), lambda: validate(t), args.repeat)
    print(
        f"file: {path.name} ({args.players} players, {args.rounds} rounds), "
        f"findings {by_code}, median of {args.repeat} alternating pairs"
    )
    print(f"  (a) trfkit.load      {a:8.1f} ms")
    print(f"  (c) trfkit.validate  {c:8.1f} ms   c/a = {ratio:.2f}  (target <= 1.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
