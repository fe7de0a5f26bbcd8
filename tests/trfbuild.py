"""Small TRF16 files for tests, written column by column (TRF16 §2.2).

:func:`player_line` is the one place the tests write a 001 line's columns;
a test module that wants its own defaults (a rating of ``2400 - rank``, a
birth date) wraps it rather than writing the columns again. The rating tests
need tournaments whose numbers come from a regulation's example (a rating,
an opponent list, a result) rather than from a fixture: :func:`swiss` writes
one from players and games.
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
    rating: int | str | None,
    points: float | str,
    cells: Sequence[str],
    *,
    name: str = "",
    born: str = "1990/01/01",
    fide_id: int | str | None = None,
    place: int | str | None = None,
    sex: str = "m",
    title: str = "",
    federation: str = "SLO",
) -> str:
    """A 001 line (TRF16 §2.2): rank 5-8, sex 10, title 11-13, name 15-47,
    rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points
    81-84, rank 86-89, then each of ``cells`` (``"   2 w 1"``) from 92, ten
    columns a round.

    ``rating`` None or 0 leaves its columns blank; ``points`` a float is
    written with one decimal, a string as given; ``fide_id`` None is
    ``14600000 + rank`` and a string is written as given ("" for none);
    ``place`` None is ``rank``."""
    name = name or f"Player, No{rank}"
    fid = 14600000 + rank if fide_id is None else fide_id
    pts = f"{points:>4.1f}" if isinstance(points, float | int) else f"{points:>4}"
    line = (
        f"001 {rank:>4} {sex}{title:>3} {name:<33} {rating or '':>4} {federation:<3} "
        f"{fid:>11} {born:<10} {pts} {rank if place is None else place:>4}"
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
