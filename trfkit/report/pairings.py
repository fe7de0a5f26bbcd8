"""The pairings documents: a file's rounds checked against the FIDE (Dutch)
System (``trfkit pairings``), and the next round paired (``trfkit pair``),
in text, JSON and HTML.

The engine's verdicts are :mod:`trfkit.pairing`'s records; a document adds
only what an arbiter reads them by: the players' names and their scores
before the round (under the event's own scoring). Pairs are ``(white,
black)`` by starting rank, ``(n, 0)`` for the pairing-allocated bye.

For a round that differs, the boards are shown side by side, the Dutch
System's on the left and the file's on the right: first the boards with the
same two players and the colours swapped, then the boards the two pair
differently, then the reason in the edition's own articles.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import zip_longest
from typing import Any

import attrs

from trfkit.columns import layout
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    Accelerations,
    Colour,
    Game,
    Player,
    Result,
    Tournament,
)
from trfkit.pairing.inputs import virtual_points
from trfkit.pairing.model import (
    BoardDifference,
    PairingsReport,
    RoundCheck,
    RoundPairing,
    System,
)
from trfkit.report.format import clean, score_text, table
from trfkit.scoring import scoring_of
from trfkit.version import __version__

__all__ = [
    "NOT_ENDORSED",
    "PAIRINGS_SCHEMA",
    "PAIR_SCHEMA",
    "SYSTEM_TITLES",
    "PairDocument",
    "PairingsDocument",
    "differing_rows",
    "pair_data",
    "pair_document",
    "pair_trf_bytes",
    "pairings_data",
    "pairings_document",
    "render_pair_json",
    "render_pair_text",
    "render_pair_trf",
    "render_pairings_html",
    "render_pairings_json",
    "render_pairings_text",
]

PAIRINGS_SCHEMA = "trfkit.pairings/1"
PAIR_SCHEMA = "trfkit.pair/1"

NOT_ENDORSED = (
    "trfkit is not a FIDE-endorsed pairing program (C.04.A): its pairings and verdicts "
    "are an aid to the arbiter, who decides."
)
"""Said by every pairings output: FIDE endorses pairing programs (Handbook
C.04.A), and trfkit has not been put to that test."""

SYSTEM_TITLES: Mapping[System, str] = {
    System.DUTCH_2017: "FIDE (Dutch) System, C.04.3 as in force until 31 January 2026",
    System.DUTCH_2026: "FIDE (Dutch) System, C.04.3 as in force from 1 February 2026",
}

Pair = tuple[int, int]


@attrs.frozen
class Players:
    """Who the starting ranks are: names, and the score before each round."""

    names: Mapping[int, str]
    scores: Mapping[int, tuple[Decimal, ...]]
    """``scores[n][r - 1]``: player ``n``'s points before round ``r`` (index
    ``len`` is his total); under the event's scoring (162, ``XXS``, ``BB*``)."""

    virtual: Mapping[int, Mapping[int, Decimal]] = attrs.field(factory=dict)
    """``virtual[n][r]``: the virtual points C.04.5 (acceleration) adds to
    player ``n``'s score when round ``r`` is paired; absent: none."""

    def name(self, n: int) -> str:
        return self.names.get(n, "")

    def shown(self, n: int, round: int, ascii: bool = False) -> str | None:
        """The score a pairing is made by, as a board shows it: the points
        before the round, with an accelerated round's virtual points added
        and said (``1, +1 virtual``: 0 real points and 1 virtual), so that
        it reads as the bracket the Why names."""
        score = self.score(n, round)
        if score is None:
            return None
        extra = self.virtual.get(n, {}).get(round, Decimal(0))
        if not extra:
            return score_text(Fraction(score), ascii)
        return (
            f"{score_text(Fraction(score + extra), ascii)}, "
            f"+{score_text(Fraction(extra), ascii)} virtual"
        )

    def score(self, n: int, round: int) -> Decimal | None:
        got = self.scores.get(n)
        if got is None:
            return None
        return got[min(round - 1, len(got) - 1)]


