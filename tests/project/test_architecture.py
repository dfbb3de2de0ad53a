"""The one-way dependency rule, checked by import-linter's contracts in pyproject.toml, that
no module takes part in an import cycle (imports for type annotations counted), and that no
rule text is named outside the rules."""

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

import siegeboard
from siegeboard.rules import registry

ROOT = Path(__file__).resolve().parents[2]


def test_import_linter_contracts_hold():
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports, "import-linter is not installed: pip install -e '.[test]'"
    result = subprocess.run([lint_imports], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout
    assert "No import cycle between the modules of a package KEPT" in result.stdout
    assert "Reports never import QtWidgets KEPT" in result.stdout


def _contracts_module():
    spec = importlib.util.spec_from_file_location("import_contracts",
                                                  ROOT / "tools" / "import_contracts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_qtwidgets_contract_catches_each_spelling_of_the_import():
    contract_class = _contracts_module().ForbiddenExternalSubmoduleContract
    graph = grimp.ImportGraph()
    for name in ("app", "app.report", "app.report.map", "app.report.page", "app.report.text",
                 "app.ui", "PySide6"):
        graph.add_module(name)
    lines = {"app.report.map": "from PySide6.QtWidgets import QWidget",
             "app.report.page": "from PySide6 import QtGui, QtWidgets",
             "app.report.text": "from PySide6.QtGui import QTextLayout",
             "app.ui": "import PySide6.QtWidgets"}
    for importer, line in lines.items():
        graph.add_import(importer=importer, imported="PySide6", line_number=3,
                         line_contents=line)
    contract = contract_class(name="no widgets", session_options={"root_packages": ["app"]},
                              contract_options={"source_modules": ["app.report"],
                                                "forbidden_modules": ["PySide6.QtWidgets"]})
    check = contract.check(graph, verbose=False)
    assert not check.kept
    assert check.metadata["found"] == [
        "app.report.map:3: from PySide6.QtWidgets import QWidget",
        "app.report.page:3: from PySide6 import QtGui, QtWidgets"]


def module_imports(package_dir: Path) -> dict[str, set[str]]:
    """Each module of the package at ``package_dir`` and the package's modules it imports:
    at its top, inside functions, and under ``if TYPE_CHECKING:`` alike. ``from p import x``
    imports the module ``p.x`` when there is one, else ``p`` (its ``__init__``)."""
    paths = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(known(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{base}" if base else package
                for alias in node.names:
                    found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths
                              else known(base))
        graph[name] = {module for module in found if module is not None and module != name}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (``a -> b -> ... -> a``) through each group of modules that import one
    another, the groups found by Tarjan's algorithm."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in order:
            visit(module)
    cycles = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}  # the shortest way back to the start, inside the group
        queue = [start]
        while queue:
            here = queue.pop(0)
            for other in sorted(graph[here] & group):
                if other == start:
                    cycles.append(paths[here] + [start])
                    queue.clear()
                    break
                if other not in paths:
                    paths[other] = paths[here] + [other]
                    queue.append(other)
    return sorted(cycles)


def test_no_module_takes_part_in_an_import_cycle():
    # Counting the imports made only for type annotations: a module that names another's
    # class in a signature depends on it as surely as one that calls it.
    package_dir = Path(siegeboard.__file__).resolve().parent
    cycles = import_cycles(module_imports(package_dir))
    assert cycles == [], "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_the_cycle_check_finds_a_cycle_made_only_of_annotations(tmp_path):
    package = tmp_path / "town"
    (package / "walls").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "walls" / "__init__.py").write_text("from .gate import Gate\n")
    (package / "walls" / "gate.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from town.keep import Keep\n")
    (package / "keep.py").write_text("def build():\n    from town.walls import Gate\n")
    (package / "tower.py").write_text("import town.keep\n")
    graph = module_imports(package)
    assert graph["town.keep"] == {"town.walls"}
    assert graph["town.tower"] == {"town.keep"}
    assert import_cycles(graph) == [
        ["town.keep", "town.walls", "town.walls.gate", "town.keep"]]


def test_no_ruleset_id_is_compared_outside_the_rules():
    # Ruleset behaviour is asked of the siege's Ruleset (rules/registry.py), never decided by
    # comparing its id: a new rule text then needs no change outside its own folder.
    offenders = []
    for path in sorted((ROOT / "siegeboard").rglob("*.py")):
        if (ROOT / "siegeboard" / "rules") in path.parents:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            # Comparing two sieges' rule texts (a beginning plays its siege's) decides nothing
            # by id; comparing one with a word does (and ``ruleset_knowledge`` finds the word).
            if re.search(r"ruleset\s*[!=]=\s*[\"'A-Z]|[\"']\s*[!=]=\s*\S*ruleset\b"
                         r"|[!=]=\s*[\"'](harris|armory)[\"']", code):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


# Where a rule text may be named: its own folder, and the migration of old files (which reads
# documents written before a siege named its rule text).
MAY_NAME_RULE_TEXTS = ("siegeboard/rules/", "siegeboard/persist/migrate.py")
# Files another helper's change of this round takes the rule text out of; each entry must be
# removed once the file is clean (the test says so).
PENDING: dict[str, str] = {}


def ruleset_knowledge(source: str, ruleset_ids: tuple[str, ...]) -> list[str]:
    """Where ``source`` names a rule text: a string that is a ruleset id, or an import of a
    rule text's own package (``siegeboard.rules.<id>``, however spelled)."""
    packages = tuple(f"siegeboard.rules.{ruleset_id}" for ruleset_id in ruleset_ids)

    def own(module: str) -> bool:
        return any(module == package or module.startswith(package + ".")
                   for package in packages)

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.strip().lower() in ruleset_ids or own(node.value.strip()):
                found.append(f"{node.lineno}: the string {node.value!r}")
        elif isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {alias.name}" for alias in node.names
                      if own(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            if own(node.module) or any(own(name) for name in names):
                found.append(f"{node.lineno}: from {node.module} import "
                             + ", ".join(alias.name for alias in node.names))
    return sorted(found, key=lambda where: int(where.split(":")[0]))


def test_no_rule_text_is_named_outside_the_rules():
    # A rule text is a Ruleset found through rules/registry.py: titles, figures, override
    # fields, escalade, story height, wording and the command line's choices all come from
    # there, so a third rule text needs no change outside its own folder.
    ruleset_ids = registry.ids()
    offenders, cleaned = [], []
    for path in sorted((ROOT / "siegeboard").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(MAY_NAME_RULE_TEXTS):
            continue
        found = ruleset_knowledge(path.read_text(encoding="utf-8"), ruleset_ids)
        if name in PENDING:
            if not found:
                cleaned.append(name)
            continue
        offenders += [f"{name}:{where}" for where in found]
    assert offenders == []
    assert cleaned == [], f"no longer names a rule text: remove it from PENDING: {cleaned}"


def test_the_rule_text_check_catches_a_planted_example():
    planted = '\n'.join([
        "from siegeboard.rules import harris",
        "from siegeboard.rules import armory as hull",
        "import siegeboard.rules.armory.escalade",
        "from siegeboard.rules.harris.numbers import STORY_M",
        "from siegeboard.rules import registry, odds",
        "TITLES = {'harris': 'Sieges and Fortifications'}",
        "CHOICES = ('Harris', 'armory')",
        "module = 'siegeboard.rules.harris.numbers'",
        "field = 'harris_section_m'",
    ])
    found = ruleset_knowledge(planted, ("harris", "armory"))
    assert [line.split(":")[0] for line in found] == ["1", "2", "3", "4", "6", "7", "7", "8"]
