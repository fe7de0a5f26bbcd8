"""The records of a rating report: what the rating system does with each player.

The shape follows FIDE's Form 3 ("Report Form for Multiple Results in a Swiss
System Tournament", 2002, S004, docs/sources/README.md) and the per-player calculation
FIDE publishes today (docs/sources/regulations.md §3): per player the games
that count (N), their average rating (Rc), the score in them (W), the
expected score (We), K and the change; for a player without a rating, his
performance toward a first rating (:class:`Newcomer`).

Numbers are exact ``Fraction``s; only values a rule rounds (a new rating,
a first rating, an average a text prints as a whole number) are ``int``.
A value that does not apply is ``None``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, NamedTuple, overload

import attrs

from trfkit._records import positional_builder
from trfkit.rating.listed import Difference

__all__ = [
    "RATE_OF_PLAY_NOTE",
    "CheckSummary",
    "EventInfo",
    "GameRating",
    "LazyGames",
    "Newcomer",
    "PlayerRating",
    "RatingReport",
    "ReadingUse",
    "RoundRobinRating",
]


class GameRating(NamedTuple):
    """One round of one player, as the rating sees it.

    A NamedTuple rather than an attrs class, like :class:`trfkit.model.Origin`:
    a report holds one per round of every player.
    """

    round: int
    opponent: int | None
    """The opponent's starting rank (``None``: bye, not paired)."""
    opponent_rating: int | None
    """The rating this game uses for the opponent: his rating, or for an
    unrated opponent in a round robin his Ru (2002 §10.57, 2009 §8.58), or
    his temporary rating (CHESSA). ``None`` where he has none or the game
    does not count."""
    colour: str
    """``w``, ``b`` or ``-``, as the TRF writes it."""
    result: str
    """The TRF result code (``1 = 0 + - W D L H F U Z``, or blank)."""
    score: Fraction | None
    """1, ½ or 0 for a game that counts; ``None`` for one that does not."""
    rated: bool
    """The game counts for this player."""
    reason: str | None = None
    """Why it does not count, or a note on how it counts."""
    d: int | None = None
    """Own rating − opponent's, after the cap, as used for PD."""
    d_uncapped: int | None = None
    capped: bool = False
    """The cap changed D (FIDE marks the opponent's rating with ``*``)."""
    pd: Fraction | None = None
    """The expected score of this game (rules that sum PD per game)."""


class LazyGames(Sequence[GameRating]):
    """A player's :class:`GameRating` records, made when first read.

    A report of a 3000-player, 13-round Swiss holds 39,000 of them; a rating
    server that reads only N, W, We and the change never needs them, and
    making them cost more than reading the file (issue 4). Reading them in
    any way (iterating, indexing, comparing, pickling) makes them once; they
    are then an ordinary tuple. Until then the report keeps what it needs to
    make them: the tournament and the players' ratings.
    """

    __slots__ = ("_args", "_games", "_make")

    def __init__(self, make: Callable[..., tuple[GameRating, ...]], *args: Any) -> None:
        # make(*args) rather than a partial: one object fewer a player to
        # make and to free (a report has thousands).
        self._make: Callable[..., tuple[GameRating, ...]] | None = make
        self._args = args
        self._games: tuple[GameRating, ...] | None = None

    def _all(self) -> tuple[GameRating, ...]:
        if self._games is None:
            assert self._make is not None
            self._games, self._make, self._args = self._make(*self._args), None, ()
        return self._games

    @overload
    def __getitem__(self, i: int) -> GameRating: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[GameRating, ...]: ...
    def __getitem__(self, i: int | slice) -> GameRating | tuple[GameRating, ...]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[GameRating]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyGames):
            other = other._all()
        return isinstance(other, tuple) and self._all() == other

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled report carries its records, not the tournament.
        return (tuple, (self._all(),))


@attrs.frozen(weakref_slot=False)
class Newcomer:
    """A performance toward a first rating (2002 §10.2, 2009 §8.2,
    2022/2024 §8.2, R&B §7.2, CHESSA "1st Official rating")."""

    ra: Fraction | None
    """The average rating of the competition, with any hypothetical
    opponents (Ra; Rc in Swiss events before 2022)."""
    n: int
    """Games that count, hypothetical opponents not included."""
    w: Fraction
    p: Fraction | None
    """The fractional score the table is read with, rounded to hundredths."""
    dp: int | None
    ru: int | None
    """The rating this event gives, rounded, after any ceiling."""
    ru_uncapped: int | None
    hypothetical: int = 0
    """Hypothetical opponents (2 from 2024) in ``ra``, ``p``."""
    counts: bool = True
    """False when the rules disregard this event (score, rated opponents)."""
    publishable: bool = False
    """Enough games in this event alone, and at or above the floor."""
    reason: str = ""
    """Why it does not count or is not yet publishable."""
    ru_first: int | None = None
    """Round robins (2002, 2009): Ru before the iteration step."""
    rc_new: int | None = None
    """Round robins: Rc(new), the competition after the cap."""


