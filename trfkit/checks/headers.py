"""Checks of the tournament records (codes ending in 2) against the file."""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Generator, Iterator

from trfkit import _examples as ex
from trfkit._digits import whole_number
from trfkit.checks._util import diag
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.columns import layout
from trfkit.dates import NO_DATE, DateText
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import (
    EngineRecord,
    Header,
    Player,
    RoundDates,
    Tournament,
    one_date_per_line,
)
from trfkit.timecontrol import TimeControlError, parse_222, parse_time_control

__all__ = [
    "date_column",
    "dated_rounds",
    "header_counts",
    "round_dates",
    "time_controls",
]

_LEADING_INT = re.compile(r"\s*(\d+)")


def _header(t: Tournament, code: str) -> Header | None:
    h = t.header_record(code)
    return h if isinstance(h, Header) else None


def _count(text: str) -> int | None:
    # Real files add text after the number ("062 129 (88)"): read the
    # leading integer, as the rating server's examples do.
    m = _LEADING_INT.match(text)
    return whole_number(m.group(1)) if m else None


def _line(h: Header | EngineRecord | RoundDates) -> int:
    return h.origin.line if h.origin is not None else 0


def _has_rating(p: Player) -> bool:
    # The rating columns as written: an unreadable rating (P002) is still a
    # rating the writer counted in 072.
    if p.origin is None:
        return p.is_rated
    return p.origin.text[48:52].strip().strip("0") != ""


@check(
    Code(
        "S106",
        "structure.header-counts",
        Severity.ERROR,
        "A count in the header disagrees with the file: 062 (players), 072 (rated "
        "players, a warning), 082 (teams), or 142/XXR (rounds) fewer than the rounds "
        "that have results.",
        "TRF16 062, 072, 082; TRF26 142; TRF(x) XXR",
        ex.lines(*ex.HEAD, "062 3", ex.A, ex.B),
        ex.lines(*ex.HEAD, "062 2", ex.A, ex.B),
        "Correct the count.",
        plain="a count in the header that is wrong",
    ),
)
def header_counts(context: Context) -> Iterator[Diagnostic]:
    """S106: 062, 072, 082 and 142/XXR that disagree with the records.

    062 is the number of 001 records; 072 the number of them with a rating;
    082 the number of team records (013/310); 142 (or XXR) the number of
    rounds, which no player may exceed. A file written during the event has
    fewer rounds than 142 announces, which is fine.
    """
    t = context.tournament
    players = len(t.players)
    counts: list[tuple[str, int, str, Severity | None]] = [
        ("062", players, "players (001 records)", None),
        # The rated count depends on which list the writer used; a
        # mismatch is worth a look, not a rejection.
        ("072", sum(1 for p in t.players if _has_rating(p)), "rated players", Severity.WARNING),
    ]
    if t.teams or _header(t, "082") is not None:
        # A TRF26 file may carry both 013 and 310 for each team (TEC's sample).
        teams = max(sum(1 for x in t.teams if x.code == c) for c in ("013", "310"))
        counts.append(("082", teams, "teams (013 or 310 records)", None))
    for code, actual, what, severity in counts:
        h = _header(t, code)
        if h is None or not h.text:
            continue
        declared = _count(h.text)
        if declared is None:
            yield diag(
                "S106",
                _line(h),
                5,
                f"record {code} should give the number of {what}; found {h.text!r}",
                found=h.text,
                expected="a number",
                severity=Severity.WARNING,
            )
        elif declared != actual:
            yield diag(
                "S106",
                _line(h),
                5,
                f"record {code} declares {declared} {what}, but the file has {actual}",
                found=str(declared),
                expected=str(actual),
                severity=severity,
            )
    played = context.rounds_played
    for record in _round_counts(t):
        declared = _count(record.value if isinstance(record, EngineRecord) else record.text)
        if declared is not None and played > declared:
            yield diag(
                "S106",
                _line(record),
                5,
                f"record {record.code} declares {declared} rounds, but players have "
                f"results in {played} rounds",
                found=str(declared),
                expected=f"at least {played}",
            )


def _round_counts(t: Tournament) -> Iterator[Header | EngineRecord]:
    h = _header(t, "142")
    # In Vega files 142 is something else (reader, P008).
    if h is not None and t.dialect.value != "vega":
        yield h
    for r in t.records:
        if isinstance(r, EngineRecord) and r.code == "XXR":
            yield r


_DATES = layout("round_dates_132").repeat
assert _DATES is not None


def date_column(round_no: int) -> int:
    """The 1-based column of round ``round_no``'s date in record 132."""
    return _DATES.fields[0].first + _DATES.stride * (round_no - 1) if _DATES else 0


def dated_rounds(records: list[RoundDates]) -> list[tuple[DateText, int, int]]:
    """Each round's date (132) with its line and column, as
    :attr:`Tournament.round_dates` reads them: the first 132 line's, in the
    table's columns, or, where every 132 line holds one date, each line's
    date where the line has it."""
    if not one_date_per_line(records):
        first = records[0]
        return [(d, _line(first), date_column(i)) for i, d in enumerate(first.dates, start=1)]
    out = []
    for r in records:
        d = r.dates[0] if r.dates else NO_DATE
        text = r.origin.text if r.origin is not None else ""
        at = text.find(d.text.strip(), 3) if d.text.strip() else -1
        out.append((d, _line(r), at + 1 if at >= 0 else date_column(1)))
    return out


