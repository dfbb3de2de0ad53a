"""A .siege double-clicked in a file manager: the desktop entry's Exec line, run with the
file, opens it in the window, which shows siegeboard's icon and version."""

from __future__ import annotations

from pathlib import Path

from cli.test_desktop import exec_argv
from PySide6.QtWidgets import QApplication, QMessageBox
from ui_helpers import small_siege

from siegeboard import __version__, cli, desktop
from siegeboard.ui.dialogs.about import about_text


def test_the_desktop_entry_opens_a_double_clicked_file(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(desktop.shutil, "which", lambda tool: None)
    desktop.install()
    entry = (tmp_path / "share" / "applications" / "siegeboard.desktop").read_text()
    exec_value = next(line for line in entry.splitlines() if line.startswith("Exec="))[5:]
    path = small_siege(tmp_path / "double clicked.siege")
    argv = exec_argv(exec_value, str(path))
    assert Path(argv[0]).is_file() and argv[-1] == str(path)
    seen = {}

    def event_loop():
        (window,) = [w for w in QApplication.topLevelWidgets()
                     if w.objectName() == "MainWindow" and w.isVisible()]
        seen.update(path=window.document.path, title=window.windowTitle(),
                    icon=not QApplication.windowIcon().isNull(),
                    sizes=sorted(s.width() for s in QApplication.windowIcon().availableSizes()),
                    about=[a.text() for a in window.menuBar().actions()][-1])
        window.close()
        window.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(event_loop))
    # argv[0] is the program the file manager starts; its arguments reach cli.main.
    assert cli.main(argv[1:]) == 0
    assert seen["path"] == path
    assert seen["title"].endswith(f"siegeboard {__version__}")
    assert seen["icon"] and seen["sizes"] == [16, 32, 48, 64, 128, 256]
    assert seen["about"] == "&Help"


def test_about_shows_the_version(qtbot, monkeypatch):
    from siegeboard.ui.app import new_window

    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    windows = []
    window = new_window(None, windows)
    window.findChild(type(window.menuBar().actions()[0]), "AboutAction").trigger()
    assert shown == [about_text()] and f"siegeboard {__version__}" in shown[0]
    assert windows == [window] and window.document.path is None
    window.close()  # a window opened for another file goes when closed
    qtbot.waitUntil(lambda: windows == [])
