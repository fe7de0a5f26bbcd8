"""The results of ``trfkit check`` as text, JSON, SARIF or GitHub annotations.

Each renderer takes the checked files in the order given and their
diagnostics in the order given (the caller sorts) and returns the whole
output as one string. The shapes are documented in docs/check-output.md:

* ``text``: per file an event line (``path: event: ...``), then one
  ``path:line:column: severity CODE message [reference]`` line per
  diagnostic (the per-player notes of :data:`GROUPED_CODES` one line per
  code, unless verbose), then a summary line;
* ``json``: the stable ``trfkit.check/1`` document;
* ``jsonl``: JSON Lines, one element of the document's ``files`` a line;
* ``sarif``: SARIF 2.1.0 for code-scanning tools;
* ``github``: GitHub Actions workflow commands (``::error file=...::...``).

Only the standard library is used.

>>> from trfkit.diagnostics import Diagnostic, Severity
>>> d = Diagnostic("S101", Severity.ERROR, 3, 92, "round 1: 2 does not name 1")
>>> print(render_text([CheckedFile("a.trf", "trf16", "fide-2024", "swiss", (d,))]), end="")
a.trf:3:92: error S101 round 1: 2 does not name 1
1 file checked: 1 error, 0 warnings, 0 info
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import quote

from trfkit.checks import CODES
from trfkit.checks.files import CheckedFile, Unreadable
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.records import diagnostic_data
from trfkit.report.verdict import verdict_data
from trfkit.summary import EventSummary
from trfkit.version import __version__

__all__ = [
    "CHECK_SCHEMA",
    "GROUPED_CODES",
    "CheckedFile",
    "check_data",
    "event_data",
    "event_line",
    "file_data",
    "join_json",
    "join_json_bytes",
    "render_github",
    "render_json",
    "render_json_file",
    "render_jsonl_line",
    "render_sarif",
    "render_text",
    "summary_counts",
    "text_line",
]

CHECK_SCHEMA = "trfkit.check/1"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/trfkit/trfkit"

_SEVERITY_COLOURS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36"}
_SARIF_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_GITHUB_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def summary_counts(files: Sequence[CheckedFile | Unreadable]) -> dict[str, int]:
    """Diagnostics by severity, the number of files, and how many of them
    could not be read.

    >>> summary_counts([Unreadable("gone.trf", "no such file")])
    {'error': 0, 'warning': 0, 'info': 0, 'files': 1, 'unreadable': 1}
    """
    counts = {s.value: 0 for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)}
    for f in files:
        if isinstance(f, CheckedFile):
            for d in f.diagnostics:
                counts[d.severity.value] += 1
    counts["files"] = len(files)
    counts["unreadable"] = sum(isinstance(f, Unreadable) for f in files)
    return counts


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 or word == "info" else f"{n} {word}s"


def text_line(d: Diagnostic, path: str, colour: bool = False) -> str:
    """``path:line:column: severity CODE message [reference]``, the severity
    coloured when ``colour``."""
    line = d.format(path)
    if not colour:
        return line
    # Colour the severity word where format() put it, never a match inside the path.
    start = len(f"{path}:{d.line}:{d.column}: ")
    sev = d.severity.value
    painted = f"\x1b[{_SEVERITY_COLOURS[d.severity]}m{sev}\x1b[0m"
    return line[:start] + painted + line[start + len(sev) :]


class _Grouped(Mapping[str, str]):
    """The per-player notes that a file may hold hundreds of, from the codes'
    declarations (:attr:`trfkit.codes.Code.grouped`): in text, one line per
    code and file with the count and the first players (--verbose: each).
    Each phrase says what the players have in common."""

    def __getitem__(self, code: str) -> str:
        c = CODES.get(code)
        if c is None or not c.grouped:
            raise KeyError(code)
        return c.grouped

    def __iter__(self) -> Iterator[str]:
        return (c.code for c in CODES.values() if c.grouped)

    def __len__(self) -> int:
        return sum(1 for _ in self)


GROUPED_CODES: Mapping[str, str] = _Grouped()
_NAMED = 5


def render_text(
    files: Sequence[CheckedFile | Unreadable], *, colour: bool = False, verbose: bool = False
) -> str:
    """Each file's event line, its findings, then a summary line; ends with
    a newline.

    The findings of a code in :data:`GROUPED_CODES` that a file has more
    than once are one line, at the first one's place, that gives their
    count and names the first players; ``verbose=True`` prints each. The
    summary counts every finding, names each file that could not be read,
    with the reason, and says "no problems found" only when every file was
    read. With ``colour=True`` the severity word is coloured with ANSI
    escapes (red error, yellow warning, cyan info), as ``trfkit parse`` does.

    >>> print(render_text([Unreadable("a.docx", "not a TRF file: a ZIP archive")]), end="")
    0 files checked; 1 file could not be read:
      a.docx: not a TRF file: a ZIP archive
    """
    read = [f for f in files if isinstance(f, CheckedFile)]
    lines: list[str] = []
    for f in read:
        if f.event is not None:
            lines.append(f"{f.path}: event: {event_line(f.event)}")
        shown = f.diagnostics if verbose else _grouped(f)
        lines.extend(text_line(d, f.path, colour) for d in shown)
    counts = summary_counts(read)
    checked = f"{_plural(counts['files'], 'file')} checked"
    unread = [f for f in files if isinstance(f, Unreadable)]
    left_out: dict[str, int] = {}
    for f in read:
        for severity, n in f.left_out:
            left_out[severity] = left_out.get(severity, 0) + n
    if counts["error"] + counts["warning"] + counts["info"] + sum(left_out.values()) == 0:
        lines.append(f"{checked}: no problems found" if not unread else checked)
    else:
        # The severities --min-severity left out are counted as not shown,
        # never as none.
        counted = [s for s in ("error", "warning", "info") if s not in left_out]
        lines.append(f"{checked}: " + ", ".join(_plural(counts[s], s) for s in counted))
        if left_out:
            lines[-1] += "; not shown (--min-severity): " + ", ".join(
                _plural(n, s) for s, n in left_out.items()
            )
    if unread:
        lines[-1] += f"; {_plural(len(unread), 'file')} could not be read:"
        lines += [f"  {f.path}: {f.reason}" for f in unread]
    return "\n".join(lines) + "\n"


def _grouped(f: CheckedFile) -> list[Diagnostic]:
    """``f``'s findings with each grouped code's, when it has more than one,
    made one finding at the place of the first."""
    by_code: dict[str, list[Diagnostic]] = {}
    for d in f.diagnostics:
        if d.code in GROUPED_CODES:
            by_code.setdefault(d.code, []).append(d)
    if all(len(found) < 2 for found in by_code.values()):
        return list(f.diagnostics)
    names = dict(f.names)
    out: list[Diagnostic] = []
    for d in f.diagnostics:
        found = by_code.get(d.code)
        if found is None or len(found) < 2:
            out.append(d)
        elif d is found[0]:
            out.append(_group(found, names))
    return out


def _group(found: list[Diagnostic], names: dict[int, str]) -> Diagnostic:
    first = found[0]
    named = [
        names.get(d.line, f"line {d.line}") + (f" ({_detail(d)})" if d.found else "")
        for d in found[:_NAMED]
    ]
    more = f", and {len(found) - _NAMED} more" if len(found) > _NAMED else ""
    message = (
        f"{len(found)} {GROUPED_CODES[first.code]}: {', '.join(named)}{more}; --verbose lists each"
    )
    return Diagnostic(
        first.code, first.severity, first.line, first.column, message, first.reference
    )


def _detail(d: Diagnostic) -> str:
    """What a grouped line says of one finding: its ``found``, a repeated
    item once with its count (``forfeit loss ×2``)."""
    found = d.found or ""
    if d.code == "R603":
        # The games against rated opponents ("4 games"), or the score.
        if found == "1 games":
            return "1 game"
        return found if found.endswith(" games") else f"scored {found}"
    counts = Counter(found.split(", "))
    return ", ".join(f"{item} ×{n}" if n > 1 else item for item, n in counts.items())


_TYPE_WORDS = {
    "swiss": "Swiss",
    "round-robin": "round robin",
    "double-round-robin": "double round robin",
    "team": "team event",
    "match": "match",
    "league": "league",
}
_TYPE_SOURCES = {"pairings": "from the pairings"}


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def event_line(s: EventSummary) -> str:
    """The event on one line: name; type, rounds, dates; the field; the
    rule set and why it was chosen.

    >>> import datetime
    >>> from trfkit.event import TournamentType
    >>> print(event_line(EventSummary(
    ...     "Spring Open", TournamentType.SWISS, "092", 9, 9, datetime.date(2018, 4, 8),
    ...     datetime.date(2018, 4, 16), 120, 98, 14, 12, 0, "fide-2009", "start 2018-04-08")))
    Spring Open; Swiss (092), 9 rounds, 2018-04-08..2018-04-16; 120 players (98 rated, 22 unrated, 14 titled), 12 federations; rules fide-2009 (auto: start 2018-04-08)
    """
    # A type without words of its own is shown by its name: never a traceback.
    words = _TYPE_WORDS.get(s.type.value, s.type.value)
    # A type no record declares says what chose it (issue 33: the name's
    # words and the span, the pairings' shape).
    kind = f"{words} ({s.type_evidence or _TYPE_SOURCES.get(s.type_source, s.type_source)})"
    played = s.rounds - s.byes_ahead - s.paired_ahead
    if s.rounds_scheduled is not None and s.rounds_scheduled != played:
        rounds = f"{played} of {_count(s.rounds_scheduled, 'round')} played"
    elif s.paired_ahead:
        rounds = f"{played} played"
    else:
        rounds = _count(played, "round")
    ahead = []
    if s.paired_ahead:
        # Paired, not played: no game of the round has a result yet (a file
        # written during the round), so the round is not counted as played.
        ahead.append(f"round {played + 1} paired, not played")
    if s.byes_ahead:
        first = played + s.paired_ahead + 1
        later = (
            f"rounds {first}-{first + s.byes_ahead - 1}" if s.byes_ahead > 1 else f"round {first}"
        )
        ahead.append(f"byes requested for {later}")
    if ahead:
        rounds += f" ({'; '.join(ahead)})"
    if s.start is not None and s.end is not None and s.end != s.start:
        dates = f"{s.start.isoformat()}..{s.end.isoformat()}"
    elif s.start is not None:
        dates = s.start.isoformat()
    else:
        dates = "no dates"
    field = (
        f"{_count(s.players, 'player')} ({s.rated} rated, {s.unrated} unrated, "
        f"{s.titled} titled), {_federations(s)}"
    )
    if s.teams:
        field += f", {_count(s.teams, 'team')}"
    # "given", or "given; ..." with a note on it; else what auto went by.
    given = s.rules_source.split(";")[0] == "given"
    why = s.rules_source if given else f"auto: {s.rules_source}"
    name = s.name if s.name is not None else "no name (012)"
    return f"{name}; {kind}, {rounds}, {dates}; {field}; rules {s.rules} ({why})"


def _federations(s: EventSummary) -> str:
    """``6 federations``; codes that are no FIDE federation (clubs, S114) are
    not counted as federations but said apart."""
    if not s.not_federations:
        return _count(s.federations, "federation")
    others = s.not_federations
    return (
        f"{_count(s.federations - others, 'federation')} and "
        f"{_count(others, 'code')} that {'is' if others == 1 else 'are'} none (S114)"
    )


def event_data(s: EventSummary | None) -> dict[str, Any] | None:
    """A file's ``event`` in the JSON document, keys in documented order."""
    if s is None:
        return None
    return {
        "name": s.name,
        "type": s.type.value,
        "type_source": s.type_source,
        "rounds": s.rounds,
        "rounds_scheduled": s.rounds_scheduled,
        "start": s.start.isoformat() if s.start is not None else None,
        "end": s.end.isoformat() if s.end is not None else None,
        "players": s.players,
        "rated": s.rated,
        "unrated": s.unrated,
        "titled": s.titled,
        "federations": s.federations,
        "not_federations": s.not_federations,
        "teams": s.teams,
        "rules": s.rules,
        "rules_source": s.rules_source,
    }


