"""A14: fires over a day or more are grown in bulk, ten quiet minutes at a time; the bulk ends
in the same structures as every minute boundary played out, with the same dice."""

from __future__ import annotations

import random

import pytest
from rules.conftest import build_harris_siege  # tests/ is on the path (rootdir-based packages)

from siegeboard.model import AdvanceClock
from siegeboard.rules.engine import apply_in_place
from siegeboard.rules.harris import burning

DAY = 17_280  # 24 h x 720 turns of 5 s


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("big_timber", [False, True])
@pytest.mark.parametrize("span", [DAY, 2520])
def test_bulk_growth_gives_what_minute_by_minute_growth_gives(seed, big_timber, span,
                                                              monkeypatch):
    # The test town with fires of several kinds (wooden and not, out of control and not),
    # over a day, or 3 h 30 min (the curtain wall's fire, 2,025 DP, goes out of control above
    # level 202, at minute 202, and is still burning then): one advance taking growth in
    # bulk, and the same advance with bulk growth switched off (every minute boundary played
    # out), with the same dice stream, end in the same structures.
    def town():
        siege = build_harris_siege()
        for structure in siege.structures.values():
            structure.occupants = []
        siege.structures["bunker"].fire_level = 2 + seed
        siege.structures["wall"].fire_level = 1
        siege.structures["town"].fire_level = seed
        if big_timber:
            # a wooden fire that grows a turn at a time for long: 20,000 DP, out of control
            # only above level 2,000, lit at turn 0 at level 1 + seed
            siege.structures["timber"] = siege.structures["timber"].model_copy(update={
                "dp": 20_000, "dp_original": 20_000, "fire_level": 1 + seed})
        return siege

    bulk, stepped = town(), town()
    apply_in_place(bulk, AdvanceClock(turns=span), _Stream(seed))
    monkeypatch.setattr(burning, "_quiet_minutes", lambda *args: 0)
    apply_in_place(stepped, AdvanceClock(turns=span), _Stream(seed))
    assert bulk.structures == stepped.structures and bulk.clock == stepped.clock


class _Stream:
    """One stream of fair dice for many actions (RandomDice would be logged by its seed)."""

    def __init__(self, seed):
        self._random = random.Random(seed)

    def roll(self, count, sides):
        return [self._random.randint(1, sides) for _ in range(count)]
