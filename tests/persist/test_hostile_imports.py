"""Hostile and damaged imports, every format: each either imports a siege that opens or is
refused with one plain ``SiegeFileError`` line; never a traceback, never an input echoed
whole. The audit's cases (issue 35) by name, then a seeded fuzz per format: a small corpus
in the default run, a large one with ``-m fuzz`` (``SIEGEBOARD_IMPORT_FUZZ_CASES``).
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path

import pytest
from PIL import Image

from siegeboard.cli import main
from siegeboard.persist import SiegeFileError, read_siege
from siegeboard.persist.formats import ImportOptions, import_map

from .geo_files import as_pbf, castle_osm
from .test_osm_real import SANBORN

SQUARE = [[9.52, 47.13], [9.5201, 47.13], [9.5201, 47.1301], [9.52, 47.1301], [9.52, 47.13]]
LARGE = int(os.environ.get("SIEGEBOARD_IMPORT_FUZZ_CASES", "1500"))


def feature(geometry: dict, **properties) -> dict:
    return {"type": "Feature", "properties": properties or {"building": "yes"},
            "geometry": geometry}


def collection(*features: dict, **top) -> str:
    return json.dumps({"type": "FeatureCollection", "features": list(features), **top})


def osm(body: str) -> str:
    return f'<?xml version="1.0"?><osm version="0.6">{body}</osm>'


def building_way(first_node: int | str = 1, lat: str = "47.13", way_id: int | str = 1) -> str:
    return (f'<node id="{first_node}" version="1" lat="{lat}" lon="9.52"/>'
            '<node id="2" version="1" lat="47.13" lon="9.5201"/>'
            '<node id="3" version="1" lat="47.1301" lon="9.5201"/>'
            f'<way id="{way_id}" version="1"><nd ref="{first_node}"/><nd ref="2"/><nd ref="3"/>'
            f'<nd ref="{first_node}"/><tag k="building" v="yes"/></way>')


def uvtt(**changes) -> str:
    data = {"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0},
                                          "map_size": {"x": 10, "y": 10}, "pixels_per_grid": 8},
            "line_of_sight": [[{"x": 1, "y": 1}, {"x": 4, "y": 1}]], "portals": [],
            "objects_line_of_sight": [], "lights": [], "environment": {}, "image": ""}
    data.update(changes)
    return json.dumps(data)


AUDIT_CASES = {
    "nested.geojson": collection(feature({"type": "Polygon", "coordinates": "[" * 900})
                                 ).replace('"' + "[" * 900 + '"', "[" * 900 + "]" * 900),
    "nested_deeper.geojson": '{"type": "FeatureCollection", "features": ' + "[" * 100_000
                             + "]" * 100_000 + "}",
    "pole.geojson": collection(feature({"type": "Polygon", "coordinates": [[
        [45, -61.4], [-23.4, 55.2], [114.6, 91], [-90, -82.9], [180, 0], [90, 84.6],
        [45, -61.4]]]})),
    "huge_crs.geojson": collection(feature({"type": "Polygon", "coordinates": [SQUARE]}),
                                   crs={"type": "name", "properties": {"name": "X" * 2_000_000}}),
    "huge_number.geojson": collection(feature({"type": "Polygon", "coordinates": [SQUARE]})
                                      ).replace("9.52,", "9" * 5000 + ",", 1),
    "huge_id.geojson": collection({**feature({"type": "Polygon", "coordinates": [[[0, 0]]]}),
                                   "id": "Y" * 1_000_000}),
    "big_id.osm": osm(building_way(first_node=2**63)),
    "bigger_way_id.osm": osm(building_way(way_id=2**64)),
    "latitude_1000.osm": osm(building_way(lat="1000")),
    "latitude_nan.osm": osm(building_way(lat="nan")),
    "far_origin.dd2vtt": uvtt(resolution={"map_origin": {"x": 9.9e6, "y": -9.9e6},
                                          "map_size": {"x": 10, "y": 10}, "pixels_per_grid": 8}),
    "no_walls.dd2vtt": uvtt(line_of_sight=[]),
    "empty.geojson": collection(),
    "a_million_walls.dd2vtt": uvtt(line_of_sight=[[{"x": 1, "y": 1}, {"x": 2, "y": 1}]]
                                   * 600_000),
}


@pytest.mark.parametrize("name", sorted(AUDIT_CASES))
def test_the_audits_hostile_imports_are_refused_in_one_line_without_writing(tmp_path, name,
                                                                             capsys):
    source = tmp_path / name
    source.write_text(AUDIT_CASES[name])
    output = tmp_path / "out.siege"
    assert main(["import", str(source), "-o", str(output)]) == 1
    message = capsys.readouterr().err.strip()
    assert message.startswith("siegeboard: ") and "\n" not in message, message
    assert len(message) < 700 and "Traceback" not in message and "sys." not in message
    assert not output.exists()


def test_an_import_that_makes_nothing_says_so(tmp_path):
    source = tmp_path / "walls_outside.dd2vtt"
    source.write_text(uvtt(line_of_sight=[[{"x": 50, "y": 50}, {"x": 60, "y": 50}]]))
    with pytest.raises(SiegeFileError, match="nothing to import.*outside the picture"):
        import_map(source)


def _far(sample, what: str):
    """``sample`` (the harris castle, with its plan) changed so that opening it would refuse
    it: a bound of R3 or R4, or a value no file keeps."""
    siege = sample.siege
    key, structure = next(iter(siege.structures.items()))
    if what == "plan beyond the span":
        siege.map = siege.map.model_copy(update={"offset": (99_990.0, 0.0)})
    elif what == "structure beyond the span":
        far = [(x + 150_000.0, y) for x, y in structure.footprint]
        siege.structures[key] = structure.model_copy(update={"footprint": far})
    elif what == "dp above its original":
        siege.structures[key] = structure.model_copy(update={"dp": structure.dp_original + 5})
    elif what == "not a number":
        wrong = [(float("nan"), y) for x, y in structure.footprint]
        siege.structures[key] = structure.model_copy(update={"footprint": wrong})
    return sample


FAR = ("plan beyond the span", "structure beyond the span", "dp above its original",
       "not a number")


@pytest.mark.parametrize("what", FAR)
def test_the_import_check_refuses_what_opening_refuses(tmp_path, what):
    """The check trusts the save's reading back of each piece instead of reading the whole
    file again: it refuses each siege that the reader that opens files refuses."""
    from siegeboard.persist import document, read_sample, siege_file

    sample = _far(read_sample("harris"), what)
    with pytest.raises(SiegeFileError):
        siege_file.check_as_opened(sample, "out.siege")
    # What the check stands for: the document written without a check, then opened.
    written = tmp_path / "out.siege"
    written.write_bytes(siege_file._archive(list(document.pieces(sample.siege)),
                                            dict(sample.images)))
    with pytest.raises(SiegeFileError):
        read_siege(written)


def test_an_import_whose_siege_would_not_open_is_refused_before_writing(tmp_path, monkeypatch):
    """An import whose siege the check refuses is refused, in one line naming why."""
    from siegeboard.persist import siege_file

    real = siege_file.check_as_opened

    def far_plan(imported, name):
        return real(_far(imported, "structure beyond the span"), name)

    monkeypatch.setattr(siege_file, "check_as_opened", far_plan)
    source = tmp_path / "map.dd2vtt"
    source.write_text(uvtt())
    with pytest.raises(SiegeFileError, match="would not open .*span"):
        import_map(source)


def test_the_import_keeps_the_bytes_it_checked_and_they_open_as_its_siege(tmp_path):
    from siegeboard.persist import write_siege
    from siegeboard.persist.siege_file import encode_siege

    source = tmp_path / "map.dd2vtt"
    source.write_text(uvtt())
    imported = import_map(source)
    assert imported.encoded == encode_siege(imported)
    write_siege(tmp_path / "out.siege", imported, encoded=imported.encoded)
    assert read_siege(tmp_path / "out.siege").siege == imported.siege


# -- the fuzz: a damaged file of each format imports a siege that opens, or is refused -------


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 180, 150)).save(buffer, "PNG")
    return buffer.getvalue()


def _bases(folder: Path) -> dict[str, bytes]:
    castle = castle_osm(folder / "castle.osm")
    return {"castle.osm": castle.read_bytes(),
            "castle.osm.pbf": as_pbf(castle, folder / "castle.osm.pbf").read_bytes(),
            "town.geojson": SANBORN.read_bytes()[:20_000].rsplit(b"}, {", 1)[0] + b"}]}",
            "small.geojson": collection(feature({"type": "Polygon", "coordinates": [SQUARE]}),
                                        feature({"type": "LineString",
                                                 "coordinates": SQUARE[:3]},
                                                barrier="city_wall")).encode(),
            "plan.png": _png(), "map.dd2vtt": uvtt().encode()}


ODD = [b"", b"0", b"-1", b"1e308", b"NaN", b"null", b"[]", b"{}", b'"x"', b"9" * 400,
       b"\xff\xfe", b"<", b"\x00" * 8, b"]]]]", b'"type"']


def damaged(data: bytes, rng: random.Random) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        roll = rng.random()
        at = rng.randrange(len(data) + 1)
        if roll < 0.35 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif roll < 0.6:
            data[at:at + rng.randint(0, 12)] = rng.choice(ODD)
        elif roll < 0.8 and data:
            del data[at:at + rng.randint(1, 64)]
        else:
            cut = rng.randrange(len(data) + 1)
            data = data[:cut] if rng.random() < 0.5 else data[:at] + data[at:at + 200] * 3
    return bytes(data)


def play(folder: Path, cases: int, seed: int) -> None:
    bases = _bases(folder)
    for case in range(cases):
        rng = random.Random(seed + case)
        name = rng.choice(sorted(bases))
        path = folder / f"case{case % 7}_{name}"
        path.write_bytes(damaged(bases[name], rng))
        try:
            imported = import_map(path, ImportOptions())
        except SiegeFileError as error:
            text = str(error)
            assert "\n" not in text and len(text) < 1_000, (case, name, text[:300])
            continue
        except Exception as error:  # noqa: BLE001 -- the point of the test
            pytest.fail(f"case {case} ({name}): {type(error).__name__}: {error}"[:500])
        from siegeboard.persist import write_siege
        target = folder / "imported.siege"
        write_siege(target, imported, backup=False)
        read_siege(target)


@pytest.mark.parametrize("chunk", range(2))
def test_damaged_imports_of_every_format_import_or_are_refused_plainly(tmp_path, chunk):
    play(tmp_path, 60, 3500 + 1000 * chunk)


@pytest.mark.fuzz
def test_the_large_import_corpus(tmp_path):
    play(tmp_path, LARGE, 77_000)


def _png_declaring(width: int, height: int) -> bytes:
    import struct
    import zlib

    data = bytearray(_png())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


@pytest.mark.parametrize("how", ["plan", "uvtt"])
def test_a_picture_bomb_is_refused_by_its_pixels_wherever_it_comes_from(tmp_path, how,
                                                                          monkeypatch):
    import base64

    from siegeboard.persist import images

    monkeypatch.setattr(images, "_decoded", lambda data: pytest.fail("decoded"))
    bomb = _png_declaring(16_383, 16_383)  # under the side limit, 268 megapixels
    if how == "plan":
        source = tmp_path / "plan.png"
        source.write_bytes(bomb)
    else:
        source = tmp_path / "map.dd2vtt"
        source.write_text(uvtt(image=base64.b64encode(bomb).decode("ascii")))
    with pytest.raises(SiegeFileError, match="268 megapixels.*more than the 100 megapixels"):
        import_map(source)


@pytest.mark.parametrize("command", ["import", "sample"])
def test_a_full_disk_in_a_writer_is_one_line_and_leaves_no_file(tmp_path, capsys, monkeypatch,
                                                              command):
    import errno

    from siegeboard.persist import samples, siege_file

    def full(stream, data):
        stream.write(data[:100])  # part of it reached the disk, then the disk was full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(siege_file, "write_all", full)
    monkeypatch.setattr(samples, "write_all", full)
    source = tmp_path / "map.dd2vtt"
    source.write_text(uvtt())
    target = tmp_path / "out.siege"
    argv = (["import", str(source), "-o", str(target)] if command == "import"
            else ["sample", "-o", str(target)])
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the disk is full" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.dd2vtt"]


def test_the_cycle_collector_is_back_on_after_an_import_made_or_refused(tmp_path):
    import gc

    from .geo_files import city_geojson

    town = city_geojson(tmp_path / "town.geojson", 20)
    assert gc.isenabled()
    assert len(import_map(town).siege.structures) == 20
    assert gc.isenabled()
    with pytest.raises(SiegeFileError):
        import_map(tmp_path / "missing.geojson")
    assert gc.isenabled()
