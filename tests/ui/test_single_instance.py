"""A second `siegeboard FILE` while siegeboard runs: the file opens in a new window of the
first process. The first instance is this test process (its server, or app.run with its
window); the second is a client call, made from a child process as a second `siegeboard`
would be (a client blocks on its socket, which a server in the same thread could not answer).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalServer
from PySide6.QtWidgets import QApplication
from ui_helpers import small_siege

from siegeboard import cli
from siegeboard.ui import app
from siegeboard.ui.single_instance import InstanceServer, hand_over, instance_name


@pytest.fixture
def name(tmp_path) -> str:
    return f"siegeboard-test-{os.getpid()}-{abs(hash(str(tmp_path))) % 10**8}"


CLIENT = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from siegeboard.ui.single_instance import hand_over
app = QCoreApplication([])
path = Path(sys.argv[2]) if len(sys.argv) > 2 else None
sys.exit(0 if hand_over(path, sys.argv[1] or None) else 1)
"""


def second_instance(name: str, path: Path | None = None) -> subprocess.Popen:
    """A second siegeboard handing ``path`` over: its exit status is 0 once the first
    instance said it opened it."""
    return subprocess.Popen([sys.executable, "-c", CLIENT, name or "",
                             *([str(path)] if path is not None else [])],
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))


def main_windows():
    return [w for w in QApplication.topLevelWidgets()
            if w.objectName() == "MainWindow" and w.isVisible()]


def test_a_client_hands_its_file_to_the_server(qtbot, name, tmp_path):
    server = InstanceServer(name)
    assert server.listen()
    received = []
    server.file_received.connect(received.append)
    client = second_instance(name, tmp_path / "b.siege")
    qtbot.waitUntil(lambda: client.poll() is not None, timeout=20000)
    server.close()
    assert received == [(tmp_path / "b.siege").resolve()]
    assert client.returncode == 0


def test_a_plain_siegeboard_asks_for_a_new_window(qtbot, name):
    server = InstanceServer(name)
    assert server.listen()
    received = []
    server.file_received.connect(received.append)
    client = second_instance(name)
    qtbot.waitUntil(lambda: client.poll() is not None, timeout=20000)
    server.close()
    assert received == [None] and client.returncode == 0


def test_with_no_siegeboard_running_nobody_takes_the_file(name, tmp_path):
    assert hand_over(tmp_path / "b.siege", name, timeout_ms=500) is False


def test_a_second_server_leaves_the_first_alone(qtbot, name):
    first = InstanceServer(name)
    assert first.listen()
    second = InstanceServer(name)
    assert second.listen() is False
    first.close()


def test_a_socket_left_by_a_crash_is_taken_over(qtbot, name):
    probe = QLocalServer()
    assert probe.listen(name)
    where = probe.fullServerName()
    probe.close()
    # a crashed process leaves its socket file and nobody behind it
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(where)
    stale.close()
    assert Path(where).exists()
    server = InstanceServer(name)
    assert server.listen()
    server.close()


def test_the_running_window_opens_the_second_file_in_a_new_window(qtbot, monkeypatch, tmp_path):
    first_file = small_siege(tmp_path / "first.siege")
    second_file = small_siege(tmp_path / "second.siege")
    seen = {}

    def event_loop():
        # While the first window runs: a second `siegeboard second.siege` hands its file over.
        client = second_instance(instance_name(), second_file)
        qtbot.waitUntil(lambda: len(main_windows()) == 2 and client.poll() is not None,
                        timeout=20000)
        seen["handed"] = client.returncode == 0
        first, second = sorted(main_windows(), key=lambda w: w.document.path.name)
        seen["paths"] = [first.document.path, second.document.path]
        seen["own autosave"] = first.autosave is not second.autosave
        seen["icon"] = not second.windowIcon().isNull()
        for window in (second, first):
            window.close()
            window.deleteLater()
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(event_loop))
    assert app.run(first_file) == 0
    assert seen == {"handed": True, "paths": [first_file, second_file], "own autosave": True,
                    "icon": True}
    # the first process no longer listens once its loop ends
    assert hand_over(second_file, timeout_ms=300) is False


SERVER = """
import sys
from PySide6.QtCore import QCoreApplication, QTimer
from siegeboard.ui.single_instance import InstanceServer
app = QCoreApplication([])
server = InstanceServer(sys.argv[1])
assert server.listen()
server.file_received.connect(lambda path: (print(path, flush=True), app.quit()))
print("listening", flush=True)
QTimer.singleShot(30000, app.quit)
app.exec()
"""


def test_siegeboard_FILE_hands_over_and_exits_0_without_a_window(qtbot, monkeypatch, tmp_path):
    first = subprocess.Popen([sys.executable, "-c", SERVER, instance_name()],
                             stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    try:
        assert first.stdout.readline().strip() == "listening"
        monkeypatch.setattr(QApplication, "exec", staticmethod(
            lambda: pytest.fail("the second siegeboard opened a window of its own")))
        path = small_siege(tmp_path / "handed.siege")
        assert cli.main([str(path)]) == 0
        assert first.stdout.readline().strip() == str(path.resolve())
    finally:
        first.kill()
        first.wait(10)


WATCHING_SERVER = """
import sys
from PySide6.QtCore import QCoreApplication, QTimer
from siegeboard.ui.single_instance import InstanceServer
app = QCoreApplication([])
server = InstanceServer(sys.argv[1])
assert server.listen()
server.file_received.connect(lambda path: print(path, flush=True))
print("listening", flush=True)
QTimer.singleShot(int(sys.argv[2]), app.quit)
app.exec()
print("done", flush=True)
"""


def test_a_hung_first_instance_is_passed_by_and_never_opens_the_file_later(tmp_path):
    """The first instance stops (SIGSTOP) as the second hands over: the second gives up
    within its timeout and opens its own window; the first, resumed, opens nothing."""
    import signal

    name = instance_name()
    first = subprocess.Popen([sys.executable, "-c", WATCHING_SERVER, name, "6000"],
                             stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    try:
        assert first.stdout.readline().strip() == "listening"
        os.kill(first.pid, signal.SIGSTOP)
        client = second_instance(name, tmp_path / "b.siege")
        assert client.wait(20) == 1  # not handed over: it opens its own window (20 s: a hang)
        os.kill(first.pid, signal.SIGCONT)
        assert first.stdout.readline().strip() == "done"  # nothing opened meanwhile
    finally:
        first.kill()
        first.wait(10)


def test_the_socket_lives_in_a_folder_only_this_user_can_enter(tmp_path, monkeypatch):
    import stat

    from siegeboard.ui import single_instance

    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    name = Path(instance_name())
    assert name.parent == runtime / "siegeboard"
    assert stat.S_IMODE(os.stat(name.parent).st_mode) == 0o700
    # a runtime folder others may enter is not used; nor a folder another user made
    runtime.chmod(0o755)
    assert Path(instance_name()).parent != runtime / "siegeboard"
    squatted = tmp_path / "tmp"
    (squatted / f"siegeboard-{os.getuid()}").mkdir(parents=True, mode=0o777)
    (squatted / f"siegeboard-{os.getuid()}").chmod(0o777)
    monkeypatch.setattr(single_instance.tempfile, "gettempdir", lambda: str(squatted))
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert instance_name() is None
    assert hand_over(tmp_path / "a.siege") is False
    assert InstanceServer().listen() is False


def test_another_display_is_another_instance(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":0")
    here = instance_name()
    monkeypatch.setenv("DISPLAY", ":1")
    assert instance_name() != here
