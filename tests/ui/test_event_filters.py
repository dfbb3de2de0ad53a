"""The application-wide event filters are each installed once, however many windows ask."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from siegeboard.ui import accessible_names, dock_keys, wheel_guard
from siegeboard.ui.accessible_names import Namer
from siegeboard.ui.event_filters import install_once


def test_each_filter_is_made_once_and_owned_by_the_application(qapp):
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    guard = wheel_guard.install(app)
    keys = dock_keys.install(app)
    accessible_names.install(app)
    namer = install_once(app, Namer)
    assert wheel_guard.install(app) is guard and dock_keys.install(app) is keys
    assert install_once(app, Namer) is namer
    assert len({id(guard), id(keys), id(namer)}) == 3
    assert all(made.parent() is app for made in (guard, keys, namer))
