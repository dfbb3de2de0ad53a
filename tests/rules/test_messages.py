"""The rules' message catalogue: complete, compiled, used.

(a) the German .po holds every msgid the source uses, each translated (every plural form);
(b) the committed .mo is the .po compiled; (c) a German run of real rules (a shot, the fires
it starts burning on, the odds, the printed log and table) gives no line equal to its English
one and leaves no placeholder unfilled; (d) the rules hand the log no sentence that bypasses
``_``.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Iterator

import pytest
from checkout import CHECKOUT

from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.rules import engine, messages
from siegeboard.rules import odds as odds_words
from siegeboard.rules.dice import RandomDice

ROOT = CHECKOUT
_spec = importlib.util.spec_from_file_location("update_catalogue",
                                               ROOT / "tools" / "update_catalogue.py")
assert _spec is not None and _spec.loader is not None
catalogue_tool = importlib.util.module_from_spec(_spec)
sys.modules["update_catalogue"] = catalogue_tool  # dataclasses look their module up
_spec.loader.exec_module(catalogue_tool)

PO, MO = catalogue_tool.paths("de")
# Words German writes as English does: a line of only one of them is no untranslated line.
SAME_IN_BOTH = {"Name", "Standard", "DP", "AV"}
UNFILLED = re.compile(r"\{[a-z_0-9]*(?:[:!][^{}]*)?\}")


@pytest.fixture
def german() -> Iterator[None]:
    messages.set_language("de")
    try:
        yield
    finally:
        messages.set_language("en")


# -- (a), (b): the catalogue is complete and compiled -------------------------------------

def test_the_po_has_every_msgid_of_the_source_and_nothing_else():
    used = set(catalogue_tool.extract())
    _header, entries = catalogue_tool.read_po(PO.read_text(encoding="utf-8"))
    held = {entry.key for entry in entries}
    assert sorted(used - held, key=str) == [], "run tools/update_catalogue.py"
    assert sorted(held - used, key=str) == [], "run tools/update_catalogue.py"


def test_every_entry_has_german_in_every_plural_form():
    _header, entries = catalogue_tool.read_po(PO.read_text(encoding="utf-8"))
    missing = [entry.msgid for entry in entries
               if not entry.msgstr or not all(form.strip() for form in entry.msgstr)
               or (entry.plural is not None and len(entry.msgstr) != 2)]
    assert missing == []


def test_each_translation_keeps_the_placeholders_of_its_msgid():
    def names(text: str) -> set[str]:
        return {name for name in re.findall(r"\{([a-z_0-9]*)[:!}]", text)}

    _header, entries = catalogue_tool.read_po(PO.read_text(encoding="utf-8"))
    wrong = [(entry.msgid, form) for entry in entries for form in entry.msgstr
             if names(form) != names(entry.msgid)]
    assert wrong == []


def test_the_mo_is_the_po_compiled():
    header, entries = catalogue_tool.read_po(PO.read_text(encoding="utf-8"))
    assert MO.read_bytes() == catalogue_tool.compile_mo(header, entries)


def test_the_po_is_as_the_tool_writes_it():
    text = PO.read_text(encoding="utf-8")
    again, _binary = catalogue_tool.updated("de", text, catalogue_tool.extract())
    assert again == text, "run tools/update_catalogue.py"


def test_plural_forms_follow_the_count(german):
    assert messages.ngettext("{count} structure", "{count} structures", 1).format(count=1) \
        == "1 Bauwerk"
    assert messages.ngettext("{count} structure", "{count} structures", 2).format(count=2) \
        == "2 Bauwerke"


def test_an_unknown_language_is_english_and_the_environment_is_read():
    messages.set_language("xx")
    assert messages.language() == "en" and messages._("Hull") == "Hull"
    assert messages.language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert messages.language_from_environment({"LANGUAGE": "fr:de", "LANG": "C"}) == "de"
    assert messages.language_from_environment({"LC_ALL": "C", "LANG": "de_DE"}) == "en"
    assert messages.language_from_environment({}) == "en"


# -- (c): a German run says nothing in English --------------------------------------------

def _played(siege) -> tuple[list[str], object]:
    """The lines of a shot at the farm and of a minute's fires after it, the odds of the
    same shot, and the siege after both."""
    siege = siege.model_copy(deep=True)
    shot = FireAt(weapon_id="mortar", at=(25.0, 5.0), range_m=300.0)
    lines = list(engine.apply_in_place(siege, shot, RandomDice(7)).entry.lines)
    lines += engine.apply_in_place(siege, AdvanceClock(turns=12), RandomDice(8)).entry.lines
    spec = odds_words.spec_for(siege, (25.0, 5.0), weapon_id="mortar", range_m=300.0)
    shot_odds = odds_words.shot_odds(siege, spec)
    lines += odds_words.lines(shot_odds)
    lines.append(odds_words.hover_words(shot_odds))
    return lines, siege


def _printed(siege) -> list[str]:
    from siegeboard.report import log_text, table_layout

    text = []
    for players in (False, True):
        for head, body in log_text.printed_entries(siege, 0, players=players):
            text += [head, *body]
        text += [column.title for column in table_layout.table_columns("harris", players)]
        text += [cell["state"] for cell in table_layout.table_cells(siege, players)]
    return text


def test_a_german_shot_fire_odds_and_printed_log_say_nothing_in_english(harris_siege):
    english, after = _played(harris_siege)
    english_printed = _printed(after)
    messages.set_language("de")
    try:
        german, german_after = _played(harris_siege)
        german_printed = _printed(german_after)
    finally:
        messages.set_language("en")
    assert len(german) == len(english) > 10
    assert [line for line in german if UNFILLED.search(line)] == []
    same = [line for line, there in zip(german, english, strict=True) if line == there]
    assert same == []
    assert len(german_printed) == len(english_printed)
    same = [line for line, there in zip(german_printed, english_printed, strict=True)
            if line == there and line not in SAME_IN_BOTH]
    assert same == []


# -- (d): no sentence reaches the log around ``_`` ----------------------------------------

SPEAKERS = {"say", "roll", "RuleError", "TotalOnly", "run_clock", "lose_dp"}


def _bypasses(node: ast.expr) -> bool:
    """A literal sentence: an f-string, a string with a word, or a sum holding either."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.search(r"[A-Za-z]{3}", node.value) is not None
    if isinstance(node, ast.BinOp):
        return _bypasses(node.left) or _bypasses(node.right)
    if isinstance(node, ast.IfExp):
        return _bypasses(node.body) or _bypasses(node.orelse)
    return False


