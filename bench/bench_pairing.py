"""Pairing speed: checking every round of a Swiss file against the Dutch
system, as a ratio to ``trfkit check`` of the same file measured in the same
run; and one round of a 1,000-player event (time and peak memory).

Targets (issue 30): ``trfkit pairings`` on a 180x11 event in at most 5x a
``trfkit check`` of it (both as the commands a user runs, so each includes
starting Python and reading the file: check is about 0.2 s); pair one round
of 1,000 players in at most 3 s within 500 MB. Run under the shared lock:

    flock /tmp/trfkit-bench.lock python bench/bench_pairing.py [--file F] [--big-players 1000]
    flock /tmp/trfkit-bench.lock python bench/bench_pairing.py --matchers [--file F]

``--matchers`` compares the matching implementations on the solves the
engine makes for the file (recorded once, then replayed): trfkit's
incremental Graph, networkx's ``max_weight_matching`` from scratch on each
solve, and rustworkx's (its weights are 128-bit integers: wider weights
are shifted right to fit, for its timing, and its matchings counted against
trfkit's).

The 180x11 files: the oracle file nearest that size (bbp-generated, so
every round is a real Dutch pairing; or ``--file``), and a 180x11 event this
bench pairs with trfkit's own engine and seeded results (always, so the
bench runs without ../shared). The 1,000-player
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


def _dutch_event(players: int, rounds: int, seed: int, out: Path) -> Path:
    """A ``players`` x ``rounds`` Swiss event paired round by round by
    trfkit's own engine (dutch-2026) with seeded random results, so that
    every round is a Dutch pairing and the check re-pairs real brackets (the
    oracle's bbp-made files are not here without ../shared)."""
    import random

    sys.path.insert(0, str(ROOT))
    from trfkit.pairing import System, pair_round
    from trfkit.reader import loads

    rng = random.Random(seed)
    cells: dict[int, list[str]] = {sr: [] for sr in range(1, players + 1)}
    points = dict.fromkeys(cells, 0.0)
    ratings = {sr: 2600 - 5 * sr for sr in cells}

    def text() -> str:
        lines = ["012 Generated Dutch event", f"XXR {rounds}"]
        for sr, cs in cells.items():
            name = f"Player {sr}"
            line = f"001 {sr:4d}      {name:<33}{ratings[sr]:4d}{'':<29}{points[sr]:4.1f} {sr:4d}"
            lines.append(line + "".join(f"  {c}" for c in cs))
        return "\n".join(lines) + "\n"

    for r in range(1, rounds + 1):
        for white, black in pair_round(loads(text()), r, System("dutch-2026")).pairs:
            if black == 0:
                cells[white].append("0000 - U")
                points[white] += 1
                continue
            # The higher rated wins more often, as in a real event.
            x = rng.random() + (ratings[white] - ratings[black]) / 800
            res = "1" if x > 0.6 else "0" if x < 0.3 else "="
            back = {"1": "0", "0": "1", "=": "="}[res]
            cells[white].append(f"{black:4d} w {res}")
            cells[black].append(f"{white:4d} b {back}")
            points[white] += {"1": 1.0, "0": 0.0, "=": 0.5}[res]
            points[black] += {"1": 0.0, "0": 1.0, "=": 0.5}[res]
    out.write_text(text())
    return out


def _timed(argv: list[str], limit: float) -> tuple[float | None, str]:
    """Wall time of a command (None past ``limit`` seconds) and its output."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=limit, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return None, ""
    return time.perf_counter() - t0, p.stdout


def _record(path: Path, system: str) -> tuple[list[tuple[object, ...]], int]:
    """The engine's calls on its Graphs while checking ``path``, and the
    widest weight (bits)."""
    sys.path.insert(0, str(ROOT))
    from trfkit.pairing import System, check_pairings, matching
    from trfkit.reader import load

    log: list[tuple[object, ...]] = []
    widest = 0
    base = matching.Graph

    class Recording(base):  # type: ignore[misc, valid-type]
        def __init__(self, n: int) -> None:
            super().__init__(n)
            log.append(("new", n))

        def set(self, a: int, b: int, w: int) -> None:
            nonlocal widest
            widest = max(widest, w.bit_length())
            log.append(("set", a, b, w))
            super().set(a, b, w)

        def finalize(self, a: int, b: int) -> None:
            log.append(("finalize", a, b))
            super().finalize(a, b)

        def solve(self) -> list[int]:
            log.append(("solve",))
            return super().solve()

    import trfkit.pairing.dutch as dutch

    dutch.Graph = Recording  # type: ignore[misc]
    try:
        check_pairings(load(path), System(system))
    finally:
        dutch.Graph = base  # type: ignore[misc]
    return log, widest


def _compare_matchers(path: Path, system: str) -> None:
    import networkx as nx  # type: ignore[import-untyped]

    from trfkit.pairing.matching import Graph, max_weight_matching

    log, widest = _record(path, system)
    solves = sum(1 for op in log if op[0] == "solve")
    # trfkit's Graph, replayed.
    t0 = time.perf_counter()
    g = Graph(0)
    for op in log:
        if op[0] == "new":
            g = Graph(op[1])  # type: ignore[arg-type]
        elif op[0] == "set":
            g.set(*op[1:])  # type: ignore[arg-type]
        elif op[0] == "finalize":
            g.finalize(*op[1:])  # type: ignore[arg-type]
        else:
            g.solve()
    own = time.perf_counter() - t0
    # From scratch on each solve: the same graphs, rebuilt.
    snapshots: list[list[tuple[int, int, int]]] = []
    edges: dict[tuple[int, int], int] = {}
    for op in log:
        if op[0] == "new":
            edges = {}
        elif op[0] == "set":
            a, b, w = op[1:]  # type: ignore[misc]
            key = (min(a, b), max(a, b))  # type: ignore[type-var]
            if w > 0:  # type: ignore[operator]
                edges[key] = w  # type: ignore[assignment]
            else:
                edges.pop(key, None)
        elif op[0] == "finalize":
            a, b = op[1:]  # type: ignore[misc]
            edges = {k: w for k, w in edges.items() if a not in k and b not in k}
        else:
            snapshots.append([(a, b, w) for (a, b), w in edges.items()])
    t0 = time.perf_counter()
    for snap in snapshots:
        gx = nx.Graph()
        gx.add_weighted_edges_from(snap)
        nx.max_weight_matching(gx)
    nx_s = time.perf_counter() - t0
    print(
        f"{path.name}: {solves} solves, weights up to {widest} bits; "
        f"trfkit Graph {own:.3f} s, networkx {nx_s:.3f} s ({nx_s / own:.0f}x)"
    )
    import rustworkx as rx

    # rustworkx's weights are 128-bit integers. Past 120 bits the weights are
    # shifted right to fit: the graphs (and so the timing) are the engine's,
    # but the low criteria are lost, so its matchings are not the engine's
    # (counted below); only where every weight fits is it a real contender.
    cut = max(0, widest - 120)
    t0 = time.perf_counter()
    found: list[set[tuple[int, int]]] = []
    for snap in snapshots:
        gr = rx.PyGraph()
        gr.add_nodes_from(range(1 + max((max(a, b) for a, b, _ in snap), default=0)))
        gr.add_edges_from([(a, b, w >> cut) for a, b, w in snap])
        found.append(rx.max_weight_matching(gr, weight_fn=lambda w: w))
    rx_s = time.perf_counter() - t0
    same = 0
    for snap, got in zip(snapshots, found, strict=True):
        ours = max_weight_matching(1 + max((max(a, b) for a, b, _ in snap), default=0), snap)
        mine = {(min(v, m), max(v, m)) for v, m in enumerate(ours) if m != v}
        same += mine == {(min(a, b), max(a, b)) for a, b in got}
    how = f"weights shifted right {cut} bits to fit 128" if cut else "exact weights"
    print(
        f"  rustworkx {rx_s:.3f} s ({rx_s / own:.2f}x trfkit's; {how}); "
        f"same matching as trfkit's on {same}/{len(snapshots)} solves"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--file", type=Path)
    ap.add_argument("--system", default="dutch-2026")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds before a run is cut off")
    ap.add_argument("--big-players", type=int, default=1000)
    ap.add_argument("--big-rounds", type=int, default=5)
    ap.add_argument("--matchers", action="store_true", help="compare the matching implementations")
    args = ap.parse_args()
    tmp_dir = tempfile.TemporaryDirectory()
    generated = _dutch_event(180, 11, 2026, Path(tmp_dir.name) / "dutch-180x11.trf")
    path = args.file or _oracle_file(180, 11) or generated
    if args.matchers:
        _compare_matchers(path, args.system)
        return 0
    py = sys.executable
    for f in dict.fromkeys([path, generated]):
        _ratio(py, f, args.system, args.limit)
    _big(py, args)
    return 0


def _ratio(py: str, path: Path, system: str, limit: float) -> None:
    """``trfkit pairings`` against ``trfkit check`` of the same file."""
    check_s, _ = _timed([py, "-m", "trfkit", "check", str(path)], limit)
    pair_s, out = _timed(
        [py, "-m", "trfkit", "pairings", "--system", system, "--format", "json", str(path)],
        limit,
    )
    assert check_s is not None
    if pair_s is None:
        print(f"{path.name}: check {check_s:.2f} s, pairings did not finish in {limit:.0f} s")
    else:
        rounds = json.loads(out)["rounds"]
        agree = sum(r["agrees"] for r in rounds)
        print(
            f"{path.name}: trfkit check {check_s:.2f} s, trfkit pairings {pair_s:.2f} s, "
            f"ratio {pair_s / check_s:.1f} (target <= 5); {agree}/{len(rounds)} rounds agree"
        )


def _big(py: str, args: argparse.Namespace) -> None:
    """One round of a big generated event: time and peak memory."""
    if args.big_players:
        with tempfile.TemporaryDirectory() as tmp:
            big = Path(tmp) / f"big-{args.big_players}x{args.big_rounds}.trf"
            subprocess.run(
                [
                    *(py, str(HERE / "generate.py"), "--players", str(args.big_players)),
                    *("--rounds", str(args.big_rounds), "--seed", "2026", "--out", str(big)),
                ],
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


if __name__ == "__main__":
    raise SystemExit(main())
