"""The round cells the tie-breaks read, once, as integer columns.

Every tie-break walks each player's rounds: the kind of round (played,
forfeit, bye), the opponent, the points. :func:`field_of` reads them from
the same columns the reader keeps (:meth:`trfkit.model.Player.cells`) and
scores them with the event's scoring system (:mod:`trfkit.scoring`), in
whole units of its finest decimal (tenths for 1/½/0): sums of units are
exact and cheap, and the values are turned into ``Decimal`` only for output.

Kinds of round (C.07 Art. 16.1 and 16.2; TRF16 §2.3 result codes):

====  =====================================================  ===========
kind  round                                                  TRF codes
====  =====================================================  ===========
P     a game played over the board                           1 = 0 W D L
W     a forfeit win (16.2.2)                                 + with an opponent
L     a forfeit loss (16.2.4), both sides of a double forfeit - with an opponent
U     a pairing-allocated bye (16.2.1)                       U
F     a full-point bye (16.2.1)                              F, + alone
H     a half-point bye (a requested bye, 16.1.1)             H
Z     a zero-point bye or no cell (after a withdrawal)       Z, blank, - alone
====  =====================================================  ===========

``W``, ``D`` and ``L`` (a game that lasted less than one move, not rated)
are games played over the board, all three alike, in every tie-break: the
players met at the board (TRF16 §2.3 keeps ``+``/``-``, "scheduled game not
played", apart from them), and C.07 16.2's unplayed rounds are the byes and
the forfeits only. That they are not rated is the rating regulations'
matter, not C.07's.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import chain, compress
from itertools import count as count_from
from operator import attrgetter

import attrs

from trfkit.model import Cells, Result, Tournament
from trfkit.scoring import ScoredCells, abnormal_points_by_player, expected_points, scoring_of

__all__ = ["Field", "field_of"]

_START_RANK = attrgetter("start_rank")
_NAME = attrgetter("name")

PLAYED = "P"
_NOT_PLAYED = re.compile(f"[^{PLAYED}]")
_MATCH_START = re.Match.start
VUR_KINDS = frozenset("HZL")
"""Voluntary unplayed rounds: requested byes and forfeit losses (16.1.2)."""
REQUESTED = frozenset("HZ")
"""Requested byes: half- and zero-point byes, withdrawal included (16.1.1)."""
GAME_KINDS = frozenset("PWL")
"""Rounds with a scheduled opponent."""

_KIND_WITH_OPPONENT = {
    # A game of less than one move (W D L) is a game: the table above.
    "1": "P", "=": "P", "0": "P", "W": "P", "D": "P", "L": "P",
    "+": "W", "-": "L",
    "U": "U", "F": "F", "H": "H", "Z": "Z", " ": "Z", "?": "Z",
}  # fmt: skip
_KINDS_WITH_OPPONENT = str.maketrans(_KIND_WITH_OPPONENT)
_KIND_ALONE = {
    **_KIND_WITH_OPPONENT,
    "+": "F",
    "-": "Z",
    "W": "F",
    "L": "Z",
    "1": "F",
    "=": "H",
    "0": "Z",
    "D": "H",
}


@attrs.define
class Field:
    """The players' rounds as columns, indexed like ``t.players``.

    The cells are held end to end, :attr:`rounds` a player (player ``i``'s
    round ``r`` at ``i * rounds + r``, his line at ``lines[i]``), so that a
    tie-break reads a whole field in one map or one translate rather than a
    Python step per player; the per-player lists are made from them when a
    family asks for them.
    """

    rounds: int
    scale: int
    """Units per point (10 for a scoring in halves)."""
    win: int
    draw: int
    round_robin: bool
    lines: list[slice]
    """Each player's cells in the ``all_`` columns."""
    all_kinds: str
    """The kind of each cell (table above)."""
    all_opponents: list[int]
    """The opponent's index in each cell, -1 for none."""
    all_points: Sequence[int]
    """The units scored in each cell."""
    all_colours: str
    all_results: str
    score: list[int]
    """The final score in units (with TRF-2026 299 points)."""
    start_ranks: list[int]
    ratings: list[int | None]
    names: list[str]
    _values: dict[int, Decimal] = attrs.field(factory=dict, repr=False)

    @classmethod
    def of_lines(
        cls,
        *,
        rounds: int,
        scale: int,
        win: int,
        draw: int,
        round_robin: bool,
        kinds: list[str],
        opponents: list[list[int]],
        points: list[list[int]],
        colours: list[str],
        results: list[str],
        score: list[int],
        start_ranks: list[int],
        ratings: list[int | None],
        names: list[str],
    ) -> Field:
        """A field of per-player lists, each ``rounds`` long."""
        ends = range(rounds, rounds * len(kinds) + 1, rounds) if rounds else [0] * len(kinds)
        return cls(
            rounds=rounds,
            scale=scale,
            win=win,
            draw=draw,
            round_robin=round_robin,
            lines=[slice(end - rounds, end) for end in ends],
            all_kinds="".join(kinds),
            all_opponents=list(chain.from_iterable(opponents)),
            all_points=list(chain.from_iterable(points)),
            all_colours="".join(colours),
            all_results="".join(results),
            score=score,
            start_ranks=start_ranks,
            ratings=ratings,
            names=names,
        )

    @functools.cached_property
    def kinds(self) -> list[str]:
        """One string per player, one kind per round."""
        return list(map(self.all_kinds.__getitem__, self.lines))

    @functools.cached_property
    def opponents(self) -> list[list[int]]:
        """Opponent indexes, -1 for none."""
        return list(map(self.all_opponents.__getitem__, self.lines))

    @functools.cached_property
    def points(self) -> list[list[int]]:
        """Units scored in each round."""
        return list(map(list, map(self.all_points.__getitem__, self.lines)))

    @functools.cached_property
    def colours(self) -> list[str]:
        return list(map(self.all_colours.__getitem__, self.lines))

    @functools.cached_property
    def results(self) -> list[str]:
        return list(map(self.all_results.__getitem__, self.lines))

    @functools.cached_property
    def unplayed(self) -> list[int]:
        """The places of the cells that are no game played over the board
        (kind other than P): a few per cent of a field, found in one scan."""
        return list(map(_MATCH_START, _NOT_PLAYED.finditer(self.all_kinds)))

    def value(self, units: int) -> Decimal:
        """``units`` as points (a field holds few distinct values: each made once)."""
        cache = self._values
        v = cache.get(units)
        if v is None:
            v = cache[units] = Decimal(units) / self.scale
        return v

    def values(self, units: list[int] | list[int | None]) -> list[Decimal | None]:
        """:meth:`value` of each of ``units``, made once per distinct value
        (``None``, an undefined value, stays ``None``)."""
        cache = self._values
        for u in set(units).difference(cache):
            if u is not None:
                cache[u] = Decimal(u) / self.scale
        # Every value is in the cache now: get finds it, and None nothing.
        return list(map(cache.get, units))  # type: ignore[arg-type]

    def fore(self) -> Field:
        """The field as Fore Buchholz sees it (C.07 8.3): every paired game of
        the final round a draw."""
        n = self.rounds
        if not n:
            return attrs.evolve(self)
        kinds, points = list(self.all_kinds), list(self.all_points)
        results, score = list(self.all_results), list(self.score)
        for i, at in enumerate(range(n - 1, len(kinds), n)):
            if kinds[at] in GAME_KINDS:
                score[i] += self.draw - points[at]
                points[at] = self.draw
                kinds[at] = PLAYED
                results[at] = "="
        return attrs.evolve(
            self,
            all_kinds="".join(kinds),
            all_points=points,
            all_results="".join(results),
            score=score,
        )


