"""Checks on the declared standings and tie-breaks (TRF-2026 202/212, 001
rank) and on round-robin pairings (the Berger tables of FIDE C.05)."""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from trfkit import _examples as ex
from trfkit.checks._util import cell_column, diag, line_of
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import Event, TournamentType
from trfkit.model import Colour, Header, Team, Tournament

# trfkit.tiebreaks is imported where a file declares tie-breaks (202/212) or
# --tiebreaks names them: most files do neither, and `trfkit check` of a
# small file pays for every module it imports.
if TYPE_CHECKING:
    from trfkit.tiebreaks import Standings, TeamStandings, TieBreak

__all__ = [
    "berger_pairings",
    "berger_tables",
    "declared_codes",
    "declared_ranks",
    "declared_team_ranks",
    "team_codes_without_teams",
]

_RANK_COLUMN = {f.name: f for f in layout("player").fields}["rank"].first


@check(
    Code(
        "S117",
        "structure.unknown-tiebreak",
        Severity.WARNING,
        "A tie-break code in a TRF-2026 202 or 212 record that is no C.07 tie-break "
        "known here (codes as TRF-2026 writes them, BH/C1, or as C.07's prose does, "
        "BH-C1; GE is REP). The standings leave it out. One finding per record.",
        "TRF26 202, 212; FIDE C.07 Art. 5-14 (MTB26)",
        ex.lines(*ex.HEAD, "202 BH/C1,XYZ", ex.A, ex.B),
        ex.lines(*ex.HEAD, "202 BH/C1,BH-C1,GE,KS/L-2", ex.A, ex.B),
        "Write the C.07 code (OTHER_ codes are not FIDE tie-breaks).",
        plain="an unknown tie-break",
    ),
)
def declared_codes(context: Context) -> Iterator[Diagnostic]:
    """S117: tie-break codes in 202/212 that are no C.07 tie-break known here
    (one finding per record, on its first unknown code)."""
    t = context.tournament
    for record in _declarations(t):
        from trfkit.tiebreaks.standings import tiebreaks_of_record

        found = tiebreaks_of_record(record)
        if not found.unknown:
            continue
        column, _ = found.unknown[0]
        names = ", ".join(text for _, text in found.unknown)
        yield diag(
            "S117",
            record.origin.line if record.origin else 0,
            column,
            f"{record.code} names tie-break code(s) not known: {names}; the standings leave "
            "them out",
            found=names,
            expected="C.07 codes as TRF-2026 writes them (BH/C1, SB, DE, WIN, ARO, ...)",
        )


@check(
    Code(
        "S119",
        "structure.team-tiebreak-individual-event",
        Severity.WARNING,
        "A team tie-break (C.07 Art. 11-13: MP, GP, MPvGP, the ESB family, EDE, BC, "
        "..., or any code with :MP or :GP such as BH:GP/C1) in the 202 or 212 record "
        "of an event without teams (no 013 or 310 records). It has no value for "
        "players: the standings leave it undefined, and the declared ranks (S116) are "
        "not judged. One finding per record, on its first team code.",
        "FIDE C.07 Art. 11-13; TRF26 202, 212",
        ex.lines(*ex.HEAD, "202 BH:GP/C1,SB", ex.A, ex.B),
        ex.lines(*ex.HEAD, "202 BH/C1,SB", ex.A, ex.B),
        "Write the individual tie-break (BH/C1 rather than BH:GP/C1), or add the "
        "team records (310) if the event is a team event.",
        plain="a team tie-break in an individual event",
    ),
)
def team_codes_without_teams(context: Context) -> Iterator[Diagnostic]:
    """S119: team tie-breaks (C.07 Art. 11-13) in the 202/212 of an event
    without team records (one finding per record, on its first team code)."""
    t = context.tournament
    if t.teams:
        return
    for record in _declarations(t):
        from trfkit.tiebreaks.codes import split_codes

        team = [(offset, text) for offset, text in split_codes(record.value) if _is_team_code(text)]
        if not team:
            continue
        names = ", ".join(text for _, text in team)
        yield diag(
            "S119",
            record.origin.line if record.origin else 0,
            5 + team[0][0],
            f"{record.code} names team tie-break(s) {names} in an event without teams (no "
            "013 or 310 records): they have no value for players",
            found=names,
            expected="individual tie-breaks (C.07 Art. 6-10), or team records for a team event",
        )


