"""Tie-breaks from the participant's own results (C.07 Art. 7), each
declared with its function (:mod:`trfkit.tiebreaks.declared`).

In a round robin a forfeit loss stays an unplayed round here (15.2); a
forfeit win is never a game won over the board (7.2), a game won in less
than one move (``W``) is (:mod:`~trfkit.tiebreaks.field`).
"""

from __future__ import annotations

from decimal import Decimal

from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.declared import tiebreak
from trfkit.tiebreaks.field import GAME_KINDS, PLAYED, VUR_KINDS, WIN_RESULTS, WON_RESULTS, Field

__all__ = ["bpg", "bwg", "progressive", "rep", "std", "tpn", "win", "won"]

Value = Decimal | int | None
_WIN_BYTES = bytes(1 if chr(b) in WIN_RESULTS else 0 for b in range(256))


@tiebreak("WIN", "7.1", "rounds with a win's points, played or not")
def win(f: Field, tb: TieBreak) -> list[Value]:
    """WIN (7.1): rounds with a win's points, played or not (PAB, forfeit,
    full-point bye)."""
    # Every line's results end to end, a win as byte 1 and anything else
    # as 0, in one translate: a line's sum counts it.
    wins = f.all_results.encode("ascii").translate(_WIN_BYTES)
    return list(map(sum, map(wins.__getitem__, f.lines)))


@tiebreak("WON", "7.2", "games won over the board")
def won(f: Field, tb: TieBreak) -> list[Value]:
    """WON (7.2): games won over the board."""
    return [
        sum(1 for k, r in zip(kinds, res, strict=True) if k == PLAYED and r in WON_RESULTS)
        for kinds, res in zip(f.kinds, f.results, strict=True)
    ]


@tiebreak("BPG", "7.3", "games played over the board with black")
def bpg(f: Field, tb: TieBreak) -> list[Value]:
    """BPG (7.3): games played over the board with black."""
    return [
        sum(1 for k, c in zip(kinds, cols, strict=True) if k == PLAYED and c == "b")
        for kinds, cols in zip(f.kinds, f.colours, strict=True)
    ]


@tiebreak("BWG", "7.4", "games won over the board with black")
def bwg(f: Field, tb: TieBreak) -> list[Value]:
    """BWG (7.4): games won over the board with black."""
    return [
        sum(
            1
            for k, c, r in zip(kinds, cols, res, strict=True)
            if k == PLAYED and c == "b" and r in WON_RESULTS
        )
        for kinds, cols, res in zip(f.kinds, f.colours, f.results, strict=True)
    ]


@tiebreak("PS", "7.5", "the sum of the scores after each round", modifiers="C")
def progressive(f: Field, tb: TieBreak) -> list[Value]:
    """PS (7.5): the sum of the scores after each round; ``/C1`` and ``/C2``
    leave out the scores after the first one or two rounds (14.1.1)."""
    out: list[Value] = []
    for pts in f.points:
        running, total = 0, 0
        for r, x in enumerate(pts):
            running += x
            if r >= tb.cut:
                total += running
        # A cut of every round leaves the sum of nothing: 0 (14.1, as BH).
        out.append(f.value(total))
    return out


@tiebreak("REP", "7.6", "the rounds less the byes and forfeit losses")
def rep(f: Field, tb: TieBreak) -> list[Value]:
    """REP (7.6; GE in C.07-2023): the rounds less the half- and zero-point
    byes (withdrawal included) and the forfeit losses."""
    return [f.rounds - sum(1 for k in kinds if k in VUR_KINDS) for kinds in f.kinds]


@tiebreak("STD", "7.7", "a point a round scoring more than the opponent, half for as much")
def std(f: Field, tb: TieBreak) -> list[Value]:
    """STD (7.7, C.07-2026): one point for each round in which the
    participant scored more than the scheduled opponent (unpaired: more than
    a draw's points), half a point for each round with the same score; a
    double forfeit is a round with the same score, as the text is written."""
    half = Decimal("0.5")
    out: list[Value] = []
    for kinds, opps, pts in zip(f.kinds, f.opponents, f.points, strict=True):
        halves = 0
        for r, (k, o, x) in enumerate(zip(kinds, opps, pts, strict=True)):
            other = f.points[o][r] if (o >= 0 and k in GAME_KINDS) else f.draw
            halves += 2 if x > other else 1 if x == other else 0
        out.append(half * halves)
    return out


@tiebreak("TPN", "7.8", "the tournament pairing number, lower first")
def tpn(f: Field, tb: TieBreak) -> list[Value]:
    """TPN (7.8, C.07-2026): the tournament pairing number, lower first."""
    return list(f.start_ranks)
