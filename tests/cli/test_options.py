"""Options a command cannot use are refused in one line (issue 16 §9).

An --ignore code that does not exist, a --time-control the grammar cannot
read, a --k outside 1-100: exit 2 naming the problem. A K the rule set never
gives is only a warning. Rule-set names are read in any case, on the command
line and in the library.
"""

from __future__ import annotations

import json

import pytest

import trfkit
from tests.conftest import FIXTURES
from trfkit.cli import main
from trfkit.rules import RULE_SETS, get

RR8 = str(FIXTURES / "roundrobin-8.trf")
RR10 = str(FIXTURES / "rating-rr10-unrated.trf")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["check", RR8, "--ignore", "P002,P999"],
            "trfkit: --ignore: no such code P999 (the codes are listed in docs/codes.md)\n",
        ),
        (
            ["check", RR8, "--ignore", "s101", "--ignore", "X1,R9999"],
            "trfkit: --ignore: no such code R9999, X1 (the codes are listed in docs/codes.md)\n",
        ),
        (
            ["check", RR8, "--time-control", "banana"],
            "trfkit: --time-control 'banana' not understood: at column 1 found 'banana' where ",
        ),
        (
            # "90 + " is five characters: the x is the sixth.
            ["rate", RR8, "--time-control", "90 + x"],
            "trfkit: --time-control '90 + x' not understood: at column 6 found 'x' where ",
        ),
        (
            ["rate", RR8, "--k", "1=0"],
            "trfkit: --k '1=0': K must be a whole number from 1 to 100, not 0\n",
        ),
        (
            ["rate", RR8, "--k", "3=2400"],
            "trfkit: --k '3=2400': K must be a whole number from 1 to 100, not 2400\n",
        ),
        (
            ["rate", RR8, "--k", "3=101"],
            "trfkit: --k '3=101': K must be a whole number from 1 to 100, not 101\n",
        ),
        (
            ["rate-period", RR8, "--k", "1=400"],
            "trfkit: --k '1=400': K must be a whole number from 1 to 100, not 400\n",
        ),
    ],
)
def test_unusable_options_exit_2_naming_the_problem(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = _run(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_k_at_the_ends_of_the_range_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys,
        "rate",
        RR10,
        "--rules",
        "fide-2009",
        "--k",
        "1=1",
        "--k",
        "2=100",
        "--format",
        "json",
    )
    assert status == 0
    players = {p["start_rank"]: p for p in json.loads(out)["players"]}
    assert players[1]["k"] == 1 and players[2]["k"] == 100


def test_a_k_the_rule_set_never_gives_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    # fide-2024 gives K 40 (new player, junior), 20 and 10 (by rating); 25 is
    # the K of new players under fide-2002 only.
    status, out, err = _run(
        capsys, "rate", RR8, "--rules", "fide-2024", "--k", "1=25", "--k", "2=20"
    )
    assert status == 0 and out
    assert err == (
        "trfkit: warning: --k 1=25: fide-2024 gives no player a K of 25 (its K values: 10, 20, 40)\n"
    )
    status, _, err = _run(capsys, "rate", RR8, "--rules", "fide-2002", "--k", "1=25")
    assert status == 0 and err == ""


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # 2002 §10.54a: 25 until 30 games; 15 under 2400; 10 from 2400.
        ("fide-2002", {10, 15, 25}),
        # 2024 §8.3.3: 40 for new players and juniors under 2300, 20 under 2400, 10.
        ("fide-2024", {10, 20, 40}),
    ],
)
def test_k_values_come_from_the_rule_set_data(name: str, expected: set[int]) -> None:
    assert get(name).k_values() == expected


@pytest.mark.parametrize("name", ["FIDE-2024", "Fide-2009", "CHESSA-2015", "AUTO"])
def test_rule_set_names_in_any_case_on_the_command_line(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, out, err = _run(capsys, "check", RR8, "--rules", name, "--format", "json")
    assert status in (0, 1) and err == ""
    expected = "fide-2024" if name == "AUTO" else name.lower()
    assert json.loads(out)["files"][0]["rules"] == expected
    status, out, _ = _run(capsys, "rate", RR8, "--rules", name, "--format", "json")
    assert status == 0 and json.loads(out)["rules"]["name"] == expected


def test_rule_set_names_in_any_case_in_the_library() -> None:
    t = trfkit.load(RR8)
    assert trfkit.validate(t, rules="FIDE-2024") == trfkit.validate(t, rules="fide-2024")
    assert trfkit.rate(t, rules="FIDE-2022").rules == "fide-2022"
    assert trfkit.rate(t, rules="Auto").rules == "fide-2024"
    assert get("ChessA-2015") is RULE_SETS["chessa-2015"]
    with pytest.raises(KeyError, match="unknown rule set 'FIDE-1999'"):
        get("FIDE-1999")
