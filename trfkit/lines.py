"""One record as its TRF line: each field padded into its columns by the
column table (grammars/columns.toml).

Below both :mod:`trfkit.conversion` (which writes the records it makes) and
:mod:`trfkit.writer` (which writes whole files, converting first): the line
of one record needs neither.
"""

from __future__ import annotations

import enum
from decimal import Decimal
from typing import Any

from trfkit.columns import Field, Layout, layout, layouts_by_code
from trfkit.dates import format_date
from trfkit.model import (
    UNREADABLE,
    AbnormalPoints,
    Acceleration,
    Accelerations,
    BbpPoints,
    Blank,
    Bye,
    Comment,
    DateText,
    Dialect,
    EngineRecord,
    ForfeitedMatch,
    Header,
    LineUp,
    NationalRating,
    Player,
    ProhibitedPairing,
    Record,
    RoundDates,
    Scoring,
    Team,
    TeamBye,
    TextRecord,
    UnknownLine,
)

__all__ = ["format_points", "render"]


def _format(f: Field, value: Any) -> str:
    if value is None:
        return ""
    if type(value) is str:
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    if f.kind in ("points", "spoints"):
        assert isinstance(value, Decimal)
        text = format_points(value)
        if len(text) > f.width:
            # What was read from a field must fit it again (found by the
            # fuzzer): "100" not "100.0", ".125" not "0.125".
            if value == value.to_integral_value():
                return str(int(value))
            return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text
        return text
    if f.kind == "date":
        assert isinstance(value, DateText)
        return format_date(value, f.width)
    return str(value)


def format_points(value: Decimal) -> str:
    """``11.5``: one decimal, as TRF16 shows it; more only where needed."""
    if value == value.quantize(Decimal("0.1")):
        return f"{value:.1f}"
    return format(value.normalize(), "f")


_RIGHT_ALIGNED = frozenset({"int", "points", "spoints", "rtext"})


class _Line:
    """A line being written: fields placed at their columns."""

    def __init__(self, code: str) -> None:
        self.chars: list[str] = list(code)

    def put(self, f: Field, value: Any, overflows: list[str], offset: int = 0) -> None:
        """Place ``value`` in ``f``'s columns, ``offset`` columns to the right
        (a repeated field's later occurrences)."""
        text = _format(f, value)
        width = f.width
        if len(text) > width:
            columns = f.shifted(offset).columns
            overflows.append(f"{f.name} {text!r} is wider than columns {columns}")
        padded = text.rjust(width) if f.kind in _RIGHT_ALIGNED else text.ljust(width)
        start = f.first - 1 + offset
        if len(self.chars) < start:
            self.chars.extend(" " * (start - len(self.chars)))
        self.chars[start : start + len(padded)] = padded

    def overlay(self, first: int, text: str) -> None:
        """``text`` written from column ``first`` over what is there."""
        start = first - 1
        if len(self.chars) < start + len(text):
            self.chars.extend(" " * (start + len(text) - len(self.chars)))
        self.chars[start : start + len(text)] = text

    def text(self, keep_trailing: bool = False) -> str:
        s = "".join(self.chars)
        return s if keep_trailing else s.rstrip()


def _render_layout(
    lay: Layout, code: str, values: dict[str, Any], repeated: list[Any], overflows: list[str]
) -> _Line:
    line = _Line(code)
    for f in lay.fields:
        line.put(f, values.get(f.name), overflows)
    rep = lay.repeat
    if rep is not None:
        fields, stride = rep.fields, rep.stride
        single = len(fields) == 1
        for index, item in enumerate(repeated):
            items = (item,) if single else item
            for f, v in zip(fields, items, strict=True):
                line.put(f, v, overflows, index * stride)
    return line


def _player_line(record: Player, over: list[str]) -> str:
    """A 001 line (TRF16 §2.2); a field the reader could not read is written
    as the file had it."""
    values = {
        "start_rank": record.start_rank,
        "sex": record.sex,
        "title": record.title,
        "name": record.name,
        "rating": record.rating,
        "federation": record.federation,
        "fide_id": record.fide_id,
        "birth_date": record.birth_date or None,
        "points": record.points,
        "rank": record.rank,
    }
    # A bye or an unpaired round is written with opponent 0000 (TRF16 §2.2).
    games = [
        (g.opponent if g.opponent is not None else "0000", g.colour, g.result) for g in record.games
    ]
    line = _render_layout(layout("player"), "001", values, games, over)
    if record.origin is not None and _may_hold_unreadable(record, values):
        for first, text in _unreadable_texts(record):
            line.overlay(first, text)
    if games:
        # Keep the last block whole: a blank result is meaningful.
        return line.text(keep_trailing=True)
    return line.text()


def _team_line(record: Team, over: list[str]) -> str:
    """A team's 013 (name and members) or TRF-2026's 310."""
    if record.code == "013":
        return _render_layout(
            layout("team_013"), "013", {"name": record.name}, record.members, over
        ).text()
    values = {
        "number": record.number,
        "name": record.name,
        "nickname": record.nickname,
        "strength": record.strength,
        "match_points": record.match_points,
        "game_points": record.game_points,
        "rank": record.rank,
    }
    return _render_layout(layout("team_310"), "310", values, record.members, over).text()


