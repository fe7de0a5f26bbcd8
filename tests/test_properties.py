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
# Free text of headers: letters, digits and punctuation, no line breaks.
TEXT_CHARS = LETTERS + "0123456789 .,-/()'&:"

FEDERATIONS = ("NED", "GER", "FRA", "ENG", "SLO", "IND", "USA", "CZE", "POL", "TUR")


def _words(max_size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet=LETTERS, min_size=1, max_size=max_size)


@st.composite
def names(draw: st.DrawFn) -> str:
    """Up to 33 characters: "Lastname, Firstname", a single word, or nothing."""
    form = draw(st.sampled_from(["comma", "comma", "single", "empty"]))
    if form == "empty":
        return ""
    if form == "single":
        return draw(_words(33))
    last = draw(_words(15))
    first = draw(_words(33 - 2 - len(last)))
    return f"{last}, {first}"


def _header_text(max_size: int = 40) -> st.SearchStrategy[str]:
    # The reader keeps the text from column 5 and the writer strips it, so a
    # header value written canonically has no surrounding blanks.
    return st.text(alphabet=TEXT_CHARS, max_size=max_size).map(str.strip)


DATES = st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2030, 12, 31))


def _date_text(d: dt.date) -> str:
    return f"{d.year:04d}/{d.month:02d}/{d.day:02d}"


@st.composite
def headers(draw: st.DrawFn) -> list[Header]:
    """012-122 in their canonical order; the TRF16 mandatory ones always present."""
    out = [
        Header("012", draw(_header_text())),
        Header("022", draw(_header_text(20))),
        Header("032", draw(st.sampled_from(FEDERATIONS))),
    ]
    if draw(st.booleans()):
        out.append(Header("042", _date_text(draw(DATES))))
    if draw(st.booleans()):
        out.append(Header("092", draw(_header_text())))
    out.append(Header("102", draw(_header_text())))
    for text in draw(st.lists(_header_text(), max_size=3)):
        out.append(Header("112", text))
    if draw(st.booleans()):
        out.append(Header("122", draw(_header_text(20))))
    return out


RESULTS = list(Result)


@st.composite
def games(draw: st.DrawFn, n: int) -> list[Game]:
    cells: list[Game] = []
    for _ in range(draw(st.integers(0, 15))):
        opponent = draw(st.none() | st.integers(1, n))
        colour = (
            Colour.NONE if opponent is None else draw(st.sampled_from([Colour.WHITE, Colour.BLACK]))
        )
        cells.append(Game(opponent, colour, draw(st.sampled_from(RESULTS))))
    # A trailing Game(None, NONE, BLANK) is a wholly blank round (not paired,
    # no result). Writers may pad lines with such blocks and strip them, so a
    # reader cannot tell one at the end of a line from padding; the model
    # gives it no meaning a shorter list lacks, so the generator never ends a
    # line with one (cells of that kind inside the line are generated).
    blank = Game(None, Colour.NONE, Result.BLANK)
    while cells and cells[-1] == blank:
        cells.pop()
    return cells


def _points() -> st.SearchStrategy[Decimal]:
    return st.integers(0, 999).map(lambda k: Decimal(f"{k // 10}.{k % 10}"))


@st.composite
def players(draw: st.DrawFn, n: int, start_rank: int) -> Player:
    birth = draw(st.none() | DATES)
    return Player(
        start_rank,
        draw(names()),
        draw(st.none() | st.sampled_from(list(Sex))),
        draw(st.none() | st.sampled_from(list(Title))),
        draw(st.none() | st.integers(0, 3000)),
        draw(st.sampled_from(("", *FEDERATIONS))),
        draw(st.none() | st.integers(1, 99_999_999_999)),
        parse_date(_date_text(birth)) if birth is not None else trfkit.DateText(),
        draw(st.none() | _points()),
        draw(st.none() | st.integers(1, 9999)),
        draw(games(n)),
    )


@st.composite
def teams(draw: st.DrawFn, n: int) -> list[Team]:
    out: list[Team] = []
    for _ in range(draw(st.integers(0, 4))):
        name = draw(st.text(alphabet=LETTERS + " ", max_size=32).map(str.strip))
        members = draw(st.lists(st.integers(1, n), min_size=1, max_size=10))
        out.append(Team("013", name, members))
    return out


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(1, 40))
    order = draw(st.permutations(range(1, n + 1)))
    return Tournament(
        headers=draw(headers()),
        players=[draw(players(n, rank)) for rank in order],
        teams=draw(teams(n)),
    )


def _errors(t: Tournament) -> list[trfkit.Diagnostic]:
    return [d for d in t.diagnostics if d.severity is Severity.ERROR]


def _header_values(t: Tournament) -> list[tuple[str, str]]:
    return [(h.code, h.value) for h in t.headers if isinstance(h, Header)]


# -- A: what is written is read back -------------------------------------------


@SETTINGS
@given(tournaments())
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
@given(tournaments())
def test_canonical_writing_is_a_fixed_point(t: Tournament) -> None:
    text = trfkit.dumps(t)
    assert trfkit.dumps(trfkit.loads(text)) == text
    assert trfkit.dumps(trfkit.loads(text.encode("utf-8"))) == text


# -- C: TRF26 keeps the players ------------------------------------------------


@SETTINGS
@given(tournaments())
def test_trf26_keeps_the_players(t: Tournament) -> None:
    text = trfkit.dumps(t, dialect="trf26")
    again = trfkit.loads(text)
    assert again.dialect in (trfkit.Dialect.TRF26, trfkit.Dialect.TRF16)
    if t.teams:
        assert again.dialect is trfkit.Dialect.TRF26  # 013 became 310
        assert [tm.members for tm in again.teams] == [tm.members for tm in t.teams]
        assert [tm.name for tm in again.teams] == [tm.name for tm in t.teams]
    assert again.players == t.players
    assert _header_values(again) == _header_values(t)


# -- D: lossless writing, byte for byte ---------------------------------------

EOLS = ("\n", "\r\n", "\r")


@st.composite
def file_bytes(draw: st.DrawFn) -> bytes:
    """Canonical lines of a random tournament, dressed as real files are."""
    t = draw(tournaments())
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
    encodings = ["utf-8", "utf-8-bom"]
    try:
        text.encode("latin-1")
        encodings.append("latin-1")
    except UnicodeEncodeError:
        pass
    encoding = draw(st.sampled_from(encodings))
    if encoding == "utf-8-bom":
        return codecs.BOM_UTF8 + text.encode("utf-8")
    return text.encode(encoding)


@SETTINGS
@given(file_bytes())
def test_lossless_bytes(data: bytes) -> None:
    t = trfkit.loads(data)
    assert trfkit.dumpb(t) == data
