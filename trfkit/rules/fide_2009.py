"""FIDE Rating Regulations, amended by the General Assemblies through 2008.

Source: the regulation's text as given to the project (K 15 below 2400,
+15 per half point, 9 games, floor 1200 from 1 July 2009 §0.6). It governs
events from 1 July 2009 to 30 June 2014; :mod:`trfkit.rules.fide_2014` and
:mod:`trfkit.rules.fide_2017` take over from then.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from trfkit.rules.ruleset import (
    Amendment,
    DifferenceCap,
    Family,
    FirstRating,
    KFactor,
    RateClass,
    RateOfPlay,
    Rounding,
    RoundRobin,
    RuleSet,
    Schedule,
    Scope,
    Unrated,
)

RULES = RuleSet(
    name="fide-2009",
    title="FIDE Rating Regulations (GA 1982, amended through 2008)",
    family=Family.STANDARD,
    effective=datetime.date(2009, 7, 1),
    until=datetime.date(2014, 6, 30),
    reference="FIDE Rating Regulations 2009",
    sections={
        "R101": "§1.1",
        "R102": "§1.1",
        "R103": "§1.3",
        "R301": "§3.1",
        "R302": "§3.1",
        "R104": "§1.1, §3.1",
        "R401": "§4.1",
        "R501": "§5",
        "R502": "§5",
        "R601": "§6.3-6.31",
        "R602": "§6.32",
        "R603": "§6.1, §6.41",
        "R604": "§6.5-6.6",
        "R608": "§0.6",
    },
    # The regulation codes this text does not apply (trfkit.checks.registry).
    not_applicable={
        "R605": "CHESSA's rule (players per section and per tournament); this text has none",
        "R606": "CHESSA's rule (the least number of rounds); this text has none",
        "R607": "the rating-gap rule of the Rapid & Blitz Regulations (from 2024-12-01); this text has none",
    },
    rate_of_play=RateOfPlay(
        # §1.1: thresholds over every player "in the tournament".
        standard_minimum_minutes=((2200, 120), (1600, 90), (0, 60)),
        threshold_scope=Scope.TOURNAMENT,
        first_control_moves=40,  # §1.3: "it shall be 40 moves"
    ),
    schedule=Schedule(
        rounds_per_day={RateClass.STANDARD: 3},  # §3.1
        hours_per_day=12,  # §3.1
        duration_days=90,  # §4.1; leagues §4.11; QC Chairman §4.12
    ),
    round_robin=RoundRobin(
        rated_share=(1, 3),  # §6.3
        small_field=(10, 4),  # §6.31
        double_with_unrated=(6, 4),  # §6.32
    ),
    unrated=Unrated(
        # §6.41: three games against rated opponents and at least 1 point;
        # §6.1 says the same of "zero or half" (docs/sources/regulations.md I-11).
        min_rated_opponents=3,
        min_score=(1, 1),
        min_games=9,  # §7.14
    ),
    match_unrated_not_rated=True,  # §6.6
    rating_floor=1200,  # §0.6
    difference_cap=DifferenceCap(
        limit=400,  # §8.54
    ),
    k=KFactor(
        # §8.56 as printed (docs/sources/regulations.md I-9: FIDE kept 25/15/10 in July 2009).
        by_rating=((2400, 10), (0, 15)),
        new_player=(30, 30),
    ),
    rounding=Rounding.NEW_RATING,  # §8.32, §8.57: .5 up
    first_rating=FirstRating(
        increment=Fraction(15),  # §8.23
    ),
    round_robin_iteration=True,  # §8.21b, §8.58
    amendments=(
        # docs/sources/regulations.md §1b [FN11]: the floor went down to 1000, announced in
        # June 2011; the date it took effect is unverified (July 2011 or July
        # 2012), so the earlier one: R608 then never flags a rating a list of
        # the time may have held.
        Amendment(
            effective=datetime.date(2011, 7, 1),
            title="2011-07-01: rating floor 1000",
            reference="FIDE announcement of June 2011",
            changes={"rating_floor": 1000},
            # The finding says 1000: it cites what set it, not §0.6's 1200.
            sections={"R608": "§0.6, floor 1000 from 2011-07-01 (FIDE announcement of June 2011)"},
        ),
    ),
)
