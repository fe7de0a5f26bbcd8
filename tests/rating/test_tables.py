"""trfkit.rating.tables: tables (a) and (b) of the rating regulations at their edges.

Expected values are read from the tables as printed (R&B 2024 §7.1), not from
the code's output. These tests were first written for mutants that survived a
run of tools/mutate.py (issue 21, docs/testing.md "Mutation testing").
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from trfkit.rating.tables import expected_both, rating_difference


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
