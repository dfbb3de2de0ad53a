"""A battery on the map: its mark in its side's colour and its label (name and weapon) beside
it, in the units of ``look``."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPen,
    QPolygonF,
)

from siegeboard.report.look import (
    BATTERY_FONT,
    BATTERY_RADIUS,
    BATTERY_RIM,
    BESIEGER,
    CHOSEN,
    DEFENDER,
    Look,
    sized_font,
)

# -- a battery ----------------------------------------------------------------------------------


def battery_colour(side: str) -> QColor:
    return DEFENDER if side == "defender" else BESIEGER


def paint_battery(painter: QPainter, point: QPointF, side: str, look: Look,
                  chosen: bool = False) -> None:
    """A gun position: a triangle for the besiegers (black), a square for the defenders
    (bluish green), rimmed in white; the shape alone tells the sides apart in greyscale.
    The battery the fire tool shoots from is rimmed in magenta."""
    u = look.unit
    r = BATTERY_RADIUS * u
    pen = QPen(CHOSEN if chosen else BATTERY_RIM, (3 if chosen else 2) * u)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(look.ink(battery_colour(side)))
    x, y = point.x(), point.y()
    if side == "defender":
        half = r * 0.78
        painter.drawRect(QRectF(x - half, y - half, 2 * half, 2 * half))
    else:
        painter.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r * 0.95, y + r * 0.7),
                                       QPointF(x - r * 0.95, y + r * 0.7)]))
    # A white dot on the spot the battery fires from.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BATTERY_RIM)
    painter.drawEllipse(point, 1.6 * u, 1.6 * u)


def battery_text(name: str, weapon_name: str) -> str:
    return f"{name} ({weapon_name})" if weapon_name else name


def battery_label_size(text: str, look: Look) -> tuple[float, float]:
    _, fm = sized_font(look, BATTERY_FONT, True)
    return fm.horizontalAdvance(text) + 8 * look.unit, fm.height()


def battery_label_beside(point: QPointF, text: str, look: Look) -> QRectF:
    """The label's box to the right of a battery at ``point``."""
    width, height = battery_label_size(text, look)
    return QRectF(point.x() + (BATTERY_RADIUS + 3) * look.unit, point.y() - height / 2,
                  width, height)


def paint_battery_label(painter: QPainter, box: QRectF, text: str, side: str,
                        look: Look) -> None:
    """The battery's name and weapon on a pale plate, in the side's colour."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 215))
    painter.drawRoundedRect(box, 3 * look.unit, 3 * look.unit)
    painter.setFont(sized_font(look, BATTERY_FONT, True)[0])
    painter.setPen(look.ink(battery_colour(side)))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
