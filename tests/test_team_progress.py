"""Team events in progress, team byes, and the forms carrying what check
knows (issue 33 §1 and §3), on the fixtures made for them
(fixtures/README.md, "Events in progress and team byes").

Every expected figure is worked out from the fixtures' cells, as the
README gives them, not read from trfkit's output:

``team-in-progress-trf26.trf`` (362 TW 3 TD 1 TL 0; round 2 paired, not
played): round 1 team 1 beat team 3 2.5:1.5 (3 MP and 0), teams 2 and 4
drew 2:2 (1 MP each), team 5 had the bye (320: 3 MP, 2.5 GP); round 2
team 4 has the bye (320), the matches 1-5 and 2-3 have no result. So
MP/GP: team 1 3/2.5, team 2 1/2, team 3 0/1.5, team 4 4/4.5, team 5
3/2.5.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

import trfkit
from tests.conftest import FIXTURES
from trfkit.checks import validate
from trfkit.cli import main
from trfkit.diagnostics import Severity
from trfkit.rating.model import CheckSummary
from trfkit.report.form1 import form1_data, render_form1_text
from trfkit.report.formparts import check_banner
from trfkit.report.forms import form1_of
from trfkit.service import check_of, with_check
from trfkit.tiebreaks.team import PAIRED, team_matches, team_standings

IN_PROGRESS = FIXTURES / "team-in-progress-trf26.trf"
BOTH = FIXTURES / "team-013-310.trf"
SWISS_IN_PROGRESS = FIXTURES / "in-progress-swiss.trf"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


# --- §1 (a): a match not played yet is not a result ----------------------------


def test_a_match_paired_and_not_played_scores_nothing() -> None:
    m = team_matches(trfkit.load(IN_PROGRESS))
    by_number = dict(zip(m.numbers, range(len(m.numbers)), strict=True))
    round2 = {n: m.rounds[by_number[n]][1] for n in m.numbers}
    # 1-5 and 2-3 are paired, not played: kind N, no points, the opponent known.
    for team, opponent in ((1, 5), (5, 1), (2, 3), (3, 2)):
        x = round2[team]
        assert (x.kind, m.numbers[x.opponent]) == (PAIRED, opponent)
        assert (x.match_points, x.game_points) == (0, 0)
    # Team 4's bye of round 2 (320) is a result: 3 MP, 2.5 GP.
    assert (round2[4].kind, round2[4].match_points, round2[4].game_points) == (
        "U",
        Decimal(3),
        Decimal("2.5"),
    )
    totals = dict(zip(m.numbers, zip(m.match_points, m.game_points, strict=True), strict=True))
    assert totals == {
        1: (3, Decimal("2.5")),
        2: (1, Decimal(2)),
        3: (0, Decimal("1.5")),
        4: (4, Decimal("4.5")),
        5: (3, Decimal("2.5")),
    }


def test_a_real_forfeit_loss_scores_tl(tmp_path: Path) -> None:
    """Round 2's 2-3 as a forfeited match (team 2's boards "-", team 3's
    "+"): team 3 wins by forfeit, 3 MP (TW) and every board; team 2 scores
    TL, 0 (362), not a draw's 1."""
    lines = IN_PROGRESS.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in (5, 6, 7, 8, 11, 12, 13, 14):
            mark = "-" if int(line[4:8]) <= 8 else "+"
            lines[i] = line[:108] + mark + line[109:]
    path = tmp_path / "forfeit.trf"
    path.write_text("\n".join(lines) + "\n")
    m = team_matches(trfkit.load(path))
    two, three = m.rounds[1][1], m.rounds[2][1]
    assert (two.kind, two.match_points, two.game_points) == ("L", 0, 0)
    assert (three.kind, three.match_points, three.game_points) == ("W", 3, 4)


