"""The field's columns and the splitting of tied groups, worked by hand.

The tie-break families read the field's cells end to end (a player's line a
slice); these tests pin that layout, the per-player lists made from it, the
fore field (C.07 8.3), a round robin's free round (15.2) and the split of a
tied group (4.2), each on a tournament small enough to work out on paper.
"""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import groupby

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tiebreaks.test_second_implementation import random_swiss
from tests.trfbuild import swiss
from trfkit.model import Tournament
from trfkit.tiebreaks import standings
from trfkit.tiebreaks.editions import EDITIONS
from trfkit.tiebreaks.field import Field, field_of
from trfkit.tiebreaks.opponents import Elements, adjusted_scores, elements
from trfkit.tiebreaks.standings import Standings, Value, split_tied


def _four_players() -> tuple[Tournament, Field]:
    # Round 1: 1-2 1-0, 3-4 draw; round 2: 1-3 forfeit win, 2 and 4 absent
    # (0000 - Z); round 3: 1-4 0-1, 2-3 1-0.
    t = swiss(
        [2000] * 4,
        [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "+"), (3, 1, 4, "0"), (3, 2, 3, "1")],
    )
    return (t, field_of(t, round_robin=False))


def test_cells_end_to_end() -> None:
    _, f = _four_players()
    assert f.rounds == 3
    # Kinds: P played, W forfeit win, L forfeit loss, Z absent.
    assert f.all_kinds == "PWPPZPPLPPZP"
    assert f.all_opponents == [1, 2, 3, 0, -1, 2, 3, 0, 1, 2, -1, 0]
    assert list(f.all_points) == [10, 10, 0, 0, 0, 10, 5, 0, 0, 5, 0, 10]
    assert f.score == [20, 10, 5, 15]
    assert f.lines[2] == slice(6, 9)
    # The four cells of round 2 are the only ones not played over the board.
    assert f.unplayed == [1, 4, 7, 10]
    # The per-player lists the other families read, made from the columns.
    assert f.kinds == ["PWP", "PZP", "PLP", "PZP"]
    assert f.opponents[3] == [2, -1, 0]
    assert f.points[3] == [5, 0, 10]
    assert f.results == ["1+0", "0Z1", "=-0", "=Z1"]


def test_fore_field_draws_the_last_round() -> None:
    # C.07 8.3: every game of the final round a draw. Player 1 had 0 in
    # round 3 (now ½): 2½; 2 had 1 (now ½): ½; 3 had 0: 1; 4 had 1: 1.
    _, f = _four_players()
    fore = f.fore()
    assert fore.score == [25, 5, 10, 10]
    assert fore.all_kinds == f.all_kinds
    assert [fore.all_points[i * 3 + 2] for i in range(4)] == [5, 5, 5, 5]
    assert [fore.all_results[i * 3 + 2] for i in range(4)] == ["="] * 4
    assert fore.points[0] == [10, 10, 5]
    # The field itself is left as it was.
    assert f.score == [20, 10, 5, 15]
    assert f.results[0] == "1+0"


def test_round_robin_free_round_is_no_element() -> None:
    # Three players, three rounds, each with a free round (15.2): 1 beats 2
    # in round 1, 2-3 draw in round 2, 1 beats 3 in round 3. Scores 2, ½, ½.
    t = swiss([2000] * 3, [(1, 1, 2, "1"), (2, 2, 3, "="), (3, 3, 1, "0")])
    f = field_of(t, round_robin=True)
    c2023 = EDITIONS["c07-2023"]
    elems = elements(f, c2023, adjusted_scores(f, c2023), False)
    # Player 1 met 2 (½) and 3 (½), winning both; his free round 2 is left out.
    assert elems[0] == Elements([5, 5], [10, 10], None)
    assert elems[1] == Elements([20, 5], [0, 5], None)
    assert sorted(elems.irregular) == [0, 1, 2]
    s = standings(t, "BH,BH/C1,SB", rules="c07-2023", type="round-robin")
    got = {r.start_rank: r.tiebreaks for r in s.rows}
    # BH: 1: ½+½; 2: 2+½; 3: ½+2. BH/C1 drops the lowest. SB: 1: ½·1+½·1;
    # 2: 2·0+½·½; 3: ½·½+2·0.
    assert got[1] == {"BH": Decimal("1.0"), "BH/C1": Decimal("0.5"), "SB": Decimal("1.00")}
    assert got[2] == {"BH": Decimal("2.5"), "BH/C1": Decimal("2.0"), "SB": Decimal("0.25")}
    assert got[3] == got[2]
    assert [r.start_rank for r in s.rows] == [1, 2, 3]
    assert s.tied == ((2, 3),)


