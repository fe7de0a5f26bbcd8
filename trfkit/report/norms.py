"""Form 4's norm parts: the title-norm table (4c) and the certificates of
title result (4b), from a :class:`~trfkit.titlenorms.NormReport`.

Two documents, each in the formats of the registry (:mod:`trfkit.report.registry`):

* ``norms``: the table, one row per player and title whose result is a
  norm (or, under an edition whose required points are not established,
  could be one), then every such verdict's requirements; text, HTML, CSV,
  and JSON ``trfkit.norms/1`` with every player's verdicts;
* ``certificates``: one certificate per player whose result is a norm, as
  the Chief Arbiter signs it; text, HTML, CSV (a row per game) and JSON
  (the norms document, which holds their data).

Each takes a :class:`~trfkit.model.Tournament` or a norm report
(:func:`as_report`), so that ``trfkit report --form 4`` can join them.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from trfkit.dates import parse_date
from trfkit.model import Tournament
from trfkit.report.format import clean, csv_document, csv_text, decimal, ljust, score_text, table
from trfkit.report.formparts import federation_text
from trfkit.report.rating import split_name
from trfkit.rules.titles import NORM_TITLES
from trfkit.titlenorms import NormReport, PlayerNorms, Verdict, norms
from trfkit.version import __version__

__all__ = [
    "CERTIFICATE_COLUMNS",
    "NORMS_SCHEMA",
    "TABLE_COLUMNS",
    "as_report",
    "left_out_lines",
    "norms_data",
    "render_certificates_csv",
    "render_certificates_html",
    "render_certificates_text",
    "render_norms_csv",
    "render_norms_html",
    "render_norms_json",
    "render_norms_text",
    "table_rows",
]

NORMS_SCHEMA = "trfkit.norms/1"

TABLE_COLUMNS = (
    "Name and ID", "norm", "FED", "N", "nf", "hfp", "ffp", "rp", "urp", "gm", "im", "fm",
    "wgm", "wim", "wfm", "Rating", "Ra", "Cat", "req. pts", "ach. pts", "Rc", "Rp",
)  # fmt: skip
"""Form 4's title-norm table, with the norm's title added (one row per title)."""

LEGEND = (
    "FED = the player's federation; N = games used; nf = federations among the "
    "player and the opponents (the player's included, FID none); hfp = players of "
    "the player's federation (the player included); ffp = opponents of other "
    "federations; rp / urp = rated / unrated opponents; gm ... wfm = opponents "
    "holding the title (one per game); Rating = the player's rating; Ra = the "
    "rating average of the norm (2024: the opponents after §1.4.6; 2003: the player "
    "and the opponents); Cat = category (2003 rules only); req. pts = points the "
    "norm requires; ach. pts = points achieved; Rc = the opponents' average as "
    "listed (unrated at the edition's value, no floor); Rp = performance rating."
)

_TABLE_SIZE = 30
"""Up to this many players, the text lists every player's verdicts."""


def rules_source_text(r: NormReport) -> str:
    """How the title regulations' edition was chosen, and, for one not in
    force at the start, that it was not (§1.5.4: a title result is judged by
    the rules in force when it was obtained): said on the table's head and
    on each certificate, as a rating report's head says it
    (:func:`trfkit.event.not_in_force`). JSON keeps the two apart
    (``source``, ``in_force``)."""
    if r.in_force is not False:
        return r.rules_source
    span = f"from {r.rules.effective.isoformat()}"
    if r.rules.until is not None:
        span += f" to {r.rules.until.isoformat()}"
    when = r.start.isoformat() if r.start else "unknown"
    return (
        f"{r.rules_source}; NOT IN FORCE at the start {when}: {r.rules.name} governs "
        f"norms of events {span}"
    )


def as_report(document: Tournament | NormReport) -> NormReport:
    """A norm report, made with the file's own rules when given a tournament."""
    return document if isinstance(document, NormReport) else norms(document)


def _listed(report: NormReport) -> list[tuple[PlayerNorms, Verdict]]:
    """The rows of the table: norms, and under an edition that cannot say
    (required points not established) results that fail no requirement."""
    rows = [(p, v) for p, vs in report.holders for v in vs]
    if report.rules.modelled and report.rules.required_points:
        rows = [
            (p, v) for p in report.players for v in p.norms if v.achieved is None and not v.failed
        ]
    return rows


