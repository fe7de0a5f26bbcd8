"""The diagnostic codes: what each one is, and the registry of them all.

Codes are stable: once published, a code keeps its meaning, so a user's
suppressions (``--ignore P004``, ``### trfkit: ignore P004``) never break.
Each code carries a short name (like sqlfluff's ``layout.spacing``), its
default severity, the text it enforces, and a failing and a passing example
that docs/codes.md shows and tests/test_codes.py runs.

A code is declared once, where it is produced: a check's codes with the
check, in its family's module (:func:`trfkit.checks.registry.check`); the
reader's codes (P), which the reader, the dialects and the writer all
produce, here, at the bottom of the package where all of them import.
:func:`ordered` is every code declared so far; :data:`trfkit.checks.CODES`
every code, the checks' with them. The examples are built from the lines
of :mod:`trfkit._examples`.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from trfkit import _examples as ex
from trfkit.diagnostics import Diagnostic, Severity, build_diagnostic

__all__ = [
    "Code",
    "DeclarationError",
    "code",
    "declare",
    "declared",
    "diagnostic",
    "ordered",
    "withdraw",
]


@attrs.frozen
class Code:
    code: str
    name: str
    severity: Severity
    summary: str
    reference: str | None
    failing: tuple[str, ...]
    passing: tuple[str, ...]
    fix: str
    rules: str = "auto"
    """The rule set the examples are checked under."""
    quote: str = ""
    """The regulation's own words, where the seeds give them."""
    load_options: tuple[tuple[str, int], ...] = ()
    """Options of :func:`trfkit.loads` the examples are read with (the
    reader's limits, set low so that an example stays short)."""
    rating_list: tuple[str, ...] = ()
    """A FIDE players' list (TXT lines) the examples are checked against,
    as by ``check --rating-list``."""
    grouped: str = ""
    """For a per-player note a file may hold hundreds of: what the players
    have in common, in the words of the one line that ``check``'s text
    output gives them all (``--verbose`` lists each)."""
    produced_by: str = ""
    """The modules that produce a code no check declares (the reader's):
    a code declared with neither a check nor a producer is an error."""
    plain: str = ""
    """The cause in an arbiter's words, lower case (the page and the
    verdict write "ranks out of order (S105)"): required, a code declared
    without it is an error."""
    page_fix: str = ""
    """The one-line fix on the page, where :attr:`fix` names a command-line
    option or a page of the docs, which an arbiter on the page does not have."""
    check_with: tuple[tuple[str, str], ...] = ()
    """Options of :func:`trfkit.checks.validate` the examples are checked
    with, for a code only an option asks for (``pairings``: ``check
    --pairings``)."""


class DeclarationError(ValueError):
    """A code declared twice, or declared incompletely (no examples, no
    check and no producer): raised when the module declaring it is imported."""


# Every declared code by code, in the order declared. Filled as the modules
# that declare codes are imported (trfkit.checks.CODES loads them all).
_DECLARED: dict[str, Code] = {}
_ORDERED: list[dict[str, Code]] = []  # ordered(), rebuilt when a code is declared


def declare(*codes: Code) -> tuple[Code, ...]:
    """Register ``codes``; a code declared twice, or without a failing and a
    passing example, is a :class:`DeclarationError`."""
    for c in codes:
        if c.code in _DECLARED and _DECLARED[c.code] is not c:
            raise DeclarationError(
                f"{c.code} is declared twice ({c.name}, {_DECLARED[c.code].name})"
            )
        if not c.failing or not c.passing:
            raise DeclarationError(f"{c.code} has no failing or no passing example")
        if not c.plain or not c.plain[:1].islower():
            raise DeclarationError(
                f"{c.code} has no plain words (Code.plain: its cause in an arbiter's "
                "words, lower case)"
            )
        _DECLARED[c.code] = c
    _ORDERED.clear()
    return codes


def declared() -> Mapping[str, Code]:
    """The codes declared so far, in the order declared (see :func:`ordered`)."""
    return _DECLARED


def withdraw(*codes: str) -> None:
    """Forget ``codes`` (a test's scratch declarations)."""
    for c in codes:
        _DECLARED.pop(c, None)
    _ORDERED.clear()


def _order(c: str) -> tuple[int, str]:
    # The reader's codes, then the structure's, then the regulations'.
    return ("PSR".find(c[0]) % 4, c)


