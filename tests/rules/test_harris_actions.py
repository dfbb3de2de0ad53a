"""The DP ruleset through the engine: shots, blasts, collapse, repair, the trapped, overrides,
demolition. Every roll is scripted and every scripted die must be used."""

from __future__ import annotations

import pytest

from siegeboard.geometry import StructureIndex
from siegeboard.model import (
    Demolish,
    FireAt,
    FreeTrapped,
    GMOverride,
    Repair,
    TaskRoll,
)
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import RuleError, apply, apply_in_place


def run(siege, action, dice=(), **kwargs):
    """Apply ``action`` in place with exactly the scripted ``dice``."""
    scripted = ScriptedDice(dice)
    outcome = apply_in_place(siege, action, scripted, **kwargs)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice unused"
    return outcome


def kinds(outcome, structure_id=None):
    return [event.kind for event in outcome.events
            if structure_id is None or event.structure_id == structure_id]


def set_state(siege, structure_id, **state):
    run(siege, GMOverride(structure_id=structure_id, **state))


# ---- the text's worked examples ---------------------------------------------------------

def test_farmhouse_example_tank_round_gives_23d6_split_among_the_infantry(harris_siege):
    farm = harris_siege.structures["farm"]
    personnel = [4] * 20 + [1, 1, 2]          # 23D6 = 84
    collapse = [1, 2, 1, 3, 1, 4, 1, 5]       # each of 4: 1 hit of 1D6
    outcome = run(harris_siege, FireAt(weapon_id="tank_gun", at=(25, 5), range_m=400),
                  [3, 4] + personnel + collapse)
    text = "\n".join(outcome.lines)
    assert "Large calibre: + 2D6 (3 + 4) = 117" in text
    assert "Penetration 117 against AV 3: above it, attack value 117; it penetrates" in text
    assert "26 - 3 = 23D6 = 84" in text
    farm = harris_siege.structures["farm"]
    assert [person.damage for person in farm.occupants] == [21 + 2, 21 + 3, 21 + 4, 21 + 5]
    assert farm.dp == 0 and farm.collapsed and farm.cleared
    assert kinds(outcome, "farm") == ["hit", "personnel_damage", "collapsed", "cleared"]
    assert outcome.entry.square == "C1"


def test_bunker_example_penetration_45_against_av_50(harris_siege):
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(4, 5), range_m=300))
    assert "Penetration 45 against AV 50: above half, attack value 45 / 2 = 23" in outcome.lines
    assert "Bunker: DP 300 -> 277 (attack value 23)" in outcome.lines
    assert harris_siege.structures["bunker"].dp == 277
    assert [person.damage for person in harris_siege.structures["bunker"].occupants] == [0, 0]


def test_catapult_penetration_0_removes_1_dp(harris_siege):
    outcome = run(harris_siege, FireAt(weapon_id="catapult", at=(25, 5), range_m=100))
    assert "Penetration 0 against AV 3: below half, attack value 1" in outcome.lines
    assert harris_siege.structures["farm"].dp == 26


def test_range_is_measured_from_the_battery(harris_siege):
    # battery at (25, 405), target (4, 5): sqrt(21^2 + 400^2) = 400.55 m
    outcome = run(harris_siege, FireAt(weapon_id="gun45", battery_id="battery", at=(4, 5)))
    assert "Gun 45 at 400.6 m (from Battery), square A1" in outcome.lines[0]


# ---- H4 small arms, GM modifier, errors -----------------------------------------------------

@pytest.mark.parametrize("roll, dp", [(1, 299), (7, 300)])
def test_rifle_below_half_the_av_rolls_1d20(harris_siege, roll, dp):
    outcome = run(harris_siege, FireAt(weapon_id="rifle", at=(4, 5), range_m=50), [roll])
    assert harris_siege.structures["bunker"].dp == dp
    assert any("small arm: 1D20 = " + str(roll) in line for line in outcome.lines)
    assert outcome.rolls[0].sides == 20


