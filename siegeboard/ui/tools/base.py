"""What every tool shares: the event record it receives, grid snapping, preview items.

A tool gets ``ToolEvent`` records (plain data, easy to make in a test) rather than Qt
events. Drawing snaps to the 2 m grid unless ``FREE_MODIFIER`` (Ctrl) is held.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QWidget

from siegeboard.geometry import GRID_M
from siegeboard.report import palette
from siegeboard.ui.language import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from siegeboard.ui.board.map_scene import MapScene
    from siegeboard.ui.document.document import Document

FREE_MODIFIER = Qt.KeyboardModifier.ControlModifier
Point = tuple[float, float]


def snap_to_grid(point: Point, origin: Point = (0.0, 0.0), step: float = GRID_M) -> Point:
    """The nearest 2 m grid corner (halves go up: a geometric choice, not a rule figure)."""
    x, y = (o + math.floor((p - o) / step + 0.5) * step
            for p, o in zip(point, origin, strict=True))
    return (x, y)


@dataclass(frozen=True)
class ToolEvent:
    """A mouse event in map metres: ``raw`` where the pointer is, ``snapped`` on the grid."""

    raw: Point
    snapped: Point
    free: bool = False
    button: Qt.MouseButton = Qt.MouseButton.LeftButton
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    pixels_per_metre: float = 10.0

    @property
    def point(self) -> Point:
        """Where a drawing tool puts a corner: snapped, or raw while Ctrl is held."""
        return self.raw if self.free else self.snapped

    @property
    def left(self) -> bool:
        return bool(self.button & Qt.MouseButton.LeftButton)


class ToolHost(Protocol):
    """Everything a tool may use beyond itself: the document, the scene, the GM's attention
    and the play of the siege. Tools call nothing else (the window's ``PlayController`` is
    the real host; tests use a small fake). A tool that needs more says so with a protocol
    of its own that extends this one (the Fire tool's ``FireHost``)."""

    document: Document
    scene: MapScene

    def warn(self, message: str) -> None: ...
    def ask_number(self, title: str, label: str, value: float,
                   decimals: int = 2) -> float | None: ...
    def show_status(self, message: str) -> None: ...
    def confirm(self, question: str, yes: str = QT_TR_NOOP("Yes")) -> bool:
        """Ask before something the GM may not have meant (No is the default)."""

    def current_weapon_id(self) -> str | None:
        """The weapon chosen for new batteries and shots at a typed range."""

    def choose_battery(self, battery_id: str | None) -> None:
        """Make ``battery_id`` the battery the next shot is fired from."""

    def play(self, action, dice_values=None):
        """Play a rules action (one message on a refusal); the outcome, or None."""


class Tool:
    """A mouse mode. Subclasses override the ``mouse_*`` hooks they need.

    A one-shot tool (``one_shot``: placing a battery, calibrating, moving the grid origin)
    calls ``finish`` once its click has done its job, and the window returns to Select, so
    the GM's next click selects instead of placing again. Drawing tools stay armed."""

    name = "tool"
    label = QT_TR_NOOP("Tool")
    shortcut = ""
    status_tip = ""
    cursor = Qt.CursorShape.CrossCursor
    one_shot = False

    def __init__(self, host: ToolHost):
        self.host = host
        self._previews: list[QGraphicsPathItem] = []
        self._toolbar_widgets: list[QWidget] | None = None
        # Called by ``finish`` (the window sets it to return to Select); None: nothing.
        self.on_finished: Callable[[], None] | None = None

    def finish(self) -> None:
        """A one-shot tool's job is done: hand the mouse back (to Select, in the window)."""
        if self.one_shot and self.on_finished is not None:
            self.on_finished()

    @property
    def document(self) -> Document:
        return self.host.document

    @property
    def scene(self) -> MapScene:
        return self.host.scene

    def activate(self) -> None:
        self.host.show_status(tr(self.status_tip) if self.status_tip else "")

    def deactivate(self) -> None:
        self.cancel()

    def toolbar_widgets(self) -> list[QWidget]:
        """The widgets this tool shows on the Tools toolbar while it is active: its own,
        made by ``make_toolbar_widgets`` on the first call and the same ones after."""
        if self._toolbar_widgets is None:
            self._toolbar_widgets = self.make_toolbar_widgets()
        return self._toolbar_widgets

    def make_toolbar_widgets(self) -> list[QWidget]:
        """Build this tool's toolbar widgets (none by default); called once."""
        return []

    def cancel(self) -> None:
        """Drop whatever is half-drawn."""
        self.clear_previews()

    def mouse_pressed(self, event: ToolEvent) -> None: ...
    def mouse_moved(self, event: ToolEvent) -> None: ...
    def mouse_released(self, event: ToolEvent) -> None: ...
    def mouse_double_clicked(self, event: ToolEvent) -> None: ...

    def pointer_left(self) -> None:
        """The pointer has left the map: hide whatever follows it (nothing by default)."""

    def wheel_turned(self, steps: float, modifiers: Qt.KeyboardModifier) -> bool:
        """The wheel turned ``steps`` notches; return True if the tool used it (else the
        view zooms)."""
        return False

    def key_pressed(self, key: int) -> bool:
        """Escape cancels; return True if the key was used."""
        if key == Qt.Key.Key_Escape:
            self.cancel()
            return True
        return False

    # -- previews ---------------------------------------------------------------------------
    def preview(self, path: QPainterPath, closed: bool = True,
                colour: QColor = palette.PREVIEW) -> QGraphicsPathItem:
        item = QGraphicsPathItem(path)
        pen = QPen(colour, 2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        item.setPen(pen)
        if closed:
            fill = QColor(colour)
            fill.setAlpha(60)
            item.setBrush(fill)
        item.setZValue(100)
        self.scene.addItem(item)
        self._previews.append(item)
        return item

    def clear_previews(self) -> None:
        for item in self._previews:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._previews.clear()


def path_through(points, closed: bool) -> QPainterPath:
    path = QPainterPath()
    if not points:
        return path
    path.moveTo(QPointF(*points[0]))
    for point in points[1:]:
        path.lineTo(QPointF(*point))
    if closed:
        path.closeSubpath()
    return path
