"""The undo command for everything the rules engine does: a shot, a clock step, a repair...

``ApplyAction`` holds the engine's ``Outcome`` (before and after of every structure and
top-level field it changed, and the log entry with its dice), so redo writes the after-state
and undo the before-state: undo then redo gives the identical siege, dice included. The
engine is asked once, when the GM acts; redo never rolls again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from siegeboard.model.weapon import Weapon
from siegeboard.rules.engine import Outcome

if TYPE_CHECKING:
    from siegeboard.ui.document import Document


def action_title(action, siege) -> str:
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
        return f"{source}Fire {what}"
    if kind == "advance":
        turns = action.turns
        if turns % 12 == 0:
            minutes = turns // 12
            return f"Advance clock {minutes} minute{'s' if minutes != 1 else ''}"
        return f"Advance clock {turns} turn{'s' if turns != 1 else ''}"
    if kind == "scene":
        return f"Resolve scene ({len(action.attacks)} engines)"
    if kind == "edit":  # R2: an edit in play
        return action.title or "Edit in play"
    if kind == "settings":
        return "Edit siege settings"
    verbs = {"fight_fire": "Fight fire in", "repair": "Repair", "free_trapped": "Free trapped in",
             "override": "GM override on", "demolish": "Demolish", "kick": "Kick door of",
             "start_mine": "Start mine under"}
    if kind in verbs:
        return f"{verbs[kind]} {named(action.structure_id)}"
    if kind == "dig_mine":
        return f"Dig mine {action.mine_id}"
    if kind == "fire_mine":
        return f"Fire mine {action.mine_id}"
    return kind.replace("_", " ").capitalize()


class ApplyAction(QUndoCommand):
    """One rules action as applied by the engine.

    ``adopted`` are catalogue weapons the action needed that the siege did not hold yet:
    they join the siege's weapons with the action and leave with its undo.
    """

    def __init__(self, document: "Document", outcome: Outcome, adopted: dict[str, Weapon],
                 text: str):
        super().__init__(text)
        self.document = document
        self.outcome = outcome
        self.adopted = dict(adopted)

    def redo(self) -> None:
        self.document.apply_outcome(self.outcome, self.adopted, forward=True)

    def undo(self) -> None:
        self.document.apply_outcome(self.outcome, self.adopted, forward=False)
