"""Structures dock: a sortable, filterable table of every structure that selects on the map
and follows the map's selection. Rows update from the document's change events only."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from siegeboard.geometry import shape_of
from siegeboard.geometry.squares import naming_squares, naming_squares_many, squares_text
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr

COLUMNS = (QT_TR_NOOP("Name"), QT_TR_NOOP("Kind"), QT_TR_NOOP("Square"), QT_TR_NOOP("DP"),
        QT_TR_NOOP("State"), QT_TR_NOOP("Fire"))
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


class StructuresModel(QAbstractTableModel):
    """One row per structure, in the document's order; figures read from stored state."""

    def __init__(self, document: Document, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document
        self.ids: list[str] = []
        self._rows: dict[str, tuple] = {}
        self._row_of: dict[str, int] = {}
        # A structure's square depends on its footprint only: kept so that a shot or a clock
        # step, which change state and never shape, cost no geometry here.
        # footprint and holes, naming square and the squares listed, grid origin, label anchor
        self._squares: dict[str, tuple[tuple[list, list], tuple[tuple[int, int], list],
                                       tuple[float, float], tuple[float, float] | None]] = {}
        self._sorted_by: tuple[int, Qt.SortOrder] | None = None  # (column, order)
        document.changed.connect(self.on_changed)
        self.reset()

    def reset(self) -> None:
        self.beginResetModel()
        structures = self.document.siege.structures
        missing = [key for key in structures if self._known_square(key) is None]
        if len(missing) > 1:
            # A whole town at once: each footprint's naming squares (R5) found in one
            # vectorised pass (``naming_squares_many``, as the printed table does), from the
            # polygons of the document's index (built now, not on the first shot).
            index = self.document.index
            origin = self.document.siege.grid_origin
            for key, squares in zip(missing, naming_squares_many(
                    [index.polygon(key) for key in missing], origin), strict=True):
                self._keep_square(key, squares)
        self._rows = {key: self._row(key) for key in structures}
        self._order()
        self.endResetModel()

    def _known_square(self, key: str) -> tuple[tuple[int, int], list] | None:
        """The kept naming square of structure ``key`` and the squares listed with it (R5),
        if its footprint and the grid are unchanged."""
        known = self._squares.get(key)
        if known is None:
            return None
        siege = self.document.siege
        structure = siege.structures[key]
        if known[0] == (structure.footprint, structure.holes) and known[2] == siege.grid_origin \
                and known[3] == siege.label_anchor:
            return known[1]
        return None

    def _keep_square(self, key: str, square: tuple[tuple[int, int], list]) -> None:
        siege = self.document.siege
        structure = siege.structures[key]
        self._squares[key] = ((structure.footprint, structure.holes), square,
                              siege.grid_origin, siege.label_anchor)

    def _order(self) -> None:
        """``ids`` in the document's order, then stably by the sorted column's keys."""
        self.ids = list(self._rows)
        if self._sorted_by is not None:
            column, order = self._sorted_by
            rows = self._rows
            self.ids.sort(key=lambda key: rows[key][column][1],
                          reverse=order == Qt.SortOrder.DescendingOrder)
        self._row_of = {key: row for row, key in enumerate(self.ids)}

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by ``column``'s sort keys (ties in the document's order).

        The model sorts itself, with Python's sort on the kept keys: a sorting proxy calls
        ``data`` from C++ for every comparison, and sorting a town of 10,000 that way took
        1.5 s of Python calls each time the town opened."""
        self._sorted_by = (column, order) if 0 <= column < len(COLUMNS) else None
        self._reorder()

    def _reorder(self) -> None:
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()  # the view's selection and current row
        held = [(self.ids[index.row()], index.column()) for index in kept]
        self._order()
        self.changePersistentIndexList(kept, [self.index(self._row_of[key], column)
                                              for key, column in held])
        self.layoutChanged.emit()

    def _row(self, key: str) -> tuple:
        siege = self.document.siege
        structure = siege.structures[key]
        known = self._known_square(key)
        if known is None:
            known = naming_squares(shape_of(structure), siege.grid_origin)
            self._keep_square(key, known)
        square, listed = known
        rules = self.document.rules
        figure, fire = rules.columns()
        entry = rules.catalogue.kinds.get(structure.kind)
        kind = entry.name if entry else structure.kind
        return ((structure.name, structure.name.lower()), (kind, kind.lower()),
                (squares_text(listed, siege.grid_origin, siege.label_anchor),
                 square[1] * 1_000_000 + square[0]),
                figure.cell(structure), (self.document.rules.state(structure).word,) * 2,
                fire.cell(structure))

    def on_changed(self, change: Change) -> None:
        if change.reset or change.added or change.removed or Aspect.GRID in change.aspects:
            self.reset()
            return
        moved = False
        for key in change.changed:
            row = self._row_of.get(key)
            if row is None:
                continue
            before, after = self._rows[key], self._row(key)
            self._rows[key] = after
            if self._sorted_by is not None:
                moved |= before[self._sorted_by[0]][1] != after[self._sorted_by[0]][1]
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
        if moved:  # a sort key changed (a shot on a table sorted by DP): rows move
            self._reorder()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if section in (3, 5):  # the ruleset's own: what is left (or suffered), the fire
                return self.document.rules.columns()[section // 2 - 1].header
            return tr(COLUMNS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        cell = self._rows[self.ids[index.row()]][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return cell[0]
        if role == SORT_ROLE:
            return cell[1]
        if role == Qt.ItemDataRole.UserRole:
            return self.ids[index.row()]
        return None

    def row_of(self, key: str) -> int | None:
        return self._row_of.get(key)

    def column_texts(self, column: int, rows: range | None = None) -> list[str]:
        """The cells' texts in ``column`` (for sizing the column to its content): every row's,
        or those of ``rows`` only."""
        if rows is None:
            return [str(row[column][0]) for row in self._rows.values()]
        return [str(self._rows[self.ids[row]][column][0]) for row in rows]


class _SortFilter(QSortFilterProxyModel):
    """Filters the rows; sorting is handed to the source model (``StructuresModel.sort``),
    so the proxy keeps the source's order and never calls ``data`` to compare rows."""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sourceModel().sort(column, order)

    def filterAcceptsRow(self, row, parent) -> bool:
        text = self.filterRegularExpression().pattern().lower()
        if not text:
            return True
        model = self.sourceModel()
        return any(text in str(model.index(row, column, parent).data()).lower()
                   for column in range(model.columnCount()))


