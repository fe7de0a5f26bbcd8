"""R301-R607 at their boundaries, and suppression by --ignore and inline comments."""

from __future__ import annotations

import pytest

import trfkit
from tests.conftest import FIXTURES
from tests.trfbuild import player_line
from trfkit.checks import inline_ignores, validate
from trfkit.diagnostics import Diagnostic

HEAD = ["012 Test", "022 Bled", "032 SLO", "102 Kovac, Ana"]


def player(rank: int, rating: int, points: str, *cells: str) -> str:
    return player_line(rank, rating, points, cells, name=f"Player {rank}", born="1990/05/01")


def check(
    lines: list[str], rules: str = "auto", *, type: str | None = None, ignore: tuple[str, ...] = ()
) -> list[Diagnostic]:
    t = trfkit.loads("\n".join([*HEAD, *lines]) + "\n")
    return validate(t, rules=rules, type=type, ignore=ignore)


def codes(found: list[Diagnostic]) -> list[str]:
    return [d.code for d in found]


def d132(*days: str) -> str:
    return "132" + " " * 88 + "".join(f"{d:<10}" for d in days).rstrip()


def rounds(n: int, *, ratings: tuple[int, int] = (2200, 2100)) -> list[str]:
    """Two players meeting n times, alternating colours, all draws."""
    a = [f"   2 {'w' if r % 2 == 0 else 'b'} =" for r in range(n)]
    b = [f"   1 {'b' if r % 2 == 0 else 'w'} =" for r in range(n)]
    pts = f"{n / 2:.1f}"
    return [player(1, ratings[0], pts, *a), player(2, ratings[1], pts, *b)]


# -- R301 / R302 -------------------------------------------------------------


def test_three_rounds_a_day_is_the_2009_limit() -> None:
    three = ["042 2009/09/01", "052 2009/09/02", d132("09/09/01", "09/09/01", "09/09/01")]
    assert "R301" not in codes(check([*three, *rounds(3)], "fide-2009"))
    four = ["042 2009/09/01", d132("09/09/01", "09/09/01", "09/09/01", "09/09/01")]
    found = [d for d in check([*four, *rounds(4)], "fide-2009") if d.code == "R301"]
    assert [(d.line, d.column) for d in found] == [(6, 122)]  # the 4th date
    # No round cap in the 2024 text; only the 12 hours (and no time control here).
    assert "R301" not in codes(check([*four, *rounds(4)], "fide-2024"))


def test_rounds_a_day_with_one_132_line_a_round() -> None:
    # One 132 line a round (gnutterts/chesspairing) is read as each round's
    # date (Tournament.round_dates); R301 and R302 read only the first line,
    # one date, and four rounds on one day passed. The finding is on the
    # line of the round over the limit (R301: line 6 + 3), or the first of
    # the day (R302: line 8), where its date is.
    four = ["042 2009/09/01", *(f"132 {'09/09/01':>95}" for _ in range(4))]
    found = [d for d in check([*four, *rounds(4)], "fide-2009") if d.code == "R301"]
    assert [(d.line, d.column) for d in found] == [(9, 92)]
    hours = ["042 2025/05/01", "052 2025/05/02", "122 90+30", *(["132 25/05/01"] * 4)]
    found = [d for d in check([*hours, *rounds(4)]) if d.code == "R302"]
    assert [(d.line, d.column) for d in found] == [(8, 5)] and "16 hours" in found[0].message


def test_rapid_allows_15_rounds_a_day() -> None:
    day = ["042 2025/05/01", "122 15+10"]
    assert "R301" not in codes(check([*day, d132(*["25/05/01"] * 15), *rounds(15)]))
    assert "R301" in codes(check([*day, d132(*["25/05/01"] * 16), *rounds(16)]))


def test_twelve_hours_a_day() -> None:
    # 90 + 30 s: 120 minutes each for 60 moves, 4 hours a game.
    base = ["042 2025/05/01", "052 2025/05/02", "122 90+30"]
    assert "R302" not in codes(check([*base, d132(*["25/05/01"] * 3), *rounds(3)]))
    found = [d for d in check([*base, d132(*["25/05/01"] * 4), *rounds(4)]) if d.code == "R302"]
    assert len(found) == 1 and "16 hours" in found[0].message


