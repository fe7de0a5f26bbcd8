"""The rater's one per-game path against the reference in the tests.

A rated player's sums (N, W, We, Rc) under the per-game rules are read
straight from the file's cells (``engine._plain_swiss``), and his game
records are made only when read (:class:`LazyGames`), from the cells too
(``engine._plain_records``). The reference (tests/rating_reference.py)
walks the rating's own view of each round and builds every record. The two
must give the same report, for every rule set, on generated Swiss events
with byes, forfeits and unrated players, matches, rating gaps and ratings
beyond four digits (a hypothesis property), on the fixtures and on the
corpus."""

from __future__ import annotations

import importlib.util
import pickle
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trfkit
from tests.conftest import ROOT, corpus_params, fixture_files
from tests.rating_reference import rate_reference
from tests.trfbuild import swiss_text
from trfkit.rating import calc, engine
from trfkit.rating.model import LazyGames, RatingReport
from trfkit.rules import Family, RatingMethod, Rounding, get, names

_spec = importlib.util.spec_from_file_location("bench_generate", ROOT / "bench" / "generate.py")
assert _spec is not None and _spec.loader is not None
generate_module = importlib.util.module_from_spec(_spec)
sys.modules["bench_generate"] = generate_module
_spec.loader.exec_module(generate_module)


def _rate_both(t: trfkit.Tournament, rules: str) -> tuple[RatingReport, RatingReport]:
    return engine.rate(t, rules=rules), rate_reference(t, rules)


def _assert_same(fast: RatingReport, slow: RatingReport) -> None:
    assert [p.start_rank for p in fast.players] == [p.start_rank for p in slow.players]
    for a, b in zip(fast.players, slow.players, strict=True):
        assert (a.n, a.rc, a.w, a.we, a.k, a.change, a.new_rating) == (
            b.n, b.rc, b.w, b.we, b.k, b.change, b.new_rating,
        ), a.start_rank  # fmt: skip
        assert tuple(a.games) == tuple(b.games), a.start_rank
    assert fast == slow


@pytest.mark.parametrize("rules", [n for n in names() if get(n).method is RatingMethod.FIDE])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_swiss_rates_the_same_on_both_paths(rules: str, seed: int) -> None:
    text = generate_module.generate(60, 9, seed)
    if get(rules).family is Family.RAPID_BLITZ:
        # The generated events are standard (90 minutes and more), which
        # R&B 2024 §1.1 rates in neither class: a rapid rate instead.
        text = re.sub(r"^122 .*$", "122 15 min + 10 sec/move from move 1", text, flags=re.M)
    t = trfkit.loads(text)
    fast, slow = _rate_both(t, rules)
    _assert_same(fast, slow)
    lazy = [p for p in fast.players if isinstance(p.games, LazyGames)]
    if get(rules).expected_score_per_game:  # not 2002's one-PD method
        assert len(lazy) > 40  # the fast path was taken
    assert sum(p.n for p in fast.players) > 300


def test_the_2022_cap_once_per_event_agrees_on_both_paths() -> None:
    # Ratings far apart, so that many players have several games past 400:
    # only the largest gap of each is capped (2022 §8.3.1).
    t = trfkit.loads(generate_module.generate(60, 9, 7))
    for i, p in enumerate(t.players):
        if p.rating:
            p.rating = 2700 - 25 * i
    fast, slow = _rate_both(t, "fide-2022")
    _assert_same(fast, slow)
    capped = [p for p in fast.players if sum(g.capped for g in p.games) == 1]
    beyond = [
        p
        for p in fast.players
        if sum(g.d_uncapped is not None and g.d_uncapped > 400 for g in p.games) > 1
    ]
    assert capped and beyond


