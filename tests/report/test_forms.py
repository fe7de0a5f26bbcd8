"""FIDE Forms 1, 2 and 4 (a) (``trfkit report``): the documents against the
files' own results, worked by hand from the fixtures' lines; every format
of every fixture and corpus file; the schemas; the CLI; the printed page.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest

import trfkit
from tests.conftest import FIXTURES, ROOT, corpus_params
from tests.trfbuild import player_line, swiss, swiss_text
from trfkit.cli import main
from trfkit.report.form1 import form1_data, render_form1_html, render_form1_text
from trfkit.report.form2 import form2_data, render_form2_text
from trfkit.report.forms import form1_of, form2_of, rate_of_play, summary_of
from trfkit.report.registry import FORM_DOCUMENTS, FORMS, FormOptions, RenderOptions, output
from trfkit.report.summary import render_summary_text, summary_data
from trfkit.timecontrol import parse_time_control

RR8 = FIXTURES / "roundrobin-8.trf"
DRR4 = FIXTURES / "double-roundrobin-4.trf"
SWISS = FIXTURES / "swiss-trf16.trf"
ARTIFACTS = ROOT / "build" / "test-artifacts"
"""Screenshots and PDFs of the printed forms (git-ignored), kept to look at."""


def _readable(paths: list[Path]) -> list[Path]:
    out = []
    for p in paths:
        t = trfkit.load(p)
        if t.players:
            out.append(p)
    return out


FIXTURE_FILES = _readable(sorted(FIXTURES.glob("*.trf")))


# --- Form 1: the crosstable against the file ---------------------------------------


def test_form1_round_robin_cells_order_and_category() -> None:
    f = form1_data(form1_of(trfkit.load(RR8)))
    assert f["crosstable"] == "players"
    # Final rank order from column 86-89: Brannigan 1, Tuominen 2, Sokolenko 3
    # (start 5), Mbeki-Laurent 4 (start 8), ... Radovanovic 8 (start 3).
    assert [p["start_rank"] for p in f["players"]] == [1, 2, 5, 8, 4, 6, 7, 3]
    brannigan, tuominen = f["players"][0], f["players"][1]
    # Brannigan's round 2 "2 w =": ½ against Tuominen (column 2); round 3
    # "3 b 1": 1 against Radovanovic, last (column 8); himself: null.
    assert brannigan["row"][0] is None
    assert brannigan["row"][1] == "½" and brannigan["row"][7] == "1"
    # Tuominen's round 7 "6 b 0": 0 against Quintero (rank 6, column 6).
    assert tuominen["row"][5] == "0"
    # Radovanovic's round 6 "4 w 1": her only win, against Achterberg (column 5).
    assert f["players"][7]["row"] == ["0", "0", "0", "0", "1", "0", "0", None]
    assert brannigan["score"] == 6 and tuominen["score"] == 4.5
    # 2598+2544+2489+2455+2410+2397+2330+2301 = 19524; / 8 = 2440.5; rounded
    # 2441: category (2441 - 2251) // 25 + 1 = 8.
    assert f["average_rating"] == 2440.5 and f["category"] == 8
    assert f["remarks"] == []


def test_form1_double_round_robin_has_both_results() -> None:
    f = form1_data(form1_of(trfkit.load(DRR4)))
    grobler = f["players"][0]
    assert grobler["name"] == "Grobler, Hendrik"
    # Against Iwasaki (rank 2): round 1 "3 w 0", round 4 "3 b =".
    # Against Pellegrin (rank 3): round 3 "4 w =", round 5 "4 b 1".
    # Against Ferrandiz (rank 4): round 2 "1 b 1", round 6 "1 w 1".
    assert grobler["row"] == [None, "0½", "½1", "11"]
    # 2371+2356+2298+2177 = 9202; / 4 = 2300.5 -> 2301: category 3.
    assert f["average_rating"] == 2300.5 and f["category"] == 3


def test_form1_swiss_rounds_in_rank_order() -> None:
    form = form1_of(trfkit.load(SWISS))
    f = form1_data(form)
    assert f["crosstable"] == "rounds" and f["category"] is None
    first = f["players"][0]
    # Okonkwo-Baird (start 5) ranks 1; round 1 "12 w 1": Szabo, start 12,
    # ranks 14.
    assert (first["start_rank"], first["row"]) == (5, None)
    assert first["rounds"][0] == {
        "round": 1, "opponent": 12, "opponent_no": 14, "colour": "w", "result": "1",
    }  # fmt: skip
    text = render_form1_text(form)
    line = next(x for x in text.splitlines() if "Okonkwo-Baird" in x)
    assert re.search(r"\| 14w1 +6b½ +3w1 +2w1 +4b1 \| +4½$", line), line
    # Oyelaran (start 15) ranks 12: a pairing-allocated bye in round 1,
    # then "1 w 0" against Vantreck, ranked 2.
    oyelaran = next(p for p in f["players"] if p["start_rank"] == 15)
    assert [r["result"] for r in oyelaran["rounds"]][:2] == ["+", "0"]
    assert oyelaran["rounds"][1]["opponent_no"] == 2
    # Form 1: "Birthdates of unrated players must be given."
    assert f["remarks"] == [
        "Oyelaran, Adaeze (rank 12), unrated: born 2011-11-29",
        "Nakamura-Voss, Kenji (rank 15), unrated: born 2012-03-15",
    ]
    # 13 rated players: (2561+2402+2388+2351+2284+2216+2190+2105+2041+1987
    # +1920+1856+1773) / 13 = 28074 / 13.
    assert Fraction(f["average_rating"]).limit_denominator(100) == Fraction(28074, 13)


def test_form1_remarks_a_total_that_is_not_the_results() -> None:
    text = swiss_text([2000, 1900], [(1, 1, 2, "1")])
    text = text.replace(" 1.0    1     2 w 1", " 1.5    1     2 w 1")
    f = form1_of(trfkit.loads(text.encode()), remarks=("from outside",))
    assert f.numbered_by_rank
    assert f.remarks == (
        "Player, No1 (rank 1): the file gives 1.5 points, the results add up to 1",
        "from outside",
    )


def test_form1_numbers_rows_when_ranks_are_not_one_to_n() -> None:
    unranked = player_line(3, None, 0.0, ["0000 - Z"], born="2012/05/01")
    lines = [
        "012 Club",
        player_line(1, 2000, 0.5, ["   2 w ="], place=1),
        player_line(2, 1900, 0.5, ["   1 b ="], place=1),
        unranked[:85] + "    " + unranked[89:],  # no rank in columns 86-89
    ]
    t = trfkit.loads(("\n".join(lines) + "\n").encode())
    f = form1_of(t)
    assert not f.numbered_by_rank
    text = render_form1_text(f)
    assert "Rank  No." in text
    assert "Player, No3 (No. 3), unrated: born 2012-05-01" in f.remarks


def test_a_fide_id_of_0_is_no_fide_id() -> None:
    # Some programs write 0 for "no FIDE ID" (a real Spanish file does), as
    # 0 for "no rating": the forms show no id, and the JSON null.
    text = SWISS.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("001    1 "))
    assert line[57:68].strip().isdigit()
    t = trfkit.loads(text.replace(line, line[:57] + "          0" + line[68:]).encode())
    (p1,) = [p for p in form1_of(t).players if p.start_rank == 1]
    assert p1.fide_id is None
    card = next(c for c in form2_of(t).cards if c.start_rank == 1)
    assert card.fide_id is None
    # Card 1's id line: "FIDE ID:" and then the rating, nothing between.
    first_card = render_form2_text(form2_of(t)).split("Pairing Card", 2)[1]
    id_line = next(x for x in first_card.splitlines() if x.startswith("FIDE ID:"))
    assert id_line.split()[:3] == ["FIDE", "ID:", "Rating:"]
    (row,) = [q for q in form1_data(form1_of(t))["players"] if q["start_rank"] == 1]
    assert row["fide_id"] is None


def test_rate_of_play_in_the_forms_words() -> None:
    assert rate_of_play(parse_time_control("40/120, 20/60, 30 min")) == (
        "40 moves in 2 hours, then 20 moves in 1 hour, then the rest of the game in 30 minutes"
    )
    assert rate_of_play(parse_time_control("90+30")) == (
        "all moves in 1½ hours; 30 seconds added per move from move 1"
    )
    assert rate_of_play(parse_time_control("100 min/40 moves + 50 min")) == (
        "40 moves in 1 hour 40 minutes, then the rest of the game in 50 minutes"
    )


# --- Form 2: the pairing cards -----------------------------------------------------


def test_form2_running_total_and_rated_opponents() -> None:
    f = form2_data(form2_of(trfkit.load(RR8)))
    assert [c["start_rank"] for c in f["cards"]] == list(range(1, 9))
    tuominen = f["cards"][1]
    # 7 w 1, 1 b =, 8 w =, 3 w 1, 4 b 1, 5 w =, 6 b 0.
    assert [r["total"] for r in tuominen["rounds"]] == [1, 1.5, 2, 3, 4, 4.5, 4.5]
    assert [r["colour"] for r in tuominen["rounds"]] == ["w", "b", "w", "w", "b", "w", "b"]
    assert tuominen["rounds"][0]["name"] == "Haldane, Rupert"
    assert tuominen["rounds"][0]["rating"] == 2330
    # 2330+2598+2301+2489+2455+2410+2397 = 16980 over 7 games.
    assert tuominen["rated_opponents"] == 7 and tuominen["rated_score"] == 4.5
    assert tuominen["rated_average"] == pytest.approx(16980 / 7)
    assert (tuominen["total"], tuominen["rank"]) == (4.5, 2)


def test_form2_byes_forfeits_and_unrated_opponents() -> None:
    f = form2_data(form2_of(trfkit.load(SWISS)))
    # Nakamura-Voss (start 14): 7 b 0, a pairing-allocated bye, 3 w 0,
    # 9 w - (forfeit), 15 b 0; every opponent rated but Oyelaran (15).
    card = f["cards"][13]
    assert [r["result"] for r in card["rounds"]] == ["0", "+", "0", "-", "0"]
    assert card["rounds"][1]["name"] == "pairing-allocated bye"
    assert card["rounds"][1]["opponent"] is None
    assert [r["total"] for r in card["rounds"]] == [0, 1, 1, 1, 1]
    # Played games against rated opponents: rounds 1 (2190) and 3 (2388);
    # the forfeit is no game, Oyelaran has no rating.
    assert card["rated_opponents"] == 2 and card["rated_score"] == 0
    assert card["rated_average"] == (2190 + 2388) / 2
    text = render_form2_text(form2_of(trfkit.load(SWISS)))
    assert "Score vs. rated opponents:" in text and "Authentication by:" in text


# --- Form 4 (a): the counts --------------------------------------------------------


def test_summary_counts_by_type() -> None:
    s = summary_data(summary_of(trfkit.load(RR8)))
    assert (s["host_federation"], s["host_source"]) == ("IRL", "032")
    c = s["counts"]
    # GM: Brannigan IRL, Tuominen FIN. IM: SRB, NED, COL. WGM: UKR.
    # FM: ENG, RSA. Everybody rated; IRL is Brannigan alone.
    none = {"no_federation": 0}
    assert c["GM"] == {"number": 2, "federations": 2, "host": 1, "other": 1, **none}
    assert c["IM"] == {"number": 3, "federations": 3, "host": 0, "other": 3, **none}
    assert c["WGM"] == {"number": 1, "federations": 1, "host": 0, "other": 1, **none}
    assert c["FM"] == {"number": 2, "federations": 2, "host": 0, "other": 2, **none}
    assert c["rated"] == {"number": 8, "federations": 8, "host": 1, "other": 7, **none}
    assert c["unrated"] == {"number": 0, "federations": 0, "host": 0, "other": 0, **none}
    assert len(s["schedule"]) == 7 and {d["rounds"] for d in s["schedule"]} == {1}
    text = render_summary_text(summary_of(trfkit.load(RR8)))
    assert "1 round a day on 7 days, 2025-06-02 to 2025-06-08" in text
    assert "Deputy Chief Arbiter:     FA Petra Volkova" in text or re.search(
        r"Deputy Chief Arbiter: +FA Petra Volkova", text
    )


def test_summary_schedule_and_host_from_the_players() -> None:
    s = summary_of(trfkit.load(DRR4))
    # 132: two rounds on each of 25/01/10, 11, 12.
    assert [n for _, n in s.schedule] == [2, 2, 2]
    t = swiss([2000, 1900, 1800], [(1, 1, 2, "1")])
    t.headers = [h for h in t.headers if h.code != "032"]
    s = summary_of(t)
    assert (s.host_federation, s.host_source) == ("SLO", "most common")
    assert s.counts["unrated"].number == 0 and s.counts["rated"].host == 3


def test_summary_does_not_count_players_without_a_federation_as_of_another() -> None:
    """Form 4's table: "host fed players" and "other fed players". A player
    whose line gives no federation (001 columns 54-56 blank; FIDE's own
    sample report leaves most blank) is of no federation the file shows:
    neither host nor other, and the page says how many there are. Here 032
    is SLO; player 1 SLO, player 2 AUT, players 3 (rated) and 4 (unrated)
    blank."""
    text = swiss_text([2000, 1900, 1800, None], [(1, 1, 2, "1"), (1, 3, 4, "1")])
    feds = {1: "SLO", 2: "AUT", 3: "   ", 4: "   "}
    lines = [
        x[:53] + feds[int(x[4:8])] + x[56:] if x.startswith("001") else x for x in text.splitlines()
    ]
    s = summary_of(trfkit.loads(("\n".join(lines) + "\n").encode()))
    c = summary_data(s)["counts"]
    assert c["rated"] == {"number": 3, "federations": 2, "host": 1, "other": 1, "no_federation": 1}
    assert c["unrated"] == {
        "number": 1,
        "federations": 0,
        "host": 0,
        "other": 0,
        "no_federation": 1,
    }
    out = render_summary_text(s)
    assert "No federation in the file: 2 players (rated 1, unrated 1)" in out
    # Every player with a federation: no such line.
    assert "No federation" not in render_summary_text(summary_of(trfkit.load(RR8)))


# --- every format of every file: schemas and CSV shapes -----------------------------


def _all_formats(path: Path) -> dict[tuple[str, str], str]:
    t = trfkit.load(path)
    out = {}
    for name, build in FORM_DOCUMENTS.items():
        doc = build(t, FormOptions())
        for fmt in ("text", "json", "csv", "html"):
            out[name, fmt] = output(name, fmt).render(doc, RenderOptions(None))[0]
    return out


def _check_outputs(outputs: dict[tuple[str, str], str]) -> None:
    from trfkit.schemas import validator

    for (name, fmt), text in outputs.items():
        assert text.endswith("\n"), (name, fmt)
        if fmt == "json":
            doc = json.loads(text)
            errors = list(validator(doc["schema"], strict=True).iter_errors(doc))
            assert not errors, [e.message for e in errors[:3]]
        elif fmt == "csv":
            for section in text.split("\n\n"):
                rows = list(csv.reader(io.StringIO(section)))
                header = rows[0]
                for row in rows[1:]:
                    dict(zip(header, row, strict=True))
        elif fmt == "html":
            assert text.startswith("<!doctype html>"), (name, fmt)
            # Every table has a header that repeats on each printed page (a
            # document may have none: no certificate when no norm).
            assert text.count("<table") == text.count("<thead>"), (name, fmt)
            # Self-contained: nothing fetched (a file's text may hold a URL).
            assert not re.search(r"\b(src|href)=|<link|@import|url\(", text)


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_every_form_of_every_fixture(path: Path) -> None:
    pytest.importorskip("jsonschema")
    _check_outputs(_all_formats(path))


@pytest.mark.parametrize("path", corpus_params())
def test_every_form_of_the_corpus(path: Path) -> None:
    pytest.importorskip("jsonschema")
    t = trfkit.load(path)
    if not t.players:
        pytest.skip(f"{path.name}: no player lines")
    outputs = _all_formats(path)
    _check_outputs(outputs)
    # The crosstable holds every player once, in rank order; the cards add
    # up to the results.
    f1 = json.loads(outputs["form1", "json"])
    assert sorted(p["start_rank"] for p in f1["players"]) == sorted(p.start_rank for p in t.players)
    f2 = json.loads(outputs["form2", "json"])
    for card in f2["cards"]:
        assert card["total"] == pytest.approx(sum(r["score"] for r in card["rounds"]))
        assert card["rated_opponents"] <= len(card["rounds"])


def test_csv_of_form1_has_a_column_per_crosstable_column() -> None:
    text = output("form1", "csv").render(form1_of(trfkit.load(RR8)), RenderOptions(None))[0]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[8:17] == ["1", "2", "3", "4", "5", "6", "7", "8", "total"]
    assert rows[0]["1"] == "" and rows[0]["2"] == "½" and rows[7]["5"] == "1"


# --- the command line ---------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_form3_is_rates_form3(capsys: pytest.CaptureFixture[str]) -> None:
    _, report, _ = _run(capsys, "report", str(RR8), "--form", "3", "--format", "json")
    _, rate, _ = _run(capsys, "rate", str(RR8), "--format", "json")
    assert json.loads(report) == json.loads(rate)


def test_cli_form4_is_the_summary_the_certificates_and_the_norm_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Form 4: (a) the tournament report page, (b) the certificates of title
    # result, (c) the title-norm table (seed 004, Form 4).
    assert FORMS["4"] == ("summary", "certificates", "norms")
    assert FORMS["all"][-len(FORMS["4"]) :] == FORMS["4"]
    status, out, _ = _run(
        capsys, "report", str(RR8), "--form", "4", "--format", "json", "-o", str(tmp_path)
    )
    assert status == 0 and out == ""
    schemas = {p.name: json.loads(p.read_text())["schema"] for p in tmp_path.iterdir()}
    assert schemas == {
        "summary.json": "trfkit.summary/1",
        "certificates.json": "trfkit.norms/1",
        "norms.json": "trfkit.norms/1",
    }
    status, out, _ = _run(capsys, "report", str(RR8), "--form", "summary", "--format", "json")
    assert status == 0 and json.loads(out)["schema"] == "trfkit.summary/1"


def test_cli_all_forms_into_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = _run(
        capsys, "report", str(SWISS), "--form", "all", "--format", "html", "-o", str(tmp_path)
    )
    assert status == 0 and out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "certificates.html", "form1.html", "form2.html", "form3.html", "norms.html",
        "summary.html",
    ]  # fmt: skip
    status, out, err = _run(capsys, "report", str(SWISS), "--form", "all", "--format", "json")
    assert status == 2 and "give -o DIRECTORY" in err


def test_cli_html_forms_are_one_page_that_prints_each_form_on_its_own_sheets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Issue 31 §2: "--form 4 --format html -o f4.html" was refused; an HTML
    # form is one page, each part from a new sheet, its styles its own.
    page = tmp_path / "new" / "f4.html"
    status, out, err = _run(
        capsys, "report", str(SWISS), "--form", "4", "--format", "html", "-o", str(page)
    )
    assert status == 0 and out == "", err
    html = page.read_text(encoding="utf-8")
    assert html.count('<section class="part"') == 3 and html.count("<body") == 1
    assert html.count("break-before: page") == 2
    assert "@scope (#part-1)" in html and "@page part3" in html
    assert "<h1>Tournament Report (FIDE Form 4)" in html and "<h1>Title norms:" in html
    # -o naming no existing path, in JSON (one file per form): the directory
    # is created (issue 31 §2), not refused.
    missing = tmp_path / "forms"
    status, out, err = _run(
        capsys, "report", str(SWISS), "--form", "4", "--format", "json", "-o", str(missing)
    )
    assert status == 0 and sorted(p.name for p in missing.iterdir()) == [
        "certificates.json", "norms.json", "summary.json",
    ]  # fmt: skip
    # -o names a file: a directory cannot be made of it.
    existing = tmp_path / "form1.html"
    existing.write_text("<p>kept</p>", encoding="utf-8")
    status, out, err = _run(
        capsys, "report", str(SWISS), "--form", "4", "--format", "json", "-o", str(existing)
    )
    assert status == 2 and f"-o {existing}: is a file, not a directory" in err
    assert "give a directory" in err
    # "-o forms/" names a directory all the same: created, one file per form.
    other = tmp_path / "other"
    status, out, err = _run(capsys, "report", str(SWISS), "--form", "all", "-o", f"{other}/")
    assert status == 0 and (other / "form1.txt").exists() and (other / "summary.txt").exists()
    status, out, _ = _run(capsys, "report", str(SWISS), "--form", "all", "--ascii")
    assert status == 0 and "FIDE Form 1" in out and "FIDE Form 2" in out
    assert "FIDE Form 3" in out and "FIDE Form 4" in out and "½" not in out


def test_cli_refuses_what_it_cannot_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "report", "no/such/file.trf")
    assert status == 2 and "no such file" in err


# --- Chromium: the printed form ------------------------------------------------------


def _chromium(args: list[str], profile: Path) -> None:
    exe = shutil.which("chromium")
    if exe is None:
        pytest.skip("chromium not installed: the print test needs Debian's chromium package")
    cmd = [
        exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", *args,
    ]  # fmt: skip
    subprocess.run(cmd, check=True, timeout=90, capture_output=True, text=True)


def _long_swiss(players: int = 140, rounds: int = 5) -> trfkit.Tournament:
    half = players // 2
    games = [
        (r, i, half + (i - 1 + r - 1) % half + 1, "1=0"[(i + r) % 3])
        for r in range(1, rounds + 1)
        for i in range(1, half + 1)
    ]
    return swiss([2400 - 5 * i for i in range(players)], games)


def test_form1_prints_on_a4_with_the_labels_on_every_page(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf", reason="pypdf (test extra) reads the printed text")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    form = form1_of(_long_swiss())
    page = ARTIFACTS / "form1-long.html"
    page.write_text(render_form1_html(form), encoding="utf-8")
    pdf = ARTIFACTS / "form1-long.pdf"
    _chromium([f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()], tmp_path / "p")
    _chromium(
        [f"--screenshot={ARTIFACTS / 'form1-long.png'}", "--window-size=1200,1600", page.as_uri()],
        tmp_path / "s",
    )
    # NFKC: the PDF's text has ligatures ("ﬁ").
    pages = [unicodedata.normalize("NFKC", p.extract_text()) for p in pypdf.PdfReader(pdf).pages]
    # 140 rows at some 50 a page of A4 portrait: three pages, the
    # certification on the last.
    assert 2 <= len(pages) <= 4, len(pages)
    for text in pages[:2]:
        for label in ("Rank", "Name, First Name", "ID#", "Rtng", "Fed", "Total"):
            assert label in text, (label, text[:300])
    assert "Test Open" in pages[0]
    assert "Certified as a correct report" in pages[-1]
    # The last row is on the last page of the table (the builder's ranks
    # repeat the starting ranks, which check refuses (S105): the rows are
    # in order of points, and the form says so).
    assert form.players[-1].name in "\n".join(pages[1:])
    assert any("do not follow the points" in r for r in form.remarks)
    assert (ARTIFACTS / "form1-long.png").read_bytes().startswith(b"\x89PNG")


def test_form2_prints_a_card_a_page(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf", reason="pypdf (test extra) reads the printed text")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = ARTIFACTS / "form2.html"
    page.write_text(
        output("form2", "html").render(form2_of(trfkit.load(SWISS)), RenderOptions(None))[0],
        encoding="utf-8",
    )
    pdf = ARTIFACTS / "form2.pdf"
    _chromium([f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()], tmp_path / "p")
    pages = [p.extract_text() for p in pypdf.PdfReader(pdf).pages]
    assert len(pages) == 15  # one card per player
    assert "Vantreck, Oskar" in pages[0] and "Oyelaran, Adaeze" in pages[14]
    assert all("Opponent Name" in p and "chief arbiter" in p.lower() for p in pages)


def test_form1_without_ranks_lists_the_field_by_points() -> None:
    # Three players, no ranks (columns 86-89 blank): 3 beats 1, then draws
    # with 2: by points 3 (1½), 2 (½), 1 (0).
    text = swiss_text([2000, 1900, 1800], [(1, 1, 3, "0"), (2, 2, 3, "=")])
    lines = [x[:85] + "    " + x[89:] if x.startswith("001") else x for x in text.splitlines()]
    f = form1_of(trfkit.loads(("\n".join(lines) + "\n").encode()))
    assert [p.start_rank for p in f.players] == [3, 2, 1]
    assert [p.rank for p in f.players] == [None, None, None]
    assert f.remarks[0].startswith("The file gives no final ranks")
    assert not f.numbered_by_rank


def test_form1_remarks_name_title_and_federation_against_the_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The hand-written list (fixtures/ratinglist) holds 90000011 as GM
    # "Moreau, Lucien" of FRA and 90000020 as WIM "Šťastná, Zoë" of CZE. The
    # file spells the first "Lucian", and gives the second IM and SVK; her
    # name without its diacritics is the same name (no remark).
    def line(rank: int, sex: str, title: str, name: str, fed: str, fid: int, cell: str) -> str:
        return (
            f"001 {rank:>4} {sex} {title:>2} {name:<33} 2400 {fed} {fid:>11} 1990/01/01 "
            f"{2 - rank:>4.1f} {rank:>4}  {cell}"
        )

    path = tmp_path / "list.trf"
    path.write_text(
        "012 List Open\n042 2026/03/01\n052 2026/03/02\n"
        + line(1, "m", "GM", "Moreau, Lucian", "FRA", 90000011, "   2 w 1")
        + "\n"
        + line(2, "w", "IM", "Stastna, Zoe", "SVK", 90000020, "   1 b 0")
        + "\n",
        encoding="utf-8",
    )
    listed = FIXTURES / "ratinglist" / "players.xml"

    def remarks(month: str) -> list[str]:
        args = ["report", str(path), "--form", "1", "--format", "json"]
        main([*args, "--rating-list", f"{month}={listed}"])
        found: list[str] = json.loads(capsys.readouterr().out)["remarks"]
        return found

    assert remarks("2026-01") == [
        "player 1 Moreau, Lucian: name Moreau, Lucian in the file, Moreau, Lucien on the "
        "players' list of 2026-01",
        "player 2 Stastna, Zoe: title IM in the file, WIM on the players' list of 2026-01",
        "player 2 Stastna, Zoe: federation SVK in the file, CZE on the players' list of 2026-01",
    ]
    # A list published after the start is not the one in force: with only
    # that one given, it is still used (the oldest), but named by its month.
    assert all("of 2026-05" in r for r in remarks("2026-05"))


def test_form4_certificate_and_norm_table_print(tmp_path: Path) -> None:
    # R701's registry example: player 1 scores 7 of 9 against opponents rated
    # 2600 down to 2250 and one unrated raised to the GM floor of 2200
    # (§1.4.6b-d): Ra = 21600 / 9 = 2400, p = 7/9 = .78, dp = 220, Rp = 2620.
    from trfkit.checks import CODES

    pypdf = pytest.importorskip("pypdf", reason="pypdf (test extra) reads the printed text")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    report = trfkit.norms(trfkit.loads("\n".join(CODES["R701"].failing) + "\n"))
    printed = {}
    for document in ("certificates", "norms"):
        page = ARTIFACTS / f"form4-{document}.html"
        page.write_text(output(document, "html").render(report, RenderOptions(None))[0], "utf-8")
        pdf = ARTIFACTS / f"form4-{document}.pdf"
        _chromium(
            [f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()], tmp_path / document
        )
        pages = [
            unicodedata.normalize("NFKC", p.extract_text()) for p in pypdf.PdfReader(pdf).pages
        ]
        assert pages, document
        printed[document] = "\n".join(pages)
    certificate = printed["certificates"]
    assert "Certificate of Title Result" in certificate
    assert "Ra = 2400" in certificate and "Rp = 2620" in certificate
    for label in ("Opponent", "Fed", "Rating", "Title", "Score"):
        assert label in certificate, label
    table = printed["norms"]
    for label in ("FED", "req. pts", "ach. pts", "Ra", "Rp"):
        assert label in table, label
    assert "2620" in table and "2400" in table
