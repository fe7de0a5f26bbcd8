"""Rating-list speed: load_rating_list(wanted=30 ids) over a FIDE-sized list;
with --check, ``trfkit check`` of a 3000-player file against it.

Rating one tournament needs a few dozen players out of FIDE's list of over a
million (FIDE players list download, ratings.fide.com/download_lists.phtml).
The target: under 60 s and under 1 GiB peak RSS for 1.1 million players. Run:

    python bench/bench_ratinglist.py [--players 1100000] [--format xml|txt]

It writes a synthetic list (every field filled the way FIDE fills them; about
0.5 GB of XML by default) to a temporary directory, reads it once with 30
wanted ids spread over the whole list (the last player among them, so the
whole file is read), and prints the time and the process's peak RSS (which
includes writing the list). Not part of the test run.

With ``--check``, instead: ``trfkit check FILE --rating-list LIST`` (in this
process, JSON kept in memory) of the 3000-player, 13-round benchmark file
(bench_load.py's) whose FIDE ids are spread over the whole list, 20 of its
players without an id (so the whole list is read for their names as well),
held to the same targets; and the same check without a list, for scale.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from trfkit.rating.ratinglist import load_rating_list  # noqa: E402

sys.path.insert(0, str(HERE))
from bench_load import bench_path  # noqa: E402

FIRST_ID = 10_000_000
FEDS = ("GER", "IND", "FRA", "ESP", "RUS", "USA", "ITA", "POL", "ARG", "CZE", "NED", "SRB")
TITLES = ("", "", "", "", "", "", "", "CM", "FM", "IM", "GM", "WFM")
FLAGS = ("", "", "i", "w", "wi")
TXT_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\n"
)


def _xml(n: int) -> Iterator[str]:
    yield '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
    for i in range(n):
        title = TITLES[i % len(TITLES)]
        rating = 1400 + (i * 7919) % 1400
        yield (
            f"<player>\n<fideid>{FIRST_ID + i}</fideid>\n<name>Surname{i}, Given</name>\n"
            f"<country>{FEDS[i % len(FEDS)]}</country>\n<sex>{'MF'[i % 5 == 3]}</sex>\n"
            f"<title>{title}</title>\n<w_title>{'WFM' if title == 'WFM' else ''}</w_title>\n"
            f"<o_title></o_title>\n<foa_title></foa_title>\n"
            f"<rating>{rating}</rating>\n<games>{i % 9}</games>\n<k>{(40, 20, 10)[i % 3]}</k>\n"
            f"<rapid_rating>{rating - 20}</rapid_rating>\n<rapid_games>0</rapid_games>\n"
            f"<rapid_k>20</rapid_k>\n<blitz_rating></blitz_rating>\n<blitz_games></blitz_games>\n"
            f"<blitz_k></blitz_k>\n<birthday>{1950 + i % 60}</birthday>\n"
            f"<flag>{FLAGS[i % len(FLAGS)]}</flag>\n</player>\n"
        )
    yield "</playerslist>\n"


def _txt(n: int) -> Iterator[str]:
    yield TXT_HEADER
    for i in range(n):
        title = TITLES[i % len(TITLES)]
        rating = 1400 + (i * 7919) % 1400
        yield (
            f"{FIRST_ID + i:<15}{f'Surname{i}, Given':<61}{FEDS[i % len(FEDS)]} "
            f"{'MF'[i % 5 == 3]:<4}{title:<5}{'WFM' if title == 'WFM' else '':<5}{'':<15}{'':<4}"
            f"{rating:<6}{i % 9:<4}{(40, 20, 10)[i % 3]:<3}{rating - 20:<6}{0:<4}{20:<3}"
            f"{'':<6}{'':<4}{'':<3}{1950 + i % 60:<6}{FLAGS[i % len(FLAGS)]}\n"
        )


def peak_rss_bytes() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # macOS: bytes; Linux: KiB


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1_100_000)
    ap.add_argument("--format", choices=("xml", "txt"), default="xml")
    ap.add_argument(
        "--check", action="store_true", help="time trfkit check of a 3000-player file instead"
    )
    args = ap.parse_args()
    n: int = args.players

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"players_list.{args.format}"
        start = time.perf_counter()
        with path.open("w", encoding="utf-8") as f:
            f.writelines(_xml(n) if args.format == "xml" else _txt(n))
        written = time.perf_counter() - start
        size = path.stat().st_size

        if args.check:
            return _check(path, n, size, written)
        step = max(1, (n - 1) // 29)
        wanted = sorted({FIRST_ID + min(k * step, n - 1) for k in range(29)} | {FIRST_ID + n - 1})
        start = time.perf_counter()
        players = load_rating_list(path, wanted=wanted)
        seconds = time.perf_counter() - start

    assert sorted(players) == wanted, sorted(set(wanted) - set(players))[:5]
    rss = peak_rss_bytes()
    fast, small = seconds < 60, rss < 1 << 30
    print(f"list: {n} players, {args.format}, {size / 1e6:.0f} MB (written in {written:.1f} s)")
    print(
        f"load_rating_list(wanted={len(wanted)} ids): {seconds:.1f} s   (target < 60 s: {'met' if fast else 'NOT met'})"
    )
    print(
        f"peak RSS of the process: {rss / 2**20:.0f} MiB   (target < 1024 MiB: {'met' if small else 'NOT met'})"
    )
    return 0 if fast and small else 1


def _spread_ids(text: str, n: int, unnamed: int = 20) -> str:
    """``text`` with its players' FIDE ids (columns 58-68) spread over the
    list's ``n`` ids, the last of them the list's last player; the first
    ``unnamed`` players get no id and a listed player's name and federation
    (columns 15-47, 54-56), as a new player named like one listed would."""
    lines = text.splitlines(keepends=True)
    rows = [i for i, line in enumerate(lines) if line.startswith("001")]
    step = max(1, (n - 1) // max(1, len(rows) - 1))
    for k, i in enumerate(rows):
        line = lines[i]
        index = min(k * step, n - 1) if k < len(rows) - 1 else n - 1
        if k < unnamed:
            name = f"Surname{index}, Given"
            fed = FEDS[index % len(FEDS)]
            line = f"{line[:14]}{name:<33}{line[47:53]}{fed}{line[56:57]}{'':>11}{line[68:]}"
        else:
            line = f"{line[:57]}{FIRST_ID + index:>11}{line[68:]}"
        lines[i] = line
    return "".join(lines)


def _check(list_path: Path, n: int, size: int, written: float) -> int:
    import contextlib
    import io

    from trfkit.cli import main as trfkit

    source = bench_path(3000, 13, 2026)
    trf = list_path.parent / "check-3000.trf"
    trf.write_text(_spread_ids(source.read_text(encoding="utf-8"), n), encoding="utf-8")
    runs: dict[str, tuple[float, str]] = {}
    given = ["--rating-list", str(list_path)]
    for label, extra in (("without a list", []), ("with the list", given)):
        out = io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out):
            trfkit(["check", str(trf), "--format", "json", *extra])
        runs[label] = (time.perf_counter() - start, out.getvalue())
    seconds, report = runs["with the list"]
    codes: dict[str, int] = {}
    for code in report.split('"code": "')[1:]:
        codes[code[:4]] = codes.get(code[:4], 0) + 1
    listed = {c: k for c, k in sorted(codes.items()) if c.startswith("R8")}
    rss = peak_rss_bytes()
    fast, small = seconds < 60, rss < 1 << 30
    print(f"list: {n} players, {size / 1e6:.0f} MB (written in {written:.1f} s)")
    print(f"check of 3000 players without a list: {runs['without a list'][0]:.1f} s")
    print(
        f"check of 3000 players with the list: {seconds:.1f} s   (target < 60 s: {'met' if fast else 'NOT met'})"
    )
    print(f"its findings of the list: {listed}")
    print(
        f"peak RSS of the process: {rss / 2**20:.0f} MiB   (target < 1024 MiB: {'met' if small else 'NOT met'})"
    )
    return 0 if fast and small else 1


if __name__ == "__main__":
    sys.exit(main())
