"""The tests mirror the package: a folder of tests/ holds the tests of the package of
siegeboard/ at the same path (tests/ui/docks/ those of siegeboard/ui/docks/), and none lies
loose at the top; only the folders that cut across packages stand apart."""

from __future__ import annotations

from pathlib import Path

import siegeboard

PACKAGE = Path(siegeboard.__file__).resolve().parent
TESTS = Path(__file__).resolve().parents[1]
ACROSS = {
    "bench": "timings, under -m bench",
    "equivalence": "every 'the fast path gives what the slow path gives' test",
    "project": "checks of the whole package: layers, linters, packaging, the bundle",
    "pixels": "pictures compared with their baselines, the screen's and the paper's alike",
}


def test_no_test_lies_loose_at_the_top():
    assert sorted(path.name for path in TESTS.glob("test_*.py")) == []


def test_every_folder_of_tests_is_a_package_of_siegeboard_or_cuts_across():
    folders = {path.parent.relative_to(TESTS) for path in TESTS.rglob("test_*.py")}
    strays = sorted(str(folder) for folder in folders
                    if folder.parts[0] not in ACROSS and not (PACKAGE / folder / "__init__.py")
                    .is_file())
    assert strays == []
    assert {Path("rules"), Path("ui/docks"), Path("equivalence")} <= folders
