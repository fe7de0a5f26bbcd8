"""Checks on the standings a file declares: points (81-84) and rank (86-89)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from decimal import Decimal
from operator import attrgetter
from typing import TypeVar

import attrs

from trfkit import _examples as ex
from trfkit.checks._util import (
    MANY_FINDINGS,
    diag,
    first_named,
    line_of,
    one_or_each,
    player_label,
    unreadable_fields,
)
from trfkit.checks.registry import Context, check
from trfkit.codes import Code
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import (
    COLOUR_OF,
    RESULT_OF,
    UNREADABLE,
    AbnormalPoints,
    Accelerations,
    BbpPoints,
    Cells,
    Colour,
    EngineRecord,
    Player,
    Result,
    Scoring,
    Tournament,
)
from trfkit.scoring import (
    ScoredCells,
    ScoringSystem,
    abnormal_points_by_player,
    expected_points,
    scoring_of,
)

__all__ = ["MANY_RANK_FINDINGS", "declared_points", "displaced", "ranks"]

_PLAYER = {f.name: f for f in layout("player").fields}
_POINTS_COLUMN = _PLAYER["points"].first
_RANK_COLUMN = _PLAYER["rank"].first
_ZERO = Decimal(0)
_RANK = attrgetter("rank")
_T = TypeVar("_T")


@attrs.frozen
class _Scoring:
    """What S104 reads once: the scoring, its cells' values (as Decimals for
    the messages, as units for the sums), 299 and XXA by player."""

    scoring: ScoringSystem
    source: str
    scored: ScoredCells
    by_result: dict[str, Decimal] | None
    by_cell: dict[tuple[str, str], Decimal]
    abnormal: dict[int, list[AbnormalPoints]]
    accelerated: dict[int, Decimal]
    least: Decimal
    most: Decimal
    scaled: dict[Decimal, int | None]
    """Declared points in units (None: not a whole number of units, so no
    sum); a file has few distinct values, and the reader shares them."""
    pending: int | None = None
    """The 0-based round paired and not played (:func:`round_paired_not_played`):
    a bye given in it may not be in the points yet."""

    @classmethod
    def of(cls, t: Tournament) -> _Scoring:
        from trfkit.summary import round_paired_not_played

        scoring = scoring_of(t)
        table = scoring.table()
        # Keyed by the characters of Cells; by result alone when the
        # scoring gives each result the same points with either colour, as
        # most do.
        colourless = {r.value: table[r, Colour.WHITE] for r in Result}
        same = all(v == colourless[r.value] for (r, _), v in table.items() if r is not None)
        return cls(
            scoring=scoring,
            source="the default 1/½/0"
            if scoring.source == "default"
            else f"the {scoring.source} scoring",
            scored=ScoredCells.of(scoring),
            by_result=colourless if same else None,
            by_cell={(r.value, c.value): v for (r, c), v in table.items() if r is not None},
            abnormal=abnormal_points_by_player(t),
            accelerated={
                r.id: sum((v for v in r.values if v is not None), Decimal(0))
                for r in t.records_of(Accelerations)
                if r.id is not None
            },
            # What a cell the reader could not read (P002) may be worth.
            least=min(table.values()),
            most=max(table.values()),
            scaled={},
            pending=None if (r := round_paired_not_played(t)) is None else r - 1,
        )

    def expected(self, p: Player, points: Decimal, colours: str, results: str) -> Decimal | None:
        """The points ``p``'s results give, or ``None`` when they are the
        declared ``points`` (summed in units first: the check's whole cost
        on a big file was a Decimal sum a line)."""
        if p.start_rank in self.abnormal:
            return expected_points(p, self.scoring, self.abnormal[p.start_rank])
        units = self.scored.total(results, colours)
        if points in self.scaled:
            declared = self.scaled[points]
        else:
            in_units = points * self.scored.scale
            whole = int(in_units)
            declared = self.scaled[points] = whole if whole == in_units else None
        if declared == units:
            return None
        if self.by_result is not None:
            return sum(map(self.by_result.__getitem__, results), _ZERO)
        return sum(map(self.by_cell.__getitem__, zip(results, colours, strict=True)), _ZERO)

    def agrees(
        self, t: Tournament, p: Player, points: Decimal, expected: Decimal, cells: Cells
    ) -> bool:
        """Whether ``points`` is ``expected`` as the file may count it: with
        or without XXA acceleration (engines differ), and in a team event
        without the player's byes."""
        if points == expected or points == expected + self.accelerated.get(p.start_rank, 0):
            return True
        if self._without_pending_bye(p, points, expected, cells):
            return True
        if not t.teams:
            return False
        # Like with like: a team event's 001 points may be the player's
        # score over the board and by forfeit, without his byes (a team's
        # bye, a rest round).
        table = self.scoring.table()
        byes = sum(
            (
                table[RESULT_OF[r], COLOUR_OF[c]]
                for o, c, r in zip(cells.opponents, cells.colours, cells.results, strict=True)
                if o is None
            ),
            _ZERO,
        )
        return bool(byes) and points == expected - byes

    def _without_pending_bye(
        self, p: Player, points: Decimal, expected: Decimal, cells: Cells
    ) -> bool:
        """A round paired and not played: the points a pairing program
        writes are those before it (bbpPairings, JaVaFo, trfkit pair), so a
        bye given in it (the pairing-allocated one, a requested one) may not
        be counted yet; either total is accepted."""
        r = self.pending
        if r is None or r >= len(cells.results) or cells.opponents[r] is not None:
            return False
        bye = self.scoring.table()[RESULT_OF[cells.results[r]], COLOUR_OF[cells.colours[r]]]
        before = expected - bye
        return bool(bye) and points in (before, before + self.accelerated.get(p.start_rank, 0))


