"""Why a file's round is not the system's: the criteria as functions of a
whole round's pairing, evaluated on the file's and on the engine's.

The system pairs bracket by bracket from the top (2017 A.9/B, 2026 3.x), so
the explanation looks where the two pairings first part: the highest score
bracket whose pairs or downfloaters differ (the brackets above it are paired
alike). There it compares, in the edition's order, the criteria of that
bracket: its downfloaters (2017 C.5, C.6; 2026 C6, C7), the next bracket
when the downfloaters differ (2017 C.7, 2026 C8), the PAB assignee's unplayed
games (2026 C9), the colour preferences of its pairs (2017 C.10-C.11, 2026
C12-C13) and their repeated floats and the score differences of those
(2017 C.12-C.19, 2026 C14-C21). An absolute criterion the file breaks (C.1-C.3
/ C1-C3) is named first, and, 2026, the PAB assignee's score (C5), which is
the round's, not a bracket's. The first criterion on which the file is worse
is named, with both values; each value is a thing to minimise.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from trfkit.pairing.dutch import DOWN, UP, compatible, float_of
from trfkit.pairing.inputs import BLACK, NONE, WHITE, PlayerState, RoundInput
from trfkit.pairing.matching import max_weight_matching
from trfkit.pairing.model import Explanation, Pair, System

__all__ = ["explain"]


def _fmt(score: int) -> str:
    whole, tenth = divmod(score, 10)
    if tenth == 0:
        return str(whole)
    if tenth == 5:
        return f"{whole}½" if whole else "½"
    return f"{whole}.{tenth}"


def _scores_text(scores: tuple[int, ...]) -> str:
    return ", ".join(_fmt(s) for s in scores) if scores else "none"


def _unplayed(n: int) -> str:
    return f"{n} unplayed game" if n == 1 else f"{n} unplayed games"


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


@attrs.frozen
class _Round:
    """One whole-round pairing as the criteria see it."""

    ri: RoundInput
    by: dict[int, PlayerState]
    pairs: tuple[Pair, ...]  # (white, black); (n, 0) for the PAB

    def score(self, pid: int) -> int:
        return self.ri.score(self.by[pid])

    @property
    def games(self) -> list[Pair]:
        return [p for p in self.pairs if p[1]]

    @property
    def pab(self) -> int | None:
        return next((a for a, b in self.pairs if not b), None)

    def made_in(self, s: int) -> set[frozenset[int]]:
        """The pairs made in bracket ``s``: those whose lower score is ``s``."""
        return {frozenset(p) for p in self.games if min(self.score(p[0]), self.score(p[1])) == s}

    def downfloaters(self, s: int) -> list[int]:
        """The players left unpaired by bracket ``s`` (2017 A.4.a, 2026 1.4.1):
        of score ``s`` or more, playing a lower score or taking the PAB."""
        out = []
        for a, b in self.pairs:
            if not b:
                if self.score(a) >= s:
                    out.append(a)
                continue
            for x, y in ((a, b), (b, a)):
                if self.score(x) >= s > self.score(y):
                    out.append(x)
        return out


Value = tuple[int, ...]
Measure = Callable[[_Round, int], Value]


def _down_count(r: _Round, s: int) -> Value:
    return (len(r.downfloaters(s)),)


def _down_scores(r: _Round, s: int) -> Value:
    return tuple(sorted((r.score(x) for x in r.downfloaters(s)), reverse=True))


def _colour_misses(strong: bool) -> Measure:
    def measure(r: _Round, s: int) -> Value:
        made = r.made_in(s)
        n = 0
        for w, b in r.games:
            if frozenset((w, b)) not in made:
                continue
            for pid, got in ((w, WHITE), (b, BLACK)):
                p = r.by[pid]
                if p.preference == NONE or p.preference == got:
                    continue
                if strong and not (p.strong or p.absolute):
                    continue
                n += 1
        return (n,)

    return measure


def topscorer(ri: RoundInput, p: PlayerState) -> bool:
    """2017 A.7, 2026 1.8: a player with a score of over 50% of the maximum
    possible score, when the final round is paired (no one is before)."""
    if ri.played_rounds < ri.expected_rounds - 1:
        return False
    return ri.score(p) > (ri.played_rounds * max(ri.win, ri.draw)) >> 1


def _colour_difference(p: PlayerState) -> int:
    """2017 A.6, 2026 1.6: games played with white less games with black."""
    return sum(1 if m.colour == WHITE else -1 for m in p.matches if m.played)


def _topscorers_colours(three_in_a_row: bool) -> Measure:
    """2017 C.8-C.9, 2026 C10-C11: the topscorers and topscorers' opponents
    of the bracket's pairs who get a colour difference above +2 or below -2
    (C.8 / C10), or the same colour three times in a row (C.9 / C11)."""

    def measure(r: _Round, s: int) -> Value:
        made = r.made_in(s)
        n = 0
        for w, b in r.games:
            if frozenset((w, b)) not in made:
                continue
            if not (topscorer(r.ri, r.by[w]) or topscorer(r.ri, r.by[b])):
                continue
            for pid, got in ((w, WHITE), (b, BLACK)):
                p = r.by[pid]
                if three_in_a_row:
                    n += p.repeated == got
                else:
                    n += abs(_colour_difference(p) + (1 if got == WHITE else -1)) > 2
        return (n,)

    return measure


def _floaters(r: _Round, s: int, direction: int, sd: bool = False) -> list[tuple[int, int]]:
    """The players of bracket ``s``'s pairs who float ``direction`` (2017
    A.4.b, 2026 1.4.2), each with the score difference of his pair; and for
    the counts (not ``sd``), the bracket's downfloaters, who float down too."""
    made = r.made_in(s)
    out = []
    if direction == DOWN and not sd:
        out = [(x, 0) for x in r.downfloaters(s)]
    for a, b in r.games:
        if frozenset((a, b)) not in made:
            continue
        sa, sb = r.score(a), r.score(b)
        if sa == sb:
            continue
        hi, lo = (a, b) if sa > sb else (b, a)
        out.append((hi if direction == DOWN else lo, abs(sa - sb)))
    return out


