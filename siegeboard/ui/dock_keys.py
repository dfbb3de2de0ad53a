"""Letters typed in a dock's list or combo box go to it, not to the tools' one-letter keys.

The tools answer to single letters (B battery, F fire, S select...). A combo box or a list
takes a typed letter as "jump to the entry starting with it", but Qt offers the key to the
window's shortcuts first, so typing "B" in the Fire dock's battery box to reach "Battery 2"
used to switch the GM to the Battery tool. ``install(app)`` puts one ``DockKeys`` filter on
the application: a plain letter, digit or sign (no Ctrl, Alt or Meta) typed into a combo box
or an item view inside a dock is claimed for that widget. Keys with Ctrl or Alt, and Escape,
still reach the window (Escape always returns to Select).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QWidget,
)

from siegeboard.ui.event_filters import install_once

TYPING_WIDGETS = (QComboBox, QAbstractItemView)
COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                     | Qt.KeyboardModifier.MetaModifier)


def _in_dock(widget: QWidget | None) -> bool:
    while widget is not None:
        if isinstance(widget, QDockWidget):
            return True
        if widget.isWindow():
            return False
        widget = widget.parentWidget()
    return False


class DockKeys(QObject):
    """The application's event filter: see the module's docstring."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(watched, TYPING_WIDGETS) or event.modifiers() & COMMAND_MODIFIERS:
            return False
        text = event.text()
        if not text or not text.isprintable() or text.isspace():
            return False
        if _in_dock(watched):
            event.accept()  # the widget takes it as a typed key; no shortcut runs
        return False


def install(app: QApplication) -> DockKeys:
    """Install the filter on ``app`` once (later calls return the same filter)."""
    return install_once(app, DockKeys)
