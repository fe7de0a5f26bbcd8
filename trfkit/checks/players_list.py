"""Players against FIDE's players' list, and what FIDE needs of new players.

With the list in force at the event's start (``check --rating-list``), each
way a player differs from it is a finding on his 001 line, at the field's
column (R801-R808, R811-R813): the comparison itself is
:func:`trfkit.rating.listed.compare`, shared with the rater and the forms.

Without a list, the file alone still shows a player FIDE cannot register:
one without a FIDE id whose birth date or sex is missing (R809), one of
another federation without a FIDE id (R810), a woman's title on a man
(R813), and a rated player whose FIDE id was left out (R814). These apply
under the FIDE rule sets, not a national one, whose ratings are not FIDE's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import compress
from operator import attrgetter

from trfkit import _examples as ex
from trfkit.checks._util import diag, first_named, line_of, one_or_each, player_label
from trfkit.checks.composition import no_fide_rating
from trfkit.checks.players import federations
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.event import rate_class_of
from trfkit.model import Player, Sex, Title
from trfkit.rating.listed import (
    WOMEN_TITLES,
    Difference,
    compare,
    list_in_force,
    new_player_gaps,
)
from trfkit.rules import Family

__all__ = ["against_list", "file_alone"]

_COLUMN = {f.name: f.first for f in layout("player").fields}


@check(
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
        ex.lines(*ex.HEAD, ex.P1, ex.born(ex.put(ex.put(ex.P2, "fide_id", ""), "rating", ""), "")),
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.put(ex.P2, "fide_id", ""), "rating", "")),
        "Give each new player's birth date (YYYY/MM/DD) and sex (m or w).",
        plain="a new player without birth date or sex",
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
        ex.lines(
            *ex.HEAD, ex.P1, ex.put(ex.put(ex.fed(ex.P2, "CRO"), "fide_id", ""), "rating", "")
        ),
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.fed(ex.P2, "CRO"), "rating", "")),
        "Ask the player's federation to register him, then write his FIDE id.",
        plain="a foreign new player without a FIDE id",
    ),
    Code(
        "R813",
        "list.woman-title",
        Severity.WARNING,
        "A woman's title (WGM, WIM, WFM, WCM) on a man: the sex (column 10) is m, or "
        "the players' list lists him as a man. One of the two columns is wrong.",
        "Title Regulations §0.3 (titles for women)",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "title", "WGM"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the title or the sex.",
        plain="a woman's title on a man",
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
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.P2, "fide_id", "")),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write each rated player's FIDE id (from FIDE's players' list) in columns 58-68.",
        plain="a rated player without a FIDE id",
    ),
)
def file_alone(context: Context) -> Iterator[Diagnostic]:
    """R809, R810, R813, R814: what the file alone shows of players FIDE cannot
    register or rate as they stand (new players need a birth date and sex,
    and foreign ones an id from their own federation)."""
    t = context.tournament
    ev = context.event
    if ev.rules.family is Family.NATIONAL:
        return
    players = t.players
    # C-level passes for the usual file, in which every player has an id
    # and no man a woman's title: then nothing below can fire. (Enum
    # members hash in Python; their ids hash in C.)
    every_id = all(map(_FIDE_ID, players))
    if every_id:
        unregistered: list[Player] = []
    else:
        # A rated player without an id in the file is a player whose id was
        # left out, not a new one: only the unrated are new to FIDE.
        unregistered = [p for p in players if not p.fide_id and not p.rating and new_player_gaps(p)]
    if unregistered and no_fide_rating(t) is not None:
        # No player is rated: nobody is registered from this event, and
        # R603 says so once for the event (a national event).
        unregistered = []
    if len(unregistered) == len(players) > 1:
        # No player has a rating or an id, and each lacks a birth date or a
        # sex: one fact about the file (a program that does not export them,
        # an event not meant for FIDE), not a fault per player.
        yield _new_players(unregistered, every=True)
    else:
        yield from one_or_each(unregistered, _new_player, lambda: _new_players(unregistered))
    if not every_id:
        yield from _rated_without_id(players)
    home = (t.federation or "").strip().upper()
    if not every_id and home in federations():
        for p in players:
            if p.fide_id or p.rating:
                continue
            # Unrated, as for R809: a rated player without an id is one whose
            # id was left out, and he is registered already.
            fed = p.federation.strip().upper()
            if fed and fed != home and fed in federations():
                yield diag(
                    "R810",
                    line_of(p),
                    _COLUMN["fide_id"],
                    f"{player_label(p)} plays for {fed}, not the event's federation {home}, and has no "
                    f"FIDE id: the player's federation must register the player with FIDE first",
                    found="blank",
                    expected=f"the FIDE id {fed} registered the player with",
                )
    titles = list(map(id, map(_TITLE, players)))
    if not _WOMEN_TITLE_IDS.isdisjoint(titles):
        for p in compress(players, map(_WOMEN_TITLE_IDS.__contains__, titles)):
            if p.sex is Sex.MALE and p.title is not None:
                yield _woman_title(p, p.title.value, "the file")


_FIDE_ID = attrgetter("fide_id")
_TITLE = attrgetter("title")
_WOMEN_TITLE_IDS = frozenset(id(title) for title in Title if title.value in WOMEN_TITLES)


def _rated_without_id(players: list[Player]) -> Iterator[Diagnostic]:
    """R814: rated players whose FIDE id (columns 58-68) was left out.

    TRF16 §2.2 marks the FIDE number mandatory for rating: the rating server
    matches a player's games to him by it, and a player with a rating has
    one. When no player of the file has an id, that is one fact about the
    file (an export without the column), one finding.
    """
    found = [p for p in players if p.rating and not p.fide_id]
    if not found:
        return
    if len(found) > 1 and not any(map(_FIDE_ID, players)):
        rated = "each is rated" if len(found) == len(players) else f"{len(found)} are rated"
        yield diag(
            "R814",
            line_of(found[0]),
            _COLUMN["fide_id"],
            f"none of the {len(players)} players has a FIDE id (columns 58-68), though "
            f"{rated}: FIDE rates a player's games by the FIDE id",
            found=f"{len(found)} rated players without FIDE id",
            expected="the FIDE id of every rated player",
        )
        return
    yield from one_or_each(
        found,
        lambda p: diag(
            "R814",
            line_of(p),
            _COLUMN["fide_id"],
            f"{player_label(p)} is rated {p.rating} but has no FIDE id (columns 58-68): "
            "FIDE rates a player's games by the FIDE id",
            found="blank",
            expected="the player's FIDE id",
        ),
        lambda: diag(
            "R814",
            line_of(found[0]),
            _COLUMN["fide_id"],
            f"{len(found)} rated players have no FIDE id (columns 58-68): FIDE rates a "
            "player's games by the FIDE id: " + first_named(map(player_label, found), len(found)),
            found=f"{len(found)} rated players without FIDE id",
            expected="the FIDE id of every rated player",
        ),
    )


def _new_player(p: Player) -> Diagnostic:
    gaps = new_player_gaps(p)
    column = _COLUMN["birth_date" if "birth date" in gaps else "sex"]
    return diag(
        "R809",
        line_of(p),
        column,
        f"{player_label(p)} is unrated and has no FIDE id, and FIDE needs the {' and '.join(gaps)} to register a "
        f"new player",
        found="blank",
        expected=" and ".join(gaps),
    )


def _new_players(found: list[Player], every: bool = False) -> Diagnostic:
    what = (
        f"none of the {len(found)} players has a rating or a FIDE id, and they lack"
        if every
        else f"{len(found)} unrated players have no FIDE id and lack"
    )
    return diag(
        "R809",
        line_of(found[0]),
        _COLUMN["birth_date"],
        f"{what} the birth date or sex FIDE needs to register a new player: "
        + first_named(map(player_label, found), len(found)),
        found=f"{len(found)} players without FIDE id, birth date or sex",
        expected="the birth date and sex of every player new to FIDE",
    )


def with_list(found: list[Diagnostic], listed: list[Diagnostic]) -> list[Diagnostic]:
    """``found`` (the file's findings) with ``listed`` (:func:`against_list`'s)
    added, one cause one finding: a rated player without an id whom the
    list names (R811, with the id) needs no R814 of the same line."""
    named = {d.line for d in listed if d.code == "R811"}
    if named:
        found = [
            d for d in found if not (d.code == "R814" and d.line in named and d.found == "blank")
        ]
    return [*found, *listed]


@check(
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
        ex.lines(*ex.HEAD, ex.put(ex.P1, "rating", "2490"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the rating of the list in force at the start (the month the event "
        "began), not a later or earlier list's.",
        rating_list=ex.LIST,
        plain="a rating that is not the list's",
    ),
    Code(
        "R802",
        "list.rated",
        Severity.WARNING,
        "With a players' list: the file shows a player as unrated whom the list in "
        "force at the start rates for the event's rate class, or gives a rating to a "
        "player the list does not rate (often a national rating).",
        "Title Regulations §1.4.6a (the list in force at the start)",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "rating", ""), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the list's rating, or leave the column blank for a player without a "
        "FIDE rating of the event's class (national ratings go in TRF26 NRS records).",
        rating_list=ex.LIST,
        plain="a rated player shown as unrated",
    ),
    Code(
        "R803",
        "list.title",
        Severity.WARNING,
        "With a players' list: the title (columns 11-13) is not the one the list gives.",
        "TRF16 §2.2 (title); FIDE players' list",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "title", "IM"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the title the list gives (a title counts from its confirmation by FIDE).",
        rating_list=ex.LIST,
        plain="a title that is not the list's",
    ),
    Code(
        "R804",
        "list.federation",
        Severity.WARNING,
        "With a players' list: the federation (columns 54-56) is not the one the list gives.",
        "TRF16 §2.2 (federation); FIDE players' list",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "federation", "CRO"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the federation the list gives; a transfer counts once FIDE lists it.",
        rating_list=ex.LIST,
        plain="a federation that is not the list's",
    ),
    Code(
        "R805",
        "list.sex",
        Severity.WARNING,
        "With a players' list: the sex (column 10) is not the one the list gives.",
        "TRF16 §2.2 (sex); FIDE players' list",
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.P2, "sex", "m")),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the sex column (m or w), or ask the federation to correct the list.",
        rating_list=ex.LIST,
        plain="a sex that is not the list's",
    ),
    Code(
        "R806",
        "list.birth-year",
        Severity.WARNING,
        "With a players' list: the year of the birth date (columns 70-73) is not the "
        "birth year the list gives. K and junior status go by the list's.",
        "TRF16 §2.2 (birth date); FIDE players' list",
        ex.lines(*ex.HEAD, ex.born(ex.P1, "1991/05/01"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the birth date, or ask the federation to correct the list.",
        rating_list=ex.LIST,
        plain="a birth year that is not the list's",
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
        ex.lines(*ex.HEAD, ex.put(ex.P1, "name", "Novak, Janez"), ex.P2),
        ex.lines(*ex.HEAD, ex.put(ex.P1, "name", "NOVÁK,Jan"), ex.P2),
        "Check that the FIDE id is this player's, then write the name as FIDE lists it.",
        rating_list=ex.LIST,
        plain="a name that is not the list's",
    ),
    Code(
        "R808",
        "list.id-not-listed",
        Severity.WARNING,
        "With a players' list: a FIDE id (columns 58-68) that the list in force at "
        "the start does not hold: mistyped, or a player registered since. A new player "
        "needs a birth date and sex in the file (R809).",
        "FIDE players' list; Rating Regulations: new players",
        ex.lines(*ex.HEAD, ex.put(ex.P1, "fide_id", "14600047"), ex.P2),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Correct the id from the list, or give the new player's birth date and sex.",
        rating_list=ex.LIST,
        plain="a FIDE id the list does not hold",
    ),
    Code(
        "R811",
        "list.listed-by-name",
        Severity.INFO,
        "With a players' list: a player without a FIDE id whose name (compared as in "
        "R807) and federation are one listed player's: he may be that player.",
        "FIDE players' list",
        ex.lines(*ex.HEAD, ex.P1, ex.put(ex.P2, "fide_id", "")),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Write the listed player's FIDE id if he is that player.",
        rating_list=ex.LIST,
        plain="a player without an id whom the list names",
    ),
    Code(
        "R812",
        "list.inactive",
        Severity.INFO,
        "With a players' list: the list flags the player as inactive (flag i). He is "
        "still rated at his last published rating, and a rated game makes him active "
        "on the next list.",
        "FIDE 2009 §7.23; 2024 §6.2.2",
        ex.lines(*ex.HEAD, ex.P1, ex.P2, ex.P3),
        ex.lines(*ex.HEAD, ex.P1, ex.P2),
        "Nothing to fix: a note for the rating officer.",
        rating_list=ex.LIST,
        plain="a player the list marks inactive",
    ),
    "R809",
    "R813",
    kind=Kind.LIST,
)
def against_list(context: Context) -> Iterator[Diagnostic]:
    """R801-R808, R811-R813 against the list of ``lists`` in force at the
    event's start (R809 too for ids the list does not hold: new players)."""
    t = context.tournament
    ev = context.event
    lists = context.rating_lists
    # The event's start: 042, else its first round date.
    at = list_in_force(lists, ev.start)
    if at is None:
        return
    cls, _ = rate_class_of(ev)
    # A list given with its month is the one in force at the start; one
    # given without is only the list given.
    what = f"the players' list ({at.label})" if at.label else "the players' list"
    if at.month is not None:
        label = f"{at.month:%Y-%m}" + (f", {at.label}" if at.label else "")
        what = f"the players' list in force at the start ({label})"
    by_rank = {p.start_rank: p for p in t.players}
    unlisted = []
    for d in compare(
        t,
        at.players,
        rate_class=cls,
        standard_fallback=ev.rules.first_rating.standard_rating_fallback,
    ):
        p = by_rank[d.start_rank]
        if d.kind == "woman_title" and p.sex is Sex.MALE:
            continue  # the file alone says so (file_alone)
        if d.kind == "not_listed" and new_player_gaps(p):
            unlisted.append(p)
        yield _MESSAGES[d.kind](d, what, cls.value)
    if ev.rules.family is not Family.NATIONAL:
        yield from one_or_each(unlisted, _new_player, lambda: _new_players(unlisted))


