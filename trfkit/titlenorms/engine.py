"""The norm engine: every player's verdict for GM, IM, WGM and WIM.

One pass collects each player's games over the board (the rest is left out
with its reason, B.01 2024 §1.4.2); a verdict then checks the edition's
requirements on those games, and under the 2024 rules searches the subsets
the player may choose (§1.4.1e/f) when the full set is no norm. A big open's
players are screened first with necessary conditions (enough games, titled
opponents, a performance within reach), so that only candidates are
evaluated in full; every verdict can still be read, worked out on demand.

Results are 1, ½, 0 whatever the event's own scoring (Form 4: "Score = 1,
½, 0"): the default :class:`trfkit.scoring.ScoringSystem` values them.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

from trfkit.event import TournamentType, event_of, event_rounds
from trfkit.model import Colour, Game, Player, Result, Sex, Tournament
from trfkit.rating.tables import performance_difference, rating_difference
from trfkit.rules.titles import (
    EXEMPTIONS,
    GAMES_EXCEPTIONS,
    NORM_TITLES,
    TITLE_HOLDERS,
    Method,
    TitleRuleSet,
    choose_title_rules,
    get_title_rules,
)
from trfkit.scoring import ScoringSystem
from trfkit.timecontrol import TimeControl
from trfkit.titlenorms.model import NormGame, NormReport, PlayerNorms, Requirement, Verdict

__all__ = ["EXEMPTIONS", "GAMES_EXCEPTIONS", "norms", "performance_percentage", "round_half_up"]

_HOST_ONLY = {"1.4.3a", "1.4.3b"}

_POINTS: dict[str, Decimal] = {
    r.value: ScoringSystem.default().points(Game(None, Colour.WHITE, r)) for r in Result
}
_HALVES: dict[str, int] = {r: int(2 * v) for r, v in _POINTS.items()}
_OVER_THE_BOARD = {Result.WIN.value, Result.DRAW.value, Result.LOSS.value}
_WHY = {
    Result.FORFEIT_WIN.value: "forfeit win: no game over the board (§1.4.2c)",
    Result.FORFEIT_LOSS.value: "forfeit loss: no game over the board (§1.4.2c)",
    Result.UNPLAYED_WIN.value: "win without a move (W): no game over the board (§1.4.2c)",
    Result.UNPLAYED_DRAW.value: "draw without a move (D): no game over the board (§1.4.2c)",
    Result.UNPLAYED_LOSS.value: "loss without a move (L): no game over the board (§1.4.2c)",
    Result.PAIRING_ALLOCATED_BYE.value: "pairing-allocated bye: no game",
    Result.FULL_POINT_BYE.value: "full-point bye: no game",
    Result.HALF_POINT_BYE.value: "half-point bye: no game",
    Result.ZERO_POINT_BYE.value: "zero-point bye: no game",
    Result.BLANK.value: "not paired: no game",
    "?": "unreadable result: not counted",
}
_EIGHT_OF_NINE = {Result.FORFEIT_WIN.value, Result.PAIRING_ALLOCATED_BYE.value}


def round_half_up(x: Fraction) -> int:
    """``x`` to the nearest whole number, .5 upward (B.01 2024 §1.4.7).

    >>> round_half_up(Fraction(4861, 2)), round_half_up(Fraction(-5, 2))
    (2431, -2)
    """
    return math.floor(x + Fraction(1, 2))


def performance_percentage(points: Fraction, games: int) -> int:
    """p in whole percent, 0.5% upward (B.01 2024 §1.4.8).

    >>> performance_percentage(Fraction(5), 9), performance_percentage(Fraction(15, 2), 11)
    (56, 68)
    """
    return round_half_up(points * 100 / games)


_DP: tuple[int, ...] = tuple(performance_difference(Fraction(k, 100)) for k in range(101))
"""dp of every whole percent 0-100 (B.01 2024 §1.4.9), from the one table."""


def _percent(halves: int, n: int) -> int:
    """:func:`performance_percentage` of ``halves`` half points in ``n`` games,
    in integers: floor(100·h/(2n) + ½) = floor((100·h + n) / (2n))."""
    return (100 * halves + n) // (2 * n)


def _average(total: int, n: int) -> int:
    """:func:`round_half_up` of ``total / n`` in integers."""
    return (2 * total + n) // (2 * n)


# The held titles that make a norm pointless: a GM needs no norm; an IM only
# the GM norm; a WGM the GM and IM norms; a WIM all but the WIM norm.
_NEEDS: dict[str, tuple[str, ...]] = {
    "GM": (),
    "IM": ("GM",),
    "WGM": ("GM", "IM"),
    "WIM": ("GM", "IM", "WGM"),
}


def _ratio(x: Fraction | None) -> tuple[int, int]:
    return (x.numerator, x.denominator) if x is not None else (0, 1)


class _Opponent(NamedTuple):
    rank: int
    name: str
    federation: str
    title: str
    rating: int | None


class _Game(NamedTuple):
    round: int
    opponent: _Opponent
    points: Decimal
    colour: str
    halves: int
    rating: int
    """The opponent's rating, unrated at the edition's value (§1.4.6d)."""


class _Games(NamedTuple):
    """One player's games over the board and every other round, with why."""

    counted: tuple[_Game, ...]
    left_out: tuple[tuple[int, str], ...]
    eight_of_nine: str | None
    """The round's reason when §1.4.1c may apply (one forfeit win or PAB)."""
    last_round_forfeit: bool