def test_gm_modifier_is_added_to_penetration(harris_siege):
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(4, 5), range_m=300, modifier=6))
    assert "Penetration 51 against AV 50: above it, attack value 51; it penetrates" in outcome.lines
    # damage 10 - AV 50: no D6 for those inside
    assert harris_siege.structures["bunker"].dp == 249


def test_negative_final_penetration_counts_as_0(harris_siege):
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(4, 5), range_m=300, modifier=-60))
    assert "Final penetration -15 is below 0: it counts as 0" in outcome.lines


def test_out_of_range_is_refused_and_changes_nothing(harris_siege):
    before = harris_siege.model_dump()
    with pytest.raises(RuleError, match="out of range"):
        apply(harris_siege, FireAt(weapon_id="rifle", at=(4, 5), range_m=900), ScriptedDice([]))
    assert harris_siege.model_dump() == before


@pytest.mark.parametrize("action, message", [
    (FireAt(weapon_id="nope", at=(4, 5), range_m=1), "no weapon 'nope'"),
    (FireAt(weapon_id="gun45", at=(4, 5)), "battery_id"),
    (FireAt(weapon_id="gun45", at=(4, 5), battery_id="nope"), "no battery 'nope'"),
    (FireAt(weapon_id="gun45", at=(4, 5), range_m=1, target_id="nope"), "no structure 'nope'"),
])
def test_bad_fire_actions_are_refused(harris_siege, action, message):
    with pytest.raises(RuleError, match=message):
        apply(harris_siege, action, ScriptedDice([]))


def test_target_id_names_the_structure_hit_even_off_its_footprint(harris_siege):
    run(harris_siege, FireAt(weapon_id="gun45", at=(60, 60), range_m=10, target_id="town"))
    assert harris_siege.structures["town"].dp == 155  # 45 > AV 5: attack 45, nobody inside


def test_non_explosive_round_on_open_ground_does_nothing(harris_siege):
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(60, 60), range_m=10))
    assert "The round lands on open ground: no structure is hit" in outcome.lines
    assert outcome.changed_ids == [] and outcome.entry.square == "G7"


# ---- H6 blasts --------------------------------------------------------------------------

def test_explosive_hit_loses_attack_value_and_full_concussion_and_blasts_around(harris_siege):
    # HE: 38 + 2D6 (3, 4) = 45 on the bunker in A1: 23 + 40 = 63. Fire roll 2: no fire.
    outcome = run(harris_siege, FireAt(weapon_id="he_shell", at=(4, 5), range_m=1000), [3, 4, 2])
    dp = {key: s.dp for key, s in harris_siege.structures.items()}
    assert dp["bunker"] == 300 - 63
    assert "Bunker: DP 300 -> 237 (attack value 23 + full concussion 40)" in outcome.lines
    # farm C1: 2 squares (10); timber D1: 3 (5); town E1: 4 (2.5 -> 3); wall A4-C4: 3 (5);
    # shed I9: 8 squares, beyond the reach of 40 (6 squares)
    assert dp == {"bunker": 237, "farm": 17, "timber": 31, "town": 197, "wall": 2020, "shed": 1}
    concussions = {e.structure_id: e.detail["squares_away"] for e in outcome.events
                   if e.kind == "concussion"}
    assert concussions == {"farm": 2, "timber": 3, "town": 4, "wall": 3}
    assert any("concussion 40 / 2^4 = 3 at 4 squares" in line for line in outcome.lines)


def test_burst_on_open_ground_still_deals_concussion(harris_siege):
    # grenade (C 4) in B5: the wall (row 4 -> A4..C4) is 1 square away: 2; all else beyond reach
    outcome = run(harris_siege, FireAt(weapon_id="grenade", at=(15, 45), range_m=20))
    assert outcome.entry.square == "B5"
    assert "The round lands on open ground: no structure is hit" in outcome.lines
    assert harris_siege.structures["wall"].dp == 2023
    assert kinds(outcome) == ["concussion"]


