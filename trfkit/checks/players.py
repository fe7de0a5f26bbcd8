"""Checks on the player records themselves."""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter

from trfkit import _examples as ex
from trfkit._resources import fide_federations
from trfkit.checks._util import diag, line_of
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import Player

__all__ = ["birth_dates", "duplicate_ids", "federation_codes", "federations", "rating_floor"]

_START_RANK = attrgetter("start_rank")
_FIDE_ID = attrgetter("fide_id")


@check(
    Code(
        "S107",
        "structure.duplicate-id",
        Severity.ERROR,
        "Two players share a starting rank or a FIDE id.",
        "TRF16 §2.2 (starting rank, FIDE number)",
        ex.lines(*ex.HEAD, ex.A, ex.pl(2, "Horvat, Eva", 14600012, "0.0", "   1 b 0")),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Give each player his own starting rank and FIDE id.",
        plain="two players with the same number or FIDE id",
    ),
)
def duplicate_ids(context: Context) -> Iterator[Diagnostic]:
    """S107: a starting rank or a FIDE id used by two players (TRF16 §2.2)."""
    t = context.tournament
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


# The list lives with the package's data (trfkit._resources), where the
# event's summary counts the codes that are federations too.
federations = fide_federations


@check(
    Code(
        "S114",
        "structure.federation",
        Severity.WARNING,
        "A federation (columns 54-56) that is no FIDE federation code, from the "
        "list shipped in trfkit/data/federations.txt (FID for the FIDE flag; a few "
        "historical codes). One finding per code; one for the file when it holds "
        "many (a column of club codes). The event's federation (032) too: `032 FIDE` "
        "or `032 Lichess` is no federation.",
        "TRF16 §2.1 (032 federation), §2.2 (federation: FIDE's three-letter code)",
        ex.lines(*ex.HEAD, ex.fed(ex.P1, "XYZ"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the player's FIDE federation, or leave the field blank.",
        plain="an unknown federation",
    ),
)
def federation_codes(context: Context) -> Iterator[Diagnostic]:
    """S114: a federation (columns 54-56) that is no FIDE federation code.

    One finding per code, at its first line; a file with many such codes
    gets one finding listing them.
    """
    t = context.tournament
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


@check(
    Code(
        "S115",
        "structure.birth-date",
        Severity.ERROR,
        "A birth date (columns 70-79) after the event's start (042, else the first "
        "round date), or (a warning) one that makes the player older than 110 at the "
        "start, or (a warning, once for the file) every birth date in the event's own "
        "year: not birth dates (a date of entry, a placeholder).",
        "TRF16 §2.2 (birth date YYYY/MM/DD)",
        ex.lines(*ex.HEAD, "042 2025/05/01", ex.born(ex.P1, "2025/06/01"), ex.P2),
        ex.lines(*ex.HEAD, "042 2025/05/01", ex.born(ex.P1, "1990/05/01"), ex.P2),
        "Correct the birth date, or leave it blank when unknown.",
        plain="a birth date after the event",
    ),
)
def birth_dates(context: Context) -> Iterator[Diagnostic]:
    """S115: a birth date after the event's start (an error), or one that makes
    the player older than 110 at the start (a warning)."""
    t = context.tournament
    ev = context.event
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


@check(
    Code(
        "R608",
        "regulation.rating-floor",
        Severity.WARNING,
        "A rating below the rating floor in force at the start (1200 from July "
        "2009, 1000 from 2011, 1400 from March 2024): no FIDE list holds it, so it "
        "is mistyped or a national rating. Checked for events that start under the "
        "rule set.",
        "FIDE 2009 §0.6; 2024 §7.1.2; Rapid & Blitz 2024 §6.1.2",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", *ex.field([2400, 1350], [[(1, 2)]])),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", *ex.field([2400, 1450], [[(1, 2)]])),
        "Write the player's FIDE rating from the list in force, or leave it blank "
        "(national ratings go in TRF26 NRS records).",
        plain="a rating below the rating floor",
    ),
    kind=Kind.REGULATION,
)
def rating_floor(context: Context) -> Iterator[Diagnostic]:
    """R608: a rating (columns 49-52) below the rating floor in force at the start.

    No FIDE rating list holds a rating below its floor, so such a number is
    mistyped or is no FIDE rating (a national rating belongs in a TRF26 NRS
    record). Checked only for events that start under the rule set: its
    floor is not the one of an older list.
    """
    t = context.tournament
    ev = context.event
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
