"""Checks on the player records themselves."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from operator import attrgetter

from trfkit.checks._util import diag, line_of
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event
from trfkit.model import Player, Tournament

__all__ = ["birth_dates", "duplicate_ids", "federation_codes", "federations", "rating_floor"]

_START_RANK = attrgetter("start_rank")
_FIDE_ID = attrgetter("fide_id")


def duplicate_ids(t: Tournament) -> Iterator[Diagnostic]:
    """S107: a starting rank or a FIDE id used by two players (TRF16 §2.2)."""
    players = t.players
    # Most files repeat neither: two set sizes, counted in C, say so
    # without the loop below (a millisecond on a 3000-player file). An id
    # of 0 or none is no id.
    ids = list(filter(None, map(_FIDE_ID, players)))
    if len(set(map(_START_RANK, players))) == len(players) and len(set(ids)) == len(ids):
        return
    ranks: dict[int, int] = {}
    fide: dict[int, int] = {}
    for p in t.players:
        line = line_of(p)
        if p.start_rank in ranks:
            yield diag(
                "S107",
                line,
                5,
                f"starting rank {p.start_rank} is also the starting rank of the player "
                f"on line {ranks[p.start_rank]}",
                found=str(p.start_rank),
                expected="a starting rank no other player has",
            )
        else:
            ranks[p.start_rank] = line
        if p.fide_id:
            if p.fide_id in fide:
                yield diag(
                    "S107",
                    line,
                    58,
                    f"FIDE id {p.fide_id} is also the FIDE id of the player on line "
                    f"{fide[p.fide_id]}",
                    found=str(p.fide_id),
                    expected="a FIDE id no other player has",
                )
            else:
                fide[p.fide_id] = line


_FIELD = {f.name: f.first for f in layout("player").fields}
# More distinct unknown codes than this in one file: the column holds
# something else (clubs, as in ICU's exports), said once rather than per code.
_FEDERATION_CODES_LISTED = 3


@cache
def federations() -> frozenset[str]:
    """The FIDE federation codes of ``trfkit/data/federations.txt`` (its header
    gives the source and date)."""
    # A plain path beside the package: importlib.resources costs a command's
    # start 3 ms, and the file ships inside the package directory.
    path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "federations.txt")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    return frozenset(
        line.split()[0] for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def federation_codes(t: Tournament) -> Iterator[Diagnostic]:
    """S114: a federation (columns 54-56) that is no FIDE federation code.

    One finding per code, at its first line; a file with many such codes
    gets one finding listing them.
    """
    known = federations()
    host = t.header("032")
    if host and host.upper() not in known:
        # The event's federation is a federation's code too (TRF16 §2.1);
        # 032 FIDE, 032 Lichess are not (issue 33).
        yield diag(
            "S114",
            t.header_line("032"),
            5,
            f"032 {host!r} is no FIDE federation: the event's federation (032) is the "
            "three-letter code of the federation it is played in",
            found=host,
            expected="a FIDE federation code (GER, ENG, ...)",
        )
    # One C-level pass for the usual answer: every code known (or blank).
    if set(map(_FEDERATION, t.players)) <= known | {"", None}:
        return
    unknown: dict[str, list[Player]] = {}
    for p in t.players:
        code = p.federation
        if code and code not in known:
            unknown.setdefault(code, []).append(p)
    if not unknown:
        return
    if len(unknown) > _FEDERATION_CODES_LISTED:
        first = min((ps[0] for ps in unknown.values()), key=line_of)
        listed = ", ".join(f"{c} ({len(ps)})" for c, ps in sorted(unknown.items()))
        yield diag(
            "S114",
            line_of(first),
            _FIELD["federation"],
            f"{sum(map(len, unknown.values()))} players have federation codes that are no FIDE "
            f"federation, {len(unknown)} different ones: {listed}; the column seems to "
            "hold something else (clubs?)",
            found=", ".join(sorted(unknown)),
            expected="FIDE federation codes (GER, ENG, FID, ...) or blank",
        )
        return
    for code, ps in unknown.items():
        others = f" (and {len(ps) - 1} more players)" if len(ps) > 1 else ""
        yield diag(
            "S114",
            line_of(ps[0]),
            _FIELD["federation"],
            f"player {ps[0].start_rank}: federation {code!r} is no FIDE federation{others}",
            found=code,
            expected="a FIDE federation code (GER, ENG, FID, ...) or blank",
        )


_FEDERATION = attrgetter("federation")
_BIRTH_YEAR = attrgetter("birth_date.year")
_RATING = attrgetter("rating")

_OLDEST = 110
"""Years: an age above this at the start is taken for a mistyped birth date."""


def birth_dates(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """S115: a birth date after the event's start (an error), or one that makes
    the player older than 110 at the start (a warning)."""
    start = ev.start
    if start is None:
        return
    column = _FIELD["birth_date"]
    # One C-level pass for the usual answer: every year between the limits.
    years = [y for y in map(_BIRTH_YEAR, t.players) if y is not None]
    if not years or (min(years) > start.year - _OLDEST and max(years) < start.year):
        return
    if len(years) > 1 and min(years) == max(years) == start.year:
        # Every player "born" in the year the event is played: one cause,
        # said once (issue 33), not a birth date a player.
        first = next(p for p in t.players if p.birth_date.year is not None)
        yield diag(
            "S115",
            line_of(first),
            column,
            f"every birth date of the file ({len(years)} players) is in {start.year}, the "
            "event's own year: the column holds something else (a date of entry, a "
            "placeholder), not birth dates",
            found=f"{len(years)} birth dates in {start.year}",
            expected="the players' birth dates, or blank",
            severity=Severity.WARNING,
        )
        return
    for p in t.players:
        born = p.birth_date
        year = born.year
        if year is None or start.year - _OLDEST < year < start.year:
            continue  # most players: born in a year between the two limits
        text = born.text.strip()
        if born.date is not None:
            after = born.date > start
            age = (
                start.year
                - born.date.year
                - ((start.month, start.day) < (born.date.month, born.date.day))
            )
        else:
            # A year alone ("1982", "1987/00/00"): after the start only when
            # the year is; the age at most start year - birth year.
            after = year > start.year
            age = start.year - year
        if after:
            yield diag(
                "S115",
                line_of(p),
                column,
                f"player {p.start_rank} was born ({text}) after the event started ({start})",
                found=text,
                expected=f"a birth date before {start}",
            )
        elif age > _OLDEST:
            yield diag(
                "S115",
                line_of(p),
                column,
                f"player {p.start_rank} would be {age} years old at the start ({start}): "
                "a placeholder or a mistyped birth date?",
                found=text,
                expected=f"a birth date after {start.year - _OLDEST - 1}",
                severity=Severity.WARNING,
            )


def rating_floor(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R608: a rating (columns 49-52) below the rating floor in force at the start.

    No FIDE rating list holds a rating below its floor, so such a number is
    mistyped or is no FIDE rating (a national rating belongs in a TRF26 NRS
    record). Checked only for events that start under the rule set: its
    floor is not the one of an older list.
    """
    floor = ev.rules.rating_floor
    if floor is None or ev.start is None or ev.start < ev.rules.effective:
        return
    # One C-level pass for the usual answer: no rating below the floor.
    if min(filter(None, map(_RATING, t.players)), default=floor) >= floor:
        return
    for p in t.players:
        if p.rating and p.rating < floor:
            yield diag(
                "R608",
                line_of(p),
                _FIELD["rating"],
                f"player {p.start_rank} is rated {p.rating}, below the rating floor of "
                f"{floor} in force under {ev.rules.name}: no FIDE rating list holds it",
                found=str(p.rating),
                expected=f"a FIDE rating of at least {floor}, or blank for unrated",
            )
