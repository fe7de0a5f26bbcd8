"""trfkit's tie-break values against TieBreakServer's, value by value.

``../shared/tiebreak-oracle/tbs-values.json`` holds FIDE TEC's
TieBreakServer's values of 34 tie-breaks under C.07-2023 (its ``/V1``) and
C.07-2026 (``/V2``) for the corpus files and for generated ones. This tool
computes trfkit's value of every file, player, tie-break and edition in it,
and lists the differences by class: the classes of docs/standings.md
("Where trfkit and TieBreakServer differ"), each a reading of C.07 that
trfkit keeps on purpose, and ``other`` for a difference no class explains.

    python tools/tbs_compare.py                  # the figures and the classes
    python tools/tbs_compare.py --show 5         # with five differences a class
    python tools/tbs_compare.py --class other    # only one class

TieBreakServer is a second opinion, not an authority: a class is a decision
taken from C.07's text, and its article is named where it is listed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
ORACLE = SHARED / "tiebreak-oracle" / "tbs-values.json"

if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import trfkit  # noqa: E402
from trfkit.event import TournamentType, event_of  # noqa: E402
from trfkit.model import Tournament  # noqa: E402
from trfkit.tiebreaks.codes import parse_tiebreak  # noqa: E402
from trfkit.tiebreaks.editions import get_edition  # noqa: E402
from trfkit.tiebreaks.field import Field, field_of  # noqa: E402
from trfkit.tiebreaks.standings import _Context, standings  # noqa: E402

Value = Decimal | int | None


class Difference(NamedTuple):
    file: str
    edition: str
    code: str
    start_rank: int
    tbs: Value
    trfkit: Value


def oracle_path(name: str, shared: Path = SHARED) -> Path:
    """Where the file the oracle names lies (``corpus/...``, ``generated/...``)."""
    if name.startswith("generated/"):
        return shared / "tiebreak-oracle" / name
    return shared / name


def _number(text: str | None) -> Value:
    if text is None:
        return None
    return Decimal(text)


def _de_values(t: Tournament, edition: str, codes: list[str]) -> dict[str, dict[int, Value]]:
    """DE and DE/P as TieBreakServer prints them in its list (PTS, DE,
    DE/P, ...): each applied to the groups the earlier ones leave tied, a
    player's value his rank within that group where it orders the group, 0
    where it leaves the group whole or the player is alone."""
    s = standings(t, codes, edition)
    out: dict[str, dict[int, Value]] = {code: {} for code in codes}
    for at, code in enumerate(codes):
        groups: dict[tuple[object, ...], list[tuple[int, Value]]] = defaultdict(list)
        for row in s.rows:
            key = (row.points, *(row.tiebreaks[c] for c in codes[:at]))
            groups[key].append((row.start_rank, row.tiebreaks[code]))
        for group in groups.values():
            values = {v for _, v in group}
            for start, v in group:
                out[code][start] = 0 if len(group) == 1 or len(values) == 1 else v
    return out


def trfkit_values(t: Tournament, edition: str, codes: Iterable[str]) -> dict[str, dict[int, Value]]:
    """trfkit's value of each of ``codes`` for each player (by starting rank)."""
    ev = event_of(t)
    round_robin = ev.type in (TournamentType.ROUND_ROBIN, TournamentType.DOUBLE_ROUND_ROBIN)
    f = field_of(t, round_robin=round_robin)
    ctx = _Context(f, get_edition(edition))
    out: dict[str, dict[int, Value]] = _de_values(
        t, edition, [code for code in codes if code.startswith("DE")]
    )
    for code in codes:
        if code == "PTS":
            out[code] = dict(zip(f.start_ranks, f.values(f.score), strict=True))
        elif code.startswith("DE"):
            continue
        else:
            values = ctx.values(parse_tiebreak(code))
            out[code] = dict(zip(f.start_ranks, values, strict=True))
    return out


def _same(a: Value, b: Value) -> bool:
    if a is None or b is None:
        return a is b
    return Decimal(a) == Decimal(b)


