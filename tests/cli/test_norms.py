"""trfkit norms and R701: the command's documents checked against the
tournament's own games, the JSON against its schema, the corpus read."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

import trfkit
from tests.conftest import FIXTURES, corpus_params
from tests.titlenorms.test_engine import _NINE, _SEEKER, _WOMEN, P, star
from trfkit.checks import validate
from trfkit.cli import main
from trfkit.report.registry import OUTPUTS

jsonschema = pytest.importorskip("jsonschema")


CHECK_ERRORS = 1
"""The exit status of norms on the test's star files: their ranks repeat the
starting ranks and the seeker has white three times running, which check
calls errors (S105, S113), so the norms print under its banner and exit 1,
as rate does (issue 33 §3)."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["norms", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def gm_file(tmp_path: Path) -> Path:
    # Player 1: 7/9, Ra 2400 (the 1900 raised to 2200), Rp 2620: a GM norm
    # (worked in tests/titlenorms/test_engine.py, test_floor_raised_lowest_opponent...).
    path = tmp_path / "gm.trf"
    path.write_text(trfkit.dumps(star(_SEEKER, [*_NINE, P(1900, "", "SUI")], "1=1=1=1=1")))
    return path


@pytest.fixture
def women_file(tmp_path: Path) -> Path:
    # Player 1 (WFM): 7/9, Ra 2222, Rp 2442: WGM and WIM norms.
    path = tmp_path / "women.trf"
    path.write_text(trfkit.dumps(star(P(2250, "WFM", "GER", "w"), _WOMEN, "1=1=1=1=1")))
    return path


def test_both_documents_are_in_the_registry() -> None:
    assert {f for d, f in OUTPUTS if d == "norms"} == {"text", "html", "json", "csv"}
    assert {f for d, f in OUTPUTS if d == "certificates"} == {"text", "html", "json", "csv"}


def test_text_table_row(capsys: pytest.CaptureFixture[str], gm_file: Path) -> None:
    status, out, _ = run(capsys, str(gm_file))
    assert status == CHECK_ERRORS
    banner = out.splitlines()[0]
    assert banner.startswith("WARNING: trfkit check finds ") and "S105 × 1" in banner
    row = next(line for line in out.splitlines() if line.startswith("Player, No1 14600001"))
    # N 9; nf: GER and nine others = 10; hfp 1 (the player); ffp 9; rp 9; urp
    # 0; gm 3, im 2, fm 2; Rating 2450; Ra 2400; req. 7 and ach. 7 points;
    # Rc 2367 (21300 / 9); Rp 2620.
    assert row.split()[3:] == [
        "GM",
        "GER",
        "9",
        "10",
        "1",
        "9",
        "9",
        "0",
        "3",
        "2",
        "2",
        "0",
        "0",
        "0",
        "2450",
        "2400",
        "7",
        "7",
        "2367",
        "2620",
    ]


