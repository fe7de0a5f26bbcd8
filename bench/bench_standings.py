"""Standings speed: trfkit.tiebreaks.standings against trfkit.load, as a ratio in one run.

The target of issue 18: the standings of the 3000-player, 13-round benchmark
Swiss with five tie-breaks (BH/C1, BH, SB, WIN, ARO) cost no more than
loading it, s/a <= 1.0. Run:

    python bench/bench_standings.py [--players 3000 --rounds 13 --repeat 11]

Same file and the same alternating pairs as bench_check.py and
bench_rate.py. Not part of the test run.

Measured: 2026-11-24, 2 cores shared with other work (load average 7),
--repeat 11-15, the file's dates choosing c07-pre2023: s/a = 2.84 at first
(load 121 ms, standings 328 ms: a tuple per element, a Decimal per value, a
pass per level when splitting a group); 1.05-1.12 with the cells read in
whole columns (one map a line, dummies patched in), rows as tuples, values
made once per distinct value and no cyclic GC during the work; 0.97-1.05
with WIN counted by one translate a line and undefined values found once
per column (a Decimal compared with None is slow). Under --rules c07-2023
and c07-2026 the same, within the noise.
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
from trfkit.tiebreaks import standings  # noqa: E402

TIEBREAKS = "BH/C1,BH,SB,WIN,ARO"


def main() -> int:
    ap = bench_arguments(__doc__ or "")
    ap.add_argument("--tiebreaks", default=TIEBREAKS)
    ap.add_argument("--profile", action="store_true", help="print the top of a profile")
    args = ap.parse_args()
    path = bench_file(args)

    t = trfkit.load(path)  # warm up: grammar caches, imports
    s = standings(t, args.tiebreaks)
    assert len(s.rows) == args.players
    if args.profile:
        cProfile.runctx(
            "standings(t, tb)", globals(), {"t": t, "standings": standings, "tb": args.tiebreaks},
            "/tmp/standings.prof",
        )  # fmt: skip
        pstats.Stats("/tmp/standings.prof").sort_stats("cumulative").print_stats(25)

    a, r, ratio = paired(
        lambda: trfkit.load(path), lambda: standings(t, args.tiebreaks), args.repeat
    )
    print(
        f"file: {path.name} ({args.players} players, {args.rounds} rounds), tie-breaks "
        f"{args.tiebreaks} under {s.edition.name}, {len(s.tied)} groups left tied, "
        f"median of {args.repeat} alternating pairs"
    )
    print(f"  (a) trfkit.load       {a:8.1f} ms")
    print(f"  (s) tiebreaks.standings {r:6.1f} ms   s/a = {ratio:.2f}  (target <= 1.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
