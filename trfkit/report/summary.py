"""Form 4 (a), the tournament report page, as text, JSON, CSV and HTML.

FIDE's Form 4 (S004) opens with a page on the event: federation, name,
place and dates, organiser, rounds, schedule (rounds a day), rates of play,
tournament type and pairing, and a table of the players by type (rated,
unrated, GM, IM, WGM, WIM, FM, WFM): their number, the number of their
federations, and how many come from the host federation and how many from
others; then the chief arbiter and his deputies. What a TRF file cannot
hold (the organiser, contact details, special remarks) is left as a line
to fill in. The host federation is 032, else the players' most common.
"""

from __future__ import annotations

import json
from typing import Any

from trfkit.report.format import clean, csv_document, table
from trfkit.report.formparts import (
    BLANK,
    date_text,
    document_head,
    fields_text,
    host_text,
    page,
)
from trfkit.report.forms import COUNT_TYPES, Summary

__all__ = [
    "CSV_COLUMNS",
    "SUMMARY_SCHEMA",
    "no_federation_text",
    "render_summary_csv",
    "render_summary_html",
    "render_summary_json",
    "render_summary_text",
    "schedule_text",
    "summary_data",
]

SUMMARY_SCHEMA = "trfkit.summary/1"

TITLE = "Tournament Report (FIDE Form 4)"

CSV_COLUMNS = ("type", "number", "federations", "host", "other", "no_federation")

# The form's table pairs the types: rated|unrated, GM|WGM, IM|WIM, FM|WFM.
_PAIRS = (("rated", "unrated"), ("GM", "WGM"), ("IM", "WIM"), ("FM", "WFM"))
_LABEL = {"rated": "Rated", "unrated": "Unrated"}
_DEPUTY_LABELS = (
    "Deputy Chief Arbiter",
    "2nd Deputy Chief Arbiter",
    "3rd Deputy Chief Arbiter",
)


def schedule_text(s: Summary) -> str:
    """Rounds a day, from 132.

    One line for the usual schedule ("1 round a day on 7 days, 2025-06-02
    to 2025-06-08"), else each day with its rounds.
    """
    if not s.schedule:
        return "not given in the file (132)"
    counts = {n for _, n in s.schedule}
    first, last = s.schedule[0][0].isoformat(), s.schedule[-1][0].isoformat()
    if len(counts) == 1:
        n = counts.pop()
        days = len(s.schedule)
        span = first if days == 1 else f"{first} to {last}"
        text = f"{n} round{'s' if n != 1 else ''} a day on {days} day{'s' if days != 1 else ''}, {span}"
    else:
        text = ", ".join(f"{d.isoformat()}: {n}" for d, n in s.schedule)
    if s.undated_rounds:
        text += f"; {s.undated_rounds} round{'s' if s.undated_rounds != 1 else ''} without a date"
    return text


def _type_text(s: Summary) -> str:
    e = s.event
    kind = e.type.replace("-", " ")
    return f"{kind} ({e.type_text})" if e.type_text else f"{kind} (from the pairings)"


def _head(s: Summary) -> list[tuple[str, str]]:
    e = s.event
    rounds = str(e.rounds_scheduled or e.rounds)
    if e.rounds_scheduled and e.rounds != e.rounds_scheduled:
        rounds += f" ({e.rounds} in the players' lines)"
    host = host_text(s.host_federation, s.host_source == "032")
    return [
        ("Federation", host),
        ("Name of Tournament", e.name),
        ("Country and Place", ", ".join(x for x in (e.city, e.federation) if x)),
        ("Starting date", date_text(e.start)),
        ("Ending date", date_text(e.end)),
        ("Organizer of the Tournament", ""),
        ("Contact Information", ""),
        ("Number of Rounds", rounds),
        ("Schedule (rounds/day)", schedule_text(s)),
        ("Rate(s) of play", e.rate_of_play),
        ("Tournament Type", _type_text(s)),
        ("Pairing program", e.pairing_program or "not given in the file (182)"),
        ("Special Remarks", ""),
    ]


