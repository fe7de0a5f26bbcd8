"""The standings: points, then each tie-break on the groups still tied (C.07 4.2)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from functools import partial
from itertools import accumulate, chain, compress, count, groupby, repeat
from operator import add, gt, is_, mul, ne
from typing import NamedTuple

import attrs

from trfkit._gc import no_cyclic_gc
from trfkit.event import TournamentType, event_of
from trfkit.model import Header, Tournament
from trfkit.tiebreaks import (
    encounter,
    opponents,
    own,  # noqa: F401  (declares the tie-breaks of Art. 7)
    rating,
)
from trfkit.tiebreaks.codes import (
    RATING_BASED,
    TieBreak,
    UnknownTieBreak,
    parse_tiebreak,
    parse_tiebreaks,
    split_codes,
)
from trfkit.tiebreaks.declared import declared
from trfkit.tiebreaks.editions import Edition, edition_for, get_edition
from trfkit.tiebreaks.field import Field, field_of

__all__ = [
    "DeclaredTieBreaks",
    "Row",
    "Standings",
    "chosen_edition",
    "chosen_tiebreaks",
    "declared_tiebreaks",
    "placed",
    "split_tied",
    "standings",
    "tiebreaks_of_record",
    "value_text",
]

Value = Decimal | int | None


class Row(NamedTuple):
    """One player's line of the standings (a tuple: a big event has thousands)."""

    start_rank: int
    rank: int
    """1 for the first; players still tied share the rank of the first of them."""
    name: str
    points: Decimal
    tiebreaks: dict[str, Value]
    """Each tie-break's value by its code as given; ``None`` when undefined."""
    tied: bool
    """Still tied with another player after the last tie-break."""


@attrs.frozen
class Standings:
    edition: Edition
    edition_source: str
    """``given`` or how ``auto`` chose (``042 2025-05-01``)."""
    tiebreaks: tuple[TieBreak, ...]
    source: str
    """Where the tie-breaks came from: ``given``, ``212``, ``202`` or ``none``."""
    rows: tuple[Row, ...]
    """In rank order; players still tied in starting-rank order."""
    tied: tuple[tuple[int, ...], ...]
    """Groups of starting ranks left tied after the last tie-break."""
    notes: tuple[str, ...] = ()
    """What the reader should know: undefined tie-breaks and why, codes skipped."""
    name: str | None = None
    """The tournament's name (012)."""


@attrs.frozen
class DeclaredTieBreaks:
    """The tie-breaks a file declares in 212 (else 202)."""

    record: Header
    tiebreaks: tuple[TieBreak, ...]
    unknown: tuple[tuple[int, str], ...]
    """Codes not known, with their 1-based columns."""


def declared_tiebreaks(t: Tournament) -> DeclaredTieBreaks | None:
    """The 212 record's tie-breaks (its ``PTS`` left out), else 202's."""
    for code in ("212", "202"):
        record = next((h for h in t.headers if isinstance(h, Header) and h.code == code), None)
        if record is not None:
            return tiebreaks_of_record(record)
    return None


def tiebreaks_of_record(record: Header) -> DeclaredTieBreaks:
    """The tie-breaks a 202 or 212 record names, and the codes not known."""
    known: list[TieBreak] = []
    unknown: list[tuple[int, str]] = []
    for offset, text in split_codes(record.value):
        try:
            tb = parse_tiebreak(text)
        except UnknownTieBreak:
            unknown.append((5 + offset, text))
            continue
        if tb.acronym != "PTS":
            known.append(tb)
    return DeclaredTieBreaks(record, tuple(known), tuple(unknown))


# A Row of its six fields by the tuple's own constructor: no Python call per
# player, as a NamedTuple's __new__ would be.
_new_row = partial(tuple.__new__, Row)


