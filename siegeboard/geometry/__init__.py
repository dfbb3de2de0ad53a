"""Geometry of the board (shapely): footprints, 10 m squares, wall sections, spatial index."""

from siegeboard.geometry.footprint import (
    GRID_M,
    as_polygon,
    footprint_area,
    footprint_distance,
    footprint_squares,
    holes_of,
    shape_of,
    squares_of_area,
)
from siegeboard.geometry.index import StructureIndex
from siegeboard.geometry.squares import (
    SQUARE_M,
    anchor_square,
    column_letters,
    label_at,
    label_of,
    labelled_square,
    square_box,
    square_label,
    square_of,
    squares_away,
    squares_overlapped,
    squares_overlapped_many,
)
from siegeboard.geometry.walls import WallSection, wall_sections

__all__ = [
    "GRID_M", "SQUARE_M", "StructureIndex", "WallSection", "anchor_square", "as_polygon",
    "column_letters", "label_of", "labelled_square", "holes_of", "shape_of",
    "footprint_area", "footprint_distance", "footprint_squares", "label_at", "square_box",
    "square_label", "square_of", "squares_away", "squares_overlapped", "squares_overlapped_many",
    "squares_of_area", "wall_sections",
]
