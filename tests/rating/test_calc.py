"""Tests written for mutants that survived a run of tools/mutate.py (issue 21).

Each test pins a behaviour that no other test pinned, with expected values
worked from the regulations' tables or the TRF format, not from the code's
output. docs/testing.md lists the mutant each one kills.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from trfkit.rating.calc import (
    age_in,
    chessa_floor,
    derive_k,
    event_year,
    first_rating,
    performance,
)
from trfkit.rating.tables import expected_both, rating_difference
from trfkit.rules import get

# --- rating/tables.py ---------------------------------------------------------


@pytest.mark.parametrize(
    ("d", "hundredths"),
    [
        # Table (b), as printed (R&B 2024 §7.1): D 0-3 -> .50, 4-10 -> .51,
        # 345-357 -> .89, "> 735" -> 1.00; a negative D reads the L column.
        (0, 50),
        (3, 50),
        (4, 51),
        (-4, 49),
        (351, 89),
        (-351, 11),
        (735, 99),
        (736, 100),
        (-736, 0),
        (2000, 100),
    ],
)
def test_expected_both_reads_table_b(d: int, hundredths: int) -> None:
    assert expected_both(d) == (hundredths, Fraction(hundredths, 100))


@pytest.mark.parametrize(
    "p",
    # Table (a) runs from .01 to .99 (p = 0 and p = 1 are not in it), and
    # only in whole hundredths: the caller rounds p first.
    [Fraction(0), Fraction(1), Fraction(-1, 100), Fraction(101, 100), Fraction(1, 200)],
)
def test_rating_difference_refuses_p_outside_table_a(p: Fraction) -> None:
    with pytest.raises(ValueError, match=r"p must be \.01 to \.99 in hundredths"):
        rating_difference(p)


def test_rating_difference_ends_of_table_a() -> None:
    # Table (a): .99 -> 677 and .01 -> -677 (R&B 2024 §7.1).
    assert rating_difference(Fraction(99, 100)) == 677
    assert rating_difference(Fraction(1, 100)) == -677


# --- rating/calc.py -----------------------------------------------------------


def test_junior_k_needs_a_rating_under_2300() -> None:
    # 2024 §8.3.3: K = 40 "as long as their rating remains under 2300": a
    # junior rated exactly 2300 has the K of his rating, 20 under 2400.
    assert derive_k(get("fide-2024"), 2300, birth_year=2008, year=2025) == (20, "rated under 2400")
    assert derive_k(get("fide-2024"), 2299, birth_year=2008, year=2025)[0] == 40


def test_junior_2014_with_a_birth_date_but_no_start() -> None:
    # Without the event's start the birthday cannot be compared: the birth
    # year decides, 17 in 2015 for a player born in 1998 (2014 §8.56).
    k, why = derive_k(
        get("fide-2014"), 1580, birth_year=1998, year=2015,
        birth_date=datetime.date(1998, 3, 1), start=None,
    )  # fmt: skip
    assert (k, why) == (40, "junior: under 18 at the start (born 1998), and rated under 2300")


def test_junior_2014_by_birth_year_alone_ends_in_the_year_he_turns_18() -> None:
    # 2014 §8.56 ends the junior K on the 18th birthday; with only the birth
    # year, a player who turns 18 in the event's year may be past it.
    assert derive_k(get("fide-2014"), 1580, birth_year=1997, year=2015) == (20, "rated under 2400")
    assert derive_k(get("fide-2014"), 1580, birth_year=1998, year=2015)[0] == 40


def test_junior_2014_born_on_29_february() -> None:
    # Born 1996-02-29: 2014 has no 29 February, so the 18th birthday falls on
    # 28 February or 1 March; before both he is a junior, from 1 March on he
    # is not, whichever convention applies (2014 §8.56).
    born = datetime.date(1996, 2, 29)
    r14 = get("fide-2014")
    before = derive_k(r14, 1580, birth_year=1996, year=2014, birth_date=born,
                      start=datetime.date(2014, 2, 27))  # fmt: skip
    after = derive_k(r14, 1580, birth_year=1996, year=2014, birth_date=born,
                     start=datetime.date(2014, 3, 1))  # fmt: skip
    assert before[0] == 40
    assert after == (20, "rated under 2400")


def test_junior_2014_age_at_the_start_counts_a_birthday_that_day() -> None:
    # Born 2000-05-10, the event starts on his 10th birthday: he is 10.
    k, why = derive_k(
        get("fide-2014"), 1200, birth_year=2000, year=2010,
        birth_date=datetime.date(2000, 5, 10), start=datetime.date(2010, 5, 10),
    )  # fmt: skip
    assert (k, why) == (40, "junior: 10 at the start, 18 on 2018-05-10, and rated under 2300")


def test_chessa_floor_is_the_average_floored_to_a_hundred() -> None:
    # CHESSA steps 1-4: the rated average 1005 floors to 1000; with the two
    # unrated players at 1000 the average is 1002, which floors to 1000 again.
    assert chessa_floor([1005, 1005], 2) == 1000
    assert chessa_floor([], 3, all_unrated=500) == 500
    with pytest.raises(ValueError, match=r"^nobody is rated: the floor must be given"):
        chessa_floor([], 3)


def test_chessa_performance_edges() -> None:
    # No games: no performance. One game at 50%: dp 0, the opponent's rating.
    assert performance([], Fraction(0), own=1500) is None
    assert performance([1600], Fraction(1, 2), own=1500) == 1600
    # Never below the floor (CHESSA "Rating floor").
    assert performance([1000, 1000], Fraction(1), own=1000) == 1000
    assert performance([1000, 1000], Fraction(1), own=1000, floor=1100) == 1100


def test_age_in_is_year_minus_birth_year() -> None:
    assert age_in(2025, 2008) == 17
    assert age_in(None, 2008) is None
    assert age_in(2025, None) is None


def test_event_year() -> None:
    assert event_year(datetime.date(2025, 3, 1)) == 2025
    assert event_year(None) is None


def test_first_rating_2024_at_one_hundredth() -> None:
    # 2024 §8.2.2-8.2.3: 100 games against 1800s, all lost, and the two
    # hypothetical 1800 draws: Ra = 1800, p = 1/102 = .0098 -> .01, whose dp
    # in table (a) is -677: Ru = 1800 - 677 = 1123.
    assert first_rating(get("fide-2024"), [1800] * 100, Fraction(0)) == (
        Fraction(1800),
        Fraction(1, 100),
        -677,
        Fraction(1123),
    )


def test_first_rating_at_100_percent_without_an_increment_is_indeterminate() -> None:
    # A rule set with neither the 2024 hypothetical games nor a "+N per half
    # point over 50%" increment (CHESSA) reads table (a), which has no dp for
    # p = 1: the performance is indeterminate (dp None), Ru left at Ra.
    assert first_rating(get("chessa-2015"), [1500, 1600, 1700], Fraction(3)) == (
        Fraction(1600),
        Fraction(1),
        None,
        Fraction(1600),
    )


def test_first_rating_refuses_a_score_that_is_not_whole_or_half_points() -> None:
    with pytest.raises(ValueError, match=r"^a score is whole and half points, not 1/3$"):
        first_rating(get("fide-2024"), [1800, 1800], Fraction(1, 3))


# --- rating/engine.py: the event facts the report shows ----------------------


def test_the_event_facts_are_the_files_headers() -> None:
    # fixtures/swiss-trf16.trf's header records, read off the file: 012,
    # 022, 032, 102, 122, 042-052, 092, and 5 rounds in 132.
    import datetime as dt

    import trfkit
    from trfkit.rating.engine import rate

    t = trfkit.load("fixtures/swiss-trf16.trf")
    e = rate(t).event
    assert (e.name, e.city, e.federation, e.chief_arbiter) == (
        "Lakeside Spring Open 2025",
        "Eastbrook",
        "NED",
        "IA Marten Oudekerk",
    )
    assert e.time_control == "90 min/40 moves + 30 min, 30 sec/move from move 1"
    assert (e.time_control_source, e.file_time_control) == ("122", "")
    assert (e.start, e.end) == (dt.date(2025, 3, 14), dt.date(2025, 3, 16))
    assert (e.type, e.rounds, e.rate_class, e.rate_class_assumed) == ("swiss", 5, "standard", "")
    assert e.type_source == "092"
    # Without 042 the start is the first round's date (132: 25/03/14).
    with open("fixtures/swiss-trf16.trf", encoding="utf-8") as fh:
        lines = [x for x in fh.read().splitlines() if not x.startswith("042")]
    no_start = trfkit.loads("\n".join(lines) + "\n")
    assert rate(no_start).event.start == dt.date(2025, 3, 14)
    # A time control given on the command line replaces the file's, which
    # the report still shows.
    given = rate(t, time_control="60 min + 30 sec/move").event
    assert given.time_control == "60 min + 30 sec/move"
    assert (given.time_control_source, given.file_time_control) == (
        "given",
        "90 min/40 moves + 30 min, 30 sec/move from move 1",
    )


def test_the_event_facts_of_a_file_without_headers() -> None:
    import trfkit
    from trfkit.rating.engine import rate

    t = trfkit.loads(
        "001    1 m    Alpha, Ann                        2000 SLO    14600001 1990/01/01"
        "  1.0    1     2 w 1\n"
        "001    2 m    Beta, Bob                         1900 SLO    14600002 1990/01/01"
        "  0.0    2     1 b 0\n"
    )
    e = rate(t).event
    assert (e.name, e.city, e.federation, e.chief_arbiter, e.time_control) == ("", "", "", "", "")
    assert (e.time_control_source, e.file_time_control, e.start, e.end) == ("", "", None, None)
    assert e.rate_class_assumed != ""  # no time control: standard, said as assumed
