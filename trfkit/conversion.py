"""Converting a tournament between TRF16 and TRF-2026, and saying what was lost.

:func:`convert` gives a copy of a tournament in the target dialect and a P009
diagnostic for everything the copy does not hold as the file had it:

* To TRF-2026 (TRF26 §3.3, §3.4): 042 and 052 are written ``YYYY/MM/DD``, 132
  ``YY/MM/DD`` in its positional columns, birth dates ``YYYY/MM/DD``; 142 comes
  from XXR or the rounds played, 152 from XXC, 162 from XXS or bbp's BB lines
  or the standard scoring, 192 from a 092 that names an ETT26 pairing system,
  222 from a 122 the time-control grammar reads; 013 becomes 310. A file
  that has 310 lines has its teams there (TRF26 §3.7: 310 replaces 013),
  to either dialect: its 013 lines are not written, each named by a P009.
  The engine lines stay: engines read them.
* To TRF16: 142, 152 and 162 become XXR, XXC and XXS; 192 becomes 092 and 222
  becomes 122 where the file has none; 310 becomes 013 (a team numbered
  otherwise than its line's order is said); what TRF16 cannot
  hold (172-212, 352, 362, 240-802, NRS, ``###``) is dropped.

Every record read from a file is also compared, field by field, with the
line written for it: a value the writer cannot write as it was (a result code
such as ``*``, a rating ``22B4``, text in a separator column) is a P009 with
its line, columns, what was found and what the output holds instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any

import attrs

from trfkit.codes import diagnostic
from trfkit.columns import (
    Field,
    Layout,
    Repeat,
    header_specs,
    layout,
    layouts_by_code,
    trf26_header_codes,
    vega_header_codes,
)
from trfkit.dates import DateText, format_date, parse_date
from trfkit.diagnostics import Diagnostic
from trfkit.ett import ett_code
from trfkit.lines import format_points, render
from trfkit.model import (
    TRF26_ONLY_RECORDS,
    BbpPoints,
    Blank,
    Comment,
    Dialect,
    EngineRecord,
    Header,
    HeaderRecord,
    NationalRating,
    OtherRecord,
    Player,
    Record,
    RoundDates,
    Scoring,
    Team,
    TextRecord,
    Tournament,
    UnknownLine,
    one_date_per_line,
)
from trfkit.scoring import SCORING_162, XXS_SHORTCUTS, ScoringSystem, scoring_of

__all__ = ["convert"]


# What the output holds of a record or field it drops: every P009 says what
# was found and what was written instead, nothing included.
_NOT_WRITTEN = "nothing: the target dialect has no place for it"


def _p009(
    line: int, column: int, message: str, found: str, expected: str = _NOT_WRITTEN
) -> Diagnostic:
    return diagnostic("P009", line, column, message, found=found, expected=expected)


def _line_of(record: Record) -> int:
    return record.origin.line if record.origin is not None else 1


def _strip_origin(record: Any, source: Record | None = None) -> Any:
    """``record`` without an origin: what :func:`convert` gives."""
    return attrs.evolve(record, origin=None)


def _keep_origin(record: Any, source: Record | None = None) -> Any:
    """``record`` with the origin of the line it was made from (``source``, by
    default itself): the canonical writer keeps a comment before the record
    that followed it in the file, and names a value too wide for its
    columns by its line, only by these origins."""
    return attrs.evolve(record, origin=(record if source is None else source).origin)


Place = Callable[..., Any]
""":func:`_strip_origin` or :func:`_keep_origin`."""


# -- dates -------------------------------------------------------------------


def _date_header(h: Header, target: Dialect, diags: list[Diagnostic]) -> Header:
    """042/052 as ``YYYY/MM/DD`` (TRF26 §3.3; TRF16 gives no format, real files
    write every format there is)."""
    text = h.text
    if not text:
        return Header(h.code, "")
    value = parse_date(text)
    if value.date is not None:
        return Header(h.code, format_date(value))
    if target is Dialect.TRF26:
        name = header_specs()[h.code].name.replace("_", " ")
        diags.append(
            _p009(
                _line_of(h),
                5,
                f"{name} {text!r} is no whole date: TRF-2026 wants YYYY/MM/DD; written as it was",
                text,
                text,
            )
        )
    return Header(h.code, text)


def _repeat(name: str) -> Repeat:
    rep = layout(name).repeat
    assert rep is not None
    return rep


_ROUND_DATES = _repeat("round_dates_132")
_ROUND_DATE_WIDTH = _ROUND_DATES.fields[0].width


def _round_dates(records: Sequence[RoundDates], diags: list[Diagnostic]) -> RoundDates:
    """One 132 line (TRF16 §2.1: one date per round, in the round's columns),
    with the dates :attr:`Tournament.round_dates` reads: the first 132
    line's, or each line's one date in line order; each date ``YY/MM/DD``."""
    first = records[0]
    if len(records) > 1 and not one_date_per_line(records):
        for r in records[1:]:
            diags.append(
                _p009(
                    _line_of(r),
                    1,
                    f"record 132 repeated: the round dates are those of the first 132 line "
                    f"(line {_line_of(first)}); this one is not written",
                    r.origin.text.rstrip() if r.origin is not None else "132",
                )
            )
        records = records[:1]
    elif len(records) > 1:
        diags.append(
            _p009(
                _line_of(records[1]),
                1,
                f"the round dates of {len(records)} 132 lines (lines "
                + ", ".join(str(_line_of(r)) for r in records)
                + ") are written as one 132 line, in round order",
                "132",
                "one 132 line",
            )
        )
    dates: list[DateText] = []
    for r in records:
        for d in r.dates:
            round_no = len(dates) + 1
            if d.date is None and len(d.text) > _ROUND_DATE_WIDTH:
                diags.append(
                    _p009(
                        _line_of(r),
                        _ROUND_DATES.occurrence(round_no - 1)[0].first,
                        f"round {round_no} date {d.text!r} is no date and is wider than the "
                        f"{_ROUND_DATE_WIDTH} columns of a 132 date: written blank",
                        d.text,
                        "blank",
                    )
                )
                dates.append(DateText())
            else:
                dates.append(d)
    return RoundDates(dates, origin=first.origin)


# -- scoring -----------------------------------------------------------------


def _scoring_162(t: Tournament, diags: list[Diagnostic]) -> Scoring:
    """Record 162 for the scoring the file declares (XXS, BB lines) or the standard one."""
    system = scoring_of(t)
    default = ScoringSystem.default().values
    line = _scoring_line(t, system.source)
    scores: list[tuple[str, Decimal | None]] = []
    for symbol, keys in SCORING_162.items():
        values = [system.values[k] for k in keys]
        value = values[0]
        if len(set(values)) > 1:
            detail = ", ".join(f"{k}={format_points(v)}" for k, v in zip(keys, values, strict=True))
            diags.append(
                _p009(
                    line,
                    1,
                    f"{system.source} gives {detail}; 162 holds one value for {symbol}: "
                    f"written {symbol} {format_points(value)}",
                    detail,
                    f"{symbol} {format_points(value)}",
                )
            )
        # W, D and L always (as TEC's sample does); A and P only where they
        # differ from their defaults (0, and the value of a win).
        wanted = {"A": default["ZPB"], "P": system.values["WW"]}
        if symbol in wanted and value == wanted[symbol]:
            continue
        text = format_points(value)
        if len(text) > _SCORE_162.width:
            # Written, it would run into the next symbol's columns and be
            # read back as another value: left out, and said.
            diags.append(
                _p009(
                    line,
                    1,
                    f"{system.source} gives {symbol} {text}, wider than 162's "
                    f"{_SCORE_162.width} columns for a value: the output's 162 leaves {symbol} out",
                    text,
                    f"a value of at most {_SCORE_162.width} characters",
                )
            )
            continue
        scores.append((symbol, value))
    return Scoring("162", scores)


_SCORE_162 = next(f for f in _repeat("scoring_162").fields if f.name == "value")
"""162's value field (TRF26 §3.3: 4 columns a symbol)."""


def _scoring_line(t: Tournament, source: str) -> int:
    for r in t.records:
        if (source == "XXS" and isinstance(r, EngineRecord) and r.code == "XXS") or (
            source == "BB*" and isinstance(r, BbpPoints)
        ):
            return _line_of(r)
    return 1


def _xxs_of(h: Scoring) -> EngineRecord | None:
    """XXS for a 162 line: the values that differ from JaVaFo's defaults (whose
    pairing-allocated bye is worth 1 whatever a win is worth, where 162's P
    is worth a win), or ``None`` when 162 gives the standard scoring."""
    values = scoring_of(Tournament(headers=[h])).values
    default = ScoringSystem.default().values
    parts: list[str] = []
    done: set[str] = set()
    for short, keys in XXS_SHORTCUTS.items():
        given = {values[k] for k in keys}
        if len(given) == 1:
            done.update(keys)
            if values[keys[0]] != default[keys[0]]:
                parts.append(f"{short}={format_points(values[keys[0]])}")
    for key, value in values.items():
        if key not in done and value != default[key]:
            parts.append(f"{key}={format_points(value)}")
    return EngineRecord("XXS", " ".join(parts)) if parts else None


# -- type and time control -----------------------------------------------------


def _type_192(t: Tournament) -> str | None:
    text = t.header("092")
    return ett_code(text) if text else None


def _time_control_222(t: Tournament, diags: list[Diagnostic]) -> str | None:
    from trfkit.timecontrol import TimeControlError, format_222, parse_time_control

    text = t.header("122")
    if not text:
        return None
    try:
        tc = parse_time_control(text)
    except TimeControlError:
        return None  # R102 says why; 122 itself is kept
    try:
        return format_222(tc)
    except ValueError as exc:
        diags.append(
            _p009(t.header_line("122"), 5, f"no 222 written for 122 {text!r}: {exc}", text)
        )
        return None


def _time_control_122(h: Header, diags: list[Diagnostic]) -> Header | None:
    from trfkit.timecontrol import TimeControlError, format_time_control, parse_222

    try:
        text = format_time_control(parse_222(h.text))
    except (TimeControlError, ValueError) as exc:
        diags.append(
            _p009(
                _line_of(h), 5, f"record 222 {h.text!r} has no TRF16 form ({exc}); dropped", h.text
            )
        )
        return None
    diags.append(_p009(_line_of(h), 1, f"record 222 written as 122 {text!r}", "222", f"122 {text}"))
    return Header("122", text)


# -- the conversion ------------------------------------------------------------


def convert(t: Tournament, dialect: Dialect | str) -> tuple[Tournament, list[Diagnostic]]:
    """A copy of ``t`` in ``dialect`` (records without origins), and what the
    copy does not hold as the file had it (P009)."""
    return _convert(t, dialect, _strip_origin)


def convert_keeping_lines(
    t: Tournament, dialect: Dialect | str
) -> tuple[Tournament, list[Diagnostic]]:
    """:func:`convert`, each record of the copy keeping the origin of the line
    it was made from: the canonical writer's order (a comment stays before
    the record that followed it in the file) and its messages' line numbers.
    Not for :func:`trfkit.writer.dumps` with no dialect, which would write
    the source's lines back."""
    return _convert(t, dialect, _keep_origin)


def _convert(
    t: Tournament, dialect: Dialect | str, place: Place
) -> tuple[Tournament, list[Diagnostic]]:
    target = Dialect(dialect) if isinstance(dialect, str) else dialect
    if target not in (Dialect.TRF16, Dialect.TRF26):
        raise ValueError(f"can only write trf16 or trf26, not {target.value}")
    diags: list[Diagnostic] = []
    headers = _headers(t, target, diags, place)
    records: list[OtherRecord] = []
    codes_present = _codes_present(t)
    if target is Dialect.TRF16:
        engine_codes = {r.code for r in t.records if isinstance(r, EngineRecord)}
        records.extend(_engine_lines(t, engine_codes, diags, place))
    teams = _teams_in(t, target, diags, place)
    nrs = _national_ratings_in(t, target, diags, place)
    records += _records_in(t, target, diags, place, headers, codes_present)
    if target is Dialect.TRF26 and t.dialect is not Dialect.TRF26:
        # A TRF-2026 file says what it means to say: 162, for one, is needed
        # only where the scoring is not the default (TRF26 §3.4).
        headers.extend(_derived_trf26_headers(t, codes_present, diags))
    players = []
    for p0 in t.players:
        p = place(p0)
        _check_written(p0, p, t.dialect, target, diags)
        players.append(p)
    out = Tournament(headers, players, teams, nrs, records, target, [], t.source)
    diags.sort(key=lambda d: (d.line, d.column))
    return out, diags


def _teams_in(t: Tournament, target: Dialect, diags: list[Diagnostic], place: Place) -> list[Team]:
    """The teams as ``target`` writes them: 013 in TRF16, 310 in TRF-2026.

    A file with 310 lines has its teams there (TRF26 §3.7: 310 replaces
    013): a 013 line that gives one of them again (its name or one of its
    players) is not written, whatever the target; written as 310 it would
    be a team more, each player in two teams.
    """
    numbers = _numbers_of_013(t.teams)
    twins = _twins(t.teams)
    again = _given_by_310(t.teams)
    teams: list[Team] = []
    for team0 in t.teams:
        twin = twins.get(id(team0))
        if target is Dialect.TRF16 and twin is not None and team0.code == "310":
            # TEC's sample gives each team as 310 and as 013: to TRF16 the
            # file's own 013 line stands for it.
            diags.append(
                _p009(
                    _line_of(team0),
                    1,
                    f"team {team0.name!r}: its 013 on line {_line_of(twin)} stands for "
                    "it, with the same name and members (number, nickname, strength, "
                    "points and rank dropped)",
                    team0.origin.text.rstrip() if team0.origin is not None else "310",
                    f"013 on line {_line_of(twin)}",
                )
            )
            continue
        if (target is not Dialect.TRF16 or twin is None) and id(team0) in again:
            diags.append(_not_a_team(team0, twin, again[id(team0)]))
            continue
        if target is Dialect.TRF16 and twin is not None:
            team = place(team0)
            _check_written(team0, team, t.dialect, target, diags)
        else:
            team = _team_as(t, team0, target, numbers, diags, place)
        teams.append(team)
    if target is Dialect.TRF16:
        written = [
            x for x in t.teams if id(x) not in again and not (x.code == "310" and id(x) in twins)
        ]
        diags.extend(_renumbered(written, twins))
    return teams


def _team_as(
    t: Tournament,
    team0: Team,
    target: Dialect,
    numbers: dict[int, int],
    diags: list[Diagnostic],
    place: Place,
) -> Team:
    """One team's record in ``target``: a 013 becomes a 310 numbered by its
    place in the file; a 310 becomes a 013, which holds only the name and
    members (P009 says what is dropped)."""
    team: Team = place(team0)
    if target is Dialect.TRF26 and team.code == "013":
        number = numbers[id(team0)] if team.number is None else team.number
        team = place(Team("310", team.name, list(team.members), number), team0)
        # The 013's place in the file made its number: past 999 it is
        # wider than 310's columns 5-7, which P009 says.
        _check_written(team0, team, t.dialect, target, diags)
        return team
    if target is Dialect.TRF16 and team.code == "310":
        dropped = (team.nickname, team.strength, team.match_points, team.game_points, team.rank)
        if any(v not in (None, "") for v in dropped):
            diags.append(
                _p009(
                    _line_of(team0),
                    1,
                    f"team {team.name!r}: 013 holds only the name and members; number, "
                    "nickname, strength, points and rank dropped",
                    "310",
                )
            )
        written: Team = place(Team("013", team.name, list(team.members)), team0)
        return written
    _check_written(team0, team, t.dialect, target, diags)
    return team


def _national_ratings_in(
    t: Tournament, target: Dialect, diags: list[Diagnostic], place: Place
) -> list[NationalRating]:
    """The national rating records (TRF-2026 only: dropped in TRF16, P009)."""
    nrs: list[NationalRating] = []
    for r in t.national_ratings:
        if target is Dialect.TRF16:
            diags.append(
                _p009(
                    _line_of(r),
                    1,
                    f"national rating record {r.federation} has no TRF16 form; dropped",
                    r.federation,
                )
            )
        else:
            nr = place(r)
            _check_written(r, nr, t.dialect, target, diags)
            nrs.append(nr)
    return nrs


def _records_in(
    t: Tournament,
    target: Dialect,
    diags: list[Diagnostic],
    place: Place,
    headers: list[Header | RoundDates | Scoring],
    codes_present: set[str],
) -> list[OtherRecord]:
    """The other records as ``target`` holds them: TRF-2026's own records,
    comments and unknown lines have no TRF16 form (P009); JaVaFo's XXC gives
    TRF-2026 its 152 (appended to ``headers``)."""
    records: list[OtherRecord] = []
    for rec0 in t.records:
        line = _line_of(rec0)
        rec = place(rec0)
        if isinstance(rec, Blank):
            continue  # a blank line says nothing
        if (
            isinstance(rec, EngineRecord)
            and target is Dialect.TRF26
            and rec.code == "XXC"
            and "152" not in codes_present
        ):
            if "white1" in rec.tokens:
                headers.append(place(Header("152", "W"), rec0))
            elif "black1" in rec.tokens:
                headers.append(place(Header("152", "B"), rec0))
        if target is Dialect.TRF16 and (
            isinstance(rec, TRF26_ONLY_RECORDS)
            or (isinstance(rec, TextRecord) and rec.code in ("801", "802"))
        ):
            what = "comment" if isinstance(rec, Comment) else f"record {rec.code}"
            diags.append(
                _p009(line, 1, f"{what} has no TRF16 form; dropped", getattr(rec, "code", "###"))
            )
            continue
        if isinstance(rec, UnknownLine):
            diags.append(_p009(line, 1, f"unknown line {rec.text[:20]!r} dropped", rec.text[:3]))
            continue
        _check_written(rec0, rec, t.dialect, target, diags)
        records.append(rec)
    return records


def _team_key(team: Team) -> tuple[str, tuple[int | None, ...]]:
    members = list(team.members)
    while members and members[-1] is None:
        members.pop()
    return team.name.strip().casefold(), tuple(members)


def _twins(teams: Sequence[Team]) -> dict[int, Team]:
    """For each 013 and 310 record of a team that the file gives both ways
    (same name and members), the other record (by ``id``)."""
    by_key: dict[tuple[str, tuple[int | None, ...]], Team] = {}
    for team in teams:
        if team.code == "310":
            by_key.setdefault(_team_key(team), team)
    twins: dict[int, Team] = {}
    for team in teams:
        if team.code == "013":
            other = by_key.pop(_team_key(team), None)
            if other is not None:
                twins[id(team)], twins[id(other)] = other, team
    return twins


def _given_by_310(teams: Sequence[Team]) -> dict[int, Team]:
    """Each 013 team (by ``id``) that gives a team of the file's 310 lines
    again: the same name (a number before it aside: some writers put the
    310 line's number there), or a player of that team; with that 310."""
    by_name: dict[str, Team] = {}
    by_member: dict[int, Team] = {}
    for team in teams:
        if team.code == "310":
            by_name.setdefault(_plain_name(team.name), team)
            for m in team.members:
                if m:
                    by_member.setdefault(m, team)
    out: dict[int, Team] = {}
    if not by_name:
        return out
    for team in teams:
        if team.code != "013":
            continue
        other = by_name.get(_plain_name(team.name)) or next(
            (by_member[m] for m in team.members if m and m in by_member), None
        )
        if other is not None:
            out[id(team)] = other
    return out


def _plain_name(name: str) -> str:
    words = name.casefold().split()
    if len(words) > 1 and words[0].isdigit():
        words = words[1:]
    return " ".join(words)


def _not_a_team(team: Team, twin: Team | None, given: Team) -> Diagnostic:
    """P009 for a 013 line that gives a team of the file's 310 lines again:
    not written."""
    written = team.origin.text.rstrip() if team.origin is not None else team.code
    if twin is not None:
        return _p009(
            _line_of(team),
            1,
            f"team {team.name.strip()!r}: its 310 on line {_line_of(twin)} stands for it, "
            "with the same name and members (nothing lost)",
            written,
            f"310 on line {_line_of(twin)}",
        )
    number = f" {given.number}" if given.number is not None else ""
    return _p009(
        _line_of(team),
        1,
        f"013 {team.name.strip()!r} gives again team{number} {given.name.strip()!r} of the "
        f"310 on line {_line_of(given)}, with another name or other members: the 310 "
        "stands for it (TRF26 §3.7: 310 replaces 013), and the 013 is not written "
        "(written as 310 it would be a team more, its players in two teams)",
        written,
        f"310 on line {_line_of(given)}",
    )


def _renumbered(teams: Sequence[Team], twins: dict[int, Team]) -> list[Diagnostic]:
    """P009 for each 310 team whose number TRF16 cannot keep: a 013 team's
    number is the order of its line (TRF16 §2.4), and the output's 013 lines
    (``teams``, each a 310 or the 013 standing for its ``twins``) are in the
    order of the file's lines."""
    out: list[Diagnostic] = []
    in_order = sorted(teams, key=_line_of)
    for order, written in enumerate(in_order, start=1):
        team = written if written.code == "310" else twins.get(id(written))
        if team is not None and team.number is not None and team.number != order:
            out.append(
                _p009(
                    _line_of(team),
                    5,
                    f"team {team.name.strip()!r} is number {team.number} in 310; TRF16 numbers "
                    f"a team by the order of its 013 line: it is team {order} in the output",
                    str(team.number),
                    str(order),
                )
            )
    return out


def _numbers_of_013(teams: Sequence[Team]) -> dict[int, int]:
    """The 310 number of each 013 team (by ``id``): the order of its line
    among the 013 lines (TRF16 gives a team no other number), or, where a
    310 line of the file has that number, the next number no 310 line has."""
    taken = {team.number for team in teams if team.code == "310" and team.number is not None}
    out: dict[int, int] = {}
    number = 0
    for team in (team for team in teams if team.code == "013"):
        number += 1
        while number in taken:
            number += 1
        out[id(team)] = number
    return out


def _codes_present(t: Tournament) -> set[str]:
    """The header codes of ``t`` with their TRF meanings (not Vega's)."""
    vega = vega_header_codes() if t.dialect is Dialect.VEGA else frozenset()
    return {h.code for h in t.headers if h.code not in vega}


def _headers(
    t: Tournament, target: Dialect, diags: list[Diagnostic], place: Place
) -> list[HeaderRecord]:
    vega = t.dialect is Dialect.VEGA
    codes_present = _codes_present(t)
    out: list[HeaderRecord] = []
    round_dates: list[RoundDates] = []
    for h0 in t.headers:
        line = _line_of(h0)
        h = place(h0)
        if isinstance(h0, RoundDates):
            round_dates.append(h0)
            continue
        if isinstance(h0, Header) and h0.code == "132":
            # Vega's files are read without the TRF layouts of 132-162; its
            # 132 has the TRF16 layout all the same.
            from trfkit.reader import parse_record

            dates, _ = parse_record("132 " + h0.value, Dialect.TRF16)
            if isinstance(dates, RoundDates):
                round_dates.append(attrs.evolve(dates, origin=h0.origin))
                continue
        if vega and h.code in vega_header_codes():
            if target is Dialect.TRF26:
                spec = header_specs()[h.code]
                if (
                    h.code == "162"
                    and t.number_of_rounds is not None
                    and "142" not in codes_present
                ):
                    diags.append(
                        _p009(
                            line,
                            1,
                            f"record 162 holds Vega's number of rounds: written as 142 "
                            f"{t.number_of_rounds}",
                            f"162 {h.text}",
                            f"142 {t.number_of_rounds}",
                        )
                    )
                    continue
                diags.append(
                    _p009(
                        line,
                        1,
                        f"record {h.code} holds Vega's {spec.vega}, which TRF-2026 writes "
                        f"nowhere ({h.code} is the {spec.name.replace('_', ' ')} there); dropped",
                        f"{h.code} {h.text}" if isinstance(h, Header) else h.code,
                    )
                )
                continue
            out.append(h)
            continue
        if target is Dialect.TRF16 and h.code in trf26_header_codes():
            if h.code in ("142", "152", "162"):
                continue  # the engine lines below
            if isinstance(h, Header) and h.code == "192" and "092" not in codes_present:
                diags.append(_p009(line, 1, "record 192 written as 092", "192", f"092 {h.text}"))
                out.append(place(Header("092", h.text), h0))
                continue
            if isinstance(h0, Header) and h.code == "222" and "122" not in codes_present:
                tc = _time_control_122(h0, diags)
                if tc is not None:
                    out.append(place(tc, h0))
                continue
            kept = {"192": "092", "222": "122"}.get(h.code)
            also = f" ({kept} {t.header(kept)!r} stays)" if kept in codes_present else ""
            diags.append(
                _p009(line, 1, f"record {h.code} has no TRF16 form; dropped{also}", h.code)
            )
            continue
        if isinstance(h0, Header) and h.code in ("042", "052"):
            out.append(place(_date_header(h0, target, diags), h0))
            continue
        _check_written(h0, h, t.dialect, target, diags)
        out.append(h)
    if round_dates:
        out.append(place(_round_dates(round_dates, diags), round_dates[0]))
    return out


def _as_written(h: HeaderRecord) -> str:
    """A header record as the file has it (its line), or its code and value."""
    if h.origin is not None:
        return h.origin.text.rstrip()
    return f"{h.code} {h.value}" if isinstance(h, Header) else h.code


def _engine_lines(
    t: Tournament, engine_codes: set[str], diags: list[Diagnostic], place: Place
) -> Iterable[EngineRecord]:
    """XXR, XXC and XXS for TRF-2026's 142, 152 and 162 (JaVaFo's TRF(x))."""
    if t.dialect is Dialect.VEGA:
        return
    for h in t.headers:
        if h.code not in ("142", "152", "162"):
            continue
        line = _line_of(h)
        converted: EngineRecord | None = None
        if isinstance(h, Header) and h.code == "142" and h.text:
            converted = EngineRecord("XXR", h.text)
        elif isinstance(h, Header) and h.code == "152" and h.text.upper() in ("W", "B"):
            converted = EngineRecord("XXC", "white1" if h.text.upper() == "W" else "black1")
        elif isinstance(h, Scoring):
            converted = _xxs_of(h)
            if converted is None:
                diags.append(
                    _p009(
                        line,
                        1,
                        "record 162 gives the standard scoring, which TRF16 assumes; not written",
                        "162",
                    )
                )
                continue
        if converted is None:
            diags.append(_p009(line, 1, f"record {h.code} has no TRF16 form; dropped", h.code))
        elif converted.code in engine_codes:
            own = next(
                r.value.strip()
                for r in t.records
                if isinstance(r, EngineRecord) and r.code == converted.code
            )
            differs = (
                "" if own == converted.value else f" (which says {own!r}, not {converted.value!r})"
            )
            diags.append(
                _p009(
                    line,
                    1,
                    f"record {h.code} dropped: the file's own {converted.code} line stands for "
                    f"it{differs}",
                    _as_written(h),
                    f"{converted.code} {own}",
                )
            )
        else:
            diags.append(
                _p009(
                    line,
                    1,
                    f"record {h.code} written as {converted.code}",
                    _as_written(h),
                    f"{converted.code} {converted.value}",
                )
            )
            yield place(converted, h)


def _derived_trf26_headers(
    t: Tournament, codes_present: set[str], diags: list[Diagnostic]
) -> list[HeaderRecord]:
    """The TRF-2026 records a TRF16 file implies: 142, 162, 192, 222."""
    out: list[HeaderRecord] = []
    if "142" not in codes_present:
        rounds = t.number_of_rounds
        if rounds:
            out.append(Header("142", str(rounds)))
    if "162" not in codes_present:
        out.append(_scoring_162(t, diags))
    if "192" not in codes_present:
        code = _type_192(t)
        if code is not None:
            out.append(Header("192", code))
    if "222" not in codes_present:
        encoded = _time_control_222(t, diags)
        if encoded is not None:
            out.append(Header("222", encoded))
    return out


# -- what the written line holds -------------------------------------------------

# Read as blank-separated values in whichever of its two layouts the line
# uses (TRF26 table, TEC's draft sample): its columns say nothing.
_READ_BY_TOKENS = frozenset({"abnormal_points_299"})
# Read as symbol-value pairs when off their columns (P003): their columns say
# nothing then either.
_PAIRS_WHEN_SHIFTED = frozenset({"scoring_162", "team_scoring_362"})


def _layout_of(record: Record) -> Layout | None:
    """The fixed-width layout of a record that is no header record."""
    if isinstance(record, Header | RoundDates | EngineRecord | TextRecord):
        return None
    if isinstance(record, NationalRating):
        return layout("national_rating")
    code = "001" if isinstance(record, Player) else getattr(record, "code", None)
    return layouts_by_code().get(code) if isinstance(code, str) else None


def _values(record: Record, lay: Layout, occurrences: int) -> dict[tuple[str, int], Any]:
    """The value of each field (name, occurrence; -1 for the fixed fields)."""
    values: dict[tuple[str, int], Any] = {}
    for f in lay.fields:
        values[(f.name, -1)] = getattr(record, f.name, None)
    rep = lay.repeat
    if rep is None:
        return values
    if isinstance(record, Player):
        cells = record.cells()
        for i in range(occurrences):
            for f, column in zip(rep.fields, cells, strict=True):
                values[(f.name, i)] = column[i] if i < len(column) else None
        return values
    items = list(getattr(record, rep.name, []))
    for i in range(occurrences):
        item = items[i] if i < len(items) else None
        parts = item if len(rep.fields) > 1 and isinstance(item, tuple) else (item,)
        for f, v in zip(rep.fields, parts, strict=False):
            values[(f.name, i)] = v
    return values


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, DateText) and isinstance(b, DateText):
        if a.year is not None or b.year is not None:
            return (a.date, a.year) == (b.date, b.year)
        return a.text == b.text
    return bool(a == b)


