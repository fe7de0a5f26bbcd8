"""Rate a tournament: each player's games, expected score, K and change.

:func:`rate` reads a :class:`~trfkit.model.Tournament` under one rule set
and returns a :class:`~trfkit.rating.model.RatingReport`. The rule set's
parameters decide every difference between the texts (see
:mod:`trfkit.rules`); the formulas are in :mod:`trfkit.rating.calc`. Three
methods:

* **per game** (2009 and later, R&B 2024): ΔR = score − PD for each game
  against a rated opponent, summed (2009 §8.55, 2024 §8.3.2);
* **one PD** (2002): We = PD(R − Rc) × n (§10.53-10.54);
* **round robins with unrated players** (2002, 2009): the tournament average
  Ra = Rar − dpa·n/(n+1), the unrated players' Ru, one iteration step of
  Rc(new) and Ru(new) with the cap, and the rated players rated against
  them (2002 §10.57, 2009 §8.58, reproduced as printed);
* **CHESSA**: temporary ratings for unrated players, the asymmetric cap,
  performances, the 50% rule, late defaults and joint winners.

>>> import trfkit
>>> report = rate(trfkit.load("fixtures/roundrobin-8.trf"), rules="fide-2024")
>>> p = report.players[0]
>>> p.n, p.k_assumed, p.new_rating is not None
(7, True, True)
"""

from __future__ import annotations

import datetime
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache, partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from trfkit._gc import no_cyclic_gc
from trfkit.event import Event, TournamentType, event_of, match_decided_round, rate_class_of
from trfkit.model import UNREADABLE, Player, Result, Tournament
from trfkit.rating import calc
from trfkit.rating.eligibility import (
    UNPLAYED,
    Problem,
    event_rate_of_play_problem,
    first_event_problem,
    first_rating_problem,
    rate_of_play_problem,
    rating_gap_problem,
    round_robin_method,
    time_odds_problem,
)
from trfkit.rating.listed import (
    Difference,
    list_rating,
    rating_against_list,
    rating_in_force,
    taken_note,
)
from trfkit.rating.model import (
    RATE_OF_PLAY_NOTE,
    EventInfo,
    GameRating,
    LazyGames,
    Newcomer,
    PlayerRating,
    RatingReport,
    ReadingUse,
    RoundRobinRating,
    build_newcomer,
    build_player_rating,
)
from trfkit.rating.tables import (
    H100_BY_D,
    expected_score,
    rating_difference,
)
from trfkit.rules import Family, RateClass, RatingMethod, RuleSet, Scope

if TYPE_CHECKING:
    from trfkit.rating.ratinglist import ListedPlayer

__all__ = ["base_k", "capped_k", "listed_rating", "newcomer_performance", "rate"]

listed_rating = list_rating  # its name before trfkit.rating.listed

# The engine reads a player's cells as the characters of Cells (Result and
# Colour values); these tables are keyed by them.
_SCORES = {
    Result.WIN.value: Fraction(1),
    Result.DRAW.value: Fraction(1, 2),
    Result.LOSS.value: Fraction(0),
}
_ZERO = Fraction(0)
_HALVES = {"1": 2, "=": 1, "0": 0, "-": 0}
_RANK = attrgetter("rank")
_RANK_THEN_START = attrgetter("rank", "start_rank")
# Why an unplayed round is not rated (2009 §5, 2024 §5.1): the byes are
# named; the rest are games that were not played over the board.
_BYE_CODES = frozenset(r.value for r in Result if r.is_bye)
_NOT_RATED = {
    code: what if code in _BYE_CODES else f"{what}: not rated" for code, what in UNPLAYED.items()
}
_BLANK = Result.BLANK.value
_FORFEIT_LOSS = Result.FORFEIT_LOSS.value


class _Cell(NamedTuple):
    """One round of one player, before the rule set looks at ratings."""

    round: int
    opponent: int | None
    colour: str
    result: str
    score: Fraction | None
    """The score of a game that can count; ``None`` for one that cannot."""
    reason: str | None


# NamedTuples built by tuple.__new__ directly: the generated __new__ is a
# Python call, and a rating run builds two of these per game.
_cell: Callable[[tuple[Any, ...]], _Cell] = partial(tuple.__new__, _Cell)
_game: Callable[[tuple[Any, ...]], GameRating] = partial(tuple.__new__, GameRating)


class _CellSource(NamedTuple):
    """What :func:`_cells` needs beside the player: shared by all entrants."""

    entrants: Mapping[int, _Entrant]
    ev: Event
    decided: int | None
    scheduled: int


@attrs.define
class _Entrant:
    player: Player
    rating: int | None
    rating_source: str
    listed: ListedPlayer | None
    notes: tuple[str, ...]
    source: _CellSource | None = None
    from_list: tuple[Difference, ...] = ()
    _cells: list[_Cell] | None = None

    @property
    def cells(self) -> list[_Cell]:
        """The player's rounds as the rating reads them, made on first use:
        the per-game path of rated players reads the file's games directly
        and never needs them."""
        if self._cells is None:
            assert self.source is not None
            self._cells = _cells(self.player, *self.source)
        return self._cells


def rate(
    t: Tournament,
    rules: str | RuleSet = "auto",
    *,
    type: TournamentType | str | None = None,
    time_control: str | None = None,
    ratings: Mapping[int, ListedPlayer] | None = None,
    k: Mapping[int, int] | None = None,
    rate_class: RateClass | str | None = None,
) -> RatingReport:
    """What ``rules`` does with ``t``.

    ``ratings`` is a players' list by FIDE id
    (:func:`trfkit.rating.ratinglist.load_rating_list`): its rating and K
    replace the file's. ``k`` gives K by starting rank and wins over both.
    ``rate_class`` (``standard``, ``rapid``, ``blitz``) says which rating a
    rapid/blitz or CHESSA event changes when the time control does not.
    ``rules``, ``type`` and ``time_control`` are as in
    :func:`trfkit.checks.validate`.
    """
    with no_cyclic_gc():
        report, rs = _rate(t, rules, type, time_control, ratings, k, rate_class)
        uses = []
        for reading in rs.readings:
            if reading.parameter not in _RATING_PARAMETERS:
                continue
            if reading.parameter == "rate_of_play.threshold_scope" and not any(
                n.startswith(RATE_OF_PLAY_NOTE) for n in report.notes
            ):
                # A rate enough for the tournament's highest-rated player is
                # enough for every game, and one enough for every game of a
                # player is enough for him: the readings agree.
                continue
            other = attrs.evolve(
                rs.with_parameters({reading.parameter: reading.alternative}), readings=()
            )
            alternative, _ = _rate(t, other, type, time_control, ratings, k, rate_class)
            changed = _changed(report, alternative)
            if changed:
                uses.append(
                    ReadingUse(
                        reading.parameter, reading.chosen, reading.other, reading.basis, changed
                    )
                )
        if uses:
            report = attrs.evolve(report, readings=tuple(uses))
        return report


# The RuleSet parameters (paths) whose reading can change a rating report
# (the others only change what the checks find). rate_of_play.threshold_scope
# decides which games the rate of play leaves unrated (§1.1).
_RATING_PARAMETERS = frozenset(
    {
        "k.games_cap",
        "round_robin_iteration",
        "rounding",
        "first_rating.increment",
        "k.junior",
        "rate_of_play.threshold_scope",
    }
)


def _figures(p: PlayerRating) -> str:
    """What a rating publishes of a player, for comparing two readings."""
    if p.rating is not None:
        return f"K {p.k}, new rating {p.new_rating}" if p.n else "no rated game"
    nc = p.newcomer
    if nc is None or nc.ru is None:
        return "no performance"
    return f"Ru {nc.ru}" + ("" if nc.publishable else " (not published)")


