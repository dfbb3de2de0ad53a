"""The map as it stands, as a picture with no page furniture (no header, legend or scale
bar): the plan, the grid, the structures in their states and the batteries, drawn by the one
renderer (``MapPainter``) in the GM's or the players' look. For the Universal VTT export and
the siege's story (GIF frames, PDF pages)."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from siegeboard.geometry import GRID_M
from siegeboard.model.siege import Siege
from siegeboard.report.bounds import content_bounds, plan_size, snap_to_squares
from siegeboard.report.extent import Plan
from siegeboard.report.map_painter import MapPainter
from siegeboard.report.options import Bounds, SnapshotOptions

# The renderer's sizes are in page points: one point this many pixels a 2 m cell over 24
# keeps names, plates and badges legible at a table's zoom.
POINTS_PER_CELL = 24.0
MAX_PICTURE_PX = 16_384  # a side; browsers and VTTs refuse bigger textures


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
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data)
