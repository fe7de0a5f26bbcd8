"""Dates as real TRF files write them.

TRF16 prescribes ``YYYY/MM/DD`` for birth dates and ``YY/MM/DD`` for round
dates and gives no format for 042/052; TRF26 makes 042/052 ``YYYY/MM/DD``.
Real files also write ``YYYY.MM.DD``, ``DD.MM.YYYY``, ``28. 07. 2005``,
``May 29, 2020``, a year alone, or ``1987/00/00`` (docs/sources/trf-formats.md
§7.2, §7.9). :func:`parse_date` reads all of these and keeps the text.

>>> parse_date("1990/11/30").date
datetime.date(1990, 11, 30)
>>> parse_date("28. 07. 2005").date
datetime.date(2005, 7, 28)
>>> parse_date("1987/00/00").year, parse_date("1987/00/00").date
(1987, None)
>>> parse_date("25/09/13").date  # two-digit years: YY/MM/DD, as 132 prescribes
datetime.date(2025, 9, 13)
"""

from __future__ import annotations

import datetime as _dt
import re
from functools import lru_cache
from typing import NamedTuple

__all__ = ["NO_DATE", "DateText", "date_is_valid", "format_date", "parse_date"]


class DateText(NamedTuple):
    """A date as written in the file, and what it means where that is known.

    ``text`` keeps the field exactly (stripped of surrounding blanks);
    ``date`` is set where the text names a whole calendar date; ``year``
    where at least the year is known (``1987``, ``1987/00/00``). A
    NamedTuple (the cheapest immutable record): one is made per player.
    """

    text: str = ""
    date: _dt.date | None = None
    year: int | None = None

    def __bool__(self) -> bool:
        return bool(self.text)


NO_DATE = DateText()
"""An empty date field."""

_YMD = re.compile(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})")
_DMY = re.compile(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4})")
_YY = re.compile(r"(\d{2})\s*[/.\-]\s*(\d{2})\s*[/.\-]\s*(\d{2})")
_YEAR = re.compile(r"(\d{4})")
_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    )
}
_MDY = re.compile(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})")
_DMY_NAMED = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})")
# Empty date masks such as ".  ." or "  /  /" or "0000/00/00".
_EMPTY = re.compile(r"[0\s./\-]*")
_PLACEHOLDERS = frozenset({"0000/00/00", "00/00/00", "0000.00.00", "0000-00-00", "0000", "0"})


def _make(text: str, year: int, month: int, day: int) -> DateText:
    if month == 0 and day == 0 and year > 0:
        return DateText(text, None, year)
    try:
        return DateText(text, _dt.date(year, month, day), year)
    except ValueError:
        return DateText(text, None, None)


@lru_cache(maxsize=8192)
def parse_date(text: str) -> DateText:
    """Read a date field; ``.date`` and ``.year`` are ``None`` where unreadable."""
    t = text.strip()
    if len(t) == 10 and t[4] == "/" and t[7] == "/" and t.isascii():
        # The canonical YYYY/MM/DD, which nearly every birth date uses.
        yyyy, mm, dd = t[:4], t[5:7], t[8:]
        if yyyy.isdigit() and mm.isdigit() and dd.isdigit():
            return _make(t, int(yyyy), int(mm), int(dd))
    if not t or t in _PLACEHOLDERS or _EMPTY.fullmatch(t):
        return DateText(t, None, None)
    m = _YMD.fullmatch(t)
    if m:
        return _make(t, int(m[1]), int(m[2]), int(m[3]))
    m = _DMY.fullmatch(t)
    if m:
        return _make(t, int(m[3]), int(m[2]), int(m[1]))
    m = _YY.fullmatch(t)
    if m:
        yy = int(m[1])
        # Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999.
        return _make(t, (2000 if yy < 70 else 1900) + yy, int(m[2]), int(m[3]))
    m = _MDY.fullmatch(t)
    if m and m[1].lower() in _MONTHS:
        return _make(t, int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
    m = _DMY_NAMED.fullmatch(t)
    if m and m[2].lower() in _MONTHS:
        return _make(t, int(m[3]), _MONTHS[m[2].lower()], int(m[1]))
    m = _YEAR.fullmatch(t)
    if m:
        return DateText(t, None, int(m[1]))
    return DateText(t, None, None)


def date_is_valid(value: DateText) -> bool:
    """True for a blank field or a readable date (a year alone is readable)."""
    return (
        not value.text
        or value.text in _PLACEHOLDERS
        or bool(_EMPTY.fullmatch(value.text))
        or value.year is not None
    )


def format_date(value: DateText, width: int = 10) -> str:
    """The canonical text of a date: ``YYYY/MM/DD``, the year alone, or the text."""
    if value.date is not None:
        d = value.date
        if width == 8:
            return f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}"
        return f"{d.year:04d}/{d.month:02d}/{d.day:02d}"
    if value.year is not None and width >= 10:
        return f"{value.year:04d}/00/00"
    return value.text
