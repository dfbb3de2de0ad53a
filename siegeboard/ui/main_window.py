"""The main window: the map in the middle, docks around it, menus, tools and the status bar.

Every question to the GM goes through ``warn``, ``ask_number``, ``ask_choice``,
``ask_save_changes`` and the ``ask_*_path`` methods, so tests can answer them without a
blocking dialog. Errors from files and edits become one message; the document is unchanged.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDockWidget, QDoubleSpinBox, QFileDialog, QInputDialog, QLabel, QLineEdit,
    QMainWindow, QMessageBox, QTabBar,
)

from siegeboard.geometry import label_at
from siegeboard.model.actions import AdvanceClock
from siegeboard.model.catalogue import catalogue
from siegeboard.model.siege import Siege
from siegeboard.model.siege import TURNS_PER_MINUTE
from siegeboard.persist import (
    SiegeFile, SiegeFileChanged, SiegeFileError, SiegeFileReadOnly, read_siege,
)
from siegeboard.persist.autosave import Autosaver, RecoveryCandidate
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import SnapshotError, configure_page, export_snapshot, \
    paint_snapshot
from siegeboard.rules.dice import DiceExhausted
from siegeboard.rules.engine import RuleError
from siegeboard.ui.autosave_keeper import AutosaveKeeper
from siegeboard.ui.docks.actions import ActionsDock
from siegeboard.ui.docks.clock import ClockDock
from siegeboard.ui.docks.fire import FireDock
from siegeboard.ui.docks.history import HistoryDock
from siegeboard.ui.docks.inspector import InspectorDock
from siegeboard.ui.docks.legend import LegendDock
from siegeboard.ui.docks.log import LogDock
from siegeboard.ui.docks.scene import SceneDock
from siegeboard.ui.docks.structures import StructuresDock
from siegeboard.ui.docks.weapons import WeaponsDock
from siegeboard.ui.document import Document
from siegeboard.ui.siege_settings import SiegeSettingsDialog
from siegeboard.ui.export_dialog import ExportDialog
from siegeboard.ui.items.map_image_item import decode_image
from siegeboard.ui.map_scene import MapScene
from siegeboard.ui.map_view import MapView
from siegeboard.ui.play_commands import action_title
from siegeboard.ui.tools.base import snap_to_grid
from siegeboard.ui.tools.battery import BatteryTool
from siegeboard.ui.tools.calibrate import CalibrateTool
from siegeboard.ui.tools.fire import FireSettings, FireTool
from siegeboard.ui.tools.grid_origin import GridOriginTool
from siegeboard.ui.tools.measure import MeasureTool
from siegeboard.ui.tools.polygon import PolygonTool
from siegeboard.ui.tools.rectangle import RectangleTool
from siegeboard.ui.tools.select import SelectTool
from siegeboard.ui.tools.wall import WallTool

APP = "siegeboard"
SIEGE_FILTER = "Siege files (*.siege)"
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.tif *.tiff *.webp *.bmp)"
IMAGE_SUFFIXES = {".png": "png", ".jpg": "jpg", ".jpeg": "jpg", ".tif": "tif", ".tiff": "tif",
                  ".webp": "webp", ".bmp": "bmp"}
MAX_RECENT = 8
# Bumped whenever the default dock layout changes: a state saved by an older layout is not
# restored (Qt would bring back its cramped arrangement); the default is used instead.
LAYOUT_VERSION = 2
LOG_HEIGHT_PX = 165  # the log dock's default height: about six lines
DEFAULT_PIXELS_PER_METRE = 10.0
BUILDING_KINDS = ("townhouse", "brick_house", "brick_farmhouse")


def parse_dice(text: str) -> list[int] | None:
    """Dice typed at the table, "3 5 6" or "3, 5, 6"; None when blank (the program rolls)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    try:
        return [int(part) for part in parts]
    except ValueError:
        raise ValueError(f"the dice box holds {text.strip()!r}: type whole numbers, e.g. 3 5 6") \
            from None


