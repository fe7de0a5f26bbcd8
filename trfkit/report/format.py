"""Formatting shared by the report renderers: exact numbers as printed,
text from a file made safe for a terminal or a spreadsheet, aligned tables
and CSV. Public inside the package: every renderer uses these, none
redefines them.

>>> score_text(Fraction(7, 2)), score_text(Fraction(7, 2), ascii=True), signed(Fraction(-363, 10))
('3½', '3.5', '-36.30')
"""

from __future__ import annotations

import csv
import html
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache, lru_cache

import jinja2

__all__ = [
    "Number",
    "clean",
    "csv_bool",
    "csv_document",
    "csv_num",
    "csv_text",
    "decimal",
    "environment",
    "fixed",
    "join_html_pages",
    "json_number",
    "ljust",
    "quotient_or",
    "result_symbol",
    "rjust",
    "rounded",
    "score_text",
    "signed",
    "signed_difference",
    "signed_quotient",
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
    """``x × 10^places`` rounded half away from zero, as printed figures are.

    >>> rounded(Fraction(-5, 1000), 2), rounded(Fraction(5, 1000), 2), rounded(7, 2)
    (-1, 1, 700)
    """
    # On the integers n/d (no Fraction arithmetic: a report prints thousands
    # of these): |x|·10^p + ½ floored is (2·|n|·10^p + d) // 2d.
    if not isinstance(x, int | Fraction):
        x = Fraction(x)  # a Decimal or float from elsewhere: exact, as before
    return _rounded_ratio(x.numerator, x.denominator, places)


def _rounded_ratio(n: int, d: int, places: int) -> int:
    """:func:`rounded` of ``n / d`` (``d > 0``)."""
    scale: int = 10**places
    q = (2 * abs(n) * scale + d) // (2 * d)
    return -q if n < 0 else q


def fixed(x: Number, places: int) -> str:
    """``x`` with exactly ``places`` decimals; never ``-0.00``."""
    return _scaled_text(rounded(x, places), places)


@lru_cache(maxsize=1 << 12)
def _scaled_text(q: int, places: int) -> str:
    """The rounded ``q / 10^places`` written out (the same few values recur)."""
    digits = str(abs(q)).rjust(places + 1, "0")
    body = digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}"
    return "-" + body if q < 0 else body


def signed(x: Number, places: int = 2) -> str:
    """``+0.64``, ``-36.30``, ``0.00``: a change always shows its sign."""
    q = rounded(x, places)
    s = _scaled_text(q, places)
    return s if q <= 0 else "+" + s


def signed_difference(a: Number, b: Number, places: int = 2) -> str:
    """:func:`signed` of ``a - b``, without making the difference (a rating
    report prints W − We for thousands of players).

    >>> signed_difference(Fraction(25, 2), Fraction(995, 100)), signed_difference(1, Fraction(1, 2))
    ('+2.55', '+0.50')
    >>> signed_difference(Fraction(1, 2), Fraction(1, 2)), signed_difference(Fraction(-1, 3), 0)
    ('0.00', '-0.33')
    """
    an, ad, bn, bd = a.numerator, a.denominator, b.numerator, b.denominator
    q = _rounded_ratio(an * bd - bn * ad, ad * bd, places)
    s = _scaled_text(q, places)
    return s if q <= 0 else "+" + s


def signed_quotient(n: int, d: int, places: int = 2) -> str:
    """:func:`signed` of ``n / d`` (``d > 0``), without making the Fraction
    (Form 3's W − We of thousands of players, from W's and We's ratios).

    >>> signed_quotient(51, 20), signed_quotient(-1, 3), signed_quotient(0, 7), signed_quotient(-1, 1000)
    ('+2.55', '-0.33', '0.00', '0.00')
    """
    q = _rounded_ratio(n, d, places)
    s = _scaled_text(q, places)
    return s if q <= 0 else "+" + s


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


