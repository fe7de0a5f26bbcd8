"""The performance suite: every speed and memory target of trfkit, in one command.

What it measures, in one process and one run, for each of the sizes 300x9,
3000x13 and 9999x15 (players x rounds; 9999x15 stands for "10000x15", since
10000 players do not fit the 4-digit rank columns of a TRF player record):

  (a) the floor (bench_load.floor: read, split lines, slice the 001 fields and
      round cells into tuples: the least any reader must do);
  (b) PyPI ``trf`` 1.1.1, ``trf.load`` on the file's twin with titles of at most
      two letters (it rejects WGM and the like; same tournament otherwise),
      and trfkit.load on that same twin, for the ratio c/b;
  (c) ``trfkit.load(path)``;
  (d) load + ``trfkit.checks.validate``;
  (e) load + validate + ``trfkit.rating.engine.rate(t, rules="auto")``;

alternating a, b, c, d, e within each repetition (each call after a
gc.collect(); the cyclic collector otherwise left as each library leaves it)
and reporting medians of the times and of the per-repetition ratios against
(a). Also the traced peak memory (tracemalloc, one call after a warm-up) of
(b) and (c) on the twin file, and the growth of trfkit.load's time per player
line from 3000x13 to 9999x15 (the two loads alternating); on 3000x13, the
standings with five tie-breaks and every form of ``trfkit report`` with the
norms, each against the load (the targets of issues 18 and 17). Then whole
processes, wall time including the interpreter's start: (f) ``trfkit check``
on a small file; (g) ``trfkit check DIR --format json`` with ``--jobs 1`` and
``--jobs 2`` (alternating) over 1000 generated 60x7 files; and (not with
--quick) ``trfkit serve`` on loopback, by bench/bench_serve.py. Each figure
is printed next to its target, PASS or FAIL.

Run (from the repository root, in the project's venv)::

    python bench/suite.py --write       # the full run; rewrites bench/RESULTS.md
    python bench/suite.py --quick       # repeat 3, no 9999x15, no directory
    python bench/suite.py --sizes 300x9,3000x13 --repeat 11

Without ``--write`` it only prints. The generated files are seeded and go to
bench/out/ (written once; checked against the generator on every run). The
PyPI ``trf`` package comes with ``pip install -e '.[bench]'``; without it (b)
is skipped with a note. Not part of the test run: the times are noisy and are
only compared with each other, never with fixed numbers in a test. Exit
status 0, or 1 when a ``trfkit check`` run was unusable (status 2) or crashed;
a missed target is reported, not an error.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import datetime as dt
import gc
import importlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
from bench_load import alternating, bench_path, floor  # noqa: E402

import trfkit  # noqa: E402
from trfkit.checks import validate  # noqa: E402
from trfkit.rating.engine import rate  # noqa: E402

trf: ModuleType | None
try:
    trf = importlib.import_module("trf")
except ImportError:  # the optional [bench] extra
    trf = None

SEED = 2026
MANY_SEED = 1
MANY_FILES, MANY_PLAYERS, MANY_ROUNDS = 1000, 60, 7
DIRECTORY_RUNS = 5
SMALL_FILE = "fixtures/swiss-trf16.trf"
RESULTS = HERE / "RESULTS.md"
INSTALL_HINT = "pip install -e '.[bench]'"

# The targets of the issues, as (name, limit); a figure passes when <= limit
# (the small-file check: < limit).
LOAD_VS_FLOOR = 2.5
LOAD_VS_TRF = 0.8
FULL_VS_FLOOR = 5.0
LINE_GROWTH = 1.25
MEMORY_VS_TRF = 1.0
SMALL_CHECK_S = 0.25
JOBS_RATIO = 0.65
STANDINGS_VS_LOAD = 1.0  # issue 18: BH/C1, BH, SB, WIN, ARO
FORMS_VS_LOAD = 2.0  # issue 17: every form and the norms
SERVE_CHECK_MS = 150.0  # issue 19: /api/check of a 180x11 file, median
STANDINGS_TIEBREAKS = "BH/C1,BH,SB,WIN,ARO"
TARGET_SIZE = (3000, 13)
GROWTH_SIZES = ((3000, 13), (9999, 15))


def log(message: str) -> None:
    """Progress, on stderr, so that stdout holds only the results."""
    print(message, file=sys.stderr, flush=True)


def ms(seconds: Sequence[float]) -> float:
    return statistics.median(seconds) * 1000


def ratio(num: Sequence[float], den: Sequence[float]) -> float:
    """The median of the per-repetition ratios num/den."""
    return statistics.median(n / d for n, d in zip(num, den, strict=True))


def verdict(value: float | None, limit: float, *, strict: bool = False) -> str:
    if value is None:
        return "not measured"
    ok = value < limit if strict else value <= limit
    return "PASS" if ok else "FAIL"


def size_label(players: int, rounds: int) -> str:
    label = f"{players}×{rounds}"
    if players == generate.MAX_PLAYERS:
        label += " (stands for 10000×15: TRF rank columns hold 4 digits)"
    return label


# ---------------------------------------------------------------------------
# In-process measurements, one size
# ---------------------------------------------------------------------------
@dataclass
class SizeResult:
    players: int
    rounds: int
    path: Path
    twin: Path
    times: dict[str, list[float]] = field(default_factory=dict)
    peak: dict[str, float] = field(default_factory=dict)  # MiB
    findings: dict[str, dict[str, int]] = field(default_factory=dict)  # severity: code: n
    rules: str = ""
    notes: list[str] = field(default_factory=list)

    def median_ms(self, key: str) -> float | None:
        return ms(self.times[key]) if key in self.times else None

    def ratio(self, num: str, den: str) -> float | None:
        if num not in self.times or den not in self.times:
            return None
        return ratio(self.times[num], self.times[den])


def trf_load(path: Path) -> Any:
    assert trf is not None
    with open(path, encoding="utf-8") as fh:
        return trf.load(fh)


def load_validate(path: Path) -> object:
    return validate(trfkit.load(path))


def load_validate_rate(path: Path) -> object:
    t = trfkit.load(path)
    validate(t)
    return rate(t, rules="auto")


def traced_peak(fn: Callable[[], object]) -> float:
    """The traced peak (MiB) of one call of fn, after a warm-up call."""
    fn()
    gc.collect()
    tracemalloc.start()
    try:
        result = fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return peak / 2**20


def measure_size(players: int, rounds: int, repeat: int) -> SizeResult:
    log(f"[{players}x{rounds}] files (seed {SEED}) ...")
    path = bench_path(players, rounds, SEED, verify=True)
    twin = bench_path(players, rounds, SEED, legacy_titles=True, verify=True)
    res = SizeResult(players, rounds, path, twin)

    # Warm up (imports, grammar caches) and check that every reader sees the
    # same tournament.
    log(f"[{players}x{rounds}] warm-up and player counts ...")
    seen: dict[str, int] = {"floor": len(floor(path))}
    t = trfkit.load(path)
    seen["trfkit.load"] = len(t.players)
    if t.diagnostics:
        res.notes.append(
            f"trfkit.load reported {len(t.diagnostics)} diagnostics on a consistent file: "
            + ", ".join(sorted({d.code for d in t.diagnostics}))
        )
    t_twin = trfkit.load(twin)
    seen["trfkit.load (twin)"] = len(t_twin.players)
    for d in validate(t):
        codes = res.findings.setdefault(d.severity.value, {})
        codes[d.code] = codes.get(d.code, 0) + 1
    report = rate(t, rules="auto")
    seen["rate"] = len(report.players)
    res.rules = str(report.rules)
    if trf is not None:
        seen["trf.load (twin)"] = len(trf_load(twin).players)
    wrong = {k: n for k, n in seen.items() if n != players}
    if wrong:
        raise AssertionError(
            f"{players}x{rounds}: readers disagree on the number of players "
            f"(expected {players}): {seen}"
        )
    del t, t_twin, report

    contenders: dict[str, Callable[[], object]] = {"a": lambda: floor(path)}
    if trf is not None:
        contenders["b"] = lambda: trf_load(twin)
    contenders["c_twin"] = lambda: trfkit.load(twin)
    contenders["c"] = lambda: trfkit.load(path)
    contenders["d"] = lambda: load_validate(path)
    contenders["e"] = lambda: load_validate_rate(path)
    log(f"[{players}x{rounds}] timing {', '.join(contenders)} in turn, {repeat} repetitions ...")
    times = alternating(list(contenders.values()), repeat)
    res.times = dict(zip(contenders, times, strict=True))

    log(f"[{players}x{rounds}] traced peak memory ...")
    if trf is not None:
        res.peak["b"] = traced_peak(lambda: trf_load(twin))
    res.peak["c_twin"] = traced_peak(lambda: trfkit.load(twin))
    return res


# ---------------------------------------------------------------------------
# Whole processes
# ---------------------------------------------------------------------------
@dataclass
class ProcessResult:
    key: str
    argv: list[str]
    times: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    files_reported: set[int] = field(default_factory=set)
    summary: str = ""
    error: str = ""
    skipped: str = ""

    @property
    def command(self) -> str:
        return shlex.join(self.argv)


def trfkit_command() -> list[str]:
    """How users run trfkit: the console script next to this interpreter."""
    script = Path(sys.executable).parent / ("trfkit.exe" if os.name == "nt" else "trfkit")
    if script.exists():
        return [str(script)]
    if importlib.util.find_spec("trfkit.__main__") is not None:
        return [sys.executable, "-m", "trfkit"]
    return [sys.executable, "-c", "import sys; from trfkit.cli import main; sys.exit(main())"]


def shown(argv: list[str]) -> list[str]:
    """argv with the console script shown as ``trfkit`` and the interpreter as ``python``."""
    if argv and Path(argv[0]).name in ("trfkit", "trfkit.exe"):
        return ["trfkit", *argv[1:]]
    if argv and argv[0] == sys.executable:
        return ["python", *argv[1:]]
    return argv


def run_process(res: ProcessResult, argv: list[str], expect_files: int | None) -> None:
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)
    res.statuses.append(proc.returncode)
    if proc.returncode not in (0, 1) or "Traceback" in proc.stderr:
        tail = proc.stderr.strip().splitlines()[-3:]
        res.error = f"exit {proc.returncode}: " + " / ".join(tail)
    if expect_files is not None and proc.returncode in (0, 1):
        try:
            document = json.loads(proc.stdout)
            res.files_reported.add(len(document["files"]))
            res.summary = ", ".join(f"{n} {k}" for k, n in document["summary"].items())
        except (ValueError, KeyError, TypeError) as exc:
            res.error = f"output is not a trfkit.check document: {exc}"


def time_processes(
    base: list[str], runs: dict[str, list[str]], repeat: int, expect_files: int | None = None
) -> dict[str, ProcessResult]:
    """Wall times of the commands ``base + args``, alternating, ``repeat`` times each."""
    results = {k: ProcessResult(k, shown(base + args)) for k, args in runs.items()}

    def one(key: str, argv: list[str]) -> Callable[[], object]:
        return lambda: run_process(results[key], argv, expect_files)

    times = alternating([one(k, base + args) for k, args in runs.items()], repeat)
    for key, ts in zip(runs, times, strict=True):
        results[key].times = ts
    return results


def many_dir() -> Path:
    """1000 seeded 60x7 files in bench/out/many-60x7/ (generate.py's --many mode), once."""
    target = HERE / "out" / f"many-{MANY_PLAYERS}x{MANY_ROUNDS}"
    if len(list(target.glob("t*.trf"))) == MANY_FILES:
        return target
    log(f"generating {MANY_FILES} files of {MANY_PLAYERS}x{MANY_ROUNDS} into {target} ...")
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    argv = ["--many", str(MANY_FILES), "--players", str(MANY_PLAYERS)]
    argv += ["--rounds", str(MANY_ROUNDS), "--seed", str(MANY_SEED), "--out-dir", str(tmp)]
    with contextlib.redirect_stdout(sys.stderr):
        if generate.main(argv) != 0:
            raise RuntimeError("generate.py --many failed")
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    return target


def compile_bytecode() -> None:
    """Byte-compile trfkit as ``pip install`` does for a wheel.

    An editable install leaves that to the first import, and this machine
    sets PYTHONDONTWRITEBYTECODE, so without this every ``trfkit`` process
    would compile the package from source: a cost no installed user pays.
    """
    package = Path(importlib.util.find_spec("trfkit").origin or "").parent  # type: ignore[union-attr]
    compileall.compile_dir(package, quiet=1)


def measure_processes(quick: bool) -> tuple[list[ProcessResult], str]:
    base = trfkit_command()
    compile_bytecode()
    log(f"(f) {shlex.join(shown([*base, 'check', SMALL_FILE]))}, 11 runs ...")
    small = time_processes(base, {"f": ["check", SMALL_FILE]}, 11)
    out = [small["f"]]
    note = "trfkit's bytecode was compiled first, as pip does when it installs a wheel."
    if quick:
        note += " (g) skipped (--quick)."
        return out, note
    directory = os.path.relpath(many_dir(), ROOT)
    check_dir = ["check", directory, "--format", "json"]
    # Five runs each: single runs of a whole directory swing by a third on a
    # shared machine, and the ratio is taken per alternating pair.
    log(
        f"(g) the directory with --jobs 1 and --jobs 2, alternating, {DIRECTORY_RUNS} runs each ..."
    )
    runs = {"g1": [*check_dir, "--jobs", "1"], "g2": [*check_dir, "--jobs", "2"]}
    got = time_processes(base, runs, DIRECTORY_RUNS, expect_files=MANY_FILES)
    out += [got["g1"], got["g2"]]
    for r in out:
        if r.files_reported and r.files_reported != {MANY_FILES} and r.key.startswith("g"):
            r.error = r.error or (
                f"reported {sorted(r.files_reported)} files, expected {MANY_FILES}"
            )
    return out, note


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------
def machine() -> list[str]:
    cpu = platform.processor() or "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = "unknown"
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = f"{int(line.split()[1]) / 2**20:.1f} GiB"
                break
    return [
        f"- platform: {platform.platform()}",
        f"- Python: {platform.python_implementation()} {platform.python_version()}",
        f"- CPUs: {os.cpu_count()} ({cpu})",
        f"- memory: {memory}",
    ]


def versions() -> str:
    try:
        trf_version = importlib.metadata.version("trf") if trf is not None else "not installed"
    except importlib.metadata.PackageNotFoundError:
        trf_version = "unknown"
    return f"trfkit {trfkit.__version__}, trf {trf_version}"


def fmt(value: float | None, spec: str = ".2f") -> str:
    return "—" if value is None else format(value, spec)


def size_table(r: SizeResult, repeat: int) -> list[str]:
    targeted = (r.players, r.rounds) == TARGET_SIZE

    def target(value: float | None, limit: float) -> str:
        return f"≤ {limit:g}: {verdict(value, limit)}" if targeted else ""

    mb = r.path.stat().st_size / 1e6
    found = ", ".join(
        f"{sum(codes.values())} {severity}"
        + ("" if severity == "info" else f" ({', '.join(sorted(codes))})")
        for severity, codes in sorted(r.findings.items())
    )
    lines = [
        f"### {size_label(r.players, r.rounds)}",
        "",
        f"`{os.path.relpath(r.path, ROOT)}` ({mb:.2f} MB) and its twin "
        f"`{r.twin.name}`; median of {repeat} repetitions, contenders alternating. "
        f"validate: {found or 'no findings'}; rate: rules {r.rules}.",
        "",
        "| | contender | median ms | ratio (median per repetition) | target |",
        "|---|---|---:|---|---|",
        f"| (a) | floor: split lines, slice fields | {fmt(r.median_ms('a'), '.1f')} | 1 | |",
    ]
    if "b" in r.times:
        lines.append(
            f"| (b) | trf 1.1.1 `trf.load` (twin) | {fmt(r.median_ms('b'), '.1f')} "
            f"| b/a = {fmt(r.ratio('b', 'a'))} | |"
        )
        cb = r.ratio("c_twin", "b")
        lines.append(
            f"| (c) twin | `trfkit.load` (twin) | {fmt(r.median_ms('c_twin'), '.1f')} "
            f"| c/b = {fmt(cb)} | {target(cb, LOAD_VS_TRF)} |"
        )
    else:
        lines.append(f"| (b) | trf not installed (`{INSTALL_HINT}`): skipped | — | — | |")
        lines.append(
            f"| (c) twin | `trfkit.load` (twin) | {fmt(r.median_ms('c_twin'), '.1f')} | c/b = — | |"
        )
    ca, da, ea = r.ratio("c", "a"), r.ratio("d", "a"), r.ratio("e", "a")
    lines += [
        f"| (c) | `trfkit.load` | {fmt(r.median_ms('c'), '.1f')} | c/a = {fmt(ca)} "
        f"| {target(ca, LOAD_VS_FLOOR)} |",
        f"| (d) | load + `validate` | {fmt(r.median_ms('d'), '.1f')} | d/a = {fmt(da)} | |",
        f'| (e) | load + validate + `rate(rules="auto")` | {fmt(r.median_ms("e"), ".1f")} '
        f"| e/a = {fmt(ea)} | {target(ea, FULL_VS_FLOOR)} |",
        "",
        "| traced peak memory (twin, one call after a warm-up) | MiB | ratio | target |",
        "|---|---:|---|---|",
    ]
    mem = None
    if "b" in r.peak:
        mem = r.peak["c_twin"] / r.peak["b"]
        lines.append(f"| (b) `trf.load` | {r.peak['b']:.1f} | | |")
    lines.append(
        f"| (c) `trfkit.load` | {r.peak['c_twin']:.1f} | c/b = {fmt(mem)} "
        f"| {target(mem, MEMORY_VS_TRF)} |"
    )
    lines += [f"\nNote: {n}" for n in r.notes]
    lines.append("")
    return lines


def growth_from_medians(sizes: dict[tuple[int, int], SizeResult]) -> float | None:
    """Per-line time of (c), big size over small, from the two size tables' medians."""
    if not all(s in sizes for s in GROWTH_SIZES):
        return None
    small, big = (sizes[s] for s in GROWTH_SIZES)
    return (ms(big.times["c"]) / big.players) / (ms(small.times["c"]) / small.players)


def measure_growth(sizes: dict[tuple[int, int], SizeResult], repeat: int) -> float | None:
    """Per-line time of trfkit.load, big size over small, the two loads alternating.

    The size tables are timed one after the other, so a noisy spell that hits
    one of them skews the ratio of their medians; alternating the two loads
    in one loop and taking the median per-repetition ratio does not.
    """
    if not all(s in sizes for s in GROWTH_SIZES):
        return None
    small, big = (sizes[s] for s in GROWTH_SIZES)
    log(f"per-line growth: {small.players}x{small.rounds} and {big.players}x{big.rounds} ...")
    t_small, t_big = alternating(
        [lambda: trfkit.load(small.path), lambda: trfkit.load(big.path)], repeat
    )
    return ratio(t_big, t_small) * small.players / big.players


def growth_table(sizes: dict[tuple[int, int], SizeResult], growth: float | None) -> list[str]:
    lines = [
        "### trfkit.load per player line",
        "",
        "| size | median ms | µs per player line |",
        "|---|---:|---:|",
    ]
    for (p, r), res in sizes.items():
        c = ms(res.times["c"])
        lines.append(f"| {p}×{r} | {c:.1f} | {c * 1000 / p:.1f} |")
    (sp, sr), (bp, br) = GROWTH_SIZES
    lines += [
        "",
        f"Growth {bp}×{br} / {sp}×{sr}, the two loads alternating in one loop (median "
        f"per-repetition ratio, per line): {fmt(growth)} (target ≤ {LINE_GROWTH:g}: "
        f"{verdict(growth, LINE_GROWTH)}); from the medians above: "
        f"{fmt(growth_from_medians(sizes))}.",
        "",
    ]
    return lines


def process_median(r: ProcessResult) -> float | None:
    return statistics.median(r.times) if r.times and not r.error else None


def jobs_ratio(procs: list[ProcessResult]) -> float | None:
    by = {p.key: p for p in procs}
    g1, g2 = by.get("g1"), by.get("g2")
    if g1 is None or g2 is None or not g2.times or g1.error or g2.error:
        return None
    return ratio(g2.times, g1.times)


def process_table(procs: list[ProcessResult], note: str) -> list[str]:
    labels = {"f": "(f)", "g1": "(g) jobs 1", "g2": "(g) jobs 2"}
    lines = [
        "### Whole processes (wall time, interpreter start included)",
        "",
        "| | command | runs | median s | exit status | target |",
        "|---|---|---:|---:|---|---|",
    ]
    jr = jobs_ratio(procs)
    for p in procs:
        if p.skipped:
            lines.append(f"| {labels[p.key]} | `{p.command}` | 0 | — | — | {p.skipped} |")
            continue
        med = process_median(p)
        status = ", ".join(str(s) for s in sorted(set(p.statuses)))
        if p.error:
            status += f" — **ERROR: {p.error}**"
        if p.key == "f":
            tgt = f"< {SMALL_CHECK_S:g} s: {verdict(med, SMALL_CHECK_S, strict=True)}"
        elif p.key == "g2":
            tgt = f"g2/g1 = {fmt(jr)}, ≤ {JOBS_RATIO:g}: {verdict(jr, JOBS_RATIO)}"
        else:
            tgt = ""
        lines.append(
            f"| {labels[p.key]} | `{p.command}` | {len(p.times)} | {fmt(med, '.3f')} "
            f"| {status} | {tgt} |"
        )
    lines.append("")
    lines += [
        f"{labels[p.key]} reported: {p.summary}." for p in procs if p.summary and not p.skipped
    ]
    lines.append(
        "Exit status 0 (no errors) and 1 (error findings) are both accepted; "
        "2 (unusable input) or a traceback fails the run."
    )
    if note:
        lines += ["", note]
    lines.append("")
    return lines


def targets_table(
    sizes: dict[tuple[int, int], SizeResult],
    growth: float | None,
    procs: list[ProcessResult],
    docs: dict[str, float] | None = None,
    serve_ms: float | None = None,
) -> list[str]:
    r = sizes.get(TARGET_SIZE)
    tgt = f"{TARGET_SIZE[0]}×{TARGET_SIZE[1]}"
    not_run = f"not measured ({tgt} not run)"
    no_trf = f"not measured (trf not installed: {INSTALL_HINT})"
    by = {p.key: p for p in procs}

    def row(name: str, value: float | None, limit: float, why: str, strict: bool = False) -> str:
        shown_limit = f"< {limit:g}" if strict else f"≤ {limit:g}"
        result = verdict(value, limit, strict=strict) if value is not None else why
        return f"| {name} | {fmt(value)} | {shown_limit} | {result} |"

    mem = r.peak["c_twin"] / r.peak["b"] if r is not None and "b" in r.peak else None
    g2 = by.get("g2")
    if g2 is None:
        why_jobs = "not measured (directory skipped: --quick)"
    elif g2.skipped:
        why_jobs = g2.skipped
    else:
        why_jobs = "not measured (a check run failed)"
    small = by.get("f")
    return [
        "### Targets",
        "",
        "| target | measured | limit | result |",
        "|---|---:|---|---|",
        row(
            f"trfkit.load / floor ({tgt})",
            r.ratio("c", "a") if r else None,
            LOAD_VS_FLOOR,
            not_run,
        ),
        row(
            f"trfkit.load / trf.load ({tgt} twin)",
            r.ratio("c_twin", "b") if r else None,
            LOAD_VS_TRF,
            not_run if trf is not None else no_trf,
        ),
        row(
            f"load + validate + rate / floor ({tgt})",
            r.ratio("e", "a") if r else None,
            FULL_VS_FLOOR,
            not_run,
        ),
        row(
            "trfkit.load time per player line, 9999×15 / 3000×13",
            growth,
            LINE_GROWTH,
            "not measured (needs both sizes)",
        ),
        row(
            f"traced peak memory, trfkit.load / trf.load ({tgt} twin)",
            mem,
            MEMORY_VS_TRF,
            not_run if trf is not None else no_trf,
        ),
        row(
            f"`trfkit check {SMALL_FILE}`, median s",
            process_median(small) if small else None,
            SMALL_CHECK_S,
            "not measured (the check run failed)",
            strict=True,
        ),
        row(
            f"`trfkit check` {MANY_FILES} files: jobs 2 / jobs 1",
            jobs_ratio(procs),
            JOBS_RATIO,
            why_jobs,
        ),
        row(
            f"standings, five tie-breaks / load ({tgt})",
            docs["s"] if docs else None,
            STANDINGS_VS_LOAD,
            not_run,
        ),
        row(
            f"every form and the norms / load ({tgt})",
            docs["all"] if docs else None,
            FORMS_VS_LOAD,
            not_run,
        ),
        row(
            "`POST /api/check` of a 180×11 file, median ms",
            serve_ms,
            SERVE_CHECK_MS,
            "not measured (--quick, or the serve bench failed)",
            strict=True,
        ),
        "",
    ]


# ---------------------------------------------------------------------------
# Documents of one tournament: standings, the forms and the norms
# ---------------------------------------------------------------------------
def measure_documents(players: int, rounds: int, repeat: int) -> dict[str, float]:
    """Medians of the per-repetition ratios to ``trfkit.load`` of the file:
    (s) the standings with five tie-breaks; (all) every form of ``trfkit
    report`` in text (Forms 1, 2, 4 with the norm table and certificates,
    and Form 3: the rating and its text).

    Measured in a fresh process (this script with ``--documents``), as
    bench_standings.py and bench_forms.py measure them: in this process,
    after the three sizes' loads, checks and ratings have come and gone,
    the same standings code measured s/a 0.77-0.93 where a fresh process
    gave 0.66-0.71, minutes apart on one machine (2026-11-27). The heap
    those runs left behind slows the standings' tens of thousands of small
    lists and integers more than the load, so the figure depended on what
    the suite had measured before. The in-process figure is kept beside it
    (``s_here``), for a long-lived process such as a rating server.
    """
    from trfkit.tiebreaks import standings

    log(f"[{players}x{rounds}] standings and forms, in a fresh process ...")
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--documents", f"{players}x{rounds}",
         "--repeat", str(repeat)],
        capture_output=True, text=True, timeout=1200, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"the documents' measurement failed: {done.stderr.strip()[-500:]}")
    docs: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    path = bench_path(players, rounds, SEED, verify=True)
    t = trfkit.load(path)
    standings(t, STANDINGS_TIEBREAKS)  # warm up
    load, ranked_t = alternating(
        [lambda: trfkit.load(path), lambda: standings(t, STANDINGS_TIEBREAKS)], repeat
    )
    docs["s_here"] = ratio(ranked_t, load)
    return docs


