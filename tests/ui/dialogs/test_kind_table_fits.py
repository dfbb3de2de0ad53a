"""Issue 36: the import's tag-to-kind table shows its columns whole ("stone_tower", not
"stone_to"; "Thickness (m)", not "Thickness (m")."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from siegeboard.ui.dialogs.kind_mapping_editor import COLUMNS, KindMappingEditor


def test_every_column_shows_its_header_and_its_longest_kind_whole(qtbot):
    editor = KindMappingEditor("harris")
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    table = editor.table
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for column, title in enumerate(COLUMNS):
        assert header.sectionSize(column) >= metrics.horizontalAdvance(title), title
    for row in range(table.rowCount()):
        for column in (0, 3):
            box = table.cellWidget(row, column)
            assert isinstance(box, QComboBox)
            longest = max(box.fontMetrics().horizontalAdvance(box.itemText(i))
                          for i in range(box.count()))
            assert header.sectionSize(column) >= longest, (row, column)
    assert not table.horizontalScrollBar().isVisible()
