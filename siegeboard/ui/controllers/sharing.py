"""Sharing with the players' own devices, for the window's life (View > Share with
Players...).

``ShareController`` owns the server (``siegeboard.share.ShareServer``): off until the GM
starts it, stopped when the GM stops sharing or closes the window. While it runs, every
change of the document reaches the pages (published from a single-shot timer once the
change's frame is drawn), and so do the GM's "show them this" and a blanked players' view
(``PlayersScreenController`` tells it). The dialog is ``dialogs.share_dialog``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, QSettings, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from siegeboard.share.server import ShareServer
from siegeboard.share.side_state import Audience, Shown
from siegeboard.ui.dialogs.share_dialog import ShareDialog
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr

HOST_KEY = "share/host"
PORT_KEY = "share/port"
DEFAULT_PORT = 8765
PUBLISH_DELAY_MS = 30  # after the change's own frame: the pages wait, the GM's board does not


class ShareController:
    """Sharing ``document``'s siege: the action, the server, the dialog (a child of
    ``parent``, which owns the action); ``settings`` remembers the address and port."""

    def __init__(self, document: Document, settings: QSettings, parent: QWidget):
        self.document = document
        self.parent = parent
        self.settings = settings
        self.server: ShareServer | None = None
        self.shown: Shown | None = None
        self.blank = False
        self.dialog: ShareDialog | None = None
        self.listeners: list[Callable[[], None]] = []  # told when sharing starts or stops
        self.action = QAction(tr("Share with &Players..."), parent)
        self.action.setStatusTip(tr("Serve the players' view to their own phones and tablets on "
                                 "the local network: a link for each side"))
        self.action.triggered.connect(self.show_dialog)
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PUBLISH_DELAY_MS)
        self._timer.timeout.connect(self.publish)
        document.changed.connect(self._document_changed)

    @property
    def sharing(self) -> bool:
        return self.server is not None and self.server.running

    def host(self) -> str:
        return str(self.settings.value(HOST_KEY, "") or "")

    def port(self) -> int:
        try:
            return int(str(self.settings.value(PORT_KEY, DEFAULT_PORT)))
        except (TypeError, ValueError):
            return DEFAULT_PORT

    def show_dialog(self) -> ShareDialog:
        if self.dialog is None:
            self.dialog = ShareDialog(self, self.parent)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def start(self, host: str, port: int) -> None:
        """Serve on ``host``:``port`` (remembered for next time). Raises ``OSError`` when
        the address cannot be had."""
        self.stop()
        server = ShareServer(host, port)
        server.start()
        self.server = server
        self.settings.setValue(HOST_KEY, host)
        self.settings.setValue(PORT_KEY, port)
        self.publish()
        for listener in self.listeners:
            listener()

    def stop(self) -> None:
        """Stop sharing: the pages end, the links die (a new start makes new ones)."""
        self._timer.stop()
        if self.server is not None:
            self.server.close()
            self.server = None
            for listener in self.listeners:
                listener()

    def revoke(self, audience: Audience) -> None:
        """A new link for ``audience``; the old one's pages end."""
        if self.server is not None:
            self.server.revoke(audience)

    def show_them(self, rect: QRectF | None) -> None:
        """The GM's "show them this": ``rect`` (metres) or None (back to their own view)."""
        self.shown = None if rect is None or rect.isEmpty() else Shown(
            rect.x(), rect.y(), rect.width(), rect.height())
        if self.sharing:
            self.publish()

    def set_blank(self, blank: bool) -> None:
        """The GM blanked the players' view (for a reveal) or showed it again."""
        self.blank = blank
        if self.sharing:
            self.publish()

    def publish(self) -> None:
        if self.server is None:
            return
        document = self.document
        self.server.publish(document.siege, document.map_image(), self.shown, blank=self.blank)

    def _document_changed(self, change: object) -> None:
        if self.sharing:
            self._timer.start()
