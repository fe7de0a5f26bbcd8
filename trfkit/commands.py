"""The one table of commands × documents × formats × options (issue 31 §2).

Each :class:`Command` is a ``trfkit`` command: the documents it writes
(names in :data:`trfkit.report.registry.OUTPUTS`), its ``--format``
values, the formats its endpoint ``POST /api/<name>`` answers in, and its
options, each an :class:`Option` that says how the command line spells it
and, where the server takes it too, the query parameter's name. The
command line builds argparse from this table (:mod:`trfkit.cli`), the
server builds its endpoints' parameters and formats from it
(:mod:`trfkit.server.api`, ``GET /api/meta``), and the registry holds that
every document × format named here has a renderer
(:func:`trfkit.report.registry.missing_outputs`).

Adding a format to a command: its name in the command's ``formats`` (and
``served``, for the server) and the renderer's line in the registry.
Adding an option: one :class:`Option` in the command's ``options`` (with
``query`` for the server), read where the command's work is done.

>>> COMMANDS["rate"].formats
('text', 'csv', 'json', 'jsonl', 'html')
>>> COMMANDS["rate"].served
('json', 'text', 'csv', 'html')
>>> [o.query for o in COMMANDS["pairings"].options if o.query]
['system', 'rounds', 'format', 'ascii']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import attrs

from trfkit.reader import MAX_FILE_SIZE, MAX_LINE_LENGTH

__all__ = ["COMMANDS", "FLAG_CHOICES", "Command", "Option", "format_option"]

FLAG_CHOICES = ("true", "false")
"""A yes-or-no option's values as a query parameter (any case; see
:data:`trfkit.server.api.BOOLEANS`)."""


@attrs.frozen
class Option:
    """One option of a command: its command-line spelling and, where the
    server takes it too, its query parameter."""

    flags: tuple[str, ...]
    """As argparse takes them: ``("--rules",)``, ``("-o", "--output")``, or
    a positional's name (``("file",)``, ``("paths",)``)."""
    help: str = ""
    choices: tuple[str, ...] = ()
    default: Any = None
    metavar: str | None = None
    action: str | None = None
    """``store_true`` (a flag), ``append`` (repeatable), else a value."""
    type: Callable[[str], Any] | None = None
    nargs: str | None = None
    group: str = ""
    """Options that exclude each other share a group name."""
    query: str | None = None
    """The server's query parameter for this option (``None``: the command
    line's only: a local path, processes, standard output)."""
    query_help: str = ""
    """The parameter's words where the command line's do not fit a query."""
    query_choices: tuple[str, ...] | None = None
    """The parameter's values where they differ from ``choices`` (a flag's
    ``true``/``false``, a list the server does not close)."""
    cli: bool = True
    """``False``: the server's only (a query that stands for two flags)."""

    @property
    def is_format(self) -> bool:
        return self.flags == ("--format",)

    def argparse_kwargs(self) -> dict[str, Any]:
        given = {
            "help": self.help or None,
            "choices": self.choices or None,
            "default": self.default,
            "metavar": self.metavar,
            "action": self.action,
            "type": self.type,
            "nargs": self.nargs,
        }
        return {k: v for k, v in given.items() if v is not None}

    def param_choices(self) -> tuple[str, ...]:
        if self.query_choices is not None:
            return self.query_choices
        return FLAG_CHOICES if self.action == "store_true" else self.choices


@attrs.frozen
class Command:
    """One command of the command line, and its endpoint where it has one."""

    name: str
    help: str
    options: tuple[Option, ...]
    description: str | None = None
    documents: tuple[str, ...] = ()
    """The registry's documents the command writes."""
    formats: tuple[str, ...] = ()
    """``--format``'s values; the first is its default."""
    served: tuple[str, ...] = ()
    """``POST /api/<name>``'s ``format`` values, the first its default
    (``()``: no endpoint)."""
    common: bool = True
    """Takes the options every file-reading command takes (:data:`COMMON`)."""

    def option(self, query: str) -> Option:
        """The option behind the query parameter ``query``."""
        return next(o for o in self.options if o.query == query)


