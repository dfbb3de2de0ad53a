"""The document's only mutators: what the undo steps (``Edit``) call to change the siege.

A ``Document`` owns one ``SiegeWriter`` (``document.writer``); each of its ``apply_*`` methods
writes one kind of change into the siege and announces it as a typed ``Change`` through the
document's ``announce``, so every view redraws only what changed. Nothing but an ``Edit``
calls them (tests call them to set a state directly). The writing itself is
``persist.mutations``'s, which recovery plays the autosave's journal through; each mutator
also hands its change, as a journal line, to ``record_change`` when a window keeps a journal
(``ui.autosave_keeper``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from siegeboard.model.siege import MapImage, RulesetOptions, Siege
from siegeboard.model.structure import Side, Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist import SiegeFile, journal
from siegeboard.persist.mutations import (
    put_arsenal,
    put_grid_origin,
    put_map,
    put_mine_known,
    put_settings,
    put_snapshot_turn,
    put_structures,
)
from siegeboard.rules import engine
from siegeboard.ui.document.changes import Aspect, Change, structure_aspects


class WriterHost(Protocol):
    """What a ``SiegeWriter`` uses of its document (``Document`` is one)."""

    @property
    def siege(self) -> Siege: ...

    @property
    def siege_file(self) -> SiegeFile: ...

    @property
    def selection(self) -> tuple[str, ...]: ...

    def announce(self, change: Change) -> None: ...

    def forget_index(self) -> None: ...

    def deselect(self, ids: Iterable[str]) -> None: ...


class SiegeWriter:
    """Writes changes into ``document``'s siege through its public interface (``siege``,
    ``siege_file``, ``announce``, ``forget_index``, ``selection``, ``deselect``).

    ``record_change``: None, or called with each change written, as a journal line, when the
    window keeps a journal beside its autosave (``ui/document/autosave_keeper.py``)."""

    def __init__(self, document: WriterHost):
        self.document = weakref.proxy(document)  # the document owns its writer: no cycle
        self.record_change: Callable[[bytes], None] | None = None

    def record(self, line: Callable[[], bytes]) -> None:
        """Hand the journal line ``line()`` to ``record_change`` (made only when kept)."""
        if self.record_change is not None:
            self.record_change(line())

    def apply_structures(self, new_states: Mapping[str, Structure | None],
                         order: Sequence[str] | None = None) -> None:
        """Put each id's new state (None removes it) and announce what changed.

        ``order``: the ids in the order the structures must then have (an undo putting
        back what an edit removed passes the order from before the edit), so the siege is
        the same to the byte, not merely equal."""
        document = self.document
        structures = document.siege.structures
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
        reordered = put_structures(document.siege, new_states, order)
        self.record(lambda: journal.structures_line(new_states, order))
        if added or removed or Aspect.SHAPE in aspects or reordered:
            document.forget_index()
        document.deselect(removed)
        document.announce(Change(added=frozenset(added), removed=frozenset(removed),
                                 changed=frozenset(changed), aspects=frozenset(aspects)))

    def apply_map(self, new_map: MapImage | None, images: dict[str, bytes] | None = None,
                  anchor: tuple[float, float] | None = None) -> None:
        """Put ``new_map`` under the board; ``anchor`` is the label anchor with it."""
        relabelled = put_map(self.document.siege_file, new_map, images, anchor)
        self.record(lambda: journal.map_line(new_map, images, anchor))
        self.document.announce(Change.of(Aspect.MAP, Aspect.GRID) if relabelled
                          else Change.of(Aspect.MAP))

    def apply_grid_origin(self, origin: tuple[float, float],
                          anchor: tuple[float, float] | None = None) -> None:
        put_grid_origin(self.document.siege, origin, anchor)
        self.record(lambda: journal.grid_line(origin, anchor))
        self.document.announce(Change.of(Aspect.GRID))

    def apply_outcome(self, outcome: engine.Outcome, *, forward: bool) -> None:
        """Redo (``forward``) or undo one engine outcome, and announce what it changed."""
        document = self.document
        siege = document.siege
        if forward:
            outcome.apply_to(siege)
        else:
            outcome.revert(siege)
        self.record(lambda: journal.outcome_line(outcome, forward=forward))
        before, after = outcome.fields.get("weapons", ({}, {}))
        adopted = set(after) - set(before)
        added: set[str] = set()
        removed: set[str] = set()
        changed: set[str] = set()
        aspects = {Aspect.LOG}
        for key, (before, after) in outcome.structures.items():
            appeared, gone = (before is None, after is None) if forward else (after is None,
                                                                              before is None)
            if appeared or gone:
                (added if appeared else removed).add(key)
            elif before is not None and after is not None:
                changed.add(key)
                aspects |= structure_aspects(before, after)
        if added or removed:
            document.forget_index()
        fields = frozenset(outcome.fields)
        aspects |= {aspect for aspect in (Aspect.CLOCK, Aspect.MINES) if aspect.value in fields}
        # A setting changed in play (R2) is announced as the same change made before play.
        if fields & {"grid_origin", "label_anchor"}:
            aspects.add(Aspect.GRID)
        if fields & {"name", "options", "dice_seed", "players_side"}:
            aspects.add(Aspect.SETTINGS)
        if "grid_origin" in fields or outcome.action.type == "edit":
            document.forget_index()  # an edit in play may move or reshape footprints
        batteries = frozenset(siege.batteries) if "batteries" in fields else frozenset()
        weapons = frozenset(adopted)
        if "weapons" in fields:  # an edit in play (R2), or a catalogue weapon adopted
            before, after = outcome.fields["weapons"]
            weapons |= frozenset(before) | frozenset(after)
        document.announce(Change(added=frozenset(added), removed=frozenset(removed),
                                 changed=frozenset(changed), aspects=frozenset(aspects),
                                 batteries=batteries, weapons=weapons))

    def apply_arsenal(self, weapons: Mapping[str, Weapon | None],
                      batteries: Mapping[str, Battery | None], *,
                      weapon_order: Sequence[str] | None = None,
                      battery_order: Sequence[str] | None = None) -> None:
        """Put each weapon's and battery's new state (None removes it); announce it.

        ``weapon_order``/``battery_order``: the ids in the order the table must then have
        (as in ``apply_structures``)."""
        put_arsenal(self.document.siege, weapons, batteries, weapon_order=weapon_order,
                    battery_order=battery_order)
        self.record(lambda: journal.arsenal_line(weapons, batteries, weapon_order,
                                                  battery_order))
        self.document.announce(Change(weapons=frozenset(weapons),
                                      batteries=frozenset(batteries)))

    def apply_mine_known(self, mine_id: str, known: bool | None) -> None:
        put_mine_known(self.document.siege, mine_id, known)
        self.record(lambda: journal.mine_known_line(mine_id, known))
        self.document.announce(Change.of(Aspect.MINES))

    def apply_settings(self, name: str, options: RulesetOptions, dice_seed: int,
                       players_side: Side | None = None) -> None:
        put_settings(self.document.siege, name, options, dice_seed, players_side)
        self.record(lambda: journal.settings_line(name, options, dice_seed, players_side))
        self.document.announce(Change.of(Aspect.SETTINGS))

    def apply_snapshot_turn(self, turn: int | None) -> None:
        put_snapshot_turn(self.document.siege, turn)
        self.record(lambda: journal.snapshot_turn_line(turn))
        self.document.announce(Change())  # no view shows it

