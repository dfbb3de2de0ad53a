"""Zip safety: a ``.siege`` archive read within bounds, so that a damaged or hostile file costs
at most about its own size to refuse. The directory's entry count and size are read from its
end record before ``zipfile`` builds an object per entry; a comment cut short is caught;
member names that could point outside the archive are refused; declared sizes are bounded
one by one and in total (decompression bombs); members are inflated a chunk at a time and
stopped past their declared size, and a PNG as soon as data follows its end.
"""

from __future__ import annotations

import os
import re
import struct
import zipfile
from typing import BinaryIO

from siegeboard.persist.errors import SiegeFileError
from siegeboard.persist.images import (
    PNG_SIGNATURE,
    png_end,
)

MAX_MEMBERS = 100
MAX_MEMBER_BYTES = 500 * 1024 * 1024
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
# Every entry of the zip directory: 46 bytes, a name, an extra field and a comment.
MAX_DIRECTORY_BYTES = MAX_MEMBERS * (46 + 3 * 1024)
_CHUNK = 1 << 20


def member_name_problem(name: str) -> str | None:
    """Why ``name`` may not be an archive member, or None when it is safe.

    Refused: empty names, absolute paths, drive letters (``C:``), backslashes, ``..`` or
    ``.`` path parts, empty parts (``a//b``), control characters: anything that could point
    outside the archive when extracted, or mean different files on different systems.
    """
    if not name:
        return "an empty name"
    if "\\" in name:
        return "a backslash"
    if name.startswith("/"):
        return "an absolute path"
    if re.match(r"^[A-Za-z]:", name):
        return "a drive letter"
    if any(ord(char) < 32 or ord(char) == 127 for char in name):
        return "a control character"
    parts = name.removesuffix("/").split("/")
    if any(part in ("..", ".") for part in parts):
        return "a '..' or '.' part"
    if any(part == "" for part in parts):
        return "an empty path part"
    return None


END_RECORD = b"PK\x05\x06"
END_RECORD_SIZE = 22  # the end-of-central-directory record before its comment


def refuse_cut_comment(handle: BinaryIO, name: str) -> None:
    """A file cut short inside the zip's comment (the writer's name) is damaged: zipfile would
    read the shortened comment without a word, so compare it with the length declared."""
    handle.seek(0, 2)
    size = handle.tell()
    tail_start = max(0, size - END_RECORD_SIZE - 0xFFFF)
    handle.seek(tail_start)
    tail = handle.read()
    handle.seek(0)
    at = tail.rfind(END_RECORD)
    if at < 0 or at + END_RECORD_SIZE > len(tail):
        return  # no end record: zipfile refuses the file itself
    declared = int.from_bytes(tail[at + 20:at + 22], "little")
    if len(tail) - (at + END_RECORD_SIZE) < declared:
        raise SiegeFileError(f"{name} is not a siege file or is damaged: it is cut short")


def check_directory_size(handle: BinaryIO, name: str) -> None:
    """Refuse an archive whose directory lists more than ``MAX_MEMBERS`` entries, or is larger
    than such a directory can be, from its end record alone: before ``zipfile`` reads (and
    builds an object for) every entry."""
    handle.seek(0, os.SEEK_END)
    size = handle.tell()
    tail_length = min(size, 22 + 65_535 + 20 + 56)
    handle.seek(size - tail_length)
    tail = handle.read(tail_length)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or at + 22 > len(tail):
        return  # not a zip, or damaged: zipfile says so in its own words
    entries, directory_bytes = struct.unpack("<xxxxxxxxxxHI", tail[at:at + 16])
    if entries == 0xFFFF or directory_bytes == 0xFFFFFFFF:
        locator = tail.rfind(b"PK\x06\x07", 0, at)
        record_at = None
        if locator >= 0 and locator + 20 <= len(tail):
            (record_at,) = struct.unpack("<Q", tail[locator + 8:locator + 16])
        if record_at is not None and record_at + 56 <= size:
            handle.seek(record_at)
            record = handle.read(56)
            if record[:4] == b"PK\x06\x06":
                entries, directory_bytes = struct.unpack("<QQ", record[32:48])
    if entries > MAX_MEMBERS:
        raise SiegeFileError(f"{name} has {entries:,} members; a siege has at most "
                             f"{MAX_MEMBERS}")
    if directory_bytes > MAX_DIRECTORY_BYTES:
        raise SiegeFileError(f"{name}: its list of members takes {directory_bytes:,} bytes, "
                             f"more than {MAX_MEMBERS} members can (a damaged or hostile file)")
    handle.seek(0)


def checked_members(archive: zipfile.ZipFile, name: str) -> dict[str, zipfile.ZipInfo]:
    """The archive's file members by name, after the checks that need no decompression."""
    infos = archive.infolist()
    if len(infos) > MAX_MEMBERS:
        raise SiegeFileError(f"{name} has {len(infos)} members; a siege has at most "
                             f"{MAX_MEMBERS}")
    members: dict[str, zipfile.ZipInfo] = {}
    total = 0
    for info in infos:
        problem = member_name_problem(info.filename)
        if problem:
            raise SiegeFileError(f"{name}: the member {info.filename!r} has {problem}, which "
                                 f"could point outside the archive")
        if info.is_dir():
            continue
        if info.filename in members:
            raise SiegeFileError(f"{name} holds two members named {info.filename!r}")
        if info.file_size > MAX_MEMBER_BYTES:
            raise SiegeFileError(
                f"{name}: the member {info.filename!r} unpacks to {info.file_size:,} bytes, more "
                f"than the {MAX_MEMBER_BYTES:,} allowed (a decompression bomb?)")
        total += info.file_size
        members[info.filename] = info
    if total > MAX_TOTAL_BYTES:
        raise SiegeFileError(f"{name} unpacks to {total:,} bytes, more than the "
                             f"{MAX_TOTAL_BYTES:,} allowed")
    return members


def read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str,
                 limit: int) -> bytes:
    """The member's bytes, inflated a chunk at a time: refused as soon as it gives more than
    its header declared (a header can lie) or than ``limit``, or, for a PNG, as soon as data
    follows its end. What is inflated is at most the smaller bound plus one chunk."""
    bound = min(limit, info.file_size)
    data = bytearray()
    png = None
    with archive.open(info) as member:
        while chunk := member.read(min(_CHUNK, bound + 1 - len(data))):
            data += chunk
            if len(data) > bound:
                raise SiegeFileError(
                    f"{name}: the member {info.filename!r} unpacks to more than the "
                    f"{bound:,} bytes "
                    f"{'its header declares' if bound == info.file_size else 'allowed'}"
                    f" (a damaged file or a decompression bomb)")
            if png is None and len(data) >= len(PNG_SIGNATURE):
                png = data.startswith(PNG_SIGNATURE)
            if png:
                end = png_end(data)
                if end is not None and end < len(data):
                    raise SiegeFileError(f"{name}: the image {info.filename!r} has data after "
                                         f"the end of its PNG")
    return bytes(data)
