"""Swiss pairings by the FIDE (Dutch) System, C.04.3, in its two editions.

The engine pairs one round from the rounds before it; the checker re-pairs
every round of a file and compares. See ``docs/pairings.md``.

The public API (the contract the front doors are written against):

- ``choose_system(tournament, requested=None) -> tuple[System, str]``: the
  edition and why (192, else the start date, else the request).
- ``pair_round(tournament, round, system) -> RoundPairing``: round ``round``
  paired from rounds ``1 .. round-1`` of the file (raises ``UnpairableRound``).
- ``check_pairings(tournament, system=None, rounds=None) -> PairingsReport``.
"""

from trfkit.pairing.api import (
    UnpairableRound,
    check_pairings,
    check_round,
    choose_system,
    file_round,
    pair_round,
)
from trfkit.pairing.model import (
    BoardDifference,
    Explanation,
    PairingsReport,
    RoundCheck,
    RoundPairing,
    System,
    Unpairable,
)

__all__ = [
    "BoardDifference",
    "Explanation",
    "PairingsReport",
    "RoundCheck",
    "RoundPairing",
    "System",
    "Unpairable",
    "UnpairableRound",
    "check_pairings",
    "check_round",
    "choose_system",
    "file_round",
    "pair_round",
]
