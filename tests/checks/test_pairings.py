"""Tests written for mutants of ``checks/pairings.py`` that survived a run of
tools/mutate.py (issue 21): S112's exits and fields, S113's colour
difference and its wording, and the last-round topscorer exemption of
C.04.3 A.7 at its boundary.

Games are (round, white, black, white's result); a player without a game
in a round gets a zero-point bye. Every expected value is worked by hand
from the games listed.
"""

from __future__ import annotations

from collections.abc import Sequence

import trfkit
from tests.trfbuild import swiss_text
from trfkit.checks import validate
from trfkit.diagnostics import Diagnostic, Severity

Game = tuple[int, int, int, str]


def found(text: str, code: str) -> list[Diagnostic]:
    return [d for d in validate(trfkit.loads(text.encode())) if d.code == code]


def swiss(n: int, games: Sequence[Game], *extra: str, type_line: str = "092 Swiss") -> str:
    """``n`` players rated 2400 down, ``extra`` header lines before the first 001."""
    text = swiss_text([2400 - 10 * i for i in range(n)], games, type_line=type_line)
    head, _, rest = text.partition("\n001")
    return "\n".join([head, *extra]) + "\n001" + rest


# -- S112 ----------------------------------------------------------------------


def test_a_repeat_on_a_line_with_one_bye() -> None:
    # Player 1: a bye in round 1 (no game), then 2 twice (rounds 2 and 3).
    games: list[Game] = [(2, 1, 2, "1"), (3, 2, 1, "0"), (1, 3, 4, "=")]
    (d,) = found(swiss(4, games), "S112")
    assert d.message.startswith("players 1 and 2 played each other in rounds 2, 3")
    assert (d.found, d.expected, d.severity) == (
        "2 games (2, 3)",
        "one game at most",
        Severity.ERROR,
    )
    # The file says Swiss (092): nothing to add about how the type was found.
    assert d.message.endswith("shall not play each other more than once (C.04.1)")


def test_a_repeat_after_a_line_whose_second_meeting_was_forfeited() -> None:
    # Players 1 and 2 meet in round 1 and again in round 2 by forfeit (no
    # game: not a repeat); players 3 and 4 play each other twice.
    games: list[Game] = [(1, 1, 2, "1"), (2, 2, 1, "+"), (1, 3, 4, "="), (2, 4, 3, "1")]
    s112 = found(swiss(4, games), "S112")
    assert [d.message[:21] for d in s112] == ["players 3 and 4 playe"]


def test_a_repeat_after_an_opponent_met_once() -> None:
    # Player 1 meets 3 in round 1, then 2 in rounds 2 and 3.
    games: list[Game] = [(1, 1, 3, "1"), (2, 1, 2, "="), (3, 2, 1, "0"), (1, 2, 4, "1")]
    s112 = found(swiss(4, games), "S112")
    # Player 1's line: the tenth (nine header lines).
    assert [(d.found, d.line) for d in s112] == [("2 games (2, 3)", 10)]


def test_a_swiss_read_from_the_pairings_says_how_to_say_otherwise() -> None:
    # 1-2, 3-4; 3-1, 4-2; 2-1, 4-3: two repeats, in a field read as a Swiss.
    games: list[Game] = [
        (1, 1, 2, "1"), (1, 3, 4, "="), (2, 3, 1, "0"), (2, 4, 2, "1"), (3, 2, 1, "="),
        (3, 4, 3, "1"),
    ]  # fmt: skip
    d, _ = found(swiss(4, games, type_line="092 Open"), "S112")
    assert d.severity is Severity.WARNING
    assert d.message.endswith(
        "(C.04.1) (no type in 092/192: taken for a Swiss from the pairings; --type says otherwise)"
    )


# -- S113: the colour difference -------------------------------------------


def _whites_then(colours: str, n_rounds: int) -> list[Game]:
    """Player 1 with ``colours`` (w/b) in rounds 1.., each against a new
    opponent 2, 3, ..., every game drawn."""
    games: list[Game] = []
    for r, c in enumerate(colours, 1):
        opponent = r + 1
        games.append((r, 1, opponent, "=") if c == "w" else (r, opponent, 1, "="))
    assert len(games) <= n_rounds
    return games


def s113(colours: str, rounds: int = 9) -> list[tuple[int, str, str]]:
    text = swiss(len(colours) + 1, _whites_then(colours, rounds), f"XXR {rounds}")
    return [(d.column, d.found or "", d.message) for d in found(text, "S113")]


