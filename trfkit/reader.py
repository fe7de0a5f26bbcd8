"""The reader: bytes → decoded lines → records of a :class:`Tournament`.

The Lark grammar (grammars/trf.lark) splits the text into one token per line
and names each line's kind; the column table (grammars/columns.toml) cuts
each line into fields. The reader is lenient: every problem becomes a
:class:`Diagnostic` with line and column, every line becomes a record (an
:class:`UnknownLine` at worst), and reading goes on to the end.

A file comes from a path (:func:`load`), bytes or text (:func:`loads`), or
a binary or text stream such as an upload or standard input (:func:`read`).
"""

from __future__ import annotations

import operator
import os
import re
import sys
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any, Protocol

import lark

from trfkit._digits import MAX_DIGITS, whole_number
from trfkit._gc import no_cyclic_gc
from trfkit._resources import grammar_cache_path, grammar_text
from trfkit.codes import diagnostic as _diag
from trfkit.columns import (
    Field,
    Layout,
    header_specs,
    layout,
    layouts_by_code,
    vega_header_codes,
)
from trfkit.dates import date_is_valid, parse_date
from trfkit.decode import decode, sniff
from trfkit.diagnostics import Diagnostic, Severity, TrfSyntaxError
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    Accelerations,
    BbpPoints,
    Blank,
    Bye,
    Cells,
    Colour,
    Comment,
    DateText,
    Dialect,
    EngineRecord,
    ForfeitedMatch,
    Game,
    Header,
    HeaderRecord,
    LineUp,
    NationalRating,
    Origin,
    OtherRecord,
    Player,
    ProhibitedPairing,
    Record,
    Result,
    RoundDates,
    Scoring,
    Sex,
    SourceInfo,
    Team,
    TeamBye,
    TextRecord,
    Title,
    Tournament,
    UnknownLine,
    one_date_per_line,
)

__all__ = [
    "MAX_FILE_SIZE",
    "MAX_LINE_LENGTH",
    "BinaryReader",
    "TextReader",
    "load",
    "loads",
    "missing_records",
    "parse_record",
    "read",
]

MAX_FILE_SIZE = 64 * 1024 * 1024
"""The largest file read by default, in bytes (characters for text). The
largest real TRF files hold under 10,000 players and a few MB; a rating
server taking files from anyone refuses more before reading it (P010)."""

MAX_LINE_LENGTH = 65_536
"""The longest line read by default, in characters: a player line of about
6,500 rounds. Longer lines are kept as they are but not read (P011)."""

# -- the grammar -------------------------------------------------------------


class _Lines(lark.Transformer[lark.Token, list[lark.Token]]):
    def start(self, children: list[lark.Token]) -> list[lark.Token]:
        return children


@cache
def _parser() -> lark.Lark:
    grammar = grammar_text("trf.lark")
    return lark.Lark(
        grammar,
        parser="lalr",
        lexer="basic",
        transformer=_Lines(),
        cache=grammar_cache_path("trf.lark", grammar),
    )


def _tokens(text: str) -> list[lark.Token]:
    """The grammar's tokens; ``text`` must have LF line endings only."""
    result: Any = _parser().parse(text) if text else []
    return list(result)


_EOLS = re.compile(r"\r\n|\r|\n")


def _normalise(text: str) -> tuple[str, list[str] | None]:
    """The text with LF line endings, and each line's own ending.

    ``None`` stands for "every line ends with LF" (no CR in the file). A
    last line without an ending has none in the list.
    """
    if "\r" not in text:
        return text, None
    return text.replace("\r\n", "\n").replace("\r", "\n"), _EOLS.findall(text)


# -- diagnostics helpers -----------------------------------------------------


class _Bad(Exception):
    """A field that does not match its format; ``expected`` says what would."""

    def __init__(self, expected: str, severity: Severity = Severity.ERROR) -> None:
        self.expected = expected
        self.severity = severity


_POINTS = re.compile(r"\d+(?:\.\d+)?|\.\d+")
_SPOINTS = re.compile(r"-?(?:\d+(?:\.\d+)?|\.\d+)")
_LABELS = {
    "start_rank": "starting rank",
    "fide_id": "FIDE id",
    "birth_date": "birth date",
    "opponent": "opponent",
}


def _int(raw: str) -> int | None:
    s = raw.strip()
    if not s:
        return None
    value = whole_number(s)
    if value is not None:
        return value
    if s.isdigit() and s.isascii():
        raise _Bad(f"a whole number of at most {MAX_DIGITS} digits")
    raise _Bad("a whole number (digits only)")


_DECIMALS: dict[str, Decimal] = {}


def _points(raw: str) -> Decimal | None:
    s = raw.strip()
    if not s:
        return None
    value = _DECIMALS.get(s)
    if value is not None:
        return value
    if _POINTS.fullmatch(s) and s.isascii():
        value = _DECIMALS[s] = Decimal(s)
        return value
    raise _Bad("a score like 11.5")


def _spoints(raw: str) -> Decimal | None:
    s = raw.strip()
    if not s:
        return None
    if _SPOINTS.fullmatch(s) and s.isascii():
        try:
            return Decimal(s)
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            pass
    raise _Bad("a score like -1.5 or 2.0")


def _text(raw: str) -> str:
    return raw.strip()


def _char(raw: str) -> str:
    return raw.strip()


def _date(raw: str) -> DateText:
    value = parse_date(raw)
    if not date_is_valid(value):
        raise _Bad("a date YYYY/MM/DD")
    return value


_CONVERT: dict[str, Callable[[str], Any]] = {
    "int": _int,
    "points": _points,
    "spoints": _spoints,
    "text": _text,
    "rtext": _text,
    "char": _char,
    "date": _date,
}


class _Context:
    """Per-file state: the diagnostics list and a cache of parsed round cells."""

    __slots__ = ("diagnostics",)

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def bad_field(self, f: Field, raw: str, lineno: int, exc: _Bad, what: str = "") -> None:
        label = what or _LABELS.get(f.name, f.name.replace("_", " "))
        code = "P004" if f.kind == "date" else "P002"
        self.diagnostics.append(
            _diag(
                code,
                lineno,
                f.first,
                # A blank field is said to be blank: "'' is not ..." reads as a typo.
                f"{label} in column{'s' if f.first != f.last else ''} {f.columns} is blank, "
                f"not {exc.expected}"
                if not raw.strip()
                else f"{label} {raw.strip()!r} in column{'s' if f.first != f.last else ''} "
                f"{f.columns} is not {exc.expected}",
                found=raw.strip(),
                expected=exc.expected,
                severity=None if code == "P004" else exc.severity,
            )
        )


def _read_fields(
    lay: Layout, fields: Iterable[Field], text: str, lineno: int, ctx: _Context
) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for f in fields:
        raw = text[f.first - 1 : f.last]
        try:
            values[f.name] = _CONVERT[f.kind](raw)
        except _Bad as exc:
            ctx.bad_field(f, raw, lineno, exc)
            values[f.name] = parse_date(raw) if f.kind == "date" else None
    return values


def _check_separators(lay: Layout, text: str, lineno: int, ctx: _Context) -> None:
    """P003 when a column between fields holds text (fields shifted)."""
    for col in lay.separators():
        if col <= len(text) and text[col - 1] not in " \t":
            ctx.diagnostics.append(
                _diag(
                    "P003",
                    lineno,
                    col,
                    f"column {col} should be blank but holds {text[col - 1]!r}: the fields of "
                    f"this {lay.codes[0]} line are shifted against the column table",
                    found=text[col - 1],
                    expected="a blank separator column",
                )
            )
            return


