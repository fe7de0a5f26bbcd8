"""Converting between TRF16 and TRF-2026: what is written, and that nothing is lost silently.

The exact-bytes tests build their expected lines from the column layouts of
the TRF texts (TRF16 §2.2: 001 start rank 5-8, sex 10, title 11-13, name 15-47,
rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84,
rank 86-89, round r at 92+10(r-1) opponent, 97 colour, 99 result; TRF26 §3.4:
162 symbol 6, points 7-10, stride 9), not from the writer's output.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import trfkit
from tests.conftest import corpus_params, fixture_files
from tests.trfbuild import player_line
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import event_of
from trfkit.model import DateText, Dialect, Header, Player, RoundDates, Tournament
from trfkit.reader import parse_record
from trfkit.scoring import scoring_of
from trfkit.writer import convert, dumps, rewrite


def _player(
    rank: int,
    sex: str,
    title: str,
    name: str,
    rating: str,
    fed: str,
    fide: str,
    birth: str,
    points: str,
    place: str,
    *cells: tuple[str, str, str],
) -> str:
    """A 001 line, field by field at the columns of TRF16 §2.2."""
    return player_line(
        rank, rating, points, [f"{o:>4} {c} {r}" for o, c, r in cells], name=name or " ",
        born=birth, fide_id=fide, place=place, sex=sex, title=title, federation=fed,
    )  # fmt: skip


# -- exact bytes -----------------------------------------------------------------


def test_trf16_to_trf26_exact_bytes() -> None:
    """A round in progress (blank results), a bye, a year-only birth date, a
    DD/MM/YYYY start date, TRF06 titles and trailing blanks."""
    source = "\n".join(
        [
            "012 Blank Cup   ",
            "042 08/04/2018",
            "122 90 min + 30 sec",
            "092 Swiss (Dutch)",
            _player(1, "m", "g", "Alpha, Ann", "2500", "SLO", "14600001", "1990/01/01",
                    "1.0", "1", ("2", "w", "1"), ("3", "b", " ")) + "   ",
            _player(2, "w", "", "Beta, Bea", "1900", "SLO", "14600002", "1991", "1.0", "3",
                    ("1", "b", "0"), ("0000", "-", "U")),
            _player(3, "m", "", "Gamma, Gus", "", "SLO", "", "", "0.5", "2",
                    ("0000", "-", "H"), ("1", "w", " ")),
        ]
    ) + "\n"  # fmt: skip
    t = trfkit.loads(source)
    expected = "\r\n".join(
        [
            "012 Blank Cup",
            "042 2018/04/08",  # TRF26 §3.3: YYYY/MM/DD
            "092 Swiss (Dutch)",
            "122 90 min + 30 sec",
            "142 2",  # the rounds played
            # 162: symbols at 6, 15, 24; points at 7-10, 16-19, 25-28.
            "162  W 1.0    D 0.5    L 0.0",
            "192 FIDE_DUTCH",
            "222 5400+30",
            _player(1, "m", "GM", "Alpha, Ann", "2500", "SLO", "14600001", "1990/01/01",
                    " 1.0", "1", ("2", "w", "1"), ("3", "b", " ")),
            _player(2, "w", "", "Beta, Bea", "1900", "SLO", "14600002", "1991/00/00", "1.0",
                    "3", ("1", "b", "0"), ("0000", "-", "U")),
            _player(3, "m", "", "Gamma, Gus", "", "SLO", "", "", "0.5", "2",
                    ("0000", "-", "H"), ("1", "w", " ")),
        ]
    ) + "\r\n"  # fmt: skip
    assert dumps(t, "trf26") == expected
    again = trfkit.loads(expected)
    assert again.dialect is Dialect.TRF26
    _, lost = convert(t, "trf26")
    # Every value has its place in TRF-2026; a year alone is written as a
    # date with 00 for the month and day, and said.
    assert [(d.line, d.column, d.found, d.expected) for d in lost] == [
        (6, 70, "1991", "1991/00/00")
    ]


def test_trf26_to_trf16_exact_bytes() -> None:
    source = "\n".join(
        [
            "012 Cup",
            "142 3",
            "152 B",
            "162  W 3.0    D 1.0    L 0.0",
            "192 FIDE_DUTCH_2026",
            "222 40/6000+30:900+30",
            "### a ruler",
            _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "3.0", "1", ("2", "b", "1")),
            _player(2, "w", "", "Beta, Bea", "1900", "SLO", "", "", "0.0", "2", ("1", "w", "0")),
        ]
    )  # fmt: skip
    t = trfkit.loads(source)
    expected = "\n".join(
        [
            "012 Cup",
            "092 FIDE_DUTCH_2026",
            "122 40 moves in 100 min + 30 sec/move, then 15 min + 30 sec/move",
            "XXR 3",
            "XXC black1",
            # W and D are XXS shortcuts; 162's P is worth a win, JaVaFo's PAB 1.
            "XXS W=3.0 D=1.0 PAB=3.0",
            _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "3.0", "1", ("2", "b", "1")),
            _player(2, "w", "", "Beta, Bea", "1900", "SLO", "", "", "0.0", "2", ("1", "w", "0")),
        ]
    ) + "\n"  # fmt: skip
    assert dumps(t, "trf16", newline="\n") == expected
    _, lost = convert(t, "trf16")
    assert [(d.line, d.message) for d in lost] == [
        (2, "record 142 written as XXR"),
        (3, "record 152 written as XXC"),
        (4, "record 162 written as XXS"),
        (5, "record 192 written as 092"),
        (6, "record 222 written as 122 '40 moves in 100 min + 30 sec/move, then 15 min + 30 sec/move'"),
        (7, "comment has no TRF16 form; dropped"),
    ]  # fmt: skip
    back = trfkit.loads(expected)
    assert scoring_of(back).values == scoring_of(t).values
    assert event_of(back).time_control.periods == event_of(t).time_control.periods  # type: ignore[union-attr]


def test_a_record_written_in_another_form_says_what_the_output_holds() -> None:
    # TRF26 §3.4: 142 is the number of rounds, 152 the initial colour, 162 the
    # scoring; JaVaFo's TRF(x) writes them as XXR n, XXC white1/black1 and XXS
    # (W and D shortcuts, PAB the pairing-allocated bye). A finding whose
    # output holds a line says so: "expected" is that line, not "nothing".
    source = "\n".join(
        [
            "012 Cup",
            "142 3",
            "152 B",
            "162  W 3.0    D 1.0    L 0.0",
            _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "3.0", "1", ("2", "b", "1")),
            _player(2, "w", "", "Beta, Bea", "1900", "SLO", "", "", "0.0", "2", ("1", "w", "0")),
        ]
    )  # fmt: skip
    _, lost = convert(trfkit.loads(source), "trf16")
    assert [(d.line, d.found, d.expected) for d in lost] == [
        (2, "142 3", "XXR 3"),
        (3, "152 B", "XXC black1"),
        (4, "162  W 3.0    D 1.0    L 0.0", "XXS W=3.0 D=1.0 PAB=3.0"),
    ]
    # The file's own XXR stands for its 142: the output holds that line.
    _, lost = convert(trfkit.loads("012 Cup\n142 5\nXXR 7\n" + source.split("\n", 4)[4]), "trf16")
    assert [(d.line, d.found, d.expected) for d in lost] == [(2, "142 5", "XXR 7")]


def test_unknown_result_code_is_written_as_it_was_not_as_a_bye() -> None:
    # TRF has no code for an unknown result (TRF16 §2.3; TRF-2026 keeps its
    # codes): a blank there would be a zero-point bye (no opponent) or a
    # game not yet played, another meaning. The '*' is written as the file
    # had it, so the output is read with the same finding (P002) as the file.
    line = _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "1.0", "1",
                   ("2", "w", "1"), ("0000", "-", "*"))  # fmt: skip
    t = trfkit.loads("012 Cup\n" + line + "\n")
    for dialect in ("trf16", "trf26"):
        text, said = rewrite(t, dialect, "lf")
        written = next(x for x in text.splitlines() if x.startswith("001"))
        assert written[108] == "*", dialect  # column 109: round 2's result
        again = trfkit.loads(text)
        assert [(d.code, d.found) for d in again.diagnostics if d.code == "P002"] == [("P002", "*")]
        assert again.players[0].games[1].result is None
        # Said once, by the reader's P002; no P009 claims it was changed.
        assert [d.code for d in said if d.column == 109] == ["P002"]
    # A tournament converted in Python has no line to take the '*' from:
    # the copy holds a blank there, and P009 says so.
    _, lost = convert(t, "trf16")
    assert [(d.code, d.line, d.column, d.found, d.expected) for d in lost] == [
        ("P009", 2, 109, "*", "blank")
    ]


def test_a_year_alone_for_a_birth_date_is_said_when_written_as_a_date() -> None:
    # TRF's date is YYYY/MM/DD: '1981' is written 1981/00/00 (the same year,
    # 00 for what is not known), and P009 says it, at the birth date's
    # column 70; '1981/00/00' itself is written as it was, with nothing said.
    year = _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "1981", "0.0", "1")
    dated = _player(2, "m", "", "Beta, Bea", "2000", "SLO", "", "1982/00/00", "0.0", "2")
    t = trfkit.loads("012 Cup\n" + year + "\n" + dated + "\n")
    for dialect in ("trf16", "trf26"):
        text, said = rewrite(t, dialect, "lf")
        players = [x for x in text.splitlines() if x.startswith("001")]
        assert [x[69:79] for x in players] == ["1981/00/00", "1982/00/00"]
        p009 = [(d.line, d.column, d.found, d.expected) for d in said if d.code == "P009"]
        assert (2, 70, "1981", "1981/00/00") in p009
        assert not [x for x in p009 if x[0] == 3]


def test_unreadable_fields_and_stray_text_are_reported() -> None:
    line = _player(1, "m", "XY", "Alpha, Ann", "22B4", "SLO", "", "", "1.0", "1",
                   ("2", "w", "1"))  # fmt: skip
    line = line[:47] + "!" + line[48:]  # column 48 is a separator
    t = trfkit.loads("012 Cup\n" + line + "\n")
    _, lost = convert(t, "trf26")
    found = {(d.column, d.found, d.expected) for d in lost}
    assert found == {(11, "XY", "blank"), (48, "!", "blank"), (49, "22B4", "blank")}


def test_edited_record_is_not_reported_as_a_loss() -> None:
    line = _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "1.0", "1", ("2", "w", "1"))
    t = trfkit.loads("012 Cup\n" + line + "\n")
    t.players[0].rating = 2100
    _, lost = convert(t, "trf16")
    assert lost == []


def test_several_132_lines_become_one() -> None:
    t = trfkit.loads("012 Cup\n132 2025/01/15\n132 2025/01/16\n")
    text = dumps(t, "trf26", newline="\n")
    # 132: round r's date YY/MM/DD at 92+10(r-1) .. 99+10(r-1).
    assert "132" + " " * 88 + "25/01/15  25/01/16\n" in text
    _, lost = convert(t, "trf26")
    assert [(d.code, d.line) for d in lost] == [("P009", 3)]


def test_a_repeated_132_line_is_not_read_as_more_rounds() -> None:
    # TRF16 §2.1: one 132 line, round r's date YY/MM/DD at 92+10(r-1). A file
    # that repeats the whole line (two rounds' dates, twice) has two rounds,
    # not four: the reader says the first line is used (P006), and the
    # converter writes that line's dates and says it drops the second.
    line = "132" + " " * 88 + "25/01/15  25/01/16"
    t = trfkit.loads(f"012 Cup\n{line}\n{line}\n")
    assert [(d.code, d.line) for d in t.diagnostics if d.code == "P006"] == [("P006", 3)]
    assert [d.date for d in t.round_dates] == [dt.date(2025, 1, 15), dt.date(2025, 1, 16)]
    text = dumps(t, "trf26", newline="\n")
    assert [x for x in text.splitlines() if x.startswith("132")] == [line]
    _, lost = convert(t, "trf26")
    assert [(d.code, d.line, d.column, d.found) for d in lost] == [("P009", 3, 1, line)]


def test_one_date_per_132_line_gives_each_round_its_date() -> None:
    # gnutterts/chesspairing writes one 132 line per round, the date at
    # column 5: the lines' dates are the rounds' dates, in line order, for
    # the tournament read as for the file converted.
    t = trfkit.loads("012 Cup\n132 2025/01/15\n132 2025/01/16\n")
    assert [d.date for d in t.round_dates] == [dt.date(2025, 1, 15), dt.date(2025, 1, 16)]
    (p006,) = [d for d in t.diagnostics if d.code == "P006"]
    assert p006.line == 3 and "first one" not in p006.message and "rounds 1-2" in p006.message


def _team_310(
    number: int, name: str, fed: str, strength: str, mp: str, gp: str, rank: str, *members: int
) -> str:
    """A 310 line at the columns of TRF26 §3.7: number 5-7, name 9-40, nickname
    42-46, strength 48-53, match points 55-60, game points 62-67, rank 69-71,
    members from 74-77 every 5 columns."""
    return ("310 " + str(number).rjust(3) + " " + name.ljust(32) + " " + fed.ljust(5) + " "
            + strength.rjust(6) + " " + mp.rjust(6) + " " + gp.rjust(6) + " " + rank.rjust(3)
            + " " + "".join(" " + str(m).rjust(4) for m in members))  # fmt: skip


def _team_013(name: str, *members: int) -> str:
    """A 013 line (TRF16 §2.4): name 5-36, members from 37-40 every 5 columns."""
    return "013 " + name.ljust(32) + "".join(str(m).rjust(4) + " " for m in members).rstrip()


def test_a_team_given_as_013_and_310_is_written_once() -> None:
    # TEC's TRF-2026 sample (grandmommyscup.trf) writes each team twice: a 310
    # and a 013 with the same name and members. It has two teams, not four,
    # in either dialect: TRF16 gets the file's 013 (its 310 is dropped with a
    # P009), TRF-2026 the 310 (its 013 is dropped with a P009).
    players = [
        _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "1.0", "1", ("3", "w", "1")),
        _player(2, "m", "", "Beta, Bea", "1900", "SLO", "", "", "0.0", "2", ("4", "b", "0")),
        _player(3, "m", "", "Gamma, Gus", "1800", "CRO", "", "", "0.0", "3", ("1", "b", "0")),
        _player(4, "m", "", "Delta, Dan", "1700", "CRO", "", "", "1.0", "4", ("2", "w", "1")),
    ]  # fmt: skip
    teams_310 = [
        _team_310(1, "Slovenia", "SLO", "1950", "1.0", "1.0", "1", 1, 2),
        _team_310(2, "Croatia", "CRO", "1750", "1.0", "1.0", "2", 3, 4),
    ]
    teams_013 = [_team_013("Slovenia", 1, 2), _team_013("Croatia", 3, 4)]
    source = "\n".join(["012 Cup", "082 2", "192 FIDE_TEAM", *players, *teams_310, *teams_013])
    t = trfkit.loads(source + "\n")
    assert len(t.teams) == 4
    t16, lost16 = convert(t, "trf16")
    assert [(tm.code, tm.name, tm.members) for tm in t16.teams] == [
        ("013", "Slovenia", [1, 2]),
        ("013", "Croatia", [3, 4]),
    ]
    dropped = [(d.line, d.found) for d in lost16 if "stands for it" in d.message]
    assert dropped == [(8, teams_310[0]), (9, teams_310[1])]
    t26, lost26 = convert(t, "trf26")
    assert [(tm.code, tm.number, tm.name, tm.members) for tm in t26.teams] == [
        ("310", 1, "Slovenia", [1, 2]),
        ("310", 2, "Croatia", [3, 4]),
    ]
    assert [(d.line, d.found) for d in lost26] == [(10, teams_013[0]), (11, teams_013[1])]
    for dialect in ("trf16", "trf26"):
        again = trfkit.loads(dumps(t, dialect))
        assert len(again.teams) == 2, dialect


def test_013_lines_become_310_numbered_in_their_own_order() -> None:
    # TRF16: a 013 team's number is the order of its line among the 013 lines.
    line = _team_013("Slovenia", 1, 2)
    t = trfkit.loads("012 Cup\n" + line + "\n"
                     + _team_310(1, "Croatia", "CRO", "", "", "", "", 3, 4) + "\n")  # fmt: skip
    t26, _ = convert(t, "trf26")
    # 1 is the 310's: the 013 team, first of its kind, takes the next free number.
    assert sorted((tm.number, tm.name) for tm in t26.teams) == [(1, "Croatia"), (2, "Slovenia")]
    # Without 310 lines, the 013 lines are teams 1, 2, ... in their order.
    t = trfkit.loads("012 Cup\n" + line + "\n" + _team_013("Croatia", 3, 4) + "\n")
    t26, _ = convert(t, "trf26")
    assert [(tm.number, tm.name) for tm in t26.teams] == [(1, "Slovenia"), (2, "Croatia")]


def test_xxs_that_162_cannot_hold_is_reported() -> None:
    t = trfkit.loads("012 Cup\nXXS WW=1 BW=1.5\n")
    text = dumps(t, "trf26", newline="\n")
    assert "162  W 1.0    D 0.5    L 0.0\n" in text
    _, lost = convert(t, "trf26")
    assert len(lost) == 1 and lost[0].line == 2
    assert "WW=1.0, BW=1.5" in lost[0].message and lost[0].expected == "W 1.0"


def test_unreadable_start_date_is_kept_and_reported_for_trf26() -> None:
    t = trfkit.loads("012 Cup\n042 spring 2018\n")
    assert "042 spring 2018\r\n" in dumps(t, "trf26")
    _, lost = convert(t, "trf26")
    assert [(d.line, d.column, d.found) for d in lost] == [(2, 5, "spring 2018")]
    _, lost16 = convert(t, "trf16")  # TRF16 gives 042 no format
    assert lost16 == []


def test_type_without_a_pairing_system_gives_no_192() -> None:
    t = trfkit.loads("012 Cup\n092 Individual: Swiss-System\n")
    assert "\r\n192" not in dumps(t, "trf26")
    t = trfkit.loads("012 Cup\n092 FIDE-TEAM-BAKU\n")
    assert "192 FIDE_TEAM_BAKU\r\n" in dumps(t, "trf26")


# -- the round trip over real files ------------------------------------------------


def _same_date(a: DateText | None, b: DateText | None) -> bool:
    if a is None or b is None:
        return a is b
    if a.year is not None or b.year is not None:
        return (a.date, a.year) == (b.date, b.year)
    return a.text == b.text


_FIXED = ("start_rank", "name", "sex", "title", "rating", "federation", "fide_id", "points", "rank")
_COLUMN = {
    "start_rank": 5,
    "sex": 10,
    "title": 11,
    "name": 15,
    "rating": 49,
    "federation": 54,
    "fide_id": 58,
    "birth_date": 70,
    "points": 81,
    "rank": 86,
}


def _player_differences(a: Player, b: Player) -> list[tuple[int, str]]:
    """(column, what) for each value of ``a`` that ``b`` does not hold."""
    out: list[tuple[int, str]] = []
    for name in _FIXED:
        if getattr(a, name) != getattr(b, name):
            out.append((_COLUMN[name], name))
    if not _same_date(a.birth_date, b.birth_date):
        out.append((_COLUMN["birth_date"], "birth_date"))
    ca, cb = a.cells(), b.cells()
    for r in range(max(len(ca.opponents), len(cb.opponents))):
        for offset, column in ((92, ca.opponents), (97, ca.colours), (99, ca.results)):
            other = {92: cb.opponents, 97: cb.colours, 99: cb.results}[offset]
            mine = column[r] if r < len(column) else None
            theirs = other[r] if r < len(other) else None
            if mine != theirs:
                out.append((offset + 10 * r, f"round {r + 1}"))
    return out


def _round_dates(t: Tournament) -> list[object]:
    """Every 132 line's dates, in file order (a file may write one per line;
    Vega's files are read without the 132 layout)."""
    out: list[object] = []
    for h in t.headers:
        if isinstance(h, Header) and h.code == "132":
            h, _ = parse_record("132 " + h.value)
        if isinstance(h, RoundDates):
            out.extend(d.date for d in h.dates)
    return out


