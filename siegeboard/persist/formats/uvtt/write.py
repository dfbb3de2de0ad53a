"""Writing a siege as a Universal VTT map (``format`` 0.3, the newest MapTool reads).

What the file holds (the field names, types and units of the public readers: MapTool's
``DungeonDraftImporter``, Imagix/uvtt2fgu, Foundry's FVTT-DD-Import, Owlbear Rodeo's
uvtt-importer; docs/vtt.md says what each makes of it): one JSON object, every coordinate in
cells of the export's cell (``cell_m``: the siege's 2 m, or 5 ft, what most tabletops assume),
x right and y down, the picture's top-left corner at cell (0, 0) (``map_origin`` 0);
``resolution.pixels_per_grid`` a whole number (MapTool reads it as an int); ``image`` the
base64 PNG the report layer rendered (persist stays Qt-free); ``attribution`` the notices
kept with the siege (OpenStreetMap's ODbL among them), which the picture carries too.

What blocks (RULINGS E1-E2), decided by ``blocking``:

- a wall section that is not breached: its centre line (``strip_centre_line``, bends kept)
  in ``line_of_sight``, the standing sections of one wall joined end to end (a wall drawn
  or imported as one line goes out as one line); a breached one (Hull: Breached; DP:
  collapsed) is a gap, its rubble an ``objects_line_of_sight`` outline; cleared, nothing;
- a building: its outline ring and the ring of every hole (courtyard) in it in
  ``line_of_sight``; fallen (collapsed, Breached) its outline in ``objects_line_of_sight``
  (its rubble still shields); cleared, nothing;
- a door or gate, intact or damaged: a closed portal (``closed: true``, ``position``,
  ``bounds``, ``rotation`` in radians, ``freestanding``) whose line spans the opening across
  the passage (``portal_line``); breached (both layers, for a gate with a portcullis) or
  collapsed: no portal, the opening free, its rubble an object outline; ``closed: false``,
  which the readers take for a window, is never written;
- a bridge or a camp blocks nothing (one sees across it);
- a burning structure: a light at its centre (``position``, ``range`` in cells,
  ``intensity``, ``color`` as ARGB hex, ``shadows``).
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from shapely import STRtree
from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge

from siegeboard.geometry import GRID_M
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.persist.atomic import atomic_write
from siegeboard.persist.siege_file import SiegeFileError
from siegeboard.rules.registry import ruleset_of

FORMAT = 0.3
FIRE_COLOUR = "ffff8c1a"  # ARGB, as Dungeondraft writes its lights' colours
WALL_WORDS = ("wall", "palisade", "rampart", "hoarding", "bastion")
FIVE_FEET_M = 1.524
# The cells an export may have: the board's 2 m, or 5 ft (what most tabletops measure a
# cell as by default).
CELLS_M = {"2m": GRID_M, "5ft": FIVE_FEET_M}
CELL_WORDS = {"2m": "2 m (the board's grid)", "5ft": "5 ft (1.524 m, most tabletops' default)"}
# A door or gate stands in a wall line passing within this reach of its footprint (metres,
# or the footprint's own length where that is more): a gatehouse's towers lie between.
PORTAL_REACH_M = 10.0
PARALLEL_COS = math.cos(math.radians(30))  # a side "along" a wall line: within 30 degrees
Bounds = tuple[float, float, float, float]
Point = tuple[float, float]


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


def centre_line(footprint: Sequence[Point]) -> tuple[Point, Point]:
    """The long axis of the footprint's smallest rotated rectangle: a wall section's centre
    line, end to end, in metres."""
    a, b, c, d = _rectangle(footprint)
    if math.dist(a, b) >= math.dist(b, c):  # a-b is a long side: the axis joins the short ones
        return _mid(d, a), _mid(b, c)
    return _mid(a, b), _mid(c, d)


def strip_centre_line(footprint: Sequence[Point]) -> list[Point]:
    """A wall section's centre line, its bends and curves kept.

    A section is a strip of one thickness along its line (``geometry.wall_sections``: flat
    caps, mitred bends): its ring runs from one cap along one side to the other cap and back
    along the other side. Where every corner has its partner across, the middles of the
    partners are the line. Where corners were lost (sides too short to keep), the caps are the
    two sides as long as the strip is thick (about twice its area over its perimeter) that split
    the ring into two sides lying that far apart all along; the centre line runs from the middle
    of one cap to the middle of the other through the middles between each corner of the one
    side and the nearest point of the other (the caps chosen so that both sides are as long as
    they can be). A ring that is no such strip (a rectangle, a hand-drawn shape): the long axis
    of its smallest rotated rectangle (``centre_line``)."""
    ring = [tuple(point) for point in footprint]
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring = ring[:-1]
    count = len(ring)
    if count <= 4:
        return list(centre_line(footprint))
    polygon = Polygon(ring)
    thickness = 2 * polygon.area / polygon.length if polygon.length > 0 else 0.0
    if thickness <= 0:
        return list(centre_line(footprint))
    if count % 2 == 0:
        # Each corner of one side has its partner corner across (a strip as drawn, no corner
        # lost): the pairing whose partners lie nearest together, if all lie about a
        # thickness apart (a mitred bend's a little more).
        half = count // 2
        paired = min(([(ring[(start + i) % count], ring[(start - 1 - i) % count])
                       for i in range(half)] for start in range(count)),
                     key=lambda pairs: sum(math.dist(a, b) for a, b in pairs))
        gaps = [math.dist(a, b) for a, b in paired]
        if max(gaps) <= 2.0 * min(gaps):
            return [_mid(a, b) for a, b in paired]
    sides = [math.dist(ring[i], ring[(i + 1) % count]) for i in range(count)]
    caps = [i for i, length in enumerate(sides) if abs(length - thickness) <= 0.25 * thickness]
    best: tuple[float, list[Point]] | None = None
    for first in caps:
        for second in caps:
            if second == first:
                continue
            # one side: the corners after the first cap up to the second cap's start
            one = [ring[(first + 1 + i) % count] for i in range((second - first) % count)]
            other = [ring[(second + 1 + i) % count] for i in range((first - second) % count)]
            if len(one) < 2 or len(other) < 2:
                continue
            near_side, far = LineString(one), LineString(other)
            spread = max(far.distance(ShapelyPoint(point)) for point in one)
            # The caps at the strip's two ends: both sides as long as they can be.
            reach = min(near_side.length, far.length)
            if spread > 1.6 * thickness or (best is not None and reach <= best[0]):
                continue
            middles = []
            for point in one:
                near = far.interpolate(far.project(ShapelyPoint(point)))
                middles.append(_mid(point, (near.x, near.y)))
            best = (reach, middles)
    if best is None:
        return list(centre_line(footprint))
    return best[1]


def _rectangle(footprint: Sequence[Point]) -> tuple[Point, Point, Point, Point]:
    rectangle = Polygon(footprint).minimum_rotated_rectangle
    corners = list(getattr(rectangle, "exterior", rectangle).coords)[:4]
    while len(corners) < 4:  # a degenerate footprint: its extreme points
        corners.append(corners[-1])
    return tuple(tuple(corner) for corner in corners)  # type: ignore[return-value]


def _mid(p: Sequence[float], q: Sequence[float]) -> Point:
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def _xy(p: Sequence[float]) -> Point:
    return (p[0], p[1])


def _longest_piece(geometry: BaseGeometry) -> LineString | None:
    pieces = [geometry] if isinstance(geometry, LineString) else [
        part for part in getattr(geometry, "geoms", ()) if isinstance(part, LineString)]
    pieces = [piece for piece in pieces if not piece.is_empty and piece.length > 1e-6]
    return max(pieces, key=lambda piece: piece.length, default=None)


def _through(polygon: Polygon, point: Sequence[float], direction: Point) -> LineString | None:
    """The chord of ``polygon`` along the line through ``point`` in ``direction`` (its
    longest piece where the polygon is not convex)."""
    reach = 2 * math.hypot(polygon.bounds[2] - polygon.bounds[0],
                           polygon.bounds[3] - polygon.bounds[1]) + 1e3
    (x, y), (dx, dy) = point, direction
    line = LineString([(x - dx * reach, y - dy * reach), (x + dx * reach, y + dy * reach)])
    return _longest_piece(line.intersection(polygon))


def _unit(start: Sequence[float], end: Sequence[float]) -> Point | None:
    length = math.dist(start, end)
    if length <= 1e-9:
        return None
    return ((end[0] - start[0]) / length, (end[1] - start[1]) / length)


def portal_line(footprint: Sequence[Point], wall_lines: Sequence[LineString],
                tree: STRtree | None = None) -> tuple[Point, Point]:
    """Where a door or gate closes (RULINGS E2): the line spanning its opening across the
    passage, in metres.

    The passage runs through the wall the door stands in, so the opening spans the
    footprint along that wall's line: of the wall centre lines (``wall_lines``, indexed by
    ``tree``) within reach whose line runs through the footprint, the one with wall on both
    sides of the door (else the nearest), followed through the footprint (the chord it
    cuts); where the wall's line passes beside the door, the side of the footprint that
    meets it. A door in no wall closes across its footprint's short side, through its
    middle. Any shape a GM draws or imports: a rectangle, a rounded arch, an L.
    """
    polygon = Polygon(footprint)
    corners = _rectangle(footprint)
    long_side = max(math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2]))
    reach = max(PORTAL_REACH_M, long_side)
    if wall_lines:
        indices = (tree.query(polygon, predicate="dwithin", distance=reach)
                   if tree is not None else range(len(wall_lines)))
        near = sorted((wall_lines[i] for i in indices), key=polygon.distance)
        near = [line for line in near if line.distance(polygon) <= reach]
        chords = []
        for line in near:
            coords = list(line.coords)
            direction = _unit(coords[0], coords[-1])
            if direction is None:
                continue
            chord = _through(polygon, coords[0], direction)
            if chord is not None:
                # The wall it stands in runs on both sides of it: better than a wall that
                # only ends against it (a corner, a wall along the passage).
                both = _runs_on_both_sides(chord, direction, near)
                chords.append((not both, line.distance(polygon), chord))
        if chords:
            chord = min(chords, key=lambda found: found[:2])[2]
            return (_xy(chord.coords[0]), _xy(chord.coords[-1]))
        for line in near:
            coords = list(line.coords)
            direction = _unit(coords[0], coords[-1])
            side = _side_along(corners, line, direction) if direction is not None else None
            if side is not None:
                return side
    # In no wall: across the short side, through the middle.
    a, b, c, _ = corners
    short = (a, b) if math.dist(a, b) <= math.dist(b, c) else (b, c)
    direction = _unit(*short)
    centre = _mid(a, c)
    if direction is not None:
        chord = _through(polygon, centre, direction)
        if chord is not None:
            return (_xy(chord.coords[0]), _xy(chord.coords[-1]))
    return short


def _runs_on_both_sides(chord: LineString, direction: Point,
                        lines: Sequence[LineString]) -> bool:
    """Whether wall lines along ``chord``'s line (parallel, within half a metre of it) lie
    beyond both of its ends."""
    (x0, y0), (x1, y1) = chord.coords[0], chord.coords[-1]
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    half = chord.length / 2
    beyond = set()
    for line in lines:
        coords = list(line.coords)
        unit = _unit(coords[0], coords[-1])
        if unit is None or abs(unit[0] * direction[0] + unit[1] * direction[1]) < 0.95:
            continue
        cx, cy = line.centroid.x - mx, line.centroid.y - my
        along = cx * direction[0] + cy * direction[1]
        if abs(cx * direction[1] - cy * direction[0]) <= 0.5 and abs(along) >= half:
            beyond.add(along > 0)
    return len(beyond) == 2


def _side_along(corners, line: LineString, direction: Point) -> tuple[Point, Point] | None:
    """The side of the footprint's rectangle that meets the wall ``line``: along it (within
    30 degrees) and the nearest to it; None when no side runs along it."""
    best = None
    for index in range(4):
        p, q = corners[index], corners[(index + 1) % 4]
        unit = _unit(p, q)
        if unit is None or abs(unit[0] * direction[0] + unit[1] * direction[1]) < PARALLEL_COS:
            continue
        distance = LineString([p, q]).distance(line)
        if best is None or distance < best[0]:
            best = (distance, (tuple(p), tuple(q)))
    return best[1] if best is not None else None


@dataclass
class Blocking:
    """What a siege blocks, in metres: wall lines, object outlines, closed portals, fires."""

    lines: list[list[Point]] = field(default_factory=list)
    objects: list[list[Point]] = field(default_factory=list)
    portals: list[tuple[Point, Point]] = field(default_factory=list)
    lights: list[tuple[Point, float]] = field(default_factory=list)


def _ring(points: Sequence[Sequence[float]]) -> list[Point]:
    ring = [(float(x), float(y)) for x, y in points]
    return ring + ring[:1] if ring and ring[0] != ring[-1] else ring


def blocking(siege: Siege) -> Blocking:
    """What stands and what is open in ``siege`` as RULINGS E1-E2 read it (module docstring)."""
    rules = ruleset_of(siege)
    found = Blocking()
    structures = list(siege.structures.values())
    # Every wall's line, whatever its state, segment by segment: a door stands in the line
    # of its wall.
    centres = {s.id: strip_centre_line(s.footprint) for s in structures if role(s) == "wall"}
    wall_lines = [LineString([a, b]) for line in centres.values()
                  for a, b in pairwise(line) if a != b]
    tree = STRtree(wall_lines) if wall_lines else None
    walls: dict[str, list[list[Point]]] = {}  # standing sections' centre lines, by wall
    for structure in structures:
        kind = role(structure)
        fallen = rules.breached(structure)
        ring = _ring(structure.footprint)
        if structure.cleared or kind == "open":
            pass
        elif fallen:
            found.objects.append(ring)  # its rubble: a gap that still shields
        elif kind == "portal":
            found.portals.append(portal_line(structure.footprint, wall_lines, tree))
        elif kind == "wall":
            walls.setdefault(structure.wall_id or structure.id, []).append(
                centres[structure.id])
        else:
            found.lines.append(ring)
            found.lines.extend(_ring(hole) for hole in structure.holes)
        if rules.state(structure).fire:
            polygon = Polygon(structure.footprint)
            minx, miny, maxx, maxy = polygon.bounds
            centre = polygon.representative_point()
            found.lights.append(((centre.x, centre.y),
                                 math.hypot(maxx - minx, maxy - miny) / 2 + 2 * GRID_M))
    for lines in walls.values():
        found.lines.extend(_joined(lines))
    return found


def _joined(lines: list[list[Point]]) -> list[list[Point]]:
    """The standing sections of one wall as the lines they make end to end: one line for an
    unbroken wall (as it was drawn or imported), a line each side of a breach."""
    if len(lines) == 1:
        return lines
    pieces = [[(round(x, 6), round(y, 6)) for x, y in line] for line in lines]
    merged = linemerge(MultiLineString(pieces))
    parts = [merged] if isinstance(merged, LineString) else list(merged.geoms)
    return [[(x, y) for x, y in part.coords] for part in parts]


def attribution_of(siege: Siege) -> list[str]:
    """The notices the map data asks to be shown with every product made from it
    (OpenStreetMap's ODbL among them), as the siege keeps them."""
    kept = siege.attribution
    if isinstance(kept, str):  # a single notice
        kept = [kept]
    return [text.strip() for text in kept if isinstance(text, str) and text.strip()]


def uvtt_document(siege: Siege, picture_png: bytes, frame: Bounds, pixels_per_grid: int,
                  *, cell_m: float = GRID_M, attribution: Sequence[str] = ()) -> dict:
    """The Universal VTT object of ``siege`` over ``frame`` (metres, whole cells of
    ``cell_m``), with ``picture_png`` covering it at ``pixels_per_grid`` a cell."""
    minx, miny, maxx, maxy = frame

    def cell(point: Point) -> dict[str, float]:
        return {"x": round((point[0] - minx) / cell_m, 6),
                "y": round((point[1] - miny) / cell_m, 6)}

    found = blocking(siege)
    portals = []
    for start, end in found.portals:
        portals.append({"position": cell(_mid(start, end)), "bounds": [cell(start), cell(end)],
                        "rotation": round(math.atan2(end[1] - start[1], end[0] - start[0]), 6),
                        "closed": True, "freestanding": False})
    document = {
        "format": FORMAT,
        "resolution": {"map_origin": {"x": 0, "y": 0},
                       "map_size": {"x": round((maxx - minx) / cell_m, 6),
                                    "y": round((maxy - miny) / cell_m, 6)},
                       "pixels_per_grid": int(pixels_per_grid)},
        "line_of_sight": [[cell(p) for p in line] for line in found.lines],
        "objects_line_of_sight": [[cell(p) for p in line] for line in found.objects],
        "portals": portals,
        "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
        "lights": [{"position": cell(centre), "range": round(reach / cell_m, 3),
                    "intensity": 1.0, "color": FIRE_COLOUR, "shadows": True}
                   for centre, reach in found.lights],
        "image": base64.b64encode(picture_png).decode("ascii"),
        "software": "siegeboard",
        "name": siege.name,
        "cell": {"metres": cell_m, "feet": round(cell_m / 0.3048, 3)},
    }
    if attribution:
        document["attribution"] = "; ".join(attribution)
    return document


def write_uvtt(path: str | Path, siege: Siege, picture_png: bytes, frame: Bounds,
               pixels_per_grid: int, *, cell_m: float = GRID_M) -> Path:
    """Write ``siege`` as a Universal VTT file at ``path`` (atomically); return the path.
    ``SiegeFileError`` in plain words when it cannot be written."""
    path = Path(path)
    if not 1 <= pixels_per_grid <= 20_000:
        raise SiegeFileError(f"the pixels a grid cell must be from 1 to 20,000, not "
                             f"{pixels_per_grid}")
    if not path.parent.is_dir():
        raise SiegeFileError(f"{path}: the folder {path.parent} does not exist")
    document = uvtt_document(siege, picture_png, frame, pixels_per_grid, cell_m=cell_m,
                             attribution=attribution_of(siege))
    data = json.dumps(document, separators=(",", ":")).encode("utf-8")
    try:
        atomic_write(path, lambda stream: stream.write(data))
    except OSError as error:
        raise SiegeFileError(f"cannot write {path}: {error.strerror or error}") from None
    return path
