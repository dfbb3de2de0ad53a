"""The .siege file: one zip holding ``siege.json`` and the map image(s).

Format
------
- ``siege.json``: the pydantic ``Siege`` as UTF-8 JSON, with ``schema_version``
  (schema: ``siege.schema.json`` beside this module; older versions: ``migrate.py``).
- every other member is an image (PNG, JPEG, TIFF, WEBP or BMP); the map names its own in
  ``map.member``. Member names stay inside the archive: no absolute paths, no ``..``, no
  backslashes, no drive letters.
- the zip's comment names the program that wrote the file (``siegeboard 0.2.0``): every zip
  reader, an older siegeboard's too, ignores a comment, so saying so changes no format.

Saving (``write_siege``) writes a temporary file beside the target, fsyncs it, keeps the
previous version as ``<name>.bak`` and renames the new file over the old one (see
``atomic.py``): a crash, a full disk or a refused permission leaves the old file whole, and
the error says so. Before anything touches the disk the document is checked to reopen as
the very same siege.

Opening (``read_siege``) is read-only and validates everything: the archive's shape and
sizes (decompression bombs), the JSON, the schema version (migrating older ones), every
field, every reference and every image. Whatever is wrong, the caller gets one
``SiegeFileError`` with one message naming the file and, where there is one, the field;
never another exception class and never a half-valid siege.
"""

from __future__ import annotations

import errno
import json
import lzma
import math
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError

from siegeboard import __version__
from siegeboard.model.siege import Siege
from siegeboard.persist.atomic import atomic_write, backup_path
from siegeboard.persist.images import ImageRefused, check_image
from siegeboard.persist.migrate import MigrationError, migrate
from siegeboard.rules.context import RuleError
from siegeboard.rules.registry import unknown_kinds

DOCUMENT = "siege.json"
SUFFIX = ".siege"
MAX_MEMBERS = 100
MAX_MEMBER_BYTES = 500 * 1024 * 1024
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
# Fixed member timestamps make a save reproducible: the same siege gives the same bytes.
_MEMBER_TIME = (1980, 1, 1, 0, 0, 0)
WRITER_PREFIX = "siegeboard "

__all__ = [
    "DOCUMENT", "MAX_MEMBERS", "MAX_MEMBER_BYTES", "MAX_TOTAL_BYTES", "SUFFIX", "SiegeFile",
    "SiegeFileError", "backup_path", "member_name_problem", "read_siege", "siege_from_json",
    "write_siege",
]


class SiegeFileError(Exception):
    """A file that cannot be opened or saved; the message says what is wrong and, for a
    failed save, that the old file is unchanged."""


@dataclass
class SiegeFile:
    """A siege and the image members that travel with it (member name -> bytes).

    ``migrated_from`` is set by ``read_siege`` when the file was written in an older schema
    version (saving it writes the current version); ``written_by`` to the program and version
    that wrote the file ("siegeboard 0.2.0"; None for files from before 0.2, which did not
    say). Both are ignored when saving: a save says this program wrote it.
    """

    siege: Siege
    images: dict[str, bytes] = field(default_factory=dict)
    migrated_from: int | None = None
    written_by: str | None = field(default=None, compare=False)  # provenance, not content


# --------------------------------------------------------------------------- opening


def read_siege(path: str | Path) -> SiegeFile:
    """Open a .siege file; raise ``SiegeFileError`` if it is not a whole, valid siege.

    Never writes anything. An older schema version is migrated (``migrated_from`` tells
    which); a newer one is refused as "made by a newer siegeboard".
    """
    path = Path(path)
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise SiegeFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SiegeFileError(f"{path} is a folder, not a siege file") from None
    except OSError as error:
        raise SiegeFileError(f"{path.name} cannot be read: {_reason(error)}") from error
    with handle:
        try:
            return _read_archive(handle, path.name)
        except SiegeFileError:
            raise
        except NotImplementedError as error:
            raise SiegeFileError(
                f"{path.name} uses a zip compression siegeboard cannot read ({error})") from error
        except RecursionError as error:
            raise SiegeFileError(f"{path.name} is damaged: it is nested too deeply") from error
        except MemoryError as error:
            raise SiegeFileError(f"{path.name} is too large to open") from error
        except RuntimeError as error:
            # zipfile raises RuntimeError for encrypted members
            raise SiegeFileError(f"{path.name} cannot be read: {error}") from error
        except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, lzma.LZMAError, EOFError,
                struct.error, KeyError, OSError, ValueError, OverflowError, IndexError) as error:
            raise SiegeFileError(
                f"{path.name} is not a siege file or is damaged "
                f"({type(error).__name__}: {error})") from error


