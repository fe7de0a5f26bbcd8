"""The service both front doors stand on (issue 31 §2): batch runs over
several files, the check banner every document carries, and exit statuses.

The command line (:mod:`trfkit.cli`) and the server
(:mod:`trfkit.server.api`) translate their options into one call here and
its answer into theirs (standard output and an exit status; a body and an
HTTP status), so that they agree by construction: ``trfkit check`` and
``POST /api/check`` are :func:`check_task` and :func:`checked_text`,
``rate`` is :func:`rate_task`, ``report`` :func:`form_texts`,
``standings``, ``norms`` and ``pairings`` :func:`standings_of`,
:func:`norms_of` and :func:`pairings_of`.

A batch task (:func:`check_task`, :func:`rate_task`, :func:`load_task`)
reads one file of many and returns a file it cannot read as
:class:`~trfkit.checks.files.Unreadable`, so a run goes on past it; a task
renders its document in the worker that made it
(:func:`trfkit.batch.in_order`), so only text crosses back. A rating
server rates every file of a month: the players' list is read once per run
(:func:`trfkit.rating.files.wanted_ids` says which of its million players
the files name) and every file is rated against that one index.

Exit status (as yamllint and sqlfluff): 0 when no errors were found, 1 when
the input has errors (or warnings, with ``strict``), 2 when the input
cannot be used at all.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from trfkit.checks.files import CheckedFile, Unreadable, check_file, not_a_file, not_trf
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.rating.listed import RatingListAt
from trfkit.rating.model import CheckSummary
from trfkit.rating.ratinglist import ListedPlayer
from trfkit.reader import MAX_FILE_SIZE, MAX_LINE_LENGTH

if TYPE_CHECKING:
    from trfkit.model import Tournament
    from trfkit.report.registry import FormOptions

__all__ = [
    "EXIT_FINDINGS",
    "EXIT_OK",
    "EXIT_UNUSABLE",
    "CheckOptions",
    "FormTexts",
    "Made",
    "RateOptions",
    "RatedFile",
    "check_of",
    "check_status",
    "check_summary",
    "check_task",
    "checked_text",
    "form_texts",
    "load_task",
    "norms_of",
    "pairings_of",
    "rate_task",
    "standings_of",
    "status",
    "status_of",
    "unused_k",
    "warm_up",
    "with_check",
]

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


def status(diagnostics: Iterable[Diagnostic], strict: bool) -> int:
    """The exit status for ``diagnostics``: 1 for an error (or, ``strict``,
    a warning), else 0."""
    return status_of(max((d.severity.rank for d in diagnostics), default=-1), strict)


def status_of(worst: int, strict: bool) -> int:
    """The exit status for the worst severity rank found (-1: nothing)."""
    if worst >= Severity.ERROR.rank or (strict and worst >= Severity.WARNING.rank):
        return EXIT_FINDINGS
    return EXIT_OK


def with_errors(status: int, check_errors: int) -> int:
    """A document of a file with check errors carries a banner; the exit
    status says it too (1), whatever the reader found."""
    return max(status, EXIT_FINDINGS) if check_errors else status


# -- check: one file of a batch ------------------------------------------------


@attrs.frozen
class CheckOptions:
    """What ``trfkit check`` applies to every file of a run."""

    rules: str = "auto"
    type: str | None = None
    time_control: str | None = None
    ignore: frozenset[str] = frozenset()
    encoding: str | None = None
    min_rank: int = 0
    """Leave out diagnostics whose severity ranks below this."""
    max_size: int | None = MAX_FILE_SIZE
    max_line_length: int | None = MAX_LINE_LENGTH
    rating_lists: tuple[RatingListAt, ...] = ()
    """FIDE's players' lists by month, each holding only the players the
    run's files name (read once for the run)."""
    tiebreaks: str | None = None
    """``--tiebreaks``: the codes the declared ranks are judged by (S116),
    in place of each file's 212/202 (known codes: the command line checks)."""
    pairings: str | None = None
    """``--pairings``: the Dutch System's edition each Swiss event's rounds
    are re-paired by (``auto``: 192, else the start date), S128; ``None``:
    not checked."""


