"""R501, R502: what the rating will not count, and rated results with no game.

FIDE 2002 §5.1, 2009 §5, 2024 §5.1, Rapid & Blitz 2024 §4.1: unplayed games,
"whether these occur because of forfeiture or any other reason", are not
counted; TRF16 marks only ``1``, ``=`` and ``0`` between two players as rated.
"""

from __future__ import annotations

from collections.abc import Iterator

from trfkit.checks._util import cell_column, diag, line_of
from trfkit.diagnostics import Diagnostic
from trfkit.event import Event
from trfkit.model import Result, Tournament

__all__ = ["rated_result_without_game", "unrated_cells"]

_WHY = {
    Result.FORFEIT_WIN: "forfeit win",
    Result.FORFEIT_LOSS: "forfeit loss",
    Result.UNPLAYED_WIN: "win in under one move",
    Result.UNPLAYED_DRAW: "draw in under one move",
    Result.UNPLAYED_LOSS: "loss in under one move",
    Result.HALF_POINT_BYE: "half-point bye",
    Result.FULL_POINT_BYE: "full-point bye",
    Result.PAIRING_ALLOCATED_BYE: "pairing-allocated bye",
    Result.ZERO_POINT_BYE: "zero-point bye",
}


_BLANK = Result.BLANK


def unrated_cells(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R501 (info): per player, the rounds that will not be rated and why.

    Blank cells after a player's last game (not paired, or not played yet)
    are left out: they are no game at all.
    """
    for p in t.players:
        end = len(p.games)
        while end and p.games[end - 1].opponent is None and p.games[end - 1].result is _BLANK:
            end -= 1
        reasons: list[tuple[int, str]] = []
        for r, g in enumerate(p.games[:end], start=1):
            if g.result is None or g.result.is_rated:
                continue
            why = _WHY.get(g.result)
            if why is None:  # blank result: TRF16 reads it as Z
                why = "no result yet" if g.opponent is not None else "not paired (as Z)"
            reasons.append((r, why))
        if not reasons:
            continue
        listed = "; ".join(f"round {r}: {why}" for r, why in reasons)
        yield diag(
            "R501",
            line_of(p),
            cell_column(reasons[0][0], "result"),
            f"player {p.start_rank}: {len(reasons)} round{'s' if len(reasons) > 1 else ''} "
            f"will not be rated ({listed})",
            found=", ".join(why for _, why in reasons),
        )


def rated_result_without_game(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R502: a rated result code (1 or 0) in a cell with no opponent.

    ``0000 - 1`` claims a rated win where no game was played; the rating
    would either drop it silently or, worse, a program would rate it. (A
    ``=`` there is the TRF06 half-point bye, reported as S111.)
    """
    for p in t.players:
        for r, g in enumerate(p.games, start=1):
            if g.opponent is None and g.result in (Result.WIN, Result.LOSS):
                yield diag(
                    "R502",
                    line_of(p),
                    cell_column(r, "result"),
                    f"round {r}: rated result {g.result.value!r} but no opponent; unplayed "
                    f"games are not rated ({ev.rules.name})",
                    found=f"0000 {g.colour.value} {g.result.value}",
                    expected="a bye code (F for a full-point bye, Z for none) or the opponent",
                )
