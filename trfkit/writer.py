"""The writer: records → TRF text, losslessly or canonically.

*Lossless* (``dumps(t)`` for a tournament read from a file): records are
written in file order, each as the exact text it was read from, as long as
it still says what that text says (the writer reads the text again and
compares); an edited record is written canonically in its place; a record
added in Python follows the last record of its collection. Encoding, BOM and
line endings are those of the source.

*Canonical* (``dumps(t, dialect="trf16"|"trf26")``, or a tournament built in
Python): records in the FIDE order, each field padded into its columns by the
column table (grammars/columns.toml). :func:`convert` turns a tournament into
the target dialect first and reports, as P009, whatever that dialect cannot
represent.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from trfkit._gc import no_cyclic_gc
from trfkit.columns import header_specs
from trfkit.decode import encode
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.lines import format_points, render
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    Accelerations,
    BbpPoints,
    Blank,
    Bye,
    Comment,
    Dialect,
    EngineRecord,
    ForfeitedMatch,
    Header,
    LineUp,
    NationalRating,
    Player,
    ProhibitedPairing,
    Record,
    RoundDates,
    Scoring,
    Team,
    TeamBye,
    TextRecord,
    Tournament,
    UnknownLine,
)

__all__ = [
    "ValueTooWide",
    "convert",
    "dump",
    "dumps",
    "dumps_edited",
    "format_points",
    "render",
    "rewrite",
]


# -- lossless writing --------------------------------------------------------


def _unchanged(record: Record, dialect: Dialect) -> bool:
    """Does the record still say exactly what the text it came from says?"""
    from trfkit.reader import parse_record

    origin = record.origin
    assert origin is not None
    if type(record) is UnknownLine:
        # Kept verbatim: no need to read the line again (a garbage file is
        # all such lines, and an over-long line is one).
        return record.text == origin.text
    again, _ = parse_record(origin.text, dialect)
    return bool(again == record)


def _collections(t: Tournament) -> list[Iterable[Record]]:
    return [t.headers, t.players, t.teams, t.national_ratings, t.records]


def _lossless_lines(
    t: Tournament,
    newline: str,
    overflows: list[str] | None = None,
    edit: Callable[[Record, str], str] | None = None,
) -> list[tuple[str, str]]:
    keyed: list[tuple[float, int, int, Record]] = []
    seq = 0
    for group, collection in enumerate(_collections(t)):
        last_line: float = -1.0
        for record in collection:
            seq += 1
            if record.origin is not None:
                last_line = record.origin.line
                keyed.append((last_line, 0, seq, record))
            else:
                # An added record follows its predecessor in the same collection;
                # with none, headers go first and the others last.
                anchor = last_line if last_line >= 0 else (0.0 if group == 0 else float("inf"))
                keyed.append((anchor, 1, seq, record))
    keyed.sort(key=lambda k: (k[0], k[1], k[2]))
    out: list[tuple[str, str]] = []
    for _, _, _, record in keyed:
        origin = record.origin
        if origin is not None and _unchanged(record, t.dialect):
            text, eol = origin.text, origin.eol
        else:
            text = _rendered(record, overflows)
            eol = origin.eol if origin is not None else newline
        out.append((edit(record, text) if edit is not None else text, eol))
    return out


def dumps_edited(t: Tournament, edit: Callable[[Record, str], str]) -> str:
    """The lossless text of ``t`` (read from a file), each record's line
    passed through ``edit(record, text)`` as it is written: ``trfkit pair``
    puts the new round's cell into the player lines as the file wrote them,
    where setting the cell on the record would write the line canonically."""
    newline = t.source.newline if t.source else "\n"
    with no_cyclic_gc():
        return _join(_lossless_lines(t, newline, None, edit), newline)


def _rendered(record: Record, overflows: list[str] | None) -> str:
    """``render(record)``, each value too wide for its columns added to
    ``overflows`` (when given) with the record it is in."""
    over: list[str] = []
    line = render(record, over)
    if over and overflows is not None:
        overflows += [f"{_where(record)}: {problem}" for problem in over]
    return line


def _where(record: Record) -> str:
    """Which record a message is about: its source line, else its code."""
    code = getattr(record, "code", type(record).__name__)
    if isinstance(record, Player):
        return f"player {record.start_rank} (001)"
    if record.origin is not None:
        return f"line {record.origin.line} ({code})"
    return f"record {code}"


def _join(lines: list[tuple[str, str]], newline: str) -> str:
    """The lines with their own endings; the last keeps none if it had none."""
    parts: list[str] = []
    last = len(lines) - 1
    for i, (text, eol) in enumerate(lines):
        if not eol and i < last:
            eol = newline  # a line that was last in the source no longer is
        parts.append(text)
        parts.append(eol)
    return "".join(parts)


# -- canonical writing and conversion ----------------------------------------

_HEADER_ORDER = {code: i for i, code in enumerate(header_specs())}
_ENGINE_ORDER = {"XXR": 0, "XXC": 1, "XXS": 2, "XXZ": 3, "XXP": 4}


def _group(record: Record) -> tuple[int, int]:
    """Canonical position: (group, order within group)."""
    if isinstance(record, Header | RoundDates | Scoring):
        return (0, _HEADER_ORDER.get(record.code, 99))
    if isinstance(record, EngineRecord):
        return (1, _ENGINE_ORDER.get(record.code, 9))
    if isinstance(record, BbpPoints):
        return (1, 10)
    if isinstance(record, Player):
        return (2, 0)
    if isinstance(record, TextRecord) and record.code == "DAT":
        return (3, 0)
    if isinstance(record, NationalRating):
        return (4, 0)
    if isinstance(record, Team):
        return (5, 0)
    if isinstance(record, Bye | Acceleration | ProhibitedPairing | AbnormalPoints):
        return (6, int(record.code))
    if isinstance(record, LineUp | TeamBye | ForfeitedMatch):
        return (7, int(record.code))
    if isinstance(record, Accelerations):
        return (8, 0)
    if isinstance(record, TextRecord):
        return (9, 0)
    return (10, 0)


def convert(t: Tournament, dialect: Dialect | str) -> tuple[Tournament, list[Diagnostic]]:
    """A copy of ``t`` in ``dialect`` (records without origins), and what the
    copy does not hold as the file had it (P009); see :mod:`trfkit.conversion`."""
    # Imported here, as in rewrite and dumps: the converter (and the type
    # names and scoring it reads) is not needed to read a file or check it,
    # and importing trfkit stays quick. It imports nothing of the writer's.
    from trfkit.conversion import convert as _convert

    return _convert(t, dialect)


def rewrite(
    t: Tournament, to: Dialect | str | None = None, newline: str | None = None
) -> tuple[str, list[Diagnostic]]:
    """What ``trfkit fmt`` writes: ``t`` canonically in ``to`` (default: the
    file's own dialect, TRF16 for every dialect but TRF-2026) with the
    file's own line ending (``newline``: ``lf``, ``crlf`` or ``cr`` instead;
    CRLF for a tournament not read from a file), and the findings to show:
    the reader's, then what the output does not hold as the file had it."""
    target = Dialect(to) if to else (Dialect.TRF26 if t.dialect is Dialect.TRF26 else Dialect.TRF16)
    # The copy keeps its lines' origins: a comment stays before the record
    # that followed it in the file (the canonical order is by line within a
    # group).
    from trfkit.conversion import convert_keeping_lines

    converted, lost = convert_keeping_lines(t, target)
    nl = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}.get(newline or "")
    if nl is None:
        nl = t.source.newline if t.source else "\r\n"
    # The values too wide for their columns are in ``lost`` (P009): written
    # as the reader would read them, not refused.
    with no_cyclic_gc():
        text = "".join(line + nl for line in _canonical_lines(converted))
    # The reader's P001 says an unknown line is kept as it is, true of
    # dumps; the canonical output drops it, and P009 says so: one finding a
    # line, the one about what was written.
    dropped = {d.line for d in lost if d.code == "P009"}
    read = [d for d in t.diagnostics if d.code != "P001" or d.line not in dropped]
    # The records the output's dialect requires and it lacks: the reader's
    # P007 named those of the file's own dialect (TRF26 requires 042, 052
    # and 132 besides TRF16's).
    from trfkit.reader import missing_records

    read = [d for d in read if not (d.code == "P007" and d.severity is Severity.WARNING)]
    missing = missing_records(converted)
    if missing is not None:
        read.insert(0, missing)
    return text, [*read, *lost]


