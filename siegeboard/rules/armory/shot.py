"""The Hull ruleset's hit (A2, A3, A5, A9, A10), written once: what a fired weapon does.

Given a structure as it stands, the Successes and Boons of the attack and the fire's 1D6,
``hit_effect`` says what one fired weapon does to it: the front layer struck, the damage and
the figures that made it, its Hull suffered and ladder step after, Breached, and whether it
burns. The engine's handler (``armory.actions``) applies and narrates it, the odds
(``armory.odds``) enumerate it. ``fire_on_hit`` is A10's ignition (a fired round or a
charge), ``burn_loss`` and ``burning_effect`` the clock's part (1 Hull a round, ignoring
Armor), read by the handler's clock and the rounds-to-fall chain alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from siegeboard.model.structure import HullLayer, LadderStep, Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules.armory import numbers as armory

Which = Literal["outer", "inner"]  # the layer of a gate a hit lands on (A5)

FIRE_FACE = 6                   # A10: an explosive hit sets a structure that burns alight on a 6
POOL_BOON = 6                   # A12 (house rule): each 6 of a pool is also a Boon


def pool_figures(values: list[int], least: int) -> tuple[int, int]:
    """A12 (house rule, R1): (Successes, Boons) of a pool's dice: each die of ``least`` or
    more a Success, each ``POOL_BOON`` also a Boon. ``armory.odds.pool_outcomes`` counts the
    same faces."""
    successes = sum(1 for value in values if value >= least)
    boons = sum(1 for value in values if value >= POOL_BOON)
    return successes, boons


@dataclass(frozen=True, slots=True)
class HullEffect:
    """What one hit does. ``damage`` is put on ``layer`` ("outer", or "inner": the
    portcullis behind a Breached gate); ``needs_fire``: the hit rolls the fire's 1D6.

    The figures that made the damage, for the log (not part of what the hit does, so two
    hits doing the same compare equal): ``marks`` (A3: a reinforced block takes nothing
    below Heavy mount), ``total`` (Hull damage + Successes + the Boons' extra), ``armor_parts``
    (the words of A3's effective Armor), ``armor_met`` (after Pierce), ``unhalved`` (before
    A9's halving) and ``halved``."""

    structure_id: str
    damage: int
    layer: Which
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
    marks: bool = field(default=True, compare=False)
    total: int = field(default=0, compare=False)
    armor_parts: tuple[str, ...] = field(default=(), compare=False)
    armor_met: int = field(default=0, compare=False)
    unhalved: int = field(default=0, compare=False)
    halved: bool = field(default=False, compare=False)


def burns(structure: Structure) -> bool:
    return structure.burns or structure.has_flag("burns")


def _layers(structure: Structure) -> tuple[HullLayer, HullLayer | None]:
    return (HullLayer(name=structure.name, armor=structure.armor, hull=structure.hull,
                      suffered=structure.hull_suffered, ladder=structure.ladder),
            structure.inner_layer)


def _effect(structure: Structure, outer: HullLayer, inner: HullLayer | None, damage: int,
            layer: Which, burning: bool, **flags) -> HullEffect:
    steps = [outer.ladder] + ([inner.ladder] if inner is not None else [])
    return HullEffect(
        structure.id, damage, layer, outer.suffered, outer.ladder,
        inner.suffered if inner is not None else None, inner.ladder if inner is not None else None,
        breached=all(step == "breached" for step in steps),
        cracked=any(step != "intact" for step in steps), burning=burning, **flags)


def fire_on_hit(structure: Structure, weapon: Weapon, fire: int | None, *, burning: bool,
                ladder: LadderStep) -> tuple[bool, bool]:
    """A10: (catches fire, rolls the fire's 1D6) for a structure hit by ``weapon`` (a fired
    round, or charges set against it), judged on the state the hit leaves: ``burning`` and
    the outer layer's ``ladder``. A structure that burns, not burning yet and not Breached,
    catches fire from an incendiary hit, and from an explosive one on a 6 (``fire``; not
    given: not rolled yet)."""
    if not burns(structure) or burning or ladder == "breached":
        return False, False
    if weapon.incendiary:
        return True, False
    if weapon.explosive:
        return fire == FIRE_FACE, True
    return False, False


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
    front: Which = "inner" if inner is not None and structure.ladder == "breached" else "outer"
    layer = inner if inner is not None and front == "inner" else outer
    total = weapon.hull_damage + successes + armory.boon_extra(boons, weapon.crit)
    marks = armory.weapon_marks(structure, weapon)
    parts: list[str] = []
    met = unhalved = damage = 0
    halved = False
    if marks:
        armor, parts = armory.effective_armor(structure, weapon, through_slit=through_slit,
                                              layer=layer)
        pierce = 0 if through_slit else weapon.pierce
        met = max(0, armor - pierce)
        damage = unhalved = armory.hit_damage(weapon.hull_damage, successes, armor,
                                              pierce=pierce, boons=boons, crit=weapon.crit)
        halved = armory.blast_applies(structure, weapon)
        if halved:
            damage = armory.halve_blast(damage)
    after = armory.suffer(layer, damage, mode=ladder_mode,
                          can_breach=not structure.has_flag("dig_only"))
    if front == "inner":
        inner = after
    else:
        outer = after
    burning = structure.burning and outer.ladder != "breached"
    caught, needs = fire_on_hit(structure, weapon, fire, burning=burning, ladder=outer.ladder)
    return _effect(structure, outer, inner, damage, front, burning or caught,
                   caught_fire=caught, needs_fire=needs, marks=marks, total=total,
                   armor_parts=tuple(parts), armor_met=met, unhalved=unhalved, halved=halved)


def shot_effects(structure: Structure, weapon: Weapon, successes: int, boons: int, *,
                 through_slit: bool = False, ladder_mode: str = "hull",
                 fire: int | None = None) -> HullEffect:
    """The ruleset's hook: the one structure a fired weapon hits (the Hull ruleset has no
    blast reaching others)."""
    return hit_effect(structure, weapon, successes, boons, through_slit=through_slit,
                      ladder_mode=ladder_mode, fire=fire)


def burn_loss(structure: Structure, turns: int) -> int:
    """A10: the Hull ``turns`` rounds of burning take off a burning structure: 1 a round,
    ignoring Armor, until Breached; an earth rampart (``dig_only``) stops one short, since
    only a mine Breaches it (A9)."""
    room = structure.hull - structure.hull_suffered - (1 if structure.has_flag("dig_only")
                                                       else 0)
    return max(0, min(turns, room))


def burning_effect(structure: Structure, turns: int) -> HullEffect:
    """A10: ``turns`` rounds of burning: 1 Hull a round off the outer layer, ignoring Armor,
    until Breached (an earth rampart stops one short: only a mine Breaches it)."""
    outer, inner = _layers(structure)
    if not structure.burning:
        return _effect(structure, outer, inner, 0, "outer", False)
    can_breach = not structure.has_flag("dig_only")
    loss = burn_loss(structure, turns)
    outer = armory.suffer(outer, loss, mode="hull", can_breach=can_breach)
    return _effect(structure, outer, inner, loss, "outer", outer.ladder != "breached")


def applied(structure: Structure, effect: HullEffect) -> Structure:
    """``structure`` with ``effect`` written into it (a copy; the original is left alone)."""
    update: dict[str, object] = {"hull_suffered": effect.suffered, "ladder": effect.ladder,
                                 "burning": effect.burning}
    if structure.inner_layer is not None:
        update["inner_layer"] = structure.inner_layer.model_copy(
            update={"suffered": effect.inner_suffered, "ladder": effect.inner_ladder})
    return structure.model_copy(update=update)
