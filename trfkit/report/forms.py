"""The documents of FIDE's Forms 1, 2 and 4(a), built from a tournament's records.

The rating regulations of 2002 print the forms an arbiter sends with a
tournament (S004, docs/sources/README.md): Form 1, the tournament report
with its crosstable; Form 2, the pairing card of each player; Form 4, whose
first page (a) is the tournament report page with the counts of players by
type. Each document here is plain data built from the file alone, with one
function per form; the renderers (:mod:`trfkit.report.form1`,
:mod:`trfkit.report.form2`, :mod:`trfkit.report.summary`) only lay it out.

* :func:`form1_of`: players in final rank order, each with the crosstable:
  a round robin's cells (the results against each player, both in a double
  round robin), or a Swiss event's rounds (opponent's row, colour, result),
  the rate of play in the form's words, the average rating and category,
  and the remarks;
* :func:`form2_of`: one pairing card per player, by pairing number: per
  round the opponent, colour, score and running total; the score against
  rated opponents, their number and average rating;
* :func:`summary_of`: the event's facts and the counts by type (rated,
  unrated, GM, IM, WGM, WIM, FM, WFM).

Points are the tournament's scoring system (:func:`trfkit.scoring.scoring_of`).

>>> import trfkit
>>> f = form1_of(trfkit.load("fixtures/roundrobin-8.trf"))
>>> f.players[0].name, f.players[0].cells[:3], f.category
('Brannigan, Aurelio', (None, '½', '1'), 8)
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import compress, repeat
from operator import add, attrgetter
from typing import NamedTuple

import attrs

from trfkit._gc import no_cyclic_gc
from trfkit._records import positional_builder
from trfkit.event import TournamentType, event_of, rate_class_of
from trfkit.model import (
    RESULT_OF,
    UNREADABLE,
    Cells,
    Dialect,
    Player,
    Result,
    Sex,
    Title,
    Tournament,
)
from trfkit.rating.calc import tournament_category
from trfkit.rating.listed import RatingListAt, compare, list_in_force
from trfkit.report.format import result_symbol
from trfkit.scoring import abnormal_points_by_player, expected_points, scoring_of
from trfkit.summary import summarize
from trfkit.timecontrol import Period, TimeControl

__all__ = [
    "BYE_WORDS",
    "COLOUR",
    "COUNT_TYPES",
    "MARKS",
    "NO_SUCH",
    "PAST",
    "Card",
    "CardColumns",
    "CardField",
    "CardRound",
    "Count",
    "Form1",
    "Form1Player",
    "Form1Round",
    "Form2",
    "FormEvent",
    "PointUnits",
    "Summary",
    "build_card",
    "build_form1_player",
    "by_points",
    "by_round",
    "card_columns",
    "card_field",
    "event_facts",
    "final_order",
    "form1_of",
    "form2_of",
    "point_units",
    "rate_of_play",
    "summary_of",
]

_GRID_TYPES = (TournamentType.ROUND_ROBIN, TournamentType.DOUBLE_ROUND_ROBIN, TournamentType.MATCH)
"""The events whose crosstable is a grid of players against players."""

BYE_WORDS = {
    "F": "full-point bye",
    "U": "pairing-allocated bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
    " ": "not paired",
}
"""What a round without an opponent was, by result code (Form 2 names it)."""


# --- the event ---------------------------------------------------------------------


@attrs.frozen
class FormEvent:
    """The facts at the head of every form, as the file gives them."""

    name: str
    """012."""
    city: str
    """022."""
    federation: str
    """032."""
    start: datetime.date | None
    """042, else the first round date."""
    end: datetime.date | None
    """052, else the last round date."""
    chief_arbiter: str
    """102."""
    deputies: tuple[str, ...]
    """112, one per line."""
    rounds: int
    """The rounds the players' lines hold."""
    rounds_scheduled: int | None
    """142 (or XXR), else the rounds played."""
    type: str
    """The tournament type (``swiss``, ``round-robin``, ...)."""
    type_source: str
    """Where the type came from: ``192``, ``092``, ``012`` or ``pairings``."""
    type_text: str
    """092 (free text) and 192 (the ETT26 code) as written, joined by ``; ``."""
    pairing_program: str
    """182, the pairing controller (Vega: 192), as written."""
    time_control: str
    """222, else 122, as written."""
    rate_of_play: str
    """The rate of play in the forms' words (:func:`rate_of_play`)."""
    round_dates: tuple[datetime.date | None, ...]
    """132: the date of each round, ``None`` where absent or unreadable."""
    paired_ahead: int = 0
    """1 when the last round is paired and not played yet (its games have
    opponents and colours and no result: a file written during the round)."""


