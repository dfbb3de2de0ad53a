"""Checking a map image from a file before anything trusts it, and its pixels, decoded only
when something draws it.

An image member must be PNG, JPEG, TIFF, WEBP or BMP, at most ``MAX_SIDE`` pixels on each side
and ``MAX_PIXELS`` pixels in all (read from the header, before any pixel is decoded, so a
decompression bomb costs a header read), and a PNG must end where its IEND chunk ends (data
after it is refused: ``png_end``) and pass Pillow's ``verify`` (every chunk's checksum). A
JPEG is also decoded at an eighth of its size (a sixty-fourth of the memory): a file cut
short is refused there. A picture whose data holds less than its header claims (libjpeg pads
it; a PNG's chunks can be whole around a short stream) may pass the header checks: drawing it
costs what its header declares, which ``MAX_PIXELS`` bounds, or is refused when drawn. Pillow is
third-party code fed untrusted bytes and raises many exception classes for malformed input
(OSError, SyntaxError, ValueError, struct.error, IndexError, its DecompressionBombError...): all
of them become ``ImageRefused``.

Opening a siege, ``info``, ``fire`` and ``advance`` check images and never decode them;
``decoded_image(data)`` decodes when something draws (the board, a snapshot, an export) and
keeps the last few decoded, so one picture is decoded once and nothing shows an image other
than the one that was checked. The largest picture allowed, ``MAX_PIXELS``, takes
``MAX_PIXELS * 4`` bytes decoded (400 MB), and the board's or a snapshot's copy as much again.
"""

from __future__ import annotations

import hashlib
import io
import struct
import warnings
from collections import OrderedDict

from PIL import Image

from siegeboard.persist.library_words import plain_library_error

ALLOWED_FORMATS = ("PNG", "JPEG", "TIFF", "WEBP", "BMP")
# A camera JPEG with a second picture inside opens as MPO; it is a JPEG all the same.
_ACCEPTED = (*ALLOWED_FORMATS, "MPO")
MAX_SIDE = 20_000
MAX_PIXELS = 100_000_000
"""Pixels in all (10,000 x 10,000): 400 MB decoded as RGBA, so that every command on a siege
holding the largest picture allowed stays well under 1.5 GB."""

# Pillow's own bomb guard warns above MAX_IMAGE_PIXELS and refuses above twice that. Ours is
# checked first (by its header); Pillow's guard stays as a second fence at the largest side.
Image.MAX_IMAGE_PIXELS = MAX_SIDE * MAX_SIDE

_KNOWN_GOOD: OrderedDict[bytes, tuple[str, tuple[int, int]]] = OrderedDict()
_KNOWN_GOOD_LIMIT = 64  # digest -> (format, size) of images already checked
_PIXELS: OrderedDict[bytes, Image.Image] = OrderedDict()  # digest -> decoded, newest last
_PIXELS_LIMIT = 4
_PIXELS_BUDGET = 2 * MAX_PIXELS  # decoded pixels kept in all (the newest is always kept)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class ImageRefused(ValueError):
    """An image member that is not a whole, decodable picture of an allowed format and size."""


def png_end(data: bytes | bytearray | memoryview) -> int | None:
    """Where a PNG's IEND chunk ends in ``data`` (a whole PNG or its first part), walking the
    chunk headers only; None while ``data`` holds no IEND yet. ``data`` must start with the PNG
    signature."""
    offset = len(PNG_SIGNATURE)
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", bytes(data[offset:offset + 8]))
        offset += 12 + length
        if kind == b"IEND":
            return offset
    return None


def check_image(data: bytes) -> str:
    """Return the format name ("PNG", ...) of ``data``, or raise ``ImageRefused`` saying why.
    Decodes no pixel (see the module); an image already checked is not read again."""
    return image_header(data)[0]


