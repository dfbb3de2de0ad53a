"""Synthetic towns for the benchmarks: seeded, so every run builds the same town.

A town of N structures is a square of 10 m blocks, each holding two houses (8 x 4 m) of
mixed materials, separated by 2 m lanes, ringed by a curtain wall cut into sections with a
tower at each corner.
"""

from __future__ import annotations

import math
import random

from siegeboard.geometry import wall_sections
from siegeboard.model import Siege
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import catalogue

BLOCK_M = 12.0  # a 10 m block and a 2 m lane
HOUSE_KINDS = {"harris": ("timber_house", "brick_farmhouse", "townhouse"),
               "armory": ("timber_house", "brick_house")}
WALL_KIND = {"harris": "curtain_wall", "armory": "stone_curtain_wall"}
TOWER_KIND = {"harris": "tower", "armory": "stone_tower"}


def _ring(size_m: float) -> list[tuple[float, float]]:
    return [(-6.0, -6.0), (size_m + 6, -6.0), (size_m + 6, size_m + 6), (-6.0, size_m + 6),
            (-6.0, -6.0)]


def build_town(n: int, ruleset: str = "harris", seed: int = 1) -> Siege:
    """A siege of exactly ``n`` structures (n >= 20), built the same way for the same seed."""
    if n < 20:
        raise ValueError(f"a town needs at least 20 structures, not {n}")
    rng = random.Random(seed)
    kinds = catalogue(ruleset).kinds
    tower_kind = TOWER_KIND[ruleset] if TOWER_KIND[ruleset] in kinds else WALL_KIND[ruleset]
    blocks_per_side = max(2, math.ceil(math.sqrt(n / 2)))
    size = blocks_per_side * BLOCK_M
    section_m = max(10.0, 4 * size / max(4, n // 10))
    structures = {}
    line = _ring(size)
    for corner_index, (x, y) in enumerate(line[:4]):
        key = f"tower{corner_index}"
        structures[key] = new_structure(ruleset, tower_kind, key,
                                        [(x - 4, y - 4), (x + 4, y - 4), (x + 4, y + 4),
                                         (x - 4, y + 4)],
                                        stories=3)
    for side in range(4):
        for index, section in enumerate(wall_sections(line[side:side + 2], 2.0, section_m)):
            key = f"wall{side}_{index}"
            ring = [(round(x, 6), round(y, 6)) for x, y in section.footprint.exterior.coords[:-1]]
            structures[key] = new_structure(ruleset, WALL_KIND[ruleset], key, ring, stories=3)
    houses = n - len(structures)
    for number in range(houses):
        block, half = divmod(number, 2)
        bx, by = divmod(block, blocks_per_side)
        x0, y0 = bx * BLOCK_M, by * BLOCK_M + half * 5
        key = f"house{number}"
        ring = [(x0 + 1, y0 + 0.5), (x0 + 9, y0 + 0.5), (x0 + 9, y0 + 4.5), (x0 + 1, y0 + 4.5)]
        kind = rng.choice(HOUSE_KINDS[ruleset])
        structures[key] = new_structure(ruleset, kind, key, ring, stories=rng.choice((1, 2)),
                                        occupants=[f"resident {number}"] if number % 3 == 0 else ())
    siege = Siege(name=f"Town of {n}", ruleset=ruleset,
                  weapons={w.id: w for w in catalogue(ruleset).weapons})
    siege.structures = structures
    return siege


# --------------------------------------------------------------------------- bench scenarios

BENCH_WEAPON_ID = "bench_he"
# he_shell's concussion 40 reaches 6 squares (a 130 m box: ~240 houses of this town); at 3 it
# reaches 2 squares, which touches ~50 houses here. The suite reports the actual count.
BENCH_CONCUSSION = 3


def add_bench_weapon(siege: Siege, concussion: int = BENCH_CONCUSSION) -> str:
    """Add ``bench_he``: the catalogue's ``he_shell`` with a smaller concussion; return its id."""
    shell = siege.weapons["he_shell"]
    siege.weapons[BENCH_WEAPON_ID] = shell.model_copy(
        update={"id": BENCH_WEAPON_ID, "name": "Bench HE shell", "concussion": concussion})
    return BENCH_WEAPON_ID


def town_centre(n: int) -> tuple[float, float]:
    """A burst point in the middle of the houses of a town of ``n``: inside a house."""
    blocks_per_side = max(2, math.ceil(math.sqrt(n / 2)))
    middle = (blocks_per_side // 2) * BLOCK_M
    return (middle + 5.0, middle + 2.5)


def set_fires(siege: Siege, fraction: float = 0.1, seed: int = 2, *,
              all_out_of_control: bool = True) -> list[str]:
    """Set ``fraction`` of the structures alight (seeded choice); return their ids.

    ``all_out_of_control``: every fire at level dp_original // 10 + 1, out of control (H9),
    so every one of them spreads: the heaviest minute. Otherwise levels 1-6 at random and
    out of control only where H9 says so (level above a tenth of the original DP).
    """
    if not 0 < fraction <= 1:
        raise ValueError(f"fraction must be in (0, 1], not {fraction}")
    rng = random.Random(seed)
    chosen = rng.sample(sorted(siege.structures), max(1, round(len(siege.structures) * fraction)))
    for key in chosen:
        structure = siege.structures[key]
        level = structure.dp_original // 10 + 1 if all_out_of_control else rng.randint(1, 6)
        wild = 10 * level > structure.dp_original
        siege.structures[key] = structure.model_copy(
            update={"fire_level": level, "out_of_control": wild})
    return chosen
