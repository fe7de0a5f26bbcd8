"""Colours in the checker, worked out by hand from C.04.3 (both editions):
a forfeit the file writes without colours (only its pair is compared), a
round whose pairs are the system's but not its colours (the colour rule
that decides, 2017 E.1-E.5, 2026 5.2.1-5.2.5), the topscorers' colour
criteria (2017 C.8-C.9, 2026 C10-C11); and a round holding only byes asked
for ahead (JaVaFo's files), which is the next round to pair, not a round
to check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.trfmaker import line, tournament
from trfkit.cli import main
from trfkit.pairing import System, check_pairings, check_round, pair_round
from trfkit.reader import load, loads
from trfkit.summary import rounds_paired

BOTH = [System.DUTCH_2017, System.DUTCH_2026]
RULES = {System.DUTCH_2017: ("E.1", "E.4", "E.5"), System.DUTCH_2026: ("5.2.1", "5.2.4", "5.2.5")}


def _round_two(one: str, two: str, three: str = "4 w 1", four: str = "3 b 0") -> list[str]:
    """Round 1: 1 (white, drawn by XXC white1) beats 3, 2 (black) beats 4.
    Round 2 by the system: 2 (prefers white) - 1 (prefers black) in the
    one-point bracket (E.1 / 5.2.1: both preferences granted), 3 (had
    black) - 4 (had white) in the zero bracket. The cells of round 2 are
    the arguments, for 1, 2, 3 and 4."""
    return [
        line(1, ["3 w 1", one]),
        line(2, ["4 b 1", two]),
        line(3, ["1 b 0", three]),
        line(4, ["2 w 0", four]),
    ]


@pytest.mark.parametrize("system", BOTH)
def test_a_forfeit_without_colours_is_compared_by_its_pair_only(system: System) -> None:
    # The file writes 1-2 as a forfeit without colours (1 wins): the pair is
    # the system's, and the file has no colours to compare with its 2-1.
    t = tournament(_round_two("2 - +", "1 - -"), ["XXC white1", "XXR 3"])
    rc = check_round(t, 2, system)
    assert set(rc.engine) == {(2, 1), (3, 4)}
    assert rc.agrees and rc.differences == () and rc.explanation is None


@pytest.mark.parametrize("system", BOTH)
def test_the_same_forfeit_with_colours_is_compared_by_its_colours(system: System) -> None:
    # The same board written with colours (1 white): a difference of colours,
    # decided by E.1 / 5.2.1 (2 prefers white, 1 black: both are granted).
    t = tournament(_round_two("2 w +", "1 b -"), ["XXC white1", "XXR 3"])
    rc = check_round(t, 2, system)
    assert not rc.agrees
    assert [(d.kind, d.engine, d.file) for d in rc.differences] == [("colours", (2, 1), (1, 2))]
    why = rc.explanation
    assert why is not None and why.criterion == RULES[system][0] and not why.absolute
    assert "board 2-1: the file gives 1 white" in why.text
    assert "both colour preferences (2's for white and 1's for black)" in why.text


@pytest.mark.parametrize("system", BOTH)
def test_a_forfeit_without_colours_still_has_its_pair_compared(system: System) -> None:
    # 1 and 4 paired by the file as a forfeit without colours, 2 - 3 played:
    # not the system's pairs (1 and 2 lead alone), colourless or not.
    t = tournament(_round_two("4 - +", "3 w 1", "2 b 0", "1 - -"), ["XXC white1", "XXR 3"])
    rc = check_round(t, 2, system)
    assert not rc.agrees
    assert {d.kind for d in rc.differences} == {"pairs"}
    assert {d.engine for d in rc.differences if d.engine} == {(2, 1), (3, 4)}


@pytest.mark.parametrize("system", BOTH)
def test_colours_given_to_the_lower_ranked_are_explained_by_the_higher_ranked_preference(
    system: System,
) -> None:
    # Round 1: 1 (white) beats 3, 4 (white) beats 2. Round 2: 1 and 4 (1
    # point) both had white and prefer black as mildly, with the same
    # history (no round to alternate from): E.4 / 5.2.4 gives 1, the higher
    # ranked, his black. The file gives 1 white.
    lines = [
        line(1, ["3 w 1", "4 w 1"]),
        line(2, ["4 b 0", "3 w 1"]),
        line(3, ["1 b 0", "2 b 0"]),
        line(4, ["2 w 1", "1 b 0"]),
    ]
    rc = check_round(tournament(lines, ["XXC white1", "XXR 3"]), 2, system)
    assert set(rc.engine) == {(4, 1), (2, 3)}
    assert [(d.kind, d.engine) for d in rc.differences] == [("colours", (4, 1))]
    why = rc.explanation
    assert why is not None and why.criterion == RULES[system][1]
    assert "the colour preference of 1, the higher ranked" in why.text
    assert (why.file_value, why.engine_value) == ("1-4", "4-1")


@pytest.mark.parametrize("system", BOTH)
def test_round_one_colours_are_explained_by_the_initial_colour(system: System) -> None:
    # Round 1 (XXC black1): 1 (odd pairing number) takes the colour drawn,
    # black, against 3; 2 (even) the other, white, against 4 (E.5 / 5.2.5).
    # The file gives 1 white.
    lines = [line(1, ["3 w 1"]), line(2, ["4 w 1"]), line(3, ["1 b 0"]), line(4, ["2 b 0"])]
    rc = check_round(tournament(lines, ["XXC black1", "XXR 3"]), 1, system)
    assert set(rc.engine) == {(3, 1), (2, 4)}
    why = rc.explanation
    assert why is not None and why.criterion == RULES[system][2]
    assert "1, the higher ranked, has an odd pairing number" in why.text
    assert "the initial colour (black)" in why.text


def _final_round(round_four: dict[int, str]) -> list[str]:
    """Three rounds played of four (XXR 4); 1 2 3 4 on 2 points, none met.
    1 and 2 had black, white, white: an absolute preference for black; 3
    and 4 white, black, black: for white. 5 6 7 8 on 1 point."""
    history = {
        1: ["5 b 1", "6 w 1", "7 w 0"],
        2: ["6 b 1", "5 w 1", "8 w 0"],
        3: ["7 w 1", "8 b 1", "5 b 0"],
        4: ["8 w 1", "7 b 1", "6 b 0"],
        5: ["1 w 0", "2 b 0", "3 w 1"],
        6: ["2 w 0", "1 b 0", "4 w 1"],
        7: ["3 b 0", "4 w 0", "1 b 1"],
        8: ["4 b 0", "3 w 0", "2 b 1"],
    }
    return [line(sr, [*cells, round_four[sr]]) for sr, cells in history.items()]


@pytest.mark.parametrize("system", BOTH)
def test_the_topscorers_colour_criterion_is_counted(system: System) -> None:
    # The final round: 1-2 and 3-4 may meet (topscorers, 2 of 3 points: the
    # absolute colour rule gives way, 2017 C.3 / A.7, 2026 C3 / 1.8), but
    # then one of each pair gets his colour a third time running (2017 C.9,
    # 2026 C11), where 1-3 and 2-4 give everyone his colour. Every criterion
    # before it is equal (no downfloaters).
    file_round = {1: "2 b 1", 2: "1 w 0", 3: "4 w 1", 4: "3 b 0"}
    file_round |= {5: "7 b =", 6: "8 b =", 7: "5 w =", 8: "6 w ="}
    rc = check_round(tournament(_final_round(file_round), ["XXC white1", "XXR 4"]), 4, system)
    assert {frozenset(p) for p in rc.engine} == {
        frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))
    }
    why = rc.explanation
    assert why is not None
    article, top = ("C.9", "A.7") if system is System.DUTCH_2017 else ("C11", "1.8")
    assert why.criterion == article and why.bracket == "2"
    assert (why.file_value, why.engine_value) == ("2 players", "0 players")
    assert f"topscorers: {top}" in why.text and "three times in a row" in why.text


@pytest.mark.parametrize("system", BOTH)
def test_the_topscorers_colour_difference_is_counted_first(system: System) -> None:
    # As above, but 1 and 2 had white in all three rounds (colour difference
    # +3), 3 and 4 black: in 1-2 and 3-4 one of each pair ends at +4 or -4
    # (2017 C.8, 2026 C10), which comes before the colour three times
    # running (C.9 / C11).
    history = {
        1: ["5 w 1", "6 w 1", "7 w 0"],
        2: ["6 w 1", "5 w 1", "8 w 0"],
        3: ["7 b 1", "8 b 1", "5 b 0"],
        4: ["8 b 1", "7 b 1", "6 b 0"],
        5: ["1 b 0", "2 b 0", "3 w 1"],
        6: ["2 b 0", "1 b 0", "4 w 1"],
        7: ["3 w 0", "4 w 0", "1 b 1"],
        8: ["4 w 0", "3 w 0", "2 b 1"],
    }
    last = {1: "2 b 1", 2: "1 w 0", 3: "4 w 1", 4: "3 b 0"}
    last |= {5: "7 w =", 6: "8 w =", 7: "5 b =", 8: "6 b ="}
    lines = [line(sr, [*cells, last[sr]]) for sr, cells in history.items()]
    rc = check_round(tournament(lines, ["XXC white1", "XXR 4"]), 4, system)
    assert set(rc.engine) == {(3, 1), (4, 2), (5, 7), (6, 8)}
    why = rc.explanation
    assert why is not None
    article = "C.8" if system is System.DUTCH_2017 else "C10"
    assert why.criterion == article and why.bracket == "2"
    assert (why.file_value, why.engine_value) == ("2 players", "0 players")
    assert "a colour difference above +2 or below -2" in why.text


def _byes_ahead_file(tmp_path: Path) -> Path:
    """Round 1 played; round 2 holds only the half-point bye 5 asked for
    (JaVaFo writes the file so before pairing round 2)."""
    lines = [
        line(1, ["4 w 1"]),
        line(2, ["5 b 1"]),
        line(3, ["0000 - U"]),
        line(4, ["1 b 0"]),
        line(5, ["2 w 0", "0000 - H"]),
    ]
    path = tmp_path / "ahead.trf"
    path.write_text(
        "012 Hand-built\nXXC white1\nXXR 3\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    return path


@pytest.mark.parametrize("system", BOTH)
def test_a_round_of_byes_asked_for_ahead_is_the_round_to_pair(
    system: System, tmp_path: Path
) -> None:
    t = load(_byes_ahead_file(tmp_path))
    assert (t.rounds_played, rounds_paired(t)) == (2, 1)
    # Not a round to check: nothing in it is paired yet.
    assert [r.round for r in check_pairings(t, system).rounds] == [1]
    got = pair_round(t, 2, system)
    assert got.not_paired == ((5, "H"),)
    # Four players, no PAB. The 1-point bracket is 1, 2, 3: 3 took the PAB in
    # round 1, a downfloat (2017 A.4.b, 2026 1.4.3), so 3 is not floated
    # again (C.12 / C14): 1-3, and 2 floats down to 4.
    assert {frozenset(p) for p in got.pairs} == {frozenset((1, 3)), frozenset((2, 4))}


def test_pair_pairs_the_round_of_byes_asked_for_ahead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _byes_ahead_file(tmp_path)
    assert main(["pair", str(path), "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "Round 2 of" in out and "5 Player 5 (0): half-point bye" in out
    assert main(["pair", str(path)]) == 0
    written = loads(capsys.readouterr().out)
    cells = {p.start_rank: p.game(2) for p in written.players}
    assert cells[5].opponent is None and cells[5].result is not None
    assert cells[5].result.value == "H"
    assert (cells[1].opponent, cells[2].opponent, cells[4].opponent) == (3, 4, 2)
