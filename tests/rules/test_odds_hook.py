"""The rulesets' hook (``Ruleset.shot_effects``) against the engine, outcome by outcome.

For every weapon, structure and state below, every distinct outcome of the dice is played
through the engine with scripted dice (the dice in the order the engine asks for them, as
the hook says it needs them) and compared with the hook: DP, collapse, clearing and fire
(DP ruleset), Hull suffered, ladder and fire of each layer (Hull ruleset), for the struck
structure and every structure in the blast's reach. That every scripted die is used shows
the hook knows which dice the shot rolls.
"""

from __future__ import annotations

import pytest
from armory_fixtures import armory_siege, centre

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.actions import FireAt
from siegeboard.rules import engine
from siegeboard.rules.armory.shot import hit_effect as armory_hit
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.harris.shot import ShotDice, blast_reach
from siegeboard.rules.registry import ruleset_of

HARRIS_WEAPONS = ["he_shell", "incendiary_shell", "rifle", "tank_gun", "grenade", "firebomb"]
HARRIS_TARGETS = ["bunker", "farm", "timber", "town", "wall"]


def _state(siege, target: str, state: str) -> None:
    structure = siege.structures[target]
    if state == "worn":  # just above half: the next hit may collapse it
        structure.dp = structure.dp_original // 2 + 3
    elif state == "rubble":
        structure.dp = max(1, structure.dp_original // 2 - 1)
        structure.collapsed = True
    elif state == "cleared":
        structure.dp, structure.collapsed, structure.cleared = 0, True, True
    elif state == "burning":
        structure.fire_level = 2


def _calibre_pairs(weapon):
    if not weapon.large_calibre:
        return [(0, [])]
    return [(total, [min(6, total - 1), total - min(6, total - 1)]) for total in range(2, 13)]


def _harris_cases():
    for weapon in HARRIS_WEAPONS:
        for target in HARRIS_TARGETS:
            for state in ("fresh", "worn", "rubble", "cleared", "burning"):
                yield weapon, target, state


@pytest.mark.parametrize("weapon_id,target,state", list(_harris_cases()))
def test_harris_hook_matches_the_engine_for_every_dice_outcome(weapon_id, target, state,
                                                               harris_siege_factory):
    siege = harris_siege_factory()
    _state(siege, target, state)
    rules = ruleset_of(siege)
    index = StructureIndex.for_structures(siege.structures)
    weapon = siege.weapons[weapon_id]
    point = tuple(index.polygon(target).representative_point().coords[0])
    range_m = 30.0 if weapon_id in ("grenade", "firebomb") else 300.0
    reach = (blast_reach(index, point, siege.grid_origin, weapon.concussion,
                         siege.options.concussion_falloff, target) if weapon.explosive else [])
    played = 0
    for calibre, pair in _calibre_pairs(weapon):
        first = rules.shot_effects(siege.structures, weapon, range_m, target, 0,
                                   ShotDice(calibre=calibre), reach).struck
        for small_arm in ([1, 2, 20] if first.needs_small_arm else [None]):
            fires = range(1, 7) if first.needs_fire else [None]
            for fire in fires:
                dice = ShotDice(calibre=calibre, small_arm=small_arm, fire=fire)
                effects = rules.shot_effects(siege.structures, weapon, range_m, target, 0, dice,
                                             reach)
                struck = effects.struck
                assert struck.needs_fire == first.needs_fire
                script = list(pair) + ([small_arm] if small_arm is not None else [])
                script += [1] * struck.personnel_dice
                # A collapse rolls 1D6 hits then that many D6 for each person: one hit each.
                people = len(siege.structures[target].occupants)
                script += [1, 1] * people if struck.collapses else []
                script += [fire] if fire is not None else []
                for blast in effects.blast:
                    if blast.collapses:
                        script += [1, 1] * len(siege.structures[blast.structure_id].occupants)
                scripted = ScriptedDice(script)
                outcome = engine.apply(siege, FireAt(weapon_id=weapon_id, at=point,
                                                     range_m=range_m, target_id=target),
                                       scripted, index=index)
                assert scripted.remaining == 0, (dice, outcome.lines)
                after = {key: later for key, (_before, later) in outcome.structures.items()}
                for effect in [struck, *effects.blast]:
                    structure = after.get(effect.structure_id,
                                          siege.structures[effect.structure_id])
                    seen = (structure.dp, structure.collapsed, structure.cleared,
                            structure.fire_level, structure.out_of_control)
                    assert seen == (effect.dp_after, effect.collapsed, effect.cleared,
                                    effect.fire_level, effect.out_of_control), (
                        effect, outcome.lines)
                touched = {effect.structure_id for effect in [struck, *effects.blast]}
                assert set(after) <= touched
                played += 1
    assert played >= 1


ARMORY_CASES = [
    ("stone_curtain_wall", "cannon"), ("stone_curtain_wall", "heavy_gun"),
    ("timber_house", "mortar"), ("timber_house", "fire_pot"), ("wooden_palisade", "shell"),
    ("earth_rampart", "mortar"), ("castle_gate_portcullis", "bombard"),
    ("reinforced_concrete_block", "cannon"), ("reinforced_concrete_block", "heavy_gun"),
    ("timber_earth_bunker", "trebuchet"), ("siege_tower", "shell"),
]


@pytest.mark.parametrize("ladder_mode", ["hull", "as_written"])
@pytest.mark.parametrize("kind,weapon_id", ARMORY_CASES)
@pytest.mark.parametrize("state", ["fresh", "cracked", "gate_down", "burning"])
def test_armory_hook_matches_the_engine(kind, weapon_id, state, ladder_mode):
    siege = armory_siege((kind, "t"), ladder_mode=ladder_mode)
    structure = siege.structures["t"]
    if state == "cracked":
        structure.hull_suffered, structure.ladder = structure.hull // 2, "cracked"
    elif state == "gate_down":
        structure.hull_suffered, structure.ladder = structure.hull, "breached"
    elif state == "burning":
        structure.burning = structure.burns or structure.has_flag("burns")
    weapon = siege.weapons[weapon_id]
    for successes in range(0, 5):
        for boons in range(0, 5):
            first = armory_hit(structure, weapon, successes, boons, ladder_mode=ladder_mode)
            for fire in ([1, 5, 6] if first.needs_fire else [None]):
                effect = ruleset_of(siege).shot_effects(structure, weapon, successes, boons,
                                                        ladder_mode=ladder_mode, fire=fire)
                scripted = ScriptedDice([fire] if fire is not None else [])
                outcome = engine.apply(siege, FireAt(weapon_id=weapon_id, at=centre(0),
                                                     successes=successes, boons=boons),
                                       scripted)
                assert scripted.remaining == 0
                after = outcome.structures.get("t", (None, structure))[1]
                inner = after.inner_layer
                seen = (after.hull_suffered, after.ladder, after.burning,
                        inner.suffered if inner else None, inner.ladder if inner else None)
                assert seen == (effect.suffered, effect.ladder, effect.burning,
                                effect.inner_suffered, effect.inner_ladder), (
                    effect, outcome.lines)
