"""The rulings issue 12 sharpened: H9's minute boundaries and set charges, H4's bore, A3's
concrete, A4's burning under the ladder as written, A9's halving after Armor, A10's round, and
the house rules A12 and A13 (R1)."""

from __future__ import annotations

import pytest
from armory_fixtures import armory_siege, play
from conftest import build_harris_siege

from siegeboard.model import (
    AdvanceClock,
    Battery,
    Clock,
    Demolish,
    DigMine,
    FireAt,
    FireMine,
    GMOverride,
    RangeBand,
    Repair,
    ResolveScene,
    RulesetOptions,
    SceneAttack,
    StartMine,
    TaskRoll,
    Weapon,
)
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import RuleError, apply
from siegeboard.rules.registry import ruleset


def harris_play(siege, action, dice=()):
    return play(siege, action, dice)


# --- H9: fires grow at the clock's minute boundaries ---------------------------------------

def test_h9_a_fire_lit_at_turn_5_grows_at_turn_12_not_a_minute_after_it_started():
    siege = build_harris_siege()
    siege.clock = Clock(turn=5)
    siege.structures["town"].fire_level = 1  # brick townhouse: +1 a minute, 200 DP
    harris_play(siege, AdvanceClock(turns=6))  # turns 6..11: no minute boundary
    assert siege.structures["town"].fire_level == 1
    harris_play(siege, AdvanceClock(turns=1))  # turn 12: grows, with every other fire
    assert siege.structures["town"].fire_level == 2
    harris_play(siege, AdvanceClock(turns=12))  # turn 24
    assert siege.structures["town"].fire_level == 3


def test_h9_an_explosive_charge_set_against_a_structure_rolls_for_fire():
    # Demolition charge (penetration 60, concussion 60) set on the bunker (AV 50, 300 DP):
    # 60 > 50, attack value 60 + full concussion 60 = 120, DP 180; damage 30 - 50: no harm
    # inside. Fire roll 1D6 = 6: alight at max(1, 60 - 50) = 10. (The blast, 60 / 4 = 15 on
    # the farm two squares off, collapses it: it is emptied first so no one rolls.)
    siege = build_harris_siege()
    siege.structures["farm"].occupants = []
    harris_play(siege, Demolish(structure_id="bunker", weapon_ids=["demolition_charge"]), [6])
    bunker = siege.structures["bunker"]
    assert (bunker.dp, bunker.fire_level) == (180, 10)


def test_a10_an_explosive_charge_set_against_a_section_that_burns_rolls_for_fire():
    # Breaching charge (Hull 4) on a timber house (Armor 0, Hull 6): 4 suffered, Cracked;
    # explosive: 1D6 = 6 sets it alight. 1D6 = 5 does not.
    siege = armory_siege(("timber_house", "H"))
    play(siege, Demolish(structure_id="H", weapon_ids=["breaching_charge"]), [6])
    assert siege.structures["H"].burning and siege.structures["H"].hull_suffered == 4
    other = armory_siege(("timber_house", "H"))
    play(other, Demolish(structure_id="H", weapon_ids=["breaching_charge"]), [5])
    assert not other.structures["H"].burning


# --- H4: the bore decides -----------------------------------------------------------------

def test_h4_a_weapon_of_bore_under_20_mm_is_a_small_arm_marked_or_not():
    # A 12.7 mm machine gun not marked a small arm: penetration 2 against the bunker's AV 50
    # (below half): small arm, 1D20 = 1 -> attack value 1; DP 300 -> 299.
    siege = build_harris_siege()
    siege.weapons["hmg"] = Weapon(id="hmg", name="HMG", bore_mm=12.7,
                                  range_bands=[RangeBand(up_to_m=1000, penetration=2)])
    outcome = harris_play(siege, FireAt(weapon_id="hmg", at=(4, 4), range_m=100), [1])
    assert outcome.rolls[0].sides == 20 and siege.structures["bunker"].dp == 299
    # No bore given and not marked: attack value 1, no die.
    siege.weapons["sling"] = Weapon(id="sling", name="Sling",
                                    range_bands=[RangeBand(up_to_m=100, penetration=2)])
    outcome = harris_play(siege, FireAt(weapon_id="sling", at=(4, 4), range_m=50))
    assert outcome.rolls == [] and siege.structures["bunker"].dp == 298


def test_h4_a_bore_of_20_mm_or_more_cannot_be_marked_a_small_arm():
    with pytest.raises(ValueError, match="cannot be marked a small arm"):
        Weapon(id="cannon", name="Cannon", bore_mm=20, small_arm=True)


# --- A3: reinforced concrete, marked by set charges and mines ------------------------------

def test_a3_reinforced_concrete_takes_charges_and_mines_but_not_standard_guns():
    siege = armory_siege(("reinforced_concrete_block", "R"))
    play(siege, FireAt(weapon_id="cannon", at=(0, 0), target_id="R", successes=3))
    assert siege.structures["R"].hull_suffered == 0  # Standard mount: deals 0
    play(siege, Demolish(structure_id="R", weapon_ids=["demolition_charge"]))
    assert siege.structures["R"].hull_suffered == 12 - 8  # the charge marks it: 4
    play(siege, StartMine(structure_id="R", mine_id="m"))  # Armor 8: 8 days
    for _ in range(8):
        play(siege, DigMine(mine_id="m"))
    play(siege, FireMine(mine_id="m"))
    assert siege.structures["R"].hull_suffered == 4 + 20  # a mine ignores Armor: 24 of 40


# --- A4: burning under the ladder as written counts on its own -----------------------------

