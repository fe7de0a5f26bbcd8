"""Hand-built rounds with a pairing worked out by hand from C.04.3 (both
editions unless said), run everywhere (no shared data needed)."""

from __future__ import annotations

import pytest

from tests.pairing.trfmaker import line, tournament
from trfkit.pairing import System, UnpairableRound, check_pairings, choose_system, pair_round
from trfkit.pairing.inputs import read_round

BOTH = [System.DUTCH_2017, System.DUTCH_2026]


def unordered(pairs: tuple[tuple[int, int], ...]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


@pytest.mark.parametrize("system", BOTH)
def test_round_one_with_an_odd_number_gives_the_pab_to_the_last(system: System) -> None:
    # Round 1: S1 = 1 2, S2 = 3 4, player 5 (the lowest) takes the PAB
    # (C.04.1 c); 1 gets the colour drawn (XXC white1), 2 the other (E.5 / 4.3).
    t = tournament([line(i, []) for i in range(1, 6)], ["XXC white1", "XXR 5"])
    got = pair_round(t, 1, system)
    assert got.pairs == ((1, 3), (4, 2), (5, 0))


@pytest.mark.parametrize("system", BOTH)
def test_a_late_entry_absent_in_round_one_is_paired_in_round_two(system: System) -> None:
    # 5 arrives in round 2 (a zero-point bye in round 1, C.04.2 late entry):
    # not paired in round 1, paired in round 2, and never given the PAB
    # twice: 1 and 3 (the round-1 winners) meet, 2 (0) and 4 (0) and 5 (0).
    lines = [
        line(1, ["3 w 1"]),
        line(2, ["4 b 0"]),
        line(3, ["1 b 0"]),
        line(4, ["2 w 1"]),
        line(5, ["0000 - Z"]),
    ]
    t = tournament(lines, ["XXR 5"])
    r1 = read_round(t, 1, system)
    assert [p.id for p in r1.to_pair] == [1, 2, 3, 4]
    r2 = pair_round(t, 2, system)
    assert sum(1 for p in r2.pairs if p[1] == 0) == 1
    assert {1, 4} in [set(p) for p in r2.pairs]
    assert 5 in {x for p in r2.pairs for x in p}


@pytest.mark.parametrize("system", BOTH)
def test_two_absolute_colour_preferences_for_the_same_colour_are_named_first(
    system: System,
) -> None:
    # 1 and 2 both had black twice (absolute preference for white); the file
    # pairs them in round 3 of 9 (6 players; not the last round: no topscorer exception).
    lines = [
        line(1, ["3 b 1", "6 b 1", "2 w 1"]),
        line(2, ["4 b 1", "3 b 1", "1 b 0"]),
        line(3, ["1 w 0", "2 w 0", "5 w 1"]),
        line(4, ["2 w 0", "5 w 0", "6 w 1"]),
        line(5, ["6 w 1", "4 b 1", "3 b 0"]),
        line(6, ["5 b 0", "1 w 0", "4 b 0"]),
    ]
    t = tournament(lines, ["XXR 9"])
    rep = check_pairings(t, system, rounds=[3])
    (r3,) = rep.rounds
    assert not r3.agrees
    assert r3.explanation is not None and r3.explanation.absolute
    assert r3.explanation.criterion == ("C.3" if system is System.DUTCH_2017 else "C3")


@pytest.mark.parametrize("system", BOTH)
def test_a_collapsed_last_bracket_pairs_the_leader_down_to_complete_the_round(
    system: System,
) -> None:
    # After two rounds 1 has met 3 and 2, 2 has met 4 and 1, 3 and 4 have met:
    # the only complete round-pairing is 1-4, 2-3 (2017 A.9 / C.4, 2026 C4).
    lines = [
        line(1, ["3 w 1", "2 b 1"]),
        line(2, ["4 b 1", "1 w 0"]),
        line(3, ["1 b 0", "4 w ="]),
        line(4, ["2 w 0", "3 b ="]),
    ]
    t = tournament(lines, ["XXR 5"])
    assert unordered(pair_round(t, 3, system).pairs) == {frozenset({1, 4}), frozenset({2, 3})}


@pytest.mark.parametrize("system", BOTH)
def test_three_one_zero_scoring_sets_the_scores(system: System) -> None:
    # BBW 3 / BBD 1: a win is worth three draws; 1 (one win) outscores 2 and 4
    # (one draw each): brackets 3 {1}, 1 {2, 4} (who met), 0 {3}.
    lines = [line(1, ["3 w 1"]), line(2, ["4 b ="]), line(3, ["1 b 0"]), line(4, ["2 w ="])]
    t = tournament(lines, ["BBW  3.0", "BBD  1.0", "XXR 5"])
    ri = read_round(t, 2, system)
    assert {p.id: ri.score(p) for p in ri.players} == {1: 30, 2: 10, 3: 0, 4: 10}
    # 1 floats down and meets the first resident he can (2); 4 floats to 3.
    assert unordered(pair_round(t, 2, system).pairs) == {frozenset({1, 2}), frozenset({3, 4})}


@pytest.mark.parametrize("system", BOTH)
def test_baku_acceleration_puts_the_top_half_together(system: System) -> None:
    # C.04.5 (XXA): 1 and 2 get a virtual point in round 1, so the groups are
    # {1, 2} and {3, 4}: 1-2 and 3-4, not 1-3 and 2-4.
    lines = [line(i, []) for i in range(1, 5)]
    extra = ["XXC white1", "XXR 5", "XXA    1  1.0", "XXA    2  1.0"]
    t = tournament(lines, extra)
    assert unordered(pair_round(t, 1, system).pairs) == {frozenset({1, 2}), frozenset({3, 4})}


@pytest.mark.parametrize("system", BOTH)
def test_a_round_that_cannot_be_paired_says_so(system: System) -> None:
    t = tournament([line(1, ["2 w 1"]), line(2, ["1 b 0"])], ["XXR 3"])
    with pytest.raises(UnpairableRound):
        pair_round(t, 2, system)
    (r2,) = check_pairings(t, system, rounds=[2]).rounds
    assert r2.unpairable is not None and not r2.agrees


def test_the_edition_is_chosen_by_192_then_the_start_date() -> None:
    assert choose_system(tournament([], ["192 FIDE_DUTCH_2017"]))[0] is System.DUTCH_2017
    assert choose_system(tournament([], ["042 2026/03/01"])) == (
        System.DUTCH_2026,
        "start date 2026-03-01",
    )
    assert choose_system(tournament([], ["042 2025/03/01"]))[0] is System.DUTCH_2017
    assert choose_system(tournament([], ["042 2025/03/01"]), "dutch-2026")[0] is System.DUTCH_2026


@pytest.mark.parametrize("system", BOTH)
def test_a_bare_192_baku_gives_ga_its_virtual_points(system: System) -> None:
    # C.04.5.1 for 8 players and 5 rounds: Q = 8/4 = 2, GA = pairing numbers
    # 1-4; the accelerated rounds are 1-3 (5/2 rounded up), GA has 1 virtual
    # point in rounds 1-2 (3/2 rounded up) and ½ in round 3. Round 1: GA
    # (1 point) is its own bracket, 1-3 and 2-4; GB pairs 5-7 and 6-8; the
    # odd pairing numbers take the drawn colour (152 W), the even the other.
    code = "FIDE_DUTCH_2026_BAKU" if system is System.DUTCH_2026 else "FIDE_DUTCH_2017_BAKU"
    t = tournament([line(i, []) for i in range(1, 9)], ["142 5", "152 W", f"192 {code}"])
    ri = read_round(t, 1, system)
    assert ri.players[0].accelerations == {0: 10, 1: 10, 2: 5}
    assert ri.players[3].accelerations == {0: 10, 1: 10, 2: 5}
    assert ri.players[4].accelerations == {}
    assert set(pair_round(t, 1, system).pairs) == {(1, 3), (4, 2), (5, 7), (8, 6)}
    # Without the acceleration the round is the usual 1-5, 6-2, 3-7, 8-4.
    plain = tournament([line(i, []) for i in range(1, 9)], ["142 5", "152 W"])
    assert set(pair_round(plain, 1, system).pairs) == {(1, 5), (6, 2), (3, 7), (8, 4)}


def test_a_250_line_overrides_the_baku_of_192() -> None:
    # TRF-2026 250: one virtual point in round 1 for players 1-2 only; the
    # 192 ..._BAKU then implies nothing more (trf-formats: 250 overrides it).
    extra = ["142 5", "152 W", "192 FIDE_DUTCH_2026_BAKU", "250      1.0   1   1    1    2"]
    t = tournament([line(i, []) for i in range(1, 9)], extra)
    ri = read_round(t, 1, System.DUTCH_2026)
    assert ri.players[0].accelerations == {0: 10}
    assert ri.players[1].accelerations == {0: 10}
    assert ri.players[2].accelerations == {}


@pytest.mark.parametrize("system", BOTH)
def test_a_win_with_black_scores_what_xxs_says(system: System) -> None:
    # XXS BW=0.5: a win with black is worth half a point. Round 1: 1 (white)
    # beats 4, 2 (black) beats 5, 3 (white) beats 6. Before round 2: 1 and 3
    # have 1, 2 has ½, 4-6 nothing. Bracket 1: 1-3. Bracket ½: 2 alone,
    # moved down to bracket 0 (4 5 6): 2 has met 5; 2-4 (the first of S2)
    # and 6-5 leave one player each without his colour preference, as 2-6
    # and 4-5 would: the first candidate, 2-4 and 5-6, stands. With the
    # default scoring 1, 2, 3 share the top bracket: 1-2, 3-4 (3 floats
    # down), 5-6.
    lines = [
        line(1, ["4 w 1"]),
        line(2, ["5 b 1"]),
        line(3, ["6 w 1"]),
        line(4, ["1 b 0"]),
        line(5, ["2 w 0"]),
        line(6, ["3 b 0"]),
    ]
    t = tournament(lines, ["XXR 5", "XXS WW=1 BW=0.5"])
    ri = read_round(t, 2, system)
    assert [ri.score(p) for p in ri.players] == [10, 5, 10, 0, 0, 0]
    assert unordered(pair_round(t, 2, system).pairs) == {
        frozenset({1, 3}),
        frozenset({2, 4}),
        frozenset({5, 6}),
    }
    plain = tournament(lines, ["XXR 5"])
    assert unordered(pair_round(plain, 2, system).pairs) == {
        frozenset({1, 2}),
        frozenset({3, 4}),
        frozenset({5, 6}),
    }


# -- explanations, worked out by hand -------------------------------------------


def _why(lines: list[str], extra: list[str], r: int, system: System) -> tuple[str, str, str, str]:
    t = tournament(lines, extra)
    rc = check_pairings(t, system, [r]).rounds[0]
    assert not rc.agrees and rc.explanation is not None
    x = rc.explanation
    return x.criterion, x.file_value, x.engine_value, x.text


@pytest.mark.parametrize("system", BOTH)
def test_the_next_bracket_is_named_when_the_file_floats_down_the_wrong_player(
    system: System,
) -> None:
    # Round 1: 1, 2, 3 win, 4 and 8 draw, 5, 6, 7 lose; XXP forbids 1-4 and
    # 1-8. Round 2: bracket 1 (1 2 3) floats one player down to bracket ½
    # (4 8, who have met). The system floats 3: 3-8 (or 3-4) is a pair there
    # and one player is left; the file pairs 2-3 and floats 1, who may meet
    # neither 4 nor 8, so all three are left (2017 C.7, 2026 C8).
    lines = [
        line(1, ["5 w 1", "6 w ="]),
        line(2, ["6 w 1", "3 w ="]),
        line(3, ["7 w 1", "2 b ="]),
        line(4, ["8 w =", "5 w ="]),
        line(5, ["1 b 0", "4 b ="]),
        line(6, ["2 b 0", "1 b ="]),
        line(7, ["3 b 0", "8 b ="]),
        line(8, ["4 b =", "7 w ="]),
    ]
    crit, f, e, text = _why(lines, ["XXR 5", "XXP 1 4 8"], 2, system)
    article = "C.7" if system is System.DUTCH_2017 else "C8"
    assert (crit, f, e) == (article, "3 players", "1 player")
    assert text == (
        "bracket 1: the file chooses downfloaters that leave 3 players unpaired in the next "
        f"bracket (½), the Dutch pairing 1 player ({article})"
    )


def test_the_pab_assignees_unplayed_games_are_named_under_2026() -> None:
    # Round 1: 1 beats 4, 2 wins by forfeit against 5, 3 beats 6, 7 has the
    # PAB. Round 2: bracket 1 (1 2 3 7) pairs 7-1 and 2-3 (1 and 3 both
    # prefer black; 2 and 7 have no colour yet) in both. Bracket 0 (4 5 6)
    # floats exactly one player, the PAB's assignee (2026 C9): all three
    # have 0 points (C5 is equal), but 5 did not play round 1 (a forfeit),
    # so the system gives the PAB to 4 or 6; the file gives it to 5.
    lines = [
        line(1, ["4 w 1", "7 b ="]),
        line(2, ["5 w +", "3 w ="]),
        line(3, ["6 w 1", "2 b ="]),
        line(4, ["1 b 0", "6 w ="]),
        line(5, ["2 b -", "0000 - U"]),
        line(6, ["3 b 0", "4 b ="]),
        line(7, ["0000 - U", "1 w ="]),
    ]
    t = tournament(lines, ["XXR 5"])
    engine = check_pairings(t, System.DUTCH_2026, [2]).rounds[0].engine
    assert {(7, 1), (2, 3)} <= set(engine) and (5, 0) not in engine
    crit, f, e, text = _why(lines, ["XXR 5"], 2, System.DUTCH_2026)
    assert (crit, f, e) == ("C9", "1 unplayed game", "0 unplayed games")
    assert text == (
        "bracket 0: the file gives the PAB to a player with 1 unplayed game, "
        "the Dutch pairing 0 unplayed games (C9)"
    )
