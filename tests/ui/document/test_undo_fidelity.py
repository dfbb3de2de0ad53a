"""Undo fidelity (issue 7, item 5): after any sequence of edits, shots and clock steps, undoing
all of them gives back the siege exactly as it was opened, and redoing all of them gives the
same siege again, compared as the bytes a save writes for ``siege.json``.

A hypothesis state machine opens a copy of each sample castle into a bare ``Document`` (no
window) and runs random edits (draw, move, rotate, edit, delete, duplicate, split, merge,
batteries, weapons, map and grid), shots (catalogue weapons from a battery or at a typed
range, dice rolled by the program or typed at the table), clock steps, GM overrides, undo and
redo. After every step the siege validates; after every step that pushed a command, undo
gives the JSON before it and redo the JSON after it (dice included). At the end, undo all
gives the opened JSON and redo gives the JSON before undoing.

``SIEGEBOARD_UNDO_EXAMPLES=500`` runs more examples (default 25 per castle).
"""

from __future__ import annotations

import os
import zipfile
from functools import cache
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from siegeboard.model.actions import (
    Demolish,
    DigMine,
    FightFire,
    FireMine,
    GMOverride,
    Repair,
    StartMine,
    TaskRoll,
)
from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile, read_siege, write_siege
from siegeboard.persist.document import pieces
from siegeboard.persist.siege_file import DOCUMENT
from siegeboard.rules.dice import DiceExhausted
from siegeboard.rules.registry import catalogue
from siegeboard.ui.document.document import Document

MAPS = Path(str(resources.files("siegeboard.resources").joinpath("samples")))  # package data
CASTLES = {"harris": "castle.siege", "armory": "castle_armory.siege"}
EXAMPLES = int(os.environ.get("SIEGEBOARD_UNDO_EXAMPLES") or 25)
# A refused action or edit: the document must be left exactly as it was.
REFUSED = (ValueError, DiceExhausted)

picks = st.integers(min_value=0, max_value=10_000)  # an index into whatever is there, mod len
metres = st.floats(min_value=-10, max_value=160, allow_nan=False).map(lambda v: round(v, 3))
shifts = st.floats(min_value=-15, max_value=15, allow_nan=False).map(lambda v: round(v, 3))
OUTCOMES = ["catastrophic", "failure", "success", "outstanding"]
table_dice = st.none() | st.lists(st.integers(1, 6), max_size=40)


def saved_json(siege: Siege) -> bytes:
    """The bytes a save writes as ``siege.json`` (``test_saved_json_is_what_a_save_writes``)."""
    return b"".join(pieces(siege))


@cache
def castle(ruleset: str) -> SiegeFile:
    return read_siege(MAPS / CASTLES[ruleset])


def opened_copy(ruleset: str) -> SiegeFile:
    """A fresh copy of the sample castle as ``read_siege`` opens it (read once per run)."""
    read = castle(ruleset)
    return SiegeFile(siege=read.siege.model_copy(deep=True), images=dict(read.images))


