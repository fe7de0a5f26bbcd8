"""Rating rule sets: named, versioned, their parameters as data.

Each rule set is one module of this package holding one :class:`RuleSet`
(``fide_2002``, ``fide_2009``, ``fide_2022``, ``fide_2024``,
``fide_rb_2024``, ``chessa_2015``). The checks and the rater read the
parameters; no check tests a rule set's name. A parameter that a rule set
does not have is ``None`` (a rule that does not exist in that text), never a
guess. Sources and readings are in shared/docs/regulations.md; each module
cites the sections it transcribes.

Amendments that take effect inside a rule set's life are data too:
:meth:`RuleSet.as_of` applies those in force at an event's start date.

>>> get("fide-2024").standard_minimum_minutes
((2400, 120), (1800, 90), (0, 60))
>>> get("fide-rb-2024").as_of(datetime.date(2025, 1, 1)).rating_gap_limit
(600, 2600)
>>> get("fide-rb-2024").as_of(datetime.date(2024, 6, 1)).rating_gap_limit is None
True
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping
from typing import Any

import attrs

__all__ = [
    "RULE_SETS",
    "Amendment",
    "Family",
    "RateClass",
    "RuleSet",
    "Scope",
    "get",
    "names",
]


class Family(enum.Enum):
    """Which ratings a rule set governs."""

    STANDARD = "standard"
    RAPID_BLITZ = "rapid-blitz"
    NATIONAL = "national"


class Scope(enum.Enum):
    """Whose rating sets a game's minimum rate of play.

    ``tournament``: the highest-rated player in the event (FIDE 2002 and 2009
    §1.1, "one of the players in the tournament"); ``game``: the higher-rated
    of the two players (from 2014; 2024 §1.1, "in the game").
    """

    TOURNAMENT = "tournament"
    GAME = "game"


class RateClass(enum.Enum):
    """The rating a game's rate of play makes it count for."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


@attrs.frozen
class Amendment:
    """A change that applies to events starting on or after ``effective``."""

    effective: datetime.date
    title: str
    reference: str
    changes: Mapping[str, Any]


