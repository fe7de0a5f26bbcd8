"""The index-based checks against slow references that walk every cell.

trfkit/checks/_index.py keeps only what is unusual (byes, one-sided cells,
games whose colours or results do not fit) and takes shortcuts to find it
fast. The references below are the checks as they were before those
shortcuts: one naive walk over every cell, every game kept. Both must give
the same diagnostics, in the same order, on the fixtures, the shared corpus
and seeded random mutations of them (opponents, colours, results, lines cut
short, shared starting ranks, records without a line number).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from decimal import Decimal
from itertools import groupby
from pathlib import Path

import attrs
import pytest

import trfkit
from tests.conftest import corpus_params, fixture_files
from trfkit.checks import pairings, rate_of_play, standings
from trfkit.checks._index import pairings as index
from trfkit.checks._util import cell_column, diag, line_of, with_reference
from trfkit.checks.registry import Context
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event, event_of
from trfkit.model import Colour, Game, Player, Result, Tournament
from trfkit.rules import Scope

R = Result
Key = tuple[object, ...]


def key(d: Diagnostic) -> Key:
    return attrs.astuple(d, recurse=False)


# -- The reference: every cell, naively ---------------------------------------


@attrs.frozen
class NaiveIndex:
    by_rank: dict[int, Player]
    games: list[tuple[Player, int, Game, Player, Game]]
    one_sided: list[tuple[Player, int, Game]]
    byes: list[tuple[Player, int, Game]]
    rounds: int


def naive_index(t: Tournament) -> NaiveIndex:
    by_rank: dict[int, Player] = {}
    for p in t.players:
        by_rank.setdefault(p.start_rank, p)
    games: list[tuple[Player, int, Game, Player, Game]] = []
    one_sided: list[tuple[Player, int, Game]] = []
    byes: list[tuple[Player, int, Game]] = []
    rounds = 0
    for p in t.players:
        rounds = max(rounds, len(p.games))
        for i, g in enumerate(p.games):
            o = g.opponent
            if o is None:
                byes.append((p, i + 1, g))
                continue
            q = by_rank.get(o)
            if q is not None and q is not p and len(q.games) > i:
                h = q.games[i]
                if h.opponent == p.start_rank:
                    if p.start_rank < o:
                        games.append((p, i + 1, g, q, h))
                    continue
            one_sided.append((p, i + 1, g))
    return NaiveIndex(by_rank, games, one_sided, byes, rounds)


COMPLEMENT = {
    R.WIN: {R.LOSS},
    R.LOSS: {R.WIN},
    R.DRAW: {R.DRAW},
    R.FORFEIT_WIN: {R.FORFEIT_LOSS},
    R.FORFEIT_LOSS: {R.FORFEIT_WIN, R.FORFEIT_LOSS},
    R.UNPLAYED_WIN: {R.UNPLAYED_LOSS},
    R.UNPLAYED_LOSS: {R.UNPLAYED_WIN},
    R.UNPLAYED_DRAW: {R.UNPLAYED_DRAW},
    R.BLANK: {R.BLANK},
}
BYE_CODES = {R.HALF_POINT_BYE, R.FULL_POINT_BYE, R.PAIRING_ALLOCATED_BYE, R.ZERO_POINT_BYE}
FORFEITS = {R.FORFEIT_WIN, R.FORFEIT_LOSS}
LEGACY_BYES = {R.DRAW: "H", R.FORFEIT_WIN: "F"}
NEEDS_OPPONENT = {R.UNPLAYED_WIN, R.UNPLAYED_DRAW, R.UNPLAYED_LOSS}
OPPOSITE = {(Colour.WHITE, Colour.BLACK), (Colour.BLACK, Colour.WHITE)}


def ref_opponents_exist(t: Tournament) -> Iterator[Diagnostic]:
    ix = naive_index(t)
    renumbered = pairings.misnumbered(t, ix.by_rank, ix.one_sided)
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
        if id(p) in renumbered or calling.get((id(p), r)) == g.opponent:
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
        elif g.opponent not in ix.by_rank:
            yield diag(
                "S109",
                line_of(p),
                cell_column(r, "opponent"),
                f"round {r}: opponent {g.opponent} is no player of this file",
                found=str(g.opponent),
                expected=f"a starting rank from 1 to {max(ix.by_rank, default=0)}",
            )


def ref_mutual_pairings(t: Tournament) -> Iterator[Diagnostic]:
    ix = naive_index(t)
    unreadable = {(d.line, d.column) for d in t.diagnostics if d.code == "P002"}
    renumbered = pairings.misnumbered(t, ix.by_rank, ix.one_sided)
    for p, r, g in ix.one_sided:
        q = ix.by_rank.get(g.opponent) if g.opponent is not None else None
        if q is None or q is p or id(p) in renumbered:
            continue
        if (line_of(q), cell_column(r, "opponent")) in unreadable:
            continue
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


def ref_one_game_per_round(t: Tournament) -> Iterator[Diagnostic]:
    # Without the index's shortcut: every round is looked at.
    for r in range(1, naive_index(t).rounds + 1):
        named: dict[int, Player] = {}
        for p in t.players:
            if len(p.games) < r:
                continue
            o = p.games[r - 1].opponent
            if o is None:
                continue
            if o in named:
                # On the line of the claim the opponent does not confirm.
                first, second = named[o], p
                q = next((x for x in t.players if x.start_rank == o), None)
                mutual = q is not None and q is not p and len(q.games) >= r
                if mutual and q is not None and q.games[r - 1].opponent == p.start_rank:
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


def ref_colours(t: Tournament) -> Iterator[Diagnostic]:
    ix = naive_index(t)
    unreadable = {(d.line, d.column) for d in t.diagnostics if d.code == "P002"}
    for p, r, g in ix.byes:
        if g.colour is not Colour.NONE:
            if (line_of(p), cell_column(r, "opponent")) in unreadable:
                continue
            yield diag(
                "S102",
                line_of(p),
                cell_column(r, "colour"),
                f"round {r}: colour {g.colour.value!r} on a round with no opponent",
                found=g.colour.value,
                expected="- (no colour) when there is no opponent",
            )
    for p, r, g, q, h in ix.games:
        if (g.colour, h.colour) in OPPOSITE:
            continue
        column = cell_column(r, "colour")
        if (line_of(p), column) in unreadable or (line_of(q), column) in unreadable:
            continue
        forfeit = g.result in FORFEITS and h.result in FORFEITS
        if forfeit and g.colour is Colour.NONE and h.colour is Colour.NONE:
            if t.teams:
                continue
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


def ref_complementary_results(t: Tournament) -> Iterator[Diagnostic]:
    for p, r, g, q, h in naive_index(t).games:
        if g.result is None or h.result is None:
            continue
        if h.result not in COMPLEMENT.get(g.result, set()):
            yield diag(
                "S103",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: player {p.start_rank} has {g.result.value!r} and player "
                f"{q.start_rank} (line {line_of(q)}) has {h.result.value!r}",
                found=f"{g.result.value} / {h.result.value}",
                expected="1/0, =/=, +/-, -/-, W/L or D/D",
            )


def ref_bye_coding(t: Tournament) -> Iterator[Diagnostic]:
    ix = naive_index(t)
    with_opponent = [(p, r, g) for p, r, g, _, _ in ix.games]
    with_opponent += [(q, r, h) for _, r, _, q, h in ix.games]
    with_opponent += ix.one_sided
    for p, r, g in with_opponent:
        if g.result in BYE_CODES:
            yield diag(
                "S111",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: bye code {g.result.value!r} with opponent {g.opponent}",
                found=f"{g.opponent} {g.colour.value} {g.result.value}",
                expected=f"0000 - {g.result.value}",
            )
    for p, r, g in ix.byes:
        if g.result in LEGACY_BYES and not (t.teams and g.result is R.FORFEIT_WIN):
            code = LEGACY_BYES[g.result]
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
        elif g.result in NEEDS_OPPONENT:
            yield diag(
                "S111",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: result {g.result.value!r} of a game, but no opponent",
                found=f"0000 {g.colour.value} {g.result.value}",
                expected="an opponent's starting rank, or a bye code (H F U Z)",
            )
    order = {id(p): i for i, p in enumerate(t.players)}
    pab: dict[int, list[Player]] = {}
    full: dict[int, list[Player]] = {}
    for p, r, g in [*with_opponent, *ix.byes]:
        if g.result is R.PAIRING_ALLOCATED_BYE:
            pab.setdefault(r, []).append(p)
        elif g.result is R.FULL_POINT_BYE:
            full.setdefault(r, []).append(p)
    if t.teams:
        yield from ref_team_byes(t, pab, order)
        pab = {}
    for r, players in pab.items():
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
    unpaired: dict[int, int] = {}
    for _, r, _ in ix.byes:
        unpaired[r] = unpaired.get(r, 0) + 1
    for r, players in full.items():
        if r not in pab and len(players) == 1 and unpaired.get(r) == 1:
            reached = sum(1 for q in t.players if len(q.games) >= r)
            if (reached - 1) % 2 == 0:
                yield diag(
                    "S111",
                    line_of(players[0]),
                    cell_column(r, "result"),
                    f"round {r}: the one unpaired player has F; the pairing-allocated bye is "
                    "written U (FIDE deprecates F for it)",
                    found="F",
                    expected="U",
                    severity=Severity.WARNING,
                )


def ref_team_byes(
    t: Tournament, pab: dict[int, list[Player]], order: dict[int, int]
) -> Iterator[Diagnostic]:
    """S111's U of a team event, naively: each team's round read from every
    member's cell (a team plays when some member met a player of another
    team; the opponent is the team met on the most boards, the first on a
    tie), 320 and 330 read first, as the standings read them."""
    from trfkit.model import ForfeitedMatch, TeamBye
    from trfkit.tiebreaks.team import event_teams, player_teams, team_number

    teams = event_teams(t)
    numbers = [team_number(x, i) for i, x in enumerate(teams)]
    team_of = player_teams(t)
    declared: dict[int, tuple[int, int]] = {}
    pabs: set[tuple[int, int]] = set()
    for tb in t.records_of(TeamBye):
        for rn, number in enumerate(tb.teams, start=1):
            if number and number in numbers:
                declared[rn] = (numbers.index(number), tb.origin.line if tb.origin else 0)
                pabs.add((rn, numbers.index(number)))
    forfeited: dict[tuple[int, int], int] = {}
    for fm in t.records_of(ForfeitedMatch):
        if fm.round is None or fm.white_team is None or fm.black_team is None:
            continue
        w = numbers.index(fm.white_team) if fm.white_team in numbers else -1
        b = numbers.index(fm.black_team) if fm.black_team in numbers else -1
        forfeited[fm.round, w], forfeited[fm.round, b] = b, w

    present = {p.start_rank for p in t.players}

    def opponent(ti: int, r: int) -> int:
        if (r, ti) in forfeited:
            return forfeited[r, ti]
        if (r, ti) in pabs:
            return -1
        met: dict[int, int] = {}
        seen: set[int] = set()
        for p in t.players:
            if p.start_rank in seen:
                continue  # a second line of a starting rank is in no team (S107)
            seen.add(p.start_rank)
            if team_of.get(p.start_rank) != ti or len(p.games) < r:
                continue
            o = p.games[r - 1].opponent
            # An opponent who is no player of the file (S109) is no board of a match.
            other = team_of.get(o) if o in present else None
            if other is not None and other != ti:
                met[other] = met.get(other, 0) + 1
        return max(sorted(met), key=lambda x: met[x]) if met else -1

    for r, players in sorted(pab.items()):
        players = sorted(players, key=lambda p: order[id(p)])
        groups = [
            (ti, [p for p in players if team_of.get(p.start_rank) == ti])
            for ti in dict.fromkeys(team_of.get(p.start_rank) for p in players)
        ]
        byes = []
        for ti, members in groups:
            if ti is None:
                continue
            o = opponent(ti, r)
            if o < 0:
                byes.append(ti)
                continue
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
                f"pairing-allocated bye (U), but the team plays team {numbers[o]} in that "
                "round: a team's bye is the whole team's, and a member left out of a match "
                "is written 0000 - Z",
                found=f"U ×{len(ranks)}" if len(ranks) > 1 else "U",
                expected="0000 - Z for a member not in the line-up",
                severity=Severity.WARNING,
            )
        by_team = dict(groups)
        if r in declared:
            holder, where = declared[r][0], f"320, line {declared[r][1]}"
        elif byes:
            holder, where = byes[0], f"U from line {line_of(by_team[byes[0]][0])}"
        else:
            holder, where = -1, ""
        for ti in byes:
            if ti == holder:
                continue
            label = f"team {numbers[ti]} {teams[ti].name.strip()}".rstrip()
            other = f"team {numbers[holder]} {teams[holder].name.strip()}".rstrip()
            yield diag(
                "S111",
                line_of(by_team[ti][0]),
                cell_column(r, "result"),
                f"round {r}: a second pairing-allocated bye: {label} has U on its members' "
                f"lines and no match, and {other} has the round's bye already ({where})",
                found="U",
                expected="at most one pairing-allocated bye per round",
            )
        for p in by_team.get(None, []):
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


def _pts(p: Player) -> Decimal:
    return p.points if p.points is not None else Decimal(0)


def ref_ranks(t: Tournament) -> Iterator[tuple[Player, Player]]:
    """The players S105 finds out of order, each with the first player of
    fewest points above him, with groupby and min as before."""
    players = [p for p in t.players if p.points is not None]
    if not players or t.teams:
        return
    ranked = sorted((p for p in players if p.rank), key=lambda p: p.rank or 0)
    lowest: Player | None = None
    for _, group in groupby(ranked, key=lambda p: p.rank):
        members = list(group)
        for p in members:
            if lowest is not None and _pts(lowest) < _pts(p):
                yield p, lowest
        weakest = min(members, key=_pts)
        if lowest is None or _pts(weakest) < _pts(lowest):
            lowest = weakest


def ref_short_games(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R101's games too fast for their higher rating, each game looked at."""
    tc, rules = ev.time_control, ev.rules
    assert tc is not None
    minutes = tc.minutes_for(60)
    shown = f"{tc.text!r} gives {float(minutes):g} minutes for 60 moves"
    line, column = ev.time_control_line or 1, rate_of_play._column(t, ev)
    rating = {p.start_rank: p.rating or 0 for p in t.players}
    short: dict[int, list[tuple[Player, Player]]] = {}
    for p, _, g, q, _ in naive_index(t).games:
        if g.result in (None, R.WIN, R.DRAW, R.LOSS, R.BLANK):
            needed = rules.minimum_minutes(max(rating[p.start_rank], rating[q.start_rank])) or 0
            if minutes < needed:
                short.setdefault(needed, []).append((p, q))
    thresholds = rules.rate_of_play.standard_minimum_minutes or ()
    for needed, games in sorted(short.items(), reverse=True):
        threshold = next(r for r, m in thresholds if m == needed)
        players = sorted(
            {x.start_rank for pair in games for x in pair if rating[x.start_rank] >= threshold}
        )
        listed = ", ".join(map(str, players[:8])) + (", ..." if len(players) > 8 else "")
        yield diag(
            "R101",
            line,
            column,
            f"{shown}; under {rules.name} a game with a player rated {threshold} or more "
            f"needs {needed}: {len(games)} game{'s' if len(games) != 1 else ''} cannot be "
            f"rated (players {listed})",
            found=f"{float(minutes):g} minutes",
            expected=f"at least {needed} minutes",
        )


