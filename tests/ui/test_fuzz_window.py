"""The window opens and plays fuzz files that open (issue 13): a sample of the fuzzer's corpus,
opened in the real window, fired at and run on the clock; the whole with ``-m fuzz``."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from persist import test_fuzz  # noqa: E402 -- the fuzzer's own generator

from siegeboard.persist import SiegeFileError, read_siege, write_siege  # noqa: E402
from siegeboard.report.bounds import board_bounds  # noqa: E402

SAMPLE = int(os.environ.get("SIEGEBOARD_FUZZ_WINDOW", "6"))


def opened_cases(tmp_path, wanted: int | None):
    bases = []
    for number, siege_file in enumerate(test_fuzz.base_files()):
        path = tmp_path / f"base{number}.siege"
        write_siege(path, siege_file)
        bases.append((siege_file, path.read_bytes()))
    found = 0
    for case in range(test_fuzz.CASES):
        path = tmp_path / f"case{case}.siege"
        path.write_bytes(test_fuzz.fuzzed_file(case, bases))
        try:
            read_siege(path)
        except SiegeFileError:
            path.unlink()
            continue
        found += 1
        yield case, path
        if wanted is not None and found >= wanted:
            return


def play_in_window(window, answers, case, path) -> None:
    assert window.files.open_path(path, ask=False), f"case {case}: {answers.warnings}"
    document = window.document
    siege = document.siege
    minx, miny, maxx, maxy = board_bounds(siege, document.images)
    for weapon_id in list(siege.weapons)[:2]:
        # refused by the rules (out of range, not fired...): said, nothing changed
        with contextlib.suppress(ValueError):
            document.fire_at(weapon_id, ((minx + maxx) / 2, (miny + maxy) / 2), range_m=120)
    document.advance_clock(13)
    window.repaint()
    document.undo_stack.setClean()


def test_a_sample_of_the_fuzz_files_that_open_play_in_the_window(window, answers, tmp_path):
    played = 0
    for case, path in opened_cases(tmp_path, SAMPLE):
        play_in_window(window, answers, case, path)
        played += 1
    assert played == SAMPLE


@pytest.mark.fuzz
def test_every_fuzz_file_that_opens_plays_in_the_window(window, answers, tmp_path):
    played = sum(1 for case, path in opened_cases(tmp_path, None)
                 if play_in_window(window, answers, case, path) is None)
    print(f"\nwindow fuzz: {played} files opened and played")
    assert played > 0
