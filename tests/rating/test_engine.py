"""The rater against the regulations' own numbers.

Expected values come from the seeds' worked examples and from the oracles of
shared/docs/regulations.md §6 (O-01 … O-17), never from this code. Where a
seed misprints a number, the test says which (regulations.md §5).
"""

from __future__ import annotations

import datetime
import hashlib
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfkit
from tests.conftest import DATA, FIXTURES, ROOT
from tests.trfbuild import swiss
from trfkit.rating import calc
from trfkit.rating.engine import rate
from trfkit.rating.tables import P_TO_DP, expected_score
from trfkit.rules import get

SEEDS = ROOT.parent / "shared" / "seeds"
F = Fraction


def _seed(prefix: str) -> str:
    found = sorted(SEEDS.glob(f"{prefix}_*.txt")) if SEEDS.is_dir() else []
    if not found:
        pytest.skip(f"seed {prefix} not found in {SEEDS}")
    return found[0].read_text(encoding="utf-8")


# -- the tables ------------------------------------------------------------


def _table(name: str) -> tuple[list[tuple[str, ...]], str]:
    """The rows of a printed table shipped with the tests, and the checksum
    its header records of them as read from the regulation's text."""
    rows, checksum = [], ""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# sha256"):
            checksum = line.rsplit(" ", 1)[1]
        elif line and not line.startswith("#"):
            rows.append(tuple(line.split("\t")))
    return rows, checksum


def _digest(rows: list[tuple[str, ...]]) -> str:
    return hashlib.sha256(("\n".join("\t".join(r) for r in rows) + "\n").encode()).hexdigest()


def test_table_a_is_the_printed_table() -> None:
    """Every p → dp pair of 2009 §8.1(a), as printed (tests/data: checked in
    every clone; the seed test below ties the data to the text)."""
    pairs, _ = _table("fide-table-8-1a.tsv")
    assert len(pairs) == 101
    for p_text, dp in pairs:
        hundredths = round(float(p_text) * 100)
        if hundredths in (0, 100):
            assert abs(int(dp)) == 800  # "shown notionally as 800"
            continue
        assert P_TO_DP[hundredths] == int(dp), p_text


def test_table_b_is_the_printed_table() -> None:
    """Every row of 2009 §8.1(b): each D of the range maps to H, and −D to L."""
    rows, _ = _table("fide-table-8-1b.tsv")
    assert len(rows) == 50
    for lo, hi, h, low in rows:
        for d in range(int(lo), int(hi) + 1):
            assert expected_score(d) == F(h), d
            assert expected_score(-d) == F(low), -d
    assert expected_score(736) == 1 and expected_score(5000) == 1 and expected_score(-736) == 0


def test_chessa_tables_match_fide() -> None:
    """CHESSA prints the same two tables (Table 1 as percentages)."""
    pairs, _ = _table("chessa-table-1.tsv")
    assert len(pairs) == 99
    for percent, dp in pairs:
        assert P_TO_DP[int(percent)] == int(dp), percent


@pytest.mark.parametrize(
    ("name", "seed", "start", "end", "pattern"),
    [
        (
            "fide-table-8-1a.tsv", "000", "(a) The table of conversion", "(b) Table of",
            r"\|\s*(1\.0|\.\d\d)\s*\|\s*(-?\d+)\s*",
        ),
        (
            "fide-table-8-1b.tsv", "000", "(b) Table of", "8.2 Determining",
            r"(\d+)-(\d+)\s*\|\s*(\.\d\d|1\.0)\s*\|\s*(\.\d\d)",
        ),
        (
            "chessa-table-1.tsv", "002", "Table 1\n", "Calculate a player's % score",
            r"(\d{1,2})\t([+-]\d+|0\b)",
        ),
    ],
)  # fmt: skip
def test_table_data_is_the_seed_text(
    name: str, seed: str, start: str, end: str, pattern: str
) -> None:
    """The shipped rows are the regulation's own, and so is their checksum
    (where the seeds are present; the data tests above run everywhere)."""
    text = _seed(seed)
    section = text[text.index(start) : text.index(end)]
    from_seed = [tuple(m) for m in re.findall(pattern, section)]
    rows, checksum = _table(name)
    assert rows == from_seed
    assert _digest(rows) == checksum == _digest(from_seed)


