"""The Help menu's dialogs: the keyboard shortcuts, how siegeboard reads the rules, About.

"How siegeboard reads the rules" is the project's own rulings (``resources/rulings.md``,
shipped with the program); the rule texts themselves are not shipped. About names the
version (``siegeboard.__version__``), the licence and the libraries the program runs on.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
    QTextBrowser, QVBoxLayout, QWidget,
)

from siegeboard import __version__

# The libraries siegeboard runs on, with their licences (also in the README).
LIBRARIES = (
    ("Qt 6 and PySide6", "LGPL 3", "the window, printing and PDF"),
    ("Shapely and GEOS", "BSD 3-clause; LGPL 2.1", "footprints and squares"),
    ("pydantic", "MIT", "checking every file read"),
    ("platformdirs", "MIT", "where settings and autosaves live"),
    ("Pillow", "MIT-CMU (HPND)", "reading plan images"),
)


def rulings_text() -> str:
    """The rulings document shipped with the program (Markdown)."""
    return resources.files("siegeboard.resources").joinpath("rulings.md").read_text(
        encoding="utf-8")


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def shortcut_rows(actions: list[QAction]) -> list[tuple[str, str]]:
    """(what, keys) for every action with a shortcut, in menu order, each once."""
    rows, seen = [], set()
    for action in actions:
        keys = [key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
                if not key.isEmpty()]
        text = _plain(action.text()).rstrip("…").strip()
        if not keys or not text or (text, tuple(keys)) in seen:
            continue
        seen.add((text, tuple(keys)))
        rows.append((text, ", ".join(keys)))
    return rows


class _Dialog(QDialog):
    def __init__(self, title: str, parent: QWidget | None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)

    def finish(self) -> None:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        self.layout_.addWidget(buttons)


class ShortcutsDialog(_Dialog):
    """Every action's keyboard shortcut, in a table (``table``)."""

    def __init__(self, actions: list[QAction], parent: QWidget | None = None):
        super().__init__("Keyboard Shortcuts", parent)
        rows = shortcut_rows(actions)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Action", "Keys"])
        for row, (text, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(text))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.layout_.addWidget(QLabel("Space-drag or the middle button pans the map; the wheel "
                                      "zooms about the pointer. Hold Alt while drawing to "
                                      "place a point off the grid."))
        self.layout_.addWidget(self.table)
        self.resize(460, 560)
        self.finish()


class RulingsDialog(_Dialog):
    """The rulings, shown as a document (``browser``)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("How siegeboard reads the rules", parent)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(rulings_text())
        self.layout_.addWidget(QLabel("How this program reads the two rule texts it plays "
                                      "(the texts themselves are not included)."))
        self.layout_.addWidget(self.browser)
        self.resize(760, 640)
        self.finish()


def about_text() -> str:
    rows = "".join(f"<tr><td>{name}</td><td>&nbsp;{licence}</td><td>&nbsp;{use}</td></tr>"
                   for name, licence, use in LIBRARIES)
    return (f"<h3>siegeboard {__version__}</h3>"
            "<p>A siege board for tabletop game masters: draw a fortress on a plan, fire at it "
            "and keep the log.</p><p>Licence: MIT. The icons are siegeboard's own, under the "
            "same licence.</p><p>Built on:</p><table>" + rows + "</table>")


class AboutDialog(_Dialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__("About siegeboard", parent)
        self.label = QLabel(about_text())
        self.label.setWordWrap(True)
        self.layout_.addWidget(self.label)
        self.finish()
