"""The norm requirements' texts say each share as B.01 does, and read it from the rule set.

B.01 2024 writes the federation caps as fractions (§1.4.4: "3/5", "2/3"),
the title holders as half and the norm titles as a third (§1.4.5), the
least score as a percentage (§1.4.8b: "35%"). The texts are built from the
rule set's fractions (issue 31 §4): an edition with another share says it.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

import trfkit
from tests.conftest import FIXTURES
from trfkit.rules.titles import get_title_rules
from trfkit.titlenorms import norms


def _required(rules: object) -> dict[str, str]:
    t = trfkit.load(FIXTURES / "roundrobin-8.trf")
    report = norms(t, rules)  # type: ignore[arg-type]
    # The first player the report gives verdicts for.
    verdict = next(p for p in report.players if p.norms).norms[0]
    return {r.name: r.required for r in verdict.requirements}


def test_the_shares_in_b01_2024s_words() -> None:
    required = _required("b01-2024")
    assert required["own-federation"].endswith("(3/5 of 7, rounded down)")
    assert required["one-federation"].endswith("(2/3 of 7, rounded down)")
    assert required["title-holders"].endswith("(half of 7, rounded up)")
    assert "(a third of 7, at least 3)" in required["norm-titles"]
    assert required["score"].endswith("(35% of 7)")


def test_another_share_is_said_as_the_rule_set_gives_it() -> None:
    edition = attrs.evolve(
        get_title_rules("b01-2024"),
        own_federation_cap=Fraction(1, 2),
        one_federation_cap=Fraction(3, 4),
        minimum_score=Fraction(2, 5),
    )
    required = _required(edition)
    assert required["own-federation"] == "≤ 3 (half of 7, rounded down)"
    assert required["one-federation"] == "≤ 5 (3/4 of 7, rounded down)"
    assert required["score"].endswith("(2/5 of 7)")
