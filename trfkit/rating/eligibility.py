"""Which games and which results count: the regulations that the checks
report and the rater applies, each written once.

* :data:`UNPLAYED`: the rounds the rating never counts, and what each is
  (2009 §5, 2024 §5.1, R&B 2024 §4.1: unplayed games are not rated,
  "whether these occur because of forfeiture or any other reason");
* :func:`first_event_problem`: whether an unrated player's event counts
  toward a first rating at all (2002 §6.42 and §10.20, 2009 §6.1 and
  §6.41, 2014/2017 §6.1, 2022/2024 §8.2.1);
* :func:`first_rating_problem`: whether a performance may be published as a
  first rating (games over one or more events, the floor);
* :func:`rating_gap_problem`: the 600-point rule of rapid and blitz
  (R&B 2024, amended 2024-12-01);
* :func:`round_robin_method`: whether a round robin's unrated players are
  rated by the round-robin method, every game counting (2002 §10.21b,
  2009 §8.21b and §7.14a), or as in a Swiss (§6.43);
* :func:`rate_of_play_problem`: a standard game too fast for its players'
  ratings (2014+ §1.1, where the higher-rated player of each game decides);
* :func:`event_rate_of_play_problem`: a rate of play that no game of the
  event can be rated at (2002/2009 §1.1, where the highest-rated player of
  the tournament decides; a standard rate below every minimum; R&B 2024
  §1.1 and CHESSA "Time Control" 2, a rate in none of the classes);
* :func:`time_odds_problem`: players with different times (R&B 2024 §1.2).

The 400-point cap is :func:`trfkit.rating.calc.cap_bounds`. Each function
answers with a :class:`Problem` (what was found, what the rule set asks, and
a sentence) or ``None``; the checks word their findings around it and the
rater prints its sentence, so the two cannot disagree.

>>> from trfkit.rules import get
>>> first_event_problem(get("fide-2009"), 2, Fraction(2))
Problem(found='2 games', expected='at least 3', text='2 rated opponent(s): a first event needs at least 3')
>>> first_event_problem(get("fide-2017"), 1, Fraction(1, 2)) is None   # ½ is enough from 2014
True
>>> first_event_problem(get("fide-2024"), 7, Fraction(0)).text
'score 0: a first event needs more than 0 point(s)'
>>> first_rating_problem(get("fide-2014"), 5, 990).text
'990 is below the rating floor 1000'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from trfkit.event import TournamentType
from trfkit.model import Result
from trfkit.rules import Family, RuleSet, Scope

__all__ = [
    "UNPLAYED",
    "Problem",
    "event_rate_of_play_problem",
    "first_event_problem",
    "first_rating_problem",
    "rate_classes",
    "rate_of_play_problem",
    "rating_gap_problem",
    "round_robin_method",
    "time_odds_problem",
]


class Problem(NamedTuple):
    """Why something does not count: the finding's parts and one sentence."""

    found: str
    expected: str
    text: str


UNPLAYED: dict[str, str] = {
    Result.FORFEIT_WIN.value: "forfeit win",
    Result.FORFEIT_LOSS.value: "forfeit loss",
    Result.UNPLAYED_WIN.value: "win in under one move",
    Result.UNPLAYED_DRAW.value: "draw in under one move",
    Result.UNPLAYED_LOSS.value: "loss in under one move",
    Result.HALF_POINT_BYE.value: "half-point bye",
    Result.FULL_POINT_BYE.value: "full-point bye",
    Result.PAIRING_ALLOCATED_BYE.value: "pairing-allocated bye",
    Result.ZERO_POINT_BYE.value: "zero-point bye",
}
"""What each unplayed result code is, keyed by the code's character."""


def _num(x: Fraction) -> str:
    return f"{float(x):g}"


def first_event_problem(rules: RuleSet, games: int, score: Fraction) -> Problem | None:
    """Why an unrated player's event is disregarded for a first rating, or
    ``None`` when it counts.

    ``games`` are his games against rated opponents (against anyone where
    the rule set counts every opponent), ``score`` his points in them.
    2002 §6.42/§10.20 and 2009 §6.41/§8.21: at least three rated opponents
    and one point; from 2014 (§6.1) and in 2022/2024 (§8.2.1) only a score
    of zero is disregarded.
    """
    least = rules.unrated.min_rated_opponents
    if least is not None and games < least:
        return Problem(
            f"{games} games",
            f"at least {least}",
            f"{games} rated opponent(s): a first event needs at least {least}",
        )
    floor = rules.unrated.min_score
    if floor is None or not games:
        return None
    # score against num/den, cross-multiplied (denominators are positive):
    # integer comparisons, where Fraction's cost a microsecond each.
    num, den = floor
    left, right = score.numerator * den, num * score.denominator
    if (left <= right) if rules.unrated.score_strict else (left < right):
        bound = Fraction(num, den)
        need = (
            f"more than {_num(bound)}" if rules.unrated.score_strict else f"at least {_num(bound)}"
        )
        return Problem(
            _num(score), need, f"score {_num(score)}: a first event needs {need} point(s)"
        )
    return None


