"""The points a round cell is worth under the tournament's scoring system.

A TRF file may state its scoring in three ways: TRF-2026 record 162, the
JaVaFo extension ``XXS``, and bbpPairings' ``BBW``/``BBD``/... lines. Without
any of them the defaults apply: 1 for a win (played, forfeit, W, full-point
bye and pairing-allocated bye), ½ for a draw and a half-point bye, 0 for the
rest (TRF16 §2.3; TRF26 record 162).

:func:`scoring_of` reads the tournament's system once; :meth:`ScoringSystem.points`
then gives each cell's value, and :meth:`ScoringSystem.total` a player's total.

>>> from trfkit.model import Colour, Game, Result
>>> s = ScoringSystem.default()
>>> s.points(Game(2, Colour.WHITE, Result.DRAW))
Decimal('0.5')
>>> s.points(Game(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE))
Decimal('1')
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

import attrs

from trfkit.model import (
    AbnormalPoints,
    BbpPoints,
    Colour,
    EngineRecord,
    Game,
    Player,
    Result,
    Tournament,
)

__all__ = [
    "SCORING_162",
    "XXS_SHORTCUTS",
    "ScoredCells",
    "ScoringSystem",
    "abnormal_points_by_player",
    "expected_points",
    "scoring_of",
]

_ONE, _HALF, _ZERO = Decimal(1), Decimal("0.5"), Decimal(0)

# The keys of a scoring system: the XXS codes (JaVaFo's TRF(x) manual), which
# are the finest distinction any dialect makes (a win with white may be worth
# more than one with black).
_DEFAULTS: dict[str, Decimal] = {
    "WW": _ONE,  # win with white
    "BW": _ONE,  # win with black
    "WD": _HALF,
    "BD": _HALF,
    "WL": _ZERO,
    "BL": _ZERO,
    "FW": _ONE,  # forfeit win
    "FL": _ZERO,  # forfeit loss
    "FPB": _ONE,  # full-point bye
    "HPB": _HALF,  # half-point bye
    "ZPB": _ZERO,  # zero-point bye
    "PAB": _ONE,  # pairing-allocated bye
}

# XXS shortcuts (same manual): W sets every win value, D every draw value.
XXS_SHORTCUTS: dict[str, tuple[str, ...]] = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
}

# TRF-2026 record 162 symbols: W win (OTB, forfeit, full-point bye), D draw and
# half-point bye, L loss OTB, A absence (zero-point bye, forfeit loss),
# P pairing-allocated bye. (X, an unknown result, has no TRF16 result code.)
SCORING_162: dict[str, tuple[str, ...]] = {
    "W": ("WW", "BW", "FW", "FPB"),
    "D": ("WD", "BD", "HPB"),
    "L": ("WL", "BL"),
    "A": ("ZPB", "FL"),
    "P": ("PAB",),
}

# bbpPairings' point lines (README): win, draw, played loss, zero-point bye,
# forfeit loss, pairing-allocated bye.
_BBP = {
    "BBW": ("WW", "BW", "FW", "FPB"),
    "BBD": ("WD", "BD", "HPB"),
    "BBL": ("WL", "BL"),
    "BBZ": ("ZPB",),
    "BBF": ("FL",),
    "BBU": ("PAB",),
}


@attrs.frozen
class ScoringSystem:
    """The value of each kind of result, keyed by the XXS codes."""

    values: dict[str, Decimal]
    source: str = "default"
    """Where the values came from: ``default``, ``162``, ``XXS`` or ``BB*``."""

    @classmethod
    def default(cls) -> ScoringSystem:
        return cls(dict(_DEFAULTS))

    def points(self, game: Game) -> Decimal:
        """The points ``game`` gives its player; 0 for a cell with no result."""
        r = game.result
        v = self.values
        if r is None:
            return _ZERO
        if r in (Result.WIN, Result.UNPLAYED_WIN):
            return v["BW"] if game.colour is Colour.BLACK else v["WW"]
        if r in (Result.DRAW, Result.UNPLAYED_DRAW):
            return v["BD"] if game.colour is Colour.BLACK else v["WD"]
        if r in (Result.LOSS, Result.UNPLAYED_LOSS):
            return v["BL"] if game.colour is Colour.BLACK else v["WL"]
        return v[_OTHER[r]]

    def total(self, player: Player) -> Decimal:
        """The sum of ``player``'s cells."""
        return sum((self.points(g) for g in player.games), _ZERO)

    def table(self) -> dict[tuple[Result | None, Colour], Decimal]:
        """:meth:`points` of every (result, colour) pair a readable cell can hold.

        For summing thousands of cells with one dict lookup each; built
        from :meth:`points`, so the two always agree. An unreadable cell
        (result ``None``) is no key: looking it up raises ``KeyError``.
        """
        return {(r, c): self.points(Game(None, c, r)) for r in Result for c in Colour}


_OTHER = {
    Result.FORFEIT_WIN: "FW",
    Result.FORFEIT_LOSS: "FL",
    Result.FULL_POINT_BYE: "FPB",
    Result.HALF_POINT_BYE: "HPB",
    Result.ZERO_POINT_BYE: "ZPB",
    Result.BLANK: "ZPB",
    Result.PAIRING_ALLOCATED_BYE: "PAB",
}


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text.strip())
    except InvalidOperation:
        return None


def _apply(values: dict[str, Decimal], keys: Iterable[str], value: Decimal | None) -> None:
    if value is not None:
        for key in keys:
            values[key] = value


