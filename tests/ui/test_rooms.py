"""ui/ in rooms: modules of one idea and a readable size, controllers given what they use
rather than the window, and the structures' layer reading items through their public face."""

from __future__ import annotations

import ast
from pathlib import Path

import siegeboard.ui

UI = Path(siegeboard.ui.__file__).resolve().parent
MOST_LINES = 600


def modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_no_module_of_the_ui_is_over_600_lines():
    long = {str(path.relative_to(UI)): n for path in modules()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_only_the_start_knows_the_main_window():
    # Controllers, menus, docks and dialogs are given the objects they use (the document,
    # the view, a parent widget...), so none of them can reach into the window.
    knowing = []
    for path in modules():
        if path.name in ("main_window.py", "app.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "siegeboard.ui.main_window":
                knowing.append(str(path.relative_to(UI)))
    assert knowing == []


def test_the_layer_reads_items_through_their_public_interface():
    source = (UI / "board" / "structure_layer.py").read_text(encoding="utf-8")
    private = sorted({node.attr for node in ast.walk(ast.parse(source))
                      if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                      and node.value.id == "item" and node.attr.startswith("_")})
    assert private == []


def test_the_rooms_hold_their_modules():
    rooms = {room: {path.stem for path in (UI / room).glob("*.py")} for room in
             ("document", "controllers", "dialogs", "board")}
    assert {"document", "edit", "commands", "changes"} <= rooms["document"]
    assert {"file_controller", "play_controller", "players_screen"} <= rooms["controllers"]
    assert {"prompts", "import_dialog", "about"} <= rooms["dialogs"]
    assert {"board", "device_cache", "structure_layer", "zoom_ahead", "map_view"} <= rooms["board"]
    top = {path.stem for path in UI.glob("*.py")}
    assert top.isdisjoint(set().union(*rooms.values()) - {"__init__"})


def test_no_part_takes_the_window_untyped():
    # A window, host or parent given to a part is typed: a Qt class (only Qt's methods reach
    # it) or a small protocol or record of what the part uses; never ``Any`` nor bare, through
    # which a part could read any attribute of the main window unseen by mypy.
    loose = []
    for path in modules():
        if path.name in ("main_window.py", "app.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for arg in [*node.args.args, *node.args.kwonlyargs] if node.name == "__init__" else ():
                if arg.arg in ("window", "host", "parent", "main_window") and (
                        arg.annotation is None or ast.unparse(arg.annotation) == "Any"):
                    loose.append(f"{path.relative_to(UI)}:{node.lineno} {node.name}({arg.arg})")
    assert loose == []


def test_no_protocol_of_the_ui_asks_for_a_private_member():
    # What a part asks of another is public: a protocol naming ``_something`` would tie the
    # part to the other's insides.
    private = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    ast.unparse(base).endswith("Protocol") for base in node.bases):
                private += [f"{path.relative_to(UI)}: {node.name}.{member.name}"
                            for member in node.body
                            if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef))
                            and member.name.startswith("_") and not member.name.startswith("__")]
    assert private == []
