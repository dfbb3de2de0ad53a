"""The board shows the plan from the very pixels checked when the file was opened: Qt never
decodes the image bytes itself, so no image passes the check and then fails to show."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from PySide6.QtGui import QImage

from siegeboard.persist.images import decoded_image

SAMPLE = Path(str(resources.files("siegeboard.resources")  # package data
                  .joinpath("samples", "castle.siege")))


def test_the_plan_shown_is_the_one_decoded_at_open(window, tmp_path, monkeypatch):
    def qt_must_not_decode(*args, **kwargs):
        raise AssertionError("Qt decoded an image's bytes itself")

    monkeypatch.setattr(QImage, "fromData", qt_must_not_decode)
    copy = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, copy)
    assert window.files.open_path(copy)
    document = window.document
    pixels = decoded_image(document.images[document.siege.map.member])
    shown = window.scene.map_item._levels[0]
    assert (shown.width(), shown.height()) == pixels.size
    x, y = pixels.size[0] // 2, pixels.size[1] // 3
    colour = shown.pixelColor(x, y)
    assert (colour.red(), colour.green(), colour.blue()) == pixels.getpixel((x, y))[:3]
