"""The editions of FIDE's tie-break regulations (C.07), chosen by start date.

Three rule sets differ in how unplayed rounds enter the opponents' scores:

- ``c07-pre2023``: the virtual opponent (the tie-break rules of the FIDE
  Handbook before C.07-2023): an own unplayed round is a game against a
  virtual opponent who has the player's score before that round, gets the
  complement of the player's result in it and draws every later round; an
  opponent's unplayed games count as draws.
- ``c07-2023``: C.07 approved 1 August 2023, in force for all FIDE-rated
  events from 1 April 2024 (the 2024-08 text has the same Article 16): each
  own unplayed round is a game against a dummy whose score is the
  participant's own final score (16.4); an opponent's requested byes that
  only VURs follow count as draws (16.3).
- ``c07-2026``: C.07 approved 2 February 2026, in force from 1 March 2026:
  as 2023, with the dummy's score capped (16.4.1 forfeits: the scheduled
  opponent's adjusted score; 16.4.2 other byes: a draw's points times the
  rounds).
"""

from __future__ import annotations

import datetime as dt

import attrs

__all__ = ["EDITIONS", "Edition", "edition_for", "get_edition"]


@attrs.frozen
class Edition:
    name: str
    title: str
    applies_from: dt.date | None
    """The first start date the edition governs (``None``: before all others)."""
    virtual_opponent: bool = False
    """Unplayed rounds by the virtual opponent (before C.07-2023)."""
    capped_dummy: bool = False
    """The dummy's score capped (C.07-2026 16.4.1, 16.4.2)."""
    vur_cut: bool = True
    """Cut-1 takes a voluntary unplayed round first (16.5; 2023 and 2026)."""


EDITIONS: dict[str, Edition] = {
    e.name: e
    for e in (
        Edition(
            "c07-pre2023",
            "FIDE tie-break rules before C.07-2023 (virtual opponent)",
            None,
            virtual_opponent=True,
            vur_cut=False,
        ),
        Edition("c07-2023", "FIDE C.07 (2023, 2024)", dt.date(2024, 4, 1)),
        Edition("c07-2026", "FIDE C.07 (2026)", dt.date(2026, 3, 1), capped_dummy=True),
    )
}


def edition_for(start: dt.date | None) -> Edition:
    """The edition in force on ``start``; the newest when the date is unknown.

    C.07-2023 applied to FIDE's own events from 1 September 2023 but to all
    rated events from 1 April 2024, the date used here; override the choice
    for an earlier FIDE event.
    """
    if start is None:
        return EDITIONS["c07-2026"]
    chosen = EDITIONS["c07-pre2023"]
    for e in EDITIONS.values():
        if e.applies_from is not None and start >= e.applies_from:
            chosen = e
    return chosen


def get_edition(name: str) -> Edition:
    """The edition named ``name`` (``KeyError`` naming the known ones otherwise)."""
    try:
        return EDITIONS[name.lower()]
    except KeyError:
        raise KeyError(f"unknown tie-break rules {name!r}; known: {', '.join(EDITIONS)}") from None
