"""A city's new structures made without pydantic validating each one: the structure
``build.new_structure_of_area`` makes, built with ``Structure.model_construct`` once every
check its validation would make is known to pass.

What a structure of an import is made of, and who checks it:

- the catalogue's part (armor, hull, material, burns, flags, the inner layer, notes, side)
  is the same for every structure of a kind: the first structure of each kind is made by
  ``new_structure_of_area``, validated whole, and the others are copies of it
  (``model_copy(update=...)``, each with its own lists and layer), given their own fields;
- the footprint and its holes (R4) must be certainly valid, as
  ``geometry.ring_checks.certainly_valid`` decides for a whole city at once (the caller's
  word: ``footprint_checked``);
- the rest (id, name, kind, stories, DP, notes) is validated by a model made of the very
  fields of ``Structure`` (``Structure.model_fields``: the same constraints and bounds, R3),
  and DP within its original as the structure's own rule says.

Anything that fails is made by ``new_structure_of_area`` after all, which raises where
validation refuses. The structures made are equal (``==``) to validation's; pydantic's
record of the fields given (``model_fields_set``, which only ``exclude_unset`` reads, and
siegeboard never does) names the fields each was given here, the smaller set: a city's
100,000 sets of 19 names would take 50 MB more than sets of 13.

``tests/equivalence/test_bulk_structures.py`` checks on good and bad inputs that this makes
the structure validation makes, or leaves it to validation.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, create_model

from siegeboard.geometry.footprint import squares_of_area
from siegeboard.model.fields import fields_of
from siegeboard.model.structure import Structure
from siegeboard.rules import harris
from siegeboard.rules.build import new_structure_of_area

_CHECKED = ("id", "name", "kind", "stories", "dp", "dp_original", "gm_notes")
_FIELDS = fields_of(Structure)
_Checked: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "CheckedFieldsOfAStructure", **{name: (_FIELDS[name].annotation, _FIELDS[name])
                                    for name in _CHECKED})


class BulkStructures:
    """``new_structure_of_area`` for the structures of one ruleset, one after another."""

    def __init__(self, ruleset: str):
        self.ruleset = ruleset
        # Each kind's first structure, validated whole, with no field set: what the kind's
        # other structures are copied from.
        self._templates: dict[str, Structure] = {}

    def structure(self, kind: str, structure_id: str,
                  footprint: Sequence[tuple[float, float]], area_m2: float, *, name: str,
                  stories: int, holes: Sequence[Sequence[tuple[float, float]]] = (),
                  gm_notes: str = "", footprint_checked: bool = False) -> Structure:
        """What ``new_structure_of_area(ruleset, kind, structure_id, footprint, area_m2,
        name=name, stories=stories, holes=holes, gm_notes=gm_notes)`` returns (and raises).
        ``footprint_checked``: the caller knows the footprint and its holes are certainly
        valid (``ring_checks.certainly_valid``); without it the structure is validated."""
        template = self._templates.get(kind)
        if template is None or not footprint_checked or not name or not stories:
            made = new_structure_of_area(self.ruleset, kind, structure_id, footprint, area_m2,
                                         name=name, stories=stories, holes=holes,
                                         gm_notes=gm_notes)
            if template is None:
                self._templates[kind] = Structure.model_construct(
                    set(), **{field: getattr(made, field) for field in _FIELDS})
            return made
        try:
            dp = harris.defensive_points(template.armor, squares_of_area(area_m2), stories)
            fields = {"id": structure_id, "name": name, "kind": kind, "stories": stories,
                      "dp": dp, "dp_original": dp, "gm_notes": gm_notes}
            _Checked.model_validate(fields)
        except ValueError:  # pydantic's ValidationError is one
            return self.structure(kind, structure_id, footprint, area_m2, name=name,
                                  stories=stories, holes=holes, gm_notes=gm_notes)
        inner = template.inner_layer
        # A copy of the template (the catalogue's part, validated) given its own of every
        # other field: no list or model is shared with another structure.
        fields.update(footprint=list(footprint), holes=[list(hole) for hole in holes],
                      flags=list(template.flags), occupants=[], effects=[],
                      inner_layer=None if inner is None else inner.model_copy())
        return template.model_copy(update=fields)
