"""The forms' renderers write the same bytes as before they were made fast.

Every output of Forms 1, 2, 3 and 4 (a) (text, ASCII text, JSON, CSV,
HTML) of every fixture and tests/data file is compared with the output kept
under tests/data/expected/ (a failure shows a unified diff); those of every
corpus file and the 3000×13 event of bench/bench_forms.py, as a sha256
digest, with the digest recorded from the renderers before their
optimisation (issue 17's speed target; tests/render_pins.py says why only
digests there). A digest that differs names the file and the output.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

import trfkit
from tests.conftest import corpus_params, fixture_files
from tests.render_pins import (
    DIGESTS,
    GENERATED,
    data_files,
    digests,
    file_key,
    generated_key,
    generated_text,
    read_expected,
    renders,
)

PINNED: dict[str, dict[str, str]] = json.loads(DIGESTS.read_text(encoding="utf-8"))


def _assert_pinned(key: str, t: trfkit.Tournament) -> None:
    assert key in PINNED, f"{key} has no recorded digests: run python -m tests.render_pins"
    got = digests(t)
    want = PINNED[key]
    assert sorted(got) == sorted(want)
    changed = [name for name in want if got[name] != want[name]]
    assert changed == [], f"{key}: these outputs changed: {changed}"


def _diff(key: str, name: str, want: str, got: str, limit: int = 80) -> str:
    lines = list(
        difflib.unified_diff(
            want.splitlines(keepends=True),
            got.splitlines(keepends=True),
            f"tests/data/expected/{key}/{name} (kept)",
            f"{name} (rendered now)",
        )
    )
    more = f"... {len(lines) - limit} more diff lines\n" if len(lines) > limit else ""
    return "".join(lines[:limit]) + more


@pytest.mark.parametrize("path", [*fixture_files(), *data_files()], ids=lambda p: p.name)
def test_fixture_outputs_unchanged(path: Path) -> None:
    key = file_key(path)
    want = read_expected(key)
    assert want, f"{key} has no kept outputs: run python -m tests.render_pins"
    got = renders(trfkit.load(path))
    assert sorted(got) == sorted(want)
    diffs = [_diff(key, name, want[name], got[name]) for name in want if got[name] != want[name]]
    assert diffs == [], f"{key}: these outputs changed:\n" + "\n".join(diffs)


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_outputs_unchanged(path: Path) -> None:
    _assert_pinned(file_key(path), trfkit.load(path))


def test_generated_event_outputs_unchanged() -> None:
    """The benchmark's own event: 3000 players, 13 rounds, every form."""
    _assert_pinned(generated_key(), trfkit.loads(generated_text(*GENERATED)))


def test_digests_cover_every_form_and_format() -> None:
    """The pins are worth something only if they cover each output: 4
    documents, each in text, ASCII text, JSON, CSV and HTML, Form 3 also
    in JSON lines with its CSV game rows."""
    names = set(read_expected("fixtures/roundrobin-8.trf"))
    assert names == set(PINNED[generated_key()])
    for document in ("form1", "form2", "summary", "form3"):
        for fmt in ("text", "text.ascii", "json", "csv", "html"):
            assert f"{document}.{fmt}" in names
    assert {"form3.jsonl", "form3.csv.games"} <= names
