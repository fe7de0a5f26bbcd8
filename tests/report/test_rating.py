"""The renderers of ``trfkit rate``: text (Form 3), CSV, JSON and HTML.

The reports are built by hand: a 4-player Swiss (a rated winner whose game
was capped, a player with a non-ASCII name and an assumed K, an unrated
newcomer, a forfeit and byes), a round robin with the round-robin figures,
and a 13-round event for the continuation lines.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
import shutil
import subprocess
import unicodedata
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import ROOT
from trfkit.rating.model import (
    EventInfo,
    GameRating,
    Newcomer,
    PlayerRating,
    RatingReport,
    RoundRobinRating,
)
from trfkit.report.format import signed, signed_quotient
from trfkit.report.rating import (
    CSV_GAME_COLUMNS,
    CSV_PLAYER_COLUMNS,
    RATE_SCHEMA,
    rating_data,
    render_rating_csv,
    render_rating_csv_games,
    render_rating_html,
    render_rating_json,
    render_rating_text,
    split_name,
)

F = Fraction


def _event(**kw: object) -> EventInfo:
    base: dict[str, object] = {
        "name": "Lakeside Spring Open 2025",
        "city": "Eastbrook",
        "federation": "NED",
        "chief_arbiter": "IA Marten Oudekerk",
        "time_control": "90 min/40 moves + 30 min, 30 sec/move from move 1",
        "start": datetime.date(2025, 3, 14),
        "end": datetime.date(2025, 3, 16),
        "type": "swiss",
        "type_source": "092",
        "rounds": 3,
        "rate_class": "standard",
    }
    base.update(kw)
    return EventInfo(**base)  # type: ignore[arg-type]


def swiss_report() -> RatingReport:
    """Rounds: 1-2 1:0, 3-4 ½; 1-3 ½, 2-4 forfeit (+/-); 1 half-point bye,
    2-3 0:1, 4 pairing-allocated bye. Final order 1, 3, 4, 2."""
    vantreck = PlayerRating(
        start_rank=1,
        name="Vantreck, Oskar",
        fide_id=91000117,
        federation="NED",
        title="GM",
        rank=1,
        rating=2561,
        rating_source="trf",
        score=F(2),
        n=1,
        rc=F(2100),
        w=F(1),
        we=F(92, 100),
        k=10,
        k_assumed=False,
        k_reason="rated 2400 or more",
        change=F(8, 10),
        new_rating=2562,
        games=(
            GameRating(1, 2, 2100, "w", "1", F(1), True, None, 400, 461, True, F(92, 100)),
            GameRating(2, 3, None, "b", "=", None, False, "opponent unrated"),
            GameRating(3, None, None, "-", "H", None, False, "half-point bye"),
        ),
    )
    newcomer = PlayerRating(
        start_rank=3,
        name="Newcomer, Ana",
        fide_id=None,
        federation="POR",
        title="",
        rank=2,
        rating=None,
        rating_source="trf",
        score=F(2),
        n=3,
        rc=F(6461, 3),
        w=F(2),
        we=None,
        k=None,
        k_assumed=False,
        k_reason="",
        change=None,
        new_rating=None,
        ru=2084,
        newcomer=Newcomer(
            ra=F(10061, 5),
            n=3,
            w=F(2),
            p=F(60, 100),
            dp=72,
            ru=2084,
            ru_uncapped=2084,
            hypothetical=2,
            counts=True,
            publishable=False,
            reason="3 games: 5 are needed",
        ),
        games=(
            GameRating(1, 4, 1800, "w", "=", F(1, 2), True),
            GameRating(2, 1, 2561, "w", "=", F(1, 2), True),
            GameRating(3, 2, 2100, "w", "1", F(1), True),
        ),
    )
    rautio = PlayerRating(
        start_rank=4,
        name="Rautio, Selma",
        fide_id=91000125,
        federation="FIN",
        title="WFM",
        rank=3,
        rating=1800,
        rating_source="list",
        score=F(3, 2),
        n=0,
        rc=None,
        w=F(0),
        we=None,
        k=20,
        k_assumed=False,
        k_reason="rated below 2400",
        change=None,
        new_rating=1800,
        games=(
            GameRating(1, 3, None, "b", "=", None, False, "opponent unrated"),
            GameRating(2, 2, None, "b", "-", None, False, "forfeit"),
            GameRating(3, None, None, "-", "U", None, False, "pairing-allocated bye"),
        ),
    )
    mueller = PlayerRating(
        start_rank=2,
        name="Müller-Łukasiewicz, Zoë",
        fide_id=91000133,
        federation="POL",
        title="",
        rank=4,
        rating=2100,
        rating_source="trf",
        score=F(1),
        n=1,
        rc=F(2561),
        w=F(0),
        we=F(8, 100),
        k=40,
        k_assumed=True,
        k_reason="no birth date: K 40 assumed for fewer than 30 games",
        change=F(-32, 10),
        new_rating=2097,
        games=(
            GameRating(1, 1, 2561, "b", "0", F(0), True, None, -400, -461, True, F(8, 100)),
            GameRating(2, 4, None, "w", "+", None, False, "forfeit"),
            GameRating(3, 3, None, "b", "0", None, False, "opponent unrated"),
        ),
        notes=("Forfeit in round 2 is not rated.",),
    )
    return RatingReport(
        rules="fide-2024",
        rules_title="FIDE Rating Regulations, 1 March 2024",
        rules_reference="FIDE Handbook B.02 (2024)",
        rules_source="start date 2025-03-14",
        amendments=("2025-10",),
        event=_event(),
        players=(vantreck, newcomer, rautio, mueller),
        notes=("Games against unrated opponents do not count for rated players.",),
    )


def round_robin_report() -> RatingReport:
    """A 4-player round robin (2009 rules) with one unrated player."""
    names = ["Anders, Alf", "Brandt, Bea", "Cruz, Caio", "Dunn, Dora"]
    ratings: list[int | None] = [2400, 2300, None, 2200]
    scores = {  # (player, opponent) -> score of player
        (1, 2): F(1), (1, 3): F(1, 2), (1, 4): F(1),
        (2, 3): F(1), (2, 4): F(1, 2), (3, 4): F(1),
    }  # fmt: skip

    def score(a: int, b: int) -> Fraction:
        return scores[(a, b)] if (a, b) in scores else 1 - scores[(b, a)]

    schedule = {1: [(1, 4), (2, 3)], 2: [(4, 3), (1, 2)], 3: [(2, 4), (3, 1)]}
    players = []
    for i in range(1, 5):
        games = []
        for rnd, pairs in schedule.items():
            for white, black in pairs:
                if i in (white, black):
                    opp = black if i == white else white
                    s = score(i, opp)
                    code = {F(1): "1", F(1, 2): "=", F(0): "0"}[s]
                    colour = "w" if i == white else "b"
                    rating = ratings[opp - 1] or 2311  # an unrated opponent's Ru
                    games.append(GameRating(rnd, opp, rating, colour, code, s, rated=True))
        total = sum((g.score or F(0) for g in games), F(0))
        rated = ratings[i - 1]
        players.append(
            PlayerRating(
                start_rank=i,
                name=names[i - 1],
                fide_id=None,
                federation="ENG",
                title="",
                rank=None,
                rating=rated,
                rating_source="trf",
                score=total,
                n=3,
                rc=F(6911 + 2 * (i % 2), 3),
                w=total,
                we=None if rated is None else F(150, 100),
                k=None if rated is None else 15,
                k_assumed=False,
                k_reason="",
                change=None if rated is None else 15 * (total - F(3, 2)),
                new_rating=None if rated is None else rated + int(15 * (total - F(3, 2))),
                ru=2311 if rated is None else None,
                newcomer=None
                if rated is not None
                else Newcomer(
                    ra=F(2300),
                    n=3,
                    w=total,
                    p=F(67, 100),
                    dp=125,
                    ru=2311,
                    ru_uncapped=2311,
                    reason="3 games: 9 are needed",
                    ru_first=2425,
                    rc_new=2300,
                ),
                games=tuple(games),
            )
        )
    players.sort(key=lambda p: -p.score)
    players = [attrs.evolve(p, rank=k) for k, p in enumerate(players, 1)]
    return RatingReport(
        rules="fide-2009",
        rules_title="FIDE Rating Regulations, 1 July 2009",
        rules_reference="FIDE Handbook B.02 (2009)",
        rules_source="--rules",
        amendments=(),
        event=_event(name="Club Championship", type="round-robin", type_source="pairings"),
        players=tuple(players),
        round_robin=RoundRobinRating(rar=F(6900, 3), dpa=F(59, 2), n=3, ra=2278),
    )


def long_report(rounds: int = 13) -> RatingReport:
    """Two players meeting every round: the continuation lines past round 11."""
    players = []
    for i, opp in ((1, 2), (2, 1)):
        won = i == 1
        games = tuple(
            GameRating(
                round=r,
                opponent=opp,
                opponent_rating=2000,
                colour="w" if (r + i) % 2 else "b",
                result="1" if won else "0",
                score=F(1) if won else F(0),
                rated=True,
                d=0,
                d_uncapped=0,
                pd=F(1, 2),
            )
            for r in range(1, rounds + 1)
        )
        w = F(rounds if won else 0)
        players.append(
            PlayerRating(
                start_rank=i,
                name=f"Player{i}, P",
                fide_id=None,
                federation="ENG",
                title="",
                rank=i,
                rating=2000,
                rating_source="trf",
                score=w,
                n=rounds,
                rc=F(2000),
                w=w,
                we=F(rounds, 2),
                k=20,
                k_assumed=False,
                k_reason="",
                change=20 * (w - F(rounds, 2)),
                new_rating=2000 + int(20 * (w - F(rounds, 2))),
                games=games,
            )
        )
    return RatingReport(
        rules="fide-2024",
        rules_title="FIDE 2024",
        rules_reference="B.02",
        rules_source="start date",
        amendments=(),
        event=_event(rounds=rounds),
        players=tuple(players),
    )


# --- names and small helpers ------------------------------------------------------


def test_split_name() -> None:
    assert split_name("Vantreck, Oskar") == ("Vantreck", "Oskar")
    assert split_name("Carlsen") == ("Carlsen", "")
    assert split_name("van der Berg,  Jan , Jr.") == ("van der Berg", "Jan , Jr.")


# --- text -------------------------------------------------------------------------


def _text_lines(text: str) -> list[str]:
    return text.splitlines()


def _block(lines: list[str], family: str) -> list[str]:
    """The three lines of a player's block, found by the family name."""
    i = next(k for k, line in enumerate(lines) if line.startswith(family + " "))
    return lines[i : i + 3]


