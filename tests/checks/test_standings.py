"""S104-S106, S108: points under each way of declaring the scoring, ranks, counts, dates."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import trfkit
from tests.conftest import FIXTURES
from tests.trfbuild import player_line
from trfkit.checks import validate
from trfkit.scoring import expected_points, scoring_of

HEAD = ["012 Test", "022 Bled", "032 SLO", "102 Kovac, Ana"]


def player(rank: int, points: str, *cells: str, place: int | None = None) -> str:
    return player_line(
        rank, 2400 - rank, points, cells, name=f"Player {rank}", born="1990/05/01", place=place
    )


def codes(*lines: str, only: str | None = None) -> list[tuple[str, int, int]]:
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    # Structural codes only: these small files have no time control (R102).
    found = [d for d in validate(t) if d.code.startswith("S")]
    return [(d.code, d.line, d.column) for d in found if only in (None, d.code)]


def points_codes(*lines: str) -> list[tuple[str, int, int]]:
    # Ranks follow starting ranks in these files, so changing points may
    # also raise S105; these tests are about S104 alone.
    return codes(*lines, only="S104")


# Three players, two rounds: 1 beats 2 (white), 1 draws 3 (black); 2 gets the
# PAB in round 2, 3 a half-point bye in round 1.
def three(p1: str, p2: str, p3: str, *extra: str) -> list[str]:
    return [
        *extra,
        player(1, p1, "   2 w 1", "   3 b ="),
        player(2, p2, "   1 b 0", "0000 - U"),
        player(3, p3, "0000 - H", "   1 w ="),
    ]


def test_default_scoring_counts_byes() -> None:
    assert codes(*three("1.5", "1.0", "1.0")) == []


@pytest.mark.parametrize(
    ("extra", "points"),
    [
        # 162: a win is 3, a draw 1; P (the PAB) follows W unless given.
        (("162  W 3.0    D 1.0    L 0.0",), ("4.0", "3.0", "2.0")),
        (("162  W 3.0    D 1.0    L 0.0    P 1.0",), ("4.0", "1.0", "2.0")),
        # X (an unknown result) has no TRF16 result code: its value is read
        # and changes nothing (TRF26 record 162).
        (("162  W 3.0    D 1.0    L 0.0    X 0.0",), ("4.0", "3.0", "2.0")),
        # XXS: a later value wins; W sets every win value.
        (("XXS W=3 D=1", "XXS PAB=0"), ("4.0", "0.0", "2.0")),
        # colour-dependent values
        (("XXS WW=1 BD=0.4",), ("1.4", "1.0", "1.0")),
        # Hundredths: a win's 300 units no longer fit in a byte (the sums
        # go by dict then), 200 still do. H follows D; the PAB keeps its 1.
        (("XXS W=3 D=1.25",), ("4.25", "1.0", "2.5")),
        (("XXS W=2 D=0.75",), ("2.75", "1.0", "1.5")),
        # bbpPairings' point lines
        (("BBW  2.0", "BBU  0.5"), ("2.5", "0.5", "1.0")),
        (("BBW  2.0",), ("2.5", "2.0", "1.0")),
    ],
)
def test_declared_scoring_is_used(extra: tuple[str, ...], points: tuple[str, str, str]) -> None:
    assert points_codes(*three(*points, *extra)) == [], extra
    wrong = ("9.0", *points[1:])
    assert ("S104", 5 + len(extra), 81) in points_codes(*three(*wrong, *extra))
    # The last player wrong, after two right ones: every line is checked.
    last = (*points[:2], "9.0")
    assert points_codes(*three(*last, *extra)) == [("S104", 7 + len(extra), 81)]
    # A first player without a total is skipped, and the others still checked.
    unscored = three(*last, *extra)
    first = len(extra)
    unscored[first] = unscored[first][:80] + "    " + unscored[first][84:]
    assert points_codes(*unscored) == [("S104", 7 + len(extra), 81)]


def test_a_points_column_left_at_zero_is_one_finding() -> None:
    # Every line declares 0.0 (the writer never filled the column): one
    # cause, said once at the first line it shows, with each total the
    # results give (1.5, 1.0, 1.0 by hand), not three errors.
    t = trfkit.loads("\n".join([*HEAD, *three("0.0", "0.0", "0.0")]) + "\n")
    (d,) = [d for d in validate(t) if d.code == "S104"]
    assert (d.line, d.column, d.found) == (5, 81, "0.0 on every line")
    assert d.expected == "each player's points"
    assert "player 1: 1.5, player 2: 1.0, player 3: 1.0" in d.message
    assert d.message.endswith("the points column was left unfilled")


def test_one_line_at_zero_among_filled_ones_is_that_lines_finding() -> None:
    found = points_codes(*three("0.0", "1.0", "1.0"))
    assert found == [("S104", 5, 81)]
    # Two lines at zero, one filled: not an unfilled column, each line said.
    assert points_codes(*three("0.0", "0.0", "1.0")) == [("S104", 5, 81), ("S104", 6, 81)]


def test_s104_points_at_the_points_field_and_says_both_totals() -> None:
    t = trfkit.loads("\n".join([*HEAD, *three("2.5", "1.0", "1.0")]) + "\n")
    (d,) = [d for d in validate(t) if d.code == "S104"]
    assert (d.line, d.column, d.found, d.expected) == (5, 81, "2.5", "1.5")
    assert "2.5" in d.message and "1.5" in d.message


def test_abnormal_points_299_bonus_is_counted() -> None:
    bonus = "299           2.0    1    2"  # +2 to player 2 (TRF26 columns)
    assert points_codes(*three("1.5", "3.0", "1.0", bonus)) == []
    assert ("S104", 7, 81) in points_codes(*three("1.5", "1.0", "1.0", bonus))


def test_acceleration_may_be_included_or_not() -> None:
    xxa = "XXA    2  1.0  1.0"
    assert points_codes(*three("1.5", "1.0", "1.0", xxa)) == []
    assert points_codes(*three("1.5", "3.0", "1.0", xxa)) == []
    assert ("S104", 7, 81) in points_codes(*three("1.5", "2.0", "1.0", xxa))


def test_unscored_rest_rounds_get_a_hint() -> None:
    t = trfkit.loads(
        "\n".join(
            [
                *HEAD,
                player(1, "1.5", "   2 w 1", "0000 -  "),
                player(2, "0.0", "   1 b 0", "0000 - Z"),
            ]
        )
        + "\n"
    )
    (d,) = [d for d in validate(t) if d.code == "S104"]
    assert "half-point" in d.message and "write H" in d.message


def test_scoring_source_names_the_record() -> None:
    t = trfkit.loads("\n".join([*HEAD, "BBW  2.0", *three("3.0", "1.0", "1.0")]) + "\n")
    s = scoring_of(t)
    assert s.source == "BB*" and s.values["WW"] == Decimal(2) and s.values["PAB"] == 2


def test_scoring_source_for_each_declaration() -> None:
    def source(*extra: str) -> str:
        return scoring_of(
            trfkit.loads("\n".join([*HEAD, *three("1.5", "1.0", "1.0", *extra)]) + "\n")
        ).source

    assert source() == "default"
    assert source("162  W 3.0    D 1.0    L 0.0") == "162"
    assert source("XXS W=3") == "XXS"


def test_xxs_unknown_key_adds_no_value() -> None:
    # QQ is no XXS code (TRF(x) manual): the system keeps its twelve keys.
    t = trfkit.loads("\n".join([*HEAD, *three("1.5", "1.0", "1.0", "XXS QQ=3 W=2")]) + "\n")
    s = scoring_of(t)
    assert sorted(s.values) == sorted(
        ["WW", "BW", "WD", "BD", "WL", "BL", "FW", "FL", "FPB", "HPB", "ZPB", "PAB"]
    )
    assert s.values["WW"] == s.values["FPB"] == Decimal(2)


def test_total_sums_the_cells() -> None:
    # Default scoring (TRF16 §2.3): win + draw; loss + PAB; half-point bye + draw.
    t = trfkit.loads("\n".join([*HEAD, *three("1.5", "1.0", "1.0")]) + "\n")
    s = scoring_of(t)
    assert [s.total(p) for p in t.players] == [Decimal("1.5"), Decimal(1), Decimal(1)]


def test_ranks_out_of_order() -> None:
    lines = three("1.5", "1.0", "1.0")
    assert codes(*lines) == []
    # Player 2 (1.0) ranked above player 1 (1.5).
    swapped = [
        player(1, "1.5", "   2 w 1", "   3 b =", place=2),
        player(2, "1.0", "   1 b 0", "0000 - U", place=1),
        lines[2],
    ]
    assert codes(*swapped) == [("S105", 5, 86)]


def test_equal_points_may_share_or_split_ranks() -> None:
    lines = [
        player(1, "0.5", "   2 w =", place=2),
        player(2, "0.5", "   1 b =", place=1),
    ]
    assert codes(*lines) == []


def test_rank_beyond_the_field() -> None:
    lines = [player(1, "1.0", "   2 w 1", place=1), player(2, "0.0", "   1 b 0", place=7)]
    assert codes(*lines) == [("S105", 6, 86)]


def test_some_ranks_missing_are_warned_each() -> None:
    lines = [player(1, "1.0", "   2 w 1", place=1), player(2, "0.0", "   1 b 0", place=0)]
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    (d,) = [d for d in validate(t) if d.code.startswith("S")]
    assert (d.code, d.severity.value, d.line) == ("S105", "warning", 6)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("062 3", []),
        ("062 3 (2 rated)", []),
        ("062 4", [("S106", 5, 5)]),
        ("072 3", []),
        ("072 2", [("S106", 5, 5)]),
        ("142 2", []),
        ("142 5", []),  # announced rounds still to come
        ("142 1", [("S106", 5, 5)]),
        ("XXR 1", [("S106", 5, 5)]),
        ("082 1", [("S106", 5, 5)]),
    ],
)
def test_header_counts(header: str, expected: list[tuple[str, int, int]]) -> None:
    assert codes(*three("1.5", "1.0", "1.0", header)) == expected


def dates(*lines: str) -> list[tuple[str, int, int]]:
    return codes(*lines, *three("1.5", "1.0", "1.0"))


def d132(*days: str) -> str:
    return "132" + " " * 88 + "".join(f"{d:<10}" for d in days).rstrip()


def test_round_dates_inside_the_event_in_order() -> None:
    assert dates("042 2025/05/01", "052 2025/05/02", d132("25/05/01", "25/05/02")) == []
    assert dates("042 2025/05/01", "052 2025/05/02", d132("25/05/01", "25/05/03")) == [
        ("S108", 7, 102)
    ]
    assert dates("042 2025/05/01", "052 2025/05/02", d132("25/05/02", "25/05/01")) == [
        ("S108", 7, 102)
    ]
    assert dates("042 2025/05/03", "052 2025/05/02") == [("S108", 6, 5)]


def _swiss_dated(*days: str) -> list[tuple[str, int, int]]:
    """fixtures/swiss-trf16.trf (042 2025/03/14, 052 2025/03/16, 5 rounds)
    with its 132 line (line 14) dating the rounds ``days``."""
    lines = (FIXTURES / "swiss-trf16.trf").read_text().splitlines()
    assert lines[13].startswith("132")
    lines[13] = d132(*days)
    t = trfkit.loads("\n".join(lines) + "\n")
    return [(d.code, d.line, d.column) for d in validate(t) if d.code == "S108"]


def test_one_mistyped_round_date_is_one_finding() -> None:
    # Round 4 typed 25/03/31 (after 052): outside the event, column 92 + 3 * 10.
    # Round 5's 25/03/16 follows round 3's 25/03/15: it is in order, not
    # "before round 4".
    assert _swiss_dated("25/03/14", "25/03/15", "25/03/15", "25/03/31", "25/03/16") == [
        ("S108", 14, 122)
    ]
    # A date out of order among the dates within the event is still found:
    # round 5 on the 14th, after round 3 on the 15th (column 132).
    assert _swiss_dated("25/03/14", "25/03/15", "25/03/15", "25/03/31", "25/03/14") == [
        ("S108", 14, 122),
        ("S108", 14, 132),
    ]


def _swiss_dated_by_line(*days: str, at: int = 92) -> list[tuple[str, int, int]]:
    """fixtures/swiss-trf16.trf with one 132 line a round (as
    gnutterts/chesspairing writes them), each date at column ``at``."""
    lines = (FIXTURES / "swiss-trf16.trf").read_text().splitlines()
    assert lines[13].startswith("132")
    lines[13:14] = ["132" + " " * (at - 4) + day for day in days]
    t = trfkit.loads("\n".join(lines) + "\n")
    assert [d.text for d in t.round_dates] == list(days)  # the model reads them so
    return [(d.code, d.line, d.column) for d in validate(t) if d.code == "S108"]


@pytest.mark.parametrize("at", [92, 5])
def test_round_dates_one_a_line_are_checked_as_read(at: int) -> None:
    # One 132 line a round is read as each round's date (the model, the
    # forms, the conversion); S108 read the first line alone, so rounds 2-5
    # were never checked: round 4 after 052 and round 5 before round 3
    # passed. Each finding is on its round's line (lines 14-18), where the
    # date is.
    assert (
        _swiss_dated_by_line("25/03/14", "25/03/15", "25/03/15", "25/03/16", "25/03/16", at=at)
        == []
    )
    assert _swiss_dated_by_line(
        "25/03/14", "25/03/15", "25/03/15", "25/03/31", "25/03/14", at=at
    ) == [("S108", 17, at), ("S108", 18, at)]
    # Fewer dated lines than rounds played is counted as for one line.
    assert _swiss_dated_by_line("25/03/14", "25/03/15", "25/03/15", at=at) == [("S108", 14, 5)]


def _swiss26_scored(scoring: str, **points: str) -> list[tuple[str, int, int, str | None]]:
    """S104 of fixtures/swiss-trf26.trf (1/½/0 totals) with its 162 line
    (line 19) replaced, and players' points (by start rank) rewritten."""
    lines = (FIXTURES / "swiss-trf26.trf").read_text().splitlines()
    assert lines[18].startswith("162")
    lines[18] = scoring
    for i, x in enumerate(lines):
        if x.startswith("001") and x[4:8].strip() in points:
            lines[i] = x[:80] + f"{points[x[4:8].strip()]:>4}" + x[84:]
    t = trfkit.loads(("\n".join(lines) + "\n").encode())
    return [(d.code, d.line, d.column, d.found) for d in validate(t) if d.code == "S104"]


