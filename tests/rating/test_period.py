"""trfkit rate-period: three tournaments of March 2025 sharing players,
rated as one FIDE rating period (fixtures/period, fixtures/README.md).

The expected figures are worked by hand from the 2024 regulations, with
the tables of shared/docs/regulations.md:

Alba Arnaud (91100010, 2000, K 40 in the list) plays Bo Berglund (2100),
Cira Castro (1900) and Dalibor Dvorak (2200) twice in each tournament.
D = −100, +100, −200; PD (table 8.1.2) = .36, .64, .24; We per tournament
2 × 1.24 = 2.48. Her scores are 3, 3 and 3½, so W − We = +.52, +.52, +1.02
and Σ = +2.06 over n = 18 games. K 40 × 18 = 720 > 700, so K = ⌊700/18⌋ =
38 (O-17). The change 38 × 2.06 = +78.28 is rounded once: +78, 2078. Each
tournament's change rounded on its own: 19.76 → 20, 19.76 → 20,
38.76 → 39, together +79: 2079 (regulations.md Q4).

Nina Novak (91100052, unrated) plays Emil Eriksen (1800) three times in
each of the first two tournaments, scoring 2 of 3 in each: alone, 3 games
are fewer than the 5 a first rating needs (§7.1.4). Pooled: n = 6, W = 4;
Ra = (6 × 1800 + 2 × 1800)/8 = 1800; p = (4 + 1)/(6 + 2) = .625 → .63;
dp(.63) = 95 (table 8.1.1); Ru = 1895, publishable.

Dalibor Dvorak (2200, K 10): D = +200, +100, +300 against Alba, Bo and
Cira; PD = .76, .64, .85; We 2 × 2.25 = 4.50 per tournament. His K 10 × 18
= 180 is not capped; his scores 3½, 4, 4: W − We = −1, −.5, −.5, change
10 × −2 = −20: 2180.
"""

from __future__ import annotations

import datetime
import json
from fractions import Fraction
from pathlib import Path

import attrs
import pytest

from tests.conftest import ROOT
from trfkit.cli import main
from trfkit.rating.listed import list_in_force
from trfkit.rating.period import RatingListAt, rate_period
from trfkit.rating.ratinglist import load_rating_list
from trfkit.reader import load, loads

PERIOD = ROOT / "fixtures" / "period"
LIST = PERIOD / "players-2025-03.txt"
FILES = sorted(PERIOD.glob("event*.trf"))
ALBA, NINA, DALIBOR, BO = 91100010, 91100052, 91100044, 91100028


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["rate-period", *args])
    out, err = capsys.readouterr()
    return status, out, err


def _period_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:  # type: ignore[type-arg]
    status, out, err = _run(
        capsys, *map(str, FILES), "--rating-list", f"2025-03={LIST}", "--format", "json", *extra
    )
    assert status == 0, err
    data = json.loads(out)
    assert data["schema"] == "trfkit.rate-period/1"
    return data


def _player(data: dict, fide_id: int) -> dict:  # type: ignore[type-arg]
    [p] = [p for p in data["players"] if p["fide_id"] == fide_id]
    return p


def test_k_capped_over_the_period_and_the_change_rounded_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    alba = _player(_period_json(capsys), ALBA)
    assert (alba["rating"], alba["n"], alba["w"], alba["we"]) == (2000, 18, 9.5, 7.44)
    assert alba["w_minus_we"] == pytest.approx(2.06)
    assert alba["k"] == 38 and not alba["k_assumed"]
    assert "700" in alba["k_reason"]
    assert alba["change"] == pytest.approx(78.28)
    assert alba["new_rating"] == 2078
    assert alba["new_rating_per_tournament"] == 2079
    events = alba["events"]
    assert [e["event"] for e in events] == [0, 1, 2]
    assert [e["w_minus_we"] for e in events] == pytest.approx([0.52, 0.52, 1.02])
    assert [e["change"] for e in events] == pytest.approx([19.76, 19.76, 38.76])
    assert [e["change_rounded"] for e in events] == [20, 20, 39]
    # A single tournament of hers is rated with K 40 (6 games: no cap).
    assert [e["k"] for e in events] == [40, 40, 40]
    assert {g["event"] for g in alba["games"]} == {0, 1, 2} and len(alba["games"]) == 18


