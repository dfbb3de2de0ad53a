"""One siegeboard process per user: a second ``siegeboard FILE`` hands FILE to the first.

The first process listens on a local socket (``QLocalServer``) named after the user's
autosave folder, the thing one process may own (persist/autosave.py). A later process with
a file connects (``QLocalSocket``), sends the file's absolute path as one UTF-8 line (an empty
line for a plain ``siegeboard``), waits for ``opened``, and exits 0; the first opens the file
(or a copy of the sample) in a new window of its own, so that one process alone owns the
autosave folder. A socket
left behind by a crashed process is noticed (nobody answers) and taken over.
"""

from __future__ import annotations

import getpass
import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from siegeboard.persist import autosave

ACK = b"opened\n"
# The longest path a client sends; anything longer is not a path from `siegeboard FILE`.
MAX_LINE = 64 * 1024


def instance_name() -> str:
    """The socket's name for this user and autosave folder (tests get a folder of their own,
    and so a server of their own)."""
    folder = os.path.abspath(autosave.default_folder())
    digest = hashlib.sha256(folder.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    user = "".join(c for c in getpass.getuser() if c.isalnum())[:16] or "user"
    return f"siegeboard-{user}-{digest}"


def hand_over(path: Path | None, name: str | None = None, timeout_ms: int = 3000) -> bool:
    """Send ``path`` (None: a new siege from the sample) to a running siegeboard; True once it
    says it opened it. False when none runs (or it does not answer in ``timeout_ms``): then
    this process opens the file itself."""
    socket = QLocalSocket()
    socket.connectToServer(name or instance_name())
    if not socket.waitForConnected(timeout_ms):
        return False
    line = b"" if path is None else str(Path(path).resolve()).encode("utf-8", "surrogateescape")
    socket.write(line + b"\n")
    socket.flush()
    answer = b""
    while ACK not in answer and socket.waitForReadyRead(timeout_ms):
        answer += bytes(socket.readAll())
    answer += bytes(socket.readAll())  # what came with the server's hang-up
    socket.abort()
    return ACK in answer


class InstanceServer(QObject):
    """Listens for later ``siegeboard [FILE]`` processes: ``file_received(path)`` for each
    (``None`` for a plain ``siegeboard``).

    ``listen()`` is False when another live process already listens under the name. (Two
    processes started in the same instant may both listen; the later one then gets the later
    files. Nothing is lost: each window keeps its own autosave.)
    """

    file_received = Signal(object)  # Path | None

    def __init__(self, name: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name or instance_name()
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)

    def listen(self) -> bool:
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
            socket.disconnected.connect(socket.deleteLater)

    def _read(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            if socket.bytesAvailable() > MAX_LINE:
                socket.abort()
            return
        line = bytes(socket.readLine()).rstrip(b"\n")
        socket.write(ACK)
        socket.flush()
        socket.disconnectFromServer()
        self.file_received.emit(Path(line.decode("utf-8", "surrogateescape")) if line else None)
