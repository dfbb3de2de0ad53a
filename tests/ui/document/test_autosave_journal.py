"""The autosave's journal in the window (issue 22): a shot costs the window a line appended,
the full autosave is folded in by a worker when the window is idle, and a window killed
in another process is recovered from its autosave and journal, shots, edits, undos and
redos included, a last line torn by the crash left out with one message."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from importlib import resources
from pathlib import Path

from siegeboard.model.siege import Siege
from siegeboard.persist import journal, read_siege

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))
ROOT = Path(__file__).resolve().parents[3]

# A window in its own process: it opens the castle, plays, and is killed (os._exit) with the
# journal holding what came after its last full autosave. It prints the siege as it was.
_KILLED_WINDOW = textwrap.dedent("""
    import os, sys, time
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from siegeboard.persist.autosave import Autosaver
    from siegeboard.ui.main_window import MainWindow

    folder, source, settings, out, torn = sys.argv[1:6]
    app = QApplication([])
    window = MainWindow(QSettings(settings, QSettings.Format.IniFormat), Autosaver(folder))
    window.files.start_session()
    assert window.files.open_path(source)
    document, stack = window.document, window.document.undo_stack

    def settle():
        deadline = time.time() + 60
        while window.autosave.busy or window.autosave._soon.isActive():
            app.processEvents()
            assert time.time() < deadline

    document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    settle()  # the first change: the file as read is its autosave, the shot its journal
    folded = window.autosave.last_path
    document.edit_structure("keep", name="The old keep")  # in play: a logged edit (R2)
    document.fire_at("he_shell", (60.0, 40.0), range_m=300)
    stack.undo()
    stack.redo()
    document.fire_at("he_shell", (95.0, 20.0), range_m=300)
    stack.undo()
    assert window.autosave.last_path == folded  # the rest is in the journal only
    with open(out, "w") as handle:
        handle.write(document.siege.model_dump_json())
    if torn == "yes":  # killed while a change was being written
        with open(window.autosave.journal_path, "ab") as handle:
            handle.write(b'{"n":99,"op":"outcome","forward":true,"entry":{"seq"')
    os._exit(9)
""")


def killed_window(tmp_path, folder, *, torn: bool = False) -> tuple[Path, Siege]:
    source = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, source)
    out = tmp_path / "as_it_was.json"
    result = subprocess.run(
        [sys.executable, "-c", _KILLED_WINDOW, str(folder), str(source),
         str(tmp_path / "child.ini"), str(out), "yes" if torn else "no"],
        capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert result.returncode == 9, result.stderr
    return source, Siege.model_validate_json(out.read_text())


def test_a_killed_window_is_recovered_from_its_autosave_and_journal(
        window, answers, tmp_path, private_autosave):
    source, as_it_was = killed_window(tmp_path, private_autosave)
    assert len(as_it_was.log) == 3
    answers.recover.append(True)
    assert window.files.start_session()
    (offer,) = answers.recover_offers
    assert "7 later changes from its journal" in offer  # the first shot's too
    document = window.document
    assert document.siege == as_it_was
    assert document.path == source and document.modified
    assert answers.warnings == []
    # Undo after recovery as after any: the history starts afresh; a new shot undoes.
    assert not document.undo_stack.canUndo()
    document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    document.undo_stack.undo()
    assert document.siege == as_it_was
    # The recovered siege was kept under this window's name, journal and all.
    assert window.files.save()
    assert read_siege(source).siege == as_it_was


def test_a_journal_torn_by_the_crash_is_recovered_but_its_last_line(
        window, answers, tmp_path, private_autosave):
    _, as_it_was = killed_window(tmp_path, private_autosave, torn=True)
    answers.recover.append(True)
    assert window.files.start_session()
    assert window.document.siege == as_it_was
    (warning,) = answers.warnings
    assert "cut short" in warning and "left out" in warning
    assert "Traceback" not in warning
    answers.save_changes.append("discard")  # closing the window after the test


def test_a_shot_appends_to_the_journal_and_the_idle_window_folds_it_in(
        qtbot, window, tmp_path, private_autosave):
    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, path)
    assert window.files.open_path(path)
    keeper, document = window.autosave, window.document
    document.fire_at("he_shell", (83.0, 32.0), range_m=300)
    # At once the file as read and the shot in its journal; when idle, one full autosave.
    assert keeper.last_path is not None and keeper.journal_path.read_bytes().count(b"\n") == 2
    qtbot.waitUntil(lambda: not keeper.busy and keeper.journal_path.read_bytes().count(b"\n")
                    == 1, timeout=10_000)
    autosave = keeper.last_path
    written = autosave.read_bytes()
    # Shots in a row: each a line in the journal, the full autosave untouched.
    keeper._idle.setInterval(60_000)
    for at in ((60.0, 40.0), (95.0, 20.0)):
        window.playing.play(document.siege.log[0].action.model_copy(update={"at": at}))
    lines = keeper.journal_path.read_bytes().splitlines()
    assert [line[:20] for line in lines[1:]] == [b'{"n":2,"op":"outcome', b'{"n":3,"op":"outcome']
    assert autosave.read_bytes() == written
    # Idle: the worker folds the journal into a full autosave; the journal starts afresh.
    keeper._idle.setInterval(50)
    keeper.soon()
    qtbot.waitUntil(lambda: autosave.read_bytes() != written and not keeper.busy,
                    timeout=10_000)
    assert read_siege(autosave).siege == document.siege
    assert keeper.journal_path.read_bytes().count(b"\n") == 1  # its header only
    assert not journal.next_journal_path(autosave).exists()
