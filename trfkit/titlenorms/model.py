"""The results of the norm engine: verdicts per player and title, as data.

No rendering here (see :mod:`trfkit.report.norms`): a verdict lists every
requirement with its value, what the Title Regulations require and whether
it is met, the games used, the rounds left out and why.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from decimal import Decimal

import attrs

from trfkit.rules.titles import TitleRuleSet

__all__ = ["NormGame", "NormReport", "PlayerNorms", "Requirement", "Verdict"]


@attrs.frozen
class Requirement:
    """One requirement of a title norm, as a verdict checks it."""

    name: str
    """A stable key: ``games``, ``federations``, ``own-federation``,
    ``one-federation``, ``title-holders``, ``norm-titles``,
    ``double-round-robin``, ``complete-event``, ``average``, ``performance``,
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


class PlayerNorms:
    """One player's verdicts, worked out when first read (a big open's
    players are screened, and only candidates evaluated in full)."""

    __slots__ = (
        "_evaluate",
        "_verdicts",
        "birth_date",
        "federation",
        "fide_id",
        "name",
        "notes",
        "rating",
        "sex",
        "start_rank",
        "title",
        "titles",
    )

    def __init__(
        self,
        start_rank: int,
        name: str,
        title: str,
        federation: str,
        rating: int | None,
        fide_id: int | None,
        sex: str,
        birth_date: str,
        titles: tuple[str, ...],
        notes: tuple[str, ...],
        evaluate: Callable[[str], Verdict],
    ) -> None:
        self.start_rank = start_rank
        self.name = name
        self.title = title
        self.federation = federation
        self.rating = rating
        self.fide_id = fide_id
        self.sex = sex
        self.birth_date = birth_date
        self.titles = titles
        """The titles evaluated (the women's titles for women only)."""
        self.notes = notes
        self._evaluate = evaluate
        self._verdicts: dict[str, Verdict] = {}

    def verdict(self, title: str) -> Verdict:
        v = self._verdicts.get(title)
        if v is None:
            v = self._verdicts[title] = self._evaluate(title)
        return v

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
