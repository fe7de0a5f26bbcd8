"""The records a rule set is made of: :class:`RuleSet`, its amendments and
readings, and the choice of the rule set in force at a date.

One module below the rule sets (``fide_2002`` ... ``chessa_2015``, each one
:class:`RuleSet` of data) and below :mod:`trfkit.rules`, which gathers
them: the rule sets import their record from here, so the package's index
can import the rule sets without a circle.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

__all__ = [
    "GROUPS",
    "Amendment",
    "DifferenceCap",
    "Family",
    "FirstRating",
    "KFactor",
    "Minimums",
    "Performance",
    "RateClass",
    "RateOfPlay",
    "RatingMethod",
    "Reading",
    "RoundRobin",
    "Rounding",
    "RuleSet",
    "Schedule",
    "Scope",
    "Unrated",
    "newest_in_force",
]


class Family(enum.Enum):
    """Which ratings a rule set governs."""

    STANDARD = "standard"
    RAPID_BLITZ = "rapid-blitz"
    NATIONAL = "national"


class Scope(enum.Enum):
    """Whose rating sets a game's minimum rate of play.

    ``tournament``: the highest-rated player in the event (FIDE 2002 and 2009
    §1.1, "one of the players in the tournament"; fide-2014's reading of a
    text not found); ``game``: the higher-rated of the two players (2017
    §1.1, "in the game", and after). The rater and R101 apply it through
    :mod:`trfkit.rating.eligibility`.
    """

    TOURNAMENT = "tournament"
    GAME = "game"


class RateClass(enum.Enum):
    """The rating a game's rate of play makes it count for."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class Rounding(enum.Enum):
    """How a rated player's new rating is rounded.

    ``new-rating``: the new rating to the nearest whole number, .5 up
    (2002 §10.56, 2009 §8.57); ``change``: the change to the nearest whole
    number, .5 away from zero (2024 §8.3.4, R&B 2024 §7.3.4).
    """

    NEW_RATING = "new-rating"
    CHANGE = "change"


class RatingMethod(enum.Enum):
    """How a rule set rates an event."""

    FIDE = "fide"
    """Each rated player's change K × (W − We); a newcomer's rating from his
    performance against rated opponents (the FIDE Rating Regulations)."""
    PERFORMANCE = "performance"
    """Performance ratings by table 1 and the 0%/100% formula, unrated
    players by a floor and temporary ratings (CHESSA)."""


@attrs.frozen
class Amendment:
    """A change that applies to events starting on or after ``effective``."""

    effective: datetime.date
    title: str
    reference: str
    changes: Mapping[str, Any]
    """The new value of each parameter the amendment changes, by path
    (``"difference_cap.exempt_rating"``: :meth:`RuleSet.with_parameters`)."""
    sections: Mapping[str, str] = attrs.field(factory=dict)
    """The citation of each code whose parameter the amendment changes: a
    finding under the amended value cites the amendment, not the text it
    replaced."""


@attrs.frozen
class Reading:
    """A parameter whose value the sources do not establish, and the reading
    a rule set takes of it.

    A report that relies on the reading says so: the rater rates again with
    ``alternative`` and names the players whose figures would differ.
    """

    parameter: str
    """The path of the :class:`RuleSet` parameter the reading sets
    (``"k.games_cap"``; :meth:`RuleSet.parameter`)."""
    alternative: Any
    """The value the other reading would give that field."""
    chosen: str
    """The reading taken, in words."""
    other: str
    """The other reading, in words."""
    basis: str
    """Why this reading: the evidence, in a sentence."""


@attrs.frozen(kw_only=True)
class RateOfPlay:
    """The rates of play a rule set rates (FIDE §1, R&B §1, CHESSA "Time
    Control").

    Minutes are the FIDE measure of a rate of play: the time a player has
    for 60 moves, counting increments and time added by move 60 (see
    :meth:`trfkit.timecontrol.TimeControl.minutes_for`).
    """

    standard_minimum_minutes: tuple[tuple[int, int], ...] | None = None
    """(rating, minutes) pairs, highest first: a game involving a rating at or
    above ``rating`` needs at least ``minutes`` (§1.1)."""
    threshold_scope: Scope = Scope.GAME
    """Whose rating picks the minimum: the game's players or the event's (§1.1)."""
    rapid_minutes: tuple[int, int] | None = None
    """Rapid: more than the first and less than the second number of minutes."""
    blitz_minutes: tuple[int, int] | None = None
    """Blitz: more than the first and at most the second number of minutes."""
    first_control_moves: int | None = None
    """The least number of moves of a first time control that has one (§1.3)."""
    first_control_binding: bool = True
    """False where the text only recommends it (2002 §1.3)."""
    time_odds_rated: bool = True
    """Games at unequal times are rated (False: R&B 2024 §1.2)."""