def _national_rating_line(record: NationalRating, over: list[str]) -> str:
    """A TRF-2026 national rating record (its code is the federation)."""
    values = {
        "start_rank": record.start_rank,
        "sex": record.sex,
        "classification": record.classification,
        "name": record.name,
        "rating": record.rating,
        "region": record.region,
        "national_id": record.national_id,
        "birth_date": record.birth_date or None,
    }
    return _render_layout(layout("national_rating"), record.federation, values, [], over).text()


def render(record: Record, overflows: list[str] | None = None) -> str:
    """The canonical text of one record (no line ending)."""
    over: list[str] = [] if overflows is None else overflows
    if isinstance(record, Player):
        return _player_line(record, over)
    if isinstance(record, Header):
        value = record.value.strip()
        return f"{record.code} {value}" if value else record.code
    if isinstance(record, RoundDates):
        dates = [DateText(d.text, d.date, d.year) for d in record.dates]
        return _render_layout(layout("round_dates_132"), "132", {}, dates, over).text()
    if isinstance(record, Scoring):
        lay = layout("scoring_162" if record.code == "162" else "team_scoring_362")
        return _render_layout(lay, record.code, {}, list(record.scores), over).text()
    if isinstance(record, Team):
        return _team_line(record, over)
    if isinstance(record, NationalRating):
        return _national_rating_line(record, over)
    if isinstance(record, Bye):
        return _render_layout(
            layout("bye_240"),
            "240",
            {"bye_type": record.bye_type, "round": record.round},
            record.ids,
            over,
        ).text()
    if isinstance(record, Acceleration | TeamBye | ProhibitedPairing | LineUp | ForfeitedMatch):
        lay = layouts_by_code()[record.code]
        values = {f.name: getattr(record, f.name) for f in lay.fields}
        repeated = getattr(record, lay.repeat.name) if lay.repeat is not None else []
        return _render_layout(lay, record.code, values, repeated, over).text()
    if isinstance(record, AbnormalPoints):
        lay = layout("abnormal_points_299")
        values = {f.name: getattr(record, f.name) for f in lay.fields}
        return _render_layout(lay, "299", values, record.ids, over).text()
    if isinstance(record, Accelerations):
        return _render_layout(
            layout("accelerations_xxa"), "XXA", {"id": record.id}, record.values, over
        ).text()
    if isinstance(record, BbpPoints):
        return _render_layout(
            layout("bbp_points"), record.code, {"value": record.value}, [], over
        ).text()
    if isinstance(record, EngineRecord | TextRecord):
        value = record.value.rstrip()
        return f"{record.code} {value}" if value else record.code
    if isinstance(record, Comment):
        return "###" + record.text
    if isinstance(record, Blank):
        return ""
    assert isinstance(record, UnknownLine)
    return record.text


def _may_hold_unreadable(record: Player, values: dict[str, Any]) -> bool:
    """Whether a player read from a file may hold a field the reader could
    not read (a result ``*``, a rating ``22B4``): a result or a field with
    no value, where the file's line has text (the cheap test before the
    line is read again)."""
    if UNREADABLE in record.cells().results:
        return True
    assert record.origin is not None
    text = record.origin.text
    return any(
        values.get(f.name) is None and text[f.slice].strip()
        for f in layout("player").fields
        if f.name in values
    )


def _unreadable_texts(record: Player) -> list[tuple[int, str]]:
    """``(first column, text)`` of each field of ``record``'s line that the
    reader could not read (its P002, P004) and that ``record`` still holds
    no value for: written as the file had it, so that the output says what
    the file said (a result ``*`` is no result, where a blank would be a
    zero-point bye or a game not yet played) and is read with the same
    finding. TRF has no code for an unknown result, in either dialect."""
    from trfkit.reader import parse_record

    origin = record.origin
    assert origin is not None
    again, read = parse_record(origin.text, Dialect.TRF16)
    if not isinstance(again, Player):
        return []
    flagged = {d.column for d in read if d.code in ("P002", "P004")}
    if not flagged:
        return []
    lay = layout("player")
    out: list[tuple[int, str]] = []
    for f in lay.fields:
        if (
            any(f.first <= c <= f.last for c in flagged)
            and getattr(record, f.name, None) in (None, "")
            and getattr(again, f.name, None) in (None, "")
        ):
            out.append((f.first, origin.text[f.slice]))
    rep = lay.repeat
    assert rep is not None
    result = next(f for f in rep.fields if f.name == "result")
    mine, theirs = record.cells().results, again.cells().results
    for r, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if a == UNREADABLE and b == UNREADABLE:
            column = result.first + r * rep.stride
            if column in flagged and column <= len(origin.text):
                out.append((column, origin.text[column - 1]))
    return out
