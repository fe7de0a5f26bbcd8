"""JSON Schemas (draft 2020-12) of trfkit's JSON outputs, shipped in the package.

* ``parse.schema.json``: ``trfkit.parse/1``, ``trfkit parse FILE --format json``;
* ``check.schema.json``: ``trfkit.check/1``, ``trfkit check PATH... --format json``;
* ``check-file.schema.json``: a line of ``trfkit check --format jsonl`` (one
  element of the check document's ``files``);
* ``rate.schema.json``: ``trfkit.rate/1``, ``trfkit rate FILE --format json``;
* ``rate-files.schema.json``: ``trfkit.rate-files/1``, ``trfkit rate`` of
  several files or a directory with ``--format json``;
* ``norms.schema.json``: ``trfkit.norms/1``, ``trfkit norms FILE --format json``;
* ``rate-line.schema.json``: a line of ``trfkit rate --format jsonl`` (one
  element of the rate-files document's ``files``);
* ``form1.schema.json``, ``form2.schema.json``, ``summary.schema.json``:
  ``trfkit.form1/1``, ``trfkit.form2/1``, ``trfkit.summary/1``, ``trfkit
  report FILE --form 1|2|summary --format json`` (FIDE Forms 1, 2, 4 (a)).
* ``standings.schema.json``: ``trfkit.standings/1``, ``trfkit standings FILE
  --format json``.
* ``team-standings.schema.json``: ``trfkit.team-standings/1``, ``trfkit
  standings FILE --format json`` of a team event (``--teams``).
* ``pairings.schema.json``: ``trfkit.pairings/1``, ``trfkit pairings FILE
  --format json`` (each round against the FIDE (Dutch) System).
* ``pair.schema.json``: ``trfkit.pair/1``, ``trfkit pair FILE --format json``
  (the next round paired).

Every schema allows keys it does not list: within a schema version keys may
be added, and a consumer validating with the schema should keep working when
they are. ``validator(name, strict=True)`` forbids unlisted keys: trfkit's
tests use it on real outputs, so that no key is written that the schema (and
the docs) do not describe.

The schemas refer to each other by ``$id`` (``https://trfkit.dev/schemas/...``);
:func:`validator` resolves those from the package, never from the network.
Validating needs the ``jsonschema`` package, which trfkit itself does not
depend on (``pip install jsonschema``); :func:`load_schema` does not.

>>> load_schema("check")["$id"]
'https://trfkit.dev/schemas/check-1.schema.json'
>>> load_schema("trfkit.rate/1")["title"]
'trfkit.rate/1: what a rating system does with a tournament'
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Protocol

if TYPE_CHECKING:
    from referencing import Registry

__all__ = [
    "LINE_SCHEMAS",
    "NAMES",
    "SCHEMAS",
    "Validator",
    "load_schema",
    "strict_schema",
    "validator",
]

SCHEMAS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "trfkit.parse/1": "parse.schema.json",
        "trfkit.check/1": "check.schema.json",
        "trfkit.rate/1": "rate.schema.json",
        "trfkit.rate-files/1": "rate-files.schema.json",
        "trfkit.rate-period/1": "rate-period.schema.json",
        "trfkit.form1/1": "form1.schema.json",
        "trfkit.form2/1": "form2.schema.json",
        "trfkit.summary/1": "summary.schema.json",
        "trfkit.standings/1": "standings.schema.json",
        "trfkit.norms/1": "norms.schema.json",
        "trfkit.team-standings/1": "team-standings.schema.json",
        "trfkit.pairings/1": "pairings.schema.json",
        "trfkit.pair/1": "pair.schema.json",
    }
)
"""The ``schema`` value of each JSON document trfkit writes → its schema file."""

LINE_SCHEMAS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "trfkit.check/1": "check-file.schema.json",
        "trfkit.rate-files/1": "rate-line.schema.json",
    }
)
"""``--format jsonl``: a line is one element of that document's ``files``
(``trfkit rate FILE --format jsonl``, of one file, writes one such line too)."""

NAMES: Final = (
    "parse",
    "check",
    "check-file",
    "rate",
    "rate-files",
    "rate-line",
    "rate-period",
    "form1",
    "form2",
    "summary",
    "standings",
    "norms",
    "team-standings",
    "pairings",
    "pair",
)
"""The short names of the schema files (``NAME.schema.json``)."""

_SUFFIX = ".schema.json"


class Validator(Protocol):
    """The part of a ``jsonschema`` validator that trfkit promises."""

    schema: Mapping[str, Any]

    def validate(self, instance: object) -> None:
        """Raise ``jsonschema.ValidationError`` (the first error) if invalid."""

    def is_valid(self, instance: object) -> bool: ...

    def iter_errors(self, instance: object) -> Iterator[Any]:
        """Every ``jsonschema.ValidationError``."""


def _file(name: str) -> str:
    """The file of ``name``: a short name (``check``), a file name
    (``check.schema.json``) or an output's ``schema`` value (``trfkit.check/1``)."""
    if name in SCHEMAS:
        return SCHEMAS[name]
    short = name.removesuffix(_SUFFIX)
    if short in NAMES:
        return short + _SUFFIX
    known = ", ".join([*NAMES, *SCHEMAS])
    raise KeyError(f"no trfkit schema named {name!r}; known: {known}")