class _Context:
    """Values computed once per standings (shared between tie-breaks that
    read the same things: BH's elements for BH, BH/C1 and AOB)."""

    def __init__(self, f: Field, edition: Edition) -> None:
        self.f = f
        self.edition = edition
        self._cache: dict[object, object] = {}
        self.notes: list[str] = []

    def _memo(self, key: object, make: Callable[[], object]) -> object:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def fore(self) -> Field:
        return self._memo("fore", self.f.fore)  # type: ignore[return-value]

    def elements(self, fore: bool, forfeits_played: bool) -> opponents.FieldElements:
        def make() -> object:
            f = self.fore() if fore else self.f
            adjusted = opponents.adjusted_scores(f, self.edition)
            return opponents.elements(f, self.edition, adjusted, forfeits_played)

        return self._memo(("elements", fore, forfeits_played), make)  # type: ignore[return-value]

    def rated(self) -> list[tuple[list[int], int]] | None:
        return self._memo("rated", lambda: rating.rated_games(self.f))  # type: ignore[return-value]

    def values(self, tb: TieBreak) -> list[Value]:
        key = ("values", tb.code)
        return self._memo(key, lambda: self._compute(tb))  # type: ignore[return-value]

    def _compute(self, tb: TieBreak) -> list[Value]:
        f, a = self.f, tb.acronym
        if a in ("BH", "FB"):
            elems = self.elements(a == "FB", tb.forfeits_played)
            return list(opponents.buchholz(f, tb, self.edition, elems))
        if a == "SB":
            elems = self.elements(False, tb.forfeits_played)
            return list(opponents.sonneborn_berger(f, tb, self.edition, elems))
        if a == "AOB":
            of = self.values(TieBreak("FB" if tb.fore else "BH"))
            return list(opponents.aob(f, of))  # type: ignore[arg-type]
        if a == "KS":
            return list(opponents.koya(f, tb))
        own_results = declared().get(a)
        if own_results is not None:
            return list(own_results.compute(f, tb))
        if a == "RTNG":
            return list(rating.rtng(f, tb))
        if a in ("ARO", "TPR", "PTP"):
            return list(
                {"ARO": rating.aro, "TPR": rating.tpr, "PTP": rating.ptp}[a](f, tb, self.rated())
            )
        if a in ("APRO", "APPO"):
            base = self.values(TieBreak("TPR" if a == "APRO" else "PTP"))
            return list(rating.average_of_opponents(f, base))  # type: ignore[arg-type]
        raise UnknownTieBreak(
            [tb.text or tb.code]
        )  # pragma: no cover - parse_tiebreak admits no other


def standings(
    t: Tournament,
    tiebreaks: str | Sequence[str | TieBreak] | None = None,
    rules: str | Edition = "auto",
    *,
    type: TournamentType | str | None = None,
) -> Standings:
    """``t``'s players ranked by points, then by each tie-break in turn on
    the groups still tied (C.07 4.2).

    ``tiebreaks``: codes (``"BH/C1,BH,SB"`` or a list; ``BH-C1`` is read
    too); by default the file's 212, else 202; with neither, points only.
    An unknown code raises :class:`UnknownTieBreak` naming it (a file's
    unknown codes are skipped with a note). ``rules``: ``auto`` (the edition
    in force at the start date), ``c07-pre2023``, ``c07-2023`` or
    ``c07-2026``. ``type`` replaces the tournament type the file shows
    (round robins count forfeits as games, C.07 15.2).
    """
    # Tens of thousands of lists and no cycles: the collector's walks
    # would cost more than the work (trfkit._gc).
    with no_cyclic_gc():
        return _standings(t, tiebreaks, rules, type)


def chosen_tiebreaks(
    t: Tournament, tiebreaks: str | Sequence[str | TieBreak] | None
) -> tuple[list[TieBreak], str, list[str]]:
    """The tie-breaks to apply: ``tiebreaks`` (``given``), else the file's
    212/202 (its unknown codes left out, with a note), else none; with
    where they came from and the notes to show."""
    if tiebreaks is not None:
        return parse_tiebreaks(tiebreaks), "given", []
    declared = declared_tiebreaks(t)
    if declared is None:
        return [], "none", []
    source = declared.record.code
    notes = []
    if declared.unknown:
        notes.append(
            f"{source} names tie-breaks not known here, left out: "
            + ", ".join(code for _, code in declared.unknown)
        )
    return list(declared.tiebreaks), source, notes


def chosen_edition(rules: str | Edition, start: dt.date | None) -> tuple[Edition, str]:
    """The C.07 edition ``rules`` names, or ``auto``: the one in force at
    ``start`` (the newest without a date); with how it was chosen."""
    if isinstance(rules, Edition):
        return rules, "given"
    if rules.lower() == "auto":
        source = f"042 {start.isoformat()}" if start else "no start date: the newest"
        return edition_for(start), source
    return get_edition(rules), "given"