# -- single games: FIDE's calculator (O-13) ----------------------------------

_BEFORE_2650 = get("fide-2024").as_of(datetime.date(2025, 3, 1))
_AFTER_2650 = get("fide-2024").as_of(datetime.date(2025, 10, 1))


@pytest.mark.parametrize(
    ("own", "opp", "score", "k", "change"),
    [
        (2000, 2000, 1, 10, "5"),
        (2003, 2000, 1, 10, "5"),
        (2004, 2000, 1, 10, "4.9"),
        (2010, 2000, 1, 10, "4.9"),
        (2011, 2000, 1, 10, "4.8"),
        (2206, 2000, 1, 10, "2.4"),
        (2207, 2000, 1, 10, "2.3"),
        (2391, 2000, 1, 10, "0.9"),
        (2392, 2000, 1, 10, "0.8"),
        (2000, 2003, 0, 10, "-5"),
        (2000, 2004, 0, 10, "-4.9"),
        (1656, 2000, 0, 10, "-1.2"),
        (1655, 2000, 0, 10, "-1.1"),
        (2600, 2100, 1, 10, "0.8"),
        (2649, 2149, 1, 10, "0.8"),
        (2200, 2700, 0, 20, "-1.6"),
        (2100, 2600, 0, 20, "-1.6"),
        (1500, 2000, F(1, 2), 20, "8.4"),
        (2092, 2000, 1, 15, "5.55"),
        (2000, 2092, F(1, 2), 30, "3.9"),
        # The calculator's plain cap for 2650+ players, before 2025-10-01.
        (2650, 2150, 1, 10, "0.8"),
        (2700, 1900, 0, 10, "-9.2"),
    ],
)
def test_single_game_calculator(own: int, opp: int, score: int, k: int, change: str) -> None:
    assert calc.game_change(own, opp, F(score), k, _BEFORE_2650) == F(change)


@pytest.mark.parametrize(
    ("own", "opp", "score", "change"),
    [(2650, 2150, 1, "0.4"), (2700, 2200, 1, "0.4"), (2700, 1964, 1, "0"), (2700, 1900, 0, "-10")],
)
def test_2650_exemption_from_2025_10_01(own: int, opp: int, score: int, change: str) -> None:
    """O-13: the 2650+ player uses the true difference; his opponent still
    sees him capped (F-P02's "2800 *")."""
    assert calc.game_change(own, opp, F(score), 10, _AFTER_2650) == F(change)
    assert calc.difference(opp, own, _AFTER_2650).used == -400


@pytest.mark.parametrize(
    ("k", "n", "expected"), [(40, 18, 38), (40, 17, 40), (20, 36, 19), (20, 35, 20), (20, 39, 17)]
)
def test_k_times_n_cap(k: int, n: int, expected: int) -> None:
    """O-17, and F-P05 (39 games: K 20 → 17)."""
    assert calc.cap_k(k, n, get("fide-2024").k.games_cap) == expected


def test_published_period_with_2650_player() -> None:
    """O-16 F-P01: Ro 2813, K 10, games against 1787 W, 2025 W, 2310 W,
    2400 W, 2505 D give −2.50 and the list shows −3 (2813 → 2810)."""
    games = [(1787, 1), (2025, 1), (2310, 1), (2400, 1), (2505, F(1, 2))]
    total = sum(calc.game_change(2813, o, F(s), 10, _AFTER_2650) for o, s in games)
    assert total == F("-2.5")
    assert calc.new_rating(2813, total, _AFTER_2650) == 2810


def test_published_period_with_cap() -> None:
    """O-16 F-P04: Ro 2053, K 20; the 1653 opponent is capped (1653*)."""
    games = [(1675, 1), (2310, 0), (1653, 1), (1884, 1), (2218, 0)]
    per_game = [calc.game_change(2053, o, F(s), 1, _AFTER_2650) for o, s in games]
    assert per_game == [F("0.09"), F("-0.18"), F("0.08"), F("0.28"), F("-0.28")]
    assert calc.new_rating(2053, 20 * sum(per_game), _AFTER_2650) == 2053


# -- first ratings -------------------------------------------------------------


