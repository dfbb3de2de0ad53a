"""What the players may see of a siege, for the players' screen and a players' Universal VTT
export: the table issue's marks (``rules.knowledge``), asked in one place.

A structure can always be seen (the fortress stands in plain sight; what is inside it is
``knowledge``'s to hide); a battery only when it is known to the players' side (their own,
or one the GM marked known). ``side`` None means the siege's own ``players_side``.
"""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery
from siegeboard.rules.knowledge import SIDES, Side, is_known, side_view

__all__ = ["SIDES", "Side", "players_may_see_battery", "players_may_see_structure",
           "players_siege"]


def players_may_see_structure(siege: Siege, structure: Structure, side: Side | None) -> bool:
    """Whether the players of ``side`` may see ``structure``: always (walls are seen)."""
    return True


def players_may_see_battery(siege: Siege, battery: Battery, side: Side | None) -> bool:
    """Whether the players of ``side`` (None: the siege's players) may see ``battery``."""
    return is_known(battery, side or siege.players_side)


def players_siege(siege: Siege, side: Side | None) -> Siege:
    """``siege`` as the players of ``side`` know it: ``knowledge.side_view``, the one filter."""
    return side_view(siege, side or siege.players_side)
