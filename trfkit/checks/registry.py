"""The checks as declared: each check function with its codes, in one place.

A check is one function of its family's module, declared with the codes it
reports and the kind of rule it enforces::

    @check(
        Code("S112", "pairing.repeated", Severity.ERROR, "...", "FIDE C.04.1", ...),
        kind=Kind.STRUCTURE,
    )
    def repeated_pairings(c: Context) -> Iterator[Diagnostic]:
        ...

The declaration registers the codes (:data:`trfkit.checks.CODES`, from which
docs/codes.md, ``--ignore``, SARIF's rules and the server's list of codes
are made) and the check (:func:`checks`, which :func:`trfkit.checks.validate`
runs). A check may also report a code declared elsewhere, named by its
string (P008, which the dialects produce too). :func:`problems` cross-checks
the whole: it runs when :mod:`trfkit.checks` is imported, so that a code
without a check, a code without examples, or a regulation code that a rule
set neither cites nor declares not applicable fails loudly, never as a
finding dropped in silence.

Each check receives a :class:`Context`: the tournament, the event (rule set,
type, time control), what the caller asked for (tie-breaks, players' lists)
and the pairing index, built once for all the checks of one validation.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

import attrs

from trfkit.checks import _index
from trfkit.codes import Code, declare, declared, ordered, withdraw
from trfkit.diagnostics import Diagnostic

if TYPE_CHECKING:
    from trfkit.event import Event
    from trfkit.model import Tournament
    from trfkit.rating.listed import RatingListAt
    from trfkit.rules import RuleSet

__all__ = [
    "Check",
    "Context",
    "Kind",
    "check",
    "checks",
    "problems",
    "regulation_codes",
    "scratch",
    "uncovered",
    "verify",
]


class Kind(enum.Enum):
    """What a check enforces, which decides when it runs and what it cites."""

    STRUCTURE = "structure"
    """The file against itself and the TRF formats (S codes): every file,
    under every rule set; each finding cites its code's own reference."""
    REGULATION = "regulation"
    """A rating regulation (R codes): a finding is kept where the event's
    rule set cites the section it enforces (:attr:`RuleSet.sections`), and
    cites it; a rule set that does not have the rule says so in
    :attr:`RuleSet.not_applicable`."""
    TITLE = "title"
    """The Title Regulations (R7xx): the check chooses the title rule set
    by the start date and cites it, whatever the rating rule set."""
    LIST = "list"
    """Against FIDE's players' list (R8xx): only with ``--rating-list``."""
    SYSTEM = "system"
    """Against the pairing system (S128): only with ``--pairings``, the
    costliest thing check can do (every round re-paired)."""


class Context:
    """What one validation's checks share: the tournament, the event, the
    caller's options, and the pairing index (:mod:`trfkit.checks._index`),
    built at the first check that asks for it and kept for the others.

    A context is made for one validation; a tournament edited afterwards is
    checked with a new one, never against a stale index.
    """

    __slots__ = ("_pairings", "event", "pairing_system", "rating_lists", "tiebreaks", "tournament")

    def __init__(
        self,
        tournament: Tournament,
        event: Event,
        *,
        tiebreaks: str | None = None,
        rating_lists: Sequence[RatingListAt] = (),
        pairing_system: str | None = None,
    ) -> None:
        self.tournament = tournament
        self.event = event
        self.tiebreaks = tiebreaks
        """Tie-break codes that replace the file's 212/202 (S116), if given."""
        self.rating_lists = rating_lists
        """FIDE's players' lists by month (the LIST checks)."""
        self.pairing_system = pairing_system
        """The pairing system the rounds are re-paired by (the SYSTEM checks):
        ``auto``, ``dutch-2017`` or ``dutch-2026``."""
        self._pairings: _index.Pairings | None = None

    @classmethod
    def of(cls, tournament: Tournament, **event: str | None) -> Context:
        """A context for ``tournament`` with the event read from it
        (:func:`trfkit.event.event_of`'s options: ``rules``, ``type``,
        ``time_control``): for calling one check by itself."""
        from trfkit.event import event_of

        return cls(tournament, event_of(tournament, **event))  # type: ignore[arg-type]

    @property
    def pairings(self) -> _index.Pairings:
        """The pairing index of the tournament (one pass over the cells)."""
        found = self._pairings
        if found is None:
            found = self._pairings = _index.pairings(self.tournament)
        return found

    @property
    def rounds_played(self) -> int:
        """The last round in which any player has a cell (0 for none)."""
        return self.pairings.rounds


