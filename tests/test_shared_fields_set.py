"""Models with every field set share one set of their names; nothing else about them changes."""

from __future__ import annotations

import copy

import pytest

from siegeboard.model import Siege, Structure
from siegeboard.model.copying import AllFields, all_fields
from siegeboard.model.structure import Occupant

SQUARE = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]


def read_back(structure: Structure) -> Structure:
    return Structure.model_validate_json(structure.model_dump_json())


def test_structures_read_from_a_file_share_one_set_of_their_field_names():
    first = read_back(Structure(id="a", name="A", kind="townhouse", armor=5, footprint=SQUARE,
                                occupants=[Occupant(name="Maud")]))
    second = read_back(Structure(id="b", name="B", kind="townhouse", armor=3, footprint=SQUARE))
    assert first.__pydantic_fields_set__ is second.__pydantic_fields_set__ is all_fields(Structure)
    assert first.model_fields_set == set(Structure.model_fields)
    assert first.occupants[0].__pydantic_fields_set__ is all_fields(Occupant)
    siege = Siege(ruleset="harris", name="S")
    siege.structures = {"a": first}
    again = Siege.model_validate_json(siege.model_dump_json())
    assert again.structures["a"].__pydantic_fields_set__ is all_fields(Structure)
    assert again == siege


def test_copies_assignments_and_dumps_behave_as_before():
    built = Structure(id="a", name="A", kind="townhouse", armor=5, footprint=SQUARE)
    assert type(built.__pydantic_fields_set__) is set  # defaults left unset: its own set
    assert built.model_dump(exclude_unset=True) == {
        "id": "a", "name": "A", "kind": "townhouse", "armor": 5, "footprint": SQUARE}
    read = read_back(built)
    shared = read.__pydantic_fields_set__
    changed = read.model_copy(update={"dp": 0, "fire_level": 2})
    deep = copy.deepcopy(read)
    for model in (changed, deep, read.model_copy(), read.model_copy(deep=True)):
        assert model.__pydantic_fields_set__ is shared
    assert (changed.fire_level, read.fire_level) == (2, 0)
    deep.footprint.append((0.0, 2.0))
    assert len(read.footprint) == 4
    read.name = "Renamed"  # validate_assignment adds a name the set holds
    assert read.model_dump(exclude_unset=True) == read.model_dump()
    assert shared == set(Structure.model_fields)


def test_the_shared_set_cannot_gain_or_lose_a_name():
    shared = all_fields(Structure)
    assert isinstance(shared, AllFields)
    for change in (lambda: shared.add("bogus"), lambda: shared.discard("name"),
                   lambda: shared.clear(), lambda: shared.update({"bogus"}),
                   lambda: shared.remove("name")):
        with pytest.raises(TypeError):
            change()
    shared.add("name")
    assert shared == set(Structure.model_fields)
    with pytest.raises(TypeError):
        read_back(Structure(id="a", name="A", kind="k", armor=1, footprint=SQUARE)).model_copy(
            update={"bogus": 1})


def test_empty_lists_are_one_shared_list_that_refuses_to_change():
    from siegeboard.model.copying import NO_ITEMS

    first = read_back(Structure(id="a", name="A", kind="townhouse", armor=5, footprint=SQUARE,
                                occupants=[Occupant(name="Maud")]))
    second = read_back(Structure(id="b", name="B", kind="townhouse", armor=3, footprint=SQUARE))
    assert first.flags is second.flags is second.occupants is second.holes is NO_ITEMS
    assert type(first.occupants) is list and first.footprint is not NO_ITEMS
    for change in (lambda: second.flags.append("x"), lambda: second.effects.extend(["x"]),
                   lambda: second.holes.insert(0, SQUARE), lambda: second.flags.__iadd__(["x"])):
        with pytest.raises(TypeError):
            change()
    assert NO_ITEMS == [] and second.model_dump()["flags"] == []
    deep = copy.deepcopy(second)
    assert type(deep.flags) is list and deep.flags is not NO_ITEMS
    deep.flags.append("gate")
    assert second.model_copy(deep=True).effects == [] and not NO_ITEMS
    assert second.model_dump_json() == read_back(second).model_dump_json()
    second.flags = ["gate"]  # a new list: the field is set as ever
    assert second.flags == ["gate"] and not NO_ITEMS
