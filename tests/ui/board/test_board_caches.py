"""The board's caches change the cost of drawing, never the look: the sample siege drawn
through them (the layer's pictures, the board's device pixmaps moved on a pan, the zooms kept)
and drawn without them (``SIEGEBOARD_NO_CACHE=1``) are the same pixels, within a level or two
of antialiasing."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage, QTransform
from PySide6.QtWidgets import QApplication

from siegeboard.persist.samples import read_sample
from siegeboard.ui.board.board import NO_CACHE_VARIABLE, caches_wanted
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.document.document import Document


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    array = np.frombuffer(image.constBits(), np.uint8).reshape(
        image.height(), image.bytesPerLine() // 4, 4)
    return array[:, :image.width()].astype(np.int16)


def grab(view: MapView) -> np.ndarray:
    QApplication.processEvents()
    return pixels(view.viewport().grab().toImage())


class Shown:
    """The sample siege in a real scene and view, with or without the caches."""

    def __init__(self, qtbot, monkeypatch, cached: bool):
        if cached:
            monkeypatch.delenv(NO_CACHE_VARIABLE, raising=False)
        else:
            monkeypatch.setenv(NO_CACHE_VARIABLE, "1")
        assert caches_wanted() is cached
        self.document = Document(read_sample("harris", dice_seed=11))
        self.scene = MapScene(self.document)
        self.view = MapView(self.scene)
        assert self.scene.board.enabled is cached and self.scene.layer.cached is cached
        self.view.resize(640, 420)
        self.view.show()
        qtbot.waitExposed(self.view)

    def look_at(self, scale: float, centre: tuple[float, float]) -> np.ndarray:
        self.view.setTransform(QTransform.fromScale(scale, scale))
        self.view.centerOn(*centre)
        return grab(self.view)

    def close(self) -> None:
        self.view.close()
        self.view.setScene(None)
        self.document.undo_stack.clear()


def assert_alike(cached: np.ndarray, uncached: np.ndarray, where: str) -> None:
    assert cached.shape == uncached.shape
    difference = np.abs(cached - uncached).max(axis=2)
    # Antialiased edges may differ by a level or two where a strip of a moved pixmap meets
    # the next; nothing more, and almost nowhere.
    assert difference.max() <= 8, f"{where}: a pixel differs by {difference.max()}"
    assert (difference > 2).mean() < 0.002, f"{where}: {(difference > 2).mean():.2%} differ"
    assert np.unique(cached.reshape(-1, 4), axis=0).shape[0] > 50  # the map was drawn


@pytest.fixture
def pair(qtbot, monkeypatch):
    made = [Shown(qtbot, monkeypatch, cached=True), Shown(qtbot, monkeypatch, cached=False)]
    yield made
    for shown in made:
        shown.close()


def test_the_board_looks_the_same_with_and_without_its_caches(pair, tmp_path):
    cached, uncached = pair
    siege = cached.document.siege
    box = [point for structure in siege.structures.values() for point in structure.footprint]
    middle = (sum(x for x, _ in box) / len(box), sum(y for _, y in box) / len(box))
    views = [(1.5, middle), (4.0, middle), (9.0, (middle[0] + 12.0, middle[1] - 8.0))]
    for scale, centre in views:
        for shown in pair:
            shown.look_at(scale, centre)
        # A pan in steps: the cached view moves its pixmap and draws only the strips.
        for step in range(1, 4):
            at = (centre[0] + 7.3 * step, centre[1] + 3.1 * step)
            assert_alike(cached.look_at(scale, at), uncached.look_at(scale, at),
                         f"{scale} px/m at {at}")
    # A state changed after the caches were filled: a shot and its fire, drawn alike.
    target = next(s for s in siege.structures.values() if s.kind != "curtain_wall")
    x, y = target.footprint[0]
    for shown in pair:
        shown.look_at(4.0, (x, y))
        shown.document.fire_at("he_shell", (x + 1.0, y + 1.0), range_m=300,
                               dice_values=[6] * 40)
    with_caches, without = cached.look_at(4.0, (x, y)), uncached.look_at(4.0, (x, y))
    assert_alike(with_caches, without, "after a shot")
    cached.view.viewport().grab().save(str(tmp_path / "with_caches.png"))
    uncached.view.viewport().grab().save(str(tmp_path / "without_caches.png"))
