"""The sample sieges (package data): they open, hold the castle's structures, lie on their plan,
and are exactly what tools/make_samples.py builds."""

import importlib.util
import io
import math
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest
from PIL import Image
from shapely.geometry import Point, Polygon, box
from shapely.ops import unary_union

from siegeboard.geometry import footprint_squares
from siegeboard.model import Siege
from siegeboard.persist import read_siege
from siegeboard.rules import harris
from siegeboard.rules.registry import catalogue

ROOT = Path(__file__).resolve().parents[2]
# The samples as installed (package data): the checkout's, or an installed wheel's.
MAPS = Path(str(resources.files("siegeboard.resources").joinpath("samples")))
# The plan the samples are drawn over: an example map (maps/castle_plan.png), installed too.
PLAN = Path(str(resources.files("siegeboard.maps").joinpath("castle_plan.png")))
FILES = {"harris": MAPS / "castle.siege", "armory": MAPS / "castle_armory.siege"}
WALL_KIND = {"harris": "curtain_wall", "armory": "stone_curtain_wall"}
EXPECTED_KINDS = {
    "harris": {"curtain_wall", "tower", "gatehouse", "keep", "timber_house", "townhouse",
               "brick_farmhouse", "bunker", "stone_bridge"},
    "armory": {"stone_curtain_wall", "stone_tower", "castle_gate_portcullis", "timber_house",
               "brick_house", "timber_earth_bunker", "stone_bridge", "siege_tower", "ram_shed",
               "camp"},
}