def _repeated_floats(direction: int, back: int) -> Measure:
    def measure(r: _Round, s: int) -> Value:
        if r.ri.played_rounds < back:
            return (0,)
        return (
            sum(
                1
                for pid, _ in _floaters(r, s, direction)
                if float_of(r.ri, r.by[pid], back) == direction
            ),
        )

    return measure


def _repeated_float_differences(direction: int, back: int) -> Measure:
    def measure(r: _Round, s: int) -> Value:
        if r.ri.played_rounds < back:
            return ()
        return tuple(
            sorted(
                (
                    sd
                    for pid, sd in _floaters(r, s, direction, sd=True)
                    if float_of(r.ri, r.by[pid], back) == direction
                ),
                reverse=True,
            )
        )

    return measure


@attrs.frozen
class _Criterion:
    """One quality criterion of a bracket, in both editions' numbering."""

    a2017: str
    a2026: str
    measure: Measure
    # How the values read: "{file} ..., the Dutch pairing {engine}".
    says: str
    scores: bool = False  # the value is a list of scores (or score differences)

    def article(self, system: System) -> str:
        return self.a2017 if system is System.DUTCH_2017 else self.a2026


_PREV, _TWO = "the previous round", "two rounds before"
# Where each edition defines the topscorers.
_TOPSCORERS = {System.DUTCH_2017: "A.7", System.DUTCH_2026: "1.8"}
_BRACKET_CRITERIA: list[_Criterion] = [
    _Criterion("C.5", "C6", _down_count, "leaves {v} unpaired (downfloaters)"),
    _Criterion("C.6", "C7", _down_scores, "floats down players with scores {v}", scores=True),
    _Criterion(
        "C.8",
        "C10",
        _topscorers_colours(False),
        "gives {v} (topscorers or their opponents; topscorers: {top}) a colour difference "
        "above +2 or below -2",
    ),
    _Criterion(
        "C.9",
        "C11",
        _topscorers_colours(True),
        "gives {v} (topscorers or their opponents; topscorers: {top}) the same colour three "
        "times in a row",
    ),
    _Criterion("C.10", "C12", _colour_misses(False), "leaves {v} without their colour preference"),
    _Criterion(
        "C.11", "C13", _colour_misses(True), "leaves {v} without their strong colour preference"
    ),
    _Criterion("C.12", "C14", _repeated_floats(DOWN, 1), f"floats {{v}} down as in {_PREV}"),
    _Criterion("C.13", "C15", _repeated_floats(UP, 1), f"floats {{v}} up as in {_PREV}"),
    _Criterion("C.14", "C16", _repeated_floats(DOWN, 2), f"floats {{v}} down as {_TWO}"),
    _Criterion("C.15", "C17", _repeated_floats(UP, 2), f"floats {{v}} up as {_TWO}"),
    _Criterion(
        "C.16",
        "C18",
        _repeated_float_differences(DOWN, 1),
        f"has score differences {{v}} for players floated down as in {_PREV}",
        scores=True,
    ),
    _Criterion(
        "C.17",
        "C19",
        _repeated_float_differences(UP, 1),
        f"has score differences {{v}} for players floated up as in {_PREV}",
        scores=True,
    ),
    _Criterion(
        "C.18",
        "C20",
        _repeated_float_differences(DOWN, 2),
        f"has score differences {{v}} for players floated down as {_TWO}",
        scores=True,
    ),
    _Criterion(
        "C.19",
        "C21",
        _repeated_float_differences(UP, 2),
        f"has score differences {{v}} for players floated up as {_TWO}",
        scores=True,
    ),
]


