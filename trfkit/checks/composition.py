"""R601-R607: who plays whom: rated-player quotas, unrated players, matches,
CHESSA's sizes and rounds, and the rapid and blitz 600-point rule."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from trfkit import _examples as ex
from trfkit.checks._util import cell_column, diag, line_of
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import TournamentType, match_decided_round
from trfkit.model import UNREADABLE, Colour, Game, Player, Result, Tournament
from trfkit.rating.eligibility import (
    first_event_problem,
    first_rating_problem,
    rating_gap_problem,
    round_robin_method,
)
from trfkit.scoring import ScoringSystem

__all__ = [
    "chessa_rounds",
    "chessa_sizes",
    "matches",
    "rating_gap",
    "round_robin_quota",
    "unrated_players",
]

_SCORE = ScoringSystem.default()
# The default points of the rated results (1 = 0), which count the same
# with either colour, keyed by the characters of Cells.
_RATED_POINTS: dict[str, Decimal] = {
    r.value: _SCORE.points(Game(None, Colour.WHITE, r)) for r in Result if r.is_rated
}
# R607: the games still to be rated: a rated result, none yet, or unreadable.
_TO_RATE_CODES = frozenset({*_RATED_POINTS, Result.BLANK.value, UNREADABLE})
_RR = (TournamentType.ROUND_ROBIN, TournamentType.DOUBLE_ROUND_ROBIN)


def _first_player_line(t: Tournament) -> int:
    return line_of(t.players[0]) if t.players else 1


@check(
    Code(
        "R601",
        "regulation.round-robin-quota",
        Severity.ERROR,
        "A round robin without its share of rated players: at least one third, and "
        "at least 4 when it has fewer than 10 players.",
        "FIDE 2002/2009 §6.3-6.31",
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 0], ex.RR4)
        ),
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 2100], ex.RR4)
        ),
        "Such an event cannot be rated under these rules.",
        rules="fide-2009",
        quote='FIDE 2009 §6.3: "In a round robin tournament at least one-third of the players must be rated. 6.31 If the event has less than 10 players, at least 4 must be rated."',
        plain="too few rated players for a round robin",
    ),
    Code(
        "R602",
        "regulation.double-round-robin-quota",
        Severity.ERROR,
        "A double round robin with unrated players has fewer than 6 players or fewer than 4 rated.",
        "FIDE 2002/2009 §6.32",
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 0], ex.DRR4)
        ),
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 2100], ex.DRR4)
        ),
        "Such an event cannot be rated under these rules.",
        rules="fide-2009",
        quote='FIDE 2009 §6.32: "In a double round tournament with unrated participants, there must be at least 6 players, 4 of whom must be rated."',
        plain="too few players for a double round robin",
    ),
    kind=Kind.REGULATION,
)
def round_robin_quota(context: Context) -> Iterator[Diagnostic]:
    """R601: a round robin without its share of rated players; R602: a double
    round robin with unrated players below its minimums (2002/2009 §6.3-6.32)."""
    t = context.tournament
    ev = context.event
    rules = ev.rules
    if ev.type not in _RR or not t.players:
        return
    n = len(t.players)
    rated = sum(1 for p in t.players if p.is_rated)
    line = _first_player_line(t)
    # §6.3 and §6.31 are one quota: a third of the players, and at least
    # 4 when there are fewer than 10. Report the larger need once.
    need = 0
    quota = rules.round_robin
    share = quota.rated_share if quota else None
    if share is not None:
        need = -(-n * share[0] // share[1])
    small = quota.small_field if quota else None
    if small is not None and n < small[0]:
        need = max(need, small[1])
    double = quota.double_with_unrated if quota else None
    # §6.32: a double round robin with unrated players needs 6 players, 4
    # rated. When it falls short, R602 says so, and R601's quota, if no
    # larger than its 4, would be the same shortfall again.
    short_double = (
        double is not None
        and ev.type is TournamentType.DOUBLE_ROUND_ROBIN
        and rated < n
        and (n < double[0] or rated < double[1])
    )
    if rated < need and not (short_double and double is not None and need <= double[1]):
        yield diag(
            "R601",
            line,
            1,
            f"{rated} of the {n} players are rated; under {rules.name} a round robin of "
            f"{n} players needs {need} rated"
            + (f" (at least {small[1]} below {small[0]} players)" if small and n < small[0] else "")
            + (": more than it has players, so it cannot be rated" if need > n else ""),
            found=f"{rated} rated",
            expected=f"at least {need} rated",
        )
    if short_double and double is not None:
        yield diag(
            "R602",
            line,
            1,
            f"a double round robin with unrated players has {n} players, {rated} rated; "
            f"{rules.name} needs at least {double[0]} players, {double[1]} of them rated",
            found=f"{n} players, {rated} rated",
            expected=f"at least {double[0]} players, {double[1]} rated",
        )


def _against_rated(p: Player, by_rank: dict[int, Player], all_games: bool) -> tuple[int, Decimal]:
    """Rated games (1 = 0) against rated opponents, or all opponents, and the score."""
    kept: list[str] = []
    opponents, _, results = p.cells()
    for o, result in zip(opponents, results, strict=True):
        # _RATED_POINTS rather than Result.is_rated and _SCORE.points: the
        # same answers, with no Python-level call a cell.
        if _RATED_POINTS.get(result) is None or o is None:
            continue
        q = by_rank.get(o)
        if q is None or not (all_games or q.rating):
            continue
        kept.append(result)
    return len(kept), _score("".join(sorted(kept)))


def _met(t: Tournament, by_rank: dict[int, Player]) -> dict[int, list[int]]:
    """The opponents each player met over the board (1 = 0)."""
    met: dict[int, list[int]] = {}
    for p in t.players:
        opponents, _, results = p.cells()
        met[p.start_rank] = [
            o
            for o, result in zip(opponents, results, strict=True)
            if o is not None and result in _RATED_POINTS and o in by_rank
        ]
    return met


@lru_cache(maxsize=1024)
def _score(results: str) -> Decimal:
    """The points of rated ``results`` (in any order: exact Decimal sums do
    not depend on it). Summed once per mix of results: a Decimal addition a
    game was a sixth of R603's instructions on a 3000-player file (callgrind)."""
    return sum(map(_RATED_POINTS.__getitem__, results), Decimal(0))