def test_a_k_under_the_cap_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    dalibor = _player(_period_json(capsys), DALIBOR)
    assert (dalibor["k"], dalibor["n"]) == (10, 18)
    assert dalibor["change"] == pytest.approx(-20) and dalibor["new_rating"] == 2180


def test_a_newcomer_pooled_across_tournaments(capsys: pytest.CaptureFixture[str]) -> None:
    data = _period_json(capsys)
    nina = _player(data, NINA)
    nc = nina["newcomer"]
    assert (nc["n"], nc["w"], nc["ra"], nc["p"], nc["dp"], nc["ru"]) == (6, 4, 1800, 0.63, 95, 1895)
    assert nc["publishable"] and nina["ru"] == 1895
    assert nina["rating"] is None and nina["change"] is None
    # Each tournament alone gave 3 games: not enough.
    assert [e["newcomer"]["n"] for e in nina["events"]] == [3, 3]
    assert not any(e["newcomer"]["publishable"] for e in nina["events"])


def test_players_carry_the_keys_of_trfkit_rate(capsys: pytest.CaptureFixture[str]) -> None:
    data = _period_json(capsys)
    assert main(["rate", str(FILES[0]), "--format", "json"]) == 0
    rate_player = json.loads(capsys.readouterr().out)["players"][0]
    for p in data["players"]:
        assert set(rate_player) <= set(p)
        assert {"events", "new_rating_per_tournament"} <= set(p)
    assert [e["path"] for e in data["events"]] == [str(f) for f in FILES]
    assert all(e["rating_list"] == str(LIST) for e in data["events"])


def test_tournaments_outside_the_period_are_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    data = _period_json(capsys, "--period", "2025-04")
    assert not any(e["included"] for e in data["events"])
    assert all("not in 2025-04" in e["reason"] for e in data["events"])
    assert data["players"] == []


def test_the_list_in_force_at_each_start() -> None:
    feb = RatingListAt({}, datetime.date(2025, 2, 1), "feb")
    mar = RatingListAt({}, datetime.date(2025, 3, 1), "mar")
    assert list_in_force([mar, feb], datetime.date(2025, 2, 28)) is feb
    assert list_in_force([mar, feb], datetime.date(2025, 3, 1)) is mar
    assert list_in_force([mar, feb], datetime.date(2025, 1, 5)) is feb  # before both: the oldest
    assert list_in_force([], datetime.date(2025, 1, 5)) is None


def test_each_tournament_is_rated_with_its_list() -> None:
    # Bo's February rating differs: the first tournament (1 March) uses the
    # March list, and so does everyone's Ro for the period.
    players = load_rating_list(LIST)
    feb = dict(players)
    feb[BO] = attrs.evolve(players[BO], rating=2050)
    tournaments = [(str(f), load(f)) for f in FILES]
    report = rate_period(
        tournaments,
        lists=[
            RatingListAt(feb, datetime.date(2025, 2, 1), "feb"),
            RatingListAt(players, datetime.date(2025, 3, 1), "mar"),
        ],
    )
    assert [e.rating_list for e in report.events] == ["mar", "mar", "mar"]
    early = [(str(FILES[0]), load(FILES[0]))]
    report = rate_period(
        early,
        lists=[
            RatingListAt(feb, datetime.date(2025, 2, 1), "feb"),
            RatingListAt(players, datetime.date(2025, 4, 1), "apr"),
        ],
    )
    [bo] = [p for p in report.players if p.rating.fide_id == BO]
    assert report.events[0].rating_list == "feb" and bo.rating.rating == 2050


