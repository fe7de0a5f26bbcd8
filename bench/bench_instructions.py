"""The suite's ratios counted in instructions: the same targets, without the noise.

bench/suite.py times its contenders on the wall clock, alternating them, and
reports medians of per-repetition ratios. On this 2-core machine, shared,
the ratios near a limit move by 10-15% from one run to the next (three runs
on 2026-11-24: load + validate + rate / floor 4.69, 4.65, 5.18; standings /
load 1.01, 1.08, 0.92). Instructions retired do not depend on what else the
machine does: ``valgrind --tool=callgrind`` gives the same count for the
same interpreter, code and input. This script counts, for each contender,
the instructions of one call (a process that makes ``n`` calls after its
warm-up, less one that makes none, over ``n``) and prints the suite's
ratios from those counts. Instructions are not time (a cache miss costs
more than an add), so the wall-clock suite stays the measure of the
targets; this one says which way a change moved them, and by how much,
when the suite cannot. Run:

    python bench/bench_instructions.py [--players 3000 --rounds 13 --calls 2]

It takes some minutes (valgrind runs Python about 50 times slower). Not
part of the test run; needs valgrind (Debian's package).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_load import bench_arguments, bench_file  # noqa: E402

# Each contender: what it imports and prepares (not counted), and the call
# counted. ``path`` is the file; ``t`` the tournament loaded once.
_SETUP = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
import trfkit
from bench_load import floor
from trfkit.rating.engine import rate
from trfkit.report.rating import render_rating_text
from trfkit.report.registry import FORM_DOCUMENTS, FormOptions, RenderOptions, output
from trfkit.tiebreaks import standings
from pathlib import Path
path = Path(sys.argv[1])
t = trfkit.load(path)

def every_form():
    render_rating_text(rate(t))
    for name, build in FORM_DOCUMENTS.items():
        output(name, "text").render(build(t, FormOptions()), RenderOptions(None))

def check_and_rate():
    u = trfkit.load(path)
    trfkit.validate(u)
    rate(u, rules="auto")

CONTENDERS = {{
    "floor": lambda: floor(path),
    "load": lambda: trfkit.load(path),
    "load+validate+rate": check_and_rate,
    "standings": lambda: standings(t, "BH/C1,BH,SB,WIN,ARO"),
    "every form": every_form,
}}
fn = CONTENDERS[sys.argv[2]]
fn()  # warm up: imports, caches
for _ in range(int(sys.argv[3])):
    fn()
"""

# (ratio shown, numerator, denominator, the suite's limit)
_RATIOS = [
    ("trfkit.load / floor", "load", "floor", 2.5),
    ("load + validate + rate / floor", "load+validate+rate", "floor", 5.0),
    ("standings, five tie-breaks / load", "standings", "load", 1.0),
    ("every form and the norms / load", "every form", "load", 2.0),
]


def instructions(script: Path, path: Path, name: str, calls: int) -> int:
    """Instructions retired by the whole process (callgrind's total)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, str(script), str(path), name, str(calls)],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        text = out.read_text()
    found = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit(f"no total in callgrind's output for {name}")
    return int(found.group(1))


def main() -> int:
    ap: argparse.ArgumentParser = bench_arguments(__doc__ or "")
    ap.add_argument("--calls", type=int, default=2, help="calls counted after the warm-up")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    path = bench_file(args)
    per_call: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "contender.py"
        script.write_text(_SETUP, encoding="utf-8")
        for name in ("floor", "load", "load+validate+rate", "standings", "every form"):
            none = instructions(script, path, name, 0)
            some = instructions(script, path, name, args.calls)
            per_call[name] = (some - none) / args.calls
            print(f"  {name:<20} {per_call[name] / 1e6:9.1f} M instructions a call", flush=True)
    print(f"file: {path.name} ({args.players} players, {args.rounds} rounds)")
    for shown, num, den, limit in _RATIOS:
        value = per_call[num] / per_call[den]
        print(f"  {shown:<36} {value:5.2f}   (suite's limit on time: {limit:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
