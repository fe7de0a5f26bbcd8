"""The properties the fuzzer checks, for one input: ``check_one(data)``.

This module does not need atheris: ``fuzz/fuzz_trfkit.py`` (libFuzzer, via
atheris) and ``tests/test_fuzz_regressions.py`` (pytest, on the saved
reproducers in ``fixtures/fuzz/``) both call :func:`check_one`. It raises
on the first property that fails: an exception from trfkit itself, or an
:class:`PropertyFailed` naming the broken property.

The properties (issue 6, "Robustness"):

* ``trfkit.loads(data)`` never raises, whatever the bytes;
* ``trfkit.dumpb(trfkit.loads(data)) == data``, byte for byte: the reader
  decodes UTF-8 (or a BOM's codec), then cp1252, then latin-1, which
  decodes any byte, and the writer re-encodes with the codec and BOM it
  reports (trfkit/decode.py), so every input goes back unchanged;
* every diagnostic (the reader's, and the checks' on the same tournament)
  has a code in :data:`trfkit.checks.CODES`, a :class:`~trfkit.Severity`,
  a non-empty message, ``expected`` that is ``None`` or a non-empty
  string, ``found`` that is ``None`` or a string (``''`` when the field
  found was blank), a line between 1 and the number of lines in the file
  (a file-level finding is put at 1:1, docs/check-output.md) and a
  column >= 1;
* ``trfkit.validate(t, rules=R)`` and ``trfkit.rate(t, rules=R)`` never
  raise, for the rule set R picked by the first byte of ``data`` (so all
  seven are exercised);
* ``check_file(path, data=data, rules=R)`` never raises, and the four
  diagnostics renderers (text, JSON, SARIF, GitHub) and the rating
  renderers (text, ASCII text, JSON, CSV, HTML) never raise; JSON output
  parses, text ends with a newline, GitHub output has one line per
  diagnostic. The fuzzer renders each rating report one way only, picked
  by the input's last byte (rendering is the costliest step);
  ``check_one(data, all_renderers=True)`` renders all five.
* the decoded text goes back unchanged too: ``dumps(loads(text)) == text``;
* the canonical writer, ``dumps(t, dialect="trf16" | "trf26")``, raises
  nothing but :class:`~trfkit.writer.ValueTooWide`, and that only for a
  file whose own lines hold a value too wide for its columns, which
  ``rewrite`` (``trfkit fmt``) then writes and reports, each as a P009
  (the writer's contract since values too wide were refused); checking,
  rating and writing leave ``t`` as it was read (``dumpb(t) == data``
  still holds after them);
* with ``canonical_roundtrip=True`` (the regression tests; the fuzzer when
  ``TRFKIT_FUZZ_CANONICAL=1``): the canonical text reads back to itself,
  ``dumps(loads(c), dialect) == c`` for ``c = dumps(t, dialect)``.

Inputs larger than :data:`MAX_CHECKED_SIZE` are only read and written
back: checking and rating them would make one input too slow for fuzzing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

import trfkit
from trfkit.checks import CODES
from trfkit.checks.files import CheckedFile, check_file
from trfkit.decode import decode
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.rating.model import RatingReport
from trfkit.report import diagnostics as diagnostics_report
from trfkit.report import rating as rating_report
from trfkit.writer import ValueTooWide, rewrite

__all__ = [
    "CANONICAL_DIALECTS",
    "MAX_CHECKED_SIZE",
    "RULE_SETS",
    "PropertyFailed",
    "check_diagnostic",
    "check_one",
    "grow",
    "line_count",
    "rating_renderers_for",
    "rules_for",
]

RULE_SETS: tuple[str, ...] = (
    "auto",
    "fide-2002",
    "fide-2009",
    "fide-2022",
    "fide-2024",
    "fide-rb-2024",
    "chessa-2015",
)
"""Every rule set name ``validate`` and ``rate`` take; the first byte picks one."""

CANONICAL_DIALECTS: tuple[str, ...] = ("trf16", "trf26")
"""The dialects the canonical writer is run in (``dumps(t, dialect=...)``)."""

MAX_CHECKED_SIZE = 200_000
"""Inputs above this many bytes are read and written back, not checked or rated."""


class PropertyFailed(AssertionError):
    """A property of :func:`check_one` does not hold (trfkit raised nothing)."""


def rules_for(data: bytes) -> str:
    """The rule set an input is checked under: picked by its first byte."""
    return RULE_SETS[data[0] % len(RULE_SETS)] if data else "auto"


def line_count(data: bytes) -> int:
    """The number of lines the reader sees in ``data`` (CR, LF and CRLF end a line)."""
    text = decode(data).text
    normal = text.replace("\r\n", "\n").replace("\r", "\n")
    return normal.count("\n") + (1 if normal and not normal.endswith("\n") else 0)


def _fail(what: str, data: bytes) -> PropertyFailed:
    head = data[:80]
    return PropertyFailed(f"{what} (input of {len(data)} bytes, starting {head!r})")


def check_diagnostic(d: Diagnostic, lines: int, where: str, data: bytes) -> None:
    """The shape every diagnostic must have; ``lines`` is the file's line count."""
    if d.code not in CODES:
        raise _fail(f"{where}: diagnostic code {d.code!r} is not in trfkit.checks.CODES", data)
    if not isinstance(d.severity, Severity):
        raise _fail(f"{where}: {d.code} severity {d.severity!r} is not a Severity", data)
    if not isinstance(d.message, str) or not d.message.strip():
        raise _fail(f"{where}: {d.code} has an empty message: {d!r}", data)
    if d.found is not None and not isinstance(d.found, str):
        raise _fail(f"{where}: {d.code} found is {d.found!r}, not None or a string: {d!r}", data)
    if d.expected is not None and (not isinstance(d.expected, str) or not d.expected.strip()):
        raise _fail(
            f"{where}: {d.code} expected is {d.expected!r}, not None or a non-empty string: {d!r}",
            data,
        )
    if not isinstance(d.line, int) or not isinstance(d.column, int):
        raise _fail(f"{where}: {d.code} line/column are not integers: {d!r}", data)
    if d.column < 1:
        raise _fail(f"{where}: {d.code} column {d.column} < 1: {d!r}", data)
    if not 1 <= d.line <= max(1, lines):
        raise _fail(f"{where}: {d.code} line {d.line} is not in 1..{max(1, lines)}: {d!r}", data)