PAIRS: list[
    tuple[Callable[[Context], Iterator[Diagnostic]], Callable[[Tournament], Iterator[Diagnostic]]]
] = [
    (pairings.opponents_exist, ref_opponents_exist),
    (pairings.mutual_pairings, ref_mutual_pairings),
    (pairings.one_game_per_round, ref_one_game_per_round),
    (pairings.colours, ref_colours),
    (pairings.complementary_results, ref_complementary_results),
    (pairings.bye_coding, ref_bye_coding),
]


def assert_same(t: Tournament) -> None:
    for check, reference in PAIRS:
        found = check(Context.of(t))
        assert [key(d) for d in found] == [key(d) for d in reference(t)], check.__name__
    # By identity: a mutation may give two players the same start rank.
    ranks = [(id(p), id(q)) for p, q in standings.displaced(t)]
    assert ranks == [(id(p), id(q)) for p, q in ref_ranks(t)]


# -- Mutations ------------------------------------------------------------------


def mutate(t: Tournament, rng: random.Random, times: int) -> Tournament:
    """Break ``t`` at random, as files break (and as no file can: a rank of 0)."""
    results: list[Result | None] = [*Result, None]
    for _ in range(times):
        p = rng.choice(t.players)
        ranks = [q.start_rank for q in t.players]
        what = rng.randrange(10)
        if what == 0:
            p.start_rank = rng.choice([*ranks, 0, len(ranks) + 5])  # shared or odd rank
        elif what == 1:
            p.origin = None  # line 0: diagnostics of several players share a place
        elif not p.games:
            p.games.append(Game(rng.choice(ranks), Colour.WHITE, R.WIN))
        else:
            i = rng.randrange(len(p.games))
            g = p.games[i]
            if what == 2:
                g.opponent = rng.choice([None, p.start_rank, len(ranks) + 3, rng.choice(ranks)])
            elif what == 3:
                g.colour = rng.choice(list(Colour))
            elif what in (4, 5):
                g.result = rng.choice(results)
            elif what == 6:
                del p.games[i:]
            elif what == 7:
                q = t.player(g.opponent) if g.opponent is not None else None
                if q is not None and len(q.games) > i:
                    h = q.games[i]
                    if rng.random() < 0.5:
                        # The other side takes the same colour, or a bye code.
                        h.colour = g.colour
                        h.result = rng.choice([h.result, *BYE_CODES])
                    else:
                        # A forfeit written without colours.
                        g.colour = h.colour = Colour.NONE
                        g.result = rng.choice(sorted(FORFEITS, key=str))
                        h.result = R.FORFEIT_LOSS
            elif what == 8:
                p.games[i] = Game(None, rng.choice(list(Colour)), rng.choice(results))
            else:
                g.result = rng.choice([*BYE_CODES, R.DRAW, R.FORFEIT_WIN, R.UNPLAYED_WIN])
    return t


