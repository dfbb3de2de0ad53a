"""H12 in the window: the Wall tool draws through ``rules.walls.draw_wall``, and a change of
make to one section re-shares its wall's DP in one undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import click, show_area


def test_a_30_by_3_m_wall_drawn_in_the_window_shares_3105_dp(qtbot, window):
    document = window.document
    show_area(window, -5, -5, 60, 45)
    window.menus.tool_actions["wall"].trigger()
    window.tools["wall"].thickness_m = 3.0
    for point in ((2, 20), (32, 20)):
        click(qtbot, window, point)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    walls = list(document.siege.structures.values())
    # 30 m x 3 m = 90 m2 = 22.5 -> 23 squares x 45 x 3 = 3,105, three sections of 1,035
    # (not 8 squares x 135 = 1,080 each from their own footprints).
    assert [s.dp for s in walls] == [1035, 1035, 1035]
    assert len({s.wall_id for s in walls}) == 1 and walls[0].wall_id is not None

    # One section to 1 story: weights 135, 45, 135 over equal lengths; the whole is
    # 23 x (135 + 45 + 135) / 3 = 2,415; shares 2,415 x 135 / 315 = 1,035 and
    # 2,415 x 45 / 315 = 345.
    first = walls[0].id
    document.edit_structure(first, stories=1)
    assert [s.dp for s in document.siege.structures.values()] == [345, 1035, 1035]
    window.menus.undo_action.trigger()
    assert [s.dp for s in document.siege.structures.values()] == [1035, 1035, 1035]
