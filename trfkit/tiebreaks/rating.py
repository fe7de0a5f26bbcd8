"""Rating-based tie-breaks: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10).

Only games played over the board count, forfeits never, even in a round
robin (15.2). The tables are the rating regulations' (B.02 8.1.1, 8.1.2),
read through :mod:`trfkit.rating.tables`; averages are rounded half up.
Undefined (``None``) when any participant is unrated (Art. 10: the
tie-breaks are then dropped unless the rules say how unrated players count),
and for a player with no game over the board, or none left after a cut.
"""

from __future__ import annotations

from fractions import Fraction

from trfkit.rating.tables import expected_hundredths, performance_difference
from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.field import PLAYED, Field

__all__ = ["aro", "average_of_opponents", "ptp", "rated_games", "rtng", "tpr"]

Value = int | None
_PERFECT = 800
"""The ends of the dp table (B.02 8.1.1) and PTP's zero score (10.3)."""


def _half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up (both positive or the quotient's sign kept)."""
    return (2 * numerator + denominator) // (2 * denominator)


def rated_games(f: Field) -> list[tuple[list[int], int]] | None:
    """Each player's opponents' ratings over the board and his points in
    those games (units); ``None`` when a participant is unrated."""
    ratings = f.ratings
    if any(r is None for r in ratings):
        return None
    out: list[tuple[list[int], int]] = []
    for kinds, opps, pts in zip(f.kinds, f.opponents, f.points, strict=True):
        if kinds == PLAYED * f.rounds:
            out.append(([ratings[o] for o in opps], sum(pts)))  # type: ignore[misc]
            continue
        games = [(o, x) for k, o, x in zip(kinds, opps, pts, strict=True) if k == PLAYED and o >= 0]
        out.append(([ratings[o] for o, _ in games], sum(x for _, x in games)))  # type: ignore[misc]
    return out


def aro(f: Field, tb: TieBreak, games: list[tuple[list[int], int]] | None) -> list[Value]:
    """ARO (10.1): the average rating of the opponents, rounded half up;
    ``/C1 /C2 /M1 /M2`` drop the lowest (and highest) ratings (Art. 14)."""
    if games is None:
        return [None] * len(f.score)
    low, high = tb.cut + tb.median, tb.median
    out: list[Value] = []
    for ratings, _ in games:
        if low:
            ratings = sorted(ratings)[low : len(ratings) - high]
        out.append(_half_up(sum(ratings), len(ratings)) if ratings else None)
    return out


def tpr(f: Field, tb: TieBreak, games: list[tuple[list[int], int]] | None) -> list[Value]:
    """TPR (10.2): ARO plus dp of the fractional score over the board,
    rounded to hundredths half up; 100% gives +800 and 0% −800."""
    if games is None:
        return [None] * len(f.score)
    out: list[Value] = []
    for ratings, units in games:
        n = len(ratings)
        if not n:
            out.append(None)
            continue
        p = Fraction(_half_up(100 * units, n * f.win), 100)
        out.append(_half_up(sum(ratings), n) + performance_difference(p))
    return out


def ptp(f: Field, tb: TieBreak, games: list[tuple[list[int], int]] | None) -> list[Value]:
    """PTP (10.3): the lowest whole rating whose expected score against the
    opponents (table 8.1.2, no 400-point cut) reaches the score over the
    board; for a zero score the lowest opponent's rating less 800."""
    if games is None:
        return [None] * len(f.score)
    out: list[Value] = []
    for ratings, units in games:
        if not ratings:
            out.append(None)
            continue
        if units <= 0:
            out.append(min(ratings) - _PERFECT)
            continue
        target = 100 * units  # compared with Σ PD in hundredths × a win's units
        lo, hi = min(ratings) - _PERFECT, max(ratings) + _PERFECT
        while lo < hi:
            mid = (lo + hi) // 2
            if sum([expected_hundredths(mid - r) for r in ratings]) * f.win >= target:
                hi = mid
            else:
                lo = mid + 1
        out.append(lo)
    return out


def average_of_opponents(f: Field, own: list[Value]) -> list[Value]:
    """APRO (10.4) and APPO (10.5): the average of the opponents' TPR (PTP)
    over the board, rounded half up; an opponent whose value is undefined is
    left out, and no value at all is undefined."""
    out: list[Value] = []
    for kinds, opps in zip(f.kinds, f.opponents, strict=True):
        values = [own[o] for k, o in zip(kinds, opps, strict=True) if k == PLAYED and o >= 0]
        known = [v for v in values if v is not None]
        out.append(_half_up(sum(known), len(known)) if known else None)
    return out


def rtng(f: Field, tb: TieBreak) -> list[Value]:
    """RTNG (10.6, C.07-2026): the participant's own rating, highest first."""
    if any(r is None for r in f.ratings):
        return [None] * len(f.score)
    return list(f.ratings)