@pytest.mark.parametrize("falloff, expected", [
    ("halving", {"wall": 2015, "farm": 26, "bunker": 299, "timber": 35, "town": 199, "shed": 1}),
    ("one_over_d_plus_1",
     {"wall": 2012, "farm": 20, "bunker": 293, "timber": 29, "town": 193, "shed": 0}),
])
def test_concussion_falloff_option(harris_siege, falloff, expected):
    # Mortar (C 40) on open ground in B6: wall 2 squares away, row 1 buildings 5, shed 7.
    harris_siege.options.concussion_falloff = falloff
    run(harris_siege, FireAt(weapon_id="mortar", at=(15, 55), range_m=100))
    assert {key: s.dp for key, s in harris_siege.structures.items()} == expected


def test_blast_asks_the_index_only_for_the_squares_in_reach(harris_siege):
    index = StructureIndex.for_structures(harris_siege.structures)
    asked = []
    real = index.in_bounds

    def spy(bounds):
        asked.append(bounds)
        return real(bounds)

    index.in_bounds = spy
    index.all_ids = None  # a full scan would fail loudly
    run(harris_siege, FireAt(weapon_id="grenade", at=(15, 45), range_m=20), index=index)
    # grenade C 4 reaches 3 squares: B5 +- 3 squares -> columns -2..4, rows 1..7
    assert asked == [(-20.0, 10.0, 50.0, 80.0)]


# ---- H7 collapse, rubble, cleared ---------------------------------------------------------

def test_collapse_exactly_at_half_traps_everyone_once(harris_siege):
    set_state(harris_siege, "bunker", dp=151)
    outcome = run(harris_siege, FireAt(weapon_id="catapult", at=(4, 5), range_m=10),
                  [2, 3, 4, 1, 6])  # Able: 2 hits (3 + 4); Baker: 1 hit (6)
    bunker = harris_siege.structures["bunker"]
    assert bunker.dp == 150 and bunker.collapsed
    assert [(p.hits, p.damage, p.trapped) for p in bunker.occupants] == [(2, 7, True), (1, 6, True)]
    assert "Able: 2 hits of 1D6 (3 + 4 = 7 damage), trapped" in outcome.lines
    assert kinds(outcome, "bunker") == ["hit", "collapsed"]
    # a second hit below half: no second collapse, no dice
    again = run(harris_siege, FireAt(weapon_id="catapult", at=(4, 5), range_m=10))
    assert "collapsed" not in kinds(again)


def test_one_above_half_does_not_collapse(harris_siege):
    set_state(harris_siege, "bunker", dp=152)
    run(harris_siege, FireAt(weapon_id="catapult", at=(4, 5), range_m=10))
    assert harris_siege.structures["bunker"].dp == 151
    assert not harris_siege.structures["bunker"].collapsed


def test_rubble_meets_a_hit_with_half_the_av_and_keeps_the_make(harris_siege):
    set_state(harris_siege, "bunker", dp=100, collapsed=True)
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(4, 5), range_m=10))
    assert "Hit on Bunker (A1): AV 25 (rubble: 50 / 2, rounded half up)" in outcome.lines
    assert "Penetration 45 against AV 25: above it, attack value 45; it penetrates" in outcome.lines
    assert "Damage 10 - AV 25 is not above 0: no harm to those inside" in outcome.lines
    assert harris_siege.structures["bunker"].armor == 50
    assert harris_siege.structures["bunker"].dp == 55


def test_dp_never_goes_below_0_and_cleared_comes_once(harris_siege):
    set_state(harris_siege, "town", dp=10, collapsed=True)
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(45, 5), range_m=10))
    town = harris_siege.structures["town"]
    assert town.dp == 0 and town.cleared
    assert kinds(outcome, "town") == ["hit", "cleared"]
    again = run(harris_siege, FireAt(weapon_id="gun45", at=(45, 5), range_m=10))
    assert "Hit on Townhouse (E1): AV 0 (cleared: the rubble is gone, no cover)" in again.lines
    assert "Townhouse: DP stays 0 (attack value 45)" in again.lines
    assert kinds(again, "town") == ["hit"]


