"""Seeded generator of realistic, self-consistent FIDE TRF files for benchmarks.

Stdlib only; deliberately does not import :mod:`trfkit` so that it can be used to
test it.  Columns in comments are 1-based and inclusive, as in the FIDE texts
(see ``/work/shared/docs/trf-formats.md`` sections 2.1-2.3 and 3.4).

Library use::

    from generate import generate, expected, selfcheck
    text = generate(300, 9, 2026)                 # TRF16 text
    facts = expected(text)                        # counts re-read from the text
    facts2 = expected({"players": 300, "rounds": 9, "seed": 2026})  # counted while generating
    problems = selfcheck(text)                    # [] when consistent

Command line::

    python bench/generate.py --players 3000 --rounds 13 --seed 2026 --out /tmp/x/big-3000x13.trf
    python bench/generate.py --many 1000 --players 60 --rounds 7 --seed 1 --out-dir /tmp/x/many
    python bench/generate.py --sizes --out-dir /tmp/x/sizes [--check]

A TRF player record has 4-digit starting-rank and opponent fields, so at most 9999
players fit in a file; the "10000x15" standard size is therefore generated as 9999x15.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice, pairwise
from pathlib import Path

__all__ = [
    "MAX_PLAYERS",
    "STANDARD_SIZES",
    "Generated",
    "build",
    "expected",
    "generate",
    "selfcheck",
]

MAX_PLAYERS = 9999
"""Starting rank (cols 5-8) and opponent (cols 92-95 + 10(r-1)) are 4 digits wide."""

STANDARD_SIZES: tuple[tuple[int, int], ...] = ((300, 9), (3000, 13), (9999, 15))
"""The ``--sizes`` set (10000 players do not fit the 4-digit rank columns)."""

DIALECTS = ("trf16", "trf26")

LEGACY_TITLES: dict[str, str] = {"WGM": "WG", "WIM": "WI", "WFM": "WF", "WCM": "WC"}
TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "WG", "WI", "WF", "WC"})

# Points in half-points per result code (default scoring: U = win value).
HALVES: dict[str, int] = {
    "1": 2,
    "+": 2,
    "W": 2,
    "F": 2,
    "U": 2,
    "=": 1,
    "D": 1,
    "H": 1,
    "0": 0,
    "-": 0,
    "L": 0,
    "Z": 0,
    " ": 0,
}
# Result of the opponent that is compatible with a given result.
COMPLEMENT: dict[str, frozenset[str]] = {
    "1": frozenset("0"),
    "0": frozenset("1"),
    "=": frozenset("="),
    "+": frozenset("-"),
    "-": frozenset("+-"),
    "W": frozenset("L"),
    "L": frozenset("W"),
    "D": frozenset("D"),
}
BYE_RESULTS = frozenset("HFUZ ")
RESULT_CODES = "10=+-WLDHFUZ"

TIME_CONTROLS = (
    "90 min/40 moves + 30 min, 30 sec/move from move 1",
    "90 min + 30 sec/move from move 1",
    "100 min/40 moves + 50 min/20 moves + 15 min, 30 sec/move from move 1",
    "120 min/40 moves + 30 min, 30 sec/move from move 1",
    "60 min + 30 sec/move from move 1",
)

# ---------------------------------------------------------------------------
# Name material.  Every entry of the *_ACC pools contains at least one non-ASCII
# character (all precomposed, so one character = one column); the plain pools are
# pure ASCII.  About half of the players draw from the accented pools.
# ---------------------------------------------------------------------------
LAST_PLAIN = (
    "Smith",
    "Johnson",
    "Brown",
    "Taylor",
    "Wilson",
    "Anderson",
    "Thomas",
    "Martin",
    "Jackson",
    "Clarke",
    "Walker",
    "Wright",
    "Robinson",
    "Hughes",
    "Edwards",
    "Green",
    "Kowalski",
    "Nowak",
    "Petrov",
    "Ivanov",
    "Smirnov",
    "Kuznetsov",
    "Popov",
    "Novak",
    "Horvat",
    "Kovacs",
    "Nagy",
    "Szabo",
    "Toth",
    "Rossi",
    "Russo",
    "Ferrari",
    "Bianchi",
    "Romano",
    "Colombo",
    "Ricci",
    "Garcia",
    "Martinez",
    "Lopez",
    "Sanchez",
    "Perez",
    "Gomez",
    "Fernandez",
    "Silva",
    "Santos",
    "Costa",
    "Pereira",
    "Almeida",
    "Jansen",
    "de Vries",
    "van den Berg",
    "Bakker",
    "Visser",
    "Smit",
    "Meyer",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Schulz",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Neumann",
    "Schwarz",
    "Dubois",
    "Durand",
    "Leroy",
    "Moreau",
    "Laurent",
    "Simon",
    "Michel",
    "Lefebvre",
    "Nielsen",
    "Hansen",
    "Pedersen",
    "Andersen",
    "Larsen",
    "Johansson",
    "Karlsson",
    "Nilsson",
    "Eriksson",
    "Virtanen",
    "Korhonen",
    "Papadopoulos",
    "Georgiou",
    "Kaya",
    "Demir",
    "Sahin",
    "Celik",
    "Yilmaz",
    "Cohen",
    "Levi",
    "Mizrahi",
    "Kumar",
    "Sharma",
    "Gupta",
    "Singh",
    "Patel",
    "Reddy",
    "Iyer",
    "Wang",
    "Li",
    "Zhang",
    "Liu",
    "Chen",
    "Yang",
    "Huang",
    "Zhao",
    "Wu",
    "Zhou",
    "Nguyen",
    "Tran",
    "Le",
    "Pham",
    "Kim",
    "Park",
    "Lee",
    "Choi",
    "Tanaka",
    "Suzuki",
    "Sato",
    "Watanabe",
    "O'Brien",
    "O'Connor",
    "McDonald",
    "Fitzgerald-Hamilton",
    "Abdullayev",
    "Mamedov",
    "Karimov",
    "Aliyev",
)
LAST_ACC = (
    "Müller",
    "Schäfer",
    "Schröder",
    "Köhler",
    "Krüger",
    "Größer",
    "Jäger",
    "Böhm",
    "Lehtonen-Mäkinen",
    "Mäkelä",
    "Hämäläinen",
    "Järvinen",
    "Sørensen",
    "Jørgensen",
    "Østergaard",
    "Kjær",
    "Åberg",
    "Ångström",
    "Söderberg",
    "Björk",
    "Öztürk",
    "Çelik",
    "Güneş",
    "Yıldız",
    "Doğan",
    "Şahin",
    "Erdős",
    "Kovács",
    "Szabó",
    "Tóth",
    "Fülöp",
    "Hegedűs",
    "Dvořák",
    "Novotný",
    "Svoboda-Černá",
    "Procházka",
    "Kučera",
    "Růžička",
    "Šimić",
    "Jovanović",
    "Petrović",
    "Đoković",
    "Živković",
    "Marković",
    "Babić",
    "Kowalczyk-Wróbel",
    "Wiśniewski",
    "Wójcik",
    "Kamiński",
    "Lewandowski-Żak",
    "Zieliński",
    "Szymański",
    "Woźniak",
    "Dąbrowski",
    "Kozłowski",
    "Jankowski-Łęcki",
    "Łukasiewicz",
    "Peña",
    "Muñoz",
    "Núñez",
    "Ibáñez",
    "Pérez",
    "Gómez",
    "Martínez",
    "Fernández",
    "González",
    "Rodríguez",
    "Hernández",
    "Díaz",
    "Álvarez",
    "Sánchez",
    "Gonçalves",
    "Conceição",
    "Magalhães",
    "Simões",
    "Guimarães",
    "Brandão",
    "Lefèvre",
    "Bézier",
    "Frère",
    "Gaëtan",
    "Clément",
    "Béranger",
    "Hélène-Duprés",
    "Ménard",
    "Noël",
    "Mlynář",
    "Štefánik",
    "Hrušovský",
    "Čech",
    "Bārziņš",
    "Ozoliņš",
    "Kalniņš",
    "Jurkevičius",
    "Kazlauskas-Šimkus",
    "Vaitkevičiūtė",
    "Þórsson",
    "Guðmundsson",
    "Ólafsson",
    "Sigurðardóttir",
    "Nguyễn",
    "Trần",
    "Lê",
    "Phạm",
    "Hoàng",
    "Võ",
    "Dragomirescu-Ţepeş",
    "Ionescu-Bălan",
    "Stănescu",
    "Mureşan",
    "Cârstea",
)
FIRST_PLAIN_M = (
    "John",
    "David",
    "Michael",
    "Peter",
    "Paul",
    "Mark",
    "James",
    "Robert",
    "Thomas",
    "Alexander",
    "Sergey",
    "Dmitry",
    "Ivan",
    "Andrei",
    "Nikolai",
    "Pavel",
    "Marco",
    "Luca",
    "Giovanni",
    "Carlos",
    "Juan",
    "Pedro",
    "Miguel",
    "Pablo",
    "Diego",
    "Jan",
    "Piotr",
    "Tomasz",
    "Pieter",
    "Hans",
    "Karl",
    "Stefan",
    "Lars",
    "Erik",
    "Magnus",
    "Anish",
    "Vishy",
    "Arjun",
    "Rahul",
    "Wei",
    "Hao",
    "Jun",
    "Minh",
    "Hiroshi",
    "Kenji",
    "Ahmed",
    "Omar",
    "Yusuf",
    "Daniel",
    "Samuel",
    "Benjamin",
    "Levon",
)
FIRST_PLAIN_W = (
    "Anna",
    "Maria",
    "Elena",
    "Olga",
    "Natalia",
    "Irina",
    "Julia",
    "Sarah",
    "Laura",
    "Emma",
    "Sofia",
    "Alice",
    "Judit",
    "Susan",
    "Nana",
    "Ju",
    "Yifan",
    "Humpy",
    "Koneru",
    "Alexandra",
    "Valentina",
    "Kateryna",
    "Mariya",
    "Nino",
    "Lela",
    "Bella",
    "Hou",
    "Pia",
    "Eva",
    "Ingrid",
    "Karin",
    "Lisa",
    "Claire",
    "Marie",
    "Lucia",
    "Carmen",
)
FIRST_ACC_M = (
    "José",
    "Jérôme",
    "François",
    "Zoë",
    "Søren",
    "Jürgen",
    "Jörg",
    "Björn",
    "Łukasz",
    "Paweł",
    "Michał",
    "Wojciech-Józef",
    "Radosław",
    "Mikuláš",
    "Tomáš",
    "Lukáš",
    "Jiří",
    "Dušan",
    "Miloš",
    "Bojan Čedomir",
    "Đorđe",
    "Ćiril",
    "Andrés",
    "Ángel",
    "Joaquín",
    "Raúl",
    "Iñaki",
    "João",
    "Sebastião",
    "Gonçalo",
    "Hjörvar",
    "Þröstur",
    "Ömer",
    "Gökhan",
    "Çağrı",
    "Tuấn",
    "Đức",
    "Renée",
    "Rémi",
    "Loïc",
    "Gaëtan",
    "Ştefan",
    "Mihăiță",
)
FIRST_ACC_W = (
    "Zoë",
    "Renée",
    "Hélène",
    "Chloé",
    "Cécile",
    "Agnès",
    "Małgorzata",
    "Żaneta",
    "Jadwiga-Łucja",
    "Anikó",
    "Zsófia",
    "Réka",
    "Dóra",
    "Kateřina",
    "Lucie Šárka",
    "Jelena-Željka",
    "Ljiljana-Ružica",
    "Đurđica",
    "Sofía",
    "Inés",
    "María José",
    "Begoña",
    "Conceição",
    "Björg",
    "Sólveig",
    "Kübra",
    "Gülşen",
    "Hương",
    "Thảo",
    "Märta",
    "Åsa",
    "Øydis",
)
FEDERATIONS = (
    "GER",
    "GER",
    "FRA",
    "ESP",
    "ESP",
    "ITA",
    "NED",
    "POL",
    "POL",
    "CZE",
    "HUN",
    "SRB",
    "CRO",
    "SWE",
    "NOR",
    "DEN",
    "FIN",
    "ISL",
    "TUR",
    "IND",
    "IND",
    "CHN",
    "VIE",
    "USA",
    "ENG",
    "IRL",
    "SCO",
    "POR",
    "BRA",
    "ARG",
    "RUS",
    "FID",
    "UKR",
    "ARM",
    "GEO",
    "AZE",
    "ISR",
    "GRE",
    "ROU",
    "LAT",
    "LTU",
    "EST",
    "SVK",
    "SLO",
    "AUT",
    "SUI",
    "BEL",
    "LUX",
)
CITIES = (
    ("Reykjavík", "ISL"),
    ("Malmö", "SWE"),
    ("Köln", "GER"),
    ("Nürnberg", "GER"),
    ("Kraków", "POL"),
    ("Łódź", "POL"),
    ("Plzeň", "CZE"),
    ("Székesfehérvár", "HUN"),
    ("A Coruña", "ESP"),
    ("Córdoba", "ESP"),
    ("Besançon", "FRA"),
    ("Genève", "SUI"),
    ("Zürich", "SUI"),
    ("São Paulo", "BRA"),
    ("İstanbul", "TUR"),
    ("Wijk aan Zee", "NED"),
    ("Sitges", "ESP"),
    ("Biel", "SUI"),
    ("Gibraltar", "GIB"),
    ("Hastings", "ENG"),
    ("Chennai", "IND"),
    ("Aarhus", "DEN"),
    ("Tromsø", "NOR"),
    ("Novi Sad", "SRB"),
)
EVENT_WORDS = (
    "Open",
    "International Open",
    "Chess Festival",
    "Masters",
    "Grand Prix",
    "Rating Open",
    "Summer Open",
    "Winter Open",
    "Memorial",
    "Championship",
)


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------
@dataclass
class _Player:
    sex: str
    title: str
    name: str
    rating: int  # 0 = unrated
    rating_zero: bool  # unrated and written as "   0" instead of blanks
    fed: str
    fide_id: int
    birth: str
    strength: int  # rating used for simulating games
    accented: bool  # name has a non-ASCII character
    # running tournament state
    halves: int = 0
    opponents: set[int] = field(default_factory=set)
    cdiff: int = 0  # whites minus blacks
    last: str = ""  # last colour played, "w"/"b"/""
    streak: int = 0  # consecutive games with ``last`` colour
    unplayed_point: bool = False  # had U, F or a forfeit win (not eligible for U)
    hbyes: int = 0
    withdraw_round: int = -1  # 0-based round from which the player is gone, -1 = never
    truncate: bool = False  # withdrawn player whose remaining blocks are left off
    blocks: list[tuple[int, str, str]] = field(default_factory=list)


@dataclass
class Generated:
    """Result of :func:`build`: the file text and what the generator counted."""

    text: str
    expected: dict[str, object]


def _validate(players: int, rounds: int, dialect: str) -> None:
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(
            f"players must be 2..{MAX_PLAYERS} (4-digit TRF rank columns), got {players}"
        )
    if not 1 <= rounds <= 99:
        raise ValueError(f"rounds must be 1..99, got {rounds}")
    if dialect not in DIALECTS:
        raise ValueError(f"dialect must be one of {DIALECTS}, got {dialect!r}")


def _pick_title(rng: random.Random, rating: int, sex: str) -> str:
    r = rng.random()
    if rating >= 2550:
        title = "GM" if r < 0.8 else "IM"
    elif rating >= 2450:
        title = "GM" if r < 0.25 else "IM" if r < 0.75 else "FM" if r < 0.9 else ""
    elif rating >= 2350:
        title = "IM" if r < 0.25 else "FM" if r < 0.7 else "CM" if r < 0.75 else ""
    elif rating >= 2250:
        title = "FM" if r < 0.3 else "CM" if r < 0.45 else ""
    elif rating >= 2150:
        title = "FM" if r < 0.05 else "CM" if r < 0.2 else ""
    else:
        title = ""
    if sex == "w" and title not in ("GM", "IM"):
        # Women's titles (3 letters): about 2% of all players.
        w = rng.random()
        if rating >= 2300 and w < 0.7:
            title = "WGM" if w < 0.35 else "WIM"
        elif rating >= 2000 and w < 0.35:
            title = "WIM" if w < 0.1 else "WFM"
        elif rating >= 1700 and w < 0.08:
            title = "WCM" if w < 0.05 else "WFM"
    return title


def _make_players(rng: random.Random, n: int, start_year: int) -> list[_Player]:
    ids = rng.sample(range(100_000, 1_000_000_000), n)
    raw: list[_Player] = []
    for k in range(n):
        sex = "w" if rng.random() < 0.18 else "m"
        accented = rng.random() < 0.5
        if accented:
            last = rng.choice(LAST_ACC)
            first = (
                rng.choice(FIRST_ACC_W if sex == "w" else FIRST_ACC_M)
                if rng.random() < 0.6
                else rng.choice(FIRST_PLAIN_W if sex == "w" else FIRST_PLAIN_M)
            )
        else:
            last = rng.choice(LAST_PLAIN)
            first = rng.choice(FIRST_PLAIN_W if sex == "w" else FIRST_PLAIN_M)
        name = f"{last}, {first}"
        if len(name) > 33:
            name = name[:33].rstrip()
        strength = int(max(1000.0, min(2830.0, rng.gauss(1850.0, 320.0))))
        unrated = rng.random() < 0.12
        if unrated:
            strength = int(max(1000.0, min(2000.0, rng.gauss(1450.0, 220.0))))
        rating = 0 if unrated else strength
        year = start_year - int(max(6.0, min(85.0, rng.gauss(34.0, 17.0))))
        birth = f"{year:04d}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
        raw.append(
            _Player(
                sex=sex,
                title="" if unrated else _pick_title(rng, rating, sex),
                name=name,
                rating=rating,
                rating_zero=unrated and rng.random() < 0.5,
                fed=rng.choice(FEDERATIONS),
                fide_id=ids[k],
                birth=birth,
                strength=strength,
                accented=not name.isascii(),
            )
        )
    # Starting rank: rated by rating (desc), then unrated; ties by name, then FIDE id.
    raw.sort(key=lambda p: (p.rating == 0, -p.rating, p.name, p.fide_id))
    return raw


def _round_dates(rng: random.Random, rounds: int) -> list[_dt.date]:
    day = _dt.date(rng.randint(2018, 2026), rng.randint(1, 12), rng.randint(1, 28))
    # Double-round days: at most 2 rounds per day.
    doubles_wanted = rng.randint(0, max(1, rounds // 4)) if rounds > 3 else 0
    dates: list[_dt.date] = []
    while len(dates) < rounds:
        remaining = rounds - len(dates)
        if doubles_wanted and remaining >= 2 and len(dates) > 0 and rng.random() < 0.4:
            dates += [day, day]
            doubles_wanted -= 1
        else:
            dates.append(day)
        day += _dt.timedelta(days=2 if rng.random() < 0.12 else 1)
    return dates


def _colour_pref(p: _Player) -> tuple[str, int]:
    """(wanted colour, strength): 3 absolute, 2 strong, 1 mild, 0 none."""
    if p.cdiff >= 2 or (p.last == "w" and p.streak >= 2):
        return "b", 3
    if p.cdiff <= -2 or (p.last == "b" and p.streak >= 2):
        return "w", 3
    if p.cdiff == 1:
        return "b", 2
    if p.cdiff == -1:
        return "w", 2
    if p.last:
        return ("b" if p.last == "w" else "w"), 1
    return "", 0


def _colours_ok(a: _Player, b: _Player) -> bool:
    """False when both players have an absolute preference for the same colour."""
    ca, sa = _colour_pref(a)
    cb, sb = _colour_pref(b)
    return not (sa == 3 and sb == 3 and ca == cb)


def _colours_nice(a: _Player, b: _Player) -> bool:
    ca, sa = _colour_pref(a)
    cb, sb = _colour_pref(b)
    return ca != cb or sa <= 1 or sb <= 1


class _PairingFailed(Exception):
    pass


def _pair_bracket(bracket: list[int], ps: list[_Player], pairs: list[tuple[int, int]]) -> list[int]:
    """Greedy Dutch-like pairing of one score bracket (already ordered); returns floaters."""
    n = len(bracket)
    half = n // 2
    used = [False] * n
    left: list[int] = []
    for idx in range(n):
        if used[idx]:
            continue
        used[idx] = True
        a = bracket[idx]
        pa = ps[a]
        start = idx + half if idx < half else idx + 1
        found = -1
        # 1: nearby candidate with matching colour preferences
        for j in islice(chain(range(start, n), range(start - 1, idx, -1)), 8):
            if not used[j] and bracket[j] not in pa.opponents and _colours_nice(pa, ps[bracket[j]]):
                found = j
                break
        # 2: any candidate of the bracket without an absolute colour clash; 3: any at all
        if found < 0:
            for j in chain(range(start, n), range(start - 1, idx, -1)):
                if (
                    not used[j]
                    and bracket[j] not in pa.opponents
                    and _colours_ok(pa, ps[bracket[j]])
                ):
                    found = j
                    break
        if found < 0:
            for j in chain(range(start, n), range(start - 1, idx, -1)):
                if not used[j] and bracket[j] not in pa.opponents:
                    found = j
                    break
        if found < 0:
            left.append(a)  # floats down
        else:
            used[found] = True
            pairs.append((a, bracket[found]))
    return left


def _match_dfs(
    players: list[int], ps: list[_Player], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Perfect matching of ``players`` (ordered) without rematches, by bounded backtracking."""
    if not players:
        return []
    a = players[0]
    rest = players[1:]
    for k, b in enumerate(rest):
        if b in ps[a].opponents:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        sub = _match_dfs(rest[:k] + rest[k + 1 :], ps, budget)
        if sub is not None:
            return [(a, b), *sub]
        if budget[0] < 0:
            return None
    return None