def first_rating_problem(rules: RuleSet, games: int, ru: int | None = None) -> Problem | None:
    """Why a performance of ``ru`` over ``games`` games against rated
    opponents is not yet a first rating, or ``None`` when it may be
    published: too few games (9 in 2002/2009 §7.14; 5 from 2014, pooled over
    events; 12 in CHESSA), or (``ru`` given) below the floor (1200 in 2009
    §0.6, 1000 from 2014, 1400 from 2024 §7.1.2)."""
    least = rules.unrated.min_games
    if least is not None and games < least:
        return Problem(
            f"{games} games",
            f"{least} games, over one or more events",
            f"{games} game(s): a first rating needs {least}; results can be pooled with "
            "later events",
        )
    if ru is not None and rules.rating_floor is not None and ru < rules.rating_floor:
        return Problem(
            str(ru),
            f"at least {rules.rating_floor}",
            f"{ru} is below the rating floor {rules.rating_floor}",
        )
    return None


def rating_gap_problem(rules: RuleSet, own: int, opponent: int) -> Problem | None:
    """R&B 2024, amended 2024-12-01: a game between players ``gap`` or more
    points apart, one of them rated above ``rating``, is not rated
    (:attr:`~trfkit.rules.RuleSet.rating_gap_limit`)."""
    if rules.rating_gap_limit is None:
        return None
    gap, top = rules.rating_gap_limit
    apart = abs(own - opponent)
    if apart >= gap and max(own, opponent) > top:
        return Problem(
            f"{apart} points",
            f"less than {gap}",
            f"{apart} points apart with a player above {top}: not rated",
        )
    return None


def round_robin_method(
    rules: RuleSet,
    type: TournamentType,
    met: Mapping[int, Sequence[int]],
    rated: Collection[int],
) -> bool:
    """Whether the unrated players of a round robin are rated by the
    round-robin method: every game counts, against rated and unrated
    opponents alike (2002 §10.21b; 2009 §8.21b, and §7.14a counts the games
    "obtained under 6.3", not only those against rated opponents).

    ``met`` gives each player (by starting rank) the opponents he met over
    the board; ``rated`` the starting ranks of the rated players. The rule
    set must have the method, the event be a single round robin with both
    rated and unrated players, and every pair have met once: otherwise it is
    rated as a Swiss (2002/2009 §6.43).

    >>> from trfkit.rules import get
    >>> met = {1: [2, 3], 2: [1, 3], 3: [1, 2]}
    >>> round_robin_method(get("fide-2009"), TournamentType.ROUND_ROBIN, met, {1, 2})
    True
    >>> round_robin_method(get("fide-2024"), TournamentType.ROUND_ROBIN, met, {1, 2})
    False
    >>> round_robin_method(get("fide-2009"), TournamentType.ROUND_ROBIN, {**met, 3: [1]}, {1, 2})
    False
    """
    if not rules.round_robin_iteration or type is not TournamentType.ROUND_ROBIN:
        return False
    n = len(met)
    unrated = sum(1 for sr in met if sr not in rated)
    if not 0 < unrated < n:
        return False
    return all(len(m) == n - 1 and len(set(m)) == n - 1 for m in met.values())


def rate_of_play_problem(rules: RuleSet, minutes: Fraction, rating: int) -> Problem | None:
    """A standard game in which the higher-rated player is rated ``rating``,
    played at ``minutes`` for 60 moves, is not rated when that is less than
    the rule set's minimum for the rating (2024 §1.1: 120 minutes where a
    player is rated 2400 or more, 90 where one is 1800 or more, else 60;
    :meth:`~trfkit.rules.RuleSet.minimum_minutes` holds the thresholds).

    The game's own players decide where the rule set's scope is the game
    (2017 §1.1: "Where at least one of the players in the game has a rating
    2200 or higher"); where it is the tournament, the event decides
    (:func:`event_rate_of_play_problem`).

    >>> from trfkit.rules import get
    >>> rate_of_play_problem(get("fide-2024"), Fraction(75), 1799) is None
    True
    >>> rate_of_play_problem(get("fide-2024"), Fraction(75), 1800).text
    '75 minutes for 60 moves; a game with a player rated 1800 or more needs 90: not rated'
    """
    short = _short_of(rules, minutes, rating)
    if short is None:
        return None
    needed, least = short
    return Problem(
        f"{_num(minutes)} minutes",
        f"at least {needed} minutes",
        f"{_num(minutes)} minutes for 60 moves; a game with a player rated {least} or more "
        f"needs {needed}: not rated",
    )


