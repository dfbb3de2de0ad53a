"""The engine's actions for the Hull ruleset (``armory``), registered with the engine.

Each handler reads the siege through the ``Context``, changes working copies, explains every
step in lines a GM can read and records typed events. The arithmetic lives in ``armory``.

Readings of the text where it is silent (beyond RULINGS A1-A12):
- A hit or a charge always strikes the front layer: the gate, then (once the gate is
  Breached) the portcullis; no carry-over (A5). Burning and repair act on the outer layer
  first as well. A Petard or Breaching Charge opens one layer: the one it is fixed to.
- Personal weapons: the text sends them to Chapter 4, which is not given; their catalogue
  Hull damage is used and the explanation says so.
- Set charges are not fired: guns' vulnerability, the bunker's indirect rule, the slit and
  "Heavy and Capital only" do not apply to them; Cracked does, and blast is halved on earth.
- A fired mine is not blast: it is not halved by an earth rampart and can Breach one (A9).
- Burning (A10) counts Hull suffered; under "ladder as written" (A4) its steps come from
  the Hull burned since the fire began, on their own: a fire is not a hit. Hits (fire,
  scene) and explosive or incendiary charges set against it (one fire roll for charges set
  together) can set a structure alight; a Breached structure stops burning.
- A lost opposed Perception check while mining loses the day: no progress, the mine goes on.
  A countermine ends the mine even when the besiegers won the check.
- Repair (the chapter has none): an Average task for the team (entered or rolled, H13);
  success restores 1 Hull per worker, outstanding 2 per worker, failure or catastrophe none.
  The ladder then climbs back to the step the remaining Hull suffered gives, never lower.
- A scene (A12) runs the clock by its day or week (A14) after its attacks: what burns then
  burns through it, in closed form.
- A day of digging (A8) runs the clock a day (A14), whatever the Perception check gave.
"""

from __future__ import annotations

from typing import Literal

from siegeboard.geometry import label_at
from siegeboard.geometry.squares import structure_square_label
from siegeboard.model.actions import (
    AdvanceClock,
    Demolish,
    FireAt,
    GMOverride,
    Kick,
    Repair,
    ResolveScene,
    SceneAttack,
)
from siegeboard.model.siege import TURNS_PER_DAY, Clock
from siegeboard.model.structure import HullLayer, LadderStep, Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules import logged_edits
from siegeboard.rules.armory import numbers as armory
from siegeboard.rules.armory import shot
from siegeboard.rules.context import Context, Handler, RuleError
from siegeboard.rules.messages import _, ngettext
from siegeboard.rules.tasks import resolve_task
from siegeboard.rules.titles import the
from siegeboard.rules.words import clock_label, ladder_word, length_word, mount_word, side_word

Which = Literal["outer", "inner"]
FIRED_ROLES = ("gun", "incendiary")
OPENING_ROLES = ("petard", "breaching_charge")
CHARGE_ROLES = ("petard", "breaching_charge", "demolition_charge")
SCENE_TURNS = {"day": TURNS_PER_DAY, "week": 7 * TURNS_PER_DAY}  # A14
HARRIS_OVERRIDES = ("dp", "collapsed", "cleared", "fire_level", "out_of_control")


def characters_scene() -> str:
    """A12's call for the characters' own scene, said after every scene."""
    return _("Now play one scene of the characters' own: a sortie, a night climb, a "
             "countermine, a parley.")


# --- Look-ups -------------------------------------------------------------------------------

def _weapon(ctx: Context, weapon_id: str) -> Weapon:
    """The siege's own weapon of that id, else the catalogue's starter weapon (which joins
    the siege's weapons with the action)."""
    weapon = ctx.weapon(weapon_id)
    if weapon is None:
        raise RuleError(_("weapon_id: no weapon {weapon_id!r} in this siege or its "
                          "catalogue").format(weapon_id=weapon_id))
    return weapon


def existing(ctx: Context, structure_id: str) -> Structure:
    if structure_id not in ctx.siege.structures:
        raise RuleError(_("structure_id: no structure {structure_id!r} in this siege").format(
            structure_id=structure_id))
    return ctx.current(structure_id)


# --- Layers (A5) ----------------------------------------------------------------------------

def _layer(structure: Structure, which: Which) -> HullLayer:
    if which == "inner":
        assert structure.inner_layer is not None  # "inner" only for a gate with a layer behind
        return structure.inner_layer
    return HullLayer(name=structure.name, armor=structure.armor, hull=structure.hull,
                     suffered=structure.hull_suffered, ladder=structure.ladder)


