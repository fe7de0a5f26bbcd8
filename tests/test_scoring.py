"""trfkit.scoring: colour-dependent scoring for every result × colour and the
unplayed codes (worked examples for branches no other test reached; CHESSA's
floors, once here, are in tests/rating/test_calc.py).

Each expected value is worked here by hand from the rules or the values the
example declares, never read from the code's output.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import trfkit
from trfkit.model import Colour, Game, Result
from trfkit.scoring import scoring_of

# -- colour-dependent scoring (XXS, TRF(x) manual) ------------------------------

# Every value different, so that swapping any two keys changes a total.
_XXS = "XXS WW=1.0 BW=1.25 WD=0.5 BD=0.75 WL=0.1 BL=0.2 FW=0.9 FL=0.05 FPB=0.8 HPB=0.4 ZPB=0.01 PAB=0.7"


def _scoring() -> object:
    text = "\n".join(
        [
            "012 Colours",
            _XXS,
            "001    1 m    A                                 2000 SLO     1000001 1990/01/01  1.0    1     2 w 1",
            "001    2 m    B                                 2000 SLO     1000002 1990/01/01  0.2    2     1 b 0",
        ]
    )
    return scoring_of(trfkit.loads(text.encode()))


@pytest.mark.parametrize(
    ("result", "colour", "points"),
    [
        (Result.WIN, Colour.WHITE, "1.0"),
        (Result.WIN, Colour.BLACK, "1.25"),
        (Result.DRAW, Colour.WHITE, "0.5"),
        (Result.DRAW, Colour.BLACK, "0.75"),
        (Result.LOSS, Colour.WHITE, "0.1"),
        (Result.LOSS, Colour.BLACK, "0.2"),
        # W, D, L (games of under one move) score as played games of their colour.
        (Result.UNPLAYED_WIN, Colour.WHITE, "1.0"),
        (Result.UNPLAYED_WIN, Colour.BLACK, "1.25"),
        (Result.UNPLAYED_DRAW, Colour.WHITE, "0.5"),
        (Result.UNPLAYED_DRAW, Colour.BLACK, "0.75"),
        (Result.UNPLAYED_LOSS, Colour.WHITE, "0.1"),
        (Result.UNPLAYED_LOSS, Colour.BLACK, "0.2"),
        # Forfeits and byes have their own keys whatever the colour.
        (Result.FORFEIT_WIN, Colour.WHITE, "0.9"),
        (Result.FORFEIT_WIN, Colour.BLACK, "0.9"),
        (Result.FORFEIT_LOSS, Colour.BLACK, "0.05"),
        (Result.FULL_POINT_BYE, Colour.NONE, "0.8"),
        (Result.HALF_POINT_BYE, Colour.NONE, "0.4"),
        (Result.ZERO_POINT_BYE, Colour.NONE, "0.01"),
        (Result.PAIRING_ALLOCATED_BYE, Colour.NONE, "0.7"),
    ],
)
def test_every_result_and_colour_has_its_own_value(
    result: Result, colour: Colour, points: str
) -> None:
    s = _scoring()
    assert s.points(Game(1, colour, result)) == Decimal(points)  # type: ignore[attr-defined]


def test_declared_points_are_checked_under_colour_scoring() -> None:
    """Player 1: white win 1.0, black draw 0.75, forfeit win 0.9, half-point
    bye 0.4 = 3.05; player 2: black loss 0.2, white draw 0.5, two
    zero-point byes 0.01 each = 0.72; player 3: two zero-point byes 0.02,
    forfeit loss 0.05, pairing-allocated bye 0.7 = 0.77. Declared right, no
    S104; player 2 declared as if draws with white were worth 0.75 (0.97):
    S104."""
    rows = [
        "012 Colours",
        _XXS,
        "001    1 m    A                                 2000 SLO     1000001 1990/01/01 3.05    1     2 w 1     2 b =     3 w +  0000 - H",
        "001    2 m    B                                 2000 SLO     1000002 1990/01/01 0.72    3     1 b 0     1 w =  0000 - Z  0000 - Z",
        "001    3 m    C                                 2000 SLO     1000003 1990/01/01 0.77    2  0000 - Z  0000 - Z     1 b -  0000 - U",
    ]
    good = trfkit.loads("\n".join(rows).encode())
    assert [d for d in trfkit.validate(good) if d.code == "S104"] == []
    bad = trfkit.loads("\n".join(rows).replace("0.72    3", "0.97    3").encode())
    found = [d for d in trfkit.validate(bad) if d.code == "S104"]
    assert len(found) == 1 and found[0].line == 4
