"""RandomDice draws its dice itself: exactly the dice ``random.Random.randint`` gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from siegeboard.rules import dice as dice_module
from siegeboard.rules.dice import DrawnAhead, RandomDice


def test_this_python_draws_randint_from_getrandbits():
    assert dice_module._DRAWS_BY_BITS


@pytest.mark.parametrize("sides", [2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 1000])
@pytest.mark.parametrize("seed", [0, 1, 11, 2**40 + 3])
def test_the_same_dice_as_randint_roll_after_roll(seed, sides):
    reference = random.Random(seed)
    dice = RandomDice(seed)
    for count in (1, 0, 5, 12, 1, 300):
        assert dice.roll(count, sides) == [reference.randint(1, sides) for _ in range(count)]
    # Mixed sizes of dice in one stream stay in step too.
    assert dice.roll(3, 6) + dice.roll(2, 20) == (
        [reference.randint(1, 6) for _ in range(3)] + [reference.randint(1, 20) for _ in range(2)])


def test_without_getrandbits_draws_it_falls_back_to_randint(monkeypatch):
    monkeypatch.setattr(dice_module, "_DRAWS_BY_BITS", False)
    reference = random.Random(5)
    assert RandomDice(5).roll(50, 6) == [reference.randint(1, 6) for _ in range(50)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), sides=st.sampled_from([2, 3, 6, 7, 20, 100, 1000]),
       steps=st.lists(st.tuples(st.sampled_from(["take", "roll", "settle"]),
                                st.integers(0, 700)), max_size=25))
def test_dice_drawn_ahead_are_the_dice_rolled_one_by_one(seed, sides, steps):
    """Batches drawn ahead, with other rolls and settles between them, give the dice and
    leave the generator as ``RandomDice.roll`` would."""
    reference, dice = RandomDice(seed), RandomDice(seed)
    ahead = None
    for step, count in steps:
        if step == "take":
            ahead = ahead or DrawnAhead(dice, sides)
            assert ahead.take(count) == reference.roll(count, sides)
        else:
            if ahead is not None:
                ahead.settle()
                ahead = None
            if step == "roll":
                assert dice.roll(count % 9, 6) == reference.roll(count % 9, 6)
    if ahead is not None:
        ahead.settle()
    assert dice._random.getrandbits(64) == reference._random.getrandbits(64)


def test_an_action_leaves_the_program_s_dice_as_rolling_one_by_one():
    from bench.town import build_town, set_fires  # tests/ is on the path

    from siegeboard.model import AdvanceClock
    from siegeboard.rules.engine import apply

    siege = build_town(200)
    set_fires(siege, 0.2, all_out_of_control=True)
    drawn_ahead, one_by_one = RandomDice(5), RandomDice(5)
    outcome = apply(siege, AdvanceClock(turns=24), drawn_ahead)
    assert len(outcome.rolls) > 20  # spread batches and collapses' rolls between them
    rolled = [value for roll in outcome.rolls for value in roll.values]
    assert rolled == one_by_one.roll(len(rolled), 6)
    assert drawn_ahead.roll(10, 6) == one_by_one.roll(10, 6)