def players_of(t: Tournament) -> Players:
    scoring = scoring_of(t)
    names: dict[int, str] = {}
    scores: dict[int, tuple[Decimal, ...]] = {}
    for p in t.players:
        names.setdefault(p.start_rank, p.name.strip())
        running = [Decimal(0)]
        for g in p.games:
            running.append(running[-1] + scoring.points(g))
        scores.setdefault(p.start_rank, tuple(running))
    virtual = {
        n: {i + 1: Decimal(v) / 10 for i, v in by_round.items() if v}
        for n, by_round in virtual_points(t).items()
    }
    return Players(names, scores, {n: v for n, v in virtual.items() if v})


def acceleration_line(t: Tournament, players: Players) -> str | None:
    """C.04.5 in one sentence, when the file declares acceleration (XXA,
    250, or a ``192 ..._BAKU`` system): who has virtual points in which
    rounds (Baku: group A, C.04.5.1), so that a round-1 "bracket 1" of
    players shown with 0 points reads true."""
    if not players.virtual:
        return None
    groups: dict[tuple[tuple[int, Decimal], ...], list[int]] = {}
    for n in sorted(players.virtual):
        groups.setdefault(tuple(sorted(players.virtual[n].items())), []).append(n)
    code = t.header("192") or ""
    declared = any(isinstance(r, (Accelerations, Acceleration)) for r in t.records)
    parts = []
    for per_round, ranks in groups.items():
        rounds = ", ".join(f"round {r} +{score_text(Fraction(v))}" for r, v in per_round)
        parts.append(f"{_ranks_text(ranks)}: {rounds}")
    said = "; ".join(parts)
    if declared or len(groups) != 1:
        return (
            "Acceleration: C.04.5 (the file's XXA/250 records): virtual points added to the "
            f"score a round is paired by: {said}"
        )
    return (
        f"Acceleration: C.04.5.1 Baku acceleration (192 {code.strip()}): group A, "
        f"{said.replace(': ', ', has virtual points added to the score a round is paired by: ', 1)}"
    )


def _ranks_text(ranks: Sequence[int]) -> str:
    """``players 1-8, 10``: starting ranks, runs joined."""
    runs: list[list[int]] = []
    for n in ranks:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    text = ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
    return ("players " if len(ranks) > 1 else "player ") + text


@attrs.frozen
class PairingsDocument:
    """``trfkit pairings``: every checked round, with who the players are."""

    report: PairingsReport
    players: Players
    tournament: str | None
    path: str | None = None
    notes: Mapping[int, tuple[str, ...]] = attrs.field(factory=dict)
    """By round: where the file's declared points (its 81-84 totals) disagree
    with the results the engine pairs by (S104), said in the round's Why."""
    acceleration: str | None = None
    """C.04.5 in words (:func:`acceleration_line`), ``None``: not accelerated."""
    adjustments: tuple[str, ...] = ()
    """The file's 299 records (TRF-2026 points outside the results), which
    the engine does not pair by: said once, under the system's line."""


@attrs.frozen
class PairDocument:
    """``trfkit pair``: the next round as the system pairs it."""

    pairing: RoundPairing
    chosen_by: str
    players: Players
    tournament: str | None
    path: str | None = None
    source: Tournament | None = attrs.field(default=None, eq=False, repr=False)
    """The tournament read, for the TRF output (the file with the round added)."""
    missed_last: tuple[int, ...] = ()
    """The players paired who had no game in the round before (absent, a
    zero-point bye, a forfeit lost, no cell): paired all the same, as
    bbpPairings and JaVaFo do (an absence is declared for the round to come,
    by its cell or TRF-2026's 240); the text output says so."""
    adjustments: tuple[str, ...] = ()
    """The file's 299 records, which the engine does not pair by
    (:func:`adjustments_not_paired_by`): said as ``pairings`` says them."""


def pairings_document(
    t: Tournament, report: PairingsReport, path: str | None = None
) -> PairingsDocument:
    players = players_of(t)
    return PairingsDocument(
        report,
        players,
        t.name,
        path,
        points_notes(t, players),
        acceleration_line(t, players),
        adjustments_not_paired_by(t),
    )


