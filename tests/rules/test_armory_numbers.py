"""The Hull ruleset's arithmetic (A2-A4, A7-A9): pure functions, no siege."""

from __future__ import annotations

import pytest
from armory_fixtures import footprint

from siegeboard.model import MOUNT_ORDER, HullLayer, Weapon
from siegeboard.rules import armory
from siegeboard.rules.build import new_structure


def structure(kind: str, **update):
    made = new_structure("armory", kind, "s", footprint(0), name="S")
    return made.model_copy(update=update)


def gun(mount="standard", gunpowder=True, **extra) -> Weapon:
    return Weapon(id="g", name="G", mount=mount, gunpowder=gunpowder, **extra)


# --- A2: damage of a hit ---------------------------------------------------------------------

@pytest.mark.parametrize("hull_damage, successes, armor, pierce, expected", [
    (6, 2, 4, 0, 4),     # 6 + 2 - 4
    (6, 2, 4, 1, 5),     # Pierce is taken from Armor
    (6, 2, 1, 3, 8),     # Pierce beyond Armor adds nothing
    (1, 0, 5, 0, 0),     # never below 0
    (0, 0, 0, 0, 0),
])
def test_hit_damage_is_hull_damage_plus_successes_less_armor_and_pierce(
        hull_damage, successes, armor, pierce, expected):
    assert armory.hit_damage(hull_damage, successes, armor, pierce=pierce) == expected


@pytest.mark.parametrize("boons, crit, extra", [
    (0, 2, 0), (1, 2, 0), (2, 2, 2), (3, 2, 2), (4, 2, 4), (5, 2, 4),
    (2, 3, 0), (3, 3, 2), (4, 3, 2), (6, 3, 4),
    (5, 0, 0),           # no Crit: Boons give nothing
])
def test_boons_at_and_around_the_crit_value_give_two_per_crit(boons, crit, extra):
    assert armory.boon_extra(boons, crit) == extra
    assert armory.hit_damage(6, 0, 0, boons=boons, crit=crit) == 6 + extra


def test_the_worked_line_of_the_brief():
    # Cannon 6 + 2 successes + 4 Boons at Crit 2 (+4), curtain wall Armor 4 - 2 (guns), Pierce 1.
    assert armory.hit_damage(6, 2, 2, pierce=1, boons=4, crit=2) == 11


@pytest.mark.parametrize("name, value", [
    ("hull_damage", -1), ("successes", -1), ("armor", -2), ("pierce", -1), ("boons", -1),
    ("crit", -1),
])
def test_hit_damage_refuses_negative_input_naming_it(name, value):
    arguments = {"hull_damage": 1, "successes": 1, "armor": 1, "pierce": 0, "boons": 0,
                 "crit": 0, name: value}
    with pytest.raises(ValueError, match=name):
        armory.hit_damage(arguments.pop("hull_damage"), arguments.pop("successes"),
                          arguments.pop("armor"), **arguments)


def test_hit_damage_refuses_non_integers():
    with pytest.raises(ValueError, match="successes"):
        armory.hit_damage(6, 1.5, 2)
    with pytest.raises(ValueError, match="armor"):
        armory.hit_damage(6, 1, True)


# --- A4: the Breach Ladder ------------------------------------------------------------------

@pytest.mark.parametrize("suffered, hull, state", [
    (0, 20, "intact"), (9, 20, "intact"), (10, 20, "cracked"), (19, 20, "cracked"),
    (20, 20, "breached"), (25, 20, "breached"),
    (2, 5, "intact"), (3, 5, "cracked"),          # half of 5 is 2.5: 3 is half or more
    (0, 1, "intact"), (1, 1, "breached"),
    (0, 2, "intact"), (1, 2, "cracked"), (2, 2, "breached"),
])
def test_ladder_by_hull_suffered(suffered, hull, state):
    assert armory.ladder_state(suffered, hull) == state


def test_ladder_state_refuses_a_zero_hull():
    with pytest.raises(ValueError, match="hull"):
        armory.ladder_state(0, 0)


@pytest.mark.parametrize("current, damage, hull, after", [
    ("intact", 9, 20, "intact"),      # below half: nothing
    ("intact", 10, 20, "cracked"),    # half: one step
    ("intact", 40, 20, "cracked"),    # never more than one step
    ("cracked", 9, 20, "cracked"),
    ("cracked", 10, 20, "breached"),
    ("breached", 20, 20, "breached"),
    ("intact", 3, 5, "cracked"),      # 3 is at least half of 5
    ("intact", 2, 5, "intact"),
    ("intact", 0, 1, "intact"),
])
def test_ladder_as_written_moves_one_step_per_big_hit(current, damage, hull, after):
    assert armory.ladder_as_written(current, damage, hull) == after


def test_ladder_after_hit_never_climbs_back_and_refuses_unknown_modes():
    assert armory.ladder_after_hit("breached", 0, 0, 20, "hull") == "breached"
    with pytest.raises(ValueError, match="ladder_mode"):
        armory.ladder_after_hit("intact", 0, 0, 20, "sideways")


