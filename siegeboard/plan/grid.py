"""Finding a plan's printed grid: the cell size in pixels and where its lines fall.

A printed grid repeats its lines every cell along both axes, so the plan's edges repeat too.
The edge strength summed down each column (vertical lines) and along each row (horizontal
lines) gives two profiles; their autocorrelation, taken through a Fourier transform, peaks at
the cell size and its multiples. A lag (tried every quarter pixel) scores by its comb: the
lower median of the autocorrelation at its multiples, on the weaker of the two axes (a grid
echoes at every multiple on both; walls and furniture do not). The grid is the best-scoring
lag, or the smallest whole fraction of it that scores nearly as well; folding the profiles
at that period gives the lines' offset. A plan without a printed grid (a town map, a plain
sheet) gives None. Found through a skew of 1 degree, not of 2 (deskew the scan first).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

MIN_CELL_PX = 8
"""Cells smaller than this are texture (hatching, paper grain), not a grid to calibrate on."""
ECHOES = 3
"""A lag's comb: the autocorrelation at this many of its multiples at least ..."""
MAX_ECHOES = 8
"""... and at most this many."""
MIN_CELLS = 4.5
"""The plan must hold at least this many cells along each axis (its comb's last echo within
two thirds of the profile, where the autocorrelation is still well measured)."""
MIN_STRENGTH = 0.22
"""The comb below which nothing is called a grid (noise and the 1893 town sheet stay under
0.18; the Dungeondraft map's grid scores 0.26-0.61 scaled to 32-96 px a cell)."""
SAMPLE_PX = 4096
"""Only a centred crop this large is read: a grid is the same all over, and this bounds the
cost on a 10,000 px plan."""
LAG_STEP = 0.25
"""Lags are tried this far apart (pixels)."""
ECHO_REACH_PX = 0.5
"""An echo is read this near (pixels) to its multiple of the lag."""
FRACTION_PX = 0.5
"""A fraction of the best lag must be a peak this near (pixels) to the best / n."""
HARMONIC_SHARE = 0.6
"""A whole fraction of the best lag scoring this share of it is the grid: the best may span
several cells (a plan's blocks repeating under its printed grid)."""


@dataclass(frozen=True)
class FoundGrid:
    """A printed grid: ``cell_px`` the side of a cell in image pixels; ``offset_px`` (x, y)
    where the first vertical and horizontal lines lie, each from 0 up to ``cell_px``, in
    image pixels measured from the image's top-left corner; ``strength`` from 0 to 1, how
    clearly the lines repeat (the comb of the weaker axis)."""

    cell_px: float
    offset_px: tuple[float, float]
    strength: float


def find_grid(image: np.ndarray, *, min_cell_px: float = MIN_CELL_PX,
              max_cell_px: float | None = None) -> FoundGrid | None:
    """The square grid printed on ``image`` ((height, width[, channels]) uint8), or None when
    nothing repeats clearly enough along both axes (``MIN_STRENGTH``). ``max_cell_px``
    defaults to the shorter side over ``MIN_CELLS``."""
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
    # lags in quarter pixels: a cell of 37.5 px echoes at 75, 112.5, 150...
    lags = np.arange(low - 1, high + 1 + LAG_STEP / 2, LAG_STEP)
    combs = np.minimum(_combs(across, lags), _combs(down, lags))
    found = _period(combs, lags)
    if found is None:
        return None
    at = int(np.argmin(np.abs(lags - found)))
    lag = int(round(found))
    cell = _refined(across, lag) / 2 + _refined(down, lag) / 2
    strength = float(combs[at])
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
    """Edge sums, softened over a pixel or so (a cell of 37.5 px puts its thin lines 37 and
    38 px apart), less their running mean over a wide window (uneven lighting, a dark
    half of the plan), so only what repeats is left."""
    sums = cv2.GaussianBlur(sums.astype(np.float64).reshape(1, -1), (5, 1), 0.8,
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


def _period(scores: np.ndarray, lags: np.ndarray) -> float | None:
    """The lag with the best score, or the smallest whole fraction of it (a half, a
    third...) that is a peak scoring ``HARMONIC_SHARE`` of the best: the best lag may span
    several cells (a plan's blocks repeating under its printed grid). ``lags`` are the
    lags scored; those in their first and last pixel only as neighbours."""
    low, high = lags[0] + 1, lags[-1] - 1      # the first and last pixel: neighbours only
    peaks = [i for i in range(1, len(scores) - 1) if low <= lags[i] <= high
             and scores[i] >= scores[i - 1] and scores[i] > scores[i + 1]]
    if not peaks:
        return None
    best = max(peaks, key=lambda i: scores[i])
    if scores[best] <= 0:
        return None
    for parts in range(int(lags[best] // low), 1, -1):     # the smallest fraction first
        good = [i for i in peaks if abs(lags[i] - lags[best] / parts) <= FRACTION_PX
                and scores[i] >= HARMONIC_SHARE * scores[best]]
        if good:
            return float(lags[max(good, key=lambda i: scores[i])])
    return float(lags[best])


def _combs(correlation: np.ndarray, lags: np.ndarray) -> np.ndarray:
    """Each lag's comb: the lower median of the autocorrelation's peaks within
    ``ECHO_REACH_PX`` of its multiples (at least ``ECHOES``, at most ``MAX_ECHOES``, within
    two thirds of the profile): most of them must echo, not just those a longer period
    shares; -1 where the profile is too short for ``ECHOES``."""
    reach = (2 * len(correlation)) // 3   # beyond, too little overlap to measure well
    counts = np.minimum(MAX_ECHOES, ((reach - 2) // lags).astype(int))
    multiples = np.arange(1, MAX_ECHOES + 1)
    where = lags[:, None] * multiples[None, :]
    positions = np.arange(len(correlation))
    # the peak within half a pixel of each echo, read between the whole lags
    near = np.max([np.interp(where + shift, positions, correlation) for shift in
                   (-ECHO_REACH_PX, 0.0, ECHO_REACH_PX)], axis=0)
    used = multiples[None, :] <= counts[:, None]
    echoes = np.where(used, near, np.inf)
    echoes.sort(axis=1)
    middle = np.clip((counts - 1) // 2, 0, MAX_ECHOES - 1)
    combs = echoes[np.arange(len(lags)), middle]
    return np.where(counts >= ECHOES, combs, -1.0)


def _peak_near(correlation: np.ndarray, lag: float, reach: int = 2) -> float:
    i = int(round(lag))
    window = correlation[max(0, i - reach):i + reach + 1]
    return float(window.max()) if len(window) else 0.0


def _refined(correlation: np.ndarray, lag: int) -> float:
    """The period to a fraction of a pixel: the peak at the highest multiple of ``lag`` that
    the profile holds (a parabola through its top), divided by that multiple."""
    best = float(lag)
    multiple = 1
    while (multiple + 1) * lag + 2 < len(correlation) * 2 // 3:
        multiple += 1
        guess = int(round(best * multiple))
        if guess + 3 > len(correlation):
            break
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
    if bend >= 0 or b < max(a, c):
        return float(i)  # not a peak: no parabola through it
    return i + float(np.clip(0.5 * (a - c) / bend, -0.5, 0.5))


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
