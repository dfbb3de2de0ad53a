"""Universal VTT battle maps (.dd2vtt, .df2vtt, .uvtt): ``read`` takes a file in (the JSON and
its picture) and ``build`` makes the siege of what was read; ``write`` writes a siege out as a
map for a virtual tabletop (its picture rendered by ``report``)."""

from siegeboard.persist.formats.uvtt.read import (
    IMAGE_SUFFIXES,
    MAX_FILE_BYTES,
    MAX_ITEMS,
    SUFFIXES,
    Portal,
    Steps,
    UvttFormat,
    WallMap,
    build_siege,
)

__all__ = ["IMAGE_SUFFIXES", "MAX_FILE_BYTES", "MAX_ITEMS", "SUFFIXES", "Portal", "Steps",
           "UvttFormat", "WallMap", "build_siege"]
