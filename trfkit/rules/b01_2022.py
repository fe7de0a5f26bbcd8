"""FIDE Title Regulations (B.01), 1 January 2022 (and the 2023 edition) to 31 December 2023: not modelled.

Its norm requirements are not established: only summaries of the 2022 changes were read (the one-norm-from-a-big-Swiss rule, §1.5.6, an application-level rule); the 2023 edition was not read.
Reports under this edition say "not modelled" rather than guess; name
another edition (``--rules b01-2024``) to see a result under that text.
"""

from __future__ import annotations

import datetime

from trfkit.rules.title_ruleset import Method, TitleRuleSet

RULES = TitleRuleSet(
    name="b01-2022",
    title="FIDE Title Regulations (B.01), 1 January 2022 (and the 2023 edition) to 31 December 2023",
    effective=datetime.date(2022, 1, 1),
    until=datetime.date(2023, 12, 31),
    reference="FIDE Title Regulations (B.01) 2022",
    method=Method.OPPONENTS,
    modelled=False,
    why_not_modelled="only summaries of the 2022 changes were read (the one-norm-from-a-big-Swiss rule, §1.5.6, an application-level rule); the 2023 edition was not read",
)
