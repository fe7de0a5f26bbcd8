"""The writer's exact output where a round trip cannot tell: records added to
or edited in a file read from disk, the canonical order of every kind of
record, and dump/dumpb with a dialect or a tournament built in Python
(issue 21: mutants of writer.py that survived the round-trip tests).

Expected texts are written here by hand from docs/formats.md ("Writing").
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import attrs
import pytest

import trfkit
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    Accelerations,
    BbpPoints,
    Bye,
    ForfeitedMatch,
    Header,
    LineUp,
    NationalRating,
    Player,
    ProhibitedPairing,
    Scoring,
    Team,
    TeamBye,
)
from trfkit.writer import ValueTooWide, format_points, render

# --- lossless writing: added and edited records ------------------------------


def test_added_players_follow_the_last_player_in_the_order_added() -> None:
    t = trfkit.loads("012 Cup\n001    1      Alpha, Ann\n### end\n")
    t.players.append(Player(2, "Beta, Bob"))
    t.players.append(Player(3, "Gamma, Gus"))
    lines = trfkit.dumps(t).split("\n")
    assert [line[:4] + line[14:].strip() for line in lines[1:4]] == [
        "001 Alpha, Ann",
        "001 Beta, Bob",
        "001 Gamma, Gus",
    ]
    assert lines[4] == "### end"


def test_a_header_added_to_a_file_without_headers_goes_first() -> None:
    t = trfkit.loads("001    1      Alpha, Ann\n")
    t.headers.append(Header("012", "Cup"))
    assert trfkit.dumps(t) == "012 Cup\n001    1      Alpha, Ann\n"


def test_a_player_added_to_a_file_without_players_goes_last() -> None:
    t = trfkit.loads("012 Cup\n022 Bled\n")
    t.players.append(Player(1, "Alpha, Ann"))
    text = trfkit.dumps(t)
    assert text.startswith("012 Cup\n022 Bled\n001    1      Alpha, Ann")
    assert text.endswith("\n")


def test_a_record_added_after_a_last_line_without_newline() -> None:
    # The file's last line had no line ending; it is no longer last, so it
    # gets the file's own (CRLF), and so does the added line.
    t = trfkit.loads(b"012 Cup\r\n022 Bled")
    t.headers.append(Header("032", "SLO"))
    assert trfkit.dumps(t) == "012 Cup\r\n022 Bled\r\n032 SLO\r\n"


def test_an_edited_record_keeps_its_own_line_ending() -> None:
    # Mixed endings: line 2 ends in CR LF in a file of LFs. Its record,
    # edited, is rewritten with the ending it had.
    t = trfkit.loads(b"012 Cup\n022 Bled\r\n032 SLO\n")
    t.headers[1] = Header("022", "Ljubljana", origin=t.headers[1].origin)
    assert trfkit.dumps(t) == "012 Cup\n022 Ljubljana\r\n032 SLO\n"


# --- canonical writing: the order of every kind of record -----------------

# Every kind of record, each in the wrong place (TRF-2026 columns).
_SCRAMBLED = """\
801 an informative line
XXA    1  1.0
330   1  2   1    2
320   1   2
300   1   1   2    1    2
299           2.0    0    1
260   1    1    2
250   1  1.0    1
240 F   1    1
310   1 Alpha                             1    2
SLO    1 m          Player One                        2000                   1990/01/01
DAT 2026/01/01
001    1 m    Player One                        2000 SLO    14600001 1990/01/01  1.0    1     2 w 1
001    2 m    Player Two                        1900 SLO    14600002 1990/01/01  0.0    2     1 b 0
BBW  1.0
XXP 1 2
XXC white1
XXR 5
162  W 1.0    D 0.5    L 0.0
142 5
132                                                                                        26/01/01
022 Bled
012 Open
"""


def test_canonical_order_of_every_kind_of_record() -> None:
    t = trfkit.loads(_SCRAMBLED)
    codes = [line[:3] for line in trfkit.dumps(t, "trf26").splitlines()]
    # Headers in the order of the format's table (152 is written from XXC),
    # then the engines' records (XXR, XXC, XXS, XXZ, XXP, then bbp's BB*),
    # players, DAT, national ratings, teams, 240-299, 300-330, XXA, and the
    # informative records.
    assert codes == [
        "012", "022", "132", "142", "152", "162",
        "XXR", "XXC", "XXP", "BBW",
        "001", "001",
        "DAT",
        "SLO",
        "310",
        "240", "250", "260", "299",
        "300", "320", "330",
        "XXA",
        "801",
    ]  # fmt: skip


# --- dump and dumpb ----------------------------------------------------------


def test_dump_writes_the_dialect_asked_for(tmp_path: Path) -> None:
    # A TRF16 file dumped as TRF-2026 gains 142 (the rounds played) and
    # writes its birth dates with the year first.
    t = trfkit.loads(
        "012 Cup\n"
        "001    1 m    Alpha, Ann                        2000 SLO    14600001 1990/01/01"
        "  1.0    1     2 w 1\n"
        "001    2 m    Beta, Bob                         1900 SLO    14600002 1990/01/01"
        "  0.0    2     1 b 0\n"
    )
    out = tmp_path / "out.trf"
    trfkit.dump(t, out, "trf26")
    lines = out.read_bytes().decode().split("\r\n")
    assert lines[1] == "142 1"
    assert trfkit.dumpb(t, "trf26").decode().split("\r\n")[1] == "142 1"
    # Without a dialect, the file as it was.
    trfkit.dump(t, out)
    assert out.read_bytes() == trfkit.dumps(t).encode()
    assert b"142" not in trfkit.dumpb(t)


def test_dump_of_a_tournament_built_in_python_is_utf8(tmp_path: Path) -> None:
    # Written canonically: UTF-8, CRLF (docs/formats.md).
    t = trfkit.Tournament()
    t.headers.append(Header("012", "Žalec Open"))
    out = tmp_path / "out.trf"
    trfkit.dump(t, out)
    assert out.read_bytes() == "012 Žalec Open\r\n".encode()
    assert trfkit.dumpb(t) == "012 Žalec Open\r\n".encode()


def test_dump_keeps_a_cp1252_file_in_cp1252(tmp_path: Path) -> None:
    data = "012 Žalec Open\r\n022 Celje\r\n".encode("cp1252")
    t = trfkit.loads(data)
    out = tmp_path / "out.trf"
    trfkit.dump(t, out)
    assert out.read_bytes() == data == trfkit.dumpb(t)
    # A codec asked for wins, and no BOM is added.
    trfkit.dump(t, out, encoding="utf-8")
    assert out.read_bytes() == "012 Žalec Open\r\n022 Celje\r\n".encode()


def test_dump_keeps_a_bom_unless_another_encoding_is_asked_for(tmp_path: Path) -> None:
    data = "\ufeff012 Cup\n".encode()
    t = trfkit.loads(data)
    out = tmp_path / "out.trf"
    trfkit.dump(t, out)
    assert out.read_bytes() == data
    trfkit.dump(t, out, encoding="utf-8")
    assert out.read_bytes() == b"012 Cup\n"


# --- a value wider than its columns is reported, for every record shape -----


_WIDE_ID = 123456  # no id column of these records holds six digits


@pytest.mark.parametrize(
    "record",
    [
        Player(1, "Alpha, Ann", rating=123456),
        Scoring("162", [("W", Decimal("12345.5"))]),
        Scoring("362", [("TW", Decimal("12345.5"))]),
        Team("013", "Alpha", [_WIDE_ID]),
        Team("310", "Alpha", [_WIDE_ID], number=1),
        NationalRating("SLO", _WIDE_ID, name="Alpha, Ann"),
        Bye("F", 1, [_WIDE_ID]),
        Acceleration(Decimal(1), Decimal(1), 1, 2, _WIDE_ID, 2),
        ProhibitedPairing(1, 2, [_WIDE_ID]),
        AbnormalPoints(" ", points=Decimal(1), round=1, ids=[_WIDE_ID]),
        LineUp(1, 1, 2, [_WIDE_ID]),
        TeamBye(Decimal(1), Decimal(1), [_WIDE_ID]),
        ForfeitedMatch("F", 1, _WIDE_ID, 2),
        Accelerations(_WIDE_ID, [Decimal(1)]),
        BbpPoints("BBW", Decimal("123456789.5")),  # columns 5-12: eight characters
    ],
    ids=lambda r: type(r).__name__ + getattr(r, "code", ""),
)
def test_a_value_wider_than_its_columns_is_reported(record: object) -> None:
    over: list[str] = []
    render(record, over)  # type: ignore[arg-type]
    assert over and all("is wider than columns" in o for o in over), over


def test_points_with_more_decimals_than_one() -> None:
    # TRF16 shows one decimal; a scoring in quarters keeps its own.
    assert format_points(Decimal("1.25")) == "1.25"
    assert format_points(Decimal("2.50")) == "2.5"
    assert format_points(Decimal("3")) == "3.0"


def test_a_record_is_written_without_trailing_blanks() -> None:
    # Canonical lines end at their last non-blank field (the round cells
    # aside: a blank result is meaningful, see the round-trip tests).
    assert render(Player(1, "Alpha, Ann")) == "001    1      Alpha, Ann"


def test_the_overflow_names_the_field_its_value_and_its_columns() -> None:
    over: list[str] = []
    render(Player(1, "Alpha, Ann", rating=123456), over)
    assert over == ["rating '123456' is wider than columns 49-52"]


@pytest.mark.parametrize(
    ("record", "columns", "text"),
    [
        # Points 81-84 hold four characters: 100 is written without its
        # ".0", 0.125 without its leading 0 (what was read must fit again).
        (Player(1, "Alpha, Ann", points=Decimal(100)), (80, 84), " 100"),
        (Player(1, "Alpha, Ann", points=Decimal("0.125")), (80, 84), ".125"),
        # XXA values (10-13) and 299's signed points (14-17): "-.25".
        (Accelerations(1, [Decimal("-0.25")]), (9, 13), "-.25"),
        (AbnormalPoints(" ", points=Decimal("-0.25"), round=1, ids=[2]), (13, 17), "-.25"),
    ],
)
def test_points_too_wide_for_their_columns_are_shortened(
    record: object, columns: tuple[int, int], text: str
) -> None:
    over: list[str] = []
    line = render(record, over)  # type: ignore[arg-type]
    assert line[columns[0] : columns[1]] == text and over == []


def test_dumps_refuses_a_value_wider_than_its_columns() -> None:
    # A rating of 123456 in columns 49-52 would run into the federation and
    # be cut by it ("12345" then "SLO" over the 5): refused, not damaged.
    t = trfkit.loads(b"012 Cup\n001    1 m    Alpha, Ann                        2400 SLO\n")
    t.players[0] = attrs.evolve(t.players[0], rating=123456)
    with pytest.raises(ValueTooWide) as caught:
        trfkit.dumps(t)  # lossless: the edited line is written anew
    assert caught.value.problems == ["player 1 (001): rating '123456' is wider than columns 49-52"]
    assert str(caught.value) == (
        "cannot write: player 1 (001): rating '123456' is wider than columns 49-52"
    )
    with pytest.raises(ValueTooWide):
        trfkit.dumps(t, "trf26")  # canonical
    built = trfkit.Tournament(headers=[], players=[Player(1, "Alpha, Ann", rating=123456)])
    with pytest.raises(ValueTooWide):
        trfkit.dumps(built)
    # What fits is written: 9999 fills the four columns.
    t.players[0] = attrs.evolve(t.players[0], rating=9999)
    assert trfkit.dumps(t).splitlines()[1][48:56] == "9999 SLO"


def test_a_national_number_is_right_aligned_like_the_fide_id_in_its_columns() -> None:
    # TRF26 §3.5: an NRS record has 001's static layout; the national
    # number (columns 58-68) stands where 001's FIDE id stands, and the
    # TRF-2026 samples right-align it ("      L01854").
    over: list[str] = []
    line = render(NationalRating("FRA", 14, rating=2700, national_id="L01854"), over)
    assert line[57:68] == "     L01854"
    assert line[:8] == "FRA   14" and line[48:52] == "2700"
    assert over == []
