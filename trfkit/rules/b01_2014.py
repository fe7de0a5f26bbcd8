"""FIDE Title Regulations (B.01), 1 July 2014 to 30 June 2017: not modelled.

Its norm requirements are not established: only the opening of the handbook page (B01Regulations2014) was read; §1.4x was not.
Reports under this edition say "not modelled" rather than guess; name
another edition (``--rules b01-2024``) to see a result under that text.
"""

from __future__ import annotations

import datetime

from trfkit.rules.title_ruleset import Method, TitleRuleSet

RULES = TitleRuleSet(
    name="b01-2014",
    title="FIDE Title Regulations (B.01), 1 July 2014 to 30 June 2017",
    effective=datetime.date(2014, 7, 1),
    until=datetime.date(2017, 6, 30),
    reference="FIDE Title Regulations (B.01) 2014",
    method=Method.OPPONENTS,
    modelled=False,
    why_not_modelled="only the opening of the handbook page (B01Regulations2014) was read; §1.4x was not",
)
