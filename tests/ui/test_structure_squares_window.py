"""R5 in the window (issue 36): the Inspector and the Structures table name a structure by the
square holding most of it, with the others it reaches ("E4-F4"); the snapshot's table too;
an imported town's squares never read negative."""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.report.table import structure_rows
from siegeboard.rules.build import new_structure


def keep_siege(path):
    keep = new_structure("harris", "townhouse", "keep",
                         [(42, 29), (58, 29), (58, 39.5), (42, 39.5)], name="The Keep")
    long_house = new_structure("harris", "townhouse", "long",
                               [(119.5, 169.5), (129.5, 169.5), (129.5, 189.5), (119.5, 189.5)],
                               name="Long house")
    siege = Siege(name="R5", ruleset="harris", label_anchor=(0.0, 0.0),
                  structures={s.id: s for s in (keep, long_house)})
    write_siege(path, SiegeFile(siege=siege))
    return path


def table_squares(window) -> dict[str, str]:
    model = window.structures_dock.model
    return {model.data(model.index(row, 0)): model.data(model.index(row, 2))
            for row in range(model.rowCount())}


def test_the_inspector_and_the_table_name_the_square_holding_most(window, tmp_path):
    assert window.files.open_path(keep_siege(tmp_path / "r5.siege"), ask=False)
    assert table_squares(window) == {"The Keep": "E4-F4", "Long house": "M18-M19"}
    window.document.select(["keep"])
    assert "10 m square E4-F4" in window.inspector.figures_text()
    window.document.select(["long"])
    assert "10 m square M18-M19" in window.inspector.figures_text()
    rows = {row["name"]: row["square"] for row in structure_rows(window.document.siege)}
    assert rows == {"The Keep": "E4-F4", "Long house": "M18-M19"}


def test_a_moved_structure_is_named_again(window, tmp_path):
    assert window.files.open_path(keep_siege(tmp_path / "r5.siege"), ask=False)
    window.document.move_structures(["keep"], 0.0, 20.0)
    assert table_squares(window)["The Keep"] == "E6-F6"
    window.document.select(["keep"])
    assert "10 m square E6-F6" in window.inspector.figures_text()
    window.menus.undo_action.trigger()
    assert table_squares(window)["The Keep"] == "E4-F4"


def test_an_imported_town_west_and_north_of_its_frame_reads_no_negative_square():
    """A town whose frame's origin is in its middle (a projection's centre, a VTT's origin):
    the import anchors the labels at its north-west corner, so none reads "-A" or "-1"."""
    import re

    from siegeboard.persist.formats.base import ImportedMap

    houses = [new_structure("harris", "townhouse", f"h{i}", [(x, y), (x + 8, y), (x + 8, y + 6),
                                                             (x, y + 6)])
              for i, (x, y) in enumerate([(-47, -33), (-5, -5), (12, 31), (-30, 18)])]
    siege = Siege(name="Town", ruleset="harris", structures={h.id: h for h in houses})
    imported = ImportedMap(siege=siege)
    assert imported.siege.label_anchor == (-47.0, -33.0)
    label = re.compile(r"^[A-Z]+[1-9][0-9]*(-[A-Z]+[1-9][0-9]*)?(, [A-Z]+[1-9][0-9]*)*$")
    squares = [row["square"] for row in structure_rows(imported.siege)]
    assert all(label.match(square) for square in squares), squares
    assert "A1-A2" in squares  # the north-west house, across the line of rows 1 and 2
