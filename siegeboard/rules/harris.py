"""The DP ruleset, "Sieges and Fortifications" (id ``harris``): pure functions on numbers.

Every function checks its input and raises ``ValueError`` naming the bad value, never
returning a wrong number. Halves round half up (R0).
"""

from __future__ import annotations


def _whole(name: str, value: object, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be {minimum} or more, not {value}")
    return value


def defensive_points(armor: int, squares: int, stories: int) -> int:
    """H3: DP = AV x 2 m squares on the ground floor x stories."""
    return (_whole("armor", armor) * _whole("squares", squares, 1)
            * _whole("stories", stories, 1))
