"""StructureIndex.neighbours_within: the same answers as one query and one distance per id,
and ``excluding`` only removes the excluded ids from them."""

from hypothesis import given, settings, strategies as st

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
