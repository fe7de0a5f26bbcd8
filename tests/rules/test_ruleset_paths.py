"""A rule set's parameters by path (``"k.games_cap"``): every path named
anywhere (readings, amendments, the rater's and the checks' lookups, the
rules document) is one a rule set has, and ``parameter``/``with_parameters``
read and set exactly the field the path names."""

from __future__ import annotations

import datetime
import re

import attrs
import pytest

from tests.conftest import ROOT
from trfkit.rating import engine
from trfkit.rules import (
    RULE_SETS,
    KFactor,
    Performance,
    RatingMethod,
    RuleSet,
    get,
    unknown_paths,
)
from trfkit.rules.ruleset import GROUPS

PATHS = set(RuleSet.paths())


def test_every_path_a_rule_set_names_exists() -> None:
    assert {name: unknown_paths(r) for name, r in RULE_SETS.items()} == {
        name: [] for name in RULE_SETS
    }
    named = {r.parameter for rs in RULE_SETS.values() for r in rs.readings}
    named |= {path for rs in RULE_SETS.values() for a in rs.amendments for path in a.changes}
    # Not vacuous: the readings of 2014/2017 and the amendments of 2009, 2024, R&B 2024.
    assert {"k.games_cap", "rate_of_play.threshold_scope", "rating_floor"} <= named <= PATHS


def test_every_path_the_package_looks_up_exists() -> None:
    assert engine._RATING_PARAMETERS <= PATHS
    looked_up: set[str] = set()
    for path in (ROOT / "trfkit").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        looked_up |= set(re.findall(r'\.reading\("([\w.]+)"\)', text))
        looked_up |= set(re.findall(r'parameter == "([\w.]+)"', text))
        looked_up |= set(re.findall(r'\.parameter\("([\w.]+)"\)', text))
    assert "rate_of_play.threshold_scope" in looked_up
    assert looked_up <= PATHS, looked_up - PATHS


def test_every_row_of_the_rules_document_is_a_path() -> None:
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    # The rating rule sets' part, before the title rule sets' (another record).
    rating_part = doc.split("\n# Title rule sets", 1)[0]
    rows = set(re.findall(r"^\| `([\w.]+)` \|", rating_part, re.M))
    assert "k.games_cap" in rows and "difference_cap.limit" in rows
    assert rows <= PATHS, rows - PATHS


def test_a_path_is_a_group_and_its_field_or_a_plain_field() -> None:
    for path in PATHS:
        head, _, rest = path.partition(".")
        if rest:
            assert rest in {f.name for f in attrs.fields(GROUPS[head])}
        else:
            assert head in {f.name for f in attrs.fields(RuleSet)} and head not in GROUPS


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_parameter_reads_the_field_the_path_names(name: str) -> None:
    rs = get(name)
    for path in PATHS:
        head, _, rest = path.partition(".")
        group = getattr(rs, head)
        expected = group if not rest else (None if group is None else getattr(group, rest))
        assert rs.parameter(path) == expected


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_setting_each_parameter_to_its_value_changes_nothing(name: str) -> None:
    rs = get(name)
    for path in PATHS:
        head, _, rest = path.partition(".")
        if rest and getattr(rs, head) is None:
            continue  # a group the rule set lacks: nothing to set it back to
        assert rs.with_parameters({path: rs.parameter(path)}) == rs


def test_with_parameters_sets_the_field_and_only_it() -> None:
    rs = get("fide-2017")
    other = rs.with_parameters({"k.games_cap": None, "rounding": rs.rounding})
    assert other.k == attrs.evolve(rs.k, games_cap=None)
    assert attrs.evolve(other, k=rs.k) == rs
    assert other.parameter("k.games_cap") is None and rs.parameter("k.games_cap") == 700


def test_a_group_a_rule_set_lacks_is_made_from_its_defaults() -> None:
    rs = get("fide-2024")
    assert rs.performance is None and rs.parameter("performance.gain_min_played") is None
    other = rs.with_parameters(
        {"performance.gain_min_played": (2, 3), "method": RatingMethod.PERFORMANCE}
    )
    assert other.performance == Performance(gain_min_played=(2, 3))


def test_an_unknown_path_is_an_error_naming_it() -> None:
    rs = get("fide-2024")
    with pytest.raises(KeyError, match="k_games_cap"):
        rs.parameter("k_games_cap")
    with pytest.raises(KeyError, match=r"k\.cap"):
        rs.with_parameters({"k.cap": 1})


def test_an_amendment_changes_its_path() -> None:
    rs = get("fide-2024")
    assert rs.as_of(datetime.date(2025, 9, 30)).difference_cap == rs.difference_cap
    amended = rs.as_of(datetime.date(2025, 10, 1))
    assert amended.difference_cap == attrs.evolve(rs.difference_cap, exempt_rating=2650)
    assert (
        amended.k
        == rs.k
        == KFactor(
            by_rating=((2400, 10), (0, 20)),
            new_player=(30, 40),
            junior=(18, 2300, 40),
            games_cap=700,
        )
    )


def test_the_method_and_its_parameters_go_together() -> None:
    chessa = get("chessa-2015")
    assert chessa.method is RatingMethod.PERFORMANCE and chessa.performance is not None
    with pytest.raises(ValueError, match="performance"):
        attrs.evolve(chessa, performance=None)
    with pytest.raises(ValueError, match="performance"):
        attrs.evolve(get("fide-2024"), method=RatingMethod.PERFORMANCE)
    with pytest.raises(ValueError, match="no performance-rating parameters"):
        _ = get("fide-2024").performance_rules
