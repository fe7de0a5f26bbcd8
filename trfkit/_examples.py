"""The TRF lines the codes' examples are built from.

Each code's failing and passing examples (docs/codes.md shows them,
tests/test_codes.py runs them) are TRF text: a tuple of lines joined with
LF. The pieces they share (a header, two players, a round robin of four,
a team match, a players' list) are here, so that a check's declaration, in
its family's module, writes only what makes its example fail or pass.
"""

from __future__ import annotations

__all__ = [
    "BASE",
    "C_BYE",
    "DRR4",
    "HEAD",
    "LIST",
    "LIST_HEADER",
    "LOSES4",
    "NORM_FIELD",
    "ONCE",
    "P1",
    "P2",
    "P2_BAD",
    "P3",
    "R104_GAMES",
    "RR4",
    "TEAM_MATCH",
    "TWICE",
    "A",
    "B",
    "born",
    "dates",
    "fed",
    "field",
    "lines",
    "listed",
    "norm_event",
    "pl",
    "put",
    "team_members",
    "team_points",
    "teams",
    "unranked",
]


HEAD = (
    "012 Spring Open",
    "022 Bled",
    "032 SLO",
    "102 Kovac, Ana",
    "122 90 min + 30 sec/move",
)
BASE = HEAD[:4]  # without a time control, for examples that give their own
P1 = "001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1"
P2 = "001    2 w IM Horvat, Eva                       2402 SLO    14600020 1995/06/02  0.0    2     1 b 0"
P2_BAD = "001    2 w IM Horvat, Eva                       24O2 SLO    14600020 1995/06/02  0.0    2     1 b 0"


def lines(*text: str) -> tuple[str, ...]:
    """An example: its lines, to be joined with LF."""
    return text


def pl(
    rank: int,
    name: str,
    fide_id: int,
    points: str,
    *cells: str,
    rating: int | None = None,
    place: int | None = None,
) -> str:
    """A 001 line with its fields on their columns (TRF16 §2.2)."""
    rated = 2400 - rank if rating is None else rating
    line = (
        f"001 {rank:>4} m    {name:<33} {rated or '':>4} SLO {fide_id:>11} 1990/05/01 "
        f"{points:>4} {place or rank:>4}"
    )
    return line + "".join(f"  {c}" for c in cells)


R104_GAMES = (
    pl(1, "Player, A", 14600012, "7.0", *(f"   2 {c} 1" for c in "wbwbwbw")),
    pl(2, "Player, B", 14600020, "0.0", *(f"   1 {c} 0" for c in "bwbwbwb")),
)
"""Seven games of two players, for R104's examples (a day holds six
standard games at the least standard rate)."""


def field(ratings: list[int], rounds: list[list[tuple[int, int]]], result: str = "=") -> list[str]:
    """001 lines of players with ``ratings`` (0: unrated) who play ``rounds``
    (each a list of (white, black) pairs), every game ending ``result``."""
    n = len(ratings)
    cells: list[list[str]] = [[] for _ in range(n)]
    points = [0.0] * n
    back = {"1": "0", "0": "1", "=": "="}
    value = {"1": 1.0, "0": 0.0, "=": 0.5}
    for pairs in rounds:
        seen = set()
        for w, b in pairs:
            cells[w - 1].append(f"{b:>4} w {result}")
            cells[b - 1].append(f"{w:>4} b {back[result]}")
            points[w - 1] += value[result]
            points[b - 1] += value[back[result]]
            seen |= {w, b}
        for i in range(1, n + 1):
            if i not in seen:
                cells[i - 1].append("0000 - H")
                points[i - 1] += 0.5
    order = sorted(range(n), key=lambda i: -points[i])
    return [
        pl(
            i + 1,
            f"Player, No{i + 1}",
            14600000 + i + 1,
            f"{points[i]:.1f}",
            *cells[i],
            rating=ratings[i],
            place=order.index(i) + 1,
        )
        for i in range(n)
    ]


def unranked(line: str) -> str:
    """A 001 line with its rank (columns 86-89) blank."""
    return line[:85] + "    " + line[89:]


