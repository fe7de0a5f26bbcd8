"""How a batch shares its work out: chunks, JSON pieces, the same output.

These hold the design that makes ``check --jobs N`` fast (issue 5) to what
it must keep: the same output, in input order, whatever ``N`` is.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trfkit.batch import _chunk_sizes, in_order
from trfkit.checks.files import CheckedFile, Unreadable
from trfkit.cli import main
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.diagnostics import (
    check_data,
    join_json,
    render_json,
    render_json_file,
    summary_counts,
)

FIXTURES = ROOT / "fixtures"


@pytest.mark.parametrize("n", [1, 7, 8, 9, 100, 1000, 5000])
@pytest.mark.parametrize("jobs", [2, 3, 8])
def test_chunks_cover_every_item_and_shrink_towards_the_end(n: int, jobs: int) -> None:
    sizes = _chunk_sizes(n, jobs)
    assert sum(sizes) == n
    assert all(1 <= s <= 32 for s in sizes)
    assert sizes == sorted(sizes, reverse=True)
    # The last chunks are single items, so no worker is left with a long one.
    assert sizes[-1] == 1


def _square_and_pid(x: int) -> tuple[int, int]:
    time.sleep(0.001)  # long enough that every worker gets some
    return x * x, os.getpid()


def test_workers_share_the_chunks_and_the_order_is_kept() -> None:
    out = list(in_order(_square_and_pid, list(range(300)), jobs=2))
    assert [x for x, _ in out] == [x * x for x in range(300)]
    assert len({pid for _, pid in out} - {os.getpid()}) == 2


def test_done_counts_every_result_once() -> None:
    seen: list[int] = []
    out = list(in_order(_square_and_pid, list(range(101)), jobs=3, done=seen.append))
    assert len(out) == sum(seen) == 101


def _files() -> list[CheckedFile | Unreadable]:
    d = Diagnostic("S101", Severity.ERROR, 3, 92, "round 1: 2 does not name 1 — “é”")
    i = Diagnostic("P002", Severity.INFO, 0, 0, "50% done", hint="a\\b")
    return [
        CheckedFile("a.trf", "trf16", "fide-2024", "swiss", (d, i)),
        Unreadable("gone.trf", "no such file"),
        CheckedFile("b.trf", "trf26", "fide-2024", "round-robin", ()),
    ]


def test_placed_pieces_join_to_the_whole_document() -> None:
    files = _files()
    whole = json.dumps(check_data(files), indent=2, ensure_ascii=False) + "\n"
    placed = [render_json_file(f, placed=True) for f in files]
    loose = [render_json_file(f) for f in files]
    summary = summary_counts(files)
    assert join_json(placed, summary, placed=True) == whole
    assert join_json(loose, summary) == whole
    assert render_json(files) == whole
    assert join_json([], summary, placed=True) == join_json([], summary)


def _many(tmp_path: Path) -> list[str]:
    for n in (1, 2, 3):
        for f in sorted(FIXTURES.glob("*.trf")):
            shutil.copy(f, tmp_path / f"{n}-{f.name}")
    return sorted(str(p) for p in tmp_path.iterdir())


@pytest.mark.parametrize("fmt", ["json", "jsonl", "text", "sarif", "github"])
def test_every_format_is_the_same_with_a_missing_file_among_many(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    files = _many(tmp_path)
    missing = str(tmp_path / "gone.trf")
    argv = ["check", *files[:7], missing, *files[7:], "--format", fmt]
    outs = []
    for jobs in ("1", "2", "3"):
        status = main([*argv, "--jobs", jobs])
        captured = capsys.readouterr()
        assert status == 2
        assert captured.err.count(f"trfkit: {missing}: no such file") == 1
        outs.append(captured.out)
    assert outs[0] == outs[1] == outs[2]
    if fmt == "jsonl":
        paths = [json.loads(line)["path"] for line in outs[0].splitlines()]
        assert paths == [*files[:7], missing, *files[7:]]


def _run(*argv: str, env: dict[str, str] | None = None) -> tuple[int, bytes]:
    """trfkit in a process of its own, so that its standard output is the
    process's (the byte path) rather than a test's capture (the text path)."""
    code = "import sys; from trfkit.cli import main; sys.exit(main())"
    proc = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    return proc.returncode, proc.stdout


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_bytes_written_by_the_process_are_the_text_a_capture_gets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    files = _many(tmp_path)
    missing = str(tmp_path / "gone.trf")
    argv = ["check", *files[:7], missing, *files[7:], "--format", fmt]
    assert main([*argv, "--jobs", "1"]) == 2
    captured = capsys.readouterr().out.encode()
    for jobs in ("1", "2"):
        assert _run(*argv, "--jobs", jobs) == (2, captured)
    # Another encoding: text, as the stream's encoding writes it.
    status, latin = _run(*argv, "--jobs", "2", env={"PYTHONIOENCODING": "latin-1:replace"})
    assert (status, latin) == (2, captured.decode().encode("latin-1", "replace"))


@pytest.mark.skipif(sys.platform != "linux", reason="file names of any bytes: Linux")
@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_file_name_that_is_not_utf8_is_written_as_the_stream_handles_it(
    tmp_path: Path, fmt: str
) -> None:
    files = _many(tmp_path)
    odd = os.path.join(os.fsencode(tmp_path), b"odd-\xff.trf")
    shutil.copy(files[0], odd)
    env = {"PYTHONIOENCODING": "utf-8:surrogateescape"}
    argv = ["check", str(tmp_path), "--format", fmt]
    one, two = _run(*argv, "--jobs", "1", env=env), _run(*argv, "--jobs", "2", env=env)
    assert one == two
    assert b"odd-\xff.trf" in one[1]


def test_warm_up_builds_what_a_worker_would_build_on_its_first_file() -> None:
    from trfkit import timecontrol
    from trfkit.checks.files import check_file
    from trfkit.service import _WARM_UP_FILE, warm_up

    warm_up()
    assert timecontrol._parser.cache_info().currsize == 1
    # The sample goes through the whole check: warm_up's guard against a
    # failure there never hides one.
    checked = check_file("<warm-up>", data=_WARM_UP_FILE)
    assert checked.dialect is not None and checked.rules is not None
