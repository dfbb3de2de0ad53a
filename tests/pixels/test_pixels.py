"""The board draws what it drew before issue 22's frame-rate work: today's renders of the
pinned scenes (``scenes.py``: the castle and a town of 600 at 2, 8 and 32 px a metre) against
the baseline PNGs made at the start of the issue, pixel for pixel.

Tolerance: a pixel differs where one of its channels differs by more than ``CHANNEL`` (4 of
255), and at most ``SHARE`` (0.1 %) of the pixels may differ. The structures are now drawn into
a device-pixel cache and composited over the plan once more, which moves a channel by 1 or 2
(measured: never more than 2); anything drawn in another place, colour or order moves it by far
more. Nothing is masked: the frame-rate work dropped nothing the old drawing showed (no new
level of detail: on screen the words are set in device pixels, 8 to 11 px high, so a 6-px rule
leaves every word in; names under 40 x 22 px were already left out when the baseline was made).
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage

from siegeboard.report import look, renderer
from tests.pixels import scenes

CHANNEL = 4
SHARE = 0.001


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(
        image.height(), image.bytesPerLine() // 4, 4)
    return rows[:, :image.width()].astype(np.int16)


def differing(image: QImage, baseline: QImage) -> tuple[float, int]:
    """The share of pixels differing by more than ``CHANNEL`` in a channel, and the largest
    difference."""
    assert (image.width(), image.height()) == (baseline.width(), baseline.height())
    difference = np.abs(pixels(image) - pixels(baseline)).max(axis=2)
    return float((difference > CHANNEL).mean()), int(difference.max())


def baseline(name: str, scale: float) -> QImage:
    path = scenes.baseline_path(name, scale)
    image = QImage(str(path))
    assert not image.isNull(), f"{path} is missing"
    return image


@pytest.mark.parametrize("scale", scenes.SCALES)
@pytest.mark.parametrize("name", sorted(scenes.CASES))
def test_todays_board_draws_the_baseline(qapp, name, scale):
    image = scenes.render(name, scale)
    share, largest = differing(image, baseline(name, scale))
    assert share <= SHARE, f"{name} at {scale} px/m: {share:.3%} of pixels differ (up to {largest})"


def test_a_structure_damaged_is_seen(qapp):
    """The comparison fails where one structure's state (so its colour) changed."""
    def damage(document):
        keep = document.siege.structures["keep"]
        document.writer.apply_structures({"keep": keep.model_copy(update={"dp": keep.dp // 2})})

    image = scenes.render("castle", 8, damage)
    share, _largest = differing(image, baseline("castle", 8))
    assert share > SHARE


def test_every_fill_a_little_redder_is_seen(qapp, monkeypatch):
    """The comparison fails where the structures' fill moves by 12 in one channel."""
    fill = renderer.fill_colour

    def redder(state, look):
        colour = fill(state, look)
        colour.setRed(min(255, colour.red() + 12))
        return colour

    monkeypatch.setattr(look, "fill_colour", redder)
    look._style.cache_clear()
    try:
        image = scenes.render("town", 2)
    finally:
        monkeypatch.undo()
        look._style.cache_clear()
    share, _largest = differing(image, baseline("town", 2))
    assert share > SHARE
