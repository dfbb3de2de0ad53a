"""Saving is atomic: the old file survives full disks, refused permissions and a killed process,
and the previous version is kept as FILE.siege.bak."""

from __future__ import annotations

import errno
import math
import os
import signal
import stat
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from siegeboard.persist import (
    SiegeFile,
    SiegeFileError,
    atomic,
    backup_path,
    read_siege,
    write_siege,
)

from .builders import MAP_MEMBER, png, sample_file, snapshot

ROOT = Path(__file__).resolve().parents[2]


def saved(tmp_path, name="Castle Rock", **options) -> tuple[Path, bytes, SiegeFile]:
    path = tmp_path / "castle.siege"
    old = sample_file(name=name, **options)
    write_siege(path, old)
    return path, path.read_bytes(), old


def test_a_save_is_one_zip_with_siege_json_and_the_map(tmp_path):
    path, _, old = saved(tmp_path)
    with zipfile.ZipFile(path) as archive:
        assert archive.namelist() == ["siege.json", MAP_MEMBER]
        assert archive.getinfo(MAP_MEMBER).compress_type == zipfile.ZIP_STORED
    assert read_siege(path) == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.siege"], "no backup, no litter"


def test_the_same_siege_saves_to_the_same_bytes(tmp_path):
    write_siege(tmp_path / "a.siege", sample_file())
    write_siege(tmp_path / "b.siege", sample_file())
    assert (tmp_path / "a.siege").read_bytes() == (tmp_path / "b.siege").read_bytes()


def test_the_previous_version_is_kept_as_bak(tmp_path):
    path, first, _ = saved(tmp_path, name="First")
    write_siege(path, sample_file(name="Second"))
    second = path.read_bytes()
    assert backup_path(path) == tmp_path / "castle.siege.bak"
    assert backup_path(path).read_bytes() == first
    write_siege(path, sample_file(name="Third"))
    assert backup_path(path).read_bytes() == second
    assert read_siege(backup_path(path)).siege.name == "Second"
    assert read_siege(path).siege.name == "Third"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.siege", "castle.siege.bak"]


def test_without_backup_no_bak_is_made(tmp_path):
    path, _, _ = saved(tmp_path)
    write_siege(path, sample_file(name="Second"), backup=False)
    assert not backup_path(path).exists()


def test_the_backup_falls_back_to_a_copy_without_hard_links(tmp_path, monkeypatch):
    path, first, _ = saved(tmp_path)

    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, "hard links not supported")

    monkeypatch.setattr(os, "link", no_links)
    write_siege(path, sample_file(name="Second"))
    assert backup_path(path).read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.siege", "castle.siege.bak"]


