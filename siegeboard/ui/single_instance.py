"""One siegeboard process per user and display: a second ``siegeboard FILE`` hands FILE to the
first.

Where: on POSIX the first process listens on a socket file in a folder only this user can
enter: ``$XDG_RUNTIME_DIR/siegeboard`` (the user's runtime folder), else
``<temp>/siegeboard-<uid>``, created with mode 0700 and used only when it is a real folder
(no link) owned by this user with no access for anyone else. Another user can neither take
the name over nor connect; where no such folder can be had, no file is handed over and each
process opens its own window. On Windows the name is a pipe opened with Qt's per-user access
option (``UserAccessOption``: the pipe's security lets only this user in) and named by the
user. On macOS the folder is in the user's own temporary folder (``$TMPDIR``, already
private), the name short enough for its 104-byte socket paths. The name is keyed by the
autosave folder (so by the user, and a test's own folder) and by the display
(``WAYLAND_DISPLAY``, ``DISPLAY``): a window on another display or login is never handed this
one's files.

How: a later process connects (``QLocalSocket``) and sends the file's absolute path as one
UTF-8 line (an empty line for a plain ``siegeboard``). The first answers ``offer``; the later
one, if it is still waiting, answers ``go`` and then exits 0 once told ``opened``. The first
opens a file only on ``go``: a first instance that hung past the later one's timeout
(``HAND_OVER_MS``) finds, when it resumes, a request nobody waits for any more and opens
nothing, while the later process, having had no ``offer`` in time, has opened its own
window. A socket left behind by a crashed process is noticed (nobody answers) and taken over.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import stat
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from siegeboard.persist import autosave

OFFER = b"offer\n"
GO = b"go\n"
ACK = b"opened\n"
# The longest path a client sends; anything longer is not a path from `siegeboard FILE`.
MAX_LINE = 64 * 1024
HAND_OVER_MS = 1500  # a first instance silent this long is hung: open a window of our own


def private_folder() -> Path | None:
    """This user's folder for the socket (see the module), or None where there is none safe."""
    if on_windows():  # a pipe name, not a file
        return None
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    bases = [Path(runtime)] if runtime and _only_mine(Path(runtime)) else []
    for folder in [*(base / "siegeboard" for base in bases),
                   Path(tempfile.gettempdir()) / f"siegeboard-{os.getuid()}"]:
        try:
            folder.mkdir(mode=0o700, exist_ok=True)
        except OSError:
            continue
        if _only_mine(folder):
            return folder
    return None


def _only_mine(folder: Path) -> bool:
    try:
        status = os.lstat(folder)
    except OSError:
        return False
    return (stat.S_ISDIR(status.st_mode) and status.st_uid == os.getuid()
            and not status.st_mode & 0o077)


def on_windows() -> bool:
    """Whether the name is a Windows pipe (else a socket file in the private folder)."""
    return os.name == "nt"


def display_key() -> str:
    """Which display (and so which login) a window would show on: the Wayland or X display,
    and Windows' session (a second login of the same user on one machine, over Remote
    Desktop, has its own)."""
    return "|".join(os.environ.get(name, "") for name in ("WAYLAND_DISPLAY", "DISPLAY",
                                                             "SESSIONNAME"))


def instance_name() -> str | None:
    """The socket's name for this user, autosave folder and display; None where no folder
    only this user can enter exists (then nothing is handed over)."""
    folder = os.path.abspath(autosave.default_folder())
    key = f"{folder}\0{display_key()}".encode("utf-8", "surrogatepass")
    digest = hashlib.sha256(key).hexdigest()[:16]
    if on_windows():
        user = "".join(c for c in getpass.getuser() if c.isalnum())[:16] or "user"
        return f"siegeboard-{user}-{digest}"
    private = private_folder()
    return None if private is None else str(private / f"instance-{digest}")