def test_text_header_block() -> None:
    text = render_rating_text(swiss_report())
    assert text.startswith("Report Form for Multiple Results in a Swiss System Tournament")
    assert text.endswith("\n")
    for expected in (
        "Event:",
        "Lakeside Spring Open 2025",
        "City/Fed:",
        "Eastbrook / NED",
        "Chief Arbiter:",
        "IA Marten Oudekerk",
        "Time Control:",
        "rated as standard",
        "Start:",
        "2025-03-14",
        "End:",
        "2025-03-16",
        "fide-2024: FIDE Rating Regulations, 1 March 2024",
        "Chosen by:",
        "start date 2025-03-14",
        "Amendments:",
    ):
        assert expected in text


def test_the_federation_officials_field_is_on_form_3() -> None:
    """FIDE Form 3 (2002 forms, seed 004) has in its head, beside Start and
    End, "Fed. Official, Name, Signature, Seal": the document is signed
    there. Text carries it under the head, HTML as a box of the head."""
    label = "Fed. Official, Name, Signature, Seal"
    text = render_rating_text(swiss_report())
    [line] = [x for x in text.splitlines() if x.startswith(label + ":")]
    assert "____" in line
    assert text.index("End:") < text.index(label) < text.index("A Family name")
    assert label in render_rating_html(swiss_report())


