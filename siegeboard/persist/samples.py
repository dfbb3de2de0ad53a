"""The sample sieges shipped with the program, opened as new sieges (never the files
themselves: playing the sample must not change a file of the installation)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from siegeboard.persist.atomic import atomic_write, plain_reason, write_all
from siegeboard.persist.errors import SiegeFileError
from siegeboard.persist.siege_file import SiegeFile, read_siege
from siegeboard.resources import SAMPLES, sample_bytes

__all__ = ["SAMPLES", "read_sample", "write_sample"]


def read_sample(ruleset: str = "harris") -> SiegeFile:
    """The sample siege of ``ruleset``, read and checked like any file (``ValueError`` for a
    ruleset with no sample)."""
    sample_bytes(ruleset)  # refuses an unknown ruleset by name
    item = resources.files("siegeboard.resources").joinpath("samples", SAMPLES[ruleset])
    with resources.as_file(item) as path:
        return read_siege(path)


def write_sample(path: str | Path, ruleset: str = "harris") -> Path:
    """Write a copy of the sample siege of ``ruleset`` to ``path``, atomically (a full disk
    leaves no part of it); return the path. ``SiegeFileError`` in plain words when the disk
    refuses."""
    path = Path(path)
    data = sample_bytes(ruleset)
    try:
        atomic_write(path, lambda stream: write_all(stream, data))
    except OSError as error:
        raise SiegeFileError(f"could not write {path.name}: {plain_reason(error)}; nothing "
                             f"was written") from None
    return path
