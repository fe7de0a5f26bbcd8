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

import operator
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from itertools import accumulate, compress, count, repeat
from typing import NamedTuple

from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.editions import Edition
from trfkit.tiebreaks.field import GAME_KINDS, PLAYED, REQUESTED, VUR_KINDS, Field

__all__ = ["Elements", "adjusted_scores", "aob", "buchholz", "elements", "koya", "sonneborn_berger"]

Value = Decimal | None
_HUNDREDTH = Decimal("0.01")


def adjusted_scores(f: Field, edition: Edition) -> list[int]:
    """Each participant's score as his opponents' tie-breaks read it (16.3;
    before 2023 every unplayed game a draw; in a round robin the score)."""
    if f.round_robin:
        return list(f.score)
    draw = f.draw
    all_played = PLAYED * f.rounds
    out: list[int] = []
    if edition.virtual_opponent:
        # Only the lines with an unplayed game change: found in one map.
        out = list(f.score)
        kinds_of, points_of, n = f.kinds, f.points, f.rounds
        for i in compress(count(), map(all_played.__ne__, kinds_of)):
            kinds = kinds_of[i]
            unplayed = sum(compress(points_of[i], map(PLAYED.__ne__, kinds)))
            out[i] += draw * (n - kinds.count(PLAYED)) - unplayed
        return out
    for kinds, pts, score in zip(f.kinds, f.points, f.score, strict=True):
        if not kinds or kinds[-1] not in VUR_KINDS:
            # A last round that is no VUR: no requested bye is followed only
            # by VURs, nothing to adjust (the common case).
            out.append(score)
            continue
        only_vur_after = True
        for k, x in zip(reversed(kinds), reversed(pts), strict=True):
            if k in REQUESTED and only_vur_after:
                score += draw - x  # 16.2.5, counted as a draw (16.3)
            if k not in VUR_KINDS:
                only_vur_after = False
        out.append(score)
    return out


class Elements(NamedTuple):
    """One player's elements of BH and SB (see the module), in round order."""

    values: list[int]
    """The opponent's adjusted score, or the dummy's or virtual opponent's."""
    points: list[int]
    """The player's points in each element's round."""
    vurs: list[bool] | None
    """Which elements are voluntary unplayed rounds (16.5); ``None``: none are."""


def elements(
    f: Field, edition: Edition, adjusted: list[int], forfeits_played: bool
) -> list[Elements]:
    """Each player's elements of BH and SB, round by round (see the module)."""
    n, draw, win = f.rounds, f.draw, f.win
    rr = f.round_robin
    games = GAME_KINDS if (rr or forfeits_played) else PLAYED
    cap_bye = draw * n
    all_played = PLAYED * n
    virtual_opponent, capped_dummy = edition.virtual_opponent, edition.capped_dummy
    # Every element first the opponent's adjusted score, each line in one
    # map; the rounds that are no game are set below, on the few lines that
    # have any (a game always has an opponent).
    by_index = adjusted.__getitem__
    out: list[Elements] = list(
        map(
            _new_elements,
            zip(map(list, map(map, repeat(by_index), f.opponents)), f.points, repeat(None)),
        )
    )
    kinds_of, opponents, points_of, scores = f.kinds, f.opponents, f.points, f.score
    for i in compress(count(), map(all_played.__ne__, kinds_of)):
        kinds, opps, pts, score = kinds_of[i], opponents[i], points_of[i], scores[i]
        values = out[i].values
        vurs: list[bool] | None = None
        free: list[int] = []
        before: list[int] | None = None
        for r, k in enumerate(kinds):
            if k in games:
                continue
            o = opps[r]
            if rr and o < 0:
                free.append(r)  # the free round of a round robin is no element (15.2)
            elif virtual_opponent:
                if before is None:
                    before = list(accumulate(pts, initial=0))
                x = pts[r]
                complement = 0 if x == win else draw if x == draw else win - x
                values[r] = before[r] + complement + draw * (n - r - 1)
            else:
                value = score
                if capped_dummy:
                    cap = adjusted[o] if (k in "WL" and o >= 0) else cap_bye
                    value = min(value, cap)  # 16.4.1, 16.4.2
                values[r] = value
                if k in VUR_KINDS:
                    if vurs is None:
                        vurs = [False] * n
                    vurs[r] = True
        points = pts
        if free:
            keep = [r for r in range(n) if r not in free]
            values = [values[r] for r in keep]
            points = [pts[r] for r in keep]
            vurs = [vurs[r] for r in keep] if vurs is not None else None
        if free or vurs is not None:
            out[i] = Elements(values, points, vurs)
    return out


