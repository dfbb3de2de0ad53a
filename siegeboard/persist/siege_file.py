"""The .siege file: one zip holding ``siege.json`` and the map image(s).

Format
------
- ``siege.json``: the pydantic ``Siege`` as UTF-8 JSON, with ``schema_version``
  (schema: ``siege.schema.json`` beside this module; older versions: ``migrate.py``);
  written compact, in the model's field order (any JSON layout opens). The siege's
  beginning (``base``, R2) writes each structure the siege holds unchanged as
  ``"unchanged"`` (schema version 8; ``document.py``).
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
field and its bounds (RULINGS R3, R4), every reference and every image. Whatever is wrong, the
caller gets one ``SiegeFileError`` with one message naming the file and, where there is one,
the field; never another exception class and never a half-valid siege. A refusal costs at most
about the file's size: the directory's entry count is read from its end record first, members
are inflated a chunk at a time and stopped past their declared size, a PNG is stopped at data
after its end, unknown keys are refused once, and validation stops at the first bad item.
The result records the version read (``SiegeFile.stamp``) and the decoded pixels. Every
document is read one way: Python's JSON reader refuses what is not plain data, then pydantic
validates the tables and the log a slice at a time and the siege on them; only a document
refused there is looked at again, item by item, to name its first problem.

Two writers: ``lock.hold_lock`` serialises read-modify-writes, and ``write_siege`` refuses
(``SiegeFileChanged``) to rename over a file that is no longer the version that was read.
"""

from __future__ import annotations

import hashlib
import io
import json
import lzma
import math
import os
import re
import stat
import struct
import types
import typing
import zipfile
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from collections.abc import Iterable
from typing import Any, BinaryIO

from pydantic import BaseModel, ValidationError

from siegeboard import __version__
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Mine, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.validation import MAX_ITEMS
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.persist.document import (
    UNCHANGED, BeginningRefused, NotAsWritten, checked_pieces, pieces, resolve_beginning,
)
from siegeboard.persist.library_words import plain_library_error
from siegeboard.persist.reading import LOG, TABLES, plain_json
from siegeboard.persist.atomic import (
    atomic_write, backup_path, plain_reason, remove_litter, sweep_litter, write_all,
)
from siegeboard.persist.errors import SiegeFileError
from siegeboard.model.validation import check_span
from siegeboard.persist.images import (
    PNG_SIGNATURE, ImageRefused, check_image, image_header, png_end,
)
from siegeboard.persist.lock import holds_lock
from siegeboard.persist.migrate import MigrationError, migrate
from siegeboard.rules.context import RuleError
from siegeboard.model.collection import no_cycle_collection as paused_collection
from siegeboard.rules.registry import unknown_kinds

DOCUMENT = "siege.json"
SUFFIX = ".siege"
MAX_MEMBERS = 100
MAX_MEMBER_BYTES = 500 * 1024 * 1024
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
# siege.json: a town of fifty thousand structures in play fits, with a long evening's log: the
# town and its base (the town before the first entry) are 52 MB of compact JSON, and each
# minute with 5,000 wild fires logs 10 MB more (62 MB after the first: a bound of 64 MiB
# refused the second minute's save). Reading this much the quick way takes about five times
# it in memory; the bound is what keeps a hostile file from asking for more.
MAX_DOCUMENT_BYTES = 256 * 1024 * 1024
# Every entry of the zip directory: 46 bytes, a name, an extra field and a comment.
MAX_DIRECTORY_BYTES = MAX_MEMBERS * (46 + 3 * 1024)
_CHUNK = 1 << 20
# The largest object of a siege (the tables aside) is an event's details, at most 1,000.
MAX_OBJECT_KEYS = 1_000
# A temporary file this old beside a siege is a crash's litter even while another process may
# be saving it without the lock (no save takes this long).
LITTER_AGE = 600.0
# Fixed member timestamps make a save reproducible: the same siege gives the same bytes.
_MEMBER_TIME = (1980, 1, 1, 0, 0, 0)
WRITER_PREFIX = "siegeboard "

