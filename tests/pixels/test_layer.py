"""The structures' layer (``ui.board.structure_layer``) and the device-pixel caches: a pan
draws what a fresh paint draws, an item moved or alarmed paints itself, tooltips are made
when asked."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QPointF, QRectF
from PySide6.QtGui import QHelpEvent, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QToolTip

from siegeboard.persist import SiegeFile
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.board.structure_layer import _Boxes, least_gap
from siegeboard.ui.document.document import Document
from tests.bench.town import build_town
from tests.pixels import scenes
from tests.pixels.scenes import tear_down


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(
        image.height(), image.bytesPerLine() // 4, 4)
    return rows[:, :image.width()].astype(np.int16)


# Every view a test shows, with its scene and document, held until the test is over and then
# torn down in order (scenes.tear_down says why not by the collector).
SHOWN: list = []


@pytest.fixture(autouse=True)
def close_views():
    yield
    QToolTip.hideText()
    for view, scene, document in SHOWN:
        tear_down(view, scene, document)
    QApplication.processEvents()
    SHOWN.clear()


def shown(qtbot, siege, scale=6.0, centre=(100.0, 100.0)):
    return shown_file(qtbot, SiegeFile(siege=siege), scale, centre)


def shown_file(qtbot, siege_file, scale, centre):
    document = Document(siege_file)
    scene = MapScene(document)
    view = MapView(scene)
    SHOWN.append((view, scene, document))
    view.resize(640, 400)
    view.show()
    qtbot.waitExposed(view)
    view.setTransform(QTransform.fromScale(scale, scale))
    view.centerOn(*centre)
    return document, view


def grab(view) -> np.ndarray:
    QApplication.processEvents()
    return pixels(view.viewport().grab().toImage())


def layer_pixels(layer, scale: float, dx: float, dy: float) -> np.ndarray:
    """What ``layer`` draws into a 600 x 400 image at ``scale`` px a metre, the point
    (60, 60) m at the middle shifted by (``dx``, ``dy``) px, clipped to the image."""

    transform = QTransform(scale, 0, 0, scale, 300 - 60 * scale + dx, 200 - 60 * scale + dy)
    image = QImage(600, 400, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setClipRect(image.rect())
    painter.setWorldTransform(transform)
    layer.draw_board(painter, transform, transform.inverted()[0].mapRect(QRectF(image.rect())))
    painter.end()
    return pixels(image)


def damaged_town():
    siege = build_town(400)
    for number, key in enumerate(sorted(siege.structures)):
        structure = siege.structures[key]
        if number % 5 == 0:
            siege.structures[key] = structure.model_copy(update={"dp": structure.dp // 2})
        elif number % 7 == 0:
            siege.structures[key] = structure.model_copy(update={"fire_level": 2})
    return siege


def test_a_pan_draws_what_a_fresh_paint_draws(qtbot):
    siege = damaged_town()
    _document, view = shown(qtbot, siege)
    for dx, dy in ((37, 23), (-150, 90), (5, -61)):
        bar, column = view.horizontalScrollBar(), view.verticalScrollBar()
        bar.setValue(bar.value() + dx)
        column.setValue(column.value() + dy)
        panned = grab(view)
        _fresh_document, fresh = shown(qtbot, siege)
        fresh.map_scene.board.enabled = False  # painted straight to the viewport, as before
        fresh.horizontalScrollBar().setValue(bar.value())
        fresh.verticalScrollBar().setValue(column.value())
        assert fresh.viewportTransform() == view.viewportTransform()
        assert np.abs(grab(fresh) - panned).max() <= 2  # composited once more, no other change


def test_a_change_after_a_pan_is_drawn(qtbot):
    siege = damaged_town()
    document, view = shown(qtbot, siege)
    grab(view)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
    before = grab(view)
    key = view.map_scene.structure_at((100.0, 100.0)) or "house0"
    structure = document.siege.structures[key]
    fallen = structure.model_copy(update={"dp": 0, "collapsed": True})
    document.writer.apply_structures({key: fallen})
    assert np.abs(grab(view) - before).max() > 50


def test_a_moved_or_alarmed_structure_paints_itself(qtbot):
    document, view = shown(qtbot, build_town(100))
    item = view.map_scene.structure_items["house3"]
    assert item.batched
    item.setPos(2.0, 0.0)  # the select tool's drag preview
    assert not item.batched and item.zValue() == 10
    item.setPos(0.0, 0.0)
    assert item.batched
    house = document.siege.structures["house3"]
    document.writer.apply_structures({"house3": house.model_copy(update={"collapsed": True})})
    assert not item.batched and item.zValue() == 11 and item.marker.scene() is view.scene()


def test_the_tooltip_is_the_structure_under_the_pointer(qtbot):
    document, view = shown(qtbot, build_town(100), scale=8.0, centre=(5.0, 2.5))
    item = view.map_scene.structure_items["house0"]
    point = view.mapFromScene(QPointF(5.0, 2.5))
    QApplication.sendEvent(view.viewport(), QHelpEvent(
        QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point)))
    assert QToolTip.text() == item.toolTip()
    assert item.toolTip().startswith(document.siege.structures["house0"].name)


def test_least_gap_between_boxes():
    assert least_gap([(0, 0, 1, 1), (3, 0, 4, 1)]) == 2
    assert least_gap([(0, 0, 1, 1), (0.5, 0.5, 2, 2)]) == 0
    assert least_gap([(0, 0, 1, 1), (0, 2.5, 1, 3), (10, 0, 11, 1)]) == 1.5
    assert least_gap([(0, 0, 1, 1)]) == 4.0  # alone: as far as it looks


def test_tall_footprints_are_filled_aliased_under_their_outline(qtbot, monkeypatch):
    """At 12 px a metre the houses are 48 px tall: their fills are drawn aliased (Qt's raster
    engine is several times slower at antialiasing them) and the outline covers every pixel
    where the two fills differ, so the board moves by 3 levels in a channel at most."""
    from siegeboard.ui.board import structure_layer

    siege = damaged_town()
    _document, view = shown(qtbot, siege, scale=12.0)
    aliased = grab(view)
    assert any(chunk.tall_picture is not None for chunk in view.map_scene.layer._chunks)
    monkeypatch.setattr(structure_layer, "TALL_PX", float("inf"))
    _fresh_document, fresh = shown(qtbot, siege, scale=12.0)
    antialiased = grab(fresh)
    assert all(chunk.tall_picture is None for chunk in fresh.map_scene.layer._chunks)
    difference = np.abs(aliased - antialiased).max(axis=2)
    assert difference.max() <= 3


def test_houses_of_one_name_share_their_words_layout(qapp):
    """A layout is made once for every structure with the same name and words: the same as
    the renderer's, and another where the words differ."""
    from siegeboard.report import renderer
    from siegeboard.ui.board.structure_item import StructureItem, shared_layout

    siege = build_town(40)
    items = [StructureItem(structure, siege.ruleset) for structure in siege.structures.values()]
    first, twin = [item for item in items if item._name == items[-1]._name
                   and item.style.people == items[-1].style.people][:2]
    labels = shared_layout(first._name, first.style, 120, 60, renderer.SCREEN)[0]
    assert labels == renderer.lay_out_labels(first._name, first.style, 120, 60, renderer.SCREEN)
    assert shared_layout(twin._name, twin.style, 120, 60, renderer.SCREEN)[0] is labels
    hurt = dataclasses.replace(first.style, people="2 hurt")
    hurt_labels = shared_layout(first._name, hurt, 120, 60, renderer.SCREEN)[0]
    assert hurt_labels == renderer.lay_out_labels(
        first._name, hurt, 120, 60, renderer.SCREEN) != labels


