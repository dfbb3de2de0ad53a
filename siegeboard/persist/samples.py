"""The sample sieges shipped with the program, opened as new sieges (never the files
themselves: playing the sample must not change a file of the installation). Each rule text
names its own (``Ruleset.sample``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from siegeboard.persist.atomic import atomic_write, plain_reason, write_all
from siegeboard.persist.errors import SiegeFileError
from siegeboard.persist.siege_file import SiegeFile, read_siege, write_siege
from siegeboard.rules import registry

__all__ = ["SAMPLES", "read_sample", "sample_bytes", "sample_name", "sample_names",
           "write_sample"]

# The package data of the samples (resources/samples/ in the repository).
RESOURCES = "siegeboard.resources"

# The file name of each rule text's sample siege, by ruleset id.
SAMPLES = {rules.id: rules.sample for rules in registry.RULESETS.values() if rules.sample}


def sample_names() -> list[str]:
    """The file names of the sample sieges shipped."""
    folder = resources.files(RESOURCES).joinpath("samples")
    return sorted(item.name for item in folder.iterdir() if item.name.endswith(".siege"))


def sample_bytes(name: str) -> bytes:
    """The bytes of the sample siege ``name`` (a file name of ``sample_names``)."""
    if name not in sample_names():
        raise ValueError(f"no sample siege {name!r}; the samples are "
                         f"{', '.join(sample_names())}")
    return resources.files(RESOURCES).joinpath("samples", name).read_bytes()


def sample_name(ruleset: str | None = None) -> str:
    """The file name of the sample siege of ``ruleset`` (None: the default rule text's);
    ``ValueError`` for a ruleset with no sample."""
    ruleset = registry.DEFAULT.id if ruleset is None else ruleset
    try:
        return SAMPLES[ruleset]
    except KeyError:
        raise ValueError(f"no sample siege for the ruleset {ruleset!r}; there are samples "
                         f"for {', '.join(SAMPLES)}") from None


def read_sample(ruleset: str | None = None, dice_seed: int | None = None) -> SiegeFile:
    """The sample siege of ``ruleset`` (None: the default rule text's), read and checked like
    any file (``ValueError`` for a ruleset with no sample). ``dice_seed``: the copy's own
    seed (a GM's copy is given a fresh one, so no two tables playing the sample roll the
    same dice); None keeps the shipped seed, which scripts and tests rely on to reproduce a
    worked example."""
    item = resources.files(RESOURCES).joinpath("samples", sample_name(ruleset))
    with resources.as_file(item) as path:
        siege_file = read_siege(path)
    siege_file.stamp = None  # a copy: saving it never checks against the shipped file
    if dice_seed is not None:
        siege_file.siege.dice_seed = dice_seed
    return siege_file


def write_sample(path: str | Path, ruleset: str | None = None,
                 dice_seed: int | None = None) -> Path:
    """Write a copy of the sample siege of ``ruleset`` (None: the default rule text's) to
    ``path``, atomically (a full disk leaves no part of it); return the path. ``dice_seed``
    as for ``read_sample`` (None: the shipped file, byte for byte). ``SiegeFileError`` in
    plain words when the disk refuses."""
    path = Path(path)
    if dice_seed is not None:
        write_siege(path, read_sample(ruleset, dice_seed), backup=False)
        return path
    data = sample_bytes(sample_name(ruleset))
    try:
        atomic_write(path, lambda stream: write_all(stream, data))
    except OSError as error:
        raise SiegeFileError(f"could not write {path.name}: {plain_reason(error)}; nothing "
                             f"was written") from None
    return path
