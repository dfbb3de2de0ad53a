"""The odds of one round under the DP ruleset, exactly: the hook evaluated per dice outcome.

The large-calibre 2D6 (11 sums), the small arm's 1D20 (1, or not 1) and the fire's 1D6
(sets it alight, or not) are enumerated with their exact probabilities; the struck
structure's ``hit_effect`` is evaluated once for each distinct outcome, and the blast's
``blast_effect`` once (it takes no dice). The people inside: the personnel D6 and the
collapse's 1D6 hits of 1D6 each are convolved exactly (``chances``); nothing is sampled.
"""

from __future__ import annotations

from fractions import Fraction

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.siege import TURNS_PER_MINUTE, Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.chances import (
    Distribution,
    FireOdds,
    ShotSpec,
    StructureOdds,
    add_to,
    certain,
    collapse_damage_one,
    convolve,
    dice_sum,
    mix,
    power,
)
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.harris.shot import (
    CALIBRE_DICE,
    SMALL_ARM_DIE,
    Effect,
    blast_effect,
    blast_reach,
    catches_fire,
    final_penetration,
    hit_effect,
)

_COLLAPSE_POWERS: dict[int, Distribution] = {}


def collapse_damage(people: int) -> Distribution:
    """H7: the total damage ``people`` take when their structure collapses on them."""
    if people not in _COLLAPSE_POWERS:
        _COLLAPSE_POWERS[people] = power(collapse_damage_one(), people)
    return _COLLAPSE_POWERS[people]


_PEOPLE: dict[tuple[int, int], Distribution] = {}


def people_damage(dice: int, collapsed_on: int) -> Distribution:
    """H5, H7: the damage those inside take together: ``dice`` D6 of personnel damage, and
    the collapse's 1D6 hits of 1D6 on each of ``collapsed_on`` people (0: no collapse).
    Cached: a shot's outcomes share few such pairs, and the hover asks again and again."""
    key = (dice, collapsed_on)
    if key not in _PEOPLE:
        if not collapsed_on:
            _PEOPLE[key] = dice_sum(dice)
        elif not dice:
            _PEOPLE[key] = collapse_damage(collapsed_on)
        else:
            _PEOPLE[key] = convolve(dice_sum(dice), collapse_damage(collapsed_on))
    return _PEOPLE[key]


def turns_to_out_of_control(level: int, structure: Structure, clock_turn: int) -> int:
    """H9, H10: turns until a fire at ``level``, unfought, is out of control: +1 a turn for
    a wooden structure, +1 at each minute's end (turn 12, 24, ...) for the others, until
    the level is above a tenth of the original DP. 0 when it already is."""
    if harris.out_of_control(level, structure.dp_original):
        return 0
    steps = structure.dp_original // 10 + 1 - level  # the first level above DP / 10
    if harris.is_wooden(structure):
        return steps
    return (TURNS_PER_MINUTE - clock_turn % TURNS_PER_MINUTE) + TURNS_PER_MINUTE * (steps - 1)


def _penetrations(spec: ShotSpec) -> list[tuple[Fraction, int]]:
    """(probability, final penetration) for each sum of the large-calibre 2D6."""
    if spec.range_m is None:
        raise ValueError("the DP ruleset needs a range: fire from a battery or type one")
    sums = dice_sum(*CALIBRE_DICE) if spec.weapon.large_calibre else certain(0)
    out = []
    for calibre, p in sums.items():
        penetration = final_penetration(spec.weapon, spec.range_m, calibre, spec.modifier)
        if penetration is None:
            reach = spec.weapon.range_bands[-1].up_to_m if spec.weapon.range_bands else 0
            raise ValueError(f"{spec.weapon.name} is out of range at {spec.range_m:.1f} m "
                             f"(its range bands reach {reach:g} m)")
        out.append((p, penetration))
    return out


def _struck_outcomes(structure: Structure, spec: ShotSpec) -> list[tuple[Fraction, Effect]]:
    """Every distinct outcome of the hit with its probability."""
    weapon = spec.weapon
    lights = [face for face in range(1, 7) if catches_fire(weapon, face)]
    spares = [face for face in range(1, 7) if face not in lights]
    # One face stands for all that do the same: the rest of the hit does not read the die.
    fire_cases = [(Fraction(len(faces), 6), faces[0]) for faces in (lights, spares) if faces]
    out = []
    for p_pen, penetration in _penetrations(spec):
        first = hit_effect(structure, weapon, penetration)
        small = ([(Fraction(1, SMALL_ARM_DIE), 1), (Fraction(SMALL_ARM_DIE - 1, SMALL_ARM_DIE), 2)]
                 if first.needs_small_arm else [(Fraction(1), None)])
        for p_small, d20 in small:
            effect = first if d20 is None else hit_effect(structure, weapon, penetration,
                                                          small_arm=d20)
            if not effect.needs_fire:
                out.append((p_pen * p_small, effect))
                continue
            for p_die, face in fire_cases:
                out.append((p_pen * p_small * p_die,
                            hit_effect(structure, weapon, penetration, small_arm=d20, fire=face)))
    return out


