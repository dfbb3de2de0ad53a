"""The structures' footprints drawn as one layer, in batches: no Python call per structure
(the first cache of the stack explained in ``ui/board/__init__.py``).

A ``MapScene`` keeps one ``StructureItem`` per structure (keyed by id: selection, change,
hit-testing and tooltips go through it), but the items it hands to its ``StructureLayer``
draw nothing themselves (``ItemHasNoContents``): the layer paints them. It keeps them in
*chunks* of ``CHUNK`` items in the scene's stacking order (the order Qt would have drawn them
in), each with its bounds and a ``QPicture`` of its footprints (halo, fill, outline, fire ring
in scene metres with cosmetic pens, as ``StructureItem`` draws them), recorded once and
replayed by Qt at any zoom. A chunk showing words, badges or patterns at the painter's zoom
(they are drawn in device pixels) is drawn item by item, by each item's own ``draw``, so what
the board shows is what the items drew, in the same order.

An item that is alarmed (drawn above its neighbours with its plate) or moved (a drag preview)
paints itself, as an item of its own; so does any item outside a ``MapScene``.

In a view the layer is drawn into the board (``board.py``), kept as device pixels: on a pan
they are moved and only the strips that came into view are drawn, and the patterned structures
(a pattern is tiled from the viewport's corner, so it does not move with the map). A layer
made with ``cached=False`` records no pictures and draws every chunk item by item.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPicture, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.report import renderer
from siegeboard.ui.board.board import BoardMember
from siegeboard.ui.board.device_cache import Canvas
from siegeboard.ui.board.grid_lines import UPRIGHT_TYPES
from siegeboard.ui.board.structure_item import draw_words

CHUNK = 64            # items per chunk at most: a picture to replay, bounds to cull by...
CHUNK_M = 48.0        # ...and at most this wide and tall (a strip replays few it misses)
PEN_MARGIN_PX = 4.0   # the widest cosmetic pen (the halo) reaches this far past a footprint
GAP_REACH_M = 4.0     # gaps between footprints are measured up to this
# How far past its footprint a structure's pens reach, a pixel of antialiasing included: the
# outline or the selected one (3 px wide), and a fire's ring (6 px when out of control).
PEN_REACH_PX = renderer.SELECTED / 2 + 1
FIRE_REACH_PX = renderer.WILD_FIRE_RING_WIDTH / 2 + 1
WORDS_MARGIN_M = 0.25  # a structure's words are clipped this far round its footprint
# Qt's raster engine fills a shape 32 device rows tall or more with antialiasing about seven
# times slower than one of 31: from this height (px) a chunk's fills are drawn aliased.
TALL_PX = 30.0

@dataclass(eq=False, slots=True)
class _Chunk:
    items: list = field(default_factory=list)
    bounds: QRectF = field(default_factory=QRectF)  # every member's, drawn here or not
    row: int = -1                     # its place in the layer's chunks (and ``_Boxes``)
    picture: QPicture | None = None   # None: recorded again on the next paint
    tall_picture: QPicture | None = None  # the same with aliased fills (``picture_at``)
    device_work: bool = False         # a member draws a pattern or a fire badge at any zoom
    widest: float = 0.0               # the widest member (metres): names show from here
    tallest: float = 0.0              # the tallest member's box (metres)
    gap: float = 0.0                  # the least distance between two members' footprints
    reach: float = 0.0                # how far (px) the widest pen of a member reaches out

    def prepare(self) -> QPicture:
        """Record the footprints of the members the layer draws; note what needs the items."""
        device_work, widest, tallest, burning = False, 0.0, 0.0, False
        boxes = []
        for item in self.items:
            if not item.batched:
                continue
            boxes.append(item.box.getCoords())
            style = item.style
            if style.fire:  # its badge is drawn after (its ring is part of its footprint)
                device_work = burning = True
            if style.patterned:  # its footprint too: patterns are drawn in device pixels
                device_work = True
            widest = max(widest, item.box_width)
            tallest = max(tallest, item.box_height)
        self.picture = self._record(aliased_fill=False)
        self.tall_picture = None
        self.device_work, self.widest, self.tallest = device_work, widest, tallest
        self.gap = least_gap(boxes)
        self.reach = FIRE_REACH_PX if burning else PEN_REACH_PX
        return self.picture

    def picture_at(self, lod: float) -> QPicture:
        """The footprints to replay at ``lod``: where a member is ``TALL_PX`` high or more
        on screen, the fills aliased under their outlines (``renderer.paint_footprint``: the
        same pixels within 3 levels, several times faster there; slower for small shapes)."""
        picture = self.picture or self.prepare()
        if self.tallest * lod < TALL_PX:
            return picture
        if self.tall_picture is None:
            self.tall_picture = self._record(aliased_fill=True)
        return self.tall_picture

    def _record(self, aliased_fill: bool) -> QPicture:
        picture = QPicture()
        painter = QPainter(picture)
        for item in self.items:
            if item.batched and not item.style.patterned:
                renderer.paint_footprint(painter, item.outline, item.style,
                                         item.selected_look, aliased_fill=aliased_fill)
        painter.end()
        return picture

    def apart(self, lod: float) -> bool:
        """No two members meet on screen at ``lod``: neither their pens nor a pen and the
        words (clipped to ``HALO``-less bounds, 0.25 m round a footprint) of another."""
        gap = self.gap * lod
        return gap >= 2 * self.reach and gap >= WORDS_MARGIN_M * lod + self.reach


def least_gap(boxes: list[tuple[float, float, float, float]], reach: float = GAP_REACH_M) -> float:
    """The least distance between two of ``boxes`` (left, top, right, bottom), at most
    ``reach`` (farther apart counts as ``reach``; overlapping as 0)."""
    boxes = sorted(boxes)
    least = reach
    for number, (_left, top, right, bottom) in enumerate(boxes):
        for other in boxes[number + 1:]:
            apart = other[0] - right
            if apart >= least:
                break  # sorted by left: every later box is farther still
            between = max(apart, other[1] - bottom, top - other[3], 0.0)
            least = min(least, between)
    return least


class _Boxes:
    """The chunks' bounds as one array, row ``chunk.row`` for each chunk, so that the chunks
    meeting an area are found in one vectorised pass rather than a ``QRectF.intersects`` per
    chunk: a town of 50,000 structures is some 6,400 chunks, 2 ms of Python on every paint,
    however small the area (a shot's repaint, a pan's strip)."""

    def __init__(self):
        self._rows = np.empty((64, 4))  # left, top, right, bottom; grown by doubling
        self.count = 0

    def set(self, row: int, bounds: QRectF) -> None:
        """Row ``row`` (at most ``count``: the next one appends) holds ``bounds``."""
        if row == len(self._rows):
            self._rows = np.concatenate([self._rows, np.empty_like(self._rows)])
        self.count = max(self.count, row + 1)
        # An empty rectangle meets nothing (as QRectF.intersects has it): NaN compares false.
        self._rows[row] = ((bounds.left(), bounds.top(), bounds.right(), bounds.bottom())
                           if bounds.width() > 0 and bounds.height() > 0 else np.nan)

    def meeting(self, area: QRectF) -> np.ndarray:
        """The rows whose bounds share some area with ``area``, in order: exactly where
        ``QRectF.intersects`` is true (both not empty, the overlap not empty)."""
        if not (area.width() > 0 and area.height() > 0):
            return np.empty(0, dtype=np.intp)
        left, top, right, bottom = area.left(), area.top(), area.right(), area.bottom()
        rows = self._rows[:self.count]
        return np.flatnonzero((rows[:, 0] < right) & (rows[:, 2] > left)
                              & (rows[:, 1] < bottom) & (rows[:, 3] > top))


class StructureLayer(BoardMember, QGraphicsItem):
    """Paints the footprints and marks of the ``StructureItem``s it holds (see the module)."""

    def __init__(self, *, cached: bool = True):
        super().__init__()
        self.cached = cached  # off: no recorded pictures, every item drawn by itself
        self.setZValue(10)  # the structures' own height: under plates, batteries and tools
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self._chunks: list[_Chunk] = []
        self._boxes = _Boxes()  # the chunks' bounds, to find those an area meets
        self._chunk_of: dict = {}  # item -> the chunk holding it
        self._ref = weakref.ref(self)  # what the items hold
        self._bounds = QRectF()
        # Held items with a pattern: it is tiled from the viewport's corner, not the scene's,
        # so where they are, a moved canvas is drawn again rather than moved.
        self._patterned: set = set()

    # -- membership ---------------------------------------------------------------------
    def clear(self) -> None:
        for chunk in self._chunks:
            for item in chunk.items:
                item.leave_layer()
        self._chunks = []
        self._boxes = _Boxes()
        self._chunk_of = {}
        self._patterned.clear()
        self.clear_board()
        self.update()

    def add_items(self, items) -> None:
        """Hold ``items`` (new to the scene, so last in its stacking order)."""
        chunks = self._chunks
        chunk = chunks[-1] if chunks else None
        # The chunk's bounds as numbers while it fills (a QRectF per item costs).
        left = top = right = bottom = 0.0
        if chunk is not None:
            bounds = chunk.bounds
            left, top, right, bottom = bounds.left(), bounds.top(), bounds.right(), bounds.bottom()
        grown = QRectF()
        patterned, chunk_of, me = self._patterned, self._chunk_of, self._ref
        for item in items:
            x0, y0, x1, y1 = item.bounds.getCoords()
            if chunk is not None and len(chunk.items) < CHUNK:
                l2 = left if left < x0 else x0
                t2 = top if top < y0 else y0
                r2 = right if right > x1 else x1
                b2 = bottom if bottom > y1 else y1
                if r2 - l2 <= CHUNK_M and b2 - t2 <= CHUNK_M:
                    left, top, right, bottom = l2, t2, r2, b2
                    chunk.items.append(item)
                    chunk_of[item] = chunk
                    item.join_layer(me)
                    if item.style.patterned and item.batched:
                        patterned.add(item)
                    continue
            if chunk is not None:
                self._set_bounds(chunk, QRectF(left, top, right - left, bottom - top))
                chunk.picture = None
                grown = grown.united(chunk.bounds)
            chunk = _Chunk(items=[item], row=len(chunks))
            chunks.append(chunk)
            left, top, right, bottom = x0, y0, x1, y1
            chunk_of[item] = chunk
            item.join_layer(me)
            if item.style.patterned and item.batched:
                patterned.add(item)
        if chunk is not None:
            self._set_bounds(chunk, QRectF(left, top, right - left, bottom - top))
            chunk.picture = None
            grown = grown.united(chunk.bounds)
        self._grow(grown)
        self.changed(grown)

    def remove_item(self, item) -> None:
        chunk = self._chunk_of.pop(item, None)
        if chunk is None:
            return
        chunk.items.remove(item)
        chunk.picture = None
        if not chunk.items:
            del self._chunks[chunk.row]
            # Rare (the last structure of a chunk deleted): the rows after it move up.
            self._boxes = _Boxes()
            for row, later in enumerate(self._chunks):
                later.row = row
                self._boxes.set(row, later.bounds)
        self._patterned.discard(item)
        item.leave_layer()
        self.changed(item.bounds)

    def item_changed(self, item, before: QRectF | None = None) -> None:
        """``item`` (held here) drew differently from now on (and was within ``before``)."""
        chunk = self._chunk_of[item]
        chunk.picture = None
        self._set_bounds(chunk, chunk.bounds.united(item.bounds))
        self._note_pattern(item)
        area = item.bounds if before is None else item.bounds.united(before)
        self._grow(item.bounds)
        self.changed(area)

    def _set_bounds(self, chunk: _Chunk, bounds: QRectF) -> None:
        chunk.bounds = bounds
        self._boxes.set(chunk.row, bounds)

    def _note_pattern(self, item) -> None:
        if item.batched and item.style.patterned:
            self._patterned.add(item)
        else:
            self._patterned.discard(item)

    def _grow(self, rect: QRectF) -> None:
        if not rect.isNull() and not self._bounds.contains(rect):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(rect)

    def changed(self, rect: QRectF) -> None:
        """What was drawn over ``rect`` (scene metres) is stale: repaint it."""
        if not rect.isNull():
            if self.board is not None:
                self.board.forget(rect)
            self.update(rect)

    # -- QGraphicsItem ------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def forget_patterns(self, canvas: Canvas, transform: QTransform) -> None:
        """After a move: the patterned structures in view are drawn again, so their pattern
        stays where it is drawn straight to the viewport (and what overlaps them with it)."""
        if not self._patterned:
            return
        whole = canvas.pixmap.rect()
        stale = QRegion()
        margin = PEN_MARGIN_PX + 1
        for item in self._patterned:
            rect = transform.mapRect(item.bounds).adjusted(-margin, -margin, margin, margin)
            device = rect.toAlignedRect()
            if device.intersects(whole):
                stale += device
        canvas.forget(stale)

    def draw_board(self, painter: QPainter, transform: QTransform, area: QRectF) -> None:
        """Every held structure over ``area`` (scene metres), in stacking order."""
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(transform)
        if lod <= 0:
            return
        margin = PEN_MARGIN_PX / lod
        area = area.adjusted(-margin, -margin, margin, margin)
        names_from = renderer.NAME_MIN_WIDTH / lod  # narrower than this (metres): no name
        upright = (transform.type() in UPRIGHT_TYPES
                   and transform.m11() > 0 and transform.m22() > 0)
        chunks = self._chunks
        for row in self._boxes.meeting(area).tolist():
            chunk = chunks[row]
            if not self.cached:
                for item in chunk.items:
                    if item.batched and item.bounds.intersects(area):
                        item.draw(painter, transform, lod)
                continue
            picture = chunk.picture_at(lod)
            if not chunk.device_work and chunk.widest < names_from:
                painter.drawPicture(0, 0, picture)  # footprints only, in their order
            elif chunk.apart(lod):
                # No two members meet on screen, so the order they are drawn in shows nowhere:
                # the plain footprints at once, then the patterns and the words.
                painter.drawPicture(0, 0, picture)
                plain = []
                for item in chunk.items:
                    if item.batched and item.bounds.intersects(area):
                        style = item.style
                        if style.patterned or style.fire:
                            item.draw(painter, transform, lod, footprint=False)
                        elif item.box_width >= names_from:
                            plain.append(item)
                if plain:
                    if upright:
                        painter.save()
                        painter.resetTransform()
                        draw_words(painter, transform, plain)
                        painter.restore()
                    else:
                        for item in plain:
                            item.draw(painter, transform, lod, footprint=False)
            else:  # item by item, each in its place among its neighbours
                for item in chunk.items:
                    if item.batched and item.bounds.intersects(area):
                        item.draw(painter, transform, lod)
