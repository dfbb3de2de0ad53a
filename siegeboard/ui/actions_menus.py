"""The window's actions, menus and toolbars: what each menu holds, its texts and shortcuts,
and which actions are enabled for the selection and the map image.

``WindowMenus`` only connects: each action calls a method of the controller that does the
work (files, snapshots, edits, the map image, play, dock layout, view).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QPalette
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QToolBar

from siegeboard.model.siege import TURNS_PER_MINUTE, MapImage
from siegeboard.ui.dialogs.about import add_about_actions
from siegeboard.ui.dialogs.help_dialogs import RulingsDialog, ShortcutsDialog
from siegeboard.ui.icons import follow_palette, set_icon
from siegeboard.ui.language import tr
from siegeboard.ui.tools.base import Tool

if TYPE_CHECKING:
    from siegeboard.ui.board.grid_item import GridItem
    from siegeboard.ui.board.map_view import MapView
    from siegeboard.ui.controllers.edit_controller import EditController
    from siegeboard.ui.controllers.file_controller import FileController
    from siegeboard.ui.controllers.map_image_controller import MapImageController
    from siegeboard.ui.controllers.play_controller import PlayController
    from siegeboard.ui.controllers.snapshot_controller import SnapshotController
    from siegeboard.ui.dialogs.example_maps_dialog import ExampleMapOpener
    from siegeboard.ui.dialogs.import_dialog import MapImporter
    from siegeboard.ui.dialogs.prompts import Prompts
    from siegeboard.ui.dialogs.story_dialog import StoryExporter
    from siegeboard.ui.dialogs.vtt_export_dialog import VttExporter
    from siegeboard.ui.dock_layout import DockLayout
    from siegeboard.ui.document.document import Document


@dataclass(frozen=True)
class MenuTargets:
    """What the menus' actions call: each menu's work is one controller's."""

    document: Document  # its undo stack gives Undo and Redo
    files: FileController
    snapshots: SnapshotController
    edits: EditController
    map_image: MapImageController
    view: MapView
    grid: GridItem
    playing: PlayController
    tools: dict[str, Tool]
    set_tool: Callable[[str], None]
    dock_layout: DockLayout
    importer: MapImporter
    example_maps: ExampleMapOpener
    vtt_exporter: VttExporter
    story_exporter: StoryExporter
    prompts: Prompts


def redo_keys() -> list[QKeySequence]:
    """Redo's keys on every platform: the platform's own, then Ctrl+Shift+Z and Ctrl+Y, each
    once (on Linux the standard Redo key *is* Ctrl+Shift+Z; given twice, Qt calls the key an
    ambiguous overload and does nothing)."""
    keys: list[QKeySequence] = []
    for key in [*QKeySequence.keyBindings(QKeySequence.StandardKey.Redo),
                QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]:
        if not key.isEmpty() and key not in keys:
            keys.append(key)
    return keys


