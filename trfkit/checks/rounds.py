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

from trfkit import _examples as ex
from trfkit.checks._util import cell_column, diag, line_of, player_label
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
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


@check(
    Code(
        "S127",
        "structure.cells-beyond-rounds",
        Severity.ERROR,
        "A player line with more round cells than the event has rounds: more than "
        "142/XXR declare and than any other line reaches (a game has two players, so "
        "a round only one line has is none of the event's). One finding per line, at "
        "its first cell beyond the rounds; those cells are not checked round by round "
        "(no S101, S113 ... for each of them).",
        "TRF16 §2.2 (round blocks); TRF26 142; TRF(x) XXR",
        ex.lines(*ex.HEAD, ex.P1 + "     2 w 1" * 3, ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Remove the cells beyond the event's rounds (a line that ran on, or two "
        "players' lines joined), or declare the rounds (142/XXR) if the event had them.",
        plain="more rounds on a line than the event has",
    ),
)
def extra_cells(context: Context) -> Iterator[Diagnostic]:
    """S127, one per line, at its first cell beyond the event's rounds."""
    t = context.tournament
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