def test_text_rank_order_and_columns() -> None:
    lines = _text_lines(render_rating_text(swiss_report()))
    head = next(line for line in lines if line.startswith("A Family name"))
    # Players come in the report's (final rank) order.
    order = [
        ln.split()[0]
        for ln in lines
        if re.match(r"^(Vantreck|Newcomer|Rautio|Müller-Łukasiewicz) ", ln)
    ]
    assert order == ["Vantreck", "Newcomer", "Rautio", "Müller-Łukasiewicz"]
    first, second, third = _block(lines, "Vantreck")
    # The round columns are right-aligned under the round numbers of the header.
    bar = head.index("| I") + len("| I ")
    for r, opp in ((1, "2"), (2, "3")):
        end = head.index(f" {r} ", bar) + 2
        assert first[end - len(opp) : end] == opp
    # J: the opponent's rating, marked where the cap changed D; blank when not counted.
    end1 = head.index(" 1 ", bar) + 2
    assert second[end1 - 4 : end1 + 1] == "2100*"
    end2 = head.index(" 2 ", bar) + 2
    assert second[end2 - 5 : end2].strip() == ""
    # K: 1, ½, and = for the half-point bye.
    assert [third[head.index(f" {r} ", bar) + 1] for r in (1, 2, 3)] == ["1", "½", "="]
    # Line 1: C pairing number and F rank; line 2: D federation, G rating; line 3: E, H.
    c = head.index("C No.")
    assert first[c : c + 5].strip() == "1" and second[c : c + 5].strip() == "NED"
    assert third[c : c + 5].strip() == "GM"
    f_end = head.index("F Rank") + len("F Rank")
    assert first[:f_end].split()[-1] == "1"
    assert second[:f_end].split()[-1] == "2561"
    assert third[:f_end].split()[-1] == "2"
    # L, M, N: N 1, Rc 2100, W 1; the summary We, W−We, K, K×(W−We), New on line 1.
    lmn = head.index("L N") + len("L N")
    assert first[:lmn].split()[-1] == "1"
    assert second[:lmn].split()[-1] == "2100"
    assert third[:lmn].split()[-1] == "1"
    assert first.split()[-5:] == ["0.92", "+0.08", "10", "+0.80", "2562"]


