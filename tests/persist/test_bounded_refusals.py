"""Every file that opens can be played, and no refusal costs more than the file's size: what
would hang or crash later is refused at open naming the field and the bound (RULINGS R3, R4),
and each refusal's work is bounded: bytes inflated and validation errors collected are
measured, not times."""

from __future__ import annotations

import os
import sys
import zipfile

import pytest

from siegeboard.persist import SiegeFileError, document_checks, read_siege

from .hostile import HOSTILE, array_of_zeros

CHUNK = 1 << 20

EXPECTED = {
    "array of two million zeros": r"siege\.json must hold a JSON object, not an array",
    "footprint of two million zeros": r"structures\.s1\.footprint\[0\]: Input should be a valid "
                                      r"tuple",
    "4,000-corner self-crossing footprint":
        r"structures\.s2\.footprint: footprint is self-crossing",
    "10,001-corner footprint": r"structures\.s2\.footprint: footprint has 10,001 corners: at "
                               r"most 10,000 are allowed",
    "member lying about its size": r"'bomb\.png'",
    "data after the PNG": r"the image 'plan\.png' has data after the end of its PNG",
    "a million-entry directory": r"has 1,000,000 members; a siege has at most 100",
    # The model's own R3/R4 messages (model/bounds.py) name the field and the bound.
    "a corner 20,000 km out": r"structures\.s1\.footprint: .*20,000\.0 km from the origin: a "
                              r"siege spans at most 100 km",
    "a structure 20,000 km from the rest": r"structures\.s1\.footprint: .* km .*a siege spans "
                                           r"at most 100 km",
    "a scale of 5e-324": r"map\.pixels_per_metre: .*greater than or equal to 0\.001",
    "offsets of 1e308": r"map\.pixels_per_metre: .*from \(1e\+308, 1e\+308\) m does not fit .*"
                        r"a siege spans at most 100 km",
    "a grid origin of 1e308": r"map\.pixels_per_metre: .*does not fit on the board: .*a siege "
                              r"spans at most 100 km",
    "a DP of 1e30": r"structures\.s1\.dp",
    "a DP past 2e9": r"structures\.s1\.dp_original: dp_original must be at most "
                     r"2,000,000,000",
    "a seed of 3e9": r"dice_seed: dice_seed must be at most 2,147,483,647",
    "clock turns of 3e9": r"clock\.turn: .*less than or equal to 2147483647",
    "a modifier of 1e30 in the log": r"log\[1\]\.action\.fire\.modifier: modifier must be at "
                                     r"most 1,000",
    "a tiny footprint": r"structures\.s1\.footprint: footprint has an area of 0\.16 m2: the "
                        r"smallest is 0\.25 m2",
    "a 1 cm side": r"structures\.s1\.footprint: footprint has a side of 1 cm: no side may be "
                   r"shorter than 5 cm",
    "an image named siege.json": r"map\.member: 'siege\.json' is the name of the siege's own "
                                 r"document",
}


class Work:
    """What one ``read_siege`` did: bytes inflated from the archive, validation errors built."""

    def __init__(self, monkeypatch):
        self.inflated = 0
        self.errors = 0
        real_read = zipfile.ZipExtFile.read
        real_describe = document_checks._describe

        def counting_read(stream, *args, **kwargs):
            data = real_read(stream, *args, **kwargs)
            self.inflated += len(data)
            return data

        def counting_describe(error, *args, **kwargs):
            self.errors += error.error_count()
            return real_describe(error, *args, **kwargs)

        monkeypatch.setattr(zipfile.ZipExtFile, "read", counting_read)
        monkeypatch.setattr(document_checks, "_describe", counting_describe)


@pytest.fixture
def work(monkeypatch) -> Work:
    return Work(monkeypatch)


def test_every_hostile_class_has_its_expected_refusal():
    assert set(EXPECTED) == set(HOSTILE)


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_file_is_refused_at_open_naming_the_field_and_the_bound(tmp_path, work, name):
    data = HOSTILE[name]()
    path = tmp_path / "hostile.siege"
    path.write_bytes(data)
    with pytest.raises(SiegeFileError, match=EXPECTED[name]) as refused:
        read_siege(path)
    message = str(refused.value)
    assert "Traceback" not in message and "object at 0x" not in message
    assert len(message) < 400
    assert work.errors <= 5, f"{work.errors} validation errors collected"
    # At most the document (parsed whole) and one chunk of the member being refused.
    assert work.inflated <= document_size(path) + CHUNK + 64 * 1024, \
        f"{work.inflated:,} bytes inflated"
    assert path.read_bytes() == data


def document_size(path) -> int:
    """The declared size of siege.json, or 0 where the archive has no readable directory."""
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.getinfo("siege.json").file_size
    except Exception:  # noqa: BLE001 -- a damaged archive: any of zipfile's many errors
        return 0


