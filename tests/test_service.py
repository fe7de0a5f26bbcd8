"""The service both front doors stand on (issue 31 §2): for each command,
the command line's output and exit status and the server's answer come
from the same call of :mod:`trfkit.service`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES
from trfkit import service
from trfkit.cli import main
from trfkit.server import api

SWISS = FIXTURES / "swiss-trf16.trf"
BAD = FIXTURES / "bullet-one-day.trf"  # check finds an error (the reader none): a banner, exit 1

# command -> (the service function both doors call, CLI options, query)
CASES: dict[str, tuple[str, list[str], dict[str, list[str]]]] = {
    "check": ("check_task", ["--format", "text"], {"format": ["text"]}),
    "rate": ("rate_task", ["--format", "json"], {"format": ["json"]}),
    "report": ("form_texts", ["--form", "1", "--format", "json"], {"form": ["1"]}),
    "standings": ("standings_of", ["--format", "json"], {"format": ["json"]}),
    "norms": ("norms_of", ["--format", "csv"], {"format": ["csv"]}),
    "pairings": ("pairings_of", ["--format", "json"], {"format": ["json"]}),
}


def _spy(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    """Record each result of ``trfkit.service.<name>`` (the doors import it
    from the module when they run)."""
    made: list[Any] = []
    real: Callable[..., Any] = getattr(service, name)

    def spy(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        made.append(result)
        return result

    monkeypatch.setattr(service, name, spy)
    return made


@pytest.mark.parametrize("path", [SWISS, BAD], ids=lambda p: p.name)
@pytest.mark.parametrize("command", list(CASES))
def test_the_command_line_and_the_server_answer_by_the_same_call(
    command: str,
    path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name, options, query = CASES[command]
    made = _spy(monkeypatch, name)
    monkeypatch.setenv("TRFKIT_JOBS", "1")
    status = main([command, str(path), *options, "-j", "1"] if command in ("check", "rate")
                  else [command, str(path), *options])  # fmt: skip
    out = capsys.readouterr().out
    assert len(made) == 1, f"trfkit {command} did not call service.{name} once"
    reply = api.ENDPOINTS[command].make(api.Upload(path.read_bytes(), str(path)), api.Query(query))
    assert len(made) == 2, f"POST /api/{command} did not call service.{name}"
    assert reply.body.decode() == out
    # The exit status is the service's word on what the call made.
    cli_made = made[0]
    if isinstance(cli_made, service.Made):
        from trfkit.reader import load

        assert status == cli_made.status(load(path).diagnostics, False)
    elif isinstance(cli_made, service.RatedFile):
        assert status == service.with_errors(
            service.status(cli_made.diagnostics, False), cli_made.check_errors
        )
    elif isinstance(cli_made, service.FormTexts):
        from trfkit.reader import load

        reader = service.status(load(path).diagnostics, False)
        assert status == service.with_errors(reader, cli_made.check_errors)
    else:
        assert status == service.check_status([cli_made], False)


def test_a_file_with_check_errors_exits_1_under_its_banner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Every document of such a file carries check's banner, and every
    # command that writes one says it in its exit status, by one rule.
    from trfkit.reader import load
    from trfkit.report.formparts import check_banner

    banner = check_banner(service.check_of(load(BAD)))
    assert banner is not None
    for command in ("rate", "report", "standings", "norms"):
        assert main([command, str(BAD)]) == 1, command
        assert banner in capsys.readouterr().out, command


def test_statuses() -> None:
    from trfkit.diagnostics import Diagnostic, Severity

    warning = Diagnostic("S101", Severity.WARNING, 1, 1, "w")
    error = Diagnostic("S101", Severity.ERROR, 1, 1, "e")
    assert service.status([], False) == service.EXIT_OK
    assert service.status([warning], False) == service.EXIT_OK
    assert service.status([warning], True) == service.EXIT_FINDINGS
    assert service.status([error, warning], False) == service.EXIT_FINDINGS
    assert service.with_errors(0, 2) == 1 and service.with_errors(0, 0) == 0
    unreadable = service.Unreadable("x", "no such file")
    assert service.check_status([unreadable], False) == service.EXIT_UNUSABLE
    assert service.Made("", differs=True).status([], False) == service.EXIT_FINDINGS


def test_the_warm_up_reaches_no_private_name_of_another_module() -> None:
    # Issue 31 §3: checks/files.py imported reader._parser.
    import ast
    import inspect

    for module in (service, __import__("trfkit.checks.files", fromlist=["x"])):
        tree = ast.parse(inspect.getsource(module))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("trfkit")
            ):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, (module.__name__, node.module, private)
            if isinstance(node, ast.Attribute) and node.attr in ("_parser",):
                pytest.fail(f"{module.__name__} calls {node.attr}")


def test_the_warm_up_builds_the_parsers_the_workers_would(monkeypatch: pytest.MonkeyPatch) -> None:
    from trfkit import reader, timecontrol

    reader._parser.cache_clear()
    timecontrol._parser.cache_clear()
    service.warm_up()
    assert reader._parser.cache_info().currsize == 1
    assert timecontrol._parser.cache_info().currsize == 1