def test_totals_of_the_default_scoring_under_another_162_are_one_finding() -> None:
    # 162 says 3/1/0 but all 15 totals are 1/½/0 ones (player 1: four wins
    # and a loss, 4.0; 12.0 under 3/1/0): one fault, on the 162 line.
    assert _swiss26_scored("162  W 3.0    D 1.0    L 0.0") == [
        ("S104", 19, 5, "15 totals under 1/½/0")
    ]
    # A total that follows neither (player 1: 5.0) is no such pattern: each
    # player is his own finding, on his line (81).
    found = _swiss26_scored("162  W 3.0    D 1.0    L 0.0", **{"1": "5.0"})
    assert len(found) == 15 and {(c, col) for c, _, col, _ in found} == {("S104", 81)}


def test_round_dates_count() -> None:
    # Fewer dates than rounds played: a warning on the 132 line.
    assert dates(d132("25/05/01")) == [("S108", 5, 5)]
    # Dates for rounds still to come are fine when 142 announces them.
    assert dates("142 3", d132("25/05/01", "25/05/02", "25/05/03")) == []
    assert dates(d132("25/05/01", "25/05/02", "25/05/03")) == [("S108", 5, 5)]


@given(
    win=st.decimals(min_value=0, max_value=3, places=2),
    draw=st.decimals(min_value=0, max_value=3, places=2),
    declared=st.decimals(min_value=0, max_value=9, places=2),
)
@example(win=Decimal("0"), draw=Decimal("0"), declared=Decimal("1.50"))  # the grouped case
@settings(max_examples=60, deadline=None)
def test_s104_in_integer_units_agrees_with_the_decimal_totals(
    win: Decimal, draw: Decimal, declared: Decimal
) -> None:
    # declared_points sums each line in whole units of the scoring's finest
    # decimal; expected_points sums Decimals game by game. S104 must fire
    # exactly when the two disagree, at any number of decimal places.
    lines = three(f"{declared:.2f}", "1.0", "1.0", f"XXS W={win} D={draw}")
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    total = expected_points(t.players[0], scoring_of(t))
    found = [d for d in validate(t) if d.code == "S104"]
    flagged = [d for d in found if d.line == 6]
    # Where every total the file's points disagree with follows 1/½/0
    # instead (declared 1.5 = 1 + ½, W=0 D=0), the fault is the XXS line's:
    # one finding there (line 5) that names player 1.
    grouped = [d for d in found if d.line == 5 and "player 1 " in d.message]
    assert bool(flagged or grouped) == (declared != total), (win, draw, declared, total)
    assert not (flagged and grouped)
    if grouped:
        assert declared == Decimal("1.5")  # player 1's total under 1/½/0
    if flagged:  # both totals to every decimal they have (1.75 is not "1.8")
        (d,) = flagged
        assert Decimal(d.found or "") == declared and Decimal(d.expected or "") == total


