"""The map formats behind one interface: the registry picks by name, each reads into a siege
(``SiegeFile``), refuses bad files with one ``SiegeFileError``, and cancels through progress."""

from __future__ import annotations

import struct
import zlib

import pytest

from siegeboard.persist import SiegeFile, SiegeFileError, read_siege, write_siege
from siegeboard.persist.formats import (
    FORMATS,
    IMPORT_FORMATS,
    GeoJsonFormat,
    ImportedMap,
    ImportOptions,
    MapFormat,
    OsmFormat,
    PlanImageFormat,
    SiegeFormat,
    UvttFormat,
    format_for,
    import_filters,
    import_map,
)

from .builders import png, sample_file


def test_every_format_follows_the_interface():
    for map_format in FORMATS:
        assert isinstance(map_format, MapFormat)
        assert map_format.name and map_format.suffixes
        for suffix in map_format.suffixes:
            assert f"*{suffix}" in map_format.name_filter
            assert map_format.supports(f"Some Map{suffix.upper()}")


@pytest.mark.parametrize(("name", "kind"), [
    ("castle.siege", SiegeFormat), ("plan.PNG", PlanImageFormat), ("plan.jpeg", PlanImageFormat),
    ("plan.webp", PlanImageFormat), ("dungeon.dd2vtt", UvttFormat), ("fog.df2vtt", UvttFormat),
    ("any.uvtt", UvttFormat), ("town.osm", OsmFormat), ("land.OSM.PBF", OsmFormat),
    ("sanborn.geojson", GeoJsonFormat),
])
def test_the_registry_picks_the_format_by_name(name, kind):
    assert isinstance(format_for(name), kind)


def test_an_unknown_kind_of_file_is_refused_naming_what_is_read():
    with pytest.raises(SiegeFileError, match=r"notes\.txt: siegeboard cannot import .*\.dd2vtt"):
        format_for("notes.txt")


def test_the_dialog_filter_lists_every_import_format_and_not_the_siege():
    filters = import_filters().split(";;")
    assert filters[0].startswith("All maps (") and "*.dd2vtt" in filters[0]
    assert "*.siege" not in import_filters()
    assert len(filters) == 1 + len(IMPORT_FORMATS)


def test_the_siege_format_reads_and_writes_the_siege_file(tmp_path):
    path = tmp_path / "castle.siege"
    original = sample_file()
    SiegeFormat().write(path, original)
    opened = import_map(path)
    assert opened.siege == original.siege == read_siege(path).siege
    with pytest.raises(SiegeFileError, match="no such file"):
        import_map(tmp_path / "missing.siege")


def test_a_plan_image_becomes_a_new_siege_with_the_picture_under_it(tmp_path):
    path = tmp_path / "Harrow Keep.png"
    path.write_bytes(png(40, 30))
    imported = import_map(path, ImportOptions(ruleset="armory", pixels_per_metre=4.0))
    assert isinstance(imported, ImportedMap) and isinstance(imported, SiegeFile)
    siege = imported.siege
    assert (siege.name, siege.ruleset, siege.structures) == ("Harrow Keep", "armory", {})
    assert siege.map.member == "map.png" and siege.map.pixels_per_metre == 4.0
    assert imported.images == {"map.png": path.read_bytes()}
    assert "Calibrate" in "\n".join(imported.report.lines())
    write_siege(tmp_path / "new.siege", imported)  # an import saves like any siege
    assert read_siege(tmp_path / "new.siege").siege == siege


def test_a_plan_image_bomb_or_non_image_is_refused_and_nothing_is_written(tmp_path):
    bomb = bytearray(png())
    bomb[16:24] = struct.pack(">II", 60_000, 60_000)
    bomb[29:33] = struct.pack(">I", zlib.crc32(bytes(bomb[12:29])))
    (tmp_path / "bomb.png").write_bytes(bytes(bomb))
    (tmp_path / "text.png").write_text("not a picture")
    with pytest.raises(SiegeFileError, match="decompression bomb"):
        import_map(tmp_path / "bomb.png")
    with pytest.raises(SiegeFileError, match="text.png is not a readable image"):
        import_map(tmp_path / "text.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bomb.png", "text.png"]


@pytest.mark.parametrize(("options", "message"), [
    (ImportOptions(ruleset="chess"), "unknown ruleset 'chess'"),
    (ImportOptions(cell_m=0), "cell size must be a number from 0.01 to 5"),
    (ImportOptions(cell_m=float("nan")), "cell size"),
    (ImportOptions(wall_thickness_m=0.01), "wall thickness must be"),
    (ImportOptions(stories=0), "stories must be a whole number from 1 to 100"),
    (ImportOptions(stories=2.5), "stories must be"),
    (ImportOptions(closed_as="towers"), "'walls' or 'buildings'"),
    (ImportOptions(wall_kind="castle_gate"), "wall kind: the harris ruleset has no kind"),
    (ImportOptions(ruleset="armory", door_kind="wooden_door"), "door kind: the armory"),
])
def test_options_that_cannot_be_used_are_refused_in_plain_words(options, message):
    with pytest.raises(ValueError, match=message):
        options.resolved()


def test_defaults_are_filled_per_ruleset():
    harris = ImportOptions().resolved()
    armory = ImportOptions(ruleset="armory").resolved()
    assert (harris.wall_kind, harris.door_kind, harris.gate_kind) == (
        "stone_house", "wooden_door", "wooden_gate")
    assert (armory.wall_kind, armory.door_kind, armory.gate_kind) == (
        "brick_house", "interior_door", "castle_gate")
    assert ImportOptions(wall_kind="curtain_wall").resolved().wall_kind == "curtain_wall"


def test_progress_is_reported_and_raising_from_it_cancels(tmp_path):
    path = tmp_path / "plan.png"
    path.write_bytes(png())
    seen = []
    import_map(path, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]

    class Cancelled(Exception):
        pass

    def cancel(done, total):
        raise Cancelled

    with pytest.raises(Cancelled):
        import_map(path, progress=cancel)
