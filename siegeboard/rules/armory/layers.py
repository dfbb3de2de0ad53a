"""A5: a castle gate with a portcullis is two layers, and the way is open only when both
are Breached. One place for that question, asked by the rules (``numbers``), the escalade
table and the views."""

from __future__ import annotations

from siegeboard.model.structure import Structure


def fully_breached(structure: Structure) -> bool:
    """Every layer Breached (A5: the way through a gate with a portcullis is open)."""
    inner = structure.inner_layer
    return structure.ladder == "breached" and (inner is None or inner.ladder == "breached")
