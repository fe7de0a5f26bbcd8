"""Team events: the matches, the teams' standings and the team tie-breaks
(C.07 Articles 11-13).

A team's round is read from the players' board results and the TRF-2026
team records, in this order:

1. ``330`` (a forfeited match): the winner has a forfeit win, the loser
   (both sides of ``--``) a forfeit loss; the winner scores every board
   (a win's game points times the boards), the loser none;
2. ``320`` (the team's pairing-allocated bye): its match and game points,
   else a win's;
3. ``240`` naming the team (a full-, half- or zero-point bye): a win's, a
   draw's, or no points, in match points and game points (boards times a
   game's);
4. the members' games: the opponent team is the one its members met on the
   most boards (``300`` names it when the line-up is out of order); its game
   points are the sum of the members' points in those games (the event's
   162 scoring, forfeited boards included) and the match points (362, else
   2/1/0) compare the two sums. A match with a board paired and no result
   yet (an opponent and colour, the result blank: a file written during the
   round, TRF16 §2.3) is no result: it is *paired, not played* (kind ``N``)
   and scores nothing, neither match points nor game points, until its
   boards have results; a forfeited match is one whose boards say so
   (``+``/``-``), never one whose boards say nothing yet;
5. a round with none of these: its members' cells say which bye (``U``,
   ``F``, ``H``, else a zero-point bye, as a team that did not play).

The matches give two fields (:class:`~trfkit.tiebreaks.field.Field`), one
per score (match points, game points), on which the individual Buchholz and
its unplayed rounds (Art. 16: adjusted scores, dummies, the cut of a
voluntary unplayed round) apply unchanged, as C.07 says they do for teams.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

import attrs

from trfkit.model import (
    AbnormalPoints,
    Bye,
    ForfeitedMatch,
    LineUp,
    Scoring,
    Team,
    TeamBye,
    Tournament,
)
from trfkit.tiebreaks import encounter, opponents
from trfkit.tiebreaks.codes import TieBreak
from trfkit.tiebreaks.editions import Edition
from trfkit.tiebreaks.field import Field, field_of

__all__ = [
    "PAIRED",
    "MatchCell",
    "NotATeamEvent",
    "TeamMatches",
    "TeamRound",
    "TeamRow",
    "TeamStandings",
    "event_teams",
    "extended_direct_encounter",
    "player_teams",
    "primary_score",
    "team_matches",
    "team_number",
    "team_standings",
]

Value = Decimal | int | None

_NO_RESULT = " "
"""A cell's result column when the game has no result yet (TRF16 §2.3: blank)."""

# 362 symbols and their defaults (TRF-2026 §3.4): a match won, drawn, lost.
_MATCH_DEFAULTS = {"TW": Decimal(2), "TD": Decimal(1), "TL": Decimal(0)}


class NotATeamEvent(ValueError):
    """The tournament has no team records."""


PAIRED = "N"
"""The kind of a team's round whose match is paired and not played yet: no
result, so no points (the module, 4). The tie-breaks read it as a round not
played that is no voluntary one (no VUR, 16.1): it is neither a game nor a
forfeit (C.07 16.2 counts results, and it has none)."""


class TeamRound(NamedTuple):
    """One team's round: the opponent team (its index, -1 for none), the kind
    of round (as :mod:`~trfkit.tiebreaks.field` names them: P a match played,
    W/L a forfeited match won/lost, U/F/H/Z the byes; and :data:`PAIRED`, a
    match paired, not played yet), and the points."""

    opponent: int
    kind: str
    match_points: Decimal
    game_points: Decimal


@attrs.frozen
class TeamMatches:
    """Every team's rounds, indexed like :func:`event_teams`."""

    numbers: tuple[int, ...]
    """The team pairing numbers (310's, else the order of the 013 lines)."""
    names: tuple[str, ...]
    rounds: tuple[tuple[TeamRound, ...], ...]
    boards: int
    """Boards per match: 352's length, else the most a match had."""
    match_win: Decimal
    match_draw: Decimal
    game_win: Decimal
    """A board won, in game points (162's W)."""
    game_draw: Decimal
    stray: tuple[tuple[int, int, int, tuple[int, ...]], ...] = ()
    """(team, round, opponent, other teams): boards of a team that met a team
    other than its match's opponent, left out of the match (a pairing error)."""
    bonus: tuple[tuple[Decimal, Decimal], ...] = ()
    """Per team, the match and game points of 299 records of blank type (a
    bonus or penalty on the totals, in no round)."""

    @property
    def match_points(self) -> list[Decimal]:
        return [
            sum((r.match_points for r in rs), self._bonus(i)[0]) for i, rs in enumerate(self.rounds)
        ]

    @property
    def game_points(self) -> list[Decimal]:
        return [
            sum((r.game_points for r in rs), self._bonus(i)[1]) for i, rs in enumerate(self.rounds)
        ]

    def _bonus(self, i: int) -> tuple[Decimal, Decimal]:
        return self.bonus[i] if self.bonus else (Decimal(0), Decimal(0))


