"""Rounds to fall and the bombardment (rules.odds) against the engine and by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from armory_fixtures import armory_siege, centre

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.rules import engine, odds
from siegeboard.rules.chances import ShotSpec
from siegeboard.rules.dice import RandomDice


def _engine_hits(siege, action, target, trials, seed, interval=12, cap=60):
    """Hits until ``target`` collapses, shot after shot with ``interval`` turns between."""
    index = StructureIndex.for_structures(siege.structures)
    dice = RandomDice(seed)
    hits = []
    for _ in range(trials):
        game = siege.model_copy(deep=True)
        for k in range(1, cap + 1):
            engine.apply_in_place(game, action, dice, index=index)
            if interval:
                engine.apply_in_place(game, AdvanceClock(turns=interval), dice, index=index)
            if game.structures[target].collapsed:
                hits.append(k)
                break
    return hits


@pytest.mark.parametrize("weapon_id,target", [("incendiary_shell", "town"),
                                               ("he_shell", "town")])
def test_the_model_agrees_with_the_engine_played_shot_after_shot(weapon_id, target,
                                                                 harris_siege_factory):
    # Incendiary shells at the townhouse (200 DP): 22..32 a hit, so 4 to 5 hits without
    # fire; a fire (2 in 6 a hit) at level 17..27 is out of control at once and burns its
    # level each minute: fewer. The model and the engine must give the same distribution.
    siege = harris_siege_factory()
    index = StructureIndex.for_structures(siege.structures)
    point = tuple(index.polygon(target).representative_point().coords[0])
    spec = ShotSpec(weapon=siege.weapons[weapon_id], point=point, range_m=300.0)
    rounds = odds.rounds_to_fall(siege, spec, trials=20_000, seed=3, index=index)
    trials = 400
    hits = _engine_hits(siege, FireAt(weapon_id=weapon_id, at=point, range_m=300.0), target,
                        trials, seed=11)
    assert len(hits) == trials
    for k in set(hits) | set(rounds.falls):
        observed = hits.count(k) / trials
        p = rounds.falls.get(k, 0.0)
        error = math.sqrt(max(p * (1 - p), 1 / trials) / trials + rounds.error ** 2)
        assert abs(observed - p) <= 4.5 * error, (k, observed, p)
    engine_median = sorted(hits)[trials // 2]
    assert abs(engine_median - rounds.median) <= 1
    model_mean = sum(k * p for k, p in rounds.falls.items())
    spread = math.sqrt(sum((k - model_mean) ** 2 * p for k, p in rounds.falls.items()))
    assert abs(sum(hits) / trials - model_mean) <= 4.5 * spread / math.sqrt(trials) + 0.02


def test_without_fire_the_wall_falls_to_the_ninth_tank_round(harris_siege_factory):
    # Tank gun at the curtain wall (AV 45, 2,025 DP): 110 + 2D6 = 112..122 > 45, so each hit
    # takes 112..122; it collapses at 1,012 DP or less: 1,013 to take. 8 hits take at most
    # 976; 9 take 1,008..1,098, short only when nine 2D6 add up to 22 or less (18 at
    # least): under 1 in 10,000. So 9 hits, else 10.
    siege = harris_siege_factory()
    index = StructureIndex.for_structures(siege.structures)
    point = tuple(index.polygon("wall").representative_point().coords[0])
    spec = ShotSpec(weapon=siege.weapons["tank_gun"], point=point, range_m=300.0)
    rounds = odds.rounds_to_fall(siege, spec, index=index)
    assert set(rounds.falls) <= {9, 10}
    assert rounds.falls.get(9, 0) > 0.99
    assert rounds.median == 9
    assert "about 9 hits" in rounds.line()
    siege.structures["wall"].collapsed = True
    down = odds.rounds_to_fall(siege, spec, index=index)
    assert down.falls == {0: 1.0} and down.line() == "Curtain wall is down already"


def test_hull_rounds_are_exact_and_count_the_fire_between_hits():
    # A mortar (Hull 5, explosive) at a siege tower (Armor 2, Hull 12, burns): 3 Hull a hit,
    # Breached by the 4th hit. Each hit lights it on a 6 (1 in 6); alight, a minute of the
    # clock burns 12 Hull: Breached before the next hit. So k hits (k = 1..3) when the
    # first 6 is the k-th die: (5/6)^(k-1) x 1/6; 4 hits otherwise: (5/6)^3.
    siege = armory_siege(("siege_tower", "tower"))
    spec = ShotSpec(weapon=siege.weapons["mortar"], point=centre(0))
    rounds = odds.rounds_to_fall(siege, spec)
    expected = {1: 1 / 6, 2: 5 / 36, 3: 25 / 216, 4: 125 / 216}
    assert rounds.exact
    assert rounds.falls == pytest.approx(expected, abs=1e-12)
    # With no time between hits the fire has no time to burn: 4 hits always.
    assert odds.rounds_to_fall(siege, spec, interval_turns=0).falls == {4: 1.0}


def test_a_bombardment_says_what_is_left_of_each_wall(harris_siege_factory):
    # Two tank batteries, 3 hits each at the curtain wall: 6 x 112..122 = 672..732 taken,
    # the wall stands; the HE battery's blast reaches the farm and the bunker too.
    siege = harris_siege_factory()
    index = StructureIndex.for_structures(siege.structures)
    wall = tuple(index.polygon("wall").representative_point().coords[0])
    tank = ShotSpec(weapon=siege.weapons["tank_gun"], point=wall, range_m=300.0)
    result = odds.bombardment(siege, [(tank, None), (tank, None)], hits=3, index=index)
    left = result["wall"]["dp_after"]
    assert min(left) >= 2025 - 732 and max(left) <= 2025 - 672
    assert result["wall"]["p_collapse"] == 0
    assert abs(sum(left.values()) - 1) < 1e-9
    armory = armory_siege(("stone_curtain_wall", "w1"), ("stone_curtain_wall", "w2"))
    cannon = ShotSpec(weapon=armory.weapons["cannon"], point=centre(0), successes=2)
    # Cannon at a curtain wall: 6 + 2 - (4 - 2 - 1) = 7 a hit; 3 hits: 20 of 20, Breached.
    result = odds.bombardment(armory, [(cannon, "w1")], hits=3)
    assert result["w1"]["p_breached"] == 1.0 and result["w1"]["hull_suffered_after"] == {20: 1.0}
    assert Fraction(result["w1"]["p_cracked"]) == 1


def test_the_models_clock_grows_burns_and_spreads_fire_as_the_engine_does(harris_siege_factory):
    # The timber house (wooden, 36 DP) burns out of control at level 5; the townhouse stands
    # 2 m from it, the farm 4 m. Two minutes of the clock: the wooden fire grows +1 a turn,
    # 17 at the first minute's end, burns 17 (36 -> 19), rolls 1D6 for each neighbour (a 1
    # lights it); 29 at the second, burns the last 19 (DP 0: collapsed, cleared), spreads
    # again, and starts burning out (-1 a turn). The engine's and the model's states must
    # have the same distribution.
    import numpy

    from siegeboard.rules.harris.rounds import Model

    siege = harris_siege_factory()
    timber = siege.structures["timber"]
    timber.fire_level, timber.out_of_control = 5, True
    index = StructureIndex.for_structures(siege.structures)
    ids = ["timber", "town", "farm"]
    trials = 20_000
    model = Model(siege, ids, trials, numpy.random.default_rng(5), index)
    model.advance(24)
    assert (model.dp[0] == 0).all() and model.cleared[0].all() and (model.level[0] == 28).all()
    runs = 1500
    dice = RandomDice(9)
    seen = {"town": 0, "farm": 0, "town_level": {}}
    for _ in range(runs):
        outcome = engine.apply(siege, AdvanceClock(turns=24), dice, index=index)
        after = {key: later for key, (_before, later) in outcome.structures.items()}
        assert (after["timber"].dp, after["timber"].fire_level) == (0, 28)
        for key in ("town", "farm"):
            seen[key] += after.get(key, siege.structures[key]).fire_level > 0
        level = after.get("town", siege.structures["town"]).fire_level
        seen["town_level"][level] = seen["town_level"].get(level, 0) + 1
    for key, column in (("town", 1), ("farm", 2)):
        p = float((model.level[column] > 0).mean())
        # Two spread rolls, one a minute: 1 - (5/6)^2 = 11 in 36.
        assert abs(p - 11 / 36) < 0.015
        error = math.sqrt(p * (1 - p) / runs)
        assert abs(seen[key] / runs - p) <= 4.5 * error, (key, seen[key] / runs, p)
    # A townhouse lit at the first minute grows to level 2 by the second; at the second: 1.
    for level in (1, 2):
        p = float((model.level[1] == level).mean())
        error = math.sqrt(p * (1 - p) / runs)
        assert abs(seen["town_level"].get(level, 0) / runs - p) <= 4.5 * error, level


def test_hull_rounds_agree_with_the_engine_played_shot_after_shot():
    # The Hull ruleset's exact rounds (a mortar at a siege tower, a minute of the clock
    # between hits) against the engine playing the same hits and minutes, trial by trial.
    from siegeboard.rules.armory.odds import _breached

    siege = armory_siege(("siege_tower", "tower"))
    spec = ShotSpec(weapon=siege.weapons["mortar"], point=centre(0))
    rounds = odds.rounds_to_fall(siege, spec)
    trials, dice = 240, RandomDice(5)
    index = StructureIndex.for_structures(siege.structures)
    hits = []
    for _ in range(trials):
        game = siege.model_copy(deep=True)
        for k in range(1, 20):
            engine.apply_in_place(game, FireAt(weapon_id="mortar", at=centre(0)), dice,
                                  index=index)
            engine.apply_in_place(game, AdvanceClock(turns=12), dice, index=index)
            if _breached(game.structures["tower"]):
                hits.append(k)
                break
    assert len(hits) == trials
    assert set(hits) <= set(rounds.falls)
    for k, p in rounds.falls.items():
        error = math.sqrt(p * (1 - p) / trials)
        assert abs(hits.count(k) / trials - p) <= 4.5 * error + 1e-9, (k, p)
