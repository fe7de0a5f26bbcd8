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

from trfkit.diagnostics import Diagnostic, Severity

__all__ = ["CODES", "Code", "code", "diagnostic"]


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


def _pl(rank: int, name: str, fide_id: int, points: str, *cells: str) -> str:
    """A 001 line with its fields on their columns (TRF16 §2.2)."""
    line = (
        f"001 {rank:>4} m    {name:<33} {2400 - rank:>4} SLO {fide_id:>11} 1990/05/01 "
        f"{points:>4} {rank:>4}"
    )
    return line + "".join(f"  {c}" for c in cells)


_A = _pl(1, "Novak, Jan", 14600012, "1.0", "   2 w 1")
_B = _pl(2, "Horvat, Eva", 14600020, "0.0", "   1 b 0")
_C_BYE = _pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - U")


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
            "S101",
            "structure.pairing-not-mutual",
            Severity.ERROR,
            "A player names an opponent in a round, but that opponent does not name "
            "him in the same round.",
            "TRF16 §2.2 (round blocks: the scheduled opponent)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600020, "1.0", "0000 - U")),
            _ex(*_HEAD, _A, _B),
            "Write the game on both players' lines, in the same round.",
        ),
        Code(
            "S102",
            "structure.colours",
            Severity.ERROR,
            "The two sides of a game do not have opposite colours (both w, both b, or "
            "one -), or a round with no opponent has a colour.",
            "TRF16 §2.2 (colour w/b of the scheduled game; - for a bye)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600020, "0.0", "   1 w 0")),
            _ex(*_HEAD, _A, _B),
            "Give one player w and the other b; write - on byes.",
        ),
        Code(
            "S103",
            "structure.results",
            Severity.ERROR,
            "The two results of a game do not fit each other: 1/0, =/=, +/-, -/- "
            "(double forfeit), W/L or D/D.",
            "TRF16 §2.3 (result codes)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600020, "1.0", "   1 b 1")),
            _ex(*_HEAD, _A, _B),
            "Correct the result on one of the two lines.",
        ),
        Code(
            "S104",
            "structure.points",
            Severity.ERROR,
            "A player's declared points (columns 81-84) differ from the points his "
            "results give under the event's scoring: TRF26 162, XXS or BB* when "
            "given, else 1/½/0 with a full point for F and U byes and a half for H. "
            "TRF26 299 bonuses and penalties are counted; XXA acceleration may be "
            "included or not.",
            "TRF16 §2.2 (points); TRF26 162, 299",
            _ex(*_HEAD, _pl(1, "Novak, Jan", 14600012, "2.0", "   2 w 1"), _B),
            _ex(*_HEAD, _A, _B),
            "Recompute the points from the results, or declare the scoring system (162).",
        ),
        Code(
            "S105",
            "structure.ranks",
            Severity.ERROR,
            "Ranks (columns 86-89) that are not an ordering of the declared points: a "
            "player ranked below someone with fewer points, or a rank above the "
            "number of players. A missing rank is a warning.",
            "TRF16 §2.2 (rank: mandatory for rating)",
            _ex(
                *_HEAD,
                _pl(1, "Novak, Jan", 14600012, "0.0", "   2 w 0"),
                _pl(2, "Horvat, Eva", 14600020, "1.0", "   1 b 1"),
            ),
            _ex(*_HEAD, _A, _B),
            "Rank the players by their points (ties by the tie-breaks).",
        ),
        Code(
            "S106",
            "structure.header-counts",
            Severity.ERROR,
            "A count in the header disagrees with the file: 062 (players), 072 (rated "
            "players, a warning), 082 (teams), or 142/XXR (rounds) fewer than the rounds "
            "that have results.",
            "TRF16 062, 072, 082; TRF26 142; TRF(x) XXR",
            _ex(*_HEAD, "062 3", _A, _B),
            _ex(*_HEAD, "062 2", _A, _B),
            "Correct the count.",
        ),
        Code(
            "S107",
            "structure.duplicate-id",
            Severity.ERROR,
            "Two players share a starting rank or a FIDE id.",
            "TRF16 §2.2 (starting rank, FIDE number)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600012, "0.0", "   1 b 0")),
            _ex(*_HEAD, _A, _B),
            "Give each player his own starting rank and FIDE id.",
        ),
        Code(
            "S108",
            "structure.round-dates",
            Severity.ERROR,
            "Round dates (132) outside the event's dates (042-052), earlier than the "
            "round before, or (a warning) dating a different number of rounds than the "
            "tournament has; also an end date (052) before the start date (042).",
            "TRF16 042, 052, 132",
            _ex(*_HEAD, "042 2025/05/01", "052 2025/05/02", "132" + " " * 88 + "25/05/03", _A, _B),
            _ex(*_HEAD, "042 2025/05/01", "052 2025/05/02", "132" + " " * 88 + "25/05/01", _A, _B),
            "Correct the dates.",
        ),
        Code(
            "S109",
            "structure.unknown-opponent",
            Severity.ERROR,
            "A round names an opponent number that is no player of the file, or the "
            "player himself.",
            "TRF16 §2.2 (opponent: a starting rank)",
            _ex(
                *_HEAD,
                _pl(1, "Novak, Jan", 14600012, "1.0", "   9 w 1"),
                _pl(2, "Horvat, Eva", 14600020, "1.0", "0000 - U"),
            ),
            _ex(*_HEAD, _A, _B),
            "Use the opponent's starting rank.",
        ),
        Code(
            "S110",
            "structure.two-games-in-a-round",
            Severity.ERROR,
            "Two players name the same opponent in one round: he would play two games.",
            "TRF16 §2.2 (one scheduled opponent per round)",
            _ex(*_HEAD, _A, _B, _pl(3, "Zupan, Ana", 14600039, "1.0", "   2 w 1")),
            _ex(*_HEAD, _A, _B, _C_BYE),
            "Correct the opponent of one of the two players.",
        ),
        Code(
            "S111",
            "structure.bye-coding",
            Severity.ERROR,
            "Bye coding: a bye code (H F U Z) with an opponent, a game result with no "
            "opponent, more than one pairing-allocated bye (U) in a round, or (warning) "
            "F where the pairing-allocated bye is meant.",
            "TRF16 §2.3 (U: at most once per round; F deprecated for the PAB)",
            _ex(*_HEAD, _A, _B, _pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - 1")),
            _ex(*_HEAD, _A, _B, _C_BYE),
            "Write byes as 0000 - H/F/U/Z and games with the opponent's number.",
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
    entry = CODES[code]
    return Diagnostic(
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