def _declarations(t: Tournament) -> list[Header]:
    """The file's 202 and 212 records (TRF-2026: the tie-breaks declared)."""
    return [r for r in t.headers if isinstance(r, Header) and r.code in ("202", "212")]


def _is_team_code(text: str) -> bool:
    from trfkit.tiebreaks import UnknownTieBreak, parse_tiebreak

    try:
        return parse_tiebreak(text).is_team
    except UnknownTieBreak:
        return False  # S117's


@check(
    Code(
        "S116",
        "structure.declared-tiebreak-ranks",
        Severity.WARNING,
        "Players with the same points whose declared ranks (columns 86-89) the "
        "tie-breaks the file declares (TRF-2026 212, else 202) order the other way, "
        "computed under the C.07 edition in force at the start. One finding for the "
        "file, naming the first such pair, the tie-break that separates them and how "
        "many players are out of order. Only where 212 or 202 exists and every player "
        "has a rank; players the tie-breaks leave tied may be in any order (4.2).",
        "FIDE C.07 4.2; TRF26 202, 212, 001 (rank)",
        ex.lines(
            *ex.HEAD, "092 Swiss", "212 PTS,TPN/R", *ex.field([2400, 2300, 2200, 2100], ex.ONCE)
        ),
        ex.lines(
            *ex.HEAD, "092 Swiss", "212 PTS,TPN", *ex.field([2400, 2300, 2200, 2100], ex.ONCE)
        ),
        "Rank the players by points and the declared tie-breaks (trfkit standings "
        "FILE shows the values), or correct 212/202 if other tie-breaks were used.",
        plain="tied players ranked against the tie-breaks",
        page_fix=(
            "Rank the tied players by the tie-breaks the file declares (the Standings tab "
            "shows their values), or correct the tie-breaks (212/202)."
        ),
    ),
    Code(
        "S120",
        "structure.declared-team-ranks",
        Severity.WARNING,
        "Teams with the same primary score (match points, or game points as 192 "
        "declares) whose declared ranks (310, columns 69-71) the tie-breaks the file "
        "declares (TRF-2026 212, else 202) order the other way, computed under the "
        "C.07 edition in force at the start. One finding for the file, naming the "
        "first such pair, the tie-break that separates them and how many teams are "
        "out of order. Only where every 310 team has a rank; teams the tie-breaks "
        "leave tied may be in any order (4.2).",
        "FIDE C.07 4.2, Art. 11-13; TRF26 202, 212, 310 (rank)",
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH, *ex.teams(2, 4, 1, 3)),
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH, *ex.teams(1, 4, 2, 3)),
        "Rank the teams by their score and the declared tie-breaks (trfkit standings "
        "FILE shows the values), or correct 212/202 if other tie-breaks were used.",
        plain="tied teams ranked against the tie-breaks",
        page_fix=(
            "Rank the tied teams by the tie-breaks the file declares (the Standings tab shows "
            "their values), or correct the tie-breaks (212/202)."
        ),
    ),
    Code(
        "S121",
        "structure.team-ranks-not-judged",
        Severity.INFO,
        "The teams' declared ranks (310) are not judged because a tie-break the file "
        "declares (212, else 202) is not computed for teams here (computed: MP, GP, "
        "MPvGP, BH, BH:MP, BH:GP, the ESB family, EDE): said so that no S120 is not "
        "read as ranks checked. One finding per file, on the record.",
        "FIDE C.07 Art. 11-13; TRF26 202, 212, 310 (rank)",
        ex.lines(*ex.HEAD[:4], "202 BC", *ex.TEAM_MATCH[1:], *ex.teams(1, 4, 2, 3)),
        ex.lines(*ex.HEAD, *ex.TEAM_MATCH, *ex.teams(1, 4, 2, 3)),
        "Check the ranks by hand for that tie-break, or give tie-breaks computed here "
        "with --tiebreaks to see how they would rank the teams.",
        plain="team ranks not judged",
        page_fix="Check the teams' ranks by hand for that tie-break.",
    ),
    Code(
        "S122",
        "structure.ranks-not-judged",
        Severity.INFO,
        "The players' declared ranks (001, columns 86-89) are not judged by the "
        "tie-breaks the file declares (212, else 202) or --tiebreaks gives, or are "
        "judged by the first of them only, and why: a code not known here (S117), a "
        "team tie-break (S119), players without a rank (S105), or a tie-break "
        "undefined for a player who has the same points as another (a rating-based "
        "tie-break with unrated players, C.07 Art. 10). Said so that no S116 is not "
        "read as ranks checked. One finding per file.",
        "FIDE C.07 4.2, Art. 10; TRF26 202, 212, 001 (rank)",
        ex.lines(
            *ex.HEAD,
            "092 Swiss",
            "212 PTS,TPN",
            *ex.field([2400, 2300, 2200, 2100], ex.ONCE)[:3],
            ex.unranked(ex.field([2400, 2300, 2200, 2100], ex.ONCE)[3]),
        ),
        ex.lines(
            *ex.HEAD, "092 Swiss", "212 PTS,TPN", *ex.field([2400, 2300, 2200, 2100], ex.ONCE)
        ),
        "Give every player a rank, or declare tie-breaks defined for every player "
        "(trfkit standings FILE shows which values are undefined).",
        plain="player ranks not judged",
        page_fix="Give every player a rank, or declare tie-breaks every player has a value of.",
    ),
)
def declared_ranks(context: Context) -> Iterator[Diagnostic]:
    """S116: players with the same points whose declared ranks (86-89) the
    declared tie-breaks (212, else 202; ``tiebreaks``, ``trfkit check
    --tiebreaks``, in their place) order the other way; one finding for the
    file, naming the first such pair and how many players are out of order.

    Only where the tie-breaks are known and every player has a rank (S105
    says when ranks are missing or disagree with the points). Players the
    tie-breaks leave tied may be in any order (drawing of lots, C.07 4.2).
    ``tiebreaks`` holding a code not known raises :class:`UnknownTieBreak`.

    S122 (info): the ranks are not judged, or judged on the first
    tie-breaks only, and why (a code not known, a team tie-break, players
    without a rank, a tie-break undefined for players who share their
    points); said rather than passed over, so that no S116 is not read as
    ranks checked.
    """
    t = context.tournament
    if t.teams:
        # The players' ranks in a team event follow no declared tie-breaks;
        # the teams' do.
        yield from declared_team_ranks(t, context.tiebreaks)
        return
    if context.tiebreaks is None and not _declarations(t):
        return
    chosen = yield from _chosen_tiebreaks(t, context.tiebreaks)
    if chosen is None or not t.players or not chosen.tiebreaks:
        return
    why = _why_not_judged(t, chosen)
    if why:
        yield _not_judged(chosen.line, chosen.column, chosen.where, why)
        return
    s = yield from _judged_standings(t, context.event, chosen)
    if s is not None:
        found = _ranked_against(t, s, chosen.where)
        if found is not None:
            yield found


