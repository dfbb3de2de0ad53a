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


def test_bands_out_of_sight_are_told_at_the_views_corner(qtbot, window, tmp_path):
    """At castle zoom the long bands' rings are far off the screen: the plate names each
    band whose ring cannot be seen and where the view stands against it; zoomed out so that
    every ring's label is in sight, the plate goes."""
    from siegeboard.ui.range_legend import bands_out_of_sight, compass

    weapon, battery = armed(window, tmp_path)
    window.menus.tool_actions["fire"].trigger()
    legend = window.tools["fire"].legend
    limits = [band.up_to_m for band in weapon.range_bands]
    show_area(window, 95, 95, 105, 105)          # a few metres round the battery
    seen = legend.visible_rect()
    far = [band for band in weapon.range_bands
           if band.up_to_m > 2 * max(seen.width(), seen.height())]
    assert len(far) == len(limits), seen
    # The view's next paint remakes the plate.
    qtbot.waitUntil(lambda: legend.text().count("all of this view is within") == len(far),
                    timeout=3000)
    assert legend.isVisible() and legend.text().startswith(f"Range from {battery.name}")
    for band in far:
        assert f"≤ {band.up_to_m:g} m · pen {band.penetration}: all of this view is within it" \
            in legend.text()
    assert legend.accessibleDescription() == legend.text()
    # The plate sits inside the map area, at its top right.
    area = window.view.viewport().geometry()
    assert area.contains(legend.geometry())
    reach = max(limits)
    show_area(window, 100 - 1.3 * reach, 100 - 1.3 * reach, 100 + 1.3 * reach, 100 + 1.3 * reach)
    qtbot.waitUntil(lambda: not legend.isVisible(), timeout=3000)
    window.menus.tool_actions["select"].trigger()
    assert not legend.isVisible()
    # The reckoning: a view far from the battery lies beyond a short ring, the battery
    # off to the west.
    (far,) = bands_out_of_sight((0, 0), [(100, "≤ 100 m")], (500, -10, 520, 10))
    assert far.where == "beyond"
    assert compass(-500, 0) == ("west", "←") and compass(0, -3) == ("north", "↑")
