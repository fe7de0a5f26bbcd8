"""Every CSV is read with its header and each row zipped strictly; the text,
JSON and CSV of one report agree on every player's figures.

csv.DictReader files extra values under a ``None`` key, so a header one
column short of its rows passed the old tests; these read with csv.reader
and ``zip(..., strict=True)``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.trfbuild import swiss_text
from trfkit.cli import main
from trfkit.report.rating import CSV_GAME_COLUMNS, CSV_PLAYER_COLUMNS

FIXTURES = ROOT / "fixtures"
PERIOD = FIXTURES / "period"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    assert status in (0, 1), err
    return status, out


def strict_sections(text: str) -> list[list[dict[str, str]]]:
    """The CSV's sections (separated by a blank line), each a list of rows
    as dicts, failing when any row is wider or narrower than its header."""
    out = []
    for block in text.split("\n\n"):
        if not block.strip():
            continue
        rows = list(csv.reader(io.StringIO(block)))
        header, body = rows[0], rows[1:]
        out.append([dict(zip(header, row, strict=True)) for row in body])
    return out


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _two_players(tmp_path: Path) -> Path:
    """2000 (born 1980) beats 1900 in 2025: K 20, D 100 → PD .64,
    20 × .36 = 7.2 → 2007; the 1900: 20 × −.36 = −7.2 → 1893."""
    return _write(
        tmp_path, "two.trf", swiss_text([2000, 1900], [(1, 1, 2, "1")], born=["1980/01/01"] * 2)
    )


def test_one_file_csv_has_no_path_column_and_every_row_fits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out = _run(capsys, "rate", str(_two_players(tmp_path)), "--format", "csv")
    players, games = strict_sections(out)
    assert list(players[0]) == list(CSV_PLAYER_COLUMNS)
    assert list(games[0]) == list(CSV_GAME_COLUMNS)
    first = players[0]
    assert (first["start_rank"], first["rating"], first["n"], first["we"]) == (
        "1",
        "2000",
        "1",
        "0.64",
    )
    assert (first["k"], first["change"], first["new_rating"]) == ("20", "7.2", "2007")
    assert (players[1]["change"], players[1]["new_rating"]) == ("-7.2", "1893")
    assert games[0]["d"] == "100" and games[0]["pd"] == "0.64"


def test_many_files_csv_has_a_path_column_and_every_row_fits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _two_players(tmp_path)
    _write(tmp_path, "b.trf", swiss_text([1800, 1800], [(1, 1, 2, "=")], born=["1980/01/01"] * 2))
    _, out = _run(capsys, "rate", str(tmp_path), "--format", "csv", "--jobs", "1")
    players, games = strict_sections(out)
    assert list(players[0]) == ["path", *CSV_PLAYER_COLUMNS]
    assert list(games[0]) == ["path", *CSV_GAME_COLUMNS]
    assert {r["path"].rsplit("/", 1)[-1] for r in players} == {"two.trf", "b.trf"}
    # 1800 draws 1800: D 0 → PD .50, no change.
    assert [r["change"] for r in players if r["path"].endswith("b.trf")] == ["0", "0"]


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_games_csv_has_the_games_in_every_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    games_file = tmp_path / "games.csv"
    _run(
        capsys, "rate", str(_two_players(tmp_path)), "--format", fmt, "--games-csv", str(games_file)
    )
    [rows] = strict_sections(games_file.read_text(encoding="utf-8"))
    assert list(rows[0]) == list(CSV_GAME_COLUMNS)
    assert [(r["start_rank"], r["result"], r["score"]) for r in rows] == [
        ("1", "1", "1"),
        ("2", "0", "0"),
    ]


def test_rate_period_csv_rows_fit_their_header(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(map(str, PERIOD.glob("event*.trf")))
    _, out = _run(
        capsys, "rate-period", *files, "--rating-list", f"2025-03={PERIOD / 'players-2025-03.txt'}",
        "--format", "csv",
    )  # fmt: skip
    sections = strict_sections(out)
    assert sections and all(sections)
    [alba] = [r for r in sections[0] if r.get("fide_id") == "91100010"]
    # Worked in tests/rating/test_period.py: K 38 over 18 games, +78 → 2078.
    assert (alba["k"], alba["new_rating"]) == ("38", "2078")


@pytest.mark.parametrize(
    "fixture", ["swiss-trf16.trf", "swiss-trf26.trf", "roundrobin-8.trf", "rating-rr10-unrated.trf"]
)
def test_text_json_and_csv_agree_on_every_player(
    capsys: pytest.CaptureFixture[str], fixture: str
) -> None:
    path = str(FIXTURES / fixture)
    _, js = _run(capsys, "rate", path, "--format", "json")
    _, cs = _run(capsys, "rate", path, "--format", "csv")
    _, tx = _run(capsys, "rate", path, "--ascii")
    data = json.loads(js)
    players = strict_sections(cs)[0]
    assert len(players) == len(data["players"])
    for p, row in zip(data["players"], players, strict=True):
        assert str(p["start_rank"]) == row["start_rank"]
        for key in ("n", "k", "new_rating", "ru"):
            assert ("" if p[key] is None else str(p[key])) == row[key], (fixture, key, p["name"])
        for key in ("rc", "w", "we", "change"):
            if p[key] is None:
                assert row[key] == ""
            else:
                assert float(row[key]) == pytest.approx(p[key]), (fixture, key, p["name"])
        if p["new_rating"] is not None and p["n"]:
            # Form 3's first line of a player ends with his new rating.
            family = row["family_name"]
            lines = [ln for ln in tx.splitlines() if ln.startswith(family[:12])]
            assert any(ln.rstrip().endswith(str(p["new_rating"])) for ln in lines), (
                fixture,
                family,
            )


def test_every_rate_format_is_one_registry_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The command line offers exactly the formats the registry has for
    Form 3, and refuses many files where the entry says so."""
    from trfkit.report.registry import OUTPUTS

    formats = {f for d, f in OUTPUTS if d == "form3"}
    assert formats == {"text", "csv", "json", "jsonl", "html"}
    for fmt in formats:
        status, _ = _run(capsys, "rate", str(_two_players(tmp_path)), "--format", fmt)
        assert status == 0, fmt
    status = main(["rate", str(tmp_path), "--format", "html"])
    err = capsys.readouterr().err
    assert status == 2 and OUTPUTS["form3", "html"].one_file_only in err
