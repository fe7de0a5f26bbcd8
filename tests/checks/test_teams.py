"""The team records against the players and their games: S123 (members that
are no player, a player in two teams, players with games in no team),
S124 (310's match and game points against the matches), S125 (board
games that fit no match) and S126 (a team's round given two ways).

The event: two matches of two boards (TRF-2026 310). Team 1 (players 1,
2) beats team 2 (3, 4) 2-0: 2 match points and 2 game points to 0 and 0;
team 3 (5, 6) beats team 4 (7, 8) 1½-½: 2 and 1.5 to 0 and 0.5.
"""

from __future__ import annotations

import pytest

import trfkit
from tests.conftest import CORPUS
from tests.trfbuild import player_line
from trfkit.checks import validate

_PLAYERS = [
    ("Novak, Jan", "1.0", "   3 w 1"),
    ("Horvat, Eva", "1.0", "   4 b 1"),
    ("Zupan, Ana", "0.0", "   1 b 0"),
    ("Kos, Luka", "0.0", "   2 w 0"),
    ("Bizjak, Maja", "1.0", "   7 w 1"),
    ("Zajc, Nik", "0.5", "   8 b ="),
    ("Mlakar, Tina", "0.0", "   5 b 0"),
    ("Golob, Rok", "0.5", "   6 w ="),
]
_HEAD = ["012 Club Cup", "022 Bled", "032 SLO", "102 Kovac, Ana", "122 90 min + 30 sec/move"]
# Line numbers: the head is lines 1-5, the players 6-13, the teams 14-17.
_TEAM_LINE = {1: 14, 2: 15, 3: 16, 4: 17}


def _player(rank: int) -> str:
    name, points, cell = _PLAYERS[rank - 1]
    return player_line(rank, 2400 - rank, points, [cell], name=name, born="1990/05/01")


def _team(number: int, members: list[int], mp: str = "", gp: str = "") -> str:
    """A 310 line (TRF26 §3.7: number 5-7, name 9-40, match points 55-60,
    game points 62-67, members from 74, five columns each)."""
    name = f"Team {'ABCD'[number - 1]}"
    line = f"310 {number:>3} {name:<32} {'':<5} {'':>6} {mp:>6} {gp:>6} {'':>3}  "
    return line + " ".join(f"{m:>4}" for m in members)


def _event(teams: list[str], players: range = range(1, 9)) -> trfkit.Tournament:
    return trfkit.loads("\n".join([*_HEAD, *map(_player, players), *teams]) + "\n")


_MEMBERS = {1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8]}
_POINTS = {1: ("2", "2.0"), 2: ("0", "0.0"), 3: ("2", "1.5"), 4: ("0", "0.5")}


def _teams(
    members: dict[int, list[int]] = _MEMBERS, points: dict[int, tuple[str, str]] = _POINTS
) -> list[str]:
    return [_team(n, members[n], *points[n]) for n in sorted(members)]


def _found(t: trfkit.Tournament, code: str) -> list[trfkit.Diagnostic]:
    return [d for d in validate(t) if d.code == code]


def test_teams_that_fit_their_players_and_results_pass() -> None:
    t = _event(_teams())
    assert _found(t, "S123") == [] and _found(t, "S124") == []


def test_a_member_that_is_no_player_is_named_on_its_team() -> None:
    # Team D names 7, 8 and 9; there is no player 9: member 3 of the 310,
    # columns 84-87 (74 + 2 x 5).
    t = _event(_teams({**_MEMBERS, 4: [7, 8, 9]}))
    (d,) = _found(t, "S123")
    assert (d.line, d.column, d.found) == (_TEAM_LINE[4], 84, "9")
    assert "team 4 Team D" in d.message and "no player" in d.message


def test_a_player_in_two_teams_is_said_once() -> None:
    # Player 2 is in team A (first) and in team B: the standings keep him
    # in team A; one finding, on team B's line, member 3 (column 84).
    t = _event(_teams({**_MEMBERS, 2: [3, 4, 2]}))
    (d,) = _found(t, "S123")
    assert (d.line, d.column, d.found) == (_TEAM_LINE[2], 84, "2")
    assert "player 2 Horvat, Eva" in d.message and "team 1 Team A" in d.message


def test_players_with_games_in_no_team_are_one_finding() -> None:
    # Team D's line is missing: players 7 and 8 played (against 5 and 6)
    # and are in no team; one finding, on player 7's line (line 12).
    t = _event(_teams({n: _MEMBERS[n] for n in (1, 2, 3)}))
    (d,) = _found(t, "S123")
    assert (d.line, d.found) == (12, "7, 8")
    assert "2 player(s) with games are in no team" in d.message


def test_a_file_with_both_013_and_310_is_read_by_its_310() -> None:
    # TEC's sample writes each team twice (013 and 310): not a player in two teams.
    both = [
        f"013 {'Team ' + 'ABCD'[n - 1]:<32}" + "".join(f"{m:>5}" for m in _MEMBERS[n])
        for n in _MEMBERS
    ]
    t = _event([*both, *_teams()])
    assert _found(t, "S123") == []


def test_310_points_the_results_do_not_give() -> None:
    # Team B lost 0-2: 0 match points, 0 game points; its 310 says 1 and 0.5.
    t = _event(_teams(points={**_POINTS, 2: ("1", "0.5")}))
    (d,) = _found(t, "S124")
    assert (d.line, d.column) == (_TEAM_LINE[2], 55)
    assert (d.found, d.expected) == ("1.0, 0.5", "0.0, 0.0")
    assert "team 2 Team B" in d.message


