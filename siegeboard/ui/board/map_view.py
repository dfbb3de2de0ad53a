"""The map view: wheel zoom about the pointer, middle-button or space-drag pan, a scale bar,
and mouse events handed to the current tool with the point in metres, snapped or free."""

from __future__ import annotations

import math
from typing import cast

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView, QWidget

from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.board.scale_bar import ScaleBar
from siegeboard.ui.board.zoom_ahead import ZoomAhead
from siegeboard.ui.tools.base import FREE_MODIFIER, Tool, ToolEvent, snap_to_grid

ZOOM_STEP = 1.25
# Device pixels per metre. The close-up stops where a 2 m cell is about 240 px wide (a corner
# can be placed to a few centimetres); zooming out stops where the whole plan and everything
# on it fills a quarter of the view's width or height (``min_scale``), so it never vanishes.
MAX_SCALE = 120.0
FARTHEST_FRACTION = 0.25
# The map's scroll bars are flat: a pan or zoom repaints both, and the platform style's
# (Fusion's gradients and arrows) took 2.3 ms of every frame, against 0.1 ms for these.
SCROLL_BAR_STYLE = """
QScrollBar { background: palette(window); border: none; margin: 0; }
QScrollBar:horizontal { height: 12px; }
QScrollBar:vertical { width: 12px; }
QScrollBar::handle { background: palette(dark); border-radius: 3px; margin: 2px; }
QScrollBar::handle:horizontal { min-width: 32px; }
QScrollBar::handle:vertical { min-height: 32px; }
QScrollBar::handle:hover, QScrollBar::handle:pressed { background: palette(highlight); }
QScrollBar::add-line, QScrollBar::sub-line { width: 0; height: 0; border: none; }
QScrollBar::add-page, QScrollBar::sub-page { background: none; }
"""


