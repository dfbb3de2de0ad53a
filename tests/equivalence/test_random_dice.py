"""RandomDice draws its dice itself: exactly the dice ``random.Random.randint`` gives."""

from __future__ import annotations

import random

import pytest

from siegeboard.rules import dice as dice_module
from siegeboard.rules.dice import RandomDice


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
