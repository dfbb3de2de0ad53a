"""A city's snapshot: its table's layout says how far it has got and can be cancelled; PNG and
SVG pages are laid out once for all of them, each page as ``paint_snapshot`` paints it."""

from __future__ import annotations

import pytest
from bench.town import build_town  # tests/ is on the path (rootdir-based packages)
from PySide6.QtGui import QImage

from report.test_snapshot_progress import Recorder
from siegeboard.model.progress import Cancelled
from siegeboard.report import pages
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import (
    _image_page,
    export_snapshot,
    page_points,
    paint_snapshot,
)


def test_a_citys_table_reports_its_layout_and_a_cancel_there_writes_nothing(tmp_path):
    city = build_town(12_000)
    recorder = Recorder(stop_after=1)
    with pytest.raises(Cancelled):
        export_snapshot(tmp_path / "city.pdf", city, {}, SnapshotOptions(), progress=recorder)
    assert recorder.reports == [(5000, 12_000, "Laying out the table"),
                                (10_000, 12_000, "Laying out the table")]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_every_page_of_an_image_export_comes_from_one_layout(tmp_path, monkeypatch, suffix):
    town = build_town(600)
    options = SnapshotOptions(dpi=40, scale=1000)
    made = []
    original = pages.SnapshotLayout.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(pages.SnapshotLayout, "__init__", counted)
    written = export_snapshot(tmp_path / f"town{suffix}", town, {}, options, all_pages=True)
    assert len(made) == 1 and len(written) == len(made[0].pages) >= 4
    if suffix == ".png":
        for number in (0, 1, len(written) - 1):
            alone = _image_page(options, *page_points(options))
            paint_snapshot(alone, town, {}, options, page=number)
            assert QImage(str(written[number])) == alone.convertToFormat(
                QImage(str(written[number])).format())
