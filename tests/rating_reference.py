"""The reference per-game rating, kept in the tests only.

The package rates every game by one path (``engine._plain_swiss`` and
``engine._plain_records``), which reads the file's cell columns with its
lookups hoisted. This module rates the same events the slow, plain way:
the rating's own view of each round (``engine._cells``), each round asked
why it does not count (``engine._why_not``: the match, the opponent's
rating, the rate of play, the rating gap, in that order), every game made
as a record, the cap computed by ``calc.difference`` game by game (2009
§8.5, 2022 §8.3.1, 2024 §8.3, R&B §7.3). tests/test_rating_paths.py holds
the package's path to it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

import trfkit
from trfkit.rating import calc, engine
from trfkit.rating.model import GameRating, PlayerRating, RatingReport
from trfkit.rating.tables import column_tables
from trfkit.rules import RuleSet

__all__ = ["rate_reference", "reference_path"]


def _per_game(ctx: Any, e: Any, own: int) -> tuple[list[GameRating], int, int, int, int]:
    """Each round as a record, with N, the sum of the opponents' ratings, W
    in halves and We in hundredths."""
    rs = ctx.rules
    ratings = ctx.ratings
    most = calc.cap_bounds(own, rs)[0]
    # 2022 §8.3.1: the cap benefits the higher-rated player in one game only,
    # the one with the largest gap (the last of equal ones).
    benefit: int | None = None
    once = rs.difference_cap.once_per_event
    if once and most is not None:
        gaps = []
        for c in e.cells:
            opp = ratings.get(c.opponent) if c.score is not None else None
            if opp is not None and own - opp > most and not engine._why_not(ctx, e, c, opp):
                gaps.append((own - opp, c.round))
        benefit = max(gaps)[1] if gaps else None
    games: list[GameRating] = []
    starts, h100, pd_h, pd_l = column_tables()
    n = halves = we100 = opponents = 0
    for c in e.cells:
        opp = ratings.get(c.opponent) if c.score is not None else None
        why = engine._why_not(ctx, e, c, opp)
        if opp is None or why:
            games.append(engine._skip(c, why))
            continue
        raw, used = calc.difference(own, opp, rs, cap_benefit=not once or benefit == c.round)
        if used >= 0:
            i = bisect_right(starts, used) - 1
            we100 += h100[i]
            pd = pd_h[i]
        else:
            i = bisect_right(starts, -used) - 1
            we100 += 100 - h100[i]
            pd = pd_l[i]
        n += 1
        halves += engine._HALVES[c.result]
        opponents += opp
        games.append(
            GameRating(
                c.round, c.opponent, opp, c.colour, c.result, c.score, True, c.reason,
                used, raw, used != raw, pd,
            )
        )  # fmt: skip
    return games, n, opponents, halves, we100


def _rated(ctx: Any, e: Any) -> PlayerRating:
    own = e.rating
    assert own is not None
    records, n, opponents, halves, we100 = _per_game(ctx, e, own)
    notes = engine._gap_notes(ctx, e, own) if ctx.rules.rating_gap_limit is not None else ()
    if not n:
        return engine._rated_line(ctx, e, tuple(records), 0, None, 0, None, notes=notes)
    return engine._rated_line(
        ctx, e, tuple(records), n, engine._fraction(opponents, n), halves, we100, notes=notes
    )


def _newcomer(ctx: Any, e: Any) -> PlayerRating:
    """An unrated player: each round as a record, his rated opponents' ratings."""
    cells = engine._counted(ctx, e)
    games = tuple(
        engine._skip(c, reason)
        if opp is None
        else GameRating(c.round, c.opponent, opp, c.colour, c.result, c.score, True, reason)
        for c, opp, reason in cells
    )
    opponents = [opp for _, opp, _ in cells if opp is not None]
    halves = sum(engine._HALVES[c.result] for c, opp, _ in cells if opp is not None)
    n = len(opponents)
    w = engine._fraction(halves, 2)
    rc = engine._fraction(sum(opponents), n) if n else None
    nc = engine.newcomer_performance(ctx.rules, opponents, w)
    if ctx.fast_event is not None:
        nc = attrs.evolve(nc, reason="no game counts: the rate of play (see the notes)")
    return engine._newcomer_line(ctx, e, games, nc, rc)


def _swiss(ctx: Any) -> list[PlayerRating]:
    """What engine._plain_swiss answers, the reference way."""
    return [
        _newcomer(ctx, e) if e.rating is None else _rated(ctx, e) for e in ctx.entrants.values()
    ]


@contextmanager
def reference_path() -> Iterator[None]:
    """Within it, engine.rate rates game by game the reference way (every
    other part of the engine, K, the round-robin methods, CHESSA, the
    report, unchanged)."""
    plain, newcomer = engine._plain_swiss, engine._swiss_newcomer
    engine._plain_swiss, engine._swiss_newcomer = _swiss, _newcomer
    try:
        yield
    finally:
        engine._plain_swiss, engine._swiss_newcomer = plain, newcomer


def rate_reference(t: trfkit.Tournament, rules: str | RuleSet, **options: Any) -> RatingReport:
    """``engine.rate(t, rules, **options)`` on the reference path."""
    with reference_path():
        return engine.rate(t, rules=rules, **options)