_RATING_COLUMN = 49
"""TRF16 §2.2: the rating in columns 49-52."""


def no_fide_rating(t: Tournament) -> list[Player] | None:
    """The players with games of an event in which no player has a FIDE
    rating (two at least), or ``None``: such an event is national as FIDE
    sees it, and what it says of its unrated players is one fact."""
    if any(p.rating for p in t.players):
        return None
    playing = [p for p in t.players if p.cells().results]
    return playing if len(playing) > 1 else None


@check(
    Code(
        "R603",
        "regulation.unrated-player",
        Severity.INFO,
        "An unrated player whose result will not count: too few games against rated "
        "opponents (3 in 2002/2009), too low a score against them (less than 1 point "
        "in 2002/2009, zero from 2022); or fewer games than a first rating "
        "needs (9 in 2002/2009, 5 from 2022, 12 in CHESSA), to be made up in "
        "later events. In a round robin rated by the round-robin method (2002, "
        "2009; 2014 and 2017 by their reading) the score and the games are those "
        "of the whole event, as the rater counts them (2009 §7.14a, §8.21b).",
        "FIDE 2002 §6.1, §6.42; 2009 §6.1, §6.41, §7.14a; 2024 §7.1.4, §8.2.1",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            *ex.field([2400, 2300, 2200, 0], ex.LOSES4, result="0"),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            *ex.field([2400, 2300, 2200, 2100], ex.LOSES4, result="0"),
        ),
        "Nothing to fix: the player's result is not used for his first rating.",
        quote='FIDE 2009 §6.41: "For an unrated player\'s performance to count he must play at least three games against rated opponents; score at least 1 point; and the rating based on the tournament result at its conclusion be above the rating floor."',
        grouped="unrated players will get no first rating from this event alone",
        plain="unrated players who get no first rating here",
    ),
    kind=Kind.REGULATION,
)
def unrated_players(context: Context) -> Iterator[Diagnostic]:
    """R603: an unrated player whose result will not count, or not yet.

    2002 §6.42 and 2009 §6.41: fewer than three games against rated
    opponents, or (2002 §6.1, 2009 §6.1) less than one point against them,
    and the event is disregarded for him. From 2022 a first event with a
    score of zero is disregarded, and a rating needs five games against
    rated opponents over one or more events. All info: the file is right,
    the arbiter is told what the rating will do with it.
    """
    t = context.tournament
    ev = context.event
    rules = ev.rules
    if ev.type is TournamentType.MATCH:
        return  # R604
    by_rank = {p.start_rank: p for p in t.players}
    # 2002 §10.21b, 2009 §8.21b/§7.14a: in a round robin rated by the
    # round-robin method every game counts, as the rater counts it; the
    # three rated opponents of §8.21 are still asked for.
    round_robin = ev.type is TournamentType.ROUND_ROBIN and round_robin_method(
        rules, ev.type, _met(t, by_rank), {p.start_rank for p in t.players if p.rating}
    )
    all_games = round_robin or not rules.unrated.only_rated_opponents
    opponents = "opponents" if all_games else "rated opponents"
    # The scores as Fractions, made once per value: the scores of a file
    # are few, and a Fraction made from a Decimal for each unrated player
    # was 7% of the check on a 3000-player file (callgrind).
    fractions: dict[Decimal, Fraction] = {}
    national = no_fide_rating(t)
    if national is not None:
        # No player is rated: no game of the event counts toward a first
        # rating (each needs rated opponents), one fact said once, not a
        # finding per player (issue 33: 103 R603 on a national event).
        yield diag(
            "R603",
            line_of(national[0]),
            _RATING_COLUMN,
            f"no player of the event has a FIDE rating (columns 49-52): a national event as "
            f"FIDE sees it; under {rules.name} none of its {len(national)} players' games "
            "counts toward a first rating, which needs games against rated opponents, and "
            "none of them is registered from it",
            found=f"{len(national)} players, none rated",
            expected="rated players, for a FIDE-rated event",
        )
        return
    for p in t.players:
        if p.rating or not p.cells().results:  # p.is_rated, without the property call
            continue
        games, score = _against_rated(p, by_rank, all_games)
        line, column = line_of(p), cell_column(1, "opponent")
        exact = fractions.get(score)
        if exact is None:
            exact = fractions[score] = Fraction(score)
        # The rater asks the same two questions (trfkit.rating.eligibility).
        rated_opponents = _against_rated(p, by_rank, False)[0] if round_robin else games
        problem = first_event_problem(rules, rated_opponents, exact)
        if problem is not None:
            yield diag(
                "R603",
                line,
                column,
                f"unrated player {p.start_rank} scored {score:g} in {games} game(s) against "
                f"{opponents}; under {rules.name} this event is disregarded for a first "
                f"rating: {problem.text}",
                found=problem.found,
                expected=problem.expected,
            )
            continue
        pool = first_rating_problem(rules, games)
        if pool is not None:
            yield diag(
                "R603",
                line,
                column,
                f"unrated player {p.start_rank} has {games} of the {rules.unrated.min_games} "
                f"games against {opponents} a first rating needs under {rules.name}; the rest "
                "must come from other events",
                found=pool.found,
                expected=pool.expected,
            )