def test_the_hours_of_a_day_in_words() -> None:
    # Without 132, R302 reads 042-052: one day's limit is said once (it
    # said "12 a day, 12 in all", a second rule that is none); over more
    # days, the event's total too.
    one = ["042 2025/05/01", "052 2025/05/01", "122 90+30"]
    (d,) = [d for d in check([*one, *rounds(4)]) if d.code == "R302"]
    assert "allows 12 hours of play a day;" in d.message and "in all" not in d.message
    two = ["042 2025/05/01", "052 2025/05/02", "122 90+30"]
    (d,) = [d for d in check([*two, *rounds(7)]) if d.code == "R302"]
    assert "allows 12 hours of play a day, 24 in its 2 days;" in d.message


# -- R401 --------------------------------------------------------------------


def test_ninety_days_and_leagues() -> None:
    long = ["042 2025/01/01", "052 2025/04/01", "122 90+30", *rounds(2)]  # 91 days
    (d,) = [d for d in check(["092 Swiss", *long]) if d.code == "R401"]
    assert d.severity.value == "error" and "91 days" in d.message
    # No type declared: the type is a guess, the duration said, not judged.
    (d,) = [d for d in check(long) if d.code == "R401"]
    assert d.severity.value == "warning" and "no record declares the type" in d.message
    ninety = ["042 2025/01/01", "052 2025/03/31", "122 90+30", *rounds(2)]
    (d,) = [d for d in check(ninety) if d.code == "R401"]
    assert d.severity.value == "info" and "month by month" in d.message
    league = ["092 Team league", *long]
    (d,) = [d for d in check(league) if d.code == "R401"]
    assert d.severity.value == "info" and "leagues" in d.message
    month = ["042 2025/01/01", "052 2025/01/30", "122 90+30", *rounds(2)]
    assert "R401" not in codes(check(month))
    # 2009: no interim reports, 90 days still the limit
    assert "R401" not in codes(check(ninety, "fide-2009"))


# -- R501 / R502 -------------------------------------------------------------


def test_unrated_cells_are_listed_per_player() -> None:
    lines = [
        "122 90+30",
        player(1, 2000, "2.0", "   2 w +", "0000 - H", "   2 w 1"),
        player(2, 1900, "0.0", "   1 b -", "0000 - Z", "   1 b 0"),
    ]
    found = [d for d in check(lines) if d.code == "R501"]
    assert [(d.line, d.column) for d in found] == [(6, 99), (7, 99)]
    assert "round 1: forfeit win; round 2: half-point bye" in found[0].message


def test_trailing_unpaired_rounds_are_not_listed() -> None:
    lines = [
        "122 90+30",
        player(1, 2000, "1.0", "   2 w 1", "0000 -  "),
        player(2, 1900, "0.0", "   1 b 0"),
    ]
    assert "R501" not in codes(check(lines))


def test_rated_result_with_no_game() -> None:
    lines = ["122 90+30", *rounds(1), player(3, 1800, "1.0", "0000 - 1")]
    (d,) = [d for d in check(lines) if d.code == "R502"]
    assert (d.line, d.column) == (8, 99)
    assert "S111" not in codes(check(lines))


# -- R601 / R602 -------------------------------------------------------------

RR4 = [
    player(1, 2300, "1.5", "   2 w =", "   3 b =", "   4 w ="),
    player(2, 2200, "1.5", "   1 b =", "   4 b =", "   3 w ="),
    player(3, 2100, "1.5", "   4 w =", "   1 w =", "   2 b ="),
]


def rr4(fourth: int) -> list[str]:
    return ["122 120 min", *RR4, player(4, fourth, "1.5", "   3 b =", "   2 w =", "   1 b =")]


def test_round_robin_quota_2009() -> None:
    assert "R601" not in codes(check(["042 2010/01/01", *rr4(2000)], "fide-2009"))
    (d,) = [d for d in check(["042 2010/01/01", *rr4(0)], "fide-2009") if d.code == "R601"]
    assert "needs 4 rated" in d.message
    # No quota from 2022.
    assert "R601" not in codes(check(["042 2023/01/01", *rr4(0)], "fide-2022"))


