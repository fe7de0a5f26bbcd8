"""What the Dutch system reads of a file before pairing round ``r``.

C.04.1 (basic rules), C.04.2 (general handling rules) and the event's
scoring, from the Tournament records: each player's games of rounds
``1 .. r-1`` as the system sees them (played or not, paired or not), his
score, colour history and preference (C.04.3 2017 A.6, 2026 1.6), and who
is to be paired in round ``r`` (a requested bye H/F/Z, an absence or a
withdrawal written in round ``r`` keeps a player out of it).

Points are held in tenths, as whole numbers, so that scores are exact keys.
"""

from __future__ import annotations

from decimal import Decimal

import attrs

from trfkit.model import (
    Acceleration,
    Accelerations,
    Bye,
    Colour,
    EngineRecord,
    Game,
    Player,
    Result,
    Tournament,
)
from trfkit.pairing.model import System
from trfkit.scoring import scoring_of
from trfkit.summary import rounds_paired as paired_rounds

__all__ = ["Match", "PlayerState", "RoundInput", "read_round", "round_cells"]

WHITE, BLACK, NONE = 0, 1, 2
WIN, DRAW, LOSS = 2, 1, 0


def invert(c: int) -> int:
    return NONE if c == NONE else 1 - c


@attrs.define(slots=True)
class Match:
    """One round of a player as the pairing system sees it."""

    opponent: int  # index of the opponent; the player's own index for no opponent
    colour: int
    score: int  # WIN, DRAW, LOSS
    played: bool  # a game over the board (1 = 0 and the less-than-one-move W D L)
    paired: bool  # paired by the system: a game, a forfeit, or the PAB
    points: int = 0  # in tenths


@attrs.define(slots=True, eq=False)
class PlayerState:
    index: int  # position in RoundInput.players
    id: int  # starting rank (pairing number, C.04.2)
    rank: int = 0  # effective pairing number among the valid players (0-based)
    matches: list[Match] = attrs.Factory(list)
    points: int = 0  # tenths, without acceleration
    accelerations: dict[int, int] = attrs.Factory(dict)  # round index (0-based) -> tenths
    played_games: int = 0
    colour_imbalance: int = 0
    preference: int = NONE
    repeated: int = NONE
    strong: bool = False
    forbidden: set[int] = attrs.Factory(set)
    bye_eligible: bool = True
    valid: bool = True

    @property
    def absolute_imbalance(self) -> bool:
        return self.colour_imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.colour_imbalance > 1 or self.repeated != NONE


@attrs.define
class RoundInput:
    round: int
    played_rounds: int
    expected_rounds: int
    players: list[PlayerState]
    to_pair: list[PlayerState]
    not_paired: list[tuple[int, str]]
    win: int
    draw: int
    loss: int
    initial_colour: int
    system: System

    def score(self, p: PlayerState, rounds_back: int = 0) -> int:
        """The score with acceleration ``rounds_back`` rounds ago (C.04.5)."""
        s = p.points
        idx = self.played_rounds
        for _ in range(rounds_back):
            idx -= 1
            s -= p.matches[idx].points
        return s + p.accelerations.get(idx, 0)


_TENTH = Decimal(10)


def _tenths(d: Decimal) -> int:
    return int((d * _TENTH).to_integral_value())


def round_cells(t: Tournament, r: int) -> dict[int, tuple[int | None, Colour, Result | None]]:
    """Each player's cell of round ``r`` (1-based), by starting rank."""
    out: dict[int, tuple[int | None, Colour, Result | None]] = {}
    for p in t.players:
        if p.cell_count >= r:
            g = p.game(r)
            out[p.start_rank] = (g.opponent, g.colour, g.result)
    return out


_PLAYED = {
    Result.WIN,
    Result.DRAW,
    Result.LOSS,
    Result.UNPLAYED_WIN,
    Result.UNPLAYED_DRAW,
    Result.UNPLAYED_LOSS,
}
_SCORE = {
    Result.WIN: WIN,
    Result.UNPLAYED_WIN: WIN,
    Result.FORFEIT_WIN: WIN,
    Result.FULL_POINT_BYE: WIN,
    Result.PAIRING_ALLOCATED_BYE: WIN,
    Result.DRAW: DRAW,
    Result.UNPLAYED_DRAW: DRAW,
    Result.HALF_POINT_BYE: DRAW,
}


