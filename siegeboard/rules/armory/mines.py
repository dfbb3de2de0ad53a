"""Mines in the Hull ruleset (A8): a gallery begun under a section, dug a day at a time
against the defenders' opposed Perception check, and fired for 20 Hull damage that ignores
Armor. A day of digging runs the clock a day (A14), as ``armory.actions.run_clock`` does.
"""

from __future__ import annotations

from siegeboard.model.actions import DigMine, FireMine, StartMine
from siegeboard.model.siege import TURNS_PER_DAY, Mine
from siegeboard.model.structure import Structure
from siegeboard.rules.armory import numbers as armory
from siegeboard.rules.armory.actions import deal, existing, run_clock
from siegeboard.rules.context import Context, Handler, RuleError
from siegeboard.rules.messages import _


def _mines(ctx: Context) -> dict[str, Mine]:
    return dict(ctx.get("mines"))


def _mine(ctx: Context, mine_id: str, state: str) -> Mine:
    mine = ctx.get("mines").get(mine_id)
    if mine is None:
        raise RuleError(_("mine_id: no mine {mine_id!r} in this siege").format(mine_id=mine_id))
    if mine.state != state:
        raise RuleError(_("mine_id: mine {mine_id!r} is {state}, not {state2}").format(
            mine_id=mine_id, state=mine.state, state2=state))
    return mine


def _put_mine(ctx: Context, mine: Mine) -> None:
    ctx.set("mines", {**_mines(ctx), mine.id: mine})


def start_mine(ctx: Context, action: StartMine) -> None:
    """A8: sappers begin a gallery; a day of digging for each point of the section's Armor."""
    structure = existing(ctx, action.structure_id)
    if action.mine_id in ctx.get("mines"):
        raise RuleError(_("mine_id: there is already a mine {mine_id!r}").format(
            mine_id=action.mine_id))
    days = armory.mine_days(structure.armor)
    _put_mine(ctx, Mine(id=action.mine_id, structure_id=structure.id, days_needed=days,
                        state="ready" if days == 0 else "digging"))
    ctx.event("mine_started", structure.id, mine=action.mine_id, days_needed=days)
    ctx.say(_("A mine begun under {structure}: Armor {armor} -> {days} day(s) of digging, "
              "an opposed Perception check each day").format(
        structure=structure.name, armor=structure.armor, days=days))


def dig_mine(ctx: Context, action: DigMine) -> None:
    """A8: one day of digging, with the opposed Perception check as the GM entered it; the
    clock goes a day forward with it, and what burns burns through that day (A14)."""
    mine = _mine(ctx, action.mine_id, "digging")
    structure = ctx.current(mine.structure_id)
    _dig_day(ctx, action, mine, structure)
    run_clock(ctx, TURNS_PER_DAY, _("a day of digging"))


def _dig_day(ctx: Context, action: DigMine, mine: Mine, structure: Structure) -> None:
    if action.countermined:
        _put_mine(ctx, mine.model_copy(update={"state": "countermined"}))
        ctx.event("countermined", structure.id, mine=mine.id)
        ctx.say(_("The mine under {structure}: the defenders' countermine breaks into the "
                  "gallery; the mine is lost").format(structure=structure.name))
        return
    if not action.besiegers_win:
        ctx.event("mine_day_lost", structure.id, mine=mine.id, days_dug=mine.days_dug)
        ctx.say(_("The mine under {structure}: the defenders win the opposed Perception "
                  "check; the day is lost ({days_dug}/{days_needed} days)").format(
            structure=structure.name, days_dug=mine.days_dug, days_needed=mine.days_needed))
        return
    days = mine.days_dug + 1
    ready = days >= mine.days_needed
    _put_mine(ctx, mine.model_copy(update={"days_dug": days,
                                           "state": "ready" if ready else "digging"}))
    ctx.event("mine_dug", structure.id, mine=mine.id, days_dug=days, ready=ready)
    ctx.say((_("The mine under {structure}: the besiegers win the opposed Perception check; "
               "day {days} of {needed} dug: the mine is ready to fire") if ready
             else _("The mine under {structure}: the besiegers win the opposed Perception check; "
                    "day {days} of {needed} dug")).format(
        structure=structure.name, days=days, needed=mine.days_needed))


def fire_mine(ctx: Context, action: FireMine) -> None:
    """A8: a fired mine deals 20 Hull damage to the section above, ignoring its Armor."""
    mine = _mine(ctx, action.mine_id, "ready")
    _put_mine(ctx, mine.model_copy(update={"state": "fired"}))
    structure = ctx.structure(mine.structure_id)
    ctx.event("mine_fired", structure.id, mine=mine.id, damage=armory.MINE_HULL_DAMAGE)
    ctx.say(_("The mine under {structure} fired: {mine_hull_damage} Hull damage, ignoring "
              "Armor").format(
        structure=structure.name, mine_hull_damage=armory.MINE_HULL_DAMAGE))
    if armory.fully_breached(structure):
        ctx.say(_("{structure} is already Breached").format(structure=structure.name))
        return
    deal(ctx, structure, armory.MINE_HULL_DAMAGE, mode=ctx.options.ladder_mode)


HANDLERS: dict[str, Handler] = {"start_mine": start_mine, "dig_mine": dig_mine,
                                "fire_mine": fire_mine}