def load_task(
    task: tuple[str, bytes | None],
    *,
    encoding: str | None = None,
    max_size: int | None = MAX_FILE_SIZE,
    max_line_length: int | None = MAX_LINE_LENGTH,
) -> Tournament | Unreadable:
    """Read one file of a batch (``task``: its path, and for standard input
    its bytes); a file that cannot be read is returned, not raised."""
    from trfkit.reader import load, loads

    path, data = task
    if data is None and not os.path.isfile(path):
        return Unreadable(path, not_a_file(path))
    size, length = max_size, max_line_length
    try:
        if data is not None:
            t = loads(data, encoding=encoding, max_size=size, max_line_length=length)
        else:
            t = load(path, encoding=encoding, max_size=size, max_line_length=length)
    except OSError as exc:
        return Unreadable(path, str(exc.strerror or exc))
    reason = not_trf(t.diagnostics)
    return t if reason is None else Unreadable(path, reason)


def check_task(options: CheckOptions, task: tuple[str, bytes | None]) -> CheckedFile | Unreadable:
    """Check one file of a batch: ``task`` is its path and, for standard
    input, its bytes. A file that cannot be read is returned as
    :class:`Unreadable`, not raised, so a batch goes on past it. The
    encoding must already be known to exist."""
    path, data = task
    if data is None and not os.path.isfile(path):
        return Unreadable(path, not_a_file(path))
    try:
        checked = check_file(
            "<stdin>" if path == "-" else path,
            rules=options.rules,
            type=options.type,
            time_control=options.time_control,
            ignore=options.ignore,
            encoding=options.encoding,
            data=data,
            max_size=options.max_size,
            max_line_length=options.max_line_length,
            rating_lists=options.rating_lists,
            tiebreaks=options.tiebreaks,
            pairings=options.pairings,
        )
    except OSError as exc:
        return Unreadable(path, str(exc.strerror or exc))
    reason = not_trf(checked.diagnostics)
    if reason is not None:
        return Unreadable(path, reason)
    if options.min_rank:
        kept = tuple(d for d in checked.diagnostics if d.severity.rank >= options.min_rank)
        dropped = Counter(
            d.severity.value for d in checked.diagnostics if d.severity.rank < options.min_rank
        )
        left_out = tuple((s.value, dropped[s.value]) for s in Severity if s.rank < options.min_rank)
        checked = attrs.evolve(checked, diagnostics=kept, left_out=left_out)
    return checked


# A small file that takes the path every file takes: the reader's and the
# time control's parsers, whose lexers lark builds on their first use, and
# the checks.
_WARM_UP_FILE = (
    b"012 Warm-up\n"
    b"042 2025/01/10\n"
    b"122 90 min/40 moves + 30 min, 30 sec/move from move 1\n"
    b"001    1 m    Player, One                       2371 ESP    93000012 1994/02/11  1.0"
    b"    1     2 w 1\n"
    b"001    2 m    Player, Two                       2356 RSA    93000020 1987/09/29  0.0"
    b"    2     1 b 0\n"
)


def warm_up() -> None:
    """Load the grammars and the checks once, before worker processes fork.

    Whatever a worker would build on its first file (a lexer, the
    time-control parser, a module imported on first use) it would build
    again in each worker: checking a small file here builds it once, in
    the process the workers are forked from.
    """
    from trfkit import checks, dialect  # noqa: F401
    from trfkit.reader import loads
    from trfkit.timecontrol import parse_time_control

    # Through the public API (issue 31 §3: no module reaches into another's
    # private names): reading a file builds the reader's lexer, and reading
    # a time control the time-control parser, each once (both are cached).
    loads(_WARM_UP_FILE)
    parse_time_control("90 min/40 moves + 30 min, 30 sec/move from move 1")
    # Only a head start: a failure here is the real files' to report.
    with contextlib.suppress(Exception):
        check_file("<warm-up>", data=_WARM_UP_FILE)


# -- rate and report: one file of a batch ------------------------------------


@attrs.frozen
class RateOptions:
    """What ``trfkit rate`` applies to every file of a run."""

    rules: str = "auto"
    type: str | None = None
    time_control: str | None = None
    rate_class: str | None = None
    encoding: str | None = None
    format: str = "text"
    """``text``, ``csv``, ``json``, ``jsonl`` (one document a line) or ``html``."""
    ascii: bool = False
    k: Mapping[int, int] = attrs.field(factory=dict)
    """K by start rank (one file only)."""
    ratings: Mapping[int, ListedPlayer] | None = None
    """The players' list, by FIDE id (the part the files need)."""
    lists: tuple[RatingListAt, ...] = ()
    """Players' lists by month (``--rating-list [YYYY-MM=]FILE``): each file
    is rated with the one in force at its start (Title Regulations §1.4.6a,
    as ``check`` compares with it); when given, wins over ``ratings``."""
    max_size: int | None = MAX_FILE_SIZE
    max_line_length: int | None = MAX_LINE_LENGTH
    path_column: bool = True
    """CSV rows start with the file's path (many files); ``False`` for one."""
    games_csv: bool = False
    """Make the games' CSV rows whatever the format (``--games-csv``)."""


