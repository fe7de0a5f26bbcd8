"""Conversions keep a file's meaning (issue 33 §2), on every file we have.

Two properties, for each fixture, each TRF file of tests/data and each file
of the shared corpus (skipped, with the reason shown, where it is absent):

* ``check`` of ``fmt --to trf26``'s output reports no finding the original
  did not (the same code with the same severity, counted): a conversion
  that adds an error, or turns an info into an error, changed what the file
  says. The one finding a conversion may add is P007 for a record TRF-2026
  requires and the file lacks (042, 052, 132), and only where ``fmt`` said
  so itself.
* TRF16 → TRF-2026 → TRF16 keeps every record's meaning: each player's
  fields and round cells, read again, are what the file's were, or a P009
  of the conversion names the line and column; the teams are the same
  teams (name and members); the event's facts (dates, rounds, type, time
  control, scoring) are the same.

Records are compared, not bytes: a date written ``YYYY/MM/DD`` for
``YYYY.MM.DD`` is the same date.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import trfkit
from tests.conftest import ROOT, corpus_params, fixture_files
from tests.test_conversion import _round_dates
from trfkit.checks.files import check_tournament
from trfkit.event import event_of
from trfkit.model import Dialect, Player, Team, Tournament
from trfkit.scoring import scoring_of
from trfkit.writer import rewrite

DATA_FILES = sorted((ROOT / "tests" / "data").glob("*.trf"))


def _findings(t: Tournament) -> Counter[tuple[str, str]]:
    return Counter((d.code, d.severity.value) for d in check_tournament(t).diagnostics)


def _new_findings(path: Path) -> Counter[tuple[str, str]]:
    t = trfkit.load(path)
    text, said = rewrite(t, "trf26")
    converted = trfkit.loads(text.encode("utf-8"))
    new = _findings(converted) - _findings(t)
    # P007: a record TRF-2026 requires that the file lacks; fmt says it.
    if any(d.code == "P007" for d in said):
        new.pop(("P007", "warning"), None)
    return new


def _player_fields(p: Player) -> dict[str, Any]:
    cells = p.cells()
    return {
        "start rank": p.start_rank,
        "name": p.name,
        "sex": p.sex,
        "title": p.title,
        "rating": p.rating,
        "federation": p.federation,
        "FIDE id": p.fide_id,
        "birth date": (p.birth_date.date, p.birth_date.year)
        if p.birth_date.year is not None
        else p.birth_date.text,
        "points": p.points,
        "rank": p.rank,
        "opponents": cells.opponents,
        "colours": cells.colours,
        "results": cells.results,
    }


def _teams(t: Tournament) -> list[tuple[str, tuple[int | None, ...]]]:
    def members(team: Team) -> tuple[int | None, ...]:
        out = list(team.members)
        while out and not out[-1]:
            out.pop()
        return tuple(out)

    return [(team.name.strip(), members(team)) for team in t.event_teams()]


def _facts(t: Tournament) -> dict[str, Any]:
    ev = event_of(t)
    tc = ev.time_control
    return {
        "start": t.start_date.date if t.start_date else None,
        "end": t.end_date.date if t.end_date else None,
        "round dates": _round_dates(t),
        "rounds": t.number_of_rounds,
        "type": ev.type,
        "time control": (tc.periods, tc.black) if tc else None,
        "scoring": scoring_of(t).values,
    }


def _meaning_lost(path: Path) -> list[str]:
    """What TRF16 → TRF-2026 → TRF16 changed and no P009 names."""
    t = trfkit.load(path)
    text26, said26 = rewrite(t, "trf26")
    t26 = trfkit.loads(text26.encode("utf-8"))
    text16, _ = rewrite(t26, "trf16")
    t16 = trfkit.loads(text16.encode("utf-8"))
    named = {d.line for d in said26 if d.code == "P009"}
    out: list[str] = []
    by_rank = {p.start_rank: p for p in t16.players}
    for p in t.players:
        again = by_rank.get(p.start_rank)
        line = p.origin.line if p.origin is not None else 0
        if again is None:
            out.append(f"player {p.start_rank} (line {line}) lost")
            continue
        before, after = _player_fields(p), _player_fields(again)
        changed = [k for k in before if before[k] != after[k]]
        if changed and line not in named:
            out.append(f"player {p.start_rank} (line {line}): {changed} changed, no P009")
    if len(t16.players) != len(t.players):
        out.append(f"{len(t.players)} players became {len(t16.players)}")
    lost_teams = [x for x in _teams(t) if x not in _teams(t16)]
    dropped = {d.line for d in said26 if d.code == "P009"}
    for team in t.event_teams():
        key = (team.name.strip(), _teams(Tournament(teams=[team]))[0][1])
        if key in lost_teams and (team.origin is None or team.origin.line not in dropped):
            out.append(f"team {key} lost, no P009")
    if len(_teams(t16)) != len(set(_teams(t16))):
        out.append(f"a team written twice: {_teams(t16)}")
    if _facts(t16) != _facts(t):
        out.append(f"facts: {_facts(t)} became {_facts(t16)}")
    return out


_OUR_FILES = [*fixture_files(), *DATA_FILES]


@pytest.mark.parametrize("path", _OUR_FILES, ids=lambda p: p.name)
def test_fmt_to_trf26_adds_no_finding_to_our_files(path: Path) -> None:
    assert _new_findings(path) == Counter()


@pytest.mark.parametrize("path", corpus_params())
def test_fmt_to_trf26_adds_no_finding_to_corpus_files(path: Path) -> None:
    assert _new_findings(path) == Counter()


def _trf16(path: Path) -> bool:
    return trfkit.load(path).dialect is not Dialect.TRF26


@pytest.mark.parametrize("path", [p for p in _OUR_FILES if _trf16(p)], ids=lambda p: p.name)
def test_trf16_to_trf26_and_back_keeps_our_files_records(path: Path) -> None:
    assert _meaning_lost(path) == []


@pytest.mark.parametrize("path", corpus_params())
def test_trf16_to_trf26_and_back_keeps_corpus_records(path: Path) -> None:
    if not _trf16(path):
        pytest.skip("a TRF-2026 file: TRF16 → TRF-2026 → TRF16 starts from TRF16")
    assert _meaning_lost(path) == []


def test_a_team_file_with_013_and_310_converts_to_its_teams_once() -> None:
    """fixtures/team-013-and-310.trf gives its four teams as 310 lines and
    again as 013 lines, two of them in 310's columns (as a writer was seen
    to do): the output has four teams, each once, in either dialect, and a
    P009 names each 013 line not written."""
    path = ROOT / "fixtures" / "team-013-and-310.trf"
    t = trfkit.load(path)
    assert len(t.teams) == 8
    expected = [
        ("Riverside Rooks", (1, 2, 3, 4, 5)),
        ("Kastell Springer", (6, 7, 8, 9)),
        ("Torre Alfiere", (10, 11, 12, 13)),
        ("Polder Pionnen", (14, 15, 16, 17)),
    ]
    text26, said = rewrite(t, "trf26")
    t26 = trfkit.loads(text26)
    assert [team.code for team in t26.teams] == ["310"] * 4
    assert _teams(t26) == expected
    thirteen = [team.origin.line for team in t.teams if team.code == "013" and team.origin]
    assert sorted(d.line for d in said if d.code == "P009" and d.line in thirteen) == thirteen
    t16 = trfkit.loads(rewrite(t26, "trf16")[0])
    assert [team.code for team in t16.teams] == ["013"] * 4
    assert _teams(t16) == expected
    # check finds no team twice, no player in two teams, 082's four teams.
    for converted in (t26, t16):
        codes = {d.code for d in check_tournament(converted).diagnostics}
        assert not codes & {"S106", "S123"}, codes


def test_a_team_players_points_get_one_severity_with_or_without_an_unread_cell() -> None:
    """In a team event a player's 001 points are informative (TRF26 §3.3):
    a total the results do not give is an info S104 on every line, a line
    with a cell that cannot be read (a result ``*``) included; it was an
    error there, and a blank written for the ``*`` turned it into an info
    after ``fmt``. The same data, the same severity, before and after."""
    lines = (ROOT / "fixtures" / "team-trf16.trf").read_text(encoding="utf-8").splitlines()
    # Player 1: round 3 '*' (6 w 0 in the file), points 3.0 where at most
    # 2.0 can be made of the rest (1 + 0 + 1 at most).
    lines = [x[:80] + " 3.0" + x[84:118] + "*" if x.startswith("001    1 ") else x for x in lines]
    t = trfkit.loads("\n".join(lines) + "\n")
    assert [d.found for d in t.diagnostics if d.code == "P002"] == ["*"]

    def s104(t: Tournament) -> list[tuple[str, bool]]:
        return [
            (d.severity.value, "informative" in d.message)
            for d in check_tournament(t).diagnostics
            if d.code == "S104"
        ]

    assert s104(t) == [("info", True)]
    converted = trfkit.loads(rewrite(t, "trf26")[0])
    assert s104(converted) == s104(t)
