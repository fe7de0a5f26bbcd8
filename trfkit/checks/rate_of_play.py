"""R101-R103: the rate of play against the rule set's thresholds (FIDE §1).

The measure is the time a player has for 60 moves, counting increments and
time added by move 60 (2002 §1.1 and §1.14; Rapid & Blitz 2024 §1.1; CHESSA
"Time Control"), computed by :meth:`TimeControl.minutes_for`.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import pairwise

from trfkit import _examples as ex
from trfkit.checks._index import Pairings, games
from trfkit.checks._util import diag
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event
from trfkit.model import UNREADABLE, Header, Player, Result, Tournament
from trfkit.rating.eligibility import (
    event_rate_of_play_problem,
    rate_classes,
    time_odds_problem,
)
from trfkit.rules import Family, RuleSet, Scope

__all__ = ["first_control", "rate_of_play", "standard_by_schedule", "time_control_known"]


def _column(t: Tournament, ev: Event) -> int:
    """The column of the time control's text in its 122/222 line."""
    if ev.time_control_source not in ("122", "222"):
        return 1  # given on the command line: the file as a whole
    for h in t.headers:
        if isinstance(h, Header) and h.code == ev.time_control_source and h.origin:
            return 5 + len(h.value) - len(h.value.lstrip())
    return 5


def _minutes_text(m: Fraction) -> str:
    return f"{float(m):g} minutes"


@check(
    Code(
        "R102",
        "regulation.time-control-unknown",
        Severity.WARNING,
        "No time control (122, or TRF26 222) or one trfkit could not read, so the "
        "rate of play was not checked. --time-control gives it on the command line.",
        "FIDE 2024 §1.1 (the rate of play decides whether a game is rated)",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 slow", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", ex.A, ex.B),
        "Write the time control in 122, e.g. 90 min/40 moves + 30 min, 30 sec/move.",
        plain="no time control the rating can read",
    ),
    kind=Kind.REGULATION,
)
def time_control_known(context: Context) -> Iterator[Diagnostic]:
    """R102: no time control, or one that could not be read."""
    t = context.tournament
    ev = context.event
    err = ev.time_control_error
    if ev.time_control is not None:
        return
    if err is None:
        if ev.standard_ruled_out:
            return  # R104 says the time control is missing, and what shows it
        yield diag(
            "R102",
            1,
            1,
            "no time control (122 or 222): the rate of play could not be checked",
            found="no 122 or 222 record",
            expected="the time control, e.g. 122 90 min/40 moves + 30 min, 30 sec/move",
        )
        return
    where = ev.time_control_source or "time control"
    column = _column(t, ev) + err.column - 1 if ev.time_control_line else 1
    yield diag(
        "R102",
        ev.time_control_line or 1,
        column,
        f"time control ({where}) not understood: found {err.found!r} where "
        f"{err.expected} was expected, so the rate of play could not be checked",
        found=err.found,
        expected=err.expected,
    )


@check(
    Code(
        "R104",
        "regulation.not-standard-by-schedule",
        Severity.ERROR,
        "No time control (122 or 222), and more rounds on one day than 12 hours of "
        "play hold at the least a standard game takes (2 x the rule set's least "
        "minutes for 60 moves): the event was not played at a standard rate, though "
        "a standard rule set would rate its games as standard. Said instead of R102; "
        "the name's words (Bullet, Blitz, Rapid) are added to the evidence.",
        "FIDE 2024 §1.1 (the least standard rate), §3 (12 hours of play a day); 2002 and 2009 §3.1",
        ex.lines(
            *ex.BASE,
            "012 Harbour Bullet Arena",
            "042 2025/05/01",
            "052 2025/05/01",
            *ex.R104_GAMES,
        ),
        ex.lines(
            *ex.BASE,
            "042 2025/05/01",
            "052 2025/05/04",
            *ex.R104_GAMES,
        ),
        "Write the event's time control in 122 (or give --time-control): a rapid or "
        "blitz event is rated under the rapid and blitz regulations, a faster one not "
        "at all.",
        quote='FIDE 2009 §3.1: "There must be no more than 12 hours play in one day."',
        plain="too many rounds a day for standard play",
        page_fix=(
            "Write the event's time control in 122: a rapid or blitz event is rated as such."
        ),
    ),
    kind=Kind.REGULATION,
)
def standard_by_schedule(context: Context) -> Iterator[Diagnostic]:
    """R104: no time control, and a schedule no standard event can have
    (more rounds on a day than 12 hours of standard games hold): the rule
    set's assumption of a standard rate is ruled out, and the games would
    be rated as standard on a guess the file contradicts."""
    t = context.tournament
    ev = context.event
    if ev.time_control is not None or not ev.standard_ruled_out:
        return
    line = t.header_line("132") or t.header_line("052") or 1
    yield diag(
        "R104",
        line,
        1 if line == 1 else 5,
        f"no time control (122 or 222), and {ev.standard_ruled_out}: not a standard "
        f"event, though {ev.rules.name} would rate its games as standard; give the time "
        "control (122, or --time-control) so that it is rated under the rules of its rate",
        found="no 122 or 222; " + ev.standard_ruled_out.split(":")[0],
        expected="the time control of the event",
    )