def _pts(x: Decimal | Fraction | None) -> str:
    """Points in a table or a sentence: 5, 5.5."""
    return "" if x is None else decimal(Fraction(x), 2)


def _n(x: int | None) -> str:
    return "" if x is None else str(x)


def _counts(p: PlayerNorms, v: Verdict) -> list[int]:
    """nf, hfp, ffp, rp, urp and the title counts of Form 4's table."""
    feds = {g.federation for g in v.used if g.federation and g.federation != "FID"}
    if p.federation:
        feds.add(p.federation)
    home = sum(1 for g in v.used if g.federation == p.federation)
    rated = sum(1 for g in v.used if g.rating)
    titles = [
        sum(1 for g in v.used if g.title == t) for t in ("GM", "IM", "FM", "WGM", "WIM", "WFM")
    ]
    return [len(feds), home + 1, len(v.used) - home, rated, len(v.used) - rated, *titles]


def table_rows(report: NormReport) -> list[list[str]]:
    """Form 4(c) rows, as text."""
    rows = []
    for p, v in _listed(report):
        req = _pts(v.required_points) if report.rules.required_points is None else "n/a"
        rows.append([
            f"{p.name} {p.fide_id or ''}".strip(), v.title, p.federation, str(v.games),
            *map(str, _counts(p, v)), _n(p.rating), _n(v.ra), _n(v.category), req,
            _pts(v.points), _n(v.rc), _n(v.rp),
        ])  # fmt: skip
    return rows


def _player_federation(code: str) -> str:
    """A player's federation in a line of text: its code, ``?`` where there
    is none, and a code that is no FIDE federation (a club's) said so."""
    if not code:
        return "?"
    return code if federation_text(code) == code else f"no federation ({code!r}, S114)"


def _head(report: NormReport) -> list[tuple[str, str]]:
    r = report
    fields = [
        ("Event", r.tournament),
        ("City", r.city),
        ("Federation", federation_text(r.federation) or "not given"),
        ("Start", r.start.isoformat() if r.start else ""),
        ("Close", r.end.isoformat() if r.end else ""),
        ("Rounds", str(r.rounds)),
        ("Type", r.type),
        ("Rules", f"{r.rules.name}: {r.rules.title} ({rules_source_text(r)})"),
    ]
    if r.exemption:
        fields.append(("Exemption declared", f"§{r.exemption}"))
    if r.games_exception:
        fields.append(("Event declared", f"§1.4.1b {r.games_exception}"))
    return fields


def _report_notes(report: NormReport) -> list[str]:
    """The report's notes, and the readings of the rules when a result in
    the table rests on them."""
    notes = list(report.notes)
    if report.rules.modelled and _listed(report):
        notes += [f"Reading: {x}" for x in report.rules.readings]
    return notes


def _requirement_lines(v: Verdict, ascii: bool) -> list[str]:
    mark = {True: "pass", False: "FAIL", None: "not modelled"}
    rows = [
        [r.section, r.text, clean(r.value, ascii), r.required, mark[r.passed]]
        for r in v.requirements
    ]
    return ["    " + line for line in table(rows, [False, False, False, False, False])]


def _verdict_head(p: PlayerNorms, v: Verdict) -> str:
    state = {True: "NORM", False: "no norm", None: "not modelled"}[v.achieved]
    bits = [f"{v.title}: {state}", f"{_pts(v.points)}/{v.games}"]
    if v.ra is not None:
        bits.append(f"Ra {v.ra}")
    if v.rp is not None:
        bits.append(f"Rp {v.rp}")
    if v.credited_games is not None and v.credited_games != v.games:
        bits.append(f"counts as {v.credited_games} games")
    if v.extra_games:
        bits.append(f"{v.extra_games} extra game{'s' * (v.extra_games > 1)} (§1.4.1d)")
    return ", ".join(bits)


def left_out_lines(v: Verdict) -> list[str]:
    """The rounds not used, consecutive rounds with the same reason together."""
    out: list[str] = []
    runs: list[tuple[int, int, str]] = []
    for rnd, why in v.left_out:
        if runs and runs[-1][2] == why and runs[-1][1] == rnd - 1:
            runs[-1] = (runs[-1][0], rnd, why)
        else:
            runs.append((rnd, rnd, why))
    for first, last, why in runs:
        span = f"round {first}" if first == last else f"rounds {first}-{last}"
        out.append(f"{span} not used: {why}")
    return out


