"""The one-way dependency rule, checked by import-linter's contracts in pyproject.toml."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
            if re.search(r"ruleset\s*[!=]=|[!=]=\s*[\"'](harris|armory)[\"']", code):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