def _changed(a: RatingReport, b: RatingReport) -> tuple[tuple[int, str, str, str], ...]:
    others = {p.start_rank: p for p in b.players}
    out = []
    for p in a.players:
        q = others.get(p.start_rank)
        if q is None:
            continue
        mine, theirs = _figures(p), _figures(q)
        if mine != theirs:
            out.append((p.start_rank, p.name, mine, theirs))
    return tuple(out)


def _rate(
    t: Tournament,
    rules: str | RuleSet,
    type: TournamentType | str | None,
    time_control: str | None,
    ratings: Mapping[int, ListedPlayer] | None,
    k: Mapping[int, int] | None,
    rate_class: RateClass | str | None,
) -> tuple[RatingReport, RuleSet]:
    ev = event_of(t, rules=rules, type=type, time_control=time_control)
    rs = ev.rules
    cls, cls_note = rate_class_of(ev, rate_class)
    notes: list[str] = []
    rounds = t.number_of_rounds or 0  # its fallback, the longest line, counted once
    entrants = _entrants(t, ev, ratings or {}, cls, rounds)
    ctx = _Context(t, ev, rs, cls, entrants, dict(k or {}), notes)
    if ctx.fast_event is not None:
        # One note for the event: each game's line repeats the reason.
        notes.append(
            f"{RATE_OF_PLAY_NOTE}{ctx.fast_event.text} ({_rate_of_play_section(rs)}): J is "
            "left blank for every game, and no newcomer has a performance from this event"
        )
    elif ctx.too_fast is not None:
        minutes, least = ctx.too_fast
        notes.append(
            f"{RATE_OF_PLAY_NOTE}{float(minutes):g} minutes for 60 moves; a game with a player rated "
            f"{least} or more needs {rs.minimum_minutes(least)} and is not rated "
            f"({_rate_of_play_section(rs)}): J is left blank for such a game"
        )
    if rs.method is RatingMethod.PERFORMANCE:
        players = _rate_chessa(ctx)
        rr = None
    else:
        players, rr = _rate_fide(ctx)
    if None in map(_RANK, players):  # the unranked (blank or 0) last
        order = sorted(players, key=lambda p: (p.rank is None, p.rank or 0, p.start_rank))
    else:  # a key made in C: a report has thousands of players
        order = sorted(players, key=_RANK_THEN_START)
    report = RatingReport(
        rules=rs.name,
        rules_title=rs.title,
        rules_reference=rs.reference,
        rules_source=ev.rules_source,
        amendments=rs.applied,
        event=_event_info(t, ev, cls, rounds, cls_note),
        players=tuple(order),
        round_robin=rr,
        notes=tuple(notes),
        rules_in_force=ev.rules_in_force,
    )
    return report, rs


# -- the event ------------------------------------------------------------


def _event_info(
    t: Tournament, ev: Event, cls: RateClass, rounds: int, cls_assumed: str
) -> EventInfo:
    start = t.start_date.date if t.start_date else None
    end = t.end_date.date if t.end_date else None
    in_file = (t.header("222") or t.time_control or "").strip()
    given = ev.time_control_source == "given"
    return EventInfo(
        name=t.name or "",
        city=t.city or "",
        federation=t.federation or "",
        chief_arbiter=t.chief_arbiter or "",
        # The record the time control was read from: a 222 that cannot be
        # read leaves 122 to stand in, and its text is the one rated with.
        time_control=ev.time_control.text if ev.time_control else in_file,
        time_control_source=(ev.time_control_source or "") if (given or in_file) else "",
        file_time_control=in_file if given else "",
        rate_class_assumed=cls_assumed,
        start=start or ev.start,
        end=end,
        type=ev.type.value,
        type_source=ev.type_source,
        rounds=rounds,
        rate_class=cls.value,
    )


def _entrants(
    t: Tournament, ev: Event, ratings: Mapping[int, ListedPlayer], cls: RateClass, rounds: int
) -> dict[int, _Entrant]:
    out: dict[int, _Entrant] = {}
    decided = match_decided_round(t) if ev.type is TournamentType.MATCH else None
    cell_source = _CellSource(out, ev, decided, rounds)
    if not ratings:  # the file alone: one entrant a player, nothing to note
        for p in t.players:
            out[p.start_rank] = _Entrant(p, p.rating or None, "trf", None, (), cell_source)
        return out
    for p in t.players:
        notes: tuple[str, ...] = ()
        taken: tuple[Difference, ...] = ()
        listed = ratings.get(p.fide_id) if p.fide_id else None
        rating: int | None = p.rating or None
        source = "trf"
        if listed is not None:
            rating, source = rating_in_force(
                listed, cls, ev.rules.first_rating.standard_rating_fallback
            )
            d = rating_against_list(p, listed, rating)
            if d is not None:  # the list's rating over the file's, said why
                taken, notes = (d,), (taken_note(d),)
        elif p.fide_id:
            notes = (f"FIDE id {p.fide_id} is not in the players' list",)
        out[p.start_rank] = _Entrant(p, rating, source, listed, notes, cell_source, from_list=taken)
    return out


def _cells(
    p: Player, entrants: Mapping[int, _Entrant], ev: Event, decided: int | None, scheduled: int
) -> list[_Cell]:
    """Each round of ``p`` with the score of a game that can count, or why
    it cannot (byes, forfeits, games of under one move, blanks, games after
    a match was decided)."""
    rs = ev.rules
    late = rs.performance is not None and rs.performance.late_default_as_loss
    after = None if decided is None or rs.match_games_after_decision_rated else decided
    out: list[_Cell] = []
    append = out.append
    opponents, colours, results = p.cells()
    for r, opponent, colour, code in zip(
        range(1, len(results) + 1), opponents, colours, results, strict=True
    ):
        score: Fraction | None = _SCORES.get(code)
        if score is not None and opponent in entrants and (after is None or r < after):
            append(_cell((r, opponent, colour, code, score, None)))
            continue
        append(
            _cell(
                (
                    r,
                    opponent,
                    colour,
                    code,
                    *_unscored(r, opponent, code, entrants, late, scheduled),
                )
            )
        )
    return out


def _unscored(
    r: int,
    opponent: int | None,
    code: str,
    entrants: Mapping[int, _Entrant],
    late: bool,
    scheduled: int,
) -> tuple[Fraction | None, str]:
    """Why round ``r``'s cell is no game that counts as it stands (not a
    result of 1, ½ or 0 against an entrant, or one played after a match
    was decided), and the score it has all the same (a late default)."""
    if code == UNREADABLE:
        return None, "unreadable result"
    if opponent is None or code in _BYE_CODES:
        return None, _NOT_RATED.get(code, "not paired")
    if opponent not in entrants:
        return None, f"opponent {opponent} is not in the file"
    if code in _SCORES:
        return None, "played after the match was decided"
    if code == _BLANK:
        return None, "no result"
    if code == _FORFEIT_LOSS and late and r > scheduled // 2:
        # CHESSA "50% Rule" 7: a default after half the rounds is a loss
        # for the defaulter only.
        return _ZERO, "late default: rated as a loss for the defaulter"
    return None, _NOT_RATED.get(code, "not played")


