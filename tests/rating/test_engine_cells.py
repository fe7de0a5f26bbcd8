"""rating/engine.py: the event, the cells, the entrants and round robins.

Tests written for the mutants of ``rating/engine.py`` that survived a mutation
run (docs/testing.md, "Mutation testing"): what Form 3 shows of the event,
why each round counts or not, which rating and K a players' list gives, and
the round-robin method of 2002 §10.57 and 2009 §8.58 on a five-player round
robin with byes. Every expected value is worked by hand from the regulations
(tables 8.1a/8.1b of 2009, 10.1a/10.1b of 2002) and the TRF columns.
"""

from __future__ import annotations

from fractions import Fraction as F

import attrs
import pytest

import trfkit
from tests.conftest import FIXTURES
from tests.trfbuild import player_line, swiss_text
from trfkit.rating.engine import rate
from trfkit.rating.ratinglist import ListedPlayer
from trfkit.rules import get

HEAD = ["012 Probe Open", "042 2025/03/01", "052 2025/03/09", "122 90 min + 30 sec/move"]


def _load(lines: list[str]) -> trfkit.Tournament:
    return trfkit.loads(("\n".join(lines) + "\n").encode())


def _unranked(line: str) -> str:
    """A player line with its rank (columns 86-89, TRF16 §2.2) left blank."""
    return line[:85] + "    " + line[89:]


# -- the event --------------------------------------------------------------


def test_222_is_the_time_control_shown_over_122() -> None:
    # TRF 2026's encoded time control (222) is the file's own statement of
    # it; Form 3 shows it, and names 222 as its source.
    t = _load([*HEAD, "222 5400+30", "092 Swiss", player_line(1, 2000, 0.0, [])])
    e = rate(t, rules="fide-2024").event
    assert (e.time_control, e.time_control_source) == ("5400+30", "222")


def test_an_unreadable_222_shows_the_122_rated_with() -> None:
    # 122 stands in for a 222 that cannot be read: the header shows the
    # text the event is rated with, under the record it came from (it
    # showed 222's text under "122" before).
    t = _load([*HEAD, "222 abc", "092 Swiss", player_line(1, 2000, 0.0, [])])
    e = rate(t, rules="fide-2024").event
    assert (e.time_control, e.time_control_source) == ("90 min + 30 sec/move", "122")


def test_a_given_type_and_rate_class_are_the_events() -> None:
    t = trfkit.load(FIXTURES / "swiss-trf16.trf")
    report = rate(t, rules="fide-2024", type="round-robin", rate_class="rapid")
    e = report.event
    assert (e.type, e.type_source) == ("round-robin", "given")
    assert (e.rate_class, e.rate_class_assumed) == ("rapid", "")
    assert report.rules_title == "FIDE Rating Regulations effective from 1 March 2024"


def test_a_file_without_rounds_has_none() -> None:
    # A list of entrants before round 1: no round in 132, none in any line.
    t = _load([*HEAD, "092 Swiss", player_line(1, 2000, 0.0, []), player_line(2, 1900, 0.0, [])])
    report = rate(t, rules="fide-2024")
    assert report.event.rounds == 0
    assert [p.n for p in report.players] == [0, 0]


def test_unranked_players_come_last_in_start_order() -> None:
    # Ranks 2, blank, 1, blank: ranked by rank, then the unranked by start.
    lines = [
        player_line(1, 2000, 1.0, ["   3 w 1"], place=2),
        _unranked(player_line(2, 1900, 0.0, ["0000 - Z"])),
        player_line(3, 1800, 0.0, ["   1 b 0"], place=1),
        _unranked(player_line(4, 1700, 0.0, ["0000 - Z"])),
    ]
    report = rate(_load([*HEAD, "092 Swiss", *lines]), rules="fide-2024")
    assert [(p.start_rank, p.rank) for p in report.players] == [
        (3, 1),
        (1, 2),
        (2, None),
        (4, None),
    ]


