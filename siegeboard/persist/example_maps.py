"""The example maps shipped with the program (``maps/`` in the repository, installed as
``siegeboard.maps``): old plans a GM can draw a siege over, each with its source and licence.

Each image has a JSON file of the same stem that names it and says where it comes from, under
which licence, and its scale when the map shows one. Read with ``importlib.resources``, so an
installed wheel, the bundle and a checkout list the same maps. A JSON file that does not say
all it must is refused here (``ValueError`` naming the file), not passed on half-read: a map
without its source and licence must not reach a GM's table.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["MAPS", "ExampleMap", "example_from_json", "example_map", "example_maps"]

# The package the maps are installed as.
MAPS = "siegeboard.maps"
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
_TEXT_FIELDS = ("name", "image", "description", "source", "licence")


@dataclass(frozen=True)
class ExampleMap:
    """One shipped map. ``key`` is its file stem; ``pixels_per_metre`` its scale (None when
    the map shows none: the GM calibrates it), ``scale_from`` how that scale was found."""

    key: str
    name: str
    image: str
    description: str
    source: str
    licence: str
    pixels_per_metre: float | None
    scale_from: str | None

    def image_bytes(self) -> bytes:
        """The image file's bytes, as shipped."""
        return resources.files(MAPS).joinpath(self.image).read_bytes()

    @property
    def member(self) -> str:
        """The image's member name in a ``.siege`` file started on this map."""
        return self.image


def example_from_json(key: str, data: Any) -> ExampleMap:
    """The map described by ``data`` (the decoded ``maps/<key>.json``); ``ValueError`` naming
    the file and the field when it lacks what it must say or its image is not there."""
    where = f"maps/{key}.json"
    if not isinstance(data, dict):
        raise ValueError(f"{where}: not a JSON object")
    for field in _TEXT_FIELDS:
        if not isinstance(data.get(field), str) or not data[field].strip():
            raise ValueError(f"{where}: {field!r} must be a non-empty text")
    image = data["image"]
    if "/" in image or "\\" in image or not image.lower().endswith(IMAGE_SUFFIXES):
        raise ValueError(f"{where}: 'image' must be a PNG or JPEG file name beside it, "
                         f"not {image!r}")
    if not resources.files(MAPS).joinpath(image).is_file():
        raise ValueError(f"{where}: its image {image} is missing")
    scale = data.get("pixels_per_metre")
    if scale is not None and (isinstance(scale, bool) or not isinstance(scale, int | float)
                              or not math.isfinite(scale) or scale <= 0):
        raise ValueError(f"{where}: 'pixels_per_metre' must be a number above 0 or null, "
                         f"not {scale!r}")
    scale_from = data.get("scale_from")
    if scale is not None and not (isinstance(scale_from, str) and scale_from.strip()):
        raise ValueError(f"{where}: 'scale_from' must say how its scale was found")
    return ExampleMap(key=key, name=data["name"], image=image,
                      description=data["description"], source=data["source"],
                      licence=data["licence"],
                      pixels_per_metre=float(scale) if scale is not None else None,
                      scale_from=scale_from if scale is not None else None)


def example_maps() -> list[ExampleMap]:
    """Every shipped example map, sorted by name."""
    found = []
    for entry in resources.files(MAPS).iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            found.append(example_from_json(entry.name[:-len(".json")], data))
    return sorted(found, key=lambda example: example.name)


def example_map(key: str) -> ExampleMap:
    """The example map of file stem ``key``; ``ValueError`` naming the maps there are."""
    maps = {example.key: example for example in example_maps()}
    try:
        return maps[key]
    except KeyError:
        raise ValueError(f"no example map {key!r}; the example maps are "
                         f"{', '.join(sorted(maps))}") from None
