"""The board's look, pinned: fixed scenes rendered by the real view at 2, 8 and 32 px a metre.

``render(case, scale)`` paints a 960 x 600 viewport of ``MapView`` (the window's own view) over
one of the ``CASES`` and returns the image. The PNGs in ``baseline/`` were made with these
functions at the start of issue 22, before any frame-rate work; ``test_pixels.py`` compares
today's renders with them, so a faster board is proven to draw what the slower one did.

    python -m tests.pixels.scenes --write    # remake the baseline (only for a deliberate new look)
"""

from __future__ import annotations

import os
import random
import sys
from importlib import resources
from pathlib import Path

import shiboken6

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BASELINE = Path(__file__).with_name("baseline")
VIEW_SIZE = (960, 600)
SCALES = (2, 8, 32)  # device pixels per metre


def _castle():
    from siegeboard.persist import read_siege

    path = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))
    return read_siege(path)


def _town():
    """The bench town of 600 with a plan under it, some of it burning, damaged, breached."""
    from siegeboard.model.siege import MapImage
    from siegeboard.model.weapon import Battery
    from siegeboard.persist import SiegeFile
    from tests.bench.cases import _big_plan_png
    from tests.bench.town import build_town

    siege = build_town(600)
    siege.map = MapImage(member="plan.png", pixels_per_metre=4.0, offset=(-50.0, -50.0))
    rng = random.Random(5)
    for key in sorted(siege.structures):
        structure = siege.structures[key]
        roll = rng.random()
        update = {}
        if roll < 0.15:
            update = {"fire_level": rng.randint(1, 6)}
            update["out_of_control"] = 10 * update["fire_level"] > structure.dp_original
        elif roll < 0.35:
            update = {"dp": max(0, structure.dp_original * rng.randint(1, 9) // 10)}
        elif roll < 0.40:
            update = {"dp": 0, "collapsed": True}
        if update:
            siege.structures[key] = structure.model_copy(update=update)
    siege.batteries = {"b1": Battery(id="b1", name="North battery", position=(150.0, -30.0),
                                     weapon_id=sorted(siege.weapons)[0])}
    return SiegeFile(siege=siege, images={"plan.png": _big_plan_png(2000, seed=4)})


CASES = {"castle": _castle, "town": _town}


def _centre(name: str, siege) -> tuple[float, float]:
    if name == "town":
        return (150.0, 140.0)
    xs = [x for s in siege.structures.values() for x, _ in s.footprint]
    ys = [y for s in siege.structures.values() for _, y in s.footprint]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def render(name: str, scale: float, change=None):
    """The viewport of the window's map view over case ``name`` at ``scale`` px a metre, as
    an image
    (``change(document)``, when given, is made before the view is painted at that scale)."""
    from PySide6.QtGui import QTransform
    from PySide6.QtWidgets import QApplication

    from siegeboard.ui.board.map_scene import MapScene
    from siegeboard.ui.board.map_view import MapView
    from siegeboard.ui.document.document import Document

    app = QApplication.instance() or QApplication(["siegeboard-pixels"])
    siege_file = CASES[name]()
    document = Document(siege_file)
    if change is not None:
        change(document)
    scene = MapScene(document)
    view = MapView(scene)
    view.resize(*VIEW_SIZE)
    view.setHorizontalScrollBarPolicy(view.horizontalScrollBarPolicy().ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(view.verticalScrollBarPolicy().ScrollBarAlwaysOff)
    view.show()
    app.processEvents()
    view.setTransform(QTransform.fromScale(scale, scale))
    view.centerOn(*_centre(name, siege_file.siege))
    app.processEvents()
    image = view.viewport().grab().toImage()
    tear_down(view, scene, document)
    return image


def tear_down(view, scene, document) -> None:
    """Close ``view`` and delete it, its scene and its document, in that order, now.

    A view without a parent is Python's to free, and its scene, items and document form
    cycles with it, so only Python's collector would free them, in no set order, at whatever
    moment it next runs (mid-paint, or in pytest's summary). A view freed after its scene or
    with its items half gone took the process down (a segmentation fault at exit)."""
    view.close()
    document.undo_stack.clear()
    view.setScene(None)
    for qt_object in (view, scene, document):
        shiboken6.delete(qt_object)


def baseline_path(name: str, scale: float) -> Path:
    return BASELINE / f"{name}_{scale:g}.png"


def write_baseline() -> None:
    BASELINE.mkdir(exist_ok=True)
    for name in CASES:
        for scale in SCALES:
            image = render(name, scale)
            image.save(str(baseline_path(name, scale)))
            print(baseline_path(name, scale))


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_baseline()
