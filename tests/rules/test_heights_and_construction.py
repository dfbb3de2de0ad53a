"""H2: stories from a height in metres; H11: construction time and cost, of one and of several."""

from __future__ import annotations

import math

import pytest

from siegeboard.rules import harris
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import ruleset


@pytest.mark.parametrize("height, stories", [
    (0, 1), (0.5, 1), (4, 1), (4.01, 2), (8, 2), (11.5, 3), (12, 3), (12.1, 4), (400, 100),
])
def test_stories_are_the_height_over_4_m_rounded_up_at_least_1(height, stories):
    # H2: ceil(h / 4), at least 1: 11.5 / 4 = 2.875 -> 3; 12.1 / 4 = 3.025 -> 4.
    assert harris.stories_from_height(height) == stories


@pytest.mark.parametrize("height, message", [
    (400.1, "makes 101 stories: at most 100 \\(400 m\\)"),
    (-0.1, "0 m or more"),
    (math.nan, "finite"),
    (math.inf, "finite"),
    ("12", "a number of metres"),
    (True, "a number of metres"),
])
def test_heights_that_cannot_be_stories_are_refused(height, message):
    with pytest.raises(ValueError, match=message):
        harris.stories_from_height(height)


def test_construction_of_the_texts_townhouse_and_of_a_selection():
    rules = ruleset("harris")
    # A 10 x 8 m townhouse: 20 cells x AV 5 x 2 stories = 200 DP: 2 months, 80,000 (H11).
    house = new_structure("harris", "townhouse", "h", [(0, 0), (10, 0), (10, 8), (0, 8)])
    assert rules.construction_line([house]) == "Construction: 2 months, cost 80,000"
    # With a 30 x 2 m curtain wall (15 cells x 45 x 3 = 2,025): 2,225 DP, 22.25 months,
    # 890,000.
    wall = new_structure("harris", "curtain_wall", "w", [(0, 20), (30, 20), (30, 22), (0, 22)])
    assert rules.construction_line([house, wall]) == (
        "Construction of all 2: 22.25 months, cost 890,000")
    assert rules.construction_line([]) == ""
    assert ruleset("armory").construction_line([house]) == ""