# -- S105: one finding per displaced player, or one for a broken column -------


def s105(*lines: str) -> list[tuple[str, int, str]]:
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    return [(d.severity.value, d.line, d.message) for d in validate(t) if d.code == "S105"]


def climbing(n: int) -> list[str]:
    # Player i, ranked i, has (i - 1) / 2 points: every player below the
    # first has more points than player 1 (0.0) above him.
    return [player(i, f"{(i - 1) / 2:.1f}") for i in range(1, n + 1)]


def test_ten_displaced_players_are_reported_each() -> None:
    # Players 10 and 11 swap ranks, so the column is not the starting ranks
    # (which would be one finding at any count: below).
    lines = climbing(11)
    lines[9:11] = [player(10, "4.5", place=11), player(11, "5.0", place=10)]
    found = s105(*lines)
    assert [(sev, line) for sev, line, _ in found] == [("error", 5 + i) for i in range(1, 11)]
    assert (
        found[0][2] == "player 2 is ranked 2 with 0.5 points, below player 1 (rank 1) who has 0.0"
    )


def test_a_rank_column_of_starting_ranks_is_one_finding_at_any_count() -> None:
    # A pairing program's file written during the event: ranks 1..4 are the
    # starting ranks, and players 2, 3 and 4 have more than player 1 (0.0).
    ((sev, line, message),) = s105(*climbing(4))
    assert (sev, line) == ("error", 6)
    assert message.startswith(
        "the ranks do not follow the points: 3 of the 4 ranked players are ranked below a "
        "player with fewer points (the rank column repeats the starting ranks): "
        "rank 2 Player 2 with 0.5 (rank 1 has 0.0)"
    )
    # One player out of order is that player's own finding.
    assert [x[:2] for x in s105(*climbing(2))] == [("error", 6)]


