"""RULINGS R5 in the log: a struck structure is named by the square holding most of it, not
by the square the round landed in (that one stays the burst's, H6), in the engine's lines, in
the window's log and in a snapshot's printed log."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from pdf_reading import pdf_text

from siegeboard.model.actions import FireAt
from siegeboard.persist.siege_file import read_siege
from siegeboard.report.log_text import printed_entries
from siegeboard.report.options import SnapshotOptions
from siegeboard.report.snapshot import export_snapshot
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import apply_in_place

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))


def _keep_hit_in_its_north_west_corner():
    opened = read_siege(SAMPLE)
    siege = opened.siege
    # (46, 31) is in E4, the Keep's north-west corner; most of the Keep is in F4.
    apply_in_place(siege, FireAt(weapon_id="he_shell", at=(46.0, 31.0),
                                 battery_id="great-battery"),
                   ScriptedDice([2, 3] + [1] * 60, typed=False))
    return opened, siege


def test_the_struck_structure_is_named_by_its_r5_square_and_the_burst_by_its_own():
    _, siege = _keep_hit_in_its_north_west_corner()
    (entry,) = siege.log
    assert entry.square == "E4"  # where the round landed (H6 measures from it)
    assert "Hit on The Keep (F4): AV 60" in entry.lines
    assert any(line.startswith("Blast:") and line.endswith("from E4") for line in entry.lines)
    (heading, lines), = printed_entries(siege, 0, players=False)
    assert "Hit on The Keep (F4): AV 60" in lines


def test_a_snapshot_prints_the_r5_square_in_its_log(tmp_path):
    opened, siege = _keep_hit_in_its_north_west_corner()
    path = tmp_path / "snap.pdf"
    export_snapshot(path, siege, opened.images, SnapshotOptions(since_turn=0))
    text = pdf_text(path)
    assert "Hit on The Keep (F4)" in text