def sentences_around_the_catalogue(source: str) -> list[int]:
    """The lines of ``source`` where a log line, a roll's label or a refusal is a literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = (node.func.id if isinstance(node.func, ast.Name) else
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
        if name in SPEAKERS and any(_bypasses(arg) for arg in node.args):
            found.append(node.lineno)
    return found


def test_the_rules_pass_every_sentence_through_the_catalogue():
    rules = ROOT / "siegeboard" / "rules"
    found = {path.relative_to(rules).as_posix(): lines for path in sorted(rules.rglob("*.py"))
             if (lines := sentences_around_the_catalogue(path.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_check_sees_a_sentence_around_the_catalogue():
    assert sentences_around_the_catalogue('ctx.say(f"{a} burns")\n') == [1]
    assert sentences_around_the_catalogue('raise RuleError("no such thing")\n') == [1]
    assert sentences_around_the_catalogue('ctx.roll(1, 6, "the die " + x)\n') == [1]
    assert sentences_around_the_catalogue('ctx.say(_("{a} burns").format(a=a))\n') == []


def _armory_lines() -> list[str]:
    """A Hull-ruleset shot that cracks a gate with a portcullis, its table words and a day
    of the fire it may start."""
    from armory_fixtures import armory_siege

    siege = armory_siege(("stone_curtain_wall", "S3"), ("castle_gate", "G"))
    shot = FireAt(weapon_id="cannon", at=(0.0, 0.0), target_id="S3", successes=4, boons=4)
    lines = list(engine.apply_in_place(siege, shot, RandomDice(3)).entry.lines)
    lines += engine.apply_in_place(siege, AdvanceClock(turns=12), RandomDice(4)).entry.lines
    from siegeboard.rules.registry import ruleset_of

    rules = ruleset_of(siege)  # its words are read in the current language
    lines += [rules.title, *(setting.label for setting in rules.settings)]
    lines += rules.inspector_lines(siege.structures["S3"])
    lines += rules.escalade_lines(siege.structures["S3"], ladders=2, siege_towers=1, grapnels=1,
                                  defenders_at_top=True)
    return lines


def test_a_german_hull_ruleset_shot_and_its_tables_say_nothing_in_english():
    english = _armory_lines()
    messages.set_language("de")
    try:
        german = _armory_lines()
    finally:
        messages.set_language("en")
    assert len(german) == len(english) > 8
    assert [line for line in german if UNFILLED.search(line)] == []
    assert [line for line, there in zip(german, english, strict=True) if line == there] == []
