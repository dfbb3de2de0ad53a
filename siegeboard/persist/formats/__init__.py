"""Map formats behind one interface (``MapFormat``: ``name``, ``name_filter``, ``supports``,
``read``, ``write`` where the format has one), and the registry of them.

``FORMATS`` lists every format siegeboard reads: its own .siege, plan images, a PDF's page,
JPEG 2000 plans, Universal VTT, Foundry VTT scenes, OpenStreetMap extracts, GeoJSON.
``format_for(path)`` picks the one that reads a path; ``import_map(path, options, progress)``
reads any of them into a new siege (an ``ImportedMap`` with its ``ImportReport``, or just a
``SiegeFile`` for a .siege); ``import_filters()`` is the file dialog's filter string.
"""

from __future__ import annotations

from pathlib import Path

from siegeboard.persist.formats.base import (
    FIVE_FEET_M,
    IMPORT_DEFAULTS,
    ImportedMap,
    ImportOptions,
    ImportReport,
    MapFormat,
    Progress,
)
from siegeboard.persist.formats.foundry import FoundryFormat
from siegeboard.persist.formats.geojson import GeoJsonFormat
from siegeboard.persist.formats.jpeg2000 import Jpeg2000Format
from siegeboard.persist.formats.osm import OsmFormat
from siegeboard.persist.formats.pdf import PdfFormat
from siegeboard.persist.formats.plan_image import PlanImageFormat
from siegeboard.persist.formats.siege import SiegeFormat
from siegeboard.persist.formats.uvtt import UvttFormat
from siegeboard.persist.siege_file import SiegeFile, SiegeFileError

FORMATS: tuple[MapFormat, ...] = (SiegeFormat(), PlanImageFormat(), PdfFormat(),
                                  Jpeg2000Format(), UvttFormat(), FoundryFormat(), OsmFormat(),
                                  GeoJsonFormat())
# What File > Import offers: everything but siegeboard's own files, which File > Open reads.
IMPORT_FORMATS: tuple[MapFormat, ...] = tuple(f for f in FORMATS if f.name != "siege")

__all__ = [
    "FIVE_FEET_M", "FORMATS", "FoundryFormat", "GeoJsonFormat", "Jpeg2000Format", "PdfFormat",
    "OsmFormat", "IMPORT_DEFAULTS", "IMPORT_FORMATS", "ImportOptions", "ImportReport",
    "ImportedMap", "MapFormat", "PlanImageFormat", "Progress", "SiegeFormat", "UvttFormat",
    "format_for", "import_filters", "import_map",
]


def format_for(path: str | Path, formats: tuple[MapFormat, ...] = FORMATS) -> MapFormat:
    """The format that reads ``path``, or ``SiegeFileError`` naming the ones there are."""
    for candidate in formats:
        if candidate.supports(path):
            return candidate
    known = ", ".join(suffix for f in formats for suffix in f.suffixes)
    raise SiegeFileError(f"{Path(path).name}: siegeboard cannot import this kind of file "
                         f"(it reads {known})")


def import_map(path: str | Path, options: ImportOptions | None = None,
               progress: Progress | None = None) -> SiegeFile:
    """Read ``path`` with its format (see ``format_for``) as a new siege."""
    return format_for(path).read(path, options, progress)


def import_filters(formats: tuple[MapFormat, ...] = IMPORT_FORMATS) -> str:
    """``"All maps (...);;Universal VTT maps (...);;..."`` for a file dialog."""
    every = " ".join(f"*{suffix}" for f in formats for suffix in f.suffixes)
    return ";;".join([f"All maps ({every})", *(f.name_filter for f in formats)])