def test_players_exempt_from_the_cap_agree_on_both_paths() -> None:
    # From 2025-10-01 a player rated 2650+ uses the true difference, his
    # opponent still the capped one: the fast path finds each side's bounds
    # once (engine._plain_swiss), the reference path game by game.
    text = generate_module.generate(60, 9, 7)
    text = text.replace("042 2022/09/21", "042 2025/10/21").replace(
        "052 2022/09/29", "052 2025/10/29"
    )
    # Seed 7 draws 60 min + 30 sec/move (90 minutes): too fast for a 2400's
    # games (2024 §1.1, test_games_too_fast_agree_on_both_paths); here the
    # games must count.
    text = text.replace(
        "122 60 min + 30 sec/move from move 1", "122 90 min + 30 sec/move from move 1"
    )
    t = trfkit.loads(text)
    for i, p in enumerate(t.players):
        if p.rating:
            p.rating = 2900 - 20 * i
    fast, slow = _rate_both(t, "fide-2024")
    assert fast.amendments  # the 2025-10-01 amendment applies
    _assert_same(fast, slow)
    exempt_beyond = [
        p for p in fast.players
        if p.rating and p.rating >= 2650
        and any(g.d_uncapped is not None and g.d_uncapped > 400 and not g.capped for g in p.games)
    ]  # fmt: skip
    capped_below = [
        p for p in fast.players if p.rating and p.rating < 2650 and any(g.capped for g in p.games)
    ]
    assert exempt_beyond and capped_below


@pytest.mark.parametrize("rules", ["fide-2017", "fide-2022", "fide-2024"])
def test_games_too_fast_agree_on_both_paths(rules: str) -> None:
    # 60 min + 30 sec/move gives 90 minutes for 60 moves: from 2014 (§1.1,
    # game by game) a game with a player rated 2400 or more (2022, 2024) or
    # 2200 (2017) needs 120 and is not rated. The fast path leaves those
    # opponents out as the reference path does, game by game, with the same
    # reason; ratings spread from 2900 down so that every side occurs.
    text = generate_module.generate(60, 9, 7)
    assert "122 60 min + 30 sec/move from move 1" in text
    t = trfkit.loads(text)
    for i, p in enumerate(t.players):
        if p.rating:
            p.rating = 2900 - 20 * i
    fast, slow = _rate_both(t, rules)
    _assert_same(fast, slow)
    top = next(p for p in fast.players if p.rating and p.rating >= 2400)
    assert top.n == 0 and all(not g.rated for g in top.games)
    assert any(g.reason and "needs 120" in g.reason for g in top.games)
    # Games between two players under 2200 need 90 in every one of these
    # rule sets: 90 minutes is enough, they count.
    assert any(p.n for p in fast.players if p.rating and p.rating < 2200)


@pytest.mark.parametrize(
    ("rules", "minutes_line", "top", "unrated_reason"),
    [
        # 2002 §1.11 and 2009 §1.1, "Where at least one of the players in
        # the tournament has a rating 2200 or higher, each player must have
        # a minimum of 120 minutes": a 2900 in the field and 90 minutes (60
        # + 60 × ½) leave no game rated; fide-2014 reads its text so.
        ("fide-2002", "60 min + 30 sec/move from move 1", 2900, "every game needs 120"),
        ("fide-2009", "60 min + 30 sec/move from move 1", 2900, "every game needs 120"),
        ("fide-2014", "60 min + 30 sec/move from move 1", 2900, "every game needs 120"),
        # A 1700 at the top: 1600 or more needs 90; 60 + 60 × ¼ = 75.
        ("fide-2009", "60 min + 15 sec/move from move 1", 1700, "every game needs 90"),
        # Below every standard minimum (2009 §1.2: "excluded from the list";
        # 2024 §1.1: 60 minutes at the least): 30 + 60 × ¼ = 45.
        ("fide-2024", "30 min + 15 sec/move from move 1", 2900, "less than the 60"),
        # R&B 2024 §1.1: 90 minutes is neither rapid (less than 60) nor
        # blitz; §1.2: different times are not rated.
        ("fide-rb-2024", "60 min + 30 sec/move from move 1", 2900, "neither rapid"),
        ("fide-rb-2024", "222 W1200-B900", 2900, "different times"),
    ],
)
def test_events_too_fast_for_any_game_agree_on_both_paths(
    rules: str, minutes_line: str, top: int, unrated_reason: str
) -> None:
    # No game is rated, on either path, and each says why; no newcomer has a
    # performance from the event (his games are against the same field).
    text = generate_module.generate(60, 9, 7)
    if minutes_line.startswith("222 "):  # 20 and 15 minutes, in seconds (TRF-2026)
        text = re.sub(r"^122 .*$", f"122 20 min\n{minutes_line}", text, flags=re.M)
    else:
        text = re.sub(r"^122 .*$", f"122 {minutes_line}", text, flags=re.M)
    t = trfkit.loads(text)
    rated = [p for p in t.players if p.rating]
    for i, p in enumerate(rated):
        p.rating = top - 10 * i if i < 10 else min(p.rating, top)
    fast, slow = _rate_both(t, rules)
    _assert_same(fast, slow)
    assert all(p.n == 0 for p in fast.players)
    assert all(p.newcomer is None or p.newcomer.ru is None for p in fast.players)
    ranks = {p.start_rank for p in rated}
    played = [
        g
        for p in fast.players
        for g in p.games
        if g.result in ("1", "0", "=")
        and (p.start_rank in ranks or g.opponent in ranks)
        and not (p.start_rank in ranks and g.opponent not in ranks)
    ]
    assert played and all(not g.rated and unrated_reason in (g.reason or "") for g in played)
    assert sum(unrated_reason in n for n in fast.notes) == 1
    # The same event at a rate every player's games can take is rated.
    text = re.sub(r"^222 .*\n", "", text, flags=re.M)
    enough = re.sub(r"^122 .*$", "122 120 min + 30 sec/move from move 1", text, flags=re.M)
    if get(rules).family is Family.RAPID_BLITZ:
        enough = re.sub(r"^122 .*$", "122 15 min + 10 sec/move from move 1", text, flags=re.M)
    t = trfkit.loads(enough)
    for i, p in enumerate(q for q in t.players if q.rating):
        p.rating = top - 10 * i if i < 10 else min(p.rating or 0, top)
    assert sum(p.n for p in engine.rate(t, rules=rules).players) > 300


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_fixtures_rate_the_same_on_both_paths(path: Path) -> None:
    t = trfkit.load(path)
    for rules in ("auto", "fide-2009", "fide-2024", "fide-rb-2024"):
        _assert_same(*_rate_both(t, rules))


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_rates_the_same_on_both_paths(path: Path) -> None:
    t = trfkit.load(path)
    for rules in ("auto", "fide-2022", "fide-2024"):
        _assert_same(*_rate_both(t, rules))


