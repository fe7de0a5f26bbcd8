"""Helpers shared by the checks: diagnostics and the columns of round cells."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TypeVar

from trfkit.codes import diagnostic as diag
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, build_diagnostic
from trfkit.model import Player, Tournament

__all__ = [
    "MANY_FINDINGS",
    "cell_column",
    "diag",
    "first_named",
    "line_of",
    "one_or_each",
    "player_label",
    "unreadable_fields",
    "with_reference",
]

_T = TypeVar("_T")

# More findings of one kind in a file than this, and a column is broken
# wholesale (start ranks for ranks, an export that leaves a field out): one
# finding says so, with the count and the first players, rather than a line
# per player that an arbiter would read as many faults.
MANY_FINDINGS = 10
# How many players a grouped finding names.
_NAMED = 5

_GAMES = layout("player").repeat
assert _GAMES is not None
_FIRST = {f.name: f.first for f in _GAMES.fields}


def cell_column(round_no: int, field: str) -> int:
    """The 1-based column of ``field`` (opponent, colour, result) in round ``round_no``."""
    return _FIRST[field] + _GAMES.stride * (round_no - 1) if _GAMES else 0


def player_label(p: Player) -> str:
    """``player 13 Novak, Jan`` (``player 13`` without a name): who, in a message."""
    return f"player {p.start_rank} {p.name.strip()}".rstrip()


def line_of(p: Player) -> int:
    return p.origin.line if p.origin is not None else 0


def with_reference(d: Diagnostic, reference: str) -> Diagnostic:
    """``attrs.evolve(d, reference=reference)``, spelled out.

    Ten times as fast as evolve, which looks up the fields on every call and
    goes through the frozen ``__init__``: validating a big file sets the rule
    set's reference on a thousand R501 notes. tests/checks/test_index.py
    fails when Diagnostic's fields change.
    """
    return build_diagnostic(
        d.code, d.severity, d.line, d.column, d.message, reference, d.found, d.expected, d.hint
    )


def one_or_each(
    found: list[_T], each: Callable[[_T], Diagnostic], one: Callable[[], Diagnostic]
) -> Iterator[Diagnostic]:
    """A finding for each of ``found``, or one for all when they are more
    than :data:`MANY_FINDINGS`."""
    if len(found) > MANY_FINDINGS:
        yield one()
    else:
        yield from map(each, found)


def first_named(labels: Iterable[str], count: int) -> str:
    """The first few of a grouped finding's ``count`` players, and how many
    more there are."""
    named = ", ".join(islice(labels, _NAMED))
    return named + (f", and {count - _NAMED} more" if count > _NAMED else "")


def unreadable_fields(t: Tournament) -> frozenset[tuple[int, int]]:
    """The (line, column) of each field the reader could not read (its P002
    error). The model holds such a field as blank (an opponent as none, a
    colour as '-', a rank as none): a check that reads it so would report
    the one typo again, and misquote it."""
    return frozenset((d.line, d.column) for d in t.diagnostics if d.code == "P002")
