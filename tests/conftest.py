"""Test configuration: Qt runs offscreen, whoever runs the tests."""

import gc
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_sessionfinish(session, exitstatus):
    """Every window the tests left is closed and deleted, and Python's garbage collected,
    while the Qt application is still whole. Left to the interpreter's exit, Python 3.13
    collects the last Qt wrappers after their C++ objects are gone and crashes (rc 139)."""
    if "PySide6.QtWidgets" not in sys.modules:
        return
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    gc.collect()
