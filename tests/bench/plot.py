"""Time against N, log-log, drawn with Qt's QPainter into a PNG (no plotting library).

On log-log axes a cost that grows like N^k is a straight line of slope k: a flat line is a
cost that does not grow with the town (the indexed shot), a slope of 1 a linear one.
"""

from __future__ import annotations

import math
import os
from itertools import pairwise
from pathlib import Path
from typing import Any

SERIES = [  # (label, key, colour, dashed)
    ("build siege", "build_town", "#1f77b4", False),
    ("build index", "build_index", "#aec7e8", False),
    ("shot: engine", "shot_engine", "#d62728", False),
    ("shot: naive", "shot_naive", "#d62728", True),
    ("minute: engine", "minute_engine", "#ff7f0e", False),
    ("minute: naive", "minute_naive", "#ff7f0e", True),
    ("save .siege", "save", "#2ca02c", False),
    ("open .siege", "open", "#98df8a", False),
    ("Qt scene build", "scene_build", "#9467bd", False),
    ("Qt click to fire", "gui_shot", "#8c564b", False),
    ("PDF snapshot", "snapshot_pdf", "#7f7f7f", False),
]
WIDTH, HEIGHT = 1200, 760
LEFT, RIGHT, TOP, BOTTOM = 90, 250, 60, 70


def plot_times(towns: dict[int, dict[str, Any]], path: Path) -> None:
    """Draw every series of ``towns`` (N -> figures) and save the PNG at ``path``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen

    _app = QGuiApplication.instance() or QGuiApplication(["siegeboard-bench-plot"])
    sizes = sorted(towns)
    if len(sizes) < 2:
        raise ValueError("a plot needs at least two sizes of town")
    values = [towns[n][key]["median_s"] for n in sizes for _, key, _, _ in SERIES
              if isinstance(towns[n].get(key), dict)]
    low = 10 ** math.floor(math.log10(min(values)))
    high = 10 ** math.ceil(math.log10(max(values)))
    n_low, n_high = math.log10(sizes[0]), math.log10(sizes[-1])
    plot = QRectF(LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM)

    def at(n: float, seconds: float) -> QPointF:
        x = plot.left() + (math.log10(n) - n_low) / (n_high - n_low) * plot.width()
        fraction = (math.log10(seconds) - math.log10(low)) / (math.log10(high) - math.log10(low))
        return QPointF(x, plot.bottom() - fraction * plot.height())

    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    font = QFont()
    font.setPixelSize(14)
    painter.setFont(font)

    grid = QPen(QColor("#dddddd"), 1)
    text = QPen(QColor("#222222"), 1)
    exponent = round(math.log10(low))
    while 10 ** exponent <= high * 1.0001:
        y = at(sizes[0], 10 ** exponent).y()
        painter.setPen(grid)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(text)
        painter.drawText(QRectF(0, y - 10, LEFT - 8, 20),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         _seconds_label(10 ** exponent))
        exponent += 1
    for n in sizes:
        x = at(n, low).x()
        painter.setPen(grid)
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        painter.setPen(text)
        painter.drawText(QRectF(x - 50, plot.bottom() + 6, 100, 20),
                         Qt.AlignmentFlag.AlignHCenter, f"{n:,}")
    painter.setPen(QPen(QColor("#444444"), 1.5))
    painter.drawRect(plot)
    painter.setPen(text)
    painter.drawText(QRectF(plot.left(), plot.bottom() + 32, plot.width(), 24),
                     Qt.AlignmentFlag.AlignHCenter, "N, structures in the town (log scale)")
    painter.save()
    painter.translate(20, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-150, -12, 300, 24), Qt.AlignmentFlag.AlignHCenter,
                     "median time (log scale)")
    painter.restore()
    title = QFont(font)
    title.setPixelSize(18)
    title.setBold(True)
    painter.setFont(title)
    painter.drawText(QRectF(plot.left(), 14, plot.width(), 30), Qt.AlignmentFlag.AlignHCenter,
                     "siegeboard: cost against town size")
    painter.setFont(font)

    legend_y = plot.top() + 4
    for label, key, colour, dashed in SERIES:
        points = [at(n, towns[n][key]["median_s"]) for n in sizes
                  if isinstance(towns[n].get(key), dict)]
        if not points:
            continue
        pen = QPen(QColor(colour), 2.5)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        for first, second in pairwise(points):
            painter.drawLine(first, second)
        painter.setBrush(QColor(colour))
        for point in points:
            painter.drawEllipse(point, 3.5, 3.5)
        painter.drawLine(QPointF(plot.right() + 16, legend_y + 9),
                         QPointF(plot.right() + 50, legend_y + 9))
        painter.setPen(text)
        painter.drawText(QRectF(plot.right() + 58, legend_y, RIGHT - 60, 20),
                         Qt.AlignmentFlag.AlignVCenter, label)
        legend_y += 24
    painter.end()
    if not image.save(str(path)):
        raise OSError(f"could not write the plot to {path}")


def _seconds_label(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:g} us"
    if seconds < 1:
        return f"{seconds * 1e3:g} ms"
    return f"{seconds:g} s"
