"""Column-exact tests of the record layouts.

The layouts below are transcribed by hand from shared/docs/trf-formats.md
(§2.1 132, §2.2 001, §2.4 013, §3.4 162/172/362, §3.5 NRS, §3.6 240/250/260,
§3.7 299/300/310/320/330, §5 XXA/BB?), independently of grammars/columns.toml.
Columns are 1-based and inclusive, as in the FIDE texts: ``(5, 8)`` is
``line[4:8]``.

The tests check that the column table agrees with this transcription field by
field, that every layout of the table has a transcription, and that a record
whose every field is filled to its full width is written on exactly the
transcribed columns and read back unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

import pytest

from trfkit.columns import Layout, layouts
from trfkit.dates import parse_date
from trfkit.diagnostics import Severity
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    Accelerations,
    BbpPoints,
    Bye,
    Colour,
    ForfeitedMatch,
    Game,
    Header,
    LineUp,
    NationalRating,
    Player,
    ProhibitedPairing,
    Record,
    Result,
    RoundDates,
    Scoring,
    Sex,
    Team,
    TeamBye,
    Title,
)
from trfkit.reader import parse_record
from trfkit.writer import render

# -- the independent transcription -------------------------------------------


class Spec(NamedTuple):
    """One record's layout as the spec text gives it."""

    codes: tuple[str, ...]
    fields: list[tuple[str, int, int]]
    """(spec label, first column, last column) of the fixed fields."""
    repeat_stride: int | None = None
    repeat: Sequence[tuple[str, int, int]] = ()
    """The fields of the first occurrence of the repeated group."""


# The static part of 001, shared by NRS (TRF26: "same static layout as 001
# cols 1-79").
_STATIC_001 = [
    ("starting-rank number", 5, 8),
    ("sex", 10, 10),
    ("title", 11, 13),
    ("name", 15, 47),
    ("FIDE rating", 49, 52),
    ("FIDE federation", 54, 56),
    ("FIDE number", 58, 68),
    ("birth date", 70, 79),
]

SPEC: dict[str, Spec] = {
    # §2.2 player record.
    "001": Spec(
        ("001",),
        [*_STATIC_001, ("points", 81, 84), ("rank", 86, 89)],
        10,
        [("round 1: opponent", 92, 95), ("round 1: colour", 97, 97), ("round 1: result", 99, 99)],
    ),
    # §3.5 National Rating Support.
    "NRS": Spec(
        ("NRS",),
        [
            ("starting-rank number", 5, 8),
            ("national sex", 10, 10),
            ("national classification", 11, 13),
            ("national name", 15, 47),
            ("national rating", 49, 52),
            ("national origin", 54, 56),
            ("national number", 58, 68),
            ("birth date", 70, 79),
        ],
    ),
    # §2.4 TRF16 team: member k at 37+5(k-1) .. 40+5(k-1).
    "013": Spec(("013",), [("team name", 5, 36)], 5, [("1st player", 37, 40)]),
    # §3.7 TRF26 team.
    "310": Spec(
        ("310",),
        [
            ("team pairing number", 5, 7),
            ("team name", 9, 40),
            ("team nickname", 42, 46),
            ("strength factor", 48, 53),
            ("match points", 55, 60),
            ("game points", 62, 67),
            ("team rank", 69, 71),
        ],
        5,
        [("member 1", 74, 77)],
    ),
    # §3.6 byes.
    "240": Spec(("240",), [("type", 5, 5), ("round number", 7, 9)], 5, [("id 1", 11, 14)]),
    # §3.6 accelerated rounds.
    "250": Spec(
        ("250",),
        [
            ("fictitious match points", 5, 8),
            ("fictitious game points", 10, 13),
            ("first round", 15, 17),
            ("last round", 19, 21),
            ("first id", 23, 26),
            ("last id", 28, 31),
        ],
    ),
    # §3.6 prohibited pairings.
    "260": Spec(("260",), [("first round", 5, 7), ("last round", 9, 11)], 5, [("id 1", 13, 16)]),
    # §3.7 abnormal points, the TRF26 table's layout.
    "299": Spec(
        ("299",),
        [("type", 5, 5), ("match points", 8, 11), ("points", 14, 17), ("round", 20, 22)],
        5,
        [("id 1", 24, 27)],
    ),
    # §3.7 out-of-order line-up.
    "300": Spec(
        ("300",),
        [("round", 5, 7), ("team", 9, 11), ("scheduled opponent", 13, 15)],
        5,
        [("board 1", 17, 20)],
    ),
    # §3.7 team PABs: round 1's team at 15-17, round 2's at 19-21 (stride 4).
    "320": Spec(
        ("320",),
        [("PAB match points", 5, 8), ("PAB game points", 10, 13)],
        4,
        [("round 1 PAB team", 15, 17)],
    ),
    # §3.7 forfeited matches.
    "330": Spec(
        ("330",),
        [("type", 5, 6), ("round", 8, 10), ("white team", 12, 14), ("black team", 16, 18)],
    ),
    # §2.1 round dates: round r at 92+10(r-1) .. 99+10(r-1).
    "132": Spec(("132",), [], 10, [("round 1 date", 92, 99)]),
    # §3.4 scoring: symbol at 6, points 7-10; next pair at 15 / 16-19 (stride 9).
    "162": Spec(("162",), [], 9, [("symbol", 6, 6), ("points", 7, 10)]),
    # §3.4 starting-rank method.
    "172": Spec(("172",), [("federation", 5, 7), ("method", 9, 13)]),
    # §3.4 team scoring: symbol 5-6, points 7-10; then 14-15 / 16-19 (stride 9).
    "362": Spec(("362",), [], 9, [("symbol", 5, 6), ("points", 7, 10)]),
    # §5 JaVaFo acceleration: id 5-8, round r at 10+5(r-1), 4 chars.
    "XXA": Spec(("XXA",), [("id", 5, 8)], 5, [("round 1 value", 10, 13)]),
    # §5 bbpPairings point values: value at 5-12.
    "BB?": Spec(("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"), [("value", 5, 12)]),
}

