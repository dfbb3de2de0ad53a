"""A plan image (PNG, JPEG, TIFF, WEBP, BMP) as a map format: a new siege with the picture
under it and nothing drawn yet, for the GM to calibrate and draw on.

The picture goes through ``check_image`` like every image a .siege file holds (the size read
from the header before any pixel is decoded, so a decompression bomb is refused cheaply).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist.formats.base import (
    FormatBySuffix,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    checked_import,
    resolve_options,
)
from siegeboard.persist.images import ImageRefused, check_image
from siegeboard.persist.siege_file import MAX_MEMBER_BYTES, SiegeFileError
from siegeboard.rules.dice import fresh_dice_seed

# The member name's suffix for each format check_image names.
MEMBER_SUFFIX = {"PNG": "png", "MPO": "jpg", "JPEG": "jpg", "TIFF": "tif", "WEBP": "webp",
                 "BMP": "bmp"}


def read_bytes(path: Path, limit: int = MAX_MEMBER_BYTES) -> bytes:
    """The bytes of ``path``, or ``SiegeFileError`` in plain words (missing, a folder,
    unreadable, larger than ``limit``)."""
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise SiegeFileError(f"{path} is a folder, not a file")
        if size > limit:
            raise SiegeFileError(f"{path.name} is {size:,} bytes, more than the {limit:,} "
                                 f"siegeboard reads")
        return path.read_bytes()
    except FileNotFoundError:
        raise SiegeFileError(f"{path}: no such file") from None
    except OSError as error:
        raise SiegeFileError(f"{path.name} cannot be read: "
                             f"{error.strerror or error}") from None


def checked_plan(data: bytes, what: str) -> str:
    """The archive member name (``map.png``...) for the picture ``data``, after the checks;
    ``SiegeFileError`` starting with ``what`` when it is not a picture siegeboard accepts."""
    try:
        image_format = check_image(data)
    except ImageRefused as error:
        raise SiegeFileError(f"{what} {error}") from None
    return f"map.{MEMBER_SUFFIX[image_format]}"


class PlanImageFormat(FormatBySuffix):
    """Read only: a picture becomes the plan of a new siege."""

    name = "plan image"
    name_filter = "Plan images (*.png *.jpg *.jpeg *.tif *.tiff *.webp *.bmp)"
    suffixes = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".webp", ".bmp")
    can_write = False

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> ImportedMap:
        path = Path(path)
        options = resolve_options(options, path.name)
        data = read_bytes(path)
        member = checked_plan(data, f"{path.name}")
        if progress is not None:
            progress(1, 1)
        return plan_siege(path, options, member, data,
                          ImportReport(source=path.name, read={"pictures": 1}))

    def write(self, path: str | Path, siege_file) -> None:
        raise SiegeFileError("siegeboard does not write plan images; export a snapshot instead")


def plan_siege(path: Path, options: ImportOptions, member: str, data: bytes,
               report: ImportReport) -> ImportedMap:
    """A new siege with the checked picture ``data`` (archive member ``member``) as its plan at
    ``options.pixels_per_metre``, nothing drawn on it; ``report`` gets the plan made and the
    hint to calibrate. ``options`` must be resolved."""
    try:
        siege = Siege(name=options.name or path.stem or "Imported plan",
                      dice_seed=fresh_dice_seed(),
                      ruleset=options.ruleset,
                      map=MapImage(member=member, pixels_per_metre=options.pixels_per_metre))
    except ValidationError as error:
        raise SiegeFileError(f"cannot import {path.name}: {error.errors()[0]['msg']}") from None
    report.count_made("plans")
    report.notes.append("The plan is not calibrated yet: Map > Calibrate (C), click two points "
                        "and type the distance.")
    return checked_import(ImportedMap(siege=siege, images={member: data}, report=report),
                          path.name)
