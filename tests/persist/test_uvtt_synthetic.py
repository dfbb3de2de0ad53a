"""Universal VTT import on small synthetic files: what the real exports do not cover (other
versions and names, WebP, a picture named as a file, walls outside the picture, walls that run
through doors) and every kind of malformed file, refused with one plain message."""

from __future__ import annotations

import base64
import json

import pytest
from shapely.geometry import Polygon

from siegeboard.persist import SiegeFileError
from siegeboard.persist.formats import ImportOptions, import_map

from .uvtt_files import footprint, picture, points, portal, uvtt, write


def kinds(result) -> list[str]:
    return [s.kind for s in result.siege.structures.values()]


def named(result, prefix: str) -> list:
    return [s for s in result.siege.structures.values() if s.name.startswith(prefix)]


def test_format_0_2_without_object_outlines(tmp_path):
    data = uvtt(lines=[[(1, 1), (8, 1)]], version=0.2)
    assert "objects_line_of_sight" not in data
    result = import_map(write(tmp_path / "old.dd2vtt", data))
    assert result.report.read["object outlines"] == 0
    assert result.report.made["walls"] == 1
    assert not any("Format" in note for note in result.report.notes)


@pytest.mark.parametrize("name", ["fog.df2vtt", "arkenforge.uvtt", "UPPER.DD2VTT"])
def test_format_1_0_and_other_names(tmp_path, name):
    data = uvtt(lines=[[(1, 1), (1, 8)]], version=1.0)
    data.update(software="Arkenforge", creator="a GM")  # 1.0 writers add these; ignored
    result = import_map(write(tmp_path / name, data))
    assert result.report.made == {"walls": 1, "wall sections": 1, "plan": 1}
    assert result.siege.name == name.rsplit(".", 1)[0]


def test_an_unknown_format_version_is_read_and_noted(tmp_path):
    result = import_map(write(tmp_path / "new.uvtt", uvtt(lines=[[(1, 1), (1, 8)]],
                                                          version=2.5)))
    assert result.report.made["walls"] == 1
    assert any("Format 2.5 is not one siegeboard knows" in note for note in result.report.notes)


def test_a_webp_picture_becomes_a_webp_plan(tmp_path):
    data = uvtt(lines=[[(1, 1), (8, 1)]], image=picture(200, 200, "WEBP"))
    result = import_map(write(tmp_path / "webp.dd2vtt", data))
    assert result.siege.map.member == "map.webp"
    assert result.images["map.webp"][8:12] == b"WEBP"


def test_a_picture_named_as_a_file_is_looked_for_beside_the_map_by_base_name(tmp_path):
    (tmp_path / "cave.png").write_bytes(picture(200, 200))
    data = uvtt(lines=[[(1, 1), (8, 1)]], image="C:\\Users\\gm\\Maps\\cave.png")
    result = import_map(write(tmp_path / "cave.dd2vtt", data))
    assert result.siege.map.member == "map.png"
    assert result.images["map.png"] == (tmp_path / "cave.png").read_bytes()
    assert any("looked only beside cave.dd2vtt and used cave.png" in note
               for note in result.report.notes)


