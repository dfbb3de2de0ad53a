"""What a map of walls in grid cells holds once read (``WallMap``: its origin, size, wall
lines, object outlines and portals), as ``read`` and ``foundry`` give it to ``build``, with
the bounds and tolerances both sides use.
"""

from __future__ import annotations

from dataclasses import dataclass

from siegeboard.model import bounds
from siegeboard.persist.formats.base import (
    Progress,
)

MAX_POINTS = bounds.CORNERS_MAX  # R4: a wall polyline or a footprint has at most 10,000 corners
MAX_SPAN_M = bounds.SPAN_M  # R4: a siege spans at most 100 km

MIN_AREA_M2 = bounds.AREA_MIN_M2  # R4: a sixteenth of a 2 m grid cell
MEET = 1e-3  # cells: files write six decimals; ends this close are one point
CUT = 0.02  # cells: a wall this close along a door runs through it
SET_IN = 0.35  # cells: a freestanding door this close beside a wall line stands in it

Cells = tuple[float, float]


@dataclass
class Portal:
    number: int
    start: Cells
    end: Cells
    closed: bool


@dataclass
class WallMap:
    """What a file holds, read and checked; a line or portal left out (reported) is None."""

    origin: Cells
    size: Cells | None
    pixels_per_grid: float
    lines: list[list[Cells] | None]
    objects: list[list[Cells] | None]
    portals: list[Portal | None]
    image: str | None


class Steps:
    """Calls ``progress(done, total)`` one step at a time; whatever it raises goes on up."""

    def __init__(self, progress: Progress | None, total: int):
        self.progress, self.total, self.done = progress, total, 0

    def __call__(self) -> None:
        self.done = min(self.done + 1, self.total)
        if self.progress is not None:
            self.progress(self.done, self.total)

    def skip_to_last(self) -> None:
        """Skip what was counted but not made (lines left out, open portals): one step left."""
        self.done = max(self.done, self.total - 1)


# --------------------------------------------------------------------------- the structures


def counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
