"""StructureIndex.neighbours_within: the same answers as one query and one distance per id,
and ``excluding`` only removes the excluded ids from them."""

import numpy
from hypothesis import given, settings
from hypothesis import strategies as st

from siegeboard.geometry import StructureIndex

# Up to 12 rectangles on a 60 m square: close enough that most have neighbours within 10 m.
_rectangles = st.lists(
    st.tuples(st.integers(0, 50), st.integers(0, 50), st.integers(1, 12), st.integers(1, 12)),
    min_size=1, max_size=12)


def _index(rectangles) -> StructureIndex:
    return StructureIndex({f"s{n:02d}": [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
                           for n, (x, y, w, h) in enumerate(rectangles)})


@settings(max_examples=60, deadline=None)
@given(_rectangles, st.data())
def test_neighbours_within_is_each_query_without_the_excluded(rectangles, data):
    index = _index(rectangles)
    sources = data.draw(st.lists(st.sampled_from(index.ids), unique=True))
    excluding = data.draw(st.sets(st.sampled_from(index.ids)))
    found = index.neighbours_within(sources, 10.0, excluding=excluding)
    assert list(found) == sources
    for key in sources:
        polygon = index.polygon(key)
        expected = sorted((other, polygon.distance(index.polygon(other)))
                          for other in index.within_distance(polygon, 10.0)
                          if other not in excluding)
        assert found[key] == expected


def test_excluding_a_source_removes_it_from_its_own_neighbours():
    index = _index([(0, 0, 4, 4), (10, 0, 4, 4), (40, 0, 4, 4)])
    assert index.neighbours_within(["s00"], 10.0) == {"s00": [("s00", 0.0), ("s01", 6.0)]}
    assert index.neighbours_within(["s00"], 10.0, excluding=["s00"]) == {"s00": [("s01", 6.0)]}
    assert index.neighbours_within(["s00", "s02"], 10.0, excluding={"s00", "s01"}) == {
        "s00": [], "s02": [("s02", 0.0)]}


def test_excluding_an_id_the_index_does_not_hold_changes_nothing():
    index = _index([(0, 0, 4, 4), (10, 0, 4, 4)])
    assert index.neighbours_within(["s00"], 10.0, excluding=["elsewhere"]) == {
        "s00": [("s00", 0.0), ("s01", 6.0)]}


# Rectangles, triangles and rotated squares, some with fractional corners: the pairs the
# boxes decide (two rectangles) and the pairs measured (any other shape) side by side, with
# gaps of exactly 10 m among the whole-metre rectangles.
_shapes = st.lists(
    st.tuples(st.sampled_from(["rectangle", "triangle", "diamond"]),
              st.integers(0, 40), st.integers(0, 40), st.integers(1, 12), st.integers(1, 12),
              st.sampled_from([0.0, 0.25, 1 / 3])),
    min_size=1, max_size=14)


def _shape(kind, x, y, w, h, offset):
    x, y = x + offset, y + offset
    if kind == "rectangle":
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    if kind == "triangle":
        return [(x, y), (x + w, y), (x, y + h)]
    return [(x + w / 2, y), (x + w, y + h / 2), (x + w / 2, y + h), (x, y + h / 2)]


@settings(max_examples=80, deadline=None)
@given(_shapes, st.data())
def test_pairs_within_are_the_measured_pairs_of_each_query(shapes, data):
    index = StructureIndex({f"s{n:02d}": _shape(*shape) for n, shape in enumerate(shapes)})
    sources = data.draw(st.lists(st.sampled_from(index.ids)))  # an id may come twice
    wanted = numpy.asarray(data.draw(st.lists(st.booleans(), min_size=len(index.ids),
                                              max_size=len(index.ids))), dtype=bool)
    pairs = index.pairs_within(sources, 10.0, wanted=wanted)
    distances = pairs.distances()
    assert len(pairs.starts) == len(sources) + 1 and pairs.starts[-1] == len(pairs)
    for number, key in enumerate(sources):
        polygon = index.polygon(key)
        # "Within 10 m" is a measured distance of at most 10 m. GEOS's own dwithin may call
        # a gap of exactly 10 m with fractional corners either way (shapely 2.0.0's does), so
        # the reference takes the tree's candidates a hair wider and measures each.
        expected = sorted((other, distance) for other in index.within_distance(polygon, 10.0 + 1e-9)
                          if wanted[index.ids.index(other)]
                          and (distance := polygon.distance(index.polygon(other))) <= 10.0)
        start, end = pairs.starts[number], pairs.starts[number + 1]
        found = [(index.ids[position], distance) for position, distance
                 in zip(pairs.targets[start:end].tolist(), distances[start:end], strict=True)]
        assert found == expected


def test_only_axis_aligned_rectangles_are_decided_by_their_boxes():
    index = StructureIndex({"box": [(0, 0), (4, 0), (4, 2), (0, 2)],
                            "box_with_a_corner_on_a_side": [(0, 0), (2, 0), (4, 0), (4, 2), (0, 2)],
                            "triangle": [(0, 0), (4, 0), (0, 2)],
                            "diamond": [(2, 0), (4, 1), (2, 2), (0, 1)]})
    assert index._rectangles().tolist() == [True, False, False, False]


def test_a_triangle_beyond_its_box_distance_is_measured():
    # The triangle's box comes within 9.9 m of the square, its hypotenuse only 18.4 m.
    index = StructureIndex({"square": [(0, 0), (1, 0), (1, 1), (0, 1)],
                            "triangle": [(20, 8), (20, 20), (8, 20)]})
    pairs = index.pairs_within(["square"], 10.0)
    assert index.ids[pairs.targets.tolist()[0]] == "square" and len(pairs) == 1
    assert [key for key, _ in index.neighbours_within(["square"], 19.0)["square"]] == [
        "square", "triangle"]
