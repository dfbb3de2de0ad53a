"""Every control a screen reader can reach has a name and, where there is more to say, a
description.

Qt names a button by its text and a field by its form label (its buddy); what is left is named
here, once, when it is first shown: a control with a tooltip by its tooltip's first clause, a
line edit by its placeholder, a widget in a table's cell by its column and row, a list, table
or tree by its dock ("Weapons list"), the docks' tab bars as "Dock tabs". Its description is
its whole tooltip or status tip when it has none. ``install(app)`` puts one ``Namer`` on the
application, so widgets made later (a tool's options, a dialog, a scene's table) are named
too; ``name_all(widget)`` names what already shows. ``unnamed(widget)`` lists the interactive
controls a screen reader would read without a name (the tests walk the window and its
dialogs with it). A control in a form row is named by the row's label, one in a dialog with
nothing else to go by by the dialog's title ("Keyboard Shortcuts table").

Qt's own parts are left to Qt: a combo box's popup list, a table's headers and corner button,
a toolbar's overflow button, a line edit's clear button, scroll bars.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTabBar,
    QTableView,
    QTableWidget,
    QTextEdit,
    QTreeView,
    QUndoView,
    QWidget,
)

from siegeboard.ui.event_filters import install_once
from siegeboard.ui.language import tr

INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QAbstractSlider,
               QAbstractItemView, QTabBar, QTextEdit, QPlainTextEdit)
_TAG = re.compile(r"<[^>]+>")


def accessible_name(widget: QWidget) -> str:
    """The name a screen reader reads for ``widget`` (Qt's own reckoning: its text, its
    label, or the name set)."""
    face = QAccessible.queryAccessibleInterface(widget)
    return face.text(QAccessible.Text.Name).strip() if face is not None else ""


def is_qt_part(widget: QWidget) -> bool:
    """A part Qt names and reads itself (see the module's docstring)."""
    if isinstance(widget, (QScrollBar, QHeaderView)) or widget.objectName().startswith("qt_"):
        return True
    parent = widget.parentWidget()
    if isinstance(widget, QLineEdit) and isinstance(parent, (QComboBox, QAbstractSpinBox)):
        return True
    if isinstance(parent, QLineEdit):  # its clear button
        return True
    for _ in range(3):  # a combo box's popup list (its container is a popup window)
        if parent is None:
            return False
        if isinstance(parent, QComboBox):
            return True
        parent = parent.parentWidget()
    return False


def _clause(text: str) -> str:
    """A tooltip's first clause, short enough to be a name."""
    plain = _TAG.sub("", text).strip()
    first = re.split(r"(?<=[.:;!?])\s|\s\(", plain, maxsplit=1)[0].rstrip(".:;")
    return first if len(first) <= 60 else first[:59].rstrip() + "…"


def _dock_of(widget: QWidget) -> QDockWidget | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QDockWidget):
            return parent
        parent = parent.parentWidget()
    return None


def _table_of(widget: QWidget) -> QTableWidget | None:
    parent = widget.parentWidget()
    for _ in range(3):
        if parent is None:
            return None
        if isinstance(parent, QTableWidget):
            return parent
        parent = parent.parentWidget()
    return None


def _cell_name(widget: QWidget, table: QTableWidget) -> str:
    """"Successes, Great Battery": a table cell's widget by its column and row headers."""
    viewport = table.viewport()
    centre = widget.mapTo(viewport, widget.rect().center())
    index = table.indexAt(centre)
    if not index.isValid():
        return ""
    column = table.horizontalHeaderItem(index.column())
    row = table.verticalHeaderItem(index.row())
    words = [item.text() for item in (column, row) if item is not None and item.text()]
    if len(words) < 2:  # no row header: the row's first cell says which row it is
        first = table.item(index.row(), 0)
        if first is not None and first.text() and index.column() != 0:
            words.append(first.text())
    return ", ".join(words)


def _form_label(widget: QWidget) -> str:
    """The label of the form row ``widget`` (or the box holding it) stands in: "File" for
    a path field laid out beside its Browse button. Layouts are found as the widgets'
    children, never through their items: a layout Qt made itself (a toolbar's) is not
    walked item by item from Python."""
    current: QWidget = widget
    for _ in range(3):
        parent = current.parentWidget()
        if parent is None:
            return ""
        for form in parent.findChildren(QFormLayout):
            label = form.labelForField(current)
            if label is None:
                box = next((sub for sub in form.findChildren(QLayout)
                            if sub.indexOf(current) >= 0), None)
                label = form.labelForField(box) if box is not None else None
            if isinstance(label, QLabel) and label.text().strip():
                return label.text().replace("&", "").strip().rstrip(":")
        current = parent
    return ""


def _role_word(widget: QWidget) -> str:
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        return "text"
    if isinstance(widget, QUndoView):
        return "steps"
    if isinstance(widget, QTreeView):
        return "tree"
    if isinstance(widget, QTableView):
        return "table"
    if isinstance(widget, QAbstractItemView):
        return "list"
    if isinstance(widget, QAbstractSlider):
        return "slider"
    if isinstance(widget, QAbstractSpinBox):
        return "number"
    if isinstance(widget, QLineEdit):
        return "box"
    return "control"


def derived_name(widget: QWidget) -> str:
    """A name for ``widget`` from what the GM sees of it ("" when nothing says one)."""
    if isinstance(widget, QTabBar):
        return tr("Dock tabs")
    table = _table_of(widget)
    if table is not None:
        name = _cell_name(widget, table)
        if name:
            return name
    form = _form_label(widget)
    if form:
        return form
    for text in (widget.toolTip(), getattr(widget, "placeholderText", lambda: "")(),
                 widget.statusTip()):
        if text and text.strip():
            return _clause(text)
    dock = _dock_of(widget)
    if dock is not None:
        return f"{dock.windowTitle()} {_role_word(widget)}"
    title = widget.window().windowTitle() if widget.window() is not widget else ""
    return f"{title} {_role_word(widget)}" if title else ""


def name_widget(widget: QWidget) -> None:
    """Give ``widget`` a name and a description where Qt finds none."""
    if not isinstance(widget, INTERACTIVE) or is_qt_part(widget):
        return
    if not accessible_name(widget):
        name = derived_name(widget)
        if name:
            widget.setAccessibleName(name)
    if not widget.accessibleDescription():
        tip = _TAG.sub("", widget.toolTip() or widget.statusTip()).strip()
        if tip and tip != widget.accessibleName():
            widget.setAccessibleDescription(tip)


def name_all(root: QWidget) -> None:
    """Name ``root`` and every control under it."""
    name_widget(root)
    for widget in root.findChildren(QWidget):
        name_widget(widget)


def unnamed(root: QWidget) -> list[QWidget]:
    """The interactive controls showing under ``root`` that a screen reader would read
    with no name."""
    return [widget for widget in [root, *root.findChildren(QWidget)]
            if isinstance(widget, INTERACTIVE) and widget.isVisible()
            and not is_qt_part(widget) and not accessible_name(widget)]


class Namer(QObject):
    """The application's event filter: names each control as it is first shown."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # Each widget gets its own Show as it (or a parent) is shown: itself is enough.
        if event.type() == QEvent.Type.Show and isinstance(watched, INTERACTIVE):
            name_widget(watched)

        return False


def install(app: QApplication) -> None:
    """Name every control of ``app`` as it shows (once per application)."""
    install_once(app, Namer)