@check(
    Code(
        "S104",
        "structure.points",
        Severity.ERROR,
        "A player's declared points (columns 81-84) differ from the points his "
        "results give under the event's scoring: TRF26 162, XXS or BB* when "
        "given, else 1/½/0 with a full point for F and U byes and a half for H. "
        "TRF26 299 bonuses and penalties are counted; XXA acceleration may be "
        "included or not. A file whose every line declares 0 points (the column "
        "left unfilled) gets one finding, not one a player; so do the totals of "
        "several players that count byes written blank as half- or full-point byes.",
        "TRF16 §2.2 (points); TRF26 162, 299",
        ex.lines(*ex.HEAD, ex.pl(1, "Novak, Jan", 14600012, "2.0", "   2 w 1"), ex.B),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Recompute the points from the results, or declare the scoring system (162).",
        plain="points that do not add up",
    ),
)
def declared_points(context: Context) -> Iterator[Diagnostic]:
    """S104: points (81-84) that the results do not give under the event's scoring.

    The scoring is 162, XXS or BB* when the file has one, else 1/½/0 with a
    full point for the full-point and pairing-allocated byes (TRF16 §2.3).
    Acceleration (XXA) may be included in the declared points or not: engines
    differ, so either total is accepted.
    """
    t = context.tournament
    s = _Scoring.of(t)
    unknown_162 = yield from _unknown_symbols(t)
    # In team events the 001 points are informative (TRF26 §3.3) and the
    # team records (240, 299, 320, 330) may give the members points this
    # check does not follow; a 162 symbol of no known meaning may change any
    # total. Either way a difference is said, not judged.
    unsure = Severity.INFO if t.teams or unknown_162 else None
    why = _unsure_why(t, unknown_162)
    unfilled: list[tuple[Player, Decimal, Decimal]] = []
    wrong: list[tuple[Player, Decimal, Decimal]] = []
    counted: dict[str, list[tuple[Player, Decimal, Decimal, str]]] = {}
    for p, cells in zip(t.players, context.pairings.cells, strict=True):
        points = p.points
        if points is None or not cells.results:
            continue
        if UNREADABLE in cells.results:
            # Sum what can be read; the total is certain to be wrong only
            # when no value of the unread cells makes it right.
            found = _uncertain(
                p,
                (points, points - s.accelerated.get(p.start_rank, 0)),
                s.scoring,
                s.abnormal.get(p.start_rank),
                (s.least, s.most),
                (unsure, why),
            )
            if found is not None:
                yield found
            continue
        expected = s.expected(p, points, cells.colours, cells.results)
        if expected is None or s.agrees(t, p, points, expected, cells):
            continue
        if points == 0:
            # Held back: a file whose every line declares 0 points left the
            # column unfilled, one cause said once (below).
            unfilled.append((p, expected, points))
            continue
        cause = _bye_cause(p, s.scoring, points - expected)
        if cause is not None:
            # Held back too: a writer that counts its blank byes does so on
            # every line that has one (below).
            counted.setdefault(cause[0], []).append((p, points, expected, cause[1]))
            continue
        wrong.append((p, points, expected))
    yield from _held_back(t, s, (wrong, counted, unfilled), why, unsure)


