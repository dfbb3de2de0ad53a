"""Two writers never lose a shot: the sidecar lock, stale locks, and the changed-on-disk check
before every rename."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
from datetime import UTC
from importlib import resources
from pathlib import Path

import pytest

from siegeboard.cli import main
from siegeboard.persist import (
    SiegeFileChanged,
    SiegeFileLocked,
    SiegeFileReadOnly,
    hold_lock,
    lock,
    read_siege,
    write_siege,
)
from siegeboard.persist.lock import holds_lock, lock_path

from .builders import sample_file

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples",
                                                                   "castle.siege")))  # package data
# Each worker fires this many shots while the other does: 20 each makes dozens of contended
# saves; SIEGEBOARD_RACE_ROUNDS asks for a longer race.
ROUNDS = int(os.environ.get("SIEGEBOARD_RACE_ROUNDS", "20"))
FIRE = ["--weapon", "he_shell", "--range", "300", "--at", "83,32"]


@pytest.fixture
def castle(tmp_path) -> Path:
    copy = tmp_path / "castle.siege"
    shutil.copyfile(SAMPLE, copy)
    return copy


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_the_lock_is_a_sidecar_holding_pid_and_host_and_is_removed_after(tmp_path):
    path = tmp_path / "castle.siege"
    assert lock_path(path) == tmp_path / ".castle.siege.lock"
    with hold_lock(path):
        record = json.loads(lock_path(path).read_text())
        assert record["pid"] == os.getpid() and record["host"] == socket.gethostname()
        assert holds_lock(path)
        with hold_lock(path, wait=0):  # re-entrant in one process
            assert holds_lock(path)
        assert holds_lock(path)
    assert not holds_lock(path)
    assert not lock_path(path).exists()


def test_a_live_holder_is_waited_for_then_named(tmp_path):
    path = tmp_path / "castle.siege"
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from siegeboard.persist import hold_lock
            with hold_lock({str(path)!r}):
                print("held", flush=True)
                sys.stdin.read()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(SiegeFileLocked) as refused, hold_lock(path, wait=0.2):
            pass
        assert f"process {holder.pid} on {socket.gethostname()}" in str(refused.value)
        assert "try again" in str(refused.value)
    finally:
        holder.communicate("")
    with hold_lock(path, wait=0.2):  # released with its holder
        pass


def test_a_lock_file_naming_a_live_process_is_respected(tmp_path):
    """Even without the OS lock (a lock written on another kind of file system)."""
    path = tmp_path / "castle.siege"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock_path(path).write_text(json.dumps({"pid": sleeper.pid, "host": socket.gethostname(),
                                               "since": _now()}))
        with (pytest.raises(SiegeFileLocked, match=f"process {sleeper.pid}"),
              hold_lock(path, wait=0.1)):
            pass
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path, castle):
    lock_path(castle).write_text(json.dumps({"pid": dead_pid(), "host": socket.gethostname(),
                                             "since": "2026-12-01T08:00:00+00:00"}))
    assert main(["fire", str(castle), *FIRE]) == 0
    assert len(read_siege(castle).siege.log) == 1
    assert not lock_path(castle).exists()
    lock_path(castle).write_text("not json at all")  # a damaged lock is no holder either
    assert main(["fire", str(castle), *FIRE]) == 0


def test_the_command_line_names_the_holder(tmp_path, castle, capsys, monkeypatch):
    monkeypatch.setattr(lock, "DEFAULT_WAIT", 0.1)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    before = castle.read_bytes()
    try:
        lock_path(castle).write_text(json.dumps({"pid": sleeper.pid, "host": socket.gethostname(),
                                                 "since": _now()}))
        assert main(["fire", str(castle), *FIRE]) == 1
    finally:
        sleeper.kill()
        sleeper.wait()
    err = capsys.readouterr().err
    assert f"castle.siege is being changed by process {sleeper.pid}" in err
    assert castle.read_bytes() == before


def test_a_save_over_a_file_changed_since_it_was_read_is_refused(tmp_path):
    path = tmp_path / "castle.siege"
    write_siege(path, sample_file(name="First"))
    mine = read_siege(path)
    theirs = read_siege(path)
    theirs.siege.name = "Theirs"
    their_stamp = write_siege(path, theirs)
    on_disk = path.read_bytes()
    mine.siege.name = "Mine"
    with pytest.raises(SiegeFileChanged) as refused:
        write_siege(path, mine)
    assert refused.value.read == mine.stamp and refused.value.now.same_version(their_stamp)
    assert "changed since it was read" in str(refused.value)
    assert path.read_bytes() == on_disk
    assert sorted(p.name for p in tmp_path.iterdir()) == ["castle.siege", "castle.siege.bak"]
    # The version just written is the one a next save checks against.
    theirs.stamp = their_stamp
    theirs.siege.name = "Theirs again"
    write_siege(path, theirs)
    assert read_siege(path).siege.name == "Theirs again"


def test_a_same_size_same_time_change_is_caught_by_the_hash(tmp_path):
    path = tmp_path / "castle.siege"
    write_siege(path, sample_file(name="Aaaa"))
    mine = read_siege(path)
    status = path.stat()
    data = bytearray(path.read_bytes())
    data[40] ^= 1
    path.write_bytes(bytes(data))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    with pytest.raises(SiegeFileChanged):
        write_siege(path, mine)


def test_a_save_over_a_removed_file_is_refused_and_save_as_is_not_checked(tmp_path):
    path = tmp_path / "castle.siege"
    write_siege(path, sample_file())
    mine = read_siege(path)
    path.unlink()
    with pytest.raises(SiegeFileChanged, match="was removed") as refused:
        write_siege(path, mine)
    assert refused.value.now is None
    write_siege(tmp_path / "elsewhere.siege", mine)  # another file: nothing to compare


def test_the_command_line_refuses_a_changed_file(castle, capsys, monkeypatch):
    from siegeboard.cli import play as cli

    real_read = cli.read_siege

    def read_then_someone_saves(path):
        opened = real_read(path)
        other = real_read(path)
        other.siege.name = "Saved meanwhile"
        write_siege(path, other)
        return opened

    monkeypatch.setattr(cli, "read_siege", read_then_someone_saves)
    assert main(["fire", str(castle), *FIRE]) == 1
    assert capsys.readouterr().err.strip() == (
        f"siegeboard: {castle} changed since it was read: run the command again")
    assert read_siege(castle).siege.name == "Saved meanwhile"
    assert read_siege(castle).siege.log == []


def test_a_read_only_file_is_refused_unless_forced_and_keeps_its_mode(castle, capsys):
    castle.chmod(0o444)
    before = castle.read_bytes()
    with pytest.raises(SiegeFileReadOnly):
        write_siege(castle, read_siege(castle))
    assert main(["fire", str(castle), *FIRE]) == 1
    assert "read-only: nothing was saved (give --force" in capsys.readouterr().err
    assert castle.read_bytes() == before
    assert main(["fire", str(castle), *FIRE, "--force"]) == 0
    assert len(read_siege(castle).siege.log) == 1
    assert castle.stat().st_mode & 0o777 == 0o444


_WORKER = textwrap.dedent("""
    import json, sys
    from siegeboard.cli import main
    path, rounds = sys.argv[1], int(sys.argv[2])
    import contextlib, io
    results = []
    for _ in range(rounds):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(["fire", path] + sys.argv[3:])
        results.append([status, err.getvalue()])
    print(json.dumps(results))
