"""The rate of play as the rater applies it and R101 reports it, under every
rule set: one rule (trfkit.rating.eligibility), the same games unrated.

Every expected value here is worked from the regulations' texts:

* 2002 §1.11-1.13 and 2009 §1.1: "Where at least one of the players in the
  tournament has a rating 2200 or higher, each player must have a minimum of
  120 minutes", 90 at 1600, 60 below; 2009 §1.2: "Games played with all the
  moves at a rate faster than the above are excluded from the list".
* fide-2014: no text survives; the rule set reads §1.1 as the tournament's
  (docs/rules.md, rating-2014-2017.md §4.1) and says what the game's reading
  would change.
* 2017 §1.1: "Where at least one of the players in the game has a rating
  2200 or higher"; 2024 §1.1 with 2400/1800.
* R&B 2024 §1.1: rapid "more than 10 minutes but less than 60 minutes",
  blitz "more than 3 minutes but not more than 10 minutes"; §1.2: "Games
  where the players have different playing times are not rated".

The minutes are those for 60 moves: 60 min + 30 sec/move gives
60 + 60 × ½ = 90; 60 min + 15 sec/move gives 75.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import trfkit
from tests.trfbuild import swiss_text
from trfkit.checks import validate
from trfkit.diagnostics import Severity
from trfkit.rating.engine import rate
from trfkit.rating.period import rate_period

# 1 beats 2 in round 1 and 3 in round 2; 2 and 3 draw in round 3.
_GAMES = [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 2, 3, "=")]
_START = {
    "fide-2002": "2005/03/01",
    "fide-2009": "2012/03/01",
    "fide-2014": "2015/03/01",
    "fide-2017": "2019/03/01",
    "fide-2024": "2025/03/01",
    "fide-rb-2024": "2025/03/01",
}


def _event(
    rules: str,
    ratings: list[int | None],
    tc: str,
    games: Sequence[tuple[int, int, int, str]] = _GAMES,
) -> trfkit.Tournament:
    return trfkit.loads(swiss_text(ratings, games, time_control=tc, start=_START[rules]))


def _r101(t: trfkit.Tournament, rules: str) -> list[Severity]:
    return [d.severity for d in validate(t, rules=rules) if d.code == "R101"]


@pytest.mark.parametrize(
    ("rules", "ratings", "tc", "rated_games"),
    [
        # The tournament decides: a 2250 in the field needs 120 for every
        # game; 90 rates none, not even the 2000-2100 draw.
        ("fide-2002", [2250, 2000, 2100], "60 min + 30 sec/move", 0),
        ("fide-2009", [2250, 2000, 2100], "60 min + 30 sec/move", 0),
        ("fide-2014", [2250, 2000, 2100], "60 min + 30 sec/move", 0),
        # 2199 at the top: 1600 or more needs 90, which 90 is: all 3 games.
        ("fide-2009", [2199, 2000, 2100], "60 min + 30 sec/move", 3),
        # 1650 at the top needs 90; 75 is too little; 1599 needs 60.
        ("fide-2002", [1650, 1500, 1550], "60 min + 15 sec/move", 0),
        ("fide-2002", [1599, 1500, 1550], "60 min + 15 sec/move", 3),
        # The game decides (2017 §1.1): the 2250's two games need 120; the
        # 2000-2100 draw needs 90 and has it.
        ("fide-2017", [2250, 2000, 2100], "60 min + 30 sec/move", 1),
        # Below every standard minimum: 30 + 60 × ¼ = 45 < 60.
        ("fide-2024", [1500, 1400, 1300], "30 min + 15 sec/move", 0),
        # R&B 2024: 60 minutes is not rapid (less than 60) nor blitz; 59 is rapid.
        ("fide-rb-2024", [2000, 1900, 1800], "60 min", 0),
        ("fide-rb-2024", [2000, 1900, 1800], "59 min", 3),
        # 3 minutes is not blitz (more than 3); 3 + 60 × 2 s = 5 is.
        ("fide-rb-2024", [2000, 1900, 1800], "3 min", 0),
        ("fide-rb-2024", [2000, 1900, 1800], "3 min + 2 sec/move", 3),
    ],
)
def test_the_rater_rates_what_r101_allows(
    rules: str, ratings: list[int | None], tc: str, rated_games: int
) -> None:
    t = _event(rules, ratings, tc)
    report = rate(t, rules=rules)
    # Each game is counted by both its players.
    assert sum(p.n for p in report.players) == 2 * rated_games
    errors = [s for s in _r101(t, rules) if s is Severity.ERROR]
    assert bool(errors) == (rated_games < 3)
    if rated_games == 0:
        notes = [n for n in report.notes if n.startswith("rate of play:")]
        assert len(notes) == 1 and "J is left blank for every game" in notes[0]
        for p in report.players:
            assert p.new_rating == p.rating
            played = [g for g in p.games if g.result in ("1", "0", "=")]
            assert played and all(
                not g.rated and "no game is rated" in (g.reason or "") for g in played
            )


def test_a_newcomer_has_no_performance_from_an_event_too_fast_for_its_field() -> None:
    # 2009 §6.41: an unrated player needs 3 rated opponents and 1 point; he
    # has them (1½ against 2250, 2000, 2100) at 120 minutes, and nothing at
    # 90, where the 2250 in the tournament needs 120 for every game.
    games = [(1, 4, 1, "0"), (2, 4, 2, "1"), (3, 4, 3, "=")]
    enough = rate(
        _event("fide-2009", [2250, 2000, 2100, None], "120 min", games), rules="fide-2009"
    )
    newcomer = next(p for p in enough.players if p.start_rank == 4)
    assert newcomer.newcomer is not None and newcomer.newcomer.ru is not None
    fast = rate(
        _event("fide-2009", [2250, 2000, 2100, None], "60 min + 30 sec/move", games),
        rules="fide-2009",
    )
    newcomer = next(p for p in fast.players if p.start_rank == 4)
    assert newcomer.newcomer is None or newcomer.newcomer.ru is None
    reasons = {g.reason for g in newcomer.games}
    assert len(reasons) == 1
    assert "every game needs 120" in next(iter(reasons)) and "2009 §1.1" in next(iter(reasons))


def test_fide_2014_names_who_the_games_reading_would_rate() -> None:
    # Under the game's reading (2017's words) the 2000-2100 draw needs 90
    # and counts: D = -100, PD .36 for the 2000 (table 8.1b, 99-106: .64),
    # (½ − .36) × 20 = +2.8, the change rounded: +3, 2003; the 2100 −3, 2097.
    # The 2250's games need 120 under either reading: no rated game.
    t = _event("fide-2014", [2250, 2000, 2100], "60 min + 30 sec/move")
    report = rate(t, rules="fide-2014", k={1: 20, 2: 20, 3: 20})
    assert sum(p.n for p in report.players) == 0
    (use,) = [u for u in report.readings if u.parameter == "rate_of_play.threshold_scope"]
    assert [(sr, mine, theirs) for sr, _, mine, theirs in use.changed] == [
        (2, "no rated game", "K 20, new rating 2003"),
        (3, "no rated game", "K 20, new rating 2097"),
    ]
    # R101 is an error: the other reading finds two games too fast as well.
    assert _r101(t, "fide-2014") == [Severity.ERROR]


def test_rate_period_says_which_tournament_the_rate_of_play_left_unrated() -> None:
    # Two 2009 tournaments of the same players: at 120 minutes the 2000-2100
    # draw counts, at 90 with a 2250 in the field (2009 §1.1) nothing does.
    # The period's N is that of the first alone: 2 for the 2250 (his wins
    # over both), 2 for each of the others.
    slow = _event("fide-2009", [2250, 2000, 2100], "120 min")
    fast = _event("fide-2009", [2250, 2000, 2100], "60 min + 30 sec/move")
    report = rate_period([("slow.trf", slow), ("fast.trf", fast)], rules="fide-2009")
    assert sorted(p.rating.n for p in report.players) == [2, 2, 2]
    (note,) = [n for n in report.notes if "rate of play" in n]
    assert (
        note.startswith("#1: rate of play: 90 minutes for 60 moves")
        and "every game needs 120" in note
    )


def test_a_round_robin_with_games_too_fast_is_rated_game_by_game() -> None:
    # fide-2017 reads the round-robin method of 2009 §8.21b as kept; it rates
    # every game, which §1.1 forbids here: at 90 minutes the 2250's three
    # games need 120. The others count as in a Swiss: 2000-2100 (a draw)
    # for both, and the newcomer's games against them (a win, a draw).
    games = [
        (1, 1, 4, "1"), (1, 2, 3, "="),
        (2, 1, 3, "1"), (2, 4, 2, "1"),
        (3, 1, 2, "1"), (3, 3, 4, "="),
    ]  # fmt: skip
    text = swiss_text(
        [2250, 2000, 2100, None],
        games,
        time_control="60 min + 30 sec/move",
        start=_START["fide-2017"],
        type_line="092 Round Robin",
    )
    report = rate(trfkit.loads(text), rules="fide-2017", type="round-robin")
    by_rank = {p.start_rank: p for p in report.players}
    assert [by_rank[sr].n for sr in (1, 2, 3)] == [0, 1, 1]
    newcomer = by_rank[4].newcomer
    assert newcomer is not None and newcomer.n == 2 and newcomer.w == 1.5
    assert report.round_robin is None
    assert any("rated as a Swiss, game by game" in n for n in report.notes)


def test_chessa_rates_no_game_at_a_rate_in_none_of_its_classes() -> None:
    # CHESSA "Time Control" 2: standard at least 60 minutes, rapid more than
    # 10 and less than 60, blitz 10 or less; the rule set reads blitz as more
    # than 0 and R101 and the report's note say no game is rated at 0. The
    # ratings must agree with the note: no game counts, no rating changes,
    # and the newcomer has no performance (his games are against the field).
    games = [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "1"), (2, 2, 4, "0")]
    text = swiss_text([1800, 1700, 1600, None], games, time_control="0 min", start="2016/03/01")
    t = trfkit.loads(text)
    report = rate(t, rules="chessa-2015")
    (note,) = [n for n in report.notes if n.startswith("rate of play:")]
    assert "no game is rated" in note
    assert _r101(t, "chessa-2015") == [Severity.ERROR]
    assert sum(p.n for p in report.players) == 0
    for p in report.players:
        assert p.new_rating == p.rating and p.performance is None
        played = [g for g in p.games if g.result in ("1", "0", "=")]
        assert played and all(
            not g.rated and "no game is rated" in (g.reason or "") for g in played
        )
    newcomer = next(p for p in report.players if p.start_rank == 4).newcomer
    assert newcomer is not None and newcomer.ru is None and not newcomer.counts
    # The same event at 60 minutes (standard) is rated.
    assert "122 0 min\n" in text
    t = trfkit.loads(text.replace("122 0 min\n", "122 60 min\n"))
    assert sum(p.n for p in rate(t, rules="chessa-2015").players) > 0