def test_a_picture_named_as_a_file_elsewhere_is_not_fetched(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.png").write_bytes(picture(200, 200))
    maps = tmp_path / "maps"
    maps.mkdir()
    data = uvtt(lines=[[(1, 1), (8, 1)]], image=str(elsewhere / "secret.png"))
    result = import_map(write(maps / "map.dd2vtt", data))
    assert result.siege.map is None and result.images == {}
    assert result.report.made["walls"] == 1  # walls come in, without a plan
    assert any("found no secret.png there" in note and "without a plan" in note
               for note in result.report.notes)
    relative = uvtt(lines=[[(1, 1), (8, 1)]], image="../elsewhere/secret.png")
    result = import_map(write(maps / "relative.dd2vtt", relative))
    assert result.siege.map is None


def test_a_map_without_a_picture_comes_in_without_a_plan(tmp_path):
    result = import_map(write(tmp_path / "bare.dd2vtt", uvtt(lines=[[(1, 1), (8, 1)]],
                                                             image=None)))
    assert result.siege.map is None
    assert result.report.made["walls"] == 1
    assert any("no picture" in note for note in result.report.notes)


def test_walls_and_doors_outside_the_picture_are_clipped_or_left_out(tmp_path):
    # a 10 x 10 cell picture from origin (0, 0)
    data = uvtt(lines=[[(5, 5), (15, 5)],        # half outside: clipped at x = 10
                       [(20, 20), (30, 20)],     # wholly outside: left out
                       [(2, 2), (8, 2)]],        # inside
                portals=[portal((9, 8), (11, 8)),    # half outside: clipped
                         portal((40, 1), (41, 1))],  # wholly outside
                objects=[[(9, 9), (12, 9), (12, 12), (9, 12)]])  # a quarter inside
    result = import_map(write(tmp_path / "edges.dd2vtt", data), ImportOptions(objects=True))
    report = result.report
    assert report.made["walls"] == 2
    assert len(report.clipped) == 3 and len(report.skipped) == 2
    assert any("Wall line 1" in line and "5.00 of its 10.00 cells" in line
               for line in report.clipped)
    assert any("Wall line 2 lies wholly outside" in line for line in report.skipped)
    assert any("Door 2 lies wholly outside" in line for line in report.skipped)
    assert any("Door 1 at (10, 8) stands in no wall line" in note for note in report.notes)
    assert any("Object outline 1: 89% of it" in line for line in report.clipped)
    frame = Polygon([(0, 0), (15.24, 0), (15.24, 15.24), (0, 15.24)]).buffer(0.25 + 1e-9)
    for structure in result.siege.structures.values():
        assert frame.contains(footprint(structure)), structure.name
    lines = "\n".join(report.lines())
    assert "Clipped to the picture (3):" in lines and "Left out (2):" in lines


def test_a_wall_that_runs_through_a_closed_door_is_cut_around_it(tmp_path):
    # Some tools draw the wall straight through the door: section, door, section.
    data = uvtt(lines=[[(1, 5), (9, 5)]], portals=[portal((4, 5), (5, 5))])
    result = import_map(write(tmp_path / "through.uvtt", data))
    walls, doors = named(result, "Wall"), named(result, "Door")
    assert len(walls) == 2 and len(doors) == 1
    door = footprint(doors[0])
    for wall in walls:
        shape = footprint(wall)
        assert shape.distance(door) < 1e-9 and shape.intersection(door).area < 1e-9
    assert sum(footprint(w).area for w in walls) + door.area == pytest.approx(
        8 * 1.524 * 0.5)
    assert any("ran through door 1: cut around it" in note for note in result.report.notes)


def test_an_open_portal_leaves_the_wall_whole(tmp_path):
    through = uvtt(lines=[[(1, 5), (9, 5)]], portals=[portal((4, 5), (5, 5), closed=False)])
    result = import_map(write(tmp_path / "window.uvtt", through))
    assert kinds(result) == ["stone_house"]  # one section, no door
    assert footprint(named(result, "Wall")[0]).area == pytest.approx(8 * 1.524 * 0.5)
    gap = uvtt(lines=[[(1, 5), (4, 5)], [(5, 5), (9, 5)]],
               portals=[portal((4, 5), (5, 5), closed=False)])
    result = import_map(write(tmp_path / "gap.uvtt", gap))
    assert result.report.made["walls"] == 1  # joined across the window
    assert sum(footprint(s).area for s in named(result, "Wall")) == pytest.approx(
        8 * 1.524 * 0.5)


def test_a_wide_portal_is_a_gate_and_options_choose_the_make(tmp_path):
    data = uvtt(lines=[[(1, 5), (3, 5)], [(5, 5), (9, 5)]], portals=[portal((3, 5), (5, 5))])
    path = write(tmp_path / "gate.dd2vtt", data)
    result = import_map(path)
    assert named(result, "Gate")[0].kind == "wooden_gate"
    options = ImportOptions(cell_m=2.0, wall_kind="curtain_wall", wall_thickness_m=2.0,
                            stories=3, gate_kind="gatehouse", gate_width_m=5.0,
                            door_kind="iron_bound_door")
    result = import_map(path, options)
    door = named(result, "Door")[0]  # 4 m wide: under the 5 m of a gate now
    assert door.kind == "iron_bound_door" and door.stories == 3
    assert footprint(door).area == pytest.approx(2 * 2.0 * 2.0)
    walls = named(result, "Wall")
    assert {w.kind for w in walls} == {"curtain_wall"}
    assert result.siege.map.pixels_per_metre == pytest.approx(20 / 2.0)


@pytest.mark.parametrize(("content", "message"), [
    (b"", "not valid JSON"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "is not text"),
    ("{\"format\": 0.3, \"resolution\": ", "not valid JSON"),
    ("[1, 2, 3]", "holds no map object"),
    ("{\"format\": 0.3}", "gives no resolution"),
    ({"resolution": {"pixels_per_grid": "many"}}, "pixels a grid cell is not a number"),
    ({"resolution": {"pixels_per_grid": 0}}, "must be from 1 to 20,000"),
    ("{\"resolution\": {\"pixels_per_grid\": NaN}}", "NaN is not a number"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": -1, "y": 5}}},
     "size must be above 0"),
    ({"resolution": {"pixels_per_grid": 10, "map_origin": {"x": "left", "y": 0}}},
     "origin, x is not a number"),
    ({"resolution": {"pixels_per_grid": 10}}, "neither a picture nor a map size"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 1e9, "y": 1}}},
     "more than the 100 km"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}},
      "line_of_sight": {"x": 1}}, "the wall lines is not a list"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}},
      "line_of_sight": [[{"x": 1, "y": 1}, {"x": 2}]]}, "wall line 1, point 2 is not a point"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}},
      "line_of_sight": [[{"x": 1, "y": 1}, {"x": 2, "y": True}]]}, "point 2, y is not a number"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}},
      "portals": [{"bounds": points((1, 1), (2, 1)), "closed": "yes"}]},
     "closed must be true or false"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}},
      "image": "not base64 at all!"}, "the picture is not valid base64"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}},
      "image": base64.b64encode(b"just some text, not a picture").decode()},
     "the picture is not a readable image"),
    ({"resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}}, "image": 42},
     "the picture is not text"),
    ({"format": [0.3], "resolution": {"pixels_per_grid": 10, "map_size": {"x": 5, "y": 5}}},
     "format version is not a number"),
])
def test_a_malformed_file_is_refused_with_one_plain_message(tmp_path, content, message):
    path = write(tmp_path / "bad.dd2vtt", content)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(SiegeFileError, match=message) as caught:
        import_map(path)
    text = str(caught.value)
    assert text.startswith("bad.dd2vtt") and "Traceback" not in text and "\n" not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_missing_file_or_a_folder_is_refused(tmp_path):
    with pytest.raises(SiegeFileError, match="no such file"):
        import_map(tmp_path / "missing.dd2vtt")
    (tmp_path / "folder.dd2vtt").mkdir()
    with pytest.raises(SiegeFileError, match="is a folder"):
        import_map(tmp_path / "folder.dd2vtt")