@attrs.define
class _Context:
    t: Tournament
    ev: Event
    rules: RuleSet
    cls: RateClass
    entrants: dict[int, _Entrant]
    k: dict[int, int]
    notes: list[str]
    ratings: dict[int | None, int | None] = attrs.field(init=False)
    rated: dict[int | None, int] = attrs.field(init=False)
    """The rated entrants' ratings."""
    no_match: bool = attrs.field(init=False)
    """2009 §6.6, 2024 §6, R&B §5.1: a match with an unrated player is not rated."""

    too_fast: tuple[Fraction, int] | None = attrs.field(init=False)
    """(minutes for 60 moves, the least rating of a game they cannot rate):
    2014+ §1.1, a standard game too fast for its higher-rated player is not
    rated; the least rating is 0 when no game of the event can be
    (:attr:`fast_event`); ``None`` when every game's rate of play is enough."""
    fast_event: Problem | None = attrs.field(init=False)
    """Why no game of the event can be rated at its rate of play
    (:func:`event_rate_of_play_problem`, :func:`time_odds_problem`), or
    ``None``."""
    rated_below: dict[int | None, int] = attrs.field(init=False)
    """The rated entrants whose games the event's rate of play can rate
    (:attr:`too_fast`): all of :attr:`rated` when it rates every game."""
    span: int = attrs.field(init=False)
    """The largest D two entrants' ratings can make: the size of the We and
    PD lists (:func:`_we100_by_d`), 9999 unless ratings of more than four
    digits (or below 0) were given."""
    after: int | None = attrs.field(init=False)
    """The round from which a match's games are not rated, having been
    played after it was decided (``None``: every round)."""
    _derived_k: dict[tuple[int, object], tuple[int, bool, str]] = attrs.field(
        init=False, factory=dict
    )
    _k_thresholds: tuple[int, ...] = attrs.field(init=False)
    """Every rating at which :func:`calc.derive_k` may answer differently."""

    def __attrs_post_init__(self) -> None:
        self.ratings = {sr: e.rating for sr, e in self.entrants.items()}
        self.rated = {sr: r for sr, r in self.ratings.items() if r is not None}
        self.no_match = (
            self.ev.type is TournamentType.MATCH
            and self.rules.match_unrated_not_rated
            and any(r is None for r in self.ratings.values())
        )
        rated = list(filter(None, self.ratings.values()))
        self.too_fast, self.fast_event = _too_fast(
            self.ev, self.rules, max(rated) if rated else None
        )
        least = self.too_fast[1] if self.too_fast is not None else None
        self.rated_below = (
            self.rated if least is None else {sr: r for sr, r in self.rated.items() if r < least}
        )
        self.span = max(_MOST_D, max(rated, default=0) - min(rated, default=0))
        decided = match_decided_round(self.t) if self.ev.type is TournamentType.MATCH else None
        self.after = None if self.rules.match_games_after_decision_rated else decided
        rs = self.rules
        self._k_thresholds = tuple(
            sorted(
                {t for t, _ in rs.k.by_rating or ()}
                | ({rs.k.junior[1]} if rs.k.junior is not None else set())
            )
        )

    @property
    def year(self) -> int | None:
        start = self.ev.start
        return start.year if start else None

    def score(self, e: _Entrant) -> Fraction:
        points = e.player.points
        if points is not None:
            return _decimal_fraction(points)
        return sum((c.score or Fraction(0) for c in e.cells), Fraction(0))

    def k_of(self, e: _Entrant, n: int) -> tuple[int, bool, str]:
        """K, whether it is assumed, and why (before and after K × n ≤ 700)."""
        given = self.k.get(e.player.start_rank) if self.k else None
        rating = e.rating or 0
        if given is None and e.listed is None:
            # Derived from the file alone: the same for every rating between
            # two of the rule set's thresholds and the same birth year, so
            # asked once per such pair (a report has thousands of players).
            born = e.player.birth_date
            # 2014's junior K ends on the birthday: the whole date matters.
            key = (
                bisect_right(self._k_thresholds, rating),
                born.date if self.rules.k.junior_until_birthday else born.year,
            )
            found = self._derived_k.get(key)
            if found is None:
                found = self._derived_k[key] = self._base_k(e, rating, None)
        else:
            found = self._base_k(e, rating, given)
        k, assumed, why = found
        cap = self.rules.k.games_cap
        if cap is None or k * n <= cap:
            return found
        capped, why = capped_k(self.rules, k, n, why)
        return capped, assumed, why

    def _base_k(self, e: _Entrant, rating: int, given: int | None) -> tuple[int, bool, str]:
        return base_k(
            self.rules,
            self.cls,
            rating,
            listed=e.listed,
            birth_year=e.player.birth_date.year,
            year=self.year,
            given=given,
            birth_date=e.player.birth_date.date,
            start=self.ev.start,
        )

    def rating_of(self, start_rank: int | None) -> int | None:
        return self.ratings.get(start_rank)


def base_k(
    rules: RuleSet,
    cls: RateClass,
    rating: int,
    *,
    listed: ListedPlayer | None,
    birth_year: int | None,
    year: int | None,
    given: int | None = None,
    birth_date: datetime.date | None = None,
    start: datetime.date | None = None,
) -> tuple[int, bool, str]:
    """A rated player's K before any cap on K × n, whether it is assumed,
    and why: ``given`` (``--k``) wins, then the players' list, then what
    the file suggests (:func:`calc.derive_k`; the list's birth year wins
    over the file's)."""
    if given is not None:
        return given, False, "given"
    if listed is not None and list_rating(listed, cls)[1]:
        return list_rating(listed, cls)[1] or 0, False, "players' list"
    birth = listed.birth_year if listed else birth_year
    if listed is not None and birth_date is not None and birth_date.year != birth:
        birth_date = None  # the list's birth year wins; the file's day is another's
    k, why = calc.derive_k(
        rules,
        rating,
        birth_year=birth,
        year=year,
        rate_class=cls,
        birth_date=birth_date,
        start=start,
    )
    return k, True, why


def capped_k(rules: RuleSet, k: int, n: int, why: str) -> tuple[int, str]:
    """K after K × n ≤ 700 (2022+ §8.3.3, R&B §7.3.3) for ``n`` games, and
    ``why`` with the reduction said."""
    capped = calc.cap_k(k, n, rules.k.games_cap)
    if capped != k:
        why += f"; {k} × {n} games > {rules.k.games_cap}: K {capped}"
    return capped, why


# -- FIDE ------------------------------------------------------------------


def _rate_fide(ctx: _Context) -> tuple[list[PlayerRating], RoundRobinRating | None]:
    rs, ev = ctx.rules, ctx.ev
    unrated = [e for e in ctx.entrants.values() if e.rating is None]
    some_rated = len(unrated) < len(ctx.entrants)
    # The type first: _met makes every entrant's cells, which a Swiss's
    # plain path (_plain_swiss) never makes.
    if (
        ev.type is TournamentType.ROUND_ROBIN
        and ctx.too_fast is None  # the method rates every game (§8.21b)
        and round_robin_method(
            rs, ev.type, _met(ctx), {sr for sr, e in ctx.entrants.items() if e.rating is not None}
        )
    ):
        return _rate_round_robin(ctx)
    if (
        ctx.too_fast is not None
        and rs.round_robin_iteration
        and unrated
        and some_rated
        and ev.type is TournamentType.ROUND_ROBIN
    ):
        # Some games cannot be rated (§1.1): the round-robin method, which
        # rates every game, does not apply; each game is rated as in a Swiss.
        if ctx.fast_event is None:
            ctx.notes.append(
                "a round robin with games too fast to be rated is rated as a Swiss, game by game"
            )
    elif (
        rs.round_robin_iteration
        and unrated
        and some_rated
        and ev.type is TournamentType.ROUND_ROBIN
    ):
        section = "§6.43"
        ctx.notes.append(
            _DOUBLE_NOTE.format(rs.reference)
            if _all_played_twice(ctx)
            else f"a round robin with unplayed games is rated as a Swiss ({rs.reference} {section})"
        )
    elif (
        rs.round_robin_iteration
        and unrated
        and some_rated
        and ev.type is TournamentType.DOUBLE_ROUND_ROBIN
    ):
        ctx.notes.append(_DOUBLE_NOTE.format(rs.reference))
    if rs.expected_score_per_game:
        return _plain_swiss(ctx), None
    out = []
    for e in ctx.entrants.values():
        if e.rating is None:
            out.append(_swiss_newcomer(ctx, e))
        else:
            out.append(_swiss_rated_2002(ctx, e, e.rating))
    return out, None


