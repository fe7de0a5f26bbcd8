"""``trfkit pair`` as an arbiter uses it (session 37's corpus trial):

1. ``pair -o`` writes the file back byte for byte, each paired player's
   line given the new round's cell in that round's columns (TRF16 §2.2:
   columns 92-99 for round 1, every 10 columns after), in the file's own
   encoding and line endings;
2. ``check`` of what ``pair`` wrote finds nothing ``check`` of the input
   did not (a round paired, not played: its byes' points are not yet in the
   points column, as bbpPairings and JaVaFo write it);
3. no round is paired past the event's last (142/XXR, else 132's dates),
   nor after a finished all-play-all;
4. the players paired who had no game in the round before are named once.

The properties run over every fixture and corpus file that ``pair`` pairs
(the corpus ones skip, with the reason, where ``../shared`` is absent).
"""

from __future__ import annotations

import codecs
import json
import re
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, corpus_params, fixture_files
from tests.pairing.trfmaker import line
from trfkit.cli import main

# TRF16 §2.2: round 1's cell is columns 92-99 (opponent 92-95, colour 97,
# result 99); each later round's is 10 columns to the right.
FIRST_CELL = 91  # 0-based index of column 92
CELL_WIDTH = 8
STRIDE = 10
_EOL = re.compile(rb"(\r\n|\r|\n)")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _lines(data: bytes) -> list[bytes]:
    """The lines with their endings (an ending kept as its own item)."""
    return [part for part in _EOL.split(data) if part != b""]