__all__ = [
    "DOCUMENT", "MAX_MEMBERS", "MAX_MEMBER_BYTES", "MAX_TOTAL_BYTES", "SUFFIX", "FileStamp",
    "SiegeFile", "SiegeFileChanged", "SiegeFileError", "SiegeFileReadOnly", "backup_path",
    "encode_siege", "file_stamp", "member_name_problem", "read_siege", "siege_from_json",
    "write_siege",
]


@dataclass(frozen=True)
class FileStamp:
    """Which version of a file was read: its real path, size, modification time (ns) and the
    SHA-256 of its bytes. Two stamps of one path are the same version when all agree."""

    path: str
    size: int
    mtime_ns: int
    sha256: str

    def same_version(self, other: "FileStamp | None") -> bool:
        return other is not None and (self.path, self.size, self.mtime_ns, self.sha256) == (
            other.path, other.size, other.mtime_ns, other.sha256)

    def describe(self) -> str:
        """"12,345 bytes, changed 2026-12-01 10:02:11" for a dialog."""
        when = datetime.fromtimestamp(self.mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M:%S")
        return f"{self.size:,} bytes, changed {when}"


class SiegeFileChanged(SiegeFileError):
    """A save refused because the file on disk is no longer the version that was read (another
    writer saved it, or it was removed). ``read`` is the stamp taken when it was read, ``now``
    the file's stamp at the save (None: the file is gone). Nothing was written."""

    def __init__(self, path: Path, read: FileStamp, now: FileStamp | None):
        gone = "was removed" if now is None else "changed"
        super().__init__(f"{path.name} {gone} since it was read (another program or window "
                         f"saved it); nothing was written")
        self.path = path
        self.read = read
        self.now = now


class SiegeFileReadOnly(SiegeFileError):
    """A save refused because the file is read-only; ``path`` is the file. Saving again with
    ``replace_read_only=True`` replaces it (keeping its read-only mode)."""

    def __init__(self, path: Path):
        super().__init__(f"{path.name} is read-only; it was not replaced")
        self.path = path


@dataclass
class SiegeFile:
    """A siege and the image members that travel with it (member name -> bytes).

    ``migrated_from`` is set by ``read_siege`` when the file was written in an older schema
    version (saving it writes the current version); ``written_by`` to the program and version
    that wrote the file ("siegeboard 0.2.0"; None for files from before 0.2, which did not
    say): both are ignored when saving. ``stamp`` is set by ``read_siege`` to the version
    read: saving to that same path first checks that the file is still that version (see
    ``write_siege``).
    """

    siege: Siege
    images: dict[str, bytes] = field(default_factory=dict)
    migrated_from: int | None = None
    written_by: str | None = field(default=None, compare=False)  # provenance, not content
    stamp: FileStamp | None = field(default=None, compare=False)
    # Decoded pixels a caller chose to keep (member -> Pillow image); opening decodes none:
    # ``images.decoded_image`` decodes an image when it is drawn.
    pixels: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


# --------------------------------------------------------------------------- opening


def sweep_beside(path: str | Path) -> list[Path]:
    """Remove, from the folder of the siege file ``path``, the temporary files that killed
    saves of siege files there left at least a minute ago (``atomic.sweep_litter``: only
    ours, by name; never the file of a save under way). A window calls it when it opens
    ``path``; returns what it removed."""
    return sweep_litter(Path(os.path.abspath(path)).parent, of_suffix=SUFFIX)


def read_siege(path: str | Path) -> SiegeFile:
    """Open a .siege file; raise ``SiegeFileError`` if it is not a whole, valid siege.

    Never writes anything. An older schema version is migrated (``migrated_from`` tells
    which); a newer one is refused as "made by a newer siegeboard".
    """
    path = Path(path)
    handle = _open_regular(path)
    with handle:
        try:
            opened = _read_archive(handle, path.name)
            opened.stamp = _stamp_of_handle(handle, path)
            return opened
        except SiegeFileError:
            raise
        except NotImplementedError as error:
            raise SiegeFileError(
                f"{path.name} uses a zip compression siegeboard cannot read: save it again "
                f"with siegeboard (its files are plain deflate)") from error
        except RecursionError as error:
            raise SiegeFileError(f"{path.name} is damaged: it is nested too deeply") from error
        except MemoryError as error:
            raise SiegeFileError(f"{path.name} is too large to open") from error
        except RuntimeError as error:
            # zipfile raises RuntimeError for encrypted members
            raise SiegeFileError(f"{path.name} cannot be read: {plain_library_error(error)}; "
                                 f"save it again with siegeboard") from error
        except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, lzma.LZMAError, EOFError,
                struct.error, KeyError, OSError, ValueError, OverflowError, IndexError) as error:
            raise SiegeFileError(
                f"{path.name} is not a siege file or is damaged: {_plain(error)}. Open a "
                f"file saved by siegeboard, or its backup (.bak) or autosave; a plan or map "
                f"goes in with File > Import") from error


