"""H4's small arm, decided in one place (``harris.is_small_arm``): the bore decides, and a
weapon with no bore given is a small arm only when marked so. The engine, the exact odds
and the sampled rounds model read the same shot rule, so they agree for every bore, marked
or not: penetration 2 against AV 10 is below half; a small arm rolls 1D20 (a 1 takes 1 DP),
anything else takes 1 DP for certain."""

from __future__ import annotations

from fractions import Fraction

import pytest

from siegeboard.model import RangeBand, Weapon
from siegeboard.model.actions import FireAt
from siegeboard.rules import engine, odds
from siegeboard.rules.chances import ShotSpec
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.harris import numbers as harris

BORES = [None, 5.56, 7.62, 12.7, 19.9, 20.0, 40.0, 75.0]
CASES = [(bore, marked) for bore in BORES for marked in (False, True)
         if not (marked and bore is not None and bore >= 20)]  # the model refuses those


def _siege(harris_siege_factory, bore, marked):
    siege = harris_siege_factory()
    town = siege.structures["town"]
    siege.structures["town"] = town.model_copy(update={"armor": 10, "dp_original": 10, "dp": 10})
    siege.weapons["mg"] = Weapon(id="mg", name="Machine gun", bore_mm=bore, small_arm=marked,
                                 damage=1, range_bands=[RangeBand(up_to_m=1000, penetration=2)])
    return siege


def _point(siege):
    from siegeboard.geometry.index import StructureIndex
    polygon = StructureIndex.for_structures(siege.structures).polygon("town")
    return tuple(polygon.representative_point().coords[0])


def _engine_dp(siege, script):
    dice = ScriptedDice(script)
    outcome = engine.apply(siege, FireAt(weapon_id="mg", at=_point(siege), range_m=100.0,
                                         target_id="town"), dice)
    assert dice.remaining == 0, outcome.lines
    after = {key: later for key, (_before, later) in outcome.structures.items()}
    return after.get("town", siege.structures["town"]).dp, outcome.lines


@pytest.mark.parametrize("bore,marked", CASES)
def test_the_engine_the_odds_and_the_rounds_agree_on_a_small_arm(bore, marked,
                                                                  harris_siege_factory):
    siege = _siege(harris_siege_factory, bore, marked)
    small = bore < 20 if bore is not None else marked
    assert harris.is_small_arm(siege.weapons["mg"]) is small
    spec = ShotSpec(weapon=siege.weapons["mg"], point=_point(siege), range_m=100.0)
    struck = odds.shot_odds(siege, spec).struck
    shots = odds.bombardment(siege, [(spec, "town")], hits=1, interval_turns=0, trials=4000,
                             seed=3)["town"]["dp_after"]
    if small:
        assert struck.left == {9: Fraction(1, 20), 10: Fraction(19, 20)}
        assert _engine_dp(siege, [1])[0] == 9
        dp, lines = _engine_dp(siege, [2])
        assert dp == 10
        assert any("small arm: 1D20 = 2, not 1: attack value 0" in line for line in lines)
        # 4,000 draws of a 1 in 20: 200 expected, sd 13.8; 5 sd either side.
        assert 0.05 - 5 * 0.00345 < shots[9] < 0.05 + 5 * 0.00345
    else:
        assert struck.left == {9: Fraction(1)}
        dp, lines = _engine_dp(siege, [])
        assert dp == 9
        assert any("below half, attack value 1" in line for line in lines)
        assert shots == {9: 1.0}


def test_the_unmarked_12_7_mm_gun_of_the_issue(harris_siege_factory):
    # The case that drifted: unmarked, 12.7 mm, penetration 2 against AV 10.
    siege = _siege(harris_siege_factory, 12.7, False)
    spec = ShotSpec(weapon=siege.weapons["mg"], point=_point(siege), range_m=100.0)
    assert odds.shot_odds(siege, spec).struck.left == {9: Fraction(1, 20),
                                                        10: Fraction(19, 20)}
