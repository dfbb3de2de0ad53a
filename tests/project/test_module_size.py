"""No module of siegeboard/ over 600 lines (the house rule): each reads whole."""

from __future__ import annotations

from pathlib import Path

import siegeboard

LIMIT = 600
PACKAGE = Path(siegeboard.__file__).parent


def test_every_module_is_at_most_600_lines() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 200 and PACKAGE / "rules" / "engine.py" in modules
    long = {str(path.relative_to(PACKAGE)): count for path in modules
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert long == {}
