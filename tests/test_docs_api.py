"""docs/api.md, the Python API guide: every example in it runs (issue 7)."""

from __future__ import annotations

import doctest

import pytest

from tests.conftest import ROOT

GUIDE = ROOT / "docs" / "api.md"


def test_the_api_guide_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files of fixtures/
    result = doctest.testfile(
        str(GUIDE),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        report=True,
    )
    assert result.failed == 0, f"{result.failed} example(s) of docs/api.md failed (see above)"
    # So that the guide cannot silently stop being tested (a broken fence,
    # a lost '>>>'): it has well over a hundred examples today.
    assert result.attempted >= 120


def test_the_guide_covers_the_api() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for name in (
        "trfkit.load(",
        "trfkit.loads(",
        "trfkit.read(",
        "strict=True",
        "TrfSyntaxError",
        "CODES[",
        "trfkit.validate(",
        "trfkit.rules.names()",
        "check_file(",
        "trfkit.rate(",
        "trfkit.standings(",
        "load_rating_list(",
        "wanted=",
        "render_rating_json(",
        "render_json(",
        "trfkit.dumpb(",
        "trfkit.convert(",
        "max_size=",
        "max_line_length=",
        "def app(environ",
    ):
        assert name in text, name
