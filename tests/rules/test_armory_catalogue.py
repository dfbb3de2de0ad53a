"""The structure table of the Heavy Armory, chapter 5, row by row, and the starter weapons."""

from __future__ import annotations

import pytest
from armory_fixtures import footprint

from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import catalogue

# kind: (Armor, Hull, burns, the flags that carry the row's note)
TABLE = {
    "interior_door": (0, 1, False, {"kick_opens"}),
    "iron_bound_door": (1, 2, False, {"petard_opens"}),
    "wooden_palisade": (1, 6, True, {"burns"}),
    "castle_gate": (2, 6, False, {"petard_opens"}),
    "timber_house": (0, 6, True, {"burns"}),
    "brick_house": (2, 10, False, {"heavy_cover"}),
    "earth_rampart": (3, 12, False, {"blast_halved", "dig_only"}),
    "stone_curtain_wall": (4, 20, False, {"vulnerable_to_guns"}),
    "stone_tower": (5, 30, False, {"vulnerable_to_guns"}),
    "bastion_face": (5, 40, False, set()),
    "timber_earth_bunker": (3, 10, False, {"indirect_ignores_1"}),
    "concrete_pillbox": (6, 16, False, {"slit"}),
    "reinforced_concrete_block": (8, 40, False, {"heavy_only"}),
    "wooden_bridge": (1, 10, True, {"burns", "breach_impassable"}),
    "stone_bridge": (4, 24, False, {"pier_counts_double"}),
}
RULE_FLAGS = {"burns", "vulnerable_to_guns", "blast_halved", "dig_only", "indirect_ignores_1",
              "slit", "heavy_only", "breach_impassable", "pier_counts_double", "portcullis",
              "petard_opens", "kick_opens", "heavy_cover", "engine", "camp"}


@pytest.mark.parametrize("kind", sorted(TABLE))
def test_each_row_of_the_structure_table(kind):
    armor, hull, burns, flags = TABLE[kind]
    entry = catalogue("armory").entry(kind)
    assert (entry.armor, entry.hull, entry.burns) == (armor, hull, burns)
    assert set(entry.flags) == flags
    assert entry.notes, "the row's note is shown to the GM"
    made = new_structure("armory", kind, "s", footprint(0))
    assert (made.armor, made.hull, made.hull_suffered, made.ladder) == (armor, hull, 0, "intact")
    assert set(made.flags) == flags and made.inner_layer is None


def test_the_table_has_fifteen_rows_and_every_flag_is_known():
    kinds = catalogue("armory").kinds
    assert set(TABLE) <= set(kinds)
    assert set(kinds) - set(TABLE) == {"castle_gate_portcullis", "siege_tower", "ram_shed", "camp"}
    for entry in kinds.values():
        assert set(entry.flags) <= RULE_FLAGS, entry.kind


def test_castle_gate_with_portcullis_is_two_layers():
    gate = new_structure("armory", "castle_gate_portcullis", "g", footprint(0))
    assert (gate.armor, gate.hull) == (2, 6)
    assert (gate.inner_layer.armor, gate.inner_layer.hull, gate.inner_layer.suffered) == (3, 4, 0)
    assert {"portcullis", "petard_opens"} <= set(gate.flags)


@pytest.mark.parametrize("kind", ["siege_tower", "ram_shed"])
def test_siege_engines_burn(kind):
    entry = catalogue("armory").entry(kind)
    assert entry.burns and "burns" in entry.flags and "engine" in entry.flags


WEAPONS = {
    # id: (mount, gunpowder, indirect, role)
    "bow": ("personal", False, False, "gun"),
    "musket": ("personal", True, False, "gun"),
    "cannon": ("standard", True, False, "gun"),
    "heavy_gun": ("heavy", True, False, "gun"),
    "trebuchet": ("heavy", False, True, "gun"),
    "petard": (None, None, False, "petard"),
    "breaching_charge": (None, None, False, "breaching_charge"),
    "demolition_charge": (None, None, False, "demolition_charge"),
    "mine": (None, None, False, "mine"),
    "fire_pot": (None, None, False, "incendiary"),
}


@pytest.mark.parametrize("weapon_id", sorted(WEAPONS))
def test_starter_weapons(weapon_id):
    mount, gunpowder, indirect, role = WEAPONS[weapon_id]
    weapon = {w.id: w for w in catalogue("armory").weapons}[weapon_id]
    assert weapon.role == role and weapon.indirect == indirect
    if mount is not None:
        assert (weapon.mount, weapon.gunpowder) == (mount, gunpowder)
    assert weapon.notes
    if weapon_id != "mine":
        assert "GM-editable" in weapon.notes


def test_fire_pot_is_incendiary_and_the_mine_deals_twenty():
    weapons = {w.id: w for w in catalogue("armory").weapons}
    assert weapons["fire_pot"].incendiary
    assert weapons["mine"].hull_damage == 20
    assert all(weapons[w].explosive for w in ("petard", "breaching_charge", "demolition_charge"))
