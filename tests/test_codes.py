"""Every code of the registry: its failing example raises it, its passing one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

import trfkit
from trfkit.checks import validate
from trfkit.codes import CODES
from trfkit.writer import convert


def _diagnostic_codes(lines: tuple[str, ...], code: str) -> set[str]:
    data = "\n".join(lines).encode("utf-8", "surrogateescape") + b"\n"
    t = trfkit.loads(data, **dict(CODES[code].load_options))  # type: ignore[arg-type]
    found = {d.code for d in t.diagnostics}
    found |= {d.code for d in validate(t, rules=CODES[code].rules)}
    if code == "P009":
        _, lost = convert(t, "trf16")
        found |= {d.code for d in lost}
    return found


@pytest.mark.parametrize("code", sorted(CODES))
def test_failing_example_raises_the_code(code: str) -> None:
    assert code in _diagnostic_codes(CODES[code].failing, code)


@pytest.mark.parametrize("code", sorted(CODES))
def test_passing_example_does_not(code: str) -> None:
    assert code not in _diagnostic_codes(CODES[code].passing, code)


def test_docs_list_every_code_and_are_current() -> None:
    from trfkit.docs import codes_markdown

    doc = Path(__file__).resolve().parent.parent / "docs" / "codes.md"
    assert doc.read_text(encoding="utf-8") == codes_markdown(), (
        "docs/codes.md is out of date: run python -m trfkit.docs"
    )


def test_rules_doc_is_current() -> None:
    from trfkit.docs import rules_markdown

    doc = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    assert doc.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is out of date: run python -m trfkit.docs"
    )