def file_stamp(path: str | Path) -> FileStamp | None:
    """The stamp of the file at ``path`` now (None when there is none), as ``read_siege``
    records it."""
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            return _stamp_of_handle(handle, path)
    except OSError:
        return None


def _open_regular(path: Path) -> BinaryIO:
    """``path`` opened for reading, refused at once unless it is a regular file: a FIFO would
    block, a device would never end."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise SiegeFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SiegeFileError(f"{path} is a folder, not a siege file") from None
    except OSError as error:
        raise SiegeFileError(f"{path.name} cannot be read: {plain_reason(error)}") from error
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        what = ("a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise SiegeFileError(f"{path} is {what}, not a siege file")
    if hasattr(os, "set_blocking"):
        os.set_blocking(descriptor, True)
    return os.fdopen(descriptor, "rb")


def _stamp_of_handle(handle: BinaryIO, path: Path) -> FileStamp:
    status = os.fstat(handle.fileno())
    digest = hashlib.sha256()
    handle.seek(0)
    while chunk := handle.read(1 << 20):
        digest.update(chunk)
    return FileStamp(path=os.path.realpath(path), size=status.st_size,
                     mtime_ns=status.st_mtime_ns, sha256=digest.hexdigest())


def siege_from_json(document: bytes, source: str = DOCUMENT) -> tuple[Siege, int]:
    """Parse, migrate and validate the bytes of a ``siege.json``.

    Returns ``(siege, schema version found in the document)``; raises ``SiegeFileError``
    whose message starts with ``source``. JSON that is not plain data is refused: NaN or
    infinite numbers, numbers too large for a float, repeated keys in one object.
    """
    try:
        with paused_collection():
            return _parse_document(document, source)
    except RecursionError:
        raise SiegeFileError(f"{source} is nested too deeply to be a siege") from None


def _refuse_unknown_kinds(siege: Siege, source: str) -> None:
    try:
        problems = unknown_kinds(siege)
    except RuleError as error:  # a ruleset this siegeboard does not know
        raise SiegeFileError(f"{source}: {error}") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SiegeFileError(f"{source}: {problems[0]}{more}")


def _parse_document(document: bytes, source: str) -> tuple[Siege, int]:
    data, version = _plain_data(document, source)
    try:
        siege = _validated(data)  # takes the tables' items out of ``data`` as it goes
    except (ValidationError, BeginningRefused, _Refused):
        siege = _first_problem_named(_plain_data(document, source)[0], source)
    _refuse_unknown_kinds(siege, source)
    return siege, version


def _plain_data(document: bytes, source: str) -> tuple[Any, int]:
    """The document as plain JSON data of the current version, and the version it was
    written in; refuses JSON that is not plain data (NaN or infinite numbers, numbers too
    large for a float, repeated keys in one object) and what cannot be migrated."""
    try:
        text = document.decode("utf-8")
        _refuse_a_non_object(text, source)
        data = plain_json(text)
    except UnicodeDecodeError as error:
        raise SiegeFileError(f"{source} is not UTF-8 text ({error.reason} at byte "
                             f"{error.start})") from None
    except (ValueError, OverflowError) as error:
        if not isinstance(error, json.JSONDecodeError):  # our own refusals (NaN, repeats)
            raise SiegeFileError(f"{source} is not valid JSON ({error})") from None
        raise SiegeFileError(f"{source} is not valid JSON (at line {error.lineno}, column "
                             f"{error.colno}): the file is damaged or was edited by hand; "
                             f"open its backup (.bak) or autosave") from None
    try:
        return migrate(data)
    except MigrationError as error:
        raise SiegeFileError(f"{source}: {error}") from None


def _first_problem_named(data: Any, source: str) -> Siege:
    """The careful reading of a document ``_validated`` refused, to name its first problem:
    every object's size and keys checked, then the tables and the log one item at a time,
    stopping at the first item that is wrong (a bounded cost, whatever the document)."""
    try:
        _validate_tables(data)
        resolve_beginning(data)  # a beginning's "unchanged" structures are the siege's own
        siege = Siege.model_validate(data)
    except _TableError as problem:
        raise SiegeFileError(f"{source}: {_describe(problem.error, problem.where)}") from None
    except (_Refused, BeginningRefused) as problem:
        raise SiegeFileError(f"{source}: {problem}") from None
    except ValidationError as error:
        raise SiegeFileError(f"{source}: {_describe(error)}") from None
    return siege


# Items of a table, or entries of the log, validated in one call of pydantic's validator:
# the validation of a document stops at the first slice that holds a problem, so the errors
# it collects are a few slices' worth whatever the document.
_SLICE = 500


def _validated(data: Any) -> Siege:
    """The siege of ``data`` (plain JSON data of the current version) validated by pydantic:
    its tables and log a slice at a time, then the siege on them. A structure its beginning
    (R2) keeps ``"unchanged"`` is the siege's own object, shared as ``Siege.beginning``
    shares it. Raises ``ValidationError`` or ``BeginningRefused`` at the first problem."""
    if not isinstance(data, dict):
        raise _Refused("siege.json must hold a JSON object")
    fields = _tables_validated(data, None)
    base = data.get("base")
    if isinstance(base, dict):
        now = fields.get("structures")
        fields["base"] = Siege.model_validate(
            _tables_validated(base, now if isinstance(now, dict) else {}))
    return Siege.model_validate(fields)


def _tables_validated(data: dict, now: dict[str, Structure] | None) -> dict[str, Any]:
    """``data``'s fields with its tables and log validated (a new dict; the items of
    ``data``'s tables are taken out of them); ``now``: the siege's structures, for a
    beginning's ``"unchanged"`` ones."""
    fields = dict(data)
    for table, adapter in TABLES.items():
        items = fields.get(table)
        if not isinstance(items, dict):
            continue
        if now is not None and table == "structures":
            raw = items
            items = {key: _unchanged(now, key) if value == UNCHANGED else value
                     for key, value in raw.items()}
            raw.clear()
        keys = list(items)
        validated: dict[str, Any] = {}
        for start in range(0, len(keys), _SLICE):
            # Each slice's plain data is let go once validated: the town's models take the
            # memory its JSON held, instead of both being held at once.
            validated.update(adapter.validate_python(
                {key: items.pop(key) for key in keys[start:start + _SLICE]}))
        fields[table] = validated
    log = fields.get("log")
    if isinstance(log, list) and len(log) <= MAX_ITEMS:
        fields["log"] = [entry for start in range(0, len(log), _SLICE)
                         for entry in LOG.validate_python(log[start:start + _SLICE])]
    return fields


