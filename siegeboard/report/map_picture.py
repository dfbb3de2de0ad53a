"""The map as it stands, as a picture with no page furniture (no header, legend or scale bar).

Two looks:

- ``"board"`` (``map_image``): the plan, the grid, the structures in their states and the
  batteries, drawn by the one renderer (``MapPainter``) in the GM's or the players' look, as
  on the board. For the siege's story (GIF frames, PDF pages) and a VTT export that asks.
- ``"map"`` (``battle_map_image``): a battle map, as a virtual tabletop shows it under the
  tokens: the plan as it is, and over it the damage as a map would draw it (rubble where a
  wall is breached or a building has fallen, scorch where fire has burned, flames where it
  burns now); no state fills, names, plates, batteries, grid or square labels, and no margin
  beyond the plan (``vtt_frame``). With no plan the standing structures are drawn too, in
  a map's colours (stone, roofs, timber). The data's attribution sits in a corner.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QRadialGradient,
)

from siegeboard.geometry import GRID_M
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.report.bounds import content_bounds, plan_corners, plan_size, snap_to_squares
from siegeboard.report.extent import Plan
from siegeboard.report.map_painter import MapPainter
from siegeboard.report.options import Bounds, SnapshotOptions

# The renderer's sizes are in page points: one point this many pixels a 2 m cell over 24
# keeps names, plates and badges legible at a table's zoom.
POINTS_PER_CELL = 24.0
MAX_PICTURE_PX = 16_384  # a side; browsers and VTTs refuse bigger textures
LOOKS = ("map", "board")
LOOK_WORDS = {"map": "Battle map (the plan and its damage)",
              "board": "The board (states, names, grid)"}
GROUND = QColor("#cdbf9c")  # open ground where there is no plan
CLEARED_GROUND = QColor("#b7a983")
MAP_INK = QColor("#2e2a24")
KIND_COLOURS = (  # a map's colours for standing structures where no plan shows them
    (("wall", "tower", "bastion", "keep", "rampart", "gatehouse", "castle"), "#9a9488"),
    (("gate", "door"), "#6e4b2a"),
    (("bridge",), "#a79f8d"),
    (("camp", "tent"), "#c9b27a"),
    (("palisade", "hoarding", "timber", "shed", "tower_siege", "siege"), "#8a6a44"),
)
ROOF = QColor("#9b6a50")
RUBBLE_BASE = QColor(122, 114, 102, 235)
STONES = ("#6f6a62", "#8b857b", "#a39d91", "#5d5850", "#7c766b")
STONES_PER_M2 = 7.0
MOST_STONES = 1500  # a structure's rubble: the stones a picture draws at most
SPILL_M = 0.9  # rubble spills this far past what fell


def map_frame(siege: Siege, images: dict[str, bytes]) -> Bounds:
    """The box a picture covers: the plan and every structure and battery, grown to whole
    10 m squares of the grid (so to whole 2 m cells too)."""
    return snap_to_squares(content_bounds(siege, plan_size(siege, images)), siege.grid_origin)


def picture_size(frame: Bounds, pixels_per_metre: float) -> tuple[int, int]:
    """The picture's width and height in pixels; ``ValueError`` beyond ``MAX_PICTURE_PX``."""
    minx, miny, maxx, maxy = frame
    width = round((maxx - minx) * pixels_per_metre)
    height = round((maxy - miny) * pixels_per_metre)
    if not (1 <= width <= MAX_PICTURE_PX and 1 <= height <= MAX_PICTURE_PX):
        raise ValueError(f"the picture would be {width:,} x {height:,} px; at most "
                         f"{MAX_PICTURE_PX:,} a side: choose fewer pixels")
    return width, height