def _match_scoring(t: Tournament) -> dict[str, Decimal]:
    values = dict(_MATCH_DEFAULTS)
    for h in t.headers:
        if isinstance(h, Scoring) and h.code == "362":
            for symbol, value in h.scores:
                if value is not None and symbol.upper() in values:
                    values[symbol.upper()] = value
    return values


def _header(t: Tournament, code: str) -> str | None:
    for h in t.headers:
        if getattr(h, "code", None) == code and hasattr(h, "value"):
            return str(h.value).strip()
    return None


def event_teams(t: Tournament) -> list[Team]:
    """The teams: the 310 records, else the 013 ones (a file that has both,
    as some writers make, lists the same teams twice; 310 replaces 013):
    :meth:`Tournament.event_teams`, the one rule."""
    return t.event_teams()


def team_number(team: Team, index: int) -> int:
    """A team's pairing number: 310's, else its place among the 013 lines
    (TRF16 §2.4 gives 013 no number), ``index`` counted from 0."""
    return team.number if team.number is not None else index + 1


def player_teams(t: Tournament) -> dict[int, int]:
    """Each team member's team, by starting rank: the index of the first
    team of :func:`event_teams` that names him (a player named again is
    in that team only; ``trfkit check`` says so, S123)."""
    out: dict[int, int] = {}
    for ti, team in enumerate(event_teams(t)):
        for m in team.members:
            if m is not None and m not in out:
                out[m] = ti
    return out


class _Boards(NamedTuple):
    """What the players' cells say of each team's round ``[team][round]``."""

    gp: list[list[Counter[int]]]
    """Game points against each opponent team."""
    met: list[list[Counter[int]]]
    """Boards against each opponent team."""
    alone: list[list[str]]
    """The kinds of the cells with no opponent (the byes)."""
    empty_board: list[list[int]]
    """A board won by forfeit against an empty board (300's 0000): "+" with
    no opponent, counted in the team's match of that round."""
    played: list[list[bool]]
    """Whether a game was played over the board: a match with none is a
    forfeited match even without its 330."""
    pending: list[list[bool]]
    """Whether a board of the match is paired with no result yet (TRF16
    §2.3: a blank result): the match is not over, so it is no result at all."""


def _team_members(t: Tournament, f: Field, teams: int) -> tuple[list[int], list[list[int]]]:
    """Each player's team (-1 for none) and each team's players, by the
    field's index: a starting rank's first line is the player (two lines of
    one rank, S107: the second is in no team), as the field reads his
    opponents."""
    player_index: dict[int, int] = {}
    for i, rank in enumerate(f.start_ranks):
        player_index.setdefault(rank, i)
    team_of_player = [-1] * len(f.start_ranks)
    members: list[list[int]] = [[] for _ in range(teams)]
    for rank, ti in player_teams(t).items():
        pi = player_index.get(rank)
        if pi is not None:
            team_of_player[pi] = ti
            members[ti].append(pi)
    return team_of_player, members


def _forfeited_matches(
    t: Tournament, index_of_number: dict[int, int]
) -> dict[tuple[int, int], tuple[str, int]]:
    """TRF-2026 330: each forfeited match's (round, team) → (W or L, opponent)."""
    forfeits: dict[tuple[int, int], tuple[str, int]] = {}
    for fm in t.records_of(ForfeitedMatch):
        if fm.round is None or fm.white_team is None or fm.black_team is None:
            continue
        kind = fm.forfeit_type.strip().upper()
        white = "W" if kind in ("+-", "10", "WL", "WZ") else "L"
        black = "W" if kind in ("-+", "01", "LW", "ZW") else "L"
        w, b = index_of_number.get(fm.white_team, -1), index_of_number.get(fm.black_team, -1)
        forfeits[fm.round, w] = (white, b)
        forfeits[fm.round, b] = (black, w)
    return forfeits