def size(text: str) -> int:
    """A whole number, optionally with k, M or G (powers of 1024)."""
    units = {"k": 2**10, "m": 2**20, "g": 2**30}
    number, unit = (text[:-1], units[text[-1].lower()]) if text[-1:].lower() in units else (text, 1)
    if not number.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number such as 64M, got {text!r}")
    return int(number) * unit


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


def format_option(command: Command, *, served: bool = False) -> Option:
    """``--format`` (or the ``format`` parameter) of ``command``, said the
    same way everywhere: its values and default from the table."""
    choices = command.served if served else command.formats
    return Option(
        ("--format",),
        f"output format: {', '.join(choices)} (default {choices[0]})",
        choices=choices,
        default=choices[0],
    )


# -- the options several commands share ---------------------------------------

COMMON = (
    Option(
        ("--encoding",),
        "decode the file with this codec (default: UTF-8, "
        "falling back to cp1252/latin-1 with a P005 note)",
        query="encoding",
        query_help="decode the file with this codec (default: UTF-8, then cp1252)",
    ),
    Option(("--strict",), "exit with status 1 on warnings too", action="store_true"),
    Option(
        ("--max-file-size",),
        f"refuse larger files without reading them (P010); 0 for no limit "
        f"(default {MAX_FILE_SIZE // 2**20} MiB; suffixes k, M, G)",
        default=MAX_FILE_SIZE,
        metavar="BYTES",
        type=size,
    ),
    Option(
        ("--max-line-length",),
        f"keep longer lines as they are without reading them (P011); 0 for no limit "
        f"(default {MAX_LINE_LENGTH})",
        default=MAX_LINE_LENGTH,
        metavar="N",
        type=size,
    ),
)
"""``--encoding``, ``--strict`` and the reader's limits: every command that
reads a file takes them first."""

FORMAT = Option(("--format",))
"""Where ``--format`` stands among a command's options: its values are the
command's :attr:`Command.formats` (:func:`format_option`)."""

FILE = Option(("file",), "a TRF file", metavar="FILE")
PATHS = Option(("paths",), "files or directories (- for stdin)", metavar="PATH", nargs="+")
OUTPUT = Option(("-o", "--output"), "write here instead of standard output")
ASCII = Option(
    ("--ascii",),
    "ASCII only in text output (½ as 1/2, − as -, × as x, letters without accents)",
    action="store_true",
)
GLOB = Option(
    ("--glob",),
    "in directories, take the files matching PATTERN (repeatable; e.g. '*.trf' at any "
    "depth, '2025-*/*.txt'); default: files with a TRF extension whose first line is a "
    "TRF record",
    metavar="PATTERN",
    action="append",
)
JOBS = Option(
    ("--jobs", "-j"),
    "work on files in N processes (default: one per core); output keeps the input order",
    metavar="N",
    type=positive,
)
RATE_CLASSES = ("standard", "rapid", "blitz")


def _type_choices() -> tuple[str, ...]:
    from trfkit.event import TournamentType

    return tuple(k.value for k in TournamentType)


def _rule_sets() -> tuple[str, ...]:
    from trfkit.rules import RULE_SETS

    return tuple(RULE_SETS)


def _systems() -> tuple[str, ...]:
    from trfkit.checks.dutch import SYSTEMS

    return tuple(SYSTEMS)


TYPE = Option(
    ("--type",),
    "tournament type (default: from 192/092, else from the pairings)",
    choices=_type_choices(),
    query="type",
    query_help="tournament type",
)
EVENT = (
    Option(
        ("--rules",),
        "rule set: auto (the FIDE rules in force at the start date; rapid and blitz "
        f"for fast time controls) or one of {', '.join(_rule_sets())}",
        default="auto",
        metavar="NAME",
        type=str.lower,
        query="rules",
        query_help="rule set: auto or one of the names of GET /api/meta's rules",
        # Any name: the server judges it, as the command line does.
        query_choices=(),
    ),
    TYPE,
    Option(
        ("--time-control",),
        "the time control, replacing 122/222",
        metavar="TEXT",
        query="time_control",
    ),
)
"""``--rules``, ``--type`` and ``--time-control``, the same for check, rate
and report."""