def siege_from_json(document: bytes, source: str = DOCUMENT) -> tuple[Siege, int]:
    """Parse, migrate and validate the bytes of a ``siege.json``.

    Returns ``(siege, schema version found in the document)``; raises ``SiegeFileError``
    whose message starts with ``source``. JSON that is not plain data is refused: NaN or
    infinite numbers, numbers too large for a float, repeated keys in one object.
    """
    try:
        return _parse_document(document, source)
    except RecursionError:
        raise SiegeFileError(f"{source} is nested too deeply to be a siege") from None


def _parse_document(document: bytes, source: str) -> tuple[Siege, int]:
    try:
        text = document.decode("utf-8")
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          object_pairs_hook=_no_repeated_keys)
    except UnicodeDecodeError as error:
        raise SiegeFileError(f"{source} is not UTF-8 text ({error.reason} at byte "
                             f"{error.start})") from None
    except (ValueError, OverflowError) as error:
        raise SiegeFileError(f"{source} is not valid JSON ({error})") from None
    try:
        data, version = migrate(data)
    except MigrationError as error:
        raise SiegeFileError(f"{source}: {error}") from None
    try:
        siege = Siege.model_validate(data)
    except ValidationError as error:
        raise SiegeFileError(f"{source}: {_describe(error)}") from None
    try:
        problems = unknown_kinds(siege)
    except RuleError as error:  # a ruleset this siegeboard does not know
        raise SiegeFileError(f"{source}: {error}") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SiegeFileError(f"{source}: {problems[0]}{more}")
    return siege, version


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


def _read_archive(handle: BinaryIO, name: str) -> SiegeFile:
    _refuse_cut_comment(handle, name)
    with zipfile.ZipFile(handle) as archive:
        members = _checked_members(archive, name)
        if DOCUMENT not in members:
            raise SiegeFileError(f"{name} is not a siege: it has no {DOCUMENT}")
        siege, version = siege_from_json(_read_member(archive, members[DOCUMENT], name),
                                         f"{name}: {DOCUMENT}")
        if siege.map is not None and siege.map.member not in members:
            raise SiegeFileError(f"{name}: map.member: the map image {siege.map.member!r} is "
                                 f"not in the file")
        images = {}
        for member, info in members.items():
            if member == DOCUMENT:
                continue
            data = _read_member(archive, info, name)
            try:
                check_image(data)
            except ImageRefused as error:
                raise SiegeFileError(f"{name}: the image {member!r} {error}") from None
            images[member] = data
    return SiegeFile(siege=siege, images=images,
                     migrated_from=version if version != siege.schema_version else None,
                     written_by=_writer(archive.comment))


END_RECORD = b"PK\x05\x06"
END_RECORD_SIZE = 22  # the end-of-central-directory record before its comment


def _refuse_cut_comment(handle: BinaryIO, name: str) -> None:
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


def _writer(comment: bytes) -> str | None:
    """"siegeboard X.Y" from the zip comment; None when it names no siegeboard."""
    text = comment[:200].decode("utf-8", "replace").strip()
    return text if text.startswith(WRITER_PREFIX) else None


def _checked_members(archive: zipfile.ZipFile, name: str) -> dict[str, zipfile.ZipInfo]:
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


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> bytes:
    # The declared size was checked; this bounds what is actually produced, whatever the
    # header claims.
    with archive.open(info) as member:
        data = member.read(MAX_MEMBER_BYTES + 1)
    if len(data) > MAX_MEMBER_BYTES:
        raise SiegeFileError(f"{name}: the member {info.filename!r} unpacks to more than "
                             f"{MAX_MEMBER_BYTES:,} bytes (a decompression bomb?)")
    return data


def _refuse_constant(constant: str) -> Any:
    raise ValueError(f"{constant} is not a number a siege can hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        repeated = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise ValueError(f"the key {repeated!r} appears twice in one object")
    return result


def _describe(error: ValidationError) -> str:
    """The first problem as ``field.path[0].name: message (got ...)``, and how many more."""
    problems = error.errors(include_url=False)
    first = problems[0]
    where = _field_path(first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] not in ("missing", "value_error", "assertion_error"):
        shown = repr(first.get("input"))
        message += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
    text = f"{where}: {message}" if where else message
    if len(problems) > 1:
        text += f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})"
    return text


def _field_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


# --------------------------------------------------------------------------- saving