class _Event:
    """What every player's verdicts share."""

    def __init__(
        self,
        t: Tournament,
        rules: TitleRuleSet,
        kind: TournamentType,
        exemption: str | None,
        games_exception: str | None,
        time_control: TimeControl | None = None,
    ) -> None:
        self.rules = rules
        self.kind = kind
        self.predetermined = kind in (
            TournamentType.ROUND_ROBIN,
            TournamentType.DOUBLE_ROUND_ROBIN,
        )
        self.double = kind is TournamentType.DOUBLE_ROUND_ROBIN
        self.rounds = t.number_of_rounds or t.rounds_played
        # Cells beyond the event's rounds (one line that runs on, S127) are
        # no games of the event: not counted, and the search stays small.
        self.played = min(t.rounds_played, event_rounds(t))
        self.conditions, self.condition_notes = event_conditions(t, rules, time_control)
        self.conditions_met = all(r.passed for r in self.conditions)
        self.players = len(t.players)
        self.exemption = exemption
        self.games_exception = games_exception
        host = t.federation or ""
        if not host:
            common = Counter(p.federation for p in t.players if p.federation).most_common(1)
            host = common[0][0] if common else ""
        self.host = host
        self._tournament = t
        self._opponents: dict[int, _Opponent] | None = None
        self.zero_unrated = self._zero_unrated(t) if self.predetermined else frozenset()
        self.unrated = rules.unrated_rating or 0
        titled = [(p.start_rank, p.title._value_) for p in t.players if p.title is not None]
        self.holder_ranks = frozenset(r for r, x in titled if x in TITLE_HOLDERS)
        self.norm_ranks = frozenset(r for r, x in titled if x in _NEEDS)
        self._games: dict[int, _Games] = {}
        self._titles: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = {}
        # §1.4.4-1.4.5 and §1.4.8b as integer ratios (numerator, denominator).
        self.own_cap = _ratio(rules.own_federation_cap)
        self.one_cap = _ratio(rules.one_federation_cap)
        self.titled = _ratio(rules.titled_share)
        self.third = _ratio(rules.title_share)
        self.score = _ratio(rules.minimum_score)

    @property
    def opponents(self) -> dict[int, _Opponent]:
        """Every player as an opponent, by start rank (made when a
        candidate's games are first collected)."""
        if self._opponents is None:
            self._opponents = {
                p.start_rank: _Opponent(
                    p.start_rank,
                    p.name,
                    p.federation,
                    p.title._value_ if p.title is not None else "",
                    p.rating or None,
                )
                for p in self._tournament.players
            }
        return self._opponents

    def titles(self, p: Player) -> tuple[tuple[str, ...], tuple[str, ...]]:
        # By value: the enums hash in Python code, and this runs per player.
        sex, held = p.sex, p.title
        key = (sex._value_ if sex is not None else "", held._value_ if held is not None else "")
        found = self._titles.get(key)
        if found is None:
            found = self._titles[key] = self._titles_of(p)
        return found

    def _titles_of(self, p: Player) -> tuple[tuple[str, ...], tuple[str, ...]]:
        notes: list[str] = []
        if p.sex is Sex.FEMALE:
            titles: tuple[str, ...] = NORM_TITLES
        else:
            titles = NORM_TITLES[:2]
            if p.sex is None:
                notes.append(
                    "WGM and WIM not evaluated: the player's sex is not given (001 column 10)"
                )
        held = p.title.value if p.title is not None else ""
        if held in _NEEDS:
            kept = tuple(x for x in titles if x in _NEEDS[held])
            if kept != titles:
                left = [x for x in titles if x not in kept]
                notes.append(f"{', '.join(left)} not evaluated: the player holds the {held} title")
            titles = kept
        return titles, tuple(notes)

    def verdict(self, p: Player, title: str) -> Verdict:
        return _verdict(self, p, self.collected(p), title)

    def collected(self, p: Player) -> _Games:
        g = self._games.get(p.start_rank)
        if g is None:
            g = self._games[p.start_rank] = self.games(p)
        return g

    def quick_screen(self) -> Callable[[tuple[int | None, ...]], bool] | None:
        """A test of a player's opponents (start ranks) that every player with
        a norm passes: enough title holders and holders of GM, IM, WGM or
        WIM among them (§1.4.5); ``None`` when no norm can be found at all
        (an edition not modelled, or one whose norms cannot be decided)."""
        rules = self.rules
        if not rules.modelled or rules.method is Method.TOURNAMENT or not self.conditions_met:
            return None
        least = min(rules.minimum_games or 0, 8, rules.team_championship_games or 9)
        holders, named = self.holder_ranks.__contains__, self.norm_ranks.__contains__
        need_holders, need_named = (least + 1) // 2, (1 if self.double else 3)

        def screen(opponents: tuple[int | None, ...]) -> bool:
            return (
                sum(map(holders, opponents)) >= need_holders
                and sum(map(named, opponents)) >= need_named
            )

        return screen

    def worth_evaluating(self, p: Player, titles: tuple[str, ...]) -> tuple[str, ...]:
        """The titles whose norm ``p`` may have: a quick count of titled
        opponents first (most of a big open stops there), then
        :func:`_may_be_norm` on the games."""
        screen = self.quick_screen()
        if not titles or screen is None or not screen(p.cells().opponents):
            return ()
        g = self.collected(p)
        return tuple(x for x in titles if _may_be_norm(self, g, x))

    def _zero_unrated(self, t: Tournament) -> frozenset[int]:
        """§1.4.2b: in a round robin, the unrated players who scored nothing
        against rated opponents."""
        rated = {p.start_rank for p in t.players if p.rating}
        found = set()
        for p in t.players:
            if p.rating:
                continue
            cells = p.cells()
            scored = any(
                o in rated and r in _OVER_THE_BOARD and _POINTS[r] > 0
                for o, r in zip(cells.opponents, cells.results, strict=False)
            )
            if not scored:
                found.add(p.start_rank)
        return frozenset(found)

    def games(self, p: Player) -> _Games:
        cells = p.cells()
        counted: list[_Game] = []
        left_out: list[tuple[int, str]] = []
        unplayed: list[str] = []
        opponents, zero, unrated = self.opponents, self.zero_unrated, self.unrated
        limit = self.played
        beyond = len(cells.results) - limit
        for i, (o, c, r) in enumerate(
            itertools.islice(
                zip(cells.opponents, cells.colours, cells.results, strict=False), limit
            )
        ):
            rnd = i + 1
            if r not in _OVER_THE_BOARD:
                left_out.append((rnd, _WHY.get(r, "no game")))
                unplayed.append(r)
                continue
            opp = opponents.get(o) if o is not None else None
            if opp is None:
                left_out.append((rnd, f"opponent {o} is not in the file: not counted"))
                unplayed.append("?")
                continue
            if o in zero:
                left_out.append(
                    (
                        rnd,
                        f"opponent {o} is unrated and scored nothing against rated "
                        "opponents in a round robin (§1.4.2b)",
                    )
                )
                unplayed.append("?")
                continue
            counted.append(_Game(rnd, opp, _POINTS[r], c, _HALVES[r], opp.rating or unrated))
        # Rounds beyond the player's line (a late withdrawal) are rounds
        # without a game too: up to the last round any player has a cell.
        # Not up to the rounds 142 or XXR announce, which may be rounds not
        # yet played, or any number at all (a 142 of 94000075 made one
        # entry a round for every player, 11 GB for 20 players).
        for rnd in range(len(cells.results) + 1, self.played + 1):
            left_out.append((rnd, "no cell in the player's line: no game"))
            unplayed.append(" ")
        if beyond > 0:
            left_out.append((
                limit + 1,
                f"rounds {limit + 1}-{limit + beyond}: beyond the event's {limit} rounds "
                "(S127): not counted",
            ))  # fmt: skip
        eight = None
        if len(unplayed) == 1 and unplayed[0] in _EIGHT_OF_NINE:
            eight = left_out[0][1].split(":")[0]
        results = cells.results[:limit]
        last = bool(results) and results[-1] == Result.FORFEIT_WIN.value
        return _Games(tuple(counted), tuple(left_out), eight, last)


def norms(
    t: Tournament,
    rules: str | TitleRuleSet = "auto",
    *,
    type: TournamentType | str | None = None,
    exemption: str | None = None,
    games_exception: str | None = None,
) -> NormReport:
    """Every player's verdict for GM, IM, WGM and WIM (the women's titles for
    women only) under a title rule set.

    ``rules`` is ``"auto"`` (the edition in force at the start date), a name
    (``b01-2024``, ``b01-2002``, ...) or a :class:`TitleRuleSet`. ``type``
    replaces the tournament type the file gives (see
    :func:`trfkit.event.event_of`). ``exemption`` is a §1.4.3 exemption the
    arbiter declares (``"1.4.3a"`` ... ``"1.4.3d"``); ``games_exception`` a
    §1.4.1b event (``"team-championship"``, ``"world-cup"``).
    A bad name raises ``KeyError``, a bad exemption ``ValueError``.
    """
    if exemption is not None and exemption not in EXEMPTIONS:
        raise ValueError(f"unknown exemption {exemption!r}; choose one of {', '.join(EXEMPTIONS)}")
    if games_exception is not None and games_exception not in GAMES_EXCEPTIONS:
        raise ValueError(
            f"unknown games exception {games_exception!r}; "
            f"choose one of {', '.join(GAMES_EXCEPTIONS)}"
        )
    ev = event_of(t, type=type)
    start = ev.start
    if isinstance(rules, TitleRuleSet):
        rule_set, source = rules, "given"
    elif rules.lower() == "auto":
        rule_set, source = choose_title_rules(start)
    else:
        rule_set, source = get_title_rules(rules), "given"
    in_force = rule_set.in_force(start)
    notes: list[str] = []
    if in_force is False:
        span = f"from {rule_set.effective.isoformat()}"
        if rule_set.until is not None:
            span += f" to {rule_set.until.isoformat()}"
        notes.append(
            f"{rule_set.name} governs norms of events {span}; this event starts "
            f"{start.isoformat() if start else 'on an unknown date'}"
        )
    if rule_set.name == "b01-2002" and start is not None and start.year > 2005:
        notes.append(
            "the editions of the Title Regulations between 2003 and 2014 were not read: "
            "this event is judged by the 2003 handbook's text"
        )
    event = _Event(t, rule_set, ev.type, exemption, games_exception, ev.time_control)
    notes += event.condition_notes
    if exemption == "1.4.3d":
        shortfall = big_swiss_shortfall(t, event.host, event.rounds)
        if shortfall:
            notes.append(f"§1.4.3d declared, but the file does not show it: {shortfall}")
    end = t.end_date
    players: list[PlayerNorms] = []
    holders: list[tuple[PlayerNorms, tuple[Verdict, ...]]] = []
    screen = event.quick_screen()
    for p in t.players:
        pn = PlayerNorms(p, event)
        players.append(pn)
        if screen is None or not screen(p.cells().opponents):
            continue
        candidates = event.worth_evaluating(p, pn.titles)
        if candidates:
            # Only a norm's verdict is built now; the others when read.
            g = event.collected(p)
            found = [(x, _norm_games(event, p, g, x)) for x in candidates]
            achieved = tuple(
                pn.keep(_opponents_verdict(event, p, g, x, *games))
                for x, games in found
                if games is not None
            )
            if achieved:
                holders.append((pn, achieved))
    return NormReport(
        rules=rule_set,
        rules_source=source,
        in_force=in_force,
        tournament=t.name or "",
        city=t.city or "",
        federation=event.host,
        start=start,
        end=end.date if end is not None else None,
        chief_arbiter=t.chief_arbiter or "",
        rounds=event.rounds,
        type=ev.type.value,
        exemption=exemption,
        games_exception=games_exception,
        players=players,
        holders=tuple(holders),
        notes=tuple(notes),
    )


