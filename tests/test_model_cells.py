"""A player's round cells: kept as columns (Cells) until ``games`` is read.

The reader does not make a Game record per cell; the checks and the rating
engine read the columns. These tests hold the two views to each other: what
``games`` says and what ``cells()`` says are the same cells, an edit made
through ``games`` is what the checks, the rating and the writer see, and a
player's equality does not depend on which view was read.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import trfkit
import trfkit.model
from tests.conftest import FIXTURES, corpus_params, fixture_files
from trfkit.model import UNREADABLE, Cells, Colour, Game, Player, Result


def _loaded(name: str = "swiss-trf16.trf") -> trfkit.Tournament:
    return trfkit.load(FIXTURES / name)


def test_a_read_line_keeps_its_columns_as_the_file_writes_them() -> None:
    t = _loaded()
    first = t.players[0]
    # 001    1 ... 8 w 1    15 b 1     7 w 1     5 b 0     3 w 1
    assert first.cells() == Cells((8, 15, 7, 5, 3), "wbwbw", "11101")
    assert first.cell_count == 5
    assert first.game(4) == Game(5, Colour.BLACK, Result.LOSS)


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.name)
def test_games_and_cells_say_the_same_on_every_fixture(path: object) -> None:
    t = trfkit.load(path)  # type: ignore[arg-type]
    for p in t.players:
        columns = p.cells()
        singly = [p.game(r) for r in range(1, p.cell_count + 1)]
        games = p.games
        assert singly == games
        assert Cells.of(games) == columns
        assert len(games) == p.cell_count


@pytest.mark.parametrize("path", corpus_params())
def test_games_and_cells_say_the_same_on_the_corpus(path: object) -> None:
    t = trfkit.load(path)  # type: ignore[arg-type]
    for p in t.players:
        columns = p.cells()
        assert Cells.of(p.games) == columns


def _with_cells(line: str, cells: dict[int, str]) -> str:
    """``line`` with the 8 columns of round r's cell (opponent, colour,
    result: columns 92-99 + 10(r-1)) replaced."""
    chars = list(line.ljust(89 + 10 * max(cells)))
    for r, cell in cells.items():
        at = 91 + 10 * (r - 1)
        chars[at : at + 8] = cell
    return "".join(chars)


def test_lower_case_results_and_blank_colours_are_read_as_their_codes() -> None:
    text = (FIXTURES / "swiss-trf16.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    lines[at] = _with_cells(lines[at], {1: "   8 w w", 2: "0000   h", 3: "  15 b d"})
    t = trfkit.loads("\n".join(lines) + "\n")
    assert [d.code for d in t.diagnostics] == []
    first = t.player(1)
    assert first is not None
    assert first.cells()[1:] == ("w-bbw", "WHD01")
    assert first.games[1] == Game(None, Colour.NONE, Result.HALF_POINT_BYE)
    assert first.games[2] == Game(15, Colour.BLACK, Result.UNPLAYED_DRAW)


def test_a_line_with_an_unreadable_cell_keeps_its_records() -> None:
    text = (FIXTURES / "swiss-trf16.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    lines[at] = _with_cells(lines[at], {2: "  15 b ?"})
    t = trfkit.loads("\n".join(lines) + "\n")
    assert [d.code for d in t.diagnostics] == ["P002"]
    p = t.player(1)
    assert p is not None
    assert p.games[1] == Game(15, Colour.BLACK, None)
    assert p.cells().results == "1" + UNREADABLE + "101"


def test_an_edit_through_games_is_what_cells_checks_rating_and_writer_see() -> None:
    t = _loaded()
    p1 = t.players[0]
    assert p1.games[0] == Game(8, Colour.WHITE, Result.WIN)
    assert "S103" not in {d.code for d in trfkit.validate(t)}
    before = next(r for r in trfkit.rate(t, rules="fide-2009").players if r.start_rank == 1)
    # Player 1 now says he lost round 1, while player 8 still says he lost too.
    p1.games[0].result = Result.LOSS
    assert p1.cells().results[0] == "0"
    found = {(d.code, d.line) for d in trfkit.validate(t)}
    assert ("S103", p1.origin.line) in found  # type: ignore[union-attr]
    report = trfkit.rate(t, rules="fide-2009")
    line = next(r for r in report.players if r.start_rank == 1)
    assert (line.n, line.w) == (before.n, before.w - 1)  # a win fewer, the same games
    again = trfkit.loads(trfkit.dumps(t))
    assert again.players[0].cells().results == "01101"


def test_assigning_games_replaces_the_cells() -> None:
    t = _loaded()
    p = t.players[0]
    p.games = [Game(None, Colour.NONE, Result.FULL_POINT_BYE)]
    assert p.cells() == Cells((None,), "-", "F")
    assert p.cell_count == 1
    assert "0000 - F" in trfkit.dumps(t).splitlines()[p.origin.line - 1]  # type: ignore[union-attr]


def test_equality_does_not_depend_on_which_view_was_read() -> None:
    a, b = _loaded(), _loaded()
    for p in b.players:
        p.games  # noqa: B018 - makes the records
    assert a == b
    built = Player(
        1,
        a.players[0].name,
        a.players[0].sex,
        a.players[0].title,
        a.players[0].rating,
        a.players[0].federation,
        a.players[0].fide_id,
        a.players[0].birth_date,
        a.players[0].points,
        a.players[0].rank,
        games=copy.deepcopy(b.players[0].games),
    )
    assert built == a.players[0]
    built.games[0].colour = Colour.BLACK
    assert built != a.players[0]
    assert repr(a.players[0]) == repr(b.players[0])


def test_checking_and_rating_make_no_game_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """The design this module tests: a file read, checked and rated makes no
    Game record (no view of a round either) for a cell nothing reports
    (bench/: most of a load's time went to making them). A check that reads
    ``p.games`` breaks this."""
    t = _loaded()
    made: list[int] = []
    view = trfkit.model._RoundGame.__init__

    def counted(self: Any, rounds: Any, index: int) -> None:
        made.append(index)
        view(self, rounds, index)

    monkeypatch.setattr(trfkit.model._RoundGame, "__init__", counted)
    trfkit.validate(t)
    trfkit.rate(t, rules="auto")
    trfkit.rate(t, rules="fide-2022")
    assert made == []
    assert t.players[0].games[0].opponent is not None  # the count sees a view made
    assert made == [0]