def test_words_drawn_unclipped_only_where_their_clip_cuts_nothing(qapp, monkeypatch):
    """A structure's words skip their clip where every pixel they touch is one the clip keeps
    (Qt rounds a clip rectangle's edges to the nearest pixel): the same pixels as clipped, at
    zooms where names are set small and fill their footprints, at any sub-pixel shift."""
    import math
    import random

    from siegeboard.ui.board import structure_item

    siege = build_town(200)
    for number, key in enumerate(sorted(siege.structures)):  # words wider than their rooms
        structure = siege.structures[key]
        if number % 3 == 0:
            siege.structures[key] = structure.model_copy(update={"dp": 0, "cleared": True})
        elif number % 3 == 1 and structure.occupants:
            hurt = [person.model_copy(update={"damage": 2, "trapped": True})
                    for person in structure.occupants]
            siege.structures[key] = structure.model_copy(update={"occupants": hurt * 400})
    layer = MapScene(Document(SiegeFile(siege=siege))).layer

    rng = random.Random(4)
    for _trial in range(8):
        scale, dx, dy = rng.uniform(5.0, 9.5), rng.random(), rng.random()
        unclipped = layer_pixels(layer, scale, dx, dy)
        with monkeypatch.context() as patch:
            patch.setattr(structure_item, "_nearest", lambda edge: math.inf)  # always clipped
            clipped = layer_pixels(layer, scale, dx, dy)
        assert np.array_equal(unclipped, clipped), f"at {scale:.2f} px/m"


