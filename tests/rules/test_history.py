"""R2: the log is the whole history. Settings changes and edits in play are log entries; the
siege keeps its beginning (``base``); replaying the log on it gives the same siege; a long
clock advance logs its seed and what it changed, not its rolls."""

from __future__ import annotations

import pytest

from siegeboard.model import (
    AdvanceClock, Battery, ChangeSettings, Demolish, EditBoard, FireAt, RulesetOptions, Siege,
)
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import RandomDice, ScriptedDice
from siegeboard.rules.engine import RuleError, apply, apply_in_place, replay_log

from armory_fixtures import armory_siege
from conftest import build_harris_siege, rect

HALVING_TO_D_PLUS_1 = RulesetOptions(concussion_falloff="one_over_d_plus_1")


def play(siege: Siege, action, dice=()):
    scripted = ScriptedDice(dice)
    outcome = apply_in_place(siege, action, scripted)
    assert scripted.remaining == 0
    return outcome


def same(a: Siege, b: Siege) -> bool:
    return a.model_dump(mode="json") == b.model_dump(mode="json")


def mortar_on_bunker() -> FireAt:
    return FireAt(weapon_id="mortar", at=(4, 4), range_m=100, target_id="bunker")


def test_the_first_entry_keeps_the_siege_before_it_and_its_undo_forgets_it():
    siege = build_harris_siege()
    before = siege.model_copy(deep=True)
    # Gun 45 on the bunker (AV 50): 45 >= 25, attack value 23, no dice.
    first = apply(siege, FireAt(weapon_id="gun45", at=(4, 4), range_m=100), ScriptedDice([]))
    first.apply_to(siege)
    assert siege.structures["bunker"].dp == 300 - 23
    assert siege.base is not None and same(siege.base, before)
    play(siege, FireAt(weapon_id="gun45", at=(4, 4), range_m=100))
    assert same(siege.base, before)  # only the first entry sets it
    siege.log.pop()  # (the second entry undone by hand: its outcome is not kept here)
    siege.structures["bunker"] = siege.structures["bunker"].model_copy(update={"dp": 277})
    first.revert(siege)
    assert siege.base is None and same(siege, before)


def _two_bursts(*, logged: bool) -> Siege:
    siege = build_harris_siege()
    siege.structures["farm"].occupants = []  # its collapse then rolls no dice
    # Mortar (penetration 10, concussion 40) on the bunker in A1: the farm in C1 is 2 squares
    # away. C / 2^d: 40 / 4 = 10, farm 27 -> 17. The fire roll 1D6 = 5: no fire.
    play(siege, mortar_on_bunker(), [5])
    assert siege.structures["farm"].dp == 17
    if logged:
        play(siege, ChangeSettings(options=HALVING_TO_D_PLUS_1))
    else:
        siege.options = HALVING_TO_D_PLUS_1  # as before R2: outside the log
    # C / (d + 1): 40 / 3 = 13.3 -> 13, farm 17 -> 4, at or below 27 / 2: it collapses.
    play(siege, mortar_on_bunker(), [5])
    assert siege.structures["farm"].dp == 4 and siege.structures["farm"].collapsed
    return siege


def test_a_settings_change_between_two_shots_is_logged_and_replays_to_the_same_siege():
    siege = _two_bursts(logged=True)
    assert siege.log[1].lines == [
        "Siege settings changed: Concussion fall-off: C / 2^d, halved each square (ruling H6, "
        "default) -> C / (d + 1) (ruling H6 option)"]
    assert same(replay_log(siege), siege)


def test_a_settings_change_outside_the_log_would_replay_otherwise():
    # The audit's finding, kept as the witness: replayed with the old fall-off, the second
    # burst gives the farm 40 / 4 = 10 (17 -> 7, not 4).
    siege = _two_bursts(logged=False)
    assert replay_log(siege).structures["farm"].dp == 7


def test_edits_in_play_are_logged_and_replay():
    siege = build_harris_siege()
    play(siege, FireAt(weapon_id="gun45", at=(4, 4), range_m=100))
    # Move the townhouse 10 m east, add a hut, remove the shed, add a battery.
    town = siege.structures["town"]
    moved = town.model_copy(update={"footprint": [(x + 10, y) for x, y in town.footprint]})
    hut = new_structure("harris", "wooden_shed", "hut", rect(60, 60, 64, 64))
    battery = Battery(id="b2", name="Second battery", position=(0.0, 300.0), weapon_id="mortar")
    outcome = play(siege, EditBoard(title="Rework the town", structures={
        "town": moved, "hut": hut, "shed": None}, batteries={"b2": battery}))
    assert outcome.lines == ["Edit in play: Rework the town (3 structures, 1 battery). "
                             "No rule applied"]
    assert "shed" not in siege.structures and siege.structures["hut"] == hut
    assert siege.batteries["b2"] == battery
    play(siege, mortar_on_bunker(), [5])
    assert same(replay_log(siege), siege)


