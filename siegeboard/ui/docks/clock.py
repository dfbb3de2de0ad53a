"""Clock dock: the turn and the time (a turn is 5 s, a minute 12 turns), and the buttons that
run it: one turn, one minute, or N turns. Each step goes through the engine, so fires grow,
burn, spread and burn out, and each step is one undoable log entry."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model.siege import TURNS_PER_MINUTE
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr


class ClockDock(QDockWidget):
    def __init__(self, document: Document, advance: Callable[[int], object],
                 parent: QWidget | None = None):
        """``advance(turns)`` plays the step (the window's, which reports refusals)."""
        super().__init__(tr("Clock"), parent)
        self.setObjectName("ClockDock")
        self.document = document
        self.advance = advance
        self.time_label = QLabel()
        self.time_label.setStyleSheet("font-size: 15pt; font-weight: 600;")
        self.fires_label = QLabel()
        # The clock's words wrap rather than widen the dock: a day's "1 day 0 h 5 min 0 s
        # (turn 17,340)" is longer than a turn's, and the docks keep the width the GM gave.
        for label in (self.time_label, self.fires_label):
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.turn_button = QPushButton(tr("+1 turn (5 s)"))
        self.turn_button.clicked.connect(lambda: self.advance(1))
        self.minute_button = QPushButton(tr("+1 minute"))
        self.minute_button.clicked.connect(lambda: self.advance(TURNS_PER_MINUTE))
        self.turns = QSpinBox()
        self.turns.setRange(1, 12 * 60 * 24)
        self.turns.setValue(TURNS_PER_MINUTE * 5)
        self.turns.setSuffix(tr(" turns"))
        self.n_button = QPushButton(tr("Advance"))
        self.n_button.clicked.connect(lambda: self.advance(self.turns.value()))
        row = QHBoxLayout()
        row.addWidget(self.turn_button)
        row.addWidget(self.minute_button)
        row_n = QHBoxLayout()
        row_n.addWidget(self.turns)
        row_n.addWidget(self.n_button)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.time_label)
        layout.addWidget(self.fires_label)
        layout.addLayout(row)
        layout.addLayout(row_n)
        layout.addStretch(1)
        self.setWidget(body)
        document.changed.connect(self._on_changed)
        self.show_clock()

    def _on_changed(self, change: Change) -> None:
        if change.touches(Aspect.CLOCK) or Aspect.STATE in change.aspects:
            self.show_clock()

    def show_clock(self) -> None:
        siege = self.document.siege
        self.time_label.setText(siege.clock.label())
        self.fires_label.setText(
            self.document.rules.fires_summary(list(siege.structures.values())))
