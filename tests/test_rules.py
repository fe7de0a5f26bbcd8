"""Rule sets: the registry, amendments by date, --rules auto, and the seeds' own examples."""

from __future__ import annotations

import datetime

import pytest

import trfkit
from tests.trfbuild import player_line
from trfkit.checks import validate
from trfkit.event import TournamentType, choose_rules, event_of, infer_type
from trfkit.rules import RULE_SETS, Family, RateClass, get
from trfkit.timecontrol import parse_time_control

HEAD = ["012 Test", "022 Bled", "032 SLO", "102 Kovac, Ana"]


def player(rank: int, rating: int, points: str, *cells: str) -> str:
    return player_line(rank, rating, points, cells, name=f"Player {rank}", born="1990/05/01")


def game(ratings: tuple[int, int], tc: str, start: str = "2025/05/01") -> trfkit.Tournament:
    """Two players, one game: the smallest file that has a rate of play."""
    lines = [
        *HEAD,
        f"042 {start}",
        f"122 {tc}",
        player(1, ratings[0], "1.0", "   2 w 1"),
        player(2, ratings[1], "0.0", "   1 b 0"),
    ]
    return trfkit.loads("\n".join(lines) + "\n")


def r101(t: trfkit.Tournament, rules: str = "auto") -> list[str]:
    return [d.message for d in validate(t, rules=rules) if d.code == "R101"]


def test_registry_names_the_issue_rule_sets() -> None:
    assert list(RULE_SETS) == [
        "fide-2002",
        "fide-2009",
        "fide-2014",
        "fide-2017",
        "fide-2022",
        "fide-2024",
        "fide-rb-2024",
        "chessa-2015",
    ]
    with pytest.raises(KeyError, match="choose one of"):
        get("fide-1999")


def test_every_rule_set_cites_a_section_for_each_code_it_checks() -> None:
    from trfkit.checks import CODES

    for rules in RULE_SETS.values():
        assert rules.sections, rules.name
        for code in rules.sections:
            assert code in CODES and code.startswith("R"), (rules.name, code)


def test_amendments_apply_by_start_date() -> None:
    fide = get("fide-2024")
    assert fide.as_of(datetime.date(2025, 9, 30)).difference_cap.exempt_rating is None
    amended = fide.as_of(datetime.date(2025, 10, 1))
    assert amended.difference_cap.exempt_rating == 2650 and len(amended.applied) == 1
    rb = get("fide-rb-2024")
    assert rb.as_of(datetime.date(2024, 11, 30)).rating_gap_limit is None
    assert rb.as_of(datetime.date(2024, 12, 1)).rating_gap_limit == (600, 2600)


@pytest.mark.parametrize(
    ("start", "tc", "expected"),
    [
        (datetime.date(2005, 6, 1), "90+30", "fide-2002"),
        (datetime.date(2009, 7, 1), "90+30", "fide-2009"),
        (datetime.date(2014, 6, 30), "90+30", "fide-2009"),
        (datetime.date(2014, 7, 1), "90+30", "fide-2014"),
        (datetime.date(2017, 6, 30), "90+30", "fide-2014"),
        (datetime.date(2017, 7, 1), "90+30", "fide-2017"),
        (datetime.date(2021, 12, 31), "90+30", "fide-2017"),
        (datetime.date(2022, 1, 1), "90+30", "fide-2022"),
        (datetime.date(2024, 2, 29), "90+30", "fide-2022"),
        (datetime.date(2024, 3, 1), "90+30", "fide-2024"),
        (datetime.date(2025, 5, 1), "15+10", "fide-rb-2024"),
        (datetime.date(2025, 5, 1), "3+2", "fide-rb-2024"),
        # exactly 60 minutes is not rapid (R&B 2024 §1.1.1): standard rules
        (datetime.date(2025, 5, 1), "60", "fide-2024"),
        (None, "90+30", "fide-2024"),
    ],
)
def test_auto_picks_by_start_date_and_rate(
    start: datetime.date | None, tc: str, expected: str
) -> None:
    rules, why = choose_rules(start, parse_time_control(tc))
    assert rules.name == expected, why


def test_auto_uses_042_and_reports_why() -> None:
    ev = event_of(game((2500, 2400), "90+30", start="2009/09/01"))
    assert (ev.rules.name, ev.time_control_source) == ("fide-2009", "122")
    assert "2009-09-01" in ev.rules_source


@pytest.mark.parametrize(
    "tc",
    [
        # FIDE 2002 §1.14: each meets the 120-minute rule of §1.11.
        "All the moves in two hours",
        "40 moves in 75 minutes, followed by all the moves in 15 minutes but each time a "
        "player makes a move an extra 30 seconds is added to his clock time",
        "40 moves in 90 minutes, followed by all the moves in 30 minutes",
    ],
)
def test_2002_section_1_14_examples_meet_120_minutes(tc: str) -> None:
    assert r101(game((2600, 2250), tc, start="2005/05/01"), "fide-2002") == []


