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

A parameter is named by its path, ``group.field`` or a plain field
(:meth:`RuleSet.parameter`); readings and amendments name theirs so, and
every path they name is checked when this package is imported.

>>> get("fide-2024").rate_of_play.standard_minimum_minutes
((2400, 120), (1800, 90), (0, 60))
>>> get("fide-rb-2024").as_of(datetime.date(2025, 1, 1)).rating_gap_limit
(600, 2600)
>>> get("fide-rb-2024").as_of(datetime.date(2024, 6, 1)).rating_gap_limit is None
True
>>> get("fide-2024").parameter("difference_cap.limit")
400
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
    DifferenceCap,
    Family,
    FirstRating,
    KFactor,
    Minimums,
    Performance,
    RateClass,
    RateOfPlay,
    RatingMethod,
    Reading,
    Rounding,
    RoundRobin,
    RuleSet,
    Schedule,
    Scope,
    Unrated,
    newest_in_force,
)

__all__ = [
    "RULE_SETS",
    "Amendment",
    "DifferenceCap",
    "Family",
    "FirstRating",
    "KFactor",
    "Minimums",
    "Performance",
    "RateClass",
    "RateOfPlay",
    "RatingMethod",
    "Reading",
    "RoundRobin",
    "Rounding",
    "RuleSet",
    "Schedule",
    "Scope",
    "Unrated",
    "get",
    "names",
    "newest_in_force",
    "register",
    "unknown_paths",
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
    return {r.name: register_check(r) for r in sets}


def unknown_paths(rules: RuleSet) -> list[str]:
    """The parameter paths ``rules``' readings and amendments name that no
    rule set has, each with where it is named (none: all is well)."""
    known = set(RuleSet.paths())
    named = [(f"reading of {r.parameter!r}", r.parameter) for r in rules.readings]
    named += [(f"amendment {a.title!r}", path) for a in rules.amendments for path in a.changes]
    return [
        f"{rules.name}: {where} names no parameter {path!r}"
        for where, path in named
        if path not in known
    ]


def register_check(rules: RuleSet) -> RuleSet:
    """``rules``, once every path its readings and amendments name exists (a
    misspelt path is an error at import, never a reading that changes
    nothing)."""
    problems = unknown_paths(rules)
    if problems:
        raise ValueError("; ".join(problems))
    return rules


RULE_SETS: dict[str, RuleSet] = _load()


def register(rules: RuleSet) -> RuleSet:
    """Add ``rules`` to the rule sets :func:`get`, ``--rules``, the checks and
    ``docs/rules.md`` know (after the paths it names are checked); the rule
    set modules of this package are registered so at import."""
    RULE_SETS[rules.name] = register_check(rules)
    return rules


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
