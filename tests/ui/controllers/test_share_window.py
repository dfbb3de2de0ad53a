"""View > Share with Players...: the dialog starts and stops the server, shows the three
links with their QR codes, revokes one, follows the GM's shots and "show them this", and
the window's closing ends the pages."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF

from siegeboard.model import FireAt
from siegeboard.persist.samples import write_sample
from siegeboard.share.side_state import AUDIENCES
from siegeboard.ui.controllers.sharing import HOST_KEY, PORT_KEY
from siegeboard.ui.dialogs.share_dialog import ShareDialog


def fetch(link: str, name: str = "state") -> dict:
    with urllib.request.urlopen(link + name, timeout=5) as response:
        return json.loads(response.read())


def start_sharing(qtbot: Any, window: Any, tmp_path: Path) -> ShareDialog:
    path = write_sample(tmp_path / "castle.siege", "harris")
    assert window.files.open_path(path, ask=False)
    assert "Share with &Players..." in [a.text() for a in window.menus.view_menu.actions()]
    window.sharing.action.trigger()
    dialog = window.sharing.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.host_box.itemData(dialog.host_box.count() - 1) == "0.0.0.0"
    assert "every network" in dialog.host_box.itemText(dialog.host_box.count() - 1)
    assert dialog.host_box.currentData() != "0.0.0.0"  # never all interfaces by default
    dialog.host_box.setCurrentIndex(dialog.host_box.findData("127.0.0.1"))
    dialog.port_box.setValue(0)
    dialog.start_button.click()
    assert window.sharing.sharing, dialog.status.text()
    return dialog


def test_share_start_links_shot_revoke_stop(qtbot: Any, window: Any, tmp_path: Path) -> None:
    dialog = start_sharing(qtbot, window, tmp_path)
    assert dialog.start_button.text() == "Stop Sharing"
    links = {audience: dialog.rows[audience].text.text() for audience in AUDIENCES}
    assert all(link.startswith("http://127.0.0.1:") for link in links.values())
    assert len(set(links.values())) == 3
    assert all(not dialog.rows[a].qr.pixmap().isNull() for a in AUDIENCES)
    assert window.settings.value(HOST_KEY) == "127.0.0.1"
    assert int(window.settings.value(PORT_KEY)) == 0
    window.sharing.server.wait_for_version(1)
    first = fetch(links["besieger"])
    assert first["title"] == window.document.siege.name and first["shown"] is None

    # A shot in the window reaches the pages.
    battery = window.document.siege.batteries["great-battery"]
    window.document.play(FireAt(weapon_id=battery.weapon_id, battery_id=battery.id,
                                at=(78.0, 78.0), target_id="gatehouse"))
    qtbot.waitUntil(lambda: fetch(links["defender"])["version"] > first["version"],
                    timeout=3000)
    assert "Gatehouse" in " ".join(fetch(links["defender"])["log"][-1]["lines"])

    # "Show them this" reaches them too, with the players' screen closed; following ends it.
    assert window.players_screen.show_box(QRectF(10, 20, 30, 40))
    qtbot.waitUntil(lambda: fetch(links["either"])["shown"] == [10, 20, 30, 40], timeout=3000)
    window.players_screen.follow_action.setChecked(True)
    qtbot.waitUntil(lambda: fetch(links["either"])["shown"] is None, timeout=3000)

    # Blanking the players' view (for a reveal) darkens the pages too, and showing it again
    # brings the map back.
    window.players_screen.blank_action.setChecked(True)
    qtbot.waitUntil(lambda: fetch(links["besieger"]).get("blank") is True, timeout=3000)
    assert "structures" not in fetch(links["defender"])
    window.players_screen.blank_action.setChecked(False)
    qtbot.waitUntil(lambda: "structures" in fetch(links["besieger"]), timeout=3000)

    # Revoke one link: a new one replaces it, the old one is refused.
    dialog.rows["defender"].revoke_button.click()
    new = dialog.rows["defender"].text.text()
    assert new != links["defender"] and fetch(new)["side"] == "defender"
    with pytest.raises(urllib.error.HTTPError) as refused:
        fetch(links["defender"])
    assert refused.value.code == 403
    assert fetch(links["besieger"])["side"] == "besieger"  # the others still work

    dialog.rows["besieger"].copy_button.click()
    from PySide6.QtGui import QGuiApplication
    assert QGuiApplication.clipboard().text() == links["besieger"]

    dialog.start_button.click()  # stop
    assert not window.sharing.sharing and dialog.start_button.text() == "Start Sharing"
    assert dialog.rows["besieger"].text.text() == ""
    with pytest.raises(urllib.error.URLError):
        fetch(links["besieger"])


def test_closing_the_window_stops_sharing(qtbot: Any, window: Any, tmp_path: Path) -> None:
    dialog = start_sharing(qtbot, window, tmp_path)
    link = dialog.rows["either"].text.text()
    window.sharing.server.wait_for_version(1)
    assert fetch(link)["version"] >= 1
    server = window.sharing.server
    window.document.undo_stack.setClean()
    window.close()
    assert not server.running
    with pytest.raises(urllib.error.URLError):
        fetch(link)


def test_a_port_in_use_is_said_in_the_dialog(qtbot: Any, window: Any, tmp_path: Path) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        window.sharing.action.trigger()
        dialog = window.sharing.dialog
        dialog.host_box.setCurrentIndex(dialog.host_box.findData("127.0.0.1"))
        dialog.port_box.setValue(taken.getsockname()[1])
        dialog.start_button.click()
        assert not window.sharing.sharing
        assert "could not start" in dialog.status.text()