def _mismatch(
    s: _Scoring,
    p: Player,
    points: Decimal,
    expected: Decimal,
    why: str,
    unsure: Severity | None,
) -> Diagnostic:
    return diag(
        "S104",
        line_of(p),
        _POINTS_COLUMN,
        f"player {p.start_rank} declares {_fmt(points)} points, but the results give "
        f"{_fmt(expected)} under {s.source}{_guess(p, s.scoring, points - expected)}" + why,
        found=_fmt(points),
        expected=_fmt(expected),
        severity=unsure,
    )


def _held_back(
    t: Tournament,
    s: _Scoring,
    found: tuple[
        list[tuple[Player, Decimal, Decimal]],
        dict[str, list[tuple[Player, Decimal, Decimal, str]]],
        list[tuple[Player, Decimal, Decimal]],
    ],
    why: str,
    unsure: Severity | None,
) -> Iterator[Diagnostic]:
    """S104 for the totals that differ: one finding for a cause many lines
    share (another scoring than the one declared, byes written blank and
    counted, a points column left unfilled), else one a player."""
    wrong, counted, unfilled = found
    if len(wrong) > 1 and s.scoring.source != "default":
        # Totals that all follow 1/½/0 where 162 (XXS, BB*) declares another
        # scoring are one fault, the declaration's or the points column's,
        # not one per player.
        default = ScoringSystem.default()
        if all(
            points
            in (
                e := expected_points(p, default, s.abnormal.get(p.start_rank)),
                e + s.accelerated.get(p.start_rank, 0),
            )
            for p, points, _ in wrong
        ):
            yield _other_scoring(t, s.scoring, wrong, why, unsure)
            wrong = []
    for p, points, expected in wrong:
        yield _mismatch(s, p, points, expected, why, unsure)
    for code, lines in counted.items():
        if len(lines) > 1:
            yield _counted_byes(code, lines, s.source, why, unsure)
        else:
            yield from (_mismatch(s, p, pts, exp, why, unsure) for p, pts, exp, _ in lines)
    if len(unfilled) > 1 and all(
        p.points == 0 for p in t.players if p.points is not None and p.cell_count
    ):
        shown = ", ".join(f"player {p.start_rank}: {_fmt(x)}" for p, x, _ in unfilled[:5])
        zero = _fmt(unfilled[0][2])
        more = f" and {len(unfilled) - 5} more" if len(unfilled) > 5 else ""
        yield diag(
            "S104",
            line_of(unfilled[0][0]),
            _POINTS_COLUMN,
            f"every player line declares {zero} points, but the results give {len(unfilled)} "
            f"players points under {s.source} ({shown}{more}): the points column was left "
            "unfilled" + why,
            found=f"{zero} on every line",
            expected="each player's points",
            severity=unsure,
        )
        return
    for p, expected, points in unfilled:
        yield _mismatch(s, p, points, expected, why, unsure)


def _other_scoring(
    t: Tournament,
    scoring: ScoringSystem,
    wrong: list[tuple[Player, Decimal, Decimal]],
    unsure_why: str,
    severity: Severity | None,
) -> Diagnostic:
    """S104 for totals that all follow the default 1/½/0 where the file
    declares another scoring: one finding, on the declaration's line."""
    code = scoring.source
    record: Scoring | EngineRecord | BbpPoints | None = t.scoring if code == "162" else None
    if record is None:
        record = next(
            (
                r
                for r in t.records
                if (code == "XXS" and isinstance(r, EngineRecord) and r.code == "XXS")
                or (code == "BB*" and isinstance(r, BbpPoints))
            ),
            None,
        )
    origin = getattr(record, "origin", None)
    line = origin.line if origin is not None else line_of(wrong[0][0])
    return diag(
        "S104",
        line,
        5 if origin is not None else _POINTS_COLUMN,
        f"{len(wrong)} players declare the points the results give under the default "
        f"1/½/0, not under the {code} scoring the file declares: "
        + first_named(
            (
                f"player {p.start_rank} {_fmt(points)} ({code}: {_fmt(expected)})"
                for p, points, expected in wrong
            ),
            len(wrong),
        )
        + f"; either {code} or the points column is wrong"
        + unsure_why,
        found=f"{len(wrong)} totals under 1/½/0",
        expected=f"the totals of the {code} scoring",
        severity=severity,
    )


