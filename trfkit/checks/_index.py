"""One pass over the round cells, shared by the checks of one validation.

Every pairing check needs the same thing: which cells are the two halves of
one game, which name an opponent who does not name them back, which have no
opponent. Finding that once and sharing it keeps checking a 3000-player file
cheaper than loading it (bench/bench_check.py). :func:`pairings` builds the
index, or returns the one built earlier in the same :func:`shared` block;
outside such a block each call builds afresh, so a tournament edited between
two validations is never judged on stale data.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import attrs

from trfkit.model import Game, Player, Tournament

__all__ = ["Pairings", "pairings", "shared"]

Cell = tuple[Player, int, Game]


@attrs.frozen
class Pairings:
    by_rank: dict[int, Player]
    """Players by starting rank (the first, when two share one: S107)."""
    games: list[tuple[Player, int, Game, Player, Game]]
    """(p, round, p's cell, q, q's cell) for each game both lines agree on,
    once, with p the lower starting rank."""
    one_sided: list[Cell]
    """Cells naming an opponent who does not name the player back in that
    round: himself, no player, or someone else's opponent."""
    byes: list[Cell]
    """Cells with no opponent."""
    rounds: int
    """The most rounds any line has."""


_SHARED: ContextVar[dict[int, Pairings] | None] = ContextVar("trfkit_pairings", default=None)


@contextmanager
def shared() -> Iterator[None]:
    """Within this block, :func:`pairings` builds each tournament's index once."""
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def pairings(t: Tournament) -> Pairings:
    cache = _SHARED.get()
    if cache is not None:
        found = cache.get(id(t))
        if found is not None:
            return found
    index = _build(t)
    if cache is not None:
        cache[id(t)] = index
    return index


def _build(t: Tournament) -> Pairings:
    by_rank: dict[int, Player] = {}
    for p in t.players:
        by_rank.setdefault(p.start_rank, p)
    games: list[tuple[Player, int, Game, Player, Game]] = []
    one_sided: list[Cell] = []
    byes: list[Cell] = []
    rounds = 0
    for p in t.players:
        rank = p.start_rank
        cells = p.games
        rounds = max(rounds, len(cells))
        for i, g in enumerate(cells):
            o = g.opponent
            if o is None:
                byes.append((p, i + 1, g))
                continue
            q = by_rank.get(o)
            if q is not None and q is not p and len(q.games) > i:
                h = q.games[i]
                if h.opponent == rank:
                    if rank < o:
                        games.append((p, i + 1, g, q, h))
                    continue
            one_sided.append((p, i + 1, g))
    return Pairings(by_rank, games, one_sided, byes, rounds)
