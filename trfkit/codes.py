"""The registry of diagnostic codes.

Codes are stable: once published, a code keeps its meaning, so a user's
suppressions (``--ignore P004``, ``### trfkit: ignore P004``) never break.
Each code carries a short name (like sqlfluff's ``layout.spacing``), its
default severity, the text it enforces, and a failing and a passing example
that docs/codes.md shows and tests/test_codes.py runs.

Examples are TRF text in which ``⏎`` stands for nothing: each example is a
list of lines joined with LF.
"""

from __future__ import annotations

import attrs

from trfkit.diagnostics import Diagnostic, Severity, build_diagnostic

__all__ = ["CODES", "Code", "code", "diagnostic"]


@attrs.frozen
class Code:
    code: str
    name: str
    severity: Severity
    summary: str
    reference: str | None
    failing: tuple[str, ...]
    passing: tuple[str, ...]
    fix: str
    rules: str = "auto"
    """The rule set the examples are checked under."""
    quote: str = ""
    """The regulation's own words, where the seeds give them."""
    load_options: tuple[tuple[str, int], ...] = ()
    """Options of :func:`trfkit.loads` the examples are read with (the
    reader's limits, set low so that an example stays short)."""
    rating_list: tuple[str, ...] = ()
    """A FIDE players' list (TXT lines) the examples are checked against,
    as by ``check --rating-list``."""
    check_with: tuple[tuple[str, str], ...] = ()
    """Options of :func:`trfkit.checks.validate` the examples are checked
    with, for a code only an option asks for (``pairings``: ``check
    --pairings``)."""


_HEAD = (
    "012 Spring Open",
    "022 Bled",
    "032 SLO",
    "102 Kovac, Ana",
    "122 90 min + 30 sec/move",
)
_BASE = _HEAD[:4]  # without a time control, for examples that give their own
_P1 = "001    1 m GM Novak, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1"
_P2 = "001    2 w IM Horvat, Eva                       2402 SLO    14600020 1995/06/02  0.0    2     1 b 0"
_P2_BAD = "001    2 w IM Horvat, Eva                       24O2 SLO    14600020 1995/06/02  0.0    2     1 b 0"


def _ex(*lines: str) -> tuple[str, ...]:
    return tuple(lines)


