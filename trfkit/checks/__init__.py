"""Checks: one module per family, each check a function yielding Diagnostics.

Structural checks (codes ``S``) take a :class:`~trfkit.model.Tournament`;
regulation checks (codes ``R``) also take the :class:`~trfkit.event.Event`:
the rule set, tournament type and time control. Each yields
:class:`~trfkit.diagnostics.Diagnostic` objects with a stable code from
:mod:`trfkit.codes`. :func:`validate` runs them all.

A regulation code applies under a rule set when the rule set cites the
section it enforces (:attr:`trfkit.rules.RuleSet.sections`); its
diagnostics carry that citation as their reference.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from operator import attrgetter

from trfkit._gc import no_cyclic_gc
from trfkit.checks import (
    composition,
    headers,
    norms,
    pairings,
    players,
    players_list,
    rate_of_play,
    rounds,
    schedule,
    standings,
    teams,
    tiebreaks,
    unplayed,
)
from trfkit.checks._index import shared
from trfkit.checks._util import with_reference
from trfkit.checks.tiebreaks import declared_ranks
from trfkit.diagnostics import Diagnostic
from trfkit.event import Event, TournamentType, event_of
from trfkit.model import Comment, Tournament
from trfkit.rating.listed import RatingListAt
from trfkit.rules import RuleSet

__all__ = [
    "CHECKS",
    "EVENT_CHECKS",
    "REGULATION_CHECKS",
    "TITLE_CHECKS",
    "inline_ignores",
    "validate",
]

Check = Callable[[Tournament], Iterator[Diagnostic]]
RegulationCheck = Callable[[Tournament, Event], Iterator[Diagnostic]]

CHECKS: tuple[Check, ...] = (
    players.duplicate_ids,
    players.federation_codes,
    pairings.opponents_exist,
    pairings.mutual_pairings,
    pairings.one_game_per_round,
    pairings.colours,
    pairings.complementary_results,
    pairings.bye_coding,
    standings.declared_points,
    standings.ranks,
    headers.header_counts,
    rounds.extra_cells,
    headers.round_dates,
    headers.time_controls,
    tiebreaks.declared_codes,
    tiebreaks.team_codes_without_teams,
    teams.team_members,
    teams.team_points,
    teams.team_pairings,
    teams.team_rounds,
)

EVENT_CHECKS: tuple[RegulationCheck, ...] = (
    pairings.repeated_pairings,
    pairings.colour_sequences,
    players.birth_dates,
    players_list.file_alone,
    tiebreaks.declared_ranks,
    tiebreaks.berger_pairings,
)
"""Structural checks (codes ``S``) that depend on the tournament type: they
apply under every rule set and carry their code's own reference."""

REGULATION_CHECKS: tuple[RegulationCheck, ...] = (
    rate_of_play.time_control_known,
    rate_of_play.standard_by_schedule,
    rate_of_play.rate_of_play,
    rate_of_play.first_control,
    schedule.rounds_per_day,
    schedule.hours_per_day,
    schedule.duration,
    unplayed.unrated_cells,
    unplayed.rated_result_without_game,
    composition.round_robin_quota,
    composition.unrated_players,
    composition.matches,
    composition.chessa_sizes,
    composition.chessa_rounds,
    composition.rating_gap,
    players.rating_floor,
)

TITLE_CHECKS: tuple[RegulationCheck, ...] = (norms.title_norms,)
"""Checks of the Title Regulations (codes R7xx): they choose the title rule
set themselves (by the start date) and their diagnostics cite it, never the
rating regulations of ``--rules``."""

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
    tiebreaks: str | None = None,
    pairings: str | None = None,
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
    # The reference of each code the rule set applies, written once per code
    # rather than once per diagnostic (a big file has a thousand R501 notes).
    references = {
        code: f"{ev.rules.reference} {section}" for code, section in ev.rules.sections.items()
    }
    with shared(), no_cyclic_gc():
        found = [d for check in CHECKS for d in check(t) if d.code not in skip]
        event_checks = EVENT_CHECKS
        if tiebreaks is not None:
            # S116 judged by the tie-breaks given instead of the file's.
            ranks = partial(declared_ranks, tiebreaks=tiebreaks)
            event_checks = tuple(ranks if c is declared_ranks else c for c in EVENT_CHECKS)
        found += [d for check in event_checks for d in check(t, ev) if d.code not in skip]
        for regulation in REGULATION_CHECKS:
            for d in regulation(t, ev):
                reference = references.get(d.code)
                if reference is None or d.code in skip:
                    continue
                found.append(with_reference(d, reference))
        if rating_lists:
            listed = [
                d for d in players_list.against_list(t, ev, rating_lists) if d.code not in skip
            ]
            found = players_list.with_list(found, listed)
        for title_check in TITLE_CHECKS:
            found += [d for d in title_check(t, ev) if d.code not in skip]
        if pairings is not None and "S128" not in skip:
            from trfkit.checks.dutch import dutch_pairings

            found += dutch_pairings(t, ev, pairings)
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