class _Chosen(NamedTuple):
    """The tie-breaks the ranks are judged by, and where a finding about them goes."""

    tiebreaks: tuple[TieBreak, ...]
    where: str
    """``--tiebreaks``, or the record that declares them (212, 202)."""
    line: int
    column: int


def _chosen_tiebreaks(
    t: Tournament, tiebreaks: str | Sequence[str | TieBreak] | None
) -> Generator[Diagnostic, None, _Chosen | None]:
    """The tie-breaks given (``--tiebreaks``) or declared (212, else 202);
    ``None`` when there are none, or S122 when a declared code is not known
    (S117): the declared order cannot be judged."""
    from trfkit.tiebreaks import declared_tiebreaks, parse_tiebreaks

    players = t.players
    if tiebreaks is not None:
        # Given on the command line: S122 goes to the ranks it is about,
        # the first player's (001, columns 86-89).
        line = line_of(players[0]) if players else 0
        return _Chosen(tuple(parse_tiebreaks(tiebreaks)), "--tiebreaks", line, _RANK_COLUMN)
    declared = declared_tiebreaks(t)
    if declared is None:
        return None
    line = declared.record.origin.line if declared.record.origin else 0
    chosen = _Chosen(declared.tiebreaks, declared.record.code, line, 5)
    if declared.unknown:
        unknown = ", ".join(code for _, code in declared.unknown)
        verb = "is" if len(declared.unknown) == 1 else "are"
        yield _not_judged(line, 5, chosen.where, f"{unknown} {verb} not known here (S117)")
        return None
    return chosen