FIXTURES = [p for p in fixture_files() if trfkit.load(p).players]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixtures_match_the_reference(path: Path) -> None:
    assert_same(trfkit.load(path))


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_matches_the_reference(path: Path) -> None:
    assert_same(trfkit.load(path))


@pytest.mark.parametrize("seed", range(120))
def test_mutated_tournaments_match_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    t = trfkit.load(rng.choice(FIXTURES))
    mutate(t, rng, rng.choice([1, 2, 3, 6, 12]))
    assert_same(t)


def test_mutations_reach_every_pairing_code() -> None:
    # The comparison above means little if the mutations never break anything.
    found: set[tuple[str, str]] = set()
    for seed in range(120):
        rng = random.Random(seed)
        t = mutate(trfkit.load(rng.choice(FIXTURES)), rng, rng.choice([1, 2, 3, 6, 12]))
        for check, _ in PAIRS:
            found |= {(d.code, d.severity.value) for d in check(Context.of(t))}
    assert found >= {
        ("S101", "error"),
        ("S102", "error"),
        ("S102", "warning"),
        ("S103", "error"),
        ("S109", "error"),
        ("S110", "error"),
        ("S111", "error"),
        ("S111", "warning"),
    }


def _tournament(*lines: list[tuple[int | None, Colour, Result]], ranks: list[int]) -> Tournament:
    players = [
        Player(rank, points=Decimal(1), rank=n, games=[Game(*cell) for cell in cells])
        for n, (rank, cells) in enumerate(zip(ranks, lines, strict=True), start=1)
    ]
    return Tournament(players=players)