def _diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    # The keys of `trfkit parse --format json`, plus the fix hint.
    return {**diagnostic_data(d), "hint": d.hint}


def file_data(f: CheckedFile | Unreadable) -> dict[str, Any]:
    """One element of the document's ``files``: what was found in one file,
    or why it could not be read (``unreadable``; ``null`` for a file read)."""
    if isinstance(f, Unreadable):
        return {
            "path": f.path,
            "dialect": None,
            "rules": None,
            "type": None,
            "unreadable": f.reason,
            "diagnostics": [],
            "event": None,
            "verdict": None,
        }
    return {
        "path": f.path,
        "dialect": f.dialect,
        "rules": f.rules,
        "type": f.tournament_type,
        "unreadable": None,
        "diagnostics": [_diagnostic_json(d) for d in f.diagnostics],
        "event": event_data(f.event),
        "verdict": verdict_data(f.diagnostics),
    }


def check_data(files: Sequence[CheckedFile | Unreadable]) -> dict[str, Any]:
    """The ``trfkit.check/1`` document as JSON-ready data."""
    return {
        "schema": CHECK_SCHEMA,
        "trfkit": __version__,
        "files": [file_data(f) for f in files],
        "summary": summary_counts(files),
    }


def render_json(files: Sequence[CheckedFile | Unreadable]) -> str:
    """The ``trfkit.check/1`` document, indented 2, keys in documented order."""
    parts = [render_json_file(f, placed=True) for f in files]
    return join_json(parts, summary_counts(files), placed=True)


