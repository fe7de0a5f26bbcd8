"""Team standings and team tie-breaks (C.07 Art. 11-13) against the TEC
exercise book's team Swiss (M. Held, *Exercises in Tie-Breaking*, FIDE TEC
2024, section 2.3 and exercises 34-41), re-keyed in
``tests/data/tec-team-swiss.trf``.

Every expected value below is a value printed in the book (its tables on
pp. 52-61), typed in from the book, not from trfkit's output.
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest

import trfkit
from tests.conftest import DATA, ROOT
from trfkit.tiebreaks import parse_tiebreak
from trfkit.tiebreaks.team import NotATeamEvent, primary_score, team_matches, team_standings

TEC = DATA / "tec-team-swiss.trf"

# The team crosstable (book p. 6): per team, per round, (opponent or bye,
# game points scored). +F/-F: the forfeited match of round 6 (1 v 6).
CROSSTABLE: dict[int, list[tuple[int | str, str]]] = {
    1: [(8, "2.5"), (4, "1.5"), (7, "3"), (2, "2.5"), (5, "1.5"), ("+F", "4"), (3, "2.5")],
    2: [(9, "3"), (3, "4"), (5, "0"), (1, "1.5"), (13, "3"), (4, "2.5"), (10, "3")],
    3: [(10, "2.5"), (2, "0"), (9, "3"), (6, "2.5"), (4, "3"), (5, "3.5"), (1, "1.5")],
    4: [(11, "3"), (1, "2.5"), (13, "3"), (5, "3.5"), (3, "1"), (2, "1.5"), (9, "2.5")],
    5: [(12, "4"), (6, "3"), (2, "4"), (4, "0.5"), (1, "2.5"), (3, "0.5"), (13, "3.5")],
    6: [(13, "2"), (5, "1"), (8, "3"), (3, "1.5"), (11, "2.5"), ("-F", "0"), (12, "2.5")],
    7: [(14, "2"), (8, "2"), (1, "1"), (10, "2.5"), (9, "2"), (13, "2"), ("ZPB", "0")],
    8: [(1, "1.5"), (7, "2"), (6, "1"), (12, "3.5"), (10, "2"), (9, "2"), (11, "3")],
    9: [(2, "1"), (12, "4"), (3, "1"), (14, "3"), (7, "2"), (8, "2"), (4, "1.5")],
    10: [(3, "1.5"), (11, "1.5"), (12, "2.5"), (7, "1.5"), (8, "2"), (14, "3"), (2, "1")],
    11: [(4, "1"), (10, "2.5"), (14, "2"), (13, "1.5"), (6, "1.5"), (12, "2"), (8, "1")],
    12: [(5, "0"), (9, "0"), (10, "1.5"), (8, "0.5"), ("PAB", "2"), (11, "2"), (6, "1.5")],
    13: [(6, "2"), (14, "2.5"), (4, "1"), (11, "2.5"), (2, "1"), (7, "2"), (5, "0.5")],
    14: [(7, "2"), (13, "1.5"), (11, "2"), (9, "1"), ("HPB", "2"), (10, "1"), ("PAB", "2")],
}
# MP and GP (book p. 6).
SCORES = {
    1: (10, "17.5"), 2: (10, "17"), 3: (10, "16"), 4: (10, "17"), 5: (10, "18"),
    6: (7, "12.5"), 7: (6, "11.5"), 8: (7, "15"), 9: (6, "14.5"), 10: (5, "13"),
    11: (4, "11.5"), 12: (2, "7.5"), 13: (6, "11.5"), 14: (4, "11.5"),
}  # fmt: skip
# Exercises 35-37 (pp. 54-56): BH and BH-C1 on match points, on game points.
BH_MP = {1: 64, 3: 58, 2: 57, 4: 56, 5: 55, 6: 46, 8: 41, 13: 52, 9: 50, 7: 44, 10: 44,
         11: 41, 14: 36, 12: 41}  # fmt: skip
BH_MP_C1 = {1: 57, 3: 53, 5: 53, 2: 52, 4: 52, 6: 39, 8: 39, 9: 48, 13: 48, 7: 38, 10: 42,
            11: 39, 14: 32, 12: 39}  # fmt: skip
BH_GP = {
    1: ("114.0", "100.5"), 3: ("109.5", "97.0"), 2: ("107.5", "96.0"), 4: ("106.0", "94.5"),
    5: ("99.0", "91.5"), 8: ("90.0", "82.5"), 6: ("92.0", "79.5"), 9: ("97.5", "90.0"),
    13: ("101.0", "89.5"), 7: ("94.5", "83.0"), 10: ("92.0", "84.5"), 11: ("88.0", "80.5"),
    14: ("87.0", "75.5"), 12: ("92.0", "84.5"),
}  # fmt: skip
# Exercises 38-41 and the closing table of section 10 (p. 61): EMMSB,
# EGMSB, EMGSB, EGGSB; EMMSB-C1 of the teams on 10 points (exercise 38).
ESB = {
    1: (88, "158.0", "158.5", "283.00"), 2: (74, "144.0", "131.0", "249.75"),
    3: (76, "150.0", "128.0", "247.50"), 4: (72, "146.0", "130.0", "253.50"),
    5: (70, "132.0", "125.0", "236.00"), 6: (32, "79.5", "73.0", "157.50"),
    7: (33, "78.5", "68.5", "155.00"), 8: (30, "79.0", "77.0", "181.50"),
    9: (26, "66.5", "83.0", "180.00"), 10: (19, "53.0", "72.5", "161.75"),
    11: (16, "45.0", "61.0", "138.50"), 12: (6, "19.0", "33.5", "83.75"),
    13: (30, "72.0", "73.0", "152.50"), 14: (19, "48.0", "58.0", "140.75"),
}  # fmt: skip
EMMSB_C1 = {1: 74, 2: 64, 3: 66, 4: 64, 5: 66}


@pytest.fixture(scope="module")
def tec() -> trfkit.Tournament:
    return trfkit.load(TEC)


def test_the_matches_are_the_books_crosstable(tec: trfkit.Tournament) -> None:
    """Each team's round, read from the board results and 320/240/330, is
    the book's team crosstable: opponent (or bye) and game points."""
    m = team_matches(tec)
    assert m.boards == 4
    kinds = {"+F": "W", "-F": "L", "ZPB": "Z", "PAB": "U", "HPB": "H"}
    for i, number in enumerate(m.numbers):
        got = []
        for r in m.rounds[i]:
            what: int | str = m.numbers[r.opponent] if r.kind == "P" else r.kind
            got.append((what, r.game_points))
        want = [
            (kinds[o] if isinstance(o, str) else o, Decimal(gp)) for o, gp in CROSSTABLE[number]
        ]
        assert got == want, number


