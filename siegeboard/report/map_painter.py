"""Paints one region of the siege map into a frame on a page: plan, grid, squares, and the
structures, fire and batteries (through ``report.renderer``, the window's painter too). Also
the legend and the scale bar that explain it.

Page units are points (1/72 inch); the painter's transform maps them to the device. Map units
are metres, x east, y south. Nothing here decides a rule: it draws stored state.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)

from siegeboard.geometry import (
    GRID_M,
    SQUARE_M,
    StructureIndex,
    anchor_square,
    column_letters,
    labelled_square,
    square_label,
)
from siegeboard.geometry.squares import label_stride
from siegeboard.model.siege import Siege
from siegeboard.report import palette, renderer, vector_clip
from siegeboard.report.extent import Plan
from siegeboard.report.options import Bounds, SnapshotOptions
from siegeboard.report.renderer import Look, StructureStyle, nice_length
from siegeboard.report.sheets import POINTS_PER_MM
from siegeboard.rules.messages import _
from siegeboard.rules.registry import ruleset_of
from siegeboard.rules.ruleset import StructureState

INK = QColor("#1b1b1b")
FAINT_INK = QColor("#555555")
PLAN_OPACITY = 0.55
LABEL_MIN_SQUARE_PT = 45  # labels inside squares at least this far apart on paper
EDGE_LABEL_EVERY_PT = 14  # column letters and row numbers along the frame at least this apart
FINE_GRID_MIN_PT = 4  # the 2 m grid is drawn when its cells are at least this big
SWATCH_W, SWATCH_H = 58.0, 15.0  # a legend's swatch, in points
LEGEND_FONT = 6.5


def font(size: float, *, bold: bool = False, family: str = "DejaVu Sans") -> QFont:
    """A font sized in page points, whatever the device's resolution."""
    chosen = QFont(family)
    chosen.setPixelSize(max(1, round(size)))
    chosen.setBold(bold)
    return chosen


def scale_denominator(points_per_metre: float) -> float:
    """The N of 1:N for a map drawn at ``points_per_metre``."""
    return 1000 / (points_per_metre / POINTS_PER_MM)