class StructuresDock(QDockWidget):
    def __init__(self, document: Document, parent: QWidget | None = None):
        super().__init__(tr("Structures"), parent)
        self.setObjectName("StructuresDock")
        self.document = document
        self.model = StructuresModel(document, self)
        self.proxy = _SortFilter(self)
        self.proxy.setSourceModel(self.model)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(tr("Filter by name, kind, square, state…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._filter_changed)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setAlternatingRowColors(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        self.model.modelReset.connect(self.fit_columns)
        self._widths: dict[str, int] = {}  # a cell text's width in the table's font
        self._metrics_font = self.table.font()
        self.model.dataChanged.connect(self._rows_changed)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter)
        layout.addWidget(self.table)
        self.setWidget(body)
        self._syncing = False
        self.table.selectionModel().selectionChanged.connect(self._table_selection_changed)
        document.selection_changed.connect(self.follow_selection)
        self.model.modelReset.connect(lambda: self.follow_selection(self.document.selection))
        self.fit_columns()

    def fit_columns(self, grow_only: bool = False, rows: range | None = None) -> None:
        """Each column as wide as its header and its widest cell (no text is ever cut), from
        the texts' widths (a resize-to-contents pass over thousands of rows would be slow).
        ``rows``: only those rows changed, so the columns only grow to fit them.

        Each distinct text is measured once and its width kept: a shot changes a few dozen
        rows, and measuring every row of a town of 10,000 for each of them took 19 s."""
        header = self.table.horizontalHeader()
        if self._metrics_font != self.table.font():
            self._widths.clear()
            self._metrics_font = self.table.font()
        cell_metrics = self.table.fontMetrics()
        header_metrics = header.fontMetrics()
        padding = 2 * self.table.style().pixelMetric(
            self.table.style().PixelMetric.PM_FocusFrameHMargin, None, self.table) + 12
        widths = self._widths
        for column in range(self.model.columnCount()):
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal))
            wanted = header_metrics.horizontalAdvance(title) + padding + 16  # the sort arrow
            widest = 0
            for text in set(self.model.column_texts(column, rows)):
                width = widths.get(text)
                if width is None:
                    width = widths[text] = cell_metrics.horizontalAdvance(text)
                widest = max(widest, width)
            wanted = max(wanted, widest + padding)
            if not (grow_only or rows is not None) or wanted > header.sectionSize(column):
                header.resizeSection(column, wanted)

    def _rows_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles) -> None:
        self.fit_columns(rows=range(top_left.row(), bottom_right.row() + 1))

    def _filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)

    def _table_selection_changed(self, *args) -> None:
        if self._syncing:
            return
        ids = [index.data(Qt.ItemDataRole.UserRole)
               for index in self.table.selectionModel().selectedRows()]
        self._syncing = True
        try:
            self.document.select(ids)
        finally:
            self._syncing = False

    def follow_selection(self, ids) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            selection = QItemSelection()
            for key in ids:
                row = self.model.row_of(key)
                if row is None:
                    continue
                index = self.proxy.mapFromSource(self.model.index(row, 0))
                if index.isValid():
                    selection.select(index, index)
            flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect
                     | QItemSelectionModel.SelectionFlag.Rows)
            self.table.selectionModel().select(selection, flags)
            if ids:
                row = self.model.row_of(ids[0])
                if row is not None:
                    index = self.proxy.mapFromSource(self.model.index(row, 0))
                    if index.isValid():
                        self.table.scrollTo(index)
        finally:
            self._syncing = False

    def visible_names(self) -> list[str]:
        return [self.proxy.index(row, 0).data() for row in range(self.proxy.rowCount())]
