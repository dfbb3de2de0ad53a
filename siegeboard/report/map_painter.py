"""Paints one region of the siege map into a frame on a page: plan, grid, squares, structures,
fire and batteries. Also the legend and the scale bar that explain it.

Page units are points (1/72 inch); the painter's transform maps them to the device. Map units
are metres, x east, y south. Nothing here decides a rule: it draws stored state.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF, QTransform,
)

from siegeboard.geometry import GRID_M, SQUARE_M, StructureIndex, column_letters, square_label
from siegeboard.model.siege import Siege
from siegeboard.report import palette
from siegeboard.report.extent import Plan
from siegeboard.report.options import Bounds, SnapshotOptions
from siegeboard.report.sheets import POINTS_PER_MM
from siegeboard.report.state_style import (
    FIRE_COLOUR, PATTERNS, Pattern, StateLook, grey, legend_states, look, state_fill,
)

INK = QColor("#1b1b1b")
FAINT_INK = QColor("#555555")
PLAN_OPACITY = 0.55
LABEL_MIN_SQUARE_PT = 45  # a 10 m square this big on paper gets its label inside it
FINE_GRID_MIN_PT = 4  # the 2 m grid is drawn when its cells are at least this big


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
        self._index: StructureIndex | None = None
        self._looks: dict[str, StateLook] = {}

    def ink(self, colour: QColor) -> QColor:
        return grey(colour) if self.options.greyscale else colour

    @property
    def index(self) -> StructureIndex:
        if self._index is None:
            self._index = StructureIndex.for_structures(self.siege.structures)
        return self._index

    def look_of(self, structure_id: str) -> StateLook:
        if structure_id not in self._looks:
            self._looks[structure_id] = look(
                self.siege.structures[structure_id], self.siege.ruleset,
                players=self.options.players, greyscale=self.options.greyscale)
        return self._looks[structure_id]

    # -- the map itself ---------------------------------------------------------------------

    def paint(self, painter: QPainter, frame: QRectF, region: Bounds) -> None:
        """Draw ``region`` (metres) into ``frame`` (points); the aspect ratios must match."""
        minx, miny, maxx, maxy = region
        k = frame.width() / (maxx - minx)
        to_page = QTransform(k, 0, 0, k, frame.left() - minx * k, frame.top() - miny * k)
        painter.save()
        painter.setClipRect(frame)
        painter.fillRect(frame, Qt.GlobalColor.white)
        self._paint_plan(painter, to_page, region)
        self._paint_grid(painter, frame, region, k)
        visible = self.index.in_bounds(region) if self.siege.structures else []
        badges: list[tuple[QPointF, str]] = []
        for structure_id in visible:
            badges.extend(self._paint_structure(painter, structure_id, to_page, k))
        for point, text in badges:
            self.paint_fire_badge(painter, point, text)
        self._paint_batteries(painter, to_page, region, frame)
        painter.restore()
        painter.save()
        painter.setPen(QPen(INK, 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(frame)
        painter.restore()
        self._paint_square_labels(painter, frame, region, k)

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
        """Column letters above the frame and row numbers left of it; inside each square too
        when squares are big enough on paper."""
        minx, miny, maxx, maxy = region
        ox, oy = self.siege.grid_origin
        size = SQUARE_M * k
        text_size = min(8.0, max(5.0, size * 0.45))
        painter.save()
        painter.setFont(font(text_size))
        painter.setPen(self.ink(palette.GRID_LABEL))
        every = max(1, math.ceil(14 / size))  # skip labels that would overlap
        for column, west in self._square_edges(minx, maxx, ox):
            if column % every:
                continue
            left = frame.left() + (max(west, minx) - minx) * k
            right = frame.left() + (min(west + SQUARE_M, maxx) - minx) * k
            if right - left < size * 0.4:
                continue
            painter.drawText(QRectF(left, frame.top() - 12, right - left, 11),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                             column_letters(column))
        for row, north in self._square_edges(miny, maxy, oy):
            if row % every:
                continue
            top = frame.top() + (max(north, miny) - miny) * k
            bottom = frame.top() + (min(north + SQUARE_M, maxy) - miny) * k
            if bottom - top < size * 0.4:
                continue
            label = square_label((0, row))[1:]  # the row part of "A7"
            painter.drawText(QRectF(frame.left() - 16, top, 14, bottom - top),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        if size >= LABEL_MIN_SQUARE_PT:
            painter.setClipRect(frame)
            painter.setFont(font(5.5))
            painter.setPen(self.ink(QColor(20, 20, 20, 140)))
            for column, west in self._square_edges(minx, maxx, ox):
                for row, north in self._square_edges(miny, maxy, oy):
                    x = frame.left() + (west - minx) * k
                    y = frame.top() + (north - miny) * k
                    painter.drawText(QPointF(x + 1.5, y + 6.5), square_label((column, row)))
        painter.restore()

    def _paint_structure(self, painter: QPainter, structure_id: str, to_page: QTransform,
                         k: float) -> list[tuple[QPointF, str]]:
        structure = self.siege.structures[structure_id]
        state = self.look_of(structure_id)
        polygon = to_page.map(QPolygonF([QPointF(x, y) for x, y in structure.footprint]))
        path = QPainterPath()
        path.addPolygon(polygon)
        path.closeSubpath()
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(state.fill)
        painter.drawPath(path)
        if state.pattern != "none":
            paint_pattern(painter, path, state.pattern, self.ink(INK))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        outline = QPen(self.ink(FIRE_COLOUR) if state.fire else INK, 1.4 if state.fire else 0.6)
        outline.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(outline)
        painter.drawPath(path)
        painter.restore()
        bounds = polygon.boundingRect()
        name_height = self._paint_name(painter, structure.name, bounds, state.fill)
        if state.fire:
            # Below the name when the name is across the middle, else on the centre.
            below = name_height / 2 + 5.5 if name_height else 0.0
            return [(QPointF(bounds.center().x(), bounds.center().y() + below), state.fire)]
        return []

    def _paint_name(self, painter: QPainter, name: str, bounds: QRectF, fill: QColor) -> float:
        """The structure's name inside its box when it fits (else the table names it), along
        the long side of a narrow one; white on a dark fill. Returns the height of a name drawn
        across the middle, else 0."""
        size = max(5.5, min(9.0, min(bounds.width(), bounds.height()) * 0.3))
        while True:  # the largest size that fits across, down to 5.5 pt
            metrics = QFontMetricsF(font(size))
            across = (metrics.horizontalAdvance(name) + 2 <= bounds.width()
                      and metrics.height() <= bounds.height())
            if across or size <= 5.5:
                break
            size = max(5.5, size - 0.5)
        upright = (not across and bounds.height() > bounds.width() * 2
                   and metrics.horizontalAdvance(name) + 2 <= bounds.height()
                   and metrics.height() <= bounds.width())
        if not (across or upright):
            return 0.0
        painter.save()
        painter.setFont(font(size))
        painter.setPen(QColor("white") if grey(fill).red() < 110 else INK)
        if upright:
            painter.translate(bounds.center())
            painter.rotate(-90)
            bounds = QRectF(-bounds.height() / 2, -bounds.width() / 2, bounds.height(),
                            bounds.width())
        painter.drawText(bounds, Qt.AlignmentFlag.AlignCenter, name)
        painter.restore()
        return metrics.height() if across else 0.0

    def paint_fire_badge(self, painter: QPainter, centre: QPointF, text: str) -> None:
        """A dark badge with the fire's label, readable in greyscale too."""
        badge_font = font(6.5, bold=True)
        width = QFontMetricsF(badge_font).horizontalAdvance(text) + 10
        rect = QRectF(centre.x() - width / 2, centre.y() - 4.5, width, 9)
        painter.save()
        painter.setPen(QPen(self.ink(FIRE_COLOUR), 0.8))
        painter.setBrush(palette.FIRE_BADGE)
        painter.drawRoundedRect(rect, 2, 2)
        flame = QPainterPath()
        fx, fy = rect.left() + 4, rect.center().y()
        flame.moveTo(fx, fy + 3)
        flame.cubicTo(fx - 2.5, fy + 1, fx - 1, fy - 2, fx, fy - 3.5)
        flame.cubicTo(fx + 1, fy - 2, fx + 2.5, fy + 1, fx, fy + 3)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.ink(palette.FIRE_TEXT))
        painter.drawPath(flame)
        painter.setFont(badge_font)
        painter.setPen(QColor("#ffffff") if self.options.greyscale else palette.FIRE_TEXT)
        painter.drawText(rect.adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def _paint_batteries(self, painter: QPainter, to_page: QTransform, region: Bounds,
                         frame: QRectF) -> None:
        minx, miny, maxx, maxy = region
        for battery in self.siege.batteries.values():
            x, y = battery.position
            if not (minx - 20 <= x <= maxx + 20 and miny - 20 <= y <= maxy + 20):
                continue
            point = to_page.map(QPointF(x, y))
            weapon = self.siege.weapons.get(battery.weapon_id)
            label = battery.name + (f": {weapon.name}" if weapon else "")
            paint_battery_symbol(painter, point, battery.side, self.options.greyscale)
            painter.save()
            painter.setFont(font(6.5, bold=True))
            box = self._label_box(point, QFontMetricsF(painter.font()).horizontalAdvance(label) + 4,
                                  to_page, frame)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 210))
            painter.drawRect(box)
            painter.setPen(INK)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
            painter.restore()

    def _label_box(self, point: QPointF, width: float, to_page: QTransform,
                   frame: QRectF) -> QRectF:
        """A battery label's box beside ``point`` (right, left, above, below, then above or
        below running right): of those on the sheet, the one that covers the least of the
        structures, the earliest of equals."""
        height = 10.0
        candidates = [QRectF(point.x() + 6, point.y() - height / 2, width, height),
                      QRectF(point.x() - 6 - width, point.y() - height / 2, width, height),
                      QRectF(point.x() - width / 2, point.y() - 8 - height, width, height),
                      QRectF(point.x() - width / 2, point.y() + 8, width, height),
                      QRectF(point.x() - 4, point.y() - 8 - height, width, height),
                      QRectF(point.x() - 4, point.y() + 8, width, height)]
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
        """The legend's rows from ``top_left``; returns the height used."""
        ruleset, players = self.siege.ruleset, self.options.players
        x, y = top_left.x(), top_left.y()
        painter.save()
        painter.setFont(font(8, bold=True))
        painter.setPen(INK)
        painter.drawText(QPointF(x, y + 8), "Legend")
        y += 14
        painter.setFont(font(7))
        for state, fraction in legend_states(ruleset, players):
            swatch = QRectF(x, y, 18, 11)
            path = QPainterPath()
            path.addRect(swatch)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(state_fill(state, fraction, self.options.greyscale))
            painter.drawPath(path)
            if PATTERNS[state] != "none":
                paint_pattern(painter, path, PATTERNS[state], self.ink(INK))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(INK, 0.6))
            painter.drawRect(swatch)
            painter.drawText(QRectF(x + 24, y, width - 24, 11), Qt.AlignmentFlag.AlignVCenter,
                             _legend_text(state, ruleset, players))
            y += 15
        if not players:
            y += self._paint_ramp(painter, QPointF(x, y), width)
        if players or ruleset == "armory":
            badge, fire_text = "Fire", "burning"
        else:
            badge, fire_text = "F3", "fire level 3 (! out of control)"
        self.paint_fire_badge(painter, QPointF(x + 11, y + 5.5), badge)
        painter.setPen(INK)
        painter.setFont(font(7))
        painter.drawText(QRectF(x + 24, y, width - 24, 11), Qt.AlignmentFlag.AlignVCenter,
                         fire_text)
        y += 15
        for side, text in (("besieger", "besieging battery"), ("defender", "defending battery")):
            paint_battery_symbol(painter, QPointF(x + 9, y + 5.5), side, self.options.greyscale)
            painter.setPen(INK)
            painter.drawText(QRectF(x + 24, y, width - 24, 11), Qt.AlignmentFlag.AlignVCenter,
                             text)
            y += 15
        painter.restore()
        return y - top_left.y()

    def _paint_ramp(self, painter: QPainter, top_left: QPointF, width: float) -> float:
        """The fill scale from nothing left to untouched; returns the height used."""
        x, y = top_left.x(), top_left.y()
        steps, ramp_w = 20, min(width - 10, 110.0)
        for step in range(steps):
            fraction = step / (steps - 1)
            painter.fillRect(QRectF(x + step * ramp_w / steps, y, ramp_w / steps + 0.2, 7),
                             state_fill("damaged", fraction, self.options.greyscale))
        painter.setPen(QPen(INK, 0.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(x, y, ramp_w, 7))
        painter.setFont(font(6.5))
        what = "Hull left" if self.siege.ruleset == "armory" else "DP left"
        painter.drawText(QRectF(x, y + 8, ramp_w, 9), Qt.AlignmentFlag.AlignLeft, "0")
        painter.drawText(QRectF(x, y + 8, ramp_w, 9), Qt.AlignmentFlag.AlignRight,
                         f"100% {what}")
        painter.setFont(font(7))
        return 21

    def paint_scale_bar(self, painter: QPainter, top_left: QPointF, width: float,
                        k: float, exact_scale: int | None) -> float:
        """A bar of a round number of metres and the 1:N scale; returns the height used."""
        metres = nice_length(width / k)
        length = metres * k
        x, y = top_left.x(), top_left.y()
        painter.save()
        painter.setFont(font(8, bold=True))
        painter.setPen(INK)
        denominator = exact_scale or scale_denominator(k)
        prefix = "" if exact_scale else "about "
        painter.drawText(QPointF(x, y + 8), f"Scale {prefix}1:{_round_scale(denominator):,}")
        y += 13
        segments = 4 if metres % 4 == 0 or metres >= 20 else 2
        painter.setPen(QPen(INK, 0.5))
        for i in range(segments):
            painter.setBrush(INK if i % 2 == 0 else QColor("white"))
            painter.drawRect(QRectF(x + i * length / segments, y, length / segments, 4))
        painter.setFont(font(6.5))
        for i in (0, segments):
            value = metres * i / segments
            text = f"{value:g} m" if i else "0"
            px = x + i * length / segments
            painter.drawText(QRectF(px - 20, y + 5, 40, 9), Qt.AlignmentFlag.AlignHCenter, text)
        painter.drawText(QRectF(x, y + 15, width, 9), Qt.AlignmentFlag.AlignLeft,
                         f"squares of {SQUARE_M:g} m, grid {GRID_M:g} m; north up")
        painter.restore()
        return y + 26 - top_left.y()


def _round_scale(denominator: float) -> int:
    """A fitted scale rounded to 3 significant figures (1:1,234.7 -> 1:1,230)."""
    if denominator <= 0:
        return 0
    digits = max(0, int(math.floor(math.log10(denominator))) - 2)
    return int(round(denominator / 10 ** digits) * 10 ** digits)


def _legend_text(state: str, ruleset: str, players: bool) -> str:
    if players:
        return state
    if ruleset == "armory":
        return {"intact": "intact (Hull under half)", "cracked": "Cracked (Armor -1)",
                "breached": "Breached"}[state]
    return {"intact": "intact (full DP)", "damaged": "damaged (shade: DP left)",
            "collapsed": "collapsed (rubble)", "cleared": "cleared (DP 0)"}[state]


def nice_length(at_most: float) -> float:
    """The largest 1, 2 or 5 x 10^n metres not above ``at_most``."""
    if at_most <= 0:
        raise ValueError(f"scale bar: no room ({at_most} m)")
    power = 10 ** math.floor(math.log10(at_most))
    for step in (5, 2, 1):
        if step * power <= at_most:
            return step * power
    return power


def paint_pattern(painter: QPainter, path: QPainterPath, pattern: Pattern, colour: QColor) -> None:
    """Lay ``pattern`` inside ``path`` in page points, so it prints the same at any resolution."""
    box = path.boundingRect()
    painter.save()
    painter.setClipPath(path, Qt.ClipOperation.IntersectClip)
    if pattern == "dots":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        step = 3.0
        dots = []
        row = 0
        y = box.top() + step / 2
        while y < box.bottom():
            x = box.left() + (step / 2 if row % 2 else 0)
            while x < box.right() + step:
                dots.append(QPointF(x, y))
                x += step
            y += step
            row += 1
        pen = QPen(colour, 0.9)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPoints(dots)
    else:
        painter.setPen(QPen(colour, 0.45))
        step = 3.0 if pattern == "hatch" else 3.5
        lines = _diagonals(box, step, rising=True)
        if pattern == "crosshatch":
            lines += _diagonals(box, step, rising=False)
        painter.drawLines(lines)
    painter.restore()


def _diagonals(box: QRectF, step: float, *, rising: bool) -> list[QLineF]:
    lines = []
    span = box.width() + box.height()
    offset = 0.0
    while offset <= span:
        if rising:
            lines.append(QLineF(box.left() + offset, box.bottom(), box.left() + offset - box.height(),
                                box.top()))
        else:
            lines.append(QLineF(box.left() + offset - box.height(), box.bottom(),
                                box.left() + offset, box.top()))
        offset += step
    return lines


def paint_battery_symbol(painter: QPainter, point: QPointF, side: str, greyscale: bool) -> None:
    """A triangle for a besieging battery, a square for a defending one."""
    painter.save()
    painter.setPen(QPen(QColor("white"), 0.8))
    painter.setBrush(QColor("#111111") if side == "besieger" or greyscale else QColor("#004c80"))
    if side == "besieger":
        painter.drawPolygon(QPolygonF([QPointF(point.x(), point.y() - 5),
                                       QPointF(point.x() + 4.5, point.y() + 3.5),
                                       QPointF(point.x() - 4.5, point.y() + 3.5)]))
    else:
        painter.drawRect(QRectF(point.x() - 4, point.y() - 4, 8, 8))
    painter.restore()

