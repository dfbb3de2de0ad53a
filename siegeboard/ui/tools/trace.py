"""Trace tool: click inside a building on the plan and its outline becomes a structure.

Hovering shows the outline a click would take (traced live on the plan's own pixels, through
its calibration and rotation); Ctrl+wheel or the toolbar's slider widens or narrows the
colour tolerance; a click adds the outline as a structure of the current kind (one undo
step). Shift-drag a box to trace every building of the colour the drag begins on lying wholly
inside it, and the one it begins on (``plan.trace_box``): the outlines are previewed, Enter adds
them all (one undo step), Escape drops them. The toolbar's Rectangle and Snap boxes give the
smallest rotated rectangle and put corners on the 2 m grid.

The plan's legend (``MapImage.legend``, set once per plan: Alt-click a building to say its
colour is the toolbar's Kind; the toolbar's Legend button edits it) gives a traced building the
kind of its colour; a colour the legend does not name takes the toolbar's Kind.

Outlines are drawn as a contrasting pair, a dark dashed line on a wide light halo, so they read
on any colour of plan (pink brick, yellow frame, blue stone, the black of a print).
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGraphicsPathItem,
    QLabel,
    QPushButton,
    QSlider,
    QWidget,
)

from siegeboard.geometry import GRID_M
from siegeboard.model import LegendEntry
from siegeboard.plan import (
    DEFAULT_TOLERANCE,
    TOLERANCE_RANGE,
    NothingToTrace,
    Outline,
    colour_at,
    colour_hex,
    legend_entry_for,
    map_to_pixel,
    trace,
    trace_box,
)
from siegeboard.ui.dialogs.legend_dialog import LegendDialog
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.base import ToolEvent, ToolHost, path_through
from siegeboard.ui.tools.drawing import DrawingTool
from siegeboard.ui.tools.plan_pixels import plan_pixels
from siegeboard.ui.tools.rectangle import rectangle_ring

TOLERANCE_STEP = 4          # one notch of Ctrl+wheel
BATCH_COLOUR = QColor("#0072b2")  # blue: the outlines a box found, waiting for Enter
HOVER_COLOUR = QColor("#1a1a1a")  # near black: the outline a click would add
HALO_COLOUR = QColor(255, 255, 255, 235)
HALO_PX = 6   # on screen, whatever the zoom
LINE_PX = 2
DRAG_PIXELS = 4             # a press and release closer than this on screen is a click
Point = tuple[float, float]


class TraceTool(DrawingTool):
    name = "trace"
    label = QT_TR_NOOP("Trace")
    shortcut = "T"
    status_tip = (QT_TR_NOOP("Trace: click inside a building on the plan to add its outline; "
        "Ctrl+wheel "
                  "changes the tolerance; Shift-drag a box to trace every building of that "
                  "colour in it; Alt-click a building to make its colour the Kind chosen."))

    def __init__(self, host: ToolHost):
        super().__init__(host)
        self.tolerance = DEFAULT_TOLERANCE
        self.rectangle = False
        self.snap = False
        self._hover: QGraphicsPathItem | None = None  # the hover preview item
        self._hover_at: Point | None = None
        self._last: tuple | None = None  # (pixel, settings) -> result of the last trace
        self._refused: tuple | None = None  # (settings, region, message) of the last refusal
        self._press: ToolEvent | None = None
        self._box: QGraphicsPathItem | None = None  # the Shift-drag box preview item
        self._batch: list[list[Point]] = []
        self._batch_kinds: list[str] = []
        self._slider: QSlider | None = None
        self._tolerance_label: QLabel | None = None
        self._widgets: list[QWidget] = []

    # -- the toolbar ------------------------------------------------------------------------
    def make_toolbar_widgets(self) -> list[QWidget]:
        """The Kind box, the tolerance slider (0-255, the largest difference per colour
        channel), Rectangle and Snap to grid boxes."""
        kind_widgets = super().make_toolbar_widgets()
        low, high = TOLERANCE_RANGE
        label = self._tolerance_label = QLabel()
        slider = self._slider = QSlider(Qt.Orientation.Horizontal)
        slider.setObjectName("traceToleranceSlider")
        slider.setRange(low, high)
        slider.setValue(self.tolerance)
        slider.setMaximumWidth(140)
        slider.setToolTip(tr("How far a colour may differ from the one clicked and still be the "
                          "same building (Ctrl+wheel on the map)"))
        slider.valueChanged.connect(self.set_tolerance)
        rectangle = QCheckBox(tr("Rectangle"))
        rectangle.setObjectName("traceRectangleBox")
        rectangle.setToolTip(tr("Trace the smallest rotated rectangle around the building"))
        rectangle.toggled.connect(lambda on: self._set_option("rectangle", on))
        snap = QCheckBox(tr("Snap to grid"))
        snap.setObjectName("traceSnapBox")
        snap.setToolTip(tr("Put the traced corners on the 2 m grid"))
        snap.toggled.connect(lambda on: self._set_option("snap", on))
        legend = QPushButton(tr("Legend…"))
        legend.setObjectName("traceLegendButton")
        legend.setToolTip(tr("The plan's colours and the kinds they stand for (Alt-click a "
                          "building to give its colour the Kind chosen here)"))
        legend.clicked.connect(self.edit_legend)
        self._widgets = [label, slider, rectangle, snap, legend]
        self._show_tolerance()
        return kind_widgets + self._widgets

    def _show_tolerance(self) -> None:
        if self._tolerance_label is not None:
            self._tolerance_label.setText(tr("  Tolerance {tolerance} ").format(
                    tolerance=self.tolerance))
        if self._slider is not None and self._slider.value() != self.tolerance:
            self._slider.setValue(self.tolerance)

    def set_tolerance(self, value: int) -> None:
        low, high = TOLERANCE_RANGE
        value = max(low, min(high, int(value)))
        if value == self.tolerance:
            return
        self.tolerance = value
        self._show_tolerance()
        self._refresh_hover()

    def _set_option(self, name: str, on: bool) -> None:
        setattr(self, name, bool(on))
        self._refresh_hover()

    # -- the mode ---------------------------------------------------------------------------
    def activate(self) -> None:
        super().activate()
        if self.document.siege.map is None:
            self.host.show_status(tr("Trace: import a plan image first (Map > Import image)."))

    def cancel(self) -> None:
        super().cancel()
        self._hover = self._box = self._press = None
        self._batch = []
        self._batch_kinds = []

    # -- the legend -------------------------------------------------------------------------
    def kind_for(self, colour: tuple[int, ...]) -> tuple[str, LegendEntry | None]:
        """The kind a building of ``colour`` is added as: its legend entry's when the plan's
        legend names that colour (within the tolerance) and the ruleset has that kind, else
        the toolbar's Kind."""
        placement = self.document.siege.map
        if placement is not None:
            entry = legend_entry_for(placement.legend, colour, self.tolerance)
            if entry is not None and entry.kind in self.document.rules.catalogue.kinds:
                return entry.kind, entry
        return self.kind, None

    def _kind_words(self, kind: str, entry: LegendEntry | None) -> str:
        name = self.document.rules.catalogue.entry(kind).name
        if entry is None:
            return name
        return tr("{name} (the legend's {value})").format(
                name=name, value=entry.label or entry.colour)

    def set_legend_at(self, point: Point) -> None:
        """Alt-click: the colour under ``point`` (map metres) stands for the toolbar's Kind
        (one undo step); an entry of a near colour is replaced."""
        placement = self.document.siege.map
        pixels = plan_pixels(self.scene).pixels(self.scene)
        if placement is None or pixels is None:
            self.host.show_status(tr("Trace: import a plan image first (Map > Import image)."))
            return
        try:
            colour = colour_at(pixels, map_to_pixel(placement, point))
        except ValueError:
            self.host.show_status(tr("Trace: Alt-click on the plan, on a building's colour."))
            return
        near = legend_entry_for(placement.legend, colour, self.tolerance)
        name = self.document.rules.catalogue.entry(self.kind).name
        entry = LegendEntry(colour=colour_hex(colour), kind=self.kind,
                            label=near.label if near is not None and near.kind == self.kind
                            else name.lower()[:80])
        legend = [e for e in placement.legend if e is not near] + [entry]
        if len(legend) > 32:
            self.host.warn(tr("The plan's legend holds 32 colours at most; remove one first "
                           "(Legend… on the toolbar)."))
            return
        self.document.place_map(legend=tuple(legend))
        self.host.show_status(tr("Trace: the plan's {colour} is now {name}; buildings of "
                              "that colour are traced as {name}.").format(
                                      colour=entry.colour, name=name))
        self._last = None
        self._refresh_hover()

    def run_legend_dialog(self, dialog: QDialog) -> bool:
        """Show the legend dialog; True when accepted (tests replace this)."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def edit_legend(self) -> None:
        """The Legend… button: edit or remove the plan's colours (one undo step)."""
        placement = self.document.siege.map
        if placement is None:
            self.host.show_status(tr("Trace: import a plan image first (Map > Import image)."))
            return
        kinds = [(entry.kind, entry.name) for entry in self.document.rules.catalogue.structures]
        views = self.scene.views()
        dialog = LegendDialog(placement.legend, kinds, views[0].window() if views else None)
        try:
            if not self.run_legend_dialog(dialog):
                return
            legend = dialog.legend()
        finally:
            dialog.setParent(None)
        if legend != placement.legend:
            self.document.place_map(legend=legend)
            count = len(legend)
            self.host.show_status(
                tr("Trace: the plan's legend holds %n colour.", "", count) if count == 1 else
                tr("Trace: the plan's legend holds %n colours.", "", count))

    def wheel_turned(self, steps: float, modifiers) -> bool:
        if not modifiers & Qt.KeyboardModifier.ControlModifier:
            return False
        self.set_tolerance(self.tolerance + round(steps * TOLERANCE_STEP))
        self.host.show_status(tr("Trace: tolerance {tolerance} (of 255).").format(
                tolerance=self.tolerance))
        return True

    def key_pressed(self, key: int) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._batch:
            self._add_batch()
            return True
        if key == Qt.Key.Key_Escape and self._batch:
            count = len(self._batch)
            self.cancel()
            self.host.show_status(tr("Trace: %n outline dropped.", "", count) if count == 1 else
                                  tr("Trace: %n outlines dropped.", "", count))
            return True
        return super().key_pressed(key)

    # -- the mouse --------------------------------------------------------------------------
    def mouse_moved(self, event: ToolEvent) -> None:
        if self._press is not None and self._box is not None:
            self._box.setPath(path_through(rectangle_ring(self._press.raw, event.raw), True))
            return
        if self._batch:
            return  # the box's outlines wait for Enter or Escape
        self._hover_at = event.raw
        self._refresh_hover()

    def mouse_pressed(self, event: ToolEvent) -> None:
        if not event.left:
            return
        if event.modifiers & Qt.KeyboardModifier.AltModifier:
            self.set_legend_at(event.raw)
            return
        if self._batch:
            self.cancel()  # a new trace drops the box's outlines left waiting
        self._press = event
        if event.modifiers & Qt.KeyboardModifier.ShiftModifier:
            self._clear_hover()
            self._box = self.preview(path_through(rectangle_ring(event.raw, event.raw), True),
                                     colour=BATCH_COLOUR)

    def mouse_released(self, event: ToolEvent) -> None:
        press, self._press = self._press, None
        if press is None or not event.left:
            return
        if self._box is not None:
            box, self._box = self._box, None
            self.scene.removeItem(box)
            self._previews.remove(box)
            dragged = math.dist(press.raw, event.raw) * event.pixels_per_metre >= DRAG_PIXELS
            if dragged:
                self.trace_box(press.raw, event.raw)
                return
        self.add_at(event.raw)

    # -- what the tool does -----------------------------------------------------------------
    def outline_at(self, point: Point) -> Outline | str:
        """The outline a click at ``point`` (map metres) would add, or why there is none."""
        placement = self.document.siege.map
        pixels = plan_pixels(self.scene).pixels(self.scene)
        if placement is None or pixels is None:
            return tr("Trace: import a plan image first (Map > Import image).")
        at = map_to_pixel(placement, point)
        settings = (self.tolerance, self.rectangle, self.snap, placement,
                    self.document.siege.grid_origin, id(pixels))
        key = ((int(math.floor(at[0])), int(math.floor(at[1]))), settings)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        refused = self._refused
        if refused is not None and refused[0] == settings and refused[1].covers(at):
            return refused[2]  # the same open ground as before: no need to trace it again
        try:
            result: Outline | str = trace(
                pixels, at, tolerance=self.tolerance, rectangle=self.rectangle,
                calibration=placement, snap_step=GRID_M if self.snap else None,
                grid_origin=self.document.siege.grid_origin)
        except NothingToTrace as error:
            result = tr("Trace: {error}.").format(error=error)
            if error.region is not None:
                self._refused = (settings, error.region, result)
        except ValueError as error:
            inside = 0 <= at[0] < pixels.shape[1] and 0 <= at[1] < pixels.shape[0]
            result = tr("Trace: {error}.").format(
                    error=error) if inside else tr("Trace: the pointer is off the plan.")
        self._last = (key, result)
        return result

    def add_at(self, point: Point) -> None:
        """Add the outline at ``point`` as a structure of the current kind (one undo step)."""
        outline = self.outline_at(point)
        if isinstance(outline, str):
            self.host.show_status(outline)
            return
        kind, entry = self.kind_for(outline.colour)
        assert outline.metres is not None  # traced on a calibrated plan
        try:
            structure = self.document.draw_structure(kind, outline.metres)
        except ValueError as error:
            self.host.warn(tr("Cannot add this outline: {error}.").format(
                    error=plain_clause(error)))
            return
        self._clear_hover()
        self.host.show_status(tr("Trace: added {name}, {kind} "
                              "({count} corners).").format(
                                      name=structure.name, kind=self._kind_words(kind, entry),
                                              count=len(outline.metres)))

    def trace_box(self, first: Point, second: Point) -> None:
        """Trace every building of the colour at ``first`` lying wholly inside the box from
        ``first`` to ``second`` (map metres), and the one ``first`` is on; preview them for
        Enter or Escape."""
        placement = self.document.siege.map
        pixels = plan_pixels(self.scene).pixels(self.scene)
        if placement is None or pixels is None:
            self.host.show_status(tr("Trace: import a plan image first (Map > Import image)."))
            return
        start = map_to_pixel(placement, first)
        if not (0 <= start[0] < pixels.shape[1] and 0 <= start[1] < pixels.shape[0]):
            self.host.show_status(tr("Trace: start the box on the plan, on the colour to trace."))
            return
        corners = [map_to_pixel(placement, p) for p in rectangle_ring(first, second)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        found = trace_box(pixels, ((min(xs), min(ys)), (max(xs), max(ys))), at=start,
                          tolerance=self.tolerance, rectangle=self.rectangle,
                          calibration=placement, snap_step=GRID_M if self.snap else None,
                          grid_origin=self.document.siege.grid_origin)
        outlines: list[list[Point]] = []
        kinds: list[str] = []
        for outline in found:
            if outline.metres is not None and outline.metres not in outlines:
                outlines.append(outline.metres)
                kinds.append(self.kind_for(outline.colour)[0])
        if not outlines:
            self.host.show_status(tr("Trace: no building of that colour lies in the box (start "
                                  "the drag inside one)."))
            return
        self._batch, self._batch_kinds = outlines, kinds
        for ring in outlines:
            self._outline_item(path_through(ring, True), BATCH_COLOUR)
        self.host.show_status(tr("Trace: {count} buildings of that colour in the box: "
                              "Enter adds them, Escape drops them.").format(count=len(outlines)))

    def _outline_item(self, path: QPainterPath, colour: QColor) -> QGraphicsPathItem:
        """An outline drawn to read on any plan: a wide light halo under a dark (or blue)
        dashed line, with a faint fill; one item (the line is the halo's child)."""
        halo = QGraphicsPathItem(path)
        pen = QPen(HALO_COLOUR, HALO_PX)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        halo.setPen(pen)
        halo.setZValue(100)
        line = QGraphicsPathItem(path, halo)
        pen = QPen(colour, LINE_PX, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        line.setPen(pen)
        fill = QColor(colour)
        fill.setAlpha(50)
        line.setBrush(fill)
        self.scene.addItem(halo)
        self._previews.append(halo)
        return halo

    def _add_batch(self) -> None:
        outlines, kinds, count = self._batch, self._batch_kinds, len(self._batch)
        self.cancel()
        stack = self.document.undo_stack
        stack.beginMacro(tr("Trace {count} buildings").format(count=count))
        try:
            added = [self.document.draw_structure(kind, ring)
                     for ring, kind in zip(outlines, kinds, strict=True)]
        except ValueError as error:
            stack.endMacro()
            stack.undo()  # all of them or none
            self.host.warn(tr("Cannot add these outlines: {error}").format(error=error))
            return
        stack.endMacro()
        self.document.select(s.id for s in added)
        self.host.show_status(tr("Trace: added {count} buildings.").format(count=count))

    # -- the hover preview ------------------------------------------------------------------
    def _refresh_hover(self) -> None:
        if self._hover_at is None or self._batch or self._box is not None:
            return
        outline = self.outline_at(self._hover_at)
        if isinstance(outline, str):
            self._clear_hover()
            self.host.show_status(outline)
            return
        path = path_through(outline.metres, True)
        if self._hover is None or self._hover.scene() is None:
            self._hover = self._outline_item(path, HOVER_COLOUR)
        else:
            self._hover.setPath(path)
            for line in self._hover.childItems():
                if isinstance(line, QGraphicsPathItem):  # the dashed line over the halo
                    line.setPath(path)
        clipped = tr(" (it runs off the scan's edge)") if outline.clipped else ""
        kind, entry = self.kind_for(outline.colour)
        assert outline.metres is not None  # traced on a calibrated plan
        self.host.show_status(tr("Trace: click to add this outline as "
                              "{kind}, {count} corners"
                              "{clipped}; tolerance {tolerance}; Alt-click: this colour "
                              "is the Kind chosen.").format(
                                      kind=self._kind_words(kind, entry),
                                              count=len(outline.metres), clipped=clipped,
                                                      tolerance=self.tolerance))

    def _clear_hover(self) -> None:
        if self._hover is not None:
            if self._hover.scene() is not None:
                self._hover.scene().removeItem(self._hover)
            if self._hover in self._previews:
                self._previews.remove(self._hover)
            self._hover = None