def _repeat_values(lay: Layout, text: str, lineno: int, ctx: _Context) -> list[Any]:
    """Values of a repeated group; one value per occurrence (a tuple if several fields)."""
    rep = lay.repeat
    assert rep is not None
    out: list[Any] = []
    index = 0
    first = rep.first
    while first + index * rep.stride <= len(text):
        fields = rep.occurrence(index)
        vals = _read_fields(lay, fields, text, lineno, ctx)
        out.append(
            vals[fields[0].name] if len(fields) == 1 else tuple(vals[f.name] for f in fields)
        )
        index += 1
    # Trailing blank occurrences of single-field groups carry nothing.
    while out and len(rep.fields) == 1 and out[-1] is None:
        out.pop()
    return out


# -- the player record -------------------------------------------------------

_SEX = {
    "m": Sex.MALE,
    "M": Sex.MALE,
    "w": Sex.FEMALE,
    "W": Sex.FEMALE,
    "f": Sex.FEMALE,
    "F": Sex.FEMALE,
}
_TITLES: dict[str, Title] = {t.value: t for t in Title}
_TITLES.update(
    {
        "G": Title.GM,
        "M": Title.IM,
        "F": Title.FM,
        "C": Title.CM,
        "WG": Title.WGM,
        "WM": Title.WIM,
        "WI": Title.WIM,
        "WF": Title.WFM,
        "WC": Title.WCM,
    }
)
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
_RESULTS: dict[str, Result] = {r.value: r for r in Result}
_RESULTS.update({r.value.lower(): r for r in Result if r.value.isalpha()})
# The file's characters to the values Cells holds: a blank colour is "-",
# result letters are upper case.
_COLOUR_CODES = str.maketrans({k: v.value for k, v in _COLOURS.items() if k != v.value})
_RESULT_CODES = str.maketrans({k: v.value for k, v in _RESULTS.items() if k != v.value})


class _Opponents(dict[str, int | None]):
    """Every well-formed 4-column opponent field: right-aligned, zero-padded or
    left-aligned numbers, ``0000`` and blanks, to the rank it names (None for
    none); any other field is a KeyError.

    Filled ahead for the ranks a file can hold (:meth:`cover`: three strings
    per rank up to its number of lines), so that the round grid's opponents
    are read by ``dict.__getitem__`` in C; any other field is worked out once
    by ``__missing__``. Filling all 10,000 ranks ahead cost a small file's
    ``trfkit check`` 5 to 9 ms, a twentieth of the process.
    """

    def __init__(self) -> None:
        super().__init__({"    ": None})
        self.covered = -1

    def cover(self, top: int) -> None:
        """Fill ahead every form of the ranks up to ``top`` (at most 9999)."""
        first, self.covered = self.covered + 1, max(self.covered, min(top, 9999))
        for n in range(first, self.covered + 1):
            value = n or None
            digits = str(n)
            self[digits.rjust(4)] = self[digits.rjust(4, "0")] = self[digits.ljust(4)] = value

    def __missing__(self, field: str) -> int | None:
        digits = field.strip(" ")
        if not (len(field) == 4 and digits.isdigit() and digits.isascii()):
            raise KeyError(field)
        n = int(digits)
        canonical = str(n)
        if field not in (canonical.rjust(4), canonical.rjust(4, "0"), canonical.ljust(4)):
            raise KeyError(field)  # " 012", "1 2": not a form a writer uses
        value = self[field] = n or None
        return value


_OPPONENTS = _Opponents()


_NOT_AN_OPPONENT = -1


def _parse_cell(cell: str) -> tuple[int | None, Colour, Result] | None:
    """A 10-column round block (2 separators + opponent, colour, result), or None if bad."""
    if cell[:2] != "  " or cell[6] != " " or cell[8] != " ":
        return None
    try:
        opponent = _OPPONENTS[cell[2:6]]
    except KeyError:
        opponent = _NOT_AN_OPPONENT
    colour = _COLOURS.get(cell[7])
    result = _RESULTS.get(cell[9])
    if opponent == _NOT_AN_OPPONENT or colour is None or result is None:
        return None
    return (opponent, colour, result)


_PLAYER = layout("player")
_PLAYER_SEPARATORS = operator.itemgetter(*(c - 1 for c in _PLAYER.separators()))
_PLAYER_BLANKS = tuple(" " for _ in _PLAYER.separators())
_PLAYER_FIELDS = {f.name: f for f in _PLAYER.fields}
_GAMES = _PLAYER.repeat
assert _GAMES is not None
_GAME_FIELDS = {f.name: f for f in _GAMES.fields}
# The cell parser above hard-codes the offsets inside a block; these asserts
# tie them to the column table, so that the table stays the only source.
assert _GAMES.stride == 10 and _GAMES.start == 90
assert (_GAME_FIELDS["opponent"].first, _GAME_FIELDS["opponent"].last) == (92, 95)
assert _GAME_FIELDS["colour"].first == 97 and _GAME_FIELDS["result"].first == 99


_FIELD_SLICES = operator.itemgetter(*(f.slice for f in _PLAYER.fields))
assert [f.name for f in _PLAYER.fields] == [
    "start_rank", "sex", "title", "name", "rating", "federation", "fide_id",
    "birth_date", "points", "rank",
]  # fmt: skip


def _nat(raw: str, name: str, padded: str, lineno: int, ctx: _Context) -> int | None:
    """An unsigned integer field, the common cases inline, the rest reported."""
    s = raw.strip()
    if not s:
        return None
    if s.isdigit() and s.isascii():
        return int(s)
    ctx.bad_field(_PLAYER_FIELDS[name], raw, lineno, _Bad("a whole number (digits only)"))
    return None


def _player(text: str, lineno: int, ctx: _Context, origin: Origin | None = None) -> Player:
    """A 001 line. Written for speed (it runs for nearly every line of a file):
    slices come from the column table; each check is inline and only a field
    that fails it takes the slow path that reports it."""
    padded = text if len(text) >= 89 else text.ljust(89)
    shifted_birth = None
    if _PLAYER_SEPARATORS(padded) != _PLAYER_BLANKS:
        shifted_birth = _birth_date_shifted(padded, lineno, ctx)
        if shifted_birth is None:
            _check_separators(_PLAYER, padded, lineno, ctx)
    sr, sex_text, title_text, name, rating, fed, fide_id, birth, pts, rank = _FIELD_SLICES(padded)
    if shifted_birth is not None:
        birth = shifted_birth
    s = sr.strip()
    start_rank = (
        int(s) if s.isdigit() and s.isascii() else _nat(sr, "start_rank", padded, lineno, ctx)
    )
    if start_rank is None and not s:
        ctx.bad_field(_PLAYER_FIELDS["start_rank"], sr, lineno, _Bad("a starting rank 1-9999"))
    sex = _SEX.get(sex_text) if sex_text != " " else None
    if sex is None and sex_text != " ":
        ctx.bad_field(_PLAYER_FIELDS["sex"], sex_text, lineno, _Bad("m or w", Severity.WARNING))
    title_text = title_text.strip()
    title = _TITLES.get(title_text.upper()) if title_text else None
    if title_text and title is None:
        ctx.bad_field(
            _PLAYER_FIELDS["title"],
            title_text,
            lineno,
            _Bad("a FIDE title (GM IM WGM FM WIM CM WFM WCM)", Severity.WARNING),
        )
    birth_date = parse_date(birth)
    if birth_date.year is None and birth_date.text and not date_is_valid(birth_date):
        ctx.bad_field(_PLAYER_FIELDS["birth_date"], birth, lineno, _Bad("a date YYYY/MM/DD"))
    try:
        points = _points(pts)
    except _Bad as exc:
        ctx.bad_field(_PLAYER_FIELDS["points"], pts, lineno, exc)
        points = None

    games, cells = _round_cells(text, lineno, ctx)
    # The common cases of the integer fields inline; _nat reports the rest.
    s = rating.strip()
    rating_value = (
        int(s) if s.isdigit() and s.isascii() else _nat(rating, "rating", padded, lineno, ctx)
    )
    s = fide_id.strip()
    fide_value = (
        int(s) if s.isdigit() and s.isascii() else _nat(fide_id, "fide_id", padded, lineno, ctx)
    )
    s = rank.strip()
    rank_value = int(s) if s.isdigit() and s.isascii() else _nat(rank, "rank", padded, lineno, ctx)
    return Player(
        start_rank if start_rank is not None else 0,
        name.strip(),
        sex,
        title,
        rating_value,
        fed.strip(),
        fide_value,
        birth_date,
        points,
        rank_value,
        games,
        origin,
        cells=cells,
    )


