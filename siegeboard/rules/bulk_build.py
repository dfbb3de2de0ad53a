"""A city's new structures made without pydantic validating each one: the structure
``build.new_structure_of_area`` makes, built with ``Structure.model_construct`` once every
check its validation would make is known to pass.

What a structure of an import is made of, and who checks it:

- the catalogue's part (armor, hull, material, burns, flags, the inner layer, notes, side)
  is the same for every structure of a kind: the first structure of each kind is made by
  ``new_structure_of_area``, validated whole, and lends that part to the others (copies);
- the footprint and its holes (R4) must be certainly valid, as
  ``geometry.ring_checks.certainly_valid`` decides for a whole city at once (the caller's
  word: ``footprint_checked``);
- the rest (id, name, kind, stories, DP, notes) is validated by a model made of the very
  fields of ``Structure`` (``Structure.model_fields``: the same constraints and bounds, R3),
  and DP within its original as the structure's own rule says.

Anything that fails is made by ``new_structure_of_area`` after all, which raises where
validation refuses. ``tests/equivalence/test_bulk_structures.py`` checks on good and bad
inputs that this makes exactly the structure validation makes, or leaves it to validation.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ValidationError, create_model

from siegeboard.geometry.footprint import squares_of_area
from siegeboard.model.structure import Structure
from siegeboard.rules import harris
from siegeboard.rules.build import new_structure_of_area

_CHECKED = ("id", "name", "kind", "stories", "dp", "dp_original", "gm_notes")
_FIELDS = Structure.model_fields
_Checked: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "CheckedFieldsOfAStructure", **{name: (_FIELDS[name].annotation, _FIELDS[name])
                                    for name in _CHECKED})
# What a kind's first structure lends the others: the catalogue's part.
_LENT = ("armor", "hull", "material", "burns", "notes", "side")
# The fields ``new_structure_of_area`` names: a validated structure's fields set. A set made
# of a tuple is half the size of one copied from a set (its table is not copied whole).
_NAMED = (*_CHECKED, *_LENT, "footprint", "holes", "flags", "inner_layer")


class BulkStructures:
    """``new_structure_of_area`` for the structures of one ruleset, one after another."""

    def __init__(self, ruleset: str):
        self.ruleset = ruleset
        self._first: dict[str, Structure] = {}

    def structure(self, kind: str, structure_id: str,
                  footprint: Sequence[tuple[float, float]], area_m2: float, *, name: str,
                  stories: int, holes: Sequence[Sequence[tuple[float, float]]] = (),
                  gm_notes: str = "", footprint_checked: bool = False) -> Structure:
        """What ``new_structure_of_area(ruleset, kind, structure_id, footprint, area_m2,
        name=name, stories=stories, holes=holes, gm_notes=gm_notes)`` returns (and raises).
        ``footprint_checked``: the caller knows the footprint and its holes are certainly
        valid (``ring_checks.certainly_valid``); without it the structure is validated."""
        first = self._first.get(kind)
        if first is None or not footprint_checked or not name:
            made = new_structure_of_area(self.ruleset, kind, structure_id, footprint, area_m2,
                                         name=name, stories=stories, holes=holes,
                                         gm_notes=gm_notes)
            self._first.setdefault(kind, made)
            return made
        dp = harris.defensive_points(first.armor, squares_of_area(area_m2), stories)
        fields = {"id": structure_id, "name": name, "kind": kind, "stories": stories,
                  "dp": dp, "dp_original": dp, "gm_notes": gm_notes}
        try:
            _Checked.model_validate(fields)
        except ValidationError:
            return self.structure(kind, structure_id, footprint, area_m2, name=name,
                                  stories=stories, holes=holes, gm_notes=gm_notes)
        inner = first.inner_layer
        # Every field with a default factory is given (pydantic would otherwise inspect each
        # factory's signature, for each structure).
        return Structure.model_construct(
            set(_NAMED), **fields, footprint=list(footprint),
            holes=[list(hole) for hole in holes], flags=list(first.flags),
            inner_layer=None if inner is None else inner.model_copy(), occupants=[],
            effects=[], **{field: getattr(first, field) for field in _LENT})
