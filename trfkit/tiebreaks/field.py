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
P     a game played over the board                           1 = 0 D
W     a forfeit win (16.2.2)                                 + W with an opponent
L     a forfeit loss (16.2.4), both sides of a double forfeit - L with an opponent
U     a pairing-allocated bye (16.2.1)                       U
F     a full-point bye (16.2.1)                              F, + alone
H     a half-point bye (a requested bye, 16.1.1)             H
Z     a zero-point bye or no cell (after a withdrawal)       Z, blank, - alone
====  =====================================================  ===========

``W`` and ``L`` (a game of less than one move, not rated) are forfeits here:
no game took place over the board; ``D`` is counted as a drawn game.
"""

from __future__ import annotations

from decimal import Decimal

import attrs

from trfkit.model import AbnormalPoints, Colour, Result, Tournament
from trfkit.scoring import scoring_of

__all__ = ["Field", "field_of"]

PLAYED = "P"
VUR_KINDS = frozenset("HZL")
"""Voluntary unplayed rounds: requested byes and forfeit losses (16.1.2)."""
REQUESTED = frozenset("HZ")
"""Requested byes: half- and zero-point byes, withdrawal included (16.1.1)."""
GAME_KINDS = frozenset("PWL")
"""Rounds with a scheduled opponent."""

_KIND_WITH_OPPONENT = {
    "1": "P", "=": "P", "0": "P", "D": "P",
    "+": "W", "W": "W", "-": "L", "L": "L",
    "U": "U", "F": "F", "H": "H", "Z": "Z", " ": "Z", "?": "Z",
}  # fmt: skip
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
    """The players' rounds as columns, indexed like ``t.players``."""

    rounds: int
    scale: int
    """Units per point (10 for a scoring in halves)."""
    win: int
    draw: int
    round_robin: bool
    kinds: list[str]
    """One string per player, one kind per round (table above)."""
    opponents: list[list[int]]
    """Opponent indexes, -1 for none."""
    points: list[list[int]]
    """Units scored in each round."""
    colours: list[str]
    results: list[str]
    score: list[int]
    """The final score in units (with TRF-2026 299 points)."""
    start_ranks: list[int]
    ratings: list[int | None]
    names: list[str]
    _values: dict[int, Decimal] = attrs.field(factory=dict, repr=False)

    def value(self, units: int) -> Decimal:
        """``units`` as points (a field holds few distinct values: each made once)."""
        cache = self._values
        v = cache.get(units)
        if v is None:
            v = cache[units] = Decimal(units) / self.scale
        return v

    def values(self, units: list[int]) -> list[Decimal | None]:
        """:meth:`value` of each of ``units``, made once per distinct value."""
        cache = self._values
        for u in set(units).difference(cache):
            cache[u] = Decimal(u) / self.scale
        return list(map(cache.__getitem__, units))

    def fore(self) -> Field:
        """The field as Fore Buchholz sees it (C.07 8.3): every paired game of
        the final round a draw."""
        last = self.rounds - 1
        kinds, points, results, score = [], [], [], []
        for k, pts, res, total in zip(
            self.kinds, self.points, self.results, self.score, strict=True
        ):
            if last >= 0 and k[last] in GAME_KINDS:
                total += self.draw - pts[last]
                pts = [*pts[:last], self.draw]
                k = k[:last] + PLAYED
                res = res[:last] + "="
            kinds.append(k)
            points.append(pts)
            results.append(res)
            score.append(total)
        return attrs.evolve(self, kinds=kinds, points=points, results=results, score=score)


def _decimal_places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def field_of(t: Tournament, *, round_robin: bool, rounds: int | None = None) -> Field:
    """The columns of ``t``'s players over ``rounds`` rounds (the most any
    line has, by default): a line shorter than that has zero-point byes in
    the rounds it lacks, as a withdrawn player's do (16.1.1)."""
    scoring = scoring_of(t)
    table = scoring.table()
    scale = 10 ** max([0, *map(_decimal_places, table.values())])
    units = {(r.value, c.value): int(v * scale) for (r, c), v in table.items() if r is not None}
    for c in Colour:
        units["?", c.value] = 0
    n = rounds if rounds is not None else t.rounds_played
    index: dict[int, int] = {}
    for i, p in enumerate(t.players):
        index.setdefault(p.start_rank, i)
    abnormal: dict[int, list[AbnormalPoints]] = {}
    for record in t.records_of(AbnormalPoints):
        for pid in record.ids:
            if pid is not None:
                abnormal.setdefault(pid, []).append(record)
    kinds: list[str] = []
    opponents: list[list[int]] = []
    points: list[list[int]] = []
    colours: list[str] = []
    results: list[str] = []
    score: list[int] = []
    # The kind of a cell with an opponent, by its result, in one translate;
    # the few cells without one (byes) are looked at again.
    with_opp = str.maketrans(_KIND_WITH_OPPONENT)
    alone = _KIND_ALONE
    index_of: dict[int | None, int] = dict(index.items())
    index_of[None] = -1
    opponent_index = index_of.__getitem__
    # Points by result alone when the scoring gives both colours the same.
    by_result = {r: units[r, "w"] for r, _ in units}
    colourless = all(units[r, c] == by_result[r] for r, c in units)
    points_of = by_result.__getitem__
    for p in t.players:
        opps, cols, res = p.cells()
        if len(opps) != n:
            opps, cols, res = opps[:n], cols[:n], res[:n]
            missing = n - len(opps)
            if missing:
                opps = (*opps, *([None] * missing))
                cols += "-" * missing
                res += "Z" * missing
        try:
            opp = list(map(opponent_index, opps))
        except KeyError:  # an opponent who is no player (S109): no game
            opp = [index.get(o, -1) if o is not None else -1 for o in opps]
        kind = res.translate(with_opp)
        if -1 in opp:
            kind = "".join(
                [alone[r] if o < 0 else k for o, r, k in zip(opp, res, kind, strict=True)]
            )
        if colourless:
            pts = list(map(points_of, res))
        else:
            pts = list(map(units.__getitem__, zip(res, cols, strict=True)))
        kinds.append(kind)
        opponents.append(opp)
        points.append(pts)
        colours.append(cols)
        results.append(res)
        total = sum(pts)
        if p.start_rank in abnormal:
            # Imported here: the checks import this package (S116), and
            # TRF-2026 299 points are scored by the one function S104 uses.
            from trfkit.checks.standings import expected_points

            total = int(expected_points(p, scoring, abnormal[p.start_rank]) * scale)
        score.append(total)
    win = int(scoring.values["WW"] * scale)
    draw = int(scoring.values["WD"] * scale)
    return Field(
        rounds=n,
        scale=scale,
        win=win,
        draw=draw,
        round_robin=round_robin,
        kinds=kinds,
        opponents=opponents,
        points=points,
        colours=colours,
        results=results,
        score=score,
        start_ranks=[p.start_rank for p in t.players],
        ratings=[p.rating or None for p in t.players],
        names=[p.name.strip() for p in t.players],
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