@attrs.frozen
class RatedFile:
    """One file's report, rendered where it was rated."""

    path: str
    text: str
    """The report in the run's format (for ``csv``: the player rows, with
    the path in a first column; see :func:`trfkit.report.rating.rating_csv_rows`)."""
    games_csv: str
    """For ``csv``: the game rows, with the path in a first column."""
    players: int
    diagnostics: tuple[Diagnostic, ...]
    """The reader's findings (P codes)."""
    check_errors: int = 0
    """The errors ``trfkit check`` finds in the file: the report carries a
    banner, and ``trfkit rate`` exits 1."""
    warnings: tuple[str, ...] = ()
    """What the command line should warn of, in words: a ``--k`` that the
    rule set never gives."""


def rate_task(options: RateOptions, task: tuple[str, bytes | None]) -> RatedFile | Unreadable:
    """Read, rate and render one file of a batch: ``task`` is its path and,
    for standard input, its bytes. A file that cannot be read is returned as
    :class:`~trfkit.checks.files.Unreadable`, not raised."""
    from trfkit.rating.engine import rate
    from trfkit.report.registry import RenderOptions, output

    path = task[0]
    shown = "<stdin>" if path == "-" else path
    t = load_task(
        task,
        encoding=options.encoding,
        max_size=options.max_size,
        max_line_length=options.max_line_length,
    )
    if isinstance(t, Unreadable):
        return t
    unknown = sorted(set(options.k) - {p.start_rank for p in t.players})
    if unknown:
        ranks = ", ".join(map(str, unknown))
        return Unreadable(path, f"--k names start rank(s) {ranks}: no such player")
    ratings = options.ratings
    if options.lists:
        from trfkit.event import event_of
        from trfkit.rating.listed import list_in_force

        start = event_of(
            t, rules=options.rules, type=options.type, time_control=options.time_control
        ).start
        in_force = list_in_force(options.lists, start)
        ratings = in_force.players if in_force is not None else None
    report = rate(
        t,
        rules=options.rules,
        type=options.type,
        time_control=options.time_control,
        ratings=ratings,
        k=options.k,
        rate_class=options.rate_class,
    )
    # The rater takes each player's cells as written: a file that check
    # finds errors in is still rated, under a banner that says so.
    summary = check_of(t, rules=options.rules, type=options.type, time_control=options.time_control)
    report = attrs.evolve(report, check=summary)
    # The registry renders; --games-csv wants the CSV's game rows whatever
    # the main format.
    render = RenderOptions(shown if options.path_column else None, options.ascii)
    text, games = output("form3", options.format).render(report, render)
    if options.games_csv and options.format != "csv":
        games = output("form3-games", "csv").render(report, render)[1]
    return RatedFile(
        shown,
        text,
        games,
        len(report.players),
        tuple(t.diagnostics),
        summary.errors,
        unused_k(report.rules, options.k),
    )


@attrs.frozen
class FormTexts:
    """``trfkit report``'s forms of one file, each rendered in the run's format."""

    texts: tuple[tuple[str, str], ...]
    """(document, text) in the order asked for."""
    check_errors: int = 0
    """The errors ``trfkit check`` finds: every document carries a banner
    (:func:`with_check`), and ``trfkit report`` exits 1."""

    def joined(self, format: str) -> str:
        """The documents as one: text one after the other, HTML as one page
        that prints each form from a new sheet (JSON and CSV hold one
        document each: the command line writes them into a directory)."""
        if format == "html" and len(self.texts) > 1:
            from trfkit.report.format import join_html_pages

            return join_html_pages([text for _, text in self.texts])
        return "\n".join(text for _, text in self.texts)