def test_a_line_or_portal_that_cannot_be_a_structure_is_left_out_and_the_rest_comes_in(
        tmp_path):
    data = uvtt(lines=[[(1, 1)], [(2, 2), (2, 2)], [(1, 5), (8, 5)], [(3, 3), (3.05, 3)]],
                portals=[{"bounds": [{"x": 1, "y": 1}], "closed": True},
                         portal((6, 6), (6, 6))])
    result = import_map(write(tmp_path / "odd.dd2vtt", data))
    skipped = "\n".join(result.report.skipped)
    assert "wall line 1 has fewer than two distinct points" in skipped
    assert "wall line 2 has fewer than two distinct points" in skipped
    assert "smaller than the 0.25 m2" in skipped  # line 4: 7.6 cm long
    assert "portal 1 gives no two bounds" in skipped and "portal 2 has no width" in skipped
    assert result.report.made["walls"] == 1


def test_a_self_crossing_outline_comes_in_as_its_largest_part(tmp_path):
    bow_tie = [(1, 1), (5, 5), (5, 1), (1, 5)]
    data = uvtt(objects=[bow_tie])
    result = import_map(write(tmp_path / "bow.dd2vtt", data), ImportOptions(objects=True))
    assert len(named(result, "Object")) == 1
    assert any("crossed itself" in note for note in result.report.notes)


def test_cancelling_through_progress_stops_the_import(tmp_path):
    path = write(tmp_path / "map.dd2vtt", uvtt(lines=[[(1, 1), (8, 1)]]))
    calls = []

    def stop_at_three(done, total):
        calls.append(done)
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_map(path, progress=stop_at_three)
    assert calls == [1, 2, 3]
    seen = []
    import_map(path, progress=lambda done, total: seen.append((done, total)))
    # 5 steps and one a wall line (a door, an outline), counted once the file is read: 6
    # here, every step seen, in order
    assert [done for done, _ in seen] == list(range(1, 7)) and seen[-1] == (6, 6)


