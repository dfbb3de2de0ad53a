"""R1 and A14 where the GM sees them: the house rules say so in the Actions and Scene docks,
and after a day-long scene the clock shows days."""

from __future__ import annotations

from play_sieges import evening_siege


def test_house_rules_are_labelled_and_a_scene_runs_the_clock_a_day(qtbot, window, answers,
                                                                    tmp_path):
    assert window.files.open_path(evening_siege(tmp_path / "evening.siege"))
    document = window.document
    dock = window.scene_dock
    assert "house rule" in dock.table.horizontalHeaderItem(4).text()
    document.select(["s1"])
    assert window.actions_dock.repair_group.title() == "Repair (house rule, A13)"

    for row, target in ((0, "s1"), (1, "s2")):
        box = dock.table.cellWidget(row, 1)
        box.setCurrentIndex(box.findData(target))
        box.activated.emit(box.currentIndex())
    dock.set_row("e1", successes=1, boons=0)
    dock.set_row("e2", successes=1, boons=0)
    dock.resolve_button.click()
    assert answers.warnings == []
    # A14: a scene of one day is 17,280 turns of 5 s.
    assert document.siege.clock.turn == 17_280
    assert window.clock_dock.time_label.text() == "1 day 0 h 0 min 0 s (turn 17,280)"
