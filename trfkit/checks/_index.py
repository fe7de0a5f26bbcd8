"""One pass over the round cells, shared by the checks of one validation.

Every pairing check needs the same thing: which cells are the two halves of
one game, which name an opponent who does not name them back, which have no
opponent. Finding that once and sharing it keeps checking a 3000-player file
cheaper than loading it (bench/bench_check.py). :func:`pairings` builds the
index; the :class:`~trfkit.checks.registry.Context` of one validation builds
it once, at the first check that asks, and hands it to the others, so a
tournament edited between two validations is never judged on stale data.

The pass keeps only what is unusual: byes, one-sided cells, games whose
colours or results do not fit. A consistent file has few of those, so the
checks that read them walk short lists; the 19,500 games of a consistent
3000-player file are looked at once, here, and never stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import attrs

from trfkit.model import UNREADABLE, Cells, Colour, Game, Player, Result, Tournament

__all__ = ["COMPLEMENT", "Pairings", "games", "pairings"]

Cell = tuple[Player, int, Game]
GameCells = tuple[Player, int, Game, Player, Game]
"""(p, round, p's cell, q, q's cell) of a game both lines agree on, with p the
lower starting rank."""

R = Result
# The result on one side of a game → the results the other side may have.
# Symmetric: a pair fits read from either side.
COMPLEMENT: dict[Result, frozenset[Result]] = {
    R.WIN: frozenset({R.LOSS}),
    R.LOSS: frozenset({R.WIN}),
    R.DRAW: frozenset({R.DRAW}),
    R.FORFEIT_WIN: frozenset({R.FORFEIT_LOSS}),
    # A double forfeit is "-" on both sides (TRF16 §2.3).
    R.FORFEIT_LOSS: frozenset({R.FORFEIT_WIN, R.FORFEIT_LOSS}),
    R.UNPLAYED_WIN: frozenset({R.UNPLAYED_LOSS}),
    R.UNPLAYED_LOSS: frozenset({R.UNPLAYED_WIN}),
    R.UNPLAYED_DRAW: frozenset({R.UNPLAYED_DRAW}),
    # Paired, not yet played (a file written during the event).
    R.BLANK: frozenset({R.BLANK}),
}
_C = Colour
_OPPOSITE = frozenset({(_C.WHITE, _C.BLACK), (_C.BLACK, _C.WHITE)})
_FITTING = frozenset((mine, theirs) for mine, fits in COMPLEMENT.items() for theirs in fits)
# (colour, other colour, result, other result) of a game with nothing wrong,
# as the characters of Cells: one set lookup a game, rather than one for
# colours and one for results.
_SOUND = frozenset((c.value, d.value, r.value, s.value) for c, d in _OPPOSITE for r, s in _FITTING)
# The colour that answers each colour of Cells in a sound game ("" for none).
_OTHER_COLOUR = {_C.WHITE.value: _C.BLACK.value, _C.BLACK.value: _C.WHITE.value, _C.NONE.value: ""}
# The result that answers each result of Cells in a sound game, where one
# does: a forfeit loss may also be answered by one (a double forfeit), which
# _SOUND decides; "" for a cell that no result answers by itself (a bye
# code, an unreadable "?").
_ANSWER: dict[str, str] = {
    r.value: min(f.value for f in COMPLEMENT[r]) if r in COMPLEMENT else "" for r in R
} | {UNREADABLE: ""}


@attrs.frozen
class Pairings:
    by_rank: dict[int, Player]
    """Players by starting rank (the first, when two share one: S107)."""
    one_sided: list[Cell]
    """Cells naming an opponent who does not name the player back in that
    round: himself, no player, or someone else's opponent."""
    byes: list[Cell]
    """Cells with no opponent."""
    clashes: list[GameCells]
    """The games whose colours are not w/b or b/w (S102), in the order of
    :func:`games`."""
    misfits: list[GameCells]
    """The games whose results do not fit each other (S103), in the order
    of :func:`games`: a bye code on either side, or a cell the reader could
    not read (result ``None``), is among them."""
    cells: list[Cells]
    """Each line's cells as columns, in the order of ``t.players``, for the
    checks that look at every result (S104, R501)."""
    rounds: int
    """The most rounds any line has."""


def pairings(t: Tournament) -> Pairings:
    """The pairing index of ``t``, built afresh (one pass over the cells)."""
    return _build(t)


def games(t: Tournament) -> Iterator[GameCells]:
    """Every game both lines agree on, once, in file order of its lower-ranked side.

    A fresh walk over all the cells, for the rare file the index's shortcuts
    do not cover (two players sharing a starting rank).
    """
    by_rank: dict[int, Player] = {}
    for p in t.players:
        by_rank.setdefault(p.start_rank, p)
    for p in t.players:
        a = p.start_rank
        for i, g in enumerate(p.games, 1):
            o = g.opponent
            if o is None or o <= a:
                continue
            q = by_rank.get(o)
            if q is not None and len(q.games) >= i:
                h = q.games[i - 1]
                if h.opponent == a:
                    yield p, i, g, q, h


_T = TypeVar("_T")


