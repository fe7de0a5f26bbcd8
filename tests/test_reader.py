"""The reader: typed records, and diagnostics with line, column, found and expected."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

import trfkit
from tests.conftest import ROOT
from trfkit import Colour, Result, Severity, Sex, Title
from trfkit.model import Dialect, NationalRating, UnknownLine

FIXTURES = ROOT / "fixtures"

HEAD = "012 Spring Open\n022 Bled\n032 SLO\n102 Kovac, Ana\n"
P1 = "001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  1.5    1     2 w 1  0000 - H"
P2 = "001    2 wWIM Horvat, Eva                       2402 SLO    14600020 1995/06/02  0.0    2     1 b 0  0000 - Z"


def codes(t: trfkit.Tournament) -> list[str]:
    return [d.code for d in t.diagnostics]


def test_player_fields_are_typed() -> None:
    t = trfkit.loads(HEAD + P1 + "\n" + P2 + "\n")
    assert t.diagnostics == []
    p1, p2 = t.players
    assert (p1.start_rank, p1.sex, p1.title, p1.name) == (1, Sex.MALE, Title.GM, "Novak, Jan")
    assert (p1.rating, p1.federation, p1.fide_id) == (2501, "SLO", 14600012)
    assert p1.birth_date.date == dt.date(1990, 5, 1) and p1.birth_date.text == "1990/05/01"
    assert p1.points == Decimal("1.5") and p1.rank == 1
    assert p1.games == [
        trfkit.Game(2, Colour.WHITE, Result.WIN),
        trfkit.Game(None, Colour.NONE, Result.HALF_POINT_BYE),
    ]
    assert p2.title is Title.WIM and p2.sex is Sex.FEMALE
    assert p2.games[1].result is Result.ZERO_POINT_BYE


def test_letter_in_rating_is_p002_at_the_rating_column() -> None:
    bad = P2[:48] + "24O2" + P2[52:]
    t = trfkit.loads(HEAD + P1 + "\n" + bad + "\n")
    (d,) = t.diagnostics
    assert (d.code, d.severity, d.line, d.column) == ("P002", Severity.ERROR, 6, 49)
    assert d.found == "24O2" and "whole number" in (d.expected or "")
    assert "'24O2'" in d.message and "49-52" in d.message
    assert t.players[1].rating is None  # the rest of the line is still read
    assert t.players[1].name == "Horvat, Eva"


def test_fixture_with_letter_in_rating() -> None:
    t = trfkit.load(FIXTURES / "bad-rating-letter.trf")
    assert [(d.code, d.line, d.column) for d in t.diagnostics] == [("P002", 16, 49)]


def test_two_bad_lines_give_two_diagnostics() -> None:
    t = trfkit.load(FIXTURES / "bad-two-lines.trf")
    assert [(d.code, d.line, d.column) for d in t.diagnostics] == [
        ("P002", 19, 49),
        ("P002", 24, 119),
    ]
    (bad,) = [p for p in t.players if p.origin is not None and p.origin.line == 24]
    assert bad.games[2].result is None


def test_strict_raises_with_every_error() -> None:
    with pytest.raises(trfkit.TrfSyntaxError) as info:
        trfkit.load(FIXTURES / "bad-two-lines.trf", strict=True)
    assert len(info.value.diagnostics) == 2
    assert ":19:49:" in str(info.value) and "1 more" in str(info.value)
    # strict mode with a clean file reads it
    assert trfkit.load(FIXTURES / "swiss-trf16.trf", strict=True).players


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("    12 w 1", (12, Colour.WHITE, Result.WIN)),
        ("  0012 b =", (12, Colour.BLACK, Result.DRAW)),
        ("  0000 - U", (None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE)),
        ("         h", (None, Colour.NONE, Result.HALF_POINT_BYE)),  # lichess, lower case
        ("  0000 -  ", (None, Colour.NONE, Result.BLANK)),
        ("   153 - -", (153, Colour.NONE, Result.FORFEIT_LOSS)),  # withdrawal, example1
        ("    39 w +", (39, Colour.WHITE, Result.FORFEIT_WIN)),
        ("       -  ", (None, Colour.NONE, Result.BLANK)),  # Bunratty
    ],
)
def test_round_cells_real_files_write(cell: str, expected: tuple[object, ...]) -> None:
    t = trfkit.loads(HEAD + P1[:89] + cell + "  0000 - Z\n")
    assert t.diagnostics == []
    g = t.players[0].games[0]
    assert (g.opponent, g.colour, g.result) == expected


def test_bad_colour_and_shifted_block() -> None:
    t = trfkit.loads(HEAD + P1[:89] + "    12 x 1" + "   13 w 1 " + "\n")
    found = [(d.code, d.column) for d in t.diagnostics]
    assert ("P002", 97) in found  # colour x in round 1
    assert ("P003", 106) in found  # round 2 shifted: its colour sits in separator column 106


def test_trailing_blank_block_is_padding_not_a_round() -> None:
    t = trfkit.loads(HEAD + P1 + " " * 10 + "\n")
    assert len(t.players[0].games) == 2


def test_line_ending_after_points_only() -> None:
    t = trfkit.loads(HEAD + P1[:84] + "\n")
    assert t.diagnostics == [] and t.players[0].rank is None and t.players[0].games == []


# TRF16 §2.2: the numbers of a 001 line are right-aligned in their columns
# (FIDE id 58-68, points 81-84, round r's opponent 92+10(r-1)..95+10(r-1)), so
# a whole one always ends at its field's last column. A line that ends before
# that, after a blank and a digit, was cut inside the number: what is left
# ("146000" of 14600012, "1" of 12) is no value the file gave.
_P12 = P1[:99] + "    12 b ="  # round 2: opponent 12 in columns 102-105


@pytest.mark.parametrize(
    ("line", "column", "found", "last"),
    [
        (_P12[:104], 102, "1", 105),  # round 2's opponent "  12" cut to "  1"
        (P1[:66], 58, "146000", 68),  # FIDE id "   14600012" cut to "   146000"
        (P1[:82], 81, "1", 84),  # points " 1.5" cut to " 1"
        (P1[:88], 86, "", 89),  # rank "   1" cut to "  ": blank, nothing read
    ],
)
def test_line_cut_inside_a_number_is_p003(line: str, column: int, found: str, last: int) -> None:
    t = trfkit.loads(HEAD + line + "\n")
    d = [(d.code, d.severity, d.line, d.column, d.found) for d in t.diagnostics]
    if not found:
        assert d == []
        return
    assert d == [("P003", Severity.WARNING, 5, column, found)]
    assert f"ends at column {len(line)}" in t.diagnostics[0].message
    assert t.diagnostics[0].expected == f"a number ending at column {last}"


def test_team_line_cut_inside_a_member_is_p003() -> None:
    # TRF16 013: name 5-36, members right-aligned in 37-40, 42-45, ...
    line = "013 " + "Slovenia".ljust(32) + "   1" + " " + "  12"
    assert line[41:45] == "  12"
    t = trfkit.loads(HEAD + P1 + "\n" + line[:44] + "\n")
    d = [(d.code, d.line, d.column, d.found, d.expected) for d in t.diagnostics]
    assert d == [("P003", 6, 42, "1", "a number ending at column 45")]
    assert trfkit.loads(HEAD + P1 + "\n" + line + "\n").diagnostics == []
    # TRF26 310: members from 74-77; a left-aligned team number ("1  ") is whole.
    team = "310 1   " + "Slovenia".ljust(32) + " " * 33 + "   1" + " " + "  12"
    assert team[73:77] == "   1" and team[78:82] == "  12"
    t = trfkit.loads(HEAD + P1 + "\n" + team[:81] + "\n")
    d = [(d.code, d.line, d.column, d.found) for d in t.diagnostics if d.code != "P007"]
    assert d == [("P003", 6, 79, "1")]  # (P007: a TRF26 file's 042, 052 and 132)


def test_line_ending_after_a_whole_field_is_not_cut() -> None:
    # Trailing blanks removed: the line ends after the colour (a blank result),
    # after a left-aligned FIDE id, or after a whole opponent.
    for line in (_P12[:106], _P12[:107], P1[:57] + "14600012", _P12[:105]):
        assert trfkit.loads(HEAD + line + "\n").diagnostics == [], line


def test_birth_date_one_column_right_is_read_from_there() -> None:
    # TRF16 §2.2: birth date YYYY/MM/DD in columns 70-79, column 80 blank.
    # Written one column right (71-80, as a TRF26 fixture of echecsjs/trf
    # does), columns 70-79 hold " 1963/04/1": not the 1st of April but the
    # 13th, cut by the column table.
    line = P1[:69] + " 1963/04/13" + P1[80:]
    assert line[70:80] == "1963/04/13" and line[80] == " "
    t = trfkit.loads(HEAD + line + "\n")
    assert t.players[0].birth_date.date == dt.date(1963, 4, 13)
    (d,) = t.diagnostics
    assert (d.code, d.severity, d.line, d.column, d.found) == ("P003", Severity.WARNING, 5, 80, "3")
    assert "71-80" in d.message and "1963/04/13" in d.message
    assert t.players[0].points == Decimal("1.5") and t.players[0].rank == 1
    # Written back canonically in 70-79; nothing is lost, so no P009.
    _, lost = trfkit.convert(t, "trf16")
    assert lost == []
    assert trfkit.dumps(t, dialect="trf16", newline="\n").splitlines()[-1][69:80] == "1963/04/13 "


@pytest.mark.parametrize(
    ("line", "code", "value"),
    [("012Spring Open", "012", "Spring Open"), ("XXR5", "XXR", "5"), ("122 90+30", "122", "90+30")],
)
def test_header_value_from_column_4_is_read_whole(line: str, code: str, value: str) -> None:
    # TRF16 §2.1: a header record's code is in columns 1-3 and its value
    # starts at column 5, column 4 blank. A writer that leaves out the blank
    # ("012Spring Open", "XXR5") puts the value's first character in column
    # 4: read from column 5 it would lose that character ("pring Open", "").
    t = trfkit.loads(HEAD.replace("012 Spring Open\n", "") + line + "\n" + P1 + "\n")
    (rec,) = [r for r in t.all_records() if getattr(r, "code", None) == code]
    assert rec.value.strip() == value  # type: ignore[union-attr]
    shifted = [(d.code, d.column, d.found) for d in t.diagnostics if d.code == "P003"]
    assert shifted == ([] if line[3] == " " else [("P003", 4, line[3])])


def test_legacy_titles_and_sex() -> None:
    line = (
        "001    1 M  g Old, Timer                        2300 IRL     1234567 1950.01.02  0.0    1"
    )
    t = trfkit.loads(HEAD + line + "\n")
    p = t.players[0]
    assert (p.sex, p.title, p.birth_date.date) == (Sex.MALE, Title.GM, dt.date(1950, 1, 2))
    assert t.diagnostics == []


def test_unknown_title_is_a_warning() -> None:
    line = P1[:10] + " 1N" + P1[13:]
    t = trfkit.loads(HEAD + line + "\n")
    (d,) = t.diagnostics
    assert (d.code, d.severity, d.column) == ("P002", Severity.WARNING, 11)


def test_unparsable_date_is_p004() -> None:
    t = trfkit.loads(HEAD + "042 2025/13/45\n" + P1 + "\n")
    (d,) = t.diagnostics
    assert (d.code, d.line, d.column) == ("P004", 5, 5)


def test_repeated_and_missing_records() -> None:
    t = trfkit.loads("012 A\n012 B\n" + P1 + "\n")
    found = {(d.code, d.line) for d in t.diagnostics}
    assert ("P006", 2) in found
    (missing,) = [d for d in t.diagnostics if d.code == "P007"]
    assert "022" in missing.message and "032" in missing.message and "102" in missing.message
    assert t.name == "A"


def test_trf26_mandatory_records() -> None:
    t = trfkit.loads(HEAD + "142 1\n" + P1 + "\n")
    assert t.dialect is Dialect.TRF26
    (missing,) = [d for d in t.diagnostics if d.code == "P007"]
    assert "042" in missing.message and "052" in missing.message and "132" in missing.message


def test_unknown_line_is_kept_and_reported() -> None:
    t = trfkit.loads(HEAD + "ABC?xyz\n" + P1 + "\n")
    (d,) = t.diagnostics
    assert (d.code, d.severity, d.line) == ("P001", Severity.INFO, 5)
    assert isinstance(t.records[0], UnknownLine) and t.records[0].text == "ABC?xyz"


def test_shifted_record_code_is_p003() -> None:
    t = trfkit.loads(HEAD + " " + P1 + "\n")
    assert [d.code for d in t.diagnostics if d.code != "P007"] == ["P003"]


def test_nrs_record_and_legend_line() -> None:
    nrs = "FRA    1    A Novak, Jean                       1850 IDF      L01854 1990/05/01"
    legend = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB"
    t = trfkit.loads(HEAD + "142 1\n" + P1 + "\n" + nrs + "\n" + legend + "\n")
    (n,) = t.national_ratings
    assert isinstance(n, NationalRating)
    assert (n.federation, n.start_rank, n.classification, n.rating, n.national_id) == (
        "FRA",
        1,
        "A",
        1850,
        "L01854",
    )
    assert isinstance(t.records[-1], UnknownLine)


def test_encoding_fallback_and_override() -> None:
    data = (HEAD + P1.replace("Novak, Jan", "Nov\xe1k, J\xe1n") + "\n").encode("latin-1")
    t = trfkit.loads(data)
    assert t.source is not None and t.source.encoding == "cp1252"
    assert [d.code for d in t.diagnostics] == ["P005"]
    assert t.players[0].name.startswith("Nov\xe1k")
    t2 = trfkit.loads(data, encoding="latin-1")
    assert t2.diagnostics == [] and t2.players[0].name == t.players[0].name


def test_utf8_columns_count_characters() -> None:
    line = P1.replace("Novak, Jan   ", "Nováček, Jiří")
    assert len(line) == len(P1)
    t = trfkit.loads(("\ufeff" + HEAD + line + "\n").encode("utf-8"))
    assert t.diagnostics == [] and t.name == "Spring Open"  # the BOM does not eat 012
    assert t.players[0].rating == 2501 and t.players[0].name == "Nováček, Jiří"
    assert t.source is not None and t.source.bom


def test_cr_only_file_has_right_line_numbers() -> None:
    bad = P2[:48] + "24O2" + P2[52:]
    t = trfkit.loads((HEAD + P1 + "\n" + bad).replace("\n", "\r"))
    (d,) = t.diagnostics
    assert d.line == 6


def test_round_dates_132() -> None:
    line = "132" + " " * 88 + "25/05/01  25/05/02"
    t = trfkit.loads(HEAD + line + "\n" + P1 + "\n")
    assert [d.date for d in t.round_dates] == [dt.date(2025, 5, 1), dt.date(2025, 5, 2)]
    assert t.diagnostics == []


def test_dialects() -> None:
    assert trfkit.load(FIXTURES / "swiss-trf16.trf").dialect is Dialect.TRF16
    assert trfkit.load(FIXTURES / "swiss-trf26.trf").dialect is Dialect.TRF26
    assert trfkit.load(FIXTURES / "engine-trfx.trf").dialect is Dialect.TRFX
    vega = trfkit.load(FIXTURES / "vega-dins.trf")
    assert vega.dialect is Dialect.VEGA and "P008" in codes(vega)
    mixed = trfkit.load(FIXTURES / "mixed-dialect.trf")
    assert [d.code for d in mixed.diagnostics] == ["P008"]


def test_scoring_162() -> None:
    t = trfkit.loads(HEAD + "162  W 3.0    D 1.0    L 0.0\n" + P1 + "\n")
    assert t.scoring is not None
    assert t.scoring.scores == [("W", Decimal(3)), ("D", Decimal(1)), ("L", Decimal(0))]
    assert "P003" not in codes(t)


def test_scoring_162_with_its_symbols_a_column_early() -> None:
    # The symbols at column 5 (as the TRF26 prose says) and the points on
    # the table's columns: read clean by columns, the symbols would be lost.
    t = trfkit.loads(HEAD + "162 W 3.0    D 1.0    L 0.0\n" + P1 + "\n")
    assert t.scoring is not None
    assert t.scoring.scores == [("W", Decimal(3)), ("D", Decimal(1)), ("L", Decimal(0))]
    (d,) = [d for d in t.diagnostics if d.code == "P003"]
    assert (d.line, d.column, d.found) == (HEAD.count("\n") + 1, 5, "W 3.0    D 1.0    L 0.0")


def test_fide_example_has_284_players() -> None:
    from tests.conftest import CORPUS

    path = CORPUS / "sklangen__TRF" / "example1.trf"
    if not path.exists():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    t = trfkit.load(path)
    assert len(t.players) == 284 and t.number_of_rounds == 7
    assert t.diagnostics == []


def test_a_blank_field_is_said_to_be_blank() -> None:
    # "starting rank '' in columns 5-8" reads as a typo in the message.
    t = trfkit.loads(
        b"012 X\n001      m    Alpha, Ann                        2394 NOR   193590348 "
        b"1962/12/09  1.0    1     2 w 1\n"
    )
    [d] = [d for d in t.diagnostics if d.code == "P002"]
    assert d.message == "starting rank in columns 5-8 is blank, not a starting rank 1-9999"
    assert (d.line, d.column, d.found) == (2, 5, "")


def test_round_dates_day_before_month_throughout_are_one_finding() -> None:
    """ICU's files write 132 as YY.DD.MM: one cause, one P004 for the line,
    the dates read day before month; a single such date keeps its own."""
    import trfkit

    head = "012 Dates\n132" + " " * 88
    three = trfkit.loads((head + "11.25.02  11.26.02  11.27.02\n").encode())
    p004 = [d for d in three.diagnostics if d.code == "P004"]
    assert len(p004) == 1 and p004[0].line == 2 and p004[0].column == 92
    assert "3 round dates give the day before the month" in p004[0].message
    assert "2011-02-25 to 2011-02-27" in p004[0].message
    assert [d.date.isoformat() for d in three.round_dates if d.date] == [
        "2011-02-25", "2011-02-26", "2011-02-27",
    ]  # fmt: skip
    one = trfkit.loads((head + "11/02/24  11.25.02\n").encode())
    p004 = [d for d in one.diagnostics if d.code == "P004"]
    assert len(p004) == 1 and p004[0].column == 102
    assert "read as 2011-02-25 (YY/DD/MM)" in p004[0].message


@pytest.mark.parametrize(
    ("field", "rank"),
    [
        ("   7", 7), ("0007", 7), ("7   ", 7),  # right-aligned, zero-padded, left-aligned
        ("9999", 9999), ("0999", 999), ("999 ", 999), (" 999", 999),
        ("0000", None), ("   0", None), ("0   ", None), ("    ", None),
        (" 012", 12), ("\t12 ", 12),  # no writer's forms, read leniently all the same
    ],
)  # fmt: skip
def test_an_opponent_field_in_every_form_a_writer_uses(field: str, rank: int | None) -> None:
    # A two-line file naming ranks far past its own length: the reader's
    # table of opponent fields is filled ahead only up to the file's number
    # of lines, and every other form is worked out on first sight, the
    # same whatever files were read before in the process.
    line = P1.replace("    2 w 1  0000 - H", f" {field} w 1  0000 - H")
    t = trfkit.loads(HEAD + line + "\n")
    assert t.players[0].games[0].opponent == rank
    assert "P002" not in codes(t) and "P003" not in codes(t)


@pytest.mark.parametrize("field", ["1 2 ", "12 3", "-12 ", "+12 ", "١٢  "])
def test_an_opponent_field_no_writer_uses_is_reported(field: str) -> None:
    line = P1.replace("    2 w 1  0000 - H", f" {field} w 1  0000 - H")
    t = trfkit.loads(HEAD + line + "\n")
    (d,) = [d for d in t.diagnostics if d.code == "P002" and d.line == 5]
    assert (d.column, d.found) == (92, field.strip())
    assert t.players[0].games[0].opponent is None


@pytest.mark.parametrize(("line", "column"), [("0422025/13/45", 4), ("042   2025/13/45", 7)])
def test_a_header_value_not_of_its_kind_is_found_where_it_starts(line: str, column: int) -> None:
    # "2025/13/45" is no date (P004). Written from column 4 (the blank of
    # column 4 left out) it starts at 4; after two extra blanks, at 7.
    t = trfkit.loads(HEAD + line + "\n" + P1 + "\n")
    (d,) = [d for d in t.diagnostics if d.code == "P004"]
    assert (d.line, d.column, d.found) == (HEAD.count("\n") + 1, column, "2025/13/45")


def test_one_date_a_132_line_is_one_finding() -> None:
    # gnutterts/chesspairing writes a 132 line per round, one date each:
    # one writer's habit, one P006 (on the second 132 line), not one a line.
    dates = "132 2025/01/15\n132 2025/01/16\n132 2025/01/17\n"
    t = trfkit.loads(HEAD + dates + P1 + "\n")
    first = HEAD.count("\n") + 1
    assert [(d.code, d.line) for d in t.diagnostics if d.code == "P006"] == [("P006", first + 1)]
    assert [d.date.isoformat() for d in t.round_dates if d.date] == [
        "2025-01-15", "2025-01-16", "2025-01-17",
    ]  # fmt: skip
