"""Structural checks: every clean tournament of ours checks clean; each code fires where it should."""

from __future__ import annotations

from pathlib import Path

import pytest

import trfkit
from tests.conftest import ROOT, corpus_params
from trfkit.checks import validate
from trfkit.diagnostics import Severity

FIXTURES = ROOT / "fixtures"
CLEAN = [
    "swiss-trf16.trf",
    "swiss-trf26.trf",
    "roundrobin-8.trf",
    "double-roundrobin-4.trf",
    "team-trf16.trf",
    "team-trf26.trf",
    "engine-trfx.trf",
    "crlf-no-final-newline.trf",
    "cr-only.trf",
    "utf8-bom.trf",
    "latin1.trf",
    "tabs-trailing-spaces.trf",
]


def _structural(t: trfkit.Tournament) -> list[trfkit.Diagnostic]:
    return [d for d in validate(t) if d.code.startswith("S")]


@pytest.mark.parametrize("name", CLEAN)
def test_consistent_tournaments_check_clean(name: str) -> None:
    # No structural finding but one note, and under the rules nothing but
    # notes (R501: byes and forfeits listed; R603: unrated players'
    # prospects). The note: the TRF-2026 fixtures declare 202 ARO,BH/C1,SB
    # and have unrated players, so ARO is undefined for some who share
    # their points (C.07 Art. 10) and S122 says the ranks are not judged.
    found = validate(trfkit.load(FIXTURES / name))
    structural = [d.code for d in found if d.code.startswith("S")]
    assert structural == (["S122"] if b"\n202 ARO," in (FIXTURES / name).read_bytes() else [])
    assert [d.format(name) for d in found if d.severity is not Severity.INFO] == []
    assert {d.code for d in found} <= {"R501", "R603", "S122"}


@pytest.mark.parametrize("name", ["roundrobin-8.trf", "double-roundrobin-4.trf"])
def test_round_robins_check_clean_under_fide_2024(name: str) -> None:
    assert validate(trfkit.load(FIXTURES / name), rules="fide-2024") == []


def test_lichess_style_file_only_lacks_ranks() -> None:
    # Lichess never fills the rank column (lichess-org/lila#7634): one
    # warning for the file, not one per player; and its 032 Lichess is no
    # federation (issue 33), at 032's value.
    found = _structural(trfkit.load(FIXTURES / "lichess-style.trf"))
    assert [(d.code, d.severity.value, d.line, d.column) for d in found] == [
        ("S114", "warning", 3, 5),
        ("S105", "warning", 11, 86),
    ]


def _swiss() -> trfkit.Tournament:
    return trfkit.load(FIXTURES / "swiss-trf16.trf")


def test_non_mutual_pairing_points_at_the_opponent_field() -> None:
    t = _swiss()
    p = t.players[0]
    opponent = p.games[1].opponent
    assert opponent is not None
    other = t.player(opponent)
    assert other is not None
    other.games[1] = trfkit.Game(None, trfkit.Colour.NONE, trfkit.Result.ZERO_POINT_BYE)
    found = [(d.code, d.line, d.column) for d in validate(t)]
    assert ("S101", p.origin.line if p.origin else 0, 102) in found


def test_colours_and_results_are_reported_once_per_game() -> None:
    t = _swiss()
    p = t.players[0]
    g = p.games[0]
    assert g.opponent is not None
    q = t.player(g.opponent)
    assert q is not None
    q.games[0] = trfkit.Game(p.start_rank, g.colour, g.result)  # same colour, same result
    codes = [d.code for d in validate(t)]
    assert codes.count("S102") == 1
    assert codes.count("S103") == (0 if g.result is trfkit.Result.DRAW else 1)


def test_an_unreadable_colour_is_its_p002_alone() -> None:
    # swiss-trf16.trf, player 1 (line 15) round 1 written "8 x 1": the reader
    # says column 97 holds no colour (P002). S102 read the cell as '-' and
    # said "players 1 and 8 have colours '-' and 'b'", a '-' the file has not.
    path = ROOT / "fixtures" / "swiss-trf16.trf"
    lines = path.read_text().splitlines(keepends=True)
    assert lines[14][91:99] == "   8 w 1"
    lines[14] = lines[14][:96] + "x" + lines[14][97:]
    t = trfkit.loads("".join(lines).encode())
    found = [(d.code, d.line, d.column) for d in [*t.diagnostics, *validate(t)]]
    assert ("P002", 15, 97) in found
    assert [f for f in found if f[0] == "S102"] == []
    # A colour that is read, and wrong, is still S102.
    lines[14] = lines[14][:96] + "b" + lines[14][97:]
    t = trfkit.loads("".join(lines).encode())
    assert [(d.code, d.line, d.column) for d in validate(t) if d.code == "S102"] == [
        ("S102", 15, 97)
    ]


