"""The open siege in the window: the document, its undo stack, selection, index and file.

``Document`` is the only place that pushes undo steps: views and tools call its edit
methods (``add_structures``, ``move_structures``...), which build one ``Edit`` each
(``ui/document/edit.py``: the one undo path, the same edit before and after the first shot).
Edits change the siege only through the document's ``writer`` (``SiegeWriter``), which
announces a typed ``Change`` on ``changed`` so each view redraws only what changed.

The document is made of parts, each with a public interface and each using only the
document's public one: ``writer`` (the mutators and the journal hook), ``past`` (the
timeline's read-only view of the past) and ``reloader`` (catching up with a file another
writer saved).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from siegeboard.geometry import StructureIndex
from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import MapImage, RulesetOptions, Siege
from siegeboard.model.structure import Side, Structure
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist import FileStamp, SiegeFile, hold_lock, journal, read_siege, write_siege
from siegeboard.persist.siege_file import sweep_beside
from siegeboard.rules import engine, registry
from siegeboard.rules.arsenal import available_weapons, find_weapon
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import (
    AskFunction,
    AskingDice,
    Dice,
    RandomDice,
    TypedFirstDice,
    fresh_dice_seed,
    siege_dice,
)
from siegeboard.rules.edits import numbered_names, translated, unused_ids
from siegeboard.rules.registry import ruleset_of
from siegeboard.rules.ruleset import Ruleset
from siegeboard.rules.titles import action_title
from siegeboard.ui.document import arsenal_commands, commands
from siegeboard.ui.document.changes import Change
from siegeboard.ui.document.document_changes import SiegeWriter
from siegeboard.ui.document.document_past import PastView
from siegeboard.ui.document.document_reload import Reloader
from siegeboard.ui.document.edit import Edit
from siegeboard.ui.document.play_commands import ApplyAction
from siegeboard.ui.language import tr


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
            siege=Siege(name=tr("Untitled siege"), ruleset=registry.DEFAULT.id,
                        dice_seed=fresh_dice_seed()))
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
        # How many log entries the file on disk holds: the ones after are this window's own.
        self._log_on_disk = len(self.siege.log)
        self.writer = SiegeWriter(self)
        self.past = PastView(self)
        self.reloader = Reloader(self)

    # -- what the parts use ----------------------------------------------------------------
    def announce(self, change: Change) -> None:
        """Tell every view what changed (``changed``)."""
        self.changed.emit(change)

    def forget_index(self) -> None:
        """Footprints moved, appeared or went: the spatial index is rebuilt when next asked."""
        self._index = None

    def deselect(self, ids: Iterable[str]) -> None:
        """Drop ``ids`` from the selection (structures that went); announces a real change."""
        gone = set(ids)
        if gone & set(self.selection):
            self.selection = tuple(key for key in self.selection if key not in gone)
            self.selection_changed.emit(self.selection)

    def mark_unsaved(self, unsaved: bool = True) -> None:
        """Count the siege as holding work its file does not, whatever the undo stack says."""
        self._unsaved = unsaved

    # -- the past (the timeline) -------------------------------------------------------------
    @property
    def showing_past(self) -> str | None:
        """Why the document is read-only (the timeline shows the past), or None."""
        return self.past.reason

    def show_past(self, siege: Siege, changed: set[str], reason: str) -> None:
        """``PastView.show_past``: the siege as it was, read-only."""
        self.past.show_past(siege, changed, reason)

    def show_present(self, changed: set[str]) -> None:
        """``PastView.show_present``: back to the siege as it is now."""
        self.past.show_present(changed)

    def refuse_in_the_past(self) -> None:
        """``ValueError`` saying why while the timeline shows the past."""
        self.past.refuse()

    @property
    def present_file(self) -> SiegeFile:
        """The siege file as it is now, whatever the timeline shows."""
        return self.past.present or self.siege_file

    # -- the file on disk --------------------------------------------------------------------
    @property
    def log_on_disk(self) -> int:
        """How many of the log's entries the file on disk holds (the rest are unsaved)."""
        return self._log_on_disk

    def unsaved_actions(self) -> list[LogEntry]:
        """The actions played in this window since its file was opened or saved, as logged."""
        return list(self.present_file.siege.log[self._log_on_disk:])

    def reload_and_replay(self) -> list[str]:
        """``Reloader.reload_and_replay``: the file as it is now, this window's actions again."""
        return self.reloader.reload_and_replay()

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
        self.past.forget()
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
        """Open ``path``; on ``SiegeFileError`` nothing here has changed. Temporary files that
        killed saves left beside it are swept first (``siege_file.sweep_beside``)."""
        sweep_beside(path)
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
            raise ValueError(tr("save: the siege has no file yet; choose a name"))
        to_save = self.file_to_save()
        if overwrite:
            to_save.stamp = None
        now = self.present_file  # the siege as it is, whatever is shown
        with hold_lock(target):
            now.stamp = write_siege(target, to_save, replace_read_only=replace_read_only)
        self._unsaved = False
        self._log_on_disk = len(now.siege.log)
        self.writer.record(lambda: journal.saved_line(now.stamp, self._log_on_disk))
        self.undo_stack.setClean()
        if target != self.path:
            self.path = target
            self.path_changed.emit(target)

    def file_to_save(self) -> SiegeFile:
        """What a save writes: the siege (as it is now, whatever the timeline shows) and
        every image of its file (the plan and the others), stamped with the version of the
        file that was read."""
        present = self.present_file
        return SiegeFile(siege=present.siege, images=dict(present.images), stamp=present.stamp)

    @property
    def modified(self) -> bool:
        return self._unsaved or not self.undo_stack.isClean()

    @property
    def recovered(self) -> bool:
        """Whether the siege holds work its file does not (a recovered autosave, unsaved)."""
        return self._unsaved

    # -- selection -----------------------------------------------------------------------
    def select(self, ids: Iterable[str]) -> None:
        """Set the selection (unknown ids are dropped); announces only a real change."""
        chosen = tuple(dict.fromkeys(key for key in ids if key in self.siege.structures))
        if chosen != self.selection:
            self.selection = chosen
            self.selection_changed.emit(chosen)

    # -- edits: each pushes exactly one command --------------------------------------------
    def push(self, edit: Edit) -> None:
        """Do ``edit`` and keep it on the undo stack: one undo step.

        R2: once play has begun, an edit the log holds (``edit.logged_action()``) is also a
        log entry: the engine checks and logs it (``RuleError`` if it refuses, and nothing
        changes), and the edit keeps the engine's outcome, which its redo and undo write."""
        self.refuse_in_the_past()
        action = edit.logged_action() if self.siege.log and edit.outcome is None else None
        if action is not None:
            edit.outcome = self._apply(action)
        self.undo_stack.push(edit)

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
        self.add_structures([structure], tr("Draw {name}").format(name=structure.name))
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

    def duplicate(self, ids: Iterable[str], offset: tuple[float, float] = (2.0, 2.0)) -> None:
        originals = [self.siege.structures[key] for key in ids if key in self.siege.structures]
        self.paste(originals, offset, "Duplicate")

    def paste(self, structures: Sequence[Structure], offset: tuple[float, float],
              verb: str = "Paste") -> None:
        new_ids = self.new_ids(len(structures))
        copies = []
        taken = [s.name for s in self.siege.structures.values()]
        for new_id, original in zip(new_ids, structures, strict=True):
            moved = translated(original, offset[0], offset[1])
            (name,) = numbered_names(original.name, taken)  # a copy has a name of its own
            taken.append(name)
            # A copy is a structure of its own, in no wall (H12).
            copies.append(moved.model_copy(
                update={"id": new_id, "name": name, "wall_id": None}, deep=True))
        if copies:
            count = len(copies)
            self.add_structures(copies, tr("Duplicate %n structure(s)", "", count)
                                if verb == "Duplicate" else tr("Paste %n structure(s)", "", count))

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
        if member is not None and data is not None:
            images[member] = data
        self.push(commands.SetMap(self, new_map, images))

    def calibrate_map(self, pixels_per_metre: float) -> None:
        if self.siege.map is None:
            raise ValueError(tr("calibrate: there is no map image to calibrate"))
        if not pixels_per_metre > 0:
            raise ValueError(tr(
                "calibrate: the scale must be above 0, not {pixels_per_metre}").format(
                        pixels_per_metre=pixels_per_metre))
        self.push(commands.CalibrateMap(self, pixels_per_metre))

    def place_map(self, **fields) -> None:
        """Change the image's offset, rotation_deg or locked flag."""
        if self.siege.map is None:
            raise ValueError(tr("there is no map image"))
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
        self.refuse_in_the_past()
        outcome = self._apply(action, dice_values, ask)
        self.push(ApplyAction(self, outcome, action_title(action, self.siege)))
        return outcome

    def _apply(self, action, dice_values: Sequence[int] | None = None,
               ask: AskFunction | None = None) -> engine.Outcome:
        """The engine's outcome of ``action`` on the siege, not yet written (``play``)."""
        siege = self.siege
        program = self.random_dice()
        dice: Dice = program
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
            raise ValueError(tr(
                "weapon_id: no weapon {weapon_id!r} in this siege or its catalogue").format(
                        weapon_id=weapon_id))
        battery_id = self.new_battery_id()
        battery = Battery(id=battery_id, name=name or tr("Battery {value}").format(
                value=battery_id[1:]),
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
                      players_side: Side | None = None) -> bool:
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

    def move_grid_origin(self, origin: tuple[float, float]) -> None:
        if tuple(origin) != tuple(self.siege.grid_origin):
            self.push(commands.MoveGridOrigin(self, origin))