def _check_renderers(checked: CheckedFile, data: bytes) -> None:
    files = [checked]
    text = diagnostics_report.render_text(files)
    if not text.endswith("\n"):
        raise _fail("render_text output does not end with a newline", data)
    diagnostics_report.render_text(files, colour=True)
    json.loads(diagnostics_report.render_json(files))
    json.loads(diagnostics_report.render_sarif(files, tool_version=trfkit.__version__))
    github = diagnostics_report.render_github(files)
    if github.count("\n") != len(checked.diagnostics):
        raise _fail(
            f"render_github wrote {github.count(chr(10))} lines for "
            f"{len(checked.diagnostics)} diagnostics (a newline escaped badly?)",
            data,
        )


_RATING_RENDERERS: tuple[tuple[str, Callable[[RatingReport], str]], ...] = (
    ("render_rating_text", rating_report.render_rating_text),
    ("render_rating_text(ascii=True)", partial(rating_report.render_rating_text, ascii=True)),
    ("render_rating_json", rating_report.render_rating_json),
    ("render_rating_csv", rating_report.render_rating_csv),
    ("render_rating_html", rating_report.render_rating_html),
)


def rating_renderers_for(data: bytes) -> tuple[str, ...]:
    """The rating renderer a fuzzed input goes through, picked by its last byte.

    Rendering costs more than reading, checking and rating together, so the
    fuzzer renders each input one way only; over the corpus every renderer runs.
    """
    if not data:
        return tuple(name for name, _ in _RATING_RENDERERS)
    return (_RATING_RENDERERS[data[-1] % len(_RATING_RENDERERS)][0],)


def _check_rating(t: trfkit.Tournament, rules: str, data: bytes, all_renderers: bool) -> None:
    report = trfkit.rate(t, rules=rules)
    chosen = set(rating_renderers_for(data))
    for name, render in _RATING_RENDERERS:
        if not all_renderers and name not in chosen:
            continue
        out = render(report)
        if name == "render_rating_json":
            json.loads(out)


