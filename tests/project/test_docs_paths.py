"""Every path the manual names is there: a newcomer following docs/ to a file finds it.

Checked: each path in backticks in docs/*.md that starts with a folder of the repository
(``siegeboard/``, ``tests/``, ``tools/``, ``docs/``, ``maps/``, ``resources/``) or of the package
(``rules/harris/shot.py: hit_effect`` is ``siegeboard/rules/harris/shot.py``), and in
docs/architecture.md's table of folders every file a row names, under that row's folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from checkout import CHECKOUT

ROOT = CHECKOUT
PACKAGE = ROOT / "siegeboard"
DOCS = sorted((ROOT / "docs").glob("*.md"))
TOP = ("siegeboard", "tests", "tools", "docs", "maps", "resources")
INSIDE = tuple(path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file())
CODE = re.compile(r"`([^`\n]+)`")
FILE_LIKE = re.compile(r"[\w.*-]+(/[\w.*-]+)*/?")


def named_paths(text: str) -> list[str]:
    """Each path in backticks that starts with a folder of the repository or the package;
    ``path: name`` (a name in that file) counts as its path."""
    found = []
    for code in CODE.findall(text):
        path = code.split(": ")[0].strip()
        if "/" in path and FILE_LIKE.fullmatch(path) and path.split("/")[0] in TOP + INSIDE:
            found.append(path)
    return found


def exists(path: str) -> bool:
    base = ROOT if path.split("/")[0] in TOP else PACKAGE
    return any(base.glob(path.rstrip("/"))) if "*" in path else (base / path).exists()


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_every_path_a_page_names_is_there(doc: Path):
    named = named_paths(doc.read_text(encoding="utf-8"))
    assert [path for path in named if not exists(path)] == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_every_name_a_page_gives_in_a_file_is_defined_there(doc: Path):
    # `rules/harris/shot.py: hit_effect`: a function, class or module-level name of that file.
    stale = []
    for code in CODE.findall(doc.read_text(encoding="utf-8")):
        path, _, name = code.partition(": ")
        if not (name.isidentifier() and path in named_paths(f"`{path}`") and exists(path)):
            continue
        base = ROOT if path.split("/")[0] in TOP else PACKAGE
        source = (base / path).read_text(encoding="utf-8")
        if not re.search(rf"^\s*(def|class) {name}\b|^{name}\s*[:=]", source, re.M):
            stale.append(code)
    assert stale == []


def test_the_architecture_names_the_files_it_is_judged_by():
    named = set(named_paths((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")))
    # Where a burning house's look is changed, where the shot rule is, the ui's rooms.
    assert {"report/look.py", "report/labels.py", "rules/harris/shot.py",
            "rules/armory/shot.py", "ui/board/__init__.py"} <= named


def test_each_file_a_folder_row_names_is_in_that_folder():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = []
    for row in re.findall(r"^\| `([\w/]+)/`[^|]*\|(.*)\|\s*$", text, re.M):
        folder, words = row
        base = ROOT / folder if folder in TOP else PACKAGE / folder
        for code in CODE.findall(words):
            name = code.split(": ")[0].strip()
            if name.split("/")[0] in TOP + INSIDE and "/" in name.rstrip("/"):
                continue  # a path from the package's top: the test above reads it
            if re.fullmatch(r"[\w.]+\.(py|json|js|css|html)|[\w]+/([\w]+/)*([\w.]+)?", name) \
                    and not any(base.rglob(name.rstrip("/"))) and not (base / name).exists():
                missing.append(f"{folder}/: {name}")
    assert missing == []
    assert len(re.findall(r"^\| `[\w/]+/`", text, re.M)) >= 9  # the rows are read