@cache
def _text(file: str) -> str:
    return resources.files(__name__).joinpath(file).read_text(encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    """The schema ``name`` as a new dict (yours to change).

    ``name`` is a short name (``"parse"``, ``"check"``, ``"check-file"``,
    ``"rate"``, ``"rate-files"``, ``"rate-line"``), a file name, or an
    output's ``schema`` value (``"trfkit.check/1"``). Raises ``KeyError``
    for any other name.
    """
    data: dict[str, Any] = json.loads(_text(_file(name)))
    return data


def strict_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``schema`` in which every object schema that lists its
    ``properties`` forbids any other key (``unevaluatedProperties: false``,
    which also sees keys listed by ``$ref``, ``allOf`` and ``if``/``then``).

    >>> strict_schema({"type": "object", "properties": {"a": {}}})["unevaluatedProperties"]
    False
    """
    out = copy.deepcopy(dict(schema))
    _forbid_unlisted(out)
    return out


# Where a schema holds subschemas (draft 2020-12), but for "if" and "not":
# a key forbidden there would change what they test.
_SCHEMA_MAPS = ("properties", "patternProperties", "dependentSchemas", "$defs")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_ONE = ("items", "then", "else", "additionalProperties", "contains", "propertyNames")


def _forbid_unlisted(node: dict[str, Any]) -> None:
    kind = node.get("type")
    if "properties" in node and (kind == "object" or (isinstance(kind, list) and "object" in kind)):
        node.setdefault("unevaluatedProperties", False)
    subschemas: list[object] = []
    for key in _SCHEMA_MAPS:
        subschemas.extend(node.get(key, {}).values())
    for key in _SCHEMA_LISTS:
        subschemas.extend(node.get(key, ()))
    subschemas.extend(node[key] for key in _SCHEMA_ONE if key in node)
    for sub in subschemas:
        if isinstance(sub, dict):
            _forbid_unlisted(sub)


@cache
def _registry(strict: bool) -> Registry[Any]:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources_ = []
    for short in NAMES:
        schema = load_schema(short)
        if strict:
            schema = strict_schema(schema)
        resources_.append((schema["$id"], Resource.from_contents(schema, DRAFT202012)))
    return Registry().with_resources(resources_)


def validator(name: str, *, strict: bool = False) -> Validator:
    """A ``jsonschema`` validator of the schema ``name`` (as :func:`load_schema`),
    its references resolved from the package and ``format: date`` checked.

    ``strict=True`` forbids keys the schemas do not list (:func:`strict_schema`):
    for trfkit's own tests; a consumer should not, as keys may be added within
    a schema version.

    Needs ``jsonschema``, an optional dependency: raises ``ImportError``
    saying how to install it when it is missing.
    """
    try:
        jsonschema = importlib.import_module("jsonschema")
    except ImportError as exc:
        raise ImportError(
            "trfkit.schemas.validator needs the jsonschema package, which trfkit does not "
            "install: pip install jsonschema (or pip install 'trfkit[test]')"
        ) from exc
    registry = _registry(strict)
    schema = registry.contents(load_schema(name)["$id"])
    cls = jsonschema.Draft202012Validator
    v: Validator = cls(schema, registry=registry, format_checker=cls.FORMAT_CHECKER)
    return v