def test_text_alignment_with_non_ascii_name() -> None:
    lines = _text_lines(render_rating_text(swiss_report()))
    head = next(line for line in lines if line.startswith("A Family name"))
    block = _block(lines, "Müller-Łukasiewicz")
    assert block[1].startswith("Zoë ")
    # Every '|' of the grid lines up with the header's, whatever the letters.
    bars = [m.start() for m in re.finditer(r"\|", head)]
    for line in [*block, *_block(lines, "Vantreck")]:
        assert [m.start() for m in re.finditer(r"\|", line)] == bars
    # A decomposed name (e + combining accent) takes the same columns as a composed one.
    decomposed = attrs.evolve(
        swiss_report().players[0], name=unicodedata.normalize("NFD", "Vantrèck, Öskar")
    )
    report = attrs.evolve(swiss_report(), players=(decomposed,))
    lines = _text_lines(render_rating_text(report))
    head = next(line for line in lines if line.startswith("A Family name"))
    first = _block(lines, "Vantrèck")[0]
    assert first.index("|") == head.index("|")


def test_text_k_assumed_change_and_notes() -> None:
    text = render_rating_text(swiss_report())
    first = _block(_text_lines(text), "Müller-Łukasiewicz")[0]
    assert first.split()[-5:] == ["0.08", "-0.08", "40?", "-3.20", "2097"]
    assert "Notes:\n- Games against unrated opponents do not count" in text
    # One note for every assumed K, not one line a player.
    assert "K is assumed for 1 player (marked ?)" in text
    assert "K 40 for 1 player (no birth date" in text
    assert "Zoë: K 40 assumed" not in text
    assert "- 2 Müller-Łukasiewicz, Zoë: Forfeit in round 2 is not rated." in text
    assert "- 4 Rautio, Selma: rating from the players' list" in text


def _no_k_assumed(report: RatingReport) -> RatingReport:
    return attrs.evolve(
        report, players=tuple(attrs.evolve(p, k_assumed=False) for p in report.players)
    )


def test_legend_explains_an_assumed_k_only_when_some_k_is_assumed() -> None:
    # swiss_report assumes Müller-Łukasiewicz's K (40?): the legend says what "?" means.
    report = swiss_report()
    assert "K 20? K assumed (see the notes)." in render_rating_text(report)
    assert "<b>K?</b> K assumed." in render_rating_html(report)
    # With every K known there is no "?" on the form, and nothing to explain.
    known = _no_k_assumed(report)
    text = render_rating_text(known)
    marks = next(line for line in _text_lines(text) if line.startswith("Marks:"))
    assert marks == (
        "Marks: J 2100* the cap changed D. K 1 ½ 0 played; + - = unplayed "
        "(forfeit, bye) worth 1, 0, ½."
    )
    assert "K assumed" not in text and "?" not in _block(_text_lines(text), "Müller-Łukasiewicz")[0]
    page = render_rating_html(known)
    assert "K assumed" not in page
    assert "W the score in them.</p>" in page


def test_text_unplayed_symbols() -> None:
    lines = _text_lines(render_rating_text(swiss_report()))
    head = next(line for line in lines if line.startswith("A Family name"))
    bar = head.index("| I")
    cols = [head.index(f" {r} ", bar) + 1 for r in (1, 2, 3)]
    mueller = _block(lines, "Müller-Łukasiewicz")
    rautio = _block(lines, "Rautio")
    assert [mueller[2][c] for c in cols] == ["0", "+", "0"]  # forfeit win
    assert [rautio[2][c] for c in cols] == ["½", "-", "+"]  # forfeit loss, allocated bye
    assert rautio[0][cols[1]] == "2" and rautio[0][cols[2]] == " "  # the bye has no opponent


def test_text_halves_and_ascii() -> None:
    text = render_rating_text(swiss_report())
    rautio = _block(_text_lines(text), "Rautio")
    assert "1½" in rautio[2]  # H: final score
    ascii_text = render_rating_text(swiss_report(), ascii=True)
    assert "½" not in ascii_text and "1.5" in ascii_text
    ascii_text.encode("ascii")  # nothing else slips through: names lose their accents
    assert "Muller-Lukasiewicz" in ascii_text and "Zoe" in ascii_text
    assert "W-We" in ascii_text and "Kx(W-We)" in ascii_text
    lines = _text_lines(ascii_text)
    head = next(line for line in lines if line.startswith("A Family name"))
    bar = head.index("| I")
    c2 = head.index(" 2 ", bar) + 2
    assert _block(lines, "Newcomer")[2][c2 - 2 : c2] == ".5"


def test_text_control_characters_are_neutralised() -> None:
    p = attrs.evolve(swiss_report().players[0], name="Evil\x1b[2J\nName, X")
    text = render_rating_text(attrs.evolve(swiss_report(), players=(p,)))
    assert "\x1b" not in text and "Evil [2J Name" in text


