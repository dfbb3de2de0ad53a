"""Maps in: a PDF's page, a JPEG 2000 picture and Foundry VTT scenes as new sieges, through the
same format interface as every map (``format_for``, ``import_map``)."""

from __future__ import annotations

import io
import json
import math

import pytest
from PIL import Image
from shapely.geometry import Polygon

from siegeboard.persist import read_siege, write_siege
from siegeboard.persist.formats import (
    FoundryFormat,
    ImportOptions,
    Jpeg2000Format,
    PdfFormat,
    format_for,
    import_filters,
    import_map,
)
from siegeboard.persist.formats.foundry import scene_names
from siegeboard.persist.formats.pdf import pdf_pages
from siegeboard.persist.images import MAX_SIDE, decoded_image
from siegeboard.persist.siege_file import SiegeFileError

from .uvtt_files import portal, uvtt, write


def _pdf(path, pages):
    """A PDF of ``pages`` (colour, (width, height) in px at 72 dpi), made by Pillow."""
    pictures = [Image.new("RGB", size, colour) for colour, size in pages]
    pictures[0].save(path, "PDF", resolution=72.0, save_all=True, append_images=pictures[1:])
    return path


def test_the_formats_are_offered_in_the_import_dialog_filter():
    filters = import_filters()
    assert "PDF pages (*.pdf)" in filters
    assert "*.jp2" in filters and "Foundry VTT scenes (*.json *.db)" in filters
    assert isinstance(format_for("sheet.pdf"), PdfFormat)
    assert isinstance(format_for("Plainfield.JP2"), Jpeg2000Format)
    assert isinstance(format_for("keep.json"), FoundryFormat)
    assert isinstance(format_for("scenes.db"), FoundryFormat)


# -- PDF ---------------------------------------------------------------------------------------

def test_a_chosen_page_of_a_pdf_drawn_at_a_chosen_resolution_is_the_plan(tmp_path):
    path = _pdf(tmp_path / "book.pdf", [((255, 0, 0), (144, 72)), ((0, 0, 255), (72, 216))])
    pages = pdf_pages(path)
    assert [(p.number, round(p.width_pt), round(p.height_pt)) for p in pages] == [
        (1, 144, 72), (2, 72, 216)]
    imported = import_map(path, ImportOptions(page=2, dpi=100, pixels_per_metre=20))
    member = imported.siege.map.member
    assert member.endswith(".png") and imported.siege.map.pixels_per_metre == 20
    picture = decoded_image(imported.images[member])
    assert picture.size == (100, 300)  # 1 x 3 inches at 100 dpi
    red, green, blue = picture.getpixel((50, 150))[:3]
    assert blue > 200 and red < 60 and green < 60  # page 2 is the blue one
    assert any("Page 2" in note and "100 dpi" in note for note in imported.report.notes)
    write_siege(tmp_path / "book.siege", imported)
    assert read_siege(tmp_path / "book.siege").siege.map.member == member


def test_a_pdf_page_that_does_not_exist_or_would_be_too_large_is_refused_plainly(tmp_path):
    path = _pdf(tmp_path / "one.pdf", [((0, 0, 0), (7200, 36))])  # 100 x 0.5 inches
    with pytest.raises(SiegeFileError, match="has 1 page; there is no page 3"):
        import_map(path, ImportOptions(page=3))
    too_fine = math.ceil(MAX_SIDE * 72 / 7200) + 10
    with pytest.raises(SiegeFileError, match=r"more than the 20,000 .* choose 200 dpi or less"):
        import_map(path, ImportOptions(dpi=too_fine))
    with pytest.raises(SiegeFileError, match="resolution"):
        import_map(path, ImportOptions(dpi=5000))


def test_a_file_that_is_no_pdf_is_refused_in_one_message(tmp_path):
    path = tmp_path / "fake.pdf"
    path.write_bytes(b"%PDF-1.4 nothing here")
    with pytest.raises(SiegeFileError, match="fake.pdf is not a PDF siegeboard can read"):
        import_map(path)


# -- JPEG 2000 ---------------------------------------------------------------------------------

