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


def _mines(ctx: Context) -> dict[str, Mine]:
    return dict(ctx.get("mines"))


def _mine(ctx: Context, mine_id: str, state: str) -> Mine:
    mine = ctx.get("mines").get(mine_id)
    if mine is None:
        raise RuleError(f"mine_id: no mine {mine_id!r} in this siege")
    if mine.state != state:
        raise RuleError(f"mine_id: mine {mine_id!r} is {mine.state}, not {state}")
    return mine


def _put_mine(ctx: Context, mine: Mine) -> None:
    ctx.set("mines", {**_mines(ctx), mine.id: mine})


def start_mine(ctx: Context, action: StartMine) -> None:
    """A8: sappers begin a gallery; a day of digging for each point of the section's Armor."""
    structure = existing(ctx, action.structure_id)
    if action.mine_id in ctx.get("mines"):
        raise RuleError(f"mine_id: there is already a mine {action.mine_id!r}")
    days = armory.mine_days(structure.armor)
    _put_mine(ctx, Mine(id=action.mine_id, structure_id=structure.id, days_needed=days,
                        state="ready" if days == 0 else "digging"))
    ctx.event("mine_started", structure.id, mine=action.mine_id, days_needed=days)
    ctx.say(f"A mine begun under {structure.name}: Armor {structure.armor} -> "
            f"{days} day(s) of digging, an opposed Perception check each day")


def dig_mine(ctx: Context, action: DigMine) -> None:
    """A8: one day of digging, with the opposed Perception check as the GM entered it; the
    clock goes a day forward with it, and what burns burns through that day (A14)."""
    mine = _mine(ctx, action.mine_id, "digging")
    structure = ctx.current(mine.structure_id)
    _dig_day(ctx, action, mine, structure)
    run_clock(ctx, TURNS_PER_DAY, "a day of digging")


def _dig_day(ctx: Context, action: DigMine, mine: Mine, structure: Structure) -> None:
    if action.countermined:
        _put_mine(ctx, mine.model_copy(update={"state": "countermined"}))
        ctx.event("countermined", structure.id, mine=mine.id)
        ctx.say(f"The mine under {structure.name}: the defenders' countermine breaks into "
                "the gallery; the mine is lost")
        return
    if not action.besiegers_win:
        ctx.event("mine_day_lost", structure.id, mine=mine.id, days_dug=mine.days_dug)
        ctx.say(f"The mine under {structure.name}: the defenders win the opposed Perception "
                f"check; the day is lost ({mine.days_dug}/{mine.days_needed} days)")
        return
    days = mine.days_dug + 1
    ready = days >= mine.days_needed
    _put_mine(ctx, mine.model_copy(update={"days_dug": days,
                                           "state": "ready" if ready else "digging"}))
    ctx.event("mine_dug", structure.id, mine=mine.id, days_dug=days, ready=ready)
    ctx.say(f"The mine under {structure.name}: the besiegers win the opposed Perception "
            f"check; day {days} of {mine.days_needed} dug"
            + (": the mine is ready to fire" if ready else ""))


def fire_mine(ctx: Context, action: FireMine) -> None:
    """A8: a fired mine deals 20 Hull damage to the section above, ignoring its Armor."""
    mine = _mine(ctx, action.mine_id, "ready")
    _put_mine(ctx, mine.model_copy(update={"state": "fired"}))
    structure = ctx.structure(mine.structure_id)
    ctx.event("mine_fired", structure.id, mine=mine.id, damage=armory.MINE_HULL_DAMAGE)
    ctx.say(f"The mine under {structure.name} fired: {armory.MINE_HULL_DAMAGE} Hull damage, "
            "ignoring Armor")
    if armory.fully_breached(structure):
        ctx.say(f"{structure.name} is already Breached")
        return
    deal(ctx, structure, armory.MINE_HULL_DAMAGE, mode=ctx.options.ladder_mode)


HANDLERS: dict[str, Handler] = {"start_mine": start_mine, "dig_mine": dig_mine,
                                "fire_mine": fire_mine}