def hand_over(path: Path | None, name: str | None = None,
              timeout_ms: int = HAND_OVER_MS) -> bool:
    """Send ``path`` (None: a new siege from the sample) to a running siegeboard; True once it
    says it opened it. False when none runs, or it does not answer within ``timeout_ms``
    (hung): then this process opens the file itself, and the other never will."""
    name = name or instance_name()
    if name is None:
        return False
    deadline = time.monotonic() + timeout_ms / 1000

    def left() -> int:
        return max(0, int((deadline - time.monotonic()) * 1000))

    socket = QLocalSocket()
    socket.connectToServer(name)
    try:
        if not socket.waitForConnected(left()):
            return False
        line = b"" if path is None else str(Path(path).resolve()).encode("utf-8",
                                                                         "surrogateescape")
        socket.write(line + b"\n")
        socket.flush()
        answer = b""
        while OFFER not in answer and left() and socket.waitForReadyRead(left()):
            answer += bytes(socket.readAll().data())
        if OFFER not in answer:
            return False  # hung or gone: it will find nobody waiting, and open nothing
        socket.write(GO)
        socket.flush()
        socket.waitForBytesWritten(1000)
        # From here the first instance owns the file: it was alive a moment ago and was told
        # to go on. Wait a little for its word, for the tests' sake; it opens the file anyway.
        answer = answer.split(OFFER, 1)[1]
        end = time.monotonic() + 5
        while ACK not in answer and time.monotonic() < end and \
                socket.state() == QLocalSocket.LocalSocketState.ConnectedState and \
                socket.waitForReadyRead(int((end - time.monotonic()) * 1000)):
            answer += bytes(socket.readAll().data())
        return True
    finally:
        socket.abort()


class InstanceServer(QObject):
    """Listens for later ``siegeboard [FILE]`` processes: ``file_received(path)`` for each
    (``None`` for a plain ``siegeboard``).

    ``listen()`` is False when another live process already listens under the name, or there
    is no name (no private folder). (Two processes started in the same instant may both
    listen; the later one then gets the later files. Nothing is lost: each window keeps its
    own autosave.)
    """

    file_received = Signal(object)  # Path | None

    def __init__(self, name: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name or instance_name()
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)
        self._asked: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        if self.name is None:
            return False
        # Ask first: with socket options set, Qt's listen() renames its socket over any
        # existing one, and would silently cut off a live siegeboard.
        probe = QLocalSocket()
        probe.connectToServer(self.name)
        if probe.waitForConnected(500):  # a live siegeboard: leave it be
            probe.disconnectFromServer()
            return False
        QLocalServer.removeServer(self.name)  # nobody answers: left by a crash, if anything
        return self._server.listen(self.name)

    def close(self) -> None:
        self._server.close()

    def _accept(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            socket.setParent(self)
            socket.readyRead.connect(lambda socket=socket: self._read(socket))
            socket.disconnected.connect(lambda socket=socket: self._gone(socket))

    def _gone(self, socket: QLocalSocket) -> None:
        self._asked.pop(socket, None)
        socket.deleteLater()

    def _read(self, socket: QLocalSocket) -> None:
        if socket not in self._asked:
            if not socket.canReadLine():
                if socket.bytesAvailable() > MAX_LINE:
                    socket.abort()
                return
            self._asked[socket] = bytes(socket.readLine().data()).rstrip(b"\n")
            if socket.state() != QLocalSocket.LocalSocketState.ConnectedState:
                self._asked.pop(socket, None)
                return  # asked, then gave up waiting (this process was hung): open nothing
            socket.write(OFFER)
            socket.flush()
            if not socket.canReadLine():
                return
        if not socket.canReadLine():
            return
        if bytes(socket.readLine().data()) != GO:
            socket.abort()
            return
        line = self._asked.pop(socket)
        socket.write(ACK)
        socket.flush()
        socket.disconnectFromServer()
        self.file_received.emit(Path(line.decode("utf-8", "surrogateescape")) if line else None)
