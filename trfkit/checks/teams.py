"""Checks on the team records of a team event (TRF16 013, TRF-2026 310)
against the players and their games: S123 (members), S124 (the teams'
declared match and game points), S125 (board games that fit no match),
S126 (a team's round given two ways)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING

from trfkit import _examples as ex
from trfkit.checks._util import cell_column, diag, first_named, line_of, one_or_each
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import Bye, ForfeitedMatch, Player, Result, Team, TeamBye, Tournament

if TYPE_CHECKING:
    from trfkit.tiebreaks.team import TeamMatches

__all__ = ["team_members", "team_pairings", "team_points", "team_rounds"]


def _members_at(name: str) -> tuple[int, int]:
    rep = layout(name).repeat
    assert rep is not None
    return rep.first, rep.stride


# The first member's column and the stride, from the column table (TRF16
# §2.4: 013 members from column 37; TRF26 §3.7: 310 from 74; 5 columns each).
_MEMBERS = {"013": _members_at("team_013"), "310": _members_at("team_310")}
_BYE_NAMES = {"F": "a full-point bye", "H": "a half-point bye", "Z": "a zero-point bye"}
# Games played over the board (a forfeit, with or without an opponent, was not).
_OVER_THE_BOARD = frozenset(
    {
        Result.WIN,
        Result.DRAW,
        Result.LOSS,
        Result.UNPLAYED_WIN,
        Result.UNPLAYED_DRAW,
        Result.UNPLAYED_LOSS,
    }
)
# TRF26 §3.7: 310 match points in columns 55-60, game points in 62-67.
_310 = {f.name: f.first for f in layout("team_310").fields}
_MATCH_POINTS, _GAME_POINTS = _310["match_points"], _310["game_points"]


def _teams(t: Tournament) -> list[Team]:
    # One rule, one place: the teams the standings read (310, else 013).
    from trfkit.tiebreaks.team import event_teams

    return event_teams(t)


def _label(team: Team, number: int) -> str:
    return f"team {number} {team.name.strip()}".rstrip()


def _line(team: Team) -> int:
    return team.origin.line if team.origin is not None else 0


@check(
    Code(
        "S123",
        "structure.team-members",
        Severity.ERROR,
        "The team records (013, or 310 where a file has both) do not fit the players: "
        "a member that is no player of the file (no 001 with that starting rank), a "
        "player named in two teams or twice in one, or, in a team event, a player with "
        "games who is in no team. A member no team can have is in no match, and the "
        "games of a player in no team count in no team's match. One finding per team "
        "record for its unknown members, one per player named twice, one for the file "
        "for the players in no team.",
        "TRF16 §2.4 (013); TRF26 §3.7 (310: members as starting ranks)",
        ex.lines(
            *ex.HEAD,
            *ex.TEAM_MATCH[1:],
            *ex.teams(1, 4, 2, 3)[:3],
            ex.teams(1, 4, 2, 3)[3] + "    9",
        ),
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.teams(1, 4, 2, 3)),
        "List each team's players by their starting ranks (001 columns 5-8), each "
        "player in one team.",
        plain="team members that do not fit the players",
    ),
)
def team_members(context: Context) -> Iterator[Diagnostic]:
    """S123: the team records do not fit the players: a member that is no
    player of the file, a player named in two teams (or twice in one), or a
    player with games who is in no team (TRF16 §2.4, TRF26 §3.7: a team's
    members are the starting ranks of its players). Each is left out of
    every match (the standings read a player in the first team that names
    him), so the check says so rather than the standings passing over it."""
    t = context.tournament
    if not t.teams:
        return
    teams = _teams(t)
    players = {p.start_rank: p for p in t.players}
    first_team: dict[int, int] = {}
    for ti, team in enumerate(teams):
        number = _number(teams, ti)
        start, stride = _MEMBERS.get(team.code, (0, 0))
        unknown: list[tuple[int, int]] = []
        for k, member in enumerate(team.members):
            if not member:
                continue  # a blank slot (0 as TEC's sample writes an empty board in 300)
            column = start + stride * k
            if member not in players:
                unknown.append((member, column))
                continue
            if member in first_team:
                other = first_team[member]
                where = (
                    "twice in this team"
                    if other == ti
                    else (f"in {_label(teams[other], _number(teams, other))} as well")
                )
                yield diag(
                    "S123",
                    _line(team),
                    column,
                    f"{_label(team, number)} names player {member} "
                    f"{players[member].name.strip()}, who is {where}: a player plays for one "
                    "team; his games count in the first team's matches only",
                    found=str(member),
                    expected="each player in one team",
                )
                continue
            first_team[member] = ti
        if unknown:
            members = ", ".join(str(m) for m, _ in unknown)
            yield diag(
                "S123",
                _line(team),
                unknown[0][1],
                f"{_label(team, number)} names member(s) {members} that are no player of "
                "the file (no 001 with that starting rank): they are in none of its matches",
                found=members,
                expected="the starting ranks of players (001 columns 5-8)",
            )
    alone = [p for p in t.players if p.start_rank not in first_team and _has_games(p)]
    if alone:
        labels = (f"{p.start_rank} {p.name.strip()}".rstrip() for p in alone)
        yield diag(
            "S123",
            line_of(alone[0]),
            5,
            f"{len(alone)} player(s) with games are in no team: {first_named(labels, len(alone))}; "
            "their games count in no team's match",
            found=", ".join(str(p.start_rank) for p in alone),
            expected="every player of a team event in a team (013 or 310)",
        )


def _number(teams: list[Team], index: int) -> int:
    from trfkit.tiebreaks.team import team_number

    return team_number(teams[index], index)


def _has_games(p: Player) -> bool:
    return any(g.opponent is not None for g in p.games)


@check(
    Code(
        "S124",
        "structure.team-points",
        Severity.WARNING,
        "A team's match points or game points in its 310 record (columns 55-60, "
        "62-67) differ from those its matches give: the boards' results under 162, "
        "the matches under 362 (else 2/1/0), the team records 240, 299, 320, 330 "
        "read as trfkit standings reads them. One finding per team, or one for the "
        "file when more than ten teams differ (a convention of the writer, or a 299 "
        "record the totals leave out).",
        "TRF26 §3.7 (310 match and game points), 162, 362",
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.team_points(("2", "2.0"), ("1", "0.0"))),
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.teams(1, 4, 2, 3)),
        "Correct the team's totals in 310, or the board results or team records "
        "that give them (trfkit standings FILE shows each team's rounds).",
        plain="team points that do not add up",
        page_fix="Correct the team's totals in 310 (the Standings tab shows each match).",
    ),
)
def team_points(context: Context) -> Iterator[Diagnostic]:
    """S124: 310's match points or game points differ from what the team's
    matches give, read as the standings read them
    (:func:`trfkit.tiebreaks.team.team_matches`). One finding per team, one
    for the file when more than ten differ (``one_or_each``)."""
    t = context.tournament
    teams = [x for x in t.teams if x.code == "310"]
    if not any(x.match_points is not None or x.game_points is not None for x in teams):
        return
    from trfkit.tiebreaks.standings import value_text
    from trfkit.tiebreaks.team import team_matches

    m = team_matches(t)
    Wrong = list[tuple[str, Decimal, Decimal]]
    differ: list[tuple[Team, int, Wrong, int]] = []
    for team, number, mp, gp in zip(teams, m.numbers, m.match_points, m.game_points, strict=True):
        wrong: Wrong = [
            (name, declared, given)
            for name, declared, given in (
                ("match points", team.match_points, mp),
                ("game points", team.game_points, gp),
            )
            if declared is not None and declared != given
        ]
        if wrong:
            column = _MATCH_POINTS if wrong[0][0] == "match points" else _GAME_POINTS
            differ.append((team, number, wrong, column))

    def said(w: Wrong) -> str:
        declared = " and ".join(f"{value_text(d)} {name}" for name, d, _ in w)
        given = " and ".join(f"{value_text(g)}" for _, _, g in w)
        return f"{declared}; the results give {given}"

    def each(x: tuple[Team, int, Wrong, int]) -> Diagnostic:
        team, number, wrong, column = x
        return diag(
            "S124",
            _line(team),
            column,
            f"{_label(team, number)}: 310 declares {said(wrong)} (trfkit standings FILE "
            "shows its rounds)",
            found=", ".join(value_text(d) for _, d, _ in wrong),
            expected=", ".join(value_text(g) for _, _, g in wrong),
        )

    def one() -> Diagnostic:
        team, _, _, column = differ[0]
        labels = (f"{_label(x[0], x[1])} ({said(x[2])})" for x in differ)
        return diag(
            "S124",
            _line(team),
            column,
            f"{len(differ)} of {len(teams)} teams declare (310) match or game points their "
            f"results do not give: {first_named(labels, len(differ))}; a convention of the "
            "file's writer, or a team record (240, 299, 320, 330) its totals leave out "
            "(trfkit standings FILE shows each team's rounds)",
            found=f"{len(differ)} teams",
            expected="310 totals as the results give them",
        )

    yield from one_or_each(differ, each, one)


@check(
    Code(
        "S125",
        "structure.team-pairing",
        Severity.ERROR,
        "In a team event, a board game that fits no match: two players of one team "
        "paired with each other, or players of two teams that are not each other's "
        "opponents in that round (a team's opponent is the team its members met on "
        "the most boards, else the one 300 or 330 names; a team with a bye has "
        "none). Such a game counts in neither team's match. One finding per game, "
        "one for the file when more than ten.",
        "TRF26 §3.7 (310, 300, 330); TRF16 §2.4 (013)",
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.team_members((1, 3), (2, 4), (5, 6), (7, 8))),
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.teams(1, 4, 2, 3)),
        "Correct the board's opponents (001), or the teams' members (310/013).",
        plain="a board game that fits no match",
    ),
)
def team_pairings(context: Context) -> Iterator[Diagnostic]:
    """S125: board games that fit no match: two players of one team paired
    with each other, or players of teams that are not each other's
    opponents in the round, as the standings read the matches
    (:func:`trfkit.tiebreaks.team.team_matches`). Such a game counts in
    neither match. Said once per game, on the lower starting rank's cell."""
    t = context.tournament
    if not t.teams:
        return
    from trfkit.tiebreaks.team import player_teams, team_matches

    team_of = player_teams(t)
    if not team_of:
        return
    m = team_matches(t)
    teams = _teams(t)
    found: list[tuple[Player, int, int, str]] = []
    for p in t.players:
        a = team_of.get(p.start_rank)
        if a is None:
            continue  # S123: a player in no team
        for r, g in enumerate(p.games, start=1):
            q = g.opponent
            if q is None or q <= p.start_rank or q not in team_of:
                continue
            b = team_of[q]
            if a == b:
                why = f"both of {_label(teams[a], m.numbers[a])}"
            else:
                ours, theirs = m.rounds[a][r - 1].opponent, m.rounds[b][r - 1].opponent
                if ours == b and theirs == a:
                    continue
                why = (
                    f"{_label(teams[a], m.numbers[a])} ({_match(m, a, r)}) against "
                    f"{_label(teams[b], m.numbers[b])} ({_match(m, b, r)})"
                )
            found.append((p, r, q, why))

    def each(x: tuple[Player, int, int, str]) -> Diagnostic:
        p, r, q, why = x
        return diag(
            "S125",
            line_of(p),
            cell_column(r, "opponent"),
            f"round {r}: player {p.start_rank} played player {q}, {why}: the game counts in "
            "no team's match",
            found=str(q),
            expected="an opponent of the team his team meets in that round",
        )

    def one() -> Diagnostic:
        first, round_no = found[0][0], found[0][1]
        games = (f"round {r}: {p.start_rank}-{q}" for p, r, q, _ in found)
        return diag(
            "S125",
            line_of(first),
            cell_column(round_no, "opponent"),
            f"{len(found)} board games fit no team's match (players of one team, or of teams "
            f"not paired with each other): {first_named(games, len(found))}",
            found=f"{len(found)} games",
            expected="each game between the two teams of one match",
        )

    yield from one_or_each(found, each, one)


