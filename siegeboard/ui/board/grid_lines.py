"""Grid lines drawn fast: the same pixels as ``QPainter.drawLines``, a fraction of the time.

Qt's raster engine blends a translucent pen one span at a time. A vertical line is one span
per pixel row, and an antialiased horizontal line touches two rows over the whole width: a
screenful of translucent grid lines costs most of a frame. But every row of a set
of vertical lines that span an area is the same row, and every column of horizontal ones
the same column. So one row (column) is drawn into a small strip with the painter's own pen
and transform, and stretched over the area (one long span per row: cheap). The few device
rows (columns) at the lines' ends, where their caps are, are drawn from a small image of the
real lines, so the ends are as before too. Only where two lines share a pixel (lines about
a pixel apart) can a channel differ, by one level in 255, from blending twice in a row.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QImage, QPainter, QTransform

END_PX = 2          # device pixels at each end of a line drawn from the real lines
STRIP_MARGIN_PX = 4  # the strip's rows (columns) on each side of the one that is stretched
# Lines shorter than this in all (device pixels) are drawn plainly: below it, drawing the
# strips costs more than the plain lines.
PLAIN_LENGTH_PX = 200
RUN_REACH_PX = 3     # a line (pen up to 2 px, antialiased) touches pixels this close to it
# Transforms without rotation, shear or projection.
UPRIGHT_TYPES = frozenset((QTransform.TransformationType.TxNone,
                           QTransform.TransformationType.TxTranslate,
                           QTransform.TransformationType.TxScale))
CALL_COST_PX = 10_000  # one drawImage call costs about as much as blending this many pixels


def draw_grid_lines(painter: QPainter, area: QRectF, xs: list[float], ys: list[float]) -> None:
    """Draw, with the painter's pen, vertical lines at ``xs`` from ``area``'s top to its
    bottom, then horizontal lines at ``ys`` from its left to its right (scene units), as
    ``painter.drawLines`` would draw them."""
    vertical = [QLineF(x, area.top(), x, area.bottom()) for x in xs]
    horizontal = [QLineF(area.left(), y, area.right(), y) for y in ys]
    transform = painter.worldTransform()
    upright = (transform.type() in UPRIGHT_TYPES
               and transform.m11() > 0 and transform.m22() > 0)
    if not upright:  # rotated or flipped: no strips
        painter.drawLines(vertical + horizontal)
        return
    device = transform.mapRect(area)
    clip = None
    if painter.hasClipping():
        # The clip, widened by a line's reach: a line just outside it still shades the
        # pixels along its edge (antialiasing, caps).
        clip = transform.mapRect(painter.clipBoundingRect())
        reach = STRIP_MARGIN_PX
        device = device.intersected(clip.adjusted(-reach, -reach, reach, reach))
    if device.isEmpty():
        return
    _draw_parallel(painter, transform, vertical, device, clip, along_y=True)
    _draw_parallel(painter, transform, horizontal, device, clip, along_y=False)


def _draw_parallel(painter: QPainter, transform: QTransform, lines: list[QLineF],
                   device: QRectF, clip: QRectF | None, *, along_y: bool) -> None:
    """``lines``: all vertical (``along_y``) or all horizontal, spanning ``device`` (the
    visible part of the area, device pixels) along their length; ``clip``: the painter's
    clip in device pixels, if it has one."""
    if along_y:
        start, end = math.floor(device.top()) + END_PX, math.ceil(device.bottom()) - END_PX
        across = math.floor(device.left()) - STRIP_MARGIN_PX
        breadth = math.ceil(device.right()) + STRIP_MARGIN_PX - across
    else:
        start, end = math.floor(device.left()) + END_PX, math.ceil(device.right()) - END_PX
        across = math.floor(device.top()) - STRIP_MARGIN_PX
        breadth = math.ceil(device.bottom()) + STRIP_MARGIN_PX - across
    if len(lines) * (end - start) < PLAIN_LENGTH_PX or end - start < 4 * END_PX:
        painter.drawLines(lines)
        return
    # The strip's middle row (column) lies on device row (column) ``start``; the lines are
    # drawn far enough past the strip's ends that no cap shows in it.
    depth = 2 * STRIP_MARGIN_PX + 1
    first = start - STRIP_MARGIN_PX
    inverse = transform.inverted()[0]  # its map(x, y) returns a pair (the stubs: object)
    if along_y:
        strip = QImage(breadth, depth, QImage.Format.Format_ARGB32_Premultiplied)
        shift = QTransform.fromTranslate(-across, -first)
        low = inverse.map(0.0, float(first - STRIP_MARGIN_PX))[1]  # type: ignore[index]
        high = inverse.map(0.0, float(first + depth + STRIP_MARGIN_PX))[1]  # type: ignore[index]
        extended = [QLineF(line.x1(), low, line.x2(), high) for line in lines]
        target = QRectF(across, start, breadth, end - start)
        source = QRectF(0, STRIP_MARGIN_PX, breadth, 1)
        bands = (QRectF(across, start - 4 * END_PX, breadth, 4 * END_PX),
                 QRectF(across, end, breadth, 4 * END_PX))
    else:
        strip = QImage(depth, breadth, QImage.Format.Format_ARGB32_Premultiplied)
        shift = QTransform.fromTranslate(-first, -across)
        low = inverse.map(float(first - STRIP_MARGIN_PX), 0.0)[0]  # type: ignore[index]
        high = inverse.map(float(first + depth + STRIP_MARGIN_PX), 0.0)[0]  # type: ignore[index]
        extended = [QLineF(low, line.y1(), high, line.y2()) for line in lines]
        target = QRectF(start, across, end - start, breadth)
        source = QRectF(STRIP_MARGIN_PX, 0, 1, breadth)
        bands = (QRectF(start - 4 * END_PX, across, 4 * END_PX, breadth),
                 QRectF(end, across, 4 * END_PX, breadth))
    strip.fill(0)
    strip_painter = QPainter(strip)
    strip_painter.setRenderHint(QPainter.RenderHint.Antialiasing,
                                painter.testRenderHint(QPainter.RenderHint.Antialiasing))
    strip_painter.setPen(painter.pen())
    strip_painter.setTransform(transform * shift)
    strip_painter.drawLines(extended)
    strip_painter.end()
    painter.save()
    painter.resetTransform()
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    # Sparse lines: stretch only the runs of the strip they touch (the rest is transparent,
    # and blending nothing over a whole screen costs a millisecond or two). Dense lines: the
    # whole strip at once (a draw call costs about as much as blending ~10,000 pixels).
    # QTransform.map(x, y) returns the pair (x, y); PySide6's stubs say ``object``
    positions = [transform.map(line.x1(), 0.0)[0]  # type: ignore[index]
                 if along_y else transform.map(0.0, line.y1())[1]  # type: ignore[index]
                 for line in lines]
    runs = _runs(positions, across, breadth)
    untouched = breadth - sum(high - low for low, high in runs)
    if len(runs) * CALL_COST_PX >= untouched * (end - start):
        runs = [(0, breadth)]
    for low, high in runs:
        if along_y:
            painter.drawImage(QRectF(across + low, target.top(), high - low, target.height()),
                              strip, QRectF(low, source.top(), high - low, 1))
        else:
            painter.drawImage(QRectF(target.left(), across + low, target.width(), high - low),
                              strip, QRectF(source.left(), low, 1, high - low))
    painter.restore()
    for band in bands:  # the ends: the real lines, caps and all
        # A band wholly outside the clip would be clipped away: where the lines run on past
        # the clip (a pan's strip of a grid drawn over its whole extent) there is no end.
        if clip is None or band.intersects(clip):
            _draw_part(painter, transform, lines, band)


def _runs(positions: list[float], across: int, breadth: int) -> list[tuple[int, int]]:
    """The strip's pixel runs [low, high) within ``RUN_REACH_PX`` of the lines at device
    ``positions`` (merged where they meet), clamped to the strip."""
    runs: list[list[int]] = []
    for position in sorted(positions):
        low = max(0, math.floor(position) - RUN_REACH_PX - across)
        high = min(breadth, math.floor(position) + RUN_REACH_PX + 1 - across)
        if high <= low:
            continue
        if runs and low <= runs[-1][1]:
            runs[-1][1] = max(runs[-1][1], high)
        else:
            runs.append([low, high])
    return [(low, high) for low, high in runs]


def _draw_part(painter: QPainter, transform: QTransform, lines: list[QLineF],
               part: QRectF) -> None:
    """Draw the ``part`` (whole device pixels) of ``lines``: drawn whole into an image a
    margin larger than ``part`` (a clip or an image edge changes the antialiasing near it),
    then copied. A clip rect on the painter would shade the pixels next to it differently."""
    margin = STRIP_MARGIN_PX
    image = QImage(int(part.width()) + 2 * margin, int(part.height()) + 2 * margin,
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    image_painter = QPainter(image)
    image_painter.setRenderHint(QPainter.RenderHint.Antialiasing,
                                painter.testRenderHint(QPainter.RenderHint.Antialiasing))
    image_painter.setPen(painter.pen())
    image_painter.setTransform(
        transform * QTransform.fromTranslate(margin - part.left(), margin - part.top()))
    image_painter.drawLines(lines)
    image_painter.end()
    painter.save()
    painter.resetTransform()
    painter.drawImage(part.topLeft(), image, QRectF(margin, margin, part.width(), part.height()))
    painter.restore()