def _set_layer(structure: Structure, which: Which, layer: HullLayer) -> None:
    if which == "inner":
        structure.inner_layer = layer
    else:
        structure.hull_suffered = layer.suffered
        structure.ladder = layer.ladder


def _front(structure: Structure) -> Which:
    """The layer the next blow strikes: the gate until it is Breached, then the portcullis."""
    if structure.inner_layer is not None and structure.ladder == "breached":
        return "inner"
    return "outer"


def _label(structure: Structure, which: Which) -> str:
    if structure.inner_layer is None:
        return structure.name
    if which == "inner":
        return _("{structure}, {layer}").format(structure=structure.name,
                                               layer=structure.inner_layer.name.lower())
    return _("{structure}, gate").format(structure=structure.name)


def _breach_line(structure: Structure) -> str:
    if structure.has_flag("breach_impassable"):
        return _("{structure} is Breached: impassable").format(structure=structure.name)
    if structure.has_flag("engine") or structure.has_flag("camp"):
        return _("{structure} is Breached: wrecked").format(structure=structure.name)
    if armory.passage(structure):
        return _("{structure} is Breached: the way is open, play the assault").format(
            structure=structure.name)
    return _("{structure} is Breached: play the assault").format(structure=structure.name)


def _assault_follows(structure: Structure) -> bool:
    return not any(structure.has_flag(flag) for flag in ("breach_impassable", "engine", "camp"))


# --- Damage ---------------------------------------------------------------------------------

def deal(ctx: Context, structure: Structure, damage: int, *, mode: str,
         can_breach: bool = True, step: LadderStep | None = None) -> bool:
    """Put ``damage`` on the front layer, explain it, record the ladder's moves and effects.

    ``step``: the ladder step the damage leaves, when something else than the damage decides
    it (burning under "ladder as written", A4); never higher than it was.
    Returns True when this made the whole structure Breached.
    """
    which = _front(structure)
    before = _layer(structure, which)
    after = armory.suffer(before, damage, mode=mode, can_breach=can_breach)
    if step is not None:
        after = after.model_copy(update={"ladder": armory.worse(before.ladder, step)})
    _set_layer(structure, which, after)
    label = _label(structure, which)
    ctx.touch(structure.id)
    ctx.say(_("{label}: {hull}").format(
        label=label, hull=armory.hull_words(after.suffered, after.hull, after.ladder)))
    if not can_breach and before.suffered + damage > after.suffered:
        ctx.say(_("{structure} can be dug through, not knocked down: only a mine Breaches "
                  "it (it stops at {suffered} of {hull})").format(
            structure=structure.name, suffered=after.suffered, hull=after.hull))
    opened = after.ladder == "breached" != before.ladder and armory.fully_breached(structure)
    if after.ladder != before.ladder:
        if after.ladder == "cracked":
            ctx.event("cracked", structure.id, layer=after.name)
            cover = (_("heavy cover drops one step") if structure.has_flag("heavy_cover")
                     else _("people behind it lose one step of cover"))
            ctx.say(_("{label} is Cracked: its Armor is 1 lower; {cover}").format(
                label=label, cover=cover))
        else:
            if opened:
                message = _breach_line(structure)
            else:
                inner = structure.inner_layer
                assert inner is not None  # not opened: a layer still holds behind the gate
                message = (_("{label} is Breached; the {lower} behind it still holds "
                             "(Armor {armor}, {hull_words})").format(
                    label=label, lower=inner.name.lower(), armor=inner.armor,
                    hull_words=armory.hull_words(inner.suffered, inner.hull)))
            # The message is the news the window shows; ``assault``: play the assault now.
            ctx.event("breached", structure.id, layer=after.name, message=message,
                      assault=opened and _assault_follows(structure))
            ctx.say(message)
    if opened and armory.passage(structure):
        ctx.event("opened", structure.id)
    if structure.burning and structure.ladder == "breached":
        structure.burning = False
        ctx.event("fire_out", structure.id, reason="breached")
        ctx.say(_("{structure} stops burning: Breached").format(structure=structure.name))
    structure.effects = armory.section_effects(structure)
    return opened


