"""R701: a player's result is a title norm (FIDE Title Regulations, B.01).

An info finding per player whose result is a GM, IM, WGM or WIM norm, so
that an arbiter checking a file notices which certificates of title result
to issue (Form 4b, ``trfkit norms --certificates``). The title rule set is
the edition in force at the start date (:func:`trfkit.rules.titles.choose_title_rules`),
whatever the rating rule set; the finding cites it, not the rating
regulations. Editions that are not modelled, and the 2003 rules whose
required points are not established, give no finding.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from trfkit import _examples as ex
from trfkit.checks._util import diag, line_of, with_reference
from trfkit.checks.registry import Context, Kind, check
from trfkit.codes import Code
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.model import Title
from trfkit.rules.titles import Method, choose_title_rules

__all__ = ["title_norms"]

_NORM_TITLES = frozenset({Title.GM.value, Title.IM.value, Title.WGM.value, Title.WIM.value})


def _points(x: Decimal) -> str:
    """7, 6.5: points as the form writes them."""
    return str(int(x)) if x == x.to_integral_value() else str(x)


@check(
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
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", "XXR 9", *ex.norm_event("1=1=1=1=1")),
        ex.lines(*ex.BASE, "042 2025/05/01", "122 90+30", "XXR 9", *ex.norm_event("1=1=1=1=0")),
        "Nothing to fix: issue a certificate of title result for each norm "
        "(trfkit norms FILE --certificates) and send it with the tournament report.",
        quote='B.01 2024 §0.5: a title norm is "a title performance that also satisfies '
        'the opponent title and federation mix rules in 1.4.2 to 1.4.5" (reading note).',
        plain="a title norm",
        page_fix=(
            "Nothing to fix: send a certificate of title result for each norm (the "
            "Certificates tab)."
        ),
    ),
    kind=Kind.TITLE,
)
def title_norms(context: Context) -> Iterator[Diagnostic]:
    """R701, one per player with a norm, at the player's line."""
    t = context.tournament
    ev = context.event
    rules, _ = choose_title_rules(ev.start)
    reference = rules.sections.get("R701")
    if not rules.modelled or rules.method is not Method.OPPONENTS or reference is None:
        return
    # A norm needs at least three opponents holding GM, IM, WGM or WIM
    # (§1.4.5b-f): an event without three such players has none.
    # (By value: the title enum hashes in Python code, and this runs per player.)
    titled = [p.title for p in t.players if p.title is not None]
    if sum(1 for x in titled if x._value_ in _NORM_TITLES) < 3:
        return
    # Imported here: most files have no three titled players, and
    # `trfkit check` of a small file pays for every module it imports.
    from trfkit.titlenorms import norms

    report = norms(t, rules, type=ev.type)
    wanted = {pn.start_rank for pn, _ in report.holders}
    lines = {p.start_rank: line_of(p) for p in t.players if p.start_rank in wanted}
    cited = f"{rules.reference} {reference}"
    for pn, verdicts in report.holders:
        results = "; ".join(
            f"{v.title} norm ({_points(v.points)}/{v.games}, Ra {v.ra}, Rp {v.rp})"
            for v in verdicts
        )
        d = diag(
            "R701",
            lines[pn.start_rank],
            1,
            f"player {pn.start_rank} {pn.name}: {results}: issue the certificate of title "
            "result (trfkit norms --certificates)",
            found=", ".join(v.title for v in verdicts),
            expected="a certificate of title result for each",
        )
        yield with_reference(d, cited)
