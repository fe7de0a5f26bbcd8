"""Generated documentation: docs/codes.md from the code registry and
docs/rules.md from the rule sets.

Run ``python -m trfkit.docs`` after declaring or changing a code (with its
check, :mod:`trfkit.checks.registry`; the reader's in :mod:`trfkit.codes`)
or a rule set (:mod:`trfkit.rules`); a test fails while either file is out
of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

import attrs

from trfkit.checks import CODES
from trfkit.codes import Code
from trfkit.rules import RULE_SETS, RuleSet
from trfkit.rules.titles import TITLE_RULE_SETS

__all__ = ["codes_markdown", "rules_markdown"]


def _applies(c: Code) -> list[str]:
    if not c.code.startswith("R"):
        return []
    under = [f"`{r.name}` {r.sections[c.code]}" for r in RULE_SETS.values() if c.code in r.sections]
    titles = [
        f"`{r.name}` {r.sections[c.code]}" for r in TITLE_RULE_SETS.values() if c.code in r.sections
    ]
    if titles:
        # The Title Regulations' codes: chosen by start date, cited from them.
        return [f"Title rule sets: {', '.join(titles)}.", ""]
    if not under:  # a check of its own reference, under every rule set it names
        return []
    return [f"Rule sets: {', '.join(under)}.", ""]


def _list_lines(rating_list: tuple[str, ...]) -> list[str]:
    """A code's players' list, below its examples."""
    return [
        "",
        "Both checked against this players' list (`--rating-list`):",
        "",
        "```",
        *rating_list,
        "```",
    ]


def codes_markdown() -> str:
    out = [
        "# Diagnostic codes",
        "",
        "Generated from the codes' declarations (`trfkit/codes.py`, `trfkit/checks/`) by"
        " `python -m trfkit.docs`; do not edit by hand.",
        "Codes are stable: a published code keeps its meaning. Every example below is",
        "run by `tests/test_codes.py`.",
        "",
        "| code | name | default severity | summary |",
        "|---|---|---|---|",
    ]
    for c in CODES.values():
        out.append(
            f"| [{c.code}](#{c.code.lower()}) | `{c.name}` | {c.severity.value} | "
            f"{c.summary.split('. ')[0].rstrip('.')} |"
        )
    for c in CODES.values():
        out += [
            "",
            f"## {c.code}",
            "",
            f"`{c.name}`, {c.severity.value}. {c.summary}",
            "",
            f"Enforces: {c.reference}." if c.reference else "",
            "",
            *_applies(c),
            *([f"> {c.quote}", ""] if c.quote else []),
            f"How to fix: {c.fix}",
            "",
            f"Failing example (checked under `{c.rules}`):"
            if c.code.startswith("R")
            else "Failing example"
            + "".join(f", read with {k}={v}" for k, v in c.load_options)
            + "".join(f", checked with --{k}" for k, _ in c.check_with)
            + ":",
            "",
            "```",
            *(
                line.encode("utf-8", "surrogateescape").decode("latin-1")
                if max(line) >= "\udc80"
                else line
                for line in c.failing
            ),
            "```",
            "",
            "Passing example"
            + "".join(f", read with {k}={v}" for k, v in c.load_options)
            + "".join(f", checked with --{k}" for k, _ in c.check_with)
            + ":",
            "",
            "```",
            *c.passing,
            "```",
            *(_list_lines(c.rating_list) if c.rating_list else []),
        ]
    return "\n".join(out) + "\n"


def _value(v: object) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{getattr(k, 'value', k)} {x}" for k, x in v.items())
    if isinstance(v, tuple):
        return str(v)
    return str(getattr(v, "value", v))


def rules_markdown() -> str:
    """Every rule set's parameters, amendments and the codes it checks."""
    out = [
        "# Rule sets",
        "",
        "Generated from `trfkit/rules/` by `python -m trfkit.docs`; do not edit by hand.",
        "Sources: docs/sources.md. `--rules auto` picks the FIDE standard set in force at the",
        "start date (042, else the first round date) and fide-rb-2024 when the time control",
        "gives less than 60 minutes for 60 moves; a report under a set that was not in force",
        "at the start says so in its header. A parameter left out is one the regulation does",
        "not have. A *reading* is a parameter the sources leave open: the value taken, and the",
        "other reading; a report that relies on one names it and the players it changes.",
    ]
    for r in RULE_SETS.values():
        out += [
            "",
            f"## {r.name}",
            "",
            f"{r.title} ({r.family.value}), for events from {r.effective.isoformat()}"
            + (f" to {r.until.isoformat()}" if r.until else "")
            + f'. Cited as "{r.reference}".',
            "",
            "| parameter | value |",
            "|---|---|",
        ]
        # One row per parameter, by its path (``k.games_cap``): the name a
        # reading, an amendment and the rate JSON's ``readings`` give it.
        for path in RuleSet.paths():
            v = r.parameter(path)
            if v is None or v == () or v == {}:
                continue
            out.append(f"| `{path}` | {_value(v)} |")
        out += ["", "Codes: " + ", ".join(f"{c} ({sec})" for c, sec in r.sections.items()) + "."]
        if r.not_applicable:
            out += [
                "",
                "Not applicable: "
                + "; ".join(f"{c} ({why})" for c, why in r.not_applicable.items())
                + ".",
            ]
        for reading in r.readings:
            out += [
                "",
                f"Reading of `{reading.parameter}`: {reading.chosen} "
                f"(`{_value(r.parameter(reading.parameter))}`); the other reading: "
                f"{reading.other} (`{_value(reading.alternative)}`). Why: {reading.basis}.",
            ]
        for a in r.amendments:
            changes = ", ".join(f"`{k}` = {_value(v)}" for k, v in a.changes.items())
            cited = "".join(f"; {c} cites {sec}" for c, sec in a.sections.items())
            out += ["", f"Amendment {a.title} ({a.reference}): {changes}{cited}."]
    out += _title_rules_markdown()
    return "\n".join(out) + "\n"


