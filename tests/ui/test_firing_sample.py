"""The issue's shot on the sample map itself: the Great Battery's HE round clicked onto the
Castle of Harrowmere's gatehouse, with dice typed at the table, checked against the rules core
square by square, then undone."""

from __future__ import annotations

import math
import shutil
from importlib import resources
from pathlib import Path

from shapely.geometry import Polygon
from ui_helpers import click, show_area

from siegeboard.geometry import squares_away
from siegeboard.report import palette
from siegeboard.rules import harris

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples"))) / "castle.siege"


def test_he_round_on_the_sample_gatehouse(qtbot, window, answers, tmp_path):
    shutil.copy(SAMPLE, tmp_path / "castle.siege")
    assert window.files.open_path(tmp_path / "castle.siege", ask=False)
    document = window.document
    siege = document.siege
    before = {key: s.model_copy(deep=True) for key, s in siege.structures.items()}
    opened = siege.model_dump_json()
    gate = next(s for s in siege.structures.values() if s.kind == "gatehouse")
    point = Polygon(gate.footprint).representative_point()
    at = (point.x, point.y)
    battery = next(b for b in siege.batteries.values() if b.weapon_id == "he_shell")
    weapon = siege.weapons["he_shell"]

    window.fire_dock.choose(battery.id)
    window.menus.tool_actions["fire"].trigger()
    show_area(window, at[0] - 40, at[1] - 40, at[0] + 40, at[1] + 40)
    # 2D6 = 7 for the large calibre; no fire (2 on the 1D6)
    window.playing.dice_edit.setText("3 4 2")
    click(qtbot, window, at)
    assert answers.warnings == []

    (entry,) = siege.log
    assert entry.dice_values() == [3, 4, 2]
    band = weapon.band_for(math.dist(battery.position, at))
    penetration = band.penetration + 7
    attack = harris.attack_value(penetration, gate.armor)
    assert siege.structures[gate.id].dp == before[gate.id].dp - attack - weapon.concussion
    assert any(line.startswith(f"{gate.name}: DP {before[gate.id].dp} -> ") for line in entry.lines)
    # Every other structure loses the concussion for its distance in 10 m squares (H6).
    for key, old in before.items():
        if key == gate.id:
            continue
        away = squares_away(at, old.footprint, siege.grid_origin)
        loss = harris.concussion_at(weapon.concussion, away)
        assert siege.structures[key].dp == max(0, old.dp - loss), (key, away)
    # The items are recoloured by what is left: the gatehouse by its DP fraction.
    after = siege.structures[gate.id]
    item = window.scene.structure_items[gate.id]
    shade = palette.damage_colour(after.dp / after.dp_original)
    assert item.style.brush.color().rgb() == shade.rgb()
    assert item.style.brush.color().rgb() != palette.damage_colour(1.0).rgb()

    window.menus.undo_action.trigger()
    assert document.siege.model_dump_json() == opened
    window.menus.redo_action.trigger()
    assert document.siege.log[0].dice_values() == [3, 4, 2]
