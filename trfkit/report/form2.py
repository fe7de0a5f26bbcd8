"""Form 2, the pairing cards, as text, JSON, CSV and HTML.

FIDE's Form 2 (S004) is a card per player: name, FIDE id, rating, title,
birth date, federation, sex, the event with its start and close; per round
the opponent's number and name, his rating, the colour, the score and the
running total; at the foot the score against rated opponents, their number
and average rating, the total and the rank, and the arbiters who
authenticate it. Cards come in pairing-number order.

"Rated opponents" are the opponents with a rating in the file, met in a
played game (``1 = 0``): forfeits and byes are no games.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from trfkit._gc import no_cyclic_gc
from trfkit.report.format import (
    clean,
    csv_document,
    csv_num,
    csv_text,
    json_number,
    score_text,
    text_width,
    whole_or,
)
from trfkit.report.formparts import (
    BLANK,
    date_text,
    document_head,
    page,
    signature_lines,
)
from trfkit.report.forms import Card, Form2

__all__ = [
    "CSV_CARD_COLUMNS",
    "CSV_ROUND_COLUMNS",
    "FORM2_SCHEMA",
    "form2_data",
    "render_form2_csv",
    "render_form2_html",
    "render_form2_json",
    "render_form2_text",
]

FORM2_SCHEMA = "trfkit.form2/1"

TITLE = "Pairing Card (FIDE Form 2)"

ENDORSEMENT = (
    "For a tournament not registered in advance, endorsement of the national federation official"
)

CSV_CARD_COLUMNS = (
    "start_rank",
    "name",
    "fide_id",
    "rating",
    "title",
    "birth_date",
    "federation",
    "sex",
    "rated_score",
    "rated_opponents",
    "rated_average",
    "total",
    "rank",
)
CSV_ROUND_COLUMNS = (
    "start_rank",
    "round",
    "opponent",
    "opponent_name",
    "opponent_rating",
    "colour",
    "result",
    "score",
    "total",
)


def _average(c: Card) -> str:
    return "" if c.rated_average is None else whole_or(c.rated_average, 1)


@lru_cache(maxsize=1024)
def _score(x: Decimal, ascii: bool = False) -> str:
    """A score as the forms print it (cached: a card has a total a round)."""
    return score_text(Fraction(x), ascii)


def _player_head(c: Card) -> list[tuple[str, str]]:
    """The player's fields of the card's head."""
    return [
        ("Name", c.name),
        ("FIDE ID", "" if c.fide_id is None else str(c.fide_id)),
        ("Rating", "" if c.rating is None else str(c.rating)),
        ("Title", c.title),
        ("Birthdate", c.birth_date),
        ("Fed", c.federation),
        ("Sex", c.sex),
    ]


def _event_head(f: Form2) -> list[tuple[str, str]]:
    """The event's fields of the card's head, the same on every card."""
    e = f.event
    return [("Event", e.name), ("Start", date_text(e.start)), ("Close", date_text(e.end))]


def _card_head(f: Form2, c: Card) -> list[tuple[str, str]]:
    return _player_head(c) + _event_head(f)


def _head_text(c: Card, event: list[str], event_widths: list[int], ascii: bool) -> list[str]:
    """The card's head as the form lays it out: the name, then three lines
    of three fields, aligned in columns; ``event`` is the last line's three
    fields as written (:func:`_event_head`, the same on every card), with
    their widths."""
    name, *fields = [f"{k}: {clean(v, ascii)}" for k, v in _player_head(c)]
    w = [text_width(x) for x in fields]
    # The third column is last on its line: never padded.
    w0 = max(w[0], w[3], event_widths[0])
    w1 = max(w[1], w[4], event_widths[1])
    out = [name]
    for r, (x0, x1) in ((fields[0:3], w[0:2]), (fields[3:6], w[3:5]), (event, event_widths[:2])):
        out.append(f"{r[0]}{' ' * (w0 - x0)}   {r[1]}{' ' * (w1 - x1)}   {r[2]}".rstrip())
    return out


def _card_foot(c: Card, ascii: bool = False) -> list[tuple[str, str]]:
    return [
        ("Score vs. rated opponents", _score(c.rated_score, ascii)),
        ("Number of rated opponents", str(c.rated_games)),
        ("Average rating of rated opponents", _average(c)),
        ("Total", _score(c.total, ascii)),
        ("Rank", "" if c.rank is None else str(c.rank)),
    ]


def _round_cells(c: Card, ascii: bool) -> Iterator[list[str]]:
    for x in c.rounds:
        yield [
            str(x.round),
            "" if x.opponent is None else str(x.opponent),
            clean(x.name, ascii),
            "" if x.rating is None else str(x.rating),
            x.colour,
            clean(x.result, ascii),
            _score(x.total, ascii),
        ]


# --- text ---------------------------------------------------------------------------


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_form2_text(f: Form2, *, ascii: bool = False) -> str:
    """Every card, one after another, each under a rule.

    Column widths are the same on every card (the longest name of the
    event): a 3000-player event prints 3000 cards, laid out once.
    """
    out: list[str] = []
    shown: dict[str, tuple[str, int]] = {}  # a name as printed, and its width

    def name_of(text: str) -> tuple[str, int]:
        got = shown.get(text)
        if got is None:
            cleaned = clean(text, ascii)
            got = shown[text] = (cleaned, text_width(cleaned))
        return got

    rounds = max((len(c.rounds) for c in f.cards), default=0)
    wr = max(2, len(str(rounds)))
    wno = max([2, *(len(str(c.start_rank)) for c in f.cards)])
    wn = max([13, *(name_of(x)[1] for x in {x.name for c in f.cards for x in c.rounds})])
    head = f"{'Rd':>{wr}}  {'No':>{wno}}  {'Opponent Name':<{wn}}  Rating  Color  Score  Total"
    foot_width = max(len(label) for label, _ in _card_foot(f.cards[0])) + 2 if f.cards else 0
    title = clean(TITLE, ascii)
    event = [f"{k}: {clean(v, ascii)}" for k, v in _event_head(f)]
    event_widths = [text_width(x) for x in event]
    authentication = ["", "Authentication by:"]
    authentication += signature_lines(
        [("Chief Arbiter", f.event.chief_arbiter), ("Deputy Arbiter", "")], ascii
    )
    # A round's line is made of pieces that recur from card to card (the
    # same opponents, names, ratings, results and totals): each piece is
    # written once and the line joined from them.
    rounds_text = [f"{r:>{wr}}  " for r in range(rounds + 1)]
    opponents_text: dict[tuple[int | None, str, int | None], str] = {}
    tails_text: dict[tuple[str, str, Decimal], str] = {}
    for c in f.cards:
        out += ["=" * 72, title, *_head_text(c, event, event_widths, ascii), "", head]
        for x in c.rounds:
            key = (x.opponent, x.name, x.rating)
            o = opponents_text.get(key)
            if o is None:
                opponent = "" if x.opponent is None else x.opponent
                name, width = name_of(x.name)
                rating = "" if x.rating is None else x.rating
                o = opponents_text[key] = (
                    f"{opponent:>{wno}}  {name}{' ' * (wn - width)}  {rating:>6}  "
                )
            result = (x.colour, x.result, x.total)
            tail = tails_text.get(result)
            if tail is None:
                mark = clean(x.result, True) if ascii else x.result
                tail = tails_text[result] = f"{x.colour:<5}  {mark:>5}  {_score(x.total, ascii):>5}"
            out.append(f"{rounds_text[x.round]}{o}{tail}".rstrip())
        out.append("")
        out += [
            f"{label + ':':<{foot_width}}{value}".rstrip() for label, value in _card_foot(c, ascii)
        ]
        out += authentication
    if f.cards:
        out += ["", f"{ENDORSEMENT}: {BLANK}"]
    else:
        out += [clean(TITLE, ascii), "", "No players in the file."]
    return "\n".join(out) + "\n"


# --- JSON ---------------------------------------------------------------------------


def form2_data(f: Form2, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.form2/1`` document as JSON-ready data."""
    return document_head(FORM2_SCHEMA, path, f.event) | {
        "cards": [
            {
                "start_rank": c.start_rank,
                "name": c.name,
                "fide_id": c.fide_id,
                "rating": c.rating,
                "title": c.title,
                "birth_date": c.birth_date,
                "federation": c.federation,
                "sex": c.sex,
                "rounds": [
                    {
                        "round": x.round,
                        "opponent": x.opponent,
                        "name": x.name,
                        "rating": x.rating,
                        "colour": x.colour,
                        "result": x.result,
                        "score": json_number(Fraction(x.points)),
                        "total": json_number(Fraction(x.total)),
                    }
                    for x in c.rounds
                ],
                "rated_score": json_number(Fraction(c.rated_score)),
                "rated_opponents": c.rated_games,
                "rated_average": json_number(c.rated_average),
                "total": json_number(Fraction(c.total)),
                "rank": c.rank,
            }
            for c in f.cards
        ],
    }


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_form2_json(f: Form2, path: str | None = None) -> str:
    return json.dumps(form2_data(f, path), indent=2, ensure_ascii=False) + "\n"


