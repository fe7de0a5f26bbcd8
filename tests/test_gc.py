"""The collector's pause around load, validate and rate (trfkit/_gc.py)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

import trfkit
import trfkit._gc as pause
from tests.conftest import FIXTURES


@pytest.fixture
def fresh_state() -> Iterator[None]:
    gc.unfreeze()
    pause._host_froze = False
    yield
    gc.unfreeze()
    pause._host_froze = False


def test_the_pause_ends_with_the_collector_as_it_was_and_nothing_frozen(fresh_state: None) -> None:
    assert gc.isenabled()
    t = trfkit.load(FIXTURES / "swiss-trf16.trf")
    trfkit.validate(t)
    trfkit.rate(t)
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    gc.disable()
    try:
        trfkit.load(FIXTURES / "swiss-trf16.trf")
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def test_a_host_s_frozen_objects_stay_frozen(fresh_state: None) -> None:
    """A pre-fork server freezes its heap to keep pages shared; the pause's
    freeze-and-thaw would release that heap, so it is not done there (and
    the freeze count, a walk of the frozen list, is not asked again)."""
    kept = [[n] for n in range(1000)]
    gc.freeze()

    def in_the_generations() -> int:
        # Frozen objects are in no generation the collector walks.
        ids = {id(x) for x in kept}
        return sum(1 for o in gc.get_objects() if id(o) in ids)

    assert in_the_generations() == 0
    trfkit.validate(trfkit.load(FIXTURES / "swiss-trf16.trf"))
    assert in_the_generations() == 0
    assert pause._host_froze