def adjustments_not_paired_by(t: Tournament) -> tuple[str, ...]:
    """Each 299 record that gives points (TRF-2026: a bonus or penalty, or
    another value for a kind of result), in words: ``standings`` counts
    them, the engine pairs by the results under the event's scoring alone,
    so from the round after the record's its scores are not the totals
    standings ranks by. Said rather than guessed: which rounds' pairings a
    299 is meant to move is not written in TRF-2026, and bbpPairings refuses
    such files."""
    said: list[str] = []
    for record in t.records_of(AbnormalPoints):
        if record.points is None:
            continue
        ids = [n for n in record.ids if n]
        who = (
            "every player"
            if not ids
            else ("player " if len(ids) == 1 else "players ") + ", ".join(map(str, ids))
        )
        kind = record.points_type.strip().upper()
        what = (
            f"{score_text(Fraction(record.points))} points outside the results"
            if not kind
            else f"{score_text(Fraction(record.points))} points for each {kind} result"
        )
        when = f" in round {record.round}" if record.round else " in every round"
        said.append(
            f"299 gives {who} {what}{when}: standings counts them; the engine pairs by the "
            "results under the event's scoring and leaves them out, so the scores it pairs by "
            "and shows are without them"
        )
    return tuple(said)


_NO_POINTS = frozenset({Result.ZERO_POINT_BYE, Result.BLANK})
"""Cells with no opponent and no points: where a writer's total may count a
bye the cell does not say (S104's "byes written with no points")."""


def points_notes(t: Tournament, players: Players) -> dict[int, tuple[str, ...]]:
    """By round, each player whose declared total (81-84) is not what the
    results the engine pairs by give (C.04.1 pairs by score; S104): the
    engine's scores before a round are the cells', so a bye the total
    counts and the cell does not moves that player into another score
    group from the next round on. Where the difference is exactly the
    unpaired no-point cells counted as half- (or full-) point byes, each
    cell is named from the round after it; otherwise the totals are named
    in every round. A file whose every total is 0 has left the column
    unfilled: nothing is said."""
    scoring = scoring_of(t)
    last = max((len(p.games) for p in t.players), default=0)
    notes: dict[int, list[str]] = {}
    if all(not p.points for p in t.players):
        # A points column left unfilled (S104 says it once): no total to
        # set against the cells.
        return {}
    for p in t.players:
        n = p.start_rank
        got = players.scores.get(n)
        if p.points is None or got is None or p.points == got[-1]:
            continue
        gap = p.points - got[-1]
        cells = [
            r
            for r, g in enumerate(p.games, 1)
            if g.opponent is None and g.result in _NO_POINTS and scoring.points(g) == 0
        ]
        counted = next(
            (
                v
                for v in (scoring.values["HPB"], scoring.values["FPB"])
                if cells and v > 0 and gap == v * len(cells)
            ),
            None,
        )
        if counted is None:
            text = (
                f"player {n}'s declared total is {score_text(Fraction(p.points))}; the results "
                f"the engine pairs by give {score_text(Fraction(got[-1]))} (S104)"
            )
            for r in range(2, last + 1):
                notes.setdefault(r, []).append(text)
            continue
        for c in cells:
            text = (
                f"the engine scores player {n}'s round-{c} cell 0; the file's total counts "
                f"{score_text(Fraction(counted))} (S104)"
            )
            for r in range(c + 1, last + 1):
                notes.setdefault(r, []).append(text)
    return {r: tuple(v) for r, v in notes.items()}


def pair_document(
    t: Tournament, pairing: RoundPairing, chosen_by: str, path: str | None = None
) -> PairDocument:
    return PairDocument(
        pairing,
        chosen_by,
        players_of(t),
        t.name,
        path,
        t,
        _missed_last(t, pairing),
        adjustments_not_paired_by(t),
    )


_NO_SHOW = frozenset({Result.BLANK, Result.ZERO_POINT_BYE, Result.FORFEIT_LOSS})
"""A last round's results that say the player was not there: nothing, a
zero-point bye (an absence declared), a forfeit lost."""


