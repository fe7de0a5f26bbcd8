"""Typed records of a TRF file.

Every line of a file becomes one record, in one of the collections of a
:class:`Tournament`: its header records, players, teams, national rating
records, or ``records`` (everything else: TRF-2026 records, engine
extensions, comments, blank and unknown lines). Nothing is dropped.

Records are mutable, slotted ``attrs`` classes; small value types
(:class:`DateText`, :class:`Origin`, :class:`Cells`) are frozen. Round cells
are the most numerous things in a file (39,000 in a 3000-player, 13-round
file), so a player read from a file keeps them as three columns
(:class:`Cells`), its only store of them: :attr:`Player.games` reads
and edits those columns through :class:`Game` views (:class:`Rounds`);
checking and rating read the columns directly.

A record read from a file carries its :class:`Origin` (line number, the text
of the line, its line ending). The writer reuses that text while the record
still says what the text says, which is how ``dump(load(x))`` reproduces
``x`` byte for byte.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from decimal import Decimal
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar, overload

import attrs

from trfkit._digits import whole_number
from trfkit.dates import NO_DATE, DateText, parse_date
from trfkit.diagnostics import Diagnostic

__all__ = [
    "TRF26_ONLY_RECORDS",
    "AbnormalPoints",
    "Acceleration",
    "Accelerations",
    "BbpPoints",
    "Blank",
    "Bye",
    "Cells",
    "Colour",
    "Comment",
    "DateText",
    "Dialect",
    "EngineRecord",
    "ForfeitedMatch",
    "Game",
    "Header",
    "LineUp",
    "NationalRating",
    "Origin",
    "Player",
    "ProhibitedPairing",
    "Record",
    "Result",
    "RoundDates",
    "Scoring",
    "Sex",
    "SourceInfo",
    "Team",
    "TeamBye",
    "TextRecord",
    "Title",
    "Tournament",
    "UnknownLine",
    "one_date_per_line",
]


class Dialect(enum.Enum):
    """The TRF dialect of a file (see :func:`trfkit.dialect.detect_dialect`)."""

    TRF16 = "trf16"
    """FIDE TRF16 (C.04 Annex 2, 2016); also old TRF06/Krause files."""
    TRF26 = "trf26"
    """FIDE TRF-2026 (TRF26)."""
    TRFX = "trfx"
    """TRF16 with JaVaFo/bbpPairings extension lines (XXR, XXC, BBW, ...)."""
    VEGA = "vega"
    """TRF16 with Vega's meanings of 142-192 (rounds in 162, ...)."""


class Sex(enum.Enum):
    """Column 10 of 001: ``m`` or ``w`` (TRF16)."""

    MALE = "m"
    FEMALE = "w"