@pytest.mark.parametrize("edit, message", [
    (EditBoard(weapons={"tank_gun": None}), "batteries.battery.weapon_id: no weapon 'tank_gun'"),
    (EditBoard(structures={"x": None}, weapons={}), None),
    (EditBoard(), "name at least one structure, weapon or battery"),
    (ChangeSettings(name="Test siege"), "nothing differs"),
    # R4: a hut at x = -99,990 m, the siege's shed reaching x = 84 m: 100,074 m across
    (EditBoard(structures={"far": new_structure(
        "harris", "wooden_shed", "far", rect(-99_990, 0, -99_986, 4))}),
     "the siege would span 100.1 km; a siege spans at most 100 km"),
])
def test_edits_that_would_break_the_siege_are_refused(edit, message):
    siege = build_harris_siege()
    if message is None:  # removing what is not there changes nothing but is no error
        play(siege, edit)
        return
    with pytest.raises(RuleError, match=message):
        apply(siege, edit, ScriptedDice([]))


def test_a_catalogue_weapon_joins_the_siege_through_the_log():
    # The catapult (penetration 0: attack value 1) is not among the siege's weapons; the
    # shot adopts it from the catalogue into the entry's outcome, so a replay finds it.
    siege = build_harris_siege()
    del siege.weapons["catapult"]
    outcome = play(siege, FireAt(weapon_id="catapult", at=(4, 4), range_m=100))
    assert "catapult" in outcome.fields["weapons"][1] and "catapult" in siege.weapons
    assert siege.structures["bunker"].dp == 299
    assert same(replay_log(siege), siege)


def _burning_town() -> Siege:
    siege = build_harris_siege()
    siege.structures["timber"].fire_level = 40
    siege.structures["timber"].out_of_control = True
    play(siege, FireAt(weapon_id="gun45", at=(4, 4), range_m=100))
    return siege


def test_an_advance_over_an_hour_logs_its_seed_and_what_it_changed_not_its_rolls():
    # 721 turns (an hour and a turn) with the program's dice of seed 1234: the timber house
    # burns to nothing and its fire spreads (townhouse 2 m off, farm 4 m), which burn down
    # too: the spread dice are kept nowhere; the entry holds the seed and a digest, and the
    # replay rolls them again.
    siege = _burning_town()
    outcome = apply_in_place(siege, AdvanceClock(turns=721), RandomDice(1234))
    entry = siege.log[-1]
    assert entry.rolls == [] and entry.dice_seed == 1234 and len(entry.digest) == 64
    assert entry.lines[0] == ("Clock: turn 0 -> 721 (721 turns); 10 dice rolled by the program "
                              "(seed 1234), not kept: a replay rolls them again")
    assert any(line.startswith("Timber house: DP 36 -> 0") for line in entry.lines)
    assert not any(e.kind in ("fire_grew", "fire_damage") for e in outcome.events)
    assert same(replay_log(siege), siege)
    tampered = siege.model_copy(deep=True)
    tampered.log[-1] = entry.model_copy(update={"digest": "0" * 64})
    with pytest.raises(RuleError, match="entry 2 changed the siege otherwise on replay"):
        replay_log(tampered)


def test_an_advance_of_an_hour_or_typed_dice_keeps_its_rolls():
    siege = _burning_town()
    apply_in_place(siege, AdvanceClock(turns=720), RandomDice(99))
    assert siege.log[-1].dice_seed is None and siege.log[-1].rolls
    assert same(replay_log(siege), siege)


def test_the_hull_ruleset_logs_settings_and_edits_too():
    # Cannon (Hull 6, Pierce 1, gunpowder, Standard) on a stone curtain wall (Armor 4,
    # vulnerable to guns -2): 6 + 2 Successes - max(0, 2 - 1) = 7 of Hull 20.
    siege = armory_siege(("stone_curtain_wall", "W"), ("iron_bound_door", "D"))
    play(siege, FireAt(weapon_id="cannon", at=(2, 1.5), target_id="W", successes=2))
    assert siege.structures["W"].hull_suffered == 7
    play(siege, ChangeSettings(options=RulesetOptions(ladder_mode="as_written")))
    play(siege, EditBoard(structures={"D": None}))
    play(siege, Demolish(structure_id="W", weapon_ids=["demolition_charge"]))
    assert same(replay_log(siege), siege)
    assert [entry.action.type for entry in siege.log] == ["fire", "settings", "edit", "demolish"]