def _missed_last(t: Tournament, pairing: RoundPairing) -> tuple[int, ...]:
    last = pairing.round - 1
    if last < 1:
        return ()
    paired = {n for pair in pairing.pairs for n in pair if n != 0}
    missed: list[int] = []
    for p in t.players:
        if p.start_rank not in paired:
            continue
        if len(p.games) < last:
            missed.append(p.start_rank)
            continue
        g = p.games[last - 1]
        if g.result in _NO_SHOW and (g.opponent is None or g.result is Result.FORFEIT_LOSS):
            missed.append(p.start_rank)
    return tuple(sorted(missed))


# -- words --------------------------------------------------------------------


def _system_line(system: System, chosen_by: str, page: bool = False) -> str:
    # An HTML page is read on trfkit serve's page too, where the edition is
    # chosen in a list, not by the command line's --system.
    if page and chosen_by == "--system":
        chosen_by = "request (--system, or the page's choice)"
    return f"System: {system.value}, {SYSTEM_TITLES[system]} (chosen by {chosen_by})"


def _player(players: Players, n: int, round: int, ascii: bool) -> str:
    score = players.shown(n, round, ascii)
    shown = f" ({score})" if score is not None else ""
    name = clean(players.name(n), ascii)
    return f"{n} {name}".rstrip() + shown


def _pair_cells(players: Players, pair: Pair | None, round: int, ascii: bool) -> list[str]:
    """A board as three cells: white, the dash, black (the PAB: the player
    and the words)."""
    if pair is None:
        return ["", "", ""]
    white, black = pair
    if black == 0:
        return [_player(players, white, round, ascii), "", "pairing-allocated bye"]
    return [_player(players, white, round, ascii), "-", _player(players, black, round, ascii)]


def differing_rows(differences: Sequence[BoardDifference]) -> list[tuple[Pair | None, Pair | None]]:
    """The differing boards as rows (the system's, the file's): colours
    swapped first, each beside itself; then each of the system's boards
    beside the file's board of its white player, else of its black (so that
    a row shows what the file did with a player the system paired); the
    boards left on either side last, side by side in their own orders."""
    colours = [(d.engine, d.file) for d in differences if d.kind == "colours"]
    engine = [d.engine for d in differences if d.kind != "colours" and d.engine is not None]
    file = [d.file for d in differences if d.kind != "colours" and d.file is not None]
    board_of: dict[int, int] = {}
    for i, pair in enumerate(file):
        for n in pair:
            if n:
                board_of.setdefault(n, i)
    used: set[int] = set()
    rows: list[tuple[Pair | None, Pair | None]] = []
    alone: list[Pair] = []
    for pair in engine:
        found = next((board_of[n] for n in pair if n in board_of and board_of[n] not in used), None)
        if found is None:
            alone.append(pair)
            continue
        used.add(found)
        rows.append((pair, file[found]))
    rest = [pair for i, pair in enumerate(file) if i not in used]
    return colours + rows + list(zip_longest(alone, rest))


def _verdict(r: RoundCheck) -> str:
    if r.unpairable is not None:
        return (
            f"Round {r.round}: the system cannot pair this round ({r.unpairable.reason}); "
            "the arbiter decides (C.04.3)"
        )
    if r.agrees:
        boards = sum(1 for _, black in r.file if black != 0)
        bye = " and the pairing-allocated bye" if len(r.file) > boards else ""
        return f"Round {r.round}: agrees ({boards} board{'s' if boards != 1 else ''}{bye})"
    n = len(differing_rows(r.differences))
    return f"Round {r.round}: differs on {n} board{'s' if n != 1 else ''}"


def _why(r: RoundCheck) -> str | None:
    e = r.explanation
    if e is None:
        return None
    return e.text


def _summary(report: PairingsReport) -> str:
    differ = [r.round for r in report.rounds if not r.agrees]
    total = len(report.rounds)
    if not total:
        return "No round to check: the file has no round played."
    if not differ:
        if total == 1:
            return "The round checked agrees with the system."
        return f"All {total} rounds checked agree with the system."
    verb = "differs" if len(differ) == 1 else "differ"
    return (
        f"{len(differ)} of {total} round{'s' if total != 1 else ''} checked {verb} from the "
        "system: " + ", ".join(map(str, differ)) + "."
    )


