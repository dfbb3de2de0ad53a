"""The DP ruleset, "Sieges and Fortifications" (id ``harris``): pure functions on numbers.

Every function checks its input and raises ``ValueError`` naming the bad value, never
returning a wrong number. Halves round half up (R0); comparisons that decide a rule are
made in integers (``2 * penetration >= armor``), never in floats.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from siegeboard.model.bounds import STORIES_MAX
from siegeboard.model.numbers import half_up, round_half_up, whole_number
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import SMALL_ARM_BORE_MM, Weapon
from siegeboard.rules.dice import Dice

__all__ = [
    "FALLOFFS",
    "Falloff",
    "WOODEN_MATERIALS",
    "defensive_points",
    "penetrates",
    "is_small_arm",
    "attack_value",
    "personnel_damage_dice",
    "concussion_at",
    "concussion_reach",
    "rubble_armor",
    "current_armor",
    "collapses",
    "collapsed_repair_cap",
    "construction",
    "stories_from_height",
    "STORY_M",
    "split_dp",
    "split_damage",
    "is_wooden",
    "fire_level_on_ignition",
    "out_of_control",
]

Falloff = Literal["halving", "one_over_d_plus_1"]
FALLOFFS: tuple[Falloff, ...] = ("halving", "one_over_d_plus_1")
WOODEN_MATERIALS = frozenset({"wood", "wattle"})


def defensive_points(armor: int, squares: int, stories: int) -> int:
    """H3: DP = AV x 2 m squares on the ground floor x stories."""
    return (whole_number("armor", armor) * whole_number("squares", squares, 1)
            * whole_number("stories", stories, 1))


def penetrates(penetration: int, armor: int) -> bool:
    """H4: a hit penetrates when the final penetration is above the AV."""
    return whole_number("penetration", penetration) > whole_number("armor", armor)


def is_small_arm(weapon: Weapon) -> bool:
    """H4: a small arm is a weapon of bore under 20 mm. The bore decides, marked or not; a
    weapon with no bore given is a small arm only when marked so (``weapon.small_arm``)."""
    if weapon.bore_mm is not None:
        return weapon.bore_mm < SMALL_ARM_BORE_MM
    return weapon.small_arm


def attack_value(penetration: int, armor: int, *, small_arm: bool = False,
                 dice: Dice | None = None) -> int:
    """H4: the DP a hit removes, from the final penetration against the current AV.

    - penetration > AV: the penetration itself;
    - AV/2 <= penetration <= AV: round_half_up(penetration / 2);
    - penetration < AV/2: 1, except a small arm (bore under 20 mm), which rolls 1D20 through
      ``dice.roll(1, 20)``: 1 -> 1, anything else -> 0. ``dice`` is required in that case.

    Penetration 0 against AV 0 falls in the middle case and gives 0 / 2 = 0.
    """
    whole_number("penetration", penetration)
    whole_number("armor", armor)
    if penetration > armor:
        return penetration
    if 2 * penetration >= armor:
        return half_up(penetration)
    if not small_arm:
        return 1
    if dice is None:
        raise ValueError("attack_value: a small arm below half the AV rolls 1D20; pass dice")
    (roll,) = dice.roll(1, 20)
    return 1 if roll == 1 else 0


def personnel_damage_dice(damage: int, penetration: int, armor: int) -> int:
    """H5: number of D6 the people inside take: damage - AV when the hit penetrates, else 0."""
    whole_number("damage", damage)
    if not penetrates(penetration, armor):
        return 0
    return max(0, damage - armor)


def concussion_at(concussion: int, squares_away: int, *, falloff: Falloff = "halving") -> int:
    """H6: the concussion a structure ``squares_away`` 10 m squares from the burst loses.

    ``halving``: round_half_up(C / 2^d); ``one_over_d_plus_1`` (option): round_half_up(C / (d + 1)).
    0 means the structure is untouched.
    """
    whole_number("concussion", concussion)
    whole_number("squares_away", squares_away)
    if falloff == "halving":
        if squares_away > concussion.bit_length() + 1:
            return 0  # C / 2^d < 1/2 already; spares building a huge power of two
        return round_half_up(Fraction(concussion, 2 ** squares_away))
    if falloff == "one_over_d_plus_1":
        return round_half_up(Fraction(concussion, squares_away + 1))
    raise ValueError(f"falloff must be one of {', '.join(FALLOFFS)}, not {falloff!r}")


def concussion_reach(concussion: int, *, falloff: Falloff = "halving") -> int:
    """The largest distance in squares at which ``concussion_at`` is above 0; -1 when C is 0."""
    whole_number("concussion", concussion)
    if concussion == 0:
        return -1
    if falloff == "halving":
        # round_half_up(C / 2^d) >= 1  <=>  2C >= 2^d
        return (2 * concussion).bit_length() - 1
    if falloff == "one_over_d_plus_1":
        # round_half_up(C / (d + 1)) >= 1  <=>  2C >= d + 1
        return 2 * concussion - 1
    raise ValueError(f"falloff must be one of {', '.join(FALLOFFS)}, not {falloff!r}")


def rubble_armor(armor: int) -> int:
    """H7: a collapsed structure is rubble with AV = round_half_up(AV / 2)."""
    return _half_up_cached(whole_number("armor", armor))


# Exact halves are Fractions, and a minute of a burning city collapses hundreds of
# structures of a few AVs.
_half_up_cached = functools.lru_cache(maxsize=4096)(half_up)


def current_armor(structure: Structure) -> int:
    """The AV a hit meets now: the make's AV; rubble AV once collapsed; 0 once cleared.

    Derived, never stored: ``structure.armor`` stays the make's AV through collapse, so an
    undo, a GM override or a repair never has to remember what it was.
    """
    if structure.cleared:
        return 0  # H7: the rubble is pounded away, no cover left
    if structure.collapsed:
        return rubble_armor(structure.armor)
    return structure.armor


def collapses(dp: int, dp_original: int) -> bool:
    """H7: at or below half the original DP (``2 * dp <= dp_original``, exact)."""
    return 2 * whole_number("dp", dp) <= whole_number("dp_original", dp_original)


def collapsed_repair_cap(dp_original: int) -> int:
    """H8: the most DP a collapsed structure can be repaired to: it stays collapsed, so at
    most half its original DP (rounded down, where ``collapses`` still holds)."""
    return whole_number("dp_original", dp_original) // 2


def construction(dp: int) -> tuple[float, int]:
    """H11: (months, cost) to build ``dp`` defensive points: DP / 100 months, 400 x DP."""
    whole_number("dp", dp)
    return dp / 100, 400 * dp


STORY_M = 4  # H2: a story is 4 m


def stories_from_height(height_m: float) -> int:
    """H2: stories of a structure ``height_m`` metres tall: ceil(height / 4), at least 1.

    11.5 m -> 3 stories, 12 m -> 3, 12.1 m -> 4, 0 m -> 1. Heights past 400 m (100 stories,
    R3) and heights that are not a finite number of 0 m or more are refused by name.
    """
    if isinstance(height_m, bool) or not isinstance(height_m, (int, float, Fraction)):
        raise ValueError(f"height must be a number of metres, not {height_m!r}")
    if isinstance(height_m, float) and not math.isfinite(height_m):
        raise ValueError(f"height must be a finite number of metres, not {height_m}")
    exact = Fraction(height_m)
    if exact < 0:
        raise ValueError(f"height must be 0 m or more, not {height_m} m")
    stories = max(1, math.ceil(exact / STORY_M))
    if stories > STORIES_MAX:
        raise ValueError(f"height {height_m} m makes {stories} stories: at most {STORIES_MAX} "
                         f"({STORIES_MAX * STORY_M} m)")
    return stories


def split_dp(dp: int, lengths: Sequence[float | Fraction]) -> list[int]:
    """H12: divide ``dp`` among sections in proportion to their lengths, summing exactly.

    Each section gets the whole part of its exact share; the points left over go one each
    to the sections with the largest remainders (the first ones on a tie). 2,025 DP over
    three equal lengths gives 675 each.
    """
    whole_number("dp", dp)
    if not lengths:
        raise ValueError("lengths: at least one section is needed")
    exact_lengths = []
    for position, length in enumerate(lengths):
        if isinstance(length, bool) or not isinstance(length, (int, float, Fraction)):
            raise ValueError(f"lengths[{position}] must be a number, not {length!r}")
        exact = Fraction(length)
        if exact <= 0:
            raise ValueError(f"lengths[{position}] must be above 0, not {length}")
        exact_lengths.append(exact)
    total = sum(exact_lengths)
    shares = [dp * length / total for length in exact_lengths]
    parts = [int(share) for share in shares]
    left = dp - sum(parts)
    order = sorted(range(len(shares)), key=lambda i: (-(shares[i] - parts[i]), i))
    for i in order[:left]:
        parts[i] += 1
    return parts


def split_damage(total: int, people: int) -> list[int]:
    """H5: ``total`` damage split evenly among ``people``; the remainder goes one point each
    to the first ones. No people: an empty list."""
    whole_number("total", total)
    whole_number("people", people)
    if people == 0:
        return []
    share, remainder = divmod(total, people)
    return [share + (1 if i < remainder else 0) for i in range(people)]


def is_wooden(structure: Structure) -> bool:
    """H9: a wooden structure's fire grows every turn; wood and wattle count as wooden."""
    return structure.material in WOODEN_MATERIALS


def fire_level_on_ignition(penetration: int, armor: int) -> int:
    """H9: a fire starts at level max(1, penetration - AV)."""
    return max(1, whole_number("penetration", penetration) - whole_number("armor", armor))


def out_of_control(fire_level: int, dp_original: int) -> bool:
    """H9: a fire is out of control when its level is above a tenth of the original DP
    (``10 * level > dp_original``, exact)."""
    return 10 * whole_number("fire_level", fire_level) > whole_number("dp_original", dp_original)
