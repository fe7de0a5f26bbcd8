"""S116 (declared ranks against the declared tie-breaks), S117 (unknown codes
in 202/212) and S118 (round-robin pairings against the Berger tables)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trfkit
from tests.conftest import DATA, ROOT
from trfkit.checks import validate
from trfkit.checks.tiebreaks import berger_tables

# The TEC exercises' p.32 ranking (by score, then BH): starting rank by place.
BOOK_ORDER = [2, 3, 4, 1, 16, 6, 8, 11, 5, 15, 12, 14, 7, 13, 9, 10]


def _with_ranks(order: list[int], extra: str) -> trfkit.Tournament:
    lines = (DATA / "tec-swiss-16x5.trf").read_text(encoding="utf-8").splitlines()
    place = {start: i + 1 for i, start in enumerate(order)}
    out = []
    for line in lines:
        if line.startswith("001"):
            start = int(line[4:8])
            line = line[:85] + f"{place[start]:>4}" + line[89:]
        out.append(line)
        if line.startswith("092"):
            out.append(extra)
    return trfkit.loads(("\n".join(out) + "\n").encode())


def _codes(t: trfkit.Tournament, code: str) -> list[str]:
    return [d.message for d in validate(t) if d.code == code]


def test_book_ranking_agrees_with_bh() -> None:
    assert _codes(_with_ranks(BOOK_ORDER, "212 PTS,BH"), "S116") == []
    # #1 and #16 (BH 12.5 each) and #8 and #11 (13.5 each) are still tied
    # after BH: either order is right.
    swapped = [2, 3, 4, 16, 1, 6, 11, 8, 5, 15, 12, 14, 7, 13, 9, 10]
    assert _codes(_with_ranks(swapped, "212 PTS,BH"), "S116") == []


def test_one_finding_names_the_first_pair_out_of_order() -> None:
    # #3 (BH 15.5) ranked below #4 (BH 15.0), both 3.5; and #7 (14.5) below
    # #13 (14.0), both 1.5.
    order = [2, 4, 3, 1, 16, 6, 8, 11, 5, 15, 12, 14, 13, 7, 9, 10]
    found = _codes(_with_ranks(order, "212 PTS,BH"), "S116")
    assert found == [
        "player 3 Charline is ranked 3, below player 4 David (rank 2), both with 3.5 points, "
        "but the declared tie-breaks (212: BH; c07-2023) rank player 3 above (BH: 15.5 against "
        "15.0); 2 players in all are ranked against the tie-breaks"
    ]


def test_no_declared_tiebreaks_no_finding() -> None:
    order = [2, 4, 3, 1, 16, 6, 8, 11, 5, 15, 12, 14, 13, 7, 9, 10]
    assert _codes(_with_ranks(order, "### no tie-breaks"), "S116") == []


def test_unknown_codes_one_finding_per_record() -> None:
    t = _with_ranks(BOOK_ORDER, "202 BH/C1,FOO,OTHER_X,EDET/P")
    found = [d for d in validate(t) if d.code == "S117"]
    assert [(d.column, d.found) for d in found] == [(11, "FOO, OTHER_X")]
    # The ranks are not judged, and S122 says so, on the record (line 5
    # of the fixture with 202 after its 092).
    (note,) = [d for d in validate(t) if d.code == "S122"]
    assert (note.line, note.column) == (t.header_line("202"), 5)
    assert note.message == (
        "the declared ranks (001) are not judged by the declared tie-breaks (202): "
        "FOO, OTHER_X are not known here (S117)"
    )


def test_berger_tables_as_printed() -> None:
    # FIDE C.05 Annex, 6 players, white first.
    assert berger_tables(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (1, 2), (5, 3)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (5, 1), (4, 2)],
    ]
    # 5 players: the 6-player table with 6 as the free round.
    assert berger_tables(5) == berger_tables(6)


def test_round_robin_following_the_table_under_another_numbering() -> None:
    # The TEC round robin is the 6-player table with numbers 5 and 6
    # swapped: it follows the table, so no finding.
    t = trfkit.load(DATA / "tec-roundrobin-6x5.trf")
    assert _codes(t, "S118") == []


def test_round_robin_with_rounds_out_of_order() -> None:
    text = (DATA / "tec-roundrobin-6x5.trf").read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            # Rounds 1 and 2 swapped: under no numbering do the games and
            # their colours follow the table.
            line = line[:91] + line[101:111] + line[91:101] + line[111:]
        lines.append(line)
    found = _codes(trfkit.loads(("\n".join(lines) + "\n").encode()), "S118")
    assert found == [
        "round 1 does not follow the Berger table for 6 players (FIDE C.05 Annex): the table "
        "pairs 1-6, 2-5, 3-4 (white first, starting ranks as pairing numbers); the file has "
        "6-3, 1-2, 5-4; the games follow the table under another numbering of the players, "
        "but not its colours"
    ]


def test_round_robin_naming_an_opponent_who_is_no_player_is_not_judged() -> None:
    # Found by the fuzzer: a cell naming opponent 99 in a 6-player round
    # robin made S118 fail with a KeyError. S101/S102 report such a cell;
    # S118 judges no table then.
    text = (DATA / "tec-roundrobin-6x5.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    one = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    assert lines[one][91:95].strip().isdigit()
    lines[one] = lines[one][:91] + "  99" + lines[one][95:]
    t = trfkit.loads(("\n".join(lines) + "\n").encode())
    found = validate(t)
    assert [d.code for d in found if d.code == "S118"] == []
    assert any(d.code.startswith("S10") and d.line == one + 1 for d in found)


def test_ranks_not_judged_past_an_undefined_tiebreak() -> None:
    # One unrated player makes ARO undefined (C.07 Art. 10); the file's
    # program may have had a rule for him, so BH after it is not judged.
    order = [2, 4, 3, 1, 16, 6, 8, 11, 5, 15, 12, 14, 13, 7, 9, 10]
    t = _with_ranks(order, "212 PTS,ARO,BH")
    assert _codes(t, "S116") != []  # everyone rated: ARO 1888 (#4) < 1940 (#3)
    assert _codes(t, "S122") == []
    t.players[15].rating = None
    assert _codes(t, "S116") == []
    # Said, not passed over: #16's opponents' ARO counts him no more; a
    # player who met #16 and shares his points has no ARO.
    (note,) = _codes(t, "S122")
    assert note.startswith(
        "the declared ranks (001) are not judged by the declared tie-breaks (212): "
        "ARO is undefined for player "
    )
    assert note.endswith(", who has the same points as another player")


def test_ranks_judged_up_to_an_undefined_tiebreak_say_so() -> None:
    # BH first, ARO second: the ranks are judged by BH, and S122 says that
    # ARO (undefined with #16 unrated) was not used.
    t = _with_ranks(BOOK_ORDER, "212 PTS,BH,ARO")
    t.players[15].rating = None
    (note,) = _codes(t, "S122")
    assert note.startswith(
        "the declared ranks (001) are judged by the declared tie-breaks (212) up to BH only: "
        "ARO is undefined for player "
    )
    assert _codes(t, "S116") == []


def test_ranks_not_judged_without_every_rank() -> None:
    # C.07 4.2 orders every player; a player without a rank (S105) leaves
    # nothing to compare him with: said on the first player's rank column
    # when --tiebreaks gives the tie-breaks.
    t = _with_ranks(BOOK_ORDER, "### no 212")
    t.players[4].rank = None
    found = [d for d in validate(t, tiebreaks="BH") if d.code == "S122"]
    first = t.players[0].origin
    assert first is not None
    assert [(d.line, d.column) for d in found] == [(first.line, 86)]
    assert found[0].message == (
        "the declared ranks (001) are not judged by the given tie-breaks (--tiebreaks): "
        f"1 of 16 players have no rank (S105), the first player 5 {t.players[4].name.strip()}"
    )
    for p in t.players:
        p.rank = None
    (note,) = [d.message for d in validate(t, tiebreaks="BH") if d.code == "S122"]
    assert note.endswith(": no player has a rank")
    # No tie-breaks declared or given: nothing was to be judged, nothing said.
    assert _codes(t, "S122") == []


def test_ranks_not_judged_with_a_team_tiebreak() -> None:
    order = [2, 4, 3, 1, 16, 6, 8, 11, 5, 15, 12, 14, 13, 7, 9, 10]
    t = _with_ranks(order, "212 PTS,BH:GP/C1,BH")
    assert _codes(t, "S116") == []
    assert _codes(t, "S122") == [
        "the declared ranks (001) are not judged by the declared tie-breaks (212): "
        "BH:GP/C1 is a team tie-break (S119)"
    ]


# -- trfkit check --tiebreaks: S116 for files without 212/202 ----------------


def _without_212(lines: tuple[str, ...]) -> str:
    return "\n".join(x for x in lines if not x.startswith("212")) + "\n"


def test_tiebreaks_given_judge_ranks_of_a_file_without_212() -> None:
    """S116's failing example without its 212: the ranks (1, 2 on equal
    points) follow TPN, so TPN/R, given, orders them the other way; TPN does
    not; without tie-breaks nothing is judged."""
    from trfkit.checks import validate
    from trfkit.codes import code

    t = trfkit.loads(_without_212(code("S116").failing))
    assert not [d for d in validate(t) if d.code == "S116"]
    assert not [d for d in validate(t, tiebreaks="TPN") if d.code == "S116"]
    found = [d for d in validate(t, tiebreaks="TPN/R") if d.code == "S116"]
    assert len(found) == 1
    assert "the given tie-breaks (--tiebreaks: TPN/R;" in found[0].message


def test_check_tiebreaks_reaches_the_batch_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--tiebreaks goes to every file of a batch, in worker processes too
    (--jobs 2), as --rules and --type do."""
    from trfkit.cli import main
    from trfkit.codes import code

    text = _without_212(code("S116").failing)
    for name in ("a.trf", "b.trf", "c.trf"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    status = main(["check", str(tmp_path), "--tiebreaks", "TPN/R", "--jobs", "2",
                   "--format", "json"])  # fmt: skip
    doc = json.loads(capsys.readouterr().out)
    assert status == 0
    per_file = {
        Path(f["path"]).name: [d["code"] for d in f["diagnostics"] if d["code"] == "S116"]
        for f in doc["files"]
    }
    assert per_file == {"a.trf": ["S116"], "b.trf": ["S116"], "c.trf": ["S116"]}
    main(["check", str(tmp_path), "--jobs", "2", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert not [d for f in doc["files"] for d in f["diagnostics"] if d["code"] == "S116"]


def test_check_tiebreaks_unknown_code_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trfkit.cli import main

    path = tmp_path / "a.trf"
    path.write_text("012 X\n", encoding="utf-8")
    assert main(["check", str(path), "--tiebreaks", "BH,XYZ"]) == 2
    assert "unknown tie-break code XYZ" in capsys.readouterr().err


def test_s119_team_tiebreak_in_an_individual_event() -> None:
    """The Swiss fixture as it was once written, 202 BH:GP/C1,SB in an
    individual Swiss: one finding on the team code's column; the team
    fixture's 202 BH:MP/C1,MPvGP is a team event's: none."""
    from trfkit.checks import validate

    root = ROOT / "fixtures"
    text = (root / "swiss-trf26.trf").read_text(encoding="utf-8")
    assert "\n202 ARO,BH/C1,SB\n" in text
    t = trfkit.loads(text.replace("\n202 ARO,BH/C1,SB\n", "\n202 SB,BH:GP/C1\n"))
    found = [d for d in validate(t) if d.code == "S119"]
    assert [(d.column, d.found) for d in found] == [(8, "BH:GP/C1")]
    assert not [d for d in validate(trfkit.load(root / "swiss-trf26.trf")) if d.code == "S119"]
    assert not [d for d in validate(trfkit.load(root / "team-trf26.trf")) if d.code == "S119"]
