"""The engine's actions for the DP ruleset ("Sieges and Fortifications", id ``harris``).

Handlers: fire, advance, fight_fire, repair, free_trapped, override, demolish. Each one
explains every step with ``ctx.say`` in words a GM can check at the table, and records
what happened with ``ctx.event``. Structures are visited in sorted id order so that the
dice are asked for in a reproducible order.

Rulings made here where RULINGS.md leaves a gap (documented, not hidden):
- A final penetration below 0 (a large negative modifier) counts as 0.
- Fire range: ``range_m`` when given (the GM's word), else the distance from the battery.
- A burst with no structure under it still deals concussion around it (H6).
- A shot at a cleared structure meets AV 0 (no cover left): its occupants take the full
  damage dice; its DP stays 0 and it does not catch fire.
- Repair: a team of 3 without a combat engineer is treated as Formidable (like 2 people);
  repairing a structure already at its cap is refused; a cleared structure repaired above
  DP 0 is rubble again (no longer cleared) but stays collapsed.
- Fighting a fire: firefighters after the fire is out do not roll. The document keeps no
  firefighter records, so a burned firefighter is an explanation line and a ``burned``
  event for the GM to note on the character.
- Demolish: each charge hits the structure at range 0 like a fire action, aimed at a point
  inside its footprint (its representative point): attack value, personnel damage, full
  concussion, a fire roll, and concussion to its neighbours. ``on_pier`` is a Hull-ruleset
  rule and has no effect here.
- Override: ``dp`` must lie in 0..dp_original. Setting ``fire_level`` without
  ``out_of_control`` judges out of control by H9 (level 0: not burning, not out of
  control). Hull-ruleset fields are refused.
"""

from __future__ import annotations

import math
from typing import Any

from siegeboard.geometry import label_at
from siegeboard.geometry.squares import structure_square_label
from siegeboard.model.actions import (
    AdvanceClock,
    Demolish,
    Difficulty,
    FightFire,
    FireAt,
    FreeTrapped,
    GMOverride,
    Repair,
)
from siegeboard.model.weapon import Weapon
from siegeboard.rules import logged_edits
from siegeboard.rules.context import Context, Handler, RuleError
from siegeboard.rules.dice import TotalOnly
from siegeboard.rules.harris import burning, shot
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.harris.damage import dp_loss, lose_dp
from siegeboard.rules.tasks import resolve_task
from siegeboard.rules.titles import the


def _structure_or_error(ctx: Context, structure_id: str) -> Any:
    if structure_id not in ctx.siege.structures:
        raise RuleError(f"no structure {structure_id!r} in this siege")
    return ctx.current(structure_id)


def _weapon_or_error(ctx: Context, weapon_id: str) -> Weapon:
    weapon = ctx.weapon(weapon_id)
    if weapon is None:
        raise RuleError(f"no weapon {weapon_id!r} in this siege")
    return weapon


# ---------------------------------------------------------------- fire (a shot) ---------

def fire_at(ctx: Context, action: FireAt) -> None:
    """H4-H7, H9: fire a weapon at a point (or a named structure)."""
    weapon = _weapon_or_error(ctx, action.weapon_id)
    if action.range_m is not None:
        range_m = action.range_m
        how = "range given"
    elif action.battery_id is not None:
        battery = ctx.siege.batteries.get(action.battery_id)
        if battery is None:
            raise RuleError(f"no battery {action.battery_id!r} in this siege")
        range_m = math.dist(battery.position, action.at)
        how = f"from {battery.name}"
    else:
        raise RuleError("fire: give battery_id (range measured from it) or range_m")
    target_id: str | None
    if action.target_id is not None:
        _structure_or_error(ctx, action.target_id)
        target_id = action.target_id
    else:
        under = ctx.index.at(action.at)
        target_id = under[0] if under else None
    shoot(ctx, weapon, action.at, range_m, target_id, action.modifier, how=how)