# -- trfkit pairings: text ----------------------------------------------------


def render_pairings_text(d: PairingsDocument, ascii: bool = False) -> str:
    report = d.report
    lines = [
        f"Pairings of {clean(d.tournament or '(no name)', ascii)}",
        _system_line(report.system, report.chosen_by),
        *([clean(d.acceleration, ascii)] if d.acceleration else []),
        *(f"Note: {clean(a, ascii)}" for a in d.adjustments),
        clean(NOT_ENDORSED, ascii),
        "",
    ]
    for r in report.rounds:
        lines.append(_verdict(r))
        if r.agrees or r.unpairable is not None:
            continue
        rows = [["Dutch System (trfkit)", "", "", "|", "The file", "", ""]]
        for engine, file in differing_rows(r.differences):
            rows.append(
                [
                    *_pair_cells(d.players, engine, r.round, ascii),
                    "|",
                    *_pair_cells(d.players, file, r.round, ascii),
                ]
            )
        lines += ["  " + line for line in table(rows, [False] * 7)]
        why = _why(r)
        lines.append(
            f"  Why: {clean(why, ascii)}" if why else "  Why: (the engine gives no reason)"
        )
        lines += [f"  Note: {clean(note, ascii)}" for note in d.notes.get(r.round, ())]
    lines += ["", _summary(report)]
    return "\n".join(lines) + "\n"


# -- trfkit pairings: JSON ----------------------------------------------------


def _pairs(pairs: Sequence[Pair]) -> list[list[int]]:
    return [[w, b] for w, b in pairs]


def _pair(pair: Pair | None) -> list[int] | None:
    return None if pair is None else [pair[0], pair[1]]


def _head(
    schema: str, path: str | None, tournament: str | None, system: System, chosen_by: str
) -> dict[str, Any]:
    """What both pairing documents open with: their shape, the file, the
    edition and why, and that trfkit is not a FIDE-endorsed program."""
    return {
        "schema": schema,
        "trfkit": __version__,
        "path": path,
        "tournament": tournament,
        "system": system.value,
        "chosen_by": chosen_by,
        "endorsed": False,
        "note": NOT_ENDORSED,
    }


def pairings_data(d: PairingsDocument) -> dict[str, Any]:
    """The ``trfkit.pairings/1`` document as Python data."""
    report = d.report
    return {
        **_head(PAIRINGS_SCHEMA, d.path, d.tournament, report.system, report.chosen_by),
        "agrees": report.agrees,
        "points_adjustments": list(d.adjustments),
        "acceleration": None
        if d.acceleration is None
        else {
            "text": d.acceleration,
            "virtual_points": {
                str(n): {str(r): float(v) for r, v in sorted(by_round.items())}
                for n, by_round in sorted(d.players.virtual.items())
            },
        },
        "rounds": [
            {
                "round": r.round,
                "agrees": r.agrees,
                "engine": _pairs(r.engine),
                "file": _pairs(r.file),
                "differences": [
                    {"kind": x.kind, "engine": _pair(x.engine), "file": _pair(x.file)}
                    for x in r.differences
                ],
                "explanation": None
                if r.explanation is None
                else {
                    "bracket": r.explanation.bracket,
                    "criterion": r.explanation.criterion,
                    "absolute": r.explanation.absolute,
                    "file_value": r.explanation.file_value,
                    "engine_value": r.explanation.engine_value,
                    "text": r.explanation.text,
                },
                "unpairable": None if r.unpairable is None else r.unpairable.reason,
                "points_notes": list(d.notes.get(r.round, ())),
            }
            for r in report.rounds
        ],
    }


_PAIR_LINES = re.compile(r"\[\s+(\d+),\s+(\d+)\s+\]")


