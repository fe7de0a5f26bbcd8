"""The ``trfkit`` command line: a thin layer over the library.

Exit status (as yamllint and sqlfluff): 0 when no errors were found, 1 when
the input has errors (or warnings, with ``--strict``), 2 when the input
cannot be used at all (missing file, bad arguments). Bad input never prints a
traceback; only a bug in trfkit does.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO, cast

import attrs

from trfkit import __version__
from trfkit._gc import no_cyclic_gc

with no_cyclic_gc():  # long-lived objects, no garbage (see trfkit/__init__.py)
    from trfkit.checks.files import CheckedFile, Unreadable, not_trf
    from trfkit.diagnostics import Diagnostic, Severity
    from trfkit.model import Dialect, Tournament

if TYPE_CHECKING:
    from trfkit.commands import Command, Option
    from trfkit.rating.listed import RatingListAt
    from trfkit.rating.ratinglist import ListedPlayer
    from trfkit.report.registry import Piece
    from trfkit.service import CheckOptions, RateOptions

__all__ = ["main"]

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2
"""As :mod:`trfkit.service` says them (the same three numbers)."""


class _Usage(Exception):
    """Input the command cannot use: reported in one line, exit status 2."""


def _read(path: str, args: argparse.Namespace) -> Tournament:
    from trfkit.reader import load

    encoding = args.encoding

    _read_check(path)
    try:
        max_size, max_line_length = _limits(args)
        t = load(path, encoding=encoding, max_size=max_size, max_line_length=max_line_length)
    except LookupError as exc:
        raise _Usage(f"unknown encoding {encoding!r}") from exc
    except OSError as exc:
        raise _Usage(f"{path}: {exc.strerror or exc}") from exc
    reason = not_trf(t.diagnostics)
    if reason is not None:
        raise _Usage(f"{path}: {reason}")
    return t


def _colour(stream: TextIO) -> bool:
    return (
        stream.isatty() and os.environ.get("NO_COLOR") is None and os.environ.get("TERM") != "dumb"
    )


def _print_diagnostics(diags: Sequence[Diagnostic], path: str, stream: TextIO) -> None:
    from trfkit.report.diagnostics import text_line

    colour = _colour(stream)
    for d in diags:
        print(text_line(d, path, colour), file=stream)


def _status(diags: Sequence[Diagnostic], strict: bool) -> int:
    from trfkit.service import status

    return status(diags, strict)


def _cmd_parse(args: argparse.Namespace) -> int:
    from trfkit.report.registry import RenderOptions, output

    t = _read(args.file, args)
    sys.stdout.write(output("records", args.format).render(t, RenderOptions(args.file))[0])
    if args.format == "text":
        _print_diagnostics(t.diagnostics, args.file, sys.stderr)
    return _status(t.diagnostics, args.strict)


def _cmd_fmt(args: argparse.Namespace) -> int:
    from trfkit.writer import rewrite

    _known_encoding(args.output_encoding)
    t = _read(args.file, args)
    text, diags = rewrite(t, Dialect(args.to) if args.to else None, args.newline)
    encoding = args.output_encoding or "utf-8"
    try:
        # Encoded whole before anything is written: a character the codec
        # has no byte for refuses the output, not half of it.
        data = text.encode(encoding)
    except UnicodeEncodeError as exc:
        before = text[: exc.start].replace("\r\n", "\n").replace("\r", "\n")
        line, column = before.count("\n") + 1, len(before) - before.rfind("\n")
        raise _Usage(
            f"{args.file}: {text[exc.start]!r} (line {line}, column {column}) has no "
            f"{encoding} form: choose another --output-encoding"
        ) from exc
    except UnicodeError as exc:  # a codec of names (idna), not of a file's text
        raise _Usage(
            f"{args.file}: the file has no {encoding} form ({exc}): choose another "
            "--output-encoding"
        ) from exc
    if args.output and args.output != "-":
        try:
            with open(args.output, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            raise _Usage(f"{args.output}: {exc.strerror or exc}") from exc
    else:
        stdout = getattr(sys.stdout, "buffer", None)
        if stdout is None or args.output_encoding is None:
            sys.stdout.write(text)
        else:
            sys.stdout.flush()
            stdout.write(data)
            stdout.flush()
    _print_diagnostics(diags, args.file, sys.stderr)
    return _status(diags, args.strict)


def _known_rules(name: str) -> None:
    from trfkit.options import rules_refused

    # --rules is read in lower case (str.lower in the table's --rules).
    refused = rules_refused(name)
    if refused is not None:
        raise _Usage(refused)


def _known_time_control(text: str | None) -> None:
    """Refuse a --time-control the grammar cannot read."""
    from trfkit.options import time_control_refused

    refused = time_control_refused(text)
    if refused is not None:
        raise _Usage(refused)


def _known_codes(codes: set[str]) -> None:
    from trfkit.options import codes_refused

    refused = codes_refused(codes)
    if refused is not None:
        raise _Usage(refused)


def _codes(text: str) -> set[str]:
    from trfkit.options import codes_named

    return codes_named(text)


def _check_options(args: argparse.Namespace) -> tuple[CheckOptions, list[tuple[str, bytes | None]]]:
    """check's options, each refused in one line before any file is read,
    and the files to check."""
    from trfkit.service import CheckOptions

    _known_rules(args.rules)
    _known_encoding(args.encoding)
    ignore: set[str] = set()
    for text in args.ignore or ():
        ignore |= _codes(text)
    _known_codes(ignore)
    _known_time_control(args.time_control)
    if args.system != "auto" and not args.pairings:
        raise _Usage(f"--system {args.system}: the pairings' edition, for --pairings: give both")
    tasks = _tasks(args)
    options = CheckOptions(
        rules=args.rules,
        type=args.type,
        time_control=args.time_control,
        ignore=frozenset(ignore),
        encoding=args.encoding,
        min_rank=Severity(args.min_severity).rank,
        max_size=_limits(args)[0],
        max_line_length=_limits(args)[1],
        rating_lists=tuple(_rating_lists(args.rating_list, tasks, _limits(args)[0])),
        tiebreaks=_known_tiebreaks(args.tiebreaks),
        pairings=args.system if args.pairings else None,
    )
    return options, tasks


def _cmd_check(args: argparse.Namespace) -> int:
    from functools import partial

    from trfkit.batch import default_jobs, in_order, progress_bar
    from trfkit.service import check_status, check_task, checked_text, warm_up

    options, tasks = _check_options(args)
    _freeze_at_exit()
    if args.format in ("json", "jsonl"):
        return _check_as_json(args, options, tasks)
    on_screen = sys.stdout.isatty() and sys.stderr.isatty()
    results: list[CheckedFile | Unreadable] = []
    with progress_bar(len(tasks)) as done:
        for outcome in in_order(
            partial(check_task, options),
            tasks,
            jobs=args.jobs or default_jobs(),
            warm_up=warm_up,
            done=done,
        ):
            results.append(outcome)
            if isinstance(outcome, Unreadable) and not (args.format == "text" and on_screen):
                # The text report names it in its summary: on a terminal,
                # where both streams show, it is said once.
                _unreadable(outcome.path, outcome.reason)
    colour = _colour(sys.stdout)
    sys.stdout.write(checked_text(results, args.format, colour=colour, verbose=args.verbose))
    return check_status(results, args.strict)


def _check_as_json(
    args: argparse.Namespace, options: CheckOptions, tasks: list[tuple[str, bytes | None]]
) -> int:
    """check in JSON or JSON Lines: each file rendered where it is checked
    (in a batch the workers share the encoding, and send back text rather
    than diagnostics); JSON Lines streamed, a line as each file is done."""
    from functools import partial

    from trfkit.batch import default_jobs, in_order, progress_bar
    from trfkit.report import diagnostics as render
    from trfkit.service import EXIT_UNUSABLE as UNUSABLE
    from trfkit.service import status_of, warm_up

    pieces: list[_JsonPiece] = []
    raw = _utf8_stdout()
    with progress_bar(len(tasks)) as done:
        for piece in in_order(
            partial(_check_to_json, options, args.format),
            tasks,
            jobs=args.jobs or default_jobs(),
            warm_up=warm_up,
            done=done,
        ):
            pieces.append(piece)
            if args.format == "jsonl":
                # Streamed: a server reads each file's line as it is done.
                _write_now(piece.text, raw)
            if piece.unreadable is not None:
                _unreadable(piece.path, piece.unreadable)
    if args.format == "json":
        data = [piece.text for piece in pieces]
        encoded = [d for d in data if isinstance(d, bytes)]
        if raw is not None and len(encoded) == len(data):
            _write_now(render.join_json_bytes(encoded, _json_summary(pieces)), raw)
        else:
            texts = [d.decode() if isinstance(d, bytes) else d for d in data]
            _write_now(render.join_json(texts, _json_summary(pieces), placed=True), None)
    if any(piece.unreadable is not None for piece in pieces):
        return UNUSABLE
    worst = max(
        (Severity(s).rank for piece in pieces for s, n in piece.counts.items() if n),
        default=-1,
    )
    return status_of(worst, args.strict)


def _json_summary(pieces: Sequence[_JsonPiece]) -> dict[str, int]:
    """The JSON document's summary: findings by severity, files, unreadable."""
    summary = {"error": 0, "warning": 0, "info": 0, "files": len(pieces), "unreadable": 0}
    for piece in pieces:
        for severity, n in piece.counts.items():
            summary[severity] += n
        summary["unreadable"] += piece.unreadable is not None
    return summary