def _counted_byes(
    code: str,
    lines: list[tuple[Player, Decimal, Decimal, str]],
    source: str,
    unsure_why: str,
    severity: Severity | None,
) -> Diagnostic:
    """S104 for players whose totals count byes written with no result as
    ``code`` byes: one writer's habit, said once."""
    kind = _BYE_KINDS[code]
    return diag(
        "S104",
        line_of(lines[0][0]),
        _POINTS_COLUMN,
        f"{len(lines)} players declare more points than the results give under {source}: "
        f"their totals count the byes written with no points (blank or Z) as {kind} byes: "
        + first_named(
            (
                f"player {p.start_rank} {_fmt(points)} against {_fmt(expected)} (round(s) {rounds})"
                for p, points, expected, rounds in lines
            ),
            len(lines),
        )
        + f"; if they were {kind} byes, write {code}"
        + unsure_why,
        found=f"{len(lines)} totals counting blank byes",
        expected=f"{code} for a {kind} bye",
        severity=severity,
    )


def _unsure_why(t: Tournament, unknown_162: list[str]) -> str:
    if unknown_162:
        return f"; 162 gives {', '.join(unknown_162)}, whose meaning is not known, so not judged"
    if t.teams:
        return "; in a team event these points are informative and may count team byes or forfeits, so not judged"
    return ""


# TRF26 162 symbols (W D L A P, and X for an unknown result) and the team
# match-point symbols of 362 that a writer may put on 162 by mistake.
_162_SYMBOLS = frozenset("WDLAPX")
_362_SYMBOLS = frozenset({"TW", "TD", "TL"})


def _unknown_symbols(t: Tournament) -> Generator[Diagnostic, None, list[str]]:
    """S104 (info): symbols of 162 that score no game, said on the 162 line;
    returns them."""
    record = t.scoring
    if record is None:
        return []
    unknown = [sym for sym, _ in record.scores if sym.upper() not in _162_SYMBOLS]
    if not unknown:
        return []
    team = [sym for sym in unknown if sym.upper() in _362_SYMBOLS]
    yield diag(
        "S104",
        record.origin.line if record.origin else 0,
        5,
        f"162 gives {', '.join(unknown)}: "
        + (
            "team match points, the symbols of 362; 162 scores the games, so "
            if team
            else "no TRF26 game-scoring symbol (W D L A P X), so "
        )
        + "they are not used for the players' points",
        found=" ".join(unknown),
        expected="162 symbols W D L A P X (team match points go in 362)",
        severity=Severity.INFO,
    )
    return unknown


def _uncertain(
    p: Player,
    declared: tuple[Decimal, Decimal],
    scoring: ScoringSystem,
    abnormal: list[AbnormalPoints] | None,
    values: tuple[Decimal, Decimal],
    unsure: tuple[Severity | None, str],
) -> Diagnostic | None:
    """S104 for a line with unreadable cells: each unread one is worth from
    the least to the most of ``values``; a declared total (with or without
    acceleration: ``declared``) outside the range the readable cells leave
    is wrong whatever the unread cells hold. ``unsure``: the severity and
    the words of a total not judged (a team event's informative points, as
    on every other line: the same data gets the same severity whether or
    not a cell of it can be read)."""
    points = declared[0]
    least, most = values
    unread = sum(1 for g in p.games if g.result is None)
    readable = expected_points(p, scoring, abnormal)  # an unread cell counts 0
    low, high = readable + unread * least, readable + unread * most
    if any(low <= x <= high for x in declared):
        return None
    return diag(
        "S104",
        line_of(p),
        _POINTS_COLUMN,
        f"player {p.start_rank} declares {_fmt(points)} points; the results that can be read "
        f"give {_fmt(readable)}, and {unread} result(s) could not be read (P002), so the "
        f"total is uncertain, but it lies between {_fmt(low)} and {_fmt(high)}" + unsure[1],
        found=_fmt(points),
        expected=f"{_fmt(low)} to {_fmt(high)}",
        severity=unsure[0],
    )


def _decimal_places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _bye_cause(p: Player, scoring: ScoringSystem, missing: Decimal) -> tuple[str, str] | None:
    """The likely cause when unscored byes account for the difference: the
    bye's code that would make the total right, and the rounds.

    Some programs (ICU's among them) write a rest round as a bye with a blank
    result, which TRF16 scores as a zero-point bye, yet count it as a half
    point in the total.
    """
    blank = [i + 1 for i, g in enumerate(p.games) if g.result in _UNSCORED and g.opponent is None]
    if not blank or missing <= 0:
        return None
    for code in ("H", "F"):
        value = scoring.values["HPB" if code == "H" else "FPB"]
        if value * len(blank) == missing:
            return code, ", ".join(map(str, blank))
    return None


