"""A city's structures made without pydantic validating each (``rules.bulk_build``, after
``geometry.ring_checks.certainly_valid``) are the structures validation makes: on a corpus of
good, bad and borderline footprints, holes and fields, whatever the bulk checks pass,
``model_validate`` passes unchanged and gives an equal structure; whatever validation refuses,
the bulk way refuses too, with validation's words (issue 35)."""

from __future__ import annotations

import math

import numpy
import pytest
from shapely.geometry import Polygon

from siegeboard.geometry import ring_checks
from siegeboard.geometry.ring_checks import certainly_valid
from siegeboard.model import bounds
from siegeboard.model.structure import HOLES_MAX, Structure
from siegeboard.model.validation import validate_holes, validate_ring
from siegeboard.rules.build import new_structure_of_area
from siegeboard.rules.bulk_build import BulkStructures

pytestmark = pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")

RULESET, KIND = "harris", "timber_house"
SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
L_SHAPE = [(0.0, 0.0), (12.0, 0.0), (12.0, 5.0), (5.0, 5.0), (5.0, 9.0), (0.0, 9.0)]
HOLE = [(2.0, 2.0), (4.0, 2.0), (4.0, 4.0), (2.0, 4.0)]
SIDE = bounds.SIDE_MIN_M
FAR = bounds.SPAN_M