def test_text_newcomers_section() -> None:
    text = render_rating_text(swiss_report())
    section = text.split("Newcomers: performance toward a first rating\n", 1)[1]
    head, row = section.splitlines()[:2]
    assert head.split()[:8] == ["No.", "Name", "Ra", "hyp.", "n", "W", "p", "dp"]
    assert "Ru first" not in head
    assert row.split()[:3] == ["3", "Newcomer,", "Ana"]
    for cell in ("2012.20", "0.60", "+72", "2084", "3 games: 5 are needed"):
        assert cell in row
    assert re.search(r"\byes\s+no\b", row)  # counts, not publishable


def test_text_round_robin() -> None:
    text = render_rating_text(round_robin_report())
    assert text.startswith("Rating Report for a Round-Robin Tournament")
    assert re.search(r"Round robin: +Rar 2300.00, dpa 29.50, n 3, Ra 2278\n", text)
    section = text.split("Newcomers: performance toward a first rating\n", 1)[1]
    head, row = section.splitlines()[:2]
    assert "Ru first" in head and "Rc(new)" in head
    assert "2425" in row and "2300" in row


def test_text_wraps_rounds_past_eleven() -> None:
    lines = _text_lines(render_rating_text(long_report(13)))
    head_at = next(k for k, line in enumerate(lines) if line.startswith("A Family name"))
    # Six header lines: rounds 1-11 then 12-13.
    assert "11" in lines[head_at] and "12" not in lines[head_at]
    assert re.search(r"\|\s+I\s+12\s+13\s+\|", lines[head_at + 3])
    block = _block(lines, "Player1")
    cont = lines[lines.index(block[0]) + 3 : lines.index(block[0]) + 6]
    assert [c.split("|")[1].split() for c in cont] == [["2", "2"], ["2000", "2000"], ["1", "1"]]
    assert cont[0].split("|")[0].strip() == ""
    assert max(len(x) for x in lines) <= 160


def test_text_places_games_by_their_round_number() -> None:
    # A line's games are read in round order when they are rounds 1, 2, …;
    # otherwise each is placed by its round number, and a round without a
    # game is blank in I, J and K.
    report = swiss_report()
    vantreck = next(p for p in report.players if p.name.startswith("Vantreck"))
    games = tuple(vantreck.games)
    assert [g.round for g in games] == [1, 2, 3]
    shuffled = attrs.evolve(vantreck, games=(games[2], games[0], games[1]))
    gap = attrs.evolve(vantreck, games=(games[0], games[2]))

    def lines_with(p: PlayerRating) -> list[str]:
        players = tuple(p if q is vantreck else q for q in report.players)
        return _text_lines(render_rating_text(attrs.evolve(report, players=players)))

    plain = _text_lines(render_rating_text(report))
    assert lines_with(shuffled) == plain
    head = next(line for line in plain if line.startswith("A Family name"))
    bar = head.index("| I") + len("| I ")
    first, second, third = _block(lines_with(gap), "Vantreck")
    end = head.index(" 2 ", bar) + 2
    assert [line[end - 4 : end + 1].strip() for line in (first, second, third)] == ["", "", ""]
    end1 = head.index(" 1 ", bar) + 2
    assert first[end1 - 1 : end1] == "2" and second[end1 - 4 : end1 + 1] == "2100*"
    assert [third[head.index(f" {r} ", bar) + 1] for r in (1, 3)] == ["1", "="]


def test_text_k_shows_the_score_of_a_code_without_a_mark() -> None:
    # A result code with no mark of its own shows each game's score in K:
    # the grid keeps one K cell per code only for codes with a mark, so two
    # games with the same unknown code and different scores differ.
    report = swiss_report()
    vantreck = next(p for p in report.players if p.name.startswith("Vantreck"))
    games = tuple(vantreck.games)
    odd = (
        games[0]._replace(result="X", score=F(1, 2)),
        games[1]._replace(result="X", score=F(1)),
        games[2],
    )
    players = tuple(attrs.evolve(p, games=odd) if p is vantreck else p for p in report.players)
    lines = _text_lines(render_rating_text(attrs.evolve(report, players=players)))
    head = next(line for line in lines if line.startswith("A Family name"))
    bar = head.index("| I")
    cols = [head.index(f" {r} ", bar) + 1 for r in (1, 2, 3)]
    third = _block(lines, "Vantreck")[2]
    assert [third[c] for c in cols] == ["½", "1", "="]
    ascii_third = _block(
        _text_lines(render_rating_text(attrs.evolve(report, players=players), ascii=True)),
        "Vantreck",
    )[2]
    assert [ascii_third[c - 1 : c + 1] for c in cols] == [".5", " 1", " ="]


