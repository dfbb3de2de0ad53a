"""Benchmark of tracing a building off a plan (issue 19): fast enough to follow the pointer.

    python tests/bench/trace_plan.py [--sizes 2000,10000] [--clicks 15] [--json OUT.json]

Draws a seeded synthetic plan of each size (a town of inked, filled buildings of a few
colours, some lettered, on paper; the same plan on every run), then times ``plan.trace`` from
a point inside each of ``--clicks`` buildings spread over it: the median of every click's
time (each click is timed 5 times), with CPU time beside it. The naive reference traces the
same buildings with one flood fill over the whole image (OpenCV's ``floodFill``, fixed colour
range) and a contour of the whole mask; its outlines must cover ours (IoU >= 0.9). Also times
a point on the open streets (refused once the region runs past the largest window) and
``find_grid`` on a copy of the plan ruled every 50 px (it must find 50 +- 1 px, not the
blocks' 250). Exit status 1 when a target is missed: a median
under 50 ms on 2,000 x 2,000 px and under 200 ms on 10,000 x 10,000 px.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from siegeboard.plan import DEFAULT_TOLERANCE, NothingToTrace, find_grid, trace  # noqa: E402
from tests.bench.timing import measure, peak_rss_mib  # noqa: E402

TARGETS_MS = {2000: 50.0, 10000: 200.0}
PAPER = (225, 236, 236)
INK = (90, 110, 120)
FILLS = ((172, 223, 234), (150, 170, 235), (225, 200, 150), (170, 200, 170))
BLOCK_PX = 250


def town_plan(size: int, seed: int = 19) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """A ``size`` x ``size`` plan: blocks of BLOCK_PX with two to four buildings each
    (rectangles and L shapes, 20-110 px, inked 2 px, some lettered), streets between; and a
    point inside each building."""
    rng = np.random.default_rng(seed)
    image = np.full((size, size, 3), PAPER, np.uint8)
    inside: list[tuple[float, float]] = []
    for top in range(0, size - BLOCK_PX + 1, BLOCK_PX):
        for left in range(0, size - BLOCK_PX + 1, BLOCK_PX):
            cv2.rectangle(image, (left + 10, top + 10),
                          (left + BLOCK_PX - 10, top + BLOCK_PX - 10), INK, 1)
            for slot in range(int(rng.integers(2, 5))):
                x0 = left + 20 + (slot % 2) * 110
                y0 = top + 20 + (slot // 2) * 110
                w, h = (int(v) for v in rng.integers(30, 100, 2))
                corners = np.array([(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)])
                if rng.random() < 0.3:   # an L: a corner bitten out
                    bite_w, bite_h = w // 2, h // 2
                    corners = np.array([(x0, y0), (x0 + w, y0), (x0 + w, y0 + h - bite_h),
                                        (x0 + w - bite_w, y0 + h - bite_h),
                                        (x0 + w - bite_w, y0 + h), (x0, y0 + h)])
                colour = FILLS[int(rng.integers(len(FILLS)))]
                cv2.fillPoly(image, [corners], colour)
                cv2.polylines(image, [corners], True, INK, 2)
                if rng.random() < 0.5 and w > 40:
                    cv2.putText(image, "2 D", (x0 + 5, y0 + 18), cv2.FONT_HERSHEY_SIMPLEX,
                                0.45, INK, 1)
                # below the lettering, left of an L's bite
                inside.append((x0 + w / 4 + 0.5, y0 + h * 0.8 + 0.5))
    return image, inside


def naive_trace(image: np.ndarray, at: tuple[float, float], tolerance: int) -> list:
    """The reference: one flood fill over the whole plan from the click's own pixel, then the
    outline of the whole mask (no window, no gap closing)."""
    height, width = image.shape[:2]
    mask = np.zeros((height + 2, width + 2), np.uint8)
    spread = (tolerance,) * 3
    cv2.floodFill(image, mask, (int(at[0]), int(at[1])), 0, spread, spread,
                  4 | cv2.FLOODFILL_FIXED_RANGE | cv2.FLOODFILL_MASK_ONLY | (255 << 8))
    # OpenCV sets the mask's one-pixel frame itself: only the inside is the region
    region = np.where(mask == 255, np.uint8(255), np.uint8(0))
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contour = max(contours, key=cv2.contourArea)
    corners = cv2.approxPolyDP(contour, 1.5, True).reshape(-1, 2) - 1 + 0.5
    # out to the middle of the ink, as plan.trace draws it (its pixels' edge, and one more)
    from shapely.geometry import Polygon
    grown = Polygon(corners).buffer(1.5, join_style="mitre")
    return [tuple(map(float, p)) for p in grown.exterior.coords[:-1]]


def _iou(first, second) -> float:
    from shapely.geometry import Polygon
    a, b = Polygon(first).buffer(0), Polygon(second).buffer(0)
    return a.intersection(b).area / a.union(b).area


def bench_size(size: int, clicks: int, repeats: int = 5) -> dict:
    started = time.perf_counter()
    image, inside = town_plan(size)
    drawn_s = time.perf_counter() - started
    spread = np.linspace(0, len(inside) - 1, min(clicks, len(inside))).astype(int)
    points = [inside[i] for i in spread]
    ours, naive, agreement = [], [], []
    for point in points:
        timing, outline = measure(lambda point=point: trace(image, point), runs=repeats)
        reference_timing, reference = measure(
            lambda point=point: naive_trace(image, point, DEFAULT_TOLERANCE),
            runs=max(3, repeats // 2))
        ours.append(timing)
        naive.append(reference_timing)
        agreement.append(_iou(outline.pixels, reference))
    def open_ground():
        try:
            trace(image, (BLOCK_PX * 2 + 5.5, BLOCK_PX * 2 + 5.5))   # a street crossing
        except NothingToTrace:
            return True
        return False
    ground_timing, refused = measure(open_ground, runs=3)
    assert refused or size <= 4096, "the streets of a large plan must run on past the window"
    ruled = image.copy()
    ruled[:, ::BLOCK_PX // 5] = INK
    ruled[::BLOCK_PX // 5, :] = INK
    grid_timing, grid = measure(lambda: find_grid(ruled), runs=3)
    median_ms = statistics.median(t.median_s for t in ours) * 1000
    naive_ms = statistics.median(t.median_s for t in naive) * 1000
    return {
        "size_px": size, "buildings": len(inside), "clicks": len(points),
        "draw_s": round(drawn_s, 2),
        "trace_median_ms": round(median_ms, 2),
        "trace_cpu_median_ms": round(statistics.median(t.cpu_median_s for t in ours) * 1000, 2),
        "trace_worst_click_ms": round(max(t.median_s for t in ours) * 1000, 2),
        "naive_median_ms": round(naive_ms, 2),
        "naive_over_trace": round(naive_ms / median_ms, 1),
        "agreement_min_iou": round(min(agreement), 3),
        "open_ground_ms": round(ground_timing.median_s * 1000, 1),
        "grid_ms": round(grid_timing.median_s * 1000, 1),
        "grid_cell_px": None if grid is None else round(grid.cell_px, 2),
        "target_ms": TARGETS_MS.get(size),
        "peak_rss_mib": round(peak_rss_mib(), 1),
    }


def report(rows: list[dict]) -> str:
    lines = ["| plan | trace (median) | worst click | naive flood fill | naive / trace | "
             "outlines agree (min IoU) | open ground | find grid (cell) | target | met |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        target = row["target_ms"]
        met = "-" if target is None else ("yes" if row["trace_median_ms"] < target else "NO")
        lines.append(
            f"| {row['size_px']:,} x {row['size_px']:,} px | {row['trace_median_ms']:.1f} ms | "
            f"{row['trace_worst_click_ms']:.1f} ms | {row['naive_median_ms']:.1f} ms | "
            f"{row['naive_over_trace']:.0f}x | {row['agreement_min_iou']:.3f} | "
            f"{row['open_ground_ms']:.0f} ms | {row['grid_ms']:.0f} ms "
            f"({row['grid_cell_px']} px) | "
            f"{'-' if target is None else f'< {target:.0f} ms'} | {met} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,10000", help="plan sides in px (2000,10000)")
    parser.add_argument("--clicks", type=int, default=15, help="buildings clicked per plan")
    parser.add_argument("--json", type=Path, help="write the figures to this JSON file")
    args = parser.parse_args(argv)
    rows = [bench_size(int(size), args.clicks) for size in args.sizes.split(",")]
    print(report(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    missed = [row for row in rows if row["target_ms"] is not None
              and row["trace_median_ms"] >= row["target_ms"]]
    agree = all(row["agreement_min_iou"] >= 0.9 and row["grid_cell_px"] is not None
                and abs(row["grid_cell_px"] - BLOCK_PX / 5) <= 1 for row in rows)
    return 1 if missed or not agree else 0


if __name__ == "__main__":
    sys.exit(main())
