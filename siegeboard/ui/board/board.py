"""The board: the plan, the grid and the structures' layer drawn together into one opaque
device pixmap per view, the view's background (``MapScene.drawBackground`` paints it). One
pixmap rather than one per member: a frame moves and copies it once, with no blending. The
stack it belongs to is explained in the package (``ui/board/__init__.py``); ``caches_wanted``
is its debugging switch.
"""

from __future__ import annotations

import os
import weakref

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem

from siegeboard.ui.board.device_cache import Canvas, DeviceCache, usable

_VISIBLE_CHANGED = QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged
NO_CACHE_VARIABLE = "SIEGEBOARD_NO_CACHE"


def caches_wanted() -> bool:
    """Whether a new scene draws through its caches: True unless the environment sets
    ``SIEGEBOARD_NO_CACHE`` to anything but "" or "0" (debugging: every paint draws every
    member afresh, item by item; see the package)."""
    return os.environ.get(NO_CACHE_VARIABLE, "").strip() in ("", "0")


class BoardMember(QGraphicsItem):
    """A mix-in for the items the board draws: ``board`` is set by the scene that holds one
    (None outside a ``MapScene``); a member shown or hidden clears the board."""

    board: Board | None = None

    def draw_board(self, painter: QPainter, transform: QTransform, area: QRectF) -> None:
        """Draw this member over ``area`` (its own coordinates), ``painter`` holding
        ``transform`` (its coordinates to device pixels): what the board keeps of it."""
        raise NotImplementedError

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        """Nothing where the board drew this member into ``widget``; else ``draw_board`` over
        the exposed area."""
        if self.served(widget):
            return
        # PySide6 6.10's stubs lack exposedRect
        area = option.exposedRect  # type: ignore[attr-defined, unused-ignore]
        if painter.hasClipping():
            # QGraphicsScene.render hands every item its whole bounding rect as "exposed" and
            # clips the painter instead: without this a repaint of a few squares would lay out
            # every line and label of the map.
            area = area.intersected(painter.clipBoundingRect())
        self.draw_board(painter, painter.worldTransform(), area)

    def served(self, widget) -> bool:
        """Whether the board drew this item into ``widget`` (so ``paint`` draws nothing)."""
        board = self.board
        return board is not None and board.serves(widget)

    def clear_board(self) -> None:
        """What this item drew is stale in every view (nothing to do outside a MapScene)."""
        if self.board is not None:
            self.board.clear()

    def itemChange(self, change, value):  # noqa: N802 (Qt's name)
        if change == _VISIBLE_CHANGED:
            self.clear_board()
        return super().itemChange(change, value)


class Board:
    """One scene's board (see the module). ``margin_px``: how far past an area handed to
    ``forget`` a member's drawing may reach on screen. ``enabled`` off, it serves no view and
    the members draw themselves (the switch without caches, and the tests' reference)."""

    def __init__(self, scene, margin_px: float, *, enabled: bool = True):
        self._scene = weakref.ref(scene)  # the scene holds the board
        self.enabled = enabled
        self.cache = DeviceCache(margin_px, scene.backgroundBrush().color())

    def serves(self, widget) -> bool:
        """Whether the board paints ``widget`` (a view's viewport): an upright view on a
        screen of density 1. The same answer for the scene's background and for each member,
        whatever the member's own transform."""
        if not self.enabled or widget is None:
            return False
        view = widget.parentWidget()
        return isinstance(view, QGraphicsView) and usable(widget, view.viewportTransform())

    def clear(self) -> None:
        self.cache.clear()

    def forget(self, rect: QRectF) -> None:
        """What was drawn over ``rect`` (scene metres) is stale in every view."""
        self.cache.forget(rect)

    def paint(self, painter: QPainter, widget) -> bool:
        """Paint the board into ``widget`` through its cache, ``painter`` holding the view's
        transform; False (nothing painted) where the board does not serve it."""
        if not self.serves(widget):
            return False
        self.cache.paint(painter, widget, self._draw, self._moved)
        return True

    def prepare(self, widget, transform: QTransform, hints: QPainter.RenderHint,
                budget_s: float) -> bool:
        """Draw ahead what ``widget`` would show at ``transform`` (a zoom it may go to next),
        for about ``budget_s``; True once it is whole or where the board does not serve
        ``widget`` (``DeviceCache.prepare``)."""
        if not (self.serves(widget) and usable(widget, transform)):
            return True
        return self.cache.prepare(widget, transform, self._draw, hints, budget_s)

    def _members(self):
        scene = self._scene()
        if scene is None:
            return ()
        return tuple(member for member in (scene.map_item, scene.grid, scene.layer)
                     if member is not None and member.isVisible())

    def _draw(self, painter: QPainter, transform: QTransform, area: QRectF) -> None:
        """Every member over ``area`` (scene metres), in stacking order, over the background
        (the cache has filled it)."""
        for member in self._members():
            placed = member.sceneTransform()
            if placed.isIdentity():
                member.draw_board(painter, transform, area)
                continue
            # The plan: its own pixels placed in metres (scaled, turned, moved).
            member_transform = placed * transform
            painter.save()
            painter.setWorldTransform(member_transform)
            member.draw_board(painter, member_transform, placed.inverted()[0].mapRect(area))
            painter.restore()

    def _moved(self, canvas: Canvas, transform: QTransform) -> None:
        scene = self._scene()
        if scene is not None and scene.layer.isVisible():
            scene.layer.forget_patterns(canvas, transform)