# An Elements of its three fields by the tuple's own constructor: no Python
# call per line, as a NamedTuple's __new__ would be.
_new_elements = partial(tuple.__new__, Elements)


def _cut(e: Elements, tb: TieBreak, edition: Edition, sb: bool) -> list[int] | None:
    """The contributions ``tb``'s cut or median leaves (Art. 14, with 16.5
    for voluntary unplayed rounds): opponents' scores for BH, scores times
    points for SB; ``None`` when nothing is left."""
    low = tb.cut + tb.median
    high = tb.median
    values, points = e.values, e.points
    if len(values) <= low + high:
        return None
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
                # is lower than the least significant value's.
                vur = min(voluntary, key=_contribution)
                if vur[1] >= least[1]:
                    least = vur
        rest.remove(least)
    for _ in range(high):
        rest.remove(max(rest))
    return [el[1] for el in rest]


def _contribution(el: tuple[int, int, bool]) -> int:
    return el[1]


def buchholz(f: Field, tb: TieBreak, edition: Edition, elems: list[Elements]) -> list[Value]:
    """BH (8.1) and FB (8.3, given the fore field's elements): the sum of the
    opponents' scores."""
    if not (tb.cut or tb.median):
        return f.values([sum(values) for values, _, _ in elems])
    if tb.cut == 1 and not tb.median:
        # Cut-1 without a VUR (the common case): the sum less the lowest;
        # the rest (VURs, fewer than two elements) as _cut says.
        units = [
            sum(values) - min(values) if vurs is None and len(values) > 1 else None
            for values, _, vurs in elems
        ]
        out = f.values(units)
        for i in [i for i, u in enumerate(units) if u is None]:
            kept = _cut(elems[i], tb, edition, sb=False)
            out[i] = None if kept is None else f.value(sum(kept))
        return out
    out = []
    for e in elems:
        kept = _cut(e, tb, edition, sb=False)
        out.append(None if kept is None else f.value(sum(kept)))
    return out


def sonneborn_berger(
    f: Field, tb: TieBreak, edition: Edition, elems: list[Elements]
) -> list[Value]:
    """SB (9.1): the sum of each opponent's score times the points scored
    against him."""
    square = f.scale * f.scale
    cache: dict[int | None, Decimal | None] = {None: None}
    totals: list[int | None]
    if tb.cut or tb.median:
        totals = []
        for e in elems:
            kept = _cut(e, tb, edition, sb=True)
            totals.append(None if kept is None else sum(kept))
    else:
        mul = operator.mul
        totals = [sum(map(mul, values, points)) for values, points, _ in elems]
    for total in set(totals).difference(cache):
        assert total is not None
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
    players each cycle has a free round."""
    players = len(f.score)
    possible = f.rounds
    if f.round_robin and players > 1:
        per_cycle = players - 1 if players % 2 == 0 else players
        possible = (players - 1) * max(1, round(f.rounds / per_cycle))
    # score >= max/2 + limit/2 points, in doubled units
    threshold = f.win * possible + tb.limit * f.scale
    qualifies = [2 * s >= threshold for s in f.score]
    games = GAME_KINDS if f.round_robin else PLAYED
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
