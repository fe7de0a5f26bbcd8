"""The command line, run as a user runs it (a separate process where it matters)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import trfkit
from tests.conftest import CORPUS, ROOT
from trfkit.cli import main

FIXTURES = ROOT / "fixtures"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trfkit.cli", *args], capture_output=True, text=True, check=False
    )


def test_parse_json_example1_has_284_players() -> None:
    path = CORPUS / "sklangen__TRF" / "example1.trf"
    if not path.exists():
        pytest.skip(f"shared corpus not found at {CORPUS}")
    proc = run("parse", str(path), "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert len(data["players"]) == 284
    assert data["schema"] == "trfkit.parse/1" and data["dialect"] == "trf16"
    assert data["players"][0]["games"][0] == {
        "round": 1,
        "opponent": 141,
        "colour": "w",
        "result": "1",
    }


def test_parse_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", str(FIXTURES / "swiss-trf26.trf"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {
        "schema",
        "trfkit",
        "path",
        "dialect",
        "encoding",
        "bom",
        "tournament",
        "headers",
        "players",
        "teams",
        "national_ratings",
        "records",
        "diagnostics",
    }
    player = data["players"][0]
    assert set(player) == {
        "line",
        "start_rank",
        "name",
        "sex",
        "title",
        "rating",
        "federation",
        "fide_id",
        "birth_date",
        "points",
        "rank",
        "games",
    }
    assert isinstance(player["points"], int | float)
    assert data["tournament"]["number_of_rounds"] == 5


def test_bad_input_exits_2_without_traceback(tmp_path: Path) -> None:
    proc = run("parse", str(tmp_path / "missing.trf"))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "no such file" in proc.stderr
    proc = run("parse", str(tmp_path))
    assert proc.returncode == 2 and "directory" in proc.stderr
    proc = run("parse", str(FIXTURES / "swiss-trf16.trf"), "--encoding", "no-such-codec")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = run("frobnicate")
    assert proc.returncode == 2


def test_errors_exit_1_and_are_printed_with_position(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "bad-two-lines.trf"
    assert main(["parse", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{path}:19:49: error P002 rating '22B4'")
    assert err[1].startswith(f"{path}:24:119: error P002 round 3 result '?'")


def test_strict_makes_warnings_fail() -> None:
    path = str(FIXTURES / "mixed-dialect.trf")
    assert main(["parse", path]) == 0
    assert main(["parse", path, "--strict"]) == 1


def test_binary_garbage_is_refused_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "garbage.trf"
    path.write_bytes(bytes(range(256)) * 40)
    proc = run("parse", str(path), "--format", "json")
    # bytes(range(256)) starts with a NUL: the file's first byte.
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert (
        proc.stderr
        == f"trfkit: {path}: not a TRF file: a NUL byte at line 1, column 1: binary data, not text\n"
    )
    assert proc.stdout == ""


def test_fmt_converts_and_reports_losses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.trf"
    assert main(["fmt", str(FIXTURES / "swiss-trf26.trf"), "--to", "trf16", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert (
        "P009 record 192 has no TRF16 form" in err
        and ":17:1: warning P009 record 142 written as XXR" in err
    )
    t16 = trfkit.load(out)
    t26 = trfkit.load(FIXTURES / "swiss-trf26.trf")
    assert t16.dialect is trfkit.Dialect.TRFX
    assert t16.players == [p for p in t26.players]
    assert t16.number_of_rounds == 5


def test_fmt_trf16_to_trf26_team(tmp_path: Path) -> None:
    out = tmp_path / "out.trf"
    assert main(["fmt", str(FIXTURES / "team-trf16.trf"), "--to", "trf26", "-o", str(out)]) == 0
    t = trfkit.load(out)
    assert t.dialect is trfkit.Dialect.TRF26
    src = trfkit.load(FIXTURES / "team-trf16.trf")
    assert [(x.code, x.number, x.name, x.members) for x in t.teams] == [
        ("310", i + 1, x.name, x.members) for i, x in enumerate(src.teams)
    ]
    assert t.players == src.players


def test_fmt_canonical_is_stable(tmp_path: Path) -> None:
    once, twice = tmp_path / "once.trf", tmp_path / "twice.trf"
    assert main(["fmt", str(FIXTURES / "legacy-trf06.trf"), "-o", str(once)]) == 0
    assert main(["fmt", str(once), "-o", str(twice)]) == 0
    assert once.read_bytes() == twice.read_bytes()


def test_python_dash_m_trfkit_is_the_trfkit_command() -> None:
    # Where no console script is on PATH (a venv not activated, Windows'
    # Scripts folder), "python -m trfkit" is what people try first.
    fixture = ROOT / "fixtures" / "swiss-trf16.trf"
    proc = subprocess.run(
        [sys.executable, "-m", "trfkit", "check", str(fixture), "--format", "json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["files"][0]["path"].endswith("swiss-trf16.trf")


def test_every_module_imports_without_running_anything() -> None:
    # The fuzzer imports every module of the package to instrument it, as
    # documentation generators do; trfkit/__main__.py once ran the command
    # on import, so the fuzzer exited with argparse's usage instead of
    # fuzzing. In a fresh process: importing is the thing under test.
    code = (
        "import importlib, pkgutil, trfkit\n"
        "names = [m.name for m in pkgutil.walk_packages(trfkit.__path__, prefix='trfkit.')]\n"
        "for name in names: importlib.import_module(name)\n"
        "print(len(names))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "check", "no-such-file.trf"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert int(proc.stdout) > 50  # every module, __main__ among them


def test_fmt_output_encoding_is_used_or_refused_in_one_line(tmp_path: Path) -> None:
    # 'ł' (U+0142) has no cp1252 byte; 'é' is E9 there. A codec that cannot
    # write the file, or no codec at all, is a usage error (exit 2, one line
    # naming the character and where it is), never a traceback or half a file.
    lines = (FIXTURES / "swiss-trf16.trf").read_text(encoding="utf-8").splitlines()
    assert lines[14][14:22] == "Vantreck"  # line 15, the name at column 15
    polish, french = list(lines), list(lines)
    polish[14] = polish[14].replace("Vantreck", "Vantrełk")
    french[14] = french[14].replace("Vantreck", "Vantréck")
    src_pl, src_fr = tmp_path / "pl.trf", tmp_path / "fr.trf"
    src_pl.write_text("\n".join(polish) + "\n", encoding="utf-8")
    src_fr.write_text("\n".join(french) + "\n", encoding="utf-8")
    out = tmp_path / "out.trf"
    for target in (["-o", str(out)], []):
        proc = run("fmt", str(src_pl), "--output-encoding", "cp1252", *target)
        assert proc.returncode == 2 and not out.exists(), proc.stderr
        assert "Traceback" not in proc.stderr
        (msg,) = proc.stderr.splitlines()
        assert msg.startswith("trfkit: ") and "'ł'" in msg and "line 15, column 21" in msg
        proc = run("fmt", str(src_pl), "--output-encoding", "nosuch", *target)
        assert proc.returncode == 2 and proc.stderr == "trfkit: unknown encoding 'nosuch'\n"
    proc = run("fmt", str(src_fr), "--output-encoding", "cp1252", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes().splitlines()[14][14:22] == b"Vantr\xe9ck"
    proc = subprocess.run(
        [sys.executable, "-m", "trfkit.cli", "fmt", str(src_fr), "--output-encoding", "cp1252"],
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.splitlines()[14][14:22] == b"Vantr\xe9ck"


@pytest.mark.parametrize("option", ["--encoding", "--output-encoding"])
@pytest.mark.parametrize("codec", ["rot13", "hex", "zlib"])
def test_a_codec_of_bytes_is_refused_as_no_encoding(option: str, codec: str) -> None:
    # codecs.lookup knows rot13, hex and zlib, but bytes.decode and str.encode
    # refuse them with a LookupError: check --encoding rot13 ended in a
    # traceback, as fmt --output-encoding hex did.
    command = "fmt" if option == "--output-encoding" else "check"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "trfkit.cli",
            command,
            option,
            codec,
            str(FIXTURES / "swiss-trf16.trf"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == f"trfkit: unknown encoding {codec!r}: not a codec of text\n"


@pytest.mark.parametrize(("command", "option", "codec"), [
    ("check", "--encoding", "punycode"),
    ("rate", "--encoding", "punycode"),
    ("fmt", "--output-encoding", "idna"),
])  # fmt: skip
def test_a_codec_of_names_never_ends_in_a_traceback(command: str, option: str, codec: str) -> None:
    # punycode and idna are codecs of text, of host names: given a file they
    # raise a plain UnicodeError, which the reader (a file not valid in the
    # codec is read as latin-1, P005) and fmt (refused in one line) now take.
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "trfkit.cli",
            command,
            option,
            codec,
            str(FIXTURES / "swiss-trf16.trf"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Traceback" not in proc.stderr and proc.returncode in (0, 1, 2), proc.stderr
    if command == "fmt":
        assert proc.returncode == 2 and proc.stderr.startswith("trfkit: ")
        assert "choose another --output-encoding" in proc.stderr


# -- output paths, checked before anything is written (issue 31 §2) -----------


def test_a_missing_output_directory_is_created_by_every_command(tmp_path: Path) -> None:
    swiss = str(FIXTURES / "swiss-trf16.trf")
    for i, command in enumerate(
        (["fmt", swiss], ["rate", swiss], ["norms", swiss], ["standings", swiss],
         ["report", swiss, "--form", "1"], ["rate-period", swiss])
    ):  # fmt: skip
        out = tmp_path / f"new{i}" / "deeper" / "out.txt"
        assert main([*command, "-o", str(out)]) in (0, 1), command
        assert out.stat().st_size > 0, command


def test_a_directory_given_for_an_output_file_is_refused_before_any_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    swiss = str(FIXTURES / "swiss-trf16.trf")
    assert main(["rate", swiss, "--games-csv", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert (
        out == "" and err == f"trfkit: --games-csv {tmp_path}: is a directory; give a file name\n"
    )
    assert main(["fmt", swiss, "-o", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"trfkit: -o {tmp_path}: is a directory; give a file name\n"
    # A --games-csv in a directory that does not exist yet: made, and both written.
    games = tmp_path / "csv" / "games.csv"
    assert main(["rate", swiss, "--games-csv", str(games), "--format", "csv"]) in (0, 1)
    assert games.read_text(encoding="utf-8").startswith("start_rank") or games.stat().st_size


def test_a_missing_input_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = str(tmp_path / "nosuch.trf")
    # On a terminal both streams show: the reason once, in the report.
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["check", missing]) == 2
    out, err = capsys.readouterr()
    assert (out + err).count("no such file") == 1 and err == ""
    monkeypatch.undo()
    # rate-period prints no empty report before failing.
    assert main(["rate-period", missing]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("no such file") == 1


def test_the_readme_synopsis_names_every_option_of_every_command() -> None:
    # Issue 31 §2: check's synopsis lacked four options. Each command's
    # lines in the README's synopsis name each of its options (or its short
    # form), but the four every command shares, which one sentence names.
    import argparse
    import re

    from trfkit.cli import _parser

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme[readme.index("```\ntrfkit check PATH") :]
    block = block[: block.index("```", 4)]
    synopsis: dict[str, str] = {}
    command = ""
    for line in block.splitlines()[1:]:
        m = re.match(r"trfkit ([\w-]+)", line)
        command = m.group(1) if m else command
        synopsis[command] = synopsis.get(command, "") + line
    shared = {"--encoding", "--strict", "--max-file-size", "--max-line-length", "--help"}
    sentence = readme[readme.index("Every command but `serve` also takes") :][:300]
    assert all(o in sentence for o in shared - {"--help"})
    [sub] = [a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)]
    for name, parser in sub.choices.items():
        for action in parser._actions:
            names = [o for o in action.option_strings if o not in shared and o != "-h"]
            if names:
                assert any(re.search(rf"{re.escape(o)}\b", synopsis[name]) for o in names), (
                    name,
                    names,
                )


def test_a_near_miss_file_name_gets_a_suggestion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "spring-open.trf").write_bytes((FIXTURES / "swiss-trf16.trf").read_bytes())
    slip = str(tmp_path / "spring-open.tfr")
    assert main(["rate", slip]) == 2
    assert capsys.readouterr().err == (
        f"trfkit: {slip}: no such file; did you mean {tmp_path / 'spring-open.trf'}?\n"
    )
    far = str(tmp_path / "autumn.trf")
    assert main(["norms", far]) == 2
    assert capsys.readouterr().err == f"trfkit: {far}: no such file\n"