def _typo(line: int, start: int, text: str) -> trfkit.Tournament:
    """swiss-trf16.trf with ``text`` written at column ``start`` of ``line``."""
    path = ROOT / "fixtures" / "swiss-trf16.trf"
    lines = path.read_text().splitlines(keepends=True)
    x = lines[line - 1]
    lines[line - 1] = x[: start - 1] + text + x[start - 1 + len(text) :]
    return trfkit.loads("".join(lines).encode())


def test_one_unreadable_field_is_one_finding() -> None:
    # Player 1 (line 15), round 1 "   8 w 1" typed "  8O w 1": P002 on
    # columns 92-95. Read as no opponent, the cell also gave S102 (a colour
    # with no opponent), R502 (a rated result with no opponent) and S101 on
    # player 8's line ("player 1 has a bye"): four errors for one typo.
    t = _typo(15, 92, "  8O")
    found = [(d.code, d.line, d.column) for d in [*t.diagnostics, *validate(t)]]
    assert [f for f in found if f[0] not in ("R501", "R603")] == [("P002", 15, 92)]
    # Its rank typed 'X' (86-89): P002, not S105 "player 1 has no rank" too.
    t = _typo(15, 86, "   X")
    found = [(d.code, d.line, d.column) for d in [*t.diagnostics, *validate(t)]]
    assert [f for f in found if f[0] not in ("R501", "R603")] == [("P002", 15, 86)]


def test_a_mistyped_starting_rank_is_one_finding() -> None:
    # Player 2's line (16) numbered 1: before, S107, S101 in each of its five
    # rounds and S109 in each opponent's cell naming 2 (eleven errors). Now
    # S107 (two lines numbered 1) and one S109 on the number itself.
    t = _typo(16, 5, "   1")
    found = [(d.code, d.line, d.column, d.expected) for d in validate(t)]
    assert [f for f in found if f[0].startswith("S")] == [
        ("S107", 16, 5, "a starting rank no other player has"),
        ("S109", 16, 5, "2"),
    ]
    # Player 15's line (29) numbered 16: his four games (round 1 is a bye)
    # gave S109 on four opponents' lines and S101 on his; now one S109.
    t = _typo(29, 5, "  16")
    (d,) = [d for d in validate(t) if d.code.startswith("S")]
    assert (d.code, d.line, d.column, d.found, d.expected) == ("S109", 29, 5, "16", "15")
    assert "rounds 2, 3, 4, 5" in d.message


def test_two_pabs_in_a_round() -> None:
    t = _swiss()
    r, pab_holder = next(
        (i + 1, p)
        for p in t.players
        for i, g in enumerate(p.games)
        if g.result is trfkit.Result.PAIRING_ALLOCATED_BYE
    )
    other = next(p for p in t.players if p is not pab_holder and len(p.games) >= r)
    opponent = other.games[r - 1].opponent
    other.games[r - 1] = trfkit.Game(None, trfkit.Colour.NONE, trfkit.Result.PAIRING_ALLOCATED_BYE)
    found = validate(t)
    assert any(d.code == "S111" and "second pairing-allocated bye" in d.message for d in found)
    assert opponent is None or any(d.code == "S101" for d in found)


def test_legacy_bye_coding_is_a_warning() -> None:
    t = trfkit.load(FIXTURES / "legacy-trf06.trf")
    legacy = [
        (p, g)
        for p in t.players
        for g in p.games
        if g.opponent is None and g.result in (trfkit.Result.DRAW, trfkit.Result.FORFEIT_WIN)
    ]
    found = _structural(t)
    assert len(legacy) >= 2 and len(found) == len(legacy)
    assert {(d.code, d.severity) for d in found} == {("S111", Severity.WARNING)}
    assert {d.expected for d in found} == {"0000 - H", "0000 - F"}


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_checks_without_a_crash(path: Path) -> None:
    t = trfkit.load(path)
    for d in validate(t):
        assert d.line >= 1 and d.column >= 1 and d.message