def render_jsonl_line(f: CheckedFile | Unreadable) -> str:
    """One line of ``--format jsonl``: :func:`file_data` on one line, ending
    with a newline (JSON strings hold no raw line breaks)."""
    return json.dumps(file_data(f), ensure_ascii=False) + "\n"


def render_json_file(f: CheckedFile | Unreadable, *, placed: bool = False) -> str:
    """One file's element of the document, indented 2 at its own top level
    or, with ``placed``, for its place in the document's ``files``.

    A batch renders each file where it was checked (in a worker process)
    and :func:`join_json` splices the pieces: the same text as one
    ``json.dumps`` of the whole document, which tests hold it to. (JSON
    strings hold no raw line breaks, so indenting by line is safe.)
    """
    text = json.dumps(file_data(f), indent=2, ensure_ascii=False)
    return text.replace("\n", _PLACE) if placed else text


# What follows a line break in an element of the document's "files".
_PLACE = "\n    "


def join_json(
    parts: Sequence[str],
    summary: dict[str, int],
    schema: str = CHECK_SCHEMA,
    *,
    placed: bool = False,
) -> str:
    """The document ``{"schema", "trfkit", "files", "summary"}`` from its
    files' pieces, each indented 2 at its own top level (as
    :func:`render_json_file` or ``json.dumps(..., indent=2)`` writes them;
    a final newline is dropped), and the summary. ``trfkit rate`` of many
    files splices its ``trfkit.rate-files/1`` document the same way.

    With ``placed``, the pieces are already indented for their place
    (``render_json_file(..., placed=True)``, no final newline): a batch
    indents them in its workers, so that this process only joins them.
    """
    if placed:
        body = ("," + _PLACE).join(parts)
    else:
        body = ("," + _PLACE).join(p.rstrip("\n").replace("\n", _PLACE) for p in parts)
    head, tail = _json_frame(summary, schema)
    return head + ("[" + _PLACE + body + "\n  ]" if parts else "[]") + tail