def _too_fast(
    ev: Event, rules: RuleSet, top: int | None
) -> tuple[tuple[Fraction, int] | None, Problem | None]:
    """The event's minutes for 60 moves and the least rating whose games they
    cannot rate, when some game may be too fast, and why no game can be when
    that is so; ``top`` is the highest rating of the event's rated players.

    The rules are the check's (R101), from :mod:`trfkit.rating.eligibility`:
    players with different times (R&B 2024 §1.2), a rate in none of a
    rapid/blitz or national rule set's classes (R&B 2024 §1.1), below every
    standard minimum (2009 §1.2), or too fast for the tournament's
    highest-rated player where he sets every game's minimum (2002 §1.11,
    2009 §1.1, fide-2014's reading) leave no game rated, the least rating 0;
    otherwise, from 2017 (§1.1), a game too fast for its higher-rated player
    (:func:`rate_of_play_problem`)."""
    tc = ev.time_control
    if tc is None:
        return None, None
    minutes = tc.minutes_for(60)
    event = time_odds_problem(rules, tc.time_odds) or event_rate_of_play_problem(
        rules, minutes, top
    )
    if event is not None:
        return (minutes, 0), event
    thresholds = rules.rate_of_play.standard_minimum_minutes
    if not thresholds or rules.family is not Family.STANDARD:
        return None, None
    if rules.rate_of_play.threshold_scope is not Scope.GAME or top is None:
        return None, None
    if rate_of_play_problem(rules, minutes, top) is None:
        return None, None
    return (minutes, min(r for r, m in thresholds if minutes < m)), None


def _rate_of_play_section(rules: RuleSet) -> str:
    """The citation of the rate-of-play rule, as R101 gives it."""
    return f"{rules.reference} {rules.sections.get('R101', '§1.1')}"


def _too_fast_reason(ctx: _Context, own: int | None, opp: int) -> str | None:
    """Why a game against ``opp`` is too fast to be rated (§1.1), or
    ``None``; ``own`` is ``None`` for a newcomer."""
    assert ctx.too_fast is not None
    fast = ctx.fast_event
    if fast is None:
        top = opp if own is None or own < opp else own
        fast = rate_of_play_problem(ctx.rules, ctx.too_fast[0], top)
    return None if fast is None else f"{fast.text} ({_rate_of_play_section(ctx.rules)})"


def _why_not(ctx: _Context, e: _Entrant, c: _Cell, opp: int | None) -> str | None:
    """Why a cell does not count, or ``None`` when it does (the games of a
    rated player count against rated opponents only; so do a newcomer's
    under FIDE's rules)."""
    if c.score is None:
        return c.reason or "not played"
    if ctx.no_match:
        return "a match with an unrated player is not rated"
    if opp is None:
        return "opponent unrated: not rated"
    if ctx.too_fast is not None:
        fast = _too_fast_reason(ctx, e.rating, opp)
        if fast is not None:
            return fast
    if e.rating is not None:
        gap = rating_gap_problem(ctx.rules, e.rating, opp)
        return gap.text if gap is not None else None
    return None


def _counted(ctx: _Context, e: _Entrant) -> list[tuple[_Cell, int | None, str | None]]:
    """Each cell with the opponent's rating where the game counts, else
    ``None`` and the reason."""
    out: list[tuple[_Cell, int | None, str | None]] = []
    for c in e.cells:
        opp = ctx.ratings.get(c.opponent)
        why = _why_not(ctx, e, c, opp)
        out.append((c, None, why) if why else (c, opp, c.reason))
    return out


def _rated_game(c: _Cell, opp: int, d: calc.Difference, pd: Fraction) -> GameRating:
    """A game that counts, with its D and PD."""
    return GameRating(
        c.round, c.opponent, opp, c.colour, c.result, c.score, True, c.reason,
        d.used, d.raw, d.capped, pd,
    )  # fmt: skip


def _skip(c: _Cell, reason: str | None) -> GameRating:
    return _game(
        (
            c.round,
            c.opponent,
            None,
            c.colour,
            c.result,
            None,
            False,
            reason,
            None,
            None,
            False,
            None,
        )
    )


def _gap_notes(ctx: _Context, e: _Entrant, own: int) -> tuple[str, ...]:
    """The rounds the 600-point rule leaves unrated (R&B 2024, amended
    2024-12-01), each named with the rule's sentence: Form 3 leaves J blank
    for them as for an unrated opponent, so the report must say why."""
    if ctx.no_match:  # the whole match is unrated, said once for the report
        return ()
    out = []
    for c in e.cells:
        opp = ctx.ratings.get(c.opponent) if c.score is not None else None
        gap = rating_gap_problem(ctx.rules, own, opp) if opp is not None else None
        if gap is not None:
            out.append(f"round {c.round}: {gap.text}")
    return tuple(out)


# W in halves of the results that score a rated game (_HALVES without the
# late default "-").
_RESULT_HALVES = {code: _HALVES[code] for code in _SCORES}
_SCORING = frozenset(_SCORES)
_WIN, _DRAW = Result.WIN.value, Result.DRAW.value


_LAST_D = len(H100_BY_D) - 1
"""The D from which the table's last row applies (736)."""

_MOST_D = 9999
"""The largest D of the We and PD lists (:func:`_we100_by_d`) for ratings
of four digits, as a TRF has; :attr:`_Context.span` widens them for others."""

_MATCH_NOT_RATED = "a match with an unrated player is not rated"


@cache
def _we100_by_d(most: int | None, least: int | None, span: int = _MOST_D) -> list[int]:
    """We in hundredths for each D from -``span`` to ``span``, D clamped to
    [``least``, ``most``] first, indexed by D itself: a negative D reads from
    the end, as Python indexes lists, so the loop over every game of a
    rating run does one list lookup (no call, no range test)."""

    def h100(d: int) -> int:
        used = d if most is None or d <= most else most
        used = used if least is None or used >= least else least
        return H100_BY_D[min(used, _LAST_D)] if used >= 0 else 100 - H100_BY_D[min(-used, _LAST_D)]

    # Beyond ±736 every D reads the last row (or the cap's value).
    beyond = span - _LAST_D
    upward = [h100(d) for d in range(_LAST_D + 1)] + [h100(_LAST_D + 1)] * beyond
    downward = [h100(-_LAST_D - 1)] * beyond + [h100(d) for d in range(-_LAST_D, 0)]
    return upward + downward