def _woman_title(p: Player, title: str, source: str) -> Diagnostic:
    return diag(
        "R813",
        line_of(p),
        _COLUMN["title"],
        f"{player_label(p)} holds the woman's title {title}, and {source} shows a man",
        found=title,
        expected="a title open to men (GM, IM, FM, CM), or the player's sex",
    )


def _on(d: Difference, code: str, message: str, expected: str) -> Diagnostic:
    return diag(code, d.line, d.column, message, found=d.file_value or "blank", expected=expected)


def _rating(d: Difference, what: str, cls: str) -> Diagnostic:
    return _on(
        d,
        "R801",
        f"player {d.player} is rated {d.file_value} in the file, {d.list_value} ({cls}) in {what}",
        f"{d.list_value}, the {cls} rating in force at the start",
    )


def _rated(d: Difference, what: str, cls: str) -> Diagnostic:
    if d.file_value:
        message = (
            f"player {d.player} is rated {d.file_value} in the file, but has no {cls} rating in "
            f"{what} (a national rating?)"
        )
        return _on(d, "R802", message, f"blank: no {cls} FIDE rating")
    message = f"player {d.player} is unrated in the file, rated {d.list_value} ({cls}) in {what}"
    return _on(d, "R802", message, f"{d.list_value}, the {cls} rating in force at the start")