_TO_RATE = frozenset({None, Result.WIN, Result.DRAW, Result.LOSS, Result.BLANK})
_TO_RATE_CODES = frozenset(r.value if r is not None else UNREADABLE for r in _TO_RATE)


@check(
    Code(
        "R101",
        "regulation.rate-of-play",
        Severity.ERROR,
        "The rate of play is too fast for the ratings in the game: the time a "
        "player has for 60 moves (base + 60 x increment + time added by move 60) "
        "is below the rule set's minimum (FIDE standard: 120/90/60 minutes by rating; "
        "rapid: more than 10 and less than 60; blitz: more than 3 and at most 10), "
        "or the players have different times where that is not rated.",
        "FIDE 2002/2009 §1.1, 2024 §1.1; Rapid & Blitz 2024 §1.1-1.2; CHESSA Time Control",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 45 min + 30 sec/move", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90 min + 30 sec/move", ex.A, ex.B),
        "Play a slower time control, or report the event for rapid or blitz rating.",
        quote='FIDE 2002 §1.1: "For a game to be rated each player must have the following minimum periods in which to complete all the moves, assuming the game lasts 60 moves." §1.11: "Where at least one of the players in the tournament has a rating 2200 or higher, each player must have a minimum of 120 minutes." Rapid & Blitz 2024 §1.1.1: "for a rapid game all the moves must be made in a fixed time of more than 10 minutes but less than 60 minutes for each player; or the time allotted + 60 times any increment must be more than 10 minutes but less than 60 minutes for each player"; §1.2: "Games where the players have different playing times are not rated."',
        plain="a rate of play too fast for standard rating",
    ),
    kind=Kind.REGULATION,
)
def rate_of_play(context: Context) -> Iterator[Diagnostic]:
    """R101: a rate of play too fast for the ratings in the game (or event)."""
    t = context.tournament
    ev = context.event
    tc, rules = ev.time_control, ev.rules
    if tc is None:
        return
    minutes = tc.minutes_for(60)
    line, column = ev.time_control_line or 1, _column(t, ev)
    shown = f"{tc.text!r} gives {_minutes_text(minutes)} for 60 moves"
    # The rules are trfkit.rating.eligibility's, which the rater applies too.
    odds = time_odds_problem(rules, tc.time_odds)
    if odds is not None:
        yield diag(
            "R101",
            line,
            column,
            f"{tc.text!r}: the players have different times, and such games are not rated "
            f"under {rules.name}",
            found=tc.text,
            expected=odds.expected,
        )
    if rules.family is Family.STANDARD:
        yield from _standard(t, context.pairings, rules, minutes, shown, line, column)
        return
    problem = event_rate_of_play_problem(rules, minutes)
    if problem is not None:
        yield diag(
            "R101",
            line,
            column,
            f"{shown}: {rate_classes(rules)} under {rules.name}",
            found=problem.found,
            expected=problem.expected,
        )


