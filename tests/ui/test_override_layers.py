"""The Actions dock's GM override reaches the portcullis behind a gate (A5), undoably."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

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