def test_a_cleared_structure_gives_no_cover_to_those_inside(harris_siege):
    set_state(harris_siege, "farm", dp=0, collapsed=True, cleared=True)
    outcome = run(harris_siege, FireAt(weapon_id="gun45", at=(25, 5), range_m=10),
                  [1] * 10)  # damage 10 - AV 0 = 10D6 = 10, split among 4
    assert "Those inside take 10 - 0 = 10D6 = 10, split among 4: Ann 3, Bob 3, Cy 2, Dee 2" \
        in outcome.lines


# ---- H9 ignition by a hit -----------------------------------------------------------------

@pytest.mark.parametrize("roll, level", [(4, 0), (5, 3), (6, 3)])
def test_incendiary_hit_ignites_on_6_or_more_with_plus_1(harris_siege, roll, level):
    # firebomb pen 5 vs timber AV 2: attack 5, DP 36 -> 31; level max(1, 5 - 2) = 3
    outcome = run(harris_siege, FireAt(weapon_id="firebomb", at=(35, 5), range_m=10), [roll])
    timber = harris_siege.structures["timber"]
    assert timber.dp == 31 and timber.fire_level == level
    assert f"1D6 = {roll} + 1 incendiary = {roll + 1}" in "\n".join(outcome.lines)
    assert ("ignited" in kinds(outcome)) is (level > 0)
    assert not timber.out_of_control  # 3 x 10 = 30 is not above 36


@pytest.mark.parametrize("roll, level", [(5, 0), (6, 1)])
def test_explosive_hit_ignites_on_a_6_at_least_level_1(harris_siege, roll, level):
    # mortar pen 10 vs bunker AV 50: level max(1, 10 - 50) = 1
    run(harris_siege, FireAt(weapon_id="mortar", at=(4, 5), range_m=10), [roll])
    assert harris_siege.structures["bunker"].fire_level == level


def test_a_burning_structure_keeps_the_higher_level(harris_siege):
    set_state(harris_siege, "timber", fire_level=2)
    outcome = run(harris_siege, FireAt(weapon_id="firebomb", at=(35, 5), range_m=10), [6])
    assert harris_siege.structures["timber"].fire_level == 3
    assert "Timber house: fire level 2 -> 3 (the higher level is kept)" in outcome.lines
    set_state(harris_siege, "timber", fire_level=9, out_of_control=False)
    outcome = run(harris_siege, FireAt(weapon_id="firebomb", at=(35, 5), range_m=10), [6])
    assert harris_siege.structures["timber"].fire_level == 9
    assert "ignited" not in kinds(outcome)


def test_ignition_above_a_tenth_is_out_of_control_at_once(harris_siege):
    # gun45 would not burn; the incendiary shell: 20 + 2D6 (1, 1) = 22 vs AV 2: level 20 > 36/10
    outcome = run(harris_siege, FireAt(weapon_id="incendiary_shell", at=(35, 5), range_m=500),
                  [1, 1, 5])
    timber = harris_siege.structures["timber"]
    assert timber.fire_level == 20 and timber.out_of_control
    assert kinds(outcome, "timber")[-2:] == ["ignited", "out_of_control"]


def test_no_fire_roll_at_dp_0(harris_siege):
    outcome = run(harris_siege, FireAt(weapon_id="mortar", at=(83, 83), range_m=10))
    # shed DP 1: 1 + 40 -> 0, collapses (nobody inside), cleared; nothing left to burn
    assert harris_siege.structures["shed"].fire_level == 0
    assert "Wooden shed or barn: nothing left to burn at DP 0, no fire roll" in outcome.lines


# ---- H8 repair ---------------------------------------------------------------------------

