"""Round-trip properties of the reader and the writer, on random tournaments.

The tournaments are built in Python (no origins), so ``dumps(t)`` writes them
canonically; the properties check that reading that text gives the same
records back, that canonical writing is a fixed point, that the TRF26
dialect keeps the players, and that any file made of canonical lines with
arbitrary line endings, trailing blanks and encodings is written back byte
for byte.

The number of examples is ``TRFKIT_HYPOTHESIS_EXAMPLES`` (default 60).
"""

from __future__ import annotations

import codecs
import datetime as dt
import os
from decimal import Decimal
from functools import cache, partial

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfkit
from trfkit import Colour, Game, Header, Player, Result, Sex, Team, Title, Tournament
from trfkit.dates import parse_date
from trfkit.diagnostics import Severity

EXAMPLES = int(os.environ.get("TRFKIT_HYPOTHESIS_EXAMPLES", "60"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Letters of names: ASCII, accented Latin-1 letters and letters outside
# Latin-1 (so that some tournaments cannot be written in latin-1).
LATIN1_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáàâäãåæçéèêëíìîïñóòôöõøúùûüýÿßÁÀÄÅÆÇÉÈÍÑÓÖØÚÜÝ"
OTHER_LETTERS = "ČčŠšŽžŁłŐőŰűĞğİıŞşĆćĘęŃńŚśŹźŻżăĂțȚ"
LETTERS = LATIN1_LETTERS + OTHER_LETTERS
TO_LATIN1 = str.maketrans(OTHER_LETTERS, "CcSsZzLlOoUuGgIiSsCcEeNnSsZzZzaAtT")
# Free text of headers: letters, digits and punctuation, no line breaks.
TEXT_CHARS = LETTERS + "0123456789 .,-/()'&:"

FEDERATIONS = ("NED", "GER", "FRA", "ENG", "SLO", "IND", "USA", "CZE", "POL", "TUR")


# Strategies are built once (module level, or cached per number of players):
# building a strategy object inside every draw costs more than the draw.


def _words(max_size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet=LETTERS, min_size=1, max_size=max_size)


_WORDS = {size: _words(size) for size in range(1, 34)}


@st.composite
def _names(draw: st.DrawFn) -> str:
    """Up to 33 characters: "Lastname, Firstname", a single word, or nothing."""
    form = draw(st.sampled_from(["comma", "comma", "single", "empty"]))
    if form == "empty":
        return ""
    if form == "single":
        return draw(_WORDS[33])
    last = draw(_WORDS[15])
    first = draw(_WORDS[33 - 2 - len(last)])
    return f"{last}, {first}"


NAMES = _names()


def _header_text(max_size: int = 40) -> st.SearchStrategy[str]:
    # The reader keeps the text from column 5 and the writer strips it, so a
    # header value written canonically has no surrounding blanks.
    return st.text(alphabet=TEXT_CHARS, max_size=max_size).map(str.strip)


HEADER_TEXT = _header_text()
SHORT_HEADER_TEXT = _header_text(20)
DATES = st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2030, 12, 31))


def _date_text(d: dt.date) -> str:
    return f"{d.year:04d}/{d.month:02d}/{d.day:02d}"


@st.composite
def _headers(draw: st.DrawFn) -> list[Header]:
    """012-122 in their canonical order; the TRF16 mandatory ones always present."""
    out = [
        Header("012", draw(HEADER_TEXT)),
        Header("022", draw(SHORT_HEADER_TEXT)),
        Header("032", draw(st.sampled_from(FEDERATIONS))),
    ]
    if draw(st.booleans()):
        out.append(Header("042", _date_text(draw(DATES))))
    if draw(st.booleans()):
        out.append(Header("092", draw(HEADER_TEXT)))
    out.append(Header("102", draw(HEADER_TEXT)))
    for text in draw(st.lists(HEADER_TEXT, max_size=3)):
        out.append(Header("112", text))
    if draw(st.booleans()):
        out.append(Header("122", draw(SHORT_HEADER_TEXT)))
    return out


HEADERS = _headers()
BLANK_GAME = Game(None, Colour.NONE, Result.BLANK)


