"""trfkit.rating.calc: K, juniors, ages, first ratings and CHESSA's floors at their edges.

Each test pins a behaviour that no other test pinned (most were first written
for mutants that survived a run of tools/mutate.py, issue 21), with expected
values worked from the regulations or the TRF format, not from the code's
output.
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
    new_rating,
    performance,
)
from trfkit.rules import get


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


# -- CHESSA "How unrated players will be treated" ------------------------------


def test_chessa_floor_is_floored_to_the_hundred_not_rounded() -> None:
    """Five players rated 1580 and two unrated: the average 1580 floors to
    1500 (step 2); again with the unrated at 1500, (5 × 1580 + 2 × 1500)/7 =
    1557.1 floors to 1500 again, so it stays. Rounding to the nearest
    hundred would give 1600 (and then (7900 + 3200)/7 = 1585.7 → 1600)."""
    assert chessa_floor([1580] * 5, 2) == 1500


def test_chessa_floor_stays_at_the_rated_average_floored() -> None:
    """Rated 1990 and 1000, five unrated: average 1495 → 1400; (2990 + 5 ×
    1400)/7 = 1427.1 → 1400: stable at 1400."""
    assert chessa_floor([1990, 1000], 5) == 1400


def test_chessa_floor_with_nobody_rated_needs_the_section_floor() -> None:
    assert chessa_floor([], 6, all_unrated=600) == 600
    with pytest.raises(ValueError, match="nobody is rated"):
        chessa_floor([], 6)


def test_chessa_rated_player_never_drops_below_100() -> None:
    """CHESSA "Rating floor": a player rated 110 who loses 30 points keeps
    100; 2009 has no such floor for rated players."""
    rules = get("chessa-2015")
    assert new_rating(110, Fraction(-30), rules) == 100
    assert new_rating(130, Fraction(-20), rules) == 110
    assert new_rating(1210, Fraction(-30), get("fide-2009")) == 1180