def test_shared_ranks_do_not_hide_a_one_sided_cell() -> None:
    # Two players of rank 1 both paired with player 2, who names 1 back:
    # counted from the lower ranks, the games cover the four cells with an
    # opponent, yet player 3 names 1, and the (first) player 1 names 2.
    W, B = Colour.WHITE, Colour.BLACK
    t = _tournament(
        [(2, W, R.WIN)],
        [(2, W, R.WIN)],
        [(1, B, R.LOSS)],
        [(1, B, R.LOSS)],
        ranks=[1, 1, 2, 3],
    )
    assert [d.code for d in pairings.mutual_pairings(Context.of(t))] == ["S101"]
    assert_same(t)


@pytest.mark.parametrize("shared_rank", [False, True])
def test_ties_keep_the_first_lowest_player(shared_rank: bool) -> None:
    # Players 1 and 2 tie on 1 point, ranked 1 and 2 or both 1: player 3,
    # ranked 3 with more, is below the first of them, as groupby and min
    # found him.
    t = _tournament([], [], [], ranks=[1, 2, 3])
    t.players[1].rank = 1 if shared_rank else 2
    t.players[2].points = Decimal(2)
    assert [d.message for d in standings.ranks(Context.of(t)) if "below" in d.message] == [
        "player 3 is ranked 3 with 2.0 points, below player 1 (rank 1) who has 1.0"
    ]
    assert_same(t)


