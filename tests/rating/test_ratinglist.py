"""trfkit.rating.ratinglist: FIDE's players' list, XML and TXT, streamed.

The expected values below are the ones written by hand into
fixtures/ratinglist/players.xml and players.txt (the same 8 invented players).
"""

from __future__ import annotations

import pickle
import tracemalloc
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from trfkit.rating.ratinglist import (
    ListedPlayer,
    RatingListError,
    iter_rating_list,
    load_rating_list,
)

FIXTURES = ROOT / "fixtures" / "ratinglist"
XML = FIXTURES / "players.xml"
TXT = FIXTURES / "players.txt"

EXPECTED = {
    p.fide_id: p
    for p in [
        ListedPlayer(
            90000011, "Moreau, Lucien", "FRA", "M", "GM", "", "FT",
            2650, 9, 10, 2601, 0, 10, 2588, 5, 10, 1990, "",
        ),
        ListedPlayer(
            90000020, "Šťastná, Zoë", "CZE", "F", "WIM", "WIM", "",
            2301, 4, 20, 2255, 0, 20, None, None, None, 1998, "w", foa_title="AIM",
        ),
        # no rating (0 in the list), an empty K, birthday 0, inactive
        ListedPlayer(
            90000038, "Okafor, Chidi", "NGR", "M", "", "", "",
            None, 0, None, None, None, None, None, None, None, None, "i",
        ),
        ListedPlayer(
            90000046, "Lindqvist, Åsa", "SWE", "F", "", "", "IA,FA",
            1850, 0, 40, 1790, 2, 40, 1802, 0, 40, 2005, "wi",
        ),
        # XML: no rapid/blitz/flag elements at all; TXT: numbers right-aligned
        ListedPlayer(
            90000054, "Tanaka, Hiro", "JPN", "M", "CM", "", "",
            2105, 12, 20, None, None, None, None, None, None, 2010, "",
        ),
        ListedPlayer(
            90000062, "Da Silva Junior, João Pedro", "BRA", "M", "FM", "", "",
            2299, 3, None, 2310, 6, 20, 2275, 11, 20, 1985, "", foa_title="AFM",
        ),
        ListedPlayer(
            90000070, "Nowak, Katarzyna", "POL", "F", "WFM", "WFM", "",
            2010, 0, 20, None, None, None, None, None, None, None, "w",
        ),
        # only id, name, federation and sex
        ListedPlayer(90000089, "O'Brien-Ng, Mary Ann", "IRL", "F"),
    ]
}  # fmt: skip

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def _txt_line(fide_id: str, name: str, fed: str = "FRA", rating: str = "1500") -> str:
    """A line of the combined list: id at 1, name at 16, Fed at 77, SRtng at 114."""
    return f"{fide_id:<15}{name:<61}{fed:<37}{rating}"


# -- reading every field ------------------------------------------------------


@pytest.mark.parametrize("path", [XML, TXT], ids=["xml", "txt"])
def test_every_field_as_written(path: Path) -> None:
    players = load_rating_list(path)
    assert list(players) == list(EXPECTED)
    for fide_id, expected in EXPECTED.items():
        assert players[fide_id] == expected, fide_id


def test_both_formats_give_the_same_players() -> None:
    assert load_rating_list(XML) == load_rating_list(TXT)


@pytest.mark.parametrize("path", [XML, TXT], ids=["xml", "txt"])
def test_inactive_flag(path: Path) -> None:
    inactive = {p.fide_id for p in iter_rating_list(path) if p.inactive}
    assert inactive == {90000038, 90000046}  # 'i' and 'wi', not 'w'


def test_listed_player_defaults() -> None:
    p = ListedPlayer(1)
    assert (p.name, p.rating, p.birth_year, p.flag, p.inactive) == ("", None, None, "", False)
    assert ListedPlayer(2, flag="WI").inactive


# -- wanted -------------------------------------------------------------------


@pytest.mark.parametrize("path", [XML, TXT], ids=["xml", "txt"])
def test_wanted_filters(path: Path) -> None:
    got = load_rating_list(path, wanted=[90000089, 90000020, 12345678])
    assert got == {90000020: EXPECTED[90000020], 90000089: EXPECTED[90000089]}
    assert load_rating_list(path, wanted=set()) == {}
    assert [p.fide_id for p in iter_rating_list(path, wanted={90000054})] == [90000054]


