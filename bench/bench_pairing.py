"""Pairing speed: checking every round of a Swiss file against the Dutch
system, as a ratio to ``trfkit check`` of the same file measured in the same
run; and one round of a 1,000-player event (time and peak memory).

Targets (issue 30): ``trfkit pairings`` on a 180x11 event in at most 5x a
``trfkit check`` of it (both as the commands a user runs, so each includes
starting Python and reading the file: check is about 0.2 s); pair one round
of 1,000 players in at most 3 s within 500 MB. Run under the shared lock:

    flock /tmp/trfkit-bench.lock python bench/bench_pairing.py [--file F] [--big-players 1000]

Without ``--file`` the 180x11 file is the oracle file nearest that size
(bbp-generated, so every round is a real Dutch pairing). The 1,000-player
event is bench/generate.py's (its rounds are not Dutch pairings, which does
not matter for pairing the next round). Each measured command runs in a
child process with a time limit, so a slow engine is reported, not waited
for. Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ORACLE = ROOT.parent / "shared" / "pairing-oracle"

_ONE_ROUND = """
import json, resource, sys, time
from trfkit.pairing import System, pair_round
from trfkit.reader import load
t = load(sys.argv[1])
t0 = time.perf_counter()
pair_round(t, t.rounds_played + 1, System(sys.argv[2]))
s = time.perf_counter() - t0
print(json.dumps({"s": s, "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _oracle_file(players: int, rounds: int) -> Path | None:
    best = None
    for f in sorted(ORACLE.glob("dutch-2026/*.trf")):
        p, r = (int(x) for x in f.stem.split("-")[1].split("x"))
        d = abs(p - players) + 10 * abs(r - rounds)
        if best is None or d < best[0]:
            best = (d, f)
    return best[1] if best else None


def _timed(argv: list[str], limit: float) -> tuple[float | None, str]:
    """Wall time of a command (None past ``limit`` seconds) and its output."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=limit, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return None, ""
    return time.perf_counter() - t0, p.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--file", type=Path)
    ap.add_argument("--system", default="dutch-2026")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds before a run is cut off")
    ap.add_argument("--big-players", type=int, default=1000)
    ap.add_argument("--big-rounds", type=int, default=5)
    args = ap.parse_args()
    path = args.file or _oracle_file(180, 11)
    if path is None:
        print("no file (give --file)")
        return 2
    py = sys.executable
    check_s, _ = _timed([py, "-m", "trfkit", "check", str(path)], args.limit)
    pair_s, out = _timed(
        [py, "-m", "trfkit", "pairings", "--system", args.system, "--format", "json", str(path)],
        args.limit,
    )
    assert check_s is not None
    if pair_s is None:
        print(f"{path.name}: check {check_s:.2f} s, pairings did not finish in {args.limit:.0f} s")
    else:
        rounds = json.loads(out)["rounds"]
        agree = sum(r["agrees"] for r in rounds)
        print(
            f"{path.name}: trfkit check {check_s:.2f} s, trfkit pairings {pair_s:.2f} s, "
            f"ratio {pair_s / check_s:.1f} (target <= 5); {agree}/{len(rounds)} rounds agree"
        )
    if args.big_players:
        with tempfile.TemporaryDirectory() as tmp:
            big = Path(tmp) / f"big-{args.big_players}x{args.big_rounds}.trf"
            subprocess.run(
                [py, str(HERE / "generate.py"), "--players", str(args.big_players)]
                + ["--rounds", str(args.big_rounds), "--seed", "2026", "--out", str(big)],
                check=True,
                capture_output=True,
            )
            s, out = _timed([py, "-c", _ONE_ROUND, str(big), args.system], args.limit)
            if s is None:
                print(f"{big.name}: one round did not finish in {args.limit:.0f} s (target <= 3 s)")
            else:
                r = json.loads(out)
                print(
                    f"{big.name}: one round {r['s']:.2f} s (target <= 3), "
                    f"peak {r['mb']:.0f} MB (target <= 500)"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
