"""Pausing Python's cyclic garbage collector around bulk work.

Reading, checking and rating a tournament allocate tens of thousands of
objects and make no reference cycles, yet every few hundred allocations the
collector runs and walks the young objects, and now and then everything the
process holds (on a 3000-player file that was 14% of a load and half of a
rating run; bench/). Reference counting still frees all that is dropped;
the collector's previous state returns at the end.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["no_cyclic_gc"]


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
