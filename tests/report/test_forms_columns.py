"""Forms 1 and 2 written a round at a time over all players (trfkit.report.forms).

The text renderers read the cells of every player a column per round
(:func:`by_round`, :func:`card_columns`); the JSON, CSV and HTML read each
card's rounds, worked out from that card's cells alone. These tests hold the
two readings to each other (lines of unequal length included) and check the
figures by hand where the columns pad a short line or count points in units.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import trfkit
from tests.trfbuild import swiss_text
from trfkit.model import Cells
from trfkit.report.form1 import form1_data, render_form1_text
from trfkit.report.form2 import form2_data, render_form2_text
from trfkit.report.format import quotient_or, whole_or
from trfkit.report.forms import card_columns, card_field, form1_of, form2_of

_FIELD = card_field(trfkit.loads(swiss_text([2000, 1900, None], [(1, 1, 2, "1")]).encode()))
"""Three players (the third unrated), the standard scoring."""

_CODES = sorted({key[0] for key in _FIELD.units if key[0] != "\0"})


@st.composite
def _cells(draw: st.DrawFn) -> Cells:
    n = draw(st.integers(0, 6))
    opponents = tuple(draw(st.lists(st.sampled_from([None, 1, 2, 3, 9]), min_size=n, max_size=n)))
    colours = "".join(draw(st.lists(st.sampled_from("wb-"), min_size=n, max_size=n)))
    results = "".join(draw(st.lists(st.sampled_from(_CODES), min_size=n, max_size=n)))
    return Cells(opponents, colours, results)


@settings(max_examples=200, deadline=None)
@given(st.lists(_cells(), max_size=6))
def test_columns_of_many_cards_are_each_cards_own(cells: list[Cells]) -> None:
    """A card among others (short lines padded to the longest) has the
    figures of the card alone: what the text prints is what the JSON says."""
    many = card_columns(cells, _FIELD)
    for i, c in enumerate(cells):
        one = card_columns([c], _FIELD)
        n = len(c.opponents)
        assert [k[i] for k in many.keys[:n]] == [k[0] for k in one.keys]
        assert [t[i] for t in many.totals[:n]] == [t[0] for t in one.totals]
        # Past the end of a short line: no points, the total stays.
        assert all(u[i] == 0 for u in many.units[n:])
        assert (many.rated_games[i], many.rated_units[i], many.rated_sum[i]) == (
            one.rated_games[0], one.rated_units[0], one.rated_sum[0],
        )  # fmt: skip


@given(st.integers(-(10**6), 10**6), st.integers(1, 10**4), st.integers(0, 3))
def test_quotient_or_is_whole_or_of_the_fraction(n: int, d: int, places: int) -> None:
    assert quotient_or(n, d, places) == whole_or(Fraction(n, d), places)


def _short_line() -> trfkit.Tournament:
    """Three players, two rounds; player 2's line stops after round 1."""
    text = swiss_text([2000, 1900, 1800], [(1, 1, 2, "1"), (2, 1, 3, "=")])
    lines = text.splitlines()
    two = next(i for i, x in enumerate(lines) if x.startswith("001    2"))
    assert lines[two].endswith("  0000 - Z")  # round 2: no game
    lines[two] = lines[two][: -len("  0000 - Z")]
    return trfkit.loads(("\n".join(lines) + "\n").encode())


