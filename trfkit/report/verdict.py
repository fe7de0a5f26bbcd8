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
plain words from: :data:`PLAIN` says each code's cause as an arbiter would
("ranks out of order"), and :data:`FIXES` the one-line fix where the code's
own (:attr:`trfkit.codes.Code.fix`) speaks of the command line or the docs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from trfkit.codes import CODES
from trfkit.diagnostics import Diagnostic, Severity

__all__ = ["FIXES", "PLAIN", "ROOTS", "cause_words", "fix_words", "verdict_data"]

PLAIN: dict[str, str] = {
    "P001": "a line of an unknown kind",
    "P002": "a field that cannot be read",
    "P003": "fields shifted out of their columns",
    "P004": "a date that is no date",
    "P005": "the file's encoding was guessed",
    "P006": "a record given twice",
    "P007": "a required record missing",
    "P008": "records of two formats disagree",
    "P009": "something the rewritten file cannot hold",
    "P010": "the file is too large to read",
    "P011": "a line too long to read",
    "P012": "not a tournament report file",
    "S101": "a game written on one player's line only",
    "S102": "both players of a game with the same colour",
    "S103": "the two results of a game do not fit",
    "S104": "points that do not add up",
    "S105": "ranks out of order",
    "S106": "a count in the header that is wrong",
    "S107": "two players with the same number or FIDE id",
    "S108": "round dates out of order or outside the event",
    "S109": "an opponent who is no player of the file",
    "S110": "a player with two games in one round",
    "S111": "a bye written wrongly",
    "S112": "two players who met twice in a Swiss",
    "S113": "a colour sequence a Swiss forbids",
    "S114": "an unknown federation",
    "S115": "a birth date after the event",
    "S116": "tied players ranked against the tie-breaks",
    "S117": "an unknown tie-break",
    "S118": "round-robin pairings off the Berger tables",
    "S119": "a team tie-break in an individual event",
    "S120": "tied teams ranked against the tie-breaks",
    "S121": "team ranks not judged",
    "S122": "player ranks not judged",
    "S123": "team members that do not fit the players",
    "S124": "team points that do not add up",
    "S125": "a board game that fits no match",
    "S126": "a team's round given two ways",
    "S127": "more rounds on a line than the event has",
    "R101": "a rate of play too fast for standard rating",
    "R102": "no time control the rating can read",
    "R103": "too few moves in the first time control",
    "R104": "too many rounds a day for standard play",
    "R301": "too many rounds on one day",
    "R302": "more than 12 hours of play on one day",
    "R401": "the event lasts too long",
    "R501": "rounds the rating will not count",
    "R502": "a rated result without a game",
    "R601": "too few rated players for a round robin",
    "R602": "too few players for a double round robin",
    "R603": "unrated players who get no first rating here",
    "R604": "a match that cannot be rated",
    "R605": "too few players for CHESSA",
    "R606": "too few rounds for CHESSA",
    "R607": "games between players 600 or more apart",
    "R608": "a rating below the rating floor",
    "R701": "a title norm",
    "R801": "a rating that is not the list's",
    "R802": "a rated player shown as unrated",
    "R803": "a title that is not the list's",
    "R804": "a federation that is not the list's",
    "R805": "a sex that is not the list's",
    "R806": "a birth year that is not the list's",
    "R807": "a name that is not the list's",
    "R808": "a FIDE id the list does not hold",
    "R809": "a new player without birth date or sex",
    "R810": "a foreign new player without a FIDE id",
    "R811": "a player without an id whom the list names",
    "R812": "a player the list marks inactive",
    "R813": "a woman's title on a man",
    "R814": "a rated player without a FIDE id",
}
"""Each code's cause, in an arbiter's words (lower case: the page writes
"ranks out of order (S105)")."""

FIXES: dict[str, str] = {
    "P002": "Write the field as its columns expect (a number, a date, a result code).",
    "P005": "Save the file as UTF-8, or check it again in its own encoding.",
    "P010": "Check that this is the tournament's TRF file.",
    "P011": "Look for a line that lost its line breaks.",
    "S112": "Check the pairing of the later round; if the event was no Swiss, correct its "
    "type (092/192, or the page's Tournament type).",
    "S116": "Rank the tied players by the tie-breaks the file declares (the Standings tab "
    "shows their values), or correct the tie-breaks (212/202).",
    "S120": "Rank the tied teams by the tie-breaks the file declares (the Standings tab "
    "shows their values), or correct the tie-breaks (212/202).",
    "S121": "Check the teams' ranks by hand for that tie-break.",
    "S122": "Give every player a rank, or declare tie-breaks every player has a value of.",
    "S124": "Correct the team's totals in 310 (the Standings tab shows each match).",
    "R104": "Write the event's time control in 122: a rapid or blitz event is rated as such.",
    "R701": "Nothing to fix: send a certificate of title result for each norm (the "
    "Certificates tab).",
}
"""One-line fixes where the code's own fix names a command-line option or a
page of the docs, which an arbiter on the page does not have."""

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
    """The code's cause in plain words: :data:`PLAIN`, else the first
    clause of its summary (a code added without plain words)."""
    if code in PLAIN:
        return PLAIN[code]
    c = CODES.get(code)
    if c is None:
        return code
    first = c.summary.split(": ", 1)[0].split(". ", 1)[0].rstrip(".")
    return first[:1].lower() + first[1:]


def fix_words(code: str) -> str:
    """The one-line fix: :data:`FIXES`, else the code's own."""
    if code in FIXES:
        return FIXES[code]
    c = CODES.get(code)
    return c.fix if c is not None else ""


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
