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
from collections.abc import Iterable, Iterator
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import chain, compress, repeat
from operator import is_
from typing import Any

from trfkit._gc import no_cyclic_gc
from trfkit.report.format import (
    clean,
    csv_document,
    csv_num,
    csv_text,
    json_number,
    ljust,
    quotient_or,
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
from trfkit.report.forms import (
    BYE_WORDS,
    COLOUR,
    MARKS,
    NO_SUCH,
    PAST,
    Card,
    Form2,
    card_columns,
)

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
    "file_total",
    "file_total_by_299",
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


def _total(c: Card, ascii: bool = False) -> str:
    """The card's total (its results'), and the file's where it differs."""
    return _with_file_total(_score(c.total, ascii), c.file_total, c.by_299, ascii)


def _with_file_total(total: str, declared: Decimal | None, by_299: bool, ascii: bool) -> str:
    """``4 (the file gives 0)``; ``0 (the file gives 2, with its 299 points)``."""
    if declared is None:
        return total
    why = ", with its 299 points" if by_299 else ""
    return f"{total} (the file gives {_score(declared, ascii)}{why})"


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


def _card_foot(c: Card, ascii: bool = False) -> list[tuple[str, str]]:
    return [
        ("Score vs. rated opponents", _score(c.rated_score, ascii)),
        ("Number of rated opponents", str(c.rated_games)),
        ("Average rating of rated opponents", _average(c)),
        ("Total", _total(c, ascii)),
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


class _CardsText:
    """What the text of every card shares, laid out once: the rounds'
    columns, every name as printed and its width in terminal columns, the
    scores as printed."""

    def __init__(self, f: Form2, ascii: bool) -> None:
        cards = f.cards
        self.f, self.cards, self.ascii = f, cards, ascii
        self.field = field = cards[0].field
        self.columns = columns = card_columns([c.cells for c in cards], field)
        # What the rounds name: every opponent met, and what a round without
        # one was (a bye, not paired).
        self.met: set[int] = {o for o in set().union(*columns.opponents) if o is not None}
        byes: set[str] = set()
        for opponents, codes in zip(columns.opponents, columns.results, strict=True):
            byes.update(compress(codes, map(is_, opponents, repeat(None))))
        byes.discard(PAST)
        self.byes = byes
        names = {field.opponents.get(o, NO_SUCH)[0] for o in self.met}
        names |= {BYE_WORDS.get(code, "") for code in byes}
        # Every name as printed (the cards' own and those the rounds name),
        # each cleaned once; the rounds' names measured in terminal columns.
        self.printed = {x: clean(x, ascii) for x in {*names, *(c.name for c in cards)}}
        self.widths = {x: text_width(self.printed[x]) for x in names}
        self.rounds = len(columns.opponents)
        self.wr = max(2, len(str(self.rounds)))
        self.wno = max(2, len(str(max(c.start_rank for c in cards))))
        self.wn = max([13, *self.widths.values()])
        self.scores: dict[int, str] = {}  # points in units -> as printed

    def score(self, units: int) -> str:
        text = self.scores.get(units)
        if text is None:
            text = self.scores[units] = _score(self.field.points(units), self.ascii)
        return text

    def scores_of(self, units: list[int]) -> list[str]:
        for x in set(units).difference(self.scores):
            self.score(x)
        return list(map(self.scores.__getitem__, units))

    def totals_of(self, units: list[int]) -> list[str]:
        """The cards' totals (their results'), each followed by the file's
        where it differs (Card.file_total, from the columns worked out for
        all cards at once)."""
        out = self.scores_of(units)
        for i, c in enumerate(self.cards):
            d = c.declared
            if d is not None and c.field.points(units[i]) != d:
                out[i] = _with_file_total(out[i], d, c.by_299, self.ascii)
        return out

    def few(self, label: str, values: list[str], strip: bool = False) -> list[str]:
        """``values`` (titles, federations, sexes: few distinct) each written once."""
        done = {x: f"{label}{clean(x, self.ascii)}" for x in set(values)}
        if strip:
            done = {x: text.rstrip() for x, text in done.items()}
        return list(map(done.__getitem__, values))

    def round_pieces(self) -> list[Iterable[str]]:
        """The pieces of every card's round lines, a column per round: the
        round's number, the opponent, the colour and result, the total.

        A round's line is made of pieces that recur from card to card, each
        written once; each cell is a dictionary lookup in C (map), not a line
        of Python: 3000 cards of 13 rounds are 39,000 lines.
        """
        field, printed, widths, wno, wn = self.field, self.printed, self.widths, self.wno, self.wn
        # (wn is the widest name's width: "%*s" pads with wn - width >= 0 blanks.)
        line = "%*s  %s%*s  %6s  "
        opponents_text: dict[int | None, str] = {}
        for o in self.met:
            name, rating = field.opponents.get(o, NO_SUCH)
            opponents_text[o] = line % (
                wno,
                o,
                printed[name],
                wn - widths[name],
                "",
                "" if rating is None else rating,
            )
        byes_text = {
            code: line % (wno, "", printed[name], wn - widths[name], "", "")
            for code, name in ((code, BYE_WORDS.get(code, "")) for code in self.byes)
        }
        byes_text[PAST] = ""  # past a card's last round: the line is not written
        # Every code and colour the scoring knows (card_columns reads no other).
        marks_text = {key: self._marks(key) for key in field.units}
        # Never blank at the end: a total always prints (0 as "0").
        totals_text: dict[int, str] = {}
        pieces: list[Iterable[str]] = []
        columns = self.columns
        for r, (opponents, codes, keys, totals) in enumerate(
            zip(columns.opponents, columns.results, columns.keys, columns.totals, strict=True), 1
        ):
            texts: list[Any] = list(map(opponents_text.get, opponents))
            i = -1
            for _ in range(opponents.count(None)):  # byes, absences: by their code
                i = opponents.index(None, i + 1)
                texts[i] = byes_text[codes[i]]
            for total in set(totals).difference(totals_text):
                totals_text[total] = f"{self.score(total):>5}\n"
            pieces += [
                repeat(f"{r:>{self.wr}}  "),
                texts,
                list(map(marks_text.__getitem__, keys)),
                list(map(totals_text.__getitem__, totals)),
            ]
        return pieces

    def _marks(self, key: str) -> str:
        """The rest of a round's line: the colour and the result (by the
        code and colour as read), then the running total."""
        colour = COLOUR.get(key[1], "")
        mark = MARKS[key[0]][0] if key[0] != PAST else ""
        if self.ascii:
            mark = clean(mark, True)
        return f"{colour:<5}  {mark:>5}  "

    def head_pieces(self) -> list[Iterable[Any]]:
        """The cards' heads, a field at a time over all cards. Numbers need
        no cleaning and are one column a digit; titles, federations and
        sexes are few, each written once. The third column ends its line:
        never padded, its trailing blanks dropped."""
        cards, ascii, wr, wno, wn = self.cards, self.ascii, self.wr, self.wno, self.wn
        head = f"{'Rd':>{wr}}  {'No':>{wno}}  {'Opponent Name':<{wn}}  Rating  Color  Score  Total"
        event = [f"{k}: {clean(v, ascii)}" for k, v in _event_head(self.f)]
        e0, e1 = text_width(event[0]), text_width(event[1])
        ids = ["" if c.fide_id is None else str(c.fide_id) for c in cards]
        ratings = ["" if c.rating is None else str(c.rating) for c in cards]
        births = [
            b if b.isascii() and b.isprintable() else clean(b, ascii)
            for b in [c.birth_date for c in cards]
        ]
        feds = self.few("", [c.federation for c in cards])
        # The columns' widths: the first two of each card's three lines.
        w0 = [max(9 + len(i), 11 + text_width(b), e0) for i, b in zip(ids, births, strict=True)]
        w1 = [max(8 + len(r), 5 + text_width(f), e1) for r, f in zip(ratings, feds, strict=True)]
        # The event's line, the same on every card but for its two paddings.
        events = {
            (x, y): f"{event[0]}{' ' * (x - e0)}   {event[1]}{' ' * (y - e1)}   {event[2]}".rstrip()
            for x, y in set(zip(w0, w1, strict=True))
        }
        return [
            repeat(f"{'=' * 72}\n{clean(TITLE, ascii)}\nName: "),
            list(map(self.printed.__getitem__, [c.name for c in cards])),
            repeat("\nFIDE ID: "),
            [x.ljust(w - 9) for x, w in zip(ids, w0, strict=True)],
            repeat("   Rating: "),
            [x.ljust(w - 8) for x, w in zip(ratings, w1, strict=True)],
            repeat("   "),
            self.few("Title: ", [c.title for c in cards], strip=True),
            repeat("\nBirthdate: "),
            [ljust(x, w - 11) for x, w in zip(births, w0, strict=True)],
            repeat("   Fed: "),
            [ljust(x, w - 5) for x, w in zip(feds, w1, strict=True)],
            repeat("   "),
            self.few("Sex: ", [c.sex for c in cards], strip=True),
            repeat("\n"),
            list(map(events.__getitem__, zip(w0, w1, strict=True))),
            repeat(f"\n\n{head}\n"),  # then the rounds' lines, each ending in a newline
        ]

    def foot_pieces(self) -> list[Iterable[Any]]:
        """The cards' feet: the rated games and their average, the total,
        the rank, and the arbiters' signatures."""
        cards, columns = self.cards, self.columns
        labels = [label for label, _ in _card_foot(cards[0])]
        foot_width = max(len(label) for label in labels) + 2
        foot = [f"{label + ':':<{foot_width}}" for label in labels]
        authentication = ["", "Authentication by:"]
        authentication += signature_lines(
            [("Chief Arbiter", self.f.event.chief_arbiter), ("Deputy Arbiter", "")], self.ascii
        )
        average_none, rank_none = foot[2].rstrip(), foot[4].rstrip()
        totals = columns.totals[-1] if self.rounds else [0] * len(cards)
        return [
            repeat("\n" + foot[0]),  # a blank line first
            self.scores_of(columns.rated_units),
            repeat("\n" + foot[1]),
            list(map(str, columns.rated_games)),
            repeat("\n"),
            [
                foot[2] + quotient_or(total, games, 1) if games else average_none
                for total, games in zip(columns.rated_sum, columns.rated_games, strict=True)
            ],
            repeat("\n" + foot[3]),
            self.totals_of(totals),
            repeat("\n"),
            [rank_none if c.rank is None else foot[4] + str(c.rank) for c in cards],
            repeat("\n".join(["", *authentication, ""])),  # and the next card's rule
        ]


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_form2_text(f: Form2, *, ascii: bool = False) -> str:
    """Every card, one after another, each under a rule.

    Column widths are the same on every card (the longest name of the
    event): a 3000-player event prints 3000 cards, laid out once. The
    rounds are written a round at a time over all cards, from the cards'
    columns (:func:`~trfkit.report.forms.card_columns`), without a record
    per round.
    """
    if not f.cards:
        return "\n".join([clean(TITLE, ascii), "", "No players in the file."]) + "\n"
    text = _CardsText(f, ascii)
    # A card is its pieces, a column each over all cards (written in C:
    # map, zip), or the same piece on every card (repeat): no format string
    # parsed a card (on the 3000-player event, 61 -> 45 ms with the round
    # pieces above, against a format string a card and a line a round).
    head_pieces = text.head_pieces()
    pieces = text.round_pieces()
    foot_pieces = text.foot_pieces()
    by_card = list(zip(*head_pieces, *pieces, *foot_pieces, strict=False))  # repeat is endless
    start, end = len(head_pieces), len(head_pieces) + len(pieces)
    for i, c in enumerate(f.cards):
        if len(c.cells.opponents) != text.rounds:  # a short line: its own rounds only
            x = by_card[i]
            by_card[i] = x[: start + 4 * len(c.cells.opponents)] + x[end:]
    # One join of every piece of every card: the document (5 MB on the
    # 3000-player event) is copied once, not a card at a time and then
    # again as a whole (measured: 3% of this function).
    return "".join([*chain.from_iterable(by_card), f"\n{ENDORSEMENT}: {BLANK}\n"])


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
                "file_total": None if c.file_total is None else json_number(Fraction(c.file_total)),
                "file_total_by_299": c.file_total is not None and c.by_299,
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
            "" if c.file_total is None else csv_num(Fraction(c.file_total)),
            "" if c.file_total is None else str(c.by_299).lower(),
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
