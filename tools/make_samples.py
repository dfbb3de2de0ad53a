"""Make siegeboard's sample sieges: the castle plan image and the two .siege files.

Run ``.venv/bin/python tools/make_samples.py``: it writes ``maps/castle_plan.png`` (an "old
map" plan drawn here with Pillow, shipped as an example map too), and the package data
``resources/samples/castle.siege`` (ruleset ``harris``) and
``resources/samples/castle_armory.siege`` (ruleset ``armory``). The output is the same on
every run: the parchment's noise comes from a fixed seed and the structures from fixed
coordinates.

The plan is drawn from the very shapes the structures are built from (``SITES`` and
``WALLS`` below), so every footprint lies over its drawing. Map metres: x east, y south, the
image's top-left corner is (0, 0) and the grid origin, so the square labels start at A1 there.

``build_siege(ruleset)``, ``render_plan()`` and ``write_samples(directory)`` are importable;
the tests build the sieges in-process and compare them with the shipped samples.
"""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from shapely.affinity import translate
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from siegeboard.model import Battery, MapImage, RulesetOptions, Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import catalogue
from siegeboard.rules.walls import draw_wall, section_count

ROOT = Path(__file__).resolve().parents[1]
SAMPLES_DIR = ROOT / "resources" / "samples"
PLAN_PATH = ROOT / "maps" / "castle_plan.png"  # an example map too (maps/castle_plan.json)
PLAN_MEMBER = "castle_plan.png"
SAMPLE_FILES = {"harris": "castle.siege", "armory": "castle_armory.siege"}

PIXELS_PER_METRE = 16
GROUND_M = (150, 110)  # 15 x 11 squares of 10 m: A1 at the top left, O11 at the bottom right
IMAGE_PX = (GROUND_M[0] * PIXELS_PER_METRE, GROUND_M[1] * PIXELS_PER_METRE)
CASTLE = "Harrowmere"
SEED = 1647

Point2 = tuple[float, float]

# --------------------------------------------------------------------------------------------
# The layout, in map metres. Everything below is drawn and built from these shapes.
# --------------------------------------------------------------------------------------------

WALL_THICKNESS_M = 2.0  # the text's curtain wall: 30 m x 2 m = 15 squares
TOWER_RADIUS_M = 5.5
TOWER_CENTRES = {"nw": (38.0, 22.0), "ne": (108.0, 22.0), "sw": (38.0, 72.0), "se": (108.0, 72.0)}
TOWER_NAMES = {"nw": "North-west tower", "ne": "North-east tower",
               "sw": "South-west tower", "se": "South-east tower"}

# Curtain walls run from tower edge to tower edge (and to the gatehouse), each a multiple of
# 20 m so that both 10 m (harris) and 4 m (armory) sections come out at their full length.
WALLS: dict[str, list[list[Point2]]] = {
    "N": [[(43.0, 22.0), (103.0, 22.0)]],
    "E": [[(108.0, 27.0), (108.0, 67.0)]],
    "S": [[(43.0, 72.0), (63.0, 72.0)], [(83.0, 72.0), (103.0, 72.0)]],
    "W": [[(38.0, 27.0), (38.0, 67.0)]],
}
WALL_SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def circle(centre: Point2, radius: float, corners: int = 24) -> Polygon:
    """A regular polygon with ``corners`` vertices on the circle (deterministic, unlike buffer)."""
    cx, cy = centre
    return Polygon([(cx + radius * math.cos(2 * math.pi * k / corners),
                     cy + radius * math.sin(2 * math.pi * k / corners)) for k in range(corners)])


def ring_of(polygon: Polygon) -> tuple[Point2, ...]:
    """The exterior ring, rounded to the millimetre, without the repeated closing point."""
    if not isinstance(polygon, Polygon) or polygon.interiors:
        raise ValueError(f"a footprint must be one polygon without holes, not {polygon.geom_type}")
    points = [(round(x, 3) + 0.0, round(y, 3) + 0.0) for x, y in polygon.exterior.coords[:-1]]
    return tuple(points)


@dataclass(frozen=True)
class Site:
    """One structure of the plan (walls apart): ``role`` picks its kind in each ruleset."""

    key: str
    name: str
    role: str
    footprint: tuple[Point2, ...]
    occupants: tuple[str, ...] = ()
    stories: int | None = None
    rulesets: frozenset[str] = frozenset({"harris", "armory"})

    @property
    def polygon(self) -> Polygon:
        return Polygon(self.footprint)


# Kinds per role and ruleset (rules/<ruleset>/catalogue.json).
KINDS: dict[str, dict[str, str]] = {
    "harris": {
        "wall": "curtain_wall", "tower": "tower", "gatehouse": "gatehouse", "keep": "keep",
        "hall": "townhouse", "chapel": "church", "timber": "timber_house",
        "farmhouse": "brick_farmhouse",
        "bunker": "bunker", "bridge": "stone_bridge",
    },
    "armory": {
        "wall": "stone_curtain_wall", "tower": "stone_tower", "gate_tower": "stone_tower",
        "gate": "castle_gate_portcullis", "keep": "stone_tower", "hall": "brick_house",
        "chapel": "brick_house",
        "timber": "timber_house", "farmhouse": "brick_house", "bunker": "timber_earth_bunker",
        "bridge": "stone_bridge", "siege_tower": "siege_tower", "ram_shed": "ram_shed",
        "camp": "camp",
    },
}

HARRIS_ONLY = frozenset({"harris"})
ARMORY_ONLY = frozenset({"armory"})


def _gatehouse_parts() -> dict[str, Polygon]:
    """The gatehouse: two D-fronted flanking towers and the gate passage between them."""
    def flank(x0: float, x1: float) -> Polygon:
        middle = (x0 + x1) / 2
        front = circle((middle, 76.5), (x1 - x0) / 2, 24)
        return unary_union([box(x0, 65.0, x1, 76.5), front])
    return {"west": flank(63.0, 70.0), "east": flank(76.0, 83.0),
            "gate": box(70.0, 65.0, 76.0, 76.0)}


def _keep() -> Polygon:
    turrets = [box(x, y, x + 3, y + 3) for x in (45.0, 60.0) for y in (29.0, 44.0)]
    return unary_union([box(46.0, 30.0, 62.0, 46.0), *turrets])


def _chapel() -> Polygon:
    return unary_union([box(90.0, 44.0, 101.0, 52.0), circle((101.0, 48.0), 3.5, 24)])


def _camp_ground() -> Polygon:
    return Polygon([(3.0, 95.0), (30.0, 93.0), (40.0, 99.0), (38.0, 108.0), (4.0, 108.0)])


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point2, ...]:
    return ring_of(box(x0, y0, x1, y1))


