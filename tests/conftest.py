"""Shared test helpers: the repository's fixtures and the optional shared corpus.

Layout (docs/testing.md, "Where a test lives"): the tests mirror the package.
``trfkit/<sub>/<module>.py`` is tested in ``tests/<sub>/test_<module>.py``,
a top-level ``trfkit/<module>.py`` in ``tests/test_<module>.py``; a module
with many tests splits them as ``test_<module>_<aspect>.py``. The command
line's tests are in ``tests/cli/``, the server's in ``tests/server/``; tests
that span the package (layers, complexity, fuzz, properties, round trips,
render pins, schemas, rule sets across modules) stay at the root. Every
folder is a package: helpers are imported as ``tests.<path>``
(``tests.trfbuild`` builds TRF lines, ``tests.server.serving`` starts a
server), and the paths below replace counting ``Path(__file__).parent``s.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
DATA = ROOT / "tests" / "data"
"""The tests' own TRF files and kept outputs (tests/data/expected)."""
CORPUS = ROOT.parent / "shared" / "corpus"


def fixture_files() -> list[Path]:
    return sorted(p for p in FIXTURES.iterdir() if p.suffix == ".trf")


def corpus_files() -> list[Path]:
    """Real TRF files written by others (shared/corpus), when that folder exists."""
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.glob("*/*") if p.is_file() and p.suffix != ".md")


def corpus_params() -> list[object]:
    files = corpus_files()
    if not files:
        return [
            pytest.param(
                None,
                marks=pytest.mark.skip(reason=f"shared corpus not found at {CORPUS}"),
                id="no-corpus",
            )
        ]
    return [pytest.param(p, id=f"{p.parent.name}/{p.name}") for p in files]
