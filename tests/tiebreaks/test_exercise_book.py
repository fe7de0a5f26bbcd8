"""C.07 tie-breaks against the FIDE TEC exercise book and the regulation's examples.

Expected values are the printed ones of M. Held, "Exercises in Tie-Breaking",
rev. 2403220900 (C.07-2023), FIDE TEC 2024-03-18: the summary tables of
pp. 32 (Buchholz and Sonneborn-Berger family), 41 (rating-based) and 51 (own
results), the round robin's exercises 14-16 and 26, and the direct-encounter
exercises 23-24. The fixtures in tests/data re-key the book's crosstables
(2.1 and 2.2) by hand. The C.07-2026 values are those that cap the dummy's
score (16.4.1, 16.4.2), worked out by hand below.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import trfkit
from tests.conftest import DATA
from tests.trfbuild import swiss
from trfkit.model import Tournament
from trfkit.tiebreaks import UnknownTieBreak, parse_tiebreak, standings
from trfkit.tiebreaks.editions import EDITIONS, edition_for
from trfkit.tiebreaks.encounter import direct_encounter
from trfkit.tiebreaks.field import field_of
from trfkit.tiebreaks.opponents import adjusted_scores, elements

SWISS = DATA / "tec-swiss-16x5.trf"
ROUND_ROBIN = DATA / "tec-roundrobin-6x5.trf"

# p.32: BH, BH-C1, AOB (two decimals, p.21), FB, SB, SB-C1 by starting rank.
BUCHHOLZ_TABLE = {
    2: ("13.0", "12.0", "13.60", "13.5", "9.50", "8.50"),
    3: ("15.5", "13.0", "13.40", "15.0", "10.50", "9.25"),
    4: ("15.0", "11.5", "13.38", "15.5", "9.75", "8.00"),
    1: ("12.5", "11.0", "12.60", "13.5", "8.00", "7.25"),
    16: ("12.5", "11.0", "13.30", "13.5", "7.25", "5.75"),
    6: ("12.0", "11.0", "13.25", "12.0", "6.50", "5.50"),
    8: ("13.5", "12.0", "13.00", "12.5", "5.25", "3.75"),
    11: ("13.5", "12.0", "12.75", "12.5", "5.75", "4.25"),
    5: ("8.5", "7.5", "13.40", "10.0", "4.25", "3.25"),
    15: ("12.0", "11.0", "12.20", "12.0", "3.50", "2.50"),
    12: ("11.5", "9.5", "15.00", "11.5", "4.00", "4.00"),
    14: ("11.0", "9.0", "13.17", "10.5", "4.50", "3.00"),
    7: ("14.5", "12.5", "11.90", "13.5", "3.25", "1.25"),
    13: ("14.0", "12.0", "12.10", "13.5", "4.25", "4.25"),
    9: ("9.0", "7.5", "12.75", "9.5", "2.25", "2.25"),
    10: ("13.0", "11.5", "10.90", "12.5", "1.50", "0.00"),
}
# p.41: ARO, TPR, APRO, PTP, APPO.
RATING_TABLE = {
    2: (1880, 2120, 1856, 2216, 1852),
    3: (1940, 2089, 1904, 2112, 1934),
    4: (1888, 2081, 1772, 2168, 1784),
    1: (1820, 1969, 1789, 2029, 1769),
    16: (1820, 1969, 1805, 2013, 1799),
    6: (1813, 1813, 1846, 1810, 1836),
    11: (1863, 1776, 1840, 1763, 1836),
    8: (1730, 1730, 1915, 1715, 1924),
    5: (1690, 1690, 1719, 1689, 1676),
    12: (2050, 1250, 2081, 1250, 2168),
    15: (1860, 1788, 1776, 1768, 1767),
    14: (1800, 1925, 1775, 1942, 1756),
    9: (1975, 1175, 1805, 950, 1802),
    13: (1930, 1781, 1879, 1744, 1909),
    7: (1760, 1611, 1869, 1531, 1890),
    10: (1880, 1640, 1717, 1575, 1687),
}
# p.51: WIN, WON, BPG, BWG, GE, PS, PS-C1.
OWN_TABLE = {
    2: (3, 3, 3, 1, 5, "13.0", "12.0"),
    4: (2, 2, 2, 1, 4, "11.5", "10.5"),
    1: (2, 2, 2, 1, 5, "11.0", "10.0"),
    3: (2, 2, 2, 1, 5, "11.0", "10.5"),
    16: (3, 3, 2, 1, 5, "10.5", "10.0"),
    6: (3, 2, 2, 1, 5, "6.0", "6.0"),
    8: (2, 2, 2, 0, 5, "8.5", "8.0"),
    11: (2, 1, 2, 0, 5, "5.5", "5.0"),
    5: (2, 2, 2, 0, 5, "5.0", "5.0"),
    12: (2, 0, 0, 0, 3, "7.0", "7.0"),
    15: (2, 2, 3, 1, 5, "7.0", "7.0"),
    14: (2, 2, 2, 1, 3, "6.0", "5.0"),
    13: (1, 1, 3, 1, 5, "7.0", "6.0"),
    7: (1, 1, 3, 0, 5, "6.0", "5.0"),
    9: (1, 0, 1, 0, 3, "2.5", "2.5"),
    10: (1, 1, 3, 1, 5, "4.0", "4.0"),
}


@pytest.fixture(scope="module")
def tec_swiss() -> Tournament:
    return trfkit.load(SWISS)


def _values(t: Tournament, codes: str, rules: str) -> dict[int, dict[str, object]]:
    s = standings(t, codes, rules=rules)
    return {row.start_rank: row.tiebreaks for row in s.rows}


def test_swiss_buchholz_family_2023(tec_swiss: Tournament) -> None:
    codes = ("BH", "BH-C1", "AOB", "FB", "SB", "SB-C1")
    got = _values(tec_swiss, ",".join(codes), "c07-2023")
    for start, expected in BUCHHOLZ_TABLE.items():
        assert [got[start][c] for c in codes] == [Decimal(v) for v in expected], start


def test_swiss_rating_based_2023(tec_swiss: Tournament) -> None:
    codes = ("ARO", "TPR", "APRO", "PTP", "APPO")
    got = _values(tec_swiss, ",".join(codes), "c07-2023")
    for start, expected in RATING_TABLE.items():
        assert tuple(got[start][c] for c in codes) == expected, start


def test_swiss_own_results_2023(tec_swiss: Tournament) -> None:
    codes = ("WIN", "WON", "BPG", "BWG", "GE", "PS", "PS-C1")
    got = _values(tec_swiss, ",".join(codes), "c07-2023")
    for start, expected in OWN_TABLE.items():
        want = [*expected[:5], Decimal(expected[5]), Decimal(expected[6])]
        assert [got[start][c] for c in codes] == want, start


def test_swiss_2026_caps_the_dummy(tec_swiss: Tournament) -> None:
    # 16.4.2: #4's half-point bye and #6's PAB count a dummy of at most
    # ½ × 5 rounds = 2.5 (their own scores 3.5 and 3.0 in 2023): BH 15.0 →
    # 14.0 and 12.0 → 11.5. 16.4.1: #11's forfeit win over #9 counts at
    # most #9's adjusted score 1.5 (2.5 in 2023): 13.5 → 12.5, and BH-C1
    # (the lowest, the capped 1.5, is cut) 12.0 → 11.0.
    got = _values(tec_swiss, "BH,BH/C1", "c07-2026")
    assert (got[4]["BH"], got[6]["BH"], got[11]["BH"]) == (
        Decimal("14.0"),
        Decimal("11.5"),
        Decimal("12.5"),
    )
    assert got[11]["BH/C1"] == Decimal("11.0")
    # Players without unplayed rounds, and whose opponents' dummies do not
    # enter, keep their 2023 values.
    assert got[3]["BH"] == Decimal("15.5") and got[2]["BH"] == Decimal("13.0")


def test_swiss_ranking_by_points_then_bh(tec_swiss: Tournament) -> None:
    # p.24, "Final Rankings" by BH: 2 3 4 1 16 6 8 11 5 15 12 14 7 13 9 10,
    # with #1 and #16 (12.5 each) and #8 and #11 (13.5 each) still tied.
    s = standings(tec_swiss, "BH", rules="c07-2023")
    assert [r.start_rank for r in s.rows] == [2, 3, 4, 1, 16, 6, 8, 11, 5, 15, 12, 14, 7, 13, 9, 10]
    assert s.tied == ((1, 16), (8, 11))
    assert [r.rank for r in s.rows][:5] == [1, 2, 3, 4, 4]


def test_swiss_direct_encounter_breaks_no_tie(tec_swiss: Tournament) -> None:
    # Exercises 23 and 24: in the 3.5 group (#1 #3 #4 #16) and the 2.5
    # group (#5 #8 #11) not all have met and the missing games could
    # change every place, so DE breaks nothing.
    s = standings(tec_swiss, "DE", rules="c07-2023")
    assert (1, 3, 4, 16) in s.tied and (5, 8, 11) in s.tied


def test_direct_encounter_places_whoever_no_missing_game_can_pass() -> None:
    # p.41: A beat B, C and D; B beat C and D; C and D never met. A and B
    # are placed, C and D stay tied (6.3).
    t = swiss(
        [2000] * 4,
        [
            (1, 1, 2, "1"),
            (2, 1, 3, "1"),
            (3, 1, 4, "1"),
            (1, 3, 4, "="),
            (2, 2, 4, "1"),
            (3, 2, 3, "1"),
        ],
    )
    # Build the same separate table without the C-D game: drop it from the field.
    f = field_of(t, round_robin=False)
    f.kinds[2] = "Z" + f.kinds[2][1:]
    f.kinds[3] = "Z" + f.kinds[3][1:]
    f.opponents[2][0] = f.opponents[3][0] = -1
    assert direct_encounter(f, [0, 1, 2, 3], parse_tiebreak("DE")) == [[0], [1], [2, 3]]


@pytest.fixture(scope="module")
def tec_round_robin() -> Tournament:
    return trfkit.load(ROUND_ROBIN)


def test_round_robin_sonneborn_berger_and_koya(tec_round_robin: Tournament) -> None:
    # Exercises 14 (SB), 15 (SB-C1) and 16 (KS): Franck's forfeit loss to
    # Helene counts as a game (15.2).
    got = _values(tec_round_robin, "SB,SB-C1,KS", "c07-2023")
    expected = {
        1: ("9.25", "9.25", "2.0"),
        2: ("6.25", "4.75", "0.5"),
        3: ("6.25", "4.75", "0.5"),
        4: ("4.25", "4.25", "1.0"),
        5: ("3.25", "3.25", "0.5"),
        6: ("2.25", "1.50", "0.0"),
    }
    for start, values in expected.items():
        assert [got[start][c] for c in ("SB", "SB-C1", "KS")] == [Decimal(v) for v in values], start


def test_round_robin_direct_encounter(tec_round_robin: Tournament) -> None:
    # Exercise 26: Alyx first of the 3.5 group, Bruno and Charline drew and
    # stay tied; in the 1.5 group the forfeit counts (15.2): Helene 1.5,
    # Franck 1, David ½.
    s = standings(tec_round_robin, "DE", rules="c07-2023")
    assert [r.start_rank for r in s.rows] == [1, 2, 3, 6, 5, 4]
    assert s.tied == ((2, 3),)
    assert [r.tiebreaks["DE"] for r in s.rows] == [1, 2, 2, 1, 2, 3]


def test_koya_limit_cannot_split_two_score_groups(tec_round_robin: Tournament) -> None:
    # Exercise 16: with only two score groups, moving the limit half a point
    # at a time cannot separate Bruno and Charline.
    for limit in ("KS/L1", "KS/L2", "KS/L-1", "KS/L-2"):
        s = standings(tec_round_robin, f"KS,{limit}", rules="c07-2023")
        assert (2, 3) in s.tied, limit


def test_pre2023_virtual_opponent() -> None:
    # The pre-2023 rule as quoted from the Handbook (virtual opponent): absent
    # in round 3 of 9 with 1.5 points, the virtual opponent has
    # 1.5 + 1 + ½ × 6 = 5.5 at the end; a no-show of the opponent in round 6
    # with 3.5 points gives 3.5 + 0 + ½ × 3 = 5.0.
    games = [(1, 1, 2, "1"), (2, 1, 3, "="), (4, 1, 5, "1"), (5, 1, 6, "1"), (6, 1, 7, "+")]
    games += [(r, 1, r + 1, "=") for r in (7, 8, 9)]
    t = swiss([2000] * 10, games)
    f = field_of(t, round_robin=False)
    pre = EDITIONS["c07-pre2023"]
    player = elements(f, pre, adjusted_scores(f, pre), False)[0].values
    assert f.kinds[0] == "PPZPPWPPP"
    assert player[2] == 55  # tenths of a point
    assert player[5] == 50
    # Under C.07-2023 both are dummies with the player's final score, 6.0.
    c2023 = EDITIONS["c07-2023"]
    player = elements(f, c2023, adjusted_scores(f, c2023), False)[0].values
    assert (player[2], player[5]) == (60, 60)


def test_pre2023_opponents_unplayed_games_are_draws() -> None:
    # The 2009 SPP examples (pre-2023): A, 6 points with a forfeit win in
    # round 3, counts 5.5 for his opponents; B, 6 points and absent in
    # round 7, counts 6.5.
    a = [(r, 1, r + 2, "1") for r in (1, 2, 4, 5, 6)] + [(3, 1, 5, "+")]
    a += [(r, 1, r + 2, "0") for r in (7, 8, 9)]
    b = [(r, 2, r + 3, "1") for r in (1, 2, 3, 4, 5)] + [(6, 2, 9, "0")]
    b += [(r, 2, r + 3, "=") for r in (8, 9)]
    t = swiss([2000] * 13, a + b)
    f = field_of(t, round_robin=False)
    assert (f.score[0], f.score[1]) == (60, 60)
    adjusted = adjusted_scores(f, EDITIONS["c07-pre2023"])
    assert adjusted[0] == 55
    assert adjusted[1] == 65


def test_editions_by_start_date() -> None:
    import datetime as dt

    assert edition_for(dt.date(2024, 3, 31)).name == "c07-pre2023"
    assert edition_for(dt.date(2024, 4, 1)).name == "c07-2023"
    assert edition_for(dt.date(2026, 2, 28)).name == "c07-2023"
    assert edition_for(dt.date(2026, 3, 1)).name == "c07-2026"


def test_both_spellings_and_modifiers() -> None:
    assert parse_tiebreak("BH/C1") == parse_tiebreak("BH-C1").__class__("BH", cut=1, text="BH/C1")
    assert parse_tiebreak("bh-c1").cut == 1
    assert parse_tiebreak("ARO/M2").median == 2
    assert parse_tiebreak("KS/L-2").limit == -2
    assert parse_tiebreak("DE/P").forfeits_played
    assert parse_tiebreak("AOB/F").fore
    assert parse_tiebreak("RTNG/R").lower_is_better and not parse_tiebreak("RTNG").lower_is_better
    assert parse_tiebreak("TPN").lower_is_better
    assert parse_tiebreak("GE").acronym == "REP"
    assert parse_tiebreak("BH:MP/C1/P").points == "MP"
    for bad in ("XYZ", "BH/C3", "WIN/C1", "SB/M1/C1", "OTHER_FOO", "KS/L"):
        with pytest.raises(UnknownTieBreak):
            parse_tiebreak(bad)


def test_unknown_codes_are_named_together(tec_swiss: Tournament) -> None:
    with pytest.raises(UnknownTieBreak, match="XX, YY"):
        standings(tec_swiss, "BH,XX,YY")


def test_rating_tiebreaks_undefined_with_an_unrated_player() -> None:
    t = swiss(
        [2000, None, 1800, 1700], [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "1"), (2, 2, 4, "0")]
    )
    s = standings(t, "ARO,TPR,BH")
    assert all(r.tiebreaks["ARO"] is None and r.tiebreaks["TPR"] is None for r in s.rows)
    assert all(r.tiebreaks["BH"] is not None for r in s.rows)
    assert any("unrated" in note for note in s.notes)


def test_cut_with_too_few_values_is_undefined() -> None:
    # A player with one game over the board: ARO/C1 drops it and nothing is
    # left to average (undefined, never 0).
    t = swiss([2000, 1900, 1800, 1700], [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "1")])
    s = standings(t, "ARO/C1,ARO")
    by = {r.start_rank: r.tiebreaks for r in s.rows}
    assert by[2]["ARO/C1"] is None and by[2]["ARO"] == 2000
    assert by[1]["ARO/C1"] == 1900  # 1900 and 1800, the lowest cut


def test_no_tiebreaks_declared_ranks_by_points() -> None:
    t = swiss([2000, 1900, 1800, 1700], [(1, 1, 2, "="), (1, 3, 4, "=")])
    s = standings(t)
    assert s.source == "none" and s.tiebreaks == ()
    assert s.tied == ((1, 2, 3, 4),) and all(r.rank == 1 for r in s.rows)


def test_swiss_direct_encounter_exercise_25() -> None:
    # Exercise 25 (p.43), the Swiss played on to 9 rounds: in the 6.0 group
    # all have met: Franck 2, Alyx and David 1.5 (they drew: still tied),
    # Bruno 1. In the 4.5 and 4.0 groups not all have met and the missing
    # games could change every place; the 3.0 pair drew.
    t = trfkit.load(DATA / "tec-swiss-16x9-de.trf")
    s = standings(t, "DE", rules="c07-2023")
    assert [r.start_rank for r in s.rows] == [3, 6, 1, 4, 2, 7, 8, 16, 5, 10, 14, 15, 11, 9, 12, 13]
    assert s.tied == ((1, 4), (7, 8, 16), (5, 10, 14, 15), (9, 12))
    de = {r.start_rank: r.tiebreaks["DE"] for r in s.rows}
    assert (de[6], de[1], de[4], de[2]) == (1, 2, 2, 4)
    assert de[3] is None and de[13] is None  # alone on their points: DE not applied
