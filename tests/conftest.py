"""Shared test helpers: the repository's fixtures and the optional shared corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
DATA = ROOT / "tests" / "data"
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