def _cells(n: int, raw: list[tuple[int, Result]]) -> list[Game]:
    """Round cells from (k, result): k in 1..2n is opponent (k+1)//2 with
    white (odd k) or black (even k); any other k is no opponent."""
    cells: list[Game] = []
    for k, result in raw:
        if 1 <= k <= 2 * n:
            colour = Colour.WHITE if k % 2 else Colour.BLACK
            cells.append(Game((k + 1) // 2, colour, result))
        else:
            cells.append(Game(None, Colour.NONE, result))
    # A trailing Game(None, NONE, BLANK) is a wholly blank round (not paired,
    # no result). Writers may pad lines with such blocks or strip them, so a
    # reader cannot tell one at the end of a line from padding, and it gives
    # the player nothing a shorter list lacks: the generator never ends a line
    # with one (such cells inside a line are generated and must survive).
    while cells and cells[-1] == BLANK_GAME:
        cells.pop()
    return cells


@cache
def _games(n: int) -> st.SearchStrategy[list[Game]]:
    cell = st.tuples(st.integers(0, 2 * n + 4), st.sampled_from(list(Result)))
    return st.lists(cell, max_size=15).map(partial(_cells, n))


POINTS = st.integers(0, 999).map(lambda k: Decimal(f"{k // 10}.{k % 10}"))
BIRTH_DATES = st.none() | DATES.map(lambda d: parse_date(_date_text(d)))
PLAYER_FIELDS = st.tuples(
    NAMES,
    st.none() | st.sampled_from(list(Sex)),
    st.none() | st.sampled_from(list(Title)),
    st.none() | st.integers(0, 3000),
    st.sampled_from(("", *FEDERATIONS)),
    st.none() | st.integers(1, 99_999_999_999),
    BIRTH_DATES,
    st.none() | POINTS,
    st.none() | st.integers(1, 9999),
)


@cache
def _teams(n: int) -> st.SearchStrategy[list[Team]]:
    name = st.text(alphabet=LETTERS + " ", max_size=32).map(str.strip)
    members = st.lists(st.integers(1, n), min_size=1, max_size=10)
    team = st.builds(lambda nm, ms: Team("013", nm, ms), name, members)
    return st.lists(team, max_size=4)


@st.composite
def _tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(1, 40))
    order = draw(st.permutations(range(1, n + 1)))
    players: list[Player] = []
    for rank in order:
        name, sex, title, rating, fed, fide_id, birth, points, place = draw(PLAYER_FIELDS)
        birth_date = birth if birth is not None else trfkit.DateText()
        games = draw(_games(n))
        players.append(
            Player(rank, name, sex, title, rating, fed, fide_id, birth_date, points, place, games)
        )
    return Tournament(headers=draw(HEADERS), players=players, teams=draw(_teams(n)))


TOURNAMENTS = _tournaments()


def _errors(t: Tournament) -> list[trfkit.Diagnostic]:
    return [d for d in t.diagnostics if d.severity is Severity.ERROR]


def _header_values(t: Tournament) -> list[tuple[str, str]]:
    return [(h.code, h.value) for h in t.headers if isinstance(h, Header)]


# -- A: what is written is read back -------------------------------------------


@SETTINGS
@given(TOURNAMENTS)
def test_dumps_then_loads_gives_the_same_records(t: Tournament) -> None:
    text = trfkit.dumps(t)
    again = trfkit.loads(text)
    assert _errors(again) == []
    assert again.players == t.players
    assert again.teams == t.teams
    assert _header_values(again) == _header_values(t)
    assert len(again.headers) == len(t.headers)


# -- B: canonical writing is a fixed point -------------------------------------


@SETTINGS
@given(TOURNAMENTS)
def test_canonical_writing_is_a_fixed_point(t: Tournament) -> None:
    text = trfkit.dumps(t)
    assert trfkit.dumps(trfkit.loads(text)) == text
    assert trfkit.dumps(trfkit.loads(text.encode("utf-8"))) == text


# -- C: TRF26 keeps the players ------------------------------------------------


@SETTINGS
@given(TOURNAMENTS)
def test_trf26_keeps_the_players(t: Tournament) -> None:
    text = trfkit.dumps(t, dialect="trf26")
    again = trfkit.loads(text)
    # 162 (the scoring) is always written, so the file reads as TRF-2026.
    assert again.dialect is trfkit.Dialect.TRF26
    if t.teams:
        assert again.dialect is trfkit.Dialect.TRF26  # 013 became 310
        assert [tm.members for tm in again.teams] == [tm.members for tm in t.teams]
        assert [tm.name for tm in again.teams] == [tm.name for tm in t.teams]
    assert again.players == t.players
    # The TRF16 headers as they were, and what TRF-2026 adds from them and
    # from the players: 142 the rounds played (TRF26 §3.4).
    derived = {"142", "192", "222"}
    assert [hv for hv in _header_values(again) if hv[0] not in derived] == _header_values(t)
    rounds = max((len(p.games) for p in t.players), default=0)
    assert again.header("142") == (str(rounds) if rounds else None)


# -- D: lossless writing, byte for byte ---------------------------------------

EOLS = ("\n", "\r\n", "\r")


@st.composite
def file_bytes(draw: st.DrawFn) -> bytes:
    """Canonical lines of a random tournament, dressed as real files are."""
    t = draw(TOURNAMENTS)
    lines = trfkit.dumps(t).split("\r\n")
    assert lines[-1] == ""
    lines = lines[:-1]
    parts: list[str] = []
    for line in lines:
        if draw(st.integers(0, 3)) == 0:
            line += " " * draw(st.integers(1, 12))
        parts.append(line + draw(st.sampled_from(EOLS)))
    if draw(st.booleans()):
        parts[-1] = parts[-1].rstrip("\r\n")
    text = "".join(parts)
    encoding = draw(st.sampled_from(["utf-8", "utf-8-bom", "latin-1"]))
    if encoding == "utf-8-bom":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if encoding == "latin-1":
        # Latin-1 only for text that has no other characters: fold the
        # letters outside Latin-1 to ASCII ones (one character for one, so
        # every field stays on its columns).
        text = text.translate(TO_LATIN1)
    return text.encode(encoding)


@SETTINGS
@given(file_bytes())
def test_lossless_bytes(data: bytes) -> None:
    t = trfkit.loads(data)
    assert trfkit.dumpb(t) == data
