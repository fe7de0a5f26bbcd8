"""FIDE Rapid and Blitz Rating Regulations 2024, with the 2024-12-01 amendment.

Source: the Rapid & Blitz text of 2024 (S003 in docs/sources/README.md). Its header says "Applied from 1 January
2024"; the Handbook chapter says 1 March 2024, the date of the reform
(docs/sources/regulations.md I-12), which is used here. The amendment of 1 December 2024
(ZV) leaves unrated the games between players 600 or more points apart when
one of them is rated above 2600.
"""

from __future__ import annotations

import datetime

from trfkit.rules.ruleset import (
    Amendment,
    DifferenceCap,
    Family,
    FirstRating,
    KFactor,
    RateClass,
    RateOfPlay,
    Rounding,
    RuleSet,
    Schedule,
    Unrated,
)

RULES = RuleSet(
    name="fide-rb-2024",
    title="FIDE Rapid and Blitz Rating Regulations 2024",
    family=Family.RAPID_BLITZ,
    effective=datetime.date(2024, 3, 1),
    reference="FIDE Rapid & Blitz Rating Regulations 2024",
    sections={
        "R101": "§1.1-1.2",
        "R102": "§1.1",
        "R301": "§3.1",
        "R501": "§4.1",
        "R502": "§4.1",
        "R603": "§6.1.4, §7.2.2",
        "R604": "§5",
        "R608": "§6.1.2",
        "R607": "(amendment of 2024-12-01)",
    },
    # The regulation codes this text does not apply (trfkit.checks.registry).
    not_applicable={
        "R103": "no rule on the first time control's moves in this text",
        "R104": "rapid and blitz: no standard games to schedule",
        "R302": "no limit of playing hours a day in this text",
        "R401": "no limit on an event's duration in this text",
        "R601": "no share of rated players a round robin needs in this text",
        "R602": "no share of rated players a round robin needs in this text",
        "R605": "CHESSA's rule (players per section and per tournament); this text has none",
        "R606": "CHESSA's rule (the least number of rounds); this text has none",
    },
    rate_of_play=RateOfPlay(
        # §1.1.1 rapid: more than 10 and less than 60 minutes; §1.1.2 blitz:
        # more than 3 and at most 10; both as time + 60 x increment.
        rapid_minutes=(10, 60),
        blitz_minutes=(3, 10),
        time_odds_rated=False,  # §1.2
    ),
    schedule=Schedule(
        rounds_per_day={RateClass.RAPID: 15, RateClass.BLITZ: 30},  # §3.1
    ),
    unrated=Unrated(
        min_score=(0, 1),  # §7.2.2
        score_strict=True,
        min_games=5,  # §6.1.4
    ),
    match_unrated_not_rated=True,  # §5.1
    # §5.2: games after the match is decided are not rated (waivable).
    rating_floor=1400,  # §6.1.2
    difference_cap=DifferenceCap(
        limit=400,  # §7.3.1, every game; no 2650 exception
    ),
    k=KFactor(
        # §7.3.3: 40 until 30 games, 20 under 2400, 10 from 2400; juniors 40
        # to the end of the year of their 18th birthday while under 2300.
        by_rating=((2400, 10), (0, 20)),
        new_player=(30, 40),
        junior=(18, 2300, 40),
        games_cap=700,
    ),
    rounding=Rounding.CHANGE,  # §7.3.4
    first_rating=FirstRating(
        hypothetical=(2, 1800),  # §7.2.3
        ceiling=2200,  # §7.2.4
        standard_rating_fallback=True,  # §7.2.1
    ),
    amendments=(
        Amendment(
            effective=datetime.date(2024, 12, 1),
            title="2024-12-01: games 600+ points apart not rated if a player is above 2600",
            reference="FIDE Rapid & Blitz Rating Regulations 2024 (amended 2024-12-01)",
            changes={"rating_gap_limit": (600, 2600)},
        ),
    ),
)