def test_mp_and_gp_are_the_books(tec: trfkit.Tournament) -> None:
    s = team_standings(tec, "MP,GP", rules="c07-2023")
    for row in s.rows:
        mp, gp = SCORES[row.number]
        assert (row.match_points, row.game_points) == (Decimal(mp), Decimal(gp)), row.number


def test_ranking_by_mp_then_gp_and_by_gp_then_mp(tec: trfkit.Tournament) -> None:
    """Exercise 34: {MP, GP} and {GP, MP} (MPvGP, the secondary score)."""
    by_mp = team_standings(tec, "MPvGP", rules="c07-2023", primary="MP")
    assert [r.number for r in by_mp.rows] == [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]
    assert by_mp.tied == ((2, 4), (7, 13), (11, 14))
    by_gp = team_standings(tec, "MPvGP", rules="c07-2023", primary="GP")
    assert [r.number for r in by_gp.rows] == [5, 1, 2, 4, 3, 8, 9, 10, 6, 7, 13, 11, 14, 12]
    assert by_gp.rows[0].tiebreaks["MPvGP"] == 10  # Elephants' MP
    assert by_gp.tied == ((2, 4), (7, 13), (11, 14))


def test_buchholz_of_match_points(tec: trfkit.Tournament) -> None:
    """Exercises 35 and 36: BH and BH-C1 on match points; the C1 of a
    voluntary unplayed round (#6's forfeit loss, #7's last-round ZPB,
    #14's HPB) is cut before the least significant value (16.5)."""
    s = team_standings(tec, "BH:MP,BH:MP/C1", rules="c07-2023")
    for row in s.rows:
        assert row.tiebreaks["BH:MP"] == BH_MP[row.number], row.number
        assert row.tiebreaks["BH:MP/C1"] == BH_MP_C1[row.number], row.number
    # Exercise 35's table is ranked by MP, then BH: "all ties here are resolved".
    s = team_standings(tec, "BH", rules="c07-2023")
    assert [r.number for r in s.rows] == [1, 3, 2, 4, 5, 6, 8, 13, 9, 7, 10, 11, 14, 12]
    assert s.tied == ()


