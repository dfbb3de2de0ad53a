"""Package data that is not a ruleset's own: the sample sieges (and the icons).

Read with ``importlib.resources``, so an installed wheel has them as a checkout does. The
samples are read-only templates: the program opens a copy of one, never the file itself.
"""

from __future__ import annotations

from importlib import resources

SAMPLES = {"harris": "castle.siege", "armory": "castle_armory.siege"}


def sample_bytes(ruleset: str = "harris") -> bytes:
    """The bytes of the sample siege of ``ruleset`` (the Castle of Harrowmere)."""
    try:
        name = SAMPLES[ruleset]
    except KeyError:
        raise ValueError(f"no sample siege for the ruleset {ruleset!r}; there are samples "
                         f"for {', '.join(SAMPLES)}") from None
    return resources.files(__name__).joinpath("samples", name).read_bytes()