def test_a_short_double_round_robin_is_one_finding() -> None:
    # double-roundrobin-4.trf (4 players, all rated) with player 4 unrated:
    # §6.32 asks 6 players, 4 rated (R602). §6.31's 4 rated below 10 players
    # is the same shortfall: one finding, not R601 besides.
    lines = (FIXTURES / "double-roundrobin-4.trf").read_text().splitlines()
    lines = [x[:48] + "    " + x[52:] if x.startswith("001    4") else x for x in lines]
    t = trfkit.loads(("\n".join(lines) + "\n").encode())
    found = [(d.code, d.found) for d in validate(t, rules="fide-2009") if d.code[:3] == "R60"]
    assert ("R602", "4 players, 3 rated") in found
    assert [c for c, _ in found if c == "R601"] == []


def test_a_round_robin_smaller_than_its_quota_cannot_be_rated() -> None:
    # 3 players, none rated (utf-8.tab): §6.31's 4 rated is more than the field.
    lines = ["042 2010/01/01", "122 120 min"] + [
        player(i, 0, "1.0", *(f"{j:>4} {'w' if i < j else 'b'} =" for j in (1, 2, 3) if j != i))
        for i in (1, 2, 3)
    ]
    (d,) = [d for d in check(lines, "fide-2009") if d.code == "R601"]
    assert "needs 4 rated" in d.message and "cannot be rated" in d.message


def test_round_robin_type_can_be_given() -> None:
    # The same pairings called a Swiss are not held to the round-robin quota.
    found = check(["042 2010/01/01", *rr4(0)], "fide-2009", type="swiss")
    assert "R601" not in codes(found)


# -- R603 --------------------------------------------------------------------


def test_unrated_needs_three_rated_opponents_in_2009() -> None:
    lines = [
        "042 2010/01/01",
        "122 120 min",
        player(1, 2000, "1.0", "   3 w 0", "0000 - U"),
        player(2, 1900, "0.0", "0000 - U", "   3 b 0"),
        player(3, 0, "2.0", "   1 b 1", "   2 w 1"),
    ]
    found = [d for d in check(lines, "fide-2009") if d.code == "R603"]
    assert len(found) == 1 and "a first event needs at least 3" in found[0].message
    # Under 2024 two games with points are just part of the 5-game pool.
    (d,) = [d for d in check(lines, "fide-2024") if d.code == "R603"]
    assert "2 of the 5 games" in d.message


@pytest.mark.parametrize(
    ("first", "second", "score"),
    [("=", "=", "1.0"), ("1", "0", "1"), ("0", "=", "0.5")],
)
def test_unrated_score_is_written_as_summed(first: str, second: str, score: str) -> None:
    # The score of an unrated player's rated games keeps the places of its
    # results: two draws make 1.0, a win and a loss 1 (Decimal sums).
    other = {"1": "0", "0": "1", "=": "="}
    lines = [
        "042 2010/01/01",
        "122 120 min",
        player(1, 2000, "1.0", f"   3 w {other[first]}", "0000 - U"),
        player(2, 1900, "1.0", "0000 - U", f"   3 b {other[second]}"),
        player(3, 0, score, f"   1 b {first}", f"   2 w {second}"),
    ]
    (d,) = [d for d in check(lines, "fide-2009") if d.code == "R603"]
    assert f"unrated player 3 scored {score} in 2 game(s) against rated opponents" in d.message


def _fixture(name: str, rules: str, unrated_from: int | None = None) -> list[Diagnostic]:
    """R603 of a fixture, the players from start rank ``unrated_from`` on
    made unrated (columns 49-52 blanked)."""
    lines = (FIXTURES / name).read_text().splitlines()
    if unrated_from is not None:
        lines = [
            x[:48] + "    " + x[52:] if x.startswith("001") and int(x[4:8]) >= unrated_from else x
            for x in lines
        ]
    t = trfkit.loads(("\n".join(lines) + "\n").encode())
    return [d for d in validate(t, rules=rules) if d.code == "R603"]


