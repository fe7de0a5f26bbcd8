"""Whole numbers read from text of any length.

Python refuses to convert a string of over 4,300 digits to an ``int``
(``ValueError``: the conversion is quadratic). A header value runs to the end
of its line, so a file can hold such a "number" (the fuzzer wrote ``XXR``
followed by 10,000 nines); no count, rating or id in a TRF file needs more
than 18 digits, so longer runs of digits are read as no number at all.
"""

from __future__ import annotations

MAX_DIGITS = 18


def whole_number(token: str) -> int | None:
    """``token`` as an ``int`` when it is 1 to 18 ASCII digits, else ``None``.

    >>> whole_number("142"), whole_number("1x"), whole_number("9" * 19), whole_number("٣")
    (142, None, None, None)
    """
    if 0 < len(token) <= MAX_DIGITS and token.isascii() and token.isdigit():
        return int(token)
    return None
