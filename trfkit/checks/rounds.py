"""S127: a player line with more round cells than the event has rounds.

A line that runs on past every other line and past the rounds 142/XXR
declare (issue 29: thousands of ``     2 w 1`` appended to one line) is one
fault, not one per cell: the finding stands at the first cell beyond the
event's rounds, and the checks that read cell by cell say nothing of the
cells beyond (:func:`beyond_rounds` tells :func:`trfkit.checks.validate`
where they start). Every step is linear in the number of cells.
"""

from __future__ import annotations

from collections.abc import Iterator

from trfkit.checks._util import cell_column, diag, line_of, player_label
from trfkit.diagnostics import Diagnostic
from trfkit.event import event_rounds
from trfkit.model import Tournament

__all__ = ["beyond_rounds", "extra_cells"]


def beyond_rounds(t: Tournament) -> dict[int, int]:
    """Line number: the first column beyond the event's rounds, for every
    line with more cells than the event has rounds."""
    if len(t.players) < 2:
        return {}
    rounds = event_rounds(t)
    start = cell_column(rounds + 1, "opponent") - 4  # the cell's leading blanks
    return {line_of(p): start for p in t.players if p.cell_count > rounds}


def extra_cells(t: Tournament) -> Iterator[Diagnostic]:
    """S127, one per line, at its first cell beyond the event's rounds."""
    if len(t.players) < 2:
        return
    rounds = event_rounds(t)
    declared = t.declared_rounds
    source = (
        f"142/XXR declare {declared}" if declared is not None and declared >= rounds
        else "every other line has at most that many; 142/XXR declare "
        + (str(declared) if declared is not None else "none")
    )  # fmt: skip
    for p in t.players:
        n = p.cell_count
        if n <= rounds:
            continue
        extra = n - rounds
        yield diag(
            "S127",
            line_of(p),
            cell_column(rounds + 1, "opponent"),
            f"{player_label(p)} has {n} round cells, but the event has {rounds} round"
            f"{'s' if rounds != 1 else ''} ({source}): the {extra} cell"
            f"{'s' if extra != 1 else ''} from round {rounds + 1} on are not checked "
            "round by round",
            found=f"{n} round cells",
            expected=f"at most {rounds}",
        )
