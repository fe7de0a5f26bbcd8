"""Agreement of trfkit's Dutch engine with the pairing oracle (bbpPairings' runs).

Usage: python tools/pairing_oracle.py [--limit N] [--max-players P] [--edition E] [--verbose]

For every oracle file: under its own edition every round must agree and the
engine must equal the file; under the other edition the rounds that differ
must be exactly those bbp flags, with bbp's pairs on the differing boards.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trfkit.pairing import System, check_round  # noqa: E402
from trfkit.reader import load  # noqa: E402

ORACLE = ROOT.parent / "shared" / "pairing-oracle"
if not ORACLE.exists():
    ORACLE = Path("/work/shared/pairing-oracle")


def expected(
    entry: dict[str, list[list[int]]],
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    return {tuple(p) for p in entry["engine"]}, {tuple(p) for p in entry["file"]}  # type: ignore[misc]


def run_file(trf: Path, edition: str) -> list[tuple[int, bool, str]]:
    meta = json.loads(trf.with_suffix(".json").read_text())
    t = load(trf)
    system = System(edition)
    out = []
    for r_text, entry in sorted(meta["check"][edition].items(), key=lambda kv: int(kv[0])):
        r = int(r_text)
        want_engine, want_file = expected(entry)
        rc = check_round(t, r, system)
        eng = set(rc.engine) - set(rc.file)
        fil = set(rc.file) - set(rc.engine)
        ok = eng == want_engine and fil == want_file
        out.append(
            (
                r,
                ok,
                ""
                if ok
                else f"engine-only {sorted(eng)} want {sorted(want_engine)}; file-only {sorted(fil)} want {sorted(want_file)}",
            )
        )
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--max-players", type=int, default=10**6)
    ap.add_argument("--edition", choices=["dutch-2017", "dutch-2026"], default=None)
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = [Path(f) for f in a.files] or sorted(ORACLE.glob("dutch-20*/*.trf"))
    files = [f for f in files if int(f.stem.split("-")[1].split("x")[0]) <= a.max_players]
    if a.limit:
        files = files[: a.limit]
    tally: dict[tuple[str, str], list[int]] = {}
    t0 = time.perf_counter()
    for f in files:
        own = f.parent.name
        for edition in ("dutch-2017", "dutch-2026"):
            if a.edition and edition != a.edition:
                continue
            key = (own, "own" if edition == own else "other")
            res = run_file(f, edition)
            bad = [x for x in res if not x[1]]
            c = tally.setdefault(key, [0, 0, 0, 0])
            c[0] += len(res) - len(bad)
            c[1] += len(res)
            c[2] += not bad
            c[3] += 1
            if bad and a.verbose:
                for r, _, why in bad:
                    print(f"{f.name} {edition} round {r}: {why}")
    for (own, which), (ok, n, fok, fn) in sorted(tally.items()):
        print(f"{own} files under {which} edition: rounds {ok}/{n}, files {fok}/{fn}")
    print(f"{time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