def _verdict_lines(p: PlayerNorms, v: Verdict, ascii: bool) -> list[str]:
    out = ["  " + _verdict_head(p, v), *_requirement_lines(v, ascii)]
    used = ", ".join(f"{g.round}:{g.opponent}" for g in v.used)
    out.append(f"    games used (round:opponent): {used or 'none'}")
    out += [f"    {line}" for line in left_out_lines(v)]
    out += [f"    note: {n}" for n in v.notes]
    return out


def _too_few(p: PlayerNorms) -> str | None:
    """One line for a player whose every verdict fails on the games alone."""
    vs = p.norms
    games = [v.requirement("games") for v in vs]
    if not vs or any(g is None or g.passed is not False for g in games):
        return None
    g = games[0]
    assert g is not None
    titles = ", ".join(v.title for v in vs)
    word = "game" if g.value == "1" else "games"
    need = g.required.lstrip("≥ ")
    notes = dict.fromkeys(n for v in vs for n in v.notes)  # each once, in order
    return "\n".join(
        [f"  {titles}: no norm: {g.value} {word} over the board, {need} needed ({g.section})"]
        + [f"  note: {n}" for n in notes]
    )


def render_norms_text(report: NormReport, *, ascii: bool = False) -> str:
    """The table, then each listed verdict's requirements; small events
    (up to 30 players) list every player's verdicts."""
    r = report
    out = [f"Title norms: {r.rules.reference}", ""]
    out += [f"{k}: {clean(v, ascii)}" for k, v in _head(r)]
    out.append("")
    listed = _listed(r)
    undecided = r.rules.required_points  # the 2003 text: no table of points
    if listed:
        rows = [list(TABLE_COLUMNS), *([clean(c, ascii) for c in row] for row in table_rows(r))]
        out += table(rows, [False, False, False, *[True] * 19])
        if undecided:
            out.append(
                f"These results meet every requirement of {r.rules.name} but the points; "
                f"whether they are norms is not modelled: {undecided}."
            )
    elif not r.rules.modelled:
        out.append(f"Norms under {r.rules.name}: not modelled ({r.rules.why_not_modelled}).")
    elif undecided:
        out.append(
            f"No player meets the requirements of {r.rules.name} besides the points "
            f"(games, rated, title holders, foreign players, federations); {undecided}."
        )
    else:
        out.append(f"No title norm among the {len(r.players)} players.")
    out.append("")
    small = len(r.players) <= _TABLE_SIZE
    if small:
        players: Sequence[PlayerNorms] = r.players
    elif undecided:
        players = list(dict.fromkeys(p for p, _ in listed))
    else:
        players = [p for p, _ in r.holders]
    achieved: dict[int, list[Verdict]] = {}
    for p, v in listed:
        achieved.setdefault(p.start_rank, []).append(v)
    if r.rules.modelled:
        for p in players:
            out.append(
                f"{p.start_rank} {clean(p.name, ascii)} ({_player_federation(p.federation)}, {p.rating or 'unrated'})"
            )
            out += [f"  note: {n}" for n in p.notes]
            few = _too_few(p) if len(r.players) <= _TABLE_SIZE else None
            if few is not None:
                out += [few, ""]
                continue
            # A big event: the norms only (the JSON has every verdict).
            for v in p.norms if small else achieved[p.start_rank]:
                out += _verdict_lines(p, v, ascii)
            out.append("")
        if not small:
            out.append(
                f"{len(r.players) - len(players)} other players: "
                + ("a requirement not met" if undecided else "no norm")
                + " (--format json lists every player's verdicts)."
            )
            out.append("")
    notes = _report_notes(r)
    if notes:
        out.append("Notes:")
        out += [f"- {n}" for n in notes]
        out.append("")
    if listed:
        out.append(LEGEND)
    return "\n".join(out).rstrip() + "\n"


def render_norms_csv(report: NormReport) -> str:
    """The table as CSV: one header line, one row per listed verdict."""
    header = [c.lower().replace(" ", "_").replace(".", "") for c in TABLE_COLUMNS]
    return csv_document([header, *([csv_text(c) for c in row] for row in table_rows(report))])


# --- JSON ---------------------------------------------------------------------


def _number(x: Decimal | Fraction | None) -> int | float | None:
    if x is None:
        return None
    f = Fraction(x)
    return int(f) if f.denominator == 1 else float(f)


