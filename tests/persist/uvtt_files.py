"""Universal VTT files for the import tests: the two real exports, and synthetic ones."""

from __future__ import annotations

import base64
import io
import json
from itertools import pairwise
from pathlib import Path

from PIL import Image
from shapely.geometry import LineString, Point, Polygon

REAL = Path(__file__).resolve().parents[1] / "data" / "uvtt"
CROPPED = REAL / "dungeondraft_sampleMap_f0.3_cropped.dd2vtt"
OGANM = REAL / "dungeondraft_oganm_test.dd2vtt"


def picture(width: int, height: int, image_format: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 190, 170)).save(buffer, format=image_format)
    return buffer.getvalue()


def points(*pairs: tuple[float, float]) -> list[dict]:
    return [{"x": x, "y": y} for x, y in pairs]


def portal(start, end, closed: bool = True) -> dict:
    return {"position": {"x": (start[0] + end[0]) / 2, "y": (start[1] + end[1]) / 2},
            "bounds": points(start, end), "rotation": 0, "closed": closed,
            "freestanding": False}


def uvtt(lines=(), portals=(), objects=None, *, size=(10, 10), origin=(0, 0), ppg=20,
         image: bytes | str | None = b"png", version=0.3) -> dict:
    """A map of ``size`` cells at ``ppg`` px a cell; ``image`` b"png" makes a fitting PNG."""
    data = {"format": version,
            "resolution": {"map_origin": {"x": origin[0], "y": origin[1]},
                           "map_size": {"x": size[0], "y": size[1]}, "pixels_per_grid": ppg},
            "line_of_sight": [points(*line) for line in lines],
            "portals": list(portals),
            "environment": {"baked_lighting": False, "ambient_light": "ffffffff"},
            "lights": [{"position": {"x": 1, "y": 1}, "range": 3, "intensity": 1,
                        "color": "ffeccd8b", "shadows": True}]}
    if objects is not None:
        data["objects_line_of_sight"] = [points(*outline) for outline in objects]
    if image == b"png":
        image = picture(int(size[0] * ppg), int(size[1] * ppg))
    if isinstance(image, bytes):
        data["image"] = base64.b64encode(image).decode("ascii")
    elif image is not None:
        data["image"] = image
    return data


def write(path: Path, data: dict | str | bytes) -> Path:
    if isinstance(data, dict):
        data = json.dumps(data)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def uncropped_copy(source: Path, target: Path, pad_cells: tuple[int, int, int, int]) -> Path:
    """``source`` as if exported without cropping: ``map_origin`` moved left and up by the
    padding's left and top cells, the picture padded by (left, top, right, bottom) cells of
    background, the walls, portals and objects untouched (they are in map cells)."""
    data = json.loads(source.read_text())
    left, top, right, bottom = pad_cells
    resolution = data["resolution"]
    ppg = resolution["pixels_per_grid"]
    with Image.open(io.BytesIO(base64.b64decode(data["image"]))) as image:
        width, height = image.size
        padded = Image.new(image.mode, (width + (left + right) * ppg,
                                        height + (top + bottom) * ppg))
        padded.paste(image, (left * ppg, top * ppg))
    buffer = io.BytesIO()
    padded.save(buffer, format="PNG", compress_level=1)
    data["image"] = base64.b64encode(buffer.getvalue()).decode("ascii")
    resolution["map_origin"] = {"x": resolution["map_origin"]["x"] - left,
                                "y": resolution["map_origin"]["y"] - top}
    resolution["map_size"] = {"x": resolution["map_size"]["x"] + left + right,
                              "y": resolution["map_size"]["y"] + top + bottom}
    return write(target, data)


def plan_pixel(siege, point_m: tuple[float, float]) -> tuple[float, float]:
    """Where the metres ``point_m`` fall on the siege's plan, through its calibration only."""
    plan = siege.map
    assert plan.rotation_deg == 0
    return ((point_m[0] - plan.offset[0]) * plan.pixels_per_metre,
            (point_m[1] - plan.offset[1]) * plan.pixels_per_metre)


def wall_sections_of(siege, line_number: int) -> list:
    """The sections made from the file's wall line ``line_number`` (told by their GM note)."""
    return [s for s in siege.structures.values()
            if f"wall line {line_number} of" in s.gm_notes
            or f"wall lines {line_number}," in s.gm_notes
            or f", {line_number} (joined)" in s.gm_notes]


def end_caps_px(siege, structures) -> list[tuple[float, float]]:
    """The middles of every footprint edge, in plan pixels (a wall's square ends among them)."""
    middles = []
    for structure in structures:
        ring = structure.footprint + structure.footprint[:1]
        for a, b in pairwise(ring):
            middles.append(plan_pixel(siege, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
    return middles


def footprint(structure) -> Polygon:
    return Polygon(structure.footprint)


def distance_px(a, b) -> float:
    return Point(a).distance(Point(b))


def long_axis(structure) -> LineString:
    """A door's centre line: the segment between the middles of its two short sides."""
    ring = structure.footprint
    edges = sorted(((LineString([ring[i], ring[(i + 1) % len(ring)]]))
                    for i in range(len(ring))), key=lambda edge: edge.length)
    first, second = edges[0], edges[1]
    return LineString([first.interpolate(0.5, normalized=True).coords[0],
                       second.interpolate(0.5, normalized=True).coords[0]])
