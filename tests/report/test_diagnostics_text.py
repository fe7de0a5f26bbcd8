"""trfkit check's text: the event line of each file, and the per-player
notes (R501, R603) grouped one line per code and file unless --verbose;
JSON, SARIF and GitHub keep every finding."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

import trfkit
from tests.conftest import ROOT
from tests.trfbuild import player_line
from trfkit.checks.files import CheckedFile, Unreadable
from trfkit.cli import main
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import TournamentType, event_of
from trfkit.report.diagnostics import check_data, event_line, render_text
from trfkit.summary import EventSummary, summarize


def _player(
    rank: int,
    title: str,
    name: str,
    rating: int | None,
    fed: str,
    points: str,
    place: int,
    *cells: str,
) -> str:
    return player_line(
        rank, rating, points, cells, name=name or " ", title=title, federation=fed,
        born="1990/05/01", place=place,
    )  # fmt: skip


# Six players, two of three rounds played. Player 1 (FM) wins round 1 by
# forfeit against 2, who loses round 2 by forfeit to 4: R501 on lines 12
# (1), 13 (2) and 15 (4). Player 6, unrated, has 2 games against rated
# opponents (5 and 1) of the 5 a first rating needs (2024 §7.1.4): R603 on
# line 17. No pair meets twice and no colour repeats three times (S112, S113).
SPRING = (
    "\n".join(
        [
            "012 Spring Open",
            "022 Bled",
            "032 SLO",
            "042 2025/03/01",
            "052 2025/03/02",
            "062 6",
            "092 Swiss",
            "102 Kovac, Ana",
            "122 90 min + 30 sec/move",
            "132" + " " * 88 + "25/03/01  25/03/02",
            "142 3",
            _player(1, "FM", "Novak, Jan", 2200, "SLO", "2.0", 1, "   2 w +", "   6 w 1"),
            _player(2, "", "Horvat, Eva", 2100, "SLO", "0.0", 6, "   1 b -", "   4 b -"),
            _player(3, "", "Kranjc, Ana", 2000, "CRO", "1.0", 3, "   4 w 1", "   5 b 0"),
            _player(4, "", "Zupan, Luka", 1900, "SLO", "1.0", 4, "   3 b 0", "   2 w +"),
            _player(5, "", "Kos, Maja", 1800, "SLO", "1.5", 2, "   6 w =", "   3 w 1"),
            _player(6, "", "Mlakar, Tim", None, "SLO", "0.5", 5, "   5 b =", "   1 b 0"),
        ]
    )
    + "\n"
)

EVENT = (
    "event: Spring Open; Swiss (092), 2 of 3 rounds played, 2025-03-01..2025-03-02; "
    "6 players (5 rated, 1 unrated, 1 titled), 2 federations; "
    "rules fide-2024 (auto: start 2025-03-01)"
)
R501_REF = "[FIDE Rating Regulations 2024 §5.1]"
R603 = (
    "17:92: info R603 unrated player 6 has 2 of the 5 games against rated opponents a first "
    "rating needs under fide-2024; the rest must come from other events "
    "[FIDE Rating Regulations 2024 §7.1.4, §8.2.1]"
)


@pytest.fixture
def spring(tmp_path: Path) -> str:
    path = tmp_path / "spring.trf"
    path.write_text(SPRING, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(["check", *args])
    return status, capsys.readouterr().out


def test_text_opens_with_the_event_and_groups_the_notes(
    capsys: pytest.CaptureFixture[str], spring: str
) -> None:
    status, out = run(capsys, spring)
    assert status == 0
    assert out.splitlines() == [
        f"{spring}: {EVENT}",
        f"{spring}:12:99: info R501 3 players have rounds the rating will not count "
        "(forfeits, byes, unplayed games): 1 Novak, Jan (forfeit win), 2 Horvat, Eva "
        f"(forfeit loss ×2), 4 Zupan, Luka (forfeit win); --verbose lists each {R501_REF}",
        # One R603 only: a group of one is the finding itself.
        f"{spring}:{R603}",
        "1 file checked: 0 errors, 0 warnings, 4 info",
    ]


def test_verbose_prints_every_note(capsys: pytest.CaptureFixture[str], spring: str) -> None:
    status, out = run(capsys, spring, "--verbose")
    assert status == 0
    assert out.splitlines() == [
        f"{spring}: {EVENT}",
        f"{spring}:12:99: info R501 player 1: 1 round will not be rated "
        f"(round 1: forfeit win) {R501_REF}",
        f"{spring}:13:99: info R501 player 2: 2 rounds will not be rated "
        f"(round 1: forfeit loss; round 2: forfeit loss) {R501_REF}",
        f"{spring}:15:109: info R501 player 4: 1 round will not be rated "
        f"(round 2: forfeit win) {R501_REF}",
        f"{spring}:{R603}",
        "1 file checked: 0 errors, 0 warnings, 4 info",
    ]


def test_min_severity_and_ignore_apply_before_grouping(
    capsys: pytest.CaptureFixture[str], spring: str
) -> None:
    _, out = run(capsys, spring, "--min-severity", "warning")
    # The 4 info (R501 for players 1, 2 and 4, R603 for 6) are left out and
    # counted as such: a file with findings never reads "no problems found".
    assert out.splitlines() == [
        f"{spring}: {EVENT}",
        "1 file checked: 0 errors, 0 warnings; not shown (--min-severity): 4 info",
    ]
    _, out = run(capsys, spring, "--min-severity", "error")
    assert out.splitlines() == [
        f"{spring}: {EVENT}",
        "1 file checked: 0 errors; not shown (--min-severity): 0 warnings, 4 info",
    ]
    _, out = run(capsys, spring, "--ignore", "R501")
    assert out.splitlines() == [
        f"{spring}: {EVENT}",
        f"{spring}:{R603}",
        "1 file checked: 0 errors, 0 warnings, 1 info",
    ]


def test_json_keeps_every_finding_and_gives_the_event(
    capsys: pytest.CaptureFixture[str], spring: str
) -> None:
    _, out = run(capsys, spring, "--format", "json")
    (f,) = json.loads(out)["files"]
    assert [(d["code"], d["line"]) for d in f["diagnostics"]] == [
        ("R501", 12),
        ("R501", 13),
        ("R501", 15),
        ("R603", 17),
    ]
    assert f["event"] == {
        "name": "Spring Open",
        "type": "swiss",
        "type_source": "092",
        "rounds": 2,
        "rounds_scheduled": 3,
        "start": "2025-03-01",
        "end": "2025-03-02",
        "players": 6,
        "rated": 5,
        "unrated": 1,
        "titled": 1,
        "federations": 2,
        "not_federations": 0,
        "teams": 0,
        "rules": "fide-2024",
        "rules_source": "start 2025-03-01",
    }


def test_sarif_and_github_keep_every_finding(
    capsys: pytest.CaptureFixture[str], spring: str
) -> None:
    _, out = run(capsys, spring, "--format", "sarif")
    results = json.loads(out)["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["R501", "R501", "R501", "R603"]
    _, out = run(capsys, spring, "--format", "github")
    assert [line.split("title=")[1][:4] for line in out.splitlines()] == [
        "R501",
        "R501",
        "R501",
        "R603",
    ]


def test_rules_given_and_a_type_from_the_pairings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "x.trf"
    path.write_text(SPRING.replace("092 Swiss\n", ""), encoding="utf-8")
    _, out = run(capsys, str(path), "--rules", "fide-2024")
    assert out.splitlines()[0] == (
        f"{path}: event: Spring Open; Swiss (from the pairings: not every pair met), 2 of 3 rounds played, "
        "2025-03-01..2025-03-02; 6 players (5 rated, 1 unrated, 1 titled), 2 federations; "
        "rules fide-2024 (given)"
    )


# -- The renderer alone ------------------------------------------------------------


def _note(line: int, found: str) -> Diagnostic:
    return Diagnostic("R501", Severity.INFO, line, 99, f"player on line {line}", "ref", found)


def test_more_than_five_players_are_counted_not_named() -> None:
    notes = tuple(_note(10 + i, "forfeit loss") for i in range(7))
    names = tuple((10 + i, f"{i + 1} Player {i + 1}") for i in range(6))  # line 16 unnamed
    other = Diagnostic("S102", Severity.WARNING, 12, 97, "a warning between them")
    f = CheckedFile(
        "a.trf", "trf16", "fide-2024", "swiss", (*notes[:3], other, *notes[3:]), names=names
    )
    assert render_text([f]).splitlines() == [
        "a.trf:10:99: info R501 7 players have rounds the rating will not count (forfeits, "
        "byes, unplayed games): 1 Player 1 (forfeit loss), 2 Player 2 (forfeit loss), "
        "3 Player 3 (forfeit loss), 4 Player 4 (forfeit loss), 5 Player 5 (forfeit loss), "
        "and 2 more; --verbose lists each [ref]",
        "a.trf:12:97: warning S102 a warning between them",
        "1 file checked: 0 errors, 1 warning, 7 info",
    ]
    verbose = render_text([f], verbose=True).splitlines()
    assert len(verbose) == 9 and verbose[7] == "a.trf:16:99: info R501 player on line 16 [ref]"


def test_a_note_on_a_line_with_no_player_is_named_by_its_line() -> None:
    f = CheckedFile("a.trf", "trf16", None, None, (_note(3, "bye"), _note(4, "")))
    assert render_text([f]).splitlines()[0] == (
        "a.trf:3:99: info R501 2 players have rounds the rating will not count (forfeits, "
        "byes, unplayed games): line 3 (bye), line 4; --verbose lists each [ref]"
    )


def test_r603_details_say_games_or_score() -> None:
    def r603(line: int, found: str) -> Diagnostic:
        return Diagnostic("R603", Severity.INFO, line, 92, "m", None, found)

    f = CheckedFile(
        "a.trf", "trf16", None, None, (r603(1, "1 games"), r603(2, "0"), r603(3, "4 games"))
    )
    assert render_text([f]).splitlines()[0] == (
        "a.trf:1:92: info R603 3 unrated players will get no first rating from this event "
        "alone: line 1 (1 game), line 2 (scored 0), line 3 (4 games); --verbose lists each"
    )


def _summary(**changes: object) -> EventSummary:
    base: dict[str, object] = {
        "name": "Club Cup",
        "type": TournamentType.ROUND_ROBIN,
        "type_source": "pairings",
        "rounds": 7,
        "rounds_scheduled": 7,
        "start": datetime.date(2019, 1, 5),
        "end": datetime.date(2019, 1, 5),
        "players": 8,
        "rated": 8,
        "titled": 0,
        "federations": 1,
        "teams": 0,
        "rules": "fide-2017",
        "rules_source": "given",
    }
    return EventSummary(**{**base, **changes})  # type: ignore[arg-type]


def test_event_line_variants() -> None:
    assert event_line(_summary()) == (
        "Club Cup; round robin (from the pairings), 7 rounds, 2019-01-05; "
        "8 players (8 rated, 0 unrated, 0 titled), 1 federation; rules fide-2017 (given)"
    )
    assert event_line(
        _summary(
            name=None,
            start=None,
            end=None,
            rounds=1,
            rounds_scheduled=1,
            teams=2,
            type=TournamentType.TEAM,
            type_source="192",
            rules_source="no start date: the newest rules",
        )
    ) == (
        "no name (012); team event (192), 1 round, no dates; 8 players (8 rated, 0 unrated, "
        "0 titled), 1 federation, 2 teams; rules fide-2017 (auto: no start date: the newest "
        "rules)"
    )


def test_a_note_on_rules_given_is_kept_as_given() -> None:
    source = "given; not in force at the start 2019-01-05"
    assert event_line(_summary(rules_source=source)).endswith(
        "; rules fide-2017 (given; not in force at the start 2019-01-05)"
    )


def test_an_unreadable_file_has_no_event() -> None:
    (f,) = check_data([Unreadable("gone.trf", "no such file")])["files"]
    assert f["event"] is None


def test_every_tournament_type_has_words_in_the_event_line() -> None:
    """A type added to TournamentType (league was) must not break the text
    output: every type is worded."""
    from trfkit.event import TournamentType
    from trfkit.report.diagnostics import _TYPE_WORDS

    assert {t.value for t in TournamentType} <= set(_TYPE_WORDS)


def test_a_league_checks_in_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "league.trf"
    path.write_text(SPRING.replace("092 Swiss", "092 Team League"), encoding="utf-8")
    status, out = run(capsys, str(path))
    assert status == 0
    assert out.splitlines()[0].startswith(f"{path}: event: Spring Open; league (092)")


def test_a_file_listing_its_teams_in_013_and_310_counts_each_team_once() -> None:
    # fixtures/team-trf26.trf has 4 teams in 310; TEC's sample writes each
    # team again as an 013 line: still 4 teams, not 8.
    path = ROOT / "fixtures" / "team-trf26.trf"
    text = path.read_text()
    t = trfkit.loads(text.encode())
    assert [x.code for x in t.teams] == ["310"] * 4
    both = text + "".join(
        f"013 {x.name:<32}" + "".join(f"{m:>5}" for m in x.members) + "\n" for x in t.teams
    )
    t2 = trfkit.loads(both.encode())
    assert len(t2.teams) == 8
    assert summarize(t2, event_of(t2)).teams == 4


def test_a_round_of_byes_requested_ahead_is_not_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Written after round 2 of 3: player 6 has asked for a half-point bye
    # in round 3 (TRF16 §2.3 H), which is not yet paired. Two rounds played.
    lines = SPRING.splitlines()
    lines[-1] += "  0000 - H"
    path = tmp_path / "ahead.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, out = run(capsys, str(path))
    assert out.splitlines()[0] == f"{path}: " + EVENT.replace(
        "2 of 3 rounds played", "2 of 3 rounds played (byes requested for round 3)"
    )
    # A round that was paired, a pairing-allocated bye (U) in it, is played.
    lines[-1] = lines[-1].replace("0000 - H", "0000 - U")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, out = run(capsys, str(path))
    assert "; Swiss (092), 3 rounds, " in out.splitlines()[0]


def test_club_codes_are_not_counted_as_federations(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # ICU's exports put club codes (KIL, COR, ...) in the federation column:
    # the event line counts 1 federation (SLO) and says the 2 others apart,
    # as S114 names them; JSON keeps the distinct codes and how many are none.
    clubs = SPRING.replace(
        _player(3, "", "Kranjc, Ana", 2000, "CRO", "1.0", 3, "   4 w 1", "   5 b 0"),
        _player(3, "", "Kranjc, Ana", 2000, "KIL", "1.0", 3, "   4 w 1", "   5 b 0"),
    ).replace(
        _player(4, "", "Zupan, Luka", 1900, "SLO", "1.0", 4, "   3 b 0", "   2 w +"),
        _player(4, "", "Zupan, Luka", 1900, "COR", "1.0", 4, "   3 b 0", "   2 w +"),
    )
    assert clubs.count("KIL") == 1 and clubs.count("COR") == 1
    path = tmp_path / "clubs.trf"
    path.write_text(clubs, encoding="utf-8")
    _, out = run(capsys, str(path))
    assert "1 federation and 2 codes that are none (S114);" in out.splitlines()[0]
    assert " S114 " in out
    _, out = run(capsys, str(path), "--format", "json")
    (f,) = json.loads(out)["files"]
    assert (f["event"]["federations"], f["event"]["not_federations"]) == (3, 2)


def test_a_swiss_with_no_round_paired_is_said_to_be_a_guess(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = [ln for ln in SPRING.splitlines() if not ln.startswith(("092", "001"))]
    lines += [_player(r, "", f"Player {r}", 2000 - r, "SLO", "0.0", r) for r in range(1, 5)]
    path = tmp_path / "unpaired.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, out = run(capsys, str(path))
    first = out.splitlines()[0]
    assert "Swiss (no type declared and no round paired yet: taken for one)" in first
    assert "from the pairings" not in first
