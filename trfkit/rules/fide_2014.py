"""FIDE Rating Regulations effective from 1 July 2014 till 30 June 2017.

No verbatim text of the whole chapter survives in the sources found; every
parameter comes from quotations of single articles, a federation's copy of
the list and newcomer articles, and officials' reports of the changes of
1 July 2014 (docs/sources/rating-2014-2017.md). The numbering is the 2009
text's, which the 2014 text kept.

Changes against the 2009 text: K 40/20/10 and a junior K of 40 until the
18th birthday (§8.56, quoted verbatim); five games against rated opponents
over 26 months for a first rating (§7.14); half a point is enough in a first
event (§6.1, §8.21); Ru + 20 per half point above 50%; floor 1000; no cap of
three rounds a day, only 12 hours (§3.1).

Open points are :class:`~trfkit.rules.Reading` s: whether the thresholds of
§1.1 look at the tournament or the game, the K × n ≤ 700 cap (absent from
every 2014 quotation), and the rounding of the change.
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
    Reading,
    Rounding,
    RoundRobin,
    RuleSet,
    Schedule,
    Scope,
    Unrated,
)

RULES = RuleSet(
    name="fide-2014",
    title="FIDE Rating Regulations effective from 1 July 2014",
    family=Family.STANDARD,
    effective=datetime.date(2014, 7, 1),
    until=datetime.date(2017, 6, 30),
    reference="FIDE Rating Regulations 2014",
    sections={
        "R101": "§1.1",
        "R102": "§1.1",
        "R103": "§1.3",
        "R302": "§3.1",
        "R104": "§1.1, §3.1",
        "R401": "§4.1",
        "R501": "§5",
        "R502": "§5",
        "R601": "§6.3-6.31",
        "R602": "§6.32",
        "R603": "§6.1, §7.14",
        "R604": "§6.5-6.6",
    },
    # The regulation codes this text does not apply (trfkit.checks.registry).
    not_applicable={
        "R301": "no limit of rounds a day in this text",
        "R605": "CHESSA's rule (players per section and per tournament); this text has none",
        "R606": "CHESSA's rule (the least number of rounds); this text has none",
        "R607": "the rating-gap rule of the Rapid & Blitz Regulations (from 2024-12-01); this text has none",
        "R608": "the floor (1000) is the rater's: no section of this text is cited for a file's ratings below it",
    },
    rate_of_play=RateOfPlay(
        # §1.1: 120 minutes at 2200, 90 at 1600, 60 below (unchanged thresholds).
        standard_minimum_minutes=((2200, 120), (1600, 90), (0, 60)),
        threshold_scope=Scope.TOURNAMENT,
        first_control_moves=40,  # §1.3 as in 2009: "it shall be 40 moves"
    ),
    schedule=Schedule(
        # §3.1: the cap of three rounds a day was lifted on 1 July 2014; 12 hours
        # of play a day remain, counted on 60-move games.
        hours_per_day=12,
        duration_days=90,  # §4.1; leagues §4.11
    ),
    round_robin=RoundRobin(
        rated_share=(1, 3),  # §6.3, kept: §7.14a refers to it
        small_field=(10, 4),  # §6.31
        double_with_unrated=(6, 4),  # §6.32
    ),
    unrated=Unrated(
        # §6.1/§8.21: a first event with a score of zero is disregarded; half a
        # point against one rated player is enough (no minimum of 3 opponents).
        min_score=(0, 1),
        score_strict=True,
        min_games=5,  # §7.14: 5 games against rated opponents, 26 months
    ),
    match_unrated_not_rated=True,  # §6.6
    rating_floor=1000,  # §7.1x: "at least 1000"
    difference_cap=DifferenceCap(
        limit=400,  # §8.54: every game
    ),
    k=KFactor(
        # §8.56 verbatim: 40 until 30 games; 20 under 2400; 10 once 2400 was
        # published; 40 for juniors "until their 18th birthday" under 2300.
        by_rating=((2400, 10), (0, 20)),
        new_player=(30, 40),
        junior=(18, 2300, 40),
        junior_until_birthday=True,
    ),
    rounding=Rounding.CHANGE,
    first_rating=FirstRating(
        # +20 per half point: FIDE's convention of half the highest K (40).
        increment=Fraction(20),
    ),
    round_robin_iteration=True,  # §8.21b, §8.58: "the rules for a RR are still in effect"
    readings=(
        Reading(
            parameter="rate_of_play.threshold_scope",
            alternative=Scope.GAME,
            chosen="the 120/90/60-minute thresholds of §1.1 look at every player in the tournament",
            other="they look at the two players of each game, as the 2017 text says",
            basis="no 2014 wording found; a description of the period's rule uses "
            "'the highest rating in the tournament'",
        ),
        Reading(
            parameter="k.games_cap",
            alternative=700,
            chosen="no K × n ≤ 700 cap",
            other="K reduced so that K × n ≤ 700, as from 2022",
            basis="every quotation of the 2014 §8.56 gives the four K lines only, and a "
            "published July 2014 example rates 19 games at K 40",
        ),
        Reading(
            parameter="rounding",
            alternative=Rounding.NEW_RATING,
            chosen="the change rounded to the nearest whole number, .5 away from zero",
            other="the new rating rounded to the nearest whole number, .5 up (2009 §8.57)",
            basis="no wording of 2014-2021 found; the later text's rule is taken",
        ),
    ),
)