# --- CSV ----------------------------------------------------------------------------


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_form2_csv(f: Form2) -> str:
    """One row per card, a blank line, then one row per round of each card."""
    cards = [
        [
            str(c.start_rank),
            csv_text(c.name),
            csv_num(c.fide_id),
            csv_num(c.rating),
            c.title,
            csv_text(c.birth_date),
            csv_text(c.federation),
            c.sex,
            csv_num(Fraction(c.rated_score)),
            str(c.rated_games),
            csv_num(c.rated_average),
            csv_num(Fraction(c.total)),
            csv_num(c.rank),
        ]
        for c in f.cards
    ]
    rounds = [
        [
            str(c.start_rank),
            str(x.round),
            csv_num(x.opponent),
            csv_text(x.name),
            csv_num(x.rating),
            x.colour,
            x.result,
            csv_num(Fraction(x.points)),
            csv_num(Fraction(x.total)),
        ]
        for c in f.cards
        for x in c.rounds
    ]
    return (
        csv_document([CSV_CARD_COLUMNS, *cards]) + "\n" + csv_document([CSV_ROUND_COLUMNS, *rounds])
    )


# --- HTML ---------------------------------------------------------------------------


def render_form2_html(f: Form2) -> str:
    """One self-contained page, a card per printed A4 page."""
    cards = [
        {
            "head": _card_head(f, c),
            "rounds": list(_round_cells(c, False)),
            "foot": _card_foot(c),
        }
        for c in f.cards
    ]
    return page(
        "form2.html.j2",
        f.event,
        schema=FORM2_SCHEMA,
        title=TITLE,
        landscape=False,
        cards=cards,
        endorsement=ENDORSEMENT,
    )
