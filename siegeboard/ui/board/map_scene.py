"""The map scene: a projection of the document, updated only from its change events.

``items`` maps structure id -> item; a change touching one structure touches one item.
A file about to be opened is first ``prepare``d: everything it shows is decoded and built
then, so a file the scene cannot show is refused before the document is replaced.
"""

from __future__ import annotations

import contextlib
import gc
import math

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QToolTip, QWidget

from siegeboard.geometry import SQUARE_M, anchor_square
from siegeboard.model.progress import NO_PROGRESS, Progress, each
from siegeboard.persist import SiegeFile
from siegeboard.report.renderer import SCREEN
from siegeboard.rules.players_view import Side, players_may_see_battery
from siegeboard.ui.board.board import Board, caches_wanted
from siegeboard.ui.board.grid_item import GridItem
from siegeboard.ui.board.map_image_item import MapImageItem, decode_image
from siegeboard.ui.board.structure_item import PLAYERS_SCREEN, StructureItem
from siegeboard.ui.board.structure_layer import PEN_MARGIN_PX, StructureLayer
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.items.battery_item import BatteryItem
from siegeboard.ui.language import tr

PADDING_M = 40.0
GRID_MARGIN_M = 20.0  # with no map image, the grid runs this far past the structures
EMPTY_EXTENT = QRectF(0, 0, 100, 100)
REPORT_EVERY = 200  # structure items built between two progress reports


