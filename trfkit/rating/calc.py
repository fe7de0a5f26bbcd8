"""The rating formulas as pure functions of numbers and a :class:`RuleSet`.

Nothing here knows a TRF file: :mod:`trfkit.rating.engine` collects each
player's games and calls these. Arithmetic is exact (``Fraction``); results
are rounded only where a regulation says so, with the rounding it names.

Single games, as FIDE's calculator shows them (docs/sources/regulations.md O-13):

>>> from trfkit.rules import get
>>> r24 = get("fide-2024")
>>> game_change(2000, 2000, Fraction(1), 10, r24)
Fraction(5, 1)
>>> float(game_change(2600, 2100, Fraction(1), 10, r24))   # capped at 400
0.8
>>> float(game_change(2650, 2150, Fraction(1), 10, r24.as_of(datetime.date(2025, 10, 1))))
0.4

K × n ≤ 700 (O-17):

>>> cap_k(40, 18, 700), cap_k(40, 17, 700), cap_k(20, 36, 700)
(38, 40, 19)
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import NamedTuple

from trfkit.rating.tables import P_TO_DP, expected_score, rating_difference
from trfkit.rules import RateClass, RatingMethod, Rounding, RuleSet

__all__ = [
    "Difference",
    "cap_bounds",
    "cap_k",
    "chessa_floor",
    "counted_rating",
    "derive_k",
    "difference",
    "first_rating",
    "game_change",
    "new_rating",
    "new_rating_of",
    "performance",
    "round_half_away",
    "round_half_up",
    "round_p",
    "tournament_category",
    "weighted_first_rating",
]

HALF = Fraction(1, 2)


def round_half_up(x: Fraction) -> int:
    """The nearest whole number, .5 up (2009 §8.32: "0.5 is rounded up").

    >>> round_half_up(Fraction(5, 2)), round_half_up(Fraction(-5, 2))
    (3, -2)
    """
    # Integer arithmetic: Fraction's own operators cost microseconds each.
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def round_half_away(x: Fraction) -> int:
    """The nearest whole number, .5 away from zero (2024 §8.3.4).

    >>> round_half_away(Fraction(5, 2)), round_half_away(Fraction(-5, 2))
    (3, -3)
    """
    return round_half_up(x) if x.numerator >= 0 else -round_half_up(-x)


def round_p(p: Fraction) -> Fraction:
    """A fractional score to hundredths, .005 up: the table is read at two
    decimals (the Title Regulations' convention; docs/sources/regulations.md §7).

    >>> round_p(Fraction(4, 7)), round_p(Fraction(5, 8))
    (Fraction(57, 100), Fraction(63, 100))
    """
    return Fraction(_hundredths_half_up(p.numerator, p.denominator), 100)


class Difference(NamedTuple):
    """A rating difference as one player sees it: raw, and after the cap."""

    raw: int
    used: int

    @property
    def capped(self) -> bool:
        return self.raw != self.used


# Built by tuple.__new__: a rating run makes one per game.
_difference: Callable[[tuple[int, int]], Difference] = partial(tuple.__new__, Difference)


def cap_bounds(
    own: int, rules: RuleSet, *, cap_benefit: bool = True
) -> tuple[int | None, int | None]:
    """(most, least): the range a player's D is clamped to, ``None`` for no
    bound. The one place the cap rules live; :func:`difference` applies it.

    The cap (350 in 2002 §10.51, 400 from 2009 §8.54) binds both players;
    CHESSA binds the lower-rated player at 736 instead. From 2025-10-01 a
    player rated 2650+ uses the true difference (his opponent does not).
    ``cap_benefit=False`` leaves the higher-rated player's D uncapped (2022:
    only one game per event benefits).
    """
    cap = rules.difference_cap.limit
    if cap is None:
        return None, None
    exempt = rules.difference_cap.exempt_rating
    most = None if not cap_benefit or (exempt is not None and own >= exempt) else cap
    return most, -(rules.difference_cap.lower or cap)


def difference(own: int, opponent: int, rules: RuleSet, *, cap_benefit: bool = True) -> Difference:
    """D = own − opponent, clamped by :func:`cap_bounds`.

    >>> from trfkit.rules import get
    >>> difference(2000, 1100, get("chessa-2015")), difference(1100, 2000, get("chessa-2015"))
    (Difference(raw=900, used=400), Difference(raw=-900, used=-736))
    """
    raw = own - opponent
    most, least = cap_bounds(own, rules, cap_benefit=cap_benefit)
    used = raw
    if most is not None and used > most:
        used = most
    elif least is not None and used < least:
        used = least
    return _difference((raw, used))


def counted_rating(own: int, opponent: int, rules: RuleSet) -> int:
    """The opponent's rating as the cap lets ``own`` count it (2002 §10.51:
    "counted as though it were a difference of 350 points").

    >>> from trfkit.rules import get
    >>> counted_rating(2600, 2150, get("fide-2002")), counted_rating(2150, 2600, get("fide-2002"))
    (2250, 2500)
    """
    return own - difference(own, opponent, rules).used


def game_change(own: int, opponent: int, score: Fraction, k: int, rules: RuleSet) -> Fraction:
    """K × (score − PD) for one game between rated players."""
    return k * (score - expected_score(difference(own, opponent, rules).used))


def cap_k(k: int, n: int, cap: int | None) -> int:
    """The largest whole K with K × n ≤ ``cap`` (2022+ §8.3.3), or ``k``."""
    if cap is None or n == 0 or k * n <= cap:
        return k
    return cap // n


def derive_k(
    rules: RuleSet,
    rating: int,
    *,
    birth_year: int | None,
    year: int | None,
    rate_class: RateClass = RateClass.STANDARD,
    birth_date: datetime.date | None = None,
    start: datetime.date | None = None,
) -> tuple[int, str]:
    """The K a TRF suggests, and why: the file cannot show a player's past
    games or published peaks, so the result is an assumption (the report
    marks it) that a players' list or ``--k`` replaces.

    >>> from trfkit.rules import get
    >>> derive_k(get("fide-2024"), 2450, birth_year=None, year=2025)
    (10, 'rated 2400 or more')
    >>> derive_k(get("fide-2024"), 2100, birth_year=2008, year=2025)
    (40, 'junior: 17 in 2025 and rated under 2300')
    >>> derive_k(get("chessa-2015"), 1450, birth_year=None, year=2015)
    (30, 'rating group 1300+')

    Under the 2014 text the junior K ends on the 18th birthday itself, so
    the full birth date and the start decide (``birth_date``, ``start``):

    >>> r14 = get("fide-2014")
    >>> derive_k(r14, 1580, birth_year=1997, year=2015,
    ...          birth_date=datetime.date(1997, 9, 1), start=datetime.date(2015, 8, 1))
    (40, 'junior: 17 at the start, 18 on 2015-09-01, and rated under 2300')
    >>> derive_k(r14, 1580, birth_year=1997, year=2015,
    ...          birth_date=datetime.date(1997, 3, 1), start=datetime.date(2015, 8, 1))
    (20, 'rated under 2400')
    """
    if rules.k.by_class and rate_class in rules.k.by_class:
        return rules.k.by_class[rate_class], f"{rate_class.value} K"
    if rules.k.junior is not None and birth_year and year:
        age, below, k = rules.k.junior
        if rating < below:
            junior = _junior(rules, age, birth_year, year, birth_date, start)
            if junior is not None:
                return (
                    k,
                    f"{junior}{',' if rules.k.junior_until_birthday else ''} and rated under {below}",
                )
    table = rules.k.by_rating or ((0, 20),)
    for threshold, k in table:
        if rating >= threshold:
            if len(table) > 2:
                return k, f"rating group {threshold}+"
            if threshold:
                return k, f"rated {threshold} or more"
            return k, f"rated under {table[0][0]}" if len(table) > 1 else "default"
    return table[-1][1], "default"


def _junior(
    rules: RuleSet,
    age: int,
    birth_year: int,
    year: int,
    birth_date: datetime.date | None,
    start: datetime.date | None,
) -> str | None:
    """Why a player counts as a junior for K, or ``None`` when he does not.

    2022 and 2024 §8.3.3 (and 2017, by FIDE's published K values): up to the
    end of the year of the ``age``-th birthday. 2014 §8.56: "until their
    18th birthday", the day itself; with only a birth year, a player who
    turns ``age`` in the event's year is taken as no longer a junior (his
    birthday may have passed; a players' list or ``--k`` settles it).
    """
    if not rules.k.junior_until_birthday:
        if year - birth_year <= age:
            return f"junior: {year - birth_year} in {year}"
        return None
    if birth_date is not None and start is not None:
        try:
            birthday = birth_date.replace(year=birth_date.year + age)
        except ValueError:  # born on 29 February
            birthday = datetime.date(birth_date.year + age, 3, 1)
        if start < birthday:
            years = (
                start.year
                - birth_date.year
                - ((start.month, start.day) < (birth_date.month, birth_date.day))
            )
            return f"junior: {years} at the start, {age} on {birthday.isoformat()}"
        return None
    if year - birth_year < age:
        return f"junior: under {age} at the start (born {birth_year})"
    return None


def first_rating(
    rules: RuleSet,
    opponents: Sequence[int],
    w: Fraction,
    *,
    round_robin_n: int | None = None,
) -> tuple[Fraction, Fraction | None, int | None, Fraction]:
    """A performance toward a first rating: (Ra, p, dp, Ru unrounded).

    ``opponents`` are the rated opponents' ratings (or, in a round robin,
    ``[Ra]``-weighted: pass ``round_robin_n`` and one rating, the Ra).

    * 2024 (§8.2.2-8.2.3, R&B §7.2.3): Ra over the opponents and two
      hypothetical 1800s, p = (W + 1)/(n + 2), Ru = Ra + dp;
    * 2022: Ra over the opponents; 50% → Ra; above, +20 per half point over
      50%; below, Ra + dp;
    * 2009 (§8.22-8.25) and 2002 (§10.22-10.25): as 2022 with +15 or +12.5,
      and in a round robin below 50% Ra + dp × n/(n + 1).

    >>> from trfkit.rules import get
    >>> ra, p, dp, ru = first_rating(get("fide-2024"), [1902, 1877, 1884, 2012, 1832], Fraction(3))
    >>> float(ra), p, dp, round_half_up(ru)        # FIDE published 1922 (O-15)
    (1872.4285714285713, Fraction(57, 100), 50, 1922)
    """
    # Integer arithmetic on W in halves and on Ra's terms, each result made a
    # Fraction once: Fraction's operators cost microseconds each, and a big
    # Swiss has hundreds of newcomers.
    n = round_robin_n if round_robin_n is not None else len(opponents)
    if w.denominator not in (1, 2):
        raise ValueError(f"a score is whole and half points, not {w}")
    halves = w.numerator * 2 // w.denominator
    if round_robin_n is not None:
        total, count = opponents[0], 1
    else:
        extra_n, extra_rating = rules.first_rating.hypothetical or (0, 0)
        total = sum(opponents) + extra_n * extra_rating
        count = len(opponents) + extra_n
    ra = Fraction(total, count)
    if rules.first_rating.hypothetical:
        extra_n = rules.first_rating.hypothetical[0]
        # p = (W + extra/2) / (n + extra), the hypothetical games drawn.
        hundredths = _hundredths_half_up(halves + extra_n, 2 * (n + extra_n))
        p = _P[hundredths]
        if hundredths in (0, 100):
            # 200 games or more, all won or all lost (found by the fuzzer):
            # table 8.1.1 has no dp for p of 0 or 1, so the caller says the
            # performance is indeterminate rather than inventing one.
            return ra, p, None, ra
        dp = P_TO_DP[hundredths]
        return ra, p, dp, Fraction(total + dp * count, count)  # Ra + dp
    if halves == n:
        return ra, _HALF, 0, ra
    if halves > n and rules.first_rating.increment is not None:
        # "for each half point scored over 50%": Ra + increment × (2W − n)
        num, den = rules.first_rating.increment.as_integer_ratio()
        return ra, None, None, Fraction(total * den + num * (halves - n) * count, count * den)
    if n == 0:
        return ra, None, None, ra
    hundredths = _hundredths_half_up(halves, 2 * n)
    p = _P[hundredths]
    if hundredths in (0, 100):
        return ra, p, None, ra  # indeterminate (2002 §10.1); the caller says so
    dp = P_TO_DP[hundredths]
    if round_robin_n is not None:
        return ra, p, dp, ra + Fraction(dp * n, n + 1)
    return ra, p, dp, Fraction(total + dp * count, count)  # Ra + dp


_HALF = Fraction(1, 2)
_P = [Fraction(h, 100) for h in range(101)]
"""p for each whole number of hundredths, made once."""


def _hundredths_half_up(numerator: int, denominator: int) -> int:
    """numerator/denominator (denominator > 0) in hundredths, .005 up."""
    return (200 * numerator + denominator) // (2 * denominator)


def weighted_first_rating(results: Sequence[tuple[Fraction, int]]) -> Fraction:
    """2002 §10.3: Rn is the average of the events' Ru, weighted by games.

    >>> round_half_up(weighted_first_rating([(Fraction(2280), 5), (Fraction(2400), 10), (Fraction(2000), 5)]))
    2270
    """
    games = sum(n for _, n in results)
    return sum((ru * n for ru, n in results), Fraction(0)) / games


def new_rating(rating: int, change: Fraction, rules: RuleSet) -> int:
    """The rating after ``change``, rounded as the rule set says and never
    below its floor where one exists for rated players (CHESSA: 100).

    >>> from trfkit.rules import get
    >>> new_rating(2300, Fraction(-25, 2), get("fide-2009")), new_rating(2300, Fraction(-25, 2), get("fide-2024"))
    (2288, 2287)
    """
    return new_rating_of(rating, change.numerator, change.denominator, rules)


_ROUND_CHANGE = Rounding.CHANGE


def new_rating_of(rating: int, numerator: int, denominator: int, rules: RuleSet) -> int:
    """:func:`new_rating` for a change of ``numerator``/``denominator``
    (denominator > 0), in integers: a rating run does this once a player,
    with the terms at hand (K × (W − We) in hundredths)."""
    n, d = numerator, denominator
    if rules.rounding is _ROUND_CHANGE:
        steps = (2 * abs(n) + d) // (2 * d)
        value = rating + (steps if n >= 0 else -steps)
    else:
        value = (2 * (rating * d + n) + d) // (2 * d)
    if rules.method is RatingMethod.PERFORMANCE and rules.rating_floor is not None:
        value = max(value, rules.rating_floor)  # CHESSA "Rating floor"
    return value


def chessa_floor(rated: Sequence[int], unrated: int, *, all_unrated: int | None = None) -> int:
    """The temporary rating every unrated player starts from (CHESSA "How
    unrated players will be treated", steps 1-4): the rated players' average
    floored to a hundred, then again with the unrated players at that floor,
    until it stops changing (O-08).

    >>> chessa_floor([1243, 1201, 1119, 1056, 940, 827], 4)
    1000
    >>> chessa_floor([2000, 1800, 1600, 1400, 900], 3)
    1500
    """
    if not rated:
        if all_unrated is None:
            raise ValueError("nobody is rated: the floor must be given (500 u8, 600 u10)")
        return all_unrated
    floor = (sum(rated) // len(rated)) // 100 * 100
    for _ in range(100):  # it converges in a few steps; bound it anyway
        average = (sum(rated) + floor * unrated) // (len(rated) + unrated)
        new = average // 100 * 100
        if new == floor:
            break
        floor = new
    return floor


def performance(
    opponents: Sequence[int], score: Fraction, *, own: int, floor: int | None = None
) -> int | None:
    """A CHESSA performance rating (Table 1 and its formulas, O-09).

    Between 0% and 100%: AOR + Dp, with the percentage rounded to a whole
    number (62.5% → 63). At 0% or 100% the table has no value ("MAF"): the
    player gets one more game, half a point more, and his own rating among
    the opponents'. ``None`` with no games. Never below ``floor``.

    >>> performance([1500] * 7, Fraction(5), own=1500)
    1658
    >>> performance([1500] * 6, Fraction(3, 2), own=1500)
    1307
    >>> performance([1000, 1100, 1200, 1300, 1400, 1500, 1600], Fraction(7), own=1400)
    1783
    """
    n = len(opponents)
    if n == 0:
        return None
    if score in (0, n):
        aor = Fraction(sum(opponents) + own, n + 1)
        ratio = Fraction(n + 1) / (score + HALF) - 1
        value = float(aor) - 400 * math.log10(float(ratio))
        result = math.floor(value + 0.5)
    else:
        # A score short of 0% or 100% can still round to it (199½ of 200 is
        # 99.75%: found by the fuzzer); the table's last rows (1%, 99%) are
        # the nearest it has.
        percent = min(max(round_half_up(score / n * 100), 1), 99)
        aor = Fraction(sum(opponents), n)
        result = round_half_up(aor + rating_difference(Fraction(percent, 100)))
    return max(result, floor) if floor is not None else result


def age_in(year: int | None, birth_year: int | None) -> int | None:
    """Age by the FIDE and CHESSA convention: the event's year − birth year."""
    if year is None or not birth_year:
        return None
    return year - birth_year


def event_year(start: datetime.date | None) -> int | None:
    return start.year if start else None


def tournament_category(average: Fraction) -> int | None:
    """The category of a round robin whose average rating is ``average``:
    25-point bands from 2251, category 1 being 2251-2275 (the FIDE Title
    Regulations of the Form 1/Form 4 era; category k covers 2251 + 25(k-1)
    to 2275 + 25(k-1)). The average is rounded to a whole number first,
    .5 up; ``None`` below 2251 (no category).

    >>> [tournament_category(Fraction(x)) for x in (2250, 2251, 2275, 2276, 2500)]
    [None, 1, 1, 2, 10]
    >>> tournament_category(Fraction(45501, 20)), tournament_category(Fraction(4551, 2))
    (1, 2)
    """
    whole = round_half_up(average)
    return (whole - 2251) // 25 + 1 if whole >= 2251 else None