@given(st.integers(-(10**7), 10**7), st.integers(1, 10**5), st.integers(0, 3))
def test_signed_quotient_is_signed_of_the_fraction(n: int, d: int, places: int) -> None:
    # Form 3's W − We is written from W's and We's ratios, without the Fraction.
    assert signed_quotient(n, d, places) == signed(F(n, d), places)


# --- JSON -------------------------------------------------------------------------


def test_json_shape_and_types() -> None:
    text = render_rating_json(swiss_report())
    assert text.endswith("}\n") and '\n  "schema"' in text
    data = json.loads(text)
    assert data == rating_data(swiss_report())
    assert list(data) == [
        "schema", "trfkit", "path", "rules", "event", "round_robin", "notes", "readings", "check",
        "nothing_to_rate", "players",
    ]  # fmt: skip
    assert data["schema"] == RATE_SCHEMA == "trfkit.rate/1"
    assert list(data["rules"]) == ["name", "title", "reference", "source", "amendments", "in_force"]
    assert data["rules"]["amendments"] == ["2025-10"]
    assert data["event"] == {
        "name": "Lakeside Spring Open 2025",
        "city": "Eastbrook",
        "federation": "NED",
        "chief_arbiter": "IA Marten Oudekerk",
        "time_control": "90 min/40 moves + 30 min, 30 sec/move from move 1",
        "time_control_source": "",
        "file_time_control": "",
        "rate_class_assumed": "",
        "start": "2025-03-14",
        "end": "2025-03-16",
        "type": "swiss",
        "type_source": "092",
        "rounds": 3,
        "rate_class": "standard",
    }
    assert data["round_robin"] is None
    first = data["players"][0]
    assert list(first) == [
        "start_rank", "name", "fide_id", "federation", "title", "rank", "rating",
        "rating_source", "score", "n", "rc", "w", "we", "w_minus_we", "k", "k_assumed",
        "k_reason", "change", "new_rating", "ru", "performance", "newcomer", "notes", "from_list", "games",
    ]  # fmt: skip
    # Whole fractions are ints, others floats: never strings.
    assert first["score"] == 2 and type(first["score"]) is int
    assert first["rc"] == 2100 and type(first["rc"]) is int
    assert first["we"] == 0.92 and type(first["we"]) is float
    assert first["w_minus_we"] == pytest.approx(0.08)
    assert first["change"] == 0.8 and first["newcomer"] is None
    game = first["games"][0]
    assert list(game) == list(CSV_GAME_COLUMNS[1:])
    assert game == {
        "round": 1, "opponent": 2, "opponent_rating": 2100, "colour": "w", "result": "1",
        "score": 1, "rated": True, "reason": None, "d": 400, "d_uncapped": 461,
        "capped": True, "pd": 0.92,
    }  # fmt: skip
    assert first["games"][2]["opponent"] is None and first["games"][2]["score"] is None
    newcomer = data["players"][1]
    assert newcomer["rating"] is None and newcomer["we"] is None
    assert newcomer["rc"] == pytest.approx(6461 / 3) and type(newcomer["rc"]) is float
    assert newcomer["newcomer"] == {
        "ra": 2012.2, "n": 3, "w": 2, "p": 0.6, "dp": 72, "ru": 2084, "ru_uncapped": 2084,
        "hypothetical": 2, "counts": True, "publishable": False,
        "reason": "3 games: 5 are needed", "ru_first": None, "rc_new": None,
    }  # fmt: skip
    assert data["players"][3]["name"] == "Müller-Łukasiewicz, Zoë"
    assert "Müller" in text  # UTF-8, not \u escapes
    assert data["players"][3]["notes"] == ["Forfeit in round 2 is not rated."]


def test_json_round_robin() -> None:
    data = json.loads(render_rating_json(round_robin_report()))
    assert data["round_robin"] == {"rar": 2300, "dpa": 29.5, "n": 3, "ra": 2278}
    unrated = next(p for p in data["players"] if p["rating"] is None)
    assert unrated["newcomer"]["ru_first"] == 2425 and unrated["newcomer"]["rc_new"] == 2300


def test_json_null_dates() -> None:
    report = attrs.evolve(swiss_report(), event=_event(start=None, end=None))
    data = rating_data(report)
    assert data["event"]["start"] is None and data["event"]["end"] is None


# --- CSV --------------------------------------------------------------------------


def _sections(text: str) -> tuple[list[list[str]], list[list[str]]]:
    players, games = text.split("\n\n")
    return list(csv.reader(io.StringIO(players))), list(csv.reader(io.StringIO(games)))