@check(
    Code(
        "R604",
        "regulation.match",
        Severity.ERROR,
        "A match with an unrated player (not rated from 2009), or (warning) a game "
        "played after the match was decided, which is not rated unless waived in "
        "advance.",
        "FIDE 2002 §6.5, 2009 §6.5-6.6, 2024 §6; Rapid & Blitz 2024 §5",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 2",
            *ex.field([2400, 0], [[(1, 2)], [(2, 1)]]),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 2",
            *ex.field([2400, 2300], [[(1, 2)], [(2, 1)]]),
        ),
        "Such a match is not rated.",
        quote='FIDE 2009 §6.5: "Where a match is over a specific number of games, those played after one player has won shall not be rated." §6.6: "Matches in which one or both of the players are unrated shall not be rated."',
        plain="a match that cannot be rated",
    ),
    kind=Kind.REGULATION,
)
def matches(context: Context) -> Iterator[Diagnostic]:
    """R604: a match with an unrated player (2009 §6.6, 2024 §6, R&B §5.1), or
    games played after the match was decided (2002 §6.5, R&B §5.2)."""
    t = context.tournament
    ev = context.event
    if ev.type is not TournamentType.MATCH or len(t.players) != 2:
        return
    rules = ev.rules
    a, b = t.players
    if rules.match_unrated_not_rated:
        # One fact, the match is not rated: said once, on the first unrated
        # player's line, whether one player or both are unrated.
        unrated = [p for p in (a, b) if not p.is_rated]
        if unrated:
            who = (
                f"player {unrated[0].start_rank} is unrated"
                if len(unrated) == 1
                else f"players {a.start_rank} and {b.start_rank} are unrated"
            )
            yield diag(
                "R604",
                line_of(unrated[0]),
                1,
                f"{who}: under {rules.name} a match with an unrated player is not rated",
                found="unrated" if len(unrated) == 1 else "both unrated",
                expected="two rated players",
            )
    if rules.match_games_after_decision_rated:
        return
    decided = match_decided_round(t)
    if decided is None:
        return
    scheduled = t.number_of_rounds or context.rounds_played
    score = {a.start_rank: Decimal(0), b.start_rank: Decimal(0)}
    for r in range(1, context.rounds_played + 1):
        if r >= decided:
            for p in (a, b):
                g = p.games[r - 1] if len(p.games) >= r else None
                if g is not None and g.result is not None and g.result.is_rated:
                    yield diag(
                        "R604",
                        line_of(p),
                        cell_column(r, "result"),
                        f"round {r} was played after the match was decided "
                        f"({score[a.start_rank]:g}-{score[b.start_rank]:g} of {scheduled} "
                        f"games): under {rules.name} it is not rated unless waived in advance",
                        found=f"a game in round {r}",
                        expected=f"no rated game after the decision in round {r - 1}",
                        severity=Severity.WARNING,
                    )
                    break
        for p in (a, b):
            if len(p.games) >= r:
                score[p.start_rank] += _SCORE.points(p.games[r - 1])