def _dumps(data: dict[str, Any]) -> str:
    """Indented JSON with each pair on one line (``[12, 7]``): a round of a
    hundred boards reads as a hundred lines, not four hundred."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return _PAIR_LINES.sub(r"[\1, \2]", text) + "\n"


def render_pairings_json(d: PairingsDocument) -> str:
    return _dumps(pairings_data(d))


# -- trfkit pairings: HTML ----------------------------------------------------

_STYLE = (
    "body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #1a1a1a; }\n"
    "table { border-collapse: collapse; margin: .3rem 0; }\n"
    "th, td { border: 1px solid #c9c9c9; padding: 2px 8px; text-align: left; }\n"
    "th { background: #efece2; } td.sep { border-left: 3px solid #1d3b5a; }\n"
    "section.round { margin: 0 0 1.2rem; } p.why { margin: .2rem 0; max-width: 60rem; }\n"
    "p.agrees { color: #2f5d1f; } h2.differs { color: #a4000f; }\n"
    "p.note { color: #555; }\n"
)


def _html_player(players: Players, n: int, round: int) -> str:
    e = html.escape
    score = players.shown(n, round)
    shown = f" ({e(score)})" if score is not None else ""
    return f"{n} {e(players.name(n))}".rstrip() + shown


def _html_board(players: Players, pair: Pair | None, round: int, sep: bool = False) -> str:
    first = ' class="sep"' if sep else ""
    if pair is None:
        return f"<td{first}></td><td></td>"
    white, black = pair
    if black == 0:
        return (
            f"<td{first}>{_html_player(players, white, round)}</td><td>pairing-allocated bye</td>"
        )
    return (
        f"<td{first}>{_html_player(players, white, round)}</td>"
        f"<td>{_html_player(players, black, round)}</td>"
    )


def _html_sides(
    players: Players, rows: Sequence[tuple[Pair | None, Pair | None]], round: int
) -> str:
    head = (
        '<thead><tr><th colspan="2">Dutch System (trfkit)</th>'
        '<th colspan="2" class="sep">The file</th></tr>'
        '<tr><th>White</th><th>Black</th><th class="sep">White</th><th>Black</th></tr></thead>'
    )
    body = "".join(
        f"<tr>{_html_board(players, engine, round)}{_html_board(players, file, round, True)}</tr>"
        for engine, file in rows
    )
    return f"<table>{head}<tbody>{body}</tbody></table>"


def render_pairings_html(d: PairingsDocument) -> str:
    """One self-contained page: inline CSS, everything from the file escaped.
    Each differing round's boards side by side with the reason; the rounds
    that agree in one line; each differing round's whole pairing folded."""
    e = html.escape
    report = d.report
    title = d.tournament or "Pairings"
    parts = [
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="generator" content="trfkit ({PAIRINGS_SCHEMA})">\n'
        f"<title>{e(title)} · pairings</title>\n<style>\n{_STYLE}</style>\n</head>\n<body>\n",
        f"<h1>{e(title)}: pairings</h1>\n",
        f'<p class="system">{e(_system_line(report.system, report.chosen_by, page=True))}</p>\n',
        *([f'<p class="acceleration">{e(d.acceleration)}</p>\n'] if d.acceleration else []),
        *(f'<p class="note adjustment">Note: {e(a)}</p>\n' for a in d.adjustments),
        f'<p class="note">{e(NOT_ENDORSED)}</p>\n',
        f'<p class="summary">{e(_summary(report))}</p>\n',
    ]
    agree = [r.round for r in report.rounds if r.agrees]
    if agree:
        parts.append(
            f'<p class="agrees">Agree with the system: round{"s" if len(agree) > 1 else ""} '
            f"{', '.join(map(str, agree))}.</p>\n"
        )
    for r in report.rounds:
        if r.agrees:
            continue
        parts.append(f'<section class="round" id="round-{r.round}">\n')
        parts.append(f'<h2 class="differs">{e(_verdict(r))}</h2>\n')
        if r.unpairable is None:
            parts.append(_html_sides(d.players, differing_rows(r.differences), r.round) + "\n")
            why = _why(r)
            parts.append(
                f'<p class="why"><strong>Why:</strong> {e(why)}</p>\n'
                if why
                else '<p class="why">The engine gives no reason.</p>\n'
            )
            parts += [
                f'<p class="why"><strong>Note:</strong> {e(note)}</p>\n'
                for note in d.notes.get(r.round, ())
            ]
            whole = list(zip_longest(r.engine, r.file))
            parts.append(
                f"<details><summary>The whole round ({len(r.engine)} boards by the system, "
                f"{len(r.file)} in the file)</summary>"
                + _html_sides(d.players, whole, r.round)
                + "</details>\n"
            )
        parts.append("</section>\n")
    parts.append("</body>\n</html>\n")
    return "".join(parts)