def default_kind(ruleset: str, wall: bool) -> str:
    """The catalogue kind a new drawing starts as: a wall kind for walls, a house otherwise."""
    kinds = [entry.kind for entry in catalogue(ruleset).structures]
    if wall:
        walls = [kind for kind in kinds if "wall" in kind]
        return walls[0] if walls else kinds[0]
    for kind in BUILDING_KINDS:
        if kind in kinds:
            return kind
    return kinds[0]


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, autosaver: Autosaver | None = None):
        """``autosaver``: where unsaved work is kept (default: the user's data folder)."""
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings or QSettings(APP, APP)
        self.document = Document(parent=self)
        self.autosaver = autosaver if autosaver is not None else Autosaver()
        self.autosave = AutosaveKeeper(self.document, self.autosaver, self)
        self.autosave.failed.connect(
            lambda error: self.show_status(f"Autosave failed: {error}. Save your work."))
        self.scene = MapScene(self.document, self)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self._clipboard: list = []
        self._paste_count = 0
        self._ruleset_shown: bool | None = None  # the ruleset the docks were last fitted to
        self._snapshot_options: SnapshotOptions | None = None  # the last ones used

        self.tools = {tool.name: tool for tool in (
            SelectTool(self), RectangleTool(self), PolygonTool(self), WallTool(self),
            CalibrateTool(self), GridOriginTool(self), MeasureTool(self), BatteryTool(self),
            FireTool(self))}
        self.tool = None

        self.inspector = InspectorDock(self.document, self.warn, self)
        self.structures_dock = StructuresDock(self.document, self)
        self.history_dock = HistoryDock(self.document, self)

        # Docks talk to the GM through the window's methods, looked up at call time (tests
        # answer dialogs by replacing them).
        warn = lambda message: self.warn(message)  # noqa: E731
        play = lambda action: self.play(action)  # noqa: E731
        self.weapons_dock = WeaponsDock(self.document, warn, self)
        self.fire_dock = FireDock(self.document, warn, self.current_weapon_id, self)
        self.clock_dock = ClockDock(self.document, self.advance_clock, self)
        self.log_dock = LogDock(self.document, self)
        self.legend_dock = LegendDock(self.document, self)
        self.actions_dock = ActionsDock(self.document, play, warn, self)
        self.scene_dock = SceneDock(self.document, play, warn, self)
        # The side columns run the full height; the log sits under the map only.
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.apply_default_layout()
        self.weapons_dock.current_changed.connect(lambda _id: self.fire_dock.refresh_weapon())
        self.fire_dock.battery_chosen.connect(self.scene.choose_battery)

        self._make_actions()
        self._make_menus_and_toolbars()
        self._make_status_bar()

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
        self.resize(1280, 820)
        self._fitted_once = False
        self._restore_layout()

    # -- questions to the GM (tests replace these) -------------------------------------------
    def warn(self, message: str) -> None:
        QMessageBox.warning(self, APP, message)

    def ask_number(self, title: str, label: str, value: float, decimals: int = 2) -> float | None:
        number, ok = QInputDialog.getDouble(self, title, label, value, -1e9, 1e9, decimals)
        return number if ok else None

    def ask_choice(self, title: str, label: str, choices: list[str]) -> str | None:
        choice, ok = QInputDialog.getItem(self, title, label, choices, 0, False)
        return choice if ok else None

    def ask_save_changes(self) -> str:
        """"save", "discard" or "cancel"."""
        answer = QMessageBox.question(
            self, APP, f"Save the changes to {self._display_name()} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_changed_on_disk(self, name: str, error: SiegeFileChanged) -> str:
        """"reload", "save_as", "overwrite" or "cancel": what to do with a file another
        program or window saved since this window read it."""
        now = error.now.describe() if error.now is not None else "removed"
        box = QMessageBox(QMessageBox.Icon.Warning, APP,
                          f"{name} was changed by another program or window since this window "
                          f"read it.", QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(
            f"When read here: {error.read.describe()}\nNow: {now}\n\nReload it and play this "
            f"window's unsaved actions again on top of it, save this window's siege as another "
            f"file, or overwrite the other changes?")
        buttons = {box.addButton("Reload and play again", QMessageBox.ButtonRole.AcceptRole):
                   "reload",
                   box.addButton("Save As...", QMessageBox.ButtonRole.ActionRole): "save_as",
                   box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole):
                   "overwrite"}
        box.exec()
        return buttons.get(box.clickedButton(), "cancel")

    def ask_replace_read_only(self, name: str) -> bool:
        answer = QMessageBox.question(
            self, APP, f"{name} is read-only. Replace it all the same (it stays read-only)?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def ask_recover(self, description: str) -> bool:
        """Whether to recover the autosave ``description`` (``RecoveryCandidate.describe``)."""
        answer = QMessageBox.question(
            self, APP, "siegeboard did not close properly last time. An autosave of unsaved "
            f"work is left:\n\n{description}\n\nRecover it? (If not, it is kept until "
            "siegeboard next closes normally.)",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def run_dialog(self, dialog: QDialog) -> bool:
        """Show a modal dialog (snapshot options, print preview); True if accepted."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Open siege", self._last_dir(), SIEGE_FILTER)
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, "Save siege as", self._last_dir(), SIEGE_FILTER)
        if not name:
            return None
        path = Path(name)
        return path if path.suffix == ".siege" else path.with_suffix(".siege")

    def ask_image_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self, "Import map image", self._last_dir(),
                                              IMAGE_FILTER)
        return Path(name) if name else None

    def edit_siege_settings(self) -> None:
        """Play > Siege Settings: one undoable edit of name, seed and ruleset options."""
        siege = self.document.siege
        dialog = SiegeSettingsDialog(siege.name, siege.ruleset, siege.options, siege.dice_seed,
                                     self)
        if self.run_dialog(dialog) and self.document.edit_settings(*dialog.values()):
            self.show_status("Siege settings changed.")

    def show_status(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    # -- playing the siege ----------------------------------------------------------------------
    def current_weapon_id(self) -> str | None:
        """The weapon chosen in the Weapons dock."""
        return self.weapons_dock.current_id

    def fire_settings(self) -> FireSettings:
        return self.fire_dock.settings()

    def choose_battery(self, battery_id: str | None) -> None:
        """Make ``battery_id`` the one the fire tool shoots from."""
        self.fire_dock.choose(battery_id)
        self.scene.choose_battery(battery_id)

    def table_dice(self) -> list[int] | None:
        """The dice typed in the toolbar's Dice box; None when it is blank."""
        return parse_dice(self.dice_edit.text())

    def play(self, action, dice_values=None):
        """Play a rules action through the document; the dice typed at the table are used
        (and then cleared) when there are any. A refusal is one message and changes nothing.
        Returns the outcome, or None when nothing happened."""
        title = action_title(action, self.document.siege)
        try:
            if dice_values is None:
                dice_values = self.table_dice()
            outcome = self.document.play(action, dice_values)
        except DiceExhausted as error:
            self.warn(f"{title}: too few dice typed at the table ({error}). Type every die "
                      "the action needs, or clear the Dice box to let the program roll. "
                      "Nothing has changed.")
            return None
        except (RuleError, ValueError) as error:
            self.warn(f"{title}: {error}. Nothing has changed.")
            return None
        if dice_values is not None:
            self.dice_edit.clear()
        self.autosave.soon()  # every shot and clock step is kept at once
        message = outcome.lines[-1] if outcome.lines else title
        # A section Breached is the news of the shot: the board says so first.
        opened = any(event.kind in ("breached", "opened") for event in outcome.events)
        breached = [line for line in outcome.lines if "is Breached" in line]
        if opened and breached:
            message = breached[-1]
        if self.document.unused_dice:
            message += f" ({self.document.unused_dice} typed dice were not needed)"
        self.show_status(message)
        return outcome

    def advance_clock(self, turns: int):
        return self.play(AdvanceClock(turns=turns))

    # -- actions ------------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "", checkable=False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda checked=False: slot())
        return action

    def _make_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action("&New", self.new_siege, keys.New)
        self.open_action = self._action("&Open…", self.open_dialog, keys.Open)
        self.save_action = self._action("&Save", self.save, keys.Save)
        self.save_as_action = self._action("Save &As…", self.save_as, keys.SaveAs)
        self.quit_action = self._action("&Quit", self.close, keys.Quit)
        if self.quit_action.shortcut().isEmpty():
            # Some platforms (and themes) bind no key to StandardKey.Quit; Ctrl+Q is the norm.
            self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.print_action = self._action("&Print…", self.print_snapshot, keys.Print,
                                         "Print a snapshot of the siege (print preview)")
        self.export_action = self._action("&Export Snapshot…", self.export_snapshot_dialog,
                                          "Ctrl+E", "Write a snapshot to PDF, PNG or SVG")
        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence(keys.Undo))
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence(keys.Redo), QKeySequence("Ctrl+Shift+Z")])
        self.delete_action = self._action("&Delete", self.delete_selection, keys.Delete)
        self.copy_action = self._action("&Copy", self.copy_selection, keys.Copy)
        self.paste_action = self._action("&Paste", self.paste, keys.Paste)
        self.duplicate_action = self._action("D&uplicate", self.duplicate_selection, "Ctrl+D")
        self.select_all_action = self._action("Select &All", self.select_all, keys.SelectAll)
        self.rotate_cw_action = self._action("Rotate 90° Clockwise",
                                             lambda: self.rotate_selection(90), "Ctrl+]")
        self.rotate_ccw_action = self._action("Rotate 90° Anticlockwise",
                                              lambda: self.rotate_selection(-90), "Ctrl+[")
        self.rotate_by_action = self._action("Rotate By…", self.rotate_selection_by)
        self.split_action = self._action("S&plit Section", self.split_selection, "Ctrl+K")
        self.merge_action = self._action("&Merge Sections", self.merge_selection, "Ctrl+M")

        self.zoom_in_action = self._action("Zoom &In", self.view.zoom_in, keys.ZoomIn)
        self.zoom_out_action = self._action("Zoom &Out", self.view.zoom_out, keys.ZoomOut)
        self.fit_action = self._action("&Fit to Map", self.view.fit_to_map, "Ctrl+0")
        self.grid_action = self._action("2 m &Grid", lambda on: self.scene.grid.set_layers(fine=on),
                                        "Ctrl+G", checkable=True)
        self.squares_action = self._action(
            "10 m S&quares", lambda on: self.scene.grid.set_layers(squares=on), "Ctrl+Shift+G",
            checkable=True)
        self.labels_action = self._action(
            "Square &Labels", lambda on: self.scene.grid.set_layers(labels=on), checkable=True)
        for action in (self.grid_action, self.squares_action, self.labels_action):
            action.setChecked(True)

        self.turn_action = self._action("+1 &Turn", lambda: self.advance_clock(1), "Ctrl+T",
                                        "Advance the clock one turn (5 s)")
        self.minute_action = self._action("+1 Mi&nute",
                                          lambda: self.advance_clock(TURNS_PER_MINUTE),
                                          "Ctrl+Shift+T", "Advance the clock one minute")

        self.import_image_action = self._action("&Import Image…", self.import_image_dialog,
                                                "Ctrl+I")
        self.remove_image_action = self._action("&Remove Image", self.remove_image)
        self.scale_action = self._action("Set Scale (Pixels per 2 m)…", self.set_scale_dialog)
        self.rotate_image_action = self._action("R&otate Image…", self.rotate_image_dialog)
        self.lock_image_action = self._action("&Lock Image", self.set_image_locked,
                                              checkable=True)

        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            action = QAction(tool.label, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setStatusTip(tool.status_tip)
            action.setToolTip(f"{tool.label} ({tool.shortcut})")
            action.triggered.connect(lambda checked=False, name=name: self.set_tool(name))
            self.tool_group.addAction(action)
            self.tool_actions[name] = action

    def _make_menus_and_toolbars(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action])
        # Print and export (snapshots) go between here and Quit: ``file_export_separator``.
        self.file_menu = file_menu
        file_menu.addSeparator()
        file_menu.addActions([self.print_action, self.export_action])
        self.file_export_separator = file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self._fill_recent_menu()

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.copy_action, self.paste_action, self.duplicate_action,
                              self.delete_action, self.select_all_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.rotate_cw_action, self.rotate_ccw_action,
                              self.rotate_by_action, self.split_action, self.merge_action])

        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        view_menu.addActions([self.grid_action, self.squares_action, self.labels_action])
        view_menu.addSeparator()
        for dock in self.docks():
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.reset_layout_action = self._action("&Reset Layout", self.reset_layout)
        view_menu.addAction(self.reset_layout_action)

        map_menu = bar.addMenu("&Map")
        map_menu.addActions([self.import_image_action, self.remove_image_action])
        map_menu.addSeparator()
        map_menu.addActions([self.tool_actions["calibrate"], self.scale_action,
                             self.tool_actions["grid_origin"]])
        map_menu.addSeparator()
        map_menu.addActions([self.rotate_image_action, self.lock_image_action])

        tools_menu = bar.addMenu("&Tools")
        tools_menu.addActions(list(self.tool_actions.values()))

        tools_bar = self.addToolBar("Tools")
        tools_bar.setObjectName("ToolsToolBar")
        tools_bar.addActions(list(self.tool_actions.values()))
        tools_bar.addSeparator()
        tools_bar.addWidget(QLabel(" Kind "))
        self.kind_box = QComboBox()
        self.kind_box.setMinimumContentsLength(14)
        self.kind_box.activated.connect(self._kind_chosen)
        tools_bar.addWidget(self.kind_box)
        tools_bar.addWidget(QLabel("  Wall thickness "))
        self.thickness_box = QDoubleSpinBox()
        self.thickness_box.setRange(0.1, 50)
        self.thickness_box.setSingleStep(0.5)
        self.thickness_box.setSuffix(" m")
        self.thickness_box.setValue(2.0)
        self.thickness_box.valueChanged.connect(
            lambda value: setattr(self.tools["wall"], "thickness_m", value))
        tools_bar.addWidget(self.thickness_box)

        play_menu = bar.addMenu("&Play")
        play_menu.addActions([self.tool_actions["battery"], self.tool_actions["fire"]])
        play_menu.addSeparator()
        play_menu.addActions([self.turn_action, self.minute_action])
        play_menu.addSeparator()
        self.settings_action = play_menu.addAction("Siege &Settings…")
        self.settings_action.setStatusTip("The siege's name, dice seed and the ruleset's options")
        self.settings_action.triggered.connect(self.edit_siege_settings)

        play_bar = self.addToolBar("Play")
        play_bar.setObjectName("PlayToolBar")
        play_bar.addActions([self.turn_action, self.minute_action])
        play_bar.addWidget(QLabel("  Dice rolled at the table "))
        self.dice_edit = QLineEdit()
        self.dice_edit.setPlaceholderText("blank: the program rolls")
        self.dice_edit.setToolTip("Type the dice rolled at the table, in the order the log asks "
                                  "for them (e.g. 3 5 6). Used by the next action, then cleared.")
        self.dice_edit.setMaximumWidth(200)
        play_bar.addWidget(self.dice_edit)

        view_bar = self.addToolBar("View")
        view_bar.setObjectName("ViewToolBar")
        view_bar.addActions([self.fit_action, self.grid_action, self.squares_action])

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
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = self.tools[name]
        self.view.tool = self.tool
        self.tool_actions[name].setChecked(True)
        self.view.viewport().setCursor(self.tool.cursor)
        self.tool.activate()
        self._fill_kind_box()

    def _fill_kind_box(self) -> None:
        tool = self.tool
        drawing = hasattr(tool, "kind")
        self.kind_box.setEnabled(drawing)
        self.thickness_box.setEnabled(tool is not None and tool.name == "wall")
        self.kind_box.clear()
        for entry in catalogue(self.document.ruleset).structures:
            self.kind_box.addItem(entry.name, entry.kind)
        # Only drawing tools have a kind; the others show none rather than a misleading one.
        self.kind_box.setCurrentIndex(self.kind_box.findData(tool.kind) if drawing else -1)

    def _kind_chosen(self, index: int) -> None:
        if hasattr(self.tool, "kind"):
            self.tool.kind = self.kind_box.itemData(index)

    def _reset_tool_kinds(self) -> None:
        ruleset = self.document.ruleset
        for tool in self.tools.values():
            if hasattr(tool, "kind"):
                tool.kind = default_kind(ruleset, wall=tool.name == "wall")

    # -- document reactions -------------------------------------------------------------------
    def _on_document_changed(self, change) -> None:
        if change is None or change.reset:
            self.show_ruleset_docks()
            self._reset_tool_kinds()
            if self.tool is not None:
                self.tool.cancel()
                self._fill_kind_box()
            self.view.fit_to_map()
        if change is None or change.reset or change.map:
            placement = self.document.siege.map
            has_map = placement is not None
            for action in (self.remove_image_action, self.scale_action, self.rotate_image_action,
                           self.lock_image_action):
                action.setEnabled(has_map)
            self.lock_image_action.blockSignals(True)
            self.lock_image_action.setChecked(bool(placement and placement.locked))
            self.lock_image_action.blockSignals(False)
        self._update_title()

    def _update_selection_actions(self, *args) -> None:
        count = len(self.document.selection)
        for action in (self.delete_action, self.copy_action, self.duplicate_action,
                       self.rotate_cw_action, self.rotate_ccw_action, self.rotate_by_action):
            action.setEnabled(count > 0)
        self.split_action.setEnabled(count == 1)
        self.merge_action.setEnabled(count >= 2)

    def _display_name(self) -> str:
        return self.document.path.name if self.document.path else "Untitled.siege"

    def _update_title(self, *args) -> None:
        self.setWindowTitle(f"{self.document.siege.name} — {self._display_name()}[*] — siegeboard")
        self.setWindowModified(self.document.modified)

    def _show_pointer(self, point: QPointF) -> None:
        self.position_label.setText(f"x {point.x():.1f} m, y {point.y():.1f} m")
        self.square_label.setText(label_at((point.x(), point.y()), self.document.siege.grid_origin))

    def _show_zoom(self, scale: float) -> None:
        self.zoom_label.setText(f"{scale:.3g} px per m")

    # -- autosave and crash recovery -----------------------------------------------------------
    def start_session(self) -> bool:
        """At start-up: offer the newest autosave a crashed session left, then start this
        session's autosaving. True if the GM recovered one (it is then the open, unsaved
        document, whose Save goes to its original file, or asks for a name)."""
        candidates = self.autosaver.pending()  # before begin(): it reads the last session's mark
        self.autosaver.begin()
        if not candidates:
            return False
        return self.recover(candidates[0]) if self.ask_recover(candidates[0].describe()) \
            else False

    def recover(self, candidate: RecoveryCandidate) -> bool:
        """Open ``candidate`` as unsaved work. A declined or unreadable one stays in the
        autosave folder until the next clean exit."""
        try:
            siege_file = read_siege(candidate.path)
        except SiegeFileError as error:
            self.warn(f"Cannot recover the autosave: {error}. It is kept in {candidate.path}.")
            return False
        self.document.load(siege_file, candidate.source_path, unsaved=True,
                           read_as=candidate.source_stamp, log_on_disk=candidate.log_on_disk)
        # Kept under this session's name before the old copy goes.
        if self.autosave.save_now() is not None:
            self.autosaver.discard(candidate)
        self._update_title()
        where = candidate.source_path.name if candidate.source_path else "a new file"
        self.show_status(f"Recovered the autosave of {candidate.saved_at.astimezone():%H:%M}. "
                         f"Save goes to {where}.")
        return True

    # -- files --------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True if the GM's unsaved work is safe (saved, or knowingly discarded)."""
        if not self.document.modified:
            return True
        answer = self.ask_save_changes()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_siege(self) -> None:
        if not self.maybe_save():
            return
        ruleset = self.ask_choice("New siege", "Ruleset", ["harris", "armory"])
        if ruleset is None:
            return
        self.document.load(SiegeFile(siege=Siege(name="Untitled siege", ruleset=ruleset)), None)

    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path = self.ask_open_path()
        if path is not None:
            self.open_path(path, ask=False)

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open ``path``; a bad file gives one message and leaves the current siege as it was."""
        if ask and not self.maybe_save():
            return False
        try:
            self.document.open(Path(path))
        except SiegeFileError as error:
            self.warn(f"Cannot open {Path(path).name}: {error}")
            return False
        except ValueError as error:  # an image that no longer decodes, say
            self.warn(f"Cannot open {Path(path).name}: {error}")
            return False
        self._add_recent(Path(path))
        self.show_status(f"Opened {Path(path).name}: {len(self.document.siege.structures)} "
                         "structures.")
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        return self._save_to(path) if path is not None else False

    def _save_to(self, path: Path, **how) -> bool:
        try:
            self.document.save(path, **how)
        except SiegeFileChanged as error:
            answer = self.ask_changed_on_disk(path.name, error)
            if answer == "overwrite":
                return self._save_to(path, **how, overwrite=True)
            if answer == "save_as":
                return self.save_as()
            if answer == "reload":
                self._reload_and_replay(path)
            return False
        except SiegeFileReadOnly:
            if self.ask_replace_read_only(path.name):
                return self._save_to(path, **how, replace_read_only=True)
            return False
        except SiegeFileError as error:
            self.warn(f"Not saved: {error}")
            return False
        self._add_recent(path)
        self._update_title()
        self.show_status(f"Saved {path.name}.")
        return True

    def _reload_and_replay(self, path: Path) -> None:
        """The file changed since it was read: reopen it and play this window's unsaved
        actions again on top; the outcomes are shown and the result is left unsaved."""
        try:
            report = self.document.reload_and_replay()
        except SiegeFileError as error:
            self.warn(f"Cannot reload {path.name}: {error}. Nothing was changed.")
            return
        self._update_title()
        lines = "\n".join(f"- {line}" for line in report) or "- (no actions to play again)"
        self.warn(f"Reloaded {path.name} as it is now and played this window's unsaved actions "
                  f"again on top of it:\n{lines}\n\nNot saved yet: look it over, then save.")

    # -- snapshots: print and export -----------------------------------------------------------
    def snapshot_dialog(self, printing: bool = False) -> ExportDialog:
        """The options dialog, filled with the last choices and the current view."""
        visible = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        view = (visible.left(), visible.top(), visible.right(), visible.bottom()) \
            if visible.width() > 0 and visible.height() > 0 else None
        path = self.document.path
        folder = Path(self._last_dir())
        stem = (path.stem if path is not None else "siege") + "-snapshot"
        siege = self.document.siege
        dialog = ExportDialog(self, view=view, folder=folder, stem=stem,
                              last_snapshot=siege.last_snapshot_turn,
                              current_turn=siege.clock.turn, printing=printing)
        if self._snapshot_options is not None:
            dialog.set_options(self._snapshot_options)
        return dialog

    def export_snapshot_dialog(self) -> None:
        dialog = self.snapshot_dialog()
        if self.run_dialog(dialog):
            self.export_snapshot_to(dialog.path(), dialog.options())

    def export_snapshot_to(self, path: Path, options: SnapshotOptions) -> bool:
        """Write the snapshot to ``path`` and record its turn; a failure is one message."""
        try:
            written = export_snapshot(path, self.document.siege, self.document.images, options)
        except SnapshotError as error:
            self.warn(f"No snapshot written: {error}")
            return False
        self._snapshot_options = options
        self._record_snapshot()
        pages = f" ({len(written)} files)" if len(written) > 1 else ""
        self.show_status(f"Snapshot written to {Path(path).name}{pages}.")
        return True

    def print_snapshot(self) -> None:
        """File > Print…: choose the options, then the print preview paints the snapshot."""
        dialog = self.snapshot_dialog(printing=True)
        if not self.run_dialog(dialog):
            return
        options = dialog.options()
        self._snapshot_options = options
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        configure_page(printer, options)
        preview = QPrintPreviewDialog(printer, self)
        preview.setWindowTitle("Print snapshot")
        preview.paintRequested.connect(lambda device: self.paint_snapshot_on(device, options))
        if self.run_dialog(preview):
            self._record_snapshot()

    def paint_snapshot_on(self, device, options: SnapshotOptions) -> int:
        """Paint the snapshot on ``device`` (the print preview's printer); 0 pages and one
        message when it cannot be painted."""
        try:
            return paint_snapshot(device, self.document.siege, self.document.images, options)
        except SnapshotError as error:
            self.warn(f"Cannot print the snapshot: {error}")
            return 0

    def _record_snapshot(self) -> None:
        # An undoable edit ("Record snapshot at turn N"): the next snapshot's log starts here,
        # and the siege counts as changed so the mark is saved with it.
        self.document.mark_snapshot()

    # -- recent files and layout ----------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        return [str(item) for item in value or []]

    def _last_dir(self) -> str:
        """Where file dialogs start: the open siege's folder, the last file's, or home."""
        if self.document.path is not None:
            return str(self.document.path.parent)
        files = self.recent_files()
        if files and Path(files[0]).parent.is_dir():
            return str(Path(files[0]).parent)
        return str(Path.home())

    def _add_recent(self, path: Path) -> None:
        name = str(Path(path).resolve())
        files = [name] + [item for item in self.recent_files() if item != name]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for number, name in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{number} {Path(name).name}")
            action.setToolTip(name)
            action.triggered.connect(lambda checked=False, name=name: self.open_path(Path(name)))
        self.recent_menu.setEnabled(bool(files))

    def docks(self) -> list[QDockWidget]:
        """Every dock, in the View menu's order."""
        return [self.inspector, self.actions_dock, self.scene_dock, self.structures_dock,
                self.history_dock, self.legend_dock, self.fire_dock, self.weapons_dock,
                self.clock_dock, self.log_dock]

    def apply_default_layout(self) -> None:
        """Put every dock in its default place: Fire | Weapons over Clock on the left;
        Inspector | Actions | Scene over Structures | Undo history | Legend on the right; the
        log under the map, tall enough for about six lines. The map keeps the most room."""
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in self.docks():
            dock.setFloating(False)
            self.removeDockWidget(dock)
        # Qt tabifies reliably only into docks already placed: place one per group first.
        self.addDockWidget(left, self.fire_dock)
        self.addDockWidget(left, self.clock_dock)
        self.addDockWidget(right, self.inspector)
        self.addDockWidget(right, self.structures_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        self.tabifyDockWidget(self.fire_dock, self.weapons_dock)
        self.tabifyDockWidget(self.inspector, self.actions_dock)
        self.tabifyDockWidget(self.inspector, self.scene_dock)
        self.tabifyDockWidget(self.structures_dock, self.history_dock)
        self.tabifyDockWidget(self.structures_dock, self.legend_dock)
        for dock in self.docks():
            dock.show()
        for dock in (self.fire_dock, self.inspector, self.structures_dock):
            dock.raise_()
        self.show_ruleset_docks()
        self.resizeDocks([self.inspector, self.fire_dock], [420, 280], Qt.Orientation.Horizontal)
        height = max(self.height(), 600)
        self.resizeDocks([self.inspector, self.structures_dock, self.fire_dock, self.clock_dock],
                         [int(height * 0.5), int(height * 0.4), int(height * 0.62),
                          int(height * 0.3)], Qt.Orientation.Vertical)
        self.resizeDocks([self.log_dock], [LOG_HEIGHT_PX], Qt.Orientation.Vertical)
        self.hide_stale_tab_bars()

    def reset_layout(self) -> None:
        """View > Reset Layout: the default layout, whatever was restored or moved."""
        self.apply_default_layout()
        self.show_status("Layout reset.")

    def show_ruleset_docks(self) -> None:
        """The Scene dock (scenes and escalade) is the Hull ruleset's (armory): shown for an
        armory siege, hidden (and out of the View menu) for a harris one."""
        armory = self.document.ruleset == "armory"
        self.scene_dock.toggleViewAction().setVisible(armory)
        if armory != self._ruleset_shown:
            self._ruleset_shown = armory
            self.scene_dock.setVisible(armory)
            if armory:
                self.inspector.raise_()
        elif not armory:
            self.scene_dock.setVisible(False)

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None and self.restoreState(state, LAYOUT_VERSION):
            self._ruleset_shown = None
            self.show_ruleset_docks()
            self.hide_stale_tab_bars()

    def hide_stale_tab_bars(self) -> None:
        """Hide the dock tab bars Qt left behind (Qt 6.11 leaves an orphan bar on screen
        when a second group of docks is tabified, and more after ``restoreState``), and
        show the live bar of each group. Only meaningful once the window is shown: before
        that Qt reports no tabified docks at all."""
        if not self.isVisible():
            return
        groups = set()
        for dock in self.findChildren(QDockWidget):
            if dock.isVisible():
                members = [dock] + [other for other in self.tabifiedDockWidgets(dock)
                                    if not other.isHidden()]
                if len(members) > 1:
                    groups.add(frozenset(member.windowTitle() for member in members))
        bars = [bar for bar in self.findChildren(QTabBar) if bar.parent() is self]
        seen: set[frozenset] = set()
        for bar in reversed(bars):  # Qt's live bar is the newest of its kind
            titles = frozenset(bar.tabText(i) for i in range(bar.count()))
            bar.setVisible(titles in groups and titles not in seen)
            seen.add(titles)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.hide_stale_tab_bars()
        if not self._fitted_once:  # the viewport has its real size only once shown
            self._fitted_once = True
            self.view.fit_to_map()

    def closeEvent(self, event) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState(LAYOUT_VERSION))
        self.settings.sync()
        self.autosave.stop()
        self.autosaver.clean_exit()
        event.accept()

    # -- edits ---------------------------------------------------------------------------------
    def _guarded(self, what: str, edit) -> None:
        try:
            edit()
        except ValueError as error:
            self.warn(f"Cannot {what}: {error}")

    def delete_selection(self) -> None:
        self._guarded("delete", lambda: self.document.remove_structures(self.document.selection))

    def select_all(self) -> None:
        self.document.select(self.document.siege.structures)

    def copy_selection(self) -> None:
        self._clipboard = [s.model_copy(deep=True) for s in self.document.selected_structures()]
        self._paste_count = 0

    def paste(self) -> None:
        if self._clipboard:
            self._paste_count += 1
            step = 2.0 * self._paste_count
            self.document.paste(self._clipboard, (step, step))

    def duplicate_selection(self) -> None:
        self.document.duplicate(self.document.selection)

    def _selection_centre(self) -> tuple[float, float]:
        xs = [x for s in self.document.selected_structures() for x, _ in s.footprint]
        ys = [y for s in self.document.selected_structures() for _, y in s.footprint]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        return snap_to_grid(centre, self.document.siege.grid_origin)

    def rotate_selection(self, degrees: float) -> None:
        if self.document.selection:
            self._guarded("rotate", lambda: self.document.rotate_structures(
                self.document.selection, degrees, self._selection_centre()))

    def rotate_selection_by(self) -> None:
        if not self.document.selection:
            return
        degrees = self.ask_number("Rotate", "Degrees clockwise", 15.0, 1)
        if degrees is not None:
            self.rotate_selection(degrees)

    def split_selection(self) -> None:
        if len(self.document.selection) == 1:
            self._guarded("split", lambda: self.document.split_section(self.document.selection[0]))

    def merge_selection(self) -> None:
        if len(self.document.selection) >= 2:
            self._guarded("merge", lambda: self.document.merge_sections(self.document.selection))

    # -- the map image --------------------------------------------------------------------------
    def import_image_dialog(self) -> None:
        path = self.ask_image_path()
        if path is not None:
            self.import_image(path)

    def import_image(self, path: Path) -> bool:
        """Put the image at ``path`` under the board; an unreadable one changes nothing."""
        path = Path(path)
        suffix = IMAGE_SUFFIXES.get(path.suffix.lower())
        if suffix is None:
            self.warn(f"Cannot import {path.name}: use a PNG, JPEG, TIFF, WEBP or BMP image.")
            return False
        try:
            data = path.read_bytes()
            decode_image(data)
        except OSError as error:
            self.warn(f"Cannot import {path.name}: {error.strerror or error}.")
            return False
        except ValueError as error:
            self.warn(f"Cannot import {path.name}: {error}. The map is unchanged.")
            return False
        self.document.set_map(f"map.{suffix}", data, DEFAULT_PIXELS_PER_METRE)
        self.view.fit_to_map()
        self.show_status(f"Imported {path.name}. Calibrate it: Map > Calibrate (C), click two "
                         "points, type the distance.")
        return True

    def remove_image(self) -> None:
        if self.document.siege.map is not None:
            self.document.set_map(None, None)

    def set_scale_dialog(self) -> None:
        placement = self.document.siege.map
        if placement is None:
            return
        pixels = self.ask_number("Map scale", "Image pixels per 2 m:",
                                 placement.pixels_per_metre * 2)
        if pixels is None:
            return
        if not pixels > 0:
            self.warn(f"The scale must be more than 0 pixels per 2 m, not {pixels:g}. "
                      "The map's scale is unchanged.")
            return
        self._guarded("calibrate", lambda: self.document.calibrate_map(pixels / 2))

    def rotate_image_dialog(self) -> None:
        placement = self.document.siege.map
        if placement is None:
            return
        if placement.locked:
            self.warn("The map image is locked: unlock it (Map > Lock Image) to rotate it.")
            return
        degrees = self.ask_number("Rotate map image", "Rotation in degrees (clockwise):",
                                  placement.rotation_deg, 2)
        if degrees is not None:
            self._guarded("rotate the image",
                          lambda: self.document.place_map(rotation_deg=degrees % 360))

    def set_image_locked(self, locked: bool) -> None:
        placement = self.document.siege.map
        if placement is not None and placement.locked != locked:
            self.document.place_map(locked=locked)