def test_a_rank_of_0_is_no_rank_with_or_without_unranked_players() -> None:
    # A rank column reading 0 is no rank (TRF16 §2.2; FIDE's sample report
    # writes 0 for the players it did not rank), as Form 1 and 2 read it:
    # such a player comes after the ranked ones, with the blank ones, by
    # start rank, and his rank is None.
    lines = [
        player_line(1, 2000, 0.0, [], place=2),
        player_line(2, 1900, 0.0, [])[:85] + "   0",
        player_line(3, 1800, 0.0, [], place=1),
    ]
    ranked = rate(_load([*HEAD, "092 Swiss", *lines]), rules="fide-2024")
    assert [(p.start_rank, p.rank) for p in ranked.players] == [(3, 1), (1, 2), (2, None)]
    lines.insert(1, _unranked(player_line(4, 1700, 0.0, [])))
    some = rate(_load([*HEAD, "092 Swiss", *lines]), rules="fide-2024")
    assert [p.start_rank for p in some.players] == [3, 1, 2, 4]


def test_chessa_has_no_round_robin_figures() -> None:
    report = rate(trfkit.load(FIXTURES / "rating-chessa-rr8.trf"), rules="chessa-2015")
    assert report.round_robin is None


# -- the entrants: the file's ratings, or a players' list's -----------------


def _pair(
    fide_ids: tuple[int, int], time_control: str = "90 min + 30 sec/move"
) -> trfkit.Tournament:
    # Player 1 (2000 in the file) beats player 2 (1900 in the file).
    text = swiss_text(
        [2000, 1900], [(1, 1, 2, "1")], fide_ids=list(fide_ids), time_control=time_control
    )
    return trfkit.loads(text.encode())


def test_the_files_ratings_are_said_to_come_from_the_file() -> None:
    report = rate(_pair((14600001, 14600002)), rules="fide-2024")
    assert [(p.rating, p.rating_source, p.notes, p.from_list) for p in report.players] == [
        (2000, "trf", (), ()),
        (1900, "trf", (), ()),
    ]


def test_a_player_not_on_the_list_keeps_the_files_rating() -> None:
    # Player 1 is on the list with the file's rating; player 2's id is not
    # on it, so he is rated with the file's 1900 and the report says so.
    listed = {14600001: ListedPlayer(14600001, rating=2000, k=20)}
    report = rate(_pair((14600001, 14600002)), rules="fide-2024", ratings=listed)
    one, two = report.player(1), report.player(2)
    assert (one.rating, one.rating_source, one.notes, one.from_list, one.k) == (
        2000,
        "list",
        (),
        (),
        20,
    )
    assert (two.rating, two.rating_source) == (1900, "trf")
    assert two.notes == ("FIDE id 14600002 is not in the players' list",)
    assert two.n == 1  # still a rated game for both


def test_a_player_without_a_fide_id_is_not_looked_up() -> None:
    listed = {14600001: ListedPlayer(14600001, rating=2000, k=20)}
    report = rate(_pair((14600001, 0)), rules="fide-2024", ratings=listed)
    two = report.player(2)
    assert (two.rating, two.rating_source, two.notes, two.from_list) == (1900, "trf", (), ())


def test_the_lists_rating_replaces_the_files() -> None:
    # Title Regulations §1.4.6a: the rating in force at the start.
    listed = {
        14600001: ListedPlayer(14600001, rating=2050, k=20),
        14600002: ListedPlayer(14600002, rating=1900, k=20),
    }
    one = rate(_pair((14600001, 14600002)), rules="fide-2024", ratings=listed).player(1)
    assert (one.rating, one.rating_source) == (2050, "list")
    assert [(d.kind, d.file_value, d.list_value) for d in one.from_list] == [
        ("rating", "2000", "2050")
    ]
    assert one.notes == (
        "rated 2050 as on the players' list; 2000 in the file: FIDE rates with the rating"
        " in force at the start (Title Regulations §1.4.6a)",
    )
    # 2050 against 1900: D 150, PD .70 (table 8.1.2); K 20 from the list: +6.
    assert (one.we, one.change, one.new_rating) == (F("0.7"), F(6), 2056)


def test_a_rapid_event_takes_the_lists_rapid_rating_and_k() -> None:
    listed = {
        14600001: ListedPlayer(14600001, rating=2000, k=40, rapid_rating=2100, rapid_k=20),
        14600002: ListedPlayer(14600002, rating=1900, k=40, rapid_rating=1900, rapid_k=20),
    }
    report = rate(
        _pair((14600001, 14600002)), rules="fide-2024", ratings=listed, rate_class="rapid"
    )
    one = report.player(1)
    assert (one.rating, one.k, one.k_assumed) == (2100, 20, False)
    # D 200: PD .76 (table 8.1.2); 20 × (1 − .76) = +4.8.
    assert one.change == F("4.8")


