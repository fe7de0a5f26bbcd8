"""Tie-breaks declared where they are computed.

A tie-break computed from the field alone (its own results, C.07 Art. 7)
is one function with :func:`tiebreak` over it: its acronym, its article,
what it is, the modifiers it takes. :func:`~trfkit.tiebreaks.codes.parse_tiebreak`
then reads its code (``--tiebreaks``, a file's 202/212), and
:func:`~trfkit.tiebreaks.standings.standings` computes its column in every
output format (docs/architecture.md, "Adding a tie-break"). The tie-breaks
that share work between them (BH, FB, SB, AOB, the rating-based ones) are
computed in :mod:`trfkit.tiebreaks.standings`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from trfkit.tiebreaks.codes import TieBreak
    from trfkit.tiebreaks.field import Field

__all__ = ["MODIFIERS", "Declaration", "declared", "scratch", "tiebreak"]

Value = Decimal | int | None
Compute = Callable[["Field", "TieBreak"], Sequence[Value]]

MODIFIERS = frozenset({"C", "M", "P"})
"""The modifiers a declared tie-break may take (C.07 Art. 14): ``C`` Cut-1/2,
``M`` Median-1/2, ``P`` forfeits as played."""


@attrs.frozen
class Declaration:
    """One tie-break: its code, where C.07 defines it, and how it is computed."""

    acronym: str
    article: str
    """The C.07 article that defines it (``"7.1"``)."""
    description: str
    """What it is, in a line."""
    compute: Compute
    """Each player's value, in the field's order (``None``: undefined)."""
    modifiers: frozenset[str] = frozenset()
    """Which of :data:`MODIFIERS` it takes."""


_DECLARED: dict[str, Declaration] = {}


def tiebreak(
    acronym: str, article: str, description: str, *, modifiers: str = ""
) -> Callable[[Compute], Compute]:
    """Declare the function below as the tie-break ``acronym``; a second
    declaration of an acronym, or an unknown modifier, is an error at import."""
    taken = frozenset(modifiers)

    def declare(compute: Compute) -> Compute:
        if acronym in _DECLARED or acronym != acronym.upper():
            raise ValueError(f"tie-break {acronym!r} is declared twice or not in capitals")
        if not taken <= MODIFIERS:
            raise ValueError(f"tie-break {acronym}: unknown modifiers {sorted(taken - MODIFIERS)}")
        _DECLARED[acronym] = Declaration(acronym, article, description, compute, taken)
        return compute

    return declare


def declared() -> Mapping[str, Declaration]:
    """Every declared tie-break, by acronym."""
    return _DECLARED


@contextlib.contextmanager
def scratch() -> Iterator[None]:
    """Declarations made inside are forgotten afterwards (for tests)."""
    saved = dict(_DECLARED)
    try:
        yield
    finally:
        _DECLARED.clear()
        _DECLARED.update(saved)
