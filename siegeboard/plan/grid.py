"""Finding a plan's printed grid: the cell size in pixels and where its lines fall.

A printed grid repeats its lines every cell along both axes, so the plan's edges repeat too.
The edge strength summed down each column (vertical lines) and along each row (horizontal
lines) gives two profiles; their autocorrelation, taken through a Fourier transform, peaks at
the cell size and its multiples. The grid is the smallest lag that both axes agree on and
that stands out of the plan's other lines; folding the profiles at that period gives the
lines' offset. A plan without a printed grid (a town map, a plain sheet) gives None.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

MIN_CELL_PX = 8
"""Cells smaller than this are texture (hatching, paper grain), not a grid to calibrate on."""
MIN_CELLS = 3
"""The plan must hold at least this many cells along each axis."""
MIN_STRENGTH = 0.3
"""Normalised autocorrelation at the period below which nothing is called a grid."""
SAMPLE_PX = 4096
"""Only a centred crop this large is read: a grid is the same all over, and this bounds the
cost on a 10,000 px plan."""
HARMONIC_SHARE = 0.5
"""A shorter lag whose peak reaches this share of the best one is the grid: the best may be
a multiple of the cell (a plan's blocks repeating under its printed grid)."""


@dataclass(frozen=True)
class FoundGrid:
    """A printed grid: ``cell_px`` the side of a cell in image pixels; ``offset_px`` (x, y)
    where the first vertical and horizontal lines lie, each from 0 up to ``cell_px``, in
    image pixels measured from the image's top-left corner; ``strength`` from 0 to 1, how
    clearly the lines repeat (the smaller of the two axes)."""

    cell_px: float
    offset_px: tuple[float, float]
    strength: float


def find_grid(image: np.ndarray, *, min_cell_px: float = MIN_CELL_PX,
              max_cell_px: float | None = None) -> FoundGrid | None:
    """The square grid printed on ``image`` ((height, width[, channels]) uint8), or None when
    nothing repeats clearly enough along both axes (``MIN_STRENGTH``). ``max_cell_px``
    defaults to a third of the shorter side (three cells at least)."""
    grey, (left, top_row) = _grey_sample(image)
    height, width = grey.shape
    longest = min(height, width) / MIN_CELLS
    top = longest if max_cell_px is None else min(max_cell_px, longest)
    low = max(2, int(np.ceil(min_cell_px)))
    high = int(np.floor(top))
    if high <= low + 1:
        return None
    vertical = _profile(np.abs(np.diff(grey, axis=1)).sum(axis=0))
    horizontal = _profile(np.abs(np.diff(grey, axis=0)).sum(axis=1))
    across, down = _autocorrelation(vertical), _autocorrelation(horizontal)
    shorter = min(len(across), len(down))
    both = np.minimum(across[:shorter], down[:shorter])
    lag = _period(both, low, high)
    if lag is None:
        return None
    cell = _refined(across, lag) / 2 + _refined(down, lag) / 2
    # a grid repeats: its second line must echo as clearly as its first
    strength = min(float(both[lag]), _peak_near(both, 2 * cell))
    if strength < MIN_STRENGTH:
        return None
    return FoundGrid(cell_px=float(cell),
                     offset_px=(_offset(vertical, cell, first_edge=left + 1),
                                _offset(horizontal, cell, first_edge=top_row + 1)),
                     strength=strength)


def _grey_sample(image: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """The grey levels of the centred crop, and the crop's top-left pixel in the image."""
    if image.dtype != np.uint8 or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("the plan must be an 8-bit image with pixels")
    height, width = image.shape[:2]
    top = max(0, (height - SAMPLE_PX) // 2)
    left = max(0, (width - SAMPLE_PX) // 2)
    crop = image[top:top + SAMPLE_PX, left:left + SAMPLE_PX]
    if crop.ndim == 3 and crop.shape[2] >= 3:
        crop = cv2.cvtColor(np.ascontiguousarray(crop[:, :, :3]), cv2.COLOR_BGR2GRAY)
    elif crop.ndim == 3:
        crop = crop[:, :, 0]
    return crop.astype(np.float32), (left, top)


def _profile(sums: np.ndarray) -> np.ndarray:
    """Edge sums, softened over a couple of pixels (a cell of 37.5 px puts its thin lines 37
    and 38 px apart), less their running mean over a wide window (uneven lighting, a dark
    half of the plan), so only what repeats is left."""
    sums = cv2.GaussianBlur(sums.astype(np.float64).reshape(1, -1), (9, 1), 1.5,
                            borderType=cv2.BORDER_REFLECT).ravel()
    window = max(3, min(len(sums) // 4, 257)) | 1
    trend = cv2.blur(sums.reshape(1, -1), (window, 1), borderType=cv2.BORDER_REFLECT).ravel()
    return sums - trend


def _autocorrelation(profile: np.ndarray) -> np.ndarray:
    """Normalised (1 at lag 0) and unbiased (each lag divided by its overlap)."""
    n = len(profile)
    size = 1 << int(np.ceil(np.log2(2 * n)))
    spectrum = np.fft.rfft(profile, size)
    raw = np.fft.irfft(spectrum * np.conj(spectrum), size)[:n]
    if raw[0] <= 1e-9:
        return np.zeros(n)
    unbiased = raw / np.arange(n, 0, -1)
    return unbiased / unbiased[0]


def _period(correlation: np.ndarray, low: int, high: int) -> int | None:
    """The smallest lag in [low, high] that is a local peak and nearly as high as the best."""
    segment = correlation[low - 1:high + 2]
    peaks = [low + i for i in range(len(segment) - 2)
             if segment[i + 1] >= segment[i] and segment[i + 1] > segment[i + 2]]
    if not peaks:
        return None
    best = max(correlation[p] for p in peaks)
    if best <= 0:
        return None
    return next(p for p in peaks if correlation[p] >= HARMONIC_SHARE * best)


def _peak_near(correlation: np.ndarray, lag: float) -> float:
    i = int(round(lag))
    window = correlation[max(0, i - 2):i + 3]
    return float(window.max()) if len(window) else 0.0


def _refined(correlation: np.ndarray, lag: int) -> float:
    """The period to a fraction of a pixel: the peak at the highest multiple of ``lag`` that
    the profile holds (a parabola through its top), divided by that multiple."""
    best = float(lag)
    multiple = 1
    while (multiple + 1) * lag + 2 < len(correlation) * 2 // 3:
        multiple += 1
        guess = int(round(best * multiple))
        window = correlation[guess - 2:guess + 3]
        top = guess - 2 + int(np.argmax(window))
        if correlation[top] < MIN_STRENGTH / 2:
            break
        best = _parabola_top(correlation, top) / multiple
    return best


def _parabola_top(values: np.ndarray, i: int) -> float:
    if i <= 0 or i >= len(values) - 1:
        return float(i)
    a, b, c = values[i - 1], values[i], values[i + 1]
    bend = a - 2 * b + c
    return float(i) if bend >= 0 else i + 0.5 * (a - c) / bend


def _offset(profile: np.ndarray, cell: float, first_edge: int) -> float:
    """Where the lines fall, from 0 up to ``cell``: the profile folded at the period.
    ``profile[i]`` is the edge between the sample's pixels i and i + 1, at image position
    ``i + first_edge``. A line gives an edge on each side: the fold is smoothed over a few
    pixels to find the line, then its middle is the weighted mean of the edges near it."""
    bins = max(4, int(round(cell)))
    weights = np.clip(profile, 0, None)
    positions = (np.arange(len(profile)) + first_edge) % cell
    folded = np.bincount(np.round(positions / cell * bins).astype(int) % bins,
                         weights=weights, minlength=bins)
    smooth = np.convolve(np.concatenate([folded[-2:], folded, folded[:2]]), np.ones(5) / 5,
                         mode="valid")
    peak = float(np.argmax(smooth) * cell / bins)
    away = (positions - peak + cell / 2) % cell - cell / 2
    near = np.abs(away) <= max(3.0, cell / 8)
    if weights[near].sum() <= 0:
        return peak
    return float((peak + np.average(away[near], weights=weights[near])) % cell)