# Spec label → field name in grammars/columns.toml (where the two differ).
NAMES: dict[str, dict[str, str]] = {
    "001": {
        "starting-rank number": "start_rank",
        "FIDE rating": "rating",
        "FIDE federation": "federation",
        "FIDE number": "fide_id",
        "birth date": "birth_date",
        "round 1: opponent": "opponent",
        "round 1: colour": "colour",
        "round 1: result": "result",
    },
    "NRS": {
        "starting-rank number": "start_rank",
        "national sex": "sex",
        "national classification": "classification",
        "national name": "name",
        "national rating": "rating",
        "national origin": "region",
        "national number": "national_id",
        "birth date": "birth_date",
    },
    "013": {"team name": "name", "1st player": "member"},
    "310": {
        "team pairing number": "number",
        "team name": "name",
        "team nickname": "nickname",
        "strength factor": "strength",
        "match points": "match_points",
        "game points": "game_points",
        "team rank": "rank",
        "member 1": "member",
    },
    "240": {"type": "bye_type", "round number": "round", "id 1": "id"},
    "250": {
        "fictitious match points": "match_points",
        "fictitious game points": "game_points",
        "first round": "first_round",
        "last round": "last_round",
        "first id": "first_id",
        "last id": "last_id",
    },
    "260": {"first round": "first_round", "last round": "last_round", "id 1": "id"},
    "299": {"type": "points_type", "match points": "match_points", "id 1": "id"},
    "300": {"scheduled opponent": "opponent", "board 1": "id"},
    "320": {
        "PAB match points": "match_points",
        "PAB game points": "game_points",
        "round 1 PAB team": "team",
    },
    "330": {"type": "forfeit_type", "white team": "white_team", "black team": "black_team"},
    "132": {"round 1 date": "date"},
    "162": {"points": "value"},
    "172": {},
    "362": {"points": "value"},
    "XXA": {"round 1 value": "value"},
    "BB?": {},
}


def _name(key: str, label: str) -> str:
    return NAMES[key].get(label, label)


def _layout_of(key: str) -> Layout:
    matches = [lay for lay in layouts().values() if lay.codes == SPEC[key].codes]
    assert len(matches) == 1, f"{key}: {len(matches)} layouts with codes {SPEC[key].codes}"
    return matches[0]


def _key_of(lay: Layout) -> str:
    for key, spec in SPEC.items():
        if spec.codes == lay.codes:
            return key
    raise AssertionError(f"layout {lay.name} (codes {lay.codes}) has no spec transcription")


# -- 1. the table agrees with the spec ----------------------------------------


