"""The background plan, drawn from a pyramid of halved copies so a 10,000 px image pans
and zooms smoothly: each paint draws only the exposed part of the copy nearest the zoom. In a
view it is drawn into the board (``board.py``), kept as device pixels and moved on a pan."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.model.siege import MapImage
from siegeboard.report.extent import plan_image
from siegeboard.ui.board.board import BoardMember

# Qt refuses images above 256 MB by default; a 10,000 x 10,000 plan is 400 MB decoded.
QImageReader.setAllocationLimit(2048)
SMALLEST_LEVEL_PX = 1024


def decode_image(data: bytes) -> QImage:
    """The image in ``data`` in a fast-to-draw format, from the pixels checked at open
    (``report.extent.plan_image``), or ``ValueError`` saying why not."""
    return plan_image(data)


class MapImageItem(BoardMember, QGraphicsItem):
    """Item coordinates are the image's pixels; the item transform places them in metres."""

    def __init__(self, image: QImage, placement: MapImage):
        super().__init__()
        self.setZValue(0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._levels: list[QImage] = [image]
        self._bounds = QRectF(0, 0, image.width(), image.height())
        self.place(placement)

    @property
    def image(self) -> QImage:
        return self._levels[0]

    def place(self, placement: MapImage) -> None:
        """Scale, rotate about the top-left corner and move to ``offset`` (metres)."""
        scale = 1.0 / placement.pixels_per_metre
        transform = QTransform()
        transform.translate(*placement.offset)
        transform.rotate(placement.rotation_deg)
        transform.scale(scale, scale)
        self.setTransform(transform)
        self.clear_board()

    def _level(self, k: int) -> QImage:
        while len(self._levels) <= k:
            previous = self._levels[-1]
            self._levels.append(previous.scaled(
                max(1, previous.width() // 2), max(1, previous.height() // 2),
                Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation))
        return self._levels[k]

    def prepare_levels(self, smallest: int = SMALLEST_LEVEL_PX) -> None:
        """Build the halved copies down to ``smallest`` px now (they are built lazily too)."""
        k = 0
        while max(self._level(k).width(), self._level(k).height()) > smallest:
            k += 1

    def boundingRect(self) -> QRectF:
        return self._bounds

    def draw_board(self, painter: QPainter, transform: QTransform, area: QRectF) -> None:
        """The part of the plan over ``area`` (image pixels), ``painter`` holding
        ``transform``."""
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(transform)
        exposed = area.intersected(self._bounds)
        if exposed.isEmpty() or lod <= 0:
            return
        k = 0 if lod >= 1 else int(math.floor(math.log2(1 / lod)))
        base = self._levels[0]
        k = min(k, int(math.log2(max(1, max(base.width(), base.height()) // 16))))
        level = self._level(k)
        factor = level.width() / base.width()
        source = QRectF(exposed.left() * factor, exposed.top() * factor,
                        exposed.width() * factor, exposed.height() * factor)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, lod < 1)
        painter.drawImage(exposed, level, source)