def _system(prefix: str = "") -> Option:
    return Option(
        ("--system",),
        f"{prefix}the edition of the FIDE (Dutch) System: auto (the file's 192, else its "
        "start date against 1 February 2026), dutch-2017 or dutch-2026",
        choices=_systems(),
        default="auto",
        type=str.lower,
    )


def _served(option: Option, query_help: str = "", query: str | None = None) -> Option:
    """``option`` taken by the server too, as ``query`` (default: the
    long flag's name with underscores)."""
    name = query or option.flags[-1].lstrip("-").replace("-", "_")
    return attrs.evolve(option, query=name, query_help=query_help or option.query_help)


def _norms_options() -> tuple[Option, ...]:
    from trfkit.rules.titles import EXEMPTIONS, GAMES_EXCEPTIONS, TITLE_RULE_SETS

    return (
        FILE,
        Option(
            ("--rules",),
            f"title rule set: auto (in force at the start date) or one of "
            f"{', '.join(TITLE_RULE_SETS)}",
            default="auto",
            metavar="NAME",
            type=str.lower,
            query="rules",
            query_help="title rule set: auto (by the start date) or a B.01 edition",
            query_choices=("auto", *TITLE_RULE_SETS),
        ),
        TYPE,
        Option(
            ("--exemption",),
            "a B.01 §1.4.3 exemption the arbiter declares (a national championship final, "
            "b national team championship, c zonal, d the big Swiss of §1.4.3d): waives "
            "§1.4.3-1.4.4",
            choices=tuple(EXEMPTIONS),
            query="exemption",
            query_help="a §1.4.3 exemption the arbiter declares",
        ),
        Option(
            ("--games-exception",),
            "a B.01 §1.4.1b event: a World or Continental Team or Club Championship (7 "
            "games), or the World Cup (8 games, counted as 9)",
            choices=tuple(GAMES_EXCEPTIONS),
            query="games_exception",
            query_help="a §1.4.1b event",
        ),
        Option(
            ("--certificates",),
            "print the certificates of title result (Form 4b) instead of the table",
            action="store_true",
            query="certificates",
            query_help="the certificates (Form 4b) instead of the table",
        ),
        _served(FORMAT, "the output format"),
        OUTPUT,
        _served(ASCII, "text in ASCII only"),
    )


def _standings_options() -> tuple[Option, ...]:
    from trfkit.rules.tiebreaks import EDITIONS

    return (
        FILE,
        Option(
            ("--tiebreaks",),
            "tie-break codes in order, as TRF-2026 writes them (BH/C1,BH,SB,WIN,ARO; "
            "BH-C1 is read too); default: the file's 212, else 202",
            metavar="CODE,...",
            query="tiebreaks",
            query_help="tie-break codes in order, separated by commas (default: the file's "
            "212, else 202)",
        ),
        Option(
            ("--tiebreak-rules",),
            "C.07 edition (default auto: by the start date)",
            choices=("auto", *EDITIONS),
            default="auto",
            type=str.lower,
            query="tiebreak_rules",
            query_help="C.07 edition (auto: by the start date)",
        ),
        Option(
            ("--of",),
            query="of",
            query_help="whose standings: a team event's teams (its default), or the players",
            query_choices=("teams", "players"),
            cli=False,
        ),
        TYPE,
        Option(
            ("--teams",),
            "rank the teams (the default for a file with team records)",
            action="store_true",
            group="who",
        ),
        Option(
            ("--players",),
            "in a team event, rank the players instead",
            action="store_true",
            group="who",
        ),
        Option(
            ("--primary",),
            "teams: rank by match points or game points (default: as 192 says, else MP)",
            choices=("MP", "GP"),
            type=str.upper,
            query="primary",
            query_help="a team event's teams by match or game points",
        ),
        _served(FORMAT, "the output format"),
        OUTPUT,
        _served(ASCII, "text in ASCII only"),
    )