def test_eleven_displaced_players_are_one_finding() -> None:
    assert s105(*climbing(12)) == [
        (
            "error",
            6,
            "the ranks do not follow the points: 11 of the 12 ranked players are ranked "
            "below a player with fewer points (the rank column repeats the starting ranks): "
            "rank 2 Player 2 with 0.5 (rank 1 has 0.0), rank 3 Player 3 with 1.0 (rank 1 has "
            "0.0), rank 4 Player 4 with 1.5 (rank 1 has 0.0), rank 5 Player 5 with 2.0 (rank 1 "
            "has 0.0), rank 6 Player 6 with 2.5 (rank 1 has 0.0), and 6 more",
        )
    ]


def test_a_broken_column_that_is_not_the_start_ranks() -> None:
    # Twelve players whose points fall with their start rank, ranked upside
    # down: ranks 2..12 (players 11..1) all have more than rank 1 (player 12).
    lines = [player(i, f"{(12 - i) / 2:.1f}", place=13 - i) for i in range(1, 13)]
    ((sev, line, message),) = s105(*lines)
    # The first displaced player is rank 2, player 11, on line 4 + 11.
    assert (sev, line) == ("error", 15)
    assert message.startswith(
        "the ranks do not follow the points: 11 of the 12 ranked players are ranked below a "
        "player with fewer points: rank 2 Player 11 with 0.5 (rank 1 has 0.0), "
    )
    assert message.endswith(", and 6 more")


