"""Form 2's total is the card's results'; where the file's 001 points
differ (check: S104), the card says the file's beside it, in every format,
as Form 1's remarks do, instead of a total no other form shows."""

from __future__ import annotations

import trfkit
from tests.conftest import FIXTURES
from tests.trfbuild import swiss_text
from trfkit.report.form2 import form2_data, render_form2_csv, render_form2_text
from trfkit.report.forms import form1_of, form2_of


def _text(points_one: str) -> str:
    text = swiss_text([2000, 1900], [(1, 1, 2, "1"), (2, 2, 1, "=")])
    # Player 1's 001 points field (columns 81-84) as given.
    lines = [
        line[:80] + f"{points_one:>4}" + line[84:] if line.startswith("001    1") else line
        for line in text.splitlines()
    ]
    return "\n".join(lines) + "\n"


def _event(points_one: str) -> trfkit.Tournament:
    return trfkit.loads(_text(points_one).encode())


def test_a_card_whose_file_total_differs_shows_both() -> None:
    t = _event("0.5")
    f = form2_of(t)
    card = render_form2_text(f).split("=" * 72 + "\n")[1]
    assert "Total:                             1½ (the file gives ½)" in card.splitlines()
    data = form2_data(f)["cards"]
    assert (data[0]["total"], data[0]["file_total"]) == (1.5, 0.5)
    assert data[1]["file_total"] is None
    head, first = render_form2_csv(f).splitlines()[:2]
    assert head.endswith(",total,rank,file_total,file_total_by_299")
    assert first.split(",")[-2:] == ["0.5", "false"]
    # Form 1 says the same of the same player.
    assert any("the file gives 0.5 points" in r for r in form1_of(t).remarks)


def test_a_card_that_agrees_shows_the_total_alone() -> None:
    f = form2_of(_event("1.5"))
    card = render_form2_text(f).split("=" * 72 + "\n")[1]
    assert "Total:                             1½" in card.splitlines()
    assert "the file gives" not in render_form2_text(f)
    assert form2_data(f)["cards"][0]["file_total"] is None


def test_a_difference_a_299_record_makes_is_said_as_such() -> None:
    # TRF-2026 299 gives player 1 a point outside the results: the file's
    # 2.5 is his results' 1.5 and that point, as check sums it (no S104),
    # and Form 1 makes no remark; the card says where the file's comes from.
    t = trfkit.loads(
        (_text("2.5") + "299           1.0    1    1\n").encode()  # points, round, player
    )
    f = form2_of(t)
    card = render_form2_text(f).split("=" * 72 + "\n")[1]
    assert (
        "Total:                             1½ (the file gives 2½, with its 299 points)"
        in card.splitlines()
    )
    data = form2_data(f)["cards"][0]
    assert (data["file_total"], data["file_total_by_299"]) == (2.5, True)
    assert form2_data(form2_of(_event("0.5")))["cards"][0]["file_total_by_299"] is False
    assert not any("Player, No1" in r for r in form1_of(t).remarks)


def test_a_team_events_informative_points_are_not_set_against_the_total() -> None:
    # TRF-2026 §3.3: in a team event a player's points are informative (a
    # team's bye may be left out); Form 1 says so once, check's S104 is
    # info: the card does not call them a difference.
    text = (FIXTURES / "team-in-progress-trf26.trf").read_text(encoding="utf-8")
    first = next(x for x in text.splitlines() if x.startswith("001"))
    t = trfkit.loads(text.replace(first, first[:80] + " 3.0" + first[84:], 1).encode())
    one = next(p for p in t.players if p.points == 3)
    f = form2_of(t)
    assert next(c for c in f.cards if c.start_rank == one.start_rank).total != 3
    assert all(c.file_total is None for c in f.cards)
    assert "the file gives" not in render_form2_text(f)