def _utf8_stdout() -> BinaryIO | None:
    """Standard output's byte stream when text written to standard output
    comes out as that text's UTF-8 bytes, unchanged: it is the process's
    own, UTF-8, and no line endings are translated (not on Windows).
    Otherwise ``None`` (replaced as by a test, or another encoding): then
    text is written as text, in that stream's encoding and error handling."""
    import codecs

    out = sys.__stdout__
    if out is None or sys.stdout is not out or os.linesep != "\n":
        return None
    try:
        if codecs.lookup(out.encoding).name != "utf-8":
            return None
        raw = cast("BinaryIO", out.buffer)
    except (AttributeError, LookupError):
        return None
    out.flush()  # what was written as text comes first
    return raw


def _write_now(data: bytes | str, raw: BinaryIO | None) -> None:
    """Write ``data`` to standard output and flush it: UTF-8 ``bytes`` to
    ``raw`` (:func:`_utf8_stdout`) where there is one, else as text."""
    if raw is not None and isinstance(data, bytes):
        raw.write(data)
        raw.flush()
        return
    sys.stdout.write(data.decode() if isinstance(data, bytes) else data)
    sys.stdout.flush()


def _freeze_at_exit() -> None:
    """Spare the interpreter's last garbage collections at exit.

    After a check the heap holds the grammar, the checks and the results,
    and the collections Python runs as it shuts down walk all of it: some
    60 ms, as long as reading ten files. Frozen objects are left to the
    operating system, which frees the whole process at once; the output is
    flushed all the same, and Python never promised to finalise objects
    still alive at exit anyway.
    """
    import atexit
    import gc

    atexit.unregister(gc.freeze)  # once, however often main() runs
    atexit.register(gc.freeze)


