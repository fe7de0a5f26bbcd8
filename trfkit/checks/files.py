"""Checking files: which files a path names, and one file's findings.

``trfkit check`` and programs that check many files (a federation's CI, a
rating server) go through :func:`check_file`: read, then validate, then
drop the suppressed codes, so the reader's diagnostics (P codes) and the
checks' (S and R codes) come out as one sorted list.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

import attrs

from trfkit.diagnostics import Diagnostic
from trfkit.event import TournamentType, event_of
from trfkit.model import Tournament
from trfkit.rating.listed import RatingListAt
from trfkit.reader import MAX_FILE_SIZE, MAX_LINE_LENGTH
from trfkit.rules import RuleSet
from trfkit.summary import EventSummary, summarize

__all__ = [
    "CheckedFile",
    "Unreadable",
    "check_file",
    "check_tournament",
    "not_a_file",
    "not_trf",
]


@attrs.frozen
class CheckedFile:
    """One file given to ``trfkit check`` and what was found in it."""

    path: str
    """As given on the command line, or ``"<stdin>"``."""
    dialect: str | None
    """E.g. ``"trf16"``; ``None`` when the file could not be read."""
    rules: str | None
    """The name of the rule set used, e.g. ``"fide-2024"``."""
    tournament_type: str | None
    """``"swiss"``, ``"round-robin"``, ``"double-round-robin"``, ``"team"``,
    ``"match"`` or ``None``."""
    diagnostics: tuple[Diagnostic, ...]
    event: EventSummary | None = None
    """The event at a glance (``None``: not summarised)."""
    names: tuple[tuple[int, str], ...] = ()
    """``(line, "13 Novak, Jan")`` for each 001 line that has a finding:
    the player a finding on that line is about, for text that names him."""
    left_out: tuple[tuple[str, int], ...] = ()
    """``(severity, count)`` for each severity ``--min-severity`` left out
    of :attr:`diagnostics` (a count of 0 included): a summary that counts
    only what is shown must not read as a clean file."""


def check_file(
    path: str,
    *,
    rules: str | RuleSet = "auto",
    type: TournamentType | str | None = None,
    time_control: str | None = None,
    ignore: Iterable[str] = (),
    encoding: str | None = None,
    data: bytes | None = None,
    max_size: int | None = MAX_FILE_SIZE,
    max_line_length: int | None = MAX_LINE_LENGTH,
    rating_lists: Sequence[RatingListAt] = (),
    tiebreaks: str | None = None,
    pairings: str | None = None,
) -> CheckedFile:
    """Read and check one file; ``data`` stands in for its bytes (stdin);
    ``rating_lists`` are FIDE's players' lists by month (the players are
    compared with the one in force at the start); ``tiebreaks`` judge the
    declared ranks (S116) in place of the file's 212/202; ``pairings`` (a
    system, or ``auto``) re-pairs each round by the Dutch System (S128).

    A file that is no TRF file at all (:func:`not_trf`) is not checked: its
    one diagnostic is the reader's P012, whatever ``ignore`` says, and its
    dialect, rules and type are ``None``.

    Raises ``OSError`` when the file cannot be read, ``LookupError`` for an
    unknown encoding, ``KeyError`` for an unknown rule set.
    """
    from trfkit.reader import load, loads

    t = (
        loads(data, encoding=encoding, max_size=max_size, max_line_length=max_line_length)
        if data is not None
        else load(path, encoding=encoding, max_size=max_size, max_line_length=max_line_length)
    )
    refused = [d for d in t.diagnostics if d.code == "P012"]
    if refused:
        return CheckedFile(path, None, None, None, tuple(refused))
    return check_tournament(
        t,
        path,
        rules=rules,
        type=type,
        time_control=time_control,
        ignore=ignore,
        rating_lists=rating_lists,
        tiebreaks=tiebreaks,
        pairings=pairings,
    )


def check_tournament(
    t: Tournament,
    path: str = "<string>",
    *,
    rules: str | RuleSet = "auto",
    type: TournamentType | str | None = None,
    time_control: str | None = None,
    ignore: Iterable[str] = (),
    rating_lists: Sequence[RatingListAt] = (),
    tiebreaks: str | None = None,
    pairings: str | None = None,
) -> CheckedFile:
    """What :func:`check_file` finds, for a tournament already read (from a
    stream, or edited): the reader's findings and the checks', less the
    codes ignored (``ignore`` and the file's ``### trfkit: ignore`` lines),
    sorted by line, column and code; with the event at a glance.

    Raises ``KeyError`` for an unknown rule set, ``ValueError`` for a bad type.
    """
    from trfkit.checks import inline_ignores, validate

    ev = event_of(t, rules=rules, type=type, time_control=time_control)
    skip = set(ignore) | inline_ignores(t)
    found = [d for d in t.diagnostics if d.code not in skip]
    found += validate(
        t, ignore=skip, event=ev, rating_lists=rating_lists, tiebreaks=tiebreaks, pairings=pairings
    )
    found.sort(key=lambda d: (d.line, d.column, d.code))
    lines = {d.line for d in found}
    names = tuple(
        (p.origin.line, f"{p.start_rank} {p.name.strip()}".rstrip())
        for p in t.players
        if p.origin is not None and p.origin.line in lines
    )
    return CheckedFile(
        path,
        t.dialect.value,
        ev.rules.name,
        ev.type.value,
        tuple(found),
        summarize(t, ev),
        names,
    )


@attrs.frozen
class Unreadable:
    """A file that could not be read at all (missing, a folder, no access)
    or that is no TRF file (empty, a document, an image, binary data)."""

    path: str
    reason: str


def not_a_file(path: str) -> str:
    """Why ``path``, which is not a regular file, cannot be read; for a
    missing one, the file of a near name beside it, if any (a slip of the
    keyboard: ``swiss.tfr`` for ``swiss.trf``)."""
    if os.path.exists(path):
        return "not a file"
    return "no such file" + near_miss(path)


def near_miss(path: str) -> str:
    """``"; did you mean X?"`` for the closest name in ``path``'s folder.

    Reads one folder listing, of at most 1,000 names: never a long search.
    """
    import difflib

    folder, name = os.path.split(path)
    try:
        with os.scandir(folder or ".") as entries:
            names = [e.name for _, e in zip(range(1000), entries, strict=False) if e.is_file()]
    except OSError:
        return ""
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    return f"; did you mean {os.path.join(folder, close[0])}?" if close else ""


def not_trf(diagnostics: Iterable[Diagnostic]) -> str | None:
    """Why a file is no TRF file at all (``"not a TRF file: ..."``, the
    reader's P012), or ``None``: such a file is refused, not checked."""
    return next((d.message for d in diagnostics if d.code == "P012"), None)
