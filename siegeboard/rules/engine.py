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
from siegeboard.model.actions import Action
from siegeboard.model.log import Event, LogEntry, Roll
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules.dice import Dice, ScriptedDice

Handler = Callable[["Context", Any], None]
ACTION_ADAPTER: TypeAdapter = TypeAdapter(Action)

# Filled by the ruleset modules at import (see the bottom of this file).
HANDLERS: dict[str, dict[str, Handler]] = {}

_MISSING = object()


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
        values = self._dice.roll(count, sides) if count else []
        if count:
            self.rolls.append(Roll(label=label, sides=sides, values=values))
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
        self.events.append(Event(kind=kind, structure_id=structure_id, detail=detail))
        if structure_id is not None:
            self.touch(structure_id)

    def touch(self, structure_id: str) -> None:
        if structure_id not in self._touched_ids:
            self._touched_ids.add(structure_id)
            self.touched.append(structure_id)


def _copy(value: Any) -> Any:
    if hasattr(value, "model_copy"):
        return value.model_copy(deep=True)
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def parse_action(data: Any) -> Any:
    """An action from its JSON-like form (as stored in the log)."""
    return ACTION_ADAPTER.validate_python(data)


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
        structures = {}
        for key, copy in ctx._copies.items():
            before = siege.structures[key]
            if copy != before:
                structures[key] = (before.model_copy(deep=True), copy)
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
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
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