class Title(enum.Enum):
    """FIDE titles (001 columns 11-13)."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    FM = "FM"
    WIM = "WIM"
    CM = "CM"
    WFM = "WFM"
    WCM = "WCM"


class Colour(enum.Enum):
    """The scheduled colour of a round cell (column 97 + 10(r-1))."""

    # Identity hashing, in C: Enum's own __hash__ is Python code, and the
    # checks test cells against sets of results tens of thousands of times.
    __hash__ = object.__hash__

    WHITE = "w"
    BLACK = "b"
    NONE = "-"
    """A bye or not paired; a blank column means the same (TRF16)."""


class Result(enum.Enum):
    """Result codes of a round cell (column 99 + 10(r-1)), TRF16 §2.3.

    Letters are case-insensitive in the file; the model holds the canonical
    (upper-case) code.
    """

    # Identity hashing, in C: Enum's own __hash__ is Python code, and the
    # checks test cells against sets of results tens of thousands of times.
    __hash__ = object.__hash__

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNPLAYED_WIN = "W"
    """Win in a game that lasted less than one move (not rated)."""
    UNPLAYED_DRAW = "D"
    UNPLAYED_LOSS = "L"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"
    BLANK = " "
    """No result: equivalent to ``Z`` (TRF16), or a game not yet played."""

    @property
    def is_rated(self) -> bool:
        """Only ``1``, ``=`` and ``0`` between two players are rated (TRF16)."""
        return self in _RATED

    @property
    def is_bye(self) -> bool:
        return self in _BYES


_RATED = frozenset({Result.WIN, Result.DRAW, Result.LOSS})
_BYES = frozenset(
    {
        Result.HALF_POINT_BYE,
        Result.FULL_POINT_BYE,
        Result.PAIRING_ALLOCATED_BYE,
        Result.ZERO_POINT_BYE,
    }
)


class Origin(NamedTuple):
    """Where a record came from: its line and the exact text of that line.

    A NamedTuple rather than an attrs class: one is made for every line, and
    a tuple is the cheapest immutable record Python has.
    """

    line: int
    """1-based line number."""
    text: str
    """The line as decoded, without its line ending."""
    eol: str
    """The line ending: ``"\\n"``, ``"\\r\\n"``, ``"\\r"`` or ``""`` (last line)."""


_ORIGIN = attrs.field(default=None, eq=False, repr=False)


@attrs.define(eq=False)
class Game:
    """One round cell of a player: opponent, colour, result.

    ``opponent`` is the opponent's starting rank, or ``None`` for ``0000`` or
    blanks (bye, not paired). ``result`` is ``None`` where the file holds a
    character that is no result code (reported as P002).

    A game read from a player (``p.games[i]``) is a view of his round
    ``i``: setting its fields sets his cells. Two games are equal when
    their three fields are, whichever kind each is.
    """

    opponent: int | None
    colour: Colour
    result: Result | None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.opponent, self.colour, self.result) == (
            other.opponent,
            other.colour,
            other.result,
        )

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]  # mutable, like every record


class Cells(NamedTuple):
    """A player's round cells as three columns, one entry per round.

    The reader keeps a line's cells this way rather than as :class:`Game`
    records: the 39,000 cells of a 3000-player, 13-round file cost a tuple
    and two strings a line instead of 39,000 objects, and the checks and the
    rating engine read them without making any (issue 5). ``colours`` holds
    :class:`Colour` values (``w b -``), ``results`` :class:`Result` values,
    with ``?`` where the file's character is no result code.

    >>> c = Cells((2, None), "w-", "1U")
    >>> c.games()
    [Game(opponent=2, colour=<Colour.WHITE: 'w'>, result=<Result.WIN: '1'>), Game(opponent=None, colour=<Colour.NONE: '-'>, result=<Result.PAIRING_ALLOCATED_BYE: 'U'>)]
    >>> Cells.of(c.games()) == c
    True
    """

    opponents: tuple[int | None, ...]
    colours: str
    results: str

    def games(self) -> list[Game]:
        """The cells as :class:`Game` records (new ones on every call)."""
        return list(
            map(
                Game,
                self.opponents,
                map(COLOUR_OF.__getitem__, self.colours),
                map(RESULT_OF.__getitem__, self.results),
            )
        )

    def game(self, index: int) -> Game:
        """Cell ``index`` (0-based) as a new :class:`Game`."""
        return Game(
            self.opponents[index], COLOUR_OF[self.colours[index]], RESULT_OF[self.results[index]]
        )

    @classmethod
    def of(cls, games: list[Game]) -> Cells:
        """The columns of a list of :class:`Game` records."""
        return cls(
            tuple(g.opponent for g in games),
            "".join(g.colour.value for g in games),
            "".join(g.result.value if g.result is not None else UNREADABLE for g in games),
        )


UNREADABLE = "?"
"""The result code :class:`Cells` holds for a result the reader could not read."""
COLOUR_OF: dict[str, Colour] = {c.value: c for c in Colour}
"""A :class:`Colour` by its value in :attr:`Cells.colours`."""
RESULT_OF: dict[str, Result | None] = {r.value: r for r in Result}
"""A :class:`Result` by its value in :attr:`Cells.results` (``?``: ``None``)."""
RESULT_OF[UNREADABLE] = None


class _RoundGame(Game):
    """Round ``index`` of a :class:`Rounds`, as a :class:`Game`: its fields
    read and write the columns (the view holds no values of its own)."""

    __slots__ = ("_index", "_rounds")

    def __init__(self, rounds: Rounds, index: int) -> None:
        self._rounds = rounds
        self._index = index

    @property
    def opponent(self) -> int | None:
        return self._rounds._cells.opponents[self._index]

    @opponent.setter
    def opponent(self, value: int | None) -> None:
        self._rounds._set(self._index, Game(value, self.colour, self.result))

    @property
    def colour(self) -> Colour:
        return COLOUR_OF[self._rounds._cells.colours[self._index]]

    @colour.setter
    def colour(self, value: Colour) -> None:
        self._rounds._set(self._index, Game(self.opponent, value, self.result))

    @property
    def result(self) -> Result | None:
        return RESULT_OF[self._rounds._cells.results[self._index]]

    @result.setter
    def result(self, value: Result | None) -> None:
        self._rounds._set(self._index, Game(self.opponent, self.colour, value))

    def detached(self) -> Game:
        """The round's values as a :class:`Game` of its own."""
        return Game(self.opponent, self.colour, self.result)

    def __repr__(self) -> str:
        return repr(self.detached())

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        # copy, deepcopy and pickle make a game of its own.
        return (Game, (self.opponent, self.colour, self.result))


