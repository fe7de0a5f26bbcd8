"""S128 (``check --pairings``): each round against the FIDE (Dutch) System.

The engine (:mod:`trfkit.pairing`) re-pairs every round from the rounds
before it and compares; this check says, once per round that differs,
where, what and why, in the words ``trfkit pairings`` prints. Only when
asked for: re-pairing every round is the costliest thing check can do.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from trfkit import _examples as ex
from trfkit.checks._util import cell_column, diag, line_of, with_reference
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event, TournamentType
from trfkit.model import Player, Tournament
from trfkit.pairing.model import RoundCheck

__all__ = [
    "SYSTEMS",
    "applies",
    "dutch_pairings",
    "not_swiss",
    "pair_text",
    "pairings_not_checked",
    "rounds_wanted",
]

SYSTEMS = ("auto", "dutch-2017", "dutch-2026")
"""The values of ``--system``: auto (192, else the start date) or an edition."""


def applies(ev: Event) -> bool:
    """The Dutch System pairs Swiss events: not an event declared (or given)
    as another type, and never a team event; an event whose type is only
    inferred from its pairings is checked (a small Swiss looks like a
    round robin)."""
    if ev.type is TournamentType.SWISS:
        return True
    return ev.type_source == "pairings" and ev.type is not TournamentType.TEAM


def not_swiss(t: Tournament) -> str | None:
    """Why the Dutch System cannot be asked of ``t`` (an event declared
    other than Swiss, a team event), or ``None``: the front doors refuse it
    in these words (exit status 2, HTTP 422)."""
    from trfkit.event import event_of

    ev = event_of(t)
    if applies(ev):
        return None
    said = {"given": "as --type says", "pairings": "by its pairings"}.get(
        ev.type_source, f"as {ev.type_source} says"
    )
    return f"a {ev.type.value} event ({said}); the FIDE (Dutch) System pairs Swiss events"


def rounds_wanted(text: str | None, played: int) -> list[int] | None:
    """``--rounds A`` or ``A-B`` as the rounds to check (``None``: every
    round); ``ValueError`` saying why when they are not rounds the file has."""
    if text is None or not text.strip():
        return None
    first, sep, last = text.strip().partition("-")
    if not first.strip().isdigit() or (sep and not last.strip().isdigit()):
        raise ValueError(f"{text!r}: expected a round (3) or rounds (3-5)")
    a, b = int(first), int(last) if sep else int(first)
    if not 1 <= a <= b:
        raise ValueError(f"{text!r}: expected 1 <= A <= B")
    if b > played:
        raise ValueError(
            f"{text!r}: the file has {played} round{'s' if played != 1 else ''} played"
        )
    return list(range(a, b + 1))


def pair_text(pair: tuple[int, int] | None) -> str:
    """``12-7`` (white first), ``12-bye`` for the pairing-allocated bye."""
    if pair is None:
        return ""
    white, black = pair
    return f"{white}-bye" if black == 0 else f"{white}-{black}"


def _pairs_text(pairs: Sequence[tuple[int, int] | None], most: int | None = None) -> str:
    """The boards, white first; with ``most``, the first few and how many more."""
    shown = [pair_text(p) for p in pairs if p is not None]
    if most is not None and len(shown) > most:
        return ", ".join(shown[:most]) + f" and {len(shown) - most} more"
    return ", ".join(shown) or "none"


_IN_MESSAGE = 4
"""Boards a side the message names (``found`` and ``expected`` hold all)."""


@check(
    Code(
        "S128",
        "structure.pairings-not-the-system",
        Severity.WARNING,
        "check --pairings: a round of a Swiss event whose pairs or colours are not "
        "those the FIDE (Dutch) System makes from the rounds before it, in the "
        "edition in force (192, else the start date; --system to choose), or a round "
        "the system cannot pair at all. One finding per round, at the first differing "
        "board's cell, with the file's and the system's boards and why, by the "
        "first criterion of the edition on which the file's pairing is worse. A "
        "warning: the event may have used another system or an accelerated one the "
        "file does not declare, and trfkit is not a FIDE-endorsed pairing program. "
        "Not checked without --pairings, nor in events declared (092/192, --type) "
        "other than Swiss.",
        "FIDE C.04.3 (the FIDE (Dutch) System), C.04.1, C.04.2",
        ex.lines(*ex.HEAD, "092 Swiss", *ex.field([2400, 2300, 2200, 2100], [[(1, 2), (3, 4)]])),
        ex.lines(*ex.HEAD, "092 Swiss", *ex.field([2400, 2300, 2200, 2100], [[(1, 3), (4, 2)]])),
        "Compare the round with trfkit pairings FILE, which shows both side by side; "
        "if the arbiter changed the pairing, keep the reason with the tournament report.",
        check_with=(("pairings", "auto"),),
        plain="a round not paired as the FIDE (Dutch) System pairs it",
        page_fix=(
            "Compare the round in the Pairings tab; if the arbiter changed the pairing, "
            "keep the reason with the tournament report."
        ),
    ),
    kind=Kind.SYSTEM,
)
def pairings_against_the_system(context: Context) -> Iterator[Diagnostic]:
    """S128 (``check --pairings``): each round against the FIDE (Dutch) System."""
    return dutch_pairings(context.tournament, context.event, context.pairing_system or "auto")


@check(
    Code(
        "S129",
        "structure.pairings-not-checked",
        Severity.INFO,
        "check --pairings on an event the FIDE (Dutch) System does not pair: an event "
        "declared (092/192, --type) other than Swiss, or a team event. Its rounds are not "
        "checked against the system (S128), by the same rule as trfkit pairings, which "
        "refuses such a file; said once, so that a check --pairings with no S128 is not "
        "read as every round agreeing. An event whose type is only inferred from its "
        "pairings is checked (a small Swiss looks like a round robin).",
        "FIDE C.04.3 (the FIDE (Dutch) System), C.04.1",
        ex.lines(
            *ex.HEAD, "092 Round robin", *ex.field([2400, 2300, 2200, 2100], [[(1, 2), (3, 4)]])
        ),
        ex.lines(*ex.HEAD, "092 Swiss", *ex.field([2400, 2300, 2200, 2100], [[(1, 3), (4, 2)]])),
        "Nothing to fix: pair such an event by its own system (C.05 Berger tables for a round "
        "robin, C.04.6 for a Swiss team event).",
        check_with=(("pairings", "auto"),),
        plain="pairings not checked: not a Swiss event",
    ),
    kind=Kind.SYSTEM,
)
def pairings_not_checked(context: Context) -> Iterator[Diagnostic]:
    """S129 (``check --pairings``): the event is not one the system pairs."""
    t = context.tournament
    if not context.pairing_system or not t.players or applies(context.event):
        return
    reason = not_swiss(t)
    if reason is None:
        return
    yield diag(
        "S129",
        line_of(t.players[0]),
        1,
        f"the pairings are not checked against the FIDE (Dutch) System: {reason}",
        found=context.event.type.value,
        expected="a Swiss event",
        severity=Severity.INFO,
    )


def _differing_boards(r: RoundCheck) -> str:
    """ "3 boards": as trfkit pairings shows them side by side, a swap of
    colours is one board, pairs made differently one row a side."""
    swapped = sum(1 for x in r.differences if x.kind == "colours")
    only = [x for x in r.differences if x.kind != "colours"]
    boards = swapped + max(
        sum(1 for x in only if x.engine is not None), sum(1 for x in only if x.file is not None)
    )
    return f"{boards} board{'s' if boards != 1 else ''}"


def dutch_pairings(t: Tournament, ev: Event, system: str = "auto") -> Iterator[Diagnostic]:
    """S128: a finding for each round the system pairs otherwise (or
    cannot pair), at the first differing board's cell in the file."""
    if not applies(ev) or not t.players:
        return
    from trfkit.pairing import System, check_pairings

    report = check_pairings(t, None if system == "auto" else System(system))
    by_rank: dict[int, Player] = {}
    for p in t.players:
        by_rank.setdefault(p.start_rank, p)
    edition = report.system.value
    for r in report.rounds:
        if r.agrees:
            continue
        engine = [d.engine for d in r.differences]
        file = [d.file for d in r.differences]
        first = next((p for p in file if p is not None), None) or next(
            (p for p in engine if p is not None), None
        )
        player = by_rank.get(first[0]) if first is not None else None
        line = line_of(player) if player is not None else 0
        column = cell_column(r.round, "opponent") if player is not None else 0
        if r.unpairable is not None:
            message = (
                f"round {r.round}: the FIDE (Dutch) System ({edition}, chosen by "
                f"{report.chosen_by}) cannot pair it ({r.unpairable.reason}), and the file "
                "pairs it: the arbiter decides (C.04.3)"
            )
            d = diag("S128", line, column, message, found=_pairs_text(r.file))
            yield d
            continue
        message = (
            f"round {r.round} is not paired as the FIDE (Dutch) System ({edition}, chosen by "
            f"{report.chosen_by}) pairs it: {_differing_boards(r)} differ "
            f"(the file {_pairs_text(file, _IN_MESSAGE)}; the system "
            f"{_pairs_text(engine, _IN_MESSAGE)})"
        )
        if r.explanation is not None and r.explanation.text:
            message += f"; {r.explanation.text}"
        d = diag(
            "S128",
            line,
            column,
            message,
            found="the file: " + _pairs_text(file),
            expected="the system: " + _pairs_text(engine),
        )
        if r.explanation is not None and r.explanation.criterion:
            d = with_reference(d, f"FIDE C.04.3 ({edition}) {r.explanation.criterion}")
        yield d