def is_paired_cell(opponent: int | None, result: Result | None) -> bool:
    """A cell the pairing made: a game (played or forfeited) or the PAB."""
    return opponent is not None or result is Result.PAIRING_ALLOCATED_BYE


_REQUEST = {
    Result.HALF_POINT_BYE: "H",
    Result.FULL_POINT_BYE: "F",
    Result.ZERO_POINT_BYE: "Z",
    Result.BLANK: "absent",
}


# The scoring key of each result, by colour where the scoring may tell
# them apart (XXS WW/BW, WD/BD, WL/BL); the less-than-one-move results score
# as the game they stand for.
_KEY_BY_COLOUR = {
    Result.WIN: ("WW", "BW"),
    Result.UNPLAYED_WIN: ("WW", "BW"),
    Result.DRAW: ("WD", "BD"),
    Result.UNPLAYED_DRAW: ("WD", "BD"),
    Result.LOSS: ("WL", "BL"),
    Result.UNPLAYED_LOSS: ("WL", "BL"),
}
_KEY = {
    Result.FORFEIT_WIN: "FW",
    Result.FORFEIT_LOSS: "FL",
    Result.FULL_POINT_BYE: "FPB",
    Result.HALF_POINT_BYE: "HPB",
    Result.PAIRING_ALLOCATED_BYE: "PAB",
}


def _points(points: dict[str, int], res: Result, colour: int, played: bool, paired: bool) -> int:
    """The points (tenths) a round's result scores under the event's scoring."""
    if res is Result.FORFEIT_LOSS and not paired:
        return points["ZPB"]  # no opponent: an absence
    pair = _KEY_BY_COLOUR.get(res)
    if pair is not None and played:
        return points[pair[1] if colour == BLACK else pair[0]]
    key = _KEY.get(res)
    if key is None and pair is not None:
        # A game result without an opponent to play: score it as a forfeit.
        key = {"WW": "FW", "WD": "HPB", "WL": "FL"}[pair[0]]
    return points[key] if key is not None else points["ZPB"]


def initial_colour(t: Tournament) -> int:
    """C.04.2 / 2017 E.5: the colour drawn for the first player, from ``XXC``
    (white1/black1), else, as bbpPairings does, from round 1's colours."""
    declared = declared_initial_colour(t)
    if declared is not None:
        return declared
    shown = round_one_colour(t)
    return WHITE if shown is None else shown


def declared_initial_colour(t: Tournament) -> int | None:
    """The initial colour the file declares (JaVaFo's ``XXC white1/black1``,
    TRF-2026 ``152 W/B``), or ``None``."""
    for rec in t.records:
        if isinstance(rec, EngineRecord) and rec.code == "XXC":
            tokens = [x.lower() for x in rec.value.split()]
            if "black1" in tokens:
                return BLACK
            if "white1" in tokens:
                return WHITE
    h152 = t.header("152")
    if h152:
        c = h152.strip()[:1].upper()
        if c in ("W", "B"):
            return WHITE if c == "W" else BLACK
    return None


def round_one_colour(t: Tournament) -> int | None:
    """The initial colour round 1's colours show, or ``None`` where no pair
    of round 1 has colours."""
    # Round 1: the higher of the first pair with colours got the initial
    # colour if his pairing number among the players paired in round 1 is
    # odd (1st, 3rd, ...): a requested bye in round 1 (H, F, Z) takes no
    # pairing number, the PAB does (as bbpPairings pairs).
    ranks = []
    for entrant in sorted(t.players, key=lambda q: q.start_rank):
        if entrant.cell_count >= 1:
            g1 = entrant.game(1)
            if is_paired_cell(g1.opponent, g1.result):
                ranks.append(entrant.start_rank)
    position = {sr: i for i, sr in enumerate(ranks)}
    for sr in ranks:
        p = t.player(sr)
        if p is None:
            continue
        g = p.game(1)
        if g.opponent is None or g.colour is Colour.NONE or g.opponent < sr:
            continue
        drawn = WHITE if g.colour is Colour.WHITE else BLACK
        return drawn if position[sr] % 2 == 0 else invert(drawn)
    return None


