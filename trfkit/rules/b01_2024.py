"""FIDE Title Regulations (B.01), applied from 1 January 2024.

§0.5, §1.1.4, §1.3 and §1.4.6-§1.4.9 from a verbatim transcription of the
FIDE handbook page (chapter B012024); §1.4.1-§1.4.5 and §1.7 from an
article-by-article reading note with exact thresholds (docs/norms.md names
both). Readings the sources leave open are listed in ``readings``.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from trfkit.rules.title_ruleset import Method, TitleRuleSet

RULES = TitleRuleSet(
    name="b01-2024",
    title="FIDE Title Regulations (B.01) applied from 1 January 2024",
    effective=datetime.date(2024, 1, 1),
    until=None,
    reference="FIDE Title Regulations (B.01) 2024",
    method=Method.OPPONENTS,
    sections={"R701": "§0.5, §1.4"},
    least_minutes_for_60=120,  # §1.1.3: two hours for all the moves of a 60-move game
    most_rounds_a_day=2,  # §1.1.3
    most_hours_a_day=12,  # §1.1.2
    minimum_games=9,  # §1.4.1a
    eight_of_nine=True,  # §1.4.1c
    team_championship_games=7,  # §1.4.1b
    world_cup_games=8,  # §1.4.1b: counts as 9
    credited_games_cap=13,  # §1.7
    subsets=True,  # §1.4.1e/f
    foreign_federations=2,  # §1.4.3
    own_federation_cap=Fraction(3, 5),  # §1.4.4, maximum counts rounded down
    one_federation_cap=Fraction(2, 3),  # §1.4.4
    titled_share=Fraction(1, 2),  # §1.4.5a, minimum counts rounded up
    title_share=Fraction(1, 3),  # §1.4.5b-e
    title_minimum=3,  # §1.4.5b-e
    double_round_robin_players=6,  # §1.4.5f
    norm_titles={
        "GM": frozenset({"GM"}),  # §1.4.5b
        "IM": frozenset({"GM", "IM"}),  # §1.4.5c
        "WGM": frozenset({"GM", "IM", "WGM"}),  # §1.4.5d
        "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),  # §1.4.5e
    },
    unrated_rating=1400,  # §1.4.6d
    rating_floor={"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850},  # §1.4.6b
    average_minimum={"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030},  # §1.4.8a
    performance_minimum={"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250},  # §1.4.8
    minimum_score=Fraction(35, 100),  # §1.4.8b
    section={
        "rate-of-play": "§1.1.3",
        "rounds-a-day": "§1.1.3",
        "hours-a-day": "§1.1.2",
        "games": "§1.4.1",
        "complete-event": "§1.4.1f",
        "federations": "§1.4.3",
        "own-federation": "§1.4.4",
        "one-federation": "§1.4.4",
        "title-holders": "§1.4.5a",
        "norm-titles": "§1.4.5b-e",
        "double-round-robin": "§1.4.5f",
        "average": "§1.4.6-1.4.7, §1.4.8a",
        "performance": "§1.4.8-1.4.9",
        "score": "§1.4.8b",
    },
    readings=(
        "An exemption of §1.4.3a-d waives §1.4.4 too (a reading note reports a "
        "written answer of the Qualification Commission); without it the caps would "
        "apply to exempted players.",
        "FID players count as games, title holders and in Ra, but as no federation "
        "(Qualification Commission clarification, reported by a reading note).",
        "§1.4.1c: every share (titled opponents, federations, score) is taken of the "
        "8 games played.",
        "§1.4.5f: in a double round robin, half the distinct opponents (rounded up) "
        "hold the norm's titles, instead of one third, minimum 3.",
    ),
)