def write_siege(path: str | Path, siege_file: SiegeFile, *, backup: bool = True) -> None:
    """Save atomically; the previous version of ``path`` is kept as ``<path>.bak``.

    Checks first, touching nothing, that the siege reopens as the same siege (no NaN or
    infinity, references hold, keys match ids), that image member names are safe and each
    image is one ``read_siege`` accepts, and that the map's image is included. Then writes a
    temporary file beside ``path``, fsyncs it, keeps the old file as ``backup_path(path)``
    (when ``backup`` and it exists), renames over ``path`` and fsyncs the folder.

    Raises ``SiegeFileError`` when the siege cannot be saved or the disk refuses (full, no
    permission, read-only); the message says the old file is unchanged (or that nothing was
    written, for a new file), which is then true.
    """
    path = Path(path)
    images = _images_for_saving(siege_file, path.name)
    document = _document_for_saving(siege_file.siege, path.name)
    existed = path.exists()
    try:
        atomic_write(path, lambda stream: _write_archive(stream, document, images),
                     backup=backup)
    except OSError as error:
        kept = (f"the old {path.name} is unchanged" if existed
                else f"nothing was written to {path.parent}")
        raise SiegeFileError(f"could not save {path.name}: {_reason(error)}; {kept}") from error


def _document_for_saving(siege: Siege, name: str) -> bytes:
    where = _non_finite(siege.model_dump(), "")
    if where is not None:
        raise SiegeFileError(f"cannot save {name}: {where} is not a finite number, which a file "
                             f"cannot keep; nothing was written")
    document = siege.model_dump_json(indent=1).encode("utf-8")
    try:
        reopened, _ = siege_from_json(document, "the siege")
    except SiegeFileError as error:
        raise SiegeFileError(f"cannot save {name}: {error}; nothing was written") from None
    if reopened != siege:
        raise SiegeFileError(
            f"cannot save {name}: it holds a value a file cannot keep (such as NaN); nothing "
            f"was written")
    return document


def _non_finite(value: Any, path: str) -> str | None:
    """The field path of the first NaN or infinity in dumped data, or None."""
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} ({value})"
    if isinstance(value, dict):
        items = ((f"{path}.{key}" if path else str(key), item) for key, item in value.items())
    elif isinstance(value, (list, tuple)):
        items = ((f"{path}[{index}]", item) for index, item in enumerate(value))
    else:
        return None
    return next((found for found in (_non_finite(item, where) for where, item in items)
                 if found is not None), None)


def _images_for_saving(siege_file: SiegeFile, name: str) -> dict[str, bytes]:
    images = dict(siege_file.images)
    for member, data in images.items():
        problem = member_name_problem(member) if isinstance(member, str) else "no text name"
        if problem is None and (member == DOCUMENT or member.endswith("/")):
            problem = "a reserved name"
        if problem:
            raise SiegeFileError(f"cannot save {name}: the image name {member!r} has {problem}; "
                                 f"nothing was written")
        try:
            check_image(bytes(data))
        except ImageRefused as error:
            raise SiegeFileError(f"cannot save {name}: the image {member!r} {error}; nothing "
                                 f"was written") from None
    if len(images) + 1 > MAX_MEMBERS:
        raise SiegeFileError(f"cannot save {name}: more than {MAX_MEMBERS - 1} images")
    siege_map = siege_file.siege.map
    if siege_map is not None and siege_map.member not in images:
        raise SiegeFileError(f"cannot save {name}: the map image {siege_map.member!r} is not "
                             f"among the images; nothing was written")
    return images


def _write_archive(stream: BinaryIO, document: bytes, images: dict[str, bytes]) -> None:
    with zipfile.ZipFile(stream, "w") as archive:
        archive.comment = f"{WRITER_PREFIX}{__version__}".encode("utf-8")
        archive.writestr(_member(DOCUMENT, zipfile.ZIP_DEFLATED), document)
        for member, data in images.items():
            # Map images are compressed already; deflating them again costs time for nothing.
            archive.writestr(_member(member, zipfile.ZIP_STORED), data)


def _member(name: str, compression: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=_MEMBER_TIME)
    info.compress_type = compression
    info.external_attr = 0o644 << 16
    return info


def _reason(error: OSError) -> str:
    plain = {errno.ENOSPC: "the disk is full", errno.EACCES: "permission denied",
             errno.EPERM: "permission denied", errno.EROFS: "the disk is read-only",
             getattr(errno, "EDQUOT", -1): "the disk quota is exceeded"}
    return plain.get(error.errno) or error.strerror or str(error) or type(error).__name__