def event_facts(
    t: Tournament, *, type: str | None = None, time_control: str | None = None
) -> FormEvent:
    """The head of the forms: 012-112, 122/222 and 132 of ``t``; ``type``
    and ``time_control`` replace what the file says (as ``trfkit check``'s
    options do)."""
    ev = event_of(t, type=type, time_control=time_control)
    s = summarize(t, ev)
    written = time_control or t.header("222") or t.header("122") or ""
    if ev.time_control is not None:
        words = rate_of_play(ev.time_control)
    elif written:
        words = f"{written} (as written: trfkit could not read it)"
    else:
        words = "not given in the file (122/222)"
    types = [
        x for x in (t.header("092"), None if t.dialect is Dialect.VEGA else t.header("192")) if x
    ]
    program = t.header("192" if t.dialect is Dialect.VEGA else "182") or ""
    return FormEvent(
        name=(t.name or "").strip(),
        city=(t.city or "").strip(),
        federation=(t.federation or "").strip(),
        start=s.start,
        end=s.end,
        chief_arbiter=(t.chief_arbiter or "").strip(),
        deputies=tuple(d for d in t.deputy_arbiters if d),
        rounds=s.rounds,
        rounds_scheduled=s.rounds_scheduled,
        type=ev.type.value,
        type_source=ev.type_source,
        type_text="; ".join(types),
        pairing_program=program,
        time_control=written,
        rate_of_play=words,
        round_dates=tuple(d.date for d in t.round_dates[: s.rounds]),
        paired_ahead=s.paired_ahead,
    )


def _duration(seconds: int) -> str:
    """``1½ hours``, ``2 hours``, ``1 hour 40 minutes``, ``25 minutes``."""
    minutes, secs = divmod(seconds, 60)
    hours, rest = divmod(minutes, 60)
    if secs:
        parts = [f"{minutes} minute{'s' if minutes != 1 else ''}"] if minutes else []
        return " ".join([*parts, f"{secs} second{'s' if secs != 1 else ''}"])
    if hours and rest == 30:
        return f"{hours}½ hours"
    if hours and not rest:
        return f"{hours} hour{'s' if hours != 1 else ''}"
    if hours:
        return f"{hours} hour{'s' if hours != 1 else ''} {rest} minutes"
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _periods_words(periods: Sequence[Period]) -> str:
    increments = {p.increment for p in periods}
    delays = {p.delay for p in periods}
    same_increment = len(increments) == 1
    parts = []
    for i, p in enumerate(periods):
        time = _duration(p.seconds)
        if p.moves is not None:
            part = f"{p.moves} moves in {time}"
        elif i == 0:
            part = f"all moves in {time}"
        else:
            part = f"the rest of the game in {time}"
        if p.increment and not same_increment:
            part += f" with {p.increment} seconds added per move"
        if p.delay and len(delays) != 1:
            part += f" with a delay of {p.delay} seconds per move"
        parts.append(part)
    text = ", then ".join(parts)
    if same_increment and periods[0].increment:
        text += f"; {periods[0].increment} seconds added per move from move 1"
    if len(delays) == 1 and periods[0].delay:
        text += f"; a delay of {periods[0].delay} seconds per move"
    return text


def rate_of_play(tc: TimeControl) -> str:
    """The rate of play as Form 1 asks for it: "… moves in … hours, then …".

    >>> from trfkit.timecontrol import parse_222, parse_time_control
    >>> rate_of_play(parse_time_control("90 min/40 moves + 30 min, 30 sec/move from move 1"))
    '40 moves in 1½ hours, then the rest of the game in 30 minutes; 30 seconds added per move from move 1'
    >>> rate_of_play(parse_222("40/7200:1800+30"))
    '40 moves in 2 hours, then the rest of the game in 30 minutes with 30 seconds added per move'
    >>> rate_of_play(parse_222("W300-B240"))
    'White: all moves in 5 minutes; Black: all moves in 4 minutes'
    """
    if tc.black is not None and tc.time_odds:
        return f"White: {_periods_words(tc.periods)}; Black: {_periods_words(tc.black)}"
    if not tc.periods:
        return tc.text
    return _periods_words(tc.periods)


# --- shared -----------------------------------------------------------------------


def final_order(players: Iterable[Player]) -> list[Player]:
    """The players in final rank order: by the file's rank (0 or blank is
    none); the unranked after them by points, most first, then pairing
    number, so that a file without ranks still lists its field by score.

    >>> from trfkit.model import Player
    >>> from decimal import Decimal
    >>> ps = [Player(1, points=Decimal(1)), Player(2, points=Decimal(2), rank=0),
    ...       Player(3, points=Decimal(0), rank=1)]
    >>> [p.start_rank for p in final_order(ps)]
    [3, 2, 1]
    """
    return sorted(
        players,
        key=lambda p: (not p.rank, p.rank or 0, -(p.points or 0), p.start_rank),
    )


