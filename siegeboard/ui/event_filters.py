"""The application-wide event filters (the wheel guard, the dock keys, the accessible names):
each installed once on the application, however many windows are made."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

Filter = TypeVar("Filter", bound=QObject)

_INSTALLED: dict[type[QObject], QObject] = {}


def install_once(app: QApplication, kind: type[Filter]) -> Filter:
    """A filter of ``kind`` (made as ``kind(app)``, owned by ``app``) installed on ``app``;
    later calls return the same filter."""
    made = _INSTALLED.get(kind)
    if made is None:
        made = _INSTALLED[kind] = kind(app)
        app.installEventFilter(made)
    assert isinstance(made, kind)
    return made
