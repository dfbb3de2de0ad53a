"""The window's language: which one, its Qt translators, and ``tr`` for every string shown.

The setting is the QSettings key ``"language"``: ``"system"`` (the default: German when the
system locale's language is German, else English), ``"en"`` or ``"de"``; the environment
variable ``SIEGEBOARD_LANGUAGE`` (same values) overrides it, so a test run is never switched
to German by the machine's locale. ``install(app, settings)`` applies it once at start: for
German it installs siegeboard's own catalogue (``resources/translations/siegeboard_de.qm``)
and Qt's (``qtbase_de.qm``: the standard buttons and dialogs), and tells the rules' message
catalogue (``siegeboard.rules.messages``) the same language. A change from View > Language
takes effect at the next start.

``tr(text, disambiguation, n)`` is ``QCoreApplication.translate`` under the one context of the
window, the empty one (``pyside6-lupdate`` files a bare ``tr("...")`` call there), so
``tools/update_translations.py`` finds every call. Text with a count passes ``n`` and says
``%n`` (Qt's numerus forms); module-level constants are marked ``QT_TR_NOOP`` and translated
where they are shown.
"""

from __future__ import annotations

import os
from importlib import resources

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)

from siegeboard.rules import messages

KEY = "language"
ENVIRONMENT = "SIEGEBOARD_LANGUAGE"
SETTINGS = ("system", "en", "de")
LANGUAGES = ("en", "de")  # English is the source; every other has a catalogue
CONTEXT = ""  # the context lupdate gives a bare tr() call
# The translators installed, with the catalogue bytes they read (Qt reads the bytes in place,
# never copying them: they must live as long as the translator).
_installed: list[tuple[QTranslator, bytes]] = []


def tr(text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` in the window's language (``%n`` replaced by ``n`` when it is given)."""
    return QCoreApplication.translate(CONTEXT, text, disambiguation, n)


def setting(settings: QSettings) -> str:
    """The stored choice: "system", "en" or "de" (anything else reads as "system")."""
    value = str(settings.value(KEY, "system") or "system")
    return value if value in SETTINGS else "system"


def chosen(settings: QSettings) -> str:
    """The language to speak, "en" or "de": the environment's, else the setting's, "system"
    read from the system locale."""
    value = os.environ.get(ENVIRONMENT) or setting(settings)
    if value not in SETTINGS or value == "system":
        german = QLocale.system().language() == QLocale.Language.German
        return "de" if german else "en"
    return value


def catalogue(code: str) -> bytes:
    """siegeboard's compiled catalogue for ``code`` (package data)."""
    folder = resources.files("siegeboard.resources").joinpath("translations")
    return folder.joinpath(f"siegeboard_{code}.qm").read_bytes()


def install(app: QCoreApplication, code: str) -> str:
    """Speak ``code`` from now on: remove the translators installed before, install
    siegeboard's and Qt's own for any language but English, and tell the rules' catalogue.
    Returns ``code``."""
    while _installed:
        app.removeTranslator(_installed.pop()[0])
    if code != "en":
        own = QTranslator(app)
        data = catalogue(code)
        if own.load(data):  # type: ignore[call-overload, unused-ignore]
            app.installTranslator(own)
            _installed.append((own, data))
        qt = QTranslator(app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt.load(f"qtbase_{code}", folder):
            app.installTranslator(qt)
            _installed.append((qt, b""))
    messages.set_language(code)
    return code


def apply(app: QCoreApplication, settings: QSettings) -> str:
    """Install the chosen language (``chosen``) at start; returns its code."""
    return install(app, chosen(settings))