def test_rapid_without_a_rapid_rating_takes_the_standard_one() -> None:
    # R&B 2024 §7.2.1: a player without a rapid rating is rated with his
    # standard rating, and counts as rated.
    listed = {
        14600001: ListedPlayer(14600001, rating=2000, rapid_rating=2000, rapid_k=20),
        14600002: ListedPlayer(14600002, rating=1900),
    }
    report = rate(
        _pair((14600001, 14600002), time_control="15 min + 10 sec/move"),
        rules="fide-rb-2024",
        ratings=listed,
    )
    two = report.player(2)
    assert (two.rating, two.rating_source, two.n) == (1900, "list-standard", 1)


# -- the cells: why a round counts or not -----------------------------------


def test_why_each_round_counts_or_not() -> None:
    lines = [
        player_line(1, 2000, 2.0, ["   2 w 1", "0000 - U", "  99 w 1", "   3 b  "]),
        player_line(2, 1900, 0.5, ["   1 b 0", "   3 w X", "0000 - H"]),
        player_line(3, 1800, 1.0, ["0000 - Z", "   2 b 1", "0000 -  ", "   1 w  "]),
    ]
    report = rate(_load([*HEAD, "092 Swiss", *lines]), rules="fide-2024")
    why = {p.start_rank: [(g.round, g.opponent, g.reason) for g in p.games] for p in report.players}
    assert why[1] == [
        (1, 2, None),
        (2, None, "pairing-allocated bye"),
        (3, 99, "opponent 99 is not in the file"),
        (4, 3, "no result"),
    ]
    assert why[2] == [(1, 1, None), (2, 3, "unreadable result"), (3, None, "half-point bye")]
    assert why[3] == [
        (1, None, "zero-point bye"),
        (2, 2, None),  # his own cell reads a win: the rating reads each player's own
        (3, None, "not paired"),
        (4, 1, "no result"),
    ]


def _match() -> trfkit.Tournament:
    # Four scheduled games; player 1 wins the first three, so after the
    # third he has 3 of 4 points, more than half: the fourth is played
    # after the match was decided (2009 §6.5, R&B 2024 §5.2).
    games = [(1, 1, 2, "1"), (2, 2, 1, "0"), (3, 1, 2, "1"), (4, 2, 1, "1")]
    return trfkit.loads(swiss_text([2000, 1900], games, type_line="092 Match").encode())


def test_a_game_after_the_match_was_decided_is_not_rated() -> None:
    one = rate(_match(), rules="fide-2024", type="match").player(1)
    assert one.n == 3
    assert one.games[3].reason == "played after the match was decided"


def test_a_rule_set_that_rates_games_after_the_decision_rates_them() -> None:
    rs = attrs.evolve(get("fide-2024"), match_games_after_decision_rated=True)
    one = rate(_match(), rules=rs, type="match").player(1)
    assert one.n == 4
    assert one.games[3].reason is None


def test_two_players_in_a_swiss_are_no_match() -> None:
    # The match rule is for matches: a Swiss of two players rates all three.
    games = [(1, 1, 2, "1"), (2, 2, 1, "0"), (3, 1, 2, "1")]
    t = trfkit.loads(swiss_text([2000, 1900], games).encode())
    one = rate(t, rules="fide-2024", type="swiss").player(1)
    assert (one.n, [g.reason for g in one.games]) == (3, [None, None, None])


def test_a_late_default_is_a_loss_for_the_defaulter_only() -> None:
    # CHESSA "50% Rule" 7: a default after half the scheduled rounds (here
    # 7: after round 3) is rated as a loss for the defaulter. Player 1
    # defaults in round 3 (not late) and in round 4 (late).
    games = [(r, 1, r + 1, "1") for r in (1, 2, 5, 6, 7)] + [(3, 1, 4, "-"), (4, 1, 5, "-")]
    t = trfkit.loads(swiss_text([1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100], games).encode())
    one = rate(t, rules="chessa-2015").player(1)
    late = {g.round: (g.score, g.reason) for g in one.games if g.round in (3, 4)}
    assert late == {
        3: (None, "forfeit loss: not rated"),
        4: (F(0), "late default: rated as a loss for the defaulter"),
    }


# -- round robins with an unrated player (2002 §10.57, 2009 §8.58) ----------