def test_a_round_robin_rated_by_its_method_counts_every_game_of_the_unrated() -> None:
    # rating-rr10-unrated.trf is the 2009 §8.58 crosstable: a complete round
    # robin of 10, players 3, 5, 8 and 9 unrated. By the round-robin method
    # (§8.21b) each has 9 games (§7.14a: 9 "under 6.3", not 9 against rated
    # opponents), 6 rated opponents (§8.21: at least 3) and 7, 6, 2, 1
    # points (at least 1): a first rating from this event, as the rater
    # finds. R603 said "6 games" of 9 for each.
    assert _fixture("rating-rr10-unrated.trf", "fide-2009") == []
    assert _fixture("rating-rr10-unrated.trf", "fide-2002") == []
    # roundrobin-8.trf with players 4-8 unrated: 7 games each, short of 9
    # under 2009; player 4's ½ against the 3 rated players is no reason to
    # disregard his event, his 3½ points in it are.
    found = _fixture("roundrobin-8.trf", "fide-2009", unrated_from=4)
    assert [d.line for d in found] == [17, 18, 19, 20, 21]
    assert all("has 7 of the 9 games against opponents" in d.message for d in found)
    # Under 2017 (the 2009 method kept, 5 games): nothing to say; under 2024
    # (no method: rated opponents only) 3 games of 5.
    assert _fixture("roundrobin-8.trf", "fide-2017", unrated_from=4) == []
    found = _fixture("roundrobin-8.trf", "fide-2024", unrated_from=4)
    assert len(found) == 5 and all("has 3 of the 5 games" in d.message for d in found)


def test_zero_score_unrated_under_2024() -> None:
    lines = [
        "042 2025/01/01",
        "122 90+30",
        player(1, 2000, "1.0", "   3 w 1"),
        player(2, 1900, "0.0", "0000 - Z"),
        player(3, 0, "0.0", "   1 b 0"),
    ]
    (d,) = [d for d in check(lines, "fide-2024") if d.code == "R603"]
    assert d.severity.value == "info" and "scored 0" in d.message


# -- R604 --------------------------------------------------------------------


def test_games_after_the_match_is_decided() -> None:
    # A 4-game match: 1-0, 1-0, 1-0 decides it (3 > 2); the 4th is played.
    a = [player(1, 2400, "3.5", "   2 w 1", "   2 b 1", "   2 w 1", "   2 b =")]
    b = [player(2, 2300, "0.5", "   1 b 0", "   1 w 0", "   1 b 0", "   1 w =")]
    found = [d for d in check(["122 90+30", "XXR 4", *a, *b]) if d.code == "R604"]
    assert len(found) == 1 and "round 4" in found[0].message
    assert found[0].severity.value == "warning"
    # A 6-game match is not decided at 3-0.
    assert "R604" not in codes(check(["122 90+30", "XXR 6", *a, *b]))


def test_match_with_unrated_player() -> None:
    found = check(["122 90+30", *rounds(2, ratings=(2200, 0))])
    assert [d.severity.value for d in found if d.code == "R604"] == ["error"]
    assert "R604" not in codes(check(["122 90+30", *rounds(2, ratings=(2200, 0))], "fide-2002"))
    # Both unrated: the match is not rated, one finding (it was one a player).
    (d,) = [d for d in check(["122 90+30", *rounds(2, ratings=(0, 0))]) if d.code == "R604"]
    assert "players 1 and 2 are unrated" in d.message and d.found == "both unrated"


# -- R605 / R606 (CHESSA) ------------------------------------------------------


def field(n: int) -> list[str]:
    lines = []
    for i in range(1, n + 1):
        other = i + 1 if i % 2 else i - 1
        colour, result = ("w", "1") if i % 2 else ("b", "0")
        if other > n:
            lines.append(player(i, 1500, "1.0", "0000 - U"))
        else:
            pts = "1.0" if result == "1" else "0.0"
            lines.append(player(i, 1500, pts, f"{other:>4} {colour} {result}"))
    return lines


@pytest.mark.parametrize(("n", "expected"), [(5, "error"), (6, "warning"), (9, "warning")])
def test_chessa_section_sizes(n: int, expected: str) -> None:
    found = [d for d in check(["122 90+30", "XXR 5", *field(n)], "chessa-2015") if d.code == "R605"]
    assert [d.severity.value for d in found] == [expected]


def test_chessa_ten_players_is_enough() -> None:
    assert "R605" not in codes(check(["122 90+30", "XXR 5", *field(10)], "chessa-2015"))