RR4 = [[(1, 2), (3, 4)], [(3, 1), (4, 2)], [(1, 4), (2, 3)]]
# Player 4 has white in every round; with result "0" he loses them all.
LOSES4 = [[(4, 1), (2, 3)], [(4, 2), (3, 1)], [(4, 3), (1, 2)]]
DRR4 = [*RR4, *[[(b, w) for w, b in pairs] for pairs in RR4]]


def dates(*days: str) -> str:
    """A 132 line dating the rounds (YY/MM/DD at columns 92, 102, ...)."""
    return "132" + " " * 88 + "".join(f"{d:<10}" for d in days).rstrip()


A = pl(1, "Novak, Jan", 14600012, "1.0", "   2 w 1")
B = pl(2, "Horvat, Eva", 14600020, "0.0", "   1 b 0")
C_BYE = pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - U", place=2)
# Two rounds of a 4-player Swiss: 1-2 and 3-4 meet again (S112), or not.
TWICE = [[(1, 2), (3, 4)], [(2, 1), (4, 3)]]
ONCE = [[(1, 2), (3, 4)], [(3, 1), (4, 2)]]


# A team event of one round, two boards a team (TRF-2026 310): team 1
# (players 1, 2) beats team 2 (3, 4) 2-0, team 3 (5, 6) beats team 4 (7, 8)
# 1.5-0.5; teams 1 and 3 both have 2 match points, and the secondary score
# (MPvGP: game points, 2 against 1.5) ranks team 1 above team 3.
TEAM_MATCH = (
    "202 MPvGP",
    pl(1, "Novak, Jan", 14600012, "1.0", "   3 w 1"),
    pl(2, "Horvat, Eva", 14600020, "1.0", "   4 b 1"),
    pl(3, "Zupan, Ana", 14600039, "0.0", "   1 b 0"),
    pl(4, "Kos, Luka", 14600047, "0.0", "   2 w 0"),
    pl(5, "Bizjak, Maja", 14600055, "1.0", "   7 w 1"),
    pl(6, "Zajc, Nik", 14600063, "0.5", "   8 b ="),
    pl(7, "Mlakar, Tina", 14600071, "0.0", "   5 b 0"),
    pl(8, "Golob, Rok", 14600080, "0.5", "   6 w ="),
)


def teams(*ranks: int) -> list[str]:
    """The four 310 lines of the ``TEAM_MATCH`` teams with these ranks
    (TRF-2026 310: number 5-7, name 9-40, match points 55-60, game points
    62-67, rank 69-71, members from 74)."""
    scores = [("2", "2.0"), ("0", "0.0"), ("2", "1.5"), ("0", "0.5")]
    return [
        f"310 {n:>3} {'Team ' + 'ABCD'[n - 1]:<32} {'':<5} {'':>6} {mp:>6} {gp:>6} "
        f"{rank:>3}  {2 * n - 1:>4} {2 * n:>4}"
        for n, ((mp, gp), rank) in enumerate(zip(scores, ranks, strict=True), 1)
    ]


def team_points(*scores: tuple[str, str]) -> list[str]:
    """``teams(1, 4, 2, 3)`` with the first teams' match and game points
    (310 columns 55-60, 62-67) replaced by ``scores``."""
    lines = teams(1, 4, 2, 3)
    for i, (mp, gp) in enumerate(scores):
        lines[i] = f"{lines[i][:54]}{mp:>6} {gp:>6}{lines[i][67:]}"
    return lines


def team_members(*members: tuple[int, int]) -> list[str]:
    """``teams(1, 4, 2, 3)`` with other members (310 from column 74)."""
    return [
        f"{line[:73]}{a:>4} {b:>4}" for line, (a, b) in zip(teams(1, 4, 2, 3), members, strict=True)
    ]


def born(line: str, born: str) -> str:
    """``line`` (a 001 line) with the birth date ``born`` (columns 70-79)."""
    return line[:69] + f"{born:<10}" + line[79:]


