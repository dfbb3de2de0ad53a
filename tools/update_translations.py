"""Brings the window's translations up to date with the source.

    python tools/update_translations.py [--check]

``pyside6-lupdate`` reads every ``tr("...")`` and ``QT_TR_NOOP("...")`` of ``siegeboard/ui``
into ``resources/translations/siegeboard_<code>.ts`` for each language of
``siegeboard.ui.language.LANGUAGES`` but English (the source), keeping the translations
already made and dropping the strings no longer in the source (``-no-obsolete``); a new
string comes in marked ``type="unfinished"`` for a translator (Qt Linguist,
``pyside6-linguist``, or any editor). ``pyside6-lrelease`` then compiles each ``.ts`` to
the ``.qm`` the window loads. Both files are committed. ``--check`` changes nothing and fails
when a catalogue is out of date or unfinished (tests/ui/test_translations.py checks the same).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "siegeboard" / "ui"]
FOLDER = ROOT / "resources" / "translations"
LOCALES = {"de": "de_DE"}  # every language but the source (English), with its Qt locale


def tool(name: str) -> str:
    """The path of a PySide6 tool (``pyside6-lupdate``...): beside this Python first, then on
    PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 (pip install -e '.[test]')")
    return found


def python_files() -> list[Path]:
    return sorted(path for folder in SOURCES for path in folder.rglob("*.py"))


def lupdate(ts: Path, locale: str) -> None:
    """Update ``ts`` from the source (created if missing), keeping its translations."""
    listing = ts.with_suffix(".files")
    listing.write_text("\n".join(str(path) for path in python_files()) + "\n")
    try:
        subprocess.run([tool("pyside6-lupdate"), "-locations", "none", "-no-obsolete",
                        "-target-language", locale, f"@{listing}", "-ts", str(ts)],
                       check=True, capture_output=True, text=True)
    finally:
        listing.unlink()


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)


def update() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for code, locale in LOCALES.items():
        ts = FOLDER / f"siegeboard_{code}.ts"
        lupdate(ts, locale)
        lrelease(ts, ts.with_suffix(".qm"))
        unfinished = ts.read_text(encoding="utf-8").count('type="unfinished"')
        print(f"{ts.relative_to(ROOT)}: {unfinished} unfinished")


def check() -> int:
    """0 when every catalogue is up to date with the source and finished, else 1."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        for code, locale in LOCALES.items():
            ts = FOLDER / f"siegeboard_{code}.ts"
            fresh = Path(scratch) / ts.name
            shutil.copy(ts, fresh)
            lupdate(fresh, locale)
            if fresh.read_text(encoding="utf-8") != ts.read_text(encoding="utf-8"):
                problems.append(f"{ts.name} is out of date: run tools/update_translations.py")
            if 'type="unfinished"' in ts.read_text(encoding="utf-8"):
                problems.append(f"{ts.name} has unfinished translations")
    print("\n".join(problems) or "translations up to date")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if stale")
    return check() if parser.parse_args().check else (update() or 0)


if __name__ == "__main__":
    sys.exit(main())
