"""The initial colour the file declares against the colours of round 1.

C.04.2 (2017 E.5; 2026 5.2): the colour of the first player in round 1 is
drawn; every later round's colours follow from it where nothing else
decides. TRF-2026 writes the draw in ``152`` (JaVaFo and bbpPairings in
``XXC white1/black1``), mandatory only where round 1 does not show it; a
pairing program reads the record first. Where the two disagree, every
pairing of the event is read against the declared colour, and round 1 is
then not the system's: the arbiter should know which one is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator

from trfkit import _examples as ex
from trfkit.checks._util import diag
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import TournamentType
from trfkit.pairing.inputs import WHITE, declared_initial_colour, round_one_colour

_WORD = {WHITE: "white"}


def _colour(c: int) -> str:
    return _WORD.get(c, "black")


@check(
    Code(
        "S130",
        "structure.initial-colour",
        Severity.INFO,
        "The initial colour the file declares (TRF-2026 152, or XXC white1/black1) is "
        "not the one round 1's colours show: the first player paired in round 1 has "
        "the other colour. A pairing program, and trfkit pairings, read the record, "
        "so round 1 does not follow the system and every later colour is judged by "
        "the record. TRF-2026 writes 152 where round 1 does not show the draw; if "
        "round 1 was paired as drawn, the record is wrong. Swiss events only.",
        "TRF26 152 (initial colour); FIDE C.04.2, C.04.3 E.5 (2017), 5.2 (2026)",
        ex.lines(
            *ex.HEAD, "092 Swiss", "152 B", *ex.field([2400, 2300, 2200, 2100], [[(1, 3), (4, 2)]])
        ),
        ex.lines(
            *ex.HEAD, "092 Swiss", "152 W", *ex.field([2400, 2300, 2200, 2100], [[(1, 3), (4, 2)]])
        ),
        "Write in 152 the colour drawn for round 1, or leave 152 out where round 1 shows it.",
        plain="an initial colour round 1 does not show",
    ),
)
def initial_colour_against_round_one(context: Context) -> Iterator[Diagnostic]:
    """S130: 152 / XXC against round 1's colours, in a Swiss event."""
    t = context.tournament
    if context.event.type is not TournamentType.SWISS or not t.rounds_played:
        return
    declared = declared_initial_colour(t)
    if declared is None:
        return
    shown = round_one_colour(t)
    if shown is None or shown == declared:
        return
    line = t.header_line("152")
    record = "152" if line else "XXC"
    if not line:
        line = next(
            (e.origin.line for e in t.records if getattr(e, "code", None) == "XXC" and e.origin),
            0,
        )
    yield diag(
        "S130",
        line,
        5,
        f"{record} declares the initial colour {_colour(declared)}, but round 1's colours "
        f"show {_colour(shown)} drawn for the first player; the later rounds' pairings are "
        f"read with {_colour(declared)}, and round 1 is not the system's pairing",
        found=_colour(declared),
        expected=f"{_colour(shown)} (as round 1 shows), or round 1 paired with {_colour(declared)}",
    )
