"""The Hull ruleset through the engine: every note of the table, the ladder, layers, charges,
mines, burning, overrides and repair. Dice are scripted; every scripted die must be used."""

from __future__ import annotations

import pytest
from armory_fixtures import armory_siege, centre, kinds, play

from siegeboard.model import (
    AdvanceClock,
    Demolish,
    DigMine,
    FireAt,
    FireMine,
    GMOverride,
    Kick,
    Repair,
    StartMine,
    TaskRoll,
)
from siegeboard.rules.engine import RuleError, apply


def fire(weapon_id: str, target: str, successes: int = 0, boons: int = 0, **extra) -> FireAt:
    return FireAt(weapon_id=weapon_id, at=(0.0, 0.0), target_id=target, successes=successes,
                  boons=boons, **extra)


# --- A2, A3: a hit, explained ---------------------------------------------------------------

def test_cannon_on_a_curtain_wall_explains_every_step():
    siege = armory_siege(("stone_curtain_wall", "S3"))
    outcome = play(siege, fire("cannon", "S3", successes=2, boons=4))
    assert outcome.lines[1] == ("Cannon: Hull damage 6 + 2 successes + 4 (4 Boons / Crit 2 -> "
                                "2 x 2 = 4) = 12")
    assert outcome.lines[2] == ("S3: Armor 4, vulnerable to guns -2 (gunpowder, Standard mount), "
                                "Pierce 1: effective 1")
    assert outcome.lines[3] == "Damage 12 - 1 = 11"
    assert "S3: Hull suffered 11 of 20, Cracked" in outcome.lines
    wall = siege.structures["S3"]
    assert (wall.hull_suffered, wall.ladder, wall.effects) == (11, "cracked", ["cover lost"])
    assert kinds(outcome) == ["hit", "cracked"]
    assert outcome.events[0].detail["damage"] == 11


def test_a_cracked_wall_meets_one_armor_less():
    siege = armory_siege(("stone_curtain_wall", "S3"))
    play(siege, GMOverride(structure_id="S3", hull_suffered=10))
    outcome = play(siege, fire("cannon", "S3"))
    assert "S3: Armor 4, Cracked -1, vulnerable to guns -2 (gunpowder, Standard mount), " \
           "Pierce 1: effective 0" in outcome.lines
    assert siege.structures["S3"].hull_suffered == 16


def test_boons_without_a_crit_say_they_give_nothing():
    siege = armory_siege(("timber_house", "H"))
    outcome = play(siege, fire("fire_pot", "H", successes=1, boons=3))
    assert "(3 Boons give nothing: no Crit)" in outcome.lines[1]


def test_fire_at_a_point_hits_the_structure_there_and_names_the_square():
    siege = armory_siege(("stone_curtain_wall", "A"), ("stone_curtain_wall", "B"))
    outcome = play(siege, FireAt(weapon_id="heavy_gun", at=centre(1)))
    assert outcome.changed_ids == ["B"] and outcome.entry.square == "B1"
    assert siege.structures["A"].hull_suffered == 0


def test_fire_on_open_ground_changes_nothing():
    siege = armory_siege(("stone_curtain_wall", "A"))
    outcome = play(siege, FireAt(weapon_id="cannon", at=(500.0, 500.0)))
    assert outcome.changed_ids == [] and "open ground" in outcome.lines[0]


@pytest.mark.parametrize("action, field", [
    (fire("cannon", "nowhere"), "target_id"),
    (fire("laser", "A"), "weapon_id"),
    (fire("petard", "A"), "weapon_id"),
    (fire("mine", "A"), "weapon_id"),
    (fire("cannon", "A", battery_id="ghost"), "battery_id"),
    (fire("cannon", "A", through_slit=True), "through_slit"),
])
def test_bad_fire_actions_are_refused_naming_the_field(action, field):
    siege = armory_siege(("stone_curtain_wall", "A"))
    before = siege.model_dump()
    with pytest.raises(RuleError, match=field):
        apply(siege, action, dice=None)
    assert siege.model_dump() == before


