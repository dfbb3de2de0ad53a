"""What a ruleset's handler works with: the ``Context`` of one action and its ``Outcome``.

A handler reads with ``ctx.structure``/``ctx.siege``, writes through the copies
``ctx.structure`` returns and ``ctx.set``, explains with ``ctx.say``, rolls with ``ctx.roll``
and records what the window reacts to with ``ctx.event``. ``Outcome.apply_to`` writes the
after-state into a siege and ``Outcome.revert`` writes the before-state back: that pair is
undo/redo, exactly. The engine (``rules.engine``) builds the context, runs the handler its
ruleset names for the action, and makes the outcome.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Protocol

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.fields import fields_of
from siegeboard.model.log import Event, Later, LogEntry, Roll
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules.catalogue import Catalogue
from siegeboard.rules.dice import Dice, RandomDice, typed_of
from siegeboard.rules.messages import _

Handler = Callable[["Context", Any], None]


class SettingWords(Protocol):
    """How Siege Settings names an option (``ruleset.Setting`` is one)."""

    @property
    def field(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def choices(self) -> Mapping[str, str]: ...


class RuleText(Protocol):
    """What an action's handler reads of its rule text through the context
    (``ruleset.Ruleset`` is one; naming it here would make the two modules import each
    other)."""

    @property
    def title(self) -> str: ...

    @property
    def settings(self) -> tuple[SettingWords, ...]: ...

    @property
    def catalogue(self) -> Catalogue: ...
Progress = Callable[[int, int], None]
"""``progress(done, total)``: how far a long action has come; it may raise to cancel."""


# The events a long advance's log entry keeps (R2: what it changed, compactly): the
# changes of state the window and the GM must hear of. The steps of the fires (grew, lit,
# spread, burned, burned out) are told by the entry's one line a structure instead.
LONG_ADVANCE_EVENTS = frozenset({"collapsed", "cleared", "cracked", "breached", "opened",
                                 "fire_out"})


class RuleError(ValueError):
    """An action that cannot be applied: names what is wrong. The siege is unchanged."""


@dataclass
class Outcome:
    """What one action did: before/after of every change, and its log entry."""

    action: Any
    entry: LogEntry
    structures: dict[str, tuple[Structure | None, Structure | None]] = field(default_factory=dict)
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    # The structures' order before an action that removes some (an edit in play, R2): its
    # undo puts them back in their places, so the siege is the same to the byte.
    order_before: list[str] | None = None

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
    def headline(self) -> str:
        """The news of the action in one line: a breach (an event with a ``message``)
        first, else the last line of the explanation."""
        news = [event.detail["message"] for event in self.entry.events
                if "message" in event.detail]
        if news:
            return str(news[-1])
        return self.entry.lines[-1] if self.entry.lines else ""

    @property
    def prompts(self) -> list[str]:
        """What the GM is asked to play next (the assault, the characters' own scene)."""
        return [prompt for event in self.entry.events
                for prompt in str(event.detail.get("prompts") or "").split("\n") if prompt]

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
            raise RuleError(_("undo out of order: this action is not the last one in the log"))
        siege.log.pop()
        self._write(siege, after=False)

    def _write(self, siege: Siege, *, after: bool) -> None:
        for key, (before, later) in self.structures.items():
            value = later if after else before
            if value is None:
                siege.structures.pop(key, None)
            else:
                # The outcome's own state, not a copy: a structure in a siege is a value, never
                # changed in place (``Siege.beginning``; a rule changes its own copies, an edit
                # replaces a structure). A minute changes thousands of structures: a copy of
                # each for the siege held 12 MiB of the N = 50,000 city's minute.
                siege.structures[key] = value
        # Each assignment is checked against the siege's other fields (a battery names one of
        # its weapons): the fields are written in the order the action set them, and undone
        # in the reverse order, so each one finds what it names (a starter weapon joins
        # before the battery that fires it, and leaves after it).
        fields = self.fields.items() if after else reversed(list(self.fields.items()))
        for name, (before, later) in fields:
            value = later if after else before
            # The beginning (R2) is copied as a beginning: it shares its structures.
            value = value.beginning() if name == "base" and value is not None \
                else copy_value(value)
            setattr(siege, name, value)
        if not after and self.order_before is not None:
            structures = siege.structures
            ordered = {key: structures[key] for key in self.order_before if key in structures}
            ordered |= {key: value for key, value in structures.items() if key not in ordered}
            structures.clear()
            structures.update(ordered)


class BatchLabels(Protocol):
    """The labels of a batch of one-die rolls, made only when asked for (a clock advance
    rolls thousands; their text is built when the log is read)."""

    def __len__(self) -> int: ...

    def each(self) -> list[str]:
        """One label a die, as if each were rolled on its own."""

    def together(self) -> str:
        """The batch's one label, for more than one die."""


def _batch_roll(labels: BatchLabels, sides: int, values: list[int], typed: int) -> list[Roll]:
    """The Roll that ``RecordingDice.roll_each`` kept for later: one Roll of the batch's
    label (of its one die's label, for a batch of one)."""
    label = labels.together() if len(values) > 1 else labels.each()[0]
    return [Roll(label=label, sides=sides, values=values, typed=typed)]


class RecordingDice:
    """Wraps the injected dice and records every roll with its purpose.

    ``records`` holds each Roll, or a recipe for it (``model.log.Later``): its text is made
    when the log entry is read. ``rolls`` gives them all as Rolls.
    """

    def __init__(self, dice: Dice):
        self._dice = dice
        self._labels: bool | None = None  # whether the dice take labels, found at first roll
        self.records: list[Roll | tuple] = []
        self._built: list[Roll] = []  # ``rolls`` of the records before len(_built)

    @property
    def rolls(self) -> list[Roll]:
        """Every roll so far, built (``records`` as the log entry will read them); each
        record is built once however often this is asked. Do not change the list."""
        built = self._built
        if len(built) < len(self.records):
            built.extend(Later(self.records[len(built):], 0).build())
        return built

    def _roll(self, count: int, sides: int, label: str) -> list[int]:
        if self._labels is None:
            self._labels = _takes_label(self._dice)
        if self._labels:
            return self._dice.roll(count, sides, label=label)
        return self._dice.roll(count, sides)

    def roll(self, count: int, sides: int, label: str) -> list[int]:
        if not count:
            return []
        values = self._roll(count, sides, label)
        self.records.append(Roll(label=label, sides=sides, values=values,
                                 typed=typed_of(self._dice)))
        return values

    def roll_each(self, sides: int, labels: BatchLabels) -> list[int]:
        """One die of ``sides`` for each of ``labels``, in order: the same dice as
        ``roll(1, sides, label)`` for each label in turn, recorded as one Roll of the
        batch's ``together`` label (R2: a clock advance records its rolls compactly; a
        replay reads the same values in the same order), its label made when read.
        Independent random dice are drawn in one call; any other dice (scripted, typed in)
        are asked one die at a time, with its label, so they run out at the same die."""
        count = len(labels)
        if not count:
            return []
        if type(self._dice) is RandomDice:
            values = self._dice.roll(count, sides)
            typed = 0  # the program's own dice
        else:
            values, typed = [], 0
            for label in labels.each():
                (value,) = self._roll(1, sides, label)
                values.append(value)
                typed += typed_of(self._dice)
        self.records.append((_batch_roll, labels, sides, values, typed))
        return values


def _takes_label(dice: Dice) -> bool:
    """Whether ``dice.roll`` takes the roll's ``label`` (dice written before rolls were
    labelled take only count and sides, and keep working)."""
    try:
        parameters = inspect.signature(dice.roll).parameters
    except (AttributeError, TypeError, ValueError):
        return False
    return "label" in parameters or any(
        parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values())


class Context:
    """What a handler sees: the siege (read it, do not write it), copies to change, dice, log."""

    def __init__(self, siege: Siege, dice: Dice, index: StructureIndex | None,
                 rules: RuleText):
        self.siege = siege
        self.rules = rules
        self.options = siege.options
        self.dice = RecordingDice(dice)
        self.lines: list[str | tuple] = []  # lines, and recipes of lines (``say_each``)
        self.line_count = 0
        # Each event as ``(kind, structure_id, detail)``: the log entry makes the Events when
        # read (model.log.Later).
        self.events: list[tuple[str, str | None, dict[str, Any]]] = []
        self.touched: list[str] = []
        self._touched_ids: set[str] = set()  # membership for ``touched`` without a list scan
        self.square: str | None = None
        # A clock advance longer than an hour keeps only what it changed (R2): its turn-by-
        # turn lines and step events are left out, the engine then tells the outcome.
        self.quiet = False
        self.progress: Progress | None = None
        self._index = index
        # Each working copy: a Structure (``structure``) or a copy of its scalars
        # (``structure_scalars``) until the whole is asked for.
        self._copies: dict[str, Structure | ScalarCopy] = {}
        # Each copy's original, in the order of ``_copies``: the before-states of the outcome.
        self._originals: list[Structure] = []
        self._replaced: dict[str, Structure | None] = {}
        self._fields: dict[str, Any] = {}

    @property
    def index(self) -> StructureIndex:
        if self._index is None:
            self._index = StructureIndex.for_structures(self.siege.structures)
        return self._index

    def structure(self, structure_id: str) -> Structure:
        """A working copy of the structure, to change; the same copy on every call. A copy
        of its scalars made before (``structure_scalars``) becomes this copy: whoever holds
        that one reads and writes this one from then on."""
        copy = self._copies.get(structure_id)
        if copy is None:
            original = self.siege.structures.get(structure_id)
            if original is None:
                raise RuleError(_("no structure {structure_id!r} in this siege").format(
                    structure_id=structure_id))
            copy = self._copies[structure_id] = original.copy_to_change()
            self._originals.append(original)
        elif isinstance(copy, ScalarCopy):
            copy = self._copies[structure_id] = copy.make_whole()
        return copy

    def structure_scalars(self, structure_id: str) -> Structure:
        """The working copy of ``structure``, for a rule that changes only a structure's fire
        state (``STATE_FIELDS``: fire level, out of control, DP, collapsed, cleared): a
        ``ScalarCopy``, read as the structure is and assigned as plain data, until
        ``structure`` is asked for the same id. A minute's fires change thousands of
        structures one number at a time: each change is a plain assignment, and the
        structure after the action is made once, from the original and its changes
        (``ScalarCopy.structure``)."""
        copy = self._copies.get(structure_id)
        if copy is None:
            original = self.siege.structures.get(structure_id)
            if original is None:
                raise RuleError(_("no structure {structure_id!r} in this siege").format(
                    structure_id=structure_id))
            copy = self._copies[structure_id] = ScalarCopy(original)
            self._originals.append(original)
        scalars: Any = copy  # a ScalarCopy, read and written as a Structure (``current``)
        return scalars

    def copies(self) -> Iterator[tuple[str, Structure, Structure]]:
        """``(id, original, copy)`` of each working copy made, in the order made; a copy of
        scalars that changed nothing gives the original itself."""
        for (key, copy), original in zip(self._copies.items(), self._originals, strict=True):
            yield key, original, copy.structure() if isinstance(copy, ScalarCopy) else copy

    def current(self, structure_id: str) -> Structure:
        """The structure as this action has left it so far, without taking a copy."""
        # A ScalarCopy reads as the structure it copies. Typed by annotation, not ``cast``:
        # a minute of a town's fires asks this tens of thousands of times, and
        # ``cast(Structure | None, ...)`` builds the union on every call (4 % of the minute).
        copy: Any = self._copies.get(structure_id)
        return copy or self.siege.structures[structure_id]

    def replaced(self) -> dict[str, Structure | None]:
        """Each structure this action replaced whole, added or removed (``put``)."""
        return self._replaced

    def fields(self) -> dict[str, Any]:
        """Each top-level field this action set (``set``), as it left it."""
        return self._fields

    def put(self, structure_id: str, state: Structure | None) -> None:
        """Replace a structure whole, add a new one, or remove it (``None``): an edit of the
        board logged in play (R2). Not mixed with ``structure`` copies of the same id."""
        if structure_id in self._copies:
            raise RuleError(_("structure {structure_id!r} is already being changed by this "
                              "action").format(
                structure_id=structure_id))
        self._replaced[structure_id] = state

    def weapon(self, weapon_id: str) -> Weapon | None:
        """The siege's weapon of that id, else the catalogue's starter weapon of that id,
        which then joins the siege's weapons with this action (so that a replay of the log
        finds it there too); None when neither has it."""
        weapon = self.get("weapons").get(weapon_id)
        if weapon is None:
            weapon = next((w for w in self.rules.catalogue.weapons if w.id == weapon_id), None)
            if weapon is not None:
                self.set("weapons",
                         {**self.get("weapons"), weapon_id: weapon.model_copy(deep=True)})
        return weapon

    def get(self, name: str) -> Any:
        """A top-level siege field as this action has left it so far."""
        return self._fields.get(name, getattr(self.siege, name))

    def set(self, name: str, value: Any) -> None:
        """Change a top-level siege field (clock, mines, scene, batteries...)."""
        if name in ("structures", "log"):
            raise RuleError(_("{name} is changed through ctx.structure and the log, not "
                              "set()").format(name=name))
        self._fields[name] = value

    def report(self, done: int, total: int) -> None:
        """Tell ``progress`` (if any) how far the action has come; it may raise to cancel."""
        if self.progress is not None:
            self.progress(done, total)

    def say(self, line: str) -> None:
        if not self.quiet:
            self.lines.append(line)
            self.line_count += 1

    def say_each(self, count: int, build: Callable[..., list[str]], *args: Any) -> None:
        """Say the ``count`` lines ``build(*args)`` returns, made only when the log entry is
        read (``model.log.Later``): ``args`` are plain data, not to be changed after."""
        if not self.quiet and count:
            self.lines.append((build, *args))
            self.line_count += count

    def roll(self, count: int, sides: int, label: str) -> list[int]:
        return self.dice.roll(count, sides, label)

    def event(self, kind: str, structure_id: str | None = None, **detail: Any) -> None:
        """Record what happened; an event on a structure also marks it touched. In a quiet
        context (a long advance) only ``LONG_ADVANCE_EVENTS`` are kept; the others touch."""
        if not self.quiet or kind in LONG_ADVANCE_EVENTS:
            self.events.append((kind, structure_id, detail))
        # ``touch`` inlined: a minute of a city's fires records tens of thousands of events.
        if structure_id is not None and structure_id not in self._touched_ids:
            self._touched_ids.add(structure_id)
            self.touched.append(structure_id)

    def touch(self, structure_id: str) -> None:
        if structure_id not in self._touched_ids:
            self._touched_ids.add(structure_id)
            self.touched.append(structure_id)


# The fields a ``ScalarCopy`` holds as plain data of its own: the state that fire and its
# damage change (H7, H9, H10).
STATE_FIELDS = ("fire_level", "out_of_control", "dp", "collapsed", "cleared")


class ScalarCopy:
    """A working copy of a structure's fire state (``Context.structure_scalars``): plain
    data inside the rules. It holds the fields of ``STATE_FIELDS`` as its own attributes,
    taken from the original and assigned unvalidated (the rule derives each value valid:
    within the field's constraints, ``dp`` never above ``dp_original``). Any other field is
    the original's, read-only: a list or a nested model is never changed through it.
    ``structure()`` is the Structure after the action: the original's
    ``model_copy(update=...)`` with the fields that differ. Once made whole (``make_whole``)
    it stands for the whole working copy: it becomes a ``WholeScalarCopy``, whose reads and
    writes all go to that copy."""

    __slots__ = ("_original", "_whole") + STATE_FIELDS

    def __init__(self, original: Structure):
        self._original = original
        self.fire_level = original.fire_level
        self.out_of_control = original.out_of_control
        self.dp = original.dp
        self.collapsed = original.collapsed
        self.cleared = original.cleared

    def __getattr__(self, name: str) -> Any:
        # Not a field (``has_flag``, ``trapped_count``): the original's.
        return getattr(self._original, name)

    def changes(self) -> dict[str, Any]:
        """Each field of ``STATE_FIELDS`` that differs from the original (a structure is a
        value: it does not change while the action runs), with its value."""
        original, changes = self._original, {}
        if self.fire_level != original.fire_level:
            changes["fire_level"] = self.fire_level
        if self.out_of_control != original.out_of_control:
            changes["out_of_control"] = self.out_of_control
        if self.dp != original.dp:
            changes["dp"] = self.dp
        if self.collapsed != original.collapsed:
            changes["collapsed"] = self.collapsed
        if self.cleared != original.cleared:
            changes["cleared"] = self.cleared
        return changes

    def structure(self) -> Structure:
        """The Structure after the action: the original when nothing differs from it."""
        changes = self.changes()
        return self._original.model_copy(update=changes) if changes else self._original

    def make_whole(self) -> Structure:
        """A whole working copy (``Structure.copy_to_change``) with this copy's changes,
        which this copy then stands for."""
        original = self._original
        whole = original.model_copy(update={**original.parts_copied(), **self.changes()})
        self._whole = whole
        # The same object, from now on a view of ``whole``: whoever holds it reads and
        # writes the whole copy.
        self.__class__ = WholeScalarCopy
        return whole


class WholeScalarCopy(ScalarCopy):
    """A ``ScalarCopy`` made whole: every field read or assigned is the whole copy's
    (``Context.structure`` returns that copy itself)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._whole, name)

    def changes(self) -> dict[str, Any]:
        return {}

    def structure(self) -> Structure:
        return self._whole


def _field_of_whole(name: str) -> property:
    """The field ``name`` of a ``WholeScalarCopy``: the whole copy's, read and assigned."""

    def read(copy: WholeScalarCopy) -> Any:
        return getattr(copy._whole, name)

    def assign(copy: WholeScalarCopy, value: Any) -> None:
        setattr(copy._whole, name, value)

    return property(read, assign)


for _name in fields_of(Structure):
    if _name not in STATE_FIELDS:  # the original's, read-only
        setattr(ScalarCopy, _name, property(attrgetter(f"_original.{_name}")))
    setattr(WholeScalarCopy, _name, _field_of_whole(_name))


def set_valid(model: Any, name: str, value: Any) -> None:
    """``model.<name> = value``: unvalidated on a ``ScalarCopy`` (its caller derives the value
    valid: within the field's constraints, ``dp`` never above ``dp_original``), pydantic's
    validated assignment on a model (a whole working copy, an occupant)."""
    setattr(model, name, value)


def copy_value(value: Any) -> Any:
    if hasattr(value, "model_copy"):
        return value.model_copy(deep=True)
    if isinstance(value, dict):
        return {key: copy_value(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copy_value(item) for item in value]
    return value
