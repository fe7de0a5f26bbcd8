"""One registry of documents × formats: what a command writes, in one place.

A document (``form1``, ``form2``, ``form3``, ``summary`` (Form 4 (a)),
``period``, the norms, standings, ``pairings`` and ``pair``) in a format (``text``, ``csv``, ``json``, ``jsonl``, ``html``) is one
:class:`Output`: how one file's document is rendered (in the worker that
made it, so only text crosses back), what is written as each file arrives,
and how the outputs of many files are joined at the end, or that the format
takes one file only. The command line looks an output up and never
dispatches on a format itself.

>>> sorted(f for d, f in OUTPUTS if d == "form3")
['csv', 'html', 'json', 'jsonl', 'text']
>>> OUTPUTS["form3", "html"].one_file_only
'--format html makes one page per tournament: rate one file at a time'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import attrs

from trfkit.model import Tournament
from trfkit.report import form1, form2, forms, summary
from trfkit.report import rating as form3

if TYPE_CHECKING:
    from trfkit.checks.files import CheckedFile, Unreadable
    from trfkit.rating.model import RatingReport
    from trfkit.rating.period import PeriodReport
    from trfkit.report.pairings import PairDocument, PairingsDocument
    from trfkit.tiebreaks import Standings
    from trfkit.tiebreaks.team import TeamStandings
    from trfkit.titlenorms import NormReport

    Checked = Sequence[CheckedFile | Unreadable]
    """``trfkit check``'s document: every file's findings, in input order."""

D = TypeVar("D")
"""The document type an :class:`Output` renders."""

__all__ = [
    "FORM4",
    "FORMS",
    "FORM_DOCUMENTS",
    "OUTPUTS",
    "FormOptions",
    "Output",
    "Piece",
    "RenderOptions",
    "missing_outputs",
    "output",
]


class RenderOptions(NamedTuple):
    """What a renderer needs beside the document."""

    path: str | None
    """The file's path as shown; ``None`` when one file was named (its
    outputs then carry no path column or heading)."""
    ascii: bool = False
    colour: bool = False
    """check's text: colour the severities (a terminal that wants it)."""
    verbose: bool = False
    """check's text: every per-player note, not one line per code."""


class Piece(NamedTuple):
    """One file's rendered document: its text, and for CSV its game rows."""

    path: str
    text: str
    games: str = ""


@attrs.frozen
class Output(Generic[D]):
    """One document (of type ``D``) in one format."""

    document: str
    format: str
    render: Callable[[D, RenderOptions], tuple[str, str]]
    """(text, game rows) of one file's document."""
    stream: Callable[[Piece, bool, bool], str]
    """What to write as a file's piece arrives: (piece, first, single)."""
    finish: Callable[[Sequence[Piece], bool, int], str]
    """What to write once every file is done: (pieces, single, unreadable)."""
    unreadable: Callable[[str, str], tuple[str, str]] | None = None
    """For a file that could not be read: (written now, kept for the end),
    where the format gives such a file a place (JSON)."""
    one_file_only: str = ""
    """Why the format refuses several files ("" when it takes them)."""


def _nothing(*_: object) -> str:
    return ""


def _stream_piece(piece: Piece, first: bool, single: bool) -> str:
    return piece.text


def _stream_single(piece: Piece, first: bool, single: bool) -> str:
    return piece.text if single else ""


def _stream_sections(piece: Piece, first: bool, single: bool) -> str:
    """One file's text as it is; many files' under ``==> path <==`` headings."""
    if single:
        return piece.text
    return ("" if first else "\n") + f"==> {piece.path} <==\n" + piece.text


def _form3_text(report: RatingReport, o: RenderOptions) -> tuple[str, str]:
    return form3.render_rating_text(report, ascii=o.ascii), ""


def _form3_html(report: RatingReport, o: RenderOptions) -> tuple[str, str]:
    return form3.render_rating_html(report), ""


def _form3_json(report: RatingReport, o: RenderOptions) -> tuple[str, str]:
    return form3.render_rating_json(report, o.path), ""


def _form3_jsonl(report: RatingReport, o: RenderOptions) -> tuple[str, str]:
    return json.dumps(form3.rating_data(report, o.path), ensure_ascii=False) + "\n", ""


def _form3_csv(report: RatingReport, o: RenderOptions) -> tuple[str, str]:
    return form3.rating_csv_rows(report, o.path)


def _csv_join(pieces: Sequence[Piece], single: bool, unreadable: int) -> str:
    return form3.join_rating_csv([(p.text, p.games) for p in pieces], path=not single)


