"""The whole window rendered offscreen to PNG, for a person to look at (and a few checks).

Set SIEGEBOARD_RENDER_TO=/some/dir to keep the picture: a test siege with every state on it,
whose pixels are checked.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PySide6.QtGui import QColor, QImage
from ui_helpers import plan_image

from siegeboard.model.siege import MapImage, Siege
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.report import palette
from siegeboard.rules.build import new_structure


def rect(x, y, w, h):
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def every_state_siege(tmp_path: Path) -> Path:
    image = plan_image(tmp_path / "plan.png", width=900, height=600, square_px=50)
    house = new_structure("harris", "townhouse", "s1", rect(10, 10, 10, 8), name="Guildhall")
    hit = new_structure("harris", "townhouse", "s2", rect(26, 10, 10, 8), name="Bakery")
    hit = hit.model_copy(update={"dp": 130})
    fallen = new_structure("harris", "timber_house", "s3", rect(42, 10, 8, 8), name="Stables")
    fallen = fallen.model_copy(update={"dp": 20, "collapsed": True, "fire_level": 3})
    burning = new_structure("harris", "timber_house", "s4", rect(10, 24, 8, 6), name="Smithy")
    burning = burning.model_copy(update={"fire_level": 2})
    walls = [new_structure("harris", "curtain_wall", f"s{5 + i}",
                           rect(4 + 10 * i, 40, 10, 2), name=f"South wall {i + 1}")
             for i in range(5)]
    walls[2] = walls[2].model_copy(update={"dp": 300})
    structures = [house, hit, fallen, burning, *walls]
    siege = Siege(ruleset="harris", name="Every state",
                  map=MapImage(member="map.png", pixels_per_metre=10),
                  structures={s.id: s for s in structures})
    path = tmp_path / "every_state.siege"
    write_siege(path, SiegeFile(siege=siege, images={"map.png": image.read_bytes()}))
    return path


def test_window_renders_to_png(qtbot, window, tmp_path):
    assert window.files.open_path(every_state_siege(tmp_path))
    window.document.select([next(iter(window.document.siege.structures))])
    window.view.fit_to_map()
    qtbot.wait(10)
    picture = tmp_path / "window.png"
    assert window.grab().save(str(picture))
    keep = os.environ.get("SIEGEBOARD_RENDER_TO")
    if keep:
        shutil.copy(picture, Path(keep) / "window.png")
    image = QImage(str(picture))
    assert image.width() >= 1000 and image.height() >= 700
    # The intact Guildhall is drawn in the scale's "intact" blue over the plan.
    centre = window.view.mapFromScene(15, 14)
    at = window.view.viewport().mapTo(window, centre)
    colour = QColor(image.pixel(at.x(), at.y()))
    intact = palette.damage_colour(1.0)
    assert colour.blue() > colour.red() and abs(colour.blue() - intact.blue()) < 90