def by_points(players: Iterable[Player]) -> list[Player]:
    """The players by points, most first, then pairing number: the order of
    :func:`final_order` for players without ranks, and Form 1's where the
    file's ranks do not follow the points."""
    return sorted(players, key=lambda p: (-(p.points or 0), p.start_rank))


_START_RANK = attrgetter("start_rank")
_TITLE_TEXT: dict[Title | None, str] = {None: "", **{x: x.value for x in Title}}
_SEX_TEXT: dict[Sex | None, str] = {None: "", **{x: x.value for x in Sex}}
"""A title's and a sex's letters by member, read from a dict: an enum's
``.value`` is a descriptor call, 3000 of them on a big event's forms."""


def _title(p: Player) -> str:
    return _TITLE_TEXT[p.title]


def _date_text(p: Player) -> str:
    """A birth date as ISO where the file's text is a whole date, else as written."""
    d = p.birth_date
    return d.date.isoformat() if d.date is not None else d.text


# --- Form 1 -------------------------------------------------------------------------


class Form1Round(NamedTuple):
    """One round of a player in a Swiss event's crosstable."""

    round: int
    opponent: int | None
    """The opponent's pairing number (``None``: a bye or not paired)."""
    row: int | None
    """The opponent's row in the form (its number in the crosstable)."""
    colour: str
    """``w``, ``b`` or ``""``."""
    result: str
    """``1 ½ 0`` played, ``+ - =`` unplayed, ``""`` no result."""
    code: str
    """The TRF result code as read (``1 = 0 + - W D L H F U Z``, blank)."""


@attrs.frozen(weakref_slot=False)  # no weakref slot: never weakly referenced
class Form1Player:
    """One row of Form 1."""

    row: int
    """1, 2, ... in final rank order: the number the crosstable refers to."""
    start_rank: int
    rank: int | None
    name: str
    fide_id: int | None
    title: str
    rating: int | None
    federation: str
    score: Decimal
    cells: tuple[str | None, ...] | None
    """A grid event's row: per player of the form, in its order, the results
    against him in round order (``None`` on the diagonal, ``""`` if they did
    not meet); ``None`` for a Swiss event."""
    read: Cells = attrs.field(repr=False)
    """The player's round cells as the file gives them."""
    rows: dict[int, int] = attrs.field(repr=False, eq=False)
    """Pairing number -> row in the form, for every player (shared)."""

    @property
    def rounds(self) -> tuple[Form1Round, ...]:
        """One per cell of the player's line: the opponent, his row, the colour and the result."""
        rows = self.rows
        return tuple(
            _new(Form1Round, (r, o, None if o is None else rows.get(o), COLOUR.get(col, ""),
                              *MARKS[code]))
            for r, (o, col, code) in enumerate(zip(*self.read, strict=True), 1)
        )  # fmt: skip


build_form1_player = positional_builder(Form1Player)
"""``Form1Player(...)`` by position, without attrs' frozen ``__init__``
(a call per field: 3000 rows, 12 fields)."""


@attrs.frozen
class Form1:
    """Form 1, the tournament report."""

    event: FormEvent
    grid: bool
    """A crosstable of players against players (round robins, matches);
    else one column per round (Swiss)."""
    players: tuple[Form1Player, ...]
    numbered_by_rank: bool
    """The file's ranks are 1, 2, ... n in order, so that each row's rank
    is its number in the crosstable."""
    rated: int
    average_rating: Fraction | None
    """The average rating of the rated players."""
    category: int | None
    """Round robins only (categories are defined for them)."""
    remarks: tuple[str, ...]
    team: bool = False
    """A team event (013 or 310 records): a player's round without a board
    is his team's (its bye, or a rest: U F H Z), and his points (81-84) are
    informative (TRF-2026: games and forfeit wins), so the crosstable shows
    such a round by its letter, not by the points a bye of his own is worth."""


COLOUR = {"w": "w", "b": "b", "-": "", " ": ""}
"""A cell's colour as the forms show it (``-`` and blank: none)."""
MARKS = {code: (result_symbol(code) or "", code.strip()) for code in RESULT_OF}
"""A result code -> (the forms' mark, the code as shown)."""
_new = tuple.__new__  # NamedTuples by position, without their __new__'s call