def _accelerations(t: Tournament) -> dict[int, dict[int, int]]:
    """C.04.5: fictitious points by starting rank and round index (XXA, 250)."""
    out: dict[int, dict[int, int]] = {}
    for rec in t.records:
        if isinstance(rec, Accelerations) and rec.id is not None:
            out[rec.id] = {i: _tenths(v) for i, v in enumerate(rec.values) if v}
        elif isinstance(rec, Acceleration):
            pts = rec.game_points if rec.game_points is not None else rec.match_points
            if pts is None or rec.first_round is None:
                continue
            last = rec.last_round if rec.last_round is not None else rec.first_round
            lo = rec.first_id if rec.first_id is not None else 1
            hi = rec.last_id if rec.last_id is not None else lo
            for sr in range(lo, hi + 1):
                d = out.setdefault(sr, {})
                for rr in range(rec.first_round, last + 1):
                    d[rr - 1] = d.get(rr - 1, 0) + _tenths(pts)
    if not out:
        # TRF-2026 250 overrides what 192 ..._BAKU implies; without it the
        # system's name is the declaration.
        out = baku_acceleration(t)
    return out


def baku_acceleration(t: Tournament) -> dict[int, dict[int, int]]:
    """C.04.5.1 (Baku acceleration) as a ``192 ..._BAKU`` declares it: the
    first 2*Q players by pairing number (Q: the players divided by 4, rounded
    up) form GA; in the accelerated rounds, the first half of the rounds
    (rounded up), GA players have 1 virtual point for the first half of them
    (rounded up) and ½ for the rest; GB players and later rounds none."""
    code = t.header("192") or ""
    if "BAKU" not in code.upper():
        return {}
    rounds = t.number_of_rounds or 0
    accelerated = (rounds + 1) // 2
    full = (accelerated + 1) // 2
    q = (len(t.players) + 3) // 4
    last_ga = 2 * q
    out: dict[int, dict[int, int]] = {}
    for p in t.players:
        if p.start_rank <= last_ga:
            out[p.start_rank] = {i: 10 if i < full else 5 for i in range(accelerated)}
    return out


def _forbidden(t: Tournament, r: int) -> list[set[int]]:
    """TRF-2026 260 and JaVaFo XXP: players who may not meet (C.04.1 note)."""
    groups: list[set[int]] = []
    for rec in t.records:
        if getattr(rec, "code", None) == "260":
            first = getattr(rec, "first_round", None) or 1
            last = getattr(rec, "last_round", None) or 10**6
            if first <= r <= last:
                groups.append({i for i in getattr(rec, "ids", []) if i is not None})
        elif isinstance(rec, EngineRecord) and rec.code == "XXP":
            ids = {int(x) for x in rec.value.split() if x.isdigit()}
            groups.append(ids)
    return groups


@attrs.frozen
class _Scoring:
    """The event's scoring in tenths (162, ``XXS``, ``BB*``): each result's
    points, and the values that stand for all where one must (the
    topscorers' threshold, 2017 A.7, 2026 1.8; 2026 1.4.3 and C2): the
    higher win and draw and the lower loss, where XXS tells the colours apart
    (WW/BW, ...)."""

    points: dict[str, int]
    win: int
    draw: int
    loss: int


def _scoring(t: Tournament) -> _Scoring:
    points = {k: _tenths(v) for k, v in scoring_of(t).values.items()}
    return _Scoring(
        points,
        win=max(points["WW"], points["BW"]),
        draw=max(points["WD"], points["BD"]),
        loss=min(points["WL"], points["BL"]),
    )


def _initial_order(t: Tournament) -> tuple[list[Player], dict[int, int]]:
    """C.04.2 (initial order): the players by pairing number (the 001
    starting rank), and each one's index in that order."""
    ordered = sorted(t.players, key=lambda p: p.start_rank)
    return ordered, {p.start_rank: i for i, p in enumerate(ordered)}


