"""The structure table on paper: its columns for the rule text and the copy, its cells, the
widths that fit the page (the font set smaller only when the words do not fit), and a row
painted as glyph runs, so a PDF reader finds each cell's words in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter

from siegeboard.geometry import StructureIndex
from siegeboard.model.progress import NO_PROGRESS, Progress
from siegeboard.model.siege import Siege
from siegeboard.report.glyph_rows import GlyphRows
from siegeboard.report.map_painter import font
from siegeboard.report.table import structure_rows
from siegeboard.rules import registry
from siegeboard.rules.messages import _
from siegeboard.rules.ruleset import StructureState
from siegeboard.rules.words import state_word

TABLE_FONT = 7.5
ROW_H = 12.0


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    weight: float
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft


def table_columns(ruleset: str, players: bool) -> list[Column]:
    """The structure table's columns for the ruleset and the copy."""
    rules = registry.ruleset(ruleset)
    right = Qt.AlignmentFlag.AlignRight
    columns = [Column("name", _("Name"), 3.2), Column("kind", _("Kind"), 2.4),
               Column("square", _("Square"), 1.0)]
    if not players:
        columns += [Column(figure.key, figure.title, figure.width, right)
                    for figure in rules.figures]
    columns += [Column("state", _("State"), 1.7),
                Column("fire", rules.fire_title(players), 2.2),
                Column("occupants", _("Occupants"), 1.3, right),
                Column("trapped", _("Trapped"), 1.1, right)]
    if not players:
        columns.append(Column("gm_notes", _("GM notes"), 2.8))
    return columns


def table_cells(siege: Siege, players: bool, index: StructureIndex | None = None,
                progress: Progress = NO_PROGRESS,
                states: dict[str, StructureState] | None = None) -> list[dict[str, str]]:
    """The table's rows as text, sorted by square (``structure_rows``' order); ``index``:
    the siege's ``StructureIndex``, when the caller has built one; ``progress`` and
    ``states`` as ``structure_rows`` takes them."""
    rules = registry.ruleset_of(siege)
    kinds = rules.catalogue.kinds
    states = {} if states is None else states
    cells = []
    for row in structure_rows(siege, index, progress, states):
        structure = siege.structures[row["id"]]
        entry = kinds.get(structure.kind)
        text = {key: str(value) for key, value in row.items()}
        text["kind"] = entry.name if entry else structure.kind
        text |= rules.paper_text(structure, players)
        text["state"] = state_word(states[structure.id].players_word if players
                                   else text["state"])
        text["gm_notes"] = structure.gm_notes.replace("\n", " ")
        for key in ("occupants", "trapped"):  # a blank reads faster than a column of zeros
            if text[key] == "0":
                text[key] = ""
        cells.append(text)
    return cells


class TextMetrics(Protocol):
    """What ``wrap`` measures with: ``QFontMetricsF`` or ``CachedMetrics``."""

    def horizontalAdvance(self, text: str, /) -> float: ...  # noqa: N802 (Qt's name)

    def height(self) -> float: ...