def _round_cells(text: str, lineno: int, ctx: _Context) -> tuple[list[Game] | None, Cells | None]:
    """A 001 line's rounds (from column 92, TRF16 §2.2): its games where a
    cell needs one built, else its cells as read; a line that ends inside
    a number is cut there, with the reader's finding."""
    length = len(text)
    if length in _INSIDE_A_NUMBER or (
        length > _OPPONENT_AT and (length - _OPPONENT_AT - 1) % _STRIDE < _OPPONENT_WIDTH - 1
    ):
        _cut_number(text, length, lineno, ctx)
    read = _games(text, length, lineno, ctx) if length > _OPPONENT_AT else _NO_CELLS
    return (read, None) if isinstance(read, list) else (None, read)


_NO_CELLS = Cells((), "", "")

_BIRTH = _PLAYER_FIELDS["birth_date"]


def _birth_date_shifted(padded: str, lineno: int, ctx: _Context) -> str | None:
    """A whole ``YYYY/MM/DD`` birth date written one column right of its
    columns (71-80 for 70-79), where the separator after it is the only one
    that holds text: its text, with P003 saying where it was read; else
    ``None``. Read from its columns, ``1963/04/13`` would be ``1963/04/1``,
    a wrong date."""
    first, last = _BIRTH.first, _BIRTH.last
    if padded[first - 1] != " " or padded[last] in " \t" or padded[last + 1] not in " \t":
        return None
    text = padded[first : last + 1]
    value = parse_date(text)
    if value.date is None or len(value.text) != _BIRTH.width:
        return None
    unshifted = padded[:last] + " " + padded[last + 1 :]
    if _PLAYER_SEPARATORS(unshifted) != _PLAYER_BLANKS:
        return None  # other fields are shifted too: P003 for the first of them
    ctx.diagnostics.append(
        _diag(
            "P003",
            lineno,
            last + 1,
            f"column {last + 1} should be blank but holds {padded[last]!r}: the birth date "
            f"{text!r} sits in columns {first + 1}-{last + 1}, one column right of "
            f"{_BIRTH.columns}; read from there",
            found=padded[last],
            expected="a blank separator column",
        )
    )
    return text


# The lengths of a 001 line that end inside one of its right-aligned numbers
# (int and points fields: TRF16 §2.2), before the field's last column.
_INSIDE_A_NUMBER = {
    length: f
    for f in _PLAYER.fields
    if f.kind in ("int", "points")
    for length in range(f.first, f.last)
}


def _cut_number(text: str, length: int, lineno: int, ctx: _Context) -> None:
    """P003 for a 001 line that ends inside a right-aligned number (see
    :func:`_cut_field`)."""
    f = _INSIDE_A_NUMBER.get(length)
    label = _LABELS.get(f.name, f.name) if f is not None else ""
    if f is None:
        rounds = (length - _OPPONENT_AT - 1) // _STRIDE
        f = _GAME_FIELDS["opponent"].shifted(_STRIDE * rounds)
        label = f"round {rounds + 1} opponent"
    _cut_field(f, label, text, length, lineno, ctx)


def _cut_team_line(lay: Layout, text: str, lineno: int, ctx: _Context) -> None:
    """P003 for a 013 or 310 line that ends inside a right-aligned number: a
    team member (TRF16 §2.4, TRF26 310) or 310's number, strength, points or
    rank."""
    length = len(text)
    labelled = [(f, f.name.replace("_", " ")) for f in lay.fields]
    rep = lay.repeat
    if rep is not None and length >= rep.first:
        index = (length - rep.first) // rep.stride
        labelled += [(f, f"{f.name} {index + 1}") for f in rep.occurrence(index)]
    for f, label in labelled:
        if f.first <= length < f.last and f.kind in ("int", "points"):
            _cut_field(f, label, text, length, lineno, ctx)
            return


def _cut_field(f: Field, label: str, text: str, length: int, lineno: int, ctx: _Context) -> None:
    """P003 for a line that ends inside right-aligned number field ``f``:
    after a blank (or, for a whole number, a leading zero) and a digit,
    before the field's last column. A whole number ends at its last column,
    so the line was cut and what is left of the number (``1`` of ``12``) is
    no value the file gave."""
    part = text[f.first - 1 : length]
    if part[0] not in (" 0" if f.kind == "int" else " ") or part[-1] == " ":
        return  # left-aligned, or blank: nothing was cut
    ctx.diagnostics.append(
        _diag(
            "P003",
            lineno,
            f.first,
            f"{label} {part.strip()!r} in columns {f.columns} ends at column {length}, where "
            f"the line ends: a right-aligned number ends at column {f.last}, so the line "
            "looks cut",
            found=part.strip(),
            expected=f"a number ending at column {f.last}",
        )
    )


# The round grid, from the column table: block r starts at column
# 90+10(r-1) (two separators), opponent 92-95, colour 97, result 99.
_STRIDE = _GAMES.stride
_BLOCK_AT = _GAMES.start - 1  # 0-based index of round 1's block
_OPPONENT_AT = _GAME_FIELDS["opponent"].first - 1
_OPPONENT_WIDTH = _GAME_FIELDS["opponent"].width
_COLOUR_AT = _GAME_FIELDS["colour"].first - 1
_RESULT_AT = _GAME_FIELDS["result"].first - 1
_GRID_SEPARATORS = tuple(
    _BLOCK_AT + i
    for i in range(_STRIDE)
    if not any(f.first - 1 <= _BLOCK_AT + i <= f.last - 1 for f in _GAMES.fields)
)
_OPPONENT_SLICES = [
    slice(_OPPONENT_AT + _STRIDE * r, _GAME_FIELDS["opponent"].last + _STRIDE * r)
    for r in range(1000)
]


@lru_cache(maxsize=128)
def _opponent_fields(n: int) -> Callable[[str], tuple[str, ...]]:
    """The opponent fields of rounds 1..n of a line, as a tuple, in one C call
    (an ``itemgetter`` of n slices: half the cost of slicing cell by cell)."""
    if n == 1:
        first = _OPPONENT_SLICES[0]
        return lambda text: (text[first],)
    return operator.itemgetter(*_OPPONENT_SLICES[:n]) if n else lambda text: ()


