"""The plan as the players' pages fetch it: the very pixels the file's checks decoded
(``persist.images.decoded_image``), written again as a PNG, so no byte of the original file
(its metadata, a comment, a second frame) reaches a player, and a browser decodes only a
plain PNG. A plan larger than a phone can hold is scaled down to ``MAX_SIDE`` pixels on its
longer side; the placement says how many pixels the page got, so it lies where it should.
"""

from __future__ import annotations

import functools
import hashlib
import io
from dataclasses import dataclass

from PIL import Image

from siegeboard.persist.images import ImageRefused, decoded_image

MAX_SIDE = 8192  # browsers on phones refuse or blur larger images


@dataclass(frozen=True)
class PlanPixels:
    """The PNG the pages fetch, its size in pixels, and a digest naming this version."""

    png: bytes
    size: tuple[int, int]
    scale: float  # pixels of the PNG per pixel of the plan
    digest: str


@functools.lru_cache(maxsize=2)
def plan_pixels(data: bytes) -> PlanPixels:
    """``data`` (the plan's image bytes) as the pages' PNG, made once for the last plans
    (sharing stopped and started again, a file reread). Raises ``ValueError`` saying why
    there is no image."""
    try:
        pixels = decoded_image(data)
    except ImageRefused as error:
        raise ValueError(f"the plan cannot be read: it {error}") from None
    width, height = pixels.size
    scale = min(1.0, MAX_SIDE / max(width, height))
    if scale < 1.0:
        pixels = pixels.resize((max(1, round(width * scale)), max(1, round(height * scale))),
                               Image.Resampling.LANCZOS)
    out = io.BytesIO()
    # Fast compression: the pages fetch it over the local network, where time to first
    # picture matters more than a third of its bytes.
    pixels.save(out, format="PNG", optimize=False, compress_level=1)
    png = out.getvalue()
    return PlanPixels(png=png, size=pixels.size, scale=pixels.size[0] / width,
                      digest=hashlib.sha256(data).hexdigest()[:16])