def test_a_jpeg_2000_sheet_comes_in_as_the_same_pixels(tmp_path):
    picture = Image.new("RGB", (120, 80), (240, 200, 60))
    picture.paste((230, 150, 160), (20, 10, 60, 50))  # a pink building on a yellow one
    path = tmp_path / "sheet.jp2"
    picture.save(path, "JPEG2000", irreversible=False)  # lossless
    imported = import_map(path, ImportOptions(pixels_per_metre=5))
    member = imported.siege.map.member
    assert member.endswith(".png")
    decoded = decoded_image(imported.images[member])
    assert decoded.size == (120, 80)
    assert decoded.getpixel((30, 30))[:3] == (230, 150, 160)
    assert decoded.getpixel((100, 70))[:3] == (240, 200, 60)


def test_a_jpeg_2000_larger_than_the_limit_comes_in_halved(tmp_path, monkeypatch):
    import siegeboard.persist.formats.jpeg2000 as jpeg2000
    monkeypatch.setattr(jpeg2000, "MAX_SIDE", 100)
    path = tmp_path / "big.jp2"
    Image.new("RGB", (300, 150), (10, 20, 30)).save(path, "JPEG2000")
    imported = import_map(path)
    assert decoded_image(imported.images[imported.siege.map.member]).size == (75, 38)
    assert any("1/4" in note for note in imported.report.notes)


def test_a_broken_jpeg_2000_is_refused_plainly(tmp_path):
    path = tmp_path / "broken.jp2"
    good = io.BytesIO()
    Image.new("RGB", (64, 64), (1, 2, 3)).save(good, "JPEG2000")
    path.write_bytes(good.getvalue()[:60])
    with pytest.raises(SiegeFileError, match="broken.jp2"):
        import_map(path)


# -- Foundry VTT -------------------------------------------------------------------------------

def _wall(x0, y0, x1, y1, **more):
    # v10+ defaults: every sense normal (20), no door
    return {"_id": f"w{x0}{y0}{x1}{y1}", "c": [x0, y0, x1, y1], "light": 20, "move": 20,
            "sight": 20, "sound": 20, "dir": 0, "door": 0, "ds": 0, **more}


def _room_walls(p):
    """A 10 x 6 cell room (100 px cells) whose top-left corner is at canvas (p, p), with a
    door in the south wall at cells 4-5 and a window-less secret door in the east wall."""
    x0, y0, x1, y1 = p, p, p + 1000, p + 600
    return [
        _wall(x0, y0, x1, y0), _wall(x1, y0, x1, y0 + 200),
        _wall(x1, y0 + 200, x1, y0 + 300, door=2, ds=2),   # locked secret door, 1 cell
        _wall(x1, y0 + 300, x1, y1), _wall(x1, y1, x0 + 500, y1),
        _wall(x0 + 500, y1, x0 + 400, y1, door=1, ds=1),   # an open door, 1 cell
        _wall(x0 + 400, y1, x0, y1), _wall(x0, y1, x0, y0),
        _wall(x0 + 200, y0, x0 + 200, y1, move=0, sight=20),  # a curtain: stops no one
    ]


def _scene_v12(padding_px):
    return {"_id": "abc", "name": "The Keep", "width": 1400, "height": 1000, "padding": 0.25,
            "background": {"src": "worlds/siege/maps/keep.png", "offsetX": 0, "offsetY": 0},
            "grid": {"type": 1, "size": 100, "distance": 5, "units": "ft"},
            "walls": _room_walls(padding_px + 100), "tokens": [{"_id": "t"}]}


