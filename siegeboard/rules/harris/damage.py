"""DP loss and what follows it in the DP ruleset: collapse (H7) and clearing (H7, H3).

Shared by hits, blasts and fire: whatever removes DP goes through ``lose_dp`` so that a
collapse happens once, everyone inside suffers it, and DP never goes below 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from siegeboard.model.structure import Structure
from siegeboard.rules.harris import numbers as harris
from siegeboard.rules.messages import _, ngettext
from siegeboard.rules.titles import the

if TYPE_CHECKING:
    from siegeboard.rules.context import Context


@dataclass(slots=True)
class DpLoss:
    """What losing DP does to a structure (H3, H7): DP after (never below 0), whether it
    collapses now, and whether it is collapsed and cleared afterwards."""

    dp_after: int
    collapses: bool
    collapsed: bool
    cleared: bool


def dp_loss(structure: Structure, amount: int) -> DpLoss:
    """H7: ``structure`` loses ``amount`` DP. A loss that changes nothing (0 asked, or DP
    already 0) changes no state: collapse and clearing are things that happen when DP drops.
    The collapse happens the first time DP is at or below half the original."""
    if amount < 0:
        raise ValueError(f"amount of DP lost must be 0 or more, not {amount}")
    before = structure.dp
    after = max(0, before - amount)
    if after == before:
        return DpLoss(before, False, structure.collapsed, structure.cleared)
    collapses = not structure.collapsed and harris.collapses(after, structure.dp_original)
    return DpLoss(after, collapses, structure.collapsed or collapses,
                  structure.cleared or after == 0)


def lose_dp(ctx: Context, structure_id: str, amount: int, why: str, *,
            loss: DpLoss | None = None) -> int:
    """Remove ``amount`` DP (never below 0) from the structure, explain it, then collapse
    and clear it as H7 says. Returns the DP actually lost.

    A loss that changes nothing (0 asked, or DP already 0) changes no state: collapse and
    clearing are things that happen when DP drops.
    """
    structure = ctx.structure_scalars(structure_id)
    before = structure.dp
    if loss is None:
        loss = dp_loss(structure, amount)
    if loss.dp_after == before:
        ctx.say(_("{structure}: DP stays {before} ({why})").format(
            structure=structure.name, before=before, why=why))
        return 0
    structure.dp = loss.dp_after  # between 0 and the DP it had: valid
    ctx.say(_("{structure}: DP {before} -> {dp} ({why})").format(
        structure=structure.name, before=before, dp=loss.dp_after, why=why))
    ctx.touch(structure_id)
    if loss.collapses:
        collapse(ctx, structure_id)
    if loss.cleared and not structure.cleared:
        structure.cleared = True
        ctx.say(_("{structure}: DP 0, the rubble is pounded away: cleared, no cover left").format(
            structure=structure.name))
        ctx.event("cleared", structure_id)
    return before - loss.dp_after


def collapse(ctx: Context, structure_id: str) -> None:
    """H7: the structure collapses; everyone atop or inside takes 1D6 hits of 1D6 damage each
    and is trapped. Occupants are taken in their listed order, so the dice order is fixed."""
    # A working copy of its own lists only where there are occupants to hurt (a city's
    # minute of fires collapses hundreds of empty houses).
    structure = ctx.structure_scalars(structure_id)
    if structure.occupants:
        structure = ctx.structure(structure_id)
    structure.collapsed = True
    rubble = harris.rubble_armor(structure.armor)
    ctx.say(_("{structure} collapses: DP {dp} is at or below half of {dp_original}; rubble "
              "AV {armor} / 2 = {rubble}").format(
        structure=structure.name, dp=structure.dp, dp_original=structure.dp_original,
        armor=structure.armor, rubble=rubble))
    ctx.event("collapsed", structure_id, dp=structure.dp, rubble_armor=rubble,
              trapped=len(structure.occupants))
    for person in structure.occupants:
        (hits,) = ctx.roll(1, 6, _("hits on {person}, trapped by the collapse of "
                                   "{the_structure}").format(
            person=person.name, the_structure=the(structure.name)))
        damage = ctx.roll(hits, 6, ngettext(
            "damage of the {hits} hit on {person}, one die a hit",
            "damage of the {hits} hits on {person}, one die a hit", hits).format(
            hits=hits, person=person.name))
        total = sum(damage)
        person.damage += total
        person.hits += hits
        person.trapped = True
        ctx.say(ngettext("{person}: {hits} hit of 1D6 ({dice} = {total} damage), trapped",
                         "{person}: {hits} hits of 1D6 ({dice} = {total} damage), trapped",
                         hits).format(person=person.name, hits=hits,
                                      dice=" + ".join(map(str, damage)), total=total))