def _unchanged(now: dict[str, Structure], key: str) -> Structure:
    structure = now.get(key)
    if structure is None:
        raise BeginningRefused(key)
    return structure


def _refuse_a_non_object(text: str, source: str) -> None:
    """A document that is plainly not an object is refused before it is parsed: an array of
    millions of zeros costs nothing."""
    if text[:64].lstrip()[:1] == "[":
        raise SiegeFileError(f"{source}: siege.json must hold a JSON object, not an array")


class _Refused(Exception):
    """A document refused before pydantic sees it; the message names the field."""


class _TableError(Exception):
    def __init__(self, error: ValidationError, where: tuple[int | str, ...]):
        self.error = error
        self.where = where


_TABLES = {"structures": Structure, "weapons": Weapon, "batteries": Battery, "mines": Mine}


def _validate_tables(data: Any) -> None:
    """Validate the siege's tables and log one item at a time, in place, stopping at the first
    item that is wrong: a file of a million bad items costs one item's errors, not a million
    (pydantic collects every error of one call). The siege's own validation then takes the
    items as they are."""
    if not isinstance(data, dict):
        return
    _objects_are_small(data)
    _known_fields(Siege, data, ())
    base = data.get("base")
    for siege, where in ((data, ()), (base, ("base",))):  # the beginning's tables too (R2)
        for table, model in _TABLES.items():
            items = siege.get(table) if isinstance(siege, dict) else None
            if isinstance(items, dict) and len(items) <= MAX_ITEMS:
                for key, item in items.items():
                    items[key] = _one(model, item, (*where, table, key))
    log = data.get("log")
    if isinstance(log, list) and len(log) <= MAX_ITEMS:
        for index, entry in enumerate(log):
            log[index] = _one(LogEntry, entry, ("log", index))


