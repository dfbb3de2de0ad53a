"""What was drawn into a view, kept as device pixels and moved on a pan.

The map view is repainted whole on every scroll: the scale bar and the timeline lie over the
viewport, so Qt cannot move its pixels and repaint only the strips that came into view. What is
costly to draw (the board: ``board.py``) is kept in a ``DeviceCache``: per view, a pixmap of the
viewport's size holding what was drawn at one transform. While the view only moves by whole
pixels at the same zoom (a pan), the pixmap is moved and only the uncovered strips are drawn;
at another zoom or rotation it is drawn again. Drawing into the pixmap is the same drawing,
clipped to the strip, over the same background, so the pixels are the ones drawn straight to
the viewport; the pixmap is opaque, so it is copied onto the view, not blended.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QColor, QPainter, QPixmap, QRegion, QTransform

MAX_STRIPS = 16  # a cache missing more pieces than this draws their bounding box at once
_UPRIGHT = (QTransform.TransformationType.TxNone, QTransform.TransformationType.TxTranslate,
            QTransform.TransformationType.TxScale)

# draw(painter, transform, area): the item draws ``area`` (item coordinates), the painter
# holding ``transform`` (item to device) and clipped to the strip being drawn.
Draw = Callable[[QPainter, QTransform, QRectF], None]


def usable(widget, transform: QTransform) -> bool:
    """Whether a cache can serve ``widget`` painted at ``transform``: not turned or sheared,
    on a screen of density 1."""
    return (widget is not None and transform.type() in _UPRIGHT
            and widget.devicePixelRatio() == 1)


class Canvas:
    """One view's pixels: the pixmap, the transform they were drawn at and what is right."""

    def __init__(self, size, fill):
        self.pixmap = QPixmap(size)
        self.pixmap.fill(fill)  # an opaque colour: the pixmap stays without alpha
        self.key: tuple | None = None  # the transform's linear part and sub-pixel shift
        self.origin = QPoint(0, 0)      # its whole-pixel translation
        self.valid = QRegion()

    def transform(self) -> QTransform:
        m11, m12, m21, m22, fx, fy = self.key
        return QTransform(m11, m12, m21, m22, self.origin.x() + fx, self.origin.y() + fy)

    def forget(self, device: QRegion) -> None:
        self.valid -= device


def _key(transform: QTransform) -> tuple[tuple, QPoint]:
    dx, dy = transform.dx(), transform.dy()
    whole = QPoint(math.floor(dx), math.floor(dy))
    return ((transform.m11(), transform.m12(), transform.m21(), transform.m22(),
             dx - whole.x(), dy - whole.y()), whole)


class DeviceCache:
    """Per view, what was drawn (see the module). ``margin_px``: how far past an area (item
    coordinates) handed to ``forget`` the drawing may reach on screen. ``background``: the
    opaque colour each strip is filled with before it is drawn."""

    def __init__(self, margin_px: float, background: QColor):
        self.margin_px = margin_px
        self._fill = QColor(background)
        self._canvases: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def clear(self) -> None:
        self._canvases = weakref.WeakKeyDictionary()

    def canvases(self):
        return [canvas for canvas in self._canvases.values() if canvas.key is not None]

    def forget(self, rect: QRectF) -> None:
        """What the item drew over ``rect`` (item coordinates) is stale in every view."""
        if rect.isNull():
            return
        margin = self.margin_px + 1
        for canvas in self.canvases():
            device = canvas.transform().mapRect(rect).adjusted(-margin, -margin, margin, margin)
            canvas.forget(QRegion(device.toAlignedRect()))

    def paint(self, painter: QPainter, widget, draw: Draw,
              moved: Callable[[Canvas, QTransform], None] | None = None) -> None:
        """Paint through the cache of ``widget`` (the view's viewport), drawing what is
        missing with ``draw``; ``moved`` is told when a canvas was moved (to forget what must
        not move with it). For a ``widget`` and a painter's transform that are ``usable``."""
        transform = painter.worldTransform()
        size = widget.size()
        canvas = self._canvases.get(widget)
        if canvas is None or canvas.pixmap.size() != size:
            canvas = self._canvases[widget] = Canvas(size, self._fill)
        key, origin = _key(transform)
        whole = canvas.pixmap.rect()
        if key != canvas.key:
            canvas.key, canvas.origin, canvas.valid = key, origin, QRegion()
        elif origin != canvas.origin:
            shift = origin - canvas.origin
            canvas.pixmap.scroll(shift.x(), shift.y(), whole)
            canvas.valid = canvas.valid.translated(shift) & QRegion(whole)
            canvas.origin = origin
            if moved is not None:
                moved(canvas, transform)
        missing = QRegion(whole) - canvas.valid
        if not missing.isEmpty():
            if missing.rectCount() > MAX_STRIPS:
                missing = QRegion(missing.boundingRect())
            inverse = transform.inverted()[0]
            drawing = QPainter(canvas.pixmap)
            drawing.setRenderHints(painter.renderHints())
            fill = self._fill
            for rect in missing:
                drawing.setClipRect(rect)  # first: it replaces the last strip's clip
                drawing.fillRect(rect, fill)
                drawing.setWorldTransform(transform)
                draw(drawing, transform, inverse.mapRect(QRectF(rect)))
                drawing.resetTransform()
            drawing.end()
            canvas.valid = QRegion(whole)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(0, 0, canvas.pixmap)
        painter.restore()