_CHECK = Command(
    "check",
    "check TRF files: structure and the rating regulations",
    (
        PATHS,
        *EVENT,
        Option(
            ("--rating-list",),
            "compare the players with FIDE's players' list (XML or TXT, or a .zip) in force "
            "at each file's start: repeat with the month each list was published for "
            "(R801-R813)",
            metavar="[YYYY-MM=]FILE",
            action="append",
        ),
        Option(
            ("--ignore",),
            "codes not to report (also: a ### trfkit: ignore CODE line in the file)",
            metavar="CODE,...",
            action="append",
            query="ignore",
            query_help="codes not to report, separated by commas",
        ),
        GLOB,
        JOBS,
        _served(FORMAT, "the output format"),
        Option(
            ("--tiebreaks",),
            "judge the declared ranks (S116) by these tie-breaks (BH/C1,SB,...), in place "
            "of each file's 212/202: for files that declare none",
            metavar="CODE,...",
        ),
        Option(
            ("--pairings",),
            "also re-pair each round of a Swiss event by the FIDE (Dutch) System and report "
            "each round paired otherwise (S128; as trfkit pairings, which shows the boards)",
            action="store_true",
        ),
        _system("with --pairings: "),
        Option(
            ("--min-severity",),
            "leave out findings below this severity (default: show all)",
            choices=("info", "warning", "error"),
            default="info",
            query="min_severity",
            query_help="leave out findings below this",
        ),
        Option(
            ("-v", "--verbose"),
            "text: print each per-player note (R501, R603), not one line per code and file",
            action="store_true",
            query="verbose",
            query_help="text: each per-player note",
        ),
    ),
    description="Check TRF files for internal consistency (S codes) and the rating "
    "regulations of a rule set (R codes); the reader's findings are P codes. "
    "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 unusable "
    "input. Codes are listed in docs/codes.md.",
    documents=("check",),
    formats=("text", "json", "jsonl", "sarif", "github"),
    served=("json", "text", "sarif"),
)

_RATE = Command(
    "rate",
    "what the rating system does with a tournament (FIDE Form 3)",
    (
        PATHS,
        *EVENT,
        GLOB,
        JOBS,
        _served(FORMAT, "the output format"),
        OUTPUT,
        Option(("--games-csv",), "also write one CSV row per game to FILE", metavar="FILE"),
        Option(
            ("--k",),
            "the K of the player of that start rank (001's number), e.g. --k 12=40 "
            "(repeatable); wins over the list and the derived K",
            metavar="START_RANK=K",
            action="append",
        ),
        Option(
            ("--rating-list",),
            "FIDE's players' list (XML or TXT, or a .zip of one): ratings and K by FIDE id; "
            "repeatable with the month each was published, each file rated with the one in "
            "force at its start",
            metavar="[YYYY-MM=]FILE",
            action="append",
        ),
        Option(
            ("--rate-class",),
            "which rating the event changes (default: from the time control)",
            choices=RATE_CLASSES,
            query="rate_class",
            query_help="which rating the event changes",
        ),
        _served(ASCII, "text without ½"),
    ),
    description="Rate a TRF file under a rule set: per player the games that count (N), "
    "their average rating (Rc), the score (W), the expected score (We), K, the change and "
    "the new rating; for unrated players the performance toward a first rating. K values "
    "the file cannot show are derived and marked as assumed: give --k or --rating-list.",
    documents=("form3",),
    formats=("text", "csv", "json", "jsonl", "html"),
    served=("json", "text", "csv", "html"),
)

