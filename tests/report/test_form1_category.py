"""Form 1's category line says why there is none, truly: a round robin
with no rated player has no average to be below 2251."""

from __future__ import annotations

from tests.conftest import FIXTURES
from trfkit.reader import loads
from trfkit.report.form1 import render_form1_text
from trfkit.report.forms import form1_of


def _unrated(text: str) -> str:
    # The 001 line's rating field (columns 49-52) left blank.
    return "\n".join(
        line[:48] + "    " + line[52:] if line.startswith("001") else line
        for line in text.splitlines()
    )


def test_a_round_robin_with_no_rated_player_says_so() -> None:
    text = (FIXTURES / "rating-chessa-rr8.trf").read_text(encoding="utf-8")
    t = loads(_unrated(text))
    out = render_form1_text(form1_of(t))
    assert "Average rating: no rated players" in out
    assert "Category: none (no rated players)" in out
    assert "average below 2251" not in out


def test_a_round_robin_with_a_low_average_still_says_below_2251() -> None:
    t = loads((FIXTURES / "rating-chessa-rr8.trf").read_text(encoding="utf-8"))
    assert "Category: none (average below 2251)" in render_form1_text(form1_of(t))
