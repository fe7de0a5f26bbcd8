"""Tie-breaks from the opponents' scores: BH, FB, AOB, SB, KS (C.07 Art. 8, 9).

Unplayed rounds (C.07 Art. 16; Art. 15.2 for round robins):

- an opponent's score is *adjusted* (16.3): his requested byes that only
  voluntary unplayed rounds follow (16.2.5: withdrawal included) count as
  draws; his other rounds count with the points awarded;
- each own unplayed round is a game against a *dummy* whose score is the
  participant's own final score (16.4), capped in C.07-2026 (16.4.1:
  a forfeit's dummy at the scheduled opponent's adjusted score; 16.4.2:
  any other at a draw's points times the rounds);
- in a round robin forfeits are games like any other and the free round of
  an odd number of players is no element of any sum (15.2);
- before C.07-2023, an own unplayed round was a game against a *virtual
  opponent* with the player's score before the round, the complement of
  the player's result in it and a draw in every later round; an opponent's
  unplayed games counted as draws.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from itertools import compress, count
from operator import sub
from typing import NamedTuple

import attrs

from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.editions import Edition
from trfkit.tiebreaks.field import GAME_KINDS, PLAYED, REQUESTED, VUR_KINDS, Field

__all__ = [
    "Elements",
    "FieldElements",
    "adjusted_scores",
    "aob",
    "buchholz",
    "elements",
    "koya",
    "sonneborn_berger",
]

Value = Decimal | None
_HUNDREDTH = Decimal("0.01")


def adjusted_scores(f: Field, edition: Edition) -> list[int]:
    """Each participant's score as his opponents' tie-breaks read it (16.3;
    before 2023 every unplayed game a draw; in a round robin the score)."""
    out = list(f.score)
    n = f.rounds
    if f.round_robin or not n:
        return out
    draw, kinds, points = f.draw, f.all_kinds, f.all_points
    if edition.virtual_opponent:
        for at in f.unplayed:
            out[at // n] += draw - points[at]
        return out
    # Only a line whose last round is a VUR has a requested bye that only
    # VURs follow (16.2.5, withdrawal included): walked back from its end.
    for i in compress(count(), map(VUR_KINDS.__contains__, kinds[n - 1 :: n])):
        for at in range(i * n + n - 1, i * n - 1, -1):
            k = kinds[at]
            if k not in VUR_KINDS:
                break
            if k in REQUESTED:
                out[i] += draw - points[at]  # counted as a draw (16.3)
    return out


class Elements(NamedTuple):
    """One player's elements of BH and SB (see the module), in round order."""

    values: list[int]
    """The opponent's adjusted score, or the dummy's or virtual opponent's."""
    points: list[int]
    """The player's points in each element's round."""
    vurs: list[bool] | None
    """Which elements are voluntary unplayed rounds (16.5); ``None``: none are."""


@attrs.frozen
class FieldElements:
    """Every player's elements of BH and SB, as the field's columns: a
    cell's element at the cell's place (:class:`~trfkit.tiebreaks.field.Field`);
    ``field[i]`` is player ``i``'s :class:`Elements`."""

    lines: list[slice]
    values: list[int]
    """Each cell's element (see :attr:`Elements.values`); 0 for the free
    round of a round robin, which is no element (15.2)."""
    points: Sequence[int]
    """The points of each cell."""
    irregular: dict[int, Elements]
    """The players whose elements are not their line as it is: a VUR
    among them, or a free round left out."""

    @functools.cached_property
    def by_line(self) -> list[list[int]]:
        """Each player's line of :attr:`values`."""
        return list(map(self.values.__getitem__, self.lines))

    @functools.cached_property
    def sums(self) -> list[int]:
        """The sum of each line of :attr:`values` (BH's, less nothing)."""
        return list(map(sum, self.by_line))

    def __getitem__(self, i: int) -> Elements:
        e = self.irregular.get(i)
        if e is None:
            line = self.lines[i]
            e = Elements(self.values[line], list(self.points[line]), None)
        return e

    def __len__(self) -> int:
        return len(self.lines)


