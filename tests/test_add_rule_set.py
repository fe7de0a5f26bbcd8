"""Adding a rule set (docs/architecture.md): a rule set defined in this test
module, and registered, reaches ``--rules``, the checks' cross-check, the
rater's outputs and docs/rules.md with no other edit; a rule set that names
a parameter no rule set has, or lacks a regulation code's section, is
refused, never read in silence."""

from __future__ import annotations

import contextlib
import datetime
import io
import json
from collections.abc import Iterator
from fractions import Fraction

import attrs
import pytest

from tests.conftest import ROOT
from trfkit.checks import registry
from trfkit.cli import main
from trfkit.docs import rules_markdown
from trfkit.rules import (
    RULE_SETS,
    Amendment,
    DifferenceCap,
    Family,
    FirstRating,
    KFactor,
    RateOfPlay,
    Reading,
    RuleSet,
    Schedule,
    Unrated,
    get,
    register,
    unknown_paths,
)

FILE = ROOT / "fixtures" / "swiss-trf16.trf"

# Every regulation code has a section, or says why it does not apply; the
# test's own sections are invented (this is no real text).
_SECTIONS = {"R101": "T1.1", "R102": "T1.1", "R103": "T1.2", "R401": "T4", "R501": "T5"}

FAKE = RuleSet(
    name="test-2099",
    title="A rating regulation written by a test",
    family=Family.NATIONAL,
    effective=datetime.date(2099, 1, 1),
    reference="Test Regulations 2099",
    sections=_SECTIONS,
    not_applicable={
        code: "the test's text has no such rule"
        for code in sorted(registry.regulation_codes() - set(_SECTIONS))
    },
    rate_of_play=RateOfPlay(standard_minimum_minutes=((0, 45),), first_control_moves=20),
    schedule=Schedule(duration_days=77),
    unrated=Unrated(min_games=7),
    rating_floor=1111,
    difference_cap=DifferenceCap(limit=333),
    # One K for everyone: the rate output shows it for every rated player.
    k=KFactor(by_rating=((0, 32),)),
    first_rating=FirstRating(increment=Fraction(16)),
    readings=(
        Reading(
            parameter="k.games_cap",
            alternative=640,
            chosen="no K × n cap",
            other="K × n at most 640",
            basis="a test's reading",
        ),
    ),
    amendments=(
        Amendment(
            effective=datetime.date(2099, 7, 1),
            title="2099-07-01: a floor of 1222",
            reference="Test Regulations 2099 (amended)",
            changes={"rating_floor": 1222},
        ),
    ),
)


@pytest.fixture
def registered() -> Iterator[RuleSet]:
    """FAKE among the rule sets for one test (forgotten afterwards)."""
    saved = dict(RULE_SETS)
    try:
        yield register(FAKE)
    finally:
        RULE_SETS.clear()
        RULE_SETS.update(saved)


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(list(argv))
    return status, out.getvalue()


def test_a_registered_rule_set_is_found_by_name_and_passes_the_cross_check(
    registered: RuleSet,
) -> None:
    assert get("TEST-2099") is FAKE
    assert registry.problems() == []
    assert get("test-2099").as_of(datetime.date(2099, 8, 1)).rating_floor == 1222


def test_a_registered_rule_set_rates_with_its_own_k(registered: RuleSet) -> None:
    status, out = _run("rate", "--format", "json", "--rules", "test-2099", str(FILE))
    report = json.loads(out)
    assert status == 0
    assert report["rules"]["name"] == "test-2099"
    assert report["rules"]["reference"] == "Test Regulations 2099"
    rated = [p for p in report["players"] if p["rating"] is not None and p["n"]]
    assert rated and {p["k"] for p in rated} == {32}
    _, text = _run("rate", "--rules", "test-2099", str(FILE))
    assert "test-2099: A rating regulation written by a test" in text


def test_a_registered_rule_set_checks_with_its_own_sections(registered: RuleSet) -> None:
    status, out = _run("check", "--format", "json", "--rules", "test-2099", str(FILE))
    (checked,) = json.loads(out)["files"]
    assert checked["rules"] == "test-2099"
    # The unrated rounds (R501) cite this rule set's section for them.
    unrated = [d["reference"] for d in checked["diagnostics"] if d["code"] == "R501"]
    assert unrated and set(unrated) == {"Test Regulations 2099 T5"}
    assert status in (0, 1)


def test_a_registered_rule_set_is_written_into_the_rules_document(registered: RuleSet) -> None:
    doc = rules_markdown()
    section = doc.split("## test-2099\n", 1)[1].split("\n## ", 1)[0]
    assert "| `rate_of_play.first_control_moves` | 20 |" in section
    assert "| `schedule.duration_days` | 77 |" in section
    assert "| `unrated.min_games` | 7 |" in section
    assert "| `difference_cap.limit` | 333 |" in section
    assert "| `k.by_rating` | ((0, 32),) |" in section
    assert "| `first_rating.increment` | 16 |" in section
    assert "Reading of `k.games_cap`: no K × n cap (`None`)" in section
    assert "`rating_floor` = 1222" in section
    assert "T1.2" in section


def test_a_rule_set_naming_a_parameter_no_rule_set_has_is_refused() -> None:
    misspelt = attrs.evolve(
        FAKE,
        name="test-misspelt",
        readings=(attrs.evolve(FAKE.readings[0], parameter="k_games_cap"),),
        amendments=(attrs.evolve(FAKE.amendments[0], changes={"k.cap": 600}),),
    )
    assert unknown_paths(misspelt) == [
        "test-misspelt: reading of 'k_games_cap' names no parameter 'k_games_cap'",
        "test-misspelt: amendment '2099-07-01: a floor of 1222' names no parameter 'k.cap'",
    ]
    with pytest.raises(ValueError, match="k_games_cap"):
        register(misspelt)
    assert "test-misspelt" not in RULE_SETS


def test_a_rule_set_without_a_section_for_a_regulation_code_is_named(
    registered: RuleSet,
) -> None:
    lacking = attrs.evolve(
        FAKE,
        name="test-lacking",
        not_applicable={k: v for k, v in FAKE.not_applicable.items() if k != "R604"},
    )
    register(lacking)
    assert [p for p in registry.problems() if "test-lacking" in p] == [
        "test-lacking has no section for R604 and does not declare it not applicable "
        "(RuleSet.sections or RuleSet.not_applicable): its findings would be dropped"
    ]