def shoot(ctx: Context, weapon: Weapon, point: tuple[float, float], range_m: float,
          target_id: str | None, modifier: int, *, how: str) -> None:
    """One round: final penetration, the hit on ``target_id`` (if any), then the blast.
    The arithmetic is ``harris.shot``'s; this rolls its dice and tells what it does."""
    band = weapon.band_for(range_m)
    if band is None:
        reach = weapon.range_bands[-1].up_to_m if weapon.range_bands else 0
        raise RuleError(f"{weapon.name} is out of range at {range_m:.1f} m "
                        f"(its range bands reach {reach:g} m)")
    ctx.square = label_at(point, ctx.siege.grid_origin, ctx.siege.label_anchor)
    ctx.say(f"{weapon.name} at {range_m:.1f} m ({how}), square {ctx.square}: penetration "
            f"{band.penetration} (band up to {band.up_to_m:g} m)")
    calibre = 0
    if weapon.large_calibre:
        dice = ctx.roll(*shot.CALIBRE_DICE, f"large calibre, added to the {weapon.name}'s "
                        "penetration")
        calibre = sum(dice)
        ctx.say(f"Large calibre: + 2D6 ({dice[0]} + {dice[1]}) = {band.penetration + calibre}")
    penetration = shot.final_penetration(weapon, range_m, calibre, modifier)
    assert penetration is not None  # in range: the band was found above
    if modifier:
        ctx.say(f"GM modifier {modifier:+d}: final penetration "
                f"{band.penetration + calibre + modifier}")
    if band.penetration + calibre + modifier < 0:
        ctx.say(f"Final penetration {band.penetration + calibre + modifier} is below 0: it "
                "counts as 0")
    if target_id is None:
        ctx.say("The round lands on open ground: no structure is hit")
    else:
        _hit(ctx, weapon, target_id, penetration)
    if weapon.explosive:
        _blast(ctx, weapon, point, struck_id=target_id)


def _hit(ctx: Context, weapon: Weapon, target_id: str, penetration: int) -> None:
    """``shot.hit_effect`` on the struck structure, its dice rolled in the rule's order:
    the small arm's 1D20, the people's D6, the collapse's dice, then the fire's 1D6."""
    structure = ctx.current(target_id)  # as it stands before the hit: the effect's input
    effect = shot.hit_effect(structure, weapon, penetration)
    square = structure_square_label(structure, ctx.siege.grid_origin, ctx.siege.label_anchor)
    ctx.say(f"Hit on {structure.name} ({square}): AV {effect.armor}{_armor_note(structure)}")
    if effect.needs_small_arm:
        (die,) = ctx.roll(1, shot.SMALL_ARM_DIE, f"does the {weapon.name}, a small arm, "
                          f"scratch {the(structure.name)}? (a 1 takes 1 DP)")
        effect = shot.hit_effect(structure, weapon, penetration, small_arm=die)
    ctx.say(_attack_line(effect))
    ctx.event("hit", target_id, weapon=weapon.id, penetration=penetration, armor=effect.armor,
              attack_value=effect.attack_value, concussion=effect.concussion,
              dp=effect.dp_after)
    _personnel_damage(ctx, weapon, structure, effect)
    why = (f"attack value {effect.attack_value} + full concussion {effect.concussion}"
           if weapon.explosive else f"attack value {effect.attack_value}")
    lose_dp(ctx, target_id, effect.lost, why, loss=effect.loss())
    if not (weapon.explosive or weapon.incendiary):
        return
    if not effect.needs_fire:
        ctx.say(f"{structure.name}: nothing left to burn at DP 0, no fire roll")
        return
    (die,) = ctx.roll(1, shot.FIRE_DIE, f"does {the(structure.name)} catch fire? (6 or more"
                      + (" with +1 incendiary" if weapon.incendiary else "") + " sets it alight)")
    effect = shot.hit_effect(structure, weapon, penetration, small_arm=effect.small_arm_die,
                             fire=die)
    shown = (f"1D6 = {die} + 1 incendiary = {die + 1}" if weapon.incendiary
             else f"1D6 = {die}")
    if effect.ignition_level is None:
        ctx.say(f"Fire roll: {shown}, below {shot.IGNITION_TARGET}: no fire")
        return
    ctx.say(f"Fire roll: {shown}: {structure.name} catches fire at level "
            f"max(1, {penetration} - {effect.armor}) = {effect.ignition_level}")
    burning.ignite(ctx, target_id, effect.ignition_level, cause="hit")


def _armor_note(structure: Any) -> str:
    if structure.cleared:
        return " (cleared: the rubble is gone, no cover)"
    if structure.collapsed:
        return f" (rubble: {structure.armor} / 2, rounded half up)"
    return ""