def _ignite(ctx: Context, structure: Structure, why: str) -> None:
    structure.burning = True
    structure.hull_burned = 0  # A4 as written: burning counts from the moment it catches
    ctx.event("ignited", structure.id, cause=why)
    ctx.say(_("{structure} catches fire ({why}): it loses 1 Hull a round, ignoring Armor, "
              "until put out or Breached").format(structure=structure.name, why=why))


def _fire_from_hit(ctx: Context, structure: Structure, weapon: Weapon) -> None:
    """A10 (``shot.fire_on_hit``) on the structure as the hit has left it: an incendiary hit
    sets a structure that burns alight; an explosive one on a 6 (a fired round, or an
    explosive charge set against it)."""
    caught, rolls = shot.fire_on_hit(structure, weapon, None, burning=structure.burning,
                                     ladder=structure.ladder)
    if caught:
        _ignite(ctx, structure, _("incendiary {weapon}").format(weapon=weapon.name))
    elif rolls:
        (roll,) = ctx.roll(1, 6, _("does {the_structure} catch fire from the explosive "
                                   "hit? (a 6 sets it alight)").format(
            the_structure=the(structure.name)))
        caught, _rolls = shot.fire_on_hit(structure, weapon, roll, burning=structure.burning,
                                          ladder=structure.ladder)
        if caught:
            _ignite(ctx, structure, _("explosive {weapon}, 1D6 = {roll}").format(
                weapon=weapon.name, roll=roll))
        else:
            ctx.say(_("Fire: 1D6 = {roll}, {structure} does not catch fire (a 6 is needed)").format(
                roll=roll, structure=structure.name))


