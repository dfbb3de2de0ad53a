"""The sample sieges shipped with the program, opened as new sieges (never the files
themselves: playing the sample must not change a file of the installation)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

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
    """Write a copy of the sample siege of ``ruleset`` to ``path``; return the path."""
    path = Path(path)
    path.write_bytes(sample_bytes(ruleset))
    return path
