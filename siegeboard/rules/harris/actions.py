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
from siegeboard.rules.messages import _, ngettext
from siegeboard.rules.tasks import resolve_task
from siegeboard.rules.titles import the


def _structure_or_error(ctx: Context, structure_id: str) -> Any:
    if structure_id not in ctx.siege.structures:
        raise RuleError(_("no structure {structure_id!r} in this siege").format(
            structure_id=structure_id))
    return ctx.current(structure_id)


def _weapon_or_error(ctx: Context, weapon_id: str) -> Weapon:
    weapon = ctx.weapon(weapon_id)
    if weapon is None:
        raise RuleError(_("no weapon {weapon_id!r} in this siege").format(weapon_id=weapon_id))
    return weapon


# ---------------------------------------------------------------- fire (a shot) ---------

def fire_at(ctx: Context, action: FireAt) -> None:
    """H4-H7, H9: fire a weapon at a point (or a named structure)."""
    weapon = _weapon_or_error(ctx, action.weapon_id)
    if action.range_m is not None:
        range_m = action.range_m
        how = _("range given")
    elif action.battery_id is not None:
        battery = ctx.siege.batteries.get(action.battery_id)
        if battery is None:
            raise RuleError(_("no battery {battery_id!r} in this siege").format(
                battery_id=action.battery_id))
        range_m = math.dist(battery.position, action.at)
        how = _("from {battery}").format(battery=battery.name)
    else:
        raise RuleError(_("fire: give battery_id (range measured from it) or range_m"))
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
        raise RuleError(_("{weapon} is out of range at {range_m:.1f} m (its range bands "
                          "reach {reach:g} m)").format(
            weapon=weapon.name, range_m=range_m, reach=reach))
    ctx.square = label_at(point, ctx.siege.grid_origin, ctx.siege.label_anchor)
    ctx.say(_("{weapon} at {range_m:.1f} m ({how}), square {square}: penetration "
              "{penetration} (band up to {up_to_m:g} m)").format(
        weapon=weapon.name, range_m=range_m, how=how, square=ctx.square,
        penetration=band.penetration, up_to_m=band.up_to_m))
    calibre = 0
    if weapon.large_calibre:
        dice = ctx.roll(*shot.CALIBRE_DICE, _("large calibre, added to the {weapon}'s "
                                              "penetration").format(
            weapon=weapon.name))
        calibre = sum(dice)
        ctx.say(_("Large calibre: + 2D6 ({dice0} + {dice1}) = {value}").format(
            dice0=dice[0], dice1=dice[1], value=band.penetration + calibre))
    penetration = shot.final_penetration(weapon, range_m, calibre, modifier)
    assert penetration is not None  # in range: the band was found above
    if modifier:
        ctx.say(_("GM modifier {modifier:+d}: final penetration {value}").format(
            modifier=modifier, value=band.penetration + calibre + modifier))
    if band.penetration + calibre + modifier < 0:
        ctx.say(_("Final penetration {value} is below 0: it counts as 0").format(
            value=band.penetration + calibre + modifier))
    if target_id is None:
        ctx.say(_("The round lands on open ground: no structure is hit"))
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
    ctx.say(_("Hit on {structure} ({square}): AV {armor}{armor_note}").format(
        structure=structure.name, square=square, armor=effect.armor,
        armor_note=_armor_note(structure)))
    if effect.needs_small_arm:
        (die,) = ctx.roll(1, shot.SMALL_ARM_DIE, _("does the {weapon}, a small arm, "
                                                   "scratch {the_structure}? (a 1 takes 1 "
                                                   "DP)").format(
            weapon=weapon.name,
            the_structure=the(structure.name)))
        effect = shot.hit_effect(structure, weapon, penetration, small_arm=die)
    ctx.say(_attack_line(effect))
    ctx.event("hit", target_id, weapon=weapon.id, penetration=penetration, armor=effect.armor,
              attack_value=effect.attack_value, concussion=effect.concussion,
              dp=effect.dp_after)
    _personnel_damage(ctx, weapon, structure, effect)
    why = (_("attack value {attack_value} + full concussion {concussion}").format(
        attack_value=effect.attack_value, concussion=effect.concussion)
           if weapon.explosive else _("attack value {attack_value}").format(
        attack_value=effect.attack_value))
    lose_dp(ctx, target_id, effect.lost, why, loss=effect.loss())
    if not (weapon.explosive or weapon.incendiary):
        return
    if not effect.needs_fire:
        ctx.say(_("{structure}: nothing left to burn at DP 0, no fire roll").format(
            structure=structure.name))
        return
    question = (_("does {the_structure} catch fire? (6 or more with +1 incendiary sets it "
                  "alight)") if weapon.incendiary
                else _("does {the_structure} catch fire? (6 or more sets it alight)"))
    (die,) = ctx.roll(1, shot.FIRE_DIE, question.format(the_structure=the(structure.name)))
    effect = shot.hit_effect(structure, weapon, penetration, small_arm=effect.small_arm_die,
                             fire=die)
    shown = (_("1D6 = {die} + 1 incendiary = {value}").format(
        die=die, value=die + 1) if weapon.incendiary
             else _("1D6 = {die}").format(die=die))
    if effect.ignition_level is None:
        ctx.say(_("Fire roll: {shown}, below {ignition_target}: no fire").format(
            shown=shown, ignition_target=shot.IGNITION_TARGET))
        return
    ctx.say(_("Fire roll: {shown}: {structure} catches fire at level max(1, {penetration} "
              "- {armor}) = {ignition_level}").format(
        shown=shown, structure=structure.name, penetration=penetration, armor=effect.armor,
        ignition_level=effect.ignition_level))
    burning.ignite(ctx, target_id, effect.ignition_level, cause="hit")