def test_the_board_is_one_opaque_cache_and_draws_what_its_members_draw(qtbot):
    """Background, plan, grid and structures are one opaque pixmap per view (copied, not
    blended: the same pixels as the members drawn straight to the viewport), and a render
    into a picture, which the board does not serve, draws them too."""
    _document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    scene = view.map_scene
    boarded = grab(view)
    canvases = scene.board.cache.canvases()
    assert len(canvases) == 1 and not canvases[0].pixmap.hasAlphaChannel()
    scene.board.enabled = False
    scene.update()
    direct = grab(view)
    assert np.abs(direct - boarded).max() <= 1
    assert np.abs(direct[:, :, :3] - np.array([233, 228, 216])).max() > 50  # a plan is drawn
    picture = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    picture.fill(0)

    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, QRectF(picture.rect()),
                 view.mapToScene(view.viewport().rect()).boundingRect())
    painter.end()
    assert np.abs(pixels(picture) - boarded).max(axis=2).mean() < 2


def test_a_plan_moved_or_a_grid_changed_is_drawn_anew_on_the_board(qtbot):
    """The board keeps what its members drew: a member that changes tells it."""
    document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    scene = view.map_scene
    before = grab(view)
    placement = document.siege.map
    # Placed straight on the item: the grid's extent (the plan's, in a document) stays put.
    scene.map_item.place(placement.model_copy(update={
        "offset": (placement.offset[0] + 3.0, placement.offset[1])}))
    moved = grab(view)
    assert np.abs(moved - before).max() > 50
    scene.board.enabled = False
    scene.update()
    assert np.abs(grab(view) - moved).max() <= 1  # what the members draw now
    scene.board.enabled = True
    scene.grid.set_layers(fine=False, squares=False, labels=False)
    bare = grab(view)
    scene.board.enabled = False
    scene.update()
    assert np.abs(grab(view) - bare).max() <= 1


def test_words_drawn_together_are_the_words_each_structure_draws(qapp, monkeypatch):
    """The layer sets the words of a chunk's plain structures in one pass
    (``structure_item.draw_words``, the positions worked out by hand): the same pixels as
    each structure's own ``draw``, at zooms from small names to roomy ones, at any sub-pixel
    shift, people and notes included."""
    import random

    from siegeboard.ui.board import structure_layer

    siege = damaged_town()
    layer = MapScene(Document(SiegeFile(siege=siege))).layer

    def each_draws(painter, transform, items):
        lod = transform.m11()
        for item in items:
            painter.setWorldTransform(transform)
            item.draw(painter, transform, lod, footprint=False)
            painter.resetTransform()

    rng = random.Random(7)
    for _trial in range(8):
        scale, dx, dy = rng.uniform(5.0, 30.0), rng.random(), rng.random()
        together = layer_pixels(layer, scale, dx, dy)
        with monkeypatch.context() as patch:
            patch.setattr(structure_layer, "draw_words", each_draws)
            apart = layer_pixels(layer, scale, dx, dy)
        assert np.array_equal(together, apart), f"at {scale:.2f} px/m"
        assert (together[:, :, 3] > 0).mean() > 0.05  # words and footprints were drawn


def counting(board) -> list[float]:
    """The device area of each drawing the board makes from now on."""
    drawn: list[float] = []
    draw = board._draw

    def counting_draw(painter, transform, area):
        device = transform.mapRect(area)
        drawn.append(device.width() * device.height())
        draw(painter, transform, area)

    board._draw = counting_draw
    return drawn