def test_a4_as_written_burning_moves_a_step_for_each_half_of_the_hull_burned():
    # Wooden palisade, Armor 1, Hull 6 (a step each 3 burned). 2 Hull suffered by hand, still
    # Intact as written; lit. After 2 rounds: 4 suffered, 2 burned: Intact (by Hull suffered
    # it would be Cracked). Round 3: 3 burned: Cracked. Rounds 4-5: suffered 6 (all), 5
    # burned: Cracked. Round 6: 6 burned: Breached, and the fire is out.
    siege = armory_siege(("wooden_palisade", "P"), ladder_mode="as_written")
    play(siege, GMOverride(structure_id="P", hull_suffered=2))
    play(siege, GMOverride(structure_id="P", burning=True))
    palisade = lambda: siege.structures["P"]  # noqa: E731
    play(siege, AdvanceClock(turns=2))
    assert (palisade().hull_suffered, palisade().ladder, palisade().hull_burned) == (4, "intact", 2)
    play(siege, AdvanceClock(turns=1))
    assert (palisade().hull_suffered, palisade().ladder) == (5, "cracked")
    play(siege, AdvanceClock(turns=2))
    assert (palisade().hull_suffered, palisade().ladder, palisade().hull_burned) == (
        6, "cracked", 5)
    play(siege, AdvanceClock(turns=1))
    assert (palisade().ladder, palisade().burning) == ("breached", False)


def test_a4_by_hull_suffered_burning_counts_with_the_hits():
    # The same palisade by Hull suffered: 2 + 2 = 4 of 6 is half or more: Cracked.
    siege = armory_siege(("wooden_palisade", "P"))
    play(siege, GMOverride(structure_id="P", hull_suffered=2))
    play(siege, GMOverride(structure_id="P", burning=True))
    play(siege, AdvanceClock(turns=2))
    assert (siege.structures["P"].hull_suffered, siege.structures["P"].ladder) == (4, "cracked")


# --- A9: a rampart's halving is taken after its Armor ---------------------------------------

def test_a9_blast_is_halved_after_armor():
    # Shell (Hull 8, explosive) + 2 Successes on an earth rampart (Armor 3): 10 - 3 = 7,
    # halved half up: 4. Halving first would give 5 - 3 = 2.
    siege = armory_siege(("earth_rampart", "E"))
    outcome = play(siege, FireAt(weapon_id="shell", at=(0, 0), target_id="E", successes=2))
    assert siege.structures["E"].hull_suffered == 4
    assert "Blast is halved against E: 7 -> 4 (half up)" in outcome.lines


# --- A10: a round is one turn ----------------------------------------------------------------

def test_a10_a_burning_section_loses_a_hull_each_turn_of_5_s():
    # A palisade (Hull 6) alight: 5 turns (25 s) are 5 rounds: 5 Hull; the sixth Breaches it.
    siege = armory_siege(("wooden_palisade", "P"))
    play(siege, GMOverride(structure_id="P", burning=True))
    play(siege, AdvanceClock(turns=5))
    assert siege.structures["P"].hull_suffered == 5 and siege.clock.turn == 5
    play(siege, AdvanceClock(turns=1))
    assert siege.structures["P"].ladder == "breached"


# --- A12, A13: house rules (R1) ---------------------------------------------------------------

def test_the_house_rules_are_settings_labelled_as_such():
    settings = {s.field: s for s in ruleset("armory").settings}
    for field in ("armory_repair", "scene_pool", "scene_pool_success"):
        assert settings[field].house_rule and "house rule" in settings[field].label
    assert RulesetOptions().armory_repair and RulesetOptions().scene_pool  # on by default


def test_a13_repair_is_a_house_rule_labelled_in_the_log_and_can_be_switched_off():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, GMOverride(structure_id="W", hull_suffered=5))
    outcome = play(siege, Repair(structure_id="W", team_size=2, task=TaskRoll(outcome="success")))
    assert siege.structures["W"].hull_suffered == 3  # 1 Hull a worker, 2 workers
    assert any(line.startswith("House rule (ruling A13): repair of W") for line in outcome.lines)
    siege.options.armory_repair = False
    with pytest.raises(RuleError, match="a house rule \\(ruling A13\\) switched off"):
        apply(siege, Repair(structure_id="W", team_size=2, task=TaskRoll(outcome="success")),
              ScriptedDice([]))


def _scene_siege(**options):
    siege = armory_siege(("stone_curtain_wall", "W"),
                         batteries=[Battery(id="B", name="Great cannon", position=(0.0, 50.0),
                                            weapon_id="cannon")])
    for name, value in options.items():
        setattr(siege.options, name, value)
    return siege


def test_a12_the_pool_threshold_is_a_setting():
    # Threshold 4: 4D6 = [6, 4, 3, 1] -> 2 Successes (6, 4), 1 Boon (6). Cannon 6 + 2 = 8
    # less max(0, 4 - 2 vulnerable - 1 Pierce) = 1: 7 of Hull 20.
    siege = _scene_siege(scene_pool_success=4)
    outcome = play(siege, ResolveScene(attacks=[SceneAttack(battery_id="B", target_id="W",
                                                            pool=4)]), [6, 4, 3, 1])
    assert siege.structures["W"].hull_suffered == 7
    assert ("House rule (ruling A12): Great cannon rolls 4D6: [6, 4, 3, 1] -> 2 Successes, 1 Boons "
            "(each 4-6 a Success, each 6 also a Boon)") in outcome.lines


def test_a12_the_pool_switched_off_is_refused_by_name():
    siege = _scene_siege(scene_pool=False)
    with pytest.raises(RuleError, match="attacks\\[0\\].pool: the scene dice pool is a house rule"):
        apply(siege, ResolveScene(attacks=[SceneAttack(battery_id="B", target_id="W", pool=4)]),
              ScriptedDice([6, 4, 3, 1]))
