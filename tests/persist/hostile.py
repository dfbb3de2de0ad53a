"""Hostile .siege files, one builder per class of issue 13: each makes the bytes of a whole
file that must be refused at open, cheaply. Used by the bounded-refusal tests and the fuzzer."""

from __future__ import annotations

import io
import json
import math
import struct
import zipfile
import zlib

from .builders import MAP_MEMBER, png, sample_siege, siege_json


def zipped(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as out:
        for name, data in members.items():
            out.writestr(name, data)
    return buffer.getvalue()


def document(**changes) -> dict:
    """The sample siege's JSON with dotted changes (``structures.s1.dp``) applied."""
    data = json.loads(siege_json(sample_siege()))
    for dotted, value in changes.items():
        *parents, last = dotted.split(".")
        target = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        target[last] = value
    return data


def siege_with(**changes) -> bytes:
    return zipped({"siege.json": json.dumps(document(**changes)).encode(), MAP_MEMBER: png()})


def array_of_zeros(count: int = 2_000_000, where: str | None = None) -> bytes:
    """siege.json that is (or whose ``where`` is) an array of ``count`` zeros: 4 MB of JSON in
    a few KB of zip."""
    zeros = "[" + ",".join("0" * count) + "]" if count < 10 else "[" + "0," * (count - 1) + "0]"
    if where is None:
        return zipped({"siege.json": zeros.encode()})
    text = json.dumps(document(**{where: "@@ZEROS@@"})).replace('"@@ZEROS@@"', zeros)
    return zipped({"siege.json": text.encode(), MAP_MEMBER: png()})


def star(corners: int, radius: float = 50.0) -> list[list[float]]:
    """A simple star-shaped ring of ``corners`` corners."""
    return [[radius * (1 + 0.3 * (index % 2)) * math.cos(2 * math.pi * index / corners),
             radius * (1 + 0.3 * (index % 2)) * math.sin(2 * math.pi * index / corners)]
            for index in range(corners)]


def many_corners(corners: int = 4_000, crossing: bool = True) -> bytes:
    ring = star(corners)
    if crossing:  # one corner pulled across the star: its two edges cross the far side
        ring[10] = [-2 * ring[10][0], -2 * ring[10][1]]
    return siege_with(**{"structures.s2.footprint": ring})


def lying_member(declared: int = 100, actual: int = 60 * 1024 * 1024) -> bytes:
    """An image member whose headers claim ``declared`` bytes and that inflates to ``actual``."""
    data = bytearray(zipped({"siege.json": siege_json(sample_siege()), MAP_MEMBER: png(),
                             "bomb.png": b"\0" * actual}))
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = -1
        while (at := data.find(signature, at + 1)) >= 0:
            name_length = struct.unpack("<H", data[at + offset + 4:at + offset + 6])[0]
            header = 30 if signature == b"PK\x03\x04" else 46
            if data[at + header:at + header + name_length] == b"bomb.png":
                data[at + offset:at + offset + 4] = struct.pack("<I", declared)
    return bytes(data)


def trailing_png(extra: int = 50 * 1024 * 1024) -> bytes:
    """The plan: a valid PNG followed by ``extra`` zero bytes, stored."""
    return zipped({"siege.json": siege_json(sample_siege()), MAP_MEMBER: png() + b"\0" * extra},
                  zipfile.ZIP_STORED)


def claimed_entries(entries: int = 1_000_000) -> bytes:
    """A valid file whose end records (ZIP64) claim ``entries`` members."""
    data = zipped({"siege.json": siege_json(sample_siege()), MAP_MEMBER: png()})
    end = data.rfind(b"PK\x05\x06")
    cd_size, cd_offset = struct.unpack("<II", data[end + 12:end + 20])
    record_at = end
    record = struct.pack("<4sQHHIIQQQQ", b"PK\x06\x06", 44, 45, 45, 0, 0, entries, entries,
                         cd_size, cd_offset)
    locator = struct.pack("<4sIQI", b"PK\x06\x07", 0, record_at, 1)
    eocd = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, cd_size, cd_offset, 0)
    return data[:end] + record + locator + eocd


def inflating_to(size: int) -> bytes:
    """A deflate stream of ``size`` zeros (for checks of what inflating costs)."""
    return zlib.compress(b"\0" * size)


HOSTILE = {
    "array of two million zeros": lambda: array_of_zeros(),
    "footprint of two million zeros": lambda: array_of_zeros(where="structures.s1.footprint"),
    "4,000-corner self-crossing footprint": lambda: many_corners(),
    "10,001-corner footprint": lambda: many_corners(10_001, crossing=False),
    "member lying about its size": lambda: lying_member(actual=8 * 1024 * 1024),
    "data after the PNG": lambda: trailing_png(extra=8 * 1024 * 1024),
    "a million-entry directory": lambda: claimed_entries(),
    "a corner 20,000 km out": lambda: siege_with(**{"structures.s1.footprint": [
        [0, 0], [20_000_023, 0], [20_000_023, 8], [0, 8]]}),
    "a structure 20,000 km from the rest": lambda: siege_with(**{"structures.s1.footprint": [
        [20_000_000, 0], [20_000_010, 0], [20_000_010, 8], [20_000_000, 8]]}),
    "a scale of 5e-324": lambda: siege_with(**{"map.pixels_per_metre": 5e-324}),
    "offsets of 1e308": lambda: siege_with(**{"map.offset": [1e308, 1e308]}),
    "a grid origin of 1e308": lambda: siege_with(**{"grid_origin": [1e308, -1e308]}),
    "a DP of 1e30": lambda: siege_with(**{"structures.s1.dp": 1e30,
                                          "structures.s1.dp_original": 1e30}),
    "a DP past 2e9": lambda: siege_with(**{"structures.s1.dp_original": 2_000_000_001}),
    "a seed of 3e9": lambda: siege_with(dice_seed=3_000_000_000),
    "clock turns of 3e9": lambda: siege_with(**{"clock.turn": 3_000_000_000}),
    "a modifier of 1e30 in the log": lambda: siege_with(**{"log.1.action.modifier": 10**30}),
    "a tiny footprint": lambda: siege_with(**{"structures.s1.footprint": [
        [0, 0], [0.4, 0], [0.4, 0.4], [0, 0.4]]}),
    "a 1 cm side": lambda: siege_with(**{"structures.s1.footprint": [
        [0, 0], [10, 0], [10, 8], [0.01, 8], [0, 8]]}),
    "an image named siege.json": lambda: siege_with(**{"map.member": "siege.json"}),
}
"""name -> builder of the whole file; every one is refused at open."""
