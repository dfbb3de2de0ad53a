"""Square labels on paper at every scale (issue 36): a town printed whole still reads its
squares, every 2nd, 5th or 10th counted from A1 as the window labels them, inside the map and
along its edges; a castle printed large labels every square."""

from __future__ import annotations

import re

from bench.town import build_town  # tests/ is on the path (rootdir-based packages)
from pdf_reading import pdf_pages

from siegeboard.geometry.squares import label_stride, north_west_anchor
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import export_snapshot

LABEL = re.compile(r"^([A-Z]+)(\d+)$")


def _column(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def _map_page_labels(tmp_path, siege, images=None) -> set[tuple[int, int]]:
    path = tmp_path / "map.pdf"
    export_snapshot(path, siege, images or {},
                    SnapshotOptions(include_table=False, include_log=False))
    _, texts = pdf_pages(path)
    words = texts[0].split("Legend")[0].split()  # the legend's "F3" is a fire badge
    return {(_column(match[1]), int(match[2]) - 1)
            for match in map(LABEL.match, words) if match}


def test_the_stride_is_the_windows_series():
    assert label_stride(60, 60) == 1 and label_stride(59, 60) == 2
    assert label_stride(13, 60) == 5 and label_stride(6.8, 60) == 10
    assert label_stride(0.01, 60) == 1000


def _anchored(town):
    """The town with A1 at its north-west corner, as an import gives it (R5)."""
    corners = [point for structure in town.structures.values() for point in structure.footprint]
    town.label_anchor = north_west_anchor(corners)
    return town


def test_a_town_printed_whole_labels_every_nth_square_inside_the_map(tmp_path):
    town = _anchored(build_town(600))
    labels = _map_page_labels(tmp_path, town)
    assert len(labels) >= 6, labels
    columns = sorted({column for column, _ in labels})
    rows = sorted({row for _, row in labels})
    stride = columns[1] - columns[0]
    assert stride in (2, 5, 10, 20, 50)
    # Counted from A1, every stride-th column and row, both ways: a regular lattice.
    assert all(column % stride == 0 for column in columns)
    assert all(row % stride == 0 for row in rows)
    assert labels == {(column, row) for column in columns for row in rows}


def test_a_small_siege_printed_large_labels_every_square(tmp_path, siege, images):
    labels = _map_page_labels(tmp_path, _anchored(siege), images)
    columns = sorted({column for column, _ in labels})
    assert columns == list(range(columns[0], columns[-1] + 1)), columns