def test_personal_weapons_say_they_belong_to_chapter_four():
    siege = armory_siege(("interior_door", "D"))
    outcome = play(siege, fire("musket", "D", successes=1))
    assert any("Chapter 4" in line for line in outcome.lines)
    assert siege.structures["D"].ladder == "breached"   # 1 + 1 - max(0, 0 - 1) = 2 >= Hull 1


# --- Every note of the table, through the engine --------------------------------------------

@pytest.mark.parametrize("kind, expected", [
    ("stone_curtain_wall", 6 - (4 - 2 - 1)),   # vulnerable to guns
    ("stone_tower", 6 - (5 - 2 - 1)),          # vulnerable to guns
    ("bastion_face", 6 - (5 - 1)),             # not vulnerable
])
def test_vulnerable_to_guns_through_the_engine(kind, expected):
    siege = armory_siege((kind, "W"))
    play(siege, fire("cannon", "W"))
    assert siege.structures["W"].hull_suffered == expected


def test_trebuchet_is_no_gun():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, fire("trebuchet", "W"))
    assert siege.structures["W"].hull_suffered == 8 - 4


def test_bunker_ignores_one_armor_against_indirect_fire():
    siege = armory_siege(("timber_earth_bunker", "K"), ("timber_earth_bunker", "L"))
    outcome = play(siege, fire("trebuchet", "K"))
    play(siege, fire("ballista", "L"))
    assert "indirect fire ignores 1" in outcome.lines[2]
    assert siege.structures["K"].hull_suffered == 8 - 2
    assert siege.structures["L"].hull_suffered == 4 - 3


def test_pillbox_through_the_slit():
    siege = armory_siege(("concrete_pillbox", "P"), ("concrete_pillbox", "Q"))
    outcome = play(siege, fire("cannon", "P", successes=1, through_slit=True))
    play(siege, fire("cannon", "Q", successes=1))
    assert any("3 Bane Dice" in line for line in outcome.lines)
    assert siege.structures["P"].hull_suffered == 7
    assert siege.structures["Q"].hull_suffered == 7 - (6 - 1)


@pytest.mark.parametrize("weapon_id, expected", [
    ("swivel", 0), ("cannon", 0), ("heavy_gun", 10 + 5 - (8 - 2)), ("bombard", 9 + 5 - 8),
])
def test_reinforced_concrete_only_marked_by_heavy_and_capital(weapon_id, expected):
    siege = armory_siege(("reinforced_concrete_block", "R"))
    outcome = play(siege, fire(weapon_id, "R", successes=5))
    assert siege.structures["R"].hull_suffered == expected
    assert any("Only Heavy and Capital" in line for line in outcome.lines) == (expected == 0)


def test_brick_house_cracked_loses_heavy_cover():
    siege = armory_siege(("brick_house", "H"))
    outcome = play(siege, fire("cannon", "H"))          # 6 - (2 - 1) = 5 of Hull 10
    assert siege.structures["H"].effects == ["cover lost"]
    assert any("heavy cover drops one step" in line for line in outcome.lines)


def test_a_breached_section_is_difficult_ground_and_calls_the_assault():
    siege = armory_siege(("stone_curtain_wall", "S"))
    play(siege, GMOverride(structure_id="S", hull_suffered=15))
    outcome = play(siege, fire("heavy_gun", "S"))
    assert "S is Breached: play the assault" in outcome.lines
    assert siege.structures["S"].effects == ["cover lost", "difficult ground"]
    assert ("breached", "S") in [(e.kind, e.structure_id) for e in outcome.events]
    again = play(siege, fire("heavy_gun", "S"))
    assert "already Breached" in again.lines[-1] and "breached" not in kinds(again)


def test_a_breached_wooden_bridge_is_impassable():
    siege = armory_siege(("wooden_bridge", "B"))
    outcome = play(siege, fire("heavy_gun", "B", successes=3), dice=[])
    assert siege.structures["B"].effects == ["cover lost", "impassable"]
    assert "B is Breached: impassable" in outcome.lines


def test_a_breached_siege_tower_is_wrecked_not_assaulted():
    siege = armory_siege(("siege_tower", "T"))
    outcome = play(siege, fire("heavy_gun", "T", successes=4))
    assert "T is Breached: wrecked" in outcome.lines


