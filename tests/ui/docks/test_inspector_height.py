"""H2 and H11 in the Inspector: a height typed becomes stories; the construction time and cost
of the selection (summed for several) are shown under the DP ruleset only."""

from __future__ import annotations

from ui_helpers import click, drag, show_area, small_siege


def _opened(window, tmp_path, ruleset="harris"):
    assert window.files.open_path(small_siege(tmp_path / "small.siege", ruleset))
    show_area(window, -5, -5, 60, 20)
    window.menus.tool_actions["select"].trigger()
    return window


def test_a_height_typed_in_the_inspector_becomes_stories(qtbot, window, tmp_path):
    opened = _opened(window, tmp_path)
    click(qtbot, opened, (5, 4))  # the Mill: townhouse 10 x 8 m, 20 cells, AV 5, 2 stories
    inspector = opened.inspector
    assert inspector.height_m.value() == 8.0  # 2 stories of 4 m
    # 11.5 m: ceil(11.5 / 4) = 3 stories: 5 x 20 x 3 = 300 DP
    inspector.height_m.setValue(11.5)
    inspector.height_m.editingFinished.emit()
    mill = opened.document.structure("h1")
    assert mill.stories == 3 and mill.dp == 300
    assert inspector.stories.value() == 3 and inspector.height_m.value() == 12.0
    # 12.1 m: 4 stories, 400 DP; one undo step each
    inspector.height_m.setValue(12.1)
    inspector.height_m.editingFinished.emit()
    assert opened.document.structure("h1").stories == 4
    opened.menus.undo_action.trigger()
    assert opened.document.structure("h1").stories == 3


def test_the_inspector_shows_construction_of_one_and_of_several(qtbot, window, tmp_path):
    opened = _opened(window, tmp_path)
    click(qtbot, opened, (5, 4))
    # H11: the Mill's 200 DP: 200 / 100 = 2 months, 400 x 200 = 80,000
    assert "Construction: 2 months, cost 80,000" in opened.inspector.derived.text()
    # The three 10 x 2 m wall sections: 5 cells x 45 x 3 = 675 each, 2,025 in all:
    # 20.25 months, 810,000.
    drag(qtbot, opened, (18, -3), (52, 5))
    assert len(opened.document.selection) == 3
    assert opened.inspector.derived.text() == "Construction of all 3: 20.25 months, cost 810,000"


def test_no_construction_under_the_hull_ruleset(qtbot, window, tmp_path):
    opened = _opened(window, tmp_path, "armory")
    click(qtbot, opened, (5, 4))
    assert "Construction" not in opened.inspector.derived.text()
    assert not opened.inspector.form.isRowVisible(opened.inspector.height_m)