def test_chessa_rounds_and_braille() -> None:
    assert "R606" in codes(check(["122 90+30", "XXR 4", *field(10)], "chessa-2015"))
    braille = ["122 90+30", "XXR 4", *field(10)]
    t = trfkit.loads("\n".join(["012 Braille Open", *HEAD[1:], *braille]) + "\n")
    assert "R606" not in codes(validate(t, rules="chessa-2015"))


# -- R607 --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ratings", "start", "fires"),
    [
        ((2700, 2100), "2025/01/01", True),
        ((2700, 2101), "2025/01/01", False),  # 599 apart
        ((2600, 2000), "2025/01/01", False),  # 2600 is not above 2600
        ((2700, 2100), "2024/11/30", False),  # before the amendment
    ],
)
def test_600_point_rule(ratings: tuple[int, int], start: str, fires: bool) -> None:
    lines = [f"042 {start}", "122 3+2", *rounds(1, ratings=ratings)]
    assert ("R607" in codes(check(lines, "fide-rb-2024"))) is fires


# -- suppression ---------------------------------------------------------------


def test_ignore_and_inline_ignore() -> None:
    lines = ["122 90+30", *rounds(1), player(3, 1800, "1.0", "0000 - 1")]
    assert "R502" in codes(check(lines))
    assert "R502" not in codes(check(lines, ignore=("R502",)))
    inline = ["### trfkit: ignore R502, S104", *lines]
    t = trfkit.loads("\n".join([*HEAD, *inline]) + "\n")
    assert inline_ignores(t) == {"R502", "S104"}
    assert "R502" not in codes(validate(t))
    # An ordinary comment suppresses nothing.
    t = trfkit.loads("\n".join([*HEAD, "### ignore R502", *lines]) + "\n")
    assert inline_ignores(t) == set()


def test_team_players_left_out_of_a_line_up_are_not_listed() -> None:
    lines = [
        "122 90+30",
        "013 Alpha                                 1    3",
        "013 Beta                                  2    4",
        player(1, 2000, "1.0", "   2 w 1", "      - "),
        player(2, 1900, "0.0", "   1 b 0", "      - "),
        player(3, 1800, "1.0", "      - ", "   4 w 1"),
        player(4, 1700, "0.0", "      - ", "   3 b 0"),
    ]
    assert "R501" not in codes(check(lines))
    # The same rounds in an individual event are unpaired rounds, listed.
    assert "R501" in codes(check([lines[0], *lines[3:]]))


def _twenty_one_rounds(start: str, end: str) -> list[str]:
    import re

    from tests.trfbuild import swiss_text

    games = [(r, 1 if r % 2 else 2, 2 if r % 2 else 1, "=") for r in range(1, 22)]
    text = swiss_text([2000, 1990], games, start=start)
    return re.sub(r"^052 .*$", f"052 {end}", text, flags=re.M).splitlines()


def test_hours_a_day_from_042_and_052_without_round_dates() -> None:
    """21 rounds of 90 + 30 (4 hours a game: 2 x 120 minutes for 60 moves)
    dated one day: 84 hours where 2024 §3 allows 12. Over 7 days, 84 hours
    fit 7 x 12 exactly: nothing to say."""
    import trfkit

    one_day = trfkit.loads("\n".join(_twenty_one_rounds("2025/03/01", "2025/03/01")).encode())
    found = [d for d in trfkit.validate(one_day) if d.code in ("R301", "R302")]
    assert [(d.code, d.found) for d in found] == [("R302", "84 hours in 1 day")]
    week = trfkit.loads("\n".join(_twenty_one_rounds("2025/03/01", "2025/03/07")).encode())
    assert [d for d in trfkit.validate(week) if d.code in ("R301", "R302")] == []


def test_rounds_a_day_from_042_and_052_is_said_once_under_2009() -> None:
    """Under 2009 the 3-round cap (R301) already says the dates cannot hold
    21 rounds; the 12 hours (R302) would say it again."""
    import trfkit

    t = trfkit.loads("\n".join(_twenty_one_rounds("2012/03/01", "2012/03/01")).encode())
    found = [d.code for d in trfkit.validate(t) if d.code in ("R301", "R302")]
    assert found == ["R301"]