@cache
def sites() -> tuple[Site, ...]:
    """Every structure of the plan but the curtain walls, in the files' order."""
    gate = _gatehouse_parts()
    towers = tuple(
        Site(f"tower-{key}", TOWER_NAMES[key], "tower", ring_of(circle(centre, TOWER_RADIUS_M)),
             occupants=occupants)
        for (key, centre), occupants in zip(TOWER_CENTRES.items(), (
            ("Crossbowman Giles", "Crossbowman Piers"), ("Archer Edwin",),
            ("Archer Roger", "Archer Wat"), ("Gunner Hamo",)), strict=True))
    return towers + (
        Site("gatehouse", "Gatehouse", "gatehouse", ring_of(unary_union(list(gate.values()))),
             occupants=("Porter Osric", "Sergeant Hobb", "Crossbowman Alan"),
             rulesets=HARRIS_ONLY),
        Site("gatehouse-west", "Gatehouse, west tower", "gate_tower", ring_of(gate["west"]),
             occupants=("Sergeant Hobb", "Crossbowman Alan"), rulesets=ARMORY_ONLY),
        Site("gatehouse-east", "Gatehouse, east tower", "gate_tower", ring_of(gate["east"]),
             occupants=("Porter Osric",), rulesets=ARMORY_ONLY),
        Site("gate", "Castle gate and portcullis", "gate", ring_of(gate["gate"]),
             rulesets=ARMORY_ONLY),
        Site("keep", "The Keep", "keep", ring_of(_keep()),
             occupants=("Lord Aldric Vane", "Lady Maud Vane", "Steward Godric", "Captain Ralf")),
        Site("great-hall", "Great Hall", "hall", _rect(70.0, 27.0, 96.0, 37.0),
             occupants=("Cook Agnes", "Scullion Tom")),
        Site("chapel", "Chapel", "chapel", ring_of(_chapel()), occupants=("Father Anselm",)),
        Site("stables", "Stables", "timber", _rect(41.0, 53.0, 49.0, 67.0),
             occupants=("Groom Dickon",)),
        Site("smithy", "Smithy", "timber", _rect(53.0, 56.0, 61.0, 62.0),
             occupants=("Smith Ulf",)),
        Site("barracks", "Barracks", "timber", _rect(88.0, 58.0, 104.0, 66.0),
             occupants=("Man-at-arms Colin", "Man-at-arms Jordan", "Man-at-arms Hugh")),
        Site("bridge", "Moat bridge", "bridge", _rect(70.0, 76.0, 76.0, 95.0)),
        Site("bunker", "Bunker", "bunker", _rect(58.0, 96.0, 64.0, 100.0),
             occupants=("Corporal Nance", "Gunner Tam")),
        Site("mill-house", "Miller's house", "farmhouse", _rect(96.0, 96.0, 106.0, 102.0),
             occupants=("Miller Cuthbert",)),
        Site("cottage-1", "Cottage", "timber", _rect(84.0, 97.0, 92.0, 103.0)),
        Site("cottage-2", "Cottage", "timber", _rect(110.0, 97.0, 117.0, 103.0)),
        Site("alehouse", "Alehouse", "timber", _rect(132.0, 62.0, 140.0, 72.0),
             occupants=("Alewife Joan",)),
        Site("farmhouse", "Farmhouse", "farmhouse", _rect(134.0, 78.0, 144.0, 85.0)),
        Site("siege-tower", "Siege tower", "siege_tower", _rect(8.0, 40.0, 14.0, 46.0),
             rulesets=ARMORY_ONLY),
        Site("ram-shed", "Ram shed", "ram_shed", _rect(71.0, 100.0, 75.0, 108.0),
             rulesets=ARMORY_ONLY),
        Site("camp", "Besiegers' camp", "camp", ring_of(_camp_ground()), rulesets=ARMORY_ONLY),
    )


WEST_BATTERY: Point2 = (9.0, 70.0)
EAST_BATTERY: Point2 = (136.0, 41.0)

# (id, name, weapon id, side, position, target id); targets are resolved per ruleset.
BATTERIES: dict[str, list[tuple[str, str, str, str, Point2, str | None]]] = {
    "harris": [
        ("great-battery", "Great Battery", "he_shell", "besieger", WEST_BATTERY, "wall-w4"),
        ("tank", "Tank", "tank_gun", "besieger", EAST_BATTERY, "tower-ne"),
    ],
    "armory": [
        ("bombard", "Bombard", "cannon", "besieger", WEST_BATTERY, "wall-w9"),
        ("trebuchet", "Trebuchet", "trebuchet", "besieger", EAST_BATTERY, "wall-e3"),
        ("tower-gun", "Tower gun", "heavy_gun", "defender", TOWER_CENTRES["nw"], "siege-tower"),
        ("gate-archers", "Gate archers", "bow", "defender", (66.5, 72.0), "camp"),
    ],
}


# --------------------------------------------------------------------------------------------
# The sieges
# --------------------------------------------------------------------------------------------

def section_length_m(ruleset: str, options: RulesetOptions | None = None) -> float:
    """The configured wall section length of ``ruleset`` (H12, A1)."""
    options = options or RulesetOptions()
    return options.harris_section_m if ruleset == "harris" else options.armory_section_m


def wall_polygon() -> Polygon:
    """Every curtain wall as one shape: the union of its sections in either ruleset."""
    lines = [LineString(line) for pieces in WALLS.values() for line in pieces]
    return unary_union([line.buffer(WALL_THICKNESS_M / 2, cap_style="flat", join_style="mitre")
                        for line in lines])


def _wall_structures(ruleset: str, section_m: float) -> list:
    """Each curtain wall line drawn as the window's Wall tool draws it (``draw_wall``): its
    sections share one wall's DP (H12)."""
    structures = []
    for side, pieces in WALLS.items():
        number = 0
        for part, line in enumerate(pieces, 1):
            count = section_count(line, WALL_THICKNESS_M, section_m)
            numbers = range(number + 1, number + count + 1)
            number += count
            wall_id = f"wall-{side.lower()}" + (f"-{part}" if len(pieces) > 1 else "")
            structures += draw_wall(
                ruleset, KINDS[ruleset]["wall"], line, WALL_THICKNESS_M, section_m,
                [f"wall-{side.lower()}{n}" for n in numbers], wall_id=wall_id,
                names=[f"Curtain wall {side}{n}" for n in numbers])
    return structures


