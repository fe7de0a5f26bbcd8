"""A rating period (:class:`trfkit.rating.period.PeriodReport`) as text,
CSV and the ``trfkit.rate-period/1`` JSON document.

One row per player, with the tournaments behind it. A JSON player carries
every key of a ``trfkit rate`` player (the pooled figures: N, W and We over
the period, K after the cap over the period's games, the change rounded
once), ``fide_id`` being the identity across tournaments, plus
``new_rating_per_tournament`` and ``events``; each of his games carries the
index of its event. Shapes are documented in docs/rate-output.md.
"""

from __future__ import annotations

import json
from typing import Any

from trfkit.rating.period import PeriodPlayer, PeriodReport, PlayerEvent
from trfkit.report.format import clean as _clean
from trfkit.report.format import csv_bool as _csv_bool
from trfkit.report.format import csv_document as _csv
from trfkit.report.format import csv_num as _csv_num
from trfkit.report.format import csv_text as _csv_text
from trfkit.report.format import json_number as _json_number
from trfkit.report.format import score_text as _score
from trfkit.report.format import signed as _signed
from trfkit.report.format import table as _table
from trfkit.report.rating import game_data as _game_data
from trfkit.report.rating import k_assumed_note, k_text
from trfkit.report.rating import newcomer_data as _newcomer_data
from trfkit.report.rating import player_data as _player_data
from trfkit.version import __version__

__all__ = [
    "CSV_PERIOD_COLUMNS",
    "PERIOD_SCHEMA",
    "period_data",
    "render_period_csv",
    "render_period_json",
    "render_period_text",
]

PERIOD_SCHEMA = "trfkit.rate-period/1"

CSV_PERIOD_COLUMNS = (
    "fide_id",
    "name",
    "federation",
    "rating",
    "events",
    "n",
    "rc",
    "w",
    "we",
    "w_minus_we",
    "k",
    "k_assumed",
    "change",
    "new_rating",
    "new_rating_per_tournament",
    "ru",
    "newcomer_publishable",
    "paths",
    "notes",
)


def _signed_whole(n: int) -> str:
    """A rounded change with its sign, and 0 without one (as :func:`signed`
    prints 0.00): ``+78``, ``-51``, ``0``."""
    return f"{n:+d}" if n else "0"


def _event_part(report: PeriodReport, x: PlayerEvent) -> dict[str, Any]:
    p = x.line
    return {
        "event": x.event,
        "path": report.events[x.event].path,
        "start_rank": p.start_rank,
        "rank": p.rank,
        "rating": p.rating,
        "n": p.n,
        "rc": _json_number(p.rc),
        "w": _json_number(p.w),
        "we": _json_number(p.we),
        "w_minus_we": _json_number(p.w_minus_we),
        "k": p.k,
        "change": _json_number(x.change),
        "change_rounded": x.change_rounded,
        "newcomer": None if p.newcomer is None else _newcomer_data(p.newcomer),
    }


def _player(report: PeriodReport, pp: PeriodPlayer) -> dict[str, Any]:
    data = _player_data(pp.rating)
    data["games"] = [{**_game_data(g), "event": x.event} for x in pp.events for g in x.line.games]
    data["new_rating_per_tournament"] = pp.new_rating_per_tournament
    data["events"] = [_event_part(report, x) for x in pp.events]
    return data


def period_data(report: PeriodReport) -> dict[str, Any]:
    """The ``trfkit.rate-period/1`` document as JSON-ready data."""
    return {
        "schema": PERIOD_SCHEMA,
        "trfkit": __version__,
        "period": report.period,
        "rules": {
            "name": report.rules,
            "title": report.rules_title,
            "reference": report.rules_reference,
        },
        "rate_class": report.rate_class,
        "events": [
            {
                "index": i,
                "path": e.path,
                "name": e.name,
                "start": e.start.isoformat() if e.start else None,
                "end": e.end.isoformat() if e.end else None,
                "rules": e.rules,
                "rate_class": e.rate_class,
                "rating_list": e.rating_list,
                "included": e.included,
                "reason": e.reason,
            }
            for i, e in enumerate(report.events)
        ],
        "notes": list(report.notes),
        "players": [_player(report, p) for p in report.players],
    }


def render_period_json(report: PeriodReport) -> str:
    """The ``trfkit.rate-period/1`` document, indented 2, UTF-8."""
    return json.dumps(period_data(report), indent=2, ensure_ascii=False) + "\n"


def _paths(report: PeriodReport, pp: PeriodPlayer) -> str:
    return "; ".join(report.events[x.event].path for x in pp.events)


def render_period_csv(report: PeriodReport) -> str:
    """One row per player; ``paths`` names his tournaments, ``;``-separated."""
    rows = [CSV_PERIOD_COLUMNS]
    for pp in report.players:
        p = pp.rating
        rows.append(
            (
                _csv_num(p.fide_id),
                _csv_text(p.name),
                p.federation,
                _csv_num(p.rating),
                str(len(pp.events)),
                str(p.n),
                _csv_num(p.rc),
                _csv_num(p.w),
                _csv_num(p.we),
                _csv_num(p.w_minus_we),
                _csv_num(p.k),
                _csv_bool(p.k_assumed) if p.k is not None else "",
                _csv_num(p.change),
                _csv_num(p.new_rating),
                _csv_num(pp.new_rating_per_tournament),
                _csv_num(p.ru),
                _csv_bool(None if p.newcomer is None else p.newcomer.publishable),
                _csv_text(_paths(report, pp)),
                _csv_text(" | ".join(p.notes)),
            )
        )
    return _csv(rows)