def _absolute(ri: RoundInput, r: _Round) -> Explanation | None:
    """C.1-C.3 (2017) / C1-C3 (2026): what no pairing may do."""
    repeats = sum(1 for a, b in r.games if r.by[b].index in r.by[a].forbidden)
    pab = r.pab
    clash = sum(
        1
        for a, b in r.games
        if r.by[b].index not in r.by[a].forbidden and not compatible(ri, r.by[a], r.by[b])
    )
    found = [
        ("C.1", "C1", repeats, "games repeated (players who have already met)"),
        (
            "C.2",
            "C2",
            int(pab is not None and not r.by[pab].bye_eligible),
            "PABs to a player who may not have one",
        ),
        ("C.3", "C3", clash, "pairs of players with the same absolute colour preference"),
    ]
    for a17, a26, n, what in found:
        if n:
            article = a17 if ri.system is System.DUTCH_2017 else a26
            return Explanation(
                "",
                article,
                True,
                str(n),
                "0",
                f"the file breaks an absolute criterion: {n} {what} ({article})",
            )
    return None


def _pab_score(ri: RoundInput, f: _Round, e: _Round) -> Explanation | None:
    """2026 C5: minimise the score of the PAB assignee (the round's, first)."""
    if ri.system is not System.DUTCH_2026 or f.pab is None or e.pab is None:
        return None
    fv, ev = f.score(f.pab), e.score(e.pab)
    if fv <= ev:
        return None
    ft, et = _fmt(fv), _fmt(ev)
    return Explanation(
        "",
        "C5",
        False,
        ft,
        et,
        f"the file gives the PAB to a player with {ft} points, the Dutch pairing "
        f"to one with {et} (C5: minimise the score of the PAB assignee)",
    )


def _differs_at(f: _Round, e: _Round, scores: list[int]) -> int | None:
    """The highest bracket whose pairs or downfloaters differ."""
    for s in scores:
        if f.made_in(s) != e.made_in(s) or set(f.downfloaters(s)) != set(e.downfloaters(s)):
            return s
    return None


def _value_text(c: _Criterion, v: Value) -> str:
    return _scores_text(v) if c.scores else _players(v[0])


def _worse(
    f: _Round, e: _Round, s: int, nxt: int | None, system: System
) -> Explanation | bool | None:
    """The first criterion of bracket ``s`` on which the file is worse; False
    when the file is better on one (a criterion not counted here decided)."""
    label = _fmt(s)
    for i, c in enumerate(_BRACKET_CRITERIA):
        fv, ev = c.measure(f, s), c.measure(e, s)
        if fv != ev:
            if fv < ev:
                return False
            says = c.says.replace("{top}", _TOPSCORERS[system])
            return _say(c.article(system), label, says, _value_text(c, fv), _value_text(c, ev))
        if i == 1:
            # C.7 / C8: with the same downfloaters' scores but not the same
            # players, the system chooses those that pair best in the next
            # bracket: its downfloaters (and, 2026, their scores).
            looked = _next_bracket(f, e, s, nxt, system)
            if looked is not None:
                return looked
            looked_c9 = _pab_unplayed(f, e, s, nxt, system)
            if looked_c9 is not None:
                return looked_c9
    return None


