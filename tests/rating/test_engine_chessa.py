"""CHESSA sections rated end to end, for mutants of rating/engine.py that
survived a run of tools/mutate.py (issue 21).

Every expected value is worked by hand from the CHESSA Rating Rules 2015:
Table 1 (% score → Dp, "MAF" at 0% and 100%: one more game, half a point
more, the player's own rating among the opponents'), Table 2 (D → H/L, the
higher-rated player's D at most 400, the lower's at least −736), the K
groups (1300-1599: 30, 1600-1799: 25, ...), the floor of the unrated
players, the 50% rule and "Players winning a tournament". The working is in
the comments; docs/testing.md lists the mutants each test kills.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import trfkit
from tests.trfbuild import swiss, swiss_text
from trfkit import rate
from trfkit.rating.engine import rate as engine_rate
from trfkit.rating.model import GameRating, Newcomer, PlayerRating, RatingReport
from trfkit.rating.ratinglist import ListedPlayer
from trfkit.rules import get

F = Fraction
CHESSA = "chessa-2015"
OPEN_UNRATED = "opponent unrated: not rated in this section"


def _chessa(
    ratings: list[int | None], games: list[tuple[int, int, int, str]], **options: object
) -> RatingReport:
    return rate(swiss(ratings, games, **options), rules=CHESSA)


def _figures(p: PlayerRating) -> tuple[object, ...]:
    """What the report publishes of a rated player: N, Rc, W, ΣWe, K, the
    change, the new rating, the performance, the notes."""
    return (p.n, p.rc, p.w, p.we, p.k, p.change, p.new_rating, p.performance, p.notes)


def _played(
    rnd: int, opp: int, opp_rating: int, colour: str, result: str, d: int, pd: str
) -> GameRating:
    """A rated player's game that counts (D within the caps: not capped)."""
    score = {"1": F(1), "=": F(1, 2), "0": F(0)}[result]
    return GameRating(rnd, opp, opp_rating, colour, result, score, True, None, d, d, False, F(pd))


def _skipped(rnd: int, opp: int | None, colour: str, result: str, reason: str) -> GameRating:
    return GameRating(rnd, opp, None, colour, result, None, False, reason)


def _newcomer_game(rnd: int, opp: int, opp_rating: int, colour: str, result: str) -> GameRating:
    score = {"1": F(1), "=": F(1, 2), "0": F(0)}[result]
    return GameRating(rnd, opp, opp_rating, colour, result, score, True, None)


# An open section of adults (born 1990): 1800, 1600, 1400, 1200 and two
# unrated players, 5 and 6 (33%: no beginner section), three rounds.
OPEN = [
    (1, 1, 5, "1"), (1, 2, 6, "="), (1, 3, 4, "1"),
    (2, 6, 5, "0"), (2, 1, 3, "="), (2, 2, 4, "1"),
    (3, 3, 5, "="), (3, 4, 6, "0"), (3, 1, 2, "="),
]  # fmt: skip


def test_an_open_section_rates_rated_players_against_rated_opponents_only() -> None:
    """Floor: (1800+1600+1400+1200)/4 = 1500 → 1500, and with the two
    unrated at 1500 the average stays 1500. Games against unrated players
    count only for activity ("Games vs. unrated opponents"); the unrated
    players' games all count."""
    report = _chessa([1800, 1600, 1400, 1200, None, None], OPEN)
    assert report.notes == ("unrated players' floor: 1500",)
    p1, p2, p3, p4 = (report.player(sr) for sr in (1, 2, 3, 4))
    # 1 (K 20): draws with 3 (D +400 → .92) and 2 (D +200 → .76): W 1,
    # ΣWe 1.68, change −13.6; but 1, 2 and 3 share first place on 2 points,
    # so 1 keeps his rating. Performance: 50% → AOR 1500 + 0.
    assert _figures(p1) == (
        2, F(1500), F(1), F("1.68"), 20, F(0), 1800, 1500, ("joint first place: no rating loss",),
    )  # fmt: skip
    assert tuple(p1.games) == (
        _skipped(1, 5, "w", "1", OPEN_UNRATED),
        _played(2, 3, 1400, "w", "=", 400, ".92"),
        _played(3, 2, 1600, "w", "=", 200, ".76"),
    )
    # 2 (K 25): beats 4 (D +400 → .92), draws with 1 (D −200 → .24):
    # W 1.5 − 1.16 = .34 × 25 = +8.5 → 1608.5 → 1609; 75% → +193 → 1693.
    assert _figures(p2) == (2, F(1500), F(3, 2), F("1.16"), 25, F("8.5"), 1609, 1693, ())
    assert p2.games[0] == _skipped(1, 6, "w", "=", OPEN_UNRATED)
    # 3 (K 30): beats 4 (D +200 → .76), draws with 1 (D −400 → .08):
    # .66 × 30 = +19.8 → 1420; 75% → 1693.
    assert _figures(p3) == (2, F(1500), F(3, 2), F("0.84"), 30, F("19.8"), 1420, 1693, ())
    assert p3.games[2] == _skipped(3, 5, "w", "=", OPEN_UNRATED)
    # 4 (K 35): loses to 3 (D −200 → .24) and 2 (D −400 → .08): −.32 × 35
    # = −11.2 → 1189. 0% is MAF: AOR (1400+1600+1200)/3 = 1400, and
    # 400·log10(3/0.5 − 1) = 279.6 below it → 1120.
    assert _figures(p4) == (2, F(1500), F(0), F("0.32"), 35, F("-11.2"), 1189, 1120, ())
    assert tuple(p4.games) == (
        _played(1, 3, 1400, "b", "0", -200, ".24"),
        _played(2, 2, 1600, "b", "0", -400, ".08"),
        _skipped(3, 6, "w", "0", OPEN_UNRATED),
    )


