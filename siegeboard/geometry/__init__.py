"""Geometry of the board (shapely): footprints, 10 m squares, wall sections, spatial index."""

from siegeboard.geometry.footprint import (
    GRID_M, as_polygon, footprint_area, footprint_distance, footprint_squares, holes_of, shape_of,
)
from siegeboard.geometry.index import StructureIndex
from siegeboard.geometry.squares import (
    SQUARE_M, column_letters, label_at, square_box, square_label, square_of, squares_away,
    squares_overlapped,
)
from siegeboard.geometry.walls import WallSection, wall_sections

__all__ = [
    "GRID_M", "SQUARE_M", "StructureIndex", "WallSection", "as_polygon", "column_letters",
    "footprint_area", "footprint_distance", "footprint_squares", "holes_of", "label_at",
    "shape_of", "square_box",
    "square_label", "square_of", "squares_away", "squares_overlapped", "wall_sections",
]
