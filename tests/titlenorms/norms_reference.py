"""The norm engine's old subset search (§1.4.1e/f), kept as a reference.

It tries every combination of the wins the player may leave out
(``itertools.combinations``), so it is exponential in the number of wins: it
is only run on small inputs, to hold the engine's polynomial search
(:func:`trfkit.titlenorms.engine._search`) to the same answers
(tests/titlenorms/test_engine_search.py). Copied from the engine as it was before issue
29, unchanged but for its name.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from trfkit.model import Player
from trfkit.rules.titles import TITLE_HOLDERS
from trfkit.titlenorms.engine import (
    _DP,
    _average,
    _Event,
    _Game,
    _Games,
    _least_games,
    _may_be_norm,
    _mix_passes,
    _percent,
    _ratings_pass,
)


def reference_search(
    event: _Event, p: Player, g: _Games, title: str
) -> tuple[tuple[_Game, ...], tuple[tuple[int, str], ...]] | None:
    """§1.4.1e/f: the first subset that is a norm, longest first: later games
    left out (not in a round robin, where every round counts), then games
    against opponents the player beat, fewest first, lowest rated first."""
    rules = event.rules
    least, _, _ = _least_games(event, g)
    if least == 0 or len(g.counted) <= least or not _may_be_norm(event, g, title):
        return None
    assert rules.average_minimum is not None and rules.performance_minimum is not None
    assert rules.rating_floor is not None
    assert rules.norm_titles is not None
    floor = rules.rating_floor[title]
    wanted = rules.norm_titles[title]
    least_ra, least_rp = rules.average_minimum[title], rules.performance_minimum[title]
    num, den = event.score
    counted = g.counted
    if event.predetermined:
        # §1.4.1f: in a round robin the whole event's mix must allow a norm.
        if not _mix_passes(event, p, counted, title):
            return None
        ends: Sequence[int] = [len(counted)]
    else:
        ends = range(len(counted), least - 1, -1)
    for end in ends:
        prefix = counted[:end]
        wins = sorted((x for x in prefix if x.halves == 2), key=lambda x: x.rating)
        halves = sum(x.halves for x in prefix)
        # The most title holders (and holders of the norm's titles) that
        # can remain with k wins left out: those not won against go first.
        holders = sum(1 for x in prefix if x.opponent.title in TITLE_HOLDERS)
        plain_wins = sum(1 for x in wins if x.opponent.title not in TITLE_HOLDERS)
        titled = sum(1 for x in prefix if x.opponent.title in wanted)
        other_wins = sum(1 for x in wins if x.opponent.title not in wanted)
        for k in range(0 if end < len(counted) else 1, min(len(wins), end - least) + 1):
            n = end - k
            h = halves - 2 * k
            if h * den < 2 * num * n:
                break  # fewer points still: every larger k fails §1.4.8b too
            if holders - max(0, k - plain_wins) < -(-event.titled[0] * n // event.titled[1]):
                continue
            need = max(-(-event.third[0] * n // event.third[1]), rules.title_minimum or 0)
            if not event.double and titled - max(0, k - other_wins) < need:
                continue
            # Ra is highest with the lowest-rated wins left out: if that
            # fails, every choice of k wins fails (§1.4.6 keeps the order).
            low = {x.round for x in wins[:k]}
            best = sorted(x.rating for x in prefix if x.round not in low)
            ra = _average(sum(best) + max(0, floor - best[0]), n)
            if ra < least_ra or ra + _DP[_percent(h, n)] < least_rp:
                continue
            for dropped in itertools.combinations(wins, k):
                out = {x.round for x in dropped}
                games = tuple(x for x in prefix if x.round not in out)
                if not _mix_passes(event, p, games, title) or not _ratings_pass(
                    event, games, title
                ):
                    continue
                why = tuple(
                    (x.round, "after the title result: left out (§1.4.1e)") for x in counted[end:]
                ) + tuple(
                    (x.round, f"a win against {x.opponent.rank}: left out (§1.4.1f)")
                    for x in dropped
                )
                return games, why
    return None