def _match(m: TeamMatches, team: int, r: int) -> str:
    """``its match is against team 4`` / ``it has a bye``: a team's round as read."""
    opponent = m.rounds[team][r - 1].opponent
    if opponent < 0:
        return "which has no match in that round"
    return f"whose match is against team {m.numbers[opponent]}"


@check(
    Code(
        "S126",
        "structure.team-round-twice",
        Severity.ERROR,
        "A team's round given two ways: a bye (240 F, H or Z; 320's pairing-allocated "
        "bye) and a match (its members' games over the board, or a 330 forfeited "
        "match), or two of them. The standings read one (330, then 320, then the "
        "games, then 240) and leave the other out. One finding per team and round, "
        "one for the file when more than ten.",
        "TRF26 §3.6 (240), §3.7 (320, 330)",
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.teams(1, 4, 2, 3), "240 H   1    1"),
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH[1:], *ex.teams(1, 4, 2, 3)),
        "Keep the one the team had: remove the bye record, or the team from the "
        "record that names it wrongly.",
        plain="a team's round given two ways",
    ),
)
def team_rounds(context: Context) -> Iterator[Diagnostic]:
    """S126: a team's round given two ways: a bye (240 F/H/Z, 320's
    pairing-allocated bye) and a match (its members' games, or a 330
    forfeited match), or two of them. The standings read one of them (330,
    then 320, then the games, then 240: :func:`trfkit.tiebreaks.team.team_matches`)
    and leave the other out. One finding per team and round, on the record
    read last."""
    t = context.tournament
    if not t.teams:
        return
    from trfkit.tiebreaks.team import player_teams

    teams = _teams(t)
    numbers = [_number(teams, i) for i in range(len(teams))]
    known = set(numbers)
    # (round, team number) -> [(what, line, column)], in the order read.
    given: dict[tuple[int, int], list[tuple[str, int, int]]] = {}

    def add(r: int | None, team: int | None, what: str, line: int, column: int) -> None:
        if r is not None and team in known:
            assert team is not None
            said = given.setdefault((r, team), [])
            if not said or said[-1][0] != what:
                said.append((what, line, column))

    for fm in t.records_of(ForfeitedMatch):
        line = fm.origin.line if fm.origin else 0
        # TRF26 §3.7: 330 round 8-10, White team 12-14, Black team 16-18.
        add(fm.round, fm.white_team, "a forfeited match (330)", line, 12)
        add(fm.round, fm.black_team, "a forfeited match (330)", line, 16)
    for tb in t.records_of(TeamBye):
        line = tb.origin.line if tb.origin else 0
        for r, number in enumerate(tb.teams, start=1):
            # TRF26 §3.7: 320's team of round r at 15 + 4(r - 1).
            add(r, number, "the pairing-allocated bye (320)", line, 15 + 4 * (r - 1))
    team_of = player_teams(t)
    for p in t.players:
        a = team_of.get(p.start_rank)
        if a is None:
            continue
        for r, g in enumerate(p.games, start=1):
            over_the_board = g.result in _OVER_THE_BOARD
            if over_the_board and g.opponent is not None and team_of.get(g.opponent, a) != a:
                add(r, numbers[a], "games over the board", line_of(p), cell_column(r, "opponent"))
    for bye in t.records_of(Bye):
        line = bye.origin.line if bye.origin else 0
        kind = bye.bye_type.strip().upper()
        for k, number in enumerate(bye.ids):
            # TRF26 §3.6: 240's ids from column 11, five columns each.
            add(
                bye.round, number, f"{_BYE_NAMES.get(kind, 'a bye')} (240 {kind})", line, 11 + 5 * k
            )
    found = [(r, team, said) for (r, team), said in sorted(given.items()) if len(said) > 1]

    def each(x: tuple[int, int, list[tuple[str, int, int]]]) -> Diagnostic:
        r, number, said = x
        team = teams[numbers.index(number)]
        _, line, column = said[-1]
        return diag(
            "S126",
            line,
            column,
            f"round {r}: {_label(team, number)} has "
            + " and ".join(what for what, _, _ in said)
            + f"; the standings read {said[0][0]}",
            found=", ".join(what for what, _, _ in said),
            expected="one bye or one match a team and round",
        )

    def one() -> Diagnostic:
        _, line, column = found[0][2][-1]
        labels = (f"round {r}: team {number}" for r, number, _ in found)
        return diag(
            "S126",
            line,
            column,
            f"{len(found)} team rounds are given two ways (a bye and a match, or two of "
            f"them): {first_named(labels, len(found))}",
            found=f"{len(found)} team rounds",
            expected="one bye or one match a team and round",
        )

    yield from one_or_each(found, each, one)
