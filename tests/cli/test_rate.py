"""``trfkit rate``: formats, inputs beyond the TRF, and exit codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import markupsafe
import pytest

from tests.conftest import FIXTURES, corpus_params
from tests.trfbuild import swiss_text
from trfkit.cli import main
from trfkit.report.rating import split_name

RR10 = str(FIXTURES / "rating-rr10-unrated.trf")
LIST_XML = str(FIXTURES / "ratinglist" / "players.xml")
LIST_TXT = str(FIXTURES / "ratinglist" / "players.txt")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["rate", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_is_form_3(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, RR10, "--rules", "fide-2009")
    assert status == 0, err
    assert "Iteration Invitational" in out and "fide-2009" in out
    # Player A's We (7.36) and change (+6.40 with K 10, assumed) are on his line.
    line = next(x for x in out.splitlines() if x.startswith("Aldercott"))
    assert "7.36" in line and "+6.40" in line and "2606" in line


def test_json_numbers_and_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, RR10, "--rules", "fide-2002", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["rules"]["name"] == "fide-2002"
    a = next(p for p in data["players"] if p["start_rank"] == 1)
    for key in ("start_rank", "name", "fide_id", "federation", "title", "rank", "rating",
                "score", "n", "rc", "w", "we", "k", "k_assumed", "change", "new_rating", "ru",
                "performance", "games"):  # fmt: skip
        assert key in a, key
    assert a["rc"] == 2366 and a["we"] == pytest.approx(7.11) and a["change"] == pytest.approx(8.9)
    game = a["games"][0]
    for key in (
        "round",
        "opponent",
        "opponent_rating",
        "colour",
        "result",
        "rated",
        "reason",
        "d",
        "pd",
    ):
        assert key in game, key
    c = next(p for p in data["players"] if p["start_rank"] == 3)
    assert c["ru"] == 2414 and c["change"] is None and c["we"] is None


def test_csv_players_and_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    games_file = tmp_path / "games.csv"
    status, out, _ = run(
        capsys, RR10, "--rules", "fide-2009", "--format", "csv", "--games-csv", str(games_file)
    )
    assert status == 0
    # Strict: every row as wide as its header (DictReader would hide a
    # short header under a None key).
    rows = list(csv.reader(io.StringIO(out.split("\n\n")[0])))
    players = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert len(players) == 10
    # 2009 §8.58 worked in test_rating: A (start rank 1) gains K 10 × .64 = 6.4.
    [aldercott] = [p for p in players if p["start_rank"] == "1"]
    assert (aldercott["change"], aldercott["new_rating"]) == ("6.4", "2606")
    grows = list(csv.reader(io.StringIO(games_file.read_text(encoding="utf-8"))))
    games = [dict(zip(grows[0], r, strict=True)) for r in grows[1:]]
    assert len(games) == 90  # 10 players × 9 rounds


def test_html_to_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "report.html"
    status, out, _ = run(capsys, RR10, "--format", "html", "-o", str(out_file))
    assert status == 0 and out == ""
    html = out_file.read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html") and "Aldercott" in html


def test_k_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, RR10, "--rules", "fide-2009", "--format", "json", "--k", "1=20", "--k", "6=30"
    )
    assert status == 0
    players = {p["start_rank"]: p for p in json.loads(out)["players"]}
    assert (players[1]["k"], players[1]["k_assumed"]) == (20, False)
    assert players[1]["change"] == pytest.approx(12.8)
    assert players[6]["change"] == pytest.approx(43.5)


@pytest.mark.parametrize("rating_list", [LIST_XML, LIST_TXT])
def test_rating_list_gives_ratings_and_k(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rating_list: str
) -> None:
    """The file says nothing of ratings; the list gives 2650 (K 10) and 2105 (K 20)."""
    trf = tmp_path / "t.trf"
    trf.write_text(
        swiss_text([None, None], [(1, 1, 2, "1")], fide_ids=[90000011, 90000054]), encoding="utf-8"
    )
    status, out, _ = run(
        capsys, str(trf), "--rules", "fide-2024", "--format", "json", "--rating-list", rating_list
    )
    assert status == 0
    players = {p["start_rank"]: p for p in json.loads(out)["players"]}
    assert (players[1]["rating"], players[1]["k"], players[1]["k_assumed"]) == (2650, 10, False)
    assert (players[2]["rating"], players[2]["k"]) == (2105, 20)
    assert players[1]["rating_source"] == "list"
    # 2650 vs 2105 in March 2025: D 545 is capped at 400 → .92, a win is
    # worth 10 × .08 (the 2650 exemption starts on 2025-10-01).
    assert players[1]["change"] == pytest.approx(0.8)


def test_rapid_uses_standard_rating_from_list(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R&B 2024 §7.2.1: no rapid rating but a standard one: it is used."""
    trf = tmp_path / "t.trf"
    trf.write_text(
        swiss_text(
            [None, None],
            [(1, 1, 2, "=")],
            fide_ids=[90000054, 90000011],
            time_control="15 min + 10 sec/move",
        ),
        encoding="utf-8",
    )
    status, out, _ = run(
        capsys, str(trf), "--rules", "fide-rb-2024", "--format", "json", "--rating-list", LIST_XML
    )
    assert status == 0
    players = {p["start_rank"]: p for p in json.loads(out)["players"]}
    assert (players[1]["rating"], players[1]["rating_source"]) == (2105, "list-standard")
    assert players[2]["rating"] == 2601  # his rapid rating


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "fide-1999"],
        ["--k", "1:20"],
        ["--k", "99=20"],
        ["--rating-list", "/nonexistent/list.xml"],
    ],
)
def test_unusable_arguments_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, _, err = run(capsys, RR10, *args)
    assert status == 2 and err.startswith("trfkit: ") and "Traceback" not in err


