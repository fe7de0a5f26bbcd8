"""Hand-built TRF files for the pairing tests: 001 lines in their columns."""

from __future__ import annotations

from trfkit.model import Tournament
from trfkit.reader import loads


def line(sr: int, cells: list[str], points: float = 0.0, rating: int = 2000) -> str:
    """``cells`` like ``"3 w 1"``, ``"0000 - U"``, ``"0000 - Z"``."""
    head = f"001 {sr:4d}      {'Player ' + str(sr):<33}{rating:4d}{'':<29}{points:4.1f} {sr:4d}"
    out = head
    for c in cells:
        opp, colour, result = c.split()
        out += (
            f"  {int(opp):4d} {colour} {result}" if opp != "0000" else f"  0000 {colour} {result}"
        )
    return out


def tournament(lines: list[str], extra: list[str] | None = None) -> Tournament:
    text = "012 Hand-built\n" + "\n".join(extra or []) + "\n" + "\n".join(lines) + "\n"
    return loads(text)
