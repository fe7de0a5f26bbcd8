"""CHESSA (Chess South Africa) rating rules in force from 1 January 2015.

Source: the CHESSA rules of 2015 (S002 in docs/sources/README.md). A national system with three classes in
one text: standard (at least 60 minutes), rapid (more than 10 and less than
60) and blitz (10 or less), all as time + 60 x increment ("Time Control").
"""

from __future__ import annotations

import datetime

from trfkit.rules.ruleset import (
    DifferenceCap,
    Family,
    KFactor,
    Minimums,
    Performance,
    RateClass,
    RateOfPlay,
    RatingMethod,
    RuleSet,
    Unrated,
)

RULES = RuleSet(
    name="chessa-2015",
    title="CHESSA Rating Rules 2015",
    family=Family.NATIONAL,
    effective=datetime.date(2015, 1, 1),
    reference="CHESSA Rating Rules 2015",
    sections={
        "R101": "Time Control 2",
        "R102": "Time Control 1",
        "R501": "Rounds 5",
        "R502": "Rounds 5",
        "R603": "First rating",
        "R605": "Number of players per tournament",
        "R606": "Rounds 1-2",
    },
    # The regulation codes this text does not apply (trfkit.checks.registry).
    not_applicable={
        "R103": "no rule on the first time control's moves in this text",
        "R104": "the classes are by time control alone: no section of these rules limits the standard games of a day",
        "R301": "no limit of rounds a day in this text",
        "R302": "no limit of playing hours a day in this text",
        "R401": "no limit on an event's duration in this text",
        "R601": "no share of rated players a round robin needs in this text",
        "R602": "no share of rated players a round robin needs in this text",
        "R604": "no rule on rating matches in this text",
        "R607": "the rating-gap rule of the Rapid & Blitz Regulations (from 2024-12-01); this text has none",
        "R608": "the floor (100) is the rater's: no section of these rules is cited for a file's ratings below it",
    },
    rate_of_play=RateOfPlay(
        standard_minimum_minutes=((0, 60),),
        rapid_minutes=(10, 60),
        blitz_minutes=(0, 10),
    ),
    minimums=Minimums(
        # "Number of players per tournament": 6 per section, 10 in all.
        section_players=6,
        tournament_players=10,
        # "Rounds": at least 5, or 4 for Braille tournaments; fewer only with
        # the Ratings Committee's dispensation.
        rounds=5,
        rounds_braille=4,
    ),
    unrated=Unrated(
        # Games against unrated players count in u8, u10 and beginner sections.
        only_rated_opponents=False,
        min_games=12,
    ),
    rating_floor=100,
    difference_cap=DifferenceCap(
        # "Difference in rating": the higher-rated player's D is at most +400,
        # the lower-rated player's at least -736.
        limit=400,
        lower=736,
    ),
    k=KFactor(
        # "K-Factor" 4: by rating group, never rising again (a TRF cannot show
        # a player's history: a list or --k gives the real K).
        by_rating=(
            (2200, 10),
            (2000, 15),
            (1800, 20),
            (1600, 25),
            (1300, 30),
            (1000, 35),
            (0, 40),
        ),
        by_class={RateClass.RAPID: 30, RateClass.BLITZ: 40},
    ),
    method=RatingMethod.PERFORMANCE,
    performance=Performance(
        gain_min_played=(1, 2),  # "50% Rule" 3
        late_default_as_loss=True,  # "50% Rule" 7
        joint_winners_keep_rating=True,  # "Players winning a tournament"
        temporary_ratings=True,
        unrated_floor_all_unrated={"u8": 500, "u10": 600, "beginner": 600},
    ),
)