def test_published_newcomer_1922() -> None:
    """O-15 (FIDE F-N01, fide-2024): Ra 13107/7, p .57, dp 50 → 1922."""
    ra, p, dp, ru = calc.first_rating(get("fide-2024"), [1902, 1877, 1884, 2012, 1832], F(3))
    assert (ra, p, dp, calc.round_half_up(ru)) == (F(13107, 7), F(57, 100), 50, 1922)


def test_published_newcomer_from_a_file() -> None:
    """The same newcomer rated from a TRF: five rated opponents, 3 points."""
    ratings = [None, 1902, 1877, 1884, 2012, 1832]
    results = ["=", "=", "1", "0", "1"]
    t = swiss(ratings, [(r, 1, r + 1, res) for r, res in enumerate(results, start=1)])
    p = rate(t, rules="fide-2024").player(1)
    assert p.newcomer is not None
    assert (p.n, p.w, p.ru, p.newcomer.publishable) == (5, 3, 1922, True)
    assert p.newcomer.hypothetical == 2


@pytest.mark.parametrize(
    ("rc", "w", "n", "fide_2022", "fide_2024"),
    [
        (2000, "3", 5, 2020, 1993),
        (2000, "2", 5, 1928, 1893),
        (2000, "2.5", 5, 2000, 1943),
        (2100, "5", 5, 2200, 2200),
        (2400, "3", 5, 2420, 2200),
        (1600, "1", 5, 1360, 1499),
        (1657, "3", 5, 1677, 1748),
        (1800, "4", 7, 1820, 1843),
    ],
)
def test_newcomer_calculator(rc: int, w: str, n: int, fide_2022: int, fide_2024: int) -> None:
    """O-14: FIDE's calculator (2022 rule) and the current rule (2200 cap)."""
    for name, expected in (("fide-2022", fide_2022), ("fide-2024", fide_2024)):
        rules = get(name)
        *_, ru = calc.first_rating(rules, [rc] * n, F(w))
        value = calc.round_half_up(ru)
        if rules.first_rating.ceiling:
            value = min(value, rules.first_rating.ceiling)
        assert value == expected, name


def test_pooled_newcomer_under_each_rule_set() -> None:
    """O-01 (2009 §8.34): 1/3 against 2220, 3/5 against 2150, 2½/4 against 2200."""
    events = [([2220] * 3, F(1)), ([2150] * 5, F(3)), ([2200] * 4, F(5, 2))]
    pooled = [r for opps, _ in events for r in opps]
    w = sum(s for _, s in events)
    expected = {"fide-2009": 2199, "fide-2022": 2204, "fide-2024": 2158}
    for name, value in expected.items():
        *_, ru = calc.first_rating(get(name), pooled, w)
        assert calc.round_half_up(ru) == value, name
    # 2002 §10.3: each event's Ru, weighted by games (2095, 2162.5, 2212.5).
    r02 = get("fide-2002")
    per_event = [(calc.first_rating(r02, o, s)[3], len(o)) for o, s in events]
    assert [ru for ru, _ in per_event] == [2095, F("2162.5"), F("2212.5")]
    assert calc.round_half_up(calc.weighted_first_rating(per_event)) == 2162


def test_weighted_first_rating_2002() -> None:
    """O-02 (2002 §10.3): 2280 over 5, 2400 over 10, 2000 over 5 → 2270."""
    assert calc.weighted_first_rating([(F(2280), 5), (F(2400), 10), (F(2000), 5)]) == 2270


def test_first_event_disregarded() -> None:
    """2009 §8.21: less than 1 point, or fewer than 3 rated opponents."""
    t = swiss([None, 2000, 2000, 2000], [(1, 1, 2, "="), (2, 1, 3, "0"), (3, 1, 4, "0")])
    nc = rate(t, rules="fide-2009").player(1).newcomer
    assert nc is not None and not nc.counts and "1" in nc.reason
    t = swiss([None, 2000, 2000], [(1, 1, 2, "1"), (2, 1, 3, "1")])
    nc = rate(t, rules="fide-2009").player(1).newcomer
    assert nc is not None and not nc.counts and "3" in nc.reason


# -- round robins: the seeds' worked tables -------------------------------------

