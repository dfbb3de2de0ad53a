"""The German build has no untranslated string.

The catalogue (resources/translations/siegeboard_de.ts) is finished, carries no string the
source lost, and its compiled .qm is the one lrelease makes of it; every ``tr()`` of the
source is in it (a new string fails here until tools/update_translations.py is run and the
string translated); the real window built in German shows no English text in its menus,
actions, docks and toolbars; and no obvious literal of siegeboard/ui reaches a widget
without ``tr()``.
"""

from __future__ import annotations

import ast
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from checkout import CHECKOUT
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QToolBar,
    QWidget,
)

from siegeboard.ui import language

ROOT = CHECKOUT
FOLDER = ROOT / "resources" / "translations"
TS = FOLDER / "siegeboard_de.ts"
UI = ROOT / "siegeboard" / "ui"
sys.path.insert(0, str(ROOT / "tools"))
import update_translations  # noqa: E402

sys.path.remove(str(ROOT / "tools"))

# Texts the same in German: names, units, abbreviations and words German shares.
SAME_IN_GERMAN = {
    "OK", "PDF", "PNG", "SVG", "GIF", "VTT", "Name", "Material", "Polygon", "Mine", "Port:",
    " dpi", " min", "Krit", "siegeboard", "English", "Deutsch", "&Universal VTT…", "Plan",
    "Legende", "Alt", "Tab", "Enter", "Esc", "Dock", "Start", "Stop", "Reset", "+1 Mi&nute",
    "+1 Minute", "Polygon (P)", "Standard",
}
# Placeholders a translation must keep: {name} fields, %n, and an & mnemonic at most once.
FIELD = re.compile(r"\{[^{}]*\}|%n")


def _messages(path: Path) -> list[tuple[str, str | None, list[str], str | None, bool]]:
    """(source, comment, translations, the translation's type, numerus) of each message."""
    found = []
    for message in ET.parse(path).getroot().iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        forms = [form.text or "" for form in translation.findall("numerusform")]
        found.append((source, message.findtext("comment"), forms or [translation.text or ""],
                      translation.get("type"), message.get("numerus") == "yes"))
    return found


def _lupdate_available() -> bool:
    try:
        update_translations.tool("pyside6-lupdate")
        update_translations.tool("pyside6-lrelease")
    except SystemExit:
        return False
    return True


needs_tools = pytest.mark.skipif(not _lupdate_available(),
                                 reason="pyside6-lupdate and pyside6-lrelease are not installed")


# -- (a) the catalogue is finished ------------------------------------------------------------
def test_the_catalogue_is_finished():
    messages = _messages(TS)
    assert len(messages) > 500
    unfinished = [source for source, _, forms, kind, _ in messages
                  if kind is not None or not all(form.strip() for form in forms)]
    assert not unfinished, f"untranslated in {TS.name}: {unfinished[:10]}"


def test_each_translation_keeps_the_fields_and_the_plural_forms():
    for source, _, forms, _, numerus in _messages(TS):
        assert len(forms) == (2 if numerus else 1), source  # German: one, other
        for form in forms:
            assert sorted(FIELD.findall(form)) == sorted(FIELD.findall(source)), (source, form)
            assert form.replace("&&", "").count("&") - form.count("&gt;") - form.count("&lt;") \
                <= 1, form
            assert form.startswith(" ") == source.startswith(" "), (source, form)
            assert form.endswith(" ") == source.endswith(" "), (source, form)


@needs_tools
def test_the_compiled_catalogue_is_the_one_lrelease_makes(tmp_path):
    fresh = tmp_path / "fresh.qm"
    update_translations.lrelease(TS, fresh)
    assert fresh.read_bytes() == TS.with_suffix(".qm").read_bytes(), \
        "siegeboard_de.qm is stale: run tools/update_translations.py"


