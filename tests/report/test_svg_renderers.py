"""An SVG snapshot draws like its PNG in any renderer (issue 39): Qt's SVG generator writes
no clip, so patterns, footprints across a sheet's edge and words there are cut by
``report.vector_clip`` before they are written. Checked with Qt's own renderer and with
librsvg's ``rsvg-convert``: no pixel that the PNG shows as light ground, well away from any
ink, is drawn dark in the SVG."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from siegeboard.persist.samples import read_sample
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import export_snapshot

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from test_history import played  # noqa: E402


@pytest.fixture(scope="module")
def damaged():
    siege_file = read_sample("harris")
    siege_file.siege = played(6)  # walls down, the Keep hit, the Stables razed: patterns
    return siege_file


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(bytes(image.constBits()), np.uint8).reshape(
        image.height(), image.bytesPerLine() // 4, 4)
    return rows[:, :image.width(), :3].astype(int).sum(axis=2)


def _spilled(png: QImage, drawn: QImage, reach: int = 2) -> int:
    """Pixels dark in ``drawn`` where ``png`` is light ground ``reach`` pixels all round."""
    light = _pixels(png) > 600
    clear = light.copy()
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            clear &= np.roll(np.roll(light, dy, 0), dx, 1)
    return int((clear & (_pixels(drawn) < 400)).sum())


def _qt_render(svg: Path, size) -> QImage:
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    return image


def _rsvg_render(svg: Path, size) -> QImage:
    out = svg.with_suffix(".rsvg.png")
    subprocess.run(["rsvg-convert", "-w", str(size.width()), "-h", str(size.height()),
                    "-b", "white", str(svg), "-o", str(out)], check=True)
    return QImage(str(out))


RENDERERS = [pytest.param(_qt_render, id="qt"),
             pytest.param(_rsvg_render, id="rsvg", marks=pytest.mark.skipif(
                 shutil.which("rsvg-convert") is None,
                 reason="librsvg's rsvg-convert is not installed (apt install librsvg2-bin)"))]


@pytest.mark.parametrize("render", RENDERERS)
@pytest.mark.parametrize("scale", [None, 500], ids=["fitted", "tiled"])
def test_the_svg_draws_what_the_png_draws(damaged, tmp_path, render, scale):
    options = SnapshotOptions(scale=scale, dpi=72, include_table=False, include_log=False)
    (png,) = export_snapshot(tmp_path / "s.png", damaged.siege, damaged.images, options)
    (svg,) = export_snapshot(tmp_path / "s.svg", damaged.siege, damaged.images, options)
    reference = QImage(str(png))
    assert _spilled(reference, render(svg, reference.size())) == 0


def test_the_check_sees_a_pattern_spill(damaged, tmp_path):
    """The measure finds a hatch drawn past its shape (what the SVG showed before)."""
    options = SnapshotOptions(dpi=72, include_table=False, include_log=False)
    (png,) = export_snapshot(tmp_path / "s.png", damaged.siege, damaged.images, options)
    reference = QImage(str(png))
    spilled = reference.copy()
    painter = QPainter(spilled)
    painter.fillRect(5, 5, 12, 12, QColor("black"))  # the page's white margin, inked
    painter.end()
    assert _spilled(reference, spilled) >= 100
