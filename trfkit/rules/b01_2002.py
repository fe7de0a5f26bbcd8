"""FIDE Title Regulations (B.01) of the 2003 handbook: the rules behind Form 4.

The seeds' Form 4 (certificate of title result and title-norm table) notes
"Unrated = 2000" and "R(a) = average rating of player and opponents"; the
2003 handbook's B.01 §8.1-§8.7 (read in an excerpt) gives the rest: the
tournament is the player and his opponents (§8.1), at least 9 games (§8.2),
80% rated (§8.3), unrated = 2000 (§8.31), half title holders (§8.4), a third
not from the player's federation (§8.5), three federations (§8.6). The
table of points required by category is **not** established, so whether a
result is a norm is not modelled; the requirements above are.

The editions between 2003 and the 2014 text were not read: events of those
years are judged by this text, and reports say so.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from trfkit.rules.title_ruleset import Method, TitleRuleSet

RULES = TitleRuleSet(
    name="b01-2002",
    title="FIDE Title Regulations (B.01) of the 2003 handbook (Form 4)",
    effective=datetime.date(2003, 7, 1),
    until=datetime.date(2014, 6, 30),
    reference="FIDE Title Regulations (B.01) 2003 handbook",
    method=Method.TOURNAMENT,
    sections={"R701": "§8"},
    minimum_games=9,  # §8.2
    foreign_share=Fraction(1, 3),  # §8.5
    federations=3,  # §8.6
    titled_share=Fraction(1, 2),  # §8.4
    unrated_rating=2000,  # §8.31; Form 4: "Unrated = 2000"
    rated_share=Fraction(4, 5),  # §8.3
    required_points="the 2002 table of points required by category is not established",
    section={
        "games": "§8.2",
        "rated": "§8.3, §8.31",
        "title-holders": "§8.4",
        "foreign": "§8.5",
        "federations": "§8.6",
        "required-points": "§8 (category table)",
    },
    readings=(
        "The tournament is the player and his opponents (§8.1): the shares of rated, "
        "titled and foreign players and the federations are counted over them, each "
        "opponent once per game.",
        "Ra (Form 4: average of the player and his opponents) and Rc are rounded half up; "
        "the category is floor((Ra - 2251) / 25) + 1 from Ra 2251 (secondary sources).",
    ),
)
