"""Form 1, the tournament report, as text, JSON, CSV and HTML.

The layout is FIDE's Form 1 ("Tournament Report", S004): the event, city,
federation, start and finish; one row per player in final rank order with
rank, name, FIDE id, title, rating and federation, the crosstable and the
total; then the time limit in the form's words, the average rating and
category, the remarks, and the certification block. A round robin's
crosstable has a column per player (both results of a pair in a double
round robin); a Swiss event's has a column per round: the opponent's row,
the colour and the result.

* ``text``: fixed width, printable;
* ``json``: ``trfkit.form1/1`` (docs/forms.md);
* ``csv``: one row per player, every row as wide as the header;
* ``html``: one self-contained A4 page.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from itertools import compress, count, repeat
from operator import add
from typing import Any

from trfkit._gc import no_cyclic_gc
from trfkit.report.format import (
    clean,
    csv_document,
    csv_num,
    csv_text,
    fixed,
    json_number,
    ljust,
    rjust,
    score_text,
    text_width,
)
from trfkit.report.formparts import (
    certification,
    date_text,
    document_head,
    fields_text,
    notes_block,
    page,
)
from trfkit.report.forms import COLOUR, MARKS, PAST, Form1, Form1Player, Form1Round, by_round

__all__ = [
    "FORM1_SCHEMA",
    "form1_data",
    "render_form1_csv",
    "render_form1_html",
    "render_form1_json",
    "render_form1_text",
]

FORM1_SCHEMA = "trfkit.form1/1"

TITLE = "Tournament Report (FIDE Form 1)"

REMARKS_NOTE = (
    "Remarks should include any changes in name, title or federation from that shown in "
    "the current FIDE Rating List, and any special circumstances which might affect the "
    'validity of the results. Unplayed games are shown as "+" for a win by forfeit and '
    '"-" for a loss by forfeit.'
)


def _average(f: Form1) -> str:
    """``2440.5 (8 rated players)``; the category where there is one."""
    if f.average_rating is None:
        return "no rated players"
    avg = fixed(f.average_rating, 1).removesuffix(".0")
    return f"{avg} ({f.rated} rated player{'s' if f.rated != 1 else ''})"


def _category(f: Form1) -> str:
    if f.category is not None:
        return str(f.category)
    if f.event.type not in ("round-robin", "double-round-robin"):
        return "none (categories are for round robins)"
    if f.average_rating is None:
        # No average to be below 2251 (the Title Regulations' categories,
        # rating.calc.tournament_category, are bands of the average rating).
        return "none (no rated players)"
    return "none (average below 2251)"


_TEAM_ROUNDS = frozenset("UFHZ")
"""The result codes of a team event's round without a board for the player:
his team's pairing-allocated, full- or half-point bye, or a round he was
not in the line-up (TRF-2026 §3.3: Z is also a rest round in team events)."""


def _mark(f: Form1, x: Form1Round) -> str:
    """A round's mark: in a team event a round without a board is shown by
    its letter (the team's, not a result of the player's own: his total may
    leave it out), else the form's ``1 ½ 0 + - =``."""
    if f.team and x.opponent is None and x.code in _TEAM_ROUNDS:
        return x.code
    return x.result


def _swiss_cell(f: Form1, x: Form1Round, ascii: bool) -> str:
    """``12w1``, ``5b½``; a bye or absence: its mark alone."""
    mark = _mark(f, x)
    mark = mark if not ascii else clean(mark, True)
    if x.row is None:
        return mark
    return f"{x.row}{x.colour}{mark}"


def _cells(f: Form1, p: Form1Player, ascii: bool) -> list[str]:
    if p.cells is not None:
        diagonal = "x" if ascii else "×"
        return [diagonal if c is None else clean(c, ascii) for c in p.cells]
    by_round = {x.round: x for x in p.rounds}
    return [
        _swiss_cell(f, by_round[r], ascii) if r in by_round else ""
        for r in range(1, f.event.rounds + 1)
    ]


def _columns(f: Form1) -> list[str]:
    n = len(f.players) if f.grid else f.event.rounds
    return [str(i) for i in range(1, n + 1)]


def _legend(f: Form1) -> str:
    if f.grid:
        return (
            "Crosstable: the results against the player of that row, in round order "
            "(1 ½ 0 played; + - unplayed, won or lost by forfeit; = an unplayed draw)."
        )
    legend = (
        "Crosstable: per round the opponent's row in this table, the colour (w, b) and the "
        "result (1 ½ 0 played; + - = unplayed: a forfeit or bye worth 1, 0 or ½; "
        "a mark alone: a bye or no game)."
    )
    e = f.event
    if e.paired_ahead and not f.grid:
        paired = e.rounds - e.paired_ahead + 1
        legend += (
            f" Round {paired} is paired, not played yet: its cells show the opponent and the "
            "colour, and no result."
        )
    if f.team and any(_mark(f, x) in _TEAM_ROUNDS for p in f.players for x in p.rounds):
        legend += (
            " In a team event a letter alone is the team's round, not a result of the "
            "player's: U its pairing-allocated bye, F or H a full- or half-point bye, Z a "
            "round he was not in the line-up; the Total is the file's, informative in a team "
            "event (TRF-2026: the player's games and forfeit wins), and may leave these out."
        )
    return legend


