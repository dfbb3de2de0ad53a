"""A snapshot's pages: the map sheet(s), the structure table and the log, each with a header.

``build_pages`` lays everything out first (so every page knows "page n of N"), then each
``Page.paint`` draws itself into a content rectangle in points.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from siegeboard import __version__
from siegeboard.model.progress import NO_PROGRESS, Progress
from siegeboard.model.siege import Siege
from siegeboard.report.bounds import content_bounds, plan_corners, snap_to_squares
from siegeboard.report.extent import Plan
from siegeboard.report.glyph_rows import GlyphRows
from siegeboard.report.log_text import printed_entries, since_label
from siegeboard.report.map_painter import FAINT_INK, INK, MapPainter, font
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.sheets import MapSheet, fit_sheet, sheets_with, tile_sheets
from siegeboard.report.table_layout import (
    CELL_PAD,
    ROW_H,
    ROW_SIDES,
    TableLayout,
    column_starts,
    paint_row,
    row_caches,
    table_cells,
    table_columns,
    table_layout,
    wrap,
)
from siegeboard.rules import registry
from siegeboard.rules.knowledge import side_view
from siegeboard.rules.messages import _, ngettext
from siegeboard.rules.words import clock_label

HEADER_H = 38.0
FOOTER_H = 14.0
GAP = 8.0
PANEL_W = 150.0
PANEL_H = 150.0  # the legend's full height: title, four states, ramp, fire, batteries
LABEL_TOP = 13.0
LABEL_LEFT = 18.0
SECTION_GAP = 18.0
LOG_COLUMN_GAP = 18.0
LOG_SUMMARY_H = 16.0
LOG_FONT = 7.5
LOG_LINE_H = 10.5
LOG_INDENT = 14.0
TABLE_NOTE_H = 14.0

PaintBody = Callable[[QPainter, QRectF], None]


@dataclass
class Page:
    """One page: its title (the header's second line) and the pieces of its body, drawn top
    down, each given its height (a map page has one piece: the map)."""

    title: str
    pieces: list[tuple[float, PaintBody]]
    big_header: bool = False

    def paint_body(self, painter: QPainter, body: QRectF) -> None:
        top = body.top()
        for height, piece in self.pieces:
            piece(painter, QRectF(body.left(), top, body.width(), height))
            top += height + SECTION_GAP

    def used_height(self) -> float:
        return sum(height for height, _ in self.pieces) + SECTION_GAP * (len(self.pieces) - 1)


class SnapshotLayout:
    """Every page of one snapshot, laid out for a content area of ``width`` x ``height`` points.
    ``progress`` is told how the structure table's layout goes (``structure_rows``); a
    ``Cancelled`` from it stops the layout."""

    def __init__(self, siege: Siege, plan: Plan | None, options: SnapshotOptions,
                 width: float, height: float, progress: Progress = NO_PROGRESS):
        if options.players:  # the players' copy holds only what they know, from the start
            siege = side_view(siege, options.side)
        self.siege = siege
        self.options = options
        self.width = width
        self.height = height
        self.map_painter = MapPainter(siege, plan, options)
        self.plan = plan
        self.printed_on = options.printed_on or date.today()
        self._printed_on_text = self.printed_on.strftime("%d %B %Y").lstrip("0")  # every page
        self.pages: list[Page] = []
        self.sheets: list[MapSheet] = []
        self._glyphs: tuple[TableLayout, tuple[GlyphRows, GlyphRows]] | None = None
        self._add_map_pages()
        if options.include_table:
            self._add_table_pages(progress)
        if options.include_log:
            self._add_log_pages()

    # -- header and footer ------------------------------------------------------------------

    def paint_page(self, painter: QPainter, page_number: int, content: QRectF, *,
                   alone: bool = False) -> None:
        """Draw page ``page_number`` (0-based) into ``content`` (points). ``alone``: this
        page goes out without the others (a PNG or SVG of one page), and its footer says so
        rather than count pages the reader does not have."""
        page = self.pages[page_number]
        self._paint_header(painter, content, page)
        self._paint_footer(painter, content, page_number, alone)
        page.paint_body(painter, self.body_rect(content))

    def body_rect(self, content: QRectF) -> QRectF:
        """The part of the page below the header and above the footer."""
        return QRectF(content.left(), content.top() + HEADER_H + GAP, content.width(),
                      content.height() - HEADER_H - FOOTER_H - 2 * GAP)

    def map_frame(self, body: QRectF) -> QRectF:
        """Where the map is drawn on a map page with this ``body``."""
        frame_w, frame_h, _ = self._map_frame_size()
        return QRectF(body.left() + LABEL_LEFT, body.top() + LABEL_TOP, frame_w, frame_h)

    def page_point(self, point: tuple[float, float], content: QRectF, sheet: int = 0) -> QPointF:
        """Where map ``point`` (metres) falls on map sheet ``sheet``'s page, in points."""
        frame = self.map_frame(self.body_rect(content))
        chosen = self.sheets[sheet]
        k = chosen.points_per_metre
        return QPointF(frame.left() + (point[0] - chosen.region[0]) * k,
                       frame.top() + (point[1] - chosen.region[1]) * k)

    def body_size(self) -> tuple[float, float]:
        return self.width, self.height - HEADER_H - FOOTER_H - 2 * GAP

    def _paint_header(self, painter: QPainter, content: QRectF, page: Page) -> None:
        siege = self.siege
        copy = ((_("Players' copy (besiegers)") if siege.players_side == "besieger"
                 else _("Players' copy (defenders)")) if self.options.players
                else _("GM copy"))
        painter.save()
        painter.setPen(INK)
        painter.setFont(font(15 if page.big_header else 12, bold=True))
        painter.drawText(QRectF(content.left(), content.top(), content.width() * 0.62, 20),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, siege.name)
        painter.setFont(font(12 if page.big_header else 10, bold=True))
        painter.drawText(QRectF(content.left(), content.top(), content.width(), 20),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         clock_label(siege.clock))
        painter.setFont(font(8))
        painter.setPen(FAINT_INK)
        ruleset = registry.ruleset_of(siege).title
        painter.drawText(QRectF(content.left(), content.top() + 21, content.width() * 0.75, 12),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         f"{ruleset} · {copy} · {page.title}")
        painter.drawText(QRectF(content.left(), content.top() + 21, content.width(), 12),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         self._printed_on_text)
        painter.setPen(QPen(INK, 0.8))
        y = content.top() + HEADER_H
        painter.drawLine(QLineF(content.left(), y, content.right(), y))
        painter.restore()

    def _paint_footer(self, painter: QPainter, content: QRectF, page_number: int,
                      alone: bool = False) -> None:
        painter.save()
        painter.setFont(font(7))
        painter.setPen(FAINT_INK)
        rect = QRectF(content.left(), content.bottom() - FOOTER_H, content.width(), FOOTER_H)
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                         f"siegeboard {__version__}")
        if self.siege.attribution:
            # The notices the map's data asks for (OpenStreetMap's ODbL), on every page.
            painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                             " · ".join(self.siege.attribution))
        painter.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                         self.footer_page_text(page_number, alone))
        painter.restore()

    def sheets_told(self) -> str:
        """How many map sheets this snapshot made, and how many it left out: "4 map
        sheets", "3 map sheets (1 left out: nothing of the plan or the siege on it)"."""
        made = len(self.sheets)
        text = ngettext("{made} map sheet", "{made} map sheets", made).format(made=made)
        left = len(self.sheets[0].left_out) if self.sheets else 0
        if left:
            text += ngettext(" ({left} left out: nothing of the plan or the siege on it)",
                             " ({left} left out: nothing of the plan or the siege on them)",
                             left).format(left=left)
        return text

    def footer_page_text(self, page_number: int, alone: bool = False) -> str:
        """"page 2 of 5"; for a page written ``alone`` out of several, what the file holds
        and what it leaves out."""
        total = len(self.pages)
        if not alone or total == 1:
            return _("page {number} of {total}").format(number=page_number + 1, total=total)
        others = total - 1
        return ngettext("{title} only: {others} more page not in this file",
                        "{title} only: {others} more pages not in this file", others).format(
            title=self.pages[page_number].title.split(" · ")[0], others=others)

    # -- the map ----------------------------------------------------------------------------

    def _map_frame_size(self) -> tuple[float, float, bool]:
        """Frame width and height for the map, and whether the panel sits on the right."""
        body_w, body_h = self.body_size()
        beside = body_w >= body_h
        if beside:
            return body_w - PANEL_W - GAP - LABEL_LEFT, body_h - LABEL_TOP, True
        return body_w - LABEL_LEFT, body_h - PANEL_H - GAP - LABEL_TOP, False

    def map_region(self) -> tuple[float, float, float, float]:
        if self.options.view is not None:
            return self.options.view
        size = (self.plan.image.width(), self.plan.image.height()) if self.plan else None
        return snap_to_squares(content_bounds(self.siege, size), self.siege.grid_origin)

    def _add_map_pages(self) -> None:
        frame_w, frame_h, beside = self._map_frame_size()
        region = self.map_region()
        if self.options.scale is None:
            sheets = [fit_sheet(region, frame_w, frame_h)]
        else:
            sheets = sheets_with(tile_sheets(region, frame_w, frame_h, self.options.scale,
                                             self.options.overlap_mm), self._fortress_boxes())
        self.sheets = sheets
        for sheet in sheets:
            title = "Map"
            if sheet.tiled:
                title = _("Map sheet {number} of {total} (row {row}, column {column})").format(
                    number=sheet.number, total=sheet.rows * sheet.columns,
                    row=sheet.row + 1, column=sheet.column + 1)
                if sheet.left_out:
                    title = _("Map sheet {number} (row {row}, column {column}; {count} sheets "
                              "printed of {total})").format(
                        number=sheet.number, row=sheet.row + 1, column=sheet.column + 1,
                        count=len(sheets), total=sheet.rows * sheet.columns)
            body_h = self.body_size()[1]
            self.pages.append(Page(title, [(body_h, self._map_body(sheet, beside))],
                                   big_header=True))

    def _fortress_boxes(self) -> list[tuple[float, float, float, float]]:
        """The boxes of what a sheet must show to be printed: the plan, the structures and
        the batteries (a sheet with none of them is grid alone, and left out)."""
        boxes = []
        if self.plan is not None and self.siege.map is not None:
            size = (self.plan.image.width(), self.plan.image.height())
            corners = plan_corners(self.siege.map, size)
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        for structure in self.siege.structures.values():
            xs = [x for x, _ in structure.footprint]
            ys = [y for _, y in structure.footprint]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        for battery in self.siege.batteries.values():
            x, y = battery.position
            boxes.append((x - 1, y - 1, x + 1, y + 1))
        return boxes

    def _map_body(self, sheet: MapSheet, beside: bool) -> PaintBody:
        def paint(painter: QPainter, body: QRectF) -> None:
            frame = self.map_frame(body)
            # A tile's paper past the map's edge stays blank: no grid of nothing.
            self.map_painter.paint(painter, frame, sheet.region,
                                   self.map_region() if sheet.tiled else None)
            if sheet.tiled:
                self._paint_overlap_marks(painter, frame, sheet)
            if beside:
                panel = QRectF(frame.right() + GAP, body.top(), PANEL_W, body.height())
            else:
                panel = QRectF(body.left(), frame.bottom() + GAP, body.width(), PANEL_H)
            self._paint_panel(painter, panel, sheet, beside)
        return paint

    def _paint_panel(self, painter: QPainter, panel: QRectF, sheet: MapSheet, beside: bool) -> None:
        width = panel.width() if beside else min(170.0, panel.width() / 3)
        used = self.map_painter.paint_legend(painter, panel.topLeft(), width)
        if beside:
            spot = QPointF(panel.left(), panel.top() + used + 10)
        else:
            spot = QPointF(panel.left() + width + 20, panel.top())
        used_bar = self.map_painter.paint_scale_bar(painter, spot, min(width, 140.0),
                                                    sheet.points_per_metre, sheet.scale)
        if sheet.tiled:
            where = (QPointF(spot.x(), spot.y() + used_bar + 10) if beside
                     else QPointF(spot.x() + 170, panel.top()))
            self._paint_sheet_key(painter, where, min(width, 140.0), sheet)

    def _paint_sheet_key(self, painter: QPainter, where: QPointF, width: float,
                         sheet: MapSheet) -> None:
        """A small grid of the sheets with this one filled: how to lay the pages out."""
        painter.save()
        painter.setFont(font(8, bold=True))
        painter.setPen(INK)
        painter.drawText(QPointF(where.x(), where.y() + 8), "Sheets")
        cell = min(18.0, width / sheet.columns, 80 / sheet.rows)
        top = where.y() + 13
        painter.setFont(font(max(4.0, min(7.0, cell * 0.45))))
        for row in range(sheet.rows):
            for column in range(sheet.columns):
                rect = QRectF(where.x() + column * cell, top + row * cell, cell, cell)
                current = (row, column) == (sheet.row, sheet.column)
                number = row * sheet.columns + column + 1
                missing = number in sheet.left_out
                painter.setBrush(QColor("#333333") if current else QColor("#d6d6d6") if missing
                                 else QColor("white"))
                painter.setPen(QPen(INK, 0.5, Qt.PenStyle.DotLine if missing
                                    else Qt.PenStyle.SolidLine))
                painter.drawRect(rect)
                painter.setPen(QColor("white") if current else FAINT_INK if missing else INK)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter,
                                 "–" if missing else str(number))
        painter.setFont(font(6.5))
        painter.setPen(FAINT_INK)
        y = top + sheet.rows * cell + 10
        painter.drawText(QPointF(where.x(), y),
                         _("Sheets overlap by {overlap_mm:g} mm: trim").format(
            overlap_mm=self.options.overlap_mm))
        painter.drawText(QPointF(where.x(), y + 9), _("to the dashed marks and tape."))
        if sheet.left_out:
            count = len(sheet.left_out)
            painter.drawText(QPointF(where.x(), y + 18),
                             ngettext("Grey (–): {count} sheet not printed,",
                                      "Grey (–): {count} sheets not printed,", count).format(
                                 count=count))
            painter.drawText(QPointF(where.x(), y + 27), _("with nothing of the fortress."))
        painter.restore()

    def _paint_overlap_marks(self, painter: QPainter, frame: QRectF, sheet: MapSheet) -> None:
        """Dashed lines where the neighbouring sheets begin, with the neighbour's number."""
        k = sheet.points_per_metre
        overlap = sheet.overlap_m * k
        painter.save()
        pen = QPen(INK, 0.7, Qt.PenStyle.DashLine)
        painter.setFont(font(6.5, bold=True))
        marks = (
            ((0, 1),
             QLineF(frame.right() - overlap, frame.top(), frame.right() - overlap, frame.bottom())),
            ((0, -1),
             QLineF(frame.left() + overlap, frame.top(), frame.left() + overlap, frame.bottom())),
            ((1, 0),
             QLineF(frame.left(), frame.bottom() - overlap, frame.right(),
                    frame.bottom() - overlap)),
            ((-1, 0),
             QLineF(frame.left(), frame.top() + overlap, frame.right(), frame.top() + overlap)),
        )
        arrows = {(0, 1): _("sheet {} ▶"), (0, -1): _("◀ sheet {}"), (1, 0): _("sheet {} ▼"),
                  (-1, 0): _("sheet {} ▲")}
        for (d_row, d_column), line in marks:
            neighbour = sheet.neighbour_number(d_row, d_column)
            if neighbour is None or overlap <= 0:
                continue
            painter.setPen(pen)
            painter.drawLine(line)
            text = arrows[(d_row, d_column)].format(neighbour)
            metrics = QFontMetricsF(painter.font())
            box_w, box_h = metrics.horizontalAdvance(text) + 6, 10
            centre = line.center()
            box = QRectF(centre.x() - box_w / 2, centre.y() - box_h / 2, box_w, box_h)
            painter.setPen(QPen(INK, 0.5))
            painter.setBrush(QColor(255, 255, 255, 230))
            painter.drawRect(box)
            painter.setPen(INK)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    # -- the structure table ----------------------------------------------------------------

    def _add_table_pages(self, progress: Progress = NO_PROGRESS) -> None:
        columns = table_columns(self.siege.ruleset, self.options.players)
        # The map's index, built once for the map pages and the table's squares.
        index = self.map_painter.index if self.siege.structures else None
        # The states the table finds are the map's too (MapPainter.states).
        cells = table_cells(self.siege, self.options.players, index, progress,
                            self.map_painter.states)
        body_w, body_h = self.body_size()
        layout = table_layout(columns, cells, body_w)
        # Rows go onto pages by their real (wrapped) heights.
        room = body_h - layout.header_h - TABLE_NOTE_H
        chunks: list[list[int]] = [[]]
        used = 0.0
        for row, height in enumerate(layout.row_heights):
            if chunks[-1] and used + height > room:
                chunks.append([])
                used = 0.0
            chunks[-1].append(row)
            used += height
        for number, chunk in enumerate(chunks, 1):
            title = (_("Structures ({number} of {total})").format(number=number,
                                                                   total=len(chunks))
                     if len(chunks) > 1 else _("Structures"))
            height = layout.header_h + (sum(layout.row_heights[i] for i in chunk) if chunk
                                        else ROW_H) + TABLE_NOTE_H
            self.pages.append(Page(title, [(height, self._table_body(layout, chunk, len(cells)))]))

    def _table_body(self, layout: TableLayout, chunk: list[int], total: int) -> PaintBody:
        def paint(painter: QPainter, body: QRectF) -> None:
            painter.save()
            header_h = layout.header_h
            painter.fillRect(QRectF(body.left(), body.top(), body.width(), header_h),
                             QColor("#dddddd"))
            # On a PDF, each row's words go as one glyph run (see report.glyph_rows).
            glyphs = self._table_glyphs(layout) if GlyphRows.for_painter(painter) else None
            boxes = [(left + CELL_PAD, width - 2 * CELL_PAD,
                      column.align | Qt.AlignmentFlag.AlignVCenter)
                     for left, width, column in zip(column_starts(body.left(), layout.widths),
                                                    layout.widths, layout.columns, strict=True)]
            line_h = layout.line_h
            painter.setFont(font(layout.font_size, bold=True))
            painter.setPen(INK)
            paint_row(painter, glyphs and glyphs[0], body.top(), 2, boxes,
                       layout.header_lines, line_h)
            painter.setFont(font(layout.font_size))
            y = body.top() + header_h
            # Made once per page, not per cell: a page holds some 300 cells.
            stripe = QColor("#f2f2f2")
            caches = None
            if glyphs:  # the page's words not seen on a page before, laid out together
                glyphs[1].trim()
                caches = row_caches(glyphs[1], boxes)
                keys = [(left, width, ROW_SIDES[flags]) for left, width, flags in boxes]
                glyphs[1].prepare([(key, line) for index in chunk
                                   for key, cache, lines
                                   in zip(keys, caches, layout.cell_lines[index], strict=True)
                                   if cache is not None for line in lines
                                   if line not in cache and line])
            for shown, index in enumerate(chunk):
                height = layout.row_heights[index]
                if shown % 2:
                    painter.fillRect(QRectF(body.left(), y, body.width(), height), stripe)
                paint_row(painter, glyphs and glyphs[1], y, 1, boxes, layout.cell_lines[index],
                           line_h, caches)
                y += height
            if not chunk:
                painter.drawText(QRectF(body.left() + 3, y, body.width(), ROW_H),
                                 Qt.AlignmentFlag.AlignVCenter, _("(no structures)"))
                y += ROW_H
            painter.setPen(QPen(INK, 0.6))
            painter.drawLine(QLineF(body.left(), body.top() + header_h, body.right(),
                                    body.top() + header_h))
            painter.setPen(FAINT_INK)
            painter.setFont(font(6.5))
            painter.drawText(QRectF(body.left(), y + 3, body.width(), 10),
                             Qt.AlignmentFlag.AlignLeft,
                             _("{total} structures, sorted by square (A1 is the north-west "
                               "corner)").format(total=total))
            painter.restore()
        return paint

    def _table_glyphs(self, layout: TableLayout) -> tuple[GlyphRows, GlyphRows]:
        """The table's header and cell words as glyph runs, made once per snapshot: the
        same words recur on every page."""
        if self._glyphs is None or self._glyphs[0] is not layout:
            self._glyphs = (layout, (GlyphRows(font(layout.font_size, bold=True)),
                                     GlyphRows(font(layout.font_size))))
        return self._glyphs[1]

    # -- the log ----------------------------------------------------------------------------

    def _add_log_pages(self) -> None:
        """The log in columns, flowing on from the table's last page when there is room."""
        body_w, body_h = self.body_size()
        columns = 2 if body_w >= 600 else 1
        column_w = (body_w - LOG_COLUMN_GAP * (columns - 1)) / columns
        entries = printed_entries(self.siege, self.options.since_turn, players=self.options.players)
        blocks = self._log_blocks(entries, column_w)
        full = max(4, int((body_h - LOG_SUMMARY_H) // LOG_LINE_H))
        shared = None
        if self.pages and not self.pages[-1].big_header:
            room = body_h - self.pages[-1].used_height() - SECTION_GAP - LOG_SUMMARY_H
            if room >= 6 * LOG_LINE_H:
                shared = int(room // LOG_LINE_H)
        filled = _flow(blocks, [shared or full] * columns, full, columns)
        since = since_label(self.siege, self.options.since_turn)
        pages = [filled[start:start + columns] for start in range(0, len(filled), columns)]
        for number, page_columns in enumerate(pages, 1):
            lines = max(1, max(len(column) for column in page_columns))
            piece = (LOG_SUMMARY_H + lines * LOG_LINE_H,
                     self._log_body(page_columns, column_w, len(entries), since, number > 1))
            title = (_("Log {since} ({number} of {total})").format(
                since=since, number=number, total=len(pages)) if len(pages) > 1
                else _("Log {since}").format(since=since))
            if number == 1 and shared:
                self.pages[-1].pieces.append(piece)
                self.pages[-1].title += f" · {title}"
            else:
                self.pages.append(Page(title, [piece]))

    @staticmethod
    def _log_blocks(entries: list[tuple[str, list[str]]],
                    width: float) -> list[list[tuple[float, bool, str]]]:
        """Each entry as wrapped (indent, bold, text) lines: its heading, then its lines."""
        heading_metrics = QFontMetricsF(font(LOG_FONT, bold=True))
        line_metrics = QFontMetricsF(font(LOG_FONT))
        blocks = []
        for head, body_lines in entries:
            block = [(0.0, True, text) for text in wrap(head, heading_metrics, width)]
            for line in body_lines:
                block += [(LOG_INDENT, False, text)
                          for text in wrap(line, line_metrics, width - LOG_INDENT)]
            blocks.append(block)
        return blocks

    def _log_body(self, columns: list[list[tuple[float, bool, str]]], column_w: float,
                  count: int, since: str, continued: bool) -> PaintBody:
        def paint(painter: QPainter, body: QRectF) -> None:
            painter.save()
            painter.setPen(FAINT_INK)
            painter.setFont(font(7))
            summary = (ngettext("Log {since}: {count} entry (continued)",
                                "Log {since}: {count} entries (continued)", count) if continued
                       else ngettext("Log {since}: {count} entry", "Log {since}: {count} entries",
                                     count)).format(since=since, count=count)
            painter.drawText(QRectF(body.left(), body.top(), body.width(), 12),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, summary)
            bold_font, plain_font = font(LOG_FONT, bold=True), font(LOG_FONT)
            painter.setPen(INK)
            for index, lines in enumerate(columns):
                left = body.left() + index * (column_w + LOG_COLUMN_GAP)
                y = body.top() + LOG_SUMMARY_H
                for indent, bold, text in lines:
                    painter.setFont(bold_font if bold else plain_font)
                    painter.drawText(QRectF(left + indent, y, column_w - indent, LOG_LINE_H),
                                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                     text)
                    y += LOG_LINE_H
            painter.restore()
        return paint



def _flow(blocks: list[list[tuple[float, bool, str]]], first: list[int], full: int,
          columns: int) -> list[list[tuple[float, bool, str]]]:
    """Pour the blocks' lines into columns: the first page's columns hold ``first[i]`` lines,
    later ones ``full``. A block starts a new column rather than leave its heading with fewer
    than three of its lines at a column's foot; a blank line separates blocks."""
    capacities = list(first)
    filled: list[list[tuple[float, bool, str]]] = [[]]

    def capacity(index: int) -> int:
        return capacities[index] if index < len(capacities) else full

    for block in blocks:
        room = capacity(len(filled) - 1) - len(filled[-1])
        if room < min(len(block), 4) and filled[-1]:
            filled.append([])
        for line in block:
            if len(filled[-1]) >= capacity(len(filled) - 1):
                filled.append([])
            filled[-1].append(line)
        if 0 < len(filled[-1]) < capacity(len(filled) - 1):
            filled[-1].append((0.0, False, ""))
    while len(filled) % columns:
        filled.append([])
    return filled