def test_buchholz_of_game_points(tec: trfkit.Tournament) -> None:
    """Exercise 37: BH and BH-C1 on game points."""
    s = team_standings(tec, "BH:GP,BH:GP/C1", rules="c07-2023")
    for row in s.rows:
        total, cut = BH_GP[row.number]
        assert row.tiebreaks["BH:GP"] == Decimal(total), row.number
        assert row.tiebreaks["BH:GP/C1"] == Decimal(cut), row.number


def test_extended_sonneborn_berger(tec: trfkit.Tournament) -> None:
    """Exercises 38-41: the four ESB, and EMMSB-C1 (the cut takes the
    opponent with the lowest score, not the lowest product: team #1's 74)."""
    s = team_standings(tec, "EMMSB,EGMSB,EMGSB,EGGSB,EMMSB/C1", rules="c07-2023")
    for row in s.rows:
        emm, egm, emg, egg = ESB[row.number]
        got = [row.tiebreaks[c] for c in ("EMMSB", "EGMSB", "EMGSB", "EGGSB")]
        assert got == [Decimal(emm), Decimal(egm), Decimal(emg), Decimal(egg)], row.number
        if row.number in EMMSB_C1:
            assert row.tiebreaks["EMMSB/C1"] == EMMSB_C1[row.number]


def test_esb_c1_leaves_the_books_ties(tec: trfkit.Tournament) -> None:
    """Exercise 38's conclusion: on EMMSB-C1 teams #3 and #5 share 2nd-3rd
    place, #2 and #4 4th-5th."""
    s = team_standings(tec, "EMMSB/C1", rules="c07-2023")
    top = [(r.number, r.rank) for r in s.rows[:5]]
    assert top == [(1, 1), (3, 2), (5, 2), (2, 4), (4, 4)]
    assert (3, 5) in s.tied and (2, 4) in s.tied


def test_2026_caps_the_dummy(tec: trfkit.Tournament) -> None:
    """C.07-2026 16.4.1: a forfeit win's dummy is capped at the scheduled
    opponent's adjusted score: #1's round-6 dummy is #6's 7 MP, not its own
    10, so BH:MP falls by 3 (64 to 61); #12's PAB dummy is capped at 7 MP
    (a draw's 1 times 7 rounds), above its 2: unchanged."""
    s = team_standings(tec, "BH:MP", rules="c07-2026")
    by = {r.number: r.tiebreaks["BH:MP"] for r in s.rows}
    assert by[1] == 61
    assert by[12] == BH_MP[12]


def test_the_event_declares_the_primary_score(tec: trfkit.Tournament) -> None:
    assert primary_score(tec) == ("MP", "192 FIDE_TEAM_TYPEA_MP_GP")
    text = TEC.read_text().replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_TYPEB_GP_MP")
    t = trfkit.loads(text)
    assert primary_score(t)[0] == "GP"
    s = team_standings(t, "", rules="c07-2023")
    assert s.primary == "GP"
    assert s.rows[0].number == 5 and s.rows[1].number == 1  # 18 and 17.5 GP


