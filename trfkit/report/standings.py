"""The standings document (``trfkit standings``) in text, JSON, CSV and HTML.

Every value is shown as computed: a tie-break that is undefined for a
player (an unrated field for the rating-based ones, a cut that leaves
nothing) is ``null`` in JSON, empty in CSV and ``-`` in text and HTML,
never 0. Players still tied after the last tie-break share a rank, marked
``=`` in text and HTML and ``tied`` in JSON and CSV.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from trfkit.report.format import clean, csv_document, csv_text, json_number, table
from trfkit.tiebreaks import Standings, TieBreak
from trfkit.tiebreaks.standings import value_text
from trfkit.version import __version__

__all__ = [
    "STANDINGS_SCHEMA",
    "render_standings_csv",
    "render_standings_html",
    "render_standings_json",
    "render_standings_text",
    "source_text",
    "standings_data",
    "standings_page",
]

STANDINGS_SCHEMA = "trfkit.standings/1"
_Value = Decimal | int | None


def _json_value(v: _Value) -> int | float | None:
    if v is None:
        return None
    return json_number(Fraction(v) if isinstance(v, Decimal) else v)


def _source(s: Standings) -> str:
    return source_text(s.source, s.tiebreaks, "points")


def source_text(source: str, tiebreaks: Sequence[TieBreak], score: str) -> str:
    """Where the tie-breaks came from, and which (``score``: what ranks
    first, ``points`` or ``MP``...)."""
    if source == "none":
        return f"no tie-breaks declared (no 212 or 202 record, none given): ranked by {score} only"
    codes = ", ".join(tb.text or tb.code for tb in tiebreaks)
    where = "given" if source == "given" else f"record {source}"
    return f"tie-breaks ({where}): {codes}" if codes else f"tie-breaks ({where}): none known"


def standings_data(s: Standings, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.standings/1`` document as Python data."""
    return {
        "schema": STANDINGS_SCHEMA,
        "trfkit": __version__,
        "path": path,
        "tournament": s.name,
        "edition": {"name": s.edition.name, "title": s.edition.title, "source": s.edition_source},
        "tiebreaks": {"source": s.source, "codes": [tb.text or tb.code for tb in s.tiebreaks]},
        "players": [
            {
                "start_rank": r.start_rank,
                "rank": r.rank,
                "name": r.name,
                "points": _json_value(r.points),
                "tiebreaks": {k: _json_value(v) for k, v in r.tiebreaks.items()},
                "tied": r.tied,
            }
            for r in s.rows
        ],
        "tied": [list(group) for group in s.tied],
        "notes": list(s.notes),
    }


def render_standings_json(s: Standings, path: str | None = None) -> str:
    return json.dumps(standings_data(s, path), indent=2, ensure_ascii=False) + "\n"


def _codes(s: Standings) -> list[str]:
    return [tb.text or tb.code for tb in s.tiebreaks]


def render_standings_text(s: Standings, ascii: bool = False) -> str:
    codes = _codes(s)
    lines = [
        f"Standings: {clean(s.name or '(no name)', ascii)}",
        f"Tie-break rules: {s.edition.title} ({s.edition.name}; {s.edition_source})",
        _source(s)[0].upper() + _source(s)[1:],
        "",
    ]
    rows = [["Rk", "SNo", "Name", "Pts", *codes]]
    for r in s.rows:
        rows.append(
            [
                f"{r.rank}{'=' if r.tied else ''}",
                str(r.start_rank),
                clean(r.name, ascii),
                value_text(r.points),
                *(value_text(r.tiebreaks[c]) for c in codes),
            ]
        )
    lines += table(rows, [True, True, False, True, *([True] * len(codes))])
    if s.tied:
        lines += ["", still_tied(s.tiebreaks, "points", "starting ranks", s.tied)]
    lines += [f"Note: {clean(n, ascii)}" for n in s.notes]
    return "\n".join(lines) + "\n"


def still_tied(
    tiebreaks: Sequence[object], score: str, numbers: str, tied: Sequence[Sequence[int]]
) -> str:
    """The line naming the groups left tied: after the last tie-break, or,
    with none declared or given, on the score alone.

    >>> still_tied([], "points", "starting ranks", [(1, 3), (4, 5)])
    'Still tied on points (no tie-breaks; starting ranks): 1, 3; 4, 5'
    """
    after = "after the last tie-break (" if tiebreaks else f"on {score} (no tie-breaks; "
    return f"Still tied {after}{numbers}): " + "; ".join(", ".join(map(str, g)) for g in tied)


def render_standings_csv(s: Standings, path: str | None = None) -> str:
    codes = _codes(s)
    head = ["rank", "start_rank", "name", "points", "tied", *codes]
    rows = [
        [
            str(r.rank),
            str(r.start_rank),
            csv_text(r.name),
            value_text(r.points),
            "true" if r.tied else "false",
            *(value_text(r.tiebreaks[c], "") for c in codes),
        ]
        for r in s.rows
    ]
    return csv_document([head, *rows])


def render_standings_html(s: Standings) -> str:
    """One self-contained page: inline CSS, everything from the file escaped."""
    codes = _codes(s)
    e = html.escape
    head = "".join(f'<th class="num">{e(c)}</th>' for c in codes)
    body = []
    for r in s.rows:
        values = "".join(f'<td class="num">{e(value_text(r.tiebreaks[c]))}</td>' for c in codes)
        body.append(
            f'<tr{" class=tied" if r.tied else ""}><td class="num">{r.rank}{"=" if r.tied else ""}</td>'
            f'<td class="num">{r.start_rank}</td><td>{e(r.name)}</td>'
            f'<td class="num">{e(value_text(r.points))}</td>{values}</tr>'
        )
    return standings_page(
        title=s.name or "Standings",
        schema=STANDINGS_SCHEMA,
        kind="standings",
        intro=[
            f"Tie-break rules: {s.edition.title} ({s.edition.name}; {s.edition_source})",
            _source(s),
        ],
        head='<th class="num">Rk</th><th class="num">SNo</th><th>Name</th>'
        f'<th class="num">Pts</th>{head}',
        body=body,
        tied=still_tied(s.tiebreaks, "points", "starting ranks", s.tied) if s.tied else "",
        notes=s.notes,
    )


def standings_page(
    *,
    title: str,
    schema: str,
    kind: str,
    intro: list[str],
    head: str,
    body: list[str],
    tied: str,
    notes: tuple[str, ...],
) -> str:
    """A standings page: ``intro`` lines and ``tied`` (text, escaped here),
    ``head`` and ``body`` (rows of HTML, already escaped)."""
    e = html.escape
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="generator" content="trfkit ({e(schema)})">\n'
        f"<title>{e(title)} · {e(kind)}</title>\n<style>\n"
        "body { font: 13px/1.35 system-ui, sans-serif; margin: 16px; }\n"
        "table { border-collapse: collapse; } th, td { border: 1px solid #c9c9c9; padding: 2px 6px; }\n"
        "th { background: #efece2; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
        "tr.tied td { background: #fbf3d5; }\n</style>\n</head>\n<body>\n"
        f"<h1>{e(title)}: {e(kind)}</h1>\n"
        f"<p>{'<br>'.join(e(x) for x in intro)}</p>\n"
        f"<table><thead><tr>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + "\n</tbody></table>\n"
        + (f"<p>{e(tied)}</p>" if tied else "")
        + ("<ul>" + "".join(f"<li>{e(n)}</li>" for n in notes) + "</ul>" if notes else "")
        + "\n</body>\n</html>\n"
    )