@pytest.mark.parametrize("fmt", ["xml", "txt"])
def test_wanted_stops_reading_once_all_are_found(tmp_path: Path, fmt: str) -> None:
    source = XML if fmt == "xml" else TXT
    text = source.read_text(encoding="utf-8")
    cut = text.index("90000046") + 5  # the file ends in the middle of player 4
    path = tmp_path / f"cut.{fmt}"
    path.write_text(text[:cut], encoding="utf-8")
    assert list(load_rating_list(path, wanted={90000011, 90000038})) == [90000011, 90000038]
    if fmt == "xml":
        with pytest.raises(RatingListError):
            load_rating_list(path)


# -- zip ----------------------------------------------------------------------


@pytest.mark.parametrize("source", [XML, TXT], ids=["xml", "txt"])
def test_zip_single_member(tmp_path: Path, source: Path) -> None:
    path = tmp_path / "players_list.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(source, source.name)
    assert load_rating_list(path) == EXPECTED
    assert load_rating_list(path, wanted={90000062}) == {90000062: EXPECTED[90000062]}


def test_zip_picks_the_list_among_other_members(tmp_path: Path) -> None:
    path = tmp_path / "lists.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("readme.md", "not a list")
        z.write(XML, "players_list_xml_foa.xml")
    assert load_rating_list(path) == EXPECTED


def test_zip_recognised_without_the_suffix(tmp_path: Path) -> None:
    path = tmp_path / "download.bin"
    with zipfile.ZipFile(path, "w") as z:
        z.write(TXT, "players_list_foa.txt")
    assert load_rating_list(path) == EXPECTED


def test_zip_without_a_list(tmp_path: Path) -> None:
    path = tmp_path / "lists.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("a.md", "x")
        z.writestr("b.csv", "y")
    with pytest.raises(RatingListError) as info:
        iter_rating_list(path)
    assert info.value.found == "a.md, b.csv"
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04 this is not a zip archive")
    with pytest.raises(RatingListError, match="a zip archive"):
        iter_rating_list(bad)


# -- other TXT layouts --------------------------------------------------------


def test_old_header_with_a_month_column(tmp_path: Path) -> None:
    # "Dec25" is the standard rating, "Gms" the games, "K" the K factor. Player
    # 90000119 has right-aligned numbers: its K "40" starts left of "K".
    path = tmp_path / "standard_rating_list.txt"
    path.write_text(
        "ID Number      Name                              Fed Sex Tit  WTit OTit  FOA Dec25 Gms  K  B-day Flag\n"
        "90000101       Keller, Anna                      GER F   WIM  WIM            2290  7    20 2001  w\n"
        "90000119       Petrov, Ivan                      BUL M                        1720   0 40   1995 i\n"
        "90000127       Ruiz, Carmen                      ESP F                                        0  wi\n",
        encoding="utf-8",
    )
    assert list(iter_rating_list(path)) == [
        ListedPlayer(
            90000101, "Keller, Anna", "GER", "F", "WIM", "WIM",
            rating=2290, games=7, k=20, birth_year=2001, flag="w",
        ),
        ListedPlayer(
            90000119, "Petrov, Ivan", "BUL", "M",
            rating=1720, games=0, k=40, birth_year=1995, flag="i",
        ),
        ListedPlayer(90000127, "Ruiz, Carmen", "ESP", "F", flag="wi"),
    ]  # fmt: skip


def test_glued_headings_of_early_lists(tmp_path: Path) -> None:
    # Lists of 2011 ran headings together: "TitlFed", "GamesBorn".
    path = tmp_path / "old.txt"
    path.write_text(
        "ID number Name                              TitlFed  JUL11 GamesBorn  Flag\n"
        " 9000135  Varga, Bence                      m   HUN  2411    14 1988\n"
        "90000143  Adeyemi, Funmi                    wf  NGR  1910     0 2003  wi\n",
        encoding="utf-8",
    )
    assert load_rating_list(path) == {
        9000135: ListedPlayer(
            9000135, "Varga, Bence", "HUN", title="m", rating=2411, games=14, birth_year=1988
        ),
        90000143: ListedPlayer(
            90000143, "Adeyemi, Funmi", "NGR", title="wf", rating=1910, games=0,
            birth_year=2003, flag="wi",
        ),
    }  # fmt: skip


