"""The players' copy from the real window (issue 14): the besiegers' copy of the Hull sample
mentions no defender's occupant count and neither the Tower gun nor the Gate archers until
the GM marks them known (Inspector and Fire dock: one click, undoable; several structures
at once)."""

from __future__ import annotations

from pdf_reading import pdf_text
from PySide6.QtCore import Qt

from siegeboard.persist import write_sample
from siegeboard.ui.dialogs.export_dialog import ExportDialog

DEFENDERS_BATTERIES = ("Tower gun", "Gate archers")


def row(text: str, name: str) -> str:
    return next(line for line in text.splitlines()
                if line.startswith(name + " ") and "intact" in line)


def export_players_copy(window, path) -> str:
    def run(dialog):
        assert isinstance(dialog, ExportDialog)
        dialog.path_edit.setText(str(path))
        dialog.copy_box.setCurrentIndex(dialog.copy_box.findData("players"))
        dialog.since_box.setValue(0)
        dialog.accept()
        return True

    window.prompts.run_dialog = run
    window.menus.export_action.trigger()
    assert path.exists()
    return pdf_text(path)


def test_the_besiegers_copy_shows_what_the_gm_marks_known(qtbot, window, answers, tmp_path):
    assert window.files.open_path(write_sample(tmp_path / "hull.siege", "armory"), ask=False)
    document = window.document
    text = export_players_copy(window, tmp_path / "first.pdf")
    assert "Players' copy (besiegers)" in text
    assert row(text, "The Keep").endswith("intact"), "no occupant count"
    assert not any(name in text for name in DEFENDERS_BATTERIES)
    assert "Bombard" in text

    # One click in the Inspector: the Keep's people are known.
    document.select(["keep"])
    inspector = window.inspector
    assert inspector.known.isEnabled() and not inspector.known.isChecked()
    qtbot.mouseClick(inspector.known, Qt.MouseButton.LeftButton)
    assert document.siege.structures["keep"].known is True
    # One click in the Fire dock: the Tower gun is known.
    window.fire_dock.choose("tower-gun")
    assert not window.fire_dock.known.isChecked()
    qtbot.mouseClick(window.fire_dock.known, Qt.MouseButton.LeftButton)
    assert document.siege.batteries["tower-gun"].known is True
    assert answers.warnings == []

    text = export_players_copy(window, tmp_path / "known.pdf")
    assert row(text, "The Keep").endswith("intact 4")
    assert "Tower gun" in text and "Gate archers" not in text

    # Undo: each mark is one step.
    window.menus.undo_action.trigger()
    window.menus.undo_action.trigger()
    assert document.siege.structures["keep"].known is None
    assert document.siege.batteries["tower-gun"].known is None
    text = export_players_copy(window, tmp_path / "undone.pdf")
    assert "Tower gun" not in text and row(text, "The Keep").endswith("intact")


def test_several_structures_are_marked_at_once(qtbot, window, tmp_path):
    assert window.files.open_path(write_sample(tmp_path / "hull.siege", "armory"), ask=False)
    document = window.document
    document.select(["keep", "great-hall", "siege-tower"])  # the siege tower is their own
    inspector = window.inspector
    assert inspector.known.checkState() == Qt.CheckState.PartiallyChecked
    depth = document.undo_stack.count()
    qtbot.mouseClick(inspector.known, Qt.MouseButton.LeftButton)
    assert document.undo_stack.count() == depth + 1
    siege = document.siege
    assert siege.structures["keep"].known and siege.structures["great-hall"].known
    assert inspector.known.checkState() == Qt.CheckState.Checked
    qtbot.mouseClick(inspector.known, Qt.MouseButton.LeftButton)  # all known: hide them all
    assert not document.siege.structures["keep"].known
    window.menus.undo_action.trigger()
    assert document.siege.structures["keep"].known is True


def test_the_players_side_is_a_siege_setting(qtbot, window, tmp_path):
    assert window.files.open_path(write_sample(tmp_path / "hull.siege", "armory"), ask=False)

    def run(dialog):
        assert dialog.players_side() == "besieger"
        dialog.side_box.setCurrentIndex(dialog.side_box.findData("defender"))
        dialog.accept()
        return True

    window.prompts.run_dialog = run
    window.menus.settings_action.trigger()
    assert window.document.siege.players_side == "defender"
    text = export_players_copy(window, tmp_path / "defenders.pdf")
    assert "Players' copy (defenders)" in text
    assert "Tower gun" in text and "Gate archers" in text and "Bombard" not in text
    stack = window.document.undo_stack
    while stack.undoText() != "Edit siege settings":  # the export recorded its turn, too
        window.menus.undo_action.trigger()
    window.menus.undo_action.trigger()
    assert window.document.siege.players_side == "besieger"


def test_a_mine_is_the_besiegers_and_the_gm_can_reveal_it_to_the_defenders(
        qtbot, window, answers, tmp_path):
    from siegeboard.rules.knowledge import players_view

    assert window.files.open_path(write_sample(tmp_path / "hull.siege", "armory"), ask=False)
    document = window.document
    document.select(["wall-w9"])
    actions = window.actions_dock
    actions.start_mine()
    assert answers.warnings == []
    (mine_id,) = document.siege.mines
    assert actions.mine_known.isChecked(), "the besieger players know their own mine"
    assert players_view(document.siege, "defender").mines == {}
    document.edit_settings(document.siege.name, document.siege.options,
                           document.siege.dice_seed, players_side="defender")
    document.select([])
    document.select(["wall-w9"])
    assert not actions.mine_known.isChecked()
    qtbot.mouseClick(actions.mine_known, Qt.MouseButton.LeftButton)
    assert document.siege.mines[mine_id].known is True
    assert set(players_view(document.siege).mines) == {mine_id}
    window.menus.undo_action.trigger()
    assert document.siege.mines[mine_id].known is None
    assert players_view(document.siege).mines == {}


def test_the_inspector_changes_a_structures_side(qtbot, window, tmp_path):
    assert window.files.open_path(write_sample(tmp_path / "hull.siege", "armory"), ask=False)
    document = window.document
    document.select(["cottage-1"])
    inspector = window.inspector
    assert inspector.side.currentText() == "defender" and not inspector.known.isChecked()
    inspector.side.setCurrentText("besieger")
    inspector.side.activated.emit(inspector.side.currentIndex())
    assert document.siege.structures["cottage-1"].side == "besieger"
    assert inspector.known.isChecked(), "their own side's: known"
    window.menus.undo_action.trigger()
    assert document.siege.structures["cottage-1"].side == "defender"
