"""Rating rule sets: named, versioned, their parameters as data.

Each rule set is one module of this package holding one :class:`RuleSet`
(``fide_2002``, ``fide_2009``, ``fide_2014``, ``fide_2017``, ``fide_2022``,
``fide_2024``, ``fide_rb_2024``, ``chessa_2015``). The checks and the rater read the
parameters; no check tests a rule set's name. A parameter that a rule set
does not have is ``None`` (a rule that does not exist in that text), never a
guess; one the sources leave open is a :class:`Reading` that reports name.
Each module cites the sections it transcribes and the sources of each value.

Amendments that take effect inside a rule set's life are data too:
:meth:`RuleSet.as_of` applies those in force at an event's start date.

>>> get("fide-2024").standard_minimum_minutes
((2400, 120), (1800, 90), (0, 60))
>>> get("fide-rb-2024").as_of(datetime.date(2025, 1, 1)).rating_gap_limit
(600, 2600)
>>> get("fide-rb-2024").as_of(datetime.date(2024, 6, 1)).rating_gap_limit is None
True
"""

from __future__ import annotations

import datetime  # noqa: F401  (the examples above)

from trfkit.rules import (
    chessa_2015,
    fide_2002,
    fide_2009,
    fide_2014,
    fide_2017,
    fide_2022,
    fide_2024,
    fide_rb_2024,
)
from trfkit.rules.ruleset import (
    Amendment,
    Family,
    RateClass,
    RatingMethod,
    Reading,
    Rounding,
    RuleSet,
    Scope,
    newest_in_force,
)

__all__ = [
    "RULE_SETS",
    "Amendment",
    "Family",
    "RateClass",
    "RatingMethod",
    "Reading",
    "Rounding",
    "RuleSet",
    "Scope",
    "get",
    "names",
    "newest_in_force",
]


def _load() -> dict[str, RuleSet]:
    sets = [
        fide_2002.RULES,
        fide_2009.RULES,
        fide_2014.RULES,
        fide_2017.RULES,
        fide_2022.RULES,
        fide_2024.RULES,
        fide_rb_2024.RULES,
        chessa_2015.RULES,
    ]
    return {r.name: r for r in sets}


RULE_SETS: dict[str, RuleSet] = _load()


def names() -> list[str]:
    """The names of every rule set, oldest first."""
    return list(RULE_SETS)


def get(name: str) -> RuleSet:
    """The rule set called ``name``, in any case (``KeyError`` naming the
    choices if none).

    >>> get("FIDE-2024").name
    'fide-2024'
    """
    try:
        return RULE_SETS[name.lower()]
    except KeyError:
        raise KeyError(f"unknown rule set {name!r}; choose one of {', '.join(RULE_SETS)}") from None
