"""trfkit/pairing/completion.py: whether the players still to be paired can
complete the round-pairing (2017 A.9/C.4, 2026 C4), held to networkx's
maximum-cardinality matching on random graphs and sequences of removals and
bye-rule changes, and on hand-built graphs where the answer is known."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection

import networkx as nx  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.pairing.completion import Completion

Edges = set[frozenset[int]]


def _compatible(
    edges: Edges, calls: list[tuple[int, int]] | None = None
) -> Callable[[int, int], bool]:
    def compatible(a: int, b: int) -> bool:
        assert a != b and a >= 0 and b >= 0, (a, b)
        if calls is not None:
            calls.append((a, b))
        return frozenset((a, b)) in edges

    return compatible


def _bye(allowed: Collection[int]) -> Callable[[int], bool]:
    def may_take_bye(v: int) -> bool:
        assert v >= 0, v
        return v in allowed

    return may_take_bye


def _reference(vertices: set[int], edges: Edges, allowed: Collection[int]) -> bool:
    """networkx: a maximum-cardinality matching covers every vertex, with a
    dummy for the PAB adjacent to those who may take it when the count is odd."""
    g = nx.Graph()
    g.add_nodes_from(vertices)
    g.add_edges_from(tuple(e) for e in edges if e <= vertices)
    if len(vertices) % 2:
        g.add_edges_from(("bye", v) for v in vertices if v in allowed)
    matching = nx.max_weight_matching(g, maxcardinality=True)
    return bool(2 * len(matching) == g.number_of_nodes())


def _assert_witness(
    c: Completion, vertices: set[int], edges: Edges, allowed: Collection[int]
) -> None:
    w = c.witness()
    assert set(w) == vertices
    alone = [v for v, m in w.items() if m == v]
    assert len(alone) == len(vertices) % 2
    assert all(v in allowed for v in alone)
    for v, m in w.items():
        if m != v:
            assert w[m] == v
            assert frozenset((v, m)) in edges


def _graph(n: int, p: float, seed: int) -> Edges:
    rnd = random.Random(seed)
    return {frozenset((a, b)) for a in range(n) for b in range(a) if rnd.random() < p}


# -- hand-built graphs -------------------------------------------------


def test_no_players_left_complete() -> None:
    c = Completion([], _compatible(set()), _bye(()))
    assert c.feasible()
    assert c.witness() == {}


def test_one_player_left_completes_only_if_they_may_take_the_bye() -> None:
    assert Completion([3], _compatible(set()), _bye({3})).witness() == {3: 3}
    assert not Completion([3], _compatible(set()), _bye(())).feasible()


def test_an_augmenting_path_through_a_blossom() -> None:
    # A 5-cycle 1-2-3-4-5 with a stem 6-0-1 and a pendant 7 on 2. The
    # greedy start pairs 0-1, 2-3, 4-5 and leaves 6 and 7; the search from
    # 6 reaches 2 and 5 as odd vertices and closes the cycle at 3-4: the
    # only augmenting path, 6-0=1-5=4-3=2-7, goes round the blossom.
    edges = {frozenset(e) for e in [(6, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (2, 7)]}
    c = Completion(range(8), _compatible(edges), _bye(()))
    assert c.feasible()
    assert c.contractions >= 1
    assert c.witness() == {6: 0, 0: 6, 1: 5, 5: 1, 4: 3, 3: 4, 2: 7, 7: 2}


def test_blossoms_closed_from_either_side() -> None:
    # Found by a random search: the searches contract four blossoms, one of
    # them reached first from the side of the edge's far end, whose path
    # round the cycle must be recorded too (without it the flip loops).
    pairs = [(0, 2), (0, 5), (0, 6), (0, 10), (1, 2), (1, 4), (1, 5), (1, 6), (2, 8)]
    pairs += [(3, 5), (3, 9), (4, 6), (4, 8), (5, 8), (5, 11), (7, 8), (7, 9), (9, 10)]
    edges = {frozenset(e) for e in pairs}
    c = Completion(range(12), _compatible(edges), _bye(()))
    _assert_witness(c, set(range(12)), edges, ())
    assert c.contractions >= 2


def test_a_triangle_with_the_bye() -> None:
    edges = _graph(3, 1.0, 0)
    c = Completion(range(3), _compatible(edges), _bye({0, 1, 2}))
    _assert_witness(c, {0, 1, 2}, edges, {0, 1, 2})


def test_only_one_player_may_take_the_bye() -> None:
    # A path 0-1-2: with only 0 allowed the bye, 1-2 and 0 alone; with only
    # 1 allowed, 0 and 2 both need 1: no completion.
    edges = {frozenset((0, 1)), frozenset((1, 2))}
    c = Completion(range(3), _compatible(edges), _bye({0}))
    assert c.witness() == {0: 0, 1: 2, 2: 1}
    c.set_bye_rule(_bye({1}))
    assert not c.feasible()
    c.set_bye_rule(_bye({2}))
    assert c.witness() == {0: 1, 1: 0, 2: 2}


def test_two_disjoint_triangles_have_no_perfect_matching() -> None:
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]}
    c = Completion(range(6), _compatible(edges), _bye(range(6)))
    assert not c.feasible()
    with pytest.raises(ValueError):
        c.witness()
    # Taking a pair of one triangle out leaves a player of each alone.
    assert not c.try_remove([(0, 1)], keep=True)
    # Bridging them does not help an even count without a bye.
    assert not c.feasible()


def test_a_rule_change_moves_the_bye() -> None:
    edges = _graph(5, 1.0, 0)
    c = Completion(range(5), _compatible(edges), _bye(range(5)))
    (first,) = [v for v, m in c.witness().items() if v == m]
    c.set_bye_rule(_bye(set(range(5)) - {first}))
    (second,) = [v for v, m in c.witness().items() if v == m]
    assert second != first
    c.set_bye_rule(_bye(()))
    assert not c.feasible()
    c.set_bye_rule(_bye({first}))
    assert c.witness()[first] == first


def test_a_trial_removal_not_kept_changes_nothing() -> None:
    edges = _graph(10, 0.6, 1)
    c = Completion(range(10), _compatible(edges), _bye(()))
    assert c.feasible()
    before = c.witness()
    pair = next(tuple(e) for e in sorted(edges, key=sorted) if before[min(e)] != max(e))
    a, b = pair
    assert c.try_remove([(a, b)], keep=False) == _reference(set(range(10)) - {a, b}, edges, ())
    assert c.witness() == before
    with pytest.raises(ValueError):
        c.try_remove([(a, a)], keep=True)
    with pytest.raises(ValueError):
        c.try_remove([(a, 99)], keep=True)


def test_a_removal_that_fails_is_not_kept() -> None:
    # A path 0-1-2-3: taking 1-2 out strands 0 and 3.
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 3)]}
    c = Completion(range(4), _compatible(edges), _bye(()))
    assert not c.try_remove([(1, 2)], keep=True)
    assert c.witness() == {0: 1, 1: 0, 2: 3, 3: 2}
    assert c.try_remove([(0, 1)], keep=True)
    assert c.witness() == {2: 3, 3: 2}


def test_the_pairs_are_asked_lazily_on_a_dense_graph() -> None:
    # 300 players who may all meet but for a few pairs each: building the
    # witness asks about far fewer than the 44,850 pairs, and so does
    # re-completing it after pairs leave.
    rnd = random.Random(5)
    n = 300
    edges = {frozenset((a, b)) for a in range(n) for b in range(a)}
    for a in range(n):
        edges -= {frozenset((a, rnd.randrange(n))) for _ in range(3)}
    calls: list[tuple[int, int]] = []
    c = Completion(range(n), _compatible(edges, calls), _bye(range(n)))
    assert c.feasible()
    assert len(calls) < 3 * n
    calls.clear()
    pairs = [
        (a, b)
        for a, b in zip(range(0, 40, 2), range(1, 40, 2), strict=True)
        if frozenset((a, b)) in edges
    ]
    assert c.try_remove(pairs, keep=True)
    assert len(calls) < 20 * len(pairs)
    _assert_witness(c, set(range(n)) - {v for p in pairs for v in p}, edges, range(n))


# -- against networkx ---------------------------------------------------------


@st.composite
def _cases(
    draw: st.DrawFn,
) -> tuple[int, Edges, set[int], list[tuple[str, int, bool, set[int]]], int]:
    n = draw(st.integers(0, 14))
    p = draw(st.sampled_from([0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.5, 0.75, 0.9, 1.0]))
    seed = draw(st.integers(0, 2**32))
    edges = _graph(n, p, seed)
    allowed = draw(st.sets(st.integers(0, max(n - 1, 0)), max_size=n))
    ops = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["feasible", "remove", "remove", "bye"]),
                st.integers(0, 3),
                st.booleans(),
                st.sets(st.integers(0, max(n - 1, 0)), max_size=n),
            ),
            max_size=8,
        )
    )
    return n, edges, allowed, ops, seed


def _removal(rnd: random.Random, vertices: set[int], edges: Edges, k: int) -> list[tuple[int, int]]:
    """Up to ``k`` disjoint pairs of current players, mostly pairs who may
    meet (as the engine removes), sometimes any two."""
    order = sorted(vertices)
    rnd.shuffle(order)
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for a in order:
        for b in order:
            free = len(pairs) < k and a != b and not {a, b} & used
            if free and (frozenset((a, b)) in edges or rnd.random() < 0.2):
                pairs.append((a, b))
                used |= {a, b}
    return pairs


@settings(max_examples=600, deadline=None)
@given(_cases())
def test_against_networkx(
    case: tuple[int, Edges, set[int], list[tuple[str, int, bool, set[int]]], int],
) -> None:
    n, edges, allowed, ops, seed = case
    rnd = random.Random(seed)
    vertices = set(range(n))
    c = Completion(range(n), _compatible(edges), _bye(allowed))
    for kind, k, keep, new_allowed in ops:
        if kind == "bye":
            allowed = new_allowed
            c.set_bye_rule(_bye(allowed))
        elif kind == "remove":
            pairs = _removal(rnd, vertices, edges, k)
            before = c.witness() if c.feasible() else None
            rest = vertices - {v for pair in pairs for v in pair}
            ok = c.try_remove(pairs, keep)
            assert ok == _reference(rest, edges, allowed)
            if keep and ok:
                vertices = rest
            elif before is not None:
                assert c.witness() == before
        expected = _reference(vertices, edges, allowed)
        assert c.feasible() == expected
        if expected:
            _assert_witness(c, vertices, edges, allowed)
