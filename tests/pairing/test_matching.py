"""trfkit's incremental matcher (trfkit/pairing/matching.py) against
networkx's ``max_weight_matching``, the reference: after every solve of a
random sequence of weight changes and fixed pairs, the total weight of
trfkit's matching is networkx's on the same edges."""

from __future__ import annotations

import networkx as nx  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.pairing.matching import Graph

Adj = list[dict[int, int]]


def _reference(adj: Adj) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(len(adj)))
    for a, row in enumerate(adj):
        for b, w in row.items():
            if a < b:
                g.add_edge(a, b, weight=w)
    return sum(adj[a][b] for a, b in nx.max_weight_matching(g, maxcardinality=False))


def _check(g: Graph, adj: Adj, fixed: dict[int, int]) -> None:
    mates = g.solve()
    total = 0
    for v, m in enumerate(mates):
        assert mates[m] == v, "not a matching"
        if v in fixed:
            assert m == fixed[v], "a fixed pair was not kept"
        elif m != v:
            assert m in adj[v], "a pair that is no edge"
            if v < m:
                total += adj[v][m]
    assert total == _reference(adj)


def _weights(draw: st.DrawFn) -> st.SearchStrategy[int]:
    # Small weights give many ties; the packed Dutch weights are hundreds of
    # bits with most of the difference in the low fields.
    kind = draw(st.sampled_from(["small", "big", "packed"]))
    if kind == "small":
        return st.integers(1, 4)
    if kind == "big":
        return st.integers(1, 1 << 300)
    return st.builds(lambda hi, lo: (hi << 250) | lo, st.integers(1, 3), st.integers(0, 7))


@st.composite
def _scripts(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]], list[object]]:
    n = draw(st.integers(1, 11))
    weight = _weights(draw)
    pairs = [(a, b) for a in range(n) for b in range(a)]
    first = [(a, b, draw(weight)) for a, b in pairs if draw(st.booleans())]
    steps: list[object] = []
    for _ in range(draw(st.integers(0, 6))):
        if n >= 2 and draw(st.integers(0, 4)) == 0:
            a, b = draw(st.sampled_from(pairs))
            steps.append(("finalize", a, b))
        else:
            v = draw(st.integers(0, n - 1))
            delta = st.one_of(st.just(0), weight, st.integers(-3, 3))
            changes = [(u, draw(delta)) for u in range(n) if u != v and draw(st.booleans())]
            steps.append(("set", v, changes))
    return n, first, steps


@settings(max_examples=300, deadline=None)
@given(_scripts())
def test_every_solve_is_a_maximum_weight_matching(
    script: tuple[int, list[tuple[int, int, int]], list[object]],
) -> None:
    n, first, steps = script
    g = Graph(n)
    adj: Adj = [{} for _ in range(n)]
    fixed: dict[int, int] = {}

    def put(a: int, b: int, w: int) -> None:
        g.set(a, b, w)
        if w > 0:
            adj[a][b] = adj[b][a] = w
        else:
            adj[a].pop(b, None)
            adj[b].pop(a, None)

    for a, b, w in first:
        put(a, b, w)
    _check(g, adj, fixed)
    for step in steps:
        if step[0] == "finalize":
            _, a, b = step  # type: ignore[misc]
            if a in fixed or b in fixed:
                continue
            for x in (a, b):
                for y in list(adj[x]):
                    adj[x].pop(y)
                    adj[y].pop(x)
            g.finalize(a, b)
            fixed[a], fixed[b] = b, a
        else:
            _, v, changes = step  # type: ignore[misc]
            if v in fixed:
                continue
            for u, d in changes:
                if u not in fixed:
                    # A small delta changes the weight a little (the engine's
                    # low bits), anything else replaces it.
                    w = adj[v].get(u, 0) + d if -3 <= d <= 3 else d
                    put(v, u, max(w, 0))
        _check(g, adj, fixed)


def test_a_change_that_keeps_the_matching_optimal_costs_no_search() -> None:
    g = Graph(4)
    g.set(0, 1, 10)
    g.set(2, 3, 10)
    g.set(1, 2, 3)
    assert g.solve() == [1, 0, 3, 2]
    searches = g.stages
    g.set(1, 2, 2)  # an unmatched edge made lighter keeps its slack
    assert g.solve() == [1, 0, 3, 2]
    g.set(1, 2, 0)  # ... and so does one removed
    assert g.solve() == [1, 0, 3, 2]
    assert g.stages == searches
    g.set(0, 3, 4)  # one made heavier may need a search, not a new answer
    assert g.solve() == [1, 0, 3, 2]
    g.set(1, 2, 30)  # now it is worth breaking both pairs
    assert g.solve() == [3, 2, 1, 0]
    assert g.stages > searches


def test_a_fixed_pair_leaves_the_graph() -> None:
    g = Graph(4)
    for a, b, w in [(0, 1, 5), (1, 2, 9), (2, 3, 5), (0, 3, 2)]:
        g.set(a, b, w)
    assert g.solve() == [3, 2, 1, 0]  # 9 + 2 beats 5 + 5
    g.finalize(0, 1)
    assert g.solve() == [1, 0, 3, 2]  # 2-3 is the only edge left
    g.set(0, 2, 0)  # setting a fixed vertex's edge to nothing is no change
    try:
        g.set(0, 2, 1)
    except ValueError as e:
        assert "finalized" in str(e)
    else:
        raise AssertionError("a fixed vertex took an edge")


def test_packed_weights_beyond_128_bits_decide_on_the_low_bits() -> None:
    # Two matchings equal in the top field: the low field decides.
    top = 1 << 400
    g = Graph(4)
    g.set(0, 1, top + 1)
    g.set(2, 3, top + 1)
    g.set(0, 2, top + 2)
    g.set(1, 3, top + 1)
    assert g.solve() == [2, 3, 0, 1]
