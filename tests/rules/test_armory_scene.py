"""A siege in an evening (A12) and the escalade table (A11)."""

from __future__ import annotations

import pytest
from armory_fixtures import armory_siege, kinds, play

from siegeboard.model import Battery, GMOverride, ResolveScene, SceneAttack
from siegeboard.rules import armory
from siegeboard.rules.engine import RuleError, apply, replay

CHARACTERS = ("Now play one scene of the characters' own: a sortie, a night climb, "
              "a countermine, a parley.")


def besieged(*, earlier_damage: bool = True):
    batteries = [
        Battery(id="B1", name="Great cannon", position=(0.0, 200.0), weapon_id="cannon",
                side="besieger", target_id="S1"),
        Battery(id="B2", name="Trebuchet", position=(20.0, 200.0), weapon_id="trebuchet",
                side="besieger", target_id="S2"),
        Battery(id="D1", name="Tower gun", position=(0.0, -20.0), weapon_id="heavy_gun",
                side="defender", target_id="T1"),
        Battery(id="D2", name="Bastion gun", position=(20.0, -20.0), weapon_id="cannon",
                side="defender", target_id="C1"),
    ]
    siege = armory_siege(("stone_curtain_wall", "S1"), ("stone_curtain_wall", "S2"),
                         ("siege_tower", "T1"), ("camp", "C1"), batteries=batteries)
    if earlier_damage:
        play(siege, GMOverride(structure_id="S1", hull_suffered=15, reason="earlier scenes"))
    return siege


SCENE = ResolveScene(attacks=[
    SceneAttack(battery_id="B1", target_id="S1", successes=1, boons=0),
    SceneAttack(battery_id="B2", target_id="S2", pool=4),
    SceneAttack(battery_id="D1", target_id="T1", successes=0),
    SceneAttack(battery_id="D2", target_id="C1", pool=2),
], length="week")


def test_a_scene_with_two_besieging_and_two_defending_engines():
    siege = besieged()
    outcome = play(siege, SCENE, dice=[6, 5, 2, 1, 6, 6])
    state = {sid: (s.hull_suffered, s.ladder) for sid, s in siege.structures.items()}
    # Cannon 6 + 1 on a Cracked wall: 4 - 1 - 2 = 1, Pierce 1 -> 0: 7 more, capped at 20.
    assert state["S1"] == (20, "breached")
    # Trebuchet 8 + 2 successes (6, 5), 1 Boon short of Crit 3; Armor 4: 6.
    assert state["S2"] == (6, "intact")
    # Heavy gun 10 on the tower's Armor 2 less Pierce 2: 10 of 12.
    assert state["T1"] == (10, "cracked")
    # Cannon 6 + 2 successes + 2 Boons at Crit 2 (+2) on the camp's Armor 0: 10 of 20.
    assert state["C1"] == (10, "cracked")
    assert siege.scene == 1
    assert outcome.lines[0] == "Scene 1, one week: each engine makes one attack"
    # R1, A12: the pool is a house rule, and its log line says so.
    assert "House rule (ruling A12): Trebuchet rolls 4D6: [6, 5, 2, 1] -> 2 Successes, 1 Boons " \
           "(each 5-6 a Success, each 6 also a Boon)" in outcome.lines
    assert outcome.lines[-2:] == ["Section S1 is Breached: play the assault", CHARACTERS]
    assert [roll.values for roll in outcome.rolls] == [[6, 5, 2, 1], [6, 6]]
    assert "scene" in kinds(outcome) and "breached" in kinds(outcome)
    assert any(line.startswith("Tower gun (defender): Heavy gun at T1") for line in outcome.lines)


def test_a_scene_without_a_breach_ends_with_the_characters_scene():
    siege = besieged()
    outcome = play(siege, ResolveScene(attacks=[
        SceneAttack(battery_id="B2", target_id="S2", successes=0)]))
    assert not any("play the assault" in line for line in outcome.lines)
    assert outcome.lines[-1] == CHARACTERS and siege.scene == 1
    play(siege, ResolveScene(attacks=[SceneAttack(battery_id="B2", target_id="S2", successes=0)]))
    assert siege.scene == 2