def map_image(siege: Siege, plan: Plan | None, frame: Bounds, pixels_per_metre: float, *,
              players: bool = False, extra_height: int = 0) -> QImage:
    """``frame`` (metres) of the map at ``pixels_per_metre``, ``extra_height`` white pixels
    left under it (for a caption)."""
    width, height = picture_size(frame, pixels_per_metre)
    image = QImage(width, height + extra_height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        points = max(1.0, pixels_per_metre * GRID_M / POINTS_PER_CELL)
        painter.scale(points, points)
        options = SnapshotOptions(copy="players" if players else "gm")
        MapPainter(siege, plan, options).paint(
            painter, QRectF(0, 0, width / points, height / points), frame)
    finally:
        painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # stubs: bytes; Qt takes str
    buffer.close()
    return bytes(data.data())


# -- the battle-map look ---------------------------------------------------------------------


def plan_bounds(siege: Siege, images: dict[str, bytes]) -> Bounds | None:
    """The box the plan covers (metres); None without a readable plan."""
    size = plan_size(siege, images)
    if size is None or siege.map is None:
        return None
    corners = plan_corners(siege.map, size)
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def vtt_frame(siege: Siege, images: dict[str, bytes], cell_m: float, look: str) -> Bounds:
    """The box a VTT picture covers, in whole cells of ``cell_m`` from its top-left corner.

    The battle map: the plan and nothing beyond it (a structure drawn off the plan is left
    off the picture, as off the plan); with no plan, the structures and one cell round them.
    The board: the board's frame (``map_frame``, whole 10 m squares of the grid)."""
    if look == "board":
        minx, miny, maxx, maxy = map_frame(siege, images)
    else:
        bounds = plan_bounds(siege, images)
        if bounds is None:
            minx, miny, maxx, maxy = content_bounds(siege, None)
            minx, miny, maxx, maxy = minx - cell_m, miny - cell_m, maxx + cell_m, maxy + cell_m
        else:
            minx, miny, maxx, maxy = bounds
    columns = max(1, math.ceil((maxx - minx) / cell_m - 1e-6))
    rows = max(1, math.ceil((maxy - miny) / cell_m - 1e-6))
    return (minx, miny, minx + columns * cell_m, miny + rows * cell_m)


def battle_map_image(siege: Siege, plan: Plan | None, frame: Bounds, pixels_per_metre: float,
                     *, attribution: Sequence[str] = ()) -> QImage:
    """``frame`` (metres) of the siege as a battle map at ``pixels_per_metre`` (see the
    module), ``attribution`` in its bottom-right corner."""
    from siegeboard.rules.registry import ruleset_of

    width, height = picture_size(frame, pixels_per_metre)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(GROUND)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        minx, miny = frame[0], frame[1]
        painter.scale(width / (frame[2] - minx), height / (frame[3] - miny))
        painter.translate(-minx, -miny)
        if plan is not None:
            painter.save()
            painter.setTransform(plan.to_metres, True)
            painter.drawImage(0, 0, plan.image)
            painter.restore()
        rules = ruleset_of(siege)
        box = QRectF(minx, miny, frame[2] - minx, frame[3] - miny)
        for structure in siege.structures.values():
            path = _footprint_path(structure)
            if not path.boundingRect().intersects(box):
                continue
            _paint_on_map(painter, structure, path, rules, plain=plan is None)
        painter.resetTransform()
        paint_attribution(painter, attribution, width, height)
    finally:
        painter.end()
    return image


def _footprint_path(structure: Structure) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)  # a courtyard is open ground
    for ring in [structure.footprint, *structure.holes]:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


def _kind_colour(structure: Structure) -> QColor:
    kind = structure.kind
    for words, colour in KIND_COLOURS:
        if any(word in kind for word in words):
            return QColor(colour)
    return QColor(ROOF)


def _has_burned(structure: Structure) -> bool:
    return bool(structure.hull_burned or structure.burning or structure.fire_level
                or "burn" in " ".join(structure.effects))


def _paint_on_map(painter: QPainter, structure: Structure, path: QPainterPath, rules,
                  plain: bool) -> None:
    """One structure as a map shows it: standing (drawn only where there is no plan),
    rubble where it fell, cleared ground where it was cleared; scorched where fire burned
    it, flames where it burns."""
    state = rules.state(structure)
    fallen = rules.breached(structure)
    seed = zlib.crc32(structure.id.encode("utf-8"))
    ink = QPen(MAP_INK, 0.12)
    ink.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    if structure.cleared:
        painter.fillPath(path, CLEARED_GROUND)
        _paint_stones(painter, path, seed, density=0.15)
    elif fallen:
        painter.fillPath(path, RUBBLE_BASE)
        _paint_stones(painter, path, seed, density=STONES_PER_M2)
    elif plain:
        painter.fillPath(path, _kind_colour(structure))
        painter.setPen(ink)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    if _has_burned(structure) or state.fire:
        _paint_scorch(painter, path)
    if state.fire:
        _paint_flames(painter, path, seed, wild=state.wild_fire)


