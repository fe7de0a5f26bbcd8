"""FIDE Rating Regulations effective from 1 March 2024, with the 2025-10-01 amendment.

No primary text in the seeds: parameters from the transcription ZV of FIDE
Handbook B.02 (2024) and the sources in docs/sources/regulations.md §1.
The amendment of 1 October 2025 exempts players rated 2650 or more from the
400-point rule for their own change [CB25]; it is applied by the event's
start date (:meth:`RuleSet.as_of`).
"""

from __future__ import annotations

import datetime

from trfkit.rules.ruleset import (
    Amendment,
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
    name="fide-2024",
    title="FIDE Rating Regulations effective from 1 March 2024",
    family=Family.STANDARD,
    effective=datetime.date(2024, 3, 1),
    reference="FIDE Rating Regulations 2024",
    sections={
        "R101": "§1.1",
        "R102": "§1.1",
        "R103": "§1.2",
        "R302": "§3",
        "R104": "§1.1, §3",
        "R401": "§4",
        "R501": "§5.1",
        "R502": "§5.1",
        "R603": "§7.1.4, §8.2.1",
        "R604": "§6",
        "R608": "§7.1.2",
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
        # §1.1: ratings of the players "in the game" at its start.
        standard_minimum_minutes=((2400, 120), (1800, 90), (0, 60)),
        threshold_scope=Scope.GAME,
        first_control_moves=30,  # §1.2
    ),
    schedule=Schedule(
        hours_per_day=12,  # §3 (ZV diff table)
        duration_days=90,  # §4
        interim_report_days=30,  # §4: events over 30 days report monthly
    ),
    unrated=Unrated(
        min_score=(0, 1),  # §8.2.1: a score of zero is not counted
        score_strict=True,
        min_games=5,  # §7.1.4
    ),
    match_unrated_not_rated=True,  # §6
    rating_floor=1400,  # §7.1.2
    difference_cap=DifferenceCap(
        limit=400,  # §8.3.1, every game again (QC24)
    ),
    k=KFactor(
        # §8.3.3 [ZV]: as 2022.
        by_rating=((2400, 10), (0, 20)),
        new_player=(30, 40),
        junior=(18, 2300, 40),
        games_cap=700,
    ),
    rounding=Rounding.CHANGE,  # §8.3.4
    first_rating=FirstRating(
        # §8.2.2-8.2.3: two hypothetical 1800 opponents, each a draw; at most 2200.
        hypothetical=(2, 1800),
        ceiling=2200,
    ),
    amendments=(
        Amendment(
            effective=datetime.date(2025, 10, 1),
            title="2025-10-01: no 400-point cap for players rated 2650+",
            reference="FIDE Rating Regulations 2024 §8.3.1 (amended 2025-10-01)",
            changes={"difference_cap.exempt_rating": 2650},
        ),
    ),
)