def _next_bracket(
    f: _Round, e: _Round, s: int, nxt: int | None, system: System
) -> Explanation | bool | None:
    if nxt is None or set(f.downfloaters(s)) == set(e.downfloaters(s)):
        return None
    article = "C.7" if system is System.DUTCH_2017 else "C8"
    # 2017 C.7 and 2026 C8 ask what the next bracket *could* pair with these
    # downfloaters (its pairs, then its PSD or its downfloaters' scores),
    # not what the file's pairing made of it: a file that pairs the next
    # bracket badly is worse there, not here.
    fv, ev = _unpairable_in(f, s, nxt), _unpairable_in(e, s, nxt)
    if fv != ev:
        if fv < ev:
            return False
        return _say(
            article,
            _fmt(s),
            "chooses downfloaters that leave {v} unpaired in the next bracket (" + _fmt(nxt) + ")",
            _players(fv),
            _players(ev),
        )
    if system is System.DUTCH_2017:
        return None  # its PSD over the possible pairings: not counted here
    fs, es = _possible_down_scores(f, s, nxt), _possible_down_scores(e, s, nxt)
    if fs != es:
        if fs < es:
            return False
        return _say(
            article,
            _fmt(s),
            "chooses downfloaters that leave players with scores {v} unpaired in the next "
            "bracket (" + _fmt(nxt) + ")",
            _scores_text(fs),
            _scores_text(es),
        )
    return None


def _next_members(r: _Round, s: int, nxt: int) -> list[PlayerState]:
    """The next bracket: bracket ``s``'s downfloaters and the score group ``nxt``."""
    members = [r.by[x] for x in r.downfloaters(s)]
    return members + [p for p in r.ri.to_pair if r.ri.score(p) == nxt]


def _unpairable_in(r: _Round, s: int, nxt: int) -> int:
    """How many players of the next bracket (bracket ``s``'s downfloaters and
    the score group ``nxt``) are left over by its largest pairing (C.1, C.3)."""
    members = _next_members(r, s, nxt)
    edges = [
        (i, j, 1)
        for i in range(len(members))
        for j in range(i)
        if compatible(r.ri, members[i], members[j])
    ]
    mates = max_weight_matching(len(members), edges)
    return sum(1 for v, u in enumerate(mates) if u == v)


def _possible_down_scores(r: _Round, s: int, nxt: int) -> Value:
    """2026 C8's second part: the scores, highest first, of the players the
    next bracket's best pairing leaves over (its most pairs, then the
    highest scores paired: each score a digit of its own, the highest the
    most significant)."""
    members = _next_members(r, s, nxt)
    scores = [r.ri.score(p) for p in members]
    rank = {x: k for k, x in enumerate(sorted(set(scores)))}
    base = len(members) + 1
    pair = base ** (len(rank) + 1)
    edges = [
        (i, j, pair + base ** rank[scores[i]] + base ** rank[scores[j]])
        for i in range(len(members))
        for j in range(i)
        if compatible(r.ri, members[i], members[j])
    ]
    mates = max_weight_matching(len(members), edges)
    return tuple(sorted((scores[v] for v, u in enumerate(mates) if u == v), reverse=True))


def _pab_unplayed(
    f: _Round, e: _Round, s: int, nxt: int | None, system: System
) -> Explanation | bool | None:
    """2026 C9: in the bracket that downfloats only the PAB's assignee,
    minimise his unplayed games."""
    if system is not System.DUTCH_2026 or f.pab is None or e.pab is None or f.pab == e.pab:
        return None
    if f.downfloaters(s) != [f.pab] or e.downfloaters(s) != [e.pab]:
        return None
    pr = f.ri.played_rounds
    fv = pr - f.by[f.pab].played_games
    ev = pr - e.by[e.pab].played_games
    if fv == ev:
        return None
    if fv < ev:
        return False
    return _say(
        "C9",
        _fmt(s),
        "gives the PAB to a player with {v}",
        _unplayed(fv),
        _unplayed(ev),
    )