def test_310_game_points_alone_point_at_their_column() -> None:
    # Team C won 1.5-0.5: 1.5 game points, not 2.
    t = _event(_teams(points={**_POINTS, 3: ("2", "2.0")}))
    (d,) = _found(t, "S124")
    assert (d.line, d.column, d.found, d.expected) == (_TEAM_LINE[3], 62, "2.0", "1.5")


_SHARLY = CORPUS / "Sharly-Chess__sharly-chess" / "example_trf26.trf"
_TEC_SAMPLE = CORPUS / "echecsjs__trf" / "grandmommyscup.trf"


@pytest.mark.skipif(not _SHARLY.is_file(), reason=f"corpus file absent: {_SHARLY}")
def test_the_sharly_sample_totals_leave_out_its_own_299() -> None:
    # Sharly's adaptation of TEC's sample added "299 -  0.0  1.5" (a
    # forfeited match lost gives 1.5 game points) but kept TEC's 310
    # totals: Ukraine (2) lost round 6 by double forfeit (330 -- 6 24 2),
    # so 26.5 + 1.5 = 28.0 game points. More than ten teams differ: one
    # finding for the file, on Ukraine's 310 game points.
    (d,) = _found(trfkit.load(_SHARLY), "S124")
    assert d.column == 62
    assert "team 2 Ukraine (26.5 game points; the results give 28.0)" in d.message


@pytest.mark.skipif(not _TEC_SAMPLE.is_file(), reason=f"corpus file absent: {_TEC_SAMPLE}")
def test_the_tec_sample_teams_fit() -> None:
    t = trfkit.load(_TEC_SAMPLE)
    assert _found(t, "S123") == [] and _found(t, "S124") == []


def test_two_players_of_one_team_paired_with_each_other() -> None:
    # Teams A = {1, 3}, B = {2, 4}: the games 1-3 and 2-4 are each within a
    # team. Said once per game, on the lower starting rank's round cell
    # (round 1's opponent, columns 92-95).
    t = _event(_teams({**_MEMBERS, 1: [1, 3], 2: [2, 4]}))
    found = [(d.line, d.column, d.found) for d in _found(t, "S125")]
    assert found == [(6, 92, "3"), (7, 92, "4")]
    assert "both of team 1 Team A" in _found(t, "S125")[0].message


def test_a_board_against_a_team_that_is_not_the_opponent() -> None:
    # Teams A = {1, 2}, B = {3, 4}, C = {5, 6}; round 1: 1-3 (A-B), 2-5
    # (A-C), 4-6 (B-C). Each team met the other two on one board each:
    # the tie goes to the lower team number, so A meets B, B meets A and C
    # meets A. 1-3 fits; 2-5 (A's match is against B) and 4-6 (B's is
    # against A) do not.
    players = [
        ("Novak, Jan", "1.0", "   3 w 1"),
        ("Horvat, Eva", "1.0", "   5 b 1"),
        ("Zupan, Ana", "0.0", "   1 b 0"),
        ("Kos, Luka", "0.0", "   6 w 0"),
        ("Bizjak, Maja", "0.0", "   2 w 0"),
        ("Zajc, Nik", "1.0", "   4 b 1"),
    ]
    lines = [
        f"001 {n:>4} m    {name:<33} {2400 - n:>4} SLO {14600000 + n:>11} "
        f"1990/05/01 {pts:>4} {n:>4}  {cell}"
        for n, (name, pts, cell) in enumerate(players, 1)
    ]
    teams = [_team(n, members) for n, members in ((1, [1, 2]), (2, [3, 4]), (3, [5, 6]))]
    t = trfkit.loads("\n".join([*_HEAD, *lines, *teams]) + "\n")
    found = _found(t, "S125")
    assert [(d.line, d.found) for d in found] == [(7, "5"), (9, "6")]
    assert (
        "player 2 played player 5, team 1 Team A (whose match is against team 2) "
        "against team 3 Team C (whose match is against team 1)"
    ) in found[0].message


def test_a_bye_for_a_team_that_played_its_match() -> None:
    # Team A played team B in round 1 and a 240 gives it a half-point bye
    # in that round: one finding, on the 240's team (its first id, columns
    # 11-14, line 18); the standings read the games (a 240 only counts for
    # a team with no games).
    t = _event([*_teams(), "240 H   1    1"])
    (d,) = _found(t, "S126")
    assert (d.line, d.column) == (18, 11)
    assert d.message == (
        "round 1: team 1 Team A has games over the board and a half-point bye (240 H); "
        "the standings read games over the board"
    )


@pytest.mark.skipif(not _SHARLY.is_file(), reason=f"corpus file absent: {_SHARLY}")
def test_the_sharly_sample_gives_latvia_a_pab_and_a_half_point_bye_in_round_3() -> None:
    # Its 320 gives round 3's pairing-allocated bye to team 50 (columns
    # 23-25), and its 240 H of round 3 names teams 26 and 50 (TEC's sample:
    # 26 and 47). One finding, on the 240's second id (columns 16-19).
    (d,) = _found(trfkit.load(_SHARLY), "S126")
    assert d.column == 16
    assert d.message.startswith(
        "round 3: team 50 Latvia has the pairing-allocated bye (320) and a half-point bye (240 H)"
    )


def test_a_zero_in_a_members_slot_is_an_empty_slot() -> None:
    # No player has starting rank 0: a 0 among the members is a slot left
    # empty (TEC's sample writes an empty board 0 in 300), not a member.
    t = _event(_teams({**_MEMBERS, 4: [7, 0, 8]}))
    assert _found(t, "S123") == []