RR10 = FIXTURES / "rating-rr10-unrated.trf"
_RATED = {1: "A", 2: "B", 4: "D", 6: "F", 7: "G", 10: "J"}


def test_round_robin_2009_section_8_58() -> None:
    """O-03: seed 000 §8.58 (fide-2009), one iteration step as printed.

    F's We is printed 2.52; summed per game it is 2.55 (regulations.md I-2:
    .08+.11+.17+.19+.20+.30+.51+.69+.30), so 2.55 is asserted.
    """
    report = rate(trfkit.load(RR10), rules="fide-2009")
    rr = report.round_robin
    assert rr is not None
    assert (rr.rar, rr.dpa, rr.ra) == (2375, F("29.5"), 2348)
    unrated = {sr: report.player(sr).newcomer for sr in (3, 5, 8, 9)}
    assert {sr: nc.ru_first for sr, nc in unrated.items() if nc} == {
        3: 2423, 5: 2393, 8: 2150, 9: 2032,
    }  # fmt: skip
    assert {sr: nc.rc_new for sr, nc in unrated.items() if nc} == {
        3: 2348, 5: 2348, 8: 2342, 9: 2322,
    }  # fmt: skip
    assert {sr: report.player(sr).ru for sr in unrated} == {3: 2423, 5: 2393, 8: 2144, 9: 2006}
    we = {sr: report.player(sr).we for sr in _RATED}
    assert we == {
        1: F("7.36"),
        2: F("6.48"),
        4: F("5.40"),
        6: F("2.55"),
        7: F("4.21"),
        10: F("4.21"),
    }
    diff = {sr: report.player(sr).w_minus_we for sr in _RATED}
    assert diff == {
        1: F("0.64"),
        2: F("0.52"),
        4: F("0.60"),
        6: F("1.45"),
        7: F("-1.21"),
        10: F("-3.21"),
    }
    # §8.56's K (10 from 2400, 15 below): +6.4, +5.2, +6.0, +21.75, −18.15, −48.15.
    changes = {sr: report.player(sr).change for sr in _RATED}
    assert changes == {
        1: F("6.4"), 2: F("5.2"), 4: F("6.0"), 6: F("21.75"), 7: F("-18.15"), 10: F("-48.15"),
    }  # fmt: skip


def test_round_robin_2009_printed_k() -> None:
    """regulations.md I-1: the printed Kchg column used K 20 (2400+) and 30.
    With those K given, +12.8, +10.4, +12.0, −36.3, −96.3 come out; F gets
    +43.5, where the seed prints +44.3 (I-2)."""
    k = {1: 20, 2: 20, 4: 20, 6: 30, 7: 30, 10: 30}
    report = rate(trfkit.load(RR10), rules="fide-2009", k=k)
    changes = {sr: report.player(sr).change for sr in _RATED}
    assert changes == {
        1: F("12.8"), 2: F("10.4"), 4: F("12.0"), 6: F("43.5"), 7: F("-36.3"), 10: F("-96.3"),
    }  # fmt: skip
    assert not any(report.player(sr).k_assumed for sr in _RATED)


def test_round_robin_2002_section_10_57() -> None:
    """O-04: seed 004 §10.57 (fide-2002), the 350-point rule, We = PD × n.

    The seed prints Rc(new) 2336 for A and 2354 for B; D = 234 and D = 156
    in the same rows need 2366 and 2344 (regulations.md I-4), asserted here.
    """
    report = rate(trfkit.load(RR10), rules="fide-2002")
    rc = {sr: report.player(sr).rc for sr in _RATED}
    assert rc == {1: 2366, 2: 2344, 4: 2344, 6: 2359, 7: 2353, 10: 2353}
    we = {sr: report.player(sr).we for sr in _RATED}
    assert we == {
        1: F("7.11"),
        2: F("6.39"),
        4: F("5.22"),
        6: F("2.07"),
        7: F("3.87"),
        10: F("3.87"),
    }
    changes = {sr: report.player(sr).change for sr in _RATED}
    assert changes == {
        1: F("8.9"), 2: F("6.1"), 4: F("7.8"), 6: F("28.95"), 7: F("-13.05"), 10: F("-43.05"),
    }  # fmt: skip
    unrated = {sr: report.player(sr).newcomer for sr in (3, 5, 8, 9)}
    assert {sr: (nc.ru_first, nc.rc_new, nc.ru) for sr, nc in unrated.items() if nc} == {
        3: (2411, 2351, 2414),
        5: (2386, 2348, 2386),
        8: (2150, 2337, 2139),
        9: (2032, 2305, 1989),
    }