@pytest.mark.parametrize("key", sorted(SPEC))
def test_layout_matches_spec(key: str) -> None:
    lay = _layout_of(key)
    spec = SPEC[key]
    got = [(f.name, f.first, f.last) for f in lay.fields]
    want = [(_name(key, label), first, last) for label, first, last in spec.fields]
    assert got == want
    if spec.repeat_stride is None:
        assert lay.repeat is None
        return
    assert lay.repeat is not None
    assert lay.repeat.stride == spec.repeat_stride
    got_rep = [(f.name, f.first, f.last) for f in lay.repeat.fields]
    want_rep = [(_name(key, label), first, last) for label, first, last in spec.repeat]
    assert got_rep == want_rep


def test_every_layout_is_transcribed() -> None:
    covered = {_key_of(lay) for lay in layouts().values()}
    assert covered == set(SPEC), f"transcribed but not in columns.toml: {set(SPEC) - covered}"


def test_transcription_is_consistent() -> None:
    """The hand transcription itself: fields inside a record never overlap."""
    for key, spec in SPEC.items():
        cols: list[int] = []
        for _, first, last in [*spec.fields, *spec.repeat]:
            assert 4 < first <= last, key
            cols.extend(range(first, last + 1))
        assert len(cols) == len(set(cols)), key
        if spec.repeat_stride is not None:
            span = max(last for _, _, last in spec.repeat) - min(f for _, f, _ in spec.repeat)
            assert span < spec.repeat_stride, key


# -- 2. full-width fill ---------------------------------------------------------

# A 33-character name with accented letters (the field is 15-47).
NAME_33 = "Ábcdéfghij-Klmnöpqrstu, Vwxyzçñøå"
# A 32-character team name (013: 5-36; 310: 9-40).
TEAM_32 = "Šachový klub Českých Budějovic 1"
DATE = parse_date("1999/12/31")

Expected = tuple[dict[str, str], list[dict[str, str]]]
"""Expected text of each fixed field, and of each field of each occurrence (by spec label)."""


def _player() -> tuple[Record, Expected]:
    games = [
        Game(1111, Colour.WHITE, Result.WIN),
        Game(2222, Colour.BLACK, Result.DRAW),
        Game(3333, Colour.WHITE, Result.FORFEIT_WIN),
    ]
    player = Player(
        9876,
        NAME_33,
        Sex.FEMALE,
        Title.WGM,
        2345,
        "NED",
        12345678901,
        DATE,
        Decimal("99.5"),
        1234,
        games,
    )
    fixed = {
        "starting-rank number": "9876",
        "sex": "w",
        "title": "WGM",
        "name": NAME_33,
        "FIDE rating": "2345",
        "FIDE federation": "NED",
        "FIDE number": "12345678901",
        "birth date": "1999/12/31",
        "points": "99.5",
        "rank": "1234",
    }
    reps = [
        {"round 1: opponent": opp, "round 1: colour": col, "round 1: result": res}
        for opp, col, res in (("1111", "w", "1"), ("2222", "b", "="), ("3333", "w", "+"))
    ]
    return player, (fixed, reps)


def _national() -> tuple[Record, Expected]:
    record = NationalRating("FRA", 9876, "m", "A12", NAME_33, 2345, "IDF", "L0185412345", DATE)
    fixed = {
        "starting-rank number": "9876",
        "national sex": "m",
        "national classification": "A12",
        "national name": NAME_33,
        "national rating": "2345",
        "national origin": "IDF",
        "national number": "L0185412345",
        "birth date": "1999/12/31",
    }
    return record, (fixed, [])


def _team_013() -> tuple[Record, Expected]:
    record = Team("013", TEAM_32, [1234, 5678, 9012])
    reps = [{"1st player": s} for s in ("1234", "5678", "9012")]
    return record, ({"team name": TEAM_32}, reps)


def _team_310() -> tuple[Record, Expected]:
    record = Team(
        "310",
        TEAM_32,
        [1234, 5678, 9012],
        999,
        "ABCDE",
        123456,
        Decimal("1111.5"),
        Decimal("2222.5"),
        987,
    )
    fixed = {
        "team pairing number": "999",
        "team name": TEAM_32,
        "team nickname": "ABCDE",
        "strength factor": "123456",
        "match points": "1111.5",
        "game points": "2222.5",
        "team rank": "987",
    }
    reps = [{"member 1": s} for s in ("1234", "5678", "9012")]
    return record, (fixed, reps)