def test_an_open_section_gives_the_unrated_players_two_passes() -> None:
    """Steps 5-6: temporary ratings against the floor, then the published
    performances against the other unrated player's temporary rating. Both
    score 1½/3 = 50% (Dp 0).
    5: temporary (1800 + 1500 + 1400)/3 = 1566.7 → 1567, then
    (1800 + 1433 + 1400)/3 = 1544.3 → 1544.
    6: temporary (1600 + 1500 + 1200)/3 = 1433.3 → 1433, then
    (1600 + 1567 + 1200)/3 = 1455.7 → 1456.
    Three games are far from the 12 a first rating needs."""
    report = _chessa([1800, 1600, 1400, 1200, None, None], OPEN)
    p5, p6 = report.player(5), report.player(6)
    short = "3 game(s): a first rating needs 12, pooled over events"
    assert p5.newcomer == Newcomer(
        F(4633, 3), 3, F(3, 2), None, None, 1544, 1544, 0, True, False, short
    )
    assert p6.newcomer == Newcomer(
        F(4367, 3), 3, F(3, 2), None, None, 1456, 1456, 0, True, False, short
    )
    assert (p5.rating, p5.n, p5.rc, p5.w, p5.ru, p5.performance) == (
        None,
        3,
        F(4633, 3),
        F(3, 2),
        1544,
        1544,
    )
    assert (p5.we, p5.k, p5.change, p5.new_rating) == (None, None, None, None)
    assert p5.notes == ("temporary rating 1567",)
    assert p6.notes == ("temporary rating 1433",)
    assert tuple(p5.games) == (
        _newcomer_game(1, 1, 1800, "b", "0"),
        _newcomer_game(2, 6, 1433, "b", "1"),
        _newcomer_game(3, 3, 1400, "b", "="),
    )
    assert tuple(p6.games) == (
        _newcomer_game(1, 2, 1600, "b", "="),
        _newcomer_game(2, 5, 1567, "w", "0"),
        _newcomer_game(3, 4, 1200, "b", "1"),
    )


def test_an_unrated_players_performance_counts_the_games_after_a_round_off() -> None:
    """3 (unrated) sits out round 1, then beats both 1500s: the floor is
    1500; 100% is MAF: AOR (1500 + 1500 + 1500 own)/3 = 1500, plus
    400·log10(1/(3/2.5 − 1)) = 279.6 → 1780, both passes (no unrated
    opponent). 1 and 2 drew (50% → 1500); their games with 3 do not count."""
    report = _chessa([1500, 1500, None], [(1, 1, 2, "="), (2, 3, 1, "1"), (3, 2, 3, "0")])
    p3 = report.player(3)
    assert (p3.n, p3.rc, p3.w, p3.ru, p3.notes) == (
        2,
        F(1500),
        F(2),
        1780,
        ("temporary rating 1780",),
    )
    assert p3.games[0] == GameRating(1, None, None, "-", "Z", None, False, "zero-point bye")
    assert _figures(report.player(1)) == (1, F(1500), F(1, 2), F(1, 2), 30, F(0), 1500, 1500, ())


def test_twelve_games_publish_a_first_rating_and_no_rated_game_changes_nothing() -> None:
    """ "1st Official rating" 1: 12 games give a first rating: 3 (unrated)
    scores 6/12 against two 1500s (floor 1500) → 50% → 1500. 1 and 2 play
    only 3, whose games do not count in an open section: no rated game, so
    no ΣWe and no change."""
    games = [
        (r, 3, 1 if r % 2 else 2, "1" if r % 4 == 1 else ("0" if r % 4 == 3 else "="))
        for r in range(1, 13)
    ]
    report = _chessa([1500, 1500, None], games)
    p3 = report.player(3)
    assert p3.newcomer == Newcomer(F(1500), 12, F(6), None, None, 1500, 1500, 0, True, True, "")
    assert p3.ru == 1500
    for sr in (1, 2):
        p = report.player(sr)
        assert (p.n, p.rc, p.we, p.change, p.new_rating, p.performance) == (
            0,
            None,
            None,
            None,
            1500,
            None,
        )


# Four rounds (the 50% rule: a gain needs 2 rounds played), all rated.
FIFTY = [
    (1, 1, 2, "="), (1, 6, 5, "1"), (1, 7, 8, "="),
    (2, 3, 4, "1"), (2, 6, 2, "1"),
    (3, 3, 5, "-"), (3, 2, 4, "="),
    (4, 2, 4, "="),
]  # fmt: skip
FIFTY_RATINGS = [1620, 1625, 1200, 1600, 1000, 1600, 1500, 1500]


