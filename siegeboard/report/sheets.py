"""Which part of the map goes on which page: one fitted sheet, or tiles at a chosen scale.

Pure arithmetic in points and metres, no Qt. A tiled map overlaps its neighbours by
``overlap_mm`` of paper so sheets can be trimmed and taped together along the marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from siegeboard.report.options import Bounds

POINTS_PER_MM = 72 / 25.4


def points_per_metre(denominator: int) -> float:
    """The points of paper a metre takes at 1:``denominator``."""
    return 1000 / denominator * POINTS_PER_MM


@dataclass(frozen=True)
class MapSheet:
    """One page of map: its region in metres, the scale and where it sits among the tiles.

    ``scale`` is the exact 1:N when the GM chose one, else None (fitted; ``points_per_metre``
    holds the actual scale). ``overlap_m``: how far this tile runs into its neighbours.
    """

    region: Bounds
    points_per_metre: float
    scale: int | None
    row: int = 0
    column: int = 0
    rows: int = 1
    columns: int = 1
    overlap_m: float = 0.0
    left_out: frozenset[int] = frozenset()  # numbers of the tiles not printed (empty ones)

    @property
    def tiled(self) -> bool:
        return self.rows * self.columns > 1

    @property
    def number(self) -> int:
        """1-based sheet number, reading row by row."""
        return self.row * self.columns + self.column + 1

    def neighbour_number(self, d_row: int, d_column: int) -> int | None:
        row, column = self.row + d_row, self.column + d_column
        if 0 <= row < self.rows and 0 <= column < self.columns:
            number = row * self.columns + column + 1
            return None if number in self.left_out else number
        return None


def fit_sheet(region: Bounds, frame_w: float, frame_h: float) -> MapSheet:
    """``region`` fitted whole into a frame of ``frame_w`` x ``frame_h`` points, centred and
    grown to the frame's shape so the scale is the same both ways."""
    _check_frame(frame_w, frame_h)
    minx, miny, maxx, maxy = region
    k = min(frame_w / (maxx - minx), frame_h / (maxy - miny))
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    half_w, half_h = frame_w / k / 2, frame_h / k / 2
    return MapSheet(region=(cx - half_w, cy - half_h, cx + half_w, cy + half_h),
                    points_per_metre=k, scale=None)


def tile_sheets(region: Bounds, frame_w: float, frame_h: float, scale: int,
                overlap_mm: float) -> list[MapSheet]:
    """``region`` at 1:``scale`` cut into frames of ``frame_w`` x ``frame_h`` points, row by row,
    each overlapping the next by ``overlap_mm`` of paper."""
    _check_frame(frame_w, frame_h)
    if scale < 1:
        raise ValueError(f"scale: 1:{scale} is not a map scale")
    k = points_per_metre(scale)
    tile_w, tile_h = frame_w / k, frame_h / k
    overlap = min(overlap_mm * scale / 1000, tile_w / 2, tile_h / 2)
    minx, miny, maxx, maxy = region
    columns = _count(maxx - minx, tile_w, overlap)
    rows = _count(maxy - miny, tile_h, overlap)
    # Sheet 1 starts at the region's north-west corner (A1 of a plan drawn from the origin):
    # the spare paper of the last row and column lies beyond the region, east and south.
    x0, y0 = minx, miny
    sheets = []
    for row in range(rows):
        for column in range(columns):
            left = x0 + column * (tile_w - overlap)
            top = y0 + row * (tile_h - overlap)
            sheets.append(MapSheet(region=(left, top, left + tile_w, top + tile_h),
                                   points_per_metre=k, scale=scale, row=row, column=column,
                                   rows=rows, columns=columns, overlap_m=overlap))
    return sheets


def _overlaps(a: Bounds, b: Bounds) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def sheets_with(sheets: list[MapSheet], things: list[Bounds]) -> list[MapSheet]:
    """The tiles that show some of ``things`` (the boxes of the fortress's structures and
    batteries), each told which tiles were left out; all of them when nothing would be
    left, or when there are no things at all. Tiles keep their numbers, so the sheet key and
    the overlap marks still say where each one goes."""
    if not things or len(sheets) <= 1:
        return sheets
    kept = [sheet for sheet in sheets if any(_overlaps(sheet.region, box) for box in things)]
    if not kept or len(kept) == len(sheets):
        return sheets
    left_out = frozenset(sheet.number for sheet in sheets if sheet not in kept)
    return [replace(sheet, left_out=left_out) for sheet in kept]


def _count(length: float, tile: float, overlap: float) -> int:
    if length <= tile:
        return 1
    return math.ceil((length - overlap) / (tile - overlap) - 1e-9)


def _check_frame(frame_w: float, frame_h: float) -> None:
    if frame_w <= 0 or frame_h <= 0:
        raise ValueError(f"the page has no room for the map ({frame_w:.0f} x {frame_h:.0f} pt); "
                         "choose a larger paper size")