def test_lazy_games_behave_as_a_tuple() -> None:
    t = trfkit.loads(generate_module.generate(30, 5, 4))
    report = engine.rate(t, rules="fide-2024")
    p = next(p for p in report.players if isinstance(p.games, LazyGames) and p.n)
    records = tuple(p.games)
    assert len(p.games) == len(records) == 5
    assert p.games[0] == records[0] and p.games[1:3] == records[1:3]
    assert p.games == records and records == p.games
    # A line whose games are still lazy hashes as the same line with its
    # records made: LazyGames hashes as the tuple it stands for.
    assert hash(p) == hash(attrs.evolve(p, games=records))
    back = pickle.loads(pickle.dumps(p))
    assert back == p and isinstance(back.games, tuple)


@given(
    rating=st.integers(0, 3000),
    change=st.fractions(min_value=-800, max_value=800, max_denominator=400),
    rules=st.sampled_from(["fide-2009", "fide-2024", "chessa-2015"]),
)
def test_new_rating_rounds_as_the_fraction_formulas_say(
    rating: int, change: Fraction, rules: str
) -> None:
    rs = get(rules)
    if rs.rounding is Rounding.CHANGE:
        expected = rating + calc.round_half_away(change)
    else:
        expected = calc.round_half_up(rating + change)
    if rs.method is RatingMethod.PERFORMANCE and rs.rating_floor is not None:
        expected = max(expected, rs.rating_floor)
    assert calc.new_rating(rating, change, rs) == expected


def test_the_engine_builds_player_lines_with_the_fields_in_order() -> None:
    # engine._rated_line, _newcomer_line and _newcomer pass the fields by position.
    import attrs

    from trfkit.rating.model import Newcomer, PlayerRating

    assert [f.name for f in attrs.fields(PlayerRating)] == [
        "start_rank", "name", "fide_id", "federation", "title", "rank", "rating",
        "rating_source", "score", "n", "rc", "w", "we", "k", "k_assumed", "k_reason", "change",
        "new_rating", "ru", "performance", "newcomer", "games", "notes", "from_list",
    ]  # fmt: skip
    assert [f.name for f in attrs.fields(Newcomer)] == [
        "ra", "n", "w", "p", "dp", "ru", "ru_uncapped", "hypothetical", "counts",
        "publishable", "reason", "ru_first", "rc_new",
    ]  # fmt: skip


def test_the_direct_pd_column_reads_as_the_printed_table() -> None:
    from trfkit.rating.tables import H100_BY_D, expected_hundredths

    assert len(H100_BY_D) == 737 and H100_BY_D[-1] == 100
    assert [H100_BY_D[d] for d in range(737)] == [expected_hundredths(d) for d in range(737)]