def test_a_member_claiming_100_bytes_is_stopped_after_them(tmp_path, work):
    from .hostile import lying_member

    path = tmp_path / "bomb.siege"
    path.write_bytes(lying_member(declared=100, actual=60 * 1024 * 1024))
    with pytest.raises(SiegeFileError, match="'bomb.png'"):
        read_siege(path)
    assert work.inflated < 200_000, f"{work.inflated:,} bytes inflated for a 100-byte claim"


def test_data_after_a_png_is_refused_within_a_chunk_of_its_end(tmp_path, work):
    from .hostile import trailing_png

    path = tmp_path / "tail.siege"
    path.write_bytes(trailing_png(extra=20 * CHUNK))
    with pytest.raises(SiegeFileError, match="after the end of its PNG"):
        read_siege(path)
    assert work.inflated <= document_size(path) + 2 * CHUNK


def test_two_million_zeros_in_a_footprint_collect_one_error(tmp_path, work):
    path = tmp_path / "zeros.siege"
    path.write_bytes(array_of_zeros(where="structures.s1.footprint"))
    assert path.stat().st_size < 16 * 1024
    with pytest.raises(SiegeFileError):
        read_siege(path)
    assert work.errors == 1


def test_a_million_bad_structures_stop_at_the_first(tmp_path, work):
    import json

    from .hostile import document, zipped

    data = document()
    data["structures"] = {f"s{n}": {"id": f"s{n}"} for n in range(99_000)}
    path = tmp_path / "many.siege"
    path.write_bytes(zipped({"siege.json": json.dumps(data).encode()}))
    with pytest.raises(SiegeFileError, match=r"structures\.s0\.\w+: Field required"):
        read_siege(path)
    assert work.errors <= 10


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.siege"
    os.mkfifo(fifo)
    with pytest.raises(SiegeFileError, match="is a pipe, not a siege file"):
        read_siege(fifo)  # would block for ever on open() if it were opened for reading


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_at_once():
    with pytest.raises(SiegeFileError, match="is a device, not a siege file"):
        read_siege("/dev/zero")


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(SiegeFileError, match="is a folder"):
        read_siege(tmp_path)


def test_the_plan_must_fit_the_board_at_its_scale(tmp_path):
    from .hostile import siege_with

    path = tmp_path / "wide.siege"
    # 6 pixels at a thousandth of a pixel a metre: a plan 6 km wide is fine...
    path.write_bytes(siege_with(**{"map.pixels_per_metre": 0.001}))
    read_siege(path)
    # ...one 6 km wide 99 km out is not.
    path.write_bytes(siege_with(**{"map.pixels_per_metre": 0.001, "map.offset": [99_000, 0]}))
    with pytest.raises(SiegeFileError, match=r"map\.pixels_per_metre: a 6 x 4 pixel plan .* "
                                             r"a siege spans at most 100 km"):
        read_siege(path)


def test_opening_decodes_no_picture_and_drawing_decodes_it_once(tmp_path, monkeypatch):
    from siegeboard.persist import images

    from .hostile import siege_with

    path = tmp_path / "plan.siege"
    path.write_bytes(siege_with())
    decodes = []
    real = images._decoded
    monkeypatch.setattr(images, "_decoded", lambda data: decodes.append(1) or real(data))
    opened = read_siege(path)
    assert decodes == []  # info, fire and advance never pay for the pixels
    member = opened.siege.map.member
    shown = images.decoded_image(opened.images[member])
    assert shown.size == (6, 4) and images.decoded_image(opened.images[member]) is shown
    assert decodes == [1]


if sys.platform == "win32":  # pragma: no cover
    pytestmark = pytest.mark.skip("POSIX file kinds")


@pytest.mark.parametrize("where", ["structures.s1.occupants.0", "log.1.action", "weapons.w1",
                                   ""])
def test_an_object_of_many_unknown_keys_costs_one_error(tmp_path, work, where):
    import json

    from .hostile import document, zipped

    data = document()
    target = data
    for part in filter(None, where.split(".")):
        target = target[int(part)] if isinstance(target, list) else target[part]
    target.update({f"junk{n}": n for n in range(900)})
    path = tmp_path / "junk.siege"
    path.write_bytes(zipped({"siege.json": json.dumps(data).encode()}))
    with pytest.raises(SiegeFileError, match=r"junk0: Extra inputs are not permitted$"):
        read_siege(path)
    assert work.errors == 0, "refused before pydantic collects an error a key"
    target.update({f"junk{n}": n for n in range(5_000)})
    path.write_bytes(zipped({"siege.json": json.dumps(data).encode()}))
    with pytest.raises(SiegeFileError, match=r"an object of 5,0\d\d keys|junk0: Extra inputs"):
        read_siege(path)
