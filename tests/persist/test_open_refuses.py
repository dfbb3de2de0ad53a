"""Opening refuses every kind of bad file with one SiegeFileError and changes nothing on disk."""

from __future__ import annotations

import io
import json
import struct
import zipfile
import zlib

import pytest
from PIL import Image

from siegeboard.model.siege import SCHEMA_VERSION
from siegeboard.persist import SiegeFileError, read_siege, write_siege, zip_safety

from .builders import MAP_MEMBER, png, sample_file, sample_siege, siege_json, snapshot, write_raw


def png_declaring(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (its pixel data is for 6 x 4)."""
    data = bytearray(png())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def image_bytes(image_format: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (5, 5), (1, 2, 3)).save(buffer, format=image_format)
    return buffer.getvalue()


def document(**changes) -> bytes:
    """siege.json of the sample siege with top-level or nested changes applied."""
    data = json.loads(siege_json(sample_siege()))
    for dotted, value in changes.items():
        *parents, last = dotted.split("__")
        target = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if value is DELETE:
            del target[last]
        else:
            target[last] = value
    return json.dumps(data).encode()


DELETE = object()
VALID_PNG = png()


def members(doc: bytes = b"", **images: bytes) -> dict[str, bytes]:
    return {"siege.json": doc or siege_json(sample_siege()), MAP_MEMBER: VALID_PNG, **images}


def assert_refused(path, match: str):
    before = snapshot(path.parent)
    with pytest.raises(SiegeFileError, match=match) as caught:
        read_siege(path)
    assert snapshot(path.parent) == before, "opening changed something on disk"
    assert caught.value.__class__ is SiegeFileError
    assert "\n" not in str(caught.value), "one message, one line"
    return str(caught.value)


@pytest.mark.parametrize("contents, match", [
    (b"", "not a siege file"),
    (b"hello, I am a text file\n" * 20, "not a siege file"),
    (png(), "not a siege file"),
    (b"PK\x03\x04" + b"\0" * 60, "not a siege file"),
])
def test_a_file_that_is_not_a_zip_is_refused(tmp_path, contents, match):
    path = tmp_path / "castle.siege"
    path.write_bytes(contents)
    message = assert_refused(path, match)
    assert message.startswith("castle.siege")


def test_a_zip_without_siege_json_is_not_a_siege(tmp_path):
    path = tmp_path / "castle.siege"
    write_raw(path, {"readme.txt": b"hello"})
    assert_refused(path, "castle.siege is not a siege: it has no siege.json")


def test_a_missing_file_and_a_folder_are_refused(tmp_path):
    with pytest.raises(SiegeFileError, match="no such file"):
        read_siege(tmp_path / "nowhere.siege")
    with pytest.raises(SiegeFileError, match="is a folder"):
        read_siege(tmp_path)


@pytest.mark.parametrize("doc, match", [
    (b"{", "siege.json is not valid JSON"),
    (b'{"name": "x",}', "siege.json is not valid JSON"),
    (b"\xff\xfe{}", "siege.json is not UTF-8"),
    (b"[1, 2]", "must hold a JSON object, not an array"),
    (b'"just text"', "must hold a JSON object, not a text"),
    (b'{"name": NaN}', "NaN is not a number"),
    (b'{"name": "x", "grid_origin": [1e999, 0]}', "too large a number"),
    (b'{"name": "a", "name": "b"}', "'name' appears twice"),
    (b"[" * 200_000 + b"]" * 200_000, "not an array"),  # refused before it is parsed
    (b"{\"a\": " + b"[" * 200_000 + b"]" * 200_000 + b"}", "nested too deeply"),
    (b'{"name": "x", "scene": 1' + b"0" * 5000 + b"}", "not valid JSON"),
])
def test_invalid_json_is_refused(tmp_path, doc, match):
    path = tmp_path / "castle.siege"
    write_raw(path, members(doc))
    assert_refused(path, match)


@pytest.mark.parametrize("changes, match", [
    ({"structures__s1__armor": "thick"}, r"structures\.s1\.armor: Input should be a valid integer"),
    ({"structures__s1__armor": -5}, r"structures\.s1\.armor: .*greater than or equal to 0"),
    ({"structures__s1__occupants__0__damage": -1}, r"structures\.s1\.occupants\[0\]\.damage"),
    ({"clock__turn": -1}, r"clock\.turn"),
    ({"ruleset": "chess"}, r"unknown ruleset 'chess': this siegeboard knows harris \(Sieges and "
                           r"Fortifications\), armory \(The Heavy Armory\)"),
    ({"ruleset": "Chess rules"}, r"ruleset: String should match pattern"),
    ({"name": DELETE}, "name: Field required"),
    ({"structures__s1__colour": "red"}, r"structures\.s1\.colour: Extra inputs are not permitted"),
    ({"map__pixels_per_metre": 0}, r"map\.pixels_per_metre: .*greater than or equal to 0.001"),
    ({"log__1__action__type": "teleport"}, r"log\[1\]\.action"),
    ({"structures__s1__dp": 10**9}, r"dp: 1000000000 is above dp_original"),
])
def test_a_wrong_type_or_out_of_range_field_is_named(tmp_path, changes, match):
    path = tmp_path / "castle.siege"
    write_raw(path, members(document(**changes)))
    assert_refused(path, match)


@pytest.mark.parametrize("ring, match", [
    ([], "empty"),
    ([[0, 0], [10, 0]], "empty"),  # an open line, never a closed ring
    ([[0, 0], [5, 5], [10, 10], [0, 0]], "empty"),
    ([[0, 0], [10, 10], [10, 0], [0, 10]], "self-crossing"),
    ([[0, 0], [10, 0], [10, 10], [0, 10], [0, 0], [5, -5]], "self-crossing"),
])
def test_a_bad_footprint_is_refused(tmp_path, ring, match):
    path = tmp_path / "castle.siege"
    write_raw(path, members(document(structures__s2__footprint=ring)))
    assert_refused(path, rf"structures\.s2\.footprint: footprint is {match}")


@pytest.mark.parametrize("changes, match", [
    ({"batteries__b1__weapon_id": "w9"}, r"batteries\.b1\.weapon_id: no weapon 'w9'"),
    ({"batteries__b1__target_id": "s99"}, r"batteries\.b1\.target_id: no structure or battery"),
    ({"structures__s1__id": "s7"}, "structures: key 's1' differs from its id 's7'"),
])
def test_references_to_missing_things_are_refused(tmp_path, changes, match):
    path = tmp_path / "castle.siege"
    write_raw(path, members(document(**changes)))
    assert_refused(path, match)


def test_a_missing_map_image_is_refused(tmp_path):
    path = tmp_path / "castle.siege"
    write_raw(path, {"siege.json": siege_json(sample_siege())})
    assert_refused(path, r"map\.member: the map image 'plan.png' is not in the file")


@pytest.mark.parametrize("name, problem", [
    ("/etc/passwd", "an absolute path"),
    ("../../evil.png", r"a '\.\.' or '\.' part"),
    ("maps/../../evil.png", r"a '\.\.' or '\.' part"),
    ("maps\\evil.png", "a backslash"),
    ("C:evil.png", "a drive letter"),
    ("c:/windows/evil.png", "a drive letter"),
    ("a//b.png", "an empty path part"),
    ("bell\x07.png", "a control character"),
])
def test_member_names_that_leave_the_archive_are_refused(tmp_path, name, problem):
    path = tmp_path / "castle.siege"
    write_raw(path, {**members(), name: VALID_PNG})
    assert_refused(path, f"the member .* has {problem}, which could point outside the archive")


@pytest.mark.parametrize("data, match", [
    (b"not an image at all", "is not a readable image of an allowed format"),
    (VALID_PNG[:-20], "does not decode"),
    (VALID_PNG[:40], "is not a readable image"),
    (image_bytes("GIF"), "is not a readable image of an allowed format"),
    (png_declaring(20_001, 10), "declares 20001 x 10 pixels.*decompression bomb"),
    (png_declaring(30_000, 30_000), "declares more than 100,000,000 pixels.*bomb"),
    (png_declaring(12_000, 12_000), "declares 12,000 x 12,000 pixels \\(144 megapixels\\), "
                                    "more than the 100 megapixels.*0.6 GB to show"),
], ids=["garbage", "truncated-end", "truncated-header", "gif", "bomb-wide", "bomb-square",
        "bomb-by-pixels"])
def test_an_image_that_does_not_decode_or_is_a_bomb_is_refused(tmp_path, data, match):
    path = tmp_path / "castle.siege"
    write_raw(path, {**members(), MAP_MEMBER: data})
    assert_refused(path, f"the image 'plan.png' {match}")


@pytest.mark.parametrize("image_format", ["PNG", "JPEG", "TIFF", "WEBP", "BMP"])
def test_each_allowed_image_format_opens(tmp_path, image_format):
    path = tmp_path / "castle.siege"
    data = image_bytes(image_format)
    write_raw(path, {**members(), MAP_MEMBER: data})
    assert read_siege(path).images[MAP_MEMBER] == data


def test_an_image_at_the_pixel_limit_is_not_a_bomb_and_is_decoded_only_when_drawn(tmp_path):
    """10,000 x 10,000 is allowed (Pillow's default budget, about 89 megapixels, would refuse
    it); opening reads its header only, and a picture holding less than its header claims is
    refused when it is drawn."""
    from siegeboard.persist.images import MAX_PIXELS, ImageRefused, check_image, decoded_image
    claims = png_declaring(10_000, 10_000)
    assert MAX_PIXELS == 10_000 * 10_000 and check_image(claims) == "PNG"
    with pytest.raises(ImageRefused, match="does not decode"):
        decoded_image(claims)


def test_a_jpeg_cut_short_is_refused_at_open_without_a_full_decode(tmp_path, monkeypatch):
    """A decode at an eighth of the size (a sixty-fourth of the memory) finds it out."""
    import random

    from siegeboard.persist import images
    noise = random.Random(35)
    picture = Image.frombytes("RGB", (800, 600),
                              bytes(noise.randrange(256) for _ in range(800 * 600 * 3)))
    buffer = io.BytesIO()
    picture.save(buffer, format="JPEG")
    monkeypatch.setattr(images, "_decoded", lambda data: pytest.fail("decoded whole"))
    with pytest.raises(images.ImageRefused, match="does not decode.*ends too soon"):
        images.check_image(buffer.getvalue()[:len(buffer.getvalue()) // 2])


def test_a_member_declaring_too_many_bytes_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "castle.siege"
    write_raw(path, {**members(), "big.png": b"\0" * 10_000})
    monkeypatch.setattr(zip_safety, "MAX_MEMBER_BYTES", 8192)
    read = []
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: read.append(a) or 1 / 0)
    assert_refused(path, "'big.png' unpacks to 10,000 bytes, more than the 8,192 allowed")
    assert read == []


def test_a_member_that_unpacks_to_more_than_it_declares_is_stopped(tmp_path, monkeypatch):
    path = tmp_path / "castle.siege"
    write_raw(path, members())
    monkeypatch.setattr(zip_safety, "MAX_MEMBER_BYTES", 8192)
    # A lying header: whatever it declared, the stream produces more, and is stopped there.
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda self, info, *a, **k: io.BytesIO(
        b"{" * 20_000))
    assert_refused(path, r"unpacks to more than the [\d,]+ bytes its header declares")


def test_the_total_unpacked_size_is_limited(tmp_path, monkeypatch):
    path = tmp_path / "castle.siege"
    write_raw(path, {**members(), "a.png": b"\0" * 3000, "b.png": b"\0" * 3000})
    monkeypatch.setattr(zip_safety, "MAX_TOTAL_BYTES", 5000)
    assert_refused(path, "unpacks to .* bytes, more than the 5,000 allowed")


def test_too_many_members_are_refused(tmp_path):
    path = tmp_path / "castle.siege"
    write_raw(path, {**members(), **{f"x{n}.png": VALID_PNG for n in range(200)}})
    assert_refused(path, "has 202 members; a siege has at most 100")


def test_two_members_with_one_name_are_refused(tmp_path):
    path = tmp_path / "castle.siege"
    with pytest.warns(UserWarning, match="Duplicate name"):
        write_raw(path, [("siege.json", siege_json(sample_siege())), (MAP_MEMBER, VALID_PNG),
                         ("siege.json", b"{}")])
    assert_refused(path, "holds two members named 'siege.json'")


def _patch_member_headers(data: bytes, name: bytes, offset: int, value: bytes) -> bytes:
    """Overwrite a field in both the local and the central header of member ``name``;
    ``offset`` is the field's place in the local header (the central one is 4 further on)."""
    data = bytearray(data)
    local = data.find(b"PK\x03\x04" + b"\0" * 0)
    while local != -1:
        name_length = struct.unpack("<H", data[local + 26:local + 28])[0]
        if data[local + 30:local + 30 + name_length] == name:
            data[local + offset:local + offset + len(value)] = value
        local = data.find(b"PK\x03\x04", local + 4)
    central = data.find(b"PK\x01\x02")
    while central != -1:
        name_length = struct.unpack("<H", data[central + 28:central + 30])[0]
        if data[central + 46:central + 46 + name_length] == name:
            data[central + offset + 2:central + offset + 2 + len(value)] = value
        central = data.find(b"PK\x01\x02", central + 4)
    return bytes(data)


@pytest.mark.parametrize("offset, value, match", [
    (8, struct.pack("<H", 99), "uses a zip compression siegeboard cannot read"),  # method
    (6, struct.pack("<H", 1), "encrypted"),  # flag bit 0: encrypted
    (14, struct.pack("<I", 0xDEADBEEF), "not a siege file or is damaged"),  # CRC
])
def test_damaged_zip_headers_are_refused(tmp_path, offset, value, match):
    source = tmp_path / "source.siege"
    write_raw(source, members())
    path = tmp_path / "castle.siege"
    path.write_bytes(_patch_member_headers(source.read_bytes(), b"siege.json", offset, value))
    assert_refused(path, match)


def test_truncated_files_are_refused(tmp_path):
    source = tmp_path / "source.siege"
    write_siege(source, sample_file())
    data = source.read_bytes()
    path = tmp_path / "castle.siege"
    for cut in range(0, len(data), max(1, len(data) // 40)):
        path.write_bytes(data[:cut])
        assert_refused(path, "castle.siege")


def test_a_newer_schema_version_is_refused(tmp_path):
    path = tmp_path / "castle.siege"
    # Written against the version after the current one (it was 2 when the current was 1).
    write_raw(path, members(document(schema_version=SCHEMA_VERSION + 1)))
    message = assert_refused(path, "made by a newer siegeboard")
    assert (f"schema version {SCHEMA_VERSION + 1}; this one reads versions up to "
            f"{SCHEMA_VERSION}") in message


@pytest.mark.parametrize("version, match", [
    ("1", "schema_version: '1' is not a whole number"),
    (1.5, "schema_version: 1.5 is not a whole number"),
    (True, "schema_version: True is not a whole number"),
    (-1, "schema_version: -1 is not a known version"),
])
def test_a_schema_version_that_is_not_a_version_is_refused(tmp_path, version, match):
    path = tmp_path / "castle.siege"
    write_raw(path, members(document(schema_version=version)))
    assert_refused(path, match)