def _pair_round(order: list[int], ps: list[_Player]) -> list[tuple[int, int]]:
    """Pair an even list of players ordered by score then starting rank."""
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    i = 0
    while i < len(order):
        j = i
        score = ps[order[i]].halves
        while j < len(order) and ps[order[j]].halves == score:
            j += 1
        floaters = _pair_bracket(floaters + order[i:j], ps, pairs)
        i = j
    if not floaters:
        return pairs
    # Rare fallback: re-pair the bottom of the round together with the leftovers by
    # bounded backtracking, widening the window until it works (never a rematch).
    rank = {p: k for k, p in enumerate(order)}
    undo = max(2, len(floaters))
    while True:
        undo = min(undo, len(pairs))
        kept = pairs[: len(pairs) - undo]
        pool = floaters + [p for pr in pairs[len(pairs) - undo :] for p in pr]
        pool.sort(key=rank.__getitem__)
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, len(pool) + 200))
        try:
            sub = _match_dfs(pool, ps, [200_000])
        finally:
            sys.setrecursionlimit(old_limit)
        if sub is not None:
            return kept + sub
        if undo >= len(pairs):
            raise _PairingFailed("no rematch-free pairing exists for this round")
        undo *= 2


def _allocate_colours(
    a: int, b: int, ps: list[_Player], board: int, first_white: bool
) -> tuple[int, int]:
    """Return (white, black); ``a`` is the higher-ranked player of the pair."""
    ca, sa = _colour_pref(ps[a])
    cb, sb = _colour_pref(ps[b])
    if sa == 0 and sb == 0:
        a_white = (board % 2 == 0) == first_white
    elif sa == 0:
        a_white = cb == "b"
    elif sb == 0 or ca != cb:
        a_white = ca == "w"
    elif sa != sb:
        a_white = (ca == "w") if sa > sb else (ca != "w")
    else:
        a_white = ca == "w"  # same colour, same strength: higher-ranked player gets it
    return (a, b) if a_white else (b, a)


