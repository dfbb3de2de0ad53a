"""Render the icons' PNG sizes from their SVGs with Qt's own SVG renderer.

    python tools/render_icons.py

Writes ``resources/icons/<name>-<size>.png`` for each ``<name>.svg`` there and
each size of ``SIZES`` (the hicolor theme's usual sizes). Run again after editing an SVG.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 32, 48, 64, 128, 256)


def render(svg: Path, size: int) -> QImage:
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    for svg in sorted(ICONS.glob("*.svg")):
        for size in SIZES:
            target = ICONS / f"{svg.stem}-{size}.png"
            if not render(svg, size).save(str(target)):
                raise SystemExit(f"render_icons: could not write {target}")
            print(target.relative_to(ICONS.parents[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
