"""The siege document: everything a .siege file holds."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, FiniteFloat, field_validator, model_validator

from siegeboard.model.catalogue import catalogue
from siegeboard.model.log import LogEntry
from siegeboard.model.structure import Structure
from siegeboard.model.validation import (
    MAX_ITEMS, MAX_SEED, MAX_TURN, MAX_VALUE, Coordinate, check_span,
)
from siegeboard.model.weapon import Battery, Weapon

SCHEMA_VERSION = 1
TURN_SECONDS = 5
TURNS_PER_MINUTE = 12
Ruleset = Literal["harris", "armory"]


class RulesetOptions(BaseModel):
    """The rulings marked *option* in RULINGS.md, with their defaults."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    concussion_falloff: Literal["halving", "one_over_d_plus_1"] = "halving"  # H6
    burn_damage_every: Literal["minute", "turn"] = "minute"  # H9
    # A section shorter than half a metre would cut a long wall into more pieces than a board holds.
    harris_section_m: FiniteFloat = Field(default=10.0, ge=0.5, le=1_000)  # H12
    armory_section_m: FiniteFloat = Field(default=4.0, ge=0.5, le=1_000)  # A1
    ladder_mode: Literal["hull", "as_written"] = "hull"  # A4


class MapImage(BaseModel):
    """The background plan: its member name in the archive and its calibration.

    ``pixels_per_metre`` is the scale; ``offset`` puts the image's top-left corner in map
    metres; ``rotation_deg`` turns it about that corner.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    member: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    # From a pixel a kilometre wide to a pixel a micrometre wide: scales whose arithmetic stays
    # finite for any image a siege may hold; the plan's extent is checked against the siege's
    # span when the file is opened (its size is in the image).
    pixels_per_metre: FiniteFloat = Field(ge=1e-3, le=1e6)
    offset: tuple[Coordinate, Coordinate] = (0.0, 0.0)
    rotation_deg: FiniteFloat = Field(default=0.0, ge=-360, le=360)
    locked: bool = True

    @field_validator("member")
    @classmethod
    def _not_the_document(cls, member: str) -> str:
        if member == "siege.json":
            raise ValueError("'siege.json' is the name of the siege's own document; the plan "
                             "image needs another name")
        return member


class Clock(BaseModel):
    """Game time in turns of 5 seconds (H10)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int = Field(default=0, ge=0, le=MAX_TURN)

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
    days_needed: int = Field(ge=0, le=MAX_VALUE)
    days_dug: int = Field(default=0, ge=0, le=MAX_VALUE)
    state: Literal["digging", "ready", "fired", "countermined"] = "digging"


class Siege(BaseModel):
    """A whole siege. Structures are keyed by id (the key equals the structure's id)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    schema_version: int = SCHEMA_VERSION
    name: str = Field(min_length=1)
    ruleset: Ruleset = "harris"
    options: RulesetOptions = Field(default_factory=RulesetOptions)
    map: MapImage | None = None
    grid_origin: tuple[Coordinate, Coordinate] = (0.0, 0.0)
    structures: dict[str, Structure] = Field(default_factory=dict, max_length=MAX_ITEMS)
    weapons: dict[str, Weapon] = Field(default_factory=dict, max_length=MAX_ITEMS)
    batteries: dict[str, Battery] = Field(default_factory=dict, max_length=MAX_ITEMS)
    mines: dict[str, Mine] = Field(default_factory=dict, max_length=MAX_ITEMS)
    clock: Clock = Field(default_factory=Clock)
    scene: int = Field(default=0, ge=0, le=MAX_TURN)
    log: list[LogEntry] = Field(default_factory=list, max_length=MAX_ITEMS, fail_fast=True)
    dice_seed: int = Field(default=0, ge=0, le=MAX_SEED)
    # The turn of the last snapshot printed or exported: a snapshot's log starts there.
    last_snapshot_turn: int | None = Field(default=None, ge=0, le=MAX_TURN)

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
        kinds = catalogue(self.ruleset).kinds
        for structure in self.structures.values():
            if structure.kind not in kinds:
                raise ValueError(
                    f"structures.{structure.id}.kind: unknown kind {structure.kind!r} for the "
                    f"{self.ruleset} ruleset")
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
        self._spans_at_most_100_km()
        return self

    def _spans_at_most_100_km(self) -> None:
        """R4: everything on the board (footprints, batteries, the grid's origin, the plan's
        corner) lies within ``MAX_SPAN_M`` in x and in y; the message names what lies
        furthest out."""
        places: list[tuple[str, tuple[float, float]]] = [("grid_origin", self.grid_origin)]
        if self.map is not None:
            places.append(("map.offset", self.map.offset))
        for structure in self.structures.values():
            xs = [x for x, _ in structure.footprint]
            ys = [y for _, y in structure.footprint]
            where = f"structures.{structure.id}.footprint"
            places += [(where, (min(xs), min(ys))), (where, (max(xs), max(ys)))]
        places += [(f"batteries.{battery.id}.position", battery.position)
                   for battery in self.batteries.values()]
        try:
            check_span((point for _, point in places), "the siege")
        except ValueError as error:
            xs = sorted(point[0] for _, point in places)
            ys = sorted(point[1] for _, point in places)
            centre = (xs[len(xs) // 2], ys[len(ys) // 2])
            where, point = max(places, key=lambda place: max(abs(place[1][0] - centre[0]),
                                                             abs(place[1][1] - centre[1])))
            raise ValueError(f"{where}: ({point[0]:,.6g}, {point[1]:,.6g}) m is too far from "
                             f"the rest: {error}") from None
