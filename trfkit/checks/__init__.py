"""Checks: one module per family, each check a declared function yielding Diagnostics.

Each check is declared where it is written, with its codes and its kind
(:mod:`trfkit.checks.registry`): structural checks (codes ``S``) judge the
file against itself, regulation checks (codes ``R``) against the rule set,
the tournament type and the time control of the event. Each receives a
:class:`~trfkit.checks.registry.Context` and yields
:class:`~trfkit.diagnostics.Diagnostic` objects with a stable code from
:mod:`trfkit.codes`. :func:`validate` runs them all.

A regulation code applies under a rule set when the rule set cites the
section it enforces (:attr:`trfkit.rules.RuleSet.sections`); its
diagnostics carry that citation as their reference. A rule set that does
not have the rule declares the code not applicable
(:attr:`trfkit.rules.RuleSet.not_applicable`); one that does neither is an
error when this package is imported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import attrgetter

from trfkit._gc import no_cyclic_gc

# Importing a family declares its checks (trfkit.checks.registry).
from trfkit.checks import (  # noqa: F401
    composition,
    dutch,
    headers,
    initial_colour,
    norms,
    pairings,
    players,
    players_list,
    rate_of_play,
    registry,
    rounds,
    schedule,
    standings,
    teams,
    tiebreaks,
    unplayed,
)
from trfkit.checks._util import with_reference
from trfkit.checks.registry import Context, Kind
from trfkit.codes import Code, ordered
from trfkit.diagnostics import Diagnostic
from trfkit.event import Event, TournamentType, event_of
from trfkit.model import Comment, Tournament
from trfkit.rating.listed import RatingListAt
from trfkit.rules import RuleSet

__all__ = ["CODES", "Context", "Kind", "inline_ignores", "registry", "validate"]


class _Codes(Mapping[str, Code]):
    """Every declared code, P then S then R codes, each kind by number: the
    reader's (:mod:`trfkit.codes`) and the checks' (declared as this
    package imports its families, above), and any declared later."""

    def __getitem__(self, code: str) -> Code:
        return ordered()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(ordered())

    def __len__(self) -> int:
        return len(ordered())

    def __repr__(self) -> str:
        return f"CODES({', '.join(ordered())})"


CODES: Mapping[str, Code] = _Codes()
"""Every code: the docs, ``--ignore``, the server's list and the reports read it."""

_PLACE = attrgetter("line", "column", "code")
_INLINE = re.compile(r"\s*trfkit:\s*ignore\b[\s:]*(?P<codes>.*)", re.I)
_CODE = re.compile(r"[A-Z]\d{3}")


def inline_ignores(t: Tournament) -> set[str]:
    """Codes a TRF-2026 comment ``### trfkit: ignore S104, R501`` suppresses.

    The comment may stand anywhere in the file and applies to all of it.
    """
    found: set[str] = set()
    for r in t.records:
        if isinstance(r, Comment):
            m = _INLINE.match(r.text)
            if m:
                found.update(_CODE.findall(m.group("codes").upper()))
    return found


def validate(
    t: Tournament,
    rules: str | RuleSet = "auto",
    *,
    type: TournamentType | str | None = None,
    time_control: str | None = None,
    ignore: Iterable[str] = (),
    event: Event | None = None,
    rating_lists: Sequence[RatingListAt] = (),
    tiebreaks: str | None = None,  # noqa: F811  (the family module is not used here)
    pairings: str | None = None,  # noqa: F811  (the family module is not used here)
) -> list[Diagnostic]:
    """Every problem the checks find in ``t``, sorted by line and column.

    ``rules`` names a rule set (see :mod:`trfkit.rules`) or is ``"auto"``:
    the FIDE regulation in force at the start date, rapid and blitz when
    the time control says so. ``type`` and ``time_control`` replace what the
    file says (see :func:`trfkit.event.event_of`); ``event`` gives all three
    at once. Codes in ``ignore`` and in ``### trfkit: ignore`` comments are
    left out. The reader's own diagnostics (``t.diagnostics``) are not
    repeated here. With ``rating_lists`` (FIDE's players' lists by month),
    the players are also compared with the one in force at the start.
    ``tiebreaks`` (codes, ``BH/C1,SB``) are the tie-breaks the declared ranks
    are judged by (S116) in place of the file's 212/202, for a file that has
    neither; a code not known raises :class:`~trfkit.tiebreaks.UnknownTieBreak`.
    ``pairings`` (``auto``, ``dutch-2017``, ``dutch-2026``) also re-pairs each
    round of a Swiss event by the FIDE (Dutch) System and reports each round
    paired otherwise (S128, ``check --pairings``).
    """
    skip = set(ignore) | inline_ignores(t)
    ev = event or event_of(t, rules=rules, type=type, time_control=time_control)
    uncovered = registry.uncovered(ev.rules)
    if uncovered:
        # A rule set made in Python (the built-in ones are checked at import):
        # its findings of these codes would have nowhere to go.
        raise ValueError(
            f"rule set {ev.rules.name} has no section for {', '.join(uncovered)} and does "
            "not declare them not applicable (RuleSet.sections, RuleSet.not_applicable)"
        )
    context = Context(
        t, ev, tiebreaks=tiebreaks, rating_lists=rating_lists, pairing_system=pairings
    )
    # The reference of each code the rule set applies, written once per code
    # rather than once per diagnostic (a big file has a thousand R501 notes).
    references = {
        code: f"{ev.rules.reference} {section}" for code, section in ev.rules.sections.items()
    }
    with no_cyclic_gc():
        found = [
            d
            for c in registry.checks(Kind.STRUCTURE)
            for d in c.function(context)
            if d.code not in skip
        ]
        not_applicable = ev.rules.not_applicable
        for c in registry.checks(Kind.REGULATION):
            for d in c.function(context):
                reference = references.get(d.code)
                if reference is None:
                    if d.code in not_applicable:
                        continue  # declared: the rule set has no such rule
                    # A check reporting a code it does not declare: a bug, said.
                    raise ValueError(
                        f"{d.code} is neither cited nor declared not applicable by {ev.rules.name}"
                    )
                if d.code in skip:
                    continue
                found.append(with_reference(d, reference))
        if rating_lists:
            listed = [
                d
                for c in registry.checks(Kind.LIST)
                for d in c.function(context)
                if d.code not in skip
            ]
            found = players_list.with_list(found, listed)
        for c in registry.checks(Kind.TITLE):
            found += [d for d in c.function(context) if d.code not in skip]
        if pairings is not None:
            for c in registry.checks(Kind.SYSTEM):
                found += [d for d in c.function(context) if d.code not in skip]
    beyond = rounds.beyond_rounds(t)
    if beyond:
        # S127 is the one finding for the cells beyond the event's rounds
        # (issue 29): the checks that read cell by cell say nothing more of them.
        found = [
            d
            for d in found
            if d.code == "S127" or d.line not in beyond or d.column < beyond[d.line]
        ]
    found.sort(key=_PLACE)
    return found


registry.verify()