@attrs.frozen
class RuleSet:
    """The parameters of one rating regulation.

    Minutes are the FIDE measure of a rate of play: the time a player has
    for 60 moves, counting increments and time added by move 60 (see
    :meth:`trfkit.timecontrol.TimeControl.minutes_for`).
    """

    name: str
    title: str
    family: Family
    effective: datetime.date
    """Events starting on or after this date fall under this rule set."""
    reference: str
    """The short citation shown with every diagnostic of this rule set."""
    sections: Mapping[str, str] = attrs.field(factory=dict)
    """The section each regulation code (R...) enforces. A code applies under
    this rule set exactly when it has a section here."""

    # -- rate of play (§1) ------------------------------------------------
    standard_minimum_minutes: tuple[tuple[int, int], ...] | None = None
    """(rating, minutes) pairs, highest first: a game involving a rating at or
    above ``rating`` needs at least ``minutes``."""
    threshold_scope: Scope = Scope.GAME
    rapid_minutes: tuple[int, int] | None = None
    """Rapid: more than the first and less than the second number of minutes."""
    blitz_minutes: tuple[int, int] | None = None
    """Blitz: more than the first and at most the second number of minutes."""
    first_control_moves: int | None = None
    """The least number of moves of a first time control that has one."""
    first_control_binding: bool = True
    """False where the text only recommends it (2002 §1.3)."""
    time_odds_rated: bool = True

    # -- days, hours, duration (§3, §4) ----------------------------------
    max_rounds_per_day: Mapping[RateClass, int] | None = None
    max_hours_per_day: int | None = None
    max_duration_days: int | None = None
    interim_report_days: int | None = None
    """Events longer than this report their results month by month (info)."""

    # -- composition (§6) ------------------------------------------------
    round_robin_rated_share: tuple[int, int] | None = None
    """At least this fraction (numerator, denominator) of a round robin rated."""
    round_robin_small_field: tuple[int, int] | None = None
    """(players, rated): a round robin of fewer players needs this many rated."""
    double_round_robin_with_unrated: tuple[int, int] | None = None
    """(players, rated): the least of each when unrated players take part."""
    unrated_min_rated_opponents: int | None = None
    """Games against rated opponents an unrated player needs in one event."""
    unrated_min_score: tuple[int, int] | None = None
    """(numerator, denominator): the least score for an unrated player's first
    event to count (1 point in 2002/2009; more than 0 from 2022)."""
    unrated_score_strict: bool = False
    """True: the score must exceed ``unrated_min_score`` (2022+: "zero" fails)."""
    newcomer_min_games: int | None = None
    """Games against rated opponents a first rating needs, over one or more events."""
    unrated_only_rated_opponents: bool = True
    """Only games against rated opponents count for an unrated player."""

    # -- matches (§6.5-6.6; rapid/blitz §5) -------------------------------
    match_unrated_not_rated: bool = False
    match_games_after_decision_rated: bool = False
    rating_gap_limit: tuple[int, int] | None = None
    """(gap, rating): games with a rating gap of at least ``gap`` are not rated
    when one player is rated above ``rating`` (rapid/blitz, 2024-12-01)."""

    # -- CHESSA ----------------------------------------------------------
    min_section_players: int | None = None
    min_tournament_players: int | None = None
    min_rounds: int | None = None
    min_rounds_braille: int | None = None

    # -- rating ------------------------------------------------------------
    rating_floor: int | None = None
    """The least rating published."""
    rating_difference_cap: int | None = None
    """A rating difference counts as at most this much (350; 400 from 2009)."""
    cap_exempt_rating: int | None = None
    """A player rated at least this uses the true difference (2025-10-01)."""

    amendments: tuple[Amendment, ...] = ()
    applied: tuple[str, ...] = ()
    """Titles of the amendments :meth:`as_of` applied."""

    def as_of(self, start: datetime.date | None) -> RuleSet:
        """This rule set with the amendments in force for an event starting on
        ``start`` (all of them when the date is unknown: the current text)."""
        rules = self
        for a in self.amendments:
            if start is None or start >= a.effective:
                rules = attrs.evolve(rules, **a.changes, applied=(*rules.applied, a.title))
        return rules

    def minimum_minutes(self, rating: int) -> int | None:
        """The least minutes for 60 moves that a game involving ``rating`` needs."""
        if self.standard_minimum_minutes is None:
            return None
        for threshold, minutes in self.standard_minimum_minutes:
            if rating >= threshold:
                return minutes
        return self.standard_minimum_minutes[-1][1]

    def rate_class(self, minutes: float) -> RateClass | None:
        """The class a rate of play of ``minutes`` (for 60 moves) falls in here,
        or ``None`` when it is rated by none of this rule set's classes.

        For a standard rule set this only says whether ``minutes`` reaches
        the lowest threshold; the rating-dependent minimum is
        :meth:`minimum_minutes`.
        """
        if self.rapid_minutes and self.rapid_minutes[0] < minutes < self.rapid_minutes[1]:
            return RateClass.RAPID
        if self.blitz_minutes and self.blitz_minutes[0] < minutes <= self.blitz_minutes[1]:
            return RateClass.BLITZ
        if self.standard_minimum_minutes and minutes >= self.standard_minimum_minutes[-1][1]:
            return RateClass.STANDARD
        return None


def _load() -> dict[str, RuleSet]:
    from trfkit.rules import (
        chessa_2015,
        fide_2002,
        fide_2009,
        fide_2022,
        fide_2024,
        fide_rb_2024,
    )

    sets = [
        fide_2002.RULES,
        fide_2009.RULES,
        fide_2022.RULES,
        fide_2024.RULES,
        fide_rb_2024.RULES,
        chessa_2015.RULES,
    ]
    return {r.name: r for r in sets}


RULE_SETS: dict[str, RuleSet] = _load()


def names() -> list[str]:
    """The names of every rule set, oldest first."""
    return list(RULE_SETS)


def get(name: str) -> RuleSet:
    """The rule set called ``name`` (``KeyError`` naming the choices if none)."""
    try:
        return RULE_SETS[name]
    except KeyError:
        raise KeyError(f"unknown rule set {name!r}; choose one of {', '.join(RULE_SETS)}") from None
