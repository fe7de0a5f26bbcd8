"""Generated documentation: docs/codes.md from the code registry.

Run ``python -m trfkit.docs`` after changing :mod:`trfkit.codes`; a test
fails while docs/codes.md is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from trfkit.codes import CODES

__all__ = ["codes_markdown"]


def codes_markdown() -> str:
    out = [
        "# Diagnostic codes",
        "",
        "Generated from `trfkit/codes.py` by `python -m trfkit.docs`; do not edit by hand.",
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
            f"How to fix: {c.fix}",
            "",
            "Failing example:",
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
            "Passing example:",
            "",
            "```",
            *c.passing,
            "```",
        ]
    return "\n".join(out) + "\n"


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/codes.md")
    path.write_text(codes_markdown(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
