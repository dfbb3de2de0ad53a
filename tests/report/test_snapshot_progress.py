"""A snapshot export reports each page it paints, and a cancel leaves no file behind."""

from __future__ import annotations

import pytest

from siegeboard.model.progress import Cancelled
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import export_snapshot


class Recorder:
    def __init__(self, stop_after: int | None = None):
        self.reports = []
        self.stop_after = stop_after

    def report(self, done, total, what=""):
        self.reports.append((done, total, what))
        if self.stop_after is not None and len(self.reports) > self.stop_after:
            raise Cancelled(what)


def test_a_pdf_export_reports_every_page(siege, images, tmp_path):
    recorder = Recorder()
    export_snapshot(tmp_path / "s.pdf", siege, images, SnapshotOptions(),
                    progress=recorder)
    total = recorder.reports[0][1]
    assert total >= 2
    assert recorder.reports == [(page, total, f"Painting page {page + 1} of {total}")
                                for page in range(total)]


def test_a_cancelled_export_leaves_no_file(siege, images, tmp_path):
    with pytest.raises(Cancelled):
        export_snapshot(tmp_path / "s.pdf", siege, images, SnapshotOptions(),
                        progress=Recorder(stop_after=1))
    assert list(tmp_path.iterdir()) == []  # not even the temporary file
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    whole.mkdir(), cut.mkdir()
    full = Recorder()
    export_snapshot(whole / "s.png", siege, images, SnapshotOptions(), all_pages=True,
                    progress=full)
    total = len(full.reports)
    assert total >= 2
    assert [what for _, _, what in full.reports] == [f"Writing page {n} of {total}"
                                                     for n in range(1, total + 1)]
    with pytest.raises(Cancelled):
        export_snapshot(cut / "s.png", siege, images, SnapshotOptions(), all_pages=True,
                        progress=Recorder(stop_after=total - 1))
    # Cancelled before the last file: the whole pages already written stay, no other file.
    assert sorted(p.name for p in cut.iterdir()) == sorted(
        ["s.png"] + [f"s-{n}.png" for n in range(2, total)])
