"""Undo history dock: every edit by name; clicking an entry goes back (or forward) to it."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QUndoView, QWidget

from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr


class HistoryDock(QDockWidget):
    def __init__(self, document: Document, parent: QWidget | None = None):
        super().__init__(tr("Undo history"), parent)
        self.setObjectName("HistoryDock")
        self.view = QUndoView(document.undo_stack)
        self.view.setEmptyLabel(tr("<opened>"))
        self.setWidget(self.view)
