"""The bundle's spec keeps Qt's German catalogue and siegeboard's, and drops Qt's other
translations (the bundle itself is built and checked under ``-m bundle``, test_bundle.py)."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from siegeboard.ui.language import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


def _spec_kept(tmp_path):
    """The spec's own ``kept`` function, as PyInstaller runs it."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_bundle
    finally:
        sys.path.remove(str(ROOT / "tools"))
    text = build_bundle.write_spec(tmp_path).read_text()
    start, end = text.index("DROPPED = "), text.index("a = Analysis(")
    namespace: dict = {"resources": resources, "Path": Path}
    exec(compile(text[start:end], "spec", "exec"), namespace)  # noqa: S102 -- the spec's lines
    return namespace["kept"]


def test_the_spec_keeps_qt_german_and_drops_the_other_translations(tmp_path):
    kept = _spec_kept(tmp_path)
    entries = [(f"PySide6/Qt/translations/{name}", "src", "DATA") for name in (
        "qtbase_de.qm", "qtbase_fr.qm", "qt_de.qm", "designer_de.qm", "qtbase_en.qm")]
    entries.append(("siegeboard/resources/translations/siegeboard_de.qm", "src", "DATA"))
    names = [Path(entry[0]).name for entry in kept(entries)]
    assert names == ["qtbase_de.qm", "siegeboard_de.qm"]
    # every language the window speaks but English keeps Qt's catalogue
    for code in LANGUAGES[1:]:
        assert kept([(f"PySide6/Qt/translations/qtbase_{code}.qm", "src", "DATA")])
