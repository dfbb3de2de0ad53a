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

Where each part lives: ``zip_safety.py`` reads the archive within bounds,
``document_checks.py`` reads and checks ``siege.json`` (and refuses a siege that would not
read back), ``document.py`` writes it in pieces, ``atomic.py`` replaces the file; this module
puts them together and keeps the version read (``FileStamp``).

Two writers: ``lock.hold_lock`` serialises read-modify-writes, and ``write_siege`` refuses
(``SiegeFileChanged``) to rename over a file that is no longer the version that was read.
"""

from __future__ import annotations

import hashlib
import io
import lzma
import math
import os
import stat
import struct
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

from siegeboard import __version__
from siegeboard.model.collection import no_cycle_collection as paused_collection
from siegeboard.model.siege import Siege
from siegeboard.model.validation import check_span
from siegeboard.persist.atomic import (
    atomic_write,
    backup_path,
    plain_reason,
    remove_litter,
    sweep_litter,
    write_all,
)
from siegeboard.persist.document import (
    NotAsWritten,
    checked_pieces,
)
from siegeboard.persist.document_checks import (
    DOCUMENT,
    MAX_DOCUMENT_BYTES,
    refused_document,
    siege_from_json,
)
from siegeboard.persist.errors import SiegeFileError
from siegeboard.persist.images import (
    ImageRefused,
    check_image,
    image_header,
)
from siegeboard.persist.library_words import plain_library_error
from siegeboard.persist.lock import holds_lock
from siegeboard.persist.zip_safety import (
    MAX_MEMBER_BYTES,
    MAX_MEMBERS,
    MAX_TOTAL_BYTES,
    check_directory_size,
    checked_members,
    member_name_problem,
    read_member,
    refuse_cut_comment,
)

SUFFIX = ".siege"
# A temporary file this old beside a siege is a crash's litter even while another process may
# be saving it without the lock (no save takes this long).
LITTER_AGE = 600.0
# Fixed member timestamps make a save reproducible: the same siege gives the same bytes.
_MEMBER_TIME = (1980, 1, 1, 0, 0, 0)
WRITER_PREFIX = "siegeboard "

__all__ = [
    "DOCUMENT", "MAX_DOCUMENT_BYTES", "MAX_MEMBERS", "MAX_MEMBER_BYTES", "MAX_TOTAL_BYTES",
    "SUFFIX", "FileStamp",
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

    def same_version(self, other: FileStamp | None) -> bool:
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




def _read_archive(handle: BinaryIO, name: str) -> SiegeFile:
    refuse_cut_comment(handle, name)
    check_directory_size(handle, name)
    with zipfile.ZipFile(handle) as archive:
        members = checked_members(archive, name)
        if DOCUMENT not in members:
            raise SiegeFileError(f"{name} is not a siege: it has no {DOCUMENT}")
        if members[DOCUMENT].file_size > MAX_DOCUMENT_BYTES:
            raise SiegeFileError(
                f"{name}: {DOCUMENT} unpacks to {members[DOCUMENT].file_size:,} bytes; a siege's "
                f"document is at most {MAX_DOCUMENT_BYTES:,}")
        siege, version = siege_from_json(
            read_member(archive, members[DOCUMENT], name, MAX_DOCUMENT_BYTES),
            f"{name}: {DOCUMENT}")
        if siege.map is not None and siege.map.member not in members:
            raise SiegeFileError(f"{name}: map.member: the map image {siege.map.member!r} is "
                                 f"not in the file")
        images = {}
        sizes = {}
        for member, info in members.items():
            if member == DOCUMENT:
                continue
            data = read_member(archive, info, name, MAX_MEMBER_BYTES)
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





def _writer(comment: bytes) -> str | None:
    """"siegeboard X.Y" from the zip comment; None when it names no siegeboard."""
    text = comment[:200].decode("utf-8", "replace").strip()
    return text if text.startswith(WRITER_PREFIX) else None





def _check_plan_extent(siege: Siege, size: tuple[int, int], name: str) -> None:
    """The plan laid on the board (its pixels at its scale, from its offset) stays finite and
    within the span of a siege, measured from the grid's origin (R4)."""
    calibration = siege.map
    if calibration is None:  # no plan, nothing laid on the board
        return
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
    return _archive([refused_document(siege, name)], images)


def check_as_opened(siege_file: SiegeFile, name: str) -> bytes:
    """The bytes ``write_siege`` writes for ``siege_file`` (as ``encode_siege``), refusing
    (``SiegeFileError``) a siege that ``read_siege`` would refuse once written.

    The document is trusted to the save's own reading back, which uses the reader's parts
    (``persist.reading``): each piece read back as written, and the siege rebuilt on its
    structures, log and beginning keeping the siege's own rules (ids, references, span, kinds;
    ``document.checked_pieces``). What else opening refuses is checked here as the reader
    checks it: the images and their names (as saving checks them) and the plan laid on the
    board within the span of a siege (R4). So no second siege is built from the bytes: a
    city is held once. A siege whose pieces do not read back as written is read back whole,
    by the reader that opens files."""
    images = _images_for_saving(siege_file, name)
    siege = siege_file.siege
    try:
        with paused_collection():
            data = _archive(checked_pieces(siege, MAX_DOCUMENT_BYTES), images)
    except NotAsWritten:
        data = _archive([refused_document(siege, name)], images)
        _read_archive(io.BytesIO(data), name)
        return data
    if siege.map is not None:
        _check_plan_extent(siege, image_header(images[siege.map.member])[1], name)
    return data


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
        archive.comment = f"{WRITER_PREFIX}{__version__}".encode()
        # zlib's default level: a member opened for writing from a ZipInfo (its fixed
        # timestamp makes a save reproducible) takes no level through zipfile's public API.
        info = _member(DOCUMENT, zipfile.ZIP_DEFLATED)
        with archive.open(info, "w") as member:
            for part in document:
                member.write(part)
        for name, data in images.items():
            # Map images are compressed already; deflating them again costs time for nothing.
            archive.writestr(_member(name, zipfile.ZIP_STORED), data)
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