def _head(f: Form1) -> list[tuple[str, str]]:
    e = f.event
    return [
        ("Event Name", e.name),
        ("City", e.city),
        ("Fed", e.federation),
        ("Start", date_text(e.start)),
        ("Finish", date_text(e.end)),
    ]


def _rank(f: Form1, p: Form1Player) -> str:
    return "" if p.rank is None else str(p.rank)


# --- text ---------------------------------------------------------------------------


def _swiss_columns(f: Form1, ascii: bool) -> list[list[str]]:
    """The crosstable of a Swiss event, a column per round (an entry per
    player of the form): the cells of :func:`_swiss_cell` written from the
    players' cells as read, a round at a time, each distinct cell once."""
    rows: dict[int | None, str] = {p.start_rank: str(p.row) for p in f.players}
    marks = {code: clean(m, True) if ascii else m for code, (m, _) in MARKS.items()}
    marks[PAST] = ""  # a round past the end of a player's line: an empty cell
    alone: dict[str, str] = {}  # code + colour as read -> the cell without an opponent
    after: dict[str, str] = {}  # -> what follows the opponent's row
    for code, mark in marks.items():
        for read, colour in [*COLOUR.items(), (PAST, "")]:
            # A team's round without a board: its letter (_mark).
            alone[code + read] = code if f.team and code in _TEAM_ROUNDS else mark
            after[code + read] = colour + mark
    opponents, results, colours = by_round([p.read for p in f.players], f.event.rounds)
    # A bye (None), or a player met but missing from the form, has no row:
    # the mark alone (_swiss_cell). Byes are found by index; players
    # without a line (rare, but a file may name thousands) in one pass.
    no_line = set().union(*opponents).difference(rows).difference([None])
    out = []
    for opps, codes, reads in zip(opponents, results, colours, strict=True):
        keys = list(map(add, codes, reads))
        # The opponent's row, then the colour and the mark: a lookup each,
        # in C (map), 39,000 cells on a big event.
        cells = list(map(add, map(rows.get, opps, repeat("")), map(after.__getitem__, keys)))
        i = -1
        for _ in range(opps.count(None)):
            i = opps.index(None, i + 1)
            cells[i] = alone[keys[i]]
        if no_line:
            for i in compress(count(), map(no_line.__contains__, opps)):
                cells[i] = alone[keys[i]]
        out.append(cells)
    return out


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def _player_columns(f: Form1, ascii: bool, columns: list[str]) -> list[list[str]]:
    """Form 1's columns over all players: rank (and No.), name, ID, title,
    rating, federation, the crosstable's or the rounds' cells, the total."""
    ps = f.players
    if f.grid:
        cells = [list(c) for c in zip(*(_cells(f, p, ascii) for p in ps), strict=True)]
    else:
        cells = _swiss_columns(f, ascii)
    if not ps:
        cells = [[] for _ in columns]
    scores: dict[Decimal, str] = {}
    for p in ps:
        if p.score not in scores:
            scores[p.score] = score_text(Fraction(p.score), ascii)
    return [
        ["" if p.rank is None else str(p.rank) for p in ps],
        *([] if f.numbered_by_rank else [[str(p.row) for p in ps]]),
        [p.name if p.name.isascii() and p.name.isprintable() else clean(p.name, ascii)
         for p in ps],
        ["" if p.fide_id is None else str(p.fide_id) for p in ps],
        [p.title for p in ps],
        ["" if p.rating is None else str(p.rating) for p in ps],
        [clean(p.federation, ascii) for p in ps],
        *cells,
        [scores[p.score] for p in ps],
    ]  # fmt: skip


def _table(header: list[str], by_column: list[list[str]], nlead: int) -> tuple[str, list[str], int]:
    """The table's heading line and rows, and the width of the players' part.

    One %-format for the line: "%-12s" pads by len, as the cells other than
    names and federations are measured; those two are padded by terminal
    columns first ("%s"). The rows are then a map in C over the columns: no
    line of Python per row.
    """
    right = [True] * (nlead - 5) + [False, True, False, True, False]
    right += [True] * (len(header) - nlead)
    # Names and federations are measured in terminal columns; every other
    # cell is digits, letters and ½ × (one column each), measured by len.
    wide = {nlead - 4, nlead - 1}
    widths = [
        max(text_width(header[i]), max(map(text_width if i in wide else len, column), default=0))
        for i, column in enumerate(by_column)
    ]
    seps = ["" if i == 0 else " | " if i in (nlead, len(header) - 1) else " " if i > nlead else "  "
            for i in range(len(header))]  # fmt: skip
    layout = "".join(
        seps[i].replace("%", "%%")
        + ("%s" if i in wide else f"%{'' if right[i] else '-'}{widths[i]}s")
        for i in range(len(header))
    )
    for i in wide:
        w, pad = widths[i], rjust if right[i] else ljust
        just = str.rjust if right[i] else str.ljust
        by_column[i] = [just(x, w) if x.isascii() else pad(x, w) for x in by_column[i]]
    top = list(header)
    for i in wide:
        top[i] = rjust(top[i], widths[i]) if right[i] else ljust(top[i], widths[i])
    rows = list(map(str.rstrip, map(layout.__mod__, zip(*by_column, strict=True))))
    return (layout % tuple(top)).rstrip(), rows, sum(widths[:nlead]) + 2 * (nlead - 1)


