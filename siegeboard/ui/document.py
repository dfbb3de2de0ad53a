"""The open siege in the window: the document, its undo stack, selection, index and file.

``Document`` is the only place that pushes undo commands: views and tools call its edit
methods (``add_structures``, ``move_structures``...), which build one command each. Commands
change the siege only through the ``apply_*`` methods here, which announce a typed
``Change`` on ``changed`` so each view redraws only what changed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from siegeboard.geometry import StructureIndex
from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import MapImage, RulesetOptions, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist import FileStamp, SiegeFile, hold_lock, read_siege, write_siege
from siegeboard.rules import engine
from siegeboard.rules.arsenal import available_weapons, find_weapon
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import (
    AskFunction, AskingDice, DiceExhausted, RandomDice, TypedFirstDice, fresh_dice_seed,
    siege_dice)
from siegeboard.rules.registry import ruleset_of
from siegeboard.rules.ruleset import Ruleset
from siegeboard.rules.titles import action_title
from siegeboard.ui import arsenal_commands, commands
from siegeboard.rules.edits import numbered_names, translated, unused_ids
from siegeboard.ui.changes import Aspect, Change, structure_aspects
from siegeboard.ui.play_commands import ApplyAction


class Document(QObject):
    """A siege being edited. ``changed`` carries a ``Change``; ``selection_changed`` a tuple
    of structure ids; ``path_changed`` the new path (or None)."""

    changed = Signal(object)
    selection_changed = Signal(object)
    path_changed = Signal(object)

    def __init__(self, siege_file: SiegeFile | None = None, path: Path | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.siege_file = siege_file or SiegeFile(
            siege=Siege(name="Untitled siege", dice_seed=fresh_dice_seed()))
        self.path: Path | None = path
        self.selection: tuple[str, ...] = ()
        self._index: StructureIndex | None = None
        # How many times each log position has drawn random dice in this session: an undone
        # shot fired again rolls afresh, while a reopened siege starts from the same seeds.
        self._draws: dict[int, int] = {}
        self.unused_dice = 0
        self.unused_values: list[int] = []
        self.rolled_dice = 0
        # A recovered autosave is unsaved work even with nothing on the undo stack.
        self._unsaved = False
        # While the timeline shows the past: the siege as it is now, and why edits wait.
        self._present: SiegeFile | None = None
        self._past_reason: str | None = None
        # How many log entries the file on disk holds: the ones after are this window's own.
        self._log_on_disk = len(self.siege.log)

    # -- reading -------------------------------------------------------------------------
    @property
    def siege(self) -> Siege:
        return self.siege_file.siege

    @property
    def images(self) -> dict[str, bytes]:
        return self.siege_file.images

    @property
    def ruleset(self) -> str:
        return self.siege.ruleset

    @property
    def rules(self) -> Ruleset:
        """The siege's rule text (``rules.registry``)."""
        return ruleset_of(self.siege)

    @property
    def index(self) -> StructureIndex:
        """The spatial index over footprints, rebuilt lazily after footprints change."""
        if self._index is None:
            self._index = StructureIndex.for_structures(self.siege.structures)
        return self._index

    def structure(self, structure_id: str) -> Structure:
        return self.siege.structures[structure_id]

    def selected_structures(self) -> list[Structure]:
        return [self.siege.structures[key] for key in self.selection]

    def map_image(self) -> bytes | None:
        if self.siege.map is None:
            return None
        return self.images.get(self.siege.map.member)

    def section_length(self) -> float:
        """The ruleset's default wall section length in metres (H12 / A1)."""
        return self.rules.section_length(self.siege.options)

    def new_names(self, name: str, count: int = 1) -> list[str]:
        """``count`` names for new structures like ``name``, numbered per kind ("Curtain wall
        1", "Curtain wall 2"...) and unused in the siege."""
        return numbered_names(name, (s.name for s in self.siege.structures.values()), count)

    def new_ids(self, count: int) -> list[str]:
        return unused_ids(self.siege.structures, count)

    # -- weapons and batteries -------------------------------------------------------------
    def weapon(self, weapon_id: str) -> Weapon | None:
        """The siege's own weapon of that id, else the ruleset catalogue's, else None."""
        return find_weapon(self.siege, weapon_id)

    def weapon_list(self) -> list[tuple[Weapon, bool]]:
        """Every weapon the GM can use: (weapon, True) for the siege's own, in its order, then
        (weapon, False) for the catalogue's starter weapons the siege does not hold."""
        return available_weapons(self.siege)

    def new_battery_id(self) -> str:
        number = 1
        while f"b{number}" in self.siege.batteries:
            number += 1
        return f"b{number}"

    # -- dice ------------------------------------------------------------------------------
    def next_seq(self) -> int:
        return self.siege.log[-1].seq + 1 if self.siege.log else 1

    def random_dice(self) -> RandomDice:
        """Fair dice for the next action, seeded by the siege's ``dice_seed``, the log
        position and how often that position has rolled in this session."""
        seq = self.next_seq()
        attempt = self._draws.get(seq, 0)
        self._draws[seq] = attempt + 1
        return siege_dice(self.siege.dice_seed, seq, attempt)

    # -- files ---------------------------------------------------------------------------
    def load(self, siege_file: SiegeFile, path: Path | None, *, unsaved: bool = False,
             read_as: FileStamp | None = None, log_on_disk: int | None = None) -> None:
        """Replace the whole document (a new or opened file): undo history starts afresh.

        ``unsaved``: the siege is not what ``path`` holds (a recovered autosave): the document
        counts as modified until it is saved. ``read_as`` is then the version of ``path`` it
        was made from (a save checks ``path`` is still that version) and ``log_on_disk`` how
        many of its log entries that version held."""
        if read_as is not None:
            siege_file.stamp = read_as
        self.siege_file = siege_file
        self._present, self._past_reason = None, None
        self.path = path
        self._unsaved = unsaved
        self._log_on_disk = len(siege_file.siege.log) if not unsaved else (log_on_disk or 0)
        self._index = None
        self.selection = ()
        self._draws = {}
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.changed.emit(Change(reset=True))
        self.selection_changed.emit(self.selection)
        self.path_changed.emit(path)

    def open(self, path: Path) -> None:
        """Open ``path``; on ``SiegeFileError`` nothing here has changed."""
        siege_file = read_siege(path)
        self.load(siege_file, Path(path))

    def save(self, path: Path | None = None, *, replace_read_only: bool = False,
             overwrite: bool = False) -> None:
        """Save to ``path`` (or the current path) under its lock; on ``SiegeFileError`` (and
        its ``SiegeFileChanged``: the file changed since it was read; ``SiegeFileReadOnly``)
        or ``SiegeFileLocked`` nothing has changed. ``overwrite`` replaces the file even if it
        changed since it was read; ``replace_read_only`` even a read-only one."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("save: the siege has no file yet; choose a name")
        to_save = self.file_to_save()
        if overwrite:
            to_save.stamp = None
        now = self._present or self.siege_file  # the siege as it is, whatever is shown
        with hold_lock(target):
            now.stamp = write_siege(target, to_save, replace_read_only=replace_read_only)
        self._unsaved = False
        self._log_on_disk = len(now.siege.log)
        self.undo_stack.setClean()
        if target != self.path:
            self.path = target
            self.path_changed.emit(target)

    @property
    def log_on_disk(self) -> int:
        """How many of the log's entries the file on disk holds (the rest are unsaved)."""
        return self._log_on_disk

    def unsaved_actions(self) -> list[LogEntry]:
        """The actions played in this window since its file was opened or saved, as logged."""
        return list((self._present or self.siege_file).siege.log[self._log_on_disk:])

    def reload_and_replay(self) -> list[str]:
        """The file changed on disk since this window read it: open it as it is now and play
        this window's unsaved actions again on top, each with the dice it rolled where they
        still fit (the rules ask for the same dice), else with fresh dice. Returns one line
        per action saying how it went (its outcome, or why it could not be played), and a
        last line when other unsaved edits (drawing, settings) were not carried over. Each
        action is one undoable step; the document is then unsaved. Raises ``SiegeFileError``
        (nothing changed) when the file cannot be read."""
        path = self.path
        if path is None:
            raise ValueError("reload: the siege has no file")
        actions = self.unsaved_actions()
        others = sum(1 for number in range(self.undo_stack.index())
                     if not isinstance(self.undo_stack.command(number), ApplyAction))
        fresh = read_siege(path)
        self.load(fresh, path)
        report = []
        for entry in actions:
            title = action_title(entry.action, self.siege)
            try:
                outcome, afresh = self._replay_one(entry)
            except (engine.RuleError, ValueError) as error:
                report.append(f"{title}: not played again ({error})")
                continue
            first = outcome.entry.lines[0] if outcome.entry.lines else "done"
            report.append(f"{title}: {first}" + (" (dice rolled afresh)" if afresh else ""))
        if others:
            report.append(f"{others} other unsaved edit{'s were' if others > 1 else ' was'} "
                          f"not carried over (only actions are played again)")
        self._unsaved = bool(actions)
        return report

    def _replay_one(self, entry: LogEntry) -> tuple[engine.Outcome, bool]:
        values = entry.dice_values()
        try:
            outcome = self.play(entry.action, values)
            if not self.unused_dice:
                return outcome, False
            self.undo_stack.undo()  # its dice were for another situation: roll afresh
        except (DiceExhausted, ValueError):
            pass
        return self.play(entry.action), True

    def file_to_save(self) -> SiegeFile:
        """What a save writes: the siege (as it is now, whatever the timeline shows) and
        every image of its file (the plan and the others), stamped with the version of the
        file that was read."""
        present = self._present or self.siege_file
        return SiegeFile(siege=present.siege, images=dict(present.images), stamp=present.stamp)

    @property
    def modified(self) -> bool:
        return self._unsaved or not self.undo_stack.isClean()

    # -- selection -----------------------------------------------------------------------
    def select(self, ids: Iterable[str]) -> None:
        """Set the selection (unknown ids are dropped); announces only a real change."""
        chosen = tuple(dict.fromkeys(key for key in ids if key in self.siege.structures))
        if chosen != self.selection:
            self.selection = chosen
            self.selection_changed.emit(chosen)

    # -- the past (the timeline) ------------------------------------------------------------
    @property
    def showing_past(self) -> str | None:
        """Why the document is read-only (the timeline shows the past), or None."""
        return self._past_reason

    def show_past(self, siege: Siege, changed: set[str], reason: str) -> None:
        """Show ``siege`` (the siege as it was, the timeline's own) read-only: every view
        redraws the structures in ``changed``; edits and play are refused with ``reason``
        until ``show_present``. Saves and autosaves keep writing the present siege."""
        if self._present is None:
            self._present = self.siege_file
        old = self.siege.structures
        self.siege_file = SiegeFile(siege=siege, images=self._present.images)
        self._past_reason = reason
        self._announce_swap(old, changed)

    def show_present(self, changed: set[str]) -> None:
        """Back to the siege as it is now (``changed``: what differs from the past shown)."""
        if self._present is None:
            return
        old = self.siege.structures
        self.siege_file, self._present, self._past_reason = self._present, None, None
        self._announce_swap(old, changed)

    def _announce_swap(self, old: dict, changed: set[str]) -> None:
        new = self.siege.structures
        self._index = None
        self.select(key for key in self.selection if key in new)
        self.changed.emit(Change(
            added=frozenset(k for k in changed if k in new and k not in old),
            removed=frozenset(k for k in changed if k in old and k not in new),
            changed=frozenset(k for k in changed if k in old and k in new),
            aspects=frozenset({Aspect.STATE, Aspect.SHAPE, Aspect.NAME, Aspect.CLOCK,
                               Aspect.MINES}),
            batteries=frozenset(self.siege.batteries) | frozenset(
                self._present.siege.batteries if self._present is not None else ())))

    def _refuse_in_the_past(self) -> None:
        if self._past_reason is not None:
            raise ValueError(self._past_reason)

    # -- edits: each pushes exactly one command --------------------------------------------
    def push(self, command) -> None:
        self._refuse_in_the_past()
        # R2: once play has begun, edits and settings are log entries, played through the
        # engine (still one undo step each).
        action = commands.logged_action(command) if self.siege.log else None
        if action is not None:
            self.play(action)
            return
        self.undo_stack.push(command)

    def add_structures(self, structures: Sequence[Structure], text: str | None = None) -> None:
        if structures:
            self.push(commands.AddStructures(self, structures, text))
            self.select(s.id for s in structures)

    def draw_structure(self, kind: str, footprint: Sequence[tuple[float, float]],
                       name: str | None = None) -> Structure:
        """A new pristine structure of ``kind`` from the catalogue (ValueError if bad)."""
        (structure_id,) = self.new_ids(1)
        structure = new_structure(self.ruleset, kind, structure_id, footprint,
                                  name=name or None)
        if name is None:
            (numbered,) = self.new_names(structure.name)
            structure = structure.model_copy(update={"name": numbered})
        self.add_structures([structure], f"Draw {structure.name}")
        return structure

    def remove_structures(self, ids: Iterable[str]) -> None:
        ids = [key for key in ids if key in self.siege.structures]
        if ids:
            self.push(commands.RemoveStructures(self, ids))

    def move_structures(self, ids: Iterable[str], dx: float, dy: float) -> None:
        ids = [key for key in ids if key in self.siege.structures]
        if ids and (dx or dy):
            self.push(commands.MoveStructures(self, ids, dx, dy))

    def rotate_structures(self, ids: Iterable[str], degrees: float,
                          centre: tuple[float, float]) -> None:
        ids = [key for key in ids if key in self.siege.structures]
        if ids and degrees % 360:
            self.push(commands.RotateStructures(self, ids, degrees, centre))

    def edit_vertices(self, structure_id: str, footprint: Sequence[tuple[float, float]]) -> None:
        self.push(commands.EditVertices(self, structure_id, footprint))

    def cut_hole(self, structure_id: str, ring: Sequence[tuple[float, float]]) -> None:
        """Cut a courtyard along ``ring`` out of the structure; ``ValueError`` if it cannot
        be one (not inside, crossing another)."""
        self.push(commands.CutHole(self, structure_id, ring))

    def remove_hole(self, structure_id: str, number: int = -1) -> None:
        """Fill in courtyard ``number`` (the last cut by default)."""
        structure = self.siege.structures[structure_id]
        self.push(commands.RemoveHole(self, structure_id,
                                      number % len(structure.holes) if structure.holes else 0))

    def edit_structure(self, structure_id: str, **fields) -> None:
        """Change fields of one structure (``kind`` re-makes it from the catalogue)."""
        command = commands.EditStructure(self, structure_id, fields)
        if command.makes_a_difference():
            self.push(command)

    def edit_structures(self, ids: Sequence[str], **fields) -> None:
        """Change the same fields of every structure in ``ids``: one undo step for all."""
        ids = [key for key in ids if key in self.siege.structures]
        if ids:
            command = commands.EditStructure(self, ids, fields)
            if command.makes_a_difference():
                self.push(command)

    def mark_known(self, ids: Sequence[str], known: bool) -> None:
        """Mark the structures ``ids`` known to the players (their occupants shown in the
        players' copy), or hidden from them: one undoable step."""
        ids = [key for key in ids if key in self.siege.structures]
        if ids:
            command = commands.MarkKnown(self, ids, known)
            if command.makes_a_difference():
                self.push(command)

    def mark_mine_known(self, mine_id: str, known: bool) -> None:
        """Mark mine ``mine_id`` known to the players, or hidden: one undoable step."""
        if self.siege.mines[mine_id].known != known:
            self.push(commands.MarkMineKnown(self, mine_id, known))

    def apply_mine_known(self, mine_id: str, known: bool | None) -> None:
        mines = dict(self.siege.mines)
        mines[mine_id] = mines[mine_id].model_copy(update={"known": known})
        self.siege.mines = mines
        self.changed.emit(Change.of(Aspect.MINES))

    def duplicate(self, ids: Iterable[str], offset: tuple[float, float] = (2.0, 2.0)) -> None:
        originals = [self.siege.structures[key] for key in ids if key in self.siege.structures]
        self.paste(originals, offset, "Duplicate")

    def paste(self, structures: Sequence[Structure], offset: tuple[float, float],
              verb: str = "Paste") -> None:
        new_ids = self.new_ids(len(structures))
        copies = []
        taken = [s.name for s in self.siege.structures.values()]
        for new_id, original in zip(new_ids, structures):
            moved = translated(original, offset[0], offset[1])
            (name,) = numbered_names(original.name, taken)  # a copy has a name of its own
            taken.append(name)
            # A copy is a structure of its own, in no wall (H12).
            copies.append(moved.model_copy(
                update={"id": new_id, "name": name, "wall_id": None}, deep=True))
        if copies:
            self.add_structures(copies, f"{verb} {len(copies)} structure(s)")

    def split_section(self, structure_id: str) -> None:
        command = commands.SplitSection(self, structure_id)
        self.push(command)
        self.select(command.new_ids)

    def merge_sections(self, ids: Sequence[str]) -> None:
        command = commands.MergeSections(self, ids)
        self.push(command)
        self.select([command.merged_id])

    def set_map(self, member: str | None, data: bytes | None,
                pixels_per_metre: float = 10.0) -> None:
        """Put an image under the board (None removes it); data must already be readable."""
        new_map = None
        old = self.siege.map
        if member is not None:
            new_map = MapImage(member=member, pixels_per_metre=pixels_per_metre,
                               offset=old.offset if old else (0.0, 0.0), locked=True)
        # The plan replaced goes; the file's other images travel on with it.
        images = {name: kept for name, kept in self.images.items()
                  if old is None or name != old.member}
        if member is not None:
            images[member] = data
        self.push(commands.SetMap(self, new_map, images))

    def calibrate_map(self, pixels_per_metre: float) -> None:
        if self.siege.map is None:
            raise ValueError("calibrate: there is no map image to calibrate")
        if not pixels_per_metre > 0:
            raise ValueError(f"calibrate: the scale must be above 0, not {pixels_per_metre}")
        self.push(commands.CalibrateMap(self, pixels_per_metre))

    def place_map(self, **fields) -> None:
        """Change the image's offset, rotation_deg or locked flag."""
        if self.siege.map is None:
            raise ValueError("there is no map image")
        self.push(commands.PlaceMap(self, fields))

    def play(self, action, dice_values: Sequence[int] | None = None,
             ask: AskFunction | None = None) -> engine.Outcome:
        """Apply a rules action through the engine and push it as one undoable command.

        ``dice_values`` are dice rolled at the table, used first (``TypedFirstDice``); the
        program rolls the rest. ``ask`` is asked for each roll after them ("Ask me for each
        roll": ``AskingDice``), or the program rolls. Raises ``RuleError`` (refused),
        ``ValueError`` (a typed die that cannot come from that die; names the roll) or
        ``DiceCancelled`` (the GM cancelled when asked) and changes nothing.
        A catalogue weapon the action names joins the siege's weapons with it (the engine's
        outcome says so). Afterwards ``unused_dice`` is how many typed dice the action did
        not need (``unused_values`` the dice) and ``rolled_dice`` how many the program rolled.
        """
        self._refuse_in_the_past()
        siege = self.siege
        dice = program = self.random_dice()
        if ask is not None:
            dice = asking = AskingDice(ask, program)
        typed = TypedFirstDice(dice_values, dice) if dice_values else None
        index = self.index if siege.structures else None
        # The program's own dice go in bare: a long advance draws its many dice in one call.
        outcome = engine.apply(siege, action, typed or dice, index=index)
        self.unused_dice = typed.remaining if typed else 0
        self.unused_values = typed.unused if typed else []
        self.rolled_dice = (asking.rolled if ask is not None
                            else typed.rolled if typed else len(outcome.entry.dice_values()))
        self.push(ApplyAction(self, outcome, action_title(action, siege)))
        return outcome

    def fire_at(self, weapon_id: str, at: tuple[float, float], *, battery_id: str | None = None,
                range_m: float | None = None, dice_values: Sequence[int] | None = None,
                **options) -> engine.Outcome:
        """Fire ``weapon_id`` at ``at`` (from a battery, or at a typed range)."""
        action = FireAt(weapon_id=weapon_id, at=(float(at[0]), float(at[1])),
                        battery_id=battery_id, range_m=range_m, **options)
        return self.play(action, dice_values)

    def advance_clock(self, turns: int, dice_values: Sequence[int] | None = None) -> engine.Outcome:
        return self.play(AdvanceClock(turns=turns), dice_values)

    def place_battery(self, position: tuple[float, float], weapon_id: str,
                      name: str | None = None, side: str = "besieger") -> Battery:
        weapon = self.weapon(weapon_id)
        if weapon is None:
            raise ValueError(f"weapon_id: no weapon {weapon_id!r} in this siege or its catalogue")
        battery_id = self.new_battery_id()
        battery = Battery(id=battery_id, name=name or f"Battery {battery_id[1:]}",
                          position=(float(position[0]), float(position[1])),
                          weapon_id=weapon_id, side=side)
        self.push(arsenal_commands.PlaceBattery(self, battery, weapon.model_copy(deep=True)))
        return battery

    def move_battery(self, battery_id: str, position: tuple[float, float]) -> None:
        old = self.siege.batteries[battery_id].position
        if math.dist(old, position) > 0:
            self.push(arsenal_commands.MoveBattery(self, battery_id, position))

    def edit_battery(self, battery_id: str, **fields) -> None:
        weapon = self.weapon(fields["weapon_id"]) if "weapon_id" in fields else None
        command = arsenal_commands.EditBattery(self, battery_id, fields, weapon)
        if command.makes_a_difference():
            self.push(command)

    def remove_battery(self, battery_id: str) -> None:
        self.push(arsenal_commands.RemoveBattery(self, battery_id))

    def set_weapon(self, weapon: Weapon) -> None:
        """Add or change a weapon of the siege (ValueError if ``weapon`` is not valid)."""
        weapon = Weapon.model_validate(weapon.model_dump())
        command = arsenal_commands.SetWeapon(self, weapon)
        if command.makes_a_difference():
            self.push(command)

    def remove_weapon(self, weapon_id: str) -> None:
        self.push(arsenal_commands.RemoveWeapon(self, weapon_id))

    def mark_snapshot(self) -> bool:
        """Record (undoably) that a snapshot was taken at the current turn; False when that
        turn is already the last snapshot's (nothing to record)."""
        turn = self.siege.clock.turn
        if self.siege.last_snapshot_turn == turn:
            return False
        self.push(commands.MarkSnapshot(self, turn))
        return True

    def edit_settings(self, name: str, options: RulesetOptions, dice_seed: int,
                      players_side: str | None = None) -> bool:
        """Push one undoable change of name, options, seed and the players' side (None
        keeps it); False when nothing differs or the name is blank (the old name is kept)."""
        siege = self.siege
        name = name.strip() or siege.name
        players_side = players_side or siege.players_side
        if (name, options, dice_seed, players_side) == (
                siege.name, siege.options, siege.dice_seed, siege.players_side):
            return False
        self.push(commands.EditSiegeSettings(self, name, options, dice_seed, players_side))
        return True

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

    def move_grid_origin(self, origin: tuple[float, float]) -> None:
        if tuple(origin) != tuple(self.siege.grid_origin):
            self.push(commands.MoveGridOrigin(self, origin))

    # -- the only mutators, called by commands ------------------------------------------
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