def _standard(
    t: Tournament,
    ix: Pairings,
    rules: RuleSet,
    minutes: Fraction,
    shown: str,
    line: int,
    column: int,
) -> Iterator[Diagnostic]:
    thresholds = rules.rate_of_play.standard_minimum_minutes or ()
    lowest = thresholds[-1][1] if thresholds else 0
    # Tournament scope (2002 §1.11, 2009 §1.1): the highest-rated player of
    # the event sets every game's minimum.
    top = max(t.players, key=lambda p: p.rating or 0, default=None)
    event = event_rate_of_play_problem(rules, minutes, (top.rating or 0) if top else None)
    if event is not None and minutes < lowest:
        yield diag(
            "R101",
            line,
            column,
            f"{shown}, less than the {lowest} minutes any standard game needs under "
            f"{rules.name}; if the event is rapid or blitz, check it with --rules fide-rb-2024",
            found=_minutes_text(minutes),
            expected=f"at least {lowest} minutes",
        )
        return
    if rules.rate_of_play.threshold_scope is Scope.TOURNAMENT:
        if top is None:
            return
        if event is not None:
            needed = rules.minimum_minutes(top.rating or 0) or 0
            message = (
                f"{shown}; player {top.start_rank} is rated {top.rating}, so under "
                f"{rules.name} every game of the tournament needs {needed}"
            )
            severity = Severity.ERROR
            reading = rules.reading("rate_of_play.threshold_scope")
            if reading is not None:
                # The text is not established (2014 §1.1): say what the other
                # reading finds, and do not call it an error when it finds
                # nothing.
                fast = sum(map(len, _short_games(t, ix, rules, minutes).values()))
                message += (
                    f" (a reading of {rules.name}: {reading.chosen}; if {reading.other}, "
                    f"{fast} game{'s' if fast != 1 else ''} would be too fast)"
                )
                if not fast:
                    severity = Severity.WARNING
            yield diag(
                "R101",
                line,
                column,
                message,
                found=event.found,
                expected=event.expected,
                severity=severity,
            )
        return
    # From 2014 the higher-rated player of each game decides (2024 §1.1).
    if not thresholds or minutes >= max(m for _, m in thresholds):
        return  # enough for the highest threshold: every game can be rated
    short = _short_games(t, ix, rules, minutes)
    if not short:
        return
    rating = {p.start_rank: p.rating or 0 for p in t.players}
    for needed, pairs in sorted(short.items(), reverse=True):
        threshold = next(r for r, m in thresholds if m == needed)
        players = sorted(
            {x.start_rank for pair in pairs for x in pair if rating[x.start_rank] >= threshold}
        )
        listed = ", ".join(map(str, players[:8])) + (", ..." if len(players) > 8 else "")
        yield diag(
            "R101",
            line,
            column,
            f"{shown}; under {rules.name} a game with a player rated {threshold} or more "
            f"needs {needed}: {len(pairs)} game{'s' if len(pairs) != 1 else ''} cannot be "
            f"rated (players {listed})",
            found=_minutes_text(minutes),
            expected=f"at least {needed} minutes",
        )