# Five players, one of them unrated (5), so each sits out one round; every
# pair meets once over the board. Rounds (white first):
#   1: 1-2 1-0, 3-4 1-0, 5 out   2: 5-1 0-1, 2-3 1-0, 4 out
#   3: 4-5 0-1, 1-3 1-0, 2 out   4: 2-4 1-0, 3-5 1-0, 1 out
#   5: 4-1 0-1, 5-2 0-1, 3 out
# Scores: 1 4/4, 2 3/4, 3 2/4, 4 0/4, 5 1/4 (ranked 4th, player 4 5th).
RR5 = [
    player_line(1, 2400, 4.0, ["   2 w 1", "   5 b 1", "   3 w 1", "0000 - Z", "   4 b 1"]),
    player_line(2, 2100, 3.0, ["   1 b 0", "   3 w 1", "0000 - Z", "   4 w 1", "   5 b 1"]),
    player_line(3, 2000, 2.0, ["   4 w 1", "   2 b 0", "   1 b 0", "   5 w 1", "0000 - Z"]),
    player_line(
        4, 1900, 0.0, ["   3 b 0", "0000 - Z", "   5 w 0", "   2 b 0", "   1 w 0"], place=5
    ),
    player_line(
        5, None, 1.0, ["0000 - Z", "   1 w 0", "   4 b 1", "   3 b 0", "   2 w 0"], place=4
    ),
]


def _rr5(rules: str) -> trfkit.rating.model.RatingReport:
    return rate(_load([*HEAD, "092 Round Robin", *RR5]), rules=rules)


def test_round_robin_2009_with_a_perfect_and_a_zero_score() -> None:
    report = _rr5("fide-2009")
    rr = report.round_robin
    assert rr is not None
    # Rar = (2400 + 2100 + 2000 + 1900) / 4 = 2100; p = 1, .75, .5, 0 gives
    # dp 800 and −800 "notionally" (§8.1), 193 and 0 (table 8.1a):
    # dpa = 193/4; Ra = 2100 − 48.25 × 4/5 = 2061.4 → 2061.
    assert (rr.rar, rr.dpa, rr.n, rr.ra) == (2100, F(193, 4), 4, 2061)
    five = report.player(5)
    nc = five.newcomer
    assert nc is not None
    # §8.25: 1/4, p .25, dp −193: Ru = 2061 − 193 × 4/5 = 1906.6 → 1907.
    # One step: against 1907 the 2400 counts as 2307 (§8.54, 400 points):
    # Rc(new) = 2061 − 93/4 = 2037.75 → 2038, Ru(new) = 2038 − 154.4 → 1884.
    assert (nc.ra, nc.ru_first, nc.rc_new, five.ru, five.rc) == (2061, 1907, 2038, 1884, 2038)
    assert [
        (g.round, g.opponent, g.opponent_rating, g.colour, g.result, g.score, g.reason)
        for g in five.games
    ] == [
        (1, None, None, "-", "Z", None, "zero-point bye"),
        (2, 1, 2400, "w", "0", F(0), None),
        (3, 4, 1900, "b", "1", F(1), None),
        (4, 3, 2000, "b", "0", F(0), None),
        (5, 2, 2100, "w", "0", F(0), None),
    ]
    # The rated players against Ru(new) 1884 (§8.58), D capped at 400
    # (§8.54), PD from table 8.1b; Rc = the opponents' average.
    one = report.player(1)
    assert [(g.round, g.opponent_rating, g.d, g.pd, g.reason) for g in one.games] == [
        (1, 2100, 300, F("0.85"), None),
        (2, 1884, 400, F("0.92"), None),
        (3, 2000, 400, F("0.92"), None),
        (4, None, None, None, "zero-point bye"),
        (5, 1900, 400, F("0.92"), None),
    ]
    assert (one.n, one.rc, one.we, one.k, one.change) == (4, F(7884, 4), F("3.61"), 10, F("3.9"))
    four = report.player(4)
    # −100 L .36, +16 H .52, −200 L .24, −500 → −400 L .08: 1.20; K 15.
    assert [g.pd for g in four.games if g.rated] == [F("0.36"), F("0.52"), F("0.24"), F("0.08")]
    assert (four.we, four.change) == (F("1.2"), F("-18"))