def _grid_pattern() -> re.Pattern[str]:
    """A regular expression for well-formed round blocks, built from the column
    table: blanks in the separator columns, a 4-column opponent field, and the
    colour and result codes the reader knows."""
    columns = []
    for i in range(_STRIDE):
        col = _BLOCK_AT + i
        if col in _GRID_SEPARATORS:
            columns.append(" ")
        elif col == _OPPONENT_AT:
            columns.append("[ 0-9]{4}")
        elif col == _COLOUR_AT:
            columns.append("[" + re.escape("".join(_COLOURS)) + "]")
        elif col == _RESULT_AT:
            columns.append("[" + re.escape("".join(_RESULTS)) + "]")
        elif not _OPPONENT_AT < col < _OPPONENT_AT + 4:
            raise AssertionError(f"column {col + 1} of the round block is not understood")
    return re.compile("(?:" + "".join(columns) + ")*")


_GRID = _grid_pattern()


def _games(text: str, length: int, lineno: int, ctx: _Context) -> Cells | list[Game]:
    """Every round cell of a 001 line, as :class:`Cells` (no :class:`Game`
    records: the checks and the rating engine read the columns).

    One regular expression checks the whole round grid; then each column of
    the grid is read with one stride slice (``text[96::10]`` is every colour
    letter of the line), the opponents converted with C-level ``map`` calls.
    A line that fails the check is read again cell by cell, to report what is
    wrong, and keeps its cells as records.
    """
    n = (length - _OPPONENT_AT + _STRIDE - 1) // _STRIDE
    end = _BLOCK_AT + _STRIDE * n
    grid = text if length == end else text.ljust(end)
    if n > len(_OPPONENT_SLICES) or _GRID.fullmatch(grid, _BLOCK_AT) is None:
        return _games_slowly(grid, n, lineno, ctx)
    # A wholly blank block at the end of a line (padding) carries nothing.
    while n and grid[_BLOCK_AT + _STRIDE * (n - 1) : _BLOCK_AT + _STRIDE * n].isspace():
        n -= 1
    end = _BLOCK_AT + _STRIDE * n
    try:
        opponents = tuple(map(_OPPONENTS.__getitem__, _opponent_fields(n)(grid)))
    except KeyError:  # a number with a blank inside, like " 1 2"
        return _games_slowly(grid, n, lineno, ctx)
    return _new_cells(
        (
            opponents,
            grid[_COLOUR_AT:end:_STRIDE].translate(_COLOUR_CODES),
            grid[_RESULT_AT:end:_STRIDE].translate(_RESULT_CODES),
        )
    )


# Cells by tuple.__new__: a NamedTuple's own __new__ is a Python call, and a
# file has a Cells per player line.
_new_cells: Callable[[tuple[Any, ...]], Cells] = partial(tuple.__new__, Cells)


def _games_slowly(grid: str, n: int, lineno: int, ctx: _Context) -> list[Game]:
    games = []
    for r in range(n):
        pos = _BLOCK_AT + _STRIDE * r
        cell = grid[pos : pos + _STRIDE]
        parsed = _parse_cell(cell)
        games.append(Game(*parsed) if parsed is not None else _bad_cell(cell, pos, lineno, ctx))
    while (
        games
        and grid[_BLOCK_AT + _STRIDE * (len(games) - 1) : _BLOCK_AT + _STRIDE * len(games)].strip()
        == ""
    ):
        games.pop()
    return games


def _bad_cell(cell: str, pos: int, lineno: int, ctx: _Context) -> Game:
    """The slow path for a round block that failed the fast check: say exactly why."""
    round_no = (pos - 89) // 10 + 1
    col0 = pos + 1  # 1-based column of the block's first separator
    for offset in (0, 1, 6, 8):
        if cell[offset] not in " \t":
            ctx.diagnostics.append(
                _diag(
                    "P003",
                    lineno,
                    col0 + offset,
                    f"round {round_no}: column {col0 + offset} should be blank but holds "
                    f"{cell[offset]!r}: the round blocks are shifted against the 10-column grid",
                    found=cell[offset],
                    expected="a blank separator column",
                )
            )
            break
    opp_field, colour_field, result_field = (
        _GAME_FIELDS["opponent"].shifted(pos - 89),
        _GAME_FIELDS["colour"].shifted(pos - 89),
        _GAME_FIELDS["result"].shifted(pos - 89),
    )
    opponent: int | None
    try:
        opponent = _int(cell[2:6]) or None
    except _Bad as exc:
        ctx.bad_field(opp_field, cell[2:6], lineno, exc, f"round {round_no} opponent")
        opponent = None
    colour = _COLOURS.get(cell[7])
    if colour is None:
        ctx.bad_field(
            colour_field, cell[7], lineno, _Bad("a colour w, b or -"), f"round {round_no} colour"
        )
        colour = Colour.NONE
    result = _RESULTS.get(cell[9])
    if result is None:
        ctx.bad_field(
            result_field,
            cell[9],
            lineno,
            _Bad("a result code (1 = 0 + - W D L H F U Z or blank)"),
            f"round {round_no} result",
        )
    return Game(opponent, colour, result)


# -- other fixed-width records -----------------------------------------------


def _fixed(lay: Layout, text: str, lineno: int, ctx: _Context) -> dict[str, Any]:
    padded = text.ljust(lay.fixed_width)
    _check_separators(lay, padded, lineno, ctx)
    values = _read_fields(lay, lay.fields, padded, lineno, ctx)
    if lay.repeat is not None:
        values[lay.repeat.name] = _repeat_values(lay, text, lineno, ctx)
    return values


def _team_013(text: str, lineno: int, ctx: _Context) -> Team:
    lay = layout("team_013")
    v = _fixed(lay, text, lineno, ctx)
    _cut_team_line(lay, text, lineno, ctx)
    return Team("013", v["name"], v["members"])


def _team_310(text: str, lineno: int, ctx: _Context) -> Team:
    lay = layout("team_310")
    v = _fixed(lay, text, lineno, ctx)
    _cut_team_line(lay, text, lineno, ctx)
    return Team(
        "310",
        v["name"],
        v["members"],
        v["number"],
        v["nickname"],
        v["strength"],
        v["match_points"],
        v["game_points"],
        v["rank"],
    )


def _national(text: str, lineno: int, ctx: _Context) -> NationalRating | UnknownLine:
    lay = layout("national_rating")
    rank_field = lay.fields[0]
    if _is_not_int(text[rank_field.first - 1 : rank_field.last]):
        # Not an NRS record but a legend line like "DDD SSSS sTTT NNNN..."
        return _unknown(text, lineno, ctx, "a column legend or a record code")
    v = _fixed(lay, text, lineno, ctx)
    return NationalRating(
        text[:3],
        v["start_rank"] or 0,
        v["sex"],
        v["classification"],
        v["name"],
        v["rating"],
        v["region"],
        v["national_id"],
        v["birth_date"],
    )


def _is_not_int(raw: str) -> bool:
    s = raw.strip()
    return not (s.isdigit() and s.isascii())


def _trf26(text: str, lineno: int, ctx: _Context) -> OtherRecord | Team:
    code = text[:3]
    if code == "310":
        return _team_310(text, lineno, ctx)
    if code in ("801", "802"):
        return TextRecord(code, text[4:])
    if code == "299":
        return _abnormal_points(text, lineno, ctx)
    v = _fixed(layouts_by_code()[code], text, lineno, ctx)
    if code == "240":
        return Bye(v["bye_type"], v["round"], v["ids"])
    if code == "250":
        return Acceleration(**v)
    if code == "260":
        return ProhibitedPairing(**v)
    if code == "300":
        return LineUp(**v)
    if code == "320":
        return TeamBye(**v)
    return ForfeitedMatch(**v)


