"""Checks an arbiter expects (S112-S115, R608, P008 for 122/222, R301 from
042/052), team and league events, and S104 on lines with unreadable cells."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import trfkit
from tests.conftest import CORPUS, FIXTURES
from tests.trfbuild import player_line, swiss_text
from trfkit.checks import validate
from trfkit.checks.players import federations
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import TournamentType, event_of
from trfkit.model import Tournament
from trfkit.rules import get

Game = tuple[int, int, int, str]


def found(
    t: Tournament | str, code: str, *, rules: str = "auto", type: str | None = None
) -> list[Diagnostic]:
    tour = trfkit.loads(t.encode()) if isinstance(t, str) else t
    return [d for d in validate(tour, rules=rules, type=type) if d.code == code]


def swiss(
    ratings: Sequence[int | None], games: Sequence[Game], *extra: str, **options: object
) -> str:
    """swiss_text with ``extra`` header lines put before the first 001."""
    text = swiss_text(ratings, games, **options)  # type: ignore[arg-type]
    head, _, rest = text.partition("\n001")
    return "\n".join([head, *extra]) + "\n001" + rest


# -- S112: repeated pairings --------------------------------------------------

# Round 1: 1-2, 3-4; round 2: 3-1, 4-2; round 3: 2-1 again, 4-3 again.
_REPEAT: list[Game] = [
    (1, 1, 2, "1"),
    (1, 3, 4, "="),
    (2, 3, 1, "0"),
    (2, 4, 2, "1"),
    (3, 2, 1, "="),
    (3, 4, 3, "1"),
]


def test_two_players_who_met_twice_in_a_swiss_are_an_error() -> None:
    s112 = found(swiss([2400, 2300, 2200, 2100], _REPEAT), "S112")
    assert [(d.severity, d.line % 100) for d in s112] == [
        (Severity.ERROR, 10),
        (Severity.ERROR, 12),
    ]
    first = s112[0]
    assert "players 1 and 2" in first.message and "rounds 1, 3" in first.message
    # The column of round 3's opponent, where the repeat is (TRF16: 92 + 10 per round).
    assert first.column == 112


def test_a_forfeited_game_is_no_meeting() -> None:
    games = [g if g[0] != 1 or g[1] != 1 else (1, 1, 2, "+") for g in _REPEAT]
    games = [g if g[0] != 1 or g[1] != 3 else (1, 3, 4, "-") for g in games]
    assert found(swiss([2400, 2300, 2200, 2100], games), "S112") == []


def test_repeated_pairings_are_not_checked_outside_swiss_events() -> None:
    text = swiss([2400, 2300, 2200, 2100], _REPEAT, type_line="092 Double Round Robin")
    assert found(text, "S112") == []
    assert found(swiss([2400, 2300, 2200, 2100], _REPEAT), "S112", type="team") == []


def test_a_swiss_read_only_from_the_pairings_gets_a_warning() -> None:
    text = swiss([2400, 2300, 2200, 2100], _REPEAT, type_line="092 Open")
    s112 = found(text, "S112")
    assert {d.severity for d in s112} == {Severity.WARNING} and len(s112) == 2
    assert "--type" in s112[0].message


def _mistyped_opponent() -> Tournament:
    """fixtures/swiss-trf16.trf with one typo: player 2 (line 16) names 11
    in round 1, where 11 (line 25) played 4 (line 18) and 2 played 9 (line 23);
    2 and 11 did meet in round 2, on both lines."""
    lines = (FIXTURES / "swiss-trf16.trf").read_text().splitlines(keepends=True)
    assert lines[15][91:99] == "   9 b =", lines[15]
    lines[15] = lines[15][:91] + "  11 b =" + lines[15][99:]
    return trfkit.loads("".join(lines).encode())


def test_a_mistyped_opponent_is_no_second_meeting() -> None:
    # 2 and 11 played once (round 2): the round-1 cell of 2 is one-sided,
    # S101 says so; claiming they "played each other in rounds 1, 2" is false.
    t = _mistyped_opponent()
    assert found(t, "S112") == []
    assert [(d.line, d.column) for d in found(t, "S101")] == [(16, 92), (23, 92)]


def test_two_claims_on_one_opponent_point_at_the_claim_he_does_not_confirm() -> None:
    # 11 names 4 back in round 1, so 4's line (18) is right and 2's (16) is not.
    (s110,) = found(_mistyped_opponent(), "S110")
    assert (s110.line, s110.column) == (16, 92)
    assert "player 11 is the opponent of player 4 (line 18) and of player 2" in s110.message


# -- S113: colour sequences ---------------------------------------------------

_FIELD = [2400, 2300, 2200, 2100, 2000, 1900]


def test_three_whites_running_is_an_error_before_the_last_round() -> None:
    # Player 1 white in rounds 1-3 of 5 (XXR 5), against 2, 3, 4.
    games: list[Game] = [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 1, 4, "1")]
    (d,) = found(swiss(_FIELD, games, "XXR 5"), "S113")
    assert d.severity is Severity.ERROR and d.column == 97 + 20  # round 3's colour
    # Three whites also make the difference +3: one finding says both.
    assert "white for the third game running (rounds 1, 2, 3)" in d.message
    assert "colour difference +3" in d.message and d.found == "w w w, +3"


def test_forfeits_and_byes_do_not_break_a_run() -> None:
    # White, a forfeit win with white (no game), a bye, white, white.
    games: list[Game] = [(1, 1, 2, "="), (2, 1, 3, "+"), (4, 1, 4, "="), (5, 1, 5, "=")]
    (d,) = found(swiss(_FIELD, games, "XXR 7"), "S113")
    assert d.message.startswith("round 5: player 1 ")
    assert "rounds 1, 4, 5" in d.message and "3 games with white and 0 with black" in d.message


def test_a_colour_difference_beyond_two() -> None:
    # Player 1: w w b w w, never three running, +3 after round 5.
    games: list[Game] = [
        (1, 1, 2, "="),
        (2, 1, 3, "="),
        (3, 4, 1, "="),
        (4, 1, 5, "="),
        (5, 1, 6, "="),
    ]
    (d,) = found(swiss(_FIELD, games, "XXR 9"), "S113")
    assert d.message == (
        "round 5: player 1 has played 4 games with white and 1 with black: colour difference "
        "+3, against the absolute colour criteria of C.04.1"
    )


def test_last_round_breach_by_a_topscorer_is_an_info() -> None:
    # A pairing C.04.3 C.3 allows is no fault: an info, not a warning (issue 33).
    # Player 1 wins rounds 1-2 with white (2 of 2 points: a topscorer) and has
    # white again in the last round (3).
    games: list[Game] = [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 1, 4, "=")]
    (d,) = found(swiss(_FIELD, games, "XXR 3"), "S113")
    assert d.severity is Severity.INFO and "topscorer 1" in d.message


def test_last_round_breach_without_a_topscorer_is_an_error() -> None:
    # Player 1 loses rounds 1-2 with white (0 points), then white again in
    # round 3 against player 4, who has 0 too (two zero-point byes).
    games: list[Game] = [(1, 1, 2, "0"), (2, 1, 3, "0"), (3, 1, 4, "=")]
    (d,) = found(swiss(_FIELD, games, "XXR 3"), "S113")
    assert d.severity is Severity.ERROR


def test_a_last_round_breach_beside_a_shorter_line_of_the_same_rank() -> None:
    # The fuzzer's find: a second 001 line with player 1's starting rank
    # (S107) and one round only. The topscorer test read player 1's round 3
    # from that line and raised IndexError; it reads his own line, and the
    # first line of a shared rank as the opponents' lookups do.
    games: list[Game] = [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 1, 4, "=")]
    text = swiss(_FIELD, games, "XXR 3")
    twin = next(x for x in text.splitlines() if x.startswith("001    1 "))[:101]
    t = trfkit.loads((text + twin + "\n").encode())
    (d,) = found(t, "S113")
    assert d.severity is Severity.INFO and "topscorer 1" in d.message
    assert found(t, "S107")


def test_no_colour_criteria_in_team_events() -> None:
    games: list[Game] = [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 1, 4, "1")]
    team = "013 Alpha                           " + "   1    2    3"
    assert found(swiss(_FIELD, games, "XXR 5", team), "S113") == []


# -- S114: federations --------------------------------------------------------


def _with_federation(text: str, rank: int, code: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) == rank:
            lines[i] = line[:53] + code + line[56:]
    return "\n".join(lines) + "\n"


def test_the_federation_list_holds_fide_codes_and_the_fide_flag() -> None:
    codes = federations()
    assert {"GER", "ENG", "USA", "FID", "SLO", "IRL", "COL", "THA"} <= codes
    assert 190 <= len(codes) <= 230
    assert all(len(c) == 3 and c.isupper() for c in codes)


def test_an_unknown_federation_is_a_warning_once_per_code() -> None:
    text = swiss([2400, 2300, 2200], [(1, 1, 2, "1")])
    text = _with_federation(_with_federation(text, 2, "XYZ"), 3, "XYZ")
    (d,) = found(text, "S114")
    assert d.severity is Severity.WARNING and d.column == 54
    assert "'XYZ'" in d.message and "1 more" in d.message
    assert found(_with_federation(text.replace("XYZ", "FID"), 1, "SLO"), "S114") == []


def test_a_column_of_club_codes_is_said_once() -> None:
    text = swiss([2400, 2300, 2200, 2100, 2000], [(1, 1, 2, "1")])
    for rank, club in enumerate(["KIL", "ELM", "RAT", "ST."], start=1):
        text = _with_federation(text, rank, club)
    (d,) = found(text, "S114")
    assert "4 different ones" in d.message and "KIL (1)" in d.message


# -- S115: birth dates --------------------------------------------------------


def test_birth_dates_after_the_start_or_over_110_years_before() -> None:
    born = ["2025/03/02", "1914/03/01", "1914/03/02", "2026", "1990/00/00"]
    text = swiss([2400, 2300, 2200, 2100, 2000], [(1, 1, 2, "1")], born=born)
    by_rank = {int(d.message.split()[1]): d.severity for d in found(text, "S115")}
    # Start 2025/03/01: born the next day (error); 111 years old on the day
    # (warning); 110 years and a day short of 111 (fine); a year after the
    # start (error); a plausible year with no month and day (fine).
    assert by_rank == {1: Severity.ERROR, 2: Severity.WARNING, 4: Severity.ERROR}


# -- R608: the rating floor ---------------------------------------------------


def test_ratings_below_the_floor_in_force() -> None:
    ratings = [2400, 1399, 1400]
    text = swiss(ratings, [(1, 1, 2, "1")], start="2025/03/01")
    (d,) = found(text, "R608")
    assert d.severity is Severity.WARNING and "1399" in d.message and "1400" in d.message
    # 2010 (fide-2009, floor 1200): 1100 is below; from July 2011 the floor is 1000.
    assert len(found(swiss([2400, 1100], [(1, 1, 2, "1")], start="2010/03/01"), "R608")) == 1
    assert found(swiss([2400, 1100], [(1, 1, 2, "1")], start="2012/03/01"), "R608") == []


def test_a_floor_set_by_an_amendment_cites_the_amendment() -> None:
    # 2009 §0.6 says 1200; 1000 came with the announcement of June 2011. A
    # finding that says 1000 and cites §0.6 alone cites a text that says 1200.
    (before,) = found(swiss([2400, 1100], [(1, 1, 2, "1")], start="2010/03/01"), "R608")
    assert before.reference == "FIDE Rating Regulations 2009 §0.6"
    assert "floor of 1200" in before.message
    (after,) = found(swiss([2400, 951], [(1, 1, 2, "1")], start="2011/07/02"), "R608")
    assert "floor of 1000" in after.message
    assert after.reference is not None and "June 2011" in after.reference


def test_the_floor_of_a_later_rule_set_is_not_applied_to_an_older_event() -> None:
    # A rapid event of 2015: --rules auto picks fide-rb-2024 (floor 1400), whose
    # floor was not in force then.
    text = swiss([2400, 1200], [(1, 1, 2, "1")], start="2015/03/01", time_control="15+10")
    assert event_of(trfkit.loads(text.encode())).rules.name == "fide-rb-2024"
    assert found(text, "R608") == []
    assert get("fide-2009").as_of(None).rating_floor == 1000


# -- R301 without round dates -------------------------------------------------


def test_rounds_per_day_from_the_start_and_end_dates() -> None:
    # 21 rounds (3 players, every round a game 1-2 and a bye) on one day.
    games: list[Game] = [(r, 1 + r % 2, 2 - r % 2, "=") for r in range(1, 22)]
    text = swiss([2200, 2100, 2000], games, start="2010/03/01")
    (d,) = found(text, "R301")
    assert "21 rounds played on 2010-03-01" in d.message and d.severity is Severity.ERROR
    # Seven days from 042 to 052: 21 rounds fit three a day.
    week = text.replace("052 2010/03/01", "052 2010/03/07")
    assert found(week, "R301") == []
    eight = text.replace("052 2010/03/01", "052 2010/03/06")
    assert found(eight, "R301")[0].expected == "at most 18 rounds"
    # No time control: it may have been rapid or blitz; the standard limit
    # still applies, as a warning, unless the rules were given.
    (w,) = found(text.replace("122 90 min + 30 sec/move", "122"), "R301")
    assert w.severity is Severity.WARNING and "--time-control" in w.message
    (e,) = found(text.replace("122 90 min + 30 sec/move", "122"), "R301", rules="fide-2009")
    assert e.severity is Severity.ERROR


# -- leagues -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "source"),
    [
        ("092 Team League", "092"),
        ("092 Liga", "092"),
        ("192 Bundesliga", "192"),
        ("012 Oberliga Nord 2024/25", "012"),
    ],
)
def test_leagues_are_read_from_092_192_or_the_name(line: str, source: str) -> None:
    text = swiss([2400, 2300], [(1, 1, 2, "1")], type_line="### no type")
    if line.startswith("012"):
        text = text.replace("012 Test Open", line)
    else:
        text = text.replace("### no type", line)
    ev = event_of(trfkit.loads(text.encode()))
    assert (ev.type, ev.type_source) == (TournamentType.LEAGUE, source)


def test_a_league_of_189_days_is_no_r401_error() -> None:
    text = swiss([2400, 2300], [(1, 1, 2, "1")], type_line="092 Team League", start="2010/09/13")
    text = text.replace("052 2010/09/13", "052 2011/03/20")
    (d,) = found(text, "R401")
    assert d.severity is Severity.INFO and "189 days" in d.message
    (e,) = found(text.replace("092 Team League", "092 Swiss"), "R401")
    assert e.severity is Severity.ERROR
    assert (
        found(text.replace("092 Team League", "092 Swiss"), "R401", type="league")[0].severity
        is Severity.INFO
    )


# -- S111: a team's pairing-allocated bye --------------------------------------


def test_the_members_of_one_team_share_its_bye() -> None:
    lines = [
        "012 Team Swiss",
        "042 2025/03/01",
        "013 Alpha                           " + "   1    2",
        "013 Beta                            " + "   3    4",
        "013 Gamma                           " + "   5    6",
        player_line(1, 2400, 1.0, ["0000 - U"]),
        player_line(2, 2300, 1.0, ["0000 - U"]),
        player_line(3, 2200, 1.0, ["   5 w 1"]),
        player_line(4, 2100, 0.0, ["   6 b 0"]),
        player_line(5, 2000, 0.0, ["   3 b 0"]),
        player_line(6, 1900, 1.0, ["   4 w 1"]),
    ]
    text = "\n".join(lines) + "\n"
    assert [d for d in found(text, "S111") if "second" in d.message] == []
    # Every team with U and no match in one round: three byes, the first
    # team's stands (no 320 names one), each other team said once.
    three = text
    for cell in ("   5 w 1", "   6 b 0", "   3 b 0", "   4 w 1"):
        three = three.replace(cell, "0000 - U")
    second = [d for d in found(three, "S111") if "second" in d.message]
    assert [d.line for d in second] == [8, 10]  # players 3 (Beta) and 5 (Gamma)
    # One member of each of two teams with U while the other boards play
    # (4-6): no second bye, but members with U whose team plays, once a team.
    two = text.replace("   5 w 1", "0000 - U").replace("   3 b 0", "0000 - U")
    said = found(two, "S111")
    assert [d for d in said if "second" in d.message] == []
    assert [(d.line, d.severity) for d in said] == [(8, Severity.WARNING), (10, Severity.WARNING)]
    assert all("but the team plays team" in d.message for d in said)


# -- S104 ----------------------------------------------------------------------


def test_an_unreadable_result_leaves_a_range_of_totals() -> None:
    # Player 1: a win, and a result "Q" the reader cannot read (P002).
    lines = [
        "012 Test",
        player_line(1, 2400, 1.5, ["   2 w 1", "   2 b Q"]),
        player_line(2, 2300, 0.5, ["   1 b 0", "   1 w ="]),
    ]
    text = "\n".join(lines) + "\n"
    t = trfkit.loads(text.encode())
    assert "P002" in {d.code for d in t.diagnostics}
    # 1.5 lies between 1 (the unread cell worth 0) and 2 (worth 1).
    assert found(t, "S104") == []
    (d,) = found(text.replace(" 1.5 ", " 3.0 ", 1), "S104")
    assert d.severity is Severity.ERROR and "uncertain" in d.message
    assert d.expected == "1.0 to 2.0"
    # At the points field (columns 81-84 of 001), both ends of the range
    # accepted.
    assert (d.line, d.column, d.found) == (2, 81, "3.0")
    assert found(text.replace(" 1.5 ", " 1.0 ", 1), "S104") == []
    assert found(text.replace(" 1.5 ", " 2.0 ", 1), "S104") == []


def test_two_unreadable_results_under_a_declared_scoring() -> None:
    # XXS W=3: a win is 3, so the most a cell can give is 3. Player 1 won
    # round 1 (3) and has two unread cells: 3 + 2 x 0 to 3 + 2 x 3 = 9.
    lines = [
        "012 Test",
        "XXS W=3",
        player_line(1, 2400, 9.0, ["   2 w 1", "   2 b Q", "   2 w Q"]),
        player_line(2, 2300, 0.0, ["   1 b 0", "   1 w 0", "   1 b 0"]),
    ]
    text = "\n".join(lines) + "\n"
    assert found(text, "S104") == []
    (d,) = found(text.replace(" 9.0 ", "10.0 ", 1), "S104")
    assert d.expected == "3.0 to 9.0"


def test_team_match_points_on_162_are_said_not_used() -> None:
    lines = [
        "012 Test",
        "162 TW 3.0    TD 1.0    TL 0.0",
        player_line(1, 2400, 3.0, ["   2 w 1"]),
        player_line(2, 2300, 0.0, ["   1 b 0"]),
    ]
    s104 = found("\n".join(lines) + "\n", "S104")
    # The 162 line (info), and player 1's 3.0 against 1.0 (info: 162 unclear).
    assert [(d.line, d.severity) for d in s104] == [(2, Severity.INFO), (3, Severity.INFO)]
    assert "362" in s104[0].message
    # On the 162 line, where its symbols begin (column 5).
    assert (s104[0].column, s104[0].found, s104[0].expected) == (
        5,
        "TW TD TL",
        "162 symbols W D L A P X (team match points go in 362)",
    )


def test_points_in_team_events_are_informative() -> None:
    lines = [
        "012 Test",
        "013 Alpha                           " + "   1",
        "013 Beta                            " + "   2",
        player_line(1, 2400, 4.0, ["   2 w 1"]),
        player_line(2, 2300, 0.0, ["   1 b 0"]),
    ]
    (d,) = found("\n".join(lines) + "\n", "S104")
    assert d.severity is Severity.INFO and "team event" in d.message


def test_team_event_points_may_leave_out_the_byes() -> None:
    # Player 1: a win, then his team's bye (U): 2.0 with the bye, 1.0 over the board.
    def text(points: float) -> str:
        lines = [
            "012 Test",
            "013 Alpha                           " + "   1",
            "013 Beta                            " + "   2",
            player_line(1, 2400, points, ["   2 w 1", "0000 - U"]),
            player_line(2, 2300, 0.0, ["   1 b 0", "0000 - Z"]),
        ]
        return "\n".join(lines) + "\n"

    assert found(text(2.0), "S104") == []
    assert found(text(1.0), "S104") == []
    assert [d.severity for d in found(text(1.5), "S104")] == [Severity.INFO]


# -- P008: 122 and 222 ----------------------------------------------------------


def test_122_and_222_that_disagree() -> None:
    base = swiss([2400, 2300], [(1, 1, 2, "1")], "222 5400+30", time_control="60 min + 30 sec/move")
    (d,) = found(base, "P008")
    # 60 + 60 x 0.5 = 90 minutes for 60 moves, and 90 + 30 = 120.
    assert d.severity is Severity.WARNING and "90 and 120 min" in d.message
    same = base.replace("60 min + 30 sec/move", "90 min + 30 sec/move")
    assert found(same, "P008") == []
    # A third period after move 60 in 222 only (TEC's sample): 180 minutes both.
    later = swiss(
        [2400, 2300],
        [(1, 1, 2, "1")],
        "222 40/6000+30:20/3000+30:1500+30",
        time_control="100'x40mm + 50'x20mm + 30\" from move 1",
    )
    (i,) = found(later, "P008")
    assert i.severity is Severity.INFO and "2 and 3 periods, both 180 min" in i.message


def test_222_not_understood_beside_a_122_that_is() -> None:
    # 122 stands in for the unreadable 222: said, with 222's column.
    text = swiss([2400, 2300], [(1, 1, 2, "1")], "222   90x", time_control="90 min + 30 sec/move")
    (d,) = found(text, "P008")
    line = text.splitlines().index("222   90x") + 1
    # "222" (1-3), a blank, two more, "90" at 7-8, "x" at 9: not 222's grammar.
    assert (d.line, d.column, d.found) == (line, 9, "x")
    assert d.severity is Severity.WARNING
    assert d.message.startswith("222 '90x' not understood (found 'x' where ")
    assert d.message.endswith("; the checks use 122 '90 min + 30 sec/move'")
    # The rate of play is checked from 122: no R102.
    assert found(text, "R102") == []


# -- the corpus ---------------------------------------------------------------


def _corpus(name: str) -> Tournament:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"{path} is absent (the shared corpus of real files)")
    return trfkit.load(path)


def test_icu_club_codes_in_the_federation_column() -> None:
    (d,) = found(_corpus("sanichi__icu_tournament/bunratty_masters_2011.tab"), "S114")
    assert "12 different ones" in d.message


def test_armstrong_cup_is_a_league() -> None:
    t = _corpus("sanichi__icu_tournament/armstrong_2011.tab")
    assert event_of(t).type is TournamentType.LEAGUE
    (d,) = found(t, "R401")
    assert d.severity is Severity.INFO
