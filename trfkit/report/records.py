"""The records of a tournament as JSON-ready data (``trfkit parse --format json``).

Keys are stable and documented in docs/json.md; ``schema`` names the shape
and changes whenever a key does. Unstructuring is done by ``cattrs`` with
hooks for the few types JSON lacks: scores are numbers, dates ISO strings,
enums their TRF letters, and a record's :class:`~trfkit.model.Origin`
becomes its ``line`` number.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

import attrs

from trfkit.diagnostics import Diagnostic
from trfkit.model import DateText, Game, Player, Tournament
from trfkit.version import __version__

__all__ = ["PARSE_SCHEMA", "diagnostic_data", "tournament_data"]

if TYPE_CHECKING:
    import cattrs

PARSE_SCHEMA = "trfkit.parse/1"


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


@cache
def _converter() -> cattrs.Converter:
    # Imported here: `trfkit check` renders diagnostics from this module and
    # never needs cattrs (12 ms of its start).
    import cattrs
    from cattrs.gen import make_dict_unstructure_fn, override

    conv = cattrs.Converter()
    conv.register_unstructure_hook(Decimal, _number)
    conv.register_unstructure_hook(_dt.date, lambda d: d.isoformat())
    conv.register_unstructure_hook(
        DateText,
        lambda d: {"text": d.text, "date": d.date.isoformat() if d.date else None, "year": d.year},
    )

    def factory(cls: type[Any]) -> Any:
        # Not the origin (it becomes "line") nor a private field (a player's
        # cells: "games" is written below).
        omitted: dict[str, Any] = {
            a.name: override(omit=True)
            for a in attrs.fields(cls)
            if a.name == "origin" or a.name.startswith("_")
        }
        return make_dict_unstructure_fn(cls, conv, **omitted)

    conv.register_unstructure_hook_factory(
        lambda cls: attrs.has(cls) and cls not in (DateText, Game, Player), factory
    )

    def game(g: Game) -> dict[str, Any]:
        return {
            "opponent": g.opponent,
            "colour": g.colour.value,
            "result": g.result.value if g.result is not None else None,
        }

    conv.register_unstructure_hook(Game, game)
    player_fn = factory(Player)

    def player(p: Player) -> dict[str, Any]:
        data: dict[str, Any] = player_fn(p)
        data["games"] = [dict(round=i + 1, **game(g)) for i, g in enumerate(p.games)]
        return data

    conv.register_unstructure_hook(Player, player)
    return conv


def _with_line(record: Any, data: dict[str, Any], kind: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"line": record.origin.line if record.origin is not None else None}
    if kind is not None:
        out["type"] = kind
    out.update(data)
    return out


def diagnostic_data(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "severity": d.severity.value,
        "line": d.line,
        "column": d.column,
        "message": d.message,
        "reference": d.reference,
        "found": d.found,
        "expected": d.expected,
    }


def tournament_data(t: Tournament, path: str | None = None) -> dict[str, Any]:
    """Everything read from a file, as JSON-ready data."""
    conv = _converter()
    start, end = t.start_date, t.end_date
    return {
        "schema": PARSE_SCHEMA,
        "trfkit": __version__,
        "path": path,
        "dialect": t.dialect.value,
        "encoding": t.source.encoding if t.source else None,
        "bom": t.source.bom if t.source else False,
        "tournament": {
            "name": t.name,
            "city": t.city,
            "federation": t.federation,
            "start_date": start.date.isoformat() if start and start.date else None,
            "end_date": end.date.isoformat() if end and end.date else None,
            "chief_arbiter": t.chief_arbiter,
            "deputy_arbiters": t.deputy_arbiters,
            "time_control": t.time_control,
            "number_of_rounds": t.number_of_rounds,
            "round_dates": [d.date.isoformat() if d.date else None for d in t.round_dates],
        },
        "headers": [_with_line(h, conv.unstructure(h), type(h).__name__) for h in t.headers],
        "players": [_with_line(p, conv.unstructure(p)) for p in t.players],
        "teams": [_with_line(x, conv.unstructure(x)) for x in t.teams],
        "national_ratings": [_with_line(x, conv.unstructure(x)) for x in t.national_ratings],
        "records": [_with_line(r, conv.unstructure(r), type(r).__name__) for r in t.records],
        "diagnostics": [diagnostic_data(d) for d in t.diagnostics],
    }