def _facts(t: Tournament) -> dict[str, Any]:
    ev = event_of(t)
    tc = ev.time_control
    return {
        "name": t.name,
        "city": t.city,
        "federation": t.federation,
        "start": t.start_date.date if t.start_date else None,
        "end": t.end_date.date if t.end_date else None,
        "round dates": _round_dates(t),
        "rounds": t.number_of_rounds,
        "chief arbiter": t.chief_arbiter,
        "deputies": t.deputy_arbiters,
        "time control": (tc.periods, tc.black) if tc else None,
        "type": ev.type,
        "scoring": scoring_of(t).values,
    }


def _errors(diags: list[Diagnostic]) -> Counter[str]:
    return Counter(d.code for d in diags if d.severity is Severity.ERROR)


def _check_players(t: Tournament, again: Tournament, lost: list[Diagnostic]) -> None:
    assert len(again.players) == len(t.players)
    reported = {(d.line, d.column) for d in lost}
    for a, b in zip(t.players, again.players, strict=True):
        assert a.origin is not None
        for column, what in _player_differences(a, b):
            # Anything not carried over is a P009 at its line and column.
            assert (a.origin.line, column) in reported, (a.origin.line, what)


def _round_trip(path: Path) -> None:
    t = trfkit.load(path)
    if t.dialect is Dialect.TRF26:
        # TRF-2026 to TRF16: the players, rounds and scoring are kept; the
        # rest TRF16 cannot hold is reported.
        _, lost = convert(t, "trf16")
        t16 = trfkit.loads(dumps(t, "trf16"))
        assert t16.dialect in (Dialect.TRF16, Dialect.TRFX)
        _check_players(t, t16, lost)
        assert scoring_of(t16).values == scoring_of(t).values
        if t16.number_of_rounds != t.number_of_rounds:
            assert any(d.line == t.header_line("142") for d in lost)
        return
    text26 = dumps(t, "trf26")
    _, lost = convert(t, "trf26")
    t26 = trfkit.loads(text26)
    assert t26.dialect is Dialect.TRF26
    # No error the source did not have.
    assert not _errors(t26.diagnostics) - _errors(t.diagnostics)
    t16 = trfkit.loads(dumps(t26, "trf16"))
    assert t16.dialect in (Dialect.TRF16, Dialect.TRFX, Dialect.VEGA)
    _check_players(t, t26, lost)
    _check_players(t, t16, lost)
    assert _facts(t16) == _facts(t) == _facts(t26)


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fixture_converts_to_the_other_dialect_and_back(path: Path) -> None:
    _round_trip(path)


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_file_converts_to_the_other_dialect_and_back(path: Path) -> None:
    _round_trip(path)


