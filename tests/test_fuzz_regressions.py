"""The fuzzer's properties on its saved reproducers, and on the fixtures.

``fuzz/fuzz_trfkit.py`` (atheris) runs :func:`check_one` of
``fuzz/harness.py`` on every input it makes: ``loads`` never raises,
``dumpb(loads(x)) == x``, every diagnostic has a known code, a message and
a line in the file, and ``validate``, ``rate``, ``check_file`` and every
renderer run without raising. Each input that broke one of them is saved in
``fixtures/fuzz/`` under a name that says what it shows (fuzz/README.md);
these tests run the same check on each of them, with every renderer, so a
bug the fuzzer found stays fixed. The fixtures must pass too.

``fuzz/`` is not a package: the harness is imported from its file.
"""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, fixture_files

_spec = importlib.util.spec_from_file_location("fuzz_harness", ROOT / "fuzz" / "harness.py")
assert _spec is not None and _spec.loader is not None
harness = importlib.util.module_from_spec(_spec)
sys.modules["fuzz_harness"] = harness
_spec.loader.exec_module(harness)

REPRODUCERS = FIXTURES / "fuzz"


def reproducer_files() -> list[Path]:
    """Every saved fuzzer input: each file of fixtures/fuzz/ but its README."""
    if not REPRODUCERS.is_dir():
        return []
    return sorted(p for p in REPRODUCERS.iterdir() if p.is_file() and p.name != "README.md")


def _params(files: list[Path], none_reason: str) -> list[object]:
    if not files:
        return [pytest.param(None, marks=pytest.mark.skip(reason=none_reason), id="none")]
    return [pytest.param(p, id=p.name) for p in files]


@pytest.mark.parametrize(
    "path", _params(reproducer_files(), f"no fuzzer reproducers in {REPRODUCERS}")
)
def test_fuzz_reproducer(path: Path) -> None:
    harness.check_one(path.read_bytes(), all_renderers=True, canonical_roundtrip=True)


@pytest.mark.parametrize("path", _params(fixture_files(), "no fixtures"))
def test_fixture_passes_the_fuzz_properties(path: Path) -> None:
    harness.check_one(path.read_bytes(), all_renderers=True, canonical_roundtrip=True)


@pytest.mark.parametrize("rules", harness.RULE_SETS)
def test_every_rule_set_on_a_fixture(rules: str) -> None:
    # The fuzzer picks the rule set by the first byte, and nearly every
    # fixture starts with "0"; run one fixture under each rule set by hand.
    data = (FIXTURES / "swiss-trf16.trf").read_bytes()
    t = harness.trfkit.loads(data)
    lines = harness.line_count(data)
    for d in harness.trfkit.validate(t, rules=rules):
        harness.check_diagnostic(d, lines, f"validate(rules={rules})", data)
    report = harness.trfkit.rate(t, rules=rules)
    # The result is read, not only made: the rule set asked for, and every
    # rated line inside the bounds the regulations give it.
    assert rules == "auto" or report.rules == rules
    rounds = max(len(p.games) for p in t.players)
    for p in report.players:
        assert 0 <= p.n <= rounds, p.name
        assert 0 <= p.w <= p.n, p.name
        if p.rating is not None and p.we is not None and p.change is not None:
            assert 0 <= p.we <= p.n and p.k and p.k > 0, p.name
            assert p.change == p.k * (p.w - p.we), p.name
            # The new rating is the old plus the change, rounded to a whole
            # number (either rounding rule: they differ only at .5).
            assert abs(p.new_rating - p.rating - p.change) <= Fraction(1, 2), p.name


def test_the_first_byte_picks_every_rule_set() -> None:
    picked = {harness.rules_for(bytes([b])) for b in range(256)}
    assert picked == set(harness.RULE_SETS)
    assert harness.rules_for(b"") == "auto"


def test_every_reproducer_has_a_descriptive_name() -> None:
    # libFuzzer names its artifacts crash-<sha1>; a saved reproducer says
    # what it shows instead (fuzz/README.md, "From crash to fixture").
    for path in reproducer_files():
        stem = path.stem
        assert not (len(stem) == 46 and stem.startswith("crash-")), path.name
