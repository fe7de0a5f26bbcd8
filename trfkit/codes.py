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
:data:`CODES` is every declared code. The examples are built from the lines
of :mod:`trfkit._examples`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs

from trfkit import _examples as ex
from trfkit.diagnostics import Diagnostic, Severity, build_diagnostic

__all__ = [
    "CODES",
    "Code",
    "DeclarationError",
    "code",
    "declare",
    "declared",
    "diagnostic",
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


class DeclarationError(ValueError):
    """A code declared twice, or declared incompletely (no examples, no
    check and no producer): raised when the module declaring it is imported."""


# Every declared code by code, in the order declared. Filled as the modules
# that declare codes are imported; read through CODES, which loads them all.
_DECLARED: dict[str, Code] = {}
_ORDERED: list[dict[str, Code]] = []  # CODES' order, rebuilt when a code is declared


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
        _DECLARED[c.code] = c
    _ORDERED.clear()
    return codes


def declared() -> Mapping[str, Code]:
    """The codes declared so far, without loading the checks (see :data:`CODES`)."""
    return _DECLARED


def withdraw(*codes: str) -> None:
    """Forget ``codes`` (a test's scratch declarations)."""
    for c in codes:
        _DECLARED.pop(c, None)
    _ORDERED.clear()


def _order(c: str) -> tuple[int, str]:
    # The reader's codes, then the structure's, then the regulations'.
    return ("PSR".find(c[0]) % 4, c)


class _Registry(Mapping[str, Code]):
    """Every declared code, P then S then R codes, each kind by number.

    Reading it first imports :mod:`trfkit.checks`, whose families declare
    the check codes: the reader needs only its own codes and never pays for
    importing the checks; a list of all codes (the docs, ``--ignore``, the
    server) gets all of them, whoever imported what before.
    """

    def _codes(self) -> dict[str, Code]:
        if not _ORDERED:
            import trfkit.checks  # noqa: F401  (the check families declare their codes)

            _ORDERED.append({c: _DECLARED[c] for c in sorted(_DECLARED, key=_order)})
        return _ORDERED[0]

    def __getitem__(self, code: str) -> Code:
        return self._codes()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes())

    def __len__(self) -> int:
        return len(self._codes())

    def __repr__(self) -> str:
        return f"CODES({', '.join(self._codes())})"


CODES: Mapping[str, Code] = _Registry()
"""Every code: the reader's (declared below) and the checks' (declared
with each check, :mod:`trfkit.checks`)."""


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
    ),
)


