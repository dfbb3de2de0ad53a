"""The event log: every action applied, with its dice and its explanation."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_serializer

from siegeboard.model.actions import Action
from siegeboard.model.collection import no_cycle_collection
from siegeboard.model.validation import MAX_ITEMS, MAX_TURN


class Roll(BaseModel):
    """Dice rolled for one purpose: ``count``D``sides`` gave ``values``.

    ``typed`` is how many of them, the first ones, the GM typed at the table; the rest the
    program rolled (0: all rolled, as every roll of a file before schema version 2). A count
    above the number of dice reads as all typed. (Not checked by a model validator: a long
    clock advance records thousands of rolls, and one would double their cost.)
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str
    sides: int = Field(ge=2, le=1_000)
    values: list[int] = Field(max_length=MAX_ITEMS, fail_fast=True)
    typed: int = Field(default=0, ge=0)

    @property
    def source(self) -> str:
        """"typed", "rolled" or "2 typed, 1 rolled": where the dice came from."""
        typed = min(self.typed, len(self.values))
        if typed == 0:
            return "rolled"
        if typed == len(self.values):
            return "typed"
        return f"{typed} typed, {len(self.values) - typed} rolled"


class Event(BaseModel):
    """Something that happened to one structure (or the siege when ``structure_id`` is None):
    ``kind`` is a short verb phrase ("hit", "collapsed", "ignited", "breached"...) and
    ``detail`` its figures. The GUI and reports react to events, never to explanation text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(min_length=1)
    structure_id: str | None = None
    detail: dict[str, int | float | str | bool | None] = Field(default_factory=dict,
                                                               max_length=1_000)


Recipe = tuple  # ``(build, *args)``: ``build(*args)`` returns the items it stands for


class Later(Sequence):
    """The items of a log entry's list kept compact until they are read: a read-only list.

    ``parts`` are items, and recipes: a recipe is a tuple ``(build, *args)`` (an item is
    never a tuple) and ``build(*args)`` returns the items it stands for, in order, from
    plain data. A clock advance rolls thousands of dice and explains each in a line; a
    recipe holds one fire's batch of them as the numbers, and their text (the labelled
    ``Roll``, the lines) is made only when the entry is read: shown, saved or compared.
    ``length`` is the number of items the parts give. Read like a list (index, slice, iterate,
    ``==`` a list, ``+`` a list), it builds its items once, on the first read, and keeps
    them; it never changes (copies share it), and it pickles as the plain list.
    """

    __slots__ = ("parts", "length", "built")

    def __init__(self, parts: Iterable[Any], length: int):
        self.parts = tuple(parts)
        self.length = length
        self.built: list | None = None  # the items, once read

    def build(self) -> list:
        """The items, made from the parts (a new list each call)."""
        if self.built is not None:
            return list(self.built)
        items: list = []
        for part in self.parts:
            if type(part) is tuple:
                items.extend(part[0](*part[1:]))
            else:
                items.append(part)
        return items

    def items(self) -> list:
        """The items, built on the first call and kept: do not change the list."""
        built = self.built
        if built is None:
            # Thousands of Rolls, Events and lines at once: the collector would walk the
            # whole siege again and again (a second for a minute of a city's fires).
            with no_cycle_collection():
                built = self.built = self.build()
            self.parts = ()  # the items stand for them now
        return built

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: Any) -> Any:
        return self.items()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Later, list)):
            return self.items() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Any) -> list:
        return self.items() + list(other)

    def __radd__(self, other: Any) -> list:
        return list(other) + self.items()

    def __repr__(self) -> str:
        return repr(self.items())

    def __copy__(self) -> Later:
        return self

    def __deepcopy__(self, memo: dict) -> Later:
        return self

    def __reduce__(self) -> tuple:
        return (list, (self.items(),))


# The types of the lists a log entry may keep for later, as its fields declare them.
_Rolls = Annotated[list[Roll], Field(max_length=MAX_ITEMS)]
_Events = Annotated[list[Event], Field(max_length=MAX_ITEMS)]
_Lines = Annotated[list[str], Field(max_length=MAX_ITEMS)]


class LogEntry(BaseModel):
    """One applied action: when (turn), what, the dice, the explanation and what it touched."""

    # (Not in the docstring, which is the file schema's description.) ``rolls``, ``events``
    # and ``lines`` may be kept compact (``with_later``): each is then a ``Later``, a
    # read-only list built on its first read; pydantic's dumps, ``==`` and pickling see the
    # plain list.

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=1, le=MAX_TURN)
    turn: int = Field(ge=0, le=MAX_TURN)
    action: Action
    rolls: list[Roll] = Field(default_factory=list, max_length=MAX_ITEMS, fail_fast=True)
    events: list[Event] = Field(default_factory=list, max_length=MAX_ITEMS, fail_fast=True)
    lines: list[str] = Field(default_factory=list, max_length=MAX_ITEMS, fail_fast=True)
    touched: list[str] = Field(default_factory=list, max_length=MAX_ITEMS, fail_fast=True)
    square: str | None = None
    # R2: a clock advance longer than an hour keeps no rolls: ``dice_seed`` is the seed of
    # the program's dice it rolled with (replay rolls them again) and ``digest`` what it
    # changed (a SHA-256 of the after-state), so a replay that differs is caught.
    dice_seed: int | None = Field(default=None, ge=0)
    digest: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")

    @classmethod
    def with_later(cls, rolls: list[Roll | Recipe], lines: list[str | Recipe],
                   events: list[tuple[str, str | None, dict[str, Any]]], *, roll_count: int,
                   line_count: int, **fields: Any) -> LogEntry:
        """The entry of ``fields`` whose ``rolls`` and ``lines`` are ``Later`` parts (items
        and recipes, giving ``roll_count`` rolls and ``line_count`` lines) and whose
        ``events`` are each Event's ``(kind, structure_id, detail)``, validated when read.
        The rest is validated as ``LogEntry(**fields)`` is; the lists' lengths are checked,
        and lists past the limit are built and validated the ordinary way, which refuses
        them as before."""
        if roll_count > MAX_ITEMS or line_count > MAX_ITEMS or len(events) > MAX_ITEMS:
            return cls(rolls=Later(rolls, roll_count).build(),
                       lines=Later(lines, line_count).build(), events=_fields_of(events),
                       **fields)
        # A recipe per few thousand events: a reader that takes the parts one at a time (a
        # save) never holds a city's minute of Events at once.
        events_later = Later(tuple((_events_of, events[start:start + _EVENTS_AT_ONCE])
                                   for start in range(0, len(events), _EVENTS_AT_ONCE)),
                             len(events)) if events else []
        # ``model_copy(update=...)`` keeps the parts unvalidated: each is validated as built.
        return cls(**fields).model_copy(update={
            "rolls": _later(rolls, roll_count), "lines": _later(lines, line_count),
            "events": events_later})

    # Serialised as built, wherever the entry is (on its own or in a siege's log): each kept
    # list is built, then serialised as its field is (the return types are the fields' own,
    # so the output and the serialisation schema are those of the plain lists).
    @field_serializer("rolls")
    def _rolls_built(self, value: Any) -> _Rolls:
        return value.items() if type(value) is Later else value

    @field_serializer("events")
    def _events_built(self, value: Any) -> _Events:
        return value.items() if type(value) is Later else value

    @field_serializer("lines")
    def _lines_built(self, value: Any) -> _Lines:
        return value.items() if type(value) is Later else value

    def dice_values(self) -> list[int]:
        """Every die of the entry in the order rolled: what replay feeds to ScriptedDice."""
        return [value for roll in self.rolls for value in roll.values]

    def dice_typed(self) -> list[bool]:
        """For each die of ``dice_values``: whether it was typed at the table."""
        return [position < roll.typed for roll in self.rolls
                for position in range(len(roll.values))]


def _later(parts: list, count: int) -> Later | list:
    """A ``Later`` of ``parts``, or the list itself when it holds no recipe."""
    if any(type(part) is tuple for part in parts):
        return Later(parts, count)
    return list(parts)


_EVENTS: TypeAdapter = TypeAdapter(list[Event])
_EVENTS_AT_ONCE = 2000


def _fields_of(events: list[tuple[str, str | None, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each event's fields, of its ``(kind, structure_id, detail)``."""
    return [{"kind": kind, "structure_id": structure_id, "detail": detail}
            for kind, structure_id, detail in events]


def _events_of(events: list[tuple[str, str | None, dict[str, Any]]]) -> list[Event]:
    """The Events of their ``(kind, structure_id, detail)``, validated in one call (as
    ``Event(kind=..., structure_id=..., detail=...)`` each)."""
    return _EVENTS.validate_python(_fields_of(events))