def test_text_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, str(PERIOD), "--rating-list", str(LIST))
    assert status == 0
    assert "Rating period (every tournament given): fide-2024 (standard)" in out
    alba = next(line for line in out.splitlines() if line.lstrip().startswith(str(ALBA)))
    assert alba.split()[-4:] == ["+78.28", "+78", "2078", "2079"]
    status, out, _ = _run(capsys, str(PERIOD), "--rating-list", str(LIST), "--format", "csv")
    import csv
    import io

    rows = list(csv.reader(io.StringIO(out.split("\n\n")[0])))
    assert rows[0][:6] == ["fide_id", "name", "federation", "rating", "events", "n"]
    players = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    alba = next(r for r in players if r["fide_id"] == str(ALBA))
    assert (alba["new_rating"], alba["new_rating_per_tournament"]) == ("2078", "2079")
    assert alba["events"] == "3"


def test_a_derived_k_is_marked_assumed_as_rate_marks_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Without a list, Alba's K (2000, no birth date) is only what the file
    # suggests: "20?" and one note, as Form 3 says it (issue 31 §2).
    status, out, _ = _run(capsys, *map(str, FILES))
    assert status == 0
    alba = next(line for line in out.splitlines() if line.lstrip().startswith(str(ALBA)))
    assert "20?" in alba.split()
    assert "- K is assumed for 4 players (marked ?)" in out
    # With the list, K is the list's: no mark, no note.
    status, out, _ = _run(capsys, *map(str, FILES), "--rating-list", str(LIST))
    alba = next(line for line in out.splitlines() if line.lstrip().startswith(str(ALBA)))
    assert "38" in alba.split() and "?" not in alba
    assert "K is assumed" not in out


def test_an_unreadable_file_is_reported_and_the_rest_pooled(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = _run(
        capsys, *map(str, FILES), str(tmp_path / "gone.trf"), "--rating-list", str(LIST)
    )
    assert status == 2 and "gone.trf: no such file" in err
    assert "2078" in out


@pytest.mark.parametrize(
    "args",
    [["--period", "March"], ["--rating-list", "2025-3=x.txt"], ["--k", "alba=40"]],
)
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, _, err = _run(capsys, str(PERIOD), *args)
    assert status == 2 and err.startswith("trfkit: ") and "Traceback" not in err


def test_k_given_by_fide_id_wins(capsys: pytest.CaptureFixture[str]) -> None:
    alba = _player(_period_json(capsys, "--k", f"{ALBA}=20"), ALBA)
    assert alba["k"] == 20 and alba["change"] == pytest.approx(41.2)


def test_the_period_starts_from_the_previous_list(tmp_path: Path) -> None:
    """2009 §7.1, R&B 2024 §6.1: a list "incorporates all rated play during
    the rating period into the previous list". The three events start in
    February (rated with a February list giving Alba 1990) and end in
    March; the March list gives her 2000: the period's change goes onto
    2000, not onto the 1990 her tournaments used, and the report says so."""
    february = tmp_path / "players-2025-02.txt"
    february.write_text(
        LIST.read_text(encoding="utf-8").replace(
            "F                                2000  12  40",
            "F                                1990  12  40",
        ),
        encoding="utf-8",
    )
    tournaments = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        text = text.replace("042 2025/03/", "042 2025/02/", 1)
        tournaments.append((path.name, loads(text.encode())))
    lists = [
        RatingListAt(load_rating_list(february), datetime.date(2025, 2, 1), "2025-02"),
        RatingListAt(load_rating_list(LIST), datetime.date(2025, 3, 1), "2025-03"),
    ]
    report = rate_period(tournaments, lists=lists, period="2025-03")
    [alba] = [p for p in report.players if p.rating.fide_id == ALBA]
    assert {e.line.rating for e in alba.events} == {1990}
    line = alba.rating
    assert line.rating == 2000 and line.rating_source == "list"
    assert line.change is not None
    assert line.new_rating == 2000 + round(line.change)
    assert any("list 2025-02 gives" not in n and "2025-03 gives 2000" in n for n in line.notes)
    assert any("added to each player's rating on the list 2025-03" in n for n in report.notes)
    # Without --period nothing says which list precedes the period: the
    # latest tournament's rating stays the start, and the note says so.
    plain = rate_period(tournaments, lists=lists)
    [alba2] = [p for p in plain.players if p.rating.fide_id == ALBA]
    assert alba2.rating.rating == 1990
    assert any("latest tournament used" in n for n in plain.notes)


def test_a_tournament_under_an_earlier_text_keeps_its_own_k() -> None:
    """A July 2014 period mixes K: a tournament started 2014-06-28 falls
    under the 2009 text (K 15), one started 2014-07-05 under the 2014 text
    (K 20 for an adult under 2400). One win against an equal opponent in
    each: 15 × .5 + 20 × .5 = 17.5 → 2018 (.5 away from zero, 2014); one K
    for both would give 20 or 15."""
    from tests.trfbuild import swiss

    early = swiss([2000, 2000], [(1, 1, 2, "1")], start="2014/06/28", fide_ids=[1, 2])
    late = swiss([2000, 2000], [(1, 1, 2, "1")], start="2014/07/05", fide_ids=[1, 2])
    report = rate_period([("june.trf", early), ("july.trf", late)])
    assert [e.rules for e in report.events] == ["fide-2009", "fide-2014"]
    [p] = [x for x in report.players if x.rating.fide_id == 1]
    assert [e.line.k for e in p.events] == [15, 20]
    assert p.rating.change == Fraction(35, 2) and p.rating.new_rating == 2018
    assert any(
        "june.trf was rated under fide-2009: its games count at its own K 15" in n
        for n in p.rating.notes
    )


def test_a_period_under_rules_not_in_force_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, *map(str, FILES), "--rating-list", f"2025-03={LIST}", "--rules", "fide-2017"
    )
    assert status == 0
    assert (
        "event1-2025-03-01.trf: rated under fide-2017, NOT IN FORCE at the start 2025-03-01: "
        "fide-2017 governs events from 2017-07-01 to 2021-12-31"
    ) in out


