"""Help > About siegeboard: the version, what it runs on, the licences."""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from siegeboard import __version__
from siegeboard.rules.registry import RULESETS


def about_text() -> str:
    return (f"<h3>siegeboard {__version__}</h3>"
            "<p>A siege board for tabletop game masters: structures with area, armor and "
            "hit points; fire, collapse and breaches, every number explained.</p>"
            "<p>Rule texts: " + " and ".join(
                f"<i>{rules.title}</i> ({rules.short})" for rules in RULESETS.values()) + ".</p>"
            f"<p>Python {platform.python_version()}, Qt {qVersion()}, PySide6 "
            f"{PySide6.__version__}.<br>siegeboard is MIT-licensed; Qt and PySide6 are used "
            "under the LGPL v3.</p>" + _libraries())


# The libraries siegeboard runs on, with their licences (the README's table in full).
LIBRARIES = (
    ("Qt 6 and PySide6", "LGPL v3", "the window, printing and PDF"),
    ("Shapely and GEOS", "BSD-3-Clause; LGPL v2.1", "footprints and squares"),
    ("numpy", "BSD-3-Clause", "needed by Shapely"),
    ("pydantic", "MIT", "checking every file read"),
    ("platformdirs", "MIT", "where settings and autosaves live"),
    ("Pillow", "MIT-CMU (HPND)", "reading plan images"),
)


def _libraries() -> str:
    rows = "".join(f"<tr><td>{name}</td><td>&nbsp;{licence}</td><td>&nbsp;{use}</td></tr>"
                   for name, licence, use in LIBRARIES)
    return ("<p>Built on:</p><table>" + rows + "</table><p>The icons are siegeboard's own "
            "(MIT).</p>")


def add_help_menu(window: QMainWindow) -> None:
    """About siegeboard (and About Qt) at the end of ``window``'s Help menu, made if the
    window has none; a window that has them already is left as it is."""
    if window.findChild(QAction, "AboutAction") is not None:
        return
    menu = next((found for action in window.menuBar().actions()
                 if isinstance(found := action.menu(), QMenu) and action.text() == "&Help"), None)
    if menu is None:
        menu = window.menuBar().addMenu("&Help")
    add_about_actions(window, menu)


def add_about_actions(window: QMainWindow, menu: QMenu) -> QAction:
    """About siegeboard and About Qt, added to ``menu``; returns About siegeboard."""
    about = QAction("&About siegeboard", window)
    menu.addAction(about)
    about.setObjectName("AboutAction")
    about.triggered.connect(lambda: QMessageBox.about(window, "About siegeboard", about_text()))
    menu.addAction("About &Qt").triggered.connect(lambda: QMessageBox.aboutQt(window))
    return about
