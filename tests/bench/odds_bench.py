"""Benchmarks of the odds (rules.odds), on demand: the odds of one shot and rounds to fall.

    .venv/bin/python tests/bench/odds_bench.py [--sizes 1000,10000] [--json OUT.json]

On the seeded town of ``tests/bench/town.py`` (N structures; the bench HE round at the
middle of the town, whose blast reaches ~50 structures): the exact odds of one shot (every
structure in reach), beside the engine's own shot at the same point; the rounds-to-fall
answer for the struck house (4,000 sampled sieges, fire counted); a bombardment of two
batteries, 5 hits each. Each figure is the median of several runs (``timing.measure``),
the index built once beforehand, as the window keeps it. Targets: the odds of one shot at
N = 10,000 under 16 ms (a frame of hover), rounds to fall under 200 ms.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from siegeboard.geometry import StructureIndex  # noqa: E402
from siegeboard.model.actions import FireAt  # noqa: E402
from siegeboard.rules import engine, odds  # noqa: E402
from siegeboard.rules.dice import RandomDice  # noqa: E402
from tests.bench.timing import measure  # noqa: E402
from tests.bench.town import add_bench_weapon, build_town, town_centre  # noqa: E402

TARGETS = {"odds_shot_ms": 16.0, "rounds_ms": 200.0, "hover_ms": 16.0}


def bench(n: int, runs: int = 15) -> dict[str, float]:
    siege = build_town(n)
    index = StructureIndex.for_structures(siege.structures)
    weapon_id = add_bench_weapon(siege)
    point = town_centre(n)
    spec = odds.ShotSpec(weapon=siege.weapons[weapon_id], point=point, range_m=100.0)
    odds.shot_odds(siege, spec, index=index)  # warm: caches of dice sums, imports
    shot_time, shot = measure(lambda: odds.shot_odds(siege, spec, index=index), runs=runs)
    action = FireAt(weapon_id=weapon_id, at=point, range_m=100.0)
    engine_time, _ = measure(lambda: engine.apply(siege, action, RandomDice(1), index=index),
                             runs=runs)
    # Rounds to fall: the curtain wall section in the middle of the north side (AV 45,
    # 675 DP), about 10 hits of the bench HE round with fires growing between them: the
    # hard case (the house at the centre falls to the first hit).
    wall = sorted((key for key in siege.structures if key.startswith("wall0_")),
                  key=lambda key: int(key.split("_")[1]))
    wall_id = wall[len(wall) // 2]
    wall_point = index.polygon(wall_id).representative_point()
    wall_spec = odds.ShotSpec(weapon=siege.weapons[weapon_id],
                              point=(wall_point.x, wall_point.y), range_m=100.0)
    rounds_time, rounds = measure(
        lambda: odds.rounds_to_fall(siege, wall_spec, index=index), runs=max(3, runs // 3))
    other = odds.ShotSpec(weapon=siege.weapons["tank_gun"],
                          point=(point[0] + 24.0, point[1]), range_m=300.0)
    bombard_time, _ = measure(
        lambda: odds.bombardment(siege, [(spec, None), (other, None)], hits=5, index=index),
        runs=3)
    return {"n": n, "structures_in_odds": len(shot.structures),
            "odds_shot_ms": 1000 * shot_time.median_s,
            "odds_shot_cpu_ms": 1000 * shot_time.cpu_median_s,
            "engine_shot_cpu_ms": 1000 * engine_time.cpu_median_s,
            "rounds_cpu_ms": 1000 * rounds_time.cpu_median_s,
            "engine_shot_ms": 1000 * engine_time.median_s,
            "odds_over_engine": shot_time.median_s / engine_time.median_s,
            "rounds_ms": 1000 * rounds_time.median_s, "rounds_line": rounds.line(),
            "bombardment_ms": 1000 * bombard_time.median_s}


def hover(n: int, runs: int = 15) -> dict[str, float]:
    """The Fire tool's hover at the middle of the town, on the GUI's own document and scene
    (offscreen): the status line with the blast preview, with and without the odds."""
    from tests.bench.cases import qt_app

    qt_app()
    from siegeboard.persist import SiegeFile
    from siegeboard.ui.board.map_scene import MapScene
    from siegeboard.ui.document.document import Document
    from siegeboard.ui.tools.fire import FireSettings, FireTool

    document = Document(SiegeFile(siege=build_town(n)))
    scene = MapScene(document)
    weapon_id = add_bench_weapon(document.siege)
    _ = document.index  # the window builds it once

    class Host:
        def __init__(self):
            self.document, self.scene = document, scene

        def fire_settings(self) -> FireSettings:
            return FireSettings(weapon_id=weapon_id, range_m=100.0)

        def show_status(self, _text: str) -> None:
            pass

        def warn(self, _text: str) -> None:
            pass

    tool = FireTool(Host())
    point = town_centre(n)
    text = tool.describe(point)
    with_odds, _ = measure(lambda: tool.describe(point), runs=runs)
    tool._odds_words = lambda _settings, _point: ""
    without, _ = measure(lambda: tool.describe(point), runs=runs)
    return {"hover_ms": 1000 * with_odds.median_s, "hover_cpu_ms": 1000 * with_odds.cpu_median_s,
            "hover_without_odds_ms": 1000 * without.median_s, "hover_text": text}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--no-qt", action="store_true", help="skip the Fire tool's hover")
    args = parser.parse_args(argv)
    results = [bench(int(n), args.runs) for n in args.sizes.split(",")]
    if not args.no_qt:
        for figures in results:
            figures.update(hover(figures["n"], args.runs))
    missed = 0
    for figures in results:
        print(f"N = {figures['n']:,}: odds of one shot {figures['odds_shot_ms']:.2f} ms "
              f"({figures['structures_in_odds']} structures) beside the engine's shot "
              f"{figures['engine_shot_ms']:.2f} ms ({figures['odds_over_engine']:.1f}x); "
              f"rounds to fall {figures['rounds_ms']:.1f} ms ({figures['rounds_line']}); "
              f"bombardment 2 x 5 hits {figures['bombardment_ms']:.1f} ms; CPU medians: odds "
              f"{figures['odds_shot_cpu_ms']:.2f}, engine {figures['engine_shot_cpu_ms']:.2f}, "
              f"rounds {figures['rounds_cpu_ms']:.1f} ms")
        if "hover_ms" in figures:
            print(f"  Fire tool hover {figures['hover_ms']:.2f} ms (CPU "
                  f"{figures['hover_cpu_ms']:.2f}), without the odds "
                  f"{figures['hover_without_odds_ms']:.2f} ms: {figures['hover_text']}")
        if figures["n"] >= 10_000:
            for key, limit in TARGETS.items():
                if key not in figures:
                    continue
                met = figures[key] < limit
                missed += not met
                print(f"  target {key} < {limit:g}: {figures[key]:.2f} "
                      f"{'met' if met else 'MISSED'}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
