"""The Share with Players dialog (View > Share with Players...): where the GM chooses the
address (the LAN address by default; every interface only when chosen, and said so) and
port, starts and stops sharing, sees the three links as QR codes and text, copies them, and
revokes any one. The server itself is ``controllers.sharing.ShareController``'s.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import segno
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QPixmap, QShowEvent
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.share.network import EVERY_INTERFACE, LOOPBACK, describe_host, lan_address
from siegeboard.share.side_state import AUDIENCE_TITLES, AUDIENCES, Audience
from siegeboard.ui.language import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from siegeboard.share.server import ShareServer


class ShareHost(Protocol):
    """What the dialog asks of the sharing it shows (``controllers.sharing.ShareController``
    is one; naming it here would make the two modules import each other)."""

    server: ShareServer | None
    listeners: list[Callable[[], None]]

    @property
    def sharing(self) -> bool: ...

    def host(self) -> str: ...

    def port(self) -> int: ...

    def start(self, host: str, port: int) -> None: ...

    def stop(self) -> None: ...

    def revoke(self, audience: Audience) -> None: ...

QR_SCALE = 4
AUDIENCE_HELP: dict[Audience, str] = {
    "besieger": QT_TR_NOOP("what the besiegers know: their own batteries, the walls they see"),
    "defender": QT_TR_NOOP("what the defenders know: who is inside their walls, their own guns"),
    "either": QT_TR_NOOP("what the siege's players' side knows (Siege Settings)"),
}


def host_choices() -> list[tuple[str, str]]:
    """(address, words) the GM may serve on: the LAN address first, then this computer's
    other IPv4 addresses, this computer only, and every interface last, said as such."""
    lan = lan_address()
    hosts: list[str] = [lan] if lan else []
    for address in QNetworkInterface.allAddresses():
        if address.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
            continue
        if address.isLoopback() or address == QHostAddress(QHostAddress.SpecialAddress.Any):
            continue
        text = address.toString()
        if text not in hosts:
            hosts.append(text)
    choices = [(host, f"{host}: {describe_host(host)}"
                + (tr(" (recommended)") if host == lan else "")) for host in hosts]
    choices.append((LOOPBACK, f"{LOOPBACK}: {describe_host(LOOPBACK)}"))
    choices.append((EVERY_INTERFACE, tr("All interfaces: {EVERY_INTERFACE}").format(
            EVERY_INTERFACE=describe_host(EVERY_INTERFACE))))
    return choices


def qr_pixmap(text: str) -> QPixmap:
    """``text`` as a QR code (segno), black on white with its quiet zone."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=QR_SCALE, border=4)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue())  # a PNG: Qt reads its signature
    return pixmap


