"""Package data that is not a ruleset's own: the sample sieges (and the icons).

Read with ``importlib.resources``, so an installed wheel has them as a checkout does. The
samples are read-only templates: the program opens a copy of one, never the file itself.
Which rule text a sample belongs to is the rule text's knowledge (``Ruleset.sample``).
"""

from __future__ import annotations

from importlib import resources


def sample_names() -> list[str]:
    """The file names of the sample sieges shipped."""
    folder = resources.files(__name__).joinpath("samples")
    return sorted(item.name for item in folder.iterdir() if item.name.endswith(".siege"))


def sample_bytes(name: str) -> bytes:
    """The bytes of the sample siege ``name`` (a file name of ``sample_names``)."""
    if name not in sample_names():
        raise ValueError(f"no sample siege {name!r}; the samples are "
                         f"{', '.join(sample_names())}")
    return resources.files(__name__).joinpath("samples", name).read_bytes()
