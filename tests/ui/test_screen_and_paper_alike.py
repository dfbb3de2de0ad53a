"""The window and the snapshot draw the map alike: one structure and one battery drawn by the
map items and by the snapshot's painter at the same scale (20 px a metre; the page at 96 dpi,
where a renderer unit is a pixel on both) show the same outline, fill, pattern, alarm plate,
name and battery in the same places."""

from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from siegeboard.model.siege import Siege
from siegeboard.model.weapon import Battery, Weapon
from siegeboard.report import renderer
from siegeboard.report.map_painter import MapPainter
from siegeboard.report.options import SnapshotOptions
from siegeboard.rules.build import new_structure
from siegeboard.ui.board.structure_item import StructureItem
from siegeboard.ui.items.battery_item import BatteryItem

PX_PER_M = 20.0
REGION = (0.0, 0.0, 40.0, 20.0)
SIZE = (800, 400)


def rect(x, y, w, h):
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


@pytest.fixture(scope="module")
def siege() -> Siege:
    bakery = new_structure("harris", "townhouse", "a", rect(3, 3, 12, 8), name="Bakery")
    bakery = bakery.model_copy(update={"dp": bakery.dp_original // 2})
    barn = new_structure("harris", "timber_house", "b", rect(27, 11, 10, 7), name="Barn")
    barn = barn.model_copy(update={"dp": 0, "collapsed": True})
    gun = Battery(id="g", name="Great", weapon_id="w", position=(22.0, 5.0), side="besieger")
    return Siege(ruleset="harris", name="Alike", structures={"a": bakery, "b": barn},
                 batteries={"g": gun},
                 weapons={"w": Weapon(id="w", name="Cannon")})


def kept(image: QImage, name: str) -> QImage:
    """``image``, also saved in $SIEGEBOARD_RENDER_TO when set (for a person to look at)."""
    folder = os.environ.get("SIEGEBOARD_RENDER_TO")
    if folder:
        image.save(str(Path(folder) / name))
    return image


def blank() -> tuple[QImage, QPainter]:
    image = QImage(*SIZE, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return image, painter


@pytest.fixture(scope="module")
def screen(qapp, siege) -> QImage:
    scene = QGraphicsScene()
    items = [StructureItem(structure, siege.ruleset) for structure in siege.structures.values()]
    items.append(BatteryItem(siege.batteries["g"], "Cannon"))
    for item in items:
        scene.addItem(item)
    image, painter = blank()
    minx, miny, maxx, maxy = REGION
    scene.render(painter, QRectF(0, 0, *SIZE), QRectF(minx, miny, maxx - minx, maxy - miny))
    painter.end()
    return kept(image, "alike_screen.png")


@pytest.fixture(scope="module")
def paper(qapp, siege) -> QImage:
    image, painter = blank()
    points_per_pixel = renderer.PAPER_UNIT  # a 96-dpi page: 0.75 pt a pixel
    painter.scale(1 / points_per_pixel, 1 / points_per_pixel)
    frame = QRectF(0, 0, SIZE[0] * points_per_pixel, SIZE[1] * points_per_pixel)
    MapPainter(siege, None, SnapshotOptions()).paint(painter, frame, REGION)
    painter.end()
    return kept(image, "alike_paper.png")


def at(image: QImage, x_m: float, y_m: float, dx: float = 0, dy: float = 0) -> QColor:
    """The pixel at map point (x_m, y_m), moved by (dx, dy) pixels."""
    return QColor(image.pixel(round(x_m * PX_PER_M + dx), round(y_m * PX_PER_M + dy)))


def patch(image: QImage, x_m: float, y_m: float, half: int = 6) -> QColor:
    """The mean colour of a patch two pattern steps wide about a map point."""
    cx, cy = round(x_m * PX_PER_M), round(y_m * PX_PER_M)
    pixels = [QColor(image.pixel(cx + dx, cy + dy)) for dx in range(-half, half)
              for dy in range(-half, half)]
    return QColor(*(round(sum(getattr(p, part)() for p in pixels) / len(pixels))
                    for part in ("red", "green", "blue")))


def close(first: QColor, second: QColor, tolerance: int) -> bool:
    return all(abs(getattr(first, part)() - getattr(second, part)()) <= tolerance
               for part in ("red", "green", "blue"))


def test_the_outline_is_the_same_colour(screen, paper):
    for x, y in ((9, 3), (3, 7), (32, 18)):  # edges of the bakery and the barn
        assert close(at(screen, x, y), at(paper, x, y), 45), (x, y)
    assert at(screen, 9, 3).lightness() < 200


def test_the_fill_has_the_same_hue_and_pattern(screen, paper):
    on_screen, on_paper = patch(screen, 5, 9), patch(paper, 5, 9)  # clear of words and grid
    assert on_screen.lightness() < 245 and on_paper.lightness() < 245
    assert abs(on_screen.hsvHue() - on_paper.hsvHue()) < 25
    # The damaged bakery is dotted on both: dark specks within one pattern step.
    for image in (screen, paper):
        specks = [at(image, 5, 9, dx, dy).lightness() for dx in range(-6, 6)
                  for dy in range(-6, 6)]
        assert min(specks) < on_screen.lightness() - 40


def test_the_collapsed_barn_is_hatched_and_plated_alike(screen, paper):
    def hatch_lines(image: QImage) -> int:
        row = [at(image, 28.2, 16.5, dx).lightness() < 120 for dx in range(0, 60)]
        return sum(1 for a, b in pairwise(row) if b and not a)

    assert hatch_lines(screen) >= 5 and abs(hatch_lines(screen) - hatch_lines(paper)) <= 2
    plate = renderer.plate_rect("Collapsed", renderer.SCREEN)
    for image in (screen, paper):
        colour = at(image, 32, 14.5, plate.left() + 2, 0)
        assert colour.red() > 180 and colour.blue() < 70, colour.name()


def test_the_name_sits_on_a_pale_plate_at_the_centre(screen, paper):
    width = renderer.metrics(renderer.NAME_FONT).horizontalAdvance("Bakery") + 6
    for image in (screen, paper):
        assert at(image, 9, 7, -width / 2 + 1.5, 0).lightness() > 215
        assert at(image, 9, 7, -width / 2 - 6, 0).lightness() < 215  # the fill beside it


def test_the_battery_is_the_same_triangle(screen, paper):
    r = renderer.BATTERY_RADIUS
    for image in (screen, paper):
        assert at(image, 22, 5, 0, -0.6 * r).lightness() < 60       # inside, near the apex
        assert at(image, 22, 5, -0.65 * r, -0.6 * r).lightness() > 200  # beside the apex
        label = renderer.battery_label_beside(QPointF(0, 0), "Great", renderer.SCREEN)
        assert at(image, 22, 5, label.left() + 2, 0).lightness() > 215  # its label's plate