def _abnormal_points(text: str, lineno: int, ctx: _Context) -> AbnormalPoints:
    """299: the TRF26 table's columns, or the draft layout TEC's sample uses.

    The two layouts put the same fields in different columns (see
    columns.toml). The table's columns are tried first; a line they do not
    fit (a digit on a separator, a field that is no number) is read as type
    (column 5) then blank-separated tokens: match points, points, round, ids,
    which is how the draft sample is written. Tokens alone cannot read the
    table's layout, whose match points are blank in individual events.
    """
    lay = layout("abnormal_points_299")
    trial = _Context()
    v = _fixed(lay, text, lineno, trial)
    if not trial.diagnostics:
        return AbnormalPoints(
            v["points_type"], v["match_points"], v["points"], v["round"], v["ids"]
        )
    tokens = text[5:].split()
    try:
        match_points = _spoints(tokens[0]) if len(tokens) > 0 else None
        points = _spoints(tokens[1]) if len(tokens) > 1 else None
        round_no = _int(tokens[2]) if len(tokens) > 2 else None
        ids = [_int(t) for t in tokens[3:]]
    except _Bad:
        # Neither layout fits: report against the table's columns.
        ctx.diagnostics.extend(trial.diagnostics)
        return AbnormalPoints(
            v["points_type"], v["match_points"], v["points"], v["round"], v["ids"]
        )
    return AbnormalPoints(text[4:5].strip(), match_points, points, round_no, ids)


def _javafo(text: str, lineno: int, ctx: _Context) -> OtherRecord:
    code = text[:3]
    if code == "XXA":
        v = _fixed(layout("accelerations_xxa"), text, lineno, ctx)
        return Accelerations(v["id"], v["values"])
    return EngineRecord(code, _value(text, lineno, ctx))


def _bbp(text: str, lineno: int, ctx: _Context) -> BbpPoints:
    v = _fixed(layout("bbp_points"), text, lineno, ctx)
    return BbpPoints(text[:3], v["value"])


_KNOWN_CODES = re.compile(r"(?:\d\d[123]|[0-9]{3}|###|XX[RCZSAP]|BB[WDLZFU]|DAT)")


def _unknown(text: str, lineno: int, ctx: _Context, what: str = "") -> UnknownLine:
    stripped = text.lstrip()
    if stripped != text and stripped[:3] and _KNOWN_CODES.fullmatch(stripped[:3]):
        ctx.diagnostics.append(
            _diag(
                "P003",
                lineno,
                1,
                f"record code {stripped[:3]!r} does not start in column 1 "
                f"(found {len(text) - len(stripped)} leading blanks); the line is kept but not read",
                found=text[:8],
                expected="the record code in columns 1-3",
            )
        )
    else:
        shown = text[:20] + ("..." if len(text) > 20 else "")
        ctx.diagnostics.append(
            _diag(
                "P001",
                lineno,
                1,
                f"unknown record code {text[:3]!r} (line {shown!r}); kept as it is",
                found=text[:3],
                expected=what or "a TRF record code (001, 012-362, 013, 240-802, XX?, BB?, ###)",
            )
        )
    return UnknownLine(text)


# -- header records ----------------------------------------------------------

_ROUND_DATES = layout("round_dates_132")
_SCORING = layout("scoring_162")
_TEAM_SCORING = layout("team_scoring_362")


def _misaligned(lineno: int, col: int, what: str, found: str, expected: str) -> Diagnostic:
    return _diag(
        "P003",
        lineno,
        col,
        f"{what} not on the columns of the table; read as blank-separated values",
        found=found,
        expected=expected,
    )


def _first_text_column(text: str, start: int = 5) -> int:
    rest = text[start - 1 :]
    return start + len(rest) - len(rest.lstrip())


def _round_dates(text: str, lineno: int, ctx: _Context) -> RoundDates:
    """132: round r's date in columns 92+10(r-1) .. 99+10(r-1) (TRF16 §2.1).

    Files that write the dates elsewhere (one column off, one date per 132
    line at column 5) are read as blank-separated dates with P003. Dates
    written day before month throughout are one P004, not one per round:
    one cause, one finding.
    """
    swapped: list[Diagnostic] = []  # the P004 of each date read day before month
    dates = _round_dates_read(text, lineno, ctx, swapped)
    if len(swapped) < 2:
        ctx.diagnostics.extend(swapped)
    else:
        read = [x.date for x in dates.dates if x.date is not None]
        texts = [d.found or "" for d in swapped]
        ctx.diagnostics.append(
            _diag(
                "P004",
                lineno,
                swapped[0].column,
                f"{len(swapped)} round dates give the day before the month "
                f"({', '.join(map(repr, texts[:3]))}{', ...' if len(texts) > 3 else ''}), "
                f"not YY/MM/DD; read so, {min(read).isoformat()} to {max(read).isoformat()}",
                found=", ".join(texts),
                expected="YY/MM/DD",
            )
        )
    return dates


def _round_dates_read(
    text: str, lineno: int, ctx: _Context, swapped: list[Diagnostic]
) -> RoundDates:
    rep = _ROUND_DATES.repeat
    assert rep is not None
    aligned: list[str] = []
    index = 0
    while rep.first + index * rep.stride <= len(text):
        (f,) = rep.occurrence(index)
        aligned.append(text[f.first - 1 : f.last])
        index += 1
    while aligned and not aligned[-1].strip():
        aligned.pop()
    before = text[4 : rep.start - 1]
    dates = [parse_date(raw) for raw in aligned]
    if not before.strip() and all(date_is_valid(d) or _swapped(d) for d in dates):
        return RoundDates(
            [
                _round_date(d, lineno, rep.occurrence(i)[0].first, ctx, swapped=swapped)
                for i, d in enumerate(dates)
            ]
        )
    tokens = text[4:].split()
    token_dates = [parse_date(t) for t in tokens]
    if tokens and all(d.year is not None or _swapped(d) is not None for d in token_dates):
        ctx.diagnostics.append(
            _misaligned(
                lineno,
                _first_text_column(text),
                "round dates",
                " ".join(tokens),
                f"round r's date in columns {rep.first}+10(r-1), aligned with the 001 round blocks",
            )
        )
        return RoundDates([_round_date(d, lineno, 0, ctx, swapped=swapped) for d in token_dates])
    out: list[DateText] = []
    for i, (raw, d) in enumerate(zip(aligned, dates, strict=True)):
        (f,) = rep.occurrence(i)
        out.append(_round_date(d, lineno, f.first, ctx, raw, swapped=swapped))
    return RoundDates(out)


def _swapped(d: DateText) -> DateText | None:
    """YY.DD.MM read the other way round, when only that reading is a date."""
    if d.year is not None or not d.text:
        return None
    m = re.fullmatch(r"(\d{2})\s*[/.\-]\s*(\d{2})\s*[/.\-]\s*(\d{2})", d.text)
    if not m:
        return None
    swapped = parse_date(f"{m[1]}/{m[3]}/{m[2]}")
    return DateText(d.text, swapped.date, swapped.year) if swapped.date else None