# -- the command line ------------------------------------------------------------


def test_fmt_to_trf26_converts_a_2018_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trfkit.cli import main

    source = tmp_path / "open2018.trf"
    source.write_text(
        "\n".join(
            [
                "012 Open 2018",
                "042 08/04/2018",
                "052 10/04/2018",
                _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "1978", "1.0", "1",
                        ("2", "w", "1"), ("0000", "-", "*")),
                _player(2, "w", "", "Beta, Bea", "1900", "SLO", "", "", "0.0", "2",
                        ("1", "b", "0")),
            ]
        )
        + "\n",
        encoding="utf-8",
    )  # fmt: skip
    out = tmp_path / "open2018-26.trf"
    status = main(["fmt", str(source), "--to", "trf26", "-o", str(out)])
    err = capsys.readouterr().err.splitlines()
    assert status == 1  # the reader's P002 on '*' is an error
    p009 = [line for line in err if " P009 " in line]
    # The year alone is said; the '*' is written as it was (no P009: its
    # P002 says it, in the file and in the output alike).
    assert len(p009) == 1 and p009[0].startswith(f"{source}:4:70: warning P009 birth date '1978'")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[:5] == [
        "012 Open 2018",
        "042 2018/04/08",
        "052 2018/04/10",
        "142 2",
        "162  W 1.0    D 0.5    L 0.0",
    ]
    assert lines[5][69:79] == "1978/00/00"
    assert lines[5][108] == "*"  # not a blank: with 0000 that is a zero-point bye
    t = trfkit.load(out)
    assert t.dialect is Dialect.TRF26
    assert [(d.code, d.found) for d in t.diagnostics if d.severity is Severity.ERROR] == [
        ("P002", "*")
    ]


