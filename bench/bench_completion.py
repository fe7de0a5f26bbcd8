"""Speed of trfkit/pairing/completion.py on the graphs the Dutch engine asks
about: 1,000 players who may almost all meet (each barred from ~5 others),
(a) the first ``feasible()`` (a witness built from nothing) and (b) 12
successive ``try_remove(keep=True)`` of ~40 random pairs who may meet (a
bracket's pairs leaving), plus as many ``keep=False`` trials. Goal: well
under 0.1 s each. Reports the times and the number of ``compatible`` calls
(of 499,500 pairs). Not part of the test run; run under the shared lock:

    flock /work/wt/bench.lock python bench/bench_completion.py [--players 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from trfkit.pairing.completion import Completion


def _barred(n: int, per: int, rnd: random.Random) -> set[tuple[int, int]]:
    """Pairs who may not meet: each player with ``per`` random others."""
    out: set[tuple[int, int]] = set()
    for a in range(n):
        for _ in range(per // 2 + per % 2):
            b = rnd.randrange(n)
            if a != b:
                out.add((min(a, b), max(a, b)))
    return out


def _pairs(
    rnd: random.Random, left: list[int], ok: Callable[[int, int], bool], k: int
) -> list[tuple[int, int]]:
    """About ``k`` disjoint random pairs of ``left`` who may meet."""
    order = left[:]
    rnd.shuffle(order)
    out: list[tuple[int, int]] = []
    while len(out) < k and len(order) >= 2:
        a, b = order.pop(), order.pop()
        if ok(a, b):
            out.append((a, b))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--steps", type=int, default=12)
    ap.add_argument("--pairs", type=int, default=40)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    n: int = args.players
    barred = _barred(n, 5, rnd)
    calls = [0]

    def compatible(a: int, b: int) -> bool:
        calls[0] += 1
        return (a, b) not in barred if a < b else (b, a) not in barred

    def may_take_bye(v: int) -> bool:
        return v >= n // 2  # the lower half, say

    c = Completion(range(n), compatible, may_take_bye)
    t = time.perf_counter()
    ok = c.feasible()
    print(f"initial feasible(): {ok}  {1000 * (time.perf_counter() - t):.2f} ms  {calls[0]} calls")
    left = list(range(n))
    worst_keep = worst_trial = 0.0
    for step in range(args.steps):
        pairs = _pairs(rnd, left, compatible, args.pairs)
        calls[0] = 0
        t = time.perf_counter()
        trial = c.try_remove(_pairs(rnd, left, compatible, args.pairs), keep=False)
        t_trial = time.perf_counter() - t
        c_trial = calls[0]
        calls[0] = 0
        t = time.perf_counter()
        ok = c.try_remove(pairs, keep=True)
        t_keep = time.perf_counter() - t
        gone = {v for p in pairs for v in p} if ok else set()
        left = [v for v in left if v not in gone]
        worst_keep, worst_trial = max(worst_keep, t_keep), max(worst_trial, t_trial)
        print(
            f"step {step + 1:2}: {len(pairs)} pairs kept={ok} {1000 * t_keep:.2f} ms "
            f"{calls[0]} calls; trial={trial} {1000 * t_trial:.2f} ms {c_trial} calls; "
            f"{len(left)} left"
        )
    print(
        f"worst try_remove keep=True {1000 * worst_keep:.2f} ms, keep=False {1000 * worst_trial:.2f} ms"
    )
    print(f"blossoms contracted: {c.contractions}")
    _hard(n, barred)


def _hard(n: int, barred: set[tuple[int, int]]) -> None:
    """(c) An expensive answer: no completion, and the failing search
    reaches a tenth of the players and scans all their pairs. Players 0-99
    may meet anyone; players 100-200 (101 of them, say leaders who have met
    the rest) may meet only those 100: one of them is left (a Tutte
    barrier). Then (d) the bye rule changes (an odd count) so that the
    witness's PAB may no longer take it."""
    calls = [0]

    def compatible(a: int, b: int) -> bool:
        calls[0] += 1
        if 100 <= a <= 200 or 100 <= b <= 200:
            return min(a, b) < 100
        return (a, b) not in barred if a < b else (b, a) not in barred

    c = Completion(range(n), compatible, lambda v: True)
    t = time.perf_counter()
    ok = c.feasible()
    print(
        f"(c) infeasible feasible(): {ok}  {1000 * (time.perf_counter() - t):.1f} ms  {calls[0]} calls"
    )
    odd = Completion(
        range(1, n), lambda a, b: compatible(a, b) or a == 100 or b == 100, lambda v: True
    )
    assert odd.feasible()
    (pab,) = [v for v, m in odd.witness().items() if v == m]
    calls[0] = 0
    odd.set_bye_rule(lambda v: v != pab)
    t = time.perf_counter()
    ok = odd.feasible()
    print(f"(d) bye rule change: {ok}  {1000 * (time.perf_counter() - t):.2f} ms  {calls[0]} calls")


if __name__ == "__main__":
    main()