def test_latin1_line_crlf_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    lines = [
        HEADER.encode(),
        _txt_line("90000151", "Müller, Jörg").encode("latin-1"),  # not UTF-8
        _txt_line("90000160", "Ørsted, Ægir", "DEN").encode("utf-8"),
    ]
    path.write_bytes(b"\xef\xbb\xbf" + b"\r\n".join(lines) + b"\r\n")
    players = load_rating_list(path)
    assert players[90000151].name == "Müller, Jörg"
    assert players[90000160].name == "Ørsted, Ægir"
    assert players[90000160].federation == "DEN"
    assert players[90000160].rating == 1500


def test_bad_numbers_become_none(tmp_path: Path) -> None:
    txt = tmp_path / "bad.txt"
    txt.write_text(HEADER + "\n" + _txt_line("90000178", "Bad, Number", rating="2l50") + "\n")
    assert load_rating_list(txt)[90000178] == ListedPlayer(90000178, "Bad, Number", "FRA")
    xml = tmp_path / "bad.xml"
    xml.write_text(
        "<playerslist><player><fideid>90000186</fideid><rating>-5</rating><games>x</games>"
        "<k>1_0</k><birthday>1977-04-02</birthday><flag> i </flag><shoe_size>44</shoe_size>"
        "</player></playerslist>"
    )
    assert load_rating_list(xml)[90000186] == ListedPlayer(90000186, birth_year=1977, flag="i")


# -- skipped entries ----------------------------------------------------------


def test_txt_line_with_a_bad_id_is_skipped_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "players.txt"
    path.write_text(
        "\n".join(
            [
                HEADER,
                _txt_line("90000011", "Good, One"),
                _txt_line("abc", "Bad, Id"),
                "",
                _txt_line("", "No, Id"),
                _txt_line("90000020", "Good, Two"),
            ]
        )
        + "\n"
    )
    problems: list[RatingListError] = []
    assert list(load_rating_list(path, problems=problems)) == [90000011, 90000020]
    assert [(e.line, e.column, e.found, e.expected) for e in problems] == [
        (3, 1, "abc", "a FIDE id"),
        (5, 16, "No, Id", "a FIDE id"),
    ]
    assert str(problems[0]) == f"{path}:3:1: found 'abc' where a FIDE id was expected"
    assert list(load_rating_list(path)) == [90000011, 90000020]  # no list: still skipped


def test_xml_player_without_a_numeric_id_is_skipped_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "players.xml"
    path.write_text(
        "<playerslist>\n"
        "<player><fideid>90000011</fideid><name>Good, One</name></player>\n"
        "<player><fideid>12a</fideid><name>Bad, Id</name></player>\n"
        "<player><name>No, Id</name></player>\n"
        "<player><fideid>90000020</fideid><name>Good, Two</name></player>\n"
        "</playerslist>\n"
    )
    problems: list[RatingListError] = []
    assert list(load_rating_list(path, problems=problems)) == [90000011, 90000020]
    assert [(e.record, e.line, e.found) for e in problems] == [
        (2, None, "12a"),
        (3, None, "no <fideid>"),
    ]
    assert str(problems[0]) == f"{path}: player 2: found '12a' where a FIDE id was expected"
    assert str(problems[1]) == f"{path}: player 3: found no <fideid> where a FIDE id was expected"


# -- files that are not lists -------------------------------------------------


def _error(path: Path) -> RatingListError:
    with pytest.raises(RatingListError) as info:
        iter_rating_list(path)  # raised before the first player is asked for
    return info.value


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    e = _error(path)
    assert (e.line, e.column, e.found) == (1, 1, "end of file")
    assert "FIDE players list" in e.expected
    path.write_bytes(b"  \n\n \n")
    assert _error(path).line == 4