# -- (b) the catalogue is up to date with the source -----------------------------------------
@needs_tools
def test_every_string_of_the_source_is_in_the_catalogue_and_no_other(tmp_path):
    fresh = tmp_path / TS.name
    shutil.copy(TS, fresh)
    update_translations.lupdate(fresh, update_translations.LOCALES["de"])
    committed = {(source, comment) for source, comment, *_ in _messages(TS)}
    now = {(source, comment) for source, comment, *_ in _messages(fresh)}
    assert not now - committed, \
        f"new strings (run tools/update_translations.py): {sorted(now - committed)[:10]}"
    assert not committed - now, \
        f"strings no longer in the source: {sorted(committed - now)[:10]}"
    assert 'type="unfinished"' not in fresh.read_text(encoding="utf-8")


# -- (c) the window in German ----------------------------------------------------------------
def _texts(window) -> dict[tuple, str]:
    """Every text the window shows in its menus, actions, toolbars and docks, by where it is
    (widget class, object name, its place among its siblings, which property)."""
    texts: dict[tuple, str] = {}

    def keep(where: tuple, text: str | None) -> None:
        if text:
            texts[where] = text

    def walk_menu(menu: QMenu, path: tuple) -> None:
        keep((*path, "title"), menu.title())
        for number, action in enumerate(menu.actions()):
            here = (*path, number)
            keep((*here, "text"), action.text())
            keep((*here, "statusTip"), action.statusTip())
            if action.toolTip() != action.text().replace("&", ""):
                keep((*here, "toolTip"), action.toolTip())
            if action.menu() is not None:
                walk_menu(action.menu(), here)

    for number, action in enumerate(window.menuBar().actions()):
        if action.menu() is not None:
            walk_menu(action.menu(), ("menu", number))
    roots: list[QWidget] = [*window.findChildren(QDockWidget), *window.findChildren(QToolBar)]
    for root in roots:
        texts.update(_widget_texts(root))
    return texts


def _widget_texts(root: QWidget) -> dict[tuple, str]:
    """The texts ``root`` and the widgets in it show, by where they are."""
    texts: dict[tuple, str] = {}

    def keep(where: tuple, text: str | None) -> None:
        if text:
            texts[where] = text

    path = (type(root).__name__, root.objectName())
    keep((*path, "windowTitle"), root.windowTitle())
    for number, widget in enumerate(root.findChildren(QWidget)):
        here = (*path, type(widget).__name__, widget.objectName(), number)
        keep((*here, "toolTip"), widget.toolTip())
        keep((*here, "statusTip"), widget.statusTip())
        keep((*here, "accessibleName"), widget.accessibleName())
        if isinstance(widget, QLabel | QAbstractButton):
            keep((*here, "text"), widget.text())
        if isinstance(widget, QGroupBox):
            keep((*here, "title"), widget.title())
        if isinstance(widget, QLineEdit):
            keep((*here, "placeholderText"), widget.placeholderText())
        if isinstance(widget, QComboBox):
            for item in range(widget.count()):
                keep((*here, "item", item), widget.itemText(item))
    for number, action in enumerate(root.actions()):
        keep((*path, "action", number, "text"), action.text())
        keep((*path, "action", number, "statusTip"), action.statusTip())
    return texts


def _window(qtbot, tmp_path, name: str):
    from siegeboard.persist.autosave import Autosaver
    from siegeboard.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings, Autosaver(tmp_path / f"autosave-{name}"))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    return window


@pytest.fixture
def german():
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    language.install(app, "de")
    yield app
    language.install(app, "en")


def _window_words() -> tuple[set[str], set[str]]:
    """The string literals of siegeboard/ui (what the window itself words), and the longer
    fixed parts of its f-strings: a text of the rules (the rules' own catalogue,
    rules/messages.py), of a catalogue or of the siege is none of these."""
    whole, parts = set(), set()
    for path in UI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                parts.update(part.value.strip() for part in node.values
                             if isinstance(part, ast.Constant) and len(part.value.strip()) >= 8)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                whole.add(node.value.strip())
    return whole, parts


