"""Pausing Python's cyclic garbage collector around bulk work.

Reading, checking and rating a tournament allocate tens of thousands of
objects and make no reference cycles, yet every few hundred allocations the
collector runs and walks the young objects, and now and then everything the
process holds (on a 3000-player file that was 14% of a load and half of a
rating run; bench/). Reference counting still frees all that is dropped;
the collector's previous state returns at the end.

Re-enabling it is not enough on its own: everything made in the pause is
still "young", and the first allocation after it walks all of it (a tenth
of a rating run). The records made are long-lived data, not cyclic garbage,
so at the end they are moved to the oldest generation unwalked:
``gc.freeze()`` then ``gc.unfreeze()`` merges the young generations into
the old one in constant time. The next full collection still looks at
them, as it would have once they survived. Where the process has frozen
objects of its own (a pre-fork server keeping pages shared), unfreezing
would release them, so there the young objects are left as they are.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["no_cyclic_gc"]


_host_froze = False
"""Whether this process was seen holding frozen objects of its own: then
the young objects are left as they are, for good (see below)."""


def _promote_young() -> None:
    global _host_froze
    # gc.get_freeze_count() walks the whole frozen list: constant time when
    # nothing is frozen, as in most processes, but 19 ms for a pre-fork
    # server's two million frozen objects. A process that froze its heap
    # does not thaw it, so it is asked until the answer is yes, then never.
    if _host_froze:
        return
    if gc.get_freeze_count():
        _host_froze = True
        return
    gc.freeze()
    gc.unfreeze()


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            _promote_young()
            gc.enable()
