"""What four real Universal VTT readers make of a file, as segments in the file's cells.

- Foundry VTT (moo-man/FVTT-DD-Import, ``ddimport.js``): run as it is under Node
  (``foundry_run.js`` stands in for the few Foundry globals it touches).
- Fantasy Grounds (Imagix/uvtt2fgu, ``uvtt2fgu.py``): run as it is, its XML read back.
- MapTool (RPTools/maptool, ``DungeonDraftImporter.java``, Java/AGPL: not run here): its
  reading ported below, in our own words, from ``importVTT`` and ``addWalls``.
- Owlbear Rodeo (Eppinguin/uvtt-importer, ``src/vttItems.ts``, TypeScript/GPL: not run
  here): its reading ported below from ``createWallItems`` and ``createDoorItems``.

Each reader gives ``Segment``s: a line, whether it stops a token walking across it, whether
it stops sight, and what the reader made it (wall, door, window, object...). The sources are
fetched into /work/.mirror (``fetch``); a test skips when they are not there.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from shapely.geometry import LineString

MIRROR = Path("/work/.mirror")
FOUNDRY_REPO = MIRROR / "moo-man+FVTT-DD-Import" / "repo"
UVTT2FGU_REPO = MIRROR / "Imagix+uvtt2fgu" / "repo"
FOUNDRY_RUNNER = Path(__file__).with_name("foundry_run.js")


@dataclass(frozen=True)
class Segment:
    line: LineString  # in the file's cells
    blocks_move: bool
    blocks_sight: bool
    what: str


def git_show(repo: Path, path: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{path}"],
                          capture_output=True, text=True, check=True).stdout


def foundry_available() -> bool:
    return FOUNDRY_REPO.is_dir() and shutil.which("node") is not None


def uvtt2fgu_available() -> bool:
    return UVTT2FGU_REPO.is_dir()


# -- Foundry: ddimport.js, run ---------------------------------------------------------------


def foundry_raw(path: Path, work: Path) -> dict:
    """What ddimport.js's GetWalls, GetDoors and GetLights make of ``path`` (Foundry's
    WallDocument and AmbientLightDocument data, in pixels)."""
    source = work / "ddimport.js"
    source.write_text(git_show(FOUNDRY_REPO, "ddimport.js"))
    result = subprocess.run(["node", str(FOUNDRY_RUNNER), str(source), str(path)],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def foundry(path: Path, work: Path) -> list[Segment]:
    """Foundry's walls in cells. A WallDocument's ``move`` is NORMAL unless set: every wall
    and every door stops a token (a door until it is opened); ``sight`` NORMAL unless set to
    PROXIMITY (what ddimport gives a portal with ``closed: false``)."""
    raw = foundry_raw(path, work)
    ppg = json.loads(path.read_text())["resolution"]["pixels_per_grid"]
    segments = []
    for wall, what in [(w, "wall") for w in raw["walls"]] + [(d, "door") for d in raw["doors"]]:
        x1, y1, x2, y2 = (value / ppg for value in wall["c"])
        kind = what if wall.get("door", 0) else ("wall" if what == "wall" else "window")
        sight = wall.get("sight", 20) == 20
        segments.append(Segment(LineString([(x1, y1), (x2, y2)]), True, sight, kind))
    return segments


# -- Fantasy Grounds: uvtt2fgu, run ------------------------------------------------------------


def fantasy_grounds_xml(path: Path, work: Path) -> ET.Element:
    """uvtt2fgu's XML for ``path`` (its default settings: objects become terrain)."""
    script = work / "uvtt2fgu.py"
    script.write_text(git_show(UVTT2FGU_REPO, "uvtt2fgu.py"))
    out = work / "fgu"
    out.mkdir(exist_ok=True)
    result = subprocess.run([sys.executable, str(script), "-c", "/dev/null", "-f", "-o",
                             str(out), str(path)], capture_output=True, text=True, cwd=work,
                            env={"HOME": str(work), "PATH": "/usr/bin:/bin"})
    xml = out / f"{path.stem}.xml"
    if not xml.is_file():
        raise AssertionError(result.stderr + result.stdout)
    return ET.parse(xml).getroot()


