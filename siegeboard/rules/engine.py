"""The engine: applies an action to a Siege and returns the outcome.

``apply`` never mutates the siege it is given. It works on copies of what the action
touches and returns an ``Outcome`` holding, for every changed structure and top-level
field, the state before and after, the log entry (every roll and every explanation line),
and what was touched. ``Outcome.apply_to`` writes the after-state into a siege and
``Outcome.revert`` writes the before-state back: that pair is undo/redo, exactly.

The siege's history is its log: ``replay`` applies each logged action to a base siege
with ScriptedDice fed the logged rolls, and gives the same siege again.

Rulesets plug in through ``HANDLERS``: for each ruleset id, action type -> handler(ctx,
action). A handler reads with ``ctx.structure``/``ctx.siege``, writes through the copies
``ctx.structure`` returns and ``ctx.set``, explains with ``ctx.say`` and rolls with
``ctx.roll``.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.log import Event, LogEntry, Roll
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.dice import Dice, RandomDice, ScriptedDice

Handler = Callable[["Context", Any], None]
_ROLLS: TypeAdapter = TypeAdapter(list[Roll])
# ``Event(**fields)`` validated without ``BaseModel.__init__`` in between: the same checks
# and the same event, for a fifth less (a long advance records thousands of them).
_validate_event = Event.__pydantic_validator__.validate_python

# Filled by the ruleset modules at import (see the bottom of this file).
HANDLERS: dict[str, dict[str, Handler]] = {}


class RuleError(ValueError):
    """An action that cannot be applied: names what is wrong. The siege is unchanged."""


@dataclass
class Outcome:
    """What one action did: before/after of every change, and its log entry."""

    action: Any
    entry: LogEntry
    structures: dict[str, tuple[Structure | None, Structure | None]] = field(default_factory=dict)
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)

    @property
    def lines(self) -> list[str]:
        return self.entry.lines

    @property
    def events(self) -> list[Event]:
        return self.entry.events

    @property
    def rolls(self) -> list[Roll]:
        return self.entry.rolls

    @property
    def touched(self) -> list[str]:
        return self.entry.touched

    @property
    def changed_ids(self) -> list[str]:
        return list(self.structures)

    def apply_to(self, siege: Siege) -> None:
        """Write the after-state into ``siege`` and append the log entry (redo)."""
        self._write(siege, after=True)
        siege.log.append(self.entry)

    def revert(self, siege: Siege) -> None:
        """Write the before-state back and remove the log entry (undo)."""
        if not siege.log or siege.log[-1].seq != self.entry.seq:
            raise RuleError("undo out of order: this action is not the last one in the log")
        siege.log.pop()
        self._write(siege, after=False)

    def _write(self, siege: Siege, *, after: bool) -> None:
        for key, (before, later) in self.structures.items():
            value = later if after else before
            if value is None:
                siege.structures.pop(key, None)
            else:
                siege.structures[key] = value.model_copy(deep=True)
        for name, (before, later) in self.fields.items():
            object.__setattr__(siege, name, _copy(later if after else before))


class RecordingDice:
    """Wraps the injected dice and records every roll with its purpose."""

    def __init__(self, dice: Dice):
        self._dice = dice
        self.rolls: list[Roll] = []

    def roll(self, count: int, sides: int, label: str) -> list[int]:
        if not count:
            return []
        values = self._dice.roll(count, sides)
        self.rolls.append(Roll(label=label, sides=sides, values=values))
        return values

    def roll_each(self, sides: int, labels: list[str]) -> list[int]:
        """One die of ``sides`` for each label, in order: the same dice and the same record
        as ``roll(1, sides, label)`` for each label in turn (one Roll each, so the log and a
        replay cannot tell). Independent random dice are drawn in one call; any other dice
        (scripted, typed in) are asked one die at a time, so they run out at the same die."""
        if type(self._dice) is RandomDice:
            values = self._dice.roll(len(labels), sides)
        else:
            values = []
            for _ in labels:
                (value,) = self._dice.roll(1, sides)
                values.append(value)
        # Validated in one call (the same Rolls as one by one, for less).
        self.rolls.extend(_ROLLS.validate_python(
            [{"label": label, "sides": sides, "values": [value]}
             for label, value in zip(labels, values)]))
        return values


class Context:
    """What a handler sees: the siege (read it, do not write it), copies to change, dice, log."""

    def __init__(self, siege: Siege, dice: Dice, index: StructureIndex | None):
        self.siege = siege
        self.options = siege.options
        self.dice = RecordingDice(dice)
        self.lines: list[str] = []
        self.events: list[Event] = []
        self.touched: list[str] = []
        self._touched_ids: set[str] = set()  # membership for ``touched`` without a list scan
        self.square: str | None = None
        self._index = index
        self._copies: dict[str, Structure] = {}
        self._fields: dict[str, Any] = {}

    @property
    def index(self) -> StructureIndex:
        if self._index is None:
            self._index = StructureIndex.for_structures(self.siege.structures)
        return self._index

    def structure(self, structure_id: str) -> Structure:
        """A working copy of the structure, to change; the same copy on every call."""
        if structure_id not in self._copies:
            original = self.siege.structures.get(structure_id)
            if original is None:
                raise RuleError(f"no structure {structure_id!r} in this siege")
            self._copies[structure_id] = original.model_copy(deep=True)
        return self._copies[structure_id]

    def current(self, structure_id: str) -> Structure:
        """The structure as this action has left it so far, without taking a copy."""
        return self._copies.get(structure_id) or self.siege.structures[structure_id]

    def get(self, name: str) -> Any:
        """A top-level siege field as this action has left it so far."""
        return self._fields.get(name, getattr(self.siege, name))

    def set(self, name: str, value: Any) -> None:
        """Change a top-level siege field (clock, mines, scene, batteries...)."""
        if name in ("structures", "log"):
            raise RuleError(f"{name} is changed through ctx.structure and the log, not set()")
        self._fields[name] = value

    def say(self, line: str) -> None:
        self.lines.append(line)

    def roll(self, count: int, sides: int, label: str) -> list[int]:
        return self.dice.roll(count, sides, label)

    def event(self, kind: str, structure_id: str | None = None, **detail: Any) -> None:
        """Record what happened; an event on a structure also marks it touched."""
        self.events.append(
            _validate_event({"kind": kind, "structure_id": structure_id, "detail": detail}))
        if structure_id is not None:
            self.touch(structure_id)

    def touch(self, structure_id: str) -> None:
        if structure_id not in self._touched_ids:
            self._touched_ids.add(structure_id)
            self.touched.append(structure_id)


def set_valid(model: Any, name: str, value: Any) -> None:
    """``model.<name> = value`` without validating it again, for a value its caller has
    derived so that it is valid: within the field's constraints and keeping the model's own
    checks true (``dp`` never above ``dp_original``). A value of another type than the
    field holds now is assigned the ordinary way (validated, coerced or refused).

    Working copies re-validate on every assignment (``validate_assignment``); a long advance
    makes thousands of one-step changes (a wooden fire grows every turn), each obviously
    valid, whose checks cost more than the rule itself.
    """
    fields = model.__dict__
    if type(value) is type(fields[name]):
        fields[name] = value
        model.__pydantic_fields_set__.add(name)
    else:
        setattr(model, name, value)


def _copy(value: Any) -> Any:
    if hasattr(value, "model_copy"):
        return value.model_copy(deep=True)
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def apply(siege: Siege, action: Any, dice: Dice, *, index: StructureIndex | None = None) -> Outcome:
    """Apply ``action`` to ``siege`` with ``dice``; return the outcome. ``siege`` is unchanged.

    Raises ``RuleError`` for an action the siege cannot take (unknown structure, weapon out
    of range, an action of the other ruleset); ``DiceExhausted`` when scripted dice run out.
    """
    handlers = HANDLERS.get(siege.ruleset, {})
    handler = handlers.get(action.type)
    if handler is None:
        raise RuleError(f"'{action.type}' is not an action of the {siege.ruleset} ruleset")
    with _no_cycle_collection():
        ctx = Context(siege, dice, index)
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
        fields = {name: (_copy(getattr(siege, name)), value)
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
        dice = ScriptedDice(entry.dice_values())
        apply_in_place(siege, entry.action, dice, index=index)
        if dice.remaining:
            raise RuleError(f"log entry {entry.seq} left {dice.remaining} dice unused on replay")
    return siege


def register(ruleset: str, handlers: dict[str, Handler]) -> None:
    HANDLERS.setdefault(ruleset, {}).update(handlers)


def _load_rulesets() -> None:
    # Imported here, not at the top, because the ruleset modules import Context from here.
    from siegeboard.rules import armory_actions, harris_actions  # noqa: F401


_load_rulesets()