def test_suffer_caps_at_the_hull_and_earth_stops_short_of_breached():
    layer = HullLayer(name="L", armor=2, hull=6)
    assert armory.suffer(layer, 9, mode="hull").suffered == 6
    earth = HullLayer(name="E", armor=3, hull=12, suffered=10, ladder="cracked")
    capped = armory.suffer(earth, 5, mode="hull", can_breach=False)
    assert (capped.suffered, capped.ladder) == (11, "cracked")
    as_written = armory.suffer(earth, 6, mode="as_written", can_breach=False)
    assert as_written.ladder == "cracked"
    assert layer.suffered == 0  # the given layer is left alone


# --- A3: effective Armor --------------------------------------------------------------------

@pytest.mark.parametrize("mount", MOUNT_ORDER)
@pytest.mark.parametrize("kind", ["stone_curtain_wall", "stone_tower"])
def test_vulnerable_to_guns_against_each_mount(kind, mount):
    wall = structure(kind)
    armor, parts = armory.effective_armor(wall, gun(mount))
    big = MOUNT_ORDER.index(mount) >= MOUNT_ORDER.index("standard")
    assert armor == wall.armor - (2 if big else 0)
    assert any("vulnerable to guns -2" in part for part in parts) == big


@pytest.mark.parametrize("mount", MOUNT_ORDER)
def test_engines_without_gunpowder_and_bastions_are_not_vulnerable(mount):
    wall = structure("stone_curtain_wall")
    assert armory.effective_armor(wall, gun(mount, gunpowder=False))[0] == 4
    assert armory.effective_armor(structure("bastion_face"), gun(mount))[0] == 5


def test_cracked_takes_one_and_armor_never_goes_below_zero():
    cracked = structure("stone_curtain_wall", ladder="cracked")
    armor, parts = armory.effective_armor(cracked, gun("heavy"))
    assert armor == 1 and "Cracked -1" in parts
    thin = structure("wooden_palisade", ladder="cracked")
    assert armory.effective_armor(thin, None)[0] == 0
    door = structure("interior_door", ladder="cracked")
    assert armory.effective_armor(door, gun())[0] == 0


def test_bunker_ignores_one_against_indirect_fire_only():
    bunker = structure("timber_earth_bunker")
    assert armory.effective_armor(bunker, gun(indirect=True))[0] == 2
    assert armory.effective_armor(bunker, gun(indirect=False))[0] == 3


def test_pillbox_slit_is_armor_zero_with_three_bane_dice():
    pillbox = structure("concrete_pillbox")
    armor, parts = armory.effective_armor(pillbox, gun(), through_slit=True)
    assert armor == 0 and "3 Bane Dice" in parts[-1]
    assert armory.effective_armor(pillbox, gun())[0] == 6
    with pytest.raises(ValueError, match="through_slit"):
        armory.effective_armor(structure("brick_house"), gun(), through_slit=True)


@pytest.mark.parametrize("mount", MOUNT_ORDER)
def test_only_heavy_and_capital_mark_reinforced_concrete(mount):
    block = structure("reinforced_concrete_block")
    assert armory.weapon_marks(block, gun(mount)) == (mount in ("heavy", "capital"))
    assert armory.weapon_marks(structure("concrete_pillbox"), gun(mount))


def test_effective_armor_of_an_inner_layer_uses_that_layer():
    gate = structure("castle_gate_portcullis")
    portcullis = gate.inner_layer.model_copy(update={"ladder": "cracked"})
    assert armory.effective_armor(gate, gun(), layer=portcullis)[0] == 2


# --- A7-A9 ----------------------------------------------------------------------------------

def test_charges_add_and_a_pier_doubles():
    assert armory.charges_damage([12, 12]) == 24
    assert armory.charges_damage([12, 4], doubled=True) == 32
    with pytest.raises(ValueError, match="charge"):
        armory.charges_damage([])
    with pytest.raises(ValueError, match="hull_damage"):
        armory.charges_damage([3, -1])


@pytest.mark.parametrize("armor", [0, 1, 4, 8])
def test_mine_takes_a_day_per_point_of_armor(armor):
    assert armory.mine_days(armor) == armor


def test_mine_days_refuses_negative_armor():
    with pytest.raises(ValueError, match="armor"):
        armory.mine_days(-1)


@pytest.mark.parametrize("damage, halved", [(0, 0), (1, 1), (4, 2), (5, 3), (9, 5), (10, 5)])
def test_blast_is_halved_half_up(damage, halved):
    assert armory.halve_blast(damage) == halved


def test_blast_applies_to_explosive_weapons_on_earth_only():
    earth, wall = structure("earth_rampart"), structure("stone_curtain_wall")
    assert armory.blast_applies(earth, gun(explosive=True))
    assert not armory.blast_applies(earth, gun())
    assert not armory.blast_applies(wall, gun(explosive=True))
    assert not armory.blast_applies(earth, None)
