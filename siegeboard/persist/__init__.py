"""Opening and saving .siege files, migration, autosave, import and export. No Qt."""

from siegeboard.persist.siege_file import SiegeFile, SiegeFileError, read_siege, write_siege

__all__ = ["SiegeFile", "SiegeFileError", "read_siege", "write_siege"]