def _load_maker():
    spec = importlib.util.spec_from_file_location("make_samples",
                                                  ROOT / "tools" / "make_samples.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def maker():
    if not (ROOT / "tools" / "make_samples.py").is_file():
        pytest.skip("tools/make_samples.py is in the source checkout, not in the wheel")
    return _load_maker()


@pytest.fixture(scope="module", params=sorted(FILES))
def sample(request):
    return request.param, read_siege(FILES[request.param])


def _sections(siege: Siege):
    return [s for s in siege.structures.values() if s.kind == WALL_KIND[siege.ruleset]]


def test_each_sample_opens_as_its_ruleset_and_revalidates(sample):
    ruleset, siege_file = sample
    siege = siege_file.siege
    assert siege.ruleset == ruleset
    again = Siege.model_validate(siege.model_dump())
    assert again == siege


def test_each_sample_has_the_castles_kinds(sample):
    ruleset, siege_file = sample
    kinds = {s.kind for s in siege_file.siege.structures.values()}
    assert EXPECTED_KINDS[ruleset] <= kinds
    counts = {kind: sum(1 for s in siege_file.siege.structures.values() if s.kind == kind)
              for kind in kinds}
    towers = "tower" if ruleset == "harris" else "stone_tower"
    assert counts[towers] >= 4
    assert counts[WALL_KIND[ruleset]] >= 8


def test_the_garrison_is_inside(sample):
    _, siege_file = sample
    structures = siege_file.siege.structures
    assert {p.name for p in structures["keep"].occupants} >= {"Lord Aldric Vane"}
    assert sum(len(s.occupants) for s in structures.values()) >= 15
    assert all(not p.trapped and p.damage == 0 for s in structures.values() for p in s.occupants)


def test_the_plan_image_travels_in_the_file_and_matches_maps(sample):
    _, siege_file = sample
    siege = siege_file.siege
    assert siege.map.member == "castle_plan.png"
    assert siege.map.offset == (0.0, 0.0) and siege.grid_origin == (0.0, 0.0)
    assert siege_file.images["castle_plan.png"] == PLAN.read_bytes()


def test_every_footprint_lies_within_the_image(sample):
    _, siege_file = sample
    siege = siege_file.siege
    image = Image.open(io.BytesIO(siege_file.images[siege.map.member]))
    extent = box(0, 0, image.width / siege.map.pixels_per_metre,
                 image.height / siege.map.pixels_per_metre)
    outside = [s.id for s in siege.structures.values() if not extent.contains(Polygon(s.footprint))]
    assert outside == []
    assert all(extent.contains(Point(b.position)) for b in siege.batteries.values())


def test_wall_sections_have_the_configured_length(sample):
    ruleset, siege_file = sample
    siege = siege_file.siege
    section_m = (siege.options.harris_section_m if ruleset == "harris"
                 else siege.options.armory_section_m)
    for section in _sections(siege):
        # A straight section's footprint is a rectangle: its length is the longer side.
        corners = Polygon(section.footprint).minimum_rotated_rectangle.exterior.coords
        sides = sorted(math.dist(corners[i], corners[i + 1]) for i in range(2))
        assert sides[1] == pytest.approx(section_m, rel=0.01), section.id
        assert sides[0] == pytest.approx(2.0, rel=0.01), section.id


def test_structures_do_not_overlap_beyond_the_wall_joints(sample):
    # Wall ends reach a little way into the round towers (so no gap shows): under 1 m2.
    _, siege_file = sample
    items = [(s.id, Polygon(s.footprint)) for s in siege_file.siege.structures.values()]
    overlaps = [(a, b, round(pa.intersection(pb).area, 2))
                for i, (a, pa) in enumerate(items) for b, pb in items[i + 1:]
                if pa.intersection(pb).area >= 1.0]
    assert overlaps == []


def test_harris_dp_is_armor_times_squares_times_stories():
    siege = read_siege(FILES["harris"]).siege
    for s in siege.structures.values():
        expected = harris.defensive_points(s.armor, footprint_squares(s.footprint), s.stories)
        assert (s.dp, s.dp_original) == (expected, expected), s.id
    # The rule text's own figures: a 10 m section of its curtain wall is 675 DP, its bunker 300.
    assert {s.dp for s in _sections(siege)} == {675}
    assert siege.structures["bunker"].dp == 300


def test_batteries_fire_weapons_of_the_catalogue(sample):
    ruleset, siege_file = sample
    siege = siege_file.siege
    known = {w.id: w for w in catalogue(ruleset).weapons}
    assert siege.weapons == known
    assert siege.batteries
    for battery in siege.batteries.values():
        assert battery.weapon_id in known, battery.id


def test_harris_batteries_are_the_great_battery_and_the_tank():
    batteries = read_siege(FILES["harris"]).siege.batteries
    assert {(b.name, b.weapon_id) for b in batteries.values()} == {
        ("Great Battery", "he_shell"), ("Tank", "tank_gun")}


def test_armory_engines_have_their_assignments():
    siege = read_siege(FILES["armory"]).siege
    by_side = {"besieger": set(), "defender": set()}
    for battery in siege.batteries.values():
        target = siege.structures[battery.target_id]
        by_side[battery.side].add((battery.weapon_id, target.kind))
    assert {w for w, _ in by_side["besieger"]} == {"cannon", "trebuchet"}
    assert {kind for _, kind in by_side["besieger"]} == {"stone_curtain_wall"}
    assert {w for w, _ in by_side["defender"]} == {"heavy_gun", "bow"}
    assert {kind for _, kind in by_side["defender"]} == {"siege_tower", "camp"}


def test_both_files_are_the_same_plan():
    harris_siege = read_siege(FILES["harris"]).siege
    armory_siege = read_siege(FILES["armory"]).siege
    walls = {r: unary_union([Polygon(s.footprint) for s in _sections(siege)])
             for r, siege in (("harris", harris_siege), ("armory", armory_siege))}
    assert walls["harris"].symmetric_difference(walls["armory"]).area < 1e-6
    gate_parts = unary_union([Polygon(armory_siege.structures[key].footprint)
                              for key in ("gatehouse-west", "gate", "gatehouse-east")])
    gatehouse = Polygon(harris_siege.structures["gatehouse"].footprint)
    assert gatehouse.symmetric_difference(gate_parts).area < 1e-6
    for key, structure in harris_siege.structures.items():
        if structure.kind not in ("curtain_wall", "gatehouse"):
            assert armory_siege.structures[key].footprint == structure.footprint, key
    assert armory_siege.structures["gate"].inner_layer.name == "Portcullis"


def test_regenerating_gives_the_same_documents(maker, tmp_path):
    # The plan is reused (rendering takes seconds); the documents are built afresh.
    plan = PLAN.read_bytes()
    written = maker.write_samples(tmp_path, plan_png=plan)
    for ruleset, path in FILES.items():
        with zipfile.ZipFile(path) as old, zipfile.ZipFile(written[path.name]) as new:
            assert new.read("siege.json") == old.read("siege.json"), ruleset
            assert new.read("castle_plan.png") == plan


def test_a_catalogue_without_a_sample_weapon_is_refused(maker, monkeypatch, tmp_path):
    monkeypatch.setitem(maker.BATTERIES, "harris",
                        [("x", "X", "no_such_gun", "besieger", (1.0, 1.0), None)])
    with pytest.raises(ValueError, match="lacks the weapons no_such_gun"):
        maker.write_samples(tmp_path, plan_png=b"")
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_ruleset_is_refused(maker):
    with pytest.raises(ValueError, match="ruleset"):
        maker.build_siege("gurps")
