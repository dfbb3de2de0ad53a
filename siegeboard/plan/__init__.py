"""The scanned plan as pixels (numpy, OpenCV's headless build; no Qt): tracing a building's
outline from a click, finding a printed grid, and the plan's pixel <-> metre transform."""

from siegeboard.plan.calibration import Calibration, map_to_pixel, pixel_to_map, snap_points
from siegeboard.plan.grid import FoundGrid, find_grid
from siegeboard.plan.image import decode_plan, read_plan
from siegeboard.plan.tracing import (
    DEFAULT_TOLERANCE,
    TOLERANCE_RANGE,
    NothingToTrace,
    Outline,
    Region,
    colour_at,
    colour_hex,
    legend_entry_for,
    outline_of,
    regions_of_colour,
    trace,
    trace_box,
    trace_region,
)

__all__ = [
    "Calibration", "DEFAULT_TOLERANCE", "FoundGrid", "NothingToTrace", "Outline", "Region",
    "TOLERANCE_RANGE", "colour_at", "colour_hex", "legend_entry_for", "decode_plan",
    "find_grid", "map_to_pixel", "outline_of", "pixel_to_map",
    "read_plan", "regions_of_colour", "snap_points", "trace", "trace_box", "trace_region",
]