def _period_tournaments(report: PeriodReport, ascii: bool) -> list[str]:
    """The period's tournaments, each with why it is left out, if it is."""
    rows = [["#", "Start", "End", "Rules", "List", "Tournament"]]
    for i, e in enumerate(report.events):
        what = _clean(f"{e.name} ({e.path})", ascii)
        if not e.included:
            what += f": left out, {_clean(e.reason, ascii)}"
        rows.append(
            [
                str(i),
                e.start.isoformat() if e.start else "",
                e.end.isoformat() if e.end else "",
                e.rules,
                e.rating_list or "",
                what,
            ]
        )
    return _table(rows, (True, False, False, False, False, False))


def _period_rated_rows(pp: PeriodPlayer, ascii: bool) -> list[list[str]]:
    """A rated player's row, then one per tournament beneath it."""
    p = pp.rating
    change = p.change
    rows = [
        [
            _csv_num(p.fide_id),
            _clean(p.name, ascii),
            str(p.rating),
            str(p.n),
            _score(p.w, ascii),
            "" if p.we is None else _signed(p.we).lstrip("+"),
            "" if p.w_minus_we is None else _signed(p.w_minus_we),
            k_text(p),
            "" if change is None else _signed(change),
            "" if p.new_rating is None or p.rating is None
            else _signed_whole(p.new_rating - p.rating),
            _csv_num(p.new_rating),
            _csv_num(pp.new_rating_per_tournament),
        ]
    ]  # fmt: skip
    for x in pp.events:
        line = x.line
        rows.append(
            [
                "",
                f"  #{x.event} start rank {line.start_rank}",
                "" if line.rating is None else str(line.rating),
                str(line.n),
                _score(line.w, ascii),
                "" if line.we is None else _signed(line.we).lstrip("+"),
                "" if line.w_minus_we is None else _signed(line.w_minus_we),
                "",
                "" if x.change is None else _signed(x.change),
                "" if x.change_rounded is None else _signed_whole(x.change_rounded),
                "",
                "",
            ]
        )
    return rows


def _period_newcomer_row(pp: PeriodPlayer, ascii: bool) -> list[str]:
    """A newcomer's results pooled over the period toward a first rating."""
    p, nc = pp.rating, pp.rating.newcomer
    assert nc is not None
    return [
        _csv_num(p.fide_id),
        _clean(p.name, ascii),
        str(len(pp.events)),
        str(nc.n),
        _score(nc.w, ascii),
        "" if nc.ra is None else f"{float(nc.ra):.2f}",
        "" if nc.p is None else f"{float(nc.p):.2f}",
        "" if nc.dp is None else f"{nc.dp:+d}",
        "" if nc.ru is None else str(nc.ru),
        ("yes" if nc.publishable else "no")
        + (f": {_clean(nc.reason, ascii)}" if nc.reason else ""),
    ]


def render_period_text(report: PeriodReport, *, ascii: bool = False) -> str:
    """The period's tournaments, then one row per rated player with a row
    per tournament beneath it, then the newcomers."""
    minus = "-" if ascii else "−"
    times = "x" if ascii else "×"
    out = [
        f"Rating period {report.period or '(every tournament given)'}: "
        f"{report.rules} ({report.rate_class})",
        _clean(report.rules_title, ascii),
        "",
        "Tournaments:",
        *_period_tournaments(report, ascii),
    ]
    rated = [pp for pp in report.players if pp.rating.rating is not None]
    if rated:
        out += ["", "Rated players (the change rounded once for the period):"]
        rows = [
            ["FIDE id", "Name", "Ro", "N", "W", "We", f"W{minus}We", "K",
             f"K{times}(W{minus}We)", "Chg", "New", "New/t"],
        ]  # fmt: skip
        for pp in rated:
            rows += _period_rated_rows(pp, ascii)
        out += _table(rows, (True, False, *([True] * 10)))
    newcomers = [pp for pp in report.players if pp.rating.newcomer is not None]
    if newcomers:
        out += ["", "Newcomers (results pooled toward a first rating):"]
        rows = [["FIDE id", "Name", "Events", "N", "W", "Ra", "p", "dp", "Ru", "Publishable"]]
        rows += [_period_newcomer_row(pp, ascii) for pp in newcomers]
        out += _table(rows, (True, False, True, True, True, True, True, True, True, False))
    # An assumed K is marked "20?" and said once, as Form 3 says it (issue
    # 31 §2: rate-period printed a derived K as if it were known).
    k_note = k_assumed_note(pp.rating for pp in rated)
    notes = (
        list(report.notes)
        + ([k_note] if k_note else [])
        + [
            f"{_csv_num(pp.rating.fide_id) or pp.rating.name}: {n}"
            for pp in report.players
            for n in pp.rating.notes
        ]
    )
    if notes:
        out += ["", "Notes:", *(f"- {_clean(n, ascii)}" for n in notes)]
    return "\n".join(out) + "\n"
