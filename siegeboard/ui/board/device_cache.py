"""What was drawn into a view, kept as device pixels and moved on a pan (the third cache of
the stack explained in ``ui/board/__init__.py``).

Per view, a ``DeviceCache`` keeps a pixmap of the viewport's size holding what the board drew
at one transform. While the view only moves by whole
pixels at the same zoom (a pan), the pixmap is moved and only the uncovered strips are drawn;
at another zoom or rotation it is drawn again. Drawing into the pixmap is the same drawing,
clipped to the strip, over the same background, so the pixels are the ones drawn straight to
the viewport; the pixmap is opaque, so it is copied onto the view, not blended.

The pixmaps of the last zooms are kept too (``ZOOMS_KEPT``): a GM zooms in to look and back
out, and a zoom back to a kept zoom is a copy, not a drawing. Only the one on screen is kept
up to date: a change (``forget``) drops the others. A zoom not visited yet can be drawn ahead
(``prepare``, a band of rows at a time while the window is idle: ``ui/board/zoom_ahead.py``) and is
then kept like a visited one.
"""

from __future__ import annotations

import math
import time
import weakref
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtGui import QColor, QPainter, QPixmap, QRegion, QTransform

MAX_STRIPS = 16  # a cache missing more pieces than this draws their bounding box at once
# A view keeps the pixmaps of its last ``ZOOMS_KEPT`` zooms, in ``ZOOMS_KEPT_BYTES`` at most.
ZOOMS_KEPT = 16
ZOOMS_KEPT_BYTES = 96 * 2**20
# A zoom drawn ahead is drawn this many device rows at a time: each band replays every chunk of
# footprints it touches (chunks follow the stacking order, not the map), so narrow bands cost
# many times a whole drawing; a quarter of a tall view is a band short enough to wait for.
PREPARE_BAND_PX = 250
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
        self.key: tuple = ()  # the transform's linear part and sub-pixel shift
        self.origin = QPoint(0, 0)      # its whole-pixel translation
        self.valid = QRegion()

    def transform(self) -> QTransform:
        m11, m12, m21, m22, fx, fy = self.key
        return QTransform(m11, m12, m21, m22, self.origin.x() + fx, self.origin.y() + fy)

    def forget(self, device: QRegion) -> None:
        self.valid -= device