""")


def race(path: Path, rounds: int) -> list[list]:
    workers = [subprocess.Popen([sys.executable, "-c", _WORKER, str(path), str(rounds),
                                 *FIRE], stdout=subprocess.PIPE, text=True, cwd=ROOT)
               for _ in range(2)]
    results = []
    for worker in workers:
        out, _ = worker.communicate(timeout=300)
        assert worker.returncode == 0
        results += json.loads(out)
    return results


def test_two_command_lines_firing_at_one_file_lose_no_shot(castle):
    results = race(castle, ROUNDS)
    succeeded = sum(1 for status, _ in results if status == 0)
    refused = [err for status, err in results if status != 0]
    assert all("is being changed by" in err or "changed since it was read" in err
               for err in refused), refused[:3]
    siege = read_siege(castle).siege
    print(f"\nrace figures: {len(results)} commands, {succeeded} saved, {len(refused)} refused, "
          f"{len(results) - len(refused) - len(siege.log)} lost")
    assert len(siege.log) == succeeded, "a shot was lost"
    assert [entry.seq for entry in siege.log] == list(range(1, succeeded + 1))
    assert succeeded >= ROUNDS  # the lock waits: at most a few are refused
    assert sorted(p.name for p in castle.parent.iterdir()) == ["castle.siege", "castle.siege.bak"]


def _now(seconds_ago: float = 0.0) -> str:
    from datetime import datetime, timedelta

    return (datetime.now(UTC) - timedelta(seconds=seconds_ago)).isoformat()


def test_a_lock_naming_a_reused_pid_is_taken_over_with_a_log_line(tmp_path, castle, caplog):
    """The process the lock names started after the lock was written: its number was reused
    by another program, which holds no siege."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock_path(castle).write_text(json.dumps({"pid": sleeper.pid, "host": socket.gethostname(),
                                                 "since": _now(seconds_ago=120)}))
        with caplog.at_level("WARNING", logger="siegeboard.persist.lock"):
            assert main(["fire", str(castle), *FIRE]) == 0
    finally:
        sleeper.kill()
        sleeper.wait()
    assert len(read_siege(castle).siege.log) == 1
    assert any(f"stale lock of process {sleeper.pid}" in record.getMessage()
               and "started after the lock was written" in record.getMessage()
               for record in caplog.records)


