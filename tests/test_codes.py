"""Every code of the registry: its failing example raises it, its passing one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

import trfkit
from tests.conftest import ROOT
from trfkit.checks import CODES, validate
from trfkit.rating.listed import RatingListAt
from trfkit.rating.ratinglist import load_rating_list, name_key
from trfkit.writer import convert


def _diagnostic_codes(lines: tuple[str, ...], code: str, tmp_path: Path) -> set[str]:
    data = "\n".join(lines).encode("utf-8", "surrogateescape") + b"\n"
    t = trfkit.loads(data, **dict(CODES[code].load_options))  # type: ignore[arg-type]
    found = {d.code for d in t.diagnostics}
    lists = []
    if CODES[code].rating_list:
        # Through the reader, as check --rating-list reads a list.
        path = tmp_path / "players_list.txt"
        path.write_text("\n".join(CODES[code].rating_list) + "\n", encoding="utf-8")
        names = {(name_key(p.name), p.federation) for p in t.players if not p.fide_id}
        ids = {p.fide_id for p in t.players if p.fide_id}
        lists.append(RatingListAt(load_rating_list(path, wanted=ids, names=names)))
    options = dict(CODES[code].check_with)
    found |= {d.code for d in validate(t, rules=CODES[code].rules, rating_lists=lists, **options)}
    if code == "P009":
        _, lost = convert(t, "trf16")
        found |= {d.code for d in lost}
    return found


@pytest.mark.parametrize("code", sorted(CODES))
def test_failing_example_raises_the_code(code: str, tmp_path: Path) -> None:
    assert code in _diagnostic_codes(CODES[code].failing, code, tmp_path)


@pytest.mark.parametrize("code", sorted(CODES))
def test_passing_example_does_not(code: str, tmp_path: Path) -> None:
    assert code not in _diagnostic_codes(CODES[code].passing, code, tmp_path)


def test_docs_list_every_code_and_are_current() -> None:
    from trfkit.docs import codes_markdown

    doc = ROOT / "docs" / "codes.md"
    assert doc.read_text(encoding="utf-8") == codes_markdown(), (
        "docs/codes.md is out of date: run python -m trfkit.docs"
    )


def test_rules_doc_is_current() -> None:
    from trfkit.docs import rules_markdown

    doc = ROOT / "docs" / "rules.md"
    assert doc.read_text(encoding="utf-8") == rules_markdown(), (
        "docs/rules.md is out of date: run python -m trfkit.docs"
    )


def test_the_docs_command_answers_help_and_a_missing_folder_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from trfkit.docs import main

    # Before: "--help" was taken for a folder and writing --help/codes.md failed.
    assert main(["--help"]) == 0
    assert "usage: python -m trfkit.docs" in capsys.readouterr().out
    assert main([str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main([str(tmp_path)]) == 0
    assert (tmp_path / "codes.md").is_file() and (tmp_path / "rules.md").is_file()
