"""A wall drawn as one line: its sections and the one structure's worth of DP they share (H12).

``draw_wall`` is the one way a polyline becomes wall sections: the window's Wall tool, the
sample maker and the importers call it. Each section is a structure of its own (attacked one
at a time, A1), carrying the ``wall_id`` of the wall it was drawn as.

DP ruleset (H12): the wall's DP is that of the whole wall, the squares of the union of its
sections' footprints x AV x stories, divided among the sections in proportion to their
centre-line lengths by largest remainder (``harris.split_dp``), so that they add up to the
whole. A 30 m x 2 m curtain wall (15 squares, AV 45, 3 stories: 2,025 DP) is three sections
of 675; each section's own squares (7.5 -> 8) would give 1,080 each, 3,240 in all.

A section's centre-line length is its footprint's area over the wall's thickness: every
section of a wall keeps the shape it was drawn with (an edit of shape leaves the wall), and
a flat-capped, mitre-joined strip of one thickness has exactly that area, so the areas are
in proportion to the lengths. Sections whose makes differ after an edit (one section made a
gatehouse) share the whole by length x AV x stories: the whole is the union's squares times
the length-weighted mean of AV x stories, and a wall of one make gets exactly H12's figure.

Hull ruleset (A1): each section keeps the table's Hull; the DP figures above are the DP
ruleset's and the Hull ruleset reads none of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import unary_union

from siegeboard.geometry import footprint_squares, shape_of, wall_sections
from siegeboard.model.numbers import round_half_up
from siegeboard.model.structure import Structure
from siegeboard.rules.build import new_structure
from siegeboard.rules.edits import ring_of
from siegeboard.rules.harris import numbers as harris

__all__ = ["draw_wall", "reshared_walls", "section_count", "section_lengths", "unused_wall_id",
           "wall_dp", "wall_shares"]


def unused_wall_id(taken: Iterable[str | None], prefix: str = "w") -> str:
    """The first of ``w1``, ``w2``... that no structure carries as its wall id."""
    used = {wall_id for wall_id in taken if wall_id}
    number = 1
    while f"{prefix}{number}" in used:
        number += 1
    return f"{prefix}{number}"


def section_lengths(sections: Sequence[Structure]) -> list[Fraction]:
    """The sections' centre-line lengths, in proportion (see the module): their areas, to the
    micrometre square so that float noise does not tip a largest-remainder tie."""
    return [Fraction(round(shape_of(section).area, 6)).limit_denominator(10**6)
            for section in sections]


def wall_dp(sections: Sequence[Structure]) -> int:
    """H12: the whole wall's DP: squares of the union of the footprints x AV x stories (the
    length-weighted AV x stories when the sections' makes differ, see the module)."""
    if not sections:
        raise ValueError("a wall needs at least one section")
    union = unary_union([shape_of(section) for section in sections])
    if isinstance(union, Polygon):
        squares = footprint_squares(union)
    else:  # sections apart
        assert isinstance(union, MultiPolygon)
        squares = sum(footprint_squares(part) for part in union.geoms)
    lengths = section_lengths(sections)
    weighted = sum((length * section.armor * section.stories
                    for length, section in zip(lengths, sections, strict=True)), Fraction(0))
    return round_half_up(squares * weighted / sum(lengths))


def wall_shares(sections: Sequence[Structure]) -> list[int]:
    """Each section's share of ``wall_dp``, by length x AV x stories, largest remainder: the
    shares add up to the whole (a section of AV 0 gets none)."""
    total = wall_dp(sections)
    weights = [length * section.armor * section.stories
               for length, section in zip(section_lengths(sections), sections, strict=True)]
    if not any(weights):
        return [0] * len(sections)
    positive = [index for index, weight in enumerate(weights) if weight > 0]
    parts = harris.split_dp(total, [weights[index] for index in positive])
    shares = [0] * len(sections)
    for index, part in zip(positive, parts, strict=True):
        shares[index] = part
    return shares


def _with_original(section: Structure, original: int, reference: Structure) -> Structure:
    """``section`` with the original DP ``original``; the damage ``reference`` (the section
    before the edit) had is kept as a proportion, half up, as ``rules.edits`` does for any
    change of make: undamaged stays undamaged."""
    if reference.dp == reference.dp_original or reference.dp_original <= 0:
        dp = original
    else:
        dp = min(original, round_half_up(Fraction(reference.dp * original,
                                                  reference.dp_original)))
    if (section.dp, section.dp_original) == (dp, original):
        return section
    return section.model_copy(update={"dp": dp, "dp_original": original})


def reshared_walls(structures: Mapping[str, Structure],
                   changed: Mapping[str, Structure | None]) -> dict[str, Structure | None]:
    """``changed`` (new states by id, None for removed) plus every other section of a wall
    that a changed section belongs to (before or after), with the wall's DP shared again.

    Called after any change of make (kind, AV, stories) of a section: the wall's DP is
    re-shared among its sections as they now are (H12). A damaged section keeps its damage
    as a proportion of its new share.
    """
    after: dict[str, Structure | None] = dict(changed)
    walls = {state.wall_id for state in changed.values() if state is not None and state.wall_id}
    walls |= {wall_id for key in changed
              if key in structures and (wall_id := structures[key].wall_id)}
    if not walls:
        return after
    now = {**structures, **changed}
    for wall_id in sorted(walls):
        keys = [key for key, state in now.items() if state is not None and state.wall_id == wall_id]
        sections = [state for key in keys if (state := now[key]) is not None]
        if not sections:
            continue
        for key, section, share in zip(keys, sections, wall_shares(sections), strict=True):
            updated = _with_original(section, share, structures.get(key) or section)
            if key in changed or updated != structures.get(key):
                after[key] = updated
    return after


def draw_wall(ruleset: str, kind: str, polyline: Sequence[tuple[float, float]],
              thickness_m: float, section_m: float, ids: Sequence[str], *, wall_id: str,
              names: Sequence[str] | None = None) -> list[Structure]:
    """The sections of a wall of catalogue ``kind`` drawn along ``polyline``, pristine.

    ``ids`` must hold one id per section (``section_count`` tells how many); ``names``
    (optional, one per section) default to the catalogue name and the id without its first
    letter ("Curtain wall 3" for ``s3``). DP: H12's one structure's worth shared by length; Hull:
    the table's, each (A1). Raises ``ValueError`` for a line that cannot be a wall.
    """
    pieces = wall_sections(polyline, thickness_m, section_m)
    if len(ids) != len(pieces):
        raise ValueError(f"a wall of {len(pieces)} sections needs {len(pieces)} ids, "
                         f"not {len(ids)}")
    sections = []
    for position, (structure_id, piece) in enumerate(zip(ids, pieces, strict=True)):
        structure = new_structure(ruleset, kind, structure_id, ring_of(piece.footprint))
        name = names[position] if names is not None else f"{structure.name} {structure_id[1:]}"
        sections.append(structure.model_copy(update={"name": name, "wall_id": wall_id}))
    shares = wall_shares(sections)
    return [section.model_copy(update={"dp": share, "dp_original": share})
            for section, share in zip(sections, shares, strict=True)]


def section_count(polyline: Sequence[tuple[float, float]], thickness_m: float,
                  section_m: float) -> int:
    """How many sections ``draw_wall`` cuts the line into (to reserve their ids)."""
    return len(wall_sections(polyline, thickness_m, section_m))
