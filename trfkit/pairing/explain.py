"""Why a file's round is not the system's: the criteria as functions of a
whole round's pairing, evaluated on the file's and on the engine's.

Each criterion takes the round's inputs and a pairing (pairs of starting
ranks, ``(n, 0)`` for the PAB) and returns a value to minimise. The
explanation names the first criterion, in the edition's order, on which the
file's pairing is worse; an absolute criterion the file breaks comes first.
"""

from __future__ import annotations

from collections.abc import Callable

from trfkit.pairing.dutch import DOWN, UP, compatible, float_of
from trfkit.pairing.inputs import BLACK, NONE, WHITE, PlayerState, RoundInput
from trfkit.pairing.model import Explanation, Pair, System

__all__ = ["explain"]

Criterion = Callable[[RoundInput, dict[int, PlayerState], tuple[Pair, ...]], tuple[int, ...]]


def _fmt(score: int) -> str:
    whole, tenth = divmod(score, 10)
    if tenth == 0:
        return str(whole)
    if tenth == 5:
        return f"{whole}½" if whole else "½"
    return f"{whole}.{tenth}"


def _repeats(
    ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]
) -> tuple[int, ...]:
    return (sum(1 for a, b in pairs if b and by[b].index in by[a].forbidden),)


def _pab(ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]) -> tuple[int, ...]:
    return (sum(1 for a, b in pairs if not b and not by[a].bye_eligible),)


def _colour_clash(
    ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]
) -> tuple[int, ...]:
    return (
        sum(
            1
            for a, b in pairs
            if b and by[b].index not in by[a].forbidden and not compatible(ri, by[a], by[b])
        ),
    )


def _pab_score(
    ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]
) -> tuple[int, ...]:
    """2026 C5: the score of the PAB assignee (in tenths)."""
    return tuple(ri.score(by[a]) for a, b in pairs if not b) or (0,)


def _downfloaters(
    ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]
) -> tuple[int, ...]:
    """From the top score down: how many of each score play a lower score
    (or take the PAB); compared score by score, the highest first."""
    scores = sorted({ri.score(p) for p in by.values() if p in ri.to_pair}, reverse=True)
    floated = dict.fromkeys(scores, 0)
    for a, b in pairs:
        if not b:
            floated[ri.score(by[a])] += 1
            continue
        sa, sb = ri.score(by[a]), ri.score(by[b])
        if sa != sb:
            floated[max(sa, sb)] += 1
    return tuple(floated[s] for s in scores)


def _colours(strong: bool) -> Criterion:
    def crit(
        ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]
    ) -> tuple[int, ...]:
        n = 0
        for w, b in pairs:
            if not b:
                continue
            for p, got in ((by[w], WHITE), (by[b], BLACK)):
                if p.preference == NONE or p.preference == got:
                    continue
                if strong and not (p.strong or p.absolute):
                    continue
                n += 1
        return (n,)

    return crit


def _floats(direction: int, back: int) -> Criterion:
    def crit(
        ri: RoundInput, by: dict[int, PlayerState], pairs: tuple[Pair, ...]
    ) -> tuple[int, ...]:
        if ri.played_rounds < back:
            return (0,)
        n = 0
        for a, b in pairs:
            if not b:
                n += direction == DOWN and float_of(ri, by[a], back) == DOWN
                continue
            pa, pb = by[a], by[b]
            sa, sb = ri.score(pa), ri.score(pb)
            if sa == sb:
                continue
            hi, lo = (pa, pb) if sa > sb else (pb, pa)
            p = hi if direction == DOWN else lo
            n += float_of(ri, p, back) == direction
        return (n,)

    return crit


# (article 2017, article 2026, absolute, what it counts, the criterion)
_CRITERIA: list[tuple[str, str, bool, str, Criterion]] = [
    ("C.1", "C1", True, "games repeated (players who have already met)", _repeats),
    ("C.2", "C2", True, "PABs to a player who may not have one", _pab),
    ("C.3", "C3", True, "pairs of players with the same absolute colour preference", _colour_clash),
    ("", "C5", False, "as the score of the PAB assignee (tenths)", _pab_score),
    ("C.5", "C6", False, "downfloaters", _downfloaters),
    ("C.10", "C12", False, "players without their colour preference", _colours(False)),
    ("C.11", "C13", False, "players without their strong colour preference", _colours(True)),
    ("C.12", "C14", False, "repeated downfloats from the previous round", _floats(DOWN, 1)),
    ("C.13", "C15", False, "repeated upfloats from the previous round", _floats(UP, 1)),
    ("C.14", "C16", False, "repeated downfloats from two rounds before", _floats(DOWN, 2)),
    ("C.15", "C17", False, "repeated upfloats from two rounds before", _floats(UP, 2)),
]


def explain(ri: RoundInput, engine: tuple[Pair, ...], file: tuple[Pair, ...]) -> Explanation:
    """The first criterion on which ``file`` is worse than ``engine``."""
    by = {p.id: p for p in ri.players}
    known = [(a, b) for a, b in file if a in by and (not b or b in by)]
    file_pairs = tuple(known)
    scores = sorted({ri.score(p) for p in ri.to_pair}, reverse=True)
    for a17, a26, absolute, what, crit in _CRITERIA:
        article = a17 if ri.system is System.DUTCH_2017 else a26
        if not article:
            continue
        fv, ev = crit(ri, by, file_pairs), crit(ri, by, engine)
        if absolute:
            if fv[0] == 0:
                continue
        elif fv == ev:
            continue
        elif fv < ev:
            break  # the file is better here: a criterion not counted here decided
        bracket = ""
        f_text, e_text = str(fv[0]), str(ev[0])
        if crit is _pab_score:
            f_text, e_text = _fmt(fv[0]), _fmt(ev[0])
            return Explanation(
                "",
                article,
                False,
                f_text,
                e_text,
                f"the file gives the PAB to a player with {f_text} points, the Dutch pairing "
                f"to one with {e_text} ({article}: minimise the score of the PAB assignee)",
            )
        if crit is _downfloaters:
            k = next(i for i, (x, y) in enumerate(zip(fv, ev, strict=True)) if x != y)
            bracket = _fmt(scores[k])
            f_text, e_text = str(fv[k]), str(ev[k])
        where = f"bracket {bracket}: " if bracket else ""
        return Explanation(
            bracket=bracket,
            criterion=article,
            absolute=absolute,
            file_value=f_text,
            engine_value=e_text,
            text=(
                f"{where}the file has {f_text} {what}, the Dutch pairing {e_text} ({article})"
                if not absolute
                else f"the file breaks an absolute criterion: {f_text} {what} ({article})"
            ),
        )
    return Explanation(
        bracket="",
        criterion="B.8" if ri.system is System.DUTCH_2017 else "3.x",
        absolute=False,
        file_value="",
        engine_value="",
        text=(
            "the two pairings are equal on every criterion counted here; the system's order "
            "of candidates (transpositions and exchanges, or a criterion further down the list) "
            "picks the Dutch pairing"
        ),
    )
