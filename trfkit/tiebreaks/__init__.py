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

from collections.abc import Sequence

from trfkit.model import Tournament
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
    "event_standings",
    "get_edition",
    "parse_tiebreak",
    "parse_tiebreaks",
    "standings",
    "team_standings",
]


def event_standings(
    t: Tournament,
    tiebreaks: str | Sequence[str | TieBreak] | None = None,
    rules: str | Edition = "auto",
    *,
    type: str | None = None,
    teams: bool | None = None,
    primary: str | None = None,
) -> tuple[str, Standings | TeamStandings]:
    """The ranking an event publishes, and the registry's name of its
    document: a team event's is the teams' (``team-standings``), an
    individual event's the players' (``standings``). ``teams`` says which
    (``True`` on a file without teams raises :class:`NotATeamEvent`);
    ``None``: the teams' when the file has team records. ``trfkit
    standings`` and the server's ``/api/standings`` both answer with it."""
    if teams if teams is not None else bool(t.teams):
        return "team-standings", team_standings(t, tiebreaks, rules, primary=primary)
    return "standings", standings(t, tiebreaks, rules, type=type)
