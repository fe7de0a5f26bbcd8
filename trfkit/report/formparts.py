"""What the renderers of Forms 1, 2 and 4(a) share: the event's head as
text and JSON, the remarks, the signature blocks, and the HTML page frame.

>>> signature_lines([("Chief Arbiter", "IA Colm Ashdown"), ("Signature", "")], ascii=False)
['Chief Arbiter: IA Colm Ashdown', 'Signature:     ______________________________']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trfkit.rating.model import CheckSummary
from trfkit.report.format import clean, environment, table
from trfkit.report.forms import FormEvent
from trfkit.version import __version__

__all__ = [
    "BANNER_STYLE",
    "BLANK",
    "certification",
    "check_banner",
    "check_data",
    "date_text",
    "document_head",
    "event_data",
    "federation_text",
    "fields_text",
    "host_text",
    "notes_block",
    "page",
    "signature_lines",
]

BLANK = "_" * 30
"""A line to write on."""


BANNER_STYLE = (
    "border: 2px solid #a00; color: #600; background: #fee; padding: 6px 10px; font-weight: bold;"
)
"""How an HTML document shows :func:`check_banner` (Form 3's page has it as
its ``.banner`` class)."""


def check_banner(check: CheckSummary | None) -> str | None:
    """The warning every document of a file with check errors opens with
    (Forms 1 to 4, the standings, the norms: text and HTML), or ``None``
    when ``check`` is ``None`` (not run) or found no error. One text for
    every document, so that the arbiter reads the same words wherever the
    figures come from.

    >>> print(check_banner(CheckSummary(2, (("S105", 2),))))
    WARNING: trfkit check finds 2 errors in this file (S105 × 2): the figures below may be wrong. Fix the file, then run trfkit again.
    >>> check_banner(CheckSummary(0, ())) is None
    True
    """
    if check is None or not check.errors:
        return None
    codes = ", ".join(f"{code} × {n}" for code, n in check.codes)
    return (
        f"WARNING: trfkit check finds {check.errors} error{'s' if check.errors != 1 else ''} "
        f"in this file ({codes}): the figures below may be wrong. Fix the file, then run "
        "trfkit again."
    )


def check_data(check: CheckSummary | None) -> dict[str, Any] | None:
    """A document's JSON ``check``: the errors by code (``null``: not run)."""
    if check is None:
        return None
    return {"errors": check.errors, "codes": dict(check.codes)}


def date_text(d: Any) -> str:
    return d.isoformat() if d is not None else ""


def federation_text(code: str) -> str:
    """A federation as a form shows it: its code, or, for one that is no
    FIDE federation (a club's code in the federation column, ``ST.``; the
    finding S114), what it is; a form does not print a club as a
    federation."""
    from trfkit.checks.players import federations

    code = code.strip()
    if not code or code.upper() in federations():
        return code
    return f"none ({code!r} is no FIDE federation, S114)"


def host_text(code: str, from_032: bool) -> str:
    """The event's federation as a form shows it: 032's, else the players'
    most common federation, each said for what it is."""
    if from_032:
        shown = federation_text(code)
        return code if shown == code else f"{code} (032; no FIDE federation, S114)"
    if not code:
        return "not given (no 032, and no federation in the players' lines)"
    shown = federation_text(code)
    if shown != code:
        return (
            f"not given (no 032; the players' most common code, {code!r}, is no FIDE "
            "federation, S114)"
        )
    return f"{code} (no 032: the most common in the players' lines)"


def fields_text(pairs: Sequence[tuple[str, str]], ascii: bool) -> list[str]:
    """``Label: value`` lines, the values aligned."""
    return table([(f"{k}:", clean(v, ascii)) for k, v in pairs], (False, False), " ")


def notes_block(title: str, notes: Sequence[str], ascii: bool, empty: str = "") -> list[str]:
    """``Title:`` and one ``- note`` line each (``Title: empty`` when none)."""
    if not notes:
        return ["", f"{title}: {empty}"] if empty else []
    return ["", f"{title}:", *(f"- {clean(n, ascii)}" for n in notes)]


def signature_lines(rows: Sequence[tuple[str, str]], ascii: bool) -> list[str]:
    """A block to sign: each label with its value from the file, or a line to fill."""
    return fields_text([(k, v or BLANK) for k, v in rows], ascii)


def certification(event: FormEvent, ascii: bool) -> list[str]:
    """Form 1's foot: the chief arbiter certifies; a federation official
    endorses a tournament not registered in advance with FIDE."""
    out = ["", "Certified as a correct report:"]
    out += signature_lines(
        [("Chief Arbiter", event.chief_arbiter), ("Place/Date", ""), ("Signature", "")], ascii
    )
    out += ["", "For a tournament not registered in advance with FIDE, "
            "endorsement of the national federation official:"]  # fmt: skip
    out += signature_lines([("Name in print", ""), ("Signature/Seal of Federation", "")], ascii)
    return out


def event_data(e: FormEvent) -> dict[str, Any]:
    """The event's head as JSON-ready data (the same in every form's document)."""
    return {
        "name": e.name,
        "city": e.city,
        "federation": e.federation,
        "start": date_text(e.start),
        "end": date_text(e.end),
        "chief_arbiter": e.chief_arbiter,
        "deputy_arbiters": list(e.deputies),
        "rounds": e.rounds,
        "rounds_scheduled": e.rounds_scheduled,
        "type": e.type,
        "type_source": e.type_source,
        "type_text": e.type_text,
        "pairing_program": e.pairing_program,
        "time_control": e.time_control,
        "rate_of_play": e.rate_of_play,
    }


def document_head(schema: str, path: str | None, event: FormEvent) -> dict[str, Any]:
    """The keys every form's JSON document opens with."""
    return {
        "schema": schema,
        "trfkit": __version__,
        "path": path,
        "event": event_data(event),
    }


def page(template: str, event: FormEvent, **context: Any) -> str:
    """A form's self-contained HTML page from ``template`` (which extends
    ``form-base.html.j2``: A4, the table header on every printed page)."""
    return environment().get_template(template).render(event=event, date_text=date_text, **context)