def documents_here(players: int, rounds: int, repeat: int) -> dict[str, float]:
    """:func:`measure_documents`' figures, measured in this process (the
    child it starts)."""
    from trfkit.report.rating import render_rating_text
    from trfkit.report.registry import FORM_DOCUMENTS, FormOptions, RenderOptions, output
    from trfkit.tiebreaks import standings

    path = bench_path(players, rounds, SEED, verify=True)
    t = trfkit.load(path)
    options, render = FormOptions(), RenderOptions(None)

    def every_form() -> int:
        size = len(render_rating_text(rate(t)))
        for name, build in FORM_DOCUMENTS.items():
            size += len(output(name, "text").render(build(t, options), render)[0])
        return size

    def ranked() -> object:
        return standings(t, STANDINGS_TIEBREAKS)

    # Each against the load in its own alternation, as bench_standings.py and
    # bench_forms.py measure them: the forms allocate some fourteen loads'
    # worth, which would weigh on a call made after them, so the standings
    # come first, warmed up alone (imports), on the heap the loads leave.
    ranked()
    load, ranked_t = alternating([lambda: trfkit.load(path), ranked], repeat)
    every_form()  # warm up: imports, templates
    load_f, forms_t = alternating([lambda: trfkit.load(path), every_form], repeat)
    return {"s": ratio(ranked_t, load), "all": ratio(forms_t, load_f), "load_ms": ms(load)}