def _attack_line(effect: shot.Effect) -> str:
    """H4 in words: which of the three cases the penetration fell in."""
    penetration, armor, attack = effect.penetration, effect.armor, effect.attack_value
    assert penetration is not None  # the effect of a hit
    head = f"Penetration {penetration} against AV {armor}"
    if effect.penetrates:
        return f"{head}: above it, attack value {attack}; it penetrates"
    if 2 * penetration >= armor:
        where = "above half" if 2 * penetration > armor else "exactly half"
        if penetration == armor:
            where = "equal, not above"
        return f"{head}: {where}, attack value {penetration} / 2 = {attack}"
    if effect.needs_small_arm:
        roll = effect.small_arm_die
        return (f"{head}: below half, small arm: 1D20 = {roll}, "
                f"{'1: attack value 1' if roll == 1 else f'not 1: attack value {attack}'}")
    return f"{head}: below half, attack value {attack}"


def _personnel_damage(ctx: Context, weapon: Weapon, structure: Any, effect: shot.Effect) -> None:
    """H5: a penetrating hit gives the people inside (damage - AV) D6, split evenly."""
    if not effect.penetrates:
        return
    count, armor = effect.damage_dice, effect.armor
    if count == 0:
        ctx.say(f"Damage {weapon.damage} - AV {armor} is not above 0: no harm to those inside")
        return
    if not structure.occupants:
        ctx.say(f"Nobody inside {structure.name}: the {count}D6 personnel damage is not rolled")
        return
    dice = ctx.roll(count, 6, TotalOnly(f"damage to the people inside "
                                        f"{the(structure.name)}, shared among them"))
    total = sum(dice)
    shares = harris.split_damage(total, len(structure.occupants))
    structure = ctx.structure(effect.structure_id)
    for person, share in zip(structure.occupants, shares, strict=True):
        person.damage += share
        if share:
            person.hits += 1
    split = ", ".join(f"{person.name} {share}"
                      for person, share in zip(structure.occupants, shares, strict=True))
    ctx.say(f"Those inside take {weapon.damage} - {armor} = {count}D6 = {total}, split among "
            f"{len(shares)}: {split}")
    ctx.event("personnel_damage", effect.structure_id, dice=count, total=total)


def _blast(ctx: Context, weapon: Weapon, point: tuple[float, float],
           struck_id: str | None) -> None:
    """H6: every structure but the struck one loses concussion by its distance in squares
    (``shot.blast_reach``; each loses it as ``damage.dp_loss`` says, the same as
    ``shot.blast_effect``), told from the burst outwards."""
    falloff = ctx.options.concussion_falloff
    concussion = weapon.concussion
    reach = harris.concussion_reach(concussion, falloff=falloff)
    if reach < 0:
        ctx.say(f"{weapon.name} has no concussion value: no blast damage")
        return
    rule = "C / 2^d" if falloff == "halving" else "C / (d + 1)"
    ctx.say(f"Blast: concussion {concussion}, {rule} rounded half up, reaches {reach} "
            f"square{'s' if reach != 1 else ''} from {ctx.square}")
    reached = shot.blast_reach(ctx.index, point, ctx.siege.grid_origin, concussion, falloff,
                               struck_id)
    # The log reads from the burst outwards, then by name (the GM reads it aloud in order).
    reached.sort(key=lambda hit: (hit[1], ctx.current(hit[0]).name, hit[0]))
    for structure_id, distance, amount in reached:
        structure = ctx.current(structure_id)
        if structure.dp == 0:
            continue
        loss = dp_loss(structure, amount)  # what ``shot.blast_effect`` says, without the rest
        ctx.event("concussion", structure_id, squares_away=distance, concussion=amount,
                  dp=loss.dp_after)
        shown = (f"{concussion} / 2^{distance}" if falloff == "halving"
                 else f"{concussion} / {distance + 1}")
        lose_dp(ctx, structure_id, amount,
                f"concussion {shown} = {amount} at {distance} square{'s' if distance != 1 else ''}",
                loss=loss)


# ---------------------------------------------------------------- the clock --------------

def advance(ctx: Context, action: AdvanceClock) -> None:
    """H9, H10: run the clock; fires grow, burn, spread and burn out."""
    burning.advance(ctx, action.turns)


# ---------------------------------------------------------------- fighting a fire ---------

