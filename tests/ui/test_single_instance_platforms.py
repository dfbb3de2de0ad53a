"""The single instance's name on Windows and macOS (issue 37, item 4), run here with the
platform's branch chosen: on Windows a pipe name keyed by user, autosave folder, display and
session, opened with Qt's per-user access option; on macOS a socket in a private folder of the
user's own temporary folder, its path within the 104 bytes macOS allows."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalServer

from siegeboard.ui import single_instance
from siegeboard.ui.single_instance import InstanceServer, instance_name

MAC_SUN_PATH = 104  # sockaddr_un.sun_path on macOS, the terminating NUL included


def test_on_windows_the_name_is_a_pipe_of_this_user_and_session(monkeypatch):
    monkeypatch.setattr(single_instance, "on_windows", lambda: True)
    monkeypatch.setattr(single_instance.getpass, "getuser", lambda: "Anna O'Brien")
    monkeypatch.setenv("SESSIONNAME", "Console")
    name = instance_name()
    assert name is not None and name.startswith("siegeboard-AnnaOBrien-")
    assert "/" not in name and "\\" not in name  # a pipe name, not a path
    monkeypatch.setenv("SESSIONNAME", "RDP-Tcp#3")  # the same user over Remote Desktop
    assert instance_name() != name
    monkeypatch.setenv("SESSIONNAME", "Console")
    monkeypatch.setattr(single_instance.getpass, "getuser", lambda: "Bert")
    assert instance_name() != name
    assert single_instance.private_folder() is None  # no socket file on Windows


def test_the_server_asks_qt_for_a_socket_only_its_user_may_open(qtbot):
    server = InstanceServer("siegeboard-test-options")
    assert server._server.socketOptions() == QLocalServer.SocketOption.UserAccessOption


@pytest.fixture
def short_folder():
    """A folder of a short path: pytest's own are too long for a socket beneath them."""
    folder = Path(tempfile.mkdtemp(prefix="sb"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_on_macos_the_socket_is_in_the_users_own_temporary_folder(monkeypatch, short_folder,
                                                                   qtbot):
    # What macOS gives as $TMPDIR: a per-user folder, /var/folders/xx/<random>/T/.
    user_tmp = short_folder / "T"
    user_tmp.mkdir(mode=0o700)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr(single_instance.tempfile, "gettempdir", lambda: str(user_tmp))
    name = instance_name()
    assert name is not None
    folder = Path(name).parent
    assert folder == user_tmp / f"siegeboard-{os.getuid()}"
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    # The path macOS's own $TMPDIR gives (49 bytes) plus ours fits its socket paths.
    ours = len(os.fsencode(name)) - len(os.fsencode(str(user_tmp)))
    assert 49 + ours < MAC_SUN_PATH
    server = InstanceServer(name)
    try:
        assert server.listen()
    finally:
        server.close()