def _check_catalogue(ruleset: str) -> None:
    """Refuse to build on a catalogue that lacks a kind or a weapon the sample uses."""
    book = catalogue(ruleset)
    roles = {"wall"} | {site.role for site in sites() if ruleset in site.rulesets}
    missing_kinds = sorted({KINDS[ruleset][role] for role in roles} - set(book.kinds))
    weapon_ids = {weapon.id for weapon in book.weapons}
    missing_weapons = sorted({row[2] for row in BATTERIES[ruleset]} - weapon_ids)
    problems = []
    if missing_kinds:
        problems.append(f"structure kinds {', '.join(missing_kinds)}")
    if missing_weapons:
        problems.append(f"weapons {', '.join(missing_weapons)}")
    if problems:
        raise ValueError(
            f"rules/{ruleset}/catalogue.json lacks the {' and the '.join(problems)} that the "
            f"sample siege uses; add them to the catalogue, then run tools/make_samples.py again")


def build_siege(ruleset: str) -> Siege:
    """The sample siege of ``ruleset`` ("harris" or "armory"), laid over ``castle_plan.png``."""
    if ruleset not in KINDS:
        raise ValueError(f"ruleset must be one of {', '.join(KINDS)}, not {ruleset!r}")
    _check_catalogue(ruleset)
    options = RulesetOptions()
    structures = _wall_structures(ruleset, section_length_m(ruleset, options))
    structures += [
        new_structure(ruleset, KINDS[ruleset][site.role], site.key, site.footprint,
                      name=site.name, stories=site.stories, occupants=site.occupants)
        for site in sites() if ruleset in site.rulesets]
    batteries = [Battery(id=key, name=name, weapon_id=weapon, side=side, position=position,
                         target_id=target)
                 for key, name, weapon, side, position, target in BATTERIES[ruleset]]
    title = f"The Siege of {CASTLE}" + (" (Heavy Armory)" if ruleset == "armory" else "")
    return Siege(
        name=title, ruleset=ruleset, options=options,
        map=MapImage(member=PLAN_MEMBER, pixels_per_metre=PIXELS_PER_METRE, offset=(0.0, 0.0)),
        label_anchor=(0.0, 0.0),  # R0b: A1 holds the plan's north-west corner
        structures={structure.id: structure for structure in structures},
        weapons={weapon.id: weapon for weapon in catalogue(ruleset).weapons},
        batteries={battery.id: battery for battery in batteries},
    )


def write_samples(directory: Path = SAMPLES_DIR, plan_png: bytes | None = None,
                  plan_path: Path | None = None) -> dict[str, Path]:
    """Write both sieges into ``directory`` and the plan to ``plan_path`` (default: beside
    them); returns the written paths by name.

    ``plan_png`` reuses an already rendered plan (the tests pass maps/castle_plan.png).
    """
    directory.mkdir(parents=True, exist_ok=True)
    # Build both sieges first, so a catalogue that lacks something leaves the folder untouched.
    sieges = {ruleset: build_siege(ruleset) for ruleset in SAMPLE_FILES}
    png = render_plan() if plan_png is None else plan_png
    written = {PLAN_MEMBER: plan_path or directory / PLAN_MEMBER}
    written[PLAN_MEMBER].write_bytes(png)
    for ruleset, name in SAMPLE_FILES.items():
        written[name] = directory / name
        write_siege(written[name], SiegeFile(sieges[ruleset], images={PLAN_MEMBER: png}),
                    backup=False)  # regenerated from this script: no .bak to keep
    return written


# --------------------------------------------------------------------------------------------
# The plan image
# --------------------------------------------------------------------------------------------

SUPERSAMPLE = 2  # drawn at twice the size and reduced: Pillow's lines are not antialiased
SCALE = PIXELS_PER_METRE * SUPERSAMPLE
CANVAS = (IMAGE_PX[0] * SUPERSAMPLE, IMAGE_PX[1] * SUPERSAMPLE)

PARCHMENT = (233, 219, 184)
INK = (64, 42, 24)
RED_INK = (138, 44, 30)
WASHES = {  # multiplied into the parchment: (colour, strength)
    "water": ((150, 178, 176), 0.85),
    "road": ((214, 186, 140), 0.55),
    "field": ((196, 200, 140), 0.30),
    "timber": ((212, 164, 96), 0.75),
    "brick": ((190, 104, 78), 0.65),
    "stone": ((182, 170, 150), 0.55),
    "concrete": ((160, 160, 152), 0.85),
    "camp": ((205, 170, 120), 0.35),
}