def test_ninety_player_swiss_ranked_by_start_rank() -> None:
    # A 90-player Swiss whose rank column holds the start ranks: one finding,
    # whose count is every player with more points than someone above him.
    points = [(i * 7 % 19) / 2 for i in range(1, 91)]
    lines = [player(i, f"{points[i - 1]:.1f}") for i in range(1, 91)]
    out_of_order = [i for i in range(2, 91) if points[i - 1] > min(points[: i - 1])]
    ((sev, line, message),) = s105(*lines)
    assert (sev, line) == ("error", 4 + out_of_order[0])
    assert f": {len(out_of_order)} of the 90 ranked players" in message
    assert "(the rank column repeats the starting ranks)" in message
    assert message.endswith(f", and {len(out_of_order) - 5} more")


def test_many_missing_ranks_are_one_warning() -> None:
    ranked = [player(1, "5.0")]
    ten = s105(*ranked, *(player(i, "1.0", place=0) for i in range(2, 12)))
    assert [(sev, line) for sev, line, _ in ten] == [("warning", 4 + i) for i in range(2, 12)]
    eleven = s105(*ranked, *(player(i, "1.0", place=0) for i in range(2, 13)))
    assert eleven == [
        (
            "warning",
            6,
            "11 of the 12 players have no rank: player 2 Player 2, player 3 Player 3, "
            "player 4 Player 4, player 5 Player 5, player 6 Player 6, and 6 more",
        )
    ]