def join_json_bytes(
    parts: Sequence[bytes], summary: dict[str, int], schema: str = CHECK_SCHEMA
) -> bytes:
    """:func:`join_json` of placed pieces, each encoded as UTF-8, as UTF-8.

    ``trfkit check`` of many files has its workers encode their pieces, so
    that the process writing the document only copies bytes: 10 MB for a
    thousand files, which it would otherwise decode, join and encode again.
    """
    head, tail = _json_frame(summary, schema)
    if not parts:
        return (head + "[]" + tail).encode()
    place = _PLACE.encode()
    body = (b"," + place).join(parts)
    return b"".join((head.encode(), b"[", place, body, b"\n  ]", tail.encode()))


def _json_frame(summary: dict[str, int], schema: str) -> tuple[str, str]:
    """The document around the value of ``files``: before it, and after."""
    counts = json.dumps(summary, indent=2).replace("\n", "\n  ")
    head = (
        f'{{\n  "schema": {json.dumps(schema)},\n  "trfkit": {json.dumps(__version__)},\n'
        f'  "files": '
    )
    return head, f',\n  "summary": {counts}\n}}\n'


_DRIVE = re.compile(r"^[A-Za-z]:/")


def _artifact_uri(path: str) -> str:
    """A path as a URI reference: forward slashes, percent-encoded.

    Relative paths stay relative (``./`` dropped); absolute paths become
    ``file://`` URIs. Colons are encoded in relative paths so that a first
    segment like ``C:`` is never read as a URI scheme.

    >>> _artifact_uri("my dir/a b.trf"), _artifact_uri("./x\\\\y.trf"), _artifact_uri("/t/z.trf")
    ('my%20dir/a%20b.trf', 'x/y.trf', 'file:///t/z.trf')
    """
    p = path.replace("\\", "/")
    if _DRIVE.match(p):
        return "file:///" + p[:2] + quote(p[2:], safe="/")
    if p.startswith("/"):
        return "file://" + quote(p, safe="/")
    while p.startswith("./"):
        p = p[2:]
    return quote(p, safe="/")