def ordered() -> Mapping[str, Code]:
    """The codes declared so far, P then S then R codes, each kind by number.

    The checks' codes are declared when :mod:`trfkit.checks` is imported;
    :data:`trfkit.checks.CODES` is this order with them all. The reader
    needs only its own codes and never pays for importing the checks.
    """
    if not _ORDERED:
        _ORDERED.append({c: _DECLARED[c] for c in sorted(_DECLARED, key=_order)})
    return _ORDERED[0]


# The reader's codes (P). The reader, the dialects, the converter and the
# writer produce them (each names its modules); a check may report one too
# (P008, the two time control records of a file).
declare(
    Code(
        "P001",
        "format.unknown-record",
        Severity.INFO,
        "A line whose columns 1-3 hold no known record code. It is kept "
        "verbatim and written back unchanged (trfkit fmt, which writes canonically, "
        "drops it and says so with P009 instead).",
        "TRF16 §1; TRF26 §1 (readers skip unknown codes)",
        ex.lines(*ex.HEAD, "ABC?something", ex.P1, ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Remove the line, or make it a TRF26 comment by starting it with ###.",
        produced_by="trfkit.reader",
        plain="a line of an unknown kind",
    ),
    Code(
        "P002",
        "format.field",
        Severity.ERROR,
        "A field does not match its column format: a letter in a number, "
        "an unknown result or colour code, a title or sex that is no code.",
        "TRF16 §2.2 (player record), §2.3 (result codes)",
        ex.lines(*ex.HEAD, ex.P1, ex.P2_BAD),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the field as the column table says (docs/formats.md).",
        produced_by="trfkit.reader, trfkit.conversion",
        plain="a field that cannot be read",
        page_fix="Write the field as its columns expect (a number, a date, a result code).",
    ),
    Code(
        "P003",
        "format.misaligned",
        Severity.WARNING,
        "Fields are shifted against the column table: a separator column "
        "holds text, or a line ends inside a right-aligned number (the line "
        "was cut). The usual causes are a wrong encoding or hand editing.",
        "TRF16 §2.2; TRF26 (fixed columns)",
        ex.lines(*ex.HEAD, ex.P1, " " + ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Re-align the line so each field starts at its column; check the file's encoding.",
        produced_by="trfkit.reader",
        plain="fields shifted out of their columns",
    ),
    Code(
        "P004",
        "format.date",
        Severity.WARNING,
        "A date that cannot be read as a calendar date.",
        "TRF16 §2.1 (042, 052, 132), §2.2 (birth date YYYY/MM/DD)",
        ex.lines(*ex.HEAD, "042 2025/13/45", ex.P1, ex.P2),
        ex.lines(*ex.HEAD, "042 2025/03/14", ex.P1, ex.P2),
        "Write dates as YYYY/MM/DD.",
        produced_by="trfkit.reader",
        plain="a date that is no date",
    ),
    Code(
        "P005",
        "format.encoding",
        Severity.INFO,
        "The file is not valid UTF-8 and was decoded with another codec "
        "(cp1252 or latin-1), or holds bytes no codec defines.",
        "TRF16/TRF26 name no encoding; JaVaFo recommends UTF-8",
        ex.lines(
            *ex.HEAD,
            "001    1 m GM Nov\udce1k, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1",
        ),
        ex.lines(
            *ex.HEAD,
            "001    1 m GM Novák, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1",
        ),
        "Save the file as UTF-8, or pass --encoding.",
        produced_by="trfkit.reader",
        plain="the file's encoding was guessed",
        page_fix="Save the file as UTF-8, or check it again in its own encoding.",
    ),
    Code(
        "P006",
        "format.repeated-record",
        Severity.WARNING,
        "A record that may appear only once appears again (the first "
        "one is used), or two players share a starting rank. Several 132 "
        "lines of one date each are read as one round's date a line, and "
        "said once.",
        "TRF16 §2.1; TRF26 §3.4",
        ex.lines(*ex.HEAD, "012 Spring Open again", ex.P1, ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Keep one such line (132: every round's date on one line, each in its round's columns).",
        produced_by="trfkit.reader",
        plain="a record given twice",
    ),
    Code(
        "P007",
        "format.missing-record",
        Severity.WARNING,
        "A record mandatory in the file's dialect is missing (TRF16: 012, "
        "022, 032, 102 and 001; TRF26 also 042, 052 and 132). Without a single "
        "player record (001) it is an error: there is nothing to check or rate.",
        "TRF16 §2.1 (R ■); TRF26 §3.3",
        ex.lines("012 Spring Open", ex.P1, ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Add the missing record.",
        produced_by="trfkit.reader",
        plain="a required record missing",
    ),
    Code(
        "P008",
        "format.dialect-conflict",
        Severity.WARNING,
        "Records of two dialects disagree (142 and XXR give different "
        "round counts, 152 and XXC different first colours, 122 and 222 "
        "different time controls, or 222 is not understood and 122 stands in), "
        "or a record code is used with another program's meaning (Vega's 142-192).",
        "TRF26 §3.4 (142, 152, 222); JaVaFo AUM (XXR, XXC)",
        ex.lines(*ex.HEAD, "142 5", "XXR 7", ex.P1, ex.P2),
        ex.lines(*ex.HEAD, "142 5", "XXR 5", ex.P1, ex.P2),
        "Make the records agree, or drop the engine lines.",
        produced_by="trfkit.dialect, trfkit.checks.headers",
        plain="records of two formats disagree",
    ),
    Code(
        "P009",
        "format.not-representable",
        Severity.WARNING,
        "Writing canonically or converting to another dialect (fmt): a record, "
        "field or round cell the output cannot hold as the file had it was dropped "
        "or rewritten.",
        "TRF16 (no 142-362, NRS, ###); TRF26 §3",
        ex.lines(*ex.HEAD, "### a comment", ex.P1, ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Convert to the dialect that holds the record, correct the field the "
        "reader could not read (its P002, P003 or P004), or accept the loss.",
        produced_by="trfkit.conversion, trfkit.writer",
        plain="something the rewritten file cannot hold",
    ),
    Code(
        "P010",
        "format.file-too-large",
        Severity.ERROR,
        "The file is larger than the reader's limit (64 MiB by default): it was "
        "not read. Real TRF files are a few MB at most; the limit keeps a server "
        "that takes files from anyone from reading whatever it is sent.",
        None,
        ex.lines(*ex.HEAD, ex.P1, ex.P2, "### " + "padding " * 40),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Check that this is the TRF file you meant; if it is, raise the limit "
        "(--max-file-size, or max_size= in Python).",
        load_options=(("max_size", 400),),
        produced_by="trfkit.reader",
        plain="the file is too large to read",
        page_fix="Check that this is the tournament's TRF file.",
    ),
    Code(
        "P011",
        "format.line-too-long",
        Severity.ERROR,
        "A line is longer than the reader's limit (65,536 characters, a player "
        "line of about 6,500 rounds, by default): it is kept as it is, but not read.",
        None,
        ex.lines(*ex.HEAD, ex.P1 + "  0002 w 1" * 3, ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Look for a line that lost its line breaks, or raise the limit "
        "(--max-line-length, or max_line_length= in Python).",
        load_options=(("max_line_length", 110),),
        produced_by="trfkit.reader",
        plain="a line too long to read",
        page_fix="Look for a line that lost its line breaks.",
    ),
    Code(
        "P012",
        "format.not-trf",
        Severity.ERROR,
        "The file is no TRF file at all: it is empty, or not text (a ZIP "
        "archive such as a .docx, .xlsx or .odt document, an Office 97-2003 "
        "document, a PDF, an image, an archive, binary data with NUL bytes "
        "or control characters). The command line refuses it (exit status 2); "
        "the library reads it all the same, so that it writes back byte for "
        "byte, and reports this error.",
        None,
        ex.lines("%PDF-1.7", "1 0 obj", "<< /Type /Catalog /Pages 2 0 R >>"),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Give the tournament's TRF file: export it from the pairing program "
        "(Swiss-Manager, Vega, ...) as a FIDE report (TRF), not as a document.",
        produced_by="trfkit.reader, trfkit.checks.files",
        plain="not a tournament report file",
    ),
)


def code(code: str) -> Code:
    """The registry entry of ``code`` (a check's: once :mod:`trfkit.checks` is imported)."""
    return _DECLARED[code]


def diagnostic(
    code: str,
    line: int,
    column: int,
    message: str,
    *,
    found: str | None = None,
    expected: str | None = None,
    severity: Severity | None = None,
) -> Diagnostic:
    """A diagnostic of ``code``, with the registry's severity (unless given),
    reference and fix."""
    entry = _DECLARED[code]
    return build_diagnostic(
        code,
        severity or entry.severity,
        line,
        column,
        message,
        entry.reference,
        found,
        expected,
        entry.fix,
    )
