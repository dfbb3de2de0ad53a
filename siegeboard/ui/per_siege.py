"""What the window remembers per siege file, between runs, in the user's settings (not in
the file: it is how this GM's window was left, not part of the siege): the Fire dock's last
battery, the plan's opacity. A siege never saved has no file and so nothing remembered."""

from __future__ import annotations

import hashlib

from PySide6.QtCore import QSettings

from siegeboard.ui.document.document import Document


def _key(document: Document, what: str) -> str | None:
    if document.path is None:
        return None
    digest = hashlib.sha1(str(document.path.resolve()).encode("utf-8")).hexdigest()[:16]
    return f"siege-{digest}/{what}"


def remembered(settings: QSettings | None, document: Document, what: str):
    """The value remembered for the open siege under ``what`` (None if nothing)."""
    key = _key(document, what)
    if settings is None or key is None:
        return None
    return settings.value(key)


def remember(settings: QSettings | None, document: Document, what: str, value) -> None:
    key = _key(document, what)
    if settings is not None and key is not None:
        if value is None:
            settings.remove(key)
        else:
            settings.setValue(key, value)