def _plain_swiss(ctx: _Context) -> list[PlayerRating]:
    """Every player of an event rated game by game (2009 §8.5, 2024 §8.3,
    R&B §7.3): the one per-game path of the package, one loop with its
    lookups hoisted.

    A rated player's N, the sum of his opponents' ratings, W in halves and
    We in hundredths are read straight from the file's cells: the games that
    count are those with a result of 1, ½ or 0 against a rated entrant (in a
    match, before it was decided and not with an unrated player; under a
    rating-gap rule, not across the gap). His game records are made only
    when someone reads them (:class:`LazyGames`), by :func:`_plain_records`,
    so a rating server that wants N, W, We and the change does not pay for
    Form 3's grid. tests/rating_reference.py rates every game from the
    rating's own view of each round; tests/test_rating_paths.py holds this
    path to it.
    """
    rs = ctx.rules
    # 2009 §6.6, 2024 §6, R&B §5.1: a match with an unrated player is not
    # rated: no game counts.
    none_rated: dict[int | None, int] = {}
    rating_of = none_rated.get if ctx.no_match else ctx.rated_below.get
    # 2014+ §1.1 (ctx.too_fast): a player rated at or above the least rating
    # the rate of play cannot rate has no game that counts; the others' games
    # count against ctx.rated_below only.
    fast_from = ctx.too_fast[1] if ctx.too_fast is not None else None
    # R&B 2024, amended 2024-12-01: no game across the rating gap counts.
    gapped = rs.rating_gap_limit is not None
    halves_of = _RESULT_HALVES.get
    scoring = _SCORING
    once = rs.difference_cap.once_per_event
    span = ctx.span
    last = None if ctx.after is None else ctx.after - 1  # the rounds a match rates
    # The cap's bounds (calc.cap_bounds) differ only between players below
    # and at or above the rating exempt from it (2025-10-01: 2650+), so
    # each side's bounds and We list are found once, keyed by that side.
    exempt = rs.difference_cap.exempt_rating
    sides: dict[bool, tuple[int | None, list[int]]] = {}
    out: list[PlayerRating] = []
    append = out.append
    for e in ctx.entrants.values():
        own = e.rating
        if own is None:
            append(_swiss_newcomer(ctx, e))
            continue
        side = exempt is not None and own >= exempt
        found = sides.get(side)
        if found is None:
            most, least = calc.cap_bounds(own, rs)
            # 2022 §8.3.1: the cap benefits the higher-rated player in the
            # one game with the largest gap; add every game uncapped, then
            # cap that one (below).
            top = calc.cap_bounds(own, rs, cap_benefit=False)[0] if once else most
            found = sides[side] = (most, _we100_by_d(top, least, span))
        most, we_at = found
        total = we100 = uncounted = skipped = 0
        lowest = own  # the lowest-rated opponent: the largest D (0 at least)
        opponents, _, results = e.player.cells()
        if last is not None:
            opponents, results = opponents[:last], results[:last]
        counts = none_rated.get if fast_from is not None and own >= fast_from else rating_of
        for o, code in zip(opponents, results, strict=True):
            opp = counts(o)
            if (
                opp is None
                or code not in scoring
                or (gapped and rating_gap_problem(rs, own, opp) is not None)
            ):
                uncounted += halves_of(code, 0)
                skipped += 1
                continue
            we100 += we_at[own - opp]
            total += opp
            if opp < lowest:
                lowest = opp
        n = len(results) - skipped
        largest = own - lowest
        # W: every 1 and ½ of the line, less those against no rated opponent.
        halves = 2 * results.count(_WIN) + results.count(_DRAW) - uncounted
        if once and most is not None and largest > most:
            # we_at is uncapped here: the largest gap's D becomes the cap.
            we100 += we_at[most] - we_at[largest]
        games = LazyGames(_plain_records, ctx, e, own)
        notes = _gap_notes(ctx, e, own) if gapped else ()
        if n:
            # Rc: not through _fraction's cache; sums of ratings seldom recur.
            append(_rated_line(ctx, e, games, n, Fraction(total, n), halves, we100, notes=notes))
        else:
            append(_rated_line(ctx, e, games, 0, None, 0, None, notes=notes))
    return out


def _rated_opponents(ctx: _Context, p: Player) -> tuple[list[int], int]:
    """The ratings of the rated opponents of ``p``'s games that can count
    (a result of 1, ½ or 0; in a match, before it was decided and not with
    an unrated player), and his score in them in halves: a newcomer's
    figures on :func:`_plain_swiss`'s path."""
    if ctx.no_match:
        return [], 0
    rating_of = ctx.rated_below.get
    halves_of = _RESULT_HALVES.get
    opponents: list[int] = []
    halves = 0
    cell_opponents, _, results = p.cells()
    if ctx.after is not None:
        cell_opponents, results = cell_opponents[: ctx.after - 1], results[: ctx.after - 1]
    for o, code in zip(cell_opponents, results, strict=True):
        opp = rating_of(o)
        if opp is None:
            continue
        h = halves_of(code)
        if h is not None:
            opponents.append(opp)
            halves += h
    return opponents, halves


@cache
def _pd_by_d(span: int = _MOST_D) -> list[Fraction]:
    """PD for each D from -``span`` to ``span`` (the cap applied first),
    indexed by D itself as :func:`_we100_by_d` is: the table's H column for
    D >= 0, its L column below (:func:`trfkit.rating.tables.expected_score`)."""
    # Beyond ±736 every D reads the last row.
    beyond = span - _LAST_D
    upward = [expected_score(d) for d in range(_LAST_D + 1)] + [
        expected_score(_LAST_D + 1)
    ] * beyond
    downward = [expected_score(-_LAST_D - 1)] * beyond + [
        expected_score(d) for d in range(-_LAST_D, 0)
    ]
    return upward + downward


_PD_BY_D = _pd_by_d()


def _not_counted(ctx: _Context, own: int | None, o: int | None) -> str | None:
    """Why a game with a score against entrant ``o`` does not count for a
    player rated ``own`` (``None``: unrated), in the order the rules are
    read: the match, the opponent's rating, the rate of play (2014+ §1.1),
    the rating gap (R&B 2024); ``None`` when it counts."""
    if ctx.no_match:
        return _MATCH_NOT_RATED
    opp = ctx.rated.get(o)
    if opp is None:
        return "opponent unrated: not rated"
    if ctx.too_fast is not None:
        fast = _too_fast_reason(ctx, own, opp)
        if fast is not None:
            return fast
    if own is not None:
        gap = rating_gap_problem(ctx.rules, own, opp)
        if gap is not None:
            return gap.text
    return None


def _plain_records(ctx: _Context, e: _Entrant, own: int | None) -> tuple[GameRating, ...]:
    """Each round of ``e`` as a record, on :func:`_plain_swiss`'s path, for
    a rated player (``own`` his rating) or a newcomer (``own=None``), read
    straight from the file's cells, without the rating's view of each round
    (:func:`_cells`). A report's grid reads 39,000 of them in a 3000-player,
    13-round Swiss; tests/test_rating_paths.py holds them to
    tests/rating_reference.py's.
    """
    rs = ctx.rules
    entrants = ctx.entrants
    below = ctx.rated_below
    if ctx.no_match or (ctx.too_fast is not None and own is not None and own >= ctx.too_fast[1]):
        below = {}  # the match, or 2014+ §1.1: none of his games can be rated
    rated = below.get
    gapped = own is not None and rs.rating_gap_limit is not None
    scores = _SCORES.get
    span = ctx.span
    pd_of = _PD_BY_D if span == _MOST_D else _pd_by_d(span)
    source = e.source
    assert source is not None
    late = rs.performance is not None and rs.performance.late_default_as_loss
    scheduled = source.scheduled
    after = ctx.after
    once, most, least = _record_bounds(rs, own, span)
    games: list[GameRating] = []
    append = games.append
    widest = benefit = -1
    opponents, colours, results = e.player.cells()
    for r, o, colour, code in zip(
        range(1, len(results) + 1), opponents, colours, results, strict=True
    ):
        score = scores(code) if after is None or r < after else None
        opp = rated(o)
        reason = None
        if score is None or opp is None or gapped:
            if score is None or o not in entrants:
                score, reason = _unscored(r, o, code, entrants, late, scheduled)
            why = None if score is None else _not_counted(ctx, own, o)
            if score is None or why is not None or opp is None:  # no game that counts
                append(_not_rated(r, o, colour, code, why or reason or "not played"))
                continue
            # else a late default: it counts, with its score and why
        if own is None:
            append(_game((r, o, opp, colour, code, score, True, reason, None, None, False, None)))
            continue
        d = own - opp
        # D clamped to the bounds of calc.cap_bounds, as calc.difference does.
        used = most if d > most else least if d < least else d
        if once and d >= widest:
            widest, benefit = d, len(games)
        append(
            _game((r, o, opp, colour, code, score, True, reason, used, d, used != d, pd_of[used]))
        )
    if once and own is not None:
        _cap_widest(games, calc.cap_bounds(own, rs)[0], widest, benefit, pd_of)
    return tuple(games)