def test_a_lock_older_than_its_stated_age_is_taken_over(tmp_path, castle, caplog):
    """A live process that started long before (this test's parent) but a lock older than
    ``STALE_AFTER``: no save holds a lock that long."""
    lock_path(castle).write_text(json.dumps({
        "pid": os.getppid(), "host": socket.gethostname(),
        "since": _now(seconds_ago=lock.STALE_AFTER + 60)}))
    with caplog.at_level("WARNING", logger="siegeboard.persist.lock"), hold_lock(castle, wait=0.1):
        pass
    assert any("more than the 600 s" in record.getMessage() for record in caplog.records)


def test_a_young_lock_of_a_live_older_process_is_still_respected(tmp_path, castle):
    lock_path(castle).write_text(json.dumps({"pid": os.getppid(), "host": socket.gethostname(),
                                             "since": _now(seconds_ago=5)}))
    with pytest.raises(SiegeFileLocked), hold_lock(castle, wait=0.05):
        pass


def test_a_full_disk_when_writing_the_lock_is_one_line_and_leaves_no_lock(
        tmp_path, castle, capsys, monkeypatch):
    import errno

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(lock.os, "write", full)
    before = castle.read_bytes()
    assert main(["fire", str(castle), *FIRE]) == 1
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the disk is full" in err and "Traceback" not in err
    assert not lock_path(castle).exists()
    assert castle.read_bytes() == before
    assert sorted(p.name for p in castle.parent.iterdir()) == ["castle.siege"]


def test_taking_the_lock_clears_what_a_killed_save_left(tmp_path, castle):
    litter = [castle.with_name(f".{castle.name}.0badf00d.tmp"),
              castle.with_name(f".{castle.name}.feedbeef.bak.tmp")]
    for path in litter:
        path.write_bytes(b"half a siege")
    with hold_lock(castle):
        assert not any(path.exists() for path in litter)
