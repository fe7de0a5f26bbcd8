"""R601-R607: who plays whom: rated-player quotas, unrated players, matches,
CHESSA's sizes and rounds, and the rapid and blitz 600-point rule."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from trfkit.checks._util import cell_column, diag, line_of
from trfkit.checks.headers import rounds_played
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event, TournamentType, match_decided_round
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


def round_robin_quota(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R601: a round robin without its share of rated players; R602: a double
    round robin with unrated players below its minimums (2002/2009 §6.3-6.32)."""
    rules = ev.rules
    if ev.type not in _RR or not t.players:
        return
    n = len(t.players)
    rated = sum(1 for p in t.players if p.is_rated)
    line = _first_player_line(t)
    # §6.3 and §6.31 are one quota: a third of the players, and at least
    # 4 when there are fewer than 10. Report the larger need once.
    need = 0
    share = rules.round_robin_rated_share
    if share is not None:
        need = -(-n * share[0] // share[1])
    small = rules.round_robin_small_field
    if small is not None and n < small[0]:
        need = max(need, small[1])
    double = rules.double_round_robin_with_unrated
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


def unrated_players(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R603: an unrated player whose result will not count, or not yet.

    2002 §6.42 and 2009 §6.41: fewer than three games against rated
    opponents, or (2002 §6.1, 2009 §6.1) less than one point against them,
    and the event is disregarded for him. From 2022 a first event with a
    score of zero is disregarded, and a rating needs five games against
    rated opponents over one or more events. All info: the file is right,
    the arbiter is told what the rating will do with it.
    """
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
    all_games = round_robin or not rules.unrated_only_rated_opponents
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
                f"unrated player {p.start_rank} has {games} of the {rules.newcomer_min_games} "
                f"games against {opponents} a first rating needs under {rules.name}; the rest "
                "must come from other events",
                found=pool.found,
                expected=pool.expected,
            )


def matches(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R604: a match with an unrated player (2009 §6.6, 2024 §6, R&B §5.1), or
    games played after the match was decided (2002 §6.5, R&B §5.2)."""
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
    scheduled = t.number_of_rounds or rounds_played(t)
    score = {a.start_rank: Decimal(0), b.start_rank: Decimal(0)}
    for r in range(1, rounds_played(t) + 1):
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


def chessa_sizes(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R605: CHESSA's 6 players a section (error) and 10 a tournament (warning:
    other sections of the tournament may make up the number)."""
    rules = ev.rules
    n = len(t.players)
    line = _first_player_line(t)
    if rules.min_section_players is not None and n < rules.min_section_players:
        yield diag(
            "R605",
            line,
            1,
            f"{n} players: under {rules.name} a section of fewer than "
            f"{rules.min_section_players} is not rated",
            found=f"{n} players",
            expected=f"at least {rules.min_section_players}",
        )
    elif rules.min_tournament_players is not None and n < rules.min_tournament_players:
        yield diag(
            "R605",
            line,
            1,
            f"{n} players: {rules.name} rates a tournament of at least "
            f"{rules.min_tournament_players} players in all; fine only if its other "
            "sections make up the number",
            found=f"{n} players",
            expected=f"at least {rules.min_tournament_players} in the tournament",
            severity=Severity.WARNING,
        )


def chessa_rounds(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R606: fewer rounds than CHESSA's 5 (4 for Braille events), which needs
    the Ratings Committee's dispensation, asked 7 days ahead."""
    rules = ev.rules
    if rules.min_rounds is None:
        return
    rounds = t.number_of_rounds or 0
    braille = "BRAILLE" in (t.name or "").upper()
    least = rules.min_rounds_braille if braille and rules.min_rounds_braille else rules.min_rounds
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


def rating_gap(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R607: rapid and blitz games 600 or more points apart with a player above
    2600, not rated from 1 December 2024."""
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