def test_bad_rating_list_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "list.txt"
    bad.write_bytes(b"\x00\x01garbage")
    status, _, err = run(capsys, RR10, "--rating-list", str(bad))
    assert status == 2 and "list.txt" in err


def test_missing_file_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "/nonexistent.trf")
    assert status == 2 and "no such file" in err


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_rates_in_every_format(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    """Every real file rates in every format, and the formats agree: as
    many players as the file has 001 lines, each named in the HTML, the
    exit status 1 exactly when check finds errors (the report's banner)."""
    players = sum(1 for line in path.read_bytes().splitlines() if line.startswith(b"001"))
    outputs = {}
    for fmt in ("text", "json", "csv", "html"):
        status, out, err = run(capsys, str(path), "--format", fmt)
        assert status in (0, 1), err
        assert "Traceback" not in err
        outputs[fmt] = (status, out)
    status, out = outputs["json"]
    data = json.loads(out)
    assert len(data["players"]) == players
    assert (status == 1) == (data["check"]["errors"] > 0)
    assert {s for s, _ in outputs.values()} == {status}
    rows = list(csv.reader(io.StringIO(outputs["csv"][1].split("\n\n")[0])))
    assert len(rows) == 1 + players and {len(r) for r in rows} == {len(rows[0])}
    page = outputs["html"][1]
    text = outputs["text"][1]
    assert text.startswith("WARNING: trfkit check finds") == (status == 1)
    if data["nothing_to_rate"]:
        assert "Nothing to rate" in text and "Nothing to rate" in page
        return
    for p in data["players"]:
        # The page shows the family name as the file writes it, escaped.
        family = split_name(p["name"])[0]
        assert str(markupsafe.escape(family)) in page, p["name"]
        if p["n"] and p["new_rating"] is not None:
            assert str(p["new_rating"]) in text


def test_rank_0_is_no_rank(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """TRF16 §2.2 (001 columns 86-89): the rank; FIDE's own sample report
    (example1.txt) writes 0 for players it did not rank. Form 3's F is then
    empty and such a player comes after the ranked ones, as on Form 1 and 2,
    not at the head of the report."""
    text = swiss_text([2000, 2100, 2200], [(1, 1, 2, "1"), (2, 2, 3, "=")])
    ranks = {1: "   1", 2: "   2", 3: "   0"}  # player 3 left unranked
    lines = [
        x[:85] + ranks[int(x[4:8])] + x[89:] if x.startswith("001") else x
        for x in text.splitlines()
    ]
    trf = tmp_path / "t.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, out, _ = run(capsys, str(trf), "--rules", "fide-2024", "--format", "json")
    players = json.loads(out)["players"]
    assert [(p["start_rank"], p["rank"]) for p in players] == [(1, 1), (2, 2), (3, None)]
    _, out, _ = run(capsys, str(trf), "--rules", "fide-2024")
    rows = [x.split() for x in out.splitlines() if x.startswith("Player")]
    # A, C (start rank), F (rank) of each player's first line, in order.
    assert [r[1:3] for r in rows] == [["1", "1"], ["2", "2"], ["3", "|"]]


def test_a_game_left_unrated_by_the_600_point_rule_is_named_in_the_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R&B 2024 as amended on 2024-12-01: a game between players 600 or more
    points apart, one of them above 2600, is not rated. 2650 beat 2000 in
    round 1 (650 apart): Form 3 leaves J blank, as for an unrated opponent,
    so the text must say why two rated players' game does not count."""
    trf = tmp_path / "t.trf"
    trf.write_text(
        swiss_text(
            [2650, 2000, 2100],
            [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 2, 3, "=")],
            time_control="15 min + 10 sec/move",
            start="2025/03/01",
        ),
        encoding="utf-8",
    )
    status, out, _ = run(capsys, str(trf))
    assert status == 0
    notes = out.split("Notes on players:")[1].splitlines()
    for no in (1, 2):
        assert any(
            x.startswith(
                f"- {no} Player, No{no}: round 1: 650 points apart with a player above 2600"
            )
            for x in notes
        ), (no, notes)


def test_a_game_too_fast_for_its_players_is_not_rated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """2024 §1.1: a game needs 120 minutes for 60 moves when a player is
    rated 2400 or more, 90 when one is 1800 or more. 60 min + 30 sec/move
    gives 60 + 60 × ½ = 90: the 2450's two games cannot be rated (check's
    R101 says so), the 2000-2100 draw can. Worked by hand: the 2000 has
    D = -100, PD .36 (table 8.1.2, 99-106: .64), W − We = +0.14, K 20:
    +2.80, 2003; the 2100 -2.80, 2097; the 2450 keeps 2450."""
    trf = tmp_path / "t.trf"
    trf.write_text(
        swiss_text(
            [2450, 2000, 2100],
            [(1, 1, 2, "1"), (2, 1, 3, "1"), (3, 2, 3, "=")],
            time_control="60 min + 30 sec/move",
            start="2025/03/01",
        ),
        encoding="utf-8",
    )
    status, out, _ = run(capsys, str(trf), "--format", "json", "--k", "2=20", "--k", "3=20")
    assert status == 1  # R101 is still an error of the file
    players = {p["start_rank"]: p for p in json.loads(out)["players"]}
    one = players[1]
    assert (one["n"], one["new_rating"]) == (0, 2450)
    assert [g["rated"] for g in one["games"][:2]] == [False, False]
    assert "needs 120" in one["games"][0]["reason"]
    assert (players[2]["n"], players[2]["change"], players[2]["new_rating"]) == (
        1,
        pytest.approx(2.8),
        2003,
    )
    assert (players[3]["n"], players[3]["change"], players[3]["new_rating"]) == (
        1,
        pytest.approx(-2.8),
        2097,
    )
    assert any("needs 120" in n for n in json.loads(out)["notes"])