def _points_table(t: Tournament) -> dict[tuple[str, str], Decimal]:
    """The points of a cell by (result code, colour as the forms show it), under ``t``'s scoring system; an unreadable result is worth 0."""
    table = {
        (r.value, c.value if c.value in "wb" else ""): v
        for (r, c), v in scoring_of(t).table().items()
        if r is not None
    }
    for c in ("w", "b", ""):
        table[UNREADABLE, c] = Decimal(0)
    return table


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def _order_remarks(order: Sequence[Player], scrambled: str) -> list[str]:
    """What the form says of its order: by points where the file's ranks do
    not follow them (S105), or where it gives none."""
    if scrambled:
        return [
            f"The file's ranks (001 columns 86-89) do not follow the points ({scrambled}; "
            "trfkit check: S105): the players are listed by points, ties by pairing "
            "number, and numbered in that order (No.); the Rank column shows the file's ranks."
        ]
    if order and not any(p.rank for p in order):
        return [
            "The file gives no final ranks (001 columns 86-89): the players are listed "
            "by points, ties by pairing number."
        ]
    return []


class _Totals:
    """A player's points as his results give them, and whether the file's differ."""

    def __init__(self, t: Tournament) -> None:
        self.units_of = point_units(t)
        self.unit_of = self.units_of.units.__getitem__
        self.points_of = _points_table(t)
        self.scoring = scoring_of(t)
        self.abnormal = abnormal_points_by_player(t)
        self.team = bool(t.teams)
        self.by_units: dict[int, Decimal] = {}  # few distinct totals: one Decimal each

    def summed(self, p: Player, cells: Cells) -> tuple[Decimal, bool]:
        """The points ``p``'s results give, and whether the file's points differ."""
        units = sum(map(self.unit_of, map(add, cells.results, cells.colours)))
        summed = self.by_units.get(units)
        if summed is None:
            summed = self.by_units[units] = self.units_of.points(units)
        if p.points is None or summed == p.points:
            return summed, False
        if not self.team and p.start_rank in self.abnormal:
            # TRF-2026 299 gives the player other points: summed as check's
            # S104 sums them (one function), so that the form says what it says.
            summed = expected_points(p, self.scoring, self.abnormal[p.start_rank])
            if summed == p.points:
                return summed, False
        # As the results' own Decimals add up (the places they show).
        return sum(
            (self.points_of[code, COLOUR.get(col, "")]
             for code, col in zip(cells.results, cells.colours, strict=True)),
            Decimal(0),
        ), True  # fmt: skip


def _informative_remark(informative: list[str]) -> str:
    """In a team event the players' points are informative (TRF-2026 §3.3)
    and check does not judge them (S104 info): the differences are one
    remark that says so, not a remark per player."""
    shown = informative[:_NAMED]
    more = len(informative) - len(shown)
    return (
        f"In a team event the players' points (001 columns 81-84) are informative "
        "(TRF-2026: games and forfeit wins; a team's bye may be left out) and not judged "
        f"(trfkit check: S104 info): {len(informative)} player"
        f"{'s' if len(informative) != 1 else ''}' totals differ from what their results "
        "add up to: " + "; ".join(shown) + (f"; and {more} more" if more else "")
    )


def _unrated_remarks(order: Sequence[Player], numbered: bool) -> list[str]:
    """Form 1: "Birthdates of unrated players must be given." Named by the
    number the form shows: the rank, or the row where ranks are not 1..n."""
    out = []
    for i, p in enumerate(order, 1):
        if not p.rating:
            born = _date_text(p)
            who = f"{p.name} ({'rank' if numbered else 'No.'} {i})"
            out.append(
                f"{who}, unrated: born {born}"
                if born
                else f"{who}, unrated: the file gives no birth date"
            )
    return out


def _crosstable_row(player: Form1Player, i: int, n: int) -> Form1Player:
    """A round robin's grid row: each opponent's results by his row, the
    player's own cell blank."""
    met: dict[int, str] = {}
    for x in player.rounds:
        if x.row is not None:
            met[x.row] = met.get(x.row, "") + x.result
    row = tuple(None if j == i else met.get(j, "") for j in range(1, n + 1))
    return attrs.evolve(player, cells=row)