@check(
    Code(
        "R605",
        "regulation.chessa-players",
        Severity.ERROR,
        "CHESSA: a section of fewer than 6 players is not rated; a tournament needs "
        "10 players in all (a warning, as other sections may make up the number).",
        "CHESSA Rating Rules 2015, Number of players per tournament",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 5",
            *ex.field([1500, 1400, 1300, 1200], ex.RR4),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 5",
            *ex.field(
                [1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000],
                [[(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]],
            ),
        ),
        "Merge small sections.",
        rules="chessa-2015",
        quote='CHESSA 2015: "At least 6 players per section, and At least 10 players in total for the whole tournament. Sections that have less than 6 players will not be rated".',
        plain="too few players for CHESSA",
    ),
    kind=Kind.REGULATION,
)
def chessa_sizes(context: Context) -> Iterator[Diagnostic]:
    """R605: CHESSA's 6 players a section (error) and 10 a tournament (warning:
    other sections of the tournament may make up the number)."""
    t = context.tournament
    ev = context.event
    rules = ev.rules
    n = len(t.players)
    line = _first_player_line(t)
    least = rules.minimums
    if least is None:
        return
    if n < least.section_players:
        yield diag(
            "R605",
            line,
            1,
            f"{n} players: under {rules.name} a section of fewer than "
            f"{least.section_players} is not rated",
            found=f"{n} players",
            expected=f"at least {least.section_players}",
        )
    elif n < least.tournament_players:
        yield diag(
            "R605",
            line,
            1,
            f"{n} players: {rules.name} rates a tournament of at least "
            f"{least.tournament_players} players in all; fine only if its other "
            "sections make up the number",
            found=f"{n} players",
            expected=f"at least {least.tournament_players} in the tournament",
            severity=Severity.WARNING,
        )


