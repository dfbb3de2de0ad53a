"""Snapshots rendered offscreen to PDF, PNG and SVG, and read back."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from datetime import date

import pytest
from bench.town import build_town  # tests/ is on the path (rootdir-based packages)
from pdf_reading import pdf_pages
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import (
    SnapshotError,
    export_snapshot,
    mark_snapshot,
    page_points,
    paint_snapshot,
    snapshot_layout,
)

A4_LANDSCAPE_PT = (842, 595)


def test_pdf_holds_map_table_and_log_pages_of_a4_landscape(tmp_path, siege, images):
    out = tmp_path / "snap.pdf"
    assert export_snapshot(out, siege, images,
                           SnapshotOptions(printed_on=date(2026, 3, 14))) == [out]
    sizes, texts = pdf_pages(out)
    assert len(sizes) == 2  # the map; the table, with the log flowing on below it
    assert set(sizes) == {A4_LANDSCAPE_PT}
    first = texts[0]
    for words in ("Test Castle", "Turn 37, 3 min 5 s", "14 March 2026", "Sieges and Fortifications",
                  "Legend", "Scale", "page 1 of 2"):
        assert words in first
    table = texts[1]
    for structure in siege.structures.values():
        assert structure.name in table
        assert f"{structure.dp} / {structure.dp_original}" in table
    assert "Secret sally port" in table  # the GM copy shows GM notes
    assert "Fire level" in table
    assert "Log from the start: 0 entries" in table


def test_table_rows_are_sorted_by_square(tmp_path, siege, images):
    out = tmp_path / "snap.pdf"
    export_snapshot(out, siege, images, SnapshotOptions(include_log=False))
    table = pdf_pages(out)[1][1]
    order = [table.index(name) for name in ("North wall", "Gatehouse", "Keep", "Shed", "Barn")]
    assert order == sorted(order)


def test_players_copy_has_no_dp_figure_and_no_gm_note(tmp_path, siege, images):
    from siegeboard.model.actions import FireAt
    from siegeboard.rules.dice import ScriptedDice
    from siegeboard.rules.engine import apply_in_place

    apply_in_place(siege, FireAt(weapon_id="cannon", at=(50, 50), range_m=60),
                   ScriptedDice([3] * 35 + [2]))
    out = tmp_path / "players.pdf"
    export_snapshot(out, siege, images, SnapshotOptions(copy="players", since_turn=0))
    text = "\n".join(pdf_pages(out)[1])
    assert "Players' copy" in text
    assert "Keep" in text and "collapsed" in text and "burning" in text
    assert not re.search(r"\bDP\b", text)
    assert "Secret sally port" not in text
    for structure in siege.structures.values():
        assert f"{structure.dp} / {structure.dp_original}" not in text
        assert str(structure.dp_original) not in text
    # The shot, told without figures; the defenders' people inside are not the besiegers' to know.
    assert "An explosive round struck the Keep" in text and "people inside" not in text
    gm = tmp_path / "gm.pdf"
    export_snapshot(gm, siege, images, SnapshotOptions(since_turn=0))
    assert re.search(r"\bDP\b", "\n".join(pdf_pages(gm)[1]))  # the same check finds them


def render_map_page(siege, images, options) -> tuple[QImage, object, object]:
    width, height = page_points(options)
    image = QImage(round(width * options.dpi / 72), round(height * options.dpi / 72),
                   QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(options.dpi / 0.0254))
    image.setDotsPerMeterY(round(options.dpi / 0.0254))
    image.fill(QColor("white"))
    layout, content = snapshot_layout(image, siege, images, options)
    assert paint_snapshot(image, siege, images, options) == 1
    return image, layout, content


def mean_colour(image: QImage, layout, content, point: tuple[float, float], dpi: int):
    """The average colour of a 7 x 7 pixel patch at map ``point``."""
    spot: QPointF = layout.page_point(point, content)
    cx, cy = round(spot.x() * dpi / 72), round(spot.y() * dpi / 72)
    pixels = [image.pixelColor(cx + dx, cy + dy) for dx in range(-3, 4) for dy in range(-3, 4)]
    return tuple(round(sum(getattr(p, part)() for p in pixels) / len(pixels))
                 for part in ("red", "green", "blue"))


@pytest.mark.parametrize("greyscale", [False, True])
def test_png_map_is_not_blank_and_states_differ(siege, images, greyscale):
    options = SnapshotOptions(greyscale=greyscale, dpi=100)
    image, layout, content = render_map_page(siege, images, options)
    colours = {image.pixel(x, y) for x in range(0, image.width(), 13)
               for y in range(0, image.height(), 13)}
    assert len(colours) > 20
    keep = mean_colour(image, layout, content, (45, 45), options.dpi)  # intact
    # collapsed: off its centre, where its alarm plate and words are
    barn = mean_colour(image, layout, content, (21.5, 81.5), options.dpi)
    gate = mean_colour(image, layout, content, (92, 22), options.dpi)  # damaged
    assert len({keep, barn, gate}) == 3
    if greyscale:  # the state is told by shade and pattern, not hue
        assert sum(keep) / 3 - sum(barn) / 3 > 20


def test_greyscale_png_file_has_no_colour(tmp_path, siege, images):
    out = tmp_path / "grey.png"
    export_snapshot(out, siege, images, SnapshotOptions(greyscale=True, dpi=60))
    image = QImage(str(out))
    assert image.isGrayscale()


def test_png_all_pages_and_svg(tmp_path, siege, images):
    pngs = export_snapshot(tmp_path / "s.png", siege, images, SnapshotOptions(dpi=50),
                           all_pages=True)
    assert [p.name for p in pngs] == ["s.png", "s-2.png"]
    assert all(not QImage(str(p)).isNull() for p in pngs)
    width, height = page_points(SnapshotOptions())
    assert QImage(str(pngs[0])).width() == round(width * 50 / 72)
    svg = tmp_path / "s.svg"
    export_snapshot(svg, siege, images, SnapshotOptions())
    root = ElementTree.parse(svg).getroot()
    text = "".join(root.itertext())
    assert "Test Castle" in text and "Legend" in text
    assert root.get("viewBox") is not None


def test_portrait_and_paper_size(tmp_path, siege, images):
    out = tmp_path / "a3.pdf"
    export_snapshot(out, siege, images, SnapshotOptions(paper="A3", orientation="portrait"))
    sizes, _ = pdf_pages(out)
    assert set(sizes) == {(842, 1191)}


def test_scale_tiles_the_map_with_overlap_marks_and_repeats_table_headers(tmp_path):
    town = build_town(400)
    out = tmp_path / "town.pdf"
    export_snapshot(out, town, {}, SnapshotOptions(scale=500))
    sizes, texts = pdf_pages(out)
    map_pages = [text for text in texts if "Map sheet" in text]
    assert len(map_pages) > 1
    assert f"Map sheet 1 of {len(map_pages)}" in map_pages[0]
    assert "sheet 2" in map_pages[0]  # the mark pointing to the next sheet
    assert all("Scale 1:500" in text for text in map_pages)
    table_pages = [text for text in texts if "DP / original" in text]
    assert len(table_pages) > 1  # the header repeats on every table page
    rows = sum(text.count("Timber house") + text.count("Brick farmhouse") + text.count("Townhouse")
               + text.count("Curtain wall") + text.count("Tower") for text in table_pages)
    assert rows >= len(town.structures)
    assert len(sizes) == len(map_pages) + len(table_pages)  # the short log shares a page
    assert "Log from the start" in table_pages[-1]


def test_log_starts_at_the_last_snapshot(tmp_path, siege, images):
    from siegeboard.model.actions import AdvanceClock
    from siegeboard.rules.dice import ScriptedDice
    from siegeboard.rules.engine import apply_in_place

    apply_in_place(siege, AdvanceClock(turns=12), ScriptedDice([]))
    mark_snapshot(siege)
    assert siege.last_snapshot_turn == 49
    apply_in_place(siege, AdvanceClock(turns=3), ScriptedDice([]))
    out = tmp_path / "log.pdf"
    export_snapshot(out, siege, images, SnapshotOptions(include_table=False))
    log = pdf_pages(out)[1][-1]
    assert "since the last snapshot (turn 49)" in log
    assert "#2" in log and "#1" not in log
    export_snapshot(out, siege, images, SnapshotOptions(include_table=False, since_turn=0))
    log = pdf_pages(out)[1][-1]
    assert "#1" in log and "#2" in log


def test_view_shows_only_that_region(tmp_path, siege, images):
    out = tmp_path / "view.pdf"
    export_snapshot(out, siege, images, SnapshotOptions(view=(30, 30, 70, 70), include_table=False,
                                                        include_log=False))
    text = pdf_pages(out)[1][0]
    assert "Keep" in text and "Gatehouse" not in text


@pytest.mark.parametrize("name, message", [
    ("snap.jpg", "name the output .pdf, .png or .svg"),
    ("no/such/folder/snap.pdf", "does not exist"),
])
def test_bad_output_path_is_refused_and_nothing_written(tmp_path, siege, images, name, message):
    with pytest.raises(SnapshotError, match=message):
        export_snapshot(tmp_path / name, siege, images, SnapshotOptions())
    assert list(tmp_path.iterdir()) == []


def test_unwritable_folder_is_refused(tmp_path, siege, images):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        import os
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        with pytest.raises(SnapshotError, match="not writable"):
            export_snapshot(locked / "snap.pdf", siege, images, SnapshotOptions())
    finally:
        locked.chmod(0o700)


def test_missing_plan_image_is_a_clear_error(tmp_path, siege):
    with pytest.raises(SnapshotError, match="plan.png"):
        export_snapshot(tmp_path / "snap.pdf", siege, {}, SnapshotOptions())
    assert list(tmp_path.iterdir()) == []


def test_a_printer_gets_every_page_inside_its_own_margins(tmp_path, siege, images):
    """What the window's print preview does: paint_snapshot on a QPrinter with margins."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout
    from PySide6.QtPrintSupport import QPrinter

    from siegeboard.report.snapshot import configure_page

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    options = SnapshotOptions(paper="A4", orientation="landscape")
    configure_page(printer, options)
    printer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
    assert paint_snapshot(printer, siege, images, options) == 2
    del printer
    sizes, texts = pdf_pages(out)
    assert set(sizes) == {A4_LANDSCAPE_PT}
    assert "Keep" in texts[1] and "page 2 of 2" in texts[1]
