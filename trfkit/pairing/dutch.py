"""The FIDE (Dutch) System, C.04.3, as maximum-weight matchings.

The round is built bracket by bracket from the top (2017 A.3/B, 2026 3.x).
For each bracket one weighted graph over every player still to be paired
holds, in each edge's weight, the criteria in their order of priority, each
in its own field of bits wide enough that no sum of the fields below can
reach it (so the heaviest matching is the lexicographically best):

1. C.1-C.3 / C1-C4 (absolute): no edge between players who met or whose
   absolute colour preferences clash; completion (C.4 / C4): every player
   matched but one, who may take the PAB;
2. the number of pairs made in the bracket (C.5 / C6) and the scores of
   its downfloaters (C.6 / C7), then the same for the next bracket (C.7 /
   C8, looking one bracket ahead);
3. 2026 only: the PAB assignee's unplayed games (C9);
4. colour preferences: absolute, absolute with the repeated colour, any,
   strong (C.10-C.13 / C10-C13);
5. floats in the previous round and the one before: downfloaters, upfloaters
   and their scores (C.14-C.19 / C14-C21);
6. low bits left for the order of candidates (B.2-B.6 / 3.x: S1/S2,
   transpositions, exchanges), fixed one player at a time by re-matching.

This is the layout bbpPairings documents and uses (its ``dutch.cpp``), which
the oracle data were made with; the code is trfkit's own.

That graph of every player is the reference. A bracket is paired first on
its own players and the next score group's, without the completion field,
and a completion witness (:mod:`trfkit.pairing.completion`) says whether the
rest can still complete the round; only when it cannot is the bracket paired
on the round's graph (:func:`_pair_or_collapse` says why this is exact).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from trfkit.pairing.completion import Completion
from trfkit.pairing.inputs import BLACK, NONE, WHITE, PlayerState, RoundInput, invert
from trfkit.pairing.matching import Graph, SubGraph
from trfkit.pairing.model import System

__all__ = ["NoPairing", "choose_colour", "pair_players"]

DOWN, UP, FLOAT_NONE = 0, 1, 2
NEXT_SCORES = {System.DUTCH_2017: True, System.DUTCH_2026: True}


# Each bracket is paired on its own players first (and on the round's graph
# only when the rest cannot then complete the round). The tests turn this
# off to hold that path to the round's graph alone, its reference.
PAIR_ON_OWN_PLAYERS = True


class NoPairing(Exception):
    """No pairing satisfies the absolute criteria (C.04.3: the arbiter decides)."""


def _bits(v: int) -> int:
    return v.bit_length()


def float_of(ri: RoundInput, p: PlayerState, back: int) -> int:
    """The float of ``p`` ``back`` rounds ago (2017 A.4, 2026 1.4, 1.4.3)."""
    m = p.matches[ri.played_rounds - back]
    if not m.played:
        if ri.system is System.DUTCH_2017:
            # 2017 A.4: a player who, for whatever reason, does not play in a
            # round also receives a downfloat.
            return DOWN
        # 2026 1.4.3: only one who scores more than a loss without playing.
        return DOWN if m.points > ri.loss else FLOAT_NONE
    ps = ri.score(p, back)
    os_ = ri.score(ri.players[m.opponent], back)
    return DOWN if ps > os_ else UP if ps < os_ else FLOAT_NONE


def compatible(ri: RoundInput, a: PlayerState, b: PlayerState) -> bool:
    """C.1/C.3 (2017), C1/C3 (2026): not met before, and no two absolute
    colour preferences for the same colour (topscorers in the last round
    excepted: 2017 A.7, 2026 1.7)."""
    if b.index in a.forbidden:
        return False
    if not a.absolute or not b.absolute or a.preference != b.preference:
        return True
    threshold = (ri.played_rounds * max(ri.win, ri.draw)) >> 1
    return ri.played_rounds >= ri.expected_rounds - 1 and (
        ri.score(a) > threshold or ri.score(b) > threshold
    )


def prefs_compatible(a: int, b: int) -> bool:
    return a != b or a == NONE or b == NONE


class _Weights:
    """The field widths of one round and the edge weights of its brackets."""

    def __init__(self, ri: RoundInput, players: list[PlayerState]) -> None:
        self.ri = ri
        scores = [ri.score(p) for p in players]
        self.scores = {p.index: s for p, s in zip(players, scores, strict=True)}
        # Score groups from the bottom up: each gets as many bits as its
        # size needs, so that "the scores paired" sum without carrying.
        shifts: dict[int, int] = {}
        total = 0
        biggest = 0
        run = 0
        for k in range(len(players) - 1, -1, -1):
            run += 1
            s = scores[k]
            if k == 0 or s < scores[k - 1]:
                shifts[s] = total
                biggest = max(biggest, run)
                total += _bits(run)
                run = 0
        self.group_shift = shifts
        self.groups_bits = total
        self.size_bits = _bits(biggest)
        self.bye_score = 0
        self.single_downfloater_is_bye = False
        self.unplayed_rank: dict[int, int] = {}
        self.floats: dict[tuple[int, int], int] = {}
        pr = ri.played_rounds
        for p in players:
            for back in (1, 2):
                if pr >= back:
                    self.floats[(p.index, back)] = float_of(ri, p, back)
        self.eligible = {p.index: p.bye_eligible for p in players}
        # A weight depends on the pair only through C.1/C.3 (compatible())
        # and each player's profile: score, PAB eligibility, games played,
        # colour state and floats. Players share profiles (a score group's
        # players mostly do), so a weight is computed once per pair of
        # profiles and bracket state, not once per pair of players.
        self.profile: dict[int, int] = {}
        interned: dict[tuple[object, ...], int] = {}
        for p in players:
            key = (
                self.scores[p.index],
                p.bye_eligible,
                p.played_games,
                p.colour_imbalance,
                p.preference,
                p.repeated,
                p.strong,
                self.floats.get((p.index, 1)),
                self.floats.get((p.index, 2)),
            )
            self.profile[p.index] = interned.setdefault(key, len(interned))
        self.cache: dict[tuple[int, ...], int] = {}
        # 2017 A.8, C.6 in the collapsed last bracket (A.9), whose residents
        # have different scores: the PSD itself, one field per score
        # difference (the highest first), counting the pairs and the
        # downfloater (the PAB) with that difference.
        self.collapsed = False
        self.psd_field: dict[int, int] = {}
        self.psd_ones = 0
        if ri.system is System.DUTCH_2017 and scores:
            low = min(scores)
            # A downfloater's SD: his score less one point below the lowest (A.8).
            values = {abs(a - b) for a in set(scores) for b in set(scores)}
            values |= {s - low + 10 for s in scores}
            self.psd_width = self.size_bits + 2
            for k, v in enumerate(sorted(values)):
                self.psd_field[v] = k * self.psd_width
                self.psd_ones |= 1 << (k * self.psd_width)
            self.psd_low = low
        self.psd_bits = len(self.psd_field) * (self.size_bits + 2)
        # The width of a whole weight.
        self.total_bits = self._layout_bits()

    def _layout_bits(self) -> int:
        sb, gb = self.size_bits, self.groups_bits
        pr = self.ri.played_rounds
        n = sb + gb + self.psd_bits + sb + gb
        if self.ri.system is System.DUTCH_2026:
            n += 2 * sb
        n += 4 * sb
        if pr:
            n += 2 * sb
        if pr > 1:
            n += 2 * sb
        if pr:
            n += 2 * (gb + self.psd_bits)
        if pr > 1:
            n += 2 * (gb + self.psd_bits)
        n += 3 * sb + 1
        return n

    def psd(self, a: int, b: int) -> int:
        """2017 A.8 / C.6 for the pair of scores ``a`` and ``b``: minimising
        the PSD is maximising, field by field, the players paired whose SD as
        a downfloater is that field's less the pairs whose SD it is (each
        field one above zero so that it never borrows)."""
        f, low = self.psd_field, self.psd_low
        return (
            self.psd_ones + (1 << f[a - low + 10]) + (1 << f[b - low + 10]) - (1 << f[abs(a - b)])
        )

    def bye_candidate(self, p: PlayerState) -> bool:
        return self.eligible[p.index] and self.scores[p.index] <= self.bye_score

    def edge(
        self,
        hi: PlayerState,
        lo: PlayerState,
        in_current: bool,
        in_next: bool,
        complete: bool = True,
    ) -> int:
        """The weight of pairing ``hi`` (earlier in the order) with ``lo``;
        without ``complete`` the field of completion (C.4) is left empty."""
        if not compatible(self.ri, hi, lo):
            return 0
        key = (
            self.profile[hi.index],
            self.profile[lo.index],
            in_current,
            in_next,
            complete,
            self.collapsed,
            self.single_downfloater_is_bye,
            self.bye_score,
        )
        w = self.cache.get(key)
        if w is None:
            w = self.cache[key] = self.profile_edge(hi, lo, in_current, in_next, complete)
        return w

    def profile_edge(
        self,
        hi: PlayerState,
        lo: PlayerState,
        in_current: bool,
        in_next: bool,
        complete: bool = True,
    ) -> int:
        """:meth:`edge` for compatible players, computed (each criterion
        shifts the weight left by its field and adds its value)."""
        w = 1 + (not self.bye_candidate(hi)) + (not self.bye_candidate(lo)) if complete else 0
        w = self._pairs_and_downfloaters(w, hi, lo, in_current)
        w = self._next_bracket(w, hi, in_next)
        if self.ri.system is System.DUTCH_2026:
            w = self._pab_unplayed_games(w, hi, lo)
        w = self._colour_preferences(w, hi, lo, in_current)
        w = self._repeated_floats(w, hi, lo, in_current)
        w = self._repeated_float_differences(w, hi, lo, in_current)
        # Room for the order of candidates.
        return w << (3 * self.size_bits + 1)

    def _pairs_and_downfloaters(
        self, w: int, hi: PlayerState, lo: PlayerState, in_current: bool
    ) -> int:
        """C.5 / C6: pairs in the bracket; C.6 / C7: the scores paired in it
        (the PSD itself in 2017's collapsed last bracket, A.8)."""
        sc = self.scores
        w = (w << self.size_bits) | in_current
        w <<= self.groups_bits
        if in_current and not self.collapsed:
            w |= 1 << self.group_shift[sc[hi.index]]
        w <<= self.psd_bits
        if in_current and self.collapsed:
            w += self.psd(sc[hi.index], sc[lo.index])
        return w

    def _next_bracket(self, w: int, hi: PlayerState, in_next: bool) -> int:
        """C.7 / C8: the pairs of the next bracket and the scores paired there."""
        w = (w << self.size_bits) | in_next
        w <<= self.groups_bits
        if in_next and NEXT_SCORES[self.ri.system]:
            w |= 1 << self.group_shift[self.scores[hi.index]]
        return w

    def _pab_unplayed_games(self, w: int, hi: PlayerState, lo: PlayerState) -> int:
        """2026 C9: the unplayed games of the PAB assignee."""
        w <<= 2 * self.size_bits
        if self.single_downfloater_is_bye:
            sc = self.scores
            if sc[hi.index] == self.bye_score:
                w |= self.unplayed_rank[hi.played_games]
            if sc[lo.index] == self.bye_score:
                w += self.unplayed_rank[lo.played_games]
        return w

    def _colour_preferences(self, w: int, hi: PlayerState, lo: PlayerState, m: bool) -> int:
        """C.10-C.13 / C10-C13: colour preferences (absolute imbalance,
        absolute with the colour repeated, any, strong)."""
        sb = self.size_bits
        a, b = lo, hi
        w = (w << sb) | (
            m
            and (
                not a.absolute_imbalance or not b.absolute_imbalance or a.preference != b.preference
            )
        )
        w = (w << sb) | (
            m
            and (
                not a.absolute
                or not b.absolute
                or a.preference != b.preference
                or (
                    (a.repeated == NONE or a.repeated != b.repeated)
                    if a.colour_imbalance == b.colour_imbalance
                    else (b if a.colour_imbalance > b.colour_imbalance else a).repeated
                    != invert(a.preference)
                )
            )
        )
        w = (w << sb) | (m and prefs_compatible(a.preference, b.preference))
        return (w << sb) | (
            m
            and (
                (not a.strong and not a.absolute)
                or (not b.strong and not b.absolute)
                or (a.absolute and b.absolute)
                or a.preference != b.preference
            )
        )

    def _repeated_floats(self, w: int, hi: PlayerState, lo: PlayerState, in_current: bool) -> int:
        """2017 C.12-C.15, 2026 C14-C17: the same float as one and two
        rounds before."""
        sb, fl = self.size_bits, self.floats
        hs, ls = self.scores[hi.index], self.scores[lo.index]
        for back in (1, 2):
            if self.ri.played_rounds >= back:
                w <<= sb
                if in_current:
                    w |= fl[(lo.index, back)] == DOWN
                    w += hs <= ls and fl[(hi.index, back)] == DOWN
                w <<= sb
                if in_current:
                    w |= not (hs > ls and fl[(lo.index, back)] == UP)
        return w

    def _repeated_float_differences(
        self, w: int, hi: PlayerState, lo: PlayerState, in_current: bool
    ) -> int:
        """2017 C.16-C.19, 2026 C18-C21: the scores of those floats."""
        fl, shift, gb = self.floats, self.group_shift, self.groups_bits
        hs, ls = self.scores[hi.index], self.scores[lo.index]
        for back in (1, 2):
            if self.ri.played_rounds >= back:
                lo_fl, hi_fl = fl[(lo.index, back)], fl[(hi.index, back)]
                w <<= gb + self.psd_bits
                if in_current and self.collapsed:
                    w += self._collapsed_downfloat(lo_fl, hi_fl, hs, ls)
                elif in_current:
                    w += (lo_fl == DOWN) << (shift[ls] + self.psd_bits)
                    w += (hi_fl == DOWN) << (shift[hs] + self.psd_bits)
                w <<= gb + self.psd_bits
                if in_current and self.collapsed:
                    # C.17/C.19 likewise for the upfloater.
                    w += self.psd_ones
                    if lo_fl == UP and hs > ls:
                        w -= 1 << self.psd_field[hs - ls]
                elif in_current and not (lo_fl == UP and hs > ls):
                    w |= 1 << (shift[hs] + self.psd_bits)
        return w

    def _collapsed_downfloat(self, lo_fl: int, hi_fl: int, hs: int, ls: int) -> int:
        """2017 C.16/C.18 in the collapsed last bracket: the score differences
        themselves (A.8's SD of a downfloater for the PAB), the highest first."""
        f, low = self.psd_field, self.psd_low
        v = self.psd_ones
        if lo_fl == DOWN:
            v += 1 << f[ls - low + 10]
        if hi_fl == DOWN:
            v += 1 << f[hs - low + 10]
            if hs > ls:
                v -= 1 << f[hs - ls]
        return v


def choose_colour(ri: RoundInput, p: PlayerState, q: PlayerState) -> int:
    """The colour of ``p`` against ``q`` (2017 E.1-E.5, 2026 5.2.1-5.2.5)."""
    c = _neutral_colour(p, q)
    if c != NONE:
        return c
    p_lower = _ranks_below(ri, p, q)
    if p.preference == NONE:
        if p_lower:
            return ri.initial_colour if q.rank & 1 else invert(ri.initial_colour)
        return invert(ri.initial_colour) if p.rank & 1 else ri.initial_colour
    return invert(q.preference) if p_lower else p.preference


def _ranks_below(ri: RoundInput, p: PlayerState, q: PlayerState) -> bool:
    """``p`` is after ``q`` in the order of 2017 A.2 / 2026 1.2 (score, then pairing number)."""
    return (ri.score(p), q.rank) < (ri.score(q), p.rank)


def _first_colour_difference(p: PlayerState, q: PlayerState) -> tuple[int, int]:
    a = [m.colour for m in p.matches if m.played]
    b = [m.colour for m in q.matches if m.played]
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0 and a[i] == b[j]:
        i -= 1
        j -= 1
    return (a[i] if i >= 0 else NONE, b[j] if j >= 0 else NONE)


def _neutral_colour(p: PlayerState, q: PlayerState) -> int:
    if prefs_compatible(p.preference, q.preference):
        if p.preference != NONE:
            return p.preference
        if q.preference != NONE:
            return invert(q.preference)
        return NONE
    if p.absolute and (p.colour_imbalance > q.colour_imbalance or not q.absolute):
        return p.preference
    if q.absolute and (q.colour_imbalance > p.colour_imbalance or not p.absolute):
        return invert(q.preference)
    if p.strong and not q.strong:
        return p.preference
    if q.strong and not p.strong:
        return invert(q.preference)
    pc, qc = _first_colour_difference(p, q)
    if pc != NONE and qc != NONE:
        return qc
    return NONE


def pair_players(ri: RoundInput) -> list[tuple[int, int]]:
    """Pairs of indices (into ``ri.players``), ``(i, i)`` for the PAB, with
    the first of each pair to have white. Raises :class:`NoPairing`."""
    players = sorted(ri.to_pair, key=lambda p: (-ri.score(p), p.rank))
    n = len(players)
    if n == 0:
        return []
    if n == 1:
        only = players[0]
        if not only.bye_eligible:
            raise NoPairing("the only player to pair cannot take the pairing-allocated bye")
        return [(only.index, only.index)]
    rd = _Round(ri, players)
    # Completion (C.4 / C4): is there a pairing at all?
    if not rd.completion.feasible():
        raise NoPairing(
            "the players cannot all be paired without breaking an absolute criterion "
            "(a repeated game, two absolute colour preferences for the same colour, a second PAB)"
        )
    W = rd.W
    if n & 1 and ri.system is System.DUTCH_2017:
        # 2017 has no criterion on the PAB assignee's score (2026 C5): any
        # player the PAB may go to (C.2) is a candidate.
        W.bye_score = 1 << 60
    elif n & 1:
        _lowest_bye_score(rd)
    else:
        W.bye_score = 0
    rd.completion.set_bye_rule(lambda v: W.bye_candidate(players[v]))
    return _brackets(rd)


def _lowest_bye_score(rd: _Round) -> None:
    """2026 C5: the PAB goes to a player of the lowest score it can go to
    while the round completes; and C9's note, whether the first bracket
    floats down only the PAB's assignee. Sets both on ``rd.W``."""
    W, players, sc = rd.W, rd.players, rd.W.scores

    def up_to(s: int) -> Callable[[int], bool]:
        return lambda v: players[v].bye_eligible and sc[players[v].index] <= s

    for s in sorted({sc[p.index] for p in players if p.bye_eligible}):
        rd.completion.set_bye_rule(up_to(s))
        if rd.completion.feasible():
            W.bye_score = s
            break
    top = sc[players[0].index]
    if W.bye_score >= top:
        # The PAB goes to a player of the top score: the first bracket floats
        # down only him if its players can all be paired among themselves
        # but him, the others (if any) among themselves.
        W.single_downfloater_is_bye = _top_pairs_itself(rd, top)
    counts = sorted((p.played_games for p in players if sc[p.index] == W.bye_score), reverse=True)
    for rank_, c in enumerate(counts):
        W.unplayed_rank[c] = rank_


def _top_pairs_itself(rd: _Round, top: int) -> bool:
    """Whether a completion that pairs the most top scorers among themselves
    pairs all of them there (but the PAB's assignee): one weighted matching
    (completion first, then the pairs of top scorers)."""
    players, sc = rd.players, rd.W.scores
    n = len(players)
    if sc[players[-1].index] >= top:
        return True
    g = Graph(n)
    for i in range(n):
        p = players[i]
        for j in range(i):
            q = players[j]
            if compatible(rd.ri, p, q):
                e = 1 + (not rd.W.bye_candidate(p)) + (not rd.W.bye_candidate(q))
                g.set(i, j, (e << rd.W.size_bits) | (sc[p.index] >= top))
    mates = g.solve()
    for v in range(n):
        if sc[players[v].index] < top:
            break
        if sc[players[mates[v]].index] < top:
            return False
    return True


class _Round:
    """One round being paired: its players in order, the weights, which are
    paired, and the witness that the rest can still complete the round."""

    def __init__(self, ri: RoundInput, players: list[PlayerState]) -> None:
        self.ri = ri
        self.players = players
        self.n = n = len(players)
        self.W = _Weights(ri, players)
        self.matched = [False] * n
        self.mate_of: dict[int, int] = {}  # by vertex
        self.completion = Completion(
            range(n),
            lambda a, b: compatible(ri, players[a], players[b]),
            lambda v: players[v].bye_eligible,
        )
        self._whole: Graph | None = None

    def whole(self) -> Graph:
        """The round's graph over every player still to be paired, with the
        completion field in every edge (C.4 / C4): made the first time a
        bracket cannot be paired on its own players, then kept."""
        if self._whole is None:
            W, players, n = self.W, self.players, self.n
            g = self._whole = Graph(n)
            for i in range(n):
                if self.matched[i]:
                    continue
                for j in range(i):
                    if not self.matched[j]:
                        g.set(i, j, W.edge(players[j], players[i], False, False))
            for v, u in self.mate_of.items():
                if v < u:
                    g.finalize(v, u)
        return self._whole

    def fix(self, pairs: list[tuple[int, int]]) -> None:
        """The bracket's pairs are made: out of the completion witness and,
        if it exists, the whole graph."""
        kept = self.completion.try_remove(pairs, keep=True)
        assert kept, "a bracket's pairs were made that do not complete the round"
        if self._whole is not None:
            for v, u in pairs:
                if self._whole.alive[v]:
                    self._whole.finalize(v, u)


def _brackets(rd: _Round) -> list[tuple[int, int]]:
    ri, W, players, n = rd.ri, rd.W, rd.players, rd.n
    sc = W.scores
    mate_of = rd.mate_of
    # The current bracket: moved-down players first, then the score group;
    # then the next score group (for C.7 / C8). Positions are vertices.
    members: list[int] = []
    nxt = 0
    while nxt < n and sc[players[nxt].index] >= sc[players[0].index]:
        members.append(nxt)
        nxt += 1
    group_begin = 0  # number of moved-down players in members
    group_begin_vertex = 0
    collapsed = False
    stable: list[int] | None = None
    while len(members) > 1 or nxt < n:
        if collapsed:
            # 2017 A.9: every player below the PPB is in the collapsed last bracket.
            members.extend(range(nxt, n))
            nxt = n
            W.collapsed = True
        next_begin = len(members)
        next_begin_vertex = group_begin_vertex + (next_begin - group_begin)
        start = nxt
        while nxt < n and sc[players[nxt].index] >= sc[players[start].index]:
            members.append(nxt)
            nxt += 1
        stable, ppb, alone = _pair_or_collapse(
            rd, members, group_begin, group_begin_vertex, next_begin
        )
        collapsed = collapsed or ppb
        new_members, new_group_begin = _next_bracket(
            rd, members, next_begin, stable, start, nxt, alone
        )
        members = new_members
        group_begin = new_group_begin
        group_begin_vertex = next_begin_vertex
    if members and stable is not None:
        # Two moved-down players of the last bracket paired with each other
        # (possible in the collapsed last bracket): their pair is the matching's.
        for v in members:
            u = stable[v]
            if u != v and v not in mate_of and u not in mate_of:
                mate_of[v], mate_of[u] = u, v
    out: list[tuple[int, int]] = []
    for v, p in enumerate(players):
        if v in mate_of:
            u = mate_of[v]
            q = players[u]
            if p.id < q.id:
                c = choose_colour(ri, p, q)
                out.append((p.index, q.index) if c == WHITE else (q.index, p.index))
        else:
            out.append((p.index, p.index))
    return out


def _next_bracket(
    rd: _Round,
    members: list[int],
    next_begin: int,
    stable: list[int],
    start: int,
    nxt: int,
    alone: bool,
) -> tuple[list[int], int]:
    """The next bracket after one is paired: its unpaired players (moved
    down) first, then the next score group; and how many moved down. Records
    the bracket's pairs, and sets 2026 C9's note for the next bracket (it
    floats down only the PAB's assignee)."""
    W, players, n, mate_of, matched = rd.W, rd.players, rd.n, rd.mate_of, rd.matched
    sc = W.scores
    new_members: list[int] = []
    new_group_begin = 0
    W.single_downfloater_is_bye = bool(
        (n & 1) and start < n and W.bye_score == sc[players[start].index]
    )
    unpaired = 0
    for i, v in enumerate(members):
        if i < next_begin and matched[v]:
            mate_of[v] = stable[v]
            mate_of[stable[v]] = v
            continue
        new_members.append(v)
        new_group_begin += i < next_begin
        unpaired += stable[v] == v
        if sc[players[stable[v]].index] < W.bye_score:
            W.single_downfloater_is_bye = False
    if alone and unpaired > 1:
        # Paired on its own players, the next bracket's unpaired players
        # are their own mates; in the round's matching (which this one
        # and a completion of the rest make) all but the PAB's assignee
        # float below it (the PAB's score is the next bracket's: C5).
        W.single_downfloater_is_bye = False
    if n & 1 and nxt == n:
        # 2026 C9 (its note): the last bracket downfloats exactly one
        # player, the PAB's assignee, whatever its residents' score.
        W.single_downfloater_is_bye = True
    return new_members, new_group_begin


def _pair_or_collapse(
    rd: _Round,
    members: list[int],
    group_begin: int,
    group_begin_vertex: int,
    next_begin: int,
) -> tuple[list[int], bool, bool]:
    """Pair a bracket; the matching, whether it was 2017's PPB, and whether
    it was paired on its own players (the matching holds no one else).

    Each bracket is first paired on its own players and the next score
    group's (C.7 / C8) alone, without the completion of the round; the
    witness then tells whether the rest can complete it:

    - 2017 A.9, C.4: a bracket is paired without regard to completing the
      round; only when its downfloaters and the players below cannot
      complete it is it the PPB, re-paired on the round's graph to complete
      it (C.4, without C.7), and all below collapse into the last bracket.
    - 2026 C4: every bracket completes the round. A matching of the bracket
      and the next score group that the rest can complete is a best one of
      the round's graph too (its completion field is full, every other
      field at its most); one the rest cannot complete is paired again on
      the round's graph.
    """
    ri, W, players, matched = rd.ri, rd.W, rd.players, rd.matched
    args = (group_begin, group_begin_vertex, next_begin)
    ppb = ri.system is System.DUTCH_2017 and next_begin < len(members)
    if ppb or PAIR_ON_OWN_PLAYERS:
        trial = matched[:]
        local = SubGraph(rd.n, members)
        stable = _pair_bracket(
            ri, W, local, players, members, *args, trial, look_ahead=True, complete=False
        )
        made = [(v, stable[v]) for v in members[:next_begin] if trial[v] and v < stable[v]]
        # 2017 C.4: the bracket's own pairs must leave a completable rest.
        # 2026 C4 (and 2017's last bracket): the whole matching found, the
        # next score group's pairs too, must be one of the round's best.
        whole_matching = [(v, u) for v in members if (u := stable[v]) != v and v < u]
        check = made if ppb else whole_matching
        if rd.completion.try_remove(check, keep=False):
            last = ppb and len(members) == rd.n - sum(matched)
            if last and not rd.completion.try_remove(whole_matching, keep=False):
                # 2017 C.7 looks ahead at a pairing of the next bracket, and
                # when that is the last, a pairing of it gives the PAB only
                # to one who may have it (C.2): the bracket is paired again
                # with the completion field, which the pairs just found show
                # costs it nothing above C.7 (found on oracle s00361-211x10).
                trial = matched[:]
                stable = _pair_bracket(
                    ri,
                    W,
                    SubGraph(rd.n, members),
                    players,
                    members,
                    *args,
                    trial,
                    look_ahead=True,
                    complete=True,
                )
                made = [(v, stable[v]) for v in members[:next_begin] if trial[v] and v < stable[v]]
            matched[:] = trial
            rd.fix(made)
            return stable, False, True
    g = rd.whole()
    stable = _pair_bracket(
        ri, W, g, players, members, *args, matched, look_ahead=not ppb, complete=True
    )
    made = [(v, stable[v]) for v in members[:next_begin] if matched[v] and v < stable[v]]
    rd.fix(made)
    return stable, ppb, False


@attrs.define(eq=False)
class _Bracket:
    """One bracket being paired on the round's graph (2017 B, 2026 3.x):
    ``members[:next_begin]`` its moved-down players (the first
    ``group_begin``) and residents, ``members[next_begin:]`` the next score
    group; positions in ``members`` index ``base``, the edges' weights."""

    W: _Weights
    g: Graph | SubGraph
    members: list[int]
    group_begin: int
    group_begin_vertex: int
    next_begin: int
    matched: list[bool]
    P: list[PlayerState]
    base: list[list[int]] = attrs.Factory(list)
    stable: list[int] = attrs.Factory(list)
    remainder: list[int] = attrs.Factory(list)

    @property
    def next_begin_vertex(self) -> int:
        return self.group_begin_vertex + (self.next_begin - self.group_begin)

    def with_exchange(self, small: int, large: int, small_rem: int, rem_pairs: int) -> int:
        """The remainder's order of candidates (B.6 / 3.x): fewest exchanges,
        then the smallest difference of the BSNs exchanged."""
        w = self.base[large][small]
        if w:
            add = int(small_rem < rem_pairs)
            add <<= 2 * self.W.size_bits
            add -= small_rem
            add <<= 1
            w += add
        return w

    def set_edges(self, look_ahead: bool, complete: bool) -> None:
        """Every edge of the bracket and of the next score group (C.4-C.21)."""
        W, members, P, next_begin = self.W, self.members, self.P, self.next_begin
        group_begin, g = self.group_begin, self.g
        m = len(members)
        base: list[list[int]] = [[] for _ in range(m)]
        self.base = base
        # In the collapsed last bracket everyone may meet (2017 A.9).
        for hi_i in range(0 if W.collapsed else group_begin, m):
            row = base[hi_i]
            for lo_i in range(hi_i):
                row.append(
                    W.edge(
                        P[lo_i],
                        P[hi_i],
                        hi_i < next_begin,
                        look_ahead and hi_i >= next_begin,
                        complete,
                    )
                )
        for a in range(m):
            for b in range(len(base[a])):
                g.set(members[a], members[b], base[a][b])

    def choose_moved_down(self) -> None:
        """B.2 / B.7 (2026 3.x): which moved-down players are paired in the
        bracket (M1; the others are in the Limbo), the highest first."""
        W, g, members, matched, base, P = (
            self.W,
            self.g,
            self.members,
            self.matched,
            self.base,
            self.P,
        )
        group_begin, next_begin = self.group_begin, self.next_begin
        group_begin_vertex, next_begin_vertex = self.group_begin_vertex, self.next_begin_vertex
        m, sc, stable = len(members), W.scores, self.stable

        def in_bracket(v: int, lo: int = group_begin_vertex, hi: int = next_begin_vertex) -> bool:
            # Paired inside the bracket (an unmatched vertex is its own mate).
            u = stable[v]
            return u != v and lo <= u < hi

        # Which moved-down players are paired in this bracket (the highest first).
        rem_md = rem_matched_md = 0
        md_score = None
        for i in range(group_begin):
            s = sc[P[i].index]
            if i == 0 or (md_score is not None and s < md_score):
                md_score = s
                rem_md = rem_matched_md = 0
                k = i
                while k < m and sc[P[k].index] >= md_score:
                    rem_md += 1
                    if in_bracket(members[k]):
                        rem_matched_md += 1
                    k += 1
            if not rem_matched_md:
                continue
            v = members[i]
            if rem_md <= rem_matched_md:
                matched[v] = True
                continue
            rem_md -= 1
            if not in_bracket(v):
                for o in range(group_begin, next_begin):
                    e = base[o][i]
                    if e:
                        g.set(v, members[o], e | 1)
                stable = g.solve()
            if in_bracket(v):
                matched[v] = True
                rem_matched_md -= 1
                for o in range(group_begin, next_begin):
                    e = base[o][i]
                    if e:
                        e |= next_begin - group_begin
                        e += 1
                        g.set(v, members[o], e)
        self.stable = stable

    def pair_moved_down(self) -> None:
        """B.3: the MDP-pairing, each moved-down player with the first
        possible resident (transpositions of S2, D.1)."""
        g, members, matched, base = self.g, self.members, self.matched, self.base
        group_begin, next_begin = self.group_begin, self.next_begin

        m, stable = len(members), self.stable
        # The opponents of the moved-down players (the first possible resident).
        for i in range(group_begin):
            v = members[i]
            if not matched[v]:
                continue
            add = m
            for o in range(next_begin - 1, group_begin - 1, -1):
                ov = members[o]
                if matched[ov]:
                    continue
                e = base[o][i]
                if e:
                    g.set(v, ov, e + add)
                    add += 1
            stable = g.solve()
            mv = stable[v]
            matched[mv] = True
            g.finalize(v, mv)
        self.stable = stable

    def exchange_remainder(self) -> None:
        """B.6 / D.2 (2026 3.x): S1 and S2 of the remainder (or of the
        homogeneous bracket), and the exchanges between them, fewest first."""
        g, members, base = self.g, self.members, self.base
        group_begin, next_begin = self.group_begin, self.next_begin
        group_begin_vertex, next_begin_vertex = self.group_begin_vertex, self.next_begin_vertex
        m, stable = len(members), self.stable
        with_exchange = self.with_exchange
        # The remainder (or the homogeneous bracket): S1 and S2.
        remainder: list[int] = []
        rem_pairs = 0
        for i in range(group_begin, next_begin):
            v = members[i]
            if stable[v] < group_begin_vertex:
                continue
            remainder.append(i)
            if stable[v] < v:
                rem_pairs += 1
        first_group_end = rem_pairs  # position in remainder
        for oi in remainder:
            ov = members[oi]
            for pi_pos, pi in enumerate(remainder):
                if oi <= pi:
                    break
                g.set(members[pi], ov, with_exchange(pi, oi, pi_pos, rem_pairs))
        stable = g.solve()
        exchanges = 0
        for pos, pi in enumerate(remainder):
            if pos >= first_group_end:
                break
            v = members[pi]
            exchanges += stable[v] <= v or stable[v] >= next_begin_vertex
        # Exchanges: the lowest of S1 to go to S2 where possible.
        left = exchanges
        pos = first_group_end
        while pos > 0 and left:
            opp_pos = pos
            pos -= 1
            pi = remainder[pos]
            v = members[pi]
            if v < stable[v] < next_begin_vertex:
                for o_pos in range(opp_pos, len(remainder)):
                    oi = remainder[o_pos]
                    e = with_exchange(pi, oi, pos, rem_pairs)
                    if e:
                        g.set(v, members[oi], e - 1)
                stable = g.solve()
            exchange = stable[v] <= v or stable[v] >= next_begin_vertex
            left -= exchange
            for o_pos in range(pos + 1, len(remainder)):
                oi = remainder[o_pos]
                if exchange:
                    base[oi][pi] = 0
                g.set(v, members[oi], with_exchange(pi, oi, pos, rem_pairs))
        # ... and the highest of S2 to go to S1 where possible.
        left = exchanges
        for pos in range(first_group_end, len(remainder)):
            if left <= 1:
                break
            pi = remainder[pos]
            v = members[pi]
            already = v < stable[v] < next_begin_vertex
            if not already:
                for o_pos in range(pos + 1, len(remainder)):
                    oi = remainder[o_pos]
                    e = with_exchange(pi, oi, pos, rem_pairs)
                    if e:
                        g.set(v, members[oi], e + 1)
                stable = g.solve()
            exchange = v < stable[v] < next_begin_vertex
            if exchange:
                left -= 1
                for o_pos in range(pos):
                    oi = remainder[o_pos]
                    base[pi][oi] = 0
                    g.set(v, members[oi], 0)
                for o in range(next_begin, m):
                    base[o][pi] = 0
                    g.set(v, members[o], 0)
            if not already:
                for o_pos in range(pos + 1, len(remainder)):
                    oi = remainder[o_pos]
                    g.set(v, members[oi], with_exchange(pi, oi, pos, rem_pairs))
        self.stable = stable
        self.remainder = remainder

    def transpose_s2(self) -> None:
        """D.1: each player of S1 in order takes the first possible of S2."""
        g, members, matched, base = self.g, self.members, self.matched, self.base

        next_begin_vertex = self.next_begin_vertex
        stable = self.stable
        remainder = self.remainder
        # Fix S1 and S2, then drop the exchange bits.
        for a_pos, pi in enumerate(remainder):
            v = members[pi]
            for b_pos in range(a_pos + 1, len(remainder)):
                oi = remainder[b_pos]
                ov = members[oi]
                if (
                    stable[v] <= v
                    or stable[v] >= next_begin_vertex
                    or (ov < stable[ov] < next_begin_vertex)
                ):
                    base[oi][pi] = 0
                g.set(v, ov, base[oi][pi])
        # Each player of S1 in order takes the first possible of S2.
        for pi in remainder:
            v = members[pi]
            if v < stable[v] < next_begin_vertex:
                add = 0
                for oi in reversed(remainder):
                    ov = members[oi]
                    if oi <= pi or matched[ov]:
                        continue
                    e = base[oi][pi]
                    if e:
                        g.set(v, ov, e + add)
                    add += 1
                stable = g.solve()
                mv = stable[v]
                matched[v] = True
                matched[mv] = True
                g.finalize(v, mv)
        self.stable = stable


def _pair_bracket(
    ri: RoundInput,
    W: _Weights,
    g: Graph | SubGraph,
    players: list[PlayerState],
    members: list[int],
    group_begin: int,
    group_begin_vertex: int,
    next_begin: int,
    matched: list[bool],
    look_ahead: bool,
    complete: bool,
) -> list[int]:
    """Pair one bracket (``members[:next_begin]``: its moved-down players
    first, then its residents; ``members[next_begin:]`` is the next score
    group) on ``g``, fixing its pairs one player at a time (B.3-B.8 / 3.x);
    returns the last matching. ``look_ahead``: C.7 / C8 count the next
    bracket; ``complete``: the matching must complete the round (C.4 / C4).
    """
    group_begin_vertex + (next_begin - group_begin)
    bracket = _Bracket(
        W,
        g,
        members,
        group_begin,
        group_begin_vertex,
        next_begin,
        matched,
        [players[v] for v in members],
    )
    bracket.set_edges(look_ahead, complete)
    bracket.stable = g.solve()
    bracket.choose_moved_down()
    bracket.pair_moved_down()
    bracket.exchange_remainder()
    bracket.transpose_s2()
    return bracket.stable


_ = BLACK  # the colour constants are part of this module's vocabulary
