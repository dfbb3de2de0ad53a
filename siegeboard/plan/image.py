"""A plan image as pixels: decoded once into a numpy array that tracing and grid finding read."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def decode_plan(data: bytes) -> np.ndarray:
    """The image's pixels as an (height, width, 3) uint8 array in OpenCV's channel order
    (blue, green, red); grey images come back with three equal channels, transparency is
    dropped, 16-bit images are brought to 8 bits. Raises ``ValueError`` with a plain message
    for bytes that are not an image OpenCV can read (PNG, JPEG, TIFF, WEBP, BMP...)."""
    if not data:
        raise ValueError("the plan image is empty")
    pixels = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    if pixels is None or pixels.size == 0:
        raise ValueError("the plan is not an image that can be read (PNG, JPEG, TIFF, WEBP, BMP)")
    return pixels


def read_plan(path: str | Path) -> np.ndarray:
    """``decode_plan`` of a file; ``OSError`` when the file cannot be read."""
    return decode_plan(Path(path).read_bytes())
