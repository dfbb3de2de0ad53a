"""Every tool driven without a window: ``ToolEvent`` records into a tool whose host is a small
fake (a real Document and MapScene, no MainWindow), as napari tests its mouse modes."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from ui_helpers import plan_image

import siegeboard.ui.tools as tools_package
from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist import SiegeFile
from siegeboard.rules.build import new_structure
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.controllers.play_controller import PlayController
from siegeboard.ui.document.document import Document
from siegeboard.ui.tools.base import ToolEvent, ToolHost, snap_to_grid
from siegeboard.ui.tools.battery import BatteryTool
from siegeboard.ui.tools.calibrate import CalibrateTool
from siegeboard.ui.tools.fire import FireHost, FireSettings, FireTool
from siegeboard.ui.tools.grid_origin import GridOriginTool
from siegeboard.ui.tools.measure import MeasureTool
from siegeboard.ui.tools.polygon import PolygonTool
from siegeboard.ui.tools.rectangle import RectangleTool
from siegeboard.ui.tools.select import SelectTool
from siegeboard.ui.tools.wall import WallTool

SHIFT = Qt.KeyboardModifier.ShiftModifier


class FakeHost:
    """A ``ToolHost`` that records what the tool told the GM and plays through the document."""

    def __init__(self, document: Document):
        self.document = document
        self.scene = MapScene(document)
        self.warnings: list[str] = []
        self.statuses: list[str] = []
        self.numbers: list[float | None] = []
        self.weapon_id: str | None = "he_shell"
        self.chosen: list[str | None] = []
        self.settings = FireSettings(weapon_id="he_shell", range_m=100.0)
        self.outcomes: list = []
        self.questions: list[str] = []
        self.confirms: list[bool] = []
        self.choices: list[str | None] = []

    def warn(self, message: str) -> None:
        self.warnings.append(message)

    def ask_number(self, title, label, value, decimals=2):
        return self.numbers.pop(0)

    def show_status(self, message: str) -> None:
        self.statuses.append(message)

    def confirm(self, question: str, yes: str = "Yes") -> bool:
        self.questions.append(question)
        return self.confirms.pop(0)

    def current_weapon_id(self):
        return self.weapon_id

    def choose_battery(self, battery_id):
        self.chosen.append(battery_id)
        self.settings = FireSettings(weapon_id=self.weapon_id, battery_id=battery_id)

    def fire_settings(self):
        return self.settings

    def ask_choice(self, title, label, choices):
        self.questions.append(label)
        return self.choices.pop(0)

    def play(self, action, dice_values=None):
        outcome = self.document.play(action, dice_values)
        self.outcomes.append(outcome)
        return outcome


def event(x, y, *, free=False, button=Qt.MouseButton.LeftButton,
          modifiers=Qt.KeyboardModifier.NoModifier, origin=(0.0, 0.0), ppm=10.0) -> ToolEvent:
    return ToolEvent(raw=(x, y), snapped=snap_to_grid((x, y), origin), free=free, button=button,
                     modifiers=modifiers, pixels_per_metre=ppm)


def drive(tool, *points, **options):
    """Press at the first point, move through the others, release at the last."""
    first, *rest = points
    tool.mouse_pressed(event(*first, **options))
    for point in rest:
        tool.mouse_moved(event(*point, **options))
    tool.mouse_released(event(*(rest[-1] if rest else first), **options))


@pytest.fixture
def host(qtbot):
    house = new_structure("harris", "townhouse", "h1", [(0, 0), (10, 0), (10, 8), (0, 8)],
                          name="Mill")
    siege = Siege(name="Headless", ruleset="harris", structures={"h1": house})
    fake = FakeHost(Document(SiegeFile(siege=siege)))
    yield fake
    fake.document.undo_stack.clear()  # commands refer to the document: break the cycle


def test_the_fake_host_and_the_play_controller_implement_the_whole_tool_host():
    members = {name for name in dir(FireHost) if not name.startswith("_")} \
        | set(ToolHost.__annotations__)
    assert {"document", "scene", "warn", "play", "fire_settings"} <= members
    # The base of every tool knows nothing of one tool's needs (the Fire dock's settings).
    assert "fire_settings" not in dir(ToolHost)
    for implementation in (FakeHost, PlayController):
        missing = {name for name in members if not hasattr(implementation, name)
                   and name not in inspect.signature(implementation.__init__).parameters
                   and name not in ("document", "scene")}
        assert missing == set(), implementation


def test_tools_call_nothing_of_their_host_but_the_tool_host_protocol():
    declared = {name for name in dir(ToolHost) if not name.startswith("_")} \
        | set(ToolHost.__annotations__)
    fire_declared = {name for name in dir(FireHost) if not name.startswith("_")} | declared
    used, fire_used = set(), set()
    for source in Path(tools_package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "host":
                used.add(node.attr)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "fire_host":
                fire_used.add(node.attr)
    assert used and used <= declared, used - declared
    assert fire_used and fire_used <= fire_declared, fire_used - fire_declared


def test_rectangle_draws_a_snapped_structure_of_its_kind(host):
    tool = RectangleTool(host)
    assert tool.kind == "townhouse"
    drive(tool, (20.4, 1.2), (25, 5), (29.7, 9.1))
    (new,) = [s for key, s in host.document.siege.structures.items() if key != "h1"]
    assert new.kind == "townhouse"
    assert new.footprint == [(20.0, 2.0), (30.0, 2.0), (30.0, 10.0), (20.0, 10.0)]
    assert host.document.selection == (new.id,)
    assert not tool._previews  # the rubber band is gone


def test_rectangle_without_width_says_so_and_draws_nothing(host):
    tool = RectangleTool(host)
    drive(tool, (20, 0), (20, 10))
    assert host.statuses == ["Rectangle: drag to give it a width and a depth."]
    assert list(host.document.siege.structures) == ["h1"]


def test_polygon_closes_on_its_first_corner_and_refuses_a_bow_tie(host):
    tool = PolygonTool(host)
    tool.kind = "stone_house"
    for point in ((20, 0), (30, 0), (30, 10)):
        tool.mouse_pressed(event(*point))
    tool.mouse_pressed(event(20.2, 0.1))  # within 8 px of the first corner: closes
    new = host.document.structure(host.document.selection[0])
    assert (new.kind, new.footprint) == ("stone_house", [(20, 0), (30, 0), (30, 10)])
    assert tool.points == []
    for point in ((40, 0), (50, 10), (50, 0), (40, 10)):
        tool.mouse_pressed(event(*point))
    assert tool.key_pressed(Qt.Key.Key_Return)
    assert len(host.warnings) == 1 and host.warnings[0].startswith("Cannot draw this polygon")
    assert len(tool.points) == 4  # kept on screen to be fixed
    assert tool.key_pressed(Qt.Key.Key_Backspace) and len(tool.points) == 3
    assert tool.key_pressed(Qt.Key.Key_Escape) and tool.points == []
    assert host.document.undo_stack.count() == 1


def test_wall_cuts_sections_of_the_ruleset_length_and_its_thickness(host):
    tool = WallTool(host)
    assert tool.kind == "curtain_wall"
    tool.thickness_m = 4.0
    tool.mouse_pressed(event(0, 20))
    tool.mouse_double_clicked(event(30, 20))
    walls = host.document.selected_structures()
    assert [w.kind for w in walls] == ["curtain_wall"] * 3  # H12: 10 m sections
    assert [w.footprint for w in walls] == [
        [(10.0 * (i + 1), 22.0), (10.0 * (i + 1), 18.0), (10.0 * i, 18.0), (10.0 * i, 22.0)]
        for i in range(3)]  # 4 m thick about the centre line y = 20
    assert host.document.undo_stack.count() == 1


def test_wall_toolbar_widgets_are_its_own_and_set_its_thickness_and_kind(host):
    tool = WallTool(host)
    widgets = tool.toolbar_widgets()
    assert tool.toolbar_widgets() is widgets  # built once
    kind_box = next(w for w in widgets if w.objectName() == "wallKindBox")
    thickness = next(w for w in widgets if w.objectName() == "wallThicknessBox")
    assert kind_box.currentData() == "curtain_wall"
    thickness.setValue(3.5)
    assert tool.kind == "curtain_wall" and tool.thickness_m == 3.5
    kind_box.activated.emit(kind_box.findData("stone_house"))
    assert tool.kind == "stone_house"
    assert SelectTool(host).toolbar_widgets() == []


def test_a_new_document_of_another_ruleset_resets_the_drawing_kind_and_its_box(host):
    tool = RectangleTool(host)
    (label, box) = tool.toolbar_widgets()
    tool.kind = "bunker"
    host.document.load(SiegeFile(siege=Siege(name="Hull", ruleset="armory")), None)
    assert tool.kind == "brick_house"
    assert box.currentData() == "brick_house"
    assert box.count() == len({box.itemData(i) for i in range(box.count())}) > 1


def test_select_clicks_shift_clicks_drags_and_bands(host):
    document = host.document
    document.add_structures([new_structure("harris", "townhouse", "h2",
                                           [(20, 0), (30, 0), (30, 8), (20, 8)])])
    tool = SelectTool(host)
    tool.activate()
    drive(tool, (5, 4))
    assert document.selection == ("h1",)
    drive(tool, (25, 4), modifiers=SHIFT)
    assert document.selection == ("h1", "h2")
    drive(tool, (5, 4), (7, 6), (9.3, 7.8))  # a snapped move of both
    assert document.structure("h1").footprint[0] == (4.0, 4.0)
    assert document.structure("h2").footprint[0] == (24.0, 4.0)
    assert host.scene.structure_items["h1"].pos().x() == 0  # the drag preview is undone
    drive(tool, (-5, -5), (0, 0), (50, 50))  # a band over both from empty ground
    assert set(document.selection) == {"h1", "h2"}
    drive(tool, (60, 60))  # a click on empty ground clears
    assert document.selection == ()


def test_select_drags_a_corner_and_refuses_a_bad_one(host):
    tool = SelectTool(host)
    tool.activate()
    host.document.select(["h1"])
    drive(tool, (10, 8), (12, 10), (14, 12))
    assert host.document.structure("h1").footprint[2] == (14.0, 12.0)
    drive(tool, (14, 12), (-6, 4), (-6, 4.1))  # crosses the outline
    assert host.warnings and host.warnings[0].startswith("Cannot move this corner")
    assert host.document.structure("h1").footprint[2] == (14.0, 12.0)


def test_battery_places_with_the_current_weapon_moves_and_needs_a_weapon(host):
    tool = BatteryTool(host)
    drive(tool, (100.4, 50.2))
    (battery,) = host.document.siege.batteries.values()
    assert (battery.position, battery.weapon_id) == ((100.0, 50.0), "he_shell")
    assert host.chosen == [battery.id]
    drive(tool, (100, 50), (110, 60), (120.3, 60.1))
    assert host.document.siege.batteries[battery.id].position == (120.0, 60.0)
    host.weapon_id = None
    drive(tool, (200, 200))
    assert host.warnings == ["Choose a weapon in the Weapons dock first: a battery needs one."]
    assert len(host.document.siege.batteries) == 1


def test_fire_describes_the_shot_and_a_click_plays_it(host):
    tool = FireTool(host)
    tool.activate()
    tool.mouse_moved(event(5, 4))
    assert tool.last_text == ("Artillery HE shell at A1; range 100.0 m (range typed); band up "
                              "to 3000 m, penetration 38; blast: concussion 40, reaches 6 "
                              "squares; on Mill; collapse never, fire 1 in 6")
    # The odds (rules.odds): penetration 38 + 2D6 never brings the Mill down in one shot;
    # an HE round sets a building alight on a 6 of 1D6 (H9).
    assert host.statuses[-1] == tool.last_text
    assert len(tool.blast.cells) == 13 * 13  # the blast's reach, square by square (6 around)
    before = len(host.document.siege.log)
    tool.mouse_pressed(event(5, 4))
    assert len(host.outcomes) == 1 and len(host.document.siege.log) > before
    host.settings = FireSettings(weapon_id=None)
    tool.mouse_pressed(event(5, 4))
    assert host.warnings == ["Cannot fire: choose a battery, or a weapon in the Weapons dock."]
    assert len(host.outcomes) == 1


def test_measure_reads_metres_and_squares_and_changes_nothing(host):
    tool = MeasureTool(host)
    drive(tool, (0, 0), (15, 0), (30, 0))
    assert tool.last_text == "Distance 30.0 m, 3 square(s) apart"
    assert host.document.undo_stack.count() == 0


def test_grid_origin_moves_the_grid_where_clicked(host):
    GridOriginTool(host).mouse_pressed(event(3.25, 4.5))
    assert host.document.siege.grid_origin == (3.25, 4.5)
    assert host.document.undo_stack.count() == 1


def test_calibrate_asks_the_distance_and_sets_the_scale(host, tmp_path):
    tool = CalibrateTool(host)
    tool.mouse_pressed(event(0, 0))
    assert host.warnings == ["There is no map image to calibrate: import one first."]
    data = plan_image(tmp_path / "plan.png").read_bytes()
    host.document.set_map("map.png", data, 10.0)
    host.numbers.append(20.0)  # the two points are 20 m apart
    tool.mouse_pressed(event(0, 0))
    tool.mouse_moved(event(20, 0))
    tool.mouse_pressed(event(40, 0))  # 400 image pixels apart
    assert host.document.siege.map.pixels_per_metre == 20.0
    assert host.statuses[-1] == "Map scale: 40.00 pixels per 2 m."
    host.numbers.append(0.0)
    tool.mouse_pressed(event(0, 0))
    tool.mouse_pressed(event(10, 0))
    assert host.warnings[-1].startswith("Calibration: the distance must be more than 0 m")
    assert host.document.siege.map.pixels_per_metre == 20.0
    assert isinstance(host.document.siege.map, MapImage)
