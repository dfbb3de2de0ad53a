"""Range rings (issue 36): while the Fire tool is active, the chosen battery is ringed at each
of its weapon's band limits, each ring labelled; the Measure tool is on the toolbar as a
ruler (click, click: metres and squares)."""

from __future__ import annotations

from ui_helpers import click, show_area, small_siege


def armed(window, tmp_path):
    assert window.files.open_path(small_siege(tmp_path / "s.siege"), ask=False)
    show_area(window, -20, -20, 160, 160)
    weapon = next(w for w, _own in window.document.weapon_list() if w.range_bands)
    battery = window.document.place_battery((100.0, 100.0), weapon.id)
    window.playing.choose_battery(battery.id)
    return weapon, battery


def test_the_fire_tool_rings_the_chosen_battery_at_each_band(qtbot, window, tmp_path):
    weapon, battery = armed(window, tmp_path)
    rings = window.tools["fire"].rings
    assert not rings.isVisible()                      # not while another tool is active
    window.menus.tool_actions["fire"].trigger()
    assert rings.isVisible() and rings.scene() is window.scene
    assert [radius for radius, _ in rings.rings] == [band.up_to_m for band in weapon.range_bands]
    assert rings.label_texts == [f"≤ {band.up_to_m:g} m · pen {band.penetration}"
                                 for band in weapon.range_bands]
    window.document.move_battery(battery.id, (60.0, 60.0))   # the rings follow the battery
    assert rings.boundingRect().center().x() == 60.0
    window.menus.tool_actions["select"].trigger()
    assert not rings.isVisible()


def test_no_rings_without_a_chosen_battery(qtbot, window, tmp_path):
    armed(window, tmp_path)
    window.playing.choose_battery(None)
    window.menus.tool_actions["fire"].trigger()
    assert not window.tools["fire"].rings.isVisible()


def test_the_ruler_is_on_the_toolbar_and_measures_two_clicks(qtbot, window, tmp_path):
    assert window.files.open_path(small_siege(tmp_path / "s.siege"), ask=False)
    show_area(window, -20, -20, 160, 160)
    action = window.menus.tool_actions["measure"]
    assert action in window.menus.tools_bar.actions()
    button = window.menus.tools_bar.widgetForAction(action)
    assert button is not None and button.isVisible()
    action.trigger()
    click(qtbot, window, (0, 0))
    click(qtbot, window, (30, 40))
    tool = window.tools["measure"]
    assert tool.last_text == "Distance 50.0 m, 4 square(s) apart"
    assert tool.label_item.text() == "50.0 m · 4 sq"
    assert window.tool.name == "measure"   # the ruler stays armed for the next measurement
