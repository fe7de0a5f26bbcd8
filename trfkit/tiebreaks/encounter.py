"""Direct encounter, DE (C.07 Art. 6): the tied players' games among themselves.

DE ranks a group rather than giving each player a number: it returns the
group split into ordered subgroups, each still tied within itself.
"""

from __future__ import annotations

from fractions import Fraction

from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.field import GAME_KINDS, PLAYED, Field

__all__ = ["direct_encounter"]


def _separate(
    f: Field, group: list[int], tb: TieBreak
) -> tuple[dict[int, Fraction], set[frozenset[int]]]:
    """Each player's points against the others of ``group`` (a pair met
    several times counts the average of its games, 6.1.2), and the pairs
    that met. Forfeits count with ``/P`` and in a round robin (6.1.1, 15.2)."""
    members = set(group)
    games = GAME_KINDS if (tb.forfeits_played or f.round_robin) else PLAYED
    by_pair: dict[tuple[int, int], list[int]] = {}
    for i in group:
        for k, o, x in zip(f.kinds[i], f.opponents[i], f.points[i], strict=True):
            if o in members and o != i and k in games:
                by_pair.setdefault((i, o), []).append(x)
    points = dict.fromkeys(group, Fraction(0))
    for (i, _), xs in by_pair.items():
        points[i] += Fraction(sum(xs), len(xs) * f.scale)
    met = {frozenset(pair) for pair in by_pair}
    return points, met


def direct_encounter(f: Field, group: list[int], tb: TieBreak) -> list[list[int]]:
    """``group`` split by DE into ordered subgroups (6.2: the rule applied
    again to any subgroup it leaves tied; 6.3: when not all have met, a
    player is placed only if no result of the missing games could pass him)."""
    if len(group) < 2:
        return [group]
    points, met = _separate(f, group, tb)
    pairs = len(group) * (len(group) - 1) // 2
    if len(met) == pairs:
        levels = sorted({points[i] for i in group}, reverse=True)
        if len(levels) == 1:
            return [group]
        out: list[list[int]] = []
        for level in levels:
            part = [i for i in group if points[i] == level]
            out += direct_encounter(f, part, tb) if len(part) > 1 else [part]
        return out
    # 6.3: place players one at a time while the leader's points exceed
    # what any rival could reach by winning every missing game.
    win = Fraction(f.win, f.scale)
    placed: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:
        best = {
            i: points[i] + win * sum(1 for j in group if j != i and frozenset((i, j)) not in met)
            for i in rest
        }
        leader = max(rest, key=lambda i: points[i])
        if all(points[leader] > best[j] for j in rest if j != leader):
            placed.append([leader])
            rest.remove(leader)
        else:
            break
    if not placed:
        return [group]
    return placed + (direct_encounter(f, rest, tb) if len(rest) > 1 else [rest])