def _requested_byes(t: Tournament, r: int, future: bool) -> dict[int, str]:
    """Byes requested ahead for round ``r`` (C.04.2: a player who asks not to
    be paired): TRF-2026 ``240``, and, in a round not yet paired, the cell's
    own letter (``0000 - H``, ``Z``, ``F``, ``U``) written ahead of the
    pairing, as JaVaFo's files do."""
    requested: dict[int, str] = {}
    for rec in t.records_of(Bye):
        if rec.round == r:
            for bid in rec.ids:
                if bid is not None:
                    requested[bid] = rec.bye_type.strip()[:1].upper() or "bye"
    if future:
        for p in t.players:
            if p.cell_count >= r:
                g = p.game(r)
                if g.opponent is None and g.result in _BYES_AHEAD:
                    requested.setdefault(p.start_rank, g.result.value)
    return requested


_BYES_AHEAD = frozenset(
    {
        Result.HALF_POINT_BYE,
        Result.ZERO_POINT_BYE,
        Result.FULL_POINT_BYE,
        Result.PAIRING_ALLOCATED_BYE,
    }
)


def _match(st: PlayerState, g: Game | None, index_of: dict[int, int], scoring: _Scoring) -> Match:
    """One round of the history as the system sees it: a game played (the
    less-than-one-move W D L too, C.04.1), a forfeit (paired, not played),
    the PAB (paired), a bye or an absence (neither); and its points."""
    opp, res, colour = (
        (None, Result.BLANK, Colour.NONE) if g is None else (g.opponent, g.result, g.colour)
    )
    j = index_of.get(opp) if opp is not None else None
    if res is None:
        res = Result.BLANK
    paired = j is not None or res is Result.PAIRING_ALLOCATED_BYE
    played = j is not None and res in _PLAYED
    c = WHITE if colour is Colour.WHITE else BLACK if colour is Colour.BLACK else NONE
    m = Match(
        j if j is not None else st.index,
        c if j is not None else NONE,
        _SCORE.get(res, LOSS),
        played,
        paired,
    )
    m.points = _points(scoring.points, res, c, played, paired)
    return m


def _history(
    st: PlayerState, p: Player, rounds: int, index_of: dict[int, int], scoring: _Scoring
) -> None:
    """Rounds ``1 .. rounds`` of a player: his matches and his score (a round
    his line does not reach is an absence)."""
    n = p.cell_count
    for rr in range(1, rounds + 1):
        m = _match(st, p.game(rr) if rr <= n else None, index_of, scoring)
        st.matches.append(m)
        st.points += m.points


def _kept_out(g: Game | None) -> str:
    """Why a player is not paired in a round the file has: a bye he asked for
    (H, F, Z) or his absence (a blank cell, no cell: withdrawn)."""
    if g is None or not g.result:
        return "absent"
    return _REQUEST.get(g.result, "absent")


def _to_pair_or_not(
    st: PlayerState, p: Player, r: int, future: bool, requested: dict[int, str]
) -> str | None:
    """Whether the player is paired in round ``r``: ``None`` when he is,
    else why not. In a round the file has paired, its cells say (a game, a
    forfeit, the PAB); in a round not yet paired everyone is, but the byes
    requested ahead."""
    if future:
        return requested.get(st.id)
    g = p.game(r) if p.cell_count >= r else None
    if g is not None and is_paired_cell(g.opponent, g.result):
        return None
    return _kept_out(g)


def _pairing_numbers(states: list[PlayerState]) -> None:
    """C.04.2 (late entries, withdrawals): the pairing number among the
    players still in the event; one who never was paired and is not paired
    now (a late entry not yet arrived) takes none."""
    rank = 0
    for st in states:
        if st.valid:
            st.rank = rank
            rank += 1


def _bye_eligible(st: PlayerState, system: System, win: int) -> bool:
    """Who may take the PAB. 2017 C.2 (C.04.1.d): not one who had the PAB or
    a forfeit win. 2026 C2 (C.04.1 Art. 4): not one who already scored a
    win's points in a round without playing."""
    if system is System.DUTCH_2026:
        return not any(not m.played and m.points >= win for m in st.matches)
    return not any(not m.played and m.paired and m.score == WIN for m in st.matches)