def test_team_codes_with_modifiers_are_parsed() -> None:
    tb = parse_tiebreak("BH:MP/C1/P")
    assert (tb.acronym, tb.points, tb.cut, tb.forfeits_played) == ("BH", "MP", 1, True)
    assert parse_tiebreak("EMGSB/C1/P").cut == 1
    assert parse_tiebreak("EDET/P").acronym == "EDET"
    assert parse_tiebreak("EDE/P").forfeits_played


def test_codes_not_computed_are_undefined_with_a_note(tec: trfkit.Tournament) -> None:
    s = team_standings(tec, "BC,BH:MP", rules="c07-2023")
    assert all(r.tiebreaks["BC"] is None for r in s.rows)
    assert any("BC is not computed for teams" in n for n in s.notes)
    # BC undefined splits nothing; BH:MP then breaks the 10-point group,
    # and the note says that this order is BH:MP's, maybe not the event's.
    assert [r.number for r in s.rows[:5]] == [1, 3, 2, 4, 5]
    assert any("ranked by the tie-break(s) after it" in n for n in s.notes)
    last = team_standings(tec, "BH:MP,BC", rules="c07-2023")
    assert not any("after it" in n for n in last.notes)


def test_extended_direct_encounter(tec: trfkit.Tournament) -> None:
    """Exercises 42-45 (MP primary): #11 and #14 drew and have equal GP:
    still tied (42); #6 beat #8: first (43); #7, #9, #13: #9 and #13 did
    not meet, nothing decided (44); the five on 10 points all met, equal on
    MP among themselves, so GP: #4 first (8.5), #5 last (7.5), and among #1,
    #2, #3 again on GP: #2 (5.5), #1 (5.0), #3 (1.5) (45)."""
    s = team_standings(tec, "EDE", rules="c07-2023")
    ranked = [(r.number, r.rank, r.tiebreaks["EDE"]) for r in s.rows]
    assert ranked[:7] == [
        (4, 1, 1),
        (2, 2, 2),
        (1, 3, 3),
        (3, 4, 4),
        (5, 5, 5),
        (6, 6, 1),
        (8, 7, 2),
    ]
    assert s.tied == ((7, 9, 13), (11, 14))
    # Jackals (5 MP) and Lynxes (2 MP) were tied with no one.
    by = {r.number: r.tiebreaks["EDE"] for r in s.rows}
    assert by[10] is None and by[12] is None


def test_a_team_round_robin_is_predetermined_pairings(tec: trfkit.Tournament) -> None:
    """fixtures/team-trf26.trf: 4 teams, 3 rounds, every team met every
    other; without its 092 and 192 (a Swiss, FIDE_TEAM_BAKU) it reads as
    a team round robin: C.07 15.2 applies, and the output says so. As
    declared, and the TEC Swiss, not."""
    path = ROOT / "fixtures" / "team-trf26.trf"
    undeclared = "".join(
        line
        for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
        if not line.startswith(("092", "192"))
    )
    assert any(
        "predetermined pairings" in n for n in team_standings(trfkit.loads(undeclared)).notes
    )
    assert not any("predetermined" in n for n in team_standings(trfkit.load(path)).notes)
    assert not any("predetermined" in n for n in team_standings(tec, "MP").notes)


def test_an_individual_event_has_no_team_standings() -> None:
    t = trfkit.load(ROOT / "fixtures" / "swiss-trf26.trf")
    with pytest.raises(NotATeamEvent):
        team_standings(t)