_BYE_KINDS = {"H": "half-point", "F": "full-point"}


def _guess(p: Player, scoring: ScoringSystem, missing: Decimal) -> str:
    """:func:`_bye_cause` said in a finding's words, or nothing."""
    cause = _bye_cause(p, scoring, missing)
    if cause is None:
        return ""
    code, rounds = cause
    return (
        f"; the byes of round(s) {rounds} have no points (blank or Z): "
        f"if they were {_BYE_KINDS[code]} byes, write {code}"
    )


_UNSCORED = (Result.BLANK, Result.ZERO_POINT_BYE)


def _fmt(points: Decimal) -> str:
    """Points with one decimal, or as many as they need (a scoring in
    hundredths: 1.75 is not "1.8", 0.01 not "0.0")."""
    return f"{points:.{max(1, _decimal_places(points.normalize()))}f}"


# More findings of one kind than this, and the rank column is broken
# wholesale (start ranks, ranks shifted by a line, another column's values):
# one finding says so, with the count and the first players, rather than a
# line per player that an arbiter would read as many faults.
MANY_RANK_FINDINGS = MANY_FINDINGS


@check(
    Code(
        "S105",
        "structure.ranks",
        Severity.ERROR,
        "Ranks (columns 86-89) that are not an ordering of the declared points: a "
        "player ranked below someone with fewer points, or a rank above the "
        "number of players. A missing rank is a warning. Up to 10 players of one "
        "kind are reported each; beyond that the column is broken wholesale (start "
        "ranks, shifted ranks) and one finding gives the count and the first players; "
        "so does a rank column that repeats the starting ranks, at any count.",
        "TRF16 §2.2 (rank: mandatory for rating)",
        ex.lines(
            *ex.HEAD,
            ex.pl(1, "Novak, Jan", 14600012, "0.0", "   2 w 0"),
            ex.pl(2, "Horvat, Eva", 14600020, "1.0", "   1 b 1"),
        ),
        ex.lines(*ex.HEAD, ex.A, ex.B),
        "Rank the players by their points (ties by the tie-breaks).",
        plain="ranks out of order",
    ),
)
def ranks(context: Context) -> Iterator[Diagnostic]:
    """S105: ranks (86-89) that are not an ordering of the declared points.

    A player with more points must rank above one with fewer; ranks lie in
    1..n. Not checked in team events, whose standings are the teams'. A
    missing rank is a warning: TRF16 lists the rank among the fields the
    rating server needs, but many programs leave it empty during an event.

    Each kind of fault (no rank, a rank beyond the field, a player ranked
    below one with fewer points) is reported once per player up to
    :data:`MANY_RANK_FINDINGS` players; beyond that, once for the file, on
    the first player's line, with the count and the first players. Players
    out of order in a rank column that repeats the starting ranks are one
    finding at any count: one cause.
    """
    t = context.tournament
    players = [p for p in t.players if p.points is not None]
    if not players or t.teams:
        # In team events the 001 points are informative and the standings
        # are the teams' (TRF26 §3.3), so players' ranks need not follow them.
        return
    unranked = [p for p in players if not p.rank]
    if unranked:
        # A rank the reader could not read ('X') is its P002 error, not a
        # missing rank besides.
        unreadable = unreadable_fields(t)
        unranked = [p for p in unranked if (line_of(p), _RANK_COLUMN) not in unreadable]
    if unranked and len(unranked) == len(players):
        yield diag(
            "S105",
            line_of(players[0]),
            _RANK_COLUMN,
            "no player has a rank (columns 86-89 are blank or 0 on every 001 line)",
            found="blank",
            expected="the final rank of each player",
            severity=Severity.WARNING,
        )
        return
    yield from one_or_each(unranked, _no_rank, lambda: _no_ranks(unranked, len(players)))
    ranked = sorted((p for p in players if p.rank), key=_RANK)
    n = len(t.players)
    beyond = [p for p in ranked if p.rank is not None and p.rank > n]
    yield from one_or_each(beyond, lambda p: _beyond(p, n), lambda: _all_beyond(beyond, n))
    below = _displaced(ranked)
    if len(below) > 1 and all(p.rank == p.start_rank for p in ranked):
        # One cause, whatever the count: the column repeats the starting
        # ranks (a pairing program's file written during the event).
        yield _out_of_order(below, ranked)
        return
    yield from one_or_each(below, lambda pair: _below(*pair), lambda: _out_of_order(below, ranked))


