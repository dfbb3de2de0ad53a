"""The actions a GM takes, as data: what the engine applies and the log replays.

Each action is a pydantic model with a literal ``type``; ``Action`` is their tagged union.
Task outcomes are entered by the GM or rolled from a skill (H13): see ``TaskRoll``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from siegeboard.model import bounds
from siegeboard.model.bounds import bounded
from siegeboard.model.options import RulesetOptions
from siegeboard.model.structure import LadderStep, Structure, TaskOutcome
from siegeboard.model.weapon import Battery, Weapon

Point = tuple[float, float]
Difficulty = Literal["easy", "average", "difficult", "formidable", "impossible"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TaskRoll(BaseModel):
    """A task's outcome as entered by the GM, or a skill value to roll 1D20 against (H13)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    outcome: TaskOutcome | None = None
    skill: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _one_of(self) -> TaskRoll:
        if (self.outcome is None) == (self.skill is None):
            raise ValueError("task: give either the outcome or the skill to roll, not both or "
                             "neither")
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
    range_m: float | None = Field(default=None, ge=0)
    target_id: str | None = None
    modifier: Annotated[int, bounded("modifier", bounds.MODIFIER_MIN, bounds.MODIFIER_MAX)] = 0
    successes: Annotated[int, bounded("successes", 0, bounds.SUCCESSES_MAX)] = Field(
        default=0, ge=0)
    boons: Annotated[int, bounded("boons", 0, bounds.BOONS_MAX)] = Field(default=0, ge=0)
    through_slit: bool = False


class AdvanceClock(_Action):
    """Run the clock forward by a number of turns (5 s each; 12 to the minute), at most 30
    days (R3)."""

    type: Literal["advance"] = "advance"
    turns: Annotated[int, bounded("turns", 1, bounds.ADVANCE_TURNS_MAX,
                                             "30 days of 5 s turns")] = Field(ge=1)


class FightFire(_Action):
    """Firefighters spend a turn each on a fire that is not out of control (H9)."""

    type: Literal["fight_fire"] = "fight_fire"
    structure_id: str
    firefighters: list[TaskRoll] = Field(min_length=1)


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
    dp: Annotated[int | None, bounded("dp", 0, bounds.DP_MAX)] = Field(default=None, ge=0)
    collapsed: bool | None = None
    cleared: bool | None = None
    fire_level: int | None = Field(default=None, ge=0)
    out_of_control: bool | None = None
    hull_suffered: int | None = Field(default=None, ge=0)
    ladder: LadderStep | None = None
    burning: bool | None = None
    layer: Literal["outer", "inner"] = Field(
        default="outer", description="Hull ruleset: 'inner' sets the portcullis behind a gate (A5)")
    reason: str = ""


class Demolish(_Action):
    """Charges set together on a structure (A6, A7); in the DP ruleset, each one's damage."""

    type: Literal["demolish"] = "demolish"
    structure_id: str
    weapon_ids: list[str] = Field(min_length=1)
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
    successes: Annotated[int | None, bounded("successes", 0, bounds.SUCCESSES_MAX)] = Field(
        default=None, ge=0)
    boons: Annotated[int | None, bounded("boons", 0, bounds.BOONS_MAX)] = Field(default=None, ge=0)
    pool: Annotated[int | None, bounded("pool", 0, bounds.POOL_MAX)] = Field(default=None, ge=0)


class ResolveScene(_Action):
    """A scene of "a siege in an evening" (A12): every engine makes one attack."""

    type: Literal["scene"] = "scene"
    attacks: list[SceneAttack] = Field(min_length=1)
    length: Literal["day", "week"] = "day"


class ChangeSettings(_Action):
    """R2: a change of the siege's settings once play has begun, logged like any action.

    Each field given is the new value (None leaves it): the name, the options and house
    rules, the dice seed, the grid origin (it decides the squares of every later blast), the
    side the players are (what their copy shows).
    """

    type: Literal["settings"] = "settings"
    name: str | None = Field(default=None, min_length=1)
    options: RulesetOptions | None = None
    dice_seed: Annotated[int | None, bounded("dice_seed", 0, bounds.SEED_MAX)] = None
    grid_origin: Point | None = None
    players_side: Literal["besieger", "defender"] | None = None


class EditBoard(_Action):
    """R2: an edit of structures, batteries or weapons once play has begun (drawing, moving,
    re-making, splitting, deleting...), logged like any action.

    Each table maps an id to its new state, None for removed; ids not named are left alone.
    ``title`` is the edit's name for the log ("Split Curtain wall 3").
    """

    type: Literal["edit"] = "edit"
    title: str = ""
    structures: dict[str, Structure | None] = Field(default_factory=dict)
    weapons: dict[str, Weapon | None] = Field(default_factory=dict)
    batteries: dict[str, Battery | None] = Field(default_factory=dict)


Action = Annotated[
    FireAt | AdvanceClock | FightFire | Repair | FreeTrapped | GMOverride | Demolish | Kick
    | StartMine | DigMine | FireMine | ResolveScene | ChangeSettings | EditBoard,
    Field(discriminator="type"),
]