def _first_difference(a: bytes | str, b: bytes | str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _check_lossless(t: trfkit.Tournament, data: bytes, when: str) -> None:
    back = trfkit.dumpb(t)
    if back != data:
        at = _first_difference(back, data)
        raise _fail(
            f"dumpb(loads(x)) != x{when}: first difference at byte {at}: "
            f"wrote {back[at : at + 20]!r}, read {data[at : at + 20]!r} "
            f"(encoding {t.source.encoding if t.source else None!r}, "
            f"lengths {len(back)} vs {len(data)})",
            data,
        )


def _check_text_lossless(data: bytes) -> None:
    text = decode(data).text
    back = trfkit.dumps(trfkit.loads(text))
    if back != text:
        at = _first_difference(back, text)
        raise _fail(
            f"dumps(loads(text)) != text for the decoded text: first difference at "
            f"character {at}: wrote {back[at : at + 20]!r}, read {text[at : at + 20]!r}",
            data,
        )


def _check_canonical(t: trfkit.Tournament, data: bytes, roundtrip: bool) -> None:
    for dialect in CANONICAL_DIALECTS:
        try:
            out = trfkit.dumps(t, dialect=dialect)
        except ValueTooWide as exc:
            # dumps refuses to write a value into the next field's columns;
            # rewrite (trfkit fmt) writes the file's own misaligned lines
            # and must say so, once for each value.
            _, said = rewrite(t, dialect)
            reported = [d for d in said if d.code == "P009" and "wider than" in d.message]
            if len(reported) < len(exc.problems):
                raise _fail(
                    f"dumps(t, dialect={dialect!r}) refused {exc.problems}, but rewrite "
                    f"reports {len(reported)} of them as P009",
                    data,
                ) from exc
            continue
        if not roundtrip:
            continue
        again = trfkit.dumps(trfkit.loads(out), dialect=dialect)
        if again != out:
            at = _first_difference(again, out)
            line = out.count("\n", 0, at) + 1
            start = max(0, at - 10)
            raise _fail(
                f"dumps(t, dialect={dialect!r}) does not read back to itself: line {line} "
                f"of the canonical text, character {at}: first written "
                f"{out[start : at + 20]!r}, then {again[start : at + 20]!r}",
                data,
            )


def grow(data: bytes, shape: int, n: int) -> bytes:
    """``data`` grown in one of the hostile shapes of issue 29 (``shape``
    modulo 5) to size ``n``: ``n`` cells more on its first player line,
    that line ``n`` times more, a round count of ``n`` in 142 and XXR, ``n``
    team records (013), a block of ``n`` ### comments. Each made the norm
    search or a check cost more than linear time once; the fuzzer and
    tests/test_fuzz.py feed them to :func:`check_one`."""
    lines = data.split(b"\n")
    first = next((k for k, line in enumerate(lines) if line.startswith(b"001")), None)
    kind = shape % 5
    if kind == 0 and first is not None:
        lines[first] += b"     2 w 1" * n
    elif kind == 1 and first is not None:
        lines[first + 1 : first + 1] = [lines[first]] * n
    elif kind == 2:
        lines[1:1] = [f"142 {n}".encode(), f"XXR {n}".encode()]
    elif kind == 3:
        lines += [f"013 {f'Team {k}':<32}{1 + k % 7:>5}{2 + k % 5:>5}".encode() for k in range(n)]
    else:
        lines[1:1] = [b"### a comment"] * n
    return b"\n".join(lines)


def check_one(
    data: bytes, *, all_renderers: bool = False, canonical_roundtrip: bool = False
) -> None:
    """Check every property on ``data``; raise on the first that fails.

    The rating report is rendered one way (:func:`rating_renderers_for`),
    or all five ways with ``all_renderers=True`` (the regression tests).
    ``canonical_roundtrip=True`` adds the canonical writer's round trip
    (fuzz/README.md, "Properties"); off by default in the fuzzer.
    """
    t = trfkit.loads(data)
    if not isinstance(t, trfkit.Tournament):
        raise _fail(f"loads returned {type(t).__name__}, not a Tournament", data)
    _check_lossless(t, data, "")
    lines = line_count(data)
    for d in t.diagnostics:
        check_diagnostic(d, lines, "loads", data)
    if len(data) > MAX_CHECKED_SIZE:
        return
    _check_text_lossless(data)
    rules = rules_for(data)
    for d in trfkit.validate(t, rules=rules):
        check_diagnostic(d, lines, f"validate(rules={rules})", data)
    _check_rating(t, rules, data, all_renderers)
    # The title norms (issue 29: the search was exponential in the wins).
    trfkit.norms(t)
    checked = check_file("<fuzz>", rules=rules, data=data)
    for d in checked.diagnostics:
        check_diagnostic(d, lines, f"check_file(rules={rules})", data)
    _check_renderers(checked, data)
    _check_canonical(t, data, canonical_roundtrip)
    # Checking, rating and writing must leave the tournament as it was read.
    _check_lossless(t, data, " after validate, rate and the canonical writes")