def _objects_are_small(data: dict) -> None:
    """Every object but the tables of the siege and of its beginning has at most
    ``MAX_OBJECT_KEYS`` keys: pydantic names each unknown key of an object as an error of its
    own."""
    stack: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        node, where = stack.pop()
        if isinstance(node, dict):
            # The tables of the siege and of its beginning (R2) may hold a whole town.
            table = (len(where) == 1 or len(where) == 2 and where[0] == "base") \
                and where[-1] in _TABLES
            if len(node) > MAX_OBJECT_KEYS and not table:
                raise _Refused(f"{_field_path(where) or 'siege.json'}: an object of "
                               f"{len(node):,} keys; an object of a siege has at most "
                               f"{MAX_OBJECT_KEYS:,}")
            stack.extend((value, (*where, key)) for key, value in node.items()
                         if isinstance(value, (dict, list)))
        else:
            stack.extend((value, (*where, index)) for index, value in enumerate(node)
                         if isinstance(value, (dict, list)))


def _known_fields(model, item: dict, where: tuple[int | str, ...]) -> None:
    """Refuse the first key of ``item``, or of any object inside it, that its model has no
    field for, as pydantic would, but once: pydantic names every unknown key of every object
    as an error of its own."""
    fields = model.model_fields
    unknown = next((key for key in item if key not in fields), None)
    if unknown is not None:
        raise _Refused(f"{_field_path((*where, unknown))}: Extra inputs are not permitted")
    for key, value in item.items():
        if isinstance(value, (dict, list)):
            _known_inside(fields[key].annotation, value, (*where, key))