def _tasks(args: argparse.Namespace) -> list[tuple[str, bytes | None]]:
    """The files of ``args.paths`` (``--glob`` in directories) as batch
    tasks: a path, and the bytes of standard input for ``-``."""
    from trfkit.batch import trf_files

    tasks = [
        (p, sys.stdin.buffer.read() if p == "-" else None)
        for p in trf_files(args.paths, args.glob or ())
    ]
    if not tasks:
        what = f" matching {' or '.join(args.glob)}" if args.glob else ""
        raise _Usage(f"no TRF files{what} found in " + ", ".join(args.paths))
    return tasks


def _unreadable(path: str, reason: str) -> None:
    print(f"trfkit: {path}: {reason}", file=sys.stderr)


@attrs.frozen
class _JsonPiece:
    """One file as the JSON document or a JSON Lines line shows it, its
    counts by severity (for the summary and the exit status), and why it
    could not be read (``None``: it was)."""

    path: str
    text: bytes | str
    """UTF-8; text where it cannot be encoded so (a lone surrogate from a
    file name that is not UTF-8), which standard output's own error
    handling then writes as ever."""
    counts: dict[str, int]
    unreadable: str | None = None


def _check_to_json(options: CheckOptions, fmt: str, task: tuple[str, bytes | None]) -> _JsonPiece:
    from trfkit.report.diagnostics import render_json_file, render_jsonl_line
    from trfkit.service import check_task

    checked = check_task(options, task)
    # Indented for its place in the document here, in the worker, rather
    # than all files' text again in the process that joins them.
    text = render_jsonl_line(checked) if fmt == "jsonl" else render_json_file(checked, placed=True)
    # Encoded here too: bytes cross from a worker as they are, where text
    # would be encoded, decoded and encoded again on the way out.
    data: bytes | str = text
    with contextlib.suppress(UnicodeEncodeError):
        data = text.encode()
    if not isinstance(checked, CheckedFile):
        return _JsonPiece(checked.path, data, {}, checked.reason)
    counts = {"error": 0, "warning": 0, "info": 0}
    for d in checked.diagnostics:
        counts[d.severity.value] += 1
    return _JsonPiece(checked.path, data, counts)


