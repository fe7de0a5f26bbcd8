"""Rating many files: one task per file, for ``trfkit rate`` and servers.

A rating server rates every file of a month; each file is independent, so
``trfkit rate --jobs N`` reads, rates and renders them in ``N`` processes
(:func:`trfkit.batch.in_order`). The players' list is read once per run
(:func:`trfkit.rating.files.wanted_ids` says which of its million players
the files name) and every file is rated against that one index. A task
renders its report in the worker that rated it, so only text crosses back.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from trfkit.checks.files import Unreadable
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.rating.listed import RatingListAt
from trfkit.rating.model import CheckSummary
from trfkit.rating.ratinglist import ListedPlayer
from trfkit.reader import MAX_FILE_SIZE, MAX_LINE_LENGTH

if TYPE_CHECKING:
    from trfkit.model import Tournament
    from trfkit.report.registry import FormOptions

__all__ = [
    "FormTexts",
    "RateOptions",
    "RatedFile",
    "check_of",
    "check_summary",
    "form_texts",
    "rate_task",
    "unused_k",
    "with_check",
]


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
    from trfkit.checks.files import load_task
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


def with_check(text: str, format: str, check: CheckSummary | None) -> str:
    """A rendered document with what ``check`` found, the same in every
    document (:func:`~trfkit.report.formparts.check_banner`, as Form 3
    opens with it): text and HTML open with the banner when there are
    errors; JSON gets a ``check`` key after ``path`` (``{"errors": 0, ...}``
    when there are none, so that a script reads one shape); CSV, rows for a
    spreadsheet, is left as it is. ``check`` ``None`` (not run) leaves the
    text as it is."""
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
        shown = f'\n<p class="banner" role="alert" style="{BANNER_STYLE}">{html.escape(banner)}</p>'
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
