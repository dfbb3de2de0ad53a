"""Repaints cost what they show: the fast grid lines draw the same pixels as plain
``drawLines``, a repaint of a small region draws only the grid labels inside it, and an
item's alarm plate joins the scene only while there is an alarm (Qt visits every item that
ignores transformations on every repaint)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QTransform

from siegeboard.model import Siege
from siegeboard.persist import SiegeFile
from siegeboard.rules.build import new_structure
from siegeboard.ui.board import grid_item
from siegeboard.ui.board.grid_lines import draw_grid_lines
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.document.document import Document


def _paint(scale, shift, area, step, pen, clip, fast) -> QImage:
    image = QImage(480, 320, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#e9e4d8"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if clip is not None:
        painter.setClipRect(clip)
    transform = QTransform()
    transform.translate(*shift)
    transform.scale(scale, scale)
    painter.setTransform(transform)
    painter.setPen(pen)
    xs = [c * step for c in range(math.ceil(area.left() / step),
                                  math.floor(area.right() / step) + 1)]
    ys = [r * step for r in range(math.ceil(area.top() / step),
                                  math.floor(area.bottom() / step) + 1)]
    if fast:
        draw_grid_lines(painter, area, xs, ys)
    else:
        painter.drawLines([QLineF(x, area.top(), x, area.bottom()) for x in xs]
                          + [QLineF(area.left(), y, area.right(), y) for y in ys])
    painter.end()
    return image


def _largest_difference(first: QImage, second: QImage) -> int:
    a, b = first.constBits().tobytes(), second.constBits().tobytes()
    return max((abs(x - y) for x, y in zip(a, b, strict=False) if x != y), default=0)


@settings(max_examples=25, deadline=None)
@given(scale=st.sampled_from([3.0, 5.887, 12.3, 40.0]),
       shift=st.tuples(st.floats(-40, 40), st.floats(-40, 40)),
       corner=st.tuples(st.floats(-5, 30), st.floats(-5, 30)),
       size=st.tuples(st.floats(20, 500), st.floats(20, 400)),
       fine=st.booleans(), clipped=st.booleans())
def test_fast_grid_lines_draw_the_same_pixels(scale, shift, corner, size, fine, clipped):
    area = QRectF(corner[0], corner[1], size[0] / scale, size[1] / scale)
    if fine:  # the grid's two pens: fine 2 m lines and 10 m square lines
        step, pen = 2.0, QPen(QColor(40, 40, 40, 60), 0)
    else:
        step, pen = 10.0, QPen(QColor(20, 20, 20, 150), 1.4)
        pen.setCosmetic(True)
    if step * scale < grid_item.MIN_LINE_GAP_PX:
        return
    clip = QRectF(37, 23, 300, 200) if clipped else None
    plain = _paint(scale, shift, area, step, pen, clip, fast=False)
    fast = _paint(scale, shift, area, step, pen, clip, fast=True)
    # Identical but where a clip edge cuts a line (Qt shades the pixel beside it by one level).
    assert _largest_difference(plain, fast) <= 1


def test_draw_grid_lines_draws_every_line_it_is_given():
    image = QImage(200, 100, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setPen(QPen(QColor("black"), 0))
    draw_grid_lines(painter, QRectF(0, 0, 200, 100), [float(x) for x in range(5, 200, 10)], [])
    painter.end()
    dark = [x for x in range(200) if QColor(image.pixel(x, 50)).red() < 128]
    assert dark == list(range(5, 200, 10))


def test_lines_running_past_the_clip_draw_no_ends(monkeypatch):
    """A pan's strip of the grid: lines drawn over the whole extent, clipped to the strip.
    Their ends lie outside the clip, so none is drawn apart (a small image each); lines that
    end inside the clip get theirs, and both draw what ``drawLines`` draws."""
    from siegeboard.ui.board import grid_lines

    ends: list[QRectF] = []
    original = grid_lines._draw_part
    monkeypatch.setattr(grid_lines, "_draw_part",
                        lambda painter, transform, lines, part: (ends.append(part),
                                                                 original(painter, transform,
                                                                          lines, part)))
    pen = QPen(QColor(40, 40, 40, 60), 0)
    # The second area's lines begin inside the clip and run on past it: two ends drawn.
    for area, expected in ((QRectF(-100, -100, 400, 300), 0), (QRectF(30, 10, 40, 30), 2)):
        ends.clear()
        args = (5.887, (0.0, 0.0), area, 2.0, pen, QRectF(37, 23, 300, 200))
        fast = _paint(*args, fast=True)
        assert len(ends) == expected
        assert _largest_difference(_paint(*args, fast=False), fast) <= 1


def _town(columns: int, rows: int) -> Siege:
    structures = {}
    for number in range(columns * rows):
        column, row = divmod(number, rows)
        x, y = column * 12.0, row * 12.0
        key = f"h{number}"
        kind = "curtain_wall" if number == 4 else "townhouse"
        structures[key] = new_structure("harris", kind, key,
                                        [(x, y), (x + 8, y), (x + 8, y + 4), (x, y + 4)])
    return Siege(ruleset="harris", name="Town", structures=structures)


def test_a_small_region_draws_only_its_own_grid_labels(monkeypatch):
    scene = MapScene(Document(SiegeFile(siege=_town(40, 40))))
    drawn: list[int] = []
    original = grid_item.square_label
    monkeypatch.setattr(grid_item, "square_label",
                        lambda cell: drawn.append(1) or original(cell))
    image = QImage(400, 400, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 400, 400), QRectF(100, 100, 50, 50))
    painter.end()
    # 50 m at 8 px a metre: 5 x 5 squares (6 x 6 with the ones whose corner is just outside),
    # not the 48 x 48 of the whole grid.
    assert 0 < len(drawn) <= 36


def test_the_alarm_plate_is_in_the_scene_only_while_alarmed():
    document = Document(SiegeFile(siege=_town(3, 3)))
    scene = MapScene(document)
    item = scene.structure_items["h4"]
    # 9 structures, none alarmed: no plate in the scene.
    assert all(other.marker.scene() is None for other in scene.structure_items.values())
    wall = document.siege.structures["h4"]
    document.writer.apply_structures({"h4": wall.model_copy(update={"collapsed": True})})
    assert item._alarm == "breached"
    assert item.marker.scene() is scene and item.marker.isVisible()
    assert item.marker.parentItem() is item
    document.writer.apply_structures({"h4": wall})
    assert item.marker.scene() is None and not item.marker.isVisible()
