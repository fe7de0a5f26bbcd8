"""The teams' standings document (``trfkit standings`` of a team event) in
text, JSON (``trfkit.team-standings/1``), CSV and HTML.

As in the players' standings, an undefined tie-break is ``null`` in JSON,
empty in CSV and ``-`` in text and HTML, never 0, and teams still tied after
the last tie-break share a rank, marked ``=`` (``tied`` in JSON and CSV).
Each team's rounds are shown as the book of FIDE's tie-break exercises
writes them: the opponent's number and the game points scored (``8:2.5``),
``+F``/``-F`` for a forfeited match, ``PAB``, ``FPB``, ``HPB``, ``ZPB``; a
match paired and not played yet (a file written during the round) is
``8:paired``, with no points (``null`` in JSON).
"""

from __future__ import annotations

import html
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

from trfkit.report.format import clean, csv_document, csv_text, json_number, table
from trfkit.report.standings import source_text, standings_page, still_tied
from trfkit.tiebreaks.standings import value_text
from trfkit.tiebreaks.team import PAIRED, MatchCell, TeamStandings
from trfkit.version import __version__

__all__ = [
    "TEAM_STANDINGS_SCHEMA",
    "render_team_standings_csv",
    "render_team_standings_html",
    "render_team_standings_json",
    "render_team_standings_text",
    "round_text",
    "team_standings_data",
]

TEAM_STANDINGS_SCHEMA = "trfkit.team-standings/1"
_BYES = {"U": "PAB", "F": "FPB", "H": "HPB", "Z": "ZPB"}
_KINDS = {
    "P": "played",
    "W": "forfeit win",
    "L": "forfeit loss",
    "U": "pairing-allocated bye",
    "F": "full-point bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
    PAIRED: "paired, not played",
}


def _json_value(v: Decimal | int | None) -> int | float | None:
    if v is None:
        return None
    return json_number(Fraction(v) if isinstance(v, Decimal) else v)


def round_text(c: MatchCell) -> str:
    """``8:2.5`` (opponent 8, 2½ game points), ``6:+F``, ``PAB``, ``3:paired`` ..."""
    if c.opponent is None:
        return _BYES.get(c.kind, c.kind)
    if c.kind == "W":
        return f"{c.opponent}:+F"
    if c.kind == "L":
        return f"{c.opponent}:-F"
    if c.kind == PAIRED:
        # No result yet: no game points to show, and none counted.
        return f"{c.opponent}:paired"
    return f"{c.opponent}:{value_text(c.game_points).removesuffix('.0')}"


def _source(s: TeamStandings) -> str:
    return source_text(s.source, s.tiebreaks, s.primary)


def _score_name(s: TeamStandings) -> str:
    return "match points" if s.primary == "MP" else "game points"


def _score(s: TeamStandings) -> str:
    name = _score_name(s)
    boards = "1 board" if s.boards == 1 else f"{s.boards} boards"
    return f"Ranked by {name} ({s.primary}; {s.primary_source}), {boards}"


