"""Which TRF dialect a file is written in.

- TRF26 when the file holds any record only TRF-2026 defines (142-222,
  352, 362, 240-802, national rating records, ``###`` comments);
- TRFX when it holds JaVaFo/bbpPairings extension lines and nothing of TRF26;
- VEGA when 142-192 carry Vega's meanings (Vega's manual, Appendix P:
  142 points per game, 152 current round, 162 number of rounds, 172
  tie-breaks, 182 acceleration, 192 program), which TRF-2026 gives other
  meanings to (142 rounds, 152 initial colour, 162 scoring, ...);
- TRF16 otherwise (old TRF06/Krause files included).

Records of two dialects that disagree (142 vs XXR, 152 vs XXC) are P008.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trfkit._digits import whole_number
from trfkit.codes import diagnostic
from trfkit.columns import trf26_header_codes, vega_header_codes
from trfkit.diagnostics import Diagnostic
from trfkit.model import (
    TRF26_ONLY_RECORDS,
    Accelerations,
    BbpPoints,
    Dialect,
    EngineRecord,
    OtherRecord,
    TextRecord,
    Tournament,
)

__all__ = ["detect_dialect"]

_TRF26_HEADERS = trf26_header_codes()
_VEGA_HEADERS = vega_header_codes()
_SCORING_162 = re.compile(r"\s*(?:[WDLAPX]\s*\d*(?:\.\d+)?\s*)+")


def _looks_vega(headers: dict[str, tuple[str, int]]) -> str | None:
    """Why the 142-192 records look like Vega's, or None."""
    if "162" in headers:
        # Vega writes its number of rounds from column 5 ("162 5"); a
        # TRF26 score's symbol stands in column 6, and may be a digit in a
        # damaged file ("162  0": found by the fuzzer).
        text = headers["162"][0].rstrip()
        if text.isdigit():
            return f"162 holds {text!r}, a number of rounds in Vega's files, not a TRF26 scoring system"
    if "152" in headers:
        text = headers["152"][0].strip()
        if text.isdigit():
            return f"152 holds {text!r}, Vega's current round, not a TRF26 initial colour W or B"
    if "192" in headers and headers["192"][0].strip().lower().startswith("vega"):
        return f"192 names the program {headers['192'][0].strip()!r} as Vega does"
    return None


def _p008(line: int, message: str, found: str, expected: str) -> Diagnostic:
    return diagnostic("P008", line, 1, message, found=found, expected=expected)


def _has_trf26_records(
    first: dict[str, tuple[str, int]], records: Sequence[OtherRecord], tournament: Tournament
) -> bool:
    """Whether the file has a record only TRF-2026 defines."""
    return (
        any(code in _TRF26_HEADERS for code in first)
        or bool(tournament.national_ratings)
        or any(t.code == "310" for t in tournament.teams)
        or any(isinstance(r, TRF26_ONLY_RECORDS) for r in records)
        or any(isinstance(r, TextRecord) and r.code in ("801", "802") for r in records)
    )


def _engine_conflicts(
    first: dict[str, tuple[str, int]], engine: dict[str, tuple[str, int]]
) -> list[Diagnostic]:
    """P008 where JaVaFo's XXR and XXC say otherwise than TRF-2026's 142
    (the rounds) and 152 (the first player's colour in round 1)."""
    diags: list[Diagnostic] = []
    if "142" in first and "XXR" in engine:
        a, b = first["142"][0].strip(), engine["XXR"][0].strip()
        if _as_int(a) != _as_int(b):
            diags.append(
                _p008(
                    engine["XXR"][1],
                    f"XXR says {b!r} rounds but 142 (line {first['142'][1]}) says {a!r}",
                    f"XXR {b}",
                    f"XXR {a}, as 142",
                )
            )
    if "152" in first and "XXC" in engine:
        colour = first["152"][0].strip().upper()
        tokens = engine["XXC"][0].split()
        xxc = "W" if "white1" in tokens else "B" if "black1" in tokens else None
        if xxc is not None and colour in ("W", "B") and xxc != colour:
            diags.append(
                _p008(
                    engine["XXC"][1],
                    f"XXC gives the first player {'white' if xxc == 'W' else 'black'} in round 1 "
                    f"but 152 (line {first['152'][1]}) says {colour}",
                    f"XXC {'white1' if xxc == 'W' else 'black1'}",
                    f"XXC {'white1' if colour == 'W' else 'black1'}, as 152",
                )
            )
    return diags


def detect_dialect(
    headers: Sequence[tuple[str, str, int]],
    records: Sequence[OtherRecord],
    tournament: Tournament,
) -> tuple[Dialect, list[Diagnostic]]:
    """The dialect of a file, from its header values (code, value from column 5, line)
    and its other records, with P008 diagnostics for conflicts."""
    diags: list[Diagnostic] = []
    first: dict[str, tuple[str, int]] = {}
    for code, value, line in headers:
        first.setdefault(code, (value, line))
    engine: dict[str, tuple[str, int]] = {}
    for r in records:
        if isinstance(r, EngineRecord) and r.origin is not None:
            engine.setdefault(r.code, (r.value, r.origin.line))

    vega = _looks_vega(first)
    if vega is not None:
        line = min(first[c][1] for c in first if c in _VEGA_HEADERS)
        diags.append(
            _p008(
                line,
                f"records 142-192 are used with Vega's meanings ({vega}); they are read as "
                "free text, not as TRF-2026 records",
                vega,
                "TRF-2026 meanings of 142-192",
            )
        )
        return Dialect.VEGA, diags

    trf26 = _has_trf26_records(first, records, tournament)
    # JaVaFo's XXA (accelerations) is an extension line like XXR and XXS.
    extensions = bool(engine) or any(isinstance(r, (BbpPoints, Accelerations)) for r in records)

    diags += _engine_conflicts(first, engine)
    if trf26:
        return Dialect.TRF26, diags
    if extensions:
        return Dialect.TRFX, diags
    return Dialect.TRF16, diags


def _as_int(text: str) -> int | None:
    token = text.split()[0] if text.split() else ""
    return whole_number(token)
