"""The record a title rule set is made of: :class:`TitleRuleSet` and its vocabulary.

One module below the editions (``b01_2002`` ... ``b01_2024``, each one
:class:`TitleRuleSet` of data) and below :mod:`trfkit.rules.titles`, which
gathers them: the editions import their record from here, so the index can
import the editions without a circle.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping
from fractions import Fraction

import attrs

__all__ = [
    "EXEMPTIONS",
    "GAMES_EXCEPTIONS",
    "NORM_TITLES",
    "TITLE_HOLDERS",
    "Method",
    "TitleRuleSet",
]


EXEMPTIONS = ("1.4.3a", "1.4.3b", "1.4.3c", "1.4.3d")
"""§1.4.3 exemptions an arbiter declares: a national championship final, b
national team championship (the registering federation's players only), c
zonal or sub-zonal, d a Swiss with 20 rated foreigners from 3 federations, 10
of them GM/IM/WGM/WIM, every round."""
GAMES_EXCEPTIONS = ("team-championship", "world-cup")
"""§1.4.1b events: a World or Continental Team or Club Championship of 7 to 9
rounds (7 games enough); the World Cup or Women's World Cup (8 games, as 9)."""

NORM_TITLES = ("GM", "IM", "WGM", "WIM")
"""The titles gained by norms (B.01 2024 §1.4), in the order reports list them."""

TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
"""Title holders for the share of titled opponents: CM and WCM do not count
(B.01 2024 §1.4.5a; 2003 §8.4 "titles of 0.31, but not 0.311")."""


class Method(enum.Enum):
    """How an edition computes a norm.

    ``opponents`` (2017 on): Ra is the opponents' average after the floor
    and the unrated value, Rp = Ra + dp, thresholds per title.
    ``tournament`` (the 2003 handbook, Form 4 of the seeds): "the tournament
    consists of the player and his opponents"; Ra over all of them gives the
    category, from which a table (not established) gives the points required.
    """

    OPPONENTS = "opponents"
    TOURNAMENT = "tournament"


@attrs.frozen
class TitleRuleSet:
    """The norm requirements of one edition of the Title Regulations."""

    name: str
    title: str
    effective: datetime.date
    until: datetime.date | None
    reference: str
    """The short citation of every verdict and diagnostic of this edition."""
    method: Method
    modelled: bool = True
    why_not_modelled: str = ""
    """Why an edition is not modelled: which text was not read."""
    sections: Mapping[str, str] = attrs.field(factory=dict)
    """The section each diagnostic code (R7xx) cites under this edition."""

    # -- games (§1.4.1, 2003 §8.2) ---------------------------------------
    minimum_games: int | None = None
    eight_of_nine: bool = False
    """§1.4.1c: in a 9-round event, 8 games count as 9 when the missing one
    is a forfeit win or a pairing-allocated bye."""
    team_championship_games: int | None = None
    """§1.4.1b: games enough in 7- to 9-round World and Continental Team or
    Club Championships (declared by the arbiter)."""
    world_cup_games: int | None = None
    """§1.4.1b: games enough in the World Cup and Women's World Cup, counting
    as 9 (declared by the arbiter)."""
    credited_games_cap: int | None = None
    """§1.7: a norm of more than this many games counts as this many."""
    subsets: bool = False
    """§1.4.1e/f: later games and games against beaten opponents may be left out."""

    # -- federations (§1.4.3-1.4.4, 2003 §8.5-8.6) ------------------------
    foreign_federations: int | None = None
    """§1.4.3: opponents from at least this many federations not the player's."""
    own_federation_cap: Fraction | None = None
    """§1.4.4: at most this share of the opponents from the player's federation."""
    one_federation_cap: Fraction | None = None
    """§1.4.4: at most this share from any one federation."""
    foreign_share: Fraction | None = None
    """2003 §8.5: at least this share of the players not from the player's federation."""
    federations: int | None = None
    """2003 §8.6: at least this many federations represented."""

    # -- titled opponents (§1.4.5, 2003 §8.4) -----------------------------
    titled_share: Fraction | None = None
    title_share: Fraction | None = None
    """§1.4.5b-e: at least this share of the opponents hold the norm's titles ..."""
    title_minimum: int | None = None
    """... and at least this many."""
    double_round_robin_players: int | None = None
    """§1.4.5f: a double round robin needs this many players, and half its
    opponents (rounded up) holding the norm's titles."""
    norm_titles: Mapping[str, frozenset[str]] | None = None
    """§1.4.5b-e: the titles that count for each norm."""

    # -- ratings (§1.4.6-1.4.9, 2003 §8.3) --------------------------------
    unrated_rating: int | None = None
    """§1.4.6d (1400), 2003 §8.31 (2000)."""
    rating_floor: Mapping[str, int] | None = None
    """§1.4.6b: one opponent, the lowest, is raised to this floor."""
    rated_share: Fraction | None = None
    """2003 §8.3: at least this share of the players rated."""
    average_minimum: Mapping[str, int] | None = None
    """§1.4.8a: the least Ra."""
    performance_minimum: Mapping[str, int] | None = None
    """§1.4.8: the least Rp."""
    minimum_score: Fraction | None = None
    """§1.4.8b: the least score, as a share of the games."""
    required_points: str | None = None
    """Where the points a norm requires are not established: why (2003's table)."""
    least_minutes_for_60: int | None = None
    """§1.1.3: each player has at least this many minutes for the game,
    assuming it lasts 60 moves (the rate of play)."""
    most_rounds_a_day: int | None = None
    """§1.1.3: at most this many rounds on any day."""
    most_hours_a_day: int | None = None
    """§1.1.2: at most this many hours of play a day, counting 60-move games."""

    section: Mapping[str, str] = attrs.field(factory=dict)
    """The section of each requirement (keys as :class:`trfkit.titlenorms.Requirement` names)."""
    readings: tuple[str, ...] = ()
    """Readings taken where the sources leave the text open, in words."""

    def in_force(self, start: datetime.date | None) -> bool | None:
        """Whether this edition governed events starting on ``start``."""
        if start is None:
            return None
        return self.effective <= start and (self.until is None or start <= self.until)
