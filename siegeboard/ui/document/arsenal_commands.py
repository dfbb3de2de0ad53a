"""Undo commands for the siege's weapons and batteries (gun positions), verb + noun.

Each is an ``Edit`` (``ui/document/edit.py``) that keeps the old and new state of the entries
it touches (None: absent) and hands one of them to the document writer's ``apply_arsenal``;
once play has begun it is logged as an ``EditBoard`` (R2). Constructors check the edit and raise
``ValueError`` naming what is wrong, before anything changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from siegeboard.model.actions import EditBoard
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.ui.document.edit import Edit
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import field_names

if TYPE_CHECKING:
    from siegeboard.ui.document.edit import EditHost


class ArsenalEdit(Edit):
    """Swap weapons and batteries between their old and new states (None = absent)."""

    def __init__(self, document: EditHost, text: str, *,
                 weapons: Mapping[str, tuple[Weapon | None, Weapon | None]] | None = None,
                 batteries: Mapping[str, tuple[Battery | None, Battery | None]] | None = None):
        super().__init__(document, text)
        self.weapons = dict(weapons or {})
        self.batteries = dict(batteries or {})
        # A removal remembers the table's order: its undo puts the entry back in its old
        # place, not at the end, so the siege is the same to the byte.
        siege = document.siege
        self.weapon_order = _order_if_removed(siege.weapons, self.weapons)
        self.battery_order = _order_if_removed(siege.batteries, self.batteries)

    def logged_action(self) -> EditBoard:
        return EditBoard(title=self.text(),
                         weapons={key: after for key, (_, after) in self.weapons.items()},
                         batteries={key: after for key, (_, after) in self.batteries.items()})

    def put(self, *, forward: bool) -> None:
        writer = self.document.writer
        if forward:
            writer.apply_arsenal({k: after for k, (_, after) in self.weapons.items()},
                                 {k: after for k, (_, after) in self.batteries.items()})
        else:
            writer.apply_arsenal({k: before for k, (before, _) in self.weapons.items()},
                                 {k: before for k, (before, _) in self.batteries.items()},
                                 weapon_order=self.weapon_order,
                                 battery_order=self.battery_order)


def _order_if_removed(table: Mapping[str, object],
                      changes: Mapping[str, tuple[object, object]]) -> list[str] | None:
    """The table's keys in order when ``changes`` remove one of them, else None."""
    removes = any(after is None and key in table for key, (_, after) in changes.items())
    return list(table) if removes else None


class PlaceBattery(ArsenalEdit):
    """A new gun position; a catalogue weapon it uses joins the siege with it."""

    def __init__(self, document: EditHost, battery: Battery, weapon: Weapon | None = None):
        if battery.id in document.siege.batteries:
            raise ValueError(tr("battery id {id!r} is already on the board").format(id=battery.id))
        weapons = {}
        if battery.weapon_id not in document.siege.weapons:
            if weapon is None or weapon.id != battery.weapon_id:
                raise ValueError(tr("weapon_id: no weapon {weapon_id!r} in this siege").format(
                        weapon_id=battery.weapon_id))
            weapons[weapon.id] = (None, weapon)
        super().__init__(document, tr("Place {name}").format(name=battery.name), weapons=weapons,
                         batteries={battery.id: (None, battery)})


class MoveBattery(ArsenalEdit):
    def __init__(self, document: EditHost, battery_id: str, position: tuple[float, float]):
        old = document.siege.batteries[battery_id]
        new = old.model_copy(update={"position": (float(position[0]), float(position[1]))})
        super().__init__(document, tr("Move {name}").format(
                name=old.name), batteries={battery_id: (old, new)})


class EditBattery(ArsenalEdit):
    """Rename a battery, give it another weapon, side or scene target."""

    def __init__(self, document: EditHost, battery_id: str, fields: Mapping[str, object],
                 weapon: Weapon | None = None):
        old = document.siege.batteries[battery_id]
        new = Battery.model_validate(old.model_dump() | dict(fields))
        weapons = {}
        if new.weapon_id not in document.siege.weapons:
            if weapon is None or weapon.id != new.weapon_id:
                raise ValueError(tr("weapon_id: no weapon {weapon_id!r} in this siege").format(
                        weapon_id=new.weapon_id))
            weapons[weapon.id] = (None, weapon)
        target = new.target_id
        if target is not None and target not in document.siege.structures \
                and target not in document.siege.batteries:
            raise ValueError(tr("target_id: no structure or battery {target!r}").format(
                    target=target))
        super().__init__(document, tr("Edit {fields} of {name}").format(
                fields=field_names(fields), name=old.name),
                         weapons=weapons, batteries={battery_id: (old, new)})

    def makes_a_difference(self) -> bool:
        return any(before != after for before, after in self.batteries.values())


class RemoveBattery(ArsenalEdit):
    def __init__(self, document: EditHost, battery_id: str):
        old = document.siege.batteries[battery_id]
        aimed = [b.name for b in document.siege.batteries.values() if b.target_id == battery_id]
        if aimed:
            raise ValueError(tr("{name} is the scene target of {aimed}").format(
                    name=old.name, aimed=', '.join(aimed)))
        super().__init__(document, tr("Remove {name}").format(
                name=old.name), batteries={battery_id: (old, None)})


class SetWeapon(ArsenalEdit):
    """Add a weapon to the siege or change one (a catalogue weapon edited becomes the siege's)."""

    def __init__(self, document: EditHost, weapon: Weapon):
        old = document.siege.weapons.get(weapon.id)
        text = tr("Edit weapon {name}") if old is not None else tr("Add weapon {name}")
        super().__init__(document, text.format(name=weapon.name),
                         weapons={weapon.id: (old, weapon)})

    def makes_a_difference(self) -> bool:
        return any(before != after for before, after in self.weapons.values())


class RemoveWeapon(ArsenalEdit):
    def __init__(self, document: EditHost, weapon_id: str):
        old = document.siege.weapons[weapon_id]
        users = [b.name for b in document.siege.batteries.values() if b.weapon_id == weapon_id]
        if users:
            raise ValueError(tr("{name} is the weapon of {users}: give them "
                             "another weapon first").format(name=old.name, users=', '.join(users)))
        super().__init__(document, tr("Remove weapon {name}").format(
                name=old.name), weapons={weapon_id: (old, None)})
