"""A rating period: every tournament of a month pooled, as FIDE rates a list.

FIDE does not rate tournaments one by one: each list adds to a player's
rating the change over all the games he played in the period (2024 §8.3,
R&B §7.3; docs/sources/regulations.md §2d):

* each tournament is rated with the ratings of the list in force at its
  start (Title Regulations §1.4.6a; docs/sources/regulations.md §2b), giving per player
  N, W and We for that tournament (:func:`trfkit.rating.engine.rate`);
* K is the player's K of the list (else as the file suggests), then reduced
  so that K × n ≤ 700 over the **period's** games, n added up over the
  tournaments (2022+ §8.3.3; docs/sources/regulations.md O-17, F-P05);
* the change K × Σ(W − We) is rounded **once**, for the period (2024
  §8.3.4; docs/sources/regulations.md Q4); the per-tournament figures are shown beside
  it, and so is the rating that rounding each tournament's change would
  give, since FIDE's lists have followed that too (F-P02);
* an unrated player's games against rated opponents are pooled toward a
  first rating: 2009 and later as one tournament (2009 §8.3, 2024 §7.1.4:
  at least 5 games, over periods of up to 26 months), 2002 as the average
  of the tournaments' performances weighted by games (§10.3). A tournament
  the rules disregard for a newcomer (too few rated opponents, no points)
  adds nothing.

Players are the same across tournaments when they have the same FIDE id; a
player without one cannot be followed, and each of his tournaments stands
alone (a note says so).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from trfkit.model import Tournament
from trfkit.rating import calc
from trfkit.rating.eligibility import first_rating_problem
from trfkit.rating.engine import base_k, capped_k, newcomer_performance, rate
from trfkit.rating.listed import RatingListAt, list_in_force, list_rating, parse_month
from trfkit.rating.model import RATE_OF_PLAY_NOTE, EventInfo, Newcomer, PlayerRating, RatingReport
from trfkit.rating.ratinglist import ListedPlayer
from trfkit.rules import RateClass, RatingMethod, RuleSet, get

__all__ = [
    "PeriodEvent",
    "PeriodPlayer",
    "PeriodReport",
    "PlayerEvent",
    "RatingListAt",
    "parse_month",
    "rate_period",
]


@attrs.frozen
class PeriodEvent:
    """One tournament given to the period."""

    path: str
    name: str
    start: datetime.date | None
    end: datetime.date | None
    rules: str
    rate_class: str
    rating_list: str | None
    """The label of the list it was rated with."""
    included: bool
    reason: str = ""
    """Why it is left out of the period."""
    report: RatingReport | None = attrs.field(default=None, repr=False, eq=False)


@attrs.frozen
class PlayerEvent:
    """One player's part in one tournament of the period."""

    event: int
    """Index into :attr:`PeriodReport.events`."""
    line: PlayerRating
    """His line of that tournament's report (its K is the tournament's)."""
    change: Fraction | None
    """The period's K × (W − We) of this tournament, unrounded."""
    change_rounded: int | None
    """That change rounded on its own (the per-tournament alternative)."""


@attrs.frozen
class PeriodPlayer:
    """One player over the period."""

    rating: PlayerRating
    """The pooled line: N, W, We over every tournament; K after the cap over
    the period's games; the change rounded once; for a newcomer the pooled
    performance (``newcomer``). ``start_rank`` is his start rank in his
    first tournament; ``rank`` is ``None``."""
    events: tuple[PlayerEvent, ...]
    new_rating_per_tournament: int | None
    """Ro plus each tournament's change rounded on its own."""


@attrs.frozen
class PeriodReport:
    """What a rule set does with a period's tournaments."""

    period: str | None
    """``YYYY-MM``, or ``None`` when every tournament given was pooled."""
    rules: str
    rules_title: str
    rules_reference: str
    rate_class: str
    events: tuple[PeriodEvent, ...]
    players: tuple[PeriodPlayer, ...]
    notes: tuple[str, ...] = ()


def _ended_in(e: EventInfo, month: datetime.date) -> bool:
    """Whether the tournament ended (else started) in ``month``."""
    ended = e.end or e.start
    return ended is not None and (ended.year, ended.month) == (month.year, month.month)


def _left_out(
    e: EventInfo, month: datetime.date | None, period: str | None, wanted: RateClass | None
) -> str:
    """Why a tournament is left out of the period, or ``""``: it ended in
    another month, or it is of another rate of play (a list's standard,
    rapid and blitz ratings are separate)."""
    if month is not None and not _ended_in(e, month):
        ended = e.end or e.start
        when = ended.isoformat() if ended else "on no known date"
        return f"ended {when}, not in {period}"
    assert wanted is not None
    if e.rate_class != wanted.value:
        return f"a {e.rate_class} event; the period rates {wanted.value} ratings"
    return ""


