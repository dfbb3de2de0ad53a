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

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.collection import no_cycle_collection
from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.context import Context, Outcome, Progress, RuleError, copy_value
from siegeboard.rules.dice import Dice, RandomDice, ScriptedDice
from siegeboard.rules.messages import _
from siegeboard.rules.registry import ruleset_of

__all__ = ["Context", "Outcome", "RuleError", "apply", "apply_in_place", "beginning_of", "replay",
           "replay_entry", "replay_log"]


def apply(siege: Siege, action: Any, dice: Dice, *, index: StructureIndex | None = None,
          progress: Progress | None = None) -> Outcome:
    """Apply ``action`` to ``siege`` with ``dice``; return the outcome. ``siege`` is unchanged.

    ``progress(done, total)`` is told how far a long action (a clock advance) has come, in
    turns; it may raise to cancel, and the exception leaves ``apply`` with the siege
    unchanged.

    Raises ``RuleError`` for an action the siege cannot take (unknown structure, weapon out
    of range, an action of the other ruleset); ``DiceExhausted`` when scripted dice run out.
    """
    rules = ruleset_of(siege)
    handler = rules.handler(action.type)
    seeded = _seed_to_log(action, dice)
    with no_cycle_collection():
        ctx = Context(siege, dice, index, rules)
        ctx.quiet = seeded is not None
        ctx.progress = progress
        handler(ctx, action)
        if not siege.log and siege.base is None:
            # R2: the first entry keeps the siege as it was before it; undoing that entry
            # forgets it again.
            ctx.set("base", beginning_of(siege))
        # The siege's own object is the before-state: the engine never changes it, and
        # ``apply_to`` replaces it in the siege by the after-state, so from then on only the
        # outcome holds it (``revert`` writes it back). Copying it here cost as much as all
        # the working copies together.
        # A fire level that differs settles it from one field (a minute of a city's fires
        # changes thousands of structures); else pydantic's ``!=`` compares every field.
        structures: dict[str, tuple[Structure | None, Structure | None]] = {}
        for key, before, copy in ctx.copies():
            # A copy of scalars that changed nothing is the original itself.
            if copy is not before and (copy.fire_level != before.fire_level or copy != before):
                structures[key] = (before, copy)
        replaced = ctx.replaced()
        for key, state in replaced.items():
            was = siege.structures.get(key)
            if state != was:
                structures[key] = (was, state)
        fields = {name: (copy_value(getattr(siege, name)), value)
                  for name, value in ctx.fields().items() if value != getattr(siege, name)}
        rolls, digest = ctx.dice.records, None
        if seeded is not None:
            ctx.quiet = False
            ctx.say(_("Clock: turn {start} -> {end} ({turns:,} turns); {dice:,} dice rolled by "
                      "the program (seed {seed}), not kept: a replay rolls them again").format(
                start=siege.clock.turn, end=ctx.get("clock").turn, turns=action.turns,
                dice=len(ctx.dice.records), seed=seeded))
            for was, now in structures.values():
                line = rules.change_line(was, now)
                if line:
                    ctx.say(line)
            rolls, digest = [], outcome_digest(structures, fields)
        # The rolls, lines and events stay compact records until the entry is read
        # (model.log.Later).
        entry = LogEntry.with_later(
            rolls, ctx.lines, ctx.events, roll_count=len(rolls), line_count=ctx.line_count,
            seq=(siege.log[-1].seq + 1) if siege.log else 1,
            turn=siege.clock.turn, action=action,
            touched=ctx.touched, square=ctx.square, dice_seed=seeded, digest=digest,
        )
    # Only a structure replaced whole (``ctx.put``) can be removed: a working copy never is.
    removes = any(structures[key][1] is None for key in replaced if key in structures)
    return Outcome(action=action, entry=entry, structures=structures, fields=fields,
                   order_before=list(siege.structures) if removes else None)


