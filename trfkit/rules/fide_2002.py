"""FIDE Rating Regulations, amended by the General Assemblies through 2002.

Source: the 2002 text (S004 in docs/sources/README.md). Used for
events before 1 July 2009, the oldest text the project has.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from trfkit.rules.ruleset import (
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
    name="fide-2002",
    title="FIDE Rating Regulations (GA 1982, amended through 2002)",
    family=Family.STANDARD,
    # GA changes take effect on 1 July of the following year (§0.11).
    effective=datetime.date(2003, 7, 1),
    until=datetime.date(2009, 6, 30),
    reference="FIDE Rating Regulations 2002",
    sections={
        "R101": "§1.1",
        "R102": "§1.1",
        "R103": "§1.3",
        "R301": "§3.1",
        "R302": "§3.1",
        "R104": "§1.1, §3.1",
        "R401": "§4.1",
        "R501": "§5.1",
        "R502": "§5.1",
        "R601": "§6.3-6.31",
        "R602": "§6.32",
        "R603": "§6.1, §6.42",
        "R604": "§6.5",
    },
    # The regulation codes this text does not apply (trfkit.checks.registry).
    not_applicable={
        "R605": "CHESSA's rule (players per section and per tournament); this text has none",
        "R606": "CHESSA's rule (the least number of rounds); this text has none",
        "R607": "the rating-gap rule of the Rapid & Blitz Regulations (from 2024-12-01); this text has none",
        "R608": "the floor (1801) is the rater's: no section of this text is cited for a file's ratings below it",
    },
    rate_of_play=RateOfPlay(
        # §1.11-1.13: the thresholds look at every player "in the tournament".
        standard_minimum_minutes=((2200, 120), (1600, 90), (0, 60)),
        threshold_scope=Scope.TOURNAMENT,
        # §1.3: 40 moves are only "recommended".
        first_control_moves=40,
        first_control_binding=False,
    ),
    schedule=Schedule(
        # §3.1: no more than three rounds and 12 hours of play a day.
        rounds_per_day={RateClass.STANDARD: 3},
        hours_per_day=12,
        # §4.1, §4.11: 90 days; leagues may last longer.
        duration_days=90,
    ),
    round_robin=RoundRobin(
        # §6.3-6.32
        rated_share=(1, 3),
        small_field=(10, 4),
        double_with_unrated=(6, 4),
    ),
    unrated=Unrated(
        # §6.42: an unrated player needs three rated opponents; §6.1: less
        # than one point and his result is disregarded.
        min_rated_opponents=3,
        min_score=(1, 1),
        min_games=9,  # §9.14
    ),
    # §6.5: games after a match is decided are not rated.
    match_unrated_not_rated=False,
    # §10.31-32 and docs/sources/regulations.md I-8: ratings from 1801 are published.
    rating_floor=1801,
    difference_cap=DifferenceCap(
        limit=350,  # §10.51
    ),
    # §10.53-10.54: one PD for D = R − Rc, We = PD × n.
    expected_score_per_game=False,
    k=KFactor(
        # §10.54a: 25 until 30 games; 15 under 2400; 10 from 2400 (and 30 games).
        by_rating=((2400, 10), (0, 15)),
        new_player=(30, 25),
    ),
    rounding=Rounding.NEW_RATING,  # §10.56
    first_rating=FirstRating(
        increment=Fraction(25, 2),  # §10.23
        weighted_pool=True,  # §10.3
    ),
    round_robin_iteration=True,  # §10.21b, §10.51, §10.57
)
