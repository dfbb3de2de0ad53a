"""The DP ruleset's shot as a function of its dice: ``shot_effects``, the ruleset's hook.

Given the structures' state now and the values of the dice (the large-calibre 2D6's sum,
the small arm's 1D20, the fire's 1D6), ``shot_effects`` says what one round does to the
struck structure and to every structure in the blast's reach: DP left, collapse, clearing,
the fire, and how many D6 those inside take. It is built from ``harris.numbers`` and
follows the order of ``harris.actions.shoot`` (H4-H7, H9); the tests play every outcome of
the dice through the engine and compare (tests/rules/test_odds_hook.py). The odds
(``harris.odds``) evaluate it once per distinct dice outcome; the rounds-to-fall model
builds its tables from it.

The blast on the other structures takes no dice: ``blast_effects`` is evaluated once per
shot, and ``hit_effect`` (the struck structure) once per dice outcome.
"""

from __future__ import annotations

from dataclasses import dataclass

from siegeboard.geometry import square_of
from siegeboard.geometry.index import StructureIndex
from siegeboard.geometry.squares import SQUARE_M, squares_away_many
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.harris.burning import IGNITION_TARGET

CALIBRE_DICE = (2, 6)  # H4: a large-calibre weapon adds 2D6 to its penetration
SMALL_ARM_DIE = 20


@dataclass(frozen=True, slots=True)
class ShotDice:
    """The values of a shot's dice: ``calibre`` the 2D6's sum (0 for a weapon without),
    ``small_arm`` the 1D20 and ``fire`` the ignition 1D6, each None when not rolled."""

    calibre: int = 0
    small_arm: int | None = None
    fire: int | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    """What the shot does to one structure.

    ``lost`` is the DP the shot takes (asked for; DP never goes below 0); ``armor`` the AV
    the hit met. ``needs_small_arm`` and ``needs_fire``: the hit rolls that die (so a caller
    enumerating dice knows which to vary). ``personnel_dice``: the D6 those inside take
    (0 when the hit does not penetrate, deals nothing, or nobody is inside).
    """

    structure_id: str
    dp_before: int
    dp_after: int
    lost: int
    collapses: bool          # collapses with this shot
    collapsed: bool          # collapsed after it
    cleared: bool            # cleared after it
    fire_level: int          # after it
    out_of_control: bool     # after it
    caught_fire: bool        # the shot set it alight (or raised its fire)
    armor: int = 0
    penetration: int | None = None
    attack_value: int | None = None
    penetrates: bool = False
    personnel_dice: int = 0
    needs_small_arm: bool = False
    needs_fire: bool = False
    concussion: int = 0
    squares_away: int | None = None


class _Die:
    """The one value of a die already known, handed to a pure function that rolls."""

    def __init__(self, value: int):
        self._value = value

    def roll(self, count: int, sides: int) -> list[int]:
        return [self._value]


def final_penetration(weapon: Weapon, range_m: float, calibre: int, modifier: int) -> int | None:
    """H4: the band's penetration + the 2D6's sum + the GM's modifier, 0 at least; None when
    out of range."""
    band = weapon.band_for(range_m)
    if band is None:
        return None
    return max(0, band.penetration + (calibre if weapon.large_calibre else 0) + modifier)


def _lose(structure: Structure, amount: int) -> tuple[int, bool, bool, bool]:
    """``lose_dp`` on numbers: (DP after, collapses now, collapsed after, cleared after)."""
    before = structure.dp
    after = max(0, before - amount)
    if after == before:
        return before, False, structure.collapsed, structure.cleared
    collapses = not structure.collapsed and harris.collapses(after, structure.dp_original)
    return (after, collapses, structure.collapsed or collapses,
            structure.cleared or after == 0)


def catches_fire(weapon: Weapon, fire_die: int) -> bool:
    """H9: 1D6 (+1 for an incendiary round), 6 or more."""
    return fire_die + (1 if weapon.incendiary else 0) >= IGNITION_TARGET


