"""Checking a map image from a file before anything trusts it, and the pixels that check
decoded, for whatever shows the image.

An image member must be PNG, JPEG, TIFF, WEBP or BMP, at most ``MAX_SIDE`` pixels on each
side (read from the header, before any pixel is decoded, so a decompression bomb is refused
cheaply), must decode completely, and a PNG must end where its IEND chunk ends (data after
it is refused: ``png_end``). Pillow is third-party code fed untrusted bytes and raises many
exception classes for malformed input (OSError, SyntaxError, ValueError, struct.error,
IndexError, its DecompressionBombError...): all of them become ``ImageRefused``.

The image is decoded once: ``decoded_image(data)`` hands out the very pixels ``check_image``
decoded (the last few images checked are kept), so nothing shows an image other than the one
that was checked, and a viewer never decodes it with another library that might disagree.
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

# Pillow's own bomb guard warns above MAX_IMAGE_PIXELS and refuses above twice that. Ours is
# by side and checked first; lifting Pillow's to our area keeps a legitimate 15,000 x 15,000
# plan from being refused by the default (about 89 megapixels) and anything over our limit
# is turned into an error below.
Image.MAX_IMAGE_PIXELS = max(Image.MAX_IMAGE_PIXELS or 0, MAX_SIDE * MAX_SIDE)

_KNOWN_GOOD: set[bytes] = set()  # digests of images already decoded, so autosaves stay cheap
_KNOWN_GOOD_LIMIT = 64
_PIXELS: OrderedDict[bytes, Image.Image] = OrderedDict()  # digest -> decoded, newest last
_PIXELS_LIMIT = 4
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

    Decodes every pixel once (the header alone cannot prove the rest is whole) and keeps them
    for ``decoded_image``; an image already checked in this process (same bytes) is not
    decoded again.
    """
    digest = hashlib.sha256(data).digest()
    if data[:len(PNG_SIGNATURE)] == PNG_SIGNATURE:
        end = png_end(data)
        if end is not None and end < len(data):
            raise ImageRefused(f"has {len(data) - end:,} bytes after the end of its PNG")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as header:
                image_format = header.format
                width, height = header.size
                if image_format not in _ACCEPTED:
                    raise ImageRefused(f"is a {image_format} image; allowed are "
                                       f"{', '.join(ALLOWED_FORMATS)}")
                if width > MAX_SIDE or height > MAX_SIDE:
                    raise ImageRefused(
                        f"declares {width} x {height} pixels, more than the {MAX_SIDE:,} x "
                        f"{MAX_SIDE:,} a map may have (a decompression bomb?)")
                if width < 1 or height < 1:
                    raise ImageRefused(f"declares {width} x {height} pixels")
                if digest in _KNOWN_GOOD and digest in _PIXELS:
                    _PIXELS.move_to_end(digest)
                    return image_format
                header.verify()
            # verify() leaves the image unusable: decode from a fresh open, and keep it open:
            # these pixels are what the board shows.
            pixels = _decoded(data)
    except ImageRefused:
        raise
    except Image.UnidentifiedImageError:
        raise ImageRefused(f"is not a readable image of an allowed format ({', '.join(ALLOWED_FORMATS)})"
                           ) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageRefused(f"declares more than {MAX_SIDE:,} x {MAX_SIDE:,} pixels, too large to "
                           f"decode safely (a decompression bomb?)") from None
    except Exception as error:  # noqa: BLE001 -- see the module docstring
        raise ImageRefused(f"does not decode: {plain_library_error(error)}; save or export "
                           f"the picture again (PNG or JPEG) and import that") from None
    if len(_KNOWN_GOOD) >= _KNOWN_GOOD_LIMIT:
        _KNOWN_GOOD.clear()
    _KNOWN_GOOD.add(digest)
    _PIXELS[digest] = pixels
    while len(_PIXELS) > _PIXELS_LIMIT:
        _PIXELS.popitem(last=False)
    return image_format


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
    """The pixels of ``data`` as ``check_image`` decoded them: an RGB or RGBA Pillow image
    (first frame; palette and grey images as RGBA). Checks ``data`` first when it is not among
    the last images checked; raises ``ImageRefused`` as ``check_image`` does."""
    digest = hashlib.sha256(data).digest()
    if digest not in _PIXELS:
        _KNOWN_GOOD.discard(digest)
        check_image(data)
    _PIXELS.move_to_end(digest)
    return _PIXELS[digest]
