"""The verdict of a check (``files[].verdict``): ready or fix, the errors
grouped by cause in plain words, the causes that explain others first."""

from __future__ import annotations

import re

from tests.conftest import FIXTURES
from trfkit.checks import CODES
from trfkit.checks.files import check_file
from trfkit.report.verdict import cause_words, fix_words, verdict_data


def _verdict(data: bytes, **options: object) -> dict[str, object]:
    checked = check_file("event.trf", data=data, **options)  # type: ignore[arg-type]
    return verdict_data(checked.diagnostics)


def _utf8_names() -> bytes:
    """The Swiss fixture with four names and the event's in UTF-8: each
    accented letter two bytes, one character."""
    text = (FIXTURES / "swiss-trf16.trf").read_text()
    for old, new in [
        ("Vantreck, Oskar ", "Vantreck, Öskar "),
        ("Halvorsen, Ingrid", "Halvørsen, Ingrid"),
        ("Dravnik, Teodor", "Dravník, Teodor"),
        ("Lakeside Spring", "Lakeside Spríng"),
    ]:
        assert old in text
        text = text.replace(old, new)
    return text.encode()


def test_a_clean_file_is_ready() -> None:
    v = _verdict((FIXTURES / "swiss-trf16.trf").read_bytes())
    assert v == {"answer": "ready", "causes": [], "worth_a_look": []}
    assert _verdict(_utf8_names())["answer"] == "ready"


def test_an_error_is_a_cause_with_its_line_and_fix() -> None:
    v = _verdict((FIXTURES / "bad-rating-letter.trf").read_bytes())
    assert v["answer"] == "fix"
    (cause,) = v["causes"]  # type: ignore[misc]
    assert cause["code"] == "P002" and cause["lines"] == [16] and cause["count"] == 1
    assert cause["cause"] == "a field that cannot be read"
    assert cause["fix"] and "\n" not in cause["fix"]
    assert cause["explains"] == 0 and cause["explained_by"] is None


def test_one_bad_byte_in_a_utf8_file_is_the_first_cause_and_explains_the_rest() -> None:
    """One byte that is no UTF-8 makes the reader guess cp1252 for the whole
    file: each accented letter reads as two, every field after it on its
    line moves, and the checks find dozens of errors. The guess (P005) is
    the cause, and every error and warning is on, or about, a shifted line."""
    good = _utf8_names()
    at = good.index(b"Selma")
    bad = good[:at] + b"\xe9" + good[at + 1 :]
    checked = check_file("event.trf", data=bad)
    errors = [d for d in checked.diagnostics if d.severity.value == "error"]
    assert len(errors) > 10  # the consequences the arbiter would otherwise read first
    v = verdict_data(checked.diagnostics)
    assert v["answer"] == "fix"
    first, *rest = v["causes"]
    assert first["code"] == "P005" and first["cause"] == "the file's encoding was guessed"
    worth = [d for d in checked.diagnostics if d.severity.value != "info"]
    assert first["explains"] == len(worth)  # every error and warning; P005 itself is a note
    assert rest and all(c["explained_by"] == "P005" for c in rest)
    assert all(c["explained_by"] == "P005" for c in v["worth_a_look"])


def test_a_file_rightly_read_as_cp1252_keeps_its_p005_a_note() -> None:
    """A file in cp1252 is read right by the guess: nothing is shifted, so
    the guess explains nothing and is no cause."""
    text = (FIXTURES / "swiss-trf16.trf").read_text().replace("Oskar ", "Öskar ")
    v = _verdict(text.encode("cp1252"))
    assert v["answer"] == "ready" and v["worth_a_look"] == []


def test_a_shifted_line_explains_its_other_findings() -> None:
    """A name one character too long shifts its line: the line's rating,
    points and rounds read wrong; the shift (P003) is named first."""
    lines = (FIXTURES / "swiss-trf16.trf").read_text().split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("001    4 "))
    lines[i] = lines[i][:47] + "X" + lines[i][47:]
    v = _verdict("\n".join(lines).encode())
    assert v["answer"] == "fix"
    first = v["causes"][0]  # type: ignore[index]
    assert first["code"] == "P003" and first["lines"] == [i + 1] and first["explains"] > 0


def test_every_code_has_plain_words_and_a_one_line_fix_without_the_command_line() -> None:
    """The page shows these to an arbiter who never opens a terminal: no
    option of the command line, no page of the docs, one line each."""
    for code, entry in CODES.items():
        assert cause_words(code) == entry.plain and entry.plain[:1].islower(), code
        assert not entry.plain.endswith("."), code
        fix = fix_words(code)
        assert fix and "\n" not in fix and len(fix) <= 160, code
        assert not re.search(r" --|docs/|trfkit ", fix), (code, fix)
