"""Formatting shared by the report renderers: exact numbers as printed,
text from a file made safe for a terminal or a spreadsheet, aligned tables
and CSV. Public inside the package: every renderer uses these, none
redefines them.

>>> score_text(Fraction(7, 2)), score_text(Fraction(7, 2), ascii=True), signed(Fraction(-363, 10))
('3½', '3.5', '-36.30')
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Sequence
from fractions import Fraction

__all__ = [
    "Number",
    "clean",
    "csv_bool",
    "csv_document",
    "csv_num",
    "csv_text",
    "decimal",
    "fixed",
    "json_number",
    "ljust",
    "rjust",
    "rounded",
    "score_text",
    "signed",
    "table",
    "text_width",
    "whole_or",
]

Number = Fraction | int

ASCII_LETTERS = str.maketrans(
    {
        **dict(zip("ØøŁłĐđÐðı−–—‘’“”", "OoLlDdDdi---''\"\"", strict=True)),
        **{"ß": "ss", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th"},
        **{"×": "x", "½": ".5"},
    }
)

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def rounded(x: Number, places: int) -> int:
    """``x × 10^places`` rounded half away from zero, as printed figures are."""
    scaled = Fraction(x) * 10**places
    q = int(abs(scaled) + Fraction(1, 2))
    return -q if scaled < 0 else q


def fixed(x: Number, places: int) -> str:
    """``x`` with exactly ``places`` decimals; never ``-0.00``."""
    q = rounded(x, places)
    digits = str(abs(q)).rjust(places + 1, "0")
    body = digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}"
    return "-" + body if q < 0 else body


def signed(x: Number, places: int = 2) -> str:
    """``+0.64``, ``-36.30``, ``0.00``: a change always shows its sign."""
    s = fixed(x, places)
    return s if s.startswith("-") or rounded(x, places) == 0 else "+" + s


def decimal(x: Number, places: int = 4) -> str:
    """Plain decimal, exact up to ``places`` decimals (trailing zeros dropped)."""
    s = fixed(x, places)
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def whole_or(x: Number, places: int) -> str:
    """A value the rule rounded (or a whole one) as an integer, else ``places`` decimals."""
    if isinstance(x, int) or x.denominator == 1:
        return str(int(x))
    return fixed(x, places)


def score_text(x: Number, ascii: bool = False) -> str:
    """``3½``, ``½``, ``4`` (``3.5``, ``.5`` in ASCII); other fractions as decimals."""
    f = Fraction(x)
    if f.denominator == 1:
        return str(int(f))
    if f.denominator == 2 and f > 0:
        whole = int(f)
        half = ".5" if ascii else "½"
        return f"{whole}{half}" if whole else half
    return decimal(f, 2)


def json_number(x: Number | None) -> int | float | None:
    """Fractions as JSON numbers: ``int`` when whole, else ``float``."""
    if x is None:
        return None
    if isinstance(x, int) or x.denominator == 1:
        return int(x)
    return float(x)


def clean(s: str, ascii: bool = False) -> str:
    """Text from a file made safe for a terminal: one line, no control characters.

    In ASCII mode letters lose their accents (``Müller`` → ``Muller``) and
    what has no ASCII form becomes ``?``.
    """
    if s.isascii() and s.isprintable():
        return s  # nothing to normalise, strip or transliterate
    s = unicodedata.normalize("NFC", s)
    s = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in s)
    if ascii:
        s = unicodedata.normalize("NFKD", s.translate(ASCII_LETTERS))
        s = "".join(c for c in s if not unicodedata.combining(c))
        s = s.encode("ascii", "replace").decode("ascii")
    return s


def text_width(s: str) -> int:
    """Terminal columns: combining marks take none, East Asian wide letters two."""
    if s.isascii():
        return len(s)  # every ASCII character takes one column
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in s
    )


def ljust(s: str, width: int) -> str:
    return s + " " * max(0, width - text_width(s))


def rjust(s: str, width: int) -> str:
    return " " * max(0, width - text_width(s)) + s


def table(rows: Sequence[Sequence[str]], right: Sequence[bool], sep: str = "  ") -> list[str]:
    """Rows padded to common widths (by terminal columns); ``right`` aligns numbers."""
    widths = [max(text_width(r[i]) for r in rows) for i in range(len(right))]
    out = []
    for r in rows:
        cells = [
            rjust(c, w) if ra else ljust(c, w) for c, w, ra in zip(r, widths, right, strict=True)
        ]
        out.append(sep.join(cells).rstrip())
    return out


def csv_text(s: str) -> str:
    """Free text from a file, kept from being read as a spreadsheet formula."""
    return "'" + s if s.startswith(FORMULA_START) else s


def csv_num(x: Number | None) -> str:
    return "" if x is None else decimal(x)


def csv_bool(x: bool | None) -> str:
    return "" if x is None else ("true" if x else "false")


def csv_document(rows: Iterable[Sequence[str]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerows(rows)
    return buf.getvalue()