def test_unreadable_score_in_162_is_reported() -> None:
    # 162: symbol at 6, points at 7-10, then 15/16-19 (TRF26 §3.4).
    t = trfkit.loads("012 Cup\n162  W 1.0    D x.5    L 0.0\n")
    assert "162  W 1.0    D        L 0.0\r\n" in dumps(t, "trf26")
    _, lost = convert(t, "trf26")
    assert [(d.line, d.column, d.found, d.expected) for d in lost] == [(2, 16, "x.5", "blank")]


def test_shifted_362_read_as_pairs_is_no_loss() -> None:
    # bbp's fork writes 362 one column right; the reader reads the pairs (P003).
    t = trfkit.loads("012 Cup\n362 TW  2.0   TD  1.0   TL  0.0\n")
    assert "362 TW 2.0   TD 1.0   TL 0.0\r\n" in dumps(t, "trf26")
    _, lost = convert(t, "trf26")
    assert lost == []


def test_a_trf26_file_is_rewritten_without_added_records() -> None:
    t = trfkit.loads("012 Cup\n152 W\n" + _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "",
                     "", "0.0", "1", ("0000", "-", "Z")) + "\n")  # fmt: skip
    assert t.dialect is Dialect.TRF26
    text = dumps(t, "trf26", newline="\n")
    # No 142 or 162 added: the player follows 152.
    assert [line[:24] for line in text.splitlines()] == [
        "012 Cup",
        "152 W",
        "001    1 m    Alpha, Ann",
    ]