def test_the_report_reads_as_plain_lines(tmp_path):
    data = uvtt(lines=[[(1, 1), (8, 1)]], objects=[[(2, 2), (4, 2), (4, 4), (2, 4)]])
    lines = import_map(write(tmp_path / "r.dd2vtt", data)).report.lines()
    assert lines[0] == ("Read from r.dd2vtt: 1 wall line, 1 object outline, 0 doors, "
                        "0 windows, 0 portals.")
    assert lines[1] == "Made: 1 wall, 1 wall section, 1 plan."
    assert any("1 object outline (pillars" in line and "not brought in" in line
               for line in lines)
    assert any("1 light and the lighting" in line for line in lines)
    assert json.dumps(lines)  # plain text only


def test_a_window_closing_a_room_or_ending_a_wall_keeps_it_whole(tmp_path):
    # a room drawn as one line from one side of the window round to the other
    room = uvtt(lines=[[(5, 2), (8, 2), (8, 8), (2, 8), (2, 2), (4, 2)]],
                portals=[portal((4, 2), (5, 2), closed=False)])
    result = import_map(write(tmp_path / "room.dd2vtt", room))
    walls = named(result, "Wall")
    outline = Polygon([(2, 2), (8, 2), (8, 8), (2, 8)])
    ring_area = (outline.buffer(0.25 / 1.524, join_style="mitre").area
                 - outline.buffer(-0.25 / 1.524, join_style="mitre").area) * 1.524 ** 2
    assert sum(footprint(w).area for w in walls) == pytest.approx(ring_area)
    assert len(walls) >= 2  # a closed wall is never one section (that would be a ring)
    # a wall that stops at a window with nothing beyond: carried on across it
    stub = uvtt(lines=[[(1, 5), (4, 5)]], portals=[portal((4, 5), (5, 5), closed=False)])
    result = import_map(write(tmp_path / "stub.dd2vtt", stub))
    assert sum(footprint(w).area for w in named(result, "Wall")) == pytest.approx(
        4 * 1.524 * 0.5)
    assert any("goes on across it" in note for note in result.report.notes)


def test_a_wall_line_that_crosses_itself_comes_in_as_its_pieces(tmp_path):
    figure = uvtt(lines=[[(1, 1), (6, 6), (6, 1), (1, 6)]])
    result = import_map(write(tmp_path / "cross.dd2vtt", figure))
    walls = named(result, "Wall")
    assert result.report.made["walls"] == 1 and len(walls) >= 3
    length = (2 * 50 ** 0.5 + 5) * 1.524
    assert sum(footprint(w).area for w in walls) == pytest.approx(length * 0.5, rel=0.05)


def test_a_picture_that_disagrees_with_the_map_size_is_trusted_and_noted(tmp_path):
    data = uvtt(lines=[[(1, 1), (12, 1)]], size=(10, 10), image=picture(300, 200))
    result = import_map(write(tmp_path / "sizes.dd2vtt", data))
    assert any("300 x 200 px" in note and "goes by the picture" in note
               for note in result.report.notes)
    # the picture is 15 x 10 cells at 20 px: the wall (to x = 12) is inside it
    assert result.report.clipped == []


def test_a_picture_bomb_is_refused_cheaply(tmp_path):
    import struct
    import zlib

    bomb = bytearray(picture(8, 8))
    bomb[16:24] = struct.pack(">II", 60_000, 60_000)
    bomb[29:33] = struct.pack(">I", zlib.crc32(bytes(bomb[12:29])))
    path = write(tmp_path / "bomb.dd2vtt", uvtt(lines=[[(1, 1), (2, 1)]], image=bytes(bomb)))
    with pytest.raises(SiegeFileError, match="bomb.dd2vtt: the picture declares .* pixels.*"
                                             "decompression bomb"):
        import_map(path)


def test_a_picture_file_beside_the_map_that_is_not_a_picture_is_refused(tmp_path):
    (tmp_path / "cave.png").write_text("a note, not a picture")
    path = write(tmp_path / "cave.dd2vtt", uvtt(lines=[[(1, 1), (2, 1)]], image="cave.png"))
    with pytest.raises(SiegeFileError, match="cave.dd2vtt: the picture cave.png beside it is "
                                             "not a readable image"):
        import_map(path)