def test_many_ranks_beyond_the_field_are_one_finding() -> None:
    beyond = [player(i, "1.0", place=100 + i) for i in range(2, 13)]
    ((sev, line, message),) = s105(player(1, "5.0"), *beyond)
    assert (sev, line) == ("error", 6)
    assert message == (
        "11 players are ranked beyond the 12 players of the file: player 2 Player 2 ranked "
        "102, player 3 Player 3 ranked 103, player 4 Player 4 ranked 104, player 5 Player 5 "
        "ranked 105, player 6 Player 6 ranked 106, and 6 more"
    )
    ten = s105(player(1, "5.0"), *beyond[:10])
    assert [line for _, line, _ in ten] == list(range(6, 16))


def s105_fields(*lines: str) -> list[tuple[int, int, str | None, str | None]]:
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    return [(d.line, d.column, d.found, d.expected) for d in validate(t) if d.code == "S105"]


def test_each_rank_finding_says_what_it_found_and_expected() -> None:
    # Every finding points at the rank field (columns 86-89 of 001, TRF16)
    # and says what is there and what belongs there.
    blank = player(2, "0.0", "   1 b 0")
    blank = blank[:85] + "    " + blank[89:]
    assert s105_fields(player(1, "1.0", "   2 w 1"), blank) == [
        (6, 86, "blank", "the player's final rank")
    ]
    zero = player(2, "0.0", "   1 b 0", place=0)
    assert s105_fields(player(1, "1.0", "   2 w 1"), zero) == [
        (6, 86, "0", "the player's final rank")
    ]
    seven = player(2, "0.0", "   1 b 0", place=7)
    assert s105_fields(player(1, "1.0", "   2 w 1", place=1), seven) == [
        (6, 86, "7", "a rank from 1 to 2")
    ]
    t = trfkit.loads("\n".join([*HEAD, player(1, "1.0", "   2 w 1", place=1), seven]) + "\n")
    assert [d.message for d in validate(t) if d.code == "S105"] == [
        "player 2 is ranked 7, but the file has 2 players"
    ]
    swapped = [
        player(1, "1.5", "   2 w 1", "   3 b =", place=2),
        player(2, "1.0", "   1 b 0", "0000 - U", place=1),
        player(3, "1.0", "0000 - H", "   1 w =", place=3),
    ]
    assert s105_fields(*swapped) == [(5, 86, "2", "a rank above 1")]


def test_grouped_rank_findings_say_what_they_found_and_expected() -> None:
    nobody = [player(i, "1.0", place=0) for i in range(1, 4)]
    t = trfkit.loads("\n".join([*HEAD, *nobody]) + "\n")
    assert [
        (d.line, d.column, d.found, d.expected, d.message) for d in validate(t) if d.code == "S105"
    ] == [
        (
            5,
            86,
            "blank",
            "the final rank of each player",
            "no player has a rank (columns 86-89 are blank or 0 on every 001 line)",
        )
    ]
    unranked = [player(i, "1.0", place=0) for i in range(2, 13)]
    assert s105_fields(player(1, "5.0"), *unranked) == [
        (6, 86, "11 blank ranks", "the final rank of each player")
    ]
    beyond = [player(i, "1.0", place=100 + i) for i in range(2, 13)]
    assert s105_fields(player(1, "5.0"), *beyond) == [
        (6, 86, "11 ranks above 12", "ranks from 1 to 12")
    ]
    upside_down = [player(i, f"{(12 - i) / 2:.1f}", place=13 - i) for i in range(1, 13)]
    assert s105_fields(*upside_down) == [
        (
            15,
            86,
            "11 players out of order",
            "ranks in order of points (more points, a better rank; ties by the tie-breaks)",
        )
    ]