# -- the command line: the teams' standings by default in a team event --------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from trfkit.cli import main

    status = main(["standings", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_registered_in_every_format() -> None:
    from trfkit.report.registry import OUTPUTS

    assert {f for d, f in OUTPUTS if d == "team-standings"} == {"text", "json", "csv", "html"}


def test_a_team_event_gives_the_teams_json_under_its_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("jsonschema")
    from trfkit.schemas import validator

    status, out, _ = _run(
        capsys, str(TEC), "--tiebreaks", "BH:MP/C1", "--tiebreak-rules", "c07-2023",
        "--format", "json",
    )  # fmt: skip
    assert status == 0
    doc = json.loads(out)
    validator(doc["schema"], strict=True).validate(doc)
    assert doc["schema"] == "trfkit.team-standings/1"
    assert doc["primary"] == {"score": "MP", "source": "192 FIDE_TEAM_TYPEA_MP_GP"}
    assert doc["boards"] == 4
    first = doc["teams"][0]
    # Exercise 36: Antelopes 10 MP, 17.5 GP, BH-C1 57.
    assert (first["number"], first["name"], first["match_points"], first["game_points"]) == (
        1, "Antelopes", 10, 17.5,
    )  # fmt: skip
    assert first["tiebreaks"] == {"BH:MP/C1": 57}
    assert first["rounds"][0] == {
        "opponent": 8, "kind": "played", "match_points": 2, "game_points": 2.5,
    }  # fmt: skip
    assert first["rounds"][5]["kind"] == "forfeit win"
    # Exercise 36: 3 and 5 at 53, 2 and 4 at 52, 6 and 8 at 39, 9 and 13 at 48.
    assert [2, 4] in doc["tied"] and [3, 5] in doc["tied"] and [9, 13] in doc["tied"]


def test_text_csv_html_show_the_same_values(capsys: pytest.CaptureFixture[str]) -> None:
    args = [str(TEC), "--tiebreaks", "BH:MP", "--tiebreak-rules", "c07-2023"]
    _, text, _ = _run(capsys, *args)
    assert "Ranked by match points (MP; 192 FIDE_TEAM_TYPEA_MP_GP), 4 boards" in text
    line = next(x for x in text.splitlines() if "Giraffes" in x)
    # Rank 10 (exercise 35's table), 6 MP, 11.5 GP, BH 44, round 7 a ZPB.
    assert line.split()[:6] == ["10", "7", "Giraffes", "6.0", "11.5", "44.0"]
    assert line.split()[-1] == "ZPB"
    _, out, _ = _run(capsys, *args, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["name"] == "Antelopes" and rows[0]["BH:MP"] == "64.0"
    assert rows[0]["r6"] == "6:+F"
    _, page, _ = _run(capsys, *args, "--format", "html")
    assert "<td>Narwhals</td>" in page and "HPB" in page


def test_a_one_board_event_says_board(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.conftest import CORPUS

    path = CORPUS / "echecsjs__trf" / "trf26_team.trf"
    if not path.exists():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    _, text, _ = _run(capsys, str(path))
    assert ", 1 board\n" in text


def test_players_gives_the_players_standings(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, str(TEC), "--players", "--tiebreaks", "WIN", "--format", "json")
    doc = json.loads(out)
    assert doc["schema"] == "trfkit.standings/1"
    # The book's PT column: Armando Aglio (1) 6.0, then Bruce Belanoy (29) 5.5.
    top = [(p["start_rank"], p["points"]) for p in doc["players"][:2]]
    assert top == [(1, 6), (29, 5.5)]


def test_teams_on_an_individual_event_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = _run(capsys, str(DATA / "tec-swiss-16x5.trf"), "--teams")
    assert status == 2
    assert "no team records" in err


# -- the corpus: a TEC sample file declares every team's MP and GP ------------

GRANDMOMMY = ROOT.parent / "shared" / "corpus" / ("echecsjs__trf/grandmommyscup.trf")


@pytest.mark.skipif(not GRANDMOMMY.exists(), reason=f"shared corpus file {GRANDMOMMY} absent")
def test_grandmommys_cup_matches_agree_with_its_310_and_802() -> None:
    """The FIDE TEC sample (50 teams, 14 rounds, line-ups 300 with empty
    boards, forfeited matches 330, a 320 PAB of 1 MP and 2 GP, full- and
    half-point byes 240): the matches read from the board results give every
    team the match and game points its 310 declares, and every round the
    opponent and game points its 802 crosstable shows. Both are written by
    the file's program, not by trfkit."""
    t = trfkit.load(GRANDMOMMY)
    m = team_matches(t)
    declared = {x.number: (x.match_points, x.game_points) for x in t.teams if x.code == "310"}
    assert len(declared) == 50 and m.boards == 4
    for i, number in enumerate(m.numbers):
        assert (m.match_points[i], m.game_points[i]) == declared[number], number
    rounds_802 = 0
    for line in GRANDMOMMY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("802"):
            continue
        number = int(line[4:7])
        i = m.numbers.index(number)
        for r, x in enumerate(m.rounds[i]):
            cell = line[28 + 13 * r : 39 + 13 * r]
            who, points = cell[:3].strip(), Decimal(cell[6:10])
            if who in ("PAB", "FPB", "HPB", "ZPB"):
                assert {"PAB": "U", "FPB": "F", "HPB": "H", "ZPB": "Z"}[who] == x.kind
            else:
                assert m.numbers[x.opponent] == int(who), (number, r + 1)
                assert (cell[10:11].upper() == "F") == (x.kind in "WL"), (number, r + 1)
            assert x.game_points == points, (number, r + 1)
            rounds_802 += 1
    assert rounds_802 == 50 * 14


def test_a_whole_forfeited_match_without_330_and_a_299_override() -> None:
    """bbpPairings' test input (one board a team): both boards forfeited,
    no 330, so a forfeited match; ``299 -  1.0`` gives each forfeit loss
    one match point (TRF-2026 299, match points at 8-11)."""
    text = (
        "012 299 forfeit-loss override\n"
        "192 FIDE_TEAM_TYPEA_MP_GP\n"
        "362 TW  2.0   TD  1.0   TL  0.0\n"
        "299 -   1.0\n"
        "001    1      T1                                2500                             1.0    1     2 - +\n"
        "001    2      T2                                2500                             0.0    2     1 - -\n"
        "310   1 Team1                                                              1\n"
        "310   2 Team2                                                              2\n"
    )
    m = team_matches(trfkit.loads(text))
    assert [r.kind for r in m.rounds[0]] == ["W"] and [r.kind for r in m.rounds[1]] == ["L"]
    assert m.match_points == [Decimal(2), Decimal(1)]


def test_boards_against_a_third_team_are_said_not_dropped() -> None:
    """A pairing error: team 1's second board met team 3's player while its
    first board met team 2. The match is 1 v 2 (the lower number when the
    boards are even), team 1's game points are those against team 2, and a
    note names the boards left out."""

    def line(rank: int, cell: str) -> str:
        return f"001 {rank:4d}      {'P' + str(rank):<33} 2000 {'':3} {'':11} {'':10} {'':4} {'':4}  {cell}"

    text = "\n".join(
        [
            "012 Three teams",
            line(1, "   3 w 1"),
            line(2, "   5 b ="),
            line(3, "   1 b 0"),
            line(4, "   6 w ="),
            line(5, "   2 w ="),
            line(6, "   4 b ="),
            "310   1 A                                                                1    2",
            "310   2 B                                                                3    4",
            "310   3 C                                                                5    6",
        ]
    )
    t = trfkit.loads(text + "\n")
    m = team_matches(t)
    assert (m.rounds[0][0].opponent, m.rounds[0][0].game_points) == (1, Decimal(1))
    s = team_standings(t, "MP")
    assert any(
        n.startswith("team 1, round 1: boards against team(s) 3 as well as its opponent 2")
        for n in s.notes
    )


def _four_teams(kind: str) -> trfkit.Tournament:
    """Four teams of one board, three rounds, every team meets every other:
    1-2 1-0, 3-4 ½-½; 1-3 ½-½, 2-4 1-0; 1-4 forfeit (team 1 wins, no game
    over the board), 2-3 0-1. Match points 2/1/0: team 1 5, team 2 2,
    team 3 4, team 4 1."""
    cells = {
        1: ("2.5", ["   2 w 1", "   3 b =", "   4 w +"]),
        2: ("1.0", ["   1 b 0", "   4 w 1", "   3 w 0"]),
        3: ("2.0", ["   4 w =", "   1 w =", "   2 b 1"]),
        4: ("0.5", ["   3 b =", "   2 b 0", "   1 b -"]),
    }
    lines = ["012 Four teams", "042 2025/05/01", f"092 {kind}"]
    for n, (points, rounds) in cells.items():
        lines.append(
            f"001 {n:>4} m    {'Player ' + str(n):<33} {2400 - n:>4} SLO {14600000 + n:>11} "
            f"1990/05/01 {points:>4} {n:>4}  " + "  ".join(rounds)
        )
    lines += [f"013 {'Team ' + str(n):<32}{n:>4}" for n in cells]
    return trfkit.loads("\n".join(lines) + "\n")


def test_a_declared_swiss_is_no_round_robin_though_every_team_met() -> None:
    """C.07 15.2 (forfeits count as played) is for predetermined pairings: a
    Swiss of four teams in three rounds, where every team meets every other,
    keeps Art. 16. Team 1's BH:MP: team 2's 2, team 3's 4 and, for the
    forfeit won in round 3, a dummy with team 1's own 5 (16.4) = 11; read
    as a round robin (a league) the forfeit is a match against team 4 (1):
    2 + 4 + 1 = 7."""
    swiss = team_standings(_four_teams("Team Swiss"), "BH:MP", rules="c07-2023")
    league = team_standings(_four_teams("Team League"), "BH:MP", rules="c07-2023")
    assert [(r.number, r.match_points) for r in swiss.rows] == [(1, 5), (3, 4), (2, 2), (4, 1)]
    assert swiss.rows[0].tiebreaks["BH:MP"] == 11
    assert league.rows[0].tiebreaks["BH:MP"] == 7
    assert not any("predetermined" in n for n in swiss.notes)
    assert any("predetermined" in n for n in league.notes)


_ARMSTRONG = ROOT.parent / "shared" / "corpus"
_ARMSTRONG = _ARMSTRONG / "sanichi__icu_tournament" / "armstrong_2011.tab"
# Leinster's Armstrong Cup 2010-11 (TRF16, 013 only, 8 boards, 11 rounds):
# each team's match and game points, worked from the 001 round cells by a
# separate script (each board's points summed per team and round, the
# match won, drawn or lost by the sums, board defaults `0000 - +` counted
# to the team that had them: Elm Mount's two in round 5 make its 7-1).
ARMSTRONG = {
    1: (15, "49"), 2: (6, "39.5"), 3: (9, "33.5"), 4: (1, "30.5"), 5: (14, "47.5"),
    6: (18, "60.5"), 7: (19, "62"), 8: (6, "32"), 9: (10, "47"), 10: (16, "50.5"),
    11: (6, "33"), 12: (12, "43"),
}  # fmt: skip


@pytest.mark.skipif(not _ARMSTRONG.is_file(), reason=f"corpus file absent: {_ARMSTRONG}")
def test_a_trf16_league_its_matches_read_from_the_boards_and_what_it_cannot_say() -> None:
    s = team_standings(trfkit.load(_ARMSTRONG))
    got = {r.number: (r.match_points, r.game_points) for r in s.rows}
    assert got == {n: (Decimal(mp), Decimal(gp)) for n, (mp, gp) in ARMSTRONG.items()}
    kilkenny = next(r for r in s.rows if r.number == 7)
    assert (kilkenny.rank, kilkenny.rounds[4].opponent, kilkenny.rounds[4].game_points) == (
        1,
        2,
        6,
    )
    # No 362 and no 352 in TRF16: the scoring and the boards are assumed, and said so.
    assert any(n.startswith("match points 2/1/0 for a match won, drawn, lost") for n in s.notes)
    assert any(n.startswith("8 boards a match: the most a match had") for n in s.notes)


def test_a_file_with_362_and_352_assumes_neither(tec: trfkit.Tournament) -> None:
    # The TEC Swiss has 362 but no 352; fixtures/team-trf26.trf has both.
    notes = team_standings(tec, "MP").notes
    assert not any("no 362" in n for n in notes) and any("no 352" in n for n in notes)
    t = trfkit.load(ROOT / "fixtures" / "team-trf26.trf")
    assert not any("no 362" in n or "no 352" in n for n in team_standings(t).notes)
