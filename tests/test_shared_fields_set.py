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
    siege = Siege(name="S")
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
