"""What kind of event a file reports: its type, its time control, its rule set.

The regulation checks and the rater need three facts the records only
imply:

* the tournament type (:class:`TournamentType`), from 192 (TRF-2026 codes),
  else 092 (free text), else a league's name (012), else the pairings
  themselves;
* the time control, from 222 (structured, TRF-2026), else 122 (free text);
* the rule set: with ``rules="auto"``, the FIDE regulation in force at the
  start date (042), and the rapid and blitz one when the time control is
  rapid or blitz.

Each can be given instead (``--type``, ``--time-control``, ``--rules``);
:func:`event_of` records where each fact came from, so a report can say so.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import attrs

from trfkit.ett import LEAGUE_WORDS, TournamentType, ett_code, type_named
from trfkit.model import Tournament
from trfkit.rules import RULE_SETS, Family, RateClass, RuleSet, get, newest_in_force
from trfkit.timecontrol import TimeControl, TimeControlError, parse_222, parse_time_control

__all__ = [
    "Event",
    "TournamentType",
    "choose_rules",
    "ett_code",
    "event_of",
    "event_rounds",
    "infer_type",
    "match_decided_round",
    "not_in_force",
    "rate_class_of",
    "standard_ruled_out",
    "type_named",
]


# Words and patterns of a name that suggest a league without saying it: a
# division ("Div 1"), a cup, a season ("2011 - 2012", "2011/12"). Many a
# weekend open is a "Cup" or has a "Division A": only with a span longer
# than the rule set's events may last do they choose the type.
_LEAGUE_HINTS = re.compile(
    r"\bDIV(?:ISION)?\b\.?|\bCUP\b|\bPOKAL\b|\bCOUPE\b|\bCOPP?A\b"
    r"|\b(?:19|20)\d\d\s*[-/\u2013]\s*(?:(?:19|20)\d\d|\d\d)\b",
    re.I,
)


def _declared_type(
    t: Tournament, longest: int | None = None
) -> tuple[TournamentType, str, str] | None:
    """The type 192 or 092 names, else the one a name (012) suggests; with
    where it came from and, for a name, the evidence (``""`` otherwise).
    ``longest``: the days an event other than a league may last (the rule
    set's limit)."""
    for code in ("192", "092"):
        text = t.header(code)
        kind = type_named(text) if text else None
        if kind is not None:
            return kind, code, ""
    # No type declared: a tournament named a league (012 "Bundesliga
    # 2024/25") is one; a name with a league's hints (a division, a cup, a
    # season) is one when the event lasts longer than other events may.
    name = t.header("012") or ""
    found = LEAGUE_WORDS.search(name)
    if found:
        return TournamentType.LEAGUE, "012", f"012: the name says {found.group(0)!r}"
    hints = [m.group(0).strip() for m in _LEAGUE_HINTS.finditer(name)]
    days = _span_days(t)
    if hints and days is not None and longest and days > longest:
        said = ", ".join(repr(h) for h in hints)
        return (
            TournamentType.LEAGUE,
            "012",
            f"012: the name says {said} and the event lasts {days} days",
        )
    return None


def _span_days(t: Tournament) -> int | None:
    """The days from the start (042, else the first round date) to the end
    (052, else the last round date), both counted."""
    dated = sorted(d.date for d in t.round_dates if d.date is not None)
    start = t.start_date.date if t.start_date is not None else None
    end = t.end_date.date if t.end_date is not None else None
    start = start or (dated[0] if dated else None)
    end = end or (dated[-1] if dated else None)
    if start is None or end is None or end < start:
        return None
    return (end - start).days + 1


def infer_type(t: Tournament) -> TournamentType:
    """The type the pairings show.

    Team records make a team event; two players a match; every pair of
    players meeting once (twice) a round robin (double round robin), with
    unplayed games counted as meetings since they were paired; anything
    else a Swiss.
    """
    if t.teams:
        return TournamentType.TEAM
    ranks = {p.start_rank for p in t.players}
    n = len(ranks)
    if n == 2:
        return TournamentType.MATCH
    if n < 3:
        return TournamentType.SWISS
    pairs = n * (n - 1) // 2
    if sum(p.cell_count for p in t.players) < pairs:
        # Too few cells for every pair to have met, even counting each game
        # from one side only: no need to count the meetings of a big Swiss.
        return TournamentType.SWISS
    meetings: Counter[tuple[int, int]] = Counter()
    for p in t.players:
        a = p.start_rank
        for o in p.cells().opponents:
            if o is not None and o in ranks and o > a:
                meetings[(a, o)] += 1
    if len(meetings) == pairs:
        times = set(meetings.values())
        if times == {1}:
            return TournamentType.ROUND_ROBIN
        if times == {2}:
            return TournamentType.DOUBLE_ROUND_ROBIN
    return TournamentType.SWISS


@attrs.frozen
class Event:
    """The facts the regulation checks work from, and where each came from."""

    rules: RuleSet
    rules_source: str
    """``given``, or how ``auto`` chose: e.g. ``042 2025-05-01, standard``."""
    type: TournamentType
    type_source: str
    """``given``, ``192``, ``092``, ``012`` (a league's name) or ``pairings``."""
    time_control: TimeControl | None
    time_control_source: str | None
    """``given``, ``222`` or ``122`` (also when it could not be read); ``None``
    when there is none."""
    time_control_line: int
    time_control_error: TimeControlError | None
    """Why the time control could not be read (R102)."""
    start: datetime.date | None
    rules_in_force: bool | None = None
    """Whether the rule set governed events starting on ``start`` (``None``:
    no start date). When it did not, ``rules_source`` says so."""
    standard_ruled_out: str = ""
    """With no time control, why the schedule rules out the standard rate
    the rule set assumes (:func:`standard_ruled_out`); ``""`` otherwise."""
    type_evidence: str = ""
    """What chose a type no record declares: the name's words and the span
    (``012: the name says 'Div' and the event lasts 189 days``), or the
    pairings' shape (``from the pairings: 2 players``); ``""`` for a type
    declared (192, 092) or given."""


def _time_control(
    t: Tournament, given: str | None
) -> tuple[TimeControl | None, str | None, int, TimeControlError | None]:
    if given is not None:
        try:
            return parse_time_control(given), "given", 0, None
        except TimeControlError as exc:
            return None, "given", 0, exc
    error: TimeControlError | None = None
    source: str | None = None
    for code, parse in (("222", parse_222), ("122", parse_time_control)):
        text = t.header(code)
        if not text:
            continue
        try:
            return parse(text), code, t.header_line(code), None
        except TimeControlError as exc:
            # Keep the first failure, but let 122 stand in for a bad 222.
            if error is None:
                error, source = exc, code
    return None, source, t.header_line(source) if source else 0, error


def _start(t: Tournament) -> datetime.date | None:
    start = t.start_date
    if start is not None and start.date is not None:
        return start.date
    # No 042: the first round date stands in.
    dated = [d.date for d in t.round_dates if d.date is not None]
    return min(dated) if dated else None


def choose_rules(start: datetime.date | None, tc: TimeControl | None) -> tuple[RuleSet, str]:
    """The rule set ``--rules auto`` picks, and why.

    The FIDE standard regulation in force at ``start`` (the newest when the
    date is unknown); the rapid and blitz regulation when ``tc`` gives less
    than 60 minutes for 60 moves (FIDE Rapid & Blitz 2024 §1.1). Before
    2009-07 the oldest text, fide-2002, is the best there is.
    """
    fide = [r for r in RULE_SETS.values() if r.family is Family.STANDARD]
    chosen, why = newest_in_force(fide, start)
    if tc is not None and tc.minutes_for(60) < 60:
        chosen = get("fide-rb-2024")
        why += f", {_minutes(tc)} for 60 moves: rapid or blitz"
    return chosen.as_of(start), why


def _minutes(tc: TimeControl) -> str:
    m = tc.minutes_for(60)
    return f"{float(m):g} min"


def event_of(
    t: Tournament,
    *,
    rules: str | RuleSet = "auto",
    type: TournamentType | str | None = None,
    time_control: str | None = None,
) -> Event:
    """The type, time control and rule set of ``t``, each given or found.

    ``rules`` is a rule-set name, a :class:`RuleSet`, or ``"auto"`` (names
    in any case);
    ``type`` a :class:`TournamentType` or its value (``"swiss"``, ...);
    ``time_control`` free text that replaces the file's 122/222.
    A name that is no rule set raises ``KeyError``; a bad type ``ValueError``.
    """
    tc, tc_source, tc_line, tc_error = _time_control(t, time_control)
    start = _start(t)
    if isinstance(rules, RuleSet):
        rule_set, rules_source = rules.as_of(start), "given"
    elif rules.lower() == "auto":
        rule_set, rules_source = choose_rules(start, tc)
    else:
        rule_set, rules_source = get(rules).as_of(start), "given"
    in_force = rule_set.in_force(start)
    if in_force is False:
        rules_source += "; " + not_in_force(rule_set, start)
    evidence = ""
    if type is not None:
        kind, type_source = TournamentType(type), "given"
    else:
        declared = _declared_type(t, rule_set.schedule.duration_days)
        if declared:
            kind, type_source, evidence = declared
        else:
            kind, type_source = infer_type(t), "pairings"
            evidence = _pairings_evidence(t, kind)
    return Event(
        rule_set,
        rules_source,
        kind,
        type_source,
        tc,
        tc_source,
        tc_line,
        tc_error,
        start,
        in_force,
        standard_ruled_out(t, rule_set) if tc is None else "",
        evidence,
    )


# Words of a name for a rate faster than standard (English, German, French,
# Spanish, Italian, Dutch).
_FAST_WORDS = re.compile(
    r"\bBULLET\b|\bBLITZ|\bLIGHTNING\b|\bRAPID|\bSCHNELL|\bRAPIDE|\bR[AÁ]PIDO|\bSNELSCHAAK|"
    r"\bLAMPO\b|\bSEMI-?LAMPO\b|\bARMAGEDDON\b",
    re.I,
)


def standard_ruled_out(t: Tournament, rules: RuleSet) -> str:
    """Why an event with no time control cannot have been standard under
    ``rules``, or ``""``.

    A standard game takes at least the rule set's least minutes for 60
    moves, for each player (2024 §1.1: 60 min a player below 1800); a day
    holds at most 12 hours of play (2002 and 2009 §3.1, 2024 §3): a day with
    more rounds than that allows was not played at a standard rate. A name
    that says the rate (``Bullet``, ``Blitz``, ``Rapid``) is added to the
    evidence, never the evidence alone.
    """
    limit, minimum = rules.schedule.hours_per_day, rules.rate_of_play.standard_minimum_minutes
    if rules.family is not Family.STANDARD or not limit or not minimum:
        return ""
    least = min(minutes for _, minutes in minimum)
    game_hours = Fraction(2 * least, 60)
    busiest = _busiest_day(t)
    if busiest is None:
        return ""
    rounds, when = busiest
    hours = rounds * game_hours
    if hours <= limit:
        return ""
    said = f"{rounds} rounds {when}"
    evidence = (
        f"{said}: a standard game takes at least {2 * least} minutes ({least} a player for "
        f"60 moves), so {float(hours):g} hours of play where {rules.name} allows {limit} a day"
    )
    name = _FAST_WORDS.search(t.header("012") or "")
    if name:
        evidence += f"; the name says {name.group(0)!r}"
    return evidence


def _busiest_day(t: Tournament) -> tuple[int, str] | None:
    """The most rounds played on one day, and the day in words: from the
    round dates (132), else from 042 and 052 when they are one day."""
    days: Counter[datetime.date] = Counter(d.date for d in t.round_dates if d.date is not None)
    if days:
        day, rounds = max(days.items(), key=lambda kv: (kv[1], -kv[0].toordinal()))
        return rounds, f"on {day.isoformat()}"
    start = t.start_date.date if t.start_date is not None else None
    end = t.end_date.date if t.end_date is not None else None
    if start is not None and start == end and t.rounds_played:
        return t.rounds_played, f"on {start.isoformat()} (042 and 052)"
    return None


def _pairings_evidence(t: Tournament, kind: TournamentType) -> str:
    """Why :func:`infer_type` chose ``kind``, in a few words: the records
    that decided it, which are not always pairings."""
    if kind is TournamentType.TEAM:
        return "from its team records, 013 or 310"
    if kind is TournamentType.MATCH:
        return "from the pairings: 2 players"
    if kind is TournamentType.ROUND_ROBIN:
        return "from the pairings: every pair met once"
    if kind is TournamentType.DOUBLE_ROUND_ROBIN:
        return "from the pairings: every pair met twice"
    if not t.rounds_played:
        # Nothing to read a type from: Swiss is the guess, and said to be one.
        return "no type declared and no round paired yet: taken for one"
    return "from the pairings: not every pair met"


def not_in_force(rules: RuleSet, start: datetime.date | None) -> str:
    """The sentence a report's header carries when ``rules`` did not govern
    an event starting on ``start``.

    >>> not_in_force(get("fide-2024"), datetime.date(2018, 4, 8))
    'NOT IN FORCE at the start 2018-04-08: fide-2024 governs events from 2024-03-01'
    """
    span = f"from {rules.effective.isoformat()}"
    if rules.until is not None:
        span += f" to {rules.until.isoformat()}"
    when = start.isoformat() if start else "unknown"
    return f"NOT IN FORCE at the start {when}: {rules.name} governs events {span}"


def match_decided_round(t: Tournament) -> int | None:
    """The first round of a two-player match played after one player had
    more than half the scheduled points, or ``None``.

    Those games are not rated (2002 §6.5, 2009 §6.5, R&B 2024 §5.2). The
    scheduled number of games is 062/XXR, else the rounds in the file.
    """
    if len(t.players) != 2:
        return None
    from trfkit.scoring import ScoringSystem  # scoring imports nothing of ours

    points = ScoringSystem.default().points
    played = t.rounds_played
    half = Decimal(t.number_of_rounds or played) / 2
    score = [Decimal(0), Decimal(0)]
    for r in range(1, played + 1):
        if max(score) > half:
            return r
        for i, p in enumerate(t.players):
            if len(p.games) >= r:
                score[i] += points(p.games[r - 1])
    return None


def rate_class_of(ev: Event, given: RateClass | str | None = None) -> tuple[RateClass, str]:
    """Which rating the event changes (standard, rapid or blitz), and why it
    is assumed when the file cannot say (``""``: it can, or ``given`` says).

    The rater rates that rating; the check of a players' list compares it.
    """
    if given is not None:
        return RateClass(given), ""
    rs = ev.rules
    if ev.time_control is None:
        why = (
            "the file gives no time control"
            if ev.time_control_source is None
            else f"the time control ({ev.time_control_source}) could not be read"
        )
    if rs.family is Family.STANDARD:
        if ev.time_control is None and ev.standard_ruled_out:
            # Said, never silently assumed (issue 33; check's R104).
            why += f"; yet {ev.standard_ruled_out}: not a standard event (R104)"
        return RateClass.STANDARD, "" if ev.time_control is not None else why
    if ev.time_control is not None:
        found = rs.rate_class(float(ev.time_control.minutes_for(60)))
        if found is not None:
            return found, ""
        why = "the time control fits none of the rule set's classes"
    if rs.family is Family.NATIONAL:
        return RateClass.STANDARD, why
    return RateClass.RAPID, why


def event_rounds(t: Tournament) -> int:
    """The rounds the event has, as far as its lines show: the most of the
    rounds 142/XXR declare and the rounds that a second line reaches (a game
    has two players, so a round only one line has is none of the event's;
    S127). A file of one player: his line's rounds."""
    longest = second = 0
    for p in t.players:
        n = p.cell_count
        if n > longest:
            longest, second = n, longest
        elif n > second:
            second = n
    if len(t.players) < 2:
        second = longest
    return max(t.declared_rounds or 0, second)
