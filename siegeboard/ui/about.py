"""Help > About siegeboard: the version, what it runs on, the licences."""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import qVersion
from PySide6.QtWidgets import QMainWindow, QMessageBox

from siegeboard import __version__


def about_text() -> str:
    return (f"<h3>siegeboard {__version__}</h3>"
            "<p>A siege board for tabletop game masters: structures with area, armor and "
            "hit points; fire, collapse and breaches, every number explained.</p>"
            "<p>Rule texts: <i>Sieges and Fortifications</i> (DP) and <i>The Heavy "
            "Armory</i> (Hull).</p>"
            f"<p>Python {platform.python_version()}, Qt {qVersion()}, PySide6 "
            f"{PySide6.__version__}.<br>siegeboard is MIT-licensed; Qt and PySide6 are used "
            "under the LGPL v3.</p>")


def add_help_menu(window: QMainWindow) -> None:
    """A Help menu with About siegeboard (and About Qt) at the end of ``window``'s menu bar."""
    menu = window.menuBar().addMenu("&Help")
    about = menu.addAction("&About siegeboard")
    about.setObjectName("AboutAction")
    about.triggered.connect(lambda: QMessageBox.about(window, "About siegeboard", about_text()))
    menu.addAction("About &Qt").triggered.connect(lambda: QMessageBox.aboutQt(window))
