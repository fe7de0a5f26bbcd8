"""The event at a glance: what ``trfkit check`` says about a file before its
findings, so that an arbiter sees at once whether trfkit read the event as
he ran it (the right field, the right rounds, the right rules).

>>> import trfkit
>>> from trfkit.event import event_of
>>> t = trfkit.loads(
...     "012 Spring Open\\n042 2025/05/01\\n"
...     "001    1 m GM Novak, Jan                        2399 SLO    14600012 1990/05/01  "
...     "1.0    1     2 w 1\\n"
...     "001    2 w    Horvat, Eva                          0 CRO             1990/05/01  "
...     "0.0    2     1 b 0\\n"
... )
>>> s = summarize(t, event_of(t, type="swiss"))
>>> s.name, s.type.value, s.rounds, s.players, s.rated, s.unrated, s.titled, s.federations
('Spring Open', 'swiss', 1, 2, 1, 1, 1, 2)
>>> s.rules, s.rules_source, s.start
('fide-2024', 'start 2025-05-01', datetime.date(2025, 5, 1))
"""

from __future__ import annotations

import datetime
from operator import attrgetter

import attrs

from trfkit._resources import fide_federations
from trfkit.event import Event, TournamentType
from trfkit.model import Tournament
from trfkit.tiebreaks.team import event_teams

__all__ = ["EventSummary", "rounds_paired", "summarize"]

_RATING = attrgetter("rating")
_TITLE = attrgetter("title")
_FEDERATION = attrgetter("federation")


@attrs.frozen
class EventSummary:
    """The facts of :func:`summary_line`, each as the file gives it or as
    :func:`trfkit.event.event_of` chose it."""

    name: str | None
    """012; ``None`` when absent or blank."""
    type: TournamentType
    type_source: str
    """``given``, ``192``, ``092`` or ``pairings``."""
    rounds: int
    """Rounds played: the last round in which any player has a cell (the
    forms' columns); the last :attr:`byes_ahead` of them may be unpaired."""
    rounds_scheduled: int | None
    """142, else XXR, else the rounds played (``None``: no round at all)."""
    start: datetime.date | None
    """042, else the first round date."""
    end: datetime.date | None
    """052, else the last round date."""
    players: int
    rated: int
    """Players with a rating (columns 49-52 neither blank nor 0)."""
    titled: int
    federations: int
    """Distinct federation codes (columns 54-56) that are not blank."""
    teams: int
    """The teams: the 310 records, else the 013 ones (a file with both, as
    TEC's sample, lists each team twice)."""
    rules: str
    rules_source: str
    """``given``, or why ``auto`` chose the rule set (``start 2018-04-08``)."""
    byes_ahead: int = 0
    """The last of :attr:`rounds` whose cells hold only half- and
    zero-point byes (H, Z) or nothing: requested before the round was
    paired, as a file written between rounds has them (JaVaFo's samples).
    The event line counts them as not played."""
    type_evidence: str = ""
    """What chose a type no record declares (:attr:`Event.type_evidence`)."""
    not_federations: int = 0
    """How many of :attr:`federations` are no FIDE federation code (S114's
    list): club codes in the column (ICU's exports) are not federations, and
    the event line does not count them as such."""
    paired_ahead: int = 0
    """1 when the last of :attr:`rounds` before the :attr:`byes_ahead` is
    paired and not played: its games have opponents and colours and no
    result yet (TRF16 §2.3: a blank result; a file written during the
    round), beside byes at most; else 0. The event line counts it as paired,
    not played."""

    @property
    def unrated(self) -> int:
        return self.players - self.rated


def summarize(t: Tournament, ev: Event) -> EventSummary:
    """The summary of ``t`` checked as ``ev``."""
    # Counted column by column, in C: a check of a big file should not
    # notice its summary.
    players = t.players
    ratings = list(map(_RATING, players))
    titles = list(map(_TITLE, players))
    federations = {f.strip() for f in set(map(_FEDERATION, players))} - {""}
    dated = sorted(d.date for d in t.round_dates if d.date is not None)
    end = t.end_date
    rounds = t.rounds_played
    ahead = _byes_ahead(t, rounds)
    paired = _paired_ahead(t, rounds - ahead)
    return EventSummary(
        name=(t.name or "").strip() or None,
        type=ev.type,
        type_source=ev.type_source,
        rounds=rounds,
        rounds_scheduled=t.number_of_rounds,
        start=ev.start,
        end=end.date
        if end is not None and end.date is not None
        else (dated[-1] if dated else None),
        players=len(players),
        rated=len(ratings) - ratings.count(None) - ratings.count(0),
        titled=len(titles) - titles.count(None),
        federations=len(federations),
        not_federations=len(federations - fide_federations()),
        teams=len(event_teams(t)),
        rules=ev.rules.name,
        rules_source=ev.rules_source,
        byes_ahead=ahead,
        type_evidence=ev.type_evidence,
        paired_ahead=paired,
    )


_REQUESTED = frozenset("HZ ")
"""A cell's result that a round not yet paired may hold: a half- or
zero-point bye asked for ahead (TRF16 §2.3: H, Z), or nothing."""


def rounds_paired(t: Tournament) -> int:
    """The rounds the file has paired: the rounds played (the last round
    with a cell) but the last ones that hold only byes requested ahead (a
    JaVaFo file written before the pairing of its next round, with the
    ``H``/``Z`` cells of the players who asked for one). The round after it
    is the one to pair (``trfkit pair``), and the last one to check."""
    rounds = t.rounds_played
    return rounds - _byes_ahead(t, rounds)


def round_paired_not_played(t: Tournament) -> int | None:
    """The round the file has paired and not played (its games with no
    result yet, a file written between the pairing and the results, as
    ``trfkit pair`` writes one), else ``None``. Its byes' points are not yet
    in the points column (bbpPairings and JaVaFo write the points as before
    the round), and its cells are no games the rating drops."""
    rounds = rounds_paired(t)
    return rounds if _paired_ahead(t, rounds) else None


def _byes_ahead(t: Tournament, rounds: int) -> int:
    """How many of the last of ``rounds`` hold only byes requested ahead:
    no cell with an opponent, none with another result (a pairing-allocated
    bye, U, means the round was paired). From the last round back; a
    finished event's last round has a game, so one look at it answers."""
    cells = [p.cells() for p in t.players]
    ahead = 0
    for r in range(rounds - 1, 0, -1):
        for opponents, _, results in cells:
            if len(results) > r and (opponents[r] is not None or results[r] not in _REQUESTED):
                return ahead
        ahead += 1
    return ahead


_BYES = frozenset("HZFU ")
"""The results a round paired and not played may hold without an opponent:
the byes (TRF16 §2.3), a pairing-allocated one given at the pairing."""


def _paired_ahead(t: Tournament, rounds: int) -> int:
    """1 when round ``rounds`` is paired and not played: some cell has an
    opponent and no result, and no cell has a result with an opponent (a
    game played or forfeited); else 0."""
    if rounds < 1:
        return 0
    r = rounds - 1
    paired = False
    for opponents, _, results in (p.cells() for p in t.players):
        if len(results) <= r:
            continue
        if opponents[r] is None:
            if results[r] not in _BYES:
                return 0
        elif results[r] != " ":
            return 0
        else:
            paired = True
    return int(paired)