# --- A4: the ladder in both modes -----------------------------------------------------------

@pytest.mark.parametrize("mode, hits, suffered, ladder", [
    ("hull", [2], 2, "intact"),
    ("hull", [3], 3, "cracked"),
    ("hull", [2, 2], 4, "cracked"),
    ("hull", [2, 2, 2], 6, "breached"),
    ("hull", [6], 6, "breached"),
    ("as_written", [2], 2, "intact"),
    ("as_written", [2, 2, 2], 6, "intact"),      # small hits do nothing
    ("as_written", [3], 3, "cracked"),
    ("as_written", [6], 6, "cracked"),           # one step per hit, however big
    ("as_written", [3, 2, 3], 6, "breached"),
])
def test_breach_ladder_thresholds(mode, hits, suffered, ladder):
    siege = armory_siege(("timber_house", "H"), ladder_mode=mode)   # Armor 0, Hull 6
    for damage in hits:
        play(siege, fire("bow", "H", successes=damage))
    house = siege.structures["H"]
    assert (house.hull_suffered, house.ladder) == (suffered, ladder)


# --- A5: gate and portcullis ----------------------------------------------------------------

def test_portcullis_takes_damage_only_after_the_gate_with_no_carry_over():
    siege = armory_siege(("castle_gate_portcullis", "G"))
    first = play(siege, fire("heavy_gun", "G", successes=8))      # 18 - 0: far above Hull 6
    gate = siege.structures["G"]
    assert (gate.hull_suffered, gate.ladder) == (6, "breached")
    assert (gate.inner_layer.suffered, gate.inner_layer.ladder) == (0, "intact")
    assert "opened" not in kinds(first) and "way open" not in gate.effects
    assert any("portcullis behind it still holds" in line for line in first.lines)
    assert "portcullis behind it still holds" in first.headline
    second = play(siege, fire("cannon", "G", successes=1))        # 7 - (3 - 1) = 5 -> 4/4
    gate = siege.structures["G"]
    assert (gate.inner_layer.suffered, gate.inner_layer.ladder) == (4, "breached")
    assert "G, portcullis: Armor 3, Pierce 1: effective 2" in second.lines
    assert kinds(second) == ["hit", "breached", "opened"]
    assert gate.effects == ["cover lost", "difficult ground", "way open"]
    assert "G is Breached: the way is open, play the assault" in second.lines
    assert second.headline == "G is Breached: the way is open, play the assault"


def test_a_small_hit_on_the_portcullis_cracks_only_it():
    siege = armory_siege(("castle_gate_portcullis", "G"))
    play(siege, GMOverride(structure_id="G", hull_suffered=6))
    play(siege, fire("bow", "G", successes=5))                     # 5 - 3 = 2: half of 4
    gate = siege.structures["G"]
    assert (gate.inner_layer.suffered, gate.inner_layer.ladder) == (2, "cracked")


# --- A6: doors and gates --------------------------------------------------------------------

def test_petard_opens_an_iron_bound_door_with_no_arithmetic():
    siege = armory_siege(("iron_bound_door", "D"))
    outcome = play(siege, Demolish(structure_id="D", weapon_ids=["petard"]))
    door = siege.structures["D"]
    assert door.ladder == "breached" and "way open" in door.effects
    assert any("opens with no arithmetic" in line for line in outcome.lines)
    assert not any(line.startswith("Charges set together") for line in outcome.lines)
    assert "opened" in kinds(outcome)


def test_a_petard_opens_the_gate_then_another_the_portcullis():
    siege = armory_siege(("castle_gate_portcullis", "G"))
    play(siege, Demolish(structure_id="G", weapon_ids=["breaching_charge"]))
    assert siege.structures["G"].inner_layer.ladder == "intact"
    outcome = play(siege, Demolish(structure_id="G", weapon_ids=["petard"]))
    assert siege.structures["G"].inner_layer.ladder == "breached"
    assert "opened" in kinds(outcome)