def verdict_data(v: Verdict) -> dict[str, Any]:
    return {
        "title": v.title,
        "achieved": v.achieved,
        "performance": v.performance,
        "games": v.games,
        "credited_games": v.credited_games,
        "extra_games": v.extra_games,
        "points": _number(v.points),
        "percentage": v.percentage,
        "ra": v.ra,
        "rc": v.rc,
        "rp": v.rp,
        "category": v.category,
        "required_points": _number(v.required_points),
        "requirements": [
            {
                "name": r.name,
                "section": r.section,
                "text": r.text,
                "value": r.value,
                "required": r.required,
                "passed": r.passed,
            }
            for r in v.requirements
        ],
        "games_used": [
            {
                "round": g.round,
                "opponent": g.opponent,
                "name": g.name,
                "federation": g.federation,
                "title": g.title or None,
                "rating": g.rating,
                "rating_used": g.rating_used,
                "raised": g.raised,
                "points": _number(g.points),
            }
            for g in v.used
        ],
        "left_out": [{"round": rnd, "why": why} for rnd, why in v.left_out],
        "notes": list(v.notes),
    }


def _players(report: NormReport) -> Iterator[dict[str, Any]]:
    for p in report.players:
        yield {
            "start_rank": p.start_rank,
            "name": p.name,
            "fide_id": p.fide_id,
            "title": p.title or None,
            "federation": p.federation,
            "rating": p.rating,
            "sex": p.sex or None,
            "notes": list(p.notes),
            "norms": [verdict_data(v) for v in p.norms],
        }


