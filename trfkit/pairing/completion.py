"""Can the players still to be paired complete the round? (:class:`Completion`)

The Dutch system pairs a round bracket by bracket, and every choice it makes
in a bracket must leave the players still to be paired able to complete the
round-pairing (C.04.3 2017 A.9 and C.4; 2026 C4): all of them paired with an
opponent they may meet, but at most one, and that one may take the
pairing-allocated bye (2017 C.2 and C.5; 2026 C5: the PAB goes to a player
of the lowest score who may take it). The engine asks this tens of times
per round, each time about a set of players a little smaller than the last,
on graphs where almost every pair may meet.

So the answer is kept as a witness between questions: a matching of the
current players. When players leave (a bracket's pairs are fixed), only
their partners in the witness lose theirs; they are matched again first to
each other where they may meet, then by augmenting paths (Edmonds' blossom
algorithm for a maximum-cardinality matching: an alternating tree grown
breadth-first from one unmatched player, odd cycles contracted, the first
augmenting path taken). An unmatched player from whom there is no
augmenting path proves that no completion exists (Berge: such a player is
left unmatched by some maximum matching, so no matching covers everyone).

The PAB is a dummy vertex, :data:`BYE`, present when the number of players
is odd and adjacent to every player who may take the bye: a completion is
then exactly a perfect matching of the players and the dummy.

Who may meet whom is asked lazily (``compatible`` is a call per pair, and
a round of 1,000 players has half a million pairs): a vertex's neighbours
are scanned only while a search needs them, and a newly reached vertex is
first tried against the few unmatched ones, so on a dense graph a search
usually ends after a handful of calls. The worst case is a search that
fails, which scans every pair of the players it reaches: O(V^2) calls for
one search, O(V^3) = O(V*E) on a dense graph for a whole construction.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from itertools import chain

BYE = -1
"""The dummy vertex standing for the pairing-allocated bye: its partner in a
witness takes the PAB (2017 C.2; 2026 C5). Players are numbered from 0."""


class _Tree:
    """One alternating tree grown from an unmatched root (Edmonds).

    ``even`` holds the vertices at an even distance from the root (the root,
    the partners of the odd ones, and every vertex of a contracted blossom);
    ``parent`` maps an odd vertex to the even one it was reached from, and,
    once a blossom is contracted, an even vertex of it to the neighbour the
    path to the root leaves by going the other way round the cycle;
    ``base`` maps each reached vertex to the base of its outermost blossom
    (itself when in none). Following ``parent`` and the matching from any
    even vertex gives an even alternating path to the root."""

    __slots__ = ("base", "even", "parent", "queue", "reached", "root")

    def __init__(self, root: int) -> None:
        self.root = root
        self.parent: dict[int, int] = {}
        self.base: dict[int, int] = {root: root}
        self.even: set[int] = {root}
        self.reached: list[int] = [root]
        self.queue: deque[int] = deque([root])


class Completion:
    """A witness that the players still to be paired can complete the
    round-pairing (2017 A.9/C.4, 2026 C4): a matching of all of them but at
    most one, who may take the PAB.

    ``vertices`` are the players (non-negative ints); ``compatible(a, b)``
    says whether a and b may meet (symmetric, asked lazily);
    ``may_take_bye(v)`` whether v may take the PAB."""

    __slots__ = (
        "_alive",
        "_compatible",
        "_failed",
        "_free",
        "_mate",
        "_may_take_bye",
        "_odd",
        "_recheck_bye",
        "contractions",
    )

    def __init__(
        self,
        vertices: Iterable[int],
        compatible: Callable[[int, int], bool],
        may_take_bye: Callable[[int], bool],
    ) -> None:
        # An ordered dict, not a set: O(1) removal, and the scans follow
        # the caller's order (the engine's: by rank), so a run is repeatable.
        self._alive: dict[int, None] = dict.fromkeys(vertices)
        if any(v < 0 for v in self._alive):
            raise ValueError("the vertices are numbered from 0")
        self._compatible = compatible
        self._may_take_bye = may_take_bye
        # The witness: both directions of each pair, the dummy BYE included.
        self._mate: dict[int, int] = {}
        self._free: set[int] = set(self._alive)
        # Pairs leave two at a time, so whether a PAB is needed never changes.
        self._odd = len(self._alive) % 2 == 1
        if self._odd:
            self._free.add(BYE)
        # The last search failed and nothing has changed since: still no.
        self._failed = False
        self._recheck_bye = False
        self.contractions = 0
        """How many blossoms the searches contracted (for tests and benchmarks)."""

    # -- the questions -------------------------------------------------

    def set_bye_rule(self, may_take_bye: Callable[[int], bool]) -> None:
        """Change who may take the PAB (2017 C.5, 2026 C5: the lowest score
        that may take it moves as the brackets are paired). The witness's
        PAB is checked against the new rule by the next question."""
        self._may_take_bye = may_take_bye
        self._recheck_bye = True
        self._failed = False

    def feasible(self) -> bool:
        """Whether the current players can complete the round-pairing;
        the witness found is kept for the next question."""
        return self._complete()

    def try_remove(self, pairs: Sequence[tuple[int, int]], keep: bool) -> bool:
        """Whether the current players but those of ``pairs`` can complete
        the round-pairing. With ``keep`` and a yes, those players leave for
        good and the witness found is kept; otherwise everything (players,
        witness, answers to come) is as before the call."""
        self._apply_bye_rule()
        gone = {v for pair in pairs for v in pair}
        if len(gone) != 2 * len(pairs) or not gone <= self._alive.keys():
            raise ValueError("pairs must be of distinct current players")
        saved = (dict(self._mate), set(self._free), dict(self._alive), self._failed)
        self._leave(gone)
        self._failed = False
        ok = self._complete()
        if not (keep and ok):
            self._mate, self._free, self._alive, self._failed = saved
        return ok

    def witness(self) -> dict[int, int]:
        """Each current player's opponent in a completion; the one who takes
        the PAB (at most one) is mapped to itself. ValueError when there is
        no completion."""
        if not self._complete():
            raise ValueError("the players cannot complete the round-pairing")
        return {v: v if self._mate[v] == BYE else self._mate[v] for v in self._alive}

    # -- keeping the witness -------------------------------------------

    def _adjacent(self, a: int, b: int) -> bool:
        if a == BYE:
            return self._may_take_bye(b)
        if b == BYE:
            return self._may_take_bye(a)
        return self._compatible(a, b)

    def _leave(self, gone: set[int]) -> None:
        """Take the players ``gone`` out; their partners are left unmatched."""
        for v in gone:
            del self._alive[v]
            self._free.discard(v)
            m = self._mate.pop(v, None)
            if m is not None and m not in gone:
                del self._mate[m]
                self._free.add(m)
        assert len(self._alive) % 2 == self._odd, "pairs leave two at a time"

    def _apply_bye_rule(self) -> None:
        """After a change of the PAB rule: a witness's PAB that may no longer
        take it is unmatched, for the search to place the bye again."""
        if not self._recheck_bye:
            return
        self._recheck_bye = False
        u = self._mate.get(BYE)
        if u is not None and not self._may_take_bye(u):
            del self._mate[u], self._mate[BYE]
            self._free.update((u, BYE))

    def _complete(self) -> bool:
        """Match every unmatched vertex, or find one that cannot be (Berge)."""
        self._apply_bye_rule()
        if self._failed:
            return False
        if not self._free:
            return True
        self._greedy()
        for root in sorted(self._free):
            if root in self._free and not self._augment(root):
                self._failed = True
                return False
        return True

    def _greedy(self) -> None:
        """Pair unmatched vertices that may meet, each with the first after
        it (the dummy last, so the PAB goes to whoever is left): on a dense
        graph nearly all of them, at a call or two each."""
        free = self._free
        pool = [v for v in self._alive if v in free]
        if BYE in free:
            pool.append(BYE)
        taken = [False] * len(pool)
        for i, v in enumerate(pool):
            if taken[i]:
                continue
            for j in range(i + 1, len(pool)):
                if not taken[j] and self._adjacent(v, pool[j]):
                    taken[i] = taken[j] = True
                    self._pair(v, pool[j])
                    break

    def _pair(self, a: int, b: int) -> None:
        self._mate[a] = b
        self._mate[b] = a
        self._free.discard(a)
        self._free.discard(b)

    # -- Edmonds' search for an augmenting path --------------------------

    def _augment(self, root: int) -> bool:
        """Grow an alternating tree from the unmatched ``root`` until an
        augmenting path is found (and flipped: one more pair) or the tree
        can grow no more (no completion)."""
        others = [f for f in self._free if f != root]
        assert others, "the vertices (with the dummy) are even in number"
        tree = _Tree(root)
        end = self._free_neighbour(root, others)
        if end is not None:
            tree.parent[end] = root
        while end is None and tree.queue:
            end = self._scan(tree.queue.popleft(), tree, others)
        if end is None:
            return False
        self._flip(end, tree)
        return True

    def _free_neighbour(self, v: int, others: list[int]) -> int | None:
        """An unmatched vertex that the even vertex ``v`` may meet: the end
        of an augmenting path. Asked once per even vertex, as soon as it is
        reached, so the scans of :meth:`_scan` skip the unmatched ones."""
        for f in others:
            if self._adjacent(v, f):
                return f
        return None

    def _scan(self, x: int, tree: _Tree, others: list[int]) -> int | None:
        """Grow the tree by the edges of the even vertex ``x``; the end of
        an augmenting path found (its ``parent`` set), or None."""
        mate, even, parent, base = self._mate, tree.even, tree.parent, tree.base
        mx = mate.get(x)
        for to in chain(self._alive, (BYE,) if self._odd else ()):
            if to in (x, mx):
                continue
            if to in even:
                # Two even vertices of different blossoms: an odd cycle.
                if base[to] != base[x] and self._adjacent(x, to):
                    end = self._contract(x, to, tree, others)
                    if end is not None:
                        return end
            elif to not in parent and to not in self._free and self._adjacent(x, to):
                # An unreached matched vertex: odd, its partner even.
                y = mate[to]
                parent[to] = x
                base[to] = to
                base[y] = y
                even.add(y)
                tree.reached += (to, y)
                tree.queue.append(y)
                end = self._free_neighbour(y, others)
                if end is not None:
                    parent[end] = y
                    return end
        return None

    def _contract(self, x: int, to: int, tree: _Tree, others: list[int]) -> int | None:
        """Contract the blossom closed by the edge between the even vertices
        ``x`` and ``to``: its odd vertices become even (and are tried against
        the unmatched ones at once); the end of an augmenting path, or None."""
        top = self._common_base(x, to, tree)
        inside: set[int] = set()
        self._mark_path(x, top, to, tree, inside)
        self._mark_path(to, top, x, tree, inside)
        self.contractions += 1
        new: list[int] = []
        for v in tree.reached:
            if tree.base[v] in inside:
                tree.base[v] = top
                if v not in tree.even:
                    tree.even.add(v)
                    tree.queue.append(v)
                    new.append(v)
        for v in new:
            end = self._free_neighbour(v, others)
            if end is not None:
                tree.parent[end] = v
                return end
        return None

    def _common_base(self, a: int, b: int, tree: _Tree) -> int:
        """The base where the tree paths from ``a`` and ``b`` to the root
        meet: the base of the new blossom."""
        seen: set[int] = set()
        while True:
            a = tree.base[a]
            seen.add(a)
            m = self._mate.get(a)
            if m is None:  # the root
                break
            a = tree.parent[m]
        while True:
            b = tree.base[b]
            if b in seen:
                return b
            b = tree.parent[self._mate[b]]

    def _mark_path(self, v: int, top: int, child: int, tree: _Tree, inside: set[int]) -> None:
        """Walk from the even vertex ``v`` up to the blossom's base ``top``,
        noting the blossoms passed, and point each even vertex on the way at
        the vertex below it (``child``): the way round the cycle that leaves
        it by its matched edge, so an augmenting path through the blossom
        can be read back from ``parent``."""
        while tree.base[v] != top:
            m = self._mate[v]
            inside.add(tree.base[v])
            inside.add(tree.base[m])
            tree.parent[v] = child
            child = m
            v = tree.parent[m]

    def _flip(self, end: int, tree: _Tree) -> None:
        """Swap matched and unmatched edges along the path from the
        unmatched ``end`` back to the root: one more pair."""
        u = end
        while True:
            p = tree.parent[u]
            nxt = self._mate.get(p)
            self._mate[u] = p
            self._mate[p] = u
            if nxt is None:
                break
            u = nxt
        self._free.discard(end)
        self._free.discard(tree.root)