@pytest.mark.parametrize("team, engineer, skill, roll, outcome", [
    (3, True, 10, 5, "success"),      # Difficult: 10 x 1/2 = 5
    (3, True, 10, 6, "failure"),
    (3, False, 12, 3, "success"),     # no engineer: Formidable, 12 x 1/4 = 3
    (3, False, 12, 4, "failure"),
    (2, True, 12, 3, "success"),      # Formidable
    (2, True, 12, 4, "failure"),
    (1, True, 16, 2, "success"),      # Impossible: 16 x 1/8 = 2
    (1, True, 16, 3, "failure"),
])
def test_repair_difficulty_by_team(harris_siege, team, engineer, skill, roll, outcome):
    set_state(harris_siege, "bunker", dp=290)
    result = run(harris_siege, Repair(structure_id="bunker", team_size=team, engineer=engineer,
                                      task=TaskRoll(skill=skill)), [roll])
    assert harris_siege.structures["bunker"].dp == (291 if outcome == "success" else 290)
    assert any(line.endswith(outcome) for line in result.lines)


def test_outstanding_repair_restores_1d6_plus_1_capped_at_the_original(harris_siege):
    set_state(harris_siege, "bunker", dp=290)
    run(harris_siege, Repair(structure_id="bunker", team_size=3,
                             task=TaskRoll(outcome="outstanding")), [4])
    assert harris_siege.structures["bunker"].dp == 295
    outcome = run(harris_siege, Repair(structure_id="bunker", team_size=3,
                                       task=TaskRoll(outcome="outstanding")), [6])
    assert harris_siege.structures["bunker"].dp == 300
    assert "capped at 300 (the original DP)" in outcome.lines[-1]
    with pytest.raises(RuleError, match="nothing to repair"):
        apply(harris_siege, Repair(structure_id="bunker", team_size=3,
                                   task=TaskRoll(outcome="success")), ScriptedDice([]))


def test_a_collapsed_structure_is_repaired_to_half_and_stays_collapsed(harris_siege):
    set_state(harris_siege, "bunker", dp=148, collapsed=True)
    run(harris_siege, Repair(structure_id="bunker", team_size=3,
                             task=TaskRoll(outcome="outstanding")), [6])
    bunker = harris_siege.structures["bunker"]
    assert bunker.dp == 150 and bunker.collapsed
    with pytest.raises(RuleError, match="stays collapsed"):
        apply(harris_siege, Repair(structure_id="bunker", team_size=3,
                                   task=TaskRoll(outcome="success")), ScriptedDice([]))


def test_repairing_a_cleared_structure_heaps_the_rubble_back(harris_siege):
    set_state(harris_siege, "bunker", dp=0, collapsed=True, cleared=True)
    run(harris_siege, Repair(structure_id="bunker", team_size=3, task=TaskRoll(outcome="success")))
    bunker = harris_siege.structures["bunker"]
    assert (bunker.dp, bunker.collapsed, bunker.cleared) == (1, True, False)


def test_failed_repair_restores_nothing(harris_siege):
    set_state(harris_siege, "bunker", dp=290)
    outcome = run(harris_siege, Repair(structure_id="bunker", team_size=2,
                                       task=TaskRoll(outcome="catastrophic")))
    assert harris_siege.structures["bunker"].dp == 290 and "repaired" not in kinds(outcome)


# ---- H7 freeing the trapped ---------------------------------------------------------------

def _collapse_bunker(siege):
    set_state(siege, "bunker", dp=151)
    run(siege, FireAt(weapon_id="catapult", at=(4, 5), range_m=10), [1, 1, 1, 1])


def test_freeing_a_trapped_person_is_a_formidable_strength_task(harris_siege):
    _collapse_bunker(harris_siege)
    outcome = run(harris_siege, FreeTrapped(structure_id="bunker", occupant="Baker",
                                            task=TaskRoll(skill=8)), [3])  # 8 x 1/4 = 2: fail
    assert harris_siege.structures["bunker"].occupants[1].trapped
    assert "Baker is still trapped" in outcome.lines
    outcome = run(harris_siege, FreeTrapped(structure_id="bunker", occupant="Baker",
                                            task=TaskRoll(skill=8)), [2])
    assert not harris_siege.structures["bunker"].occupants[1].trapped
    assert harris_siege.structures["bunker"].occupants[0].trapped
    assert kinds(outcome) == ["freed"]