# -- trfkit pair ----------------------------------------------------------------

_ROUND = layout("player").repeat
assert _ROUND is not None
_ROUND_FIELDS, _ROUND_STRIDE = _ROUND.fields, _ROUND.stride
"""A 001 line's round cell: opponent, colour, result (92-99, every 10 columns)."""

_NOT_PAIRED = {
    "H": "half-point bye",
    "F": "full-point bye",
    "Z": "zero-point bye",
    "U": "pairing-allocated bye",
}


def _not_paired_text(reason: str) -> str:
    return _NOT_PAIRED.get(reason, reason)


def render_pair_text(d: PairDocument, ascii: bool = False) -> str:
    p = d.pairing
    lines = [
        f"Round {p.round} of {clean(d.tournament or '(no name)', ascii)}",
        _system_line(p.system, d.chosen_by),
        *(f"Note: {clean(a, ascii)}" for a in d.adjustments),
        clean(NOT_ENDORSED, ascii),
        "",
    ]
    rows = [["Bd", "White", "", "Black"]]
    for board, pair in enumerate(p.pairs, 1):
        rows.append([str(board), *_pair_cells(d.players, pair, p.round, ascii)])
    lines += table(rows, [True, False, False, False])
    if p.not_paired:
        lines += ["", "Not paired:"]
        lines += [
            f"  {_player(d.players, n, p.round, ascii)}: {clean(_not_paired_text(why), ascii)}"
            for n, why in p.not_paired
        ]
    if d.missed_last:
        # Said once, naming them: the arbiter may know them gone; the file
        # does not say so until an absence is marked for the round.
        last, count = p.round - 1, len(d.missed_last)
        lines += [
            "",
            f"{'Players' if count > 1 else 'A player'} without a game in round {last} "
            f"{'are' if count > 1 else 'is'} paired: mark an absence for round {p.round} "
            f"to leave {'them' if count > 1 else 'him or her'} out:",
        ]
        lines += [f"  {_player(d.players, n, p.round, ascii)}" for n in d.missed_last]
    return "\n".join(lines) + "\n"


def pair_data(d: PairDocument) -> dict[str, Any]:
    """The ``trfkit.pair/1`` document as Python data."""
    p = d.pairing
    return {
        **_head(PAIR_SCHEMA, d.path, d.tournament, p.system, d.chosen_by),
        "round": p.round,
        "pairs": _pairs(p.pairs),
        "not_paired": [{"player": n, "reason": why} for n, why in p.not_paired],
        "points_adjustments": list(d.adjustments),
    }


def render_pair_json(d: PairDocument) -> str:
    return _dumps(pair_data(d))


def _new_cells(d: PairDocument) -> dict[int, Game]:
    """The new round's cell of each player who gets one: a board (result
    blank: the game is not played yet, TRF16 §2.3), ``0000 - U`` for the
    pairing-allocated bye, a requested bye's own letter."""
    p = d.pairing
    cells: dict[int, Game] = {}
    for white, black in p.pairs:
        if black == 0:
            cells[white] = Game(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE)
        else:
            cells[white] = Game(black, Colour.WHITE, Result.BLANK)
            cells[black] = Game(white, Colour.BLACK, Result.BLANK)
    for n, why in p.not_paired:
        if why in _NOT_PAIRED:
            cells.setdefault(n, Game(None, Colour.NONE, Result(why)))
    return cells


def _zero_padded(t: Tournament) -> bool:
    """Does the file write opponents ``0002`` (else ``   2``, as bbpPairings
    and JaVaFo do)? Read from its own cells, so the new one looks like them."""
    for player in t.players:
        if player.origin is None:
            continue
        for index, g in enumerate(player.games):
            if g.opponent is not None:
                first = _ROUND_FIELDS[0].shifted(index * _ROUND_STRIDE)
                return player.origin.text[first.slice].startswith("0")
    return False


