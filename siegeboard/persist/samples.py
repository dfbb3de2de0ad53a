"""The sample sieges shipped with the program, opened as new sieges (never the files
themselves: playing the sample must not change a file of the installation). Each rule text
names its own (``Ruleset.sample``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from siegeboard.persist.siege_file import SiegeFile, read_siege
from siegeboard.resources import sample_bytes
from siegeboard.rules import registry

__all__ = ["SAMPLES", "read_sample", "sample_name", "write_sample"]

# The file name of each rule text's sample siege, by ruleset id.
SAMPLES = {rules.id: rules.sample for rules in registry.RULESETS.values() if rules.sample}


def sample_name(ruleset: str | None = None) -> str:
    """The file name of the sample siege of ``ruleset`` (None: the default rule text's);
    ``ValueError`` for a ruleset with no sample."""
    ruleset = registry.DEFAULT.id if ruleset is None else ruleset
    try:
        return SAMPLES[ruleset]
    except KeyError:
        raise ValueError(f"no sample siege for the ruleset {ruleset!r}; there are samples "
                         f"for {', '.join(SAMPLES)}") from None


def read_sample(ruleset: str | None = None) -> SiegeFile:
    """The sample siege of ``ruleset`` (None: the default rule text's), read and checked like
    any file (``ValueError`` for a ruleset with no sample)."""
    item = resources.files("siegeboard.resources").joinpath("samples", sample_name(ruleset))
    with resources.as_file(item) as path:
        return read_siege(path)


def write_sample(path: str | Path, ruleset: str | None = None) -> Path:
    """Write a copy of the sample siege of ``ruleset`` (None: the default rule text's) to
    ``path``; return the path."""
    path = Path(path)
    path.write_bytes(sample_bytes(sample_name(ruleset)))
    return path
