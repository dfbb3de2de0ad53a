"""A tool switch said where the GM is looking: on the map, not only in the status bar.

When the mouse mode changes (from the toolbar, a shortcut, or a command that hands the GM a
tool, such as a new plan's calibration), a plate at the top of the map says which tool is
now active and what a click does with it, for a few seconds; the status bar says it too.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractScrollArea, QLabel

from siegeboard.ui.language import tr

SHOWN_MS = 4000


class ToolNotice(QLabel):
    """The plate over ``view``'s map; ``show_tool(tool)`` shows it for ``SHOWN_MS``."""

    def __init__(self, view: QAbstractScrollArea):
        super().__init__(view.viewport())
        self.setObjectName("toolNotice")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("background: rgba(27, 27, 27, 220); color: white; padding: 6px 12px;"
                           " border-radius: 6px; font-weight: 600;")
        self._view = view
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def show_tool(self, tool) -> None:
        """Say that ``tool`` (a ``tools.base.Tool``) is active and what it does."""
        tip = tr(tool.status_tip) if tool.status_tip else ""
        label = tr(tool.label)
        words = tip if tip.lower().startswith(label.lower()) else \
            f"{label}: {tip}" if tip else tr("{label} tool").format(label=label)
        self.setText(words)
        viewport = self._view.viewport().rect()
        self.setMaximumWidth(max(200, min(560, viewport.width() - 40)))
        self.adjustSize()
        self.move(viewport.center().x() - self.width() // 2, viewport.top() + 12)
        self.show()
        self.raise_()
        self._timer.start(SHOWN_MS)