@attrs.frozen(kw_only=True)
class Schedule:
    """Rounds and hours a day, and the length of an event (FIDE §3, §4;
    R&B §3)."""

    rounds_per_day: Mapping[RateClass, int] | None = None
    """The most rounds a day, by rate class (2002/2009 §3.1; R&B §3.1)."""
    hours_per_day: int | None = None
    """The most hours of play a day (§3.1)."""
    duration_days: int | None = None
    """The longest an event may last (§4.1)."""
    interim_report_days: int | None = None
    """Events longer than this report their results month by month (info)."""


@attrs.frozen(kw_only=True)
class RoundRobin:
    """How many rated players a round robin needs (FIDE §6.3-6.32)."""

    rated_share: tuple[int, int]
    """At least this fraction (numerator, denominator) rated (§6.3)."""
    small_field: tuple[int, int]
    """(players, rated): a round robin of fewer players needs this many rated (§6.31)."""
    double_with_unrated: tuple[int, int]
    """(players, rated): the least of each when unrated players take part (§6.32)."""


@attrs.frozen(kw_only=True)
class Unrated:
    """When an unrated player's games count towards a first rating (FIDE
    §6.1, §7.14; R&B §6.1.4, §7.2.2; CHESSA "First rating")."""

    min_rated_opponents: int | None = None
    """Games against rated opponents an unrated player needs in one event."""
    min_score: tuple[int, int] | None = None
    """(numerator, denominator): the least score for an unrated player's first
    event to count (1 point in 2002/2009; more than 0 from 2022)."""
    score_strict: bool = False
    """True: the score must exceed ``min_score`` (2022+: "zero" fails)."""
    min_games: int | None = None
    """Games against rated opponents a first rating needs, over one or more events."""
    only_rated_opponents: bool = True
    """Only games against rated opponents count for an unrated player."""


@attrs.frozen(kw_only=True)
class Minimums:
    """CHESSA's least players and rounds ("Number of players per
    tournament", "Rounds")."""

    section_players: int
    tournament_players: int
    rounds: int
    rounds_braille: int | None = None


@attrs.frozen(kw_only=True)
class DifferenceCap:
    """The cap on a rating difference (2002 §10.54, 2009 §8.54, 2022 §8.3.1,
    R&B §7.3.1; CHESSA "Difference in rating")."""

    limit: int | None = None
    """A rating difference counts as at most this much (350; 400 from 2009)."""
    exempt_rating: int | None = None
    """A player rated at least this uses the true difference (2025-10-01)."""
    lower: int | None = None
    """The cap for the lower-rated player when it differs (CHESSA: 736)."""
    once_per_event: bool = False
    """The higher-rated player benefits from the cap in one game only, the
    largest gap (2022 §8.3.1); the lower-rated player is capped every game."""


@attrs.frozen(kw_only=True)
class KFactor:
    """The development coefficient K (2009 §8.56, 2022 §8.3.3, R&B §7.3.3;
    CHESSA "K-Factor")."""

    by_rating: tuple[tuple[int, int], ...] | None = None
    """(rating, K) pairs, highest first: the K of an established player
    rated at least ``rating``. Derived K values are marked as assumed."""
    new_player: tuple[int, int] | None = None
    """(games, K): a player new to the list has this K until he has played
    ``games`` games; a TRF does not say, so only a list or ``--k`` gives it."""
    junior: tuple[int, int, int] | None = None
    """(age, rating, K): K for a player up to the end of the year he turns
    ``age``, while rated below ``rating``."""
    junior_until_birthday: bool = False
    """True: the junior K lasts until the ``age``-th birthday itself, not to
    the end of that year (2014 §8.56: "until their 18th birthday")."""
    games_cap: int | None = None
    """K × n may not exceed this (700): K becomes the largest whole number
    that keeps it so."""
    by_class: Mapping[RateClass, int] | None = None
    """A single K for a rate class regardless of rating (CHESSA rapid, blitz)."""