class WindowMenus:
    """Builds the menus and toolbars of ``window`` (the main window whose bars they are)
    and keeps its actions as attributes (``new_action``, ``undo_action``,
    ``tool_actions[name]``...); each action calls one of ``targets``."""

    def __init__(self, window: QMainWindow, targets: MenuTargets):
        self.window = window
        self.targets = targets
        self._tool_widgets: dict[str, list[QAction]] = {}
        self._make_actions()
        self._make_menus_and_toolbars()
        self.palette_follower = follow_palette(window)  # light or dark, the icons read

    def _action(self, text: str, slot, shortcut=None, tip: str = "", checkable=False,
                icon_name: str | None = None) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        if icon_name:
            set_icon(action, icon_name)
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda checked=False: slot())
        return action

    def _make_actions(self) -> None:
        w, t = self.window, self.targets
        files, snapshots, edits, image, view = t.files, t.snapshots, t.edits, t.map_image, t.view
        grid = t.grid
        keys = QKeySequence.StandardKey
        self.new_action = self._action(tr("&New"), files.new_siege, keys.New, icon_name="new")
        self.open_action = self._action(tr(
            "&Open…"), files.open_dialog, keys.Open, icon_name="open")
        self.open_example_action = self._action(
            tr("Open &Example Map…"), t.example_maps.run,
            tip=tr("A new siege on an old map shipped with siegeboard (its source and licence "
                "shown)"))
        self.save_action = self._action(tr("&Save"), files.save, keys.Save, icon_name="save")
        self.save_as_action = self._action(tr("Save &As…"), files.save_as, keys.SaveAs)
        self.quit_action = self._action(tr("&Quit"), w.close, keys.Quit, icon_name="quit")
        if self.quit_action.shortcut().isEmpty():
            # Some platforms (and themes) bind no key to StandardKey.Quit; Ctrl+Q is the norm.
            self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.print_action = self._action(tr("&Print…"), snapshots.print_snapshot, keys.Print,
                                         tr("Print a snapshot of the siege (print preview)"),
                                         icon_name="print")
        self.export_action = self._action(tr("&Export Snapshot…"), snapshots.export_snapshot_dialog,
                                          "Ctrl+E", tr("Write a snapshot to PDF, PNG or SVG"),
                                          icon_name="export")
        stack = t.document.undo_stack
        self.undo_action = stack.createUndoAction(w, tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence(keys.Undo))
        set_icon(self.undo_action, "undo")
        self.redo_action = stack.createRedoAction(w, tr("&Redo"))
        self.redo_action.setShortcuts(redo_keys())
        set_icon(self.redo_action, "redo")
        self.delete_action = self._action(tr("&Delete"), edits.delete_selection, keys.Delete,
                                          icon_name="delete")
        self.copy_action = self._action(tr(
            "&Copy"), edits.copy_selection, keys.Copy, icon_name="copy")
        self.paste_action = self._action(tr("&Paste"), edits.paste, keys.Paste, icon_name="paste")
        self.duplicate_action = self._action(tr("D&uplicate"), edits.duplicate_selection, "Ctrl+D",
                                             icon_name="duplicate")
        self.select_all_action = self._action(tr("Select &All"), edits.select_all, keys.SelectAll)
        self.rotate_cw_action = self._action(tr("Rotate 90° Clockwise"),
                                             lambda: edits.rotate_selection(90), "Ctrl+]",
                                             icon_name="rotate_cw")
        self.rotate_ccw_action = self._action(tr("Rotate 90° Anticlockwise"),
                                              lambda: edits.rotate_selection(-90), "Ctrl+[",
                                              icon_name="rotate_ccw")
        self.rotate_by_action = self._action(tr("Rotate By…"), edits.rotate_selection_by)
        self.split_action = self._action(tr("S&plit Section"), edits.split_selection, "Ctrl+K",
                                         icon_name="split")
        self.merge_action = self._action(tr("&Merge Sections"), edits.merge_selection, "Ctrl+M",
                                         icon_name="merge")
        self.remove_hole_action = self._action(
            tr("Fill In Courtyard"), edits.remove_courtyard, None,
            tr("Fill in the last courtyard of the selected building (cut one with the Polygon "
            "tool and Alt held)"))

        self.zoom_in_action = self._action(tr("Zoom &In"), view.zoom_in, keys.ZoomIn,
                                           icon_name="zoom_in")
        self.zoom_out_action = self._action(tr("Zoom &Out"), view.zoom_out, keys.ZoomOut,
                                            icon_name="zoom_out")
        self.fit_action = self._action(tr(
            "&Fit to Map"), view.fit_to_map, "Ctrl+0", icon_name="fit")
        self.grid_action = self._action(tr("2 m &Grid"), lambda on: grid.set_layers(fine=on),
                                        "Ctrl+G", checkable=True, icon_name="grid")
        self.squares_action = self._action(
            tr("10 m S&quares"), lambda on: grid.set_layers(squares=on), "Ctrl+Shift+G",
            checkable=True, icon_name="squares")
        self.labels_action = self._action(
            tr("Square &Labels"), lambda on: grid.set_layers(labels=on), checkable=True)
        for action in (self.grid_action, self.squares_action, self.labels_action):
            action.setChecked(True)

        playing = t.playing
        self.turn_action = self._action(tr("+1 &Turn"), lambda: playing.advance_clock(1), "Ctrl+T",
                                        tr("Advance the clock one turn (5 s)"), icon_name="turn")
        self.minute_action = self._action(tr("+1 Mi&nute"),
                                          lambda: playing.advance_clock(TURNS_PER_MINUTE),
                                          "Ctrl+Shift+T", tr("Advance the clock one minute"),
                                          icon_name="minute")

        self.import_image_action = self._action(tr("&Import Image…"), image.import_image_dialog,
                                                "Ctrl+I", icon_name="image")
        self.remove_image_action = self._action(tr("&Remove Image"), image.remove_image,
                                                icon_name="remove_image")
        self.scale_action = self._action(tr("Set Scale (Pixels per 2 m)…"), image.set_scale_dialog)
        self.rotate_image_action = self._action(tr("R&otate Image…"), image.rotate_image_dialog)
        self.lock_image_action = self._action(tr("&Lock Image"), image.set_image_locked,
                                              checkable=True, icon_name="lock")
        self.lock_image_action.setIconVisibleInMenu(False)  # the menu shows its check mark

        self.tool_group = QActionGroup(w)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in t.tools.items():
            action = QAction(tr(tool.label), w)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            if name == "select":
                # Escape always hands the mouse back to Select, wherever the focus is (an
                # item view's editor still takes its own Escape first).
                action.setShortcuts([QKeySequence(tool.shortcut),
                                     QKeySequence(Qt.Key.Key_Escape)])
            action.setStatusTip(tr(tool.status_tip))
            set_icon(action, name)
            action.triggered.connect(lambda checked=False, name=name: t.set_tool(name))
            self.tool_group.addAction(action)
            self.tool_actions[name] = action

    def _make_menus_and_toolbars(self) -> None:
        w, t = self.window, self.targets
        bar = w.menuBar()
        file_menu = bar.addMenu(tr("&File"))
        file_menu.addActions([self.new_action, self.open_action, self.open_example_action])
        self.recent_menu: QMenu = t.files.recent_menu
        file_menu.addMenu(self.recent_menu)
        # File > Import…: another format as a new siege.
        self.import_map_action = file_menu.addAction(tr("&Import…"), lambda: t.importer.run())
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action])
        # Print and export (snapshots) go between here and Quit: ``file_export_separator``.
        self.file_menu = file_menu
        file_menu.addSeparator()
        # File > Export: the map for other programs (issue 20), each its own controller.
        self.export_menu = file_menu.addMenu(tr("E&xport"))
        self.export_vtt_action = self.export_menu.addAction(
            tr("&Universal VTT…"), lambda: t.vtt_exporter.run())
        self.export_vtt_action.setStatusTip(tr("The map as it stands, with its walls, breaches, "
                                            "doors and fires, for a virtual tabletop"))
        self.export_story_action = self.export_menu.addAction(
            tr("&Siege Story…"), lambda: t.story_exporter.run())
        self.export_story_action.setStatusTip(tr("The siege told again: an animated GIF or a PDF "
                                              "of the map, an action at a time"))
        file_menu.addActions([self.print_action, self.export_action])
        self.file_export_separator = file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        edit_menu = bar.addMenu(tr("&Edit"))
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.copy_action, self.paste_action, self.duplicate_action,
                              self.delete_action, self.select_all_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.rotate_cw_action, self.rotate_ccw_action,
                              self.rotate_by_action, self.split_action, self.merge_action,
                              self.remove_hole_action])

        view_menu = bar.addMenu(tr("&View"))
        self.view_menu = view_menu
        view_menu.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view_menu.addSeparator()
        view_menu.addActions([self.grid_action, self.squares_action, self.labels_action])
        view_menu.addSeparator()
        for dock in t.dock_layout.docks():
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.reset_layout_action = self._action(tr("&Reset Layout"), t.dock_layout.reset_layout)
        view_menu.addAction(self.reset_layout_action)

        map_menu = bar.addMenu(tr("&Map"))
        map_menu.addActions([self.import_image_action, self.remove_image_action])
        map_menu.addSeparator()
        map_menu.addActions([self.tool_actions["calibrate"], self.scale_action,
                             self.tool_actions["grid_origin"]])
        map_menu.addSeparator()
        map_menu.addActions([self.rotate_image_action, self.lock_image_action])

        tools_menu = bar.addMenu(tr("&Tools"))
        tools_menu.addActions(list(self.tool_actions.values()))

        self.tools_bar = w.addToolBar(tr("Tools"))
        self.tools_bar.setObjectName("ToolsToolBar")
        self.tools_bar.addActions(list(self.tool_actions.values()))

        play_menu = bar.addMenu(tr("&Play"))
        play_menu.addActions([self.tool_actions["battery"], self.tool_actions["fire"]])
        play_menu.addSeparator()
        play_menu.addActions([self.turn_action, self.minute_action])
        play_menu.addSeparator()
        play_menu.addAction(t.playing.ask_action)
        play_menu.addSeparator()
        self.settings_action = play_menu.addAction(tr("Siege &Settings…"))
        self.settings_action.setStatusTip(tr(
            "The siege's name, dice seed and the ruleset's options"))
        self.settings_action.triggered.connect(t.playing.edit_siege_settings)

        play_bar = w.addToolBar(tr("Play"))
        play_bar.setObjectName("PlayToolBar")
        play_bar.addActions([self.turn_action, self.minute_action])
        dice_label = QLabel(tr("  Table dice "))
        dice_label.setToolTip(t.playing.dice_edit.toolTip())
        play_bar.addWidget(dice_label)
        t.playing.dice_edit.setMaximumWidth(150)
        play_bar.addWidget(t.playing.dice_edit)
        play_bar.addAction(t.playing.ask_action)

        view_bar = w.addToolBar(tr("View"))
        view_bar.setObjectName("ViewToolBar")
        view_bar.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action,
                             self.grid_action, self.squares_action])
        view_bar.addWidget(QLabel(tr("  Plan ")))
        view_bar.addWidget(t.map_image.opacity_slider)

        # The tool's own controls (kind, thickness, tolerance...) on a bar of their own: on a
        # laptop it is a second row, so the first never overflows whatever the tool.
        self.options_bar = w.addToolBar(tr("Tool Options"))
        self.options_bar.setObjectName("ToolOptionsToolBar")
        self.tool_name_label = QLabel()
        self.tool_name_label.setStyleSheet("font-weight: bold; padding: 0 6px;")
        self.options_bar.addWidget(self.tool_name_label)
        self.tool_hint_label = QLabel()
        # The palette's quieter text (not a fixed grey): it reads on a dark window too.
        self.tool_hint_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.tool_hint_action = self.options_bar.addWidget(self.tool_hint_label)

        set_icon(self.settings_action, "settings")
        help_menu = bar.addMenu(tr("&Help"))
        self.shortcuts_action = self._action(tr("&Keyboard Shortcuts"), self.show_shortcuts, "F1",
                                             icon_name="help")
        self.rulings_action = self._action(tr("How siegeboard &Reads the Rules"),
                                           self.show_rulings)
        help_menu.addActions([self.shortcuts_action, self.rulings_action])
        help_menu.addSeparator()
        self.about_action = add_about_actions(w, help_menu)
        self.help_menu = help_menu
        self.edit_menu, self.play_menu = edit_menu, play_menu  # the keyboard's actions join them
        self._add_shortcut_tooltips()

    def all_actions(self) -> list[QAction]:
        """Every action of the menus, in menu order (submenus included).

        A submenu is found from the menus themselves (``QMenu.menuAction``), not by asking
        each action for its menu: ``QAction.menu()`` invalidates the action's Python wrapper
        under PySide6 releases before 6.11.2 ("Internal C++ object already deleted").
        """
        menu_bar = self.window.menuBar()
        submenus = {menu.menuAction(): menu for menu in self.window.findChildren(QMenu)}
        found: list[QAction] = []

        def walk(actions: list[QAction]) -> None:
            for action in actions:
                if action in submenus:
                    walk(submenus[action].actions())
                elif not action.isSeparator():
                    found.append(action)
        walk([action for action in menu_bar.actions() if action in submenus])
        return found

    def _add_shortcut_tooltips(self) -> None:
        """Each action's tooltip says its keys: "Open… (Ctrl+O)"."""
        for action in self.all_actions():
            keys = [key.toString(QKeySequence.SequenceFormat.NativeText)
                    for key in action.shortcuts() if not key.isEmpty()]
            text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            action.setToolTip(f"{text} ({', '.join(keys)})" if keys else text)

    # -- Help ---------------------------------------------------------------------------------
    def show_shortcuts(self) -> None:
        self.targets.prompts.run_dialog(ShortcutsDialog(self.all_actions(), self.window))

    def show_rulings(self) -> None:
        self.targets.prompts.run_dialog(RulingsDialog(self.window))

    def show_tool(self, tool: Tool) -> None:
        """Check ``tool``'s action; show its own toolbar widgets on the Tool Options bar
        (or, for a tool with none, its one-line hint) and hide the other tools'."""
        self.tool_actions[tool.name].setChecked(True)
        if tool.name not in self._tool_widgets:
            self._tool_widgets[tool.name] = [self.options_bar.addWidget(widget)
                                             for widget in tool.toolbar_widgets()]
        for name, actions in self._tool_widgets.items():
            for action in actions:
                action.setVisible(name == tool.name)
        self.tool_name_label.setText(tr(tool.label))
        hint = tr(tool.status_tip).split(": ", 1)[-1]
        self.tool_hint_label.setText(hint if len(hint) <= 110 else hint[:109] + "…")
        self.tool_hint_action.setVisible(not self._tool_widgets[tool.name])

    def toolbars_width(self) -> int:
        """The width one row of toolbars needs: the Tools, Play and View bars, and the Tool
        Options bar with the widest of the tools' controls (Trace's, today)."""
        w = self.window
        first = sum(bar.sizeHint().width() for bar in w.findChildren(QToolBar)
                    if bar.parent() is w and bar is not self.options_bar
                    and not bar.isHidden()
                    and w.toolBarArea(bar) == Qt.ToolBarArea.TopToolBarArea)
        layout = self.options_bar.layout()
        spacing = layout.spacing() if layout is not None else 0
        metrics = self.tool_name_label.fontMetrics()
        widest = max((metrics.horizontalAdvance(tr(tool.label)) + 12 + spacing
                      + sum(widget.sizeHint().width() + spacing
                            for widget in tool.toolbar_widgets())
                      for tool in self.targets.tools.values() if tool.toolbar_widgets()),
                     default=0)
        return first + widest + 16

    def fit_toolbars(self, wide: bool | None = None) -> None:
        """One toolbar row when the window is wide enough for every tool's controls; else
        the Tool Options bar starts a second row, so no bar overflows (a laptop's 1366 px).
        ``wide`` forces one answer; None measures the window."""
        w = self.window
        if wide is None:
            wide = w.width() >= self.toolbars_width()
        if w.toolBarBreak(self.options_bar) != (not wide):
            if wide:
                w.removeToolBarBreak(self.options_bar)
            else:
                w.insertToolBarBreak(self.options_bar)

    def update_selection(self, count: int) -> None:
        """Enable what needs a selection: one structure to split, two to merge."""
        for action in (self.delete_action, self.copy_action, self.duplicate_action,
                       self.rotate_cw_action, self.rotate_ccw_action, self.rotate_by_action):
            action.setEnabled(count > 0)
        self.split_action.setEnabled(count == 1)
        self.merge_action.setEnabled(count >= 2)
        self.remove_hole_action.setEnabled(count == 1)

    def update_map_image(self, placement: MapImage | None) -> None:
        """Enable the image's actions when there is one; Lock shows whether it is locked."""
        for action in (self.remove_image_action, self.scale_action, self.rotate_image_action,
                       self.lock_image_action):
            action.setEnabled(placement is not None)
        self.lock_image_action.blockSignals(True)
        locked = bool(placement and placement.locked)
        self.lock_image_action.setChecked(locked)
        self.lock_image_action.setToolTip(tr("The plan is locked (click to unlock)") if locked
                                          else tr("Lock the plan in place"))
        self.lock_image_action.blockSignals(False)
