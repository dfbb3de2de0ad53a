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

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.model.structure import Structure
from siegeboard.report import renderer
from siegeboard.report.renderer import SCREEN, Labels, Look, StructureStyle
from siegeboard.rules.registry import ruleset as ruleset_named
from siegeboard.ui.items.grid_lines import UPRIGHT_TYPES

HALO_MARGIN_M = 1.0    # room kept around the footprint for the halo
PLAYERS_SCREEN = Look(players=True)  # the players' screen: their words, no figure
people_mark = renderer.people_mark


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

    def __init__(self, structure: Structure, ruleset: str, look: Look = SCREEN):
        """``look``: the GM's screen, or the players' (``PLAYERS_SCREEN``: their words,
        no figure, no people's hurts)."""
        super().__init__()
        self.structure_id = structure.id
        self._look = look
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.setZValue(10)
        self._selected = False
        self._polygon = QPolygonF()
        self._bounds = QRectF()
        # The plate is made on the first alarm and joins this item (and so the scene) only
        # while there is one: Qt checks every item that ignores transformations on every
        # repaint, wherever it is, so 10,000 hidden plates would make each small repaint visit
        # the whole town, and making them all would double the time to build the scene.
        self._marker: StateMarker | None = None
        self.show_state(structure, ruleset)

    @property
    def marker(self) -> StateMarker:
        """The alarm plate (made on first use; in the scene only while alarmed)."""
        if self._marker is None:
            self._marker = StateMarker(None, self._look)
        return self._marker

    @property
    def style(self) -> StructureStyle:
        """What the structure is drawn with (the renderer's, for its current state)."""
        return self._style

    # -- state --------------------------------------------------------------------------
    def show_state(self, structure: Structure, ruleset: str) -> None:
        """Take the structure's stored state; the only place this item's looks change."""
        self.prepareGeometryChange()
        self._polygon = QPolygonF([QPointF(x, y) for x, y in structure.footprint])
        # With courtyards: one odd-even path, drawn and hit-tested (a click in a courtyard
        # is not on the building).
        self._path = renderer.footprint_path(self._polygon, [
            QPolygonF([QPointF(x, y) for x, y in hole]) for hole in structure.holes]
        ) if structure.holes else None
        rect = self._polygon.boundingRect()
        self._polygon_box = rect
        self._width, self._height = rect.width(), rect.height()
        self._labels: tuple[tuple[int, int], Labels | None] | None = None
        look = self._look
        style = renderer.structure_style(ruleset_named(ruleset).state(structure), look,
                                         "" if look.players else renderer.people_mark(structure))
        self._style = style
        self._alarm = style.alarm
        self._brush = style.brush
        margin = HALO_MARGIN_M if self._alarm else 0.25
        self._bounds = rect.adjusted(-margin, -margin, margin, margin)
        self._centre = rect.center()
        # An alarmed structure is drawn over its neighbours so its halo and plate are not hidden.
        self.setZValue(11 if self._alarm else 10)
        if self._alarm or self._marker is not None:
            self._attach_marker(bool(self._alarm))
            self.marker.setPos(self._centre)
            self.marker.show_mark(style.plate, self._alarm)
        self._name = structure.name
        self.setToolTip(style.tooltip(structure.name))
        self.update()

    def _attach_marker(self, attached: bool) -> None:
        if attached and self.marker.parentItem() is not self:
            self.marker.setParentItem(self)
        elif not attached and self.marker.parentItem() is self:
            scene = self.marker.scene()
            self.marker.setParentItem(None)
            if scene is not None:
                scene.removeItem(self.marker)

    def set_selected_look(self, selected: bool) -> None:
        if selected != self._selected:
            self._selected = selected
            self.update()

    @property
    def polygon(self) -> QPolygonF:
        return self._polygon

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
        # Called for every visible structure on every repaint: pens, brushes, fonts and the
        # words' layout are made once (in ``show_state`` or per zoom), not here.
        style = self._style
        transform = painter.worldTransform()
        if not style.patterned:
            renderer.paint_footprint(painter, self._path or self._polygon, style, self._selected)
            lod = option.levelOfDetailFromTransform(transform)
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
        painter.setClipRect(transform.mapRect(self._bounds))  # words stay on the structure
        renderer.paint_marks(painter, transform.map(self._centre), box, self._name, style,
                             self._look, labels=self._labels_for(box), lay_out=False)
        painter.restore()

    def _labels_for(self, box: QRectF) -> Labels | None:
        """The words for a box of this size on screen, kept until the zoom or the structure
        changes."""
        key = (int(box.width()), int(box.height()))
        if self._labels is None or self._labels[0] != key:
            self._labels = (key, renderer.lay_out_labels(
                self._name, self._style, key[0], key[1], self._look))
        return self._labels[1]