def _most_kept(size) -> int:
    """How many canvases of ``size`` a view keeps (``ZOOMS_KEPT`` within ``ZOOMS_KEPT_BYTES``)."""
    return max(1, min(ZOOMS_KEPT, ZOOMS_KEPT_BYTES // max(1, size.width() * size.height() * 4)))


def _find(kept: list[Canvas], key: tuple) -> Canvas | None:
    """The canvas of ``kept`` drawn at ``key`` (``_same_pixels``), if any."""
    return next((canvas for canvas in reversed(kept) if _same_pixels(canvas.key, key)), None)


def _key(transform: QTransform) -> tuple[tuple, QPoint]:
    dx, dy = transform.dx(), transform.dy()
    whole = QPoint(math.floor(dx), math.floor(dy))
    return ((transform.m11(), transform.m12(), transform.m21(), transform.m22(),
             dx - whole.x(), dy - whole.y()), whole)


def _same_pixels(key: tuple, other: tuple) -> bool:
    """Whether two transforms' keys draw the same pixels: their linear parts within a
    billionth and their sub-pixel shifts within a millionth of a pixel (a zoom in by a step
    and back out lands a few units in the last place away from where it began)."""
    return (all(abs(a - b) <= 1e-9 * max(1.0, abs(a))
                for a, b in zip(key[:4], other[:4], strict=True))
            and abs(key[4] - other[4]) <= 1e-6 and abs(key[5] - other[5]) <= 1e-6)


class DeviceCache:
    """Per view, what was drawn (see the module). ``margin_px``: how far past an area (item
    coordinates) handed to ``forget`` the drawing may reach on screen. ``background``: the
    opaque colour each strip is filled with before it is drawn."""

    def __init__(self, margin_px: float, background: QColor):
        self.margin_px = margin_px
        self._fill = QColor(background)
        # Per view, its canvases, the one last painted last.
        self._views: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def clear(self) -> None:
        self._views = weakref.WeakKeyDictionary()

    def canvases(self) -> list[Canvas]:
        """Every view's canvases, kept zooms included."""
        return [canvas for kept in self._views.values() for canvas in kept]

    def forget(self, rect: QRectF) -> None:
        """What was drawn over ``rect`` (item coordinates) is stale in every view: forgotten
        on the canvas on screen, and the kept zooms dropped (a change worked into each of them
        would cost as many times over; a zoom back draws again)."""
        if rect.isNull():
            return
        margin = self.margin_px + 1
        for kept in self._views.values():
            del kept[:-1]
            canvas = kept[-1]
            device = canvas.transform().mapRect(rect).adjusted(-margin, -margin, margin, margin)
            canvas.forget(QRegion(device.toAlignedRect()))

    def _canvas(self, widget, size, key: tuple, origin: QPoint) -> Canvas:
        """``widget``'s canvas for ``key``: the one on screen, a kept zoom, or a new one (in
        the pixmap of the zoom kept longest, once ``ZOOMS_KEPT`` are kept)."""
        kept = self._views.get(widget)
        if kept is None or kept[-1].pixmap.size() != size:
            kept = self._views[widget] = []
        canvas = _find(kept, key)
        if canvas is not None:
            kept.remove(canvas)
        else:
            canvas = self._blank(kept, size, origin)
        canvas.key = key
        kept.append(canvas)
        return canvas

    def _blank(self, kept: list[Canvas], size, origin: QPoint) -> Canvas:
        """A canvas of ``size`` with nothing drawn, at ``origin``: the pixmap of the zoom
        ``kept`` longest once the view keeps ``_most_kept``, else a new one."""
        canvas = kept.pop(0) if len(kept) >= _most_kept(size) else Canvas(size, self._fill)
        canvas.origin, canvas.valid = origin, QRegion()
        return canvas

    def prepare(self, widget, transform: QTransform, draw: Draw, hints: QPainter.RenderHint,
                budget_s: float) -> bool:
        """Draw ahead ``widget``'s canvas for ``transform`` (a zoom the view may go to next:
        the whole transform it would paint at), ``PREPARE_BAND_PX`` rows at a time, until it is
        whole or ``budget_s`` has passed (at least one band is drawn); True once it is whole.
        The canvas is kept behind the one on screen, like a zoom visited before (``paint``
        then moves it to where the view lands and draws only what it lacks). Nothing is
        prepared for a view with nothing on screen yet, for the zoom on screen, or where only
        one canvas fits."""
        kept = self._views.get(widget)
        size = widget.size()
        key, origin = _key(transform)
        if not kept or kept[-1].pixmap.size() != size or _same_pixels(kept[-1].key, key):
            return True
        canvas = _find(kept, key)
        if canvas is None:
            if _most_kept(size) < 2:
                return True
            canvas = self._blank(kept, size, origin)
            canvas.key = key
            kept.insert(len(kept) - 1, canvas)
        whole = QRegion(canvas.pixmap.rect())
        missing = whole - canvas.valid
        start = time.perf_counter()
        bounds = missing.boundingRect()
        for top in range(bounds.top(), bounds.bottom() + 1, PREPARE_BAND_PX):
            band = missing & QRegion(QRect(bounds.left(), top, bounds.width(), PREPARE_BAND_PX))
            self._draw_into(canvas, band, draw, hints)
            canvas.valid |= band
            if time.perf_counter() - start >= budget_s:
                break
        return (whole - canvas.valid).isEmpty()

    def _draw_into(self, canvas: Canvas, region: QRegion, draw: Draw,
                   hints: QPainter.RenderHint) -> None:
        """Draw ``region`` (device pixels) of ``canvas`` afresh: each of its rectangles
        filled with the background and drawn over, clipped to it."""
        if region.isEmpty():
            return
        if region.rectCount() > MAX_STRIPS:
            region = QRegion(region.boundingRect())
        transform = canvas.transform()
        inverse = transform.inverted()[0]
        drawing = QPainter(canvas.pixmap)
        drawing.setRenderHints(hints)
        fill = self._fill
        for rect in region:  # type: ignore[attr-defined]  # PySide6 iterates a QRegion
            drawing.setClipRect(rect)  # first: it replaces the last strip's clip
            drawing.fillRect(rect, fill)
            drawing.setWorldTransform(transform)
            draw(drawing, transform, inverse.mapRect(QRectF(rect)))
            drawing.resetTransform()
        drawing.end()

    def paint(self, painter: QPainter, widget, draw: Draw,
              moved: Callable[[Canvas, QTransform], None] | None = None) -> None:
        """Paint through the cache of ``widget`` (the view's viewport), drawing what is
        missing with ``draw``; ``moved`` is told when a canvas was moved (to forget what must
        not move with it). For a ``widget`` and a painter's transform that are ``usable``."""
        transform = painter.worldTransform()
        key, origin = _key(transform)
        canvas = self._canvas(widget, widget.size(), key, origin)
        whole = canvas.pixmap.rect()
        if origin != canvas.origin:
            shift = origin - canvas.origin
            canvas.pixmap.scroll(shift.x(), shift.y(), whole)
            canvas.valid = canvas.valid.translated(shift) & QRegion(whole)
            canvas.origin = origin
            if moved is not None:
                moved(canvas, transform)
        self._draw_into(canvas, QRegion(whole) - canvas.valid, draw, painter.renderHints())
        canvas.valid = QRegion(whole)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(0, 0, canvas.pixmap)
        painter.restore()
