"""Short names of actions, for the undo history, the log and the command line: verb + noun."""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.rules.messages import _, ngettext


def the(name: str) -> str:
    """A structure's name as a sentence uses it: "the Smithy", "the Keep" (of "The Keep")."""
    return _("the {name}").format(name=name[4:] if name[:4].lower() == "the " else name)


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
        if battery is not None:
            return _("{battery}: Fire {what}").format(battery=battery.name, what=what)
        return _("Fire {what}").format(what=what)
    if kind == "advance":
        turns = action.turns
        if turns % 12 == 0:
            minutes = turns // 12
            return ngettext("Advance clock {minutes} minute", "Advance clock {minutes} minutes",
                            minutes).format(minutes=minutes)
        return ngettext("Advance clock {turns} turn", "Advance clock {turns} turns",
                        turns).format(turns=turns)
    if kind == "scene":
        return _("Resolve scene ({count} engines)").format(count=len(action.attacks))
    if kind == "edit":  # R2: an edit in play
        return action.title or _("Edit in play")
    if kind == "settings":
        return _("Edit siege settings")
    verbs = {"fight_fire": _("Fight fire in {structure}"), "repair": _("Repair {structure}"),
             "free_trapped": _("Free trapped in {structure}"),
             "override": _("GM override on {structure}"), "demolish": _("Demolish {structure}"),
             "kick": _("Kick door of {structure}"), "start_mine": _("Start mine under {structure}")}
    if kind in verbs:
        return verbs[kind].format(structure=named(action.structure_id))
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