@attrs.frozen(weakref_slot=False)
class PlayerRating:
    """One player's line of the report (Form 3 columns A-N, then We … new)."""

    start_rank: int
    name: str
    fide_id: int | None
    federation: str
    title: str
    rank: int | None
    rating: int | None
    """Ro: the rating the event is rated with (``None``: unrated)."""
    rating_source: str
    """``trf``, ``list`` (the players' list), or ``list-standard`` (a rapid
    or blitz event using the standard rating, R&B §7.2.1)."""
    score: Fraction
    """The final score the file gives (column 81-84), or the sum of results."""
    n: int
    """Games that count (L)."""
    rc: Fraction | None
    """Average rating of the opponents in those games (M)."""
    w: Fraction
    """Score in those games (N)."""
    we: Fraction | None
    k: int | None
    k_assumed: bool
    k_reason: str
    change: Fraction | None
    """K × (W − We), unrounded (after CHESSA's 50% and joint-winner rules)."""
    new_rating: int | None
    ru: int | None = None
    """A first-rating performance (see ``newcomer``)."""
    performance: int | None = None
    """CHESSA performance rating."""
    newcomer: Newcomer | None = None
    games: Sequence[GameRating] = ()
    """Each round (a tuple, or :class:`LazyGames`)."""
    notes: tuple[str, ...] = ()
    from_list: tuple[Difference, ...] = ()
    """Where the players' list's value was taken over the file's (the
    rating in force at the start), each with the file's and the list's."""

    @property
    def w_minus_we(self) -> Fraction | None:
        return None if self.we is None else self.w - self.we


build_player_rating = positional_builder(PlayerRating)
"""``PlayerRating(*fields)``, fast: every field, in order."""

build_newcomer = positional_builder(Newcomer)
"""``Newcomer(*fields)``, fast: every field, in order."""


@attrs.frozen
class RoundRobinRating:
    """The figures of the round-robin method (2002 §10.21b, 2009 §8.21b)."""

    rar: Fraction
    """The average rating of the rated players."""
    dpa: Fraction
    """The average dp of the rated players."""
    n: int
    ra: int
    """Rar − dpa × n/(n+1), rounded (the tournament average)."""


@attrs.frozen
class EventInfo:
    """The report header (Form 3's top block)."""

    name: str
    city: str
    federation: str
    chief_arbiter: str
    time_control: str
    start: datetime.date | None
    end: datetime.date | None
    type: str
    type_source: str
    rounds: int
    rate_class: str
    """``standard``, ``rapid`` or ``blitz``: which rating the event changes."""
    time_control_source: str = ""
    """Where ``time_control`` comes from: ``given`` (``--time-control``,
    which overrides the file), ``222``, ``122``, or ``""`` for none."""
    file_time_control: str = ""
    """The file's own 222/122 text when ``--time-control`` replaced it."""
    rate_class_assumed: str = ""
    """Why ``rate_class`` is an assumption (no readable time control), or ``""``."""


@attrs.frozen
class ReadingUse:
    """A reading a report relies on: the figures that the other reading of
    the same parameter would change."""

    parameter: str
    chosen: str
    other: str
    basis: str
    changed: tuple[tuple[int, str, str, str], ...]
    """(start rank, name, figure under the reading taken, under the other)."""


@attrs.frozen
class CheckSummary:
    """The errors ``trfkit check`` finds in a rated file, by code."""

    errors: int
    codes: tuple[tuple[str, int], ...]


RATE_OF_PLAY_NOTE = "rate of play: "
"""How the report's note on games the rate of play leaves unrated begins
(2002/2009 §1.1-1.2, 2017+ §1.1, R&B 2024 §1.1-1.2)."""


@attrs.frozen
class RatingReport:
    """What a rule set does with one tournament."""

    rules: str
    rules_title: str
    rules_reference: str
    rules_source: str
    """Why this rule set (``--rules``, or the start date and time control)."""
    amendments: tuple[str, ...]
    event: EventInfo
    players: tuple[PlayerRating, ...]
    """In final rank order (start rank where the file gives no rank)."""
    round_robin: RoundRobinRating | None = None
    notes: tuple[str, ...] = ()
    """Readings and assumptions that apply to the whole report."""
    rules_in_force: bool | None = None
    """Whether the rule set governed events of the event's start date
    (``None``: no date). ``rules_source`` says why when it did not."""
    readings: tuple[ReadingUse, ...] = ()
    """The open readings of the rule set that change this report's figures."""
    check: CheckSummary | None = None
    """What ``trfkit check`` finds in the file, when the caller ran it."""

    @property
    def nothing_to_rate(self) -> bool:
        """No game between two rated players counts, and no unrated player
        has a game against a rated opponent: the rating changes nothing.

        Not so when the rate of play leaves the games unrated (a note
        starting :data:`RATE_OF_PLAY_NOTE`): Form 3 shows them, each with
        J blank and the reason."""
        if any(p.n for p in self.players):
            return False
        return not any(n.startswith(RATE_OF_PLAY_NOTE) for n in self.notes)

    def player(self, start_rank: int) -> PlayerRating:
        for p in self.players:
            if p.start_rank == start_rank:
                return p
        raise KeyError(start_rank)