def test_the_fifty_percent_rule_on_each_side_of_half_the_rounds() -> None:
    """ "50% Rule" 3, 4, 7 and 8, with 4 rounds: half is 2."""
    report = rate(swiss(FIFTY_RATINGS, FIFTY), rules=CHESSA)
    # 1 (1620, K 25) draws once with 1625 (D −5 → .49): +0.25, but 1 round
    # of 4 played: no gain, and no performance (rule 8).
    p1 = report.player(1)
    assert _figures(p1) == (
        1, F(1625), F(1, 2), F("0.49"), 25, F(0), 1620, None,
        ("played 1 of 4 rounds: gains need 2 (50% rule)",),
    )  # fmt: skip
    assert p1.games[1] == _skipped(2, None, "-", "Z", "zero-point bye")
    # 3 (1200, K 35) beats 1600 (D −400 → .08) in round 2, then defaults in
    # round 3, after half the rounds: rated as a loss to 1000 (D +200 →
    # .76): W 1 − .84 = +.16 × 35 = +5.6; one round played (the default is
    # no game played), so no gain: 1200.
    p3 = report.player(3)
    assert _figures(p3) == (
        2, F(1300), F(1), F("0.84"), 35, F(0), 1200, None,
        ("played 1 of 4 rounds: gains need 2 (50% rule)",),
    )  # fmt: skip
    # 5 (1000) is not rated for 3's default; he lost to 1600 (D −600 → .02):
    # −.02 × 35 = −0.7 → 999: a loss applies whatever he played (rule 4).
    # His score is the file's: the forfeit win counts 1 in the standings.
    p5 = report.player(5)
    assert p5.score == 1
    assert _figures(p5) == (1, F(1600), F(0), F("0.02"), 35, F("-0.7"), 999, None, ())
    # 6 (1600, K 25) plays exactly half the rounds and wins both: 1000 (D
    # +600 capped to +400 → .92) and 1625 (D −25 → .47): +.61 × 25 = 15.25
    # → 1615. 100% is MAF: (1000 + 1625 + 1600)/3 = 1408.3, plus
    # 400·log10(1/(3/2.5 − 1)) = 279.6 → 1688.
    p6 = report.player(6)
    assert _figures(p6) == (2, F(2625, 2), F(2), F("1.39"), 25, F("15.25"), 1615, 1688, ())
    # 7 and 8 (1500) draw their one game: no change, so nothing to withhold.
    assert _figures(report.player(7)) == (1, F(1500), F(1, 2), F(1, 2), 30, F(0), 1500, None, ())


def test_the_fifty_percent_rule_in_a_league_of_teams_and_a_swiss_listing_teams() -> None:
    """Rule 6: not for team tournaments (a league of teams included); a
    Swiss whose file lists teams (013) is still an individual event."""
    teams = (
        "013 Alpha                           " + "   1    2    3    4\n"
        "013 Beta                            " + "   5    6    7    8\n"
    )
    text = swiss_text(FIFTY_RATINGS, FIFTY) + teams
    league = rate(trfkit.loads(text.encode()), rules=CHESSA, type="league")
    assert (league.player(1).change, league.player(1).new_rating, league.player(1).notes) == (
        F(1, 4),
        1620,
        (),
    )
    assert (league.player(3).change, league.player(3).new_rating) == (F("5.6"), 1206)
    listing = rate(trfkit.loads(text.encode()), rules=CHESSA, type="swiss")
    assert (listing.player(3).change, listing.player(3).new_rating) == (F(0), 1200)


def test_joint_winners_lose_nothing_and_keep_a_gain() -> None:
    """ "Players winning a tournament": all four share first on ½. 1 (1620)
    gains .01 × 25 = +0.25 against 1625 and keeps it; 2 would lose 0.25 and
    keeps 1625; 3 and 4 (equal ratings) change by 0 and need no note."""
    report = _chessa([1620, 1625, 1500, 1500], [(1, 1, 2, "="), (1, 3, 4, "=")])
    assert (report.player(1).change, report.player(1).notes) == (F(1, 4), ())
    assert (report.player(2).change, report.player(2).new_rating) == (F(0), 1625)
    assert report.player(2).notes == ("joint first place: no rating loss",)
    assert (report.player(3).change, report.player(3).notes) == (F(0), ())


def test_a_rated_performance_is_never_below_100() -> None:
    """ "No players' rating and performance will be allowed to drop below
    100": 1 (150) loses to two 150s: MAF, AOR (150 + 150 + 150)/3 = 150
    less 400·log10(5) = 279.6 → −130 → 100. His rating: 0 − 1.00 × 40 =
    −40 → 110."""
    report = _chessa([150, 150, 150], [(1, 1, 2, "0"), (2, 3, 1, "1")])
    assert (report.player(1).performance, report.player(1).new_rating) == (100, 110)


# A round robin of six (Berger tables): 1 wins every game, 6 loses every
# game, every other game is drawn.
BERGER = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
          [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]  # fmt: skip