def form1_of(
    t: Tournament,
    remarks: Sequence[str] = (),
    *,
    type: str | None = None,
    time_control: str | None = None,
) -> Form1:
    """Form 1 of ``t``. ``remarks`` are added to the file's own (the
    changes of name, title or federation that a players' list shows);
    ``type`` and ``time_control`` as :func:`event_facts`."""
    event = event_facts(t, type=type, time_control=time_control)
    grid = TournamentType(event.type) in _GRID_TYPES
    team = bool(t.teams)
    totals = _Totals(t)
    scrambled = _ranks_refused(t)
    # A crosstable in rank order uses ranks check accepts (S105): by points
    # where the file's ranks do not follow them.
    order = by_points(t.players) if scrambled else final_order(t.players)
    row_of = {p.start_rank: i for i, p in enumerate(order, 1)}
    numbered = [p.rank for p in order] == list(range(1, len(order) + 1))
    own_remarks = _order_remarks(order, scrambled)
    informative: list[str] = []
    players = []
    build, title_text = build_form1_player, _TITLE_TEXT
    for i, p in enumerate(order, 1):
        cells = p.cells()
        summed, differs = totals.summed(p, cells)
        if differs:
            assert p.points is not None
            who = f"{p.name} ({'rank' if numbered else 'No.'} {i})"
            if team:
                informative.append(f"{who} {_points(p.points)} against {_points(summed)}")
            else:
                own_remarks.append(
                    f"{who}: the file gives {_points(p.points)} points, the results add up "
                    f"to {_points(summed)}"
                )
        player = build(
            i,  # row
            p.start_rank,
            p.rank or None,
            p.name,
            p.fide_id or None,  # 0: no FIDE ID, as a rating of 0 is none
            title_text[p.title],
            p.rating or None,
            p.federation.strip(),
            p.points if p.points is not None else summed,  # score
            None,  # cells: a grid's, below
            cells,  # read
            row_of,  # rows
        )
        players.append(_crosstable_row(player, i, len(order)) if grid else player)
    ratings = [p.rating for p in t.players if p.rating]
    average = Fraction(sum(ratings), len(ratings)) if ratings else None
    round_robin = event.type in ("round-robin", "double-round-robin")
    category = tournament_category(average) if average is not None and round_robin else None
    if informative:
        own_remarks.append(_informative_remark(informative))
    own_remarks += _unrated_remarks(order, numbered)
    return Form1(
        event=event,
        grid=grid,
        players=tuple(players),
        numbered_by_rank=numbered,
        rated=len(ratings),
        average_rating=average,
        category=category,
        remarks=(*own_remarks, *remarks),
        team=team,
    )


_NAMED = 8
"""How many players a remark about many names before ``and N more``."""


def _ranks_refused(t: Tournament) -> str:
    """Why the file's ranks cannot order Form 1, as check's S105 errors say
    (a player ranked below one with fewer points, a rank beyond the field);
    "" when they can. Missing ranks are not refused: the unranked follow the
    ranked by points (:func:`final_order`). Not in a team event, whose
    players' ranks follow no points that S105 judges."""
    from trfkit.checks.standings import displaced

    if t.teams:
        return ""
    n = len(t.players)
    beyond = sum(1 for p in t.players if p.rank and p.rank > n)
    below = len(displaced(t))
    why = []
    if below:
        why.append(f"{below} player{'s' if below != 1 else ''} ranked below one with fewer points")
    if beyond:
        why.append(f"{beyond} rank{'s' if beyond != 1 else ''} beyond the {n} players")
    return ", ".join(why)


def _points(x: Decimal) -> str:
    return format(x.normalize(), "f") if x == x.to_integral_value() else str(x)


# --- Form 2 -------------------------------------------------------------------------


class CardRound(NamedTuple):
    """One round of a pairing card."""

    round: int
    opponent: int | None
    """The opponent's pairing number (``None``: a bye or not paired)."""
    name: str
    """The opponent's name, or what the round was (``pairing-allocated bye``...)."""
    rating: int | None
    colour: str
    """``w``, ``b`` or ``""``."""
    result: str
    """``1 ½ 0`` played, ``+ - =`` unplayed, ``""`` no result."""
    code: str
    points: Decimal
    total: Decimal
    """The running total after this round."""


@attrs.frozen(eq=False)
class PointUnits:
    """The points of each result of an event, counted in whole *units*
    (``1 / 10^places`` of a point, the finest the scoring system uses), so
    that sums of points are integer sums; :meth:`points` gives them back as
    Decimals of the same value."""

    units: dict[str, int]
    """A result code followed by the colour as read (``1w``, ``=b``, ``U-``)
    -> its points in units; :data:`PAST` twice (no such round) -> 0."""
    places: int
    """A unit is ``10^-places`` of a point."""

    def points(self, units: int) -> Decimal:
        return Decimal(units).scaleb(-self.places)


@attrs.frozen(eq=False)
class CardField(PointUnits):
    """What every pairing card of one event reads: the points of each
    result, and each player's name and rating by pairing number."""

    opponents: dict[int, tuple[str, int | None]]
    """Pairing number -> (name, rating or ``None``)."""
    ratings: dict[int | None, int] = attrs.field(
        default=attrs.Factory(
            lambda self: {o: r or 0 for o, (_, r) in self.opponents.items()}, takes_self=True
        ),
        repr=False,
    )
    """Pairing number -> rating, 0 for none: made once for the event, not
    once a card (each card of the JSON, CSV and HTML works out its own
    columns: 3000 cards read a dict of 3000 ratings)."""