def _round_date(
    d: DateText,
    lineno: int,
    col: int,
    ctx: _Context,
    raw: str = "",
    *,
    swapped: list[Diagnostic],
) -> DateText:
    """A round date as read; a date that only reads day before month is
    read so, its P004 going to ``swapped`` (the line's caller may make
    several of them one finding)."""
    if date_is_valid(d):
        return d
    other = _swapped(d)
    if other is not None and other.date is not None:
        swapped.append(
            _diag(
                "P004",
                lineno,
                col or 5,
                f"round date {d.text!r} is not YY/MM/DD; read as "
                f"{other.date.isoformat()} (YY/DD/MM)",
                found=d.text,
                expected="YY/MM/DD",
            )
        )
        return other
    ctx.diagnostics.append(
        _diag(
            "P004",
            lineno,
            col or 5,
            f"round date {(raw or d.text).strip()!r} is not a date YY/MM/DD",
            found=d.text,
            expected="YY/MM/DD",
        )
    )
    return d


_SCORE_TOKEN = re.compile(r"([A-Z]{1,2})\s*(-?\d+(?:\.\d+)?)")


def _scoring(code: str, text: str, lineno: int, ctx: _Context) -> Scoring:
    """162/362: symbol and points every 9 columns (TRF26 §3.4).

    Lines that put the pairs elsewhere (bbp's fork writes 362 one column to
    the right) are read as blank-separated pairs with P003.
    """
    lay = _SCORING if code == "162" else _TEAM_SCORING
    probe = _Context()
    values = _repeat_values(lay, text, lineno, probe)
    fixed = [(sym, val) for sym, val in values if sym or val is not None]
    pairs = _SCORE_TOKEN.findall(text[4:])
    tokens = bool(pairs) and "".join(a + b for a, b in pairs) == "".join(text[4:].split())
    # A symbol one column early (the TRF26 prose says 5, its table 6) lies
    # outside every field: the columns read clean but without the symbols.
    if not probe.diagnostics and not (tokens and [s for s, _ in fixed] != [a for a, _ in pairs]):
        return Scoring(code, fixed)
    if tokens:
        ctx.diagnostics.append(
            _misaligned(
                lineno,
                _first_text_column(text),
                f"the scores of {code}",
                text[4:].strip(),
                "symbol and points every 9 columns from column " + ("6" if code == "162" else "5"),
            )
        )
        return Scoring(code, [(sym, Decimal(val)) for sym, val in pairs])
    ctx.diagnostics.extend(probe.diagnostics)
    return Scoring(code, [(sym, val) for sym, val in values if sym or val is not None])


def _value(text: str, lineno: int, ctx: _Context) -> str:
    """The value of a header or engine record: from column 5 (TRF16 §2.1:
    the code in 1-3, column 4 blank), or from column 4 where a writer left
    out the blank (``012Spring Open``, ``XXR5``), with P003."""
    if len(text) < 4 or text[3] in " \t":
        return text[4:]
    ctx.diagnostics.append(
        _diag(
            "P003",
            lineno,
            4,
            f"column 4 should be blank but holds {text[3]!r}: the value of {text[:3]} starts "
            "in column 4, not 5; read from there",
            found=text[3],
            expected="a blank separator column",
        )
    )
    return text[3:]


def _header_record(
    code: str, text: str, lineno: int, ctx: _Context, dialect: Dialect
) -> HeaderRecord:
    if dialect is not Dialect.VEGA:
        if code == "132":
            return _round_dates(text, lineno, ctx)
        if code in ("162", "362"):
            return _scoring(code, text, lineno, ctx)
    value = _value(text, lineno, ctx)
    # In Vega's files 142-192 mean other things: their values are not checked.
    if dialect is not Dialect.VEGA or code not in _VEGA_CODES:
        # The value's first column: 5, or 4 where _value read it from there.
        _check_header_value(code, value, lineno, ctx, len(text) - len(value) + 1)
    return Header(code, value)


_VEGA_CODES = vega_header_codes()


def _check_header_value(code: str, value: str, lineno: int, ctx: _Context, first: int = 5) -> None:
    """P002/P004 for a header value not of its kind; ``first`` is the
    value's first column."""
    spec = header_specs().get(code)
    if spec is None:
        return
    stripped = value.strip()
    if not stripped:
        return
    col = first + len(value) - len(value.lstrip())
    if spec.kind == "date" and not date_is_valid(parse_date(stripped)):
        ctx.diagnostics.append(
            _diag(
                "P004",
                lineno,
                col,
                f"{spec.name.replace('_', ' ')} {stripped!r} is not a date",
                found=stripped,
                expected="a date YYYY/MM/DD",
            )
        )
    elif spec.kind == "int" and not (stripped.isdigit() and stripped.isascii()):
        ctx.diagnostics.append(
            _diag(
                "P002",
                lineno,
                col,
                f"{spec.name.replace('_', ' ')} {stripped!r} is not a whole number",
                found=stripped,
                expected="a whole number",
                severity=Severity.WARNING,
            )
        )
    elif spec.kind == "char" and stripped not in ("W", "B", "w", "b"):
        ctx.diagnostics.append(
            _diag(
                "P002",
                lineno,
                col,
                f"initial colour {stripped!r} is not W or B",
                found=stripped,
                expected="W or B",
            )
        )


# -- the whole file ----------------------------------------------------------


_new_origin = tuple.__new__


def _split_lines(token: str) -> list[str]:
    """The lines of a token (LF endings), without their endings."""
    lines = token.split("\n")
    if not lines[-1]:
        lines.pop()
    return lines


def parse_record(text: str, dialect: Dialect = Dialect.TRF16) -> tuple[Record, list[Diagnostic]]:
    """Read one line (without its line ending) as a record, with its diagnostics."""
    ctx = _Context()
    tokens = _tokens(_normalise(text)[0]) if text else []
    kind = tokens[0].type if tokens else "BLANK"
    record = _build(kind, text, 1, ctx, dialect)
    return record, ctx.diagnostics


def _build(kind: str, text: str, lineno: int, ctx: _Context, dialect: Dialect) -> Record:
    if kind == "PLAYERS":
        return _player(text, lineno, ctx)
    if kind == "HEADER":
        return _header_record(text[:3], text, lineno, ctx, dialect)
    if kind == "TEAM_013":
        return _team_013(text, lineno, ctx)
    if kind == "TRF26_RECORD":
        return _trf26(text, lineno, ctx)
    if kind == "NATIONAL_RATING":
        return _national(text, lineno, ctx)
    if kind == "JAVAFO":
        return _javafo(text, lineno, ctx)
    if kind == "BBP":
        return _bbp(text, lineno, ctx)
    if kind == "TORNELO":
        return TextRecord("DAT", text[4:])
    if kind == "COMMENT":
        return Comment(text[3:])
    if kind == "BLANK":
        return Blank(text)
    return _unknown(text, lineno, ctx)


