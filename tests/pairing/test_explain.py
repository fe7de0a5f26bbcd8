"""The explanations' C.7 / C8 (the next bracket) count what the next bracket
could pair with the downfloaters chosen, not what the file's pairing made of
it: a file that pairs the next bracket badly is worse there, not in the
choice of downfloaters (corpus trial, trf-import-test.trf round 2 and
bunratty_masters_2011.tab round 5 under dutch-2026)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfkit.pairing import System
from trfkit.pairing.api import check_round
from trfkit.reader import load

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
CASES = [
    ("Sharly-Chess__sharly-chess/trf-import-test.trf", 2),
    ("sanichi__icu_tournament/bunratty_masters_2011.tab", 5),
]


@pytest.mark.parametrize(("name", "r"), CASES)
def test_c8_is_not_blamed_for_the_next_brackets_own_pairing(name: str, r: int) -> None:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"no corpus file {path}")
    rc = check_round(load(path), r, System.DUTCH_2026)
    assert not rc.agrees
    assert rc.explanation is not None
    # The file's downfloaters could still pair their next bracket as well as
    # the system's: the reason is elsewhere.
    assert rc.explanation.criterion != "C8"
