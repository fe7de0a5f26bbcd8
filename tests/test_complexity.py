"""No function of the package has a cyclomatic complexity over 30 (radon), issue 31 §4.

A long function is split into one function per regulation section, named
in the regulation's words. Every file of the package is held to the limit;
there is no list of exceptions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

cc = pytest.importorskip(
    "radon.complexity", reason="radon is not installed (pip install trfkit[dev])"
)

PACKAGE = ROOT / "trfkit"
LIMIT = 30


def _blocks(blocks: list[Any]) -> list[Any]:
    """Every block radon measures, with the closures it does not list (a
    function inside a function counts apart from it, so it is no way round
    the limit)."""
    out = []
    for b in blocks:
        out.append(b)
        out += _blocks(list(getattr(b, "closures", [])))
    return out


def _over(path: Path) -> list[str]:
    blocks = _blocks(cc.cc_visit(path.read_text(encoding="utf-8")))
    return [f"{b.fullname} ({b.complexity})" for b in blocks if b.complexity > LIMIT]


FILES = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("name", FILES)
def test_no_function_over_the_limit(name: str) -> None:
    assert _over(PACKAGE / name) == []


def test_the_limit_is_measured() -> None:
    # radon sees a function of 31 branches as over the limit: the test
    # above could fail.
    source = "def f(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(31))
    (block,) = cc.cc_visit(source)
    assert block.complexity == 32 > LIMIT


def test_closures_are_measured() -> None:
    inner = "".join(f"        if x == {i}:\n            return {i}\n" for i in range(31))
    source = f"def f(x):\n    def g(x):\n{inner}        return x\n    return g(x)\n"
    assert [b.name for b in _blocks(cc.cc_visit(source)) if b.complexity > LIMIT] == ["g"]
