"""The one matching interface the Dutch engine stands on.

``max_weight_matching(n, edges)`` returns, for each vertex ``0 .. n-1``, its
mate (or itself when unmatched) in a matching of maximum total weight. The
weights are Python integers of any size: the Dutch criteria are packed into
them field by field (a higher criterion in higher bits, with room that no sum
of lower fields can carry into it), so a maximum-weight matching is the
lexicographically best one (C.04.3 2017 B.8, 2026 3.x: "the best candidate").

Why networkx: rustworkx is native, but its weights are 128-bit integers and
the packed Dutch weights need several hundred bits in a big event; networkx's
blossom algorithm (Edmonds, Galil) works on Python integers of any size. The
interface is this one function so that a faster exact solver can replace it.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx  # type: ignore[import-untyped]

__all__ = ["max_weight_matching"]


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """Mates of a maximum-weight matching (not of maximum cardinality).

    Edges of weight 0 or less are no edges. A vertex left unmatched is its
    own mate.
    """
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((u, v, w) for u, v, w in edges if w > 0)
    mates = list(range(n))
    for u, v in nx.max_weight_matching(g, maxcardinality=False):
        mates[u] = v
        mates[v] = u
    return mates