def test_round_robin_2002_with_a_perfect_and_a_zero_score() -> None:
    report = _rr5("fide-2002")
    rr = report.round_robin
    assert rr is not None
    assert (rr.rar, rr.dpa, rr.ra) == (2100, F(193, 4), 2061)
    # Against Ru 1907 the 2400 counts as 2257 (§10.53, 350 points):
    # Rc(new) = 2061 − 143/4 = 2025.25 → 2025, Ru(new) = 2025 − 154.4 → 1871.
    nc = report.player(5).newcomer
    assert nc is not None
    assert (nc.ru_first, nc.rc_new, nc.ru) == (1907, 2025, 1871)
    # §10.51: Rc = (Ra × 5 − 2400)/4 = 1976.25, plus each opponent counted
    # within 350 of 2400 (2050) minus his rating, over 4: 2100 counts as is,
    # 1907 (Ru) +143, 2000 +50, 1900 +150: +85.75; Rc = 2062. D = 338, PD
    # .88 (table 10.1b), We = .88 × 4 = 3.52.
    one = report.player(1)
    assert (one.rc, one.we) == (2062, F("3.52"))
    assert [
        (
            g.round,
            g.opponent,
            g.opponent_rating,
            g.colour,
            g.result,
            g.d,
            g.d_uncapped,
            g.capped,
            g.pd,
            g.reason,
        )
        for g in one.games
    ] == [
        (1, 2, 2100, "w", "1", 300, 300, False, None, None),
        (2, 5, 1907, "b", "1", 350, 493, True, None, None),
        (3, 3, 2000, "w", "1", 350, 400, True, None, None),
        (4, None, None, "-", "Z", None, None, False, None, "zero-point bye"),
        (5, 4, 1900, "b", "1", 350, 500, True, None, None),
    ]


def test_a_round_robin_with_a_forfeit_is_rated_as_a_swiss() -> None:
    # 2009 §6.43: one unplayed game, and the event is reported as a Swiss:
    # games against the unrated player are then not rated (§8.52).
    lines = list(RR5)
    lines[0] = lines[0].replace("   5 b 1", "   5 b +")
    lines[4] = lines[4].replace("   1 w 0", "   1 w -")
    report = rate(_load([*HEAD, "092 Round Robin", *lines]), rules="fide-2009")
    assert report.round_robin is None
    assert report.notes == (
        "a round robin with unplayed games is rated as a Swiss"
        " (FIDE Rating Regulations 2009 §6.43)",
    )
    assert report.player(1).n == 3


def test_a_double_round_robin_declared_a_round_robin_is_rated_as_a_swiss() -> None:
    # Each pair met twice: not "every pair once" (the round-robin method of
    # 2009 §8.58 is for one meeting each), so the games against the unrated
    # player are not rated (§8.52) and the method's figures are absent.
    lines = (FIXTURES / "double-roundrobin-4.trf").read_text(encoding="utf-8").splitlines()
    four = next(i for i, line in enumerate(lines) if line.startswith("001    4 "))
    lines[four] = lines[four][:48] + "    " + lines[four][52:]  # rating, columns 49-52
    report = rate(_load(lines), rules="fide-2009", type="round-robin")
    assert report.player(4).rating is None
    assert report.round_robin is None
    assert [g.reason for g in report.player(1).games if g.opponent == 4] == [
        "opponent unrated: not rated",
        "opponent unrated: not rated",
    ]


_DOUBLE_NOTE = (
    "a double round robin with unrated players is rated as a Swiss: games against "
    "unrated players are not rated (FIDE Rating Regulations 2009: the round-robin "
    "method for unrated players is printed for a single round robin; its use in a "
    "double round robin is not modelled)"
)


@pytest.mark.parametrize("declared", ["round-robin", "double-round-robin"])
def test_a_double_round_robin_with_an_unrated_player_says_why_its_games_are_not_rated(
    declared: str,
) -> None:
    # Declared a round robin or a double one, the note says what the event
    # is (not "unplayed games": every game was played) and that the games
    # against the unrated player go unrated.
    lines = (FIXTURES / "double-roundrobin-4.trf").read_text(encoding="utf-8").splitlines()
    four = next(i for i, line in enumerate(lines) if line.startswith("001    4 "))
    lines[four] = lines[four][:48] + "    " + lines[four][52:]  # rating, columns 49-52
    report = rate(_load(lines), rules="fide-2009", type=declared)
    assert report.notes == (_DOUBLE_NOTE,)
    # All rated: no note (the method for unrated players is not needed).
    rated = (FIXTURES / "double-roundrobin-4.trf").read_text(encoding="utf-8").splitlines()
    assert _DOUBLE_NOTE not in rate(_load(rated), rules="fide-2009", type=declared).notes