def _known_inside(annotation: Any, value: Any, where: tuple[int | str, ...]) -> None:
    """``_known_fields`` for a value of type ``annotation``: a model, a list or dict of
    models, an optional one, or a tagged union of models (the actions)."""
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        _known_inside(arguments[0], value, where)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if isinstance(value, dict):
            _known_fields(annotation, value, where)
    elif origin is list and arguments and isinstance(value, list):
        for index, each in enumerate(value):
            if isinstance(each, (dict, list)):
                _known_inside(arguments[0], each, (*where, index))
    elif origin is dict and len(arguments) == 2 and isinstance(value, dict):
        for key, each in value.items():
            if isinstance(each, (dict, list)):
                _known_inside(arguments[1], each, (*where, key))
    elif origin in (typing.Union, types.UnionType):
        models = [each for each in arguments if isinstance(each, type)
                  and issubclass(each, BaseModel)]
        if len(models) == 1:
            _known_inside(models[0], value, where)
        elif models and isinstance(value, dict):
            tagged = [each for each in models if "type" in each.model_fields and
                      each.model_fields["type"].default == value.get("type")]
            if len(tagged) == 1:
                _known_fields(tagged[0], value, where)


def _one(model, item: Any, where: tuple[int | str, ...]):
    if not isinstance(item, dict):
        return item  # the siege's validation names what it should be
    _known_fields(model, item, where)
    try:
        return model.model_validate(item)
    except ValidationError as error:
        raise _TableError(error, where) from None


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
    _check_directory_size(handle, name)
    with zipfile.ZipFile(handle) as archive:
        members = _checked_members(archive, name)
        if DOCUMENT not in members:
            raise SiegeFileError(f"{name} is not a siege: it has no {DOCUMENT}")
        if members[DOCUMENT].file_size > MAX_DOCUMENT_BYTES:
            raise SiegeFileError(
                f"{name}: {DOCUMENT} unpacks to {members[DOCUMENT].file_size:,} bytes; a siege's "
                f"document is at most {MAX_DOCUMENT_BYTES:,}")
        siege, version = siege_from_json(
            _read_member(archive, members[DOCUMENT], name, MAX_DOCUMENT_BYTES),
            f"{name}: {DOCUMENT}")
        if siege.map is not None and siege.map.member not in members:
            raise SiegeFileError(f"{name}: map.member: the map image {siege.map.member!r} is "
                                 f"not in the file")
        images = {}
        sizes = {}
        for member, info in members.items():
            if member == DOCUMENT:
                continue
            data = _read_member(archive, info, name, MAX_MEMBER_BYTES)
            try:  # checked by its header, decoded only when drawn (``images``)
                sizes[member] = image_header(data)[1]
            except ImageRefused as error:
                raise SiegeFileError(f"{name}: the image {member!r} {error}") from None
            images[member] = data
    if siege.map is not None:
        _check_plan_extent(siege, sizes[siege.map.member], name)
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


def _check_directory_size(handle: BinaryIO, name: str) -> None:
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


def _check_plan_extent(siege: Siege, size: tuple[int, int], name: str) -> None:
    """The plan laid on the board (its pixels at its scale, from its offset) stays finite and
    within the span of a siege, measured from the grid's origin (R4)."""
    calibration = siege.map
    width = size[0] / calibration.pixels_per_metre
    height = size[1] / calibration.pixels_per_metre
    turn = math.radians(calibration.rotation_deg)
    cos, sin = math.cos(turn), math.sin(turn)
    x, y = calibration.offset
    corners = [(x + cos * u - sin * v, y + sin * u + cos * v)
               for u, v in ((0, 0), (width, 0), (0, height), (width, height))]
    try:
        if not all(math.isfinite(value) for corner in corners for value in corner):
            raise ValueError("its corners are not finite numbers")
        check_span([siege.grid_origin, *corners], "the plan")
    except ValueError as error:
        raise SiegeFileError(
            f"{name}: map.pixels_per_metre: a {size[0]:,} x {size[1]:,} pixel plan at "
            f"{calibration.pixels_per_metre:g} pixels a metre from ({x:g}, {y:g}) m does not fit "
            f"on the board: {error}") from None


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


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str,
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
                    f"{bound:,} bytes {'its header declares' if bound == info.file_size else 'allowed'}"
                    f" (a damaged file or a decompression bomb)")
            if png is None and len(data) >= len(PNG_SIGNATURE):
                png = data.startswith(PNG_SIGNATURE)
            if png:
                end = png_end(data)
                if end is not None and end < len(data):
                    raise SiegeFileError(f"{name}: the image {info.filename!r} has data after "
                                         f"the end of its PNG")
    return bytes(data)