def big_swiss_shortfall(t: Tournament, host: str, rounds: int) -> str:
    """Where the file falls short of §1.4.3d's event, in words ("" if it
    does not): in every round at least 20 FIDE-rated players not from the
    host federation, of at least 3 federations, at least 10 of them GM, IM,
    WGM or WIM; a player counts only if he misses at most one round (a
    pairing-allocated bye is no miss)."""
    counted = []
    for p in t.players:
        results = p.cells().results
        played = [r in _OVER_THE_BOARD or r == Result.PAIRING_ALLOCATED_BYE.value for r in results]
        played += [False] * (rounds - len(played))
        if played.count(False) <= 1 and p.rating and p.federation not in ("", "FID", host):
            counted.append((p, played))
    for rnd in range(rounds):
        here = [p for p, played in counted if played[rnd]]
        feds = {p.federation for p in here}
        titled = sum(1 for p in here if p.title is not None and p.title._value_ in _NEEDS)
        if len(here) < 20 or len(feds) < 3 or titled < 10:
            return (
                f"round {rnd + 1} has {len(here)} rated players not from {host or 'the host'} "
                f"(of {len(feds)} federations, {titled} GM/IM/WGM/WIM) who miss at most one "
                "round; §1.4.3d asks for 20, 3 and 10 in every round"
            )
    return ""


# --- the 2024 rules (and any edition computed from the opponents) ---------------


def _least_games(event: _Event, g: _Games) -> tuple[int, int | None, str]:
    """(least games, games credited when a §1.4.1b/c exception applies, why)."""
    rules = event.rules
    least = rules.minimum_games or 0
    team = rules.team_championship_games
    if event.games_exception == "team-championship" and team and 7 <= event.rounds <= 9:
        return team, None, "§1.4.1b team championship"
    if event.games_exception == "world-cup" and rules.world_cup_games:
        return rules.world_cup_games, least, "§1.4.1b World Cup"
    if rules.eight_of_nine and event.rounds == 9 and g.eight_of_nine and len(g.counted) == 8:
        return 8, least, f"§1.4.1c, 8 games as 9 ({g.eight_of_nine})"
    return least, None, ""


def _may_be_norm(event: _Event, g: _Games, title: str) -> bool:
    """Necessary conditions for some subset of ``g`` to be a ``title`` norm:
    no verdict is lost by skipping a player they rule out."""
    rules = event.rules
    least, _, _ = _least_games(event, g)
    counted = g.counted
    if len(counted) < least or least == 0:
        return False
    assert rules.norm_titles is not None and rules.performance_minimum is not None
    assert rules.average_minimum is not None and rules.rating_floor is not None
    holders = sum(1 for x in counted if x.opponent.title in TITLE_HOLDERS)
    if holders < math.ceil(least / 2):
        return False
    wanted = rules.norm_titles[title]
    if sum(1 for x in counted if x.opponent.title in wanted) < (1 if event.double else 3):
        return False
    best = max(max(x.rating for x in counted), rules.rating_floor[title])
    if best < rules.average_minimum[title]:
        return False
    halves = min(sum(x.halves for x in counted), 2 * least)
    return best + _DP[_percent(halves, least)] >= rules.performance_minimum[title]


def event_conditions(
    t: Tournament, rules: TitleRuleSet, time_control: TimeControl | None
) -> tuple[tuple[Requirement, ...], tuple[str, ...]]:
    """The conditions on the event itself (§1.1.2-1.1.3) that every norm of
    it shares, as requirements, and what could not be checked, as notes:
    the rate of play (each player's time for a 60-move game), the rounds
    on the busiest day (from 132's dates) and its hours of play (each of its
    rounds a 60-move game, both clocks run down). A blitz or rapid event
    fails the first, so its results are no norms whatever the score. Only
    where the rule set gives the limits (2024)."""
    reqs: list[Requirement] = []
    notes: list[str] = []
    sec = rules.section
    least = rules.least_minutes_for_60
    minutes = time_control.minutes_for(60) if time_control is not None else None
    if least is not None:
        if minutes is None:
            notes.append(
                f"no time control read from the file (122/222): the rate of play ({sec['rate-of-play']}: "
                f"at least {least} minutes a player for 60 moves) is not checked"
            )
        else:
            reqs.append(Requirement(
                "rate-of-play", sec["rate-of-play"], "a player's time for a 60-move game",
                f"{float(minutes):g} min ({time_control.text if time_control else ''})",
                f"≥ {least} min", minutes >= least,
            ))  # fmt: skip
    most_rounds, most_hours = rules.most_rounds_a_day, rules.most_hours_a_day
    if most_rounds is None and most_hours is None:
        return tuple(reqs), tuple(notes)
    days = Counter(d.date for d in t.round_dates if d.date is not None)
    if not days:
        notes.append(
            "no round dates (132): the rounds and hours a day (§1.1.2-1.1.3) are not checked"
        )
        return tuple(reqs), tuple(notes)
    day, busiest = days.most_common(1)[0]
    if most_rounds is not None:
        reqs.append(Requirement(
            "rounds-a-day", sec["rounds-a-day"], "rounds on the busiest day",
            f"{busiest} ({day})", f"≤ {most_rounds}", busiest <= most_rounds,
        ))  # fmt: skip
    if most_hours is not None and minutes is not None:
        hours = Fraction(busiest * 2 * minutes, 60)
        reqs.append(Requirement(
            "hours-a-day", sec["hours-a-day"], "hours of play on the busiest day (60-move games)",
            f"{float(hours):g} ({busiest} × 2 × {float(minutes):g} min)", f"≤ {most_hours}",
            hours <= most_hours,
        ))  # fmt: skip
    return tuple(reqs), tuple(notes)


def _verdict(event: _Event, p: Player, g: _Games, title: str) -> Verdict:
    rules = event.rules
    if not rules.modelled:
        return _not_modelled(event, g, title)
    if rules.method is Method.TOURNAMENT:
        return _tournament_verdict(event, p, g, title)
    found = _norm_games(event, p, g, title)
    if found is not None:
        return _opponents_verdict(event, p, g, title, *found)
    return _opponents_verdict(event, p, g, title, g.counted, ())


def _norm_games(
    event: _Event, p: Player, g: _Games, title: str
) -> tuple[tuple[_Game, ...], tuple[tuple[int, str], ...]] | None:
    """The games of the norm and the rounds left out by choice: all games
    when they make it, else the first subset :func:`_search` finds; ``None``
    when none does. The same tests as :func:`_opponents_verdict`, in
    integers and without the words, so that a big open's candidates cost
    little."""
    least, _, _ = _least_games(event, g)
    drr = event.rules.double_round_robin_players or 0
    if event.double and event.players < drr:
        return None
    counted = g.counted
    if (
        len(counted) >= least > 0
        and _mix_passes(event, p, counted, title)
        and _ratings_pass(event, counted, title)
    ):
        return counted, ()
    return _search(event, p, g, title) if event.rules.subsets else None