_NO_CELLS = Cells((), "", "")


class Rounds(MutableSequence[Game]):
    """A player's round cells, round 1 first: one store, the three columns
    of :class:`Cells`, read and edited as a list of :class:`Game`.

    Reading a round makes a view of it (a new one each time), whose edits
    are the player's; writing one (``rounds[i] = game``, ``append``,
    ``insert``, ``del``) copies the game's values into the columns. So the
    checks, the rating and the writer, which read :meth:`cells`, see every
    edit, and reading the games changes nothing of how they are stored.

    >>> r = Rounds(Cells((2, None), "w-", "1U"))
    >>> r[0].result = Result.LOSS
    >>> r.cells()
    Cells(opponents=(2, None), colours='w-', results='0U')
    >>> r.append(Game(3, Colour.BLACK, Result.DRAW))
    >>> r.cells().results, len(r), r[-1] == Game(3, Colour.BLACK, Result.DRAW)
    ('0U=', 3, True)
    """

    __slots__ = ("_cells",)

    def __init__(self, cells: Cells = _NO_CELLS) -> None:
        self._cells = cells

    @classmethod
    def of(cls, games: Iterable[Game]) -> Rounds:
        """The rounds of ``games`` (their values, copied)."""
        return cls(Cells.of(list(games)))

    def cells(self) -> Cells:
        """The columns, as stored."""
        return self._cells

    def __len__(self) -> int:
        return len(self._cells.opponents)

    def _index(self, i: int) -> int:
        n = len(self._cells.opponents)
        j = i + n if i < 0 else i
        if not 0 <= j < n:
            raise IndexError("round index out of range")
        return j

    @overload
    def __getitem__(self, i: int) -> Game: ...
    @overload
    def __getitem__(self, i: slice) -> list[Game]: ...
    def __getitem__(self, i: int | slice) -> Game | list[Game]:
        if isinstance(i, slice):
            return [_RoundGame(self, j) for j in range(*i.indices(len(self)))]
        return _RoundGame(self, self._index(i))

    def __iter__(self) -> Iterator[Game]:
        return map(_RoundGame, [self] * len(self), range(len(self)))

    def _set(self, i: int, game: Game) -> None:
        c = self._cells
        code = game.result.value if game.result is not None else UNREADABLE
        self._cells = Cells(
            (*c.opponents[:i], game.opponent, *c.opponents[i + 1 :]),
            f"{c.colours[:i]}{game.colour.value}{c.colours[i + 1 :]}",
            f"{c.results[:i]}{code}{c.results[i + 1 :]}",
        )

    def _edit(self, edit: Callable[[list[Game]], object]) -> None:
        games = self._cells.games()
        edit(games)
        self._cells = Cells.of(games)

    @overload
    def __setitem__(self, i: int, value: Game) -> None: ...
    @overload
    def __setitem__(self, i: slice, value: Iterable[Game]) -> None: ...
    def __setitem__(self, i: int | slice, value: Game | Iterable[Game]) -> None:
        if isinstance(i, slice):
            assert not isinstance(value, Game)
            new = [Game(g.opponent, g.colour, g.result) for g in value]
            self._edit(lambda games: games.__setitem__(i, new))
        else:
            assert isinstance(value, Game)
            self._set(self._index(i), value)

    def __delitem__(self, i: int | slice) -> None:
        self._edit(lambda games: games.__delitem__(i))

    def insert(self, index: int, value: Game) -> None:
        g = Game(value.opponent, value.colour, value.result)
        self._edit(lambda games: games.insert(index, g))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rounds):
            return self._cells == other._cells
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._cells.games())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rounds, (self._cells,))


