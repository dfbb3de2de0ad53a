"""Tiled printing leaves out the sheets with nothing of the fortress on them (issue 15,
item 5), and the key of the sheets on every printed sheet says which were left out."""

from __future__ import annotations

from pdf_reading import pdf_pages

from siegeboard.model.siege import Siege
from siegeboard.persist import read_siege
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.sheets import sheets_with, tile_sheets
from siegeboard.report.snapshot import export_snapshot
from siegeboard.rules.build import new_structure


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
    layouts = []
    export_snapshot(out, siege, {}, SnapshotOptions(scale=500, include_table=False,
                                                    include_log=False), told=layouts.append)
    _sizes, texts = pdf_pages(out)
    map_pages = [text for text in texts if "Map sheet" in text]
    total = int(map_pages[0].split("sheets printed of ")[1].split(")")[0])
    assert 2 <= len(map_pages) <= 6 < total  # the two corners' sheets and their overlaps
    assert all(f"{len(map_pages)} sheets printed of {total}" in text for text in map_pages)
    left_out = total - len(map_pages)
    assert layouts[0].sheets_told() == (f"{len(map_pages)} map sheets ({left_out} left out: "
                                        "nothing of the plan or the siege on them)")
    assert all(f"{left_out} sheets not printed" in text for text in map_pages)
    assert all("nothing of the fortress" in text for text in map_pages)


def test_a_sheet_with_the_plan_on_it_is_printed_and_the_count_is_said(tmp_path, capsys):
    """The plan counts as much as the siege: a sheet showing only the plan is kept, and the
    command says how many sheets it made."""
    from siegeboard.cli import main

    path = tmp_path / "castle.siege"
    assert main(["sample", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["snapshot", str(path), "-o", str(tmp_path / "t.pdf"), "--scale", "1:500",
                 "--no-record"]) == 0
    assert "siegeboard: 4 map sheets at 1:500" in capsys.readouterr().err
    siege_file = read_siege(path)
    siege = siege_file.siege
    siege = siege.model_copy(update={"structures": {"tower-nw": siege.structures["tower-nw"]},
                                     "batteries": {}, "mines": {}, "log": [], "base": None})
    layouts = []
    export_snapshot(tmp_path / "p.pdf", siege, siege_file.images,
                    SnapshotOptions(scale=500, include_table=False, include_log=False),
                    told=layouts.append)
    assert layouts[0].sheets_told() == "4 map sheets"  # the plan is on all four
    export_snapshot(tmp_path / "p.pdf", siege.model_copy(update={"map": None}), {},
                    SnapshotOptions(
                        scale=500, include_table=False, include_log=False),
                    told=layouts.append)
    assert layouts[1].sheets_told() == "1 map sheet"  # no plan: the tower alone


def test_a_tiles_paper_past_the_maps_edge_is_blank(tmp_path):
    """No grid of nothing: past the map's edge a tile is white paper (the grid and its
    square labels stop where the map does)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from siegeboard.report.map_painter import MapPainter

    keep = new_structure("harris", "townhouse", "keep", square(0, 0), name="Keep")
    siege = Siege(name="One keep", ruleset="harris", structures={"keep": keep})
    image = QImage(400, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    MapPainter(siege, None, SnapshotOptions()).paint(painter, QRectF(20, 20, 360, 160),
                                                     (0, 0, 90, 40), gridded=(0, 0, 40, 40))
    painter.end()
    inked = {(x, y) for x in range(200, 378, 3) for y in range(22, 178, 3)
             if image.pixelColor(x, y) != QColor("white")}
    assert not inked, sorted(inked)[:5]
    gridded = {(x, y) for x in range(22, 170, 3) for y in range(22, 178, 3)
               if image.pixelColor(x, y) != QColor("white")}
    assert gridded  # the map's own part has its grid and the keep
