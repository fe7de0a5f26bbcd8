"""trfkit's Dutch engine on the real corpus files against bbpPairings'
verdicts on them (../shared/pairing-oracle/real-files.json, both editions):
the same rounds flagged, and on a flagged round the system's pairs that the
file lacks are bbp's.

Files bbp could not read (its error is in the JSON) are skipped with it.
CI runs the files of up to ``MAX_PLAYERS`` players, which is every file of
the corpus today: the two 284-player files (example1.trf, example_trf16.trf,
7 rounds) take about 5 s per edition here; ``TRFKIT_PAIRING_ORACLE=full``
lifts the limit for a bigger file added later. A forfeit the file writes
without colours is compared by its pair only (docs/pairings.md). The
expected differences are in ``EXPECTED`` and explained in docs/pairings.md.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from trfkit.pairing import System, check_round
from trfkit.reader import load

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
ORACLE = SHARED / "pairing-oracle" / "real-files.json"
CORPUS = SHARED / "corpus"
MAX_PLAYERS = 300
FULL = os.environ.get("TRFKIT_PAIRING_ORACLE") == "full"

# (file, edition) -> the rounds trfkit flags and bbp does not, and why
# (docs/pairings.md, "Agreement with bbpPairings").
EXPECTED: dict[tuple[str, str], tuple[set[int], str]] = {
    ("Sharly-Chess__sharly-chess/trf-import-test.trf", "dutch-2017"): (
        {1, 2, 3},
        "192 FIDE_DUTCH_2026_BAKU declares the Baku acceleration (C.04.5.1); bbp's 2017 "
        "build ignores 192, so it checks the rounds unaccelerated",
    ),
}


def _cases() -> list[object]:
    if not ORACLE.exists() or not CORPUS.is_dir():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=f"no {ORACLE} or {CORPUS}"))]
    out: list[object] = []
    for name, by_edition in sorted(json.loads(ORACLE.read_text()).items()):
        for edition, verdicts in sorted(by_edition.items()):
            marks = []
            if "error" in verdicts:
                marks.append(pytest.mark.skip(reason=f"bbp could not read it: {verdicts['error']}"))
            elif not FULL:
                players = sum(
                    1 for raw in (CORPUS / name).read_bytes().splitlines() if raw.startswith(b"001")
                )
                if players > MAX_PLAYERS:
                    marks.append(
                        pytest.mark.skip(
                            reason=f"{players} players: TRFKIT_PAIRING_ORACLE=full to run it"
                        )
                    )
            out.append(pytest.param(name, edition, id=f"{name}@{edition}", marks=marks))
    return out


@pytest.mark.parametrize(("name", "edition"), _cases())
def test_the_same_rounds_as_bbp_are_flagged(name: str, edition: str) -> None:
    verdicts = json.loads(ORACLE.read_text())[name][edition]
    t = load(CORPUS / name)
    expected, _why = EXPECTED.get((name, edition), (set(), ""))
    flagged_only_by_trfkit = set()
    for r_text, entry in verdicts.items():
        r = int(r_text)
        rc = check_round(t, r, System(edition))
        bbp_flags = bool(entry["engine"] or entry["file"])
        if r in expected:
            assert not bbp_flags and not rc.agrees, (r, "an expected difference went away")
            flagged_only_by_trfkit.add(r)
            continue
        assert (not rc.agrees) == bbp_flags, (r, rc.engine, rc.file)
        if bbp_flags and rc.unpairable is None:
            # The boards that differ: a forfeit the file writes without
            # colours is compared by its pair only (bbp gives it the
            # system's colours), so it is no difference when the pair is the
            # system's, whatever the engine's colours.
            engine_only = {d.engine for d in rc.differences if d.engine is not None}
            assert engine_only == {tuple(p) for p in entry["engine"]}, r
            # The file's side, as unordered pairs: a forfeit without colours
            # is (lower, higher) here and as bbp's output has it there.
            file_only = {frozenset(d.file) for d in rc.differences if d.file is not None}
            assert file_only == {frozenset(p) for p in entry["file"]}, r
    assert flagged_only_by_trfkit == expected