def elements(
    f: Field, edition: Edition, adjusted: list[int], forfeits_played: bool
) -> FieldElements:
    """Each player's elements of BH and SB, round by round (see the module)."""
    n, draw, win = f.rounds, f.draw, f.win
    rr = f.round_robin
    cap_bye = draw * n
    virtual_opponent, capped_dummy = edition.virtual_opponent, edition.capped_dummy
    kinds, opponents, points, scores = f.all_kinds, f.all_opponents, f.all_points, f.score
    # Every element first the opponent's adjusted score, in one map; the
    # cells that are no game are set below, one by one (a game always has
    # an opponent).
    values = list(map(adjusted.__getitem__, opponents))
    not_a_game = f.unplayed
    if rr or forfeits_played:  # forfeits are games
        not_a_game = [at for at in not_a_game if kinds[at] not in GAME_KINDS]
    vurs: dict[int, list[bool]] = {}
    free: dict[int, list[int]] = {}
    for at in not_a_game:
        i, r = divmod(at, n)
        o = opponents[at]
        if rr and o < 0:
            # The free round of a round robin is no element (15.2).
            free.setdefault(i, []).append(r)
            values[at] = 0
        elif virtual_opponent:
            x = points[at]
            complement = 0 if x == win else draw if x == draw else win - x
            # The score before the round, the complement, a draw in every later round.
            values[at] = sum(points[at - r : at]) + complement + draw * (n - r - 1)
        else:
            value = scores[i]
            if capped_dummy:
                k = kinds[at]
                cap = adjusted[o] if (k in "WL" and o >= 0) else cap_bye
                value = min(value, cap)  # 16.4.1, 16.4.2
            values[at] = value
            if kinds[at] in VUR_KINDS:
                vurs.setdefault(i, [False] * n)[r] = True
    irregular: dict[int, Elements] = {}
    lines = f.lines
    for i in vurs.keys() | free.keys():
        line = lines[i]
        own, pts, vur = values[line], list(points[line]), vurs.get(i)
        if i in free:
            keep = [r for r in range(n) if r not in free[i]]
            own = [own[r] for r in keep]
            pts = [pts[r] for r in keep]
            vur = [vur[r] for r in keep] if vur is not None else None
        irregular[i] = Elements(own, pts, vur)
    return FieldElements(lines, values, points, irregular)


def _cut(e: Elements, tb: TieBreak, edition: Edition, sb: bool) -> list[int]:
    """The contributions ``tb``'s cut or median leaves (Art. 14, with 16.5
    for voluntary unplayed rounds): opponents' scores for BH, scores times
    points for SB. A cut of as many elements as there are, or more, leaves
    none: BH, FB and SB are sums (8.1, 8.3, 9.1), and a sum of no
    contributions is 0, as for a player with no rounds at all."""
    low = tb.cut + tb.median
    high = tb.median
    values, points = e.values, e.points
    if len(values) <= low + high:
        return []
    # (score, contribution, voluntary unplayed round) of each element.
    vurs = e.vurs if (e.vurs is not None and edition.vur_cut) else None
    if sb:
        rest = [
            (v, v * x, vurs is not None and vurs[i])
            for i, (v, x) in enumerate(zip(values, points, strict=True))
        ]
    else:
        rest = [(v, v, vurs is not None and vurs[i]) for i, v in enumerate(values)]
    for _ in range(low):
        # The least significant value: the lowest score, and among equal
        # scores the lowest contribution (14.1.1).
        least = min(rest)
        if vurs is not None:
            voluntary = [el for el in rest if el[2]]
            if voluntary:
                # 16.5: cut the lowest VUR contribution instead, unless it
                # is lower than the least significant value's. Of VURs
                # with the same contribution (a forfeit loss and a
                # zero-point bye both give SB 0), the less significant is
                # cut first, the lower score (14.1.1): so that a later cut
                # (16.5.2) weighs the more significant one that is left.
                vur = min(voluntary, key=_contribution_then_score)
                if vur[1] >= least[1]:
                    least = vur
        rest.remove(least)
    for _ in range(high):
        rest.remove(max(rest))
    return [el[1] for el in rest]


