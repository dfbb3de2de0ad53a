"""A process killed in the middle of a save leaves its temporary file; the next start sweeps
it (issue 35: no temp file past the next start): the autosave folder when a window begins,
the siege's folder when a window opens the siege. Only our names, only a minute old."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from siegeboard.persist import Autosaver, write_siege
from siegeboard.persist.atomic import SWEEP_AGE, is_litter_name, sweep_litter
from siegeboard.persist.siege_file import sweep_beside

from .builders import sample_file

ROOT = Path(__file__).resolve().parents[2]

# Writes half a siege through atomic_write, then kills itself with SIGKILL mid-write.
_KILLED_SAVE = textwrap.dedent("""
    import os, signal, sys
    from siegeboard.persist.atomic import atomic_write

    def half(stream):
        stream.write(b"PK" + b"x" * 100_000)
        stream.flush()
        os.kill(os.getpid(), signal.SIGKILL)

    atomic_write(sys.argv[1], half, backup=True)
""")


def _killed_save(target: Path) -> list[Path]:
    """Run a save of ``target`` killed in the middle; the temporary files it left."""
    before = set(target.parent.iterdir())
    done = subprocess.run([sys.executable, "-c", _KILLED_SAVE, str(target)], cwd=ROOT,
                          capture_output=True, timeout=60)
    assert done.returncode == -signal.SIGKILL
    return sorted(set(target.parent.iterdir()) - before)


def _age(paths: list[Path], seconds: float = SWEEP_AGE + 5) -> None:
    for path in paths:
        then = time.time() - seconds
        os.utime(path, (then, then), follow_symlinks=False)


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")
def test_a_killed_autosave_leaves_nothing_past_the_next_window(tmp_path):
    folder = tmp_path / "autosave"
    folder.mkdir()
    left = _killed_save(folder / "castle-0123456789ab-deadbeef.siege")
    assert len(left) == 1 and is_litter_name(left[0].name)
    _age(left)
    saver = Autosaver(folder)
    saver.begin()
    try:
        assert not left[0].exists()
    finally:
        saver.clean_exit()


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")
def test_a_killed_save_leaves_nothing_once_the_siege_is_opened_again(tmp_path):
    target = tmp_path / "castle.siege"
    write_siege(target, sample_file())
    left = _killed_save(target)
    assert len(left) == 1 and left[0].name.startswith(".castle.siege.")
    _age(left)
    assert sweep_beside(target) == left
    assert not left[0].exists() and target.is_file()


def test_only_our_names_a_minute_old_are_swept(tmp_path):
    ours_old = [tmp_path / ".castle.siege.0123abcd.tmp",
                tmp_path / ".castle.siege.89abcdef.bak.tmp",
                tmp_path / ".town.siege.journal.00ff00ff.tmp"]
    ours_new = tmp_path / ".castle.siege.fedcba98.tmp"  # a save under way, as far as we know
    not_ours = [tmp_path / "castle.siege.0123abcd.tmp",  # not hidden
                tmp_path / ".castle.siege.0123abcg.tmp",  # not hex
                tmp_path / ".castle.siege.0123abc.tmp",  # seven digits
                tmp_path / ".notes.tmp", tmp_path / "castle.siege",
                tmp_path / ".castle.siege.lock"]
    for path in [*ours_old, ours_new, *not_ours]:
        path.write_bytes(b"x")
    link = tmp_path / ".castle.siege.11111111.tmp"
    link.symlink_to(tmp_path / "castle.siege")
    folder_named_so = tmp_path / ".castle.siege.22222222.tmp.d"
    folder_named_so.mkdir()
    _age([*ours_old, *not_ours, link])
    assert sorted(sweep_litter(tmp_path)) == sorted(ours_old)
    assert ours_new.exists() and link.is_symlink() and folder_named_so.is_dir()
    assert all(path.exists() for path in not_ours)


def test_the_siege_folder_sweep_leaves_other_files_litter_alone(tmp_path):
    """A GM's folder holds other programs' files: beside a siege only siege files' litter
    goes."""
    mine = tmp_path / ".castle.siege.0123abcd.tmp"
    theirs = tmp_path / ".report.odt.0123abcd.tmp"
    for path in (mine, theirs):
        path.write_bytes(b"x")
    _age([mine, theirs])
    assert sweep_beside(tmp_path / "castle.siege") == [mine]
    assert theirs.exists()


def test_a_folder_that_cannot_be_read_sweeps_nothing(tmp_path):
    assert sweep_litter(tmp_path / "missing") == []


def test_the_window_sweeps_when_it_opens_a_siege(tmp_path, qapp):
    from siegeboard.ui.document.document import Document

    target = tmp_path / "castle.siege"
    write_siege(target, sample_file())
    litter = tmp_path / ".castle.siege.0123abcd.tmp"
    litter.write_bytes(b"PK")
    _age([litter])
    document = Document()
    document.open(target)
    assert not litter.exists()
    assert document.path == target
