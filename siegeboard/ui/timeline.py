"""The timeline along the foot of the map: scrub through the log and see the siege as it was after
entry N (RULINGS R2: the file keeps the siege before the first entry, so the story is told
from the file alone).

Moving the slider below the end shows the past read-only: the document shows the history's
siege (``rules.history.History``, which steps entry by entry: outcomes applied and reverted,
never a copy of the siege per step), every view redraws only the structures that changed on
the way, edits, play and undo are refused with a word, and the entry is highlighted in the
log. Back at the end ("Now") the siege as it is resumes play. Any edit of the present (a new
file, say) closes the history.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QWidget,
)

from siegeboard.model.siege import MapImage
from siegeboard.rules.context import RuleError
from siegeboard.rules.history import History
from siegeboard.ui.board.map_view import MapView
from siegeboard.ui.docks.log import LogDock
from siegeboard.ui.document.changes import Aspect
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr

READ_ONLY = (QT_TR_NOOP("The map shows the siege as it was after entry {n} of {total}: move the "
    "timeline "
             "back to Now to play or edit"))


class TimelineMenus(Protocol):
    """The window's menu actions the timeline holds back while it shows the past."""

    @property
    def undo_action(self) -> QAction: ...

    @property
    def redo_action(self) -> QAction: ...

    @property
    def import_image_action(self) -> QAction: ...

    @property
    def remove_image_action(self) -> QAction: ...

    @property
    def scale_action(self) -> QAction: ...

    @property
    def rotate_image_action(self) -> QAction: ...

    @property
    def lock_image_action(self) -> QAction: ...

    @property
    def delete_action(self) -> QAction: ...

    @property
    def paste_action(self) -> QAction: ...

    @property
    def duplicate_action(self) -> QAction: ...

    @property
    def rotate_cw_action(self) -> QAction: ...

    @property
    def rotate_ccw_action(self) -> QAction: ...

    @property
    def rotate_by_action(self) -> QAction: ...

    @property
    def split_action(self) -> QAction: ...

    @property
    def merge_action(self) -> QAction: ...

    @property
    def settings_action(self) -> QAction: ...

    @property
    def tool_group(self) -> QActionGroup: ...

    def update_map_image(self, placement: MapImage | None) -> None: ...

    def update_selection(self, count: int) -> None: ...


@dataclass(frozen=True)
class TimelineTargets:
    """The parts of the window the timeline uses: what it holds back while it shows the past,
    where it highlights the entry shown, and how it speaks to the GM."""

    menus: TimelineMenus
    view: MapView  # its tool is taken away while the past shows
    set_tool: Callable[[str], None]  # the window's tool by name ("select")
    history_view: QWidget  # the undo history's list, which would undo with a click
    log_dock: LogDock  # where the entry shown is highlighted
    editing_docks: tuple[QDockWidget, ...]  # the docks that edit or play
    warn: Callable[[str], None]
    show_status: Callable[[str], None]


