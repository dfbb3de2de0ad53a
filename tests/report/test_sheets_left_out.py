"""Tiled printing leaves out the sheets with nothing of the fortress on them (issue 15,
item 5), and the key of the sheets on every printed sheet says which were left out."""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.sheets import sheets_with, tile_sheets
from siegeboard.report.snapshot import export_snapshot
from siegeboard.rules.build import new_structure
from pdf_reading import pdf_pages


def test_only_tiles_that_show_something_are_kept_and_keep_their_numbers():
    sheets = tile_sheets((0, 0, 300, 300), 300, 300, 1000, 0)  # 100 m tiles: 3 x 3
    assert len(sheets) == 9
    kept = sheets_with(sheets, [(10, 10, 20, 20), (250, 250, 260, 260)])
    assert [sheet.number for sheet in kept] == [1, 9]
    assert all(sheet.left_out == frozenset({2, 3, 4, 5, 6, 7, 8}) for sheet in kept)
    assert kept[0].neighbour_number(0, 1) is None  # no mark points to a sheet not printed
    assert sheets_with(sheets, []) == sheets  # nothing drawn: every sheet
    whole = sheets_with(sheets, [(0, 0, 300, 300)])
    assert whole == sheets and all(not sheet.left_out for sheet in whole)


def square(x, y, side=20):
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def test_a_tiled_print_at_1_500_leaves_out_empty_sheets(tmp_path):
    keep = new_structure("harris", "townhouse", "keep", square(0, 0), name="Keep")
    tower = new_structure("harris", "townhouse", "tower", square(600, 600), name="Far tower")
    siege = Siege(name="Two corners", ruleset="harris",
                  structures={"keep": keep, "tower": tower})
    out = tmp_path / "tiles.pdf"
    export_snapshot(out, siege, {}, SnapshotOptions(scale=500, include_table=False,
                                                    include_log=False))
    _sizes, texts = pdf_pages(out)
    map_pages = [text for text in texts if "Map sheet" in text]
    total = int(map_pages[0].split("Map sheet 1 of ")[1].split(" ")[0])
    assert 2 <= len(map_pages) <= 6 < total  # the two corners' sheets and their overlaps
    left_out = total - len(map_pages)
    assert all(f"{left_out} sheets not printed" in text for text in map_pages)
    assert all("nothing of the fortress" in text for text in map_pages)
