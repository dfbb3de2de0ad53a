"""The Help menu's dialogs: the keyboard shortcuts and how siegeboard reads the rules
(About is ``ui/dialogs/about.py``'s).

"How siegeboard reads the rules" is the project's own rulings (``resources/rulings.md``,
shipped with the program); the rule texts themselves are not shipped.
"""

from __future__ import annotations

from importlib import resources

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from siegeboard.ui.language import tr


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
        super().__init__(tr("Keyboard Shortcuts"), parent)
        rows = shortcut_rows(actions)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels([tr("Action"), tr("Keys")])
        for row, (text, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(text))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        how = QLabel(tr("Space-drag or the middle button pans the map; the wheel zooms about "
                     "the pointer. Hold Alt while drawing to place a point off the grid. "
                     "Without the mouse: F, then a square (D6) and Enter fires at what it "
                     "names; N and Shift+N step through the structures; Alt+digits and F6 "
                     "move between the map and the docks, Tab within one."))
        how.setWordWrap(True)
        self.layout_.addWidget(how)
        self.layout_.addWidget(self.table)
        self.resize(460, 560)
        self.finish()


class RulingsDialog(_Dialog):
    """The rulings, shown as a document (``browser``)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(tr("How siegeboard reads the rules"), parent)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(rulings_text())
        self.layout_.addWidget(QLabel(tr("How this program reads the two rule texts it plays "
                                      "(the texts themselves are not included).")))
        self.layout_.addWidget(self.browser)
        self.resize(760, 640)
        self.finish()