def _canonical_lines(t: Tournament, overflows: list[str] | None = None) -> list[str]:
    ordered: list[tuple[tuple[int, int], int, Record]] = []
    pending_comments: list[tuple[int, Comment]] = []
    seq = 0
    all_records = sorted(
        enumerate(_all(t)), key=lambda ir: (ir[1].origin.line if ir[1].origin else 10**9, ir[0])
    )
    for _, record in all_records:
        seq += 1
        if isinstance(record, Comment):
            pending_comments.append((seq, record))
            continue
        if isinstance(record, Blank):
            continue
        group = _group(record)
        for cseq, comment in pending_comments:
            ordered.append((group, cseq, comment))
        pending_comments = []
        ordered.append((group, seq, record))
    for cseq, comment in pending_comments:
        ordered.append(((11, 0), cseq, comment))
    ordered.sort(key=lambda k: (k[0], k[1]))
    return [_rendered(record, overflows) for _, _, record in ordered]


def _all(t: Tournament) -> list[Record]:
    return [r for collection in _collections(t) for r in collection]


# -- public API --------------------------------------------------------------


def dumps(
    t: Tournament,
    dialect: Dialect | str | None = None,
    *,
    newline: str | None = None,
) -> str:
    """The text of ``t``.

    With ``dialect=None`` a tournament read from a file is written back as it
    was (lossless); one built in Python is written canonically in its own
    dialect. With a dialect, the tournament is converted and written
    canonically (see :func:`convert` for what is lost).
    """
    # Writing makes a string per line and no cycles; with a large file's
    # records alive, the collector's full passes would make time grow faster
    # than the file (issue 6: 50 MB of garbage).
    with no_cyclic_gc():
        overflows: list[str] = []
        text = _dumps(t, dialect, newline, overflows)
    if overflows:
        # A value wider than its columns would run into the next field and be
        # cut by it: refused rather than written damaged.
        raise ValueTooWide(overflows)
    return text


