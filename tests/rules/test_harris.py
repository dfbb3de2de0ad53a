"""The DP ruleset's pure functions: the text's worked examples and RULINGS H1-H12 boundaries."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from siegeboard.model import Structure
from siegeboard.rules import harris
from siegeboard.rules.dice import DiceExhausted, ScriptedDice

SQUARE = [(0, 0), (4, 0), (4, 4), (0, 4)]


# ---- H3 defensive points and the text's DP figures ------------------------------------

@pytest.mark.parametrize("armor, squares, stories, dp", [
    (50, 6, 1, 300),     # the bunker example
    (45, 15, 3, 2025),   # the 30 m curtain wall
    (5, 20, 2, 200),     # the townhouse
])
def test_defensive_points_match_the_text(armor, squares, stories, dp):
    assert harris.defensive_points(armor, squares, stories) == dp


# ---- H4 attack value -------------------------------------------------------------------

def test_farmhouse_example_penetrates_with_its_penetration():
    assert harris.attack_value(117, 3) == 117


def test_bunker_example_attack_value_is_23():
    assert harris.attack_value(45, 50) == 23  # 22.5 rounded half up


def test_catapult_with_penetration_0_has_attack_value_1():
    assert harris.attack_value(0, 3) == 1


@pytest.mark.parametrize("penetration, armor, expected", [
    (51, 50, 51),   # above the AV: the penetration itself
    (50, 50, 25),   # equal to the AV is not above it: half
    (25, 50, 13),   # exactly half the AV: half, 12.5 -> 13
    (24, 50, 1),    # below half
    (26, 51, 13),   # odd AV: 2 x 26 = 52 >= 51, half of 26
    (25, 51, 1),    # odd AV: 2 x 25 = 50 < 51, below half (no float 25.5 involved)
    (1, 1, 1),      # 1 is half of... 1 / 2 = 0.5 -> 1
    (1, 0, 1),
    (0, 0, 0),      # AV 0 is not penetrated by 0: half of 0 is 0 (H4 read literally)
])
def test_attack_value_boundaries(penetration, armor, expected):
    assert harris.attack_value(penetration, armor) == expected


def test_small_arm_below_half_rolls_1d20_one_gives_1():
    dice = ScriptedDice([1])
    assert harris.attack_value(2, 50, small_arm=True, dice=dice) == 1
    assert dice.remaining == 0


@pytest.mark.parametrize("roll", [2, 10, 20])
def test_small_arm_below_half_rolls_1d20_else_0(roll):
    assert harris.attack_value(2, 50, small_arm=True, dice=ScriptedDice([roll])) == 0


def test_small_arm_at_half_or_more_does_not_roll():
    empty = ScriptedDice([])
    assert harris.attack_value(25, 50, small_arm=True, dice=empty) == 13
    assert harris.attack_value(51, 50, small_arm=True, dice=empty) == 51


def test_small_arm_below_half_without_dice_is_a_clear_error():
    with pytest.raises(ValueError, match="dice"):
        harris.attack_value(2, 50, small_arm=True)


def test_small_arm_rolls_a_d20_not_a_d6():
    class Spy:
        asked: list = []

        def roll(self, count, sides):
            self.asked.append((count, sides))
            return [1]

    spy = Spy()
    harris.attack_value(0, 10, small_arm=True, dice=spy)
    assert spy.asked == [(1, 20)]


@pytest.mark.parametrize("kwargs, field", [
    (dict(penetration=-1, armor=3), "penetration"),
    (dict(penetration=1.5, armor=3), "penetration"),
    (dict(penetration=True, armor=3), "penetration"),
    (dict(penetration=3, armor=-2), "armor"),
])
def test_attack_value_refuses_bad_input(kwargs, field):
    with pytest.raises(ValueError, match=field):
        harris.attack_value(**kwargs)


@given(st.integers(0, 500), st.integers(0, 500), st.booleans(), st.integers(1, 20))
def test_attack_value_is_never_negative_nor_above_the_penetration_or_1(pen, armor, small, roll):
    value = harris.attack_value(pen, armor, small_arm=small, dice=ScriptedDice([roll]))
    assert 0 <= value <= max(pen, 1)
    if pen > armor:
        assert value == pen


# ---- H5 personnel damage ----------------------------------------------------------------

def test_farmhouse_example_personnel_take_23d6():
    assert harris.personnel_damage_dice(26, 117, 3) == 23


@pytest.mark.parametrize("damage, penetration, armor", [
    (26, 3, 3),     # does not penetrate (equal)
    (26, 2, 3),     # does not penetrate
    (3, 117, 3),    # damage - AV = 0
    (2, 117, 3),    # damage - AV below 0
])
def test_no_personnel_damage_without_penetration_or_margin(damage, penetration, armor):
    assert harris.personnel_damage_dice(damage, penetration, armor) == 0


def test_split_damage_evenly_with_the_remainder_to_the_first():
    assert harris.split_damage(10, 3) == [4, 3, 3]
    assert harris.split_damage(80, 4) == [20, 20, 20, 20]
    assert harris.split_damage(2, 4) == [1, 1, 0, 0]
    assert harris.split_damage(5, 0) == []


@given(st.integers(0, 10_000), st.integers(1, 50))
def test_split_damage_sums_and_is_even(total, people):
    shares = harris.split_damage(total, people)
    assert sum(shares) == total and len(shares) == people
    assert max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)


# ---- H6 concussion ----------------------------------------------------------------------

@pytest.mark.parametrize("distance, expected", [
    (0, 40), (1, 20), (2, 10), (3, 5), (4, 3), (5, 1), (6, 1), (7, 0), (60, 0), (10**6, 0),
])
def test_concussion_halves_each_square(distance, expected):
    # 40/16 = 2.5 -> 3; 40/32 = 1.25 -> 1; 40/64 = 0.625 -> 1; 40/128 -> 0: untouched
    assert harris.concussion_at(40, distance) == expected


@pytest.mark.parametrize("distance, expected", [
    (0, 40), (1, 20), (2, 13), (3, 10), (4, 8), (5, 7), (79, 1), (80, 0),
])
def test_concussion_one_over_d_plus_1_option(distance, expected):
    assert harris.concussion_at(40, distance, falloff="one_over_d_plus_1") == expected


def test_concussion_refuses_unknown_falloff_and_negative_distance():
    with pytest.raises(ValueError, match="falloff"):
        harris.concussion_at(40, 1, falloff="cubic")
    with pytest.raises(ValueError, match="squares_away"):
        harris.concussion_at(40, -1)


@given(st.integers(0, 300), st.sampled_from(harris.FALLOFFS))
def test_concussion_reach_is_the_last_square_touched(concussion, falloff):
    reach = harris.concussion_reach(concussion, falloff=falloff)
    if concussion == 0:
        assert reach == -1
        assert harris.concussion_at(0, 0, falloff=falloff) == 0
        return
    assert harris.concussion_at(concussion, reach, falloff=falloff) >= 1
    assert harris.concussion_at(concussion, reach + 1, falloff=falloff) == 0


@given(st.integers(0, 300), st.integers(0, 40), st.sampled_from(harris.FALLOFFS))
def test_concussion_never_grows_with_distance(concussion, distance, falloff):
    near = harris.concussion_at(concussion, distance, falloff=falloff)
    far = harris.concussion_at(concussion, distance + 1, falloff=falloff)
    assert 0 <= far <= near <= concussion


# ---- H7 collapse and rubble --------------------------------------------------------------

@pytest.mark.parametrize("armor, rubble", [(50, 25), (45, 23), (3, 2), (1, 1), (0, 0)])
def test_rubble_armor_is_half_rounded_up(armor, rubble):
    assert harris.rubble_armor(armor) == rubble


@pytest.mark.parametrize("dp, original, collapses", [
    (150, 300, True), (151, 300, False), (13, 27, True), (14, 27, False), (0, 1, True),
])
def test_collapse_at_exactly_half(dp, original, collapses):
    assert harris.collapses(dp, original) is collapses


def _structure(**state) -> Structure:
    return Structure(id="s", name="S", kind="bunker", footprint=SQUARE, armor=45,
                     dp=100, dp_original=100, **state)


def test_current_armor_is_derived_from_the_state_and_never_stored():
    assert harris.current_armor(_structure()) == 45
    collapsed = _structure(collapsed=True)
    assert harris.current_armor(collapsed) == 23
    assert collapsed.armor == 45
    assert harris.current_armor(_structure(collapsed=True, cleared=True)) == 0


def test_a_collapsed_structure_repairs_to_at_most_half():
    assert harris.collapsed_repair_cap(300) == 150
    assert harris.collapsed_repair_cap(27) == 13
    assert harris.collapses(harris.collapsed_repair_cap(27), 27)


# ---- H9 fire numbers ---------------------------------------------------------------------

def test_fire_level_on_ignition_is_at_least_1():
    assert harris.fire_level_on_ignition(5, 2) == 3
    assert harris.fire_level_on_ignition(10, 50) == 1
    assert harris.fire_level_on_ignition(3, 3) == 1


@pytest.mark.parametrize("level, original, out", [
    (30, 300, False), (31, 300, True), (3, 36, False), (4, 36, True), (1, 0, True), (0, 0, False),
])
def test_out_of_control_is_strictly_above_a_tenth(level, original, out):
    assert harris.out_of_control(level, original) is out


# ---- H11 construction, H12 splitting -----------------------------------------------------

def test_townhouse_construction_takes_2_months_and_costs_80000():
    assert harris.construction(200) == (2.0, 80_000)


def test_curtain_wall_splits_into_three_sections_of_675():
    assert harris.split_dp(2025, [10, 10, 10]) == [675, 675, 675]
    assert harris.split_dp(2025, [10.0, 10.0, 10.0]) == [675, 675, 675]


def test_split_dp_gives_the_leftover_to_the_largest_remainders():
    assert harris.split_dp(10, [1, 1, 1]) == [4, 3, 3]
    assert harris.split_dp(100, [1, 2]) == [33, 67]


@pytest.mark.parametrize("lengths, message", [
    ([], "at least one"), ([10, 0], r"lengths\[1\]"), ([10, -3], r"lengths\[1\]"),
    (["10"], r"lengths\[0\]"),
])
def test_split_dp_refuses_bad_lengths(lengths, message):
    with pytest.raises(ValueError, match=message):
        harris.split_dp(100, lengths)


@given(st.integers(0, 100_000), st.lists(st.floats(0.5, 200, allow_nan=False), min_size=1,
                                          max_size=12))
def test_split_dp_sums_exactly_and_stays_proportional(dp, lengths):
    parts = harris.split_dp(dp, lengths)
    assert sum(parts) == dp and all(part >= 0 for part in parts)
    total = sum(Fraction(length) for length in lengths)
    for part, length in zip(parts, lengths, strict=True):
        assert abs(part - dp * Fraction(length) / total) < 1


def test_scripted_dice_run_out_loudly():
    with pytest.raises(DiceExhausted):
        harris.attack_value(0, 10, small_arm=True, dice=ScriptedDice([]))
