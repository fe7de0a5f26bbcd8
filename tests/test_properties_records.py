"""Round-trip properties for the records beside the players: 132 round dates,
162 scoring, TRF-2026's 240-330 and national rating records, JaVaFo's XXA,
XXR, XXC and XXS, and bbpPairings' BB* lines.

Tournaments are built in Python with values inside each field's columns
(grammars/columns.toml): what ``dumps`` writes must read back as the same
records, with no error, in the same dialect, and writing must be a fixed
point. The number of examples is ``TRFKIT_HYPOTHESIS_EXAMPLES`` (default 60).
"""

from __future__ import annotations

import datetime as dt
import os
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trfkit
from trfkit import Colour, Game, Header, Player, Result, Tournament
from trfkit.dates import parse_date
from trfkit.diagnostics import Severity
from trfkit.model import (
    Acceleration,
    Accelerations,
    BbpPoints,
    Bye,
    Dialect,
    EngineRecord,
    ForfeitedMatch,
    NationalRating,
    ProhibitedPairing,
    RoundDates,
    Scoring,
    TeamBye,
)

EXAMPLES = int(os.environ.get("TRFKIT_HYPOTHESIS_EXAMPLES", "60"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ROUND = st.integers(1, 99)
ID = st.integers(1, 9999)
# "points": at most 4 characters with one decimal (99.5); "spoints" may be
# negative (a penalty), within the same 4 columns (-9.5).
POINTS = st.integers(0, 995).map(lambda k: Decimal(k // 10) + Decimal(k % 10 // 5 * 5) / 10)
SPOINTS = (
    st.integers(-95, 95)
    .map(lambda k: Decimal(k) / 10)
    .filter(lambda d: d == d.quantize(Decimal("0.5")))
)
IDS = st.lists(ID, min_size=1, max_size=6)


def _players(n: int) -> list[Player]:
    """n players in one round each, paired 1-2, 3-4, ... (a bye for the last of an odd n)."""
    out = []
    for r in range(1, n + 1):
        if r % 2 and r < n:
            games = [Game(r + 1, Colour.WHITE, Result.WIN)]
        elif r % 2 == 0:
            games = [Game(r - 1, Colour.BLACK, Result.LOSS)]
        else:
            games = [Game(None, Colour.NONE, Result.PAIRING_ALLOCATED_BYE)]
        points = (
            Decimal(1)
            if games[0].result in (Result.WIN, Result.PAIRING_ALLOCATED_BYE)
            else Decimal(0)
        )
        out.append(
            Player(
                r,
                f"Player, No{r}",
                None,
                None,
                2000,
                "SLO",
                None,
                trfkit.DateText(),
                points,
                r,
                games,
            )
        )
    return out


def _base_headers() -> list[Header]:
    return [
        Header("012", "Records"),
        Header("022", "Bled"),
        Header("032", "SLO"),
        Header("102", "Kovac, Ana"),
    ]


DATES = st.dates(dt.date(2000, 1, 1), dt.date(2049, 12, 31))


def _round_dates(dates: list[dt.date]) -> RoundDates:
    return RoundDates([parse_date(f"{d:%y/%m/%d}") for d in dates])


TRF26_RECORDS = st.one_of(
    st.builds(Bye, st.sampled_from("FHZ"), ROUND, IDS),
    st.builds(Acceleration, POINTS, POINTS, ROUND, ROUND, ID, ID),
    st.builds(ProhibitedPairing, ROUND, ROUND, st.lists(ID, min_size=2, max_size=6)),
    st.builds(
        ForfeitedMatch,
        st.sampled_from(["FF", "FW", "WF", "HH"]),
        ROUND,
        st.integers(1, 999),
        st.integers(1, 999),
    ),
)

NATIONAL = st.builds(
    NationalRating,
    st.sampled_from(["GER", "ENG", "SLO", "FRA"]),
    st.integers(1, 9999),
    st.sampled_from(["", "m", "w"]),
    st.just(""),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=20).map(str.title),
    st.none() | st.integers(1000, 2999),
)

SCORING = st.lists(
    st.tuples(st.sampled_from("WDLAP"), POINTS), min_size=1, max_size=5, unique_by=lambda x: x[0]
).map(lambda pairs: Scoring("162", list(pairs)))


@st.composite
def _trf26(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(2, 9))
    headers: list = [*_base_headers(), Header("142", "1")]
    if draw(st.booleans()):
        headers.append(_round_dates(draw(st.lists(DATES, min_size=1, max_size=1))))
    if draw(st.booleans()):
        headers.append(draw(SCORING))
    records = draw(st.lists(TRF26_RECORDS, max_size=6))
    if draw(st.booleans()):
        records.append(
            TeamBye(
                draw(POINTS),
                draw(POINTS),
                draw(st.lists(st.integers(1, 999), min_size=1, max_size=5)),
            )
        )
    nationals = draw(st.lists(NATIONAL, max_size=3))
    return Tournament(
        headers=headers,
        players=_players(n),
        records=records,
        national_ratings=nationals,
        dialect=Dialect.TRF26,
    )


XX_RECORDS = st.one_of(
    st.builds(Accelerations, ID, st.lists(POINTS, min_size=1, max_size=6)),
    st.just(EngineRecord("XXR", "1")),
    st.sampled_from(["white1", "black1"]).map(lambda c: EngineRecord("XXC", c)),
    st.lists(
        st.tuples(st.sampled_from(["WW", "BW", "WD", "BD", "FW", "HPB", "PAB"]), POINTS),
        min_size=1,
        max_size=4,
    ).map(lambda pairs: EngineRecord("XXS", " ".join(f"{k}={v}" for k, v in pairs))),
)
BBP = st.lists(
    st.tuples(st.sampled_from(["BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"]), POINTS),
    max_size=3,
    unique_by=lambda x: x[0],
).map(lambda pairs: [BbpPoints(code, value) for code, value in pairs])


@st.composite
def _trfx(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(2, 9))
    records = draw(
        st.lists(
            XX_RECORDS,
            min_size=1,
            max_size=5,
            unique_by=lambda r: r.code if r.code != "XXA" else id(r),
        )
    )
    records += draw(BBP)
    return Tournament(
        headers=_base_headers(), players=_players(n), records=records, dialect=Dialect.TRFX
    )


def _errors(t: Tournament) -> list[trfkit.Diagnostic]:
    return [d for d in t.diagnostics if d.severity is Severity.ERROR]


def _same(t: Tournament, again: Tournament) -> None:
    assert _errors(again) == [], [d.message for d in _errors(again)]
    # The canonical writer puts the records in its own order of codes: the
    # same records, whatever the order they were given in.
    left = list(again.records)
    for r in t.records:
        assert r in left, (r, left)
        left.remove(r)
    assert left == []
    assert again.national_ratings == t.national_ratings
    assert [h for h in again.headers if not isinstance(h, Header)] == [
        h for h in t.headers if not isinstance(h, Header)
    ]
    assert again.players == t.players


@SETTINGS
@given(_trf26())
def test_trf26_records_read_back_as_written(t: Tournament) -> None:
    text = trfkit.dumps(t)
    again = trfkit.loads(text)
    assert again.dialect is Dialect.TRF26
    _same(t, again)
    assert trfkit.dumps(again) == text


@SETTINGS
@given(_trfx())
def test_engine_and_bbp_records_read_back_as_written(t: Tournament) -> None:
    text = trfkit.dumps(t)
    again = trfkit.loads(text)
    assert again.dialect is Dialect.TRFX
    _same(t, again)
    assert trfkit.dumps(again) == text


def test_a_file_whose_only_extension_line_is_xxa_is_trfx() -> None:
    """JaVaFo's XXA is an extension line like XXR: a file holding it is TRFX
    (it was read as TRF16, and then written without it being one)."""
    text = "\n".join(
        [
            "012 Records",
            "001    1      Player, No1                       2000 SLO                         1.0    1     2 w 1",
            "001    2      Player, No2                       2000 SLO                         0.0    2     1 b 0",
            "XXA    1  1.0",
        ]
    )
    t = trfkit.loads(text.encode())
    assert t.dialect is Dialect.TRFX
    assert [r for r in t.records if isinstance(r, Accelerations)] == [
        Accelerations(1, [Decimal("1.0")])
    ]