def _pl(
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


_R104_GAMES = (
    _pl(1, "Player, A", 14600012, "7.0", *(f"   2 {c} 1" for c in "wbwbwbw")),
    _pl(2, "Player, B", 14600020, "0.0", *(f"   1 {c} 0" for c in "bwbwbwb")),
)
"""Seven games of two players, for R104's examples (a day holds six
standard games at the least standard rate)."""


def _field(ratings: list[int], rounds: list[list[tuple[int, int]]], result: str = "=") -> list[str]:
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
        _pl(
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


def _unranked(line: str) -> str:
    """A 001 line with its rank (columns 86-89) blank."""
    return line[:85] + "    " + line[89:]


_RR4 = [[(1, 2), (3, 4)], [(3, 1), (4, 2)], [(1, 4), (2, 3)]]
# Player 4 has white in every round; with result "0" he loses them all.
_LOSES4 = [[(4, 1), (2, 3)], [(4, 2), (3, 1)], [(4, 3), (1, 2)]]
_DRR4 = [*_RR4, *[[(b, w) for w, b in pairs] for pairs in _RR4]]


def _dates(*days: str) -> str:
    """A 132 line dating the rounds (YY/MM/DD at columns 92, 102, ...)."""
    return "132" + " " * 88 + "".join(f"{d:<10}" for d in days).rstrip()


_A = _pl(1, "Novak, Jan", 14600012, "1.0", "   2 w 1")
_B = _pl(2, "Horvat, Eva", 14600020, "0.0", "   1 b 0")
_C_BYE = _pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - U", place=2)
# Two rounds of a 4-player Swiss: 1-2 and 3-4 meet again (S112), or not.
_TWICE = [[(1, 2), (3, 4)], [(2, 1), (4, 3)]]
_ONCE = [[(1, 2), (3, 4)], [(3, 1), (4, 2)]]


# A team event of one round, two boards a team (TRF-2026 310): team 1
# (players 1, 2) beats team 2 (3, 4) 2-0, team 3 (5, 6) beats team 4 (7, 8)
# 1.5-0.5; teams 1 and 3 both have 2 match points, and the secondary score
# (MPvGP: game points, 2 against 1.5) ranks team 1 above team 3.
_TEAM_MATCH = (
    "202 MPvGP",
    _pl(1, "Novak, Jan", 14600012, "1.0", "   3 w 1"),
    _pl(2, "Horvat, Eva", 14600020, "1.0", "   4 b 1"),
    _pl(3, "Zupan, Ana", 14600039, "0.0", "   1 b 0"),
    _pl(4, "Kos, Luka", 14600047, "0.0", "   2 w 0"),
    _pl(5, "Bizjak, Maja", 14600055, "1.0", "   7 w 1"),
    _pl(6, "Zajc, Nik", 14600063, "0.5", "   8 b ="),
    _pl(7, "Mlakar, Tina", 14600071, "0.0", "   5 b 0"),
    _pl(8, "Golob, Rok", 14600080, "0.5", "   6 w ="),
)


def _teams(*ranks: int) -> list[str]:
    """The four 310 lines of the ``_TEAM_MATCH`` teams with these ranks
    (TRF-2026 310: number 5-7, name 9-40, match points 55-60, game points
    62-67, rank 69-71, members from 74)."""
    scores = [("2", "2.0"), ("0", "0.0"), ("2", "1.5"), ("0", "0.5")]
    return [
        f"310 {n:>3} {'Team ' + 'ABCD'[n - 1]:<32} {'':<5} {'':>6} {mp:>6} {gp:>6} "
        f"{rank:>3}  {2 * n - 1:>4} {2 * n:>4}"
        for n, ((mp, gp), rank) in enumerate(zip(scores, ranks, strict=True), 1)
    ]


def _team_points(*scores: tuple[str, str]) -> list[str]:
    """``_teams(1, 4, 2, 3)`` with the first teams' match and game points
    (310 columns 55-60, 62-67) replaced by ``scores``."""
    lines = _teams(1, 4, 2, 3)
    for i, (mp, gp) in enumerate(scores):
        lines[i] = f"{lines[i][:54]}{mp:>6} {gp:>6}{lines[i][67:]}"
    return lines


def _team_members(*members: tuple[int, int]) -> list[str]:
    """``_teams(1, 4, 2, 3)`` with other members (310 from column 74)."""
    return [
        f"{line[:73]}{a:>4} {b:>4}"
        for line, (a, b) in zip(_teams(1, 4, 2, 3), members, strict=True)
    ]


def _born(line: str, born: str) -> str:
    """``line`` (a 001 line) with the birth date ``born`` (columns 70-79)."""
    return line[:69] + f"{born:<10}" + line[79:]


def _put(line: str, field: str, value: str) -> str:
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
# holds the players of _P1 and _P2 as they are, and an inactive player.
_LIST_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def _listed(**values: object) -> str:
    """A line of _LIST_HEADER's list: each value under its heading
    (``ID_Number=``, ``B_day=``: the heading with ``_`` for its blank or dash)."""
    line = ""
    for heading, value in values.items():
        start = _LIST_HEADER.index(heading.replace("_", " " if heading == "ID_Number" else "-"))
        line = f"{line:<{start}}{value}"
    return line


_LIST = (
    _LIST_HEADER,
    _listed(
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
    _listed(
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
    _listed(
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
_P3 = "001    3 w    Zupan, Ana                        2100 SLO    14600039 1980/03/04  0.0    3"


def _fed(line: str, federation: str) -> str:
    """``line`` (a 001 line) with the federation ``federation`` (columns 54-56)."""
    return line[:53] + federation + line[56:]


# A title-norm event: player 1 (IM, GER) meets players 2-10 in rounds 1-9;
# the others have no other game. With 7/9 his Ra is 2400 (the 1900 raised to
# the GM floor 2200) and Rp 2400 + 220 = 2620: a GM norm; with 6.5/9, 2566.
_NORM_FIELD = (
    ("GM", "FRA", 2600), ("GM", "ESP", 2550), ("GM", "ITA", 2500), ("IM", "NED", 2450),
    ("IM", "HUN", 2400), ("FM", "POL", 2350), ("FM", "CZE", 2300), ("", "AUT", 2250),
    ("", "SUI", 1900),
)  # fmt: skip


def _norm_event(results: str) -> tuple[str, ...]:
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
    for i, (title, fed, rating) in enumerate(_NORM_FIELD):
        cells = ["0000 - Z"] * len(results)
        cells[i] = f"   1 b {back[results[i]]}"
        lines.append(line(i + 2, title, fed, rating, value[back[results[i]]], cells))
    return tuple(lines)


CODES: dict[str, Code] = {
    c.code: c
    for c in [
        Code(
            "P001",
            "format.unknown-record",
            Severity.INFO,
            "A line whose columns 1-3 hold no known record code. It is kept "
            "verbatim and written back unchanged (trfkit fmt, which writes canonically, "
            "drops it and says so with P009 instead).",
            "TRF16 §1; TRF26 §1 (readers skip unknown codes)",
            _ex(*_HEAD, "ABC?something", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Remove the line, or make it a TRF26 comment by starting it with ###.",
        ),
        Code(
            "P002",
            "format.field",
            Severity.ERROR,
            "A field does not match its column format: a letter in a number, "
            "an unknown result or colour code, a title or sex that is no code.",
            "TRF16 §2.2 (player record), §2.3 (result codes)",
            _ex(*_HEAD, _P1, _P2_BAD),
            _ex(*_HEAD, _P1, _P2),
            "Write the field as the column table says (docs/formats.md).",
        ),
        Code(
            "P003",
            "format.misaligned",
            Severity.WARNING,
            "Fields are shifted against the column table: a separator column "
            "holds text, or a line ends inside a right-aligned number (the line "
            "was cut). The usual causes are a wrong encoding or hand editing.",
            "TRF16 §2.2; TRF26 (fixed columns)",
            _ex(*_HEAD, _P1, " " + _P2),
            _ex(*_HEAD, _P1, _P2),
            "Re-align the line so each field starts at its column; check the file's encoding.",
        ),
        Code(
            "P004",
            "format.date",
            Severity.WARNING,
            "A date that cannot be read as a calendar date.",
            "TRF16 §2.1 (042, 052, 132), §2.2 (birth date YYYY/MM/DD)",
            _ex(*_HEAD, "042 2025/13/45", _P1, _P2),
            _ex(*_HEAD, "042 2025/03/14", _P1, _P2),
            "Write dates as YYYY/MM/DD.",
        ),
        Code(
            "P005",
            "format.encoding",
            Severity.INFO,
            "The file is not valid UTF-8 and was decoded with another codec "
            "(cp1252 or latin-1), or holds bytes no codec defines.",
            "TRF16/TRF26 name no encoding; JaVaFo recommends UTF-8",
            _ex(
                *_HEAD,
                "001    1 m GM Nov\udce1k, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1",
            ),
            _ex(
                *_HEAD,
                "001    1 m GM Novák, Jan                        2501 SLO    14600012 1990/05/01  1.0    1     2 w 1",
            ),
            "Save the file as UTF-8, or pass --encoding.",
        ),
        Code(
            "P006",
            "format.repeated-record",
            Severity.WARNING,
            "A record that may appear only once appears again (the first "
            "one is used), or two players share a starting rank. Several 132 "
            "lines of one date each are read as one round's date a line, and "
            "said once.",
            "TRF16 §2.1; TRF26 §3.4",
            _ex(*_HEAD, "012 Spring Open again", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Keep one such line (132: every round's date on one line, each in its "
            "round's columns).",
        ),
        Code(
            "P007",
            "format.missing-record",
            Severity.WARNING,
            "A record mandatory in the file's dialect is missing (TRF16: 012, "
            "022, 032, 102 and 001; TRF26 also 042, 052 and 132). Without a single "
            "player record (001) it is an error: there is nothing to check or rate.",
            "TRF16 §2.1 (R ■); TRF26 §3.3",
            _ex("012 Spring Open", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Add the missing record.",
        ),
        Code(
            "P008",
            "format.dialect-conflict",
            Severity.WARNING,
            "Records of two dialects disagree (142 and XXR give different "
            "round counts, 152 and XXC different first colours, 122 and 222 "
            "different time controls, or 222 is not understood and 122 stands in), "
            "or a record code is used with another program's meaning (Vega's 142-192).",
            "TRF26 §3.4 (142, 152, 222); JaVaFo AUM (XXR, XXC)",
            _ex(*_HEAD, "142 5", "XXR 7", _P1, _P2),
            _ex(*_HEAD, "142 5", "XXR 5", _P1, _P2),
            "Make the records agree, or drop the engine lines.",
        ),
        Code(
            "S101",
            "structure.pairing-not-mutual",
            Severity.ERROR,
            "A player names an opponent in a round, but that opponent does not name "
            "him in the same round.",
            "TRF16 §2.2 (round blocks: the scheduled opponent)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600020, "1.0", "0000 - U")),
            _ex(*_HEAD, _A, _B),
            "Write the game on both players' lines, in the same round.",
        ),
        Code(
            "S102",
            "structure.colours",
            Severity.ERROR,
            "The two sides of a game do not have opposite colours (both w, both b, or "
            "one -), or a round with no opponent has a colour.",
            "TRF16 §2.2 (colour w/b of the scheduled game; - for a bye)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600020, "0.0", "   1 w 0")),
            _ex(*_HEAD, _A, _B),
            "Give one player w and the other b; write - on byes.",
        ),
        Code(
            "S103",
            "structure.results",
            Severity.ERROR,
            "The two results of a game do not fit each other: 1/0, =/=, +/-, -/- "
            "(double forfeit), W/L or D/D.",
            "TRF16 §2.3 (result codes)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600020, "1.0", "   1 b 1")),
            _ex(*_HEAD, _A, _B),
            "Correct the result on one of the two lines.",
        ),
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
            _ex(*_HEAD, _pl(1, "Novak, Jan", 14600012, "2.0", "   2 w 1"), _B),
            _ex(*_HEAD, _A, _B),
            "Recompute the points from the results, or declare the scoring system (162).",
        ),
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
            _ex(
                *_HEAD,
                _pl(1, "Novak, Jan", 14600012, "0.0", "   2 w 0"),
                _pl(2, "Horvat, Eva", 14600020, "1.0", "   1 b 1"),
            ),
            _ex(*_HEAD, _A, _B),
            "Rank the players by their points (ties by the tie-breaks).",
        ),
        Code(
            "S106",
            "structure.header-counts",
            Severity.ERROR,
            "A count in the header disagrees with the file: 062 (players), 072 (rated "
            "players, a warning), 082 (teams), or 142/XXR (rounds) fewer than the rounds "
            "that have results.",
            "TRF16 062, 072, 082; TRF26 142; TRF(x) XXR",
            _ex(*_HEAD, "062 3", _A, _B),
            _ex(*_HEAD, "062 2", _A, _B),
            "Correct the count.",
        ),
        Code(
            "S107",
            "structure.duplicate-id",
            Severity.ERROR,
            "Two players share a starting rank or a FIDE id.",
            "TRF16 §2.2 (starting rank, FIDE number)",
            _ex(*_HEAD, _A, _pl(2, "Horvat, Eva", 14600012, "0.0", "   1 b 0")),
            _ex(*_HEAD, _A, _B),
            "Give each player his own starting rank and FIDE id.",
        ),
        Code(
            "S108",
            "structure.round-dates",
            Severity.ERROR,
            "Round dates (132) outside the event's dates (042-052), earlier than the "
            "round before, or (a warning) dating a different number of rounds than the "
            "tournament has; also an end date (052) before the start date (042).",
            "TRF16 042, 052, 132",
            _ex(*_HEAD, "042 2025/05/01", "052 2025/05/02", "132" + " " * 88 + "25/05/03", _A, _B),
            _ex(*_HEAD, "042 2025/05/01", "052 2025/05/02", "132" + " " * 88 + "25/05/01", _A, _B),
            "Correct the dates.",
        ),
        Code(
            "S109",
            "structure.unknown-opponent",
            Severity.ERROR,
            "A round names an opponent number that is no player of the file, or the "
            "player himself. A line whose every opponent names it by one number that no "
            "line has is one finding, on its starting rank (columns 5-8): that number "
            "was mistyped, not each round.",
            "TRF16 §2.2 (opponent: a starting rank)",
            _ex(
                *_HEAD,
                _pl(1, "Novak, Jan", 14600012, "1.0", "   9 w 1"),
                _pl(2, "Horvat, Eva", 14600020, "1.0", "0000 - U"),
            ),
            _ex(*_HEAD, _A, _B),
            "Use the opponent's starting rank.",
        ),
        Code(
            "S110",
            "structure.two-games-in-a-round",
            Severity.ERROR,
            "Two players name the same opponent in one round: he would play two games.",
            "TRF16 §2.2 (one scheduled opponent per round)",
            _ex(*_HEAD, _A, _B, _pl(3, "Zupan, Ana", 14600039, "1.0", "   2 w 1")),
            _ex(*_HEAD, _A, _B, _C_BYE),
            "Correct the opponent of one of the two players.",
        ),
        Code(
            "S111",
            "structure.bye-coding",
            Severity.ERROR,
            "Bye coding: a bye code (H F U Z) with an opponent, a game result with no "
            "opponent, more than one pairing-allocated bye (U) in a round (the U of the "
            "members of one team, the team's bye, count once), or (warning) "
            "F where the pairing-allocated bye is meant.",
            "TRF16 §2.3 (U: at most once per round; F deprecated for the PAB)",
            _ex(
                *_HEAD,
                _A,
                _B,
                _C_BYE,
                _pl(4, "Kos, Rok", 14600047, "1.0", "0000 - U", place=2),
            ),
            _ex(*_HEAD, _A, _B, _C_BYE),
            "Write byes as 0000 - H/F/U/Z and games with the opponent's number.",
        ),
        Code(
            "S112",
            "structure.repeated-pairing",
            Severity.ERROR,
            "In a Swiss, two players who played each other more than once. Forfeits "
            "are no game played and do not count. A warning when no type is declared "
            "(092/192) and the pairings only look like a Swiss. Not checked in round "
            "robins, matches, team events and leagues.",
            "FIDE C.04.1 (basic rules for Swiss systems: two players shall not play "
            "each other more than once)",
            _ex(*_HEAD, "092 Swiss", *_field([2400, 2300, 2200, 2100], _TWICE)),
            _ex(*_HEAD, "092 Swiss", *_field([2400, 2300, 2200, 2100], _ONCE)),
            "Check the pairing of the later round; if the file says Swiss for another "
            "system, correct 092/192 or give --type.",
        ),
        Code(
            "S113",
            "structure.colour-sequence",
            Severity.ERROR,
            "In an individual Swiss, a player given the same colour in three games "
            "running, or a colour difference (whites minus blacks) beyond +2 or -2: the "
            "absolute colour criteria. Counted over games played (forfeits and byes "
            "skipped). In the last round an info, no fault, when a topscorer (more than "
            "half the maximum score) plays the game, as the Dutch rules allow; a warning "
            "when the type is only read from the pairings. Not checked in team events.",
            "FIDE C.04.1 (absolute colour criteria); C.04.3 A.6, A.7, C.3 (Dutch system: "
            "last-round exception for topscorers)",
            _ex(
                *_HEAD, "092 Swiss", "XXR 5", *_field([2400, 2300, 2200, 2100], _LOSES4, result="0")
            ),
            _ex(*_HEAD, "092 Swiss", "XXR 5", *_field([2400, 2300, 2200, 2100], _RR4, result="0")),
            "Check the colours of the rounds named; a pairing program should never do this.",
        ),
        Code(
            "S114",
            "structure.federation",
            Severity.WARNING,
            "A federation (columns 54-56) that is no FIDE federation code, from the "
            "list shipped in trfkit/data/federations.txt (FID for the FIDE flag; a few "
            "historical codes). One finding per code; one for the file when it holds "
            "many (a column of club codes). The event's federation (032) too: `032 FIDE` "
            "or `032 Lichess` is no federation.",
            "TRF16 §2.1 (032 federation), §2.2 (federation: FIDE's three-letter code)",
            _ex(*_HEAD, _fed(_P1, "XYZ"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Write the player's FIDE federation, or leave the field blank.",
        ),
        Code(
            "S115",
            "structure.birth-date",
            Severity.ERROR,
            "A birth date (columns 70-79) after the event's start (042, else the first "
            "round date), or (a warning) one that makes the player older than 110 at the "
            "start, or (a warning, once for the file) every birth date in the event's own "
            "year: not birth dates (a date of entry, a placeholder).",
            "TRF16 §2.2 (birth date YYYY/MM/DD)",
            _ex(*_HEAD, "042 2025/05/01", _born(_P1, "2025/06/01"), _P2),
            _ex(*_HEAD, "042 2025/05/01", _born(_P1, "1990/05/01"), _P2),
            "Correct the birth date, or leave it blank when unknown.",
        ),
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
            _ex(*_HEAD, "092 Swiss", "212 PTS,TPN/R", *_field([2400, 2300, 2200, 2100], _ONCE)),
            _ex(*_HEAD, "092 Swiss", "212 PTS,TPN", *_field([2400, 2300, 2200, 2100], _ONCE)),
            "Rank the players by points and the declared tie-breaks (trfkit standings "
            "FILE shows the values), or correct 212/202 if other tie-breaks were used.",
        ),
        Code(
            "S117",
            "structure.unknown-tiebreak",
            Severity.WARNING,
            "A tie-break code in a TRF-2026 202 or 212 record that is no C.07 tie-break "
            "known here (codes as TRF-2026 writes them, BH/C1, or as C.07's prose does, "
            "BH-C1; GE is REP). The standings leave it out. One finding per record.",
            "TRF26 202, 212; FIDE C.07 Art. 5-14 (MTB26)",
            _ex(*_HEAD, "202 BH/C1,XYZ", _A, _B),
            _ex(*_HEAD, "202 BH/C1,BH-C1,GE,KS/L-2", _A, _B),
            "Write the C.07 code (OTHER_ codes are not FIDE tie-breaks).",
        ),
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
            _ex(
                *_HEAD,
                "092 Round robin",
                *_field(
                    [2400, 2300, 2200, 2100], [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]
                ),
            ),
            _ex(
                *_HEAD,
                "092 Round robin",
                *_field(
                    [2400, 2300, 2200, 2100], [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
                ),
            ),
            "Pair by the Berger table for the number of players, with the drawn "
            "numbers as starting ranks (or say in the event's rules which tables were used).",
        ),
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
            _ex(*_HEAD, "202 BH:GP/C1,SB", _A, _B),
            _ex(*_HEAD, "202 BH/C1,SB", _A, _B),
            "Write the individual tie-break (BH/C1 rather than BH:GP/C1), or add the "
            "team records (310) if the event is a team event.",
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
            _ex(*_HEAD, *_TEAM_MATCH, *_teams(2, 4, 1, 3)),
            _ex(*_HEAD, *_TEAM_MATCH, *_teams(1, 4, 2, 3)),
            "Rank the teams by their score and the declared tie-breaks (trfkit standings "
            "FILE shows the values), or correct 212/202 if other tie-breaks were used.",
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
            _ex(*_HEAD[:4], "202 BC", *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3)),
            _ex(*_HEAD, *_TEAM_MATCH, *_teams(1, 4, 2, 3)),
            "Check the ranks by hand for that tie-break, or give tie-breaks computed here "
            "with --tiebreaks to see how they would rank the teams.",
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
            _ex(
                *_HEAD,
                "092 Swiss",
                "212 PTS,TPN",
                *_field([2400, 2300, 2200, 2100], _ONCE)[:3],
                _unranked(_field([2400, 2300, 2200, 2100], _ONCE)[3]),
            ),
            _ex(*_HEAD, "092 Swiss", "212 PTS,TPN", *_field([2400, 2300, 2200, 2100], _ONCE)),
            "Give every player a rank, or declare tie-breaks defined for every player "
            "(trfkit standings FILE shows which values are undefined).",
        ),
        Code(
            "S123",
            "structure.team-members",
            Severity.ERROR,
            "The team records (013, or 310 where a file has both) do not fit the players: "
            "a member that is no player of the file (no 001 with that starting rank), a "
            "player named in two teams or twice in one, or, in a team event, a player with "
            "games who is in no team. A member no team can have is in no match, and the "
            "games of a player in no team count in no team's match. One finding per team "
            "record for its unknown members, one per player named twice, one for the file "
            "for the players in no team.",
            "TRF16 §2.4 (013); TRF26 §3.7 (310: members as starting ranks)",
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3)[:3], _teams(1, 4, 2, 3)[3] + "    9"),
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3)),
            "List each team's players by their starting ranks (001 columns 5-8), each "
            "player in one team.",
        ),
        Code(
            "S124",
            "structure.team-points",
            Severity.WARNING,
            "A team's match points or game points in its 310 record (columns 55-60, "
            "62-67) differ from those its matches give: the boards' results under 162, "
            "the matches under 362 (else 2/1/0), the team records 240, 299, 320, 330 "
            "read as trfkit standings reads them. One finding per team, or one for the "
            "file when more than ten teams differ (a convention of the writer, or a 299 "
            "record the totals leave out).",
            "TRF26 §3.7 (310 match and game points), 162, 362",
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_team_points(("2", "2.0"), ("1", "0.0"))),
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3)),
            "Correct the team's totals in 310, or the board results or team records "
            "that give them (trfkit standings FILE shows each team's rounds).",
        ),
        Code(
            "S125",
            "structure.team-pairing",
            Severity.ERROR,
            "In a team event, a board game that fits no match: two players of one team "
            "paired with each other, or players of two teams that are not each other's "
            "opponents in that round (a team's opponent is the team its members met on "
            "the most boards, else the one 300 or 330 names; a team with a bye has "
            "none). Such a game counts in neither team's match. One finding per game, "
            "one for the file when more than ten.",
            "TRF26 §3.7 (310, 300, 330); TRF16 §2.4 (013)",
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_team_members((1, 3), (2, 4), (5, 6), (7, 8))),
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3)),
            "Correct the board's opponents (001), or the teams' members (310/013).",
        ),
        Code(
            "S126",
            "structure.team-round-twice",
            Severity.ERROR,
            "A team's round given two ways: a bye (240 F, H or Z; 320's pairing-allocated "
            "bye) and a match (its members' games over the board, or a 330 forfeited "
            "match), or two of them. The standings read one (330, then 320, then the "
            "games, then 240) and leave the other out. One finding per team and round, "
            "one for the file when more than ten.",
            "TRF26 §3.6 (240), §3.7 (320, 330)",
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3), "240 H   1    1"),
            _ex(*_HEAD, *_TEAM_MATCH[1:], *_teams(1, 4, 2, 3)),
            "Keep the one the team had: remove the bye record, or the team from the "
            "record that names it wrongly.",
        ),
        Code(
            "S127",
            "structure.cells-beyond-rounds",
            Severity.ERROR,
            "A player line with more round cells than the event has rounds: more than "
            "142/XXR declare and than any other line reaches (a game has two players, so "
            "a round only one line has is none of the event's). One finding per line, at "
            "its first cell beyond the rounds; those cells are not checked round by round "
            "(no S101, S113 ... for each of them).",
            "TRF16 §2.2 (round blocks); TRF26 142; TRF(x) XXR",
            _ex(*_HEAD, _P1 + "     2 w 1" * 3, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Remove the cells beyond the event's rounds (a line that ran on, or two "
            "players' lines joined), or declare the rounds (142/XXR) if the event had them.",
        ),
        Code(
            "S128",
            "structure.pairings-not-the-system",
            Severity.WARNING,
            "check --pairings: a round of a Swiss event whose pairs or colours are not "
            "those the FIDE (Dutch) System makes from the rounds before it, in the "
            "edition in force (192, else the start date; --system to choose), or a round "
            "the system cannot pair at all. One finding per round, at the first differing "
            "board's cell, with the file's and the system's boards and why, by the "
            "first criterion of the edition on which the file's pairing is worse. A "
            "warning: the event may have used another system or an accelerated one the "
            "file does not declare, and trfkit is not a FIDE-endorsed pairing program. "
            "Not checked without --pairings, nor in events declared (092/192, --type) "
            "other than Swiss.",
            "FIDE C.04.3 (the FIDE (Dutch) System), C.04.1, C.04.2",
            _ex(*_HEAD, "092 Swiss", *_field([2400, 2300, 2200, 2100], [[(1, 2), (3, 4)]])),
            _ex(*_HEAD, "092 Swiss", *_field([2400, 2300, 2200, 2100], [[(1, 3), (4, 2)]])),
            "Compare the round with trfkit pairings FILE, which shows both side by side; "
            "if the arbiter changed the pairing, keep the reason with the tournament report.",
            check_with=(("pairings", "auto"),),
        ),
        Code(
            "R101",
            "regulation.rate-of-play",
            Severity.ERROR,
            "The rate of play is too fast for the ratings in the game: the time a "
            "player has for 60 moves (base + 60 x increment + time added by move 60) "
            "is below the rule set's minimum (FIDE standard: 120/90/60 minutes by rating; "
            "rapid: more than 10 and less than 60; blitz: more than 3 and at most 10), "
            "or the players have different times where that is not rated.",
            "FIDE 2002/2009 §1.1, 2024 §1.1; Rapid & Blitz 2024 §1.1-1.2; CHESSA Time Control",
            _ex(*_BASE, "042 2025/05/01", "122 45 min + 30 sec/move", _A, _B),
            _ex(*_BASE, "042 2025/05/01", "122 90 min + 30 sec/move", _A, _B),
            "Play a slower time control, or report the event for rapid or blitz rating.",
            quote='FIDE 2002 §1.1: "For a game to be rated each player must have the following minimum periods in which to complete all the moves, assuming the game lasts 60 moves." §1.11: "Where at least one of the players in the tournament has a rating 2200 or higher, each player must have a minimum of 120 minutes." Rapid & Blitz 2024 §1.1.1: "for a rapid game all the moves must be made in a fixed time of more than 10 minutes but less than 60 minutes for each player; or the time allotted + 60 times any increment must be more than 10 minutes but less than 60 minutes for each player"; §1.2: "Games where the players have different playing times are not rated."',
        ),
        Code(
            "R102",
            "regulation.time-control-unknown",
            Severity.WARNING,
            "No time control (122, or TRF26 222) or one trfkit could not read, so the "
            "rate of play was not checked. --time-control gives it on the command line.",
            "FIDE 2024 §1.1 (the rate of play decides whether a game is rated)",
            _ex(*_BASE, "042 2025/05/01", "122 slow", _A, _B),
            _ex(*_BASE, "042 2025/05/01", "122 90+30", _A, _B),
            "Write the time control in 122, e.g. 90 min/40 moves + 30 min, 30 sec/move.",
        ),
        Code(
            "R104",
            "regulation.not-standard-by-schedule",
            Severity.ERROR,
            "No time control (122 or 222), and more rounds on one day than 12 hours of "
            "play hold at the least a standard game takes (2 x the rule set's least "
            "minutes for 60 moves): the event was not played at a standard rate, though "
            "a standard rule set would rate its games as standard. Said instead of R102; "
            "the name's words (Bullet, Blitz, Rapid) are added to the evidence.",
            "FIDE 2024 §1.1 (the least standard rate), §3 (12 hours of play a day); "
            "2002 and 2009 §3.1",
            _ex(
                *_BASE,
                "012 Harbour Bullet Arena",
                "042 2025/05/01",
                "052 2025/05/01",
                *_R104_GAMES,
            ),
            _ex(
                *_BASE,
                "042 2025/05/01",
                "052 2025/05/04",
                *_R104_GAMES,
            ),
            "Write the event's time control in 122 (or give --time-control): a rapid or "
            "blitz event is rated under the rapid and blitz regulations, a faster one not "
            "at all.",
            quote='FIDE 2009 §3.1: "There must be no more than 12 hours play in one day."',
        ),
        Code(
            "R103",
            "regulation.first-control-moves",
            Severity.ERROR,
            "The first time control has fewer moves than the rule set asks: 40 in 2009 "
            "(only recommended in 2002, a warning), 30 from 2022.",
            "FIDE 2002 §1.3, 2009 §1.3, 2024 §1.2",
            _ex(*_BASE, "042 2025/05/01", "122 20 moves in 90 min + 30 min", _A, _B),
            _ex(*_BASE, "042 2025/05/01", "122 40 moves in 90 min + 30 min", _A, _B),
            "Make the first time control at least the rule set's number of moves.",
            quote='FIDE 2009 §1.3: "Where a certain number of moves is specified in the first time control, it shall be 40 moves." (2002 §1.3: "it is recommended be 40 moves".)',
        ),
        Code(
            "R301",
            "regulation.rounds-per-day",
            Severity.ERROR,
            "More rounds on one day (from 132; without round dates, more rounds between "
            "042 and 052 than their days allow) than the rule set allows: 3 in FIDE "
            "2002/2009; 15 rapid and 30 blitz under Rapid & Blitz 2024. A warning when "
            "the file has no time control and the rules were chosen by date.",
            "FIDE 2002/2009 §3.1; Rapid & Blitz 2024 §3.1",
            _ex(
                *_HEAD,
                "042 2009/09/01",
                "052 2009/09/01",
                _dates("09/09/01", "09/09/01", "09/09/01", "09/09/01"),
                *_field([2400, 2300, 2200, 2100], [*_RR4, [(1, 2), (3, 4)]]),
            ),
            _ex(
                *_HEAD,
                "042 2009/09/01",
                "052 2009/09/02",
                _dates("09/09/01", "09/09/01", "09/09/01", "09/09/02"),
                *_field([2400, 2300, 2200, 2100], [*_RR4, [(1, 2), (3, 4)]]),
            ),
            "Spread the rounds over more days.",
            rules="fide-2009",
            quote='FIDE 2002 and 2009 §3.1: "No more than three rounds per day and a total playing time of no more than 12 hours." Rapid & Blitz 2024 §3.1: "For Rapid games, 15 rounds per day"; "For Blitz games, 30 rounds per day".',
        ),
        Code(
            "R302",
            "regulation.hours-per-day",
            Severity.ERROR,
            "More than 12 hours of play on one day, counting each round as both "
            "players' time for 60 moves: the days from 132, else the rounds played "
            "between 042 and 052 (where the rule set's round cap, R301, does not "
            "already say so).",
            "FIDE 2002/2009 §3.1, 2024 §3",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "052 2025/05/01",
                "122 90+30",
                _dates("25/05/01", "25/05/01", "25/05/01", "25/05/01"),
                *_field([2400, 2300, 2200, 2100], [*_RR4, [(1, 2), (3, 4)]]),
            ),
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "052 2025/05/02",
                "122 90+30",
                _dates("25/05/01", "25/05/01", "25/05/01", "25/05/02"),
                *_field([2400, 2300, 2200, 2100], [*_RR4, [(1, 2), (3, 4)]]),
            ),
            "Play fewer rounds a day, or a faster time control.",
            quote='FIDE 2002 and 2009 §3.1: "No more than three rounds per day and a total playing time of no more than 12 hours."',
        ),
        Code(
            "R401",
            "regulation.duration",
            Severity.ERROR,
            "The event lasts longer than the rule set allows (90 days; leagues may last "
            "longer, an info), or (info, from 2022) longer than 30 days, so its results "
            "are reported month by month.",
            "FIDE 2002 §4.1, 2009 §4.1-4.12, 2024 §4",
            _ex(*_BASE, "042 2025/01/01", "052 2025/06/01", "122 90+30", _A, _B),
            _ex(*_BASE, "042 2025/01/01", "052 2025/01/20", "122 90+30", _A, _B),
            "Report the event in parts, or ask the Qualification Commission in advance.",
            quote='FIDE 2009 §4.1: "For tournaments, a period not greater than 90 days, except: 4.11 Leagues may be rated which last for a period greater than 90 days."',
        ),
        Code(
            "R501",
            "regulation.unrated-games",
            Severity.INFO,
            "Rounds of a player that the rating will not count: forfeits, byes, games "
            "of less than one move (W D L), rounds with no result. Listed so the arbiter "
            "sees them before submitting.",
            "FIDE 2002 §5.1, 2009 §5, 2024 §5.1; Rapid & Blitz 2024 §4.1",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                _pl(1, "Novak, Jan", 14600012, "1.0", "   2 w +"),
                _pl(2, "Horvat, Eva", 14600020, "0.0", "   1 b -"),
            ),
            _ex(*_BASE, "042 2025/05/01", "122 90+30", _A, _B),
            "Nothing to fix if the rounds really were not played.",
            quote='FIDE 2009 §5: "Whether these occur because of forfeiture or any other reason, they are not counted. Any game where both players have made at least one move will be rated."',
        ),
        Code(
            "R502",
            "regulation.rated-result-without-game",
            Severity.ERROR,
            "A rated result (1 or 0) in a round with no opponent: there was no game to "
            "rate. A bye is written with a bye code.",
            "FIDE 2024 §5.1; TRF16 §2.3",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                _A,
                _B,
                _pl(3, "Zupan, Ana", 14600039, "1.0", "0000 - 1", place=2),
            ),
            _ex(*_BASE, "042 2025/05/01", "122 90+30", _A, _B, _C_BYE),
            "Write the bye as 0000 - F (or U, H, Z), or give the opponent.",
            quote='FIDE 2009 §5: unplayed games, "whether these occur because of forfeiture or any other reason, [...] are not counted."',
        ),
        Code(
            "R601",
            "regulation.round-robin-quota",
            Severity.ERROR,
            "A round robin without its share of rated players: at least one third, and "
            "at least 4 when it has fewer than 10 players.",
            "FIDE 2002/2009 §6.3-6.31",
            _ex(*_BASE, "042 2009/09/01", "122 120 min", *_field([2400, 2300, 2200, 0], _RR4)),
            _ex(*_BASE, "042 2009/09/01", "122 120 min", *_field([2400, 2300, 2200, 2100], _RR4)),
            "Such an event cannot be rated under these rules.",
            rules="fide-2009",
            quote='FIDE 2009 §6.3: "In a round robin tournament at least one-third of the players must be rated. 6.31 If the event has less than 10 players, at least 4 must be rated."',
        ),
        Code(
            "R602",
            "regulation.double-round-robin-quota",
            Severity.ERROR,
            "A double round robin with unrated players has fewer than 6 players or "
            "fewer than 4 rated.",
            "FIDE 2002/2009 §6.32",
            _ex(*_BASE, "042 2009/09/01", "122 120 min", *_field([2400, 2300, 2200, 0], _DRR4)),
            _ex(*_BASE, "042 2009/09/01", "122 120 min", *_field([2400, 2300, 2200, 2100], _DRR4)),
            "Such an event cannot be rated under these rules.",
            rules="fide-2009",
            quote='FIDE 2009 §6.32: "In a double round tournament with unrated participants, there must be at least 6 players, 4 of whom must be rated."',
        ),
        Code(
            "R603",
            "regulation.unrated-player",
            Severity.INFO,
            "An unrated player whose result will not count: too few games against rated "
            "opponents (3 in 2002/2009), too low a score against them (less than 1 point "
            "in 2002/2009, zero from 2022); or fewer games than a first rating "
            "needs (9 in 2002/2009, 5 from 2022, 12 in CHESSA), to be made up in "
            "later events. In a round robin rated by the round-robin method (2002, "
            "2009; 2014 and 2017 by their reading) the score and the games are those "
            "of the whole event, as the rater counts them (2009 §7.14a, §8.21b).",
            "FIDE 2002 §6.1, §6.42; 2009 §6.1, §6.41, §7.14a; 2024 §7.1.4, §8.2.1",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                *_field([2400, 2300, 2200, 0], _LOSES4, result="0"),
            ),
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                *_field([2400, 2300, 2200, 2100], _LOSES4, result="0"),
            ),
            "Nothing to fix: the player's result is not used for his first rating.",
            quote='FIDE 2009 §6.41: "For an unrated player\'s performance to count he must play at least three games against rated opponents; score at least 1 point; and the rating based on the tournament result at its conclusion be above the rating floor."',
        ),
        Code(
            "R604",
            "regulation.match",
            Severity.ERROR,
            "A match with an unrated player (not rated from 2009), or (warning) a game "
            "played after the match was decided, which is not rated unless waived in "
            "advance.",
            "FIDE 2002 §6.5, 2009 §6.5-6.6, 2024 §6; Rapid & Blitz 2024 §5",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                "XXR 2",
                *_field([2400, 0], [[(1, 2)], [(2, 1)]]),
            ),
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                "XXR 2",
                *_field([2400, 2300], [[(1, 2)], [(2, 1)]]),
            ),
            "Such a match is not rated.",
            quote='FIDE 2009 §6.5: "Where a match is over a specific number of games, those played after one player has won shall not be rated." §6.6: "Matches in which one or both of the players are unrated shall not be rated."',
        ),
        Code(
            "R605",
            "regulation.chessa-players",
            Severity.ERROR,
            "CHESSA: a section of fewer than 6 players is not rated; a tournament needs "
            "10 players in all (a warning, as other sections may make up the number).",
            "CHESSA Rating Rules 2015, Number of players per tournament",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                "XXR 5",
                *_field([1500, 1400, 1300, 1200], _RR4),
            ),
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                "XXR 5",
                *_field(
                    [1900, 1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100, 1000],
                    [[(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]],
                ),
            ),
            "Merge small sections.",
            rules="chessa-2015",
            quote='CHESSA 2015: "At least 6 players per section, and At least 10 players in total for the whole tournament. Sections that have less than 6 players will not be rated".',
        ),
        Code(
            "R606",
            "regulation.chessa-rounds",
            Severity.ERROR,
            "CHESSA: fewer than 5 rounds (4 for Braille tournaments) without the Ratings "
            "Committee's dispensation, asked for 7 days ahead.",
            "CHESSA Rating Rules 2015, Rounds 1-2",
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                "XXR 3",
                *_field([1500, 1400, 1300, 1200], _RR4),
            ),
            _ex(
                *_HEAD,
                "042 2025/05/01",
                "122 90+30",
                "XXR 5",
                *_field([1500, 1400, 1300, 1200], _RR4),
            ),
            "Play at least 5 rounds, or apply for a dispensation.",
            rules="chessa-2015",
            quote='CHESSA 2015, Rounds 1: "Only tournaments with a minimum of 5 rounds will be rated, unless special dispensation for fewer rounds have been granted by the CHESSA Ratings Committee"; 2: "For Braille tournaments the minimum number of rounds will be 4."',
        ),
        Code(
            "R607",
            "regulation.rating-gap",
            Severity.WARNING,
            "Rapid and blitz, from 1 December 2024: a game between players 600 or more "
            "points apart, one of them rated above 2600, is not rated.",
            "FIDE Rapid & Blitz Rating Regulations 2024 (amendment of 2024-12-01)",
            _ex(*_BASE, "042 2025/05/01", "122 15+10", *_field([2700, 2000], [[(1, 2)]])),
            _ex(*_BASE, "042 2025/05/01", "122 15+10", *_field([2700, 2200], [[(1, 2)]])),
            "Nothing to fix: the game is simply not rated.",
        ),
        Code(
            "R608",
            "regulation.rating-floor",
            Severity.WARNING,
            "A rating below the rating floor in force at the start (1200 from July "
            "2009, 1000 from 2011, 1400 from March 2024): no FIDE list holds it, so it "
            "is mistyped or a national rating. Checked for events that start under the "
            "rule set.",
            "FIDE 2009 §0.6; 2024 §7.1.2; Rapid & Blitz 2024 §6.1.2",
            _ex(*_BASE, "042 2025/05/01", "122 90+30", *_field([2400, 1350], [[(1, 2)]])),
            _ex(*_BASE, "042 2025/05/01", "122 90+30", *_field([2400, 1450], [[(1, 2)]])),
            "Write the player's FIDE rating from the list in force, or leave it blank "
            "(national ratings go in TRF26 NRS records).",
        ),
        Code(
            "R801",
            "list.rating",
            Severity.WARNING,
            "With a players' list (check --rating-list): the file's rating (columns 49-52) "
            "differs from the player's rating of the event's rate class (standard, rapid or "
            "blitz; a rapid or blitz event without one takes the standard rating under R&B "
            "2024 §7.2.1) on the list in force at the start. FIDE rates with the list's "
            "rating; checking against a later list is a common error.",
            "Title Regulations §1.4.6a (the list in force at the start)",
            _ex(*_HEAD, _put(_P1, "rating", "2490"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Write the rating of the list in force at the start (the month the event "
            "began), not a later or earlier list's.",
            rating_list=_LIST,
        ),
        Code(
            "R802",
            "list.rated",
            Severity.WARNING,
            "With a players' list: the file shows a player as unrated whom the list in "
            "force at the start rates for the event's rate class, or gives a rating to a "
            "player the list does not rate (often a national rating).",
            "Title Regulations §1.4.6a (the list in force at the start)",
            _ex(*_HEAD, _put(_P1, "rating", ""), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Write the list's rating, or leave the column blank for a player without a "
            "FIDE rating of the event's class (national ratings go in TRF26 NRS records).",
            rating_list=_LIST,
        ),
        Code(
            "R803",
            "list.title",
            Severity.WARNING,
            "With a players' list: the title (columns 11-13) is not the one the list gives.",
            "TRF16 §2.2 (title); FIDE players' list",
            _ex(*_HEAD, _put(_P1, "title", "IM"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Write the title the list gives (a title counts from its confirmation by FIDE).",
            rating_list=_LIST,
        ),
        Code(
            "R804",
            "list.federation",
            Severity.WARNING,
            "With a players' list: the federation (columns 54-56) is not the one the list gives.",
            "TRF16 §2.2 (federation); FIDE players' list",
            _ex(*_HEAD, _put(_P1, "federation", "CRO"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Write the federation the list gives; a transfer counts once FIDE lists it.",
            rating_list=_LIST,
        ),
        Code(
            "R805",
            "list.sex",
            Severity.WARNING,
            "With a players' list: the sex (column 10) is not the one the list gives.",
            "TRF16 §2.2 (sex); FIDE players' list",
            _ex(*_HEAD, _P1, _put(_P2, "sex", "m")),
            _ex(*_HEAD, _P1, _P2),
            "Correct the sex column (m or w), or ask the federation to correct the list.",
            rating_list=_LIST,
        ),
        Code(
            "R806",
            "list.birth-year",
            Severity.WARNING,
            "With a players' list: the year of the birth date (columns 70-73) is not the "
            "birth year the list gives. K and junior status go by the list's.",
            "TRF16 §2.2 (birth date); FIDE players' list",
            _ex(*_HEAD, _born(_P1, "1991/05/01"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Correct the birth date, or ask the federation to correct the list.",
            rating_list=_LIST,
        ),
        Code(
            "R807",
            "list.name",
            Severity.INFO,
            "With a players' list: the name (columns 15-47) differs from the listed one "
            "by more than case, spacing, punctuation and diacritics (a listed name longer "
            "than the 33 columns agrees with its beginning). Often a transliteration; "
            "sometimes the wrong FIDE id.",
            "TRF16 §2.2 (name); FIDE players' list",
            _ex(*_HEAD, _put(_P1, "name", "Novak, Janez"), _P2),
            _ex(*_HEAD, _put(_P1, "name", "NOVÁK,Jan"), _P2),
            "Check that the FIDE id is this player's, then write the name as FIDE lists it.",
            rating_list=_LIST,
        ),
        Code(
            "R808",
            "list.id-not-listed",
            Severity.WARNING,
            "With a players' list: a FIDE id (columns 58-68) that the list in force at "
            "the start does not hold: mistyped, or a player registered since. A new player "
            "needs a birth date and sex in the file (R809).",
            "FIDE players' list; Rating Regulations: new players",
            _ex(*_HEAD, _put(_P1, "fide_id", "14600047"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Correct the id from the list, or give the new player's birth date and sex.",
            rating_list=_LIST,
        ),
        Code(
            "R809",
            "list.new-player-data",
            Severity.WARNING,
            "An unrated player without a FIDE id (or, with a players' list, with an id the "
            "list does not hold) and without the birth date or sex FIDE needs to register a "
            "new player (a rated player without an id is one whose id was left out). Checked "
            "without a list too; under the FIDE rule sets only. More than 10 such players in "
            "a file are one finding, with the count and the first players.",
            "FIDE rating server: new players need a birth date and sex",
            _ex(*_HEAD, _P1, _born(_put(_put(_P2, "fide_id", ""), "rating", ""), "")),
            _ex(*_HEAD, _P1, _put(_put(_P2, "fide_id", ""), "rating", "")),
            "Give each new player's birth date (YYYY/MM/DD) and sex (m or w).",
        ),
        Code(
            "R810",
            "list.foreign-without-id",
            Severity.WARNING,
            "An unrated player of another federation than the event's (032) without a FIDE id: only "
            "his own federation can register him with FIDE, and it must do so before the "
            "event is rated. Checked without a list too, when 032 and his federation are "
            "FIDE federation codes; under the FIDE rule sets only.",
            "FIDE rating server: foreign players must hold a FIDE id",
            _ex(*_HEAD, _P1, _put(_put(_fed(_P2, "CRO"), "fide_id", ""), "rating", "")),
            _ex(*_HEAD, _P1, _put(_fed(_P2, "CRO"), "rating", "")),
            "Ask the player's federation to register him, then write his FIDE id.",
        ),
        Code(
            "R811",
            "list.listed-by-name",
            Severity.INFO,
            "With a players' list: a player without a FIDE id whose name (compared as in "
            "R807) and federation are one listed player's: he may be that player.",
            "FIDE players' list",
            _ex(*_HEAD, _P1, _put(_P2, "fide_id", "")),
            _ex(*_HEAD, _P1, _P2),
            "Write the listed player's FIDE id if he is that player.",
            rating_list=_LIST,
        ),
        Code(
            "R812",
            "list.inactive",
            Severity.INFO,
            "With a players' list: the list flags the player as inactive (flag i). He is "
            "still rated at his last published rating, and a rated game makes him active "
            "on the next list.",
            "FIDE 2009 §7.23; 2024 §6.2.2",
            _ex(*_HEAD, _P1, _P2, _P3),
            _ex(*_HEAD, _P1, _P2),
            "Nothing to fix: a note for the rating officer.",
            rating_list=_LIST,
        ),
        Code(
            "R813",
            "list.woman-title",
            Severity.WARNING,
            "A woman's title (WGM, WIM, WFM, WCM) on a man: the sex (column 10) is m, or "
            "the players' list lists him as a man. One of the two columns is wrong.",
            "Title Regulations §0.3 (titles for women)",
            _ex(*_HEAD, _put(_P1, "title", "WGM"), _P2),
            _ex(*_HEAD, _P1, _P2),
            "Correct the title or the sex.",
        ),
        Code(
            "R814",
            "list.rated-without-id",
            Severity.WARNING,
            "A player with a rating (columns 49-52) but no FIDE id (columns 58-68): the "
            "FIDE number is mandatory for rating, and the rating server matches a "
            "player's games to him by it; a rated player has one, so it was left out. "
            "Checked without a list; under the FIDE rule sets only. A file in which no "
            "player has an id, or more than 10 such players, is one finding.",
            "TRF16 §2.2 (FIDE number: mandatory for rating)",
            _ex(*_HEAD, _P1, _put(_P2, "fide_id", "")),
            _ex(*_HEAD, _P1, _P2),
            "Write each rated player's FIDE id (from FIDE's players' list) in columns 58-68.",
        ),
        Code(
            "R701",
            "title.norm",
            Severity.INFO,
            "A player's result is a title norm (GM, IM; WGM, WIM for women) under the "
            "FIDE Title Regulations in force at the start: every requirement met (games, "
            "federations, titled opponents, Ra, Rp, score). One finding per player, "
            "naming each norm, so that the certificates of title result are issued. "
            "Editions of the Title Regulations that are not modelled give none.",
            "FIDE Title Regulations (B.01) 2024 §0.5, §1.4",
            _ex(*_BASE, "042 2025/05/01", "122 90+30", "XXR 9", *_norm_event("1=1=1=1=1")),
            _ex(*_BASE, "042 2025/05/01", "122 90+30", "XXR 9", *_norm_event("1=1=1=1=0")),
            "Nothing to fix: issue a certificate of title result for each norm "
            "(trfkit norms FILE --certificates) and send it with the tournament report.",
            quote='B.01 2024 §0.5: a title norm is "a title performance that also satisfies '
            'the opponent title and federation mix rules in 1.4.2 to 1.4.5" (reading note).',
        ),
        Code(
            "P009",
            "format.not-representable",
            Severity.WARNING,
            "Writing canonically or converting to another dialect (fmt): a record, "
            "field or round cell the output cannot hold as the file had it was dropped "
            "or rewritten.",
            "TRF16 (no 142-362, NRS, ###); TRF26 §3",
            _ex(*_HEAD, "### a comment", _P1, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Convert to the dialect that holds the record, correct the field the "
            "reader could not read (its P002, P003 or P004), or accept the loss.",
        ),
        Code(
            "P010",
            "format.file-too-large",
            Severity.ERROR,
            "The file is larger than the reader's limit (64 MiB by default): it was "
            "not read. Real TRF files are a few MB at most; the limit keeps a server "
            "that takes files from anyone from reading whatever it is sent.",
            None,
            _ex(*_HEAD, _P1, _P2, "### " + "padding " * 40),
            _ex(*_HEAD, _P1, _P2),
            "Check that this is the TRF file you meant; if it is, raise the limit "
            "(--max-file-size, or max_size= in Python).",
            load_options=(("max_size", 400),),
        ),
        Code(
            "P011",
            "format.line-too-long",
            Severity.ERROR,
            "A line is longer than the reader's limit (65,536 characters, a player "
            "line of about 6,500 rounds, by default): it is kept as it is, but not read.",
            None,
            _ex(*_HEAD, _P1 + "  0002 w 1" * 3, _P2),
            _ex(*_HEAD, _P1, _P2),
            "Look for a line that lost its line breaks, or raise the limit "
            "(--max-line-length, or max_line_length= in Python).",
            load_options=(("max_line_length", 110),),
        ),
        Code(
            "P012",
            "format.not-trf",
            Severity.ERROR,
            "The file is no TRF file at all: it is empty, or not text (a ZIP "
            "archive such as a .docx, .xlsx or .odt document, an Office 97-2003 "
            "document, a PDF, an image, an archive, binary data with NUL bytes "
            "or control characters). The command line refuses it (exit status 2); "
            "the library reads it all the same, so that it writes back byte for "
            "byte, and reports this error.",
            None,
            _ex("%PDF-1.7", "1 0 obj", "<< /Type /Catalog /Pages 2 0 R >>"),
            _ex(*_HEAD, _P1, _P2),
            "Give the tournament's TRF file: export it from the pairing program "
            "(Swiss-Manager, Vega, ...) as a FIDE report (TRF), not as a document.",
        ),
    ]
}


def code(code: str) -> Code:
    """The registry entry of ``code``."""
    return CODES[code]


def diagnostic(
    code: str,
    line: int,
    column: int,
    message: str,
    *,
    found: str | None = None,
    expected: str | None = None,
    severity: Severity | None = None,
) -> Diagnostic:
    """A diagnostic of ``code``, with the registry's severity (unless given),
    reference and fix."""
    entry = CODES[code]
    return build_diagnostic(
        code,
        severity or entry.severity,
        line,
        column,
        message,
        entry.reference,
        found,
        expected,
        entry.fix,
    )