def _game_result(rng: random.Random, white: _Player, black: _Player) -> tuple[str, str]:
    u = rng.random()
    if u < 0.003:
        return "-", "-"  # double forfeit
    if u < 0.016:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    if u < 0.020:
        return ("W", "L") if rng.random() < 0.5 else ("L", "W")
    if u < 0.022:
        return "D", "D"
    exp_white = 1.0 / (1.0 + 10.0 ** ((black.strength - white.strength - 35) / 400.0))
    p_draw = max(0.08, 0.34 - 0.5 * abs(exp_white - 0.5))
    p_white = max(0.0, exp_white - p_draw / 2.0)
    v = rng.random()
    if v < p_white:
        return "1", "0"
    if v < p_white + p_draw:
        return "=", "="
    return "0", "1"


def _simulate(rng: random.Random, ps: list[_Player], rounds: int) -> None:
    n = len(ps)
    # Withdrawals: about 4% of players, from round 2 on; half of them keep Z blocks.
    for p in ps:
        if rounds >= 2 and rng.random() < 0.04:
            p.withdraw_round = rng.randint(1, rounds - 1)
            p.truncate = rng.random() < 0.5
    first_white = rng.random() < 0.5
    for r in range(rounds):
        active: list[int] = []
        for i, p in enumerate(ps):
            if 0 <= p.withdraw_round <= r:
                p.blocks.append((0, "-", "Z"))
                continue
            u = rng.random()
            if u < 0.012:
                if p.hbyes < 2 and r < rounds - 1:
                    p.hbyes += 1
                    p.blocks.append((0, "-", "H"))
                    p.halves += 1
                else:
                    active.append(i)
            elif u < 0.0135:
                p.blocks.append((0, "-", "F"))
                p.halves += 2
                p.unplayed_point = True
            elif u < 0.019:
                p.blocks.append((0, "-", "Z"))
            else:
                active.append(i)
        active.sort(key=lambda i: (-ps[i].halves, i))
        if len(active) % 2 == 1:
            pick = next((i for i in reversed(active) if not ps[i].unplayed_point), active[-1])
            active.remove(pick)
            ps[pick].blocks.append((0, "-", "U"))
            ps[pick].halves += 2
            ps[pick].unplayed_point = True
        if not active:
            continue
        rank = {p: k for k, p in enumerate(active)}
        pairs = _pair_round(active, ps)
        pairs = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in pairs]
        pairs.sort(key=lambda pr: rank[pr[0]])
        for board, (a, b) in enumerate(pairs):
            w, bl = _allocate_colours(a, b, ps, board, first_white)
            pw, pb = ps[w], ps[bl]
            rw, rb = _game_result(rng, pw, pb)
            pw.blocks.append((bl + 1, "w", rw))
            pb.blocks.append((w + 1, "b", rb))
            for me, other, col, res in ((pw, bl, "w", rw), (pb, w, "b", rb)):
                me.opponents.add(other)
                me.halves += HALVES[res]
                if res == "+":
                    me.unplayed_point = True
                if res in "+-":
                    continue  # a forfeit is no game played: no colour (C.04.1)
                me.cdiff += 1 if col == "w" else -1
                me.streak = me.streak + 1 if me.last == col else 1
                me.last = col
    assert all(len(p.blocks) == rounds for p in ps) and n == len(ps)


