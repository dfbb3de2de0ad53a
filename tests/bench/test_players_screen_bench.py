"""The players' screen keeps up with the GM's map at N = 2,000 (``-m bench`` only: timed)."""

from __future__ import annotations

import pytest

from tests.bench.players_screen_bench import FRAME_S, players_screen_case

pytestmark = pytest.mark.bench


def test_the_players_screen_paints_within_a_frame_of_the_gms_map():
    figures = players_screen_case(2000, runs=5)
    for step in ("shot", "pan"):
        # A frame, with a second frame of grace for a machine shared with other work.
        assert figures[step]["players_done_after_gm_s"] <= 2 * FRAME_S, figures