def test_round_robin_with_unplayed_game_is_a_swiss() -> None:
    """2009 §6.43: one unplayed game and the round robin is rated as a Swiss."""
    text = RR10.read_text(encoding="utf-8")
    lines = text.splitlines()
    a = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    j = next(i for i, line in enumerate(lines) if line.startswith("001   10 "))
    # Round 1 is A against J (Berger: 1-10): make it a forfeit.
    assert lines[a][91:99].split()[0] == "10"
    lines[a] = lines[a][:98] + "+" + lines[a][99:]
    lines[j] = lines[j][:98] + "-" + lines[j][99:]
    report = rate(trfkit.loads(("\n".join(lines) + "\n").encode()), rules="fide-2009")
    assert report.round_robin is None
    assert any("§6.43" in n for n in report.notes)
    a_line = report.player(1)
    assert a_line.n == 4  # B, D, F, G: J forfeited, unrated opponents not counted
    assert a_line.games[0].reason and "forfeit" in a_line.games[0].reason


# -- CHESSA ------------------------------------------------------------------------


def test_chessa_worked_table() -> None:
    """O-11: the CHESSA 2015 eight-player example, rated and unrated."""
    report = rate(trfkit.load(FIXTURES / "rating-chessa-rr8.trf"), rules="chessa-2015")
    rated = {sr: report.player(sr) for sr in range(1, 6)}
    assert {sr: p.we for sr, p in rated.items()} == {
        1: F("3.52"), 2: F("2.84"), 3: F("2.00"), 4: F("1.26"), 5: F("0.05"),
    }  # fmt: skip
    assert {sr: p.change for sr, p in rated.items()} == {
        1: F("-15.3"), 2: F("-6.8"), 3: F("12.5"), 4: F("-7.8"), 5: F("58.0"),
    }  # fmt: skip
    assert {sr: p.performance for sr, p in rated.items()} == {
        1: 1520, 2: 1570, 3: 1620, 4: 1382, 5: 1613,
    }  # fmt: skip
    assert {sr: p.k for sr, p in rated.items()} == {1: 15, 2: 20, 3: 25, 4: 30, 5: 40}
    # regulations.md I-13: temporary performances against the floor (1427,
    # 1579, 1479), then the published ones against each other's temporaries.
    assert {sr: report.player(sr).performance for sr in (6, 7, 8)} == {6: 1435, 7: 1565, 8: 1479}
    assert "unrated players' floor: 1500" in report.notes
    assert any("temporary rating 1427" in n for n in report.player(6).notes)


def test_chessa_single_formulas() -> None:
    """O-08, O-09, O-10, O-12."""
    assert calc.chessa_floor([1243, 1201, 1119, 1056, 940, 827], 4) == 1000
    assert calc.performance([1500] * 7, F(5), own=1500) == 1658
    assert calc.performance([1500] * 6, F(3, 2), own=1500) == 1307
    assert calc.performance([1000, 1100, 1200, 1300, 1400, 1500, 1600], F(7), own=1400) == 1783
    chessa = get("chessa-2015")
    assert expected_score(calc.difference(1456, 1107, chessa).used) == F("0.89")
    assert expected_score(calc.difference(1107, 1456, chessa).used) == F("0.11")
    assert expected_score(calc.difference(2000, 1000, chessa).used) == F("0.92")
    assert expected_score(calc.difference(1000, 2000, chessa).used) == 0
    # O-12: 17 games, 10 points, opponents totalling 14879 → 875 + 65 = 940.
    opponents = [
        983,
        1002,
        746,
        575,
        824,
        745,
        810,
        945,
        1043,
        1106,
        444,
        533,
        1148,
        999,
        876,
        1045,
        1055,
    ]
    assert sum(opponents) == 14879
    assert calc.performance(opponents, F(10), own=0) == 940