def _no_rank(p: Player) -> Diagnostic:
    return diag(
        "S105",
        line_of(p),
        _RANK_COLUMN,
        f"player {p.start_rank} has no rank",
        found="blank" if p.rank is None else "0",
        expected="the player's final rank",
        severity=Severity.WARNING,
    )


def _no_ranks(unranked: list[Player], players: int) -> Diagnostic:
    return diag(
        "S105",
        line_of(unranked[0]),
        _RANK_COLUMN,
        f"{len(unranked)} of the {players} players have no rank: "
        + first_named(map(player_label, unranked), len(unranked)),
        found=f"{len(unranked)} blank ranks",
        expected="the final rank of each player",
        severity=Severity.WARNING,
    )


def _beyond(p: Player, n: int) -> Diagnostic:
    return diag(
        "S105",
        line_of(p),
        _RANK_COLUMN,
        f"player {p.start_rank} is ranked {p.rank}, but the file has {n} players",
        found=str(p.rank),
        expected=f"a rank from 1 to {n}",
    )


def _all_beyond(beyond: list[Player], n: int) -> Diagnostic:
    return diag(
        "S105",
        line_of(beyond[0]),
        _RANK_COLUMN,
        f"{len(beyond)} players are ranked beyond the {n} players of the file: "
        + first_named((f"{player_label(p)} ranked {p.rank}" for p in beyond), len(beyond)),
        found=f"{len(beyond)} ranks above {n}",
        expected=f"ranks from 1 to {n}",
    )


def _below(p: Player, lowest: Player) -> Diagnostic:
    return diag(
        "S105",
        line_of(p),
        _RANK_COLUMN,
        f"player {p.start_rank} is ranked {p.rank} with {_points(p)} points, "
        f"below player {lowest.start_rank} (rank {lowest.rank}) who has {_points(lowest)}",
        found=str(p.rank),
        expected=f"a rank above {lowest.rank}",
    )


def _out_of_order(below: list[tuple[Player, Player]], ranked: list[Player]) -> Diagnostic:
    """The rank column broken wholesale: said once, with what it looks like."""
    cause = ""
    if all(p.rank == p.start_rank for p in ranked):
        cause = " (the rank column repeats the starting ranks)"
    return diag(
        "S105",
        line_of(below[0][0]),
        _RANK_COLUMN,
        f"the ranks do not follow the points: {len(below)} of the {len(ranked)} ranked "
        f"players are ranked below a player with fewer points{cause}: "
        + first_named(
            (
                f"rank {p.rank} {_name(p)} with {_points(p)} (rank {q.rank} has {_points(q)})"
                for p, q in below
            ),
            len(below),
        ),
        found=f"{len(below)} players out of order",
        expected="ranks in order of points (more points, a better rank; ties by the tie-breaks)",
    )


def displaced(t: Tournament) -> list[tuple[Player, Player]]:
    """The players ranked below one with fewer points, in rank order, each
    with the first player ranked above him who has the fewest points (what
    S105 reports); none in a team event."""
    if t.teams:
        return []
    return _displaced(sorted((p for p in t.players if p.points is not None and p.rank), key=_RANK))


def _displaced(ranked: list[Player]) -> list[tuple[Player, Player]]:
    """:func:`displaced` of the players with points and a rank, in rank order."""
    # Walk down the ranking, rank group by rank group, keeping the player
    # with the fewest points among those ranked above: anyone with more
    # points than him is out of order. One pass, so 9999 players cost no
    # more than a sort. (A plain loop rather than groupby and min: most
    # groups hold one player, and the calls per group were most of the cost.)
    found: list[tuple[Player, Player]] = []
    lowest: Player | None = None  # the fewest points in the groups above (the first such)
    low = _ZERO
    weakest: Player | None = None  # the fewest points in this group so far (the first such)
    weak = _ZERO
    group = None
    for p in ranked:
        points = p.points if p.points is not None else _ZERO
        if p.rank != group:
            # A new group: the last one joins those above.
            if weakest is not None and (lowest is None or weak < low):
                lowest, low = weakest, weak
            group, weakest, weak = p.rank, p, points
        elif points < weak:
            weakest, weak = p, points
        if lowest is not None and low < points:
            found.append((p, lowest))
    return found


def _name(p: Player) -> str:
    return p.name.strip() or f"player {p.start_rank}"


def _points(p: Player) -> str:
    return _fmt(p.points if p.points is not None else _ZERO)
