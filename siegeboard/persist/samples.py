"""The sample sieges shipped with the program, opened as new sieges (never the files
themselves: playing the sample must not change a file of the installation)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from siegeboard.persist.siege_file import SiegeFile, read_siege, write_siege
from siegeboard.resources import SAMPLES, sample_bytes

__all__ = ["SAMPLES", "read_sample", "write_sample"]


def read_sample(ruleset: str = "harris", dice_seed: int | None = None) -> SiegeFile:
    """The sample siege of ``ruleset``, read and checked like any file (``ValueError`` for a
    ruleset with no sample). ``dice_seed``: the copy's own seed (a GM's copy is given a fresh
    one, so no two tables playing the sample roll the same dice); None keeps the shipped
    seed, which scripts and tests rely on to reproduce a worked example."""
    sample_bytes(ruleset)  # refuses an unknown ruleset by name
    item = resources.files("siegeboard.resources").joinpath("samples", SAMPLES[ruleset])
    with resources.as_file(item) as path:
        siege_file = read_siege(path)
    siege_file.stamp = None  # a copy: saving it never checks against the shipped file
    if dice_seed is not None:
        siege_file.siege.dice_seed = dice_seed
    return siege_file


def write_sample(path: str | Path, ruleset: str = "harris", dice_seed: int | None = None) -> Path:
    """Write a copy of the sample siege of ``ruleset`` to ``path``; return the path.
    ``dice_seed`` as for ``read_sample`` (None: the shipped file, byte for byte)."""
    path = Path(path)
    if dice_seed is None:
        path.write_bytes(sample_bytes(ruleset))
    else:
        write_siege(path, read_sample(ruleset, dice_seed), backup=False)
    return path