def _say(article: str, label: str, says: str, fv: str, ev: str) -> Explanation:
    """``says`` reads after "the file" with ``{v}`` its value."""
    text = f"bracket {label}: the file {says.format(v=fv)}, the Dutch pairing {ev} ({article})"
    return Explanation(label, article, False, fv, ev, text)


# The colour allocation rules, for each pair in descending priority: 2017
# E.1-E.5, 2026 Article 5.2 (5.2.1-5.2.5, the same rules renumbered).
_COLOUR_RULES = {
    System.DUTCH_2017: ("E.1", "E.2", "E.3", "E.4", "E.5"),
    System.DUTCH_2026: ("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"),
}
_STRENGTH = ("no", "mild", "strong", "absolute")
_COLOUR = {WHITE: "white", BLACK: "black"}


def _strength(p: PlayerState) -> int:
    """2017 A.6, 2026 1.7: none, mild, strong, absolute (0-3)."""
    if p.preference == NONE:
        return 0
    return 3 if p.absolute else 2 if p.strong else 1


def _last_alternation(p: PlayerState, q: PlayerState) -> bool:
    """2017 E.3 (C.04.2.D.5), 2026 5.2.3 (C.04.2 3.4): going back over the
    games played (the rounds not played skipped), a round in which one had
    white and the other black."""
    a = [m.colour for m in p.matches if m.played]
    b = [m.colour for m in q.matches if m.played]
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0 and a[i] == b[j]:
        i -= 1
        j -= 1
    return i >= 0 and j >= 0


def _colour_rule(ri: RoundInput, white: PlayerState, black: PlayerState) -> tuple[int, str]:
    """Which colour rule gives ``white`` white against ``black`` (0 for the
    first rule, E.1 / 5.2.1), and why, in words."""
    w, b = _strength(white), _strength(black)
    hi = white if (ri.score(white), -white.rank) > (ri.score(black), -black.rank) else black
    if not w and not b:
        # Neither has played a game: no preference, no colours to alternate.
        odd = hi.rank % 2 == 0  # 0-based: the 1st, 3rd, ... pairing number is odd
        return 4, (
            f"neither has a colour preference; {hi.id}, the higher ranked, has an "
            f"{'odd' if odd else 'even'} pairing number, so "
            f"{'takes' if odd else 'gives his opponent'} the initial colour "
            f"({_COLOUR[ri.initial_colour]})"
        )
    if white.preference != black.preference or not w or not b:
        granted = " and ".join(
            f"{p.id}'s for {_COLOUR[p.preference]}" for p in (white, black) if p.preference != NONE
        )
        if w and b:
            return 0, f"it grants both colour preferences ({granted})"
        return 0, f"it grants the colour preference ({granted}; the other has none)"
    if w != b or (w == 3 and white.colour_imbalance != black.colour_imbalance):
        white_stronger = (w, white.colour_imbalance) > (b, black.colour_imbalance)
        stronger, weaker = (white, black) if white_stronger else (black, white)
        if w == b:
            return 1, (
                f"both prefer {_COLOUR[white.preference]} absolutely (topscorers, "
                f"{_TOPSCORERS[ri.system]}); {stronger.id}'s colour difference is the wider"
            )
        return 1, (
            f"{stronger.id}'s {_STRENGTH[max(w, b)]} colour preference for "
            f"{_COLOUR[stronger.preference]} is stronger than {weaker.id}'s "
            f"{_STRENGTH[min(w, b)]} one"
        )
    if _last_alternation(white, black):
        return 2, (
            "both prefer the same colour as strongly; it alternates the colours from the last "
            "round in which one of them had white and the other black"
        )
    return 3, f"it grants the colour preference of {hi.id}, the higher ranked"


def _colours(
    ri: RoundInput, by: dict[int, PlayerState], engine: tuple[Pair, ...], file: tuple[Pair, ...]
) -> Explanation | None:
    """A round whose pairs are the system's and only colours differ: the
    colour rule that decides the first such board (2017 E, 2026 5.2)."""
    in_file = set(file)
    for a, b in engine:
        if not b or (a, b) in in_file or (b, a) not in in_file or a not in by or b not in by:
            continue
        i, why = _colour_rule(ri, by[a], by[b])
        article = _COLOUR_RULES[ri.system][i]
        return Explanation(
            "",
            article,
            False,
            f"{b}-{a}",
            f"{a}-{b}",
            f"board {a}-{b}: the file gives {b} white, the system gives {a} white: "
            f"{why} ({article})",
        )
    return None


