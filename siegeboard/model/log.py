"""The event log: every action applied, with its dice and its explanation."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from siegeboard.model.actions import Action


class Roll(BaseModel):
    """Dice rolled for one purpose: ``count``D``sides`` gave ``values``.

    ``typed`` is how many of them, the first ones, the GM typed at the table; the rest the
    program rolled (0: all rolled, as every roll of a file before schema version 2).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str
    sides: int = Field(ge=2)
    values: list[int]
    typed: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _typed_within_values(self) -> "Roll":
        if self.typed > len(self.values):
            raise ValueError(f"typed: {self.typed} typed dice of {len(self.values)}")
        return self

    @property
    def source(self) -> str:
        """"typed", "rolled" or "2 typed, 1 rolled": where the dice came from."""
        if self.typed == 0:
            return "rolled"
        if self.typed == len(self.values):
            return "typed"
        return f"{self.typed} typed, {len(self.values) - self.typed} rolled"


class Event(BaseModel):
    """Something that happened to one structure (or the siege when ``structure_id`` is None):
    ``kind`` is a short verb phrase ("hit", "collapsed", "ignited", "breached"...) and
    ``detail`` its figures. The GUI and reports react to events, never to explanation text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(min_length=1)
    structure_id: str | None = None
    detail: dict[str, int | float | str | bool | None] = Field(default_factory=dict)


class LogEntry(BaseModel):
    """One applied action: when (turn), what, the dice, the explanation and what it touched."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=1)
    turn: int = Field(ge=0)
    action: Action
    rolls: list[Roll] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)
    lines: list[str] = Field(default_factory=list)
    touched: list[str] = Field(default_factory=list)
    square: str | None = None

    def dice_values(self) -> list[int]:
        """Every die of the entry in the order rolled: what replay feeds to ScriptedDice."""
        return [value for roll in self.rolls for value in roll.values]

    def dice_typed(self) -> list[bool]:
        """For each die of ``dice_values``: whether it was typed at the table."""
        return [position < roll.typed for roll in self.rolls
                for position in range(len(roll.values))]
