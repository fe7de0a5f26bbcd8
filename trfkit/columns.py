"""The column table (grammars/columns.toml), loaded into typed layouts.

One table drives the reader (which slices fields out of a line), the writer
(which pads values into their columns) and the column-exact tests. Columns in
the table are 1-based and inclusive, as in the FIDE texts; :class:`Field`
also gives the 0-based Python slice.
"""

from __future__ import annotations

from functools import cache

import attrs

from trfkit._resources import cached_data, grammar_text

__all__ = [
    "Field",
    "HeaderSpec",
    "Layout",
    "Repeat",
    "header_specs",
    "layout",
    "layouts",
    "layouts_by_code",
    "trf26_header_codes",
    "vega_header_codes",
]

KINDS = frozenset({"int", "points", "spoints", "text", "rtext", "char", "date"})


@attrs.frozen
class Field:
    name: str
    first: int
    """First column, 1-based."""
    last: int
    """Last column, 1-based, inclusive."""
    kind: str

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    @property
    def slice(self) -> slice:
        return slice(self.first - 1, self.last)

    @property
    def columns(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    def shifted(self, offset: int) -> Field:
        return Field(self.name, self.first + offset, self.last + offset, self.kind)


@attrs.frozen
class Repeat:
    """A group of fields repeated every ``stride`` columns."""

    name: str
    stride: int
    fields: tuple[Field, ...]

    @property
    def first(self) -> int:
        """First column of the first occurrence's first field."""
        return min(f.first for f in self.fields)

    @property
    def start(self) -> int:
        """First column of the first occurrence's block, separators included.

        A block is ``stride`` columns wide and ends with its last field, so
        the columns before the first field belong to the block: for 001
        round blocks, 90-91 are the separators of round 1 (92-99).
        """
        return max(f.last for f in self.fields) - self.stride + 1

    def occurrence(self, index: int) -> tuple[Field, ...]:
        """The fields of occurrence ``index`` (0-based)."""
        return tuple(f.shifted(index * self.stride) for f in self.fields)


@attrs.frozen
class Layout:
    """The fixed-width layout of one kind of record."""

    name: str
    codes: tuple[str, ...]
    multiplicity: str
    mandatory: tuple[str, ...]
    fields: tuple[Field, ...]
    repeat: Repeat | None

    @property
    def fixed_width(self) -> int:
        """Columns covered by the fixed fields (0 if there are none)."""
        return max((f.last for f in self.fields), default=3)

    def separators(self) -> tuple[int, ...]:
        """1-based columns between code and fixed fields that no field covers."""
        covered = {c for f in self.fields for c in range(f.first, f.last + 1)}
        end = self.fixed_width if self.repeat is None else self.repeat.start - 1
        return tuple(c for c in range(4, end + 1) if c not in covered)


@attrs.frozen
class HeaderSpec:
    code: str
    name: str
    kind: str
    multiplicity: str
    mandatory: tuple[str, ...]
    dialect: str
    """The first dialect that defines the record: ``trf16`` or ``trf26``."""
    vega: str | None = None
    """What Vega's files write under this code instead, where they differ."""


def _field(d: dict[str, object]) -> Field:
    kind = str(d["kind"])
    if kind not in KINDS:
        raise ValueError(f"columns.toml: unknown field kind {kind!r}")
    first, last = d["first"], d["last"]
    assert isinstance(first, int) and isinstance(last, int)
    return Field(str(d["name"]), first, last, kind)


def _parse_toml(text: str) -> dict[str, object]:
    import tomllib  # only when the table is not in the cache

    return tomllib.loads(text)


@cache
def _table() -> dict[str, object]:
    return cached_data("columns.toml", grammar_text("columns.toml"), _parse_toml, dict)


@cache
def layouts() -> dict[str, Layout]:
    """Every record layout of the table, by name."""
    out: dict[str, Layout] = {}
    records = _table()["record"]
    assert isinstance(records, dict)
    for name, spec in records.items():
        rep = spec.get("repeat")
        repeat = (
            Repeat(rep["name"], rep["stride"], tuple(_field(f) for f in rep["fields"]))
            if rep
            else None
        )
        out[name] = Layout(
            name,
            tuple(spec["codes"]),
            spec["multiplicity"],
            tuple(spec.get("mandatory", ())),
            tuple(_field(f) for f in spec["fields"]),
            repeat,
        )
    return out


def layout(name: str) -> Layout:
    return layouts()[name]


@cache
def layouts_by_code() -> dict[str, Layout]:
    """The layout of each record code of the table (``NRS`` for national
    rating records, whose code is a federation)."""
    return {code: lay for lay in layouts().values() for code in lay.codes}


@cache
def header_specs() -> dict[str, HeaderSpec]:
    """The header records (codes ending in 2) of the table, by code."""
    headers = _table()["headers"]
    assert isinstance(headers, dict)
    return {
        code: HeaderSpec(
            code,
            d["name"],
            d["kind"],
            d["multiplicity"],
            tuple(d.get("mandatory", ())),
            d["dialect"],
            d.get("vega"),
        )
        for code, d in headers.items()
    }


@cache
def trf26_header_codes() -> frozenset[str]:
    """The header records TRF-2026 added (142-222, 352, 362): none is TRF16."""
    return frozenset(code for code, h in header_specs().items() if h.dialect == "trf26")


@cache
def vega_header_codes() -> frozenset[str]:
    """The header codes Vega's files use with meanings of their own (142-192)."""
    return frozenset(code for code, h in header_specs().items() if h.vega is not None)