def _bye() -> tuple[Record, Expected]:
    record = Bye("H", 123, [1234, 5678, 9012])
    reps = [{"id 1": s} for s in ("1234", "5678", "9012")]
    return record, ({"type": "H", "round number": "123"}, reps)


def _acceleration() -> tuple[Record, Expected]:
    record = Acceleration(Decimal("11.5"), Decimal("22.5"), 123, 456, 1234, 5678)
    fixed = {
        "fictitious match points": "11.5",
        "fictitious game points": "22.5",
        "first round": "123",
        "last round": "456",
        "first id": "1234",
        "last id": "5678",
    }
    return record, (fixed, [])


def _prohibited() -> tuple[Record, Expected]:
    record = ProhibitedPairing(123, 456, [1234, 5678, 9012])
    reps = [{"id 1": s} for s in ("1234", "5678", "9012")]
    return record, ({"first round": "123", "last round": "456"}, reps)


def _abnormal() -> tuple[Record, Expected]:
    record = AbnormalPoints("W", Decimal("-1.5"), Decimal("12.5"), 123, [1234, 5678, 9012])
    fixed = {"type": "W", "match points": "-1.5", "points": "12.5", "round": "123"}
    reps = [{"id 1": s} for s in ("1234", "5678", "9012")]
    return record, (fixed, reps)


def _lineup() -> tuple[Record, Expected]:
    record = LineUp(123, 456, 789, [1234, 5678, 9012])
    fixed = {"round": "123", "team": "456", "scheduled opponent": "789"}
    reps = [{"board 1": s} for s in ("1234", "5678", "9012")]
    return record, (fixed, reps)


def _team_bye() -> tuple[Record, Expected]:
    record = TeamBye(Decimal("11.5"), Decimal("22.5"), [123, 456, 789])
    fixed = {"PAB match points": "11.5", "PAB game points": "22.5"}
    reps = [{"round 1 PAB team": s} for s in ("123", "456", "789")]
    return record, (fixed, reps)


def _forfeited() -> tuple[Record, Expected]:
    record = ForfeitedMatch("+-", 123, 456, 789)
    fixed = {"type": "+-", "round": "123", "white team": "456", "black team": "789"}
    return record, (fixed, [])


def _round_dates() -> tuple[Record, Expected]:
    texts = ("99/12/31", "00/01/02", "25/09/13")
    record = RoundDates([parse_date(s) for s in texts])
    return record, ({}, [{"round 1 date": s} for s in texts])


def _scoring_162() -> tuple[Record, Expected]:
    pairs = (("W", "11.5"), ("D", "22.5"), ("L", "33.5"))
    record = Scoring("162", [(s, Decimal(v)) for s, v in pairs])
    return record, ({}, [{"symbol": s, "points": v} for s, v in pairs])


def _method_172() -> tuple[Record, Expected]:
    return Header("172", "FRA FIDON"), ({"federation": "FRA", "method": "FIDON"}, [])


def _scoring_362() -> tuple[Record, Expected]:
    pairs = (("TW", "11.5"), ("TD", "22.5"), ("TL", "33.5"))
    record = Scoring("362", [(s, Decimal(v)) for s, v in pairs])
    return record, ({}, [{"symbol": s, "points": v} for s, v in pairs])


def _xxa() -> tuple[Record, Expected]:
    values = ("11.5", "22.5", "33.5")
    record = Accelerations(1234, [Decimal(v) for v in values])
    return record, ({"id": "1234"}, [{"round 1 value": v} for v in values])


def _bbp() -> tuple[Record, Expected]:
    return BbpPoints("BBW", Decimal("111111.5")), ({"value": "111111.5"}, [])


BUILDERS: dict[str, Callable[[], tuple[Record, Expected]]] = {
    "001": _player,
    "NRS": _national,
    "013": _team_013,
    "310": _team_310,
    "240": _bye,
    "250": _acceleration,
    "260": _prohibited,
    "299": _abnormal,
    "300": _lineup,
    "320": _team_bye,
    "330": _forfeited,
    "132": _round_dates,
    "162": _scoring_162,
    "172": _method_172,
    "362": _scoring_362,
    "XXA": _xxa,
    "BB?": _bbp,
}


def test_builders_cover_the_transcription() -> None:
    assert set(BUILDERS) == set(SPEC)


