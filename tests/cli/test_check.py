"""trfkit check: exit status, formats, directories, stdin, suppression."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trfkit.cli import main

FIXTURES = ROOT / "fixtures"


def check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["check", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_clean_file_exits_0_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = check(capsys, str(FIXTURES / "roundrobin-8.trf"))
    assert status == 0
    assert out.strip().endswith("1 file checked: no problems found")


def test_errors_exit_1_and_point_at_line_and_column(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "bad-rating-letter.trf")
    status, out, _ = check(capsys, path)
    assert status == 1
    assert f"{path}:16:49: error P002 " in out


def test_warnings_exit_0_unless_strict(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "legacy-trf06.trf")
    assert check(capsys, path)[0] == 0
    assert check(capsys, path, "--strict")[0] == 1


def test_unusable_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.trf")
    status, out, err = check(capsys, missing)
    # The text report names it in its summary, and never says all is well.
    assert status == 2 and err == f"trfkit: {missing}: no such file\n"
    assert out == f"0 files checked; 1 file could not be read:\n  {missing}: no such file\n"
    status, _, err = check(capsys, str(FIXTURES / "roundrobin-8.trf"), "--rules", "fide-1999")
    assert status == 2 and "unknown rule set" in err
    assert check(capsys, str(FIXTURES / "roundrobin-8.trf"), "--type", "knockout")[0] == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = check(capsys, str(empty))
    assert status == 2 and "no TRF files" in err


def test_directory_means_every_trf_file_in_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "sub").mkdir()
    shutil.copy(FIXTURES / "roundrobin-8.trf", tmp_path / "a.trf")
    shutil.copy(FIXTURES / "swiss-trf16.trf", tmp_path / "sub" / "b.txt")
    (tmp_path / "notes.txt").write_text("not a tournament\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("012 looks like TRF but is markdown\n", encoding="utf-8")
    status, out, _ = check(capsys, str(tmp_path), "--format", "json")
    assert status == 0
    paths = [f["path"] for f in json.loads(out)["files"]]
    assert paths == [str(tmp_path / "a.trf"), str(tmp_path / "sub" / "b.txt")]


def test_json_output_is_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "swiss-trf16.trf")
    status, out, _ = check(capsys, path, "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["schema"] == "trfkit.check/1"
    (f,) = data["files"]
    assert (f["path"], f["dialect"], f["rules"], f["type"]) == (
        path,
        "trf16",
        "fide-2024",
        "swiss",
    )
    d = f["diagnostics"][0]
    assert set(d) >= {"code", "severity", "line", "column", "message", "reference"}
    assert d["reference"].startswith("FIDE Rating Regulations 2024 §")


def test_rules_and_type_and_time_control_options(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "swiss-trf16.trf")
    _, out, _ = check(capsys, path, "--format", "json", "--rules", "fide-2009", "--type", "match")
    f = json.loads(out)["files"][0]
    assert (f["rules"], f["type"]) == ("fide-2009", "match")
    status, out, _ = check(capsys, path, "--time-control", "45+30", "--min-severity", "error")
    assert status == 1 and " error R101 " in out


def test_ignore_and_min_severity(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "bad-rating-letter.trf")
    status, out, _ = check(capsys, path, "--ignore", "P002,R501", "--ignore", "r603")
    assert " P002 " not in out and " R501 " not in out and " R603 " not in out
    assert status == 0
    _, out, _ = check(capsys, path, "--min-severity", "warning")
    assert " info " not in out


def test_sarif_and_github(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "bad-rating-letter.trf")
    status, out, _ = check(capsys, path, "--format", "sarif")
    sarif = json.loads(out)
    assert status == 1 and sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert any(r["ruleId"] == "P002" and r["level"] == "error" for r in results)
    status, out, _ = check(capsys, path, "--format", "github")
    assert status == 1
    assert f"::error file={path},line=16,col=49,title=P002::" in out


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    data = (FIXTURES / "bad-rating-letter.trf").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, _ = check(capsys, "-")
    assert status == 1 and "<stdin>:16:49: error P002" in out


def test_readme_command_runs_as_a_process() -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "trfkit.cli", "check", str(FIXTURES / "swiss-trf16.trf")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("0 errors, 0 warnings, 8 info")
