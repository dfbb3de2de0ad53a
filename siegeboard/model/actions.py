"""The actions a GM takes, as data: what the engine applies and the log replays.

Each action is a pydantic model with a literal ``type``; ``Action`` is their tagged union.
Task outcomes are entered by the GM or rolled from a skill (H13): see ``TaskRoll``.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, FiniteFloat, model_validator

from siegeboard.model.structure import LadderStep, TaskOutcome
from siegeboard.model.validation import (
    MAX_DP, MAX_ITEMS, MAX_MODIFIER, MAX_POOL, MAX_SUCCESSES, MAX_VALUE, Coordinate,
)

Point = tuple[Coordinate, Coordinate]
Difficulty = Literal["easy", "average", "difficult", "formidable", "impossible"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TaskRoll(BaseModel):
    """A task's outcome as entered by the GM, or a skill value to roll 1D20 against (H13)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    outcome: TaskOutcome | None = None
    skill: int | None = Field(default=None, ge=0, le=MAX_VALUE)

    @model_validator(mode="after")
    def _one_of(self) -> "TaskRoll":
        if (self.outcome is None) == (self.skill is None):
            raise ValueError("task: give either the outcome or the skill to roll, not both or neither")
        return self


class FireAt(_Action):
    """Fire a weapon at a point, from a battery (range measured) or at a given range.

    ``target_id`` names the structure hit; when None the structure under the point is hit,
    if any. DP ruleset: ``modifier`` is added to penetration. Hull ruleset: ``successes``
    and ``boons`` of the attack, ``through_slit`` for a pillbox's firing slit.
    """

    type: Literal["fire"] = "fire"
    weapon_id: str
    at: Point
    battery_id: str | None = None
    range_m: FiniteFloat | None = Field(default=None, ge=0, le=1_000_000)
    target_id: str | None = None
    modifier: int = Field(default=0, ge=-MAX_MODIFIER, le=MAX_MODIFIER)
    successes: int = Field(default=0, ge=0, le=MAX_SUCCESSES)
    boons: int = Field(default=0, ge=0, le=MAX_SUCCESSES)
    through_slit: bool = False


class AdvanceClock(_Action):
    """Run the clock forward by a number of turns (5 s each; 12 to the minute)."""

    type: Literal["advance"] = "advance"
    turns: int = Field(ge=1, le=12 * 60 * 24)


class FightFire(_Action):
    """Firefighters spend a turn each on a fire that is not out of control (H9)."""

    type: Literal["fight_fire"] = "fight_fire"
    structure_id: str
    firefighters: list[TaskRoll] = Field(min_length=1, max_length=1_000, fail_fast=True)


class Repair(_Action):
    """A repair team restores DP (H8) or, in the Hull ruleset, Hull suffered."""

    type: Literal["repair"] = "repair"
    structure_id: str
    team_size: int = Field(ge=1, le=3)
    engineer: bool = True
    task: TaskRoll


class FreeTrapped(_Action):
    """Extricate one trapped person: a Formidable Strength task (H7)."""

    type: Literal["free_trapped"] = "free_trapped"
    structure_id: str
    occupant: str
    task: TaskRoll


class GMOverride(_Action):
    """Set any part of a structure's state by hand; None leaves that part alone."""

    type: Literal["override"] = "override"
    structure_id: str
    dp: int | None = Field(default=None, ge=0, le=MAX_DP)
    collapsed: bool | None = None
    cleared: bool | None = None
    fire_level: int | None = Field(default=None, ge=0, le=MAX_DP)
    out_of_control: bool | None = None
    hull_suffered: int | None = Field(default=None, ge=0, le=MAX_DP)
    ladder: LadderStep | None = None
    burning: bool | None = None
    layer: Literal["outer", "inner"] = Field(
        default="outer", description="Hull ruleset: 'inner' sets the portcullis behind a gate (A5)")
    reason: str = ""


class Demolish(_Action):
    """Charges set together on a structure (A6, A7); in the DP ruleset, each one's damage."""

    type: Literal["demolish"] = "demolish"
    structure_id: str
    weapon_ids: list[str] = Field(min_length=1, max_length=1_000, fail_fast=True)
    on_pier: bool = False


class Kick(_Action):
    """Kick an interior door: Average Athletics, outcome entered (A6)."""

    type: Literal["kick"] = "kick"
    structure_id: str
    task: TaskRoll


class StartMine(_Action):
    """Sappers begin a mine under a section (A8)."""

    type: Literal["start_mine"] = "start_mine"
    structure_id: str
    mine_id: str


class DigMine(_Action):
    """One day of digging: the opposed Perception check, entered by the GM (A8)."""

    type: Literal["dig_mine"] = "dig_mine"
    mine_id: str
    besiegers_win: bool = True
    countermined: bool = False


class FireMine(_Action):
    """Fire a dug mine: 20 Hull damage to the section above, ignoring Armor (A8)."""

    type: Literal["fire_mine"] = "fire_mine"
    mine_id: str


class SceneAttack(BaseModel):
    """One engine's attack in a scene: entered Successes and Boons, or rolled from a pool."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    battery_id: str
    target_id: str
    successes: int | None = Field(default=None, ge=0, le=MAX_SUCCESSES)
    boons: int | None = Field(default=None, ge=0, le=MAX_SUCCESSES)
    pool: int | None = Field(default=None, ge=0, le=MAX_POOL)


class ResolveScene(_Action):
    """A scene of "a siege in an evening" (A12): every engine makes one attack."""

    type: Literal["scene"] = "scene"
    attacks: list[SceneAttack] = Field(min_length=1, max_length=MAX_ITEMS, fail_fast=True)
    length: Literal["day", "week"] = "day"


Action = Annotated[
    Union[FireAt, AdvanceClock, FightFire, Repair, FreeTrapped, GMOverride, Demolish, Kick,
          StartMine, DigMine, FireMine, ResolveScene],
    Field(discriminator="type"),
]
