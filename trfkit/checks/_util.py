"""Helpers shared by the checks: diagnostics and the columns of round cells."""

from __future__ import annotations

from trfkit.codes import diagnostic as diag
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, build_diagnostic
from trfkit.model import Player

__all__ = ["cell_column", "diag", "line_of", "with_reference"]

_GAMES = layout("player").repeat
assert _GAMES is not None
_FIRST = {f.name: f.first for f in _GAMES.fields}


def cell_column(round_no: int, field: str) -> int:
    """The 1-based column of ``field`` (opponent, colour, result) in round ``round_no``."""
    return _FIRST[field] + _GAMES.stride * (round_no - 1) if _GAMES else 0


def line_of(p: Player) -> int:
    return p.origin.line if p.origin is not None else 0


def with_reference(d: Diagnostic, reference: str) -> Diagnostic:
    """``attrs.evolve(d, reference=reference)``, spelled out.

    Ten times as fast as evolve, which looks up the fields on every call and
    goes through the frozen ``__init__``: validating a big file sets the rule
    set's reference on a thousand R501 notes. tests/test_checks_index.py
    fails when Diagnostic's fields change.
    """
    return build_diagnostic(
        d.code, d.severity, d.line, d.column, d.message, reference, d.found, d.expected, d.hint
    )
