"""The teams' declared ranks (310, columns 69-71) judged by the declared
team tie-breaks: S120 (out of order) and S121 (not judged).

The event is the TEC exercise book's team Swiss (M. Held, *Exercises in
Tie-Breaking*, FIDE TEC 2024), re-keyed in ``tests/data/tec-team-swiss.trf``
(no ranks in its 310 lines); the ranks written into it here are the book's
EDE ranking (section 11, exercises 42-45): at 10 MP Deer, Bonobos,
Antelopes, Cougars, Elephants (ex. 45); at 7 MP Falcons before
Hippopotami (ex. 43); at 6 MP Giraffes, Iguanas and Moose not separated
(ex. 44); at 4 MP Koalas and Narwhals not separated (ex. 42).
"""

from __future__ import annotations

import trfkit
from tests.conftest import DATA
from trfkit.checks import validate

TEC = DATA / "tec-team-swiss.trf"

# Team number -> rank by MP, then EDE (the book's ranking above).
EDE_RANKS = {4: 1, 2: 2, 1: 3, 3: 4, 5: 5, 6: 6, 8: 7, 7: 8, 9: 9, 13: 10, 10: 11,
             11: 12, 14: 13, 12: 14}  # fmt: skip


def _event(tiebreaks: str | None, ranks: dict[int, int] | None = None) -> trfkit.Tournament:
    ranks = EDE_RANKS if ranks is None else ranks
    lines = []
    for line in TEC.read_text(encoding="utf-8").splitlines():
        if line.startswith("310") and int(line[4:7]) in ranks:
            line = f"{line[:68]}{ranks[int(line[4:7])]:>3}{line[71:]}"
        lines.append(line)
        if line.startswith("192") and tiebreaks is not None:
            lines.append(f"202 {tiebreaks}")
    return trfkit.loads("\n".join(lines) + "\n")


def _line_of(start: str, declared: bool = True) -> int:
    """The line of ``_event``'s text (its 202 right after 192) that starts so."""
    lines = TEC.read_text(encoding="utf-8").splitlines()
    if declared:
        at = next(i for i, line in enumerate(lines) if line.startswith("192"))
        lines.insert(at + 1, "202 X")
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


def _findings(t: trfkit.Tournament, tiebreaks: str | None = None) -> list[trfkit.Diagnostic]:
    return [d for d in validate(t, tiebreaks=tiebreaks) if d.code in ("S120", "S121")]


def test_the_books_ede_ranking_is_in_order() -> None:
    assert _findings(_event("EDE")) == []


def test_teams_ede_leaves_tied_may_be_in_any_order() -> None:
    # Ex. 44 and 42: EDE cannot separate Giraffes (7), Iguanas (9) and
    # Moose (13), nor Koalas (11) and Narwhals (14): any order of them is in order.
    ranks = {**EDE_RANKS, 13: 8, 7: 9, 9: 10, 14: 12, 11: 13}
    assert _findings(_event("EDE", ranks)) == []


def test_antelopes_above_bonobos_is_against_ede() -> None:
    # Ex. 45: Bonobos (2) get 5.5 GP in the second separate crosstable,
    # Antelopes (1) 5.0: Bonobos rank above Antelopes.
    ranks = {**EDE_RANKS, 1: 2, 2: 3}
    (d,) = _findings(_event("EDE", ranks))
    assert d.code == "S120"
    assert d.severity is trfkit.Severity.WARNING
    assert d.message.startswith(
        "team 2 Bonobos is ranked 3, below team 1 Antelopes (rank 2), both with 10.0 MP, "
        "but the declared tie-breaks (202: EDE; "
    )
    assert "(EDE: 2 against 3)" in d.message
    assert "teams in all" not in d.message
    assert (d.column, d.found, d.expected) == (69, "rank 3", "a rank above 2")
    assert d.line == next(
        n for n, line in enumerate(TEC.read_text().splitlines(), 2) if line.startswith("310   2")
    )


def test_two_pairs_out_of_order_are_one_finding_counting_both() -> None:
    # Ex. 43: Falcons (6) beat Hippopotami (8): Hippopotami above them is
    # against EDE, as is Elephants (5) above Cougars (3) (ex. 45).
    ranks = {**EDE_RANKS, 8: 6, 6: 7, 5: 4, 3: 5}
    (d,) = _findings(_event("EDE", ranks))
    assert d.message.startswith("team 3 Cougars is ranked 5, below team 5 Elephants (rank 4)")
    assert d.message.endswith("; 2 teams in all are ranked against the tie-breaks")


def test_the_secondary_score_ranks_the_tied_teams_by_game_points() -> None:
    # MPvGP on the book's EDE ranks: Antelopes (17.5 GP, rank 3) and
    # Elephants (18, rank 5) below Deer (17, rank 1); Hippopotami (15)
    # below Falcons (12.5); Iguanas (14.5) below Giraffes (11.5): four
    # teams, the first pair the one under the best-ranked team.
    (d,) = _findings(_event("MPvGP"))
    assert d.message.startswith("team 1 Antelopes is ranked 3, below team 4 Deer (rank 1)")
    assert "(MPvGP: 17.5 against 17.0); 4 teams in all are ranked against" in d.message


def test_tiebreaks_given_on_the_command_line_replace_the_files() -> None:
    t = _event(None)
    assert [d.code for d in _findings(t)] == []  # nothing declared: nothing judged
    assert _findings(t, "EDE") == []
    (d,) = _findings(t, "MPvGP")
    assert "the given tie-breaks (--tiebreaks: MPvGP; " in d.message


def test_a_tiebreak_not_computed_for_teams_says_the_ranks_are_not_judged() -> None:
    (d,) = _findings(_event("EDE,BC", {**EDE_RANKS, 1: 2, 2: 3}))
    assert d.code == "S121"
    assert d.severity is trfkit.Severity.INFO
    assert d.message.startswith(
        "the teams' declared ranks (310) are not judged: BC (202) is not computed for teams here"
    )
    assert d.found == "BC"
    assert (d.line, d.column) == (_line_of("202 "), 5)  # the record naming it
    # Given on the command line: on the first team's rank (310, columns 69-71).
    (g,) = _findings(_event(None), "BC")
    assert (g.code, g.line, g.column) == ("S121", _line_of("310   1", declared=False), 69)
    assert "BC (--tiebreaks) is not computed" in g.message


def test_no_ranks_or_013_teams_are_not_judged() -> None:
    # The fixture as it is: its 310 lines give no rank.
    assert _findings(trfkit.loads(TEC.read_text().replace("192 ", "202 EDE\n192 ", 1))) == []
    # One team without a rank: the ranks are not judged.
    ranks = {k: v for k, v in EDE_RANKS.items() if k != 14}
    assert _findings(_event("MPvGP", ranks)) == []
