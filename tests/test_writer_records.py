"""The writer's exact bytes where the round-trip tests cannot tell: what
``trfkit fmt`` writes (dialect and line ending), the canonical order of
records a file cannot hold in that order, comments, and each record shape's
columns (issue 21: mutants of writer.py that survived the tests).

Expected texts are worked out by hand from docs/formats.md ("Writing") and
the column tables of TRF16 and TRF-2026, never copied from the writer.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import attrs

import trfkit
from trfkit.dates import DateText
from trfkit.model import (
    BbpPoints,
    Blank,
    EngineRecord,
    Header,
    Player,
    RoundDates,
    TextRecord,
    UnknownLine,
)
from trfkit.writer import render, rewrite

# --- rewrite: what `trfkit fmt` writes ---------------------------------------


def test_fmt_keeps_a_trf26_file_in_trf26() -> None:
    # TRF-2026 keeps 142 and the comment; TRF16 would turn 142 into XXR and
    # drop the comment.
    t = trfkit.loads("012 Cup\n142 5\n### note\n")
    assert t.dialect is trfkit.Dialect.TRF26
    text, found = rewrite(t)
    assert text == "012 Cup\n142 5\n### note\n"
    assert found == t.diagnostics


def test_fmt_writes_trf16_for_every_other_dialect() -> None:
    # JaVaFo's TRF(x) is written as TRF16: its XXR stays, no 142 or 162 is
    # added (TRF-2026 would add both).
    t = trfkit.loads("012 Cup\nXXR 5\n")
    assert t.dialect is trfkit.Dialect.TRFX
    assert rewrite(t)[0] == "012 Cup\nXXR 5\n"
    t = trfkit.loads("012 Cup\n022 Bled\n")
    assert t.dialect is trfkit.Dialect.TRF16
    assert rewrite(t)[0] == "012 Cup\n022 Bled\n"


def test_fmt_to_another_dialect_reports_what_is_lost_after_the_readers_findings() -> None:
    t = trfkit.loads("012 Cup\n142 5\n### note\n")
    text, found = rewrite(t, trfkit.Dialect.TRF16)
    # 142 is JaVaFo's XXR in TRF16; a comment has no TRF16 form.
    assert text == "012 Cup\nXXR 5\n"
    # The reader's findings, but the records missing are those TRF16 (the
    # dialect written) requires, not TRF-2026's (which adds 042, 052, 132).
    assert t.diagnostics[0].expected == "022, 032, 042, 052, 102, 132"
    assert (found[0].code, found[0].expected) == ("P007", "022, 032, 102")
    assert found[1 : len(t.diagnostics)] == t.diagnostics[1:]
    lost = found[len(t.diagnostics) :]
    assert [(d.code, d.line) for d in lost] == [("P009", 2), ("P009", 3)]
    assert "142 written as XXR" in lost[0].message
    assert "comment has no TRF16 form" in lost[1].message


def test_fmt_line_ending_asked_for() -> None:
    t = trfkit.loads("012 Cup\n022 Bled\n")
    assert rewrite(t, newline="cr")[0] == "012 Cup\r022 Bled\r"
    assert rewrite(t, newline="crlf")[0] == "012 Cup\r\n022 Bled\r\n"
    t = trfkit.loads(b"012 Cup\r\n022 Bled\r\n")
    assert rewrite(t, newline="lf")[0] == "012 Cup\n022 Bled\n"
    # Without one, the file's own.
    assert rewrite(t)[0] == "012 Cup\r\n022 Bled\r\n"
    assert rewrite(trfkit.loads(b"012 Cup\r022 Bled\r"))[0] == "012 Cup\r022 Bled\r"


def test_fmt_of_a_tournament_built_in_python_ends_lines_in_crlf() -> None:
    t = trfkit.Tournament()
    t.headers.append(Header("012", "Cup"))
    assert rewrite(t)[0] == "012 Cup\r\n"
    assert rewrite(t, newline="lf")[0] == "012 Cup\n"


# --- dump with a line ending ---------------------------------------------------


def test_dump_with_a_line_ending_asked_for(tmp_path: Path) -> None:
    t = trfkit.Tournament()
    t.headers.append(Header("012", "Cup"))
    out = tmp_path / "out.trf"
    trfkit.dump(t, out, newline="\n")
    assert out.read_bytes() == b"012 Cup\n"


# --- lossless writing: an edited unknown line ----------------------------------


def test_an_edited_unknown_line_is_written_as_edited() -> None:
    # An unknown line is kept verbatim; edited, its new text is written, with
    # the line ending it had.
    t = trfkit.loads("012 Cup\nQQQ odd\n")
    assert t.records == [UnknownLine("QQQ odd")]
    t.records[0] = attrs.evolve(t.records[0], text="QQQ new")
    assert trfkit.dumps(t) == "012 Cup\nQQQ new\n"


# --- canonical order: records no file holds ------------------------------------


def test_a_header_code_no_format_defines_follows_the_known_headers() -> None:
    # Built in Python: 992 is in no header table, so it goes after the
    # headers the format orders (012, 022), before the engines' lines.
    t = trfkit.Tournament()
    t.headers += [Header("992", "x"), Header("022", "Bled"), Header("012", "Cup")]
    t.records.append(EngineRecord("XXR", "5"))
    assert trfkit.dumps(t, newline="\n") == "012 Cup\n022 Bled\n992 x\nXXR 5\n"


def test_an_engine_code_no_engine_defines_follows_the_known_ones() -> None:
    # JaVaFo's XXR, XXC, XXS, XXZ, XXP in that order; another XX code after
    # them, and bbp's BB lines after every XX line (BBW's points right-aligned
    # in columns 5-12).
    t = trfkit.Tournament()
    t.records += [
        BbpPoints("BBW", Decimal("1.0")),
        EngineRecord("XXY", "1"),
        EngineRecord("XXP", "1 2"),
        EngineRecord("XXR", "5"),
    ]
    assert trfkit.dumps(t, newline="\n") == "XXR 5\nXXP 1 2\nXXY 1\nBBW      1.0\n"


# --- canonical writing: comments ------------------------------------------------


def test_a_comment_stays_before_the_record_it_precedes_and_the_last_ends_the_file() -> None:
    # TRF-2026 keeps comments: "### about 802" precedes 802 (after 801, both
    # informative lines, which come after XXA), "### the end" ends the file.
    t = trfkit.loads(
        "012 Cup\n142 1\n801 a crosstable\n### about 802\n802 b\nXXA    1  1.0\n### the end\n"
    )
    assert t.dialect is trfkit.Dialect.TRF26
    assert trfkit.dumps(t, "trf26", newline="\n") == (
        "012 Cup\n142 1\nXXA    1  1.0\n801 a crosstable\n### about 802\n802 b\n### the end\n"
    )


# --- points in their columns ----------------------------------------------------


def test_points_that_just_fit_their_columns_keep_their_decimal() -> None:
    # 001's points, columns 81-84: "10.0" and "0.25" are four characters and
    # fit as they are (only a wider text is shortened).
    over: list[str] = []
    assert render(Player(1, "Alpha, Ann", points=Decimal(10)), over)[80:84] == "10.0"
    assert render(Player(1, "Alpha, Ann", points=Decimal("0.25")), over)[80:84] == "0.25"
    assert over == []


def test_points_too_wide_without_a_leading_zero_are_reported_not_cut() -> None:
    # 10.25 has no "0." to drop: it stays 10.25, five characters in four
    # columns, and the overflow says so.
    over: list[str] = []
    line = render(Player(1, "Alpha, Ann", points=Decimal("10.25")), over)
    assert line[80:85] == "10.25"
    assert over == ["points '10.25' is wider than columns 81-84"]


def test_the_smallest_points_a_bb_line_holds_are_written_without_an_exponent() -> None:
    # BBD's columns 5-12 hold ".0000001" (10^-7); it is written back as read,
    # never as "1E-7".
    t = trfkit.loads("012 Cup\nBBD .0000001\n")
    assert t.records == [BbpPoints("BBD", Decimal("0.0000001"))]
    assert trfkit.dumps(t, "trf16", newline="\n") == "012 Cup\nBBD .0000001\n"


# --- render: one record's line ------------------------------------------------


def test_a_header_without_a_value_is_its_code_alone() -> None:
    t = trfkit.Tournament()
    t.headers += [Header("012", "Cup"), Header("022", "   ")]
    assert trfkit.dumps(t, newline="\n") == "012 Cup\n022\n"


def test_a_round_date_that_is_no_date_is_written_as_read() -> None:
    # 132's second round (columns 102-109) says "TBA": no date, kept as text.
    line = "132" + " " * 88 + "25/01/04  TBA"
    t = trfkit.loads("012 Cup\n" + line + "\n")
    assert t.headers[1] == RoundDates(
        [DateText("25/01/04", date(2025, 1, 4), 2025), DateText("TBA")]
    )
    assert trfkit.dumps(t, "trf16", newline="\n") == "012 Cup\n" + line + "\n"


def test_the_overflow_list_is_optional_and_changes_nothing() -> None:
    # Without a list to report to, a value wider than its columns is still
    # written (what the caller asked for), the same line as with one.
    player = Player(1, "Alpha, Ann", rating=123456)
    dates = RoundDates([DateText("2025-01-04 and 05")])  # 17 characters in 8
    for record in (player, dates):
        over: list[str] = []
        assert render(record) == render(record, over)
        assert len(over) == 1


def test_engine_and_informative_lines_lose_trailing_blanks_only() -> None:
    # The text from column 5 keeps its leading blanks (an 801 crosstable's
    # alignment); trailing ones go, and a line without text is its code.
    t = trfkit.Tournament(dialect=trfkit.Dialect.TRF26)
    t.records += [
        TextRecord("801", "  a crosstable   "),
        EngineRecord("XXZ", ""),
        TextRecord("802", "  "),
    ]
    assert trfkit.dumps(t, newline="\n") == "XXZ\n801   a crosstable\n802\n"


def test_a_blank_line_added_to_a_file_is_an_empty_line() -> None:
    t = trfkit.loads("012 Cup\n022 Bled\n")
    t.headers.append(Header("032", "SLO"))
    t.records.append(Blank())
    assert trfkit.dumps(t) == "012 Cup\n022 Bled\n032 SLO\n\n"


def test_records_read_from_a_file_in_a_tournament_without_a_source() -> None:
    # Records taken into a new tournament keep their text and endings; a line
    # that needs one (the file's last, no longer last, and the added 032)
    # gets LF, as there is no file to take it from.
    t = trfkit.loads(b"012 Cup\r\n022 Bled")
    other = trfkit.Tournament(headers=[*t.headers, Header("032", "SLO")])
    assert other.source is None
    assert trfkit.dumps(other) == "012 Cup\r\n022 Bled\n032 SLO\n"
