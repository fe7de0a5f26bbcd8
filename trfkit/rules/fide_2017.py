"""FIDE Rating Regulations effective from 1 July 2017 till 31 December 2021,
with the amendments effective from 1 February 2021.

As :mod:`trfkit.rules.fide_2014`, whose sources also give this text's
(docs/sources/rating-2014-2017.md), with two changes of 1 July 2017: the
thresholds of §1.1 look at "the players in the game" (quoted verbatim), and
the junior K lasts to the end of the year of the 18th birthday (FIDE's
published K values from 2017 on). The 2021-02-01 amendment (registration a
week ahead, hybrid events with the QC Chairman's approval) changes nothing
a file can show.

Open points are :class:`~trfkit.rules.Reading` s: the K × n ≤ 700 cap (taken
as in force with the 2017 rewrite of §8.56; not verified), whether the round
robin method for unrated players survived, and the rounding.
"""

from __future__ import annotations

import datetime

import attrs

from trfkit.rules import fide_2014
from trfkit.rules.ruleset import Amendment, Reading, Scope

# As 2014 but for what changed on 1 July 2017; each change says why.
RULES = attrs.evolve(
    fide_2014.RULES,
    name="fide-2017",
    title="FIDE Rating Regulations effective from 1 July 2017",
    effective=datetime.date(2017, 7, 1),
    until=datetime.date(2021, 12, 31),
    reference="FIDE Rating Regulations 2017",
    # The first control's 40 moves moved to §1.2 ("shall be 40 moves").
    sections={**fide_2014.RULES.sections, "R103": "§1.2"},
    # §1.1 verbatim: "Where at least one of the players in the game has a
    # rating 2200 or higher ... 120 minutes", 1600: 90, both below 1600: 60.
    rate_of_play=attrs.evolve(fide_2014.RULES.rate_of_play, threshold_scope=Scope.GAME),
    # §8.56: juniors keep K 40 under 2300 to the end of the year of their
    # 18th birthday (FIDE's published K values, 2017-2021).
    k=attrs.evolve(fide_2014.RULES.k, junior_until_birthday=False, games_cap=700),
    readings=(
        Reading(
            parameter="k.games_cap",
            alternative=None,
            chosen="K reduced so that K × n ≤ 700",
            other="no K × n cap, as in the 2014 quotations",
            basis="the cap is verbatim in 2022 and fits the 2017 rewrite of §8.56; "
            "no 2017-2021 text or calculation settles it",
        ),
        Reading(
            parameter="round_robin_iteration",
            alternative=False,
            chosen="round robins with unrated players rated by the 2009 method "
            "(Ra = Rar − dpa·n/(n+1), one iteration)",
            other="every game rated against rated opponents only, as in a Swiss",
            basis="the method was in force in 2014; whether the 2017 text kept it is unverified",
        ),
        # The same open point as in 2014, read the same way.
        fide_2014.RULES.readings[-1],
    ),
    amendments=(
        Amendment(
            effective=datetime.date(2021, 2, 1),
            title="2021-02-01: registration a week ahead; hybrid events with approval",
            reference="FIDE Rating Regulations 2017 §0.2 (amended 2021-02-01)",
            changes={},
        ),
    ),
)
