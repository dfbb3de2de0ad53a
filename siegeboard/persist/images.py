"""Checking a map image from a file before anything trusts it.

An image member must be PNG, JPEG, TIFF, WEBP or BMP, at most ``MAX_SIDE`` pixels on each
side (read from the header, before any pixel is decoded, so a decompression bomb is refused
cheaply), and must decode completely. Pillow is third-party code fed untrusted bytes and
raises many exception classes for malformed input (OSError, SyntaxError, ValueError,
struct.error, IndexError, its DecompressionBombError...): all of them become ``ImageRefused``.
"""

from __future__ import annotations

import hashlib
import io
import warnings

from PIL import Image

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


class ImageRefused(ValueError):
    """An image member that is not a whole, decodable picture of an allowed format and size."""


def check_image(data: bytes) -> str:
    """Return the format name ("PNG", ...) of ``data``, or raise ``ImageRefused`` saying why.

    Decodes every pixel once (the header alone cannot prove the rest is whole); an image
    already checked in this process (same bytes) is not decoded again.
    """
    digest = hashlib.sha256(data).digest()
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
                if digest in _KNOWN_GOOD:
                    return image_format
                header.verify()
            # verify() leaves the image unusable: decode from a fresh open.
            with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as image:
                image.load()
    except ImageRefused:
        raise
    except Image.UnidentifiedImageError:
        raise ImageRefused(f"is not a readable image of an allowed format ({', '.join(ALLOWED_FORMATS)})"
                           ) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageRefused(f"declares more than {MAX_SIDE:,} x {MAX_SIDE:,} pixels, too large to "
                           f"decode safely (a decompression bomb?)") from None
    except Exception as error:  # noqa: BLE001 -- see the module docstring
        raise ImageRefused(f"does not decode ({type(error).__name__}: {error})") from None
    if len(_KNOWN_GOOD) >= _KNOWN_GOOD_LIMIT:
        _KNOWN_GOOD.clear()
    _KNOWN_GOOD.add(digest)
    return image_format
