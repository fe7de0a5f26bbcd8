"""A :class:`~trfkit.rating.model.RatingReport` as text, CSV, JSON or HTML.

``trfkit rate --format text|csv|json|html`` shows what a rating system does
with a tournament, laid out like FIDE's Form 3 ("Report Form for Multiple
Results in a Swiss System Tournament", S004, docs/sources/README.md): columns A-H per
player, I/J/K per round, L/M/N (N, Rc, W), then We, W−We, K, K×(W−We) and
the new rating; a section for newcomers; the notes. The shapes are
documented in docs/rate-output.md:

* ``text``: the form in fixed-width columns, three lines per player;
* ``csv``: one row per player, a blank line, one row per game;
* ``json``: the stable ``trfkit.rate/1`` document;
* ``html``: one self-contained page (inline CSS, printable on A4 landscape).

Each renderer returns the whole output as one string ending in a newline.
The number and text formatting they share is :mod:`trfkit.report.format`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import chain
from operator import itemgetter
from typing import Any, cast

from trfkit._gc import no_cyclic_gc
from trfkit.rating.listed import taken_note
from trfkit.rating.model import EventInfo, GameRating, Newcomer, PlayerRating, RatingReport
from trfkit.report import formparts
from trfkit.report.format import (
    Number,
    environment,
    quotient_or,
    result_symbol,
    signed_difference,
    signed_quotient,
)
from trfkit.report.format import (
    clean as _clean,
)
from trfkit.report.format import (
    csv_bool as _csv_bool,
)
from trfkit.report.format import (
    csv_document as _csv,
)
from trfkit.report.format import (
    csv_num as _csv_num,
)
from trfkit.report.format import (
    csv_text as _csv_text,
)
from trfkit.report.format import (
    decimal as _decimal,
)
from trfkit.report.format import (
    fixed as _fixed,
)
from trfkit.report.format import (
    json_number as _json_number,
)
from trfkit.report.format import (
    ljust as _ljust,
)
from trfkit.report.format import (
    rjust as _rjust,
)
from trfkit.report.format import (
    score_text as _score,
)
from trfkit.report.format import (
    signed as _signed,
)
from trfkit.report.format import (
    table as _table,
)
from trfkit.report.format import (
    text_width as _width,
)
from trfkit.report.format import (
    whole_or as _whole_or,
)
from trfkit.report.formparts import BLANK
from trfkit.version import __version__

__all__ = [
    "CSV_GAME_COLUMNS",
    "CSV_PLAYER_COLUMNS",
    "NOTHING_TO_RATE",
    "RATE_FILES_SCHEMA",
    "RATE_SCHEMA",
    "check_banner",
    "join_rating_csv",
    "join_rating_csv_games",
    "k_assumed_note",
    "k_text",
    "rating_csv_rows",
    "rating_data",
    "reading_notes",
    "render_rating_csv",
    "render_rating_csv_games",
    "render_rating_html",
    "render_rating_json",
    "render_rating_text",
    "split_name",
    "time_control_text",
]

RATE_SCHEMA = "trfkit.rate/1"
RATE_FILES_SCHEMA = "trfkit.rate-files/1"
"""Many files' reports in one document (``trfkit rate`` of several files)."""

CSV_PLAYER_COLUMNS = (
    "rank",
    "start_rank",
    "family_name",
    "first_name",
    "fide_id",
    "federation",
    "title",
    "rating",
    "score",
    "n",
    "rc",
    "w",
    "we",
    "w_minus_we",
    "k",
    "k_assumed",
    "change",
    "new_rating",
    "ru",
    "performance",
    "newcomer_publishable",
    "notes",
)
CSV_GAME_COLUMNS = (
    "start_rank",
    "round",
    "opponent",
    "opponent_rating",
    "colour",
    "result",
    "score",
    "rated",
    "reason",
    "d",
    "d_uncapped",
    "capped",
    "pd",
)

# Form 3 has 11 round columns; more rounds go on continuation lines.
_ROUNDS_PER_LINE = 11

# A game's fields read in C by position (a GameRating is a tuple), for the
# grid's 39,000 cells of a big Swiss.
_FIELD = GameRating._fields.index
_ROUND = itemgetter(_FIELD("round"))
_OPPONENT = itemgetter(_FIELD("opponent"))
_J_KEY = itemgetter(_FIELD("opponent_rating"), _FIELD("rated"), _FIELD("capped"))
_RESULT = itemgetter(_FIELD("result"))


# --- numbers ------------------------------------------------------------------


# --- names and symbols --------------------------------------------------------


def split_name(name: str) -> tuple[str, str]:
    """Form 3's A (family name) and B (first name): split at the first comma.

    >>> split_name("Vantreck, Oskar"), split_name("Magnus"), split_name("de Vries,Jan, jr")
    (('Vantreck', 'Oskar'), ('Magnus', ''), ('de Vries', 'Jan, jr'))
    """
    family, comma, first = name.partition(",")
    return (family.strip(), first.strip()) if comma else (name.strip(), "")


def _k_symbol(g: GameRating, ascii: bool = False) -> str:
    """Form 3's K: ``1 ½ 0`` for a played game, ``+ - =`` for an unplayed one."""
    symbol = result_symbol(g.result, ascii)
    if symbol is not None:
        return symbol
    code = g.result.strip().upper()
    if not code:
        return ""
    return _score(g.score, ascii) if g.score is not None else code


# --- JSON ---------------------------------------------------------------------


