"""The engine's working copies (pydantic's ``model_copy``): a deep copy shares nothing
mutable with its original, a copy of scalars gets its own parts when asked for whole, and
the structure's checks hold on assignment (they are its fields' own)."""

import pytest
from pydantic import ValidationError

from siegeboard.model.structure import HullLayer, Occupant, Structure

SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]


def _structure() -> Structure:
    return Structure(id="h1", name="House", kind="house", footprint=SQUARE, armor=2, dp=20,
                     dp_original=20, flags=["wooden"], occupants=[Occupant(name="Ann")],
                     inner_layer=HullLayer(name="Portcullis", armor=3, hull=4))


def test_a_copy_shares_nothing_mutable():
    original = _structure()
    copy = original.model_copy(deep=True)
    assert copy == original
    for name in ("footprint", "flags", "occupants", "effects"):
        assert getattr(copy, name) is not getattr(original, name)
    assert copy.occupants[0] is not original.occupants[0]
    assert copy.inner_layer is not original.inner_layer
    copy.occupants[0].damage = 3
    copy.flags.append("tall")
    assert original.occupants[0].damage == 0 and original.flags == ["wooden"]


def test_the_parts_copied_are_every_field_not_a_scalar():
    scalars = (str, int, float, bool, type(None))
    structure = _structure()
    assert set(structure.parts_copied()) == {
        name for name, value in structure.model_dump().items() if not isinstance(value, scalars)}
    for person in (Occupant(name="Ann"), HullLayer(name="Gate", armor=1, hull=1)):
        assert all(isinstance(value, scalars) for value in person.model_dump().values())


def test_a_copy_to_change_is_a_deep_copy():
    original = _structure()
    copy = original.copy_to_change()
    assert copy == original == original.model_copy(deep=True)
    for name in ("footprint", "flags", "occupants", "effects", "holes"):
        assert getattr(copy, name) is not getattr(original, name)
    assert copy.occupants[0] is not original.occupants[0]
    assert copy.inner_layer is not original.inner_layer
    copy.occupants[0].damage = 3
    copy.inner_layer.suffered = 2
    assert original.occupants[0].damage == 0 and original.inner_layer.suffered == 0


def test_a_working_copy_of_scalars_gets_its_own_parts_when_asked_for_whole():
    from siegeboard.model import Siege
    from siegeboard.rules.context import Context, set_valid
    from siegeboard.rules.dice import ScriptedDice
    from siegeboard.rules.registry import ruleset_of

    siege = Siege(name="s", ruleset="harris", structures={"h1": _structure()})
    ctx = Context(siege, ScriptedDice([]), None, ruleset_of(siege))
    scalars = ctx.structure_scalars("h1")
    set_valid(scalars, "dp", 7)
    assert scalars.dp == 7 and siege.structures["h1"].dp == 20
    assert scalars.occupants is siege.structures["h1"].occupants  # shared until asked
    whole = ctx.structure("h1")
    assert whole.dp == 7 and ctx.current("h1") is whole and ctx.structure("h1") is whole
    # The copy of scalars stands for the whole copy from then on: one working copy.
    set_valid(scalars, "cleared", True)
    assert whole.cleared and scalars.cleared and scalars.occupants is whole.occupants
    assert whole.occupants is not siege.structures["h1"].occupants
    assert whole.inner_layer is not siege.structures["h1"].inner_layer
    whole.occupants[0].damage = 5
    whole.flags.append("tall")
    assert siege.structures["h1"].occupants[0].damage == 0
    assert siege.structures["h1"].flags == ["wooden"] and siege.structures["h1"].dp == 20


def test_a_copy_of_scalars_gives_the_structure_after_the_action():
    from siegeboard.rules.context import ScalarCopy, set_valid

    original = _structure()
    scalars = ScalarCopy(original)
    assert scalars.structure() is original  # nothing changed
    set_valid(scalars, "dp", 20)
    assert scalars.structure() is original  # assigned, but the same value
    set_valid(scalars, "fire_level", 2)
    assert scalars.fire_level == 2 and scalars.has_flag("wooden")
    after = scalars.structure()
    assert type(after) is Structure and after.fire_level == 2 and original.fire_level == 0
    assert after == original.model_copy(update={"fire_level": 2})
    with pytest.raises(AttributeError):
        set_valid(scalars, "fire_levl", 3)


def test_set_valid_refuses_what_is_not_valid():
    from siegeboard.rules.context import set_valid

    copy = _structure().model_copy()
    with pytest.raises(ValidationError, match="above dp_original"):
        set_valid(copy, "dp", 21)
    with pytest.raises(ValidationError):
        set_valid(copy, "fire_level", -1)
    set_valid(copy, "dp", 3)
    assert copy.dp == 3


def test_dp_and_its_original_are_checked_both_ways():
    with pytest.raises(ValidationError, match="dp: 30 is above dp_original 20"):
        Structure(id="h1", name="House", kind="house", footprint=SQUARE, armor=2, dp=30,
                  dp_original=20)
    structure = _structure()
    with pytest.raises(ValidationError, match="above dp_original"):
        structure.dp_original = 10


def test_courtyards_stay_inside_on_assignment():
    inside = [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]
    structure = Structure(id="h1", name="House", kind="house", footprint=SQUARE, armor=2,
                          holes=[inside + [(4.0, 4.0)]])
    assert structure.holes == [inside]  # the closing point dropped
    with pytest.raises(ValidationError, match="not inside the footprint"):
        structure.footprint = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (0.0, 3.0)]
    with pytest.raises(ValidationError, match="not inside the footprint"):
        structure.holes = [[(20.0, 20.0), (21.0, 20.0), (21.0, 21.0)]]


def test_an_outcome_undoes_its_fields_in_the_reverse_order():
    """A starter weapon joins the siege's weapons before the battery that fires it: undone,
    the battery goes back first, so no assignment finds a battery naming a missing weapon."""
    from siegeboard.model import Siege
    from siegeboard.model.actions import AdvanceClock
    from siegeboard.model.log import LogEntry
    from siegeboard.model.weapon import Battery
    from siegeboard.rules.context import Outcome
    from siegeboard.rules.registry import ruleset_of

    siege = Siege(name="s", ruleset="harris", structures={"h1": _structure()})
    weapon = ruleset_of(siege).catalogue.weapons[0]
    battery = Battery(id="b1", name="Battery", position=(5.0, 5.0), weapon_id=weapon.id)
    outcome = Outcome(action=AdvanceClock(turns=1),
                      entry=LogEntry(seq=1, turn=0, action=AdvanceClock(turns=1)),
                      fields={"weapons": ({}, {weapon.id: weapon}),
                              "batteries": ({}, {"b1": battery})})
    outcome.apply_to(siege)
    assert siege.batteries["b1"].weapon_id in siege.weapons
    outcome.revert(siege)
    assert siege.weapons == {} and siege.batteries == {}
