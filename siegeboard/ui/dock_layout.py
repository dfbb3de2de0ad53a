"""Where the window's docks go: the default layout, View > Reset Layout, the layout saved at
exit and restored at start, the docks only one ruleset uses, and Qt's stale tab bars."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QTabBar

if TYPE_CHECKING:
    from siegeboard.ui.main_window import MainWindow

# Bumped whenever the default dock layout changes: a state saved by an older layout is not
# restored (Qt would bring back its cramped arrangement); the default is used instead.
LAYOUT_VERSION = 3
LOG_HEIGHT_PX = 165  # the log dock's default height: about six lines


class DockLayout:
    """Arranges the docks of ``window`` (its ``inspector``, ``fire_dock``... attributes);
    ``settings`` keeps the window's geometry and dock state between sessions."""

    def __init__(self, window: "MainWindow", settings: QSettings):
        self.window = window
        self.settings = settings
        self._ruleset_shown: bool | None = None  # the ruleset the docks were last fitted to

    def docks(self) -> list[QDockWidget]:
        """Every dock, in the View menu's order."""
        w = self.window
        return [w.inspector, w.actions_dock, w.scene_dock, w.structures_dock, w.history_dock,
                w.legend_dock, w.fire_dock, w.weapons_dock, w.clock_dock, w.log_dock,
                w.odds_dock]

    def apply_default_layout(self) -> None:
        """Put every dock in its default place: Fire | Weapons over Clock on the left;
        Inspector | Actions | Scene over Structures | Odds | Undo history | Legend on the right;
        the log under the map, tall enough for about six lines. The map keeps the most room."""
        w = self.window
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in self.docks():
            dock.setFloating(False)
            w.removeDockWidget(dock)
        # Qt tabifies reliably only into docks already placed: place one per group first.
        w.addDockWidget(left, w.fire_dock)
        w.addDockWidget(left, w.clock_dock)
        w.addDockWidget(right, w.inspector)
        w.addDockWidget(right, w.structures_dock)
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, w.log_dock)
        w.tabifyDockWidget(w.fire_dock, w.weapons_dock)
        w.tabifyDockWidget(w.inspector, w.actions_dock)
        w.tabifyDockWidget(w.inspector, w.scene_dock)
        w.tabifyDockWidget(w.structures_dock, w.odds_dock)
        w.tabifyDockWidget(w.structures_dock, w.history_dock)
        w.tabifyDockWidget(w.structures_dock, w.legend_dock)
        for dock in self.docks():
            dock.show()
        for dock in (w.fire_dock, w.inspector, w.structures_dock):
            dock.raise_()
        self.show_ruleset_docks()
        w.resizeDocks([w.inspector, w.fire_dock], [420, 280], Qt.Orientation.Horizontal)
        height = max(w.height(), 600)
        w.resizeDocks([w.inspector, w.structures_dock, w.fire_dock, w.clock_dock],
                      [int(height * 0.5), int(height * 0.4), int(height * 0.62),
                       int(height * 0.3)], Qt.Orientation.Vertical)
        w.resizeDocks([w.log_dock], [LOG_HEIGHT_PX], Qt.Orientation.Vertical)
        self.hide_stale_tab_bars()

    def reset_layout(self) -> None:
        """View > Reset Layout: the default layout, whatever was restored or moved."""
        self.apply_default_layout()
        self.window.show_status("Layout reset.")

    def show_ruleset_docks(self) -> None:
        """The Scene dock (scenes and escalade) is shown for a rule text that has scenes (The
        Heavy Armory), hidden (and out of the View menu) for one that has none."""
        scene_dock = self.window.scene_dock
        scenes = self.window.document.rules.offers("scene")
        scene_dock.toggleViewAction().setVisible(scenes)
        if scenes != self._ruleset_shown:
            self._ruleset_shown = scenes
            scene_dock.setVisible(scenes)
            if scenes:
                self.window.inspector.raise_()
        elif not scenes:
            scene_dock.setVisible(False)

    def restore(self) -> None:
        """The geometry and dock state the last session saved, if its layout is current."""
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        if state is not None and self.window.restoreState(state, LAYOUT_VERSION):
            self._ruleset_shown = None
            self.show_ruleset_docks()
            self.hide_stale_tab_bars()

    def save(self) -> None:
        self.settings.setValue("window/geometry", self.window.saveGeometry())
        self.settings.setValue("window/state", self.window.saveState(LAYOUT_VERSION))
        self.settings.sync()

    def hide_stale_tab_bars(self) -> None:
        """Hide the dock tab bars Qt left behind (Qt 6.11 leaves an orphan bar on screen
        when a second group of docks is tabified, and more after ``restoreState``), and
        show the live bar of each group. Only meaningful once the window is shown: before
        that Qt reports no tabified docks at all."""
        w = self.window
        if not w.isVisible():
            return
        groups = set()
        for dock in w.findChildren(QDockWidget):
            if dock.isVisible():
                members = [dock] + [other for other in w.tabifiedDockWidgets(dock)
                                    if not other.isHidden()]
                if len(members) > 1:
                    groups.add(frozenset(member.windowTitle() for member in members))
        bars = [bar for bar in w.findChildren(QTabBar) if bar.parent() is w]
        seen: set[frozenset] = set()
        for bar in reversed(bars):  # Qt's live bar is the newest of its kind
            titles = frozenset(bar.tabText(i) for i in range(bar.count()))
            bar.setVisible(titles in groups and titles not in seen)
            seen.add(titles)
