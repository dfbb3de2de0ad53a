"""Integer arithmetic the rule texts ask for (RULINGS R0)."""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Rational


def round_half_up(value: float | Rational) -> int:
    """Round to the nearest integer, halves away from zero for positives: 22.5 -> 23, 2.5 -> 3.

    Never Python's banker's ``round()``. Exact for ints and Fractions; floats are taken at
    their exact binary value, so 0.5 steps are exact too.
    """
    if type(value) is int:
        return value
    if type(value) is float:
        # value - floor(value) is exact for every float, so the comparison with a half is
        # the exact one, without a Fraction (a table of 50,000 footprints rounds each area).
        if value < 0:
            return -round_half_up(-value)
        whole = math.floor(value)  # OverflowError or ValueError as Fraction's for inf, nan
        return whole + 1 if value - whole >= 0.5 else whole
    exact = Fraction(value)
    return int((exact + Fraction(1, 2)) // 1) if exact >= 0 else -round_half_up(-exact)


def half_up(value: int) -> int:
    """``round_half_up(value / 2)`` without leaving the integers."""
    return round_half_up(Fraction(value, 2))


def whole_number(name: str, value: object, minimum: int = 0) -> int:
    """``value`` if it is an int (not a bool) of at least ``minimum``; else ``ValueError``
    naming ``name``. The rule functions check every argument with this."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be {minimum} or more, not {value}")
    return value