@attrs.define(eq=False, init=False)
class Player:
    """A player record (001).

    Its round cells are :attr:`games`: one :class:`Rounds`, stored as the
    three columns of :class:`Cells` however it was made (read from a file,
    ``games=[...]``, ``cells=...``) and whatever is read of it; editing a
    game read from it edits the cells. :meth:`cells` gives the columns.
    """

    start_rank: int
    name: str = ""
    sex: Sex | None = None
    title: Title | None = None
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth_date: DateText = NO_DATE
    points: Decimal | None = None
    rank: int | None = None
    _rounds: Rounds = attrs.field(alias="games", repr=False, factory=Rounds)
    origin: Origin | None = _ORIGIN

    def __init__(
        self,
        start_rank: int,
        name: str = "",
        sex: Sex | None = None,
        title: Title | None = None,
        rating: int | None = None,
        federation: str = "",
        fide_id: int | None = None,
        birth_date: DateText = NO_DATE,
        points: Decimal | None = None,
        rank: int | None = None,
        games: Iterable[Game] | None = None,
        origin: Origin | None = None,
        *,
        cells: Cells | None = None,
    ) -> None:
        # Written out (attrs' own __init__ would store games and cells
        # apart): both go to the one Rounds.
        self.start_rank = start_rank
        self.name = name
        self.sex = sex
        self.title = title
        self.rating = rating
        self.federation = federation
        self.fide_id = fide_id
        self.birth_date = birth_date
        self.points = points
        self.rank = rank
        if cells is not None:
            self._rounds = Rounds(cells)
        elif isinstance(games, Rounds):
            self._rounds = games
        else:
            self._rounds = Rounds.of(games or ())
        self.origin = origin

    @property
    def games(self) -> Rounds:
        """The round cells, round 1 first, as :class:`Game` views."""
        return self._rounds

    @games.setter
    def games(self, games: Iterable[Game]) -> None:
        # A new store: views of the old rounds keep reading the old cells.
        self._rounds = Rounds.of(games)

    def cells(self) -> Cells:
        """The round cells as three columns, as stored."""
        return self._rounds._cells

    def game(self, round_no: int) -> Game:
        """The cell of round ``round_no`` (1-based) as a :class:`Game` of its
        own (a copy: edit through :attr:`games`)."""
        return self._rounds._cells.game(round_no - 1)

    @property
    def cell_count(self) -> int:
        """How many round cells the line holds (``len(games)``)."""
        return len(self._rounds._cells.opponents)

    @property
    def is_rated(self) -> bool:
        """A rating of blank or 0 means unrated."""
        return bool(self.rating)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Player)
        return (
            all(getattr(self, f) == getattr(other, f) for f in _PLAYER_VALUES)
            and self.cells() == other.cells()
        )

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]  # mutable, like every record

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in _PLAYER_VALUES)
        return f"Player({fields}, games={self.cells().games()!r})"


