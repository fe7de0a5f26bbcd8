"""Standings and tie-breaks: FIDE C.07 in its three editions.

:func:`standings` ranks a tournament's players by points, then by each
tie-break in order on the groups still tied (C.07 4.2). The tie-breaks come
from the caller, else from the file's TRF-2026 212 (or 202) record. One
module per family: own results (:mod:`.own`), opponents' scores
(:mod:`.opponents`), ratings (:mod:`.rating`), direct encounter
(:mod:`.encounter`), teams (:mod:`.team`: :func:`team_standings`); the
editions in :mod:`.editions`, the codes in :mod:`.codes`.
"""

from __future__ import annotations

from trfkit.tiebreaks.codes import TieBreak, UnknownTieBreak, parse_tiebreak, parse_tiebreaks
from trfkit.tiebreaks.editions import EDITIONS, Edition, edition_for, get_edition
from trfkit.tiebreaks.standings import (
    DeclaredTieBreaks,
    Row,
    Standings,
    declared_tiebreaks,
    standings,
)
from trfkit.tiebreaks.team import NotATeamEvent, TeamRow, TeamStandings, team_standings

__all__ = [
    "EDITIONS",
    "DeclaredTieBreaks",
    "Edition",
    "NotATeamEvent",
    "Row",
    "Standings",
    "TeamRow",
    "TeamStandings",
    "TieBreak",
    "UnknownTieBreak",
    "declared_tiebreaks",
    "edition_for",
    "get_edition",
    "parse_tiebreak",
    "parse_tiebreaks",
    "standings",
    "team_standings",
]
