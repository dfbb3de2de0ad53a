"""Log dock: every applied action with its clock, 10 m square, explanation lines and dice.

A tree: one row per log entry, its explanation lines and its dice below it. Rows follow the
siege's log from change events (an action appends, its undo removes), so a long siege never
rebuilds the list. Clicking an entry selects the structures it touched on the map.
"""

from __future__ import annotations

from typing import overload

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QTreeView, QWidget

from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Clock
from siegeboard.rules.titles import action_title
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr

OPEN_AT_MOST = 60  # lines; a longer entry stays closed until the GM opens it
_TOP = 0xFFFFFFFF  # internal id of a top-level row; a child's is its entry's row


def entry_heading(entry: LogEntry, siege) -> str:
    where = f"  {entry.square}" if entry.square else ""
    return f"#{entry.seq}  {Clock(turn=entry.turn).label()}{where}  —  " \
           f"{action_title(entry.action, siege)}"


def entry_details(entry: LogEntry) -> list[str]:
    """The explanation lines, then one line per roll: what the GM reads under the heading."""
    dice = [tr("Dice, {label}: {join} ({source})").format(
            label=roll.label, join=', '.join(map(str, roll.values)), source=roll.source)
            for roll in entry.rolls]
    return list(entry.lines) + dice


class LogModel(QAbstractItemModel):
    def __init__(self, document: Document, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document
        self.entries: list[LogEntry] = []
        self._headings: list[str] = []
        self._details: list[list[str]] = []
        self._bold = QFont()
        self._bold.setBold(True)
        document.changed.connect(self.on_changed)
        self.reset()

    def reset(self) -> None:
        self.beginResetModel()
        self.entries = list(self.document.siege.log)
        self._headings = [entry_heading(e, self.document.siege) for e in self.entries]
        self._details = [entry_details(e) for e in self.entries]
        self.endResetModel()

    def on_changed(self, change: Change) -> None:
        if change.reset:
            self.reset()
        elif Aspect.LOG in change.aspects:
            self.sync()

    def sync(self) -> None:
        """Follow the siege's log: drop the entries that left it, append the new ones.

        Only the end of the log ever changes, so the common prefix is found from the end.
        """
        log = self.document.siege.log
        keep = min(len(log), len(self.entries))
        while keep and log[keep - 1] is not self.entries[keep - 1]:
            keep -= 1
        if keep < len(self.entries):
            self.beginRemoveRows(QModelIndex(), keep, len(self.entries) - 1)
            del self.entries[keep:], self._headings[keep:], self._details[keep:]
            self.endRemoveRows()
        if keep < len(log):
            self.beginInsertRows(QModelIndex(), keep, len(log) - 1)
            for entry in log[keep:]:
                self.entries.append(entry)
                self._headings.append(entry_heading(entry, self.document.siege))
                self._details.append(entry_details(entry))
            self.endInsertRows()

    # -- QAbstractItemModel -----------------------------------------------------------------
    def index(self, row, column, parent=QModelIndex()):
        if column != 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, 0, _TOP) if 0 <= row < len(self.entries) else QModelIndex()
        if parent.internalId() == _TOP and 0 <= row < len(self._details[parent.row()]):
            return self.createIndex(row, 0, parent.row())
        return QModelIndex()

    # PySide6 6.10's stubs give QAbstractItemModel.parent other overloads
    @overload  # type: ignore[override, unused-ignore]
    def parent(self) -> QObject | None: ...

    @overload
    def parent(self, index: QModelIndex | QPersistentModelIndex) -> QModelIndex: ...

    def parent(self, index: QModelIndex | QPersistentModelIndex | None = None
               ) -> QObject | QModelIndex | None:
        if index is None:  # QObject's parent
            return super().parent()
        if not index.isValid() or index.internalId() == _TOP:
            return QModelIndex()
        return self.createIndex(index.internalId(), 0, _TOP)

    def rowCount(self, parent=QModelIndex()) -> int:
        if not parent.isValid():
            return len(self.entries)
        if parent.internalId() == _TOP:
            return len(self._details[parent.row()])
        return 0

    def columnCount(self, parent=QModelIndex()) -> int:
        return 1

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        top = index.internalId() == _TOP
        if role == Qt.ItemDataRole.DisplayRole:
            return self._headings[index.row()] if top else \
                self._details[index.internalId()][index.row()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return None if top else self._details[index.internalId()][index.row()]
        if role == Qt.ItemDataRole.FontRole and top:
            return self._bold
        return None

    def entry_at(self, index: QModelIndex) -> LogEntry | None:
        if not index.isValid():
            return None
        row = index.row() if index.internalId() == _TOP else index.internalId()
        return self.entries[row]

    def text(self) -> str:
        """The whole log as plain text (what the dock shows, expanded)."""
        lines = []
        for heading, details in zip(self._headings, self._details, strict=True):
            lines.append(heading)
            lines.extend(f"    {line}" for line in details)
        return "\n".join(lines)


class LogDock(QDockWidget):
    def __init__(self, document: Document, parent: QWidget | None = None):
        super().__init__(tr("Log"), parent)
        self.setObjectName("LogDock")
        self.document = document
        self.model = LogModel(document, self)
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setHeaderHidden(True)
        self.view.setUniformRowHeights(True)
        self.view.setWordWrap(False)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.clicked.connect(self.select_touched)
        self.model.rowsInserted.connect(self._show_newest)
        self.setWidget(self.view)

    def _show_newest(self, parent: QModelIndex, first: int, last: int) -> None:
        if parent.isValid():
            return
        # The newest entry opens; the older ones close so the log stays readable.
        if first > 0:
            self.view.collapse(self.model.index(first - 1, 0))
        newest = self.model.index(last, 0)
        lines = self.model.rowCount(newest)
        if lines <= OPEN_AT_MOST:
            self.view.expand(newest)
            self.view.scrollTo(self.model.index(lines - 1, 0, newest) if lines else newest)
        else:  # a long clock step opens on a click, not at once: the map updates first
            self.view.scrollTo(newest)

    def select_touched(self, index: QModelIndex) -> None:
        """Clicking an entry (or one of its lines) selects the structures it touched."""
        entry = self.model.entry_at(index)
        if entry is not None:
            self.document.select(entry.touched)
