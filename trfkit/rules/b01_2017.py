"""FIDE Title Regulations (B.01), 1 July 2017 to 31 December 2021: not modelled.

Its norm requirements are not established: only the openings of the text were read; secondary sources suggest the 2024 thresholds with unrated = 1000, which is not established.
Reports under this edition say "not modelled" rather than guess; name
another edition (``--rules b01-2024``) to see a result under that text.
"""

from __future__ import annotations

import datetime

from trfkit.rules.title_ruleset import Method, TitleRuleSet

RULES = TitleRuleSet(
    name="b01-2017",
    title="FIDE Title Regulations (B.01), 1 July 2017 to 31 December 2021",
    effective=datetime.date(2017, 7, 1),
    until=datetime.date(2021, 12, 31),
    reference="FIDE Title Regulations (B.01) 2017",
    method=Method.OPPONENTS,
    modelled=False,
    why_not_modelled="only the openings of the text were read; secondary sources suggest the 2024 thresholds with unrated = 1000, which is not established",
)