def test_tab_in_a_result_column_is_reported() -> None:
    # Found by mutating real files: a TAB is read as a blank result (P002),
    # which the writer writes as a blank.
    line = _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "0.5", "1",
                   ("2", "w", "\t"), ("3", "b", "="))  # fmt: skip
    t = trfkit.loads("012 Cup\n" + line + "\n")
    _, lost = convert(t, "trf16")
    assert [(d.line, d.column, d.found, d.expected) for d in lost] == [(2, 99, "\t", "blank")]


def test_a_shifted_round_is_reported_in_one_line() -> None:
    line = _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "0.5", "1",
                   ("2", "w", "1"))  # fmt: skip
    # Round 2 one column left: opponent in 101-104, colour 106, result 108.
    line += "    3 b ="
    t = trfkit.loads("012 Cup\n" + line + "\n")
    _, lost = convert(t, "trf16")
    # The opponent field 102-105 holds "  3 ", read as 3 and written "   3";
    # colour and result sit in the separator columns 106 and 108: one P009.
    assert [(d.column, d.found) for d in lost] == [(106, "b=")]


def test_fmt_keeps_each_comment_before_the_line_it_preceded() -> None:
    # TRF26 §3 keeps ``###`` lines (a file holding them is TRF-2026). A
    # comment before a header, one before the first player and one before a
    # team line stay there when the file is rewritten; only the blank line
    # goes (a blank line says nothing).
    p1 = "001    1 m    Alpha, Ann                        2400 SLO    12345678 1990/01/01  1.0    1"
    p2 = "001    2 f    Beta, Bea                         2300 SLO    12345679 1991/01/01  0.0    2"
    team = "310   1 Slovenia                         SLO                        1    2"
    lines = [
        "012 Cup",
        "### about the place",
        "022 Ljubljana",
        "142 1",
        "",
        "### the players",
        p1,
        p2,
        "### the teams",
        team,
    ]
    t = trfkit.loads("\n".join(lines) + "\n")
    assert t.dialect is Dialect.TRF26
    text, _ = rewrite(t, newline="lf")
    out = text.splitlines()
    assert out.index("### about the place") + 1 == out.index("022 Ljubljana")
    assert out[out.index("### the players") + 1].startswith("001    1 m")
    assert out[out.index("### the teams") + 1].startswith("310 ")
    assert "" not in out
    assert len(out) == len(lines) - 1