def test_standings_show_the_pairing_and_no_points(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(capsys, "standings", str(IN_PROGRESS))
    assert status == 0  # warnings only (S111, S124)
    assert "-F" not in out and "5:paired" in out and "1:paired" in out
    assert "round 2: 2 matches paired, not played yet (1-5, 2-3" in out
    _, out = _run(capsys, "standings", str(IN_PROGRESS), "--format", "json")
    doc = json.loads(out)
    rounds = {t["number"]: t["rounds"][1] for t in doc["teams"]}
    assert rounds[1] == {
        "opponent": 5,
        "kind": "paired, not played",
        "match_points": None,
        "game_points": None,
    }
    assert not any(r["kind"] == "forfeit loss" for t in doc["teams"] for r in t["rounds"])
    assert {t["number"]: t["match_points"] for t in doc["teams"]} == {1: 3, 2: 1, 3: 0, 4: 4, 5: 3}
    from trfkit.schemas import validator

    validator("team-standings", strict=True).validate(doc)


def test_s124_judges_the_310_totals_by_the_results_so_far() -> None:
    """Teams 1, 4, 5 declare what the results give; teams 2 and 3 declare
    one match point more (the README): S124 names those two only."""
    found = [d for d in validate(trfkit.load(IN_PROGRESS)) if d.code == "S124"]
    assert [(d.found, d.expected) for d in found] == [("2.0", "1.0"), ("1.0", "0.0")]
    assert "team 2 Mill Lane Bishops" in found[0].message
    assert "team 3 Old Quarry Rooks" in found[1].message


# --- §1 (b): S111 by team ---------------------------------------------------------


def test_s111_says_the_reserves_once_and_not_the_team_with_the_bye() -> None:
    found = [d for d in validate(trfkit.load(IN_PROGRESS)) if d.code == "S111"]
    assert len(found) == 1
    (d,) = found
    # On player 9's line (line 32), round 2's result (col 109).
    assert (d.line, d.column, d.severity) == (32, 109, Severity.WARNING)
    assert "players 9 and 10 of team 2 Mill Lane Bishops" in d.message
    assert "plays team 3" in d.message
    assert not any(f"player {n}" in d.message for n in (15, 16, 17, 18))


def test_s111_names_a_second_team_bye_once_per_team(tmp_path: Path) -> None:
    """team-013-310 with round 1's game 1-3 and 2-4 replaced by U on all
    four lines: teams 1, 2 and 3 all have a bye in round 1, no 320 names
    one, so team 1's (first in the file) stands and teams 2 and 3 are
    each said once, not once per member."""
    lines = BOTH.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) <= 4:
            lines[i] = line[:91] + "0000 - U" + line[99:]
    path = tmp_path / "three-byes.trf"
    path.write_text("\n".join(lines) + "\n")
    found = [d for d in validate(trfkit.load(path)) if d.code == "S111"]
    assert len(found) == 2
    assert "team 2 Dragon Quay" in found[0].message and "team 3 Fjord Rovers" in found[1].message
    assert all("team 1 Ferry Lane has the round's bye" in d.message for d in found)
    assert all(d.severity is Severity.ERROR for d in found)


def test_a_team_file_with_013_and_310_and_byes_by_u_checks_clean() -> None:
    t = trfkit.load(BOTH)
    found = [d for d in validate(t) if d.severity is not Severity.INFO]
    assert found == []
    s = team_standings(t)
    # The byes by members' U: a win's 2 MP and the boards times a win, 2 GP.
    assert [(r.number, r.match_points, r.game_points) for r in s.rows] == [
        (1, 5, Decimal("4.5")),
        (2, 4, Decimal(4)),
        (3, 3, Decimal("3.5")),
    ]
    assert [c.kind for c in s.rows[0].rounds] == ["P", "P", "U"]


# --- §1 (c): Form 1 agrees with check ----------------------------------------------


def test_form1_says_the_team_totals_are_informative_once() -> None:
    f = form1_of(trfkit.load(IN_PROGRESS))
    about_points = [r for r in f.remarks if "add up to" in r or "against" in r]
    assert len(about_points) == 1
    (remark,) = about_points
    # The ten players with a U (15-22 and the reserves 9, 10) declare 1 less.
    assert "informative" in remark and "S104 info" in remark and "10 players'" in remark
    assert "Ravn, Mikkel (rank 5) 1 against 2" in remark


def test_form1_shows_a_teams_round_by_its_letter(capsys: pytest.CaptureFixture[str]) -> None:
    t = trfkit.load(IN_PROGRESS)
    f = form1_of(t)
    text = render_form1_text(f)
    # Olesen (15): ½ in round 1, his team's bye in round 2, total ½: no "+"
    # beside it that the legend values at 1.
    row = next(line for line in text.splitlines() if "Olesen, Rasmus" in line)
    cells = row.split("|")[1].split()
    assert cells == ["7b½", "U"] and row.split("|")[2].strip() == "½"
    assert "U its pairing-allocated bye" in text and "Round 2 is paired, not played yet" in text
    # A reserve left out of round 1: Z, not the "-" of a forfeit.
    row = next(line for line in text.splitlines() if "Ingram, Toby" in line)
    assert row.split("|")[1].split() == ["Z", "U"]
    doc = form1_data(f)
    olesen = next(p for p in doc["players"] if p["start_rank"] == 15)
    assert [r["result"] for r in olesen["rounds"]] == ["½", "U"]
    from trfkit.schemas import validator

    validator("form1", strict=True).validate(doc)


