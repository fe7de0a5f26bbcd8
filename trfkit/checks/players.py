"""Checks on the player records themselves."""

from __future__ import annotations

from collections.abc import Iterator

from trfkit.checks._util import diag, line_of
from trfkit.diagnostics import Diagnostic
from trfkit.model import Tournament


def duplicate_ids(t: Tournament) -> Iterator[Diagnostic]:
    """S107: a starting rank or a FIDE id used by two players (TRF16 §2.2)."""
    ranks: dict[int, int] = {}
    fide: dict[int, int] = {}
    for p in t.players:
        line = line_of(p)
        if p.start_rank in ranks:
            yield diag(
                "S107",
                line,
                5,
                f"starting rank {p.start_rank} is also the starting rank of the player "
                f"on line {ranks[p.start_rank]}",
                found=str(p.start_rank),
                expected="a starting rank no other player has",
            )
        else:
            ranks[p.start_rank] = line
        if p.fide_id:
            if p.fide_id in fide:
                yield diag(
                    "S107",
                    line,
                    58,
                    f"FIDE id {p.fide_id} is also the FIDE id of the player on line "
                    f"{fide[p.fide_id]}",
                    found=str(p.fide_id),
                    expected="a FIDE id no other player has",
                )
            else:
                fide[p.fide_id] = line