_TITLE_SKIP = {"name", "title", "reference", "sections", "section", "effective", "until",
               "readings", "modelled", "why_not_modelled", "method"}  # fmt: skip


def _title_rules_markdown() -> list[str]:
    """The title rule sets (FIDE Title Regulations, B.01): ``trfkit norms`` and R701."""
    out = [
        "",
        "# Title rule sets",
        "",
        "The FIDE Title Regulations (B.01), edition by edition, for `trfkit norms` and R701",
        "(docs/norms.md). `--rules auto` picks the edition by the start date. An edition",
        "whose text was not read is listed as not modelled: its norms are not guessed.",
    ]
    for r in TITLE_RULE_SETS.values():
        span = f"for events from {r.effective.isoformat()}" + (
            f" to {r.until.isoformat()}" if r.until else ""
        )
        out += ["", f"## {r.name}", "", f'{r.title}, {span}. Cited as "{r.reference}".', ""]
        if not r.modelled:
            out.append(f"Not modelled: {r.why_not_modelled}.")
            continue
        out += ["| parameter | value |", "|---|---|", f"| `method` | {r.method.value} |"]
        for field in attrs.fields(type(r)):
            v = getattr(r, field.name)
            if field.name in _TITLE_SKIP or v is None or v is False or v == () or v == {}:
                continue
            if isinstance(v, dict) or hasattr(v, "items"):
                v = "; ".join(
                    f"{k}: {' '.join(sorted(x)) if isinstance(x, frozenset) else x}"
                    for k, x in v.items()
                )
            out.append(f"| `{field.name}` | {v} |")
        out += ["", "Sections: " + ", ".join(f"{k} {x}" for k, x in r.section.items()) + "."]
        out += ["", "Codes: " + ", ".join(f"{c} ({x})" for c, x in r.sections.items()) + "."]
        out += ["", *(f"- Reading: {x}" for x in r.readings)]
    return out


_USAGE = "usage: python -m trfkit.docs [FOLDER]  (writes FOLDER/codes.md and FOLDER/rules.md; default docs)"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # "--help" is no folder: say what the command does rather than fail
    # writing "--help/codes.md" with a traceback.
    if args[:1] in (["-h"], ["--help"]):
        print(_USAGE)
        return 0
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(_USAGE, file=sys.stderr)
        return 2
    folder = Path(args[0]) if args else Path("docs")
    if not folder.is_dir():
        print(f"python -m trfkit.docs: {folder}: no such folder", file=sys.stderr)
        return 2
    (folder / "codes.md").write_text(codes_markdown(), encoding="utf-8")
    (folder / "rules.md").write_text(rules_markdown(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
