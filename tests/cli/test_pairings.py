"""The pairings front doors (issue 30 §2-4): ``trfkit pairings``, ``check
--pairings`` (S128) and ``trfkit pair``, and the documents they render.

The rendering is tested on hand-made records of :mod:`trfkit.pairing.model`
(what the engine would say), so that a wrong word or a board on the wrong
side fails whatever the engine does. The commands are tested on small
events whose Dutch pairing is worked out by hand from C.04.3: in round 1 of
four players rated in starting-rank order, S1 = {1, 2} meets S2 = {3, 4}
(1-3, 2-4), the first board's colour alternating down the boards (1 white,
then 4 white against 2); and on the oracle's tournaments, each round of
which is its edition's pairing (``../shared/pairing-oracle``, skipped when
absent).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import trfkit
from tests.conftest import FIXTURES, ROOT
from tests.trfbuild import swiss_text
from trfkit.cli import main
from trfkit.pairing.model import (
    BoardDifference,
    Explanation,
    PairingsReport,
    RoundCheck,
    RoundPairing,
    System,
    Unpairable,
)
from trfkit.report import pairings as doc
from trfkit.report.registry import RenderOptions, output

ORACLE = ROOT.parent / "shared" / "pairing-oracle"
NOT_ENDORSED = "not a FIDE-endorsed pairing program"

RATINGS = [2400, 2300, 2200, 2100]
# Round 1 as the Dutch System pairs it (C.04.3: S1 against S2, colours
# alternating from board 1), and as a file that pairs neighbours; results
# that keep the starting ranks in order of points, so that no check error
# (S105) puts its banner and exit 1 on `pairings`.
DUTCH_ROUND_1 = [(1, 1, 3, "1"), (1, 4, 2, "0")]
NEIGHBOURS_ROUND_1 = [(1, 1, 2, "="), (1, 3, 4, "=")]
# The built files rank the players by starting rank, whatever their points
# (S105, an error): left out where the exit status is what is tested.
IGNORE_RANKS = ("--ignore", "S105")


def _file(tmp_path: Path, games: list[tuple[int, int, int, str]], name: str = "e.trf") -> str:
    path = tmp_path / name
    path.write_text(swiss_text(RATINGS, games), encoding="utf-8")
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- the documents, from hand-made records --------------------------------------


def _tournament() -> trfkit.Tournament:
    t = trfkit.loads(swiss_text([*RATINGS, 2000], [(1, 1, 3, "1"), (1, 4, 2, "=")]).encode())
    t.players[1].name = "Horvat, <Eva> & Co"
    return t


def _report() -> PairingsReport:
    """Round 1 agrees; round 2 differs on a pair and a colour; round 3
    cannot be paired."""
    return PairingsReport(
        System.DUTCH_2026,
        "192 FIDE_DUTCH_2026",
        (
            RoundCheck(1, True, ((1, 3), (4, 2), (5, 0)), ((1, 3), (4, 2), (5, 0))),
            RoundCheck(
                2,
                False,
                engine=((1, 2), (3, 5), (4, 0)),
                file=((1, 4), (5, 3), (2, 0)),
                differences=(
                    BoardDifference("colours", (3, 5), (5, 3)),
                    BoardDifference("pairs", (1, 2), None),
                    BoardDifference("pairs", (4, 0), None),
                    BoardDifference("pairs", None, (1, 4)),
                    BoardDifference("pairs", None, (2, 0)),
                ),
                explanation=Explanation(
                    "1",
                    "C14",
                    False,
                    "1",
                    "0",
                    "bracket 1: the file leaves 1 player without his colour preference, "
                    "the Dutch pairing 0 (C14)",
                ),
            ),
            RoundCheck(
                3, False, (), ((1, 5),), unpairable=Unpairable(3, "every pairing repeats a game")
            ),
        ),
    )


def test_differing_rows_put_a_swap_beside_itself_then_each_side_in_its_order() -> None:
    rows = doc.differing_rows(_report().rounds[1].differences)
    assert rows == [((3, 5), (5, 3)), ((1, 2), (1, 4)), ((4, 0), (2, 0))]


def test_differing_rows_set_each_system_board_beside_its_white_players_file_board() -> None:
    # A shift in the score group: the system pairs 4-16 and 20-5, the file
    # 4-17, 20-7 and 16-5; each row shows what became of a player.
    differences = [
        BoardDifference("pairs", (4, 16), None),
        BoardDifference("pairs", (20, 5), None),
        BoardDifference("pairs", None, (16, 5)),
        BoardDifference("pairs", None, (20, 7)),
        BoardDifference("pairs", None, (4, 17)),
    ]
    assert doc.differing_rows(differences) == [
        ((4, 16), (4, 17)),
        ((20, 5), (20, 7)),
        (None, (16, 5)),
    ]


def test_text_shows_the_system_the_note_each_round_and_the_boards_side_by_side() -> None:
    d = doc.pairings_document(_tournament(), _report(), "e.trf")
    text = doc.render_pairings_text(d)
    lines = text.splitlines()
    assert (
        lines[1].startswith("System: dutch-2026,") and "(chosen by 192 FIDE_DUTCH_2026)" in lines[1]
    )
    assert NOT_ENDORSED in lines[2]
    assert "Round 1: agrees (2 boards and the pairing-allocated bye)" in lines
    assert "Round 2: differs on 3 boards" in lines
    # Scores before round 2: 1 won round 1, 2 and 4 drew, 3 lost, 5 had the bye (Z here).
    swap = next(line for line in lines if "3 Player, No3 (0)" in line and "|" in line)
    system, file = swap.split("|")
    assert re.search(r"3 Player, No3 \(0\)\s+-\s+5 Player, No5 \(0\)", system)
    assert re.search(r"5 Player, No5 \(0\)\s+-\s+3 Player, No3 \(0\)", file)
    pair = next(line for line in lines if "1 Player, No1 (1)" in line and "|" in line)
    assert "2 Horvat, <Eva> & Co (½)" in pair.split("|")[0]
    assert "4 Player, No4 (½)" in pair.split("|")[1]
    bye = next(line for line in lines if "pairing-allocated bye" in line and "|" in line)
    assert "4 Player, No4" in bye.split("|")[0] and "2 Horvat" in bye.split("|")[1]
    assert "  Why: bracket 1: the file leaves 1 player without his colour preference" in text
    assert "Round 3: the system cannot pair this round (every pairing repeats a game)" in text
    assert lines[-1] == "2 of 3 rounds checked differ from the system: 2, 3."
    assert "3.5" not in doc.render_pairings_text(d, ascii=True).replace("½", "?")


def test_json_is_the_schema_and_holds_the_whole_rounds() -> None:
    pytest.importorskip("jsonschema")
    from trfkit.schemas import validator

    d = doc.pairings_document(_tournament(), _report(), "e.trf")
    data = json.loads(doc.render_pairings_json(d))
    validator("pairings", strict=True).validate(data)
    assert data["schema"] == "trfkit.pairings/1" and data["endorsed"] is False
    assert data["system"] == "dutch-2026" and data["chosen_by"] == "192 FIDE_DUTCH_2026"
    assert data["agrees"] is False
    r1, r2, r3 = data["rounds"]
    assert r1["agrees"] and r1["engine"] == r1["file"] == [[1, 3], [4, 2], [5, 0]]
    assert r2["engine"] == [[1, 2], [3, 5], [4, 0]] and r2["file"] == [[1, 4], [5, 3], [2, 0]]
    assert r2["differences"][0] == {"kind": "colours", "engine": [3, 5], "file": [5, 3]}
    assert r2["explanation"]["criterion"] == "C14" and r2["explanation"]["absolute"] is False
    assert r3["unpairable"] == "every pairing repeats a game" and r3["engine"] == []


def test_a_broken_pairings_document_fails_the_schema() -> None:
    pytest.importorskip("jsonschema")
    from trfkit.schemas import validator

    data = doc.pairings_data(doc.pairings_document(_tournament(), _report()))
    data["rounds"][1]["engine"][0] = [1, 2, 3]
    assert not validator("pairings").is_valid(data)
    data = doc.pairings_data(doc.pairings_document(_tournament(), _report()))
    data["system"] = "dubov"
    assert not validator("pairings").is_valid(data)


def test_html_shows_each_differing_round_side_by_side_with_the_reason_escaped() -> None:
    d = doc.pairings_document(_tournament(), _report())
    page = doc.render_pairings_html(d)
    assert "<Eva>" not in page and "Horvat, &lt;Eva&gt; &amp; Co" in page
    assert 'id="round-1"' not in page and "Agree with the system: round 1." in page
    section = page[page.index('id="round-2"') : page.index('id="round-3"')]
    table = section[: section.index("</table>")]
    first = table[table.index("<tbody>") :].split("</tr>")[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", first)
    assert cells == [
        "3 Player, No3 (0)",
        "5 Player, No5 (0)",
        "5 Player, No5 (0)",
        "3 Player, No3 (0)",
    ]
    assert "<strong>Why:</strong> bracket 1: the file leaves 1 player" in section
    assert "the system cannot pair this round (every pairing repeats a game)" in page
    assert NOT_ENDORSED in page


def test_the_registry_renders_the_pairings_and_pair_documents() -> None:
    t = _tournament()
    d = doc.pairings_document(t, _report())
    for fmt in ("text", "json", "html"):
        text, _ = output("pairings", fmt).render(d, RenderOptions(None))
        assert "dutch-2026" in text
    pairing = RoundPairing(2, System.DUTCH_2017, ((1, 2), (3, 5), (4, 0)), ((5, "H"),))
    p = doc.pair_document(t, pairing, "--system")
    text, _ = output("pair", "text").render(p, RenderOptions(None))
    assert "Round 2 of Test Open" in text and NOT_ENDORSED in text
    assert re.search(r"^ 3\s+4 Player, No4 \(½\)\s+pairing-allocated bye$", text, re.M)
    assert "5 Player, No5 (0): half-point bye" in text


def test_the_pair_trf_adds_the_round_and_keeps_every_other_byte() -> None:
    t = _tournament()
    before = trfkit.dumps(t)
    pairing = RoundPairing(2, System.DUTCH_2017, ((1, 2), (3, 5), (4, 0)))
    text = doc.render_pair_trf(doc.pair_document(t, pairing, "--system"))
    assert trfkit.dumps(t) == before, "the tournament is left as it was read"
    again = trfkit.loads(text.encode())
    cells = {p.start_rank: p.games[1] for p in again.players}
    assert (cells[1].opponent, cells[1].colour.value, cells[1].result.value) == (2, "w", " ")
    assert (cells[2].opponent, cells[2].colour.value) == (1, "b")
    assert (cells[3].opponent, cells[3].colour.value) == (5, "w")
    assert (cells[5].opponent, cells[5].colour.value) == (3, "b")
    assert (cells[4].opponent, cells[4].result.value) == (None, "U")
    old, new = before.splitlines(), text.splitlines()
    assert len(old) == len(new)
    for a, b in zip(old, new, strict=True):
        assert b.startswith(a.rstrip()), (a, b)


# -- trfkit pairings ---------------------------------------------------------------


def test_pairings_of_the_dutch_round_agrees_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, "pairings", _file(tmp_path, DUTCH_ROUND_1))
    assert status == 0, out
    assert "Round 1: agrees (2 boards)" in out
    assert "chosen by start date 2025-03-01" in out and "dutch-2017" in out
    assert NOT_ENDORSED in out


def test_pairings_of_another_round_shows_both_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, NEIGHBOURS_ROUND_1)
    status, out, _ = _run(capsys, "pairings", path)
    assert status == 1
    assert "Round 1: differs on 2 boards" in out
    status, out, _ = _run(capsys, "pairings", path, "--format", "json", "--system", "dutch-2026")
    data = json.loads(out)
    assert status == 1 and data["system"] == "dutch-2026" and data["chosen_by"] == "--system"
    [r1] = data["rounds"]
    assert not r1["agrees"]
    assert sorted(r1["engine"]) == [[1, 3], [4, 2]]
    assert sorted(r1["file"]) == [[1, 2], [3, 4]]
    engine_side = sorted(x["engine"] for x in r1["differences"] if x["engine"])
    file_side = sorted(x["file"] for x in r1["differences"] if x["file"])
    assert engine_side == [[1, 3], [4, 2]] and file_side == [[1, 2], [3, 4]]


def test_pairings_writes_html_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "out" / "pairings.html"
    status, out, _ = _run(
        capsys,
        "pairings",
        _file(tmp_path, NEIGHBOURS_ROUND_1),
        "--format",
        "html",
        "-o",
        str(out_path),
    )
    assert status == 1 and out == ""
    page = out_path.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and 'id="round-1"' in page
    assert "1 Player, No1 (0)" in page and "3 Player, No3 (0)" in page


@pytest.mark.parametrize(
    ("rounds", "says"),
    [
        ("x", "expected a round (3) or rounds (3-5)"),
        ("2-1", "expected 1 <= A <= B"),
        ("0", "expected 1 <= A <= B"),
        ("1-3", "the file has 1 round played"),
    ],
)
def test_pairings_refuses_rounds_the_file_has_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rounds: str, says: str
) -> None:
    status, out, err = _run(capsys, "pairings", _file(tmp_path, DUTCH_ROUND_1), "--rounds", rounds)
    assert status == 2 and out == "" and says in err and "Traceback" not in err


def test_pairings_of_rounds_a_to_b_checks_those_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "pairings", str(FIXTURES / "swiss-trf16.trf"), "--rounds", "2-3", "--format", "json"
    )
    assert status in (0, 1)
    assert [r["round"] for r in json.loads(out)["rounds"]] == [2, 3]


def test_pairings_refuses_what_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, "pairings", str(tmp_path / "missing.trf"))
    assert status == 2 and "no such file" in err
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    status, _, err = _run(capsys, "pairings", str(empty))
    assert status == 2 and "not a TRF file" in err
    status, _, err = _run(capsys, "pairings", str(FIXTURES / "roundrobin-8.trf"))
    assert status == 2 and "the FIDE (Dutch) System pairs Swiss events" in err
    status, _, err = _run(capsys, "pair", str(FIXTURES / "team-trf26.trf"))
    assert status == 2 and "Swiss events" in err and "Traceback" not in err


# -- check --pairings (S128) ---------------------------------------------------------


def test_check_pairings_reports_each_differing_round_in_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, NEIGHBOURS_ROUND_1)
    assert _run(capsys, "check", path, *IGNORE_RANKS)[0] == 0
    statuses = []
    status, out, _ = _run(capsys, "check", path, *IGNORE_RANKS, "--pairings")
    statuses.append(status)
    [line] = [x for x in out.splitlines() if " S128 " in x]
    # At the file's first differing board's cell: player 1's line, round 1's opponent.
    assert re.match(
        rf"{re.escape(path)}:10:92: warning S128 round 1 is not paired as the FIDE", line
    )
    assert "2 boards differ (the file 1-2, 3-4; the system 1-3, 4-2)" in line
    status, out, _ = _run(capsys, "check", path, *IGNORE_RANKS, "--pairings", "--format", "json")
    statuses.append(status)
    found = [d for d in json.loads(out)["files"][0]["diagnostics"] if d["code"] == "S128"]
    assert len(found) == 1 and found[0]["severity"] == "warning"
    assert (
        found[0]["found"] == "the file: 1-2, 3-4" and found[0]["expected"] == "the system: 1-3, 4-2"
    )
    status, out, _ = _run(capsys, "check", path, *IGNORE_RANKS, "--pairings", "--format", "jsonl")
    statuses.append(status)
    assert [d["code"] for d in json.loads(out)["diagnostics"]].count("S128") == 1
    status, out, _ = _run(capsys, "check", path, *IGNORE_RANKS, "--pairings", "--format", "sarif")
    statuses.append(status)
    results = json.loads(out)["runs"][0]["results"]
    assert [r["ruleId"] for r in results].count("S128") == 1
    status, out, _ = _run(capsys, "check", path, *IGNORE_RANKS, "--pairings", "--format", "github")
    statuses.append(status)
    assert out.count("title=S128::round 1 is not paired") == 1
    status, out, _ = _run(
        capsys, "check", path, *IGNORE_RANKS, "--pairings", "--system", "dutch-2026"
    )
    statuses.append(status)
    assert "(dutch-2026, chosen by --system)" in out
    # A warning: exit 0, and 1 with --strict.
    assert statuses == [0] * 6
    assert _run(capsys, "check", path, *IGNORE_RANKS, "--pairings", "--strict")[0] == 1


def test_check_without_pairings_is_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, NEIGHBOURS_ROUND_1)
    _, plain, _ = _run(capsys, "check", path, "--format", "json")
    assert "S128" not in plain
    # The one difference --pairings makes is its findings: ignored, the output is the same.
    _, ignored, _ = _run(
        capsys, "check", path, "--format", "json", "--pairings", "--ignore", "S128"
    )
    assert ignored == plain
    _status, out, _ = _run(capsys, "check", _file(tmp_path, DUTCH_ROUND_1, "ok.trf"), "--pairings")
    assert "S128" not in out


def test_check_refuses_a_system_without_pairings(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(
        capsys, "check", str(FIXTURES / "swiss-trf16.trf"), "--system", "dutch-2026"
    )
    assert status == 2 and out == "" and "for --pairings: give both" in err


def test_check_pairings_leaves_round_robins_alone(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "check", str(FIXTURES / "roundrobin-8.trf"), "--pairings")
    assert "S128" not in out


# -- trfkit pair ----------------------------------------------------------------------------


def test_pair_writes_the_next_round_as_trf_and_says_it_is_not_endorsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, DUTCH_ROUND_1)
    status, out, err = _run(capsys, "pair", path)
    assert status == 0 and NOT_ENDORSED in err and "round 2 paired by dutch-2017" in err
    t = trfkit.loads(out.encode())
    assert all(p.cell_count == 2 for p in t.players)
    second = {p.start_rank: p.games[1] for p in t.players}
    # C.04.1: no two players meet twice; everyone is paired (no bye among four).
    for n, g in second.items():
        assert g.opponent is not None and g.opponent not in (n, [3, 4, 1, 2][n - 1])
        assert second[g.opponent].opponent == n
        assert {g.colour.value, second[g.opponent].colour.value} == {"w", "b"}
    # 1 (1 point) meets the 2 and 4 on ½ or 3 on 0: the score group of 1
    # is 1 alone, who floats down to the ½s (C.04.3).
    assert second[1].opponent in (2, 4)
    source = Path(path).read_text(encoding="utf-8").splitlines()
    assert [x for x in out.splitlines() if not x.startswith("001")] == [
        x for x in source if not x.startswith("001")
    ]


def test_pair_as_a_list_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, DUTCH_ROUND_1)
    status, out, _ = _run(capsys, "pair", path, "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["schema"] == "trfkit.pair/1" and data["round"] == 2
    assert sorted(n for pair in data["pairs"] for n in pair) == [1, 2, 3, 4]
    assert data["endorsed"] is False and NOT_ENDORSED in data["note"]
    pytest.importorskip("jsonschema")
    from trfkit.schemas import validator

    validator("pair", strict=True).validate(data)
    status, out, _ = _run(capsys, "pair", path, "--format", "text")
    assert status == 0 and out.startswith("Round 2 of Test Open") and NOT_ENDORSED in out
    assert len(re.findall(r"^ [12]  ", out, re.M)) == 2


def test_pair_refuses_an_event_with_every_round_paired(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "done.trf"
    path.write_text(swiss_text(RATINGS, DUTCH_ROUND_1).replace("092 Swiss", "092 Swiss\nXXR 1"))
    status, out, err = _run(capsys, "pair", str(path))
    # No round to pair is a finding about the file (exit 1), said in one sentence.
    assert status == 1 and out == ""
    assert "the event has 1 round (142/XXR); all are paired; nothing to pair" in err


# -- the oracle: each round of its files is its edition's pairing --------------------------


def _oracle(edition: str, count: int) -> list[object]:
    folder = ORACLE / edition
    if not folder.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"no oracle at {folder}"))]
    small = sorted(
        (p for p in folder.glob("*.trf") if int(p.stem.split("-")[1].split("x")[0]) <= 20),
        key=lambda p: p.name,
    )
    return [pytest.param(p, id=p.name) for p in small[:count]]


@pytest.mark.parametrize("path", _oracle("dutch-2026", 3) + _oracle("dutch-2017", 3))
def test_pairings_of_an_oracle_file_agrees_under_its_own_edition(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edition = path.parent.name
    status, out, _ = _run(capsys, "pairings", str(path), "--system", edition, "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["agrees"], [r["round"] for r in data["rounds"] if not r["agrees"]]
    for r in data["rounds"]:
        assert sorted(r["engine"]) == sorted(r["file"])


# -- POST /api/pairings ---------------------------------------------------------------------


def test_the_api_answers_what_the_command_line_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.serving import request, running

    data = Path(_file(tmp_path, NEIGHBOURS_ROUND_1)).read_bytes()
    monkeypatch.chdir(tmp_path)  # the command line's path, e.trf, is the upload's name
    path = "e.trf"
    headers = {"X-Trfkit": "1"}
    with running(max_upload=2**20) as server:
        for fmt in ("json", "text", "html"):
            status, _got, body = request(
                server, "POST", f"/api/pairings?format={fmt}&name={path}", data, headers
            )
            assert status == 200, body
            _, out, _ = _run(capsys, "pairings", path, "--format", fmt)
            assert body.decode() == out, fmt
        status, _, body = request(
            server, "POST", "/api/pairings?system=dutch-2026&rounds=1", data, headers
        )
        assert status == 200 and json.loads(body)["chosen_by"] == "--system"
        status, _, body = request(server, "POST", "/api/pairings?rounds=2", data, headers)
        assert status == 422 and "the file has 1 round played" in json.loads(body)["error"]
        status, _, body = request(server, "POST", "/api/pairings?system=dubov", data, headers)
        assert status == 422 and "system" in json.loads(body)["error"]
        rr = (FIXTURES / "roundrobin-8.trf").read_bytes()
        status, _, body = request(server, "POST", "/api/pairings", rr, headers)
        assert status == 422 and "pairs Swiss events" in json.loads(body)["error"]
        status, _, body = request(server, "POST", "/api/pairings", b"%PDF-1.7\n", headers)
        assert status == 400
