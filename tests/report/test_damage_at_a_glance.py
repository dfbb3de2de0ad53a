"""Issue 36: any damage shows at a glance (a keep at 20,670 of 20,700 DP does not look
untouched) and the shades come in five steps a GM tells apart."""

from __future__ import annotations

from itertools import pairwise

from siegeboard.report import palette, renderer
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import ruleset


def distance(a, b) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def test_a_scratched_keep_is_not_the_intact_colour():
    keep = new_structure("harris", "keep", "k", [(0, 0), (30, 0), (30, 23), (0, 23)])
    rules = ruleset("harris")
    intact = rules.state(keep)
    scratched = rules.state(keep.model_copy(update={"dp": keep.dp_original - 30}))
    assert intact.health == 1.0 and scratched.health < 1.0
    for look in (renderer.SCREEN, renderer.Look(medium="paper"),
                 renderer.Look(medium="paper", greyscale=True)):
        before = renderer.fill_colour(intact, look)
        after = renderer.fill_colour(scratched, look)
        assert distance(before, after) >= 60, look


def test_the_shades_come_in_five_steps_far_apart():
    fractions = [1.0, 0.999, 0.8, 0.6, 0.3, 0.01]
    steps = [palette.shade_step(f) for f in fractions]
    assert steps == [1.0, 0.75, 0.75, 0.5, 0.25, 0.0]
    colours = [palette.damage_colour(step) for step in (1.0, 0.75, 0.5, 0.25, 0.0)]
    for one, other in pairwise(colours):
        assert distance(one, other) >= 80  # orange to vermillion is the nearest pair