def test_a_player_below_the_weakest_of_a_shared_rank() -> None:
    # Players 2 and 3 share rank 2 with 1.5 and 1.0 points; player 4, ranked
    # 4 with 1.5, has more points than player 3 ranked above him.
    lines = [
        player(1, "2.0", place=1),
        player(2, "1.5", place=2),
        player(3, "1.0", place=2),
        player(4, "1.5", place=4),
    ]
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    (d,) = [d for d in validate(t) if d.code == "S105"]
    assert d.line == 8
    assert d.message == "player 4 is ranked 4 with 1.5 points, below player 3 (rank 2) who has 1.0"


@pytest.mark.parametrize(
    ("points", "cells", "hint"),
    [
        # Rounds 2 and 3 are byes with a blank result (a zero-point bye,
        # TRF16 §2.3) in a total that counts them a point each: 1 + 2 = 3.
        (
            "3.0",
            ("   2 w 1", "0000 -  ", "0000 -  "),
            "1.0 under the default 1/½/0; the byes of round(s) 2, 3 have no points "
            "(blank or Z): if they were full-point byes, write F",
        ),
        # Round 2 is a PAB (U, a point, not named), round 3 a blank bye
        # counted as a half: 1 + 1 + 0.5 = 2.5.
        (
            "2.5",
            ("   2 w 1", "0000 - U", "0000 -  "),
            "2.0 under the default 1/½/0; the byes of round(s) 3 have no points "
            "(blank or Z): if they were half-point byes, write H",
        ),
    ],
)
def test_s104_names_byes_written_blank(points: str, cells: tuple[str, ...], hint: str) -> None:
    lines = [*HEAD, player(1, points, *cells), player(2, "0.0", "   1 b 0")]
    (d,) = [d for d in validate(trfkit.loads("\n".join(lines) + "\n")) if d.code == "S104"]
    assert d.message == f"player 1 declares {points} points, but the results give {hint}"


def test_totals_counting_blank_byes_on_several_lines_are_one_finding() -> None:
    # ICU's files write a rest round as a blank bye and count it a half in
    # the total: one writer's habit, said once with each player, and a
    # total wrong for another reason stays its line's own finding.
    lines = [
        *HEAD,
        player(1, "1.5", "   2 w 1", "0000 -  "),  # 1 + blank bye: 1.0 given, 1.5 declared
        player(2, "0.5", "   1 b 0", "0000 - Z"),  # 0 + Z bye: 0.0 given, 0.5 declared
        player(3, "1.0", "   4 w =", "0000 -  "),  # ½ + blank bye: 0.5 given, 1.0 declared
        player(4, "2.0", "   3 b =", "0000 - U"),  # ½ + PAB: 1.5 given, 2.0 declared
    ]
    found = [d for d in validate(trfkit.loads("\n".join(lines) + "\n")) if d.code == "S104"]
    assert [(d.line, d.column) for d in found] == [(5, 81), (8, 81)]
    grouped, alone = found
    assert grouped.message == (
        "3 players declare more points than the results give under the default 1/½/0: "
        "their totals count the byes written with no points (blank or Z) as half-point "
        "byes: player 1 1.5 against 1.0 (round(s) 2), player 2 0.5 against 0.0 (round(s) 2), "
        "player 3 1.0 against 0.5 (round(s) 2); if they were half-point byes, write H"
    )
    assert grouped.found == "3 totals counting blank byes"
    assert grouped.expected == "H for a half-point bye"
    assert alone.message == (
        "player 4 declares 2.0 points, but the results give 1.5 under the default 1/½/0"
    )


def test_s104_without_a_likely_cause_says_only_the_totals() -> None:
    # No bye at all; and a blank bye that a quarter point would not explain.
    plain = trfkit.loads(
        "\n".join([*HEAD, player(1, "2.0", "   2 w 1"), player(2, "0.0", "   1 b 0")]) + "\n"
    )
    (d,) = [d for d in validate(plain) if d.code == "S104"]
    assert (
        d.message
        == "player 1 declares 2.0 points, but the results give 1.0 under the default 1/½/0"
    )
    odd = trfkit.loads(
        "\n".join([*HEAD, player(1, "1.7", "   2 w 1", "0000 -  "), player(2, "0.0", "   1 b 0")])
        + "\n"
    )
    (d,) = [d for d in validate(odd) if d.code == "S104"]
    assert (
        d.message
        == "player 1 declares 1.7 points, but the results give 1.0 under the default 1/½/0"
    )
