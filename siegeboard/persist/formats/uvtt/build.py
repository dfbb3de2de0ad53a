"""What a Universal VTT map or a Foundry VTT scene becomes: its walls, portals and outlines
(in grid cells, as ``read`` or ``foundry`` parsed them) built into structures.

How a map becomes a siege (``UvttFormat.read``):

- the picture is the plan: ``pixels_per_grid`` over the GM's cell size (default 5 ft) gives its
  scale, and its top-left corner sits at ``map_origin`` x cell size, so a point's pixel is
  (point - map_origin) x pixels_per_grid and a point's metres are point x cell size: a cropped
  and an uncropped export of one map give the same structures, each on the same plan pixels;
- each ``line_of_sight`` polyline is one wall (H12): its centre line cut into the ruleset's
  sections by ``geometry.wall_sections`` as the Wall tool does, each carrying the wall's id,
  the whole wall's DP shared among them by ``rules.walls.wall_shares``; a closed polyline
  may become one building instead;
- a closed portal is a door (a gate when at least ``gate_width_m`` wide) set into its wall: a
  wall running through it is cut around it (section, door, section); Dungeondraft leaves that
  gap itself. An open portal (``closed: false``, usually a window) leaves the wall whole: the
  lines ending at its two sides are joined across it;
- everything is clipped to the picture (to ``map_size`` without one), reported;
- the picture is checked like every plan (``check_image``); an ``image`` that names a file is
  looked for only beside the imported file, by its base name.

A line, portal or outline that cannot become a structure is left out and reported, the rest
comes in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from pydantic import ValidationError
from shapely import STRtree
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge, unary_union

from siegeboard.geometry import wall_sections
from siegeboard.geometry.footprint import without_short_sides
from siegeboard.model.siege import MapImage, RulesetOptions, Siege
from siegeboard.model.structure import Structure
from siegeboard.persist.formats.base import (
    ImportedMap,
    ImportOptions,
    ImportReport,
    checked_import,
)
from siegeboard.persist.formats.uvtt.wall_map import (
    CUT,
    MAX_POINTS,
    MAX_SPAN_M,
    MEET,
    MIN_AREA_M2,
    SET_IN,
    Cells,
    Portal,
    Steps,
    WallMap,
    counted,
)
from siegeboard.persist.siege_file import SiegeFileError
from siegeboard.rules import registry
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import fresh_dice_seed
from siegeboard.rules.walls import wall_shares


@dataclass(eq=False)  # walls are told apart by identity: two may hold equal lines
class _Wall:
    """One wall: the file's line numbers it came from and its centre lines (cells)."""

    numbers: list[int]
    lines: list[list[Cells]]
    indexed: list[int] = field(default_factory=list)  # its lines' places in _Walls' tree

    @property
    def label(self) -> str:
        if len(self.numbers) == 1:
            return f"wall line {self.numbers[0]}"
        return f"wall lines {', '.join(map(str, self.numbers))} (joined)"


@dataclass
class _Outline:
    number: int
    what: str  # "wall line" or "object outline"
    polygons: list[Polygon] = field(default_factory=list)


