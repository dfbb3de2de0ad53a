"""The main window: the map in the middle, docks around it, menus, tools and the status bar.

The window only wires: each job is its own object, made here and reachable as an attribute.
``prompts`` asks the GM every question (tests answer by replacing its methods); ``playing``
plays the siege and is the tools' host; ``files`` opens, saves and recovers; ``snapshots``
exports and prints; ``edits`` edits the selection; ``map_image`` the image under the board;
``dock_layout`` places the docks; ``menus`` holds the actions, menus and toolbars.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from siegeboard import __version__
from siegeboard.geometry import label_at
from siegeboard.persist.autosave import Autosaver
from siegeboard.ui import accessible_names, dock_keys, language, wheel_guard
from siegeboard.ui.actions_menus import MenuTargets, WindowMenus
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.controllers.edit_controller import EditController
from siegeboard.ui.controllers.file_controller import FileController
from siegeboard.ui.controllers.map_image_controller import MapImageController
from siegeboard.ui.controllers.play_controller import PlayController
from siegeboard.ui.controllers.players_screen import PlayersScreenController
from siegeboard.ui.controllers.sharing import ShareController
from siegeboard.ui.controllers.snapshot_controller import SnapshotController
from siegeboard.ui.dialogs.example_maps_dialog import ExampleMapOpener
from siegeboard.ui.dialogs.import_dialog import MapImporter
from siegeboard.ui.dialogs.prompts import APP, Prompts
from siegeboard.ui.dialogs.story_dialog import StoryExporter
from siegeboard.ui.dialogs.vtt_export_dialog import VttExporter
from siegeboard.ui.dock_layout import DockLayout, Docks, default_window_size
from siegeboard.ui.docks.actions import ActionsDock
from siegeboard.ui.docks.clock import ClockDock
from siegeboard.ui.docks.fire import FireDock
from siegeboard.ui.docks.history import HistoryDock
from siegeboard.ui.docks.inspector import InspectorDock
from siegeboard.ui.docks.legend import LegendDock
from siegeboard.ui.docks.log import LogDock
from siegeboard.ui.docks.odds import OddsDock
from siegeboard.ui.docks.scene import SceneDock
from siegeboard.ui.docks.structures import StructuresDock
from siegeboard.ui.docks.weapons import WeaponsDock
from siegeboard.ui.document.autosave_keeper import AutosaveKeeper
from siegeboard.ui.document.changes import Aspect
from siegeboard.ui.document.document import Document
from siegeboard.ui.first_run_hint import FirstRunHint
from siegeboard.ui.keyboard_play import KeyboardPlay, KeyboardTargets
from siegeboard.ui.language import tr
from siegeboard.ui.timeline import Timeline, TimelineTargets
from siegeboard.ui.tool_notice import ToolNotice
from siegeboard.ui.tools.base import Tool
from siegeboard.ui.tools.battery import BatteryTool
from siegeboard.ui.tools.calibrate import CalibrateTool
from siegeboard.ui.tools.fire import FireTool
from siegeboard.ui.tools.grid_origin import GridOriginTool
from siegeboard.ui.tools.measure import MeasureTool
from siegeboard.ui.tools.polygon import PolygonTool
from siegeboard.ui.tools.rectangle import RectangleTool
from siegeboard.ui.tools.select import SelectTool
from siegeboard.ui.tools.show_box import ShowBoxTool
from siegeboard.ui.tools.trace import TraceTool
from siegeboard.ui.tools.wall import WallTool


class MainWindow(QMainWindow):
    map_importer: MapImporter  # File > Import…, made with the menus (``WindowMenus``)

    def __init__(self, settings: QSettings | None = None, autosaver: Autosaver | None = None):
        """``autosaver``: where unsaved work is kept (default: the user's data folder)."""
        super().__init__()
        self.setObjectName("MainWindow")
        app = QApplication.instance()
        assert isinstance(app, QApplication)  # a window lives in a widgets application
        wheel_guard.install(app)  # no edit by accident, in every window
        dock_keys.install(app)  # letters typed in a dock's box stay there
        accessible_names.install(app)  # every control read by its name
        self.settings = settings or QSettings(APP, APP)
        self.document = Document(parent=self)
        self.autosaver = autosaver if autosaver is not None else Autosaver()
        self.autosave = AutosaveKeeper(self.document, self.autosaver, self)
        self.autosave.failed.connect(
            lambda error: self.show_status(tr(
                "Autosave failed: {error}. Save your work.").format(error=error)))
        self.scene = MapScene(self.document, self)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.tool_notice = ToolNotice(self.view)

        # Every question goes through ``prompts``, looked up at call time (tests answer
        # dialogs by replacing its methods).
        self.prompts = Prompts(self, lambda: self.files.last_dir(),
                               lambda: self.files.display_name())
        prompts = self.prompts
        warn = lambda message: prompts.warn(message)  # noqa: E731
        self.files = FileController(self.document, self.scene, prompts, self.settings,
                                    self.autosaver, self.autosave, self.show_status,
                                    self._update_title)
        self.snapshots = SnapshotController(self.document, self.view, prompts,
                                            self.files.last_dir, self.show_status, self.settings)
        self.vtt_exporter = VttExporter(self.document, prompts, self.files.last_dir,
                                        self.show_status, self.settings)
        self.story_exporter = StoryExporter(self.document, prompts, self.files.last_dir,
                                            self.show_status, self.settings)
        self.edits = EditController(self.document, prompts)
        self.map_image = MapImageController(self.document, self.view, prompts, self.show_status,
                                            self.settings)

        self.weapons_dock = WeaponsDock(self.document, warn, self)
        self.fire_dock = FireDock(self.document, warn, lambda: self.weapons_dock.current_id, self,
                                  settings=self.settings)
        self.playing = PlayController(self.document, self.scene, prompts, self.show_status,
                                      self.autosave, self.weapons_dock, self.fire_dock,
                                      self.settings)
        play = lambda action: self.playing.play(action)  # noqa: E731
        self.inspector = InspectorDock(self.document, warn, self)
        self.structures_dock = StructuresDock(self.document, self)
        self.history_dock = HistoryDock(self.document, self)
        self.clock_dock = ClockDock(self.document, self.playing.advance_clock, self)
        self.log_dock = LogDock(self.document, self)
        self.legend_dock = LegendDock(self.document, self)
        self.actions_dock = ActionsDock(self.document, play, warn, self)
        self.scene_dock = SceneDock(self.document, play, warn, self)
        self.odds_dock = OddsDock(self.document, self.fire_dock, self)
        self.weapons_dock.current_changed.connect(lambda _id: self.fire_dock.refresh_weapon())
        self.fire_dock.battery_chosen.connect(self.scene.choose_battery)

        fire_tool = FireTool(self.playing)
        self.tools: dict[str, Tool] = {tool.name: tool for tool in (
            SelectTool(self.playing), RectangleTool(self.playing), PolygonTool(self.playing),
            WallTool(self.playing), CalibrateTool(self.playing), GridOriginTool(self.playing),
            MeasureTool(self.playing), BatteryTool(self.playing), fire_tool,
            TraceTool(self.playing),
            ShowBoxTool(self.playing, lambda rect: self.players_screen.show_box(rect)))}
        for tool in self.tools.values():
            tool.on_finished = self._return_to_select
        # The range rings follow the chosen battery, its moves and its weapon's bands.
        self.fire_dock.battery_chosen.connect(lambda _id: fire_tool.refresh_rings())
        self.document.changed.connect(lambda _change: fire_tool.refresh_rings())
        self.tool: Tool | None = None

        # The side columns run the full height; the log sits under the map only.
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.dock_layout = DockLayout(self, Docks(
            inspector=self.inspector, actions=self.actions_dock, scene=self.scene_dock,
            structures=self.structures_dock, history=self.history_dock,
            legend=self.legend_dock, fire=self.fire_dock, weapons=self.weapons_dock,
            clock=self.clock_dock, log=self.log_dock, odds=self.odds_dock),
            self.document, self.show_status, self.settings)
        self.dock_layout.apply_default_layout()
        # File > Import…: another format as a new siege.
        self.map_importer = MapImporter(self.document, self.view, prompts, self.settings,
                                        lambda: self.files.maybe_save(), self.show_status, self)
        # File > Open Example Map…: a new siege on an old map shipped with the program.
        self.example_maps = ExampleMapOpener(self.document, self.view.fit_to_map, self,
                                             self.settings,
                                             lambda: self.files.maybe_save(),
                                             lambda message: prompts.warn(message),
                                             self.show_status)
        self.menus = WindowMenus(self, MenuTargets(
            document=self.document, files=self.files, snapshots=self.snapshots,
            edits=self.edits, map_image=self.map_image, view=self.view, grid=self.scene.grid,
            playing=self.playing, tools=self.tools, set_tool=self.set_tool,
            dock_layout=self.dock_layout, importer=self.map_importer,
            example_maps=self.example_maps,
            vtt_exporter=self.vtt_exporter, story_exporter=self.story_exporter,
            prompts=prompts))
        self.dock_layout.fit_toolbars = self.menus.fit_toolbars
        self.first_run_hint = FirstRunHint(self.document, self.view)
        # The timeline lies along the map's foot, over it: the map keeps its whole size.
        self.timeline = Timeline(self.document, TimelineTargets(
            menus=self.menus, view=self.view, set_tool=self.set_tool,
            history_view=self.history_dock.view, log_dock=self.log_dock,
            editing_docks=(self.inspector, self.fire_dock, self.weapons_dock, self.actions_dock,
                           self.scene_dock, self.clock_dock),
            warn=warn, show_status=self.show_status), self.view)
        self.players_screen = PlayersScreenController(self.document, self.view, self.scene,
                                                      self.show_status, self.settings, self)
        self.players_screen.add_to(self.menus.view_menu, self.menus.tool_actions["show_box"])
        self.sharing = ShareController(self.document, self.settings, self)
        self.menus.view_menu.addAction(self.sharing.action)
        self.language_menu = language.add_menu(self.menus.view_menu, self.settings,
                                               lambda message: prompts.inform(message))
        self.players_screen.shown_listeners.append(self.sharing.show_them)
        self.players_screen.blank_listeners.append(self.sharing.set_blank)
        self.sharing.listeners.append(
            lambda: self.players_screen.set_sharing(self.sharing.sharing))
        self._make_status_bar()
        self.keyboard = KeyboardPlay(self, KeyboardTargets(
            document=self.document, view=self.view, playing=self.playing, menus=self.menus,
            docks=self.dock_layout.dock_set, fire_at_square=fire_tool.square_box),
            self.settings)

        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self.document.path_changed.connect(self._update_title)
        self.document.changed.connect(self._on_document_changed)
        self.document.selection_changed.connect(self._update_selection_actions)
        self.view.pointer_moved.connect(self._show_pointer)
        self.view.zoom_changed.connect(self._show_zoom)
        self._on_document_changed(None)
        self.set_tool("select")
        self._update_title()
        self._update_selection_actions()
        screen = self.screen() or QApplication.primaryScreen()
        self.resize(default_window_size(screen.availableGeometry().size()))
        self.dock_layout.apply_default_layout()  # again: for this size, with the toolbars
        self._fitted_once = False
        self.dock_layout.restore()

    def show_status(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _make_status_bar(self) -> None:
        self.position_label = QLabel("–")
        self.square_label = QLabel("–")
        self.zoom_label = QLabel("–")
        for label, width in ((self.position_label, 150), (self.square_label, 60),
                             (self.zoom_label, 110)):
            label.setMinimumWidth(width)
            self.statusBar().addPermanentWidget(label)
        self._show_zoom(self.view.current_scale())

    # -- tools ----------------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        """Make the tool ``name`` the view's mouse mode, with its own toolbar widgets."""
        previous = self.tool
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool = self.tools[name]
        self.view.tool = tool
        self.menus.show_tool(tool)
        self.view.viewport().setCursor(tool.cursor)
        tool.activate()
        if previous is not None and previous is not tool:  # said on the map too
            self.tool_notice.show_tool(tool)

    def _return_to_select(self) -> None:
        """A one-shot tool did its job: Select again. Called from inside the tool's mouse
        handler, which calls ``finish`` only once its own state is settled."""
        self.set_tool("select")

    # -- document reactions -------------------------------------------------------------------
    def _on_document_changed(self, change) -> None:
        if change is None or change.reset:
            self.dock_layout.show_ruleset_docks()
            if self.tool is not None:
                self.tool.cancel()
            self.view.fit_to_map()
        if change is None or change.touches(Aspect.MAP):
            self.menus.update_map_image(self.document.siege.map)
        if change is None or change.touches(Aspect.SETTINGS):  # the title shows the name
            self._update_title()

    def _update_selection_actions(self, *args) -> None:
        self.menus.update_selection(len(self.document.selection))

    def _update_title(self, *args) -> None:
        self.setWindowTitle(tr("{name} — {display_name}[*] — "
                            "siegeboard {version}").format(
                                    name=self.document.siege.name,
                                            display_name=self.files.display_name(),
                                                    version=__version__))
        self.setWindowModified(self.document.modified)

    def _show_pointer(self, point: QPointF) -> None:
        self.position_label.setText(f"x {point.x():.1f} m, y {point.y():.1f} m")
        siege = self.document.siege
        self.square_label.setText(label_at((point.x(), point.y()), siege.grid_origin,
                                           siege.label_anchor))

    def _show_zoom(self, scale: float) -> None:
        self.zoom_label.setText(tr("{scale:.3g} px per m").format(scale=scale))

    # -- showing and closing --------------------------------------------------------------------
    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.dock_layout.hide_stale_tab_bars()
        if not self._fitted_once:  # the viewport has its real size only once shown
            self._fitted_once = True
            self.view.fit_to_map()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        menus = getattr(self, "menus", None)  # None while the window is being built
        if menus is not None:
            menus.fit_toolbars()  # a second toolbar row only when one would overflow

    def closeEvent(self, event) -> None:
        if not self.files.maybe_save():
            event.ignore()
            return
        self.dock_layout.save()
        self.players_screen.set_open(False)
        self.sharing.stop()  # the players' pages end with the window
        self.files.end_session()
        event.accept()
