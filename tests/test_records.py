"""The fast builders of frozen records (trfkit._records.positional_builder).

They bypass attrs' frozen ``__init__``: ``object.__new__(cls)``, then each
slot's descriptor sets its field (no ``__class__`` swap); what they make must
be indistinguishable from what ``cls(...)`` makes, and they must refuse a
class they would get wrong.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import trfkit
from tests.conftest import FIXTURES
from trfkit._records import positional_builder
from trfkit.diagnostics import Diagnostic, Severity, build_diagnostic
from trfkit.rating.model import Newcomer, PlayerRating, build_newcomer, build_player_rating
from trfkit.report import forms

BUILDERS: list[tuple[type[Any], Any]] = [
    (PlayerRating, build_player_rating),
    (Newcomer, build_newcomer),
    (Diagnostic, build_diagnostic),
    (forms.Form1Player, forms.build_form1_player),
]


def test_a_built_card_is_the_card_its_constructor_makes() -> None:
    """A pairing card is built with its cache of columns (a new empty list,
    not a field of __init__); it works out its rounds as one made by Card()."""
    t = trfkit.load(FIXTURES / "swiss-trf16.trf")
    for made in forms.form2_of(t).cards:
        values = [getattr(made, a.name) for a in attrs.fields(forms.Card)][:-1]
        reference = forms.Card(*values)
        assert type(made) is forms.Card
        assert made == reference and hash(made) == hash(reference)
        assert repr(made) == repr(reference)
        assert made.rounds == reference.rounds and made.total == reference.total
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.name = "changed"  # type: ignore[misc]


@pytest.mark.parametrize(("cls", "build"), BUILDERS, ids=lambda x: getattr(x, "__name__", ""))
def test_a_built_record_is_the_record_its_constructor_makes(cls: type[Any], build: Any) -> None:
    fields = attrs.fields(cls)
    values = [f"value {i}" for i in range(len(fields))]
    made, reference = build(*values), cls(*values)
    assert type(made) is cls
    assert made == reference and hash(made) == hash(reference) and repr(made) == repr(reference)
    assert attrs.asdict(made, recurse=False) == attrs.asdict(reference, recurse=False)
    first = fields[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(made, first, "changed")
    changed = attrs.evolve(made, **{first: "changed"})
    assert type(changed) is cls and getattr(changed, first) == "changed"
    assert getattr(made, first) == "value 0"
    assert pickle.loads(pickle.dumps(made)) == reference
    with pytest.raises(TypeError):
        build(*values[:-1])  # every field, always: defaults are not filled in


def test_the_records_of_a_real_run_compare_equal_to_rebuilt_ones() -> None:
    t = trfkit.load(FIXTURES / "swiss-trf16.trf")
    diagnostics = trfkit.validate(t, rules="fide-2024")
    report = trfkit.rate(t, rules="fide-2024")
    assert diagnostics and report.players
    for d in diagnostics:
        assert type(d) is Diagnostic and d == Diagnostic(*attrs.astuple(d, recurse=False))
    for p in report.players:
        assert type(p) is PlayerRating
        assert p == PlayerRating(*attrs.astuple(p, recurse=False))


def test_a_class_with_a_weakref_slot_is_built_too() -> None:
    # The __class__ swap this builder replaced needed weakref_slot=False.
    @attrs.frozen
    class WithWeakref:
        x: int
        y: str

    made = positional_builder(WithWeakref)(1, "a")
    assert type(made) is WithWeakref and made == WithWeakref(1, "a")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.x = 2  # type: ignore[misc]


def test_a_class_the_builder_would_get_wrong_is_refused() -> None:
    @attrs.frozen(weakref_slot=False)
    class Checked:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(weakref_slot=False)
    class PostInit:
        x: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen(slots=False)
    class NoSlots:
        x: int

    for cls in (Checked, PostInit, NoSlots):
        with pytest.raises(TypeError):
            positional_builder(cls)


def test_the_severity_of_a_built_diagnostic_is_the_enum() -> None:
    d = build_diagnostic("S104", Severity.ERROR, 3, 81, "m", None, "1", "2", None)
    assert d.severity is Severity.ERROR and d.format("f.trf") == "f.trf:3:81: error S104 m"
