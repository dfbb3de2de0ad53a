"""Undo commands on a bare QUndoStack and a Document with no view: each redo/undo restores
the exact old and new state and announces a typed change naming only what changed."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist import SiegeFile
from siegeboard.rules.build import new_structure
from siegeboard.ui.document import commands
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document


def rect(x, y, w, h):
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


@pytest.fixture
def document(qapp):
    structures = [new_structure("harris", "townhouse", "a", rect(0, 0, 10, 8)),
                  new_structure("harris", "curtain_wall", "w1", rect(20, 0, 10, 2)),
                  new_structure("harris", "curtain_wall", "w2", rect(30, 0, 10, 2))]
    siege = Siege(ruleset="harris", name="Bare", structures={s.id: s for s in structures})
    doc = Document(SiegeFile(siege=siege))
    doc.changes = []
    doc.changed.connect(doc.changes.append)
    yield doc
    # Commands on the document's own stack refer back to it: drop them before the garbage
    # collector meets the cycle (PySide6 may free the C++ commands twice otherwise).
    doc.undo_stack.clear()


def run(document, command):
    """Push on a bare stack; check undo gives the old siege back and redo the new one."""
    before = document.siege.model_dump()
    stack = QUndoStack()
    stack.push(command)
    after = document.siege.model_dump()
    stack.undo()
    assert document.siege.model_dump() == before
    stack.redo()
    assert document.siege.model_dump() == after
    return after


def test_add_structures(document):
    new = new_structure("harris", "bunker", "b", rect(50, 50, 6, 4))
    run(document, commands.AddStructures(document, [new]))
    assert document.siege.structures["b"].dp == 50 * 6 * 1
    assert document.changes[-1] == Change(added=frozenset({"b"}))
    assert document.changes[-2] == Change(removed=frozenset({"b"}))


def test_add_refuses_a_taken_id(document):
    with pytest.raises(ValueError, match="already"):
        commands.AddStructures(document, [document.structure("a")])


def test_remove_structures(document):
    run(document, commands.RemoveStructures(document, ["a", "w1"]))
    assert set(document.siege.structures) == {"w2"}
    assert document.changes[-1].removed == {"a", "w1"}


def test_move_structures(document):
    run(document, commands.MoveStructures(document, ["a"], 4, -2))
    assert document.structure("a").footprint[0] == (4, -2)
    assert document.structure("a").dp == 200
    assert document.changes[-1] == Change(changed=frozenset({"a"}),
                                          aspects=frozenset({Aspect.SHAPE}))


def test_rotate_structures_quarter_turn_stays_on_grid(document):
    run(document, commands.RotateStructures(document, ["a"], 90, (4, 4)))
    xs = {x for x, _ in document.structure("a").footprint}
    ys = {y for _, y in document.structure("a").footprint}
    assert xs == {0, 8} and ys == {0, 10}
    assert document.structure("a").dp == 200


def test_edit_vertices_recomputes_dp_of_undamaged(document):
    run(document, commands.EditVertices(document, "a", rect(0, 0, 20, 8)))
    assert document.structure("a").dp == document.structure("a").dp_original == 5 * 40 * 2


def test_edit_vertices_refuses_self_crossing(document):
    with pytest.raises(ValueError, match="self-crossing"):
        commands.EditVertices(document, "a", [(0, 0), (10, 8), (10, 0), (0, 8)])
    assert document.structure("a").footprint == rect(0, 0, 10, 8)


def test_edit_structure_fields_and_kind(document):
    run(document, commands.EditStructure(document, "a", {"name": "Mill", "stories": 3}))
    assert document.structure("a").name == "Mill"
    assert document.structure("a").dp == 5 * 20 * 3
    run(document, commands.EditStructure(document, "a", {"kind": "bunker"}))
    assert document.structure("a").armor == 50 and document.structure("a").dp == 50 * 20


def test_edit_structure_keeps_damage_in_proportion(document):
    damaged = document.structure("a").model_copy(update={"dp": 150})
    document.siege.structures["a"] = damaged
    run(document, commands.EditStructure(document, "a", {"stories": 4}))
    assert document.structure("a").dp_original == 400
    assert document.structure("a").dp == 300


def test_split_section_shares_dp_by_length(document):
    command = commands.SplitSection(document, "w1")
    run(document, command)
    pieces = [document.structure(key) for key in command.new_ids]
    assert "w1" not in document.siege.structures
    assert sum(p.dp for p in pieces) == 675 and sum(p.dp_original for p in pieces) == 675
    assert {round(p.dp) for p in pieces} == {338, 337}


def test_merge_sections_sums_dp(document):
    command = commands.MergeSections(document, ["w1", "w2"])
    run(document, command)
    merged = document.structure("w1")
    assert "w2" not in document.siege.structures
    assert merged.dp == merged.dp_original == 1350
    assert len(merged.footprint) == 4


def test_merge_refuses_apart_or_mixed(document):
    with pytest.raises(ValueError, match="different kinds"):
        commands.MergeSections(document, ["a", "w1"])
    far = new_structure("harris", "curtain_wall", "w9", rect(80, 80, 10, 2))
    document.siege.structures["w9"] = far
    with pytest.raises(ValueError, match="do not touch"):
        commands.MergeSections(document, ["w1", "w9"])


def test_map_commands(document):
    placement = MapImage(member="map.png", pixels_per_metre=10)
    run(document, commands.SetMap(document, placement, {"map.png": b"png"}))
    assert document.images == {"map.png": b"png"}
    # The first plan anchors the labels at its north-west corner (R0b): the grid's labels
    # changed with it.
    assert document.siege.label_anchor == (0.0, 0.0)
    assert document.changes[-1] == Change.of(Aspect.MAP, Aspect.GRID)
    run(document, commands.CalibrateMap(document, 4.5))
    assert document.siege.map.pixels_per_metre == 4.5
    run(document, commands.PlaceMap(document, {"rotation_deg": 12.0, "locked": False}))
    assert document.siege.map.rotation_deg == 12.0
    with pytest.raises(ValueError):
        commands.CalibrateMap(document, 0)
    with pytest.raises(ValueError):
        commands.CalibrateMap(document, -3)


def test_move_grid_origin(document):
    run(document, commands.MoveGridOrigin(document, (3.5, -1.0)))
    assert document.siege.grid_origin == (3.5, -1.0)
    assert document.changes[-1] == Change.of(Aspect.GRID)


def test_removing_a_selected_structure_drops_it_from_the_selection(document):
    document.select(["a", "w1"])
    document.remove_structures(["a"])
    assert document.selection == ("w1",)
    document.undo_stack.undo()
    assert "a" in document.siege.structures


def test_each_edit_names_the_aspects_it_changed(document):
    document.edit_structure("a", name="Granary")
    assert document.changes[-1] == Change(changed=frozenset({"a"}),
                                          aspects=frozenset({Aspect.NAME}))
    document.edit_structure("a", occupants=[{"name": "Miller"}])
    assert document.changes[-1].aspects == {Aspect.STATE}
    document.edit_structure("a", stories=3)
    assert Aspect.MAKE in document.changes[-1].aspects
    assert Aspect.SHAPE not in document.changes[-1].aspects
    document.undo_stack.undo()  # an undo names the same aspects
    assert Aspect.MAKE in document.changes[-1].aspects


def test_a_shot_names_the_log_and_the_state_a_clock_step_the_clock(document):
    document.fire_at("he_shell", (5, 4), range_m=100, dice_values=[6] * 40)
    shot = document.changes[-1]
    assert "a" in shot.changed and {Aspect.LOG, Aspect.STATE} <= shot.aspects
    assert Aspect.CLOCK not in shot.aspects and Aspect.SHAPE not in shot.aspects
    document.advance_clock(1, dice_values=[])
    assert document.changes[-1].aspects >= {Aspect.LOG, Aspect.CLOCK}
    assert document.changes[-1].touches(Aspect.CLOCK)
    assert not document.changes[-1].touches(Aspect.MAP)
    assert Change(reset=True).touches(Aspect.MAP)


def test_settings_and_the_snapshot_mark(document):
    document.edit_settings("Renamed", document.siege.options, 7)
    assert document.changes[-1] == Change.of(Aspect.SETTINGS)
    document.mark_snapshot()
    assert document.changes[-1] == Change()  # no view shows it
