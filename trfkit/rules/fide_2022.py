"""FIDE Rating Regulations effective from 1 January 2022.

No primary text in the seeds: parameters from the sources cited in
docs/sources/regulations.md §1 (KOL, USC22, CX21, ZT). The thresholds use the
ratings "at the start of the tournament"; per game, the higher of the two.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from trfkit.rules.ruleset import (
    DifferenceCap,
    Family,
    FirstRating,
    KFactor,
    RateOfPlay,
    Rounding,
    RuleSet,
    Schedule,
    Scope,
    Unrated,
)

RULES = RuleSet(
    name="fide-2022",
    title="FIDE Rating Regulations effective from 1 January 2022",
    family=Family.STANDARD,
    effective=datetime.date(2022, 1, 1),
    until=datetime.date(2024, 2, 29),
    reference="FIDE Rating Regulations 2022",
    sections={
        "R101": "§1.1",
        "R102": "§1.1",
        "R103": "§1.2",
        "R302": "§3",
        "R104": "§1.1, §3",
        "R401": "§4",
        "R501": "§5",
        "R502": "§5",
        "R603": "§8.2.1",
        "R604": "§6",
        "R608": "§7.1.2",  # numbered as in 2024 (no 2022 text in the seeds)
    },
    # The regulation codes this text does not apply (trfkit.checks.registry).
    not_applicable={
        "R301": "no limit of rounds a day in this text",
        "R601": "no share of rated players a round robin needs in this text",
        "R602": "no share of rated players a round robin needs in this text",
        "R605": "CHESSA's rule (players per section and per tournament); this text has none",
        "R606": "CHESSA's rule (the least number of rounds); this text has none",
        "R607": "the rating-gap rule of the Rapid & Blitz Regulations (from 2024-12-01); this text has none",
    },
    rate_of_play=RateOfPlay(
        # §1.1 [KOL, USC22]: 120 minutes if a player in the game is 2400+, 90 if 1800+.
        standard_minimum_minutes=((2400, 120), (1800, 90), (0, 60)),
        threshold_scope=Scope.GAME,
        first_control_moves=30,  # §1.2 [KOL]
    ),
    schedule=Schedule(
        # The three-round cap is not in the later texts (docs/sources/regulations.md §2b).
        hours_per_day=12,
        # 90 days as before; events over 30 days report monthly [CX21].
        duration_days=90,
        interim_report_days=30,
    ),
    unrated=Unrated(
        # §8.2.1 [ZT]: a first event with a score of zero is ignored.
        min_score=(0, 1),
        score_strict=True,
        min_games=5,
    ),
    # Carried from 2009 §6.6; the 2024 text (§6) has the same rule.
    match_unrated_not_rated=True,
    rating_floor=1000,
    difference_cap=DifferenceCap(
        limit=400,
        # §8.3.1 [chesschat.org thread 18971 quotes it]: "a player may benefit
        # from only one upgrade under this rule, for the game in which the rating
        # difference is greatest". Capping the lower-rated player is no benefit
        # to him, so his games stay capped (docs/sources/regulations.md Q6).
        once_per_event=True,
    ),
    k=KFactor(
        # §8.3.3: 40 until 30 games, 20 under 2400, 10 from 2400; juniors 40 to
        # the end of the year of their 18th birthday while under 2300; K × n ≤ 700.
        by_rating=((2400, 10), (0, 20)),
        new_player=(30, 40),
        junior=(18, 2300, 40),
        games_cap=700,
    ),
    # Unverified for 2022 (docs/sources/regulations.md §1b); 2024's rule is assumed.
    rounding=Rounding.CHANGE,
    first_rating=FirstRating(
        increment=Fraction(20),  # §8.2 [ZT]
    ),
)
