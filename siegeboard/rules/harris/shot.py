"""The DP ruleset's shot (H4-H7, H9), written once: what a round does, from its dice.

``hit_effect`` is the rule for the struck structure: final penetration against the current
AV, attack value (the small arm's 1D20), full concussion, DP lost, collapse and clearing,
the people's D6 and the fire roll. ``blast_reach`` and ``blast_effect`` are the rule for the
others (H6). Everything that resolves a shot reads them and nothing else:

- the engine's handler (``harris.actions``) rolls the dice the effect says it needs, in the
  order the rule text rolls them, then applies and narrates the effect;
- the odds (``harris.odds``) evaluate it once per distinct dice outcome;
- the rounds-to-fall model and the bombardment (``harris.rounds``) tabulate it.

A die the hit needs and is not given counts as not rolled yet: the effect says so
(``needs_small_arm``, ``needs_fire``) and the caller rolls it and asks again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from siegeboard.geometry import square_of
from siegeboard.geometry.index import StructureIndex
from siegeboard.geometry.squares import SQUARE_M, squares_away_many
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.harris.burning import fire_after_ignition
from siegeboard.rules.harris.damage import DpLoss, dp_loss

CALIBRE_DICE = (2, 6)  # H4: a large-calibre weapon adds 2D6 to its penetration
SMALL_ARM_DIE = 20     # H4: a small arm below half the AV rolls 1D20, a 1 takes 1 DP
FIRE_DIE = 6           # H9: 1D6 (+1 incendiary), 6 or more sets it alight
IGNITION_TARGET = 6


@dataclass(frozen=True, slots=True)
class ShotDice:
    """The values of a shot's dice: ``calibre`` the 2D6's sum (0 for a weapon without),
    ``small_arm`` the 1D20 and ``fire`` the ignition 1D6, each None when not rolled."""

    calibre: int = 0
    small_arm: int | None = None
    fire: int | None = None


@dataclass(slots=True)
class Effect:
    """What the shot does to one structure.

    ``lost`` is the DP the shot takes (asked for; DP never goes below 0); ``armor`` the AV
    the hit met. ``needs_small_arm`` and ``needs_fire``: the hit rolls that die (so a caller
    enumerating dice knows which to vary); ``small_arm_die`` and ``fire_die`` the values it
    was given. ``damage_dice``: H5's (damage - AV) D6 of a penetrating hit;
    ``personnel_dice`` the same when somebody is inside to take them, else 0.
    ``ignition_level``: the level the fire roll set it alight at (None: no fire started);
    ``caught_fire``: that raised its fire (a fire already higher keeps its level).
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
    damage_dice: int = 0
    small_arm_die: int | None = None
    fire_die: int | None = None
    ignition_level: int | None = None

    def loss(self) -> DpLoss:
        """The DP loss this effect is made of, for ``damage.lose_dp`` to apply."""
        return DpLoss(self.dp_after, self.collapses, self.collapsed, self.cleared)


class _Die:
    """The one value of a die already known, handed to a pure function that rolls."""

    def __init__(self, value: int):
        self._value = value

    def roll(self, count: int, sides: int, label: str | None = None) -> list[int]:
        return [self._value]


def final_penetration(weapon: Weapon, range_m: float, calibre: int, modifier: int) -> int | None:
    """H4: the band's penetration + the 2D6's sum + the GM's modifier, 0 at least; None when
    out of range."""
    band = weapon.band_for(range_m)
    if band is None:
        return None
    return max(0, band.penetration + (calibre if weapon.large_calibre else 0) + modifier)


def catches_fire(weapon: Weapon, fire_die: int) -> bool:
    """H9: 1D6 (+1 for an incendiary round), 6 or more."""
    return fire_die + (1 if weapon.incendiary else 0) >= IGNITION_TARGET


def hit_effect(structure: Structure, weapon: Weapon, penetration: int, *,
               small_arm: int | None = None, fire: int | None = None) -> Effect:
    """H4, H5, H6 (full concussion), H7, H9: the struck structure after a round of final
    ``penetration``, with ``small_arm`` the 1D20 and ``fire`` the fire's 1D6. A die the hit
    needs and is not given counts as not rolled yet: the effect says so (``needs_*``) and
    takes the small arm's 1D20 as not 1 and no fire."""
    armor = harris.current_armor(structure)
    penetrates = harris.penetrates(penetration, armor)
    small = harris.is_small_arm(weapon)
    needs_small_arm = small and not penetrates and 2 * penetration < armor
    attack = harris.attack_value(penetration, armor, small_arm=small,
                                 dice=_Die(small_arm if small_arm is not None else 2))
    concussion = weapon.concussion if weapon.explosive else 0
    loss = dp_loss(structure, attack + concussion)
    damage_dice = harris.personnel_damage_dice(weapon.damage, penetration, armor)
    level, wild = structure.fire_level, structure.out_of_control
    needs_fire = (weapon.explosive or weapon.incendiary) and loss.dp_after > 0
    ignition = None
    if needs_fire and fire is not None and catches_fire(weapon, fire):
        ignition = harris.fire_level_on_ignition(penetration, armor)
        level, wild = fire_after_ignition(structure, ignition)
    return Effect(structure.id, structure.dp, loss.dp_after, attack + concussion,
                  loss.collapses, loss.collapsed, loss.cleared, level, wild,
                  level != structure.fire_level, armor=armor, penetration=penetration,
                  attack_value=attack, penetrates=penetrates,
                  personnel_dice=damage_dice if structure.occupants else 0,
                  needs_small_arm=needs_small_arm, needs_fire=needs_fire,
                  concussion=concussion, squares_away=0, damage_dice=damage_dice,
                  small_arm_die=small_arm if needs_small_arm else None,
                  fire_die=fire if needs_fire else None, ignition_level=ignition)


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
    for key, distance in zip(candidates, distances, strict=True):
        if distance not in amounts:
            amounts[distance] = harris.concussion_at(concussion, distance, falloff=falloff)
        if amounts[distance]:
            out.append((key, distance, amounts[distance]))
    return out


def blast_effect(structure: Structure, distance: int, concussion: int) -> Effect:
    """H6, H7: a structure in the blast's reach loses ``concussion`` (no dice, no fire)."""
    loss = dp_loss(structure, concussion)
    return Effect(structure.id, structure.dp, loss.dp_after, concussion, loss.collapses,
                  loss.collapsed, loss.cleared, structure.fire_level, structure.out_of_control,
                  False,
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
                 reach: Sequence[tuple[str, int, int]] = ()) -> ShotEffects:
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
