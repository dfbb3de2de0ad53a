"""The window's language: which one, its Qt translators, and ``tr`` for every string shown.

The setting is the QSettings key ``"language"``: ``"system"`` (the default: the system
locale's language when the window speaks it, else English), ``"en"`` or ``"de"``; the
environment variable ``SIEGEBOARD_LANGUAGE`` (same values) overrides it, so a test run is never
switched to German by the machine's locale. ``apply(app, settings)`` applies it once at start
(``ui/app.py: application``): for German it installs siegeboard's own catalogue
(``resources/translations/siegeboard_de.qm``) and Qt's (``qtbase_de.qm``: the standard buttons
and dialogs), and tells the rules' message catalogue (``siegeboard.rules.messages``) the same
language. A change from View > Language (``add_menu``) takes effect at the next start: every
string of the window is made once, when the window is built.

``tr(text, disambiguation, n)`` is ``QCoreApplication.translate`` under the one context of the
window, the empty one (``pyside6-lupdate`` files a bare ``tr("...")`` call there), so
``tools/update_translations.py`` finds every call. Text with a count passes ``n`` and says
``%n`` (Qt's numerus forms); module-level constants are marked ``QT_TR_NOOP`` and translated
where they are shown. docs/german.md says how to add a string or a language.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QMenu

from siegeboard.rules import messages

KEY = "language"
# The View > Language choices: each language named in its own words (a GM lost in a language
# they cannot read still finds their own), the system's in the window's.
NAMES = {"en": "English", "de": "Deutsch"}
ENVIRONMENT = "SIEGEBOARD_LANGUAGE"
LANGUAGES = messages.LANGUAGES  # one list for the window's catalogue and the rules'
SETTINGS = ("system", *LANGUAGES)
CONTEXT = ""  # the context lupdate gives a bare tr() call
# The translators installed, with the catalogue bytes they read (Qt reads the bytes in place,
# never copying them: they must live as long as the translator).
_installed: list[tuple[QTranslator, bytes]] = []


def tr(text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` in the window's language (``%n`` replaced by ``n`` when it is given)."""
    return QCoreApplication.translate(CONTEXT, text, disambiguation, n)


def QT_TR_NOOP(text: str) -> str:  # named as Qt names it: pyside6-lupdate looks for the name
    """Marks ``text`` for the catalogue and returns it as it is (a constant made at import,
    translated with ``tr`` where it is shown)."""
    return text


# The model's values a box offers (sides, materials, mounts, roles, a scene's length), each
# shown in the window's language and kept as the box's item data.
VALUES = {
    "besieger": QT_TR_NOOP("besieger"), "defender": QT_TR_NOOP("defender"),
    "wood": QT_TR_NOOP("wood"), "wattle": QT_TR_NOOP("wattle"), "brick": QT_TR_NOOP("brick"),
    "stone": QT_TR_NOOP("stone"), "concrete": QT_TR_NOOP("concrete"),
    "earth": QT_TR_NOOP("earth"), "steel": QT_TR_NOOP("steel"), "iron": QT_TR_NOOP("iron"),
    "personal": QT_TR_NOOP("personal"), "light": QT_TR_NOOP("light"),
    "standard": QT_TR_NOOP("standard"), "heavy": QT_TR_NOOP("heavy"),
    "capital": QT_TR_NOOP("capital"), "gun": QT_TR_NOOP("gun"), "petard": QT_TR_NOOP("petard"),
    "breaching_charge": QT_TR_NOOP("breaching_charge"),
    "demolition_charge": QT_TR_NOOP("demolition_charge"), "mine": QT_TR_NOOP("mine"),
    "incendiary": QT_TR_NOOP("incendiary"), "day": QT_TR_NOOP("day"),
    "week": QT_TR_NOOP("week"),
}


def fill(box: QComboBox, values) -> None:
    """Offer ``values`` (the model's words) in ``box``: each shown translated, kept as the
    item's data (read it with ``box.currentData()``, choose one with ``box.findData``)."""
    for value in values:
        box.addItem(tr(VALUES.get(value, value)), value)


def setting(settings: QSettings) -> str:
    """The stored choice: "system", "en" or "de" (anything else reads as "system")."""
    value = str(settings.value(KEY, "system") or "system")
    return value if value in SETTINGS else "system"


def chosen(settings: QSettings) -> str:
    """The language to speak, "en" or "de": the environment's, else the setting's, "system"
    read from the system locale."""
    value = os.environ.get(ENVIRONMENT) or setting(settings)
    if value not in SETTINGS or value == "system":
        spoken = QLocale.system().name().split("_")[0]  # "de_AT" -> "de"
        return spoken if spoken in LANGUAGES else "en"
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
        try:
            data = catalogue(code)
        except OSError:  # a language with no catalogue: the window stays English
            data = b""
        if data and own.load(data):  # type: ignore[call-overload, unused-ignore]
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


def add_menu(view_menu: QMenu, settings: QSettings,
             inform: Callable[[str], None]) -> QMenu:
    """View > Language: System, English, Deutsch, one checked (the stored setting). A choice is
    stored at once; when it changes the language spoken, ``inform`` says it takes effect at
    the next start (every string of the window is made once, when the window is built)."""
    menu = view_menu.addMenu(tr("&Language"))
    menu.setObjectName("LanguageMenu")
    group = QActionGroup(menu)
    group.setExclusive(True)
    current = setting(settings)
    for value in SETTINGS:
        action = QAction(tr("System") if value == "system" else NAMES[value], menu)
        action.setObjectName(f"Language_{value}")
        action.setCheckable(True)
        action.setChecked(value == current)
        action.setData(value)
        group.addAction(action)
        menu.addAction(action)

    def choose(action: QAction) -> None:
        value = str(action.data())
        before = chosen(settings)
        settings.setValue(KEY, value)
        if os.environ.get(ENVIRONMENT):
            return  # the environment decides this run and the next alike
        if chosen(settings) != before:
            inform(tr("The language changes when siegeboard is next started."))

    group.triggered.connect(choose)
    return menu