def _describe(error: ValidationError, where: tuple[int | str, ...] = ()) -> str:
    """The first problem as ``field.path[0].name: message (got ...)``, and how many more;
    ``where`` is the path of the item ``error`` is about."""
    problems = error.errors(include_url=False)
    first = problems[0]
    location = (*where, *first["loc"])
    where = _field_path(location)
    message = first["msg"].removeprefix("Value error, ")
    if len(location) == 1 and re.match(r"[a-z_]+[.:]", message) \
            and re.split(r"[.:]", message, maxsplit=1)[0] in Siege.model_fields:
        where = ""  # a rule of the siege's that names its own field path
    if first["type"] not in ("missing", "value_error", "assertion_error"):
        given = first.get("input")
        shown = (f"{len(given):,} items" if isinstance(given, (list, dict)) and len(given) > 8
                 else _as_json(given))
        message += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
    text = f"{where}: {message}" if where else message
    if len(problems) > 1:
        text += f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})"
    return text


def _as_json(value: Any) -> str:
    """A value of the file as the file writes it (``null``, ``"x"``, ``[0, 1]``), not as
    Python would."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return "a value of the wrong kind"


def _field_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


# --------------------------------------------------------------------------- saving


def encode_siege(siege_file: SiegeFile, name: str = DOCUMENT) -> bytes:
    """The bytes ``write_siege`` writes for ``siege_file``, after the same checks (each
    refusal a ``SiegeFileError`` naming ``name``); touches no file. Safe in a worker thread
    while nothing changes ``siege_file`` in place (``persist.mutations.snapshot``).

    ``siege.json`` is compact JSON in the model's field order (the same siege gives the same
    bytes; ``persist.document``), made and deflated into the archive a piece at a time, each
    piece checked to read back before it is deflated (none of them is held: a city's
    document is tens of megabytes). Only a siege that does not reopen as itself is looked at
    the careful way, to say what is wrong."""
    images = _images_for_saving(siege_file, name)
    siege = siege_file.siege
    try:
        with paused_collection():
            return _archive(checked_pieces(siege, MAX_DOCUMENT_BYTES), images)
    except NotAsWritten:
        pass
    return _archive([_refused_document(siege, name)], images)


def check_as_opened(siege_file: SiegeFile, name: str) -> None:
    """Refuse (``SiegeFileError``) a siege that ``read_siege`` would refuse once written:
    its bytes as ``write_siege`` writes them, read back by the reader that opens files."""
    _read_archive(io.BytesIO(encode_siege(siege_file, name)), name)


def write_siege(path: str | Path, siege_file: SiegeFile, *, backup: bool = True,
                replace_read_only: bool = False, encoded: bytes | None = None) -> FileStamp:
    """Save atomically; the previous version of ``path`` is kept as ``<path>.bak``. Returns
    the stamp of the file written (what a later save of it checks against).

    Checks first, touching nothing, that the siege reopens as the same siege (no NaN or
    infinity, references hold, keys match ids), that image member names are safe and each
    image is one ``read_siege`` accepts, and that the map's image is included. A read-only
    ``path`` is refused (``SiegeFileReadOnly``) unless ``replace_read_only``. When
    ``siege_file.stamp`` is of ``path``, the file must still be that version just before the
    rename, else ``SiegeFileChanged`` (hold ``lock.hold_lock(path)`` around the whole
    read-modify-write so that no cooperating writer comes between). Then writes a temporary file
    beside ``path``, fsyncs it, keeps the old file as ``backup_path(path)`` (when ``backup``
    and it exists), renames over ``path``, fsyncs the folder and removes temporary files an
    earlier crash left beside ``path``.

    Raises ``SiegeFileError`` when the siege cannot be saved or the disk refuses (full, no
    permission, read-only); the message says the old file is unchanged (or that nothing was
    written, for a new file), which is then true. ``encoded``: what ``encode_siege`` gave
    for ``siege_file`` (checked then), written as it is.
    """
    path = Path(path)
    existed = path.exists()
    try:
        data = encode_siege(siege_file, path.name) if encoded is None else encoded
    except OSError as error:
        raise _not_saved(path, existed, error) from error
    if existed and not replace_read_only and _read_only(path):
        raise SiegeFileReadOnly(path)
    expected = siege_file.stamp
    if expected is not None and expected.path != os.path.realpath(path):
        expected = None
    try:
        atomic_write(path, lambda stream: write_all(stream, data), backup=backup,
                     before_replace=None if expected is None else
                     lambda: _still_as_read(path, expected))
        written = os.stat(path)
    except OSError as error:
        raise _not_saved(path, existed, error) from error
    remove_litter(path, older_than=0.0 if holds_lock(path) else LITTER_AGE)
    return FileStamp(path=os.path.realpath(path), size=len(data), mtime_ns=written.st_mtime_ns,
                     sha256=hashlib.sha256(data).hexdigest())


def _not_saved(path: Path, existed: bool, error: OSError) -> SiegeFileError:
    kept = (f"the old {path.name} is unchanged" if existed
            else f"nothing was written to {path.parent}")
    return SiegeFileError(f"could not save {path.name}: {plain_reason(error)}; {kept}")


def _read_only(path: Path) -> bool:
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    # The mode bits too: a superuser may write anything, but a read-only file says "keep me".
    return not os.access(path, os.W_OK) or not mode & 0o222


def _still_as_read(path: Path, expected: FileStamp) -> None:
    now = file_stamp(path)
    if now is None or (now.size, now.mtime_ns) != (expected.size, expected.mtime_ns) \
            or now.sha256 != expected.sha256:
        raise SiegeFileChanged(path, expected, now)


def _refused_document(siege: Siege, name: str) -> bytes:
    """The document of a siege that did not reopen as itself from its pieces: the reason as a
    ``SiegeFileError``, or the document when the careful reading finds none (it reads as the
    very same siege)."""
    where = _non_finite(siege.model_dump(), "")
    if where is not None:
        raise SiegeFileError(f"cannot save {name}: {where} is not a finite number, which a file "
                             f"cannot keep; nothing was written")
    document = b"".join(pieces(siege))
    if len(document) > MAX_DOCUMENT_BYTES:
        raise SiegeFileError(f"cannot save {name}: its document would take {len(document):,} "
                             f"bytes, more than the {MAX_DOCUMENT_BYTES:,} a siege file may "
                             f"hold; nothing was written")
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


def _archive(document: Iterable[bytes | memoryview], images: dict[str, bytes]) -> bytes:
    """The ``.siege`` archive of ``document`` (``siege.json`` in pieces, deflated as they
    come) and ``images``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.comment = f"{WRITER_PREFIX}{__version__}".encode("utf-8")
        # zlib's default level: a member opened for writing from a ZipInfo (its fixed
        # timestamp makes a save reproducible) takes no level through zipfile's public API.
        info = _member(DOCUMENT, zipfile.ZIP_DEFLATED)
        with archive.open(info, "w") as member:
            for part in document:
                member.write(part)
        for member, data in images.items():
            # Map images are compressed already; deflating them again costs time for nothing.
            archive.writestr(_member(member, zipfile.ZIP_STORED), data)
    return buffer.getvalue()


def _member(name: str, compression: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=_MEMBER_TIME)
    info.compress_type = compression
    info.external_attr = 0o644 << 16
    return info


def _plain(error: BaseException) -> str:
    """What went wrong, in our words (``library_words``), never the library's."""
    if isinstance(error, OSError) and not isinstance(error, zipfile.BadZipFile) \
            and error.errno is not None:
        return plain_reason(error)
    return plain_library_error(error)


