"""The engine's working copies: a deep copy shares nothing mutable with its original, even
when a field holds what its declaration does not allow; and comparing a copy's ``__dict__``
with its original's (what ``apply`` does) says what pydantic's ``!=`` says."""

import pytest
from hypothesis import given, settings, strategies as st

from siegeboard.model.structure import HullLayer, Occupant, Structure

SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]


def _structure() -> Structure:
    return Structure(id="h1", name="House", kind="house", footprint=SQUARE, armor=2, dp=20,
                     dp_original=20, flags=["wooden"], occupants=[Occupant(name="Ann")],
                     inner_layer=HullLayer(name="Portcullis", armor=3, hull=4))


def test_a_copy_shares_nothing_mutable():
    original = _structure()
    copy = original.model_copy(deep=True)
    assert copy == original and copy.__dict__ == original.__dict__
    assert copy.__pydantic_fields_set__ == original.__pydantic_fields_set__
    for name in ("footprint", "flags", "occupants", "effects"):
        assert getattr(copy, name) is not getattr(original, name)
    assert copy.occupants[0] is not original.occupants[0]
    assert copy.inner_layer is not original.inner_layer
    copy.occupants[0].damage = 3
    copy.flags.append("tall")
    assert original.occupants[0].damage == 0 and original.flags == ["wooden"]


@pytest.mark.parametrize("field", ["notes", "dp", "material"])
def test_a_mutable_value_in_a_field_declared_plain_is_copied_too(field):
    # Built without validation, a field declared as a string or a number can hold a list:
    # the copy must not share it (the fast path only trusts what it has checked).
    values = dict(_structure().__dict__)
    values[field] = ["not", "plain"]
    original = Structure.model_construct(**values)
    copy = original.model_copy(deep=True)
    assert getattr(copy, field) == ["not", "plain"]
    assert getattr(copy, field) is not getattr(original, field)


def test_structures_keep_only_fields_in_their_dict():
    # What makes ``copy.__dict__ != original.__dict__`` the same test as ``copy != original``
    # in ``apply``: no extra fields and no private attributes.
    assert Structure.model_config["extra"] == "forbid"
    assert not Structure.__private_attributes__
    assert set(_structure().__dict__) == set(Structure.model_fields)


_changes = st.sampled_from([
    ("dp", 19), ("dp", 20), ("fire_level", 1), ("fire_level", 0), ("out_of_control", True),
    ("collapsed", False), ("name", "Barn"), ("name", "House"), ("footprint", SQUARE),
    ("footprint", [(0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0)]),
    ("occupants", [Occupant(name="Ann")]), ("occupants", [Occupant(name="Ann", damage=2)]),
    ("occupants", []), ("flags", ["wooden"]), ("flags", []), ("inner_layer", None),
])


@settings(max_examples=80, deadline=None)
@given(st.lists(_changes, max_size=4))
def test_comparing_dicts_says_what_pydantic_says(changes):
    original = _structure()
    copy = original.model_copy(deep=True)
    for name, value in changes:
        setattr(copy, name, value)
    assert (copy.__dict__ != original.__dict__) == (copy != original)


def test_a_value_kept_beside_the_fields_is_copied_too():
    # Something kept in ``__dict__`` that is not a field (a cached attribute) is not as
    # declared either: every value is copied then.
    original = _structure()
    original.__dict__["cached"] = ["kept"]
    copy = original.model_copy(deep=True)
    assert copy.__dict__["cached"] == ["kept"]
    assert copy.__dict__["cached"] is not original.__dict__["cached"]
    assert copy.footprint is not original.footprint


def test_a_shallow_copy_given_its_own_parts_shares_nothing_mutable():
    from siegeboard.model.copying import own_parts

    original = _structure()
    shallow = original.model_copy()
    assert shallow.occupants is original.occupants
    own_parts(shallow)
    assert shallow == original and shallow.__dict__ == original.__dict__
    for name in ("footprint", "flags", "occupants", "effects"):
        assert getattr(shallow, name) is not getattr(original, name)
    assert shallow.occupants[0] is not original.occupants[0]
    assert shallow.inner_layer is not original.inner_layer
    shallow.occupants[0].damage = 3
    shallow.flags.append("tall")
    shallow.notes = "changed"
    assert original.occupants[0].damage == 0 and original.flags == ["wooden"]
    assert original.notes == "" and "notes" in shallow.__pydantic_fields_set__


def test_a_working_copy_of_scalars_gets_its_own_parts_when_asked_for_whole():
    from siegeboard.model import Siege
    from siegeboard.rules.context import Context, set_valid
    from siegeboard.rules.dice import ScriptedDice
    from siegeboard.rules.registry import ruleset_of

    siege = Siege(name="s", ruleset="harris", structures={"h1": _structure()})
    ctx = Context(siege, ScriptedDice([]), None, ruleset_of(siege))
    scalars = ctx.structure_scalars("h1")
    set_valid(scalars, "dp", 7)
    assert scalars.occupants is siege.structures["h1"].occupants  # shared until asked
    whole = ctx.structure("h1")
    assert whole is scalars and whole.dp == 7
    assert whole.occupants is not siege.structures["h1"].occupants
    whole.occupants[0].damage = 5
    whole.flags.append("tall")
    assert siege.structures["h1"].occupants[0].damage == 0
    assert siege.structures["h1"].flags == ["wooden"] and siege.structures["h1"].dp == 20