def test_rule_set_names_in_any_case_from_the_library() -> None:
    tournaments = [(p.name, load(p)) for p in FILES]
    assert rate_period(tournaments, rules="AUTO").rules == "fide-2024"
    assert rate_period(tournaments, rules="FIDE-2022").rules == "fide-2022"


def test_a_k_the_rule_set_never_gives_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(
        capsys, *map(str, FILES), "--rating-list", f"2025-03={LIST}", "--k", f"{ALBA}=25"
    )
    assert status == 0
    assert f"--k {ALBA}=25: fide-2024 gives no player a K of 25 (its K values: 10, 20, 40)" in err
    _, _, quiet = _run(
        capsys, *map(str, FILES), "--rating-list", f"2025-03={LIST}", "--k", f"{ALBA}=20"
    )
    assert "gives no player" not in quiet


def test_a_change_rounded_to_zero_has_no_sign(capsys: pytest.CaptureFixture[str]) -> None:
    """Berglund (2100, K 20 on the list) in event 1: W 3½, We 3.52 (worked in
    the fixture's games), K × (W − We) = 20 × −0.02 = −0.40, which rounds to
    0: the rounded change is 0, as Form 3 prints 0.00, not '+0'. Eriksen
    (no game against a rated player) changes by 0 too."""
    _, out, _ = _run(capsys, str(PERIOD), "--rating-list", str(LIST), "--period", "2025-03")
    lines = out.splitlines()
    i = next(i for i, x in enumerate(lines) if x.startswith("91100028"))
    assert lines[i + 1].split()[-2:] == ["-0.40", "0"]
    eriksen = next(x for x in lines if x.startswith("91100060")).split()
    assert eriksen[-3:] == ["0", "1800", "1800"]
    assert "+0 " not in out and not out.rstrip().endswith("+0")