def _odds_of(structure: Structure, outcomes: list[tuple[Fraction, Effect]], struck: bool,
             clock_turn: int) -> StructureOdds:
    odds = StructureOdds(id=structure.id, name=structure.name, struck=struck,
                         figure="dp_after", now=structure.dp, of=structure.dp_original,
                         p_penetrate=Fraction(0) if struck else None, p_collapse=Fraction(0),
                         p_cleared=Fraction(0), occupants=len(structure.occupants),
                         fallen=structure.collapsed)
    people_keys: dict[tuple[int, bool], Fraction] = {}
    dice: Distribution = {}
    fire = FireOdds() if structure.fire_level == 0 or not structure.out_of_control else None
    penetrate = collapse = cleared = Fraction(0)
    for p, effect in outcomes:
        if struck and effect.penetrates:
            penetrate += p
        add_to(odds.left, effect.dp_after, p)
        if effect.collapsed:
            collapse += p
        if effect.cleared:
            cleared += p
        if effect.fire_level > 0:
            odds.p_ignite += p
        collapse_people = effect.collapses and bool(structure.occupants)
        if collapse_people:
            odds.p_trapped += p
        key = (effect.personnel_dice, collapse_people)
        people_keys[key] = people_keys.get(key, Fraction(0)) + p
        add_to(dice, effect.personnel_dice, p)
        if fire is not None and effect.fire_level > 0 and effect.caught_fire:
            add_to(fire.level, effect.fire_level, p)
            if effect.out_of_control:
                fire.wild += p
            elif effect.dp_after > 0:
                add_to(fire.turns_to_wild,
                       turns_to_out_of_control(effect.fire_level, structure, clock_turn), p)
        if effect.concussion and not struck:
            odds.concussion, odds.squares_away = effect.concussion, effect.squares_away
    if struck:
        odds.p_penetrate = penetrate
    odds.p_collapse, odds.p_cleared = collapse, cleared
    people = len(structure.occupants)
    if len(people_keys) == 1:
        ((count, collapses),) = people_keys
        odds.people = people_damage(count, people if collapses else 0)
    else:
        odds.people = mix((p, people_damage(count, people if collapses else 0))
                          for (count, collapses), p in people_keys.items())
    odds.people_dice = dice
    odds.fire = fire if fire is not None and fire.level else None
    return odds


_ONE, _NONE = Fraction(1), Fraction(0)


def _blast_odds(structure: Structure, effect: Effect) -> StructureOdds:
    """A blast's effect is certain (no dice): ``_odds_of`` for one outcome, without the
    arithmetic (a burst reaches dozens of structures; the hover asks on every move)."""
    collapsed_on = len(structure.occupants) if effect.collapses else 0
    return StructureOdds(
        id=structure.id, name=structure.name, struck=False, figure="dp_after",
        now=structure.dp, of=structure.dp_original,
        p_collapse=_ONE if effect.collapsed else _NONE,
        p_cleared=_ONE if effect.cleared else _NONE,
        p_ignite=_ONE if effect.fire_level > 0 else _NONE, left={effect.dp_after: _ONE},
        people=people_damage(0, collapsed_on), people_dice=_CERTAIN_NONE,
        occupants=len(structure.occupants), p_trapped=_ONE if collapsed_on else _NONE,
        concussion=effect.concussion, squares_away=effect.squares_away,
        fallen=structure.collapsed)


_CERTAIN_NONE = certain(0)


def shot_odds(siege: Siege, spec: ShotSpec, index: StructureIndex,
              target_id: str | None) -> list[StructureOdds]:
    """The struck structure first (if any), then each structure in the blast's reach."""
    structures = siege.structures
    turn = siege.clock.turn
    out = []
    if target_id is not None:
        structure = structures[target_id]
        out.append(_odds_of(structure, _struck_outcomes(structure, spec), True, turn))
    else:
        _penetrations(spec)  # out of range is refused on open ground too
    weapon = spec.weapon
    if weapon.explosive:
        reach = blast_reach(index, spec.point, siege.grid_origin, weapon.concussion,
                            siege.options.concussion_falloff, target_id)
        for key, distance, amount in reach:
            structure = structures[key]
            if structure.dp == 0:
                continue  # cleared: the blast has nothing left to take
            out.append(_blast_odds(structure, blast_effect(structure, distance, amount)))
    return out
