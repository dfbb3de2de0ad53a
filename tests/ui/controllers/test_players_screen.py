"""The players' screen: a second window fed by the same document, in the players' look."""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from siegeboard.model import FireAt
from siegeboard.persist.samples import write_sample
from siegeboard.rules.registry import ruleset_of
from siegeboard.ui.board.structure_item import StructureItem
from siegeboard.ui.controllers.players_screen import SCREEN_KEY, PlayersScreen
from siegeboard.ui.items.battery_item import BatteryItem

FIGURE = re.compile(r"\d")


def open_sample(window, tmp_path, ruleset="armory"):
    path = write_sample(tmp_path / f"castle-{ruleset}.siege", ruleset)
    assert window.files.open_path(path, ask=False)
    return window.document.siege


def open_players(qtbot, window) -> PlayersScreen:
    window.players_screen.toggle_action.trigger()
    screen = window.players_screen.screen
    assert screen is not None and screen.isVisible()
    qtbot.waitExposed(screen)
    return screen


def words_shown(screen: PlayersScreen) -> list[str]:
    """Every word the players' items would draw or show: plates, notes, fire, tooltips."""
    words = []
    for item in screen.scene.structure_items.values():
        style = item.style
        words += [style.plate, style.note, style.fire, style.people, item.toolTip(),
                  style.state.word]
    return words


def test_after_a_shot_the_players_see_the_new_state_and_no_figure(qtbot, window, tmp_path):
    siege = open_sample(window, tmp_path)
    screen = open_players(qtbot, window)
    before = screen.scene.structure_items["wall-n3"]
    assert before.style.state.word == "intact"
    window.playing.dice_edit.setText("")
    for _ in range(6):
        window.playing.play(FireAt(weapon_id="heavy_gun", at=(0.0, 0.0), target_id="wall-n3",
                                   successes=3))
        if ruleset_of(siege).breached(window.document.siege.structures["wall-n3"]):
            break
    qtbot.waitUntil(lambda: screen.scene.structure_items["wall-n3"].style.state.word
                    in ("damaged", "breached"))
    item = screen.scene.structure_items["wall-n3"]
    assert item is before  # the same item, redrawn: only what changed
    assert item.style.state.word == item.style.state.players_word
    # The players' words carry no figure (names aside: "Curtain wall N3" has a digit).
    names = [s.name for s in window.document.siege.structures.values()]
    shown = [w for w in words_shown(screen) if w not in names]
    for word in shown:
        for name in names:
            word = word.replace(name, "")
        assert not FIGURE.search(word), word
    assert screen.clock_label.text() == window.document.siege.clock.label()


def test_the_players_see_no_selection_and_no_tool_preview(qtbot, window, tmp_path):
    open_sample(window, tmp_path)
    screen = open_players(qtbot, window)
    window.document.select(["keep", "wall-n3"])
    assert window.scene.structure_items["keep"].selected_look
    assert not any(item.selected_look for item in screen.scene.structure_items.values())
    window.set_tool("fire")
    kinds = {type(item) for item in screen.scene.items()}
    assert kinds <= {StructureItem, BatteryItem} | {type(screen.scene.grid)} | {
        type(screen.scene.layer)} | (
        {type(screen.scene.map_item)} if screen.scene.map_item else set()) | {
        type(child) for item in screen.scene.structure_items.values()
        for child in item.childItems()}


def test_a_hidden_battery_never_appears(qtbot, window, tmp_path):
    siege = open_sample(window, tmp_path)
    defenders = {key for key, b in siege.batteries.items() if b.side == "defender"}
    assert defenders
    screen = open_players(qtbot, window)
    window.players_screen.side_actions["besieger"].trigger()
    assert not defenders & set(screen.scene.battery_items)
    assert set(screen.scene.battery_items) == set(siege.batteries) - defenders
    # A defenders' battery moved (an edit the GM makes) still does not show.
    key = next(iter(defenders))
    battery = siege.batteries[key]
    from siegeboard.ui.document.changes import Change
    siege.batteries[key] = battery.model_copy(update={"position": (5.0, 5.0)})
    window.document.changed.emit(Change(batteries=frozenset({key})))
    assert key not in screen.scene.battery_items
    assert key in window.scene.battery_items


def test_blank_with_b_follow_and_show_them_this(qtbot, window, tmp_path):
    open_sample(window, tmp_path)
    screen = open_players(qtbot, window)
    screen.activateWindow()  # B is the GM's battery tool in the GM's window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is screen)
    qtbot.keyClick(screen, Qt.Key.Key_B)
    assert screen.blanked
    qtbot.keyClick(screen, Qt.Key.Key_B)
    assert not screen.blanked
    window.players_screen.blank_action.trigger()
    assert screen.blanked
    window.players_screen.blank_action.trigger()
    # Following: the players' view holds the GM's view's centre.
    window.view.zoom_by(2.0)
    qtbot.waitUntil(lambda: abs(screen.visible_rect().center().x()
                                - screen.gm_rect().center().x()) < 1.0)
    # Show them the keep: the view keeps it while the GM looks elsewhere.
    window.document.select(["keep"])
    window.players_screen.selection_action.trigger()
    keep = window.scene.structure_items["keep"].boundingRect()
    assert screen.visible_rect().contains(keep)
    screen.show_them(QRectF(0, 0, 20, 20))
    assert not screen.following
    window.view.zoom_by(0.5)
    qtbot.wait(60)
    assert screen.visible_rect().contains(QRectF(0, 0, 20, 20))
    window.players_screen.follow_action.setChecked(True)


def test_the_chosen_screen_is_remembered_by_name(qtbot, window, tmp_path):
    open_sample(window, tmp_path)
    controller = window.players_screen
    name = window.screen().name()
    controller.choose_screen(name)
    assert window.settings.value(SCREEN_KEY) == name
    screen = open_players(qtbot, window)
    assert screen.isFullScreen() or screen.screen().name() == name
    controller.toggle_action.trigger()
    assert controller.screen is None
    controller.choose_screen("")
    screen = open_players(qtbot, window)
    assert not screen.isFullScreen()
    controller.toggle_action.trigger()


def test_a_box_drawn_on_the_map_is_what_the_players_see(qtbot, window, tmp_path):
    from ui_helpers import drag, show_area

    open_sample(window, tmp_path)
    screen = open_players(qtbot, window)
    show_area(window, 0, 0, 120, 110)
    window.menus.tool_actions["show_box"].trigger()
    drag(qtbot, window, (40.0, 30.0), (60.0, 50.0))
    assert not screen.following
    assert screen.visible_rect().contains(QRectF(41, 31, 18, 18))
    assert screen.visible_rect().width() < 60  # the box, not the whole castle
    # The box was a preview of the GM's scene: none is left, and none reached the players.
    assert not any(type(item).__name__ == "QGraphicsPathItem"
                   for item in screen.scene.items())
