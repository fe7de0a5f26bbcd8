"""Adding a tie-break (docs/architecture.md): a tie-break declared in this
test module with :func:`trfkit.tiebreaks.declared.tiebreak` is read as a code
(``--tiebreaks``, a file's 212 record), computed into every format of
``trfkit standings`` and accepted by ``trfkit check --tiebreaks``, with no
other edit; the tie-breaks of C.07 Art. 7 are declared so too."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import trfkit
from tests.conftest import ROOT
from trfkit.cli import main
from trfkit.model import Colour, Result
from trfkit.tiebreaks import UnknownTieBreak, parse_tiebreak, standings
from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.declared import declared, scratch, tiebreak
from trfkit.tiebreaks.field import PLAYED, Field

FILE = ROOT / "fixtures" / "swiss-trf16.trf"


@pytest.fixture
def fake_tiebreak() -> Iterator[None]:
    """WHT, games played over the board with white: declared here and
    nowhere else (forgotten afterwards)."""
    with scratch():

        @tiebreak("WHT", "test", "games played over the board with white")
        def white_games(f: Field, tb: TieBreak) -> list[int]:
            return [
                sum(1 for k, c in zip(kinds, cols, strict=True) if k == PLAYED and c == "w")
                for kinds, cols in zip(f.kinds, f.colours, strict=True)
            ]

        yield


def _white_games() -> dict[int, int]:
    """Each player's games with white over the board, from the records."""
    t = trfkit.load(FILE)
    over_the_board = {Result.WIN, Result.DRAW, Result.LOSS}
    return {
        p.start_rank: sum(
            1
            for g in p.games
            if g.opponent is not None and g.colour is Colour.WHITE and g.result in over_the_board
        )
        for p in t.players
    }


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(list(argv))
    return status, out.getvalue()


def test_a_declared_tiebreak_is_a_code(fake_tiebreak: None) -> None:
    assert parse_tiebreak("wht").code == "WHT"
    assert declared()["WHT"].article == "test"
    with pytest.raises(UnknownTieBreak):
        parse_tiebreak("WHT/C1")  # it takes no modifier


def test_a_tiebreak_is_forgotten_outside_its_declaration() -> None:
    with pytest.raises(UnknownTieBreak):
        parse_tiebreak("WHT")


def test_a_declared_tiebreak_is_computed_into_the_standings(fake_tiebreak: None) -> None:
    s = standings(trfkit.load(FILE), "WHT")
    expected = _white_games()
    assert max(expected.values()) > 0
    assert {row.start_rank: row.tiebreaks["WHT"] for row in s.rows} == expected


def test_a_declared_tiebreak_reaches_every_standings_format(fake_tiebreak: None) -> None:
    expected = _white_games()
    status, out = _run("standings", "--tiebreaks", "WHT", "--format", "json", str(FILE))
    assert status == 0
    doc = json.loads(out)
    assert doc["tiebreaks"]["codes"] == ["WHT"]
    assert {p["start_rank"]: p["tiebreaks"]["WHT"] for p in doc["players"]} == expected
    _, text = _run("standings", "--tiebreaks", "WHT", str(FILE))
    assert re.search(r"^\s*Rk\s+SNo\s+Name\s+Pts\s+WHT$", text, re.M)
    _, out_csv = _run("standings", "--tiebreaks", "WHT", "--format", "csv", str(FILE))
    rows = list(csv.reader(io.StringIO(out_csv)))
    assert "WHT" in rows[0]
    _, html = _run("standings", "--tiebreaks", "WHT", "--format", "html", str(FILE))
    assert ">WHT<" in html


def test_a_file_may_declare_it_and_check_judges_ranks_by_it(
    fake_tiebreak: None, tmp_path: Path
) -> None:
    text = FILE.read_text(encoding="utf-8")
    assert "\n212 " not in text
    path = tmp_path / "declared.trf"
    path.write_text(text.replace("\n001 ", "\n212 PTS, WHT\n001 ", 1), encoding="utf-8")
    doc = json.loads(_run("standings", "--format", "json", str(path))[1])
    assert doc["tiebreaks"] == {"source": "212", "codes": ["WHT"]}
    _, out = _run("check", "--format", "json", "--tiebreaks", "WHT", str(FILE))
    (checked,) = json.loads(out)["files"]
    # S116 judges the file's ranks by the given tie-breaks: WHT's values
    # decide, and the finding names them.
    judged = [d["message"] for d in checked["diagnostics"] if d["code"] == "S116"]
    assert judged and all("(--tiebreaks: WHT;" in m for m in judged)


def test_the_tiebreaks_of_article_7_are_declared_and_documented() -> None:
    own = {"WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN"}
    assert own <= set(declared())
    table = (ROOT / "docs" / "standings.md").read_text(encoding="utf-8")
    rows = {
        code.split(" ")[0]
        for line in re.findall(r"^\| ([A-Z][^|]*) \| [\d., ]+ \|", table, re.M)
        for code in line.split(", ")
    }
    assert set(declared()) <= rows, set(declared()) - rows
    assert all(d.article == f"7.{i}" for i, d in enumerate(declared().values(), 1))
