"""R301, R302, R401: rounds and hours a day, and the event's length (FIDE §3, §4)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction

from trfkit import _examples as ex
from trfkit.checks._util import diag
from trfkit.checks.headers import dated_rounds
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event, TournamentType
from trfkit.model import RoundDates, Tournament
from trfkit.rules import Family, RateClass

__all__ = ["duration", "hours_per_day", "rounds_per_day"]


def _round_days(
    t: Tournament,
) -> tuple[dict[int, tuple[int, int]], dict[datetime.date, list[int]]]:
    """Where each round's date is (line, column: one 132 line, or one a
    round, as Tournament.round_dates reads them) and, for each day, the
    rounds played on it."""
    records = [h for h in t.headers if isinstance(h, RoundDates)]
    days: dict[datetime.date, list[int]] = defaultdict(list)
    where: dict[int, tuple[int, int]] = {}
    if not records:
        return where, days
    for i, (d, line, column) in enumerate(dated_rounds(records), start=1):
        where[i] = line, column
        if d.date is not None:
            days[d.date].append(i)
    return where, days


def _rate_class(ev: Event) -> RateClass | None:
    if ev.rules.family is not Family.RAPID_BLITZ:
        return RateClass.STANDARD
    if ev.time_control is None:
        return None
    return ev.rules.rate_class(float(ev.time_control.minutes_for(60)))


@check(
    Code(
        "R301",
        "regulation.rounds-per-day",
        Severity.ERROR,
        "More rounds on one day (from 132; without round dates, more rounds between "
        "042 and 052 than their days allow) than the rule set allows: 3 in FIDE "
        "2002/2009; 15 rapid and 30 blitz under Rapid & Blitz 2024. A warning when "
        "the file has no time control and the rules were chosen by date.",
        "FIDE 2002/2009 §3.1; Rapid & Blitz 2024 §3.1",
        ex.lines(
            *ex.HEAD,
            "042 2009/09/01",
            "052 2009/09/01",
            ex.dates("09/09/01", "09/09/01", "09/09/01", "09/09/01"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2009/09/01",
            "052 2009/09/02",
            ex.dates("09/09/01", "09/09/01", "09/09/01", "09/09/02"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        "Spread the rounds over more days.",
        rules="fide-2009",
        quote='FIDE 2002 and 2009 §3.1: "No more than three rounds per day and a total playing time of no more than 12 hours." Rapid & Blitz 2024 §3.1: "For Rapid games, 15 rounds per day"; "For Blitz games, 30 rounds per day".',
        plain="too many rounds on one day",
    ),
    kind=Kind.REGULATION,
)
def rounds_per_day(context: Context) -> Iterator[Diagnostic]:
    """R301: more rounds on one day (132) than the rule set allows."""
    t = context.tournament
    ev = context.event
    limits = ev.rules.schedule.rounds_per_day
    if not limits:
        return
    cls = _rate_class(ev)
    # Rapid/blitz with an unknown rate: the more lenient (blitz) limit, so
    # as not to cry wolf.
    limit = limits.get(cls) if cls is not None else max(limits.values())
    if limit is None:
        return
    # No time control and rules chosen by date: the standard limit, but the
    # event may have been rapid or blitz, which allow more (a warning).
    unsure = ev.time_control is None and ev.rules_source != "given"
    severity = Severity.WARNING if unsure else None
    caveat = (
        "; no time control (R102): if this was rapid or blitz, --time-control" if unsure else ""
    )
    where, days = _round_days(t)
    if not days:
        yield from _rounds_between(t, ev, context.rounds_played, limit, severity, caveat)
        return
    for day, rounds in sorted(days.items()):
        if len(rounds) > limit:
            yield diag(
                "R301",
                *where[rounds[limit]],
                f"{len(rounds)} rounds on {day} (rounds {', '.join(map(str, rounds))}); "
                f"{ev.rules.name} allows {limit} a day{caveat}",
                found=f"{len(rounds)} rounds",
                expected=f"at most {limit}",
                severity=severity,
            )


def _dated_days(t: Tournament) -> tuple[int, str] | None:
    """The days from 042 to 052, both counted, and how a finding says them;
    ``None`` without both dates or with the end before the start (S108)."""
    start = t.start_date.date if t.start_date else None
    end = t.end_date.date if t.end_date else None
    if start is None or end is None or start > end:
        return None
    days = (end - start).days + 1
    return days, f"on {start}" if days == 1 else f"in the {days} days from {start} to {end}"


def _rounds_between(
    t: Tournament, ev: Event, played: int, limit: int, severity: Severity | None, caveat: str
) -> Iterator[Diagnostic]:
    """R301 without round dates: more rounds played between 042 and 052 than
    the days between them allow, so some day had more than ``limit``."""
    dated = _dated_days(t)
    if dated is None:
        return  # no dates, or S108
    days, span = dated
    if played <= limit * days:
        return
    yield diag(
        "R301",
        t.header_line("052"),
        5,
        f"{played} rounds played {span} (042-052; no round dates in 132): "
        f"{ev.rules.name} allows {_per_day(limit, 'rounds', days)}; if the event "
        f"lasted longer, 042 or 052 is wrong (132 can date the rounds){caveat}",
        found=f"{played} rounds in {days} day{'s' if days > 1 else ''}",
        expected=f"at most {limit * days} rounds",
        severity=severity,
    )


@check(
    Code(
        "R302",
        "regulation.hours-per-day",
        Severity.ERROR,
        "More than 12 hours of play on one day, counting each round as both "
        "players' time for 60 moves: the days from 132, else the rounds played "
        "between 042 and 052 (where the rule set's round cap, R301, does not "
        "already say so).",
        "FIDE 2002/2009 §3.1, 2024 §3",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "052 2025/05/01",
            "122 90+30",
            ex.dates("25/05/01", "25/05/01", "25/05/01", "25/05/01"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "052 2025/05/02",
            "122 90+30",
            ex.dates("25/05/01", "25/05/01", "25/05/01", "25/05/02"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        "Play fewer rounds a day, or a faster time control.",
        quote='FIDE 2002 and 2009 §3.1: "No more than three rounds per day and a total playing time of no more than 12 hours."',
        plain="more than 12 hours of play on one day",
    ),
    kind=Kind.REGULATION,
)
def hours_per_day(context: Context) -> Iterator[Diagnostic]:
    """R302: more than the allowed hours of play on one day.

    A game counts as both players' time for 60 moves (the measure of §1.1):
    90 min + 30 s a move is 2 x 120 minutes, so three such rounds fill the
    12 hours of 2002/2009 §3.1 exactly.
    """
    t = context.tournament
    ev = context.event
    limit = ev.rules.schedule.hours_per_day
    if not limit or ev.time_control is None:
        return
    game = 2 * ev.time_control.minutes_for(60)
    where, days = _round_days(t)
    if not days:
        yield from _hours_between(t, ev, context.rounds_played, limit, game)
        return
    for day, rounds in sorted(days.items()):
        hours = game * len(rounds) / 60
        if hours > limit:
            yield diag(
                "R302",
                *where[rounds[0]],
                f"{len(rounds)} rounds on {day} of up to {float(game) / 60:g} hours each make "
                f"{float(hours):g} hours of play; {ev.rules.name} allows {limit}",
                found=f"{float(hours):g} hours",
                expected=f"at most {limit} hours",
            )


def _hours_between(
    t: Tournament, ev: Event, played: int, limit: int, game: Fraction
) -> Iterator[Diagnostic]:
    """R302 without round dates: the rounds played between 042 and 052 make
    more hours than the days between them allow (the 12 hours of §3 are the
    only daily limit from 2014 on, so a 21-round event dated one day breaks
    this one)."""
    dated = _dated_days(t)
    if dated is None:
        return  # no dates, or S108
    days, span = dated
    rounds_cap = max((ev.rules.schedule.rounds_per_day or {}).values(), default=None)
    if rounds_cap is not None and played > rounds_cap * days:
        return  # R301 already says these dates cannot hold the rounds
    hours = game * played / 60
    if hours <= limit * days:
        return
    yield diag(
        "R302",
        t.header_line("052"),
        5,
        f"{played} rounds played {span} (042-052; no round dates in 132) of up to "
        f"{float(game) / 60:g} hours each make {float(hours):g} hours of play; "
        f"{ev.rules.name} allows {_per_day(limit, 'hours of play', days)}; if the event "
        "lasted longer, 042 or 052 is wrong (132 can date the rounds)",
        found=f"{float(hours):g} hours in {days} day{'s' if days > 1 else ''}",
        expected=f"at most {limit * days} hours",
    )


def _span(t: Tournament) -> tuple[datetime.date, datetime.date] | None:
    start = t.start_date.date if t.start_date else None
    end = t.end_date.date if t.end_date else None
    dated = [d.date for d in t.round_dates if d.date is not None]
    start = start or (min(dated) if dated else None)
    end = end or (max(dated) if dated else None)
    return (start, end) if start and end and start <= end else None


@check(
    Code(
        "R401",
        "regulation.duration",
        Severity.ERROR,
        "The event lasts longer than the rule set allows (90 days; leagues may last "
        "longer, an info), or (info, from 2022) longer than 30 days, so its results "
        "are reported month by month.",
        "FIDE 2002 §4.1, 2009 §4.1-4.12, 2024 §4",
        ex.lines(*ex.BASE, "042 2025/01/01", "052 2025/06/01", "122 90+30", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/01/01", "052 2025/01/20", "122 90+30", ex.A, ex.B),
        "Report the event in parts, or ask the Qualification Commission in advance.",
        quote='FIDE 2009 §4.1: "For tournaments, a period not greater than 90 days, except: 4.11 Leagues may be rated which last for a period greater than 90 days."',
        plain="the event lasts too long",
    ),
    kind=Kind.REGULATION,
)
def duration(context: Context) -> Iterator[Diagnostic]:
    """R401: an event longer than the rule set allows (90 days, leagues
    excepted), and (info) one long enough to need monthly interim reports."""
    t = context.tournament
    ev = context.event
    span = _span(t)
    if span is None:
        return
    start, end = span
    days = (end - start).days + 1
    line = t.header_line("052") or t.header_line("132")
    rules = ev.rules
    limit = rules.schedule.duration_days
    if limit and days > limit:
        # 2002 and 2009 §4.11: leagues may be rated which last longer.
        league = ev.type is TournamentType.LEAGUE
        interim = (
            f"; its results are reported month by month (events over "
            f"{rules.schedule.interim_report_days} days)"
            if league and rules.schedule.interim_report_days
            else ""
        )
        # A type no record declares (nor --type) is a guess: a duration it
        # makes too long is said, not judged (issue 33: a league's fragment
        # of two players was typed a match and its 189 days an error).
        guessed = ev.type_source not in ("given", "192", "092")
        if league:
            why = f", but leagues may last longer (a league by {ev.type_evidence or ev.type_source}){interim}"
        elif guessed:
            why = (
                f", except leagues; no record declares the type ({ev.type.value} "
                f"{ev.type_evidence or 'from ' + ev.type_source}), so this is not judged: "
                "if it is a league, --type league says so"
            )
        else:
            why = ", except leagues"
        yield diag(
            "R401",
            line,
            5,
            f"the event lasts {days} days ({start} to {end}); {rules.name} rates events "
            f"of at most {limit} days" + why,
            found=f"{days} days",
            expected=f"at most {limit} days" + ("" if league else " (or a league: --type league)"),
            severity=Severity.INFO if league else (Severity.WARNING if guessed else None),
        )
    elif rules.schedule.interim_report_days and days > rules.schedule.interim_report_days:
        yield diag(
            "R401",
            line,
            5,
            f"the event lasts {days} days ({start} to {end}): under {rules.name} an event "
            f"longer than {rules.schedule.interim_report_days} days reports its results month by "
            "month",
            found=f"{days} days",
            expected=f"interim reports, or at most {rules.schedule.interim_report_days} days",
            severity=Severity.INFO,
        )


def _per_day(limit: int, what: str, days: int) -> str:
    """``12 hours of play a day`` for a one-day event, ``12 hours of play a
    day, 24 in its 2 days`` for longer (a total of one day's limit "in all"
    read as a second rule)."""
    if days == 1:
        return f"{limit} {what} a day"
    return f"{limit} {what} a day, {limit * days} in its {days} days"
