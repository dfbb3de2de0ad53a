"""Which weapons a siege can use: its own, then its rule text's starter weapons.

One look-up for the window and the command line; inside an action the engine's
``Context.weapon`` does the same, and a starter weapon the action names joins the siege's
weapons with it (recorded in the outcome, so undo removes it again and the command line
behaves as the window does).
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