class _ByRank(dict[int, _T]):
    """A column of the lines by starting rank, ``none`` for a rank no
    player has: the index's lookup when the ranks are too scattered for a
    list."""

    def __init__(self, none: _T) -> None:
        super().__init__()
        self.none = none

    def __missing__(self, rank: int) -> _T:
        return self.none


def _by_rank(fit: bool, top: int, none: _T) -> list[_T] | _ByRank[_T]:
    return [none] * (top + 1) if fit else _ByRank(none)


def _build(t: Tournament) -> Pairings:
    players = t.players
    columns = [p.cells() for p in players]
    by_rank: dict[int, Player] = {}
    for p in players:
        by_rank.setdefault(p.start_rank, p)
    # Each line's opponents, colours and results by starting rank, a lookup
    # nearer than by_rank: lists when the ranks are not negative and not
    # far beyond the number of players (a file's have 4 digits), as an
    # index costs less than dict.get; else dicts. Three columns rather than
    # the Cells: indexing a tuple subclass takes CPython's generic path, an
    # exact tuple or list its fast one. A rank no player has holds no
    # cells, and a rank beyond the list raises IndexError, as a round
    # beyond a line does: each is a cell that is not named back, found by
    # the one try below.
    top = max(by_rank, default=0)
    fit = min(by_rank, default=0) >= 0 and top <= 4 * len(players) + 10_000
    opponents_of: list[tuple[int | None, ...]] | _ByRank[tuple[int | None, ...]]
    opponents_of = _by_rank(fit, top, ())
    colours_of = _by_rank(fit, top, "")
    results_of = _by_rank(fit, top, "")
    # Written from the last line up: where two players share a rank, the
    # first one's cells stay, as in by_rank.
    for p, c in zip(reversed(players), reversed(columns), strict=True):
        a = p.start_rank
        opponents_of[a] = tuple(c[0])  # an exact tuple (see above)
        colours_of[a] = c[1]
        results_of[a] = c[2]
    byes: list[Cell] = []
    odd: list[GameCells] = []
    sound = _SOUND
    answer = _ANSWER
    other_colour = _OTHER_COLOUR
    rounds = cells = mutual = 0
    # Each game is looked at from its lower-ranked side only: the cell
    # naming a higher rank fetches the other line's, and the cells naming a
    # lower rank are only counted. The cells are read from the columns of
    # :class:`Cells`; a Game record is made only for what is reported. The
    # loop is a third of a validation of a 3000-player file: the columns by
    # rank above, a try (free in CPython 3.11 until it raises) rather than
    # a bound check and a None check a game, and compares of characters
    # before the set of sound games is asked took a quarter of its
    # instructions away (callgrind; a counter costs less than enumerate).
    for p, (opponents, colours, results) in zip(players, columns, strict=True):
        a = p.start_rank
        n = len(opponents)
        cells += n
        if n > rounds:
            rounds = n
        i = -1
        for o in opponents:
            i += 1
            if o is None:
                byes.append((p, i + 1, p.game(i + 1)))
            elif o > a:
                try:
                    named = opponents_of[o][i]
                except IndexError:
                    continue  # no such player, or his line is shorter: one-sided
                if named == a:
                    mutual += 1
                    # Most games are sound: w against b, and the one result
                    # that answers this side's. Those are told by compares
                    # of one-character strings; the rest, a double forfeit
                    # among them, go to _SOUND.
                    mine = colours[i]
                    theirs = colours_of[o][i]
                    if (
                        other_colour[mine] != theirs or answer[results[i]] != results_of[o][i]
                    ) and (mine, theirs, results[i], results_of[o][i]) not in sound:
                        other = by_rank[o]
                        odd.append((p, i + 1, p.game(i + 1), other, other.game(i + 1)))
    clashes = [x for x in odd if (x[2].colour, x[4].colour) not in _OPPOSITE]
    misfits = [x for x in odd if (x[2].result, x[4].result) not in _FITTING]
    # With distinct starting ranks, a game found above covers one cell
    # naming a higher rank and one naming a lower rank, each named back:
    # when the games cover every cell with an opponent, no cell is
    # one-sided, and the cells naming a lower rank need no look of their own.
    if 2 * mutual == cells - len(byes) and len(by_rank) == len(players):
        one_sided: list[Cell] = []
    else:
        one_sided = _one_sided(players, columns, by_rank)
    return Pairings(by_rank, one_sided, byes, clashes, misfits, columns, rounds)


def _one_sided(
    players: list[Player], columns: list[Cells], by_rank: dict[int, Player]
) -> list[Cell]:
    """Every cell whose opponent does not name the player back, in file order."""
    lines: dict[int, Cells] = {}  # by_rank's cells
    for p, c in zip(players, columns, strict=True):
        lines.setdefault(p.start_rank, c)
    found: list[Cell] = []
    for p, c in zip(players, columns, strict=True):
        a = p.start_rank
        for i, o in enumerate(c.opponents, 1):
            if o is None:
                continue
            q = by_rank.get(o)
            if q is not None and q is not p:
                named = lines[o].opponents
                if len(named) >= i and named[i - 1] == a:
                    continue
            found.append((p, i, p.game(i)))
    return found
