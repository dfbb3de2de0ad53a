"""The Odds dock and the Fire tool's hover on the real window, on the sample siege."""

from __future__ import annotations

import shutil
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from ui_helpers import click, move, show_area, view_point

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples")))  # package data
HALL = (83.0, 32.0)  # inside the Great Hall (AV 5, 650 DP), 87 m from the Great Battery


@pytest.fixture
def castle(window, tmp_path):
    path = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE / "castle.siege", path)
    assert window.files.open_path(path)
    show_area(window, 0, 0, 150, 110)
    return window


def test_the_odds_dock_shows_the_battery_against_the_selected_target(qtbot, castle, tmp_path):
    window = castle
    dock = window.odds_dock
    assert dock in window.dock_layout.docks()
    dock.show()
    dock.raise_()
    window.playing.choose_battery("great-battery")
    window.document.select(["great-hall"])
    qtbot.waitUntil(lambda: dock.shot is not None and dock.shot.target_id == "great-hall")
    # HE at the hall: penetration 38 + 2D6 > AV 5; the full 40 concussion; DP never below
    # half: no collapse; a fire on a 6 of the 1D6.
    struck = dock.shot.struck
    assert struck.p_ignite == Fraction(1, 6) and struck.p_collapse == 0
    assert "burning 1 in 6" in dock.figures.text()
    assert sum(dock.left_chart.values.values()) == pytest.approx(1)
    assert dock.left_chart.median == 565  # 650 - 45 - 40, 2D6 = 7
    assert dock.rounds_chart.values and dock.rounds_chart.median == dock.rounds.median
    assert "hits" in dock.rounds_line.text() and "Great Hall" in dock.rounds_line.text()
    assert dock.reach.rowCount() == len(dock.shot.structures) - 1 > 10
    dock.widget().widget().grab().save(str(tmp_path / "odds.png"))

    # Fire it (the program's dice): the odds follow the hall's new DP.
    window.menus.tool_actions["fire"].trigger()
    click(qtbot, window, HALL)
    dp = window.document.siege.structures["great-hall"].dp
    assert 555 <= dp <= 565
    qtbot.waitUntil(lambda: dock.shot.struck.now == dp)
    # The interval between hits is the GM's: no time between hits, no fire damage between.
    dock.interval.setValue(0)
    qtbot.waitUntil(lambda: dock.rounds.interval_turns == 0)


def test_the_fire_tools_hover_adds_the_chance_to_collapse_and_to_burn(qtbot, castle):
    window = castle
    window.playing.choose_battery("great-battery")
    window.menus.tool_actions["fire"].trigger()
    move(window, view_point(window, HALL), Qt.MouseButton.NoButton)
    tool = window.tools["fire"]
    assert "on Great Hall" in tool.last_text
    assert "collapse never, fire 1 in 6" in tool.last_text
    # The blast's reach is counted too: walls 0 squares away lose 40 but stand.
    assert "in reach may" not in tool.last_text or "collapse" in tool.last_text


def test_the_odds_dock_says_what_is_missing(qtbot, castle):
    window = castle
    dock = window.odds_dock
    dock.show()
    dock.raise_()
    window.playing.choose_battery(None)
    window.document.select([])
    qtbot.waitUntil(lambda: "Select a structure" in dock.heading.text())
    window.document.select(["great-hall"])
    window.fire_dock.range.setValue(99_000)
    window.weapons_dock.select_weapon("rifle")
    qtbot.waitUntil(lambda: "out of range" in dock.heading.text())


def test_the_odds_dock_under_the_hull_ruleset_rolls_a_pool(qtbot, window, tmp_path):
    path = tmp_path / "armory.siege"
    shutil.copyfile(SAMPLE / "castle_armory.siege", path)
    assert window.files.open_path(path)
    dock = window.odds_dock
    dock.show()
    dock.raise_()
    window.playing.choose_battery("bombard")
    window.document.select(["wall-w9"])
    qtbot.waitUntil(lambda: dock.shot is not None and dock.shot.target_id == "wall-w9")
    assert dock.form.isRowVisible(dock.pool)
    # Entered: no Successes, no Boons: the cannon's 6 - (4 - 2 - 1) = 5, every time.
    assert dock.shot.struck.left == {5: 1}
    assert dock.rounds.exact and dock.rounds.median == 4  # 20 Hull at 5 a hit
    dock.pool.setValue(4)
    qtbot.waitUntil(lambda: len(dock.shot.struck.left) > 1)
    assert dock.shot.spec.pool == 4 and "Breached" in dock.rounds_line.text()
