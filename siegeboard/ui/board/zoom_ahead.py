"""Zooms drawn ahead while the window is idle, so a turn of the wheel from rest is a copy (the
fourth cache of the stack explained in ``ui/board/__init__.py``).

The board keeps the zooms a view has visited (``device_cache.py``); a zoom to one not visited
yet draws the plan, the grid and every footprint afresh. A GM mostly looks, then turns the
wheel a notch: once the view has shown nothing new for ``IDLE_MS``, the zoom a notch in and a
notch out about the pointer (the way it last went first) are drawn into kept canvases, a band
of rows at a time (as many bands a slice as fit in ``SLICE_S``, so a click or a key waits one
band at most), and the next notch finds its pixels ready. Any repaint of the view (a pan,
a zoom, a shot) stops the drawing and starts the wait again; a change to the board drops what
was drawn ahead (it drops every kept zoom). What is drawn ahead is the board's own drawing at
that zoom: the same pixels.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer

IDLE_MS = 150     # the view shows nothing new this long before zooms are drawn ahead
SLICE_S = 0.004   # one slice of drawing ahead, between the window's events (one band at least)


class ZoomAhead(QObject):
    """Draws ``view``'s next zooms ahead when it rests (see the module). ``enabled`` off, it
    draws nothing (and what was drawn stays kept until a change drops it)."""

    def __init__(self, view, idle_ms: int = IDLE_MS, slice_s: float = SLICE_S):
        super().__init__(view)
        self._view = view
        self._slice_s = slice_s
        self._pending: list = []  # the transforms still to draw, the next first
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(idle_ms)
        self._idle.timeout.connect(self._begin)
        self._slices = QTimer(self)
        self._slices.setInterval(0)
        self._slices.timeout.connect(self._slice)
        self.enabled = True

    @property
    def busy(self) -> bool:
        """Whether it is waiting for the view to rest or drawing ahead."""
        return self._idle.isActive() or self._slices.isActive()

    def restart(self) -> None:
        """The view repainted: stop drawing ahead and wait for it to rest again."""
        self._slices.stop()
        self._pending = []
        if self.enabled:
            self._idle.start()

    def finish(self) -> list[float]:
        """Draw the next zooms ahead now, whole, in the slices a rest would draw them in; how
        long each slice took (seconds: what a click made meanwhile would have waited)."""
        self._idle.stop()
        self._slices.stop()
        self._pending = self._view.next_zoom_transforms()
        times = []
        done = False
        while not done:
            start = time.perf_counter()
            done = self._draw(self._slice_s)
            times.append(time.perf_counter() - start)
        return times

    def _begin(self) -> None:
        if not self.enabled:
            return
        self._pending = self._view.next_zoom_transforms()
        if self._pending:
            self._slices.start()

    def _slice(self) -> None:
        if self._draw(self._slice_s):
            self._slices.stop()

    def _draw(self, budget_s: float) -> bool:
        """Draw ahead for about ``budget_s``; True when nothing is left to draw."""
        view = self._view
        if view.scene() is None:  # the view let its scene go meanwhile
            self._pending = []
            return True
        board = view.map_scene.board
        viewport = view.viewport()
        deadline = time.perf_counter() + budget_s
        while self._pending:
            # A band at least each slice, however little of the budget is left.
            left = max(0.0, deadline - time.perf_counter())
            if not board.prepare(viewport, self._pending[0], view.renderHints(), left):
                return False
            self._pending.pop(0)
            if time.perf_counter() >= deadline:
                break
        return not self._pending
