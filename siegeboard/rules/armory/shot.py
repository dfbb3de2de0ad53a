"""The Hull ruleset's hit as a function of its figures: ``shot_effects``, the ruleset's hook.

Given a structure as it stands, the Successes and Boons of the attack and the fire's 1D6,
``hit_effect`` says what one fired weapon does to it (A2, A3, A5, A9, A10): the front layer
struck, its Hull suffered and ladder step after, Breached, and whether it burns. It is
built from ``armory.numbers`` and follows ``armory.actions._attack``; the tests play every
case through the engine and compare (tests/rules/test_odds_hook.py). ``burning_effect`` is
the clock's part (A10: 1 Hull a round, ignoring Armor), for the rounds-to-fall chain.
"""

from __future__ import annotations

from dataclasses import dataclass

from siegeboard.model.structure import HullLayer, LadderStep, Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules.armory import numbers as armory

FIRE_FACE = 6                   # A10: an explosive hit sets a structure that burns alight on a 6


@dataclass(frozen=True, slots=True)
class HullEffect:
    """What one hit does. ``damage`` is put on ``layer`` ("outer", or "inner": the
    portcullis behind a Breached gate); ``needs_fire``: the hit rolls the fire's 1D6."""

    structure_id: str
    damage: int
    layer: str
    suffered: int
    ladder: LadderStep
    inner_suffered: int | None
    inner_ladder: LadderStep | None
    breached: bool
    cracked: bool
    burning: bool
    caught_fire: bool = False
    needs_fire: bool = False
    changes_nothing: bool = False


def burns(structure: Structure) -> bool:
    return structure.burns or structure.has_flag("burns")


def _layers(structure: Structure) -> tuple[HullLayer, HullLayer | None]:
    return (HullLayer(name=structure.name, armor=structure.armor, hull=structure.hull,
                      suffered=structure.hull_suffered, ladder=structure.ladder),
            structure.inner_layer)


def _effect(structure: Structure, outer: HullLayer, inner: HullLayer | None, damage: int,
            layer: str, burning: bool, **flags) -> HullEffect:
    steps = [outer.ladder] + ([inner.ladder] if inner is not None else [])
    return HullEffect(
        structure.id, damage, layer, outer.suffered, outer.ladder,
        inner.suffered if inner is not None else None, inner.ladder if inner is not None else None,
        breached=all(step == "breached" for step in steps),
        cracked=any(step != "intact" for step in steps), burning=burning, **flags)


def hit_effect(structure: Structure, weapon: Weapon, successes: int, boons: int, *,
               through_slit: bool = False, ladder_mode: str = "hull",
               fire: int | None = None) -> HullEffect:
    """A2, A3, A9 (blast halved), A5 (the front layer), A4 (the ladder), A10 (fire).

    ``fire`` is the 1D6 of an explosive hit on a structure that burns; when the hit needs it
    and it is not given, the structure does not catch fire (``needs_fire`` says so).
    """
    outer, inner = _layers(structure)
    if armory.fully_breached(structure):
        return _effect(structure, outer, inner, 0, "outer", structure.burning,
                       changes_nothing=True)
    front = "inner" if inner is not None and structure.ladder == "breached" else "outer"
    layer = inner if front == "inner" else outer
    if not armory.weapon_marks(structure, weapon):
        damage = 0
    else:
        armor, _parts = armory.effective_armor(structure, weapon, through_slit=through_slit,
                                               layer=layer)
        damage = armory.hit_damage(weapon.hull_damage, successes, armor,
                                   pierce=0 if through_slit else weapon.pierce, boons=boons,
                                   crit=weapon.crit)
        if armory.blast_applies(structure, weapon):
            damage = armory.halve_blast(damage)
    after = armory.suffer(layer, damage, mode=ladder_mode,
                          can_breach=not structure.has_flag("dig_only"))
    if front == "inner":
        inner = after
    else:
        outer = after
    burning = structure.burning and outer.ladder != "breached"
    caught = needs = False
    if burns(structure) and not burning and outer.ladder != "breached":
        if weapon.incendiary:
            caught = True
        elif weapon.explosive:
            needs = True
            caught = fire == FIRE_FACE
    return _effect(structure, outer, inner, damage, front, burning or caught,
                   caught_fire=caught, needs_fire=needs)


def shot_effects(structure: Structure, weapon: Weapon, successes: int, boons: int, *,
                 through_slit: bool = False, ladder_mode: str = "hull",
                 fire: int | None = None) -> HullEffect:
    """The ruleset's hook: the one structure a fired weapon hits (the Hull ruleset has no
    blast reaching others)."""
    return hit_effect(structure, weapon, successes, boons, through_slit=through_slit,
                      ladder_mode=ladder_mode, fire=fire)


def burning_effect(structure: Structure, turns: int) -> HullEffect:
    """A10: ``turns`` rounds of burning: 1 Hull a round off the outer layer, ignoring Armor,
    until Breached (an earth rampart stops one short: only a mine Breaches it)."""
    outer, inner = _layers(structure)
    if not structure.burning:
        return _effect(structure, outer, inner, 0, "outer", False)
    can_breach = not structure.has_flag("dig_only")
    room = structure.hull - structure.hull_suffered - (0 if can_breach else 1)
    loss = max(0, min(turns, room))
    outer = armory.suffer(outer, loss, mode="hull", can_breach=can_breach)
    return _effect(structure, outer, inner, loss, "outer", outer.ladder != "breached")


def applied(structure: Structure, effect: HullEffect) -> Structure:
    """``structure`` with ``effect`` written into it (a copy; the original is left alone)."""
    update = {"hull_suffered": effect.suffered, "ladder": effect.ladder,
              "burning": effect.burning}
    if structure.inner_layer is not None:
        update["inner_layer"] = structure.inner_layer.model_copy(
            update={"suffered": effect.inner_suffered, "ladder": effect.inner_ladder})
    return structure.model_copy(update=update)
