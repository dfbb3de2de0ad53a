"""The .siege file itself, as a map format (``read_siege`` / ``write_siege``)."""

from __future__ import annotations

from pathlib import Path

from siegeboard.persist.formats.base import FormatBySuffix, ImportOptions, Progress
from siegeboard.persist.siege_file import SUFFIX, SiegeFile, read_siege, write_siege


class SiegeFormat(FormatBySuffix):
    """siegeboard's own file: read and written whole; options do not apply to it."""

    name = "siege"
    name_filter = f"Sieges (*{SUFFIX})"
    suffixes = (SUFFIX,)
    can_write = True

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> SiegeFile:
        siege_file = read_siege(path)
        if progress is not None:
            progress(1, 1)
        return siege_file

    def write(self, path: str | Path, siege_file: SiegeFile) -> None:
        write_siege(path, siege_file)
