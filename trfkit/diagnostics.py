"""Diagnostics: what trfkit reports about a file.

A :class:`Diagnostic` names a stable code (see :mod:`trfkit.codes` and
docs/codes.md), the 1-based line and column of the offending field, what
was found and what was expected. Readers collect diagnostics rather than
stopping at the first problem; ``strict=True`` turns errors into a
:class:`TrfSyntaxError` that carries all of them.
"""

from __future__ import annotations

import enum

import attrs

from trfkit._records import positional_builder

__all__ = ["Diagnostic", "Severity", "TrfError", "TrfSyntaxError"]


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


@attrs.frozen(weakref_slot=False)  # no weakref slot: a finding is never weakly referenced
class Diagnostic:
    """One problem found in a file.

    ``message`` is written for a person: it quotes what was found and says
    what was expected. ``found`` and ``expected`` hold the same facts for a
    program. ``line`` and ``column`` are 1-based; ``column`` points at the
    first column of the offending field (1:1 for a finding about the whole
    file: editors, SARIF and GitHub annotations need a place in the file).
    """

    code: str
    severity: Severity
    line: int
    column: int
    message: str
    reference: str | None = None
    found: str | None = None
    expected: str | None = None
    hint: str | None = None

    def format(self, path: str = "<string>") -> str:
        """``path:line:column: severity CODE message [reference]``."""
        ref = f" [{self.reference}]" if self.reference else ""
        return f"{path}:{self.line}:{self.column}: {self.severity.value} {self.code} {self.message}{ref}"


build_diagnostic = positional_builder(Diagnostic)
"""``Diagnostic(*fields)``, fast: every field, in order (checking a big file
makes thousands)."""


class TrfError(Exception):
    """Base class of trfkit's exceptions."""


class TrfSyntaxError(TrfError, ValueError):
    """Raised by ``load(..., strict=True)`` when a file has errors.

    ``diagnostics`` holds every problem found, not only the first.
    """

    def __init__(self, diagnostics: list[Diagnostic], path: str = "<string>") -> None:
        self.diagnostics = diagnostics
        self.path = path
        errors = [d for d in diagnostics if d.severity is Severity.ERROR]
        first = errors[0] if errors else diagnostics[0]
        more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
        super().__init__(first.format(path) + more)