ALL_UNRATED = [
    (r, a, b, "1" if a == 1 or b == 6 else "0" if b == 1 or a == 6 else "=")
    for r, pairs in enumerate(BERGER, start=1)
    for a, b in pairs
]


def test_an_all_unrated_u8_section_starts_from_500() -> None:
    """ "How unrated players will be treated" 2.1: nobody rated, under 8
    (born 2018, the event in 2025: 7) → floor 500. 400·log10(11) = 416.6
    (MAF over 5 games: 6/5.5 − 1 = 1/11).
    Temporary: 1 (5/5): (5 × 500 + 500)/6 + 416.6 → 917; 6 (0/5): 500 −
    416.6 = 83 → 100 (never below 100); 2-5 (50%): 500.
    Published: 1: (4 × 500 + 100 + 500)/6 = 433.3 + 416.6 → 850;
    6: (917 + 4 × 500 + 500)/6 = 569.5 − 416.6 → 153;
    2-5: (917 + 100 + 3 × 500)/5 = 503.4 → 503."""
    report = _chessa([None] * 6, ALL_UNRATED, born=["2018/05/05"] * 6)
    assert report.notes == (
        "u8 section: games against unrated players are rated",
        "unrated players' floor: 500",
    )
    assert {p.start_rank: p.ru for p in report.players} == {
        1: 850,
        2: 503,
        3: 503,
        4: 503,
        5: 503,
        6: 153,
    }
    assert report.player(1).notes == ("temporary rating 917",)
    assert report.player(6).notes == ("temporary rating 100",)


@pytest.mark.parametrize(
    ("born", "section", "floor"),
    [
        ("2016/05/05", "u10", 600),  # 9 in 2025
        ("1990/01/01", "beginner", 600),  # adults, all unrated
    ],
)
def test_an_all_unrated_u10_or_beginner_section_starts_from_600(
    born: str, section: str, floor: int
) -> None:
    """2.2: 600 for u10 and beginners. Temporary: 1: 600 + 416.6 → 1017;
    6: 600 − 416.6 → 183; 2-5: 600. Published: 1: (4 × 600 + 183 +
    600)/6 = 530.5 + 416.6 → 947; 6: (1017 + 4 × 600 + 600)/6 = 669.5 −
    416.6 → 253; 2-5: (1017 + 183 + 3 × 600)/5 = 600."""
    report = _chessa([None] * 6, ALL_UNRATED, born=[born] * 6)
    assert report.notes == (
        f"{section} section: games against unrated players are rated",
        f"unrated players' floor: {floor}",
    )
    assert {p.start_rank: p.ru for p in report.players} == {
        1: 947,
        2: 600,
        3: 600,
        4: 600,
        5: 600,
        6: 253,
    }


# Two rated (1500) and two unrated players, round robin of four: the
# section is a beginner one only if 67% are unrated (here 50%), so whether
# 1 and 2 are rated against 3 and 4 depends on the age group alone.
MIXED = [
    (1, 1, 4, "="),
    (1, 2, 3, "="),
    (2, 4, 3, "="),
    (2, 1, 2, "="),
    (3, 2, 4, "="),
    (3, 3, 1, "="),
]


@pytest.mark.parametrize(
    ("age", "section"),
    [(7, "u8"), (8, "u8"), (9, "u10"), (10, "u10"), (11, None)],
)
def test_the_age_group_of_a_section_is_its_oldest_players(age: int, section: str | None) -> None:
    """ "Calculation of age group": age = 2025 − year of birth; u8 up to 8,
    u10 up to 10. In u8 and u10 sections the rated players' games against
    unrated ones count, against their temporary ratings: all draws, floor
    1500, every temporary rating 1500; so 1 has three games (N 3)
    instead of one."""
    born = [
        f"{2025 - age}/03/03",
        f"{2025 - age + 1}/03/03",
        f"{2025 - age + 1}/03/03",
        f"{2025 - age}/12/31",
    ]
    report = _chessa([1500, 1500, None, None], MIXED, born=born)
    p1 = report.player(1)
    if section is None:
        assert report.notes == ("unrated players' floor: 1500",)
        assert (p1.n, p1.games[0]) == (1, _skipped(1, 4, "w", "=", OPEN_UNRATED))
    else:
        assert report.notes == (
            f"{section} section: games against unrated players are rated",
            "unrated players' floor: 1500",
        )
        assert (p1.n, p1.games[0]) == (3, _played(1, 4, 1500, "w", "=", 0, ".50"))


def test_an_unknown_birth_date_or_start_gives_no_age_group() -> None:
    """The age group needs every player's year of birth and the event's
    year: without one, the section of 7-year-olds is an open one."""
    born = ["2018/03/03", "2018/03/03", "2018/03/03", ""]
    report = _chessa([1500, 1500, None, None], MIXED, born=born)
    assert report.notes == ("unrated players' floor: 1500",)
    text = swiss_text([1500, 1500, None, None], MIXED, born=["2018/03/03"] * 4)
    text = (
        "\n".join(line for line in text.splitlines() if not line.startswith(("042", "052"))) + "\n"
    )
    report = rate(trfkit.loads(text.encode()), rules=CHESSA)
    assert report.notes == ("unrated players' floor: 1500",)