def test_csv_rows_match_the_header(capsys: pytest.CaptureFixture[str], women_file: Path) -> None:
    status, out, _ = run(capsys, str(women_file), "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert status == CHECK_ERRORS and rows[0][:4] == ["name_and_id", "norm", "fed", "n"]
    assert all(len(r) == len(rows[0]) for r in rows)
    # WGM and WIM rows, both Ra 2222 and Rp 2442 (test_a_womans_wgm_and_wim_norms).
    by = {r[1]: dict(zip(rows[0], r, strict=True)) for r in rows[1:]}
    assert set(by) == {"WGM", "WIM"}
    assert (by["WGM"]["ra"], by["WGM"]["rp"], by["WIM"]["ach_pts"]) == ("2222", "2442", "7")


def test_json_is_valid_and_says_what_the_games_say(
    capsys: pytest.CaptureFixture[str], gm_file: Path
) -> None:
    from trfkit.schemas import validator

    status, out, _ = run(capsys, str(gm_file), "--format", "json")
    doc = json.loads(out)
    validator("norms", strict=True).validate(doc)
    assert doc["schema"] == "trfkit.norms/1" and status == CHECK_ERRORS
    assert doc["rules"]["reference"] == "FIDE Title Regulations (B.01) 2024"
    assert doc["holders"] == [{"start_rank": 1, "titles": ["GM"]}]
    gm = doc["players"][0]["norms"][0]
    assert (gm["title"], gm["achieved"], gm["ra"], gm["rp"], gm["points"]) == (
        "GM",
        True,
        2400,
        2620,
        7,
    )
    # The games used are the file's own: opponent r+1 in round r.
    t = trfkit.load(gm_file)
    own = [(r + 1, g.opponent) for r, g in enumerate(t.players[0].games)]
    assert [(g["round"], g["opponent"]) for g in gm["games_used"]] == own
    raised = [g for g in gm["games_used"] if g["raised"]]
    assert [(g["opponent"], g["rating"], g["rating_used"]) for g in raised] == [(10, 1900, 2200)]


def test_certificates(capsys: pytest.CaptureFixture[str], women_file: Path) -> None:
    status, out, _ = run(capsys, str(women_file), "--certificates")
    assert status == CHECK_ERRORS and out.count("Certificate of Title Result") == 1
    assert "[ ] GM   [ ] IM   [x] WGM   [x] WIM" in out
    assert "WGM Norm: 7 pts (required 7), Ra = 2222, Rp = 2442" in out
    # The round rows: round 1 against the IM of FRA, rated 2400, a win.
    assert any(
        line.split() == ["1", "Player,", "No2", "FRA", "2400", "IM", "1"]
        for line in out.splitlines()
    )
    status, out, _ = run(capsys, str(women_file), "--certificates", "--format", "html")
    assert status == CHECK_ERRORS and out.startswith("<!doctype html>") and "☒ WGM" in out


def test_certificates_print_birth_date_and_sex_as_the_other_forms(
    capsys: pytest.CaptureFixture[str], gm_file: Path, women_file: Path
) -> None:
    # The file writes 1990/01/01 and "m" / "w" (TRF16 001 columns 10 and
    # 70-79); Form 2 prints the date as ISO 8601, 1990-01-01, and a
    # certificate sent to FIDE says the sex in words.
    _, out, _ = run(capsys, str(gm_file), "--certificates")
    assert "Date of Birth:  1990-01-01" in out.splitlines()
    assert "Sex:            male" in out.splitlines()
    assert "1990/01/01" not in out
    _, out, _ = run(capsys, str(women_file), "--certificates")
    assert "Sex:            female" in out.splitlines()
    _, out, _ = run(capsys, str(women_file), "--certificates", "--format", "html")
    assert "<dd>1990-01-01</dd>" in out and "<dd>female</dd>" in out
    assert "1990/01/01" not in out


def test_certificates_csv(capsys: pytest.CaptureFixture[str], gm_file: Path) -> None:
    # One row per game of the certificate: 9 games; the raised opponent shows
    # his listed 1900 and the 2200 counted (§1.4.6).
    status, out, _ = run(capsys, str(gm_file), "--certificates", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == CHECK_ERRORS and len(rows) == 9 and {r["titles"] for r in rows} == {"GM"}
    last = rows[-1]
    assert (last["round"], last["opponent"], last["opponent_rating"], last["rating_counted"]) == (
        "9",
        "10",
        "1900",
        "2200",
    )
    assert [r["score"] for r in rows] == ["1", "0.5"] * 4 + ["1"]


def test_unknown_rules_exit_2(capsys: pytest.CaptureFixture[str], gm_file: Path) -> None:
    status, _, err = run(capsys, str(gm_file), "--rules", "fide-2024")
    assert status == 2 and "unknown title rule set 'fide-2024'" in err


def test_html_table_has_a_real_header(capsys: pytest.CaptureFixture[str], gm_file: Path) -> None:
    status, out, _ = run(capsys, str(gm_file), "--format", "html")
    assert (
        status == CHECK_ERRORS
        and "<thead><tr><th>Name and ID</th>" in out
        and "@page { size: A4" in out
    )


# --- R701 ---------------------------------------------------------------------------


def test_r701_cites_the_title_regulations(gm_file: Path) -> None:
    t = trfkit.load(gm_file)
    for rules in ("auto", "fide-2009"):
        found = [d for d in validate(t, rules=rules) if d.code == "R701"]
        assert len(found) == 1
        d = found[0]
        assert d.reference == "FIDE Title Regulations (B.01) 2024 §0.5, §1.4"
        assert d.line == t.players[0].origin.line  # type: ignore[union-attr]
        assert "GM norm (7/9, Ra 2400, Rp 2620)" in d.message


def test_r701_is_silent_where_the_edition_is_not_modelled(tmp_path: Path) -> None:
    t = star(_SEEKER, [*_NINE, P(1900, "", "SUI")], "1=1=1=1=1", start="2019/05/01")
    assert not [d for d in validate(t) if d.code == "R701"]


# --- fixtures and the corpus --------------------------------------------------------


@pytest.mark.parametrize("name", ["roundrobin-8.trf", "double-roundrobin-4.trf", "swiss-trf16.trf"])
def test_fixtures_in_every_format(capsys: pytest.CaptureFixture[str], name: str) -> None:
    from trfkit.schemas import validator

    path = FIXTURES / name
    t = trfkit.load(path)
    for fmt in ("text", "html", "csv", "json"):
        status, out, _ = run(capsys, str(path), "--format", fmt, "--rules", "b01-2024")
        assert status in (0, 1) and out
        if fmt == "json":
            doc = json.loads(out)
            validator("norms", strict=True).validate(doc)
            assert [p["start_rank"] for p in doc["players"]] == [p.start_rank for p in t.players]


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_json(capsys: pytest.CaptureFixture[str], path: Path | None) -> None:
    from trfkit.schemas import validator

    assert path is not None
    t = trfkit.load(path)
    status, out, err = run(capsys, str(path), "--format", "json")
    if status == 2:
        assert "no TRF" in err or "not" in err  # a file the reader refuses, said in one line
        return
    doc = json.loads(out)
    validator("norms", strict=True).validate(doc)
    assert len(doc["players"]) == len(t.players)
    for p in doc["players"]:
        for v in p["norms"]:
            if doc["rules"]["modelled"] is False:
                assert v["achieved"] is None and v["games_used"] == []
            else:
                # A verdict's games are the player's games over the board.
                assert v["games"] == len(v["games_used"])


def test_rules_not_in_force_are_said_on_the_table_and_every_certificate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """B.01 2024 §1.5.4: a title result is judged by the regulations in force
    when it was obtained. The GM norm of ``gm_file`` moved to 2013 and judged
    under b01-2024 (applied from 2024-01-01) on request: the table's Rules
    line and each certificate, which an arbiter signs, must say that these
    rules did not govern the event, not only a note at the foot."""
    path = tmp_path / "gm2013.trf"
    path.write_text(
        trfkit.dumps(star(_SEEKER, [*_NINE, P(1900, "", "SUI")], "1=1=1=1=1", start="2013/05/01"))
    )
    flag = "NOT IN FORCE at the start 2013-05-01"
    _, out, _ = run(capsys, str(path), "--rules", "b01-2024")
    [rules_line] = [x for x in out.splitlines() if x.startswith("Rules:")]
    assert flag in rules_line
    for fmt in ("text", "html"):
        _, out, _ = run(capsys, str(path), "--rules", "b01-2024", "--certificates", "--format", fmt)
        assert "Certificate of Title Result" in out and flag in out, fmt
    _, out, _ = run(capsys, str(path), "--rules", "b01-2024", "--format", "html")
    assert flag in out
    # In force (auto picks the edition of the start): nothing said.
    _, out, _ = run(capsys, str(path), "--certificates")
    assert "NOT IN FORCE" not in out
    # JSON keeps them apart, as its schema says: source is how the edition
    # was chosen ("given"), in_force whether it governed the event.
    _, out, _ = run(capsys, str(path), "--rules", "b01-2024", "--format", "json")
    rules = json.loads(out)["rules"]
    assert (rules["source"], rules["in_force"]) == ("given", False)
