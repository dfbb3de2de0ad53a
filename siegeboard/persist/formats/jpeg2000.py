"""A JPEG 2000 picture (.jp2, .j2k, .jpx: the Library of Congress's Sanborn sheets) as a map
format: a new siege with the picture as its plan, nothing drawn on it yet.

Pillow decodes JPEG 2000 with the OpenJPEG its wheels carry. A .siege file holds only the
picture formats ``images.ALLOWED_FORMATS`` names, so the picture is kept as a lossless PNG of
the same pixels and checked like every plan. The size is read from the header before any pixel
is decoded: a picture larger than ``images.MAX_SIDE`` on a side is decoded at a half, a quarter...
of its resolution (JPEG 2000 holds those levels; the report says so), and one that would still
be too large even at its smallest level, or that declares a decompression bomb, is refused.
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path

from PIL import Image

from siegeboard.persist.formats.base import (
    FormatBySuffix,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    resolve_options,
)
from siegeboard.persist.formats.plan_image import checked_plan, plan_siege, read_bytes
from siegeboard.persist.images import MAX_SIDE
from siegeboard.persist.siege_file import SiegeFileError

SUFFIXES = (".jp2", ".j2k", ".j2c", ".jpc", ".jpf", ".jpx")
MAX_REDUCE = 5  # a JPEG 2000 file holds this many halvings at least (OpenJPEG's default)


def decode_jpeg2000(data: bytes, what: str) -> tuple[bytes, tuple[int, int], int]:
    """(PNG bytes, the picture's full size, the halvings applied) of the JPEG 2000 ``data``;
    ``SiegeFileError`` starting with ``what`` when it cannot be decoded within the limits."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=["JPEG2000"]) as picture:
                width, height = picture.size
                if width < 1 or height < 1:
                    raise SiegeFileError(f"{what} declares {width} x {height} pixels")
                halvings = max(0, math.ceil(math.log2(max(width, height) / MAX_SIDE)))
                if halvings > MAX_REDUCE:
                    raise SiegeFileError(
                        f"{what} declares {width:,} x {height:,} pixels, too large to decode "
                        f"safely even at 1/{2 ** MAX_REDUCE} of its resolution")
                # Pillow's JPEG 2000 option: decode 1/2**n (the stubs know only the method)
                picture.reduce = halvings  # type: ignore[method-assign, assignment, unused-ignore]
                picture.load()
                mode = "RGBA" if "A" in picture.mode else "RGB"
                pixels = picture.convert(mode)
    except SiegeFileError:
        raise
    except Image.UnidentifiedImageError:
        raise SiegeFileError(f"{what} is not a JPEG 2000 picture") from None
    except Image.DecompressionBombError:
        raise SiegeFileError(f"{what} declares too many pixels to decode safely (a "
                             f"decompression bomb?)") from None
    except Exception as error:  # noqa: BLE001 -- Pillow's decoders raise many kinds
        raise SiegeFileError(f"{what} does not decode ({type(error).__name__}: {error})"
                             ) from None
    out = io.BytesIO()
    pixels.save(out, "PNG", compress_level=6)
    return out.getvalue(), (width, height), halvings


class Jpeg2000Format(FormatBySuffix):
    """Read only: a JPEG 2000 picture becomes the plan of a new siege."""

    name = "JPEG 2000 plan"
    name_filter = "JPEG 2000 plans (*.jp2 *.j2k *.j2c *.jpc *.jpf *.jpx)"
    suffixes = SUFFIXES
    can_write = False

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> ImportedMap:
        path = Path(path)
        options = resolve_options(options, path.name)
        data = read_bytes(path)
        if progress is not None:
            progress(0, 1)
        png, (width, height), halvings = decode_jpeg2000(data, path.name)
        member = checked_plan(png, f"{path.name}, decoded,")
        report = ImportReport(source=path.name, read={"pictures": 1})
        if halvings:
            factor = 2 ** halvings
            report.notes.append(
                f"The picture is {width:,} x {height:,} pixels, more than the {MAX_SIDE:,} a plan "
                f"may have on a side: it came in at 1/{factor} of that, "
                f"{math.ceil(width / factor):,} x {math.ceil(height / factor):,}.")
        report.notes.append("The plan is kept as a PNG of the same pixels (JPEG 2000 is "
                            "decoded once, here).")
        imported = plan_siege(path, options, member, png, report)
        if progress is not None:
            progress(1, 1)
        return imported

    def write(self, path: str | Path, siege_file) -> None:
        raise SiegeFileError("siegeboard does not write JPEG 2000 plans; export a snapshot "
                             "instead")
