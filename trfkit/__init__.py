"""trfkit: read, check and rate FIDE Tournament Report Files (TRF).

>>> import trfkit
>>> t = trfkit.loads(b"012 Spring Open\\n001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  0.0    1\\n")
>>> t.name, t.players[0].name, t.players[0].rating
('Spring Open', 'Novak, Jan', 2501)
>>> trfkit.dumpb(t) == b"012 Spring Open\\n001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  0.0    1\\n"
True
"""

from __future__ import annotations

from trfkit.diagnostics import Diagnostic, Severity, TrfError, TrfSyntaxError
from trfkit.model import (
    Colour,
    DateText,
    Dialect,
    Game,
    Header,
    Player,
    Result,
    Sex,
    Team,
    Title,
    Tournament,
)
from trfkit.reader import load, loads
from trfkit.writer import convert, dump, dumpb, dumps

__version__ = "0.1.0"

__all__ = [
    "Colour",
    "DateText",
    "Diagnostic",
    "Dialect",
    "Game",
    "Header",
    "Player",
    "Result",
    "Severity",
    "Sex",
    "Team",
    "Title",
    "Tournament",
    "TrfError",
    "TrfSyntaxError",
    "__version__",
    "convert",
    "dump",
    "dumpb",
    "dumps",
    "load",
    "loads",
]
