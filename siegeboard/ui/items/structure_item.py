"""One structure on the map: its footprint filled by state, marks, fire level and name.

Everything drawn is prepared in ``show`` (called only when this structure changed), so
``paint`` does no geometry beyond mapping a few points to the device for text and hatching.

The fill is translucent (the old plan's ink shows through); the outline carries the state's
colour. A Breached or Cracked section (Collapsed under harris) also gets a halo and a
``StateMarker``: a plate of fixed size on screen, so it is seen at any zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from siegeboard.model.structure import Structure
from siegeboard.report import palette
from siegeboard.ui.items.grid_lines import UPRIGHT_TYPES

NAME_MIN_PIXELS = 40  # below this on-screen width the name is not drawn
NAME_MIN_HEIGHT = 22
LABEL_PLATE = QColor(255, 255, 255, 190)
# An out-of-control fire is inverted and ringed, so it differs by more than its "!".
WILD_FIRE_BADGE = QColor("#ffcc33")
WILD_FIRE_TEXT = QColor("#000000")
WILD_FIRE_RING = QColor("#D55E00")
PEOPLE_PLATE = QColor("#ffffff")
PEOPLE_TEXT = QColor("#8b0000")
HALO_PX = 5.0          # the alarm halo's width on screen; half of it lies outside the footprint
HALO_MARGIN_M = 1.0    # room kept around the footprint for the halo
OUTLINE_PX = 1.6
SELECTED_PX = 3.0
MARK_HEIGHT_PX = 15


BLACK = QColor("#000000")
_shared: dict = {}


def _fonts() -> dict[int, tuple[QFont, QFontMetrics]]:
    """The label fonts by point size (7: a lone fire badge, 8: names), with their metrics;
    made once, on first use (a font needs the application)."""
    if "fonts" not in _shared:
        fonts = {}
        for size in (7, 8):
            font = QFont()
            font.setPointSizeF(size)
            fonts[size] = (font, QFontMetrics(font))
        _shared["fonts"] = fonts
    return _shared["fonts"]


def _outline_pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour)
    pen.setCosmetic(True)
    pen.setWidthF(width)
    return pen


def _selected_pen() -> QPen:
    if "selected" not in _shared:
        _shared["selected"] = _outline_pen(palette.SELECTED_OUTLINE, SELECTED_PX)
    return _shared["selected"]


def _halo_pen(alarm: str) -> QPen:
    """The alarm halo: solid for a breach, dashed for a crack (cosmetic, ``HALO_PX`` wide)."""
    halo = QPen(palette.BREACH_MARK if alarm == "breached" else palette.MARK_RING, HALO_PX)
    halo.setCosmetic(True)
    halo.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    if alarm == "cracked":
        halo.setDashPattern([1.2, 0.8])
    return halo


class StateMarker(QGraphicsItem):
    """The alarm plate ("Breached", "Cracked", "Collapsed") at a structure's centre, drawn in
    screen pixels whatever the zoom (it ignores the view's transformations)."""

    def __init__(self, parent: QGraphicsItem):
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = QFont()
        self._font.setPointSizeF(7.5)
        self._font.setBold(True)
        self._text = ""
        self._alarm = ""
        self._rect = QRectF()
        self.setVisible(False)  # until show_mark gives it a text

    def show_mark(self, text: str, alarm: str) -> None:
        self.prepareGeometryChange()
        self._text, self._alarm = text, alarm
        width = QFontMetrics(self._font).horizontalAdvance(text) + 10
        self._rect = QRectF(-width / 2, -MARK_HEIGHT_PX / 2, width, MARK_HEIGHT_PX)
        self.setVisible(bool(text))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-1.5, -1.5, 1.5, 1.5)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        breached = self._alarm == "breached"
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(palette.MARK_RING, 1.5))
        painter.setBrush(palette.BREACH_MARK if breached else palette.CRACK_MARK)
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setFont(self._font)
        painter.setPen(palette.BREACH_MARK_TEXT if breached else palette.CRACK_MARK_TEXT)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._text)


