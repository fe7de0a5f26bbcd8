"""A file's players against FIDE's players' list (R801-R813).

The lists are fixtures/ratinglist/players.xml and players.txt: the same
eight invented players written by hand in both formats. Each finding is
raised by a file that differs from them in one field and not by the file
that agrees; both formats give the same findings. Expected values are the
list's, read off the fixtures.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

import trfkit
from tests.conftest import ROOT
from tests.trfbuild import player_line
from trfkit.checks import validate
from trfkit.cli import main
from trfkit.diagnostics import Diagnostic
from trfkit.rating.files import wanted_players
from trfkit.rating.listed import RatingListAt, compare
from trfkit.rating.ratinglist import ListedPlayer, load_rating_list, name_key

FIXTURES = ROOT / "fixtures" / "ratinglist"
XML, TXT = FIXTURES / "players.xml", FIXTURES / "players.txt"

Row = dict[str, object]

# Players as the lists give them (the event's federation is FRA).
BASE: list[Row] = [
    dict(sex="m", title="GM", name="Moreau, Lucien", rating=2650, fed="FRA", id=90000011, born="1990/04/02"),
    dict(sex="w", title="WIM", name="Šťastná, Zoë", rating=2301, fed="CZE", id=90000020, born="1998/01/05"),
    dict(sex="m", title="CM", name="Tanaka, Hiro", rating=2105, fed="JPN", id=90000054, born="2010/07/08"),
    dict(sex="m", title="FM", name="Da Silva Junior, João Pedro", rating=2299, fed="BRA", id=90000062, born="1985/03/03"),
    dict(sex="w", title="WFM", name="Nowak, Katarzyna", rating=2010, fed="POL", id=90000070, born=""),
]  # fmt: skip


def _line(rank: int, p: Row) -> str:
    """A 001 line, each field on its columns (TRF16 §2.2)."""
    return player_line(
        rank, p["rating"], 0.0, [], name=p["name"] or " ", born=p["born"], fide_id=p["id"] or "",
        sex=p["sex"], title=p["title"], federation=p["fed"],
    )  # fmt: skip


def _file(players: list[Row], start: str = "2025/03/14", tc: str = "90 min + 30 sec/move") -> str:
    head = ["012 List Open", "022 Paris", "032 FRA", f"042 {start}", f"122 {tc}"]
    return "\n".join(head + [_line(i + 1, p) for i, p in enumerate(players)]) + "\n"


def _changed(rank: int, **fields: object) -> list[Row]:
    players = [dict(p) for p in BASE]
    players[rank - 1].update(fields)
    return players


def _added(**fields: object) -> list[Row]:
    return [*(dict(p) for p in BASE), dict(fields)]


def _found(text: str, path: Path) -> list[Diagnostic]:
    """The R8 findings of ``text`` against the list at ``path``, read as
    ``check --rating-list`` reads it: the file's ids and unnamed players."""
    t = trfkit.loads(text.encode())
    ids = {p.fide_id for p in t.players if p.fide_id}
    names = {(name_key(p.name), p.federation) for p in t.players if not p.fide_id}
    players = load_rating_list(path, wanted=ids, names=names)
    lists = [RatingListAt(players, datetime.date(2025, 3, 1), "list")]
    return [d for d in validate(t, rating_lists=lists) if d.code.startswith("R8")]


def test_a_file_that_agrees_with_the_list_has_no_finding() -> None:
    for path in (XML, TXT):
        assert _found(_file(BASE), path) == []


# (code, players, line of the finding, its column, found, expected's start)
CASES: list[tuple[str, list[Row], int, int, str, str]] = [
    ("R801", _changed(1, rating=2640), 6, 49, "2640", "2650"),
    ("R802", _changed(1, rating=None), 6, 49, "blank", "2650"),
    ("R803", _changed(1, title="IM"), 6, 11, "IM", "GM"),
    ("R804", _changed(1, fed="GER"), 6, 54, "GER", "FRA"),
    ("R805", _changed(2, sex="m"), 7, 10, "m", "F"),
    ("R806", _changed(1, born="1991/04/02"), 6, 70, "1991", "1990"),
    ("R807", _changed(1, name="Moreau, Louis"), 6, 15, "Moreau, Louis", "Moreau, Lucien"),
    ("R808", _changed(1, id=90000097), 6, 58, "90000097", "a FIDE id on the list"),
    # A name and federation listed once, for a player without id.
    ("R811", _changed(3, id=None, name="TANAKA,  Hiro"), 8, 58, "blank", "90000054"),
    ("R812", _added(sex="w", title="", name="Lindqvist, Åsa", rating=1850, fed="SWE", id=90000046, born="2005/01/01"), 11, 58, "90000046", "an active player"),
    # The list says a man; the file gives no sex (with m, R813 is the file's alone).
    ("R813", _changed(1, sex=" ", title="WGM"), 6, 11, "WGM", "a title open to men"),
]  # fmt: skip


