"""The event log: every action applied, with its dice and its explanation."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from siegeboard.model.actions import Action
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
    detail: dict[str, int | float | str | bool | None] = Field(default_factory=dict, max_length=1_000)


class LogEntry(BaseModel):
    """One applied action: when (turn), what, the dice, the explanation and what it touched."""

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

    def dice_values(self) -> list[int]:
        """Every die of the entry in the order rolled: what replay feeds to ScriptedDice."""
        return [value for roll in self.rolls for value in roll.values]

    def dice_typed(self) -> list[bool]:
        """For each die of ``dice_values``: whether it was typed at the table."""
        return [position < roll.typed for roll in self.rolls
                for position in range(len(roll.values))]
