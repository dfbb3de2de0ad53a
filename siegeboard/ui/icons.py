"""The program's icons: SVG files shipped in ``resources/icons`` (drawn for siegeboard, MIT like
the program), read with ``importlib.resources`` and drawn in the colours of the palette.

``icon(name)`` is the QIcon of ``<name>.svg`` (a tool's icon is named after the tool); a name
with no file gives an empty icon, so a tool added later simply shows its label.

The SVGs are drawn in a few named colours, each with a role (``ROLES``): the ink of the
outlines, a softer ink, the paper inside a sheet or a page, a tinted paper, the blue accent.
Drawing an icon puts the palette's colours in those roles (the ink is the palette's window
text, the paper its base), so the toolbar reads under a dark system theme as under a light
one. The colours that carry a meaning (a flame's orange, the red of Delete, a folder's yellow)
are kept as drawn. ``follow_palette`` redraws a window's icons when its palette changes (the
desktop switched between light and dark). The map is not drawn here: it keeps its colours.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from PySide6.QtCore import QByteArray, QEvent, QObject, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QColor,
    QGuiApplication,
    QIcon,
    QImage,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QWidget

ICONS = "siegeboard.resources"
SIZES = (16, 24, 32, 48)
# The property naming an action's icon, so that a change of palette can draw it again.
ICON_PROPERTY = "siegeboardIcon"

# The colours the SVGs are drawn in, by role. A colour not listed is kept as drawn.
ROLES = {
    "#26323d": "ink",        # outlines and marks
    "#8a2a0a": "ink",        # the flame's outline
    "#55606b": "soft_ink",   # a gun's barrel
    "#ffffff": "paper",      # inside a page, a sheet, a wheel
    "#e9edf1": "paper",      # the printer's paper
    "#f3ead2": "tinted",     # a picture's parchment
    "#f3e7b3": "tinted",     # a ruler's wood
    "#e8dcc2": "tinted",     # a wall's stone
    "#2f6fb0": "accent",     # the selection blue
}
_HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def luminance(colour: QColor) -> float:
    """The relative luminance of ``colour`` (WCAG 2): 0 for black, 1 for white."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return (0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF())
            + 0.0722 * linear(colour.blueF()))


def contrast(one: QColor, other: QColor) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def mix(one: QColor, other: QColor, share_of_other: float) -> QColor:
    """``one`` moved ``share_of_other`` of the way to ``other``."""
    keep = 1 - share_of_other
    return QColor.fromRgbF(one.redF() * keep + other.redF() * share_of_other,
                           one.greenF() * keep + other.greenF() * share_of_other,
                           one.blueF() * keep + other.blueF() * share_of_other)


def role_colours(palette: QPalette) -> dict[str, str]:
    """What each drawn colour of ``ROLES`` becomes under ``palette`` (hex, lower case)."""
    group = QPalette.ColorGroup.Active
    window = palette.color(group, QPalette.ColorRole.Window)
    text = palette.color(group, QPalette.ColorRole.WindowText)
    base = palette.color(group, QPalette.ColorRole.Base)
    dark = luminance(window) < luminance(text)
    ink = mix(text, window, 0.12)
    by_role = {
        "ink": ink,
        "soft_ink": mix(text, window, 0.35),
        "paper": base,
        # The blue, lightened on a dark window and darkened a little on a light one: it
        # marks what an icon is about (the box drawn, the origin), so it must read as ink.
        "accent": mix(QColor("#2f6fb0"), text, 0.6 if dark else 0.15),
    }
    colours = {}
    for drawn, role in ROLES.items():
        if role == "tinted":  # the tint kept, on the palette's paper
            colour = mix(base, QColor(drawn), 0.3) if dark else QColor(drawn)
        else:
            colour = by_role[role]
        colours[drawn] = colour.name()
    return colours


def icon_names() -> list[str]:
    """Every icon shipped, by name."""
    folder = resources.files(ICONS).joinpath("icons")
    return sorted(entry.name[:-4] for entry in folder.iterdir() if entry.name.endswith(".svg"))


def icon_svg(name: str) -> bytes | None:
    """The SVG of icon ``name`` as shipped (None if there is none)."""
    entry = resources.files(ICONS).joinpath("icons", f"{name}.svg")
    return entry.read_bytes() if entry.is_file() else None


def themed_svg(name: str, palette: QPalette) -> bytes | None:
    """The SVG of icon ``name`` in ``palette``'s colours (None if there is none)."""
    data = icon_svg(name)
    if data is None:
        return None
    return _recoloured(data, role_colours(palette))


def _recoloured(svg: bytes, colours: dict[str, str]) -> bytes:
    text = _HEX.sub(lambda found: colours.get(found.group(0).lower(), found.group(0)),
                    svg.decode("utf-8"))
    return text.encode("utf-8")


def icon(name: str, palette: QPalette | None = None) -> QIcon:
    """The icon ``name`` at every size a toolbar or menu asks for, in the colours of
    ``palette`` (None: the application's); empty if there is none."""
    palette = palette if palette is not None else QGuiApplication.palette()
    key = tuple(sorted(role_colours(palette).items()))
    return _drawn(name, key)


@cache
def _drawn(name: str, colours: tuple[tuple[str, str], ...]) -> QIcon:
    data = icon_svg(name)
    result = QIcon()
    if data is None:
        return result
    renderer = QSvgRenderer(QByteArray(_recoloured(data, dict(colours))))
    for size in SIZES:  # drawn at each size, not scaled: sharp at 16 px and at 48 px
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        result.addPixmap(QPixmap.fromImage(image))
    return result


def set_icon(action: QAction, name: str) -> None:
    """Give ``action`` the icon ``name``, drawn again by ``follow_palette`` when the palette
    changes."""
    action.setProperty(ICON_PROPERTY, name)
    action.setIcon(icon(name))


def redraw_icons(root: QWidget) -> None:
    """Draw the icons of ``root``'s actions (those given by ``set_icon``) in its palette."""
    palette = root.palette()
    for action in root.findChildren(QAction):
        name = action.property(ICON_PROPERTY)
        if isinstance(name, str):
            action.setIcon(icon(name, palette))


class PaletteFollower(QObject):
    """Keeps the window it watches in the application's palette: when the desktop switches
    between light and dark, the window's style sheet is applied again (the widgets a style
    sheet has polished keep the palette they were polished with until then) and the icons
    are drawn again in the new colours."""

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.window = window
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.window:
            if event.type() == QEvent.Type.ApplicationPaletteChange:
                self.window.setStyleSheet(self.window.styleSheet())
                redraw_icons(self.window)
            elif event.type() == QEvent.Type.PaletteChange:
                redraw_icons(self.window)
        return False


def follow_palette(window: QWidget) -> PaletteFollower:
    """Keep ``window``'s action icons in the colours of its palette."""
    return PaletteFollower(window)