def explain(
    ri: RoundInput,
    engine: tuple[Pair, ...],
    file: tuple[Pair, ...],
    colourless: frozenset[frozenset[int]] = frozenset(),
) -> Explanation:
    """The first criterion on which ``file`` is worse than ``engine``; where
    only colours differ, the colour rule that decides. ``colourless``: the
    file's boards without colours (a forfeit written ``- +``), whose colours
    are not compared."""
    by = {p.id: p for p in ri.players}
    known = tuple((a, b) for a, b in file if a in by and (not b or b in by))
    if {frozenset(p) for p in engine} == {frozenset(p) for p in known}:
        with_colours = tuple(p for p in known if frozenset(p) not in colourless)
        colours = _colours(ri, by, engine, with_colours)
        if colours is not None:
            return colours
    f, e = _Round(ri, by, known), _Round(ri, by, engine)
    absolute = _absolute(ri, f)
    if absolute is not None:
        return absolute
    pab = _pab_score(ri, f, e)
    if pab is not None:
        return pab
    scores = sorted({ri.score(p) for p in ri.to_pair}, reverse=True)
    s = _differs_at(f, e, scores)
    if s is not None:
        k = scores.index(s)
        nxt = scores[k + 1] if k + 1 < len(scores) else None
        worse = _worse(f, e, s, nxt, ri.system)
        if isinstance(worse, Explanation):
            return worse
    one = _one_bracket_reason(ri, scores, f, e)
    if one is not None:
        return one
    return Explanation(
        bracket="",
        criterion="B.8" if ri.system is System.DUTCH_2017 else "3.x",
        absolute=False,
        file_value="",
        engine_value="",
        text=(
            "the two pairings are equal on every criterion counted here; the system's order "
            "of candidates (transpositions and exchanges, or a criterion not counted here: "
            + (
                "C.4 and C.7's PSD, the completion of the round"
                if ri.system is System.DUTCH_2017
                else "C4, the completion of the round"
            )
            + ") picks the Dutch pairing"
        ),
    )


def _one_bracket_reason(
    ri: RoundInput, scores: list[int], f: _Round, e: _Round
) -> Explanation | None:
    """Where the round is one bracket and neither side floats anyone, only
    the order of candidates can have picked the system's pairing, and which
    step of it is known: round 1 is S1 against S2 in pairing-number order,
    the first candidate (2017 B.2-B.3; 2026 3.2-3.3); a later round, the
    order of transpositions of S2 (2017 D.1; 2026 4.2), of which the first
    of equal candidates is taken (2017 B.8, 2026 3.8.1).
    ``None`` when there are several brackets or a floater (C.4, C.7's PSD
    or the completion may then decide, which are not counted here); the
    same pairing-allocated bye on both sides is no floater."""
    if len(scores) != 1 or f.pab != e.pab:
        return None
    # The same pairing-allocated bye on both sides is no floater to weigh.
    if set(f.downfloaters(scores[0])) - {f.pab} or set(e.downfloaters(scores[0])) - {e.pab}:
        return None
    old = ri.system is System.DUTCH_2017
    if ri.played_rounds == 0:
        text = (
            "round 1 is one bracket, paired top half against bottom half by pairing number "
            "(S1's first against S2's first, and so on: "
            + ("2017 B.2-B.3" if old else "2026 3.2-3.3")
            + "); the file's pairing is as good by every criterion counted here, but that "
            "first candidate is the one the system takes"
        )
        criterion = "B.3" if old else "3.3"
    else:
        text = (
            "one bracket and nobody floats: the two pairings are equal on every criterion "
            "counted here, and the order of transpositions of S2 ("
            + ("2017 D.1" if old else "2026 4.2")
            + ") picks the Dutch pairing"
        )
        criterion = "D.1" if old else "4.2"
    return Explanation(
        bracket="",
        criterion=criterion,
        absolute=False,
        file_value="",
        engine_value="",
        text=text,
    )