def _total_line(weapon: Weapon, successes: int, boons: int, total: int) -> str:
    text = _("{weapon}: Hull damage {hull_damage} + {successes} successes").format(
        weapon=weapon.name, hull_damage=weapon.hull_damage, successes=successes)
    extra = total - weapon.hull_damage - successes
    if boons and weapon.crit:
        text += (_(" + {extra} ({boons} Boons / Crit {crit} -> {value} x 2 = {extra})").format(
            extra=extra, boons=boons, crit=weapon.crit, value=boons // weapon.crit))
    elif boons:
        text += _(" ({boons} Boons give nothing: no Crit)").format(boons=boons)
    return _("{text} = {total}").format(text=text, total=total)


def _attack(ctx: Context, structure_id: str, weapon: Weapon, successes: int, boons: int, *,
            through_slit: bool = False, who: str = "") -> bool:
    """One hit on a structure (A2, A3, A5, A9, A10): ``shot.hit_effect`` applied and told.
    Returns True when it Breached the structure."""
    structure = ctx.structure(structure_id)
    if through_slit and not structure.has_flag("slit"):
        raise RuleError(_("through_slit: {structure} has no firing slit").format(
            structure=structure.name))
    square = structure_square_label(structure, ctx.siege.grid_origin, ctx.siege.label_anchor)
    ctx.say(_("{who}{weapon} at {structure} ({square}): Easy attack (any range in sight), "
              "{successes} Successes, {boons} Boons").format(
        who=who, weapon=weapon.name, structure=structure.name, square=square,
        successes=successes, boons=boons))
    effect = shot.hit_effect(structure, weapon, successes, boons, through_slit=through_slit,
                             ladder_mode=ctx.options.ladder_mode)
    if effect.changes_nothing:
        ctx.touch(structure_id)
        ctx.say(_("{structure} is already Breached: the hit changes nothing").format(
            structure=structure.name))
        return False
    which: Which = effect.layer
    layer = _layer(structure, which)
    if weapon.mount == "personal" and weapon.role == "gun":
        ctx.say(_("A personal weapon: the text sends it to Chapter 4 (not given); its catalogue "
                  "Hull damage is used"))
    ctx.say(_total_line(weapon, successes, boons, effect.total))
    if not effect.marks:
        ctx.say(_("Only Heavy and Capital weapons mark {structure}: {weapon} ({mount} "
                  "mount) deals 0").format(
            structure=structure.name, weapon=weapon.name,
            mount=mount_word(weapon.mount)))
    else:
        pierce = "" if through_slit else _(", Pierce {pierce}").format(pierce=weapon.pierce)
        ctx.say(_("{label}: {join}{pierce}: effective {armor_met}").format(
            label=_label(structure, which), join=', '.join(effect.armor_parts),
            pierce=pierce, armor_met=effect.armor_met))
        ctx.say(_("Damage {total} - {armor_met} = {unhalved}").format(
            total=effect.total, armor_met=effect.armor_met, unhalved=effect.unhalved))
        if effect.halved:
            ctx.say(_("Blast is halved against {structure}: {unhalved} -> {damage} (half "
                      "up)").format(
                structure=structure.name, unhalved=effect.unhalved, damage=effect.damage))
    ctx.event("hit", structure_id, damage=effect.damage, weapon=weapon.id, layer=layer.name)
    opened = deal(ctx, structure, effect.damage, mode=ctx.options.ladder_mode,
                   can_breach=not structure.has_flag("dig_only"))
    _fire_from_hit(ctx, structure, weapon)
    return opened


def _halve_blast(ctx: Context, structure: Structure, damage: int) -> int:
    """A9: ``damage`` halved (half up) against an earth rampart or sandbags, explained."""
    halved = armory.halve_blast(damage)
    ctx.say(_("Blast is halved against {structure}: {damage} -> {halved} (half up)").format(
        structure=structure.name, damage=damage, halved=halved))
    return halved


def _fired_weapon(ctx: Context, weapon_id: str) -> Weapon:
    weapon = _weapon(ctx, weapon_id)
    if weapon.role not in FIRED_ROLES:
        raise RuleError(_("weapon_id: {weapon} is set, not fired (role {role}): use "
                          "demolish or a mine").format(
            weapon=weapon.name, role=weapon.role))
    return weapon


# --- Handlers -------------------------------------------------------------------------------

def fire(ctx: Context, action: FireAt) -> None:
    """A2-A3, A9-A10: a weapon fired at the structure named or under the point."""
    weapon = _fired_weapon(ctx, action.weapon_id)
    if action.battery_id is not None and action.battery_id not in ctx.siege.batteries:
        raise RuleError(_("battery_id: no battery {battery_id!r} in this siege").format(
            battery_id=action.battery_id))
    ctx.square = label_at(action.at, ctx.siege.grid_origin, ctx.siege.label_anchor)
    target = action.target_id
    if target is None:
        under = ctx.index.at(action.at)
        if not under:
            ctx.say(_("{weapon} at {square}: no structure there, the shot falls on open "
                      "ground").format(weapon=weapon.name, square=ctx.square))
            return
        target = under[0]
    elif target not in ctx.siege.structures:
        raise RuleError(_("target_id: no structure {target!r} in this siege").format(target=target))
    who = (_("{battery}: ").format(battery=ctx.siege.batteries[action.battery_id].name)
           if action.battery_id else "")
    _attack(ctx, target, weapon, action.successes, action.boons,
            through_slit=action.through_slit, who=who)


def advance(ctx: Context, action: AdvanceClock) -> None:
    """A10: a round is one turn of the clock (5 s); each burning structure loses 1 Hull a
    round, ignoring Armor, until put out or Breached."""
    run_clock(ctx, action.turns, ngettext("+{turns:,} round", "+{turns:,} rounds",
                                          action.turns).format(turns=action.turns))


def run_clock(ctx: Context, turns: int, why: str) -> None:
    """The clock ``turns`` turns on and every fire burning through them (A10, A14): 1 Hull a
    round each. The ladder follows the Hull suffered, or under "ladder as written" (A4) the
    Hull burned since it caught fire, each half of the Hull one step. Worked out for the whole
    span at once (closed form), however long: a day's scene is 17,280 rounds."""
    clock = Clock(turn=ctx.get("clock").turn + turns)
    ctx.set("clock", clock)
    ctx.say(_("Clock: {why}, now {label}").format(why=why, label=clock_label(clock)))
    as_written = ctx.options.ladder_mode == "as_written"
    for structure_id in ctx.siege.structures:
        if not ctx.current(structure_id).burning:
            continue
        structure = ctx.structure(structure_id)
        can_breach = not structure.has_flag("dig_only")
        loss = shot.burn_loss(structure, turns)
        ctx.event("burning", structure_id, loss=loss)
        ctx.say(_("{structure} burns: {loss} Hull in {turns:,} round(s), ignoring Armor").format(
            structure=structure.name, loss=loss, turns=turns))
        if not as_written:
            deal(ctx, structure, loss, mode="hull", can_breach=can_breach)
            continue
        burned = min(structure.hull, structure.hull_burned + turns)
        step = armory.ladder_after_burning(structure.ladder, structure.hull_burned, burned,
                                           structure.hull, can_breach=can_breach)
        ctx.say(_("Ladder as written: {burned} Hull burned since it caught fire (each "
                  "{value:g} a step)").format(
            burned=burned, value=structure.hull / 2))
        structure.hull_burned = burned
        deal(ctx, structure, loss, mode="hull", can_breach=can_breach, step=step)
    ctx.report(turns, turns)


def demolish(ctx: Context, action: Demolish) -> None:
    """A6: a Petard or Breaching Charge opens any door or gate (the layer it is fixed to) with
    no arithmetic, in both ladder modes; A7: otherwise charges add up, Armor taken once."""
    weapons = [_weapon(ctx, weapon_id) for weapon_id in action.weapon_ids]
    for weapon in weapons:
        if weapon.role not in CHARGE_ROLES:
            raise RuleError(_("weapon_ids: {weapon} is not a charge (role {role})").format(
                weapon=weapon.name, role=weapon.role))
    structure = ctx.structure(action.structure_id)
    if action.on_pier and not structure.has_flag("pier_counts_double"):
        raise RuleError(_("on_pier: {structure} has no pier where a charge counts double").format(
            structure=structure.name))
    ctx.say(_("Demolition: no attack check; the Average Craft check and the Prepare maneuvers are "
              "the GM's"))
    if armory.fully_breached(structure):
        ctx.touch(structure.id)
        ctx.say(_("{structure} is already Breached: the charges change nothing").format(
            structure=structure.name))
        return
    which = _front(structure)
    opener = next((w for w in weapons if w.role in OPENING_ROLES), None)
    if opener is not None and armory.door_or_gate(structure):
        layer = _layer(structure, which)
        ctx.say(_("{opener} fixed to {label}: it opens with no arithmetic").format(
            opener=opener.name, label=_label(structure, which)))
        ctx.event("hit", structure.id, damage=layer.hull - layer.suffered, weapon=opener.id,
                  layer=layer.name)
        deal(ctx, structure, layer.hull - layer.suffered, mode="hull")
        _fire_from_charges(ctx, structure, weapons)
        return
    hull_damages = [w.hull_damage for w in weapons]
    total = armory.charges_damage(hull_damages, doubled=action.on_pier)
    summed = " + ".join(f"{w.name} {w.hull_damage}" for w in weapons)
    pier = _(", on a pier counts double: {total}").format(total=total) if action.on_pier else ""
    ctx.say(_("Charges set together: {summed} = {total}{pier}").format(
        summed=summed, total=sum(hull_damages), pier=pier))
    layer = _layer(structure, which)
    armor, parts = armory.effective_armor(structure, None, layer=layer)
    damage = armory.hit_damage(total, 0, armor)
    ctx.say(_("{join}: taken once from the sum: {total} - {armor} = {damage}").format(
        join=', '.join(parts), total=total, armor=armor, damage=damage))
    if any(armory.blast_applies(structure, w) for w in weapons):
        damage = _halve_blast(ctx, structure, damage)
    ctx.event("hit", structure.id, damage=damage, weapon="+".join(action.weapon_ids),
              layer=layer.name)
    deal(ctx, structure, damage, mode=ctx.options.ladder_mode,
          can_breach=not structure.has_flag("dig_only"))
    _fire_from_charges(ctx, structure, weapons)


def _fire_from_charges(ctx: Context, structure: Structure, weapons: list[Weapon]) -> None:
    """A10, H9: charges set together go off as one blow: an incendiary among them sets a
    structure that burns alight, else an explosive one rolls 1D6 for fire once (6)."""
    lighter = next((w for w in weapons if w.incendiary), None) or next(
        (w for w in weapons if w.explosive), None)
    if lighter is not None:
        _fire_from_hit(ctx, structure, lighter)


def kick(ctx: Context, action: Kick) -> None:
    """A6: an interior door opens to a kick, an Average Athletics task."""
    structure = ctx.structure(action.structure_id)
    if not structure.has_flag("kick_opens"):
        raise RuleError(_("structure_id: {structure} does not open to a kick (only an "
                          "interior door does)").format(
            structure=structure.name))
    if armory.fully_breached(structure):
        ctx.touch(structure.id)
        ctx.say(_("{structure} is already open").format(structure=structure.name))
        return
    outcome = resolve_task(ctx, action.task, "average", _("Kick (Athletics)"))
    if outcome in ("success", "outstanding"):
        ctx.say(_("The kick opens {structure}").format(structure=structure.name))
        deal(ctx, structure, structure.hull - structure.hull_suffered, mode="hull")
    else:
        ctx.touch(structure.id)
        ctx.say(_("{structure} holds").format(structure=structure.name))


def override(ctx: Context, action: GMOverride) -> None:
    """The GM sets Hull suffered, the ladder step or the fire by hand (the ladder may climb).

    ``layer="inner"`` sets the portcullis behind a gate (A5) instead of the gate itself.
    """
    foreign = [name for name in HARRIS_OVERRIDES if getattr(action, name) is not None]
    if foreign:
        raise RuleError(_("{join}: not part of the Hull ruleset").format(join=', '.join(foreign)))
    if action.hull_suffered is None and action.ladder is None and action.burning is None:
        raise RuleError(_("override: give hull_suffered, ladder or burning"))
    structure = ctx.structure(action.structure_id)
    which: Which = action.layer
    if which == "inner" and structure.inner_layer is None:
        raise RuleError(_("layer: {structure} has no portcullis or inner layer").format(
            structure=structure.name))
    layer = _layer(structure, which)
    if action.hull_suffered is not None and action.hull_suffered > layer.hull:
        raise RuleError(_("hull_suffered: {hull_suffered} is above the Hull {hull} of "
                          "{label}").format(
            hull_suffered=action.hull_suffered, hull=layer.hull,
            label=_label(structure, which)))
    was = (layer.suffered, layer.ladder, structure.burning)
    suffered = layer.suffered if action.hull_suffered is None else action.hull_suffered
    if action.ladder is not None:
        step = action.ladder
    elif action.hull_suffered is not None and ctx.options.ladder_mode == "hull":
        step = armory.ladder_state(suffered, layer.hull)
    else:
        step = layer.ladder
    _set_layer(structure, which, layer.model_copy(update={"suffered": suffered, "ladder": step}))
    if action.burning is not None:
        if action.burning and not structure.burning:
            structure.hull_burned = 0  # lit now: A4 as written counts from here
        structure.burning = action.burning
    structure.effects = armory.section_effects(structure)
    reason = _(" ({reason})").format(reason=action.reason) if action.reason else ""
    ctx.event("override", structure.id, hull_suffered=suffered, ladder=step,
              burning=structure.burning, layer=which)
    alight = {True: _("burning"), False: _("not burning")}
    ctx.say(_("GM override on {label}{reason}: Hull suffered {suffered_before} -> {suffered} "
              "of {hull}, {step_before} -> {step}, {burning_before} -> {burning}").format(
        label=_label(structure, which), reason=reason, suffered_before=was[0],
        suffered=suffered, hull=layer.hull, step_before=ladder_word(was[1]),
        step=ladder_word(step), burning_before=alight[was[2]], burning=alight[structure.burning]))


def repair(ctx: Context, action: Repair) -> None:
    """Repair (house rule, A13; the chapter has none): an Average task; success 1 Hull a
    worker, outstanding 2. Refused when the house rule is off in Siege Settings."""
    if not ctx.options.armory_repair:
        raise RuleError(_("repair: a house rule (ruling A13) switched off in Siege Settings; the "
                          "chapter has no repair"))
    structure = ctx.structure(action.structure_id)
    which: Which = "outer"
    if structure.hull_suffered == 0 and structure.inner_layer is not None:
        which = "inner"
    layer = _layer(structure, which)
    outcome = resolve_task(ctx, action.task, "average",
                           _("House rule (ruling A13): repair of {label}").format(
        label=_label(structure, which)))
    per_worker = {"success": 1, "outstanding": 2}.get(outcome, 0)
    restored = min(layer.suffered, per_worker * action.team_size)
    suffered = layer.suffered - restored
    step = armory.LADDER[min(armory.LADDER.index(layer.ladder),
                             armory.LADDER.index(armory.ladder_state(suffered, layer.hull)))]
    _set_layer(structure, which, layer.model_copy(update={"suffered": suffered, "ladder": step}))
    structure.effects = armory.section_effects(structure)
    ctx.event("repaired", structure.id, restored=restored, layer=layer.name)
    ctx.say(_("Team of {team_size}: {per_worker} Hull a worker, {restored} restored: "
              "{label} {hull_words}").format(
        team_size=action.team_size, per_worker=per_worker, restored=restored,
        label=_label(structure, which),
        hull_words=armory.hull_words(suffered, layer.hull, step)))


def _scene_dice(ctx: Context, attack: SceneAttack, name: str, place: str) -> tuple[int, int]:
    """Successes and Boons entered, or rolled from a pool (house rule, A12): pool D6, each
    die of the setting's face or more (5 by default) a Success, each 6 also a Boon."""
    if attack.pool is not None:
        if attack.successes is not None or attack.boons is not None:
            raise RuleError(_("{place}: give Successes and Boons, or a pool to roll, not "
                              "both").format(place=place))
        if not ctx.options.scene_pool:
            raise RuleError(_("{place}.pool: the scene dice pool is a house rule (ruling "
                              "A12) switched off in Siege Settings: enter Successes and "
                              "Boons").format(place=place))
        least = ctx.options.scene_pool_success
        values = ctx.roll(attack.pool, 6, _("the {name}'s pool (house rule, A12): each "
                                            "{least}-6 a Success, each 6 also a Boon").format(
            name=name, least=least))
        successes, boons = shot.pool_figures(values, least)
        faces = f"{least}-6" if least < 6 else "6"
        ctx.say(_("House rule (ruling A12): {name} rolls {pool}D6: {values} -> {successes} "
                  "Successes, {boons} Boons (each {faces} a Success, each 6 also a Boon)").format(
            name=name, pool=attack.pool, values=values or _("no dice"), successes=successes,
            boons=boons, faces=faces))
        return successes, boons
    if attack.successes is None and attack.boons is None:
        raise RuleError(_("{place}: enter Successes and Boons, or a pool to roll").format(
            place=place))
    return attack.successes or 0, attack.boons or 0


def scene(ctx: Context, action: ResolveScene) -> None:
    """A12: a day or a week; every engine makes one attack; Breached sections call the assault."""
    number = ctx.get("scene") + 1
    ctx.set("scene", number)
    ctx.say(_("Scene {number}, one {length}: each engine makes one attack").format(
        number=number, length=action.length))
    attackers: set[str] = set()
    breached: list[str] = []
    for position, attack in enumerate(action.attacks):
        place = _("attacks[{position}]").format(position=position)
        battery = ctx.siege.batteries.get(attack.battery_id)
        if battery is None:
            raise RuleError(_("{place}.battery_id: no battery {battery_id!r} in this siege").format(
                place=place, battery_id=attack.battery_id))
        if battery.id in attackers:
            raise RuleError(_("{place}.battery_id: {battery} already attacked in this "
                              "scene").format(place=place, battery=battery.name))
        attackers.add(battery.id)
        if attack.target_id not in ctx.siege.structures:
            raise RuleError(_("{place}.target_id: no structure {target_id!r} (a target is "
                              "a section, a tower, an engine or the camp)").format(
                place=place, target_id=attack.target_id))
        weapon = _fired_weapon(ctx, battery.weapon_id)
        successes, boons = _scene_dice(ctx, attack, battery.name, place)
        if _attack(ctx, attack.target_id, weapon, successes, boons,
                   who=_("{battery} ({side}): ").format(battery=battery.name,
                                                        side=side_word(battery.side))):
            breached.append(attack.target_id)
    ctx.event("scene", None, number=number, length=action.length, attacks=len(action.attacks))
    # A14: the scene takes the clock forward by its day or week, and what burns burns
    # through it (a day is 17,280 rounds: a section left burning is Breached by its end).
    burning = [key for key in ctx.siege.structures if ctx.current(key).burning]
    run_clock(ctx, SCENE_TURNS[action.length], _("the scene's {length}").format(
        length=length_word(action.length)))
    breached += [key for key in burning
                 if key not in breached and armory.fully_breached(ctx.current(key))]
    prompts = [_("Section {current} is Breached: play the assault").format(
        current=ctx.current(key).name)
               for key in breached if _assault_follows(ctx.current(key))] + [characters_scene()]
    for prompt in prompts:
        ctx.say(prompt)
    # What the window asks the GM to play next (Outcome.prompts), as a typed event.
    ctx.event("prompt", None, prompts="\n".join(prompts))


HANDLERS: dict[str, Handler] = {
    "fire": fire, "advance": advance, "demolish": demolish, "kick": kick,
    "override": override, "repair": repair, "scene": scene,
    **logged_edits.HANDLERS,  # R2: settings and edits in play
}
"""The handlers of this module; the mines' (A8) are ``armory.mines.HANDLERS``."""
