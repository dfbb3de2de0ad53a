"""`siegeboard` opens the window on the sample, `siegeboard FILE` on FILE; `info` still prints."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import small_siege

from siegeboard import cli


def test_no_argument_opens_the_window_without_a_file(monkeypatch):
    opened = []
    monkeypatch.setattr("siegeboard.ui.app.run", lambda path: opened.append(path) or 0)
    assert cli.main([]) == 0
    assert opened == [None]


def test_a_file_argument_opens_that_file(monkeypatch, tmp_path):
    opened = []
    monkeypatch.setattr("siegeboard.ui.app.run", lambda path: opened.append(path) or 0)
    assert cli.main([str(tmp_path / "castle.siege")]) == 0
    assert opened == [Path(tmp_path / "castle.siege")]


def test_info_still_prints(capsys, tmp_path):
    path = small_siege(tmp_path / "s.siege")
    assert cli.main(["info", str(path)]) == 0
    assert "Mill" in capsys.readouterr().out


def fake_exec(seen: dict) -> int:
    """Stands in for the event loop: notes what the one shown window holds, then closes it."""
    from PySide6.QtWidgets import QApplication

    (window,) = [w for w in QApplication.topLevelWidgets()
                 if w.objectName() == "MainWindow" and w.isVisible()]
    seen["structures"] = len(window.document.siege.structures)
    seen["path"] = window.document.path
    seen["modified"] = window.document.modified
    window.close()
    window.deleteLater()
    return 0


def test_run_shows_the_window_on_a_file(qtbot, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QApplication

    from siegeboard.ui import app

    path = small_siege(tmp_path / "s.siege")
    seen = {}
    monkeypatch.setattr(QApplication, "exec", staticmethod(lambda: fake_exec(seen)))
    assert app.run(path) == 0
    assert seen == {"structures": 4, "path": path, "modified": False}


def test_run_without_a_file_opens_a_copy_of_the_sample(qtbot, monkeypatch):
    # A new, unsaved siege made from the sample: playing it never changes a shipped file.
    from PySide6.QtWidgets import QApplication

    from siegeboard.persist import read_sample
    from siegeboard.ui import app

    seen = {}
    monkeypatch.setattr(QApplication, "exec", staticmethod(lambda: fake_exec(seen)))
    assert app.run(None) == 0
    assert seen == {"structures": len(read_sample().siege.structures), "path": None,
                    "modified": False}
    assert seen["structures"] == 36