def _pairing_allocated_byes(
    t: Tournament, index_of_number: dict[int, int]
) -> dict[tuple[int, int], tuple[Decimal | None, Decimal | None]]:
    """TRF-2026 320: each team's PAB by (round, team), with its match and game points."""
    pab: dict[tuple[int, int], tuple[Decimal | None, Decimal | None]] = {}
    for tb in t.records_of(TeamBye):
        for r, number in enumerate(tb.teams, start=1):
            if number:
                pab[r, index_of_number.get(number, -1)] = (tb.match_points, tb.game_points)
    return pab


def _declared_byes(t: Tournament, index_of_number: dict[int, int]) -> dict[tuple[int, int], str]:
    """TRF-2026 240 naming teams: each bye's type by (round, team)."""
    byes: dict[tuple[int, int], str] = {}
    for bye in t.records_of(Bye):
        if bye.round is None:
            continue
        for number in bye.ids:
            if number is not None and number in index_of_number:
                byes[bye.round, index_of_number[number]] = bye.bye_type.strip().upper()
    return byes


def _boards_of(f: Field, team_of_player: list[int], members: list[list[int]]) -> _Boards:
    """Game points and boards per (team, round, opponent team), from the cells."""
    n = len(members)
    r_n = f.rounds
    b = _Boards(
        [[Counter() for _ in range(r_n)] for _ in range(n)],
        [[Counter() for _ in range(r_n)] for _ in range(n)],
        [["" for _ in range(r_n)] for _ in range(n)],
        [[0] * r_n for _ in range(n)],
        [[False] * r_n for _ in range(n)],
        [[False] * r_n for _ in range(n)],
    )
    for ti, ms in enumerate(members):
        for pi in ms:
            opps, pts, kinds, results = f.opponents[pi], f.points[pi], f.kinds[pi], f.results[pi]
            for r in range(r_n):
                o = opps[r]
                if o >= 0 and team_of_player[o] >= 0 and team_of_player[o] != ti:
                    b.gp[ti][r][team_of_player[o]] += pts[r]
                    b.met[ti][r][team_of_player[o]] += 1
                    if kinds[r] == "P":
                        b.played[ti][r] = True
                    elif results[r] == _NO_RESULT:
                        b.pending[ti][r] = True
                elif o < 0:
                    b.alone[ti][r] += kinds[r]
                    if results[r] == "+":
                        b.empty_board[ti][r] += pts[r]
    return b


@attrs.frozen
class _Reading:
    """What team_matches reads once, to read each team's round from."""

    numbers: tuple[int, ...]
    index_of_number: dict[int, int]
    scale: Decimal
    mscore: dict[str, Decimal]
    game_win: Decimal
    game_draw: Decimal
    boards: int
    line_up: dict[tuple[int, int], int | None]
    forfeits: dict[tuple[int, int], tuple[str, int]]
    pab: dict[tuple[int, int], tuple[Decimal | None, Decimal | None]]
    byes: dict[tuple[int, int], str]
    cells: _Boards

    def match_round(
        self, ti: int, r: int, stray: list[tuple[int, int, int, tuple[int, ...]]]
    ) -> TeamRound:
        """Team ``ti``'s round ``r`` (from 0), in the order the module gives:
        a forfeited match (330), a PAB (320), a declared bye (240), the
        match its boards played, else the byes its players' cells hold."""
        rn = r + 1
        mscore, win_all = self.mscore, self.game_win * self.boards
        if (rn, ti) in self.forfeits:
            kind, opp = self.forfeits[rn, ti]
            won = kind == "W"
            return TeamRound(
                opp, kind, mscore["TW"] if won else mscore["TL"], win_all if won else Decimal(0)
            )
        if (rn, ti) in self.pab:
            mp, g = self.pab[rn, ti]
            return TeamRound(
                -1, "U", mscore["TW"] if mp is None else mp, win_all if g is None else g
            )
        counted = self.cells.met[ti][r]
        if not counted and (rn, ti) in self.byes:
            return _bye(self.byes[rn, ti], mscore, win_all, self.game_draw * self.boards)
        if counted:
            return self._match(ti, r, counted, stray)
        cells = self.cells.alone[ti][r]
        kind = "U" if "U" in cells else "F" if "F" in cells else "H" if "H" in cells else "Z"
        if kind == "U":
            return TeamRound(-1, "U", mscore["TW"], win_all)
        return _bye(kind, mscore, win_all, self.game_draw * self.boards)

    def _match(
        self,
        ti: int,
        r: int,
        counted: Counter[int],
        stray: list[tuple[int, int, int, tuple[int, ...]]],
    ) -> TeamRound:
        """The match team ``ti``'s boards played in round ``r``: against the
        team its 300 line-up names, else the one most of its boards met (a
        board against a third team is a stray: :attr:`TeamMatches.stray`)."""
        rn, numbers, c, mscore = r + 1, self.numbers, self.cells, self.mscore
        named = self.line_up.get((rn, numbers[ti]))
        opp = self.index_of_number.get(named, -1) if named is not None else -1
        if opp < 0 or opp not in counted:
            opp = max(counted, key=lambda o: (counted[o], -o))
        if len(counted) > 1:
            others = sorted(numbers[o] for o in counted if o != opp)
            stray.append((numbers[ti], rn, numbers[opp], tuple(others)))
        if c.pending[ti][r] or c.pending[opp][r]:
            return TeamRound(opp, PAIRED, Decimal(0), Decimal(0))
        own = Decimal(c.gp[ti][r][opp] + c.empty_board[ti][r]) / self.scale
        theirs = Decimal(c.gp[opp][r][ti] + c.empty_board[opp][r]) / self.scale
        mp = mscore["TW"] if own > theirs else mscore["TD"] if own == theirs else mscore["TL"]
        if c.played[ti][r] or c.played[opp][r]:
            return TeamRound(opp, "P", mp, own)
        return TeamRound(opp, "W" if own > theirs else "L", mp, own)