def test_a_burning_camp_is_pointed_out():
    siege = besieged()
    siege.weapons["fire_engine"] = siege.weapons["fire_pot"].model_copy(
        update={"id": "fire_engine"})
    siege.batteries["D3"] = Battery(id="D3", name="Fire thrower", position=(0.0, 0.0),
                                    weapon_id="fire_engine", side="defender")
    outcome = play(siege, ResolveScene(attacks=[
        SceneAttack(battery_id="D3", target_id="C1", successes=0)]))
    # A14: the scene is a day, 17,280 rounds, and the camp (Hull 20) set alight by its
    # attack burns through it: 20 Hull at 1 a round, Breached (wrecked) by the scene's end.
    # (Before A14 a scene did not run the clock and the camp was left burning.)
    camp = siege.structures["C1"]
    assert (camp.hull_suffered, camp.ladder, camp.burning) == (20, "breached", False)
    assert "C1 burns: 20 Hull in 17,280 round(s), ignoring Armor" in outcome.lines
    assert siege.clock.turn == 17_280


def test_a_scene_replays_and_reverts_exactly():
    base = besieged(earlier_damage=False)
    siege = base.model_copy(deep=True)
    play(siege, GMOverride(structure_id="S1", hull_suffered=15))
    before = siege.model_dump()
    outcome = play(siege, SCENE, dice=[6, 5, 2, 1, 6, 6])
    assert replay(base, siege.log).model_dump() == siege.model_dump()
    outcome.revert(siege)
    assert siege.model_dump() == before


@pytest.mark.parametrize("attacks, field", [
    ([SceneAttack(battery_id="B1", target_id="S1", successes=1),
      SceneAttack(battery_id="B1", target_id="S2", successes=1)], "already attacked"),
    ([SceneAttack(battery_id="B1", target_id="S1", successes=1, pool=3)], "not both"),
    ([SceneAttack(battery_id="B1", target_id="S1")], "enter Successes"),
    ([SceneAttack(battery_id="B1", target_id="D1", successes=1)], r"attacks\[0\].target_id"),
    ([SceneAttack(battery_id="ghost", target_id="S1", successes=1)], r"attacks\[0\].battery_id"),
])
def test_bad_scenes_are_refused(attacks, field):
    siege = besieged()
    with pytest.raises(RuleError, match=field):
        apply(siege, ResolveScene(attacks=attacks), dice=None)
    assert siege.scene == 0


# --- A11: escalade --------------------------------------------------------------------------

def test_escalade_table_for_a_standing_wall():
    siege = armory_siege(("stone_curtain_wall", "S"))
    wall = siege.structures["S"]
    before = wall.model_dump()
    table = armory.escalade_table(wall, ladders=3, siege_towers=2, grapnels=1,
                                  defenders_at_top=True)
    rows = {row.method: row for row in table.rows}
    assert table.needed
    assert (rows["Ladder"].check, rows["Ladder"].per_round, rows["Ladder"].bane_dice) == (
        "Average Athletics", 3, 2)
    assert (rows["Siege tower"].check, rows["Siege tower"].per_round) == (None, 8)
    assert (rows["Grapnel and rope"].check, rows["Grapnel and rope"].per_round,
            rows["Grapnel and rope"].silent) == ("Hard Athletics", 1, True)
    assert table.lines()[1].startswith("Ladder x3: Average Athletics, +2 Bane Dice; 3 a round")
    assert wall.model_dump() == before


def test_escalade_is_not_needed_through_a_breach():
    siege = armory_siege(("stone_curtain_wall", "S"))
    play(siege, GMOverride(structure_id="S", hull_suffered=20))
    table = armory.escalade_table(siege.structures["S"])
    assert not table.needed and "play the assault" in table.note
    assert table.rows[0].bane_dice == 0


def test_escalade_is_needed_while_the_portcullis_stands():
    # A5: a gate with a portcullis is open only when both layers are Breached.
    siege = armory_siege(("castle_gate_portcullis", "G"))
    gate = siege.structures["G"]
    play(siege, GMOverride(structure_id="G", hull_suffered=gate.hull))
    table = armory.escalade_table(siege.structures["G"])
    assert siege.structures["G"].ladder == "breached"
    assert table.needed and "no need to climb" not in table.note
    assert "portcullis" in table.note and "still holds" in table.note
    inner = siege.structures["G"].inner_layer
    play(siege, GMOverride(structure_id="G", layer="inner", hull_suffered=inner.hull))
    table = armory.escalade_table(siege.structures["G"])
    assert not table.needed and "play the assault" in table.note


def test_escalade_refuses_negative_counts():
    siege = armory_siege(("stone_curtain_wall", "S"))
    with pytest.raises(ValueError, match="ladders"):
        armory.escalade_table(siege.structures["S"], ladders=-1)