def _field(code: str, field: str) -> Callable[[Difference, str, str], Diagnostic]:
    def message(d: Difference, what: str, cls: str) -> Diagnostic:
        mine = d.file_value or "none"
        theirs = d.list_value or "none"
        who = f"player {d.start_rank}" if field == "name" else f"player {d.player}"
        return _on(
            d,
            code,
            f"{who}: {field} {mine} in the file, {theirs} in {what}",
            f"{theirs}, as FIDE lists the player"
            if d.list_value
            else f"no {field}, as FIDE lists the player",
        )

    return message


def _not_listed(d: Difference, what: str, cls: str) -> Diagnostic:
    return _on(
        d,
        "R808",
        f"player {d.player}: FIDE id {d.file_value} is not in {what}: mistyped, or a player "
        f"registered since (then the birth date and sex must be in the file)",
        "a FIDE id on the list",
    )


def _same_name(d: Difference, what: str, cls: str) -> Diagnostic:
    return _on(
        d,
        "R811",
        f"player {d.player} has no FIDE id; one player of that name and federation is in "
        f"{what}: listed as id {d.list_value}",
        f"{d.list_value}, if it is that player",
    )


def _inactive(d: Difference, what: str, cls: str) -> Diagnostic:
    return _on(
        d,
        "R812",
        f"player {d.player} is flagged inactive ({d.list_value}) in {what}: the player is still "
        f"rated at the last published rating, and a rated game here makes the player active again",
        "an active player",
    )


def _listed_man(d: Difference, what: str, cls: str) -> Diagnostic:
    return _on(
        d,
        "R813",
        f"player {d.player} holds the woman's title {d.file_value} in the file, and {what} "
        f"lists a man",
        "a title open to men (GM, IM, FM, CM), or the player's sex",
    )


_MESSAGES: dict[str, Callable[[Difference, str, str], Diagnostic]] = {
    "rating": _rating,
    "rated": _rated,
    "title": _field("R803", "title"),
    "federation": _field("R804", "federation"),
    "sex": _field("R805", "sex"),
    "birth_year": _field("R806", "birth year"),
    "name": _field("R807", "name"),
    "not_listed": _not_listed,
    "same_name": _same_name,
    "inactive": _inactive,
    "woman_title": _listed_man,
}