def game_data(g: GameRating) -> dict[str, Any]:
    return {
        "round": g.round,
        "opponent": g.opponent,
        "opponent_rating": g.opponent_rating,
        "colour": g.colour,
        "result": g.result.strip(),
        "score": _json_number(g.score),
        "rated": g.rated,
        "reason": g.reason,
        "d": g.d,
        "d_uncapped": g.d_uncapped,
        "capped": g.capped,
        "pd": _json_number(g.pd),
    }


def newcomer_data(nc: Newcomer) -> dict[str, Any]:
    return {
        "ra": _json_number(nc.ra),
        "n": nc.n,
        "w": _json_number(nc.w),
        "p": _json_number(nc.p),
        "dp": nc.dp,
        "ru": nc.ru,
        "ru_uncapped": nc.ru_uncapped,
        "hypothetical": nc.hypothetical,
        "counts": nc.counts,
        "publishable": nc.publishable,
        "reason": nc.reason,
        "ru_first": nc.ru_first,
        "rc_new": nc.rc_new,
    }


def player_data(p: PlayerRating) -> dict[str, Any]:
    return {
        "start_rank": p.start_rank,
        "name": p.name,
        "fide_id": p.fide_id,
        "federation": p.federation,
        "title": p.title,
        "rank": p.rank,
        "rating": p.rating,
        "rating_source": p.rating_source,
        "score": _json_number(p.score),
        "n": p.n,
        "rc": _json_number(p.rc),
        "w": _json_number(p.w),
        "we": _json_number(p.we),
        "w_minus_we": _json_number(p.w_minus_we),
        "k": p.k,
        "k_assumed": p.k_assumed,
        "k_reason": p.k_reason,
        "change": _json_number(p.change),
        "new_rating": p.new_rating,
        "ru": p.ru,
        "performance": p.performance,
        "newcomer": None if p.newcomer is None else newcomer_data(p.newcomer),
        "notes": list(p.notes),
        "from_list": [
            {
                "field": d.kind,
                "file": d.file_value,
                "list": d.list_value,
                "fide_id": d.fide_id,
                "note": taken_note(d),
            }
            for d in p.from_list
        ],
        "games": [game_data(g) for g in p.games],
    }