def _contribution_then_score(el: tuple[int, int, bool]) -> tuple[int, int]:
    return el[1], el[0]


def buchholz(f: Field, tb: TieBreak, edition: Edition, elems: FieldElements) -> list[Value]:
    """BH (8.1) and FB (8.3, given the fore field's elements): the sum of the
    opponents' scores."""
    if not (tb.cut or tb.median):
        return f.values(elems.sums)
    if tb.cut == 1 and not tb.median and f.rounds > 1:
        # Cut-1 of a line as it is (the common case): the sum less the
        # lowest; a line with a VUR or a free round as _cut says.
        units: list[int | None] = list(map(sub, elems.sums, map(min, elems.by_line)))
        for i in elems.irregular:
            units[i] = sum(_cut(elems[i], tb, edition, sb=False))
        return f.values(units)
    return [f.value(sum(_cut(elems[i], tb, edition, sb=False))) for i in range(len(elems))]


def sonneborn_berger(f: Field, tb: TieBreak, edition: Edition, elems: FieldElements) -> list[Value]:
    """SB (9.1): the sum of each opponent's score times the points scored
    against him."""
    square = f.scale * f.scale
    cache: dict[int, Decimal] = {}
    totals: list[int]
    if tb.cut or tb.median:
        totals = [sum(_cut(elems[i], tb, edition, sb=True)) for i in range(len(elems))]
    else:
        # Each cell's score times points, in one map; summed a line at a time.
        products = list(map(operator.mul, elems.values, elems.points))
        totals = list(map(sum, map(products.__getitem__, f.lines)))
    for total in set(totals).difference(cache):
        cache[total] = Decimal(total) / square
    return list(map(cache.__getitem__, totals))


def aob(f: Field, of_opponents: list[Value]) -> list[Value]:
    """AOB (8.2): the average of the Buchholz (``/F``: Fore Buchholz) of the
    opponents played over the board, to two decimals, half up (as the TEC
    exercises compute it)."""
    out: list[Value] = []
    for kinds, opps in zip(f.kinds, f.opponents, strict=True):
        values = [
            of_opponents[o] for k, o in zip(kinds, opps, strict=True) if k == PLAYED and o >= 0
        ]
        known = [v for v in values if v is not None]
        if not known or len(known) < len(values):
            out.append(None)
            continue
        out.append((sum(known, Decimal(0)) / len(known)).quantize(_HUNDREDTH, ROUND_HALF_UP))
    return out


def koya(f: Field, tb: TieBreak) -> list[Value]:
    """KS (9.2): points scored against the participants who finished with at
    least half the maximum possible score; ``/Lx`` moves that limit by x half
    points (14.5). The maximum is a win's points times the rounds in which a
    participant could meet an opponent: in a round robin of an odd number of
    players each cycle has a free round. The points of a forfeit count
    against the scheduled opponent, in a Swiss as in a round robin (15.2)."""
    players = len(f.score)
    possible = f.rounds
    if f.round_robin and players > 1:
        per_cycle = players - 1 if players % 2 == 0 else players
        possible = (players - 1) * max(1, round(f.rounds / per_cycle))
    # score >= max/2 + limit/2 points, in doubled units
    threshold = f.win * possible + tb.limit * f.scale
    qualifies = [2 * s >= threshold for s in f.score]
    # Forfeits count against the scheduled opponent, in a Swiss as in a
    # round robin: KS is defined for round robins (9.2; the TEC exercise
    # book 4.3: a Swiss that uses it defines it), where forfeits are games
    # (15.2). Byes have no opponent and count nothing.
    games = GAME_KINDS
    return [
        f.value(
            sum(
                [
                    x
                    for k, o, x in zip(kinds, opps, pts, strict=True)
                    if o >= 0 and k in games and qualifies[o]
                ]
            )
        )
        for kinds, opps, pts in zip(f.kinds, f.opponents, f.points, strict=True)
    ]
