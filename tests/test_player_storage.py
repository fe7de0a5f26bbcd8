"""A player's rounds are stored once, as three columns, however they are read.

``Player.games`` is a :class:`~trfkit.model.Rounds`: the :class:`Cells`
columns and nothing else. Reading a round makes a view whose edits write
the columns; writing rounds (``[i] =``, ``append``, ``insert``, ``del``,
slices) copies values in. Before, reading ``games`` turned the columns into
a list of records for good, and the player was stored one of two ways
depending on what had been read (issue 31 §3).
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import trfkit
from tests.conftest import FIXTURES
from trfkit.model import Cells, Colour, Game, Player, Result, Rounds


def _loaded() -> trfkit.Tournament:
    return trfkit.load(FIXTURES / "swiss-trf16.trf")


def test_reading_the_games_leaves_the_store_as_it_was() -> None:
    t = _loaded()
    for p in t.players:
        before = p.cells()
        rounds = p.games
        assert list(rounds) == before.games()
        assert p.games[1:3] == before.games()[1:3]
        assert p.game(1) == before.games()[0]
        assert p.cells() is before and p.games is rounds
        assert type(p.games) is Rounds


def test_a_built_player_is_stored_as_a_read_one() -> None:
    read = _loaded().players[0]
    built = Player(read.start_rank, games=[copy.copy(g) for g in read.games])
    assert built.cells() == read.cells() and type(built.games) is Rounds
    assert Player(1, cells=read.cells()).games == read.games
    assert Player(1).cells() == Cells((), "", "") and Player(1).cell_count == 0


def test_an_edit_through_a_view_is_the_players() -> None:
    p = _loaded().players[0]
    g = p.games[0]
    g.result, g.colour, g.opponent = Result.DRAW, Colour.BLACK, 7
    assert (p.cells().opponents[0], p.cells().colours[0], p.cells().results[0]) == (7, "b", "=")
    assert p.games[0] == Game(7, Colour.BLACK, Result.DRAW) == g
    g.result = None  # an unreadable result (P002) is stored as "?"
    assert p.cells().results[0] == "?"


def test_a_game_read_with_game_is_a_copy() -> None:
    p = _loaded().players[0]
    g = p.game(1)
    g.result = Result.FORFEIT_WIN
    assert p.cells().results[0] != "+"


def test_views_of_replaced_rounds_keep_the_old_cells() -> None:
    p = _loaded().players[0]
    old = list(p.games)
    before = [(g.opponent, g.colour, g.result) for g in old]
    p.games = [Game(None, Colour.NONE, Result.FULL_POINT_BYE)]
    assert [(g.opponent, g.colour, g.result) for g in old] == before
    assert p.cells() == Cells((None,), "-", "F")
    # Assigning the old views back restores the line (report/pairings.py does).
    p.games = old
    assert [(g.opponent, g.colour, g.result) for g in p.games] == before


def test_a_view_copies_pickles_and_prints_as_a_game() -> None:
    p = _loaded().players[0]
    view = p.games[0]
    for made in (copy.copy(view), copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        assert type(made) is Game and made == view
    assert repr(view) == repr(Game(view.opponent, view.colour, view.result))
    assert Game(view.opponent, view.colour, view.result) == view
    assert view != Game(view.opponent, view.colour, Result.ZERO_POINT_BYE)
    assert pickle.loads(pickle.dumps(p.games)) == p.games
    assert copy.deepcopy(p).cells() == p.cells()


_games = st.builds(
    Game,
    st.one_of(st.none(), st.integers(1, 9999)),
    st.sampled_from(list(Colour)),
    st.one_of(st.none(), st.sampled_from(list(Result))),
)
_ops = st.one_of(
    st.tuples(st.just("set"), st.integers(-8, 8), _games),
    st.tuples(st.just("append"), st.just(0), _games),
    st.tuples(st.just("insert"), st.integers(-8, 8), _games),
    st.tuples(st.just("del"), st.integers(-8, 8), st.none()),
    st.tuples(st.just("edit"), st.integers(-8, 8), _games),
    st.tuples(st.just("slice"), st.integers(-8, 8), st.lists(_games, max_size=3)),
)


def _apply(target: Any, op: str, i: int, value: Any, *, model: bool) -> None:
    if op == "set":
        target[i] = copy.copy(value)
    elif op == "append":
        target.append(copy.copy(value))
    elif op == "insert":
        target.insert(i, copy.copy(value))
    elif op == "del":
        del target[i]
    elif op == "edit":
        g = target[i]
        g.opponent, g.colour, g.result = value.opponent, value.colour, value.result
    else:
        target[i : i + 2] = [copy.copy(v) for v in value]


@settings(max_examples=100, deadline=None)
@given(start=st.lists(_games, max_size=6), ops=st.lists(_ops, max_size=12))
def test_rounds_behave_as_a_list_of_games(start: list[Game], ops: list[Any]) -> None:
    # The list of records Player.games was is the model: every edit leaves
    # the columns saying what the list says.
    rounds = Rounds.of(start)
    model = [copy.copy(g) for g in start]
    for op, i, value in ops:
        outcomes: list[type[Exception] | None] = []
        for target, is_model in ((model, True), (rounds, False)):
            try:
                _apply(target, op, i, value, model=is_model)
                outcomes.append(None)
            except IndexError:
                outcomes.append(IndexError)
        assert outcomes[0] == outcomes[1]
        assert rounds.cells() == Cells.of(model)
        assert len(rounds) == len(model) and rounds == model
