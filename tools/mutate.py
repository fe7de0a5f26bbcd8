"""Mutation testing of trfkit's core, on demand (not in CI: too slow).

Runs mutmut 3 (``pip install -e '.[mutation]'``) on one or more of the core
modules, each with the few test files that exercise it, and prints per module
the mutants killed, survived (no test failed, or no selected test reaches the
function), timed out, and the total. ``--survivors`` also prints each
surviving mutant as file:line and the changed line.

    .venv/bin/python tools/mutate.py                       # every module
    .venv/bin/python tools/mutate.py rating/tables.py scoring.py --survivors

Each module runs in its own scratch copy of the repository under
``build/mutation/<module>/`` (mutmut reads its settings from the
``pyproject.toml`` of the directory it runs in, and they differ per module),
with one worker under ``nice -n 19``. mutmut records which selected tests call
each function and runs only those against that function's mutants, fastest
first, so a mutant costs seconds. A second run of the same module reuses the
scratch copy and only tests mutants not yet checked; ``--fresh`` starts over
(after a change to the code or the tests).

docs/testing.md records the last results and why each survivor is left.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mutation"

# Module (under trfkit/) -> the test files that exercise it. The module itself
# is in every list so its doctests count. The tests written for mutants that
# survived a first run sit with the others of their module (tests/rating/
# test_tables.py, test_calc.py, test_engine_cells.py, test_engine_chessa.py,
# tests/checks/test_pairings.py, test_standings_records.py,
# tests/test_writer_records.py).
RATING_TESTS = [
    "tests/rating/test_engine.py",
    "tests/test_rating_paths.py",
    "tests/test_rules_2014_2017.py",
    "tests/test_scoring.py",
    "tests/rating/test_period.py",
    "tests/report/test_rating.py",
    "tests/rating/test_tables.py",
    "tests/rating/test_calc.py",
    "tests/rating/test_engine_cells.py",
    "tests/rating/test_engine_chessa.py",
]
CHECK_TESTS = [
    "tests/test_codes.py",
    "tests/checks/test_standings.py",
    "tests/checks/test_arbiter.py",
    "tests/checks/test_regulations.py",
    "tests/report/test_diagnostics_text.py",
    "tests/checks/test_index.py",
    "tests/checks/test_structure.py",
    "tests/test_scoring.py",
    "tests/rating/test_calc.py",
    "tests/checks/test_standings_records.py",
    "tests/checks/test_pairings.py",
]
MODULES: dict[str, list[str]] = {
    "rating/tables.py": RATING_TESTS,
    "rating/calc.py": RATING_TESTS,
    "scoring.py": [
        "tests/test_scoring.py",
        "tests/checks/test_standings.py",
        "tests/test_columns.py",
        "tests/test_conversion.py",
        "tests/test_reader.py",
        "tests/rating/test_period.py",
        "tests/test_codes.py",
        "tests/rating/test_calc.py",
    ],
    "checks/standings.py": CHECK_TESTS,
    "checks/pairings.py": CHECK_TESTS,
    "writer.py": [
        "tests/test_roundtrip.py",
        "tests/test_model_cells.py",
        "tests/test_columns.py",
        "tests/test_conversion.py",
        "tests/test_codes.py",
        "tests/rating/test_calc.py",
        # The generated records of every type, written and read back: the
        # writer's exact bytes for each record shape.
        "tests/test_properties.py",
        "tests/test_properties_records.py",
        "tests/test_writer.py",
        "tests/test_writer_records.py",
    ],
    "rating/engine.py": RATING_TESTS,
}

# What a scratch copy needs: the package, its grammars, and what the tests
# read (fixtures; bench/generate.py writes the generated events; docs/, which
# tests compare with generated text).
COPY = ["trfkit", "grammars", "tests", "fixtures", "bench", "docs", "pyproject.toml"]
KILLED = {"killed"}
SURVIVED = {"survived", "no tests"}
TIMEOUT = {"timeout"}


def scratch(module: str, fresh: bool) -> Path:
    """The module's scratch copy of the repository, with its mutmut settings."""
    work = BUILD / module.replace("/", "-").removesuffix(".py")
    if fresh and work.exists():
        shutil.rmtree(work)
    if work.exists():
        return work
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "out", ".hypothesis")
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=ignore)
        else:
            shutil.copy2(src, work / name)
    # The tests look for the shared corpus beside the repository
    # (tests/conftest.py): beside the scratch copy of it, mutants/.
    corpus = ROOT.parent / "shared"
    if corpus.is_dir():
        (work / "shared").symlink_to(corpus)
    tests = [t for t in MODULES[module] if (ROOT / t).exists()]
    selection = [*tests, f"trfkit/{module}"]
    settings = (
        "\n[tool.mutmut]\n"
        'source_paths = ["trfkit/"]\n'
        f'only_mutate = ["trfkit/{module}"]\n'
        'also_copy = ["grammars/", "fixtures/", "bench/", "docs/"]\n'
        f"pytest_add_cli_args_test_selection = {selection!r}\n".replace("'", '"')
    )
    with open(work / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write(settings)
    return work


def mutmut(work: Path, *args: str, quiet: bool = False) -> str:
    """Run mutmut in ``work`` under ``nice -n 19`` and return its output."""
    cmd = ["nice", "-n", "19", sys.executable, "-m", "mutmut", *args]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        cmd, cwd=work, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    if out.returncode != 0 and not quiet:
        sys.stderr.write(out.stdout[-4000:])
    return out.stdout


def statuses(work: Path) -> dict[str, str]:
    """Mutant name -> mutmut's status for it."""
    text = mutmut(work, "results", "--all", "true")
    return dict(re.findall(r"^\s*(\S+__mutmut_\d+): (.+?)\s*$", text, flags=re.M))


def where(work: Path, module: str, name: str) -> str:
    """file:line and the change of one mutant, for the survivors' list."""
    diff = mutmut(work, "show", name, quiet=True)
    old = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("-") and not line.startswith("---")
    ]
    new = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("+") and not line.startswith("+++")
    ]
    source = (ROOT / "trfkit" / module).read_text(encoding="utf-8").splitlines()
    # The function the mutant lives in: x_<name>__mutmut_N or
    # xǁClassǁmethod__mutmut_N; search its first changed line from its def.
    func = name.rsplit(".", 1)[-1].split("__mutmut_")[0].split("ǁ")[-1].removeprefix("x_")
    start = next(
        (i for i, s in enumerate(source) if re.match(rf"\s*def {re.escape(func)}\(", s)), 0
    )
    line = next(
        (i + 1 for i in range(start, len(source)) if old and source[i].strip() == old[0].strip()), 0
    )
    change = f"{old[0].strip() if old else ''}  ->  {new[0].strip() if new else ''}"
    return f"trfkit/{module}:{line}  {change}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "modules", nargs="*", help=f"modules under trfkit/ (default: all of {', '.join(MODULES)})"
    )
    parser.add_argument("--survivors", action="store_true", help="list each surviving mutant")
    parser.add_argument(
        "--fresh", action="store_true", help="discard earlier results for these modules"
    )
    args = parser.parse_args(argv)
    modules = args.modules or list(MODULES)
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        parser.error(f"not a listed module: {', '.join(unknown)}")
    rows = []
    for module in modules:
        work = scratch(module, args.fresh)
        print(f"mutating trfkit/{module} ...", flush=True)
        mutmut(work, "run", "--max-children", "1")
        status = statuses(work)
        count = Counter(status.values())
        killed = sum(count[s] for s in KILLED)
        survived = sum(count[s] for s in SURVIVED)
        timeout = sum(count[s] for s in TIMEOUT)
        other = len(status) - killed - survived - timeout
        rows.append((module, killed, survived, timeout, other, len(status)))
        if args.survivors:
            for name, s in sorted(status.items()):
                if s in SURVIVED:
                    print(f"  {s:9} {where(work, module, name)}   [{name}]")
    print(f"\n{'module':22} {'killed':>7} {'survived':>9} {'timeout':>8} {'other':>6} {'total':>6}")
    for module, killed, survived, timeout, other, total in rows:
        print(f"{module:22} {killed:7} {survived:9} {timeout:8} {other:6} {total:6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