@pytest.mark.parametrize("mode", ["hull", "as_written"])
@pytest.mark.parametrize("kind", ["interior_door", "iron_bound_door", "castle_gate"])
@pytest.mark.parametrize("weapon_id", ["petard", "breaching_charge"])
def test_a6_a_petard_or_breaching_charge_opens_any_door_or_gate_in_both_modes(
        mode, kind, weapon_id):
    # A6: no arithmetic. Before the ruling, an interior door (Armor 0, Hull 1) under "ladder as
    # written" took the petard as a charge: one step for a hit of at least half the Hull, so
    # only Cracked. Now every door and gate is Breached: Hull 1/1, 2/2 or 6/6 suffered.
    siege = armory_siege((kind, "D"), ladder_mode=mode)
    outcome = play(siege, Demolish(structure_id="D", weapon_ids=[weapon_id]))
    door = siege.structures["D"]
    assert door.ladder == "breached" and door.hull_suffered == door.hull
    assert "way open" in door.effects and "opened" in kinds(outcome)
    assert any("opens with no arithmetic" in line for line in outcome.lines)
    assert not any(line.startswith("Charges set together") for line in outcome.lines)


@pytest.mark.parametrize("mode", ["hull", "as_written"])
def test_a6_a_cracked_gate_under_as_written_is_opened_by_a_petard_too(mode):
    # A castle gate (Armor 2, Hull 6) Cracked by hand at 1 suffered: a Breaching Charge
    # opens it all the same (suffered 1 -> 6), in either mode; the portcullis is one layer
    # more, opened by a second charge (Hull 4/4).
    siege = armory_siege(("castle_gate_portcullis", "G"), ladder_mode=mode)
    play(siege, GMOverride(structure_id="G", hull_suffered=1, ladder="cracked"))
    play(siege, Demolish(structure_id="G", weapon_ids=["breaching_charge"]))
    gate = siege.structures["G"]
    assert (gate.hull_suffered, gate.ladder) == (6, "breached")
    assert gate.inner_layer.ladder == "intact"
    play(siege, Demolish(structure_id="G", weapon_ids=["petard"]))
    assert (gate := siege.structures["G"]).inner_layer.suffered == 4
    assert gate.inner_layer.ladder == "breached"


def test_a_petard_on_a_wall_is_just_a_charge():
    siege = armory_siege(("stone_curtain_wall", "W"))
    outcome = play(siege, Demolish(structure_id="W", weapon_ids=["petard"]))
    assert siege.structures["W"].hull_suffered == 6 - 4
    assert "Armor 4: taken once from the sum: 6 - 4 = 2" in outcome.lines


@pytest.mark.parametrize("task, dice, opened", [
    (TaskRoll(outcome="success"), [], True),
    (TaskRoll(outcome="outstanding"), [], True),
    (TaskRoll(outcome="failure"), [], False),
    (TaskRoll(outcome="catastrophic"), [], False),
    (TaskRoll(skill=12), [12], True),
    (TaskRoll(skill=12), [13], False),
])
def test_kick_opens_an_interior_door_on_average_athletics(task, dice, opened):
    siege = armory_siege(("interior_door", "D"))
    outcome = play(siege, Kick(structure_id="D", task=task), dice)
    assert (siege.structures["D"].ladder == "breached") == opened
    assert ("opened" in kinds(outcome)) == opened
    assert outcome.lines[0].startswith("Kick (Athletics): Average task")


def test_a_kick_does_not_open_an_iron_bound_door():
    siege = armory_siege(("iron_bound_door", "D"))
    with pytest.raises(RuleError, match="kick"):
        apply(siege, Kick(structure_id="D", task=TaskRoll(outcome="success")), dice=None)


# --- A7: demolition -------------------------------------------------------------------------

def test_charges_set_together_add_and_armor_is_taken_once():
    siege = armory_siege(("stone_curtain_wall", "W"))
    outcome = play(siege, Demolish(structure_id="W",
                                   weapon_ids=["demolition_charge", "demolition_charge"]))
    assert siege.structures["W"].hull_suffered == 24 - 4 == 20
    assert "Charges set together: Demolition charge 12 + Demolition charge 12 = 24" in outcome.lines


def test_set_charges_ignore_the_guns_rule():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, Demolish(structure_id="W", weapon_ids=["demolition_charge"]))
    assert siege.structures["W"].hull_suffered == 12 - 4


