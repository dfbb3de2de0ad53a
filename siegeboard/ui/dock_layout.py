"""Where the window's docks go: the default layout, View > Reset Layout, the layout saved at
exit and restored at start, the docks only one ruleset uses, and Qt's stale tab bars."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QMainWindow, QTabBar

from siegeboard.ui.language import tr

if TYPE_CHECKING:
    from siegeboard.ui.document.document import Document

# Bumped whenever the default dock layout changes: a state saved by an older layout is not
# restored (Qt would bring back its cramped arrangement); the default is used instead.
LAYOUT_VERSION = 4
LOG_HEIGHT_PX = 165  # the log's least height in the default layout: about six lines
WIDE_PX = 1700       # from this window width on, two dock columns and one toolbar row
COLUMN_PX = 360      # the narrow layout's one dock column
RIGHT_COLUMN_PX = 370  # the wide layout's right column (its five tabs keep their titles)
LEFT_COLUMN_PX = 250  # the wide layout's left column (Fire, Weapons, Clock)
SEPARATOR_PX = 6     # the splitters between docks and map: wide enough to grab


def default_window_size(available: QSize) -> QSize:
    """The window's first size on a screen with ``available`` room: all of it up to
    1920 x 1080 (a laptop's 1366 x 768 is used whole; a big screen gets a large window)."""
    return QSize(min(available.width(), 1920), min(available.height(), 1080))


@dataclass(frozen=True)
class Docks:
    """The window's docks, each by its place in the layout."""

    inspector: QDockWidget
    actions: QDockWidget
    scene: QDockWidget
    structures: QDockWidget
    history: QDockWidget
    legend: QDockWidget
    fire: QDockWidget
    weapons: QDockWidget
    clock: QDockWidget
    log: QDockWidget
    odds: QDockWidget

    def in_menu_order(self) -> list[QDockWidget]:
        """Every dock, in the View menu's order."""
        return [self.inspector, self.actions, self.scene, self.structures, self.history,
                self.legend, self.fire, self.weapons, self.clock, self.log, self.odds]


class DockLayout:
    """Arranges ``docks`` in ``window`` (the main window they dock into); ``settings`` keeps
    the window's geometry and dock state between sessions; the Scene dock shows only for
    ``document``'s rule texts with scenes. ``fit_toolbars``, once set, is called after the
    default layout (the toolbar rows depend on the window's width too)."""

    def __init__(self, window: QMainWindow, docks: Docks, document: Document,
                 show_status: Callable[[str], None], settings: QSettings):
        self.window = window
        self.dock_set = docks
        self.document = document
        self.show_status = show_status
        self.fit_toolbars: Callable[[], None] | None = None
        self.settings = settings
        self._ruleset_shown: bool | None = None  # the ruleset the docks were last fitted to
        window.setStyleSheet(window.styleSheet() + f"QMainWindow::separator {{ "
                             f"width: {SEPARATOR_PX}px; height: {SEPARATOR_PX}px; }}")

    def docks(self) -> list[QDockWidget]:
        """Every dock, in the View menu's order."""
        return self.dock_set.in_menu_order()

    def slim_docks(self) -> None:
        """No dock is held wider than its column by one long line: a combo box asks room for
        a dozen characters, not its longest entry ("No battery: fire the current weapon at a
        typed range"), and a one-line label (the clock's "Day 2, turn 3...") gives way rather
        than push the dock wider as its text grows. Wrapping labels already give way."""
        for dock in self.docks():
            for box in dock.findChildren(QComboBox):
                box.setSizeAdjustPolicy(
                    QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
                box.setMinimumContentsLength(min(box.minimumContentsLength() or 12, 12))
            for label in dock.findChildren(QLabel):
                if not label.wordWrap():
                    # A least width of its own replaces the text's width as the least the
                    # layout must give it; with room to spare it still gets its whole text.
                    label.setMinimumWidth(1)

    def is_wide(self) -> bool:
        return self.window.width() >= WIDE_PX

    def apply_default_layout(self) -> None:
        """Put every dock in its default place for the window's width, every dock tabbed so
        that the map keeps most of the window (60 % or more at 1366 x 768 and at
        1920 x 1080):

        - narrow (a laptop): one column on the right, Inspector | Fire | Weapons | Actions |
          Scene | Clock over Log | Structures | Odds | Undo history | Legend;
        - wide (``WIDE_PX`` and more): Fire | Weapons over Clock on the left; Inspector |
          Actions | Scene over Log | Structures | Odds | Undo history | Legend on the right.
        """
        w, d = self.window, self.dock_set
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.slim_docks()
        for dock in self.docks():
            dock.setFloating(False)
            w.removeDockWidget(dock)
        wide = self.is_wide()
        # Qt tabifies reliably only into docks already placed: place one per group first.
        if wide:
            w.addDockWidget(left, d.fire)
            w.addDockWidget(left, d.clock)
            w.addDockWidget(right, d.inspector)
            w.addDockWidget(right, d.log)
            w.tabifyDockWidget(d.fire, d.weapons)
            top = [d.actions, d.scene]
        else:
            w.addDockWidget(right, d.inspector)
            w.addDockWidget(right, d.log)
            top = [d.fire, d.weapons, d.actions, d.scene, d.clock]
        for dock in top:
            w.tabifyDockWidget(d.inspector, dock)
        for dock in (d.structures, d.odds, d.history, d.legend):
            w.tabifyDockWidget(d.log, dock)
        for dock in self.docks():
            dock.show()
        for dock in (d.fire, d.inspector, d.log):
            dock.raise_()
        self.show_ruleset_docks()
        height = max(w.height(), 600)
        if wide:
            w.resizeDocks([d.inspector, d.fire], [RIGHT_COLUMN_PX, LEFT_COLUMN_PX],
                          Qt.Orientation.Horizontal)
            w.resizeDocks([d.fire, d.clock], [int(height * 0.7), int(height * 0.2)],
                          Qt.Orientation.Vertical)
        else:
            w.resizeDocks([d.inspector], [COLUMN_PX], Qt.Orientation.Horizontal)
        w.resizeDocks([d.inspector, d.log],
                      [int(height * 0.55), max(LOG_HEIGHT_PX, int(height * 0.35))],
                      Qt.Orientation.Vertical)
        if self.fit_toolbars is not None:  # None while the window is being built
            self.fit_toolbars()
        self.hide_stale_tab_bars()

    def reset_layout(self) -> None:
        """View > Reset Layout: the default layout, whatever was restored or moved."""
        self.apply_default_layout()
        self.show_status(tr("Layout reset."))

    def show_ruleset_docks(self) -> None:
        """The Scene dock (scenes and escalade) is shown for a rule text that has scenes (The
        Heavy Armory), hidden (and out of the View menu) for one that has none."""
        scene_dock = self.dock_set.scene
        scenes = self.document.rules.offers("scene")
        scene_dock.toggleViewAction().setVisible(scenes)
        if scenes != self._ruleset_shown:
            self._ruleset_shown = scenes
            scene_dock.setVisible(scenes)
            if scenes:
                self.dock_set.inspector.raise_()
        elif not scenes:
            scene_dock.setVisible(False)

    def restore(self) -> None:
        """The geometry and dock state the last session saved, if its layout is current."""
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        restored = state is not None and self.window.restoreState(state, LAYOUT_VERSION)
        if geometry is not None and not restored:
            self.apply_default_layout()  # the default for the window's restored size
        if restored:
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