class MapPainter:
    """Draws regions of one siege with one set of options; cheap to call per page (tile)."""

    def __init__(self, siege: Siege, plan: Plan | None, options: SnapshotOptions):
        self.siege = siege
        self.options = options
        self.plan = plan
        if plan is not None and options.greyscale:
            self.plan = Plan(plan.image.convertToFormat(plan.image.Format.Format_Grayscale8),
                             plan.to_metres)
        self.rules = ruleset_of(siege)
        self.look = Look("paper", players=options.players, greyscale=options.greyscale)
        self._index: StructureIndex | None = None
        self._cut_to_frame: QRectF | None = None  # the frame, on a device that keeps no clip
        self._styles: dict[str, StructureStyle] = {}
        # Each structure's state by id, asked of the rules once per snapshot (the table
        # fills it first when there is one: see pages.table_cells).
        self.states: dict[str, StructureState] = {}

    def ink(self, colour: QColor) -> QColor:
        return self.look.ink(colour)

    @property
    def index(self) -> StructureIndex:
        if self._index is None:
            self._index = StructureIndex.for_structures(self.siege.structures)
        return self._index

    def style_of(self, structure_id: str) -> StructureStyle:
        """The renderer's style of a structure's state in this copy (made once per snapshot)."""
        style = self._styles.get(structure_id)
        if style is None:
            structure = self.siege.structures[structure_id]
            state = self.states.get(structure_id)
            if state is None:
                state = self.states[structure_id] = self.rules.state(structure)
            style = self._styles[structure_id] = renderer.structure_style(
                state, self.look, renderer.people_mark(structure))
        return style

    # -- the map itself ---------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: QRectF, region: Bounds,
              gridded: Bounds | None = None) -> None:
        """Draw ``region`` (metres) into ``frame`` (points); the aspect ratios must match.
        ``gridded``: the grid and its square labels only within these bounds (a tiled
        sheet's spare paper past the map's edge stays blank, not an empty grid); the whole
        region when None. It must hold the region's north-west corner (tiles start there)."""
        minx, miny, maxx, maxy = region
        k = frame.width() / (maxx - minx)
        grid_frame, grid_region = frame, region
        if gridded is not None:
            grid_region = (minx, miny, max(minx, min(maxx, gridded[2])),
                           max(miny, min(maxy, gridded[3])))
            grid_frame = QRectF(frame.left(), frame.top(), (grid_region[2] - minx) * k,
                                (grid_region[3] - miny) * k)
        to_page = QTransform(k, 0, 0, k, frame.left() - minx * k, frame.top() - miny * k)
        painter.save()
        painter.setClipRect(frame)
        self._cut_to_frame = None if vector_clip.device_clips(painter) else frame
        painter.fillRect(frame, Qt.GlobalColor.white)
        self._paint_plan(painter, to_page, region)
        if grid_frame.width() > 0 and grid_frame.height() > 0:
            self._paint_grid(painter, grid_frame, grid_region, k)
        visible = self.index.in_bounds(region) if self.siege.structures else []
        look = self.look.at_scale(k)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Footprints first, then every structure's words and marks over all of them, so a
        # neighbour's fill never covers a name, a plate or a badge.
        scale_shift = (k, to_page.dx(), to_page.dy())
        placed = [self._paint_structure(painter, structure_id, scale_shift, look)
                  for structure_id in visible]
        for structure_id, (polygon, style) in zip(visible, placed, strict=True):
            bounds = polygon.boundingRect()
            if not (style.plate or style.fire or renderer.words_fit(bounds.width(),
                                                                    bounds.height(), look)):
                continue  # nothing to mark: a city's houses at a fitted scale, mostly
            if self._cut_to_frame is not None and not self._cut_to_frame.contains(bounds):
                continue  # words cannot be cut to the frame in an SVG: the next sheet has them
            renderer.paint_marks(painter, bounds.center(), bounds,
                                 self.siege.structures[structure_id].name, style, look)
        self._paint_batteries(painter, to_page, region, frame)
        painter.restore()
        painter.save()
        painter.setPen(QPen(INK, 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(frame)
        painter.restore()
        if grid_frame.width() > 0 and grid_frame.height() > 0:
            self._paint_square_labels(painter, grid_frame, grid_region, k)

    def _paint_plan(self, painter: QPainter, to_page: QTransform, region: Bounds) -> None:
        if self.plan is None:
            return
        image = self.plan.image
        inverse, invertible = self.plan.to_metres.inverted()
        if not invertible:
            return
        minx, miny, maxx, maxy = region
        # Only the part of the image under this region: a tile does not embed the whole plan.
        source = inverse.mapRect(QRectF(minx, miny, maxx - minx, maxy - miny)).toAlignedRect()
        source = source.adjusted(-2, -2, 2, 2).intersected(image.rect())
        if source.isEmpty():
            return
        painter.save()
        painter.setOpacity(PLAN_OPACITY * (0.8 if self.options.greyscale else 1.0))
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setTransform(self.plan.to_metres * to_page, True)
        painter.drawImage(QRectF(source), image, QRectF(source))
        painter.restore()

    def _paint_grid(self, painter: QPainter, frame: QRectF, region: Bounds, k: float) -> None:
        minx, miny, maxx, maxy = region
        ox, oy = self.siege.grid_origin
        painter.save()
        for step, colour, width in ((GRID_M, palette.GRID_FINE, 0.15),
                                    (SQUARE_M, palette.GRID_SQUARE, 0.45)):
            if step * k < FINE_GRID_MIN_PT:
                continue
            painter.setPen(QPen(self.ink(colour), width))
            first = math.ceil((minx - ox) / step)
            x = ox + first * step
            lines = []
            while x <= maxx + 1e-9:
                px = frame.left() + (x - minx) * k
                lines.append(QLineF(px, frame.top(), px, frame.bottom()))
                x += step
            first = math.ceil((miny - oy) / step)
            y = oy + first * step
            while y <= maxy + 1e-9:
                py = frame.top() + (y - miny) * k
                lines.append(QLineF(frame.left(), py, frame.right(), py))
                y += step
            painter.drawLines(lines)
        painter.restore()

    def _square_edges(self, low: float, high: float, origin: float) -> Iterable[tuple[int, float]]:
        """(square number, its west/north edge in metres) for squares meeting [low, high)."""
        first = math.floor((low - origin) / SQUARE_M)
        last = math.ceil((high - origin) / SQUARE_M)
        for number in range(first, last):
            yield number, origin + number * SQUARE_M

    def _paint_square_labels(self, painter: QPainter, frame: QRectF, region: Bounds,
                             k: float) -> None:
        """Column letters above the frame and row numbers left of it, and each square's
        label inside it, at every scale: when squares are small, every 2nd, 5th, 10th...
        counted from A1 (``label_stride``, as the window does), so a town printed whole
        still reads A1, K1, U1... inside the map and along its edges."""
        minx, miny, maxx, maxy = region
        ox, oy = self.siege.grid_origin
        a1 = anchor_square(self.siege.grid_origin, self.siege.label_anchor)  # R0b
        size = SQUARE_M * k
        text_size = min(8.0, max(5.0, size * 0.45))
        painter.save()
        painter.setFont(font(text_size))
        painter.setPen(self.ink(palette.GRID_LABEL))
        every = label_stride(size, EDGE_LABEL_EVERY_PT)  # labels that would overlap skipped
        for column, west in self._square_edges(minx, maxx, ox):
            if (column - a1[0]) % every:
                continue
            left = frame.left() + (max(west, minx) - minx) * k
            right = frame.left() + (min(west + SQUARE_M, maxx) - minx) * k
            if right - left < size * 0.4:
                continue
            middle = (left + right) / 2
            painter.drawText(QRectF(middle - 20, frame.top() - 12, 40, 11),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                             column_letters(column - a1[0]))
        for row, north in self._square_edges(miny, maxy, oy):
            if (row - a1[1]) % every:
                continue
            top = frame.top() + (max(north, miny) - miny) * k
            bottom = frame.top() + (min(north + SQUARE_M, maxy) - miny) * k
            if bottom - top < size * 0.4:
                continue
            label = square_label((0, row - a1[1]))[1:]  # the row part of "A7"
            middle = (top + bottom) / 2
            painter.drawText(QRectF(frame.left() - 22, middle - 6, 20, 12),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        inside = label_stride(size, LABEL_MIN_SQUARE_PT)
        painter.setClipRect(frame)
        painter.setFont(font(5.5))
        painter.setPen(self.ink(QColor(20, 20, 20, 140)))
        columns = [(column, west) for column, west in self._square_edges(minx, maxx, ox)
                   if (column - a1[0]) % inside == 0]
        rows = [(row, north) for row, north in self._square_edges(miny, maxy, oy)
                if (row - a1[1]) % inside == 0]
        for column, west in columns:
            for row, north in rows:
                x = frame.left() + (west - minx) * k
                y = frame.top() + (north - miny) * k
                painter.drawText(QPointF(x + 1.5, y + 6.5),
                                 square_label(labelled_square((column, row), a1)))
        painter.restore()

    def _paint_structure(self, painter: QPainter, structure_id: str,
                         to_page: tuple[float, float, float],
                         look: Look) -> tuple[QPolygonF, StructureStyle]:
        """The footprint, its outline and pattern; returns the footprint in page points and
        its style. ``to_page`` is ``paint``'s scale and shift (k, dx, dy): a point goes to
        (x * k + dx, y * k + dy), the arithmetic ``QTransform.map`` does for such a
        transform, without a call per polygon."""
        structure = self.siege.structures[structure_id]
        style = self.style_of(structure_id)
        k, dx, dy = to_page
        polygon = QPolygonF([QPointF(x * k + dx, y * k + dy) for x, y in structure.footprint])
        shape: QPolygonF | QPainterPath = polygon
        if structure.holes:
            shape = renderer.footprint_path(polygon, [
                QPolygonF([QPointF(x * k + dx, y * k + dy) for x, y in hole])
                for hole in structure.holes])
        if self._cut_to_frame is not None and not self._cut_to_frame.contains(
                shape.boundingRect()):
            # An SVG keeps no clip: a footprint across the frame's edge is cut to it here.
            shape = vector_clip.within_clip(painter, renderer.as_path(shape))
        renderer.paint_footprint(painter, shape, style)
        if style.patterned:
            renderer.paint_pattern(painter, shape, style, look)
        return polygon, style

    def paint_fire_badge(self, painter: QPainter, centre: QPointF, text: str,
                         wild: bool = False) -> None:
        """The window's fire badge, at ``centre`` (points)."""
        renderer.paint_fire_badge(painter, centre, text, wild, self.look)

    def _paint_batteries(self, painter: QPainter, to_page: QTransform, region: Bounds,
                         frame: QRectF) -> None:
        minx, miny, maxx, maxy = region
        for battery in self.siege.batteries.values():
            x, y = battery.position
            if not (minx - 20 <= x <= maxx + 20 and miny - 20 <= y <= maxy + 20):
                continue
            point = to_page.map(QPointF(x, y))
            weapon = self.siege.weapons.get(battery.weapon_id)
            label = renderer.battery_text(battery.name, weapon.name if weapon else "")
            renderer.paint_battery(painter, point, battery.side, self.look)
            width, height = renderer.battery_label_size(label, self.look)
            box = self._label_box(point, width, height, to_page, frame)
            renderer.paint_battery_label(painter, box, label, battery.side, self.look)

    def _label_box(self, point: QPointF, width: float, height: float, to_page: QTransform,
                   frame: QRectF) -> QRectF:
        """A battery label's box beside ``point`` (right, left, above, below, then above or
        below running right): of those on the sheet, the one that covers the least of the
        structures, the earliest of equals."""
        gap = (renderer.BATTERY_RADIUS + 3) * self.look.unit
        candidates = [QRectF(point.x() + gap, point.y() - height / 2, width, height),
                      QRectF(point.x() - gap - width, point.y() - height / 2, width, height),
                      QRectF(point.x() - width / 2, point.y() - gap - height, width, height),
                      QRectF(point.x() - width / 2, point.y() + gap, width, height),
                      QRectF(point.x() - gap / 2, point.y() - gap - height, width, height),
                      QRectF(point.x() - gap / 2, point.y() + gap, width, height)]
        on_sheet = [box for box in candidates if frame.contains(box)] or candidates[:1]
        if not self.siege.structures:
            return on_sheet[0]
        to_map, _ = to_page.inverted()

        def covered(box: QRectF) -> float:
            area = to_map.mapRect(box)
            bounds = (area.left(), area.top(), area.right(), area.bottom())
            total = 0.0
            for structure_id in self.index.in_bounds(bounds):
                minx, miny, maxx, maxy = self.index.polygon(structure_id).bounds
                overlap = area.intersected(QRectF(minx, miny, maxx - minx, maxy - miny))
                total += overlap.width() * overlap.height()
            return total

        return min(on_sheet, key=covered)

    # -- the legend and the scale bar ------------------------------------------------------

    def paint_legend(self, painter: QPainter, top_left: QPointF, width: float) -> float:
        """The legend's rows from ``top_left``, each swatch drawn with the map's own pieces;
        returns the height used."""
        x, y = top_left.x(), top_left.y()
        look = self.look
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(font(8, bold=True))
        painter.setPen(INK)
        painter.drawText(QPointF(x, y + 8), "Legend")
        y += 14
        text_font = font(LEGEND_FONT)
        text_metrics = QFontMetricsF(text_font)
        text_x = x + SWATCH_W + 6
        for row in renderer.legend_rows(self.rules, look):
            lines = _wrap(paper_legend_text(row.text), text_metrics, width - (text_x - x))
            height = max(SWATCH_H, len(lines) * text_metrics.height())
            swatch = QRectF(x, y + (height - SWATCH_H) / 2, SWATCH_W, SWATCH_H)
            if row.what == "ramp":
                swatch = QRectF(x, y + 2, SWATCH_W, SWATCH_H - 6)
            painter.save()
            renderer.paint_swatch(painter, swatch, row, look)
            painter.restore()
            painter.setFont(text_font)
            painter.setPen(INK)
            text = (_("0 to 100% {words}").format(words=row.text) if row.what == "ramp"
                    else "\n".join(lines))
            painter.drawText(QRectF(text_x, y, width - (text_x - x), height),
                             Qt.AlignmentFlag.AlignVCenter, text)
            y += height + 3
        painter.restore()
        return y - top_left.y()

    def paint_scale_bar(self, painter: QPainter, top_left: QPointF, width: float,
                        k: float, exact_scale: int | None) -> float:
        """A bar of a round number of metres and the 1:N scale; returns the height used."""
        metres = nice_length(width / k)
        x, y = top_left.x(), top_left.y()
        painter.save()
        painter.setFont(font(8, bold=True))
        painter.setPen(INK)
        denominator = exact_scale or scale_denominator(k)
        scale = _("Scale 1:{scale:,}") if exact_scale else _("Scale about 1:{scale:,}")
        painter.drawText(QPointF(x, y + 8), scale.format(scale=_round_scale(denominator)))
        y += 13
        y += renderer.paint_scale_bar(painter, QPointF(x, y), metres, metres * k, self.look)
        painter.setFont(font(6.5))
        painter.setPen(INK)
        painter.drawText(QRectF(x, y + 1, width, 9), Qt.AlignmentFlag.AlignLeft,
                         _("squares of {square_m:g} m, grid {grid_m:g} m; north up").format(
            square_m=SQUARE_M, grid_m=GRID_M))
        painter.restore()
        return y + 11 - top_left.y()


def _round_scale(denominator: float) -> int:
    """A fitted scale rounded to 3 significant figures (1:1,234.7 -> 1:1,230)."""
    if denominator <= 0:
        return 0
    digits = max(0, int(math.floor(math.log10(denominator))) - 2)
    return int(round(denominator / 10 ** digits) * 10 ** digits)


def paper_legend_text(text: str) -> str:
    """A legend's meaning without the words on how it looks (the swatch shows that):
    "Collapsed (hatched, red plate and ring): rubble" -> "Collapsed: rubble"."""
    head, colon, tail = text.partition(": ")
    if colon and " (" in head and ")" in head:
        head = head[:head.index(" (")]
    return head + colon + tail


def _wrap(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width``."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