def _round_dates_in_order(
    records: list[RoundDates], start: _dt.date | None, end: _dt.date | None
) -> Generator[Diagnostic, None, int]:
    """S108 for each round dated outside 042-052 or before the round before
    it; returns the last round given a date."""
    previous: tuple[int, _dt.date] | None = None
    given = 0
    for i, (d, line, column) in enumerate(dated_rounds(records), start=1):
        if not d.text.strip():
            continue
        given = i
        if d.date is None:
            continue  # unreadable dates are the reader's P002/P003
        if (start and d.date < start) or (end and d.date > end):
            yield diag(
                "S108",
                line,
                column,
                f"round {i} is dated {d.date}, outside the event's dates "
                f"({start or '?'} to {end or '?'})",
                found=d.text.strip(),
                expected=f"a date from {start or '042'} to {end or '052'}",
            )
            # One mistyped date, one finding: the rounds after it are put in
            # order against the last date within the event, not against it.
            continue
        if previous is not None and d.date < previous[1]:
            yield diag(
                "S108",
                line,
                column,
                f"round {i} is dated {d.date}, before round {previous[0]} ({previous[1]})",
                found=d.text.strip(),
                expected=f"a date on or after {previous[1]}",
            )
        previous = (i, d.date)
    return given


def _rounds_dated(
    t: Tournament, records: list[RoundDates], given: int, played: int
) -> Diagnostic | None:
    """S108 (warning) when 132 dates fewer rounds than were played, or more
    than the tournament has."""
    from trfkit.summary import round_paired_not_played

    line = _line(records[0])
    # A file written during the event dates the rounds still to come, so
    # more dates than rounds played is fine up to the announced number.
    announced = max(played, t.declared_rounds or 0)
    # A round paired and not played (a file written between the pairing and
    # the results, as trfkit pair writes one) may not be dated yet.
    undated = 1 if given == played - 1 and round_paired_not_played(t) == played else 0
    if given and (given < played - undated or given > announced):
        return diag(
            "S108",
            line,
            5,
            f"record 132 dates {given} rounds, but "
            + (
                f"{played} rounds have been played"
                if given < played
                else f"the tournament has {announced}"
            ),
            found=str(given),
            expected=str(played if given < played else announced),
            severity=Severity.WARNING,
        )
    return None


@check(
    Code(
        "S108",
        "structure.round-dates",
        Severity.ERROR,
        "Round dates (132) outside the event's dates (042-052), earlier than the "
        "round before, or (a warning) dating a different number of rounds than the "
        "tournament has; also an end date (052) before the start date (042).",
        "TRF16 042, 052, 132",
        ex.lines(
            *ex.HEAD, "042 2025/05/01", "052 2025/05/02", "132" + " " * 88 + "25/05/03", ex.A, ex.B
        ),
        ex.lines(
            *ex.HEAD, "042 2025/05/01", "052 2025/05/02", "132" + " " * 88 + "25/05/01", ex.A, ex.B
        ),
        "Correct the dates.",
        plain="round dates out of order or outside the event",
    ),
)
def round_dates(context: Context) -> Iterator[Diagnostic]:
    """S108: round dates (132) outside 042-052, out of order, or miscounted.

    Also a start date (042) after the end date (052).
    """
    t = context.tournament
    start = t.start_date.date if t.start_date else None
    end = t.end_date.date if t.end_date else None
    if start and end and start > end:
        h = _header(t, "052")
        yield diag(
            "S108",
            _line(h) if h else 0,
            5,
            f"the event ends ({end}) before it starts ({start})",
            found=str(end),
            expected=f"a date on or after {start}",
        )
    records = [h for h in t.headers if isinstance(h, RoundDates)]
    if not records:
        return
    given = yield from _round_dates_in_order(records, start, end)
    if len(records) > 1 and not one_date_per_line(records):
        return  # several 132 lines (P006): the count is not the first line's
    found = _rounds_dated(t, records, given, context.rounds_played)
    if found is not None:
        yield found


@check(
    "P008",
)
def time_controls(context: Context) -> Iterator[Diagnostic]:
    """P008: 122 (free text, TRF16) and 222 (encoded, TRF26) that give two
    different time controls, or a 222 not understood beside a 122 that is
    (which the checks then use). Unreadable ones are R102's when nothing
    stands in."""
    t = context.tournament
    free, coded = t.header("122"), t.header("222")
    if not free or not coded:
        return
    try:
        a = parse_time_control(free)
    except TimeControlError:
        return  # R102's, if 222 cannot stand in either
    try:
        b = parse_222(coded)
    except TimeControlError as exc:
        # 122 stands in for the unreadable 222 (trfkit.event): said, so that
        # the TRF-2026 record is not dropped in silence.
        raw = next((h.value for h in t.headers if isinstance(h, Header) and h.code == "222"), "")
        yield diag(
            "P008",
            t.header_line("222"),
            4 + len(raw) - len(raw.lstrip()) + exc.column,
            f"222 {coded!r} not understood (found {exc.found!r} where {exc.expected} was "
            f"expected); the checks use 122 {free!r}",
            found=exc.found,
            expected=exc.expected,
        )
        return
    if (a.periods, a.black) == (b.periods, b.black):
        return
    m122, m222 = a.minutes_for(60), b.minutes_for(60)
    # The same time for 60 moves (FIDE's measure) rates the same: the two
    # differ in what comes later (a period one of them leaves out), an info.
    same = m122 == m222
    yield diag(
        "P008",
        t.header_line("122"),
        5,
        f"122 {free!r} and 222 {coded!r} describe different time controls ("
        + (
            f"{len(a.periods)} and {len(b.periods)} periods, both {float(m122):g} min for "
            "60 moves, which is what the rating regulations measure"
            if same
            else f"{float(m122):g} and {float(m222):g} min for 60 moves"
        )
        + "); the checks use 222",
        found=f"122 {free} / 222 {coded}",
        expected="122 and 222 describing the same time control",
        severity=Severity.INFO if same else None,
    )