def test_a_short_line_prints_its_own_rounds_only() -> None:
    t = _short_line()
    card = form2_of(t).cards[1]
    assert [(x.round, x.opponent, x.colour, x.result) for x in card.rounds] == [(1, 1, "b", "0")]
    text = render_form2_text(form2_of(t))
    cards = text.split("=" * 72 + "\n")[1:]
    # Player 2's card: its one round, lost to player 1 (2000) with black.
    two = cards[1].splitlines()
    rounds = two[two.index(next(x for x in two if x.startswith("Rd"))) + 1 :]
    assert rounds[0].split() == ["1", "1", "Player,", "No1", "2000", "b", "0", "0"]
    assert rounds[1] == ""
    assert "Number of rated opponents:         1" in two
    assert "Average rating of rated opponents: 2000" in two
    # Form 1: player 2's row has round 1 (against row 1, black, lost) and
    # an empty cell for round 2.
    f = form1_of(t)
    # (The builder's ranks repeat the starting ranks, which check refuses:
    # the rows are by points, so player 2 is found by his starting rank.)
    two = next(i for i, p in enumerate(f.players) if p.start_rank == 2)
    assert [(x.round, x.row, x.colour, x.result) for x in f.players[two].rounds] == [
        (1, 1, "b", "0")
    ]
    row = next(x for x in render_form1_text(f).splitlines() if "Player, No2" in x)
    assert row.split("|")[1].split() == ["1b0"]
    assert form1_data(f)["players"][two]["rounds"] == [
        {"round": 1, "opponent": 1, "opponent_no": 1, "colour": "b", "result": "0"}
    ]


def test_points_in_quarters_are_counted_exactly() -> None:
    """XXS W=3 D=1.25: a draw and a win are 4.25 (units of 0.01 inside)."""
    text = swiss_text([2000, 1900], [(1, 1, 2, "="), (2, 2, 1, "0")])
    text = text.replace("092 Swiss\n", "092 Swiss\nXXS W=3 D=1.25\n")
    t = trfkit.loads(text.encode())
    cards = form2_data(form2_of(t))["cards"]
    # Player 1: drew with white (1.25), won with black (3).
    assert [r["total"] for r in cards[0]["rounds"]] == [1.25, 4.25]
    assert (cards[0]["rated_score"], cards[0]["rated_opponents"]) == (4.25, 2)
    assert [r["total"] for r in cards[1]["rounds"]] == [1.25, 1.25]
    card_text = render_form2_text(form2_of(t)).split("=" * 72 + "\n")[1]
    # The card's total is its results'; the file's, which differs, beside it.
    assert "Total:                             4.25 (the file gives 1½)" in card_text.splitlines()
    # The file's points column says 1.5 and 0.5 (the standard scoring).
    assert form1_of(t).remarks == (
        "Player, No1 (rank 1): the file gives 1.5 points, the results add up to 4.25",
        "Player, No2 (rank 2): the file gives 0.5 points, the results add up to 1.25",
    )


def test_an_opponent_without_a_line_and_a_forfeit_a_round_at_a_time() -> None:
    """The columns look each cell up, then fix the few that differ: an
    opponent the file has no line for (no row: the mark alone), and a
    forfeit against a rated player (no game: not a rated opponent)."""
    text = swiss_text([2000, 1900, 1800], [(1, 1, 2, "1"), (2, 1, 3, "+")])
    # Player 1's round 1 names player 9, who has no line in the file.
    text = text.replace("   2 w 1", "   9 w 1", 1)
    t = trfkit.loads(text.encode())
    f = form1_of(t)
    # By points: player 1 (1 + 1 by forfeit) is row 1; players 2 and 3 have 0.
    assert f.players[0].start_rank == 1
    row = next(x for x in render_form1_text(f).splitlines() if "Player, No1" in x)
    # Round 1: "1" alone (player 9 has no row); round 2: player 3's row, white, "+".
    three = next(p.row for p in f.players if p.start_rank == 3)
    assert row.split("|")[1].split() == ["1", f"{three}w+"]
    card = render_form2_text(form2_of(t)).split("=" * 72 + "\n")[1].splitlines()
    rounds = card[card.index(next(x for x in card if x.startswith("Rd"))) + 1 :]
    assert rounds[0].split() == ["1", "9", "no", "such", "player", "w", "1", "1"]
    assert rounds[1].split() == ["2", "3", "Player,", "No3", "1800", "w", "+", "2"]
    # Neither round is a game against a rated opponent: player 9 has no
    # rating, and a forfeit is no game.
    assert "Number of rated opponents:         0" in card
    assert "Average rating of rated opponents:" in card