def image_header(data: bytes) -> tuple[str, tuple[int, int]]:
    """``(format, (width, height))`` of ``data`` after the checks of ``check_image``."""
    digest = hashlib.sha256(data).digest()
    if digest in _KNOWN_GOOD:
        _KNOWN_GOOD.move_to_end(digest)
        return _KNOWN_GOOD[digest]
    if data[:len(PNG_SIGNATURE)] == PNG_SIGNATURE:
        end = png_end(data)
        if end is not None and end < len(data):
            raise ImageRefused(f"has {len(data) - end:,} bytes after the end of its PNG")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as header:
                image_format = header.format or ""  # Pillow names the format it opened
                width, height = header.size
                _check_size(image_format, width, height)
                header.verify()
            if image_format in ("JPEG", "MPO"):
                _check_draft(data, width, height)
    except ImageRefused:
        raise
    except Image.UnidentifiedImageError:
        raise ImageRefused(f"is not a readable image of an allowed format "
                           f"({', '.join(ALLOWED_FORMATS)})") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageRefused(f"declares more than {MAX_PIXELS:,} pixels, too large to decode "
                           f"safely (a decompression bomb?)") from None
    except Exception as error:  # noqa: BLE001 -- see the module docstring
        raise ImageRefused(f"does not decode: {plain_library_error(error)}; save or export "
                           f"the picture again (PNG or JPEG) and import that") from None
    found = (image_format, (width, height))
    _KNOWN_GOOD[digest] = found
    while len(_KNOWN_GOOD) > _KNOWN_GOOD_LIMIT:
        _KNOWN_GOOD.popitem(last=False)
    return found


def _check_size(image_format: str, width: int, height: int) -> None:
    if image_format not in _ACCEPTED:
        raise ImageRefused(f"is a {image_format} image; allowed are {', '.join(ALLOWED_FORMATS)}")
    if width < 1 or height < 1:
        raise ImageRefused(f"declares {width} x {height} pixels")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ImageRefused(
            f"declares {width} x {height} pixels, more than the {MAX_SIDE:,} x "
            f"{MAX_SIDE:,} a map may have (a decompression bomb?)")
    if width * height > MAX_PIXELS:
        raise ImageRefused(
            f"declares {width:,} x {height:,} pixels ({width * height / 1e6:,.0f} megapixels), "
            f"more than the {MAX_PIXELS / 1e6:,.0f} megapixels a map may have (it would take "
            f"{width * height * 4 / 1e9:,.1f} GB to show; a decompression bomb?)")


def _check_draft(data: bytes, width: int, height: int) -> None:
    """Decode a JPEG at an eighth of its size: a file cut short fails here, at a
    sixty-fourth of the full decode's memory."""
    with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as draft:
        draft.draft("RGB", (max(1, width // 8), max(1, height // 8)))
        draft.load()


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS)
    try:
        image.load()
        if image.mode in ("RGB", "RGBA"):
            return image
        try:
            converted = image.convert("RGBA")
        except ValueError:
            raise ImageRefused(f"has a pixel format ({image.mode}) siegeboard cannot show"
                               ) from None
        image.close()
        return converted
    except BaseException:
        image.close()
        raise


def decoded_image(data: bytes) -> Image.Image:
    """The pixels of ``data``: an RGB or RGBA Pillow image (first frame; palette and grey
    images as RGBA), decoded now unless among the last decoded. Checks ``data`` first (cheap
    when already checked); raises ``ImageRefused`` as ``check_image`` does, and when the
    pixels do not decode whole."""
    digest = hashlib.sha256(data).digest()
    if digest in _PIXELS:
        _PIXELS.move_to_end(digest)
        return _PIXELS[digest]
    check_image(data)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            pixels = _decoded(data)
    except ImageRefused:
        raise
    except Exception as error:  # noqa: BLE001 -- see the module docstring
        raise ImageRefused(f"does not decode: {plain_library_error(error)}; save or export "
                           f"the picture again (PNG or JPEG) and import that") from None
    _PIXELS[digest] = pixels
    while len(_PIXELS) > 1 and (len(_PIXELS) > _PIXELS_LIMIT or sum(
            image.width * image.height for image in _PIXELS.values()) > _PIXELS_BUDGET):
        _PIXELS.popitem(last=False)
    return pixels
