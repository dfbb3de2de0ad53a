"""Universal VTT battle maps (.dd2vtt, .df2vtt, .uvtt): ``read`` takes a file in (the JSON and
its picture, checked within bounds) and ``build`` makes the siege of what was read (Foundry VTT
scenes are built by it too) from a ``wall_map.WallMap``; ``write`` writes a siege out as a map
for a virtual tabletop (its picture rendered by ``report``)."""

from siegeboard.persist.formats.uvtt.build import build_siege
from siegeboard.persist.formats.uvtt.read import (
    IMAGE_SUFFIXES,
    MAX_FILE_BYTES,
    MAX_ITEMS,
    SUFFIXES,
    UvttFormat,
)
from siegeboard.persist.formats.uvtt.wall_map import Portal, Steps, WallMap

__all__ = ["IMAGE_SUFFIXES", "MAX_FILE_BYTES", "MAX_ITEMS", "SUFFIXES", "Portal", "Steps",
           "UvttFormat", "WallMap", "build_siege"]