def _points(halves: int) -> str:
    return f"{halves / 2:4.1f}"


def build(
    players: int, rounds: int, seed: int, *, dialect: str = "trf16", legacy_titles: bool = False
) -> Generated:
    """Generate a tournament; return its TRF text and the counts made while writing it."""
    _validate(players, rounds, dialect)
    rng = random.Random(f"trfkit-bench:{players}:{rounds}:{seed}")
    city, home_fed = rng.choice(CITIES)
    dates = _round_dates(rng, rounds)
    ps = _make_players(rng, players, dates[0].year)
    arbiters = [
        f"{rng.choice(LAST_ACC + LAST_PLAIN)}, {rng.choice(FIRST_PLAIN_M + FIRST_ACC_W)}"
        for _ in range(3)
    ]
    event = f"{rng.randint(1, 60)}. {city} {rng.choice(EVENT_WORDS)} {dates[0].year}"
    time_control = rng.choice(TIME_CONTROLS)
    for _attempt in range(20):
        try:
            for p in ps:
                p.halves, p.opponents, p.cdiff, p.last, p.streak = 0, set(), 0, "", 0
                p.unplayed_point, p.hbyes, p.blocks = False, 0, []
            _simulate(rng, ps, rounds)
            break
        except _PairingFailed:
            continue
    else:
        raise ValueError(f"could not pair {rounds} rounds without rematches for {players} players")

    order = sorted(range(players), key=lambda i: (-ps[i].halves, i))
    ranks = [0] * players
    for k, i in enumerate(order):
        ranks[i] = k + 1
    rated = sum(1 for p in ps if p.rating > 0)

    lines = [
        f"012 {event}",
        f"022 {city}",
        f"032 {home_fed}",
        f"042 {dates[0]:%Y/%m/%d}",
        f"052 {dates[-1]:%Y/%m/%d}",
        f"062 {players}",
        f"072 {rated}",
        "092 Individual: Swiss-System",
        f"102 IA {arbiters[0]}",
        f"112 IA {arbiters[1]}",
        f"112 FA {arbiters[2]}",
        f"122 {time_control}",
        "132" + " " * 88 + "  ".join(f"{d:%y/%m/%d}" for d in dates),
    ]
    if dialect == "trf26":
        lines.append(f"142 {rounds}")
        lines.append("192 FIDE_DUTCH_2026")

    counts = dict.fromkeys(RESULT_CODES, 0)
    cells = 0
    halves_sum = 0
    three_letter = 0
    for i, p in enumerate(ps):
        title = LEGACY_TITLES.get(p.title, p.title) if legacy_titles else p.title
        three_letter += len(title) == 3
        rating = f"{p.rating:4d}" if p.rating else ("   0" if p.rating_zero else "    ")
        head = (
            f"001 {i + 1:4d} {p.sex}{title:>3} {p.name:<33} {rating} {p.fed:<3} "
            f"{p.fide_id:11d} {p.birth:<10} {_points(p.halves)} {ranks[i]:4d}"
        )
        blocks = p.blocks[: p.withdraw_round] if p.truncate and p.withdraw_round >= 0 else p.blocks
        parts = [head]
        for opp, col, res in blocks:
            parts.append(f"  {opp:04d} {col} {res}" if opp == 0 else f"  {opp:4d} {col} {res}")
            counts[res] += 1
        cells += len(blocks)
        halves_sum += p.halves
        lines.append("".join(parts))
    text = "\n".join(lines) + "\n"
    facts: dict[str, object] = {
        "players": players,
        "rated_players": rated,
        "rounds": rounds,
        "points_sum": halves_sum / 2,
        "round_cells": cells,
        "result_counts": {k: v for k, v in counts.items() if v},
        "three_letter_titles": three_letter,
        "accented_names": sum(1 for p in ps if p.accented),
        "dialect": dialect,
        "legacy_titles": legacy_titles,
        "seed": seed,
    }
    return Generated(text=text, expected=facts)