_CELL_COUNT = attrgetter("cell_count")
_PLAYER_VALUES = tuple(
    a.name for a in attrs.fields(Player) if not a.name.startswith("_") and a.name != "origin"
)
"""The fields a player's equality compares besides his cells (not where he was read)."""


@attrs.define
class Header:
    """A tournament record (code ending in 2): ``value`` is the text from column 5."""

    code: str
    value: str = ""
    origin: Origin | None = _ORIGIN

    @property
    def text(self) -> str:
        return self.value.strip()


@attrs.define
class RoundDates:
    """Record 132: the date of each round, aligned with the 001 round blocks."""

    dates: list[DateText] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="132", init=False)


def one_date_per_line(lines: Sequence[RoundDates]) -> bool:
    """Whether several 132 lines give one round's date each, in line order
    (as gnutterts/chesspairing writes them: ``132 2025/01/15``, then
    ``132 2025/01/16``), rather than repeating TRF16's one 132 line, of
    which the first is used."""
    return len(lines) > 1 and all(len(r.dates) <= 1 for r in lines)


@attrs.define
class Scoring:
    """Records 162 (games) and 362 (team matches): symbol → points."""

    code: str
    scores: list[tuple[str, Decimal | None]] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN


@attrs.define
class Team:
    """A team: TRF16 ``013`` or TRF26 ``310``.

    ``number`` is written only in 310; for 013 it is the order of the line.
    """

    code: str
    name: str = ""
    members: list[int | None] = attrs.Factory(list)
    number: int | None = None
    nickname: str = ""
    strength: int | None = None
    match_points: Decimal | None = None
    game_points: Decimal | None = None
    rank: int | None = None
    origin: Origin | None = _ORIGIN


@attrs.define
class NationalRating:
    """TRF26 National Rating Support record (a federation code in columns 1-3)."""

    federation: str
    start_rank: int
    sex: str = ""
    classification: str = ""
    name: str = ""
    rating: int | None = None
    region: str = ""
    national_id: str = ""
    birth_date: DateText = NO_DATE
    origin: Origin | None = _ORIGIN


@attrs.define
class Bye:
    """TRF26 240: full-, half- or zero-point byes of one round."""

    bye_type: str
    round: int | None = None
    ids: list[int | None] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="240", init=False)


@attrs.define
class Acceleration:
    """TRF26 250: fictitious points for a range of players and rounds."""

    match_points: Decimal | None = None
    game_points: Decimal | None = None
    first_round: int | None = None
    last_round: int | None = None
    first_id: int | None = None
    last_id: int | None = None
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="250", init=False)


@attrs.define
class ProhibitedPairing:
    """TRF26 260: players (or teams) who may not meet in a range of rounds."""

    first_round: int | None = None
    last_round: int | None = None
    ids: list[int | None] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="260", init=False)


@attrs.define
class AbnormalPoints:
    """TRF26 299: points assigned outside the results (bonus, penalty, ...)."""

    points_type: str = ""
    match_points: Decimal | None = None
    points: Decimal | None = None
    round: int | None = None
    ids: list[int | None] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="299", init=False)


@attrs.define
class LineUp:
    """TRF26 300: a team's line-up out of the default order."""

    round: int | None = None
    team: int | None = None
    opponent: int | None = None
    boards: list[int | None] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="300", init=False)


@attrs.define
class TeamBye:
    """TRF26 320: pairing-allocated byes of teams, one team per round."""

    match_points: Decimal | None = None
    game_points: Decimal | None = None
    teams: list[int | None] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="320", init=False)


@attrs.define
class ForfeitedMatch:
    """TRF26 330: a forfeited team match."""

    forfeit_type: str = ""
    round: int | None = None
    white_team: int | None = None
    black_team: int | None = None
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="330", init=False)


@attrs.define
class Accelerations:
    """JaVaFo XXA: one player's fictitious points, round by round."""

    id: int | None = None
    values: list[Decimal | None] = attrs.Factory(list)
    origin: Origin | None = _ORIGIN
    code: str = attrs.field(default="XXA", init=False)