def team_matches(t: Tournament) -> TeamMatches:
    """The teams' rounds (see the module for how each is read)."""
    f = field_of(t, round_robin=False)
    teams = event_teams(t)
    numbers = tuple(team_number(x, i) for i, x in enumerate(teams))
    index_of_number = {n: i for i, n in enumerate(numbers)}
    team_of_player, members = _team_members(t, f, len(teams))
    scale = Decimal(f.scale)
    game_win, game_draw = Decimal(f.win) / scale, Decimal(f.draw) / scale
    mscore = _match_scoring(t)
    cells = _boards_of(f, team_of_player, members)
    boards = len(_header(t, "352") or "")
    if not boards:
        boards = max([c for per in cells.met for cs in per for c in cs.values()], default=0)
    boards = max(boards, 1)
    reading = _Reading(
        numbers=numbers,
        index_of_number=index_of_number,
        scale=scale,
        mscore=mscore,
        game_win=game_win,
        game_draw=game_draw,
        boards=boards,
        line_up={
            (r.round, r.team): r.opponent
            for r in t.records_of(LineUp)
            if r.round is not None and r.team is not None
        },
        forfeits=_forfeited_matches(t, index_of_number),
        pab=_pairing_allocated_byes(t, index_of_number),
        byes=_declared_byes(t, index_of_number),
        cells=cells,
    )
    stray: list[tuple[int, int, int, tuple[int, ...]]] = []
    rounds = [
        tuple(reading.match_round(ti, r, stray) for r in range(f.rounds))
        for ti in range(len(teams))
    ]
    bonus = _abnormal(t, rounds, numbers, mscore)
    return TeamMatches(
        numbers=numbers,
        names=tuple(x.name.strip() for x in teams),
        rounds=tuple(rounds),
        boards=boards,
        match_win=mscore["TW"],
        match_draw=mscore["TD"],
        game_win=game_win,
        game_draw=game_draw,
        bonus=bonus,
        stray=tuple(stray),
    )


def _abnormal(
    t: Tournament,
    rounds: list[tuple[TeamRound, ...]],
    numbers: tuple[int, ...],
    mscore: dict[str, Decimal],
) -> tuple[tuple[Decimal, Decimal], ...]:
    """TRF-2026 299 for teams, applied to ``rounds`` in place: a typed record
    (W, D, L a match won, drawn, lost; F, H, Z the byes; +, - a forfeited
    match) gives its match points (and game points, when given) to the
    named teams' rounds of that type in its round (every round when 0 or
    blank); a record of blank type is a bonus or penalty on the totals,
    returned per team as (match points, game points)."""
    bonus = [(Decimal(0), Decimal(0)) for _ in numbers]
    records = t.records_of(AbnormalPoints)
    if not records:
        return tuple(bonus)
    for record in records:
        named = {i for i in record.ids if i}
        which = [k for k, number in enumerate(numbers) if not named or number in named]
        kind = record.points_type.strip().upper()
        for k in which:
            if not kind:
                mp, gp = bonus[k]
                bonus[k] = (mp + (record.match_points or 0), gp + (record.points or 0))
                continue
            rs = list(rounds[k])
            for r, x in enumerate(rs):
                if record.round not in (None, 0) and record.round != r + 1:
                    continue
                if _result_type(x, mscore) != kind:
                    continue
                rs[r] = x._replace(
                    match_points=x.match_points
                    if record.match_points is None
                    else record.match_points,
                    game_points=x.game_points if record.points is None else record.points,
                )
            rounds[k] = tuple(rs)
    return tuple(bonus)


