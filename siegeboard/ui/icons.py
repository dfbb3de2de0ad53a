"""The program's icons: SVG files shipped in ``resources/icons`` (drawn for
siegeboard, MIT like the program), read with ``importlib.resources``.

``icon(name)`` is the QIcon of ``<name>.svg`` (a tool's icon is named after the tool); a
name with no file gives an empty icon, so a tool added later simply shows its label.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

ICONS = "siegeboard.resources"
SIZES = (16, 24, 32, 48)


def icon_names() -> list[str]:
    """Every icon shipped, by name."""
    folder = resources.files(ICONS).joinpath("icons")
    return sorted(entry.name[:-4] for entry in folder.iterdir() if entry.name.endswith(".svg"))


def icon_svg(name: str) -> bytes | None:
    entry = resources.files(ICONS).joinpath("icons", f"{name}.svg")
    return entry.read_bytes() if entry.is_file() else None


@cache
def icon(name: str) -> QIcon:
    """The icon ``name`` at every size a toolbar or menu asks for (empty if there is none)."""
    data = icon_svg(name)
    result = QIcon()
    if data is None:
        return result
    renderer = QSvgRenderer(QByteArray(data))
    for size in SIZES:  # drawn at each size, not scaled: sharp at 16 px and at 48 px
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        result.addPixmap(QPixmap.fromImage(image))
    return result