def _year_only(value: Any, text: str) -> bool:
    """Whether a date field holds a year and nothing more (``1981``)."""
    return (
        isinstance(value, DateText)
        and value.year is not None
        and value.date is None
        and text.isdigit()
        and len(text) == 4
    )


def _label(name: str, occurrence: int, lay: Layout) -> str:
    words = name.replace("_", " ")
    if occurrence < 0:
        return words
    if lay.name == "player":
        return f"round {occurrence + 1} {words}"
    return f"{words} {occurrence + 1}"


def _read_one_column_right(value: Any, old: str, f: Field) -> bool:
    """Whether the reader read date field ``f`` one column right of its
    columns (see ``trfkit.reader._birth_date_shifted``)."""
    return (
        isinstance(value, DateText)
        and bool(value.text)
        and value.text == old[f.first : f.last + 1].strip(" ")
        and value.text != old[f.slice].strip(" ")
    )


def _field_not_written(
    f: Field,
    i: int,
    lay: Layout,
    line: int,
    old: str,
    text: str,
    bad: bool,
    before: dict[tuple[str, int], Any],
    after: dict[tuple[str, int], Any],
) -> Diagnostic | None:
    """P009 for field ``f`` (occurrence ``i``, -1 for a field of the line)
    when the line written does not hold it as the file had it: a year alone
    made a date, a value the reader could not read (``bad``), or another
    value; ``None`` for the same value in another spelling."""
    # Blanks only: a TAB in a field is something the writer does not write.
    was, now = old[f.slice].strip(" "), text[f.slice].strip(" ")
    if was == now:
        return None
    name = f.name
    if f.kind == "date" and not bad and _year_only(before.get((name, i)), was):
        # The same year, but not as the file wrote it: TRF's date is
        # YYYY/MM/DD (TRF16 §2.2, TRF26 §3.3), and 00 for a month and day
        # not known is a reader's convention, not the text's own words.
        return _p009(
            line,
            f.first,
            f"{_label(name, i, lay)} {was!r} in columns {f.columns} is a year alone, "
            f"which a TRF date (YYYY/MM/DD) cannot be: written {now!r}, 00 for the "
            "month and day not known",
            was,
            now,
        )
    if not bad and _same(before.get((name, i)), after.get((name, i))):
        return None
    columns = f"column{'s' if f.first != f.last else ''} {f.columns}"
    return _p009(
        line,
        f.first,
        f"{_label(name, i, lay)} {was!r} in {columns} is not written as it was: "
        + (f"the output holds {now!r}" if now else "the output leaves it blank"),
        was,
        now or "blank",
    )


