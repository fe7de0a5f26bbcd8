"""Title norms (FIDE Title Regulations, B.01): the engine and its results.

:func:`norms` (also :func:`trfkit.norms`) evaluates every player of a tournament for GM, IM, WGM and
WIM under a title rule set (:mod:`trfkit.rules.titles`): the 2024 rules in
full, the 2003 handbook's rules behind Form 4 as far as they are
established, and says "not modelled" for editions whose text was not read.

>>> import trfkit
>>> report = trfkit.norms(trfkit.load("fixtures/roundrobin-8.trf"), rules="b01-2024")
>>> report.rules.reference, len(report.holders)
('FIDE Title Regulations (B.01) 2024', 0)
"""

from __future__ import annotations

from trfkit.titlenorms.engine import (
    EXEMPTIONS,
    GAMES_EXCEPTIONS,
    norms,
    performance_percentage,
    round_half_up,
)
from trfkit.titlenorms.model import NormGame, NormReport, PlayerNorms, Requirement, Verdict

__all__ = [
    "EXEMPTIONS",
    "GAMES_EXCEPTIONS",
    "NormGame",
    "NormReport",
    "PlayerNorms",
    "Requirement",
    "Verdict",
    "norms",
    "performance_percentage",
    "round_half_up",
]