def generate(
    players: int, rounds: int, seed: int, *, dialect: str = "trf16", legacy_titles: bool = False
) -> str:
    """Return the text of a generated TRF file (LF line endings, ends with a newline)."""
    return build(players, rounds, seed, dialect=dialect, legacy_titles=legacy_titles).text


# ---------------------------------------------------------------------------
# Independent re-reading (plain slicing) used by expected(text) and selfcheck
# ---------------------------------------------------------------------------
@dataclass
class _Row:
    line_no: int
    line: str
    start: int
    rating: str
    fide_id: str
    points: str
    rank: str
    blocks: list[tuple[str, str, str]]


def _read_rows(text: str) -> tuple[dict[str, list[str]], list[_Row]]:
    headers: dict[str, list[str]] = {}
    rows: list[_Row] = []
    for no, line in enumerate(text.split("\n"), 1):
        code = line[0:3]
        if code == "001":
            blocks = []
            k = 91
            while k < len(line):
                blocks.append((line[k : k + 4], line[k + 5 : k + 6], line[k + 7 : k + 8]))
                k += 10
            start = line[4:8].strip()
            rows.append(
                _Row(
                    no,
                    line,
                    int(start) if start.isdigit() else -1,
                    line[48:52],
                    line[57:68],
                    line[80:84],
                    line[85:89],
                    blocks,
                )
            )
        elif len(code) == 3 and code.endswith("2"):
            headers.setdefault(code, []).append(line)
    return headers, rows


