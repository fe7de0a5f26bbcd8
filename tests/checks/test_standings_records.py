"""Tests written for mutants of ``checks/standings.py`` that survived a run of
tools/mutate.py (issue 21): TRF26 299 records, S104's integer fast path and
its messages, unreadable cells with acceleration, team events.

Every expected total is worked by hand from the cells shown, under TRF16's
default scoring (§2.3: 1 / ½ / 0, a full point for F and U, ½ for H) unless a
test declares another.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import trfkit
from tests.trfbuild import player_line
from trfkit.checks import validate
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import AbnormalPoints
from trfkit.scoring import expected_points, scoring_of

HEAD = ["012 Test", "022 Bled", "032 SLO", "102 Kovac, Ana"]


def player(
    rank: int, points: str, *cells: str, name: str | None = None, place: int | None = None
) -> str:
    label = f"Player {rank}" if name is None else name
    # A blank name stays blank: player_line would give "" a default name.
    return player_line(
        rank, 2400 - rank, points, cells, name=label or " ", born="1990/05/01", place=place
    )


def load(*lines: str) -> trfkit.Tournament:
    return trfkit.loads("\n".join([*HEAD, *lines]) + "\n")


def s104(*lines: str) -> list[Diagnostic]:
    return [d for d in validate(load(*lines)) if d.code == "S104"]


# --- expected_points and TRF26 299 ------------------------------------------

# Player 3 of this field: a half-point bye in round 1, a draw in round 2
# (½ + ½ = 1.0 without any 299 record).
_FIELD = (
    player(1, "1.5", "   2 w 1", "   3 b ="),
    player(2, "1.0", "   1 b 0", "0000 - U"),
    player(3, "1.0", "0000 - H", "   1 w ="),
)


def _p3(*records: AbnormalPoints) -> Decimal:
    t = load(*_FIELD)
    return expected_points(t.players[2], scoring_of(t), list(records))


def test_299_typed_record_replaces_the_value_of_its_round() -> None:
    # H worth 1.0 in round 1: 1.0 (bye) + ½ (draw) = 1.5.
    assert _p3(AbnormalPoints("H", points=Decimal(1), round=1)) == Decimal("1.5")


def test_299_typed_record_of_another_round_changes_nothing() -> None:
    # Round 2 holds a draw, not an H: the record finds nothing to replace.
    assert _p3(AbnormalPoints("H", points=Decimal(1), round=2)) == Decimal(1)


def test_299_typed_record_of_round_0_applies_in_every_round() -> None:
    # Round 0 (or blank) is "all rounds" (TRF26 299, round 20-22).
    assert _p3(AbnormalPoints("H", points=Decimal(1), round=0)) == Decimal("1.5")
    assert _p3(AbnormalPoints("H", points=Decimal(1), round=None)) == Decimal("1.5")


def test_299_type_is_read_in_either_case() -> None:
    assert _p3(AbnormalPoints("h", points=Decimal(1), round=1)) == Decimal("1.5")


def test_299_typed_record_replaces_only_its_result() -> None:
    # A W record (an unplayed win) leaves the bye and the draw alone.
    assert _p3(AbnormalPoints("W", points=Decimal(3), round=0)) == Decimal(1)


def test_299_bonuses_add_up_and_a_record_without_points_is_skipped() -> None:
    records = (
        AbnormalPoints(" ", points=None),
        AbnormalPoints(" ", points=Decimal(1)),
        AbnormalPoints(" ", points=Decimal(2)),
    )
    # 1.0 from the cells, + 1 + 2.
    assert _p3(*records) == Decimal(4)


# --- S104: the fast path in whole units -----------------------------------


def test_declared_points_far_above_the_results_are_found() -> None:
    # One draw (½, 5 tenths) declared as 50.0 (500 tenths): a fast path
    # that divided the declared total by the scale instead of multiplying
    # would take 5 tenths for it, the draw's own, and miss the error.
    found = s104(player(1, "50.0", "   2 w ="), player(2, "0.5", "   1 b ="))
    assert [(d.line, d.found, d.expected) for d in found] == [(5, "50.0", "0.5")]


def test_eleven_half_point_byes_are_five_and_a_half() -> None:
    # 11 × ½ = 5.5; a player declaring 5.0 is wrong whatever unit a fast
    # path counts in (in elevenths, ½ would truncate to 5 and 5.0 would match).
    found = s104(player(1, "5.0", *["0000 - H"] * 11))
    assert [(d.found, d.expected) for d in found] == [("5.0", "5.5")]


def test_colour_dependent_scoring_in_whole_units() -> None:
    # XXS: a win with Black is worth 1.5, with White 1. Player 1 wins with
    # White (1) and with Black (1.5): 2.5, declared 0.0.
    lines = (
        "XXS BW=1.5",
        player(1, "0.0", "   2 w 1", "   2 b 1"),
        player(2, "0.0", "   1 b 0", "   1 w 0"),
    )
    found = s104(*lines)
    assert [(d.found, d.expected) for d in found] == [("0.0", "2.5")]


def test_s104_is_an_error_in_an_individual_event() -> None:
    (d,) = s104(player(1, "1.0", "   2 w ="), player(2, "0.5", "   1 b ="))
    assert d.severity is Severity.ERROR


def test_s104_names_a_declared_scoring() -> None:
    (d,) = s104(
        "162  W 3.0    D 1.0    L 0.0",
        player(1, "1.0", "   2 w 1"),
        player(2, "0.0", "   1 b 0"),
    )
    assert (
        d.message == "player 1 declares 1.0 points, but the results give 3.0 under the 162 scoring"
    )


def test_players_without_points_or_results_do_not_stop_the_check() -> None:
    # Player 1 has no points, player 2 no round cells; player 3 (a win, 1.0)
    # declares 2.0 and is still found.
    found = s104(
        player(1, "", "   3 b 0"),
        player(2, "0.0"),
        player(3, "2.0", "   1 w 1"),
    )
    assert [(d.line, d.found, d.expected) for d in found] == [(7, "2.0", "1.0")]


# --- S104 on a line with an unreadable cell --------------------------------

# Player 2's round 1 result cannot be read (P002): worth 0 to 1, so with the
# PAB (1.0) of round 2 the total lies between 1.0 and 2.0.
_P1 = player(1, "1.5", "   2 w 1", "   3 b =")
_P3 = player(3, "1.0", "0000 - H", "   1 w =")


def _p2(points: str) -> str:
    return player(2, points, "   1 b ?", "0000 - U")


def test_unreadable_cell_with_acceleration_inside_the_range() -> None:
    # Declared 3.0 with 1.0 of acceleration: 2.0 without it, inside 1.0-2.0.
    assert s104(_P1, _p2("3.0"), _P3, "XXA    2  1.0") == []


def test_unreadable_cell_message_says_the_declared_total() -> None:
    # 5.0 declared, 4.0 without the acceleration: both outside 1.0-2.0.
    (d,) = s104(_P1, _p2("5.0"), _P3, "XXA    2  1.0")
    assert d.message.startswith(
        "player 2 declares 5.0 points; the results that can be read give 1.0"
    )
    assert d.expected == "1.0 to 2.0"


def test_unreadable_cell_counts_a_299_bonus() -> None:
    # A bonus of 2.0 (TRF26 299 columns): readable 1.0 + 2.0 = 3.0, so the
    # total lies between 3.0 and 4.0; 3.5 is possible.
    bonus = "299           2.0    0    2"
    assert s104(_P1, _p2("3.5"), _P3, bonus) == []


def test_unreadable_cell_range_starts_at_the_least_value() -> None:
    # Every result is worth at least ½ here (XXS sets each zero key to ½),
    # so an unread cell adds ½ to 1: 1.0 + ½ = 1.5 at the least. A total of
    # 1.0 is impossible.
    xxs = "XXS WL=0.5 BL=0.5 FL=0.5 ZPB=0.5"
    t = load(xxs, _P1, _p2("1.0"), _P3)
    assert min(scoring_of(t).table().values()) == Decimal("0.5")
    (d,) = [d for d in validate(t) if d.code == "S104" and d.line == 7]
    assert d.expected == "1.5 to 2.0"


# --- S104 on 162 symbols and in team events --------------------------------


def test_162_team_symbols_are_said_on_the_162_line() -> None:
    (d, *rest) = s104(
        "162  W 1.0    D 0.5    L 0.0    TW 2.0",
        player(1, "1.0", "   2 w 1"),
        player(2, "0.0", "   1 b 0"),
    )
    assert rest == []
    assert (d.line, d.column, d.severity) == (5, 5, Severity.INFO)
    assert d.message == (
        "162 gives TW: team match points, the symbols of 362; 162 scores the games, "
        "so they are not used for the players' points"
    )


def test_162_unknown_symbols_are_listed_and_said_on_each_total() -> None:
    found = s104(
        "162  W 1.0    D 0.5    L 0.0    Q 2.0    R 1.0",
        player(1, "3.0", "   2 w 1"),
        player(2, "0.0", "   1 b 0"),
    )
    assert found[0].message == (
        "162 gives Q, R: no TRF26 game-scoring symbol (W D L A P X), so they are not used "
        "for the players' points"
    )
    (total,) = [d for d in found if d.line == 6]
    assert total.severity is Severity.INFO
    assert total.message.endswith("; 162 gives Q, R, whose meaning is not known, so not judged")


_TEAMS = (
    "013 Alpha                           " + "   1    2",
    "013 Beta                            " + "   3    4",
)


def test_team_event_total_without_the_bye_is_accepted() -> None:
    # Player 2 loses round 1 and has the team's bye (U, 1.0) in round 2;
    # 0.0 is his score over the board, which a team event's 001 may give.
    lines = (
        *_TEAMS,
        player(1, "1.0", "   2 w 1", "0000 - U"),
        player(2, "0.0", "   1 b 0", "0000 - U"),
        player(3, "0.0", "   4 w 0", "   4 b ="),
        player(4, "1.5", "   3 b 1", "   3 w ="),
    )
    assert [d.line for d in s104(*lines) if d.line == 8] == []


def test_team_event_difference_is_said_as_informative() -> None:
    lines = (
        *_TEAMS,
        player(1, "1.5", "   2 w 1", "   3 w ="),
        player(2, "0.5", "   1 b 0", "   4 w ="),
        # Player 3: a loss and a draw, 0.5, declares 2.0.
        player(3, "2.0", "   4 w 0", "   1 b ="),
        player(4, "1.5", "   3 b 1", "   2 b ="),
    )
    (d,) = s104(*lines)
    assert d.severity is Severity.INFO
    assert d.message.endswith(
        "; in a team event these points are informative and may count team byes or forfeits, "
        "so not judged"
    )


def test_no_rank_findings_in_team_events() -> None:
    # Player 1 (1.0) ranked below player 2 (0.0): in a team event the
    # standings are the teams', so S105 says nothing.
    lines = (
        *_TEAMS,
        player(1, "1.0", "   2 w 1", place=2),
        player(2, "0.0", "   1 b 0", place=1),
    )
    assert [d for d in validate(load(*lines)) if d.code == "S105"] == []
    individual = lines[2:]
    assert [d.code for d in validate(load(*individual)) if d.code == "S105"] != []


def test_grouped_rank_findings_name_a_player_without_a_name() -> None:
    # Eleven players ranked beyond the field (rank 99): one grouped finding,
    # naming the first five; player 1 has a blank name.
    lines = [player(i, "0.0", name="" if i == 1 else None, place=99) for i in range(1, 12)]
    (d,) = [d for d in validate(load(*lines)) if d.code == "S105"]
    assert "player 1 ranked 99, player 2 Player 2 ranked 99" in d.message


# --- the fast path's exits ----------------------------------------------------


def test_a_total_in_hundredths_is_judged() -> None:
    # 1.25 is no whole number of tenths (the default scoring's unit): the
    # fast path cannot compare it and the exact sum (1.0 + ½ = 1.5) does.
    found = s104(*three_players("1.25"))
    assert [(d.found, d.expected) for d in found] == [("1.25", "1.5")]


def test_a_total_a_twentieth_off_is_judged() -> None:
    # 1.55 in tenths is 15.5: taken as 15 it would match the results' 1.5.
    found = s104(*three_players("1.55"))
    assert [(d.found, d.expected) for d in found] == [("1.55", "1.5")]


def three_players(p1: str) -> tuple[str, ...]:
    """Player 1 wins and draws (1.5) and declares ``p1``."""
    return (
        player(1, p1, "   2 w 1", "   3 b ="),
        player(2, "1.0", "   1 b 0", "0000 - U"),
        player(3, "1.0", "0000 - H", "   1 w ="),
    )


_BLACK_WINS_MORE = (
    "XXS BW=1.5",
    # Player 2 wins with Black (1.5) and with White (1): 2.5.
    player(1, "0.0", "   2 w 0", "   2 b 0"),
)


@pytest.mark.parametrize("declared", ["2.0", "0.25"])
def test_colour_dependent_totals_are_judged_by_colour(declared: str) -> None:
    # 2.0 is what the wins would give without colours; 0.25 no whole number
    # of the scoring's tenths.
    found = s104(*_BLACK_WINS_MORE, player(2, declared, "   1 b 1", "   1 w 1"))
    assert [(d.line, d.found, d.expected) for d in found] == [(7, declared, "2.5")]


def test_a_player_with_acceleration_in_his_total_does_not_stop_the_check() -> None:
    # Player 1 declares 2.5: 1.5 from the results + 1.0 of acceleration
    # (accepted). Player 3's 2.0 is wrong (½ + ½ = 1.0) and still found.
    lines = (
        "XXA    1  1.0",
        player(1, "2.5", "   2 w 1", "   3 b ="),
        player(2, "1.0", "   1 b 0", "0000 - U"),
        player(3, "2.0", "0000 - H", "   1 w ="),
    )
    assert [(d.line, d.found) for d in s104(*lines)] == [(8, "2.0")]


def test_a_team_member_without_his_bye_does_not_stop_the_check() -> None:
    # Player 1's 1.0 leaves out his team's bye (accepted); player 2's 1.0
    # is no total of a loss and a bye with or without it.
    lines = (
        *_TEAMS,
        player(1, "1.0", "   2 w 1", "0000 - U"),
        player(2, "1.0", "   1 b 0", "0000 - Z"),
    )
    assert [(d.line, d.found) for d in s104(*lines)] == [(8, "1.0")]


def test_162_finding_of_a_tournament_built_in_python() -> None:
    # No line to point at: line 0.
    from trfkit.model import Scoring

    t = load(player(1, "1.0", "   2 w 1"), player(2, "0.0", "   1 b 0"))
    t.headers.append(Scoring("162", [("W", Decimal(1)), ("Q", Decimal(2))]))
    (d,) = [d for d in validate(t) if d.code == "S104" and d.severity is Severity.INFO]
    assert (d.line, d.found) == (0, "Q")


def test_a_line_with_an_unread_cell_does_not_stop_the_check() -> None:
    # Player 2's 1.5 is possible (1.0 to 2.0); player 3's 2.0 is not
    # (a half-point bye and a draw: 1.0) and is still found.
    lines = (_P1, _p2("1.5"), player(3, "2.0", "0000 - H", "   1 w ="))
    assert [(d.line, d.found) for d in s104(*lines)] == [(7, "2.0")]