def _short_of(rules: RuleSet, minutes: Fraction, rating: int) -> tuple[int, int] | None:
    """The minimum a player rated ``rating`` asks for, and the least rating
    that asks for it, when ``minutes`` fall short of it; else ``None``."""
    needed = rules.minimum_minutes(rating)
    if needed is None or minutes >= needed:
        return None
    least = min(r for r, m in rules.rate_of_play.standard_minimum_minutes or () if m == needed)
    return needed, least


def rate_classes(rules: RuleSet, *, expected: bool = False) -> str:
    """The classes of a rapid/blitz or national rule set, in words: what
    :func:`event_rate_of_play_problem` says a rate fits none of."""
    parts = []
    if rules.rate_of_play.rapid_minutes:
        lo, hi = rules.rate_of_play.rapid_minutes
        parts.append(f"rapid (more than {lo} and less than {hi} minutes)")
    if rules.rate_of_play.blitz_minutes:
        lo, hi = rules.rate_of_play.blitz_minutes
        parts.append(f"blitz (more than {lo} and at most {hi} minutes)")
    if rules.family is Family.NATIONAL and rules.rate_of_play.standard_minimum_minutes:
        parts.append(
            f"standard (at least {rules.rate_of_play.standard_minimum_minutes[-1][1]} minutes)"
        )
    joined = " or ".join(parts)
    return joined if expected else f"that is neither {joined.replace(' or ', ' nor ')}"


def event_rate_of_play_problem(
    rules: RuleSet, minutes: Fraction, top: int | None = None
) -> Problem | None:
    """Why no game of an event played at ``minutes`` for 60 moves can be
    rated, or ``None`` when its games can be (each may still be too fast for
    its own players: :func:`rate_of_play_problem`). ``top`` is the highest
    rating of the event's players.

    * A rapid/blitz or national rule set: a rate in none of its classes
      (R&B 2024 §1.1: "For a game to be rated each player must have ...
      more than 10 minutes but less than 60 minutes" for rapid, "more than
      3 minutes but not more than 10 minutes" for blitz; CHESSA "Time
      Control" 2).
    * A standard rule set, a rate below every minimum: no game is a
      standard game (2009 §1.2: "Games played with all the moves at a rate
      faster than the above are excluded from the list").
    * A standard rule set whose scope is the tournament (2002 §1.11, 2009
      §1.1: "Where at least one of the players in the tournament has a
      rating 2200 or higher, each player must have a minimum of 120
      minutes"): the highest-rated player of the event sets every game's
      minimum, so an event too fast for him has no rated game. fide-2014
      reads its unknown text so (:attr:`~trfkit.rules.RuleSet.readings`).

    >>> from trfkit.rules import get
    >>> event_rate_of_play_problem(get("fide-2009"), Fraction(90), 2200).text
    '90 minutes for 60 moves; in a tournament with a player rated 2200 or more every game needs 120: no game is rated'
    >>> event_rate_of_play_problem(get("fide-2009"), Fraction(90), 2199) is None
    True
    >>> event_rate_of_play_problem(get("fide-2024"), Fraction(90), 2700) is None   # the game decides
    True
    >>> event_rate_of_play_problem(get("fide-2024"), Fraction(30), 1000).expected
    'at least 60 minutes'
    >>> event_rate_of_play_problem(get("fide-rb-2024"), Fraction(60)).found
    '60 minutes'
    """
    if rules.family is not Family.STANDARD:
        if rules.rate_class(float(minutes)) is not None:
            return None
        return Problem(
            f"{_num(minutes)} minutes",
            rate_classes(rules, expected=True),
            f"{_num(minutes)} minutes for 60 moves: {rate_classes(rules)}; no game is rated",
        )
    thresholds = rules.rate_of_play.standard_minimum_minutes
    if not thresholds:
        return None
    lowest = thresholds[-1][1]
    if minutes < lowest:
        return Problem(
            f"{_num(minutes)} minutes",
            f"at least {lowest} minutes",
            f"{_num(minutes)} minutes for 60 moves, less than the {lowest} any standard game "
            "needs: no game is rated",
        )
    if rules.rate_of_play.threshold_scope is not Scope.TOURNAMENT or top is None:
        return None
    short = _short_of(rules, minutes, top)
    if short is None:
        return None
    needed, least = short
    return Problem(
        f"{_num(minutes)} minutes",
        f"at least {needed} minutes",
        f"{_num(minutes)} minutes for 60 moves; in a tournament with a player rated {least} "
        f"or more every game needs {needed}: no game is rated",
    )


def time_odds_problem(rules: RuleSet, time_odds: bool) -> Problem | None:
    """R&B 2024 §1.2: "Games where the players have different playing times
    are not rated" (:attr:`~trfkit.rules.ruleset.RateOfPlay.time_odds_rated`); the
    standard texts and CHESSA say nothing of it."""
    if not time_odds or rules.rate_of_play.time_odds_rated:
        return None
    return Problem(
        "different times",
        "the same time for both players",
        f"the players have different times: no game is rated under {rules.name}",
    )
