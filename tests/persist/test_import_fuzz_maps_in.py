"""A seeded fuzz of the importers added for maps in (issue 35, item 4): PDF pages, JPEG 2000
sheets, Foundry VTT scenes (an exported JSON and a module's ``.db`` of scenes). Each damaged
file either imports a siege that is written and opens again, or is refused with one plain
``SiegeFileError`` line (no traceback, no input echoed whole). A small corpus in the default
run; ``-m fuzz`` plays a large one (``SIEGEBOARD_IMPORT_FUZZ_CASES``, default 1,500), holds
each case to a time bound and prints the worst time (no clock is asserted in the default run).
"""

from __future__ import annotations

import io
import json
import os
import random
import time
from pathlib import Path

import pytest
from PIL import Image

from siegeboard.persist import SiegeFileError, read_siege, write_siege
from siegeboard.persist.formats import ImportOptions, import_map

from .test_hostile_imports import damaged

LARGE = int(os.environ.get("SIEGEBOARD_IMPORT_FUZZ_CASES", "1500"))
# The most one case may take, refusal or import (a loaded machine included): every refusal
# is meant to cost well under a second.
CASE_SECONDS = 5.0


def _pdf() -> bytes:
    buffer = io.BytesIO()
    pages = [Image.new("RGB", (60, 40), (200, 180, 150)), Image.new("RGB", (30, 30), (9, 9, 9))]
    pages[0].save(buffer, "PDF", resolution=72.0, save_all=True, append_images=pages[1:])
    return buffer.getvalue()


def _jp2() -> bytes:
    buffer = io.BytesIO()
    picture = Image.new("RGB", (48, 32), (240, 200, 60))
    picture.paste((230, 150, 160), (8, 4, 24, 20))
    picture.save(buffer, "JPEG2000", irreversible=False)
    return buffer.getvalue()


def _wall(x0: int, y0: int, x1: int, y1: int, **more: int) -> dict:
    return {"_id": f"w{x0}{y0}{x1}{y1}", "c": [x0, y0, x1, y1], "light": 20, "move": 20,
            "sight": 20, "sound": 20, "dir": 0, "door": 0, "ds": 0, **more}


def _scene() -> dict:
    return {"_id": "abc", "name": "The Keep", "width": 1400, "height": 1000, "padding": 0.25,
            "background": {"src": "worlds/siege/maps/keep.png", "offsetX": 0, "offsetY": 0},
            "grid": {"type": 1, "size": 100, "distance": 5, "units": "ft"},
            "walls": [_wall(500, 500, 1500, 500), _wall(1500, 500, 1500, 1100),
                      _wall(1500, 1100, 1000, 1100), _wall(1000, 1100, 900, 1100, door=1, ds=1),
                      _wall(900, 1100, 500, 1100), _wall(500, 1100, 500, 500)]}


def _db() -> bytes:
    v9 = {"_id": "s1", "name": "Gatehouse", "width": 1000, "height": 800, "padding": 0,
          "grid": 100, "gridDistance": 2, "gridUnits": "m", "img": "modules/m/gate.webp",
          "walls": [{"_id": "a", "c": [100, 100, 900, 100], "move": 1, "sense": 1, "door": 0,
                     "ds": 0}]}
    lines = [json.dumps(v9), json.dumps({"_id": "s2", "$$deleted": True}),
             json.dumps({"_id": "j", "name": "A journal", "content": "<p>x</p>"})]
    return ("\n".join(lines) + "\n").encode()


def bases() -> dict[str, bytes]:
    return {"plan.pdf": _pdf(), "sheet.jp2": _jp2(),
            "keep.json": json.dumps(_scene()).encode(), "scenes.db": _db()}


def play(folder: Path, cases: int, seed: int, timed: bool = False) -> dict[str, float]:
    """Play ``cases`` damaged files; the worst seconds a case took, by format; ``timed``:
    each case must take under ``CASE_SECONDS``."""
    originals = bases()
    worst: dict[str, float] = dict.fromkeys(originals, 0.0)
    background = folder / "worlds" / "siege" / "maps"
    background.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (1400, 1000), (120, 120, 100)).save(background / "keep.png")
    for case in range(cases):
        rng = random.Random(seed + case)
        name = rng.choice(sorted(originals))
        path = folder / f"case{case % 5}_{name}"
        path.write_bytes(damaged(originals[name], rng))
        started = time.perf_counter()
        try:
            imported = import_map(path, ImportOptions(pixels_per_metre=5.0))
        except SiegeFileError as error:
            text = str(error)
            assert "\n" not in text and len(text) < 1_000, (case, name, text[:300])
            imported = None
        except Exception as error:  # noqa: BLE001 -- the point of the test
            pytest.fail(f"case {case} ({name}): {type(error).__name__}: {error}"[:500])
        seconds = time.perf_counter() - started
        worst[name] = max(worst[name], seconds)
        assert not timed or seconds < CASE_SECONDS, (case, name, seconds)
        if imported is not None:
            target = folder / "imported.siege"
            write_siege(target, imported, backup=False)
            read_siege(target)
    return worst


def test_the_undamaged_bases_import(tmp_path):
    """The corpus starts from files that import: a fuzz of files refused whole tests little."""
    background = tmp_path / "worlds" / "siege" / "maps"
    background.mkdir(parents=True)
    Image.new("RGB", (1400, 1000), (120, 120, 100)).save(background / "keep.png")
    for name, data in bases().items():
        path = tmp_path / name
        path.write_bytes(data)
        imported = import_map(path, ImportOptions(pixels_per_metre=5.0))
        assert imported.siege.map is not None or imported.siege.structures, name


@pytest.mark.parametrize("chunk", range(2))
def test_damaged_new_imports_import_or_are_refused_plainly(tmp_path, chunk):
    play(tmp_path, 40, 9100 + 1000 * chunk)


@pytest.mark.fuzz
def test_the_large_corpus_of_new_imports(tmp_path):
    worst = play(tmp_path, LARGE, 91_000, timed=True)
    print("worst seconds a case:", {name: round(value, 3) for name, value in worst.items()})