# Codes of checks not yet declared with their check (issue 31 §1: moved to
# their family's module one family at a time).
_OLD_FORM = "trfkit.checks (declared here until moved to its check)"
declare(
    Code(
        "R101",
        "regulation.rate-of-play",
        Severity.ERROR,
        "The rate of play is too fast for the ratings in the game: the time a "
        "player has for 60 moves (base + 60 x increment + time added by move 60) "
        "is below the rule set's minimum (FIDE standard: 120/90/60 minutes by rating; "
        "rapid: more than 10 and less than 60; blitz: more than 3 and at most 10), "
        "or the players have different times where that is not rated.",
        "FIDE 2002/2009 §1.1, 2024 §1.1; Rapid & Blitz 2024 §1.1-1.2; CHESSA Time Control",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 45 min + 30 sec/move", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90 min + 30 sec/move", ex.A, ex.B),
        "Play a slower time control, or report the event for rapid or blitz rating.",
        quote='FIDE 2002 §1.1: "For a game to be rated each player must have the following minimum periods in which to complete all the moves, assuming the game lasts 60 moves." §1.11: "Where at least one of the players in the tournament has a rating 2200 or higher, each player must have a minimum of 120 minutes." Rapid & Blitz 2024 §1.1.1: "for a rapid game all the moves must be made in a fixed time of more than 10 minutes but less than 60 minutes for each player; or the time allotted + 60 times any increment must be more than 10 minutes but less than 60 minutes for each player"; §1.2: "Games where the players have different playing times are not rated."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R102",
        "regulation.time-control-unknown",
        Severity.WARNING,
        "No time control (122, or TRF26 222) or one trfkit could not read, so the "
        "rate of play was not checked. --time-control gives it on the command line.",
        "FIDE 2024 §1.1 (the rate of play decides whether a game is rated)",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 slow", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", ex.A, ex.B),
        "Write the time control in 122, e.g. 90 min/40 moves + 30 min, 30 sec/move.",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R104",
        "regulation.not-standard-by-schedule",
        Severity.ERROR,
        "No time control (122 or 222), and more rounds on one day than 12 hours of "
        "play hold at the least a standard game takes (2 x the rule set's least "
        "minutes for 60 moves): the event was not played at a standard rate, though "
        "a standard rule set would rate its games as standard. Said instead of R102; "
        "the name's words (Bullet, Blitz, Rapid) are added to the evidence.",
        "FIDE 2024 §1.1 (the least standard rate), §3 (12 hours of play a day); 2002 and 2009 §3.1",
        ex.lines(
            *ex.BASE,
            "012 Harbour Bullet Arena",
            "042 2025/05/01",
            "052 2025/05/01",
            *ex.R104_GAMES,
        ),
        ex.lines(
            *ex.BASE,
            "042 2025/05/01",
            "052 2025/05/04",
            *ex.R104_GAMES,
        ),
        "Write the event's time control in 122 (or give --time-control): a rapid or "
        "blitz event is rated under the rapid and blitz regulations, a faster one not "
        "at all.",
        quote='FIDE 2009 §3.1: "There must be no more than 12 hours play in one day."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R103",
        "regulation.first-control-moves",
        Severity.ERROR,
        "The first time control has fewer moves than the rule set asks: 40 in 2009 "
        "(only recommended in 2002, a warning), 30 from 2022.",
        "FIDE 2002 §1.3, 2009 §1.3, 2024 §1.2",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 20 moves in 90 min + 30 min", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 40 moves in 90 min + 30 min", ex.A, ex.B),
        "Make the first time control at least the rule set's number of moves.",
        quote='FIDE 2009 §1.3: "Where a certain number of moves is specified in the first time control, it shall be 40 moves." (2002 §1.3: "it is recommended be 40 moves".)',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R301",
        "regulation.rounds-per-day",
        Severity.ERROR,
        "More rounds on one day (from 132; without round dates, more rounds between "
        "042 and 052 than their days allow) than the rule set allows: 3 in FIDE "
        "2002/2009; 15 rapid and 30 blitz under Rapid & Blitz 2024. A warning when "
        "the file has no time control and the rules were chosen by date.",
        "FIDE 2002/2009 §3.1; Rapid & Blitz 2024 §3.1",
        ex.lines(
            *ex.HEAD,
            "042 2009/09/01",
            "052 2009/09/01",
            ex.dates("09/09/01", "09/09/01", "09/09/01", "09/09/01"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2009/09/01",
            "052 2009/09/02",
            ex.dates("09/09/01", "09/09/01", "09/09/01", "09/09/02"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        "Spread the rounds over more days.",
        rules="fide-2009",
        quote='FIDE 2002 and 2009 §3.1: "No more than three rounds per day and a total playing time of no more than 12 hours." Rapid & Blitz 2024 §3.1: "For Rapid games, 15 rounds per day"; "For Blitz games, 30 rounds per day".',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R302",
        "regulation.hours-per-day",
        Severity.ERROR,
        "More than 12 hours of play on one day, counting each round as both "
        "players' time for 60 moves: the days from 132, else the rounds played "
        "between 042 and 052 (where the rule set's round cap, R301, does not "
        "already say so).",
        "FIDE 2002/2009 §3.1, 2024 §3",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "052 2025/05/01",
            "122 90+30",
            ex.dates("25/05/01", "25/05/01", "25/05/01", "25/05/01"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "052 2025/05/02",
            "122 90+30",
            ex.dates("25/05/01", "25/05/01", "25/05/01", "25/05/02"),
            *ex.field([2400, 2300, 2200, 2100], [*ex.RR4, [(1, 2), (3, 4)]]),
        ),
        "Play fewer rounds a day, or a faster time control.",
        quote='FIDE 2002 and 2009 §3.1: "No more than three rounds per day and a total playing time of no more than 12 hours."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R401",
        "regulation.duration",
        Severity.ERROR,
        "The event lasts longer than the rule set allows (90 days; leagues may last "
        "longer, an info), or (info, from 2022) longer than 30 days, so its results "
        "are reported month by month.",
        "FIDE 2002 §4.1, 2009 §4.1-4.12, 2024 §4",
        ex.lines(*ex.BASE, "042 2025/01/01", "052 2025/06/01", "122 90+30", ex.A, ex.B),
        ex.lines(*ex.BASE, "042 2025/01/01", "052 2025/01/20", "122 90+30", ex.A, ex.B),
        "Report the event in parts, or ask the Qualification Commission in advance.",
        quote='FIDE 2009 §4.1: "For tournaments, a period not greater than 90 days, except: 4.11 Leagues may be rated which last for a period greater than 90 days."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R501",
        "regulation.unrated-games",
        Severity.INFO,
        "Rounds of a player that the rating will not count: forfeits, byes, games "
        "of less than one move (W D L), rounds with no result. Listed so the arbiter "
        "sees them before submitting.",
        "FIDE 2002 §5.1, 2009 §5, 2024 §5.1; Rapid & Blitz 2024 §4.1",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            ex.pl(1, "Novak, Jan", 14600012, "1.0", "   2 w +"),
            ex.pl(2, "Horvat, Eva", 14600020, "0.0", "   1 b -"),
        ),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", ex.A, ex.B),
        "Nothing to fix if the rounds really were not played.",
        quote='FIDE 2009 §5: "Whether these occur because of forfeiture or any other reason, they are not counted. Any game where both players have made at least one move will be rated."',
        grouped="players have rounds the rating will not count (forfeits, byes, unplayed games)",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R502",
        "regulation.rated-result-without-game",
        Severity.ERROR,
        "A rated result (1 or 0) in a round with no opponent: there was no game to "
        "rate. A bye is written with a bye code.",
        "FIDE 2024 §5.1; TRF16 §2.3",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            ex.A,
            ex.B,
            ex.pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - 1", place=2),
        ),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", ex.A, ex.B, ex.C_BYE),
        "Write the bye as 0000 - F (or U, H, Z), or give the opponent.",
        quote='FIDE 2009 §5: unplayed games, "whether these occur because of forfeiture or any other reason, [...] are not counted."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R601",
        "regulation.round-robin-quota",
        Severity.ERROR,
        "A round robin without its share of rated players: at least one third, and "
        "at least 4 when it has fewer than 10 players.",
        "FIDE 2002/2009 §6.3-6.31",
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 0], ex.RR4)
        ),
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 2100], ex.RR4)
        ),
        "Such an event cannot be rated under these rules.",
        rules="fide-2009",
        quote='FIDE 2009 §6.3: "In a round robin tournament at least one-third of the players must be rated. 6.31 If the event has less than 10 players, at least 4 must be rated."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R602",
        "regulation.double-round-robin-quota",
        Severity.ERROR,
        "A double round robin with unrated players has fewer than 6 players or fewer than 4 rated.",
        "FIDE 2002/2009 §6.32",
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 0], ex.DRR4)
        ),
        ex.lines(
            *ex.BASE, "042 2009/09/01", "122 120 min", *ex.field([2400, 2300, 2200, 2100], ex.DRR4)
        ),
        "Such an event cannot be rated under these rules.",
        rules="fide-2009",
        quote='FIDE 2009 §6.32: "In a double round tournament with unrated participants, there must be at least 6 players, 4 of whom must be rated."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R603",
        "regulation.unrated-player",
        Severity.INFO,
        "An unrated player whose result will not count: too few games against rated "
        "opponents (3 in 2002/2009), too low a score against them (less than 1 point "
        "in 2002/2009, zero from 2022); or fewer games than a first rating "
        "needs (9 in 2002/2009, 5 from 2022, 12 in CHESSA), to be made up in "
        "later events. In a round robin rated by the round-robin method (2002, "
        "2009; 2014 and 2017 by their reading) the score and the games are those "
        "of the whole event, as the rater counts them (2009 §7.14a, §8.21b).",
        "FIDE 2002 §6.1, §6.42; 2009 §6.1, §6.41, §7.14a; 2024 §7.1.4, §8.2.1",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            *ex.field([2400, 2300, 2200, 0], ex.LOSES4, result="0"),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            *ex.field([2400, 2300, 2200, 2100], ex.LOSES4, result="0"),
        ),
        "Nothing to fix: the player's result is not used for his first rating.",
        quote='FIDE 2009 §6.41: "For an unrated player\'s performance to count he must play at least three games against rated opponents; score at least 1 point; and the rating based on the tournament result at its conclusion be above the rating floor."',
        grouped="unrated players will get no first rating from this event alone",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R604",
        "regulation.match",
        Severity.ERROR,
        "A match with an unrated player (not rated from 2009), or (warning) a game "
        "played after the match was decided, which is not rated unless waived in "
        "advance.",
        "FIDE 2002 §6.5, 2009 §6.5-6.6, 2024 §6; Rapid & Blitz 2024 §5",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 2",
            *ex.field([2400, 0], [[(1, 2)], [(2, 1)]]),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 2",
            *ex.field([2400, 2300], [[(1, 2)], [(2, 1)]]),
        ),
        "Such a match is not rated.",
        quote='FIDE 2009 §6.5: "Where a match is over a specific number of games, those played after one player has won shall not be rated." §6.6: "Matches in which one or both of the players are unrated shall not be rated."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R605",
        "regulation.chessa-players",
        Severity.ERROR,
        "CHESSA: a section of fewer than 6 players is not rated; a tournament needs "
        "10 players in all (a warning, as other sections may make up the number).",
        "CHESSA Rating Rules 2015, Number of players per tournament",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 5",
            *ex.field([1500, 1400, 1300, 1200], ex.RR4),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 5",
            *ex.field(
                [1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000],
                [[(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]],
            ),
        ),
        "Merge small sections.",
        rules="chessa-2015",
        quote='CHESSA 2015: "At least 6 players per section, and At least 10 players in total for the whole tournament. Sections that have less than 6 players will not be rated".',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R606",
        "regulation.chessa-rounds",
        Severity.ERROR,
        "CHESSA: fewer than 5 rounds (4 for Braille tournaments) without the Ratings "
        "Committee's dispensation, asked for 7 days ahead.",
        "CHESSA Rating Rules 2015, Rounds 1-2",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 3",
            *ex.field([1500, 1400, 1300, 1200], ex.RR4),
        ),
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            "XXR 5",
            *ex.field([1500, 1400, 1300, 1200], ex.RR4),
        ),
        "Play at least 5 rounds, or apply for a dispensation.",
        rules="chessa-2015",
        quote='CHESSA 2015, Rounds 1: "Only tournaments with a minimum of 5 rounds will be rated, unless special dispensation for fewer rounds have been granted by the CHESSA Ratings Committee"; 2: "For Braille tournaments the minimum number of rounds will be 4."',
        produced_by=_OLD_FORM,
    ),
    Code(
        "R607",
        "regulation.rating-gap",
        Severity.WARNING,
        "Rapid and blitz, from 1 December 2024: a game between players 600 or more "
        "points apart, one of them rated above 2600, is not rated.",
        "FIDE Rapid & Blitz Rating Regulations 2024 (amendment of 2024-12-01)",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 15+10", *ex.field([2700, 2000], [[(1, 2)]])),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 15+10", *ex.field([2700, 2200], [[(1, 2)]])),
        "Nothing to fix: the game is simply not rated.",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R801",
        "list.rating",
        Severity.WARNING,
        "With a players' list (check --rating-list): the file's rating (columns 49-52) "
        "differs from the player's rating of the event's rate class (standard, rapid or "
        "blitz; a rapid or blitz event without one takes the standard rating under R&B "
        "2024 §7.2.1) on the list in force at the start. FIDE rates with the list's "
        "rating; checking against a later list is a common error.",
        "Title Regulations §1.4.6a (the list in force at the start)",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "rating", "2490"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the rating of the list in force at the start (the month the event "
        "began), not a later or earlier list's.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R802",
        "list.rated",
        Severity.WARNING,
        "With a players' list: the file shows a player as unrated whom the list in "
        "force at the start rates for the event's rate class, or gives a rating to a "
        "player the list does not rate (often a national rating).",
        "Title Regulations §1.4.6a (the list in force at the start)",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "rating", ""), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the list's rating, or leave the column blank for a player without a "
        "FIDE rating of the event's class (national ratings go in TRF26 NRS records).",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R803",
        "list.title",
        Severity.WARNING,
        "With a players' list: the title (columns 11-13) is not the one the list gives.",
        "TRF16 §2.2 (title); FIDE players' list",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "title", "IM"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the title the list gives (a title counts from its confirmation by FIDE).",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R804",
        "list.federation",
        Severity.WARNING,
        "With a players' list: the federation (columns 54-56) is not the one the list gives.",
        "TRF16 §2.2 (federation); FIDE players' list",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "federation", "CRO"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the federation the list gives; a transfer counts once FIDE lists it.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R805",
        "list.sex",
        Severity.WARNING,
        "With a players' list: the sex (column 10) is not the one the list gives.",
        "TRF16 §2.2 (sex); FIDE players' list",
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.P2, "sex", "m")),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the sex column (m or w), or ask the federation to correct the list.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R806",
        "list.birth-year",
        Severity.WARNING,
        "With a players' list: the year of the birth date (columns 70-73) is not the "
        "birth year the list gives. K and junior status go by the list's.",
        "TRF16 §2.2 (birth date); FIDE players' list",
        ex.lines(*ex.HEAD, ex.born(ex.P1, "1991/05/01"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the birth date, or ask the federation to correct the list.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R807",
        "list.name",
        Severity.INFO,
        "With a players' list: the name (columns 15-47) differs from the listed one "
        "by more than case, spacing, punctuation and diacritics (a listed name longer "
        "than the 33 columns agrees with its beginning). Often a transliteration; "
        "sometimes the wrong FIDE id.",
        "TRF16 §2.2 (name); FIDE players' list",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "name", "Novak, Janez"), ex.P2),
        ex.lines(*ex.HEAD, ex.put(ex.P1, "name", "NOVÁK,Jan"), ex.P2),
        "Check that the FIDE id is this player's, then write the name as FIDE lists it.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R808",
        "list.id-not-listed",
        Severity.WARNING,
        "With a players' list: a FIDE id (columns 58-68) that the list in force at "
        "the start does not hold: mistyped, or a player registered since. A new player "
        "needs a birth date and sex in the file (R809).",
        "FIDE players' list; Rating Regulations: new players",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "fide_id", "14600047"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the id from the list, or give the new player's birth date and sex.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R809",
        "list.new-player-data",
        Severity.WARNING,
        "An unrated player without a FIDE id (or, with a players' list, with an id the "
        "list does not hold) and without the birth date or sex FIDE needs to register a "
        "new player (a rated player without an id is one whose id was left out). Checked "
        "without a list too; under the FIDE rule sets only. More than 10 such players in "
        "a file are one finding, with the count and the first players.",
        "FIDE rating server: new players need a birth date and sex",
        ex.lines(*ex.HEAD, ex.P1, ex.born(ex.put(ex.put(ex.P2, "fide_id", ""), "rating", ""), "")),
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.put(ex.P2, "fide_id", ""), "rating", "")),
        "Give each new player's birth date (YYYY/MM/DD) and sex (m or w).",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R810",
        "list.foreign-without-id",
        Severity.WARNING,
        "An unrated player of another federation than the event's (032) without a FIDE id: only "
        "his own federation can register him with FIDE, and it must do so before the "
        "event is rated. Checked without a list too, when 032 and his federation are "
        "FIDE federation codes; under the FIDE rule sets only.",
        "FIDE rating server: foreign players must hold a FIDE id",
        ex.lines(
            *ex.HEAD, ex.P1, ex.put(ex.put(ex.fed(ex.P2, "CRO"), "fide_id", ""), "rating", "")
        ),
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.fed(ex.P2, "CRO"), "rating", "")),
        "Ask the player's federation to register him, then write his FIDE id.",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R811",
        "list.listed-by-name",
        Severity.INFO,
        "With a players' list: a player without a FIDE id whose name (compared as in "
        "R807) and federation are one listed player's: he may be that player.",
        "FIDE players' list",
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.P2, "fide_id", "")),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the listed player's FIDE id if he is that player.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R812",
        "list.inactive",
        Severity.INFO,
        "With a players' list: the list flags the player as inactive (flag i). He is "
        "still rated at his last published rating, and a rated game makes him active "
        "on the next list.",
        "FIDE 2009 §7.23; 2024 §6.2.2",
        ex.lines(*ex.HEAD, ex.P1, ex.P2, ex.P3),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Nothing to fix: a note for the rating officer.",
        rating_list=ex.LIST,
        produced_by=_OLD_FORM,
    ),
    Code(
        "R813",
        "list.woman-title",
        Severity.WARNING,
        "A woman's title (WGM, WIM, WFM, WCM) on a man: the sex (column 10) is m, or "
        "the players' list lists him as a man. One of the two columns is wrong.",
        "Title Regulations §0.3 (titles for women)",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "title", "WGM"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the title or the sex.",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R814",
        "list.rated-without-id",
        Severity.WARNING,
        "A player with a rating (columns 49-52) but no FIDE id (columns 58-68): the "
        "FIDE number is mandatory for rating, and the rating server matches a "
        "player's games to him by it; a rated player has one, so it was left out. "
        "Checked without a list; under the FIDE rule sets only. A file in which no "
        "player has an id, or more than 10 such players, is one finding.",
        "TRF16 §2.2 (FIDE number: mandatory for rating)",
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.P2, "fide_id", "")),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write each rated player's FIDE id (from FIDE's players' list) in columns 58-68.",
        produced_by=_OLD_FORM,
    ),
    Code(
        "R701",
        "title.norm",
        Severity.INFO,
        "A player's result is a title norm (GM, IM; WGM, WIM for women) under the "
        "FIDE Title Regulations in force at the start: every requirement met (games, "
        "federations, titled opponents, Ra, Rp, score). One finding per player, "
        "naming each norm, so that the certificates of title result are issued. "
        "Editions of the Title Regulations that are not modelled give none.",
        "FIDE Title Regulations (B.01) 2024 §0.5, §1.4",
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", "XXR 9", *ex.norm_event("1=1=1=1=1")),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", "XXR 9", *ex.norm_event("1=1=1=1=0")),
        "Nothing to fix: issue a certificate of title result for each norm "
        "(trfkit norms FILE --certificates) and send it with the tournament report.",
        quote='B.01 2024 §0.5: a title norm is "a title performance that also satisfies '
        'the opponent title and federation mix rules in 1.4.2 to 1.4.5" (reading note).',
        produced_by=_OLD_FORM,
    ),
)


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
    entry = _DECLARED.get(code) or CODES[code]
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