def _arbiters(s: Summary) -> list[tuple[str, str]]:
    e = s.event
    rows = [("Chief Arbiter", e.chief_arbiter)]
    for i, name in enumerate(e.deputies):
        rows.append((_DEPUTY_LABELS[i] if i < len(_DEPUTY_LABELS) else f"Deputy {i + 1}", name))
    return rows


def _count_row(s: Summary, kind: str) -> list[str]:
    c = s.counts[kind]
    return [_LABEL.get(kind, kind), str(c.number), str(c.federations), str(c.host), str(c.other)]


def no_federation_text(s: Summary) -> str | None:
    """The line under the table when players have no federation in the file:
    the form's columns count host and other federations, and such a player
    is of neither."""
    counts = [(kind, s.counts[kind].no_federation) for kind in COUNT_TYPES]
    if not any(n for _, n in counts):
        return None
    total = s.counts["rated"].no_federation + s.counts["unrated"].no_federation
    kinds = ", ".join(f"{k} {n}" for k, n in counts if n)
    return (
        f"No federation in the file: {total} player{'s' if total != 1 else ''} ({kinds}), "
        "counted in Number, neither as host nor as other fed players"
    )


# --- text ---------------------------------------------------------------------------


def render_summary_text(s: Summary, *, ascii: bool = False) -> str:
    out = [TITLE, ""]
    out += fields_text([(k, v or BLANK) for k, v in _head(s)], ascii)
    head = ["Type", "Number", "Number of feds", "host fed players", "other fed players"]
    rows = [head, *(_count_row(s, kind) for kind in COUNT_TYPES)]
    out += ["", *table(rows, (False, True, True, True, True))]
    blank = no_federation_text(s)
    if blank:
        out.append(clean(blank, ascii))
    out += ["", *fields_text([(k, v or BLANK) for k, v in _arbiters(s)], ascii)]
    out.append("Contact information for the Chief Arbiter: " + BLANK)
    return "\n".join(out) + "\n"


# --- JSON ---------------------------------------------------------------------------


def summary_data(s: Summary, path: str | None = None) -> dict[str, Any]:
    """The ``trfkit.summary/1`` document as JSON-ready data."""
    return document_head(SUMMARY_SCHEMA, path, s.event) | {
        "host_federation": s.host_federation,
        "host_source": s.host_source,
        "players": s.players,
        "federations": s.federations,
        "schedule": [{"date": d.isoformat(), "rounds": n} for d, n in s.schedule],
        "undated_rounds": s.undated_rounds,
        "counts": {
            kind: {
                "number": c.number,
                "federations": c.federations,
                "host": c.host,
                "other": c.other,
                "no_federation": c.no_federation,
            }
            for kind, c in s.counts.items()
        },
    }


def render_summary_json(s: Summary, path: str | None = None) -> str:
    return json.dumps(summary_data(s, path), indent=2, ensure_ascii=False) + "\n"


# --- CSV ----------------------------------------------------------------------------


def render_summary_csv(s: Summary) -> str:
    """The table of players by type, one row per type in the form's order."""
    rows = [[kind, *_count_row(s, kind)[1:], str(s.counts[kind].no_federation)] for kind in COUNT_TYPES]
    return csv_document([CSV_COLUMNS, *rows])


# --- HTML ---------------------------------------------------------------------------


def render_summary_html(s: Summary) -> str:
    return page(
        "summary.html.j2",
        s.event,
        schema=SUMMARY_SCHEMA,
        title=TITLE,
        landscape=False,
        head=_head(s),
        pairs=[(_count_row(s, a), _count_row(s, b)) for a, b in _PAIRS],
        no_federation=no_federation_text(s),
        arbiters=_arbiters(s),
    )
