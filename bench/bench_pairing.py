"""Pairing speed: checking every round of a Swiss file against the Dutch
system, as a ratio to ``trfkit check`` (trfkit.validate) of the same file,
measured in the same run; and one round of a 1,000-player event.

Targets (issue 30): check all rounds of a 180x11 event in at most 5x a
``trfkit check``; pair one round of 1,000 players in at most 3 s within
500 MB. Run under the shared lock:

    flock /tmp/trfkit-bench.lock python bench/bench_pairing.py [--file F] [--players 1000]

Without ``--file`` the 180x11 file is an oracle file of about that size
(bbp-generated, so every round is a real Dutch pairing), else bench/generate.py's.
Not part of the test run.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from trfkit.checks import validate  # noqa: E402
from trfkit.pairing import System, check_pairings, pair_round  # noqa: E402
from trfkit.reader import load  # noqa: E402

ORACLE = HERE.parent.parent / "shared" / "pairing-oracle"


def _oracle_file(players: int, rounds: int) -> Path | None:
    best = None
    for f in sorted(ORACLE.glob("dutch-2026/*.trf")):
        p, r = (int(x) for x in f.stem.split("-")[1].split("x"))
        d = abs(p - players) + 10 * abs(r - rounds)
        if best is None or d < best[0]:
            best = (d, f)
    return best[1] if best else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path)
    ap.add_argument("--system", default="dutch-2026")
    ap.add_argument("--big", type=Path, help="a file of ~1000 players for the one-round target")
    args = ap.parse_args()
    path = args.file or _oracle_file(180, 11)
    if path is None:
        print("no file (give --file)")
        return 2
    t = load(path)
    t0 = time.perf_counter()
    validate(t)
    check_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    rep = check_pairings(t, System(args.system))
    pair_s = time.perf_counter() - t0
    agree = sum(r.agrees for r in rep.rounds)
    print(
        f"{path.name}: check {check_s:.3f} s, pairings {pair_s:.2f} s, ratio {pair_s / check_s:.1f} (target <= 5); {agree}/{len(rep.rounds)} rounds agree"
    )
    if args.big:
        big = load(args.big)
        r = big.rounds_played + 1
        t0 = time.perf_counter()
        pair_round(big, r, System(args.system))
        s = time.perf_counter() - t0
        mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{args.big.name}: one round {s:.2f} s (target <= 3), peak {mb:.0f} MB (target <= 500)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