def _pair_to(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> tuple[int, str] | None:
    status, _, err = _run(capsys, "pair", str(path), "-o", str(out))
    if status != 0 or not out.exists():
        return None
    return status, err


def _only_new_cells(before: bytes, after: bytes) -> set[int]:
    """The rounds (0-based) whose cell is the only change of a line; fails
    on any other change."""
    old, new = _lines(before), _lines(after)
    assert len(old) == len(new), "as many lines and line endings as the input"
    rounds: set[int] = set()
    for a, b in zip(old, new, strict=True):
        if a == b:
            continue
        assert a.startswith(b"001"), f"only player lines change: {a!r} -> {b!r}"
        # The round k whose cell is all that changed: before it the input,
        # padded with spaces where the line was shorter; after it the input.
        found = [
            k
            for k in range(0, (len(b) - FIRST_CELL) // STRIDE + 1)
            if b[: FIRST_CELL + k * STRIDE]
            == a[: FIRST_CELL + k * STRIDE].ljust(FIRST_CELL + k * STRIDE)
            and b[FIRST_CELL + k * STRIDE + CELL_WIDTH :]
            == a[FIRST_CELL + k * STRIDE + CELL_WIDTH :]
            and re.fullmatch(
                rb"[ \d]{4} [wb-] [ UHFZ]",
                b[FIRST_CELL + k * STRIDE : FIRST_CELL + k * STRIDE + CELL_WIDTH],
            )
        ]
        assert found, f"more changed than one round's cell: {a!r} -> {b!r}"
        rounds.update(found)
    return rounds


def _findings(capsys: pytest.CaptureFixture[str], path: Path) -> set[tuple[str, int | None]]:
    main(["check", str(path), "--format", "json"])
    out, _ = capsys.readouterr()
    files = json.loads(out)["files"]
    return {(d["code"], d["line"]) for f in files for d in f["diagnostics"]}


def _paired_files() -> list[object]:
    return [pytest.param(p, id=f"fixtures/{p.name}") for p in fixture_files()] + corpus_params()


# -- 1 and 2: the properties over real files --------------------------------------


@pytest.mark.parametrize("path", _paired_files())
def test_pair_output_differs_only_in_the_new_rounds_cells_and_checks_as_clean(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "paired.trf"
    if _pair_to(capsys, path, out) is None:
        pytest.skip("pair pairs no round of this file (refused: tested below)")
    before, after = path.read_bytes(), out.read_bytes()
    rounds = _only_new_cells(before, after)
    assert len(rounds) == 1, f"one round's columns change, not {sorted(rounds)}"
    assert before.startswith(codecs.BOM_UTF8) == after.startswith(codecs.BOM_UTF8)
    new = _findings(capsys, out) - _findings(capsys, path)
    assert not new, f"check of pair's output finds what the input's did not: {sorted(new)}"


# -- 1: hand-built files --------------------------------------------------------------


def _event(lines: list[str], *headers: str) -> str:
    return "\r\n".join(["012 Hand-built", "092 Swiss", *headers, *lines]) + "\r\n"


def test_pair_keeps_a_latin1_file_latin1_and_its_odd_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Names with é and ø (one byte each in ISO-8859-1), a title "g", a birth
    # year alone: all kept; round 2 gets its cells.
    rows = [
        line(1, ["3 w 1"], 1.0, 2400),
        line(2, ["4 w 1"], 1.0, 2300),
        line(3, ["1 b 0"], 0.0, 2200),
        line(4, ["2 b 0"], 0.0, 2100),
    ]
    rows[0] = rows[0][:10] + "  g Renée Bjørn" + rows[0][25:]
    path = tmp_path / "latin.trf"
    path.write_bytes(_event(rows, "XXR 3").encode("latin-1"))
    out = tmp_path / "paired.trf"
    assert _pair_to(capsys, path, out) is not None
    data = out.read_bytes()
    assert "Renée Bjørn".encode("latin-1") in data
    assert _only_new_cells(path.read_bytes(), data) == {1}
    assert data.count(b"\r\n") == path.read_bytes().count(b"\r\n")


def test_pair_writes_the_opponent_as_the_file_writes_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        line(1, ["3 w 1"], 1.0, 2400).replace("     3 w 1", "  0003 w 1"),
        line(2, ["4 w 1"], 1.0, 2300).replace("     4 w 1", "  0004 w 1"),
        line(3, ["1 b 0"], 0.0, 2200).replace("     1 b 0", "  0001 b 0"),
        line(4, ["2 b 0"], 0.0, 2100).replace("     2 b 0", "  0002 b 0"),
    ]
    path = tmp_path / "zeros.trf"
    path.write_text(_event(rows, "XXR 3"), encoding="utf-8", newline="")
    out = tmp_path / "paired.trf"
    assert _pair_to(capsys, path, out) is not None
    cells = [
        ln[FIRST_CELL + STRIDE : FIRST_CELL + STRIDE + 4] for ln in out.read_text().splitlines()[3:]
    ]
    assert all(re.fullmatch(r"000\d", c) for c in cells), cells


# -- 2: a paired round's bye and the points column -----------------------------------


def test_check_takes_the_points_before_a_paired_round_with_its_bye(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 2 paired, not played: 1-2 with no result, 3 the PAB (U). Player
    # 3 declares 0.0, the points before the round, as JaVaFo writes them.
    rows = [
        line(1, ["3 w 1"], 1.0, 2400) + "     2 w  ",
        line(2, ["0000 - U"], 1.0, 2300) + "     1 b  ",
        line(3, ["1 b 0", "0000 - U"], 0.0, 2200),
    ]
    path = tmp_path / "paired.trf"
    path.write_text(_event(rows, "XXR 3"), encoding="utf-8")
    codes = {code for code, _ in _findings(capsys, path)}
    assert "S104" not in codes
    # The points after the bye are taken too; a total neither is still wrong.
    path.write_text(_event([*rows[:2], rows[2].replace(" 0.0 ", " 1.0 ")], "XXR 3"))
    assert "S104" not in {code for code, _ in _findings(capsys, path)}
    path.write_text(_event([*rows[:2], rows[2].replace(" 0.0 ", " 2.0 ")], "XXR 3"))
    assert "S104" in {code for code, _ in _findings(capsys, path)}


def test_a_bye_in_a_played_round_still_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 2 played (1-2 has a result): 3's U is a point the total must have.
    rows = [
        line(1, ["3 w 1", "2 w 1"], 2.0, 2400),
        line(2, ["0000 - U", "1 b 0"], 1.0, 2300),
        line(3, ["1 b 0", "0000 - U"], 0.0, 2200),
    ]
    path = tmp_path / "played.trf"
    path.write_text(_event(rows, "XXR 3"), encoding="utf-8")
    assert "S104" in {code for code, _ in _findings(capsys, path)}


# -- 3: no round after the event's last ---------------------------------------------


def _two_rounds() -> list[str]:
    return [
        line(1, ["3 w 1", "2 w 1"], 2.0, 2400),
        line(2, ["4 w 1", "1 b 0"], 1.0, 2300),
        line(3, ["1 b 0", "4 w 1"], 1.0, 2200),
        line(4, ["2 b 0", "3 b 0"], 0.0, 2100),
    ]


@pytest.mark.parametrize(
    ("header", "said"),
    [
        ("XXR 2", "the event has 2 rounds (142/XXR); all are paired"),
        (
            "132" + " " * 87 + "25/03/01  25/03/02",
            "the event has 2 rounds (132 dates); all are paired",
        ),
    ],
)
def test_pair_refuses_a_round_after_the_events_last(
    header: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "done.trf"
    path.write_text(_event(_two_rounds(), header), encoding="utf-8")
    status, out, err = _run(capsys, "pair", str(path), "--format", "text")
    assert status == 1 and out == ""
    assert said in err


def test_pair_says_when_the_file_gives_no_number_of_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "open.trf"
    path.write_text(_event(_two_rounds()), encoding="utf-8")
    status, out, err = _run(capsys, "pair", str(path), "--format", "text")
    assert status == 0 and "Round 3" in out
    assert "round 3 is paired as the next" in err


def test_pair_refuses_a_finished_all_play_all_as_pairings_does_a_round_robin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Three players, each met the other two (a bye a round): over.
    rows = [
        line(1, ["2 w 1", "3 b 1", "0000 - U"], 3.0),
        line(2, ["1 b 0", "0000 - U", "3 w 1"], 2.0),
        line(3, ["0000 - U", "1 w 0", "2 b 0"], 1.0),
    ]
    path = tmp_path / "rr.trf"
    path.write_text("\n".join(["012 Three", *rows]) + "\n", encoding="utf-8")
    status, _, err = _run(capsys, "pair", str(path), "--format", "text")
    assert status == 1
    assert "every player has met every other (3 players, 3 rounds)" in err
    # Declared a round robin: refused as no Swiss, by pair and pairings alike.
    path.write_text("\n".join(["012 Three", "092 Round robin", *rows]) + "\n")
    pair_status, _, pair_err = _run(capsys, "pair", str(path), "--format", "text")
    pairings_status, _, pairings_err = _run(capsys, "pairings", str(path))
    assert pair_status == pairings_status == 2
    assert "the FIDE (Dutch) System pairs Swiss events" in pair_err
    assert "the FIDE (Dutch) System pairs Swiss events" in pairings_err


# -- 4: the players who missed the last round ---------------------------------------


def test_pair_names_the_players_without_a_game_in_the_last_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        line(1, ["3 w 1", "2 w 1"], 2.0, 2400),
        line(2, ["4 w 1", "1 b 0"], 1.0, 2300),
        line(3, ["1 b 0", "0000 - Z"], 0.0, 2200),
        line(4, ["2 b 0", "0000 - -"], 0.0, 2100),
        line(5, ["0000 - U", "6 w 1"], 2.0, 2000),
        line(6, ["0000 - Z", "5 b 0"], 0.0, 1900),
    ]
    path = tmp_path / "missed.trf"
    path.write_text(_event(rows, "XXR 5"), encoding="utf-8")
    status, out, _ = _run(capsys, "pair", str(path), "--format", "text")
    assert status == 0
    said = out.split("Players without a game in round 2 are paired:", 1)
    assert len(said) == 2, out
    assert "mark an absence for round 3 to leave them out" in said[1]
    named = re.findall(r"^  (\d+) Player", said[1], re.M)
    assert named == ["3", "4"], said[1]


def test_pair_says_nothing_of_absences_where_everyone_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "all.trf"
    path.write_text(_event(_two_rounds(), "XXR 5"), encoding="utf-8")
    status, out, _ = _run(capsys, "pair", str(path), "--format", "text")
    assert status == 0 and "without a game" not in out


def test_pair_refuses_the_round_after_one_paired_and_not_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The fixture's round 2 has boards with no result yet: round 3 cannot be
    # paired from it (C.04.3 pairs from the scores after the round).
    path = FIXTURES / "in-progress-swiss.trf"
    status, out, err = _run(capsys, "pair", str(path), "--format", "text")
    assert status == 1 and out == ""
    assert "round 2 is paired and not played" in err
    assert "enter its results before round 3 is paired" in err