def render_form1_text(f: Form1, *, ascii: bool = False) -> str:
    """Form 1 in fixed-width columns (one line per player), laid out a
    column at a time and written with one format string a line."""
    out = [clean(TITLE, ascii), ""]
    out += fields_text(_head(f), ascii)
    head = ["Rank", *([] if f.numbered_by_rank else ["No."]), "Name, First Name"]
    head += ["ID#", "Title", "Rtng", "Fed"]
    columns = _columns(f)
    by_column = _player_columns(f, ascii, columns)
    top, rows, players_width = _table([*head, *columns, "Total"], by_column, len(head))
    rule = "-" * text_width(top)
    out += ["", "Players".ljust(players_width) + " | Cross Table"]
    out += [rule, top, rule, *rows, rule]
    out.append(clean(_legend(f), ascii))
    out += ["", f"Time limit: {clean(f.event.rate_of_play, ascii)}"]
    out.append(f"Average rating: {_average(f)}    Category: {_category(f)}")
    out += notes_block("Remarks", f.remarks, ascii, empty="none")
    out += ["", clean(REMARKS_NOTE, ascii)]
    out += certification(f.event, ascii)
    return "\n".join(out) + "\n"


# --- JSON ---------------------------------------------------------------------------


def form1_data(f: Form1, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.form1/1`` document as JSON-ready data."""
    return document_head(FORM1_SCHEMA, path, f.event) | {
        "crosstable": "players" if f.grid else "rounds",
        "players": [
            {
                "no": p.row,
                "start_rank": p.start_rank,
                "rank": p.rank,
                "name": p.name,
                "fide_id": p.fide_id,
                "title": p.title,
                "rating": p.rating,
                "federation": p.federation,
                "score": json_number(Fraction(p.score)),
                "row": None if p.cells is None else list(p.cells),
                "rounds": [
                    {
                        "round": x.round,
                        "opponent": x.opponent,
                        "opponent_no": x.row,
                        "colour": x.colour,
                        "result": _mark(f, x),
                    }
                    for x in p.rounds
                ],
            }
            for p in f.players
        ],
        "rated": f.rated,
        "average_rating": json_number(f.average_rating),
        "category": f.category,
        "remarks": list(f.remarks),
    }


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_form1_json(f: Form1, path: str | None = None) -> str:
    return json.dumps(form1_data(f, path), indent=2, ensure_ascii=False) + "\n"


# --- CSV ----------------------------------------------------------------------------


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_form1_csv(f: Form1) -> str:
    """One row per player in rank order; a column per crosstable column."""
    columns = _columns(f)
    prefix = "" if f.grid else "r"
    header = [
        "no",
        "rank",
        "start_rank",
        "name",
        "fide_id",
        "title",
        "rating",
        "federation",
        *(prefix + c for c in columns),
        "total",
    ]
    rows = []
    for p in f.players:
        rows.append(
            [
                str(p.row),
                csv_num(p.rank),
                str(p.start_rank),
                csv_text(p.name),
                csv_num(p.fide_id),
                p.title,
                csv_num(p.rating),
                csv_text(p.federation),
                *(c if c != "×" else "" for c in _cells(f, p, False)),
                csv_num(Fraction(p.score)),
            ]
        )
    return csv_document([header, *rows])


# --- HTML ---------------------------------------------------------------------------


def render_form1_html(f: Form1) -> str:
    """One self-contained A4 page (landscape when the crosstable is wide),
    the column labels repeated on every printed page."""
    columns = _columns(f)
    players = [
        {
            "rank": _rank(f, p),
            "row": p.row,
            "name": p.name,
            "fide_id": "" if p.fide_id is None else str(p.fide_id),
            "title": p.title,
            "rating": "" if p.rating is None else str(p.rating),
            "federation": p.federation,
            "cells": _cells(f, p, False),
            "total": score_text(Fraction(p.score)),
        }
        for p in f.players
    ]
    return page(
        "form1.html.j2",
        f.event,
        schema=FORM1_SCHEMA,
        title=TITLE,
        landscape=len(columns) > 12,
        form=f,
        head=_head(f),
        columns=columns,
        players=players,
        legend=_legend(f),
        average=_average(f),
        category=_category(f),
        remarks_note=REMARKS_NOTE,
    )
