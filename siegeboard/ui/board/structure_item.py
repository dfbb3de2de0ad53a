"""One structure on the map: its footprint filled by state, marks, fire badge and name,
drawn by ``report.renderer`` (the snapshot's painter too).

Everything drawn is prepared in ``show_state`` (called only when this structure changed): the
style (pens, brushes, words) is the renderer's, shared by every structure in the same state,
and the words' layout is kept per zoom, so ``paint`` does no geometry beyond mapping a few
points to the device for text and patterns.

A Breached or Cracked section (Collapsed under harris) also gets a halo and a ``StateMarker``:
a plate of fixed size on screen, so it is seen at any zoom.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.model.structure import Structure
from siegeboard.report import renderer
from siegeboard.report.renderer import SCREEN, Labels, Look, StructureStyle
from siegeboard.rules.registry import ruleset as ruleset_named
from siegeboard.ui.board.grid_lines import UPRIGHT_TYPES

HALO_MARGIN_M = 1.0    # room kept around the footprint for the halo
PLAYERS_SCREEN = Look(players=True)  # the players' screen: their words, no figure
# A structure item sets no flag but this one, so it sets its flags whole (``setFlags`` with a
# value made once costs a seventh of ``setFlag``: it is done for every structure of a town).
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
_NO_FLAGS = QGraphicsItem.GraphicsItemFlag(0)
people_mark = renderer.people_mark


LAYOUTS_KEPT = 20_000  # shared layouts kept (a few per zoom step and kind of structure)
_layouts: dict = {}
# A layout as an item keeps it: the labels, whether they hold everything at the largest size
# (``_labels_for``), how far they reach from the centre across and up or down (``draw_words``),
# and the labels ready to draw (``renderer.screen_words``; None where there are none).
Layout = tuple[Labels | None, bool, float, float, renderer.ScreenWords | None]


def shared_layout(name: str, style: StructureStyle, width: int, height: int,
                  look: Look) -> Layout:
    """``renderer.lay_out_labels`` for a box ``width`` x ``height`` px and what an item
    works out from them (``Layout``), made once for every structure with the same name and
    words (it reads only the style's people and note), on a screen ``look``: a town's houses
    share a handful of names, and laying one out takes tens of microseconds, hundreds of
    times on each zoom step."""
    key = (name, style.people, style.note, width, height, look)
    layout = _layouts.get(key)
    if layout is None:
        if len(_layouts) >= LAYOUTS_KEPT:
            _layouts.clear()
        layout = _layouts[key] = _lay_out(name, style, width, height, look)
    return layout


def _lay_out(name: str, style: StructureStyle, width: int, height: int, look: Look) -> Layout:
    labels = renderer.lay_out_labels(name, style, width, height, look)
    if labels is None:
        return None, False, 0.0, 0.0, None
    half = max(plate for _text, plate in labels.lines) / 2
    rows = renderer.metrics(labels.size * look.unit).height() * len(labels.lines) / 2
    wanted = [name] + ([style.note] if style.note else []) + (
        [style.people] if style.people else [])
    # Complete: nothing a larger box could add or enlarge.
    complete = (labels.size == renderer.NAME_FONTS[0]
                and [text for text, _width in labels.lines] == wanted)
    return labels, complete, half, rows, renderer.screen_words(labels, look)


def _nearest(edge: float) -> int:
    """The pixel edge Qt's raster engine moves a clip rectangle's ``edge`` to (qRound)."""
    return math.floor(edge + 0.5)


class StateMarker(QGraphicsItem):
    """The alarm plate ("Breached", "Cracked", "Collapsed") at a structure's centre, drawn in
    screen pixels whatever the zoom (it ignores the view's transformations)."""

    def __init__(self, parent: QGraphicsItem | None, look: Look = SCREEN):
        super().__init__(parent)
        self._look = look
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = renderer.font(renderer.MARK_FONT, True)
        self._text = ""
        self._alarm = ""
        self._rect = QRectF()
        self.setVisible(False)  # until show_mark gives it a text

    def show_mark(self, text: str, alarm: str) -> None:
        self.prepareGeometryChange()
        self._text, self._alarm = text, alarm
        self._rect = renderer.plate_rect(text, self._look)
        self.setVisible(bool(text))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1.5, -1.5, 1.5, 1.5)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.paint_plate(painter, QPointF(0, 0), self._text, self._alarm, self._look)


class StructureItem(QGraphicsItem):
    """Draws one structure; ``structure_id`` links it to the document."""

    # What every item holds, in slots: a town builds tens of thousands of items, and an
    # instance dictionary cost 0.4 KB each (19 MiB of the N = 50,000 city). What few items
    # set (further down) still goes to a dictionary, made when first set.
    __slots__ = ("structure_id", "_look", "_footprint", "_left", "_top", "_width", "_height",
                 "_style", "_alarm", "_bounds", "_name", "_layer", "_made_polygon", "_made_box",
                 "_made_centre", "_labels")

    # What every new item starts with, kept on the class.
    _z = 0.0  # see _restack
    _selected = False
    _moved = False
    # The plate is made on the first alarm and joins this item (and so the scene) only
    # while there is one: Qt checks every item that ignores transformations on every
    # repaint, wherever it is, so 10,000 hidden plates would make each small repaint visit
    # the whole town, and making them all would double the time to build the scene.
    _marker: StateMarker | None = None
    _path: QPainterPath | None = None  # with courtyards: see _take

    def __init__(self, structure: Structure, ruleset: str, look: Look = SCREEN):
        """``look``: the GM's screen, or the players' (``PLAYERS_SCREEN``: their words,
        no figure, no people's hurts)."""
        super().__init__()
        self.structure_id = structure.id
        self._look = look
        # The layer that draws this item while it is ``batched`` (``structure_layer``),
        # weakly held (no cycle: a dropped scene's items are freed at once); None outside a
        # MapScene.
        self._layer = None
        # Made when first used (``_polygon``, ``_polygon_box``, ``_centre``, ``_labels_for``).
        self._made_polygon: QPolygonF | None = None
        self._made_box: QRectF | None = None
        self._made_centre: QPointF | None = None
        self._labels: tuple | None = None  # the size (px) laid out for and its Layout
        self._take(structure, ruleset)  # new: in no scene or layer yet, nothing to repaint
        if self._alarm:
            self._restack()
            self._show_marker()

    @property
    def marker(self) -> StateMarker:
        """The alarm plate (made on first use; in the scene only while alarmed)."""
        if self._marker is None:
            self._marker = StateMarker(None, self._look)
        return self._marker

    # -- what its layer reads (read-only) ----------------------------------------------------
    @property
    def style(self) -> StructureStyle:
        """What the structure is drawn with (the renderer's, for its current state)."""
        return self._style

    @property
    def bounds(self) -> QRectF:
        """Everything it draws in scene metres (footprint, halo and words' margin)."""
        return self._bounds

    @property
    def box(self) -> QRectF:
        """The footprint's box (scene metres)."""
        return self._polygon_box

    @property
    def box_width(self) -> float:
        """The footprint box's width (metres): its name shows from a zoom where it fits."""
        return self._width

    @property
    def box_height(self) -> float:
        """The footprint box's height (metres)."""
        return self._height

    @property
    def outline(self) -> QPainterPath | QPolygonF:
        """The footprint as filled and outlined: a path with its courtyards, else a polygon."""
        return self._path or self._polygon

    @property
    def selected_look(self) -> bool:
        """Whether it is drawn as selected (``set_selected_look``)."""
        return self._selected

    # -- state --------------------------------------------------------------------------
    def show_state(self, structure: Structure, ruleset: str) -> None:
        """Take the structure's stored state; the only place this item's looks change."""
        before = self._bounds
        if self._layer is not None or self.scene() is not None:
            self.prepareGeometryChange()
        was_batched = self.batched
        self._made_polygon = self._made_box = self._made_centre = self._labels = None
        self._take(structure, ruleset)
        if self._alarm or self._marker is not None:
            self._show_marker()
        self._drawn_anew(before, was_batched)

    def _take(self, structure: Structure, ruleset: str) -> None:
        """Note what ``structure`` shows: its box, bounds and style (built for every
        structure of a town when its scene is built, so only what every item needs)."""
        footprint = structure.footprint
        # The polygon is made when first drawn or hit (``_polygon``), and the footprint's box
        # and centre when first drawn (``_polygon_box``, ``_centre``): most of a town's never
        # are, and its bounds are all the scene needs to place and cull it.
        self._footprint = footprint
        xs, ys = zip(*footprint, strict=True)
        left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        self._left, self._top = left, top
        self._width = width = right - left
        self._height = height = bottom - top
        # With courtyards: one odd-even path, drawn and hit-tested (a click in a courtyard
        # is not on the building).
        if structure.holes:
            self._path = renderer.footprint_path(self._polygon, [
                QPolygonF([QPointF(x, y) for x, y in hole]) for hole in structure.holes])
        elif self._path is not None:
            self._path = None
        look = self._look
        self._style = style = renderer.structure_style(
            ruleset_named(ruleset).state(structure), look,
            "" if look.players or not structure.occupants else renderer.people_mark(structure))
        self._alarm = alarm = style.alarm
        margin = HALO_MARGIN_M if alarm else 0.25
        self._bounds = QRectF(left - margin, top - margin, width + 2 * margin,
                              height + 2 * margin)
        self._name = structure.name

    def _show_marker(self) -> None:
        self._attach_marker(bool(self._alarm))
        self.marker.setPos(self._centre)
        self.marker.show_mark(self._style.plate, self._alarm)

    @property
    def _polygon_box(self) -> QRectF:
        """The footprint's box (scene metres), made on first use."""
        box = self._made_box
        if box is None:
            box = self._made_box = QRectF(self._left, self._top, self._width, self._height)
        return box

    @property
    def _centre(self) -> QPointF:
        """The middle of the footprint's box, where its words and plate stand."""
        centre = self._made_centre
        if centre is None:
            centre = self._made_centre = QPointF(self._left + self._width / 2,
                                                 self._top + self._height / 2)
        return centre

    def toolTip(self) -> str:  # noqa: N802 (Qt's name)
        """The name and the state's words, made when asked (``MapScene.helpEvent`` shows it):
        not kept for every structure of a town."""
        return self._style.tooltip(self._name)

    # -- who draws it: its layer or the item itself ---------------------------------------
    @property
    def batched(self) -> bool:
        """Drawn by its layer: held by one, neither alarmed (over its neighbours, with its
        plate) nor moved (a drag preview); otherwise it paints itself."""
        return self._layer is not None and not self._alarm and not self._moved

    def join_layer(self, layer) -> None:
        """Be drawn by ``layer`` (a weak reference to a ``StructureLayer``) while batched."""
        self._layer = layer  # (its height does not change: see _restack)
        if self.batched:
            self.setFlags(_NO_CONTENTS)

    def leave_layer(self) -> None:
        """Be drawn by no layer: the item paints itself."""
        self._layer = None
        self.setFlags(_NO_FLAGS)

    def _restack(self) -> None:
        """Stack the item: an alarmed one over its neighbours (11) so its halo and plate are
        not hidden, a moved one (the drag preview) over the grid (10), any other at 0: its
        layer (at 10) draws it, or, outside a layer, it is drawn among its peers."""
        z = 11.0 if self._alarm else 10.0 if self._moved else 0.0
        if z != self._z:
            self._z = z
            self.setZValue(z)

    def _drawn_anew(self, before: QRectF | None, was_batched: bool) -> None:
        """This item draws differently now: repaint it, through its layer if it has one."""
        self._restack()
        if self._layer is None:
            if self.scene() is not None:
                self.update()
            return
        batched = self.batched
        if batched != was_batched:
            self.setFlags(_NO_CONTENTS if batched else _NO_FLAGS)
        if not batched:
            self.update()
        self._layer().item_changed(self, before)

    def setPos(self, *position) -> None:  # noqa: N802 (Qt's name)
        """Move the item (the select tool's drag preview); away from (0, 0) it paints itself."""
        was_batched = self.batched
        super().setPos(*position)
        self._moved = not self.pos().isNull()
        if self._moved or was_batched != self.batched:
            self._drawn_anew(None, was_batched)

    def _attach_marker(self, attached: bool) -> None:
        if attached and self.marker.parentItem() is not self:
            self.marker.setParentItem(self)
        elif not attached and self.marker.parentItem() is self:
            scene = self.marker.scene()
            self.marker.setParentItem(None)  # type: ignore[arg-type]  # None: no parent
            if scene is not None:
                scene.removeItem(self.marker)

    def set_selected_look(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            self._drawn_anew(None, self.batched)

    @property
    def polygon(self) -> QPolygonF:
        return self._polygon

    @property
    def _polygon(self) -> QPolygonF:
        """The footprint as drawn and hit-tested, made on first use."""
        polygon = self._made_polygon
        if polygon is None:
            polygon = self._made_polygon = QPolygonF(
                [QPointF(x, y) for x, y in self._footprint])
        return polygon

    # -- QGraphicsItem ------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        if self._path is not None:
            return self._path
        path = QPainterPath()
        path.addPolygon(self._polygon)
        path.closeSubpath()
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        transform = painter.worldTransform()
        self.draw(painter, transform, option.levelOfDetailFromTransform(transform))

    def draw(self, painter: QPainter, transform: QTransform, lod: float,
             footprint: bool = True) -> None:
        """Footprint, pattern, words and badge, ``painter`` holding ``transform`` (this
        item's scene metres to device pixels; ``lod`` its level of detail): ``paint``'s work,
        also done by the layer, which draws the item in its place among its neighbours.
        Without ``footprint``: all but a plain footprint's fill and outline (the layer has
        drawn them)."""
        # Called for every visible structure on every repaint: pens, brushes, fonts and the
        # words' layout are made once (in ``show_state`` or per zoom), not here.
        style = self._style
        if not style.patterned:
            if footprint:
                renderer.paint_footprint(painter, self._path or self._polygon, style,
                                         self._selected)
            if lod * self._width < renderer.NAME_MIN_WIDTH and not style.fire:
                return
        painter.save()
        painter.resetTransform()  # patterns and words in device pixels, whatever the zoom
        upright = (transform.type() in UPRIGHT_TYPES
                   and transform.m11() > 0 and transform.m22() > 0)
        if style.patterned or not upright:
            device_polygon = transform.map(self._polygon)
            box = device_polygon.boundingRect()
            if style.patterned:
                # Fill and pattern in one pass, in device pixels (one polygon, not two).
                renderer.paint_footprint(
                    painter, transform.map(self._path) if self._path is not None
                    else device_polygon, style, self._selected, patterned=True)
        else:
            # Scaled and moved only: the corners map to the same box, point for point.
            corners = self._polygon_box
            box = QRectF(transform.map(corners.topLeft()), transform.map(corners.bottomRight()))
        # Words stay on the structure (and inside any clip the painter has: the layer's).
        painter.setClipRect(transform.mapRect(self._bounds), Qt.ClipOperation.IntersectClip)
        renderer.paint_marks(painter, transform.map(self._centre), box, self._name, style,
                             self._look, labels=self._labels_for(box.width(), box.height()),
                             lay_out=False)
        painter.restore()

    def _labels_for(self, width: float, height: float) -> Labels | None:
        """The words for a box of this size on screen (device pixels), kept until the zoom or
        the structure changes (with the rest of their ``Layout``); a layout with everything in
        it at the largest size is kept for every larger box too (``lay_out_labels`` gives it
        again for those)."""
        key = (int(width), int(height))
        kept = self._labels
        if kept is not None and (kept[0] == key or kept[2] and key[0] >= kept[0][0]
                                 and key[1] >= kept[0][1]):
            return kept[1]
        layout = shared_layout(self._name, self._style, key[0], key[1], self._look)
        self._labels = (key, *layout)
        return layout[0]


def draw_words(painter: QPainter, transform: QTransform, items) -> None:
    """The words of plain structures (``items``: no pattern, no fire, no plate), ``painter``
    in device pixels already and ``transform`` upright (scaled and moved only): what
    ``StructureItem.draw`` adds to their footprints, with no clip where the words lie well
    inside it. The same numbers as ``draw``'s: an upright transform maps ``x`` to
    ``x * m11 + dx``, worked out here rather than by a call per point."""
    m11, m22, dx, dy = transform.m11(), transform.m22(), transform.dx(), transform.dy()
    font = None
    for item in items:
        left, top, width, height = item._left, item._top, item._width, item._height
        x0, y0 = left * m11 + dx, top * m22 + dy
        if item._labels_for((left + width) * m11 + dx - x0,
                            (top + height) * m22 + dy - y0) is None:
            continue
        _key, _labels, _complete, half, rows, words = item._labels
        x = (left + width / 2) * m11 + dx
        y = (top + height / 2) * m22 + dy
        if words.font is not font:
            font = words.font
            renderer.set_screen_words(painter, words)
        # The pixels the words touch (their plates' edges, antialiased, across; a pixel more
        # up and down for the letters) against the pixels the clip keeps (Qt rounds a clip
        # rectangle's edges to the nearest pixel edge): where they lie within, it cuts nothing.
        bx, by, bw, bh = item._bounds.getRect()
        # ``transform.mapRect(item._bounds)``, as Qt works it out for an upright transform.
        clip_left, clip_top = bx * m11 + dx, by * m22 + dy
        clip_width, clip_height = bw * m11, bh * m22
        clip_right, clip_bottom = clip_left + clip_width, clip_top + clip_height
        if (math.floor(x - half) >= _nearest(clip_left)
                and math.ceil(x + half) <= _nearest(clip_right)
                and math.floor(y - rows) - 1 >= _nearest(clip_top)
                and math.ceil(y + rows) + 1 <= _nearest(clip_bottom)):
            renderer.paint_screen_words(painter, x, y - words.top, words)
            continue
        painter.save()
        painter.setClipRect(QRectF(clip_left, clip_top, clip_width, clip_height),
                            Qt.ClipOperation.IntersectClip)
        renderer.paint_screen_words(painter, x, y - words.top, words)
        painter.restore()
