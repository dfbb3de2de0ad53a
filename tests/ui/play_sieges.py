"""Small sieges for the play tests, built with the rules core, at known 10 m squares.

Squares are 10 m from the origin (0, 0): A1 is x 0-10, y 0-10; C3 is x 20-30, y 20-30.
"""

from __future__ import annotations

from pathlib import Path

from siegeboard.model.siege import Siege
from siegeboard.model.weapon import Battery
from siegeboard.persist import SiegeFile, write_siege
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import catalogue


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


# id -> (kind, footprint, name, squares away from a burst in C3)
GATE_TOWN = {
    "gate": ("gatehouse", rect(21, 21, 29, 29), "Gatehouse", 0),
    "tower": ("tower", rect(31, 21, 39, 29), "East tower", 1),       # D3
    "wall": ("curtain_wall", rect(41, 22, 59, 24), "East wall", 2),  # E3, F3
    "house": ("townhouse", rect(2, 2, 8, 8), "Mill", 2),             # A1
    "shed": ("wooden_shed", rect(52, 52, 58, 58), "Shed", 3),        # F6
    "hut": ("timber_house", rect(2, 60, 8, 66), "Cottage", 4),       # A7
}


def gate_town(path: Path) -> Path:
    """A gatehouse in C3 with neighbours 1 to 4 squares away (DP ruleset), no weapons yet."""
    structures = {key: new_structure("harris", kind, key, ring, name=name)
                  for key, (kind, ring, name, _away) in GATE_TOWN.items()}
    siege = Siege(ruleset="harris", name="Gate town", structures=structures)
    write_siege(path, SiegeFile(siege=siege))
    return path


def wooden_row(path: Path) -> Path:
    """Two timber houses 2 m apart (fire spreads within 10 m), far from anything else."""
    first = new_structure("harris", "timber_house", "w1", rect(0, 0, 8, 6), name="Cooper")
    second = new_structure("harris", "timber_house", "w2", rect(10, 0, 18, 6), name="Weaver")
    siege = Siege(ruleset="harris", name="Wooden row",
                  structures={s.id: s for s in (first, second)})
    write_siege(path, SiegeFile(siege=siege))
    return path


def evening_siege(path: Path) -> Path:
    """Hull ruleset: two wall sections and a gate, two besieging engines with their guns."""
    walls = [new_structure("armory", "stone_curtain_wall", f"s{i}",
                           rect(4 * i, 0, 4 * i + 4, 2), name=f"North wall {i}")
             for i in range(1, 3)]
    gate = new_structure("armory", "castle_gate", "g", rect(12, 0, 16, 2), name="Gate")
    weapons = {w.id: w for w in catalogue("armory").weapons if w.id in ("cannon", "heavy_gun")}
    batteries = {
        "e1": Battery(id="e1", name="Great bombard", position=(6, 120), weapon_id="heavy_gun"),
        "e2": Battery(id="e2", name="Culverin", position=(14, 120), weapon_id="cannon"),
    }
    siege = Siege(name="Evening", ruleset="armory",
                  structures={s.id: s for s in (*walls, gate)}, weapons=weapons,
                  batteries=batteries)
    write_siege(path, SiegeFile(siege=siege))
    return path
