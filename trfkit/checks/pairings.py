"""Checks of the round cells against each other (TRF16 §2.2-2.3).

A game is written twice, once on each player's line: the opponents must
name each other in the same round, with opposite colours and complementary
results. Byes have no opponent and no colour.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from functools import lru_cache
from itertools import accumulate, compress
from operator import itemgetter, methodcaller

from trfkit import _examples as ex
from trfkit.checks._index import COMPLEMENT
from trfkit.checks._util import cell_column, diag, line_of, unreadable_fields
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event, TournamentType
from trfkit.model import COLOUR_OF, RESULT_OF, Cells, Colour, Game, Player, Result, Tournament
from trfkit.scoring import scoring_of

R = Result
_BYE_CODES = frozenset(
    {R.HALF_POINT_BYE, R.FULL_POINT_BYE, R.PAIRING_ALLOCATED_BYE, R.ZERO_POINT_BYE}
)
_FORFEITS = frozenset({R.FORFEIT_WIN, R.FORFEIT_LOSS})
_LEGACY_BYES = {R.DRAW: "H", R.FORFEIT_WIN: "F"}
# 1 and 0 with no opponent are R502 (a rated result with no game); = is the
# TRF06 half-point bye (_LEGACY_BYES).
_NEEDS_OPPONENT = frozenset({R.UNPLAYED_WIN, R.UNPLAYED_DRAW, R.UNPLAYED_LOSS})


def misnumbered(
    t: Tournament, by_rank: dict[int, Player], one_sided: list[tuple[Player, int, Game]]
) -> dict[int, tuple[Player, int, dict[int, Player]]]:
    """Lines whose starting rank was mistyped: by ``id`` of the player, the
    player, the rank his opponents call him, and his opponent in each of
    those rounds (from the pairing index's ``by_rank`` and ``one_sided``).

    A line whose every game is one-sided, each opponent naming the same
    number in its place, a number no line has, is one typo in columns 5-8
    (2 written 1, 15 written 16), not a fault in each of its rounds and in
    each opponent's: S101 on his line and S109 on theirs would report it
    once a round, twice over.
    """
    if not one_sided:
        return {}
    called: dict[int, list[tuple[int, Player, int | None]]] = {}
    for p, r, g in one_sided:
        q = by_rank.get(g.opponent) if g.opponent is not None else None
        if q is None:
            continue
        theirs = q.games[r - 1].opponent if len(q.games) >= r else None
        called.setdefault(id(p), []).append((r, q, theirs))
    found: dict[int, tuple[Player, int, dict[int, Player]]] = {}
    for p in t.players:
        cells = called.get(id(p))
        if not cells or len(cells) < 2:
            continue
        names = {y for _, _, y in cells}
        if len(names) != 1:
            continue
        (y,) = names
        games = sum(1 for g in p.games if g.opponent is not None)
        if y is None or y in by_rank or games != len(cells):
            continue
        found[id(p)] = (p, y, {r: q for r, q, _ in cells})
    return found


@check(
    Code(
        "S109",
        "structure.unknown-opponent",
        Severity.ERROR,
        "A round names an opponent number that is no player of the file, or the "
        "player himself. A line whose every opponent names it by one number that no "
        "line has is one finding, on its starting rank (columns 5-8): that number "
        "was mistyped, not each round.",
        "TRF16 §2.2 (opponent: a starting rank)",
        ex.lines(
            *ex.HEAD,
            ex.pl(1, "Novak, Jan", 14600012, "1.0", "   9 w 1"),
            ex.pl(2, "Horvat, Eva", 14600020, "1.0", "0000 - U"),
        ),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Use the opponent's starting rank.",
        plain="an opponent who is no player of the file",
    ),
)
def opponents_exist(context: Context) -> Iterator[Diagnostic]:
    """S109: an opponent number that is no player, or a player paired with
    himself; a line whose opponents all call it by a number no line has
    (its starting rank mistyped) is one finding on its starting rank."""
    t = context.tournament
    ix = context.pairings
    players = ix.by_rank
    renumbered = misnumbered(t, ix.by_rank, ix.one_sided)
    # The opponents' cells that name the mistyped line by its right number.
    calling = {(id(q), r): y for _, y, met in renumbered.values() for r, q in met.items()}
    for p, y, met in renumbered.values():
        listed = ", ".join(map(str, met))
        yield diag(
            "S109",
            line_of(p),
            5,
            f"the opponents of player {p.start_rank} (rounds {listed}) name the player {y}, a "
            f"starting rank no line has: the starting rank was mistyped",
            found=str(p.start_rank),
            expected=str(y),
        )
    for p, r, g in ix.one_sided:
        if id(p) in renumbered:
            continue
        if g.opponent == p.start_rank:
            yield diag(
                "S109",
                line_of(p),
                cell_column(r, "opponent"),
                f"round {r}: player {p.start_rank} is paired with himself",
                found=str(g.opponent),
                expected="another player's starting rank",
            )
        elif g.opponent not in players and calling.get((id(p), r)) != g.opponent:
            yield diag(
                "S109",
                line_of(p),
                cell_column(r, "opponent"),
                f"round {r}: opponent {g.opponent} is no player of this file",
                found=str(g.opponent),
                expected=f"a starting rank from 1 to {max(players, default=0)}",
            )


@check(
    Code(
        "S101",
        "structure.pairing-not-mutual",
        Severity.ERROR,
        "A player names an opponent in a round, but that opponent does not name "
        "him in the same round.",
        "TRF16 §2.2 (round blocks: the scheduled opponent)",
        ex.lines(*ex.HEAD, ex.A, ex.pl(2, "Horvat, Eva", 14600020, "1.0", "0000 - U")),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Write the game on both players' lines, in the same round.",
        plain="a game written on one player's line only",
    ),
)
def mutual_pairings(context: Context) -> Iterator[Diagnostic]:
    """S101: A names B as opponent in round r, but B does not name A."""
    t = context.tournament
    ix = context.pairings
    unreadable = unreadable_fields(t) if ix.one_sided else frozenset()
    renumbered = misnumbered(t, ix.by_rank, ix.one_sided)
    for p, r, g in ix.one_sided:
        q = ix.by_rank.get(g.opponent) if g.opponent is not None else None
        if q is None or q is p or id(p) in renumbered:
            continue  # S109
        if (line_of(q), cell_column(r, "opponent")) in unreadable:
            continue  # B's opponent could not be read: P002 says so
        theirs = q.games[r - 1] if len(q.games) >= r else None
        what = (
            f"has no round {r}"
            if theirs is None
            else "has a bye"
            if theirs.opponent is None
            else f"names {theirs.opponent}"
        )
        yield diag(
            "S101",
            line_of(p),
            cell_column(r, "opponent"),
            f"round {r}: player {p.start_rank} names {g.opponent} as opponent, but player "
            f"{g.opponent} (line {line_of(q)}) {what} in that round",
            found=f"{g.opponent} {what}",
            expected=f"player {g.opponent} naming {p.start_rank} in round {r}",
        )


@check(
    Code(
        "S110",
        "structure.two-games-in-a-round",
        Severity.ERROR,
        "Two players name the same opponent in one round: he would play two games.",
        "TRF16 §2.2 (one scheduled opponent per round)",
        ex.lines(*ex.HEAD, ex.A, ex.B, ex.pl(3, "Zupan, Ana", 14600039, "1.0", "   2 w 1")),
        ex.lines(*ex.HEAD, ex.A, ex.B, ex.C_BYE),
        "Correct the opponent of one of the two players.",
        plain="a player with two games in one round",
    ),
)
def one_game_per_round(context: Context) -> Iterator[Diagnostic]:
    """S110: a player named as opponent by two players in one round."""
    t = context.tournament
    ix = context.pairings
    # Two players naming the same opponent cannot both be named back, so
    # with every pairing mutual there is nothing to look for.
    if not ix.one_sided:
        return
    for r in range(1, ix.rounds + 1):
        named: dict[int, Player] = {}
        for p in t.players:
            if len(p.games) < r:
                continue
            o = p.games[r - 1].opponent
            if o is None:
                continue
            if o in named:
                first, second = named[o], p
                # On the line of the claim the opponent does not confirm:
                # when he names the later line back, the earlier one is wrong.
                q = ix.by_rank.get(o)
                if (
                    q is not None
                    and q is not p
                    and len(q.games) >= r
                    and q.games[r - 1].opponent == p.start_rank
                ):
                    first, second = p, named[o]
                yield diag(
                    "S110",
                    line_of(second),
                    cell_column(r, "opponent"),
                    f"round {r}: player {o} is the opponent of player {first.start_rank} "
                    f"(line {line_of(first)}) and of player {second.start_rank}",
                    found=str(o),
                    expected="one game per player and round",
                )
            else:
                named[o] = p


@check(
    Code(
        "S102",
        "structure.colours",
        Severity.ERROR,
        "The two sides of a game do not have opposite colours (both w, both b, or "
        "one -), or a round with no opponent has a colour.",
        "TRF16 §2.2 (colour w/b of the scheduled game; - for a bye)",
        ex.lines(*ex.HEAD, ex.A, ex.pl(2, "Horvat, Eva", 14600020, "0.0", "   1 w 0")),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Give one player w and the other b; write - on byes.",
        plain="both players of a game with the same colour",
    ),
)
def colours(context: Context) -> Iterator[Diagnostic]:
    """S102: the two sides of a game not with opposite colours; a colour on a bye."""
    t = context.tournament
    ix = context.pairings
    unreadable = unreadable_fields(t)
    for p, r, g in ix.byes:
        if g.colour is not Colour.NONE:
            if (line_of(p), cell_column(r, "opponent")) in unreadable:
                continue  # an opponent the reader could not read (P002), not a bye
            yield diag(
                "S102",
                line_of(p),
                cell_column(r, "colour"),
                f"round {r}: colour {g.colour.value!r} on a round with no opponent",
                found=g.colour.value,
                expected="- (no colour) when there is no opponent",
            )
    # A colour the reader could not read ('x', 'W') is its P002 error, and
    # the model holds it as '-': a clash read from it would misquote the
    # file and report the one fault twice.
    for p, r, g, q, h in ix.clashes:
        column = cell_column(r, "colour")
        if (line_of(p), column) in unreadable or (line_of(q), column) in unreadable:
            continue
        forfeit = g.result in _FORFEITS and h.result in _FORFEITS
        if forfeit and g.colour is Colour.NONE and h.colour is Colour.NONE:
            if t.teams:
                continue  # TRF26 §3.3: board forfeits in team events may carry "-"
            yield diag(
                "S102",
                line_of(p),
                cell_column(r, "colour"),
                f"round {r}: the forfeit between players {p.start_rank} and {q.start_rank} "
                f"(line {line_of(q)}) has no colours; TRF16 writes forfeits with the "
                "scheduled colours",
                found="- / -",
                expected="w / b or b / w",
                severity=Severity.WARNING,
            )
        else:
            yield diag(
                "S102",
                line_of(p),
                cell_column(r, "colour"),
                f"round {r}: players {p.start_rank} and {q.start_rank} (line {line_of(q)}) have "
                f"colours {g.colour.value!r} and {h.colour.value!r}",
                found=f"{g.colour.value} / {h.colour.value}",
                expected="w / b or b / w",
            )


@check(
    Code(
        "S103",
        "structure.results",
        Severity.ERROR,
        "The two results of a game do not fit each other: 1/0, =/=, +/-, -/- "
        "(double forfeit), W/L or D/D.",
        "TRF16 §2.3 (result codes)",
        ex.lines(*ex.HEAD, ex.A, ex.pl(2, "Horvat, Eva", 14600020, "1.0", "   1 b 1")),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Correct the result on one of the two lines.",
        plain="the two results of a game do not fit",
    ),
)
def complementary_results(context: Context) -> Iterator[Diagnostic]:
    """S103: the two results of a game do not fit (1/0, =/=, +/-, -/-, W/L, D/D)."""
    for p, r, g, q, h in context.pairings.misfits:
        if g.result is None or h.result is None:
            continue  # an unreadable code, reported by the reader (P002)
        if h.result not in COMPLEMENT.get(g.result, frozenset()):
            yield diag(
                "S103",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: player {p.start_rank} has {g.result.value!r} and player "
                f"{q.start_rank} (line {line_of(q)}) has {h.result.value!r}",
                found=f"{g.result.value} / {h.result.value}",
                expected="1/0, =/=, +/-, -/-, W/L or D/D",
            )


@check(
    Code(
        "S111",
        "structure.bye-coding",
        Severity.ERROR,
        "Bye coding: a bye code (H F U Z) with an opponent, a game result with no "
        "opponent, more than one pairing-allocated bye (U) in a round (the U of the "
        "members of one team, the team's bye, count once: a second team with a bye is "
        "said once per team), or (warning) F where the pairing-allocated bye is meant, "
        "or members with U whose team plays a match in that round (once per team).",
        "TRF16 §2.3 (U: at most once per round; F deprecated for the PAB)",
        ex.lines(
            *ex.HEAD,
            ex.A,
            ex.B,
            ex.C_BYE,
            ex.pl(4, "Kos, Rok", 14600047, "1.0", "0000 - U", place=2),
        ),
        ex.lines(*ex.HEAD, ex.A, ex.B, ex.C_BYE),
        "Write byes as 0000 - H/F/U/Z and games with the opponent's number.",
        plain="a bye written wrongly",
    ),
)
def bye_coding(context: Context) -> Iterator[Diagnostic]:
    """S111: bye codes with an opponent, games without one, two U in a round, F for U.

    In a team event the U of a round are read by team: the members of the
    team with the round's pairing-allocated bye (320, else the first team
    whose round has no match) have one U each, and that is one bye; a second
    team with a bye, or members with U whose team plays a match in that
    round, are said once per team and round.
    """
    t = context.tournament
    ix = context.pairings

    def team_byes(pab: dict[int, list[Player]]) -> Iterator[Diagnostic]:
        # Imported here: the team records are read as the standings read
        # them (one rule, one place), and that package imports the checks.
        from trfkit.model import TeamBye
        from trfkit.tiebreaks.team import event_teams, player_teams, team_matches

        if not pab:
            return
        team_of = player_teams(t)
        teams = event_teams(t)
        matches = team_matches(t)
        numbers = matches.numbers
        declared: dict[int, tuple[int, int]] = {}  # round -> (team index, line of 320)
        for tb in t.records_of(TeamBye):
            for rn, number in enumerate(tb.teams, start=1):
                if number and number in numbers:
                    declared[rn] = (numbers.index(number), tb.origin.line if tb.origin else 0)
        place = {id(p): i for i, p in enumerate(t.players)}
        for r, players in sorted(pab.items()):
            players.sort(key=lambda p: place[id(p)])
            by_team: dict[int, list[Player]] = {}
            alone: list[Player] = []
            for p in players:
                ti = team_of.get(p.start_rank)
                if ti is None:
                    alone.append(p)
                else:
                    by_team.setdefault(ti, []).append(p)
            bye_teams = []
            for ti, members in by_team.items():
                x = matches.rounds[ti][r - 1]
                if x.opponent < 0:
                    bye_teams.append(ti)
                    continue
                # The team plays (or forfeits) a match: a member left out of
                # its line-up has no bye of his own. The match is read from
                # the boards, so the team's result stands; the cells do not.
                ranks = [m.start_rank for m in members]
                who = (
                    f"player {ranks[0]}"
                    if len(ranks) == 1
                    else f"players {', '.join(map(str, ranks[:-1]))} and {ranks[-1]}"
                )
                label = f"team {numbers[ti]} {teams[ti].name.strip()}".rstrip()
                yield diag(
                    "S111",
                    line_of(members[0]),
                    cell_column(r, "result"),
                    f"round {r}: {who} of {label} {'has' if len(ranks) == 1 else 'have'} a "
                    f"pairing-allocated bye (U), but the team plays team "
                    f"{numbers[x.opponent]} in that round: a team's bye is the whole "
                    "team's, and a member left out of a match is written 0000 - Z",
                    found=f"U ×{len(ranks)}" if len(ranks) > 1 else "U",
                    expected="0000 - Z for a member not in the line-up",
                    severity=Severity.WARNING,
                )
            first = declared.get(r)
            if first is not None:
                holder, where = first[0], f"320, line {first[1]}"
            elif bye_teams:
                holder = bye_teams[0]
                where = f"U from line {line_of(by_team[holder][0])}"
            else:
                holder, where = -1, ""
            for ti in bye_teams:
                if ti == holder:
                    continue
                members = by_team[ti]
                label = f"team {numbers[ti]} {teams[ti].name.strip()}".rstrip()
                other = f"team {numbers[holder]} {teams[holder].name.strip()}".rstrip()
                yield diag(
                    "S111",
                    line_of(members[0]),
                    cell_column(r, "result"),
                    f"round {r}: a second pairing-allocated bye: {label} has U on its "
                    f"members' lines and no match, and {other} has the round's bye already "
                    f"({where})",
                    found="U",
                    expected="at most one pairing-allocated bye per round",
                )
            for p in alone:
                if p is players[0]:
                    continue
                yield diag(
                    "S111",
                    line_of(p),
                    cell_column(r, "result"),
                    f"round {r}: a second pairing-allocated bye (U); player "
                    f"{players[0].start_rank} (line {line_of(players[0])}) has one already",
                    found="U",
                    expected="at most one U per round",
                )

    # The cells with an opponent that may hold a bye code: a bye code fits
    # no result, so a game both lines agree on with one on either side is a
    # misfit, and the other games need no look. In the order of the games'
    # lower-ranked sides, then their other sides, then the one-sided cells.
    with_opponent = [(p, r, g) for p, r, g, _, _ in ix.misfits]
    with_opponent += [(q, r, h) for _, r, _, q, h in ix.misfits]
    with_opponent += ix.one_sided
    coded: list[tuple[Player, int, Game]] = []
    for p, r, g in with_opponent:
        if g.result in _BYE_CODES:
            coded.append((p, r, g))
            yield diag(
                "S111",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: bye code {g.result.value!r} with opponent {g.opponent}",
                found=f"{g.opponent} {g.colour.value} {g.result.value}",
                expected=f"0000 - {g.result.value}",
            )
    for p, r, g in ix.byes:
        if g.result in _LEGACY_BYES and not (
            # TRF26 §3.3: in a team event 0000 - + is a forfeit win of a board
            # whose opposing team did not come.
            t.teams and g.result is R.FORFEIT_WIN
        ):
            # TRF06 habit: 0000 - = for a half-point bye, 0000 - + for a full-point
            # bye (docs/sources/trf-formats.md §2.5); readable, but not TRF16.
            code = _LEGACY_BYES[g.result]
            yield diag(
                "S111",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: {g.result.value!r} with no opponent is the old way of writing "
                f"a {'half' if code == 'H' else 'full'}-point bye; TRF16 writes {code}",
                found=f"0000 {g.colour.value} {g.result.value}",
                expected=f"0000 - {code}",
                severity=Severity.WARNING,
            )
        elif g.result in _NEEDS_OPPONENT:
            yield diag(
                "S111",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: result {g.result.value!r} of a game, but no opponent",
                found=f"0000 {g.colour.value} {g.result.value}",
                expected="an opponent's starting rank, or a bye code (H F U Z)",
            )
    # Per round: the U and F cells in file order, and how many lines reach it.
    pab: dict[int, list[Player]] = {}
    full: dict[int, list[Player]] = {}
    for p, r, g in [*coded, *ix.byes]:
        if g.result is R.PAIRING_ALLOCATED_BYE:
            pab.setdefault(r, []).append(p)
        elif g.result is R.FULL_POINT_BYE:
            full.setdefault(r, []).append(p)
    order: dict[int, int] = {}
    if t.teams:
        # A team event: a team's pairing-allocated bye (TRF26 320, or the
        # team's round with no match) is written U on each of its members'
        # lines, so the U of a round are counted by team, not by player.
        yield from team_byes(pab)
        pab = {}
    for r, players in pab.items():
        if len(players) < 2:
            continue
        if not order:  # only for a second U: a dict of every player is no small cost
            order = {id(p): i for i, p in enumerate(t.players)}
        players.sort(key=lambda p: order[id(p)])
        for p in players[1:]:
            yield diag(
                "S111",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: a second pairing-allocated bye (U); player {players[0].start_rank} "
                f"(line {line_of(players[0])}) has one already",
                found="U",
                expected="at most one U per round",
            )
    if not full:
        return
    unpaired: dict[int, int] = {}
    for _, r, _ in ix.byes:
        unpaired[r] = unpaired.get(r, 0) + 1
    for r, players in full.items():
        # Everyone else was paired: the lone F is the bye the pairing left over.
        if r not in pab and len(players) == 1 and unpaired.get(r) == 1:
            reached = sum(1 for q in t.players if q.cell_count >= r)
            if (reached - 1) % 2 == 0:
                (p,) = players
                yield diag(
                    "S111",
                    line_of(p),
                    cell_column(r, "result"),
                    f"round {r}: the one unpaired player has F; the pairing-allocated bye is "
                    "written U (FIDE deprecates F for it)",
                    found="F",
                    expected="U",
                    severity=Severity.WARNING,
                )


# Results of a game played at the board: 1 = 0, and W D L (less than one
# move, not rated, but the players sat down with their colours). A forfeit
# (+ -) is no game played: reading C.04.1 ("two participants shall not *play*
# against each other more than once") and the Dutch rules (C.04.3 A.6, the
# colour difference counts games played; "the two latest rounds he played"),
# a forfeit is neither a meeting nor a colour, and players whose game was
# forfeited may be paired again. Byes have neither opponent nor colour.
_PLAYED = frozenset("10=WDL")
_NOTHING = Decimal(0)


def _swiss(t: Tournament, ev: Event) -> Severity | None:
    """The severity of a Swiss pairing finding, or ``None`` when the event is no
    individual Swiss: an error when the file (092/192) or the user says Swiss,
    a warning when only the pairings suggest it (a double round robin with a
    missing game looks like a Swiss)."""
    if ev.type is not TournamentType.SWISS or t.teams:
        # Team events: the colours of board games follow the boards (352),
        # and teams, not players, are paired.
        return None
    return Severity.WARNING if ev.type_source == "pairings" else Severity.ERROR


def _not_declared(severity: Severity) -> str:
    if severity is Severity.ERROR:
        return ""
    return " (no type in 092/192: taken for a Swiss from the pairings; --type says otherwise)"


@check(
    Code(
        "S112",
        "structure.repeated-pairing",
        Severity.ERROR,
        "In a Swiss, two players who played each other more than once. Forfeits "
        "are no game played and do not count. A warning when no type is declared "
        "(092/192) and the pairings only look like a Swiss. Not checked in round "
        "robins, matches, team events and leagues.",
        "FIDE C.04.1 (basic rules for Swiss systems: two players shall not play "
        "each other more than once)",
        ex.lines(*ex.HEAD, "092 Swiss", *ex.field([2400, 2300, 2200, 2100], ex.TWICE)),
        ex.lines(*ex.HEAD, "092 Swiss", *ex.field([2400, 2300, 2200, 2100], ex.ONCE)),
        "Check the pairing of the later round; if the file says Swiss for another "
        "system, correct 092/192 or give --type.",
        plain="two players who met twice in a Swiss",
        page_fix=(
            "Check the pairing of the later round; if the event was no Swiss, correct its "
            "type (092/192, or the page's Tournament type)."
        ),
    ),
)
def repeated_pairings(context: Context) -> Iterator[Diagnostic]:
    """S112: two players of a Swiss who played each other twice (C.04.1)."""
    t = context.tournament
    ev = context.event
    severity = _swiss(t, ev)
    if severity is None:
        return
    ix = context.pairings
    cells = ix.cells
    # Most lines name no opponent twice: as many distinct names as rounds
    # (a None, a round with no opponent, once in the set, any number of
    # times in the line). Counted in C for every line at once.
    opponent_lists = list(map(_OPPONENTS, cells))
    distinct = list(map(len, map(frozenset, opponent_lists)))
    # A line names nobody twice when its set holds every opponent once and
    # None once if it has any: summed over the file, in C, that is the usual
    # answer, and only a file that fails it is looked at line by line. The
    # Nones are the index's byes, with the lines that have any (counting
    # them in each line, a comparison of None with every int, was two
    # fifths of the check on a 3000-player file).
    with_byes = len({id(p) for p, _, _ in ix.byes})
    if sum(distinct) == sum(map(len, opponent_lists)) - len(ix.byes) + with_byes:
        return
    nones = list(map(_NONES, opponent_lists))
    twice = [
        i
        for i, (d, n, size) in enumerate(
            zip(distinct, nones, map(len, opponent_lists), strict=True)
        )
        if d - (n > 0) != size - n
    ]
    # A cell whose opponent does not name the player back is no game the
    # two played: it is S101 (and S110), and counting it here would report
    # a mistyped opponent as a second meeting that never took place.
    one_sided = {(id(p), r) for p, r, _ in ix.one_sided}
    for i in twice:
        p, (opponents, _, results) = t.players[i], cells[i]
        a = p.start_rank
        # Each pair from its lower-ranked side; only games both lines agree on.
        met = [
            (n, o)
            for n, (o, r) in enumerate(zip(opponents, results, strict=True), 1)
            if o is not None and r in _PLAYED and (id(p), n) not in one_sided
        ]
        if len(met) == len({o for _, o in met}):
            continue
        rounds: dict[int, list[int]] = {}
        for n, o in met:
            if o > a:
                rounds.setdefault(o, []).append(n)
        for o, played in rounds.items():
            if len(played) < 2:
                continue
            listed = ", ".join(map(str, played))
            yield diag(
                "S112",
                line_of(p),
                cell_column(played[1], "opponent"),
                f"players {a} and {o} played each other in rounds {listed}; in a Swiss two "
                f"players shall not play each other more than once (C.04.1){_not_declared(severity)}",
                found=f"{len(played)} games ({listed})",
                expected="one game at most",
                severity=severity,
            )


_OPPONENTS = itemgetter(0)
_NONES = methodcaller("count", None)


@check(
    Code(
        "S113",
        "structure.colour-sequence",
        Severity.ERROR,
        "In an individual Swiss, a player given the same colour in three games "
        "running, or a colour difference (whites minus blacks) beyond +2 or -2: the "
        "absolute colour criteria. Counted over games played (forfeits and byes "
        "skipped). In the last round an info, no fault, when a topscorer (more than "
        "half the maximum score) plays the game, as the Dutch rules allow; a warning "
        "when the type is only read from the pairings. Not checked in team events.",
        "FIDE C.04.1 (absolute colour criteria); C.04.3 A.6, A.7, C.3 (Dutch system: "
        "last-round exception for topscorers)",
        ex.lines(
            *ex.HEAD,
            "092 Swiss",
            "XXR 5",
            *ex.field([2400, 2300, 2200, 2100], ex.LOSES4, result="0"),
        ),
        ex.lines(
            *ex.HEAD, "092 Swiss", "XXR 5", *ex.field([2400, 2300, 2200, 2100], ex.RR4, result="0")
        ),
        "Check the colours of the rounds named; a pairing program should never do this.",
        plain="a colour sequence a Swiss forbids",
    ),
)
def colour_sequences(context: Context) -> Iterator[Diagnostic]:
    """S113: a Swiss player given one colour three games running, or a colour
    difference beyond ±2: the absolute colour criteria of C.04.1.

    Counted over the games played (forfeits and byes skipped, as the Dutch
    rules count them, C.04.3 A.6). In the last round the Dutch rules allow
    either for a game with a topscorer (more than half the maximum score
    before that round; C.04.3 A.7, C.3): a pairing the rules allow is no
    fault, so an info there (said, as a reader of the colours will see it),
    an error elsewhere.
    """
    t = context.tournament
    ev = context.event
    severity = _swiss(t, ev)
    if severity is None:
        return
    final = 0  # the last round, found at the first breach
    lines: dict[int, Cells] = {}  # the cells by starting rank, made for a last-round breach
    table: dict[tuple[Result | None, Colour], Decimal] = {}  # the scoring, at a last-round breach
    look = _needs_look
    for p, (opponents, colours, results) in zip(t.players, context.pairings.cells, strict=True):
        if not look(colours, results):
            continue
        games = [
            (i, c)
            for i, (o, c, r) in enumerate(zip(opponents, colours, results, strict=True), 1)
            if o is not None and r in _PLAYED and (c == "w" or c == "b")
        ]
        for r, what, found in _colour_breaches(games):
            if not final:
                final = max(t.declared_rounds or 0, context.pairings.rounds)
            if r == final:
                if not table:
                    table = scoring_of(t).table()
                if not lines:
                    # The first line of a starting rank two lines share
                    # (S107), as the opponents' lookups read it.
                    for x, c in zip(t.players, context.pairings.cells, strict=True):
                        lines.setdefault(x.start_rank, c)
                own = (p.start_rank, Cells(opponents, colours, results))
                exempt = _topscorer_game(own, opponents[r - 1], r, lines, table)
            else:
                exempt = None
            level = Severity.INFO if exempt else severity
            why = (
                f"; allowed in the last round for a game of topscorer {exempt} (C.04.3 C.3)"
                if exempt
                else ""
            )
            yield diag(
                "S113",
                line_of(p),
                cell_column(r, "colour"),
                f"round {r}: player {p.start_rank} {what}, against the absolute colour "
                f"criteria of C.04.1{why}{_not_declared(severity)}",
                found=found,
                expected="no colour three games running, a colour difference within ±2",
                severity=level,
            )


# Bounded: a server checks files without end. Lines repeat their colour
# and result patterns (a Swiss alternates colours), so most lines of a file
# are answered from here without a Python-level look.
@lru_cache(maxsize=1 << 16)
def _needs_look(colours: str, results: str) -> bool:
    """Whether a line's games played may break an absolute colour criterion:
    three of one colour running, or a difference beyond ±2 (the exact
    verdict, round by round, is :func:`_colour_breaches`'s)."""
    if not results.translate(_DROP_PLAYED) and not colours.translate(_DROP_COLOURS):
        played = colours  # every round a game played with a colour
    else:
        # The colours of the rounds with a played result, in C; a played
        # result with no colour (S102) or no opponent (R502) has "-".
        played = "".join(compress(colours, map(_PLAYED.__contains__, results)))
        played = played.translate(_DROP_NO_COLOUR)
    return len(played) >= 3 and ("www" in played or "bbb" in played or _beyond_two(played))


_DROP_PLAYED = str.maketrans("", "", "".join(_PLAYED))
_DROP_COLOURS = str.maketrans("", "", "wb")
_DROP_NO_COLOUR = str.maketrans("", "", "".join(c.value for c in Colour if c.value not in "wb"))
_STEP = {"w": 1, "b": -1}


def _beyond_two(colours: str) -> bool:
    """Whether whites minus blacks goes beyond ±2 after some game of ``colours``
    (with no three of one colour running)."""
    # Alternating colours keep the difference within ±1; reaching ±3 takes
    # two pairs of one colour (ww ... ww) at least.
    if colours.count("ww") < 2 and colours.count("bb") < 2:
        return False
    sums = list(accumulate(map(_STEP.__getitem__, colours)))
    return max(sums) > 2 or min(sums) < -2


def _colour_breaches(games: list[tuple[int, str]]) -> Iterator[tuple[int, str, str]]:
    """(round, what, found) for each run of one colour reaching three games and
    each time the colour difference goes beyond ±2, in ``games`` = (round,
    w/b); one finding when both happen in the same game."""
    run: list[int] = []
    last = ""
    whites = blacks = 0
    beyond = False
    for r, c in games:
        if c == last:
            run.append(r)
        else:
            run, last = [r], c
        whites += c == "w"
        blacks += c == "b"
        diff = whites - blacks
        what: list[str] = []
        found: list[str] = []
        if len(run) == 3:
            colour = "white" if c == "w" else "black"
            what.append(
                f"has {colour} for the third game running (rounds {', '.join(map(str, run))})"
            )
            found.append(f"{c} {c} {c}")
        if abs(diff) > 2 and not beyond:
            what.append(
                f"has played {whites} games with white and {blacks} with black: "
                f"colour difference {diff:+d}"
            )
            found.append(f"{diff:+d}")
        beyond = abs(diff) > 2
        if what:
            yield r, ", and ".join(what), ", ".join(found)


def _topscorer_game(
    own: tuple[int, Cells],
    opponent: int | None,
    r: int,
    lines: dict[int, Cells],
    table: dict[tuple[Result | None, Colour], Decimal],
) -> int | None:
    """The starting rank of a topscorer in a player's game of round ``r``
    (the player, ``own``: his starting rank and cells, or ``opponent``), or
    ``None``: more than 50% of the maximum possible score before round
    ``r`` (C.04.3 A.7). ``lines``: the cells by starting rank; ``table``:
    the event's :meth:`ScoringSystem.table`."""
    win = max(table[Result.WIN, Colour.WHITE], table[Result.WIN, Colour.BLACK])
    best = (r - 1) * win
    found = lines.get(opponent) if opponent is not None else None
    for x, cells in (own, (opponent, found)):
        if x is None or cells is None:
            continue
        # From the cells, not Player.games: making Game records would replace
        # the line's cells for every later check.
        _, colours, results = cells
        score = sum(
            (
                table.get((RESULT_OF[res], COLOUR_OF[col]), _NOTHING)
                for res, col in zip(results[: r - 1], colours[: r - 1], strict=True)
            ),
            _NOTHING,
        )
        if 2 * score > best:
            return x
    return None
