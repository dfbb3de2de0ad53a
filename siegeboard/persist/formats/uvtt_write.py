"""Writing a siege as a Universal VTT map (``format`` 0.3, the newest MapTool reads).

What the file holds (the field names, types and units of the public readers: MapTool's
``DungeonDraftImporter``, Imagix/uvtt2fgu, Foundry's FVTT-DD-Import): one JSON object, every
coordinate in cells of the siege's 2 m grid, x right and y down, the picture's top-left corner
at cell (0, 0) (``map_origin`` 0); ``resolution.pixels_per_grid`` a whole number (MapTool reads
it as an int); ``image`` the base64 PNG the report layer rendered (persist stays Qt-free).

What blocks (RULINGS E1), decided by ``blocking``:

- a wall section that is not breached: its centre line (the long axis of its footprint's
  smallest rotated rectangle) in ``line_of_sight``; a breached one (Hull: Breached; DP:
  collapsed) is a gap, its rubble an ``objects_line_of_sight`` outline; cleared, nothing;
- a building: its outline ring in ``line_of_sight``; fallen (collapsed, Breached) its outline
  in ``objects_line_of_sight`` (its rubble still shields); cleared, nothing;
- a door or gate: a portal (``position``, ``bounds``, ``rotation`` in radians, ``closed``,
  ``freestanding``), closed unless breached;
- a bridge or a camp blocks nothing (one sees across it);
- a burning structure: a light at its centre (``position``, ``range`` in cells,
  ``intensity``, ``color`` as ARGB hex, ``shadows``).
"""

from __future__ import annotations

import base64
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from shapely.geometry import Polygon

from siegeboard.geometry import GRID_M
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.persist.atomic import atomic_write
from siegeboard.persist.siege_file import SiegeFileError
from siegeboard.rules.registry import ruleset_of

FORMAT = 0.3
FIRE_COLOUR = "ffff8c1a"  # ARGB, as Dungeondraft writes its lights' colours
WALL_WORDS = ("wall", "palisade", "rampart", "hoarding", "bastion")
Bounds = tuple[float, float, float, float]
Cells = tuple[float, float]


def role(structure: Structure) -> str:
    """"portal" (a door or gate), "wall" (a wall section), "open" (a bridge, a camp: ground
    one sees across) or "building"."""
    kind = structure.kind
    if "door" in kind or ("gate" in kind and "gatehouse" not in kind):
        return "portal"
    if "bridge" in kind or "camp" in kind:
        return "open"
    if structure.wall_id is not None or any(word in kind for word in WALL_WORDS):
        return "wall"
    return "building"


def centre_line(footprint: list[tuple[float, float]]) -> tuple[tuple[float, float],
                                                               tuple[float, float]]:
    """The long axis of the footprint's smallest rotated rectangle: a wall section's or a
    door's centre line, end to end, in metres."""
    rectangle = Polygon(footprint).minimum_rotated_rectangle
    corners = list(rectangle.exterior.coords)[:4]
    if len(corners) < 4:  # a degenerate footprint: its extreme points
        return corners[0], corners[-1]
    a, b, c, d = corners
    mid = lambda p, q: ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)  # noqa: E731
    if math.dist(a, b) >= math.dist(b, c):  # a-b is a long side: the axis joins the short ones
        return mid(d, a), mid(b, c)
    return mid(a, b), mid(c, d)


@dataclass
class Blocking:
    """What a siege blocks, in metres: wall lines, object outlines, portals, fires."""

    lines: list[list[tuple[float, float]]] = field(default_factory=list)
    objects: list[list[tuple[float, float]]] = field(default_factory=list)
    portals: list[tuple[tuple[float, float], tuple[float, float], bool]] = field(
        default_factory=list)
    lights: list[tuple[tuple[float, float], float]] = field(default_factory=list)