def test_freeing_someone_not_trapped_or_absent_is_refused(harris_siege):
    for name, message in (("Able", "not trapped"), ("Zed", "nobody named 'Zed'")):
        with pytest.raises(RuleError, match=message):
            apply(harris_siege, FreeTrapped(structure_id="bunker", occupant=name,
                                            task=TaskRoll(outcome="success")), ScriptedDice([]))


# ---- GM override ---------------------------------------------------------------------------

def test_override_sets_state_logs_it_and_applies_no_rule(harris_siege):
    outcome = run(harris_siege, GMOverride(structure_id="bunker", dp=100, reason="sappers"))
    bunker = harris_siege.structures["bunker"]
    assert bunker.dp == 100 and not bunker.collapsed
    assert outcome.lines == ["GM override on Bunker (sappers): DP 300 -> 100. No rule applied"]
    assert kinds(outcome) == ["override"]
    assert harris_siege.log[-1].action.reason == "sappers"


def test_override_of_fire_level_judges_out_of_control(harris_siege):
    run(harris_siege, GMOverride(structure_id="timber", fire_level=4))
    assert harris_siege.structures["timber"].out_of_control
    run(harris_siege, GMOverride(structure_id="timber", fire_level=0))
    assert not harris_siege.structures["timber"].out_of_control
    run(harris_siege, GMOverride(structure_id="timber", fire_level=1, out_of_control=True))
    assert harris_siege.structures["timber"].out_of_control


@pytest.mark.parametrize("kwargs, message", [
    (dict(dp=301), "above Bunker's original DP 300"),
    (dict(hull_suffered=1), "Hull-ruleset"),
    (dict(burning=True), "Hull-ruleset"),
    (dict(reason="nothing"), "at least one"),
])
def test_bad_overrides_are_refused(harris_siege, kwargs, message):
    with pytest.raises(RuleError, match=message):
        apply(harris_siege, GMOverride(structure_id="bunker", **kwargs), ScriptedDice([]))


# ---- demolition ----------------------------------------------------------------------------

def test_demolition_charge_hits_at_range_0_like_a_shot(harris_siege):
    # pen 60 > AV 50: 60 + concussion 60 = 120; fire roll 2. Blast (reach 6): farm 2 squares
    # 60/4 = 15 -> DP 12, collapses: four occupants, 1 hit of 1D6 each.
    outcome = run(harris_siege, Demolish(structure_id="bunker", weapon_ids=["demolition_charge"]),
                  [2] + [1, 3] * 4)
    dp = {key: s.dp for key, s in harris_siege.structures.items()}
    assert dp == {"bunker": 180, "farm": 12, "timber": 28, "town": 196, "wall": 2017, "shed": 1}
    assert outcome.lines[0] == "Demolition of Bunker: 1 charge, each a hit at range 0"
    assert harris_siege.structures["farm"].collapsed
    assert outcome.entry.square == "A1"


def test_two_charges_hit_one_after_the_other(harris_siege):
    outcome = run(harris_siege, Demolish(structure_id="shed", weapon_ids=["demolition_charge"] * 2,
                                         on_pier=True))
    assert harris_siege.structures["shed"].cleared
    assert ("On a pier: that is a Hull-ruleset rule (ruling A7), no effect in the DP ruleset"
            in outcome.lines)
    assert "Wooden shed or barn: DP stays 0 (attack value 60 + full concussion 60)" in outcome.lines


def test_demolish_with_an_unknown_charge_is_refused(harris_siege):
    with pytest.raises(RuleError, match="no weapon 'nope'"):
        apply(harris_siege, Demolish(structure_id="bunker", weapon_ids=["nope"]), ScriptedDice([]))