def put(line: str, field: str, value: str) -> str:
    """``line`` (a 001 line) with ``value`` in ``field``'s columns (TRF16 §2.2),
    left-aligned (right-aligned for numbers, as TRF writes them)."""
    from trfkit.columns import layout

    f = next(f for f in layout("player").fields if f.name == field)
    width = f.slice.stop - f.slice.start
    text = (
        f"{value:>{width}}" if field in ("rating", "fide_id", "start_rank") else f"{value:<{width}}"
    )
    return line[: f.slice.start] + text + line[f.slice.stop :]


# A players' list in FIDE's TXT layout (its header names the columns) that
# holds the players of P1 and P2 as they are, and an inactive player.
LIST_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def listed(**values: object) -> str:
    """A line of LIST_HEADER's list: each value under its heading
    (``ID_Number=``, ``B_day=``: the heading with ``_`` for its blank or dash)."""
    line = ""
    for heading, value in values.items():
        start = LIST_HEADER.index(heading.replace("_", " " if heading == "ID_Number" else "-"))
        line = f"{line:<{start}}{value}"
    return line


LIST = (
    LIST_HEADER,
    listed(
        ID_Number=14600012,
        Name="Novak, Jan",
        Fed="SLO",
        Sex="M",
        Tit="GM",
        SRtng=2501,
        SGm=9,
        SK=10,
        RRtng=2450,
        RGm=0,
        Rk=20,
        B_day=1990,
    ),
    listed(
        ID_Number=14600020,
        Name="Horvat, Eva",
        Fed="SLO",
        Sex="F",
        Tit="IM",
        WTit="WGM",
        SRtng=2402,
        SGm=4,
        SK=20,
        B_day=1995,
        Flag="w",
    ),
    listed(
        ID_Number=14600039,
        Name="Zupan, Ana",
        Fed="SLO",
        Sex="F",
        SRtng=2100,
        SGm=0,
        SK=20,
        B_day=1980,
        Flag="wi",
    ),
)
P3 = "001    3 w    Zupan, Ana                        2100 SLO    14600039 1980/03/04  0.0    3"


def fed(line: str, federation: str) -> str:
    """``line`` (a 001 line) with the federation ``federation`` (columns 54-56)."""
    return line[:53] + federation + line[56:]


# A title-norm event: player 1 (IM, GER) meets players 2-10 in rounds 1-9;
# the others have no other game. With 7/9 his Ra is 2400 (the 1900 raised to
# the GM floor 2200) and Rp 2400 + 220 = 2620: a GM norm; with 6.5/9, 2566.
NORM_FIELD = (
    ("GM", "FRA", 2600), ("GM", "ESP", 2550), ("GM", "ITA", 2500), ("IM", "NED", 2450),
    ("IM", "HUN", 2400), ("FM", "POL", 2350), ("FM", "CZE", 2300), ("", "AUT", 2250),
    ("", "SUI", 1900),
)  # fmt: skip


def norm_event(results: str) -> tuple[str, ...]:
    """001 lines of the title-norm event, player 1 scoring ``results``."""
    back = {"1": "0", "0": "1", "=": "="}
    value = {"1": 1.0, "0": 0.0, "=": 0.5}

    def line(rank: int, title: str, fed: str, rating: int, points: float, cells: list[str]) -> str:
        return (
            f"001 {rank:>4} m{title:>3} {f'Player, No{rank}':<33} {rating:>4} {fed} "
            f"{14600000 + rank:>11} 1990/01/01 {points:>4.1f} {rank:>4}"
        ) + "".join(f"  {c}" for c in cells)

    lines = [line(1, "IM", "GER", 2450, sum(value[r] for r in results),
                  [f"{r + 2:>4} w {res}" for r, res in enumerate(results)])]  # fmt: skip
    for i, (title, fed, rating) in enumerate(NORM_FIELD):
        cells = ["0000 - Z"] * len(results)
        cells[i] = f"   1 b {back[results[i]]}"
        lines.append(line(i + 2, title, fed, rating, value[back[results[i]]], cells))
    return tuple(lines)
