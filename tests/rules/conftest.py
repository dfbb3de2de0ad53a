"""Fixtures for the rules tests: a small DP-ruleset siege built from the catalogue.

Layout (metres, 10 m squares A1 at the origin; x east, y south):
  A1  bunker  4 x 6 m   = 6 cells,  AV 50, 1 story   ->  300 DP; Able, Baker inside
  C1  farm    6 x 6 m   = 9 cells,  AV 3,  1 story   ->   27 DP; Ann, Bob, Cy, Dee inside
  D1  timber  6 x 6 m   = 9 cells,  AV 2,  2 stories ->   36 DP; wooden; 4 m from farm
  E1  town    8 x 10 m  = 20 cells, AV 5,  2 stories ->  200 DP; 2 m from timber
  A4-C4 wall  30 x 2 m  = 15 cells, AV 45, 3 stories -> 2025 DP
  I9  shed    2 x 2 m   = 1 cell,   AV 1             ->    1 DP; far from everything
"""

from __future__ import annotations

import pytest

from siegeboard.model import Battery, RangeBand, Siege, Weapon
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import catalogue


def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


TEST_WEAPONS = [
    # The bunker example's artillery round, as a plain final penetration of 45.
    Weapon(id="gun45", name="Gun 45", damage=10,
           range_bands=[RangeBand(up_to_m=1000, penetration=45)]),
    Weapon(id="mortar", name="Mortar", explosive=True, concussion=40, damage=12,
           range_bands=[RangeBand(up_to_m=2000, penetration=10)]),
    Weapon(id="grenade", name="Grenade", explosive=True, concussion=4, damage=5,
           range_bands=[RangeBand(up_to_m=40, penetration=3)]),
    Weapon(id="firebomb", name="Firebomb", incendiary=True, damage=1,
           range_bands=[RangeBand(up_to_m=100, penetration=5)]),
]


def build_harris_siege() -> Siege:
    structures = [
        new_structure("harris", "bunker", "bunker", rect(2, 2, 6, 8), occupants=["Able", "Baker"]),
        new_structure("harris", "brick_farmhouse", "farm", rect(22, 2, 28, 8),
                      occupants=["Ann", "Bob", "Cy", "Dee"]),
        new_structure("harris", "timber_house", "timber", rect(32, 2, 38, 8)),
        new_structure("harris", "townhouse", "town", rect(40, 0, 48, 10)),
        new_structure("harris", "curtain_wall", "wall", rect(0, 30, 30, 32)),
        new_structure("harris", "wooden_shed", "shed", rect(82, 82, 84, 84)),
    ]
    weapons = list(catalogue("harris").weapons) + TEST_WEAPONS
    return Siege(
        name="Test siege", ruleset="harris",
        structures={s.id: s for s in structures},
        weapons={w.id: w for w in weapons},
        batteries={"battery": Battery(id="battery", name="Battery", position=(25.0, 405.0),
                                      weapon_id="tank_gun")},
    )


@pytest.fixture
def harris_siege() -> Siege:
    return build_harris_siege()


@pytest.fixture
def harris_siege_factory():
    """Builds a fresh test siege on each call (for hypothesis tests, which run many examples
    under one fixture)."""
    return build_harris_siege