def test_a_save_keeps_the_old_files_permissions(tmp_path):
    path, _, _ = saved(tmp_path)
    path.chmod(0o640)
    write_siege(path, sample_file(name="Second"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_save_through_a_symlink_replaces_the_target_and_keeps_the_link(tmp_path):
    path, _, _ = saved(tmp_path)
    link = tmp_path / "link.siege"
    link.symlink_to(path)
    write_siege(link, sample_file(name="Second"))
    assert link.is_symlink()
    assert read_siege(path).siege.name == "Second"


def _fail_with(error_number: int):
    def fail(*args, **kwargs):
        raise OSError(error_number, os.strerror(error_number))
    return fail


@pytest.mark.parametrize("error_number, reason", [
    (errno.ENOSPC, "the disk is full"),
    (errno.EIO, "Input/output error"),
    (errno.EDQUOT, "the disk quota is exceeded"),
])
def test_a_failing_zip_write_leaves_the_old_file_whole(tmp_path, monkeypatch, error_number, reason):
    path, old_bytes, old = saved(tmp_path)
    write_siege(path, sample_file(name="Second"))
    before = snapshot(tmp_path)
    monkeypatch.setattr(zipfile.ZipFile, "writestr", _fail_with(error_number))
    with pytest.raises(SiegeFileError) as caught:
        write_siege(path, sample_file(name="Third"))
    assert str(caught.value) == (f"could not save castle.siege: {reason}; "
                                 "the old castle.siege is unchanged")
    assert snapshot(tmp_path) == before, "the old file, its backup and nothing else"


@pytest.mark.parametrize("failing", ["fsync", "replace", "link"])
def test_a_failure_at_any_later_step_leaves_the_old_file_and_no_litter(tmp_path, monkeypatch,
                                                                        failing):
    path, _, _ = saved(tmp_path)
    write_siege(path, sample_file(name="Second"))
    before = snapshot(tmp_path)
    if failing == "link":  # hard link and the copy fallback both fail
        monkeypatch.setattr(os, "link", _fail_with(errno.ENOSPC))
        monkeypatch.setattr(atomic.shutil, "copyfileobj", _fail_with(errno.ENOSPC))
    else:
        monkeypatch.setattr(os, failing, _fail_with(errno.ENOSPC))
    with pytest.raises(SiegeFileError, match="the disk is full; the old castle.siege is unchanged"):
        write_siege(path, sample_file(name="Third"))
    assert snapshot(tmp_path) == before


def test_a_failing_first_save_says_nothing_was_written(tmp_path, monkeypatch):
    monkeypatch.setattr(zipfile.ZipFile, "writestr", _fail_with(errno.ENOSPC))
    with pytest.raises(SiegeFileError, match="the disk is full; nothing was written"):
        write_siege(tmp_path / "new.siege", sample_file())
    assert list(tmp_path.iterdir()) == []


def test_a_folder_without_permission_is_reported(tmp_path, monkeypatch):
    """Root ignores chmod, so the refusal is simulated where the temporary file is made."""
    path, old_bytes, _ = saved(tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path))

    monkeypatch.setattr(atomic, "_create_beside", refuse)
    with pytest.raises(SiegeFileError,
                       match="could not save castle.siege: permission denied; the old castle"):
        write_siege(path, sample_file(name="Second"))
    assert path.read_bytes() == old_bytes


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root ignores folder permissions")
def test_a_read_only_folder_is_reported(tmp_path):
    path, old_bytes, _ = saved(tmp_path)
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(SiegeFileError, match="permission denied; the old castle.siege"):
            write_siege(path, sample_file(name="Second"))
    finally:
        tmp_path.chmod(0o755)
    assert path.read_bytes() == old_bytes


def test_a_missing_folder_is_reported(tmp_path):
    with pytest.raises(SiegeFileError, match="could not save x.siege: .*nothing was written"):
        write_siege(tmp_path / "no" / "x.siege", sample_file())


def test_an_interrupted_save_cleans_up_and_reraises(tmp_path, monkeypatch):
    path, _, _ = saved(tmp_path)
    before = snapshot(tmp_path)

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(zipfile.ZipFile, "writestr", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_siege(path, sample_file(name="Second"))
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("spoil, match", [
    (lambda f: f.siege.batteries["b1"].__dict__.update(position=(math.nan, 0.0)),
     r"batteries\.b1\.position\[0\] \(nan\) is not a finite number"),
    (lambda f: f.siege.weapons["w1"].__dict__.update(bore_mm=-math.inf),
     r"weapons\.w1\.bore_mm \(-inf\) is not a finite number"),
    (lambda f: f.siege.structures["s2"].__dict__.update(armor=-3),
     r"the siege: structures\.s2\.armor: .*greater than or equal to 0"),
    (lambda f: f.siege.structures.pop("s1"), r"batteries\.b1\.target_id: no structure"),
    (lambda f: f.images.clear(), "the map image 'plan.png' is not among the images"),
    (lambda f: f.images.update({"../up.png": png()}), r"'\.\./up\.png' has a '\.\.'"),
    (lambda f: f.images.update({"siege.json": png()}), "'siege.json' has a reserved name"),
    (lambda f: f.images.update({MAP_MEMBER: b"not a png"}), "'plan.png' is not a readable image"),
])
def test_a_siege_that_would_not_reopen_is_not_saved(tmp_path, spoil, match):
    path, old_bytes, _ = saved(tmp_path)
    spoilt = sample_file(name="Spoilt")
    spoil(spoilt)
    with pytest.raises(SiegeFileError, match=match) as caught:
        write_siege(path, spoilt)
    assert "nothing was written" in str(caught.value)
    assert path.read_bytes() == old_bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.siege"]


CHILD = textwrap.dedent("""
    import os, signal, sys, zipfile
    sys.path.insert(0, sys.argv[3])
    from siegeboard.persist import SiegeFile, write_siege
    from tests.persist.builders import png, sample_siege, MAP_MEMBER

    path, where = sys.argv[1], sys.argv[2]
    siege = sample_siege(name="New and big", structures=3000)
    big = SiegeFile(siege=siege, images={MAP_MEMBER: png(900, 900)})

    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    if where == "zip-write":
        original = zipfile.ZipFile.writestr
        def writestr(self, *args, **kwargs):
            original(self, *args, **kwargs)
            die()  # siege.json is half in the temporary file; the map is not there yet
        zipfile.ZipFile.writestr = writestr
    elif where == "before-rename":
        original_replace = os.replace
        calls = []
        def replace(source, target):
            calls.append(target)
            if len(calls) == 2:
                die()  # the backup is in place, the new file is whole but not renamed yet
            return original_replace(source, target)
        os.replace = replace
    write_siege(path, big)
    print("the child was not killed")
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
@pytest.mark.parametrize("where", ["zip-write", "before-rename"])
def test_a_save_killed_halfway_leaves_the_old_siege_whole(tmp_path, where):
    path, old_bytes, old = saved(tmp_path, name="Old and small")
    write_siege(path, sample_file(name="Older"))
    write_siege(path, old)
    old_backup = backup_path(path).read_bytes()
    child = subprocess.run([sys.executable, "-c", CHILD, str(path), where, str(ROOT)],
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stdout + child.stderr
    assert path.read_bytes() == old_bytes
    assert read_siege(path) == old
    if where == "before-rename":
        assert backup_path(path).read_bytes() == old_bytes
    else:
        assert backup_path(path).read_bytes() == old_backup
    litter = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert all(name.startswith(".castle.siege.") for name in litter), "litter is hidden"


def test_a_save_removes_the_temporary_files_a_crashed_save_left(tmp_path):
    from siegeboard.persist import hold_lock

    path, _, _ = saved(tmp_path)
    litter = [tmp_path / ".castle.siege.0badf00d.tmp", tmp_path / ".castle.siege.12345678.bak.tmp"]
    other = tmp_path / ".other.siege.0badf00d.tmp"
    for each in (*litter, other):
        each.write_bytes(b"half a file")
    write_siege(path, sample_file(name="Unlocked"))  # without the lock, only old litter goes
    assert all(each.exists() for each in litter)
    with hold_lock(path):
        write_siege(path, sample_file(name="Second"))
    assert not any(each.exists() for each in litter)
    assert other.exists(), "another file's temporary files are not ours to remove"
    old = tmp_path / ".castle.siege.feedface.tmp"
    old.write_bytes(b"an hour old")
    os.utime(old, (1, 1))
    write_siege(path, sample_file(name="Third"))
    assert not old.exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only a superuser may give a file to another owner")
def test_a_save_keeps_the_old_files_owner_where_the_system_allows(tmp_path):
    path, _, _ = saved(tmp_path)
    os.chown(path, 4321, 4322)
    write_siege(path, sample_file(name="Second"))
    assert (path.stat().st_uid, path.stat().st_gid) == (4321, 4322)
