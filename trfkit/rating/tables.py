"""The rating tables, exactly as printed, and nothing derived from a formula.

Table (a) converts a fractional score p into a rating difference dp; table
(b) converts a rating difference D into the expected score PD of the higher
(H) and lower (L) rated player. Every text the project has prints the same
rows (2002 §10.1, 2009 §8.1, R&B 2024 §7.1, CHESSA Tables 1-2;
docs/sources/regulations.md §2f), and each says the tables are used as shown,
with no interpolation (2009 §12.2). Values are exact ``Fraction``s.

>>> expected_score(0), expected_score(4), expected_score(-4)
(Fraction(1, 2), Fraction(51, 100), Fraction(49, 100))
>>> expected_score(735), expected_score(736), expected_score(-736)
(Fraction(99, 100), Fraction(1, 1), Fraction(0, 1))
>>> rating_difference(Fraction(89, 100)), rating_difference(Fraction(11, 100))
(351, -351)
"""

from __future__ import annotations

import bisect
from fractions import Fraction

__all__ = [
    "PD_ROWS",
    "P_TO_DP",
    "expected_both",
    "expected_hundredths",
    "expected_score",
    "performance_difference",
    "rating_difference",
]

# Table (a): p (in hundredths, .50 to .99) -> dp. The lower half is the
# mirror image, dp(p) = -dp(1 - p), as printed.
_DP_UPPER: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # .50-.59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # .60-.69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # .70-.79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # .80-.89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # .90-.99
)  # fmt: skip

P_TO_DP: dict[int, int] = {}
"""Hundredths of a point (1-99) -> dp. p = 0 and 1 are not in the table: the
2002 text calls them indeterminate, the 2009 text notionally ±800, CHESSA
uses a formula (see :func:`trfkit.rating.calc.performance`)."""
for _i, _dp in enumerate(_DP_UPPER):
    P_TO_DP[50 + _i] = _dp
    P_TO_DP[50 - _i] = -_dp

# Table (b): the least D of each row and the H value of that row, in
# hundredths. The last row, "> 735" (CHESSA: "736+"), is 1.00 / .00.
PD_ROWS: tuple[tuple[int, int], ...] = (
    (0, 50), (4, 51), (11, 52), (18, 53), (26, 54), (33, 55), (40, 56),
    (47, 57), (54, 58), (62, 59), (69, 60), (77, 61), (84, 62), (92, 63),
    (99, 64), (107, 65), (114, 66), (122, 67), (130, 68), (138, 69),
    (146, 70), (154, 71), (163, 72), (171, 73), (180, 74), (189, 75),
    (198, 76), (207, 77), (216, 78), (226, 79), (236, 80), (246, 81),
    (257, 82), (268, 83), (279, 84), (291, 85), (303, 86), (316, 87),
    (329, 88), (345, 89), (358, 90), (375, 91), (392, 92), (412, 93),
    (433, 94), (457, 95), (485, 96), (518, 97), (560, 98), (620, 99),
    (736, 100),
)  # fmt: skip
_PD_STARTS = [lo for lo, _ in PD_ROWS]
# Both columns made once: a rating run looks PD up for every game.
_PD_H: tuple[Fraction, ...] = tuple(Fraction(h, 100) for _, h in PD_ROWS)
_PD_L: tuple[Fraction, ...] = tuple(Fraction(100 - h, 100) for _, h in PD_ROWS)
_H100: tuple[int, ...] = tuple(h for _, h in PD_ROWS)
H100_BY_D: tuple[int, ...] = tuple(
    _H100[bisect.bisect_right(_PD_STARTS, d) - 1] for d in range(_PD_STARTS[-1] + 1)
)
"""H in hundredths for each D from 0 to 736, where the last row starts:
indexed directly by the loop that rates every game (any D from 736 up reads
the last entry)."""


def expected_score(d: int) -> Fraction:
    """PD for a rating difference ``d`` = own rating − opponent's, as the
    table prints it: the H column when ``d`` ≥ 0, the L column (1 − H) when
    ``d`` < 0. The caller applies any cap first."""
    if d >= 0:
        return _PD_H[bisect.bisect_right(_PD_STARTS, d) - 1]
    return _PD_L[bisect.bisect_right(_PD_STARTS, -d) - 1]


def expected_both(d: int) -> tuple[int, Fraction]:
    """PD in hundredths and as a fraction, with one table search."""
    if d >= 0:
        i = bisect.bisect_right(_PD_STARTS, d) - 1
        return _H100[i], _PD_H[i]
    i = bisect.bisect_right(_PD_STARTS, -d) - 1
    return 100 - _H100[i], _PD_L[i]


def column_tables() -> tuple[
    list[int], tuple[int, ...], tuple[Fraction, ...], tuple[Fraction, ...]
]:
    """The table's row starts, H in hundredths, and the H and L columns as
    fractions: for a loop that looks up tens of thousands of games inline."""
    return _PD_STARTS, _H100, _PD_H, _PD_L


def expected_hundredths(d: int) -> int:
    """:func:`expected_score` in hundredths, for exact sums in integers.

    >>> expected_hundredths(351), expected_hundredths(-351)
    (89, 11)
    """
    if d >= 0:
        return _H100[bisect.bisect_right(_PD_STARTS, d) - 1]
    return 100 - _H100[bisect.bisect_right(_PD_STARTS, -d) - 1]


def rating_difference(p: Fraction) -> int:
    """dp for a fractional score ``p`` strictly between 0 and 1 that is
    already rounded to hundredths (``ValueError`` otherwise)."""
    hundredths = p * 100
    if hundredths.denominator != 1 or not 0 < hundredths < 100:
        raise ValueError(f"p must be .01 to .99 in hundredths, got {p}")
    return P_TO_DP[int(hundredths)]


PERFECT_DP = 800
"""dp for p = 1.0 (and −800 for 0): the Title Regulations' table (B.01 1.4.9)
and the rating regulations' table 8.1.1 of 2024 print these ends; the
tie-break regulations' TPR (C.07 10.2) reads the same table."""


def performance_difference(p: Fraction) -> int:
    """dp of the performance tables that print the ends (B.01 1.4.9, B.02
    8.1.1, C.07 TPR): ``p`` from 0 to 1 in hundredths; 0 gives −800, 1 gives
    +800, the rest table (a). ``ValueError`` for any other p.

    >>> performance_difference(Fraction(0)), performance_difference(Fraction(1))
    (-800, 800)
    >>> performance_difference(Fraction(1, 2)), performance_difference(Fraction(99, 100))
    (0, 677)
    """
    if p == 1:
        return PERFECT_DP
    if p == 0:
        return -PERFECT_DP
    return rating_difference(p)