def _result_type(x: TeamRound, mscore: dict[str, Decimal]) -> str:
    """The 299 type of a team's round: W D L for a match played, + - for a
    forfeited one, F H Z for the byes (a PAB is 320's, no 299 type)."""
    if x.kind == "P":
        if x.match_points == mscore["TW"]:
            return "W"
        return "D" if x.match_points == mscore["TD"] else "L"
    return {"W": "+", "L": "-"}.get(x.kind, x.kind)


def _bye(kind: str, mscore: dict[str, Decimal], win: Decimal, draw: Decimal) -> TeamRound:
    if kind == "F":
        return TeamRound(-1, "F", mscore["TW"], win)
    if kind == "H":
        return TeamRound(-1, "H", mscore["TD"], draw)
    return TeamRound(-1, "Z", Decimal(0), Decimal(0))


def _plain(v: Decimal) -> str:
    """``2``, ``1``, ``0.5``: a score as a rule writes it."""
    return format(v.normalize(), "f")


def _places(v: Decimal) -> int:
    exponent = v.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def team_fields(m: TeamMatches, *, round_robin: bool) -> tuple[Field, Field]:
    """The match-point field and the game-point field, in the same units (so
    that an ESB's product of the two is exact)."""
    all_values = [m.match_win, m.match_draw, m.game_win * m.boards, m.game_draw * m.boards]
    all_values += [x for rs in m.rounds for r in rs for x in (r.match_points, r.game_points)]
    all_values += [x for b in m.bonus for x in b]
    scale = 10 ** max([0, *map(_places, all_values)])
    kinds = ["".join(r.kind for r in rs) for rs in m.rounds]
    opps = [[r.opponent for r in rs] for rs in m.rounds]

    def field(points: list[list[int]], win: Decimal, draw: Decimal, which: int) -> Field:
        return Field.of_lines(
            rounds=len(m.rounds[0]) if m.rounds else 0,
            scale=scale,
            win=int(win * scale),
            draw=int(draw * scale),
            round_robin=round_robin,
            kinds=kinds,
            opponents=opps,
            points=points,
            colours=["-" * len(k) for k in kinds],
            # A team's round is a match, no game: no result code ("?").
            results=["?" * len(k) for k in kinds],
            score=[
                sum(p) + (int(m.bonus[i][which] * scale) if m.bonus else 0)
                for i, p in enumerate(points)
            ],
            start_ranks=list(m.numbers),
            ratings=[None for _ in kinds],
            names=list(m.names),
        )

    mp = field(
        [[int(r.match_points * scale) for r in rs] for rs in m.rounds],
        m.match_win,
        m.match_draw,
        0,
    )
    gp = field(
        [[int(r.game_points * scale) for r in rs] for rs in m.rounds],
        m.game_win * m.boards,
        m.game_draw * m.boards,
        1,
    )
    return mp, gp


_TEAM_TYPE = re.compile(r"_(MP|GP)")


def primary_score(t: Tournament) -> tuple[str, str]:
    """``MP`` or ``GP``, the score that ranks the teams, and where it came
    from: 192's ``FIDE_TEAM[_TYPEx]_MP_GP`` / ``_GP_MP`` (its first score),
    ``CUSTOM_TEAM_..._GP``; else match points, as ``FIDE_TEAM`` means
    ``FIDE_TEAM_TYPEA_MP_GP`` (TRF-2026, ETT26)."""
    text = (_header(t, "192") or "").upper()
    if "TEAM" in text:
        found = _TEAM_TYPE.search(text)
        if found:
            return found.group(1), f"192 {text}"
        return "MP", f"192 {text}"
    return "MP", "default (no 192 naming the score)"


class MatchCell(NamedTuple):
    """One round of a team as the standings show it."""

    opponent: int | None
    """The opponent team's number; ``None`` for a bye."""
    kind: str
    """P played, W/L forfeited match won/lost, U PAB, F FPB, H HPB, Z ZPB,
    N (:data:`PAIRED`) paired, not played yet (no points)."""
    match_points: Decimal
    game_points: Decimal