def _box(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


# (what, ring, holes): every one either valid or refused by the model's validators.
OUTLINES = [
    ("square", SQUARE, []),
    ("L-shape", L_SHAPE, []),
    ("square with a courtyard", SQUARE, [HOLE]),
    ("L-shape with two courtyards", L_SHAPE, [_box(1, 1, 3, 3), _box(7, 1, 9, 3)]),
    ("far from the origin", _box(FAR - 20, FAR - 20, FAR - 10, FAR - 10), []),
    ("a corner at the span", _box(FAR - 10, 0, FAR, 10), []),
    ("a corner past the span", _box(FAR - 10, 0, FAR + 1e-6, 10), []),
    ("NaN", [(0.0, 0.0), (math.nan, 0.0), (10.0, 10.0)], []),
    ("infinity", [(0.0, 0.0), (math.inf, 0.0), (10.0, 10.0)], []),
    ("bow-tie", [(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)], []),
    ("folded flat", [(0.0, 0.0), (5.0, 0.0), (10.0, 0.0)], []),
    ("spike", [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (10.0, 20.0), (10.0, 10.0),
               (0.0, 10.0)], []),
    ("two corners", [(0.0, 0.0), (10.0, 0.0)], []),
    ("repeated corner", [(0.0, 0.0), (10.0, 0.0), (10.0, 0.0), (10.0, 10.0)], []),
    ("closing corner repeated", [*SQUARE, SQUARE[0]], []),
    ("side of 4 cm", [(0.0, 0.0), (0.04, 0.0), (10.0, 10.0), (0.0, 10.0)], []),
    ("side of exactly 5 cm", [(0.0, 0.0), (SIDE, 0.0), (10.0, 10.0), (0.0, 10.0)], []),
    ("side a hair over 5 cm", [(0.0, 0.0), (SIDE + 1e-9, 0.0), (10.0, 10.0), (0.0, 10.0)], []),
    ("side clearly over 5 cm", [(0.0, 0.0), (SIDE + 1e-5, 0.0), (10.0, 10.0), (0.0, 10.0)],
     []),
    ("area 0.2 m2", _box(0, 0, 0.4, 0.5), []),
    ("area exactly 0.25 m2", _box(0, 0, 0.5, 0.5), []),
    ("area 0.3 m2", _box(0, 0, 0.5, 0.6), []),
    ("area 0.6 m2", _box(0, 0, 1.0, 0.6), []),
    ("many corners", [(50 + 40 * math.cos(2 * math.pi * i / 3000),
                       50 + 40 * math.sin(2 * math.pi * i / 3000)) for i in range(3000)], []),
    ("too many corners", [(50 + 400 * math.cos(2 * math.pi * i / 10_001),
                           50 + 400 * math.sin(2 * math.pi * i / 10_001))
                          for i in range(10_001)], []),
    ("courtyard outside", SQUARE, [_box(20, 20, 22, 22)]),
    ("courtyard across the wall", SQUARE, [_box(8, 2, 12, 4)]),
    ("courtyard along the wall", SQUARE, [_box(0, 2, 2, 4)]),
    ("courtyard touching a corner", SQUARE, [[(0.0, 0.0), (2.0, 1.0), (1.0, 2.0)]]),
    ("courtyards overlapping", SQUARE, [_box(2, 2, 5, 5), _box(4, 4, 7, 7)]),
    ("courtyard a bow-tie", SQUARE, [[(2.0, 2.0), (4.0, 4.0), (4.0, 2.0), (2.0, 4.0)]]),
    ("courtyard with a short side", SQUARE, [[(2.0, 2.0), (2.04, 2.0), (4.0, 4.0),
                                             (2.0, 4.0)]]),
    ("courtyard of two corners", SQUARE, [[(2.0, 2.0), (4.0, 4.0)]]),
]

# (what, fields other than the footprint): each valid or refused by the model.
FIELDS = [
    ("plain", {}),
    ("id with a space", {"structure_id": "s 1"}),
    ("empty id", {"structure_id": ""}),
    ("empty name", {"name": ""}),
    ("stories 0", {"stories": 0}),
    ("stories 100", {"stories": 100}),
    ("stories 101", {"stories": 101}),
    ("DP past its bound", {"area_m2": 1e10, "stories": 100}),
    ("long notes", {"gm_notes": "x" * 5000}),
]


def _plain(ring, holes, **given):
    """What validation makes (or None where it refuses)."""
    arguments = {"structure_id": "s2", "area_m2": 100.0, "name": "House", "stories": 2,
                 "gm_notes": "Imported from feature 1."} | given
    try:
        return new_structure_of_area(RULESET, KIND, arguments.pop("structure_id"), ring,
                                     arguments.pop("area_m2"), holes=holes, **arguments)
    except ValueError:
        return None


def _bulk(ring, holes, checked, **given):
    arguments = {"structure_id": "s2", "area_m2": 100.0, "name": "House", "stories": 2,
                 "gm_notes": "Imported from feature 1."} | given
    maker = BulkStructures(RULESET)
    maker.structure(KIND, "s1", SQUARE, 100.0, name="First", stories=1)  # the kind's template
    try:
        return maker.structure(KIND, arguments.pop("structure_id"), ring,
                               arguments.pop("area_m2"), holes=holes,
                               footprint_checked=checked, **arguments)
    except ValueError:
        return None


def _certain(outlines) -> list[bool]:
    polygons = numpy.empty(len(outlines), dtype=object)
    usable = []
    for place, (ring, holes) in enumerate(outlines):
        try:
            polygons[place] = Polygon(ring, holes)
            usable.append(place)
        except ValueError:  # shapely will not make it: the import leaves it to the plain way
            pass
    answer = numpy.zeros(len(outlines), dtype=bool)
    if usable:
        answer[usable] = certainly_valid([outlines[place] for place in usable],
                                         polygons[usable])
    return answer.tolist()


def _validators_pass(ring, holes) -> bool:
    try:
        return validate_ring(list(ring)) == ring and validate_holes(ring, holes) == holes
    except ValueError:
        return False


def test_what_the_ring_checks_pass_the_validators_pass_unchanged():
    certain = _certain([(ring, holes) for _, ring, holes in OUTLINES])
    for (what, ring, holes), sure in zip(OUTLINES, certain, strict=True):
        if sure:
            assert _validators_pass(ring, holes), what
    passed = {what for (what, _, _), sure in zip(OUTLINES, certain, strict=True) if sure}
    # The checks are not empty: the plain footprints pass; the borderline ones do not.
    assert {"square", "L-shape", "square with a courtyard", "L-shape with two courtyards",
            "far from the origin", "a corner at the span", "side clearly over 5 cm",
            "area 0.6 m2", "many corners"} <= passed
    assert not passed & {"side of exactly 5 cm", "side a hair over 5 cm",
                         "area exactly 0.25 m2", "area 0.3 m2", "closing corner repeated"}


def test_checked_many_at_once_as_one_by_one():
    outlines = [(ring, holes) for _, ring, holes in OUTLINES]
    together = _certain(outlines)
    alone = [_certain([outline])[0] for outline in outlines]
    assert together == alone


@pytest.mark.parametrize("what,ring,holes", OUTLINES, ids=[case[0] for case in OUTLINES])
@pytest.mark.parametrize("fields", FIELDS, ids=[case[0] for case in FIELDS])
def test_the_bulk_way_makes_what_validation_makes(what, ring, holes, fields):
    given = fields[1]
    plain = _plain(ring, holes, **given)
    checked = _certain([(ring, holes)])[0]
    bulk = _bulk(ring, holes, checked, **given)
    assert (bulk is None) == (plain is None)
    if plain is not None:
        assert bulk == plain
        assert bulk == Structure.model_validate(plain.model_dump())
        assert bulk.model_dump_json() == plain.model_dump_json()


def test_a_structure_made_at_once_shares_nothing_mutable():
    maker = BulkStructures(RULESET)
    first = maker.structure("gatehouse", "s1", SQUARE, 100.0, name="Gate", stories=1)
    ring = list(L_SHAPE)
    second = maker.structure("gatehouse", "s2", ring, 60.0, name="Gate 2", stories=1,
                             footprint_checked=True)
    third = maker.structure("gatehouse", "s3", ring, 60.0, name="Gate 3", stories=1,
                            footprint_checked=True)
    assert second.footprint is not ring and second.footprint is not third.footprint
    for name in ("flags", "occupants", "effects", "holes"):
        assert getattr(second, name) is not getattr(third, name), name
        assert getattr(second, name) is not getattr(first, name), name
    if second.inner_layer is not None:
        assert second.inner_layer is not third.inner_layer


def test_the_holes_bound_is_the_models():
    assert ring_checks.HOLES_MAX == HOLES_MAX
