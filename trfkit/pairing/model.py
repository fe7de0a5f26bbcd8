"""The pairing room's result records: what the engine says of one round, and
what the checker says of every round of a file.

These are the contract between the Dutch engine (``trfkit.pairing``) and its
front doors (``trfkit pairings``, ``trfkit pair``, ``check --pairings``, the
API and the page). Pure data: no rendering, no I/O.

Pairs are ``(white, black)`` by starting rank (the 001 line's number, the
pairing number of C.04.2); the pairing-allocated bye is ``(n, 0)``.
"""

from __future__ import annotations

import enum

import attrs

__all__ = [
    "BoardDifference",
    "Explanation",
    "PairingsReport",
    "RoundCheck",
    "RoundPairing",
    "System",
    "Unpairable",
]


class System(enum.Enum):
    """The edition of the FIDE (Dutch) System (C.04.3) a round is paired by."""

    DUTCH_2017 = "dutch-2017"  # in force until 31 January 2026
    DUTCH_2026 = "dutch-2026"  # in force from 1 February 2026


Pair = tuple[int, int]


@attrs.frozen
class Unpairable:
    """A round the system cannot pair (C.04.3: the arbiter decides); never a hang."""

    round: int
    reason: str


@attrs.frozen
class RoundPairing:
    """The engine's pairing of one round, board order as the system sorts it (C.04.2 / 4.x)."""

    round: int
    system: System
    pairs: tuple[Pair, ...]
    # players not paired and why ("H", "F", "Z", "U" byes requested, withdrawn, absent).
    not_paired: tuple[tuple[int, str], ...] = ()


@attrs.frozen
class BoardDifference:
    """One board on which the file and the engine differ."""

    kind: str  # "pairs" (different opponents) or "colours" (same pair, colours swapped)
    engine: Pair | None
    file: Pair | None


@attrs.frozen
class Explanation:
    """Why the file's pairing is not the system's, in the edition's own words.

    ``criterion`` is the article of the chosen edition (e.g. "C.12" under
    dutch-2017, "C14" / "2.3.4" under dutch-2026); ``file_value`` and
    ``engine_value`` are the values compared on it; ``text`` is one sentence an
    arbiter can read without knowing the algorithm.
    """

    bracket: str  # the score group, e.g. "3½", or "" for the whole round
    criterion: str
    absolute: bool
    file_value: str
    engine_value: str
    text: str


@attrs.frozen
class RoundCheck:
    """One round of the file compared with the engine's pairing of it."""

    round: int
    agrees: bool
    engine: tuple[Pair, ...]  # the whole round as the engine pairs it
    file: tuple[Pair, ...]  # the whole round as the file has it
    differences: tuple[BoardDifference, ...] = ()
    explanation: Explanation | None = None
    unpairable: Unpairable | None = None


@attrs.frozen
class PairingsReport:
    """Every checked round of a file under one edition."""

    system: System
    chosen_by: str  # e.g. "192 FIDE_DUTCH_2026", "start date 2025-06-01", "--system"
    rounds: tuple[RoundCheck, ...]

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.rounds)
