"""The plan's pixels for the tools that read them (Trace, Calibrate's grid finder): the scene's
decoded plan image as a numpy array, made once per plan, and the grid found on it."""

from __future__ import annotations

import sys
import weakref

import numpy as np
from PySide6.QtGui import QImage

from siegeboard.plan import FoundGrid, find_grid

FOUR_BYTE_FORMATS = (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32,
                     QImage.Format.Format_ARGB32_Premultiplied)


def image_pixels(image: QImage) -> tuple[np.ndarray, QImage]:
    """``image``'s pixels as an (height, width, 3) uint8 array in blue, green, red order (as
    ``siegeboard.plan`` reads OpenCV's images), and the QImage that holds them: the array is
    a view of that image's memory (no copy of a 10,000 px plan), valid while it lives."""
    if image.format() not in FOUR_BYTE_FORMATS:
        image = image.convertToFormat(QImage.Format.Format_RGB32)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    rows = np.frombuffer(image.constBits(), np.uint8, count=stride * height)
    # 32-bit pixels are 0xAARRGGBB: blue, green, red, alpha in a little-endian machine's bytes
    quads = rows.reshape(height, stride)[:, :width * 4].reshape(height, width, 4)
    return (quads[:, :, :3] if sys.byteorder == "little" else quads[:, :, 3:0:-1]), image


class PlanPixels:
    """One plan's pixels at a time: ``pixels(scene)`` decodes the scene's plan on the first
    call and again only when the plan changes (another image, or none); ``grid(scene)`` is the
    grid found on it (None when there is none), found once."""

    def __init__(self):
        self._key = None
        self._pixels: np.ndarray | None = None
        self._holder: QImage | None = None  # the image whose memory ``_pixels`` views
        self._grid: tuple[FoundGrid | None] | None = None

    def pixels(self, scene) -> np.ndarray | None:
        item = scene.map_item
        if item is None:
            self._key, self._pixels, self._holder, self._grid = None, None, None, None
            return None
        key = (id(item), item.image.cacheKey())
        if key != self._key:
            self._pixels, self._holder = image_pixels(item.image)
            self._key, self._grid = key, None
        return self._pixels

    def grid(self, scene) -> FoundGrid | None:
        pixels = self.pixels(scene)
        if pixels is None:
            return None
        if self._grid is None:
            self._grid = (find_grid(pixels),)
        return self._grid[0]


_BY_SCENE: weakref.WeakKeyDictionary[object, PlanPixels] = weakref.WeakKeyDictionary()


def plan_pixels(scene) -> PlanPixels:
    """The one ``PlanPixels`` of ``scene``, shared by every tool on it (a 10,000 px plan is
    300 MB of pixels: kept once)."""
    cache = _BY_SCENE.get(scene)
    if cache is None:
        cache = _BY_SCENE[scene] = PlanPixels()
    return cache
