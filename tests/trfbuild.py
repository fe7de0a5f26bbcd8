"""Small TRF16 files for tests, written column by column (TRF16 §2.2).

The rating tests need tournaments whose numbers come from a regulation's
example (a rating, an opponent list, a result) rather than from a fixture:
:func:`swiss` writes one from players and games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import trfkit
from trfkit.model import Tournament

_BACK = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
_POINTS = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0, "H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0}


def player_line(
    rank: int,
    rating: int | None,
    points: float,
    cells: Sequence[str],
    *,
    name: str = "",
    born: str = "1990/01/01",
    fide_id: int | None = None,
    place: int | None = None,
) -> str:
    name = name or f"Player, No{rank}"
    fid = 14600000 + rank if fide_id is None else fide_id
    line = (
        f"001 {rank:>4} m    {name:<33} {rating or '':>4} SLO {fid:>11} {born:<10} "
        f"{points:>4.1f} {place or rank:>4}"
    )
    return line + "".join(f"  {c}" for c in cells)


def swiss(
    ratings: Sequence[int | None], games: Sequence[tuple[int, int, int, str]], **options: Any
) -> Tournament:
    """A tournament of players rated ``ratings`` (``None``: unrated) playing
    ``games`` = (round, white, black, white's result); a player without a
    game in a round gets ``0000 - Z``. ``options`` as :func:`swiss_text`."""
    return trfkit.loads(swiss_text(ratings, games, **options).encode())


def swiss_text(
    ratings: Sequence[int | None],
    games: Sequence[tuple[int, int, int, str]],
    *,
    start: str = "2025/03/01",
    time_control: str = "90 min + 30 sec/move",
    born: Sequence[str] | None = None,
    type_line: str = "092 Swiss",
    fide_ids: Sequence[int] | None = None,
) -> str:
    """The text of :func:`swiss`: start date, time control, birth dates,
    the 092 line and FIDE ids may be given."""
    """A tournament of players rated ``ratings`` (``None``: unrated) playing
    ``games`` = (round, white, black, white's result); a player without a
    game in a round gets ``0000 - Z``."""
    rounds = max((g[0] for g in games), default=0)
    cells: list[dict[int, str]] = [{} for _ in ratings]
    for r, w, b, res in games:
        cells[w - 1][r] = f"{b:>4} w {res}"
        cells[b - 1][r] = f"{w:>4} b {_BACK[res]}"
    lines = [
        "012 Test Open",
        "022 Bled",
        "032 SLO",
        f"042 {start}",
        f"052 {start}",
        f"062 {len(ratings)}",
        "102 Kovac, Ana",
        f"122 {time_control}",
        type_line,
    ]
    for i, rating in enumerate(ratings, start=1):
        row = [cells[i - 1].get(r, "0000 - Z") for r in range(1, rounds + 1)]
        points = sum(_POINTS[c[-1]] for c in row)
        lines.append(
            player_line(
                i,
                rating,
                points,
                row,
                born=born[i - 1] if born else "1990/01/01",
                fide_id=fide_ids[i - 1] if fide_ids else None,
            )
        )
    return "\n".join(lines) + "\n"