def test_a_chessa_performance_short_of_100_percent_that_rounds_to_it_reads_the_last_row() -> None:
    """199½ of 200 is 99.75%, which rounds to 100, where the table has no
    dp (found by the fuzzer: ValueError); the 99% row (+677) is the nearest,
    and 0.25% likewise reads the 1% row (-677)."""
    assert calc.performance([1500] * 200, F(399, 2), own=1500) == 1500 + 677
    assert calc.performance([1500] * 200, F(1, 2), own=1500) == 1500 - 677


def test_chessa_fifty_percent_rule_and_joint_winners() -> None:
    """A gain needs half the rounds played (rounded up); joint winners keep
    their rating; a late default is a loss for the defaulter only."""
    chessa = "chessa-2015"
    # Player 1 (1500) beats 2 (1500) in round 1 and is absent for rounds 2-5.
    games = [(1, 1, 2, "1"), (2, 3, 2, "="), (3, 2, 4, "="), (4, 3, 4, "="), (5, 2, 3, "=")]
    t = swiss([1500, 1500, 1500, 1500], games, time_control="90 min")
    p1 = rate(t, rules=chessa).player(1)
    assert p1.change == 0 and any("50% rule" in n for n in p1.notes)
    # Late default: 5 rounds, a forfeit in round 4 (> 5 // 2) is rated as a loss.
    games = [(1, 1, 2, "="), (2, 1, 3, "="), (3, 1, 4, "="), (4, 2, 1, "+"), (5, 3, 4, "=")]
    report = rate(swiss([1500, 1500, 1500, 1500], games, time_control="90 min"), rules=chessa)
    late = report.player(1).games[3]
    assert late.rated and late.score == 0 and late.reason and "late default" in late.reason
    assert not report.player(2).games[3].rated  # the opponent gains nothing
    # Joint winners: 1 (2000) and 2 (1000) share first; 1 would lose points.
    games = [(1, 1, 2, "="), (2, 1, 3, "1"), (3, 2, 3, "1")]
    report = rate(swiss([2000, 1000, 900], games, time_control="90 min"), rules=chessa)
    assert report.player(1).w == F(3, 2) and report.player(2).w == F(3, 2)
    p1 = report.player(1)
    assert p1.change == 0 and any("joint first" in n for n in p1.notes)


# -- Swiss events, caps, K -----------------------------------------------------------


def test_2022_cap_benefits_one_game() -> None:
    """2022 §8.3.1: the cap helps the higher-rated player once, in the game
    with the largest gap. The published 2021-22 example (chesschat.org
    thread 18971): Ro 2000, K 20, W 5½/7, chg −0.61, K×chg −12.20; only
    the game against 1063 is "uplifted to 1600"."""
    opponents = [1063, 1299, 1413, 1872, 1851, 1427, 1682]
    results = ["1", "1", "1", "=", "0", "1", "1"]
    t = swiss(
        [2000, *opponents],
        [(r, 1, r + 1, s) for r, s in enumerate(results, start=1)],
        start="2022/10/30",
    )
    p = rate(t, rules="fide-2022", k={1: 20}).player(1)
    per_game = [g.score - g.pd for g in p.games if g.pd is not None and g.score is not None]
    expected = ["0.08", "0.01", "0.02", "-0.17", "-0.70", "0.02", "0.13"]
    assert per_game == [F(x) for x in expected]
    assert [g.capped for g in p.games] == [True, False, False, False, False, False, False]
    assert p.change == F("-12.2") and p.new_rating == 1988
    # Every game capped under 2024: the 1299 and 1427 games are worth .08 too.
    p24 = rate(t, rules="fide-2024", k={1: 20}).player(1)
    assert sum(g.capped for g in p24.games) == 4


def test_swiss_counts_only_rated_opponents() -> None:
    t = swiss([2100, None, 2000, 1900], [(1, 1, 2, "1"), (2, 1, 3, "="), (3, 4, 1, "+")])
    p = rate(t, rules="fide-2024").player(1)
    assert (p.n, p.w, p.rc) == (1, F(1, 2), 2000)
    reasons = [g.reason for g in p.games]
    assert reasons[0] and "unrated" in reasons[0]
    assert reasons[2] and "forfeit" in reasons[2]
    assert [g.rated for g in p.games] == [False, True, False]