def _cap_widest(
    games: list[GameRating], top: int | None, widest: int, benefit: int, pd_of: list[Fraction]
) -> None:
    """2022 §8.3.1: the game with the largest gap (``games[benefit]``, the
    last of equal ones; ``widest`` its D) is the one capped at ``top``."""
    if top is not None and widest > top:
        g = games[benefit]
        games[benefit] = g._replace(d=top, capped=True, pd=pd_of[top])


def _not_rated(r: int, o: int | None, colour: str, code: str, reason: str) -> GameRating:
    """Round ``r``'s record when it is no game that counts."""
    return _game((r, o, None, colour, code, None, False, reason, None, None, False, None))


def _record_bounds(rs: RuleSet, own: int | None, span: int) -> tuple[bool, int, int]:
    """For :func:`_plain_records`: whether the cap benefits one game only,
    and the bounds D is clamped to (a newcomer's games have no D)."""
    if own is None:
        return False, 0, 0
    once = rs.difference_cap.once_per_event
    # 2022 §8.3.1: the cap benefits the higher-rated player in one game
    # only (found by the caller); every game is first made without it.
    high, low = calc.cap_bounds(own, rs, cap_benefit=not once)
    return once, span if high is None else high, -span if low is None else low


def _swiss_rated_2002(ctx: _Context, e: _Entrant, own: int) -> PlayerRating:
    rs = ctx.rules
    cells = _counted(ctx, e)
    played = [(c, opp) for c, opp, _ in cells if opp is not None]
    n = len(played)
    w = Fraction(sum(_HALVES[c.result] for c, _ in played if c.score), 2)
    # 2002 §10.51-10.54: Rc over the opponents, each counted at most 350
    # from the player (docs/sources/regulations.md I-6: D = R − Rc); We = PD × n.
    games: list[GameRating] = []
    we = Fraction(0)
    rc: Fraction | None = None
    if n:
        used = [calc.counted_rating(own, opp, rs) for _, opp in played]
        rc = Fraction(calc.round_half_up(Fraction(sum(used), n)))
        we = expected_score(own - int(rc)) * n
    for c, opp, reason in cells:
        if opp is None:
            games.append(_skip(c, reason))
            continue
        u = calc.counted_rating(own, opp, rs)
        games.append(
            GameRating(
                c.round, c.opponent, opp, c.colour, c.result, c.score, True, reason,
                own - u, own - opp, u != opp, None,
            )
        )  # fmt: skip
    return _rated_line(ctx, e, tuple(games), n, rc, _halves(w), _hundredths(we) if n else None)


def _halves(w: Fraction) -> int:
    """A score (whole and half points) in halves."""
    return int(w * 2)


def _hundredths(x: Fraction) -> int:
    """A sum of table values (hundredths) as an integer."""
    value = x * 100
    assert value.denominator == 1, x
    return int(value)


# Bounded: a rating server rates players without end, and an unbounded cache
# of every value ever seen would grow with it.
@lru_cache(maxsize=1 << 14)
def _decimal_fraction(value: Decimal) -> Fraction:
    return Fraction(value)


@lru_cache(maxsize=1 << 16)
def _fraction(numerator: int, denominator: int) -> Fraction:
    """Fraction(numerator, denominator), made once per value: a report has
    thousands of players but few distinct scores and expected scores."""
    return Fraction(numerator, denominator)


def _rated_line(
    ctx: _Context,
    e: _Entrant,
    games: tuple[GameRating, ...] | LazyGames,
    n: int,
    rc: Fraction | None,
    halves: int,
    we100: int | None,
    *,
    performance: int | None = None,
    notes: tuple[str, ...] = (),
) -> PlayerRating:
    """A rated player's line; W in halves and We in hundredths, exact;
    ``notes`` are added to the player's own.

    Called once per rated player: PlayerRating's fields are given by
    position (attrs' frozen ``__init__`` takes twice as long by keyword);
    tests/test_rating_paths.py fails when the fields change.
    """
    own = e.rating
    assert own is not None
    k, assumed, why = ctx.k_of(e, n)
    if we100 is None:
        we = change = None
        new_rating = own
    else:
        we = _fraction(we100, 100)
        hundredths = k * (50 * halves - we100)  # K × (W − We), in hundredths
        change = _fraction(hundredths, 100)
        new_rating = calc.new_rating_of(own, hundredths, 100, ctx.rules)
    p = e.player
    title = p.title
    return build_player_rating(
        p.start_rank, p.name, p.fide_id or None, p.federation,  # id 0: none, as the forms read it
        title._value_ if title is not None else "", p.rank or None,  # rank 0: none (TRF16 §2.2)
        own, e.rating_source, ctx.score(e), n, rc, _fraction(halves, 2), we, k, assumed, why,
        change, new_rating, None, performance, None, games, (*e.notes, *notes) if notes else e.notes,
        e.from_list,
    )  # fmt: skip


def _num(x: Fraction) -> str:
    return f"{float(x):g}"


def _newcomer_line(
    ctx: _Context,
    e: _Entrant,
    games: tuple[GameRating, ...] | LazyGames,
    newcomer: Newcomer,
    rc: Fraction | None,
    *,
    performance: int | None = None,
    notes: Iterable[str] = (),
) -> PlayerRating:
    """An unrated player's line (fields by position, as in :func:`_rated_line`)."""
    p = e.player
    title = p.title
    return build_player_rating(
        p.start_rank, p.name, p.fide_id or None, p.federation,  # id 0: none
        title._value_ if title is not None else "", p.rank or None, None,  # rank 0: none
        e.rating_source, ctx.score(e), newcomer.n, rc, newcomer.w, None, None, False, "", None,
        None, newcomer.ru if newcomer.counts else None, performance, newcomer, games,
        (*e.notes, *notes), e.from_list,
    )  # fmt: skip


def _swiss_newcomer(ctx: _Context, e: _Entrant) -> PlayerRating:
    """An unrated player in a Swiss: his games against rated opponents,
    read as :func:`_plain_swiss` reads a rated player's."""
    opponents, halves = _rated_opponents(ctx, e.player)
    games = LazyGames(_plain_records, ctx, e, None)
    n = len(opponents)
    w = _fraction(halves, 2)
    rc = _fraction(sum(opponents), n) if n else None
    nc = newcomer_performance(ctx.rules, opponents, w)
    if ctx.fast_event is not None:
        # No game of the event is rated: say why once more where the
        # newcomers' table gives his reason (the notes say it in full).
        nc = attrs.evolve(nc, reason="no game counts: the rate of play (see the notes)")
    return _newcomer_line(ctx, e, games, nc, rc)


def newcomer_performance(
    rs: RuleSet, opponents: list[int], w: Fraction, *, round_robin: tuple[int, int] | None = None
) -> Newcomer:
    """A newcomer's performance; ``round_robin`` = (Ra or Rc(new), n)."""
    n = round_robin[1] if round_robin else len(opponents)
    first = first_event_problem(rs, n if not round_robin else len(opponents), w)
    problem = first.text if first is not None else None
    if n == 0:
        return Newcomer(None, 0, w, None, None, None, None, counts=False, reason="no game counts")
    if round_robin:
        ra, p, dp, ru_raw = calc.first_rating(rs, [round_robin[0]], w, round_robin_n=n)
    else:
        ra, p, dp, ru_raw = calc.first_rating(rs, opponents, w)
    hypothetical = rs.first_rating.hypothetical[0] if rs.first_rating.hypothetical else 0
    if p is not None and dp is None:
        # A score of 0 (or all) where the table has no dp: no performance
        # exists, so Ru is left blank rather than shown as Ra.
        problem = (
            problem or f"a score of {_num(w)}/{n}: p is {_num(p)}, for which the table has no dp"
        )
        return build_newcomer(
            ra, n, w, p, None, None, None, hypothetical, False, False,
            f"this event is disregarded: {problem}; no Ru", None, None,
        )  # fmt: skip
    ru_uncapped = calc.round_half_up(ru_raw)
    ru = min(ru_uncapped, rs.first_rating.ceiling) if rs.first_rating.ceiling else ru_uncapped
    unpublished = first_rating_problem(rs, n, ru)
    publishable, why = unpublished is None, unpublished.text if unpublished else ""
    if problem:
        publishable, why = False, f"this event is disregarded: {problem}"
    # By position (a big Swiss has hundreds of newcomers): ra, n, w, p, dp,
    # ru, ru_uncapped, hypothetical, counts, publishable, reason, ru_first, rc_new.
    return build_newcomer(
        ra,
        n,
        w,
        p,
        dp,
        ru,
        ru_uncapped,
        hypothetical,
        problem is None,
        publishable,
        why,
        None,
        None,
    )


