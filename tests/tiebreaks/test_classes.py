"""The classes where trfkit and FIDE TEC's TieBreakServer read C.07
differently (issue 33 §5), each on a tournament built by hand, its expected
values worked out by hand from the article docs/standings.md names
("Where trfkit and TieBreakServer differ").

Every tournament is written cell by cell (opponent, colour, result), so the
reader can check each expectation against the crosstable in the test.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import trfkit
from tests.trfbuild import player_line
from trfkit.model import Tournament
from trfkit.tiebreaks import standings
from trfkit.tiebreaks.field import field_of

_POINTS = {"1": 1.0, "W": 1.0, "+": 1.0, "F": 1.0, "U": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}


def event(
    rows: Sequence[Sequence[str]],
    ratings: Sequence[int | None] | None = None,
    *,
    start: str = "2026/04/01",
) -> Tournament:
    """A Swiss (092) whose player ``i + 1`` has the cells ``rows[i]``."""
    lines = ["012 Classes Open", f"042 {start}", f"052 {start}", "092 Swiss"]
    for i, cells in enumerate(rows, start=1):
        points = sum(_POINTS.get(c[-1], 0.0) for c in cells)
        rating = ratings[i - 1] if ratings else 1500
        lines.append(player_line(i, rating, points, cells))
    return trfkit.loads(("\n".join(lines) + "\n").encode())


def values(t: Tournament, codes: str, rules: str) -> dict[int, dict[str, object]]:
    return {row.start_rank: row.tiebreaks for row in standings(t, codes, rules).rows}


D = Decimal


# -- Games of less than one move (W, D, L) -----------------------------------
#
#      1 (2000)   2 w W      3 w 1      2.0
#      2 (1800)   1 b L      4 w =      0.5
#      3 (1600)   4 w D      1 b 0      0.5
#      4 (1400)   3 b D      2 b =      1.0
#
# C.07 16.2: the unplayed rounds are byes and forfeits; TRF16 writes a
# forfeit + or - ("scheduled game not played") and W D L for a game that
# lasted less than one move: a game, all three alike.


def test_less_than_one_move_is_a_game_played_all_three_alike() -> None:
    t = event(
        [
            ["   2 w W", "   3 w 1"],
            ["   1 b L", "   4 w ="],
            ["   4 w D", "   1 b 0"],
            ["   3 b D", "   2 b ="],
        ],
        [2000, 1800, 1600, 1400],
    )
    assert field_of(t, round_robin=False).kinds == ["PP"] * 4
    v = values(t, "BH,SB,WON,BWG,BPG,REP,ARO,AOB", "c07-2023")
    # BH(1): opponents 2 (0.5) and 3 (0.5), no dummy: 1.0 (as a forfeit win
    # round 1 would be a dummy with 1's own 2.0: 2.5).
    assert v[1]["BH"] == D("1.0")
    # SB(1) = 0.5 x 1 + 0.5 x 1; SB(4) = 0.5 x ½ (3) + 0.5 x ½ (2).
    assert v[1]["SB"] == D("1.0")
    assert v[4]["SB"] == D("0.5")
    # WON: W is a game won over the board; 2 won nothing.
    assert (v[1]["WON"], v[2]["WON"]) == (2, 0)
    # BPG / BWG: 2 had black in round 1 (L): a game played with black.
    assert (v[2]["BPG"], v[2]["BWG"]) == (1, 0)
    assert (v[4]["BPG"], v[4]["BWG"]) == (2, 0)
    # REP (7.6): the rounds less byes and forfeit losses; L is no forfeit.
    assert v[2]["REP"] == 2
    # ARO (10.1) over the board: 1 met 2 (1800) and 3 (1600).
    assert v[1]["ARO"] == 1700
    # AOB (8.2): 2's opponents over the board are 1 (BH 1.0) and 4 (BH 1.0).
    assert v[2]["AOB"] == D("1.00")


# -- KS with forfeits in a Swiss ---------------------------------------------
#
#      1   2 w +      3 w =      1.5
#      2   1 b -      4 w 1      1.0
#      3   4 w 1      1 b =      1.5
#      4   3 b 0      2 b 0      0.0
#
# Two rounds, a win 1: the limit is 1.0 (9.2), met by 1, 2 and 3. KS is
# defined for round robins, where a forfeit is a game (15.2); a forfeit
# counts against the scheduled opponent in a Swiss too.


def test_koya_counts_a_forfeit_against_the_scheduled_opponent() -> None:
    t = event(
        [
            ["   2 w +", "   3 w ="],
            ["   1 b -", "   4 w 1"],
            ["   4 w 1", "   1 b ="],
            ["   3 b 0", "   2 b 0"],
        ]
    )
    v = values(t, "KS", "c07-2023")
    assert v[1]["KS"] == D("1.5")  # 1 (forfeit, 2 qualifies) + ½ (3)
    assert v[2]["KS"] == D("0")  # 0 (forfeit loss to 1) + 1 against 4 (0.0)
    assert v[3]["KS"] == D("0.5")  # 1 against 4 (0.0) + ½ against 1
    assert v[4]["KS"] == D("0")


# -- STD on a double forfeit ---------------------------------------------------
#
#      1   2 w -      0.0
#      2   1 b -      0.0
#      3   4 w 1      1.0
#      4   3 b 0      0.0
#
# 7.7: ½ for a round in which the participant scored the same as his
# scheduled opponent: both scored 0.


def test_std_double_forfeit_is_the_same_score() -> None:
    t = event([["   2 w -"], ["   1 b -"], ["   4 w 1"], ["   3 b 0"]])
    v = values(t, "STD", "c07-2026")
    assert [v[i]["STD"] for i in (1, 2, 3, 4)] == [D("0.5"), D("0.5"), D("1"), D("0")]


# -- SB/C2 with two VURs that both contribute 0 (16.5) -----------------------
#
#      1   2 w 1   3 b 1   4 w 1   5 b 1   6 w -   0000 - Z     4.0
#      2   1 b 0   F       Z       Z       F       F            3.0
#      3   F       1 w 0   Z       Z       F       F            3.0
#      4   F       F       1 b 0   Z       F       H            3.5
#      5   F       F       F       1 w 0   Z       F            4.0
#      6   F       F       F       H       1 b +   F            5.5
#
# C.07-2026, 1's elements (score, contribution to SB): 2 (3.0, 3.0),
# 3 (3.0, 3.0), 4 (3.5, 3.5), 5 (4.0, 4.0); the forfeit loss, a dummy capped
# at 6's adjusted score, min(4.0, 5.5) = 4.0 (16.4.1), contributing 0; the
# zero-point bye, a dummy capped at ½ x 6 = 3.0 (16.4.2), contributing 0.
# SB = 13.5. Cut 1: the least significant value is the bye (3.0, 0); the two
# VURs contribute 0 each, not lower than it: of the two the lower score,
# the bye, is cut (16.5, 14.1.1): 13.5. Cut 2: the forfeit's 0 is lower than
# the least significant value (3.0, 3.0), which is cut: 10.5.


def test_sb_cut_two_vurs_of_equal_contribution_cuts_the_lower_score_first() -> None:
    f, z, h = "0000 - F", "0000 - Z", "0000 - H"
    t = event(
        [
            ["   2 w 1", "   3 b 1", "   4 w 1", "   5 b 1", "   6 w -", z],
            ["   1 b 0", f, z, z, f, f],
            [f, "   1 w 0", z, z, f, f],
            [f, f, "   1 b 0", z, f, h],
            [f, f, f, "   1 w 0", z, f],
            [f, f, f, h, "   1 b +", f],
        ]
    )
    v = values(t, "SB,SB/C1,SB/C2,BH,BH/C1,BH/C2", "c07-2026")[1]
    assert (v["SB"], v["SB/C1"], v["SB/C2"]) == (D("13.5"), D("13.5"), D("10.5"))
    # BH: 3 + 3 + 3.5 + 4 + 4 + 3 = 20.5; each cut takes a VUR (16.5): the
    # bye's 3.0, then the forfeit's 4.0.
    assert (v["BH"], v["BH/C1"], v["BH/C2"]) == (D("20.5"), D("17.5"), D("13.5"))


# -- An undefined value inside a tied group ----------------------------------
#
#      1   2 w +      3 w -      1.0   (no game over the board)
#      2   1 b -      4 w 1      1.0
#      3   4 w 0      1 b +      1.0
#      4   3 b 1      2 b 0      1.0
#
# AOB (8.2) averages the opponents played over the board: 1 has none, his
# AOB is undefined. An undefined value breaks no tie (Art. 10 drops a
# tie-break a participant has no value of, it does not value it 0): the
# group of four goes whole to TPN (7.8).


def test_an_undefined_value_leaves_its_tied_group_whole() -> None:
    t = event(
        [
            ["   2 w +", "   3 w -"],
            ["   1 b -", "   4 w 1"],
            ["   4 w 0", "   1 b +"],
            ["   3 b 1", "   2 b 0"],
        ]
    )
    s = standings(t, "AOB,TPN", "c07-2026")
    assert s.rows[0].tiebreaks["AOB"] is None
    assert [(r.start_rank, r.rank) for r in s.rows] == [(1, 1), (2, 2), (3, 3), (4, 4)]


# -- A cut that leaves nothing -----------------------------------------------
#
#      1 (2000)   2 w 1      3 w =      1.5
#      2 (1800)   1 b 0      4 w 1      1.0
#      3 (1600)   4 w 1      1 b =      1.5
#      4 (1400)   3 b 0      2 b 0      0.0
#
# Two rounds. BH/M2 drops two lowest and two highest of two values, PS/C2
# the running scores of both rounds: a sum of nothing, 0 (8.1, 7.5, 14).
# ARO/C2 is an average of no rating: undefined (10.1).


def test_a_cut_that_leaves_nothing() -> None:
    t = event(
        [
            ["   2 w 1", "   3 w ="],
            ["   1 b 0", "   4 w 1"],
            ["   4 w 1", "   1 b ="],
            ["   3 b 0", "   2 b 0"],
        ],
        [2000, 1800, 1600, 1400],
    )
    v = values(t, "BH/M2,FB/M2,SB/C2,PS/C2,ARO/C2,ARO/C1", "c07-2023")
    for i in (1, 2, 3, 4):
        assert (v[i]["BH/M2"], v[i]["FB/M2"], v[i]["SB/C2"], v[i]["PS/C2"]) == (0, 0, 0, 0)
        assert v[i]["ARO/C2"] is None
    assert v[1]["ARO/C1"] == 1800  # 1800 and 1600 less the lowest