def test_k_derivation_is_marked_assumed() -> None:
    t = swiss(
        [2450, 2100, 2100, 1500],
        [(1, 1, 2, "="), (1, 3, 4, "1")],
        born=["1980/01/01", "2008/05/05", "1990/01/01", "1990/01/01"],
        start="2025/06/01",
    )
    report = rate(t, rules="fide-2024")
    ks = {sr: (report.player(sr).k, report.player(sr).k_assumed) for sr in (1, 2, 3)}
    assert ks == {1: (10, True), 2: (40, True), 3: (20, True)}
    assert "junior" in report.player(2).k_reason
    given = rate(t, rules="fide-2024", k={3: 40}).player(3)
    assert (given.k, given.k_assumed, given.k_reason) == (40, False, "given")


def test_rounding_by_rule_set() -> None:
    """2009 rounds the new rating (.5 up); 2024 the change (.5 away from 0)."""
    assert calc.new_rating(2300, F(-25, 2), get("fide-2009")) == 2288
    assert calc.new_rating(2300, F(-25, 2), get("fide-2024")) == 2287
    assert calc.new_rating(2300, F(25, 2), get("fide-2024")) == 2313


def test_match_games_after_the_decision_and_unrated() -> None:
    """2002 §6.5: games after a match is decided are not rated; from 2009
    (§6.6) a match with an unrated player is not rated at all."""
    games = [(1, 1, 2, "1"), (2, 2, 1, "0"), (3, 1, 2, "1"), (4, 2, 1, "=")]
    t = swiss([2400, 2300], games, type_line="092 Match", start="2005/01/01")
    t.headers[[h.code for h in t.headers].index("062")].value = "4"
    p = rate(t, rules="fide-2002", type="match").player(1)
    assert [g.rated for g in p.games] == [True, True, True, False]
    assert "decided" in (p.games[3].reason or "")
    t = swiss([2400, None], games, type_line="092 Match")
    p = rate(t, rules="fide-2024", type="match").player(1)
    assert p.n == 0 and "match with an unrated" in (p.games[0].reason or "")


def test_rapid_gap_rule_from_2024_12_01() -> None:
    t = swiss(
        [2700, 2050, 2200],
        [(1, 1, 2, "1"), (2, 1, 3, "1")],
        time_control="15 min + 10 sec/move",
        start="2025/01/10",
    )
    report = rate(t, rules="fide-rb-2024")
    assert report.event.rate_class == "rapid"
    p = report.player(1)
    assert [g.rated for g in p.games] == [False, True]
    assert "600" not in (p.games[1].reason or "") and "2600" in (p.games[0].reason or "")


def test_every_fixture_rates(tmp_path: Path) -> None:
    """Every fixture rates under every rule set without an exception, and
    each rated player's W is the sum of his counted games."""
    from tests.conftest import fixture_files
    from trfkit.rules import names

    for path in fixture_files():
        t = trfkit.load(path)
        for name in names():
            report = rate(t, rules=name)
            for p in report.players:
                assert p.w == sum(g.score or 0 for g in p.games if g.rated), (path, name)
                assert p.n == sum(1 for g in p.games if g.rated), (path, name)


def test_2002_swiss_one_pd_over_capped_rc() -> None:
    """2002 §10.51-10.54 in a Swiss: Rc is the opponents' average with each
    counted at most 350 from the player (2700 counts as 2650 for a 2300
    player), D = R − Rc, We = PD(D) × n, ΔR = K(W − We). Derived by hand:
    Rc = (2000 + 2100 + 2650)/3 = 2250, D = 50 → .57, We = 1.71, W = 2,
    K 15 → +4.35 → 2304."""
    t = swiss(
        [2300, 2000, 2100, 2700],
        [(1, 1, 2, "1"), (2, 3, 1, "0"), (3, 1, 4, "0")],
        start="2005/05/01",
    )
    p = rate(t, rules="fide-2002").player(1)
    assert (p.n, p.rc, p.w, p.we, p.k) == (3, 2250, 2, F("1.71"), 15)
    assert p.change == F("4.35") and p.new_rating == 2304
    assert [g.capped for g in p.games] == [False, False, True]
    assert all(g.pd is None for g in p.games)  # one PD for the event, not per game


