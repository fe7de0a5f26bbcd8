"""The renderers of ``trfkit check`` results: text, JSON, SARIF and GitHub."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import FIXTURES, fixture_files
from trfkit.checks import CODES
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.diagnostics import (
    CheckedFile,
    render_github,
    render_json,
    render_sarif,
    render_text,
    summary_counts,
)
from trfkit.service import CheckOptions, check_task

S101 = Diagnostic(
    "S101",
    Severity.ERROR,
    16,
    92,
    "round 1: player 2 does not name player 1",
    reference="TRF16 §2.2",
    found="0000",
    expected="1",
    hint="Write the game on both lines.",
)
P002 = Diagnostic("P002", Severity.WARNING, 17, 49, "rating '24O0' is not a number")
P001 = Diagnostic("P001", Severity.INFO, 3, 1, "unknown record 'ABC'")
X999 = Diagnostic("X999", Severity.ERROR, 0, 0, "whole file: something odd")

A = CheckedFile("a.trf", "trf16", "fide-2024", "swiss", (S101, P002, S101))
B = CheckedFile("dir/my file.trf", "trf26", "fide-2024", "round-robin", (P001, X999))
CLEAN = CheckedFile("c.trf", "trf16", "fide-2024", "swiss", ())
UNREADABLE = CheckedFile("<stdin>", None, None, None, (X999,))


# --- summary and text -------------------------------------------------------


def test_summary_counts() -> None:
    assert summary_counts([A, B, CLEAN]) == {
        "error": 3,
        "warning": 1,
        "info": 1,
        "files": 3,
        "unreadable": 0,
    }
    assert summary_counts([]) == {"error": 0, "warning": 0, "info": 0, "files": 0, "unreadable": 0}


def test_text_lines_and_summary() -> None:
    assert render_text([A, B]) == (
        "a.trf:16:92: error S101 round 1: player 2 does not name player 1 [TRF16 §2.2]\n"
        "a.trf:17:49: warning P002 rating '24O0' is not a number\n"
        "a.trf:16:92: error S101 round 1: player 2 does not name player 1 [TRF16 §2.2]\n"
        "dir/my file.trf:3:1: info P001 unknown record 'ABC'\n"
        "dir/my file.trf:0:0: error X999 whole file: something odd\n"
        "2 files checked: 3 errors, 1 warning, 1 info\n"
    )


def test_text_singular_and_plural() -> None:
    one = CheckedFile("x.trf", "trf16", None, None, (S101,))
    assert render_text([one]).splitlines()[-1] == "1 file checked: 1 error, 0 warnings, 0 info"
    two_warnings = CheckedFile("x.trf", "trf16", None, None, (P002, P002, P001, P001))
    assert render_text([two_warnings]).splitlines()[-1] == (
        "1 file checked: 0 errors, 2 warnings, 2 info"
    )


def test_text_clean() -> None:
    assert render_text([CLEAN]) == "1 file checked: no problems found\n"
    assert render_text([CLEAN, CLEAN]) == "2 files checked: no problems found\n"


def test_text_colour_only_when_asked() -> None:
    plain = render_text([A, B])
    assert "\x1b[" not in plain
    coloured = render_text([A, B], colour=True)
    lines = coloured.splitlines()
    assert lines[0].startswith("a.trf:16:92: \x1b[31merror\x1b[0m S101 ")
    assert lines[1].startswith("a.trf:17:49: \x1b[33mwarning\x1b[0m P002 ")
    assert lines[3].startswith("dir/my file.trf:3:1: \x1b[36minfo\x1b[0m P001 ")
    # Stripping the escapes gives back the plain text.
    stripped = coloured
    for esc in ("\x1b[31m", "\x1b[33m", "\x1b[36m", "\x1b[0m"):
        stripped = stripped.replace(esc, "")
    assert stripped == plain


def test_text_colour_ignores_severity_word_in_path() -> None:
    f = CheckedFile("x: error .trf", None, None, None, (P002,))
    line = render_text([f], colour=True).splitlines()[0]
    assert line == "x: error .trf:17:49: \x1b[33mwarning\x1b[0m P002 rating '24O0' is not a number"


# --- JSON -------------------------------------------------------------------


def test_json_shape() -> None:
    text = render_json([A, B, UNREADABLE])
    assert text.endswith("}\n")
    assert '\n  "files": [' in text  # indented 2
    assert "§" in text  # ensure_ascii=False
    data = json.loads(text)
    assert list(data) == ["schema", "trfkit", "files", "summary"]
    assert data["schema"] == "trfkit.check/1"
    assert data["summary"] == {"error": 4, "warning": 1, "info": 1, "files": 3, "unreadable": 0}
    assert [f["path"] for f in data["files"]] == ["a.trf", "dir/my file.trf", "<stdin>"]
    first = data["files"][0]
    assert list(first) == [
        "path",
        "dialect",
        "rules",
        "type",
        "unreadable",
        "diagnostics",
        "event",
        "verdict",
    ]
    assert (first["dialect"], first["rules"], first["type"]) == ("trf16", "fide-2024", "swiss")
    assert first["diagnostics"][0] == {
        "code": "S101",
        "severity": "error",
        "line": 16,
        "column": 92,
        "message": "round 1: player 2 does not name player 1",
        "reference": "TRF16 §2.2",
        "found": "0000",
        "expected": "1",
        "hint": "Write the game on both lines.",
    }
    assert [d["code"] for d in first["diagnostics"]] == ["S101", "P002", "S101"]


def test_json_nulls_are_present() -> None:
    data = json.loads(render_json([UNREADABLE]))
    f = data["files"][0]
    assert f["dialect"] is None and f["rules"] is None and f["type"] is None
    d = f["diagnostics"][0]
    assert list(d) == [
        "code",
        "severity",
        "line",
        "column",
        "message",
        "reference",
        "found",
        "expected",
        "hint",
    ]
    assert d["reference"] is None and d["found"] is None and d["hint"] is None


def test_json_clean() -> None:
    data = json.loads(render_json([CLEAN]))
    assert data["files"][0]["diagnostics"] == []
    assert data["summary"] == {"error": 0, "warning": 0, "info": 0, "files": 1, "unreadable": 0}


# --- SARIF ------------------------------------------------------------------


def _sarif(*files: CheckedFile) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(render_sarif(list(files), tool_version="9.8.7"))
    return data


def test_sarif_envelope() -> None:
    log = _sarif(A, B)
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "trfkit"
    assert driver["version"] == "9.8.7"
    assert driver["informationUri"].startswith("https://")


def test_sarif_rules_match_results() -> None:
    run = _sarif(A, B)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    assert set(ids) == {"S101", "P002", "P001", "X999"}
    results = run["results"]
    assert len(results) == 5
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
    assert [r["ruleId"] for r in results] == ["S101", "P002", "S101", "P001", "X999"]


def test_sarif_rule_descriptor_from_registry() -> None:
    rules = {r["id"]: r for r in _sarif(A, B)["runs"][0]["tool"]["driver"]["rules"]}
    s101 = rules["S101"]
    assert s101["name"] == CODES["S101"].name == "structure.pairing-not-mutual"
    assert s101["shortDescription"]["text"] == CODES["S101"].summary
    assert s101["fullDescription"]["text"]
    assert s101["help"]["text"] == CODES["S101"].fix
    assert s101["defaultConfiguration"]["level"] == "error"
    assert isinstance(s101["properties"]["tags"], list) and s101["properties"]["tags"]
    assert rules["P001"]["defaultConfiguration"]["level"] == "note"
    assert rules["X999"] == {"id": "X999"}


def test_sarif_levels_follow_the_diagnostic() -> None:
    results = _sarif(A, B)["runs"][0]["results"]
    assert [r["level"] for r in results] == ["error", "warning", "error", "note", "error"]
    assert results[0]["message"]["text"] == "round 1: player 2 does not name player 1"


def test_sarif_locations() -> None:
    results = _sarif(A, B)["runs"][0]["results"]
    for r in results:
        loc = r["locations"][0]["physicalLocation"]
        region = loc.get("region")
        if region is not None:
            assert region["startLine"] >= 1
            assert region.get("startColumn", 1) >= 1
    first = results[0]["locations"][0]["physicalLocation"]
    assert first["artifactLocation"]["uri"] == "a.trf"
    assert first["region"] == {"startLine": 16, "startColumn": 92}
    spaced = results[3]["locations"][0]["physicalLocation"]
    assert spaced["artifactLocation"]["uri"] == "dir/my%20file.trf"
    assert spaced["region"] == {"startLine": 3, "startColumn": 1}
    whole = results[4]["locations"][0]["physicalLocation"]
    assert "region" not in whole


def test_sarif_uri_forward_slashes() -> None:
    f = CheckedFile("sub\\dir\\x y.trf", None, None, None, (P002,))
    uri = _sarif(f)["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
        "artifactLocation"
    ]["uri"]
    assert uri == "sub/dir/x%20y.trf"


def test_sarif_line_without_column() -> None:
    d = Diagnostic("P007", Severity.ERROR, 4, 0, "missing record")
    r = _sarif(CheckedFile("a.trf", None, None, None, (d,)))["runs"][0]["results"][0]
    assert r["locations"][0]["physicalLocation"]["region"] == {"startLine": 4}


def test_sarif_clean() -> None:
    run = _sarif(CLEAN)["runs"][0]
    assert run["results"] == []
    assert run["tool"]["driver"]["rules"] == []


# --- GitHub -----------------------------------------------------------------


def test_github_commands() -> None:
    assert render_github([A, B]) == (
        "::error file=a.trf,line=16,col=92,title=S101::"
        "round 1: player 2 does not name player 1 [TRF16 §2.2]\n"
        "::warning file=a.trf,line=17,col=49,title=P002::rating '24O0' is not a number\n"
        "::error file=a.trf,line=16,col=92,title=S101::"
        "round 1: player 2 does not name player 1 [TRF16 §2.2]\n"
        "::notice file=dir/my file.trf,line=3,col=1,title=P001::unknown record 'ABC'\n"
        "::error file=dir/my file.trf,title=X999::whole file: something odd\n"
    )


def test_github_escaping() -> None:
    d = Diagnostic("P002", Severity.ERROR, 2, 5, "100% wrong\r\nsecond, line: here")
    f = CheckedFile("C:dir,50%\nx.trf", None, None, None, (d,))
    assert render_github([f]) == (
        "::error file=C%3Adir%2C50%25%0Ax.trf,line=2,col=5,title=P002::"
        "100%25 wrong%0D%0Asecond, line: here\n"
    )


def test_github_clean() -> None:
    assert render_github([CLEAN]) == ""


def test_json_spliced_from_pieces_is_one_json_dumps_of_the_document() -> None:
    # A batch renders each file's piece in its worker; the document must be
    # what one json.dumps of the whole would write, for any set of files.
    from trfkit.report.diagnostics import check_data

    files = [check_task(CheckOptions(), (str(p), None)) for p in fixture_files()]
    checked = [f for f in files if isinstance(f, CheckedFile)]
    assert len(checked) == len(files) and any(f.diagnostics for f in checked)
    for subset in (checked, checked[:1], [], [f for f in checked if not f.diagnostics]):
        expected = json.dumps(check_data(subset), indent=2, ensure_ascii=False) + "\n"
        assert render_json(subset) == expected


def test_strict_json_batches_exit_1_on_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    from trfkit.cli import main

    legacy = str(FIXTURES / "legacy-trf06.trf")
    assert main(["check", legacy, legacy, "--format", "json"]) == 0
    assert main(["check", legacy, legacy, "--format", "json", "--strict"]) == 1
    capsys.readouterr()
