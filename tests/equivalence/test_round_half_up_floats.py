"""round_half_up on floats without a Fraction gives the Fraction's answers."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from siegeboard.model import round_half_up


def exact(value: float) -> int:
    fraction = Fraction(value)
    sign = 1 if fraction >= 0 else -1
    return sign * int((abs(fraction) + Fraction(1, 2)) // 1)


def test_floats_round_as_their_exact_binary_value():
    rng = random.Random(3)
    values = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.49999999999999994, 2.4999999999999996,
              math.nextafter(2.5, 0), math.nextafter(2.5, 3), 2.0**52 + 1, 2.0**53, 1e300,
              -1e-300, 12.000000000000002, 4.000000000001 / 4]
    values += [rng.uniform(-1e6, 1e6) for _ in range(2000)]
    values += [rng.randrange(-400, 400) / 4 for _ in range(2000)]  # quarters: halves exact
    for value in values:
        assert round_half_up(value) == exact(value), value
        assert type(round_half_up(value)) is int


def test_ints_and_fractions_are_unchanged():
    assert round_half_up(7) == 7 and round_half_up(-7) == -7
    assert round_half_up(Fraction(5, 2)) == 3 and round_half_up(Fraction(-5, 2)) == -3


@pytest.mark.parametrize("value, error", [(math.inf, OverflowError), (-math.inf, OverflowError),
                                          (math.nan, ValueError)])
def test_what_is_no_number_is_refused_as_before(value, error):
    with pytest.raises(error):
        round_half_up(value)
    with pytest.raises(error):
        Fraction(value)
