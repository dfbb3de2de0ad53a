"""The example maps (maps/, installed as siegeboard.maps): each image with its source, licence
and scale, read through importlib.resources as the installed wheel reads them."""

from __future__ import annotations

import io
from importlib import resources

import pytest
from PIL import Image

from siegeboard.persist import read_siege
from siegeboard.persist.example_maps import (
    IMAGE_SUFFIXES,
    MAPS,
    example_from_json,
    example_map,
    example_maps,
)
from siegeboard.persist.samples import SAMPLES

# What a shipped map may weigh: enough for a sheet a GM can read, not a scan at archive size.
MAX_BYTES = 2_000_000


def test_the_castle_plan_and_a_public_domain_sanborn_sheet_are_shipped():
    maps = {example.key: example for example in example_maps()}
    assert {"castle_plan", "sanborn_plainfield_il_1893"} <= set(maps)
    sanborn = maps["sanborn_plainfield_il_1893"]
    assert "public domain" in sanborn.licence.lower()
    assert "Library of Congress" in sanborn.source and "7c8c4d25" in sanborn.source
    assert "MIT" in maps["castle_plan"].licence


def test_every_image_has_its_description_and_every_description_its_image():
    folder = resources.files(MAPS)
    images = {entry.name for entry in folder.iterdir()
              if entry.name.lower().endswith(IMAGE_SUFFIXES)}
    described = {example.image for example in example_maps()}
    assert images == described
    for example in example_maps():
        assert example.key == example.image.rsplit(".", 1)[0]
        assert folder.joinpath(f"{example.key}.json").is_file()


@pytest.mark.parametrize("example", example_maps(), ids=lambda example: example.key)
def test_each_image_decodes_at_a_modest_size(example):
    data = example.image_bytes()
    assert len(data) <= MAX_BYTES, f"{example.image}: {len(data):,} bytes"
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert min(image.size) >= 1000, image.size  # a whole sheet, legible


def test_the_castle_map_is_the_image_and_scale_of_the_sample_sieges():
    castle = example_map("castle_plan")
    for name in SAMPLES.values():
        siege_file = read_siege(resources.files("siegeboard.resources").joinpath(
            "samples", name))
        placement = siege_file.siege.map
        assert placement is not None
        assert placement.pixels_per_metre == castle.pixels_per_metre
        assert siege_file.images[placement.member] == castle.image_bytes()


def test_the_maps_readme_names_every_map_and_carries_the_scans_licence():
    readme = resources.files(MAPS).joinpath("README.md").read_text(encoding="utf-8")
    for example in example_maps():
        assert f"`{example.image}`" in readme
    assert "Permission is hereby granted" in readme and "cam-rodriguez" in readme


GOOD = {"name": "A map", "image": "castle_plan.png", "description": "A plan.",
        "source": "Drawn here.", "licence": "MIT", "pixels_per_metre": 10,
        "scale_from": "a scale bar"}


@pytest.mark.parametrize(("change", "words"), [
    ({"licence": ""}, "'licence' must be a non-empty text"),
    ({"source": None}, "'source' must be a non-empty text"),
    ({"image": "../castle_plan.png"}, "must be a PNG or JPEG file name beside it"),
    ({"image": "castle_plan.gif"}, "must be a PNG or JPEG file name beside it"),
    ({"image": "nowhere.png"}, "its image nowhere.png is missing"),
    ({"pixels_per_metre": 0}, "'pixels_per_metre' must be a number above 0 or null"),
    ({"pixels_per_metre": True}, "'pixels_per_metre' must be a number above 0 or null"),
    ({"scale_from": None}, "'scale_from' must say how its scale was found"),
])
def test_a_description_that_does_not_say_all_it_must_is_refused_naming_it(change, words):
    with pytest.raises(ValueError, match="^maps/odd.json: ") as refused:
        example_from_json("odd", GOOD | change)
    assert words in str(refused.value)


def test_a_map_without_a_scale_is_calibrated_by_the_gm():
    example = example_from_json("odd", GOOD | {"pixels_per_metre": None, "scale_from": None})
    assert example.pixels_per_metre is None and example.scale_from is None


def test_an_unknown_map_is_refused_naming_the_maps_there_are():
    with pytest.raises(ValueError, match="no example map 'atlantis'.*castle_plan"):
        example_map("atlantis")