class ShareDialog(QDialog):
    """Start or stop sharing, and hand out the links."""

    def __init__(self, controller: ShareHost, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ShareDialog")
        self.setWindowTitle(tr("Share with Players"))
        self.controller = controller
        layout = QVBoxLayout(self)
        intro = QLabel(tr("The players open their side's link on a phone, tablet or laptop on "
                       "this network and watch the siege live, seeing only what their side "
                       "knows. Nothing they do can change the siege."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        where = QHBoxLayout()
        where.addWidget(QLabel(tr("Serve on:")))
        self.host_box = QComboBox()
        self.host_box.setObjectName("share_host")
        for host, words in host_choices():
            self.host_box.addItem(words, host)
        remembered = self.host_box.findData(controller.host())
        self.host_box.setCurrentIndex(max(0, remembered))
        where.addWidget(self.host_box, 1)
        where.addWidget(QLabel(tr("Port:")))
        self.port_box = QSpinBox()
        self.port_box.setObjectName("share_port")
        self.port_box.setRange(0, 65535)
        self.port_box.setSpecialValueText(tr("any free"))
        self.port_box.setValue(controller.port())
        where.addWidget(self.port_box)
        self.start_button = QPushButton()
        self.start_button.setObjectName("share_start")
        self.start_button.clicked.connect(self.toggle)
        where.addWidget(self.start_button)
        layout.addLayout(where)
        self.status = QLabel()
        self.status.setObjectName("share_status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.status)
        links = QHBoxLayout()
        self.rows: dict[Audience, LinkBox] = {}
        for audience in AUDIENCES:
            box = LinkBox(audience, self)
            self.rows[audience] = box
            links.addWidget(box)
        layout.addLayout(links)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        note = QLabel(tr("Closing this dialog keeps sharing; closing the window stops it."))
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self._counts = QTimer(self)
        self._counts.setInterval(1000)
        self._counts.timeout.connect(self.refresh_counts)
        self._counts.start()
        controller.listeners.append(self.refresh)
        self.refresh()

    def toggle(self) -> None:
        if self.controller.sharing:
            self.controller.stop()
            return
        host = str(self.host_box.currentData())
        port = self.port_box.value()
        try:
            self.controller.start(host, port)
        except OSError as error:
            reason = error.strerror or str(error)
            self.status.setText(tr("Sharing could not start on {host}:{port}: {reason}. "
                                "Choose another port or address.").format(
                                        host=host, port=port, reason=reason))

    def link_host(self) -> str:
        """The address the links name: the one served, or, serving on every interface, the
        LAN address (a page cannot open 0.0.0.0)."""
        server = self.controller.server
        host = server.host if server is not None else LOOPBACK
        if host == EVERY_INTERFACE:
            return lan_address() or LOOPBACK
        return host

    def refresh(self) -> None:
        server = self.controller.server
        sharing = self.controller.sharing
        self.start_button.setText(tr("Stop Sharing") if sharing else tr("Start Sharing"))
        self.host_box.setEnabled(not sharing)
        self.port_box.setEnabled(not sharing)
        if sharing and server is not None:
            host = self.link_host()
            self.status.setText(tr("Sharing on {host}:{port}: "
                                "{host2}. The links work until you stop "
                                "sharing or close the window.").format(
                                        host=server.host, port=server.port,
                                                host2=describe_host(server.host)))
            for audience, row in self.rows.items():
                row.show_link(server.link(audience, host))
        else:
            self.status.setText(tr("Not sharing. The links appear here once sharing starts; "
                                "each start makes new ones."))
            for row in self.rows.values():
                row.show_link(None)
        self.refresh_counts()

    def refresh_counts(self) -> None:
        server = self.controller.server
        counts = server.open_pages() if server is not None and self.controller.sharing else {}
        for audience, row in self.rows.items():
            row.show_count(counts.get(audience))

    def revoke(self, audience: Audience) -> None:
        self.controller.revoke(audience)
        self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        self._counts.stop()
        super().closeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        self._counts.start()
        self.refresh()
        super().showEvent(event)


class LinkBox(QGroupBox):
    """One audience's link: its QR code, the address to copy, and Revoke."""

    def __init__(self, audience: Audience, dialog: ShareDialog):
        super().__init__(AUDIENCE_TITLES[audience])
        self.setObjectName(f"share_{audience}")
        self.audience = audience
        grid = QGridLayout(self)
        about = QLabel(tr(AUDIENCE_HELP[audience]))
        about.setWordWrap(True)
        grid.addWidget(about, 0, 0, 1, 2)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setMinimumSize(180, 180)
        grid.addWidget(self.qr, 1, 0, 1, 2)
        self.text = QLineEdit()
        self.text.setReadOnly(True)
        self.text.setObjectName(f"share_link_{audience}")
        grid.addWidget(self.text, 2, 0, 1, 2)
        self.copy_button = QPushButton(tr("Copy Link"))
        self.copy_button.clicked.connect(self.copy)
        grid.addWidget(self.copy_button, 3, 0)
        self.revoke_button = QPushButton(tr("Revoke (New Link)"))
        self.revoke_button.setToolTip(tr("End this link: its open pages close, and a new link "
                                      "replaces it"))
        self.revoke_button.clicked.connect(lambda: dialog.revoke(audience))
        grid.addWidget(self.revoke_button, 3, 1)
        self.count = QLabel()
        grid.addWidget(self.count, 4, 0, 1, 2)

    def show_link(self, link: str | None) -> None:
        self.text.setText(link or "")
        self.text.setCursorPosition(0)  # the address from its start: http://host:port/...
        self.copy_button.setEnabled(link is not None)
        self.revoke_button.setEnabled(link is not None)
        if link is None:
            self.qr.clear()
            self.qr.setText(tr("(not shared)"))
        else:
            self.qr.setPixmap(qr_pixmap(link))

    def show_count(self, count: int | None) -> None:
        self.count.setText("" if count is None else
                           tr("%n page open", "", count) if count == 1 else
                           tr("%n pages open", "", count))

    def copy(self) -> None:
        if self.text.text():
            QGuiApplication.clipboard().setText(self.text.text())
            self.count.setText(tr("Link copied."))