def test_a_charge_on_the_pier_of_a_stone_bridge_counts_double():
    siege = armory_siege(("stone_bridge", "B"), ("stone_bridge", "C"))
    outcome = play(siege, Demolish(structure_id="B", weapon_ids=["demolition_charge"],
                                   on_pier=True))
    play(siege, Demolish(structure_id="C", weapon_ids=["demolition_charge"]))
    assert siege.structures["B"].hull_suffered == 24 - 4
    assert siege.structures["C"].hull_suffered == 12 - 4
    assert any("on a pier counts double: 24" in line for line in outcome.lines)


def test_a_pier_only_doubles_on_a_stone_or_steel_bridge():
    siege = armory_siege(("wooden_bridge", "B"))
    with pytest.raises(RuleError, match="on_pier"):
        apply(siege, Demolish(structure_id="B", weapon_ids=["demolition_charge"], on_pier=True),
              dice=None)


def test_only_charges_can_be_set():
    siege = armory_siege(("stone_bridge", "B"))
    with pytest.raises(RuleError, match="weapon_ids"):
        apply(siege, Demolish(structure_id="B", weapon_ids=["cannon"]), dice=None)


# --- A8: mines ------------------------------------------------------------------------------

def test_a_mine_under_a_curtain_wall_takes_four_days_and_breaches_it():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, StartMine(structure_id="W", mine_id="m"))
    assert (siege.mines["m"].days_needed, siege.mines["m"].state) == (4, "digging")
    with pytest.raises(RuleError, match="digging, not ready"):
        apply(siege, FireMine(mine_id="m"), dice=None)
    lost = play(siege, DigMine(mine_id="m", besiegers_win=False))
    assert siege.mines["m"].days_dug == 0 and "the day is lost" in lost.lines[0]
    for day in range(1, 5):
        outcome = play(siege, DigMine(mine_id="m"))
        assert siege.mines["m"].days_dug == day and kinds(outcome) == ["mine_dug"]
    assert siege.mines["m"].state == "ready"
    outcome = play(siege, FireMine(mine_id="m"))
    wall = siege.structures["W"]
    assert (wall.hull_suffered, wall.ladder, siege.mines["m"].state) == (20, "breached", "fired")
    assert kinds(outcome) == ["mine_fired", "breached"]
    assert "20 Hull damage, ignoring Armor" in outcome.lines[0]
    with pytest.raises(RuleError, match="fired, not ready"):
        apply(siege, FireMine(mine_id="m"), dice=None)


def test_a_countermine_ends_the_mine():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, StartMine(structure_id="W", mine_id="m"))
    outcome = play(siege, DigMine(mine_id="m", countermined=True))
    assert siege.mines["m"].state == "countermined" and kinds(outcome) == ["countermined"]
    with pytest.raises(RuleError, match="countermined"):
        apply(siege, DigMine(mine_id="m"), dice=None)


def test_mine_ids_are_unique_and_must_exist():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, StartMine(structure_id="W", mine_id="m"))
    with pytest.raises(RuleError, match="already a mine"):
        apply(siege, StartMine(structure_id="W", mine_id="m"), dice=None)
    with pytest.raises(RuleError, match="no mine"):
        apply(siege, DigMine(mine_id="x"), dice=None)
    with pytest.raises(RuleError, match="structure_id"):
        apply(siege, StartMine(structure_id="nowhere", mine_id="n"), dice=None)


def test_a_mine_under_an_interior_door_is_ready_at_once():
    siege = armory_siege(("interior_door", "D"))
    play(siege, StartMine(structure_id="D", mine_id="m"))
    assert siege.mines["m"].state == "ready"


# --- A9: earth rampart ----------------------------------------------------------------------

def test_earth_rampart_halves_blast():
    siege = armory_siege(("earth_rampart", "E"))
    outcome = play(siege, fire("shell", "E"))      # 8 - 3 = 5, halved half up = 3
    assert siege.structures["E"].hull_suffered == 3
    assert "Blast is halved against E: 5 -> 3 (half up)" in outcome.lines


def test_earth_rampart_halves_demolition_blast_too():
    siege = armory_siege(("earth_rampart", "E"))
    play(siege, Demolish(structure_id="E", weapon_ids=["demolition_charge"]))   # 9 -> 5
    assert siege.structures["E"].hull_suffered == 5


