"""The API's endpoints: one table, each entry a command of the command line.

An :class:`Endpoint` names the command it answers for, the query
parameters it takes (the command's options, in the same words), its
formats, and the function that makes its document from an upload. That
function calls what the command line calls (the batch task of ``check``
or ``rate``, the registry's renderers, :func:`trfkit.writer.rewrite`), so
the server's JSON is the command line's JSON, never a second rendering.
The page reads the table too (``GET /api/meta``): an endpoint with a
``tab`` gets a tab showing its HTML, and each of its ``downloads`` a link.

Adding a document: one function ``(upload, query) -> Reply`` and one
:class:`Endpoint` in :data:`ENDPOINTS`.

Nothing here touches the network or the disk; :mod:`trfkit.server.app`
is the HTTP front.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from trfkit.diagnostics import Diagnostic
from trfkit.model import Tournament
from trfkit.report.registry import Piece, output

__all__ = [
    "ENDPOINTS",
    "ApiError",
    "Endpoint",
    "Param",
    "Query",
    "Reply",
    "Upload",
    "endpoint",
    "meta",
    "shown",
    "validated",
    "written",
]

JSON = "application/json"
TEXT = "text/plain; charset=utf-8"
MEDIA_TYPES = {
    "json": JSON,
    "sarif": "application/sarif+json",
    "text": TEXT,
    "csv": "text/csv; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "trf": TEXT,
}


@attrs.frozen
class Upload:
    """One TRF file as sent: its bytes (never written anywhere) and the
    name it is shown under (the file name the browser sent, or ``name``)."""

    data: bytes
    name: str


# The one rule for every parameter that is a yes or no, in any case.
BOOLEANS = {"true": True, "false": False, "yes": True, "no": False, "1": True, "0": False}


class Query:
    """The query parameters of a request, read as the command's options."""

    def __init__(self, values: Mapping[str, Sequence[str]]) -> None:
        self._values = values

    def one(self, name: str, default: str | None = None) -> str | None:
        """The parameter's value (the last, if given more than once)."""
        got = self._values.get(name)
        return got[-1] if got else default

    def all(self, name: str) -> list[str]:
        return list(self._values.get(name, ()))

    def choice(self, name: str, choices: Sequence[str], default: str | None = None) -> str | None:
        """The value, one of ``choices`` in any case (``format=JSON``,
        ``primary=mp``): the choice as written in ``choices``."""
        value = self.one(name, default)
        if value is None:
            return None
        for choice in choices:
            if value.casefold() == choice.casefold():
                return choice
        raise ApiError(422, f"{name}: {value!r} is not one of {', '.join(choices)}")

    def flag(self, name: str) -> bool:
        """A yes or no: one of :data:`BOOLEANS` in any case; given without
        a value (``?ascii``), yes."""
        value = self.one(name, "false")
        assert value is not None
        if value == "":
            return True
        said = BOOLEANS.get(value.casefold())
        if said is None:
            raise ApiError(422, f"{name}: {value!r} is not one of {', '.join(BOOLEANS)}")
        return said

    def names(self) -> set[str]:
        return set(self._values)


