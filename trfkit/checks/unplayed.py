"""R501, R502: what the rating will not count, and rated results with no game.

FIDE 2002 §5.1, 2009 §5, 2024 §5.1, Rapid & Blitz 2024 §4.1: unplayed games,
"whether these occur because of forfeiture or any other reason", are not
counted; TRF16 marks only ``1``, ``=`` and ``0`` between two players as rated.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import compress

from trfkit import _examples as ex
from trfkit.checks._util import cell_column, diag, line_of, unreadable_fields
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import UNREADABLE, Result
from trfkit.rating.eligibility import UNPLAYED

__all__ = ["rated_result_without_game", "unrated_cells"]

_BLANK = Result.BLANK.value
# Results that put nothing in a line's R501 list: the rated ones, and an
# unreadable cell (P002).
_NOTHING_TO_SAY = frozenset({Result.WIN.value, Result.DRAW.value, Result.LOSS.value, UNREADABLE})
_RATED_CODES = frozenset({Result.WIN, Result.LOSS})
_UNRATED = frozenset(r.value for r in Result) - _NOTHING_TO_SAY


@check(
    Code(
        "R501",
        "regulation.unrated-games",
        Severity.INFO,
        "Rounds of a player that the rating will not count: forfeits, byes, games "
        "of less than one move (W D L), rounds with no result. Listed so the arbiter "
        "sees them before submitting.",
        "FIDE 2002 §5.1, 2009 §5, 2024 §5.1; Rapid & Blitz 2024 §4.1",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            ex.pl(1, "Novak, Jan", 14600012, "1.0", "   2 w +"),
            ex.pl(2, "Horvat, Eva", 14600020, "0.0", "   1 b -"),
        ),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", ex.A, ex.B),
        "Nothing to fix if the rounds really were not played.",
        quote='FIDE 2009 §5: "Whether these occur because of forfeiture or any other reason, they are not counted. Any game where both players have made at least one move will be rated."',
        grouped="players have rounds the rating will not count (forfeits, byes, unplayed games)",
        plain="rounds the rating will not count",
    ),
    kind=Kind.REGULATION,
)
def unrated_cells(context: Context) -> Iterator[Diagnostic]:
    """R501 (info): per player, the rounds that will not be rated and why.

    Blank cells after a player's last game (not paired, or not played yet)
    are left out: they are no game at all; so are a team event's blank
    rounds, where a player was not in his team's line-up.
    """
    from trfkit.summary import round_paired_not_played

    t = context.tournament
    team_event = bool(t.teams)
    # A round paired and not played has no game the rating drops yet: its
    # boards have no result, its byes are given for a round to come.
    paired = round_paired_not_played(t)
    pending = -1 if paired is None else paired - 1
    for p, (opponents, _, results) in zip(t.players, context.pairings.cells, strict=True):
        # Most lines hold only rated results: one C-level pass says so.
        if _NOTHING_TO_SAY.issuperset(results):
            continue
        # Which rounds have no opponent matters only for blank results.
        unpaired = (
            tuple(i for i, o in enumerate(opponents) if o is None) if _BLANK in results else ()
        )
        said = _unrated_rounds(results, unpaired, team_event, pending)
        if said is None:
            continue
        first, text, found = said
        yield diag(
            "R501",
            line_of(p),
            cell_column(first, "result"),
            f"player {p.start_rank}: {text}",
            found=found,
            expected="rated games: 1, = or 0 between two players",
        )


# Lines repeat their patterns of unplayed rounds (a forfeit in round 3, a
# bye in round 5): each pattern is worded once. Bounded for servers.
@lru_cache(maxsize=1 << 16)
def _unrated_rounds(
    results: str, unpaired: tuple[int, ...], team_event: bool, pending: int = -1
) -> tuple[int, str, str] | None:
    """(first round, the finding's words, what was found) for a line whose
    ``results`` hold rounds the rating will not count; ``unpaired`` are the
    0-based rounds with no opponent (only asked for lines with a blank);
    ``pending`` the 0-based round paired and not played (-1: none), left out."""
    no_opponent = set(unpaired)
    end = len(results)
    if end - 1 == pending:
        # The round paired and not played ends the line: the blank rounds
        # before it are after the player's last game, as they were before
        # the round was paired.
        end -= 1
    while end and (end - 1) in no_opponent and results[end - 1] == _BLANK:
        end -= 1
    # The cells with something to say, picked out in C: a line here has
    # one or two among a dozen rated ones.
    rounds = list(compress(range(1, end + 1), map(_UNRATED.__contains__, results)))
    if pending >= 0:
        rounds = [r for r in rounds if r - 1 != pending]
    if team_event:
        # A board player left out of his team's line-up has a blank round:
        # he had no game, so there is nothing the rating drops.
        rounds = [r for r in rounds if not ((r - 1) in no_opponent and results[r - 1] == _BLANK)]
    if not rounds:
        return None
    whys: list[str] = []
    for r in rounds:
        why = UNPLAYED.get(results[r - 1])
        if why is None:  # blank result: TRF16 reads it as Z
            why = "not paired, read as Z" if (r - 1) in no_opponent else "no result yet"
        whys.append(why)
    listed = "; ".join([f"round {r}: {why}" for r, why in zip(rounds, whys, strict=True)])
    text = f"{len(rounds)} round{'s' if len(rounds) > 1 else ''} will not be rated ({listed})"
    return rounds[0], text, ", ".join(whys)


@check(
    Code(
        "R502",
        "regulation.rated-result-without-game",
        Severity.ERROR,
        "A rated result (1 or 0) in a round with no opponent: there was no game to "
        "rate. A bye is written with a bye code.",
        "FIDE 2024 §5.1; TRF16 §2.3",
        ex.lines(
            *ex.HEAD,
            "042 2025/05/01",
            "122 90+30",
            ex.A,
            ex.B,
            ex.pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - 1", place=2),
        ),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", ex.A, ex.B, ex.C_BYE),
        "Write the bye as 0000 - F (or U, H, Z), or give the opponent.",
        quote='FIDE 2009 §5: unplayed games, "whether these occur because of forfeiture or any other reason, [...] are not counted."',
        plain="a rated result without a game",
    ),
    kind=Kind.REGULATION,
)
def rated_result_without_game(context: Context) -> Iterator[Diagnostic]:
    """R502: a rated result code (1 or 0) in a cell with no opponent.

    ``0000 - 1`` claims a rated win where no game was played; the rating
    would either drop it silently or, worse, a program would rate it. (A
    ``=`` there is the TRF06 half-point bye, reported as S111.)
    """
    t = context.tournament
    ev = context.event
    unreadable = unreadable_fields(t)
    for p, r, g in context.pairings.byes:
        if g.result in _RATED_CODES:
            if (line_of(p), cell_column(r, "opponent")) in unreadable:
                continue  # an opponent the reader could not read (P002), not a bye
            yield diag(
                "R502",
                line_of(p),
                cell_column(r, "result"),
                f"round {r}: rated result {g.result.value!r} but no opponent; unplayed "
                f"games are not rated ({ev.rules.name})",
                found=f"0000 {g.colour.value} {g.result.value}",
                expected="a bye code (F for a full-point bye, Z for none) or the opponent",
            )