def _why_not_judged(t: Tournament, chosen: _Chosen) -> str:
    """Why the players' ranks cannot be judged by ``chosen`` at all: a team
    tie-break has no value for players (S119); players without a rank
    (S105). ``""`` when they can."""
    players = t.players
    team = [tb.text or tb.code for tb in chosen.tiebreaks if tb.is_team]
    if team:
        what = "is a team tie-break" if len(team) == 1 else "are team tie-breaks"
        return f"{', '.join(team)} {what} (S119)"
    unranked = [p for p in players if not p.rank]
    if not unranked:
        return ""
    if len(unranked) == len(players):
        return "no player has a rank"
    first = unranked[0]
    return (
        f"{len(unranked)} of {len(players)} players have no rank (S105), the first "
        f"player {first.start_rank} {first.name.strip()}"
    )


def _judged_standings(
    t: Tournament, ev: Event, chosen: _Chosen
) -> Generator[Diagnostic, None, Standings | None]:
    """The standings the ranks are judged by: on the tie-breaks up to the
    first one undefined for a player who shares his points (the file's
    program may have valued it, a rule for unrated players, C.07 Art. 10,
    and what follows depends on how); S122 says so. ``None``: not judged."""
    from trfkit.tiebreaks import standings

    s = standings(t, chosen.tiebreaks, type=ev.type)
    shared = _shared_points(s)
    for k, tb in enumerate(s.tiebreaks):
        if tb.acronym == "DE":
            continue  # DE is valued only inside the groups it meets (C.07 6): blanks say nothing
        key = tb.text or tb.code
        undefined = next(
            (row for row in s.rows if row.start_rank in shared and row.tiebreaks[key] is None),
            None,
        )
        if undefined is None:
            continue
        why = (
            f"{key} is undefined for player {undefined.start_rank} "
            f"{undefined.name.strip()}, who has the same points as another player"
        )
        if k == 0:
            yield _not_judged(chosen.line, chosen.column, chosen.where, why)
            return None
        judged = ", ".join(b.text or b.code for b in s.tiebreaks[:k])
        yield _not_judged(chosen.line, chosen.column, chosen.where, why, judged)
        return standings(t, s.tiebreaks[:k], type=ev.type)
    return s


def _ranked_against(t: Tournament, s: Standings, where: str) -> Diagnostic | None:
    """S116 for the players whose ranks ``s``'s tie-breaks order the other
    way, naming the first pair; players left tied may be in any order
    (drawing of lots, C.07 4.2)."""
    from trfkit.tiebreaks.standings import value_text

    players = t.players
    # The computed group of each player: equal for players still tied.
    group = _groups((row.start_rank, row.rank) for row in s.rows)
    points = {row.start_rank: row.points for row in s.rows}
    by_number = {p.start_rank: p for p in players}
    pairs = _against([(points[p.start_rank], p.rank or 0, p.start_rank) for p in players], group)
    if not pairs:
        return None
    wrong = [(by_number[lo], by_number[hi]) for lo, hi in pairs]
    low, high = wrong[0]
    rows = {row.start_rank: row for row in s.rows}
    codes = [tb.text or tb.code for tb in s.tiebreaks]
    a, b = rows[low.start_rank], rows[high.start_rank]
    why = _separating(codes, a.tiebreaks, b.tiebreaks)
    more = (
        f"; {len(wrong)} players in all are ranked against the tie-breaks" if len(wrong) > 1 else ""
    )
    return diag(
        "S116",
        line_of(low),
        _RANK_COLUMN,
        f"player {low.start_rank} {low.name.strip()} is ranked {low.rank}, below player "
        f"{high.start_rank} {high.name.strip()} (rank {high.rank}), both with {value_text(a.points)} points, "
        f"but the {'given' if where == '--tiebreaks' else 'declared'} tie-breaks ({where}: "
        f"{', '.join(codes)}; {s.edition.name}) rank player {low.start_rank} above{why}{more}",
        found=f"rank {low.rank}",
        expected=f"a rank above {high.rank}",
    )


def _not_judged(
    line: int, column: int, where: str, why: str, judged: str | None = None
) -> Diagnostic:
    """S122: the players' declared ranks are not judged against all of the
    tie-breaks (``judged``: on these only), and why."""
    given = "given" if where == "--tiebreaks" else "declared"
    if judged is None:
        message = (
            f"the declared ranks (001) are not judged by the {given} tie-breaks ({where}): {why}"
        )
        found = why
    else:
        message = (
            f"the declared ranks (001) are judged by the {given} tie-breaks ({where}) up to "
            f"{judged} only: {why}"
        )
        found = f"judged by {judged}"
    return diag(
        "S122",
        line,
        column,
        message,
        found=found,
        expected="every player ranked, and each tie-break defined for the players who share "
        "their points",
    )


