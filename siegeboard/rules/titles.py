"""Short names of actions, for the undo history, the log and the command line: verb + noun."""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.rules.messages import _


def the(name: str) -> str:
    """A structure's name as a sentence uses it: "the Smithy", "the Keep" (of "The Keep")."""
    return _("the {name}").format(
        name=name[4:]) if name[:4].lower() == "the " else _("the {name}").format(name=name)


def action_title(action, siege: Siege) -> str:
    """A short name for the undo history and the log: verb + noun."""
    kind = action.type

    def named(structure_id: str) -> str:
        structure = siege.structures.get(structure_id)
        return structure.name if structure is not None else structure_id

    if kind == "fire":
        weapon = siege.weapons.get(action.weapon_id)
        what = weapon.name if weapon is not None else action.weapon_id
        battery = siege.batteries.get(action.battery_id) if action.battery_id else None
        source = f"{battery.name}: " if battery is not None else ""
        return _("{source}Fire {what}").format(source=source, what=what)
    if kind == "advance":
        turns = action.turns
        if turns % 12 == 0:
            minutes = turns // 12
            return _("Advance clock {minutes} minute{value}").format(
                minutes=minutes, value='s' if minutes != 1 else '')
        return _("Advance clock {turns} turn{value}").format(
            turns=turns, value='s' if turns != 1 else '')
    if kind == "scene":
        return _("Resolve scene ({count} engines)").format(count=len(action.attacks))
    if kind == "edit":  # R2: an edit in play
        return action.title or "Edit in play"
    if kind == "settings":
        return "Edit siege settings"
    verbs = {"fight_fire": "Fight fire in", "repair": "Repair", "free_trapped": "Free trapped in",
             "override": "GM override on", "demolish": "Demolish", "kick": "Kick door of",
             "start_mine": "Start mine under"}
    if kind in verbs:
        return f"{verbs[kind]} {named(action.structure_id)}"
    def under(mine_id: str) -> str:  # a mine by what it is under, not by its id
        mine = siege.mines.get(mine_id)
        return _("the mine under {named}").format(
            named=named(mine.structure_id)) if mine is not None else \
            _("mine {mine_id}").format(mine_id=mine_id)

    if kind == "dig_mine":
        return _("Dig {under}").format(under=under(action.mine_id))
    if kind == "fire_mine":
        return _("Fire {under}").format(under=under(action.mine_id))
    return kind.replace("_", " ").capitalize()
