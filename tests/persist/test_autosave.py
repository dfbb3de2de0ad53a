"""Autosave and crash recovery, headless."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from siegeboard.persist import (
    Autosaver,
    SiegeFile,
    SiegeFileError,
    autosave,
    read_siege,
    write_siege,
)

from .builders import sample_file

ROOT = Path(__file__).resolve().parents[2]


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


_CRASHING_WINDOW = textwrap.dedent("""
    import json, os, sys
    from siegeboard.persist import Autosaver, read_siege
    folder, saves = sys.argv[1], json.loads(sys.argv[2])
    saver = Autosaver(folder)
    saver.begin()
    written = [str(saver.save(read_siege(staged), source)) for staged, source in saves]
    print(json.dumps(written), flush=True)
    os._exit(9)  # killed: no clean exit, nothing tidied
""")


def crashed_window(folder: Path, *saves: tuple[SiegeFile, Path | None]) -> list[Path]:
    """Run a window's autosaver in another process that autosaves ``saves`` and dies; return
    the autosaves it left."""
    staged = []
    for number, (siege_file, source) in enumerate(saves):
        stage = folder.parent / f"staged-{number}-{os.getpid()}.siege"
        write_siege(stage, siege_file, backup=False)
        staged.append((str(stage), None if source is None else str(source)))
    result = subprocess.run([sys.executable, "-c", _CRASHING_WINDOW, str(folder),
                             json.dumps(staged)], capture_output=True, text=True, cwd=ROOT,
                            timeout=60)
    assert result.returncode == 9, result.stderr
    for stage, _ in staged:
        os.unlink(stage)
    return [Path(path) for path in json.loads(result.stdout)]


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


def test_after_a_crash_the_autosave_is_offered_with_what_it_holds_and_both_times(
        folder, source):
    [written] = crashed_window(folder, (sample_file(name="Under fire", structures=4), source))
    next_start = Autosaver(folder)
    autosave_bytes = written.read_bytes()
    [candidate] = next_start.pending()
    assert written.read_bytes() == autosave_bytes, "looking changes no autosave"
    assert candidate.path == written
    assert candidate.source_path == source
    assert candidate.siege_name == "Under fire"
    assert candidate.clock_label == "Turn 3, 0 min 15 s"
    assert (candidate.structures, candidate.log_length) == (4, 2)
    assert abs(candidate.saved_at.timestamp() - written.stat().st_mtime) < 1e-3
    assert abs(candidate.source_saved_at.timestamp() - source.stat().st_mtime) < 1e-3
    text = candidate.describe()
    assert "Under fire (castle.siege): Turn 3, 0 min 15 s, 4 structures, 2 log entries" in text
    assert "autosaved " in text and "the file was saved " in text
    assert read_siege(candidate.path).siege.name == "Under fire"


def test_after_a_clean_exit_nothing_is_offered_and_its_autosaves_are_gone(folder, source):
    session = Autosaver(folder)
    session.begin()
    session.save(sample_file(), source)
    session.save(sample_file(), None)
    session.clean_exit()
    assert list(folder.iterdir()) == [], "no autosave, no note, no live marker"
    assert Autosaver(folder).pending() == []


def test_an_autosave_older_than_its_source_is_offered_all_the_same(folder, source):
    """A sync tool touches files: the GM sees both times and chooses."""
    [written] = crashed_window(folder, (sample_file(name="Mine"), source))
    os.utime(source, (written.stat().st_mtime + 5,) * 2)
    [candidate] = Autosaver(folder).pending()
    assert candidate.source_saved_at > candidate.saved_at
    assert "(newer than the autosave)" in candidate.describe()


def test_an_untitled_or_orphaned_autosave_is_offered(folder, source):
    crashed_window(folder, (sample_file(name="Untitled"), None),
                   (sample_file(name="Orphan"), source))
    source.unlink()
    offered = {c.siege_name: c.source_path for c in Autosaver(folder).pending()}
    assert offered == {"Untitled": None, "Orphan": source}


def test_a_running_windows_autosave_is_not_offered_to_another(folder, source):
    first = Autosaver(folder)
    first.begin()
    first.save(sample_file(name="First window's work"), source)
    second = Autosaver(folder)
    assert second.pending() == [] and not second.crashed()
    second.save(sample_file(name="Second window's work"), source)
    second.clean_exit()  # one window closes: the other's autosave stays
    assert [read_siege(p).siege.name for p in folder.glob("*.siege")] == ["First window's work"]
    assert Autosaver(folder).pending() == []


def test_two_windows_starting_after_a_crash_do_not_both_take_it(folder, source):
    crashed_window(folder, (sample_file(name="Lost work"), source))
    one, two = Autosaver(folder), Autosaver(folder)
    assert [c.siege_name for c in one.pending()] == ["Lost work"]
    assert two.pending() == []


def test_declining_keeps_the_autosave_until_this_windows_clean_exit(folder, source):
    crashed_window(folder, (sample_file(name="Lost work"), source))
    second = Autosaver(folder)
    assert [c.siege_name for c in second.pending()] == ["Lost work"]  # declined: kept
    second.save(sample_file(name="New work"), source)  # the same source, another window
    assert Autosaver(folder).pending() == [], "the running window keeps both"
    second.clean_exit()
    assert Autosaver(folder).pending() == []
    assert not list(folder.glob("*.siege"))


def test_a_declined_autosave_is_offered_again_when_that_window_crashes_too(folder, source):
    crashed_window(folder, (sample_file(name="Lost work"), source))
    script = ("import sys, os; from siegeboard.persist import Autosaver; "
              "print(len(Autosaver(sys.argv[1]).pending())); os._exit(9)")
    declined = subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True,
                              text=True, cwd=ROOT, timeout=60)
    assert declined.stdout.strip() == "1"
    assert [c.siege_name for c in Autosaver(folder).pending()] == ["Lost work"]


def test_discard_removes_one_candidate(folder, source):
    crashed_window(folder, (sample_file(name="Keep me"), None),
                   (sample_file(name="Drop me"), source))
    saver = Autosaver(folder)
    drop = next(c for c in saver.pending() if c.siege_name == "Drop me")
    saver.discard(drop)
    assert not drop.path.exists()
    assert [p.suffix for p in folder.iterdir()].count(".json") == 1, "its note went with it"


def test_an_unreadable_autosave_is_skipped(folder):
    [written] = crashed_window(folder, (sample_file(name="Fine"), None))
    (folder / "broken-0000.siege").write_bytes(b"half a zip")
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
