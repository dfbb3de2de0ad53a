"""The engine: applies an action to a Siege and returns the outcome.

``apply`` never mutates the siege it is given. It works on copies of what the action
touches and returns an ``Outcome`` (``rules.context``) holding, for every changed structure
and top-level field, the state before and after, the log entry (every roll and every
explanation line), and what was touched. A starter weapon of the catalogue that the action
names joins the siege's weapons with it (a change of ``weapons`` in the outcome).

The siege's history is its log: ``replay`` applies each logged action to a base siege
with ScriptedDice fed the logged rolls, and gives the same siege again.

Rulesets plug in through the registry (``rules.registry``): the siege's ruleset names the
handler of each action it offers.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Siege
from siegeboard.rules.arsenal import adopted_weapons
from siegeboard.rules.context import Context, Outcome, RuleError, copy_value
from siegeboard.rules.dice import Dice, ScriptedDice
from siegeboard.rules.registry import ruleset_of

__all__ = ["Context", "Outcome", "RuleError", "apply", "apply_in_place", "replay"]


def apply(siege: Siege, action: Any, dice: Dice, *, index: StructureIndex | None = None) -> Outcome:
    """Apply ``action`` to ``siege`` with ``dice``; return the outcome. ``siege`` is unchanged.

    Raises ``RuleError`` for an action the siege cannot take (unknown structure, weapon out
    of range, an action of the other ruleset); ``DiceExhausted`` when scripted dice run out.
    """
    rules = ruleset_of(siege)
    handler = rules.handler(action.type)
    adopted = adopted_weapons(siege, action)
    # The handler sees the starter weapons the action names as the siege's own; the outcome
    # records them as a change of ``weapons``, so redo adds them and undo takes them away.
    seen = siege.model_copy(update={"weapons": siege.weapons | adopted}) if adopted else siege
    with _no_cycle_collection():
        ctx = Context(seen, dice, index)
        if adopted:
            ctx.set("weapons", dict(seen.weapons))
        handler(ctx, action)
        # The siege's own object is the before-state: the engine never changes it, and
        # ``apply_to`` replaces it in the siege by a copy of the after-state, so from then on
        # only the outcome holds it (``revert`` writes back a copy). Copying it here cost as
        # much as all the working copies together.
        # A copy and its original are Structures whose ``__dict__`` holds exactly their
        # fields (no extra fields, no private attributes), so comparing the dicts is what
        # ``copy != before`` decides, without pydantic's checks around it: half the cost,
        # for thousands of copies in a long advance.
        structures = {}
        for key, copy in ctx._copies.items():
            before = siege.structures[key]
            if copy.__dict__ != before.__dict__:
                structures[key] = (before, copy)
        fields = {name: (copy_value(getattr(siege, name)), value)
                  for name, value in ctx._fields.items() if value != getattr(siege, name)}
        entry = LogEntry(
            seq=(siege.log[-1].seq + 1) if siege.log else 1,
            turn=siege.clock.turn, action=action, rolls=ctx.dice.rolls, events=ctx.events,
            lines=ctx.lines,
            touched=ctx.touched, square=ctx.square,
        )
    return Outcome(action=action, entry=entry, structures=structures, fields=fields)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while an action is worked out.

    An action allocates thousands of small, acyclic objects (copies, rolls, events, lines)
    that reference counting frees anyway; each allocation burst otherwise triggers full
    collections that walk every object of a large siege, which cost more than the rules
    themselves (half of a minute of clock with 1,000 fires in a 10,000-structure town).
    Nothing changes but when cycles, if any, are collected.

    On the way out, what the action made (the outcome: copies, rolls, events) is moved
    straight to the oldest generation with ``gc.freeze(); gc.unfreeze()``, which also resets
    the young generation's count. Otherwise the first allocation after ``gc.enable`` scans
    every one of those objects (a tenth of a minute of clock in that town) only to find
    them alive: they live as long as the log does. Skipped when the program keeps frozen
    objects of its own, which ``unfreeze`` would release.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def apply_in_place(siege: Siege, action: Any, dice: Dice, *,
                   index: StructureIndex | None = None) -> Outcome:
    """``apply`` then ``Outcome.apply_to`` on the same siege: the headless way to play."""
    outcome = apply(siege, action, dice, index=index)
    outcome.apply_to(siege)
    return outcome


def replay(base: Siege, entries: Iterable[LogEntry], *,
           index: StructureIndex | None = None) -> Siege:
    """Apply each entry's action to a copy of ``base`` with its logged dice; return the result.

    Raises ``RuleError`` when an entry does not reproduce (its dice are not all used).
    """
    siege = base.model_copy(deep=True)
    for entry in entries:
        dice = ScriptedDice(entry.dice_values(), typed=entry.dice_typed())
        apply_in_place(siege, entry.action, dice, index=index)
        if dice.remaining:
            raise RuleError(f"log entry {entry.seq} left {dice.remaining} dice unused on replay")
    return siege
