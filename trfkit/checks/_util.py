"""Helpers shared by the checks: diagnostics and the columns of round cells."""

from __future__ import annotations

from trfkit.codes import diagnostic as diag
from trfkit.columns import layout
from trfkit.model import Player

__all__ = ["cell_column", "diag", "line_of"]

_GAMES = layout("player").repeat
assert _GAMES is not None
_FIRST = {f.name: f.first for f in _GAMES.fields}


def cell_column(round_no: int, field: str) -> int:
    """The 1-based column of ``field`` (opponent, colour, result) in round ``round_no``."""
    return _FIRST[field] + _GAMES.stride * (round_no - 1) if _GAMES else 0


def line_of(p: Player) -> int:
    return p.origin.line if p.origin is not None else 0