@pytest.mark.parametrize("far", [9, 40_000, -7])
def test_one_sided_cells_whatever_the_ranks(far: int) -> None:
    # The index looks lines up by rank in a list, or in a dict when the
    # ranks are negative or far beyond the players' number (40000, -7): the
    # same cells are one-sided either way. Player 5 names rank 7, which no
    # player has, in round 2; player 2 names `far` in round 2, whose line
    # has one round only. The game of 5 and far in round 1 is mutual (with
    # far = -7, looked at from far's line, the lower rank).
    W, B, U = Colour.WHITE, Colour.BLACK, Colour.NONE
    t = _tournament(
        [(far, W, R.WIN), (7, W, R.WIN)],
        [(5, B, R.LOSS)],
        [(None, U, R.PAIRING_ALLOCATED_BYE), (far, W, R.WIN)],
        ranks=[5, far, 2],
    )
    ix = index(t)
    assert [(p.start_rank, r) for p, r, _ in ix.one_sided] == [(5, 2), (2, 2)]
    assert [(p.start_rank, r) for p, r, _ in ix.byes] == [(2, 1)]
    assert ix.clashes == [] and ix.misfits == []
    assert_same(t)


# -- R101: the short games, found from the highly rated players -----------------


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("time_control", ["75 min", "90 min", "60 min + 30 sec/move", "100 min"])
def test_short_games_match_the_reference(seed: int, time_control: str) -> None:
    rng = random.Random(seed)
    t = trfkit.load(rng.choice(FIXTURES))
    for p in t.players:  # ratings on both sides of the 1800 and 2400 thresholds
        p.rating = rng.choice([None, 1500, 1800, 2100, 2399, 2400, 2650])
    mutate(t, rng, rng.choice([0, 1, 3, 6]))
    ev = event_of(t, rules=rng.choice(["fide-2022", "fide-2024"]), time_control=time_control)
    assert ev.time_control is not None and ev.rules.rate_of_play.threshold_scope is Scope.GAME
    found = [
        key(d) for d in rate_of_play.rate_of_play(Context(t, ev)) if "cannot be rated" in d.message
    ]
    assert found == [key(d) for d in ref_short_games(t, ev)]


def test_short_games_are_found() -> None:
    # The comparison above means little if no game is ever too fast.
    t = trfkit.load(FIXTURES[0])
    for p in t.players:
        p.rating = 2500
    ev = event_of(t, rules="fide-2024", time_control="90 min")
    assert [d.code for d in ref_short_games(t, ev)] == ["R101"]


# -- with_reference: attrs.evolve, spelled out ------------------------------------


def test_with_reference_copies_every_field() -> None:
    # with_reference names Diagnostic's fields one by one: a new field
    # must be added there too.
    assert [a.name for a in attrs.fields(Diagnostic)] == [
        "code",
        "severity",
        "line",
        "column",
        "message",
        "reference",
        "found",
        "expected",
        "hint",
    ]
    d = Diagnostic("R501", Severity.INFO, 3, 4, "m", "old", "f", "e", "h")
    assert with_reference(d, "new") == attrs.evolve(d, reference="new")