def hit_effect(structure: Structure, weapon: Weapon, penetration: int, *,
               small_arm: int | None = None, fire: int | None = None) -> Effect:
    """H4, H5, H6 (full concussion), H7, H9: the struck structure after a round of final
    ``penetration``. A die the hit needs and is not given counts as not rolled yet: the
    effect then says so (``needs_*``) and takes the small arm's 1D20 as not 1 and no fire."""
    armor = harris.current_armor(structure)
    needs_small_arm = (weapon.small_arm and not harris.penetrates(penetration, armor)
                       and 2 * penetration < armor)
    attack = harris.attack_value(penetration, armor, small_arm=weapon.small_arm,
                                 dice=_Die(small_arm if small_arm is not None else 2))
    concussion = weapon.concussion if weapon.explosive else 0
    dp_after, collapses, collapsed, cleared = _lose(structure, attack + concussion)
    dice = harris.personnel_damage_dice(weapon.damage, penetration, armor)
    personnel = dice if structure.occupants else 0
    level, wild, caught = structure.fire_level, structure.out_of_control, False
    needs_fire = (weapon.explosive or weapon.incendiary) and dp_after > 0
    if needs_fire and fire is not None and catches_fire(weapon, fire):
        new = harris.fire_level_on_ignition(penetration, armor)
        if new > level:
            wild = (wild if level else False) or harris.out_of_control(new, structure.dp_original)
            level, caught = new, True
    return Effect(structure.id, structure.dp, dp_after, attack + concussion, collapses,
                  collapsed, cleared, level, wild, caught, armor=armor, penetration=penetration,
                  attack_value=attack, penetrates=harris.penetrates(penetration, armor),
                  personnel_dice=personnel, needs_small_arm=needs_small_arm,
                  needs_fire=needs_fire, concussion=concussion, squares_away=0)


def blast_reach(index: StructureIndex, point: tuple[float, float], origin: tuple[float, float],
                concussion: int, falloff: harris.Falloff,
                struck_id: str | None) -> list[tuple[str, int, int]]:
    """H6: (structure id, squares away, concussion lost) of every structure but the struck
    one that a burst at ``point`` reaches, in sorted id order (the order the engine visits
    them). Only the boxes meeting the squares within reach are looked at."""
    reach = harris.concussion_reach(concussion, falloff=falloff)
    if reach < 0:
        return []
    column, row = square_of(point, origin)
    bounds = (origin[0] + (column - reach) * SQUARE_M, origin[1] + (row - reach) * SQUARE_M,
              origin[0] + (column + reach + 1) * SQUARE_M,
              origin[1] + (row + reach + 1) * SQUARE_M)
    candidates = [key for key in sorted(index.in_bounds(bounds)) if key != struck_id]
    distances = squares_away_many(point, [index.polygon(key) for key in candidates], origin)
    amounts: dict[int, int] = {}
    out = []
    for key, distance in zip(candidates, distances):
        if distance not in amounts:
            amounts[distance] = harris.concussion_at(concussion, distance, falloff=falloff)
        if amounts[distance]:
            out.append((key, distance, amounts[distance]))
    return out


def blast_effect(structure: Structure, distance: int, concussion: int) -> Effect:
    """H6, H7: a structure in the blast's reach loses ``concussion`` (no dice, no fire)."""
    dp_after, collapses, collapsed, cleared = _lose(structure, concussion)
    return Effect(structure.id, structure.dp, dp_after, concussion, collapses, collapsed,
                  cleared, structure.fire_level, structure.out_of_control, False,
                  armor=harris.current_armor(structure), concussion=concussion,
                  squares_away=distance)


@dataclass(frozen=True)
class ShotEffects:
    """The whole shot: the final penetration (None: out of range), the struck structure's
    effect (None: open ground) and the blast's, in the engine's order."""

    penetration: int | None
    struck: Effect | None
    blast: list[Effect]


def shot_effects(structures: dict[str, Structure], weapon: Weapon, range_m: float,
                 target_id: str | None, modifier: int, dice: ShotDice,
                 reach: list[tuple[str, int, int]] = ()) -> ShotEffects:
    """The ruleset's hook: what one round does for the given dice values.

    ``structures`` are the siege's, as they stand; ``reach`` is ``blast_reach`` of the burst
    (empty for a weapon without a blast, or when only the struck structure is wanted).
    """
    penetration = final_penetration(weapon, range_m, dice.calibre, modifier)
    if penetration is None:
        return ShotEffects(None, None, [])
    struck = None
    if target_id is not None:
        struck = hit_effect(structures[target_id], weapon, penetration,
                            small_arm=dice.small_arm, fire=dice.fire)
    blast = ([blast_effect(structures[key], distance, amount) for key, distance, amount in reach
              if structures[key].dp > 0] if weapon.explosive else [])
    return ShotEffects(penetration, struck, blast)