def _against(
    entries: Sequence[tuple[object, int, int]], group: dict[int, int]
) -> list[tuple[int, int]]:
    """The pairs (lower, higher) of numbers with the same score whose
    declared ranks the computed groups order the other way, the first one
    (by the higher's rank, then the lower's) first. ``entries``: (score,
    declared rank, number); ``group``: each number's computed group (equal
    for those the tie-breaks leave tied, who may be in any order)."""
    by_score: dict[object, list[tuple[int, int]]] = {}
    for score, rank, number in entries:
        by_score.setdefault(score, []).append((rank, number))
    rank_of = {number: rank for _, rank, number in entries}
    wrong: list[tuple[int, int]] = []
    for same in by_score.values():
        if len(same) < 2:
            continue
        same.sort()
        worst: int | None = None  # the worst computed group ranked above so far
        for _, n in same:
            if worst is not None and group[n] < group[worst]:
                wrong.append((n, worst))
            if worst is None or group[n] > group[worst]:
                worst = n
    wrong.sort(key=lambda pair: (rank_of[pair[1]], rank_of[pair[0]]))
    return wrong


def _separating(codes: Sequence[str], a: Mapping[str, object], b: Mapping[str, object]) -> str:
    """`` (CODE: a's value against b's)`` for the first tie-break of
    ``codes`` whose values differ, else nothing."""
    from trfkit.tiebreaks.standings import value_text

    for c in codes:
        if a[c] != b[c]:
            return f" ({c}: {value_text(a[c])} against {value_text(b[c])})"  # type: ignore[arg-type]
    return ""