class TeamRow(NamedTuple):
    """One team's line of the standings."""

    number: int
    rank: int
    name: str
    match_points: Decimal
    game_points: Decimal
    tiebreaks: dict[str, Value]
    tied: bool
    rounds: tuple[MatchCell, ...] = ()


@attrs.frozen
class TeamStandings:
    edition: Edition
    edition_source: str
    primary: str
    """``MP`` or ``GP``: the score that ranks the teams."""
    primary_source: str
    tiebreaks: tuple[TieBreak, ...]
    source: str
    """``given``, ``212``, ``202`` or ``none``."""
    rows: tuple[TeamRow, ...]
    tied: tuple[tuple[int, ...], ...]
    """Groups of team numbers left tied after the last tie-break."""
    boards: int
    notes: tuple[str, ...] = ()
    name: str | None = None
    not_computed: tuple[str, ...] = ()
    """The tie-breaks (as given) not computed for teams here: their values
    are undefined, and a ranking they decide cannot be judged."""


_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}
"""E (the opponent's score) (the score obtained against him) SB: EMGSB is
the opponent's match points times the game points obtained (Art. 13; the
TEC exercise book, 10)."""


def _team_values(
    tb: TieBreak,
    fields: dict[str, Field],
    primary: str,
    edition: Edition,
    elements: dict[tuple[str, bool], opponents.FieldElements],
) -> list[Value] | None:
    """``tb``'s value for each team, ``None`` when not computed here."""

    def elems(score: str) -> opponents.FieldElements:
        key = (score, tb.forfeits_played)
        if key not in elements:
            f = fields[score]
            adjusted = opponents.adjusted_scores(f, edition)
            elements[key] = opponents.elements(f, edition, adjusted, tb.forfeits_played)
        return elements[key]

    a = tb.acronym
    if a in ("MP", "GP") and tb.points is None:
        f = fields[a]
        return list(f.values(f.score))
    if a == "MPVGP":
        f = fields["GP" if primary == "MP" else "MP"]
        return list(f.values(f.score))
    if a == "BH" and tb.points in (None, "MP", "GP"):
        score = tb.points or primary
        return list(opponents.buchholz(fields[score], tb, edition, elems(score)))
    if a in _ESB:
        theirs, own = _ESB[a]
        # The elements of the one score with the points of the other: the
        # same rounds (both fields have the matches' kinds and opponents).
        x, y = elems(theirs), elems(own)
        pairs = opponents.FieldElements(
            x.lines,
            x.values,
            y.points,
            {
                i: opponents.Elements(x[i].values, y[i].points, x[i].vurs)
                for i in x.irregular.keys() | y.irregular.keys()
            },
        )
        return list(opponents.sonneborn_berger(fields[theirs], tb, edition, pairs))
    return None


def _paired_notes(m: TeamMatches) -> list[str]:
    """One note per round with matches paired and not played yet: what
    they count for (nothing), so that a reader of a file written during a
    round knows which rounds the totals hold."""
    rounds = len(m.rounds[0]) if m.rounds else 0
    out = []
    for r in range(rounds):
        pairs = sorted(
            {
                tuple(sorted((m.numbers[i], m.numbers[x.opponent])))
                for i, rs in enumerate(m.rounds)
                if (x := rs[r]).kind == PAIRED
            }
        )
        if pairs:
            matches = ", ".join(f"{a}-{b}" for a, b in pairs)
            many = "matches" if len(pairs) > 1 else "match"
            out.append(
                f"round {r + 1}: {len(pairs)} {many} paired, not played yet ({matches}: boards "
                "with opponents and no result): no result, so no match or game points; the "
                "tie-breaks read them as rounds not played"
            )
    return out


def _all_met(m: TeamMatches) -> bool:
    """Every pair of teams met (a league, a team round robin: predetermined
    pairings, C.07 15.2), with more than two teams."""
    n = len(m.numbers)
    met = {
        frozenset((i, r.opponent)) for i, rs in enumerate(m.rounds) for r in rs if r.opponent >= 0
    }
    return n > 2 and len(met) == n * (n - 1) // 2


_SWISS_WORDS = re.compile(r"SWISS|DUTCH|DUBOV|BURSTEIN|MONRAD|SCHWEIZER", re.I)