def test_individual_byes_keep_their_marks() -> None:
    """An individual event's bye is still the form's + (a U worth a win)."""
    f = form1_of(trfkit.load(SWISS_IN_PROGRESS))
    row = next(x for x in render_form1_text(f).splitlines() if "Duval, Remi" in x)
    assert row.split("|")[1].split() == ["+", "2w"]


# --- §1 (d): the event line --------------------------------------------------------


@pytest.mark.parametrize("path", [SWISS_IN_PROGRESS, IN_PROGRESS], ids=lambda p: p.name)
def test_the_event_line_says_the_round_is_paired_not_played(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    main(["check", str(path)])
    first = capsys.readouterr().out.splitlines()[0]
    assert "1 of 6 rounds played (round 2 paired, not played)" in first


def test_form4_says_the_round_is_paired_not_played(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _run(capsys, "report", "--form", "summary", str(SWISS_IN_PROGRESS))
    line = next(x for x in out.splitlines() if x.startswith("Number of Rounds:"))
    assert line.split(":", 1)[1].strip() == "6 (1 played, round 2 paired, not played)"


def test_a_finished_round_is_still_played(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", str(BOTH)])
    assert ", 3 rounds, " in capsys.readouterr().out.splitlines()[0]


def test_a_round_with_one_result_is_not_paired_ahead(tmp_path: Path) -> None:
    """One game of round 2 with a result (1-4 won by 4): the round is being
    played, so it is not 'paired, not played'."""
    from trfkit.event import event_of
    from trfkit.summary import summarize

    lines = SWISS_IN_PROGRESS.read_text().splitlines()
    for i, line in enumerate(lines):
        # Round 2's result is column 109.
        if line.startswith("001    1 "):
            assert line[101:109] == "   4 b  "
            lines[i] = line[:108] + "0"
        if line.startswith("001    4 "):
            assert line[101:109] == "   1 w  "
            lines[i] = line[:108] + "1"
    t = trfkit.loads("\n".join(lines) + "\n")
    assert summarize(t, event_of(t)).paired_ahead == 0
    assert summarize(trfkit.load(SWISS_IN_PROGRESS), event_of(t)).paired_ahead == 1


# --- §3: every document carries check's errors ------------------------------------


@pytest.fixture
def scrambled(tmp_path: Path) -> Path:
    """swiss-trf16 with ranks 3 and 5 swapped: rank 5 (3½) below rank 3
    (3), and rank 4 (3½) below it too: two S105 errors."""
    lines = (FIXTURES / "swiss-trf16.trf").read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001"):
            rank = {3: 5, 5: 3}.get(int(line[85:89]), int(line[85:89]))
            lines[i] = line[:85] + f"{rank:>4}" + line[89:]
    path = tmp_path / "scrambled.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


BANNER = (
    "WARNING: trfkit check finds 2 errors in this file (S105 × 2): the figures below may be "
    "wrong. Fix the file, then run trfkit again."
)

COMMANDS = [
    ["report", "--form", "1"],
    ["report", "--form", "2"],
    ["report", "--form", "4"],
    ["report", "--form", "summary"],
    ["standings"],
    ["norms"],
    ["norms", "--certificates"],
    ["rate"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_document_opens_with_the_banner_and_exits_1(
    capsys: pytest.CaptureFixture[str], scrambled: Path, command: list[str]
) -> None:
    status, out = _run(capsys, *command, str(scrambled))
    assert status == 1
    assert out.startswith(BANNER + "\n")
    status, out = _run(capsys, *command, str(FIXTURES / "swiss-trf16.trf"))
    assert status == 0 and "WARNING: trfkit check" not in out


@pytest.mark.parametrize(
    ("command", "schema"),
    [
        (["report", "--form", "1"], "form1"),
        (["report", "--form", "2"], "form2"),
        (["report", "--form", "summary"], "summary"),
        (["standings"], "standings"),
        (["norms"], "norms"),
        (["rate"], "rate"),
    ],
    ids=lambda x: x if isinstance(x, str) else " ".join(x),
)
def test_json_documents_carry_check_as_rate_does(
    capsys: pytest.CaptureFixture[str], scrambled: Path, command: list[str], schema: str
) -> None:
    from trfkit.schemas import validator

    status, out = _run(capsys, *command, str(scrambled), "--format", "json")
    doc = json.loads(out)
    assert status == 1 and doc["check"] == {"errors": 2, "codes": {"S105": 2}}
    validator(schema, strict=True).validate(doc)
    status, out = _run(capsys, *command, str(FIXTURES / "swiss-trf16.trf"), "--format", "json")
    assert status == 0 and json.loads(out)["check"] == {"errors": 0, "codes": {}}


@pytest.mark.parametrize(
    "command", [["report", "--form", "1"], ["standings"], ["norms"]], ids=" ".join
)
def test_html_documents_show_the_banner(
    capsys: pytest.CaptureFixture[str], scrambled: Path, command: list[str]
) -> None:
    status, out = _run(capsys, *command, str(scrambled), "--format", "html")
    assert status == 1 and out.startswith("<!doctype html>")
    banner = re.search(r'<body[^>]*>\s*<p class="banner" role="alert"[^>]*>([^<]*)</p>', out)
    assert banner is not None and banner.group(1) == BANNER


def test_form1_in_rank_order_uses_ranks_check_accepts(scrambled: Path) -> None:
    f = form1_of(trfkit.load(scrambled))
    # By points: 4½, 4, then the two 3½ (start ranks 3 and 4? the base's
    # ranks 3 and 4 hold 3½), then the 3s; numbered in that order.
    points = [p.score for p in f.players]
    assert points == sorted(points, reverse=True)
    assert not f.numbered_by_rank and [p.row for p in f.players] == list(range(1, 16))
    assert any("do not follow the points" in r and "S105" in r for r in f.remarks)
    # The Rank column still shows the file's ranks.
    text = render_form1_text(f)
    assert any(line.split()[:2] == ["5", "3"] for line in text.splitlines())


def test_one_banner_function() -> None:
    """rate's Form 3 and every other document say it in the same words."""
    from trfkit.report.rating import check_banner as rate_banner

    t = trfkit.load(FIXTURES / "swiss-trf16.trf")
    report = trfkit.rate(t)
    summary = CheckSummary(3, (("S104", 1), ("S105", 2)))
    import attrs

    assert rate_banner(attrs.evolve(report, check=summary)) == check_banner(summary)
    assert check_of(t) == CheckSummary(0, ())


def test_with_check_puts_the_key_after_the_path() -> None:
    summary = CheckSummary(1, (("S104", 1),))
    text = json.dumps({"schema": "x", "trfkit": "0", "path": "a.trf", "b": 1}, indent=2) + "\n"
    assert list(json.loads(with_check(text, "json", summary))) == [
        "schema",
        "trfkit",
        "path",
        "check",
        "b",
    ]
    no_path = json.dumps({"schema": "x", "trfkit": "0", "b": 1}, indent=2) + "\n"
    assert list(json.loads(with_check(no_path, "json", summary)))[2] == "check"
    assert with_check(text, "json", None) == text
    assert with_check("a,b\n", "csv", summary) == "a,b\n"
    assert with_check("Form\n", "text", CheckSummary(0, ())) == "Form\n"


# --- every command on the new fixtures ----------------------------------------------


@pytest.mark.parametrize("path", [IN_PROGRESS, BOTH, SWISS_IN_PROGRESS], ids=lambda p: p.name)
@pytest.mark.parametrize(
    "command",
    [["report", "--form", "all"], ["standings"], ["standings", "--players"], ["norms"]],
    ids=" ".join,
)
def test_every_form_of_the_new_fixtures(
    capsys: pytest.CaptureFixture[str], path: Path, command: list[str]
) -> None:
    """Each command runs (no traceback); its exit is 1 exactly when check
    finds errors, and then every document carries the banner."""
    if command == ["standings", "--players"] and path is SWISS_IN_PROGRESS:
        command = ["standings"]
    status, out = _run(capsys, *command, str(path))
    errors = check_of(trfkit.load(path)).errors
    assert status == (1 if errors else 0)
    # --form all: Forms 1, 2, 3 and Form 4's three documents, each with it.
    documents = 6 if command[0] == "report" else 1
    assert out.count("WARNING: trfkit check finds") == (documents if errors else 0)


def test_every_form_of_a_file_with_errors_carries_the_banner(
    capsys: pytest.CaptureFixture[str], scrambled: Path
) -> None:
    status, out = _run(capsys, "report", "--form", "all", str(scrambled))
    assert status == 1 and out.count(BANNER) == 6


def test_a_013_team_numbered_past_999_is_said_when_written_as_310() -> None:
    """A TRF16 file's 1000th 013 team is number 1000 by its place, wider
    than 310's columns 5-7: fmt --to trf26 says so (P009), as dumps refuses
    it (found by the fuzzer's many-teams shape once these fixtures joined
    its pool)."""
    from trfkit.writer import ValueTooWide, dumps, rewrite

    lines = (FIXTURES / "team-trf16.trf").read_text().splitlines()
    lines += [f"013 Team {i:<27}" for i in range(5, 1001)]
    t = trfkit.loads("\n".join(lines) + "\n")
    with pytest.raises(ValueTooWide):
        dumps(t, dialect="trf26")
    _, said = rewrite(t, "trf26")
    wide = [d for d in said if d.code == "P009" and "wider than" in d.message]
    assert [d.found for d in wide] == ["number '1000' is wider than columns 5-7"]