def _standings(
    t: Tournament,
    tiebreaks: str | Sequence[str | TieBreak] | None,
    rules: str | Edition,
    type: TournamentType | str | None,
) -> Standings:
    chosen, source, notes = chosen_tiebreaks(t, tiebreaks)
    ev = event_of(t, type=type)
    edition, edition_source = chosen_edition(rules, ev.start)
    round_robin = ev.type in (TournamentType.ROUND_ROBIN, TournamentType.DOUBLE_ROUND_ROBIN)
    if ev.type is TournamentType.TEAM:
        notes.append(
            "a team event: these are the players' standings by their own points; the "
            "event's standings are the teams' (trfkit standings without --players)"
        )
    f = field_of(t, round_robin=round_robin)
    ctx = _Context(f, edition)
    n = len(f.score)
    values: dict[str, list[Value]] = {}
    for tb in chosen:
        if tb.acronym == "DE":
            values[tb.text or tb.code] = [None] * n
        elif tb.is_team:
            notes.append(
                f"{tb.text or tb.code} is a team tie-break (C.07 Art. 11-13): these standings "
                "are the players', so it is not computed"
            )
            values[tb.text or tb.code] = [None] * n
        else:
            values[tb.text or tb.code] = ctx.values(tb)
    unrated = f.ratings.count(None)
    if unrated and any(tb.acronym in RATING_BASED for tb in chosen):
        notes.append(
            f"{unrated} player(s) unrated: the rating-based tie-breaks are undefined "
            "(C.07 Art. 10: dropped unless the rules say how unrated players count)"
        )
    groups, rest = _by_key(f, chosen, values)
    for tb in rest:
        if len(groups) == n:
            break  # every player alone in his group: no tie left to break
        key = tb.text or tb.code
        column = values[key]
        # Which players' values are undefined, found once for the column
        # (by identity: comparing a Decimal with None is slow).
        undefined = set(compress(count(), map(is_, column, repeat(None))))
        if len(undefined) == n and tb.acronym != "DE":
            continue  # undefined for all: every group stays whole
        # Only the groups still tied are visited; the players alone between
        # them are copied a run at a time (most groups are alone: 3000x13,
        # a tenth of the visits).
        split: list[list[int]] = []
        done = 0
        for at in compress(count(), map(gt, map(len, groups), repeat(1))):
            split += groups[done:at]
            group = groups[at]
            if tb.acronym == "DE":
                split += placed(encounter.direct_encounter(f, group, tb), column)
            else:
                split += split_tied(group, column, tb.lower_is_better, undefined)
            done = at + 1
        split += groups[done:]
        groups = split
    # The rows in rank order, made column by column: each player's index,
    # rank and whether he is still tied, then one map per field.
    start_ranks, names = f.start_ranks, f.names
    sizes = list(map(len, groups))
    is_tied = list(map(gt, sizes, repeat(1)))
    tied: list[tuple[int, ...]] = []
    for group in compress(groups, is_tied):
        group.sort(key=start_ranks.__getitem__)
        tied.append(tuple(map(start_ranks.__getitem__, group)))
    order = list(chain.from_iterable(groups))
    # A group's rank is 1 plus the players before it, shared by its members.
    ranks = list(chain.from_iterable(map(repeat, accumulate(sizes, initial=1), sizes)))
    still_tied = list(chain.from_iterable(map(repeat, is_tied, sizes)))
    keys = list(values)
    if keys:
        # A dict of each player's values from zip's pairs (3000 players,
        # five tie-breaks: 1.3 ms; a zip with strict=True through a partial
        # cost 2.0).
        per_player = list(map(dict, map(zip, repeat(keys), zip(*values.values(), strict=True))))
    else:
        per_player = [{} for _ in f.score]
    points = f.values(f.score)
    rows = list(
        map(
            _new_row,
            zip(
                map(start_ranks.__getitem__, order),
                ranks,
                map(names.__getitem__, order),
                map(points.__getitem__, order),
                map(per_player.__getitem__, order),
                still_tied,
                strict=True,
            ),
        )
    )
    return Standings(
        edition=edition,
        edition_source=edition_source,
        tiebreaks=tuple(chosen),
        source=source,
        rows=tuple(rows),
        tied=tuple(tied),
        notes=tuple(notes + ctx.notes),
        name=t.name,
    )