def test_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "garbage.xml"
    path.write_bytes(b"\n  \x8f\x02ab\x00\xff\xfe" * 50)
    e = _error(path)
    assert (e.line, e.column, e.found) == (2, 7, "binary data")
    gz = tmp_path / "list.txt.gz"
    gz.write_bytes(b"\x1f\x8b\x08\x00\x00\x00\x00\x00")
    assert _error(gz).found == "gzip data"


def test_text_without_a_header(tmp_path: Path) -> None:
    path = tmp_path / "noheader.txt"
    path.write_text("\n" + _txt_line("90000011", "Moreau, Lucien") + "\n")
    e = _error(path)
    assert (e.line, e.column) == (2, 1)
    assert e.found.startswith("90000011")
    assert "header" in e.expected
    assert str(e).startswith(f"{path}:2:1: found '90000011")


def test_truncated_xml(tmp_path: Path) -> None:
    path = tmp_path / "cut.xml"
    text = XML.read_text(encoding="utf-8")
    path.write_text(text[: text.index("<rating>2299")], encoding="utf-8")
    with pytest.raises(RatingListError) as info:
        list(iter_rating_list(path))
    e = info.value
    assert e.line == text[: text.index("<rating>2299")].count("\n") + 1
    assert e.column == 1
    assert e.found == "end of file"
    assert (
        str(e)
        == f"{path}:{e.line}:1: found end of file where the rest of the XML list was expected"
    )


def test_malformed_xml(tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_text(
        "<playerslist>\n<player><fideid>1</fideid>\n  <name>A</nam></player>\n</playerslist>\n"
    )
    with pytest.raises(RatingListError) as info:
        list(iter_rating_list(path))
    assert (info.value.line, info.value.column) == (3, 12)
    assert "mismatched tag" in info.value.found


def test_xml_that_is_not_a_list(tmp_path: Path) -> None:
    path = tmp_path / "page.xml"
    path.write_text("<html><body><p>Download lists</p></body></html>")
    with pytest.raises(RatingListError, match="<playerslist>"):
        list(iter_rating_list(path))
    empty = tmp_path / "empty.xml"
    empty.write_text("<playerslist></playerslist>")
    assert list(iter_rating_list(empty)) == []


def test_entity_declarations_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "lol.xml"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE playerslist [\n <!ENTITY a "aaaaaaaaaa">\n]>\n'
        "<playerslist><player><fideid>1</fideid><name>&a;</name></player></playerslist>\n"
    )
    e = _error(path)
    assert (e.line, e.column) == (3, 2)
    assert e.found.startswith("<!ENTITY a")


def test_error_is_a_value_error_and_pickles() -> None:
    e = RatingListError("p.txt", 3, 1, "abc", "a FIDE id")
    assert isinstance(e, ValueError)
    back = pickle.loads(pickle.dumps(e))
    assert (back.path, back.line, back.column, back.found, str(back)) == (
        "p.txt", 3, 1, "abc", "p.txt:3:1: found 'abc' where a FIDE id was expected",
    )  # fmt: skip


# -- streaming ----------------------------------------------------------------

N_PLAYERS = 100_000  # 200_000 takes over 5 s under tracemalloc on a slow 2-core machine


def _synthetic_xml(n: int) -> Iterator[str]:
    yield '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
    for i in range(n):
        yield (
            f"<player><fideid>{10_000_000 + i}</fideid><name>Player{i}, Test</name>"
            f"<country>FRA</country><rating>{1400 + i % 1000}</rating><flag>i</flag></player>\n"
        )
    yield "</playerslist>\n"


def test_memory_stays_flat_on_a_long_list(tmp_path: Path) -> None:
    path = tmp_path / "big.xml"
    with path.open("w", encoding="utf-8") as f:
        f.writelines(_synthetic_xml(N_PLAYERS))
    last = 10_000_000 + N_PLAYERS - 1  # the last player: the whole file is read
    wanted = {10_000_000, 10_000_000 + N_PLAYERS // 2, last}
    tracemalloc.start()
    try:
        got = load_rating_list(path, wanted=wanted)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert set(got) == wanted
    assert got[last].rating == 1400 + (N_PLAYERS - 1) % 1000
    # Measured about 0.3 MB; the file is 13 MB and its tree would take ~100 MB.
    assert peak < 5_000_000, peak
