"""The checks' registry: a check declared once reaches everything, and the
declarations are cross-checked (trfkit.checks.registry)."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import trfkit
from trfkit import _examples as ex
from trfkit.checks import CODES, Kind, registry, validate
from trfkit.checks._util import diag, line_of
from trfkit.checks.registry import Context, check
from trfkit.cli import main
from trfkit.codes import Code, DeclarationError, declare
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.docs import codes_markdown
from trfkit.report.diagnostics import GROUPED_CODES
from trfkit.rules import get


@pytest.fixture
def fake_check() -> Iterator[None]:
    """A check of this module, declared here and nowhere else: S999, a player
    called "Fake" (the registry forgets it afterwards)."""
    with registry.scratch():

        @check(
            Code(
                "S999",
                "structure.fake-player",
                Severity.WARNING,
                "A player called Fake: declared by a test, to show what one declaration reaches.",
                "tests/checks/test_registry.py",
                ex.lines(*ex.HEAD, ex.P1, ex.P2.replace("Horvat, Eva", "Fake, Eva  ")),
                ex.lines(*ex.HEAD, ex.P1, ex.P2),
                "Call the player by his name.",
                grouped="players are called Fake",
                plain="a player called Fake",
            )
        )
        def fake_players(context: Context) -> Iterator[Diagnostic]:
            for p in context.tournament.players:
                if p.name.startswith("Fake"):
                    yield diag("S999", line_of(p), 15, f"player {p.start_rank} is called Fake")

        yield


def _check(path: Path, *options: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["check", "--jobs", "1", *options, str(path)])
    return status, out.getvalue()


def test_a_check_declared_once_reaches_the_registry_the_docs_and_every_format(
    fake_check: None, tmp_path: Path
) -> None:
    entry = CODES["S999"]
    assert entry.name == "structure.fake-player"
    assert [c.name for c in registry.checks(Kind.STRUCTURE)][-1].endswith("fake_players")
    assert GROUPED_CODES["S999"] == "players are called Fake"
    assert registry.problems() == []
    doc = codes_markdown()
    assert "| [S999](#s999) | `structure.fake-player` | warning |" in doc
    assert "## S999" in doc and "How to fix: Call the player by his name." in doc
    # Its examples, as tests/test_codes.py runs every code's.
    failing = trfkit.loads("\n".join(entry.failing) + "\n")
    passing = trfkit.loads("\n".join(entry.passing) + "\n")
    assert "S999" in {d.code for d in validate(failing)}
    assert "S999" not in {d.code for d in validate(passing)}

    path = tmp_path / "fake.trf"
    path.write_text("\n".join(entry.failing) + "\n", encoding="utf-8")
    status, text = _check(path)
    assert (
        f"{path}:7:15: warning S999 player 2 is called Fake [tests/checks/test_registry.py]" in text
    )
    _, out = _check(path, "--format", "json")
    found = [d for f in json.loads(out)["files"] for d in f["diagnostics"]]
    assert [d["code"] for d in found if d["code"] == "S999"] == ["S999"]
    _, out = _check(path, "--format", "jsonl")
    lines = [json.loads(line) for line in out.splitlines()]  # one a file
    assert [d["code"] for f in lines for d in f["diagnostics"]] == ["S999"]
    _, out = _check(path, "--format", "sarif")
    run = json.loads(out)["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert rules["S999"]["name"] == "structure.fake-player"
    assert [r["ruleId"] for r in run["results"]] == ["S999"]
    _, out = _check(path, "--format", "github")
    assert "::warning file=" in out and "S999" in out
    # And --ignore knows it.
    status, text = _check(path, "--ignore", "S999")
    assert status == 0 and "S999" not in text


def test_the_fake_check_is_gone_after_its_test() -> None:
    assert "S999" not in CODES and "S999" not in codes_markdown()


def test_the_built_in_declarations_hold() -> None:
    assert registry.problems() == []
    # Every code is declared once, by a check or with its producer.
    reported = {c for k in Kind for chk in registry.checks(k) for c in chk.codes}
    assert {c for c, e in CODES.items() if not e.produced_by} <= reported
    assert all(e.produced_by for c, e in CODES.items() if c not in reported)


def test_a_code_without_a_check_is_an_error() -> None:
    with registry.scratch():
        declare(attrs.evolve(CODES["S101"], code="S998"))
        assert registry.problems() == [
            "S998 (structure.pairing-not-mutual) is declared, but no check reports it"
        ]
        with pytest.raises(DeclarationError, match="S998"):
            registry.verify()


def test_a_code_declared_twice_or_without_examples_is_an_error() -> None:
    with registry.scratch():
        with pytest.raises(DeclarationError, match="declared twice"):
            declare(attrs.evolve(CODES["S101"], name="structure.other"))
        with pytest.raises(DeclarationError, match="no failing or no passing example"):
            declare(attrs.evolve(CODES["S101"], code="S997", failing=()))
    assert "S997" not in CODES


def test_a_regulation_code_a_rule_set_does_not_place_is_an_error() -> None:
    # A new regulation check, and no rule set cites or declares it: each says so.
    with registry.scratch():

        @check(attrs.evolve(CODES["R101"], code="R996"), kind=Kind.REGULATION)
        def never(context: Context) -> Iterator[Diagnostic]:
            yield from ()

        found = registry.problems()
        assert "fide-2024 has no section for R996 and does not declare it not applicable" in (
            " ".join(found)
        )
        assert len([p for p in found if "R996" in p]) == len(trfkit.rules.RULE_SETS)


def test_a_rule_set_of_ones_own_must_place_every_regulation_code() -> None:
    # Before: R608 missing from the sections meant its findings vanished.
    rules = get("fide-2024")
    cut = attrs.evolve(rules, sections={k: v for k, v in rules.sections.items() if k != "R608"})
    assert registry.uncovered(cut) == ["R608"]
    t = trfkit.loads("\n".join(CODES["R608"].failing) + "\n")
    with pytest.raises(ValueError, match="R608"):
        validate(t, rules=cut)
    # Declared not applicable, it is left out, as the rule set says.
    declared = attrs.evolve(cut, not_applicable={**cut.not_applicable, "R608": "a test"})
    assert "R608" not in {d.code for d in validate(t, rules=declared)}
    assert "R608" in {d.code for d in validate(t, rules=rules)}


def test_the_checks_share_one_pairing_index() -> None:
    t = trfkit.loads("\n".join(CODES["S112"].failing) + "\n")
    context = Context.of(t)
    assert context.pairings is context.pairings
    assert Context.of(t).pairings is not context.pairings  # a new validation, a new index