def _long_match(n: int) -> trfkit.Tournament:
    """An unrated player beating an 1800 in ``n`` rounds. The points field
    has four columns: 200.0 does not fit, and the total is not what is rated."""
    from tests.trfbuild import swiss_text

    text = swiss_text([1800, None], [(r, 2, 1, "1") for r in range(1, n + 1)])
    return trfkit.loads(text.replace(f" {float(n):.1f} ", " 99.0 ").encode())


def test_a_newcomer_who_wins_200_games_has_no_dp_and_no_crash() -> None:
    """Found by tests/test_fuzz.py: under 2024 p = (W + 1)/(n + 2) rounds to
    1.00 once n ≥ 197 games are all won, and table 8.1.1 has no dp for it.
    The performance is then indeterminate (no first rating), as 2002 §10.1
    says of a 100% score, rather than a ValueError."""
    nina = trfkit.rate(_long_match(200), rules="fide-2024").player(2)
    assert nina.newcomer is not None and nina.newcomer.n == 200
    assert nina.newcomer.p == 1 and nina.newcomer.dp is None
    assert not nina.newcomer.counts and nina.ru is None
    assert "no dp" in nina.newcomer.reason
    # 196 games: p = 197/198 = .9949 → .99, dp 677 (table 8.1.1).
    nina = trfkit.rate(_long_match(196), rules="fide-2024").player(2)
    assert nina.newcomer is not None and nina.newcomer.dp == 677


def _first_rating_as_written(
    rules: str, opponents: list[int], w: Fraction, round_robin_n: int | None
) -> tuple[Fraction, Fraction | None, int | None, Fraction]:
    """The newcomer formulas of regulations.md §2d in plain Fraction
    arithmetic, as the texts state them: the oracle for calc.first_rating,
    which works in integers."""
    rs = get(rules)
    n = round_robin_n if round_robin_n is not None else len(opponents)
    if round_robin_n is not None:
        ra = Fraction(opponents[0])
    else:
        extra_n, extra_rating = rs.first_rating.hypothetical or (0, 0)
        ra = Fraction(sum(opponents) + extra_n * extra_rating, len(opponents) + extra_n)

    def hundredths(x: Fraction) -> Fraction:  # to two decimals, .005 up
        return Fraction(int(x * 100 + Fraction(1, 2)), 100)

    if rs.first_rating.hypothetical:
        extra_n = rs.first_rating.hypothetical[0]
        p = hundredths((w + Fraction(extra_n, 2)) / (n + extra_n))
        if p in (0, 1):
            return ra, p, None, ra
        return ra, p, P_TO_DP[int(p * 100)], ra + P_TO_DP[int(p * 100)]
    if w == Fraction(n, 2):
        return ra, Fraction(1, 2), 0, ra
    if w > Fraction(n, 2) and rs.first_rating.increment is not None:
        return ra, None, None, ra + rs.first_rating.increment * (w - Fraction(n, 2)) * 2
    if n == 0:
        return ra, None, None, ra
    p = hundredths(w / n)
    if p in (0, 1):
        return ra, p, None, ra
    dp = P_TO_DP[int(p * 100)]
    if round_robin_n is not None:
        return ra, p, dp, ra + Fraction(dp * n, n + 1)
    return ra, p, dp, ra + dp


@given(
    rules=st.sampled_from(["fide-2002", "fide-2009", "fide-2022", "fide-2024", "fide-rb-2024"]),
    opponents=st.lists(st.integers(1000, 2900), min_size=1, max_size=40),
    data=st.data(),
    round_robin=st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_first_rating_in_integers_is_the_formulas_in_fractions(
    rules: str, opponents: list[int], data: st.DataObject, round_robin: bool
) -> None:
    n = data.draw(st.integers(1, 20)) if round_robin else len(opponents)
    w = Fraction(data.draw(st.integers(0, 2 * n)), 2)
    rr = n if round_robin else None
    assert calc.first_rating(get(rules), opponents, w, round_robin_n=rr) == (
        _first_rating_as_written(rules, opponents, w, rr)
    )
    with pytest.raises(ValueError):
        calc.first_rating(get(rules), opponents, Fraction(1, 3))
