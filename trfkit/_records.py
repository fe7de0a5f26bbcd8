"""Frozen attrs records built fast, by position.

attrs' frozen ``__init__`` must write each field through
``object.__setattr__``, a call by name per field: 2 µs for a record of 24
fields. The records made in bulk (a rating report's PlayerRating per player,
a Diagnostic per finding: a thousand R501 notes on a big file, hundreds of
thousands on a hostile one) are built instead by a function made once per
class: ``object.__new__(cls)``, then each field stored through its slot's
own descriptor (the ``member_descriptor`` a slotted class has per field),
which is what ``object.__setattr__`` ends in, without the name lookup. The
record is of its class from the start; nothing is swapped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["positional_builder"]

_R = TypeVar("_R", bound=attrs.AttrsInstance)


def positional_builder(cls: type[_R]) -> Callable[..., _R]:
    """A constructor of the frozen, slotted ``cls`` taking every field by
    position, a little faster than ``cls(...)`` (0.88 µs against 1.04 for
    PlayerRating's 24 fields; the ``__class__`` swap it replaced took 0.37:
    bench/RESULTS.md).

    It skips nothing ``cls(...)`` does for these classes: they have no
    validators, converters or ``__attrs_post_init__``, which is checked
    here once. tests/test_records.py holds what it makes to ``cls(...)``.

    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> build = positional_builder(Point)
    >>> p = build(1, 2)
    >>> type(p) is Point, p == Point(1, 2)
    (True, True)
    >>> p.x = 5
    Traceback (most recent call last):
    attr.exceptions.FrozenInstanceError: can't set attribute
    """
    fields = attrs.fields(cls)
    if any(f.validator or f.converter or f.on_setattr for f in fields) or hasattr(
        cls, "__attrs_post_init__"
    ):
        raise TypeError(f"{cls.__name__} does more in __init__ than set its fields")
    slots: set[str] = set()
    for klass in cls.__mro__:
        slots.update(vars(klass).get("__slots__", ()))
    if any(f.name not in slots for f in fields):
        raise TypeError(f"{cls.__name__} must be slotted")
    # One local name per field's slot setter; the source is made from the
    # field count alone (a0, a1, ...), never from a field's name.
    names = [f"a{i}" for i in range(len(fields))]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for i, f in enumerate(fields):
        descriptor = next(vars(k)[f.name] for k in cls.__mro__ if f.name in vars(k))
        namespace[f"set{i}"] = descriptor.__set__
    body = "".join(f"    set{i}(self, {a})\n" for i, a in enumerate(names))
    source = f"def build({', '.join(names)}):\n    self = new(cls)\n{body}    return self\n"
    exec(compile(source, f"<positional_builder {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., _R] = namespace["build"]
    build.__name__ = build.__qualname__ = f"build_{cls.__name__}"
    return build