def _starting_point(base: RatingListAt | None) -> str:
    """What the period's change is added to. 2009 §7.1, R&B 2024 §6.1: a
    list "incorporates all rated play during the rating period into the
    previous list": with a period, the change goes onto the list published
    at or before its start, where a player is on it; else onto the rating
    his latest tournament used."""
    if base is not None:
        return (
            f"the period's change is added to each player's rating on the list {base.label} "
            f"(the list before the period's results: 2009 §7.1, R&B 2024 §6.1); a player "
            "not on it starts from the rating his latest tournament used"
        )
    return (
        "each player's change is added to the rating his latest tournament used: give "
        "--period and the list of the period's month to start from the previous list"
    )


def rate_period(
    tournaments: Sequence[tuple[str, Tournament]],
    *,
    rules: str | RuleSet = "auto",
    lists: Sequence[RatingListAt] = (),
    period: str | None = None,
    rate_class: RateClass | str | None = None,
    k: Mapping[int, int] | None = None,
) -> PeriodReport:
    """Pool ``tournaments`` (path, tournament) into one rating period.

    ``lists`` are players' lists by month (:func:`_list_for` picks the one
    in force at each tournament's start). ``period`` (``YYYY-MM``) keeps
    the tournaments that ended in that month and names the others in the
    report as left out. ``k`` gives K by FIDE id and wins over the list.
    With ``rules="auto"`` each tournament is rated under the rules in force
    at its start, and the period under those of the latest tournament.
    Tournaments of another rate of play than the first (or than
    ``rate_class``) are left out: a list's standard, rapid and blitz
    ratings are separate.
    """
    month = parse_month(period) if period else None
    events: list[PeriodEvent] = []
    reports: list[tuple[int, RatingReport]] = []
    births: dict[tuple[int, int], int | None] = {}
    wanted_class = RateClass(rate_class) if rate_class is not None else None
    for path, t in tournaments:
        start = t.start_date.date if t.start_date else None
        in_force = list_in_force(lists, start)
        report = rate(
            t,
            rules,
            ratings=in_force.players if in_force else None,
            rate_class=rate_class,
        )
        e = report.event
        wanted_class = wanted_class or (
            RateClass(e.rate_class) if month is None or _ended_in(e, month) else None
        )
        reason = _left_out(e, month, period, wanted_class)
        events.append(
            PeriodEvent(
                path, e.name, e.start, e.end, report.rules, e.rate_class,
                in_force.label if in_force else None, not reason, reason, report,
            )
        )  # fmt: skip
        if not reason:
            reports.append((len(events) - 1, report))
            births.update(((len(events) - 1, p.start_rank), p.birth_date.year) for p in t.players)
    cls = wanted_class or RateClass.STANDARD
    notes: list[str] = [
        f"{e.path}: rated under {e.rules}, {e.report.rules_source.split('; ', 1)[1]}"
        for e in events
        if e.report is not None and e.report.rules_in_force is False
    ]
    # The rate of play (§1.1): a tournament whose games it leaves unrated
    # says so here as in its own report.
    notes += [f"#{i}: {n}" for i, r in reports for n in r.notes if n.startswith(RATE_OF_PLAY_NOTE)]
    rs = _period_rules(rules, reports, events)
    if len({events[i].rules for i, _ in reports}) > 1:
        notes.append(
            f"the tournaments were rated under different rule sets; the period's K and "
            f"rounding are those of {rs.name}, the rules of its latest tournament"
        )
    newest = list_in_force(lists, max((e.start for e in events if e.start), default=None))
    # 2009 §7.1, R&B 2024 §6.1: a list "incorporates all rated play during
    # the rating period into the previous list": with a period, the change
    # goes onto the list published at or before its start, where a player
    # is on it; else onto the rating his latest tournament used.
    base = list_in_force(
        [x for x in lists if x.month is not None and month and x.month <= month], month
    )
    notes.append(_starting_point(base))
    players = _pool(reports, events, rs, cls, newest, dict(k or {}), births, notes, base)
    return PeriodReport(
        period,
        rs.name,
        rs.title,
        rs.reference,
        cls.value,
        tuple(events),
        tuple(players),
        tuple(notes),
    )


def _period_rules(
    rules: str | RuleSet, reports: Sequence[tuple[int, RatingReport]], events: Sequence[PeriodEvent]
) -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    if rules.lower() != "auto":
        return get(rules)
    latest = max(
        reports,
        key=lambda ir: (events[ir[0]].start or datetime.date.min, ir[0]),
        default=None,
    )
    return get(latest[1].rules) if latest else get("fide-2024")