def _rules_words() -> set[str]:
    """The labels a ruleset gives the window (the rules' own catalogue translates them)."""
    from siegeboard.rules import registry

    words = set()
    for rules in registry.RULESETS.values():
        words.update({rules.title, rules.short})
        words.update(field.label for field in rules.override_fields)
        words.update(setting.label for setting in rules.settings)
        words.update(figure.title for figure in rules.figures)
    return words


def _english_in_german(english: dict, german: dict) -> list[str]:
    """The texts the German window shows as the English one does, where the window words
    them."""
    whole, parts = _window_words()
    whole -= _rules_words()

    def worded_here(text: str) -> bool:
        bare = text.strip()
        return bare in whole or bare.replace("&", "") in whole or \
            any(part in bare for part in parts)

    return sorted({text for where, text in german.items()
                   if english.get(where) == text and re.search(r"[A-Za-z]{2,}", text)
                   and text.strip() not in SAME_IN_GERMAN and worded_here(text)})


def test_the_window_in_german_shows_no_english(qtbot, tmp_path, german):
    language.install(german, "en")
    english = _texts(_window(qtbot, tmp_path, "en"))
    language.install(german, "de")
    assert QCoreApplication.translate("", "&File") == "&Datei"
    window = _window(qtbot, tmp_path, "de")
    texts = _texts(window)
    assert len(texts) > 200
    left = _english_in_german(english, texts)
    assert not left, f"English in the German window: {left}"
    assert window.menuBar().actions()[0].text() == "&Datei"


def _dialogs(tmp_path) -> list[QWidget]:
    from siegeboard.persist import read_sample
    from siegeboard.ui.dialogs.export_dialog import ExportDialog
    from siegeboard.ui.dialogs.siege_settings import SiegeSettingsDialog

    siege = read_sample(dice_seed=7).siege
    return [ExportDialog(None, view=None, folder=tmp_path, stem="siege", last_snapshot=None,
                         current_turn=3),
            ExportDialog(None, view=None, folder=tmp_path, stem="siege", last_snapshot=2,
                         current_turn=3, printing=True),
            SiegeSettingsDialog(siege.name, siege.ruleset, siege.options, siege.dice_seed)]


def test_the_dialogs_in_german_show_no_english(qtbot, tmp_path, german):
    language.install(german, "en")
    english = [_widget_texts(dialog) for dialog in _dialogs(tmp_path)]
    language.install(german, "de")
    dialogs = _dialogs(tmp_path)
    for dialog in dialogs:
        qtbot.addWidget(dialog)
    for before, dialog in zip(english, dialogs, strict=True):
        left = _english_in_german(before, _widget_texts(dialog))
        assert not left, f"English in {type(dialog).__name__}: {left}"


def test_the_walk_finds_an_untranslated_text(qtbot, tmp_path, german):
    """The check above can fail: a dock given an English title in the German window is named."""
    language.install(german, "en")
    english = _texts(_window(qtbot, tmp_path, "en"))
    language.install(german, "de")
    window = _window(qtbot, tmp_path, "de")
    window.structures_dock.setWindowTitle("Structures")
    assert _english_in_german(english, _texts(window)) == ["Structures"]


# -- (d) no literal reaches a widget without tr() --------------------------------------------
# The calls whose first text argument (or every argument, for a button or a label) is shown.
SHOWN = {"setText", "setToolTip", "setStatusTip", "setWindowTitle", "setPlaceholderText",
         "addMenu", "QAction", "QMenu", "QLabel", "QPushButton", "QCheckBox", "QRadioButton",
         "QGroupBox", "QToolButton", "setTitle", "addTab", "addRow", "setAccessibleName",
         "setAccessibleDescription", "setSuffix", "setPrefix", "setSpecialValueText",
         "warning", "information", "question", "critical", "about", "QMessageBox",
         "setInformativeText", "addButton", "showMessage", "warn", "confirm", "inform",
         "show_status", "setLabelText", "addToolBar", "QDockWidget", "addItem",
         "setHorizontalHeaderLabels", "ask_number", "ask_choice", "getOpenFileName",
         "getSaveFileName"}
