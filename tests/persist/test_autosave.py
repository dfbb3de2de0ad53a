"""Autosave and crash recovery, headless."""

from __future__ import annotations

import errno
import os
import zipfile
from pathlib import Path

import pytest

from siegeboard.persist import Autosaver, SiegeFileError, read_siege, write_siege
from siegeboard.persist import autosave

from .builders import sample_file, snapshot


@pytest.fixture
def folder(tmp_path) -> Path:
    return tmp_path / "autosave"


@pytest.fixture
def source(tmp_path) -> Path:
    path = tmp_path / "games" / "castle.siege"
    path.parent.mkdir()
    write_siege(path, sample_file(name="Saved by the GM"))
    # The GM's save happened a minute before any autosave of this test.
    os.utime(path, (path.stat().st_mtime - 60,) * 2)
    return path


def crash(saver: Autosaver) -> None:
    """A session that ends without clean_exit: nothing to do, the process is just gone."""


def test_the_default_folder_is_in_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setattr(autosave.platformdirs, "user_data_dir",
                        lambda app, appauthor=None: str(tmp_path / app))
    assert Autosaver().folder == tmp_path / "siegeboard" / "autosave"


def test_an_autosave_goes_to_its_own_file_never_the_gms(folder, source):
    gm_file = source.read_bytes()
    saver = Autosaver(folder)
    saver.begin()
    written = saver.save(sample_file(name="Edited"), source)
    assert written.parent == folder and written != source
    assert written.name.startswith("castle-") and written.suffix == ".siege"
    assert read_siege(written).siege.name == "Edited"
    assert source.read_bytes() == gm_file
    assert not (source.parent / "castle.siege.bak").exists()
    assert saver.save(sample_file(name="Edited again"), source) == written, "one file per source"
    assert not written.with_name(written.name + ".bak").exists(), "autosaves keep no backup"


def test_different_sources_and_untitled_sieges_get_different_files(folder, tmp_path):
    saver = Autosaver(folder)
    paths = {saver.save(sample_file(), tmp_path / "a" / "castle.siege"),
             saver.save(sample_file(), tmp_path / "b" / "castle.siege"),
             saver.save(sample_file(), None)}
    assert len(paths) == 3


def test_after_a_crash_the_newer_autosave_is_offered_with_what_it_holds(folder, source):
    session = Autosaver(folder)
    assert session.pending() == []
    session.begin()
    written = session.save(sample_file(name="Under fire", structures=4), source)
    crash(session)

    next_start = Autosaver(folder)
    before = snapshot(folder)
    [candidate] = next_start.pending()
    assert snapshot(folder) == before, "looking changes nothing"
    assert candidate.path == written
    assert candidate.source_path == source
    assert candidate.siege_name == "Under fire"
    assert candidate.clock_label == "Turn 3, 0 min 15 s"
    assert (candidate.structures, candidate.log_length) == (4, 2)
    assert abs(candidate.saved_at.timestamp() - written.stat().st_mtime) < 1e-3
    assert "Under fire (castle.siege): Turn 3, 0 min 15 s, 4 structures, 2 log entries" in \
        candidate.describe()
    assert read_siege(candidate.path).siege.name == "Under fire"


def test_after_a_clean_exit_nothing_is_offered_and_autosaves_are_gone(folder, source):
    session = Autosaver(folder)
    session.begin()
    session.save(sample_file(), source)
    session.save(sample_file(), None)
    session.clean_exit()
    assert [p.name for p in folder.iterdir()] == [autosave.CLEAN_EXIT_MARKER]
    assert Autosaver(folder).pending() == []


def test_an_autosave_older_than_its_source_is_not_offered(folder, source):
    session = Autosaver(folder)
    session.begin()
    written = session.save(sample_file(), source)
    os.utime(source, (written.stat().st_mtime + 5,) * 2)  # the GM saved after the autosave
    crash(session)
    assert Autosaver(folder).pending() == []


def test_an_untitled_or_orphaned_autosave_is_offered(folder, source):
    session = Autosaver(folder)
    session.begin()
    session.save(sample_file(name="Untitled"), None)
    session.save(sample_file(name="Orphan"), source)
    source.unlink()
    crash(session)
    offered = {c.siege_name: c.source_path for c in Autosaver(folder).pending()}
    assert offered == {"Untitled": None, "Orphan": source}


def test_declining_keeps_the_autosave_until_the_next_clean_exit(folder, source):
    first = Autosaver(folder)
    first.begin()
    first.save(sample_file(name="Lost work"), source)
    crash(first)

    second = Autosaver(folder)
    assert [c.siege_name for c in second.pending()] == ["Lost work"]
    second.begin()  # declined: nothing discarded
    second.save(sample_file(name="New work"), source)  # the same source, another session
    crash(second)

    third = Autosaver(folder)
    assert sorted(c.siege_name for c in third.pending()) == ["Lost work", "New work"]
    third.begin()
    third.clean_exit()
    assert Autosaver(folder).pending() == []


def test_discard_removes_one_candidate(folder, source):
    session = Autosaver(folder)
    session.begin()
    session.save(sample_file(name="Keep me"), None)
    session.save(sample_file(name="Drop me"), source)
    crash(session)
    saver = Autosaver(folder)
    drop = next(c for c in saver.pending() if c.siege_name == "Drop me")
    saver.discard(drop)
    assert not drop.path.exists()
    assert [c.siege_name for c in saver.pending()] == ["Keep me"]
    assert [p.suffix for p in folder.iterdir()].count(".json") == 1, "its note went with it"


def test_an_unreadable_autosave_is_skipped(folder):
    session = Autosaver(folder)
    session.begin()
    written = session.save(sample_file(name="Fine"), None)
    (folder / "broken-0000.siege").write_bytes(b"half a zip")
    crash(session)
    assert [c.path for c in Autosaver(folder).pending()] == [written]


def test_a_failing_autosave_raises_and_keeps_the_previous_one(folder, source, monkeypatch):
    session = Autosaver(folder)
    written = session.save(sample_file(name="Before"), source)
    monkeypatch.setattr(zipfile.ZipFile, "writestr", _full_disk)
    with pytest.raises(SiegeFileError, match="disk is full"):
        session.save(sample_file(name="After"), source)
    assert read_siege(written).siege.name == "Before"
    assert sorted(p.suffix for p in folder.iterdir()) == [".json", ".siege"], "no litter"


def _full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")
