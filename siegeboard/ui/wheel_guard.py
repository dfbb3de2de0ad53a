"""No edit by accident: the mouse wheel over a combo box or spin box that does not have the
keyboard focus scrolls the panel under it instead of changing the value (as Inkscape and Qt
Creator do). The GM clicks or tabs into a field first to turn its value with the wheel.

``install(app)`` puts one ``WheelGuard`` on the application, so every window and dialog of
the program, made before or after, behaves the same.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)

from siegeboard.ui.event_filters import install_once

GUARDED = (QComboBox, QAbstractSpinBox)


def _guarded_field(widget: QObject | None) -> QWidget | None:
    """The combo box or spin box ``widget`` is, or is part of (a spin box's line edit)."""
    while isinstance(widget, QWidget):
        if isinstance(widget, GUARDED):
            return widget
        if widget.isWindow():
            return None
        widget = widget.parentWidget()
    return None


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        if isinstance(parent, QAbstractScrollArea) and not isinstance(parent, GUARDED):
            return parent
        parent = parent.parentWidget()
    return None


class WheelGuard(QObject):
    """The application's event filter: see the module's docstring."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, GUARDED):
            # A wheel must not give a field the focus either (spin boxes take it by default).
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            return False
        if kind != QEvent.Type.Wheel or not isinstance(event, QWheelEvent):
            return False
        field = _guarded_field(watched)
        if field is None or field.hasFocus():
            return False
        proxy = field.focusProxy()
        if proxy is not None and proxy.hasFocus():
            return False
        area = _scroll_area_of(field)
        if area is not None:
            QApplication.sendEvent(area.verticalScrollBar()
                                   if event.angleDelta().y() else area.horizontalScrollBar(),
                                   event)
        return True  # the field never sees it


def install(app: QApplication) -> WheelGuard:
    """Install the guard on ``app`` once (later calls return the same guard)."""
    return install_once(app, WheelGuard)
