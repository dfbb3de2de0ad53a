"""Blast lines in the log go from the burst outwards, then by name (issue 15, item 2)."""

from __future__ import annotations

from siegeboard.model.actions import FireAt
from siegeboard.model.siege import Siege
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import apply_in_place
from siegeboard.rules.registry import catalogue


def square(x, y):
    return [(x, y), (x + 4, y), (x + 4, y + 4), (x, y + 4)]


def test_blast_lines_go_outwards_then_by_name():
    # Ids in the opposite order to both distance and name.
    structures = [new_structure("harris", "townhouse", key, square(x, 2), name=name)
                  for key, x, name in (("a", 42, "Zed far"), ("b", 32, "Yew middle"),
                                       ("c", 22, "Bell near"), ("d", 12, "Ash near"))]
    weapons = {w.id: w for w in catalogue("harris").weapons}
    siege = Siege(name="Row", ruleset="harris", structures={s.id: s for s in structures},
                  weapons=weapons)
    shell = next(w for w in weapons.values() if w.concussion and w.concussion > 20)
    apply_in_place(siege, FireAt(weapon_id=shell.id, at=(2.0, 5.0), range_m=100.0),
                   ScriptedDice([3] * 40))
    lines = [line for line in siege.log[-1].lines if "concussion" in line and " at " in line]
    order = [name for line in lines for name in ("Ash near", "Bell near", "Yew middle", "Zed far")
             if line.startswith(name)]
    assert order == ["Ash near", "Bell near", "Yew middle", "Zed far"], lines
