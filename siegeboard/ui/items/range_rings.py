"""The Fire tool's range rings: one circle round the chosen battery for each range band of its
weapon, each labelled with the band's limit and its penetration ("≤ 300 m · pen 38").

The rings are handed in (the weapon's bands, read from the document); this item only draws.
A ring is a cosmetic line with a white halo, readable on any plan; the labels keep their
screen size at every zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

RING = QColor("#0072B2")  # blue: a reach, apart from the blast's purple and the state colours
HALO = QColor(255, 255, 255, 200)


class RangeRingsItem(QGraphicsItem):
    """Rings centred on a battery; ``show_rings(centre, [(radius_m, label), ...])``."""

    def __init__(self):
        super().__init__()
        self.setZValue(85)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._centre = QPointF()
        self._rings: list[tuple[float, str]] = []
        self._labels: list[QGraphicsSimpleTextItem] = []
        self.setVisible(False)

    @property
    def rings(self) -> list[tuple[float, str]]:
        return list(self._rings)

    @property
    def label_texts(self) -> list[str]:
        return [label.text() for label in self._labels]

    def show_rings(self, centre: tuple[float, float] | None,
                   rings: list[tuple[float, str]]) -> None:
        """Draw ``rings`` (radius in metres, label) round ``centre``; None or [] hides them."""
        self.prepareGeometryChange()
        self._centre = QPointF(*centre) if centre is not None else QPointF()
        self._rings = list(rings) if centre is not None else []
        for label in self._labels:
            label.setParentItem(None)  # type: ignore[arg-type]  # None: no parent (Qt's API)
            if label.scene() is not None:
                label.scene().removeItem(label)
        self._labels = []
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(9)
        for radius, text in self._rings:
            label = QGraphicsSimpleTextItem(text, self)
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            label.setFont(font)
            label.setBrush(QBrush(RING.darker(130)))
            label.setPen(QPen(QColor("white"), 0.7))  # an outline: readable on any plan
            # On the ring's north point, just outside it.
            label.setPos(self._centre + QPointF(3.0, -radius))
            self._labels.append(label)
        self.setVisible(bool(self._rings))
        self.update()

    def boundingRect(self) -> QRectF:
        reach = max((radius for radius, _ in self._rings), default=0.0)
        return QRectF(self._centre.x() - reach, self._centre.y() - reach, 2 * reach, 2 * reach)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        halo = QPen(HALO, 4)
        halo.setCosmetic(True)
        line = QPen(RING, 2, Qt.PenStyle.DashLine)
        line.setCosmetic(True)
        for radius, _ in self._rings:
            for pen in (halo, line):
                painter.setPen(pen)
                painter.drawEllipse(self._centre, radius, radius)