class _Prefix:
    """What the prefix of ``end`` games holds (§1.4.1e: later rounds left
    out first), kept up to date as ``end`` falls (one game out per step),
    so that a length is ruled out in O(1)."""

    def __init__(
        self, event: _Event, p: Player, counted: Sequence[_Game], wanted: frozenset[str],
        exempt: str | None,
    ) -> None:  # fmt: skip
        self.event, self.wanted = event, wanted
        self.halves = sum(x.halves for x in counted)
        self.holders = sum(1 for x in counted if x.opponent.title in TITLE_HOLDERS)
        self.titled = sum(1 for x in counted if x.opponent.title in wanted)
        wins = [x for x in counted if x.halves == 2]
        self.wins = len(wins)
        self.plain_wins = sum(1 for x in wins if x.opponent.title not in TITLE_HOLDERS)
        self.other_wins = sum(1 for x in wins if x.opponent.title not in wanted)
        self.fixed = _Counts(p.federation, exempt)
        for x in counted:
            if x.halves != 2:
                self.fixed.add(x.opponent.federation)

    def drop(self, x: _Game) -> None:
        """``x`` leaves the prefix."""
        self.halves -= x.halves
        self.holders -= x.opponent.title in TITLE_HOLDERS
        self.titled -= x.opponent.title in self.wanted
        if x.halves == 2:
            self.wins -= 1
            self.plain_wins -= x.opponent.title not in TITLE_HOLDERS
            self.other_wins -= x.opponent.title not in self.wanted
        else:
            self.fixed.remove(x.opponent.federation)

    def may_hold(self, end: int, first: int, last: int, minimum: int) -> bool:
        """Necessary for every number of wins left out (``first`` to
        ``last``): the score is best with no win left out (§1.4.8b; leaving
        a win out lowers it); the games that cannot be left out fit the
        federation caps of the most games (§1.4.4); the title holders are
        most with the plain wins left out first (§1.4.5)."""
        event = self.event
        num, den = event.score
        if self.halves * den < 2 * num * (end - first):
            return False
        if not self.fixed.fits(end - first):
            return False
        k = max(first, min(self.plain_wins, last))
        if self.holders - max(0, k - self.plain_wins) < -(
            -event.titled[0] * (end - k) // event.titled[1]
        ):
            return False
        k = max(first, min(self.other_wins, last))
        need = max(-(-event.third[0] * (end - k) // event.third[1]), minimum)
        return event.double or self.titled - max(0, k - self.other_wins) >= need


def _search(
    event: _Event, p: Player, g: _Games, title: str
) -> tuple[tuple[_Game, ...], tuple[tuple[int, str], ...]] | None:
    """§1.4.1e/f: the games the player may choose that make a norm, or ``None``.

    The choice is the first in this order: the most games (later rounds left
    out first, not in a round robin, where every round counts), then the
    fewest wins left out, then the lowest-rated wins left out (of equals, the
    earliest round): the order trfkit has always reported.

    No subset is enumerated. For a number of games kept, every requirement
    of §1.4.3-1.4.8 is a count (of games, title holders, holders of the
    norm's titles, games per federation, federations) or the sum of the kept
    ratings; wins against one opponent are interchangeable, so the question
    "is there a choice" is a dynamic programme over those counts
    (:class:`_Choice`), and the first choice is built a win at a time, each
    step asking it again. Cheap necessary conditions (the score, the most
    title holders and the best Ra that can remain) rule out most lengths
    before it runs.
    """
    rules = event.rules
    least, _, _ = _least_games(event, g)
    counted = g.counted
    if least == 0 or len(counted) <= least or not _may_be_norm(event, g, title):
        return None
    if event.predetermined:
        # §1.4.1f: in a round robin the whole event's mix must allow a norm.
        if not _mix_passes(event, p, counted, title):
            return None
        ends: Sequence[int] = [len(counted)]
    else:
        ends = range(len(counted), least - 1, -1)
    assert rules.norm_titles is not None
    exempt = event.exemption
    if exempt in _HOST_ONLY and p.federation != event.host:
        exempt = None
    prefix = _Prefix(event, p, counted, rules.norm_titles[title], exempt)
    full = len(counted)
    for end in ends:
        if end < full:
            prefix.drop(counted[end])
        first = 0 if end < full else 1
        last = min(prefix.wins, end - least)
        if last < first or not prefix.may_hold(end, first, last, rules.title_minimum or 0):
            continue
        found = _search_prefix(event, p, title, counted, end, first, last, exempt)
        if found is not None:
            return found
    return None


class _Counts:
    """Games per federation that cannot be left out (losses and draws):
    the largest count, kept as games come and go."""

    def __init__(self, own: str, exempt: str | None) -> None:
        self.own = own
        self.exempt = exempt
        self.count: Counter[str] = Counter()
        self.buckets: Counter[int] = Counter()
        self.top = 0

    def add(self, fed: str) -> None:
        if fed in ("", "FID"):
            return
        c = self.count[fed]
        self.buckets[c] -= 1
        self.count[fed] = c + 1
        self.buckets[c + 1] += 1
        self.top = max(self.top, c + 1)

    def remove(self, fed: str) -> None:
        if fed in ("", "FID"):
            return
        c = self.count[fed]
        self.buckets[c] -= 1
        self.count[fed] = c - 1
        self.buckets[c - 1] += 1
        while self.top > 0 and self.buckets[self.top] <= 0:
            self.top -= 1

    def fits(self, n: int) -> bool:
        """§1.4.4 with ``n`` games, for these games alone."""
        if self.exempt:
            return True
        return self.top <= 2 * n // 3 and self.count.get(self.own, 0) <= 3 * n // 5


class _PrefixWins:
    """The wins of ``counted[:end]``, lowest rated first (of equals, the
    earliest round): the order in which they are left out; and what the
    prefix holds, to rule a number of wins left out out on counts."""

    def __init__(
        self, event: _Event, p: Player, title: str, prefix: Sequence[_Game], last: int,
        exempt: str | None,
    ) -> None:  # fmt: skip
        rules = event.rules
        assert rules.rating_floor is not None and rules.norm_titles is not None
        self.event, self.own, self.exempt = event, p.federation, exempt
        self.floor = rules.rating_floor[title]
        wanted = rules.norm_titles[title]
        self.wins = wins = sorted((x for x in prefix if x.halves == 2), key=lambda x: x.rating)
        self.halves = sum(x.halves for x in prefix)
        self.holders = sum(1 for x in prefix if x.opponent.title in TITLE_HOLDERS)
        self.plain_wins = sum(1 for x in wins if x.opponent.title not in TITLE_HOLDERS)
        self.titled = sum(1 for x in prefix if x.opponent.title in wanted)
        self.other_wins = sum(1 for x in wins if x.opponent.title not in wanted)
        self.minimum = rules.title_minimum or 0
        self.total = sum(x.rating for x in prefix)
        self.low_fixed = min((x.rating for x in prefix if x.halves != 2), default=None)
        self.left = [0]  # left[k]: the ratings of the k lowest-rated wins
        for x in wins:
            self.left.append(self.left[-1] + x.rating)
        self.feds = Counter(x.opponent.federation for x in prefix)
        self.won = Counter(x.opponent.federation for x in wins)
        # Only a federation with more games than the caps of the fewest
        # games can break them.
        fewest = len(prefix) - last
        self.big = [
            f
            for f, c in self.feds.items()
            if f not in ("", "FID")
            and c > (3 * fewest // 5 if f == p.federation else 2 * fewest // 3)
        ]

    def counts_allow(self, k: int, n: int) -> bool:
        """Whether ``n`` games with ``k`` wins left out may hold enough title
        holders (§1.4.5a, the plain wins left out first), holders of the
        norm's titles (§1.4.5b-e) and fit the federation caps (§1.4.4)."""
        event = self.event
        if self.holders - max(0, k - self.plain_wins) < -(-event.titled[0] * n // event.titled[1]):
            return False
        need = max(-(-event.third[0] * n // event.third[1]), self.minimum)
        if not event.double and self.titled - max(0, k - self.other_wins) < need:
            return False
        return bool(self.exempt) or not any(
            self.feds[f] - min(k, self.won[f]) > (3 * n // 5 if f == self.own else 2 * n // 3)
            for f in self.big
        )

    def threshold(self, k: int, n: int, target: int) -> int | None:
        """The least sum of ratings (the lowest raised) of ``n`` games whose
        Ra reaches ``target``, or ``None`` when even the best choice of
        ``k`` wins fails: Ra is highest with the lowest-rated wins left out
        (§1.4.6 keeps the order)."""
        kept_low = self.wins[k].rating if k < len(self.wins) else None
        lows = [r for r in (self.low_fixed, kept_low) if r is not None]
        best = self.total - self.left[k] + max(0, self.floor - min(lows)) if lows else 0
        if _average(best, n) < target:
            return None
        # _average(s, n) >= target  <=>  2s + n >= 2n * target.
        return -(-(2 * n * target - n) // 2)


def _search_prefix(
    event: _Event,
    p: Player,
    title: str,
    counted: Sequence[_Game],
    end: int,
    first: int,
    last: int,
    exempt: str | None,
) -> tuple[tuple[_Game, ...], tuple[tuple[int, str], ...]] | None:
    """The first choice of wins to leave out of ``counted[:end]``, the fewest
    first (``first`` to ``last`` of them), or ``None``."""
    rules = event.rules
    assert rules.average_minimum is not None and rules.performance_minimum is not None
    prefix = counted[:end]
    least_ra, least_rp = rules.average_minimum[title], rules.performance_minimum[title]
    num, den = event.score
    pw = _PrefixWins(event, p, title, prefix, last, exempt)
    choice = _Choice(event, p, title, prefix, exempt)
    for k in range(first, last + 1):
        n = end - k
        h = pw.halves - 2 * k
        if h * den < 2 * num * n:
            break  # fewer points still: every larger k fails §1.4.8b too
        if not pw.counts_allow(k, n):
            continue
        threshold = pw.threshold(k, n, max(least_ra, least_rp - _DP[_percent(h, n)]))
        if threshold is None:
            continue
        dropped = choice.first(pw.wins, k, threshold)
        if dropped is None:
            continue
        out = {x.round for x in dropped}
        games = tuple(x for x in prefix if x.round not in out)
        why = tuple(
            (x.round, "after the title result: left out (§1.4.1e)") for x in counted[end:]
        ) + tuple(
            (x.round, f"a win against {x.opponent.rank}: left out (§1.4.1f)") for x in dropped
        )
        return games, why
    return None


class _Needs(NamedTuple):
    """What the wins kept must bring to ``n`` games (:meth:`_Choice.feasible`)."""

    wins: int
    holders: int
    """Title holders beyond those of the games that stay (§1.4.5a)."""
    wanted: int
    """Holders of the norm's titles beyond those (§1.4.5b-e)."""
    own_cap: int
    one_cap: int
    federations: int
    """Federations other than the player's beyond those (§1.4.3)."""


class _Choice:
    """Whether some choice of the wins of ``prefix`` to leave out makes a
    norm, decided on counts (§1.4.1e/f with §1.4.3-1.4.8).

    The games kept are the losses and draws, which cannot be left out, and
    some of the wins. Wins against one opponent are interchangeable (one
    rating, federation and title), so a choice is how many of them to keep,
    opponent by opponent, and every requirement is a count of the kept
    games or the sum of their ratings:

    - §1.4.5a: title holders, at least half; §1.4.5b-e holders of the
      norm's titles, a third and at least 3 (§1.4.5f in a double round
      robin: half the distinct opponents);
    - §1.4.3-1.4.4: at least 2 federations other than the player's, at most
      3/5 of his own, at most 2/3 of any one (waived by an exemption);
    - §1.4.6-1.4.8: the sum of the kept ratings, the lowest raised to the
      floor, reaches what Ra and Rp need with this many games and points.

    The programme runs over the opponents, federation by federation, with
    states (wins kept, holders kept, norm-title holders kept, games of this
    federation kept, federations present, whether the lowest kept rating
    has been set apart to be raised) each capped at what the requirement
    asks, and keeps the highest sum of ratings per state. It is polynomial
    in the number of opponents and of games kept; no subset is listed.
    """

    def __init__(
        self, event: _Event, p: Player, title: str, prefix: Sequence[_Game], exempt: str | None
    ) -> None:
        rules = event.rules
        assert rules.norm_titles is not None and rules.rating_floor is not None
        self.event = event
        self.exempt = exempt
        self.own = p.federation
        self.floor = rules.rating_floor[title]
        self.minimum = rules.title_minimum or 0
        self.foreign = rules.foreign_federations or 0
        wanted = rules.norm_titles[title]
        self.n_all = len(prefix)
        fixed = [x for x in prefix if x.halves != 2]
        self.wins = self.n_all - len(fixed)
        self.fixed_sum = sum(x.rating for x in fixed)
        self.fixed_low = min((x.rating for x in fixed), default=None)
        self.fixed_holders = sum(1 for x in fixed if x.opponent.title in TITLE_HOLDERS)
        self.fixed_wanted = sum(1 for x in fixed if x.opponent.title in wanted)
        self.fixed_feds: Counter[str] = Counter(
            x.opponent.federation for x in fixed if x.opponent.federation not in ("", "FID")
        )
        # Double round robin (§1.4.5f): distinct opponents, and those
        # holding the norm's titles, among the games that stay.
        fixed_opponents = {x.opponent.rank: x.opponent.title for x in fixed}
        self.fixed_opponents = frozenset(fixed_opponents)
        self.fixed_balance = sum(2 * (t in wanted) - 1 for t in fixed_opponents.values())
        # The opponents beaten, federation by federation: (rank, rating,
        # holder, wanted, balance) with balance the opponent's part of
        # 2 x (distinct norm-title holders) - (distinct opponents).
        groups: dict[str, dict[int, tuple[int, bool, bool, int]]] = {}
        for x in prefix:
            if x.halves == 2:
                o = x.opponent
                balance = 0
                if event.double and o.rank not in self.fixed_opponents:
                    balance = 2 * (o.title in wanted) - 1
                groups.setdefault(o.federation, {})[o.rank] = (
                    x.rating,
                    o.title in TITLE_HOLDERS,
                    o.title in wanted,
                    balance,
                )
        self.groups = groups

    def _needs(self, n: int) -> _Needs | None:
        """What ``n`` games kept must hold beyond the games that cannot be
        left out (§1.4.3-1.4.5), or ``None`` when those alone break the
        federation caps (§1.4.4)."""
        event = self.event
        need_holders = max(0, -(-event.titled[0] * n // event.titled[1]) - self.fixed_holders)
        if event.double:
            need_wanted = 0
        else:
            need = max(-(-event.third[0] * n // event.third[1]), self.minimum)
            need_wanted = max(0, need - self.fixed_wanted)
        exempt = bool(self.exempt)
        one_cap = 2 * n // 3
        own_cap = min(one_cap, 3 * n // 5)
        if not exempt and any(
            c > (own_cap if fed == self.own else one_cap) for fed, c in self.fixed_feds.items()
        ):
            return None
        present = sum(1 for f in self.fixed_feds if f != self.own)
        need_feds = 0 if exempt else max(0, self.foreign - present)
        want_wins = n - (self.n_all - self.wins)
        return _Needs(want_wins, need_holders, need_wanted, own_cap, one_cap, need_feds)

    def _federation(
        self,
        states: dict[tuple[int, int, int, int, int, int], int],
        fed: str,
        kept: dict[int, tuple[int, int]],
        needs: _Needs,
    ) -> dict[tuple[int, int, int, int, int, int], int] | None:
        """The states after keeping wins against the opponents of ``fed``,
        within the federation's cap (§1.4.4); ``None`` when no state remains."""
        want_wins = needs.wins
        counted_fed = fed not in ("", "FID")
        if counted_fed and not self.exempt:
            cap = (needs.own_cap if fed == self.own else needs.one_cap) - self.fixed_feds.get(
                fed, 0
            )
            if cap < 0:
                return None
        else:
            cap = want_wins
        adds = counted_fed and fed != self.own and fed not in self.fixed_feds
        # Within the federation: the games of it kept, as one more count.
        inner: dict[tuple[int, int, int, int, int, int, int], int] = {
            (*s, 0): v for s, v in states.items()
        }
        for rank, (rating, holder, wanted, balance) in self.groups[fed].items():
            lo, hi = kept[rank]
            nxt: dict[tuple[int, int, int, int, int, int, int], int] = {}
            for (j, a, b, f, e, d, q), v in inner.items():
                top = min(hi, want_wins - j, cap - q)
                for c in range(lo, top + 1):
                    key_a = min(needs.holders, a + c) if holder else a
                    key_b = min(needs.wanted, b + c) if wanted else b
                    key_d = d + balance if c else d
                    base = v + c * rating
                    key = (j + c, key_a, key_b, f, e, key_d, q + c)
                    if nxt.get(key, -1) < base:
                        nxt[key] = base
                    if c and not e:
                        # This opponent's rating is the lowest kept: set
                        # apart, to be raised to the floor.
                        key = (j + c, key_a, key_b, f, 1, key_d, q + c)
                        if nxt.get(key, -1) < base - rating:
                            nxt[key] = base - rating
            inner = nxt
            if not inner:
                return None
        out_states: dict[tuple[int, int, int, int, int, int], int] = {}
        for (j, a, b, f, e, d, q), v in inner.items():
            out = (j, a, b, min(needs.federations, f + 1) if adds and q else f, e, d)
            if out_states.get(out, -1) < v:
                out_states[out] = v
        return out_states

    def feasible(self, kept: dict[int, tuple[int, int]], n: int, threshold: int) -> bool:
        """Whether the wins can be kept within ``kept`` (opponent: the
        fewest and most wins against him kept) so that ``n`` games make a
        norm whose ratings, the lowest raised, sum to ``threshold`` or more."""
        needs = self._needs(n)
        if needs is None:
            return False
        # state: (wins kept, holders kept, norm-title holders kept, federations
        # added, lowest set apart, balance) -> the highest sum of kept ratings
        states: dict[tuple[int, int, int, int, int, int], int] | None = {(0, 0, 0, 0, 0, 0): 0}
        for fed in self.groups:
            assert states is not None
            states = self._federation(states, fed, kept, needs)
            if states is None:
                return False
        assert states is not None
        floor, fixed_sum, low = self.floor, self.fixed_sum, self.fixed_low
        for (j, a, b, f, e, d), v in states.items():
            if j != needs.wins or a < needs.holders or b < needs.wanted or f < needs.federations:
                continue
            if self.event.double and self.fixed_balance + d < 0:
                continue  # §1.4.5f: half the distinct opponents hold the norm's titles
            if e:
                best = fixed_sum + v + floor
            else:
                best = fixed_sum + v
                if low is not None:
                    best = max(best, best - low + floor)
            if best >= threshold:
                return True
        return False

    def first(self, wins: Sequence[_Game], k: int, threshold: int) -> tuple[_Game, ...] | None:
        """The first ``k`` of ``wins`` (lowest rated first) to leave out, in
        the order of :func:`itertools.combinations`, or ``None``: each win
        is left out when some choice of the rest still makes a norm with it
        left out. A run of wins against one opponent is settled by bisection
        (leaving out more of them is only harder)."""
        n = self.n_all - k
        counts = Counter(x.opponent.rank for x in wins)
        # Wins against each opponent kept: (fewest, most).
        kept = {r: (0, c) for r, c in counts.items()}
        if not self.feasible(kept, n, threshold):
            return None
        chosen: list[_Game] = []
        i = 0
        while i < len(wins) and len(chosen) < k:
            rank = wins[i].opponent.rank
            run = i
            while run < len(wins) and wins[run].opponent.rank == rank:
                run += 1
            length = min(run - i, k - len(chosen))
            lo, hi = kept[rank]
            # The most of this run that can be left out.
            good, bad = 0, length + 1
            while bad - good > 1:
                mid = (good + bad) // 2
                trial = dict(kept)
                trial[rank] = (lo, hi - mid)
                if hi - mid >= lo and self.feasible(trial, n, threshold):
                    good = mid
                else:
                    bad = mid
            chosen.extend(wins[i : i + good])
            # Left out: `good` of them; the others of the run are kept.
            kept[rank] = (lo + (run - i) - good, hi - good)
            i = run
        return tuple(chosen) if len(chosen) == k else None


def _mix_passes(event: _Event, p: Player, games: Sequence[_Game], title: str) -> bool:
    """§1.4.3-1.4.5 on ``games``, as :func:`_opponents_verdict` checks them."""
    rules = event.rules
    assert rules.norm_titles is not None
    n = len(games)
    exempt = event.exemption
    if exempt in _HOST_ONLY and p.federation != event.host:
        exempt = None
    if not exempt:
        own = p.federation
        feds = Counter(
            x.opponent.federation for x in games if x.opponent.federation not in ("", "FID")
        )
        if len(feds) - (own in feds) < (rules.foreign_federations or 0):
            return False
        # Maximum counts rounded down, minimum counts up (§1.4.4).
        if feds.get(own, 0) > event.own_cap[0] * n // event.own_cap[1]:
            return False
        if feds and max(feds.values()) > event.one_cap[0] * n // event.one_cap[1]:
            return False
    holders = sum(1 for x in games if x.opponent.title in TITLE_HOLDERS)
    if holders < -(-event.titled[0] * n // event.titled[1]):
        return False
    wanted = rules.norm_titles[title]
    if event.double:
        distinct = {x.opponent.rank: x.opponent.title for x in games}
        return sum(1 for t in distinct.values() if t in wanted) >= -(-len(distinct) // 2)
    have = sum(1 for x in games if x.opponent.title in wanted)
    return have >= max(-(-event.third[0] * n // event.third[1]), rules.title_minimum or 0)


def _ratings_pass(event: _Event, games: Sequence[_Game], title: str) -> bool:
    """§1.4.6-1.4.8 on ``games``: Ra, Rp and the 35% score."""
    rules = event.rules
    assert rules.rating_floor is not None and rules.average_minimum is not None
    assert rules.performance_minimum is not None
    n = len(games)
    ratings = [x.rating for x in games]
    low = min(ratings)
    ra = _average(sum(ratings) + max(0, rules.rating_floor[title] - low), n)
    h = sum(x.halves for x in games)
    return (
        ra >= rules.average_minimum[title]
        and ra + _DP[_percent(h, n)] >= rules.performance_minimum[title]
        and h * event.score[1] >= 2 * event.score[0] * n
    )


class _Ratings(NamedTuple):
    """§1.4.6-1.4.9 on the games counted: Ra with the lowest raised, Rp."""

    used: list[int]
    """Each game's rating as Ra counts it (the lowest raised to the floor)."""
    raised_at: int | None
    points: Decimal
    ra: int | None
    rc: int | None
    percentage: int | None
    dp: int | None
    rp: int | None


def _share_words(share: Fraction) -> str:
    """A rule's share in the report's words: half, a third, 3/5, 35%."""
    if share == Fraction(1, 2):
        return "half"
    if share == Fraction(1, 3):
        return "a third"
    # B.01 writes small fractions as fractions (§1.4.4 "3/5", "2/3") and
    # the others as a percentage (§1.4.8b "35%").
    if share.denominator > 10 and 100 % share.denominator == 0:
        return f"{share * 100}%"
    return f"{share.numerator}/{share.denominator}"


def _games_played(event: _Event, g: _Games, games: Sequence[_Game]) -> Requirement:
    """§1.4.1: the games over the board, at least the edition's minimum (or
    fewer in the §1.4.1b events; 8 as 9 under §1.4.1c)."""
    rules = event.rules
    n = len(games)
    least, credited_as, why_least = _least_games(event, g)
    if len(games) != len(g.counted) and credited_as is not None and why_least.startswith("§1.4.1c"):
        least, why_least = rules.minimum_games or 0, ""
    return Requirement(
        "games", rules.section["games"], "games over the board", str(n),
        f"≥ {least}" + (f" ({why_least})" if why_least else ""), n >= least,
    )  # fmt: skip


def _credited_as(event: _Event, g: _Games, games: Sequence[_Game]) -> int | None:
    """§1.4.1c: the games a norm of 8 games is credited as (9), if any."""
    _, credited_as, why_least = _least_games(event, g)
    if len(games) != len(g.counted) and credited_as is not None and why_least.startswith("§1.4.1c"):
        return None
    return credited_as


def _opponents_federations(event: _Event, p: Player, games: Sequence[_Game]) -> list[Requirement]:
    """§1.4.3-1.4.4: federations other than the player's, and the caps on
    his own and on any one (maximum counts rounded down); an exemption
    (§1.4.3a-d) waives them. FID is no federation (§1.4.2a)."""
    rules = event.rules
    assert rules.own_federation_cap is not None and rules.one_federation_cap is not None
    sec = rules.section
    n = len(games)
    own = p.federation
    feds = Counter(x.opponent.federation for x in games if x.opponent.federation not in ("", "FID"))
    other = sorted(f for f in feds if f != own)
    exempt = event.exemption
    if exempt in _HOST_ONLY and own != event.host:
        exempt = None
    waived = f"waived: {exempt} declared" if exempt else ""
    own_share, one_share = rules.own_federation_cap, rules.one_federation_cap
    own_cap = math.floor(own_share * n)
    top, top_count = feds.most_common(1)[0] if feds else ("-", 0)
    one_cap = math.floor(one_share * n)
    return [
        Requirement(
            "federations", sec["federations"], "federations other than the player's",
            f"{len(other)} ({', '.join(other)})" if other else "0",
            waived or f"≥ {rules.foreign_federations}",
            True if exempt else len(other) >= (rules.foreign_federations or 0),
        ),
        Requirement(
            "own-federation", sec["own-federation"],
            f"opponents of the player's federation ({own or '?'})", str(feds.get(own, 0)),
            waived or f"≤ {own_cap} ({_share_words(own_share)} of {n}, rounded down)",
            True if exempt else feds.get(own, 0) <= own_cap,
        ),
        Requirement(
            "one-federation", sec["one-federation"], "opponents of any one federation",
            f"{top_count} ({top})",
            waived or f"≤ {one_cap} ({_share_words(one_share)} of {n}, rounded down)",
            True if exempt else top_count <= one_cap,
        ),
    ]  # fmt: skip


def _titled_opponents(event: _Event, games: Sequence[_Game], title: str) -> list[Requirement]:
    """§1.4.5: title holders (CM and WCM hold no title here), at least the
    edition's share; holders of the norm's titles, a share and a minimum
    (§1.4.5b-e), or half the distinct opponents in a double round robin
    with its least number of players (§1.4.5f)."""
    rules = event.rules
    assert rules.norm_titles is not None
    assert rules.titled_share is not None and rules.title_share is not None
    sec = rules.section
    n = len(games)
    holders = sum(1 for x in games if x.opponent.title in TITLE_HOLDERS)
    need = math.ceil(rules.titled_share * n)
    reqs = [
        Requirement(
            "title-holders", sec["title-holders"], "title holders (CM, WCM not counted)",
            str(holders), f"≥ {need} ({_share_words(rules.titled_share)} of {n}, rounded up)",
            holders >= need,
        )
    ]  # fmt: skip
    wanted = rules.norm_titles[title]
    names = "/".join(x for x in NORM_TITLES if x in wanted)
    if event.double:
        distinct = {x.opponent.rank: x.opponent.title for x in games}
        have = sum(1 for x in distinct.values() if x in wanted)
        need = math.ceil(len(distinct) / 2)
        least_players = rules.double_round_robin_players or 0
        reqs += [
            Requirement(
                "norm-titles", "§1.4.5f", f"distinct opponents holding {names}", str(have),
                f"≥ {need} (half of {len(distinct)} opponents, rounded up)", have >= need,
            ),
            Requirement(
                "double-round-robin", sec["double-round-robin"],
                "players in the double round robin", str(event.players), f"≥ {least_players}",
                event.players >= least_players,
            ),
        ]  # fmt: skip
        return reqs
    part = {"GM": "b", "IM": "c", "WGM": "d", "WIM": "e"}[title]
    have = sum(1 for x in games if x.opponent.title in wanted)
    need = max(math.ceil(rules.title_share * n), rules.title_minimum or 0)
    reqs.append(Requirement(
        "norm-titles", f"§1.4.5{part}", f"opponents holding {names}", str(have),
        f"≥ {need} ({_share_words(rules.title_share)} of {n}, at least {rules.title_minimum})",
        have >= need,
    ))  # fmt: skip
    return reqs


def _complete_event(event: _Event, p: Player, g: _Games, title: str) -> Requirement:
    """§1.4.1f: in a round robin the whole event's mix must allow a norm."""
    ok = _mix_passes(event, p, g.counted, title)
    return Requirement(
        "complete-event", event.rules.section["complete-event"],
        "the opponent mix of the complete event",
        "allows a norm" if ok else "allows no norm", "allows a norm", ok,
    )  # fmt: skip


def _ratings(event: _Event, games: Sequence[_Game], title: str) -> _Ratings:
    """§1.4.6-1.4.9: Ra over the games, one opponent only, the lowest rated
    (the first of equals), raised to the floor (§1.4.6c); Rp = Ra + dp(p)."""
    rules = event.rules
    assert rules.rating_floor is not None
    n = len(games)
    floor = rules.rating_floor[title]
    used = [x.rating for x in games]
    raised_at = None
    if n and min(used) < floor:
        raised_at = used.index(min(used))
        used[raised_at] = floor
    points = sum((x.points for x in games), Decimal(0))
    ra = _average(sum(used), n) if n else None
    rc = _average(sum(x.rating for x in games), n) if n else None
    pct = _percent(sum(x.halves for x in games), n) if n else None
    dp = _DP[pct] if pct is not None else None
    rp = ra + dp if ra is not None and dp is not None else None
    return _Ratings(used, raised_at, points, ra, rc, pct, dp, rp)


def _rating_requirements(
    event: _Event, games: Sequence[_Game], title: str, r: _Ratings
) -> list[Requirement]:
    """§1.4.6-1.4.8: Ra and Rp at least the title's, and the least score."""
    rules = event.rules
    assert rules.rating_floor is not None
    assert rules.average_minimum is not None and rules.performance_minimum is not None
    sec = rules.section
    n = len(games)
    unrated = event.unrated
    floor = rules.rating_floor[title]
    least_ra = rules.average_minimum[title]
    least_rp = rules.performance_minimum[title]
    raised_note = ""
    if r.raised_at is not None:
        x = games[r.raised_at].opponent
        raised_note = f"; {x.rank} raised from {x.rating or f'unrated ({unrated})'} to {floor}"
    share = rules.minimum_score or Fraction(0)
    least_score = share * n
    ra, dp, rp = r.ra, r.dp, r.rp
    return [
        Requirement(
            "average", sec["average"], f"Ra (unrated {unrated}, the lowest raised to {floor})",
            (str(ra) if ra is not None else "no games") + raised_note, f"≥ {least_ra}",
            ra is not None and ra >= least_ra,
        ),
        Requirement(
            "performance", sec["performance"], "Rp = Ra + dp(p)",
            f"{ra} {'-' if dp < 0 else '+'} {abs(dp)} = {rp} (p = {r.percentage}%)"
            if rp is not None and dp is not None else "no games",
            f"≥ {least_rp}", rp is not None and rp >= least_rp,
        ),
        Requirement(
            "score", sec["score"], "points", f"{_pts(r.points)} of {n}",
            f"≥ {_pts(least_score)} ({_share_words(share)} of {n})",
            n > 0 and Fraction(r.points) >= least_score,
        ),
    ]  # fmt: skip


def _verdict_notes(event: _Event, g: _Games, games: Sequence[_Game], achieved: bool) -> list[str]:
    """What the verdict cannot settle from the file: §1.4.2c's last-round
    forfeit, §1.4.1c's 8 as 9 after a bye the file calls F, and opponents
    without a federation or playing for FID (§1.4.2a)."""
    notes = []
    if g.last_round_forfeit and not achieved:
        notes.append(
            "the last round is a forfeit win: the §1.4.2c exception for a last-round "
            "forfeit is not modelled (its wording is not established)"
        )
    full_point = _WHY[Result.FULL_POINT_BYE.value]
    if (
        not achieved
        and event.rules.eight_of_nine
        and event.rounds == 9
        and len(g.counted) == 8
        and len(g.left_out) == 1
        and g.left_out[0][1] == full_point
    ):
        # §1.4.1c: 8 games count as 9 after a forfeit win or a pairing-
        # allocated bye only (_EIGHT_OF_NINE); TRF's F is neither by name.
        r = g.left_out[0][0]
        notes.append(
            f"round {r} is a full-point bye (F): §1.4.1c counts 8 games as 9 only when the "
            "missing round is a forfeit win or a pairing-allocated bye (U); if round "
            f"{r} was the pairing-allocated bye, the file should say U"
        )
    unknown = sorted({x.opponent.rank for x in games if not x.opponent.federation})
    if unknown:
        notes.append(f"no federation given for opponents {', '.join(map(str, unknown))}")
    fid = sorted({x.opponent.rank for x in games if x.opponent.federation == "FID"})
    if fid:
        notes.append(f"opponents {', '.join(map(str, fid))} play for FID: no federation (§1.4.2a)")
    return notes


def _opponents_verdict(
    event: _Event,
    p: Player,
    g: _Games,
    title: str,
    games: Sequence[_Game],
    dropped: tuple[tuple[int, str], ...],
) -> Verdict:
    """The verdict of B.01 2024 §1.4 on ``games``: each requirement, section
    by section, then the norm's credit (§1.4.1d, §1.7)."""
    rules = event.rules
    assert rules.average_minimum is not None and rules.performance_minimum is not None
    n = len(games)
    reqs: list[Requirement] = list(event.conditions)  # §1.1: the event's, shared
    reqs.append(_games_played(event, g, games))
    reqs += _opponents_federations(event, p, games)
    reqs += _titled_opponents(event, games, title)
    if event.predetermined and len(games) != len(g.counted):
        reqs.append(_complete_event(event, p, g, title))
    r = _ratings(event, games, title)
    reqs += _rating_requirements(event, games, title, r)

    least_ra = rules.average_minimum[title]
    least_rp = rules.performance_minimum[title]
    least_score = (rules.minimum_score or Fraction(0)) * n
    achieved = all(x.passed for x in reqs)
    performance = r.ra is not None and r.rp is not None and r.ra >= least_ra and r.rp >= least_rp
    required = _required_points(r.ra, n, least_ra, least_rp, 2 * least_score)
    credited = None
    extra = 0
    if achieved:
        credited_as = _credited_as(event, g, games)
        credited = credited_as if credited_as is not None else n
        if rules.credited_games_cap is not None:
            credited = min(credited, rules.credited_games_cap)  # §1.7
        if required is not None:
            extra = int(r.points - required)  # §1.4.1d: each full point above
    used = tuple(
        NormGame(
            x.round, x.opponent.rank, x.opponent.name, x.opponent.federation, x.opponent.title,
            x.opponent.rating, r.used[i], x.points, x.colour, raised=i == r.raised_at,
        )
        for i, x in enumerate(games)
    )  # fmt: skip
    return Verdict(
        title=title,
        achieved=achieved,
        performance=performance,
        games=n,
        credited_games=credited,
        extra_games=extra,
        points=r.points,
        ra=r.ra,
        rp=r.rp,
        rc=r.rc,
        percentage=r.percentage,
        category=None,
        required_points=required,
        requirements=tuple(reqs),
        used=used,
        left_out=tuple(sorted(g.left_out + dropped)),
        notes=tuple(_verdict_notes(event, g, games, achieved)),
    )


def _required_points(
    ra: int | None, n: int, least_ra: int, least_rp: int, least_halves: Fraction
) -> Decimal | None:
    """The fewest points, in half points, that make Rp reach ``least_rp`` with
    this Ra (and the 35% score), or ``None`` when no score can (Ra too low)."""
    if ra is None or ra < least_ra:
        return None
    for halves in range(math.ceil(least_halves), 2 * n + 1):
        if ra + _DP[_percent(halves, n)] >= least_rp:
            return Decimal(halves) / 2
    return None


def _pts(x: Fraction | Decimal) -> str:
    """Points as a report prints them: 5, 5.5, 3.15."""
    d = Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction) else x
    return format(d.normalize(), "f") if d == d.to_integral() else format(d, "f").rstrip("0")


# --- editions not modelled ---------------------------------------------------------


def _not_modelled(event: _Event, g: _Games, title: str) -> Verdict:
    rules = event.rules
    points = sum((x.points for x in g.counted), Decimal(0))
    return Verdict(
        title=title,
        achieved=None,
        performance=None,
        games=len(g.counted),
        credited_games=None,
        extra_games=0,
        points=points,
        ra=None,
        rp=None,
        rc=None,
        percentage=None,
        category=None,
        required_points=None,
        requirements=(
            Requirement("edition", "", rules.title, "not modelled", rules.why_not_modelled, None),
        ),
        used=(),
        left_out=g.left_out,
        notes=(f"{rules.name} is not modelled: {rules.why_not_modelled}",),
    )


# --- the 2003 handbook (Form 4): the tournament is the player and his opponents ---


def _tournament_verdict(event: _Event, p: Player, g: _Games, title: str) -> Verdict:
    rules = event.rules
    assert rules.rated_share is not None and rules.titled_share is not None
    assert rules.foreign_share is not None and rules.federations is not None
    sec = rules.section
    games = g.counted
    n = len(games)
    unrated = rules.unrated_rating or 0
    size = n + 1  # §8.1: the player and his opponents, each opponent once per game
    reqs: list[Requirement] = []
    add = reqs.append
    least = rules.minimum_games or 0
    add(Requirement("games", sec["games"], "games", str(n), f"≥ {least}", n >= least))
    rated = (1 if p.rating else 0) + sum(1 for x in games if x.opponent.rating)
    need = math.ceil(rules.rated_share * size)
    add(Requirement(
        "rated", sec["rated"], "rated players among the player and his opponents",
        f"{rated} of {size}", f"≥ {need} (80%)", rated >= need,
    ))  # fmt: skip
    own_title = p.title.value if p.title is not None else ""
    holders = (own_title in TITLE_HOLDERS) + sum(
        1 for x in games if x.opponent.title in TITLE_HOLDERS
    )
    need = math.ceil(rules.titled_share * size)
    add(Requirement(
        "title-holders", sec["title-holders"], "title holders among the player and his opponents",
        f"{holders} of {size}", f"≥ {need} (50%)", holders >= need,
    ))  # fmt: skip
    foreign = sum(1 for x in games if x.opponent.federation != p.federation)
    need = math.ceil(rules.foreign_share * size)
    add(Requirement(
        "foreign", sec["foreign"], "players not from the player's federation",
        f"{foreign} of {size}", f"≥ {need} (a third)", foreign >= need,
    ))  # fmt: skip
    feds = {x.opponent.federation for x in games if x.opponent.federation} | (
        {p.federation} if p.federation else set()
    )
    add(Requirement(
        "federations", sec["federations"], "federations represented (the player's included)",
        str(len(feds)), f"≥ {rules.federations}", len(feds) >= rules.federations,
    ))  # fmt: skip
    own = p.rating or unrated
    ratings = [x.opponent.rating or unrated for x in games]
    ra = round_half_up(Fraction(own + sum(ratings), size))
    rc = round_half_up(Fraction(sum(ratings), n)) if n else None
    category = (ra - 2251) // 25 + 1 if ra >= 2251 else None
    points = sum((x.points for x in games), Decimal(0))
    pct = round_half_up(Fraction(points) * 100 / n) if n else None
    # 2002 §10.1: the table's p = 0 and 1 are indeterminate; no Rp then.
    rp = (
        rc + rating_difference(Fraction(pct, 100)) if rc is not None and pct and pct < 100 else None
    )
    add(Requirement(
        "required-points", sec["required-points"], "points required for the category",
        f"{_pts(points)} of {n}", "not modelled", None,
    ))  # fmt: skip
    used = tuple(
        NormGame(
            x.round, x.opponent.rank, x.opponent.name, x.opponent.federation, x.opponent.title,
            x.opponent.rating, ratings[i], x.points, x.colour,
        )
        for i, x in enumerate(games)
    )  # fmt: skip
    failed = any(r.passed is False for r in reqs)
    return Verdict(
        title=title,
        achieved=False if failed else None,
        performance=None,
        games=n,
        credited_games=None,
        extra_games=0,
        points=points,
        ra=ra,
        rp=rp,
        rc=rc,
        percentage=pct,
        category=category,
        required_points=None,
        requirements=tuple(reqs),
        used=used,
        left_out=g.left_out,
        notes=(f"{rules.required_points}: whether the result is a norm is not modelled",),
    )
