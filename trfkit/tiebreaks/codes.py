"""Tie-break codes as TRF-2026 records 202/212 and the C.07 prose write them.

TRF-2026 (202/212) and FIDE's list of mandatory tie-breaks (MTB26) write a
code as ``ACRONYM[:MP|:GP][/MODIFIER]*`` (``BH/C1``, ``ARO/M2``, ``KS/L1``,
``DE/P``, ``BH:MP/C1/P``); the C.07 prose writes ``BH-C1``. Both are read.
A ``-`` separates modifiers only where a modifier follows it, so the Koya
limit ``KS/L-2`` keeps its sign.

>>> parse_tiebreak("BH-C1")
TieBreak(acronym='BH', cut=1, median=0, forfeits_played=False, fore=False, reverse=False, limit=0, points=None, text='BH-C1')
>>> parse_tiebreak("KS/L-2").limit
-2
>>> parse_tiebreak("GE").acronym
'REP'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from trfkit.tiebreaks.declared import declared

__all__ = [
    "ACRONYMS",
    "INDIVIDUAL",
    "RATING_BASED",
    "TEAM",
    "TieBreak",
    "UnknownTieBreak",
    "parse_tiebreak",
    "parse_tiebreaks",
    "split_codes",
]

INDIVIDUAL = frozenset(
    {
        "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN",
        "BH", "AOB", "FB", "SB", "KS",
        "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG",
    }
)  # fmt: skip
"""The individual tie-breaks of C.07 Articles 6-10 (MTB26's list)."""
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""Article 10: undefined when unrated players take part (10, first paragraph)."""
TEAM = frozenset(
    {
        "MP", "GP", "MPVGP", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB",
        "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "BC", "TBR", "BBE", "SSSC",
    }
)  # fmt: skip
"""The team tie-breaks of C.07 Articles 11-13 (MTB26). A code with
``:MP``/``:GP`` (``BH:MP``) is a team tie-break too. The players' standings
compute none; the teams' standings (:mod:`trfkit.tiebreaks.team`) compute
MP, GP, MPvGP, BH:MP, BH:GP, the four ESB (EMMSB ... EGGSB) and EDE."""
ACRONYMS = INDIVIDUAL | TEAM | {"PTS"}
# Names seen in the wild for the same tie-breaks: GE is C.07-2023's name of
# REP (7.6); MPTS/GPTS are team score spellings; SNO is TieBreakServer's TPN.
_ALIASES = {"GE": "REP", "MPTS": "MP", "GPTS": "GP", "SNO": "TPN"}
# Which modifiers each tie-break takes (C.07 Art. 14 and MTB26).
_ESB = frozenset({"EMMSB", "EMGSB", "EGMSB", "EGGSB"})
"""The four extended Sonneborn-Berger tie-breaks for teams (Art. 13): E,
the opponent's score (M or G), the score obtained against him, SB."""
_TEAM_COMPUTED = frozenset({"MP", "GP", "MPVGP", "EDE"}) | _ESB
"""Team tie-breaks computed on the teams' standings (with ``BH:MP``, ``BH:GP``)."""
_CUTS = frozenset({"BH", "FB", "SB", "ARO", "PS"}) | _ESB
_MEDIANS = frozenset({"BH", "FB", "ARO"})
_P = frozenset({"BH", "FB", "SB", "DE", "EDE"}) | _ESB

_MODIFIER = re.compile(
    r"^(?:(?P<kind>[CM])(?P<n>[12])|(?P<flag>[PFR])|L(?P<limit>[+-]?\d+)|K(?P<k>\d+))$", re.I
)
# A modifier follows "/" (or "-" in C.07's prose); KS/L-2's "-" is a sign.
_SPLIT = re.compile(r"[-/](?=[CMPFRLK])", re.I)
_POINTS = frozenset({"MP", "GP", "MM", "MG", "GM", "GG"})


class UnknownTieBreak(ValueError):
    """A tie-break code this library does not know (the codes are in the message)."""

    def __init__(self, codes: list[str]) -> None:
        self.codes = codes
        super().__init__(
            "unknown tie-break code" + ("s " if len(codes) > 1 else " ") + ", ".join(codes)
        )


@attrs.frozen
class TieBreak:
    """One tie-break with its modifiers (C.07 Art. 14)."""

    acronym: str
    """The C.07 acronym (aliases read: ``GE`` is ``REP``)."""
    cut: int = 0
    """Cut-1 / Cut-2 (14.1, 14.2): the least significant values dropped."""
    median: int = 0
    """Median-1 / Median-2 (14.3, 14.4): the lowest and the highest dropped."""
    forfeits_played: bool = False
    """``/P``: forfeits count as games against the scheduled opponent."""
    fore: bool = False
    """``/F`` of AOB: the opponents' Fore Buchholz instead of their Buchholz."""
    reverse: bool = False
    """``/R`` of RTNG and TPN: the order reversed."""
    limit: int = 0
    """``/Lx`` of KS (14.5): the 50% limit moved by x half points."""
    points: str | None = None
    """``:MP``, ``:GP`` (``:MM`` ... for ESB) of a team tie-break: the scores it uses."""
    text: str = ""
    """The code as written."""

    @property
    def code(self) -> str:
        """The TRF-2026 spelling (``BH/C1``), the key of the values."""
        parts = [self.acronym + (f":{self.points}" if self.points else "")]
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.limit:
            parts.append(f"L{self.limit:+d}")
        parts += [
            flag
            for flag, on in (("F", self.fore), ("R", self.reverse), ("P", self.forfeits_played))
            if on
        ]
        return "/".join(parts)

    @property
    def is_team(self) -> bool:
        """A team tie-break (C.07 Art. 11-13): computed only on the teams' standings."""
        return self.acronym in TEAM or self.points is not None

    @property
    def lower_is_better(self) -> bool:
        """TPN ranks ascending, and /R reverses RTNG and TPN (C.07 7.8, 10.6)."""
        return (self.acronym == "TPN") != self.reverse


def parse_tiebreak(text: str) -> TieBreak:
    """The tie-break ``text`` names; :class:`UnknownTieBreak` when it names none
    or carries a modifier that tie-break does not take."""
    code = text.strip()
    head, *mods = _SPLIT.split(code)
    acronym, _, points = head.partition(":")
    acronym = _ALIASES.get(acronym.upper(), acronym.upper())
    points = points.upper() or None
    own = declared().get(acronym)
    if (acronym not in ACRONYMS and own is None) or (points is not None and points not in _POINTS):
        raise UnknownTieBreak([code])
    # The modifiers a declared tie-break takes (trfkit.tiebreaks.declared).
    takes = own.modifiers if own is not None else frozenset()
    if (acronym in TEAM and acronym not in _TEAM_COMPUTED) or (
        points is not None and acronym != "BH"
    ):
        # A team tie-break not computed here (Art. 11-13): its modifiers are
        # checked only for their form.
        if any(_MODIFIER.match(mod) is None for mod in mods):
            raise UnknownTieBreak([code])
        return TieBreak(acronym, points=points, text=code)
    fields: dict[str, object] = {}
    for mod in mods:
        m = _MODIFIER.match(mod)
        if m is None or m["k"] is not None:
            raise UnknownTieBreak([code])
        if m["kind"]:
            key = "cut" if m["kind"].upper() == "C" else "median"
            allowed = _CUTS if key == "cut" else _MEDIANS
            if (acronym not in allowed and m["kind"].upper() not in takes) or key in fields:
                raise UnknownTieBreak([code])
            fields[key] = int(m["n"])
        elif m["limit"] is not None:
            if acronym != "KS":
                raise UnknownTieBreak([code])
            fields["limit"] = int(m["limit"])
        else:
            flag = m["flag"].upper()
            key, allowed = {
                "P": ("forfeits_played", _P),
                "F": ("fore", frozenset({"AOB"})),
                "R": ("reverse", frozenset({"RTNG", "TPN"})),
            }[flag]
            if acronym not in allowed and flag not in takes:
                raise UnknownTieBreak([code])
            fields[key] = True
    if "cut" in fields and "median" in fields:
        raise UnknownTieBreak([code])
    return TieBreak(acronym, points=points, text=code, **fields)  # type: ignore[arg-type]


def split_codes(text: str) -> list[tuple[int, str]]:
    """The codes of a 202/212 value or a ``--tiebreaks`` option, each with
    its 0-based offset in ``text``: separated by commas, and by spaces as
    some writers do (TieBreakServer reads both)."""
    return [(m.start(), m.group()) for m in re.finditer(r"[^,\s]+", text)]


def parse_tiebreaks(codes: str | Sequence[str | TieBreak]) -> list[TieBreak]:
    """Every tie-break of a comma-separated list (or a list of codes and
    :class:`TieBreak` values); :class:`UnknownTieBreak` naming all the codes
    it does not know. ``PTS`` (212's points) is left out."""
    items = [code for _, code in split_codes(codes)] if isinstance(codes, str) else list(codes)
    found: list[TieBreak] = []
    unknown: list[str] = []
    for item in items:
        if isinstance(item, TieBreak):
            found.append(item)
            continue
        try:
            tb = parse_tiebreak(item)
        except UnknownTieBreak:
            unknown.append(item)
            continue
        if tb.acronym != "PTS":
            found.append(tb)
    if unknown:
        raise UnknownTieBreak(unknown)
    return found