# -- round robins, 2002 and 2009 --------------------------------------------


def _met(ctx: _Context) -> dict[int, list[int]]:
    """The opponents each entrant met over the board."""
    return {
        sr: [c.opponent for c in e.cells if c.score is not None and c.opponent is not None]
        for sr, e in ctx.entrants.items()
    }


def _all_played_twice(ctx: _Context) -> bool:
    """Every pair met twice over the board: a double round robin."""
    n = len(ctx.entrants)
    for e in ctx.entrants.values():
        met = Counter(c.opponent for c in e.cells if c.score is not None and c.opponent is not None)
        if len(met) != n - 1 or set(met.values()) != {2}:
            return False
    return True


_DOUBLE_NOTE = (
    "a double round robin with unrated players is rated as a Swiss: games against "
    "unrated players are not rated ({}: the round-robin method for unrated players "
    "is printed for a single round robin; its use in a double round robin is not "
    "modelled)"
)


def _rate_round_robin(ctx: _Context) -> tuple[list[PlayerRating], RoundRobinRating]:
    """2002 §10.21b/§10.51/§10.57 and 2009 §8.21b/§8.58, as printed: one
    iteration step (docs/sources/regulations.md I-3, Q3), the cap also between unrated
    players (2002 applies it so; 2009 does not say)."""
    rs = ctx.rules
    entrants = list(ctx.entrants.values())
    n = len(entrants) - 1
    rated = [e for e in entrants if e.rating is not None]
    unrated = [e for e in entrants if e.rating is None]
    w = {
        e.player.start_rank: sum((c.score or Fraction(0) for c in e.cells), Fraction(0))
        for e in entrants
    }

    # (i)-(iii): Rar, each rated player's dp, dpa, Ra.
    rar = Fraction(sum(e.rating or 0 for e in rated), len(rated))
    dps = []
    for e in rated:
        p = calc.round_p(w[e.player.start_rank] / n)
        # 2009 §8.1: 0 and 1.0 count notionally as ∓800.
        dps.append(800 if p == 1 else -800 if p == 0 else rating_difference(p))
    dpa = Fraction(sum(dps), len(dps))
    ra = calc.round_half_up(rar - dpa * Fraction(n, n + 1))
    rr = RoundRobinRating(rar, dpa, n, ra)

    first: dict[int, Newcomer] = {
        e.player.start_rank: newcomer_performance(
            rs, [], w[e.player.start_rank], round_robin=(ra, n)
        )
        for e in unrated
    }
    ru1 = {sr: nc.ru_uncapped or ra for sr, nc in first.items()}

    def rating1(sr: int | None) -> int:
        if sr is None:
            return 0
        r = ctx.rating_of(sr)
        return r if r is not None else ru1[sr]

    def adjustment(own: int, e: _Entrant) -> Fraction:
        """Σ (opponent counted within the cap − opponent) / n."""
        total = 0
        for c in e.cells:
            if c.score is None:  # a bye or an unplayed round: no opponent counts
                continue
            opp = rating1(c.opponent)
            total += calc.counted_rating(own, opp, rs) - opp
        return Fraction(total, n)

    # Rc(new) and Ru(new) of the unrated players: one step.
    ru2: dict[int, int] = {}
    newcomers: dict[int, Newcomer] = {}
    for e in unrated:
        sr = e.player.start_rank
        rc_new = calc.round_half_up(ra + adjustment(ru1[sr], e))
        nc = newcomer_performance(
            rs,
            [r for r in (ctx.rating_of(c.opponent) for c in e.cells) if r],
            w[sr],
            round_robin=(rc_new, n),
        )
        newcomers[sr] = attrs.evolve(nc, ra=Fraction(ra), ru_first=ru1[sr], rc_new=rc_new)
        ru2[sr] = nc.ru_uncapped or rc_new

    out: list[PlayerRating] = []
    for e in unrated:
        sr = e.player.start_rank
        games = [
            GameRating(
                c.round,
                c.opponent,
                rating1(c.opponent),
                c.colour,
                c.result,
                c.score,
                True,
                c.reason,
            )
            if c.score is not None
            else _skip(c, c.reason)
            for c in e.cells
        ]
        out.append(
            _newcomer_line(
                ctx, e, tuple(games), newcomers[sr], Fraction(newcomers[sr].rc_new or ra)
            )
        )

    for e in rated:
        own = e.rating or 0
        sr = e.player.start_rank
        if rs.expected_score_per_game:
            games, rc, we = _games_against_ru_new(ctx, e, n, ru2)
        else:
            rc = Fraction(calc.round_half_up(Fraction(ra * (n + 1) - own, n) + adjustment(own, e)))
            games, we = _games_against_ra(ctx, e, n, rc, rating1)
        out.append(_rated_line(ctx, e, tuple(games), n, rc, _halves(w[sr]), _hundredths(we)))
    return out, rr


def _games_against_ru_new(
    ctx: _Context, e: _Entrant, n: int, ru2: dict[int, int]
) -> tuple[list[GameRating], Fraction, Fraction]:
    """2009 §8.58: "ΔR for each game is determined using Ru(new)": each game
    rated against its opponent, an unrated one at his Ru(new); with Rc and
    the expected score."""
    own = e.rating or 0
    games: list[GameRating] = []
    we = Fraction(0)
    opps = []
    for c in e.cells:
        if c.score is None:
            games.append(_skip(c, c.reason))
            continue
        opp = ctx.rating_of(c.opponent)
        opp = opp if opp is not None else ru2[c.opponent or 0]
        opps.append(opp)
        d = calc.difference(own, opp, ctx.rules)
        pd = expected_score(d.used)
        we += pd
        games.append(_rated_game(c, opp, d, pd))
    return games, Fraction(sum(opps), n), we


def _games_against_ra(
    ctx: _Context, e: _Entrant, n: int, rc: Fraction, rating1: Callable[[int | None], int]
) -> tuple[list[GameRating], Fraction]:
    """2002 §10.51: Rc = (Ra(n+1) − R)/n, each opponent within 350; the
    expected score is Rc's, n games of it."""
    own = e.rating or 0
    we = expected_score(own - int(rc)) * n
    games: list[GameRating] = []
    for c in e.cells:
        if c.score is None:
            games.append(_skip(c, c.reason))
            continue
        opp = rating1(c.opponent)
        u = calc.counted_rating(own, opp, ctx.rules)
        games.append(
            GameRating(
                c.round, c.opponent, opp, c.colour, c.result, c.score, True, c.reason,
                own - u, own - opp, u != opp, None,
            )
        )  # fmt: skip
    return games, we


# -- CHESSA -------------------------------------------------------------------


def _section_kind(ctx: _Context) -> str | None:
    """CHESSA counts games against unrated players for rated players only in
    u8, u10 and beginner sections: a beginner section has at least 67%
    unrated players; u8/u10 is read from birth years (age = year − birth
    year, "Calculation of age group").

    The age group is asked first: a section of unrated u8 players is also a
    beginner section, and "How unrated players will be treated" 2 gives it
    500, not the beginners' 600."""
    entrants = list(ctx.entrants.values())
    year = ctx.year
    ages = [calc.age_in(year, e.player.birth_date.year) for e in entrants]
    if year and ages and all(a is not None for a in ages):
        oldest = max(a for a in ages if a is not None)
        if oldest <= 8:
            return "u8"
        if oldest <= 10:
            return "u10"
    unrated = sum(1 for e in entrants if e.rating is None)
    if entrants and unrated * 100 >= 67 * len(entrants):
        return "beginner"
    return None


