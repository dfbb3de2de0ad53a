"""Timings of issue 20's results out, for the README (``pytest -m bench`` runs it once):

    .venv/bin/python -m tests.bench.results_bench [--n 10000] [--runs 5]

- the players' screen at N structures: building its scene, and what one shot costs with the
  players' scene beside the GM's (the same shot with the GM's scene alone, and the ratio);
- the Universal VTT export of the sample castle (render, walls, write);
- the Siege Story of the sample after 20 actions, an animated GIF 1280 px wide.

Medians of repeated runs (``timing.measure``); nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from siegeboard.persist import SiegeFile  # noqa: E402
from siegeboard.persist.samples import read_sample  # noqa: E402
from tests.bench.cases import RANGE_M, _copy_with_structures, qt_app  # noqa: E402
from tests.bench.timing import measure  # noqa: E402
from tests.bench.town import add_bench_weapon, build_town, town_centre  # noqa: E402


def players_screen_case(n: int, runs: int) -> dict[str, Any]:
    qt_app()
    from siegeboard.ui.board.map_scene import MapScene
    from siegeboard.ui.document.document import Document

    siege = build_town(n)
    document = Document(SiegeFile(siege=_copy_with_structures(siege)))
    gm = MapScene(document)
    holder: dict[str, Any] = {}

    def build():
        holder["players"] = MapScene(document, players=True)

    def drop():
        scene = holder.pop("players", None)
        if scene is not None:
            document.changed.disconnect(scene.on_changed)

    build_timing, _ = measure(build, setup=drop, runs=3, budget_s=30)
    weapon_id = add_bench_weapon(document.siege)
    point = town_centre(n)

    def shot():
        return document.fire_at(weapon_id, point, range_m=RANGE_M)

    def shots() -> Any:
        shot()  # warm-up
        document.undo_stack.undo()
        timings = []
        for _ in range(runs):
            timing, outcome = measure(shot, runs=1)
            timings.append(timing.median_s)
            document.undo_stack.undo()
        timings.sort()
        return timings[len(timings) // 2], outcome

    with_players, outcome = shots()
    drop()
    gm_only, _ = shots()
    del gm
    return {"n": n, "build_s": build_timing.median_s, "shot_with_players_s": with_players,
            "shot_gm_only_s": gm_only, "changed": len(outcome.structures)}


def vtt_case(runs: int) -> dict[str, Any]:
    from siegeboard.report.vtt_export import export_vtt

    siege_file = read_sample("harris")
    folder = Path(tempfile.mkdtemp(prefix="siegeboard-bench-"))
    timing, path = measure(lambda: export_vtt(folder / "castle.dd2vtt", siege_file),
                           runs=runs)
    return {"export_s": timing.median_s, "bytes": path.stat().st_size}


def story_case(actions: int, runs: int) -> dict[str, Any]:
    """The sample castle after ``actions`` actions (shots and clock), told again as a GIF
    1280 px wide."""
    from siegeboard.model import AdvanceClock, FireAt
    from siegeboard.report.story import export_story
    from siegeboard.rules.dice import RandomDice
    from siegeboard.rules.engine import apply_in_place

    siege_file = read_sample("harris")
    siege = siege_file.siege
    dice = RandomDice(5)
    targets = [key for key in siege.structures][:actions]
    for number in range(actions):
        action = (AdvanceClock(turns=12) if number % 4 == 3 else
                  FireAt(weapon_id="he_shell", at=(0.0, 0.0), range_m=100.0,
                         target_id=targets[number % len(targets)]))
        apply_in_place(siege, action, dice)
    folder = Path(tempfile.mkdtemp(prefix="siegeboard-bench-"))
    timing, path = measure(lambda: export_story(folder / "story.gif", siege_file, width=1280),
                           runs=runs)
    return {"actions": actions, "gif_s": timing.median_s, "bytes": path.stat().st_size,
            "per_frame_s": timing.median_s / (actions + 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    players = players_screen_case(args.n, args.runs)
    print(f"players' screen, {players['n']:,} structures: scene built in median "
          f"{players['build_s']:.2f} s; one shot ({players['changed']} structures changed) "
          f"median {players['shot_with_players_s'] * 1000:.1f} ms with it, median "
          f"{players['shot_gm_only_s'] * 1000:.1f} ms without "
          f"(x{players['shot_with_players_s'] / players['shot_gm_only_s']:.2f})")
    vtt = vtt_case(max(1, args.runs // 2))
    print(f"Universal VTT export of the sample castle at 70 px a cell: median "
          f"{vtt['export_s']:.2f} s, {vtt['bytes'] / 1e6:.1f} MB")
    story = story_case(20, max(1, args.runs // 2))
    print(f"Siege Story of the sample after {story['actions']} actions, GIF 1280 px wide: "
          f"median {story['gif_s']:.2f} s ({story['per_frame_s'] * 1000:.0f} ms a frame), "
          f"{story['bytes'] / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
