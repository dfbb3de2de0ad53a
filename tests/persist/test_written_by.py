"""A .siege file says which siegeboard wrote it: the zip's comment, which every zip reader
(an older siegeboard's too) ignores; `siegeboard info` shows it."""

from __future__ import annotations

import json
import zipfile

from siegeboard import __version__
from siegeboard.cli import main
from siegeboard.persist import read_sample, read_siege, write_siege
from siegeboard.persist.siege_file import DOCUMENT

from .builders import sample_file, siege_json, write_raw


def test_a_saved_file_names_this_siegeboard(tmp_path):
    path = tmp_path / "s.siege"
    write_siege(path, sample_file())
    with zipfile.ZipFile(path) as archive:
        assert archive.comment == f"siegeboard {__version__}".encode()
        assert archive.namelist()[0] == DOCUMENT  # nothing else changed: no new member
    assert read_siege(path).written_by == f"siegeboard {__version__}"


def test_a_file_from_before_says_nothing(tmp_path):
    # As 0.1 wrote them (and the shipped samples are): no comment.
    path = tmp_path / "old.siege"
    old = sample_file()
    write_raw(path, {DOCUMENT: siege_json(old.siege), **old.images})
    assert read_siege(path).written_by is None


def test_a_comment_of_another_program_is_not_a_writer(tmp_path):
    path = tmp_path / "s.siege"
    write_siege(path, sample_file())
    with zipfile.ZipFile(path, "a") as archive:
        archive.comment = b"zipped by hand"
    assert read_siege(path).written_by is None


def test_resaving_a_file_records_the_new_writer(tmp_path):
    path = tmp_path / "s.siege"
    siege_file = read_sample()
    siege_file.written_by = "siegeboard 0.0.1"  # what it was read with does not carry over
    write_siege(path, siege_file)
    assert read_siege(path).written_by == f"siegeboard {__version__}"


def test_info_shows_the_writer(tmp_path, capsys):
    path = tmp_path / "s.siege"
    write_siege(path, sample_file())
    assert main(["info", str(path)]) == 0
    assert f"written by siegeboard {__version__})" in capsys.readouterr().out.splitlines()[0]
    assert main(["info", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["written_by"] == f"siegeboard {__version__}"
