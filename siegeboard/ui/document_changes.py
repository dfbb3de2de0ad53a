"""The document's only mutators: what the undo commands call to change the siege.

``Document`` inherits them (``ui/document.py``); each writes one kind of change into the
siege and announces it as a typed ``Change`` on ``changed``, so every view redraws only
what changed. Nothing but a command calls them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from siegeboard.model.siege import MapImage, RulesetOptions
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.rules import engine
from siegeboard.ui.changes import Aspect, Change, structure_aspects


class DocumentChanges:
    """Mixed into ``Document``: expects ``siege``, ``siege_file``, ``changed`` and ``_index``."""

    def apply_structures(self, new_states: Mapping[str, Structure | None],
                         order: Sequence[str] | None = None) -> None:
        """Put each id's new state (None removes it) and announce what changed.

        ``order``: the ids in the order the structures must then have (an undo putting
        back what an edit removed passes the order from before the edit), so the siege is
        the same to the byte, not merely equal."""
        structures = self.siege.structures
        added, removed, changed = set(), set(), set()
        aspects: set[Aspect] = set()
        for key, state in new_states.items():
            old = structures.get(key)
            if state is None:
                if old is not None:
                    del structures[key]
                    removed.add(key)
            else:
                structures[key] = state
                if old is None:
                    added.add(key)
                else:
                    changed.add(key)
                    aspects |= structure_aspects(old, state)
        # The index lists ids in the siege's order: a reorder outdates it too.
        reordered = order is not None and _put_in_order(structures, order)
        if added or removed or Aspect.SHAPE in aspects or reordered:
            self._index = None
        if removed & set(self.selection):
            self.selection = tuple(key for key in self.selection if key not in removed)
            self.selection_changed.emit(self.selection)
        self.changed.emit(Change(added=frozenset(added), removed=frozenset(removed),
                                 changed=frozenset(changed), aspects=frozenset(aspects)))

    def apply_map(self, new_map: MapImage | None, images: dict[str, bytes] | None = None,
                  anchor: tuple[float, float] | None = None) -> None:
        """Put ``new_map`` under the board; ``anchor`` is the label anchor with it."""
        if images is not None:
            self.siege_file.images = dict(images)
        self.siege.map = new_map
        relabelled = anchor != self.siege.label_anchor
        self.siege.label_anchor = anchor
        self.changed.emit(Change.of(Aspect.MAP, Aspect.GRID) if relabelled
                          else Change.of(Aspect.MAP))

    def apply_grid_origin(self, origin: tuple[float, float],
                          anchor: tuple[float, float] | None = None) -> None:
        self.siege.grid_origin = tuple(origin)
        self.siege.label_anchor = None if anchor is None else tuple(anchor)
        self.changed.emit(Change.of(Aspect.GRID))

    def apply_outcome(self, outcome: engine.Outcome, *, forward: bool) -> None:
        """Redo (``forward``) or undo one engine outcome, and announce what it changed."""
        siege = self.siege
        if forward:
            outcome.apply_to(siege)
        else:
            outcome.revert(siege)
        before, after = outcome.fields.get("weapons", ({}, {}))
        adopted = set(after) - set(before)
        added, removed, changed = set(), set(), set()
        aspects = {Aspect.LOG}
        for key, (before, after) in outcome.structures.items():
            appeared, gone = (before is None, after is None) if forward else (after is None,
                                                                              before is None)
            if appeared or gone:
                (added if appeared else removed).add(key)
            else:
                changed.add(key)
                aspects |= structure_aspects(before, after)
        if added or removed:
            self._index = None
        fields = frozenset(outcome.fields)
        aspects |= {aspect for aspect in (Aspect.CLOCK, Aspect.MINES) if aspect.value in fields}
        if "grid_origin" in fields or outcome.action.type == "edit":
            self._index = None  # an edit in play may move or reshape footprints
        batteries = frozenset(siege.batteries) if "batteries" in fields else frozenset()
        weapons = frozenset(adopted)
        if "weapons" in fields:  # an edit in play (R2), or a catalogue weapon adopted
            before, after = outcome.fields["weapons"]
            weapons |= frozenset(before) | frozenset(after)
        self.changed.emit(Change(added=frozenset(added), removed=frozenset(removed),
                                 changed=frozenset(changed), aspects=frozenset(aspects),
                                 batteries=batteries, weapons=weapons))

    def apply_arsenal(self, weapons: Mapping[str, Weapon | None],
                      batteries: Mapping[str, Battery | None], *,
                      weapon_order: Sequence[str] | None = None,
                      battery_order: Sequence[str] | None = None) -> None:
        """Put each weapon's and battery's new state (None removes it); announce it.

        ``weapon_order``/``battery_order``: the ids in the order the table must then have
        (as in ``apply_structures``)."""
        siege = self.siege
        for table, states, order in ((siege.weapons, weapons, weapon_order),
                                     (siege.batteries, batteries, battery_order)):
            for key, state in states.items():
                if state is None:
                    table.pop(key, None)
                else:
                    table[key] = state
            if order is not None:
                _put_in_order(table, order)
        self.changed.emit(Change(weapons=frozenset(weapons), batteries=frozenset(batteries)))

    def apply_mine_known(self, mine_id: str, known: bool | None) -> None:
        mines = dict(self.siege.mines)
        mines[mine_id] = mines[mine_id].model_copy(update={"known": known})
        self.siege.mines = mines
        self.changed.emit(Change.of(Aspect.MINES))

    def apply_settings(self, name: str, options: RulesetOptions, dice_seed: int,
                       players_side: str | None = None) -> None:
        self.siege.name = name
        self.siege.options = options.model_copy()
        self.siege.dice_seed = dice_seed
        if players_side is not None:
            self.siege.players_side = players_side
        self.changed.emit(Change.of(Aspect.SETTINGS))

    def apply_snapshot_turn(self, turn: int | None) -> None:
        self.siege.last_snapshot_turn = turn
        self.changed.emit(Change())  # no view shows it


def _put_in_order(table: dict, order: Sequence[str]) -> bool:
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