def _armor_note(structure: Any) -> str:
    if structure.cleared:
        return _(" (cleared: the rubble is gone, no cover)")
    if structure.collapsed:
        return _(" (rubble: {armor} / 2, rounded half up)").format(armor=structure.armor)
    return ""


def _attack_line(effect: shot.Effect) -> str:
    """H4 in words: which of the three cases the penetration fell in."""
    penetration, armor, attack = effect.penetration, effect.armor, effect.attack_value
    assert penetration is not None  # the effect of a hit
    head = _("Penetration {penetration} against AV {armor}").format(
        penetration=penetration, armor=armor)
    if effect.penetrates:
        return _("{head}: above it, attack value {attack}; it penetrates").format(
            head=head, attack=attack)
    if 2 * penetration >= armor:
        where = _("above half") if 2 * penetration > armor else _("exactly half")
        if penetration == armor:
            where = _("equal, not above")
        return _("{head}: {where}, attack value {penetration} / 2 = {attack}").format(
            head=head, where=where, penetration=penetration, attack=attack)
    if effect.needs_small_arm:
        roll = effect.small_arm_die
        if roll == 1:
            return _("{head}: below half, small arm: 1D20 = 1, 1: attack value 1").format(
                head=head)
        return _("{head}: below half, small arm: 1D20 = {roll}, not 1: attack value "
                 "{attack}").format(head=head, roll=roll, attack=attack)
    return _("{head}: below half, attack value {attack}").format(head=head, attack=attack)


