"""The odds benchmarks, small: ``pytest -m bench`` (skipped by a plain ``pytest``).

Checks that ``odds_bench`` runs end to end and that the odds it times are the real thing:
every structure the engine's shot touches is in the odds, with the concussion it took.
Timings are not asserted here (shared machines are noisy): ``odds_bench.py`` reports them.
"""

from __future__ import annotations

import pytest

from siegeboard.geometry import StructureIndex
from siegeboard.model.actions import FireAt
from siegeboard.rules import engine, odds
from siegeboard.rules.dice import RandomDice
from tests.bench import odds_bench
from tests.bench.town import add_bench_weapon, build_town, town_centre

pytestmark = pytest.mark.bench


def test_the_odds_cover_every_structure_the_engines_shot_touches():
    siege = build_town(2000)
    index = StructureIndex.for_structures(siege.structures)
    weapon_id = add_bench_weapon(siege)
    point = town_centre(2000)
    shot = odds.shot_odds(siege, odds.ShotSpec(weapon=siege.weapons[weapon_id], point=point,
                                               range_m=100.0), index=index)
    outcome = engine.apply(siege, FireAt(weapon_id=weapon_id, at=point, range_m=100.0),
                           RandomDice(1), index=index)
    touched = {event.structure_id for event in outcome.events if event.structure_id}
    assert touched <= {s.id for s in shot.structures}
    for event in outcome.events:
        if event.kind == "concussion":
            assert shot.of(event.structure_id).concussion == event.detail["concussion"]


def test_the_odds_benchmark_runs():
    figures = odds_bench.bench(1000, runs=3)
    assert figures["structures_in_odds"] >= 20 and figures["odds_shot_ms"] > 0
    assert "hits" in figures["rounds_line"] or "hit" in figures["rounds_line"]