def differences(
    oracle: dict[str, object], shared: Path = SHARED, files: Iterable[str] | None = None
) -> tuple[int, list[Difference], dict[str, Tournament]]:
    """Every value compared, the differences, and the tournaments read."""
    codes: list[str] = oracle["codes"]  # type: ignore[assignment]
    entries: dict[str, dict[str, dict[str, object]]] = oracle["files"]  # type: ignore[assignment]
    compared = 0
    found: list[Difference] = []
    read: dict[str, Tournament] = {}
    for name in files if files is not None else sorted(entries):
        entry = entries[name]
        path = oracle_path(name, shared)
        if not path.is_file():
            continue
        t = read[name] = trfkit.load(path)
        for edition, result in entry.items():
            players = result.get("players")
            if not isinstance(players, dict):
                continue  # TieBreakServer refused the file
            mine = trfkit_values(t, edition, codes)
            mine["rank"] = {
                row.start_rank: row.rank for row in standings(t, codes[1:], edition).rows
            }
            for sno, row in players.items():
                start = int(sno)
                pairs = [*zip(codes, row["values"], strict=True), ("rank", str(row["rank"]))]
                for code, text in pairs:
                    compared += 1
                    theirs = _number(text)
                    ours = mine[code].get(start)
                    if not _same(theirs, ours):
                        found.append(Difference(name, edition, code, start, theirs, ours))
    return compared, found, read


# ---------------------------------------------------------------------------
# Classes: each a predicate on a difference, with the field of its file.

_LEGACY_BYE = frozenset("=+1WD")


class Facts:
    """What the classes ask of a file: its field and the cells' results."""

    def __init__(self, t: Tournament) -> None:
        self.t = t
        ev = event_of(t)
        self.round_robin = ev.type in (
            TournamentType.ROUND_ROBIN,
            TournamentType.DOUBLE_ROUND_ROBIN,
        )
        self.f: Field = field_of(t, round_robin=self.round_robin)
        self.index = {s: i for i, s in reversed(list(enumerate(self.f.start_ranks)))}

    def points(self, start: int) -> int:
        return self.f.score[self.index[start]]

    def results(self, start: int) -> str:
        return self.f.results[self.index[start]]

    def opponents(self, start: int) -> list[int]:
        return [o for o in self.f.opponents[self.index[start]] if o >= 0]

    def near_legacy_bye(self, start: int) -> bool:
        """The player, an opponent or an opponent's opponent has a cell
        without an opponent whose result is a game's (``0000 - =``, ``0000 -
        +``): trfkit reads these legacy byes as byes (a half-point bye, a
        full-point bye), TieBreakServer as games played without opponent,
        and the difference reaches BH, SB, AOB, REP..."""
        f = self.f
        i = self.index[start]
        seen = {i, *(o for o in f.opponents[i] if o >= 0)}
        for o in list(seen):
            seen.update(x for x in f.opponents[o] if x >= 0)
        return any(
            r in _LEGACY_BYE and o < 0
            for j in seen
            for r, o in zip(f.results[j], f.opponents[j], strict=True)
        )

    def vurs(self, start: int) -> int:
        """The player's voluntary unplayed rounds (C.07 16.1.2)."""
        return sum(1 for k in self.f.kinds[self.index[start]] if k in "HZL")

    def double_forfeits(self, start: int) -> int:
        """The rounds in which the player and his scheduled opponent both
        lost by forfeit."""
        f = self.f
        i = self.index[start]
        return sum(
            1
            for r, (k, o) in enumerate(zip(f.kinds[i], f.opponents[i], strict=True))
            if k == "L" and o >= 0 and f.kinds[o][r] == "L"
        )


