"""The reader's limits, and time that grows linearly with the input.

Issue 6: hostile input never hangs trfkit. A file over the size limit is
refused before it is read (P010), a line over the length limit is kept
verbatim but not read (P011), and below the limits the cost of reading,
checking and rating grows with the size of the input, not its square:
each test times the same adversarial shape at two sizes and compares.
Ratios, not seconds, so a slow machine does not fail them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

import trfkit
from tests.conftest import FIXTURES
from trfkit.checks import validate
from trfkit.cli import main
from trfkit.rating.engine import rate
from trfkit.reader import MAX_LINE_LENGTH

BASE = (FIXTURES / "swiss-trf16.trf").read_bytes()
PLAYER = next(line for line in BASE.split(b"\n") if line.startswith(b"001"))


def _all(data: bytes) -> None:
    t = trfkit.loads(data, max_line_length=None)
    validate(t)
    rate(t)
    assert trfkit.dumpb(t) == data


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


# Shapes that could make a regular expression or a check backtrack or
# compare every cell with every other: one long line of each.
SHAPES = {
    "letters": lambda n: b"x" * n,
    "digits after 001": lambda n: b"001 " + b"9" * n,
    "blanks after 001": lambda n: b"001" + b" " * n,
    "round cells": lambda n: PLAYER + b"  0002 w 1" * (n // 10),
    "broken cells": lambda n: PLAYER + b"  00x2 q 7" * (n // 10),
    "dates": lambda n: b"132" + b" " * 88 + b"  25/01/01" * (n // 10),
    "time control": lambda n: b"122 " + b"90+" * (n // 3),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_long_line_costs_time_in_proportion(shape: str) -> None:
    make = SHAPES[shape]
    small = BASE + make(20_000) + b"\n"
    large = BASE + make(200_000) + b"\n"
    _all(small)  # warm up
    ratio = _best(lambda: _all(large)) / max(_best(lambda: _all(small)), 1e-4)
    # Linear: 10x the input, about 10x the time; quadratic would be 100x.
    assert ratio < 30, f"{shape}: 10x the line took {ratio:.0f}x the time"


def test_a_100000_character_line_is_reported_and_kept() -> None:
    line = PLAYER + b"  0002 w 1" * 10_000
    assert len(line) > 100_000
    data = BASE + line + b"\n"
    t = trfkit.loads(data)
    found = [d for d in t.diagnostics if d.code == "P011"]
    assert len(found) == 1
    d = found[0]
    assert d.line == BASE.count(b"\n") + 1 and d.column == MAX_LINE_LENGTH + 1
    assert (
        d.found == f"{len(line)} characters"
        and d.expected == f"at most {MAX_LINE_LENGTH} characters"
    )
    assert trfkit.dumpb(t) == data  # kept verbatim
    assert len(t.players) == BASE.count(b"\n001")  # the others are read


def test_the_length_limit_can_be_raised_or_removed() -> None:
    data = BASE + PLAYER + b"  0002 w 1" * 10_000 + b"\n"
    for limit in (200_000, None):
        t = trfkit.loads(data, max_line_length=limit)
        assert not [d for d in t.diagnostics if d.code == "P011"]
        assert len(t.players[-1].games) > 10_000


def test_a_file_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "big.trf"
    path.write_bytes(BASE * 10)
    t = trfkit.load(path, max_size=len(BASE) * 5)
    assert not t.players and [d.code for d in t.diagnostics] == ["P010"]
    d = t.diagnostics[0]
    assert d.found == f"{len(BASE) * 10} bytes" and d.expected == f"at most {len(BASE) * 5} bytes"
    with pytest.raises(trfkit.TrfSyntaxError):
        trfkit.loads(BASE * 10, max_size=100, strict=True)
    assert trfkit.loads(BASE, max_size=len(BASE)).players  # at the limit: read


def test_cli_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(BASE)
    assert main(["check", str(path), "--max-file-size", "1k"]) == 1
    out = capsys.readouterr().out
    assert "P010" in out and "over the limit of 1,024" in out
    assert main(["check", str(path), "--max-line-length", "100", "--format", "json"]) == 1
    assert "P011" in capsys.readouterr().out
    assert main(["check", str(path), "--max-file-size", "lots"]) == 2
    assert "64M" in capsys.readouterr().err
    assert main(["parse", str(path), "--max-file-size", "0"]) == 0  # 0: no limit
    capsys.readouterr()


@pytest.mark.parametrize("record", [b"142 9999999", b"XXR 99999999999999999999"])
def test_a_declared_round_count_does_not_size_the_report(record: bytes) -> None:
    # Found by the fuzzers: Form 3's grid had a column for every declared
    # round, so one header line could ask for millions of them.
    import tracemalloc

    from trfkit.report import rating as render

    t = trfkit.loads(record + b"\n" + PLAYER + b"\n")
    tracemalloc.start()
    try:
        report = rate(t)
        outputs = [
            render.render_rating_text(report),
            render.render_rating_csv(report),
            render.render_rating_json(report),
            render.render_rating_html(report),
        ]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20 and all(len(o) < 200_000 for o in outputs)