def _groups(ranks: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Each number's computed group, from (number, computed rank) in rank
    order: one group for those sharing a rank (still tied)."""
    group: dict[int, int] = {}
    position = 0
    last_rank = None
    for number, rank in ranks:
        if rank != last_rank:
            position, last_rank = position + 1, rank
        group[number] = position
    return group


def declared_team_ranks(
    t: Tournament, tiebreaks: str | Sequence[str | TieBreak] | None = None
) -> Iterator[Diagnostic]:
    """S120: teams with the same primary score whose declared ranks (310,
    columns 69-71) the declared tie-breaks (212, else 202; ``tiebreaks`` in
    their place) order the other way: one finding for the file, naming the
    first such pair. S121 (info): the ranks cannot be judged, as a declared
    tie-break is not computed for teams here; said rather than passed over,
    so that no finding is not read as ranks checked.

    Only for 310 teams that all have a rank; teams the tie-breaks leave
    tied may be in any order (C.07 4.2)."""
    # 310 carries the rank (013, which a file may also have, does not).
    teams = [team for team in t.teams if team.code == "310"]
    if not teams or any(not team.rank for team in teams):
        return
    records = _declarations(t)
    if tiebreaks is None and not records:
        return
    from trfkit.tiebreaks import (
        NotATeamEvent,
        declared_tiebreaks,
        parse_tiebreaks,
        team_standings,
    )

    if tiebreaks is not None:
        chosen = tuple(parse_tiebreaks(tiebreaks))
        # Given on the command line: the finding goes to the ranks it is
        # about, the first team's (310, columns 69-71).
        first = teams[0].origin
        where, line = "--tiebreaks", first.line if first else 0
    else:
        declared = declared_tiebreaks(t)
        if declared is None or declared.unknown:
            return  # S117 names the unknown code
        chosen, where = declared.tiebreaks, declared.record.code
        line = declared.record.origin.line if declared.record.origin else 0
    column = 69 if where == "--tiebreaks" else 5
    try:
        s = team_standings(t, chosen)
    except (NotATeamEvent, ValueError):
        return
    if s.not_computed:
        yield diag(
            "S121",
            line,
            column,
            f"the teams' declared ranks (310) are not judged: {', '.join(s.not_computed)} "
            f"({where}) {'is' if len(s.not_computed) == 1 else 'are'} not computed for teams "
            "here (trfkit standings FILE shows what is)",
            found=", ".join(s.not_computed),
            expected="team tie-breaks computed here: MP, GP, MPvGP, BH, BH:MP, BH:GP, "
            "EMMSB, EMGSB, EGMSB, EGGSB, EDE",
        )
        return
    found = _teams_ranked_against(teams, s, where)
    if found is not None:
        yield found


def _teams_ranked_against(teams: list[Team], s: TeamStandings, where: str) -> Diagnostic | None:
    """S120 for the teams whose ranks (310) ``s``'s tie-breaks order the
    other way, naming the first pair; teams left tied may be in any order
    (C.07 4.2)."""
    from trfkit.tiebreaks.standings import value_text

    rows = {row.number: row for row in s.rows}
    score = {
        n: (row.match_points if s.primary == "MP" else row.game_points) for n, row in rows.items()
    }
    numbers = {team.number: team for team in teams if team.number is not None}
    if set(numbers) != set(rows):
        return None
    pairs = _against(
        [(score[n], team.rank or 0, n) for n, team in numbers.items()],
        _groups((row.number, row.rank) for row in s.rows),
    )
    if not pairs:
        return None
    lo, hi = pairs[0]
    low, high = numbers[lo], numbers[hi]
    codes = [tb.text or tb.code for tb in s.tiebreaks]
    a, b = rows[lo], rows[hi]
    why = _separating(codes, a.tiebreaks, b.tiebreaks)
    more = (
        f"; {len(pairs)} teams in all are ranked against the tie-breaks" if len(pairs) > 1 else ""
    )
    return diag(
        "S120",
        low.origin.line if low.origin else 0,
        69,
        f"team {lo} {low.name.strip()} is ranked {low.rank}, below team {hi} "
        f"{high.name.strip()} (rank {high.rank}), both with {value_text(score[lo])} "
        f"{s.primary}, but the {'given' if where == '--tiebreaks' else 'declared'} tie-breaks "
        f"({where}: {', '.join(codes)}; {s.edition.name}) rank it above{why}{more}",
        found=f"rank {low.rank}",
        expected=f"a rank above {high.rank}",
    )


def _shared_points(s: Standings) -> set[int]:
    """The starting ranks of the players whose points another player has."""
    count: dict[object, int] = {}
    for row in s.rows:
        count[row.points] = count.get(row.points, 0) + 1
    return {row.start_rank for row in s.rows if count[row.points] > 1}


def berger_tables(n: int) -> list[list[tuple[int, int]]]:
    """The Berger tables of FIDE C.05 (Annex) for ``n`` players: the rounds,
    each a list of (white, black) pairing numbers; for an odd ``n`` the
    pairing number n + 1 stands for the free round.

    >>> berger_tables(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    m = n + (n % 2)
    rounds: list[list[tuple[int, int]]] = []
    for r in range(1, m):
        # In round r the players i and j with i + j = r + 1 (mod m - 1) meet,
        # and player m meets the one with 2p = r + 1; m has black in odd
        # rounds. Of i and j, white is the one the other lies an odd number
        # of steps after.
        p = next(q for q in range(1, m) if (2 * q - r - 1) % (m - 1) == 0)
        pairs = [(m, p) if r % 2 == 0 else (p, m)]
        for i in range(1, m):
            j = (r + 1 - i) % (m - 1) or (m - 1)
            if i < j and i != p:
                pairs.append((i, j) if (j - i) % 2 == 1 else (j, i))
        rounds.append(sorted(pairs, key=lambda pair: (pair[0] != m and pair[1] != m, min(pair))))
    return rounds


_FREE = 0


@check(
    Code(
        "S118",
        "structure.berger-tables",
        Severity.WARNING,
        "A round robin whose pairings follow the Berger tables (FIDE C.05 Annex) "
        "under no numbering of its players: the message gives the table's pairing "
        "(by starting rank) of the first round that differs. A double round robin's "
        "first cycle is compared, its last two rounds in either order; a round robin "
        "not yet finished is not judged.",
        "FIDE C.05 Annex (Berger tables for round-robin tournaments)",
        ex.lines(
            *ex.HEAD,
            "092 Round robin",
            *ex.field(
                [2400, 2300, 2200, 2100], [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]
            ),
        ),
        ex.lines(
            *ex.HEAD,
            "092 Round robin",
            *ex.field(
                [2400, 2300, 2200, 2100], [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
            ),
        ),
        "Pair by the Berger table for the number of players, with the drawn "
        "numbers as starting ranks (or say in the event's rules which tables were used).",
        plain="round-robin pairings off the Berger tables",
    ),
)
def berger_pairings(context: Context) -> Iterator[Diagnostic]:
    """S118: a round robin whose pairings follow the Berger tables (C.05
    Annex) under no numbering of its players; one finding, on the first
    round that differs from the table read by starting rank, with the
    table's pairing of that round. A double round robin's first cycle is
    compared, its last two rounds in either order (C.05 advises swapping
    them); a round robin not yet finished is not judged."""
    t = context.tournament
    ev = context.event
    if ev.type not in (TournamentType.ROUND_ROBIN, TournamentType.DOUBLE_ROUND_ROBIN) or t.teams:
        return
    ranks = sorted(p.start_rank for p in t.players)
    n = len(ranks)
    if n < 3 or len(set(ranks)) != n or ranks != list(range(1, n + 1)):
        return
    tables = berger_tables(n)
    m = n + (n % 2)
    if t.rounds_played < m - 1:
        return
    played = [_round_games(t, r, m) for r in range(1, m)]
    if any(not 0 < x <= m for games in played for game in games for x in game):
        return  # an opponent who is no player (S10x's): no numbering can hold
    wanted = [set(table) for table in tables]
    double = ev.type is TournamentType.DOUBLE_ROUND_ROBIN
    swapped = [*wanted[:-2], wanted[-1], wanted[-2]]
    colours_only = False
    for label in _labellings(played, tables, n, m):
        games = [{(label[w], label[b]) for w, b in pairs} for pairs in played]
        if games == wanted or (double and games == swapped):
            return
        loose = [_unordered(x) for x in games]
        if loose == [_unordered(x) for x in wanted] or (
            double and loose == [_unordered(x) for x in swapped]
        ):
            colours_only = True
    why = (
        "the games follow the table under another numbering of the players, but not its colours"
        if colours_only
        else "no numbering of the players makes the pairings follow the table"
    )
    for r, (table, pairs) in enumerate(zip(tables, played, strict=True), 1):
        if pairs == set(table):
            continue
        first = t.players[0]
        expected = _shown(table, m, n)
        found = _shown(sorted(pairs, key=lambda g: (m not in g, min(g))), m, n)
        yield diag(
            "S118",
            line_of(first),
            cell_column(r, "opponent"),
            f"round {r} does not follow the Berger table for {n} players (FIDE C.05 Annex): "
            f"the table pairs {expected} (white first, starting ranks as pairing numbers); "
            f"the file has {found}; {why}",
            found=found,
            expected=expected,
            # A type read from the pairings alone (no 092/192) may be a small
            # Swiss in which everyone met: said, not judged.
            severity=Severity.INFO if ev.type_source == "pairings" else None,
        )
        return


def _unordered(games: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return {(min(w, b), max(w, b)) for w, b in games}


def _shown(games: list[tuple[int, int]], m: int, n: int) -> str:
    return ", ".join(f"{min(w, b)} free" if m > n and m in (w, b) else f"{w}-{b}" for w, b in games)


def _round_games(t: Tournament, r: int, m: int) -> set[tuple[int, int]]:
    """Round ``r``'s games as (white, black) starting ranks; a free round is
    a game against ``m`` (the table's number for it), with the colour the
    table gives, which the file cannot show (so both are stored)."""
    games: set[tuple[int, int]] = set()
    for p in t.players:
        g = p.game(r) if p.cell_count >= r else None
        if g is None or g.opponent is None:
            games.add((p.start_rank, m) if r % 2 else (m, p.start_rank))
        elif g.colour is Colour.WHITE:
            games.add((p.start_rank, g.opponent))
        elif g.colour is not Colour.BLACK:
            games.add((min(p.start_rank, g.opponent), max(p.start_rank, g.opponent)))
    return games


def _labellings(
    played: list[set[tuple[int, int]]], tables: list[list[tuple[int, int]]], n: int, m: int
) -> Iterator[dict[int, int]]:
    """Numberings of the players under which the file might follow the
    table: the starting ranks first; then, as player m meets one player
    in each round of the table, each choice of who is m fixes the numbers
    of his opponents round by round (for an odd field m is the free round)."""
    yield {**{i: i for i in range(1, n + 1)}, m: m}
    mates = [next(p if w == m else w for w, p in table if m in (w, p)) for table in tables]
    for x in [m] if m > n else range(1, n + 1):
        label = {x: m}
        for games, mate in zip(played, mates, strict=True):
            opp = next((b if w == x else w for w, b in games if x in (w, b)), None)
            if opp is None or label.get(opp, mate) != mate:
                break
            label[opp] = mate
        else:
            if len(label) == m:
                yield label