def test_a_round_robin_with_byes_rates_as_without_them() -> None:
    # Found by the fuzz tests: the 2002/2009 round-robin method read every
    # round as a game, so a bye (no opponent) broke it.
    from tests.conftest import FIXTURES

    text = (FIXTURES / "rating-rr10-unrated.trf").read_text(encoding="utf-8")
    lines = [
        line.rstrip() + "  0000 - U" if line.startswith("001") else line
        for line in text.splitlines()
    ]
    with_byes = trfkit.loads("\n".join(lines) + "\n")
    plain = trfkit.load(FIXTURES / "rating-rr10-unrated.trf")
    for rules in ("fide-2002", "fide-2009"):
        a, b = engine.rate(plain, rules=rules), engine.rate(with_byes, rules=rules)
        assert b.round_robin is not None and a.round_robin == b.round_robin
        for p, q in zip(a.players, b.players, strict=True):
            assert (p.n, p.rc, p.we, p.ru) == (q.n, q.rc, q.we, q.ru)
            assert not q.games[-1].rated and q.games[-1].opponent is None


def test_the_pd_column_by_d_reads_as_the_printed_table() -> None:
    # engine._plain_records reads PD for a game from one list indexed by D
    # (negative D from the end); every D a four-digit rating allows.
    from trfkit.rating.tables import expected_score

    assert len(engine._PD_BY_D) == 2 * 9999 + 1
    assert [engine._PD_BY_D[d] for d in range(-9999, 10000)] == [
        expected_score(d) for d in range(-9999, 10000)
    ]
    assert engine._PD_BY_D[400] == Fraction(92, 100) and engine._PD_BY_D[-400] == Fraction(8, 100)


@pytest.mark.parametrize("rules", ["fide-2009", "fide-2022"])
def test_a_swiss_on_the_plain_path_makes_no_entrant_cells(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The plain path reads the file's columns; an entrant's rating view of
    # each round (engine._cells) is for the reference path. Asking every
    # event whether it is a round robin rated by its method once built them
    # all, doubling a 3000-player Swiss's rating time (fide-2009 has the
    # method, fide-2022 not).
    made: list[int] = []
    original = engine._cells

    def counting(*args: Any) -> Any:
        made.append(1)
        return original(*args)

    monkeypatch.setattr(engine, "_cells", counting)
    t = trfkit.loads(generate_module.generate(60, 9, 1))
    report = engine.rate(t, rules=rules)
    assert sum(p.n for p in report.players) > 300
    assert made == []


_PER_GAME_RULES = [n for n in names() if get(n).method is RatingMethod.FIDE]


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    rules=st.sampled_from(_PER_GAME_RULES),
    players=st.integers(10, 16),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 10_000),
    match=st.booleans(),
    gap=st.one_of(st.none(), st.tuples(st.integers(100, 800), st.integers(1500, 2700))),
    after_decision_rated=st.booleans(),
)
def test_the_package_path_rates_as_the_reference(
    data: st.DataObject,
    rules: str,
    players: int,
    rounds: int,
    seed: int,
    match: bool,
    gap: tuple[int, int] | None,
    after_decision_rated: bool,
) -> None:
    # Every rule the per-game path reads, drawn: a match (2009 §6.6: with an
    # unrated player it is not rated; games after it was decided), a rating
    # gap (R&B 2024 as amended: here in any rule set, at any size), ratings
    # of five digits (beyond the four-digit We lists), unrated players.
    rating = st.one_of(st.just(0), st.integers(1000, 2900), st.integers(9000, 30000))
    if match:
        results = data.draw(st.lists(st.sampled_from("1=0+-"), min_size=1, max_size=8))
        games = [(r, 1 + (r + 1) % 2, 2 - (r + 1) % 2, code) for r, code in enumerate(results, 1)]
        t = trfkit.loads(swiss_text([2000, 1900], games, type_line="092 Match"))
    else:
        t = trfkit.loads(generate_module.generate(players, rounds, seed))
    for p in t.players:
        p.rating = data.draw(rating) or None
    rs = attrs.evolve(
        get(rules),
        rating_gap_limit=gap,
        match_games_after_decision_rated=after_decision_rated,
    )
    kind = "match" if match else None
    package = engine.rate(t, rules=rs, type=kind)
    reference = rate_reference(t, rs, type=kind)
    _assert_same(package, reference)