def test_guns_crack_an_earth_rampart_but_never_breach_it():
    siege = armory_siege(("earth_rampart", "E"))
    for _ in range(4):
        outcome = play(siege, fire("heavy_gun", "E", successes=6))
    rampart = siege.structures["E"]
    assert (rampart.hull_suffered, rampart.ladder) == (11, "cracked")
    assert any("dug through, not knocked down" in line for line in outcome.lines)


def test_earth_rampart_is_breached_by_a_mine():
    siege = armory_siege(("earth_rampart", "E"))
    play(siege, fire("heavy_gun", "E", successes=20))
    play(siege, StartMine(structure_id="E", mine_id="m"))
    for _ in range(3):
        play(siege, DigMine(mine_id="m"))
    outcome = play(siege, FireMine(mine_id="m"))
    assert siege.structures["E"].ladder == "breached"
    assert "E is Breached: play the assault" in outcome.lines


# --- A10: burning ---------------------------------------------------------------------------

def test_fire_pot_sets_a_palisade_alight_and_it_burns_a_hull_a_round():
    siege = armory_siege(("wooden_palisade", "P"), ("brick_house", "H"))
    outcome = play(siege, fire("fire_pot", "P"))
    assert siege.structures["P"].burning and "ignited" in kinds(outcome)
    play(siege, fire("fire_pot", "H"))
    assert not siege.structures["H"].burning
    outcome = play(siege, AdvanceClock(turns=2))
    assert siege.structures["P"].hull_suffered == 2 and siege.clock.turn == 2
    assert kinds(outcome) == ["burning"]
    outcome = play(siege, AdvanceClock(turns=10))
    palisade = siege.structures["P"]
    assert (palisade.hull_suffered, palisade.ladder, palisade.burning) == (6, "breached", False)
    assert kinds(outcome) == ["burning", "breached", "fire_out"]
    assert siege.clock.turn == 12
    assert siege.structures["H"].hull_suffered == 0


@pytest.mark.parametrize("die, alight", [(6, True), (5, False), (1, False)])
def test_an_explosive_hit_sets_a_timber_house_alight_on_a_six(die, alight):
    siege = armory_siege(("timber_house", "H"))
    outcome = play(siege, fire("mortar", "H"), dice=[die])   # 5 damage of Hull 6
    assert siege.structures["H"].burning == alight
    assert outcome.rolls[0].values == [die] and outcome.rolls[0].sides == 6
    assert ("ignited" in kinds(outcome)) == alight


def test_an_explosive_hit_that_breaches_rolls_no_fire_die():
    siege = armory_siege(("timber_house", "H"))
    outcome = play(siege, fire("shell", "H"))                # 8 damage of Hull 6
    assert siege.structures["H"].ladder == "breached" and not siege.structures["H"].burning
    assert outcome.rolls == []


def test_a_structure_that_does_not_burn_rolls_no_fire_die():
    siege = armory_siege(("stone_curtain_wall", "W"))
    outcome = play(siege, fire("shell", "W"))
    assert outcome.rolls == [] and not siege.structures["W"].burning


def test_the_gm_lights_and_puts_out_fires():
    siege = armory_siege(("brick_house", "H"))
    play(siege, GMOverride(structure_id="H", burning=True, reason="oil"))
    play(siege, AdvanceClock(turns=3))
    assert siege.structures["H"].hull_suffered == 3
    play(siege, GMOverride(structure_id="H", burning=False))
    play(siege, AdvanceClock(turns=3))
    assert siege.structures["H"].hull_suffered == 3


# --- Override and repair: the only ways back up the ladder ----------------------------------

def test_override_sets_state_and_the_ladder_follows_hull_suffered():
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, GMOverride(structure_id="W", hull_suffered=20))
    assert siege.structures["W"].ladder == "breached"
    outcome = play(siege, GMOverride(structure_id="W", hull_suffered=0, reason="a new wall"))
    wall = siege.structures["W"]
    assert (wall.ladder, wall.effects) == ("intact", [])
    assert "a new wall" in outcome.lines[0] and kinds(outcome) == ["override"]
    play(siege, GMOverride(structure_id="W", ladder="cracked"))
    assert (siege.structures["W"].hull_suffered, siege.structures["W"].ladder) == (0, "cracked")