def build_siege(document: WallMap, picture: tuple[str, bytes, tuple[int, int]] | None, path: Path,
                options: ImportOptions, report: ImportReport, step: Steps) -> ImportedMap:
    """The siege of a parsed map (walls, portals and outlines in cells) and its picture
    (member name, bytes, size in pixels; None without one), as the module's docstring says;
    Universal VTT files and Foundry VTT scenes (``foundry``) are built by it alike. ``options``
    must be resolved."""
    name = path.name
    images: dict[str, bytes] = {}
    member = None
    if picture is not None:
        member, data, (width, height) = picture
        images[member] = data
        extent = (width / document.pixels_per_grid, height / document.pixels_per_grid)
        if document.size is not None and any(
                abs(side * document.pixels_per_grid - pixels) > 1
                for side, pixels in zip(document.size, (width, height), strict=False)):
            report.notes.append(
                f"The picture is {width} x {height} px but the file gives a map of "
                f"{document.size[0]:g} x {document.size[1]:g} cells at "
                f"{document.pixels_per_grid:g} px a cell; siegeboard goes by the picture.")
    elif document.size is not None:
        extent = document.size
    else:
        raise SiegeFileError(f"{name} has neither a picture nor a map size, so where the "
                             f"map ends is unknown")
    if max(extent) * options.cell_m > MAX_SPAN_M:
        raise SiegeFileError(f"{name}: the map is {extent[0]:g} x {extent[1]:g} cells, more "
                             f"than the {MAX_SPAN_M / 1000:g} km a siege may span at "
                             f"{options.cell_m:g} m a cell")
    frame = box(document.origin[0], document.origin[1],
                document.origin[0] + extent[0], document.origin[1] + extent[1])
    step()
    builder = _Builder(document, options, report, frame, name)
    structures = builder.build(step)
    step.skip_to_last()
    siege_map = None
    if member is not None:
        siege_map = MapImage(member=member,
                             pixels_per_metre=document.pixels_per_grid / options.cell_m,
                             offset=(document.origin[0] * options.cell_m,
                                     document.origin[1] * options.cell_m))
        report.count_made("plan")
    try:
        siege = Siege(name=options.name or path.stem or "Imported map",
                      dice_seed=fresh_dice_seed(),
                      ruleset=options.ruleset, map=siege_map,
                      structures={s.id: s for s in structures})
    except ValidationError as error:
        raise SiegeFileError(f"cannot import {name}: "
                             f"{error.errors()[0]['msg'].removeprefix('Value error, ')}"
                             ) from None
    step()
    return checked_import(ImportedMap(siege=siege, images=images, report=report), path.name)