def test_a_round_robin_and_one_round_more_is_no_double_round_robin() -> None:
    # Rounds 1-3 of the fixture are a whole round robin, round 4 the first
    # of the second cycle (4-1, 2-3): every player met every other, but not
    # every pair twice, so the note is §6.43's, not the double round robin's.
    lines = (FIXTURES / "double-roundrobin-4.trf").read_text(encoding="utf-8").splitlines()
    lines = [x[:131] if x.startswith("001") else x for x in lines if not x.startswith("132")]
    four = next(i for i, line in enumerate(lines) if line.startswith("001    4 "))
    lines[four] = lines[four][:48] + "    " + lines[four][52:]  # unrated
    report = rate(_load(lines), rules="fide-2009", type="round-robin")
    assert report.notes == (
        "a round robin with unplayed games is rated as a Swiss (FIDE Rating Regulations 2009 §6.43)",
    )


def test_a_fide_id_of_0_is_rated_as_no_id() -> None:
    # Some programs write 0 for "no FIDE ID", as 0 for "no rating": Form 3's
    # players then have no id (JSON null), as in Forms 1 and 2 and as the
    # players' list comparison and rate-period already read it.
    lines = (FIXTURES / "double-roundrobin-4.trf").read_text(encoding="utf-8").splitlines()
    four = next(i for i, line in enumerate(lines) if line.startswith("001    4 "))
    assert lines[four][57:68].strip() == "93000047"
    lines[four] = lines[four][:57] + "          0" + lines[four][68:]
    lines[four] = lines[four][:48] + "    " + lines[four][52:]  # and unrated
    report = rate(_load(lines), rules="fide-2024")
    assert report.player(4).fide_id is None
    assert report.player(1).fide_id == 93000012
    three = next(i for i, line in enumerate(lines) if line.startswith("001    3 "))
    lines[three] = lines[three][:57] + "          0" + lines[three][68:]
    assert rate(_load(lines), rules="fide-2024").player(3).fide_id is None  # rated


# -- the event facts the report shows ---------------------------------------


def test_the_event_facts_are_the_files_headers() -> None:
    # fixtures/swiss-trf16.trf's header records, read off the file: 012,
    # 022, 032, 102, 122, 042-052, 092, and 5 rounds in 132.
    import datetime as dt

    import trfkit
    from trfkit.rating.engine import rate

    t = trfkit.load("fixtures/swiss-trf16.trf")
    e = rate(t).event
    assert (e.name, e.city, e.federation, e.chief_arbiter) == (
        "Lakeside Spring Open 2025",
        "Eastbrook",
        "NED",
        "IA Marten Oudekerk",
    )
    assert e.time_control == "90 min/40 moves + 30 min, 30 sec/move from move 1"
    assert (e.time_control_source, e.file_time_control) == ("122", "")
    assert (e.start, e.end) == (dt.date(2025, 3, 14), dt.date(2025, 3, 16))
    assert (e.type, e.rounds, e.rate_class, e.rate_class_assumed) == ("swiss", 5, "standard", "")
    assert e.type_source == "092"
    # Without 042 the start is the first round's date (132: 25/03/14).
    with open("fixtures/swiss-trf16.trf", encoding="utf-8") as fh:
        lines = [x for x in fh.read().splitlines() if not x.startswith("042")]
    no_start = trfkit.loads("\n".join(lines) + "\n")
    assert rate(no_start).event.start == dt.date(2025, 3, 14)
    # A time control given on the command line replaces the file's, which
    # the report still shows.
    given = rate(t, time_control="60 min + 30 sec/move").event
    assert given.time_control == "60 min + 30 sec/move"
    assert (given.time_control_source, given.file_time_control) == (
        "given",
        "90 min/40 moves + 30 min, 30 sec/move from move 1",
    )


def test_the_event_facts_of_a_file_without_headers() -> None:
    import trfkit
    from trfkit.rating.engine import rate

    t = trfkit.loads(
        "001    1 m    Alpha, Ann                        2000 SLO    14600001 1990/01/01"
        "  1.0    1     2 w 1\n"
        "001    2 m    Beta, Bob                         1900 SLO    14600002 1990/01/01"
        "  0.0    2     1 b 0\n"
    )
    e = rate(t).event
    assert (e.name, e.city, e.federation, e.chief_arbiter, e.time_control) == ("", "", "", "", "")
    assert (e.time_control_source, e.file_time_control, e.start, e.end) == ("", "", None, None)
    assert e.rate_class_assumed != ""  # no time control: standard, said as assumed
