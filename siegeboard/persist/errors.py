"""The one error class of opening and saving a siege, shared by the modules that raise it."""

from __future__ import annotations


class SiegeFileError(Exception):
    """A file that cannot be opened or saved; the message says what is wrong and, for a
    failed save, that the old file is unchanged."""