def _short_games(
    t: Tournament, ix: Pairings, rules: RuleSet, minutes: Fraction
) -> dict[int, list[tuple[Player, Player]]]:
    """The games to be rated that ``minutes`` is too little for, by the minutes
    they need; each game once, as (lower, higher starting rank).

    A game to be rated has a rated result, or none yet (in progress). Its
    minimum is that of its higher rating, so a game is short only if one of
    its players is rated high enough to need more than ``minutes`` on his
    own ("hot"): walking the hot players' cells finds every short game
    without looking at the other games (the index does not keep them).
    """
    players = t.players
    by_rank = ix.by_rank
    short: dict[int, list[tuple[Player, Player]]] = {}
    if len(by_rank) != len(players):
        # Two players share a starting rank (S107): which of them a game
        # belongs to is the index's business; walk every game as it does.
        rating = {p.start_rank: p.rating or 0 for p in players}
        for low, _, g, high, _ in games(t):
            if g.result in _TO_RATE:
                most = max(rating[low.start_rank], rating[high.start_rank])
                needed = rules.minimum_minutes(most) or 0
                if minutes < needed:
                    short.setdefault(needed, []).append((low, high))
        return short
    # The minutes each rating needs, asked once per distinct rating.
    need: dict[int, int] = {}

    def needs(rating: int) -> int:
        n = need.get(rating)
        if n is None:
            n = need[rating] = rules.minimum_minutes(rating) or 0
        return n

    cut = _cut(rules.rate_of_play.standard_minimum_minutes or (), minutes)
    if cut is not None:
        hot = [p for p in players if (p.rating or 0) >= cut]
    else:
        hot = [p for p in players if minutes < needs(p.rating or 0)]
    ranks = {p.start_rank for p in hot}
    # minutes as numerator / denominator (positive): comparing it with a
    # whole number of minutes in integers, not a Fraction call a game.
    whole, per_minute = minutes.numerator, minutes.denominator
    # The cells of the hot players and their opponents only, each player's
    # own (the ranks are distinct here): a dict of every line cost an eighth
    # of the check on a 3000-player file with 118 hot players (callgrind).
    for p in hot:
        a = p.start_rank
        mine = p.cells()
        for i, o in enumerate(mine.opponents):
            if o is None or o == a:
                continue
            q = by_rank.get(o)
            if q is None:
                continue
            theirs = q.cells()
            if len(theirs.opponents) <= i or theirs.opponents[i] != a:
                continue  # no game both lines agree on
            if o > a:
                lower, higher, result = p, q, mine.results[i]
            elif o in ranks:
                continue  # two hot players: the game is counted from the lower rank
            else:
                lower, higher, result = q, p, theirs.results[i]
            if result not in _TO_RATE_CODES:
                continue
            needed = needs(max(p.rating or 0, q.rating or 0))
            if needed * per_minute > whole:  # minutes < needed, in integers
                short.setdefault(needed, []).append((lower, higher))
    return short


def _cut(thresholds: tuple[tuple[int, int], ...], minutes: Fraction) -> int | None:
    """The lowest rating that needs more than ``minutes``, when the thresholds
    rise with the rating (as in every rule set): then exactly the players
    rated that much need more. ``None`` when they do not rise so."""
    steps = pairwise(thresholds)
    if not thresholds or any(r1 <= r2 or m1 < m2 for (r1, m1), (r2, m2) in steps):
        return None
    if thresholds[-1][1] > minutes:
        return None  # below every threshold a rating needs the last minutes
    above = [r for r, m in thresholds if m > minutes]
    return above[-1] if above else None


@check(
    Code(
        "R103",
        "regulation.first-control-moves",
        Severity.ERROR,
        "The first time control has fewer moves than the rule set asks: 40 in 2009 "
        "(only recommended in 2002, a warning), 30 from 2022.",
        "FIDE 2002 §1.3, 2009 §1.3, 2024 §1.2",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 20 moves in 90 min + 30 min", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 40 moves in 90 min + 30 min", ex.A, ex.B),
        "Make the first time control at least the rule set's number of moves.",
        quote='FIDE 2009 §1.3: "Where a certain number of moves is specified in the first time control, it shall be 40 moves." (2002 §1.3: "it is recommended be 40 moves".)',
        plain="too few moves in the first time control",
    ),
    kind=Kind.REGULATION,
)
def first_control(context: Context) -> Iterator[Diagnostic]:
    """R103: a first time control with fewer moves than the rule set asks."""
    t = context.tournament
    ev = context.event
    tc, rules = ev.time_control, ev.rules
    least = rules.rate_of_play.first_control_moves
    if tc is None or least is None:
        return
    moves = tc.first_control_moves
    if moves is None or moves >= least:
        return
    yield diag(
        "R103",
        ev.time_control_line or 1,
        _column(t, ev),
        f"{tc.text!r}: the first time control is {moves} moves; {rules.name} "
        + ("asks for" if rules.rate_of_play.first_control_binding else "recommends")
        + f" {least}",
        found=f"{moves} moves",
        expected=f"at least {least} moves",
        severity=None if rules.rate_of_play.first_control_binding else Severity.WARNING,
    )