def _limits(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """The reader's limits from --max-file-size and --max-line-length (0: none)."""
    return args.max_file_size or None, args.max_line_length or None


def _known_encoding(name: str | None) -> None:
    from trfkit.options import encoding_refused

    refused = encoding_refused(name)
    if refused is not None:
        raise _Usage(refused)


def _k_overrides(items: Sequence[str] | None, what: str = "START_RANK") -> dict[int, int]:
    out: dict[int, int] = {}
    for item in items or ():
        rank, sep, k = item.partition("=")
        if not sep or not rank.strip().isdigit() or not k.strip().isdigit():
            raise _Usage(f"--k {item!r}: expected {what}=K, e.g. --k 12=40")
        # No rating regulation has a K outside 10-40; 1-100 catches a slip
        # (a rating, a start rank) without second-guessing a federation.
        if not 1 <= int(k) <= 100:
            raise _Usage(f"--k {item!r}: K must be a whole number from 1 to 100, not {int(k)}")
        out[int(rank)] = int(k)
    return out


def _rate_options(args: argparse.Namespace, **given: Any) -> RateOptions:
    """What ``rate`` and ``report --form 3`` take from the command line alike."""
    from trfkit.service import RateOptions

    return RateOptions(
        rules=args.rules,
        type=args.type,
        time_control=args.time_control,
        encoding=args.encoding,
        format=args.format,
        ascii=args.ascii,
        max_size=_limits(args)[0],
        max_line_length=_limits(args)[1],
        **given,
    )


def _cmd_rate(args: argparse.Namespace) -> int:
    from functools import partial

    from trfkit.batch import default_jobs, in_order, progress_bar
    from trfkit.report.registry import Piece, output
    from trfkit.service import RatedFile, rate_task, warm_up, with_errors

    _known_rules(args.rules)
    _known_encoding(args.encoding)
    _known_time_control(args.time_control)
    k = _k_overrides(args.k)
    # One file named as a file gets the one-report outputs of before; any
    # other command line (several files, a directory) the many-file shapes,
    # whatever the number of files found, so a script sees one shape.
    single = len(args.paths) == 1 and not os.path.isdir(args.paths[0])
    if not single and k:
        raise _Usage("--k names start ranks, which differ between files: rate one file with it")
    entry = output("form3", args.format)
    if not single and entry.one_file_only:
        raise _Usage(entry.one_file_only)
    tasks = _tasks(args)
    if single and tasks[0][1] is None:
        _read_check(tasks[0][0])
    # Each file is rated with the list in force at its start, as check
    # compares it with that list: one [YYYY-MM=]FILE syntax for both.
    lists = tuple(_rating_lists(args.rating_list, tasks, _limits(args)[0], names=False))
    options = _rate_options(
        args,
        rate_class=args.rate_class,
        k=k,
        lists=lists,
        path_column=not single,
        games_csv=bool(args.games_csv),
    )
    rated: list[RatedFile] = []
    pieces: list[Piece] = []  # every file's output, unreadable ones included, in input order
    unusable = 0
    out = _Output(args.output)
    with out, progress_bar(len(tasks)) as done:
        for outcome in in_order(
            partial(rate_task, options),
            tasks,
            jobs=args.jobs or default_jobs(),
            warm_up=warm_up,
            done=done,
        ):
            if not isinstance(outcome, RatedFile):
                if single:
                    raise _Usage(f"{outcome.path}: {outcome.reason}")
                _unreadable(outcome.path, outcome.reason)
                unusable += 1
                if entry.unreadable is not None:
                    # A consumer of JSON learns which file failed, in its place.
                    now, kept = entry.unreadable(outcome.path, outcome.reason)
                    out.write(now)
                    pieces.append(Piece(outcome.path, kept))
                continue
            _print_diagnostics(outcome.diagnostics, outcome.path, sys.stderr)
            for warning in outcome.warnings:
                print(f"trfkit: warning: {warning}", file=sys.stderr)
            piece = Piece(outcome.path, outcome.text, outcome.games_csv)
            out.write(entry.stream(piece, not rated, single))
            rated.append(outcome)
            pieces.append(piece)
        out.write(entry.finish([p for p in pieces if p.text or p.games], single, unusable))
    if args.games_csv:
        games = [Piece(f.path, f.text, f.games_csv) for f in rated]
        _write(args.games_csv, output("form3-games", "csv").finish(games, single, unusable))
    if unusable:
        return EXIT_UNUSABLE
    status = _status([d for f in rated for d in f.diagnostics], args.strict)
    # A report of a file with errors carries a banner; the exit says it too.
    return with_errors(status, sum(f.check_errors for f in rated))


def _cmd_report(args: argparse.Namespace) -> int:
    """``trfkit report FILE --form F``: the forms of one tournament, each
    rendered through the registry (Form 3 as ``trfkit rate`` makes it)."""
    from trfkit.report.registry import FORMS, FormOptions
    from trfkit.service import FormTexts, form_texts, with_errors

    _known_rules(args.rules)
    _known_time_control(args.time_control)
    documents = FORMS[args.form]
    given = args.output if args.output and args.output != "-" else None
    # Text and HTML hold several forms in one document (HTML as one page that
    # prints each form from a new sheet); JSON and CSV write one file per
    # form into a directory, created where it is missing.
    many = len(documents) > 1 and args.format not in ("text", "html")
    directory = None
    if given is not None and (
        os.path.isdir(given)
        or given.endswith(("/", os.sep))
        or (many and not os.path.exists(given))
    ):
        directory = given
    if many and directory is None:
        if given is not None:
            raise _Usage(
                f"-o {given}: is a file, not a directory; --form {args.form} in {args.format} "
                f"writes {len(documents)} files, one per form, into a directory: give a directory"
            )
        raise _Usage(
            f"--form {args.form} makes {len(documents)} documents, and {args.format} holds one: "
            "give -o DIRECTORY (one file per form there), or --format text or html"
        )
    if directory is not None:
        _make_directory(directory)
    t = _read(args.file, args)
    _print_diagnostics(t.diagnostics, args.file, sys.stderr)
    remarks: tuple[str, ...] = ()
    lists: list[RatingListAt] = []
    if args.rating_list:
        from trfkit.report.forms import list_remarks

        lists = _rating_lists(args.rating_list, [(args.file, None)], _limits(args)[0])
        remarks = list_remarks(
            t, lists, rules=args.rules, type=args.type, time_control=args.time_control
        )
    options = FormOptions(args.rules, args.type, args.time_control, remarks)
    # Form 3 here is trfkit rate's: rated with the list in force, as rate does.
    rate_options = _rate_options(args, path_column=False, lists=tuple(lists))
    made = form_texts(t, (args.file, None), documents, rate_options, options)
    if not isinstance(made, FormTexts):
        raise _Usage(f"{made.path}: {made.reason}")
    if directory is not None:
        suffix = {"text": "txt"}.get(args.format, args.format)
        for name, text in made.texts:
            _write(os.path.join(directory, f"{name}.{suffix}"), text)
    else:
        _write(args.output, made.joined(args.format))
    # Every form of a file with errors carries a banner; the exit says it too.
    return with_errors(_status(t.diagnostics, args.strict), made.check_errors)


def _cmd_norms(args: argparse.Namespace) -> int:
    """trfkit norms: Form 4's title-norm table (4c) or certificates (4b)."""
    from trfkit.report.registry import output
    from trfkit.rules.titles import TITLE_RULE_SETS
    from trfkit.service import norms_of

    if args.rules != "auto" and args.rules not in TITLE_RULE_SETS:
        raise _Usage(
            f"unknown title rule set {args.rules!r}; choose auto or one of "
            f"{', '.join(TITLE_RULE_SETS)}"
        )
    try:
        output("certificates" if args.certificates else "norms", args.format)
    except KeyError as exc:
        raise _Usage(str(exc.args[0])) from None
    t = _read(args.file, args)
    _print_diagnostics(t.diagnostics, args.file, sys.stderr)
    made = norms_of(
        t,
        args.format,
        ascii=args.ascii,
        rules=args.rules,
        type=args.type,
        exemption=args.exemption,
        games_exception=args.games_exception,
        certificates=args.certificates,
    )
    # Form 4's norms of a file with check errors say so, and exit 1.
    _write(args.output, made.text)
    return made.status(t.diagnostics, args.strict)


def _read_check(path: str) -> None:
    """Refuse, in one line, a path that is not a file (one-file commands)."""
    if not os.path.exists(path):
        from trfkit.checks.files import not_a_file

        raise _Usage(f"{path}: {not_a_file(path)}")
    if os.path.isdir(path):
        raise _Usage(f"{path}: is a directory, not a TRF file")


def _rating_list(
    path: str, ids: set[int], names: set[tuple[str, str]] | None = None
) -> dict[int, ListedPlayer]:
    """The players of the list that the run's files name, read once (and
    those listed under the ``names`` of players without an id)."""
    from trfkit.rating.ratinglist import RatingListError, load_rating_list

    try:
        return load_rating_list(path, wanted=ids, names=names or ())
    except RatingListError as exc:
        raise _Usage(str(exc)) from exc
    except OSError as exc:
        raise _Usage(f"{path}: {exc.strerror or exc}") from exc


def _rating_lists(
    given: Sequence[str] | None,
    tasks: Sequence[tuple[str, bytes | None]],
    max_size: int | None,
    *,
    names: bool = True,
) -> list[RatingListAt]:
    """The ``--rating-list [YYYY-MM=]FILE`` lists, each read once keeping the
    players the run's files name (with ``names``, also those listed under
    the name and federation of a player without an id); each file is then
    checked or rated with the one in force at its start."""
    if not given:
        return []
    from trfkit.rating.files import wanted_players
    from trfkit.rating.listed import RatingListAt, parse_month

    stdin = {p: data for p, data in tasks if data is not None}
    ids, unnamed = wanted_players([p for p, _ in tasks], stdin, max_size=max_size)
    lists = []
    for item in given:
        when, sep, path = item.partition("=")
        if not sep:
            when, path = "", item
        try:
            at = parse_month(when) if when else None
        except ValueError as exc:
            raise _Usage(f"--rating-list {item!r}: {exc}") from exc
        lists.append(RatingListAt(_rating_list(path, ids, unnamed if names else None), at, path))
    return lists


def _cmd_rate_period(args: argparse.Namespace) -> int:
    from trfkit.rating.period import parse_month, rate_period
    from trfkit.report.registry import RenderOptions, output
    from trfkit.service import load_task, unused_k

    _known_rules(args.rules)
    _known_encoding(args.encoding)
    try:
        month = parse_month(args.period).strftime("%Y-%m") if args.period else None
    except ValueError as exc:
        raise _Usage(f"--period: {exc}") from exc
    k = _k_overrides(args.k, what="FIDE_ID")
    tasks = _tasks(args)
    size, length = _limits(args)
    lists = _rating_lists(args.rating_list, tasks, size, names=False)
    tournaments = []
    unusable = False
    diagnostics = []
    for task in tasks:
        path = task[0]
        t = load_task(task, encoding=args.encoding, max_size=size, max_line_length=length)
        if isinstance(t, Unreadable):
            _unreadable(t.path, t.reason)
            unusable = True
            continue
        shown = "<stdin>" if path == "-" else path
        _print_diagnostics(t.diagnostics, shown, sys.stderr)
        diagnostics += t.diagnostics
        tournaments.append((shown, t))
    if not tournaments:
        return EXIT_UNUSABLE  # each file's reason is said above; no empty report
    report = rate_period(
        tournaments, rules=args.rules, lists=lists, period=month, rate_class=args.rate_class, k=k
    )
    for warning in unused_k(report.rules, k):
        print(f"trfkit: warning: {warning}", file=sys.stderr)
    out, _ = output("period", args.format).render(report, RenderOptions(None, args.ascii))
    _write(args.output, out)
    if unusable:
        return EXIT_UNUSABLE
    return _status(diagnostics, args.strict)


def _cmd_serve(args: argparse.Namespace) -> int:
    from trfkit.server.app import serve, warning_for

    if not 0 <= args.port <= 65535:
        raise _Usage(f"--port {args.port}: a port is a number from 0 to 65535")
    warning = warning_for(args.host)
    if warning is not None:
        print(warning, file=sys.stderr)
    try:
        serve(
            args.host,
            args.port,
            max_upload=args.max_upload,
            time_limit=args.time_limit,
            open_browser=args.open,
        )
    except OSError as exc:
        raise _Usage(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from exc
    return EXIT_OK


def _known_tiebreaks(codes: str | None) -> str | None:
    """--tiebreaks of check: codes C.07 knows, else a usage error naming them."""
    if codes is not None:
        from trfkit.tiebreaks import UnknownTieBreak, parse_tiebreaks

        try:
            parse_tiebreaks(codes)
        except UnknownTieBreak as exc:
            raise _Usage(f"--tiebreaks: {exc}") from exc
    return codes


def _cmd_standings(args: argparse.Namespace) -> int:
    """Points, then the tie-breaks on the groups still tied (C.07 4.2)."""
    from trfkit.service import standings_of
    from trfkit.tiebreaks import NotATeamEvent, UnknownTieBreak

    _known_encoding(args.encoding)
    t = _read(args.file, args)
    _print_diagnostics(t.diagnostics, args.file, sys.stderr)
    # A team event's standings are the teams' (docs/standings.md); --players
    # asks for the boards' players ranked by their own points.
    teams = True if args.teams else (False if args.players else None)
    try:
        made = standings_of(
            t,
            args.file,
            args.format,
            ascii=args.ascii,
            tiebreaks=args.tiebreaks,
            edition=args.tiebreak_rules,
            type=args.type,
            teams=teams,
            primary=args.primary,
        )
    except NotATeamEvent as exc:
        raise _Usage(f"--teams: {exc}") from exc
    except UnknownTieBreak as exc:
        raise _Usage(f"--tiebreaks: {exc}") from exc
    _write(args.output, made.text)
    return made.status(t.diagnostics, args.strict)


class _Output:
    """Standard output, or the ``-o`` file, written as results come (so
    JSON Lines stream); used as a context manager."""

    def __init__(self, path: str | None) -> None:
        self._path = None if not path or path == "-" else path
        self._fh: TextIO = sys.stdout

    def __enter__(self) -> _Output:
        if self._path is not None:
            try:
                self._fh = open(self._path, "w", encoding="utf-8", newline="")
            except OSError as exc:
                raise _Usage(f"{self._path}: {exc.strerror or exc}") from exc
        return self

    def write(self, text: str) -> None:
        self._fh.write(text)
        self._fh.flush()

    def __exit__(self, *exc: object) -> None:
        if self._fh is not sys.stdout:
            self._fh.close()


def _make_directory(path: str) -> None:
    """Create a missing output directory (and its parents), or say in one
    line why it cannot be."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise _Usage(f"-o {path}: cannot create the directory: {exc.strerror or exc}") from exc


def _prepare_outputs(args: argparse.Namespace) -> None:
    """Every output path of the command, checked before anything is read or
    written (issue 31 §2: a bad --games-csv failed after Form 3 was printed):
    a missing directory is created, a directory or an unwritable place
    given for a file is refused in one line, the same for every command."""
    for option, name in (("output", "-o"), ("games_csv", "--games-csv")):
        path = getattr(args, option, None)
        if not path or path == "-":
            continue
        if os.path.isdir(path) or path.endswith(("/", os.sep)):
            if args.command == "report" and option == "output":
                continue  # report writes one file per form into a directory
            raise _Usage(f"{name} {path}: is a directory; give a file name")
        parent = os.path.dirname(path)
        if parent:
            _make_directory(parent)
        if not os.access(parent or ".", os.W_OK):
            raise _Usage(f"{name} {path}: cannot write in {parent or '.'}: permission denied")


def _write(path: str | None, text: str) -> None:
    if not path or path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as exc:
        raise _Usage(f"{path}: {exc.strerror or exc}") from exc


def _write_bytes(path: str, data: bytes) -> None:
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        raise _Usage(f"{path}: {exc.strerror or exc}") from exc


def _rounds_wanted(text: str | None, played: int) -> list[int] | None:
    from trfkit.checks.dutch import rounds_wanted

    try:
        return rounds_wanted(text, played)
    except ValueError as exc:
        raise _Usage(f"--rounds {exc}") from None


def _swiss_only(t: Tournament, path: str) -> None:
    """The Dutch System pairs Swiss events: a file declared otherwise is
    refused (an event whose type is only inferred is taken: a small Swiss
    looks like a round robin)."""
    from trfkit.checks.dutch import not_swiss

    refused = not_swiss(t)
    if refused is not None:
        raise _Usage(f"{path}: {refused}")


def _cmd_pairings(args: argparse.Namespace) -> int:
    """trfkit pairings: every round (or --rounds) against the Dutch System."""
    from trfkit.service import pairings_of
    from trfkit.summary import rounds_paired

    _known_encoding(args.encoding)
    t = _read(args.file, args)
    _print_diagnostics(t.diagnostics, args.file, sys.stderr)
    _swiss_only(t, args.file)
    rounds = _rounds_wanted(args.rounds, rounds_paired(t))
    made = pairings_of(
        t, args.file, args.format, ascii=args.ascii, system=args.system, rounds=rounds
    )
    _write(args.output, made.text)
    return made.status(t.diagnostics, args.strict)


def _event_rounds(t: Tournament) -> tuple[int, str] | None:
    """The event's number of rounds and where it is said: 142 or XXR
    (TRF16 §2.1, TRF-2026), else the number of round dates in 132; ``None``
    where the file says neither."""
    declared = t.declared_rounds
    if declared is not None:
        return declared, "142/XXR"
    dates = len(t.round_dates)
    if dates:
        return dates, "132 dates"
    return None


_A_RESULT = frozenset("10=+-WDL")
"""A board's results once the round is over (TRF16 §2.3): played, forfeited,
or scored without a game."""


def _all_paired(t: Tournament, round_no: int) -> str | None:
    """Why round ``round_no`` is not the event's to pair (every round is
    paired), or ``None``."""
    rounds = _event_rounds(t)
    if rounds is not None and round_no > rounds[0]:
        count, said = rounds
        return f"the event has {count} round{'s' if count != 1 else ''} ({said}); all are paired"
    # A file saying no number of rounds whose players have all met each
    # other is an all-play-all over (a small one looks like a Swiss, so it
    # is not refused as a round robin): no Swiss round follows it.
    players = {p.start_rank for p in t.players}
    if len(players) < 2:
        return None
    met = {
        frozenset((p.start_rank, g.opponent))
        for p in t.players
        for g in p.games
        if g.opponent is not None and g.result is not None and g.result.value in _A_RESULT
    }
    if rounds is None and len(met) == len(players) * (len(players) - 1) // 2:
        return (
            f"every player has met every other ({len(players)} players, "
            f"{round_no - 1} rounds): the round robin is over"
        )
    return None


def _cmd_pair(args: argparse.Namespace) -> int:
    """trfkit pair: the round after the file's last, as TRF or a list."""
    from trfkit.pairing import UnpairableRound, choose_system, pair_round
    from trfkit.report.pairings import NOT_ENDORSED, pair_document, pair_trf_bytes
    from trfkit.report.registry import RenderOptions, output
    from trfkit.summary import round_paired_not_played, rounds_paired

    _known_encoding(args.encoding)
    t = _read(args.file, args)
    _print_diagnostics(t.diagnostics, args.file, sys.stderr)
    _swiss_only(t, args.file)
    # The round after the last the file has paired: a round that holds only
    # byes asked for ahead (JaVaFo's H/Z cells) is the one to pair.
    round_no = rounds_paired(t) + 1
    pending = round_paired_not_played(t)
    refused = (
        f"round {pending} is paired and not played (its games have no result): "
        f"enter its results before round {round_no} is paired"
        if pending is not None
        else _all_paired(t, round_no)
    )
    if refused is not None:
        # No round to pair: a finding about the file, not a misuse (exit 1).
        print(f"trfkit: {args.file}: {refused}; nothing to pair", file=sys.stderr)
        return EXIT_FINDINGS
    if _event_rounds(t) is None:
        print(
            f"trfkit: {args.file}: the file says not how many rounds the event has "
            f"(no 142 or XXR, no round dates in 132): round {round_no} is paired as the "
            "next; if the event is over, there is nothing to pair",
            file=sys.stderr,
        )
    system, why = choose_system(t, args.system)
    try:
        pairing = pair_round(t, round_no, system)
    except UnpairableRound as exc:
        print(
            f"trfkit: {args.file}: round {round_no} cannot be paired by the FIDE (Dutch) "
            f"System ({system.value}): {exc.unpairable.reason}; the arbiter decides (C.04.3)",
            file=sys.stderr,
        )
        return EXIT_FINDINGS
    document = pair_document(t, pairing, why, args.file)
    text, _ = output("pair", args.format).render(document, RenderOptions(args.file, args.ascii))
    if args.format == "trf" and args.output and args.output != "-":
        # The file written back in its own encoding (a Latin-1 file stays one).
        _write_bytes(args.output, pair_trf_bytes(document))
    else:
        _write(args.output, text)
    if args.format == "trf":
        # The file itself has no place for it (a TRF16 line other programs
        # would not read): said beside it.
        print(
            f"trfkit: round {round_no} paired by {system.value} (chosen by {why}). " + NOT_ENDORSED,
            file=sys.stderr,
        )
        for note in document.adjustments:
            print(f"trfkit: note: {note}", file=sys.stderr)
    return _status(t.diagnostics, args.strict)


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "parse": _cmd_parse,
    "fmt": _cmd_fmt,
    "check": _cmd_check,
    "rate": _cmd_rate,
    "report": _cmd_report,
    "norms": _cmd_norms,
    "rate-period": _cmd_rate_period,
    "serve": _cmd_serve,
    "standings": _cmd_standings,
    "pairings": _cmd_pairings,
    "pair": _cmd_pair,
}
"""What each command of :data:`trfkit.commands.COMMANDS` runs."""