def _key(p: PlayerRating, event: int) -> tuple[int, int]:
    # Players with a FIDE id are followed across tournaments; others are
    # kept apart, one entry per tournament (a negative key never meets an id).
    return (p.fide_id, 0) if p.fide_id else (-1 - event, p.start_rank)


def _pool(
    reports: Sequence[tuple[int, RatingReport]],
    events: Sequence[PeriodEvent],
    rs: RuleSet,
    cls: RateClass,
    newest: RatingListAt | None,
    k: dict[int, int],
    births: Mapping[tuple[int, int], int | None],
    notes: list[str],
    base: RatingListAt | None = None,
) -> list[PeriodPlayer]:
    parts: dict[tuple[int, int], list[tuple[int, PlayerRating]]] = {}
    for index, report in reports:
        for p in report.players:
            parts.setdefault(_key(p, index), []).append((index, p))
    unidentified = sum(1 for key in parts if key[0] < 0)
    if unidentified:
        notes.append(
            f"{unidentified} player line(s) without a FIDE id: each tournament of theirs "
            "stands alone"
        )
    out: list[PeriodPlayer] = []
    for key, lines in parts.items():
        lines.sort(key=lambda il: (events[il[0]].start or datetime.date.min, il[0]))
        listed = newest.players.get(key[0]) if newest is not None and key[0] > 0 else None
        latest = lines[-1][1]
        if latest.rating is not None:
            birth = births.get((lines[-1][0], latest.start_rank))
            previous = base.players.get(key[0]) if base is not None and key[0] > 0 else None
            ro = list_rating(previous, cls)[0] if previous is not None else None
            out.append(_rated(rs, cls, lines, events, listed, k.get(key[0]), birth, ro, base))
        else:
            out.append(_newcomer_pooled(rs, lines))
    out.sort(key=lambda p: (p.rating.fide_id is None, p.rating.fide_id or 0, p.rating.start_rank))
    return out


def _year(events: Sequence[PeriodEvent], index: int) -> int | None:
    start = events[index].start
    return start.year if start else None


def _starting_notes(
    lines: Sequence[tuple[int, PlayerRating]],
    ro: int,
    previous: int | None,
    base: RatingListAt | None,
) -> list[str]:
    """Where the period's starting rating comes from, where the list and
    the tournaments disagree."""
    latest = lines[-1][1]
    notes: list[str] = []
    if base is not None and previous is None:
        notes.append(
            f"not rated on the list {base.label}: the period starts from his latest "
            f"tournament's rating, {ro}"
        )
    elif base is not None and previous != latest.rating:
        notes.append(
            f"the list {base.label} gives {previous}, his latest tournament used "
            f"{latest.rating}: the period starts from the list's"
        )
    ratings = {p.rating for _, p in lines}
    if len(ratings) > 1:
        shown = ", ".join("unrated" if r is None else str(r) for _, p in lines for r in [p.rating])
        notes.append(f"rated {shown} in his tournaments; the period starts from {ro}")
    return notes


def _event_changes(
    rs: RuleSet,
    ro: int,
    kp: int,
    lines: Sequence[tuple[int, PlayerRating]],
    events: Sequence[PeriodEvent],
    notes: list[str],
) -> list[PlayerEvent]:
    """Each tournament's change at the period's K. A tournament that started
    under an earlier text keeps its own K: rule sets are chosen by a
    tournament's start (2009 §0.1: changes apply to tournaments starting on
    or after their date), so a July 2014 period mixes K 15 and K 40 games."""
    parts: list[PlayerEvent] = []
    for i, p in lines:
        if p.we is None or p.rating is None:
            parts.append(PlayerEvent(i, p, None, None))
            continue
        k_here = kp
        if events[i].rules != rs.name and p.k is not None:
            k_here = p.k
            notes.append(
                f"{events[i].path} was rated under {events[i].rules}: its games count at "
                f"its own K {p.k}"
            )
        ch = k_here * (p.w - p.we)
        parts.append(PlayerEvent(i, p, ch, calc.new_rating(ro, ch, rs) - ro))
    return parts