@attrs.frozen(kw_only=True)
class FirstRating:
    """How a first rating is computed (2002 §10.3, 2009 §8.2, 2024 §7.2,
    R&B §7.2)."""

    increment: Fraction | None = None
    """Points per half point scored over 50% (12.5, 15, 20); ``None``: the
    table's dp is used above 50% too."""
    hypothetical: tuple[int, int] | None = None
    """(count, rating): hypothetical opponents added to Ra, each a draw (2024)."""
    ceiling: int | None = None
    """The highest first rating (2200 from 2024)."""
    weighted_pool: bool = False
    """True: a first rating is the game-weighted average of the events' Ru
    (2002 §10.3); False: all games pooled as one tournament (2009 §8.3)."""
    standard_rating_fallback: bool = False
    """An unrated rapid/blitz player with a standard rating uses it (R&B §7.2.1)."""


@attrs.frozen(kw_only=True)
class Performance:
    """CHESSA's performance rating method ("50% Rule", "How unrated players
    will be treated", "Players winning a tournament")."""

    gain_min_played: tuple[int, int] | None = None
    """(numerator, denominator): a player gains points only after playing
    this share of the scheduled rounds, rounded up ("50% Rule" 3)."""
    late_default_as_loss: bool = False
    """Defaults after half the rounds (rounded down) count as losses for the
    defaulter only ("50% Rule" 7)."""
    joint_winners_keep_rating: bool = False
    """Players in joint first place never lose points."""
    temporary_ratings: bool = False
    """Unrated players get a temporary rating, their performance against the
    converged floor ("How unrated players will be treated")."""
    unrated_floor_all_unrated: Mapping[str, int] | None = None
    """The floor when nobody is rated, by section kind (u8 500, u10 and
    beginners 600)."""


GROUPS: Mapping[str, type] = {
    "rate_of_play": RateOfPlay,
    "schedule": Schedule,
    "round_robin": RoundRobin,
    "unrated": Unrated,
    "minimums": Minimums,
    "difference_cap": DifferenceCap,
    "k": KFactor,
    "first_rating": FirstRating,
    "performance": Performance,
}
"""The :class:`RuleSet` fields that are groups, with each group's record: a
parameter's path is ``group.field`` (``"k.games_cap"``) or a plain field."""


def _method_matches_group(rules: RuleSet, _: Any, method: RatingMethod) -> None:
    # The CHESSA engine runs exactly when its parameters are given: one
    # without the other is a rule set no engine can rate.
    if (method is RatingMethod.PERFORMANCE) != (rules.performance is not None):
        raise ValueError(
            f"{rules.name}: method {method.value} needs performance parameters exactly when it is performance"
        )