PAST = "\0"
"""The result code and colour of a round past a card's last (a short line
among longer ones): no points, no game."""

_PLAYED = frozenset({Result.WIN.value, Result.DRAW.value, Result.LOSS.value})
_NO_GAME = re.compile("[^" + re.escape("".join(sorted(_PLAYED))) + "]")
"""A code that is no game played (``1 = 0``): a forfeit, a bye, no result."""

NO_SUCH = ("no such player", None)
"""A card's (name, rating) of an opponent the file has no line for."""


class CardColumns(NamedTuple):
    """The figures of a run of cards, a column per round (:func:`card_columns`):
    each column holds one entry per card, in the cards' order."""

    opponents: list[tuple[int | None, ...]]
    results: list[tuple[str, ...]]
    """The result codes as read (:data:`PAST` past a card's last round)."""
    keys: list[list[str]]
    """The result code followed by the colour as read (``CardField.units``'s keys)."""
    units: list[list[int]]
    """The round's points in units."""
    totals: list[list[int]]
    """The running total in units after the round."""
    rated_games: list[int]
    """Per card: games played (1 = 0) against opponents with a rating."""
    rated_units: list[int]
    """Per card: the points of those games, in units."""
    rated_sum: list[int]
    """Per card: the sum of those opponents' ratings."""


def by_round(
    cells: Sequence[Cells], rounds: int | None = None
) -> tuple[list[tuple[int | None, ...]], list[tuple[str, ...]], list[tuple[str, ...]]]:
    """The opponents, result codes and colours of many players' cells, a
    column per round (each an entry per player): rounds 1 to ``rounds``
    (default: the longest line's), :data:`PAST` for results and colours
    (``None`` for opponents) past the end of a shorter line."""
    longest = max((len(c.opponents) for c in cells), default=0)
    if rounds is None:
        rounds = longest
    opponents = [c.opponents for c in cells]
    results = [c.results for c in cells]
    colours = [c.colours for c in cells]
    if any(len(c.opponents) != rounds for c in cells):  # unequal lines: padded, cut
        opponents = [
            o if len(o) == rounds else (o + (None,) * (rounds - len(o)))[:rounds] for o in opponents
        ]
        results = [r if len(r) == rounds else r.ljust(rounds, PAST)[:rounds] for r in results]
        colours = [c if len(c) == rounds else c.ljust(rounds, PAST)[:rounds] for c in colours]
    if not cells:
        return [()] * rounds, [()] * rounds, [()] * rounds
    return (
        list(zip(*opponents, strict=True)),
        list(zip(*results, strict=True)),
        list(zip(*colours, strict=True)),
    )


def card_columns(cells: Sequence[Cells], field: CardField) -> CardColumns:
    """The points, running totals and rated opponents of the cards whose
    cells are ``cells``, worked out round by round over all of them.

    Rated opponents (Form 2's foot) are those with a rating, met in a game
    played (``1 = 0``): forfeits and byes are no games. A column at a time
    (each a loop in C) rather than a cell at a time: 3000 cards of 13
    rounds are 39,000 cells.
    """
    n = len(cells)
    opponents, results, colours = by_round(cells)
    units_of = field.units.__getitem__
    rating = field.ratings.get
    nothing = repeat(0)  # endless: map stops at the round's column
    keys_by_round, units_by_round, totals_by_round, rated_by_round = [], [], [], []
    totals = [0] * n
    for opps, codes, read in zip(opponents, results, colours, strict=True):
        # operator.add: half the cost of str.__add__ (a slot wrapper) in map
        keys = list(map(add, codes, read))
        units = list(map(units_of, keys))
        totals = list(map(add, totals, units))
        keys_by_round.append(keys)
        units_by_round.append(units)
        totals_by_round.append(totals)
        # The opponent's rating where the game counts, else 0: his rating,
        # then 0 in the few cells whose code is no game (a forfeit, a bye),
        # found by a regular expression over the round's codes; measured
        # at two thirds of a lookup of each cell's code and a product.
        rated = list(map(rating, opps, nothing))
        for m in _NO_GAME.finditer("".join(codes)):
            rated[m.start()] = 0
        rated_by_round.append(rated)
    if rated_by_round:  # then per card, across its rounds
        rated_rows = list(zip(*rated_by_round, strict=True))
        rounds = len(rated_by_round)
        rated_games = [rounds - row.count(0) for row in rated_rows]
        rated_sum = list(map(sum, rated_rows))
        rated_units = list(map(sum, map(compress, zip(*units_by_round, strict=True), rated_rows)))
    else:
        rated_games = rated_sum = rated_units = [0] * n
    return CardColumns(
        opponents, results, keys_by_round, units_by_round, totals_by_round,
        rated_games, rated_units, rated_sum,
    )  # fmt: skip


