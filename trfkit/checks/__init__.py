"""Checks: one module per family, each check a function yielding Diagnostics.

A check takes a :class:`~trfkit.model.Tournament` and yields
:class:`~trfkit.diagnostics.Diagnostic` objects with a stable code from
:mod:`trfkit.codes`. :func:`validate` runs them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from trfkit.checks import headers, pairings, players, standings
from trfkit.diagnostics import Diagnostic
from trfkit.model import Tournament

__all__ = ["CHECKS", "validate"]

Check = Callable[[Tournament], Iterator[Diagnostic]]

CHECKS: tuple[Check, ...] = (
    players.duplicate_ids,
    pairings.opponents_exist,
    pairings.mutual_pairings,
    pairings.one_game_per_round,
    pairings.colours,
    pairings.complementary_results,
    pairings.bye_coding,
    standings.declared_points,
    standings.ranks,
    headers.header_counts,
    headers.round_dates,
)


def validate(t: Tournament, *, ignore: Iterable[str] = ()) -> list[Diagnostic]:
    """Every problem the checks find in ``t``, sorted by line and column.

    The reader's own diagnostics (``t.diagnostics``) are not repeated here.
    """
    skip = set(ignore)
    found = [d for check in CHECKS for d in check(t) if d.code not in skip]
    found.sort(key=lambda d: (d.line, d.column, d.code))
    return found
