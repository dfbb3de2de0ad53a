"""Every importer that makes a siege gives it a fresh dice seed (issue 14, RULINGS R3)."""

from __future__ import annotations

import pytest

from siegeboard.persist.formats import import_map
from siegeboard.rules.dice import MAX_SEED

from . import uvtt_files
from .builders import png


@pytest.mark.parametrize("name", ["plan.png", "map.dd2vtt"])
def test_every_importer_gives_a_fresh_seed(tmp_path, name):
    path = tmp_path / name
    if name.endswith(".png"):
        path.write_bytes(png())
    else:
        uvtt_files.write(path, uvtt_files.uvtt(lines=[[(1, 1), (8, 1)]]))
    seeds = {import_map(path).siege.dice_seed for _ in range(4)}
    assert len(seeds) > 1 and all(0 <= seed <= MAX_SEED for seed in seeds)
