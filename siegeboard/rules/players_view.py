"""What the players may see of a siege: the one place the players' copies (the players'
screen, a players' Universal VTT export) ask.

Interim rule until the table issue's ``side``/``known`` marks land (then this module is the
one to swap for ``rules.knowledge``): the players see every structure (the fortress stands
in plain sight); of the batteries, all when no side is given, and otherwise only their own
side's (the other side's guns are hidden from them).
"""

from __future__ import annotations

from typing import Literal

from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery

Side = Literal["besieger", "defender"]
SIDES: tuple[Side, ...] = ("besieger", "defender")


def players_may_see_structure(siege: Siege, structure: Structure, side: Side | None) -> bool:
    """Whether the players of ``side`` (None: either) may see ``structure``."""
    return True


def players_may_see_battery(siege: Siege, battery: Battery, side: Side | None) -> bool:
    """Whether the players of ``side`` (None: either) may see ``battery``."""
    return side is None or battery.side == side


def players_siege(siege: Siege, side: Side | None) -> Siege:
    """``siege`` with only what the players of ``side`` may see: a shallow copy (the
    structures and batteries kept are the siege's own objects, not copies)."""
    structures = {key: s for key, s in siege.structures.items()
                  if players_may_see_structure(siege, s, side)}
    batteries = {key: b for key, b in siege.batteries.items()
                 if players_may_see_battery(siege, b, side)}
    return siege.model_copy(update={"structures": structures, "batteries": batteries,
                                    "log": [], "base": None})