@pytest.mark.parametrize("action, field", [
    (GMOverride(structure_id="W", dp=3), "dp"),
    (GMOverride(structure_id="W", fire_level=2), "fire_level"),
    (GMOverride(structure_id="W", hull_suffered=21), "hull_suffered"),
    (GMOverride(structure_id="W"), "override"),
    (GMOverride(structure_id="X", burning=True), "X"),
])
def test_bad_overrides_are_refused(action, field):
    siege = armory_siege(("stone_curtain_wall", "W"))
    with pytest.raises(RuleError, match=field):
        apply(siege, action, dice=None)


@pytest.mark.parametrize("task, dice, restored, ladder", [
    (TaskRoll(outcome="success"), [], 3, "cracked"),       # 13 -> 10 of 20: still half
    (TaskRoll(outcome="outstanding"), [], 6, "intact"),
    (TaskRoll(outcome="failure"), [], 0, "cracked"),
    (TaskRoll(outcome="catastrophic"), [], 0, "cracked"),
    (TaskRoll(skill=10), [4], 3, "cracked"),
])
def test_repair_restores_a_hull_point_a_worker(task, dice, restored, ladder):
    siege = armory_siege(("stone_curtain_wall", "W"))
    play(siege, GMOverride(structure_id="W", hull_suffered=13))
    outcome = play(siege, Repair(structure_id="W", team_size=3, task=task), dice)
    wall = siege.structures["W"]
    assert wall.hull_suffered == 13 - restored
    assert wall.ladder == ladder
    assert outcome.events[0].detail["restored"] == restored


def test_repair_in_as_written_mode_never_lowers_the_ladder():
    siege = armory_siege(("timber_house", "H"), ladder_mode="as_written")
    for _ in range(3):
        play(siege, fire("bow", "H", successes=2))        # three small hits: 6/6, still intact
    play(siege, Repair(structure_id="H", team_size=1, task=TaskRoll(outcome="success")))
    assert (siege.structures["H"].hull_suffered, siege.structures["H"].ladder) == (5, "intact")


def test_repair_of_a_gate_mends_the_gate_before_the_portcullis():
    siege = armory_siege(("castle_gate_portcullis", "G"))
    play(siege, fire("heavy_gun", "G"))                   # gate 6/6
    play(siege, fire("bow", "G", successes=5))            # portcullis 2/4
    play(siege, Repair(structure_id="G", team_size=2, task=TaskRoll(outcome="success")))
    gate = siege.structures["G"]
    assert (gate.hull_suffered, gate.ladder, gate.inner_layer.suffered) == (4, "cracked", 2)


def test_gm_override_reaches_the_portcullis_layer():
    from siegeboard.model import GMOverride, Siege
    from siegeboard.rules.build import new_structure
    from siegeboard.rules.dice import ScriptedDice
    from siegeboard.rules.engine import RuleError, apply_in_place

    gate = new_structure("armory", "castle_gate_portcullis", "gate",
                         [(0, 0), (4, 0), (4, 2), (0, 2)])
    house = new_structure("armory", "brick_house", "house", [(10, 0), (14, 0), (14, 4), (10, 4)])
    siege = Siege(name="Gate", ruleset="armory", structures={"gate": gate, "house": house})
    outcome = apply_in_place(siege, GMOverride(structure_id="gate", layer="inner", hull_suffered=4),
                             ScriptedDice([]))
    assert siege.structures["gate"].inner_layer.ladder == "breached"
    assert siege.structures["gate"].ladder == "intact"
    assert "portcullis" in outcome.lines[0]
    with pytest.raises(RuleError, match="above the Hull 4"):
        apply_in_place(siege, GMOverride(structure_id="gate", layer="inner", hull_suffered=5),
                       ScriptedDice([]))
    with pytest.raises(RuleError, match="no portcullis"):
        apply_in_place(siege, GMOverride(structure_id="house", layer="inner", ladder="cracked"),
                       ScriptedDice([]))
