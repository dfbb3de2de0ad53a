"""The Legend dock explains the marks of the open siege's rule text, with the map's swatches,
and changes when a siege of the other rule text is opened."""

from __future__ import annotations

from play_sieges import evening_siege, gate_town
from PySide6.QtGui import QColor


def test_the_legend_follows_the_ruleset_of_the_open_siege(window, tmp_path):
    assert window.files.open_path(gate_town(tmp_path / "town.siege"))
    meanings = window.legend_dock.meanings
    assert any(meaning.startswith("Collapsed") for meaning in meanings)
    assert any("% of its DP left" in meaning for meaning in meanings)
    assert not any(meaning.startswith("Breached") for meaning in meanings)
    assert window.files.open_path(evening_siege(tmp_path / "evening.siege"))
    meanings = window.legend_dock.meanings
    assert any(meaning.startswith("Breached") for meaning in meanings)
    assert any("% of its Hull left" in meaning for meaning in meanings)
    assert not any(meaning.startswith("Collapsed") for meaning in meanings)


def test_a_legend_swatch_is_the_maps_plate():
    from siegeboard.report.renderer import SCREEN, plate_rect
    from siegeboard.ui.docks.legend import SWATCH_H, SWATCH_W, legend_rows

    pixmap, _ = next(row for row in legend_rows("armory") if row[1].startswith("Breached"))
    image = pixmap.toImage()
    inside = SWATCH_W / 2 + plate_rect("Breached", SCREEN).left() + 2  # before the word
    left = QColor(image.pixel(round(inside), SWATCH_H // 2))
    assert left.red() > 180 and left.blue() < 70
