"""A PDF's table rows drawn as glyph runs (report.glyph_rows) look and read as drawText's."""

from __future__ import annotations

import pytest
from bench.town import build_town  # tests/ is on the path (rootdir-based packages)
from pdf_reading import pages_as_drawn

from siegeboard.report.glyph_rows import GlyphRows, plain
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import export_snapshot


def a_town_with_every_kind_of_cell():
    """Names and notes that wrap over lines, that are not Latin, or Latin with accents, and
    right-aligned figures, over several table pages."""
    town = build_town(120)
    notes = {"house0": "Ωμέγα: the shrine's bell is cracked", "house1": "טירה",
             "house2": "A very long note " * 8, "house3": "Crème brûlée cellar",
             "house4": "漢字", "house5": "trailing space "}
    for key, note in notes.items():
        town.structures[key].gm_notes = note
    town.structures["house6"].name = "Église Saint-Étienne de la Très Longue Rue " * 2
    return town


def test_table_pages_as_glyph_runs_render_and_read_as_drawn_text(tmp_path, monkeypatch):
    town = a_town_with_every_kind_of_cell()
    runs = tmp_path / "runs.pdf"
    export_snapshot(runs, town, {}, SnapshotOptions())
    monkeypatch.setattr(GlyphRows, "for_painter", staticmethod(lambda painter: False))
    texts = tmp_path / "texts.pdf"
    export_snapshot(texts, town, {}, SnapshotOptions())
    assert runs.read_bytes() != texts.read_bytes()  # the rows went another way
    with_runs, with_texts = pages_as_drawn(runs), pages_as_drawn(texts)
    assert len(with_runs) == len(with_texts) >= 3
    for number, ((image, text), (expected_image, expected_text)) in enumerate(
            zip(with_runs, with_texts, strict=True), 1):
        assert text == expected_text, f"page {number} reads differently"
        assert image == expected_image, f"page {number} looks different"
    table = "".join(text for _, text in with_runs[1:])
    for words in ("Crème brûlée cellar", "Ωμέγα", "Église Saint-Étienne", "48 / 48"):
        assert words in table


@pytest.mark.parametrize(("text", "expected"), [
    ("Timber house", True), ("12 / 40", True), ("Crème brûlée", True), ("", True),
    ("漢字", False), ("טירה", False), ("Ωμέγα", False), ("soft\xadhyphen", False),
    ("tab\there", False),
])
def test_only_plain_latin_text_goes_as_glyphs(text, expected):
    assert plain(text) is expected
