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

from collections.abc import Callable, Iterator, Sequence
from itertools import compress
from operator import attrgetter

from trfkit.checks._util import diag, first_named, line_of, one_or_each, player_label
from trfkit.checks.composition import no_fide_rating
from trfkit.checks.players import federations
from trfkit.columns import layout
from trfkit.diagnostics import Diagnostic
from trfkit.event import Event, rate_class_of
from trfkit.model import Player, Sex, Title, Tournament
from trfkit.rating.listed import (
    WOMEN_TITLES,
    Difference,
    RatingListAt,
    compare,
    list_in_force,
    new_player_gaps,
)
from trfkit.rules import Family

__all__ = ["against_list", "file_alone"]

_COLUMN = {f.name: f.first for f in layout("player").fields}


def file_alone(t: Tournament, ev: Event) -> Iterator[Diagnostic]:
    """R809, R810, R813, R814: what the file alone shows of players FIDE cannot
    register or rate as they stand (new players need a birth date and sex,
    and foreign ones an id from their own federation)."""
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
        unregistered = [
            p for p in players if not p.fide_id and not p.rating and new_player_gaps(p)
        ]
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
        found = [d for d in found if not (d.code == "R814" and d.line in named and d.found == "blank")]
    return [*found, *listed]


def against_list(t: Tournament, ev: Event, lists: Sequence[RatingListAt]) -> Iterator[Diagnostic]:
    """R801-R808, R811-R813 against the list of ``lists`` in force at the
    event's start (R809 too for ids the list does not hold: new players)."""
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
        t, at.players, rate_class=cls, standard_fallback=ev.rules.standard_rating_fallback
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
            f"{theirs}, as FIDE lists the player" if d.list_value else f"no {field}, as FIDE lists the player",
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