def test_csv_players_section() -> None:
    players, games = _sections(render_rating_csv(swiss_report()))
    assert players[0] == list(CSV_PLAYER_COLUMNS)
    assert ",".join(players[0]) == (
        "rank,start_rank,family_name,first_name,fide_id,federation,title,rating,score,n,rc,"
        "w,we,w_minus_we,k,k_assumed,change,new_rating,ru,performance,newcomer_publishable,notes"
    )
    rows = [dict(zip(players[0], r, strict=True)) for r in players[1:]]
    assert [r["start_rank"] for r in rows] == ["1", "3", "4", "2"]
    first, newcomer, rautio, mueller = rows
    assert first["family_name"] == "Vantreck" and first["first_name"] == "Oskar"
    assert (first["rc"], first["we"], first["w_minus_we"], first["change"]) == (
        "2100", "0.92", "0.08", "0.8",
    )  # fmt: skip
    assert first["k_assumed"] == "false" and first["newcomer_publishable"] == ""
    assert newcomer["rc"] == "2153.6667"  # 6461/3, four decimals
    assert newcomer["rating"] == "" and newcomer["ru"] == "2084"
    assert newcomer["newcomer_publishable"] == "false"
    assert rautio["score"] == "1.5"
    assert mueller["family_name"] == "Müller-Łukasiewicz" and mueller["first_name"] == "Zoë"
    assert mueller["change"] == "-3.2" and mueller["k_assumed"] == "true"
    assert "Forfeit in round 2 is not rated." in mueller["notes"]
    assert games[0] == list(CSV_GAME_COLUMNS)


def test_csv_games_section() -> None:
    games = list(csv.reader(io.StringIO(render_rating_csv_games(swiss_report()))))
    assert ",".join(games[0]) == (
        "start_rank,round,opponent,opponent_rating,colour,result,score,rated,reason,"
        "d,d_uncapped,capped,pd"
    )
    assert len(games) == 1 + 12
    by_key = {(r[0], r[1]): dict(zip(games[0], r, strict=True)) for r in games[1:]}
    capped = by_key[("1", "1")]
    assert (capped["d"], capped["d_uncapped"], capped["capped"], capped["pd"]) == (
        "400", "461", "true", "0.92",
    )  # fmt: skip
    bye = by_key[("1", "3")]
    assert bye["opponent"] == "" and bye["result"] == "H" and bye["rated"] == "false"
    assert by_key[("3", "1")]["score"] == "0.5"
    assert by_key[("2", "2")]["result"] == "+" and by_key[("2", "2")]["reason"] == "forfeit"
    # The combined file ends with exactly this section.
    assert render_rating_csv(swiss_report()).endswith(render_rating_csv_games(swiss_report()))


def test_csv_guards_formulas_in_names() -> None:
    p = attrs.evolve(swiss_report().players[0], name="=HYPERLINK(1), x")
    players, _ = _sections(render_rating_csv(attrs.evolve(swiss_report(), players=(p,))))
    assert players[1][2] == "'=HYPERLINK(1)"


# --- HTML -------------------------------------------------------------------------


def test_html_structure() -> None:
    html = render_rating_html(swiss_report())
    assert html.startswith("<!doctype html>")
    assert '<meta name="viewport"' in html and '<meta charset="utf-8">' in html
    assert "@page { size: A4 landscape; margin: 10mm; }" in html
    assert "@media print" in html and "@media (max-width: 700px)" in html
    assert "overflow-x: auto" in html
    assert "http://" not in html and "https://" not in html
    assert "<link" not in html and "@import" not in html and "src=" not in html
    assert html.count('<tbody class="player"') == 4
    # Column letters A-N under the names.
    letters = re.search(r'<tr class="letters">(.*?)</tr>', html, re.S)
    assert letters is not None
    cells = re.findall(r"<th[^>]*>([^<]*)</th>", letters.group(1))
    assert cells[:8] == list("ABCDEFGH") and cells[8:11] == ["I·J·K"] * 3
    assert cells[11:14] == ["L", "M", "N"]
    # Rank order, the capped rating, the assumed K, the details with PD.
    assert html.index("Vantreck") < html.index("Newcomer") < html.index("Rautio")
    assert "2100*</abbr>" in html
    assert ">40?</abbr>" in html
    assert html.count("<details>") == 4 and "+400*" in html and "0.92" in html
    assert "Newcomers: performance toward a first rating" in html
    assert "3 games: 5 are needed" in html
    assert "Games against unrated opponents do not count" in html


def test_html_escapes_names() -> None:
    evil = "<script>alert('x')</script>, <b>Bob</b>"
    p = attrs.evolve(swiss_report().players[0], name=evil, federation='"><img>')
    report = attrs.evolve(swiss_report(), players=(p, *swiss_report().players[1:]))
    html = render_rating_html(report)
    assert "<script>alert" not in html and "<b>Bob" not in html and '"><img>' not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    assert html.count("<script>") == 1  # the page's own sort script


def test_html_round_robin_and_many_rounds() -> None:
    html = render_rating_html(round_robin_report())
    assert "Round-Robin" in html and "Rar 2300.00" in html
    assert '<th class="num">Ru first</th>' in html
    many = render_rating_html(long_report(15))
    assert many.count('data-label="Rd ') == 2 * 15
    assert 'colspan="31"' in many