@attrs.frozen(weakref_slot=False)  # no weakref slot: never weakly referenced
class Card:
    """Form 2, one player's pairing card: the player's fields as read, and
    his cells, from which the rounds and the foot's figures are worked out
    when read (:func:`card_columns`)."""

    start_rank: int
    name: str
    fide_id: int | None
    rating: int | None
    title: str
    birth_date: str
    federation: str
    sex: str
    rank: int | None
    declared: Decimal | None
    """The points the file's 001 line gives (None: none given, or a team
    event's, which are informative: TRF-2026 §3.3, check's S104 info)."""
    by_299: bool
    """The file's points differ from the results' by its 299 records
    (TRF-2026: points given outside the results), as check sums them."""
    cells: Cells
    field: CardField = attrs.field(repr=False)
    _columns: list[CardColumns] = attrs.field(factory=list, init=False, eq=False, repr=False)

    @property
    def columns(self) -> CardColumns:
        """This card's :func:`card_columns` (worked out once)."""
        if not self._columns:
            self._columns.append(card_columns([self.cells], self.field))
        return self._columns[0]

    @property
    def rounds(self) -> tuple[CardRound, ...]:
        """One per round of the card, byes and absences included."""
        field, c = self.field, self.columns
        out = []
        for r, ((o,), (code,), (key,), (units,), (total,)) in enumerate(
            zip(c.opponents, c.results, c.keys, c.units, c.totals, strict=True), 1
        ):
            if o is None:
                name, rating = BYE_WORDS.get(code, ""), None
            else:
                name, rating = field.opponents.get(o, NO_SUCH)
            mark, shown = MARKS[code]
            colour = COLOUR.get(key[1], "")
            points, running = field.points(units), field.points(total)
            out.append(CardRound(r, o, name, rating, colour, mark, shown, points, running))
        return tuple(out)

    @property
    def rated_games(self) -> int:
        """Games played (1 = 0) against opponents with a rating."""
        return self.columns.rated_games[0]

    @property
    def rated_score(self) -> Decimal:
        return self.field.points(self.columns.rated_units[0])

    @property
    def rated_average(self) -> Fraction | None:
        """The average rating of those opponents."""
        games = self.rated_games
        return Fraction(self.columns.rated_sum[0], games) if games else None

    @property
    def total(self) -> Decimal:
        totals = self.columns.totals
        return self.field.points(totals[-1][0] if totals else 0)

    @property
    def file_total(self) -> Decimal | None:
        """The file's points where they are not the card's total (its
        results'), which the card then shows beside it, as Form 1's remarks
        say it (check: S104); None where they agree or none is given."""
        d = self.declared
        return None if d is None or d == self.total else d


build_card = positional_builder(Card)
"""``Card(...)`` by position (``_columns`` too: a new empty list), without
attrs' frozen ``__init__`` (a call per field: 3000 cards, 12 fields)."""


@attrs.frozen
class Form2:
    """Form 2: the pairing cards, by pairing number."""

    event: FormEvent
    cards: tuple[Card, ...]


def point_units(t: Tournament) -> PointUnits:
    """The points of each result under ``t``'s scoring system, in units."""
    table = _points_table(t)
    # The finest decimal place of any result's points (0 for whole points).
    places = max([0, *(-int(v.as_tuple().exponent) for v in table.values())])
    units = {}
    for code in RESULT_OF:
        for read, shown in COLOUR.items():
            if (code, shown) in table:
                units[code + read] = int(table[code, shown].scaleb(places))
    units[PAST + PAST] = 0
    return PointUnits(units, places)


def card_field(t: Tournament) -> CardField:
    """The points, names and ratings every card of ``t`` reads."""
    units = point_units(t)
    return CardField(
        units.units,
        units.places,
        {p.start_rank: (p.name, p.rating or None) for p in t.players},
    )


