"""The names of a tournament's type: :class:`TournamentType`, the words of a
092 text and the ETT26 codes of TRF-2026 record 192.

Vocabulary of the file, below :mod:`trfkit.event` (which chooses the type
and the rule set) and :mod:`trfkit.conversion` (which writes a 092 text as
its 192 code): naming a type needs no rule set.
"""

from __future__ import annotations

import enum
import re

__all__ = ["LEAGUE_WORDS", "TournamentType", "ett_code", "type_named"]


class TournamentType(enum.Enum):
    """The pairing system, in the words ``--type`` and the JSON output use."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    TEAM = "team"
    MATCH = "match"
    LEAGUE = "league"
    """A league, of teams or of players: it may last longer than other events
    (FIDE 2002 §4.11, 2009 §4.11)."""


# TRF-2026 192 codes (ETT26) and 092 free text, most specific first: a
# "Team League" is a league (its length is what the regulations single out).
# "Liga" ends the word: Bundesliga, Oberliga, Ekstraliga.
LEAGUE_WORDS = re.compile(r"LEAGUE|LIGA\b|LIGUE\b|\bLEGA\b|COMPETITION SERIES|INTERCLUB", re.I)
_TYPE_WORDS: tuple[tuple[re.Pattern[str], TournamentType], ...] = (
    (LEAGUE_WORDS, TournamentType.LEAGUE),
    (re.compile(r"TEAM|MANNSCHAFT|OLYMPIAD", re.I), TournamentType.TEAM),
    (
        re.compile(r"DOUBLE[ _-]?ROUND[ _-]?ROBIN|DOUBLEROUNDROBIN|\bDRR\b|DOPPELRUND", re.I),
        TournamentType.DOUBLE_ROUND_ROBIN,
    ),
    (
        re.compile(
            r"ROUND[ _-]?ROBIN|ROUNDROBIN|\bRR\b|BERGER|ALL[ _-]PLAY[ _-]ALL|RUNDENTURNIER", re.I
        ),
        TournamentType.ROUND_ROBIN,
    ),
    (re.compile(r"\bMATCH\b|WETTKAMPF", re.I), TournamentType.MATCH),
    (re.compile(r"SWISS|DUTCH|DUBOV|BURSTEIN|LIM\b|SCHWEIZER|MONRAD", re.I), TournamentType.SWISS),
)


def type_named(text: str) -> TournamentType | None:
    """The type a 192 code or a 092 text names, or ``None``.

    >>> type_named("Individual: Swiss-System"), type_named("Open")
    (<TournamentType.SWISS: 'swiss'>, None)
    """
    for pattern, kind in _TYPE_WORDS:
        if pattern.search(text):
            return kind
    return None


# The families of ETT26 codes (TRF-2026 record 192), each optionally followed
# by qualifiers such as _2026, _BAKU, _G4, _TYPEA, _MP.
_ETT_FAMILIES = (
    "FIDE_DUTCH",
    "FIDE_DUBOV",
    "FIDE_BURSTEIN",
    "FIDE_DOUBLESWISS",
    "CUSTOM_SWISS",
    "CUSTOM_DOUBLESWISS",
    "BERGER_ROUNDROBIN",
    "BERGER_DOUBLEROUNDROBIN",
    "FIDE_ROUNDROBIN",
    "FIDE_DOUBLEROUNDROBIN",
    "CUSTOM_ROUNDROBIN",
    "FIDE_TEAM",
    "CUSTOM_TEAM_SWISS",
)
_ETT_CODE = re.compile("(?:" + "|".join(_ETT_FAMILIES) + r")(?:_[A-Z0-9]+)*")
# A Swiss or round robin whose 092 names the pairing system.
_SYSTEM_WORDS: tuple[tuple[TournamentType, re.Pattern[str], str], ...] = (
    (TournamentType.SWISS, re.compile(r"DUTCH", re.I), "FIDE_DUTCH"),
    (TournamentType.SWISS, re.compile(r"DUBOV", re.I), "FIDE_DUBOV"),
    (TournamentType.SWISS, re.compile(r"BURSTEIN", re.I), "FIDE_BURSTEIN"),
    (TournamentType.ROUND_ROBIN, re.compile(r"BERGER", re.I), "BERGER_ROUNDROBIN"),
    (TournamentType.DOUBLE_ROUND_ROBIN, re.compile(r"BERGER", re.I), "BERGER_DOUBLEROUNDROBIN"),
)


def ett_code(text: str) -> str | None:
    """The ETT26 code (TRF-2026 record 192) a 092 text names, or ``None``.

    A 092 that is an ETT26 code in other spelling gives that code; one that
    names the pairing system gives the system's code. A type alone ("Swiss")
    names no system: a Swiss may be paired by the Dutch, Dubov, Burstein or
    another system, and 192 says which.

    >>> ett_code("FIDE-TEAM-BAKU"), ett_code("Swiss Dutch"), ett_code("Swiss System")
    ('FIDE_TEAM_BAKU', 'FIDE_DUTCH', None)
    """
    code = re.sub(r"[\s\-]+", "_", text.strip().upper())
    if _ETT_CODE.fullmatch(code):
        return code
    kind = type_named(text)
    for system_kind, pattern, system in _SYSTEM_WORDS:
        if kind is system_kind and pattern.search(text):
            return system
    return None