def _paint_stones(painter: QPainter, path: QPainterPath, seed: int, density: float) -> None:
    """Rubble: stones scattered over ``path`` and spilled a little past it (the same stones
    for the same structure)."""
    stroker = QPainterPathStroker()
    stroker.setWidth(2 * SPILL_M)
    spread = stroker.createStroke(path).united(path) if density >= 1 else path
    bounds = spread.boundingRect()
    area = bounds.width() * bounds.height()
    count = min(MOST_STONES, max(3, round(area * density)))
    chance = random.Random(seed)
    painter.save()
    painter.setPen(QPen(QColor(40, 36, 30, 200), 0.04))
    for _ in range(count):
        x = bounds.left() + chance.random() * bounds.width()
        y = bounds.top() + chance.random() * bounds.height()
        if not spread.contains(QPointF(x, y)):
            continue  # outside the rubble's spread
        radius = 0.12 + chance.random() * 0.33
        corners = 5 + chance.randrange(3)
        turn = chance.random() * math.tau
        stone = QPolygonF([QPointF(x + radius * (0.7 + 0.3 * chance.random())
                                   * math.cos(turn + i * math.tau / corners),
                                   y + radius * (0.7 + 0.3 * chance.random())
                                   * math.sin(turn + i * math.tau / corners))
                           for i in range(corners)])
        painter.setBrush(QColor(STONES[chance.randrange(len(STONES))]))
        painter.drawPolygon(stone)
    painter.restore()


def _paint_scorch(painter: QPainter, path: QPainterPath) -> None:
    """Soot: dark at the heart of what burned, fading to its edges and a little past them."""
    bounds = path.boundingRect()
    radius = max(bounds.width(), bounds.height()) * 0.6 + 1.0
    gradient = QRadialGradient(bounds.center(), radius)
    gradient.setColorAt(0.0, QColor(24, 18, 12, 170))
    gradient.setColorAt(0.7, QColor(30, 22, 14, 110))
    gradient.setColorAt(1.0, QColor(30, 22, 14, 0))
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(gradient))
    painter.drawEllipse(bounds.center(), radius, radius)
    painter.restore()


def _paint_flames(painter: QPainter, path: QPainterPath, seed: int, wild: bool) -> None:
    """Flames over what burns now: a glow and tongues of fire (more when it spreads)."""
    bounds = path.boundingRect()
    centre = bounds.center()
    radius = max(bounds.width(), bounds.height()) * 0.5 + 1.5
    glow = QRadialGradient(centre, radius)
    glow.setColorAt(0.0, QColor(255, 214, 90, 200))
    glow.setColorAt(0.5, QColor(240, 110, 20, 150))
    glow.setColorAt(1.0, QColor(200, 40, 0, 0))
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(glow))
    painter.drawEllipse(centre, radius, radius)
    chance = random.Random(seed ^ 0x5EED)
    tongues = min(60, max(4, round(bounds.width() * bounds.height() / (6 if wild else 10))))
    painter.setClipPath(path, Qt.ClipOperation.IntersectClip)
    for _ in range(tongues):
        x = bounds.left() + chance.random() * bounds.width()
        y = bounds.top() + chance.random() * bounds.height()
        size = 0.5 + chance.random() * 1.1
        tongue = QPainterPath(QPointF(x, y - size * 1.6))
        tongue.quadTo(QPointF(x + size * 0.9, y - size * 0.2), QPointF(x, y + size * 0.5))
        tongue.quadTo(QPointF(x - size * 0.9, y - size * 0.2), QPointF(x, y - size * 1.6))
        painter.fillPath(tongue, QColor(255, 120 + chance.randrange(90), 10, 220))
    painter.restore()


def paint_attribution(painter: QPainter, attribution: Sequence[str], width: int,
                       height: int) -> None:
    """The data's notices, small, in the picture's bottom-right corner on a pale band."""
    text = "; ".join(attribution)
    if not text:
        return
    size = max(10, min(28, round(min(width, height) * 0.018)))
    font = QFont("DejaVu Sans")
    font.setPixelSize(size)
    metrics = QFontMetricsF(font)
    pad = size * 0.35
    room = width - 4 * pad
    shown = metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, room) if (
        metrics.horizontalAdvance(text) > room) else text
    text_width = metrics.horizontalAdvance(shown)
    box = QRectF(width - text_width - 3 * pad, height - metrics.height() - 2 * pad,
                 text_width + 2 * pad, metrics.height() + pad)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 200))
    painter.drawRect(box)
    painter.setFont(font)
    painter.setPen(QColor("#222222"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, shown)
    painter.restore()
