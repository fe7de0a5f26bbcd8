"""The registry of diagnostic codes.

Codes are stable: once published, a code keeps its meaning, so a user's
suppressions (``--ignore P004``, ``### trfkit: ignore P004``) never break.
Each code carries a short name (like sqlfluff's ``layout.spacing``), its
default severity, the text it enforces, and a failing and a passing example
that docs/codes.md shows and tests/test_codes.py runs.

Examples are TRF text in which ``⏎`` stands for nothing: each example is a
list of lines joined with LF.
"""

from __future__ import annotations

import attrs

from trfkit.diagnostics import Severity

__all__ = ["CODES", "Code", "code"]


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


_HEAD = (
    "012 Spring Open",
    "022 Bled",
    "032 SLO",
    "102 Kovac, Ana",
)
_P1 = "001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1"
_P2 = "001    2 w IM Horvat, Eva                       2402 SLO    14600020 1995/06/02  0.0    2     1 b 0"
_P2_BAD = "001    2 w IM Horvat, Eva                       24O2 SLO    14600020 1995/06/02  0.0    2     1 b 0"


def _ex(*lines: str) -> tuple[str, ...]:
    return tuple(lines)


CODES: dict[str, Code] = {
    c.code: c
    for c in [
        Code(
            "P001",
            "format.unknown-record",
            Severity.INFO,
            "A line whose columns 1-3 hold no known record code. It is kept "
            "verbatim and written back unchanged.",
            "TRF16 §1; TRF26 §1 (readers skip unknown codes)",
            _ex(*_HEAD, "ABC?something", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Remove the line, or make it a TRF26 comment by starting it with ###.",
        ),
        Code(
            "P002",
            "format.field",
            Severity.ERROR,
            "A field does not match its column format: a letter in a number, "
            "an unknown result or colour code, a title or sex that is no code.",
            "TRF16 §2.2 (player record), §2.3 (result codes)",
            _ex(*_HEAD, _P1, _P2_BAD),
            _ex(*_HEAD, _P1, _P2),
            "Write the field as the column table says (docs/formats.md).",
        ),
        Code(
            "P003",
            "format.misaligned",
            Severity.WARNING,
            "Fields are shifted against the column table: a separator column "
            "holds text. The usual causes are a wrong encoding or hand editing.",
            "TRF16 §2.2; TRF26 (fixed columns)",
            _ex(*_HEAD, _P1, " " + _P2),
            _ex(*_HEAD, _P1, _P2),
            "Re-align the line so each field starts at its column; check the file's encoding.",
        ),
        Code(
            "P004",
            "format.date",
            Severity.WARNING,
            "A date that cannot be read as a calendar date.",
            "TRF16 §2.1 (042, 052, 132), §2.2 (birth date YYYY/MM/DD)",
            _ex(*_HEAD, "042 2025/13/45", _P1, _P2),
            _ex(*_HEAD, "042 2025/03/14", _P1, _P2),
            "Write dates as YYYY/MM/DD.",
        ),
        Code(
            "P005",
            "format.encoding",
            Severity.INFO,
            "The file is not valid UTF-8 and was decoded with another codec "
            "(cp1252 or latin-1), or holds bytes no codec defines.",
            "TRF16/TRF26 name no encoding; JaVaFo recommends UTF-8",
            _ex(
                *_HEAD,
                "001    1 m GM Nov\udce1k, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1",
            ),
            _ex(
                *_HEAD,
                "001    1 m GM Novák, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1",
            ),
            "Save the file as UTF-8, or pass --encoding.",
        ),
        Code(
            "P006",
            "format.repeated-record",
            Severity.WARNING,
            "A record that may appear only once appears again (the first "
            "one is used), or two players share a starting rank.",
            "TRF16 §2.1; TRF26 §3.4",
            _ex(*_HEAD, "012 Spring Open again", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Delete the repeated line.",
        ),
        Code(
            "P007",
            "format.missing-record",
            Severity.WARNING,
            "A record mandatory in the file's dialect is missing (TRF16: 012, "
            "022, 032, 102 and 001; TRF26 also 042, 052 and 132).",
            "TRF16 §2.1 (R ■); TRF26 §3.3",
            _ex("012 Spring Open", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Add the missing record.",
        ),
        Code(
            "P008",
            "format.dialect-conflict",
            Severity.WARNING,
            "Records of two dialects disagree (142 and XXR give different "
            "round counts, 152 and XXC different first colours), or a record "
            "code is used with another program's meaning (Vega's 142-192).",
            "TRF26 §3.4 (142, 152); JaVaFo AUM (XXR, XXC)",
            _ex(*_HEAD, "142 5", "XXR 7", _P1, _P2),
            _ex(*_HEAD, "142 5", "XXR 5", _P1, _P2),
            "Make the records agree, or drop the engine lines.",
        ),
        Code(
            "P009",
            "format.not-representable",
            Severity.WARNING,
            "Converting to another dialect: a record the target dialect "
            "cannot represent was dropped or rewritten.",
            "TRF16 (no 142-362, NRS, ###); TRF26 §3",
            _ex(*_HEAD, "### a comment", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Convert to the dialect that holds the record, or accept the loss.",
        ),
    ]
}


def code(code: str) -> Code:
    """The registry entry of ``code``."""
    return CODES[code]
