"""The rule sets of July 2014 and July 2017: parameters, K, first ratings,
round robins, and the readings the sources leave open.

Expected values are the published or hand-derived test vectors of the
project's reference on the 2014-2021 regulations (TV-1 ... TV-8), worked
again here in the docstrings from the printed tables (8.1a: D 200 → PD .76,
D 100 → .64; 8.1b: p .40 → dp −72, p .20 → dp −240).
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

import trfkit
from tests.conftest import ROOT
from tests.trfbuild import swiss
from trfkit.event import event_of
from trfkit.rating import calc
from trfkit.rating.engine import rate
from trfkit.report.rating import render_rating_json, render_rating_text
from trfkit.rules import Scope, get

FIXTURES = ROOT / "fixtures"


def _junior_field(
    junior: int, opponents: int, start: str, born: str, *, result: str = "="
) -> trfkit.Tournament:
    """Player 1 rated ``junior`` plays 19 rounds, each against a new
    opponent rated ``opponents``, every game ending ``result``."""
    ratings = [junior] + [opponents] * 19
    games = [(r, 1, r + 1, result) for r in range(1, 20)]
    return swiss(ratings, games, start=start, born=[born] + ["1980/01/01"] * 19)


# -- TV-1: juniors at K 40 over 19 games, with and without K x n <= 700 -----


@pytest.mark.parametrize(
    ("junior", "fide_2014", "fide_2017"),
    [
        # 19 draws against 2200: W − We = 19 × (.5 − .24) = 4.94 for a 2000,
        # 19 × (.5 − .36) = 2.66 for a 2100, 0 for a 2200.
        # 2014 (no cap): 40 × 4.94 = 197.6 → 2198; 40 × 2.66 = 106.4 → 2206 (published).
        # 2017 (K ⌊700/19⌋ = 36): 36 × 4.94 = 177.84 → 2178; 36 × 2.66 = 95.76 → 2196.
        (2000, 2198, 2178),
        (2100, 2206, 2196),
        (2200, 2200, 2200),
    ],
)
def test_tv1_juniors_at_k40_with_and_without_the_700_cap(
    junior: int, fide_2014: int, fide_2017: int
) -> None:
    t = _junior_field(junior, 2200, "2014/07/15", "2000/01/01")
    r14 = rate(t, "fide-2014").player(1)
    assert (r14.k, r14.new_rating) == (40, fide_2014)
    t17 = _junior_field(junior, 2200, "2018/07/15", "2004/01/01")
    r17 = rate(t17, "fide-2017").player(1)
    assert (r17.k, r17.new_rating) == (36, fide_2017)


def test_tv1_each_report_names_the_reading_it_relies_on() -> None:
    """The 700 cap is not established for either text: each report says
    which reading it took and what the other gives."""
    report = rate(_junior_field(2000, 2200, "2014/07/15", "2000/01/01"), "fide-2014")
    (use,) = [u for u in report.readings if u.parameter == "k.games_cap"]
    assert use.chosen == "no K × n ≤ 700 cap"
    assert (1, "Player, No1", "K 40, new rating 2198", "K 36, new rating 2178") in use.changed
    text = render_rating_text(report)
    assert "Reading:" in text and "not established" in text
    assert "1 Player, No1: K 40, new rating 2198, else K 36, new rating 2178" in text

    report17 = rate(_junior_field(2000, 2200, "2018/07/15", "2004/01/01"), "fide-2017")
    (use17,) = [u for u in report17.readings if u.parameter == "k.games_cap"]
    assert (1, "Player, No1", "K 36, new rating 2178", "K 40, new rating 2198") in use17.changed
    assert '"parameter": "k.games_cap"' in render_rating_json(report17)


def test_no_reading_is_named_where_it_changes_nothing() -> None:
    """Ten games at K 20: K × n = 200, the cap changes nobody."""
    games = [(r, 1, r + 1, "1") for r in range(1, 11)]
    t = swiss([2000] + [1900] * 10, games, start="2018/03/01")
    assert rate(t, "fide-2017").readings == ()


# -- K: the junior boundary of each text --------------------------------------


@pytest.mark.parametrize(
    ("rules", "start", "born", "k"),
    [
        # 2014 §8.56: "until their 18th birthday", the day itself.
        ("fide-2014", "2015/08/01", "1997/09/01", 40),  # 17 at the start
        ("fide-2014", "2015/08/01", "1997/03/01", 20),  # turned 18 in March
        ("fide-2014", "2015/08/01", "1997/08/01", 20),  # 18 on the first day
        # 2017: to the end of the year of the 18th birthday.
        ("fide-2017", "2018/08/01", "2000/03/01", 40),  # 18 in 2018: still junior
        ("fide-2017", "2018/08/01", "1999/12/31", 20),  # 19 in 2018
        # The case: a 2018 event, a 15-year-old rated 1580.
        ("fide-2017", "2018/04/08", "2003/01/01", 40),
        # Under the 2009 text the same player had K 15.
        ("fide-2009", "2012/04/08", "1997/01/01", 15),
    ],
)
def test_junior_k_boundary(rules: str, start: str, born: str, k: int) -> None:
    games = [(r, 1, r + 1, "1") for r in range(1, 6)]
    t = swiss([1580] + [1500] * 5, games, start=start, born=[born] + ["1980/01/01"] * 5)
    p = rate(t, rules).player(1)
    assert p.k == k and p.k_assumed, p.k_reason


def test_auto_rates_a_2018_junior_with_k40() -> None:
    """Issue: a 2018 event was rated under the 2009 text, K 15 for all."""
    games = [(r, 1, r + 1, "1") for r in range(1, 6)]
    t = swiss(
        [1580] + [1500] * 5, games, start="2018/04/08", born=["2003/01/01"] + ["1980/01/01"] * 5
    )
    report = rate(t)
    assert report.rules == "fide-2017" and report.rules_in_force is True
    assert report.player(1).k == 40
    # 5 wins against 1500 (D 80 → PD .61): 40 × 5 × .39 = 78 → 1658.
    assert report.player(1).new_rating == 1658


# -- TV-3: an adult at K 20 ---------------------------------------------------


@pytest.mark.parametrize("rules", ["fide-2014", "fide-2017"])
def test_tv3_adult_k20(rules: str) -> None:
    """2000 beats 1900: D 100 → PD .64, 20 × .36 = 7.2 → 2007 (published)."""
    t = swiss([2000, 1900], [(1, 1, 2, "1")], start="2016/05/01")
    p = rate(t, rules).player(1)
    assert (p.k, p.change, p.new_rating) == (20, Fraction(72, 10), 2007)


# -- TV-5: Swiss newcomers (FIDE's calculator) -----------------------------------


@pytest.mark.parametrize("rules", ["fide-2014", "fide-2017"])
@pytest.mark.parametrize(
    ("rc", "wins", "draws", "n", "ru"),
    [
        (2000, 3, 0, 5, 2020),  # F-I01: one half point over 50% → +20
        (2000, 2, 0, 5, 1928),  # F-I02: p .40 → dp −72
        (2000, 2, 1, 5, 2000),  # F-I03: 50% → Ra
        (2100, 5, 0, 5, 2200),  # F-I04: 5 half points over → +100
        (2400, 3, 0, 5, 2420),  # F-I05: no ceiling before 2024
        (1600, 1, 0, 5, 1360),  # F-I06: p .20 → dp −240
        (1657, 3, 0, 5, 1677),  # F-I07
        (1800, 4, 0, 7, 1820),  # F-I08: 8 halves against 7 → +20
    ],
)
def test_tv5_swiss_newcomer(rules: str, rc: int, wins: int, draws: int, n: int, ru: int) -> None:
    results = ["1"] * wins + ["="] * draws
    results += ["0"] * (n - len(results))
    games = [(r, 1, r + 1, res) for r, res in enumerate(results, start=1)]
    t = swiss([None] + [rc] * n, games, start="2019/02/01")
    p = rate(t, rules).player(1)
    assert p.newcomer is not None
    assert (p.newcomer.ru, p.newcomer.publishable) == (ru, True), p.newcomer.reason


def test_tv6_pooled_newcomer_plus_20_per_half_point() -> None:
    """12 games averaging 2184, 6½ points: one half point over 50% → 2204
    (the 2009 text's own example gives 2199 with +15)."""
    opponents = [2184] * 12
    ra, _, _, ru = calc.first_rating(get("fide-2014"), opponents, Fraction(13, 2))
    assert (ra, calc.round_half_up(ru)) == (2184, 2204)
    _, _, _, ru09 = calc.first_rating(get("fide-2009"), opponents, Fraction(13, 2))
    assert calc.round_half_up(ru09) == 2199


@pytest.mark.parametrize("rules", ["fide-2014", "fide-2017"])
def test_half_a_point_against_one_rated_player_counts_from_2014(rules: str) -> None:
    """No minimum of three rated opponents, no 1-point minimum: only a zero
    first event is disregarded; five games are needed for a rating."""
    t = swiss([None, 2000], [(1, 1, 2, "=")], start="2016/03/01")
    nc = rate(t, rules).player(1).newcomer
    assert nc is not None and nc.counts and not nc.publishable
    assert "a first rating needs 5" in nc.reason
    zero = swiss([None, 2000], [(1, 1, 2, "0")], start="2016/03/01")
    nc0 = rate(zero, rules).player(1).newcomer
    assert nc0 is not None and not nc0.counts and nc0.ru is None


def test_floor_1000_from_2014() -> None:
    """5 losses against 1150: p 0 has no dp, so 1 win of 5 against 1150
    (p .20 → dp −240) gives 910, below the floor of 1000: not published."""
    games = [(1, 1, 2, "1")] + [(r, 1, r + 1, "0") for r in range(2, 6)]
    t = swiss([None] + [1150] * 5, games, start="2016/03/01")
    nc = rate(t, "fide-2014").player(1).newcomer
    assert nc is not None and nc.ru == 910 and not nc.publishable
    assert nc.reason == "910 is below the rating floor 1000"


# -- TV-7: the round robin of the 2009 text's §8.58 under 2014 constants --------


def test_tv7_round_robin_with_unrated_players_under_2014() -> None:
    """The 2009 text's §8.58 crosstable under 2014 constants.

    Ra 2348 (as in 2009: Rar and dpa do not change). First Ru (+20 per half
    point): C 2348 + 5 × 20 = 2448, E 2348 + 3 × 20 = 2408, H 2150, I 2032.
    The reference derived C 2448 and I 2006 by reusing the 2009 Rc(new) of
    2348 and 2322; redoing the cap with the 2014 Ru gives more, since C at
    2448 and I at 2032 are now 416 apart (2009: 2423, 391 apart):
    C: Rc(new) = 2348 + (2048 − 2032)/9 = 2349.78 → 2350, Ru(new) 2450;
    I: Rc(new) = 2348 − (168 + 68 + 16)/9 = 2320, Ru(new) = 2320 − 316 = 2004
    (dp(.11) = −349... × 9/10; the same −316 the 2009 test has).
    Rated We as the reference: A 7.31, B 6.42, D 5.34, G 4.16, J 4.16; F 2.52
    (C at 2450: D −300 reads .15 where −298 read .16; the reference 2.51).
    """
    report = rate(trfkit.load(FIXTURES / "rating-rr10-unrated.trf"), "fide-2014")
    assert report.round_robin is not None and report.round_robin.ra == 2348
    nc = {p.start_rank: p.newcomer for p in report.players if p.newcomer is not None}
    assert {sr: n.ru_first for sr, n in nc.items()} == {3: 2448, 5: 2408, 8: 2150, 9: 2032}
    assert {sr: n.rc_new for sr, n in nc.items()} == {3: 2350, 5: 2348, 8: 2342, 9: 2320}
    assert {sr: n.ru for sr, n in nc.items()} == {3: 2450, 5: 2408, 8: 2144, 9: 2004}
    we = {p.start_rank: p.we for p in report.players if p.rating is not None}
    assert {sr: f"{float(x):.2f}" for sr, x in we.items() if x is not None} == {
        1: "7.31",
        2: "6.42",
        4: "5.34",
        6: "2.52",
        7: "4.16",
        10: "4.16",
    }
    # K 10 for the 2400+ players, 20 for the others: A 2600 + 6.9 → 2607,
    # F 2150 + 20 × 1.48 = 29.6 → 2180, J 2300 − 20 × 3.16 = −63.2 → 2237.
    new = {p.start_rank: p.new_rating for p in report.players if p.rating is not None}
    assert (new[1], new[6], new[10]) == (2607, 2180, 2237)
    # The report says it ran under a text not in force on 2010-08-02.
    assert report.rules_in_force is False
    assert "NOT IN FORCE" in render_rating_text(report)


def test_2017_names_its_round_robin_reading() -> None:
    """Whether 2017 kept the round-robin method is unverified: the report
    names the reading and the players the other reading would change.

    Rated as a Swiss, B (2500) keeps 2506: his rated games are 0 against
    A, 1 against D, F, G and J: We .36 + .64 + .89 + .76 + .76 = 3.41,
    10 × (4 − 3.41) = 5.9, as 10 × (7 − 6.42) = 5.8 in the round robin:
    both round to 2506, so he is not named; only players whose figures
    move are.
    """
    report = rate(trfkit.load(FIXTURES / "rating-rr10-unrated.trf"), "fide-2017")
    uses = {u.parameter: u for u in report.readings}
    assert "round_robin_iteration" in uses
    changed = {sr: (mine, other) for sr, _, mine, other in uses["round_robin_iteration"].changed}
    assert 2 not in changed
    # C's Ru from rated opponents only: 2 of his wins were against unrated.
    assert changed[3][0] == "Ru 2450"


# -- TV-8: the 400-point cap on every game -----------------------------------


@pytest.mark.parametrize("rules", ["fide-2014", "fide-2017"])
def test_tv8_the_cap_binds_every_game(rules: str) -> None:
    """2600 beats 2100 twice: D 500 counts as 400 in each game (PD .92):
    W − We = 2 × .08, K 10 → +1.6 (the 2022 text would cap one game only)."""
    t = swiss([2600, 2100, 2100], [(1, 1, 2, "1"), (2, 1, 3, "1")], start="2016/03/01")
    p = rate(t, rules).player(1)
    assert p.we == Fraction(184, 100) and p.change == Fraction(16, 10)


# -- rate of play and the schedule -------------------------------------------


def test_rate_of_play_parameters() -> None:
    for name in ("fide-2014", "fide-2017"):
        rs = get(name)
        assert rs.rate_of_play.standard_minimum_minutes == ((2200, 120), (1600, 90), (0, 60))
        assert rs.schedule.rounds_per_day is None and rs.schedule.hours_per_day == 12
        assert (rs.rating_floor, rs.unrated.min_games, rs.first_rating.increment) == (1000, 5, 20)
    assert get("fide-2014").rate_of_play.threshold_scope is Scope.TOURNAMENT
    assert get("fide-2017").rate_of_play.threshold_scope is Scope.GAME


def test_2014_tournament_scope_is_a_reading_and_says_so() -> None:
    """60 minutes with one 2250 player in the event (not in the short
    games): under the 2014 reading every game needs 120; per game, the
    2250's own game (against a 1500) needs 120 too, so one game is short."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "1")]
    t = swiss([2250, 1500, 1500, 1500], games, start="2016/03/01", time_control="60 min")
    found = [d for d in trfkit.validate(t, rules="fide-2014") if d.code == "R101"]
    assert len(found) == 1
    assert "a reading of fide-2014" in found[0].message
    assert "1 game would be too fast" in found[0].message
    assert found[0].severity.value == "error"


def test_2014_scope_only_finding_is_a_warning() -> None:
    """A 2250 in the event who plays no game: under the tournament reading
    every game needs 120 minutes; per game, the two 1500s need 60, so no game
    is short: a warning that names the reading, not an error."""
    games = [(1, 2, 3, "1")]
    t = swiss([2250, 1500, 1500], games, start="2016/03/01", time_control="60 min")
    found = [d for d in trfkit.validate(t, rules="fide-2014") if d.code == "R101"]
    assert len(found) == 1 and found[0].severity.value == "warning"
    assert "0 games would be too fast" in found[0].message


def test_events_before_each_text_say_so() -> None:
    t = swiss([2000, 1900], [(1, 1, 2, "1")], start="2018/04/08")
    ev = event_of(t, rules="fide-2024")
    assert ev.rules_in_force is False
    assert "NOT IN FORCE at the start 2018-04-08" in ev.rules_source
    assert event_of(t).rules_in_force is True


def test_in_force_boundaries() -> None:
    r14, r17 = get("fide-2014"), get("fide-2017")
    assert r14.in_force(datetime.date(2017, 6, 30)) and not r14.in_force(datetime.date(2017, 7, 1))
    assert r17.in_force(datetime.date(2021, 12, 31)) and not r17.in_force(datetime.date(2022, 1, 1))