def test_fmt_says_once_that_an_unknown_line_is_dropped() -> None:
    # The reader keeps an unknown line (P001: dumps writes it back); the
    # canonical output drops it (P009). fmt reports the P009 only, not a
    # P001 "kept as it is" beside it.
    t = trfkit.loads("012 Cup\n142 1\nABC?something\n")
    _, found = rewrite(t)
    assert [(d.code, d.line) for d in t.diagnostics if d.code == "P001"] == [("P001", 3)]
    assert [(d.code, d.line) for d in found if d.line == 3] == [("P009", 3)]
    assert "ABC?something" not in rewrite(t)[0]


def test_fmt_names_the_records_the_target_dialect_requires_and_the_file_lacks() -> None:
    # TRF16 §2.1 requires 012, 022, 032, 102 (and 001); TRF26 §3.3 also 042,
    # 052 and 132. A TRF16 file without 132 is a whole TRF16 file; written as
    # TRF-2026 it lacks 132, and what fmt says must be about what it writes.
    head = "012 Cup\n022 Bled\n032 SLO\n042 2025/03/14\n052 2025/03/16\n102 Kovac, Ana\n"
    players = "\n".join(
        [
            _player(1, "m", "", "Alpha, Ann", "2000", "SLO", "", "", "1.0", "1", ("2", "w", "1")),
            _player(2, "w", "", "Beta, Bea", "1900", "SLO", "", "", "0.0", "2", ("1", "b", "0")),
        ]
    )  # fmt: skip
    t = trfkit.loads(head + players + "\n")
    assert t.diagnostics == []
    text, found = rewrite(t, "trf26")
    p007 = [(d.code, d.line, d.expected) for d in found if d.code == "P007"]
    assert p007 == [("P007", 1, "132")]
    assert [d.expected for d in trfkit.loads(text).diagnostics if d.code == "P007"] == ["132"]
    # The other way: a TRF-2026 file without 042 and 052 lacks nothing TRF16
    # requires.
    t = trfkit.loads(head.replace("042 2025/03/14\n052 2025/03/16\n", "") + "142 1\n" + players)
    assert [d.expected for d in t.diagnostics if d.code == "P007"] == ["042, 052, 132"]
    _, found = rewrite(t, "trf16")
    assert [d for d in found if d.code == "P007"] == []


def test_a_bbp_value_too_wide_for_162_is_left_out_and_said() -> None:
    # bbpPairings' BBD (a draw's points) holds 4148296; TRF-2026's 162 has
    # four columns a value (7-10 for the first symbol). Written there it ran
    # into L's columns, without a word.
    t = trfkit.loads(
        "012 Wide\n"
        "001    1 m    Novak, Jan                        2150 AUT    94000083 2003/02/25  1.0"
        "    1     2 w 1\n"
        "001    2 m    Horvat, Eva                       2100 SLO    94000091 2001/01/01  0.0"
        "    2     1 b 0\n"
        "BBD 4148296\n"
    )
    text, said = rewrite(t, Dialect.TRF26)
    (line,) = [x for x in text.splitlines() if x.startswith("162")]
    assert line == "162  W 1.0    L 0.0"
    lost = [d for d in said if d.code == "P009" and d.line == 4]
    assert len(lost) == 1 and "leaves D out" in lost[0].message
    assert lost[0].found == "4148296.0"
    # dumps writes the same 162 (nothing too wide is left to refuse).
    assert "162  W 1.0    L 0.0" in dumps(t, dialect="trf26").splitlines()
