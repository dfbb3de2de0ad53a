"""The map as it stands, to a Universal VTT file: the picture rendered here (Qt), the file
written by ``persist.formats.uvtt_write`` (Qt-free), the two joined by ``export_vtt``.

The picture is the map alone, no page furniture (no header, legend or scale bar): the plan,
the grid, the structures in their states (rubble, breaches, fire) and the batteries, in the
GM's look or the players' (``rules.players_view`` decides what they may see), over the box
holding the plan and every structure, grown to whole 10 m squares of the siege's grid, so the
file's cells are the siege's 2 m cells.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from siegeboard.geometry import GRID_M
from siegeboard.model.siege import Siege
from siegeboard.persist.formats.uvtt_write import write_uvtt
from siegeboard.persist.siege_file import SiegeFile, SiegeFileError
from siegeboard.report.bounds import content_bounds, plan_size, snap_to_squares
from siegeboard.report.extent import load_plan
from siegeboard.report.map_painter import MapPainter
from siegeboard.report.options import Bounds, SnapshotOptions
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.players_view import Side, players_siege

DEFAULT_PIXELS_PER_GRID = 70  # Roll20's and many VTTs' square; Dungeondraft offers it too
POINTS_PER_CELL = 24.0
MAX_PICTURE_PX = 16_384  # a side; browsers and VTTs refuse bigger textures


def map_frame(siege: Siege, images: dict[str, bytes]) -> Bounds:
    """The box the picture covers: the plan and every structure and battery, grown to whole
    10 m squares of the grid (so to whole 2 m cells too)."""
    return snap_to_squares(content_bounds(siege, plan_size(siege, images)), siege.grid_origin)


def render_map_png(siege: Siege, images: dict[str, bytes], frame: Bounds,
                   pixels_per_metre: float, *, players: bool = False) -> bytes:
    """``frame`` (metres) of the map as it stands, as PNG bytes at ``pixels_per_metre``:
    drawn by the one renderer (``MapPainter``) in the GM's or the players' look."""
    ensure_gui_app()
    minx, miny, maxx, maxy = frame
    width = round((maxx - minx) * pixels_per_metre)
    height = round((maxy - miny) * pixels_per_metre)
    if not (1 <= width <= MAX_PICTURE_PX and 1 <= height <= MAX_PICTURE_PX):
        raise SiegeFileError(f"the picture would be {width:,} x {height:,} px; at most "
                             f"{MAX_PICTURE_PX:,} a side: choose fewer pixels a grid cell")
    try:
        plan = load_plan(siege, images)
    except ValueError as error:
        raise SiegeFileError(str(error)) from None
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        options = SnapshotOptions(copy="players" if players else "gm")
        # The renderer's sizes are in page points: one point this many pixels keeps names,
        # plates and badges legible at the table's zoom (about a 20 pt square a cell).
        points = max(1.0, pixels_per_metre * GRID_M / POINTS_PER_CELL)
        painter.scale(points, points)
        MapPainter(siege, plan, options).paint(
            painter, QRectF(0, 0, width / points, height / points), frame)
    finally:
        painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data)


def export_vtt(path: str | Path, siege_file: SiegeFile, *,
               pixels_per_grid: int = DEFAULT_PIXELS_PER_GRID, players: bool = False,
               side: Side | None = None) -> Path:
    """Write the siege as it stands to ``path`` as a Universal VTT map; return the path.
    ``players``: the players' look and only what they of ``side`` may see (walls, doors and
    fires are in plain sight either way). ``SiegeFileError`` in plain words on failure."""
    if isinstance(pixels_per_grid, bool) or not 8 <= pixels_per_grid <= 1024:
        raise SiegeFileError(f"the pixels a grid cell must be from 8 to 1,024, not "
                             f"{pixels_per_grid}")
    siege = siege_file.siege
    if players:
        siege = players_siege(siege, side)
    frame = map_frame(siege, siege_file.images)
    picture = render_map_png(siege, siege_file.images, frame, pixels_per_grid / GRID_M,
                             players=players)
    return write_uvtt(path, siege, picture, frame, pixels_per_grid)
