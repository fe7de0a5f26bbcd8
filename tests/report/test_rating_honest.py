"""Form 3 says what it assumed: the time control and rate class, the rule
set's force at the start, floors, zero scores, errors in the file, events
with nothing to rate, and assumed K (issue "trust on real files", §3)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.trfbuild import swiss, swiss_text
from trfkit.cli import main
from trfkit.rating.engine import rate
from trfkit.report.rating import render_rating_html, render_rating_text


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _five_games(**options: object) -> str:
    # Player 1 wins five games with alternating colours (a clean Swiss).
    games = [(r, 1, r + 1, "1") if r % 2 else (r, r + 1, 1, "0") for r in range(1, 6)]
    text = swiss_text([2000] + [1900] * 5, games, **options)  # type: ignore[arg-type]
    # Over five days: five rounds of 90 + 30 in one would be 20 hours (R302).
    return re.sub(r"^052 (\d{4})/(\d\d)/\d\d$", r"052 \1/\2/28", text, flags=re.M)


def test_no_time_control_is_said_to_be_an_assumption() -> None:
    report = rate(swiss([2000, 1900], [(1, 1, 2, "1")], time_control=""))
    header = render_rating_text(report)
    assert (
        "Time Control:  none in the file; rated as standard "
        "(assumed: the file gives no time control)" in header
    )
    assert report.event.rate_class_assumed == "the file gives no time control"


def test_a_given_time_control_is_shown_and_overrides_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "e.trf"
    path.write_text(_five_games(time_control="90 min + 30 sec/move"), encoding="utf-8")
    status, out, _ = _run(capsys, "rate", str(path), "--time-control", "15+10")
    assert status == 0
    # 15 + 60 × 10 s = 25 minutes for 60 moves: rapid, under the R&B rules.
    assert (
        "Time Control:  15+10 (given, overriding the file's '90 min + 30 sec/move'); "
        "rated as rapid" in out
    )
    assert "Rules:         fide-rb-2024" in out


def test_a_rule_set_not_in_force_says_so_in_the_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "e.trf"
    path.write_text(_five_games(start="2018/04/08"), encoding="utf-8")
    status, out, _ = _run(capsys, "rate", str(path), "--rules", "fide-2024", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["rules"]["in_force"] is False
    assert "NOT IN FORCE at the start 2018-04-08" in data["rules"]["source"]
    _, text, _ = _run(capsys, "rate", str(path), "--rules", "fide-2024")
    assert "Chosen by:     given; NOT IN FORCE at the start 2018-04-08" in text


@pytest.mark.parametrize(
    ("rules", "start", "floor"),
    [
        ("fide-2009", "2010/03/01", 1200),
        ("fide-2014", "2015/03/01", 1000),
        ("fide-2024", "2025/03/01", 1400),
    ],
)
def test_a_first_rating_below_the_floor_is_not_published(
    rules: str, start: str, floor: int
) -> None:
    """Nine games (enough under every text) against opponents rated at the
    floor, 1 win and 8 losses: p = 1/9 = .11 → dp −349 (2024: with the two
    hypothetical 1800 draws, (1 + 1)/11 = .18 → dp −262 on Ra 1800 × 2 +
    1400 × 9 over 11 = 1472.7: 1211). Every Ru is below its floor."""
    results = ["1"] + ["0"] * 8
    games = [(r, 1, r + 1, res) for r, res in enumerate(results, start=1)]
    t = swiss([None] + [floor] * 9, games, start=start)
    nc = rate(t, rules).player(1).newcomer
    assert nc is not None and nc.ru is not None
    assert nc.ru < floor and not nc.publishable
    assert nc.reason == f"{nc.ru} is below the rating floor {floor}"


def test_a_zero_score_has_no_ru_and_says_why() -> None:
    games = [(r, 1, r + 1, "0") for r in range(1, 6)]
    t = swiss([None] + [1900] * 5, games, start="2023/03/01")
    p = rate(t, "fide-2022").player(1)
    assert p.newcomer is not None and p.newcomer.ru is None and p.ru is None
    assert not p.newcomer.counts
    assert "a first event needs more than 0" in p.newcomer.reason


def test_nothing_to_rate_is_one_line() -> None:
    """Four unrated players: no game counts for anyone."""
    t = swiss([None] * 4, [(1, 1, 2, "1"), (1, 3, 4, "=")])
    report = rate(t)
    assert report.nothing_to_rate
    text = render_rating_text(report)
    assert text.count("Nothing to rate: no game between two rated players counts") == 1
    assert "Family name" not in text  # no grid of blank rows
    assert "Nothing to rate" in render_rating_html(report)


def test_an_event_with_rated_games_is_not_nothing_to_rate() -> None:
    assert not rate(swiss([2000, 1900], [(1, 1, 2, "1")])).nothing_to_rate


def test_rate_of_a_file_with_errors_has_a_banner_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Player 1 declares 4.0 where his five wins give 5: one S104 error."""
    text = _five_games().replace(" 5.0    1", " 4.0    1", 1)
    path = tmp_path / "e.trf"
    path.write_text(text, encoding="utf-8")
    status, out, _ = _run(capsys, "rate", str(path))
    assert status == 1
    assert out.startswith(
        "WARNING: trfkit check finds 1 error in this file (S104 × 1): the figures below may be wrong."
    )
    status, out, _ = _run(capsys, "rate", str(path), "--format", "json")
    assert status == 1 and json.loads(out)["check"] == {"errors": 1, "codes": {"S104": 1}}
    clean = tmp_path / "clean.trf"
    clean.write_text(_five_games(), encoding="utf-8")
    status, out, _ = _run(capsys, "rate", str(clean), "--format", "json")
    assert status == 0 and json.loads(out)["check"] == {"errors": 0, "codes": {}}


def test_assumed_k_is_one_note_for_all() -> None:
    """Ten adults under 2400 and a junior: one note, the K 20 group counted,
    the junior named with why."""
    ratings = [2000 + 10 * i for i in range(11)]
    games = [(1, 2 * i + 1, 2 * i + 2, "=") for i in range(5)]
    born = ["1980/01/01"] * 10 + ["2010/01/01"]
    t = swiss(ratings, [*games, (2, 11, 1, "=")], start="2025/03/01", born=born)
    report = rate(t)
    text = render_rating_text(report)
    assert text.count("K is assumed for") == 1
    assert "K is assumed for 11 players (marked ?)" in text
    assert "K 20 for 10 players (rated under 2400)" in text
    assert "K 40 for 1 player: 11 Player, No11 (junior: 15 in 2025 and rated under 2300)" in text
    assert "K 20 assumed" not in text