Classifier = Callable[[Difference, Facts], bool]
CLASSES: list[tuple[str, Classifier]] = [
    ("team-event", lambda d, x: bool(x.t.teams)),
    (
        "rounds-not-played",
        lambda d, x: (x.t.declared_rounds or 0) > x.t.rounds_played,
    ),
    ("legacy-bye-codes", lambda d, x: x.near_legacy_bye(d.start_rank)),
    ("std-double-forfeit", lambda d, x: d.code == "STD" and x.double_forfeits(d.start_rank) > 0),
    (
        "sb-cut-vur-by-score",
        lambda d, x: d.code.startswith("SB/C") and x.vurs(d.start_rank) > 1,
    ),
]


def classify(
    diffs: Iterable[Difference], tournaments: dict[str, Tournament]
) -> Iterator[tuple[str, Difference]]:
    """Each difference with its class. A rank follows the values: a rank
    that differs takes the class of a value that differs for a player with
    the same points (the group the tie-breaks order), else ``other``."""
    facts: dict[str, Facts] = {}
    ranks: list[Difference] = []
    # (file, edition, points) -> the class of a value differing there
    groups: dict[tuple[str, str, int], str] = {}
    for d in diffs:
        x = facts.get(d.file)
        if x is None:
            x = facts[d.file] = Facts(tournaments[d.file])
        if d.code == "rank":
            ranks.append(d)
            continue
        name = next((name for name, test in CLASSES if test(d, x)), "other")
        groups.setdefault((d.file, d.edition, x.points(d.start_rank)), name)
        yield name, d
    for d in ranks:
        x = facts[d.file]
        name = next((name for name, test in CLASSES[:2] if test(d, x)), None)
        yield name or groups.get((d.file, d.edition, x.points(d.start_rank)), "other"), d


def _ranks_compared(oracle: dict[str, object], files: Iterable[str] | None) -> int:
    entries: dict[str, dict[str, dict[str, object]]] = oracle["files"]  # type: ignore[assignment]
    wanted = set(files) if files is not None else None
    return sum(
        len(result["players"])  # type: ignore[arg-type]
        for name, entry in entries.items()
        if (wanted is None or name in wanted) and oracle_path(name, SHARED).is_file()
        for result in entry.values()
        if isinstance(result.get("players"), dict)
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--oracle", type=Path, default=ORACLE)
    ap.add_argument("--show", type=int, default=0, help="differences shown per class")
    ap.add_argument("--class", dest="only", help="only this class")
    ap.add_argument("--file", action="append", help="only this oracle file name (repeatable)")
    ap.add_argument("--by-code", action="store_true", help="each class's differences by code")
    args = ap.parse_args(argv)
    if not args.oracle.is_file():
        print(f"no oracle at {args.oracle}", file=sys.stderr)
        return 2
    oracle = json.loads(args.oracle.read_text(encoding="utf-8"))
    compared, diffs, tournaments = differences(oracle, args.oracle.parent.parent, args.file)
    ranks = sum(1 for d in diffs if d.code == "rank")
    values = compared - _ranks_compared(oracle, args.file)
    agree = values - (len(diffs) - ranks)
    print(f"{values} values compared, {agree} agree ({100 * agree / max(values, 1):.2f} %)")
    rank_total = compared - values
    print(
        f"{rank_total} ranks compared (the whole list of codes), {rank_total - ranks} agree "
        f"({100 * (rank_total - ranks) / max(rank_total, 1):.2f} %)"
    )
    by_class: dict[str, list[Difference]] = defaultdict(list)
    for name, d in classify(diffs, tournaments):
        by_class[name].append(d)
    for name, ds in sorted(by_class.items(), key=lambda kv: -len(kv[1])):
        if args.only and name != args.only:
            continue
        files = len({d.file for d in ds})
        print(f"  {name:24} {len(ds):7} values in {files} files")
        if args.by_code:
            for (code, ed), k in Counter((d.code, d.edition) for d in ds).most_common():
                print(f"      {code:8} {ed:9} {k}")
        for d in ds[: args.show]:
            print(
                f"      {d.file} {d.edition} {d.code} #{d.start_rank}: TBS {d.tbs} trfkit {d.trfkit}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