def _add_option(parser: argparse.ArgumentParser, command: Command, option: Option) -> None:
    """One option of the table: ``--format`` with the command's formats."""
    from trfkit.commands import format_option

    if option.is_format:
        option = format_option(command)
    parser.add_argument(*option.flags, **option.argparse_kwargs())


def _parser() -> argparse.ArgumentParser:
    """The command line, built from the one table (:mod:`trfkit.commands`)."""
    from trfkit.commands import COMMANDS, COMMON

    parser = argparse.ArgumentParser(
        prog="trfkit",
        description="Read, check and rate FIDE Tournament Report Files (TRF).",
    )
    parser.add_argument("-V", "--version", action="version", version=f"trfkit {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS.values():
        p = sub.add_parser(command.name, help=command.help, description=command.description)
        groups: dict[str, Any] = {}
        for option in (*(COMMON if command.common else ()), *command.options):
            if not option.cli:
                continue
            if option.group and option.group not in groups:
                groups[option.group] = p.add_mutually_exclusive_group()
            _add_option(groups.get(option.group, p), command, option)
        p.set_defaults(func=_COMMANDS[command.name])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: 2 for bad arguments, 0 for --help
        return int(exc.code or 0)
    try:
        _prepare_outputs(args)
        status: int = args.func(args)
        return status
    except _Usage as exc:
        print(f"trfkit: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