_REPORT = Command(
    "report",
    "the FIDE forms of a tournament: 1 (report, crosstable), 2 (pairing cards), "
    "3 (rating), 4 (tournament report page)",
    (
        FILE,
        Option(
            ("--form",),
            "which form (default 1); all: every form",
            choices=("1", "2", "3", "4", "summary", "all"),
            default="1",
            query="form",
            query_help="which form",
        ),
        _served(FORMAT, "the output format (several documents: text only)"),
        Option(
            ("-o", "--output"),
            "write here instead of standard output (a directory: a file a form)",
        ),
        *EVENT,
        Option(
            ("--rating-list",),
            "FIDE's players' list (XML or TXT, or a .zip): Form 1's remarks name the players "
            "whose name, title or federation differ from the list in force at the start",
            metavar="[YYYY-MM=]FILE",
            action="append",
        ),
        _served(ASCII, "text without ½ and ×"),
    ),
    description="Render the forms FIDE's rating regulations print for one tournament: "
    "Form 1, the tournament report with its crosstable; Form 2, the pairing cards; "
    "Form 3, what the rating system does with it (as trfkit rate); Form 4 (the tournament "
    "report page, also --form summary). Several forms go to standard output as text, "
    "or into a directory given with -o, one file each (form1.html, ...).",
    documents=("form1", "form2", "form3", "summary", "certificates", "norms"),
    formats=("text", "html", "json", "csv"),
    served=("json", "text", "csv", "html"),
)