def _font(size_m: float, style: str = "") -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Serif (Italic/Bold) when installed, else Pillow's own font, at a size in metres."""
    size = max(8, int(size_m * SCALE))
    name = {"": "DejaVuSerif.ttf", "italic": "DejaVuSerif-Italic.ttf",
            "bold": "DejaVuSerif-Bold.ttf", "bolditalic": "DejaVuSerif-BoldItalic.ttf"}[style]
    for candidate in (name, f"/usr/share/fonts/truetype/dejavu/{name}"):
        try:
            return ImageFont.truetype(candidate, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def _px(point: Sequence[float]) -> tuple[float, float]:
    return (point[0] * SCALE, point[1] * SCALE)


def _polygons(shape) -> Iterable[Polygon]:
    if shape.is_empty:
        return []
    if isinstance(shape, Polygon):
        return [shape]
    return [part for part in getattr(shape, "geoms", []) if isinstance(part, Polygon)]


@dataclass
class Sheet:
    """The plan being drawn: one greyscale mask per wash and per ink, at the supersampled size."""

    masks: dict[str, Image.Image] = field(default_factory=dict)

    def mask(self, name: str) -> Image.Image:
        if name not in self.masks:
            self.masks[name] = Image.new("L", CANVAS, 0)
        return self.masks[name]

    def draw(self, name: str) -> ImageDraw.ImageDraw:
        return ImageDraw.Draw(self.mask(name))

    def fill(self, name: str, shape, value: int = 255) -> None:
        """Fill a polygon (holes cut out) into mask ``name``."""
        pen = self.draw(name)
        for polygon in _polygons(shape):
            pen.polygon([_px(p) for p in polygon.exterior.coords], fill=value)
            for hole in polygon.interiors:
                pen.polygon([_px(p) for p in hole.coords], fill=0)

    def outline(self, shape, width_m: float = 0.18, name: str = "ink") -> None:
        pen = self.draw(name)
        width = max(1, int(width_m * SCALE))
        for polygon in _polygons(shape):
            for ring in (polygon.exterior, *polygon.interiors):
                pen.line([_px(p) for p in ring.coords], fill=255, width=width, joint="curve")

    def line(self, points: Sequence[Point2], width_m: float = 0.12, name: str = "ink") -> None:
        self.draw(name).line([_px(p) for p in points], fill=255,
                             width=max(1, int(width_m * SCALE)), joint="curve")

    def dashed(self, points: Sequence[Point2], dash_m: float, gap_m: float,
               width_m: float = 0.12, name: str = "ink") -> None:
        line = LineString(points)
        position = 0.0
        while position < line.length:
            end = min(position + dash_m, line.length)
            piece = [line.interpolate(d) for d in np.linspace(position, end, 4)]
            self.line([(p.x, p.y) for p in piece], width_m, name)
            position = end + gap_m

    def text(self, at: Point2, words: str, size_m: float, style: str = "italic",
             name: str = "label", anchor: str = "mm") -> None:
        self.draw(name).text(_px(at), words, fill=255, font=_font(size_m, style), anchor=anchor)

    def hatch(self, name: str, shape, spacing_m: float = 0.42, width_m: float = 0.08,
              angle: str = "/") -> None:
        """Diagonal hatching clipped to ``shape`` into mask ``name``."""
        clip = Sheet()
        clip.fill("clip", shape)
        region = clip.masks["clip"]
        minx, miny, maxx, maxy = (int(v * SCALE) for v in shape.bounds)
        pen = ImageDraw.Draw(hatched := Image.new("L", CANVAS, 0))
        step, width = spacing_m * SCALE, max(1, int(width_m * SCALE))
        span = (maxx - minx) + (maxy - miny)
        offset = -span
        while offset < span + (maxx - minx):
            x = minx + offset
            if angle == "/":
                pen.line([(x, maxy), (x + (maxy - miny), miny)], fill=255, width=width)
            else:
                pen.line([(x, miny), (x + (maxy - miny), maxy)], fill=255, width=width)
            offset += step
        target = self.mask(name)
        target.paste(255, mask=Image.fromarray(
            np.minimum(np.asarray(hatched), np.asarray(region))))


def _smooth_noise(rng: np.random.Generator, cells: tuple[int, int],
                  size: tuple[int, int]) -> np.ndarray:
    """Value noise: a coarse random grid enlarged with bicubic smoothing, in [0, 1]."""
    coarse = Image.fromarray((rng.random((cells[1], cells[0])) * 255).astype(np.uint8))
    return np.asarray(coarse.resize(size, Image.Resampling.BICUBIC), dtype=np.float32) / 255.0


def _parchment(rng: np.random.Generator) -> np.ndarray:
    """Aged paper: mottling at three scales, a few tide-mark stains, darker worn edges."""
    width, height = IMAGE_PX
    shade = (0.55 * _smooth_noise(rng, (8, 6), IMAGE_PX)
             + 0.30 * _smooth_noise(rng, (40, 30), IMAGE_PX)
             + 0.15 * _smooth_noise(rng, (200, 150), IMAGE_PX)) - 0.5
    light = 1.0 + 0.10 * shade
    stains = Image.new("L", IMAGE_PX, 0)
    pen = ImageDraw.Draw(stains)
    for _ in range(7):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        rx = rng.uniform(60, 260)
        ry = rx * rng.uniform(0.7, 1.1)
        pen.ellipse([cx - rx, cy - ry, cx + rx, cy + ry], outline=int(rng.uniform(60, 120)),
                    width=int(rng.uniform(4, 10)))
        pen.ellipse([cx - rx, cy - ry, cx + rx, cy + ry], fill=None)
    for _ in range(5):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.uniform(80, 220)
        pen.ellipse([cx - r, cy - r * 0.8, cx + r, cy + r * 0.8], fill=int(rng.uniform(20, 40)))
    stain = np.asarray(stains.filter(ImageFilter.GaussianBlur(6)), dtype=np.float32) / 255.0
    light *= 1.0 - 0.22 * stain * (0.6 + 0.8 * _smooth_noise(rng, (30, 22), IMAGE_PX))
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    edge = np.minimum.reduce([xs, ys, width - 1 - xs, height - 1 - ys]) / 110.0
    ragged = 0.6 * _smooth_noise(rng, (60, 44), IMAGE_PX)
    light *= 1.0 - 0.22 * np.clip(1.0 - edge + ragged * 0.5 - 0.3, 0, 1) ** 2
    tint = np.array(PARCHMENT, dtype=np.float32)
    # Browner where darker: old paper yellows as it ages.
    brown = np.array((0.0, -6.0, -18.0), dtype=np.float32)
    paper = light[..., None] * tint + (1.0 - light)[..., None] * brown * 4
    return paper


@cache
def render_plan() -> bytes:
    """The castle plan as PNG bytes, IMAGE_PX in size at PIXELS_PER_METRE."""
    rng = np.random.default_rng(SEED)
    sheet = Sheet()
    _draw_ground(sheet, rng)
    _draw_castle(sheet)
    _draw_outworks(sheet)
    _draw_frame(sheet)
    return _compose(sheet, _parchment(rng))


# The open water: the moat round the castle, the brook feeding it and its outflow.
MOAT_INNER = box(28.0, 12.0, 118.0, 84.0)
MOAT_WIDTH_M = 8.0


@cache
def water() -> Polygon:
    inner = MOAT_INNER.buffer(-6, join_style="mitre").buffer(6, quad_segs=8)
    outer = inner.buffer(MOAT_WIDTH_M, quad_segs=8)
    brook_in = LineString([(4.0, -2.0), (8.0, 6.0), (14.0, 10.0), (23.0, 13.0)])
    brook_out = LineString([(125.0, 58.0), (134.0, 54.0), (142.0, 50.0), (152.0, 49.0)])
    return unary_union([outer.difference(inner), brook_in.buffer(2.2, quad_segs=8),
                        brook_out.buffer(2.6, quad_segs=8)])


def _road() -> Polygon:
    main = LineString([(73.0, 94.0), (73.5, 100.0), (74.0, 112.0)]).buffer(3.5, cap_style="flat")
    lane = LineString([(44.0, 104.5), (60.0, 103.5), (80.0, 105.0), (110.0, 105.5),
                       (124.0, 104.0), (130.0, 96.0), (130.5, 76.0), (129.5, 60.0),
                       (131.0, 47.0)]).buffer(1.8)  # fords the brook to the east battery
    return unary_union([main, lane])


def _site(key: str) -> Site:
    return next(site for site in sites() if site.key == key)


def _busy() -> Polygon:
    """Where nothing else may be strewn: structures, water, roads, cartouche, compass."""
    shapes = [water().buffer(1.5), _road().buffer(1.0), box(32, 16, 114, 84),
              CARTOUCHE.buffer(2), Point(COMPASS_AT).buffer(COMPASS_R + 3),
              Point(WEST_BATTERY).buffer(8), Point(EAST_BATTERY).buffer(8),
              box(19.0, 1.5, 29.0, 4.5), box(83.0, 107.5, 109.0, 110.0)]  # labels
    shapes += [site.polygon.buffer(2.5) for site in sites()]
    return unary_union(shapes)


def _draw_ground(sheet: Sheet, rng: np.random.Generator) -> None:
    """Water, roads, fields, trees and tufts of grass: the land round the castle."""
    wet = water()
    sheet.fill("water", wet)
    sheet.outline(wet, 0.2)
    for depth in (0.9, 2.0, 3.3):  # engraved shore lines that follow the banks
        sheet.outline(wet.buffer(-depth, quad_segs=8), 0.06 if depth > 1 else 0.09)
    road = _road().difference(wet)
    sheet.fill("road", road)
    for polygon in _polygons(road):
        sheet.dashed(list(polygon.exterior.coords), 1.6, 0.8, 0.08)
    fields = [Polygon([(2, 50), (16, 49), (17, 62), (3, 63)]),
              Polygon([(132, 88), (148, 88), (148, 104), (134, 104)])]
    for patch in fields:
        sheet.fill("field", patch)
        sheet.dashed(list(patch.exterior.coords), 1.0, 0.6, 0.07)
        minx, miny, maxx, maxy = patch.bounds
        for y in np.arange(miny + 1.2, maxy, 1.3):  # furrows
            row = LineString([(minx, y), (maxx, y + 0.6)]).intersection(patch.buffer(-0.6))
            if not row.is_empty and isinstance(row, LineString):
                sheet.line(list(row.coords), 0.05)
    busy = _busy().union(unary_union(fields).buffer(1))
    trees = []
    for _ in range(4000):  # a fixed number of tries keeps the drawing deterministic
        if len(trees) == 46:
            break
        x, y = rng.uniform(2, 148), rng.uniform(2, 108)
        r = rng.uniform(1.4, 2.6)
        spot = Point(x, y).buffer(r + 0.6)
        if spot.intersects(busy) or any(spot.intersects(t) for t in trees):
            continue
        trees.append(spot)
        _tree(sheet, (x, y), r, rng)
    tufts = 0
    for _ in range(6000):
        if tufts == 260:
            break
        x, y = rng.uniform(1, 149), rng.uniform(1, 109)
        if Point(x, y).buffer(0.8).intersects(busy) or any(t.contains(Point(x, y)) for t in trees):
            continue
        tufts += 1
        for dx, lean in ((-0.35, -0.25), (0.0, 0.0), (0.35, 0.25)):
            sheet.line([(x + dx, y), (x + dx + lean, y - 0.6 - abs(lean))], 0.05)


def _tree(sheet: Sheet, centre: Point2, radius: float, rng: np.random.Generator) -> None:
    lobes = int(rng.integers(7, 11))
    phase = rng.uniform(0, 2 * math.pi)

    def reach(t: float) -> float:
        return radius * (1 + 0.13 * abs(math.sin(lobes * t / 2 + phase)))

    crown = Polygon([(centre[0] + reach(t) * math.cos(t), centre[1] + reach(t) * math.sin(t))
                     for t in np.linspace(0, 2 * math.pi, 72, endpoint=False)])
    sheet.fill("field", crown)
    sheet.outline(crown, 0.1)
    shadow = crown.difference(translate(crown, -radius * 0.22, -radius * 0.22))
    sheet.hatch("ink", shadow, spacing_m=0.3, width_m=0.05, angle="\\")
    sheet.draw("ink").ellipse([*_px((centre[0] - 0.15, centre[1] - 0.15)),
                               *_px((centre[0] + 0.15, centre[1] + 0.15))], fill=255)


def _draw_castle(sheet: Sheet) -> None:
    """Curtain walls, towers, gatehouse and keep hatched as masonry; houses with their roofs."""
    gate = _gatehouse_parts()
    towers = [circle(centre, TOWER_RADIUS_M) for centre in TOWER_CENTRES.values()]
    rooms = [circle(centre, 2.9) for centre in TOWER_CENTRES.values()]
    rooms += [box(64.8, 67.0, 68.2, 74.5), box(77.8, 67.0, 81.2, 74.5)]  # guard rooms
    masonry = unary_union([wall_polygon(), *towers, gate["west"], gate["east"]])
    sheet.fill("stone", masonry)
    solid = masonry.difference(unary_union(rooms))
    sheet.hatch("ink", solid)
    sheet.outline(masonry, 0.22)
    for room in rooms:
        sheet.outline(room, 0.12)
    for centre in TOWER_CENTRES.values():  # a newel stair in each tower room
        stair = circle((centre[0] + 1.3, centre[1] - 1.3), 0.9, 16)
        sheet.outline(stair, 0.06)
        for k in range(6):
            a = 2 * math.pi * k / 6
            sheet.line([(centre[0] + 1.3, centre[1] - 1.3),
                        (centre[0] + 1.3 + 0.9 * math.cos(a),
                         centre[1] - 1.3 + 0.9 * math.sin(a))], 0.04)
    _merlons(sheet)
    # The gate passage: doors, portcullis groove and the arch lines.
    passage = gate["gate"]
    sheet.fill("road", passage)
    sheet.outline(passage, 0.12)
    sheet.line([(70.0, 74.6), (76.0, 74.6)], 0.1)
    sheet.dashed([(70.0, 73.8), (76.0, 73.8)], 0.25, 0.25, 0.12)  # portcullis
    sheet.line([(70.0, 66.0), (72.6, 67.4)], 0.16)  # the gate's two leaves, half open
    sheet.line([(76.0, 66.0), (73.4, 67.4)], 0.16)
    sheet.dashed([(70.0, 65.0), (76.0, 65.0)], 0.5, 0.3, 0.07)
    # The keep: thick hatched walls round a hall with a central pier and a stair.
    keep = _site("keep").polygon
    hall = box(49.5, 33.5, 58.5, 42.5)
    sheet.fill("stone", keep)
    sheet.hatch("ink", keep.difference(hall), angle="\\")
    sheet.outline(keep, 0.24)
    sheet.outline(hall, 0.12)
    sheet.outline(box(53.3, 37.3, 54.7, 38.7), 0.1)
    sheet.hatch("ink", box(53.3, 37.3, 54.7, 38.7), spacing_m=0.3)
    for step in range(5):
        sheet.line([(50.0 + step * 0.5, 33.5), (50.0 + step * 0.5, 35.0)], 0.05)
    sheet.outline(box(50.0, 33.5, 52.5, 35.0), 0.06)
    sheet.line([(58.5, 40.0), (58.5, 41.4)], 0.2)
    # Courtyard: a well, flagstones by the gate.
    sheet.outline(circle((74.0, 50.0), 1.3, 24), 0.12)
    sheet.outline(circle((74.0, 50.0), 0.8, 24), 0.06)
    sheet.fill("water", circle((74.0, 50.0), 0.8, 24))
    sheet.dashed([(73.0, 64.5), (73.0, 52.0)], 0.6, 0.6, 0.05)
    _garden(sheet, box(98.0, 26.0, 105.5, 40.0))
    for site in sites():
        if site.role in ("hall", "chapel", "timber", "farmhouse"):
            _house(sheet, site)
    _label_sites(sheet)


def _garden(sheet: Sheet, plot: Polygon) -> None:
    """A kitchen garden: a low fence round beds of planted rows."""
    sheet.dashed(list(plot.exterior.coords), 0.4, 0.25, 0.07)
    minx, miny, maxx, maxy = plot.bounds
    for top in np.arange(miny + 0.8, maxy - 2.0, 3.2):
        bed = box(minx + 0.8, top, maxx - 0.8, top + 2.4)
        sheet.fill("field", bed)
        sheet.outline(bed, 0.05)
        for x in np.arange(minx + 1.4, maxx - 1.0, 0.8):
            sheet.line([(x, top + 0.4), (x, top + 2.0)], 0.04)


def _merlons(sheet: Sheet) -> None:
    """Small crenels along the outer face of each curtain wall."""
    outer_faces = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
    for side, pieces in WALLS.items():
        nx, ny = outer_faces[side]
        for (x0, y0), (x1, y1) in pieces:
            length = math.hypot(x1 - x0, y1 - y0)
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            for k in range(1, int(length / 1.6)):
                d = k * 1.6
                cx, cy = x0 + ux * d, y0 + uy * d
                face = (cx + nx * WALL_THICKNESS_M / 2, cy + ny * WALL_THICKNESS_M / 2)
                sheet.line([face, (face[0] - nx * 0.45, face[1] - ny * 0.45)], 0.09)


def _house(sheet: Sheet, site: Site) -> None:
    """A roof seen from above: washed by material, a hip roof's ridge and hips, and shading."""
    wash = {"hall": "brick", "chapel": "stone", "farmhouse": "brick", "timber": "timber"}[site.role]
    polygon = site.polygon
    sheet.fill(wash, polygon)
    minx, miny, maxx, maxy = polygon.bounds
    if site.key == "chapel":
        nave = box(90.0, 44.0, 101.0, 52.0)
        minx, miny, maxx, maxy = nave.bounds
        sheet.line([(101.0, 48.0), (103.8, 48.0)], 0.08)
        for angle in (-55, 55):
            a = math.radians(angle)
            sheet.line([(101.0, 48.0), (101.0 + 3.5 * math.cos(a), 48.0 + 3.5 * math.sin(a))], 0.08)
    half = min(maxx - minx, maxy - miny) / 2
    if maxx - minx >= maxy - miny:
        cy = (miny + maxy) / 2
        ridge = [(minx + half, cy), (maxx - half, cy)]
        sheet.hatch("ink", Polygon([(minx, maxy), (maxx, maxy), ridge[1], ridge[0]]),
                    spacing_m=0.35, width_m=0.05, angle="\\")
    else:
        cx = (minx + maxx) / 2
        ridge = [(cx, miny + half), (cx, maxy - half)]
        sheet.hatch("ink", Polygon([(maxx, miny), (maxx, maxy), ridge[1], ridge[0]]),
                    spacing_m=0.35, width_m=0.05, angle="\\")
    sheet.line(ridge, 0.12)
    corners = [(minx, miny), (maxx, miny), (maxx, maxy), (minx, maxy)]
    for corner in corners:
        near = min(ridge, key=lambda p: math.dist(p, corner))
        sheet.line([corner, near], 0.08)
    if site.role == "timber":  # board lines along the eaves
        sheet.outline(box(minx + 0.35, miny + 0.35, maxx - 0.35, maxy - 0.35), 0.04)
    sheet.outline(polygon, 0.2)


PLAN_LABELS: dict[str, Point2] = {
    "The Keep": (54.0, 27.2), "Great Hall": (83.0, 40.0), "Chapel": (95.5, 42.4),
    "Stables": (45.0, 50.6), "Smithy": (57.0, 64.2), "Barracks": (96.0, 55.5),
    "Gatehouse": (56.0, 79.2), "Bunker": (61.0, 102.2), "Siege Tower": (11.0, 37.8),
    "Alehouse": (136.0, 74.6),
}


def _label_sites(sheet: Sheet) -> None:
    for words, at in PLAN_LABELS.items():
        sheet.text(at, words, 1.15)
    sheet.text((73.0, 45.0), "Bailey", 1.5, "italic")
    sheet.text((73.0, 8.0), "T h e   M o a t", 1.6, "italic")
    sheet.text((96.0, 109.0), f"Village of {CASTLE}", 1.4, "italic")
    sheet.text((20.0, 3.0), "Mill Brook", 1.1, "italic", anchor="lm")


def _draw_outworks(sheet: Sheet) -> None:
    """Bridge, bunker, village extras, batteries and the besiegers' engines and camp."""
    bridge = _site("bridge").polygon
    sheet.fill("stone", bridge)
    sheet.outline(bridge, 0.2)
    for x in (70.55, 75.45):  # parapets
        sheet.line([(x, 76.0), (x, 95.0)], 0.14)
    for y in (85.5, 89.5):  # piers with cutwaters, below the deck
        for side, sign in ((70.0, -1), (76.0, 1)):
            sheet.line([(side, y - 1.0), (side + sign * 1.2, y), (side, y + 1.0)], 0.14)
    for y in np.arange(77.0, 95.0, 1.0):
        sheet.line([(70.8, y), (75.2, y)], 0.03)
    sheet.line([(70.0, 81.0), (76.0, 81.0)], 0.12)  # the drawbridge's hinge
    bunker = _site("bunker").polygon
    sheet.fill("concrete", bunker)
    sheet.outline(bunker, 0.34)
    sheet.outline(box(58.8, 96.8, 63.2, 99.2), 0.08)
    for x0 in (59.3, 61.9):  # firing slits facing the bridge and the road
        sheet.line([(x0, 96.0), (x0 + 0.8, 96.0)], 0.2, "erase")
    sheet.line([(64.0, 97.3), (64.0, 98.7)], 0.2, "erase")
    rng = np.random.default_rng(SEED + 1)
    for _ in range(60):
        x, y = rng.uniform(58.9, 63.1), rng.uniform(96.9, 99.1)
        sheet.draw("ink").point(_px((x, y)), fill=255)
    _siege_tower(sheet, _site("siege-tower").polygon)
    _ram_shed(sheet, _site("ram-shed").polygon)
    _draw_camp(sheet, _site("camp").polygon)
    for at, name in ((WEST_BATTERY, "Battery"), (EAST_BATTERY, "Battery")):
        _battery(sheet, at, name)
    # The besiegers' fascines thrown into the west moat towards the siege tower.
    causeway = box(14.0, 41.0, 29.0, 45.0).intersection(water().buffer(0.5))
    sheet.fill("road", causeway)
    for x in np.arange(20.5, 28.5, 0.7):
        sheet.line([(x, 41.2), (x, 44.8)], 0.06)
    sheet.outline(causeway, 0.1)


def _siege_tower(sheet: Sheet, polygon: Polygon) -> None:
    minx, miny, maxx, maxy = polygon.bounds
    sheet.fill("timber", polygon)
    sheet.outline(polygon, 0.22)
    sheet.line([(minx, miny), (maxx, maxy)], 0.1)
    sheet.line([(maxx, miny), (minx, maxy)], 0.1)
    sheet.outline(box(minx + 1.0, miny + 1.0, maxx - 1.0, maxy - 1.0), 0.08)
    sheet.line([(maxx, miny + 1.5), (maxx + 2.2, miny + 1.5), (maxx + 2.2, maxy - 1.5),
                (maxx, maxy - 1.5)], 0.1)  # the drop bridge, raised
    for y in (miny + 0.6, maxy - 1.4):  # wheels
        sheet.fill("ink", box(minx - 0.5, y, minx, y + 0.8))
        sheet.fill("ink", box(maxx, y, maxx + 0.5, y + 0.8))


def _ram_shed(sheet: Sheet, polygon: Polygon) -> None:
    minx, miny, maxx, maxy = polygon.bounds
    cx = (minx + maxx) / 2
    sheet.fill("timber", polygon)
    sheet.hatch("ink", box(cx, miny, maxx, maxy), spacing_m=0.3, width_m=0.05, angle="\\")
    sheet.line([(cx, miny), (cx, maxy)], 0.14)
    sheet.outline(polygon, 0.22)
    sheet.line([(cx, miny - 1.4), (cx, miny)], 0.3)  # the ram's head, out in front
    sheet.text((cx + 4.8, (miny + maxy) / 2), "Ram", 1.1)


def _draw_camp(sheet: Sheet, polygon: Polygon) -> None:
    sheet.fill("camp", polygon)
    coords = list(polygon.exterior.coords)
    sheet.dashed(coords, 0.5, 0.35, 0.16)  # the palisade's stakes
    rng = np.random.default_rng(SEED + 2)
    tents = []
    inner = polygon.buffer(-2.2)
    for _ in range(3000):
        if len(tents) == 12:
            break
        x, y = rng.uniform(*inner.bounds[0::2]), rng.uniform(*inner.bounds[1::2])
        if not inner.contains(Point(x, y)) or any(math.dist((x, y), t) < 3.8 for t in tents):
            continue
        if abs(x - 21.0) < 6.5 and abs(y - 101.0) < 2.6:
            continue  # leave room for the camp's name
        tents.append((x, y))
        if rng.random() < 0.5:  # bell tent: a circle with its pole and seams
            tent = circle((x, y), 1.2, 20)
            sheet.fill("timber", tent)
            sheet.outline(tent, 0.1)
            for k in range(4):
                a = math.pi * k / 4
                sheet.line([(x - 1.2 * math.cos(a), y - 1.2 * math.sin(a)),
                            (x + 1.2 * math.cos(a), y + 1.2 * math.sin(a))], 0.04)
        else:  # ridge tent
            tent = box(x - 1.4, y - 0.9, x + 1.4, y + 0.9)
            sheet.fill("timber", tent)
            sheet.hatch("ink", box(x - 1.4, y, x + 1.4, y + 0.9), 0.3, 0.05)
            sheet.outline(tent, 0.1)
            sheet.line([(x - 1.4, y), (x + 1.4, y)], 0.08)
    flag = (21.0, 97.0)
    sheet.line([flag, (flag[0], flag[1] - 3.0)], 0.1)
    sheet.fill("red", Polygon([(flag[0], flag[1] - 3.0), (flag[0] + 2.0, flag[1] - 2.5),
                               (flag[0], flag[1] - 2.0)]))
    sheet.text((21.0, 101.0), "The Besiegers'", 1.2)
    sheet.text((21.0, 102.8), "Camp", 1.2)


def _battery(sheet: Sheet, at: Point2, name: str) -> None:
    """An earthwork lunette opening away from the castle, with its gun platform."""
    x, y = at
    towards = math.atan2(48.0 - y, 73.0 - x)
    arc = [(x + 4.0 * math.cos(towards + t), y + 4.0 * math.sin(towards + t))
           for t in np.linspace(-1.2, 1.2, 16)]
    bank = LineString(arc).buffer(0.9, cap_style="round")
    sheet.fill("field", bank)
    sheet.hatch("ink", bank, 0.3, 0.05)
    sheet.outline(bank, 0.12)
    platform = box(x - 1.5, y - 1.5, x + 1.5, y + 1.5)
    sheet.outline(platform, 0.08)
    sheet.line([(x, y), (x + 3.0 * math.cos(towards), y + 3.0 * math.sin(towards))], 0.35)
    sheet.text((x, y + 6.5), name, 1.1)


# The frame: cartouche, compass rose, scale bar, border with the square references.
CARTOUCHE = box(127.5, 3.0, 148.0, 36.0)
COMPASS_AT: Point2 = (10.0, 25.0)
COMPASS_R = 6.0


def _draw_frame(sheet: Sheet) -> None:
    _grid(sheet)
    _cartouche(sheet)
    _compass(sheet)


def _grid(sheet: Sheet) -> None:
    """The plan's own 10 m grid, faint, with square references along the border."""
    width, height = GROUND_M
    pen = sheet.draw("grid")
    line = max(1, int(0.07 * SCALE))
    for x in range(0, width + 1, 10):
        pen.line([_px((x, 0)), _px((x, height))], fill=255, width=line)
    for y in range(0, height + 1, 10):
        pen.line([_px((0, y)), _px((width, y))], fill=255, width=line)
    for column in range(width // 10):
        sheet.text((column * 10 + 5, 0.9), chr(ord("A") + column), 1.0, "", name="frame")
    for row in range(height // 10):
        sheet.text((0.9, row * 10 + 5), str(row + 1), 1.0, "", name="frame")
    border = box(0.25, 0.25, width - 0.25, height - 0.25)
    sheet.outline(border, 0.1, "frame")
    sheet.outline(box(0.5, 0.5, width - 0.5, height - 0.5), 0.04, "frame")


def _cartouche(sheet: Sheet) -> None:
    """The title in a framed panel, with the scale of metres under it."""
    sheet.fill("clear", CARTOUCHE.buffer(0.6))
    sheet.outline(CARTOUCHE, 0.22, "frame")
    sheet.outline(CARTOUCHE.buffer(-0.6), 0.07, "frame")
    minx, miny, maxx, maxy = CARTOUCHE.bounds
    for cx, cy in ((minx, miny), (maxx, miny), (minx, maxy), (maxx, maxy)):  # corner rosettes
        sheet.fill("clear", circle((cx, cy), 1.3, 24))
        sheet.outline(circle((cx, cy), 1.3, 24), 0.12, "frame")
        sheet.outline(circle((cx, cy), 0.55, 16), 0.08, "frame")
    mid = (minx + maxx) / 2
    sheet.text((mid, miny + 3.2), "A PLAN OF THE", 0.95, "", name="frame")
    sheet.text((mid, miny + 6.2), "CASTLE OF", 1.6, "bold", name="red")
    sheet.text((mid, miny + 9.2), CASTLE.upper(), 2.0, "bold", name="red")
    sheet.line([(mid - 7.0, miny + 11.6), (mid + 7.0, miny + 11.6)], 0.06, "frame")
    sheet.fill("frame", Polygon([(mid - 1.0, miny + 11.6), (mid, miny + 11.1),
                                 (mid + 1.0, miny + 11.6), (mid, miny + 12.1)]))
    for offset, words in enumerate(("with its Moat, Gatehouse", "and Keep, and the Village",
                                    "below, as surveyed", "for the Siege,", "Anno MDCXLVII")):
        sheet.text((mid, miny + 13.8 + 1.55 * offset), words, 0.95, "italic", name="frame")
    _scale_bar(sheet, (mid, miny + 25.4))
    sheet.text((mid, miny + 29.6), "One square of the grid", 0.85, "italic", name="frame")
    sheet.text((mid, miny + 31.0), "is ten metres", 0.85, "italic", name="frame")


def _compass(sheet: Sheet) -> None:
    cx, cy = COMPASS_AT
    r = COMPASS_R
    sheet.outline(circle((cx, cy), r * 0.78, 64), 0.07, "frame")
    sheet.outline(circle((cx, cy), r * 0.70, 64), 0.04, "frame")
    for k in range(32):  # the degree ring's ticks
        a = 2 * math.pi * k / 32
        inner = r * (0.70 if k % 4 else 0.62)
        sheet.line([(cx + inner * math.cos(a), cy + inner * math.sin(a)),
                    (cx + r * 0.78 * math.cos(a), cy + r * 0.78 * math.sin(a))], 0.04, "frame")
    for k in range(8):
        a = -math.pi / 2 + k * math.pi / 4
        length = r if k % 2 == 0 else r * 0.55
        side = r * 0.16
        tip = (cx + length * math.cos(a), cy + length * math.sin(a))
        left = (cx + side * math.cos(a - math.pi / 2), cy + side * math.sin(a - math.pi / 2))
        right = (cx + side * math.cos(a + math.pi / 2), cy + side * math.sin(a + math.pi / 2))
        half = Polygon([(cx, cy), tip, left]) if k % 2 == 0 else Polygon([(cx, cy), tip, right])
        sheet.fill("clear", Polygon([(cx, cy), left, tip, right]))
        sheet.fill("red" if k == 0 else "frame", half)
        sheet.outline(Polygon([(cx, cy), left, tip, right]), 0.07, "frame")
    sheet.text((cx, cy - r - 1.3), "N", 1.7, "bold", name="red")


def _scale_bar(sheet: Sheet, centre: Point2) -> None:
    """A 15 m bar centred on ``centre``: 0 to 10 m in 2 m steps, then a 5 m block."""
    x0, y0 = centre[0] - 7.5, centre[1]
    height = 0.8
    sheet.text((centre[0], y0 - 1.3), "Scale of Metres", 0.95, "italic", name="frame")
    blocks = [(x0 + 2 * k, x0 + 2 * k + 2, k % 2 == 0) for k in range(5)]
    blocks += [(x0 + 10, x0 + 15, True)]
    for left, right, dark in blocks:
        block = box(left, y0, right, y0 + height)
        if dark:
            sheet.fill("frame", block)
        sheet.outline(block, 0.05, "frame")
    for metres in (0, 5, 10, 15):
        sheet.text((x0 + metres, y0 + 1.8), str(metres), 0.75, "", name="frame")


def _compose(sheet: Sheet, paper: np.ndarray) -> bytes:
    """Reduce every mask to the final size, multiply the washes in, lay the inks on top."""
    def reduced(name: str) -> np.ndarray:
        if name not in sheet.masks:
            return np.zeros((IMAGE_PX[1], IMAGE_PX[0]), dtype=np.float32)
        small = sheet.masks[name].resize(IMAGE_PX, Image.Resampling.BOX)
        return np.asarray(small, dtype=np.float32) / 255.0

    keep = 1.0 - reduced("clear")
    out = paper
    for name, (colour, strength) in WASHES.items():
        amount = (reduced(name) * strength * keep)[..., None]
        out = out * (1.0 - amount + amount * np.array(colour, dtype=np.float32) / 255.0)
    labels = reduced("label")
    halo = np.asarray(sheet.mask("label").filter(ImageFilter.MaxFilter(9)).resize(
        IMAGE_PX, Image.Resampling.BOX), dtype=np.float32) / 255.0
    ink = np.clip(reduced("ink") - reduced("erase"), 0, 1) * (1.0 - halo) * keep
    ink = np.maximum(ink, labels * keep)
    layers = [(reduced("grid") * 0.38 * keep, INK), (ink * 0.92, INK),
              (reduced("frame") * 0.95, INK), (reduced("red") * 0.9, RED_INK)]
    for amount, colour in layers:
        amount = amount[..., None]
        out = out * (1.0 - amount) + np.array(colour, dtype=np.float32) * amount
    image = Image.fromarray(np.clip(out + 0.5, 0, 255).astype(np.uint8), "RGB")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def main() -> int:
    try:
        written = write_samples(plan_path=PLAN_PATH)
    except ValueError as error:
        print(f"make_samples: {error}", file=sys.stderr)
        return 1
    for path in written.values():
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