def _declared_swiss(t: Tournament) -> bool:
    """Whether 192 or 092 declares a Swiss (ETT26's ``FIDE_TEAM...`` is the
    team Swiss, C.04.6): its pairings are not predetermined (C.07 15.2)
    even when every team has met every other, as in a short event of few
    teams."""
    code = (_header(t, "192") or "").upper()
    if code.startswith("FIDE_TEAM") or _SWISS_WORDS.search(code):
        return True
    return bool(_SWISS_WORDS.search(_header(t, "092") or ""))


def extended_direct_encounter(
    fields: dict[str, Field], primary: str, group: list[int], tb: TieBreak
) -> list[list[int]]:
    """EDE: ``group`` split into ordered subgroups by the matches among its
    teams, first on the primary score, again on any subgroup it leaves
    tied (6.2), and on the secondary score for the subgroups still tied,
    again within them on that score (the TEC exercise book, 11 and
    exercise 45). When not all have met, a team is placed only if no
    result of the missing matches could pass it (6.3). Forfeited matches
    count only with ``/P`` or in predetermined pairings (15.2)."""
    secondary = "GP" if primary == "MP" else "MP"
    out: list[list[int]] = []
    for part in encounter.direct_encounter(fields[primary], group, tb):
        if len(part) > 1:
            out += encounter.direct_encounter(fields[secondary], part, tb)
        else:
            out.append(part)
    return out


def _reading_notes(t: Tournament, m: TeamMatches, round_robin: bool) -> list[str]:
    """What the standings read that the file does not say: boards against a
    third team, matches not over, the match points and boards the file does
    not declare (362, 352), a round robin's predetermined pairings (C.07 15.2)."""
    notes = [
        f"team {team}, round {rn}: boards against team(s) {', '.join(map(str, others))} "
        f"as well as its opponent {opp}; only the games against {opp} count in the match"
        for team, rn, opp, others in m.stray
    ]
    notes += _paired_notes(m)
    if not any(isinstance(h, Scoring) and h.code == "362" for h in t.headers):
        # TRF16 has no 362: the file cannot say how its matches were scored.
        notes.append(
            f"match points {_plain(m.match_win)}/{_plain(m.match_draw)}/0 for a match "
            "won, drawn, lost: the file has no 362 to say how its matches are scored (the "
            "event's rules may score them otherwise)"
        )
    if not _header(t, "352"):
        notes.append(
            f"{m.boards} board{'s' if m.boards > 1 else ''} a match: the most a match had, as "
            "the file has no 352; a "
            "forfeited match and a team's bye score by it"
        )
    if round_robin:
        notes.append(
            "predetermined pairings (a team round robin: 192, or every team met every "
            "other and no Swiss is declared): forfeited matches count as played, byes are "
            "no element (C.07 15.2)"
        )
    return notes


def _tiebreak_values(
    chosen: Sequence[TieBreak],
    fields: dict[str, Field],
    primary: str,
    edition: Edition,
    teams: int,
    notes: list[str],
) -> tuple[dict[str, list[Value]], list[str]]:
    """Each tie-break's values by team, and the codes not computed for teams
    (undefined, with a note)."""
    elements: dict[tuple[str, bool], opponents.FieldElements] = {}
    values: dict[str, list[Value]] = {}
    not_computed: list[str] = []
    for tb in chosen:
        key = tb.text or tb.code
        column = _team_values(tb, fields, primary, edition, elements)
        if column is None:
            if tb.acronym != "EDE":
                not_computed.append(key)
                after = (
                    "; the teams it would separate are ranked by the tie-break(s) after it, "
                    "so their order may not be the event's"
                    if tb is not chosen[-1]
                    else ""
                )
                notes.append(
                    f"{key} is not computed for teams here (computed: MP, GP, MPvGP, BH, "
                    "BH:MP, BH:GP, EMMSB, EMGSB, EGMSB, EGGSB, EDE): its values are "
                    f"undefined{after}"
                )
            column = [None] * teams
        values[key] = column
    return values, not_computed