class ValueTooWide(ValueError):
    """A record holds a value wider than its columns (a rating of 123456, a
    name of 40 characters): :func:`dumps` refuses to write it, as the line
    would hold another value. ``problems`` names each, with its record and
    columns. (:func:`rewrite`, what ``trfkit fmt`` writes, reports them as
    P009 instead, for a file whose own lines were misaligned.)"""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        super().__init__("cannot write: " + "; ".join(problems[:3]) + more)


def _dumps(
    t: Tournament,
    dialect: Dialect | str | None,
    newline: str | None,
    overflows: list[str] | None = None,
) -> str:
    if dialect is None and any(r.origin is not None for r in _all(t)):
        nl = newline or (t.source.newline if t.source else "\n")
        return _join(_lossless_lines(t, nl, overflows), nl)
    target = Dialect(dialect) if isinstance(dialect, str) else dialect
    if target is None:
        target = Dialect.TRF26 if t.dialect is Dialect.TRF26 else Dialect.TRF16
    from trfkit.conversion import convert_keeping_lines

    converted, _ = convert_keeping_lines(t, target)
    nl = newline or "\r\n"
    return "".join(line + nl for line in _canonical_lines(converted, overflows))


def dump(
    t: Tournament,
    path: str | os.PathLike[str],
    dialect: Dialect | str | None = None,
    *,
    newline: str | None = None,
    encoding: str | None = None,
) -> None:
    """Write ``t`` to ``path`` with the source's encoding and BOM (UTF-8 by default)."""
    text = dumps(t, dialect, newline=newline)
    codec = encoding or (t.source.encoding if t.source else "utf-8")
    bom = bool(t.source and t.source.bom and encoding is None)
    Path(path).write_bytes(encode(text, codec, bom))


def dumpb(t: Tournament, dialect: Dialect | str | None = None) -> bytes:
    """The bytes of ``t`` with the source's encoding and BOM."""
    text = dumps(t, dialect)
    codec = t.source.encoding if t.source else "utf-8"
    return encode(text, codec, bool(t.source and t.source.bom))
