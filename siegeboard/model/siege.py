"""The siege document: everything a .siege file holds."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from siegeboard.model.log import LogEntry
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Battery, Weapon

SCHEMA_VERSION = 2
TURN_SECONDS = 5
TURNS_PER_MINUTE = 12
Ruleset = Literal["harris", "armory"]


class RulesetOptions(BaseModel):
    """The rulings marked *option* in RULINGS.md, with their defaults."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    concussion_falloff: Literal["halving", "one_over_d_plus_1"] = "halving"  # H6
    burn_damage_every: Literal["minute", "turn"] = "minute"  # H9
    harris_section_m: float = Field(default=10.0, gt=0)  # H12
    armory_section_m: float = Field(default=4.0, gt=0)  # A1
    ladder_mode: Literal["hull", "as_written"] = "hull"  # A4


class MapImage(BaseModel):
    """The background plan: its member name in the archive and its calibration.

    ``pixels_per_metre`` is the scale; ``offset`` puts the image's top-left corner in map
    metres; ``rotation_deg`` turns it about that corner.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    member: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    pixels_per_metre: float = Field(gt=0)
    offset: tuple[float, float] = (0.0, 0.0)
    rotation_deg: float = 0.0
    locked: bool = True


class Clock(BaseModel):
    """Game time in turns of 5 seconds (H10)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int = Field(default=0, ge=0)

    @property
    def seconds(self) -> int:
        return self.turn * TURN_SECONDS

    def label(self) -> str:
        """"Turn 37, 3 min 5 s"."""
        minutes, seconds = divmod(self.seconds, 60)
        return f"Turn {self.turn}, {minutes} min {seconds} s"


class Mine(BaseModel):
    """A mine under a section (A8): one day of digging per point of the section's Armor."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(min_length=1)
    structure_id: str
    days_needed: int = Field(ge=0)
    days_dug: int = Field(default=0, ge=0)
    state: Literal["digging", "ready", "fired", "countermined"] = "digging"


class Siege(BaseModel):
    """A whole siege. Structures are keyed by id (the key equals the structure's id)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    schema_version: int = SCHEMA_VERSION
    name: str = Field(min_length=1)
    ruleset: Ruleset = "harris"
    options: RulesetOptions = Field(default_factory=RulesetOptions)
    map: MapImage | None = None
    grid_origin: tuple[float, float] = (0.0, 0.0)
    # R0b: square labels count from here: the 10 m square holding this point is A1. None (a
    # siege with no plan yet): the square at the grid's origin is. Set from the first plan's
    # north-west corner; moving the grid's origin never moves it.
    label_anchor: tuple[float, float] | None = None
    structures: dict[str, Structure] = Field(default_factory=dict)
    weapons: dict[str, Weapon] = Field(default_factory=dict)
    batteries: dict[str, Battery] = Field(default_factory=dict)
    mines: dict[str, Mine] = Field(default_factory=dict)
    clock: Clock = Field(default_factory=Clock)
    scene: int = Field(default=0, ge=0)
    log: list[LogEntry] = Field(default_factory=list)
    dice_seed: int = 0
    # The turn of the last snapshot printed or exported: a snapshot's log starts there.
    last_snapshot_turn: int | None = Field(default=None, ge=0)

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version > SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {version}: made by a newer siegeboard (this one reads up to "
                f"{SCHEMA_VERSION})")
        return version

    @model_validator(mode="after")
    def _references_hold(self) -> "Siege":
        for table in ("structures", "weapons", "batteries", "mines"):
            for key, item in getattr(self, table).items():
                if key != item.id:
                    raise ValueError(f"{table}: key {key!r} differs from its id {item.id!r}")
        for battery in self.batteries.values():
            if battery.weapon_id not in self.weapons:
                raise ValueError(
                    f"batteries.{battery.id}.weapon_id: no weapon {battery.weapon_id!r}")
            if battery.target_id is not None and (
                    battery.target_id not in self.structures
                    and battery.target_id not in self.batteries):
                raise ValueError(
                    f"batteries.{battery.id}.target_id: no structure or battery "
                    f"{battery.target_id!r}")
        for mine in self.mines.values():
            if mine.structure_id not in self.structures:
                raise ValueError(f"mines.{mine.id}.structure_id: no structure {mine.structure_id!r}")
        return self