def _rule(code: str) -> dict[str, Any]:
    c = CODES.get(code)
    if c is None:
        return {"id": code}
    full = c.summary + (f" Reference: {c.reference}." if c.reference else "")
    return {
        "id": c.code,
        "name": c.name,
        "shortDescription": {"text": c.summary},
        "fullDescription": {"text": full},
        "help": {"text": c.fix},
        "defaultConfiguration": {"level": _SARIF_LEVELS[c.severity]},
        "properties": {"tags": [c.name.split(".", 1)[0]]},
    }


def _result(d: Diagnostic, path: str, rule_index: int) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": _artifact_uri(path)}}
    if d.line >= 1:
        region: dict[str, int] = {"startLine": d.line}
        if d.column >= 1:
            region["startColumn"] = d.column
        physical["region"] = region
    result: dict[str, Any] = {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": _SARIF_LEVELS[d.severity],
        "message": {"text": d.message},
        "locations": [{"physicalLocation": physical}],
    }
    extra = {
        k: v
        for k, v in (
            ("reference", d.reference),
            ("found", d.found),
            ("expected", d.expected),
            ("hint", d.hint),
        )
        if v is not None
    }
    if extra:
        result["properties"] = extra
    return result


def render_sarif(files: Sequence[CheckedFile | Unreadable], *, tool_version: str) -> str:
    """A SARIF 2.1.0 log with one run.

    ``rules`` holds one descriptor per code that occurs, in order of first
    occurrence; each result points at its descriptor by ``ruleIndex``.
    Columns are counted in characters (``columnKind: unicodeCodePoints``).
    A region is given only for a line ≥ 1, a start column only for a column ≥ 1.
    A file that could not be read is no result (there is nothing to locate
    in it) but a tool execution notification of level ``error`` naming it and
    the reason, in an invocation that says the run did not succeed (SARIF
    2.1.0 §3.20.21, §3.58).
    """
    index: dict[str, int] = {}
    results: list[dict[str, Any]] = []
    notifications: list[dict[str, Any]] = []
    for f in files:
        if isinstance(f, Unreadable):
            notifications.append(
                {
                    "level": "error",
                    "message": {"text": f"{f.path}: {f.reason}"},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": f.path}}}],
                    "descriptor": {"id": "unreadable"},
                }
            )
            continue
        for d in f.diagnostics:
            i = index.setdefault(d.code, len(index))
            results.append(_result(d, f.path, i))
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "trfkit",
                "informationUri": INFORMATION_URI,
                "version": tool_version,
                "rules": [_rule(code) for code in index],
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if notifications:
        run["invocations"] = [
            {"executionSuccessful": False, "toolExecutionNotifications": notifications}
        ]
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def render_github(files: Sequence[CheckedFile | Unreadable]) -> str:
    """GitHub Actions workflow commands, one line per diagnostic, and an
    error on each file that could not be read (titled ``unreadable``).

    >>> from trfkit.diagnostics import Diagnostic, Severity
    >>> d = Diagnostic("P002", Severity.WARNING, 0, 0, "50% done")
    >>> render_github([CheckedFile("a,b.trf", None, None, None, (d,))])
    '::warning file=a%2Cb.trf,title=P002::50%25 done\\n'
    """
    out: list[str] = []
    for f in files:
        if isinstance(f, Unreadable):
            where = f"file={_escape_property(f.path)},title=unreadable"
            out.append(f"::error {where}::{_escape_data(f.reason)}")
            continue
        for d in f.diagnostics:
            props = [f"file={_escape_property(f.path)}"]
            if d.line >= 1:
                props.append(f"line={d.line}")
                if d.column >= 1:
                    props.append(f"col={d.column}")
            props.append(f"title={_escape_property(d.code)}")
            ref = f" [{d.reference}]" if d.reference else ""
            out.append(
                f"::{_GITHUB_COMMANDS[d.severity]} {','.join(props)}::{_escape_data(d.message + ref)}"
            )
    return "".join(line + "\n" for line in out)
