"""Form 2's total is the card's results'; where the file's 001 points
differ (check: S104), the card says the file's beside it, in every format,
as Form 1's remarks do, instead of a total no other form shows."""

from __future__ import annotations

import trfkit
from tests.trfbuild import swiss_text
from trfkit.report.form2 import form2_data, render_form2_csv, render_form2_text
from trfkit.report.forms import form1_of, form2_of


def _event(points_one: str) -> trfkit.Tournament:
    text = swiss_text([2000, 1900], [(1, 1, 2, "1"), (2, 2, 1, "=")])
    # Player 1's 001 points field (columns 81-84) as given.
    lines = [
        line[:80] + f"{points_one:>4}" + line[84:] if line.startswith("001    1") else line
        for line in text.splitlines()
    ]
    return trfkit.loads(("\n".join(lines) + "\n").encode())


def test_a_card_whose_file_total_differs_shows_both() -> None:
    t = _event("0.5")
    f = form2_of(t)
    card = render_form2_text(f).split("=" * 72 + "\n")[1]
    assert "Total:                             1½ (the file gives ½)" in card.splitlines()
    data = form2_data(f)["cards"]
    assert (data[0]["total"], data[0]["file_total"]) == (1.5, 0.5)
    assert data[1]["file_total"] is None
    head, first = render_form2_csv(f).splitlines()[:2]
    assert head.endswith(",total,rank,file_total")
    assert first.split(",")[-1] == "0.5"
    # Form 1 says the same of the same player.
    assert any("the file gives 0.5 points" in r for r in form1_of(t).remarks)


def test_a_card_that_agrees_shows_the_total_alone() -> None:
    f = form2_of(_event("1.5"))
    card = render_form2_text(f).split("=" * 72 + "\n")[1]
    assert "Total:                             1½" in card.splitlines()
    assert "the file gives" not in render_form2_text(f)
    assert form2_data(f)["cards"][0]["file_total"] is None