def form_texts(
    t: Tournament,
    task: tuple[str, bytes | None],
    documents: Sequence[str],
    rate: RateOptions,
    form: FormOptions,
) -> FormTexts | Unreadable:
    """The ``documents`` of the tournament ``t`` read from ``task``, for
    ``trfkit report`` and the server alike: Form 3 as ``trfkit rate`` writes
    one file's (``rate``'s format and options), the others built by the
    registry's :data:`~trfkit.report.registry.FORM_DOCUMENTS` and rendered
    in that format."""
    from trfkit.report.registry import FORM_DOCUMENTS, Piece, RenderOptions, output

    texts: list[tuple[str, str]] = []
    render = RenderOptions(None, rate.ascii)
    # What check finds, once for every document: each carries it as Form 3 does.
    check = check_of(t, rules=form.rules, type=form.type, time_control=form.time_control)
    for name in documents:
        if name == "form3":
            rated = rate_task(rate, task)
            if not isinstance(rated, RatedFile):
                return rated
            entry = output("form3", rate.format)
            piece = Piece(rated.path, rated.text, rated.games_csv)
            text = entry.stream(piece, True, True) + entry.finish([piece], True, 0)
        else:
            text = output(name, rate.format).render(FORM_DOCUMENTS[name](t, form), render)[0]
            text = with_check(text, rate.format, check)
        texts.append((name, text))
    return FormTexts(tuple(texts), check.errors)


def check_of(
    t: Tournament,
    *,
    rules: str = "auto",
    type: str | None = None,
    time_control: str | None = None,
) -> CheckSummary:
    """What ``trfkit check`` finds in ``t`` (its errors by code), for the
    banner of every document built from it and the exit status of the
    command that writes it: ``rate``, ``report``, ``standings``, ``norms``."""
    from trfkit.checks import validate

    return check_summary(validate(t, rules=rules, type=type, time_control=time_control))


_BODY = re.compile(r"<body[^>]*>")


def with_check(
    text: str, format: str, check: CheckSummary | None, *, styled_by_class: bool = False
) -> str:
    """A rendered document with what ``check`` found, the same in every
    document (:func:`~trfkit.report.formparts.check_banner`, as Form 3
    opens with it): text and HTML open with the banner when there are
    errors; JSON gets a ``check`` key after ``path`` (``{"errors": 0, ...}``
    when there are none, so that a script reads one shape); CSV, rows for a
    spreadsheet, is left as it is. ``check`` ``None`` (not run) leaves the
    text as it is. ``styled_by_class``: the HTML banner is styled by a rule
    added to the document's own ``<style>``, not by a ``style`` attribute,
    which the page's Content Security Policy blocks in its frames."""
    from trfkit.report.formparts import BANNER_STYLE, check_banner, check_data

    if check is None:
        return text
    if format == "json":
        document = json.loads(text)
        keys = list(document)
        after = "path" if "path" in keys else "trfkit"
        at = keys.index(after) + 1 if after in keys else len(keys)
        items = list(document.items())
        items.insert(at, ("check", check_data(check)))
        return json.dumps(dict(items), indent=2, ensure_ascii=False) + "\n"
    banner = check_banner(check)
    if banner is None:
        return text
    if format == "text":
        return f"{banner}\n\n{text}"
    if format == "html":
        found = _BODY.search(text)
        if found is None:
            return text
        if styled_by_class and "</style>" in text:
            shown = f'\n<p class="banner" role="alert">{html.escape(banner)}</p>'
            text = text.replace("</style>", f"p.banner {{ {BANNER_STYLE} }}\n</style>", 1)
            found = _BODY.search(text)
            if found is None:
                return text
        else:
            shown = (
                f'\n<p class="banner" role="alert" style="{BANNER_STYLE}">{html.escape(banner)}</p>'
            )
        return text[: found.end()] + shown + text[found.end() :]
    return text


def check_summary(diagnostics: Iterable[Diagnostic]) -> CheckSummary:
    """The errors among ``diagnostics``, counted by code (codes in order)."""
    counts: dict[str, int] = {}
    for d in diagnostics:
        if d.severity is Severity.ERROR:
            counts[d.code] = counts.get(d.code, 0) + 1
    return CheckSummary(sum(counts.values()), tuple(sorted(counts.items())))


def unused_k(rules: str, k: Mapping[int, int]) -> tuple[str, ...]:
    """A warning for each ``--k`` (by start rank or FIDE id) that the rule
    set ``rules`` gives to no one: likely a slip, though a federation may
    have its reasons. ``trfkit rate`` and ``rate-period`` print them."""
    from trfkit.rules import get

    known = get(rules).k_values()
    shown = ", ".join(map(str, sorted(known)))
    return tuple(
        f"--k {who}={value}: {rules} gives no player a K of {value} (its K values: {shown})"
        for who, value in sorted(k.items())
        if value not in known
    )