def _is_rated(field_text: str) -> bool:
    s = field_text.strip()
    return bool(s) and s != "0"


def _facts_from_text(text: str) -> dict[str, object]:
    headers, rows = _read_rows(text)
    counts: dict[str, int] = {}
    cells = 0
    total = 0.0
    for row in rows:
        for _opp, _col, res in row.blocks:
            counts[res] = counts.get(res, 0) + 1
            cells += 1
        with contextlib.suppress(ValueError):
            total += float(row.points)
    rounds_h = headers.get("142")
    rounds = (
        int(rounds_h[0][4:].strip()) if rounds_h else max((len(r.blocks) for r in rows), default=0)
    )
    titles = [row.line[10:13].strip() for row in rows]
    return {
        "players": len(rows),
        "rated_players": sum(1 for row in rows if _is_rated(row.rating)),
        "rounds": rounds,
        "points_sum": total,
        "round_cells": cells,
        "result_counts": {k: counts[k] for k in RESULT_CODES if k in counts},
        "three_letter_titles": sum(1 for t in titles if len(t) == 3),
        "accented_names": sum(1 for row in rows if not row.line[14:47].isascii()),
    }


def expected(text_or_params: str | Mapping[str, object]) -> dict[str, object]:
    """Facts about a file: from its text (re-read by slicing), or from generation parameters.

    With a mapping (keys ``players``, ``rounds``, ``seed`` and optionally ``dialect``,
    ``legacy_titles``) the file is generated and the counts the generator made while
    writing it are returned.  Keys: players, rated_players, rounds, points_sum,
    round_cells, result_counts (code -> count, codes that occur), three_letter_titles,
    accented_names (+ dialect, legacy_titles, seed for parameters).
    """
    if isinstance(text_or_params, str):
        return _facts_from_text(text_or_params)
    params = text_or_params

    def as_int(key: str) -> int:
        value = params[key]
        if not isinstance(value, (int, str)):
            raise TypeError(f"{key} must be an int")
        return int(value)

    dialect = params.get("dialect", "trf16")
    return build(
        as_int("players"),
        as_int("rounds"),
        as_int("seed"),
        dialect=str(dialect),
        legacy_titles=bool(params.get("legacy_titles", False)),
    ).expected


def _parse_date(s: str, fmt: str) -> _dt.date | None:
    try:
        return _dt.datetime.strptime(s, fmt).date()
    except ValueError:
        return None