def test_a_difference_of_three_without_three_running() -> None:
    # w w b w w: whites minus blacks 1, 2, 1, 2, 3: beyond ±2 in round 5.
    ((column, what, message),) = s113("wwbww")
    assert (column, what) == (97 + 40, "+3")
    (d,) = found(swiss(6, _whites_then("wwbww", 9), "XXR 9"), "S113")
    assert d.expected == "no colour three games running, a colour difference within ±2"
    assert "has played 4 games with white and 1 with black: colour difference +3" in message


def test_a_difference_of_minus_three_without_three_running() -> None:
    ((column, what, message),) = s113("bbwbb")
    assert (column, what) == (97 + 40, "-3")
    assert "has played 1 games with white and 4 with black: colour difference -3" in message


def test_a_difference_is_said_once_while_it_lasts() -> None:
    # w w b w w b w w: 1 2 1 2 3 2 3 4: beyond in round 5, back within ±2
    # in round 6, beyond again in round 7 and still in round 8 (one finding).
    assert [what for _, what, _ in s113("wwbwwbww")] == ["+3", "+3"]


def test_three_blacks_running_are_named_black() -> None:
    ((_, what, message),) = s113("bbb")
    assert what == "b b b, -3"
    assert "has black for the third game running (rounds 1, 2, 3)" in message


def test_both_breaches_in_one_game_are_one_sentence() -> None:
    ((_, what, message),) = s113("www")
    assert what == "w w w, +3"
    assert (
        "player 1 has white for the third game running (rounds 1, 2, 3), and has played 3 games "
        "with white and 0 with black: colour difference +3, against the absolute colour "
        "criteria of C.04.1"
    ) in message


# -- S113 in the last round: the topscorer exemption (C.04.3 A.7) -------------

# Player 1 has white in rounds 1, 2, 4 and 5 and black in round 3: +3 in
# round 5, the last (XXR 5). Before it he has ``results`` in rounds 1-4
# against players 2-5; player 6, his round 5 opponent, has what
# ``six`` gives him against players 7-10 in rounds 1-4.


def _last_round(results: str, six: str = "0000", *extra: str) -> Diagnostic:
    back = {"1": "0", "0": "1", "=": "="}
    games: list[Game] = []
    for r, res in enumerate(results, 1):
        opponent = r + 1
        if r == 3:  # black: the opponent's result is the other side's
            games.append((r, opponent, 1, back[res]))
        else:
            games.append((r, 1, opponent, res))
    # Player 6 alternates colours (white in odd rounds) against 7-10.
    for r, res in enumerate(six, 1):
        games.append((r, 6, 6 + r, res) if r % 2 else (r, 6 + r, 6, back[res]))
    games.append((5, 1, 6, "="))
    (d,) = found(swiss(10, games, "XXR 5", *extra), "S113")
    return d


def test_half_the_maximum_score_is_no_topscorer() -> None:
    # 2 of 4 before the last round: not more than 50% (A.7): an error.
    d = _last_round("1010")
    assert d.severity is Severity.ERROR and "topscorer" not in d.message


def test_more_than_half_is_a_topscorer() -> None:
    # 2½ of 4: more than 50%: allowed in the last round, no fault: an info
    # (issue 33: a pairing the rules allow is not a warning).
    d = _last_round("1=10")
    assert d.severity is Severity.INFO
    assert "allowed in the last round for a game of topscorer 1 (C.04.3 C.3)" in d.message


def test_one_and_a_half_is_no_topscorer() -> None:
    d = _last_round("1=00")
    assert d.severity is Severity.ERROR


def test_the_topscorer_may_be_the_opponent_of_the_last_round() -> None:
    # Player 1 has 1 of 4; player 6, his last opponent, 3½ of 4 (player 5,
    # his round 4 opponent, 1 of 4: not the one that counts).
    d = _last_round("1000", "111=")
    assert d.severity is Severity.INFO and "topscorer 6" in d.message


def test_the_topscorer_score_is_in_the_events_points() -> None:
    # A win is 3 points (162): 2 wins and 2 losses are 6 of 12, not more
    # than half; 3 wins are 9 of 12.
    scoring = "162  W 3.0    D 1.0    L 0.0"
    assert _last_round("1010", "0000", scoring).severity is Severity.ERROR
    assert _last_round("1110", "0000", scoring).severity is Severity.INFO


def test_a_last_round_opponent_not_in_the_file() -> None:
    # Round 5's opponent is a start rank no line has (S101 says so): the
    # exemption looks at player 1 alone, and nothing breaks.
    text = swiss(10, _whites_then("wwbww", 5), "XXR 5")
    text = text.replace("   6 w =", "  99 w =")
    s113 = found(text, "S113")
    assert [d.severity for d in s113] == [Severity.ERROR]