@check(
    Code(
        "R606",
        "regulation.chessa-rounds",
        Severity.ERROR,
        "CHESSA: fewer than 5 rounds (4 for Braille tournaments) without the Ratings "
        "Committee's dispensation, asked for 7 days ahead.",
        "CHESSA Rating Rules 2015, Rounds 1-2",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 3",
            *ex.field([1500, 1400, 1300, 1200], ex.RR4),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 5",
            *ex.field([1500, 1400, 1300, 1200], ex.RR4),
        ),
        "Play at least 5 rounds, or apply for a dispensation.",
        rules="chessa-2015",
        quote='CHESSA 2015, Rounds 1: "Only tournaments with a minimum of 5 rounds will be rated, unless special dispensation for fewer rounds have been granted by the CHESSA Ratings Committee"; 2: "For Braille tournaments the minimum number of rounds will be 4."',
        plain="too few rounds for CHESSA",
    ),
    kind=Kind.REGULATION,
)
def chessa_rounds(context: Context) -> Iterator[Diagnostic]:
    """R606: fewer rounds than CHESSA's 5 (4 for Braille events), which needs
    the Ratings Committee's dispensation, asked 7 days ahead."""
    t = context.tournament
    ev = context.event
    rules = ev.rules
    minimums = rules.minimums
    if minimums is None:
        return
    rounds = t.number_of_rounds or 0
    braille = "BRAILLE" in (t.name or "").upper()
    least = minimums.rounds_braille if braille and minimums.rounds_braille else minimums.rounds
    if 0 < rounds < least:
        yield diag(
            "R606",
            t.header_line("142") or _first_player_line(t),
            1,
            f"{rounds} rounds: {rules.name} rates tournaments of at least {least} rounds "
            "unless the Ratings Committee granted a dispensation",
            found=f"{rounds} rounds",
            expected=f"at least {least}",
        )


@check(
    Code(
        "R607",
        "regulation.rating-gap",
        Severity.WARNING,
        "Rapid and blitz, from 1 December 2024: a game between players 600 or more "
        "points apart, one of them rated above 2600, is not rated.",
        "FIDE Rapid & Blitz Rating Regulations 2024 (amendment of 2024-12-01)",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 15+10", *ex.field([2700, 2000], [[(1, 2)]])),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 15+10", *ex.field([2700, 2200], [[(1, 2)]])),
        "Nothing to fix: the game is simply not rated.",
        plain="games between players 600 or more apart",
    ),
    kind=Kind.REGULATION,
)
def rating_gap(context: Context) -> Iterator[Diagnostic]:
    """R607: rapid and blitz games 600 or more points apart with a player above
    2600, not rated from 1 December 2024."""
    t = context.tournament
    ev = context.event
    if ev.rules.rating_gap_limit is None:
        return
    by_rank = {p.start_rank: p for p in t.players}
    for p in t.players:
        opponents, _, results = p.cells()
        for r, (o, result) in enumerate(zip(opponents, results, strict=True), start=1):
            q = by_rank.get(o) if o is not None else None
            if q is None or q.start_rank < p.start_rank or not (p.rating and q.rating):
                continue
            if result not in _TO_RATE_CODES:
                continue
            problem = rating_gap_problem(ev.rules, p.rating, q.rating)
            if problem is not None:
                yield diag(
                    "R607",
                    line_of(p),
                    cell_column(r, "opponent"),
                    f"round {r}: players {p.start_rank} ({p.rating}) and {q.start_rank} "
                    f"({q.rating}) are {problem.text} under {ev.rules.name}",
                    found=problem.found,
                    expected=problem.expected,
                )