def rating_data(report: RatingReport, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.rate/1`` document as JSON-ready data (keys in documented
    order); ``path`` is the file's, as given (``None``: not from a file)."""
    e = report.event
    rr = report.round_robin
    return {
        "schema": RATE_SCHEMA,
        "trfkit": __version__,
        "path": path,
        "rules": {
            "name": report.rules,
            "title": report.rules_title,
            "reference": report.rules_reference,
            "source": report.rules_source,
            "amendments": list(report.amendments),
            "in_force": report.rules_in_force,
        },
        "event": {
            "name": e.name,
            "city": e.city,
            "federation": e.federation,
            "chief_arbiter": e.chief_arbiter,
            "time_control": e.time_control,
            "time_control_source": e.time_control_source,
            "file_time_control": e.file_time_control,
            "rate_class_assumed": e.rate_class_assumed,
            "start": e.start.isoformat() if e.start else None,
            "end": e.end.isoformat() if e.end else None,
            "type": e.type,
            "type_source": e.type_source,
            "rounds": e.rounds,
            "rate_class": e.rate_class,
        },
        "round_robin": None
        if rr is None
        else {"rar": _json_number(rr.rar), "dpa": _json_number(rr.dpa), "n": rr.n, "ra": rr.ra},
        "notes": list(report.notes),
        "readings": [
            {
                "parameter": u.parameter,
                "chosen": u.chosen,
                "other": u.other,
                "basis": u.basis,
                "changed": [
                    {"start_rank": sr, "name": name, "figures": mine, "other_figures": other}
                    for sr, name, mine, other in u.changed
                ],
            }
            for u in report.readings
        ],
        "check": formparts.check_data(report.check),
        "nothing_to_rate": report.nothing_to_rate,
        "players": [player_data(p) for p in report.players],
    }


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_rating_json(report: RatingReport, path: str | None = None) -> str:
    """The ``trfkit.rate/1`` document, indented 2, UTF-8 (not ``\\u``-escaped)."""
    return json.dumps(rating_data(report, path), indent=2, ensure_ascii=False) + "\n"


# --- text ---------------------------------------------------------------------


def _round_count(report: RatingReport) -> int:
    """The round columns of the grid: as many as the players' lines hold.

    Not the declared number of rounds (142, XXR): a file read from anyone
    can declare millions, and a grid of them would exhaust memory. Rounds
    not yet played have nothing to show; the header still gives the count.
    """
    return max(map(_ROUND, chain.from_iterable(p.games for p in report.players)), default=0)


def _is_round_robin(report: RatingReport) -> bool:
    return report.round_robin is not None or "round-robin" in report.event.type


def _title(report: RatingReport) -> str:
    if _is_round_robin(report):
        return "Rating Report for a Round-Robin Tournament (laid out as FIDE Form 3)"
    return "Report Form for Multiple Results in a Swiss System Tournament (FIDE Form 3)"


FED_OFFICIAL = "Fed. Official, Name, Signature, Seal"
"""The form's own label for the federation official's signature."""


def _header_fields(report: RatingReport) -> list[tuple[str, str]]:
    """The form's top block, plus the rule set and why it was chosen."""
    e = report.event
    city_fed = " / ".join(x for x in (e.city, e.federation) if x)
    rounds = str(e.rounds) if e.rounds else ""
    fields = [
        ("Event", e.name),
        ("City/Fed", city_fed),
        ("Chief Arbiter", e.chief_arbiter),
        ("Time Control", time_control_text(e)),
        ("Start", e.start.isoformat() if e.start else ""),
        ("End", e.end.isoformat() if e.end else ""),
        ("Type", f"{e.type} ({e.type_source}), {rounds} rounds" if rounds else e.type),
        ("Rules", f"{report.rules}: {report.rules_title}"),
        ("Reference", report.rules_reference),
        ("Chosen by", report.rules_source),
    ]
    if report.amendments:
        fields.append(("Amendments", ", ".join(report.amendments)))
    for use in report.readings:
        fields.append(
            (
                "Reading",
                f"{use.chosen} (not established; the other reading changes "
                f"{len(use.changed)} player{'s' if len(use.changed) != 1 else ''}: see the notes)",
            )
        )
    rr = report.round_robin
    if rr is not None:
        fields.append(
            (
                "Round robin",
                f"Rar {_fixed(rr.rar, 2)}, dpa {_fixed(rr.dpa, 2)}, n {rr.n}, Ra {rr.ra}",
            )
        )
    return fields


def time_control_text(e: EventInfo) -> str:
    """The header's time control: the control rated, where it comes from,
    and the rating it changes, with any assumption said.

    >>> from trfkit.rating.model import EventInfo
    >>> base = dict(name="", city="", federation="", chief_arbiter="", start=None, end=None,
    ...             type="swiss", type_source="pairings", rounds=5)
    >>> time_control_text(EventInfo(**base, time_control="", rate_class="standard",
    ...     rate_class_assumed="the file gives no time control"))
    'none in the file; rated as standard (assumed: the file gives no time control)'
    >>> time_control_text(EventInfo(**base, time_control="15+10", rate_class="rapid",
    ...     time_control_source="given", file_time_control="90+30"))
    "15+10 (given, overriding the file's '90+30'); rated as rapid"
    """
    cls = f"rated as {e.rate_class}"
    if e.rate_class_assumed:
        cls += f" (assumed: {e.rate_class_assumed})"
    if not e.time_control:
        return f"none in the file; {cls}"
    source = e.time_control_source
    if source == "given":
        where = (
            f"given, overriding the file's {e.file_time_control!r}"
            if e.file_time_control
            else "given; the file has none"
        )
    else:
        where = source or "file"
    return f"{e.time_control} ({where}); {cls}"


def check_banner(report: RatingReport) -> str | None:
    """The warning a report of a file with errors opens with, or ``None``:
    every document's (:func:`trfkit.report.formparts.check_banner`)."""
    return formparts.check_banner(report.check)


NOTHING_TO_RATE = (
    "Nothing to rate: no game between two rated players counts, and no unrated player "
    "has a game against a rated opponent."
)


def any_k_assumed(report: RatingReport) -> bool:
    """Whether the form marks some K as assumed (``20?``): only then does its
    legend explain the mark. A K is shown only for a player with a game
    that counts (:func:`k_text`), as :func:`k_assumed_note` names them."""
    return any(p.k_assumed and p.n for p in report.players)


def k_assumed_note(players: Iterable[PlayerRating]) -> str | None:
    """One note for every player whose K the file alone suggests (a
    tournament's Form 3 and a rating period's table alike).

    The K most players share is counted with why; the players of each
    other K are named with why (counted too when more than eight).
    """
    assumed = [p for p in players if p.k_assumed and p.n]
    if not assumed:
        return None
    by_k: dict[int | None, list[PlayerRating]] = {}
    for p in assumed:
        by_k.setdefault(p.k, []).append(p)
    groups = sorted(by_k.items(), key=lambda kv: -len(kv[1]))
    parts = []
    for i, (k, players) in enumerate(groups):
        many = f"{len(players)} player{'s' if len(players) != 1 else ''}"
        if i == 0 or len(players) > 8:
            reasons = sorted({p.k_reason for p in players})
            why = reasons[0] if len(reasons) == 1 else "; ".join(reasons[:3])
            parts.append(f"K {k} for {many} ({why})")
        else:
            named = ", ".join(f"{p.start_rank} {p.name} ({p.k_reason})" for p in players)
            parts.append(f"K {k} for {many}: {named}")
    return (
        f"K is assumed for {len(assumed)} player{'s' if len(assumed) != 1 else ''} (marked ?): "
        "a file cannot show a player's games so far, his peak or his list K; give "
        "--rating-list or --k for the real values. " + "; ".join(parts) + "."
    )


def reading_notes(report: RatingReport) -> list[str]:
    """One note per reading the report relies on, naming what it changes."""
    out = []
    for use in report.readings:
        shown = "; ".join(
            f"{sr} {name}: {mine}, else {other}" for sr, name, mine, other in use.changed[:12]
        )
        more = f"; and {len(use.changed) - 12} more" if len(use.changed) > 12 else ""
        out.append(
            f"{report.rules} is not established on one point, and this report relies on it: "
            f"{use.chosen}. Why: {use.basis}. If instead {use.other}: {shown}{more}."
        )
    return out


def k_text(p: PlayerRating) -> str:
    """K as the forms show it: ``20?`` where it is assumed, nothing where no
    game counts."""
    # K multiplies W - We: with no game that counts there is nothing to
    # multiply, and an assumed "20?" would point at a note that names only
    # the players K applies to.
    if not p.n:
        return ""
    if p.k is None:
        return "?" if p.k_assumed else ""
    return f"{p.k}?" if p.k_assumed else str(p.k)


def _player_notes(p: PlayerRating, *, k: bool = True) -> list[str]:
    """What the form's cells cannot say: an assumed K (``k=False``: said
    once for all by :func:`k_assumed_note`), where the rating came from."""
    notes: list[str] = []
    if p.k_assumed and k:
        notes.append(f"K {p.k if p.k is not None else '?'} assumed: {p.k_reason}")
    if p.rating_source == "list" and not p.from_list:  # else its note says so, and why
        notes.append("rating from the players' list")
    elif p.rating_source == "list-standard":
        notes.append("standard rating from the players' list (R&B §7.2.1)")
    notes.extend(p.notes)
    return notes


def _newcomers(report: RatingReport) -> list[tuple[PlayerRating, Newcomer]]:
    return [(p, p.newcomer) for p in report.players if p.newcomer is not None]


def _round_cell(value: str, width: int) -> str:
    """Right-aligned in ``width``, a trailing ``*`` hanging in the next column."""
    mark = value.endswith("*")
    return _rjust(value.removesuffix("*"), width) + ("*" if mark else " ")


class _PlayerBlocks:
    """Form 3's player blocks: each player's three lines (three more for
    each further 11 rounds) and the rule, one %-format. The figures shared
    by many players (a score, We, a change) are written once each, keyed by
    their ratio; D and E (federation, title) are few, each cleaned and
    padded once."""

    def __init__(
        self, block: str, tail_widths: list[int], perf: bool, wc: int, ascii: bool
    ) -> None:
        self.block, self.perf, self.wc, self.ascii = block, perf, wc, ascii
        self.tail_format = " ".join(f"%{w}s" for w in tail_widths)
        self.scores: dict[tuple[int, int], str] = {}
        self.fixed_2: dict[tuple[int, int], str] = {}
        self.signed_2: dict[tuple[int, int], str] = {}
        self.padded_c: dict[str, str] = {}

    def column_c(self, x: str) -> str:
        text = self.padded_c.get(x)
        if text is None:
            text = self.padded_c[x] = _ljust(_clean(x, self.ascii), self.wc)
        return text

    def score(self, x: Fraction) -> str:
        key = x.as_integer_ratio()
        return self.scores.get(key) or self.scores.setdefault(key, _score(x, self.ascii))

    def tail(self, p: PlayerRating) -> str:
        """L's line's end: We, W − We, K, K × (W − We), the new rating (and the performance)."""
        we, change = p.we, p.change
        if we is None:
            we_text = w_we = ""
        else:
            an, ad = p.w.as_integer_ratio()
            bn, bd = key = we.as_integer_ratio()
            we_text = self.fixed_2.get(key) or self.fixed_2.setdefault(key, _fixed(we, 2))
            w_we = signed_quotient(an * bd - bn * ad, ad * bd)  # W − We
        if change is None:
            change_text = ""
        else:
            key = change.as_integer_ratio()
            change_text = self.signed_2.get(key) or self.signed_2.setdefault(key, _signed(change))
        new = p.new_rating
        return (
            self.tail_format
            % (
                we_text,
                w_we,
                k_text(p),
                change_text,
                "" if new is None else new,
                *(("" if p.performance is None else p.performance,) if self.perf else ()),
            )
        ).rstrip()

    def write(self, p: PlayerRating, family: str, first: str, joined: list[str]) -> str:
        """``p``'s block; ``joined``: his grid cells, a line's at a time."""
        tail = self.tail(p)
        rank, rating, rc = p.rank, p.rating, p.rc
        return self.block % (
            family,
            p.start_rank,
            "" if rank is None else rank,
            joined[0],
            p.n,
            " | " + tail if tail else " |",
            first,
            self.column_c(p.federation),
            "" if rating is None else rating,
            joined[1],
            "" if rc is None else quotient_or(*rc.as_integer_ratio(), 1),
            self.column_c(p.title),
            self.score(p.score),
            joined[2],
            self.score(p.w),
            *joined[3:],
        )


def _text_grid(report: RatingReport, ascii: bool) -> list[str]:
    """Form 3's grid: a three-line header, then three lines per player
    (each player's lines, and the rule under them, one item)."""
    minus = "-" if ascii else "−"
    times = "x" if ascii else "×"
    rounds = _round_count(report)
    perf = any(p.performance is not None for p in report.players)
    out: list[str] = []

    names = [split_name(_clean(p.name, ascii)) for p in report.players]
    wn = max([13, *(_width(x) for pair in names for x in pair)])
    padded_names = [(_ljust(family, wn), _ljust(first, wn)) for family, first in names]
    wc = max([7, *(len(str(p.start_rank)) for p in report.players)])  # "E Title"
    wr = 4  # a round: "2100", "1234", then one column for the cap's "*"
    per_line = max(1, min(rounds, _ROUNDS_PER_LINE))
    blocks = max(1, -(-rounds // _ROUNDS_PER_LINE))

    padded: dict[str, str] = {}
    """Each distinct round cell (a rank, a rating, a K mark) padded once:
    a 3000-player event has some 40 000 cells but few distinct values."""

    def cell(x: str) -> str:
        text = padded.get(x)
        if text is None:
            text = padded[x] = _round_cell(x, wr)
        return text

    span = per_line * (wr + 2) - 1

    def row(a: str, c: str, f: str, label: str, cells: Sequence[str], lmn: str, tail: str) -> str:
        """One line; ``cells`` already padded by :func:`cell`."""
        body = " ".join(cells).ljust(span)
        return (
            f"{_ljust(a, wn)}  {_ljust(c, wc)} {_rjust(f, 8)} | {label:1} {body} | {lmn:>7} | {tail}"
        ).rstrip()

    tail_widths = [6, 6, 4, 9, 5] + ([5] if perf else [])

    def tail_cols(values: Sequence[str]) -> str:
        return " ".join([_rjust(v, w) for v, w in zip(values, tail_widths, strict=True)])

    tail_head = ["We", f"W{minus}We", "K", f"K{times}(W{minus}We)", "New"] + (
        ["Perf"] if perf else []
    )
    head_rows = [
        ("A Family name", "C No.", "F Rank", "I", "L N", tail_cols(tail_head)),
        ("B First name", "D Fed", "G Rating", "J", "M Rc", ""),
        ("", "E Title", "H Score", "K", "N W", ""),
    ]
    header: list[str] = []
    for b in range(blocks):
        start = b * _ROUNDS_PER_LINE + 1
        numbers = [str(r) for r in range(start, min(rounds, start + _ROUNDS_PER_LINE - 1) + 1)]
        for i, (a, c, f, label, lmn, tail) in enumerate(head_rows):
            if b:
                a, c, f, lmn, tail = ("", "", "", "", "")
            cells = [cell(x) for x in numbers] if i == 0 else []
            header.append(row(a, c, f, label, cells, lmn, tail))
    rule = "-" * max(_width(x) for x in header)
    out += [rule, *header, rule]

    # A continuation line (rounds past the 11th) has only round cells.
    blank_name = _ljust("", wn)
    continued = f"{blank_name}  {_ljust('', wc)} {_rjust('', 8)} | {'':1} "
    continued_end = f" | {'':>7} | ".rstrip()
    empty = cell("")
    # Each distinct I, J and K is padded once (see cell()); K shows the
    # score only for a code without a mark of its own, so such a K is not kept.
    # Made ahead: I for every player's number, J for every player's rating
    # (as most opponents' ratings are), each as cell() pads it (":4d" is
    # str.rjust for an int); else every new value would cost a player his
    # fast path below (3000×13: 1740 of the 3000 players did).
    column_i: dict[int | None, str] = {None: cell("")}
    column_j: dict[tuple[int | None, bool, bool], str] = {}
    for p in report.players:
        column_i[p.start_rank] = f"{p.start_rank:4d} "
        if p.rating is not None:
            column_j[p.rating, True, False] = f"{p.rating:4d} "
            column_j[p.rating, True, True] = f"{p.rating:4d}*"
    column_k: dict[str, str] = {}
    # A cell not yet made reads None, which str.join refuses (TypeError):
    # grid_cells() then makes it. Typed as always found for that reason.
    get_i = cast("Callable[[int | None], str]", column_i.get)
    get_j = cast("Callable[[tuple[int | None, bool, bool]], str]", column_j.get)
    get_k = cast("Callable[[str], str]", column_k.get)

    def missing(g: GameRating) -> None:
        """Keep a game's I, J and K cells for it and the games alike."""
        if g.opponent not in column_i:
            column_i[g.opponent] = cell("" if g.opponent is None else str(g.opponent))
        key_j = (g.opponent_rating, g.rated, g.capped)
        if key_j not in column_j:
            j = "" if g.opponent_rating is None or not g.rated else str(g.opponent_rating)
            column_j[key_j] = cell(j + "*" if j and g.capped else j)
        if g.result not in column_k:
            ck = cell(_k_symbol(g, ascii))
            if result_symbol(g.result, ascii) is None and g.result.strip():
                return  # K shows this game's score: not one cell for the code
            column_k[g.result] = ck

    every_round = tuple(range(1, rounds + 1))
    cuts = [slice(b * _ROUNDS_PER_LINE, (b + 1) * _ROUNDS_PER_LINE) for b in range(blocks)]
    more_cuts = cuts[1:]

    def grid_cells(games: Sequence[GameRating]) -> list[str]:
        """A player's grid cells, joined: I, J and K of the first 11 rounds,
        then of each further 11 (not yet padded to ``span``)."""
        games = tuple(games)  # a LazyGames read once; then slices in C
        if tuple(map(_ROUND, games)) != every_round[: len(games)]:
            # Not rounds 1, 2, … in order: by round number (the last of a
            # repeated one), blank where none.
            by_round = {g.round: g for g in games}
            found = [by_round.get(r) for r in every_round]
            for g in by_round.values():
                missing(g)
            ci = [empty if g is None else get_i(g.opponent) for g in found]
            cj = [empty if g is None else get_j(_J_KEY(g)) for g in found]
            ck = [
                empty if g is None else get_k(g.result) or cell(_k_symbol(g, ascii)) for g in found
            ]
            return [" ".join(x[cut]) for cut in cuts for x in (ci, cj, ck)]
        # Rounds 1, 2, … in order (nearly always): every cell from the
        # dicts in C; the rounds past the last game are blank, which is the
        # padding to span.
        try:
            first = games[:_ROUNDS_PER_LINE]
            made = [
                " ".join(map(get_i, map(_OPPONENT, first))),
                " ".join(map(get_j, map(_J_KEY, first))),
                " ".join(map(get_k, map(_RESULT, first))),
            ]
            for cut in more_cuts:
                part = games[cut]
                made += (
                    " ".join(map(get_i, map(_OPPONENT, part))),
                    " ".join(map(get_j, map(_J_KEY, part))),
                    " ".join(map(get_k, map(_RESULT, part))),
                )
            return made
        except TypeError:  # a cell not yet made (None in the join): make it
            pass
        made = []
        for part in (games[cut] for cut in cuts):
            for g in part:
                missing(g)
            made += (
                " ".join(map(get_i, map(_OPPONENT, part))),
                " ".join(map(get_j, map(_J_KEY, part))),
                " ".join(get_k(g.result) or cell(_k_symbol(g, ascii)) for g in part),
            )
        return made

    # Each player's block (three lines, three more for each further 11
    # rounds, and the rule) is one %-format and one item of the list, not
    # seven (3000×13: 21,000 lines); "\n".join writes the same bytes. The
    # second and third lines end with M and N, so nothing trails them; the
    # first ends with the tail, its trailing blanks dropped. The figures
    # shared by many players (a score, We, a change) are written once each,
    # keyed by their ratio.
    block = (
        f"%s  %-{wc}s %8s |   %-{span}s | %7s%s\n"
        f"%s  %s %8s |   %-{span}s | %7s |\n"
        f"{blank_name}  %s %8s |   %-{span}s | %7s |\n"
        + "".join(f"{continued}%-{span}s{continued_end}\n" for _ in range(3 * (blocks - 1)))
        + rule
    )
    blocks_of = _PlayerBlocks(block, tail_widths, perf, wc, ascii)
    out += [
        blocks_of.write(p, family, first, grid_cells(p.games))
        for p, (family, first) in zip(report.players, padded_names, strict=True)
    ]

    half = ".5" if ascii else "½"
    assumed = " K 20? K assumed (see the notes)." if any_k_assumed(report) else ""
    out.append(
        f"Marks: J 2100* the cap changed D. K 1 {half} 0 played; + - = unplayed "
        f"(forfeit, bye) worth 1, 0, {half}.{assumed}"
    )
    return out


def _text_newcomers(report: RatingReport, ascii: bool) -> list[str]:
    """The newcomers' table: Ra, p, dp, Ru and whether it can be published."""
    newcomers = _newcomers(report)
    if not newcomers:
        return []
    rr = _is_round_robin(report) and any(
        nc.ru_first is not None or nc.rc_new is not None for _, nc in newcomers
    )
    head = ["No.", "Name", "Ra", "hyp.", "n", "W", "p", "dp"]
    head += ["Ru first", "Rc(new)"] if rr else []
    head += ["Ru", "uncapped", "counts", "publishable", "reason"]
    rows: list[list[str]] = [head]
    for p, nc in newcomers:
        line = [
            str(p.start_rank),
            _clean(p.name, ascii),
            "" if nc.ra is None else _whole_or(nc.ra, 2),
            str(nc.hypothetical) if nc.hypothetical else "",
            str(nc.n),
            _score(nc.w, ascii),
            "" if nc.p is None else _fixed(nc.p, 2),
            "" if nc.dp is None else f"{nc.dp:+d}",
        ]
        if rr:
            line += [
                "" if nc.ru_first is None else str(nc.ru_first),
                "" if nc.rc_new is None else str(nc.rc_new),
            ]
        line += [
            "" if nc.ru is None else str(nc.ru),
            "" if nc.ru_uncapped is None or nc.ru_uncapped == nc.ru else str(nc.ru_uncapped),
            "yes" if nc.counts else "no",
            "yes" if nc.publishable else "no",
            _clean(nc.reason, ascii),
        ]
        rows.append(line)
    numeric = [True, False, True, True, True, True, True, True]
    numeric += [True, True] if rr else []
    numeric += [True, True, False, False, False]
    return ["", "Newcomers: performance toward a first rating", *_table(rows, numeric)]


def _report_notes(report: RatingReport) -> list[str]:
    """The notes on the whole report: the engine's, the readings relied on,
    and the one note on assumed K."""
    k_note = k_assumed_note(report.players)
    return [*report.notes, *reading_notes(report), *([k_note] if k_note else [])]


def _text_notes(report: RatingReport, ascii: bool) -> list[str]:
    out: list[str] = []
    notes = _report_notes(report)
    if notes:
        out += ["", "Notes:"]
        out += [f"- {_clean(n, ascii)}" for n in notes]
    player_notes = [(p, _player_notes(p, k=False)) for p in report.players]
    if any(n for _, n in player_notes):
        out += ["", "Notes on players:"]
        for p, notes in player_notes:
            for n in notes:
                out.append(f"- {p.start_rank} {_clean(p.name, ascii)}: {_clean(n, ascii)}")
    return out


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def render_rating_text(report: RatingReport, *, ascii: bool = False) -> str:
    """The Form 3 layout in fixed-width columns; three lines per player.

    Line 1 holds A (family name), C (pairing number), F (rank), I (the
    opponents' pairing numbers), L (N) and the rating change; line 2 B, D,
    G, J (the opponents' ratings, ``*`` where the cap changed D) and M (Rc);
    line 3 E, H, K (the scores) and N (W). Rounds past the 11th go on three
    continuation lines. ``ascii=True`` writes ``.5`` for ``½`` and strips
    accents, for terminals and files that need ASCII.
    """
    banner = check_banner(report)
    out: list[str] = [banner, ""] if banner else []
    out += [_clean(_title(report), ascii), ""]
    out += _table(
        [(f"{k}:", _clean(v, ascii)) for k, v in _header_fields(report)], (False, False), " "
    )
    out.append(f"{FED_OFFICIAL}: {BLANK}")  # Form 3's head (2002 forms): signed here
    if report.nothing_to_rate:
        out += ["", NOTHING_TO_RATE]
    else:
        out += ["", *_text_grid(report, ascii), *_text_newcomers(report, ascii)]
    out += _text_notes(report, ascii)
    return "\n".join(out) + "\n"


# --- CSV ----------------------------------------------------------------------


def _player_row(p: PlayerRating) -> list[str]:
    family, first = split_name(p.name)
    return [
        "" if p.rank is None else str(p.rank),
        str(p.start_rank),
        _csv_text(family),
        _csv_text(first),
        "" if p.fide_id is None else str(p.fide_id),
        p.federation,
        p.title,
        _csv_num(p.rating),
        _csv_num(p.score),
        str(p.n),
        _csv_num(p.rc),
        _csv_num(p.w),
        _csv_num(p.we),
        _csv_num(p.w_minus_we),
        _csv_num(p.k),
        _csv_bool(p.k_assumed),
        _csv_num(p.change),
        _csv_num(p.new_rating),
        _csv_num(p.ru),
        _csv_num(p.performance),
        _csv_bool(None if p.newcomer is None else p.newcomer.publishable),
        _csv_text(" | ".join(_player_notes(p))),
    ]


def _game_rows(report: RatingReport) -> Iterable[list[str]]:
    for p in report.players:
        for g in p.games:
            yield [
                str(p.start_rank),
                str(g.round),
                _csv_num(g.opponent),
                _csv_num(g.opponent_rating),
                g.colour,
                g.result.strip(),
                _csv_num(g.score),
                _csv_bool(g.rated),
                _csv_text(g.reason or ""),
                _csv_num(g.d),
                _csv_num(g.d_uncapped),
                _csv_bool(g.capped),
                _csv_num(g.pd),
            ]


def render_rating_csv_games(report: RatingReport) -> str:
    """Only the games section: a header line, then one row per round of each player."""
    return _csv([CSV_GAME_COLUMNS, *_game_rows(report)])


def render_rating_csv(report: RatingReport) -> str:
    """One row per player (rank order), a blank line, then one row per game."""
    players = _csv([CSV_PLAYER_COLUMNS, *(_player_row(p) for p in report.players)])
    return players + "\n" + render_rating_csv_games(report)


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def rating_csv_rows(report: RatingReport, path: str | None) -> tuple[str, str]:
    """The player rows and the game rows of :func:`render_rating_csv`, with
    no header and ``path`` in a first column: the pieces of one CSV of many
    files (:func:`join_rating_csv`). With ``path=None`` the rows have no
    path column: the pieces of one file's CSV (``join_rating_csv(...,
    path=False)``)."""
    lead = [] if path is None else [_csv_text(path)]
    players = _csv([*lead, *_player_row(p)] for p in report.players)
    games = _csv([*lead, *row] for row in _game_rows(report))
    return players, games


def join_rating_csv(
    pieces: Sequence[tuple[str, str]], *, games: bool = True, path: bool = True
) -> str:
    """One CSV of many files from :func:`rating_csv_rows`' pieces, shaped as
    :func:`render_rating_csv` with a ``path`` column first (the players
    alone with ``games=False``; no path column with ``path=False``, for
    pieces made with ``path=None``)."""
    lead = ("path",) if path else ()
    out = _csv([(*lead, *CSV_PLAYER_COLUMNS)]) + "".join(p for p, _ in pieces)
    if games:
        out += "\n" + join_rating_csv_games(pieces, path=path)
    return out


def join_rating_csv_games(pieces: Sequence[tuple[str, str]], *, path: bool = True) -> str:
    """The games section alone of :func:`join_rating_csv` (``--games-csv``)."""
    lead = ("path",) if path else ()
    return _csv([(*lead, *CSV_GAME_COLUMNS)]) + "".join(g for _, g in pieces)


# --- HTML ---------------------------------------------------------------------


def _sort_key(x: Number | None) -> str:
    return "" if x is None else _decimal(x)


def _html_cells(p: PlayerRating, rounds: int) -> list[dict[str, Any]]:
    """The grid's I, J and K of each round (blank where the player has no game)."""
    games = {g.round: g for g in p.games}
    cells: list[dict[str, Any]] = []
    for r in range(1, rounds + 1):
        g = games.get(r)
        if g is None:
            cells.append({"round": r, "i": "", "j": "", "k": "", "capped": False})
            continue
        j = "" if g.opponent_rating is None or not g.rated else str(g.opponent_rating)
        cells.append(
            {
                "round": r,
                "i": "" if g.opponent is None else str(g.opponent),
                "j": j,
                "k": _k_symbol(g),
                "capped": bool(j) and g.capped,
            }
        )
    return cells


def _html_game(g: GameRating, names: Mapping[int, str]) -> dict[str, Any]:
    """One game's row of the player's detail."""
    return {
        "round": g.round,
        "opponent": "" if g.opponent is None else str(g.opponent),
        "opponent_name": names.get(g.opponent, "") if g.opponent is not None else "bye",
        "opponent_rating": "" if g.opponent_rating is None else str(g.opponent_rating),
        "colour": {"w": "white", "b": "black"}.get(g.colour, ""),
        "result": g.result.strip(),
        "score": "" if g.score is None else _score(g.score),
        "rated": g.rated,
        "d": "" if g.d is None else f"{g.d:+d}" + ("*" if g.capped else ""),
        "d_uncapped": "" if g.d_uncapped is None else f"{g.d_uncapped:+d}",
        "pd": "" if g.pd is None else _fixed(g.pd, 2),
        "reason": g.reason or "",
    }


def _sort_keys(p: PlayerRating, family: str, first: str) -> dict[str, str]:
    """The keys the page's table sorts each column by."""
    return {
        "rank": _sort_key(p.rank),
        "no": str(p.start_rank),
        "family": family.casefold(),
        "first": first.casefold(),
        "fed": p.federation,
        "title": p.title,
        "rating": _sort_key(p.rating),
        "score": _sort_key(p.score),
        "n": str(p.n),
        "rc": _sort_key(p.rc),
        "w": _sort_key(p.w),
        "we": _sort_key(p.we),
        "wwe": _sort_key(p.w_minus_we),
        "k": _sort_key(p.k),
        "change": _sort_key(p.change),
        "new": _sort_key(p.new_rating),
        "perf": _sort_key(p.performance),
    }


def _html_player(p: PlayerRating, rounds: int, names: Mapping[int, str]) -> dict[str, Any]:
    """One player's cells as display strings (the template only lays them out);
    ``names`` by start rank, made once per report (once per player, it made
    the HTML form quadratic in the players: issue 29's hostile table)."""
    family, first = split_name(p.name)
    cells = _html_cells(p, rounds)
    game_rows = [_html_game(g, names) for g in p.games]
    return {
        "start_rank": p.start_rank,
        "family": family,
        "first": first,
        "name": p.name,
        "fide_id": "" if p.fide_id is None else str(p.fide_id),
        "federation": p.federation,
        "title": p.title,
        "rank": "" if p.rank is None else str(p.rank),
        "rating": "" if p.rating is None else str(p.rating),
        "rating_source": p.rating_source,
        "score": _score(p.score),
        "n": str(p.n),
        "rc": "" if p.rc is None else _whole_or(p.rc, 1),
        "w": _score(p.w),
        "we": "" if p.we is None else _fixed(p.we, 2),
        "w_minus_we": "" if p.we is None else signed_difference(p.w, p.we),
        # As the text's K column (_k_text): no K where no game counts.
        "k": "" if p.k is None or not p.n else str(p.k),
        "k_assumed": p.k_assumed and bool(p.n),
        "k_reason": p.k_reason,
        "change": "" if p.change is None else _signed(p.change),
        "change_sign": 0 if p.change is None else (p.change > 0) - (p.change < 0),
        "new_rating": "" if p.new_rating is None else str(p.new_rating),
        "ru": "" if p.ru is None else str(p.ru),
        "performance": "" if p.performance is None else str(p.performance),
        "newcomer": p.newcomer is not None,
        "cells": cells,
        "games": game_rows,
        "notes": _player_notes(p),
        "sort": _sort_keys(p, family, first),
    }


def _html_newcomer(p: PlayerRating, nc: Newcomer) -> dict[str, Any]:
    return {
        "start_rank": p.start_rank,
        "name": p.name,
        "ra": "" if nc.ra is None else _whole_or(nc.ra, 2),
        "hypothetical": str(nc.hypothetical) if nc.hypothetical else "",
        "n": str(nc.n),
        "w": _score(nc.w),
        "p": "" if nc.p is None else _fixed(nc.p, 2),
        "dp": "" if nc.dp is None else f"{nc.dp:+d}",
        "ru": "" if nc.ru is None else str(nc.ru),
        "ru_uncapped": ""
        if nc.ru_uncapped is None or nc.ru_uncapped == nc.ru
        else str(nc.ru_uncapped),
        "ru_first": "" if nc.ru_first is None else str(nc.ru_first),
        "rc_new": "" if nc.rc_new is None else str(nc.rc_new),
        "counts": nc.counts,
        "publishable": nc.publishable,
        "reason": nc.reason,
    }


def render_rating_html(report: RatingReport) -> str:
    """One self-contained HTML5 page: inline CSS, no network, no script needed.

    Everything from the file is escaped (autoescape). The wide grid scrolls
    sideways on small screens and becomes one card per player under 700 px;
    printed, it fits A4 landscape with the header repeated on every page.
    A small inline script makes the columns sortable where scripts run.
    """
    rounds = _round_count(report)
    names = {q.start_rank: q.name for q in report.players}
    newcomers = _newcomers(report)
    rr_columns = _is_round_robin(report) and any(
        nc.ru_first is not None or nc.rc_new is not None for _, nc in newcomers
    )
    return (
        environment()
        .get_template("rating.html.j2")
        .render(
            title=_title(report),
            event_name=report.event.name,
            header=[*_header_fields(report), (FED_OFFICIAL, "")],  # signed in its box
            rounds=rounds,
            perf=any(p.performance is not None for p in report.players),
            k_assumed=any_k_assumed(report),
            players=[_html_player(p, rounds, names) for p in report.players],
            newcomers=[_html_newcomer(p, nc) for p, nc in newcomers],
            rr_columns=rr_columns,
            notes=_report_notes(report),
            player_notes=[
                (p.start_rank, p.name, n) for p in report.players for n in _player_notes(p, k=False)
            ],
            banner=check_banner(report),
            nothing=NOTHING_TO_RATE if report.nothing_to_rate else None,
            schema=RATE_SCHEMA,
        )
    )
