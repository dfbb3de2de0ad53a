"""The document's only mutators: what the undo commands call to change the siege.

``Document`` inherits them (``ui/document/document.py``); each writes one kind of change into the
siege and announces it as a typed ``Change`` on ``changed``, so every view redraws only
what changed. Nothing but a command calls them. The writing itself is
``persist.mutations``'s, which recovery plays the autosave's journal through; each mutator
also hands its change, as a journal line, to ``record_change`` when a window keeps a journal
(``ui.autosave_keeper``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from siegeboard.model.siege import MapImage, RulesetOptions
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist import journal
from siegeboard.persist.mutations import (
    put_arsenal, put_grid_origin, put_map, put_mine_known, put_settings, put_snapshot_turn,
    put_structures,
)
from siegeboard.rules import engine
from siegeboard.ui.document.changes import Aspect, Change, structure_aspects


class DocumentChanges:
    """Mixed into ``Document``: expects ``siege``, ``siege_file``, ``changed``, ``_index`` and
    ``record_change`` (None, or called with each change as a journal line)."""

    def _record(self, line) -> None:
        if self.record_change is not None:
            self.record_change(line())

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
                    removed.add(key)
            elif old is None:
                added.add(key)
            else:
                changed.add(key)
                aspects |= structure_aspects(old, state)
        # The index lists ids in the siege's order: a reorder outdates it too.
        reordered = put_structures(self.siege, new_states, order)
        self._record(lambda: journal.structures_line(new_states, order))
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
        relabelled = put_map(self.siege_file, new_map, images, anchor)
        self._record(lambda: journal.map_line(new_map, images, anchor))
        self.changed.emit(Change.of(Aspect.MAP, Aspect.GRID) if relabelled
                          else Change.of(Aspect.MAP))

    def apply_grid_origin(self, origin: tuple[float, float],
                          anchor: tuple[float, float] | None = None) -> None:
        put_grid_origin(self.siege, origin, anchor)
        self._record(lambda: journal.grid_line(origin, anchor))
        self.changed.emit(Change.of(Aspect.GRID))

    def apply_outcome(self, outcome: engine.Outcome, *, forward: bool) -> None:
        """Redo (``forward``) or undo one engine outcome, and announce what it changed."""
        siege = self.siege
        if forward:
            outcome.apply_to(siege)
        else:
            outcome.revert(siege)
        self._record(lambda: journal.outcome_line(outcome, forward=forward))
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
        put_arsenal(self.siege, weapons, batteries, weapon_order=weapon_order,
                    battery_order=battery_order)
        self._record(lambda: journal.arsenal_line(weapons, batteries, weapon_order,
                                                  battery_order))
        self.changed.emit(Change(weapons=frozenset(weapons), batteries=frozenset(batteries)))

    def apply_mine_known(self, mine_id: str, known: bool | None) -> None:
        put_mine_known(self.siege, mine_id, known)
        self._record(lambda: journal.mine_known_line(mine_id, known))
        self.changed.emit(Change.of(Aspect.MINES))

    def apply_settings(self, name: str, options: RulesetOptions, dice_seed: int,
                       players_side: str | None = None) -> None:
        put_settings(self.siege, name, options, dice_seed, players_side)
        self._record(lambda: journal.settings_line(name, options, dice_seed, players_side))
        self.changed.emit(Change.of(Aspect.SETTINGS))

    def apply_snapshot_turn(self, turn: int | None) -> None:
        put_snapshot_turn(self.siege, turn)
        self._record(lambda: journal.snapshot_turn_line(turn))
        self.changed.emit(Change())  # no view shows it