def _cell_text(g: Game, zero_padded: bool) -> str:
    """The cell's columns (opponent, colour, result: 92-99 for round 1)."""
    opponent = (
        "0000" if g.opponent is None else f"{g.opponent:04d}" if zero_padded else f"{g.opponent:4d}"
    )
    result = g.result.value if g.result is not None else " "
    return f"{opponent} {g.colour.value} {result}"


def _with_cell(text: str, round: int, cell: str) -> str:
    """``text`` with ``cell`` in round ``round``'s columns: padded with
    spaces up to them where the line is shorter, the rest kept."""
    start = _ROUND_FIELDS[0].first - 1 + (round - 1) * _ROUND_STRIDE
    return text[:start].ljust(start) + cell + text[start + len(cell) :]


def pair_trf_bytes(d: PairDocument) -> bytes:
    """:func:`render_pair_trf` in the file's own encoding and BOM."""
    from trfkit.decode import encode

    source = d.source.source if d.source is not None else None
    return encode(
        render_pair_trf(d), source.encoding if source else "utf-8", bool(source and source.bom)
    )


def _kept_text(d: PairDocument, t: Tournament) -> str | None:
    """The file's own lines, each player's given his new cell; ``None`` for
    a tournament with records not read from a file (nothing to keep)."""
    records = [r for collection in _records_of(t) for r in collection]
    if not records or any(r.origin is None for r in records):
        return None
    from trfkit.writer import dumps_edited

    cells = _new_cells(d)
    paired = {n for pair in d.pairing.pairs for n in pair if n != 0}
    round_no = d.pairing.round
    zero = _zero_padded(t)

    def with_cell(record: Any, text: str) -> str:
        # A line already holding the round keeps its cell (a bye asked for
        # ahead) unless the round pairs the player in its place.
        if (
            isinstance(record, Player)
            and record.start_rank in cells
            and (len(record.games) < round_no or record.start_rank in paired)
        ):
            return _with_cell(text, round_no, _cell_text(cells[record.start_rank], zero))
        return text

    return dumps_edited(t, with_cell)


def _records_of(t: Tournament) -> list[Sequence[Any]]:
    return [t.headers, t.players, t.teams, t.national_ratings, t.records]


def render_pair_trf(d: PairDocument) -> str:
    """The file as it was, every character, each player's line given the new
    round's cell in the round's columns (padded with spaces up to them where
    the line is shorter): opponent and colour with the result left blank
    (the game is not played yet, TRF16 §2.3), ``0000 - U`` for the
    pairing-allocated bye, a requested bye's own letter. A player without a
    cell (absent, withdrawn) keeps his line as it was.

    A tournament built in Python (no text read) is written canonically."""
    t = d.source
    if t is None:
        raise ValueError("the TRF output needs the tournament the round was paired from")
    kept = _kept_text(d, t)
    if kept is not None:
        return kept
    p = d.pairing
    cells = _new_cells(d)
    paired = {n for pair in p.pairs for n in pair if n != 0}
    # Written canonically, every line gets the round: a player left out for
    # no bye he asked for gets a blank cell (the kept text leaves his line).
    for n, _why in p.not_paired:
        cells.setdefault(n, Game(None, Colour.NONE, Result.BLANK))
    from trfkit.writer import dumps

    before = [(player, list(player.games)) for player in t.players]
    try:
        for player, games in before:
            if len(games) >= p.round:
                # A line already holding the round (byes asked for ahead, or
                # a blank cell): a player the round pairs gets his board in
                # place of the blank; a requested bye is left as it is.
                if player.start_rank in paired:
                    player.games = [
                        *games[: p.round - 1],
                        cells[player.start_rank],
                        *games[p.round :],
                    ]
                continue
            added = [Game(None, Colour.NONE, Result.BLANK)] * (p.round - 1 - len(games))
            player.games = [
                *games,
                *added,
                cells.get(player.start_rank, Game(None, Colour.NONE, Result.BLANK)),
            ]
        return dumps(t)
    finally:
        for player, games in before:
            player.games = games
