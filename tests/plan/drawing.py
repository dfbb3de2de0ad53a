"""Synthetic plans for the tracing and grid tests: paper, inked outlines, fills, hatching."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

DATA = Path(__file__).resolve().parents[1] / "data" / "plans"
SANBORN = DATA / "sanborn_plainfield_il_1893_sheet1c.png"
TRUTH = DATA / "trace_truth_1893.json"
BATTLE_MAP = DATA / "dungeondraft_oganm_test_grid64.png"

PAPER = (225, 236, 236)     # blue, green, red: the Sanborn sheet's paper
FILL = (172, 223, 234)      # its frame houses' yellow
INK = (100, 130, 140)


def paper(width: int = 400, height: int = 300) -> np.ndarray:
    return np.full((height, width, 3), PAPER, np.uint8)


def building(image: np.ndarray, corners, fill=FILL, ink=INK, ink_px: float = 2) -> np.ndarray:
    """A filled polygon with an inked outline ``ink_px`` wide centred on its edges, drawn on
    ``image`` in place. ``corners`` are in image pixels from the top-left corner (as the
    tracer reports them)."""
    from shapely.geometry import Polygon
    shape = Polygon(corners)
    for ring, colour in ((shape.buffer(ink_px / 2, join_style="mitre"), ink),
                         (shape.buffer(-ink_px / 2, join_style="mitre"), fill)):
        _fill(image, list(ring.exterior.coords), colour)
    return image


def _fill(image: np.ndarray, corners, colour) -> None:
    # OpenCV draws in pixel-centre coordinates: pixel (i, j)'s centre is (i, j), not (i + 0.5,
    # j + 0.5); with 4 bits of subpixel precision
    ring = np.round((np.array(corners, np.float64) - 0.5) * 16).astype(np.int32)
    cv2.fillPoly(image, [ring], colour, lineType=cv2.LINE_AA, shift=4)


def iou(a, b) -> float:
    from shapely.geometry import Polygon
    first, second = Polygon(a), Polygon(b)
    return first.intersection(second).area / first.union(second).area