def _personnel_damage(ctx: Context, weapon: Weapon, structure: Any, effect: shot.Effect) -> None:
    """H5: a penetrating hit gives the people inside (damage - AV) D6, split evenly."""
    if not effect.penetrates:
        return
    count, armor = effect.damage_dice, effect.armor
    if count == 0:
        ctx.say(_("Damage {damage} - AV {armor} is not above 0: no harm to those inside").format(
            damage=weapon.damage, armor=armor))
        return
    if not structure.occupants:
        ctx.say(_("Nobody inside {structure}: the {count}D6 personnel damage is not rolled").format(
            structure=structure.name, count=count))
        return
    dice = ctx.roll(count, 6, TotalOnly(_("damage to the people inside {the_structure}, "
                                          "shared among them").format(
        the_structure=the(structure.name))))
    total = sum(dice)
    shares = harris.split_damage(total, len(structure.occupants))
    structure = ctx.structure(effect.structure_id)
    for person, share in zip(structure.occupants, shares, strict=True):
        person.damage += share
        if share:
            person.hits += 1
    split = ", ".join(_("{person} {share}").format(person=person.name, share=share)
                      for person, share in zip(structure.occupants, shares, strict=True))
    ctx.say(_("Those inside take {damage} - {armor} = {count}D6 = {total}, split among "
              "{people}: {split}").format(
        damage=weapon.damage, armor=armor, count=count, total=total, people=len(shares),
        split=split))
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
        ctx.say(_("{weapon} has no concussion value: no blast damage").format(weapon=weapon.name))
        return
    rule = "C / 2^d" if falloff == "halving" else "C / (d + 1)"
    ctx.say(ngettext("Blast: concussion {concussion}, {rule} rounded half up, reaches {reach} "
                     "square from {square}",
                     "Blast: concussion {concussion}, {rule} rounded half up, reaches {reach} "
                     "squares from {square}", reach).format(
        concussion=concussion, rule=rule, reach=reach, square=ctx.square))
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
                ngettext("concussion {shown} = {amount} at {distance} square",
                         "concussion {shown} = {amount} at {distance} squares", distance).format(
            shown=shown, amount=amount, distance=distance),
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
        raise RuleError(_("{structure} is not burning: there is no fire to fight").format(
            structure=structure.name))
    if structure.out_of_control:
        raise RuleError(_("{structure}'s fire is out of control: it can no longer be put "
                          "out").format(structure=structure.name))
    structure = ctx.structure(action.structure_id)
    start = structure.fire_level
    for number, task in enumerate(action.firefighters, 1):
        who = _("Firefighter {number}").format(number=number)
        if structure.fire_level == 0:
            ctx.say(_("{who}: the fire is already out, no roll").format(who=who))
            continue
        outcome = resolve_task(ctx, task, "difficult", _("{who} fights {structure}'s fire "
                                                         "(Constitution)").format(
            who=who, structure=structure.name))
        drop = {"success": 1, "outstanding": 2}.get(outcome, 0)
        if drop:
            before = structure.fire_level
            structure.fire_level = max(0, before - drop)
            ctx.say(_("{who}: fire level {before} -> {fire_level}").format(
                who=who, before=before, fire_level=structure.fire_level))
        elif outcome == "catastrophic":
            ctx.say(_("{who} is burned (catastrophic failure). The siege keeps no "
                      "firefighter records: note the burn injury on the character").format(
                who=who))
            ctx.event("burned", action.structure_id, firefighter=number)
        else:
            ctx.say(_("{who}: no headway, fire level stays {fire_level}").format(
                who=who, fire_level=structure.fire_level))
    if structure.fire_level != start:
        ctx.event("fire_fought", action.structure_id, level=structure.fire_level, previous=start)
    if structure.fire_level == 0:
        structure.out_of_control = False
        ctx.say(_("{structure}'s fire is out").format(structure=structure.name))
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
        limit = (_("half its original DP: it stays collapsed") if structure.collapsed
                 else _("its original DP"))
        raise RuleError(_("{structure} is at DP {dp}, {limit}: nothing to repair").format(
            structure=structure.name, dp=structure.dp, limit=limit))
    difficulty = repair_difficulty(action.team_size, action.engineer)
    team = (_("team of {size}, with a combat engineer") if action.engineer
            else _("team of {size}, no combat engineer")).format(size=action.team_size)
    if action.team_size == 3 and not action.engineer:
        ctx.say(_("Three without a combat engineer: taken as Formidable, like a team of two"))
    outcome = resolve_task(ctx, action.task, difficulty,
                           _("Repair of {structure} ({team}, Combat Engineer)").format(
        structure=structure.name, team=team))
    if outcome == "success":
        gain, shown = 1, _("1 DP")
    elif outcome == "outstanding":
        (die,) = ctx.roll(1, 6, _("outstanding repair of {the_structure}: the die + 1 DP "
                                  "restored").format(
            the_structure=the(structure.name)))
        gain, shown = die + 1, _("1D6+1 = {die} + 1 = {gain} DP").format(die=die, gain=die + 1)
    else:
        ctx.say(_("{structure}: no DP restored").format(structure=structure.name))
        return
    structure = ctx.structure(action.structure_id)
    before = structure.dp
    structure.dp = min(cap, before + gain)
    capped = "" if before + gain <= cap else (
        _(", capped at {cap} (half the original: it stays collapsed)") if structure.collapsed
        else _(", capped at {cap} (the original DP)")).format(cap=cap)
    ctx.say(_("{structure}: {shown} restored, DP {before} -> {dp}{capped}").format(
        structure=structure.name, shown=shown, before=before, dp=structure.dp,
        capped=capped))
    ctx.event("repaired", action.structure_id, gained=structure.dp - before, dp=structure.dp)
    if structure.cleared and structure.dp > 0:
        structure.cleared = False
        ctx.say(_("{structure}: rubble heaped back, no longer cleared (still collapsed)").format(
            structure=structure.name))


# ---------------------------------------------------------------- the trapped -------------