def test_a_foundry_scene_export_comes_in_with_its_walls_doors_grid_and_background(tmp_path):
    data = tmp_path / "Data"
    (data / "worlds" / "siege" / "maps").mkdir(parents=True)
    Image.new("RGB", (700, 500), (200, 190, 170)).save(
        data / "worlds" / "siege" / "maps" / "keep.png")  # half the scene's pixels
    exports = data / "exports"
    exports.mkdir()
    # padding 0.25 of 1400 px at 100 px a cell: ceil(3.5) = 4 cells = 400 px (and 300 px down,
    # but Foundry pads both by its own side: 0.25 * 1000 = 2.5 -> 3 cells)
    scene = _scene_v12(0)
    scene["walls"] = [_wall(*[c + (400 if i % 2 == 0 else 300) for i, c in enumerate(w["c"])],
                            **{k: v for k, v in w.items() if k in ("door", "ds", "move")})
                      for w in _room_walls(100)]
    path = exports / "fvtt-Scene-the-keep.json"
    path.write_text(json.dumps(scene))
    imported = import_map(path, ImportOptions(wall_thickness_m=0.5))
    siege = imported.siege
    assert siege.name == "The Keep"
    # 5 ft a cell, whatever the GM's cell size; the picture spans the scene's 14 x 10 cells
    assert siege.map.pixels_per_metre == pytest.approx(50 / 1.524)
    assert siege.map.offset == (0.0, 0.0)
    structures = list(siege.structures.values())
    doors = [s for s in structures if s.name.startswith(("Door", "Gate"))]
    walls = [s for s in structures if s.name.startswith("Wall")]
    assert len(doors) == 2 and walls
    cell = 1.524
    # the room's corner is 1 cell in from the scene's corner: walls along x = 1 .. 11 cells
    union = Polygon(walls[0].footprint)
    for wall in walls[1:]:
        union = union.union(Polygon(wall.footprint))
    minx, miny, maxx, maxy = union.bounds
    assert minx == pytest.approx(1 * cell - 0.25, abs=0.01)
    assert maxx == pytest.approx(11 * cell + 0.25, abs=0.01)
    assert maxy == pytest.approx(7 * cell + 0.25, abs=0.01)
    # the south door sits in the gap of the south wall, 5-6 cells from the room's corner
    south = next(d for d in doors if Polygon(d.footprint).centroid.y > 6 * cell)
    assert Polygon(south.footprint).centroid.x == pytest.approx(5.5 * cell, abs=0.01)
    text = "\n".join(imported.report.lines())
    assert "1 wall that stop" in text or "1 wall " in text  # the curtain
    assert "Door 6 was open in the scene; it came in as a door set in its wall" in text
    assert "Door 3 was a locked secret door in the scene" in text
    assert "5 ft: 1.524 m" in text
    assert "keep.png was found" in text or "was found at" in text
    assert "1 token of the scene left out" in text


def test_a_module_db_of_scenes_picks_the_scene_asked_for_by_name_or_number(tmp_path):
    v9 = {"_id": "s1", "name": "Gatehouse", "width": 1000, "height": 800, "padding": 0,
          "grid": 100, "gridDistance": 2, "gridUnits": "m", "img": "modules/m/gate.webp",
          "walls": [{"_id": "a", "c": [100, 100, 900, 100], "move": 1, "sense": 1, "door": 0,
                     "ds": 0}]}
    other = dict(v9, _id="s2", name="Old Keep")
    lines = [json.dumps(v9), json.dumps(dict(other, name="Deleted")),
             json.dumps({"_id": "s2", "$$deleted": True}), json.dumps(other),
             json.dumps({"_id": "j", "name": "A journal", "content": "<p>x</p>"})]
    path = tmp_path / "scenes.db"
    path.write_text("\n".join(lines) + "\n")
    assert scene_names(path) == ["Gatehouse", "Old Keep"]
    imported = import_map(path, ImportOptions(scene="old keep"))
    assert imported.siege.name == "Old Keep"
    assert imported.siege.map is None  # no picture beside: walls only
    text = "\n".join(imported.report.lines())
    assert "2 m" in text and "without a plan" in text and "holds 2 scenes" in text
    xs = [x for wall in imported.siege.structures.values() for x, _ in wall.footprint]
    assert min(xs) == pytest.approx(2.0) and max(xs) == pytest.approx(18.0)
    assert import_map(path, ImportOptions(scene="2")).siege.name == "Old Keep"
    with pytest.raises(SiegeFileError, match="no scene 'Cellar'.*'Gatehouse', 'Old Keep'"):
        import_map(path, ImportOptions(scene="Cellar"))


@pytest.mark.parametrize("content, message", [
    ("", "is empty"), ("not json at all", "line 1 is not JSON"),
    ('{"name": "a journal"}', "holds no Foundry scene"),
    ('{"name": "x", "grid": 0, "width": 100, "walls": []}', "grid's size"),
])
def test_a_file_that_is_no_foundry_scene_is_refused_in_one_message(tmp_path, content, message):
    path = tmp_path / "x.json"
    path.write_text(content)
    with pytest.raises(SiegeFileError, match=message):
        import_map(path)


def test_a_background_path_that_leaves_the_folder_is_looked_for_by_its_name_only(tmp_path):
    secret = tmp_path / "secret.png"
    Image.new("RGB", (10, 10)).save(secret)
    inner = tmp_path / "inner"
    inner.mkdir()
    scene = {"name": "x", "width": 1000, "height": 1000, "padding": 0, "grid": 100,
             "img": "../secret.png", "walls": [_wall(0, 0, 500, 0)]}
    (inner / "s.json").write_text(json.dumps(scene))
    imported = import_map(inner / "s.json")
    assert imported.siege.map is None
    assert any("not found" in note for note in imported.report.notes)


