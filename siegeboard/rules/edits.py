"""Edits of a structure's make and footprint, and what they do to its DP or Hull.

Policy for edits of armor, stories, hull or footprint (the GM redrawing or correcting a
structure):

- an undamaged structure is made pristine again from its new make (``pristine_state``): DP is
  recomputed, exactly as if it had just been drawn;
- a section of a wall (``wall_id``, H12) whose make changes has its DP re-shared with the
  rest of its wall by ``rules.walls.reshared_walls``, which the caller runs on the result;
  a change of shape takes it out of its wall (its DP is then its own footprint's);
- a damaged one keeps its damage as a proportion: ``dp_original`` is recomputed from the new
  make and ``dp`` is rescaled so the fraction left stays the same (half up); collapse, fire
  and occupants are kept. Under the Hull ruleset the Hull suffered is kept, capped at the new
  Hull. A GM who corrects a typo mid-siege expects the damage done so far to stay on the board,
  not to be silently repaired or doubled.

No Qt here: plain functions on model objects, used by the window's undo commands, the
command line, tools and importers alike.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from shapely.geometry import Polygon
from shapely.ops import unary_union

from siegeboard.geometry import footprint_squares, holes_of, shape_of
from siegeboard.model.numbers import round_half_up
from siegeboard.model.structure import Structure
from siegeboard.rules import harris
from siegeboard.rules.build import pristine_state
from siegeboard.rules.registry import catalogue

MAKE_FIELDS = frozenset({"armor", "stories", "hull", "footprint", "holes"})


def is_undamaged(structure: Structure) -> bool:
    """True when nothing has happened to the structure yet (it can be remade freely)."""
    inner = structure.inner_layer
    return (structure.dp == structure.dp_original and not structure.collapsed
            and not structure.cleared and structure.fire_level == 0 and not structure.burning
            and structure.hull_suffered == 0 and structure.ladder == "intact"
            and (inner is None or (inner.suffered == 0 and inner.ladder == "intact")))


def remade(structure: Structure, **changes) -> Structure:
    """``structure`` with ``changes`` applied (validated), DP/Hull handled as the module says."""
    if ("footprint" in changes and structure.wall_id is not None
            and [tuple(point) for point in changes["footprint"]] != structure.footprint):
        changes = changes | {"wall_id": None}  # H12: reshaped, it leaves its wall
    updated = Structure.model_validate(structure.model_dump() | changes)
    if not MAKE_FIELDS & changes.keys():
        return updated
    if is_undamaged(structure):
        return pristine_state(updated)
    new_original = harris.defensive_points(updated.armor, footprint_squares(shape_of(updated)),
                                           updated.stories)
    if structure.dp_original > 0:
        dp = round_half_up(structure.dp * new_original / structure.dp_original)
    else:
        dp = new_original
    return Structure.model_validate(updated.model_dump() | {
        "dp_original": new_original, "dp": min(dp, new_original),
        "hull_suffered": min(updated.hull_suffered, updated.hull)})


def with_kind(structure: Structure, ruleset: str, kind: str) -> Structure:
    """The structure re-made as catalogue ``kind``: armor, stories, hull, material, flags."""
    entry = catalogue(ruleset).entry(kind)
    return remade(structure, kind=kind, armor=entry.armor, stories=entry.stories,
                  hull=entry.hull, material=entry.material, burns=entry.burns,
                  flags=list(entry.flags), side=entry.side)


def translated(structure: Structure, dx: float, dy: float) -> Structure:
    """Moved by (dx, dy) metres; a move changes no figure."""
    footprint = [(x + dx, y + dy) for x, y in structure.footprint]
    holes = [[(x + dx, y + dy) for x, y in hole] for hole in structure.holes]
    return structure.model_copy(update={"footprint": footprint, "holes": holes})


def rotated(structure: Structure, degrees: float, centre: tuple[float, float]) -> Structure:
    """Turned clockwise on the map (y down) by ``degrees`` about ``centre``; area unchanged."""
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre

    def turn(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - cx, y - cy
        # Quarter turns land exactly on the grid again: round off float noise.
        return (round(cx + dx * cos - dy * sin, 9), round(cy + dx * sin + dy * cos, 9))

    return structure.model_copy(update={
        "footprint": [turn(x, y) for x, y in structure.footprint],
        "holes": [[turn(x, y) for x, y in hole] for hole in structure.holes]})


def with_hole(structure: Structure, ring: Sequence[tuple[float, float]]) -> Structure:
    """``structure`` with a courtyard cut out of it along ``ring`` (H1: its area, squares
    and DP shrink by it); ``ValueError`` in plain words if the ring is not inside it or
    crosses another courtyard."""
    return remade(structure, holes=[*structure.holes, [tuple(point) for point in ring]])


def without_hole(structure: Structure, number: int) -> Structure:
    """``structure`` with its courtyard ``number`` (from 0) filled in again."""
    if not 0 <= number < len(structure.holes):
        raise ValueError(f"{structure.name} has no courtyard {number + 1}")
    return remade(structure, holes=[hole for i, hole in enumerate(structure.holes)
                                    if i != number])


def ring_of(polygon: Polygon) -> list[tuple[float, float]]:
    """The footprint of a shapely polygon: its outer ring without the closing point.

    Coordinates are rounded to 1e-9 m: cutting and joining leave float noise that would
    otherwise move corners drawn on the grid off it.
    """
    return [(round(x, 9), round(y, 9)) for x, y in list(polygon.exterior.coords)[:-1]]


def _long_axis(polygon: Polygon) -> tuple[tuple[float, float], tuple[float, float]]:
    """Midpoints of the two short sides of the minimum rotated rectangle."""
    rectangle = polygon.minimum_rotated_rectangle
    if not isinstance(rectangle, Polygon):  # a point or a line: no sides to measure
        raise ValueError("split: the structure has no length to cut")
    corners = list(rectangle.exterior.coords)[:4]
    sides = [(corners[i], corners[(i + 1) % 4]) for i in range(4)]
    lengths = [math.dist(a, b) for a, b in sides]
    short = 0 if lengths[0] <= lengths[1] else 1
    mids = []
    for a, b in (sides[short], sides[short + 2]):
        mids.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    return mids[0], mids[1]


def split_in_two(structure: Structure, first_id: str, second_id: str) -> list[Structure]:
    """H12: cut across the long axis at its middle; DP divided in proportion to length.

    Both halves keep the make and have half the length each, so the current DP (and the
    original DP) are shared out half and half (``harris.split_dp``): the first half takes
    the half-up share and the second the rest, so no point is lost; 675 DP gives 338 and
    337, whatever the two pieces' areas. Both halves leave the wall the structure was drawn
    as (H12: split off, each is a structure of its own).
    """
    polygon = shape_of(structure)
    (ax, ay), (bx, by) = _long_axis(polygon)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = bx - ax, by - ay
    length = math.hypot(ux, uy)
    if length <= 0:
        raise ValueError("split: the structure has no length to cut")
    reach = length + polygon.length
    nx, ny = -uy / length * reach, ux / length * reach
    along_x, along_y = ux / length * reach, uy / length * reach
    half_a = Polygon([(mx + nx, my + ny), (mx - nx, my - ny),
                      (mx - nx - along_x, my - ny - along_y),
                      (mx + nx - along_x, my + ny - along_y)])
    half_b = Polygon([(mx + nx, my + ny), (mx - nx, my - ny),
                      (mx - nx + along_x, my - ny + along_y),
                      (mx + nx + along_x, my + ny + along_y)])
    pieces = [polygon.intersection(half_a), polygon.intersection(half_b)]
    if any(not isinstance(piece, Polygon) or piece.area <= 1e-9 for piece in pieces):
        raise ValueError(f"split: {structure.name} cannot be cut into two simple pieces")
    # ceil(dp / 2) <= ceil(original / 2) and floor(dp / 2) <= floor(original / 2): each half
    # keeps dp <= dp_original.
    first_dp_original, second_dp_original = harris.split_dp(structure.dp_original, [1, 1])
    first_dp, second_dp = harris.split_dp(structure.dp, [1, 1])
    result = []
    for new_id, piece, dp, dp_original, suffix in (
            (first_id, pieces[0], first_dp, first_dp_original, "a"),
            (second_id, pieces[1], second_dp, second_dp_original, "b")):
        assert isinstance(piece, Polygon)  # checked above
        ring = ring_of(piece)
        result.append(Structure.model_validate(structure.model_dump() | {
            "id": new_id, "name": f"{structure.name} {suffix}", "footprint": ring,
            "holes": holes_of(piece),
            "dp": dp, "dp_original": dp_original, "wall_id": None}))
    return result


def merged(structures: Sequence[Structure], merged_id: str) -> Structure:
    """Sections joined into one: footprints united (they must touch), DP and original DP summed.

    The first structure gives the make and the name; occupants are gathered. Sections of
    one wall merged stay in it (H12); sections of different walls leave them.
    """
    if len(structures) < 2:
        raise ValueError("merge: select at least two sections")
    kinds = {structure.kind for structure in structures}
    if len(kinds) > 1:
        raise ValueError(f"merge: the sections are of different kinds ({', '.join(sorted(kinds))})")
    union = unary_union([shape_of(s) for s in structures]).buffer(0).simplify(1e-9)
    if not isinstance(union, Polygon):
        raise ValueError("merge: the sections do not touch along an edge")
    first = structures[0]
    ring = ring_of(union)
    occupants = [person for s in structures for person in s.occupants]
    walls = {s.wall_id for s in structures}
    return Structure.model_validate(first.model_dump() | {
        "id": merged_id, "footprint": ring, "holes": holes_of(union),
        "wall_id": walls.pop() if len(walls) == 1 else None,
        "dp": sum(s.dp for s in structures), "dp_original": sum(s.dp_original for s in structures),
        "collapsed": any(s.collapsed for s in structures),
        "fire_level": max(s.fire_level for s in structures),
        "occupants": [person.model_dump() for person in occupants]})


def name_base(name: str) -> str:
    """What a numbered name counts from: "Stone curtain wall, one section" -> "Stone curtain
    wall"; "Curtain wall 12" -> "Curtain wall" (the catalogue's words after a comma describe
    the kind, a trailing number is the count)."""
    base = name.split(",")[0].strip()
    words = base.rsplit(" ", 1)
    if len(words) == 2 and words[1].isdigit():
        base = words[0]
    return base or name


def numbered_names(name: str, taken: Iterable[str], count: int = 1) -> list[str]:
    """``count`` new names "<base> 1", "<base> 2"... counted per base from the first free
    number, none of them in ``taken`` (new structures named per kind; a copy gets a name of
    its own)."""
    return unused_ids(taken, count, prefix=f"{name_base(name)} ")


def unused_ids(taken: Iterable[str], count: int, prefix: str = "s") -> list[str]:
    """``count`` ids ``prefix1``, ``prefix2``... not in ``taken``, in order."""
    taken = set(taken)
    found: list[str] = []
    number = 1
    while len(found) < count:
        candidate = f"{prefix}{number}"
        if candidate not in taken:
            found.append(candidate)
        number += 1
    return found