def blocking(siege: Siege) -> Blocking:
    """What stands and what is open in ``siege`` as RULINGS E1 reads it (module docstring)."""
    rules = ruleset_of(siege)
    found = Blocking()
    for structure in siege.structures.values():
        kind = role(structure)
        fallen = rules.breached(structure)
        ring = [tuple(point) for point in structure.footprint]
        if structure.cleared or kind == "open":
            pass
        elif kind == "portal":
            start, end = centre_line(structure.footprint)
            found.portals.append((start, end, not fallen))
        elif fallen:
            found.objects.append(ring + ring[:1])
        elif kind == "wall":
            found.lines.append(list(centre_line(structure.footprint)))
        else:
            found.lines.append(ring + ring[:1])
        if rules.state(structure).fire:
            polygon = Polygon(structure.footprint)
            minx, miny, maxx, maxy = polygon.bounds
            centre = polygon.representative_point()
            found.lights.append(((centre.x, centre.y),
                                 math.hypot(maxx - minx, maxy - miny) / 2 + 2 * GRID_M))
    return found


def uvtt_document(siege: Siege, picture_png: bytes, frame: Bounds, pixels_per_grid: int,
                  *, attribution: str | None = None) -> dict:
    """The Universal VTT object of ``siege`` over ``frame`` (metres, whole 2 m cells from the
    grid's origin), with ``picture_png`` covering it at ``pixels_per_grid``."""
    minx, miny, maxx, maxy = frame

    def cell(point: tuple[float, float]) -> dict[str, float]:
        return {"x": round((point[0] - minx) / GRID_M, 6),
                "y": round((point[1] - miny) / GRID_M, 6)}

    found = blocking(siege)
    portals = []
    for start, end, closed in found.portals:
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        portals.append({"position": cell(middle), "bounds": [cell(start), cell(end)],
                        "rotation": round(math.atan2(end[1] - start[1], end[0] - start[0]), 6),
                        "closed": closed, "freestanding": False})
    document = {
        "format": FORMAT,
        "resolution": {"map_origin": {"x": 0, "y": 0},
                       "map_size": {"x": round((maxx - minx) / GRID_M, 6),
                                    "y": round((maxy - miny) / GRID_M, 6)},
                       "pixels_per_grid": int(pixels_per_grid)},
        "line_of_sight": [[cell(p) for p in line] for line in found.lines],
        "objects_line_of_sight": [[cell(p) for p in line] for line in found.objects],
        "portals": portals,
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "lights": [{"position": cell(centre), "range": round(reach / GRID_M, 3),
                    "intensity": 1.0, "color": FIRE_COLOUR, "shadows": True}
                   for centre, reach in found.lights],
        "image": base64.b64encode(picture_png).decode("ascii"),
        "software": "siegeboard",
        "name": siege.name,
    }
    if attribution:
        document["attribution"] = attribution
    return document


def attribution_of(siege: Siege) -> str | None:
    """The map data's attribution where the siege keeps one (an imported map's), else None."""
    for holder in (siege.map, siege):
        text = getattr(holder, "attribution", None) if holder is not None else None
        if isinstance(text, str) and text.strip():
            return text.strip()
    return None


def write_uvtt(path: str | Path, siege: Siege, picture_png: bytes, frame: Bounds,
               pixels_per_grid: int) -> Path:
    """Write ``siege`` as a Universal VTT file at ``path`` (atomically); return the path.
    ``SiegeFileError`` in plain words when it cannot be written."""
    path = Path(path)
    if not 1 <= pixels_per_grid <= 20_000:
        raise SiegeFileError(f"the pixels a grid cell must be from 1 to 20,000, not "
                             f"{pixels_per_grid}")
    if not path.parent.is_dir():
        raise SiegeFileError(f"{path}: the folder {path.parent} does not exist")
    document = uvtt_document(siege, picture_png, frame, pixels_per_grid,
                             attribution=attribution_of(siege))
    data = json.dumps(document, separators=(",", ":")).encode("utf-8")
    try:
        atomic_write(path, lambda stream: stream.write(data))
    except OSError as error:
        raise SiegeFileError(f"cannot write {path}: {error.strerror or error}") from None
    return path