def free_trapped(ctx: Context, action: FreeTrapped) -> None:
    """H7: freeing one trapped person is a Formidable Strength task."""
    structure = _structure_or_error(ctx, action.structure_id)
    position = next((i for i, person in enumerate(structure.occupants)
                     if person.name == action.occupant), None)
    if position is None:
        raise RuleError(_("nobody named {occupant!r} is in {structure}").format(
            occupant=action.occupant, structure=structure.name))
    if not structure.occupants[position].trapped:
        raise RuleError(_("{occupant} is not trapped in {structure}").format(
            occupant=action.occupant, structure=structure.name))
    outcome = resolve_task(ctx, action.task, "formidable",
                           _("Freeing {occupant} from {structure} (Strength)").format(
        occupant=action.occupant, structure=structure.name))
    if outcome in ("success", "outstanding"):
        ctx.structure(action.structure_id).occupants[position].trapped = False
        ctx.say(_("{occupant} is freed").format(occupant=action.occupant))
        ctx.event("freed", action.structure_id, occupant=action.occupant)
    else:
        ctx.say(_("{occupant} is still trapped").format(occupant=action.occupant))


# ---------------------------------------------------------------- GM override -------------

_HULL_FIELDS = ("hull_suffered", "ladder", "burning")


def override(ctx: Context, action: GMOverride) -> None:
    """Set DP, collapsed, cleared, fire level or out of control by hand; logged, undoable."""
    structure = _structure_or_error(ctx, action.structure_id)
    for name in _HULL_FIELDS:
        if getattr(action, name) is not None:
            raise RuleError(_("override: {name} is a Hull-ruleset field, not part of the "
                              "DP ruleset").format(name=name))
    if action.layer != "outer":
        raise RuleError(_("override: layer is a Hull-ruleset field (a gate's portcullis)"))
    if action.dp is not None and action.dp > structure.dp_original:
        raise RuleError(_("override: dp {dp} is above {structure}'s original DP "
                          "{dp_original}").format(
            dp=action.dp, structure=structure.name,
            dp_original=structure.dp_original))
    wanted = {name: getattr(action, name)
              for name in ("dp", "collapsed", "cleared", "fire_level", "out_of_control")
              if getattr(action, name) is not None}
    if not wanted:
        raise RuleError(_("override: give at least one of dp, collapsed, cleared, fire_level, "
                          "out_of_control"))
    if "fire_level" in wanted and "out_of_control" not in wanted:
        wanted["out_of_control"] = harris.out_of_control(wanted["fire_level"],
                                                        structure.dp_original)
        ctx.say((_("Out of control judged by ruling H9 for level {level}: yes")
                 if wanted["out_of_control"]
                 else _("Out of control judged by ruling H9 for level {level}: no")).format(
            level=wanted["fire_level"]))
    structure = ctx.structure(action.structure_id)
    reason = _(" ({reason})").format(reason=action.reason) if action.reason else ""
    changes = []
    for name, value in wanted.items():
        before = getattr(structure, name)
        setattr(structure, name, value)
        changes.append(_override_words(name, before, value))
    ctx.say(_("GM override on {structure}{reason}: {changes}. No rule applied").format(
        structure=structure.name, reason=reason, changes='; '.join(changes)))
    ctx.event("override", action.structure_id, reason=action.reason or None,
              **{name: value for name, value in wanted.items()})


def _override_words(name: str, before, value) -> str:
    """One overridden figure in plain words ("fire level 0 -> 12", "out of control")."""
    flags = {"collapsed": (_("collapsed"), _("no longer collapsed")),
             "cleared": (_("cleared"), _("no longer cleared")),
             "out_of_control": (_("out of control"), _("under control"))}
    if name in flags:
        return flags[name][0] if value else flags[name][1]
    noun = {"dp": _("DP"), "fire_level": _("fire level")}.get(name, name.replace("_", " "))
    return _("{noun} {before} -> {value}").format(noun=noun, before=before, value=value)


# ---------------------------------------------------------------- demolition --------------

def demolish(ctx: Context, action: Demolish) -> None:
    """Charges set on a structure: each hits it at range 0 like a fire action."""
    structure = _structure_or_error(ctx, action.structure_id)
    weapons = [_weapon_or_error(ctx, weapon_id) for weapon_id in action.weapon_ids]
    point = ctx.index.polygon(action.structure_id).representative_point()
    ctx.say(ngettext("Demolition of {structure}: {count} charge, each a hit at range 0",
                     "Demolition of {structure}: {count} charges, each a hit at range 0",
                     len(weapons)).format(structure=structure.name, count=len(weapons)))
    if action.on_pier:
        ctx.say(_("On a pier: that is a Hull-ruleset rule (ruling A7), no effect in the DP "
                  "ruleset"))
    for number, weapon in enumerate(weapons, 1):
        ctx.say(_("Charge {number}: {weapon}").format(number=number, weapon=weapon.name))
        shoot(ctx, weapon, (point.x, point.y), 0.0, action.structure_id, 0, how=_("set by hand"))


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