def loads(
    data: str | bytes,
    *,
    encoding: str | None = None,
    strict: bool = False,
    path: str | None = None,
    max_size: int | None = MAX_FILE_SIZE,
    max_line_length: int | None = MAX_LINE_LENGTH,
) -> Tournament:
    """Read a TRF file from bytes or text.

    Reading is lenient: problems are collected in ``tournament.diagnostics``.
    With ``strict=True`` a file with errors raises :class:`TrfSyntaxError`
    carrying every diagnostic.

    Input that is no TRF file at all (empty, an office document, a PDF, an
    image, binary data: :func:`trfkit.decode.sniff`) is read all the same,
    so that it writes back byte for byte, but its one diagnostic is a P012
    error saying why; ``trfkit`` commands refuse it. Input over
    ``max_size`` bytes (characters, for text) is not read: the
    tournament is empty but for one P010 error. A line over
    ``max_line_length`` characters is kept verbatim, not read (P011). Either
    limit is off when ``None``. Time and memory grow linearly with the input.
    """
    if max_size is not None and len(data) > max_size:
        return _refused(
            len(data), max_size, "bytes" if isinstance(data, bytes) else "characters", path, strict
        )
    ctx = _Context()
    not_trf = sniff(data, encoding)
    if isinstance(data, bytes):
        decoded = decode(data, encoding)
        source = SourceInfo(decoded.encoding, decoded.bom, "\n", path)
        if decoded.fallback_reason:
            ctx.diagnostics.append(
                _diag(
                    "P005",
                    1,
                    1,
                    f"the file is not UTF-8 ({decoded.fallback_reason}); "
                    f"read as {decoded.encoding}",
                    found=decoded.fallback_reason,
                    expected="UTF-8",
                )
            )
        # Peak memory is the model plus whatever copies of the file are
        # still alive while it is built (issue 5: at most PyPI trf's peak).
        # load() hands over its bytes without keeping them, so they can go
        # as soon as they are text.
        text, data = decoded.text, b""
        del decoded
    else:
        text = data
        source = SourceInfo("utf-8", False, "\n", path)
    normal, line_ends = _normalise(text)
    del text
    ends_with_lf = normal.endswith("\n")
    _OPPONENTS.cover(normal.count("\n") + 1)  # a rank per line at most, in a sound file
    with no_cyclic_gc():  # tens of thousands of objects, no cycles
        tokens = _tokens(normal)
        del normal
        t = _build_tournament(tokens, line_ends, ends_with_lf, source, ctx, max_line_length)
    if not_trf is not None:
        # Read all the same, so that it writes back byte for byte; but what
        # the records of something that is no TRF file say is noise: this
        # is the one finding.
        t.diagnostics = [
            _diag(
                "P012",
                not_trf.line,
                not_trf.column,
                f"not a TRF file: {not_trf.reason}",
                found=not_trf.reason,
                expected="a text file of TRF records",
            )
        ]
    if strict and any(d.severity is Severity.ERROR for d in t.diagnostics):
        raise TrfSyntaxError(t.diagnostics, path or "<string>")
    return t


def _build_tournament(
    tokens: list[lark.Token],
    line_ends: list[str] | None,
    ends_with_lf: bool,
    source: SourceInfo,
    ctx: _Context,
    max_line_length: int | None = None,
) -> Tournament:
    """The records of the grammar's tokens; ``tokens`` is emptied on the way.

    Each token is dropped once its lines are read: a Lark token holds its
    text twice (the string and its ``value``), and the run of player lines
    is nearly the whole file.
    """
    t = Tournament(source=source)
    pending_headers: list[tuple[str, str, Origin]] = []
    lineno = 0
    players = t.players
    # Each line's own ending: LF everywhere unless the file has a CR, except
    # the last line, which has none when the file does not end with one.
    ends: list[str] = line_ends if line_ends is not None else []
    lf_only = line_ends is None
    longest = max_line_length if max_line_length is not None else sys.maxsize
    tokens.reverse()
    while tokens:
        token = tokens.pop()
        kind = token.type
        if kind == "PLAYERS":
            lines = _split_lines(token)
            del token
            for line in lines:
                lineno += 1
                eol = "\n" if lf_only else (ends[lineno - 1] if lineno <= len(ends) else "")
                if longest < len(line):
                    t.records.append(_too_long(line, lineno, eol, longest, ctx))
                    continue
                # tuple.__new__ builds the NamedTuple without its Python-level
                # __new__: this loop runs for nearly every line of a file.
                players.append(_player(line, lineno, ctx, _new_origin(Origin, (lineno, line, eol))))
            continue
        lineno += 1
        line = token[:-1] if token.endswith("\n") else str(token)
        eol = "\n" if lf_only else (ends[lineno - 1] if lineno <= len(ends) else "")
        if longest < len(line):
            t.records.append(_too_long(line, lineno, eol, longest, ctx))
            continue
        origin = Origin(lineno, line, eol)
        if kind == "HEADER":
            pending_headers.append((line[:3], line, origin))
            continue
        record = _build(kind, line, lineno, ctx, t.dialect)
        record.origin = origin
        if isinstance(record, Team):
            t.teams.append(record)
        elif isinstance(record, NationalRating):
            t.national_ratings.append(record)
        elif isinstance(record, Player | Header | RoundDates | Scoring):  # pragma: no cover
            raise AssertionError(f"line {lineno}: {kind} handled above")
        else:
            t.records.append(record)
    counts: dict[str, int] = {}
    if lf_only:
        counts["\n"] = lineno
    else:
        for e in ends:
            counts[e] = counts.get(e, 0) + 1
    if counts:
        source.newline = max(counts, key=lambda e: counts[e])

    from trfkit.dialect import detect_dialect

    t.dialect, dialect_diags = detect_dialect(
        [(code, line[4:], origin.line) for code, line, origin in pending_headers], t.records, t
    )
    for code, line, origin in pending_headers:
        header = _header_record(code, line, origin.line, ctx, t.dialect)
        header.origin = origin
        t.headers.append(header)
    if lf_only and lineno and not ends_with_lf:
        _drop_last_ending(t, lineno)
    ctx.diagnostics.extend(dialect_diags)
    ctx.diagnostics.extend(_check_multiplicity(t))
    ctx.diagnostics.sort(key=lambda d: (d.line, d.column))
    t.diagnostics = ctx.diagnostics
    return t


def _refused(size: int | None, limit: int, unit: str, path: str | None, strict: bool) -> Tournament:
    """An empty tournament saying why the input was not read (P010).

    ``size`` is ``None`` for a stream, which is read no further than
    ``limit + 1``: its size is then only known to be over the limit.
    """
    t = Tournament(source=SourceInfo(path=path))
    size_text = f"{size:,} {unit}" if size is not None else f"more than {limit:,} {unit}"
    t.diagnostics = [
        _diag(
            "P010",
            1,
            1,
            f"the file is {size_text}, over the limit of {limit:,}; it was not read "
            "(raise the limit with --max-file-size, or max_size=)",
            found=f"{size} {unit}" if size is not None else f"more than {limit} {unit}",
            expected=f"at most {limit} {unit}",
        )
    ]
    if strict:
        raise TrfSyntaxError(t.diagnostics, path or "<string>")
    return t


def _too_long(line: str, lineno: int, eol: str, limit: int, ctx: _Context) -> UnknownLine:
    """A line over the length limit, kept verbatim and not read (P011)."""
    ctx.diagnostics.append(
        _diag(
            "P011",
            lineno,
            limit + 1,
            f"line {lineno} is {len(line):,} characters long, over the limit of {limit:,}; "
            f"it is kept as it is but not read (record code {line[:3]!r})",
            found=f"{len(line)} characters",
            expected=f"at most {limit} characters",
        )
    )
    return UnknownLine(line, _new_origin(Origin, (lineno, line, eol)))


def _drop_last_ending(t: Tournament, last: int) -> None:
    """The file's last line has no line ending: say so in its record's origin."""
    for r in reversed([*t.headers, *t.players, *t.teams, *t.national_ratings, *t.records]):
        if r.origin is not None and r.origin.line == last:
            r.origin = r.origin._replace(eol="")
            return


