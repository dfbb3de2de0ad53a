"""The one-way dependency rule, checked by import-linter's contracts in pyproject.toml, and
that no rule text is named outside the rules."""

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

from siegeboard.rules import registry

ROOT = Path(__file__).resolve().parents[2]


def test_import_linter_contracts_hold():
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports, "import-linter is not installed: pip install -e '.[test]'"
    result = subprocess.run([lint_imports], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout
    assert "No import cycle between the modules of a package KEPT" in result.stdout


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
