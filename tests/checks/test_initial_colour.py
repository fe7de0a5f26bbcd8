"""S130: the initial colour a file declares (152, XXC) against round 1's."""

from __future__ import annotations

import trfkit
from trfkit import _examples as ex
from trfkit.checks import validate
from trfkit.diagnostics import Diagnostic

FIELD = ex.field([2400, 2300, 2200, 2100], [[(1, 3), (4, 2)], [(2, 1), (3, 4)]])


def s130(*head: str) -> list[Diagnostic]:
    t = trfkit.loads("\n".join([*ex.HEAD, *head, *FIELD]) + "\n")
    return [d for d in validate(t) if d.code == "S130"]


def test_152_against_round_one() -> None:
    # Player 1, the first paired, has white in round 1: white was drawn.
    (d,) = s130("092 Swiss", "152 B")
    assert d.line == len(ex.HEAD) + 2 and d.severity.value == "info"
    assert "152 declares the initial colour black" in d.message
    assert "show white" in d.message
    assert s130("092 Swiss", "152 W") == []


def test_xxc_is_read_as_152() -> None:
    (d,) = s130("092 Swiss", "XXC black1")
    assert (
        d.message.startswith("XXC declares the initial colour black") and d.line == len(ex.HEAD) + 2
    )
    assert s130("092 Swiss", "XXC white1") == []


def test_nothing_declared_or_not_a_swiss() -> None:
    assert s130("092 Swiss") == []
    # A round robin's colours come from its tables (C.05), not from a draw.
    assert s130("092 Round robin", "152 B") == []