def _json_join(pieces: Sequence[Piece], single: bool, unreadable: int) -> str:
    """Many files: the ``trfkit.rate-files/1`` document, each file's
    ``trfkit.rate/1`` (or its ``unreadable`` entry) in input order."""
    from trfkit.report.diagnostics import join_json

    if single:
        return ""
    documents = [p.text for p in pieces]
    summary = {"files": len(documents), "unreadable": unreadable}
    return join_json(documents, summary, form3.RATE_FILES_SCHEMA)


def _unreadable_json(path: str, reason: str) -> tuple[str, str]:
    return "", json.dumps({"path": path, "unreadable": reason}, indent=2, ensure_ascii=False)


def _unreadable_jsonl(path: str, reason: str) -> tuple[str, str]:
    return json.dumps({"path": path, "unreadable": reason}, ensure_ascii=False) + "\n", ""


def _period_text(report: PeriodReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import period

    return period.render_period_text(report, ascii=o.ascii), ""


def _period_json(report: PeriodReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import period

    return period.render_period_json(report), ""


def _period_csv(report: PeriodReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import period

    return period.render_period_csv(report), ""


def _forms(
    document: str,
    text: Callable[..., str],
    json_: Callable[..., str],
    csv: Callable[[D], str],
    html: Callable[[D], str],
) -> tuple[Output[D], ...]:
    """One form's four entries: one file each (a form is one tournament's)."""
    one = f"--format {{}} makes one {document} of one tournament: give one file"

    def render_text(d: D, o: RenderOptions) -> tuple[str, str]:
        return text(d, ascii=o.ascii), ""

    def render_json(d: D, o: RenderOptions) -> tuple[str, str]:
        return json_(d, o.path), ""

    def render_csv(d: D, o: RenderOptions) -> tuple[str, str]:
        return csv(d), ""

    def render_html(d: D, o: RenderOptions) -> tuple[str, str]:
        return html(d), ""

    renders: tuple[tuple[str, Callable[[D, RenderOptions], tuple[str, str]]], ...] = (
        ("text", render_text),
        ("json", render_json),
        ("csv", render_csv),
        ("html", render_html),
    )
    return tuple(
        Output(document, name, render, _stream_piece, _nothing, one_file_only=one.format(name))
        for name, render in renders
    )


class FormOptions(NamedTuple):
    """What building a form's document may take beside the tournament."""

    rules: str = "auto"
    type: str | None = None
    time_control: str | None = None
    remarks: tuple[str, ...] = ()
    """Form 1's remarks from outside the file (a players' list's changes)."""


FORM_DOCUMENTS: dict[str, Callable[[Tournament, FormOptions], Any]] = {
    "form1": lambda t, o: forms.form1_of(t, o.remarks, type=o.type, time_control=o.time_control),
    "form2": lambda t, o: forms.form2_of(t, type=o.type, time_control=o.time_control),
    "summary": lambda t, o: forms.summary_of(t, type=o.type, time_control=o.time_control),
    # Form 4 (b) and (c): the title norms under the Title Regulations in
    # force at the start (the rating rule set of ``o.rules`` is not theirs).
    "certificates": lambda t, o: _title_norms(t, o.type),
    "norms": lambda t, o: _title_norms(t, o.type),
}
"""The forms' documents built from one tournament (``trfkit report``):
name -> the function that builds it. Form 3 is ``trfkit rate``'s report."""


def _title_norms(t: Tournament, type: str | None) -> NormReport:
    from trfkit.titlenorms import norms

    return norms(t, type=type)


FORM4 = ("summary", "certificates", "norms")
"""The documents that make up Form 4, in order: (a) the tournament report
page; then (b) the certificates and (c) the norm table."""

FORMS: dict[str, tuple[str, ...]] = {
    "1": ("form1",),
    "2": ("form2",),
    "3": ("form3",),
    "4": FORM4,
    "summary": ("summary",),
    "all": ("form1", "form2", "form3", *FORM4),
}
"""``trfkit report --form X``: the documents it writes, in order."""


def _standings_text(s: Standings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import standings

    return standings.render_standings_text(s, ascii=o.ascii), ""


def _standings_json(s: Standings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import standings

    return standings.render_standings_json(s, o.path), ""


def _standings_csv(s: Standings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import standings

    return standings.render_standings_csv(s, o.path), ""


def _standings_html(s: Standings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import standings

    return standings.render_standings_html(s), ""


def _norms_text(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_norms_text(norms.as_report(document), ascii=o.ascii), ""


def _norms_html(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_norms_html(norms.as_report(document)), ""


def _norms_json(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_norms_json(norms.as_report(document), o.path), ""


def _norms_csv(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_norms_csv(norms.as_report(document)), ""


def _certificates_text(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_certificates_text(norms.as_report(document), ascii=o.ascii), ""


def _certificates_csv(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_certificates_csv(norms.as_report(document)), ""


def _certificates_html(document: Tournament | NormReport, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import norms

    return norms.render_certificates_html(norms.as_report(document)), ""


def _team_standings_text(s: TeamStandings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import team_standings

    return team_standings.render_team_standings_text(s, ascii=o.ascii), ""


def _team_standings_json(s: TeamStandings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import team_standings

    return team_standings.render_team_standings_json(s, o.path), ""


def _team_standings_csv(s: TeamStandings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import team_standings

    return team_standings.render_team_standings_csv(s, o.path), ""


def _team_standings_html(s: TeamStandings, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import team_standings

    return team_standings.render_team_standings_html(s), ""


def _pairings_text(d: PairingsDocument, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import pairings

    return pairings.render_pairings_text(d, ascii=o.ascii), ""


def _pairings_json(d: PairingsDocument, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import pairings

    return pairings.render_pairings_json(d), ""


def _pairings_html(d: PairingsDocument, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import pairings

    return pairings.render_pairings_html(d), ""


def _pair_text(d: PairDocument, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import pairings

    return pairings.render_pair_text(d, ascii=o.ascii), ""


def _pair_json(d: PairDocument, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import pairings

    return pairings.render_pair_json(d), ""


def _pair_trf(d: PairDocument, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import pairings

    return pairings.render_pair_trf(d), ""


def _check_text(files: Checked, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import diagnostics

    return diagnostics.render_text(files, colour=o.colour, verbose=o.verbose), ""


def _check_json(files: Checked, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import diagnostics

    return diagnostics.render_json(files), ""


def _check_jsonl(files: Checked, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import diagnostics

    return "".join(diagnostics.render_jsonl_line(f) for f in files), ""


def _check_sarif(files: Checked, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import diagnostics
    from trfkit.version import __version__

    return diagnostics.render_sarif(files, tool_version=__version__), ""


def _check_github(files: Checked, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report import diagnostics

    return diagnostics.render_github(files), ""


def _records_text(t: Tournament, o: RenderOptions) -> tuple[str, str]:
    """``trfkit parse``: the records as read, one line each."""
    from trfkit.writer import render

    lines = [
        f"{o.path}: {t.dialect.value}, {len(t.players)} players, {t.number_of_rounds or 0} rounds"
    ]
    lines += [f"  {render(h)}" for h in t.headers]
    for p in t.players:
        games = " ".join(
            f"{g.opponent or 0}{g.colour.value}{g.result.value if g.result else '?'}"
            for g in p.games
        )
        lines.append(
            f"  {p.start_rank:>4} {p.name:<33} {p.rating or '':>4} "
            f"{p.points if p.points is not None else '':>5}  {games}"
        )
    lines += [f"  team {team.name}: {' '.join(str(m) for m in team.members)}" for team in t.teams]
    return "".join(line + "\n" for line in lines), ""


def _records_json(t: Tournament, o: RenderOptions) -> tuple[str, str]:
    from trfkit.report.records import tournament_data

    return json.dumps(tournament_data(t, o.path), ensure_ascii=False, indent=1) + "\n", ""


def _games_join(pieces: Sequence[Piece], single: bool, unreadable: int) -> str:
    return form3.join_rating_csv_games([(p.text, p.games) for p in pieces], path=not single)


_ENTRIES: tuple[Output[Any], ...] = (
    # trfkit check: every file's findings, one document.
    Output("check", "text", _check_text, _stream_piece, _nothing),
    Output("check", "json", _check_json, _stream_piece, _nothing),
    Output("check", "jsonl", _check_jsonl, _stream_piece, _nothing),
    Output("check", "sarif", _check_sarif, _stream_piece, _nothing),
    Output("check", "github", _check_github, _stream_piece, _nothing),
    # trfkit parse: the records as read.
    Output("records", "text", _records_text, _stream_piece, _nothing),
    Output("records", "json", _records_json, _stream_piece, _nothing),
    Output("form3", "text", _form3_text, _stream_sections, _nothing),
    Output(
        "form3", "html", _form3_html, _stream_piece, _nothing,
        one_file_only="--format html makes one page per tournament: rate one file at a time",
    ),
    Output("form3", "json", _form3_json, _stream_single, _json_join, _unreadable_json),
    Output("form3", "jsonl", _form3_jsonl, _stream_piece, _nothing, _unreadable_jsonl),
    Output("form3", "csv", _form3_csv, _nothing, _csv_join),
    # --games-csv: the game rows of Form 3's CSV, whatever the main format.
    Output("form3-games", "csv", _form3_csv, _nothing, _games_join),
    # A rating period is one document made of many files.
    Output("period", "text", _period_text, _stream_piece, _nothing),
    Output("period", "json", _period_json, _stream_piece, _nothing),
    Output("period", "csv", _period_csv, _stream_piece, _nothing),
    # The forms of one tournament (trfkit report).
    *_forms(
        "form1", form1.render_form1_text, form1.render_form1_json,
        form1.render_form1_csv, form1.render_form1_html,
    ),
    *_forms(
        "form2", form2.render_form2_text, form2.render_form2_json,
        form2.render_form2_csv, form2.render_form2_html,
    ),
    *_forms(
        "summary", summary.render_summary_text, summary.render_summary_json,
        summary.render_summary_csv, summary.render_summary_html,
    ),
    # The standings of one tournament (trfkit standings FILE).
    Output("standings", "text", _standings_text, _stream_piece, _nothing),
    Output("standings", "json", _standings_json, _stream_piece, _nothing),
    Output("standings", "csv", _standings_csv, _stream_piece, _nothing),
    Output("standings", "html", _standings_html, _stream_piece, _nothing),
    # Form 4(c) and 4(b): a Tournament or a trfkit.titlenorms.NormReport.
    Output("norms", "text", _norms_text, _stream_piece, _nothing),
    Output("norms", "html", _norms_html, _stream_piece, _nothing),
    Output("norms", "json", _norms_json, _stream_piece, _nothing),
    Output("norms", "csv", _norms_csv, _stream_piece, _nothing),
    Output("certificates", "text", _certificates_text, _stream_piece, _nothing),
    Output("certificates", "html", _certificates_html, _stream_piece, _nothing),
    Output("certificates", "csv", _certificates_csv, _stream_piece, _nothing),
    # The certificates' data is the norms document's (holders, their games).
    Output("certificates", "json", _norms_json, _stream_piece, _nothing),
    # The teams' standings of a team event (trfkit standings FILE --teams).
    Output("team-standings", "text", _team_standings_text, _stream_piece, _nothing),
    Output("team-standings", "json", _team_standings_json, _stream_piece, _nothing),
    Output("team-standings", "csv", _team_standings_csv, _stream_piece, _nothing),
    Output("team-standings", "html", _team_standings_html, _stream_piece, _nothing),
    # A file's rounds against the Dutch System (trfkit pairings), and the
    # next round paired (trfkit pair; trf: the file with its cells added).
    Output("pairings", "text", _pairings_text, _stream_piece, _nothing),
    Output("pairings", "json", _pairings_json, _stream_piece, _nothing),
    Output("pairings", "html", _pairings_html, _stream_piece, _nothing),
    Output("pair", "text", _pair_text, _stream_piece, _nothing),
    Output("pair", "json", _pair_json, _stream_piece, _nothing),
    Output("pair", "trf", _pair_trf, _stream_piece, _nothing),
)  # fmt: skip

OUTPUTS: dict[tuple[str, str], Output[Any]] = {(o.document, o.format): o for o in _ENTRIES}


def output(document: str, format: str) -> Output[Any]:
    """The registry entry of ``document`` in ``format`` (``KeyError`` naming
    the formats the document has, if none)."""
    try:
        return OUTPUTS[document, format]
    except KeyError:
        have = sorted(f for d, f in OUTPUTS if d == document)
        raise KeyError(f"{document} has no {format} output; it has {', '.join(have)}") from None


def missing_outputs() -> list[tuple[str, str, str]]:
    """(command, document, format) for each document × format the one
    table (:data:`trfkit.commands.COMMANDS`) names that has no renderer
    here; empty when the table and the registry agree (a test holds it)."""
    from trfkit.commands import COMMANDS

    return [
        (c.name, d, f)
        for c in COMMANDS.values()
        for d in c.documents
        for f in dict.fromkeys((*c.formats, *c.served))
        if (d, f) not in OUTPUTS
    ]