def _errors(diagnostics: list[Any]) -> list[Any]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize("name", sorted(layouts()))
def test_full_width_fill(name: str) -> None:
    key = _key_of(layouts()[name])
    spec = SPEC[key]
    record, (fixed, reps) = BUILDERS[key]()
    line = render(record)
    code = record.federation if isinstance(record, NationalRating) else spec.codes[0]
    assert line[:3] == code
    assert line[3] == " "
    # Every field is filled: the builder names each one, at full width.
    assert set(fixed) == {label for label, _, _ in spec.fields}
    for label, first, last in spec.fields:
        assert len(fixed[label]) == last - first + 1, (label, fixed[label])
        assert line[first - 1 : last] == fixed[label], (label, line)
    if spec.repeat_stride is None:
        assert reps == []
    else:
        assert len(reps) == 3
        for index, occurrence in enumerate(reps):
            assert set(occurrence) == {label for label, _, _ in spec.repeat}
            offset = index * spec.repeat_stride
            for label, first, last in spec.repeat:
                assert len(occurrence[label]) == last - first + 1, (label, occurrence[label])
                got = line[first - 1 + offset : last + offset]
                assert got == occurrence[label], (index, label, line)
    # Columns no field covers (between code and last field) are blank.
    covered = {c for _, f, la in spec.fields for c in range(f, la + 1)}
    for index in range(len(reps)):
        offset = index * (spec.repeat_stride or 0)
        covered |= {c + offset for _, f, la in spec.repeat for c in range(f, la + 1)}
    for col in range(4, len(line) + 1):
        if col not in covered:
            assert line[col - 1] == " ", (col, line)
    again, diagnostics = parse_record(line)
    assert _errors(diagnostics) == []
    assert again == record


# -- 3. the 001 round blocks ---------------------------------------------------

_CELLS = [
    (Colour.WHITE, Result.WIN, "w", "1"),
    (Colour.BLACK, Result.LOSS, "b", "0"),
    (Colour.WHITE, Result.DRAW, "w", "="),
    (Colour.BLACK, Result.FORFEIT_LOSS, "b", "-"),
    (Colour.WHITE, Result.UNPLAYED_WIN, "w", "W"),
    (Colour.BLACK, Result.UNPLAYED_DRAW, "b", "D"),
    (Colour.WHITE, Result.UNPLAYED_LOSS, "w", "L"),
]


def _thirteen_rounds() -> tuple[Player, list[tuple[str, str, str]]]:
    games: list[Game] = []
    expected: list[tuple[str, str, str]] = []
    for r in range(1, 14):
        colour, result, col_text, res_text = _CELLS[r % len(_CELLS)]
        opponent = 1000 + 7 * r
        games.append(Game(opponent, colour, result))
        expected.append((str(opponent), col_text, res_text))
    player = Player(
        42, "Novak, Jan", Sex.MALE, Title.GM, 2501, "SLO", 14600012, DATE, Decimal("6.5"), 3, games
    )
    return player, expected


@pytest.mark.parametrize("r", [1, 2, 7, 13])
def test_round_block_columns(r: int) -> None:
    player, expected = _thirteen_rounds()
    line = render(player)
    opponent, colour, result = expected[r - 1]
    shift = 10 * (r - 1)
    assert line[92 + shift - 1 : 95 + shift] == opponent
    assert line[97 + shift - 1] == colour
    assert line[99 + shift - 1] == result
    # The separators of the block (2 before it, 96 and 98) are blank.
    for col in (90, 91, 96, 98):
        assert line[col + shift - 1] == " ", (r, col + shift)
    assert len(line) == 99 + 10 * 12
    again, diagnostics = parse_record(line)
    assert _errors(diagnostics) == []
    assert again == player


@pytest.mark.parametrize("r", [1, 2, 7, 13])
def test_round_block_bye_columns(r: int) -> None:
    """A bye in round r: opponent 0000, colour '-', the bye letter, at the same columns."""
    games = [Game(1, Colour.WHITE, Result.WIN) for _ in range(13)]
    games[r - 1] = Game(None, Colour.NONE, Result.HALF_POINT_BYE)
    player = Player(2, "Bye, Round", games=games)
    line = render(player)
    shift = 10 * (r - 1)
    assert line[92 + shift - 1 : 95 + shift] == "0000"
    assert line[97 + shift - 1] == "-"
    assert line[99 + shift - 1] == "H"
    again, diagnostics = parse_record(line)
    assert _errors(diagnostics) == []
    assert again == player
