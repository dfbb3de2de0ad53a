"""What the players know: one Qt-free filter that the players' copy (report/) and a players'
screen use, so that what is secret is decided in one place.

The players are one side (``Siege.players_side``). Every structure, battery and mine has
a ``known`` mark; None is the default: everything of the players' own side is known; of the
other side the walls and buildings are seen (always drawn, by name and state), but what is
inside them (their occupants), its batteries and its mines are hidden until the GM marks
them known. Mines are the besiegers' work.

``side_view(siege, side)`` is the siege as those players know it: the other side's
hidden occupants, batteries and mines taken out, every GM note blank, the log reduced to
what they saw happen to what they know (no dice, no explanation lines, no figures), and no
``base`` (the siege before the first entry holds every secret of the start). It is the one
source of every players' output: the snapshot, the story, the Universal VTT export, the
players' screen; each draws the side's view, never the GM's siege.
"""

from __future__ import annotations

from typing import Literal

from siegeboard.model.log import Event, LogEntry
from siegeboard.model.siege import Mine, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery

Side = Literal["besieger", "defender"]
SIDES: tuple[Side, ...] = ("besieger", "defender")
MINE_SIDE: Side = "besieger"
# Events that tell of the people inside a structure: hidden with its occupants.
PEOPLE_EVENTS = frozenset({"personnel_damage", "freed", "burned", "trapped"})
# What the players then see instead of "damaged".
WORSE_THAN_DAMAGED = frozenset({"collapsed", "cleared", "cracked", "breached"})


def side_of(item: Structure | Battery | Mine) -> Side:
    return MINE_SIDE if isinstance(item, Mine) else item.side


def is_known(item: Structure | Battery | Mine, players: Side) -> bool:
    """Whether ``players`` know ``item`` (for a structure: what is inside it)."""
    if item.known is not None:
        return item.known
    return side_of(item) == players


def check_side(side: str) -> Side:
    if side not in SIDES:
        raise ValueError(f"the players' side is besieger or defender, not {side!r}")
    return side


def side_view(siege: Siege, side: Side | None = None) -> Siege:
    """The siege as the players of ``side`` (default: the siege's ``players_side``) know it.

    A new Siege; ``siege`` is unchanged. Structures all stay (they can be seen), with the
    occupants of those not known taken out and every ``gm_notes`` blank; batteries and mines
    not known are taken out (a kept battery aimed at a hidden one loses its target); the log
    keeps each entry's action and the events on what the players know, without their
    figures, and no rolls or explanation lines. ``base`` is dropped: the siege before the
    first entry is the GM's, secrets and all, and a log without its dice cannot be replayed
    on it anyway (a players' story steps the GM's history and takes each moment's view).
    """
    players = check_side(side or siege.players_side)
    structures = {}
    for key, structure in siege.structures.items():
        changes: dict[str, object] = {"gm_notes": ""}
        if not is_known(structure, players):
            changes["occupants"] = []
        structures[key] = structure.model_copy(update=changes)
    batteries = {key: battery for key, battery in siege.batteries.items()
                 if is_known(battery, players)}
    batteries = {key: battery.model_copy(update={"target_id": None})
                 if battery.target_id is not None and battery.target_id not in structures
                 and battery.target_id not in batteries else battery
                 for key, battery in batteries.items()}
    mines = {key: mine for key, mine in siege.mines.items() if is_known(mine, players)}
    known_inside = {key for key, structure in siege.structures.items()
                    if is_known(structure, players)}
    log = [_seen(entry, structures, known_inside) for entry in siege.log]
    return siege.model_copy(update={
        "structures": structures, "batteries": batteries, "mines": mines, "log": log,
        "players_side": players, "base": None})


# The name the players' copy has had since the table issue; the same function.
players_view = side_view


def _seen(entry: LogEntry, structures: dict, known_inside: set[str]) -> LogEntry:
    worse = {event.structure_id for event in entry.events if event.kind in WORSE_THAN_DAMAGED}
    events = []
    for event in entry.events:
        key = event.structure_id
        if key not in structures or (event.kind in PEOPLE_EVENTS and key not in known_inside):
            continue
        events.append(Event(kind=event.kind, structure_id=key))
        # A DP hit that leaves the structure standing is seen as damage (the figure is not).
        after = event.detail.get("dp")
        if (event.kind == "hit" and isinstance(after, int) and key not in worse
                and after < structures[key].dp_original):
            events.append(Event(kind="damaged", structure_id=key))
    return entry.model_copy(update={"rolls": [], "lines": [], "events": events,
                                    "touched": [key for key in entry.touched
                                                if key in structures]})