@attrs.frozen(kw_only=True)
class RuleSet:
    """The parameters of one rating regulation, grouped as the regulations
    group them (rate of play, schedule, round robins, unrated players, the
    difference cap, K, first ratings, CHESSA's performance method).

    A parameter is named by its path, ``group.field`` or a plain field
    (:meth:`parameter`, :meth:`with_parameters`): readings and amendments
    name theirs so.
    """

    name: str
    title: str
    family: Family
    effective: datetime.date
    """Events starting on or after this date fall under this rule set."""
    until: datetime.date | None = None
    """The last start date this text governs (``None``: still in force)."""
    reference: str
    """The short citation shown with every diagnostic of this rule set."""
    sections: Mapping[str, str] = attrs.field(factory=dict)
    """The section each regulation code (R...) enforces. A code applies under
    this rule set exactly when it has a section here."""
    not_applicable: Mapping[str, str] = attrs.field(factory=dict)
    """The regulation codes this rule set does not apply, each with why (the
    text has no such rule, or no section of it is cited for the check).
    Every regulation check's code is in ``sections`` or here: one in
    neither is an error when :mod:`trfkit.checks` is imported
    (:func:`trfkit.checks.registry.problems`), never a finding dropped in
    silence."""

    rate_of_play: RateOfPlay = attrs.field(factory=RateOfPlay)
    schedule: Schedule = attrs.field(factory=Schedule)
    round_robin: RoundRobin | None = None
    """``None``: the text sets no share of rated players (§6.3-6.32)."""
    unrated: Unrated = attrs.field(factory=Unrated)

    # -- matches (§6.5-6.6; rapid/blitz §5) -------------------------------
    match_unrated_not_rated: bool = False
    match_games_after_decision_rated: bool = False
    rating_gap_limit: tuple[int, int] | None = None
    """(gap, rating): games with a rating gap of at least ``gap`` are not rated
    when one player is rated above ``rating`` (rapid/blitz, 2024-12-01)."""

    minimums: Minimums | None = None
    """``None``: the text sets no least players or rounds (CHESSA's does)."""

    # -- rating ------------------------------------------------------------
    rating_floor: int | None = None
    """The least rating published."""
    difference_cap: DifferenceCap = attrs.field(factory=DifferenceCap)
    expected_score_per_game: bool = True
    """False: one PD for D = R − Rc, times n (2002 §10.53-10.54)."""
    k: KFactor = attrs.field(factory=KFactor)
    rounding: Rounding = Rounding.NEW_RATING
    first_rating: FirstRating = attrs.field(factory=FirstRating)
    round_robin_iteration: bool = False
    """Round robins with unrated players: Ra = Rar − dpa·n/(n+1) and one
    iteration of Rc(new)/Ru(new) (2002 §10.21b, §10.57; 2009 §8.21b, §8.58):
    both the first ratings and the changes, so no one group's."""

    method: RatingMethod = attrs.field(default=RatingMethod.FIDE, validator=_method_matches_group)
    """How the event is rated: FIDE's changes, or CHESSA's performance ratings."""
    performance: Performance | None = None
    """CHESSA's performance method: given exactly when ``method`` is it."""

    readings: tuple[Reading, ...] = ()
    """Parameters the sources leave open, with the reading taken of each."""

    amendments: tuple[Amendment, ...] = ()
    applied: tuple[str, ...] = ()
    """Titles of the amendments :meth:`as_of` applied."""

    @property
    def performance_rules(self) -> Performance:
        """The CHESSA parameters, for the performance engine, which runs only
        under a rule set whose ``method`` is it (and so has them)."""
        if self.performance is None:
            raise ValueError(f"{self.name} has no performance-rating parameters")
        return self.performance

    @staticmethod
    def paths() -> tuple[str, ...]:
        """Every parameter's path: a group's fields as ``group.field``, the
        other parameters by name (not the names, dates and citations).

        >>> "k.games_cap" in RuleSet.paths()
        True
        """
        out: list[str] = []
        for f in attrs.fields(RuleSet):
            if f.name in _NOT_PARAMETERS:
                continue
            group = GROUPS.get(f.name)
            if group is None:
                out.append(f.name)
            else:
                out += [f"{f.name}.{g.name}" for g in attrs.fields(group)]
        return tuple(out)

    def parameter(self, path: str) -> Any:
        """The value of the parameter at ``path`` (``None`` for a field of a
        group this rule set does not have).

        >>> from trfkit.rules import get
        >>> get("fide-2024").parameter("k.games_cap")
        700
        """
        if path not in _PATHS:
            raise KeyError(f"no parameter {path!r} in a rule set")
        head, _, rest = path.partition(".")
        value = getattr(self, head)
        if not rest:
            return value
        return None if value is None else getattr(value, rest)

    def with_parameters(self, changes: Mapping[str, Any]) -> RuleSet:
        """This rule set with the parameters at the paths of ``changes`` set
        (a group it lacks is made from that group's defaults).

        >>> from trfkit.rules import get
        >>> get("fide-2017").with_parameters({"k.games_cap": None}).k.games_cap is None
        True
        """
        plain: dict[str, Any] = {}
        groups: dict[str, dict[str, Any]] = {}
        for path, value in changes.items():
            if path not in _PATHS:
                raise KeyError(f"no parameter {path!r} in a rule set")
            head, _, rest = path.partition(".")
            if rest:
                groups.setdefault(head, {})[rest] = value
            else:
                plain[head] = value
        for head, fields in groups.items():
            current = getattr(self, head)
            plain[head] = (
                GROUPS[head](**fields) if current is None else attrs.evolve(current, **fields)
            )
        return attrs.evolve(self, **plain)

    def as_of(self, start: datetime.date | None) -> RuleSet:
        """This rule set with the amendments in force for an event starting on
        ``start`` (all of them when the date is unknown: the current text)."""
        rules = self
        for a in self.amendments:
            if start is None or start >= a.effective:
                rules = attrs.evolve(
                    rules.with_parameters(a.changes),
                    sections={**rules.sections, **a.sections},
                    applied=(*rules.applied, a.title),
                )
        return rules

    def in_force(self, start: datetime.date | None) -> bool | None:
        """Whether this text governed events starting on ``start`` (``None``
        when the date is unknown).

        >>> from trfkit.rules import get
        >>> get("fide-2014").in_force(datetime.date(2018, 4, 8))
        False
        >>> get("fide-2017").in_force(datetime.date(2018, 4, 8))
        True
        """
        if start is None:
            return None
        return self.effective <= start and (self.until is None or start <= self.until)

    def reading(self, parameter: str) -> Reading | None:
        """The reading this rule set takes of the parameter at the path
        ``parameter`` (``"rate_of_play.threshold_scope"``), if it is open."""
        for r in self.readings:
            if r.parameter == parameter:
                return r
        return None

    def k_values(self) -> frozenset[int]:
        """Every K this rule set gives: by rating, to a player new to the
        list, to a junior, by rate class; in its text and its amendments.

        >>> from trfkit.rules import get
        >>> sorted(get("fide-2024").k_values())
        [10, 20, 40]
        """
        found: set[int] = set()
        for r in (self, *(self.with_parameters(a.changes) for a in self.amendments)):
            found.update(k for _, k in r.k.by_rating or ())
            if r.k.new_player is not None:
                found.add(r.k.new_player[1])
            if r.k.junior is not None:
                found.add(r.k.junior[2])
            found.update((r.k.by_class or {}).values())
        return frozenset(found)

    def minimum_minutes(self, rating: int) -> int | None:
        """The least minutes for 60 moves that a game involving ``rating`` needs."""
        table = self.rate_of_play.standard_minimum_minutes
        if table is None:
            return None
        for threshold, minutes in table:
            if rating >= threshold:
                return minutes
        return table[-1][1]

    def rate_class(self, minutes: float) -> RateClass | None:
        """The class a rate of play of ``minutes`` (for 60 moves) falls in here,
        or ``None`` when it is rated by none of this rule set's classes.

        For a standard rule set this only says whether ``minutes`` reaches
        the lowest threshold; the rating-dependent minimum is
        :meth:`minimum_minutes`.
        """
        play = self.rate_of_play
        if play.rapid_minutes and play.rapid_minutes[0] < minutes < play.rapid_minutes[1]:
            return RateClass.RAPID
        if play.blitz_minutes and play.blitz_minutes[0] < minutes <= play.blitz_minutes[1]:
            return RateClass.BLITZ
        if play.standard_minimum_minutes and minutes >= play.standard_minimum_minutes[-1][1]:
            return RateClass.STANDARD
        return None


_NOT_PARAMETERS = frozenset(
    {"name", "title", "family", "effective", "until", "reference", "sections",
     "not_applicable", "readings", "amendments", "applied"}
)  # fmt: skip
_PATHS = frozenset(RuleSet.paths())


def newest_in_force(sets: list[Any], start: datetime.date | None) -> tuple[Any, str]:
    """Of rule sets with an ``effective`` date, the newest that took effect by
    ``start`` (the newest of all when the date is unknown, the oldest when
    none had), and why, in words: the choice of ``--rules auto`` for the
    rating and the title regulations alike."""
    ordered = sorted(sets, key=lambda r: r.effective)
    day = start or datetime.date.max
    chosen = ordered[0]
    for r in ordered:
        if r.effective <= day:
            chosen = r
    why = f"start {start.isoformat()}" if start else "no start date: the newest rules"
    return chosen, why