def test_2002_threshold_is_over_the_whole_tournament() -> None:
    # §1.11: one 2200+ player in the tournament sets 120 minutes for every
    # game, so 90 minutes fails even between two 2000 players.
    lines = [
        *HEAD,
        "042 2005/05/01",
        "122 90 min",
        player(1, 2000, "1.0", "   2 w 1", "0000 - U"),
        player(2, 2000, "0.0", "   1 b 0", "   3 w 0"),
        player(3, 2250, "1.0", "0000 - U", "   2 b 1"),
    ]
    t = trfkit.loads("\n".join(lines) + "\n")
    (msg,) = r101(t, "fide-2002")
    assert "player 3 is rated 2250" in msg and "120" in msg
    # Under fide-2024 the thresholds are per game: 90 minutes suffices below 2400.
    assert r101(t, "fide-2024") == []


@pytest.mark.parametrize(
    ("ratings", "fails"),
    [
        ((1850, 1700), True),  # a player 1800+: 90 minutes needed, 45+30 gives 75
        ((1799, 1700), False),
        ((2450, 1500), True),
    ],
)
def test_45_plus_30_fails_for_1800_plus_under_fide_2024(
    ratings: tuple[int, int], fails: bool
) -> None:
    found = r101(game(ratings, "45 min + 30 sec/move"), "fide-2024")
    assert bool(found) is fails
    if fails:
        assert "75 minutes" in found[0]


def test_60_plus_30_needs_both_below_2400() -> None:
    assert r101(game((2399, 2000), "60+30"), "fide-2024") == []
    (msg,) = r101(game((2400, 2000), "60+30"), "fide-2024")
    assert "2400 or more needs 120" in msg


@pytest.mark.parametrize(
    ("tc", "rated"),
    [
        ("3+0", False),  # 3: not more than 3
        ("3+2", True),  # 5: blitz
        ("10+0", True),  # 10: blitz (at most 10)
        ("10+1", True),  # 11: rapid
        ("15+10", True),  # 25: rapid
        ("50+10", False),  # 60: not less than 60
    ],
)
def test_rapid_and_blitz_bounds(tc: str, rated: bool) -> None:
    assert (r101(game((2000, 1900), tc), "fide-rb-2024") == []) is rated


def test_rapid_and_blitz_classes() -> None:
    rb = get("fide-rb-2024")
    assert [rb.rate_class(m) for m in (3, 3.5, 10, 10.5, 59.9, 60)] == [
        None,
        RateClass.BLITZ,
        RateClass.BLITZ,
        RateClass.RAPID,
        RateClass.RAPID,
        None,
    ]


def test_time_odds_are_not_rated_in_rapid_and_blitz() -> None:
    lines = [*HEAD, "042 2025/05/01", "222 W300-B240", player(1, 2000, "1.0", "   2 w 1")]
    lines.append(player(2, 1900, "0.0", "   1 b 0"))
    t = trfkit.loads("\n".join(lines) + "\n")
    assert any("different times" in m for m in r101(t, "fide-rb-2024"))


@pytest.mark.parametrize(
    ("tc", "expected"),
    [
        # CHESSA's own examples (S002, Time Control 2)
        ("45 min + 30 sec/move", RateClass.STANDARD),
        ("30 min + 20 sec/move", RateClass.RAPID),
        ("5 min + 3 sec/move", RateClass.BLITZ),
    ],
)
def test_chessa_classes(tc: str, expected: RateClass) -> None:
    chessa = get("chessa-2015")
    assert chessa.family is Family.NATIONAL
    assert chessa.rate_class(float(parse_time_control(tc).minutes_for(60))) is expected


def test_first_control_moves() -> None:
    short = game((2000, 1900), "25 moves in 90 min + 30 min")
    codes = {(d.code, d.severity.value) for d in validate(short, rules="fide-2024")}
    assert ("R103", "error") in codes
    assert "R103" not in {d.code for d in validate(short, rules="fide-rb-2024")}
    # 2002 §1.3 only recommends 40 moves: a warning
    codes = {(d.code, d.severity.value) for d in validate(short, rules="fide-2002")}
    assert ("R103", "warning") in codes
    ok = game((2000, 1900), "30 moves in 90 min + 30 min")
    assert "R103" not in {d.code for d in validate(ok, rules="fide-2024")}


def test_unreadable_time_control_points_into_the_122_text() -> None:
    t = game((2000, 1900), "90 min + 30 banana")
    (d,) = [d for d in validate(t) if d.code == "R102"]
    # "122 " then the text: "banana" starts at its 13th character.
    assert (d.line, d.column, d.found) == (6, 17, "banana")


def test_the_122_fields_own_description_is_named_as_such() -> None:
    # JaVaFo's sample files (and the corpus files made from them) carry the
    # field's description where the time control belongs.
    t = game((2000, 1900), "moves/time, increment")
    (d,) = [d for d in validate(t) if d.code == "R102"]
    assert (d.line, d.column, d.found) == (6, 5, "moves/time, increment")
    assert "the field's description, left unfilled" in d.message


def test_given_time_control_replaces_the_file() -> None:
    t = game((2450, 1500), "45+30")
    assert r101(t, "fide-2024")
    ev = event_of(t, rules="fide-2024", time_control="90+30")
    assert [d for d in validate(t, event=ev) if d.code == "R101"] == []


def test_type_from_192_092_or_pairings() -> None:
    t = game((2000, 1900), "90+30")
    assert infer_type(t) is TournamentType.MATCH
    assert event_of(t, type="swiss").type is TournamentType.SWISS
    with pytest.raises(ValueError):
        event_of(t, type="knockout")