def _rated(
    rs: RuleSet,
    cls: RateClass,
    lines: Sequence[tuple[int, PlayerRating]],
    events: Sequence[PeriodEvent],
    listed: ListedPlayer | None,
    given: int | None,
    birth_year: int | None,
    previous: int | None = None,
    base: RatingListAt | None = None,
) -> PeriodPlayer:
    first, latest = lines[0][1], lines[-1][1]
    ro = previous if previous is not None else latest.rating
    assert ro is not None
    source = "list" if previous is not None else latest.rating_source
    notes = _starting_notes(lines, ro, previous, base)
    counted = [(i, p) for i, p in lines if p.rating is not None and p.we is not None]
    n = sum(p.n for _, p in counted)
    w = sum((p.w for _, p in counted), Fraction(0))
    we = sum((p.we or Fraction(0) for _, p in counted), Fraction(0))
    opponents = sum((p.rc * p.n for _, p in counted if p.rc is not None), Fraction(0))
    # K as the latest tournament would have it, before any cap; the cap
    # then counts the period's games.
    year = _year(events, lines[-1][0])
    k0, assumed, why = base_k(
        rs, cls, ro, listed=listed, birth_year=birth_year, year=year, given=given
    )
    kp, why = capped_k(rs, k0, n, why)
    parts = _event_changes(rs, ro, kp, lines, events, notes)
    total = sum((x.change for x in parts if x.change is not None), Fraction(0))
    change = total if n else None
    new = calc.new_rating(ro, change, rs) if change is not None else ro
    per_tournament = ro + sum(x.change_rounded or 0 for x in parts)
    if rs.method is RatingMethod.PERFORMANCE and rs.rating_floor is not None:
        per_tournament = max(per_tournament, rs.rating_floor)
    pooled = PlayerRating(
        first.start_rank, latest.name, latest.fide_id, latest.federation, latest.title, None,
        ro, source, sum((p.score for _, p in lines), Fraction(0)), n,
        opponents / n if n else None, w, we if n else None, kp, assumed, why, change, new,
        notes=tuple(notes),
    )  # fmt: skip
    return PeriodPlayer(pooled, tuple(parts), per_tournament)


def _newcomer_pooled(rs: RuleSet, lines: Sequence[tuple[int, PlayerRating]]) -> PeriodPlayer:
    first, latest = lines[0][1], lines[-1][1]
    notes: list[str] = []
    counting = [(i, p) for i, p in lines if p.newcomer is not None and p.newcomer.counts]
    left_out = [i for i, p in lines if p.newcomer is not None and not p.newcomer.counts]
    if left_out:
        # Each with the reason its own report gives (first event, rate of play).
        why = "; ".join(
            f"#{i}: {p.newcomer.reason}"
            for i, p in lines
            if p.newcomer is not None and not p.newcomer.counts and p.newcomer.reason
        )
        notes.append(
            f"{len(left_out)} tournament(s) disregarded for a first rating"
            + (f" ({why})" if why else "")
        )
    opponents: list[int] = []
    w = Fraction(0)
    for _, p in counting:
        for g in p.games:
            if g.rated and g.opponent_rating is not None and g.score is not None:
                opponents.append(g.opponent_rating)
                w += g.score
    newcomer: Newcomer | None
    if rs.first_rating.weighted_pool and counting:
        newcomer = _weighted(rs, [p.newcomer for _, p in counting if p.newcomer is not None])
    elif counting:
        newcomer = newcomer_performance(rs, opponents, w)
    else:
        newcomer = None
    n = newcomer.n if newcomer else 0
    pooled = PlayerRating(
        first.start_rank, latest.name, latest.fide_id, latest.federation, latest.title, None,
        None, latest.rating_source, sum((p.score for _, p in lines), Fraction(0)), n,
        Fraction(sum(opponents), len(opponents)) if opponents else None,
        newcomer.w if newcomer else Fraction(0), None, None, False, "", None, None,
        newcomer.ru if newcomer and newcomer.counts else None, None, newcomer,
        notes=tuple(notes),
    )  # fmt: skip
    parts = tuple(PlayerEvent(i, p, None, None) for i, p in lines)
    return PeriodPlayer(pooled, parts, None)


def _weighted(rs: RuleSet, results: Sequence[Newcomer]) -> Newcomer:
    """2002 §10.3: the average of the tournaments' Ru weighted by games."""
    usable = [(Fraction(nc.ru_uncapped), nc.n) for nc in results if nc.ru_uncapped is not None]
    n = sum(nc.n for nc in results)
    w = sum((nc.w for nc in results), Fraction(0))
    if not usable:
        return Newcomer(None, n, w, None, None, None, None, counts=False, reason="no performance")
    ru = calc.round_half_up(calc.weighted_first_rating(usable))
    problem = first_rating_problem(rs, n, ru)
    why = problem.text if problem is not None else ""
    return Newcomer(
        None, n, w, None, None, ru, ru, counts=True, publishable=problem is None, reason=why
    )