def fresh(view) -> np.ndarray:
    """The view's pixels drawn by its members themselves (no board)."""
    board = view.map_scene.board
    board.enabled = False
    view.map_scene.update()
    pixels_now = grab(view)
    board.enabled = True
    view.map_scene.update()
    return pixels_now


def test_a_zoom_back_is_a_copy_and_a_change_drops_the_kept_zooms(qtbot):
    """The board keeps the pixmaps of a view's last zooms: zooming in and back out draws
    next to nothing on the way back and shows what a fresh view shows; a change made at
    another zoom drops the kept ones, so the zoom back draws it."""
    document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    scene = view.map_scene
    board = scene.board
    drawn = counting(board)
    whole = view.viewport().width() * view.viewport().height()
    grab(view)
    view.zoom_by(1.25)
    grab(view)
    drawn.clear()
    view.zoom_by(0.8)
    back = grab(view)
    assert sum(drawn) < 0.05 * whole  # a pixel's strip at most, where the scroll rounded
    assert len(board.cache.canvases()) == 2
    assert np.abs(fresh(view) - back).max() <= 1
    view.zoom_by(1.25)
    grab(view)
    key = scene.structure_at((150.0, 140.0)) or "house0"
    structure = document.siege.structures[key]
    fallen = structure.model_copy(update={"dp": 0, "collapsed": True})
    document.writer.apply_structures({key: fallen})
    grab(view)
    assert len(board.cache.canvases()) == 1  # the change dropped the kept zoom
    drawn.clear()
    view.zoom_by(0.8)
    changed = grab(view)
    assert sum(drawn) >= 0.95 * whole
    assert np.abs(fresh(view) - changed).max() <= 1
    assert np.abs(changed - back).max() > 50


def test_a_notch_from_rest_finds_its_zoom_drawn_ahead(qtbot):
    """Once the view rests, the board draws the zooms a notch in and a notch out ahead: the
    notch then draws next to nothing and shows what a fresh view shows; the way back out
    is the zoom the view rested at, kept."""
    _document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    board = view.map_scene.board
    drawn = counting(board)
    whole = view.viewport().width() * view.viewport().height()
    grab(view)
    qtbot.waitUntil(lambda: not view.zoom_ahead.busy, timeout=5000)
    assert len(board.cache.canvases()) == 3  # on screen, a notch in, a notch out
    assert sum(drawn) >= 2 * whole  # both drawn ahead
    for factor in (1.25, 0.8, 0.8):
        drawn.clear()
        view.zoom_by(factor)
        notch = grab(view)
        assert sum(drawn) < 0.05 * whole, factor  # a pixel's strip at most
        assert np.abs(fresh(view) - notch).max() <= 1
        qtbot.waitUntil(lambda: not view.zoom_ahead.busy, timeout=5000)


def test_a_repaint_stops_drawing_ahead_and_a_change_drops_what_was_drawn(qtbot):
    document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    board = view.map_scene.board
    ahead = view.zoom_ahead
    ahead._slice_s = 0.0  # a band a slice: it takes several
    grab(view)
    # The rest, over at once and one slice drawn, as the timers would (waiting for the
    # slices to be seen running raced them: on a fast machine they were all done between
    # two looks).
    ahead._idle.stop()
    ahead._begin()
    ahead._slice()
    assert ahead._slices.isActive()  # more bands to draw
    drawn = counting(board)
    view.viewport().repaint()  # the GM pans, say
    assert not ahead._slices.isActive() and ahead.busy  # waiting for the next rest
    assert drawn == []
    qtbot.waitUntil(lambda: not ahead.busy, timeout=5000)
    assert len(board.cache.canvases()) == 3
    key = next(iter(document.siege.structures))
    structure = document.siege.structures[key]
    fallen = structure.model_copy(update={"dp": 0, "collapsed": True})
    document.writer.apply_structures({key: fallen})
    grab(view)
    assert len(board.cache.canvases()) == 1  # what was drawn ahead showed the town before
    ahead.enabled = False
    view.viewport().repaint()
    qtbot.wait(2 * 150 + 100)
    assert len(board.cache.canvases()) == 1 and not ahead.busy