class Timeline(QWidget):
    """The bar: a slider from 0 (before the first action) to the log's length, the entry's
    words, and Now."""

    def __init__(self, document: Document, targets: TimelineTargets,
                 view: MapView | None = None):
        """``view``: the map view whose foot the bar lies along (over the map, so the map
        keeps its size); None: an ordinary widget to lay out."""
        super().__init__(view)
        self.document = document
        self.targets = targets
        self.history: History | None = None
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setPageStep(1)
        self.slider.setToolTip(tr("Scrub through the log: the map shows the siege as it was"))
        self.label = QLabel()
        self.label.setMinimumWidth(150)
        # The label's longest words always fit: the bar is never laid out narrower than its
        # minimum (``_place``), so nothing runs under the Now button.
        self.label.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
        self.slider.setMinimumWidth(120)
        self.now_button = QPushButton(tr("Now"))
        self.now_button.setToolTip(tr("Back to the siege as it is: play resumes"))
        self.now_button.clicked.connect(lambda: self.slider.setValue(self.slider.maximum()))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        self.title = QLabel(tr("Timeline"))
        layout.addWidget(self.title)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.label)
        layout.addWidget(self.now_button)
        self.slider.valueChanged.connect(self.show_position)
        document.changed.connect(self._on_changed)
        self._sync_range()
        self.setAutoFillBackground(True)
        self._view = view
        if view is not None:
            view.resized.connect(self._place)
            # The scale bar grows and shrinks with the zoom: the bar moves with it, never
            # under it.
            view.scale_bar.installEventFilter(self)
            self._place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if self._view is not None and watched is self._view.scale_bar and event.type() in (
                QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show):
            self._place()
        return False

    def _place(self) -> None:
        """Along the foot of the view's map area, right of its scale bar; above the scale
        bar, across the map, when there is no room beside it. Never narrower than its
        layout's minimum, so no word of it is covered."""
        if self._view is None:  # laid out as an ordinary widget
            return
        area = self._view.viewport().geometry()
        bar = self._view.scale_bar.geometry()
        height = self.sizeHint().height()
        least = self.minimumSizeHint().width()
        left = bar.right() + 10
        bottom = area.bottom() - 8
        if area.right() - left - 10 < least:  # no room beside the scale bar: above it
            left, bottom = area.left() + 10, bar.top() - 6
        self.setGeometry(left, bottom - height, max(least, area.right() - left - 10), height)
        self.raise_()

    @property
    def scrubbing(self) -> bool:
        return self.document.showing_past is not None

    def _on_changed(self, change) -> None:
        if self.scrubbing:
            return  # our own swaps
        if change.reset:
            self.history = None
        if change.reset or change.touches(Aspect.LOG):
            self.history = None  # the log changed: the history is told afresh
            self._sync_range()

    def _sync_range(self) -> None:
        total = len(self.document.siege.log)
        self.slider.blockSignals(True)
        self.slider.setRange(0, total)
        self.slider.setValue(total)
        self.slider.blockSignals(False)
        self.slider.setEnabled(total > 0)
        self.now_button.setEnabled(False)
        self.label.setText(tr("Now") if total else tr("Now (no action logged yet)"))

    def show_position(self, position: int) -> None:
        """Show the siege after entry ``position`` (the log's length: now)."""
        history = self.history
        total = len(history) if self.scrubbing and history is not None else len(
            self.document.siege.log)
        if position >= total:
            self._back_to_now()
            return
        if self.history is None:
            try:
                self.history = History(self.document.siege)
            except RuleError as error:
                self.targets.warn(tr("Cannot show the past: {error}").format(error=error))
                self.slider.blockSignals(True)
                self.slider.setValue(total)
                self.slider.blockSignals(False)
                return
        if not self.scrubbing:
            self.history.move_to(total)  # start from now: only the way back is stepped
            changed = self.history.move_to(position)
        else:
            changed = self.history.move_to(position)
        self.document.show_past(self.history.siege, changed,
                                tr(READ_ONLY).format(n=position, total=total))
        self._set_editing(False)
        entry = self.history.entries[position - 1] if position else None
        self.label.setText(tr("After entry {position} of {total}").format(
                position=position, total=total) if entry else
                           tr("Before the first action (0 of {total})").format(total=total))
        self.now_button.setEnabled(True)
        self._highlight(position)
        self.targets.show_status(READ_ONLY.format(n=position, total=total) + ".")

    def _back_to_now(self) -> None:
        history = self.history
        if not self.scrubbing or history is None:
            return
        changed = history.move_to(len(history))
        self.document.show_present(changed)
        self._set_editing(True)
        self.label.setText(tr("Now"))
        self.now_button.setEnabled(False)
        self._highlight(len(history))

    def _set_editing(self, allowed: bool) -> None:
        targets = self.targets
        menus = targets.menus
        stack = self.document.undo_stack
        menus.undo_action.setEnabled(allowed and stack.canUndo())
        menus.redo_action.setEnabled(allowed and stack.canRedo())
        # The undo history's list would undo with a click: it waits too.
        targets.history_view.setEnabled(allowed)
        # The tools and the docks that edit wait too (a refusal would be a message per drag);
        # the map still pans and zooms, and the status bar says why.
        if not allowed:
            targets.set_tool("select")
            targets.view.tool = None
        elif targets.view.tool is None:
            targets.set_tool("select")
        menus.tool_group.setEnabled(allowed)
        for action in (menus.import_image_action, menus.remove_image_action,
                       menus.scale_action, menus.rotate_image_action, menus.lock_image_action,
                       menus.delete_action, menus.paste_action, menus.duplicate_action,
                       menus.rotate_cw_action, menus.rotate_ccw_action, menus.rotate_by_action,
                       menus.split_action, menus.merge_action, menus.settings_action):
            action.setEnabled(allowed)
        if allowed:
            menus.update_selection(len(self.document.selection))
            menus.update_map_image(self.document.siege.map)
        for dock in targets.editing_docks:
            dock.widget().setEnabled(allowed)

    def _highlight(self, position: int) -> None:
        """Select entry ``position`` (1-based; 0: none) in the log dock."""
        log = self.targets.log_dock
        if position <= 0:
            log.view.clearSelection()
            return
        index = log.model.index(position - 1, 0)
        log.view.setCurrentIndex(index)
        log.view.scrollTo(index)
