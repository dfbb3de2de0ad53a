"""The printed structure table never cuts a header or a cell (issue 15, item 5): every line
drawn fits its column by the font's own metrics, the lines put together are the whole text,
and a column with nothing in it takes no room."""

from __future__ import annotations

import pytest
from bench.town import build_town
from PySide6.QtGui import QFontMetricsF

from siegeboard.report.map_painter import font
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.report.table_layout import CELL_PAD, table_cells, table_columns, table_layout


def assert_fits(layout) -> None:
    regular = QFontMetricsF(font(layout.font_size))
    bold = QFontMetricsF(font(layout.font_size, bold=True))
    for width, lines, column in zip(layout.widths, layout.header_lines, layout.columns,
                                    strict=True):
        assert " ".join(lines) == column.title  # nothing of the header dropped
        for line in lines:
            assert bold.horizontalAdvance(line) <= width - 2 * CELL_PAD + 1e-6, (column, line)
    for row in layout.cell_lines:
        for width, lines in zip(layout.widths, row, strict=True):
            for line in lines:
                assert regular.horizontalAdvance(line) <= width - 2 * CELL_PAD + 1e-6, line


@pytest.mark.parametrize("ruleset", ["harris", "armory"])
@pytest.mark.parametrize("players", [False, True])
@pytest.mark.parametrize("width", [770.0, 540.0, 400.0])  # A4 landscape, portrait, A5
def test_no_header_or_cell_is_cut(ruleset, players, width):
    ensure_gui_app()
    siege = build_town(40, ruleset)
    rows = table_cells(siege, players)
    layout = table_layout(table_columns(ruleset, players), rows, width)
    assert sum(layout.widths) <= width + 1e-6
    assert_fits(layout)
    for row, lines in zip(rows, layout.cell_lines, strict=True):
        for column, cell in zip(layout.columns, lines, strict=True):
            assert " ".join(cell).split() == row.get(column.key, "").split()


def test_hull_suffered_is_written_whole():
    ensure_gui_app()
    siege = build_town(20, "armory")
    layout = table_layout(table_columns("armory", False), table_cells(siege, False), 770.0)
    titles = [" ".join(lines) for lines in layout.header_lines]
    assert any("Hull suffered" in title for title in titles), titles


def test_an_empty_column_takes_no_room():
    ensure_gui_app()
    siege = build_town(20, "harris")
    rows = table_cells(siege, False)
    assert all(not row["gm_notes"] for row in rows)  # no notes in the town
    layout = table_layout(table_columns("harris", False), rows, 770.0)
    keys = [column.key for column in layout.columns]
    assert "gm_notes" not in keys and "name" in keys
    rows[0]["gm_notes"] = "Powder store under the east tower"
    assert "gm_notes" in [c.key for c in table_layout(table_columns("harris", False), rows,
                                                       770.0).columns]
