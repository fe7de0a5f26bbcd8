"""trfkit: read, check and rate FIDE Tournament Report Files (TRF).

>>> import trfkit
>>> t = trfkit.loads(b"012 Spring Open\\n001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  0.0    1\\n")
>>> t.name, t.players[0].name, t.players[0].rating
('Spring Open', 'Novak, Jan', 2501)
>>> trfkit.dumpb(t) == b"012 Spring Open\\n001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  0.0    1\\n"
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from trfkit._gc import no_cyclic_gc
from trfkit.version import __version__

# The imports below (attrs, Lark, the record classes, the column table) make
# some 30,000 long-lived objects and no garbage; without the pause the
# collector runs some 50 times over them as they come: 10-15 ms of every
# `trfkit check` process (trfkit/_gc.py).
with no_cyclic_gc():
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
    from trfkit.reader import load, loads, read
    from trfkit.writer import convert, dump, dumpb, dumps

if TYPE_CHECKING:
    from trfkit.rating.model import RatingReport
    from trfkit.rating.ratinglist import ListedPlayer
    from trfkit.tiebreaks import Standings
    from trfkit.titlenorms import NormReport


def validate(
    t: Tournament,
    rules: str = "auto",
    *,
    type: str | None = None,
    time_control: str | None = None,
    ignore: Iterable[str] = (),
) -> list[Diagnostic]:
    """Check ``t``: every structural (S) and regulation (R) finding, sorted.

    ``rules`` is a rule-set name (``fide-2002``, ``fide-2009``, ``fide-2022``,
    ``fide-2024``, ``fide-rb-2024``, ``chessa-2015``) or ``"auto"``: the FIDE
    rules in force at the start date, rapid and blitz when the time control
    says so. ``type`` (``swiss``, ``round-robin``, ``double-round-robin``,
    ``team``, ``match``) and ``time_control`` (free text) replace what the file
    says. See :func:`trfkit.checks.validate`.

    >>> import trfkit
    >>> t = trfkit.load("fixtures/roundrobin-8.trf")
    >>> trfkit.validate(t, rules="fide-2024")
    []
    """
    # Imported here: the checks, rule sets and time-control grammar are not
    # needed to read or write a file, and importing trfkit stays quick.
    from trfkit.checks import validate as _validate

    return _validate(t, rules, type=type, time_control=time_control, ignore=ignore)


def rate(
    t: Tournament,
    rules: str = "auto",
    *,
    type: str | None = None,
    time_control: str | None = None,
    ratings: Mapping[int, ListedPlayer] | None = None,
    k: Mapping[int, int] | None = None,
) -> RatingReport:
    """What the rating system does with ``t``: per player N, Rc, W, We, K,
    the change and the new rating, or a newcomer's performance, in the shape
    of FIDE's Form 3. See :func:`trfkit.rating.engine.rate`.

    >>> import trfkit
    >>> report = trfkit.rate(trfkit.load("fixtures/rating-rr10-unrated.trf"), rules="fide-2009")
    >>> a = report.player(1)
    >>> a.n, float(a.we), a.k, float(a.change), a.new_rating
    (9, 7.36, 10, 6.4, 2606)
    """
    from trfkit.rating.engine import rate as _rate

    return _rate(t, rules, type=type, time_control=time_control, ratings=ratings, k=k)


def standings(
    t: Tournament,
    tiebreaks: str | Sequence[str] | None = None,
    rules: str = "auto",
    *,
    type: str | None = None,
) -> Standings:
    """``t``'s players ranked by points, then by each tie-break on the
    players still tied (FIDE C.07 4.2): ``tiebreaks`` as codes (``"BH/C1,SB"``),
    else the file's 212 or 202; ``rules`` a C.07 edition (``auto``,
    ``c07-pre2023``, ``c07-2023``, ``c07-2026``). See
    :func:`trfkit.tiebreaks.standings`.

    >>> import trfkit
    >>> s = trfkit.standings(trfkit.load("tests/data/tec-swiss-16x5.trf"), "BH/C1")
    >>> s.edition.name, s.rows[0].start_rank, s.rows[0].tiebreaks["BH/C1"]
    ('c07-2023', 2, Decimal('12'))
    """
    from trfkit.tiebreaks import standings as _standings

    return _standings(t, tiebreaks, rules, type=type)


def norms(
    t: Tournament,
    rules: str = "auto",
    *,
    type: str | None = None,
    exemption: str | None = None,
    games_exception: str | None = None,
) -> NormReport:
    """Every player's title-norm verdicts (GM, IM; WGM, WIM for women) under
    the FIDE Title Regulations in force at the start date (``rules="auto"``)
    or named (``b01-2024``, ``b01-2002``, ...). ``exemption`` is a §1.4.3
    exemption the arbiter declares (``"1.4.3a"``-``"1.4.3d"``),
    ``games_exception`` a §1.4.1b event (``"team-championship"``,
    ``"world-cup"``). See :func:`trfkit.titlenorms.norms`.

    >>> import trfkit
    >>> report = trfkit.norms(trfkit.load("fixtures/roundrobin-8.trf"), rules="b01-2024")
    >>> report.rules.reference, [v.title for v in report.players[6].norms]
    ('FIDE Title Regulations (B.01) 2024', ['GM', 'IM'])
    """
    from trfkit.titlenorms import norms as _norms

    return _norms(t, rules, type=type, exemption=exemption, games_exception=games_exception)


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
    "norms",
    "rate",
    "read",
    "standings",
    "validate",
]