def missing_records(t: Tournament) -> Diagnostic | None:
    """P007 for the header records the dialect of ``t`` requires and ``t``
    lacks (TRF16 §2.1; TRF26 §3.3 adds 042, 052 and 132), or ``None``."""
    specs = header_specs()
    dialect = "trf26" if t.dialect is Dialect.TRF26 else "trf16"
    present = {h.code for h in t.headers}
    missing = [
        code for code, spec in specs.items() if dialect in spec.mandatory and code not in present
    ]
    if not missing:
        return None
    names = ", ".join(f"{c} ({specs[c].name.replace('_', ' ')})" for c in missing)
    return _diag(
        "P007",
        1,
        1,
        f"mandatory record{'s' if len(missing) > 1 else ''} missing for {dialect.upper()}: {names}",
        found="none",
        expected=", ".join(missing),
    )


def _check_multiplicity(t: Tournament) -> list[Diagnostic]:
    """P006 (record repeated where one is allowed) and P007 (mandatory record missing)."""
    out: list[Diagnostic] = []
    seen: dict[str, int] = {}
    specs = header_specs()
    dated = [h for h in t.headers if isinstance(h, RoundDates)]
    per_line = one_date_per_line(dated)
    for h in t.headers:
        spec = specs.get(h.code)
        if spec is None or spec.multiplicity != "one" or h.origin is None:
            continue
        if h.code in seen:
            used = f"the first one, on line {seen[h.code]}, is used"
            if per_line and isinstance(h, RoundDates):
                # Tournament.round_dates: one date per 132 line, in line
                # order. One writer's habit, said once, on the second line.
                if h is not dated[1]:
                    continue
                used = (
                    f"the {len(dated)} lines of 132 hold one date each: read as the dates "
                    f"of rounds 1-{len(dated)}, one a line"
                )
            out.append(
                _diag(
                    "P006",
                    h.origin.line,
                    1,
                    f"record {h.code} ({spec.name.replace('_', ' ')}) appears again; {used}",
                    found=h.code,
                    expected=f"one {h.code} record",
                )
            )
        else:
            seen[h.code] = h.origin.line
    for r in t.records:
        if isinstance(r, BbpPoints | TeamBye) and r.origin is not None:
            key = r.code
            if key in seen:
                out.append(
                    _diag(
                        "P006",
                        r.origin.line,
                        1,
                        f"record {key} appears again; the first one, on line {seen[key]}, is used",
                        found=key,
                        expected=f"one {key} record",
                    )
                )
            else:
                seen[key] = r.origin.line
    missing = missing_records(t)
    if missing is not None:
        out.append(missing)
    if not t.players:
        # A tournament report lists its players (TRF16 §2.2); without one
        # there is nothing to check or rate: an error, never a clean file.
        out.append(
            _diag(
                "P007",
                1,
                1,
                "no player record (001): the file lists no players, so there is "
                "nothing to check or rate",
                found="no 001 record",
                expected="a 001 record for each player",
                severity=Severity.ERROR,
            )
        )
    return out


def load(
    path: str | os.PathLike[str],
    *,
    encoding: str | None = None,
    strict: bool = False,
    max_size: int | None = MAX_FILE_SIZE,
    max_line_length: int | None = MAX_LINE_LENGTH,
) -> Tournament:
    """Read a TRF file from ``path`` (see :func:`loads`); a file over
    ``max_size`` bytes is refused before it is read."""
    name = os.fspath(path)
    if max_size is not None:
        size = os.stat(path).st_size
        if size > max_size:
            return _refused(size, max_size, "bytes", name, strict)
    # No local name for the bytes: loads() frees them once decoded.
    return loads(
        Path(path).read_bytes(),
        encoding=encoding,
        strict=strict,
        path=name,
        max_size=max_size,
        max_line_length=max_line_length,
    )


class BinaryReader(Protocol):
    """What :func:`read` needs of a binary stream: ``read(size)`` giving at
    most ``size`` bytes, ``b""`` at the end (a file opened ``"rb"``,
    ``sys.stdin.buffer``, ``io.BytesIO``, a WSGI ``wsgi.input``)."""

    def read(self, size: int, /) -> bytes: ...


class TextReader(Protocol):
    """What :func:`read` needs of a text stream: ``read(size)`` giving at
    most ``size`` characters, ``""`` at the end (``sys.stdin``,
    ``io.StringIO``, a file opened ``"r"``)."""

    def read(self, size: int, /) -> str: ...


_CHUNK = 1 << 20
"""How much :func:`read` asks a stream for at a time (bytes or characters)."""


def read(
    stream: BinaryReader | TextReader,
    *,
    encoding: str | None = None,
    strict: bool = False,
    path: str | None = None,
    max_size: int | None = MAX_FILE_SIZE,
    max_line_length: int | None = MAX_LINE_LENGTH,
) -> Tournament:
    """Read a TRF file from a binary or text stream (see :func:`loads`).

    The stream is read to its end, but never further than ``max_size + 1``
    bytes (characters, for a text stream): a stream with more is refused
    with the P010 error :func:`loads` gives, and what is left of it is not
    read, so an endless or huge upload costs at most the limit. ``None``
    reads to the end whatever the size. ``encoding`` applies to binary
    streams (a text stream has decoded already). ``path`` names the file in
    diagnostics and errors; it defaults to the stream's ``name`` when that
    is a string (``"<stdin>"`` for ``sys.stdin.buffer``). The stream is
    not closed.

    >>> import io, trfkit
    >>> t = trfkit.read(io.BytesIO(b"012 Spring Open\\n"))
    >>> t.name
    'Spring Open'
    >>> [d.code for d in trfkit.read(io.StringIO("012 " + "x" * 50), max_size=20).diagnostics]
    ['P010']
    """
    if max_size is not None and max_size < 0:
        raise ValueError(f"max_size must be 0 or more, or None, not {max_size}")
    if path is None:
        name = getattr(stream, "name", None)
        path = name if isinstance(name, str) else None
    limit = None if max_size is None else max_size + 1
    # The data is handed to loads() from a list, keeping no other reference
    # to it here: loads() frees the bytes once they are decoded (issue 5).
    held = [_read_stream(stream, limit)]
    if max_size is not None and len(held[0]) > max_size:
        unit = "bytes" if isinstance(held[0], bytes) else "characters"
        return _refused(None, max_size, unit, path, strict)
    return loads(
        held.pop(),
        encoding=encoding,
        strict=strict,
        path=path,
        max_size=max_size,
        max_line_length=max_line_length,
    )


def _read_stream(stream: BinaryReader | TextReader, limit: int | None) -> bytes | str:
    """Everything in ``stream``, or its first ``limit`` bytes or characters.

    Streams may return less than asked (a pipe, a socket): only an empty
    read ends the stream. No read asks for more than is left of ``limit``.
    """
    raw: list[bytes] = []
    text: list[str] = []
    total = 0
    while limit is None or total < limit:
        chunk = stream.read(_CHUNK if limit is None else min(_CHUNK, limit - total))
        if isinstance(chunk, bytes):
            raw.append(chunk)
        elif isinstance(chunk, str):
            text.append(chunk)
        else:
            raise TypeError(
                f"the stream's read() returned {type(chunk).__name__}, not bytes or str "
                "(a non-blocking stream with no data yet?)"
            )
        if raw and text:
            raise TypeError("the stream's read() returned both bytes and str")
        if not chunk:
            break
        total += len(chunk)
    if text:
        return "".join(text)
    return b"".join(raw)
