"""A file's players against FIDE's players' list in force at its start.

FIDE rates an event with the list in force when it began (Title Regulations
§1.4.6a; checking against the current list instead is a common error), and
its rating server compares each player of a file with that list: the FIDE
id, the rating of the event's rate class, title, federation, sex, birth year
and name. :func:`compare` does that comparison once, for every user: the
check's findings (R801-R813), the rater's notes on the values it took from
the list, and the forms' remarks. Each :class:`Difference` says what the
file shows, what the list shows, and where in the 001 line the field is.

The list itself is read by :mod:`trfkit.rating.ratinglist` (streamed, only
the players a batch names); :func:`list_in_force` picks, of lists given by
month, the one in force at an event's start.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from trfkit.columns import layout
from trfkit.model import Player, Sex, Tournament
from trfkit.rules import RateClass

if TYPE_CHECKING:  # the reader (zip, XML) is imported where a list is read
    from trfkit.rating.ratinglist import ListedPlayer

__all__ = [
    "WOMEN_TITLES",
    "Difference",
    "RatingListAt",
    "compare",
    "list_in_force",
    "list_rating",
    "new_player_gaps",
    "parse_month",
    "rating_against_list",
    "rating_in_force",
    "taken_note",
]


@attrs.frozen
class RatingListAt:
    """A players' list and the month it was published for (``None``: one
    list used for every tournament)."""

    players: Mapping[int, ListedPlayer]
    month: datetime.date | None = None
    """The first day of the list's month."""
    label: str = ""
    """How reports name it (its path)."""


def parse_month(text: str) -> datetime.date:
    """``YYYY-MM`` as the first day of that month.

    >>> parse_month("2025-03")
    datetime.date(2025, 3, 1)
    """
    year, sep, month = text.partition("-")
    if not (sep and year.isdigit() and month.isdigit() and len(year) == 4 and len(month) == 2):
        raise ValueError(f"expected a month as YYYY-MM, e.g. 2025-03, got {text!r}")
    return datetime.date(int(year), int(month), 1)


def list_in_force(
    lists: Sequence[RatingListAt], start: datetime.date | None
) -> RatingListAt | None:
    """The list in force at ``start``: the newest published in or before its
    month (Title Regulations §1.4.6a); without a date, or before every
    list, the oldest; a list given without a month wins over none."""
    if not lists:
        return None
    dated = sorted(
        (x for x in lists if x.month is not None), key=lambda x: x.month or datetime.date.min
    )
    undated = [x for x in lists if x.month is None]
    if start is not None:
        in_force = [x for x in dated if x.month is not None and x.month <= start]
        if in_force:
            return in_force[-1]
    return undated[0] if undated else dated[0]


def list_rating(listed: ListedPlayer, cls: RateClass) -> tuple[int | None, int | None]:
    """The list's rating and K for the rating the event changes."""
    if cls is RateClass.RAPID:
        return listed.rapid_rating, listed.rapid_k
    if cls is RateClass.BLITZ:
        return listed.blitz_rating, listed.blitz_k
    return listed.rating, listed.k


def rating_in_force(
    listed: ListedPlayer, cls: RateClass, standard_fallback: bool
) -> tuple[int | None, str]:
    """The rating an event of class ``cls`` rates the player with, from the
    list, and its source: ``"list"``, or ``"list-standard"`` when a rapid or
    blitz event takes the standard rating of a player without one of its
    class (R&B 2024 §7.2.1, ``standard_fallback``)."""
    rating = list_rating(listed, cls)[0] or None
    if rating is None and standard_fallback and listed.rating:
        # R&B 2024 §7.2.1: a standard rating stands in, and he counts as rated.
        return listed.rating, "list-standard"
    return rating, "list"


WOMEN_TITLES = frozenset({"WGM", "WIM", "WFM", "WCM"})
"""The titles only women hold (Title Regulations §0.3)."""

_COLUMN = {f.name: f.first for f in layout("player").fields}
# A TRF name has 33 columns (TRF16 §2.2): a longer listed name is cut there.
_NAME_WIDTH = 33


@attrs.frozen
class Difference:
    """One way a player of the file and the list disagree.

    ``kind`` is one of ``rating`` (both rated, not alike), ``rated`` (rated
    in one, unrated in the other), ``title``, ``federation``, ``sex``,
    ``birth_year``, ``name``, ``not_listed`` (a FIDE id the list does not
    hold), ``same_name`` (a player without id whose name and federation
    are one listed player's: ``list_value`` is his id), ``inactive`` and
    ``woman_title`` (a woman's title on a man).
    """

    kind: str
    start_rank: int
    line: int
    """The player's 001 line (0: not read from a file)."""
    column: int
    """Where the field starts on that line."""
    player: str
    """``"13 Novak, Jan"``: who, for a reader."""
    file_value: str
    """As the file shows it (``""``: blank)."""
    list_value: str
    """As the list shows it (``""``: blank, or nothing to show)."""
    fide_id: int | None = None
    """The listed player's id (the file's, or the one found by name)."""