class _ChessaGames(NamedTuple):
    """A player's games as the CHESSA section rates them."""

    games: tuple[GameRating, ...]
    opponents: list[int]
    points: Fraction
    expected: Fraction
    played: int


def _chessa_unrated(
    ctx: _Context, kind: str | None, rated: list[_Entrant], unrated: list[_Entrant]
) -> tuple[dict[int, int], dict[int, int | None]]:
    """CHESSA steps 5-6 (docs/sources/regulations.md I-13): the unrated
    players' floor, their temporary ratings against it, then the published
    performances against the temporary ones; by starting rank."""
    rs = ctx.rules
    all_unrated = (rs.performance_rules.unrated_floor_all_unrated or {}).get(kind or "u10")
    floor_value = calc.chessa_floor(
        [e.rating or 0 for e in rated], len(unrated), all_unrated=all_unrated
    )
    ctx.notes.append(f"unrated players' floor: {floor_value}")

    def perf(e: _Entrant, others: Mapping[int, int]) -> int | None:
        opps, score = [], Fraction(0)
        for c in e.cells:
            if c.score is None or c.opponent is None or c.reason:
                continue
            opp = ctx.rating_of(c.opponent)
            opps.append(opp if opp is not None else others[c.opponent])
            score += c.score
        return calc.performance(opps, score, own=floor_value or 0, floor=rs.rating_floor)

    floors = {e.player.start_rank: floor_value for e in unrated}
    temporary = {e.player.start_rank: perf(e, floors) or floor_value for e in unrated}
    final = {e.player.start_rank: perf(e, temporary) for e in unrated}
    return temporary, final


def _chessa_games(
    ctx: _Context,
    e: _Entrant,
    opp_rating: Callable[[int | None], int | None],
    fast_reason: str,
) -> _ChessaGames:
    """The games of ``e`` that count, each with its expected score for a
    rated player (an unrated one's count toward his performance only)."""
    own = e.rating
    games: list[GameRating] = []
    opps: list[int] = []
    w = we = Fraction(0)
    played = 0
    for c in e.cells:
        if c.score is not None and c.reason is None:
            played += 1
        opp = opp_rating(c.opponent) if c.score is not None and not fast_reason else None
        if opp is None:
            reason = (
                c.reason
                if c.score is None
                else fast_reason or "opponent unrated: not rated in this section"
            )
            games.append(_skip(c, reason))
            continue
        w += c.score or 0
        opps.append(opp)
        if own is None:
            games.append(
                GameRating(c.round, c.opponent, opp, c.colour, c.result, c.score, True, c.reason)
            )
            continue
        d = calc.difference(own, opp, ctx.rules)
        pd = expected_score(d.used)
        we += pd
        games.append(_rated_game(c, opp, d, pd))
    return _ChessaGames(tuple(games), opps, w, we, played)


def _chessa_newcomer(
    ctx: _Context,
    e: _Entrant,
    g: _ChessaGames,
    value: int | None,
    temporary: int | None,
) -> PlayerRating:
    """An unrated player's line: his performance against the temporary ratings."""
    n = len(g.opponents)
    rc = Fraction(sum(g.opponents), n) if n else None
    least = ctx.rules.unrated.min_games or 0
    nc = Newcomer(
        rc, n, g.points, None, None, value, value,
        counts=value is not None,
        publishable=n >= least and value is not None,
        reason="no game counts: the rate of play (see the notes)" if ctx.fast_event is not None
        else "" if n >= least else f"{n} game(s): a first rating needs {least}, pooled over events",
    )  # fmt: skip
    return _newcomer_line(
        ctx, e, g.games, nc, rc, performance=value, notes=(f"temporary rating {temporary}",),
    )  # fmt: skip


def _chessa_rated(
    ctx: _Context, e: _Entrant, g: _ChessaGames, rounds: int, half_up: int, top: Fraction
) -> PlayerRating:
    """A rated player's line, with CHESSA's two limits on the change: no gain
    for playing under half the rounds ("50% Rule" 6, not in team events), no
    loss for a joint winner where the rule set says so."""
    rs = ctx.rules
    own = e.rating
    assert own is not None
    n = len(g.opponents)
    rc = Fraction(sum(g.opponents), n) if n else None
    perf_value = (
        calc.performance(
            [x.opponent_rating or 0 for x in g.games if x.rated], g.points, own=own,
            floor=rs.rating_floor,
        )
        if g.played >= half_up and n
        else None
    )  # fmt: skip
    line = _rated_line(
        ctx, e, g.games, n, rc, _halves(g.points), _hundredths(g.expected) if n else None,
        performance=perf_value,
    )  # fmt: skip
    extra: list[str] = []
    change = line.change
    if (
        change is not None
        and change > 0
        and g.played < half_up
        # CHESSA "50% Rule" 6: not for team tournaments, a team league included.
        and ctx.ev.type is not TournamentType.TEAM
        and not (ctx.ev.type is TournamentType.LEAGUE and ctx.t.teams)
    ):
        extra.append(f"played {g.played} of {rounds} rounds: gains need {half_up} (50% rule)")
        change = Fraction(0)
    if (
        change is not None
        and change < 0
        and rs.performance_rules.joint_winners_keep_rating
        and ctx.score(e) == top
    ):
        extra.append("joint first place: no rating loss")
        change = Fraction(0)
    if not extra:
        return line
    return attrs.evolve(
        line,
        change=change,
        new_rating=calc.new_rating(own, change or Fraction(0), rs),
        notes=(*line.notes, *extra),
    )


def _rate_chessa(ctx: _Context) -> list[PlayerRating]:
    """The CHESSA rating regulations: unrated players rated by a floor and
    temporary ratings (steps 5-6), games against them rated in the sections
    that say so, and the 50% and joint-winner rules."""
    rs = ctx.rules
    entrants = list(ctx.entrants.values())
    rated = [e for e in entrants if e.rating is not None]
    unrated = [e for e in entrants if e.rating is None]
    kind = _section_kind(ctx)
    rounds = ctx.t.number_of_rounds or max((len(e.cells) for e in entrants), default=0)
    if kind:
        ctx.notes.append(f"{kind} section: games against unrated players are rated")
    temporary: dict[int, int] = {}
    final: dict[int, int | None] = {}
    # A rate in none of the three classes ("Time Control" 2, as R101 says):
    # no game counts, and no unrated player has a performance.
    fast = ctx.fast_event
    fast_reason = f"{fast.text} ({_rate_of_play_section(rs)})" if fast is not None else ""
    if unrated and fast is None:
        temporary, final = _chessa_unrated(ctx, kind, rated, unrated)

    def opp_rating(sr: int | None, *, for_rated: bool) -> int | None:
        r = ctx.rating_of(sr)
        if r is not None or sr is None:
            return r
        if for_rated and kind is None:
            return None
        return temporary.get(sr)

    share = rs.performance_rules.gain_min_played or (1, 2)
    half_up = -(-rounds * share[0] // share[1])
    top = max((ctx.score(e) for e in entrants), default=Fraction(0))
    out: list[PlayerRating] = []
    for e in entrants:
        g = _chessa_games(ctx, e, partial(opp_rating, for_rated=e.rating is not None), fast_reason)
        if e.rating is None:
            sr = e.player.start_rank
            out.append(_chessa_newcomer(ctx, e, g, final.get(sr), temporary.get(sr)))
        else:
            out.append(_chessa_rated(ctx, e, g, rounds, half_up, top))
    return out