@attrs.define
class EngineRecord:
    """A JaVaFo extension line other than XXA (XXR, XXC, XXZ, XXS, XXP).

    ``value`` is the text from column 5; :attr:`tokens` splits it.
    """

    code: str
    value: str = ""
    origin: Origin | None = _ORIGIN

    @property
    def tokens(self) -> list[str]:
        return self.value.split()


@attrs.define
class BbpPoints:
    """bbpPairings BBW/BBD/BBL/BBZ/BBF/BBU: the points of one kind of result."""

    code: str
    value: Decimal | None = None
    origin: Origin | None = _ORIGIN


@attrs.define
class TextRecord:
    """A record kept as text: 801/802 crosstables, Tornelo DAT lines."""

    code: str
    value: str = ""
    origin: Origin | None = _ORIGIN


@attrs.define
class Comment:
    """A TRF26 comment line (``###``); ``text`` follows the ``###``."""

    text: str = ""
    origin: Origin | None = _ORIGIN


@attrs.define
class Blank:
    """A blank line (possibly spaces and TABs)."""

    text: str = ""
    origin: Origin | None = _ORIGIN


@attrs.define
class UnknownLine:
    """A line with no known record code, kept verbatim (P001)."""

    text: str
    origin: Origin | None = _ORIGIN


Record = (
    Header
    | RoundDates
    | Scoring
    | Player
    | Team
    | NationalRating
    | Bye
    | Acceleration
    | ProhibitedPairing
    | AbnormalPoints
    | LineUp
    | TeamBye
    | ForfeitedMatch
    | Accelerations
    | EngineRecord
    | BbpPoints
    | TextRecord
    | Comment
    | Blank
    | UnknownLine
)
"""Any record of a TRF file."""

OtherRecord = (
    Bye
    | Acceleration
    | ProhibitedPairing
    | AbnormalPoints
    | LineUp
    | TeamBye
    | ForfeitedMatch
    | Accelerations
    | EngineRecord
    | BbpPoints
    | TextRecord
    | Comment
    | Blank
    | UnknownLine
)

HeaderRecord = Header | RoundDates | Scoring

TRF26_ONLY_RECORDS = (
    Bye,
    Acceleration,
    ProhibitedPairing,
    AbnormalPoints,
    LineUp,
    TeamBye,
    ForfeitedMatch,
    Comment,
)
"""Record classes only TRF-2026 defines (besides 310, NRS, 801/802 and the new headers)."""

R = TypeVar("R")


@attrs.define
class SourceInfo:
    """How the file was written: what the writer needs to reproduce it."""

    encoding: str = "utf-8"
    """The codec that decoded the bytes (``utf-8``, ``cp1252``, ``latin-1``...)."""
    bom: bool = False
    newline: str = "\n"
    """The most common line ending of the file."""
    path: str | None = None


