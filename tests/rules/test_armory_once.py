"""The Hull ruleset's rules written once: the pool's faces and the burning's Hull are the
same functions for the engine and for the odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from armory_fixtures import armory_siege

from siegeboard.rules.armory.odds import pool_outcomes
from siegeboard.rules.armory.shot import burn_loss, pool_figures


@pytest.mark.parametrize("pool,least", [(0, 5), (1, 5), (3, 5), (4, 4), (3, 6)])
def test_the_odds_count_the_pool_as_the_engine_reads_it(pool, least):
    seen: dict[tuple[int, int], Fraction] = {}
    for faces in product(range(1, 7), repeat=pool):
        key = pool_figures(list(faces), least)
        seen[key] = seen.get(key, Fraction(0)) + Fraction(1, 6 ** pool)
    expected = {key: p for key, p in pool_outcomes(pool, least).items() if p}
    assert seen == expected


def test_burning_stops_at_the_hull_and_one_short_on_earth():
    siege = armory_siege(("earth_rampart", "E"), ("wooden_palisade", "P"),
                         ("stone_curtain_wall", "S"))
    assert siege.structures["E"].has_flag("dig_only")
    for structure in siege.structures.values():
        left = structure.hull - structure.hull_suffered
        short = 1 if structure.has_flag("dig_only") else 0
        assert burn_loss(structure, 10 ** 6) == max(0, left - short)
        assert burn_loss(structure, 0) == 0