class ApiError(Exception):
    """A request refused: its HTTP status, why in words, and the file's
    diagnostics where the file is the reason (400: no TRF file)."""

    def __init__(self, status: int, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.diagnostics = tuple(diagnostics)

    def body(self) -> bytes:
        from trfkit.report.records import diagnostic_data

        data = {
            "status": self.status,
            "error": self.message,
            "diagnostics": [diagnostic_data(d) for d in self.diagnostics],
        }
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


@attrs.frozen
class Reply:
    """A document made: its bytes and its format (a key of ``MEDIA_TYPES``)."""

    body: bytes
    format: str


@attrs.frozen
class Param:
    """A query parameter: the command-line option it stands for."""

    name: str
    help: str
    choices: tuple[str, ...] = ()
    repeat: bool = False


@attrs.frozen
class Endpoint:
    """``POST /api/<name>``: the document a command makes, in its formats."""

    name: str
    """The path's last part, e.g. ``check``."""
    command: str
    """The command line that prints the same document, e.g. ``trfkit check``."""
    summary: str
    make: Callable[[Upload, Query], Reply]
    params: tuple[Param, ...]
    formats: tuple[str, ...]
    """The values of ``format``; the first is the default."""
    tabs: tuple[tuple[str, str, str], ...] = ()
    """The page's tabs that show the ``html`` format: (name, query string,
    label), e.g. ``("form1", "form=1", "Form 1")``."""
    downloads: tuple[tuple[str, str], ...] = ()
    """What the page offers to download: (query string, label)."""

    @property
    def path(self) -> str:
        return f"/api/{self.name}"


# -- the options, as the one table says them --------------------------------


def _choices(command: str, name: str) -> tuple[str, ...]:
    """The values the table gives the parameter ``name`` of ``command``."""
    from trfkit.commands import COMMANDS, format_option

    c = COMMANDS[command]
    if name == "format":
        return format_option(c, served=True).choices
    return c.option(name).param_choices()


def _chosen(q: Query, command: str, name: str) -> str:
    """The value of the parameter ``name``, one of the table's, else its
    default: the command line's (the endpoint's first format)."""
    from trfkit.commands import COMMANDS

    choices = _choices(command, name)
    default = choices[0] if name == "format" else COMMANDS[command].option(name).default
    return q.choice(name, choices, default) or default


# -- the options shared by check and rate -----------------------------------


def _event(q: Query) -> dict[str, str | None]:
    """``rules``, ``type`` and ``time_control``, refused as the command
    line refuses them."""
    from trfkit.options import rules_refused, time_control_refused

    rules = (q.one("rules") or "auto").lower()
    refused = rules_refused(rules) or time_control_refused(q.one("time_control"), "time_control")
    if refused is not None:
        raise ApiError(422, refused)
    return {
        "rules": rules,
        "type": q.choice("type", _choices("check", "type")),
        "time_control": q.one("time_control"),
    }


def _encoding(q: Query) -> str | None:
    from trfkit.options import encoding_refused

    name = q.one("encoding")
    refused = encoding_refused(name)
    if refused is not None:
        raise ApiError(422, refused)
    return name


def _loaded(upload: Upload, encoding: str | None) -> Tournament:
    """The upload read; 400 for a file that is no TRF file."""
    from trfkit.checks.files import not_trf
    from trfkit.reader import loads

    t = loads(upload.data, encoding=encoding)
    if not_trf(t.diagnostics) is not None:
        raise _not_trf(upload, encoding)
    return t


def _not_trf(upload: Upload, encoding: str | None) -> ApiError:
    """400 for a file that is no TRF file, with the reader's P012."""
    from trfkit.reader import loads

    found = [d for d in loads(upload.data, encoding=encoding).diagnostics if d.code == "P012"]
    reason = found[0].message if found else "not a TRF file"
    return ApiError(400, f"{upload.name}: {reason}", found)


# -- check -------------------------------------------------------------------


def make_check(upload: Upload, q: Query) -> Reply:
    """``trfkit check --format FORMAT`` of one file."""
    from trfkit.checks.files import CheckedFile
    from trfkit.diagnostics import Severity
    from trfkit.options import codes_named, codes_refused
    from trfkit.service import CheckOptions, check_task, checked_text

    event = _event(q)
    fmt = _chosen(q, "check", "format")
    ignore: set[str] = set()
    for text in q.all("ignore"):
        ignore |= codes_named(text)
    refused = codes_refused(ignore, "ignore")
    if refused is not None:
        raise ApiError(422, refused)
    severity = _chosen(q, "check", "min_severity")
    encoding = _encoding(q)
    options = CheckOptions(
        rules=event["rules"] or "auto",
        type=event["type"],
        time_control=event["time_control"],
        ignore=frozenset(ignore),
        encoding=encoding,
        min_rank=Severity(severity).rank,
        # The upload limit is the server's (--max-upload), checked before
        # the body is read.
        max_size=None,
    )
    checked = check_task(options, (upload.name, upload.data))
    if not isinstance(checked, CheckedFile):
        raise _not_trf(upload, encoding)
    return Reply(checked_text([checked], fmt, verbose=q.flag("verbose")).encode(), fmt)


# -- rate --------------------------------------------------------------------


def make_rate(upload: Upload, q: Query) -> Reply:
    """``trfkit rate --format FORMAT`` of one file: the registry's Form 3,
    written as the command line writes one file's (stream, then finish)."""
    from trfkit.service import RatedFile, RateOptions, rate_task

    event = _event(q)
    fmt = _chosen(q, "rate", "format")
    encoding = _encoding(q)
    options = RateOptions(
        rules=event["rules"] or "auto",
        type=event["type"],
        time_control=event["time_control"],
        rate_class=q.choice("rate_class", _choices("rate", "rate_class")),
        encoding=encoding,
        format=fmt,
        ascii=q.flag("ascii"),
        max_size=None,
        path_column=False,
    )
    rated = rate_task(options, (upload.name, upload.data))
    if not isinstance(rated, RatedFile):
        raise _not_trf(upload, encoding)
    return written("form3", fmt, Piece(rated.path, rated.text, rated.games_csv))


# -- report ------------------------------------------------------------------


def make_report(upload: Upload, q: Query) -> Reply:
    """``trfkit report --form FORM --format FORMAT`` of one file: the same
    documents, made by the same function (:func:`~trfkit.service.form_texts`).
    A form of several documents (4, all) comes as text; in another format,
    ask for each document (``form=summary``, ...)."""
    from trfkit.checks.files import not_trf
    from trfkit.reader import loads
    from trfkit.report.registry import FORMS, FormOptions
    from trfkit.service import FormTexts, RateOptions, form_texts

    event = _event(q)
    form = _chosen(q, "report", "form")
    fmt = _chosen(q, "report", "format")
    documents = FORMS[form]
    if len(documents) > 1 and fmt != "text":
        raise ApiError(
            422,
            f"form={form} makes {len(documents)} documents ({', '.join(documents)}), and "
            f"{fmt} holds one: ask for each (form="
            + ", form=".join(n.removeprefix("form") for n in documents)
            + "), or format=text",
        )
    encoding = _encoding(q)
    t = loads(upload.data, encoding=encoding)
    if not_trf(t.diagnostics) is not None:
        raise _not_trf(upload, encoding)
    rules = event["rules"] or "auto"
    rate = RateOptions(
        rules=rules,
        type=event["type"],
        time_control=event["time_control"],
        encoding=encoding,
        format=fmt,
        ascii=q.flag("ascii"),
        max_size=None,
        path_column=False,
    )
    options = FormOptions(rules, event["type"], event["time_control"])
    made = form_texts(t, (upload.name, upload.data), documents, rate, options)
    if not isinstance(made, FormTexts):
        raise _not_trf(upload, encoding)
    return Reply(made.joined(fmt).encode(), fmt)


# -- standings ---------------------------------------------------------------


def make_standings(upload: Upload, q: Query) -> Reply:
    """``trfkit standings --tiebreaks ... --format FORMAT`` of one file."""
    from trfkit.service import standings_of
    from trfkit.tiebreaks import NotATeamEvent, UnknownTieBreak

    fmt = _chosen(q, "standings", "format")
    edition = _chosen(q, "standings", "tiebreak_rules")
    kind = q.choice("type", _choices("standings", "type"))
    t = _loaded(upload, _encoding(q))
    teams = {"teams": True, "players": False}.get(q.choice("of", _choices("standings", "of")) or "")
    try:
        made = standings_of(
            t, upload.name, fmt, ascii=q.flag("ascii"), tiebreaks=q.one("tiebreaks"),
            edition=edition, type=kind, teams=teams,
            primary=q.choice("primary", _choices("standings", "primary")),
        )  # fmt: skip
    except (UnknownTieBreak, NotATeamEvent) as exc:
        raise ApiError(
            422, f"{'of' if isinstance(exc, NotATeamEvent) else 'tiebreaks'}: {exc}"
        ) from None
    return Reply(made.text.encode(), fmt)


# -- norms -------------------------------------------------------------------


def make_norms(upload: Upload, q: Query) -> Reply:
    """``trfkit norms [--certificates] --format FORMAT`` of one file: Form
    4's title-norm table, or its certificates of title result."""
    from trfkit.service import norms_of

    fmt = _chosen(q, "norms", "format")
    rules = _chosen(q, "norms", "rules")
    kind = q.choice("type", _choices("norms", "type"))
    exemption = q.choice("exemption", _choices("norms", "exemption"))
    games_exception = q.choice("games_exception", _choices("norms", "games_exception"))
    t = _loaded(upload, _encoding(q))
    made = norms_of(
        t, fmt, ascii=q.flag("ascii"), rules=rules, type=kind, exemption=exemption,
        games_exception=games_exception, certificates=q.flag("certificates"),
    )  # fmt: skip
    return Reply(made.text.encode(), fmt)


# -- pairings ----------------------------------------------------------------


def make_pairings(upload: Upload, q: Query) -> Reply:
    """``trfkit pairings [--system S] [--rounds A-B] --format FORMAT`` of one
    file: each round against the FIDE (Dutch) System, by the same functions."""
    from trfkit.checks.dutch import not_swiss, rounds_wanted
    from trfkit.service import pairings_of
    from trfkit.summary import rounds_paired

    fmt = _chosen(q, "pairings", "format")
    system = _chosen(q, "pairings", "system")
    t = _loaded(upload, _encoding(q))
    refused = not_swiss(t)
    if refused is not None:
        raise ApiError(422, f"{upload.name}: {refused}")
    try:
        rounds = rounds_wanted(q.one("rounds"), rounds_paired(t))
    except ValueError as exc:
        raise ApiError(422, f"rounds: {exc}") from None
    made = pairings_of(t, upload.name, fmt, ascii=q.flag("ascii"), system=system, rounds=rounds)
    return Reply(made.text.encode(), fmt)


def written(document: str, fmt: str, piece: Piece) -> Reply:
    """What the command line writes for one file's ``document`` in ``fmt``,
    given its rendered piece: the registry's stream, then its finish.

    A document built here rather than by a batch task is rendered first:
    ``Piece(name, *output(document, fmt).render(doc, RenderOptions(None)))``.
    """
    entry = output(document, fmt)
    return Reply((entry.stream(piece, True, True) + entry.finish([piece], True, 0)).encode(), fmt)


# -- fmt ---------------------------------------------------------------------


def make_fmt(upload: Upload, q: Query) -> Reply:
    """``trfkit fmt [--to DIALECT] [--newline NL]``: the file rewritten
    canonically, or converted, as UTF-8.

    The command line prints what it dropped (P009) beside the file and
    exits 1; an answer has one body, so the file alone never comes short of
    what was sent: with a P009 it is refused (422, the findings in the
    refusal), and ``format=json`` gives the file and every finding
    together (the API's own wrapper, ``Fmt`` in openapi.json: ``path``,
    ``text``, ``diagnostics``), as the page asks for it."""
    from trfkit.checks.files import not_trf
    from trfkit.reader import loads
    from trfkit.report.records import diagnostic_data
    from trfkit.writer import rewrite

    to = q.choice("to", _choices("fmt", "to"))
    newline = q.choice("newline", _choices("fmt", "newline"))
    fmt = _chosen(q, "fmt", "format")
    t = loads(upload.data, encoding=_encoding(q))
    if not_trf(t.diagnostics) is not None:
        raise ApiError(400, f"{upload.name}: {not_trf(t.diagnostics)}", [
            d for d in t.diagnostics if d.code == "P012"
        ])  # fmt: skip
    text, diagnostics = rewrite(t, to, newline)
    if fmt == "json":
        data = {
            "path": upload.name,
            "text": text,
            "diagnostics": [diagnostic_data(d) for d in diagnostics],
        }
        return Reply((json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode(), "json")
    dropped = [d for d in diagnostics if d.code == "P009"]
    if dropped:
        raise ApiError(
            422,
            f"{upload.name}: {len(dropped)} line(s) or field(s) of the file are not in the "
            "output as the file had them (P009); format=json gives the output with them",
            diagnostics,
        )
    return Reply(text.encode(), "trf")


def _served(command: str) -> tuple[str, ...]:
    """The formats of ``command``'s endpoint, the first its default (the table's)."""
    from trfkit.commands import COMMANDS

    return COMMANDS[command].served


def _params(command: str) -> tuple[Param, ...]:
    """The query parameters of ``command``'s endpoint: the options of the
    one table (:mod:`trfkit.commands`) that the server takes, in its words."""
    from trfkit.commands import COMMANDS, COMMON, format_option

    c = COMMANDS[command]
    params = []
    # The command's own options first, in the command line's order; then
    # the reader's (encoding), which every endpoint takes.
    for o in (*c.options, *(COMMON if c.common else ())):
        if o.query is None:
            continue
        choices = format_option(c, served=True).choices if o.is_format else o.param_choices()
        params.append(Param(o.query, o.query_help or o.help, choices, o.action == "append"))
    return tuple(params)


ENDPOINTS: dict[str, Endpoint] = {
    e.name: e
    for e in (
        Endpoint(
            "check",
            "trfkit check --format FORMAT",
            "The findings of trfkit check: the trfkit.check/1 document.",
            make_check,
            _params("check"),
            _served("check"),
            downloads=(("format=json", "check JSON"), ("format=sarif", "check SARIF")),
        ),
        Endpoint(
            "rate",
            "trfkit rate --format FORMAT",
            "FIDE Form 3 of trfkit rate: the trfkit.rate/1 document, CSV, text or HTML.",
            make_rate,
            _params("rate"),
            _served("rate"),
            tabs=(("rate", "", "Form 3"),),
            downloads=(
                ("format=json", "Form 3 JSON"),
                ("format=csv", "Form 3 CSV"),
                ("format=html", "Form 3 HTML (printable)"),
            ),
        ),
        Endpoint(
            "report",
            "trfkit report --form FORM --format FORMAT",
            "FIDE's forms: 1 (tournament report and crosstable), 2 (pairing cards), 3 (as "
            "rate), 4 (the tournament report page and the title-norm parts), summary, all: "
            "the trfkit.form1/1, trfkit.form2/1, trfkit.summary/1 ... documents.",
            make_report,
            _params("report"),
            _served("report"),
            tabs=(
                ("form1", "form=1", "Form 1"),
                ("form2", "form=2", "Form 2"),
                ("summary", "form=summary", "Form 4"),
            ),
            downloads=(
                ("form=1&format=html", "Form 1 HTML (printable)"),
                ("form=2&format=html", "Form 2 HTML (printable)"),
                ("form=summary&format=html", "Form 4 HTML (printable)"),
                ("form=1&format=json", "Form 1 JSON"),
            ),
        ),
        Endpoint(
            "standings",
            "trfkit standings --tiebreaks CODES --format FORMAT",
            "The final ranking by points and the tie-breaks of FIDE C.07: the "
            "trfkit.standings/1 document, text, CSV or HTML.",
            make_standings,
            _params("standings"),
            _served("standings"),
            tabs=(("standings", "", "Standings"),),
            downloads=(("format=json", "standings JSON"), ("format=csv", "standings CSV")),
        ),
        Endpoint(
            "norms",
            "trfkit norms [--certificates] --format FORMAT",
            "Title norms under the FIDE Title Regulations: Form 4's norm table, or with "
            "certificates=true its certificates of title result (trfkit.norms/1).",
            make_norms,
            _params("norms"),
            _served("norms"),
            tabs=(
                ("norms", "", "Norms"),
                ("certificates", "certificates=true", "Certificates"),
            ),
            downloads=(("format=json", "norms JSON"), ("format=csv", "norm table CSV")),
        ),
        Endpoint(
            "pairings",
            "trfkit pairings [--system SYSTEM] [--rounds A-B] --format FORMAT",
            "Each round of a Swiss event re-paired by the FIDE (Dutch) System and compared "
            "with the file: agrees, or the differing boards and why (trfkit.pairings/1). "
            "trfkit is not a FIDE-endorsed pairing program.",
            make_pairings,
            _params("pairings"),
            _served("pairings"),
            tabs=(("pairings", "", "Pairings"),),
            downloads=(("format=json", "pairings JSON"),),
        ),
        Endpoint(
            "fmt",
            "trfkit fmt [--to DIALECT]",
            "The file rewritten canonically, or converted between TRF16 and TRF-2026.",
            make_fmt,
            _params("fmt"),
            _served("fmt"),
            downloads=(
                ("format=json", "file rewritten (fmt)"),
                ("to=trf26&format=json", "file in TRF-2026"),
            ),
        ),
    )
}  # fmt: skip


def validated(e: Endpoint, q: Query) -> None:
    """Every parameter of ``q`` that has choices holds one of them, by the
    one rule (any case; a yes or no as :data:`BOOLEANS`), whether or not
    the format asked for reads it: ``verbose=maybe`` is refused with JSON
    as with text."""
    for p in e.params:
        if not p.choices or p.name not in q.names():
            continue
        for value in q.all(p.name) if p.repeat else [q.one(p.name) or ""]:
            one = Query({p.name: [value]})
            if p.choices == ("true", "false"):
                one.flag(p.name)
            else:
                one.choice(p.name, p.choices)


def endpoint(name: str) -> Endpoint | None:
    return ENDPOINTS.get(name)


def meta(max_upload: int) -> dict[str, Any]:
    """``GET /api/meta``: what the page builds its options, tabs and
    downloads from."""
    from trfkit import __version__
    from trfkit.checks import CODES
    from trfkit.event import TournamentType
    from trfkit.report.verdict import cause_words, fix_words
    from trfkit.rules import RULE_SETS

    return {
        "trfkit": __version__,
        "max_upload": max_upload,
        "rules": ["auto", *RULE_SETS],
        "types": [t.value for t in TournamentType],
        # A heading for each code's findings: its summary's first clause.
        "codes": {c.code: re.split(r"[:.] | \(", c.summary, maxsplit=1)[0] for c in CODES.values()},
        # Each code's cause in an arbiter's words, as the check's verdict
        # names it ("ranks out of order"): the page's words for a code.
        "plain": {c.code: cause_words(c.code) for c in CODES.values()},
        # Each code's one-line fix in the page's words (the declaration's
        # page_fix, else its fix), for findings whose own hint names a
        # command-line option the page offers otherwise.
        "fix": {c.code: fix_words(c.code) for c in CODES.values()},
        "endpoints": [
            {
                "path": e.path,
                "command": e.command,
                "formats": list(e.formats),
                # What the page may send: an option it does not take is
                # refused (422), and norms' rule sets are the title
                # regulations', not the rating regulations' of the page.
                "params": {p.name: list(p.choices) for p in e.params},
                # Each tab shows its document's HTML, which is what it prints
                # and saves: "file" names the saved page.
                "tabs": [
                    {
                        "name": n,
                        "query": q,
                        "label": label,
                        "file": _download_file(e, "&".join(filter(None, (q, "format=html")))),
                    }
                    for n, q, label in e.tabs
                ],
                # A download wrapped ({"path", "text", "diagnostics"}) is saved as its "text", and
                # its findings are shown beside it.
                "downloads": [
                    {
                        "query": q,
                        "label": label,
                        "file": _download_file(e, q),
                        "wrapped": e.name == "fmt" and "format=json" in q,
                        "purpose": _purpose(e, q),
                    }
                    for q, label in e.downloads
                ],
            }
            for e in ENDPOINTS.values()
        ],
    }


def _purpose(e: Endpoint, query: str) -> str:
    """What a download is for, by which the page groups them: ``print``
    (a form's printable HTML: its tab prints and saves it), ``fide`` (the
    file converted to TRF-2026, to send) or ``software`` (JSON, CSV,
    SARIF and the file rewritten canonically, for programs)."""
    from urllib.parse import parse_qs

    values = {k: v[-1] for k, v in parse_qs(query).items()}
    if values.get("format") == "html":
        return "print"
    if e.name == "fmt" and values.get("to") == "trf26":
        return "fide"
    return "software"


def _download_file(e: Endpoint, query: str) -> str:
    """The end of a download's file name, after the file's own stem: the
    document's name as ``trfkit report --form all -o DIR`` names its files
    (``form1.html``, ``summary.html``), else the endpoint's
    (``rate.csv``); for ``fmt``, the dialect (``trf26.trf``) or ``fmt.trf``."""
    from urllib.parse import parse_qs

    from trfkit.report.registry import FORMS

    values = {k: v[-1] for k, v in parse_qs(query).items()}
    if e.name == "fmt":
        return f"{values.get('to', 'fmt')}.trf"
    fmt = values.get("format", e.formats[0])
    document = "certificates" if values.get("certificates") == "true" else e.name
    if "form" in values and len(FORMS[values["form"]]) == 1:
        document = FORMS[values["form"]][0]
    return f"{document}.{ {'text': 'txt'}.get(fmt, fmt) }"


_UNSHOWN = re.compile(r"[\x00-\x1f\x7f]")


def shown(name: str) -> str:
    """A name for the upload, as shown in documents: the last part of a
    path a browser may send, without control characters. It names no file
    on the server; nothing is ever read or written under it."""
    return _UNSHOWN.sub("", name.replace("\\", "/").rsplit("/", 1)[-1]).strip()[:200]
