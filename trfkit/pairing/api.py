"""The engine's public functions: which edition, pair a round, check a file."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from trfkit.model import Colour, Result, Tournament
from trfkit.pairing.dutch import NoPairing, pair_players
from trfkit.pairing.explain import explain
from trfkit.pairing.inputs import RoundInput, read_round
from trfkit.pairing.model import (
    BoardDifference,
    Pair,
    PairingsReport,
    RoundCheck,
    RoundPairing,
    System,
    Unpairable,
)
from trfkit.summary import rounds_paired

__all__ = [
    "EDITION_CHANGE",
    "UnpairableRound",
    "check_pairings",
    "check_round",
    "choose_system",
    "file_round",
    "pair_round",
]

# C.04.3 2024 text in force from 1 February 2026 (Handbook C0403202602).
EDITION_CHANGE = datetime.date(2026, 2, 1)


class UnpairableRound(Exception):
    """The round cannot be paired by the system; ``unpairable`` says why."""

    def __init__(self, unpairable: Unpairable) -> None:
        super().__init__(unpairable.reason)
        self.unpairable = unpairable


def _system_named(text: str) -> System | None:
    t = text.upper()
    if "2017" in t:
        return System.DUTCH_2017
    if "2025" in t or "2026" in t:
        # bbpPairings and the drafts wrote FIDE_DUTCH_2025 for the 2024 text.
        return System.DUTCH_2026
    return None


def choose_system(
    tournament: Tournament, requested: System | str | None = None
) -> tuple[System, str]:
    """The edition and why: ``192`` (or a dated ``092``), else the start
    date (042) against 1 February 2026, else ``requested``, else dutch-2026.

    A request (``--system``) other than ``auto`` wins over the file.
    """
    if isinstance(requested, str):
        requested = None if requested == "auto" else System(requested)
    if requested is not None:
        return requested, "--system"
    for code in ("192", "092"):
        text = tournament.header(code)
        if text and "DUTCH" in text.upper():
            named = _system_named(text)
            if named is not None:
                return named, f"{code} {text.split()[0] if code == '192' else text.strip()}"
    start = tournament.start_date
    if start is not None:
        d = start.date
        if d is not None:
            system = System.DUTCH_2026 if d >= EDITION_CHANGE else System.DUTCH_2017
            return system, f"start date {d.isoformat()}"
    return System.DUTCH_2026, "default (no 192, no start date): the text in force"


def pair_round(tournament: Tournament, round: int, system: System) -> RoundPairing:
    """Round ``round`` as the system pairs it from rounds ``1 .. round-1``.

    Who is paired is read from round ``round``'s cells when the file has
    paired it (a requested bye or an absence keeps a player out); for a round
    the file has not paired yet (after :func:`trfkit.summary.rounds_paired`),
    every player is paired but those who asked for a bye (TRF-2026 240, or
    the round's own ``H``/``Z``/``F``/``U`` cell written ahead). Raises
    :class:`UnpairableRound`.
    """
    return _pair(read_round(tournament, round, system))


def _pair(ri: RoundInput) -> RoundPairing:
    """The round ``ri`` reads, paired, its boards in the system's order."""
    try:
        pairs = pair_players(ri)
    except NoPairing as e:
        raise UnpairableRound(Unpairable(ri.round, str(e))) from None
    ids = [p.id for p in ri.players]
    out: list[Pair] = []
    for a, b in pairs:
        out.append((ids[a], 0) if a == b else (ids[a], ids[b]))
    scores = {p.id: ri.score(p) for p in ri.players}
    rank = {p.id: p.rank for p in ri.players}

    def board_key(pair: Pair) -> tuple[int, int, int, int]:
        # C.04.2: boards by the higher score of the pair, then the lower, then
        # the pairing number of the higher-placed; the PAB last.
        a, b = pair
        if b == 0:
            return (1, 0, 0, 0)
        hi, lo = (a, b) if (scores[a], -rank[a]) >= (scores[b], -rank[b]) else (b, a)
        return (0, -scores[hi], -scores[lo], rank[hi])

    out.sort(key=board_key)
    return RoundPairing(
        round=ri.round, system=ri.system, pairs=tuple(out), not_paired=tuple(ri.not_paired)
    )


def file_round(tournament: Tournament, round: int) -> tuple[Pair, ...]:
    """The file's pairs of round ``round``: ``(white, black)``, ``(n, 0)`` for the PAB."""
    out: list[Pair] = []
    for p in sorted(tournament.players, key=lambda q: q.start_rank):
        if p.cell_count < round:
            continue
        g = p.game(round)
        if g.opponent is None:
            if g.result is Result.PAIRING_ALLOCATED_BYE:
                out.append((p.start_rank, 0))
            continue
        if g.colour is Colour.WHITE or (g.colour is Colour.NONE and p.start_rank < g.opponent):
            out.append((p.start_rank, g.opponent))
    return tuple(out)


def colourless_boards(tournament: Tournament, round: int) -> frozenset[frozenset[int]]:
    """The boards of round ``round`` the file gives no colours: a forfeit
    written without them (``0012 - +`` and ``0007 - -``). The system gives
    every board its colours (2017 E.1-E.5, 2026 Article 5.2); the file has
    none to compare them with, so on these boards only the pair is compared."""
    colour: dict[int, Colour] = {}
    opponent: dict[int, int] = {}
    for p in tournament.players:
        if p.cell_count >= round:
            g = p.game(round)
            colour[p.start_rank] = g.colour
            if g.opponent is not None:
                opponent[p.start_rank] = g.opponent
    return frozenset(
        frozenset((a, b))
        for a, b in opponent.items()
        if colour[a] is Colour.NONE and colour.get(b, Colour.NONE) is Colour.NONE
    )


def _differences(
    engine: tuple[Pair, ...],
    file: tuple[Pair, ...],
    colourless: frozenset[frozenset[int]] = frozenset(),
) -> tuple[BoardDifference, ...]:
    e_set, f_set = set(engine), set(file)
    diffs: list[BoardDifference] = []
    f_unordered = {frozenset(p): p for p in file}
    seen: set[Pair] = set()
    for p in engine:
        if p in f_set:
            continue
        q = f_unordered.get(frozenset(p))
        if q is not None and frozenset(p) in colourless:
            seen.add(q)  # the same pair; the file has no colours to differ
            continue
        if q is not None and p[1] != 0:
            diffs.append(BoardDifference("colours", p, q))
            seen.add(q)
        else:
            diffs.append(BoardDifference("pairs", p, None))
    for q in file:
        if q not in e_set and q not in seen:
            diffs.append(BoardDifference("pairs", None, q))
    return tuple(diffs)


def check_round(tournament: Tournament, round: int, system: System) -> RoundCheck:
    """Round ``round`` of the file compared with the system's pairing of it."""
    file = file_round(tournament, round)
    # The round as the file has it, whatever it holds (a round of byes asked
    # for ahead is compared as it is: nobody paired); read once, for the
    # pairing and for the explanation.
    ri = read_round(tournament, round, system, rounds_paired=tournament.rounds_played)
    try:
        engine = _pair(ri).pairs
    except UnpairableRound as e:
        return RoundCheck(round, False, (), file, (), None, e.unpairable)
    colourless = colourless_boards(tournament, round)
    diffs = _differences(engine, file, colourless)
    if not diffs:
        return RoundCheck(round, True, engine, file)
    why = explain(ri, engine, file, colourless)
    return RoundCheck(round, False, engine, file, diffs, why)


def check_pairings(
    tournament: Tournament,
    system: System | None = None,
    rounds: Iterable[int] | None = None,
) -> PairingsReport:
    """Re-pair every round the file has paired (or ``rounds``) from the
    rounds before it and compare."""
    if system is None:
        system, why = choose_system(tournament)
    else:
        why = "--system"
    # Every round the file has paired: not the last ones that hold only the
    # byes asked for ahead of their pairing (nothing to compare).
    wanted = list(rounds) if rounds is not None else list(range(1, rounds_paired(tournament) + 1))
    checks = tuple(check_round(tournament, r, system) for r in wanted)
    return PairingsReport(system=system, chosen_by=why, rounds=checks)