def test_split_tied_best_first() -> None:
    col: list[Decimal | int | None] = [
        Decimal("1.5"),
        Decimal("2.0"),
        Decimal("1.5"),
        Decimal("2.00"),
        None,
    ]
    # Two players: higher first, or lower first (TPN, /R); equal values,
    # whatever their printed places, stay together.
    assert split_tied([0, 1], col, False, set()) == [[1], [0]]
    assert split_tied([0, 1], col, True, set()) == [[0], [1]]
    assert split_tied([1, 0], col, False, set()) == [[1], [0]]
    assert split_tied([0, 2], col, False, set()) == [[0, 2]]
    assert split_tied([1, 3], col, True, set()) == [[1, 3]]
    # More: runs of equal values, best first.
    assert split_tied([0, 1, 2, 3], col, False, set()) == [[1, 3], [0, 2]]
    assert split_tied([0, 1, 2, 3], col, True, set()) == [[0, 2], [1, 3]]
    # An undefined value breaks no tie: the group stays whole.
    assert split_tied([0, 4], col, False, {4}) == [[0, 4]]
    assert split_tied([0, 1, 4], col, False, {4}) == [[0, 1, 4]]


def _group_by_group(s: Standings) -> dict[int, tuple[int, bool]]:
    """Each player's rank and whether he is still tied, worked from the
    rows' own values the plain way (C.07 4.2): groups by points, then each
    tie-break splitting every group still tied, best first."""
    top = max(r.start_rank for r in s.rows)
    points: list[Value] = [None] * (top + 1)
    for r in s.rows:
        points[r.start_rank] = r.points
    groups = [
        list(same)
        for _, same in groupby(
            sorted((r.start_rank for r in s.rows), key=points.__getitem__, reverse=True),  # type: ignore[arg-type]
            points.__getitem__,
        )
    ]
    for tb in s.tiebreaks:
        code = tb.text or tb.code
        column: list[Value] = [None] * (top + 1)
        for r in s.rows:
            column[r.start_rank] = r.tiebreaks[code]
        undefined = {r.start_rank for r in s.rows if r.tiebreaks[code] is None}
        groups = [
            part
            for group in groups
            for part in split_tied(group, column, tb.lower_is_better, undefined)
        ]
    out: dict[int, tuple[int, bool]] = {}
    place = 1
    for group in groups:
        for start in group:
            out[start] = (place, len(group) > 1)
        place += len(group)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(
        ["BH/C1,BH,SB,WIN,ARO", "SB,BH,TPN", "WIN,TPN/R,BH", "BH,TPR,PS", "TPR,BH/C1,WIN"]
    ),
)
def test_ranks_as_group_by_group(rng: random.Random, codes: str) -> None:
    # The standings rank by one integer key a player (points, then each
    # tie-break's place among its distinct values) up to the first
    # tie-break with some values undefined, then visit only the groups still
    # tied, and make the ranks and tied flags a group at a time: the ranks
    # must be those of splitting every group the plain way. Ratings all
    # given (ARO, TPR defined) or one missing (undefined: the groups with
    # him stay whole); TPN ranks ascending; TPR first is undefined for a
    # player without a game, so the groups go one by one from the start.
    t = random_swiss(rng)
    if rng.random() < 0.3:
        t.players[0].rating = None
    s = standings(t, codes, rules="c07-2023", type="swiss")
    assert {r.start_rank: (r.rank, r.tied) for r in s.rows} == _group_by_group(s)