def _rect(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _pick(items, index: int):
    items = list(items)
    return items[index % len(items)] if items else None


class UndoFidelity(RuleBasedStateMachine):
    """Random steps on an opened castle; see the module docstring for what is checked."""

    ruleset = "harris"

    def __init__(self):
        super().__init__()
        self.document = Document()
        self.document.load(opened_copy(self.ruleset), MAPS / CASTLES[self.ruleset])
        self.opened = saved_json(self.document.siege)
        self.stack = self.document.undo_stack
        self.failed = False  # a step's check failed: teardown must not hide that failure

    # -- the check every step goes through ---------------------------------------------------
    def step(self, do) -> None:
        """Run ``do()``: refused -> nothing changed; else exactly one command was pushed, and
        undoing it gives the JSON before and redoing it the JSON after, to the byte."""
        before, index = saved_json(self.document.siege), self.stack.index()
        self.failed = True
        try:
            do()
            refused = False
        except REFUSED:
            refused = True
        if refused or self.stack.index() == index:  # refused, or an edit that changes nothing
            assert self.stack.index() == index
            assert saved_json(self.document.siege) == before
        else:
            assert self.stack.index() == self.stack.count() == index + 1
            after = saved_json(self.document.siege)
            self.stack.undo()
            assert saved_json(self.document.siege) == before, self.stack.text(index)
            self.stack.redo()
            assert saved_json(self.document.siege) == after, self.stack.text(index)
        self.failed = False

    @invariant()
    def siege_validates(self) -> None:
        self.failed = True
        siege = self.document.siege
        assert Siege.model_validate(siege.model_dump()) == siege
        self.failed = False

    def teardown(self) -> None:
        try:
            if not self.failed:
                self.undo_all_then_redo_all()
        finally:
            # Commands hold their document and the document's stack holds the commands:
            # deleting them here, not in a garbage collection of that cycle, avoids a
            # PySide6 crash (seen after a few hundred machines).
            self.stack.clear()

    def undo_all_then_redo_all(self) -> None:
        stack, siege = self.stack, lambda: self.document.siege
        current, index = saved_json(siege()), stack.index()
        while stack.canUndo():
            stack.undo()
        assert saved_json(siege()) == self.opened
        for _ in range(index):
            stack.redo()
        assert saved_json(siege()) == current
        while stack.canRedo():
            stack.redo()
        Siege.model_validate(siege().model_dump())

    # -- helpers -------------------------------------------------------------------------------
    def _ids(self) -> list[str]:
        return list(self.document.siege.structures)

    def _structure_id(self, pick: int) -> str | None:
        return _pick(self._ids(), pick)

    def _point_in(self, structure_id: str) -> tuple[float, float]:
        point = self.document.index.polygon(structure_id).representative_point()
        return (point.x, point.y)

    # -- edits ---------------------------------------------------------------------------------
    @rule(kind=picks, x=metres, y=metres, w=st.integers(1, 25), h=st.integers(1, 25))
    def draw_rectangle(self, kind, x, y, w, h):
        kinds = list(catalogue(self.ruleset).kinds)
        self.step(lambda: self.document.draw_structure(_pick(kinds, kind), _rect(x, y, w, h)))

    @rule(picks=st.lists(picks, min_size=1, max_size=3), dx=shifts, dy=shifts)
    def move_structures(self, picks, dx, dy):
        ids = [self._structure_id(pick) for pick in picks]
        self.step(lambda: self.document.move_structures([i for i in ids if i], dx, dy))

    @rule(pick=picks, degrees=st.sampled_from([90, 180, 45, 17.5, -30]))
    def rotate_structure(self, pick, degrees):
        structure_id = self._structure_id(pick)
        if structure_id is not None:
            centre = self._point_in(structure_id)
            self.step(lambda: self.document.rotate_structures([structure_id], degrees, centre))

    @rule(pick=picks, field=st.sampled_from(["name", "armor", "stories", "hull", "kind",
                                             "material", "notes"]), value=picks)
    def edit_structure(self, pick, field, value):
        structure_id = self._structure_id(pick)
        if structure_id is None:
            return
        new = {"name": f"Renamed {value}", "armor": value % 80, "stories": 1 + value % 5,
               "hull": 1 + value % 30, "kind": _pick(catalogue(self.ruleset).kinds, value),
               "material": _pick(["wood", "brick", "stone", "earth"], value),
               "notes": f"note {value}"}[field]
        self.step(lambda: self.document.edit_structure(structure_id, **{field: new}))

    @rule(picks=st.lists(picks, min_size=1, max_size=2))
    def delete_structures(self, picks):
        ids = [self._structure_id(pick) for pick in picks]
        self.step(lambda: self.document.remove_structures([i for i in ids if i]))

    @rule(picks=st.lists(picks, min_size=1, max_size=2), dx=shifts, dy=shifts)
    def duplicate_structures(self, picks, dx, dy):
        ids = list(dict.fromkeys(self._structure_id(pick) for pick in picks))
        self.step(lambda: self.document.duplicate([i for i in ids if i], (dx, dy)))

    @rule(pick=picks)
    def split_section(self, pick):
        structure_id = self._structure_id(pick)
        if structure_id is not None:
            self.step(lambda: self.document.split_section(structure_id))

    @rule(pick=picks, other=picks)
    def merge_with_a_neighbour(self, pick, other):
        structure_id = self._structure_id(pick)
        if structure_id is None:
            return
        index = self.document.index
        near = [key for key in index.within_distance(index.polygon(structure_id), 0.01)
                if key != structure_id]
        if near:
            ids = [structure_id, _pick(near, other)]
            self.step(lambda: self.document.merge_sections(ids))

    @rule(x=metres, y=metres)
    def move_grid_origin(self, x, y):
        self.step(lambda: self.document.move_grid_origin((x, y)))

    @rule(dx=shifts, scale=st.sampled_from([8.0, 16.0, 20.0]))
    def place_and_calibrate_map(self, dx, scale):
        self.step(lambda: self.document.place_map(offset=(dx, -dx)))
        self.step(lambda: self.document.calibrate_map(scale))

    # -- batteries and weapons ---------------------------------------------------------------
    def _weapon_id(self, pick: int) -> str:
        return _pick([weapon.id for weapon, _ in self.document.weapon_list()], pick)

    def _battery_id(self, pick: int) -> str | None:
        return _pick(self.document.siege.batteries, pick)

    @rule(x=metres, y=metres, weapon=picks, side=st.sampled_from(["besieger", "defender"]))
    def place_battery(self, x, y, weapon, side):
        self.step(lambda: self.document.place_battery((x, y), self._weapon_id(weapon),
                                                      side=side))

    @rule(pick=picks, x=metres, y=metres)
    def move_battery(self, pick, x, y):
        battery_id = self._battery_id(pick)
        if battery_id is not None:
            self.step(lambda: self.document.move_battery(battery_id, (x, y)))

    @rule(pick=picks, field=st.sampled_from(["name", "weapon_id", "side", "target_id"]),
          value=picks)
    def edit_battery(self, pick, field, value):
        battery_id = self._battery_id(pick)
        if battery_id is None:
            return
        new = {"name": f"Gun {value}", "weapon_id": self._weapon_id(value),
               "side": _pick(["besieger", "defender"], value),
               "target_id": _pick([None, *self._ids()], value)}[field]
        self.step(lambda: self.document.edit_battery(battery_id, **{field: new}))

    @rule(pick=picks)
    def remove_battery(self, pick):
        battery_id = self._battery_id(pick)
        if battery_id is not None:
            self.step(lambda: self.document.remove_battery(battery_id))

    @rule(pick=picks, value=st.integers(0, 60))
    def edit_weapon(self, pick, value):
        weapon = self.document.weapon(self._weapon_id(pick))
        changed = weapon.model_copy(update={"name": f"{weapon.name} mk {value}",
                                            "damage": value, "hull_damage": value // 4})
        self.step(lambda: self.document.set_weapon(changed))

    @rule(pick=picks)
    def remove_weapon(self, pick):
        weapon_id = _pick(self.document.siege.weapons, pick)
        if weapon_id is not None:
            self.step(lambda: self.document.remove_weapon(weapon_id))

    # -- play ----------------------------------------------------------------------------------
    @rule(weapon=picks, on_structure=st.booleans(), pick=picks, x=metres, y=metres,
          from_battery=st.booleans(), range_m=st.floats(0, 800, allow_nan=False),
          successes=st.integers(0, 6), boons=st.integers(0, 4), dice=table_dice)
    def fire(self, weapon, on_structure, pick, x, y, from_battery, range_m, successes, boons,
             dice):
        at = (x, y)
        structure_id = self._structure_id(pick)
        if on_structure and structure_id is not None:
            at = self._point_in(structure_id)
        battery_id = self._battery_id(pick) if from_battery else None
        source = {"battery_id": battery_id} if battery_id else {"range_m": range_m}
        extra = {"successes": successes, "boons": boons} if self.ruleset == "armory" else {}
        self.step(lambda: self.document.fire_at(self._weapon_id(weapon), at, dice_values=dice,
                                                **source, **extra))

    @rule(turns=st.integers(1, 24), dice=table_dice)
    def advance_clock(self, turns, dice):
        self.step(lambda: self.document.advance_clock(turns, dice))

    @rule(pick=picks, value=picks, what=st.integers(0, 2))
    def gm_override(self, pick, value, what):
        structure_id = self._structure_id(pick)
        if structure_id is None:
            return
        structure = self.document.structure(structure_id)
        if self.ruleset == "harris":
            fields = [{"dp": value % (structure.dp_original + 1)},
                      {"collapsed": bool(value % 2)}, {"fire_level": value % 7}][what]
        else:
            fields = [{"hull_suffered": value % (structure.hull + 1)},
                      {"ladder": _pick(["intact", "cracked", "breached"], value)},
                      {"burning": bool(value % 2)}][what]
        action = GMOverride(structure_id=structure_id, reason="test", **fields)
        self.step(lambda: self.document.play(action))

    @rule(pick=picks, which=st.integers(0, 3), outcome=st.sampled_from(OUTCOMES),
          value=picks, dice=table_dice)
    def other_action(self, pick, which, outcome, value, dice):
        """Repairs, fire fighting and mines: the actions that change other parts of a siege."""
        structure_id = self._structure_id(pick)
        if structure_id is None:
            return
        task = TaskRoll(outcome=outcome)
        repair = Repair(structure_id=structure_id, team_size=1 + value % 3, task=task)
        if self.ruleset == "harris":
            action = [repair, FightFire(structure_id=structure_id, firefighters=[task]),
                      Demolish(structure_id=structure_id, weapon_ids=["demolition_charge"]),
                      repair][which]
        else:
            mine_id = _pick([*self.document.siege.mines, "m1", "m2"], value)
            action = [repair, StartMine(structure_id=structure_id, mine_id=mine_id),
                      DigMine(mine_id=mine_id, besiegers_win=bool(value % 3),
                              countermined=value % 7 == 0),
                      FireMine(mine_id=mine_id)][which]
        self.step(lambda: self.document.play(action, dice))

    # -- undo and redo -------------------------------------------------------------------------
    @precondition(lambda self: self.stack.canUndo())
    @rule(count=st.integers(1, 3))
    def undo(self, count):
        for _ in range(count):
            if self.stack.canUndo():
                self.stack.undo()

    @precondition(lambda self: self.stack.canRedo())
    @rule(count=st.integers(1, 3))
    def redo(self, count):
        for _ in range(count):
            if self.stack.canRedo():
                self.stack.redo()


class ArmoryUndoFidelity(UndoFidelity):
    ruleset = "armory"


FIDELITY_SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=20, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("machine", [UndoFidelity, ArmoryUndoFidelity],
                         ids=["harris", "armory"])
def test_undo_all_gives_the_opened_siege_back(qapp, machine):
    run_state_machine_as_test(machine, settings=FIDELITY_SETTINGS)


@pytest.mark.parametrize("ruleset", sorted(CASTLES))
def test_saved_json_is_what_a_save_writes(qapp, tmp_path, ruleset):
    """``saved_json`` is byte for byte the ``siege.json`` of the file: as opened, and as a
    save of the document writes it again."""
    path = MAPS / CASTLES[ruleset]
    document = Document()
    document.load(opened_copy(ruleset), path)
    with zipfile.ZipFile(path) as archive:
        assert archive.read(DOCUMENT) == saved_json(document.siege)
    document.fire_at(document.weapon_list()[0][0].id, (80.0, 60.0), range_m=50.0)
    write_siege(tmp_path / "saved.siege", document.file_to_save())
    with zipfile.ZipFile(tmp_path / "saved.siege") as archive:
        assert archive.read(DOCUMENT) == saved_json(document.siege)


# -- regressions found by the machine ---------------------------------------------------------

def opened_document(ruleset: str) -> Document:
    document = Document()
    document.load(opened_copy(ruleset), MAPS / CASTLES[ruleset])
    return document


def undo_gives_back(document: Document, edit) -> None:
    """``edit()`` pushes one command; its undo gives the very bytes back, its redo the new."""
    before = saved_json(document.siege)
    edit()
    after = saved_json(document.siege)
    assert after != before
    document.undo_stack.undo()
    assert saved_json(document.siege) == before
    document.undo_stack.redo()
    assert saved_json(document.siege) == after


@pytest.mark.parametrize("edit", ["delete", "split", "merge"])
def test_undo_puts_removed_structures_back_in_their_place(qapp, edit):
    """Undoing a delete, split or merge used to put the structures back at the end of the
    siege's structures: equal, but saved in another order."""
    document = opened_document("harris")
    first, second = "wall-n1", "wall-n2"
    assert list(document.siege.structures).index(first) < len(document.siege.structures) - 2
    do = {"delete": lambda: document.remove_structures([first]),
          "split": lambda: document.split_section(first),
          "merge": lambda: document.merge_sections([first, second])}[edit]
    undo_gives_back(document, do)


@pytest.mark.parametrize("table", ["batteries", "weapons"])
def test_undo_puts_a_removed_battery_or_weapon_back_in_its_place(qapp, table):
    document = opened_document("armory")
    if table == "batteries":
        undo_gives_back(document, lambda: document.remove_battery("bombard"))
    else:
        document.remove_battery("bombard")
        undo_gives_back(document, lambda: document.remove_weapon("cannon"))


@pytest.mark.parametrize("edit", ["delete", "split", "merge"])
def test_a_structure_a_battery_aims_at_cannot_be_removed(qapp, edit):
    """Deleting (or splitting, or merging away) a battery's scene target left the battery
    aiming at nothing: a siege that no longer validates, nor saves."""
    document = opened_document("harris")
    target = document.siege.batteries["great-battery"].target_id
    neighbour = next(key for key in document.index.within_distance(
        document.index.polygon(target), 0.01) if key != target)
    before = saved_json(document.siege)
    do = {"delete": lambda: document.remove_structures([target]),
          "split": lambda: document.split_section(target),
          "merge": lambda: document.merge_sections([neighbour, target])}[edit]
    with pytest.raises(ValueError, match="scene target of Great Battery"):
        do()
    assert saved_json(document.siege) == before
    assert document.undo_stack.count() == 0


def test_a_structure_with_a_mine_under_it_cannot_be_removed(qapp):
    document = opened_document("armory")
    document.play(StartMine(structure_id="wall-n1", mine_id="m1"))
    before = saved_json(document.siege)
    with pytest.raises(ValueError, match="mine m1 under it"):
        document.remove_structures(["wall-n1"])
    assert saved_json(document.siege) == before


def test_the_window_warns_when_a_delete_is_refused(window, answers):
    window.document.load(opened_copy("harris"), None)
    window.document.select(["wall-w4"])
    window.edits.delete_selection()
    assert "wall-w4" in window.document.siege.structures
    assert answers.warnings and "Cannot delete" in answers.warnings[-1]