@attrs.define
class Tournament:
    """A TRF file: its records, grouped, and the problems found reading it."""

    headers: list[HeaderRecord] = attrs.Factory(list)
    players: list[Player] = attrs.Factory(list)
    teams: list[Team] = attrs.Factory(list)
    national_ratings: list[NationalRating] = attrs.Factory(list)
    records: list[OtherRecord] = attrs.Factory(list)
    """Every other record, in file order."""
    dialect: Dialect = Dialect.TRF16
    diagnostics: list[Diagnostic] = attrs.Factory(list)
    source: SourceInfo | None = attrs.field(default=None, eq=False)

    # -- header access ---------------------------------------------------
    def header(self, code: str) -> str | None:
        """The stripped text of the first header record ``code``, or ``None``."""
        for h in self.headers:
            if h.code == code:
                if isinstance(h, Header):
                    return h.text
                if h.origin is not None:
                    return h.origin.text[4:].strip()
                return ""
        return None

    def header_record(self, code: str) -> HeaderRecord | None:
        """The first header record ``code`` itself (with its origin), or ``None``."""
        for h in self.headers:
            if h.code == code:
                return h
        return None

    def header_line(self, code: str) -> int:
        """The line of the first header record ``code`` (0 when absent)."""
        h = self.header_record(code)
        return h.origin.line if h is not None and h.origin is not None else 0

    def headers_of(self, code: str) -> list[str]:
        """The stripped text of every header record ``code`` (e.g. 112)."""
        return [h.text for h in self.headers if isinstance(h, Header) and h.code == code]

    @property
    def name(self) -> str | None:
        """012: tournament name."""
        return self.header("012")

    @property
    def city(self) -> str | None:
        return self.header("022")

    @property
    def federation(self) -> str | None:
        return self.header("032")

    @property
    def start_date(self) -> DateText | None:
        """042, parsed; ``None`` when the record is absent."""
        text = self.header("042")
        return None if text is None else parse_date(text)

    @property
    def end_date(self) -> DateText | None:
        text = self.header("052")
        return None if text is None else parse_date(text)

    @property
    def chief_arbiter(self) -> str | None:
        return self.header("102")

    @property
    def deputy_arbiters(self) -> list[str]:
        return self.headers_of("112")

    @property
    def time_control(self) -> str | None:
        """122: allotted time, free text."""
        return self.header("122")

    @property
    def round_dates(self) -> list[DateText]:
        """The date of each round (132): the first 132 line's, or, where
        every 132 line holds one date, the lines' dates in line order."""
        lines = [h for h in self.headers if isinstance(h, RoundDates)]
        if one_date_per_line(lines):
            return [r.dates[0] if r.dates else NO_DATE for r in lines]
        return list(lines[0].dates) if lines else []

    @property
    def scoring(self) -> Scoring | None:
        """162, the scoring system of individual games, when given."""
        for h in self.headers:
            if isinstance(h, Scoring) and h.code == "162":
                return h
        return None

    @property
    def number_of_rounds(self) -> int | None:
        """The number of rounds: 142, else XXR, else the longest 001 line."""
        declared = self.declared_rounds
        return declared if declared is not None else (self.rounds_played or None)

    @property
    def declared_rounds(self) -> int | None:
        """The number of rounds the header declares (142, else XXR; Vega's
        162), or ``None``: :attr:`number_of_rounds` without the walk over
        every line that its fallback takes."""
        for text in (self.header("142"), self._engine_value("XXR")):
            count = whole_number(text.split()[0]) if text and text.split() else None
            if count is not None and self.dialect is not Dialect.VEGA:
                return count
        if self.dialect is Dialect.VEGA:
            text = self.header("162")
            count = whole_number(text) if text else None
            if count is not None:
                return count
        return None

    @property
    def rounds_played(self) -> int:
        """The last round in which any player has a cell (0 for none)."""
        return max(map(_CELL_COUNT, self.players), default=0)

    def _engine_value(self, code: str) -> str | None:
        for r in self.records:
            if isinstance(r, EngineRecord) and r.code == code:
                return r.value.strip()
        return None

    # -- other records ---------------------------------------------------
    def event_teams(self) -> list[Team]:
        """The event's teams: the 310 records, else the 013 ones. A file that
        has both (TEC's sample, some writers) lists its teams twice, and 310
        replaces 013 (TRF26 §3.7): a 013 line of such a file is no team of
        the event. Every reader of teams (standings, checks, conversion)
        asks this."""
        return [x for x in self.teams if x.code == "310"] or list(self.teams)

    def records_of(self, kind: type[R]) -> list[R]:
        """Every record of class ``kind`` among :attr:`records`, in file order."""
        return [r for r in self.records if isinstance(r, kind)]

    def player(self, start_rank: int) -> Player | None:
        """The player with this starting rank."""
        for p in self.players:
            if p.start_rank == start_rank:
                return p
        return None

    def all_records(self) -> Iterator[Record]:
        """Every record of every collection (not in file order)."""
        yield from self.headers
        yield from self.players
        yield from self.teams
        yield from self.national_ratings
        yield from self.records
