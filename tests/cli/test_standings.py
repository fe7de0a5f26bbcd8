"""trfkit standings: the command, its four formats and its JSON schema."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.conftest import DATA
from trfkit.cli import main
from trfkit.report.registry import OUTPUTS

SWISS = str(DATA / "tec-swiss-16x5.trf")
ROUND_ROBIN = str(DATA / "tec-roundrobin-6x5.trf")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["standings", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_registered_in_every_format() -> None:
    assert {f for d, f in OUTPUTS if d == "standings"} == {"text", "json", "csv", "html"}


def test_json_is_valid_and_keyed_by_the_codes_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jsonschema")
    from trfkit.schemas import validator

    status, out, _ = _run(capsys, SWISS, "--tiebreaks", "BH-C1,BH,ARO", "--format", "json")
    assert status == 0
    doc = json.loads(out)
    validator("standings", strict=True).validate(doc)
    assert doc["edition"] == {
        "name": "c07-2023",
        "title": "FIDE C.07 (2023, 2024)",
        "source": "042 2024-06-01",
    }
    assert doc["tiebreaks"] == {"source": "given", "codes": ["BH-C1", "BH", "ARO"]}
    first = doc["players"][0]
    # TEC exercises p.32 and p.41: Bruno, 4.0, BH-C1 12.0, BH 13.0, ARO 1880.
    assert first == {
        "start_rank": 2,
        "rank": 1,
        "name": "Bruno",
        "points": 4,
        "tiebreaks": {"BH-C1": 12, "BH": 13, "ARO": 1880},
        "tied": False,
    }
    # #1 and #16: 3.5, BH-C1 11.0, BH 12.5, ARO 1820 each: still tied.
    assert doc["tied"] == [[1, 16]]


def test_rules_override_names_the_edition(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, SWISS, "--tiebreaks", "BH", "--tiebreak-rules", "c07-2026")
    assert status == 0
    assert "FIDE C.07 (2026) (c07-2026; given)" in out
    # 16.4.2: David's BH is 14.0 under the 2026 cap (15.0 in 2023).
    david = next(line for line in out.splitlines() if " David " in line)
    assert david.split()[-1] == "14.0"


def test_unknown_codes_on_the_command_line_are_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, SWISS, "--tiebreaks", "BH,FOO,BH/C9")
    assert status == 2 and out == ""
    assert "unknown tie-break codes FOO, BH/C9" in err


def test_no_tiebreaks_declared_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, ROUND_ROBIN)
    assert status == 0
    assert "No tie-breaks declared" in out
    # With no tie-break there is no "last tie-break": the groups are tied on points.
    assert "Still tied on points (no tie-breaks; starting ranks): 1, 2, 3; 4, 5, 6" in out
    assert "after the last tie-break" not in out
    status, out, _ = _run(capsys, ROUND_ROBIN, "--tiebreaks", "WIN")
    assert status == 0
    # The TEC round robin: 1, 2 and 3 (3.5 points) won 3 rounds each; 4, 5
    # and 6 (1.5) one each, Helene's by forfeit, which WIN counts (C.07 7.1).
    assert "Still tied after the last tie-break (starting ranks): 1, 2, 3; 4, 5, 6" in out


def test_csv_leaves_undefined_empty(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # One unrated player: the rating-based tie-breaks are undefined (C.07 Art. 10).
    text = Path(SWISS).read_text(encoding="utf-8").replace(" 1450 ITA", "      ITA")
    path = tmp_path / "unrated.trf"
    path.write_text(text, encoding="utf-8")
    status, out, _ = _run(capsys, str(path), "--tiebreaks", "ARO,BH", "--format", "csv")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert all(row["ARO"] == "" for row in rows)
    assert {row["BH"] for row in rows} >= {"13.0", "15.5"}


def test_html_escapes_and_marks_ties(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, SWISS, "--tiebreaks", "BH", "--format", "html")
    assert status == 0
    assert out.startswith("<!doctype html>")
    assert "<title>TEC exercises: Swiss · standings</title>" in out
    assert out.count("<tr class=tied>") == 4  # #1/#16 and #8/#11


def test_declared_212_is_used(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = Path(SWISS).read_text(encoding="utf-8").replace("092 Swiss", "092 Swiss\n212 PTS,SB,XYZ")
    path = tmp_path / "declared.trf"
    path.write_text(text, encoding="utf-8")
    status, out, _ = _run(capsys, str(path), "--format", "json")
    assert status == 0
    doc = json.loads(out)
    assert doc["tiebreaks"] == {"source": "212", "codes": ["SB"]}
    assert doc["notes"] == ["212 names tie-breaks not known here, left out: XYZ"]