def fight_fire(ctx: Context, action: FightFire) -> None:
    """H9: each firefighter's turn is a Difficult Constitution task against a fire that is
    not out of control: success -1 level, outstanding -2, catastrophic: burned."""
    structure = _structure_or_error(ctx, action.structure_id)
    if structure.fire_level == 0:
        raise RuleError(f"{structure.name} is not burning: there is no fire to fight")
    if structure.out_of_control:
        raise RuleError(f"{structure.name}'s fire is out of control: it can no longer be put out")
    structure = ctx.structure(action.structure_id)
    start = structure.fire_level
    for number, task in enumerate(action.firefighters, 1):
        who = f"Firefighter {number}"
        if structure.fire_level == 0:
            ctx.say(f"{who}: the fire is already out, no roll")
            continue
        outcome = resolve_task(ctx, task, "difficult", f"{who} fights {structure.name}'s fire "
                               f"(Constitution)")
        drop = {"success": 1, "outstanding": 2}.get(outcome, 0)
        if drop:
            before = structure.fire_level
            structure.fire_level = max(0, before - drop)
            ctx.say(f"{who}: fire level {before} -> {structure.fire_level}")
        elif outcome == "catastrophic":
            ctx.say(f"{who} is burned (catastrophic failure). The siege keeps no firefighter "
                    f"records: note the burn injury on the character")
            ctx.event("burned", action.structure_id, firefighter=number)
        else:
            ctx.say(f"{who}: no headway, fire level stays {structure.fire_level}")
    if structure.fire_level != start:
        ctx.event("fire_fought", action.structure_id, level=structure.fire_level, previous=start)
    if structure.fire_level == 0:
        structure.out_of_control = False
        ctx.say(f"{structure.name}'s fire is out")
        ctx.event("extinguished", action.structure_id)


# ---------------------------------------------------------------- repair ------------------

def repair_difficulty(team_size: int, engineer: bool) -> Difficulty:
    """H8: 3 with an engineer Difficult, 2 Formidable, 1 Impossible; 3 without an engineer is
    taken as Formidable (the text needs one engineer among the three)."""
    if team_size >= 3:
        return "difficult" if engineer else "formidable"
    return "formidable" if team_size == 2 else "impossible"


def repair(ctx: Context, action: Repair) -> None:
    """H8: a success restores 1 DP, an outstanding success 1D6+1; never above the original,
    and a collapsed structure stays collapsed (at most half its original DP)."""
    structure = _structure_or_error(ctx, action.structure_id)
    cap = (harris.collapsed_repair_cap(structure.dp_original) if structure.collapsed
           else structure.dp_original)
    if structure.dp >= cap:
        limit = ("half its original DP: it stays collapsed" if structure.collapsed
                 else "its original DP")
        raise RuleError(f"{structure.name} is at DP {structure.dp}, {limit}: nothing to repair")
    difficulty = repair_difficulty(action.team_size, action.engineer)
    team = f"team of {action.team_size}" + (", with a combat engineer" if action.engineer
                                            else ", no combat engineer")
    if action.team_size == 3 and not action.engineer:
        ctx.say("Three without a combat engineer: taken as Formidable, like a team of two")
    outcome = resolve_task(ctx, action.task, difficulty,
                           f"Repair of {structure.name} ({team}, Combat Engineer)")
    if outcome == "success":
        gain, shown = 1, "1 DP"
    elif outcome == "outstanding":
        (die,) = ctx.roll(1, 6, f"outstanding repair of {the(structure.name)}: "
                            "the die + 1 DP restored")
        gain, shown = die + 1, f"1D6+1 = {die} + 1 = {die + 1} DP"
    else:
        ctx.say(f"{structure.name}: no DP restored")
        return
    structure = ctx.structure(action.structure_id)
    before = structure.dp
    structure.dp = min(cap, before + gain)
    capped = "" if before + gain <= cap else (
        f", capped at {cap} (" + ("half the original: it stays collapsed)" if structure.collapsed
                                  else "the original DP)"))
    ctx.say(f"{structure.name}: {shown} restored, DP {before} -> {structure.dp}{capped}")
    ctx.event("repaired", action.structure_id, gained=structure.dp - before, dp=structure.dp)
    if structure.cleared and structure.dp > 0:
        structure.cleared = False
        ctx.say(f"{structure.name}: rubble heaped back, no longer cleared (still collapsed)")


# ---------------------------------------------------------------- the trapped -------------