CheckFunction = Callable[[Context], Iterator[Diagnostic]]
_F = TypeVar("_F", bound=CheckFunction)


@attrs.frozen
class Check:
    """A declared check: its function, its kind and the codes it reports."""

    function: CheckFunction
    kind: Kind
    codes: tuple[str, ...]
    declared: tuple[str, ...]
    """The codes declared with it (the others are declared elsewhere)."""

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__qualname__}"


_CHECKS: list[Check] = []
_BY_KIND: dict[Kind, tuple[Check, ...]] = {}  # rebuilt when a check is declared


def check(*codes: Code | str, kind: Kind = Kind.STRUCTURE) -> Callable[[_F], _F]:
    """Declare the decorated function a check of ``kind`` reporting ``codes``:
    each a :class:`~trfkit.codes.Code` declared here, or the string of one
    declared elsewhere."""
    if not codes:
        raise TypeError("a check reports at least one code")
    declare(*(c for c in codes if isinstance(c, Code)))
    names = tuple(c.code if isinstance(c, Code) else c for c in codes)
    own = tuple(c.code for c in codes if isinstance(c, Code))

    def register(function: _F) -> _F:
        _CHECKS.append(Check(function, kind, names, own))
        _BY_KIND.clear()
        return function

    return register


def checks(kind: Kind) -> tuple[Check, ...]:
    """The checks of ``kind``, in the order declared (their modules' order
    in :mod:`trfkit.checks`, then each module's)."""
    if not _BY_KIND:
        for k in Kind:
            _BY_KIND[k] = tuple(c for c in _CHECKS if c.kind is k)
    return _BY_KIND[kind]


def regulation_codes() -> frozenset[str]:
    """The codes of the REGULATION checks: every rating rule set cites each
    or declares it not applicable."""
    return frozenset(code for c in checks(Kind.REGULATION) for code in c.codes)


def uncovered(rules: RuleSet) -> list[str]:
    """The regulation codes that ``rules`` neither cites (in its sections or
    an amendment's) nor declares not applicable, in code order."""
    cited = set(rules.sections).union(*(a.sections for a in rules.amendments))
    return sorted(regulation_codes() - cited - set(rules.not_applicable))


def problems() -> list[str]:
    """Everything wrong with the declarations, in words (none: an empty list).

    A code with neither a check nor a producer; a check's code that is
    declared nowhere; a regulation code a rating rule set neither cites nor
    declares not applicable; a rule set citing, or declaring not applicable,
    a code that is no regulation check's.
    """
    from trfkit.rules import RULE_SETS

    found: list[str] = []
    reported = {code for c in _CHECKS for code in c.codes}
    for code, entry in declared().items():
        if code not in reported and not entry.produced_by:
            found.append(f"{code} ({entry.name}) is declared, but no check reports it")
    for c in _CHECKS:
        found += [
            f"{c.name} reports {x}, which is declared nowhere"
            for x in c.codes
            if x not in declared()
        ]
    regulation = regulation_codes()
    for r in RULE_SETS.values():
        found += [
            f"{r.name} has no section for {x} and does not declare it not applicable "
            f"(RuleSet.sections or RuleSet.not_applicable): its findings would be dropped"
            for x in uncovered(r)
        ]
        both = set(r.sections) & set(r.not_applicable)
        found += [f"{r.name} both cites {x} and declares it not applicable" for x in sorted(both)]
        named = set(r.sections).union(r.not_applicable, *(a.sections for a in r.amendments))
        found += [
            f"{r.name} names {x}, which no regulation check reports"
            for x in sorted(named - regulation)
        ]
    return found


def verify() -> None:
    """Raise :class:`~trfkit.codes.DeclarationError` naming every problem
    of the declarations (:func:`problems`)."""
    from trfkit.codes import DeclarationError

    found = problems()
    if found:
        raise DeclarationError("the checks' declarations do not hold:\n  " + "\n  ".join(found))


@contextmanager
def scratch() -> Iterator[None]:
    """Declarations made within this block are forgotten at its end (tests
    that declare a check of their own)."""
    checks_before, codes_before = list(_CHECKS), set(declared())
    try:
        yield
    finally:
        _CHECKS[:] = checks_before
        _BY_KIND.clear()
        withdraw(*(set(declared()) - codes_before))
        ordered()  # the order, rebuilt at once