def team_standings_data(s: TeamStandings, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.team-standings/1`` document as Python data."""
    return {
        "schema": TEAM_STANDINGS_SCHEMA,
        "trfkit": __version__,
        "path": path,
        "tournament": s.name,
        "edition": {"name": s.edition.name, "title": s.edition.title, "source": s.edition_source},
        "primary": {"score": s.primary, "source": s.primary_source},
        "boards": s.boards,
        "tiebreaks": {"source": s.source, "codes": [tb.text or tb.code for tb in s.tiebreaks]},
        "teams": [
            {
                "number": r.number,
                "rank": r.rank,
                "name": r.name,
                "match_points": _json_value(r.match_points),
                "game_points": _json_value(r.game_points),
                "tiebreaks": {k: _json_value(v) for k, v in r.tiebreaks.items()},
                "tied": r.tied,
                "rounds": [
                    {
                        "opponent": c.opponent,
                        "kind": _KINDS.get(c.kind, c.kind),
                        # A match not played yet has no result: no points (null).
                        "match_points": None if c.kind == PAIRED else _json_value(c.match_points),
                        "game_points": None if c.kind == PAIRED else _json_value(c.game_points),
                    }
                    for c in r.rounds
                ],
            }
            for r in s.rows
        ],
        "tied": [list(group) for group in s.tied],
        "notes": list(s.notes),
    }


def render_team_standings_json(s: TeamStandings, path: str | None = None) -> str:
    return json.dumps(team_standings_data(s, path), indent=2, ensure_ascii=False) + "\n"


def _codes(s: TeamStandings) -> list[str]:
    return [tb.text or tb.code for tb in s.tiebreaks]


def _round_count(s: TeamStandings) -> int:
    return max((len(r.rounds) for r in s.rows), default=0)


def render_team_standings_text(s: TeamStandings, ascii: bool = False) -> str:
    codes = _codes(s)
    n = _round_count(s)
    lines = [
        f"Team standings: {clean(s.name or '(no name)', ascii)}",
        f"Tie-break rules: {s.edition.title} ({s.edition.name}; {s.edition_source})",
        _score(s),
        _source(s)[0].upper() + _source(s)[1:],
        "",
    ]
    rows = [["Rk", "No", "Team", "MP", "GP", *codes, *(f"R{i + 1}" for i in range(n))]]
    for r in s.rows:
        rows.append(
            [
                f"{r.rank}{'=' if r.tied else ''}",
                str(r.number),
                clean(r.name, ascii),
                value_text(r.match_points),
                value_text(r.game_points),
                *(value_text(r.tiebreaks[c]) for c in codes),
                *(round_text(c) for c in r.rounds),
            ]
        )
    lines += table(rows, [True, True, False, True, True, *([True] * len(codes)), *([True] * n)])
    if s.tied:
        lines += ["", still_tied(s.tiebreaks, _score_name(s), "team numbers", s.tied)]
    lines += [f"Note: {clean(n, ascii)}" for n in s.notes]
    return "\n".join(lines) + "\n"


def render_team_standings_csv(s: TeamStandings, path: str | None = None) -> str:
    codes = _codes(s)
    n = _round_count(s)
    head = [
        "rank", "number", "name", "match_points", "game_points", "tied", *codes,
        *(f"r{i + 1}" for i in range(n)),
    ]  # fmt: skip
    rows = [
        [
            str(r.rank),
            str(r.number),
            csv_text(r.name),
            value_text(r.match_points),
            value_text(r.game_points),
            "true" if r.tied else "false",
            *(value_text(r.tiebreaks[c], "") for c in codes),
            *(round_text(c) for c in r.rounds),
        ]
        for r in s.rows
    ]
    return csv_document([head, *rows])


def render_team_standings_html(s: TeamStandings) -> str:
    """One self-contained page: inline CSS, everything from the file escaped."""
    codes = _codes(s)
    n = _round_count(s)
    e = html.escape
    head = "".join(f'<th class="num">{e(c)}</th>' for c in codes)
    head += "".join(f'<th class="num">R{i + 1}</th>' for i in range(n))
    body = []
    for r in s.rows:
        values = "".join(f'<td class="num">{e(value_text(r.tiebreaks[c]))}</td>' for c in codes)
        values += "".join(f'<td class="num">{e(round_text(c))}</td>' for c in r.rounds)
        body.append(
            f'<tr{" class=tied" if r.tied else ""}><td class="num">{r.rank}{"=" if r.tied else ""}</td>'
            f'<td class="num">{r.number}</td><td>{e(r.name)}</td>'
            f'<td class="num">{e(value_text(r.match_points))}</td>'
            f'<td class="num">{e(value_text(r.game_points))}</td>{values}</tr>'
        )
    return standings_page(
        title=s.name or "Team standings",
        schema=TEAM_STANDINGS_SCHEMA,
        kind="team standings",
        intro=[
            f"Tie-break rules: {s.edition.title} ({s.edition.name}; {s.edition_source})",
            _score(s),
            _source(s),
        ],
        head='<th class="num">Rk</th><th class="num">No</th><th>Team</th>'
        f'<th class="num">MP</th><th class="num">GP</th>{head}',
        body=body,
        tied=still_tied(s.tiebreaks, _score_name(s), "team numbers", s.tied) if s.tied else "",
        notes=s.notes,
    )
