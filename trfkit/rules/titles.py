"""Title rule sets: the FIDE Title Regulations (B.01), edition by edition, as data.

A second family of rule sets beside the rating regulations of
:mod:`trfkit.rules`: the requirements of a title norm (GM, IM, WGM, WIM).
Each edition is one module (``b01_2002``, ``b01_2014``, ``b01_2017``,
``b01_2022``, ``b01_2024``) holding one :class:`TitleRuleSet`, chosen by the
event's start date (a norm is judged by the text in force when it was
obtained, B.01 2024 §1.5.4) or named. An edition whose text the project has
not read is still listed, with ``modelled`` saying so: its norms are "not
modelled", never guessed. A parameter a text does not establish is ``None``.

Every diagnostic and verdict of this family cites :attr:`TitleRuleSet.reference`
("FIDE Title Regulations (B.01) ..."), not the rating regulations.

>>> get_title_rules("b01-2024").performance_minimum["GM"]
2600
>>> choose_title_rules(datetime.date(2025, 5, 1))[0].name
'b01-2024'
>>> choose_title_rules(datetime.date(2019, 5, 1))[0].modelled
False
"""

from __future__ import annotations

import datetime

from trfkit.rules import b01_2002, b01_2014, b01_2017, b01_2022, b01_2024
from trfkit.rules.ruleset import newest_in_force
from trfkit.rules.title_ruleset import (
    EXEMPTIONS,
    GAMES_EXCEPTIONS,
    NORM_TITLES,
    TITLE_HOLDERS,
    Method,
    TitleRuleSet,
)

__all__ = [
    "EXEMPTIONS",
    "GAMES_EXCEPTIONS",
    "NORM_TITLES",
    "TITLE_HOLDERS",
    "TITLE_RULE_SETS",
    "Method",
    "TitleRuleSet",
    "choose_title_rules",
    "get_title_rules",
    "title_rule_names",
]


def _load() -> dict[str, TitleRuleSet]:
    sets = [b01_2002.RULES, b01_2014.RULES, b01_2017.RULES, b01_2022.RULES, b01_2024.RULES]
    return {r.name: r for r in sets}


TITLE_RULE_SETS: dict[str, TitleRuleSet] = _load()


def title_rule_names() -> list[str]:
    """The names of the title rule sets, oldest first."""
    return list(TITLE_RULE_SETS)


def get_title_rules(name: str) -> TitleRuleSet:
    """The title rule set called ``name``, in any case (``KeyError`` naming
    the choices if none)."""
    try:
        return TITLE_RULE_SETS[name.lower()]
    except KeyError:
        raise KeyError(
            f"unknown title rule set {name!r}; choose one of {', '.join(TITLE_RULE_SETS)}"
        ) from None


def choose_title_rules(start: datetime.date | None) -> tuple[TitleRuleSet, str]:
    """The edition ``--rules auto`` picks for an event starting on ``start``,
    and why: the newest that took effect by then (the newest when the date
    is unknown; the oldest, b01-2002, before any)."""
    chosen, why = newest_in_force(list(TITLE_RULE_SETS.values()), start)
    assert isinstance(chosen, TitleRuleSet)
    return chosen, why