def fantasy_grounds(path: Path, work: Path) -> list[Segment]:
    """Fantasy Grounds' occluders in cells (uvtt2fgu puts the map's centre at 0, y up). An
    occluder stops movement unless ``allow_move`` (terrain) and sight unless
    ``allow_vision`` (a window) or it is ``terrain`` (which hides only what lies behind it
    from those outside it); a door (``toggleable``) is written closed."""
    document = json.loads(path.read_text())
    resolution = document["resolution"]
    ppg, size = resolution["pixels_per_grid"], resolution["map_size"]
    segments = []
    for occluder in fantasy_grounds_xml(path, work).iter("occluder"):
        numbers = [float(v) for v in occluder.find("points").text.split(",")]
        points = [((x + size["x"] * ppg / 2) / ppg, (size["y"] * ppg / 2 - y) / ppg)
                  for x, y in zip(numbers[0::2], numbers[1::2], strict=False)]
        tags = {child.tag for child in occluder}
        if "terrain" in tags:
            what = "terrain"
        elif "toggleable" in tags:
            what = "window" if "allow_vision" in tags else "door"
        else:
            what = "wall"
        if what in ("door", "window") or "closed" in tags:
            points = points + points[:1]
        segments.append(Segment(LineString(points), "allow_move" not in tags,
                                not ({"allow_vision", "terrain"} & tags), what))
    return segments


# -- MapTool: DungeonDraftImporter.importVTT, ported ---------------------------------------------


def maptool(document: dict, mode: str) -> list[Segment]:
    """What MapTool's importer makes, in cells (its map_origin shift is 0 in our files).

    ``mode`` "walls" (MapTool 1.16's wall topology): every ``line_of_sight`` polyline, every
    ``objects_line_of_sight`` outline and every portal's ``bounds`` becomes walls whose
    movement is ``ForceBoth`` (they all stop a token); sight is blocked both ways by lines,
    from one side by objects, and not at all by a portal with ``closed: false``.
    ``mode`` "masks" (the older topology): lines are wall VBL and MBL (stop both), objects
    hill and pit VBL (no MBL: tokens walk over them; sight is shielded), closed portals wall
    VBL and MBL, open portals nothing. Format must be 0.2 or 0.3; ``pixels_per_grid`` is
    read as an int."""
    if document["format"] not in (0.2, 0.3):
        raise ValueError("MapTool refuses the file: unknown format")
    int(document["resolution"]["pixels_per_grid"])
    segments = []

    def add(points, move, sight, what):
        coords = [(p["x"], p["y"]) for p in points]
        if len(coords) >= 2:
            segments.append(Segment(LineString(coords), move, sight, what))

    for line in document.get("line_of_sight", []):
        add(line, True, True, "wall")
    for outline in document.get("objects_line_of_sight", []):
        add(outline, mode == "walls", True, "object")
    for portal in document.get("portals", []):
        closed = portal.get("closed", True)
        if mode == "walls":
            add(portal["bounds"], True, closed, "door" if closed else "window")
        elif closed:
            add(portal["bounds"], True, True, "door")
    return segments


# -- Owlbear Rodeo: uvtt-importer's createWallItems / createDoorItems, ported --------------------


def owlbear(document: dict) -> list[Segment]:
    """Owlbear's Dynamic Fog items, in cells: every ``line_of_sight`` and
    ``objects_line_of_sight`` polyline a fog wall (it stops sight; Owlbear does not stop a
    token's move); every portal a door from its first to its last ``bounds`` point, open
    when ``closed`` is false (an open door lets sight through)."""
    segments = []
    for line in document.get("line_of_sight", []) + document.get("objects_line_of_sight", []):
        if len(line) >= 2:
            segments.append(Segment(LineString([(p["x"], p["y"]) for p in line]), False, True,
                                    "fog wall"))
    for portal in document.get("portals", []):
        bounds = portal["bounds"]
        if len(bounds) < 2:
            continue
        line = LineString([(bounds[0]["x"], bounds[0]["y"]), (bounds[-1]["x"], bounds[-1]["y"])])
        segments.append(Segment(line, False, bool(portal["closed"]), "door"))
    return segments


def crossed(segments: list[Segment], start, end) -> list[Segment]:
    """The segments a straight walk from ``start`` to ``end`` (cells) crosses."""
    path = LineString([start, end])
    return [segment for segment in segments if segment.line.intersects(path)]