@no_cyclic_gc()  # bulk work, no cycles (trfkit._gc)
def form2_of(t: Tournament, *, type: str | None = None, time_control: str | None = None) -> Form2:
    """The pairing cards of ``t``, one per player, by pairing number."""
    event = event_facts(t, type=type, time_control=time_control)
    field = card_field(t)
    build, title_text, sex_text = build_card, _TITLE_TEXT, _SEX_TEXT
    totals = _Totals(t)
    cards = []
    for p in sorted(t.players, key=_START_RANK):
        cells = p.cells()
        # The file's points as Form 1 judges them (one function): not in a
        # team event; a difference a 299 record makes is said as such.
        declared = None if totals.team else p.points
        by_299 = False
        if declared is not None and p.start_rank in totals.abnormal:
            by_299 = not totals.summed(p, cells)[1]
        cards.append(
            build(
                p.start_rank,
                p.name,
                p.fide_id or None,  # 0: no FIDE ID
                p.rating or None,
                title_text[p.title],
                _date_text(p),  # birth_date
                p.federation.strip(),
                sex_text[p.sex],
                p.rank or None,
                declared,
                by_299,
                cells,
                field,
                [],  # _columns: worked out when first read
            )
        )
    return Form2(event, tuple(cards))


# --- Form 4 (a): the tournament report page ----------------------------------------


COUNT_TYPES = ("rated", "unrated", "GM", "IM", "WGM", "WIM", "FM", "WFM")
"""The rows of Form 4's table of players by type, in the form's order."""


class Count(NamedTuple):
    """One row of Form 4's table: the players of a type."""

    number: int
    federations: int
    """Distinct federations among them (blank ones not counted)."""
    host: int
    """From the host federation."""
    other: int
    """From another federation."""
    no_federation: int = 0
    """With no federation in the file: neither host nor other (Form 4 (a)
    counts players by federation; a blank one shows none)."""


@attrs.frozen
class Summary:
    """Form 4 (a), the tournament report page."""

    event: FormEvent
    host_federation: str
    host_source: str
    """``032``, or ``most common`` when the file has no 032."""
    players: int
    federations: int
    schedule: tuple[tuple[datetime.date, int], ...]
    """Rounds per day, from 132."""
    undated_rounds: int
    """Rounds 132 gives no date for."""
    counts: dict[str, Count]
    """By :data:`COUNT_TYPES`."""


def summary_of(
    t: Tournament, *, type: str | None = None, time_control: str | None = None
) -> Summary:
    """Form 4 (a) of ``t``."""
    event = event_facts(t, type=type, time_control=time_control)
    feds = [p.federation.strip() for p in t.players]
    if event.federation:
        host, source = event.federation, "032"
    else:
        common = Counter(f for f in feds if f).most_common(1)
        host, source = (common[0][0] if common else ""), "most common"
    groups: dict[str, list[str]] = {k: [] for k in COUNT_TYPES}
    for p, fed in zip(t.players, feds, strict=True):
        groups["rated" if p.rating else "unrated"].append(fed)
        title = _title(p)
        if title in groups:
            groups[title].append(fed)
    counts = {}
    for kind, members in groups.items():
        host_players = sum(1 for f in members if host and f == host)
        blank = members.count("")
        counts[kind] = Count(
            len(members),
            len({f for f in members if f}),
            host_players,
            len(members) - host_players - blank,
            blank,
        )
    days = Counter(d for d in event.round_dates if d is not None)
    return Summary(
        event=event,
        host_federation=host,
        host_source=source,
        players=len(t.players),
        federations=len({f for f in feds if f}),
        schedule=tuple(sorted(days.items())),
        undated_rounds=event.rounds - sum(days.values()),
        counts=counts,
    )


# What Form 1's remarks name from a players' list (seed 004, Form 1:
# "changes of name, title or federation").
_LIST_REMARKS = {"name": "name", "title": "title", "federation": "federation"}


def list_remarks(
    t: Tournament,
    lists: Sequence[RatingListAt],
    *,
    rules: str = "auto",
    type: str | None = None,
    time_control: str | None = None,
) -> tuple[str, ...]:
    """Form 1's remarks from the players' list in force at the start: each
    player whose name, title or federation differs from the list's (the
    same comparison as ``trfkit check --rating-list``, R803-R806)."""
    ev = event_of(t, rules=rules, type=type, time_control=time_control)
    at = list_in_force(lists, ev.start)
    if at is None:
        return ()
    cls, _ = rate_class_of(ev)
    source = "the players' list" + (f" of {at.month:%Y-%m}" if at.month else "")
    out = []
    for d in compare(
        t,
        at.players,
        rate_class=cls,
        standard_fallback=ev.rules.first_rating.standard_rating_fallback,
    ):
        field = _LIST_REMARKS.get(d.kind)
        if field is None:
            continue
        out.append(
            f"player {d.player}: {field} {d.file_value or '(blank)'} in the file, "
            f"{d.list_value or '(blank)'} on {source}"
        )
    return tuple(out)