def _commands() -> tuple[Command, ...]:
    return (
        Command(
            "parse",
            "print the records of a TRF file",
            (FILE, FORMAT),
            documents=("records",),
            formats=("text", "json"),
        ),
        Command(
            "fmt",
            "rewrite a TRF file canonically",
            (
                FILE,
                Option(
                    ("--to",),
                    "target dialect (default: the file's own)",
                    choices=("trf16", "trf26"),
                    query="to",
                ),
                OUTPUT,
                Option(
                    ("--newline",),
                    "line ending (default: the file's own)",
                    choices=("lf", "crlf", "cr"),
                    query="newline",
                ),
                _served(
                    attrs.evolve(FORMAT, cli=False),
                    "the file (refused with its findings if it lost anything, P009), or "
                    "json: the file and its findings",
                ),
                Option(("--output-encoding",), "codec of the output (default utf-8)"),
            ),
            # No document: the file itself, rewritten (trfkit.writer.rewrite).
            served=("trf", "json"),
        ),
        _CHECK,
        _RATE,
        _REPORT,
        Command(
            "norms",
            "title norms (GM, IM, WGM, WIM): Form 4's table or certificates",
            _norms_options(),
            description="Evaluate every player for the GM and IM norms (and WGM, WIM for "
            "women) under the FIDE Title Regulations (B.01) in force at the start date: each "
            "requirement with its value, the games used and those left out. Prints Form 4's "
            "title-norm table, or with --certificates the certificates of title result.",
            documents=("norms", "certificates"),
            formats=("text", "html", "json", "csv"),
            served=("json", "text", "csv", "html"),
        ),
        Command(
            "rate-period",
            "pool a rating period's tournaments, as FIDE rates a monthly list",
            (
                PATHS,
                Option(
                    ("--rating-list",),
                    "a FIDE players' list (XML or TXT, or a .zip); repeat with the month each "
                    "was published for, and each tournament uses the list in force at its "
                    "start",
                    metavar="[YYYY-MM=]FILE",
                    action="append",
                ),
                Option(
                    ("--period",),
                    "pool only the tournaments that ended in this month (others are listed "
                    "as left out)",
                    metavar="YYYY-MM",
                ),
                Option(
                    ("--rules",),
                    "rule set (default: auto)",
                    default="auto",
                    metavar="NAME",
                    type=str.lower,
                ),
                Option(
                    ("--rate-class",),
                    "which rating the period changes (default: that of the first tournament)",
                    choices=RATE_CLASSES,
                ),
                Option(
                    ("--k",),
                    "the K of the player of that FIDE id, in every tournament of the period, "
                    "e.g. --k 91100010=40 (repeatable); wins over the list",
                    metavar="FIDE_ID=K",
                    action="append",
                ),
                GLOB,
                FORMAT,
                OUTPUT,
                ASCII,
            ),
            description="Rate every tournament of a rating period together: each player's "
            "games across the tournaments (matched by FIDE id), K from the players' list "
            "capped so that K x n <= 700 over the period's games, the change rounded once for "
            "the period (the per-tournament figures beside it), and newcomers' results pooled "
            "toward a first rating. Each tournament is rated with the list in force at its "
            "start.",
            documents=("period",),
            formats=("text", "csv", "json"),
        ),
        Command(
            "serve",
            "the arbiter's page and a JSON API on this machine",
            (
                Option(
                    ("--host",),
                    "address to listen on (default 127.0.0.1: this machine only; any other "
                    "address lets anyone who can reach it use the server)",
                    default="127.0.0.1",
                ),
                Option(
                    ("--port",), "port (default 8000; 0: any free port)", default=8000, type=int
                ),
                Option(
                    ("--max-upload",),
                    "refuse larger uploads (413) before reading them (default 16M; suffixes "
                    "k, M, G)",
                    default="16M",
                    metavar="BYTES",
                    type=size,
                ),
                Option(
                    ("--time-limit",),
                    "answer 503 to a request not done in this time (default 30)",
                    default=30.0,
                    metavar="SECONDS",
                    type=float,
                ),
                Option(("--open",), "open the page in a web browser", action="store_true"),
            ),
            description="Serve a web page to check and rate a TRF file, and its JSON API "
            "(POST /api/check, /api/rate, /api/fmt; see docs/serve.md). Uploads stay in memory; "
            "the log holds method, path, status, size and time only.",
            common=False,
        ),
        Command(
            "standings",
            "rank the players by points and tie-breaks (FIDE C.07)",
            _standings_options(),
            description="Rank the players by points, then by each tie-break in order on the "
            "players still tied (C.07 4.2). The tie-breaks are --tiebreaks, else the file's "
            "TRF-2026 212 (or 202) record; with neither, the players are ranked by points only.",
            documents=("standings", "team-standings"),
            formats=("text", "json", "csv", "html"),
            served=("json", "text", "csv", "html"),
        ),
        Command(
            "pairings",
            "check each round's pairing against the FIDE (Dutch) System, and say why",
            (
                FILE,
                attrs.evolve(
                    _system(),
                    query="system",
                    query_help="the edition of the FIDE (Dutch) System (auto: the file's "
                    "192, else its start date)",
                ),
                Option(
                    ("--rounds",),
                    "check only these rounds (one round: A; default: every round played)",
                    metavar="A-B",
                    query="rounds",
                    query_help="check only these rounds: A or A-B (default: every round)",
                ),
                _served(FORMAT, "the output format"),
                OUTPUT,
                _served(ASCII, "text without ½"),
            ),
            description="Re-pair each round of a Swiss event from the rounds before it by the "
            "FIDE (Dutch) System (C.04.3, in the edition of --system) and compare with the "
            "file's pairs and colours: per round, agrees, or the differing boards side by side "
            "and the first criterion on which the file's pairing is worse. Exit status: 0 "
            "every round agrees, 1 a round differs or check finds errors in the file (its banner "
            "says them), 2 unusable input. trfkit is not a "
            "FIDE-endorsed pairing program. See docs/pairings.md.",
            documents=("pairings",),
            formats=("text", "json", "html"),
            served=("json", "text", "html"),
        ),
        Command(
            "pair",
            "pair the next round by the FIDE (Dutch) System",
            (FILE, _system(), FORMAT, OUTPUT, ASCII),
            description="Pair the round after the file's last by the FIDE (Dutch) System "
            "(C.04.3, in the edition of --system): as TRF (the file with the new round's cells "
            "added, results blank), or as a list of boards. trfkit is not a FIDE-endorsed "
            "pairing program: the arbiter decides.",
            documents=("pair",),
            formats=("trf", "text", "json"),
        ),
    )


COMMANDS: dict[str, Command] = {c.name: c for c in _commands()}
"""Every command, in the order ``trfkit --help`` lists them."""
