"""Help > About siegeboard: the version, what it runs on, the licences."""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from siegeboard import __version__
from siegeboard.rules.registry import RULESETS
from siegeboard.ui.language import QT_TR_NOOP, tr


def about_text() -> str:
    return (tr("<h3>siegeboard {version}</h3>"
            "<p>A siege board for tabletop game masters: structures with area, armor and "
            "hit points; fire, collapse and breaches, every number explained.</p>"
            "<p>Rule texts: ").format(version=__version__) + " and ".join(
                f"<i>{rules.title}</i> ({rules.short})" for rules in RULESETS.values()) + tr(".</p>"
            "<p>Python {python_version}, Qt {qVersion}, PySide6 "
            "{version}.<br>siegeboard is MIT-licensed; Qt and PySide6 are used "
            "under the LGPL v3.</p>").format(
                    python_version=platform.python_version(), qVersion=qVersion(),
                            version=PySide6.__version__) + _libraries())


# The libraries siegeboard runs on, with their licences (the README's table in full).
LIBRARIES = (
    (QT_TR_NOOP("Qt 6 and PySide6"), "LGPL v3", QT_TR_NOOP("the window, printing and PDF")),
    (QT_TR_NOOP("Shapely and GEOS"), "BSD-3-Clause; LGPL v2.1",
            QT_TR_NOOP("footprints and squares")),
    ("numpy", "BSD-3-Clause", QT_TR_NOOP("needed by Shapely")),
    ("pydantic", "MIT", QT_TR_NOOP("checking every file read")),
    ("platformdirs", "MIT", QT_TR_NOOP("where settings and autosaves live")),
    ("Pillow", "MIT-CMU (HPND)", QT_TR_NOOP("reading plan images")),
)


def _libraries() -> str:
    rows = "".join(f"<tr><td>{tr(name)}</td><td>&nbsp;{licence}</td><td>&nbsp;{tr(use)}</td></tr>"
                   for name, licence, use in LIBRARIES)
    return (tr("<p>Built on:</p><table>") + rows + tr("</table><p>The icons are siegeboard's own "
            "(MIT).</p>"))


def add_help_menu(window: QMainWindow) -> None:
    """About siegeboard (and About Qt) at the end of ``window``'s Help menu, made if the
    window has none; a window that has them already is left as it is."""
    if window.findChild(QAction, "AboutAction") is not None:
        return
    menu = next((found for action in window.menuBar().actions()
                 if isinstance(found := action.menu(), QMenu) and action.text() == tr(
                     "&Help")), None)
    if menu is None:
        menu = window.menuBar().addMenu(tr("&Help"))
    add_about_actions(window, menu)


def add_about_actions(window: QMainWindow, menu: QMenu) -> QAction:
    """About siegeboard and About Qt, added to ``menu``; returns About siegeboard."""
    about = QAction(tr("&About siegeboard"), window)
    menu.addAction(about)
    about.setObjectName("AboutAction")
    about.triggered.connect(lambda: QMessageBox.about(window, tr("About siegeboard"), about_text()))
    menu.addAction(tr("About &Qt")).triggered.connect(lambda: QMessageBox.aboutQt(window))
    return about
