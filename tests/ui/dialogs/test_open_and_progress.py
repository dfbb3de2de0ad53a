"""Opening decodes everything before the document is replaced; long work shows a progress
dialog whose Cancel changes nothing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton
from ui_helpers import plan_image, small_siege

from siegeboard.model.progress import Cancelled
from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist import SiegeFile, read_siege, write_siege
from siegeboard.ui.dialogs import progress_dialog
from siegeboard.ui.dialogs.progress_dialog import run_with_progress


def siege_with_map(tmp_path):
    """A siege with one structure and a map image Pillow (and so ``read_siege``) accepts."""
    plan = plan_image(tmp_path / "plan.png").read_bytes()
    small = read_siege(small_siege(tmp_path / "small.siege")).siege
    siege = Siege(name="Mapped", ruleset="harris", structures=small.structures,
                  map=MapImage(member="map.png", pixels_per_metre=10))
    path = tmp_path / "mapped.siege"
    write_siege(path, SiegeFile(siege=siege, images={"map.png": plan}))
    return path


def what_is_open(window):
    document = window.document
    return (document.path, document.siege.model_dump_json(), document.undo_stack.count(),
            document.modified, sorted(window.scene.structure_items))


def test_a_file_whose_image_the_scene_cannot_show_is_refused_before_anything_changes(
        window, answers, tmp_path, monkeypatch):
    assert window.files.open_path(small_siege(tmp_path / "open.siege"))
    window.document.edit_structure("h1", name="Renamed mill")  # unsaved work
    before = what_is_open(window)
    mapped = siege_with_map(tmp_path)
    assert read_siege(mapped).images  # the file itself is sound

    def refuse(data):
        raise ValueError("the image cannot be read (unknown format, damaged or too large)")

    import siegeboard.ui.board.map_scene as map_scene

    monkeypatch.setattr(map_scene, "decode_image", refuse)
    assert not window.files.open_path(mapped, ask=False)
    assert answers.warnings == ["Cannot open mapped.siege: the image cannot be read (unknown "
                                "format, damaged or too large)."]
    assert what_is_open(window) == before
    assert window.scene.map_item is None
    assert str(mapped.resolve()) not in window.files.recent_files()


def test_an_opened_file_uses_the_items_built_before_it_was_loaded(window, tmp_path):
    mapped = siege_with_map(tmp_path)
    assert window.files.open_path(mapped)
    assert window.scene.map_item is not None and window.scene.map_item.scene() is window.scene
    assert sorted(window.scene.structure_items) == sorted(window.document.siege.structures)
    assert all(item.scene() is window.scene for item in window.scene.structure_items.values())


def click_cancel_when_shown(qtbot, seen: list):
    """Once the progress dialog is up (the work lets events through), press its Cancel."""
    def press():
        dialog = next((w for w in QApplication.topLevelWidgets()
                       if isinstance(w, QProgressDialog) and w.isVisible()), None)
        if dialog is None:
            QTimer.singleShot(5, press)
            return
        seen.append(dialog.windowTitle())
        qtbot.mouseClick(dialog.findChild(QPushButton), QtLeft)

    from PySide6.QtCore import Qt
    QtLeft = Qt.MouseButton.LeftButton
    QTimer.singleShot(0, press)


def test_cancel_while_opening_changes_nothing(qtbot, window, answers, tmp_path, monkeypatch):
    assert window.files.open_path(small_siege(tmp_path / "open.siege"))
    window.document.edit_structure("h1", name="Renamed mill")
    before = what_is_open(window)
    recent = window.files.recent_files()
    monkeypatch.setattr(progress_dialog, "SHOW_AFTER_MS", 0)
    seen: list[str] = []
    click_cancel_when_shown(qtbot, seen)
    assert not window.files.open_path(siege_with_map(tmp_path), ask=False)
    assert seen == ["Opening mapped.siege"]
    assert answers.warnings == []
    assert what_is_open(window) == before
    assert window.files.recent_files() == recent
    assert "cancelled" in window.statusBar().currentMessage()
    assert not any(isinstance(w, QProgressDialog) and w.isVisible()
                   for w in QApplication.topLevelWidgets())


def test_work_that_is_not_cancelled_returns_its_result_and_quick_work_shows_no_dialog(qtbot):
    shown = []

    def work(progress):
        for step in range(3):
            progress.report(step, 3, "Counting")
            shown.append(any(isinstance(w, QProgressDialog) and w.isVisible()
                             for w in QApplication.topLevelWidgets()))
        return "done"

    assert run_with_progress(None, "Count", work, show_after_ms=60_000) == "done"
    assert shown == [False, False, False]


def test_a_cancel_raises_in_the_work_at_its_next_report(qtbot):
    seen: list[str] = []
    steps: list[int] = []
    click_cancel_when_shown(qtbot, seen)

    def work(progress):
        for step in range(1000):
            progress.report(step, 1000, "Counting")
            steps.append(step)
        return "finished"

    with pytest.raises(Cancelled):
        run_with_progress(None, "Count", work, show_after_ms=0)
    assert seen == ["Count"]
    assert len(steps) < 1000


def test_cancel_while_exporting_a_snapshot_writes_and_records_nothing(qtbot, window, answers,
                                                                        tmp_path, monkeypatch):
    from play_sieges import gate_town

    from siegeboard.report.options import SnapshotOptions

    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    before = what_is_open(window)
    monkeypatch.setattr(progress_dialog, "SHOW_AFTER_MS", 0)
    seen: list[str] = []
    click_cancel_when_shown(qtbot, seen)
    folder = tmp_path / "out"
    folder.mkdir()
    assert not window.snapshots.export_snapshot_to(folder / "evening.pdf", SnapshotOptions())
    assert seen == ["Exporting the snapshot"]
    assert list(folder.iterdir()) == []  # not even a half-written temporary file
    assert what_is_open(window) == before  # no "Record snapshot" either
    assert answers.warnings == []
    assert window.statusBar().currentMessage() == "Snapshot export cancelled: nothing written."
    # Not cancelled, the same export writes the file and records the snapshot.
    assert window.snapshots.export_snapshot_to(folder / "evening.pdf", SnapshotOptions())
    assert (folder / "evening.pdf").stat().st_size > 0
    assert window.document.undo_stack.count() == before[2] + 1
