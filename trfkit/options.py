"""The options every front door takes, checked in one place.

``trfkit check`` and ``trfkit rate`` refuse a rule set, a time control or a
code they do not know (exit status 2), and ``trfkit serve`` refuses the same
query parameters (HTTP 422) with the same words: each function here says
why an option is refused, or returns ``None`` when it is fine.

>>> rules_refused("fide-2024") is None, rules_refused("auto") is None
(True, True)
>>> rules_refused("fide-1999").startswith("unknown rule set 'fide-1999'")
True
>>> sorted(codes_named("r101, s102,,P009"))
['P009', 'R101', 'S102']
"""

from __future__ import annotations

__all__ = [
    "codes_named",
    "codes_refused",
    "encoding_refused",
    "rules_refused",
    "time_control_refused",
]


def rules_refused(name: str) -> str | None:
    """Why ``name`` (already in lower case) is no rule set, or ``None``."""
    from trfkit.rules import RULE_SETS

    if name != "auto" and name not in RULE_SETS:
        return f"unknown rule set {name!r}; choose auto or one of {', '.join(RULE_SETS)}"
    return None


def time_control_refused(text: str | None, option: str = "--time-control") -> str | None:
    """Why the time-control grammar cannot read ``text``, or ``None``.

    A file's own 122 is reported as R102, but a time control given as an
    option is the user's to fix, so it is refused."""
    if text is None:
        return None
    from trfkit.timecontrol import TimeControlError, parse_time_control

    try:
        parse_time_control(text)
    except TimeControlError as exc:
        return (
            f"{option} {text!r} not understood: at column {exc.column} found "
            f"{exc.found!r} where {exc.expected} was expected"
        )
    return None


def encoding_refused(name: str | None) -> str | None:
    """Why ``name`` is no codec of text, or ``None``.

    ``codecs.lookup`` also knows codecs from bytes to bytes (``rot13``,
    ``hex``, ``zlib``), which ``bytes.decode`` and ``str.encode`` refuse
    with a LookupError of their own: a file cannot be read or written in
    them, so they are refused as an unknown encoding is.

    >>> encoding_refused("cp1252") is None, encoding_refused("klingon")
    (True, "unknown encoding 'klingon'")
    >>> encoding_refused("rot13")
    "unknown encoding 'rot13': not a codec of text"
    """
    if name is None:
        return None
    import codecs

    try:
        codecs.lookup(name)
    except LookupError:
        return f"unknown encoding {name!r}"
    try:
        b"".decode(name)
        "".encode(name)
    except LookupError:
        return f"unknown encoding {name!r}: not a codec of text"
    return None


def codes_named(text: str) -> set[str]:
    """The codes of an ``--ignore`` value: separated by commas or blanks."""
    return {c.strip().upper() for c in text.replace(" ", ",").split(",") if c.strip()}


def codes_refused(codes: set[str], option: str = "--ignore") -> str | None:
    """Why some of ``codes`` are no diagnostic code, or ``None``."""
    from trfkit.checks import CODES

    unknown = sorted(codes - CODES.keys())
    if unknown:
        return (
            f"{option}: no such code {', '.join(unknown)} (the codes are listed in docs/codes.md)"
        )
    return None
