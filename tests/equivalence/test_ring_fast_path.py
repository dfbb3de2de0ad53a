"""The footprint check's shortcut for plainly fine rings decides as the checks one by one
do: it only accepts, only what they accept, and gives what they give."""

from __future__ import annotations

import math
import random

import pytest

from siegeboard.model import validation
from siegeboard.model.validation import _plainly_fine


def _exact(ring, monkeypatch):
    """What the checks one by one say of ``ring``: the ring they give, or their refusal."""
    with monkeypatch.context() as patched:
        patched.setattr(validation, "_plainly_fine", lambda ring: None)
        try:
            return validation.validate_ring(ring)
        except ValueError as error:
            return str(error)


def _random_rings(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        corners = rng.choice((3, 4, 4, 5, 6, 8, 12))
        shape = rng.random()
        if shape < 0.4:  # convex: corners on a circle in order
            angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(corners))
            ring = [(math.cos(a) * 10, math.sin(a) * 7) for a in angles]
        elif shape < 0.7:  # anything: bow-ties, stars, folds
            ring = [(rng.uniform(-5, 5), rng.uniform(-5, 5)) for _ in range(corners)]
        else:  # stars winding more than once, and near-flat slivers
            step = rng.choice((2, 3))
            ring = [(math.cos(2 * math.pi * step * k / corners), math.sin(2 * math.pi * step * k /
                     corners)) for k in range(corners)]
            if rng.random() < 0.5:
                ring = [(x * 1e4, y * 1e-7) for x, y in ring]
        ring = [(x + 5e4, y - 5e4) for x, y in ring]  # far from the origin: rounding shows
        if rng.random() < 0.5:
            ring.reverse()
        yield ring


def test_the_shortcut_only_accepts_what_the_checks_accept(monkeypatch):
    accepted = 0
    for ring in _random_rings(4000, seed=7):
        plain = _plainly_fine(ring)
        if plain is not None:
            accepted += 1
            assert plain == _exact(ring, monkeypatch), ring
    assert accepted > 1000  # the shortcut does take the common case


@pytest.mark.parametrize("ring", [
    [(0, 0), (2, 0), (1, 1e-9), (1, 1)],                   # a corner turning by a hair
    [(0, 0), (1, 0), (2, 0), (1, 1)],                      # three corners on a line
    [(0, 0), (1, 1), (1, 0), (0, 1)],                      # a bow-tie
    [(math.cos(4 * math.pi * k / 5), math.sin(4 * math.pi * k / 5)) for k in range(5)],  # star
    [(0, 0), (2, 0), (2, 2), (1, 1), (0, 2)],              # concave
    [(0, 0), (0.05, 0), (0.05, 10), (0, 10)],               # a side of exactly 5 cm
    [(0, 0), (0.5, 0), (0.5, 0.5), (0, 0.5)],               # an area of exactly 0.25 m2
    [(0, 0), (math.nan, 0), (1, 1)],                       # not a number
    [(0, 0), (2e5, 0), (1, 1)],                            # beyond 100 km
    [(0, 0), (1, 0), (0, 0)],                              # closed on two corners
])
def test_the_shortcut_leaves_the_doubtful_to_the_checks(ring):
    assert _plainly_fine(ring) is None


def test_validate_ring_says_the_same_with_and_without_the_shortcut(monkeypatch):
    rings = list(_random_rings(1500, seed=11))

    def verdicts():
        out = []
        for ring in rings:
            try:
                out.append(validation.validate_ring(ring))
            except ValueError as error:
                out.append(str(error))
        return out

    fast = verdicts()
    monkeypatch.setattr(validation, "_plainly_fine", lambda ring: None)
    assert verdicts() == fast


def test_a_rectangle_along_the_axes_is_decided_as_the_convex_loop_decides(monkeypatch):
    """The rectangle's shortcut (``_clear_rectangle``: the grid's usual house, no loop) says
    what the convex loop says, at every size down to below the bounds, either way round and
    from any corner; and the ring it accepts is the one the checks one by one give."""
    rng = random.Random(5)
    taken = 0
    for _ in range(3000):
        x, y = rng.uniform(-500, 500), rng.uniform(-500, 500)
        width = rng.choice((rng.uniform(0, 0.2), rng.uniform(0.04, 0.06), rng.uniform(0.2, 40)))
        height = rng.choice((rng.uniform(0, 0.2), 0.25 / max(width, 1e-3), rng.uniform(0.2, 40)))
        ring = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
        if rng.random() < 0.5:
            ring.reverse()
        start = rng.randrange(4)
        ring = ring[start:] + ring[:start]
        points = [(float(px), float(py)) for px, py in ring]
        assert validation._clear_rectangle(points) == validation._clearly_convex(points), ring
        if rng.random() < 0.5:
            ring.append(ring[0])
        plain = _plainly_fine(ring)
        if plain is not None:
            taken += 1
            assert plain == _exact(ring, monkeypatch), ring
    assert taken > 500


@pytest.mark.parametrize("ring", [
    [(0, 0), (2, 0), (2, 1), (0, 1.5)],   # four corners, one side not along an axis
    [(0, 0), (2, 0), (0, 1), (2, 1)],     # a bow-tie on a rectangle's corners
    [(0, 0), (2, 0), (2, 0), (0, 1)],     # a repeated corner
])
def test_the_rectangle_shortcut_takes_only_rectangles(ring):
    assert not validation._clear_rectangle([(float(x), float(y)) for x, y in ring])