def scoring_of(t: Tournament) -> ScoringSystem:
    """The scoring system ``t`` declares (162, else XXS, else BB*), or the default.

    Only one declaration is read: files that carry several (a TRF-2026 file
    with engine lines too) normally repeat the same values, and 162 is the
    standard's own record.
    """
    values = dict(_DEFAULTS)
    s162 = t.scoring
    if s162 is not None:
        given = {symbol.upper(): value for symbol, value in s162.scores if value is not None}
        for symbol, value in given.items():
            _apply(values, SCORING_162.get(symbol, ()), value)
        # P, the pairing-allocated bye, is worth a win unless given (TRF26 162).
        if "P" not in given and "W" in given:
            values["PAB"] = given["W"]
        return ScoringSystem(values, "162")
    xxs = [r for r in t.records if isinstance(r, EngineRecord) and r.code == "XXS"]
    if xxs:
        # Several XXS lines and several pairs per line; a later value wins.
        for record in xxs:
            for token in record.value.split():
                key, _, text = token.partition("=")
                key = key.upper()
                keys = XXS_SHORTCUTS.get(key, (key,) if key in _DEFAULTS else ())
                _apply(values, keys, _number(text))
        return ScoringSystem(values, "XXS")
    bbp = [r for r in t.records if isinstance(r, BbpPoints)]
    if bbp:
        bb = {line.code: line.value for line in bbp if line.value is not None}
        for code, value in bb.items():
            _apply(values, _BBP.get(code, ()), value)
        # bbpPairings: the PAB is worth a win unless BBU says otherwise.
        if "BBU" not in bb and "BBW" in bb:
            values["PAB"] = bb["BBW"]
        return ScoringSystem(values, "BB*")
    return ScoringSystem(values)


def abnormal_points_by_player(t: Tournament) -> dict[int, list[AbnormalPoints]]:
    """The TRF-2026 299 records naming each player (by starting rank), in file order."""
    by_player: dict[int, list[AbnormalPoints]] = {}
    for record in t.records_of(AbnormalPoints):
        for pid in record.ids:
            if pid is not None:
                by_player.setdefault(pid, []).append(record)
    return by_player


def expected_points(
    p: Player, scoring: ScoringSystem, abnormal: list[AbnormalPoints] | None = None
) -> Decimal:
    """The points ``p``'s results give under ``scoring``, with TRF26 299 records.

    A 299 record of blank type is a bonus or penalty added to the total; a
    typed one (W, D, L, F, H, Z, +, -) assigns its points to the player's
    result in the round it names (every such result when it names round 0)
    in place of the usual value (TRF26 record 299).
    """
    values = [scoring.points(g) for g in p.games]
    bonus = Decimal(0)
    for record in abnormal or ():
        if record.points is None:
            continue
        kind = record.points_type.strip().upper()
        if not kind:
            bonus += record.points
            continue
        for i, g in enumerate(p.games):
            in_round = record.round in (None, 0) or record.round == i + 1
            if in_round and g.result is not None and g.result.value == kind:
                values[i] = record.points
    return sum(values, Decimal(0)) + bonus


def _decimal_places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


@attrs.frozen
class ScoredCells:
    """The event's "scored cells" view: what each cell is worth under a
    scoring system, in whole units of its finest decimal (tenths for
    1/½/0), keyed by the characters of :class:`~trfkit.model.Cells`.

    The checks (S104's sums), the tie-breaks (the field's points) and any
    other reader of many cells share it: int additions where Decimal's cost
    a tenth of a validation of a big file, and where each result's units fit
    in a byte (1/½/0 in tenths do), a line's points are its results
    translated to those bytes, in C with no call a cell (the dict lookup a
    cell was three quarters of S104's instructions on a 3000-player file).
    Built from :meth:`ScoringSystem.table`, so the two always agree. An
    unreadable cell (``?``, P002) is worth 0 here; S104 weighs it apart.

    >>> cells = ScoredCells.of(ScoringSystem.default())
    >>> cells.scale, cells.total("1=0FU", "wbw--")
    (10, 35)
    """

    scale: int
    """Units a point: 10 ** the most decimal places of any value."""
    by_cell: dict[tuple[str, str], int]
    """(result, colour) → units."""
    by_result: dict[str, int] | None
    """result → units, when the scoring gives both colours the same."""
    byte_table: bytes | None
    """:attr:`by_result` as a ``bytes.translate`` table, when every value fits a byte."""

    @classmethod
    def of(cls, scoring: ScoringSystem) -> ScoredCells:
        table = scoring.table()
        scale = 10 ** max([0, *map(_decimal_places, table.values())])
        by_cell = {
            (r.value, c.value): int(v * scale) for (r, c), v in table.items() if r is not None
        }
        for c in Colour:
            by_cell["?", c.value] = 0
        by_result: dict[str, int] | None = {r: by_cell[r, "w"] for r, _ in by_cell}
        assert by_result is not None
        if any(u != by_result[r] for (r, _), u in by_cell.items()):
            by_result = None
        byte_table = None
        if by_result is not None and all(0 <= u < 256 for u in by_result.values()):
            table_bytes = bytearray(256)
            for r, u in by_result.items():
                table_bytes[ord(r)] = u
            byte_table = bytes(table_bytes)
        return cls(scale, by_cell, by_result, byte_table)

    def points(self, results: str, colours: str) -> bytes | list[int]:
        """Each cell's units: ``results`` and ``colours`` as in :class:`~trfkit.model.Cells`
        (one line's, or many lines' end to end)."""
        if self.byte_table is not None:
            return results.encode("ascii").translate(self.byte_table)
        if self.by_result is not None:
            return list(map(self.by_result.__getitem__, results))
        return list(map(self.by_cell.__getitem__, zip(results, colours, strict=True)))

    def total(self, results: str, colours: str) -> int:
        """The units of one line's cells."""
        return sum(self.points(results, colours))