def _may_not_meet(
    t: Tournament, r: int, states: list[PlayerState], index_of: dict[int, int]
) -> None:
    """C.04.1 (2017 b, 2026 Art. 2): two players meet once; a game played
    counts (a forfeit does not); and the pairs a file forbids (260, XXP)."""
    for st in states:
        for m in st.matches:
            if m.played:
                st.forbidden.add(m.opponent)
    for group in _forbidden(t, r):
        idx = [index_of[g] for g in group if g in index_of]
        for a in idx:
            for b in idx:
                if a != b:
                    states[a].forbidden.add(b)


def read_round(
    t: Tournament, r: int, system: System, rounds_paired: int | None = None
) -> RoundInput:
    """The state before round ``r`` and who is to be paired in it.

    ``rounds_paired`` is :func:`trfkit.summary.rounds_paired` of ``t``
    (computed when not given): a round after it is one the file has not
    paired yet (``trfkit pair``), though its cells may hold byes asked for
    ahead."""
    scoring = _scoring(t)
    if rounds_paired is None:
        rounds_paired = paired_rounds(t)
    future = r > rounds_paired
    declared = t.declared_rounds
    expected = declared if declared is not None else max(t.rounds_played, r)
    accel = _accelerations(t)
    ordered, index_of = _initial_order(t)
    requested = _requested_byes(t, r, future)
    states: list[PlayerState] = []
    to_pair: list[PlayerState] = []
    not_paired: list[tuple[int, str]] = []
    for i, p in enumerate(ordered):
        st = PlayerState(index=i, id=p.start_rank, accelerations=accel.get(p.start_rank, {}))
        states.append(st)
        _history(st, p, r - 1, index_of, scoring)
        why = _to_pair_or_not(st, p, r, future, requested)
        if why is None:
            to_pair.append(st)
        else:
            not_paired.append((st.id, why))
            # A bye asked for ahead keeps a player in the event; a player
            # kept out of a round the file has is in it if he ever was paired.
            st.valid = future or any(m.paired for m in st.matches)
    _pairing_numbers(states)
    for st in states:
        _colour_data(st)
        st.bye_eligible = _bye_eligible(st, system, scoring.win)
    _may_not_meet(t, r, states, index_of)
    return RoundInput(
        round=r,
        played_rounds=r - 1,
        expected_rounds=expected,
        players=states,
        to_pair=to_pair,
        not_paired=not_paired,
        win=scoring.win,
        draw=scoring.draw,
        loss=scoring.loss,
        initial_colour=initial_colour(t),
        system=system,
    )


def _colour_data(p: PlayerState) -> None:
    """Colour difference, the colour played twice running, the preference
    (2017 A.6, 2026 1.6): absolute, strong or mild."""
    white = black = 0
    consecutive = 0
    last = NONE
    played = 0
    for m in p.matches:
        if m.played:
            played += 1
            if m.colour == WHITE:
                white += 1
            else:
                black += 1
            if consecutive == 0 or m.colour != last:
                consecutive = 1
            else:
                consecutive += 1
            last = m.colour
    p.played_games = played
    lower = BLACK if white > black else WHITE
    p.colour_imbalance = abs(white - black)
    if p.colour_imbalance > 1:
        p.preference = lower
    elif consecutive > 1:
        p.preference = invert(last)
    elif p.colour_imbalance > 0:
        p.preference = lower
    elif consecutive:
        p.preference = invert(last)
    else:
        p.preference = NONE
    p.repeated = last if consecutive > 1 else NONE
    p.strong = not p.absolute and p.colour_imbalance > 0


def virtual_points(t: Tournament) -> dict[int, dict[int, int]]:
    """C.04.5's virtual points the engine adds to a player's score, by
    starting rank and round index (0: round 1), in tenths: what the
    documents show beside the real points (``trfkit pairings``)."""
    return _accelerations(t)