@contextlib.contextmanager
def bulk():
    """Build a town's items with the cyclic collector paused: each structure makes a handful
    of objects, none garbage, and the collector's passes over the whole heap meanwhile cost a
    fifth of the build."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


class MapScene(QGraphicsScene):
    """The GM's map; with ``players``, the players' projection of the same document (their
    look, only the batteries ``rules.players_view`` lets them see, no selection)."""

    def __init__(self, document: Document, parent: QObject | None = None, *, players: bool = False):
        super().__init__(parent)
        self.document = document
        self.players = players
        self.players_side: Side | None = None  # the players' side (None: either)
        self.look = PLAYERS_SCREEN if players else SCREEN
        self.structure_items: dict[str, StructureItem] = {}
        self.battery_items: dict[str, BatteryItem] = {}
        self.chosen_battery: str | None = None
        self.map_item: MapImageItem | None = None
        self._map_data: bytes | None = None
        self._selected: set[str] = set()
        self._content: QRectF | None = None  # content_rect, until the next change
        # What ``prepare`` built for a file about to be loaded: (file, structure items, map).
        self._prepared: tuple[SiegeFile, dict[str, StructureItem], MapImageItem | None] | None \
            = None
        self.setBackgroundBrush(QColor("#e9e4d8"))
        # The background, the plan, the grid and the layer, drawn together in each view
        # (without the caches, for debugging: ``ui/board/__init__.py``).
        cached = caches_wanted()
        self.board = Board(self, PEN_MARGIN_PX, enabled=cached)
        self.grid = GridItem()
        self.grid.board = self.board
        self.addItem(self.grid)
        # Draws the structure items in batches; they keep their state and answer for clicks.
        self.layer = StructureLayer(cached=cached)
        self.layer.board = self.board
        self.addItem(self.layer)
        document.changed.connect(self.on_changed)
        if not players:  # the players never see the GM's selection
            document.selection_changed.connect(self.on_selection_changed)
        self.rebuild()

    # -- projection ---------------------------------------------------------------------
    def prepare(self, siege_file: SiegeFile, progress: Progress = NO_PROGRESS) -> None:
        """Decode and build everything ``siege_file`` shows, before it is loaded: raises
        ``ValueError`` (an image that cannot be shown, say) or ``Cancelled`` (from
        ``progress``) with the scene and the document unchanged. Loading that very file
        next uses what was built here instead of building it again."""
        self._prepared = None
        siege = siege_file.siege
        map_item = None
        data = siege_file.images.get(siege.map.member) if siege.map is not None else None
        if data is not None and siege.map is not None:
            progress.report(0, 0, tr("Decoding the map image"))
            map_item = MapImageItem(decode_image(data), siege.map)
            progress.report(0, 0, tr("Preparing the map image"))
            map_item.prepare_levels()
        items = {}
        with bulk():
            for structure in each(siege.structures.values(), progress, tr("Drawing the structures"),
                                  every=REPORT_EVERY):
                items[structure.id] = StructureItem(structure, siege.ruleset, self.look)
        self._prepared = (siege_file, items, map_item)

    def rebuild(self) -> None:
        prepared, self._prepared = self._prepared, None
        if prepared is not None and prepared[0] is not self.document.siege_file:
            prepared = None  # built for another file
        self.layer.clear()
        for item in self.structure_items.values():
            self.removeItem(item)
        self.structure_items.clear()
        self._selected.clear()
        ruleset = self.document.ruleset
        with bulk():
            if prepared is not None:
                self._use_map_item(prepared[2], self.document.map_image())
                items = prepared[1]
            else:
                look = self.look
                items = {structure.id: StructureItem(structure, ruleset, look)
                         for structure in self.document.siege.structures.values()}
            for item in items.values():
                self.addItem(item)
            self.structure_items.update(items)
            self.layer.add_items(items.values())
        for battery in self.battery_items.values():
            self.removeItem(battery)
        self.battery_items.clear()
        self._show_batteries(self.document.siege.batteries)
        self._show_map()
        self.grid.set_origin(self.document.siege.grid_origin, self.document.siege.label_anchor)
        self._extent = self._content_rect()
        self._content = QRectF(self._extent)
        self._apply_extent()
        if not self.players:
            self.on_selection_changed(self.document.selection)

    def _add_item(self, structure, ruleset: str) -> StructureItem:
        item = StructureItem(structure, ruleset, self.look)
        self.addItem(item)
        self.structure_items[structure.id] = item
        self.layer.add_items((item,))
        return item

    def on_changed(self, change: Change) -> None:
        self._content = None
        if change.reset:
            self.rebuild()
            return
        structures = self.document.siege.structures
        ruleset = self.document.ruleset
        grown = QRectF()
        for key in change.removed:
            item = self.structure_items.pop(key, None)
            if item is not None:
                self.layer.remove_item(item)
                self.removeItem(item)
            self._selected.discard(key)
        for key in change.added:
            grown = grown.united(self._add_item(structures[key], ruleset).boundingRect())
        for key in change.changed:
            item = self.structure_items[key]
            item.show_state(structures[key], ruleset)
            if Aspect.SHAPE in change.aspects:  # only a new shape can reach past the extent
                grown = grown.united(item.boundingRect())
        if Aspect.MAP in change.aspects:
            self._show_map()
            # A new, moved or smaller plan: the extent is measured afresh (it may shrink), so
            # the grid covers the plan now under the board, not the last one.
            self._extent = self._content_rect()
            self._apply_extent()
        if Aspect.GRID in change.aspects:
            self.grid.set_origin(self.document.siege.grid_origin, self.document.siege.label_anchor)
            self._apply_extent()
        batteries = set(change.batteries)
        if change.weapons:
            batteries |= {key for key, battery in self.document.siege.batteries.items()
                          if battery.weapon_id in change.weapons}
        if batteries:
            self._show_batteries(batteries)
            for key in batteries & set(self.document.siege.batteries):
                x, y = self.document.siege.batteries[key].position
                grown = grown.united(QRectF(x - 1, y - 1, 2, 2))
        if not grown.isNull() and not self._extent.contains(grown):
            self._extent = self._extent.united(grown)
            self._apply_extent()

    def on_selection_changed(self, ids) -> None:
        chosen = set(ids)
        for key in self._selected - chosen:
            if key in self.structure_items:
                self.structure_items[key].set_selected_look(False)
        for key in chosen - self._selected:
            if key in self.structure_items:
                self.structure_items[key].set_selected_look(True)
        self._selected = chosen

    def _show_batteries(self, ids) -> None:
        """Bring the items of the batteries ``ids`` in line with the document."""
        siege = self.document.siege
        for key in ids:
            battery = siege.batteries.get(key)
            if battery is not None and self.players and not players_may_see_battery(
                    siege, battery, self.players_side):
                battery = None  # hidden from the players: as if it were not there
            item = self.battery_items.get(key)
            if battery is None:
                if item is not None:
                    self.removeItem(self.battery_items.pop(key))
                continue
            weapon = siege.weapons.get(battery.weapon_id)
            name = weapon.name if weapon is not None else battery.weapon_id
            if item is None:
                item = self.battery_items[key] = BatteryItem(battery, name)
                self.addItem(item)
            else:
                item.show_battery(battery, name)
            item.set_chosen(key == self.chosen_battery and not self.players)

    def set_players_side(self, side: Side | None) -> None:
        """Show the players of ``side`` (None: either) the batteries they may see."""
        self.players_side = side
        self._show_batteries(set(self.document.siege.batteries) | set(self.battery_items))

    def choose_battery(self, battery_id: str | None) -> None:
        """Ring the battery the fire tool shoots from (None: no battery)."""
        self.chosen_battery = battery_id
        for key, item in self.battery_items.items():
            item.set_chosen(key == battery_id)

    def battery_at(self, point: tuple[float, float], reach_m: float) -> str | None:
        """The battery whose marker is within ``reach_m`` metres of ``point``, nearest first."""
        best, best_distance = None, reach_m
        for key, battery in self.document.siege.batteries.items():
            distance = ((battery.position[0] - point[0]) ** 2
                        + (battery.position[1] - point[1]) ** 2) ** 0.5
            if distance <= best_distance:
                best, best_distance = key, distance
        return best

    def _show_map(self) -> None:
        placement = self.document.siege.map
        data = self.document.map_image()
        if placement is None or data is None:
            self._use_map_item(None, None)
            return
        if data is not self._map_data or self.map_item is None:
            item = MapImageItem(decode_image(data), placement)
            item.prepare_levels()
            self._use_map_item(item, data)
        else:
            self.map_item.place(placement)

    def _use_map_item(self, item: MapImageItem | None, data: bytes | None) -> None:
        """Show ``item`` (made from ``data``) as the map image, in place of the old one."""
        if self.map_item is not None:
            self.removeItem(self.map_item)
            self.map_item.board = None
        self.map_item, self._map_data = item, data if item is not None else None
        if item is not None:
            item.board = self.board
            self.addItem(item)
        self.board.clear()

    def drawBackground(self, painter, rect: QRectF | QRect) -> None:  # noqa: N802 (Qt's name)
        """In a view the board is the background (``board/board.py``); elsewhere (a picture,
        a printer) the background colour, the members drawing themselves over it."""
        widget = painter.device()
        if not isinstance(widget, QWidget):
            # A viewport Python has not met yet comes back as a bare QPaintDevice (nothing
            # tells its type then), while the members, handed the viewport as a QWidget, leave
            # their drawing to the board: meet each view's viewport, then ask again.
            for view in self.views():
                view.viewport()
            widget = painter.device()
        if not (isinstance(widget, QWidget) and self.board.paint(painter, widget)):
            super().drawBackground(painter, rect)

    # -- extent -------------------------------------------------------------------------
    def _content_rect(self) -> QRectF:
        rect = QRectF()
        if self.structure_items:
            # As numbers, not a rectangle united per item (asked of every item of a town), and
            # none kept (a list of a town's tuples would wake the cyclic collector).
            left = top = math.inf
            right = bottom = -math.inf
            for item in self.structure_items.values():
                bounds = item.boundingRect()
                x0, y0, x1, y1 = bounds.left(), bounds.top(), bounds.right(), bounds.bottom()
                if x0 < left:
                    left = x0
                if y0 < top:
                    top = y0
                if x1 > right:
                    right = x1
                if y1 > bottom:
                    bottom = y1
            rect = QRectF(QPointF(left, top), QPointF(right, bottom))
        if self.map_item is not None:
            rect = rect.united(self.map_item.sceneBoundingRect())
        for battery in self.document.siege.batteries.values():
            x, y = battery.position
            rect = rect.united(QRectF(x - 1, y - 1, 2, 2))
        return rect if not rect.isNull() else QRectF(EMPTY_EXTENT)

    def content_rect(self) -> QRectF:
        """What fit-to-map shows: the map image and every structure (measured again only
        after a change: every zoom step asks)."""
        if self._content is None:
            self._content = self._content_rect()
        return QRectF(self._content)

    def grid_extent(self) -> QRectF:
        """Where the grid is drawn: over the map image, or (with no image) over the structures
        and batteries plus ``GRID_MARGIN_M``, growing as the GM draws."""
        if self.map_item is not None:
            return self.map_item.sceneBoundingRect()
        rect = self._extent.adjusted(-GRID_MARGIN_M, -GRID_MARGIN_M, GRID_MARGIN_M, GRID_MARGIN_M)
        # The margin does not reach before square A1 unless something is drawn there: no
        # "A-1" squares around an empty border.
        siege = self.document.siege
        a1 = anchor_square(siege.grid_origin, siege.label_anchor)  # A1's north-west corner
        ox = siege.grid_origin[0] + a1[0] * SQUARE_M
        oy = siege.grid_origin[1] + a1[1] * SQUARE_M
        rect.setLeft(max(rect.left(), min(ox, self._extent.left())))
        rect.setTop(max(rect.top(), min(oy, self._extent.top())))
        return rect

    def _apply_extent(self) -> None:
        padded = self._extent.adjusted(-PADDING_M, -PADDING_M, PADDING_M, PADDING_M)
        self.grid.set_extent(self.grid_extent())
        # Generous room around the content so zooming about the pointer never hits an edge.
        margin = max(padded.width(), padded.height())
        self.setSceneRect(padded.adjusted(-margin, -margin, margin, margin))

    # -- tooltips ---------------------------------------------------------------------------
    def helpEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The tooltip of the topmost item under the pointer, asked of the item when shown
        (a structure makes its words then: ``StructureItem.toolTip``)."""
        widget = event.widget()
        view = widget.parentWidget() if widget is not None else None
        text = ""
        if isinstance(view, QGraphicsView):
            transform = view.viewportTransform()
            point = QRectF(QPointF(widget.mapFromGlobal(event.screenPos())), QSizeF(1, 1))
            found = self.items(transform.inverted()[0].mapRect(point),
                               Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder, transform)
        else:
            found = self.items(event.scenePos())
        for item in found:
            text = item.toolTip()
            if text:
                break
        QToolTip.showText(event.screenPos(), text, widget)
        event.setAccepted(bool(text))

    # -- queries for tools -----------------------------------------------------------------
    def structure_at(self, point: tuple[float, float]) -> str | None:
        found = self.document.index.at(point) if self.document.siege.structures else []
        return found[0] if found else None