def field_of(t: Tournament, *, round_robin: bool, rounds: int | None = None) -> Field:
    """The columns of ``t``'s players over ``rounds`` rounds (the most any
    line has, by default): a line shorter than that has zero-point byes in
    the rounds it lacks, as a withdrawn player's do (16.1.1)."""
    scoring = scoring_of(t)
    scored = ScoredCells.of(scoring)
    scale = scored.scale
    players = t.players
    start_ranks = list(map(_START_RANK, players))
    # The first player of a starting rank is the one his opponents met:
    # written last, the first index of a rank is the one the dict keeps.
    count = len(players)
    index_of: dict[int | None, int] = dict(
        zip(reversed(start_ranks), range(count - 1, -1, -1), strict=True)
    )
    index_of[None] = -1
    abnormal = abnormal_points_by_player(t)
    # Every line's cells end to end, n a line (a shorter line padded with
    # zero-point byes, a longer one cut), so that each column below is made
    # by one map over the whole field; a player's line is a slice of it.
    cells = [p.cells() for p in players]
    lengths = [len(c.opponents) for c in cells]
    # The most any line has: t.rounds_played, from the cells at hand.
    n = rounds if rounds is not None else max(lengths, default=0)
    if lengths.count(n) != count:
        # Only the lines of another length are visited (a few withdrawals).
        for i in compress(count_from(), map(n.__ne__, lengths)):
            opps, cols, res = cells[i]
            opps, cols, res = opps[:n], cols[:n], res[:n]
            missing = n - len(opps)
            cells[i] = Cells(
                (*opps, *([None] * missing)), cols + "-" * missing, res + "Z" * missing
            )
    all_results = "".join([c.results for c in cells])
    all_colours = "".join([c.colours for c in cells])
    opponent_column = [c.opponents for c in cells]
    try:
        all_opp = list(map(index_of.__getitem__, chain.from_iterable(opponent_column)))
    except KeyError:  # an opponent who is no player (S109): no game
        all_opp = [index_of.get(o, -1) for o in chain.from_iterable(opponent_column)]
    # The kind of a cell with an opponent, by its result, in one translate;
    # the few cells without one (byes) are looked at again.
    kind_list: list[str] | None = None
    all_kinds = all_results.translate(_KINDS_WITH_OPPONENT)
    at = -1
    try:
        while True:
            at = all_opp.index(-1, at + 1)
            alone = _KIND_ALONE[all_results[at]]
            if alone != all_kinds[at]:
                if kind_list is None:
                    kind_list = list(all_kinds)
                kind_list[at] = alone
    except ValueError:  # no more cells without an opponent
        pass
    if kind_list is not None:
        all_kinds = "".join(kind_list)
    all_points = scored.points(all_results, all_colours)
    starts = range(0, n * count, n) if n else [0] * count
    lines = list(map(slice, starts, range(n, n * count + n, n) if n else starts))
    score = list(map(sum, map(all_points.__getitem__, lines)))
    for i, p in enumerate(players) if abnormal else ():
        if p.start_rank in abnormal:
            # TRF-2026 299 points are scored by the one function S104 uses.
            score[i] = int(expected_points(p, scoring, abnormal[p.start_rank]) * scale)
    win = int(scoring.values["WW"] * scale)
    draw = int(scoring.values["WD"] * scale)
    return Field(
        rounds=n,
        scale=scale,
        win=win,
        draw=draw,
        round_robin=round_robin,
        lines=lines,
        all_kinds=all_kinds,
        all_opponents=all_opp,
        all_points=all_points,
        all_colours=all_colours,
        all_results=all_results,
        score=score,
        start_ranks=start_ranks,
        ratings=[p.rating or None for p in players],
        names=list(map(str.strip, map(_NAME, players))),
    )


# Result codes a cell holds, for the own-result tie-breaks (Art. 7).
WIN_RESULTS = frozenset(
    {
        Result.WIN.value,
        Result.FORFEIT_WIN.value,
        Result.UNPLAYED_WIN.value,
        Result.PAIRING_ALLOCATED_BYE.value,
        Result.FULL_POINT_BYE.value,
    }
)
WON_RESULTS = frozenset({Result.WIN.value, Result.UNPLAYED_WIN.value})
"""A game won over the board (WON, BWG: C.07 7.2, 7.4): ``1``, and ``W``,
a game won in less than one move (a game, the table above)."""