def norms_data(report: NormReport, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.norms/1`` document."""
    r = report
    data: dict[str, Any] = {"schema": NORMS_SCHEMA, "trfkit": __version__}
    if path is not None:
        data["path"] = path
    data.update({
        "rules": {
            "name": r.rules.name,
            "title": r.rules.title,
            "reference": r.rules.reference,
            "source": r.rules_source,
            "in_force": r.in_force,
            "modelled": r.rules.modelled,
            "readings": list(r.rules.readings),
        },
        "tournament": {
            "name": r.tournament,
            "city": r.city,
            "federation": r.federation,
            "start": r.start.isoformat() if r.start else None,
            "end": r.end.isoformat() if r.end else None,
            "chief_arbiter": r.chief_arbiter,
            "rounds": r.rounds,
            "type": r.type,
        },
        "exemption": r.exemption,
        "games_exception": r.games_exception,
        "notes": list(r.notes),
        "holders": [
            {"start_rank": p.start_rank, "titles": [v.title for v in vs]} for p, vs in r.holders
        ],
        "players": list(_players(r)),
    })  # fmt: skip
    return data


def render_norms_json(report: NormReport, path: str | None = None) -> str:
    return json.dumps(norms_data(report, path), indent=2, ensure_ascii=False) + "\n"


# --- certificates (Form 4b) -------------------------------------------------------


def _certificates(report: NormReport) -> list[tuple[PlayerNorms, list[Verdict]]]:
    """One certificate per player and set of games: the titles whose norms
    use the same games share one (the form's boxes), others get their own."""
    out: list[tuple[PlayerNorms, list[Verdict]]] = []
    for p, vs in report.holders:
        groups: dict[tuple[int, ...], list[Verdict]] = {}
        for v in vs:
            groups.setdefault(tuple(g.round for g in v.used), []).append(v)
        out += [(p, group) for group in groups.values()]
    return out


_SEX_WORDS = {"m": "male", "w": "female"}
"""TRF16 001 column 10's letters, as the certificate (an English form sent to
FIDE) says them: "w" is German's weiblich, not a letter an English reader knows."""


def _birth_date(p: PlayerNorms) -> str:
    """As Form 2 prints it: ISO 8601 where the file's text is a whole date
    (1990/01/01 → 1990-01-01), else as written (a year alone, 1987/00/00)."""
    d = parse_date(p.birth_date)
    return d.date.isoformat() if d.date is not None else d.text


def _certificate_fields(report: NormReport, p: PlayerNorms) -> list[tuple[str, str]]:
    family, first = split_name(p.name)
    return [
        ("Name", family),
        ("First Name", first),
        ("Sex", _SEX_WORDS.get(p.sex, p.sex)),
        ("FIDE ID", str(p.fide_id or "")),
        ("Federation", federation_text(p.federation)),
        ("Date of Birth", _birth_date(p)),
        ("Place of Birth", ""),
        ("Event", report.tournament),
        ("Start", report.start.isoformat() if report.start else ""),
        ("Close", report.end.isoformat() if report.end else ""),
        ("City", report.city),
        ("Country", federation_text(report.federation)),
    ]


def _certificate_rows(v: Verdict) -> list[list[str]]:
    rows = []
    for g in v.used:
        rating = str(g.rating) if g.rating else "unrated"
        if g.rating_used != (g.rating or 0):
            rating += f" ({g.rating_used})"
        rows.append(
            [str(g.round), g.name, g.federation, rating, g.title, score_text(Fraction(g.points))]
        )
    return rows


def _norm_lines(report: NormReport, vs: Sequence[Verdict]) -> list[str]:
    v = vs[0]
    lines = []
    for t in NORM_TITLES:
        mine = next((x for x in vs if x.title == t), None)
        if mine is not None:
            lines.append(
                f"{t} Norm: {_pts(mine.points)} pts (required {_pts(mine.required_points)}), "
                f"Ra = {mine.ra}, Rp = {mine.rp}"
            )
    unrated = report.rules.unrated_rating
    lines.append(
        f"N = {v.games}"
        + (f", counted as {v.credited_games} games" if v.credited_games != v.games else "")
        + f"; Total: {_pts(v.points)}"
    )
    lines.append(
        f"Unrated = {unrated}; Score = 1, ½, 0; Ra = average rating of the opponents "
        f"({report.rules.reference} §1.4.6-1.4.7); a rating in brackets is the one "
        f"counted for the {v.title} norm (unrated, or raised to its floor, §1.4.6b-d); "
        "each norm's Ra uses its own floor"
    )
    if report.in_force is False:  # §1.5.4: said on the certificate an arbiter signs
        lines.append(f"Rules: {report.rules.name} ({rules_source_text(report)})")
    return lines


CERTIFICATE_COLUMNS = (
    "start_rank", "name", "fide_id", "federation", "titles", "round", "opponent",
    "opponent_name", "opponent_federation", "opponent_rating", "rating_counted",
    "opponent_title", "score",
)  # fmt: skip
"""Form 4(b) as CSV: one row per certificate and game (for a mail merge)."""


def render_certificates_csv(report: NormReport) -> str:
    rows: list[list[str]] = [list(CERTIFICATE_COLUMNS)]
    for p, vs in _certificates(report):
        titles = " ".join(v.title for v in vs)
        for g in vs[0].used:
            rows.append([
                str(p.start_rank), csv_text(p.name), str(p.fide_id or ""), p.federation, titles,
                str(g.round), str(g.opponent), csv_text(g.name), g.federation,
                str(g.rating or ""), str(g.rating_used), g.title, _pts(g.points),
            ])  # fmt: skip
    return csv_document(rows)


def render_certificates_text(report: NormReport, *, ascii: bool = False) -> str:
    """Form 4(b): one certificate per player whose result is a norm."""
    certs = _certificates(report)
    if not certs:
        return (
            f"Certificates of title result ({report.rules.reference}): none; no player's "
            "result is a title norm.\n"
        )
    out: list[str] = []
    for p, vs in certs:
        boxes = "   ".join(
            f"[{'x' if any(v.title == t for v in vs) else ' '}] {t}" for t in NORM_TITLES
        )
        out += ["Certificate of Title Result", "", boxes, ""]
        out += [f"{ljust(k + ':', 16)}{clean(v, ascii)}" for k, v in _certificate_fields(report, p)]
        out.append("")
        rows = [["Rd", "Opponent", "Fed", "Rating", "Title", "Score"], *_certificate_rows(vs[0])]
        out += table(
            [[clean(c, ascii) for c in r] for r in rows], [True, False, False, True, False, True]
        )
        out += left_out_lines(vs[0])
        out.append("")
        out += [clean(line, ascii) for line in _norm_lines(report, vs)]
        out += [
            "",
            f"Chief Arbiter: {clean(report.chief_arbiter, ascii) or '______________________'}"
            "    Date: ____________",
            "Signature: ______________________________",
            "",
            "Federation Official, Name in Print: ______________________________",
            "Signature: ______________________________",
            "",
            "\f" if ascii else "",
        ]
    return "\n".join(out).rstrip("\f\n") + "\n"


_CSS = """
@page { size: A4 portrait; margin: 14mm; }
body { font: 12px/1.35 system-ui, "DejaVu Sans", sans-serif; color: #111; margin: 16px; }
h1 { font-size: 1.2em; margin: 0 0 .6em; }
table { border-collapse: collapse; margin: .4em 0; }
th, td { border: 1px solid #888; padding: 2px 5px; text-align: left; white-space: nowrap; }
thead th { background: #efece2; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.fail { color: #a3121b; font-weight: 600; }
dl.head { display: grid; grid-template-columns: repeat(auto-fill, minmax(14em, 1fr)); gap: 0; border: 1px solid #444; }
dl.head div { border: 1px solid #ccc; padding: 2px 6px; }
dl.head dt { font-size: .75em; text-transform: uppercase; color: #555; }
dl.head dd { margin: 0; min-height: 1.2em; }
section.cert { break-after: page; margin-bottom: 2em; }
.sign { display: grid; grid-template-columns: 1fr 1fr; gap: 2em; margin-top: 2em; }
.sign div { border-top: 1px solid #111; padding-top: 3px; font-size: .85em; }
.legend, .notes { font-size: .85em; }
"""


def _page(title: str, body: list[str]) -> str:
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="generator" content="trfkit ({NORMS_SCHEMA})">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _dl(fields: Sequence[tuple[str, str]]) -> str:
    items = "".join(
        f"<div><dt>{html.escape(k)}</dt><dd>{html.escape(v)}</dd></div>" for k, v in fields
    )
    return f'<dl class="head">{items}</dl>'


def _html_table(header: Sequence[str], rows: Sequence[Sequence[str]], numeric: set[int]) -> str:
    def cls(i: int) -> str:
        return ' class="num"' if i in numeric else ""

    head = "".join(f"<th{cls(i)}>{html.escape(h)}</th>" for i, h in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{html.escape(c)}</td>" for i, c in enumerate(r)) + "</tr>"
        for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_norms_html(report: NormReport) -> str:
    """The table and the listed verdicts on one self-contained page (A4,
    the table's header repeated on every printed page)."""
    r = report
    title = f"{r.tournament or 'Tournament'} · title norms"
    body = [f"<h1>Title norms: {html.escape(r.rules.reference)}</h1>", _dl(_head(r))]
    rows = table_rows(r)
    if rows:
        body.append(_html_table(TABLE_COLUMNS, rows, set(range(3, 22))))
        body.append(f'<p class="legend">{html.escape(LEGEND)}</p>')
    elif r.rules.modelled:
        body.append(f"<p>No title norm among the {len(r.players)} players.</p>")
    for p, v in _listed(r):
        body.append(
            f"<h2>{html.escape(f'{p.start_rank} {p.name}')}: {html.escape(_verdict_head(p, v))}</h2>"
        )
        req_rows = [
            [q.section, q.text, q.value, q.required,
             {True: "pass", False: "FAIL", None: "not modelled"}[q.passed]]
            for q in v.requirements
        ]  # fmt: skip
        body.append(
            _html_table(["section", "requirement", "value", "required", ""], req_rows, set())
        )
    notes = _report_notes(r)
    if notes:
        body.append(
            '<ul class="notes">' + "".join(f"<li>{html.escape(n)}</li>" for n in notes) + "</ul>"
        )
    return _page(title, body)


def render_certificates_html(report: NormReport) -> str:
    """Form 4(b), one A4 page per certificate, with signature blocks."""
    body: list[str] = []
    for p, vs in _certificates(report):
        boxes = " ".join(
            f"{'☒' if any(v.title == t for v in vs) else '☐'} {t}" for t in NORM_TITLES
        )
        rows = _certificate_rows(vs[0])
        left = [f"<p>{html.escape(line)}</p>" for line in left_out_lines(vs[0])]
        lines = "".join(f"<p>{html.escape(x)}</p>" for x in _norm_lines(report, vs))
        body.append(
            '<section class="cert"><h1>Certificate of Title Result</h1>'
            f"<p>{boxes}</p>{_dl(_certificate_fields(report, p))}"
            + _html_table(["Rd", "Opponent", "Fed", "Rating", "Title", "Score"], rows, {0, 3, 5})
            + "".join(left)
            + lines
            + f'<div class="sign"><div>Chief Arbiter {html.escape(report.chief_arbiter)}, signature</div><div>Date</div>'
            "<div>Federation Official, name in print</div><div>Signature</div></div></section>"
        )
    if not body:
        body.append(
            f"<p>Certificates of title result ({html.escape(report.rules.reference)}): none; "
            "no player's result is a title norm.</p>"
        )
    return _page(f"{report.tournament or 'Tournament'} · certificates of title result", body)