# Literals that are not words: keys, identifiers, file names, separators, the program's name.
NOT_WORDS = re.compile(r"^[\W\d_]*$|^(Ctrl|Alt|Shift|Meta)\+|^[a-z_]+$|^[\w-]+\.\w{2,5}$|"
                       r"^siegeboard$")


def untranslated_literals(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: text`` of each string literal with words handed straight to a call of
    SHOWN (not inside ``tr()`` or ``QT_TR_NOOP()``)."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else \
            getattr(node.func, "id", "")
        if name not in SHOWN:
            continue
        for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
            candidates = [argument]
            if isinstance(argument, ast.IfExp):
                candidates = [argument.body, argument.orelse]
            for candidate in candidates:
                if isinstance(candidate, ast.JoinedStr):
                    text = "".join(part.value for part in candidate.values
                                   if isinstance(part, ast.Constant))
                elif isinstance(candidate, ast.Constant) and isinstance(candidate.value, str):
                    text = candidate.value
                else:
                    continue
                if re.search(r"[A-Za-z]{2,}", text) and not NOT_WORDS.search(text):
                    found.append(f"{filename}:{candidate.lineno}: {text!r}")
    return found


def test_no_literal_reaches_a_widget_without_tr():
    found = []
    for path in sorted(UI.rglob("*.py")):
        found += untranslated_literals(path.read_text(encoding="utf-8"),
                                       str(path.relative_to(ROOT)))
    assert not found, "\n".join(found)


def test_the_literal_check_finds_one():
    source = ('label = QLabel("Fire at will")\nlabel.setToolTip(f"{n} shots")\n'
              'label.setText(tr("Fine"))\naction.setShortcut(QKeySequence("Ctrl+K"))\n'
              'box.setText("Ctrl+K")\n')
    assert untranslated_literals(source) == ["<source>:1: 'Fire at will'",
                                             "<source>:2: ' shots'"]


def test_tr_gives_the_english_text_and_plural_forms_without_a_catalogue():
    assert language.tr("&File") == "&File"
    assert language.tr("%n structures", "", 3) == "3 structures"


def test_the_language_is_chosen_by_the_environment_the_setting_and_the_system(tmp_path,
                                                                              monkeypatch):
    from PySide6.QtCore import QLocale

    settings = QSettings(str(tmp_path / "language.ini"), QSettings.Format.IniFormat)
    assert language.chosen(settings) == "en"  # the tests' environment
    monkeypatch.delenv(language.ENVIRONMENT)
    settings.setValue(language.KEY, "de")
    assert language.chosen(settings) == "de"
    settings.setValue(language.KEY, "system")
    for name, spoken in (("de_AT", "de"), ("fr_FR", "en"), ("en_GB", "en")):
        monkeypatch.setattr(QLocale, "system", lambda name=name: QLocale(name))
        assert language.chosen(settings) == spoken
    settings.setValue(language.KEY, "klingon")
    assert language.setting(settings) == "system"


def test_every_model_value_a_box_offers_is_marked_for_the_catalogue():
    from typing import get_args

    from siegeboard.model.structure import Material, Side
    from siegeboard.model.weapon import Mount, WeaponRole

    for values in (Material, Side, Mount, WeaponRole):
        assert set(get_args(values)) <= set(language.VALUES), values


def test_view_language_stores_the_choice_and_says_when_it_takes_effect(window, monkeypatch):
    said = []
    window.prompts.inform = said.append
    monkeypatch.delenv(language.ENVIRONMENT)
    window.settings.setValue(language.KEY, "en")
    actions = {action.data(): action for action in window.language_menu.actions()}
    assert set(actions) == {"system", "en", "de"}
    actions["de"].trigger()
    assert window.settings.value(language.KEY) == "de" and actions["de"].isChecked()
    assert said == ["The language changes when siegeboard is next started."]
    actions["de"].trigger()  # the same again: nothing to say
    assert len(said) == 1
