"""Which weapons a siege can use: its own, then its rule text's starter weapons.

One look-up for the engine, the window and the command line. A starter weapon an action
names joins the siege's weapons with that action (the engine records it in the outcome, so
undo removes it again and the command line behaves as the window does).
"""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.model.weapon import Weapon
from siegeboard.rules.registry import ruleset_of


def available_weapons(siege: Siege) -> list[tuple[Weapon, bool]]:
    """Every weapon the GM can use: (weapon, True) for the siege's own, in its order, then
    (weapon, False) for the catalogue's starter weapons the siege does not hold."""
    own = [(weapon, True) for weapon in siege.weapons.values()]
    starters = [(weapon, False) for weapon in ruleset_of(siege).catalogue.weapons
                if weapon.id not in siege.weapons]
    return own + starters


def find_weapon(siege: Siege, weapon_id: str) -> Weapon | None:
    """The siege's own weapon of that id, else the catalogue's starter weapon, else None."""
    weapon = siege.weapons.get(weapon_id)
    if weapon is None:
        weapon = next((w for w in ruleset_of(siege).catalogue.weapons if w.id == weapon_id),
                      None)
    return weapon


def weapons_named(action) -> list[str]:
    """The weapon ids an action uses (a shot's weapon, a demolition's charges)."""
    if getattr(action, "weapon_id", None) is not None:
        return [action.weapon_id]
    return list(getattr(action, "weapon_ids", []))


def adopted_weapons(siege: Siege, action) -> dict[str, Weapon]:
    """Starter weapons ``action`` names that ``siege`` does not hold yet, as copies."""
    adopted = {}
    for weapon_id in weapons_named(action):
        if weapon_id not in siege.weapons:
            weapon = find_weapon(siege, weapon_id)
            if weapon is not None:
                adopted[weapon_id] = weapon.model_copy(deep=True)
    return adopted
