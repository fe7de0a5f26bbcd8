"""The edge weights' fast path against a reference: ``_Weights.edge``
computes a weight once per pair of player profiles (score, PAB eligibility,
games played, colour state, floats) and bracket state, and reuses it for
every pair of players with the same profiles. Here every pair's weight is
computed afresh for that pair (the reference, in this file only) and the
two must agree, in every bracket state the engine uses."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from trfkit.pairing import System
from trfkit.pairing.dutch import _Weights, compatible
from trfkit.pairing.inputs import PlayerState, RoundInput, read_round
from trfkit.reader import load

ORACLE = Path(__file__).resolve().parents[2].parent / "shared" / "pairing-oracle"
FILES = ["s00001-157x4", "s00116-12x5", "s00158-67x13"]


def _reference(W: _Weights, hi: PlayerState, lo: PlayerState, flags: tuple[bool, ...]) -> int:
    # A fresh _Weights-state computation for this one pair, no cache.
    if not compatible(W.ri, hi, lo):
        return 0
    return W.profile_edge(hi, lo, *flags)


def _rounds() -> list[object]:
    out: list[object] = []
    for stem in FILES:
        found = sorted(ORACLE.glob(f"dutch-20*/{stem}.trf"))
        if not found:
            out.append(
                pytest.param(None, 0, marks=pytest.mark.skip(reason=f"no {stem} in {ORACLE}"))
            )
            continue
        f = found[0]
        rounds = int(stem.split("x")[1])
        for r in (2, rounds // 2 + 1, rounds):
            out.append(pytest.param(f, r, id=f"{stem}@r{r}"))
    return out


@pytest.mark.parametrize(("path", "rnd"), _rounds())
@pytest.mark.parametrize("system", [System.DUTCH_2017, System.DUTCH_2026])
def test_every_pair_weighs_as_computed_alone(path: Path, rnd: int, system: System) -> None:
    ri: RoundInput = read_round(load(path), rnd, system)
    players = sorted(ri.to_pair, key=lambda p: (-ri.score(p), p.rank))[:40]
    W = _Weights(ri, players)
    scores = sorted({W.scores[p.index] for p in players})
    # Every score may be the PAB's (2026 C9 reads the games played there).
    states = [(False, False, 0), (True, False, scores[-1])]
    states += [(False, True, s) for s in scores]
    states.append((system is System.DUTCH_2017, True, 1 << 60))
    checked = distinct = 0
    for collapsed, single, bye_score in states:
        if collapsed and system is not System.DUTCH_2017:
            continue
        W.collapsed, W.single_downfloater_is_bye, W.bye_score = collapsed, single, bye_score
        W.unplayed_rank = {p.played_games: k for k, p in enumerate(players)}
        for hi, lo in itertools.permutations(players, 2):
            for flags in ((True, False, True), (False, True, True), (False, False, False)):
                got = W.edge(hi, lo, *flags)
                assert got == _reference(W, hi, lo, flags), (hi.id, lo.id, flags)
                checked += 1
        distinct = len(W.cache)
    # The cache did its work: far fewer weights computed than pairs weighed.
    assert 0 < distinct < checked