def wrap(text: str, metrics: TextMetrics, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a long word is cut)."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if metrics.horizontalAdvance(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while metrics.horizontalAdvance(word) > width and len(word) > 1:
            cut = len(word)
            while cut > 1 and metrics.horizontalAdvance(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    lines.append(current)
    return lines


CELL_PAD = 3.0
TABLE_FONT_SIZES = (TABLE_FONT, 7.0, 6.0, 5.0)  # smaller only when the words do not fit
KEPT_COLUMNS = ("name", "kind", "square")  # shown even when every cell is blank


@dataclass
class TableLayout:
    """The printed table's columns and every header and cell broken into lines that fit:
    ``widths[i]`` is column i's width in points; ``header_lines[i]`` and
    ``cell_lines[row][i]`` the lines of text drawn in it; no text is ever cut."""

    columns: list[Column]
    widths: list[float]
    header_lines: list[list[str]]
    cell_lines: list[list[list[str]]]
    font_size: float
    line_h: float
    header_h: float
    row_heights: list[float]


class CachedMetrics:
    """A font's metrics that measure each text once: a table of 50,000 rows says the same
    kinds, states and figures over and over. ``horizontalAdvance`` and ``height`` as
    ``QFontMetricsF``'s, so ``wrap`` takes either."""

    def __init__(self, metrics: QFontMetricsF):
        self._metrics = metrics
        self._widths: dict[str, float] = {}
        self.height = metrics.height

    def horizontalAdvance(self, text: str) -> float:  # noqa: N802 (Qt's name)
        width = self._widths.get(text)
        if width is None:
            width = self._widths[text] = self._metrics.horizontalAdvance(text)
        return width


def _longest_word(text: str, metrics: TextMetrics) -> float:
    return max((metrics.horizontalAdvance(word) for word in text.split()), default=0.0)


def table_layout(columns: list[Column], rows: list[dict[str, str]], width: float) -> TableLayout:
    """Lay the table out across ``width`` points: a column with nothing in it takes no room;
    each column gets at least its longest word (header or cell) and, where there is room, its
    longest text on one line; what is left over is shared by the columns that wrap. When even
    the longest words do not fit side by side, the font gets smaller."""
    # Each column's texts, and its distinct ones: a city's table says the same words in
    # most of its rows.
    values = {column.key: [row.get(column.key, "") for row in rows] for column in columns}
    texts = {key: set(column) for key, column in values.items()}
    columns = [column for column in columns if column.key in KEPT_COLUMNS
               or any(text.strip() for text in texts[column.key])]
    for size in TABLE_FONT_SIZES:
        regular = CachedMetrics(QFontMetricsF(font(size)))
        bold = CachedMetrics(QFontMetricsF(font(size, bold=True)))
        pad = 2 * CELL_PAD + 1
        least = [max(_longest_word(column.title, bold),
                     max((_longest_word(text, regular) for text in texts[column.key]),
                         default=0.0)) + pad for column in columns]
        natural = [max(bold.horizontalAdvance(column.title),
                       max((regular.horizontalAdvance(text) for text in texts[column.key]),
                           default=0.0)) + pad for column in columns]
        if sum(least) <= width or size == TABLE_FONT_SIZES[-1]:
            break
    if sum(natural) <= width:
        spare = width - sum(natural)
        weights = sum(column.weight for column in columns)
        widths = [wide + spare * column.weight / weights
                  for wide, column in zip(natural, columns, strict=True)]
    else:
        spare = max(0.0, width - sum(least))
        wanted = [wide - low for wide, low in zip(natural, least, strict=True)]
        share = spare / sum(wanted) if sum(wanted) else 0.0
        widths = [low + want * share for low, want in zip(least, wanted, strict=True)]
    line_h = max(ROW_H - 2, regular.height() + 1)
    header_lines = [wrap(column.title, bold, wide - 2 * CELL_PAD)
                    for column, wide in zip(columns, widths, strict=True)]
    # Each distinct text wrapped once; a column's cells and their line counts, column by
    # column, then turned into rows.
    wrapped = [{text: wrap(text, regular, wide - 2 * CELL_PAD) for text in texts[column.key]}
               for column, wide in zip(columns, widths, strict=True)]
    by_column = [list(map(lines.__getitem__, values[column.key]))
                 for column, lines in zip(columns, wrapped, strict=True)]
    counts = [list(map(len, column)) for column in by_column]
    cell_lines = [list(row) for row in zip(*by_column,
                                           strict=True)] if columns else [[] for _ in rows]
    header_h = max(ROW_H * 1.4, max((len(lines) for lines in header_lines), default=1)
                   * line_h + 4)
    row_heights = ([max(ROW_H, most * line_h + 2) for most in map(max, zip(*counts, strict=True))]
                   if columns else [ROW_H for _ in rows])
    return TableLayout(columns, widths, header_lines, cell_lines, size, line_h, header_h,
                       row_heights)



ROW_SIDES = {Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter: False,
          Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter: True}


def paint_row(painter: QPainter, glyphs: GlyphRows | None, y: float, pad: float,
               boxes: list[tuple[float, float, Qt.AlignmentFlag]], cells: list[list[str]],
               line_h: float, caches: list[dict | None] | None = None) -> None:
    """One table row at ``y``: each cell's lines in its box (left, width, flags), the first
    ``pad`` below ``y``, in the painter's font. With ``glyphs`` (a PDF; the painter's font)
    and its ``caches`` of the boxes (``row_caches``), the row's words go as glyph runs, one for
    each run of lines at the same height, in the order drawText would draw them; a word it
    cannot place goes by drawText."""
    if glyphs is None:
        for (left, width, flags), lines in zip(boxes, cells, strict=True):
            for number, line in enumerate(lines):
                if line:  # a blank cell draws nothing
                    painter.drawText(QRectF(left, y + pad + number * line_h, width, line_h),
                                     flags, line)
        return
    ids: list[int] = []
    positions: list = []
    top = first = y + pad
    for (left, width, flags), cache, lines in zip(boxes, caches or row_caches(glyphs, boxes),
                                                  cells, strict=True):
        for number, line in enumerate(lines):
            if not line:
                continue
            placed = None if cache is None else cache.get(line, False)
            if placed is False:
                placed = glyphs.place(line, left, width, ROW_SIDES[flags])
            at = y + pad + number * line_h if number else first
            if placed is not None and at == top:
                ids += placed[0]
                positions += placed[1]
                continue
            glyphs.draw(painter, top, line_h, ids, positions)  # what came before, first
            ids, positions, top = [], [], at
            if placed is None:
                painter.drawText(QRectF(left, at, width, line_h), flags, line)
            else:
                ids, positions = list(placed[0]), list(placed[1])
    glyphs.draw(painter, top, line_h, ids, positions)


def row_caches(glyphs: GlyphRows, boxes: list[tuple[float, float, Qt.AlignmentFlag]]
            ) -> list[dict | None]:
    """Each box's cache in ``glyphs``, or ``None`` for a box it cannot draw (centred)."""
    return [glyphs.box(left, width, ROW_SIDES[flags]) if flags in ROW_SIDES else None
            for left, width, flags in boxes]


def column_starts(left: float, widths: list[float]) -> list[float]:
    """The left edges of columns of ``widths`` laid side by side from ``left``."""
    starts = []
    for width in widths:
        starts.append(left)
        left += width
    return starts
