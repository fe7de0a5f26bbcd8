"""Time controls: the free text of record 122 and the encoding of record 222.

Arbiters write the rate of play in TRF record 122 as free text
("90 min/40 moves + 30 min, 30 sec/move from move 1", "G/90;+30", "Rapid 15+10");
TRF-2026 adds record 222 with a strict encoding ("40/6000+30:900+30",
"W300-B240"). Both become a :class:`TimeControl`: a tuple of :class:`Period`
(white's, or both players'), black's periods when they differ, and
:meth:`TimeControl.minutes_for`, the measure FIDE's regulations use to class a
game as standard, rapid or blitz.

>>> tc = parse_time_control("90 min/40 moves + 30 min, 30 sec/move from move 1")
>>> tc.periods
(Period(moves=40, seconds=5400, increment=30, delay=0), Period(moves=None, seconds=1800, increment=30, delay=0))
>>> tc.minutes_for(60)
Fraction(150, 1)
>>> format_222(tc)
'40/5400+30:1800+30'

How the free text is read (grammars/timecontrol.lark gives the shapes):

* a bare ``A+B`` is A minutes and B seconds of increment ("90+30", "3+2"): a
  bare number is minutes, except a last one written after "+" (or "plus",
  "with"), which is the increment in seconds ("90'/40+30+30");
* a time written in seconds only ("+ 30 sec", "30\\"") after the first item is an
  increment;
* an increment applies from move 1 unless the text says "from move N" (N must
  start a period);
* "A/B" with two bare numbers is read by magnitude: the larger number is the
  minutes, the smaller the moves ("40/90" and "90/40" both mean 40 moves in 90
  minutes); equal numbers are read the US way, moves first;
* "1:30" is hours and minutes (1 h 30 min), never minutes and seconds;
* "30 min after 40 moves" gives the previous period its 40 moves;
* the words may be German, French, Italian, Spanish, Portuguese, Dutch,
  Polish, Czech or transliterated Russian ("90 Minuten + 30 Sekunden pro Zug",
  "90 min + 30 s par coup"); a word with two readings across them is not
  guessed (docs/timecontrol.md).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache

import attrs
import lark
from lark import Token, Tree

from trfkit._gc import no_cyclic_gc
from trfkit._resources import grammar_cache_path, grammar_text
from trfkit.diagnostics import TrfError

__all__ = [
    "Period",
    "TimeControl",
    "TimeControlError",
    "format_222",
    "format_time_control",
    "parse_222",
    "parse_time_control",
]


# -- the model ----------------------------------------------------------------


@attrs.frozen
class Period:
    """One period of a time control.

    ``moves`` is the number of moves to make in the period (``None``: the rest
    of the game); ``seconds`` its base time; ``increment`` the seconds added per
    move (Fischer) and ``delay`` the seconds of delay per move (Bronstein/US),
    both for the moves made in this period.
    """

    moves: int | None
    seconds: int
    increment: int = 0
    delay: int = 0


@attrs.frozen
class TimeControl:
    """A time control: white's (or both players') periods, in order.

    ``black`` is set only when black has different time (time odds, record
    222's ``W…-B…``). ``text`` is the source as written. ``kind_hint`` is
    "standard", "rapid", "blitz" or "bullet" when the text itself says so
    ("Rapid 15+10"), else ``None``; it is the writer's word, not a class
    computed from the times.
    """

    periods: tuple[Period, ...]
    black: tuple[Period, ...] | None = None
    text: str = ""
    kind_hint: str | None = None

    @property
    def time_odds(self) -> bool:
        """True when black's periods are given and differ from white's.

        >>> parse_222("W300-B240").time_odds, parse_222("300+2").time_odds
        (True, False)
        """
        return self.black is not None and self.black != self.periods

    @property
    def first_control_moves(self) -> int | None:
        """The move count of the first period, or None when it is sudden death.

        >>> parse_time_control("40/90 + 30 min").first_control_moves
        40
        >>> parse_time_control("G/90;+30").first_control_moves is None
        True
        """
        return self.periods[0].moves if self.periods else None

    def minutes_for(self, moves: int = 60) -> Fraction:
        """The time, in minutes, a player has to make ``moves`` moves.

        This is the FIDE measure (FIDE Rating Regulations 2002 §1.14 and FIDE
        Rapid & Blitz 2024 §1.1: "assuming the game lasts 60 moves"): the base
        time of every period that starts by move ``moves`` (a period that starts
        only after move ``moves`` is not counted), plus the increment and delay of
        each of the ``moves`` moves, taken from the period the move falls in.
        Moves past the last period (when it has a move count) take its increment.
        With time odds the smaller of the two sides counts.

        >>> parse_time_control("40 moves in 75 minutes, followed by 15 minutes "
        ...                    "with 30 seconds per move from move 1").minutes_for()
        Fraction(120, 1)
        >>> parse_time_control("45+30").minutes_for(), parse_time_control("3+2").minutes_for()
        (Fraction(75, 1), Fraction(5, 1))
        >>> parse_time_control("40/90 + 30 min").minutes_for(40)
        Fraction(90, 1)
        """
        if moves < 0:
            raise ValueError(f"moves must not be negative, not {moves}")
        white = _minutes_for(self.periods, moves)
        if self.black is None:
            return white
        return min(white, _minutes_for(self.black, moves))


def _minutes_for(periods: Sequence[Period], moves: int) -> Fraction:
    total = 0
    start = 0  # moves made before the period
    last: Period | None = None
    for period in periods:
        if start >= moves:
            break
        last = period
        total += period.seconds
        made = moves - start if period.moves is None else min(period.moves, moves - start)
        total += made * (period.increment + period.delay)
        start += made
    if last is not None and start < moves:
        total += (moves - start) * (last.increment + last.delay)
    return Fraction(total, 60)


class TimeControlError(TrfError, ValueError):
    """A time control that is not understood.

    ``column`` is 1-based within the text given; ``found`` quotes what was
    found there ("end of text" at the end) and ``expected`` says what would
    have fitted.
    """

    def __init__(self, column: int, found: str, expected: str) -> None:
        self.column = column
        self.found = found
        self.expected = expected
        super().__init__(f"column {column}: expected {expected}, found {found!r}")


# -- the grammar --------------------------------------------------------------


@cache
def _parser() -> lark.Lark:
    grammar = grammar_text("timecontrol.lark")
    with no_cyclic_gc():  # thousands of parse-table objects, kept for good
        return lark.Lark(
            grammar,
            parser="lalr",
            lexer="basic",
            cache=grammar_cache_path("timecontrol.lark", grammar),
        )


# What the grammar's terminals are called in error messages.
_TERMINAL_NAMES = {
    "NUMBER": "a number",
    "DECIMAL": "a number",
    "NUMWORD": "a number",
    "CLOCK": "a number",
    "MINUTE": "a time unit",
    "HOUR": "a time unit",
    "SECOND": "a time unit",
    "MOVES": "'moves'",
    "MOVE": "'move'",
    "SLASH": "'/'",
    "KIND": "'rapid', 'blitz' or 'standard'",
    "LABEL": "'time control:'",
    "COLON": "':'",
    "DASH": "'-'",
    "DOT": "'.'",
    "G": "'G/'",
    "SD": "'SD'",
    "D": "'d'",
    "KO": "'KO'",
    "QPF": "'QPF'",
    "INC_W": "'increment'",
    "DELAY_W": "'delay'",
    "CLOCK_W": "'clock'",
}
_SEPARATORS = frozenset(
    {"PLUS", "COMMA", "SEMI", "AMP", "AND", "THEN", "PLUS_W", "WITH", "BUT", "FOLLOWED"}
)
# Shown first: what is most often missing; separators come last.
_FIRST = ("a number", "a time unit", "'moves'", "'move'", "'/'")
_SEPARATOR = "a separator ('+', ',', 'and', 'then')"


def _describe(terminals: Iterable[str]) -> str:
    names = {
        _TERMINAL_NAMES.get(t, f"'{t.lower()}'")
        for t in terminals
        if t != "$END" and t not in _SEPARATORS and not t.startswith("__")
    }
    ordered = [n for n in _FIRST if n in names] + sorted(names.difference(_FIRST))
    if len(ordered) > 4:
        ordered = [*ordered[:4], "..."]
    if _SEPARATORS.intersection(terminals):
        ordered.append(_SEPARATOR)
    if "$END" in terminals:
        ordered.append("end of text")
    return " or ".join(ordered) or "a time control"


def _found(text: str, pos: int) -> str:
    """The word (or the one character) at ``pos``, for error messages."""
    match = _WORD.match(text, pos)
    return match.group() if match else text[pos : pos + 1] or "end of text"


_WORD = re.compile(r"[^\W\d_]+|[0-9]+")  # a word in any alphabet ("Züge", "přídavkem")


# -- reading the tree ---------------------------------------------------------

_MAX_DIGITS = 9  # larger numbers are not time controls (and int() limits digits)
_PLUS_LIKE = frozenset({"PLUS", "PLUS_W", "WITH"})
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
}
_UNIT_SECONDS = {"SECOND": 1, "MINUTE": 60, "HOUR": 3600}
_KINDS = {
    "standard": "standard",
    "classical": "standard",
    "classic": "standard",
    "klassisch": "standard",  # German
    "classique": "standard",  # French
    "clásico": "standard",  # Spanish
    "clasico": "standard",
    "classico": "standard",  # Italian
    "rapid": "rapid",
    "rapidplay": "rapid",
    "schnellschach": "rapid",  # German
    "rapide": "rapid",  # French
    "rápido": "rapid",  # Spanish, Portuguese
    "rapido": "rapid",  # Italian
    "rápida": "rapid",
    "rapida": "rapid",
    "blitz": "blitz",
    "blitzschach": "blitz",
    "lampo": "blitz",  # Italian
    "bullet": "bullet",
}


@attrs.define
class _Piece:
    """One item of the text, before the items are put together."""

    kind: str  # "period", "increment", "delay", "bare", "seconds" or "from"
    column: int
    found: str
    seconds: int
    moves: int | None = None
    rest: bool = False  # said to last to the end ("for the rest of the game", "/end", "KO")
    after: int | None = None  # "30 min after 40 moves"
    from_move: Token | None = None  # the N of "from move N"
    plus_before: bool = False  # the separator before it has "+", "plus" or "with"


def _first_token(tree: Tree[Token]) -> Token:
    for value in tree.scan_values(lambda v: isinstance(v, Token)):
        return value
    raise AssertionError("an item without tokens")  # pragma: no cover


def _error_at(token: Token, expected: str) -> TimeControlError:
    return TimeControlError(_column(token), str(token), expected)


def _column(token: Token) -> int:
    return (token.start_pos or 0) + 1


def _int(token: Token) -> int:
    if token.type == "NUMWORD":
        return _NUMBER_WORDS[token.lower()]
    if len(token) > _MAX_DIGITS:
        raise _error_at(token, f"a number of at most {_MAX_DIGITS} digits")
    return int(token)


def _whole(value: Fraction, token: Token) -> int:
    if value.denominator != 1:
        raise _error_at(token, "a time of whole seconds")
    return int(value)


def _under_60(token: Token) -> int:
    value = _int(token)
    if value >= 60:
        raise _error_at(token, "a number below 60")
    return value


def _duration(tree: Tree[Token]) -> tuple[int, bool]:
    """Seconds of a ``duration`` node, and whether it is written in seconds only."""
    tokens = [t for t in tree.scan_values(lambda v: isinstance(v, Token)) if t.type != "DASH"]
    first = tokens[0]
    if first.type == "CLOCK":
        # "1:30" is H:MM: arbiters write hours and minutes (1:30 + 10 from move 1).
        hours, minutes = first.split(":")
        if len(hours) > _MAX_DIGITS:
            raise _error_at(first, f"a number of at most {_MAX_DIGITS} digits")
        if int(minutes) >= 60:
            raise _error_at(first, "minutes below 60 (H:MM)")
        return int(hours) * 3600 + int(minutes) * 60, False
    units = [t.type for t in tokens[1:] if t.type in _UNIT_SECONDS]
    if len(tokens) >= 3:  # compound: 1h30, 1 h 30 min, 1'30"
        big = _UNIT_SECONDS[tokens[1].type]
        return _int(first) * big + _under_60(tokens[2]) * big // 60, False
    unit = _UNIT_SECONDS[units[0]]
    if first.type == "DECIMAL":
        if len(first) > 2 * _MAX_DIGITS:
            raise _error_at(first, f"a number of at most {_MAX_DIGITS} digits")
        return _whole(Fraction(str(first)) * unit, first), unit == 1
    return _int(first) * unit, unit == 1


def _time(tree: Tree[Token], bare_unit: int) -> int:
    """Seconds of a ``time`` node; a bare number counts in ``bare_unit`` seconds."""
    child = tree.children[0]
    if isinstance(child, Tree):
        return _duration(child)[0]
    return _int(child) * bare_unit


def _count(tree: Tree[Token]) -> int:
    token = _first_token(tree)
    moves = _int(token)
    if moves < 1:
        raise _error_at(token, "a move count of at least 1")
    return moves


def _subtrees(tree: Tree[Token], name: str) -> list[Tree[Token]]:
    return [c for c in tree.children if isinstance(c, Tree) and c.data == name]


def _tokens(tree: Tree[Token], kind: str) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token) and c.type == kind]


def _apply_tails(piece: _Piece, item: Tree[Token]) -> _Piece:
    for tail in _subtrees(item, "tail"):
        words = {c.type for c in tail.children if isinstance(c, Token)}
        if "AFTER" in words:
            counts = _subtrees(tail, "count")
            piece.after = _count(counts[0]) if counts else _int(_tokens(tail, "NUMBER")[0])
        elif words & {"END", "KO", "QPF", "SD", "SUDDEN"} or _subtrees(tail, "rest"):
            piece.rest = True
    return piece


def _from_move(item: Tree[Token]) -> Token | None:
    """The move number of "from move N" ("from the first move": None, as no mention)."""
    subs = _subtrees(item, "from_move")  # an item of its own: ", from move 1"
    for mark in _subtrees(item, "inc_mark"):
        subs += _subtrees(mark, "from_move")
    for sub in subs:
        for child in sub.children:
            if isinstance(child, Token) and child.type in {"NUMBER", "NUMWORD"}:
                return child
    return None


def _piece(item: Tree[Token]) -> _Piece:
    """What one item says, in seconds and moves."""
    first = _first_token(item)
    column, found, kind = _column(first), str(first), item.data

    def make(kind: str, seconds: int, moves: int | None = None) -> _Piece:
        piece = _Piece(kind, column, found, seconds, moves)
        if kind in {"increment", "delay"}:
            piece.from_move = _from_move(item)
        return _apply_tails(piece, item)

    durations = _subtrees(item, "duration")
    times = _subtrees(item, "time")
    numbers = _tokens(item, "NUMBER")
    if kind == "timed":
        seconds, seconds_only = _duration(durations[0])
        plain = seconds_only and not _subtrees(item, "tail")
        return make("seconds" if plain else "period", seconds)
    if kind == "increment":
        return make("increment", _duration(durations[0])[0])
    if kind == "delay":
        return make("delay", _duration(durations[0])[0])
    if kind == "bare":
        if len(item.children) > 1:  # "120 per player", "90 d5": minutes of a period
            return make("period", _int(numbers[0]) * 60)
        return make("bare", _int(numbers[0]))
    if kind == "bare_increment":
        return make("increment", _int(numbers[0]))
    if kind == "bare_delay":
        return make("delay", _int(numbers[0]))
    if kind == "time_for_moves":
        return make("period", _duration(durations[0])[0], _count(_subtrees(item, "count")[0]))
    if kind == "minutes_for_moves":
        return make("period", _int(numbers[0]) * 60, _count(_subtrees(item, "moves")[0]))
    if kind == "moves_in_time":
        return make("period", _time(times[0], 60), _count(_subtrees(item, "moves")[0]))
    if kind == "moves_in_time_n":
        if _int(numbers[0]) < 1:
            raise _error_at(numbers[0], "a move count of at least 1")
        return make("period", _duration(durations[0])[0], _int(numbers[0]))
    if kind == "ratio":
        # "A/B": US texts write moves first ("40/90"), FIDE texts minutes first
        # ("90/40", "90'/40"). The larger number is the minutes; equal numbers
        # are read moves first (both readings then agree anyway).
        a, b = _int(numbers[0]), _int(numbers[1])
        moves, minutes = (a, b) if a <= b else (b, a)
        if moves < 1:
            raise _error_at(numbers[0] if a <= b else numbers[1], "a move count of at least 1")
        return make("period", minutes * 60, moves)
    if kind == "sudden_death":
        return make("period", _time(times[0], 60))
    if kind == "increment_first":
        return make("increment", _time(times[0], 1))
    if kind == "from_only":  # "…/move, from move 1": says when the increment before starts
        piece = _Piece("from", column, found, 0)
        piece.from_move = _from_move(item)
        return piece
    if kind == "delay_first":
        return make("delay", _time(times[0], 1) if times else _int(numbers[0]))
    raise AssertionError(f"unknown item {kind}")  # pragma: no cover


def _pieces(control: Tree[Token]) -> list[_Piece]:
    pieces: list[_Piece] = []
    plus_before = False
    for child in control.children:
        if not isinstance(child, Tree):  # pragma: no cover - the grammar keeps no tokens here
            continue
        if child.data == "sep":
            plus_before = any(isinstance(t, Token) and t.type in _PLUS_LIKE for t in child.children)
            continue
        piece = _piece(child)
        piece.plus_before = plus_before
        pieces.append(piece)
        pieces.extend(_tail_extras(child))
    return pieces


def _tail_extras(item: Tree[Token]) -> list[_Piece]:
    """An increment or delay written after a period without a separator ("G/90 d5")."""
    extras = []
    for tail in item.children:
        if isinstance(tail, Tree) and tail.data in {"delay_tail", "increment_tail"}:
            first = _first_token(tail)
            times = _subtrees(tail, "time")
            seconds = _time(times[0], 1) if times else _int(_tokens(tail, "NUMBER")[0])
            kind = "delay" if tail.data == "delay_tail" else "increment"
            extras.append(_Piece(kind, _column(first), str(first), seconds))
    return extras


@attrs.define
class _Draft:
    moves: int | None
    seconds: int
    column: int
    found: str
    rest: bool
    increment: int = 0
    delay: int = 0


def _check_periods(drafts: list[_Draft]) -> None:
    """Only the last period lasts to the end: each before it has a move
    count, and none has both a move count and 'to the end'."""
    for before, after in itertools.pairwise(drafts):
        if before.moves is None:
            raise TimeControlError(
                after.column,
                after.found,
                "a move count on the period before (only the last period lasts to the end)",
            )
    for draft in drafts:
        if draft.rest and draft.moves is not None:
            raise TimeControlError(
                draft.column, draft.found, "either a move count or 'to the end', not both"
            )


def _apply_extras(drafts: list[_Draft], extras: list[_Piece]) -> None:
    """Put each increment and delay on the periods it applies to: from move
    1 unless "from move N" says otherwise; a Period holds one increment, so
    N must be the first move of a period."""
    starts = [0]
    for draft in drafts[:-1]:
        starts.append(starts[-1] + (draft.moves or 0))
    for extra in extras:
        move = 1 if extra.from_move is None else _int(extra.from_move)
        if move - 1 not in starts:
            assert extra.from_move is not None
            firsts = ", ".join(str(s + 1) for s in starts)
            raise _error_at(extra.from_move, f"the first move of a period ({firsts})")
        for draft in drafts[starts.index(move - 1) :]:
            if extra.kind == "increment":
                draft.increment = extra.seconds
            else:
                draft.delay = extra.seconds


def _assemble(pieces: list[_Piece]) -> tuple[Period, ...]:
    """Put the items together: periods in order, increments and delays on them."""
    drafts: list[_Draft] = []
    extras: list[_Piece] = []  # increments and delays
    # The last item, not counting a ", from move N" after it.
    last = max((i for i, p in enumerate(pieces) if p.kind != "from"), default=-1)
    for index, piece in enumerate(pieces):
        kind = piece.kind
        if kind == "from":
            # ", from move N" after an increment or a delay, set off by a comma.
            if index == 0 or pieces[index - 1].kind not in {"increment", "delay"}:
                raise TimeControlError(
                    piece.column, piece.found, "an increment before 'from move …'"
                )
            marked = pieces[index - 1]
            if marked.from_move is not None:
                raise TimeControlError(piece.column, piece.found, "one 'from move …' only")
            marked.from_move = piece.from_move
            continue
        if kind == "bare":
            # "90+30", "G/90;+30", "90'/40+30+30": a last bare number after "+"
            # is the increment in seconds; any other bare number is minutes.
            if index == last and index > 0 and piece.plus_before and not extras and drafts:
                kind = "increment"
            else:
                kind, piece.seconds = "period", piece.seconds * 60
        elif kind == "seconds":
            # "90 min + 30 sec": a time in seconds after the first item is the increment.
            kind = "increment" if index > 0 else "period"
        if kind in {"increment", "delay"}:
            piece.kind = kind
            extras.append(piece)
            continue
        if piece.after is not None:
            _place_after(drafts, piece)
        drafts.append(_Draft(piece.moves, piece.seconds, piece.column, piece.found, piece.rest))
    if not drafts:
        first = pieces[0]
        raise TimeControlError(first.column, first.found, "a base time before the increment")
    _check_periods(drafts)
    _apply_extras(drafts, extras)
    return tuple(Period(d.moves, d.seconds, d.increment, d.delay) for d in drafts)


def _place_after(drafts: list[_Draft], piece: _Piece) -> None:
    """'30 min after 40 moves': the periods before it must make 40 moves."""
    after = piece.after or 0
    if not drafts:
        raise TimeControlError(piece.column, piece.found, "a period before 'after … moves'")
    made = sum(d.moves or 0 for d in drafts[:-1])
    previous = drafts[-1]
    if previous.moves is None and after > made and not previous.rest:
        previous.moves = after - made
    elif previous.moves is None or made + previous.moves != after:
        raise TimeControlError(
            piece.column, piece.found, f"periods before it that make {after} moves"
        )


# -- record 122: free text ------------------------------------------------------

# What some pairing programs write in 122 when the arbiter gave no time
# control: the field's own description ("moves/time, increment", JaVaFo's
# sample files), which would otherwise be reported as an unexpected word.
_PLACEHOLDERS = frozenset({"moves/time, increment", "moves/time,increment"})


def parse_time_control(text: str) -> TimeControl:
    """Read a free-text time control (TRF record 122).

    Raises :class:`TimeControlError` (a ``ValueError``) when the text is not
    understood, and no other exception on any string.

    >>> parse_time_control("G/90;+30").periods
    (Period(moves=None, seconds=5400, increment=30, delay=0),)
    >>> tc = parse_time_control("Rapid 15+10")
    >>> tc.kind_hint, tc.minutes_for()
    ('rapid', Fraction(25, 1))
    >>> try:
    ...     parse_time_control("90+")
    ... except TimeControlError as e:
    ...     print(e.column, e.found)
    4 end of text
    >>> try:
    ...     parse_time_control("moves/time, increment")
    ... except TimeControlError as e:
    ...     print(e.column, e.found)
    1 moves/time, increment
    """
    if " ".join(text.split()).casefold() in _PLACEHOLDERS:
        raise TimeControlError(
            len(text) - len(text.lstrip()) + 1,
            text.strip(),
            "the event's time control (this text is the field's description, left unfilled)",
        )
    try:
        tree = _parser().parse(text)
    except lark.exceptions.UnexpectedToken as e:
        if e.token.type == "$END":
            column, found = len(text.rstrip()) + 1, "end of text"
        else:
            column, found = _column(e.token), _found(text, _column(e.token) - 1)
        raise TimeControlError(column, found, _describe(e.accepts or e.expected)) from None
    except lark.exceptions.UnexpectedCharacters as e:
        pos = e.pos_in_stream or 0
        raise TimeControlError(pos + 1, _found(text, pos), _describe(e.allowed or ())) from None
    except lark.exceptions.LarkError as e:  # pragma: no cover - any other parse failure
        raise TimeControlError(1, text[:1] or "end of text", "a time control") from e
    kind_hint = None
    control = None
    for child in tree.children:
        if isinstance(child, Tree) and child.data == "kind":
            kind_hint = _KINDS[_first_token(child).lower()]
        elif isinstance(child, Tree) and child.data == "control":
            control = child
    assert control is not None
    return TimeControl(_assemble(_pieces(control)), text=text, kind_hint=kind_hint)


# -- record 222: the encoding ---------------------------------------------------

# TRF-2026 record 222: d[:d] or Wd[:d]-Bd[:d], each d one of M/S, M/S+I, S, S+I.
_NUMBER_222 = re.compile(r"[0-9]+")


class _Reader222:
    """A small reader for record 222, with 1-based columns in the source text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = len(text) - len(text.lstrip())
        self.end = len(text.rstrip())

    def error(self, expected: str) -> TimeControlError:
        found = self.text[self.pos] if self.pos < self.end else "end of text"
        return TimeControlError(self.pos + 1, found, expected)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < self.end else ""

    def number(self) -> int:
        match = _NUMBER_222.match(self.text, self.pos, self.end)
        if not match:
            raise self.error("a number")
        if len(match.group()) > _MAX_DIGITS:
            raise self.error(f"a number of at most {_MAX_DIGITS} digits")
        self.pos = match.end()
        return int(match.group())

    def period(self) -> Period:
        start = self.pos
        first = self.number()
        moves: int | None = None
        if self.peek() == "/":
            if first < 1:
                self.pos = start
                raise self.error("a move count of at least 1")
            self.pos += 1
            moves, first = first, self.number()
        increment = 0
        if self.peek() == "+":
            self.pos += 1
            increment = self.number()
        return Period(moves, first, increment)

    def side(self) -> tuple[Period, ...]:
        periods = [self.period()]
        while self.peek() == ":":
            if periods[-1].moves is None:
                raise self.error("'+', '-' or end of text (only the last period may lack M/)")
            self.pos += 1
            periods.append(self.period())
        return tuple(periods)

    def expect(self, char: str, expected: str) -> None:
        if self.peek().upper() != char:
            raise self.error(expected)
        self.pos += 1


def parse_222(text: str) -> TimeControl:
    """Read TRF-2026 record 222: ``d[:d]`` or ``Wd[:d]-Bd[:d]``.

    Each ``d`` is ``M/S``, ``M/S+I``, ``S`` or ``S+I`` (S seconds, M moves,
    I increment seconds); ``:`` separates periods, ``W…-B…`` gives white's and
    black's times when they differ. ``black`` is left ``None`` when both sides
    are equal. Raises :class:`TimeControlError`.

    >>> parse_222("40/6000+30:900+30").periods
    (Period(moves=40, seconds=6000, increment=30, delay=0), Period(moves=None, seconds=900, increment=30, delay=0))
    >>> tc = parse_222("W300-B240")
    >>> tc.time_odds, tc.minutes_for()
    (True, Fraction(4, 1))
    """
    reader = _Reader222(text)
    black: tuple[Period, ...] | None = None
    if reader.peek().upper() == "W":
        reader.pos += 1
        white = reader.side()
        reader.expect("-", "':', '+' or '-B'")
        reader.expect("B", "'B'")
        black = reader.side()
        if black == white:
            black = None
    else:
        white = reader.side()
    if reader.pos != reader.end:
        raise reader.error("':', '/', '+' or end of text")
    return TimeControl(white, black=black, text=text)


def format_222(tc: TimeControl) -> str:
    """Write ``tc`` as TRF-2026 record 222, the inverse of :func:`parse_222`.

    Raises ``ValueError`` for what record 222 cannot hold: no periods, or a
    delay.

    >>> format_222(parse_222("W300+2-B240+2"))
    'W300+2-B240+2'
    >>> format_222(parse_time_control("90 min + 30 s"))
    '5400+30'
    """
    if tc.black is not None and tc.time_odds:
        return f"W{_format_side(tc.periods)}-B{_format_side(tc.black)}"
    return _format_side(tc.periods)


def _format_side(periods: Sequence[Period]) -> str:
    if not periods:
        raise ValueError("record 222 needs at least one period")
    parts = []
    for period in periods:
        if period.delay:
            raise ValueError("record 222 cannot hold a delay")
        moves = f"{period.moves}/" if period.moves is not None else ""
        increment = f"+{period.increment}" if period.increment else ""
        parts.append(f"{moves}{period.seconds}{increment}")
    return ":".join(parts)


def format_time_control(tc: TimeControl) -> str:
    """Free text for record 122 that :func:`parse_time_control` reads as ``tc``.

    Raises ``ValueError`` for what the text cannot say here: time odds, a
    delay, or a text that would not read back as ``tc``.

    >>> format_time_control(parse_222("40/6000+30:900+30"))
    '40 moves in 100 min + 30 sec/move, then 15 min + 30 sec/move'
    >>> format_time_control(parse_222("270+2"))
    '4 min 30 sec + 2 sec/move'
    """
    if tc.time_odds:
        raise ValueError("record 122 has no words for time odds")
    if not tc.periods:
        raise ValueError("no periods")
    parts = []
    for period in tc.periods:
        if period.delay:
            raise ValueError("record 122 is written here without delays")
        minutes, seconds = divmod(period.seconds, 60)
        time = " ".join(
            ([f"{minutes} min"] if minutes else []) + ([f"{seconds} sec"] if seconds else [])
        )
        moves = f"{period.moves} moves in " if period.moves is not None else ""
        increment = f" + {period.increment} sec/move" if period.increment else ""
        parts.append(f"{moves}{time or '0 min'}{increment}")
    text = ", then ".join(parts)
    try:
        again = parse_time_control(text).periods
    except TimeControlError:
        again = ()
    if again != tc.periods:
        raise ValueError(f"{text!r} would not read back as the same time control")
    return text