# --- Chromium: the page renders, on screen and on paper ------------------------------


def _chromium(args: list[str], tmp_path: Path) -> str:
    exe = shutil.which("chromium")
    if exe is None:
        pytest.skip("chromium not installed: HTML render test needs Debian's chromium package")
    cmd = [
        exe,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        *args,
    ]
    done = subprocess.run(cmd, check=True, timeout=60, capture_output=True, text=True)
    return done.stdout


def test_html_renders_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(render_rating_html(swiss_report()), encoding="utf-8")
    png = tmp_path / "report.png"
    _chromium([f"--screenshot={png}", "--window-size=1400,900", page.as_uri()], tmp_path)
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 10_000
    pdf = tmp_path / "report.pdf"
    _chromium([f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()], tmp_path)
    doc = pdf.read_bytes()
    assert doc.startswith(b"%PDF") and len(doc) > 5_000
    assert len(re.findall(rb"/Type\s*/Page\b", doc)) >= 1
    # What was printed, not only that something was: a blank page passes
    # the size tests above.
    pypdf = pytest.importorskip("pypdf", reason="pypdf (test extra) reads the printed text")
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    assert "Lakeside Spring Open 2025" in text
    for label in ("Family name", "Rating", "We", "K×(W−We)", "New"):
        assert label in text, label
    # Zoë's line ends 40? -3.20 2097 (worked in test_text_k_assumed_change_and_notes).
    assert re.search(r"Müller-Łukasiewicz Zoë .* 40\? -3\.20 2097", text.replace("\n", " "))


def test_html_sort_script_in_chromium(tmp_path: Path) -> None:
    # Click "Rating" twice (descending), then report the order in the title.
    probe = """<script>
    var b = document.querySelector('th[data-col="rating"] button'); b.click(); b.click();
    document.title = Array.prototype.map.call(document.querySelectorAll("tbody.player"),
      function (t) { return t.getAttribute("data-no"); }).join(",");
    </script></body>"""
    page = tmp_path / "sort.html"
    page.write_text(render_rating_html(swiss_report()).replace("</body>", probe), "utf-8")
    dom = _chromium(["--dump-dom", page.as_uri()], tmp_path)
    # 2561, 2100, 1800, then the unrated player last.
    assert "<title>1,2,4,3</title>" in dom


# --- the engine's reports -----------------------------------------------------------


def test_engine_report_renders_in_all_formats() -> None:
    import trfkit
    from trfkit.rating.engine import rate

    report = rate(trfkit.load(ROOT / "fixtures" / "swiss-trf16.trf"), rules="fide-2024")
    text = render_rating_text(report)
    assert "Okonkwo-Baird" in text and text.endswith("\n")
    render_rating_text(report, ascii=True).encode("ascii")
    data = json.loads(render_rating_json(report))
    assert data["schema"] == RATE_SCHEMA and len(data["players"]) == 15
    players, games = _sections(render_rating_csv(report))
    assert players[0] == list(CSV_PLAYER_COLUMNS) and len(players) == 1 + 15
    assert games[0] == list(CSV_GAME_COLUMNS) and len(games) == 1 + 15 * 5
    # Every row exactly as wide as its header.
    assert {len(r) for r in players} == {len(CSV_PLAYER_COLUMNS)}
    assert {len(r) for r in games} == {len(CSV_GAME_COLUMNS)}
    html = render_rating_html(report)
    assert html.count('<tbody class="player"') == 15 and "https://" not in html


def test_no_k_where_no_game_counts() -> None:
    # Form 3's K multiplies W - We: a player with no game that counts (an
    # event too fast for its field under fide-2009, every game unrated) has
    # no K on the form, and the legend does not explain a "20?" it never
    # shows. JSON keeps K as data.

    import trfkit
    from trfkit.rating.engine import rate
    from trfkit.report.rating import render_rating_json, render_rating_text

    fixture = ROOT / "fixtures" / "rating-rr10-unrated.trf"
    text = fixture.read_text(encoding="utf-8")
    # 60 + 30 gives 90 minutes for 60 moves; a 2600 in the field asks 120 (2009 §1.1).
    lines = [x for x in text.splitlines() if not x.startswith("122")]
    lines.insert(1, "122 60 min + 30 sec/move from move 1")
    report = rate(trfkit.loads("\n".join(lines) + "\n"), rules="fide-2009")
    assert report.players and all(p.n == 0 for p in report.players)
    out = render_rating_text(report)
    assert "K assumed" not in out
    rows = [x for x in out.splitlines() if x.startswith("Aldercott")]
    assert rows and "?" not in rows[0]
    assert json.loads(render_rating_json(report))["players"][0]["k"] is not None