@pytest.mark.parametrize("path", [XML, TXT], ids=["xml", "txt"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_finding(case: tuple[str, list[Row], int, int, str, str], path: Path) -> None:
    code, players, line, column, found, expected = case
    got = [d for d in _found(_file(players), path) if d.code == code]
    assert [(d.line, d.column, d.found) for d in got] == [(line, column, found)]
    assert (got[0].expected or "").startswith(expected)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_both_formats_give_the_same_findings(
    case: tuple[str, list[Row], int, int, str, str],
) -> None:
    text = _file(case[1])
    assert _found(text, XML) == _found(text, TXT)


def test_the_rating_of_the_events_rate_class() -> None:
    # Moreau: standard 2650, rapid 2601, blitz 2588.
    rapid = _file(BASE, tc="15 min + 10 sec/move")
    got = [(d.code, d.found, d.expected) for d in _found(rapid, TXT) if d.code in ("R801", "R802")]
    # Tanaka and Nowak have no rapid rating: R&B 2024 §7.2.1 rates them with
    # their standard 2105 and 2010, as the file has them. Šťastná's rapid is
    # 2255 to the file's 2301, Da Silva's 2310 to 2299.
    assert got == [
        ("R801", "2650", "2601, the rapid rating in force at the start"),
        ("R801", "2301", "2255, the rapid rating in force at the start"),
        ("R801", "2299", "2310, the rapid rating in force at the start"),
    ]


def test_a_rating_the_list_does_not_hold() -> None:
    # Okafor is listed without a rating: the file's 1600 is not FIDE's.
    text = _file(_added(sex="m", title="", name="Okafor, Chidi", rating=1600, fed="NGR", id=90000038, born="1980/01/01"))  # fmt: skip
    got = [(d.code, d.line, d.found) for d in _found(text, TXT) if d.code in ("R801", "R802")]
    assert got == [("R802", 11, "1600")]


def test_names_agree_beyond_case_spacing_and_diacritics() -> None:
    for name in ("STASTNA,Zoe", "stastna , zoë", "Šťastná, Zoë"):
        assert not [d for d in _found(_file(_changed(2, name=name)), XML) if d.code == "R807"]
    assert [d.code for d in _found(_file(_changed(2, name="Stastna, Zora")), XML)] == ["R807"]


def test_a_listed_name_cut_at_the_33_columns_of_trf_agrees() -> None:
    t = trfkit.loads(_file(_changed(1, name="Moreau-Delacroix de Saint-Exupery")).encode())
    long = ListedPlayer(90000011, "Moreau-Delacroix de Saint-Exupéry, Lucien", "FRA", "M", "GM", rating=2650, birth_year=1990)  # fmt: skip
    assert [d.kind for d in compare(t, {long.fide_id: long}) if d.start_rank == 1] == []
    other = ListedPlayer(90000011, "Moreau-Delacroix de Saint-Exupéry", "FRA", "M", "GM", rating=2650, birth_year=1990)  # fmt: skip
    t2 = trfkit.loads(_file(_changed(1, name="Moreau-Delacroix de Saint-Ex")).encode())
    # A name shorter than the columns is not cut: it must agree whole.
    assert [d.kind for d in compare(t2, {other.fide_id: other}) if d.start_rank == 1] == ["name"]


def test_a_name_listed_twice_names_no_one() -> None:
    t = trfkit.loads(_file(_changed(3, id=None)).encode())
    twice = {
        i: ListedPlayer(i, "Tanaka, Hiro", "JPN", "M", rating=2105) for i in (90000054, 90000100)
    }
    assert [d.kind for d in compare(t, twice) if d.start_rank == 3] == []
    once = {90000054: twice[90000054]}
    found = [(d.kind, d.list_value) for d in compare(t, once) if d.start_rank == 3]
    assert found == [("same_name", "90000054")]


def test_an_unlisted_new_player_needs_birth_date_and_sex() -> None:
    text = _file(_changed(1, id=90000097, born="", sex=" ", title=""))
    got = [(d.code, d.column, d.expected) for d in _found(text, TXT) if d.code in ("R808", "R809")]
    assert got == [("R808", 58, "a FIDE id on the list"), ("R809", 70, "birth date and sex")]


# -- without a list ------------------------------------------------------------


def _alone(text: str) -> list[tuple[str, int, int]]:
    t = trfkit.loads(text.encode())
    return [(d.code, d.line, d.column) for d in validate(t) if d.code.startswith("R8")]


def test_without_a_list_an_unrated_player_without_id_birth_date_or_sex() -> None:
    assert _alone(_file(BASE)) == []
    new = dict(sex="w", title="", name="Martin, Lea", rating=None, fed="FRA", id=None, born="")
    assert _alone(_file([*BASE, new])) == [("R809", 11, 70)]
    assert _alone(_file([*BASE, {**new, "born": "2001/02/03"}])) == []
    assert _alone(_file([*BASE, {**new, "born": "2001/02/03", "sex": " "}])) == [("R809", 11, 10)]
    # A rated player without an id is one whose id was left out, not a new
    # one: R814 (TRF16 §2.2: the FIDE number is mandatory for rating), not R809.
    assert _alone(_file([*BASE, {**new, "rating": 1700}])) == [("R814", 11, 58)]


def test_without_a_list_many_new_players_are_one_finding() -> None:
    new = [
        dict(sex="m", title="", name=f"New, No{i}", rating=None, fed="FRA", id=None, born="")
        for i in range(11)
    ]
    found = _alone(_file([*BASE, *new]))
    assert found == [("R809", 11, 70)]  # the first of the eleven
    ten = _alone(_file([*BASE, *new[:10]]))
    assert len(ten) == 10


def test_a_file_without_any_id_is_one_finding() -> None:
    players = [dict(sex="m", title="", name=f"Club, No{i}", rating=None, fed="FRA", id=None, born="") for i in range(3)]  # fmt: skip
    t = trfkit.loads(_file(players).encode())
    found = [d for d in validate(t) if d.code == "R809"]
    assert [(d.line, d.found) for d in found] == [
        (6, "3 players without FIDE id, birth date or sex")
    ]
    assert found[0].message.startswith("none of the 3 players has a rating or a FIDE id")


def test_without_a_list_a_foreign_player_without_id() -> None:
    guest = dict(
        sex="m", title="", name="Gast, Max", rating=None, fed="GER", id=None, born="1999/09/09"
    )
    assert _alone(_file([*BASE, guest])) == [("R810", 11, 58)]
    assert _alone(_file([*BASE, {**guest, "id": 4600010}])) == []
    assert _alone(_file([*BASE, {**guest, "fed": "FRA"}])) == []  # a new player at home
    # Rated: registered already, his id left out of the file (R814, not R810).
    assert _alone(_file([*BASE, {**guest, "rating": 1700}])) == [("R814", 11, 58)]


def test_rated_players_without_an_id() -> None:
    # TRF16 §2.2: the FIDE number (58-68) is mandatory for rating. Nigel
    # Short's line in bunratty_masters_2011.tab: 2658, no id.
    rated = [
        dict(sex="m", title="", name=f"Rated, No{i}", rating=2000 + i, fed="FRA", id=None, born="")
        for i in range(11)
    ]
    assert _alone(_file([*BASE, *rated[:2]])) == [("R814", 11, 58), ("R814", 12, 58)]
    # More than 10: one finding, on the first one's line.
    (d,) = [d for d in validate(trfkit.loads(_file([*BASE, *rated]).encode())) if d.code == "R814"]
    assert (d.line, d.found) == (11, "11 rated players without FIDE id")
    assert d.message.startswith("11 rated players have no FIDE id")
    # No player has an id at all: one fact about the file.
    (d,) = [d for d in validate(trfkit.loads(_file(rated[:3]).encode())) if d.code == "R814"]
    assert (d.line, d.column) == (6, 58)
    assert d.message.startswith("none of the 3 players has a FIDE id")
    # ... and so when one of them is unrated (the review's case: the fact
    # is the file's, however many players are rated).
    unrated = dict(rated[2], rating=None, born="2001/01/01", sex="w")
    t = trfkit.loads(_file([*rated[:2], unrated]).encode())
    (d,) = [d for d in validate(t) if d.code == "R814"]
    assert (d.line, d.found) == (6, "2 rated players without FIDE id")
    assert d.message.startswith(
        "none of the 3 players has a FIDE id (columns 58-68), though 2 are rated"
    )


def test_without_a_list_a_womans_title_on_a_man() -> None:
    assert _alone(_file(_changed(1, title="WGM"))) == [("R813", 6, 11)]
    assert _alone(_file(_changed(2, title="WGM"))) == []


def test_not_under_a_national_rule_set() -> None:
    new = dict(sex="w", title="", name="Martin, Lea", rating=None, fed="FRA", id=None, born="")
    t = trfkit.loads(_file([*BASE, new]).encode())
    assert [d.code for d in validate(t, rules="chessa-2015") if d.code.startswith("R8")] == []


# -- which players a batch asks the list for ------------------------------------


def test_wanted_players_reads_ids_and_the_names_of_players_without_one(tmp_path: Path) -> None:
    path = tmp_path / "a.trf"
    path.write_text(_file(_changed(2, id=None)), encoding="utf-8")
    ids, names = wanted_players([str(path)])
    assert ids == {90000011, 90000054, 90000062, 90000070}
    # A UTF-8 name: the columns count characters, not bytes.
    assert names == {("stastna zoe", "CZE")}


@pytest.mark.parametrize("path", [XML, TXT], ids=["xml", "txt"])
def test_the_reader_keeps_players_listed_under_a_name(path: Path) -> None:
    found = load_rating_list(
        path, wanted={90000011}, names={("stastna zoe", "CZE"), ("tanaka hiro", "FRA")}
    )
    # Tanaka is listed for JPN, not FRA.
    assert sorted(found) == [90000011, 90000020]


# -- the command line ----------------------------------------------------------


def _write_list(path: Path, moreau: int) -> Path:
    text = TXT.read_text(encoding="utf-8").replace("2650  9   10", f"{moreau}  9   10")
    path.write_text(text, encoding="utf-8")
    return path


def test_check_uses_the_list_in_force_at_the_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    feb = _write_list(tmp_path / "feb.txt", 2640)
    mar = _write_list(tmp_path / "mar.txt", 2650)
    march = tmp_path / "march.trf"
    march.write_text(_file(BASE, start="2025/03/14"), encoding="utf-8")
    february = tmp_path / "february.trf"
    february.write_text(_file(BASE, start="2025/02/20"), encoding="utf-8")
    lists = ["--rating-list", f"2025-03={mar}", "--rating-list", f"2025-02={feb}"]
    assert main(["check", str(march), str(february), *lists, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    found = {
        Path(f["path"]).name: [(d["code"], d["found"], d["expected"]) for d in f["diagnostics"] if d["code"].startswith("R8")]
        for f in data["files"]
    }  # fmt: skip
    assert found["march.trf"] == []
    # February's file was rated with February's list: 2640, not the file's 2650.
    assert found["february.trf"] == [
        ("R801", "2650", "2640, the standard rating in force at the start")
    ]


def test_check_with_a_list_in_workers_gives_the_same_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(9):  # enough files for a pool of workers
        (tmp_path / f"e{i}.trf").write_text(
            _file(_changed(1 + i % 5, rating=1999)), encoding="utf-8"
        )
    args = ["check", str(tmp_path), "--rating-list", str(TXT), "--format", "jsonl"]
    main([*args, "--jobs", "1"])
    one = capsys.readouterr().out
    main([*args, "--jobs", "2"])
    assert capsys.readouterr().out == one
    codes = [d["code"] for line in one.splitlines() for d in json.loads(line)["diagnostics"]]
    assert codes.count("R801") + codes.count("R802") == 9


def test_check_refuses_a_list_that_is_no_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "a.trf"
    trf.write_text(_file(BASE), encoding="utf-8")
    bad = tmp_path / "list.txt"
    bad.write_text("hello\n", encoding="utf-8")
    assert main(["check", str(trf), "--rating-list", str(bad)]) == 2
    assert "header line naming the columns" in capsys.readouterr().err
    assert main(["check", str(trf), "--rating-list", f"2025-3={TXT}"]) == 2
    assert "expected a month as YYYY-MM" in capsys.readouterr().err


# -- rate: where the list's rating was taken over the file's ------------------------


def _rate(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> str:
    trf = tmp_path / "e.trf"
    # Moreau: 2640 in the file, 2650 listed; Tanaka unrated in the file, 2105 listed.
    trf.write_text(
        _file(_changed(3, rating=None)).replace("2650 FRA", "2640 FRA"), encoding="utf-8"
    )
    main(["rate", str(trf), "--rating-list", str(TXT), "--format", fmt])
    return capsys.readouterr().out


def test_rate_says_where_it_took_the_lists_rating_text_and_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    why = "FIDE rates with the rating in force at the start (Title Regulations §1.4.6a)"
    text = _rate(tmp_path, capsys, "text")
    assert (
        f"- 1 Moreau, Lucien: rated 2650 as on the players' list; 2640 in the file: {why}" in text
    )
    assert (
        f"- 3 Tanaka, Hiro: rated 2105 as on the players' list; unrated in the file: {why}" in text
    )
    # Where they agree, only where the rating came from.
    assert "- 2 Šťastná, Zoë: rating from the players' list" in text
    html = _rate(tmp_path, capsys, "html")
    assert "rated 2650 as on the players&#39; list; 2640 in the file" in html


def test_rate_says_where_it_took_the_lists_rating_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from trfkit.schemas import validator

    data = json.loads(_rate(tmp_path, capsys, "json"))
    validator("rate", strict=True).validate(data)
    taken = {p["start_rank"]: [(t["field"], t["file"], t["list"], t["fide_id"]) for t in p["from_list"]] for p in data["players"]}  # fmt: skip
    assert taken == {
        1: [("rating", "2640", "2650", 90000011)],
        2: [],
        3: [("rated", "", "2105", 90000054)],
        4: [],
        5: [],
    }
    ratings = {p["start_rank"]: (p["rating"], p["rating_source"]) for p in data["players"]}
    assert ratings[1] == (2650, "list") and ratings[3] == (2105, "list")


@pytest.mark.parametrize("path", [XML, TXT], ids=["xml", "txt"])
def test_a_listed_name_without_id_is_one_finding(path: Path) -> None:
    # Tanaka (rated 2105) without his id: the list names him, R811 gives the
    # id; R814 (a rated player without an id) is the same fact, left out.
    text = _file(_changed(3, id=None, name="TANAKA,  Hiro"))
    assert [(d.code, d.line) for d in _found(text, path)] == [("R811", 8)]
    # Without a list the file alone says it, once.
    t = trfkit.loads(text.encode())
    assert [(d.code, d.line) for d in validate(t) if d.code.startswith("R8")] == [("R814", 8)]


def test_rate_takes_the_list_in_force_at_the_start_by_month(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rate takes --rating-list [YYYY-MM=]FILE as check and report do (issue 31
    # §2: "2025-03=FILE" was read as a file name). The event starts on
    # 2025-03-14: the March list is in force, the April one is not yet.
    april = tmp_path / "april.txt"
    listed = TXT.read_text(encoding="utf-8").splitlines()
    moreau = next(i for i, line in enumerate(listed) if "Moreau" in line)
    assert " 2650 " in listed[moreau]
    listed[moreau] = listed[moreau].replace(" 2650 ", " 2700 ", 1)
    april.write_text("\n".join(listed) + "\n", "utf-8")
    trf = tmp_path / "e.trf"
    trf.write_text(_file(BASE).replace("2650 FRA", "2640 FRA"), encoding="utf-8")

    def rated(*lists: str) -> int:
        args = ["rate", str(trf), "--format", "json"]
        for item in lists:
            args += ["--rating-list", item]
        assert main(args) in (0, 1)
        data = json.loads(capsys.readouterr().out)
        return int(next(p["rating"] for p in data["players"] if p["start_rank"] == 1))

    assert rated(f"2025-03={TXT}", f"2025-04={april}") == 2650
    assert rated(f"2025-02={TXT}", f"2025-03={april}") == 2700
    assert rated(str(april)) == 2700
