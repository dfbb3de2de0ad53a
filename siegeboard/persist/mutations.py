"""What a change made in the window writes into its siege, Qt-free: the window's document
(``ui.document_changes``) writes each of its changes through these, and recovery plays the
autosave's journal (``persist.journal``) through the same, so both write the very same siege.

A rules action (a shot, a clock step) is not here: its ``Outcome`` writes itself
(``apply_to``, ``revert``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from siegeboard.model.siege import MapImage, RulesetOptions, Siege
from siegeboard.model.structure import Side, Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist.siege_file import SiegeFile

_State = TypeVar("_State", Weapon, Battery)


def put_structures(siege: Siege, states: Mapping[str, Structure | None],
                   order: Sequence[str] | None = None) -> bool:
    """Put each id's new state (None removes it); with ``order``, the ids are then in that
    order (an undo putting back what an edit removed passes the order from before the edit),
    so the siege is the same to the byte, not merely equal. True if the order moved."""
    structures = siege.structures
    for key, state in states.items():
        if state is None:
            structures.pop(key, None)
        else:
            structures[key] = state
    return order is not None and put_in_order(structures, order)


def put_map(siege_file: SiegeFile, new_map: MapImage | None,
            images: Mapping[str, bytes] | None, anchor: tuple[float, float] | None) -> bool:
    """Put ``new_map`` under the board (and, unless None, the file's images), with the label
    anchor ``anchor``. True if the anchor moved."""
    siege = siege_file.siege
    if images is not None:
        siege_file.images = dict(images)
    siege.map = new_map
    relabelled = anchor != siege.label_anchor
    siege.label_anchor = anchor
    return relabelled


def put_grid_origin(siege: Siege, origin: tuple[float, float],
                    anchor: tuple[float, float] | None) -> None:
    siege.grid_origin = (origin[0], origin[1])
    siege.label_anchor = None if anchor is None else (anchor[0], anchor[1])


def put_arsenal(siege: Siege, weapons: Mapping[str, Weapon | None],
                batteries: Mapping[str, Battery | None], *,
                weapon_order: Sequence[str] | None = None,
                battery_order: Sequence[str] | None = None) -> None:
    """Put each weapon's and battery's new state (None removes it), then the tables in
    ``weapon_order``/``battery_order`` (as in ``put_structures``)."""
    _put_states(siege.weapons, weapons, weapon_order)
    _put_states(siege.batteries, batteries, battery_order)


def _put_states(table: dict[str, _State], states: Mapping[str, _State | None],
                order: Sequence[str] | None) -> None:
    for key, state in states.items():
        if state is None:
            table.pop(key, None)
        else:
            table[key] = state
    if order is not None:
        put_in_order(table, order)


def put_mine_known(siege: Siege, mine_id: str, known: bool | None) -> None:
    mines = dict(siege.mines)
    mines[mine_id] = mines[mine_id].model_copy(update={"known": known})
    siege.mines = mines


def put_settings(siege: Siege, name: str, options: RulesetOptions, dice_seed: int,
                 players_side: Side | None = None) -> None:
    siege.name = name
    siege.options = options.model_copy()
    siege.dice_seed = dice_seed
    if players_side is not None:
        siege.players_side = players_side


def put_snapshot_turn(siege: Siege, turn: int | None) -> None:
    siege.last_snapshot_turn = turn


def snapshot(siege_file: SiegeFile) -> SiegeFile:
    """A copy of ``siege_file`` that the changes made through these functions (and a rules
    outcome's ``apply_to`` and ``revert``) leave as it is, made in a few milliseconds for a
    city: they replace each structure, weapon, battery, mine and field they change, and
    change in place only the siege's tables, its log and the file's images, which are
    copied here. What it shares is never changed again, so another thread may read it
    (``encode_siege``) while the window plays on."""
    siege = siege_file.siege
    copy = siege.model_copy(update={
        **{table: dict(getattr(siege, table))
           for table in ("structures", "weapons", "batteries", "mines")},
        "log": list(siege.log), "attribution": list(siege.attribution)})
    return SiegeFile(siege=copy, images=dict(siege_file.images), stamp=siege_file.stamp)


def put_in_order(table: dict, order: Sequence[str]) -> bool:
    """Reorder ``table`` in place: the keys of ``order`` first, in that order, then any
    other key as it was. A removed entry put back by an undo returns to its old place, so
    the saved JSON (dicts keep their order) is the very same. True if anything moved."""
    if list(table) == list(order):
        return False
    entries = {key: table[key] for key in order if key in table}
    entries |= {key: value for key, value in table.items() if key not in entries}
    if list(entries) == list(table):
        return False
    table.clear()
    table.update(entries)
    return True