def compare(
    t: Tournament,
    players: Mapping[int, ListedPlayer],
    *,
    rate_class: RateClass = RateClass.STANDARD,
    standard_fallback: bool = False,
) -> list[Difference]:
    """Every way the players of ``t`` disagree with the list ``players``
    (by FIDE id; the list in force at the start: :func:`list_in_force`), in
    the order of the file.

    The rating compared is the one an event of ``rate_class`` is rated with
    (:func:`rating_in_force`). Names are compared without case, spacing,
    punctuation and diacritics, and a listed name longer than the 33
    columns of a TRF name agrees with its beginning. A player without a
    FIDE id is looked up by name and federation among ``players`` (read
    with ``names``: :func:`trfkit.rating.ratinglist.iter_rating_list`).
    """
    from trfkit.rating.ratinglist import name_key

    by_name: dict[tuple[str, str], list[ListedPlayer]] = {}
    if any(not p.fide_id for p in t.players):
        for entry in players.values():
            by_name.setdefault((name_key(entry.name), entry.federation), []).append(entry)
    out: list[Difference] = []
    for p in t.players:
        if p.fide_id:
            listed = players.get(p.fide_id)
            if listed is None:
                out.append(_diff("not_listed", p, "fide_id", str(p.fide_id), "", p.fide_id))
            else:
                out.extend(_player(p, listed, rate_class, standard_fallback))
        elif by_name:
            found = by_name.get((name_key(p.name), p.federation.strip()), [])
            if len(found) == 1:
                fid = found[0].fide_id
                out.append(_diff("same_name", p, "fide_id", "", str(fid), fid))
    return out


def new_player_gaps(p: Player) -> list[str]:
    """What FIDE needs to register a new player and the file does not give:
    ``"birth date"``, ``"sex"`` (the rating officer returns a report of new
    players without them)."""
    gaps = []
    if p.birth_date.year is None:
        gaps.append("birth date")
    if p.sex is None:
        gaps.append("sex")
    return gaps


def _diff(
    kind: str, p: Player, field: str, file_value: str, list_value: str, fide_id: int | None
) -> Difference:
    line = p.origin.line if p.origin is not None else 0
    who = f"{p.start_rank} {p.name.strip()}".rstrip()
    return Difference(
        kind, p.start_rank, line, _COLUMN[field], who, file_value, list_value, fide_id
    )


_SEX = {Sex.MALE: "M", Sex.FEMALE: "F"}


def rating_against_list(p: Player, listed: ListedPlayer, rating: int | None) -> Difference | None:
    """Where the file's rating of ``p`` is not ``rating``, the rating in
    force for the event (:func:`rating_in_force`): kind ``rating``, or
    ``rated`` when one of them is unrated. The rater takes the list's."""
    mine = p.rating or None
    if mine is not None and rating is not None and mine != rating:
        return _diff("rating", p, "rating", str(mine), str(rating), listed.fide_id)
    if (mine is None) != (rating is None):
        return _diff("rated", p, "rating", str(mine or ""), str(rating or ""), listed.fide_id)
    return None


def taken_note(d: Difference) -> str:
    """Why the rater rates with the list's rating rather than the file's:
    FIDE rates with the list in force at the start (Title Regulations
    §1.4.6a)."""
    why = "FIDE rates with the rating in force at the start (Title Regulations §1.4.6a)"
    if not d.file_value:
        return f"rated {d.list_value} as on the players' list; unrated in the file: {why}"
    if not d.list_value:
        return f"unrated as on the players' list; rated {d.file_value} in the file: {why}"
    return f"rated {d.list_value} as on the players' list; {d.file_value} in the file: {why}"


def _player(
    p: Player, listed: ListedPlayer, cls: RateClass, fallback: bool
) -> Iterator[Difference]:
    fid = listed.fide_id
    rating = rating_against_list(p, listed, rating_in_force(listed, cls, fallback)[0])
    if rating is not None:
        yield rating
    title = p.title.value if p.title is not None else ""
    if title != listed.title.strip().upper():
        yield _diff("title", p, "title", title, listed.title.strip().upper(), fid)
    federation = p.federation.strip()
    if listed.federation.strip() and federation != listed.federation.strip():
        yield _diff("federation", p, "federation", federation, listed.federation.strip(), fid)
    listed_sex = listed.sex.strip().upper()
    # The file writes m or w (TRF16 §2.2), the list M or F.
    if p.sex is not None and listed_sex in ("M", "F") and _SEX[p.sex] != listed_sex:
        yield _diff("sex", p, "sex", p.sex.value, listed_sex, fid)
    year = p.birth_date.year
    if year is not None and listed.birth_year is not None and year != listed.birth_year:
        yield _diff("birth_year", p, "birth_date", str(year), str(listed.birth_year), fid)
    if not _same_name(p.name, listed.name):
        yield _diff("name", p, "name", p.name.strip(), listed.name.strip(), fid)
    if listed.inactive:
        yield _diff("inactive", p, "fide_id", str(p.fide_id), listed.flag.strip(), fid)
    if title in WOMEN_TITLES and listed_sex == "M":
        yield _diff("woman_title", p, "title", title, "M", fid)


def _same_name(mine: str, listed: str) -> bool:
    from trfkit.rating.ratinglist import name_key

    a, b = name_key(mine), name_key(listed)
    if a == b or not a:
        return True
    # The file's name cut at its 33 columns: the listed name begins with it.
    return len(mine.rstrip()) >= _NAME_WIDTH and b.startswith(a)