LONG_ADVANCE_TURNS = 720  # an hour of siege time (R2)


def _seed_to_log(action: Any, dice: Dice) -> int | None:
    """R2: the seed a clock advance longer than an hour logs instead of its rolls, when the
    program rolls it with seeded dice; None otherwise (its rolls are logged)."""
    if (getattr(action, "type", None) == "advance" and action.turns > LONG_ADVANCE_TURNS
            and type(dice) is RandomDice and isinstance(dice.seed, int) and dice.seed >= 0):
        return dice.seed
    return None


def outcome_digest(structures: dict[str, tuple[Any, Any]],
                   fields: dict[str, tuple[Any, Any]]) -> str:
    """SHA-256 of what an action changed (the after-state of each structure and field, the
    ``base`` apart): how a seeded entry's replay is checked."""
    after = {"structures": {key: None if state is None else state.model_dump(mode="json")
                            for key, (_, state) in sorted(structures.items())},
             "fields": {name: _plain(value) for name, (_, value) in sorted(fields.items())
                        if name != "base"}}
    text = json.dumps(after, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value




def apply_in_place(siege: Siege, action: Any, dice: Dice, *,
                   index: StructureIndex | None = None,
                   progress: Progress | None = None) -> Outcome:
    """``apply`` then ``Outcome.apply_to`` on the same siege: the headless way to play."""
    outcome = apply(siege, action, dice, index=index, progress=progress)
    outcome.apply_to(siege)
    return outcome


def beginning_of(siege: Siege) -> Siege:
    """A copy of ``siege`` as a beginning for its log (R2): no log and no base of its own,
    sharing its structures (``Siege.beginning``)."""
    return siege.beginning()


def replay_log(siege: Siege) -> Siege:
    """R2: the siege's log replayed on the siege as it was before the first entry (its
    ``base``): the same siege again. ``RuleError`` when the log has no beginning kept (a log
    begun before schema version 3) or an entry does not reproduce."""
    if not siege.log:
        return siege.model_copy(deep=True)
    if siege.base is None:
        raise RuleError(_("this siege's log was begun by an older siegeboard, which kept no siege "
                          "from before its first entry: it cannot be replayed"))
    return replay(siege.base, siege.log)


def replay(base: Siege, entries: Iterable[LogEntry], *,
           index: StructureIndex | None = None) -> Siege:
    """Apply each entry's action to a copy of ``base`` with its logged dice (or, for a long
    advance, dice from its logged seed); return the result.

    Raises ``RuleError`` when an entry does not reproduce (its dice are not all used, or a
    seeded entry changes the siege otherwise).
    """
    siege = base.model_copy(deep=True)
    for entry in entries:
        replay_entry(siege, entry, index=index)
    return siege


def replay_entry(siege: Siege, entry: LogEntry, *,
                 index: StructureIndex | None = None) -> Outcome:
    """Apply one logged ``entry`` to ``siege`` in place, with its logged dice (or, for a long
    advance, dice from its logged seed); return its outcome (``revert`` steps back).

    Raises ``RuleError`` when the entry does not reproduce.
    """
    if entry.dice_seed is not None:
        # A long advance (R2): its rolls come again from its seed; what it changed must
        # come out the same.
        outcome = apply(siege, entry.action, RandomDice(entry.dice_seed), index=index)
        if outcome.entry.digest != entry.digest:
            raise RuleError(_("log entry {seq} changed the siege otherwise on replay (its "
                              "seed did not give the same outcome)").format(
                seq=entry.seq))
        outcome.apply_to(siege)
        return outcome
    dice = ScriptedDice(entry.dice_values(), typed=entry.dice_typed())
    outcome = apply_in_place(siege, entry.action, dice, index=index)
    if dice.remaining:
        raise RuleError(_("log entry {seq} left {remaining} dice unused on replay").format(
            seq=entry.seq, remaining=dice.remaining))
    return outcome
