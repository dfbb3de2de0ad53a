"""The document model refuses bad values with a message naming the field."""

import math

import pytest
from pydantic import ValidationError

from siegeboard.model import RangeBand, Siege, Structure, Weapon, round_half_up

SQUARE = [(0, 0), (4, 0), (4, 4), (0, 4)]


def test_round_half_up_is_not_bankers_rounding():
    assert round_half_up(22.5) == 23
    assert round_half_up(2.5) == 3
    assert round_half_up(0.5) == 1
    assert round_half_up(1.49) == 1
    assert round_half_up(-2.5) == -3


def test_negative_armor_is_refused_naming_the_field():
    with pytest.raises(ValidationError, match="armor"):
        Structure(id="a", name="A", kind="bunker", footprint=SQUARE, armor=-1)


@pytest.mark.parametrize("ring, message", [
    ([], "empty"),
    ([(0, 0), (1, 1), (2, 2)], "empty"),
    ([(0, 0), (4, 4), (4, 0), (0, 4)], "self-crossing"),
])
def test_bad_footprints_are_refused(ring, message):
    with pytest.raises(ValidationError, match=f"footprint[\\s\\S]*{message}"):
        Structure(id="a", name="A", kind="bunker", footprint=ring, armor=1)


def test_unknown_kind_is_refused_by_the_siege():
    structure = Structure(id="a", name="A", kind="moonbase", footprint=SQUARE, armor=1)
    with pytest.raises(ValidationError, match="kind.*moonbase"):
        Siege(name="S", structures={"a": structure})


def test_range_bands_must_increase():
    with pytest.raises(ValidationError, match="range_bands"):
        Weapon(id="w", name="W", range_bands=[RangeBand(up_to_m=100, penetration=5),
                                               RangeBand(up_to_m=50, penetration=3)])


def test_newer_schema_is_refused():
    with pytest.raises(ValidationError, match="newer siegeboard"):
        Siege(name="S", schema_version=99)


def test_a_wall_polyline_has_at_most_10000_points_within_100_km():
    from siegeboard.model.validation import validate_polyline

    validate_polyline([(float(n), 0.0) for n in range(10_000)])
    with pytest.raises(ValueError, match="10,001 points; a wall has at most 10,000"):
        validate_polyline([(float(n), 0.0) for n in range(10_001)])
    with pytest.raises(ValueError, match="a siege spans at most 100 km"):
        validate_polyline([(0.0, 0.0), (100_001.0, 0.0)])
    with pytest.raises(ValueError, match="not a finite number"):
        validate_polyline([(0.0, 0.0), (math.inf, 0.0)])


@pytest.mark.parametrize("ring, message", [
    ([(0, 0), (0.4, 0), (0.4, 0.4), (0, 0.4)], "at least 0.25 m2"),
    ([(0, 0), (10, 0), (10, 8), (0.01, 8), (0, 8)], "no side may be shorter than 5 cm"),
    ([(0, 0), (200_000, 0), (200_000, 8), (0, 8)], "a siege spans at most 100 km"),
    ([(0, 0), (2e9, 0), (2e9, 8), (0, 8)], "more than 1,000,000 km from the origin"),
])
def test_footprints_under_or_over_the_bounds_of_r4_are_refused(ring, message):
    with pytest.raises(ValidationError, match=message):
        Structure(id="a", name="A", kind="bunker", footprint=ring, armor=1)


def test_the_self_crossing_check_is_not_quadratic(monkeypatch):
    """4,000 corners: shapely's validity test once, not a Python loop over pairs of edges."""
    from siegeboard.model import validation

    calls = []
    real = validation.shapely.is_valid
    monkeypatch.setattr(validation.shapely, "is_valid",
                        lambda geometry: calls.append(1) or real(geometry))
    star = [(50 * (1 + 0.3 * (n % 2)) * math.cos(2 * math.pi * n / 4000),
             50 * (1 + 0.3 * (n % 2)) * math.sin(2 * math.pi * n / 4000)) for n in range(4000)]
    Structure(id="a", name="A", kind="bunker", footprint=star, armor=1)
    assert calls == [1]
    assert not hasattr(validation, "_segments_meet"), "the quadratic check is gone"
