"""Checking many files: worker processes, input order, progress bar."""

from __future__ import annotations

import io
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trfkit.batch import in_order, progress_bar
from trfkit.cli import main

FIXTURES = ROOT / "fixtures"


def _square_and_pid(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def _slow_square_and_pid(x: int) -> tuple[int, int]:
    # Instant work can all be taken by the worker that starts first; a
    # millisecond an item leaves the second one its share.
    time.sleep(0.001)
    return _square_and_pid(x)


def test_in_order_keeps_the_input_order_across_workers() -> None:
    seen: list[int] = []
    out = list(in_order(_slow_square_and_pid, list(range(200)), jobs=2, done=seen.append))
    assert [v for v, _ in out] == [x * x for x in range(200)]
    assert len({pid for _, pid in out} - {os.getpid()}) == 2  # two workers did the work
    assert sum(seen) == 200


def test_few_items_or_one_job_stay_in_this_process() -> None:
    assert {pid for _, pid in in_order(_square_and_pid, [1, 2, 3], jobs=4)} == {os.getpid()}
    assert {pid for _, pid in in_order(_square_and_pid, list(range(50)), jobs=1)} == {os.getpid()}


def _many(tmp_path: Path) -> Path:
    # Every fixture, twice over: enough files for the worker pool.
    for n in (1, 2):
        for f in sorted(FIXTURES.glob("*.trf")):
            shutil.copy(f, tmp_path / f"{n}-{f.name}")
    return tmp_path


@pytest.mark.parametrize("fmt", ["json", "text", "sarif", "github"])
def test_check_jobs_2_writes_what_jobs_1_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    folder = _many(tmp_path)
    one = main(["check", str(folder), "--format", fmt, "--jobs", "1"])
    out1 = capsys.readouterr().out
    two = main(["check", str(folder), "--format", fmt, "--jobs", "2"])
    out2 = capsys.readouterr().out
    assert one == two == 1  # the broken fixtures have errors
    assert out1 == out2
    if fmt == "json":
        paths = [f["path"] for f in json.loads(out1)["files"]]
        assert paths == sorted(paths) and len(paths) == 2 * len(list(FIXTURES.glob("*.trf")))


def test_an_unreadable_file_is_reported_and_the_rest_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _many(tmp_path)
    files = sorted(str(p) for p in folder.iterdir())
    missing = str(folder / "gone.trf")
    status = main(["check", *files[:5], missing, *files[5:], "--format", "json", "--jobs", "2"])
    captured = capsys.readouterr()
    assert status == 2
    assert f"trfkit: {missing}: no such file" in captured.err
    data = json.loads(captured.out)
    # The unreadable file keeps its place, so a consumer can tell which it was.
    assert [f["path"] for f in data["files"]] == [*files[:5], missing, *files[5:]]
    assert [f["unreadable"] for f in data["files"]].count(None) == len(files)
    assert data["files"][5]["unreadable"] == "no such file"
    assert data["files"][5]["diagnostics"] == []
    assert data["summary"]["unreadable"] == 1 and data["summary"]["files"] == len(files) + 1


def test_jobs_must_be_a_positive_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(FIXTURES), "--jobs", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_no_progress_bar_when_piped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", str(_many(tmp_path)), "--jobs", "2"])
    assert capsys.readouterr().err == ""
    with progress_bar(10, stream=io.StringIO()) as done:
        assert done is None


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERM", raising=False)
    screen = _Terminal()
    with progress_bar(3, stream=screen) as done:
        assert done is not None
        for _ in range(3):
            done(1)
    assert "3/3" in screen.getvalue()
    with progress_bar(1, stream=_Terminal()) as done:
        assert done is None  # one file: nothing to show