def value_text(v: Value, undefined: str = "-") -> str:
    """A value as printed: points with at least one decimal (13.0, 9.75,
    13.60 as AOB's two decimals), counts and ratings whole."""
    if v is None:
        return undefined
    if isinstance(v, int):
        return str(v)
    exponent = v.normalize().as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    exponent = v.as_tuple().exponent
    given = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return f"{v:.{max(1, places, given)}f}"


def _by_key(
    f: Field, chosen: Sequence[TieBreak], values: dict[str, list[Value]]
) -> tuple[list[list[int]], Sequence[TieBreak]]:
    """The groups by points and the leading tie-breaks that are defined for
    every player (or for none) and are no direct encounter, best first; with
    the tie-breaks left to apply group by group.

    Applying such tie-breaks one after the other to the groups still tied
    (C.07 4.2) ranks the players by (points, first value, second value,
    ...): each value is replaced by its place among the column's distinct
    values, and the places folded into one integer a player, so that one
    sort of integers does it at C speed, where a sort and a split per tied
    group cost a Python step each (3000x13, BH/C1, BH, SB, WIN, ARO, in
    instructions: the whole standings 199 M group by group, 192 M this
    way; this function 27 M, a sort of tuples of the values 30 M, for the
    Decimals' comparisons). A tie-break with some values undefined leaves
    whole the groups holding one (:func:`split_tied`), which a sort key
    cannot say: from it on the groups are split one by one.
    """
    n = len(f.score)
    key = f.score
    rest: Sequence[TieBreak] = ()
    for at, tb in enumerate(chosen):
        if tb.acronym == "DE":
            rest = chosen[at:]
            break
        column = values[tb.text or tb.code]
        # A set finds the undefined values without comparing a Decimal with
        # None (slow): most values are the same objects (Field.values).
        distinct = set(column)
        if None in distinct:
            if len(distinct) == 1:
                continue  # undefined for all: breaks no tie
            rest = chosen[at:]
            break
        ordered = sorted(distinct, reverse=tb.lower_is_better)  # type: ignore[type-var]
        place = dict(zip(ordered, count(), strict=False))
        # (key, place) as one integer: key * places + place.
        key = list(map(add, map(mul, key, repeat(len(ordered))), map(place.__getitem__, column)))
    # Players of equal keys keep their index order (a stable sort, as the
    # sorts group by group did).
    order = sorted(range(n), key=key.__getitem__, reverse=True)
    ranked = list(map(key.__getitem__, order))
    # A group starts where a key differs from the one before it.
    starts = [0, *compress(count(1), map(ne, ranked, ranked[1:]))] if n else []
    groups = list(map(order.__getitem__, map(slice, starts, [*starts[1:], n])))
    return groups, rest


def placed(parts: list[list[int]], column: list[Value]) -> list[list[int]]:
    """``parts`` (a direct encounter's ordered subgroups), each member's
    value in ``column`` set to its rank within the group (shared by a
    subgroup still tied, C.07 6)."""
    place = 1
    for part in parts:
        for i in part:
            column[i] = place
        place += len(part)
    return parts


def split_tied(
    group: list[int], column: Sequence[Value], lower_is_better: bool, undefined: AbstractSet[int]
) -> list[list[int]]:
    """``group`` in subgroups by ``column``, best first; a group with an
    undefined value (a player in ``undefined``) stays whole: an undefined
    value breaks no tie."""
    if undefined and not undefined.isdisjoint(group):
        return [group]
    if len(group) == 2:  # the most common tie, split without a sort
        a, b = group
        x, y = column[a], column[b]
        if x == y:
            return [group]
        return [[a], [b]] if (x > y) != lower_is_better else [[b], [a]]  # type: ignore[operator]
    get = column.__getitem__
    ordered = sorted(group, key=get, reverse=not lower_is_better)  # type: ignore[arg-type]
    # Each run of equal values a subgroup.
    return [list(same) for _, same in groupby(ordered, get)]
