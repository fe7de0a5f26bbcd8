"""Rating speed: trfkit.rate against trfkit.load, measured as ratios in one run.

The target of issue 4: rating the 3000-player, 13-round benchmark file
(under --rules auto, K derived) costs no more than loading it, r/a <= 1.0.
Run:

    python bench/bench_rate.py [--players 3000 --rounds 13 --repeat 11]

Same file and the same alternating pairs as bench_check.py. Not part of the
test run.

Measured: 2026-11-21, 2 cores (noisy), --repeat 9, rules auto (fide-2022 for
this file's dates): r/a = 9.6 at first (load 60 ms, rate 572 ms: Fraction
sums per game, attrs records per game, the cyclic GC walking the loaded
tournament); 2.7 after integer sums, table lookups inline, NamedTuples built
by tuple.__new__ and cached Fractions (load 37 ms, rate 102 ms); 2.5 with
newcomers summed in integers too (load 35 ms, rate 88 ms); 1.47 with the sums
read straight from the file's games and the game records made only when read
(LazyGames); 0.89-1.07 with newcomers on that path too, player lines built
by position and PD read by index (noisy runs, load 55-97 ms).

2026-11-22, --repeat 21, three runs: r/a = 1.03 at first (load 43 ms, rate
42 ms); 0.91 in each run after one hoisted loop for plain Swiss events,
newcomers and new ratings in integers, report lines built by position
through trfkit._records, and the cap's sides found once (load 46 ms, rate
41 ms).
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
from trfkit.rating.engine import rate  # noqa: E402


def main() -> int:
    ap = bench_arguments(__doc__ or "")
    ap.add_argument("--rules", default="auto")
    ap.add_argument("--profile", action="store_true", help="print the top of a profile")
    args = ap.parse_args()
    path = bench_file(args)

    t = trfkit.load(path)  # warm up: grammar caches, imports
    report = rate(t, rules=args.rules)
    assert len(report.players) == args.players
    counted = sum(p.n for p in report.players)
    if args.profile:
        cProfile.runctx(
            "rate(t, rules=r)", globals(), {"t": t, "rate": rate, "r": args.rules}, "/tmp/rate.prof"
        )
        pstats.Stats("/tmp/rate.prof").sort_stats("cumulative").print_stats(20)

    a, r, ratio = paired(lambda: trfkit.load(path), lambda: rate(t, rules=args.rules), args.repeat)
    print(
        f"file: {path.name} ({args.players} players, {args.rounds} rounds), rules "
        f"{report.rules}, {counted} rated game sides, median of {args.repeat} alternating pairs"
    )
    print(f"  (a) trfkit.load  {a:8.1f} ms")
    print(f"  (r) trfkit.rate  {r:8.1f} ms   r/a = {ratio:.2f}  (target <= 1.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