def _ranked_groups(
    chosen: Sequence[TieBreak],
    fields: dict[str, Field],
    primary: str,
    values: dict[str, list[Value]],
) -> list[list[int]]:
    """The teams by their primary score, then each tie-break in turn on the
    teams still tied (C.07 4.2; EDE inside the groups it meets)."""
    from trfkit.tiebreaks.standings import placed, split_tied

    f = fields[primary]
    order = sorted(range(len(f.score)), key=f.score.__getitem__, reverse=True)
    groups: list[list[int]] = []
    for i in order:
        if groups and f.score[i] == f.score[groups[-1][0]]:
            groups[-1].append(i)
        else:
            groups.append([i])
    for tb in chosen:
        column = values[tb.text or tb.code]
        undefined = {i for i, v in enumerate(column) if v is None}
        split: list[list[int]] = []
        for group in groups:
            if len(group) > 1 and tb.acronym == "EDE":
                split += placed(extended_direct_encounter(fields, primary, group, tb), column)
            else:
                split += split_tied(group, column, tb.lower_is_better, undefined)
        groups = split
    return groups


def _rows(
    m: TeamMatches,
    fields: dict[str, Field],
    values: dict[str, list[Value]],
    groups: list[list[int]],
) -> tuple[list[TeamRow], list[tuple[int, ...]]]:
    """The standings' rows in rank order, and the groups left tied."""
    mp, gp = fields["MP"], fields["GP"]
    mps, gps = mp.values(mp.score), gp.values(gp.score)
    rows: list[TeamRow] = []
    tied: list[tuple[int, ...]] = []
    position = 1
    for group in groups:
        group.sort(key=m.numbers.__getitem__)
        if len(group) > 1:
            tied.append(tuple(m.numbers[i] for i in group))
        for i in group:
            rows.append(
                TeamRow(
                    m.numbers[i],
                    position,
                    m.names[i],
                    mps[i],  # type: ignore[arg-type]
                    gps[i],  # type: ignore[arg-type]
                    {k: v[i] for k, v in values.items()},
                    len(group) > 1,
                    tuple(
                        MatchCell(
                            m.numbers[r.opponent] if r.opponent >= 0 else None,
                            r.kind,
                            r.match_points,
                            r.game_points,
                        )
                        for r in m.rounds[i]
                    ),
                )
            )
        position += len(group)
    return rows, tied


def team_standings(
    t: Tournament,
    tiebreaks: str | Sequence[str | TieBreak] | None = None,
    rules: str | Edition = "auto",
    *,
    primary: str | None = None,
) -> TeamStandings:
    """``t``'s teams ranked by their primary score (match points or game
    points, as 192 declares, else ``primary``), then by each tie-break in
    turn on the teams still tied (C.07 4.2).

    ``tiebreaks``: codes as :func:`~trfkit.tiebreaks.standings` reads them,
    by default the file's 212, else 202. Computed: ``MP``, ``GP``,
    ``MPvGP`` (the secondary score), ``BH`` (on the primary score),
    ``BH:MP``, ``BH:GP`` with ``/C1 /C2 /M1 /M2 /P``, ``EMMSB``,
    ``EMGSB``, ``EGMSB``, ``EGGSB`` with ``/C1 /C2 /P``, and ``EDE`` (``/P``;
    its value is the rank within the tied group); any other code is
    undefined, with a note.
    """
    from trfkit.event import event_of
    from trfkit.tiebreaks.standings import chosen_edition, chosen_tiebreaks

    if not t.teams:
        raise NotATeamEvent("no team records (013 or 310): no teams to rank")
    chosen, source, notes = chosen_tiebreaks(t, tiebreaks)
    if primary is not None:
        if primary.upper() not in ("MP", "GP"):
            raise ValueError(f"primary score: MP or GP, not {primary!r}")
        primary, primary_source = primary.upper(), "given"
    else:
        primary, primary_source = primary_score(t)
    ev = event_of(t)
    edition, edition_source = chosen_edition(rules, ev.start)
    m = team_matches(t)
    round_robin = "ROUNDROBIN" in (_header(t, "192") or "").upper() or (
        _all_met(m) and not _declared_swiss(t)
    )
    notes += _reading_notes(t, m, round_robin)
    mp, gp = team_fields(m, round_robin=round_robin)
    fields = {"MP": mp, "GP": gp}
    values, not_computed = _tiebreak_values(chosen, fields, primary, edition, len(m.numbers), notes)
    rows, tied = _rows(m, fields, values, _ranked_groups(chosen, fields, primary, values))
    return TeamStandings(
        edition=edition,
        edition_source=edition_source,
        primary=primary,
        primary_source=primary_source,
        tiebreaks=tuple(chosen),
        source=source,
        rows=tuple(rows),
        tied=tuple(tied),
        boards=m.boards,
        notes=tuple(notes),
        name=t.name,
        not_computed=tuple(not_computed),
    )