@pytest.mark.parametrize(
    ("players", "unrated", "beginner"),
    [
        (3, 2, False),  # 66.7%: short of 67%
        (6, 5, True),
        (100, 67, True),  # 67% exactly: "at least 67%"
        (100, 66, False),
    ],
)
def test_a_beginner_section_has_at_least_67_percent_unrated(
    players: int, unrated: int, beginner: bool
) -> None:
    """ "Beginner Section": at least 67% of the players unrated, regardless
    of age group (adults here). One round, 1-2, 3-4, ... all drawn."""
    ratings: list[int | None] = [1500] * (players - unrated) + [None] * unrated
    games = [(1, a, a + 1, "=") for a in range(1, players, 2)]
    report = _chessa(ratings, games)
    assert ("beginner section: games against unrated players are rated" in report.notes) is beginner


def test_a_chessa_file_without_players_rates_nobody() -> None:
    """A file with its header only: no player, no round, no finding to
    make of it, and no crash."""
    report = rate(trfkit.loads(b"012 Nobody Open\n042 2025/03/01\n122 90 min\n"), rules=CHESSA)
    assert (report.players, report.notes) == ((), ())


# --- the FIDE Swiss path, for the same engine's per-game records ---------------

# A round robin of one rated player (2000) and three unrated ones.
ONE_RATED = [
    (1, 1, 4, "="),
    (1, 2, 3, "1"),
    (2, 3, 1, "0"),
    (2, 4, 2, "="),
    (3, 1, 2, "="),
    (3, 3, 4, "="),
]
# Player 1 draws 18 games, alternately with 2 and 3 (all rated alike).
DRAWS_18 = [(r, 1, 2 if r % 2 else 3, "=") for r in range(1, 19)]


