"""R2: settings changes and edits of the board once play has begun, as logged actions.

Both rule texts offer the two handlers here (``HANDLERS``): ``settings`` (``ChangeSettings``:
name, options and house rules, dice seed, grid origin) and ``edit`` (``EditBoard``: the new
state of structures, batteries and weapons). They apply no rule: they put what the GM set,
explain it in the log, and refuse an edit that would leave the siege naming something it no
longer holds. With them the log is the whole history: replaying it on the siege as it was
before its first entry gives the same siege.
"""

from __future__ import annotations

from siegeboard.model import bounds
from siegeboard.model.actions import ChangeSettings, EditBoard
from siegeboard.model.fields import fields_of
from siegeboard.model.validation import span_of
from siegeboard.rules.context import Context, Handler, RuleError
from siegeboard.rules.messages import _, ngettext


def change_settings(ctx: Context, action: ChangeSettings) -> None:
    """Put the settings given; one line for each that changes, in the words of Siege Settings."""
    changes = []
    if action.name is not None and action.name != ctx.get("name"):
        changes.append(_("name {before!r} -> {after!r}").format(before=ctx.get("name"),
                                                                after=action.name))
        ctx.set("name", action.name)
    if action.options is not None and action.options != ctx.get("options"):
        old, new = ctx.get("options"), action.options
        labels = {setting.field: setting for setting in ctx.rules.settings}
        for field in fields_of(type(new)):
            before, after = getattr(old, field), getattr(new, field)
            if before == after:
                continue
            setting = labels.get(field)
            label = setting.label if setting is not None else field.replace("_", " ")
            words = setting.choices if setting is not None else {}
            changes.append(_("{label}: {before} -> {after}").format(
                label=label, before=words.get(str(before), before),
                after=words.get(str(after), after)))
        ctx.set("options", new.model_copy())
    if action.dice_seed is not None and action.dice_seed != ctx.get("dice_seed"):
        changes.append(_("dice seed {before} -> {after}").format(before=ctx.get("dice_seed"),
                                                                 after=action.dice_seed))
        ctx.set("dice_seed", action.dice_seed)
    if (action.grid_origin is not None
            and tuple(action.grid_origin) != tuple(ctx.get("grid_origin"))):
        x, y = action.grid_origin
        changes.append(_("grid origin -> ({x:g}, {y:g}) m").format(x=x, y=y))
        if ctx.get("label_anchor") is None:
            # R0b: moving the origin never renames a square: labels that still count from
            # the origin keep counting from where it was (as before play).
            ctx.set("label_anchor", tuple(ctx.get("grid_origin")))
        ctx.set("grid_origin", (float(x), float(y)))
    if action.players_side is not None and action.players_side != ctx.get("players_side"):
        sides = {"besieger": _("the players are the besiegers"),
                 "defender": _("the players are the defenders")}
        changes.append(_("{before} -> {after}").format(before=sides[ctx.get("players_side")],
                                                       after=sides[action.players_side]))
        ctx.set("players_side", action.players_side)
    if not changes:
        raise RuleError(_("settings: nothing differs from the siege's settings"))
    ctx.say(_("Siege settings changed: {changes}").format(changes="; ".join(changes)))
    ctx.event("settings", None, changed=len(changes))


def edit_board(ctx: Context, action: EditBoard) -> None:
    """Put the new states of structures, weapons and batteries; refuse one that would leave a
    battery without its weapon or target, or a mine without its structure."""
    siege = ctx.siege
    for key, state in action.structures.items():
        if state is not None and state.id != key:
            raise RuleError(_("structures: key {key!r} differs from its id {state!r}").format(
                key=key, state=state.id))
        if state is not None and state.kind not in ctx.rules.catalogue.kinds:
            raise RuleError(_("structures.{key}.kind: {title} has no kind {kind!r}").format(
                key=key, title=ctx.rules.title, kind=state.kind))
    for kind in ("weapons", "batteries"):
        for key, state in getattr(action, kind).items():
            if state is not None and state.id != key:
                raise RuleError(_("{kind}: key {key!r} differs from its id {state!r}").format(
                    kind=kind, key=key, state=state.id))
    weapons = {**ctx.get("weapons"), **action.weapons}
    weapons = {key: weapon for key, weapon in weapons.items() if weapon is not None}
    batteries = {**ctx.get("batteries"), **action.batteries}
    batteries = {key: battery for key, battery in batteries.items() if battery is not None}
    standing = {key for key in siege.structures if action.structures.get(key, True) is not None}
    standing |= {key for key, state in action.structures.items() if state is not None}
    for battery in batteries.values():
        if battery.weapon_id not in weapons:
            raise RuleError(_("batteries.{battery}.weapon_id: no weapon {weapon_id!r}").format(
                battery=battery.id, weapon_id=battery.weapon_id))
        if (battery.target_id is not None and battery.target_id not in standing
                and battery.target_id not in batteries):
            raise RuleError(_("batteries.{battery}.target_id: no structure or battery "
                              "{target_id!r}").format(
                battery=battery.id, target_id=battery.target_id))
    for mine in ctx.get("mines").values():
        if mine.structure_id not in standing:
            raise RuleError(_("mines.{mine}: its structure {structure_id!r} would be gone").format(
                mine=mine.id, structure_id=mine.structure_id))
    if action.structures or action.batteries:
        # R4: the siege still spans at most 100 km (one pass over every corner).
        after = {**siege.structures, **action.structures}
        span = span_of([*(state.footprint for state in after.values() if state is not None),
                        [battery.position for battery in batteries.values()]])
        if span > bounds.SPAN_M:
            raise RuleError(_("structures: the siege would span {value:,.1f} km; a siege "
                              "spans at most {value2:,.0f} km").format(
                value=span / 1000, value2=bounds.SPAN_M / 1000))
    counts = []
    if action.structures:
        counts.append(ngettext("{count} structure", "{count} structures",
                               len(action.structures)).format(count=len(action.structures)))
    if action.weapons:
        counts.append(ngettext("{count} weapon", "{count} weapons",
                               len(action.weapons)).format(count=len(action.weapons)))
    if action.batteries:
        counts.append(ngettext("{count} battery", "{count} batteries",
                               len(action.batteries)).format(count=len(action.batteries)))
    if not counts:
        raise RuleError(_("edit: name at least one structure, weapon or battery"))
    for key, state in action.structures.items():
        ctx.put(key, state)
        ctx.touch(key)
    if action.weapons:
        ctx.set("weapons", weapons)
    if action.batteries:
        ctx.set("batteries", batteries)
    line = (_("Edit in play: {title} ({counts}). No rule applied") if action.title
            else _("Edit in play ({counts}). No rule applied"))
    ctx.say(line.format(title=action.title, counts=", ".join(counts)))
    ctx.event("edit", None, structures=len(action.structures), weapons=len(action.weapons),
              batteries=len(action.batteries))


HANDLERS: dict[str, Handler] = {"settings": change_settings, "edit": edit_board}
