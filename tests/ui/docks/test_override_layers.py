"""The Actions dock's GM override reaches the portcullis behind a gate (A5), undoably."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from PySide6.QtWidgets import QCheckBox

SAMPLES = Path(str(resources.files("siegeboard.resources").joinpath("samples")))  # package data


def test_override_the_portcullis_from_the_actions_dock(window, answers, tmp_path):
    shutil.copy(SAMPLES / "castle_armory.siege", tmp_path / "castle.siege")
    assert window.files.open_path(tmp_path / "castle.siege", ask=False)
    document = window.document
    gate = next(s for s in document.siege.structures.values() if s.inner_layer is not None)
    document.select([gate.id])
    actions = window.actions_dock
    form = actions.override_group.form
    assert form.isRowVisible(actions.layer)

    actions.layer.setCurrentIndex(actions.layer.findData("inner"))
    assert actions.override_inputs["hull_suffered"].maximum() == gate.inner_layer.hull
    actions.override_inputs["hull_suffered"].setValue(gate.inner_layer.hull)
    actions.reason.setText("the winch gave way")
    actions.override()
    assert answers.warnings == []
    after = document.siege.structures[gate.id]
    assert after.inner_layer.ladder == "breached"
    assert after.ladder == gate.ladder  # the gate itself is untouched
    assert "the winch gave way" in document.siege.log[-1].lines[0]

    document.undo_stack.undo()
    assert document.siege.structures[gate.id].inner_layer.suffered == 0


def test_the_layer_row_hides_for_a_single_layer_section(window, tmp_path):
    shutil.copy(SAMPLES / "castle_armory.siege", tmp_path / "castle.siege")
    assert window.files.open_path(tmp_path / "castle.siege", ask=False)
    document = window.document
    wall = next(s for s in document.siege.structures.values() if s.inner_layer is None)
    document.select([wall.id])
    assert not window.actions_dock.override_group.form.isRowVisible(window.actions_dock.layer)


def test_the_override_rows_are_the_rule_texts_own(window, tmp_path):
    # The dock asks the siege's Ruleset which parts of a state the GM may set, and makes
    # its rows again when a siege of the other rule text is opened.
    form = window.actions_dock.override_group.form

    def rows() -> list[tuple[str, str]]:
        shown = []
        for row in range(form.rowCount()):
            field = form.itemAt(row, form.ItemRole.FieldRole).widget()
            label = form.itemAt(row, form.ItemRole.LabelRole)
            words = label.widget().text() if label is not None else ""
            shown.append((words, field.text() if isinstance(field, QCheckBox) else ""))
        return shown

    shutil.copy(SAMPLES / "castle.siege", tmp_path / "dp.siege")
    assert window.files.open_path(tmp_path / "dp.siege", ask=False)
    window.document.select([next(iter(window.document.siege.structures))])
    actions = window.actions_dock
    assert list(actions.override_inputs) == ["dp", "collapsed", "cleared", "fire_level",
                                             "out_of_control"]
    assert ("", "Out of control") in rows() and ("Fire level", "") in rows()
    assert not form.isRowVisible(actions.layer)

    shutil.copy(SAMPLES / "castle_armory.siege", tmp_path / "hull.siege")
    assert window.files.open_path(tmp_path / "hull.siege", ask=False)
    window.document.select([next(iter(window.document.siege.structures))])
    assert list(actions.override_inputs) == ["hull_suffered", "ladder", "burning"]
    assert ("Hull suffered", "") in rows() and ("", "Burning") in rows()
    assert ("Ladder", "") in rows()
    assert all(form.isRowVisible(widget) for widget in actions.override_inputs.values())
    assert all(words != "DP" for words, _text in rows())


def test_a_gate_down_with_its_portcullis_standing_says_so_everywhere(window, tmp_path):
    """The table's "breached / portcullis intact" is the map's "Gate breached, portcullis
    holds" (issue 39), on the crack's plate (the way is not open), in the window, the
    snapshot and the VTT picture, all from the ruleset's one state."""
    from xml.etree import ElementTree

    from siegeboard.report.map_painter import MapPainter
    from siegeboard.report.options import SnapshotOptions
    from siegeboard.report.snapshot import export_snapshot

    shutil.copy(SAMPLES / "castle_armory.siege", tmp_path / "castle.siege")
    assert window.files.open_path(tmp_path / "castle.siege", ask=False)
    document = window.document
    gate = next(s for s in document.siege.structures.values() if s.inner_layer is not None)
    document.select([gate.id])
    actions = window.actions_dock
    actions.layer.setCurrentIndex(actions.layer.findData("outer"))
    actions.override_inputs["hull_suffered"].setValue(gate.hull)
    actions.reason.setText("the ram")
    actions.override()
    down = document.siege.structures[gate.id]
    assert (down.ladder, down.inner_layer.ladder) == ("breached", "intact")
    state = document.rules.state(down)
    assert state.word == "breached / portcullis intact"
    assert (state.mark, state.alarm) == ("Gate breached, portcullis holds", "cracked")
    item = window.scene.structure_items[gate.id]
    assert item.style.plate == "Gate breached, portcullis holds"  # the window's plate
    siege = document.siege
    (svg,) = export_snapshot(tmp_path / "s.svg", siege, document.images,
                             SnapshotOptions(include_table=False, include_log=False))
    words = " ".join(" ".join(ElementTree.parse(svg).getroot().itertext()).split())
    assert "Gate breached, portcullis holds" in words
    painter = MapPainter(siege, None, SnapshotOptions())  # the VTT picture's painter
    assert painter.style_of(gate.id).plate == "Gate breached, portcullis holds"
    both = down.model_copy(update={"inner_layer": down.inner_layer.model_copy(
        update={"ladder": "breached", "suffered": down.inner_layer.hull})})
    assert (document.rules.state(both).mark, document.rules.state(both).alarm) == (
        "Breached", "breached")