def test_a_fide_2024_swiss_publishes_each_game_and_a_newcomer_without_a_score() -> None:
    """FIDE 2024, K 20 below 2400 (§8.3.3, no list: assumed). 1 (2000) and
    2 (1700) meet twice: D ±300 → table 8.1.2 row 291-302, .85/.15; 1 scores
    1½: 1.5 − 1.70 = −.20 × 20 = −4 → 1996; 2: +4 → 1704. 3 (unrated)
    loses to 1800, 1800 and 2000: with the two hypothetical 1800 draws
    (§7.1.4) Ra = (4 × 1800 + 2000)/5 = 1840, p = 1/5 → dp −240 → Ru 1600,
    but a first event needs more than 0 points (§7.1.2): the event does not
    count, and no Ru is published."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "0"), (2, 2, 1, "="), (2, 4, 3, "1"), (3, 3, 1, "0")]
    report = rate(swiss([2000, 1700, None, 1800], games), rules="fide-2024")
    p1, p2, p3 = report.player(1), report.player(2), report.player(3)
    assert (p1.we, p1.change, p1.new_rating, p2.change, p2.new_rating) == (
        F("1.7"),
        -4,
        1996,
        4,
        1704,
    )
    assert tuple(p2.games[:2]) == (
        _played(1, 1, 2000, "b", "0", -300, ".15"),
        _played(2, 1, 2000, "w", "=", -300, ".15"),
    )
    assert p1.games[2] == _skipped(3, 3, "b", "1", "opponent unrated: not rated")
    assert p3.games[0] == _newcomer_game(1, 4, 1800, "w", "0")
    assert (p3.rank, p3.rating_source, p3.rc, p3.w, p3.k, p3.k_assumed, p3.k_reason) == (
        3, "trf", F(5600, 3), F(0), None, False, "",
    )  # fmt: skip
    assert p3.ru is None
    assert p3.newcomer is not None
    assert (p3.newcomer.ra, p3.newcomer.dp, p3.newcomer.ru, p3.newcomer.counts) == (
        F(1840),
        -240,
        1600,
        False,
    )


def test_a_reading_names_the_figures_the_other_reading_gives() -> None:
    """fide-2017 leaves open whether round robins with unrated players keep
    the 2009 method (its reading ``round_robin_iteration``). The other
    reading rates them as a Swiss, against rated opponents only: 1 (2000,
    the one rated player) then has no rated game; 2 and 4 drew with 1: one
    game, p .50 → Ru 2000 + 0, and 3 lost to 1: a score of 0 gives no
    performance. Three games are short of the 5 a first rating needs
    (2017 §8.2), so no Ru is published under either reading."""
    t = swiss([2000, None, None, None], ONE_RATED, start="2018/03/01", type_line="092 Round robin")
    (use,) = rate(t, "fide-2017").readings
    (reading,) = [r for r in get("fide-2017").readings if r.parameter == "round_robin_iteration"]
    assert (use.parameter, use.chosen, use.other, use.basis) == (
        "round_robin_iteration", reading.chosen, reading.other, reading.basis,
    )  # fmt: skip
    theirs = {sr: other for sr, _, _, other in use.changed}
    assert theirs == {
        1: "no rated game",
        2: "Ru 2000 (not published)",
        3: "no performance",
        4: "Ru 2000 (not published)",
    }
    assert all(mine.endswith(" (not published)") for sr, _, mine, _ in use.changed if sr != 1)


def test_the_engines_options_reach_the_rating() -> None:
    """``rules`` defaults to the rule set in force at the start (2025: FIDE
    2024); ``time_control`` replaces the file's (CHESSA "Time Control": 25
    minutes is rapid, K 30 for everyone); ``rate_class`` says which rating a
    file without a time control changes (blitz: K 40)."""
    t = swiss([1800, 1600, 1400, 1200], [(1, 1, 2, "1"), (1, 3, 4, "=")])
    assert engine_rate(t).rules == "fide-2024"
    assert [p.k for p in engine_rate(t, CHESSA).players] == [20, 25, 30, 35]
    assert [p.k for p in engine_rate(t, CHESSA, time_control="25 min").players] == [30] * 4
    untimed = swiss([1800, 1600, 1400, 1200], [(1, 1, 2, "1"), (1, 3, 4, "=")], time_control="")
    assert [p.k for p in engine_rate(untimed, CHESSA, rate_class="blitz").players] == [40] * 4


def test_a_match_is_rated_between_rated_players_only() -> None:
    """FIDE 2024 §6: a match with an unrated player is not rated. Between
    rated players it is (and with an unrated one no game counts, so W is
    0): 2000 and 1900 draw twice, D ±100 → .64/.36 (table
    8.1.2, row 99-106): 1 − 1.28 = −.28 × 20 = −5.6 → 1994; +5.6 → 1906."""
    rated = engine_rate(
        swiss([2000, 1900], [(1, 1, 2, "="), (2, 2, 1, "=")], type_line="092 Match"), "fide-2024"
    )
    assert [(p.n, p.we, p.change, p.new_rating) for p in rated.players] == [
        (2, F("1.28"), F("-5.6"), 1994),
        (2, F("0.72"), F("5.6"), 1906),
    ]
    mixed = engine_rate(
        swiss([2000, None], [(1, 1, 2, "="), (2, 2, 1, "=")], type_line="092 Match"), "fide-2024"
    )
    newcomer = mixed.player(2)
    assert newcomer.newcomer == Newcomer(
        None, 0, F(0), None, None, None, None, counts=False, reason="no game counts"
    )
    assert (
        newcomer.games[0].reason
        == mixed.player(1).games[0].reason
        == "a match with an unrated player is not rated"
    )


def test_k_depends_on_each_players_own_rating_and_birthday() -> None:
    """FIDE 2024 §8.3.3: K 40 for a junior rated under 2300; two juniors
    born the same day, 2290 and 2310, get 40 and 20. FIDE 2014: the junior
    K ends on the 18th birthday: born 2000-01-01 he is 18 at the start
    (2018-07-15), K 20; born 2000-12-31, 17, K 40."""
    born = ["2010/01/01", "2010/01/01", "1990/01/01", "1990/01/01"]
    t = swiss([2290, 2310, 2000, 2000], [(1, 1, 3, "1"), (1, 2, 4, "1")], born=born)
    assert [p.k for p in engine_rate(t, "fide-2024").players] == [40, 20, 20, 20]
    born = ["2000/01/01", "2000/12/31", "1990/01/01", "1990/01/01"]
    t = swiss(
        [2100, 2100, 2000, 2000], [(1, 1, 3, "1"), (1, 2, 4, "1")], start="2018/07/15", born=born
    )
    assert [p.k for p in engine_rate(t, "fide-2014").players] == [20, 40, 20, 20]


def test_k_times_games_over_700_says_both_ks() -> None:
    """FIDE 2024 §8.3.3: K × n ≤ 700; a junior's K 40 over 18 games is 720,
    so K 38 (700 // 18), and the reason keeps why K was 40."""
    t = swiss([2000, 2000, 2000], DRAWS_18, born=["2010/01/01", "1990/01/01", "1990/01/01"])
    p = engine_rate(t, "fide-2024").player(1)
    assert (p.n, p.k) == (18, 38)
    assert p.k_reason == "junior: 15 in 2025 and rated under 2300; 40 × 18 games > 700: K 38"


def test_2002_counts_an_opponent_at_most_350_away() -> None:
    """FIDE 2002 §10.51: 2600 v 2150 counts 2150 as 2250 (350 away), and
    2150 counts 2600 as 2500: Rc 2250, D 350 → .89 × 2 = 1.78; 1½ − 1.78
    = −.28 × K 10 = −2.8 → 2597. 2150: .11 × 2 = .22, +.28 × 15 = +4.2 →
    2154. 3 (2300) played only the unrated 4: no rated game, no Rc, no
    change."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "1"), (2, 2, 1, "="), (2, 4, 3, "=")]
    report = engine_rate(swiss([2600, 2150, 2300, None], games, start="2005/03/01"), "fide-2002")
    p1, p2, p3 = report.player(1), report.player(2), report.player(3)
    assert (p1.rc, p1.we, p1.change, p1.new_rating) == (2250, F("1.78"), F("-2.8"), 2597)
    assert (p2.rc, p2.we, p2.change, p2.new_rating) == (2500, F("0.22"), F("4.2"), 2154)
    assert p1.games[0] == GameRating(1, 2, 2150, "w", "1", F(1), True, None, 350, 450, True, None)
    assert p2.games[1] == GameRating(
        2, 1, 2600, "w", "=", F(1, 2), True, None, -350, -450, True, None
    )
    assert (p3.n, p3.rc, p3.we, p3.change, p3.new_rating) == (0, None, None, None, 2300)


def test_a_newcomers_performance_with_and_without_a_dp() -> None:
    """FIDE 2009: 0 of 4 against 2000 is p 0, for which table 8.1a has no
    dp, and a first event needs a point: disregarded, no Ru. FIDE 2024
    (§7.1.4, §7.2.4): two hypothetical 1800 draws; 5 of 5 against 2300 is
    6 of 7, Ra (5 × 2300 + 2 × 1800)/7 = 2157.1, p .86 → +309 → 2466,
    published at the ceiling 2200; 0 of 5 is p .14 → −309 → 1848, but a
    first event needs more than 0 points: not published."""
    t = swiss(
        [None, 2000, 2000, 2000, 2000],
        [(r, 1, r + 1, "0") for r in range(1, 5)],
        start="2012/03/01",
    )
    nc = engine_rate(t, "fide-2009").player(1).newcomer
    assert nc is not None
    assert (nc.ra, nc.n, nc.w, nc.p, nc.dp, nc.ru, nc.hypothetical, nc.counts, nc.publishable) == (
        2000, 4, 0, 0, None, None, 0, False, False,
    )  # fmt: skip
    assert (
        nc.reason
        == "this event is disregarded: score 0: a first event needs at least 1 point(s); no Ru"
    )
    field = [None] + [2300] * 5
    won = engine_rate(swiss(field, [(r, 1, r + 1, "1") for r in range(1, 6)]), "fide-2024").player(
        1
    )
    assert won.newcomer == Newcomer(
        F(15100, 7), 5, F(5), F("0.86"), 309, 2200, 2466, 2, True, True, ""
    )
    assert won.ru == 2200
    lost = engine_rate(swiss(field, [(r, 1, r + 1, "0") for r in range(1, 6)]), "fide-2024").player(
        1
    )
    assert lost.newcomer is not None
    assert (lost.newcomer.ru, lost.newcomer.counts, lost.newcomer.publishable, lost.ru) == (
        1848,
        False,
        False,
        None,
    )


def test_titles_ranks_and_scores_without_points_in_the_file() -> None:
    """Form 3 names a player's title and rank; where the file leaves the
    points blank (columns 81-84), the score is the sum of the results:
    1 beats 2 and draws with 3 (1½), 2 loses and draws (½), 3 draws three
    times (1½), 4 once (½)."""
    text = swiss_text(
        [2300, None, 2000, None], [(1, 1, 2, "1"), (2, 3, 1, "="), (3, 2, 3, "="), (1, 3, 4, "=")]
    )
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            title = {"1": " GM", "2": " FM"}.get(line[5:9].strip(), "   ")
            line = line[:10] + title + line[13:80] + "    " + line[84:]
        lines.append(line)
    report = engine_rate(trfkit.loads(("\n".join(lines) + "\n").encode()), "fide-2024")
    assert [(p.title, p.rank, p.rating_source, p.score) for p in report.players] == [
        ("GM", 1, "trf", F(3, 2)),
        ("FM", 2, "trf", F(1, 2)),
        ("", 3, "trf", F(3, 2)),
        ("", 4, "trf", F(1, 2)),
    ]


def test_an_unrated_players_late_default_and_an_absent_unrated_player() -> None:
    """ "50% Rule" 7 for an unrated player: 3 defaults in round 4 of 4 (after
    half the rounds), a game rated as lost, with its reason. 4 (unrated)
    never plays: his temporary rating is the floor (1500), and he has no
    performance, so nothing counts toward a first rating."""
    games = [(1, 1, 3, "="), (2, 3, 2, "="), (3, 1, 2, "="), (4, 3, 1, "-")]
    report = _chessa([1500, 1500, None, None], games)
    p3, p4 = report.player(3), report.player(4)
    assert p3.games[3] == GameRating(
        4, 1, 1500, "w", "-", F(0), True, "late default: rated as a loss for the defaulter"
    )
    assert (p3.n, p3.w) == (3, F(1))
    assert p4.newcomer == Newcomer(
        None, 0, F(0), None, None, None, None, 0, False, False,
        "0 game(s): a first rating needs 12, pooled over events",
    )  # fmt: skip
    assert (p4.ru, p4.notes) == (None, ("temporary rating 1500",))


def test_the_exempt_rating_and_the_rapid_gap_rule() -> None:
    """From 2025-10-01 a player rated 2650+ uses the true difference: 2650
    beats 2200 with D 450 → .94 (row 433-456), while 2649 beating 2200 is
    capped at 400 → .92. R&B 2024 (as amended 2024-12-01): a game between
    players 600+ apart, one above 2600, is not rated: 2650 v 2000 is 650."""
    t = swiss([2649, 2650, 2200, 2200], [(1, 1, 3, "1"), (1, 2, 4, "1")], start="2025/11/01")
    p1, p2 = engine_rate(t, "fide-2024").players[:2]
    assert (p1.we, p1.games[0].d, p1.games[0].capped) == (F("0.92"), 400, True)
    assert (p2.we, p2.games[0].d, p2.games[0].capped) == (F("0.94"), 450, False)
    t = swiss([2650, 2000, 2000], [(1, 1, 2, "1"), (2, 1, 3, "1")], time_control="15 min")
    rapid = engine_rate(t, "fide-rb-2024")
    gap = "650 points apart with a player above 2600: not rated"
    assert [(p.n, p.games[0].reason) for p in rapid.players[:2]] == [(0, gap), (0, gap)]


def test_a_2009_round_robin_newcomer_needs_three_rated_opponents() -> None:
    """FIDE 2009 §8.21: a first event needs at least 3 rated opponents;
    in a round robin of one rated and three unrated players each unrated
    player has met one, however many games the method counts."""
    t = swiss([2000, None, None, None], ONE_RATED, start="2012/03/01", type_line="092 Round robin")
    report = engine_rate(t, "fide-2009")
    for p in report.players[1:]:
        assert p.newcomer is not None
        assert (p.newcomer.counts, p.ru) == (False, None)
        assert p.newcomer.reason.startswith(
            "this event is disregarded: 1 rated opponent(s): a first event needs at least 3"
        )


def test_a_reading_is_rated_with_the_given_k() -> None:
    """fide-2017's other reading of K × n ≤ 700 (no cap) keeps the K given:
    K 40 over 18 games is 720, so 38 under the chosen reading and 40 under
    the other; all draws between equals, so both ratings stay 2000."""
    report = engine_rate(
        swiss([2000, 2000, 2000], DRAWS_18, start="2018/03/01"), "fide-2017", k={1: 40}
    )
    (use,) = report.readings
    assert use.changed == ((1, "Player, No1", "K 38, new rating 2000", "K 40, new rating 2000"),)


def test_k_from_the_players_list() -> None:
    """The list's K for the event's class wins (R&B 2024: a rapid event,
    the rapid K 20, not the standard 10). Without a K in the list, the
    list's birth year wins over the file's: born 2010 by the list, 15 in
    2025, K 40 (2024 §8.3.3). FIDE 2014 ends the junior K on the 18th
    birthday: the file's day counts when its year is the list's (born
    2000-12-31: 17 at the 2018-07-15 start, K 40), and not when the years
    differ (list 2001, file 2000-01-01: the list's 2001 alone: under 18,
    K 40). A list's rapid K counts where its standard K is blank."""

    def k_of(rules: str, born: str, listed: ListedPlayer, **options: str) -> tuple[int | None, str]:
        t = swiss([2100, 2100], [(1, 1, 2, "=")], born=[born, "1990/01/01"], **options)
        p = engine_rate(t, rules, ratings={listed.fide_id: listed}).player(1)
        return p.k, p.k_reason

    rapid = ListedPlayer(
        14600001, rating=2100, k=10, rapid_rating=2100, rapid_k=20, birth_year=1990
    )
    assert k_of("fide-rb-2024", "1990/01/01", rapid, time_control="15 min") == (20, "players' list")
    rapid_only = ListedPlayer(14600001, rating=2100, rapid_rating=2100, rapid_k=20, birth_year=1990)
    assert k_of("fide-rb-2024", "1990/01/01", rapid_only, time_control="15 min") == (
        20,
        "players' list",
    )
    junior = ListedPlayer(14600001, rating=2100, birth_year=2010)
    assert k_of("fide-2024", "1990/01/01", junior)[0] == 40
    same_year = ListedPlayer(14600001, rating=2100, birth_year=2000)
    assert k_of("fide-2014", "2000/12/31", same_year, start="2018/07/15") == (
        40, "junior: 17 at the start, 18 on 2018-12-31, and rated under 2300",
    )  # fmt: skip
    other_year = ListedPlayer(14600001, rating=2100, birth_year=2001)
    assert k_of("fide-2014", "2000/01/01", other_year, start="2018/07/15") == (
        40, "junior: under 18 at the start (born 2001), and rated under 2300",
    )  # fmt: skip


def test_a_reading_is_rated_with_the_list_and_the_type_given() -> None:
    """The other reading is rated with everything the chosen one had: the
    players' list's K 40 (18 games: 38 under the cap, 40 without), and the
    type given on the command line: a round robin (of one rated and three
    unrated players), whose 2009 method does not depend on K × n ≤ 700 here
    (K 20 × 3 games), so only the round-robin reading changes anything."""
    listed = {14600001: ListedPlayer(14600001, rating=2000, k=40)}
    report = engine_rate(
        swiss([2000, 2000, 2000], DRAWS_18, start="2018/03/01"), "fide-2017", ratings=listed
    )
    (use,) = report.readings
    assert use.changed == ((1, "Player, No1", "K 38, new rating 2000", "K 40, new rating 2000"),)
    t = swiss([2000, None, None, None], ONE_RATED, start="2018/03/01")  # 092 Swiss
    report = engine_rate(t, "fide-2017", type="round-robin")
    assert [u.parameter for u in report.readings] == ["round_robin_iteration"]