# -- one file's document, the same for the command line and the server ------


@attrs.frozen
class Made:
    """One file's document as both front doors write it: its text, what
    check finds in the file (the banner it carries, ``None``: not run), and
    whether the document itself is a finding (a round paired otherwise)."""

    text: str
    check: CheckSummary | None = None
    differs: bool = False

    def status(self, diagnostics: Iterable[Diagnostic], strict: bool) -> int:
        """The exit status: the reader's findings, then check's errors
        (the banner), then the document's own finding."""
        found = with_errors(status(diagnostics, strict), self.check.errors if self.check else 0)
        return max(found, EXIT_FINDINGS) if self.differs else found


def checked_text(
    files: Sequence[CheckedFile | Unreadable],
    fmt: str,
    *,
    colour: bool = False,
    verbose: bool = False,
) -> str:
    """``trfkit check``'s document of ``files`` in ``fmt``, through the
    registry (text, JSON, JSON Lines, SARIF, GitHub annotations)."""
    from trfkit.report.registry import RenderOptions, output

    options = RenderOptions(None, colour=colour, verbose=verbose)
    return output("check", fmt).render(files, options)[0]


def standings_of(
    t: Tournament,
    path: str,
    fmt: str,
    *,
    ascii: bool = False,
    tiebreaks: str | None = None,
    edition: str = "auto",
    type: str | None = None,
    teams: bool | None = None,
    primary: str | None = None,
) -> Made:
    """``trfkit standings``: points, then the tie-breaks on the groups
    still tied (C.07 4.2); a team event's teams unless ``teams`` is
    ``False``. Raises :class:`~trfkit.tiebreaks.UnknownTieBreak` and
    :class:`~trfkit.tiebreaks.NotATeamEvent` for each door to word."""
    from trfkit.report.registry import RenderOptions, output
    from trfkit.tiebreaks import event_standings

    document, s = event_standings(t, tiebreaks, edition, type=type, teams=teams, primary=primary)
    text, _ = output(document, fmt).render(s, RenderOptions(path, ascii))
    # What check finds, as every document carries it (a banner, JSON's check).
    check = check_of(t, type=type)
    return Made(with_check(text, fmt, check), check)


def norms_of(
    t: Tournament,
    fmt: str,
    *,
    ascii: bool = False,
    rules: str = "auto",
    type: str | None = None,
    exemption: str | None = None,
    games_exception: str | None = None,
    certificates: bool = False,
) -> Made:
    """``trfkit norms``: Form 4's title-norm table (4c), or its
    certificates of title result (4b), under the Title Regulations ``rules``."""
    from trfkit.report.registry import RenderOptions, output
    from trfkit.titlenorms import norms

    report = norms(t, rules, type=type, exemption=exemption, games_exception=games_exception)
    document = "certificates" if certificates else "norms"
    text, _ = output(document, fmt).render(report, RenderOptions(None, ascii))
    check = check_of(t, type=type)
    return Made(with_check(text, fmt, check), check)


def pairings_of(
    t: Tournament,
    path: str,
    fmt: str,
    *,
    ascii: bool = False,
    system: str = "auto",
    rounds: Sequence[int] | None = None,
) -> Made:
    """``trfkit pairings``: each round (or ``rounds``) re-paired by the
    FIDE (Dutch) System and compared with the file; a round paired
    otherwise is the document's finding (exit 1)."""
    from trfkit.pairing import System, check_pairings
    from trfkit.report.pairings import pairings_document
    from trfkit.report.registry import RenderOptions, output

    report = check_pairings(t, None if system == "auto" else System(system), rounds)
    document = pairings_document(t, report, path)
    text, _ = output("pairings", fmt).render(document, RenderOptions(path, ascii))
    # What check finds, as every document carries it: the re-pairing reads
    # the file's results, so a file whose totals disagree with them (S104)
    # is re-paired on figures the arbiter did not use.
    check = check_of(t)
    return Made(
        with_check(text, fmt, check, styled_by_class=True), check, differs=not report.agrees
    )


def check_status(files: Sequence[CheckedFile | Unreadable], strict: bool) -> int:
    """check's exit status: 2 when a file could not be read, else by the
    worst finding of every file."""
    if any(not isinstance(f, CheckedFile) for f in files):
        return EXIT_UNUSABLE
    return status([d for f in files if isinstance(f, CheckedFile) for d in f.diagnostics], strict)