class _Builder:
    """Turns the parsed map into structures, clipping to ``frame`` (cells) and reporting."""

    def __init__(self, document: WallMap, options: ImportOptions, report: ImportReport,
                 frame: Polygon, name: str):
        self.document, self.options, self.report, self.frame = document, options, report, frame
        self.name = name
        self.cell_m = options.cell_m
        self.walls_made = 0  # the walls made so far: the next one's id
        self.ruleset = options.ruleset
        self.section_m = registry.ruleset(options.ruleset).section_length(RulesetOptions())
        self.structures: list[Structure] = []

    # -- the whole import ------------------------------------------------------------------
    def build(self, step) -> list[Structure]:
        walls: list[_Wall] = []
        buildings: list[_Outline] = []
        for number, line in enumerate(self.document.lines, start=1):
            if line is None:
                continue
            if self.options.closed_as == "buildings" and _is_closed(line):
                buildings.append(self._outline(number, "wall line", line))
            else:
                walls.append(_Wall(numbers=[number], lines=[line], indexed=[len(walls)]))
        near = _Near(walls)
        portals = [p for p in self.document.portals if p is not None]
        for portal in portals:
            if not portal.closed:
                self._keep_whole(walls, near, portal)
        for portal in portals:
            if portal.closed:
                self._set_in(near, portal)
                self._cut_around(near, portal)
        step()
        for wall in walls:
            self._clip_wall(wall)
            self._add_wall(wall)
            step()
        for portal in portals:
            if portal.closed:
                self._add_door(portal)
                step()
        for outline in buildings:
            self._add_outline(outline, "building", self.options.building_kind)
            step()
        objects = [line for line in self.document.objects if line is not None]
        if self.options.objects:
            for number, line in enumerate(self.document.objects, start=1):
                if line is not None:
                    self._add_outline(self._outline(number, "object outline", line), "object",
                                      self.options.object_kind)
                    step()
        elif objects:
            self.report.notes.append(f"{counted(len(objects), 'object outline')} (pillars, "
                                     f"furniture) not brought in; choose objects to have "
                                     f"them.")
        return self.structures

    # -- portals ---------------------------------------------------------------------------
    def _keep_whole(self, walls: list[_Wall], near: _Near, portal: Portal) -> None:
        """An open portal: join the lines that end at its two sides across it."""
        first, second = near.ending_at(portal.start), near.ending_at(portal.end)
        where = f"window (open portal {portal.number}) at {_cells(portal.start, portal.end)}"
        if first is not None and second is not None and first is not second:
            first.lines[0] = (_ending_at(first.lines[0], portal.start)
                              + _starting_at(second.lines[0], portal.end))
            first.numbers += second.numbers
            near.merge(second, into=first)
            walls.remove(second)
            self.report.notes.append(f"The {where} leaves its wall whole: "
                                     f"{first.label} made one wall across it.")
        elif first is not None or second is not None:
            # One line ends here (both its ends, for a room closed by the window): carry it
            # on across to the other side.
            wall, side, other = ((first, portal.start, portal.end) if first is not None
                                 else (second, portal.end, portal.start))
            assert wall is not None  # one of the two is
            wall.lines[0] = _ending_at(wall.lines[0], side) + [other]
            self.report.notes.append(f"The {where} leaves its wall whole: {wall.label} "
                                     f"goes on across it.")
        elif any(_runs_along(line, portal) for wall in near.around(portal.start, portal.end)
                 for line in wall.lines):
            self.report.notes.append(f"The {where} leaves its wall whole (the wall runs "
                                     f"through it).")
        else:
            self.report.notes.append(f"The {where} stands in no wall line: nothing made.")

    def _set_in(self, near: _Near, portal: Portal) -> None:
        """A door that stands free beside a wall line (Dungeondraft's freestanding doors are
        laid over a wall by hand, a little off it or a little askew): moved onto the line, so
        that ``_cut_around`` sets it into that wall. A door already in a line (one running
        through it or ending at its sides) is left as it is."""
        lines = [(wall, line) for wall in near.around(portal.start, portal.end, SET_IN)
                 for line in wall.lines]
        if any(_runs_along(line, portal) or any(
                math.dist(line[end], side) <= MEET for end in (0, -1)
                for side in (portal.start, portal.end)) for _, line in lines):
            return
        segment = LineString([portal.start, portal.end])
        strip = segment.buffer(SET_IN, cap_style="flat")
        best: tuple[float, _Wall, Cells, Cells] | None = None
        for wall, line in lines:
            shape = LineString(line)
            along = shape.intersection(strip).length
            if along < segment.length / 2:
                continue
            start = shape.interpolate(shape.project(Point(portal.start)))
            end = shape.interpolate(shape.project(Point(portal.end)))
            moved = max(Point(portal.start).distance(start), Point(portal.end).distance(end))
            if start.distance(end) < segment.length / 2 or moved > SET_IN * 1.5:
                continue  # the line turns away under the door: not the wall it stands in
            if best is None or moved < best[0]:
                best = (moved, wall, (start.x, start.y), (end.x, end.y))
        if best is None:
            return
        moved, wall, portal.start, portal.end = best
        self.report.notes.append(
            f"Door {portal.number} stood free {moved:.2f} cells off {wall.label} (a "
            f"freestanding door laid over the wall): it was set into that wall.")

    def _cut_around(self, near: _Near, portal: Portal) -> None:
        """A closed portal on a wall that runs through it: cut the wall around it."""
        strip = LineString([portal.start, portal.end]).buffer(CUT, cap_style="flat")
        cut = False
        nearby = near.around(portal.start, portal.end)
        for wall in nearby:
            cut_any = False
            kept: list[list[Cells]] = []
            for line in wall.lines:
                if not _runs_along(line, portal):
                    kept.append(line)
                    continue
                cut_any = True
                rest = LineString(line).difference(strip)
                if _is_closed(line):
                    rest = linemerge(_line_parts(rest)) if _line_parts(rest) else rest
                kept.extend([(x, y) for x, y in part.coords] for part in _line_parts(rest)
                            if part.length > MEET)
            if cut_any:
                wall.lines = kept
                self.report.notes.append(f"{wall.label.capitalize()} ran through door "
                                         f"{portal.number}: cut around it.")
                cut = True
        if cut or any(math.dist(line[end], side) <= MEET for wall in nearby
                      for line in wall.lines for end in (0, -1)
                      for side in (portal.start, portal.end)):
            return
        ends = [wall for wall in near.around(portal.start, portal.end, SET_IN)
                if any(math.dist(line[end], side) <= SET_IN for line in wall.lines
                       for end in (0, -1) for side in (portal.start, portal.end))]
        if ends:
            self.report.notes.append(
                f"Door {portal.number} at {_cells(portal.start, portal.end)} stands in the gap "
                f"at the end of {' and '.join(wall.label for wall in ends)}, a little apart "
                f"from it: it came in there, the wall left as drawn.")
        else:
            self.report.notes.append(
                f"Door {portal.number} at {_cells(portal.start, portal.end)} stands in no wall "
                f"line (none runs through it or ends beside it); it came in on its own.")

    # -- clipping --------------------------------------------------------------------------
    def _clip_wall(self, wall: _Wall) -> None:
        before = sum(LineString(line).length for line in wall.lines)
        kept: list[list[Cells]] = []
        for line in wall.lines:
            inside = LineString(line).intersection(self.frame)
            parts = _line_parts(inside)
            if _is_closed(line) and len(parts) > 1:
                parts = _line_parts(linemerge(parts))
            kept.extend([(x, y) for x, y in part.coords] for part in parts if part.length > MEET)
        after = sum(LineString(line).length for line in kept)
        if not kept:
            self.report.skipped.append(f"{wall.label.capitalize()} lies wholly outside the "
                                       f"picture.")
        elif before - after > MEET:
            self.report.clipped.append(
                f"{wall.label.capitalize()}: {before - after:.2f} of its {before:.2f} cells lay "
                f"outside the picture and were cut off.")
        wall.lines = kept

    def _clip_polygon(self, polygon: Polygon, label: str) -> list[Polygon]:
        inside = polygon.intersection(self.frame)
        parts = [part for part in _polygon_parts(inside) if part.area > 0]
        if not parts:
            self.report.skipped.append(f"{label.capitalize()} lies wholly outside the picture.")
        elif polygon.area - inside.area > MEET * MEET:
            self.report.clipped.append(
                f"{label.capitalize()}: {100 * (1 - inside.area / polygon.area):.0f}% of it lay "
                f"outside the picture and was cut off.")
        return parts

    # -- making structures -----------------------------------------------------------------
    def _add_wall(self, wall: _Wall) -> None:
        if not wall.lines:
            return
        thickness, kind = self.options.wall_thickness_m, self.options.wall_kind
        number = wall.numbers[0]
        sections: list[tuple[float, Polygon]] = []
        for line in wall.lines:
            for piece in _simple_pieces(LineString(self._metres(_seam_on_edge(line)))):
                section_m = self.section_m
                if piece.is_closed:
                    # One section of a closed line would be a ring with a hole; two are not.
                    section_m = min(section_m, piece.length / 2)
                try:
                    cut = wall_sections([(x, y) for x, y in piece.coords], thickness, section_m)
                except ValueError as error:
                    self.report.skipped.append(f"A piece of {wall.label}: {error}.")
                    continue
                sections.extend((section.length_m, section.footprint) for section in cut)
        made = []  # (length, place in self.structures)
        for index, (length, footprint) in enumerate(sections, start=1):
            structure = self._structure(
                kind, footprint, f"Wall {number}, section {index}",
                f"{wall.label} of {self.name}, section {index} of {len(sections)}")
            if structure is not None:
                made.append((length, len(self.structures) - 1))
        if not made:
            return
        # H12: one wall (its sections carry its id, as the Wall tool's do), one structure's
        # worth of DP shared among its sections by length (``rules.walls``).
        self.walls_made += 1
        wall_id = f"w{self.walls_made}"
        pieces = [self.structures[at].model_copy(update={"wall_id": wall_id})
                  for _, at in made]
        for (_, at), section, share in zip(made, pieces, wall_shares(pieces), strict=True):
            self.structures[at] = section.model_copy(update={"dp": share, "dp_original": share})
        self.report.count_made("walls")
        self.report.count_made("wall sections", len(made))

    def _add_door(self, portal: Portal) -> None:
        segment = LineString([portal.start, portal.end]).intersection(self.frame)
        parts = [part for part in _line_parts(segment) if part.length > MEET]
        label = f"door {portal.number}"
        if not parts:
            self.report.skipped.append(f"{label.capitalize()} lies wholly outside the picture.")
            return
        if segment.length < LineString([portal.start, portal.end]).length - MEET:
            self.report.clipped.append(f"{label.capitalize()} reached outside the picture and "
                                       f"was cut to it.")
        line = LineString(self._metres(list(parts[0].coords)))
        gate = line.length >= self.options.gate_width_m
        kind = self.options.gate_kind if gate else self.options.door_kind
        footprint = line.buffer(self.options.wall_thickness_m / 2, cap_style="flat",
                                join_style="mitre")
        noun = "Gate" if gate else "Door"
        structure = self._structure(kind, footprint, f"{noun} {portal.number}",
                                    f"portal {portal.number} of {self.name}, closed")
        if structure is not None:
            self.report.count_made("gates" if gate else "doors")

    def _outline(self, number: int, what: str, line: list[Cells]) -> _Outline:
        outline = _Outline(number=number, what=what)
        ring = line if not _is_closed(line) else line[:-1]
        if len(ring) < 3:
            self.report.skipped.append(f"{what.capitalize()} {number} has fewer than three "
                                       f"corners.")
            return outline
        polygon = Polygon(ring)
        if not polygon.is_valid:
            polygon = max(_polygon_parts(shapely.make_valid(polygon)), key=lambda p: p.area,
                          default=Polygon())
            self.report.notes.append(f"{what.capitalize()} {number} crossed itself; its "
                                     f"largest part came in.")
        if polygon.is_empty or polygon.area <= 0:
            self.report.skipped.append(f"{what.capitalize()} {number} encloses no area.")
            return outline
        outline.polygons = self._clip_polygon(polygon, f"{what} {number}")
        return outline

    def _add_outline(self, outline: _Outline, noun: str, kind: str | None) -> None:
        for index, polygon in enumerate(outline.polygons, start=1):
            metres = Polygon(self._metres(list(polygon.exterior.coords)))
            suffix = f" part {index}" if len(outline.polygons) > 1 else ""
            structure = self._structure(kind, metres, f"{noun.capitalize()} {outline.number}"
                                        f"{suffix}", f"{outline.what} {outline.number} of "
                                        f"{self.name}{suffix}")
            if structure is not None:
                self.report.count_made(f"{noun}s")

    def _structure(self, kind: str | None, footprint: Polygon, name: str, origin: str
                   ) -> Structure | None:
        """A pristine structure of ``kind`` on ``footprint`` (metres), or None, reported,
        when the footprint is not one a siege may hold (R4)."""
        assert kind is not None  # the options are resolved: every kind is filled
        if footprint.geom_type != "Polygon" or footprint.is_empty:
            self.report.skipped.append(f"{origin.capitalize()}: its footprint is not one piece.")
            return None
        footprint = without_short_sides(footprint)  # R4: no side under 5 cm
        if footprint.area < MIN_AREA_M2:
            self.report.skipped.append(
                f"{origin.capitalize()}: {footprint.area:.2f} m2 is smaller than the "
                f"{MIN_AREA_M2} m2 a structure needs.")
            return None
        # A wiggly cave wall's buffer can close on itself around a speck of floor: the
        # footprint is its outline.
        ring = [(round(x, 9), round(y, 9)) for x, y in footprint.exterior.coords[:-1]]
        if len(ring) > MAX_POINTS:
            self.report.skipped.append(f"{origin.capitalize()}: {len(ring):,} corners, more "
                                       f"than the {MAX_POINTS:,} a footprint may have.")
            return None
        structure_id = f"s{len(self.structures) + 1}"
        try:
            structure = new_structure(self.ruleset, kind, structure_id, ring, name=name,
                                      stories=self.options.stories)
        except ValueError as error:
            message = (error.errors()[0]["msg"] if isinstance(error, ValidationError)
                       else str(error)).removeprefix("Value error, ")
            self.report.skipped.append(f"{origin.capitalize()}: {message}.")
            return None
        structure.gm_notes = f"Imported from {origin}."
        self.structures.append(structure)
        return structure

    def _metres(self, points: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
        return [(x * self.cell_m, y * self.cell_m) for x, y in points]


# --------------------------------------------------------------------------- geometry helpers


def _is_closed(line: Sequence[Cells]) -> bool:
    return len(line) >= 4 and math.dist(line[0], line[-1]) <= MEET


def _seam_on_edge(line: list[Cells]) -> list[Cells]:
    """A closed line restarted at the middle of its longest edge: its sections' square ends
    then meet along a straight stretch, not at a corner where they would leave a notch."""
    if not _is_closed(line):
        return line
    ring = line[:-1]
    longest = max(range(len(ring)), key=lambda i: math.dist(ring[i], ring[(i + 1) % len(ring)]))
    a, b = ring[longest], ring[(longest + 1) % len(ring)]
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    turned = [middle] + ring[longest + 1:] + ring[:longest + 1]
    return turned + [middle]


class _Near:
    """Which walls lie near a portal, through one STRtree of the file's wall lines.

    Joining and cutting change the walls, but a wall stays within its own file lines plus the
    windows it was joined across, so the tree of the original lines still finds every
    candidate; ``merge`` records that a joined line now belongs to another wall.
    """

    def __init__(self, walls: list[_Wall]):
        self.owners = list(walls)
        self.tree = STRtree([LineString(wall.lines[0]) for wall in walls])

    def around(self, start: Cells, end: Cells, within: float = CUT) -> list[_Wall]:
        """The walls that may come ``within`` cells of the segment start-end, in the file's
        order."""
        if not self.owners:
            return []
        reach = LineString([start, end]).buffer(within + MEET)
        found: dict[int, _Wall] = {}
        for index in sorted(self.tree.query(reach).tolist()):
            wall = self.owners[index]
            found.setdefault(id(wall), wall)
        return list(found.values())

    def ending_at(self, point: Cells) -> _Wall | None:
        """The first wall whose one open line ends at ``point``."""
        for wall in self.around(point, point):
            if len(wall.lines) == 1 and not _is_closed(wall.lines[0]) and any(
                    math.dist(wall.lines[0][end], point) <= MEET for end in (0, -1)):
                return wall
        return None

    def merge(self, wall: _Wall, *, into: _Wall) -> None:
        for index in wall.indexed:
            self.owners[index] = into
        into.indexed += wall.indexed


def _ending_at(line: list[Cells], point: Cells) -> list[Cells]:
    """``line`` oriented so that it ends at ``point`` (one of its ends)."""
    return list(line) if math.dist(line[-1], point) <= MEET else list(reversed(line))


def _starting_at(line: list[Cells], point: Cells) -> list[Cells]:
    return list(reversed(_ending_at(line, point)))


def _runs_along(line: Sequence[Cells], portal: Portal) -> bool:
    """Whether ``line`` runs along the portal for at least half its width."""
    segment = LineString([portal.start, portal.end])
    strip = segment.buffer(CUT, cap_style="flat")
    return LineString(line).intersection(strip).length >= segment.length / 2


def _line_parts(geometry: BaseGeometry) -> list[LineString]:
    if geometry.is_empty:
        return []
    if isinstance(geometry, LineString):
        return [geometry]
    if hasattr(geometry, "geoms"):
        return [part for item in geometry.geoms for part in _line_parts(item)]
    return []


def _polygon_parts(geometry: BaseGeometry) -> list[Polygon]:
    if geometry.is_empty:
        return []
    if isinstance(geometry, Polygon):
        return [geometry]
    if hasattr(geometry, "geoms"):
        return [part for item in geometry.geoms for part in _polygon_parts(item)]
    return []


def _simple_pieces(line: LineString) -> list[LineString]:
    """``line`` itself when it does not cross itself, else its pieces between crossings."""
    if line.is_simple:
        return [line]
    return _line_parts(unary_union(line))


def _cells(start: Cells, end: Cells) -> str:
    return f"({(start[0] + end[0]) / 2:g}, {(start[1] + end[1]) / 2:g})"