def people_mark(structure: Structure) -> str:
    """"2 trapped, 1 hurt": the occupants to look after; "" when there are none."""
    trapped = structure.trapped_count
    hurt = sum(1 for person in structure.occupants if person.damage > 0)
    parts = ([f"{trapped} trapped"] if trapped else []) + ([f"{hurt} hurt"] if hurt else [])
    return ", ".join(parts)


class StructureItem(QGraphicsItem):
    """Draws one structure; ``structure_id`` links it to the document."""

    def __init__(self, structure: Structure, ruleset: str):
        super().__init__()
        self.structure_id = structure.id
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
            self._marker = StateMarker(None)
        return self._marker

    # -- state --------------------------------------------------------------------------
    def show_state(self, structure: Structure, ruleset: str) -> None:
        """Take the structure's stored state; the only place this item's looks change."""
        self.prepareGeometryChange()
        self._polygon = QPolygonF([QPointF(x, y) for x, y in structure.footprint])
        rect = self._polygon.boundingRect()
        self._polygon_box = rect
        self._width = rect.width()
        self._label_cache = None
        self._alarm = palette.alarm(structure, ruleset)
        margin = HALO_MARGIN_M if self._alarm else 0.25
        self._bounds = rect.adjusted(-margin, -margin, margin, margin)
        self._centre = rect.center()
        self._brush = QBrush(palette.fill_colour(structure, ruleset))
        self._outline = palette.outline_colour(structure, ruleset)
        self._outline_pen = _outline_pen(self._outline, OUTLINE_PX)
        self._hatched = palette.is_hatched(structure, ruleset)
        self._mark = palette.state_mark(structure, ruleset)
        # An alarmed structure is drawn over its neighbours so its halo and plate are not hidden.
        self.setZValue(11 if self._alarm else 10)
        if self._alarm or self._marker is not None:
            self._attach_marker(bool(self._alarm))
            self.marker.setPos(self._centre)
            self.marker.show_mark(self._mark if self._alarm else "", self._alarm)
        self._fire = palette.fire_label(structure, ruleset)
        self._wild_fire = ruleset == "harris" and structure.out_of_control and \
            structure.fire_level > 0
        self._people = people_mark(structure)
        self._people_advance = _fonts()[8][1].horizontalAdvance(self._people) if self._people else 0
        self._halo_pen = _halo_pen(self._alarm) if self._alarm else None
        self._name = structure.name
        tip = [structure.name]
        if self._mark:
            tip.append(self._mark)
        if self._fire:
            tip.append(f"fire {self._fire}" + (" (out of control)" if self._wild_fire else ""))
        if self._people:
            tip.append(self._people)
        self.setToolTip(" · ".join(tip))
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

    def shape(self):
        from PySide6.QtGui import QPainterPath
        path = QPainterPath()
        path.addPolygon(self._polygon)
        path.closeSubpath()
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        # Called for every visible structure on every repaint: pens, fonts and label lines
        # are made once (in ``show_state`` or per zoom), not here.
        if self._alarm:
            painter.setPen(self._halo_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(self._polygon)
        painter.setBrush(self._brush)
        painter.setPen(_selected_pen() if self._selected else self._outline_pen)
        painter.drawPolygon(self._polygon)
        transform = painter.worldTransform()
        lod = option.levelOfDetailFromTransform(transform)
        small = lod * self._width < NAME_MIN_PIXELS
        if not (self._hatched or not small or self._fire):
            return
        painter.save()
        painter.resetTransform()  # hatching and text in device pixels, whatever the zoom
        painter.setClipRect(transform.mapRect(self._bounds))
        upright = (transform.type() in UPRIGHT_TYPES
                   and transform.m11() > 0 and transform.m22() > 0)
        if self._hatched or not upright:
            device_polygon = transform.map(self._polygon)
            box = device_polygon.boundingRect()
        else:
            # Scaled and moved only: the corners map to the same box, point for point.
            corners = self._polygon_box
            top_left = transform.map(corners.topLeft())
            bottom_right = transform.map(corners.bottomRight())
            box = QRectF(top_left, bottom_right)
        if self._hatched:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.collapse_hatch())
            painter.drawPolygon(device_polygon)
        centre = transform.map(self._centre)
        # Names only where they fit: a thin wall keeps its colour visible (tooltip has the name).
        if box.width() >= NAME_MIN_PIXELS and box.height() >= NAME_MIN_HEIGHT:
            self._draw_labels(painter, centre, box.width())
        elif self._fire:
            # A fire is never hidden by the zoom: its level stays on the structure (above the
            # alarm plate when there is one).
            font, metrics = _fonts()[7]
            painter.setFont(font)
            if self._alarm:
                centre = QPointF(centre.x(), centre.y() - MARK_HEIGHT_PX / 2 - metrics.height() / 2)
            self._draw_fire(painter, metrics, centre)
        painter.restore()

    def _label_lines(self, metrics: QFontMetrics, width: float) -> list[tuple[str, float]]:
        """The label lines for a structure ``width`` device pixels wide, each with its plate's
        width; kept until the width or the structure changes (the same at a given zoom)."""
        people_short = bool(self._people) and self._people_advance > width - 4
        key = (int(width), people_short)
        if self._label_cache is not None and self._label_cache[0] == key:
            return self._label_cache[1]
        lines = [metrics.elidedText(self._name, Qt.TextElideMode.ElideRight, int(width) - 4)]
        if self._mark and not self._alarm:  # an alarm's words are on its marker plate
            lines.append(self._mark)
        if self._people:
            # Short form when the full one does not fit: "2T 1H" (trapped, hurt).
            people = self._people
            if people_short:
                people = people.replace(" trapped", "T").replace(" hurt", "H").replace(", ", " ")
            lines.append(people)
        laid_out = [(line, metrics.horizontalAdvance(line) + 6) for line in lines]
        self._label_cache = (key, laid_out)
        return laid_out

    def _draw_labels(self, painter: QPainter, centre: QPointF, width: float) -> None:
        font, metrics = _fonts()[8]
        painter.setFont(font)
        lines = self._label_lines(metrics, width)
        height = metrics.height()
        top = centre.y() - height * len(lines) / 2
        if self._alarm:  # the lines go under the marker plate at the centre
            top = centre.y() + MARK_HEIGHT_PX / 2 + 1
        for number, (line, text_width) in enumerate(lines):
            # A pale plate behind each line keeps names legible over the plan and grid labels.
            plate = QRectF(centre.x() - text_width / 2, top + number * height, text_width, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LABEL_PLATE)
            painter.drawRoundedRect(plate, 2, 2)
            people = bool(self._people) and number == len(lines) - 1
            painter.setPen(PEOPLE_TEXT if people else BLACK)
            painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, line)
        if self._fire:
            above = centre.y() - MARK_HEIGHT_PX / 2 if self._alarm else top
            self._draw_fire(painter, metrics, QPointF(centre.x(), above - height / 2 - 2))

    def _draw_fire(self, painter: QPainter, metrics: QFontMetrics, centre: QPointF) -> None:
        """The fire badge centred on ``centre`` (device pixels)."""
        height = metrics.height()
        text_width = metrics.horizontalAdvance(self._fire) + 8
        badge = QRectF(centre.x() - text_width / 2, centre.y() - height / 2, text_width, height)
        if self._wild_fire:
            ring = QPen(WILD_FIRE_RING, 2)
            painter.setPen(ring)
            painter.setBrush(WILD_FIRE_BADGE)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(palette.FIRE_BADGE)
        painter.drawRoundedRect(badge, 3, 3)
        painter.setPen(WILD_FIRE_TEXT if self._wild_fire else palette.FIRE_TEXT)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, self._fire)
