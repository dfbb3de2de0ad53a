"""Fixtures for the window tests: private settings, answered dialogs, real files in tmp_path."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QApplication

# Collected before any test runs: make the process's Qt application a QApplication now, so a
# test elsewhere that creates a bare QGuiApplication first (snapshot rendering does when none
# exists) cannot leave the window tests without widgets (Qt aborts on a QWidget then).
QT_APP = QApplication.instance() or QApplication(["siegeboard-tests"])

# The tests in the rooms (tests/ui/document/, board/...) share the helpers beside this file.
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def collected_after():
    """After each window test its closed widgets are deleted, as the program deletes a closed
    window (``WA_DeleteOnClose``): pytest-qt only asks ``deleteLater``, which no event loop
    would carry out once the test is over. Then Python's garbage is collected, while the
    windows it holds are whole: left to pile up to the interpreter's exit, a hundred windows'
    worth of Qt wrappers in reference cycles crashes Python 3.13 as it collects them (rc 139
    after a passing run). What survives is frozen (``gc.freeze``): later collections, this
    fixture's and Python's own, pass over it, so a test pays for what it made, not for all
    the run has kept (a window's wrappers outlive it, held by its own signals' lambdas)."""
    yield
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session", autouse=True)
def private_settings(tmp_path_factory):
    """No test ever touches the user's own settings."""
    folder = tmp_path_factory.mktemp("qsettings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    return folder


@pytest.fixture(autouse=True)
def private_autosave(tmp_path, monkeypatch):
    """No test ever writes in the user's data folder: an Autosaver made without a folder
    (a window built anywhere in a test) uses this test's tmp_path instead."""
    import siegeboard.persist.autosave as autosave

    folder = tmp_path / "autosave"
    monkeypatch.setattr(autosave, "default_folder", lambda: folder)
    return folder


class Answers:
    """Stands in for the GM at every dialog: queued answers, recorded warnings."""

    def __init__(self):
        self.warnings: list[str] = []
        self.numbers: list[float | None] = []
        self.choices: list[str | None] = []
        self.save_changes: list[str] = []
        self.open_paths: list[Path | None] = []
        self.save_paths: list[Path | None] = []
        self.image_paths: list[Path | None] = []
        self.recover: list[bool] = []
        self.recover_offers: list[str] = []
        self.changed_on_disk: list[str] = []
        self.replace_read_only: list[bool] = []
        self.confirms: list[bool] = []
        self.questions: list[str] = []

    def install(self, window) -> None:
        window.prompts.warn = self.warnings.append
        window.prompts.ask_number = lambda *args, **kwargs: self.numbers.pop(0)
        window.prompts.ask_choice = lambda *args, **kwargs: self.choices.pop(0)
        window.prompts.ask_save_changes = lambda: self.save_changes.pop(0)
        window.prompts.ask_open_path = lambda: self.open_paths.pop(0)
        window.prompts.ask_save_path = lambda: self.save_paths.pop(0)
        window.prompts.ask_image_path = lambda: self.image_paths.pop(0)
        window.prompts.ask_recover = self._ask_recover
        window.prompts.ask_changed_on_disk = lambda *args: self.changed_on_disk.pop(0)
        window.prompts.ask_replace_read_only = lambda *args: self.replace_read_only.pop(0)
        window.prompts.confirm = self._confirm
        window.inspector.warn = self.warnings.append


    def _confirm(self, question: str, yes: str = "Yes") -> bool:
        self.questions.append(question)
        return self.confirms.pop(0)

    def _ask_recover(self, description: str) -> bool:
        self.recover_offers.append(description)
        return self.recover.pop(0)


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def window(qtbot, tmp_path, answers, private_autosave):
    from siegeboard.persist.autosave import Autosaver
    from siegeboard.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(settings, Autosaver(private_autosave))
    answers.install(main)
    # qtbot closes the window before fixtures end: mark it clean so closing asks nothing.
    qtbot.addWidget(main, before_close_func=lambda w: w.document.undo_stack.setClean())
    main.resize(1200, 800)
    main.show()
    qtbot.waitExposed(main)
    return main