# -- S111 and S102: byes and colours -----------------------------------------


def _lines(*cells: Sequence[str], teams: Sequence[str] = ()) -> str:
    """Players 1.. with the given round cells, 2400 down, after a header."""
    head = ["012 Test Open", "022 Bled", "032 SLO", "102 Kovac, Ana", "092 Swiss", *teams]
    rows = [
        f"001 {i:>4} m    {'Player ' + str(i):<33} {2400 - i:>4} SLO {14600000 + i:>11} "
        f"1990/01/01  0.0 {i:>4}" + "".join(f"  {c}" for c in row)
        for i, row in enumerate(cells, 1)
    ]
    return "\n".join([*head, *rows]) + "\n"


def _s111(text: str) -> list[tuple[int, str]]:
    return [(d.line, d.message) for d in found(text, "S111")]


def test_two_pairing_allocated_byes_after_a_round_with_one() -> None:
    # Round 1: player 1 alone has U; round 2: players 2 and 3 both have U.
    text = _lines(
        ["0000 - U", "   4 w 1"],
        ["   3 w 1", "0000 - U"],
        ["   2 b 0", "0000 - U"],
        ["0000 - Z", "   1 b 0"],
    )
    ((line, message),) = _s111(text)
    assert line == 8 and message.startswith("round 2: a second pairing-allocated bye")


def test_two_teams_with_a_pairing_allocated_bye_in_one_round() -> None:
    # Teams Alpha (1, 3) and Beta (2, 4) both have U in round 1: one team's
    # members may all carry it (TRF26 320), a second team's may not. The
    # first U in the file is Alpha's.
    teams = ("013 Alpha                           " + "   1    3",
             "013 Beta                            " + "   2    4")  # fmt: skip
    text = _lines(["0000 - U"], ["0000 - U"], ["0000 - U"], ["0000 - U"], teams=teams)
    # Beta's second bye, once for the team, on its first member's line
    # (player 2, line 9), not once a member.
    ((line, message),) = _s111(text)
    assert line == 9 and "team 2 Beta" in message and "team 1 Alpha" in message


def test_a_full_point_bye_for_the_unpaired_player_of_the_last_round() -> None:
    # Three players, one round: 1-2 played, 3 unpaired with F (the PAB is U).
    text = _lines(["   2 w 1"], ["   1 b 0"], ["0000 - F"])
    ((d),) = found(text, "S111")
    assert (d.line, d.found, d.expected, d.severity) == (8, "F", "U", Severity.WARNING)


def test_a_colour_clash_after_a_team_board_forfeit() -> None:
    # Team event: round 1, boards forfeited both ways with no colour (TRF26
    # §3.3 allows "-"); round 2, players 1 and 3 both with white: S102.
    teams = ("013 Alpha                           " + "   1    2",
             "013 Beta                            " + "   3    4")  # fmt: skip
    text = _lines(
        ["   3 - +", "   3 w 1"],
        ["   4 - +", "   4 b ="],
        ["   1 - -", "   1 w 0"],
        ["   2 - -", "   2 w ="],
        teams=teams,
    )
    rounds = sorted({d.message[:8] for d in found(text, "S102")})
    assert rounds == ["round 2:"]


def test_the_topscorer_exemption_reads_past_an_unreadable_result() -> None:
    # Player 1: white, white, an unreadable result (P002, worth nothing
    # here), black, white, white in the last round (XXR 6): +3 there. Before
    # it he has 1 + 1 + 0 + 1 + 0 = 3 of 5: more than half, a topscorer.
    text = _lines(
        ["   2 w 1", "   3 w 1", "   4 b ?", "   5 b 1", "   6 w 0", "   7 w ="],
        ["   1 b 0"],
        ["0000 - Z", "   1 b 0"],
        ["0000 - Z", "0000 - Z", "   1 w ?"],
        ["0000 - Z", "0000 - Z", "0000 - Z", "   1 w 0"],
        ["0000 - Z", "0000 - Z", "0000 - Z", "0000 - Z", "   1 b 1"],
        ["0000 - Z", "0000 - Z", "0000 - Z", "0000 - Z", "0000 - Z", "   1 b ="],
    ).replace("092 Swiss", "092 Swiss\nXXR 6")
    (d,) = [d for d in found(text, "S113") if d.line == 7]
    assert d.severity is Severity.INFO and "topscorer 1" in d.message
