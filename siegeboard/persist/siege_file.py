"""The .siege file: one zip holding ``siege.json`` and the map image(s).

Saving writes a temporary file beside the target, syncs it and renames it over the old
one, so a crash never leaves a half-written file. Opening validates everything and raises
``SiegeFileError`` with one clear message; it never returns a half-valid siege.
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from siegeboard.model.siege import Siege

DOCUMENT = "siege.json"
SUFFIX = ".siege"


class SiegeFileError(Exception):
    """A file that cannot be opened or saved; the message says what to fix."""


@dataclass
class SiegeFile:
    """A siege and the image members that travel with it (member name -> bytes)."""

    siege: Siege
    images: dict[str, bytes] = field(default_factory=dict)


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "siege"
    return f"{where}: {first['msg']}"


def read_siege(path: str | Path) -> SiegeFile:
    """Open a .siege file; raise ``SiegeFileError`` if it is not a whole, valid siege."""
    path = Path(path)
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            if DOCUMENT not in names:
                raise SiegeFileError(f"{path.name} is not a siege: it has no {DOCUMENT}")
            data = json.loads(archive.read(DOCUMENT).decode("utf-8"))
            siege = Siege.model_validate(data)
            images = {}
            if siege.map is not None:
                if siege.map.member not in names:
                    raise SiegeFileError(
                        f"{path.name}: the map image {siege.map.member!r} is missing")
                images[siege.map.member] = archive.read(siege.map.member)
    except SiegeFileError:
        raise
    except FileNotFoundError:
        raise SiegeFileError(f"{path}: no such file") from None
    except zipfile.BadZipFile:
        raise SiegeFileError(f"{path.name} is not a siege file (not a zip archive)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SiegeFileError(f"{path.name}: {DOCUMENT} is not valid JSON ({error})") from None
    except ValidationError as error:
        raise SiegeFileError(f"{path.name}: {_first_error(error)}") from None
    except OSError as error:
        raise SiegeFileError(f"{path.name} cannot be read: {error.strerror or error}") from None
    return SiegeFile(siege=siege, images=images)


def write_siege(path: str | Path, siege_file: SiegeFile) -> None:
    """Save atomically: temp file beside ``path``, fsync, rename over it."""
    path = Path(path)
    document = siege_file.siege.model_dump_json(indent=1).encode("utf-8")
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                             dir=path.parent)
    except OSError as error:
        raise SiegeFileError(f"cannot save in {path.parent}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as raw:
            with zipfile.ZipFile(raw, "w", compression=zipfile.ZIP_DEFLATED) as archive:
                archive.writestr(DOCUMENT, document)
                for member, data in siege_file.images.items():
                    archive.writestr(member, data, compress_type=zipfile.ZIP_STORED)
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temp_name, path)
    except OSError as error:
        Path(temp_name).unlink(missing_ok=True)
        raise SiegeFileError(
            f"could not save {path.name}: {error.strerror or error}; the old file is unchanged"
        ) from None
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