def test_the_zooms_drawn_ahead_are_the_ones_the_wheel_gives(qtbot):
    """A notch about the pointer lands on the transform drawn ahead (its scale exactly, so
    the kept pixels are found; its place within a pixel's rounding), the way the view last
    zoomed first; at the closest zoom only the way out."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent

    from siegeboard.ui.board.map_view import MAX_SCALE

    _document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    pointer = QPoint(180, 120)
    qtbot.mouseMove(view.viewport(), pointer)
    in_last = True  # a new view draws the way in first
    for turn in (120, -120, -120):
        scale = view.current_scale()
        expected = view.next_zoom_transforms()
        assert len(expected) == 2 and (expected[0].m11() > scale) == in_last
        wheel = QWheelEvent(QPointF(pointer), QPointF(view.viewport().mapToGlobal(pointer)),
                            QPoint(), QPoint(0, turn), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), wheel)
        landed = view.viewportTransform()
        target = next(t for t in expected if (t.m11() > scale) == (turn > 0))
        assert landed.m11() == target.m11() and landed.m22() == target.m22()
        assert abs(landed.dx() - target.dx()) <= 1 and abs(landed.dy() - target.dy()) <= 1
        in_last = turn > 0
    assert view.next_zoom_transforms()[0].m11() < view.current_scale()  # out first now
    view.setTransform(QTransform.fromScale(MAX_SCALE, MAX_SCALE))
    assert [t.m11() < MAX_SCALE for t in view.next_zoom_transforms()] == [True]


def test_a_view_that_let_its_scene_go_draws_nothing_ahead(qtbot):
    """A view whose scene is gone (a window closing, a file replaced) rests quietly."""
    _document, view = shown_file(qtbot, scenes.CASES["town"](), 8.0, (150.0, 140.0))
    grab(view)
    view.setScene(None)
    view.viewport().repaint()
    assert view.next_zoom_transforms() == []
    qtbot.waitUntil(lambda: not view.zoom_ahead.busy, timeout=5000)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(*[st.integers(-5, 5)] * 4), min_size=1, max_size=40),
       st.tuples(*[st.integers(-5, 5)] * 4))
def test_the_chunks_an_area_meets_are_the_ones_qt_says_it_intersects(boxes, area):
    """``_Boxes.meeting`` against ``QRectF.intersects``, empty rectangles and shared edges
    included (whole numbers make both common)."""
    rects = [QRectF(left, top, width, height) for left, top, width, height in
             ((a, b, abs(c), abs(d)) for a, b, c, d in boxes)]
    found = _Boxes()
    for row, rect in enumerate(rects):
        found.set(row, rect)
    x, y, w, h = area
    probe = QRectF(x, y, abs(w), abs(h))
    assert found.meeting(probe).tolist() == [row for row, rect in enumerate(rects)
                                             if rect.intersects(probe)]


def test_a_structure_moved_far_or_deleted_is_drawn_where_the_town_now_is(qtbot):
    """The layer finds its chunks by their bounds: a structure moved past its chunk's old
    bounds is drawn at its new place, and the chunks after one emptied by deletions are
    found at their own rows; the layer draws what a fresh scene of the same town draws."""
    siege = damaged_town()
    document, view = shown(qtbot, siege, scale=4.0)
    layer = view.map_scene.layer
    first = layer._chunks[0]
    doomed = [item.structure_id for item in first.items]
    document.remove_structures(doomed)
    assert first not in layer._chunks
    assert [chunk.row for chunk in layer._chunks] == list(range(len(layer._chunks)))
    before = layer_pixels(layer, 4.0, 0, 0)
    key = view.map_scene.structure_at((61.0, 61.0))
    house = document.siege.structures[key]
    moved = [(x + 30.0, y - 25.0) for x, y in house.footprint]
    document.writer.apply_structures({key: house.model_copy(update={"footprint": moved})})
    assert np.abs(layer_pixels(layer, 4.0, 0, 0) - before).max() > 50  # in view, and moved
    _fresh_document, fresh = shown(qtbot, document.siege.model_copy(), scale=4.0)
    for scale in (4.0, 9.0):
        assert np.array_equal(layer_pixels(layer, scale, 0, 0),
                              layer_pixels(fresh.map_scene.layer, scale, 0, 0))
