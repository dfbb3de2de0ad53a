"""No module of the rules (nor the document's writer) over 600 lines: each reads whole."""

from __future__ import annotations

from pathlib import Path

import siegeboard

LIMIT = 600
PACKAGE = Path(siegeboard.__file__).parent


def test_rules_modules_are_at_most_600_lines() -> None:
    modules = [*sorted((PACKAGE / "rules").rglob("*.py")), PACKAGE / "persist" / "document.py"]
    assert len(modules) > 20
    long = {str(path.relative_to(PACKAGE)): count for path in modules
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert long == {}
