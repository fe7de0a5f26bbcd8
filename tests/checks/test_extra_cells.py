"""S127: a line with more round cells than the event has rounds is one
finding (issue 29), not one S101/S113 per cell."""

from __future__ import annotations

from collections import Counter

import trfkit
from tests.conftest import FIXTURES
from trfkit.checks import validate

BASE = (FIXTURES / "swiss-trf16.trf").read_text()


def _with_extra(n: int, declared: int | None = None) -> trfkit.Tournament:
    lines = [
        line + "     2 w 1" * n if line.startswith("001   15") else line
        for line in BASE.split("\n")
    ]
    if declared is not None:
        lines.insert(1, f"XXR {declared}")
    return trfkit.loads("\n".join(lines).encode(), max_line_length=None)


def test_many_extra_cells_are_one_finding_at_the_first() -> None:
    found = validate(_with_extra(300))
    codes = Counter(d.code for d in found)
    assert codes["S127"] == 1
    d = next(d for d in found if d.code == "S127")
    # Player 15's line is line 29; the event has 5 rounds, so round 6's
    # cell starts at column 88 + 10 x 5 + 4 = 142 (its opponent number).
    assert (d.line, d.column) == (29, 142)
    assert d.found == "305 round cells" and d.expected == "at most 5"
    # Nothing per cell beyond: no finding on the line past column 138.
    assert not [x for x in found if x.line == 29 and x.column >= 138 and x.code != "S127"]
    assert len(found) < 15


def test_a_line_within_the_declared_rounds_is_no_finding() -> None:
    # XXR declares 8 rounds: three more cells on one line are rounds the
    # others have not played yet (S101 says so per round), not S127.
    found = validate(_with_extra(3, declared=8))
    assert not [d for d in found if d.code == "S127"]
    assert [d for d in found if d.code == "S101"]


def test_the_unchanged_file_has_none() -> None:
    assert not [d for d in validate(trfkit.loads(BASE.encode())) if d.code == "S127"]


def test_cells_beyond_the_rounds_make_no_norm() -> None:
    # Without a declaration the 300 wins are rounds only player 15's line
    # has: not counted by the norms, and said so in the rounds left out.
    report = trfkit.norms(_with_extra(300), rules="b01-2024")
    assert not report.holders
    p = report.player(15)
    assert p is not None
    v = p.verdict("WIM")
    assert v.games == 4
    assert (6, "rounds 6-305: beyond the event's 5 rounds (S127): not counted") in v.left_out
