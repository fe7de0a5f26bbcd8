"""``trfkit pairings`` says what it pairs by: check's banner (as standings
has it), and where a player's declared total disagrees with the results the
engine pairs by (S104), the affected rounds say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.pairing.trfmaker import line
from trfkit.cli import main

CORPUS = ROOT.parent / "shared" / "corpus"
BUNRATTY = CORPUS / "sanichi__icu_tournament" / "bunratty_masters_2011.tab"


def _file(tmp_path: Path, bye: str) -> str:
    """Player 3's round-1 cell has no opponent and the letter ``bye``; his
    total (1.5) counts it as a half-point bye whatever the letter."""
    lines = [
        line(1, ["4 w 1", "2 b 1"], 2.0, 2400),
        line(2, ["5 w 1", "1 w 0"], 1.0, 2300),
        line(3, [f"0000 - {bye}", "4 b 1"], 1.5, 2200),
        line(4, ["1 b 0", "3 w 0"], 0.0, 2100),
        line(5, ["2 b 0", "0000 - U"], 1.0, 2000),
    ]
    path = tmp_path / f"{bye}.trf"
    path.write_text("012 Hand-built\n092 Swiss\n042 2025/03/01\n" + "\n".join(lines) + "\n")
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_a_total_counting_a_no_point_bye_is_said_from_the_round_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _run(capsys, "pairings", _file(tmp_path, "Z"), "--format", "json")
    data = json.loads(out)
    assert status == 1
    assert data["check"]["codes"]["S104"] == 1
    notes = {r["round"]: r["points_notes"] for r in data["rounds"]}
    assert notes == {
        1: [],
        2: ["the engine scores player 3's round-1 cell 0; the file's total counts ½ (S104)"],
    }


def test_a_written_half_point_bye_has_no_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out = _run(capsys, "pairings", _file(tmp_path, "H"), "--format", "json")
    data = json.loads(out)
    assert "S104" not in data["check"]["codes"]
    assert all(r["points_notes"] == [] for r in data["rounds"])


def test_text_and_html_open_with_checks_banner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, "Z")
    _status, text = _run(capsys, "pairings", path)
    assert text.startswith("WARNING: trfkit check finds 2 errors in this file (S104 × 1, S105 × 1)")
    _status, page = _run(capsys, "pairings", path, "--format", "html")
    # Styled by the document's own <style>: a style attribute is blocked by
    # the page's Content Security Policy in the Pairings tab's frame.
    assert '<p class="banner" role="alert">WARNING: trfkit check finds 2 errors' in page
    assert "p.banner {" in page.split("</style>")[0]
    assert 'style="' not in page


def test_bunratty_round_2_says_the_engine_reads_two_byes_as_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not BUNRATTY.exists():
        pytest.skip(f"{BUNRATTY} is absent (the shared corpus)")
    _status, out = _run(capsys, "pairings", str(BUNRATTY), "--rounds", "2-2")
    assert out.startswith("WARNING: trfkit check finds")
    why = out.split("  Why: ")[1].splitlines()
    assert why[1:3] == [
        "  Note: the engine scores player 19's round-1 cell 0; the file's total counts ½ (S104)",
        "  Note: the engine scores player 34's round-1 cell 0; the file's total counts ½ (S104)",
    ]


def test_a_299_bonus_is_said_not_silently_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # TRF-2026 299, blank type (a bonus): 2 points to player 4 in round 1,
    # in the layout of Sharly-Chess's indiv_299_bonus.input.
    text = (
        Path(_file(tmp_path, "H"))
        .read_text()
        .replace("042 2025/03/01\n", "042 2025/03/01\n299           2.0    1    4\n")
    )
    path = tmp_path / "bonus.trf"
    path.write_text(text)
    said = (
        "299 gives player 4 2 points outside the results in round 1: standings counts them; "
        "the engine pairs by the results"
    )
    _status, out = _run(capsys, "pairings", str(path), "--format", "json")
    assert [a[: len(said)] for a in json.loads(out)["points_adjustments"]] == [said]
    _status, out = _run(capsys, "pairings", str(path))
    assert f"Note: {said}" in out.split("\n\n")[1]
    _status, page = _run(capsys, "pairings", str(path), "--format", "html")
    assert f'<p class="note adjustment">Note: {said}' in page


def test_pair_says_the_299_it_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # trfkit pair pairs by the same scores as pairings: the 299 it does not
    # apply is said in each format (the TRF output beside it, on stderr).
    text = (
        Path(_file(tmp_path, "H"))
        .read_text()
        .replace("042 2025/03/01\n", "042 2025/03/01\n299           2.0    1    4\n")
    )
    path = tmp_path / "bonus.trf"
    path.write_text(text)
    said = "299 gives player 4 2 points outside the results in round 1"
    _status, out = _run(capsys, "pair", str(path), "--format", "json")
    (note,) = json.loads(out)["points_adjustments"]
    assert note.startswith(said)
    _status, out = _run(capsys, "pair", str(path), "--format", "text")
    assert f"Note: {said}" in out.split("\n\n")[0]
    main(["pair", str(path)])
    assert f"trfkit: note: {said}" in capsys.readouterr().err
    _status, out = _run(capsys, "pair", _file(tmp_path, "Z"), "--format", "json")
    assert json.loads(out)["points_adjustments"] == []


def test_no_299_no_adjustment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _status, out = _run(capsys, "pairings", _file(tmp_path, "H"), "--format", "json")
    assert json.loads(out)["points_adjustments"] == []


def _baku(tmp_path: Path) -> str:
    """8 players, 3 rounds, 192 ..._BAKU: C.04.5.1 gives group A the first
    2 x ceil(8 / 4) = 4 players; the accelerated rounds are the first
    ceil(3 / 2) = 2, with 1 virtual point in the first ceil(2 / 2) = 1 of
    them and ½ after. Round 1 pairs neighbours (1-2, 3-4, ...), which the
    system does not (group A's bracket is 1-3, 2-4 or so)."""
    cells = {1: "2 w 1", 2: "1 b 0", 3: "4 w 1", 4: "3 b 0"}
    cells |= {5: "6 w 1", 6: "5 b 0", 7: "8 w 1", 8: "7 b 0"}
    points = {n: 1.0 if n % 2 else 0.0 for n in cells}
    lines = [line(n, [cells[n]], points[n], 2500 - 10 * n) for n in cells]
    path = tmp_path / "baku.trf"
    path.write_text("012 Hand-built\n142 3\n192 FIDE_DUTCH_2026_BAKU\n" + "\n".join(lines) + "\n")
    return str(path)


def test_baku_acceleration_is_said_with_group_a_and_its_virtual_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _baku(tmp_path)
    _status, out = _run(capsys, "pairings", path, "--format", "json")
    acceleration = json.loads(out)["acceleration"]
    assert acceleration["virtual_points"] == {str(n): {"1": 1.0, "2": 0.5} for n in (1, 2, 3, 4)}
    said = (
        "Acceleration: C.04.5.1 Baku acceleration (192 FIDE_DUTCH_2026_BAKU): group A, "
        "players 1-4, has virtual points added to the score a round is paired by: "
        "round 1 +1, round 2 +½"
    )
    assert acceleration["text"] == said
    _status, text = _run(capsys, "pairings", path)
    assert said in text.splitlines()
    # Round 1's boards show group A at the score the bracket is named by:
    # 0 real points and 1 virtual, group B at 0.
    assert "1 Player 1 (1, +1 virtual)" in text
    assert "Player 5 (0)" in text
    _status, page = _run(capsys, "pairings", path, "--format", "html")
    assert f'<p class="acceleration">{said}</p>' in page
    assert "(1, +1 virtual)" in page


def test_no_acceleration_no_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _status, out = _run(capsys, "pairings", _file(tmp_path, "H"), "--format", "json")
    assert json.loads(out)["acceleration"] is None
    _status, text = _run(capsys, "pairings", _file(tmp_path, "H"))
    assert "Acceleration" not in text and "virtual" not in text


def test_round_1_equal_on_the_criteria_names_the_first_candidate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Four players, one bracket, nobody floats: 1-2, 3-4 against the
    # system's S1-S2 (1-3, 4-2). Neither breaks a criterion; the rule that
    # decides is the first candidate, not C.4/C.7 or a transposition.
    lines = [
        line(1, ["2 w ="], 0.5, 2400),
        line(2, ["1 b ="], 0.5, 2300),
        line(3, ["4 w ="], 0.5, 2200),
        line(4, ["3 b ="], 0.5, 2100),
    ]
    path = tmp_path / "r1.trf"
    path.write_text("012 Hand-built\n042 2025/03/01\n" + "\n".join(lines) + "\n")
    _status, out = _run(capsys, "pairings", str(path), "--format", "json")
    explanation = json.loads(out)["rounds"][0]["explanation"]
    assert explanation["criterion"] == "B.3"
    assert explanation["text"].startswith(
        "round 1 is one bracket, paired top half against bottom half by pairing number "
        "(S1's first against S2's first, and so on: 2017 B.2-B.3)"
    )
    _status, out = _run(capsys, "pairings", str(path), "--system", "dutch-2026")
    assert "Why: round 1 is one bracket" in out and "2026 3.2-3.3" in out
    assert "C4, the completion" not in out


def test_check_pairings_says_when_an_event_is_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The same rule as `trfkit pairings`, which refuses a declared round
    # robin (exit 2): check --pairings says it once (S129), and plain check
    # says nothing of pairings.
    path = tmp_path / "rr.trf"
    path.write_text(Path(_file(tmp_path, "H")).read_text().replace("092 Swiss", "092 Round robin"))
    status, out = _run(capsys, "pairings", str(path))
    assert status == 2 and out == ""
    _status, out = _run(capsys, "check", str(path), "--pairings")
    [found] = [x for x in out.splitlines() if " S129 " in x]
    assert "not checked against the FIDE (Dutch) System: a round-robin event (as 092 says)" in found
    assert " S128 " not in out
    _status, out = _run(capsys, "check", str(path))
    assert " S129 " not in out


def test_check_pairings_of_a_swiss_has_no_s129(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out = _run(capsys, "check", _file(tmp_path, "H"), "--pairings")
    assert " S129 " not in out


def test_a_points_column_left_unfilled_gets_no_notes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every total 0 while the cells score: the column was not filled (S104
    # says it once); there is no declared total to set against the cells.
    text = Path(_file(tmp_path, "Z")).read_text()
    lines = [ln[:80] + " 0.0" + ln[84:] if ln.startswith("001") else ln for ln in text.splitlines()]
    path = tmp_path / "unfilled.trf"
    path.write_text("\n".join(lines) + "\n")
    _status, out = _run(capsys, "pairings", str(path), "--format", "json")
    data = json.loads(out)
    assert "S104" in data["check"]["codes"]
    assert all(r["points_notes"] == [] for r in data["rounds"])