class MapView(QGraphicsView):
    """``pointer_moved`` carries the pointer's scene position (metres)."""

    pointer_moved = Signal(QPointF)
    zoom_changed = Signal(float)
    resized = Signal()  # overlays along the view's edges (the timeline) place themselves

    def __init__(self, scene: MapScene, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.tool: Tool | None = None
        self._space_down = False
        self._pan_from: QPoint | None = None
        self._zoomed_in_last = True  # the way the last zoom went: drawn ahead first
        self._pointer: QPoint | None = None  # where the pointer is over the view (viewport px)
        self.zoom_ahead = ZoomAhead(self)
        self.setMouseTracking(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.scale(8, 8)
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.setStyleSheet(SCROLL_BAR_STYLE)
        # A child of the view, not of the viewport: viewport scrolling would drag it along.
        self.scale_bar = ScaleBar(self)
        self.zoom_changed.connect(self.scale_bar.set_scale)
        self.scale_bar.set_scale(self.current_scale())

    @property
    def map_scene(self) -> MapScene:
        return cast(MapScene, self.scene())  # a MapView shows a MapScene

    # -- zoom and pan -------------------------------------------------------------------
    def current_scale(self) -> float:
        """Device pixels per metre."""
        return self.transform().m11() if self.transform().m12() == 0 else math.hypot(
            self.transform().m11(), self.transform().m12())

    def min_scale(self) -> float:
        """The farthest zoom: the content fills ``FARTHEST_FRACTION`` of the view."""
        rect = self.map_scene.content_rect()
        viewport = self.viewport().rect()
        if rect.isEmpty() or viewport.isEmpty():
            return MAX_SCALE / 1000
        fit = min(viewport.width() / rect.width(), viewport.height() / rect.height())
        return min(fit * FARTHEST_FRACTION, MAX_SCALE)

    def _allowed_factor(self, factor: float) -> float | None:
        """The factor a zoom by ``factor`` scales by, stopped at the limits (a step that would
        pass one stops on it); None where it would not zoom at all."""
        current = self.current_scale()
        target = min(max(current * factor, self.min_scale()), MAX_SCALE)
        if factor > 1:
            target = max(target, current)  # zooming in never zooms out, even from afar
        elif factor < 1:
            target = min(target, current)
        if abs(target - current) <= current * 1e-9:
            return None
        return target / current

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom keeping the scene point under ``anchor`` (viewport px; centre if None) still,
        never past the limits (a step that would pass one stops on it)."""
        allowed = self._allowed_factor(factor)
        if allowed is None:
            return
        factor = allowed
        self._zoomed_in_last = factor > 1
        anchor = anchor if anchor is not None else self.viewport().rect().center()
        before = self.mapToScene(anchor)
        self.scale(factor, factor)
        after = self.mapFromScene(before)
        shift = after - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift.y())
        self.zoom_changed.emit(self.current_scale())

    def next_zoom_transforms(self) -> list[QTransform]:
        """The viewport transforms a wheel notch in and a notch out about the pointer (the
        view's centre when the pointer is elsewhere) would give, the way the last zoom went
        first; none where the view shows no scene. (For a turned view the board draws
        nothing ahead: it serves no such view.)"""
        if self.scene() is None:
            return []
        anchor = self._pointer
        if anchor is None or not self.viewport().rect().contains(anchor):
            anchor = self.viewport().rect().center()
        before = self.mapToScene(anchor)
        steps = (ZOOM_STEP, 1 / ZOOM_STEP) if self._zoomed_in_last else (1 / ZOOM_STEP, ZOOM_STEP)
        transforms = []
        for step in steps:
            factor = self._allowed_factor(step)
            if factor is None:
                continue
            matrix = QTransform(self.transform())
            matrix.scale(factor, factor)  # as ``scale`` does: the same numbers
            # The scroll bars keep whole pixels: the anchor's scene point stays at the anchor.
            dx = anchor.x() - round(before.x() * matrix.m11())
            dy = anchor.y() - round(before.y() * matrix.m22())
            transforms.append(QTransform(matrix.m11(), 0, 0, matrix.m22(), dx, dy))
        return transforms

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        self.zoom_ahead.restart()  # drawn ahead only once the view rests

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def fit_to_map(self) -> None:
        rect = self.map_scene.content_rect()
        if rect.isEmpty():
            return
        self.fitInView(rect.adjusted(-4, -4, 4, 4), Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.current_scale())

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120
        if self.tool is not None and steps and self.tool.wheel_turned(steps, event.modifiers()):
            event.accept()
            return
        if steps:
            self.zoom_by(ZOOM_STEP ** steps, event.position().toPoint())
        event.accept()

    def _scroll_by(self, delta: QPoint) -> None:
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())

    # -- mouse to tool --------------------------------------------------------------------
    def tool_event(self, event, button=None) -> ToolEvent:
        scene_pos = self.mapToScene(event.position().toPoint())
        point = (scene_pos.x(), scene_pos.y())
        modifiers = event.modifiers()
        free = bool(modifiers & FREE_MODIFIER)
        origin = self.map_scene.document.siege.grid_origin
        return ToolEvent(raw=point, snapped=snap_to_grid(point, origin), free=free,
                         button=button if button is not None else event.button(),
                         modifiers=modifiers, pixels_per_metre=self.current_scale())

    def mousePressEvent(self, event) -> None:
        self.setFocus()
        if event.button() == Qt.MouseButton.MiddleButton or (
                event.button() == Qt.MouseButton.LeftButton and self._space_down):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None:
            self.tool.mouse_pressed(self.tool_event(event))
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        position = event.position().toPoint()
        self._pointer = position
        if self._pan_from is not None:
            self._scroll_by(position - self._pan_from)
            self._pan_from = position
            event.accept()
            return
        scene_pos = self.mapToScene(position)
        self.pointer_moved.emit(scene_pos)
        if self.tool is not None:
            self.tool.mouse_moved(self.tool_event(event, event.buttons()))
        event.accept()

    def mouseReleaseEvent(self, event) -> None:
        if self._pan_from is not None and event.button() in (
                Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space_down
                                      else self.tool.cursor if self.tool
                                      else Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        if self.tool is not None:
            self.tool.mouse_released(self.tool_event(event))
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        if self.tool is not None and event.button() == Qt.MouseButton.LeftButton:
            self.tool.mouse_double_clicked(self.tool_event(event))
        event.accept()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if self.tool is not None and self.tool.key_pressed(key):
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = False
            self.viewport().setCursor(self.tool.cursor if self.tool else Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        super().leaveEvent(event)
        self._pointer = None
        if self.tool is not None:
            self.tool.pointer_left()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.scale_bar.place()
        self.resized.emit()