# -- the command line --------------------------------------------------------------------------

def test_the_import_command_takes_a_pdf_page_and_its_resolution(tmp_path, capsys):
    from siegeboard.cli import main
    path = _pdf(tmp_path / "book.pdf", [((255, 0, 0), (72, 72)), ((0, 255, 0), (144, 72))])
    target = tmp_path / "book.siege"
    assert main(["import", str(path), "-o", str(target), "--page", "2", "--dpi", "50"]) == 0
    out = capsys.readouterr().out
    assert "Page 2 (51 x 25 mm) of 2 drawn at 50 dpi: 100 x 50 pixels." in out
    siege_file = read_siege(target)
    assert decoded_image(siege_file.images[siege_file.siege.map.member]).size == (100, 50)
    # the file refused as read (exit 1: the reader names the page it lacks)
    assert main(["import", str(path), "-o", str(tmp_path / "x.siege"), "--page", "4"]) == 1
    assert "there is no page 4" in capsys.readouterr().err


def test_the_import_command_takes_a_foundry_scene_by_name(tmp_path, capsys):
    from siegeboard.cli import main
    scenes = [{"_id": str(i), "name": name, "width": 1000, "height": 1000, "padding": 0,
               "grid": {"size": 100, "distance": 5, "units": "ft"},
               "walls": [_wall(100, 100, 100 + 100 * i, 100)]} for i, name in
              enumerate(("Hall", "Tower"), start=2)]
    path = tmp_path / "scenes.db"
    path.write_text("\n".join(json.dumps(s) for s in scenes))
    target = tmp_path / "tower.siege"
    assert main(["import", str(path), "-o", str(target), "--scene", "Tower"]) == 0
    assert read_siege(target).siege.name == "Tower"
    assert "scene 2, 'Tower', came in" in capsys.readouterr().out


# -- Universal VTT: freestanding doors laid over a wall -----------------------------------------

def test_freestanding_doors_laid_over_a_wall_line_are_set_into_it(tmp_path):
    # one long wall along y = 5; Dungeondraft's freestanding doors laid over it by hand:
    # one a little off it, one a little askew, one exactly on it; a fourth far from any wall
    doors = [portal((2, 5.12), (3, 5.12)), portal((5, 4.9), (6, 5.05)),
             portal((8, 5), (9, 5)), portal((4, 8), (5, 8))]
    for door in doors:
        door["freestanding"] = True
    data = uvtt(lines=[[(0.5, 5), (9.5, 5)]], portals=doors, size=(10, 10))
    imported = import_map(write(tmp_path / "free.dd2vtt", data))
    notes = imported.report.notes
    assert sum("was set into that wall" in note for note in notes) == 2
    assert any(note.startswith("Door 1 stood free 0.12 cells off wall line 1") for note in notes)
    assert any("Door 4 at (4.5, 8) stands in no wall line" in note for note in notes)
    assert not any("Door 2" in n and "no wall line" in n for n in notes)
    assert any("ran through door 1: cut around it" in note for note in notes)
    structures = list(imported.siege.structures.values())
    cell = 1.524
    doors_made = {s.name: Polygon(s.footprint) for s in structures if s.name.startswith("Door")}
    assert len(doors_made) == 4
    for name in ("Door 1", "Door 2", "Door 3"):
        assert doors_made[name].centroid.y == pytest.approx(5 * cell, abs=0.01), name
    walls = [Polygon(s.footprint) for s in structures if s.name.startswith("Wall")]
    # the wall is cut around the three doors set in it: no section overlaps a door
    for wall in walls:
        for name in ("Door 1", "Door 2", "Door 3"):
            assert wall.intersection(doors_made[name]).area < 0.01, name


def test_a_door_in_a_gap_a_little_apart_from_the_wall_ends_is_said_so(tmp_path):
    data = uvtt(lines=[[(0, 5), (3.9, 5)], [(5.1, 5), (9, 5)]],
                portals=[portal((4, 5), (5, 5))], size=(10, 10))
    notes = import_map(write(tmp_path / "gap.dd2vtt", data)).report.notes
    assert any("Door 1 at (4.5, 5) stands in the gap at the end of wall line 1 and wall line 2"
               in note for note in notes)