def measure_serve(quick: bool) -> tuple[list[str], float | None]:
    """bench/bench_serve.py (trfkit serve on loopback: /api/check one at a
    time, then 20 clients and 400 requests with an 80 MB upload refused
    meanwhile), its report and the median of /api/check in ms."""
    if quick:
        return ["(skipped: --quick)"], None
    log("trfkit serve on loopback (bench/bench_serve.py --browser 0) ...")
    done = subprocess.run(
        [sys.executable, str(HERE / "bench_serve.py"), "--browser", "0"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    lines = done.stdout.strip().splitlines() or [done.stderr.strip()[-500:]]
    found = re.search(r"one at a time, \d+ requests: median ([\d.]+) ms", done.stdout)
    return lines, float(found.group(1)) if found and done.returncode == 0 else None


def serve_table(report: list[str]) -> list[str]:
    return ["### trfkit serve on loopback (bench/bench_serve.py)", "", "```", *report, "```", ""]


def documents_table(docs: dict[str, float] | None) -> list[str]:
    if docs is None:
        return []
    tgt = f"{TARGET_SIZE[0]}×{TARGET_SIZE[1]}"
    return [
        f"### Documents of one tournament ({tgt})",
        "",
        f"`trfkit.load` median {docs['load_ms']:.1f} ms; medians of the per-repetition ratios; "
        "measured in a fresh process, as bench_standings.py and bench_forms.py measure them "
        "(`suite.py --documents`).",
        "",
        "| | what | ratio to `trfkit.load` |",
        "|---|---|---:|",
        f'| (s) | `trfkit.standings(t, "{STANDINGS_TIEBREAKS}")` | {docs["s"]:.2f} |',
        f"| (s) here | the same, in the suite's own process after the sizes above "
        f"(a long-lived process's heap; not the target's measure) | {docs['s_here']:.2f} |",
        f"| (all) | every form of `trfkit report` in text, with the norms and Form 3's rating "
        f"| {docs['all']:.2f} |",
        "",
    ]


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------
def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes: list[tuple[int, int]] = []
    for item in text.split(","):
        p, sep, r = item.strip().lower().replace("×", "x").partition("x")
        if not sep or not p.isdigit() or not r.isdigit():
            raise argparse.ArgumentTypeError(f"{item!r}: expected PLAYERSxROUNDS, e.g. 3000x13")
        players = min(int(p), generate.MAX_PLAYERS)  # "10000x15" means 9999x15
        if players < 2 or not 1 <= int(r) <= 99:
            raise argparse.ArgumentTypeError(f"{item!r}: 2..9999 players, 1..99 rounds")
        sizes.append((players, int(r)))
    return sizes


def command_line(argv: Sequence[str]) -> str:
    script = Path(sys.argv[0]).resolve()
    with contextlib.suppress(ValueError):
        script = script.relative_to(ROOT)
    return shlex.join(["python", str(script), *argv])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--repeat", type=int, help="repetitions per size (default 7; 3 with --quick)")
    ap.add_argument(
        "--sizes",
        type=parse_sizes,
        help="restrict to these sizes, e.g. 300x9,3000x13 (default 300x9,3000x13,9999x15)",
    )
    ap.add_argument(
        "--quick",
        action="store_true",
        help="repeat 3, skip 9999x15 (unless named in --sizes) and the 1000-file directory",
    )
    ap.add_argument("--write", action="store_true", help="(re)write bench/RESULTS.md")
    ap.add_argument(
        "--documents",
        type=parse_sizes,
        metavar="PxR",
        help="only the documents' ratios of that size, as one line of JSON (the suite runs "
        "this in a fresh process)",
    )
    args = ap.parse_args(argv)
    argv = list(sys.argv[1:] if argv is None else argv)
    repeat = args.repeat or (3 if args.quick else 7)
    if repeat < 1:
        ap.error("--repeat must be at least 1")
    if args.documents:
        players, rounds = args.documents[0]
        print(json.dumps(documents_here(players, rounds, repeat)))
        return 0
    sizes: list[tuple[int, int]] = args.sizes or [
        s for s in generate.STANDARD_SIZES if not (args.quick and s[0] == generate.MAX_PLAYERS)
    ]
    started = time.perf_counter()
    when = dt.datetime.now().astimezone()

    if trf is None:
        log(f"NOTE: PyPI trf is not installed, so (b) is skipped; install it with {INSTALL_HINT}")
    results: dict[tuple[int, int], SizeResult] = {}
    for players, rounds in dict.fromkeys(sizes):
        results[(players, rounds)] = measure_size(players, rounds, repeat)
    growth = measure_growth(results, repeat)
    docs = measure_documents(*TARGET_SIZE, repeat) if TARGET_SIZE in results else None
    procs, note = measure_processes(args.quick)
    serve_report, serve_ms = measure_serve(args.quick)
    elapsed = time.perf_counter() - started

    lines = [
        "# trfkit performance results",
        "",
        f"- date: {when:%Y-%m-%d %H:%M %Z}",
        *machine(),
        f"- versions: {versions()}",
        f"- command: `{command_line(argv)}` ({elapsed:.0f} s)",
        f"- files: seeded (seed {SEED}; the directory: generate.py --many, seed {MANY_SEED})",
        "",
    ]
    if trf is None:
        lines += [f"**trf is not installed: (b) skipped. Install it with `{INSTALL_HINT}`.**", ""]
    for res in results.values():
        lines += size_table(res, repeat)
    if results:
        lines += growth_table(results, growth)
    lines += documents_table(docs)
    lines += process_table(procs, note)
    lines += serve_table(serve_report)
    lines += targets_table(results, growth, procs, docs, serve_ms)
    text = "\n".join(lines)
    print(text)
    if args.write:
        RESULTS.write_text(
            "<!-- Generated by bench/suite.py --write; do not edit: rerun the script. -->\n\n"
            + text,
            encoding="utf-8",
        )
        log(f"wrote {os.path.relpath(RESULTS, Path.cwd())}")

    broken = [p for p in procs if p.error]
    for p in broken:
        print(f"\nERROR: `{p.command}` failed: {p.error}", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
