"""The one table of commands × documents × formats × options (issue 31 §2):
argparse, the server and the registry read it, and agree with it."""

from __future__ import annotations

import argparse
import re

import attrs
import pytest

from tests.conftest import FIXTURES, ROOT
from trfkit.cli import _parser, main
from trfkit.commands import COMMANDS, COMMON, Command, Option
from trfkit.report import registry
from trfkit.server import api

SWISS = FIXTURES / "swiss-trf16.trf"


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    [sub] = [a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def _action(parser: argparse.ArgumentParser, flag: str) -> argparse.Action:
    return next(a for a in parser._actions if flag in a.option_strings or a.dest == flag)


def test_argparse_has_the_tables_commands_in_its_order() -> None:
    assert list(_subparsers()) == list(COMMANDS)


@pytest.mark.parametrize("name", [n for n, c in COMMANDS.items() if c.formats])
def test_format_takes_the_tables_formats_says_them_and_defaults_to_the_first(name: str) -> None:
    # Issue 31 §2: --format had no help and no default in the help anywhere.
    fmt = _action(_subparsers()[name], "--format")
    formats = COMMANDS[name].formats
    assert tuple(fmt.choices or ()) == formats
    assert fmt.default == formats[0]
    assert fmt.help == f"output format: {', '.join(formats)} (default {formats[0]})"


def test_the_registry_renders_every_document_in_every_format_the_table_names() -> None:
    assert registry.missing_outputs() == []


def test_the_cross_check_names_a_format_without_a_renderer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        COMMANDS, "norms", attrs.evolve(COMMANDS["norms"], formats=("text", "sarif"))
    )
    assert ("norms", "norms", "sarif") in registry.missing_outputs()


@pytest.mark.parametrize("name", list(api.ENDPOINTS))
def test_each_endpoint_takes_the_tables_formats_and_options(name: str) -> None:
    e = api.ENDPOINTS[name]
    command = COMMANDS[name]
    assert e.formats == command.served
    # The server's JSON is the command line's: it answers in no format the
    # command line lacks (fmt, which writes the file itself, has no --format).
    if command.formats:
        assert set(command.served) <= set(command.formats)
    options = {o.query: o for o in (*command.options, *COMMON) if o.query}
    assert [p.name for p in e.params] == list(options)
    for p in e.params:
        if p.name == "format":
            assert p.choices == command.served
        else:
            assert p.choices == options[p.name].param_choices(), p.name


def test_each_served_option_that_the_command_line_takes_has_its_choices() -> None:
    # A query parameter stands for the option: the same values, in the
    # server's spelling (a flag's true/false; rules left to the server).
    for command in COMMANDS.values():
        parser = _subparsers()[command.name]
        for option in command.options:
            if option.query is None or not option.cli or option.is_format:
                continue
            action = _action(parser, option.flags[-1])
            if option.action == "store_true":
                assert option.param_choices() == ("true", "false")
            elif option.query_choices is None:
                assert tuple(action.choices or ()) == option.param_choices(), option.flags


def test_a_format_added_to_the_table_and_the_registry_reaches_both_doors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # "Adding a format": the table's entry and the renderer's line, nothing else.
    standings = COMMANDS["standings"]
    monkeypatch.setitem(
        COMMANDS,
        "standings",
        attrs.evolve(
            standings,
            formats=(*standings.formats, "names"),
            served=(*standings.served, "names"),
        ),
    )

    def names(s: object, o: registry.RenderOptions) -> tuple[str, str]:
        return "".join(f"{r.name}\n" for r in s.rows), ""  # type: ignore[attr-defined]

    entry = registry.Output("standings", "names", names, registry._stream_piece, registry._nothing)
    monkeypatch.setitem(registry.OUTPUTS, ("standings", "names"), entry)
    monkeypatch.setitem(
        api.ENDPOINTS,
        "standings",
        attrs.evolve(api.ENDPOINTS["standings"], params=api._params("standings")),
    )
    # The cross-check says what is still missing: the teams' standings.
    assert registry.missing_outputs() == [("standings", "team-standings", "names")]
    assert main(["standings", str(SWISS), "--format", "names"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].strip() and len(out.splitlines()) == 15
    reply = api.make_standings(
        api.Upload(SWISS.read_bytes(), str(SWISS)), api.Query({"format": ["names"]})
    )
    assert reply.body.decode() == out


def test_an_option_added_to_the_table_reaches_argparse_and_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Adding an option": one Option in the command's entry.
    extra = Option(("--colour-scheme",), "a test option", choices=("a", "b"), query="scheme")
    pairings = COMMANDS["pairings"]
    monkeypatch.setitem(
        COMMANDS, "pairings", attrs.evolve(pairings, options=(*pairings.options, extra))
    )
    args = _parser().parse_args(["pairings", "x.trf", "--colour-scheme", "b"])
    assert args.colour_scheme == "b"
    assert ("scheme", ("a", "b")) in [(p.name, p.choices) for p in api._params("pairings")]


def test_one_file_commands_name_their_positional_file_and_the_others_path() -> None:
    # Issue 31 §2: the positional was file, FILE or PATH.
    for name, parser in _subparsers().items():
        positionals = [a for a in parser._actions if not a.option_strings]
        if name == "serve":
            assert positionals == []
            continue
        [positional] = positionals
        assert positional.metavar in ("FILE", "PATH"), name
        assert (positional.metavar == "PATH") == (positional.nargs == "+"), name


def test_ascii_is_said_one_way_in_every_command() -> None:
    helps = {
        _action(p, "--ascii").help for p in _subparsers().values() if "--ascii" in str(p._actions)
    }
    assert helps == {
        "ASCII only in text output (½ as 1/2, − as -, × as x, letters without accents)"
    }


def test_k_says_whose_k_in_rate_and_in_rate_period() -> None:
    parsers = _subparsers()
    rate, period = _action(parsers["rate"], "--k"), _action(parsers["rate-period"], "--k")
    assert rate.metavar == "START_RANK=K" and "start rank" in (rate.help or "")
    assert period.metavar == "FIDE_ID=K" and "FIDE id" in (period.help or "")


def test_minus_capital_v_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    from trfkit import __version__

    assert main(["-V"]) == 0
    assert capsys.readouterr().out == f"trfkit {__version__}\n"


def test_every_help_is_built_without_error_and_lists_each_option_once() -> None:
    for name, parser in _subparsers().items():
        text = parser.format_help()
        for option in (*(COMMON if COMMANDS[name].common else ()), *COMMANDS[name].options):
            if option.cli and option.flags[0].startswith("-"):
                flag = option.flags[-1]
                assert len(re.findall(rf"^  (?:-\w, )?{re.escape(flag)}\b", text, re.M)) <= 1


def test_the_table_is_the_only_list_of_formats_in_the_front_doors() -> None:
    # The formats each command takes were listed by hand in cli.py (four
    # places) and server/api.py: now neither spells a list of them.
    root = ROOT / "trfkit"
    for path in (root / "cli.py", root / "server" / "api.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r'choices=\("text"', text), path
        assert not re.search(r"_FORMATS = \(", text), path


def test_a_command_without_formats_has_no_format_option() -> None:
    fmt = _subparsers()["fmt"]
    assert "--format" not in [o for a in fmt._actions for o in a.option_strings]
    assert isinstance(COMMANDS["fmt"], Command) and COMMANDS["fmt"].served == ("trf", "json")