def _stray_text(line: int, old: str, covered: set[int]) -> Diagnostic | None:
    """P009 for text in columns no field of the record reads: not written."""
    stray = [
        (col, old[col - 1])
        for col in range(4, len(old) + 1)
        if col not in covered and old[col - 1] not in " \t"
    ]
    if not stray:
        return None
    where = ", ".join(f"{col} {ch!r}" for col, ch in stray[:8])
    more = f" and {len(stray) - 8} more" if len(stray) > 8 else ""
    return _p009(
        line,
        stray[0][0],
        f"text in column{'s' if len(stray) > 1 else ''} no field of the record reads "
        f"({where}{more}): not written",
        "".join(ch for _, ch in stray),
        "blank",
    )


def _check_written(
    source: Record, written: Record, dialect: Dialect, target: Dialect, diags: list[Diagnostic]
) -> None:
    """P009 for each field of ``source``'s line that the line written for
    ``written`` does not hold as it was.

    A field written in another spelling of the same value (``g`` → ``GM``,
    ``1978`` → ``1978/00/00``, a zero-padded opponent) is no loss; a field
    the reader could not read (a result ``*``, a rating ``22B4``), text in a
    column no field covers, and a value wider than its columns are.
    """
    from trfkit.reader import parse_record

    origin = source.origin
    lay = _layout_of(written)
    if origin is None or lay is None:
        return
    overflows: list[str] = []
    text = render(written, overflows)
    line = origin.line
    # A value wider than its columns, whatever record it was written from (a
    # 013 team made a 310 with a number past 999): dumps refuses it, fmt says it.
    for problem in overflows:
        diags.append(_p009(line, 1, f"{problem}: the line written is misaligned", problem))
    if _layout_of(source) != lay:
        return
    old = origin.text
    if old.rstrip() == text.rstrip():
        return  # the common case: nothing to compare
    again, read_diags = parse_record(old, dialect)
    if again != source:
        return  # edited in Python: the line no longer says what the record does
    if lay.name in _READ_BY_TOKENS or (
        lay.name in _PAIRS_WHEN_SHIFTED and any(d.code == "P003" for d in read_diags)
    ):
        if parse_record(text, target)[0] != again:
            diags.append(
                _p009(
                    line,
                    1,
                    f"record {lay.codes[0]} is not written as it was read: {old.strip()!r}",
                    old.strip(),
                    text,
                )
            )
        return
    rep = lay.repeat
    width = max(len(old), len(text))
    occurrences = 0 if rep is None else max(0, (width - rep.first) // rep.stride + 1)
    reread, _ = parse_record(text, target)
    before, after = _values(again, lay, occurrences), _values(reread, lay, occurrences)
    unreadable = {d.column for d in read_diags if d.code in ("P002", "P004")}
    covered: set[int] = set()
    fields = [(f, -1) for f in lay.fields]
    if rep is not None:
        fields += [(f, i) for i in range(occurrences) for f in rep.occurrence(i)]
    for f, i in fields:
        covered.update(range(f.first, f.last + 1))
        if f.kind == "date" and _read_one_column_right(before.get((f.name, i)), old, f):
            covered.add(f.last + 1)  # the reader read the date from there
        bad = any(f.first <= c <= f.last for c in unreadable)
        found = _field_not_written(f, i, lay, line, old, text, bad, before, after)
        if found is not None:
            diags.append(found)
    found = _stray_text(line, old, covered)
    if found is not None:
        diags.append(found)