def free_trapped(ctx: Context, action: FreeTrapped) -> None:
    """H7: freeing one trapped person is a Formidable Strength task."""
    structure = _structure_or_error(ctx, action.structure_id)
    position = next((i for i, person in enumerate(structure.occupants)
                     if person.name == action.occupant), None)
    if position is None:
        raise RuleError(f"nobody named {action.occupant!r} is in {structure.name}")
    if not structure.occupants[position].trapped:
        raise RuleError(f"{action.occupant} is not trapped in {structure.name}")
    outcome = resolve_task(ctx, action.task, "formidable",
                           f"Freeing {action.occupant} from {structure.name} (Strength)")
    if outcome in ("success", "outstanding"):
        ctx.structure(action.structure_id).occupants[position].trapped = False
        ctx.say(f"{action.occupant} is freed")
        ctx.event("freed", action.structure_id, occupant=action.occupant)
    else:
        ctx.say(f"{action.occupant} is still trapped")


# ---------------------------------------------------------------- GM override -------------

_HULL_FIELDS = ("hull_suffered", "ladder", "burning")


def override(ctx: Context, action: GMOverride) -> None:
    """Set DP, collapsed, cleared, fire level or out of control by hand; logged, undoable."""
    structure = _structure_or_error(ctx, action.structure_id)
    for name in _HULL_FIELDS:
        if getattr(action, name) is not None:
            raise RuleError(f"override: {name} is a Hull-ruleset field, not part of the DP ruleset")
    if action.layer != "outer":
        raise RuleError("override: layer is a Hull-ruleset field (a gate's portcullis)")
    if action.dp is not None and action.dp > structure.dp_original:
        raise RuleError(f"override: dp {action.dp} is above {structure.name}'s original "
                        f"DP {structure.dp_original}")
    wanted = {name: getattr(action, name)
              for name in ("dp", "collapsed", "cleared", "fire_level", "out_of_control")
              if getattr(action, name) is not None}
    if not wanted:
        raise RuleError("override: give at least one of dp, collapsed, cleared, fire_level, "
                        "out_of_control")
    if "fire_level" in wanted and "out_of_control" not in wanted:
        wanted["out_of_control"] = harris.out_of_control(wanted["fire_level"],
                                                        structure.dp_original)
        ctx.say(f"Out of control judged by ruling H9 for level {wanted['fire_level']}: "
                f"{'yes' if wanted['out_of_control'] else 'no'}")
    structure = ctx.structure(action.structure_id)
    reason = f" ({action.reason})" if action.reason else ""
    changes = []
    for name, value in wanted.items():
        before = getattr(structure, name)
        setattr(structure, name, value)
        changes.append(_override_words(name, before, value))
    ctx.say(f"GM override on {structure.name}{reason}: {'; '.join(changes)}. No rule applied")
    ctx.event("override", action.structure_id, reason=action.reason or None,
              **{name: value for name, value in wanted.items()})


def _override_words(name: str, before, value) -> str:
    """One overridden figure in plain words ("fire level 0 -> 12", "out of control")."""
    flags = {"collapsed": ("collapsed", "no longer collapsed"),
             "cleared": ("cleared", "no longer cleared"),
             "out_of_control": ("out of control", "under control")}
    if name in flags:
        return flags[name][0] if value else flags[name][1]
    noun = {"dp": "DP", "fire_level": "fire level"}.get(name, name.replace("_", " "))
    return f"{noun} {before} -> {value}"


# ---------------------------------------------------------------- demolition --------------

def demolish(ctx: Context, action: Demolish) -> None:
    """Charges set on a structure: each hits it at range 0 like a fire action."""
    structure = _structure_or_error(ctx, action.structure_id)
    weapons = [_weapon_or_error(ctx, weapon_id) for weapon_id in action.weapon_ids]
    point = ctx.index.polygon(action.structure_id).representative_point()
    ctx.say(f"Demolition of {structure.name}: {len(weapons)} charge"
            f"{'s' if len(weapons) != 1 else ''}, each a hit at range 0")
    if action.on_pier:
        ctx.say("On a pier: that is a Hull-ruleset rule (ruling A7), no effect in the DP ruleset")
    for number, weapon in enumerate(weapons, 1):
        ctx.say(f"Charge {number}: {weapon.name}")
        shoot(ctx, weapon, (point.x, point.y), 0.0, action.structure_id, 0, how="set by hand")


HANDLERS: dict[str, Handler] = {
    "fire": fire_at,
    "advance": advance,
    "fight_fire": fight_fire,
    "repair": repair,
    "free_trapped": free_trapped,
    "override": override,
    "demolish": demolish,
    **logged_edits.HANDLERS,  # R2: settings and edits in play
}
