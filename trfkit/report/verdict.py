"""The verdict: can this file be sent to FIDE, and if not, what to fix first.

An arbiter asks one question of a check: is the file ready to submit? A
file with no error is *ready* (its warnings are worth a look); a file with
errors is to *fix*, and the errors are grouped by their cause, each cause
in plain words, with the lines it is on and a one-line fix.

Some findings explain others, and the verdict puts those causes first:

- **The encoding guessed** (P005): a file read with a codec other than its
  own (UTF-8 read as cp1252, one bad byte being enough for the guess) has
  its names widened or narrowed, so every field after them on those lines
  is shifted out of its columns. Where the file was guessed *and* fields
  are unreadable or shifted (P002, P003, P004), the guess explains every
  finding on those lines.
- **A line whose fields are shifted** (P003): its other findings (points
  that read ``4.``, a rating of ``256``, a federation ``NE``) come from the
  shift, not from the tournament.

A whole column left unfilled (every player's points 0.0; no rank at all)
is already one finding of its check (S104, S105), so it is one cause here.

This module is the one place the page and ``check --format json`` take the
plain words from each code's declaration: :attr:`trfkit.codes.Code.plain`
says its cause as an arbiter would ("ranks out of order"), and
:attr:`~trfkit.codes.Code.page_fix` the one-line fix where the code's own
(:attr:`~trfkit.codes.Code.fix`) speaks of the command line or the docs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from trfkit.checks import CODES
from trfkit.diagnostics import Diagnostic, Severity

__all__ = ["ROOTS", "cause_words", "fix_words", "verdict_data"]

ROOTS: dict[str, tuple[str, ...]] = {
    "P005": ("P002", "P003", "P004"),
    "P003": ("P003",),
}
"""The causes that explain other findings, first the broader: each with
the codes whose lines it explains (every other finding on a line that has
one of them). P005 counts only when such lines exist: a file rightly read
as cp1252 has no shifted fields, and its P005 stays a note."""

_LINES_SHOWN = 20
"""A cause names at most this many of its lines (its count says all)."""


def cause_words(code: str) -> str:
    """The code's cause in plain words (its declaration's ``plain``)."""
    c = CODES.get(code)
    return c.plain if c is not None else code


def fix_words(code: str) -> str:
    """The one-line fix: the declaration's ``page_fix``, else its ``fix``."""
    c = CODES.get(code)
    if c is None:
        return ""
    return c.page_fix or c.fix


def _worth(d: Diagnostic) -> bool:
    """Errors and warnings: the findings a cause can explain (a note is
    never a consequence anyone fixes)."""
    return d.severity is not Severity.INFO


def verdict_data(diagnostics: Sequence[Diagnostic]) -> dict[str, Any]:
    """``files[].verdict`` of the ``trfkit.check/1`` document.

    ``answer`` is ``ready`` (no error) or ``fix``. ``causes`` lists the
    errors grouped by code, the causes that explain others first (each
    with ``explains``, the count of findings it explains), then the
    others by their first line; a group whose every finding a cause before
    it explains has ``explained_by`` its code. ``worth_a_look`` lists the
    warnings so, those a cause explains last.
    """
    explained: dict[int, str] = {}  # id of a diagnostic -> the root's code
    roots: list[dict[str, Any]] = []
    for root, marks in ROOTS.items():
        own = [d for d in diagnostics if d.code == root]
        if not own:
            continue
        lines = {d.line for d in diagnostics if d.code in marks and d.line >= 1}
        those = [
            d
            for d in diagnostics
            if (d.line in lines or _names_line(d, lines))
            and d.code != root
            and _worth(d)
            and id(d) not in explained
        ]
        if not those or all(id(d) in explained for d in own):
            continue
        for d in those:
            explained[id(d)] = root
        group = _group(root, own)
        group["explains"] = len(those)
        roots.append(group)

    def grouped(severity: Severity) -> list[dict[str, Any]]:
        by_code: dict[str, list[Diagnostic]] = {}
        for d in diagnostics:
            if d.severity is severity and d.code not in {r["code"] for r in roots}:
                by_code.setdefault(d.code, []).append(d)
        groups = []
        for code, found in by_code.items():
            group = _group(code, found)
            by = {explained.get(id(d)) for d in found}
            if len(by) == 1 and None not in by:
                group["explained_by"] = by.pop()
            groups.append(group)
        # Unexplained first, each by its first line; then the explained.
        groups.sort(key=lambda g: (g["explained_by"] is not None, g["first_line"], g["code"]))
        for g in groups:
            del g["first_line"]
        return groups

    errors = grouped(Severity.ERROR)
    warnings = grouped(Severity.WARNING)
    for r in roots:
        del r["first_line"]
    return {
        "answer": "fix" if errors else "ready",
        "causes": [*roots, *errors] if errors else [],
        "worth_a_look": warnings if errors else [*roots, *warnings],
    }


_OTHER_LINE = re.compile(r"\(line (\d+)\)")


def _names_line(d: Diagnostic, lines: set[int]) -> bool:
    """Whether ``d`` is about another line among ``lines``: the checks of a
    game's two sides name the other player's line (``player 1 (line 15)
    names 1 in that round``), and a game read wrong on one line is a
    mismatch on its opponent's."""
    return any(int(n) in lines for n in _OTHER_LINE.findall(d.message))


def _group(code: str, found: Iterable[Diagnostic]) -> dict[str, Any]:
    found = list(found)
    lines = sorted({d.line for d in found if d.line >= 1})
    return {
        "code": code,
        "severity": found[0].severity.value,
        "cause": cause_words(code),
        "fix": fix_words(code),
        "count": len(found),
        "lines": lines[:_LINES_SHOWN],
        "explains": 0,
        "explained_by": None,
        "first_line": lines[0] if lines else 0,
    }