def quotient_or(n: int, d: int, places: int) -> str:
    """:func:`whole_or` of ``n / d`` (``d > 0``), without making the Fraction
    (a card's average of its opponents' ratings, thousands of times).

    >>> quotient_or(4802, 2, 1), quotient_or(4803, 2, 1), quotient_or(-1, 3, 2)
    ('2401', '2401.5', '-0.33')
    """
    if n % d == 0:
        return str(n // d)
    return _scaled_text(_rounded_ratio(n, d, places), places)


def score_text(x: Number, ascii: bool = False) -> str:
    """``3½``, ``½``, ``4`` (``3.5``, ``.5`` in ASCII); other fractions as decimals."""
    f = x if isinstance(x, int | Fraction) else Fraction(x)
    n, d = f.numerator, f.denominator
    if d == 1:
        return str(n)
    if d == 2 and n > 0:
        whole = n // 2
        half = ".5" if ascii else "½"
        return f"{whole}{half}" if whole else half
    return decimal(f, 2)


UNPLAYED_SYMBOLS = {
    "+": "+",  # forfeit win
    "-": "-",  # forfeit loss
    "W": "+",  # won, under one move
    "D": "=",
    "L": "-",
    "F": "+",  # full-point bye
    "U": "+",  # pairing-allocated bye (the points of a win)
    "H": "=",  # half-point bye
    "Z": "-",  # zero-point bye
}
"""The forms' marks for an unplayed game, by TRF result code: ``+`` a win,
``-`` a loss (Form 1: "'+' for a win by forfeit or a '-' for a loss by
forfeit"), ``=`` a draw or half-point bye."""


def result_symbol(code: str, ascii: bool = False) -> str | None:
    """The forms' mark for a TRF result code: ``1 ½ 0`` played, ``+ - =``
    unplayed; ``None`` for a code that is none of these (blank: no result).

    >>> [result_symbol(c) for c in "1=0+-HUZ"], result_symbol("=", ascii=True), result_symbol(" ")
    (['1', '½', '0', '+', '-', '=', '+', '-'], '.5', None)
    """
    code = code.strip().upper()
    if code == "=":
        return ".5" if ascii else "½"
    if code in ("1", "0"):
        return code
    return UNPLAYED_SYMBOLS.get(code)


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
    if s.isprintable() and (s.isascii() or (not ascii and unicodedata.is_normalized("NFC", s))):
        return s  # nothing to replace (isprintable is false for Cc, Cf, Zl, Zp)
    s = unicodedata.normalize("NFC", s)
    s = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in s)
    if ascii:
        s = unicodedata.normalize("NFKD", s.translate(ASCII_LETTERS))
        s = "".join(c for c in s if not unicodedata.combining(c))
        s = s.encode("ascii", "replace").decode("ascii")
    return s


def text_width(s: str) -> int:
    """Terminal columns: combining marks take none, East Asian wide letters two."""
    # ASCII (most cells, numbers, many names) is one column a character.
    return len(s) if s.isascii() else _wide_width(s)


@lru_cache(maxsize=1 << 14)
def _wide_width(s: str) -> int:
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in s
    )


def ljust(s: str, width: int) -> str:
    # " " * a negative count is "": no max() needed.
    return s + " " * (width - (len(s) if s.isascii() else _wide_width(s)))


def rjust(s: str, width: int) -> str:
    return " " * (width - (len(s) if s.isascii() else _wide_width(s))) + s


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


@cache
def environment() -> jinja2.Environment:
    """The templates of ``report/templates``, everything from a file escaped."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("trfkit.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S | re.I)
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S | re.I)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S | re.I)
_PAGE_RULE = re.compile(r"@page\s*\{[^{}]*\}")
# The page-wide selectors of one document, which in a joined page must mean
# its own part: html, body and :root as whole selector words.
_PAGE_SELECTOR = re.compile(r"(?<![\w.#-])(?:html|body|:root)(?![\w-])")


def join_html_pages(pages: Sequence[str]) -> str:
    """Several whole HTML pages (forms) as one page that prints as they do.

    Each page's body becomes a part that starts on a new sheet, under its
    own named ``@page`` (so a landscape form stays landscape); its styles are
    scoped to its part (``@scope``), ``html``, ``body`` and ``:root`` read as
    the part, so no form's styles reach another's.

    >>> a = "<html><head><title>A</title><style>body { color: red }</style></head><body><p>a</p></body></html>"
    >>> joined = join_html_pages([a, a.replace(">a<", ">b<")])
    >>> joined.count('<section class="part"'), "@scope (#part-2) { :scope { color: red } }" in joined
    (2, True)
    """
    titles: list[str] = []
    styles: list[str] = []
    parts: list[str] = []
    for i, page in enumerate(pages, 1):
        found = _TITLE.search(page)
        if found:
            titles.append(html.unescape(found.group(1).strip()))
        css = "\n".join(_STYLE.findall(page))
        named = [rule.replace("@page", f"@page part{i}", 1) for rule in _PAGE_RULE.findall(css)]
        scoped = _PAGE_SELECTOR.sub(":scope", _PAGE_RULE.sub("", css))
        styles += [*named, f"@scope (#part-{i}) {{ {scoped.strip()} }}"]
        body = _BODY.search(page)
        inner = body.group(1) if body else page
        brk = "break-before: page; " if i > 1 else ""
        parts.append(
            f'<section class="part" id="part-{i}" style="{brk}page: part{i}">{inner}</section>'
        )
    title = html.escape(" · ".join(dict.fromkeys(titles)))
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n<style>\n" + "\n".join(styles) + "\n</style>\n</head>\n"
        "<body>\n" + "\n".join(parts) + "\n</body>\n</html>\n"
    )
