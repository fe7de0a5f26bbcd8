"""The results of the norm engine: verdicts per player and title, as data.

No rendering here (see :mod:`trfkit.report.norms`): a verdict lists every
requirement with its value, what the Title Regulations require and whether
it is met, the games used, the rounds left out and why.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Protocol

import attrs

from trfkit.model import Player
from trfkit.rules.titles import TitleRuleSet

__all__ = ["NormGame", "NormReport", "PlayerNorms", "Requirement", "Verdict", "VerdictSource"]


@attrs.frozen
class Requirement:
    """One requirement of a title norm, as a verdict checks it."""

    name: str
    """A stable key: ``games``, ``federations``, ``own-federation``,
    ``one-federation``, ``title-holders``, ``norm-titles``,
    ``double-round-robin``, ``complete-event``, ``average``, ``performance``,
    ``rate-of-play``, ``rounds-a-day``, ``hours-a-day`` (the event's, §1.1),
    ``score``; 2003: ``rated``, ``foreign``, ``required-points``."""
    section: str
    """The section of the Title Regulations, e.g. ``§1.4.5a``."""
    text: str
    """What it asks, in words."""
    value: str
    """What the player's games give."""
    required: str
    """What the section requires, e.g. ``≥ 9``."""
    passed: bool | None
    """``None``: not modelled (the text is not established)."""


@attrs.frozen
class NormGame:
    """A game a verdict uses."""

    round: int
    opponent: int
    """The opponent's starting rank."""
    name: str
    federation: str
    title: str
    rating: int | None
    """As the file gives it (``None``: unrated)."""
    rating_used: int
    """After the unrated value and the floor (§1.4.6)."""
    points: Decimal
    colour: str
    raised: bool = False
    """Raised to the rating floor (§1.4.6b-c)."""


@attrs.frozen
class Verdict:
    """Whether one player's result is one title's norm, and why."""

    title: str
    achieved: bool | None
    """``None`` when the edition does not say (a requirement not modelled)."""
    performance: bool | None
    """A title performance (§0.5): Ra and Rp reach the title's minimums."""
    games: int
    credited_games: int | None
    """The games the norm counts for (§1.4.1b/c: 8 as 9; §1.7: at most 13);
    ``None`` when no norm."""
    extra_games: int
    """§1.4.1d: each full point above the requirement, one more game."""
    points: Decimal
    ra: int | None
    rp: int | None
    rc: int | None
    """The opponents' average rating as listed (unrated at the edition's value, no floor)."""
    percentage: int | None
    category: int | None
    required_points: Decimal | None
    requirements: tuple[Requirement, ...]
    used: tuple[NormGame, ...]
    left_out: tuple[tuple[int, str], ...]
    """(round, why) of every round not used: not a game over the board,
    excluded (§1.4.2), or left out by the player's choice (§1.4.1e/f)."""
    notes: tuple[str, ...] = ()

    def requirement(self, name: str) -> Requirement | None:
        for r in self.requirements:
            if r.name == name:
                return r
        return None

    @property
    def failed(self) -> tuple[Requirement, ...]:
        return tuple(r for r in self.requirements if r.passed is False)


class VerdictSource(Protocol):
    """What works out a player's verdicts (the engine)."""

    def titles(self, p: Player) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The titles evaluated for ``p``, and notes on those that are not."""
        ...

    def verdict(self, p: Player, title: str) -> Verdict: ...


class PlayerNorms:
    """One player's verdicts, worked out when first read (a big open's
    players are screened, and only candidates evaluated in full)."""

    __slots__ = ("_player", "_source", "_titles", "_verdicts")

    def __init__(self, player: Player, source: VerdictSource) -> None:
        self._player = player
        self._source = source
        self._titles: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        self._verdicts: dict[str, Verdict] = {}

    @property
    def start_rank(self) -> int:
        return self._player.start_rank

    @property
    def name(self) -> str:
        return self._player.name

    @property
    def title(self) -> str:
        t = self._player.title
        return t.value if t is not None else ""

    @property
    def federation(self) -> str:
        return self._player.federation

    @property
    def rating(self) -> int | None:
        return self._player.rating or None

    @property
    def fide_id(self) -> int | None:
        return self._player.fide_id

    @property
    def sex(self) -> str:
        s = self._player.sex
        return s.value if s is not None else ""

    @property
    def birth_date(self) -> str:
        return self._player.birth_date.text

    def _evaluated(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if self._titles is None:
            self._titles = self._source.titles(self._player)
        return self._titles

    @property
    def titles(self) -> tuple[str, ...]:
        """The titles evaluated: the women's titles for women only, and none
        the player holds already (or a higher one)."""
        return self._evaluated()[0]

    @property
    def notes(self) -> tuple[str, ...]:
        return self._evaluated()[1]

    def verdict(self, title: str) -> Verdict:
        v = self._verdicts.get(title)
        if v is None:
            v = self._verdicts[title] = self._source.verdict(self._player, title)
        return v

    def keep(self, verdict: Verdict) -> Verdict:
        """Hold ``verdict`` as this player's for its title (the engine's
        screen builds a norm's verdict at once)."""
        self._verdicts[verdict.title] = verdict
        return verdict

    @property
    def norms(self) -> tuple[Verdict, ...]:
        """A verdict per title evaluated, in the order GM, IM, WGM, WIM."""
        return tuple(self.verdict(t) for t in self.titles)

    def __repr__(self) -> str:
        return f"PlayerNorms({self.start_rank}, {self.name!r})"


@attrs.frozen
class NormReport:
    """Every player's title-norm verdicts in one tournament."""

    rules: TitleRuleSet
    rules_source: str
    """``given``, or how ``auto`` chose."""
    in_force: bool | None
    tournament: str
    city: str
    federation: str
    start: datetime.date | None
    end: datetime.date | None
    chief_arbiter: str
    rounds: int
    type: str
    exemption: str | None
    """The §1.4.3 exemption the arbiter declared (``1.4.3a``-``1.4.3d``)."""
    games_exception: str | None
    """The §1.4.1b event the arbiter declared (``team-championship``, ``world-cup``)."""
    players: Sequence[PlayerNorms]
    holders: tuple[tuple[PlayerNorms, tuple[Verdict, ...]], ...]
    """The players whose result is a norm, with those verdicts, in start-rank order."""
    notes: tuple[str, ...] = ()

    def player(self, start_rank: int) -> PlayerNorms | None:
        for p in self.players:
            if p.start_rank == start_rank:
                return p
        return None