def selfcheck(text: str) -> list[str]:
    """Re-read ``text`` independently and return a list of consistency problems ([] = fine)."""
    problems: list[str] = []
    if "\r" in text:
        problems.append("file contains CR characters (expected LF only)")
    if text.startswith("\ufeff"):
        problems.append("file starts with a BOM")
    if not text.endswith("\n"):
        problems.append("file does not end with a newline")
    headers, rows = _read_rows(text)
    for code in ("012", "022", "032", "042", "052", "062", "072", "092", "102", "122", "132"):
        if code not in headers:
            problems.append(f"header {code} missing")
    by_start: dict[int, _Row] = {}
    for row in rows:
        if row.start < 1 or row.start in by_start:
            problems.append(f"line {row.line_no}: bad or duplicate starting rank {row.line[4:8]!r}")
        else:
            by_start[row.start] = row
    n = len(rows)
    if set(by_start) != set(range(1, n + 1)):
        problems.append("starting ranks are not exactly 1..n")

    # header counts
    def header_int(code: str) -> int | None:
        lines = headers.get(code)
        if not lines:
            return None
        s = lines[0][4:].strip()
        return int(s) if s.isdigit() else None

    if header_int("062") != n:
        problems.append(f"062 says {header_int('062')}, file has {n} players")
    rated = sum(1 for row in rows if _is_rated(row.rating))
    if header_int("072") != rated:
        problems.append(f"072 says {header_int('072')}, file has {rated} rated players")

    # fixed columns of the 001 record
    seps = (3, 8, 13, 47, 52, 56, 68, 79, 84, 89, 90)
    ids: dict[str, int] = {}
    for row in rows:
        ln, line = row.line_no, row.line
        if len(line) < 89:
            problems.append(f"line {ln}: 001 record shorter than 89 characters")
            continue
        if any(line[c] != " " for c in seps if c < len(line)):
            problems.append(f"line {ln}: non-blank separator column")
        if line[9] not in "mw":
            problems.append(f"line {ln}: sex {line[9]!r}")
        title = line[10:13].strip()
        if title and (title not in TITLES or line[10:13] != f"{title:>3}"):
            problems.append(f"line {ln}: title field {line[10:13]!r}")
        name = line[14:47]
        if ", " not in name or name != name.rstrip().ljust(33) or name.startswith(" "):
            problems.append(f"line {ln}: name field {name!r}")
        rs = row.rating.strip()
        if rs and (not rs.isdigit() or row.rating != f"{rs:>4}"):
            problems.append(f"line {ln}: rating field {row.rating!r}")
        if line[53:56].strip() == "" or not line[53:56].isalpha():
            problems.append(f"line {ln}: federation {line[53:56]!r}")
        fid = row.fide_id.strip()
        if not fid.isdigit() or row.fide_id != f"{fid:>11}":
            problems.append(f"line {ln}: FIDE id field {row.fide_id!r}")
        elif fid in ids:
            problems.append(f"line {ln}: duplicate FIDE id {fid} (also player {ids[fid]})")
        else:
            ids[fid] = row.start
        if _parse_date(line[69:79], "%Y/%m/%d") is None:
            problems.append(f"line {ln}: birth date {line[69:79]!r}")
        if (len(line) - 89) % 10 != 0:
            problems.append(f"line {ln}: line length {len(line)} does not end on a round block")
        for r, _ in enumerate(row.blocks):
            k = 91 + 10 * r
            if line[k - 2 : k] != "  " or line[k + 4 : k + 5] != " " or line[k + 6 : k + 7] != " ":
                problems.append(f"line {ln}: round {r + 1} block separators")

    # pairings, colours, results, rematches, points
    max_rounds = max((len(row.blocks) for row in rows), default=0)
    met: dict[frozenset[int], int] = {}
    for r in range(max_rounds):
        u_count = 0
        for row in rows:
            if r >= len(row.blocks):
                continue
            opp_s, col, res = row.blocks[r]
            where = f"player {row.start} round {r + 1}"
            if res not in HALVES:
                problems.append(f"{where}: unknown result {res!r}")
                continue
            if not opp_s.strip().isdigit() or opp_s != f"{opp_s.strip():>4}":
                problems.append(f"{where}: opponent field {opp_s!r}")
                continue
            opp = int(opp_s)
            if opp == 0:
                if col != "-" or res not in BYE_RESULTS:
                    problems.append(f"{where}: bye block '{opp_s} {col} {res}'")
                u_count += res == "U"
                continue
            if col not in "wb" or res in BYE_RESULTS:
                problems.append(f"{where}: game block '{opp_s} {col} {res}'")
                continue
            other = by_start.get(opp)
            if other is None or r >= len(other.blocks):
                problems.append(f"{where}: opponent {opp} has no round {r + 1} entry")
                continue
            o_opp, o_col, o_res = other.blocks[r]
            if o_opp.strip() != str(row.start):
                problems.append(f"{where}: not reciprocal ({opp} lists {o_opp.strip()})")
                continue
            if {col, o_col} != {"w", "b"}:
                problems.append(f"{where}: colours {col}/{o_col} not opposite")
            if o_res not in COMPLEMENT.get(res, frozenset()):
                problems.append(f"{where}: results {res}/{o_res} not complementary")
            if row.start < opp:
                key = frozenset((row.start, opp))
                if key in met:
                    problems.append(
                        f"{where}: rematch with {opp} (already met in round {met[key]})"
                    )
                else:
                    met[key] = r + 1
        if u_count > 1:
            problems.append(f"round {r + 1}: {u_count} pairing-allocated byes (U)")

    points: dict[int, float] = {}
    for row in rows:
        halves = sum(HALVES.get(res, 0) for _o, _c, res in row.blocks)
        try:
            pts = float(row.points)
        except ValueError:
            problems.append(f"player {row.start}: points field {row.points!r}")
            continue
        if row.points != f"{pts:4.1f}":
            problems.append(f"player {row.start}: points field format {row.points!r}")
        if pts * 2 != halves:
            problems.append(
                f"player {row.start}: points field {pts} != sum of results {halves / 2}"
            )
        points[row.start] = pts
    # ranks: unique 1..n and ordered by points
    rank_of: dict[int, int] = {}
    for row in rows:
        s = row.rank.strip()
        if not s.isdigit():
            problems.append(f"player {row.start}: rank field {row.rank!r}")
        else:
            rank_of[row.start] = int(s)
    if sorted(rank_of.values()) != list(range(1, n + 1)):
        problems.append("ranks are not a permutation of 1..n")
    by_rank = sorted((rk, st) for st, rk in rank_of.items() if st in points)
    for (rk1, s1), (rk2, s2) in pairwise(by_rank):
        if points[s1] < points[s2]:
            problems.append(
                f"rank {rk1} (player {s1}, {points[s1]}) below rank {rk2} "
                f"(player {s2}, {points[s2]}) on points"
            )
            break

    # dates
    start = _parse_date(headers.get("042", ["042 "])[0][4:].strip(), "%Y/%m/%d")
    end = _parse_date(headers.get("052", ["052 "])[0][4:].strip(), "%Y/%m/%d")
    if start is None or end is None:
        problems.append("042/052 are not YYYY/MM/DD dates")
    line132 = headers.get("132", [""])[0]
    dates: list[_dt.date] = []
    k = 91
    while k < len(line132):
        d = _parse_date(line132[k : k + 8], "%y/%m/%d")
        if d is None or line132[k - 2 : k] != "  ":
            problems.append(f"132: bad round date at column {k + 1}: {line132[k : k + 8]!r}")
        else:
            dates.append(d)
        k += 10
    if line132 and line132[3:91].strip():
        problems.append("132: text before column 92")
    if len(dates) != max_rounds:
        problems.append(f"132 has {len(dates)} dates, players have up to {max_rounds} rounds")
    if dates != sorted(dates):
        problems.append("132: dates not in order")
    for d in set(dates):
        if dates.count(d) > 2:
            problems.append(f"132: more than 2 rounds on {d}")
    if start and end and dates and (dates[0] < start or dates[-1] > end):
        problems.append("132: round dates outside 042..052")
    if "142" in headers and header_int("142") != max_rounds:
        problems.append(f"142 says {header_int('142')}, file has {max_rounds} rounds")
    return problems


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------
def _write(path: Path, gen: Generated, check: bool, quiet: bool = False) -> list[str]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(gen.text)
    exp_path = path.with_name(
        path.name[: -len(path.suffix)] + ".expected.json"
        if path.suffix
        else path.name + ".expected.json"
    )
    with open(exp_path, "w", encoding="utf-8", newline="\n") as fh:
        json.dump({"file": path.name, **gen.expected}, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    problems: list[str] = []
    if check:
        problems = selfcheck(gen.text)
        recount = expected(gen.text)
        for key, value in recount.items():
            if gen.expected.get(key) != value:
                problems.append(
                    f"expected[{key!r}]: generator counted {gen.expected.get(key)!r}, "
                    f"text has {value!r}"
                )
        for prob in problems[:50]:
            print(f"{path}: {prob}", file=sys.stderr)
        if len(problems) > 50:
            print(f"{path}: ... {len(problems) - 50} more problems", file=sys.stderr)
        if not quiet:
            print(f"{path}: selfcheck {'OK' if not problems else f'{len(problems)} problems'}")
    elif not quiet:
        print(f"{path}: written")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--players", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--dialect", choices=DIALECTS, default="trf16")
    ap.add_argument(
        "--legacy-titles",
        action="store_true",
        help="write WG/WI/WF/WC instead of WGM/WIM/WFM/WCM (same tournament)",
    )
    ap.add_argument("--out", type=Path, help="output .trf file (single-file mode)")
    ap.add_argument(
        "--many", type=int, metavar="N", help="write N small files t0000.trf ... into --out-dir"
    )
    ap.add_argument(
        "--sizes",
        action="store_true",
        help="write the standard set 300x9, 3000x13, 9999x15 (+ -legacytitles twins) into --out-dir",
    )
    ap.add_argument("--out-dir", type=Path)
    ap.add_argument(
        "--check", action="store_true", help="selfcheck every file written; exit 1 on problems"
    )
    args = ap.parse_args(argv)

    modes = sum((args.out is not None, args.many is not None, args.sizes))
    if modes != 1:
        ap.error("give exactly one of --out, --many, --sizes")
    if (args.many is not None or args.sizes) and args.out_dir is None:
        ap.error("--many and --sizes need --out-dir")
    try:
        _validate(args.players, args.rounds, args.dialect)
    except ValueError as exc:
        ap.error(str(exc))

    bad = 0
    t0 = time.perf_counter()
    if args.out is not None:
        gen = build(
            args.players,
            args.rounds,
            args.seed,
            dialect=args.dialect,
            legacy_titles=args.legacy_titles,
        )
        bad += bool(_write(args.out, gen, args.check))
    elif args.many is not None:
        seeder = random.Random(args.seed)
        for k in range(args.many):
            seed = seeder.randrange(2**31)
            gen = build(
                args.players,
                args.rounds,
                seed,
                dialect=args.dialect,
                legacy_titles=args.legacy_titles,
            )
            bad += bool(_write(args.out_dir / f"t{k:04d}.trf", gen, args.check, quiet=True))
        print(
            f"{args.out_dir}: {args.many} files written"
            + (f", selfcheck: {bad} with problems" if args.check else "")
        )
    else:
        for players, rounds in STANDARD_SIZES:
            for legacy in (False, True):
                name = f"big-{players}x{rounds}{'-legacytitles' if legacy else ''}.trf"
                t1 = time.perf_counter()
                gen = build(players, rounds, args.seed, dialect=args.dialect, legacy_titles=legacy)
                bad += bool(_write(args.out_dir / name, gen, args.check))
                print(f"  ({time.perf_counter() - t1:.2f}s)")
    print(f"total {time.perf_counter() - t0:.2f}s", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
